"""Cases found by the adversarial campaign against issue 33's fourth round, each kept as a test.

A guard or cache trigger another tool changed in place (same name, another text: a ``WHEN 0``
that never fires) lets a cache outlive the rows it folded as surely as a dropped one: the readers
refuse the caches until it is gintally's own again, `check` names it, and `check --repair` (or the
next write) makes it again and drops the caches.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from damaging import unguarded
from test_cache_staleness import built, cold, db, in_2022, rows, warm
from test_season_folds import cli, folds, ok, sql

from gintally.ledger.folds import FOLD_VALUES, fold_digest
from gintally.ledger.guards import cache_triggers, changed, triggers

__all__ = ["built", "db"]  # the fixtures, used by name


def neuter(db: Path, *names: str) -> None:
    """Make each trigger of `names` again under its name, never firing (``WHEN 0``)."""
    conn = sqlite3.connect(db)
    try:
        for name in names:
            query = "SELECT sql FROM sqlite_master WHERE name = ?"
            (text,) = conn.execute(query, [name]).fetchone()
            conn.execute(f"DROP TRIGGER {name}")
            if " WHEN " in text:
                conn.execute(text.replace(" WHEN ", " WHEN 0 AND ", 1))
            else:
                conn.execute(text.replace(" BEGIN ", " WHEN 0 BEGIN ", 1))
        conn.commit()
    finally:
        conn.close()


def insert_at_zero(db: Path) -> None:
    sql(
        db,
        "INSERT INTO hands(id, hand_id, match_id, number, date, claim, kind, winner, points, "
        "created_at, uid) SELECT 0, 0, 1, max(number) + 1, '2022-06-01', 'score', 'score', "
        "(SELECT player_a FROM matches WHERE id = 1), 60, '2022-06-01T00:00:00+00:00', "
        "'feedfacefeedfacefeedfacefeedface' FROM hands",
    )


CASES: dict[str, tuple[tuple[str, ...], Callable[[Path], None]]] = {
    "changed": (
        ("forget_folds_hand_changed", "forget_marks_hand_changed"),
        lambda db: sql(db, f"UPDATE hands SET points = points + 9 WHERE id = {in_2022(db)[5]}"),
    ),
    "deleted": (
        ("forget_folds_hand_deleted", "forget_marks_hand_deleted"),
        lambda db: sql(db, f"DELETE FROM hands WHERE id = {in_2022(db)[5]}"),
    ),
    "behind": (("forget_caches_hand_behind",), insert_at_zero),
}


@pytest.mark.parametrize("case", CASES)
def test_a_trigger_changed_in_place_is_not_trusted(db: Path, case: str) -> None:
    names, write = CASES[case]
    assert folds(db, "M") == 3
    neuter(db, *names)
    assert changed(sqlite3.connect(db)) == sorted(names)
    write(db)
    assert warm(db) == cold(db)  # the campaign's failure: the warm readers showed the old fold

    code, said = cli(db, "check")
    assert code == 1
    for name in names:
        assert (
            f"problem: schema trigger {name}: is not gintally's own (changed by another tool): "
            "the cached seasons and replay marks are not used until 'gintally check --repair' "
            "or the next write puts it back"
        ) in said.splitlines(), said

    code, said = cli(db, "check", "--repair")
    assert code == 1
    for name in names:
        assert (
            f"problem: schema trigger {name}: was not gintally's own (changed by another tool): "
            "put back"
        ) in said.splitlines(), said
    conn = sqlite3.connect(db)
    assert changed(conn) == []
    own = {**triggers(), **cache_triggers()}
    for name in names:
        (text,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", [name]).fetchone()
        assert text == f"CREATE TRIGGER {name} {own[name]}"
    conn.close()
    assert folds(db) == 0  # made while a trigger did not fire: dropped
    assert cli(db, "check") == (0, f"{db}: no problems found\n")
    assert warm(db) == cold(db)
    assert folds(db, "M") == 3


def test_a_changed_guard_is_named_and_made_again_by_the_next_write(db: Path) -> None:
    neuter(db, "guard_hand_update", "forget_folds_hand_changed")
    sql(db, f"UPDATE hands SET points = points + 7 WHERE id = {in_2022(db)[3]}")
    code, said = cli(db, "check")
    assert code == 1
    assert (
        "problem: schema trigger guard_hand_update: is not gintally's own (changed by another "
        "tool): rows written since may be damaged"
    ) in said.splitlines(), said
    ok(db, "knock", "Bob", "3", "--vs", "30", "--date", "2024-12-31")
    assert changed(sqlite3.connect(db)) == []
    assert warm(db) == cold(db)
    assert cli(db, "check") == (0, f"{db}: no problems found\n")


def test_the_triggers_as_made_are_gintallys_own(db: Path) -> None:
    """A ledger as gintally makes it: no trigger counts as changed, white space aside."""
    conn = sqlite3.connect(db)
    assert changed(conn) == []
    names = {r[0] for r in rows(db, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert set(triggers()) | set(cache_triggers()) <= names
    conn.close()


def test_a_fold_nested_past_the_stack_is_a_bad_fold_not_a_crash(db: Path) -> None:
    """A fold whose figures are arrays nested 100,000 deep (its checksum recomputed) gave
    "unexpected RecursionError" on every warm `standings` and `stats`: it is a damaged cache
    row like any other, refused by the readers and named and dropped by `check`."""
    (match_id, season, *values), *_ = rows(
        db,
        f"SELECT match_id, season, {', '.join(FOLD_VALUES[1:])} FROM season_folds "
        "ORDER BY first_day",
    )
    values[2] = "[" * 100_000 + "]" * 100_000
    digest = fold_digest(int(str(match_id)), [season, *values])
    sql(
        db,
        f"UPDATE season_folds SET figures = '{values[2]}', digest = '{digest}' "
        f"WHERE match_id = {match_id} AND season = '{season}'",
    )
    seen = warm(db)
    assert seen == cold(db)
    assert all(code == 0 for code, _ in seen.values()), seen
    code, said = cli(db, "check")
    assert (code, said) == (0, f"{db}: no problems found\n")  # the readers dropped it
    assert folds(db, "M") == 3  # and made it again


# --- damage `check` names, and never prints raw ---------------------------------------------


@pytest.fixture
def staked(tmp_path: Path) -> Path:
    """A staked match (a currency of 2 places) with one hand and one payment."""
    ledger = tmp_path / "staked.db"
    ok(ledger, "match", "new", "M", "--players", "Ann", "Bob", "--stake", "0.05")
    ok(ledger, "score", "Ann", "25", "--date", "2026-01-05")
    ok(ledger, "pay", "Bob", "Ann", "1", "--date", "2026-01-07")
    return ledger


def test_a_uid_holding_an_escape_is_named_escaped(staked: Path) -> None:
    unguarded(staked, "UPDATE hands SET uid = char(27) || '[2J'")
    code, said = cli(staked, "check")
    assert code == 1
    assert "\x1b" not in said
    assert said.splitlines()[0] == (
        "problem: hands row 1: holds the uid '\\x1b[2J', not an identity (32 hex digits)"
    )


@pytest.mark.parametrize(
    ("amount", "why"),
    [
        ("1.001", "with more decimals than its currency's (2)"),  # a fraction of a cent
        ("\u0661\u0660", "not an amount of money above zero"),  # Arabic-Indic (merge took them)
        (" 1", "not an amount of money above zero"),
    ],
)
def test_a_payment_no_command_could_write_is_named(staked: Path, amount: str, why: str) -> None:
    unguarded(staked, f"UPDATE payments SET amount = '{amount}'")
    code, said = cli(staked, "check")
    assert (code, said.splitlines()[0]) == (
        1,
        f"problem: payments row 1: holds the amount {amount!r}, {why}",
    )


@pytest.mark.parametrize("amount", ["\u0660.\u0660\u0665", " 0.05"])
def test_a_stake_no_command_could_write_is_named(staked: Path, amount: str) -> None:
    unguarded(staked, f"UPDATE stakes SET amount = '{amount}'")
    code, said = cli(staked, "check")
    assert (code, said.splitlines()[0]) == (
        1,
        f"problem: stakes row 1: holds the amount {amount!r}, not an amount of money",
    )


# --- a gin's knocker count: checked, never dropped ---------------------------------------------


def test_an_imported_gin_with_a_knocker_count_is_refused(staked: Path, tmp_path: Path) -> None:
    """The row said a gin with the knocker's deadwood 7: imported, the 7 became 0 in silence."""
    row = {"date": "2026-01-09", "kind": "gin", "winner": "Bob", "knocker": "Bob", "points": 45}
    src = tmp_path / "gin.json"
    src.write_text(json.dumps({"hands": [{**row, "knocker_deadwood": 7, "defender_deadwood": 20}]}))
    code, said = cli(staked, "import", str(src))
    assert (code, said) == (
        2,
        "Error: row 1 of gin.json: a gin leaves its knocker no deadwood, not 7\n",
    )
    assert rows(staked, "SELECT count(*) FROM hands") == [(1,)]
    src.write_text(json.dumps({"hands": [{**row, "knocker_deadwood": 0, "defender_deadwood": 20}]}))
    assert cli(staked, "import", str(src)) == (0, "Imported 1 hand into M.\n")


def test_a_stored_gin_with_a_knocker_count_is_named(staked: Path) -> None:
    ok(staked, "gin", "Bob", "--vs", "10", "--date", "2026-01-08")
    assert cli(staked, "check") == (0, f"{staked}: no problems found\n")
    unguarded(staked, "UPDATE hands SET knocker_deadwood = 9 WHERE kind = 'gin'")
    assert cli(staked, "check") == (
        1,
        "problem: match 'M' hand 2: stored the knocker's deadwood 9 but a gin has none\n"
        f"1 problem(s) in {staked}\n",
    )


def test_a_hand_dated_in_the_future_is_named(staked: Path) -> None:
    """No command records a hand after tomorrow (a merge and an import refuse one), yet the
    guards let any day to 2999 in: `check` names such a hand, and lets tomorrow's pass."""
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    unguarded(staked, f"UPDATE hands SET date = '{tomorrow}'")
    assert cli(staked, "check") == (0, f"{staked}: no problems found\n")
    unguarded(staked, "UPDATE hands SET date = '2999-01-01'")
    assert cli(staked, "check") == (
        1,
        "problem: hands row 1: holds the date '2999-01-01', after tomorrow: in the future\n"
        f"1 problem(s) in {staked}\n",
    )


@pytest.mark.parametrize("amount", ["\u0661\u0660", "\uff11\uff10"])  # Arabic-Indic, fullwidth
def test_a_payment_in_other_digits_is_refused_by_import_and_merge(
    staked: Path, tmp_path: Path, amount: str
) -> None:
    """Points in other digits than 0-9 were refused and a payment's amount let in (stored as
    10 by an import, as given by a merge): one rule for both."""
    paid = {"uid": "ab" * 16, "date": "2026-01-07", "from": "Bob", "to": "Ann", "note": ""}
    src = tmp_path / "paid.json"
    src.write_text(json.dumps({"hands": [], "payments": [{**paid, "amount": amount}]}))
    assert cli(staked, "import", str(src), "--match", "M") == (
        2,
        f"Error: payment 1: the amount must be written with the digits 0-9, not {amount!r}\n",
    )
    other = tmp_path / "other.db"
    ok(other, "match", "new", "M", "--players", "Ann", "Bob", "--stake", "0.05")
    ok(other, "pay", "Bob", "Ann", "10", "--date", "2026-01-07")
    sql(other, f"UPDATE payments SET amount = '{amount}'")
    assert cli(staked, "merge", str(other)) == (
        2,
        "Error: other.db, match M: payment 1: the amount must be written with the digits 0-9, "
        f"not {amount!r}; nothing was merged\n",
    )
    assert rows(staked, "SELECT amount FROM payments") == [("1",)]


def test_a_void_and_a_restore_made_apart_merge_alike_both_ways(tmp_path: Path) -> None:
    """Device A voids hand 1; device B voids it too, then restores it (later, by the clock of
    their uids). Merged either way round, the hand is live: the restore came last. Whether a
    void stands was decided by row ids, so the ledger that took A's void in last (B merging A)
    showed the hand voided, and the other showed it live (found by the campaign's both-ways
    merges, seed 6)."""
    import gintally

    start, a, b = tmp_path / "start.db", tmp_path / "a.db", tmp_path / "b.db"
    with gintally.open(start) as book:
        book.new_match("E", ["Ann", "Bob"])
        book.match().score("Bob", 21, date=date(2026, 3, 8))
    for device in (a, b):
        device.write_bytes(start.read_bytes())
    with gintally.open(a) as book:
        book.match().void(1)
    with gintally.open(b) as book:
        book.match().void(1)
        book.match().restore(1)
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    ab.write_bytes(b.read_bytes())
    ba.write_bytes(a.read_bytes())
    for here, other in ((ab, a), (ba, b)):
        with gintally.open(here) as book:
            book.merge(other)
            hands = book.match().hands(all=True)["hands"]
            assert [(h["id"], h["voided"]) for h in hands] == [(1, False)], here.name
            assert book.match().sheet()["games"][0]["points"] == {"Ann": 0, "Bob": 21}
    for here in (ab, ba):  # the views other tools read say the same
        conn = sqlite3.connect(here)
        try:
            assert conn.execute("SELECT number, voided FROM hands_view").fetchall() == [(1, 0)]
        finally:
            conn.close()


DEEP = 100_000  # JSON nested this deep is past the stack of every Python (3.13 reads 5,000)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (
            "UPDATE hands SET date = '2026-02-30'",
            "hand 1 of M: hands row 1 (hand 1) has no readable date ('2026-02-30')",
        ),
        (
            "UPDATE matches SET player_b = 999",
            "match 'M': its player b is player 999, who is not in the file",
        ),
        (
            "UPDATE hands SET extras = '" + '{"a":' * DEEP + "1" + "}" * DEEP + "'",
            "hand 1 of M: hands row 1 (hand 1) holds extras that do not read as a JSON object "
            f"({6 * DEEP + 1:,} characters)",
        ),
    ],
    ids=["not-a-day", "no-such-player", "nested-past-the-stack"],
)
def test_a_hostile_other_file_is_one_line_naming_it(tmp_path: Path, damage: str, said: str) -> None:
    """What the campaign's merges met as "unexpected" (a ValueError, a KeyError, a
    RecursionError): a day that is not in the calendar, a match naming a player the file does
    not hold, extras nested past the stack. Each is one line naming the other file and the
    place, exit 2, nothing merged."""
    other, here = tmp_path / "other.db", tmp_path / "here.db"
    ok(other, "match", "new", "M", "--players", "Ann", "Bob")
    ok(other, "knock", "Ann", "3", "--vs", "10")
    unguarded(other, damage)
    ok(here, "match", "new", "X", "--players", "Cy", "Di")
    assert cli(here, "merge", str(other)) == (
        2,
        f"Error: {other.name}, {said}; nothing was merged\n",
    )
    with sqlite3.connect(here) as conn:
        assert conn.execute("SELECT count(*) FROM hands").fetchone() == (0,)
        assert conn.execute("SELECT name FROM matches").fetchall() == [("X",)]


def test_rules_nested_past_the_stack_are_damage_not_a_crash(tmp_path: Path) -> None:
    """A match's rules another tool wrote nested past the stack: every read refuses the match
    in one line, and `check` names it (it was "unexpected RecursionError" everywhere)."""
    db = tmp_path / "deep.db"
    ok(db, "match", "new", "M", "--players", "Ann", "Bob")
    ok(db, "knock", "Ann", "3", "--vs", "10")
    unguarded(db, "UPDATE matches SET rules = '" + "[" * DEEP + "]" * DEEP + "'")
    said = f"match 'M' in {db} cannot be read: stored rules are damaged: nested too deep"
    assert cli(db, "show") == (1, f"Error: {said}\n")
    code, out = cli(db, "check")
    assert code == 1 and f"problem: matches row 1: {said}\n" in out
