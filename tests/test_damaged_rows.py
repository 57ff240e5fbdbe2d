"""Damaged rows the matrix does not reach by itself: a setting read only by some commands, a
deleted player named through ``--match``, a correction waiting for a hand that is not there, and
names shown with their control characters made visible (issue 24, items 3 and 4)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from damaging import unguarded

from conftest import Run, ok, refused_line
from gintally.errors import visible
from gintally.ledger.guards import name_damage

HINT = "run 'gintally check' to see every damaged row, or restore a backup"


@pytest.fixture
def kitchen(gintally: Callable[..., Run], db_path: Path) -> Path:
    ok(gintally("match", "new", "Holly", "--players", "Ann", "Cy"))
    ok(gintally("knock", "Ann", "5", "--vs", "20", "--date", "2025-01-02"))
    ok(gintally("match", "new", "Kitchen", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "5", "--vs", "20", "--date", "2025-01-02"))
    ok(gintally("gin", "Bob", "--vs", "12", "--date", "2025-01-03"))
    return db_path


def hands(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


def test_a_bad_date_order_is_refused_where_a_date_is_read(
    gintally: Callable[..., Run], kitchen: Path
) -> None:
    """`config` failed with "unexpected KeyError" and a numeric date exited 2."""
    unguarded(kitchen, "INSERT INTO settings VALUES ('date_order', 'xyz')")
    line = (
        "Error: the ledger is damaged: settings row date_order holds 'xyz', not dmy, mdy or ymd; "
        + HINT
    )
    assert refused_line(gintally("config"), 1) == line
    knock = ("knock", "Ann", "3", "--vs", "30", "--back-date", "--date", "03/04/2020")
    assert refused_line(gintally(*knock), 1) == line
    assert refused_line(gintally("knock", "Ann", "3", "--vs", "30", "--date", "2020-04-03"), 1)
    assert hands(kitchen) == 3
    ok(gintally("knock", "Ann", "3", "--vs", "30"))  # no date typed: none read
    ok(gintally("config", "date_order", "dmy"))  # the way out
    ok(gintally(*knock))


def test_a_deleted_player_hides_no_match(gintally: Callable[..., Run], kitchen: Path) -> None:
    """`show --match Kitchen` said "unknown match 'Kitchen'; the matches are: Holly, Kitchen";
    match list and stats left the match out."""
    unguarded(kitchen, "DELETE FROM players WHERE name = 'Bob'")
    line = (
        "Error: the ledger is damaged: matches row 2 (match 'Kitchen') names player_b 3, who is "
        f"not in the ledger (a deleted player); {HINT}"
    )
    for args in (("show", "--match", "Kitchen"), ("match", "list"), ("stats",)):
        assert refused_line(gintally(*args), 1) == line, args
    ok(gintally("show", "--match", "Holly"))  # a sound match still shows
    run = gintally("check")
    assert run.code == 1
    assert "problem: matches row 2: names player_b 3, who is not in the ledger (a deleted " in (
        run.stdout
    )


def test_a_correction_of_no_hand_is_not_given_to_the_next_hand(
    gintally: Callable[..., Run], kitchen: Path
) -> None:
    """A void written for a hand key that is not there would void the next hand given that
    key: the new hand is refused instead, and nothing is written."""
    unguarded(
        kitchen,
        "INSERT INTO corrections(hand_id, action, reason, created_at) VALUES "
        "((SELECT max(id) + 1 FROM hands), 'void', NULL, '2025-01-01T00:00:00+00:00')",
    )
    line = refused_line(gintally("knock", "Ann", "3", "--vs", "30"), 1)
    assert line == (
        "Error: the ledger is damaged: corrections row 1 is a void of hand key 4, which is not "
        f"in the ledger (a new hand would take it); {HINT}"
    )
    assert hands(kitchen) == 3
    run = gintally("check")
    assert "problem: corrections row 1: is a void of hand key 4, which is not in the ledger\n" in (
        run.stdout
    )


def test_a_name_with_control_characters_is_shown_made_visible(
    gintally: Callable[..., Run], kitchen: Path
) -> None:
    unguarded(
        kitchen, "UPDATE players SET name = 'Bob' || char(27) || ']0;pwned' || char(7) WHERE id = 3"
    )
    run = gintally("show")
    assert refused_line(run, 1) == (
        "Error: the ledger is damaged: players row 3 holds the name 'Bob\\x1b]0;pwned\\x07', "
        f"with a control or invisible character; {HINT}"
    )
    assert "\x1b" not in run.stdout + run.stderr
    checked = gintally("check")
    assert checked.code == 1 and "\x1b" not in checked.stdout


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann", None),
        ("Émile 🂡", None),
        ("Ann\u200b", "holds the name 'Ann\\u200b', with a control or invisible character"),
        ("Ann\x9b2J", "holds the name 'Ann\\x9b2J', with a control or invisible character"),
        ("", "holds the name '', not a name"),
    ],
)
def test_names_that_are_damaged(name: str, shown: str | None) -> None:
    assert name_damage(name) == shown
    assert "\x1b" not in visible("a\x1bb") and visible("a\x1bb") == "a\\x1bb"
