"""Damaging a ledger behind gintally's back, as a row written before the guards (`m011_guards`)
or by a tool that dropped them would leave it: the guards are dropped, the statements run with
foreign keys off, and the guards are made again (they do not look at rows already there)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def unguarded(db: Path, *statements: str) -> None:
    """Run `statements` on the ledger `db` as if its guards were not there, in one commit."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("PRAGMA ignore_check_constraints = ON")
        guards = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'guard_*'"
        ).fetchall()
        for name, _ in guards:
            conn.execute(f"DROP TRIGGER {name}")
        for sql in statements:
            conn.execute(sql)
        for _, sql in guards:
            conn.execute(sql)
        conn.commit()
    finally:
        conn.close()
