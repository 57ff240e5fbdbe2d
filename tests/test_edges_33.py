"""Issue 33 item 7's edges: file names whose bytes are not UTF-8, a merged file whose match
rules or hand extras do not read, whole numbers of thousands of digits in an import, `play`
whose terminal goes away, `play --plain` fed a line without end, and Ctrl-C early in start-up.
Each is a one-line refusal (exit 2) naming what is wrong and where, or it just works; never
"unexpected", never a traceback, and nothing written by a refusal."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gintally.cli import app

NOT_UTF8 = sys.platform != "win32" and sys.getfilesystemencoding() == "utf-8"


def script(db: Path, *args: str) -> str:
    """The console script run as a person runs it (its streams set up by `gintally.cli.main`):
    its output, exit 0 asserted."""
    done = subprocess.run(
        [sys.executable, "-m", "gintally", "--db", db, *args],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "GINTALLY_DEBUG": "1"},
    )
    out = (done.stdout + done.stderr).decode("utf-8", "backslashreplace")
    assert done.returncode == 0, (args, out)
    assert "Traceback" not in out and "unexpected" not in out, out
    return out


def run(db: Path, *args: str, stdin: str | None = None) -> tuple[int, str]:
    done = CliRunner().invoke(app, ["--db", str(db), *args], input=stdin)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    return done.exit_code, done.stdout + done.stderr


def ok(db: Path, *args: str) -> str:
    code, out = run(db, *args)
    assert code == 0, (args, out)
    return out


def refused(db: Path, *args: str, stdin: str | None = None) -> str:
    code, out = run(db, *args, stdin=stdin)
    assert code == 2, (args, out)
    assert out.startswith("Error: ") and out.count("\n") == 1, out
    assert "unexpected" not in out and "Traceback" not in out, out
    return out


def hands_of(db: Path) -> object:
    return json.loads(ok(db, "hands", "--all", "--json"))


# --- names that are not UTF-8 ----------------------------------------------------------------


@pytest.mark.skipif(not NOT_UTF8, reason="a POSIX file system that takes any bytes")
def test_paths_whose_bytes_are_not_utf8_just_work(tmp_path: Path) -> None:
    """b'caf\\xe9.db' (Latin-1 on a UTF-8 system) reads as 'caf\\udce9.db' (surrogateescape):
    a ledger, a backup, an import, an export and a merge by such a name work, and the import
    records the file's name with the byte written out."""
    name = os.fsdecode(b"caf\xe9")
    db = tmp_path / f"{name}.db"
    script(db, "match", "new", "M", "-p", "Ann", "Bob")
    script(db, "knock", "Ann", "10", "30")
    assert "no problems found" in script(db, "check")
    backup = tmp_path / f"{name}-backup.db"
    script(db, "backup", str(backup))
    assert os.fsencode(backup.name) in os.listdir(os.fsencode(tmp_path))
    assert hands_of(backup) == hands_of(db)
    exported = tmp_path / f"{name}.csv"
    script(db, "export", "-o", str(exported))
    other = tmp_path / "other.db"
    ok(other, "match", "new", "M", "-p", "Ann", "Bob")
    assert "Imported 1 hand into M" in script(other, "import", str(exported))
    typed = tmp_path / f"{name}-typed.csv"  # a file of its own, no uids: recorded by its name
    typed.write_text("date,kind,winner,points\n2024-01-02,knock,Ann,10\n", encoding="utf-8")
    assert "Imported 1 hand into M" in script(other, "import", str(typed))
    conn = sqlite3.connect(other)
    sources = [r[0] for r in conn.execute("SELECT source FROM imports ORDER BY id")]
    assert sources == ["caf\\xe9.csv", "caf\\xe9-typed.csv"]
    conn.close()
    again = refused(other, "import", str(typed))  # named as it was recorded
    assert "caf\\xe9-typed.csv" in again and "imported into M before" in again
    fresh = tmp_path / f"{name}-merged.db"
    script(fresh, "merge", str(db))
    assert hands_of(fresh) == hands_of(db)
    # no partial file left behind
    assert not [n for n in os.listdir(os.fsencode(tmp_path)) if n.endswith(b".partial")]


# --- a merged file whose rules or extras do not read -----------------------------------------


def damaged_copy(src: Path, dst: Path, sql: str) -> None:
    """A copy of `src` with `sql` run on it by another program (the guards dropped first)."""
    dst.write_bytes(src.read_bytes())
    conn = sqlite3.connect(dst)
    for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'guard_*'"
    ).fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute(sql)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        ("UPDATE matches SET rules = '{bad'", "match 'M': it cannot be read (stored rules"),
        ("UPDATE matches SET rules = '[1, 2]'", "match 'M': it cannot be read (stored rules"),
        ("UPDATE matches SET format = 'nope'", "match 'M': it cannot be read (unknown format"),
        ("UPDATE matches SET season_start = 'x'", "match 'M': it cannot be read (season start"),
        ("UPDATE hands SET extras = '{\"x\":' WHERE id = 1", "hand 1 of M: hands row 1"),
        ("UPDATE hands SET extras = '[1]' WHERE id = 2", "hand 2 of M: hands row 2"),
        (
            "UPDATE hands SET extras = '{\"zz\": 1}' WHERE id = 2",
            "hand 2 of M: hands row 2 (hand 2) holds extras that do not read",
        ),
        (
            'UPDATE hands SET extras = \'{"zz": ' + "9" * 5000 + "}' WHERE id = 2",
            "hand 2 of M: hands row 2 (hand 2) holds extras",
        ),
    ],
)
def test_a_merged_file_whose_rules_or_extras_do_not_read_is_refused_naming_it(
    tmp_path: Path, sql: str, said: str
) -> None:
    base = tmp_path / "base.db"
    ok(base, "match", "new", "M", "-p", "Ann", "Bob")
    ok(base, "knock", "Ann", "10", "30")
    ok(base, "knock", "Bob", "5", "20")
    other = tmp_path / "other.db"
    damaged_copy(base, other, sql)
    for here in ("empty", "copy"):  # into a new ledger, and into one that has these hands
        db = tmp_path / f"{here}.db"
        if here == "copy":
            db.write_bytes(base.read_bytes())
        before = hands_of(db) if db.exists() else None
        out = refused(db, "merge", str(other))
        assert f"other.db, {said}" in out and "nothing was merged" in out, out
        assert "check" not in out  # the other file is at fault, not this ledger
        if before is not None:
            assert hands_of(db) == before
            assert "no problems found" in ok(db, "check")


# --- whole numbers of thousands of digits -----------------------------------------------------

DIGITS = "9" * 5000


@pytest.mark.parametrize(
    ("document", "said"),
    [
        (
            '[{"date": "2024-01-02", "kind": "knock", "winner": "Ann", "points": ' + DIGITS + "}]",
            "row 1 of {name}: its 'points' is a number of 5,000 digits",
        ),
        (
            '{"hands": [{"date": "2024-01-02", "kind": "gin", "winner": "Ann", "points": 25, '
            '"knocker_deadwood": -' + DIGITS + "}]}",
            "row 1 of {name}: its 'knocker_deadwood' is a number of 5,000 digits",
        ),
        (
            '{"match": {"match": "M", "stakes": [{"amount": ' + DIGITS + '}]}, "hands": []}',
            "{name}: its 'amount' is a number of 5,000 digits",
        ),
        (
            '{"hands": [], "payments": [{"uid": "x", "amount": ' + DIGITS + "}]}",
            "payment 1 of {name}: its 'amount' is a number of 5,000 digits",
        ),
    ],
)
def test_a_number_of_thousands_of_digits_is_refused_naming_where_it_is(
    tmp_path: Path, document: str, said: str
) -> None:
    db = tmp_path / "ledger.db"
    ok(db, "match", "new", "M", "-p", "Ann", "Bob")
    ok(db, "knock", "Ann", "10", "30")
    before = hands_of(db)
    path = tmp_path / "big.json"
    path.write_text(document, encoding="utf-8")
    out = refused(db, "import", str(path))
    assert said.format(name="big.json") in out, out
    out = refused(db, "import", "-", stdin=document)
    assert said.format(name="standard input") in out, out
    assert hands_of(db) == before
