"""Impossible results are refused: exit 2, one line naming the reason, nothing written.

SPEC section 5: "2 bad input (usage, unknown names, invalid cards, impossible results) ...
Errors are one line on stderr, no traceback; a refused command writes nothing to the ledger."
Each case runs against a ledger that already holds a match with hands, and the ledger is then
compared with what it was: the file bytes (with any -wal file) and a logical dump.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Commands, Run

# Two hands from one deal, used by the card cases (the knocker's has 10 deadwood: the KC).
KNOCKER = "2S 3S 4S 5H 6H 7H 9C 9D 9H KC"
DEFENDER = "AH AD AC 2H 3H 4H 8S 8D 8C TS"


def snapshot(db: Path) -> tuple[bytes, bytes | None, str]:
    wal = db.with_name(db.name + "-wal")
    conn = sqlite3.connect(db)  # read-write but only reading: closing removes its -wal
    try:
        dump = "\n".join(conn.iterdump())
    finally:
        conn.close()
    return db.read_bytes(), wal.read_bytes() if wal.exists() else None, dump


def hand_count(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


TABLE = (
    ("match", "new", "Okla", "--players", "Dee", "Eve", "--rules", "oklahoma"),
    ("match", "new", "Kitchen", "--players", "Ann", "Bob"),
    ("knock", "Ann", "8", "--vs", "18", "--date", "2025-03-01"),
    ("gin", "Bob", "--vs", "12", "--date", "2025-03-01"),
    ("score", "Ann", "30", "--date", "2025-03-02"),
)


@pytest.fixture
def table(ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> Path:
    """A ledger with a modern single match Ann v Bob (current) holding three hands, and an
    Oklahoma match Dee v Eve (built once, copied for each test)."""
    ledger_from(TABLE, db_path)
    assert hand_count(db_path) == 3
    return db_path


def refused(gintally: Callable[..., Run], db: Path, args: list[str], *reason: str) -> str:
    """Run a command that must be refused as bad input; return its one error line."""
    before = snapshot(db)
    run = gintally(*args)
    assert run.code == 2, (args, run.code, run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1, (args, run.stderr)
    assert lines[0].startswith("Error: "), lines
    assert "Traceback" not in run.stderr
    assert run.stdout == "", (args, run.stdout)
    for words in reason:
        assert words in lines[0], (args, lines[0], words)
    assert snapshot(db) == before, f"{args!r} was refused but changed the ledger"
    return lines[0]


# --- impossible hands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["knock", "Ann", "12", "--vs", "30"], "a knock with 12 is over the knock limit of 10"),
        (["knock", "Bob", "11", "--vs", "20", "--json"], "over the knock limit of 10"),
        (
            ["knock", "Ann", "--cards", "2S 3S 4S 5H 6H 7H 9C JD QD KC", "--vs-cards", DEFENDER],
            "a knock with 39 is over the knock limit of 10",
        ),
        (
            ["knock", "Dee", "9", "--vs", "30", "--match", "Okla", "--upcard", "7S"],
            "over the knock limit of 7",
        ),
    ],
    ids=["counts", "counts-json", "cards", "oklahoma-upcard"],
)
def test_knock_over_the_limit(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["gin", "Ann", "--cards", KNOCKER, "--vs", "20"], "not a gin: those cards leave 10"),
        (
            ["gin", "Ann", "--cards", KNOCKER, "--vs-cards", DEFENDER],
            "not a gin: the knocker's cards leave 10 deadwood (KC)",
        ),
        (
            ["big-gin", "Ann", "--cards", KNOCKER + " QC", "--vs", "10"],
            "not a big gin",
        ),
        (["gin", "Ann", "5", "--vs", "10"], "gin: --vs is given twice (10 and 5)"),
    ],
    ids=["gin-cards-vs-count", "gin-both-hands", "big-gin", "gin-with-a-count"],
)
def test_gin_with_deadwood(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)


@pytest.mark.parametrize(
    ("claim", "mine", "theirs", "card"),
    [
        ("knock", "2S 3S 4S 5H 6H 7H 9C 9D 9H AC", "AC AD AH 2H 3H 4H 8S 8D 8C TS", "AC"),
        ("gin", "2S 3S 4S 5H 6H 7H 9C 9D 9H TC", "9C AD AH 2H 3H 4H 8S 8D 8C TS", "9C"),
        ("knock", "2S 3S 4S 5H 6H 7H 9C 9D 9H AC", "ac AD AH 2H 3H 4H 8S 8D 8C TS", "AC"),
        ("knock", "2S 3S 4S 5H 6H 7H 9C 9D 9H TC", "10C AD AH 2H 3H 4H 8S 8D 8C TS", "TC"),
    ],
    ids=["knock", "gin", "case-insensitive", "ten-written-two-ways"],
)
def test_cards_shared_by_both_hands(
    gintally: Callable[..., Run], table: Path, claim: str, mine: str, theirs: str, card: str
) -> None:
    refused(gintally, table, [claim, "Ann", "--cards", mine, "--vs-cards", theirs], f"card {card}")


def test_a_card_twice_in_one_hand(gintally: Callable[..., Run], table: Path) -> None:
    cards = "2S 2S 4S 5H 6H 7H 9C 9D 9H KC"
    refused(gintally, table, ["knock", "Ann", "--cards", cards, "--vs", "20"], "duplicate card 2S")
    refused(gintally, table, ["eval", *cards.split()], "duplicate card 2S")


NINE = "2S 3S 4S 5H 6H 7H 9C 9D 9H"
TWELVE = NINE + " AC KC QH"


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["knock", "Ann", "--cards", NINE, "--vs", "20"], "the knocker must show 10 cards, not 9"),
        (["knock", "Ann", "--cards", TWELVE, "--vs", "20"], "must show 10 cards, not 12"),
        (
            ["knock", "Ann", "--cards", KNOCKER, "--vs-cards", NINE.replace("2S", "2C")],
            "not 9",
        ),
        (["gin", "Ann", "--cards", NINE, "--vs", "10"], "not 9"),
        (["gin", "Ann", "--vs-cards", TWELVE.replace("KC", "KD")], "not 12"),
        (["eval", *NINE.split()], "the hand must show 10 or 11 cards, not 9"),
        (["eval", *TWELVE.split()], "the hand must show 10 or 11 cards, not 12"),
        (["eval", "--json", TWELVE], "not 12"),
    ],
    ids=[
        "knock-9",
        "knock-12",
        "defender-9",
        "gin-9",
        "gin-defender-12",
        "eval-9",
        "eval-12",
        "eval-12-json",
    ],
)
def test_wrong_number_of_cards(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)


@pytest.mark.parametrize(
    "args",
    [
        ["knock", "Zed", "5", "--vs", "20"],
        ["gin", "Dee", "--vs", "20"],
        ["score", "Zed", "20"],
        ["knock", "Ann", "5", "--vs", "20", "--dealer", "Zed"],
        ["draw", "--deadwood", "Zed=5"],
    ],
    ids=["knock", "player-of-another-match", "score", "dealer", "draw"],
)
def test_a_player_not_in_the_match(
    gintally: Callable[..., Run], table: Path, args: list[str]
) -> None:
    line = refused(gintally, table, args, "does not play in match 'Kitchen'")
    assert "Ann and Bob" in line


@pytest.mark.parametrize(
    ("points", "reason"),
    [
        ("-5", "points must be a whole number of 0 or more, not -5"),
        ("5.5", "points must be a whole number, not '5.5'"),
        ("ten", "points must be a whole number, not 'ten'"),
        ("", "points must be a whole number"),
        ("1e3", "points must be a whole number"),
        ("100000000000000000000", "points 100000000000000000000 is too large"),
    ],
    ids=["negative", "fraction", "word", "empty", "exponent", "huge"],
)
def test_a_negative_or_non_integer_score(
    gintally: Callable[..., Run], table: Path, points: str, reason: str
) -> None:
    refused(gintally, table, ["score", "Ann", "--", points], reason)


@pytest.mark.parametrize(
    ("args", "typed"),
    [
        (["score", "Ann", "-5"], "-5"),
        (["knock", "Ann", "-3", "--vs", "20"], "-3"),
        (["pay", "Bob", "Ann", "-3.5"], "-3.5"),
        (["edit", "-2", "--points", "3"], "-2"),
    ],
    ids=["score", "knock", "pay", "edit"],
)
def test_a_negative_number_without_the_double_dash_is_named(
    gintally: Callable[..., Run], table: Path, args: list[str], typed: str
) -> None:
    """The command line reads ``-5`` as an option; the refusal names the number as typed (not
    "No such option: -3" for ``-3.5``)."""
    line = refused(gintally, table, args, f"{typed} is below zero")
    assert "No such option" not in line


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["knock", "Ann", "5", "--vs", "-1"], "the defender's deadwood -1 is impossible"),
        (["knock", "Ann", "5", "--vs", "99"], "the defender's deadwood 99 is impossible"),
        (["knock", "Ann", "5", "--vs", "eight"], "--vs must be a whole number, not 'eight'"),
        (["knock", "Ann", "0", "--vs", "20"], "a knock with 0 deadwood is a gin"),
        (["knock", "Ann", "5", "--vs", "20", "--upcard", "1X"], "unknown card '1X'"),
        (
            ["gin", "Ann", "--vs", "20", "--cards", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"],
            "eleven melded cards are a big gin under these rules",
        ),
    ],
    ids=["vs-negative", "vs-too-big", "vs-word", "knock-zero", "upcard", "gin-11-cards"],
)
def test_impossible_counts_and_cards(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        # the table's current match is modern: max(gin 25, big gin 31, undercut 25) + 98 = 129
        (
            ["score", "Ann", "130"],
            "130 points is more than any hand scores under these rules (at most 129)",
        ),
        (["score", "Ann", "500", "--kind", "gin"], "(at most 129)"),
        (["edit", "3", "--points", "130"], "130 points is more than any hand scores"),
        (["edit", "3", "--points", "-4"], "points must be a whole number of 0 or more, not -4"),
        # the Oklahoma match doubles on a spade upcard: 2 x 129
        (["score", "Dee", "259", "--match", "Okla"], "(at most 258)"),
        # a count below zero, anywhere
        (["draw", "--deadwood", "Ann=-3"], "Ann's deadwood -3 is impossible"),
        (["draw", "--deadwood", "Ann=4", "--deadwood", "bob=-1"], "Bob's deadwood -1"),
        (["draw", "--deadwood", "Ann=99", "--deadwood", "Bob=1"], "Ann's deadwood 99 is imposs"),
        (["knock", "Ann", "--vs", "20", "--", "-3"], "the knocker's deadwood -3 is impossible"),
        (["gin", "Ann", "--vs", "-3"], "the defender's deadwood -3 is impossible"),
        (["edit", "1", "--deadwood", "-2"], "the knocker's deadwood -2 is impossible"),
        (["edit", "1", "--vs", "-2"], "the defender's deadwood -2 is impossible"),
        (["edit", "2", "--vs", "-2"], "the defender's deadwood -2 is impossible"),
    ],
)
def test_impossible_points_and_negative_counts(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)


def test_the_points_limit_is_generous(gintally: Callable[..., Run], table: Path) -> None:
    """A transcribed hand at the limit is taken: a big gin (31) against 98 deadwood."""
    run = gintally("score", "Ann", "129", "--kind", "big-gin", "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["points"] == 129


# --- dates ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["31 Febtober", "2007-02-30", "tomorrow", "2007-13-01", "", "32/13/2020", "1 Jan 3000"]
)
def test_a_date_that_cannot_be_parsed(gintally: Callable[..., Run], table: Path, text: str) -> None:
    refused(gintally, table, ["knock", "Ann", "5", "--vs", "20", "--date", text], "date")
    refused(gintally, table, ["score", "Bob", "20", "-d", text], "date")


@pytest.mark.parametrize("text", ["3000-01-01", "1066-10-14"])
def test_a_date_out_of_range_is_refused_however_it_is_written(
    gintally: Callable[..., Run], table: Path, text: str
) -> None:
    """gintally refuses dates outside 1900-2999, however they are written."""
    refused(gintally, table, ["score", "Bob", "20", "--date", text], "out of range")


def run_real(table: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GINTALLY_DB": str(table)}
    return subprocess.run(
        [sys.executable, "-m", "gintally", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
    )


def test_a_date_that_cannot_be_parsed_in_a_real_process(table: Path, tmp_path: Path) -> None:
    """The refusal as the console user sees it: one line, nothing else on stderr."""
    before = snapshot(table)
    done = run_real(table, tmp_path, "score", "Ann", "5", "--date", "31 Febtober")
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("Error: cannot read the date '31 Febtober'"), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert snapshot(table) == before


def test_no_library_warning_reaches_the_user_for_a_date(table: Path, tmp_path: Path) -> None:
    """A date python-dateutil reads with a time-zone word it does not know ('7 pm J') is
    either refused in one line or accepted silently: dateutil's UnknownTimezoneWarning (two
    lines of library text) never reaches the user."""
    before = snapshot(table)
    done = run_real(table, tmp_path, "score", "Ann", "5", "--date", "7 pm J", "--json")
    assert done.returncode in (0, 2), done.stderr
    assert "Warning" not in done.stderr, done.stderr
    if done.returncode == 2:
        assert len(done.stderr.splitlines()) == 1
        assert snapshot(table) == before
    else:
        assert done.stderr == ""
        assert json.loads(done.stdout)["points"] == 5


# --- files, matches, rules ------------------------------------------------------------------------

GOOD_ROWS = ["2025-04-01,knock,Ann,10", "2025-04-02,gin,Bob,30"]


@pytest.mark.parametrize(
    ("bad_row", "reason"),
    [
        ("2025-04-03,knock,Zed,10", "'Zed' does not play in match 'Kitchen'"),
        ("2025-04-03,knock,Ann,-10", "cannot be negative"),
        ("2025-04-03,knock,Ann,ten", "must be a whole number"),
        ("2025-02-30,knock,Ann,10", "cannot read the date"),
        ("2025-04-03,bogus,Ann,10", "bogus"),
        ("2025-04-03,knock,,10", "needs a winner"),
        ("2025-04-03,knock,Ann,10,extra", "more fields than the header"),
    ],
    ids=["player", "negative", "word", "date", "kind", "no-winner", "extra-field"],
)
def test_import_with_one_bad_row_imports_nothing(
    gintally: Callable[..., Run], table: Path, tmp_path: Path, bad_row: str, reason: str
) -> None:
    rows = [GOOD_ROWS[0], GOOD_ROWS[1], bad_row, GOOD_ROWS[0], GOOD_ROWS[1]]
    csv = tmp_path / "hands.csv"
    csv.write_text("date,kind,winner,points\n" + "\n".join(rows) + "\n", encoding="utf-8")
    refused(gintally, table, ["import", str(csv)], "row 3 of ", "hands.csv", reason)
    assert hand_count(table) == 3


def test_json_import_with_one_bad_row_imports_nothing(
    gintally: Callable[..., Run], table: Path, tmp_path: Path
) -> None:
    hands = [
        {"date": "2025-04-01", "kind": "knock", "winner": "Ann", "points": 10},
        {"date": "2025-04-02", "kind": "gin", "winner": "Bob", "points": 30},
        {"date": "2025-04-03", "kind": "gin", "winner": "Bob", "points": True},
    ]
    path = tmp_path / "hands.json"
    path.write_text(json.dumps({"hands": hands}), encoding="utf-8")
    refused(gintally, table, ["import", str(path)], "row 3 of hands.json", "whole number")
    assert hand_count(table) == 3


def test_good_import_lands_whole(gintally: Callable[..., Run], table: Path, tmp_path: Path) -> None:
    """The other side of all-or-nothing: the same rows without the bad one all land."""
    csv = tmp_path / "good.csv"
    csv.write_text("date,kind,winner,points\n" + "\n".join(GOOD_ROWS * 2) + "\n")
    run = gintally("import", str(csv), "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["imported"] == 4
    assert hand_count(table) == 7


@pytest.mark.parametrize(
    "args",
    [
        ["show", "--match", "Nope"],
        ["hands", "-m", "Nope"],
        ["standings", "--match", "Nope"],
        ["knock", "Ann", "5", "--vs", "20", "--match", "Nope"],
        ["score", "Ann", "5", "--match", "Nope"],
        ["undo", "--match", "Nope"],
        ["export", "--match", "Nope"],
        ["match", "use", "Nope"],
        ["match", "show", "Nope"],
        ["match", "rename", "Nope", "Other"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_unknown_match(gintally: Callable[..., Run], table: Path, args: list[str]) -> None:
    refused(gintally, table, args, "unknown match 'Nope'")


@pytest.mark.parametrize(
    ("override", "reason"),
    [
        ("target=abc", "target must be a whole number, not 'abc'"),
        ("target", "override 'target' is not KEY=VALUE"),
        ("bogus=1", "unknown rule 'bogus'"),
        ("ace_value=0", "ace_value must be between 1 and 50, not 0"),
        ("knock_limit=11.5", "knock_limit must be a whole number 0-99 or 'upcard'"),
        ("spade_doubles=maybe", "spade_doubles must be true or false"),
        ("shutout=bonus:x", "shutout"),
        ("next_dealer=nobody", "next_dealer must be one of winner, loser, alternate"),
    ],
)
def test_bad_set(gintally: Callable[..., Run], table: Path, override: str, reason: str) -> None:
    refused(
        gintally, table, ["match", "new", "X", "--players", "A", "B", "--set", override], reason
    )
    refused(gintally, table, ["rules", "modern", "--set", override], reason)
    refused(gintally, table, ["eval", KNOCKER, "--set", override], reason)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["match", "new", "X", "--players", "A", "B", "--rules", "bogus"], "unknown rule preset"),
        (["match", "new", "X", "-p", "A", "B", "--format", "bogus"], "unknown format 'bogus'"),
        (["rules", "bogus"], "unknown rule preset 'bogus'; the presets are: modern"),
        (["eval", KNOCKER, "--rules", "bogus"], "unknown rule preset 'bogus'"),
        (["export", "--format", "xml"], "export writes csv or json, not 'xml'"),
    ],
    ids=["match-preset", "match-format", "rules", "eval", "export"],
)
def test_unknown_preset_or_format(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["void", "99"], "has no hand 99 (its hands are 1 to"),
        (["void", "two"], "a hand number must be a whole number"),
        (["edit", "99", "--vs", "20"], "has no hand 99 (its hands are 1 to"),
        (["void", "99999999999999999999"], "a hand number 99999999999999999999 is too large"),
    ],
    ids=["void", "void-word", "edit", "void-huge"],
)
def test_unknown_hand(
    gintally: Callable[..., Run], table: Path, args: list[str], reason: str
) -> None:
    refused(gintally, table, args, reason)
