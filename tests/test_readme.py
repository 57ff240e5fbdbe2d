"""The README is executable: its shell blocks run as written, its Python block is a doctest.

The shell blocks run in order in one fresh directory, with the installed `gintally` first on
PATH and the ledger in that directory, so every command a new user would type is exercised.
A plain `gintally ...` line (no pipe, redirection or other shell syntax) runs in-process through
the same command tree, which is the same code at a fraction of a new process's start-up; every
other line runs in a real shell with the installed script (tests/test_cli.py proves the script
itself). The first block (the install commands) is what CI itself runs, in `.ci/run`.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gintally.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"


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
    ci = (README.parent / ".ci" / "run").read_text()
    assert first[1] in ci  # CI runs exactly the README's test command


def test_shell_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bindir = Path(sys.executable).parent
    if not (bindir / "gintally").exists():
        pytest.fail(f"the gintally script is not installed next to {sys.executable}")
    env = {
        **os.environ,
        "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}",
        "GINTALLY_DB": str(tmp_path / "readme.db"),
        "HOME": str(tmp_path),
    }
    ran = 0
    runner = CliRunner()
    for block in blocks("sh")[1:]:
        for command in commands(block):
            if re.fullmatch(r"gintally [^|&;<>$`*()]*", command):
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
                    text=True,
                    capture_output=True,
                    timeout=120,
                    check=False,
                )
            assert result.returncode == 0, (command, result.stdout, result.stderr)
            ran += 1
            if command.startswith("gintally knock Ann --cards"):
                assert "Bob has 18 after laying off 8D 9D: Ann +10" in result.stdout
            if command.startswith("gintally score Pop 40"):  # the hand's date, read day first
                assert ", 5 Mar 1998: Pop scores 40 (gin)" in result.stdout
            if command.startswith("gintally score Di 10"):  # a team round completes
                assert "Round 1 complete: Ann & Cy +5 (15 to 10)" in result.stdout
            if command.startswith("sqlite-utils browse.db"):  # the views, by name
                assert "Ann" in result.stdout and "Kitchen table" not in result.stderr
            if command.startswith("gintally import page1.csv ||"):  # a duplicate, refused
                assert result.stdout == "refused\n" and "were imported into" in result.stderr
            if command.startswith("gintally import grandpa.csv ||"):
                assert result.stdout == "refused\n" and "already in Grandpa" in result.stderr
            if command.startswith("gintally import laptop.json"):  # an edit made there
                assert "Imported 0 hands and 1 correction into Grandpa" in result.stdout
            if command.startswith("gintally export --format json --output - | gintally --db"):
                assert "Imported 1 hand and 1 correction into Grandpa" in result.stdout
            if command.startswith("gintally score Ann 30"):  # the set's result, worked out
                assert "Set 1 is over: Ann wins the set by 103." in result.stdout
            if command == "gintally settle":  # the Hollywood evening at 5 cents a point
                assert result.stdout.startswith(("Bob owes Ann $50.25.", "All square."))
            if command.startswith("gintally pay Bob Ann"):
                assert result.stdout.startswith("Bob paid Ann $50.25 on ")
            if command.startswith("gintally hands --last 2"):
                assert "(2 hands)" in result.stdout.splitlines()[0]
            if command.startswith('gintally eval "5S'):
                assert "discard 5S" in result.stdout
            if command.startswith("gintally eval QH KH AH"):  # Q-K-A under tedesco
                assert "QH KH AH" in result.stdout and "Knocks with 2." in result.stdout
            if command.startswith("gintally eval KH AH 2H"):  # round the corner
                assert "KH AH 2H" in result.stdout and "= 9" in result.stdout
            if command.startswith("gintally eval AS 2H 9D"):  # Mahjong values
                assert "= 75" in result.stdout
            expected = {
                "gintally gin Ann --table 60": "Ann +85, Bob -15",
                "gintally gin Bob --table": "Game 1: Ann wins 225 to 50 with the bonuses",
                "gintally knock Ann 3 --piles": "Ann knocks with 3 on piles 1,2,0,3: Ann +28",
                "gintally gimlet Ann": "Ann +48",
                "gintally double-gimlet Ann": "Game 1: Ann wins 140 to 0",
                "gintally sour Ann 17": "Ann goes sour with 17: Phantom +47",
                "gintally score Ann 45": "Ann wins 255 to 55",
                "gintally score Ann 100": "Series 1: Ann wins the series 580 to 55",
            }
            for start, text in expected.items():
                if command.startswith(start):
                    assert text in result.stdout, (command, result.stdout)
    assert ran >= 20
    assert (tmp_path / "gin-backup.db").exists() and (tmp_path / "hands.csv").exists()


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
