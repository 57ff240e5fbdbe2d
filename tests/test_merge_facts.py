"""Fact tables beyond players, matches, hands and corrections in a merge (issue 26 item 3):
the hook (`merging.FACT_TABLES`) and the stakes and payments it names."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from test_merge import common, ok, refused

from gintally.errors import GintallyError
from gintally.ledger import Ledger
from gintally.ledger import merging as ledger_merging


def test_a_fact_table_is_one_line_to_merge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`FACT_TABLES` is the hook for fact tables beyond the four (payments): a table with a uid
    is merged row by row, its references mapped."""
    a, b = common(tmp_path)
    for db in (a, b):
        conn = sqlite3.connect(db)
        conn.execute(
            "CREATE TABLE tips (id INTEGER PRIMARY KEY, match_id INTEGER REFERENCES matches(id), "
            "payer INTEGER REFERENCES players(id), amount TEXT, uid TEXT UNIQUE)"
        )
        conn.commit()
        conn.close()
    conn = sqlite3.connect(b)
    conn.execute("INSERT INTO players(name, created_at, uid) VALUES ('Cy', 't', ?)", ["c" * 32])
    conn.execute(
        "INSERT INTO tips(match_id, payer, amount, uid) VALUES (1, 3, '2.50', ?)", ["1" * 32]
    )
    conn.commit()
    conn.close()
    monkeypatch.setattr(
        ledger_merging,
        "FACT_TABLES",
        (ledger_merging.FactTable("tips", {"match_id": "matches", "payer": "players"}),),
    )
    with Ledger.open(a) as book:
        assert book.merge(b).new == {"players": 1, "tips": 1}
        row = book.conn.execute(
            "SELECT p.name, t.amount FROM tips t JOIN players p ON p.id = t.payer"
        ).fetchone()
        assert tuple(row) == ("Cy", "2.50")
        assert book.merge(b).new == {}
    conn = sqlite3.connect(b)
    conn.execute("UPDATE tips SET amount = '3.00'")
    conn.commit()
    conn.close()
    with Ledger.open(a) as book, pytest.raises(GintallyError, match=r"tips 11111111\.\.\. differs"):
        book.merge(b)


# The tables of stakes and payments as `m012_payments` makes them (made here while that
# migration is elsewhere; IF NOT EXISTS once it is in the schema).
STAKES_TABLES = (
    """CREATE TABLE IF NOT EXISTS stakes (id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id), amount TEXT NOT NULL,
        currency TEXT NOT NULL, places INTEGER NOT NULL, from_date TEXT, series_amount TEXT,
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS payments (id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        from_player INTEGER NOT NULL REFERENCES players(id),
        to_player INTEGER NOT NULL REFERENCES players(id), amount TEXT NOT NULL,
        date TEXT NOT NULL, note TEXT, after_hand INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS payment_voids (uid TEXT PRIMARY KEY REFERENCES payments(uid),
        reason TEXT, created_at TEXT NOT NULL)""",
)


def money(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(db)
    try:
        return {
            "stakes": sorted(
                conn.execute(
                    "SELECT m.name, s.amount, s.currency, s.from_date FROM stakes s "
                    "JOIN matches m ON m.id = s.match_id"
                ).fetchall()
            ),
            "payments": sorted(
                conn.execute(
                    "SELECT p.uid, f.name, t.name, p.amount, v.reason FROM payments p "
                    "JOIN players f ON f.id = p.from_player JOIN players t ON t.id = p.to_player "
                    "LEFT JOIN payment_voids v ON v.uid = p.uid"
                ).fetchall()
            ),
        }
    finally:
        conn.close()


def test_payments_voids_and_stakes_merge_as_facts(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(b, "match", "new", "Club", "--players", "Cy", "Ann")
    for db in (a, b):
        conn = sqlite3.connect(db)
        for sql in STAKES_TABLES:
            conn.execute(sql)
        conn.execute(
            "INSERT INTO stakes(uid, match_id, amount, currency, places, from_date, created_at) "
            "VALUES (lower(hex(randomblob(16))), 1, '0.10', '£', 2, NULL, 't')"
        )
        conn.commit()
        conn.close()
    conn = sqlite3.connect(b)
    conn.execute(
        "INSERT INTO stakes(uid, match_id, amount, currency, places, from_date, created_at) "
        "VALUES (lower(hex(randomblob(16))), 1, '0.20', '£', 2, '2026-03-02', 't'), "
        "(lower(hex(randomblob(16))), 2, '1', '€', 0, NULL, 't')"
    )
    conn.execute(
        "INSERT INTO payments(uid, match_id, from_player, to_player, amount, date, created_at) "
        "VALUES (?, 1, 2, 1, '5.50', '2026-03-02', 't'), (?, 2, 3, 1, '2', '2026-03-02', 't')",
        ["a" * 32, "b" * 32],
    )
    conn.execute("INSERT INTO payment_voids VALUES (?, 'undo', 't')", ["a" * 32])
    conn.commit()
    conn.close()
    ab = tmp_path / "ab.db"
    shutil.copy(a, ab)
    doc = json.loads(ok(ab, "merge", str(b), "--json"))
    assert {k: v for k, v in doc["new"].items() if v} == {
        "players": 1,
        "matches": 1,
        "payments": 2,
        "payment_voids": 1,
        "stakes": 2,
    }
    assert (
        money(ab)
        == money(b)
        == {
            "stakes": [
                ("Club", "1", "€", None),
                ("Evening", "0.10", "£", None),
                ("Evening", "0.20", "£", "2026-03-02"),
            ],
            "payments": [
                ("a" * 32, "Bob", "Ann", "5.50", "undo"),
                ("b" * 32, "Cy", "Ann", "2", None),
            ],
        }
    )
    ok(b, "merge", str(ab))
    assert json.loads(ok(ab, "merge", str(b), "--json"))["new"] == {
        "players": 0,
        "matches": 0,
        "hands": 0,
        "corrections": 0,
    }
    conn = sqlite3.connect(b)
    conn.execute("UPDATE payments SET amount = '6' WHERE uid = ?", ["a" * 32])
    conn.commit()
    conn.close()
    assert refused(ab, "merge", str(b)).endswith(
        "payments aaaaaaaa... differs here and there (amount)"
    )


def test_two_prices_from_one_day_merge_alike_either_way(tmp_path: Path) -> None:
    """Each device changes the price from the same day; merged either way round, the price
    set later stands on both (the stakes are ordered by when they were set, not by where they
    landed in each ledger), so both settle alike."""
    a, b = common(tmp_path)
    ok(a, "match", "stake", "Evening", "0.05")
    ok(a, "backup", str(b), "--force")
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(a, "match", "stake", "Evening", "0.10", "--from", "2026-03-02")
    ok(b, "match", "stake", "Evening", "0.20", "--from", "2026-03-02")  # set after A's
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    ok(ab, "merge", str(a))
    ok(ba, "merge", str(b))
    settled = [json.loads(ok(db, "settle", "--all", "--json")) for db in (ab, ba)]
    assert settled[0] == settled[1]
    prices = [json.loads(ok(db, "match", "show", "Evening", "--json"))["stakes"] for db in (ab, ba)]
    assert prices[0] == prices[1]
    assert [p["amount"] for p in prices[0]][-1] == "0.20"
