"""The guards (`m011_guards`): another SQLite tool cannot write the damage of the damage matrix
either, even with foreign keys and CHECK constraints off; what the guards cannot tell (a
settings key of another tool, a pile of nine cards, points beyond one match's rules) is left to
`check` and the readers. A ledger that already holds damage still opens and migrates."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_damage_matrix import BUILD, DAMAGES
from typer.testing import CliRunner

from gintally.cli import app
from gintally.engine.formats import Format
from gintally.errors import LedgerError
from gintally.game.rules import resolve
from gintally.ledger import Ledger, schema
from gintally.ledger.guards import NUMBERS_INDEX, triggers
from gintally.model import HAND_COLUMNS

LEFT_TO_CHECK = {"unknown setting", "garbage piles", "points beyond the match's rules"}
# no guard looks at identities, stakes or payments: `check` and their readers do (issue 33 item 5)
LEFT_TO_CHECK |= {kind for kind in DAMAGES if "uid" in kind or "stake" in kind}
LEFT_TO_CHECK |= {kind for kind in DAMAGES if "payment" in kind or "currency" in kind}
LEFT_TO_CHECK |= {"void reason with an escape"}


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    db = tmp_path_factory.mktemp("guarded") / "ledger.db"
    runner = CliRunner()
    for args in BUILD:
        done = runner.invoke(app, list(args), env={"GINTALLY_DB": str(db)})
        assert (done.exit_code, done.stderr) == (0, ""), (args, done.output)
    yield db


def hostile(db: Path, *statements: str) -> None:
    """Run `statements` as another SQLite tool might: foreign keys and CHECKs off."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("PRAGMA ignore_check_constraints = ON")
        for sql in statements:
            conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize("kind", sorted(set(DAMAGES) - LEFT_TO_CHECK))
def test_another_tool_cannot_write_the_damage(guarded: Path, tmp_path: Path, kind: str) -> None:
    db = tmp_path / "ledger.db"
    shutil.copyfile(guarded, db)
    before = db.read_bytes()
    with pytest.raises(sqlite3.IntegrityError) as refused:
        hostile(db, *DAMAGES[kind].statements)
    assert str(refused.value).startswith(("gintally: ", "UNIQUE constraint failed")), refused
    assert db.read_bytes() == before


@pytest.mark.parametrize("kind", sorted(LEFT_TO_CHECK))
def test_what_the_guards_let_through_is_left_to_check(
    guarded: Path, tmp_path: Path, kind: str
) -> None:
    db = tmp_path / "ledger.db"
    shutil.copyfile(guarded, db)
    hostile(db, *DAMAGES[kind].statements)
    done = CliRunner().invoke(app, ["check"], env={"GINTALLY_DB": str(db)})
    assert done.exit_code == 1
    assert DAMAGES[kind].named in done.stdout


@pytest.mark.parametrize(
    ("statement", "refusal"),
    [
        (
            "INSERT INTO hands(hand_id, match_id, number, date, claim, kind, winner, points, "
            "created_at) VALUES (0, 2, 9, '2025-02-30', 'knock', 'knock', 3, 10, 'now')",
            "gintally: hands: a hand's date is a real date YYYY-MM-DD from 1900-01-01 to "
            "2999-12-31",
        ),
        (
            "INSERT INTO hands(hand_id, match_id, number, date, claim, kind, winner, points, "
            "created_at) VALUES (0, 7, 9, '2025-02-03', 'knock', 'knock', 3, 10, 'now')",
            "gintally: hands: a hand belongs to a match in the ledger",
        ),
        (
            "INSERT INTO hands(hand_id, match_id, number, date, claim, kind, winner, points, "
            "created_at) VALUES (3, 2, 9, '2025-02-03', 'knock', 'knock', 3, 10, 'now')",
            "gintally: hands: a version of a hand keeps its match and number",
        ),
        (
            "UPDATE hands SET other_points = 'x' WHERE id = 4",
            "gintally: hands: other_points is a whole number within 100000",
        ),
        (
            "UPDATE hands SET note = 'a' || char(27) || '[2J' WHERE id = 4",
            "gintally: hands: cards, layoffs, upcard and note are plain text",
        ),
        (
            "UPDATE hands SET extras = '[1, 2]' WHERE id = 4",
            "gintally: hands: a hand's extras are one JSON object",
        ),
        (
            "UPDATE matches SET player_b = player_a WHERE id = 2",
            "gintally: matches: a match is between two players in the ledger",
        ),
        (
            "UPDATE matches SET first_dealer = 1 WHERE id = 2",
            "gintally: matches: a match's first dealer is one of its players",
        ),
        (
            "INSERT INTO players(name, created_at) VALUES ('   ', 'now')",
            "gintally: players: a player name is 1 to 60 characters of plain text",
        ),
        (
            "DELETE FROM matches WHERE id = 2",
            "gintally: matches: a match with hands or teams stays",
        ),
        (
            "INSERT INTO corrections(hand_id, action, replacement, created_at) "
            "VALUES (4, 'replace', 3, 'now')",
            "gintally: corrections: a replace names a version of its hand",
        ),
        (
            "INSERT INTO settings VALUES ('current_match', '77')",
            "gintally: settings: current_match names a match",
        ),
    ],
)
def test_each_guard_says_what_a_row_may_hold(
    guarded: Path, tmp_path: Path, statement: str, refusal: str
) -> None:
    db = tmp_path / "ledger.db"
    shutil.copyfile(guarded, db)
    with pytest.raises(sqlite3.IntegrityError) as refused:
        hostile(db, statement)
    assert str(refused.value) == refusal


def test_a_sound_row_from_another_tool_is_let_through(guarded: Path, tmp_path: Path) -> None:
    """The guards use no function of gintally's own: a plain SQLite tool writes a sound hand
    (with its identity: a NULL uid is damage, issue 33 item 5)."""
    db = tmp_path / "ledger.db"
    shutil.copyfile(guarded, db)
    hostile(
        db,
        "INSERT INTO hands(hand_id, match_id, number, date, claim, kind, winner, points, "
        "knocker, knocker_deadwood, defender_deadwood, created_at, uid) "
        "VALUES (0, 2, 6, '2025-02-03', 'knock', 'knock', 3, 17, 3, 3, 20, 'now', "
        "'0123456789abcdef0123456789abcdef')",
        "UPDATE hands SET hand_id = id WHERE hand_id = 0",
    )
    done = CliRunner().invoke(app, ["check"], env={"GINTALLY_DB": str(db)})
    assert (done.exit_code, " ".join(done.stdout.split())) == (0, f"{db}: no problems found")


def test_a_ledger_with_two_hands_of_one_number_migrates_without_the_unique_index(
    guarded: Path, tmp_path: Path
) -> None:
    """Written before the guards (the migration undone here), the damage stays: the ledger
    opens, gets the triggers but not the unique index, and check names the hand."""
    db = tmp_path / "ledger.db"
    shutil.copyfile(guarded, db)
    hostile(
        db,
        *(f"DROP TRIGGER {name}" for name in triggers()),
        f"DROP INDEX {NUMBERS_INDEX}",
        "DELETE FROM _sqlite_migrations WHERE name = 'm011_guards'",
        "UPDATE hands SET number = 2 WHERE number = 4 AND match_id = 2",
    )
    with Ledger.open(db) as book:
        assert schema.applied(book.conn)[-1] == "m011_guards"
        made = {r[0] for r in book.conn.execute("SELECT name FROM sqlite_master")}
    assert set(triggers()) <= made and NUMBERS_INDEX not in made
    done = CliRunner().invoke(app, ["check"], env={"GINTALLY_DB": str(db)})
    assert done.exit_code == 1
    assert DAMAGES["duplicate hand number"].named in done.stdout


def test_check_names_a_guard_another_tool_dropped(guarded: Path, tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    shutil.copyfile(guarded, db)
    hostile(db, "DROP TRIGGER guard_hand_insert", f"DROP INDEX {NUMBERS_INDEX}")
    done = CliRunner().invoke(app, ["check"], env={"GINTALLY_DB": str(db)})
    assert done.exit_code == 1
    assert done.stdout.splitlines()[:2] == [
        f"problem: schema index {NUMBERS_INDEX}: is missing (dropped by another tool): hand "
        "numbers may be repeated",
        "problem: schema trigger guard_hand_insert: is missing (dropped by another tool): rows "
        "written since may be damaged",
    ]


def test_an_import_is_checked_at_once_and_keeps_its_guards(tmp_path: Path) -> None:
    """An import lifts the hands' guards while it writes (row by row they cost several times
    the import) and checks what it wrote in one query at the end: a row they would refuse
    undoes the whole import, and the guards are there again either way."""

    def row(claim: str) -> tuple[None, None, tuple[object, ...]]:
        values: dict[str, object] = dict.fromkeys(HAND_COLUMNS)
        values.update(date="2025-01-02", claim=claim, kind="knock", winner=1, points=17)
        return None, None, tuple(values[c] for c in HAND_COLUMNS)

    with Ledger.open(tmp_path / "ledger.db") as book:
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        with pytest.raises(LedgerError) as refused:
            book.import_rows(m, iter([row("knock"), row("zzz")]), lambda: "d", "f")
        assert str(refused.value) == (
            "the import would write hand 2, a row the ledger's guards refuse; nothing was written"
        )
        assert book.hand_count() == 0
        assert book.import_rows(m, iter([row("knock")]), lambda: "d", "f") == (1, 1, 1)
        made = {r[0] for r in book.conn.execute("SELECT name FROM sqlite_master")}
    assert set(triggers()) <= made and NUMBERS_INDEX in made


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ({"date": "2025/02/13"}, 41),  # a date not written YYYY-MM-DD, first met at row 41
        ({"claim": "zzz", "date": "2025-01-01"}, 41),  # values first met at row 41, its date
        ({"knocker_deadwood": -3, "date": "2025-01-05"}, 41),  # met before
    ],
)
def test_the_check_of_an_import_finds_the_first_row_the_guards_refuse(
    tmp_path: Path, bad: dict[str, object], named: int
) -> None:
    """The check looks at one row of each distinct date and of each distinct set of the other
    values: the first row the guards refuse is named, wherever its kind of fault first shows."""

    def row(i: int, **values: object) -> tuple[None, None, tuple[object, ...]]:
        stored: dict[str, object] = dict.fromkeys(HAND_COLUMNS)
        day = f"2025-0{1 + i // 30}-{1 + i % 28:02d}"
        stored.update(date=day, claim="knock", kind="knock", winner=1, points=10 + i % 3)
        stored.update(values)
        return None, None, tuple(stored[c] for c in HAND_COLUMNS)

    rows = [row(i) for i in range(120)]
    rows[40] = row(40, **bad)
    rows[90] = row(90, **bad)  # the same fault again, later
    with Ledger.open(tmp_path / "ledger.db") as book:
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        with pytest.raises(LedgerError) as refused:
            book.import_rows(m, iter(rows), lambda: "d", "f")
        assert str(refused.value) == (
            f"the import would write hand {named}, a row the ledger's guards refuse; "
            "nothing was written"
        )
        assert book.hand_count() == 0
        assert book.import_rows(m, iter(rows[:40]), lambda: "d", "f") == (40, 1, 40)
        with pytest.raises(LedgerError) as refused:  # into a table with rows: the same check
            book.import_rows(m, iter(rows[40:]), lambda: "d", "f")
        assert "would write hand 41," in str(refused.value)
