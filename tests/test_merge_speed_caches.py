"""A merge leaves the seasons cached (issue 33 item 9): the matches it changes are folded in
its own write, as a big import folds its own, so the first `standings` after it reads the
folds; `check` stays clean, and every reader prints the same with the cache as without it
(the cache dropped on a copy: a cold read). The hands stream from the other file a batch at a
time (no lookup, check or insert a row), and what streaming must not lose is here too: one
hand's uid twice in the other file is refused naming it (nothing written), and rows of one
shape but another date are each checked (a future date in the middle of sound rows)."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from datetime import date, timedelta
from pathlib import Path

import pytest
from test_edges_33 import ok, run

from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.ledger.merging import BATCH
from gintally.model import HandRecord

READERS = (  # each of every match
    ("standings", "--json"),
    ("show", "--json"),
    ("hands", "--all", "--json"),
)


def seasons(db: Path, n: int, seed: int, name: str = "Decades", fmt: str = "single") -> None:
    """`n` hands of Ann v Bob over the years 2019-2025 (finished seasons), a few edited and
    voided, as one device records them."""
    rng = random.Random(seed)
    with Ledger.open(db) as book:
        m = book.create_match(name, ("Ann", "Bob"), Format(fmt), resolve())
        ann, bob = (p.id for p in m.players)
        start, span = date(2019, 1, 5), (date(2025, 12, 20) - date(2019, 1, 5)).days
        days = sorted(start + timedelta(days=rng.randrange(span)) for _ in range(n))
        book.add_hands(
            m,
            [
                HandRecord(d, "score", "score", rng.choice((ann, bob)), rng.randrange(5, 60))
                for d in days
            ],
        )
        for number in rng.sample(range(1, n + 1), n // 20):
            old = book.hand(m, number)
            book.replace_hand(m, number, HandRecord(old.date, "score", "score", old.winner, 9))
        for number in rng.sample(range(1, n + 1), n // 20):
            if not book.hand(m, number).voided:
                book.void(m, number)


def cached(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM season_folds").fetchone()[0])
    finally:
        conn.close()


def cold_copy(db: Path, tmp_path: Path) -> Path:
    """A copy of the ledger with every cache dropped: what a reader makes from the facts."""
    copy = tmp_path / f"cold-{db.name}"
    shutil.copyfile(db, copy)
    conn = sqlite3.connect(copy)
    conn.execute("DELETE FROM season_folds")
    conn.execute("DELETE FROM replay_marks")
    conn.commit()
    conn.close()
    return copy


def same_warm_and_cold(db: Path, tmp_path: Path) -> None:
    assert "no problems found" in ok(db, "check")
    cold = cold_copy(db, tmp_path)
    for args in READERS:
        for name in ("Decades", "Other"):
            code, out = run(db, *args[:1], "--match", name, *args[1:])
            if code != 0 and "unknown match" in out:
                continue
            assert code == 0, (args, out)
            assert json.loads(out) == json.loads(ok(cold, *args[:1], "--match", name, *args[1:]))
    assert json.loads(ok(db, "stats", "--json")) == json.loads(ok(cold, "stats", "--json"))


@pytest.mark.parametrize("fmt", ["single", "hollywood", "ad-infinitum"])
def test_a_merge_into_an_empty_ledger_leaves_every_finished_season_cached(
    tmp_path: Path, fmt: str
) -> None:
    other, db = tmp_path / "other.db", tmp_path / "here.db"
    seasons(other, 3 * BATCH + 17, seed=3, fmt=fmt)  # several batches, one part-filled
    assert "no problems found" in ok(other, "check")
    doc = json.loads(ok(db, "merge", str(other), "--json"))
    assert doc["new"]["hands"] == 3 * BATCH + 17
    # 2019-2025 played, 2025's season the latest: the six before it folded and cached
    assert cached(db) == 6
    same_warm_and_cold(db, tmp_path)
    # the facts are the other file's, hand for hand
    assert json.loads(ok(db, "hands", "--all", "--json")) == json.loads(
        ok(other, "hands", "--all", "--json")
    )


def test_a_merge_of_two_devices_folds_the_match_they_share_again(tmp_path: Path) -> None:
    base, a, b = tmp_path / "base.db", tmp_path / "a.db", tmp_path / "b.db"
    seasons(base, 900, seed=5)
    shutil.copyfile(base, a)
    shutil.copyfile(base, b)
    for db, seed in ((a, 6), (b, 7)):  # each device records hands of its own, in 2024
        rng = random.Random(seed)
        with Ledger.open(db) as book:
            m = book.match("Decades")
            book.add_hands(
                m,
                [
                    HandRecord(
                        date(2024, 3, 1) + timedelta(days=rng.randrange(200)),
                        "score",
                        "score",
                        m.players[rng.randrange(2)].id,
                        rng.randrange(5, 60),
                    )
                    for _ in range(150)
                ],
            )
        ok(db, "standings")  # the device's own reader cached its seasons
    seasons(b, 40, seed=8, name="Other")
    doc = json.loads(ok(a, "merge", str(b), "--json"))
    assert doc["new"]["hands"] == 190 and doc["already_here"] == 900 + 0
    assert cached(a) >= 6
    same_warm_and_cold(a, tmp_path)
    ok(b, "merge", str(a))
    same_warm_and_cold(b, tmp_path)
    for name in ("Decades", "Other"):
        for args in READERS:
            mine = ok(a, *args[:1], "--match", name, *args[1:])
            assert json.loads(mine) == json.loads(ok(b, *args[:1], "--match", name, *args[1:]))


def test_one_uid_twice_in_the_other_file_is_refused_naming_it(tmp_path: Path) -> None:
    other, db = tmp_path / "other.db", tmp_path / "here.db"
    seasons(other, BATCH + 10, seed=9)
    conn = sqlite3.connect(other)
    first = conn.execute("SELECT uid FROM hands WHERE id = 3").fetchone()[0]
    conn.execute("DROP INDEX hands_uid")  # another program's doing
    conn.execute("UPDATE hands SET uid = ? WHERE id = hand_id AND id = ?", [first, BATCH + 5])
    conn.commit()
    conn.close()
    for into_hands in (False, True):
        if into_hands:
            seasons(db, 3, seed=10, name="Mine")  # a ledger with hands: looked up, not rebuilt
        before = ok(db, "match", "list", "--json") if into_hands else None
        code, out = run(db, "merge", str(other))
        assert code == 2, out
        # into a ledger without hands the uid index, built at the end, finds the two; into
        # one with hands, the second is looked up and found to be another hand than the first
        said = "same uid" if not into_hands else "hand 3 of Decades (uid"
        assert out.count("\n") == 1 and "other.db" in out and said in out, out
        assert "nothing was merged" in out
        assert "Traceback" not in out
        if before is not None:
            assert ok(db, "match", "list", "--json") == before
        with Ledger.open(db) as book:
            assert book.last_row() == (0 if not into_hands else 3)


def test_each_date_is_checked_though_the_rest_of_its_row_was_seen(tmp_path: Path) -> None:
    other, db = tmp_path / "other.db", tmp_path / "here.db"
    seasons(other, BATCH + 50, seed=11)
    conn = sqlite3.connect(other)
    # a row like hundreds before it (the rest checked once), dated in the future
    conn.execute("DROP TRIGGER guard_hand_update")
    far = (date.today() + timedelta(days=400)).isoformat()
    conn.execute("UPDATE hands SET date = ? WHERE id = ?", [far, BATCH + 40])
    number = conn.execute("SELECT number FROM hands WHERE id = ?", [BATCH + 40]).fetchone()[0]
    conn.commit()
    conn.close()
    code, out = run(db, "merge", str(other))
    assert code == 2, out
    assert f"other.db, hand {number} of Decades" in out and far in out, out
    assert "nothing was merged" in out and out.count("\n") == 1
    with Ledger.open(db) as book:
        assert book.last_row() == 0
