"""What a variant stores with a hand: ``hands.extras``, one JSON object written and read by the
match's variant alone (`gintally.game.variants`, `model.extras_text`, `model.extras_from`).

- A hand command stores Mahjong's tables and Gimlet's piles there, keys sorted, nothing for a
  hand that has none; the command line and the library store the same.
- The migration m010_variant_extras moves the old columns (knocker_table, defender_table,
  knocker_table_cards, defender_table_cards, piles) into it, as a hand command now writes them,
  and drops them; a ledger that cannot be written is read as it is, not migrated.
- check reads each hand's extras through its variant: damaged extras are one line each, and a
  hand whose piles are damaged is refused by the commands that read it (one line naming it).
- edit switches a Mahjong table between a count and the cards.

The ledgers are the same seven hands, made by the command line or written as an older gintally
wrote them.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from damaging import unguarded

from conftest import Commands, Run, as_json
from gintally import Match
from gintally import open as open_book
from gintally.game.rules import resolve
from gintally.ledger import Ledger

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
    unguarded(db, *statements)


@pytest.fixture
def made(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """The seven hands, made by the command line (built once per test worker and copied)."""
    ledger_from(HANDS, db_path)
    return gintally


@pytest.fixture(scope="module")
def old_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seven hands as an older gintally wrote them: the ledger migrated up to m009, the
    variants' values in their own columns (as the gintally of before made them, checked by
    hand against it)."""
    import sqlite_utils

    from gintally.ledger import files, schema

    path = tmp_path_factory.mktemp("old") / "ledger.db"
    conn = files.connect(str(path))
    schema.build_migrations().apply(sqlite_utils.Database(conn), stop_before="m010_variant_extras")
    conn.executemany(
        "INSERT INTO players(id, name, created_at) VALUES (?, ?, 't')",
        [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Phantom")],
    )
    conn.executemany(
        "INSERT INTO matches(id, name, player_a, player_b, format, games, rolling, "
        "season_start, rules, first_dealer, created_at) "
        "VALUES (?, ?, ?, ?, 'single', 3, 0, '01-01', ?, NULL, 't')",
        [
            (1, "Tiles", 1, 2, resolve("mahjong").to_json()),
            (2, "Solo", 3, 4, resolve("gimlet").to_json()),
            (3, "Kitchen", 1, 2, resolve("modern").to_json()),
        ],
    )
    for core, legacy in zip(CORE, LEGACY, strict=True):
        row, match, number, claim, winner, points, knocker, k_dw, d_dw, d_cards, other = core
        conn.execute(
            "INSERT INTO hands(id, hand_id, match_id, number, date, claim, kind, winner, points, "
            "knocker, knocker_deadwood, defender_deadwood, defender_cards, other_points, "
            f"{', '.join(LEGACY_COLUMNS)}, created_at) "
            "VALUES (?, ?, ?, ?, '2025-03-01', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 't')",
            [
                row,
                row,
                match,
                number,
                claim,
                claim,
                winner,
                points,
                knocker,
                k_dw,
                d_dw,
                d_cards,
                other,
                *legacy,
            ],
        )
    conn.execute("INSERT INTO settings(key, value) VALUES ('current_match', '3')")
    conn.commit()
    conn.close()
    return path


@pytest.fixture
def old(old_template: Path, tmp_path: Path) -> Path:
    """A copy of the older ledger, in a folder of its own (the commands reach it by --db)."""
    path = tmp_path / "old" / "ledger.db"
    path.parent.mkdir()
    shutil.copyfile(old_template, path)
    return path


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """The ledger file and its folder without write permission."""
    folder, file_mode, folder_mode = path.parent, path.stat().st_mode, path.parent.stat().st_mode
    path.chmod(0o444)
    folder.chmod(0o555)
    try:
        yield
    finally:
        folder.chmod(folder_mode)
        path.chmod(file_mode)


def listed(gintally: CLI, db: Path) -> dict[str, Any]:
    """Every match's `hands --json` in ledger `db`, by match."""
    return {
        m: as_json(gintally("--db", str(db), "hands", "-m", m, "--json"))
        for m in ("Tiles", "Solo", "Kitchen")
    }


# --- what a hand command stores -------------------------------------------------------------------


def test_each_variant_stores_its_own_extras_and_nothing_else(made: CLI, db_path: Path) -> None:
    assert stored(db_path, READ) == CORE
    assert [e for (e,) in stored(db_path, "SELECT extras FROM hands ORDER BY id")] == EXTRAS
    assert stored(db_path, "SELECT number, piles FROM hands_view WHERE match = 'Solo'") == [
        (1, "0,0,1,5"),
        (2, "1,2,0,3"),
        (3, None),
    ]


# --- the migration, and a ledger read as it is ----------------------------------------------------


def test_the_migration_moves_the_old_columns_into_extras_and_drops_them(
    old: Path, made: CLI, db_path: Path
) -> None:
    assert all(c in columns(old) for c in LEGACY_COLUMNS) and "extras" not in columns(old)
    with Ledger.open(old):  # opened for writing: migrated
        pass
    assert columns(old)[-4:] == ["number", "other_points", "extras", "uid"]  # uid: m013
    assert not any(c in columns(old) for c in LEGACY_COLUMNS)
    assert stored(old, READ) == CORE
    assert [e for (e,) in stored(old, "SELECT extras FROM hands ORDER BY id")] == EXTRAS
    assert stored(old, "SELECT number, piles FROM hands_view WHERE match = 'Solo'") == [
        (1, "0,0,1,5"),
        (2, "1,2,0,3"),
        (3, None),
    ]
    assert listed(made, old) == listed(made, db_path)  # the same hands, told the same way
    run = made("--db", str(old), "check")
    assert (run.code, run.stdout) == (0, f"{old}: no problems found\n")


def test_a_read_only_ledger_of_before_is_read_as_it_is(old: Path, gintally: CLI) -> None:
    before = old.read_bytes()
    with read_only(old):
        lists = listed(gintally, old)
        run = gintally("--db", str(old), "check")
        refusal = gintally("--db", str(old), "gin", "Ann", "--vs", "20")
    assert (run.code, run.stdout) == (0, f"{old}: no problems found\n")
    assert (refusal.code, refusal.stderr) == (
        1,
        f"Error: cannot write to {old}: the ledger file is read-only\n",
    )
    assert old.read_bytes() == before  # not migrated
    tiles, solo = lists["Tiles"]["hands"], lists["Solo"]["hands"]
    assert [h["description"] for h in tiles] == [
        "Ann goes gin with 60 on the table; Bob has 20 on the table and 35 in hand: "
        "Ann +85, Bob -15",
        "Bob goes gin with 45 on the table; Ann has 15 on the table and 10 in hand: "
        "Bob +70, Ann +5",
        "Ann scores 60, Bob -15",
    ]
    assert [(h["description"], h.get("piles")) for h in solo] == [
        ("Cy goes gimlet on piles 0,0,1,5: Cy +48", [0, 0, 1, 5]),
        ("Cy knocks with 3 on piles 1,2,0,3: Cy +28", [1, 2, 0, 3]),
        ("Cy goes sour with 17: Phantom +47", None),
    ]
    with Ledger.open(old):  # migrated once it can be written
        pass
    assert listed(gintally, old) == lists


# --- damaged extras -------------------------------------------------------------------------------


def test_check_names_each_hand_whose_extras_are_damaged_in_one_line(
    made: CLI, db_path: Path
) -> None:
    tamper(
        db_path,
        """UPDATE hands SET extras = '{"defender_table":20,"knocker_table":-5}' WHERE id = 1""",
        "UPDATE hands SET extras = 'not json' WHERE id = 2",
        """UPDATE hands SET extras = '{"pile":"0,0,1,5"}' WHERE id = 4""",
        """UPDATE hands SET extras = '{"piles":"9,9,9,9"}' WHERE id = 5""",
        "UPDATE hands SET extras = '[1, 2]' WHERE id = 6",
        """UPDATE hands SET extras = '{"piles":"1,1,1,1"}' WHERE id = 7""",
    )
    damaged = "the ledger is damaged: hands row {0} (hand {1}) holds extras {2}; run 'gintally "
    damaged += "check' to see every damaged row, or restore a backup"
    problems = [
        "match 'Tiles' hand 1: its extras do not read: knocker_table -5 is not a count",
        "match 'Tiles' hand 2: " + damaged.format(2, 2, "'not json'"),
        "match 'Solo' hand 1: its extras do not read: pile is not something Gimlet Rummy stores",
        "match 'Solo' hand 2: its extras do not read: piles: the S pile has 9 cards: a pile "
        "that reaches six sours the deal (record it with 'sour')",
        "match 'Solo' hand 3: " + damaged.format(6, 3, "'[1, 2]'"),
        "match 'Kitchen' hand 1: its extras do not read: gin stores nothing with a hand: "
        "{'piles': '1,1,1,1'}",
    ]
    run = made("check")
    assert (run.code, run.stderr) == (1, "")
    assert run.stdout == "".join(f"problem: {p}\n" for p in problems) + (
        f"6 problem(s) in {db_path}\n"
    )
    run = made("check", "--json")
    assert (run.code, run.stderr) == (1, "")
    assert json.loads(run.stdout) == {"ledger": str(db_path), "ok": False, "problems": problems}


def test_a_hand_whose_stored_piles_are_damaged_is_refused_by_the_commands_that_read_it(
    made: CLI, db_path: Path
) -> None:
    """Piles out of range (a pile of 9 cards) are never listed as if they were sound: the hand
    log, its JSON and a void of the hand refuse with one line naming the row (a log streamed as
    it is read stops at the row: only what SQLite cannot tell, as a pile, is found that late);
    check names it."""
    tamper(db_path, """UPDATE hands SET extras = '{"piles":"9,9,9,9"}' WHERE id = 4""")
    line = (
        "Error: the ledger is damaged: hands row 4 (hand 1) holds extras that do not read: "
        "piles: the S pile has 9 cards: a pile that reaches six sours the deal (record it with "
        "'sour'); run 'gintally check' to see every damaged row, or restore a backup\n"
    )
    for args in (("hands", "-m", "Solo", "--json"), ("hands", "-m", "Solo")):
        run = made(*args)
        assert (run.code, run.stderr) == (1, line), args
        assert "9,9,9,9" not in run.stdout and "gimlet" not in run.stdout
    run = made("void", "1", "-m", "Solo")
    assert (run.code, run.stdout, run.stderr) == (1, "", line)
    run = made("check")
    assert (run.code, run.stdout) == (
        1,
        "problem: match 'Solo' hand 1: its extras do not read: piles: the S pile has 9 cards: "
        "a pile that reaches six sours the deal (record it with 'sour')\n"
        f"1 problem(s) in {db_path}\n",
    )


# --- edit ----------------------------------------------------------------------------------------


NEWEST = "SELECT points, other_points, extras FROM hands ORDER BY id DESC LIMIT 1"


def test_edit_switches_a_table_between_a_count_and_the_cards(made: CLI, db_path: Path) -> None:
    """The cards typed replace the count, and a count typed replaces the cards: the stored
    extras keep only what was typed last (and the count of the cards)."""
    tiles = ("-m", "Tiles", "--json")
    # AS KS QS count 15 + 10 + 10 = 35: Ann 35 + 25 = 60; Bob 20 - 35 = -15
    doc = as_json(made("edit", "1", "--table", "as ks qs", *tiles))
    assert (doc["points_by_player"], doc["on_table"]) == (
        {"Ann": 60, "Bob": -15},
        {"Ann": 35, "Bob": 20},
    )
    assert stored(db_path, NEWEST) == [
        (60, -15, '{"defender_table":20,"knocker_table":35,"knocker_table_cards":"AS KS QS"}')
    ]
    doc = as_json(made("edit", "1", "--table", "60", *tiles))
    assert (doc["points_by_player"], doc["on_table"]) == (
        {"Ann": 85, "Bob": -15},
        {"Ann": 60, "Bob": 20},
    )
    assert stored(db_path, NEWEST) == [(85, -15, EXTRAS[0])]
    # hand 2: Ann's table typed as 20 instead of 7H 7C 7D (15): Ann 20 - 10 = +10
    doc = as_json(made("edit", "2", "--vs-table", "20", *tiles))
    assert doc["points_by_player"] == {"Ann": 10, "Bob": 70}
    kept = '{"defender_table":20,"knocker_table":45,"knocker_table_cards":"6H 6C 6D TD JD QD"}'
    assert stored(db_path, NEWEST) == [(70, 10, kept)]
    doc = as_json(made("edit", "2", "--vs-table", "7H 7C 7D", *tiles))
    assert doc["points_by_player"] == {"Ann": 5, "Bob": 70}
    assert stored(db_path, NEWEST) == [(70, 5, EXTRAS[1])]
    run = made("check")
    assert (run.code, run.stdout) == (0, f"{db_path}: no problems found\n")


# --- the fast lane and Typer ----------------------------------------------------------------------


TILES: Commands = (("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong"),)
SOLO: Commands = (("match", "new", "Solo", "--players", "Cy", "--rules", "gimlet"),)
STORED = (
    "SELECT claim, kind, winner, points, knocker, knocker_deadwood, other_points, extras FROM hands"
)


@pytest.mark.parametrize(
    ("match", "argv", "call", "said", "row"),
    [
        (
            SOLO,
            ["gimlet", "Cy", "--piles", "0,0,1,5"],
            lambda m: m.gimlet("Cy", piles=(0, 0, 1, 5)),
            "Hand 1: Cy goes gimlet on piles 0,0,1,5: Cy +48\n  Game 1: Cy 48, Phantom 0\n",
            ("gin", "gin", 1, 48, 1, 0, None, '{"piles":"0,0,1,5"}'),
        ),
        (
            SOLO,
            ["sour", "Cy", "17"],
            lambda m: m.sour("Cy", 17),
            "Hand 1: Cy goes sour with 17: Phantom +47\n  Game 1: Cy 0, Phantom 47\n",
            ("sour", "sour", 2, 47, 1, 17, None, None),
        ),
        (
            TILES,
            ["gin", "Ann", "--table", "60", "--vs-table", "20", "--vs", "35"],
            lambda m: m.gin("Ann", 35, table=60, vs_table=20),
            "Hand 1: Ann goes gin with 60 on the table; Bob has 20 on the table and 35 in hand: "
            "Ann +85, Bob -15\n  Game 1: Ann 85, Bob -15\nNext dealer: Ann\n",
            ("gin", "gin", 1, 85, 1, 0, -15, '{"defender_table":20,"knocker_table":60}'),
        ),
    ],
)
def test_the_command_line_and_the_library_store_the_same(
    gintally: CLI,
    ledger_from: Callable[[Commands, Path], Path],
    db_path: Path,
    tmp_path: Path,
    match: Commands,
    argv: list[str],
    call: Callable[[Match], object],
    said: str,
    row: tuple[Any, ...],
) -> None:
    library_db = ledger_from(match, tmp_path / "library.db")
    ledger_from(match, db_path)
    by_typer = gintally(*argv)
    assert (by_typer.code, by_typer.stdout, by_typer.stderr) == (0, said, "")
    with open_book(library_db) as book:
        call(book.match())
    assert stored(db_path, STORED) == stored(library_db, STORED) == [row]
