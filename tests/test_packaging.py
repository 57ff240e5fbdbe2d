"""What is shipped: the source distribution carries everything its test suite needs where it is
unpacked (the tests and their data, the documents they read), and the wheel carries the
package's own files (the web sheet's templates and assets, the samples the demo imports)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tracked(*folders: str) -> set[str]:
    """The files git tracks under `folders` (the checkout's own list of what the project is);
    in an unpacked source distribution, which has no git, the files there."""
    if not (ROOT / ".git").exists():
        found = {p for f in folders for p in (ROOT / f).rglob("*") if p.is_file()}
        skipped = ("__pycache__", ".hypothesis", ".egg-info")
        return {
            p.relative_to(ROOT).as_posix()
            for p in found
            if not any(s in p.as_posix() for s in skipped) and p.suffix not in (".pyc", ".db")
        }
    done = subprocess.run(
        ["git", "ls-files", *folders], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    return out


@pytest.mark.slow
def test_the_sdist_holds_the_tests_their_data_and_the_documents(built: Path) -> None:
    (sdist,) = built.glob("gintally-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.partition("/")[2] for n in tar.getnames()}
    wanted = tracked("tests", "docs", "data", "benchmarks", "gintally")
    wanted |= {"README.md", "CHANGELOG.md", "LICENSE", "pyproject.toml", ".ci/run"}
    assert wanted - names == set()
    assert "tests/conftest.py" in names
    assert not [n for n in names if n.endswith((".pyc", ".db"))]


@pytest.mark.slow
def test_the_wheel_holds_the_package_data(built: Path) -> None:
    (wheel,) = built.glob("gintally-*.whl")
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
    wanted = {
        n
        for n in tracked("gintally")
        if not n.endswith(".py") and "__pycache__" not in n  # the code is checked by importing
    }
    assert wanted - names == set()
    assert "gintally/py.typed" in names
    assert any(n.startswith("gintally/serve/templates/") for n in names)
    assert not [n for n in names if n.startswith(("tests/", "docs/"))]
