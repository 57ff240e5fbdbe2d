"""Copying a paper book safely (issue 12, SPEC section 5): dates, duplicates, paths, files written
whole, waiting for the ledger, messages. Every test runs the installed console script
(``Path(sys.executable).parent / "gintally"``), as a person would."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

GINTALLY = Path(sys.executable).parent / "gintally"


def gintally(
    db: Path | str | None, *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """One run of the installed script; `db` is passed as --db (None: $GINTALLY_DB decides)."""
    environment = {**os.environ, **(env or {})}
    environment.pop("GINTALLY_DEBUG", None)
    prefix = [] if db is None else ["--db", str(db)]
    return subprocess.run(
        [str(GINTALLY), *prefix, *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=timeout,
        check=False,
    )


def ok(run: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert run.returncode == 0, (run.args, run.stdout, run.stderr)
    return run


def error(run: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The one error line of a refused run (exit `code`, no traceback)."""
    assert run.returncode == code, (run.args, run.returncode, run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), run.stderr
    return lines[0]


def rows(db: Path, sql: str = "SELECT count(*) FROM hands") -> object:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """A ledger with the match Kitchen (Pop v Ma) and no hands."""
    db = tmp_path / "book.db"
    ok(gintally(db, "match", "new", "Kitchen", "--players", "Pop", "Ma"))
    return db


# --- 1. dates -------------------------------------------------------------------------------------


def test_a_date_that_reads_two_ways_is_refused_naming_both(book: Path) -> None:
    line = error(gintally(book, "score", "Pop", "40", "--date", "03/04/1998"))
    assert line == (
        "Error: the date '03/04/1998' could be 3 April or 4 March 1998: set the order with "
        "gintally config date_order dmy|mdy, or write 1998-04-03 or 1998-03-04"
    )
    assert "could be 5 March or 3 May 1998" in error(
        gintally(book, "knock", "Ma", "3", "--vs", "20", "--date", "5.3.1998")
    )
    assert rows(book) == 0
    # ISO dates and dates that read one way only are read without a setting
    doc = json.loads(ok(gintally(book, "score", "Pop", "40", "-d", "1998-03-05", "--json")).stdout)
    assert doc["date"] == "1998-03-05"
    doc = json.loads(ok(gintally(book, "score", "Pop", "10", "-d", "13/04/1998", "--json")).stdout)
    assert doc["date"] == "1998-04-13"


def test_date_order_dmy_reads_5_3_1998_as_5_march(book: Path) -> None:
    ok(gintally(book, "config", "date_order", "dmy"))
    out = ok(gintally(book, "score", "Pop", "40", "--date", "5.3.1998")).stdout
    assert out.splitlines()[0] == "Hand 1, 5 Mar 1998: Pop scores 40"
    doc = json.loads(ok(gintally(book, "hands", "--json")).stdout)
    assert [h["date"] for h in doc["hands"]] == ["1998-03-05"]
    ok(gintally(book, "config", "date_order", "mdy"))
    doc = json.loads(ok(gintally(book, "score", "Ma", "25", "-d", "5.3.1998", "--json")).stdout)
    assert doc["date"] == "1998-05-03"


def test_a_confirmation_shows_the_date_unless_it_is_today(book: Path) -> None:
    out = ok(gintally(book, "knock", "Ma", "3", "--vs", "20")).stdout
    assert out.splitlines()[0] == "Hand 1: Ma knocks with 3, Pop has 20: Ma +17"
    yesterday = date.today() - timedelta(days=1)
    shown = f"{yesterday.day} {yesterday:%b} {yesterday.year}"
    out = ok(gintally(book, "gin", "Pop", "--vs", "12", "--date", "yesterday")).stdout
    assert out.splitlines()[0] == f"Hand 2, {shown}: Pop goes gin, Ma has 12: Pop +37"
    out = ok(gintally(book, "draw", "--date", "1999-12-31")).stdout
    assert out.splitlines()[0] == "Hand 3, 31 Dec 1999: Drawn hand: no score"
    # corrections say the hand's date too
    out = ok(gintally(book, "edit", "3", "--date", "2000-01-01")).stdout
    assert out.splitlines()[0] == "Edited hand 3, 1 Jan 2000: Drawn hand: no score"
    out = ok(gintally(book, "void", "1")).stdout
    assert out.splitlines()[0] == "Voided hand 1: Ma knocks with 3, Pop has 20: Ma +17"
    out = ok(gintally(book, "undo")).stdout
    assert out.splitlines()[0] == "Undid hand 3, 1 Jan 2000: Drawn hand: no score"


def test_edit_and_import_read_dates_by_the_order(book: Path, tmp_path: Path) -> None:
    ok(gintally(book, "score", "Pop", "40", "--date", "1998-01-01"))
    assert "could be 3 April or 4 March 1998" in error(gintally(book, "edit", "1", "-d", "3/4/98"))
    paper = tmp_path / "paper.csv"
    paper.write_text("date,kind,winner,points\n5.3.1998,gin,Ma,31\n6.3.1998,knock,Pop,12\n")
    line = error(gintally(book, "import", str(paper)))
    assert "row 1 of paper.csv: the date '5.3.1998' could be 5 March or 3 May 1998" in line
    assert rows(book) == 1
    ok(gintally(book, "config", "date_order", "dmy"))
    out = ok(gintally(book, "edit", "1", "-d", "3/4/98")).stdout
    assert out.startswith("Edited hand 1, 3 Apr 1998: Pop scores 40")
    ok(gintally(book, "import", str(paper)))
    doc = json.loads(ok(gintally(book, "hands", "--json")).stdout)
    assert [h["date"] for h in doc["hands"]] == ["1998-03-05", "1998-03-06", "1998-04-03"]


def test_config_lists_shows_sets_and_unsets(book: Path) -> None:
    assert json.loads(ok(gintally(book, "config", "--json")).stdout) == {"date_order": None}
    out = ok(gintally(book, "config")).stdout
    assert out.splitlines() == [
        "date_order is not set: a date that reads two ways, like 03/04/1998, is refused",
        "  gintally config date_order dmy|mdy|ymd sets it",
    ]
    out = ok(gintally(book, "config", "DATE_ORDER", "DMY")).stdout
    assert out.strip() == "date_order = dmy: day first, 05.03.1998 is 5 March 1998"
    assert json.loads(ok(gintally(book, "config", "date_order", "--json")).stdout) == {
        "date_order": "dmy"
    }
    assert rows(book, "SELECT value FROM settings WHERE key = 'date_order'") == "dmy"
    line = error(gintally(book, "config", "date_order", "dym"))
    assert line == "Error: date_order takes dmy, mdy or ymd, not 'dym'"
    assert error(gintally(book, "config", "dateorder")) == (
        "Error: unknown setting 'dateorder'; the settings are: date_order"
    )
    assert rows(book, "SELECT value FROM settings WHERE key = 'date_order'") == "dmy"
    ok(gintally(book, "config", "date_order", "--unset"))
    assert json.loads(ok(gintally(book, "config", "--json")).stdout) == {"date_order": None}
    assert "takes the setting's name" in error(gintally(book, "config", "--unset"))


# --- 3. ledger paths ------------------------------------------------------------------------------

READERS_AND_HANDS = [
    ["knock", "Pop", "3", "--vs", "20"],
    ["score", "Pop", "40"],
    ["undo"],
    ["show"],
    ["hands"],
    ["standings"],
    ["match", "list"],
    ["match", "use", "Kitchen"],
    ["player", "list"],
    ["export"],
    ["config"],
    ["config", "date_order", "dmy"],
    ["eval", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "--match", "Kitchen"],
]


def test_a_missing_ledger_path_is_named_and_left_absent(tmp_path: Path) -> None:
    typo = tmp_path / "Documets" / "gin" / "ledger.db"
    for args in READERS_AND_HANDS:
        line = error(gintally(typo, *args), code=1)
        assert line.startswith(f"Error: no ledger at {typo}"), (args, line)
    line = error(gintally(typo, "backup", str(tmp_path / "copy.db")), code=1)
    assert line.startswith(f"Error: no ledger at {typo}")
    paper = tmp_path / "paper.csv"
    paper.write_text("date,kind,winner,points\n1998-03-05,gin,Ma,31\n")
    assert "no ledger at" in error(gintally(typo, "import", str(paper)), code=1)
    assert not (tmp_path / "Documets").exists()
    # the folder exists, the file does not: still nothing is made
    near = tmp_path / "typo.db"
    for args in (["knock", "Pop", "3", "--vs", "20"], ["show"], ["hands"], ["standings"]):
        assert f"no ledger at {near}" in error(gintally(near, *args), code=1)
        assert not near.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper.csv"]
    # check says the same, as a problem
    done = gintally(near, "check")
    assert done.returncode == 1 and f"no ledger at {near}" in done.stdout


def test_match_new_creates_a_ledger_but_no_folder(tmp_path: Path) -> None:
    typo = tmp_path / "Documets" / "ledger.db"
    line = error(gintally(typo, "match", "new", "K", "-p", "Pop", "Ma"), code=1)
    assert line == f"Error: cannot create a ledger at {typo}: there is no folder {typo.parent}"
    assert not typo.parent.exists()
    fine = tmp_path / "ledger.db"
    ok(gintally(fine, "match", "new", "K", "-p", "Pop", "Ma"))
    assert rows(fine, "SELECT count(*) FROM matches") == 1


def test_the_default_ledger_makes_the_app_directory(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "XDG_CONFIG_HOME": ""}  # an empty XDG folder is ignored
    clean = {k: v for k, v in os.environ.items() if k != "GINTALLY_DB"}
    for key, value in env.items():
        clean[key] = value
    run = subprocess.run(
        [str(GINTALLY), "match", "new", "K", "-p", "Pop", "Ma"],
        capture_output=True,
        text=True,
        env=clean,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert (home / ".config" / "gintally" / "ledger.db").is_file()


UNKNOWN_USER = """
import pwd, sys
def unknown(uid):
    raise KeyError(uid)
pwd.getpwuid = unknown
from gintally.cli import main
sys.argv = ["gintally", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("home", ["", None, "/"], ids=["empty", "unset-and-unknown", "root"])
def test_no_home_puts_no_ledger_at_the_root(tmp_path: Path, home: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("GINTALLY_DB", "XDG_CONFIG_HOME")}
    env.pop("HOME", None)
    if home is not None:
        env["HOME"] = home
    before = Path("/.config/gintally/ledger.db").exists()
    command = [str(GINTALLY), "match", "new", "K", "-p", "Pop", "Ma"]
    if home is None:  # HOME unset: Python asks the password database, which knows no such user
        command = [sys.executable, "-c", UNKNOWN_USER, *command[1:]]
    run = subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False
    )
    line = error(run)
    said = {"": "HOME is empty", None: "HOME is not set", "/": "HOME is /"}[home]
    assert line == (
        f"Error: there is no home folder for the ledger ({said}): "
        "give --db PATH or set $GINTALLY_DB"
    )
    assert Path("/.config/gintally/ledger.db").exists() == before
    assert list(tmp_path.iterdir()) == []


def test_an_empty_db_is_refused(tmp_path: Path) -> None:
    assert error(gintally("", "show")) == "Error: --db is empty: name the ledger file"
    line = error(gintally(None, "match", "new", "K", "-p", "A", "B", env={"GINTALLY_DB": ""}))
    assert line == "Error: $GINTALLY_DB is empty: name the ledger file, or unset it"
    line = error(gintally(None, "show", env={"GINTALLY_DB": "  "}))
    assert "$GINTALLY_DB is empty" in line


def test_a_dangling_link_is_reported(tmp_path: Path) -> None:
    link = tmp_path / "ledger.db"
    link.symlink_to(tmp_path / "moved" / "ledger.db")
    for args in (["show"], ["match", "new", "K", "-p", "A", "B"], ["score", "A", "5"]):
        line = error(gintally(link, *args), code=1)
        assert line == (
            f"Error: no ledger at {link}: it is a link to {tmp_path / 'moved' / 'ledger.db'}, "
            "which does not exist"
        )
    assert not (tmp_path / "moved").exists()


# --- 6. messages ----------------------------------------------------------------------------------


def test_an_unknown_match_lists_the_matches(book: Path) -> None:
    ok(gintally(book, "match", "new", "Porch", "--players", "Pop", "Ma"))
    for args in (["show", "-m", "Kitchn"], ["score", "Pop", "5", "-m", "Kitchn"],
                 ["match", "use", "Kitchn"], ["hands", "--match", "Kitchn"]):  # fmt: skip
        line = error(gintally(book, *args))
        assert line == "Error: unknown match 'Kitchn'; the matches are: Kitchen, Porch", args
