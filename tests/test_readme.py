"""The README is executable: its shell blocks run as written, its Python block is a doctest.

The shell blocks run in order in one fresh directory, with the installed `gintally` first on
PATH and the ledger in that directory, so every command a new user would type is exercised.
A plain `gintally ...` line (no pipe, redirection or other shell syntax) runs in-process through
the same command tree, which is the same code at a fraction of a new process's start-up; every
other line runs in a real shell with the installed script (tests/test_cli.py proves the script
itself). The first block's test command is what CI itself runs first, in `.ci/run`.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gintally.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"


# What the tour's commands say, in the README's order: (how a command starts, text its stdout
# holds, text its stderr holds). Each is checked on the next command that starts so, and every one
# must be met: a README edit that drops or rewords a command fails here rather than leaving its
# check behind, unasserted.
SAYS: list[tuple[str, str, str]] = [
    ("gintally knock Ann --cards", "Bob has 18 after laying off 8D 9D: Ann +10", ""),
    ("gintally hands --last 2", "(2 hands)", ""),
    ('gintally eval "5S', "discard 5S", ""),
    ("gintally score Ann 30", "Set 1 is over: Ann wins the set by 103.", ""),
    ("gintally eval QH KH AH", "Knocks with 2.", ""),  # Q-K-A under tedesco
    ("gintally eval KH AH 2H", "= 9", ""),  # round the corner
    ("gintally eval AS 2H 9D", "= 75", ""),  # Mahjong values
    ("gintally score Pop 40", ", 5 Mar 1998: Pop scores 40 (gin)", ""),  # read day first
    # Grandpa's book: a page imported, imported again (refused), exported and imported back
    ("gintally import page1.csv", "Imported 2 hands into Grandpa's book.", ""),
    ("gintally import page1.csv ||", "refused", "were imported into Grandpa's book before"),
    ("gintally export --output grandpa.csv", "Wrote 3 hands of Grandpa's book", ""),
    ("gintally import grandpa.csv", "(3 hands: 0 new, 3 already here)", ""),
    # ... and on two laptops: exported, merged both ways, corrections by JSON
    ("gintally import laptop.csv", "(4 hands: 1 new, 3 already here)", ""),
    ("gintally --db laptop.db merge here.db", "1 hand new", ""),
    ("gintally merge laptop.db", "nothing new", ""),
    ("gintally import laptop.json", "Imported 0 hands and 1 correction into Grandpa", ""),
    (
        "gintally export --format json --output - | gintally --db laptop.db import -",
        "Imported 1 voided hand and 1 correction into Grandpa",
        "",
    ),
    ("sqlite-utils browse.db", "Ann", ""),  # the views, by name
    ("gintally score Di 10", "Round 1 complete: Ann & Cy +5 (15 to 10)", ""),  # a team round
    ("gintally gin Ann --table 60", "Ann +85, Bob -15", ""),
    ("gintally gin Bob --table", "Game 1: Ann wins 225 to 50 with the bonuses", ""),
    ("gintally knock Ann 3 --piles", "Ann knocks with 3 on piles 1,2,0,3: Ann +28", ""),
    ("gintally gimlet Ann", "Ann +48", ""),
    ("gintally double-gimlet Ann", "Game 1: Ann wins 140 to 0", ""),
    ("gintally sour Ann 17", "Ann goes sour with 17: Phantom +47", ""),
    ("gintally score Ann 45", "Ann wins 255 to 55", ""),
    ("gintally score Ann 100", "Series 1: Ann wins the series 580 to 55", ""),
    ("gintally settle", "Bob owes Ann $50.25.", ""),  # the Hollywood evening at 5 cents a point
    ("gintally pay Bob Ann", "Bob paid Ann $50.25 on ", ""),
    ("gintally settle", "All square.", ""),
]


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(), flags=re.S)


def commands(block: str) -> list[str]:
    """The commands of a shell block: continuation lines joined, comments dropped."""
    joined = block.replace("\\\n", " ")
    out = []
    for line in joined.splitlines():
        command = re.split(r"\s+#\s", line)[0].strip()
        if command and not command.startswith("#"):
            out.append(command)
    return out


def test_the_first_block_is_the_two_fresh_machine_commands() -> None:
    first = commands(blocks("sh")[0])
    assert len(first) == 2
    assert first[0].endswith("gintally demo")
    # CI does what the README's test command does: the venv, an install with the test tools
    # (the `dev` extra: the test tools, ruff and mypy), the tests
    venv, install, tests = first[1].split(" && ")
    assert install == ".venv/bin/pip install -q '.[test]'"
    ci = (README.parent / ".ci" / "run").read_text()
    assert venv in ci and ".venv/bin/pip install -q '.[dev]'" in ci and tests in ci
    with (README.parent / "pyproject.toml").open("rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    assert "gintally[test]" in extras["dev"]


def tour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **extra: str) -> None:
    """Run every command of the README's shell blocks after the first, in order, in `tmp_path`,
    and check each exit code and `SAYS`. A plain ``gintally ...`` line runs in-process unless
    `extra` sets environment variables (then every line is a real process with them)."""
    bindir = Path(sys.executable).parent
    if not (bindir / "gintally").exists():
        pytest.fail(f"the gintally script is not installed next to {sys.executable}")
    env = {
        **os.environ,
        "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}",
        "GINTALLY_DB": str(tmp_path / "readme.db"),
        "HOME": str(tmp_path),
        **extra,
    }
    ran = said = 0  # `said`: the checks of `SAYS` met so far
    runner = CliRunner()
    for block in blocks("sh")[1:]:
        for command in commands(block):
            if not extra and re.fullmatch(r"gintally [^|&;<>$`*()]*", command):
                monkeypatch.chdir(tmp_path)
                done = runner.invoke(app, shlex.split(command)[1:], env=env)
                if done.exception and not isinstance(done.exception, SystemExit):
                    raise done.exception
                result = subprocess.CompletedProcess(
                    command, done.exit_code, done.stdout, done.stderr
                )
            else:
                result = subprocess.run(
                    command,
                    shell=True,
                    cwd=tmp_path,
                    env=env,
                    capture_output=True,
                    encoding="utf-8",  # what gintally writes whatever the console's
                    errors="replace",  # a screen's text that fell back reads too
                    timeout=120,
                    check=False,
                )
            assert result.returncode == 0, (command, result.stdout, result.stderr)
            ran += 1
            if said < len(SAYS) and command.startswith(SAYS[said][0]):
                _, out, err = SAYS[said]
                assert out in result.stdout and err in result.stderr, (command, result)
                said += 1
    unmet = [start for start, _, _ in SAYS[said:]]
    assert not unmet, f"no command of the tour (in this order) starts with {unmet}"
    assert ran >= 20
    assert (tmp_path / "gin-backup.db").exists() and (tmp_path / "hands.csv").exists()


def test_shell_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tour(tmp_path, monkeypatch)


@pytest.mark.slow
def test_the_tour_runs_on_a_windows_style_redirect(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command as its own process on a console whose encoding is cp1252 (what Windows
    gives a redirected stdout): the same exit codes and the same sayings, and what the tour
    writes through a redirect and reads back (its CSV, its JSON through a pipe) round-trips."""
    tour(tmp_path, monkeypatch, PYTHONIOENCODING="cp1252", PYTHONUTF8="0")
    assert (tmp_path / "hands.csv").read_bytes().decode("utf-8").startswith("id,date,")


def test_python_examples_are_doctests() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried >= 5 and failures == 0


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("GINTALLY_FRESH_VENV") != "1",
    reason="builds a new virtual environment (10 s idle, minutes on a busy machine): "
    "GINTALLY_FRESH_VENV=1 runs it",
)
def test_the_tour_runs_from_a_new_virtual_environment(tmp_path: Path) -> None:
    """What a new user does: the README's install line in a fresh copy of the source, then
    `. .venv/bin/activate` as the README says, then every command of the tour as written.
    About ten seconds on an idle machine (pip reuses its cache), minutes on a busy one, so it
    runs on request (GINTALLY_FRESH_VENV=1), to keep the suite within CI's time budget."""
    import shutil

    src = tmp_path / "src"
    shutil.copytree(
        README.parent,
        src,
        ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build"),
    )
    install = commands(blocks("sh")[0])[0]  # the venv, the install and the demo
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "GINTALLY_DB": str(home / "tour.db")}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        install, shell=True, cwd=src, env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr
    ran = 0
    for block in blocks("sh")[1:]:
        for command in commands(block):
            done = subprocess.run(
                ["bash", "-c", f". {src}/.venv/bin/activate && {command}"],
                cwd=home,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            assert done.returncode == 0, (command, done.stdout, done.stderr)
            ran += 1
    assert ran >= 20
