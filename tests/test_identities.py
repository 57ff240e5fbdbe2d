"""Identities (issue 26 items 1-2, SPEC section 10): every fact is made with its uid and keeps
it through export, import and backup; two copies of an old ledger get the same ids; an import
adds the hands a ledger lacks, skips those already here and refuses a row whose hand is here with
other facts; exports exchanged in any order end alike."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_merge import UID, common, facts, ok, play, refused

from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import Ledger


def test_every_fact_is_made_with_its_uid(tmp_path: Path) -> None:
    a, _ = common(tmp_path)
    ok(a, "edit", "1", "--vs", "20")
    ok(a, "void", "2")
    conn = sqlite3.connect(a)
    for table in ("players", "matches", "hands", "corrections"):
        uids = [r[0] for r in conn.execute(f"SELECT uid FROM {table}")]
        assert uids and all(UID.fullmatch(u) for u in uids), table
    # every version of a hand carries the hand's uid; hands and corrections are in entry order
    versions = conn.execute("SELECT hand_id, uid FROM hands ORDER BY id").fetchall()
    assert versions[0][1] == versions[2][1] and versions[0][1] != versions[1][1]
    firsts = [r[0] for r in conn.execute("SELECT uid FROM hands WHERE id = hand_id ORDER BY id")]
    assert firsts == sorted(firsts)
    made = [r[0] for r in conn.execute("SELECT uid FROM corrections ORDER BY id")]
    assert made == sorted(made) and len(set(made)) == 2
    conn.close()
    # a backup keeps every identity, and merges into its ledger as the same facts
    copy = tmp_path / "copy.db"
    ok(a, "backup", str(copy))
    assert facts(copy) == facts(a)
    assert (
        ok(a, "merge", str(copy)) == f"Merged {copy} into {a}: nothing new; 2 hands already here.\n"
    )


def downgrade(path: Path) -> None:
    """The ledger as a gintally before identities wrote it: no uid columns, no m013."""
    conn = sqlite3.connect(path)
    for view in ("hands_view", "matches_view"):  # made since from the uids (`m018_void_order`)
        conn.execute(f"DROP VIEW {view}")
    for index in ("players_uid", "matches_uid", "hands_uid", "corrections_uid"):
        conn.execute(f"DROP INDEX {index}")
    for table in ("players", "matches", "hands", "corrections"):
        conn.execute(f"ALTER TABLE {table} DROP COLUMN uid")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm013_identities'")
    conn.commit()
    conn.close()


def test_two_copies_of_an_old_ledger_get_the_same_identities(tmp_path: Path) -> None:
    """An old ledger copied to two devices: each migrates its copy, and the facts they share
    get the same uids, so merging doubles nothing."""
    old = tmp_path / "old.db"
    ok(old, "match", "new", "Evening", "--players", "Ann", "Bob")
    for points in (10, 20, 30):
        ok(old, "score", "Ann", str(points), "--date", "2026-03-01")
    ok(old, "edit", "2", "--points", "25")
    ok(old, "void", "3")
    downgrade(old)
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    shutil.copy(old, a)
    shutil.copy(old, b)
    ok(a, "score", "Bob", "5", "--date", "2026-03-02")  # each migrates, and adds a hand
    ok(b, "score", "Bob", "7", "--date", "2026-03-02")
    ok(b, "edit", "1", "--points", "11")
    with Ledger.open(a) as book_a, Ledger.open(b) as book_b:
        for table in ("players", "matches", "corrections"):
            sql = f"SELECT id, uid FROM {table} ORDER BY id"
            shared = book_a.conn.execute(sql).fetchall()[:2]
            assert [tuple(r) for r in shared] == [
                tuple(r) for r in book_b.conn.execute(sql).fetchall()[:2]
            ]
        sql = "SELECT id, uid FROM hands ORDER BY id LIMIT 4"
        assert [tuple(r) for r in book_a.conn.execute(sql)] == [
            tuple(r) for r in book_b.conn.execute(sql)
        ]
    ok(a, "merge", str(b))
    ok(b, "merge", str(a))
    assert facts(a) == facts(b)
    live = json.loads(ok(a, "hands", "--all", "--json"))["hands"]
    assert [(h["id"], h["points"], h["voided"]) for h in live] == [
        (1, 11, False),
        (2, 25, False),
        (3, 30, True),
        (4, 5, False),
        (5, 7, False),
    ]


# --- import: what is missing, by identity -------------------------------------------------------


def test_an_overlapping_export_adds_only_what_is_missing(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    export = tmp_path / "a.csv"
    ok(a, "export", "-o", str(export))
    out = ok(b, "import", str(export))
    assert out == "Imported 1 hand into Evening (3 hands: 1 new, 2 already here).\n"
    doc = json.loads(ok(b, "import", str(export), "--json"))
    assert (doc["imported"], doc["already_here"], doc["hands"]) == (0, 3, [])
    assert facts(a)["hands"] == facts(b)["hands"]


def test_exports_exchanged_both_ways_give_the_same_sheet(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(b, "gin", "Bob", "--vs", "12", "--date", "2026-03-02")
    ok(a, "score", "Ann", "30", "--date", "2026-03-02")
    for fmt in ("json", "csv"):
        ok(a, "export", "--format", fmt, "-o", str(tmp_path / f"a.{fmt}"))
        ok(b, "export", "--format", fmt, "-o", str(tmp_path / f"b.{fmt}"))
    ok(a, "import", str(tmp_path / "b.csv"))
    ok(b, "import", str(tmp_path / "a.json"))
    assert facts(a)["hands"] == facts(b)["hands"]
    assert facts(a)["sheets"] == facts(b)["sheets"]
    numbers = json.loads(ok(a, "hands", "--json"))["hands"]
    assert [(h["id"], h["winner"], h["points"]) for h in numbers] == [
        (1, "Ann", 10),
        (2, "Bob", 55),
        (3, "Ann", 20),
        (4, "Bob", 37),
        (5, "Ann", 30),
    ]


def test_a_row_whose_hand_is_here_with_other_facts_is_refused(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    export = tmp_path / "a.csv"
    ok(a, "export", "-o", str(export))
    lines = export.read_text().splitlines()
    uid = lines[2].rsplit(",", 1)[1]
    lines[2] = lines[2].replace("2026-03-01", "2026-03-04")
    lines.append("3,2026-03-02,score,Ann,7,,,,,,,")  # a new hand, not written either
    export.write_text("\n".join(lines) + "\n")
    before = facts(b)
    assert refused(b, "import", str(export)) == (
        "Error: a.csv: 1 of its rows conflict with hands here, nothing was imported: row 2 is "
        f"hand 2 (uid {uid[:8]}...), here with date '2026-03-01', in the file with date "
        "'2026-03-04'; an edit made on another device comes in with its JSON export (which "
        "carries corrections) or gintally merge"
    )
    assert facts(b) == before
    # --force takes every row as a new hand (a deliberate duplicate gets a new uid)
    ok(b, "import", str(export), "--force")
    assert len(facts(b)["hands"]) == 5


def test_a_bad_uid_is_refused_naming_its_row(tmp_path: Path) -> None:
    a, _ = common(tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("date,kind,winner,points,uid\n2026-03-02,score,Ann,5,not-a-uid\n")
    assert refused(a, "import", str(bad)) == (
        "Error: row 1 of bad.csv: the uid 'not-a-uid' is not an identity gintally wrote "
        "(32 hex digits); leave it empty for a new hand"
    )
    twice = tmp_path / "twice.csv"
    uid = "0" * 32
    twice.write_text("date,kind,winner,points,uid\n" + f"2026-03-02,score,Ann,5,{uid}\n" * 2)
    assert refused(a, "import", str(twice)) == (
        "Error: twice.csv holds a hand twice: two of its rows carry the same uid"
    )


scores = st.lists(st.tuples(st.integers(0, 2), st.integers(1, 60)), max_size=5)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(scores, scores, scores, st.permutations(["a", "b", "a", "b"]))
def test_exports_exchanged_in_any_order_end_alike(
    tmp_path: Path,
    base: list[tuple[int, int]],
    one: list[tuple[int, int]],
    two: list[tuple[int, int]],
    turns: list[str],
) -> None:
    """Hands recorded on two devices, then exports exchanged in any order, each import
    repeated: both end with the same hands, numbers and sheet, none twice."""
    folder = tmp_path / str(len(list(tmp_path.iterdir())))
    folder.mkdir()
    a, b = folder / "a.db", folder / "b.db"
    with Ledger.open(a) as book:
        book.create_match("Evening", ("Ann", "Bob"), Format(), resolve())
        play(book, [("score", day, points) for day, points in base])
    shutil.copy(a, b)
    for db, hands in ((a, one), (b, two)):
        with Ledger.open(db) as book:
            play(book, [("score", day, points) for day, points in hands])
    for turn in turns:  # "a": A's export into B; "b": B's into A
        source, target = (a, b) if turn == "a" else (b, a)
        export = folder / "hands.json"
        export.unlink(missing_ok=True)
        ok(source, "export", "--format", "json", "-o", str(export))
        ok(target, "import", str(export))
    assert facts(a) == facts(b)
    assert len(facts(a)["hands"]) == len(base) + len(one) + len(two)


def test_a_hand_that_came_by_a_csv_export_is_the_hand_it_was(tmp_path: Path) -> None:
    """Device B began from A's CSV export (counts, no cards) in a match it made itself; a later
    merge finds A's hands there, typed cards or not, and brings only what is new."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "Evening", "--players", "Ann", "Bob")
    ok(
        a,
        "knock",
        "Ann",
        "--cards",
        "AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
        "--vs-cards",
        "AH AD AC 2H 2D 3H 3D 4S 5S QC",
        "--date",
        "2026-03-01",
    )
    ok(a, "export", "-o", str(tmp_path / "a.csv"))
    ok(b, "match", "new", "Evening", "--players", "Ann", "Bob")
    assert "1 hand" in ok(b, "import", str(tmp_path / "a.csv"))
    ok(a, "score", "Bob", "20", "--date", "2026-03-02")
    out = ok(b, "merge", str(a))
    assert out.startswith(f"Merged {a} into {b}: 1 hand new; 1 hand already here")
    assert facts(b)["hands"] == facts(a)["hands"] and facts(b)["sheets"] == facts(a)["sheets"]
