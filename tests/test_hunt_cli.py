"""The command line as a person at the table meets it: names in any script, narrow terminals,
typing mistakes, pipes and signals. Each test is a defect found by using the installed command,
checked with the values a user would see."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from typer.testing import CliRunner

from gintally.cli import app


def run(db: Path, *args: str, columns: int = 80, code: int = 0) -> str:
    env = {"GINTALLY_DB": str(db), "COLUMNS": str(columns), "NO_COLOR": "1"}
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == code, (args, result.output)
    return result.stdout


def wide_evening(db: Path) -> None:
    """Three hands of a Hollywood evening between 李小龍 (six columns wide in three
    characters) and Zoë, each dealing in turn."""
    run(db, "match", "new", "Eve", "--players", "李小龍", "Zoë", "--format", "hollywood")
    run(db, "knock", "Zoë", "8", "--vs", "18", "--dealer", "李小龍")
    run(db, "gin", "李小龍", "--vs", "30")
    run(db, "knock", "Zoë", "3", "--vs", "20")


def test_hand_log_columns_line_up_under_a_wide_name(db_path: Path) -> None:
    """The dealer column was filled by characters, so a Chinese dealer pushed the upcard and
    what happened three columns right of the other hands'."""
    wide_evening(db_path)
    lines = run(db_path, "hands").splitlines()
    assert lines[1] == "  #  date        dealer  up   what happened"
    rows = [line for line in lines[2:] if line[:3].strip().isdigit()]
    assert [row[17:] for row in rows] == [
        "李小龍  -    Zoë knocks with 8, 李小龍 has 18: Zoë +10",
        "Zoë     -    李小龍 goes gin, Zoë has 30: 李小龍 +55",
        "李小龍  -    Zoë knocks with 3, 李小龍 has 20: Zoë +17",
    ]
    up = lines[1].index("up")  # the head is ASCII: a character a column
    assert {cell_len(row[: row.index(" -  ") + 1]) for row in rows} == {up}


def test_hand_log_wraps_by_columns_at_40(db_path: Path) -> None:
    """At 40 columns what happened was wrapped by characters: a line holding 李小龍 twice
    (33 characters, 39 columns) overran the screen by four, and the terminal broke it at the
    left edge."""
    wide_evening(db_path)
    lines = run(db_path, "hands", columns=40).splitlines()
    assert max(cell_len(line) for line in lines) <= 40
    i = lines.index("     李小龍 goes gin, Zoë has 30:")
    assert lines[i + 1] == "     李小龍 +55"


def test_confirmation_wraps_by_columns(db_path: Path) -> None:
    """A hand's confirmation that fits by characters but not by columns is wrapped too."""
    run(db_path, "match", "new", "Eve", "--players", "李小龍", "Zoë", "--dealer", "Zoë")
    out = run(db_path, "gin", "李小龍", "--vs", "30", columns=44)  # 42 characters, 48 columns
    assert out.splitlines() == [
        "Hand 1: 李小龍 goes gin, Zoë has 30:",
        "  李小龍 +55",
        "  Game 1: 李小龍 55, Zoë 0",
        "Next dealer: 李小龍",
    ]


def test_every_game_lines_up_under_a_wide_name(db_path: Path) -> None:
    """``show --all`` padded the players' heads by characters: 李小龍 stood three columns
    right of its totals."""
    wide_evening(db_path)
    lines = run(db_path, "show", "--all").splitlines()
    head = lines.index("set  game  李小龍    Zoë  result")
    assert lines[head + 1] == "  1     1      55     27  needs 李小龍 45, Zoë 73"
    end = lines[head].index("李小龍")
    assert cell_len(lines[head][: end + 3]) == lines[head + 1].index("55") + 2
