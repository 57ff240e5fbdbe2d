"""Damaging a ledger behind gintally's back, as a row written before the guards (`m011_guards`)
or by a tool that dropped them would leave it: the guards are dropped, the statements run with
foreign keys and CHECK constraints off, and the guards are made again (the triggers do not look
at rows already there; the unique index of hand numbers is left out when the damage breaks it)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path


def unguarded(db: Path, *statements: str) -> None:
    """Run `statements` on the ledger `db` as if its guards were not there, in one commit."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("PRAGMA ignore_check_constraints = ON")
        guards = conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name GLOB 'guard_*'"
        ).fetchall()
        for kind, name, _ in guards:
            conn.execute(f"DROP {kind.upper()} {name}")
        for sql in statements:
            conn.execute(sql)
        for _, _, sql in guards:
            with contextlib.suppress(sqlite3.IntegrityError):  # an index the damage breaks
                conn.execute(sql)
        conn.commit()
    finally:
        conn.close()
