"""The names a shell completes (`names`): the players' or the matches' of a ledger file, read
with nothing else done. A completion runs at each Tab and must answer at once and change nothing:
the file is opened read-only (never created, migrated or locked), and a missing, busy or
damaged file completes nothing rather than failing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

TABLES = {"player": "players", "match": "matches"}


def names(path: Path, what: str) -> list[str]:
    """The names of `what` (``player`` or ``match``) in the ledger at `path`, sorted case-blind;
    none when it cannot be read."""
    table = TABLES[what]
    try:
        if not path.is_file():
            return []
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.2)
    except (OSError, ValueError, sqlite3.Error):
        return []
    try:
        rows = conn.execute(f"SELECT name FROM {table} ORDER BY name COLLATE NOCASE").fetchall()
    except sqlite3.Error:
        return []
    finally:
        conn.close()
    return [name for (name,) in rows if isinstance(name, str)]
