"""``gintally merge`` treats the other file as foreign input (issue 33, item 2): every row it
brings is checked by the import's own validators (`transfer.ImportChecks`), the tables it reads
must be tables (a view that never ends is not run), and no value may be longer than
`other.MAX_TEXT`. Each refusal names the other file and the row, and writes nothing.

The other ledger is made with the command line and then spoilt with sqlite3 after its guards
(triggers) are dropped, as another program could. And a merge converges with money in it: two
devices with hands, voids, payments and new prices, merged A into B and B into A, settle alike
and show the same sheet, in every format and in a team match.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gintally.cli import app
from gintally.ledger import other as other_ledger

MatchSetup = Callable[[sqlite3.Connection], None]


def run(db: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["--db", str(db), *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def ok(db: Path, *args: str) -> str:
    code, out, err = run(db, *args)
    assert (code, err) == (0, ""), (args, out, err)
    return out


def refused(db: Path, *args: str) -> str:
    code, out, err = run(db, *args)
    assert code == 2, (args, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert "Traceback" not in out + err
    return lines[0]


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    """This ledger (a staked match with one hand) and other.db: the same match, made apart,
    with a second hand and a payment, its guards dropped (to be spoilt)."""
    here, other = tmp_path / "here.db", tmp_path / "other.db"
    for db in (here, other):
        ok(db, "match", "new", "M", "--players", "Ann", "Bob", "--stake", "0.05")
        ok(db, "score", "Ann", "25", "--back-date", "--date", "2026-01-05")
    ok(other, "score", "Bob", "30", "--back-date", "--date", "2026-01-06")
    ok(other, "pay", "Bob", "Ann", "1", "--date", "2026-01-07")
    conn = sqlite3.connect(other)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.commit()
    conn.close()
    return here, other


def spoil(db: Path, *sql: str) -> None:
    conn = sqlite3.connect(db)
    for statement in sql:
        conn.execute(statement)
    conn.commit()
    conn.close()


def hands_here(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


def test_a_sound_other_merges(pair: tuple[Path, Path]) -> None:
    here, other = pair
    assert "Merged" in ok(here, "merge", str(other))
    assert hands_here(here) == 3  # Ann's 25 on each side is two hands (two uids), and Bob's 30


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("amount", "NaN", "the stake must be an amount such as 0.05 or 12.50, not 'NaN'"),
        ("amount", "-1e400", "the stake must be an amount such as 0.05 or 12.50, not '-1e400'"),
        (
            "currency",
            "\x1b[31m$",
            "a currency is a symbol or code of up to 4 characters ($, £, EUR), not '\\x1b[31m$'",
        ),
    ],
)
def test_a_bad_price_is_refused(pair: tuple[Path, Path], column: str, value: str, why: str) -> None:
    here, other = pair
    spoil(other, f"UPDATE stakes SET {column} = ?".replace("?", f"'{value}'"))
    assert refused(here, "merge", str(other)) == (
        f"Error: other.db, match M, price 1: {why}; nothing was merged"
    )
    assert hands_here(here) == 1


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("amount", "lots", "the amount must be an amount such as 0.05 or 12.50, not 'lots'"),
        ("date", "yesterday-ish", "the date 'yesterday-ish' is not YYYY-MM-DD"),
        ("date", "2999-01-01", "the date 2999-01-01 is in the future"),
        ("note", "paid \x1b[2J", "note 'paid \\x1b[2J' holds a control character ('\\x1b')"),
    ],
)
def test_a_bad_payment_is_refused(
    pair: tuple[Path, Path], column: str, value: str, why: str
) -> None:
    here, other = pair
    conn = sqlite3.connect(other)
    conn.execute(f"UPDATE payments SET {column} = ?", [value])
    conn.commit()
    conn.close()
    assert refused(here, "merge", str(other)) == (
        f"Error: other.db, match M: payment 1: {why}; nothing was merged"
    )
    assert hands_here(here) == 1


def test_a_hand_that_contradicts_its_counts_is_refused(pair: tuple[Path, Path]) -> None:
    """Bob knocks with 5 against Ann's 20: he scores 15, not the 40 the row says."""
    here, other = pair
    spoil(
        other,
        "UPDATE hands SET claim = 'knock', kind = 'knock', knocker = winner, "
        "knocker_deadwood = 5, defender_deadwood = 20, points = 40 WHERE number = 2",
    )
    line = refused(here, "merge", str(other))
    assert line.startswith("Error: other.db, hand 2 of M: ")
    assert line.endswith("; nothing was merged")
    assert "15" in line and "40" in line
    assert hands_here(here) == 1


def test_a_hand_note_with_an_escape_is_refused(pair: tuple[Path, Path]) -> None:
    here, other = pair
    conn = sqlite3.connect(other)
    conn.execute("UPDATE hands SET note = ? WHERE number = 2", ["\x1b]0;pwned\x07"])
    conn.commit()
    conn.close()
    line = refused(here, "merge", str(other))
    assert line.startswith("Error: other.db, hand 2 of M: ")
    assert "control character" in line
    assert hands_here(here) == 1


def test_a_value_over_the_limit_is_refused_before_it_is_read(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real limit is a mebibyte (a 200 MB note is refused the same way); lowered here."""
    assert other_ledger.MAX_TEXT == 1 << 20
    monkeypatch.setattr(other_ledger, "MAX_TEXT", 1000)
    here, other = pair
    spoil(other, "UPDATE hands SET note = printf('%.2000c', 'x') WHERE number = 2")
    assert refused(here, "merge", str(other)) == (
        "Error: other.db holds a note of 2,000 characters in its hands (at most 1,000): "
        "nothing was merged"
    )
    assert hands_here(here) == 1


def test_an_endless_view_is_never_run(pair: tuple[Path, Path]) -> None:
    here, other = pair
    spoil(
        other,
        "ALTER TABLE hands RENAME TO hands_kept",
        "CREATE VIEW hands AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
        "SELECT * FROM hands_kept, n",
    )
    start = time.monotonic()
    assert refused(here, "merge", str(other)) == (
        "Error: other.db is not a gintally ledger to merge: its hands is a view, not a table"
    )
    assert time.monotonic() - start < 10
    assert hands_here(here) == 1


def test_a_generated_column_is_never_run(pair: tuple[Path, Path]) -> None:
    here, other = pair
    spoil(other, "ALTER TABLE players ADD COLUMN slow TEXT GENERATED ALWAYS AS (upper(name))")
    assert refused(here, "merge", str(other)) == (
        "Error: other.db is not a gintally ledger to merge: its players has a generated column "
        "(slow)"
    )


def test_a_name_with_an_escape_is_refused(pair: tuple[Path, Path]) -> None:
    here, other = pair
    conn = sqlite3.connect(other)
    conn.execute(
        "INSERT INTO players(name, created_at, uid) VALUES (?, '2026-01-01', ?)",
        ["Eve\x1b[2J", "e" * 32],
    )
    conn.commit()
    conn.close()
    line = refused(here, "merge", str(other))
    assert line.startswith("Error: other.db, player 3: it holds the name 'Eve")
    assert line.endswith("with a control or invisible character; nothing was merged")
    assert hands_here(here) == 1


# --- two devices with stakes and payments end alike, either way round ---------------------------

FORMATS = [
    ("single", ("--players", "Ann", "Bob")),
    ("hollywood", ("--players", "Ann", "Bob")),
    ("honeymoon", ("--players", "Ann", "Bob")),
    ("ad-infinitum", ("--players", "Ann", "Bob")),
    ("single", ("--teams", "Ann,Cy", "Bob,Di")),
]


def device(db: Path, rnd: random.Random, steps: int, team: bool) -> None:
    """Random evenings on one device: hands, voids, payments and new prices, on days 1 to 6
    March (a team round needs both tables: Ann or Bob, then Cy or Di)."""
    for _ in range(steps):
        what = rnd.choice(["score", "score", "score", "void", "pay", "stake"])
        day = f"2026-03-0{rnd.randint(1, 6)}"
        if what == "score":
            first = rnd.choice(["Ann", "Bob"])
            ok(db, "score", first, str(rnd.randint(1, 60)), "--back-date", "--date", day)
            if team:
                second = rnd.choice(["Cy", "Di"])
                ok(db, "score", second, str(rnd.randint(1, 60)), "--back-date", "--date", day)
        elif what == "void":
            run(db, "void", str(rnd.randint(1, 6)))  # a hand that is not there is refused
        elif what == "pay":
            payer, payee = rnd.sample(["Ann", "Bob"], 2)
            ok(db, "pay", payer, payee, str(rnd.randint(1, 9)), "--date", day)
        else:
            run(db, "match", "stake", "E", rnd.choice(["0.01", "0.02", "0.10"]), "--from", day)


def settled(db: Path) -> tuple[Any, Any]:
    """What must agree after a merge: the settlement (its payments by uid: each ledger lists
    them in the order it recorded them) and every game of the sheet."""
    code, out, err = run(db, "settle", "--all", "--json")
    assert (code, err) == (0, ""), out
    doc = json.loads(out)
    doc["payments"] = sorted(doc["payments"], key=lambda p: p["uid"])
    code, sheet, err = run(db, "show", "--all", "--json")
    assert (code, err) == (0, ""), sheet
    return doc, json.loads(sheet)


@pytest.mark.parametrize(("fmt", "who"), FORMATS, ids=[f"{f}{len(w)}" for f, w in FORMATS])
@pytest.mark.parametrize("seed", range(3))
def test_both_ways_settle_alike(tmp_path: Path, fmt: str, who: tuple[str, ...], seed: int) -> None:
    rnd = random.Random(seed)
    start, a, b = tmp_path / "start.db", tmp_path / "a.db", tmp_path / "b.db"
    ok(start, "match", "new", "E", *who, "--format", fmt, "--stake", "0.05", "--currency", "$")
    team = who[0] == "--teams"
    device(start, rnd, 3, team)
    shutil.copy(start, a)
    shutil.copy(start, b)
    device(a, rnd, 5, team)
    device(b, rnd, 5, team)
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    ok(ab, "merge", str(a))
    ok(ba, "merge", str(b))
    assert settled(ab) == settled(ba)
