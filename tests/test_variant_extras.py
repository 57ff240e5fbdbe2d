"""What a variant stores with a hand: ``hands.extras``, one JSON object written and read by the
match's variant alone (`gintally.game.variants`, `model.extras_text`, `model.extras_from`).

- A hand command stores Mahjong's tables and Gimlet's piles there, keys sorted, nothing for a
  hand that has none; the fast lane and Typer store and print the same.
- The migration m010_variant_extras moves the old columns (knocker_table, defender_table,
  knocker_table_cards, defender_table_cards, piles) into it, as a hand command now writes them,
  and drops them; a ledger that cannot be written is read as it is, not migrated.
- check reads each hand's extras through its variant: damaged extras are one line each, and a
  hand whose piles are damaged is still listed (as before the extras column).
- edit switches a Mahjong table between a count and the cards.

The ledgers are the same seven hands, made by the command line or written as an older gintally
wrote them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Commands, Run, as_json, ok

CLI = Callable[..., Run]
DAY = ("--date", "2025-03-01")
HANDS: Commands = (
    ("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong"),
    ("gin", "Ann", "--table", "60", "--vs-table", "20", "--vs", "35", *DAY),
    ("gin", "Bob", "--table", "6H 6C 6D TD JD QD", "--vs-table", "7H 7C 7D", "--vs", "2S 3S", *DAY),
    ("score", "Ann", "60", "--vs-points", "-15", *DAY),
    ("match", "new", "Solo", "--players", "Cy", "--rules", "gimlet"),
    ("gimlet", "Cy", "--piles", "0,0,1,5", *DAY),
    ("knock", "Cy", "3", "--piles", "1,2,0,3", *DAY),
    ("sour", "Cy", "17", *DAY),
    ("match", "new", "Kitchen", "--players", "Ann", "Bob"),
    ("gin", "Ann", "--vs", "20", *DAY),
)
# Players: Ann 1, Bob 2, Cy 3, Phantom 4. Matches: Tiles 1, Solo 2, Kitchen 3.
# (row, match, number, claim, winner, points, knocker, deadwoods, defender's cards, other)
# Tiles 2: Bob's table 6H 6C 6D (15) TD JD QD (30) = 45, + 25 = 70; Ann's 7H 7C 7D (15) less
# 2S 3S (10) in hand = +5.
CORE = [
    (1, 1, 1, "gin", 1, 85, 1, 0, 35, None, -15),
    (2, 1, 2, "gin", 2, 70, 2, 0, 10, "2S 3S", 5),
    (3, 1, 3, "score", 1, 60, None, None, None, None, -15),
    (4, 2, 1, "gin", 3, 48, 3, 0, None, None, None),
    (5, 2, 2, "knock", 3, 28, 3, 3, None, None, None),
    (6, 2, 3, "sour", 4, 47, 3, 17, None, None, None),
    (7, 3, 1, "gin", 1, 45, 1, 0, 20, None, None),
]
EXTRAS = [
    '{"defender_table":20,"knocker_table":60}',
    '{"defender_table":15,"defender_table_cards":"7H 7C 7D","knocker_table":45,'
    '"knocker_table_cards":"6H 6C 6D TD JD QD"}',
    None,
    '{"piles":"0,0,1,5"}',
    '{"piles":"1,2,0,3"}',
    None,
    None,
]
# The same values in the columns an older gintally wrote them to (knocker_table, defender_table,
# knocker_table_cards, defender_table_cards, piles).
LEGACY = [
    (60, 20, None, None, None),
    (45, 15, "6H 6C 6D TD JD QD", "7H 7C 7D", None),
    (None, None, None, None, None),
    (None, None, None, None, "0,0,1,5"),
    (None, None, None, None, "1,2,0,3"),
    (None, None, None, None, None),
    (None, None, None, None, None),
]
LEGACY_COLUMNS = (
    "knocker_table",
    "defender_table",
    "knocker_table_cards",
    "defender_table_cards",
    "piles",
)
READ = (
    "SELECT id, match_id, number, claim, winner, points, knocker, knocker_deadwood, "
    "defender_deadwood, defender_cards, other_points FROM hands ORDER BY id"
)


def stored(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def columns(db: Path) -> list[str]:
    return [r[1] for r in stored(db, "PRAGMA table_info(hands)")]


def tamper(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    try:
        for sql in statements:
            conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


@pytest.fixture
def made(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """The seven hands, made by the command line (built once per test worker and copied)."""
    ledger_from(HANDS, db_path)
    return gintally


# --- damaged extras -------------------------------------------------------------------------------


def test_a_hand_whose_stored_piles_are_damaged_is_still_listed(made: CLI, db_path: Path) -> None:
    """Piles out of range (a pile of 9 cards) are told and listed as stored, as they were
    before the extras column; check names them."""
    tamper(db_path, """UPDATE hands SET extras = '{"piles":"9,9,9,9"}' WHERE id = 4""")
    hands = as_json(made("hands", "-m", "Solo", "--json"))["hands"]
    assert [(h["description"], h.get("piles")) for h in hands] == [
        ("Cy goes gimlet on piles 9,9,9,9: Cy +48", [9, 9, 9, 9]),
        ("Cy knocks with 3 on piles 1,2,0,3: Cy +28", [1, 2, 0, 3]),
        ("Cy goes sour with 17: Phantom +47", None),
    ]
    assert "  1  2025-03-01  -        -    Cy goes gimlet on piles 9,9,9,9: Cy +48\n" in (
        ok(made("hands", "-m", "Solo")).stdout
    )
    run = made("check")
    assert (run.code, run.stdout) == (
        1,
        "problem: match 'Solo' hand 1: its extras do not read: piles: the S pile has 9 cards: "
        "a pile that reaches six sours the deal (record it with 'sour')\n"
        f"1 problem(s) in {db_path}\n",
    )
    doc = as_json(made("void", "1", "-m", "Solo", "--json"))
    assert (doc["action"], doc["voided"], doc["description"], doc["piles"]) == (
        "voided", True, "Cy goes gimlet on piles 9,9,9,9: Cy +48", [9, 9, 9, 9],
    )  # fmt: skip
