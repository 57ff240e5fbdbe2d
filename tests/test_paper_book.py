"""Copying a paper book safely (issue 12, SPEC section 5): dates, duplicates, paths, files written
whole, waiting for the ledger, messages. Most runs are in-process (`gintally`, fast); the ones
about processes, and one of each kind of refusal, run the installed console script (`script`,
``Path(sys.executable).parent / "gintally"``) as a person would."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import told_to_wait
from gintally.cli import app

GINTALLY = Path(sys.executable).parent / "gintally"


@dataclass
class Ran:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str


def gintally(db: Path | str | None, *args: str, env: dict[str, str | None] | None = None) -> Ran:
    """One in-process run of the command line; `db` is passed as --db (None: $GINTALLY_DB
    decides). `env` changes the environment for the run (None unsets a variable)."""
    prefix = [] if db is None else ["--db", str(db)]
    command = [*prefix, *args]
    result = CliRunner().invoke(app, command, env={"GINTALLY_DEBUG": None, **(env or {})})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(command, result.exit_code, result.stdout, result.stderr)


def script(
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


Run = Ran | subprocess.CompletedProcess[str]


def ok(run: Run) -> Run:
    assert run.returncode == 0, (run.args, run.stdout, run.stderr)
    return run


def error(run: Run, code: int = 2) -> str:
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
    line = error(script(book, "score", "Pop", "40", "--date", "03/04/1998"))
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
    out = ok(script(book, "score", "Pop", "40", "--date", "5.3.1998")).stdout
    assert out.splitlines()[0] == "Hand 1, 5 Mar 1998: Pop scores 40"
    doc = json.loads(ok(gintally(book, "hands", "--json")).stdout)
    assert [h["date"] for h in doc["hands"]] == ["1998-03-05"]
    ok(gintally(book, "config", "date_order", "mdy"))
    doc = json.loads(ok(gintally(book, "score", "Ma", "25", "-d", "5.3.1998", "--json")).stdout)
    assert doc["date"] == "1998-05-03"


def test_a_confirmation_shows_the_date_unless_it_is_today(book: Path) -> None:
    out = ok(gintally(book, "draw", "--date", "1999-12-31")).stdout
    assert out.splitlines()[0] == "Hand 1, 31 Dec 1999: Drawn hand: no score"
    yesterday = date.today() - timedelta(days=1)
    shown = f"{yesterday.day} {yesterday:%b} {yesterday.year}"
    out = ok(gintally(book, "gin", "Pop", "--vs", "12", "--date", "yesterday")).stdout
    assert out.splitlines()[0] == f"Hand 2, {shown}: Pop goes gin, Ma has 12: Pop +37"
    out = ok(gintally(book, "knock", "Ma", "3", "--vs", "20")).stdout
    assert out.splitlines()[0] == "Hand 3: Ma knocks with 3, Pop has 20: Ma +17"
    # corrections say the hand's date too
    out = ok(gintally(book, "edit", "1", "--date", "2000-01-01")).stdout
    assert out.splitlines()[0] == "Edited hand 1, 1 Jan 2000: Drawn hand: no score"
    out = ok(gintally(book, "void", "3")).stdout
    assert out.splitlines()[0] == "Voided hand 3: Ma knocks with 3, Pop has 20: Ma +17"
    out = ok(gintally(book, "undo")).stdout  # the void
    assert out.splitlines()[0] == (
        "Took back the void of hand 3: hand 3 is back in play (Ma knocks with 3, Pop has 20: "
        "Ma +17)"
    )
    out = ok(gintally(book, "undo")).stdout  # the edit
    assert out.splitlines()[0] == (
        "Took back the edit of hand 1, 31 Dec 1999 (Drawn hand: no score): hand 1 is again "
        "Drawn hand: no score"
    )


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


# --- 2. duplicates --------------------------------------------------------------------------------

PAPER = "date,kind,winner,points\n1998-03-05,gin,Ma,31\n1998-03-06,knock,Pop,12\n"


def hands_of(db: Path, match: str = "Kitchen") -> list[tuple[int, str, str, str, int]]:
    doc = json.loads(ok(gintally(db, "hands", "--all", "--match", match, "--json")).stdout)
    return [(h["id"], h["date"], h["kind"], h["winner"], h["points"]) for h in doc["hands"]]


def test_a_csv_imported_twice_is_refused_the_second_time(book: Path, tmp_path: Path) -> None:
    paper = tmp_path / "paper.csv"
    paper.write_text(PAPER)
    assert ok(script(book, "import", str(paper))).stdout == "Imported 2 hands into Kitchen.\n"
    line = error(script(book, "import", str(paper)))
    today = date.today().isoformat()
    assert line == (
        "Error: paper.csv: its 2 hands were imported into Kitchen before "
        f"(from paper.csv on {today}, hands 1-2; 2 of them are there); "
        "add --force to import them again"
    )
    assert rows(book) == 2
    # the same hands spelled another way: columns reordered, CRLF, day-first dates, JSON
    ok(gintally(book, "config", "date_order", "dmy"))
    again = tmp_path / "again.csv"
    again.write_bytes(b"winner,points,kind,date\r\nMa,31,gin,5.3.1998\r\nPop,12,knock,6.3.1998\r\n")
    assert "again.csv: its 2 hands were imported into Kitchen before (from paper.csv" in error(
        gintally(book, "import", str(again))
    )
    listed = tmp_path / "listed.json"
    listed.write_text(
        json.dumps(
            [
                {"date": "1998-03-05", "kind": "gin", "winner": "Ma", "points": 31},
                {"date": "1998-03-06", "kind": "knock", "winner": "Pop", "points": 12},
            ]
        )
    )
    assert "listed.json: its 2 hands were imported" in error(gintally(book, "import", str(listed)))
    assert rows(book) == 2
    # --force imports it anyway; another match takes it at once
    assert ok(gintally(book, "import", str(paper), "--force")).returncode == 0
    assert [h[0] for h in hands_of(book)] == [1, 3, 2, 4]  # numbers in play order
    line = error(gintally(book, "import", str(paper)))
    assert "(from paper.csv on " in line and "hands 3-4; 2 of them are there)" in line
    ok(gintally(book, "match", "new", "Porch", "--players", "Pop", "Ma"))
    ok(gintally(book, "import", str(paper)))
    assert rows(book) == 6


def test_an_import_whose_hands_were_voided_may_be_imported_again(
    book: Path, tmp_path: Path
) -> None:
    paper = tmp_path / "paper.csv"
    paper.write_text(PAPER)
    ok(gintally(book, "import", str(paper)))
    ok(gintally(book, "void", "1"))
    line = error(gintally(book, "import", str(paper)))
    assert "(from paper.csv on " in line and "hands 1-2; 1 of them is there)" in line
    ok(gintally(book, "void", "2"))  # nothing of that import is left: no duplicate to fear
    assert ok(gintally(book, "import", str(paper))).stdout == "Imported 2 hands into Kitchen.\n"


def test_an_export_back_into_its_own_match_adds_nothing(book: Path, tmp_path: Path) -> None:
    ok(gintally(book, "score", "Pop", "40", "--date", "1998-03-05"))
    ok(gintally(book, "knock", "Ma", "3", "--vs", "20", "--date", "1998-03-06"))
    for fmt in ("csv", "json"):
        out = tmp_path / f"kitchen.{fmt}"
        ok(gintally(book, "export", "--format", fmt, "-o", str(out)))
        assert ok(gintally(book, "import", str(out))).stdout == (
            "Imported 0 hands into Kitchen (2 hands: 0 new, 2 already here).\n"
        )
    assert rows(book) == 2
    # an export written before hands had identities (no uid column) is refused as it was
    old = tmp_path / "old.csv"
    old.write_text(
        "".join(line.rsplit(",", 1)[0] + "\n" for line in (tmp_path / "kitchen.csv").open())
    )
    assert old.read_text().splitlines()[0].endswith(",note")
    line = error(gintally(book, "import", str(old)))
    assert line == (
        "Error: old.csv holds hands already in Kitchen: 2 of its 2 hands have the "
        "number, date and result of hands there (hands 1-2); add --force to import them anyway"
    )
    # a hand since edited: the file holds its older version, which is here too
    ok(gintally(book, "edit", "2", "--vs", "25"))  # Ma +22 now, not +17
    ok(gintally(book, "score", "Pop", "10", "--date", "1998-03-07"))
    assert "2 hands: 0 new, 2 already here" in ok(gintally(book, "import", str(out))).stdout
    line = error(gintally(book, "import", str(old)))
    assert "1 of its 2 hands has the number, date and result of hands there (hand 1);" in line
    # into a new match it goes as a copy (new identities), once
    ok(gintally(book, "match", "new", "Copy", "--players", "Pop", "Ma"))
    ok(gintally(book, "import", str(tmp_path / "kitchen.csv")))
    assert [h[1:] for h in hands_of(book, "Copy")] == [
        ("1998-03-05", "score", "Pop", 40),
        ("1998-03-06", "knock", "Ma", 17),
    ]
    line = error(gintally(book, "import", str(tmp_path / "kitchen.csv")))
    assert line.startswith("Error: kitchen.csv: its 2 hands were imported into Copy before")
    # --force takes it back into its own match, as new hands
    ok(gintally(book, "import", str(tmp_path / "kitchen.json"), "--match", "Kitchen", "--force"))
    assert len(hands_of(book)) == 5


def test_a_spreadsheet_s_own_ids_do_not_block_an_import(book: Path, tmp_path: Path) -> None:
    ok(gintally(book, "score", "Pop", "40", "--date", "1998-03-05"))
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(
        "id,date,kind,winner,points\nG1,1998-03-05,gin,Ma,31\n1,1998-03-09,score,Ma,5\n"
    )  # hand 1 of Kitchen is Pop's 40 on 5 March: not the same hand
    ok(gintally(book, "import", str(sheet)))
    assert rows(book) == 3


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
        run = script if args == ["knock", "Pop", "3", "--vs", "20"] else gintally
        line = error(run(typo, *args), code=1)
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
    env = {"HOME": str(home), "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "GINTALLY_DB": None}
    ok(gintally(None, "match", "new", "K", "-p", "Pop", "Ma", env=env))  # an empty XDG folder
    assert (home / ".local" / "share" / "gintally" / "ledger.db").is_file()  # is ignored


@pytest.mark.parametrize("home", ["", None, "/"], ids=["empty", "unset-and-unknown", "root"])
def test_no_home_puts_no_ledger_at_the_root(
    tmp_path: Path, home: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pwd

    def unknown(uid: int) -> pwd.struct_passwd:
        raise KeyError(uid)

    if home is None:  # HOME unset: Python asks the password database, which knows no such user
        monkeypatch.setattr(pwd, "getpwuid", unknown)
    monkeypatch.chdir(tmp_path)
    before = Path("/.local/share/gintally/ledger.db").exists()
    env = {"HOME": home, "XDG_DATA_HOME": None, "XDG_CONFIG_HOME": None, "GINTALLY_DB": None}
    line = error(gintally(None, "match", "new", "K", "-p", "Pop", "Ma", env=env))
    said = {"": "HOME is empty", None: "HOME is not set", "/": "HOME is /"}[home]
    assert line == (
        f"Error: there is no home folder for the ledger ({said}): "
        "give --db PATH or set $GINTALLY_DB"
    )
    assert Path("/.local/share/gintally/ledger.db").exists() == before
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


# --- 4. files written whole ----------------------------------------------------------------------


def big_book(path: Path, hands: int, note: str = "") -> Path:
    """A ledger with the match Big (Pop v Ma) and `hands` hands of Pop +25 on 5 March 1998,
    built in one transaction through the ledger API (fast)."""
    from gintally import service
    from gintally.engine.formats import Format
    from gintally.game.rules import resolve
    from gintally.ledger import Ledger
    from gintally.model import TypedHand

    with Ledger.open(path) as book:
        m = book.create_match("Big", ("Pop", "Ma"), Format("single"), resolve("modern"))
        typed = TypedHand("score", date(1998, 3, 5), player="Pop", points=25, note=note or None)
        book.add_hands(m, [service.settle(m, typed).record] * hands)
    return path


def partials(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".partial"))


def test_backup_and_export_take_force_and_never_leave_a_partial_file(
    book: Path, tmp_path: Path
) -> None:
    ok(gintally(book, "score", "Pop", "40", "--date", "1998-03-05"))
    copy = tmp_path / "copy.db"
    assert ok(gintally(book, "backup", str(copy))).stdout.startswith(f"Backed up {book} to ")
    ok(gintally(book, "score", "Ma", "15", "--date", "1998-03-06"))
    line = error(gintally(book, "backup", str(copy)))
    assert line == f"Error: {copy} already exists: choose a new file for the backup, or add --force"
    assert rows(copy) == 1  # untouched
    ok(gintally(book, "backup", str(copy), "--force"))
    assert rows(copy) == 2  # replaced by the ledger as it is now
    assert ok(gintally(copy, "check")).stdout.strip() == f"{copy}: no problems found"
    # export: the same two ways
    out = tmp_path / "hands.csv"
    out.write_text("precious\n")
    line = error(gintally(book, "export", "-o", str(out)))
    assert line == f"Error: {out} already exists: choose a new file for the export, or add --force"
    assert out.read_text() == "precious\n"
    ok(gintally(book, "export", "-o", str(out), "--force"))
    lines = [line.rsplit(",", 1) for line in out.read_text().splitlines()[1:]]
    assert [line[0] for line in lines] == [
        "1,1998-03-05,score,Pop,40,,,,,,",
        "2,1998-03-06,score,Ma,15,,,,,,",
    ]
    assert all(re.fullmatch("[0-9a-f]{32}", line[1]) for line in lines)  # each hand's uid
    # neither writes over the ledger itself, or into a folder that is not there
    for args, what in (
        (["backup", str(book), "--force"], "backup"),
        (["export", "-o", str(book), "--force"], "export"),
        (["backup", f"{book}-wal", "--force"], "backup"),
    ):
        line = error(gintally(book, *args))
        assert (
            line
            == f"Error: {args[-2]} is part of the ledger {book}: choose another file for the {what}"
        )
    assert rows(book) == 2
    nowhere = tmp_path / "nowhere" / "b.db"
    line = error(gintally(book, "backup", str(nowhere)))
    assert (
        line == f"Error: cannot write the backup to {nowhere}: there is no folder {nowhere.parent}"
    )
    line = error(gintally(book, "backup", str(tmp_path)))
    assert line == f"Error: {tmp_path} is a folder: name a new file for the backup"
    assert partials(tmp_path) == []


def test_a_killed_run_s_leftover_is_swept_by_the_next(book: Path, tmp_path: Path) -> None:
    gone = tmp_path / ".copy.db.999999999.partial"  # no process has this id
    gone.write_bytes(b"half a backup")
    mine = tmp_path / f".copy.db.{os.getppid()}.partial"  # a live process's: left alone
    mine.write_bytes(b"in progress")
    ok(gintally(book, "backup", str(tmp_path / "copy.db")))
    assert partials(tmp_path) == [mine.name]


FULL_DISK = """
import resource, signal, sys
resource.setrlimit(resource.RLIMIT_FSIZE, (40_000, 40_000))
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
from gintally.cli import main
sys.argv = ["gintally", *sys.argv[1:]]
main()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_is_exit_1_with_the_reason_and_leaves_nothing(tmp_path: Path) -> None:
    """A process that may write no file over 40,000 bytes (what a full disk looks like to it):
    the export of 3,000 hands (about 100 kB) and the backup of their ledger cannot be written."""
    db = big_book(tmp_path / "big.db", 3000)
    old = tmp_path / "old.db"
    old.write_bytes(b"an older backup")
    for args, target, said in (
        (["export", "-o", str(tmp_path / "e.csv")], tmp_path / "e.csv", "File too large"),
        (["backup", str(tmp_path / "b.db")], tmp_path / "b.db", "disk I/O error"),
        (["backup", str(old), "--force"], old, "disk I/O error"),
    ):
        run = subprocess.run(
            [sys.executable, "-c", FULL_DISK, "--db", str(db), *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        line = error(run, code=1)
        assert line == f"Error: cannot write the {args[0]} to {target}: {said}"
    assert not (tmp_path / "e.csv").exists() and not (tmp_path / "b.db").exists()
    assert old.read_bytes() == b"an older backup"
    assert partials(tmp_path) == []
    assert ok(gintally(db, "check")).returncode == 0


@pytest.mark.slow
def test_a_backup_killed_at_random_moments_never_leaves_a_bad_file(tmp_path: Path) -> None:
    """Six backups of a 28 MB ledger killed (SIGKILL) at random moments: three at a random
    time after start, three at a random time after their temporary file appears (mid-copy).
    The target is always absent or a backup that passes check; a retry then works at once."""
    import random
    import signal
    import time

    db = big_book(tmp_path / "big.db", 20_000, note="x" * 1000)
    pick = random.Random(12)
    mid_copy = 0
    for trial in range(6):
        target = tmp_path / "copy.db"
        proc = subprocess.Popen(
            [str(GINTALLY), "--db", str(db), "backup", str(target)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if trial % 2:
            time.sleep(pick.uniform(0.0, 1.0))
        else:
            deadline = time.monotonic() + 60
            while not partials(tmp_path) and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            time.sleep(pick.uniform(0.0, 0.2))
        copying = bool(partials(tmp_path))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        if target.exists():
            assert ok(gintally(target, "check")).returncode == 0
            assert rows(target) == 20_000
            target.unlink()
        else:
            mid_copy += copying
        ok(gintally(db, "backup", str(target)))  # no "already exists", no leftover in the way
        assert rows(target) == 20_000
        assert partials(tmp_path) == []
        target.unlink()
    assert mid_copy >= 1  # at least one kill landed while the copy was being written


# --- 5. waiting for the ledger --------------------------------------------------------------------


def hold(db: Path) -> sqlite3.Connection:
    """Another writer: a connection holding the ledger's write lock until it is rolled back."""
    conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def test_a_write_that_waits_says_so_after_a_second(book: Path) -> None:
    other = hold(book)

    def let_go() -> None:
        try:
            assert rows(book) == 0  # nothing written while it waits
        finally:
            other.rollback()
            other.close()

    code, out, rest = told_to_wait(book, ("score", "Pop", "40"), let_go)
    assert code == 0 and rest == ""
    assert out.splitlines()[0] == "Hand 1: Pop scores 40"
    assert rows(book) == 1


def test_a_short_wait_is_not_told_nor_a_slow_command(
    book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    other = hold(book)
    threading.Timer(0.3, other.rollback).start()
    run = gintally(book, "score", "Pop", "40")
    other.close()
    assert run.returncode == 0 and run.stderr == ""
    # only a lock another process holds is waited for: a command slower than the notice delay
    # (here: any command, the delay being 0) is not said to be waiting
    from gintally.ledger import lock

    monkeypatch.setattr(lock, "WAIT_NOTICE_S", 0.0)
    paper = tmp_path / "paper.csv"
    paper.write_text(PAPER)
    run = gintally(book, "import", str(paper))
    assert run.returncode == 0 and run.stderr == ""


def test_a_wait_past_the_timeout_gives_up_clearly(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gintally.ledger import lock

    monkeypatch.setattr(lock, "BUSY_TIMEOUT_S", 2.0)
    monkeypatch.setattr(lock, "WAIT_NOTICE_S", 0.5)
    other = hold(book)
    try:
        run = gintally(book, "score", "Pop", "40")
    finally:
        other.rollback()
        other.close()
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.splitlines() == [
        f"waiting for another gintally to finish writing to {book}...",
        f"Error: gave up waiting for the ledger {book}: another gintally (or another program) "
        "kept it busy for 2 seconds; try again when it has finished",
    ]
    assert rows(book) == 0


# --- 6. messages ----------------------------------------------------------------------------------


def test_an_unknown_match_lists_the_matches(book: Path) -> None:
    ok(gintally(book, "match", "new", "Porch", "--players", "Pop", "Ma"))
    for args in (
        ["show", "-m", "Kitchn"],
        ["score", "Pop", "5", "-m", "Kitchn"],
        ["match", "use", "Kitchn"],
        ["hands", "--match", "Kitchn"],
    ):
        line = error(gintally(book, *args))
        assert line == "Error: unknown match 'Kitchn'; the matches are: Kitchen, Porch", args
