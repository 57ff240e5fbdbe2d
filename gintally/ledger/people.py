"""The players of a ledger: finding, creating and renaming them, and names as they are kept.

Terminology
- player: a person (``players``), known by a name unique without regard to case. Renaming
  changes the name, never the id, so a person's record is never split.
- name: a player's, match's or team's name as it is kept (`clean_name`): one line of plain text,
  spaces collapsed, at most 60 characters. Names are compared by Unicode case folding (the SQL
  function ``fold``, `gintally.model.fold`).
"""

from __future__ import annotations

import sqlite3
import unicodedata

from gintally.errors import GintallyError, LedgerError, NotFoundError
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.damage import CHECK_HINT
from gintally.ledger.guards import name_damage
from gintally.ledger.identity import random_uid
from gintally.model import Player, plain_text


class People(LedgerCore):
    """The players of an open ledger (a part of `Ledger`)."""

    def players(self) -> list[Player]:
        return [
            sound_player(r["id"], r["name"])
            for r in self._rows("SELECT id, name FROM players ORDER BY fold(name), id")
        ]

    def player(self, name: str) -> Player:
        rows = self._rows(
            "SELECT id, name FROM players WHERE fold(name) = fold(?) ORDER BY id", [name]
        )
        if not rows:
            raise NotFoundError(f"unknown player {name!r}")
        return sound_player(rows[0]["id"], rows[0]["name"])

    def rename_player(self, old: str, new: str) -> Player:
        clean = clean_name(new, "player")
        with self.write() as conn:
            who = self.player(old)
            clash = conn.execute(
                "SELECT id FROM players WHERE fold(name) = fold(?) AND id != ?", [clean, who.id]
            ).fetchone()
            if clash:
                raise GintallyError(f"there is already a player named {clean!r}")
            conn.execute("UPDATE players SET name = ? WHERE id = ?", [clean, who.id])
        return Player(who.id, clean)


def damaged_player(row_id: object, what: str) -> LedgerError:
    """The one line a command prints when it meets a damaged row of ``players``."""
    return LedgerError(f"the ledger is damaged: players row {row_id} {what}; {CHECK_HINT}")


def sound_player(row_id: int, name: str) -> Player:
    """The player of a row of ``players``, refused when its name is damaged (`name_damage`)."""
    wrong = name_damage(name)
    if wrong is not None:
        raise damaged_player(row_id, wrong)
    return Player(row_id, name)


def player_or_new(conn: sqlite3.Connection, name: str) -> Player:
    """The player named `name` (as names are compared), written now if there is none (inside a
    write)."""
    clean = clean_name(name, "player")
    row = conn.execute(
        "SELECT id, name FROM players WHERE fold(name) = fold(?) ORDER BY id", [clean]
    ).fetchone()
    if row:
        return sound_player(row["id"], row["name"])
    cur = conn.execute(
        "INSERT INTO players(name, created_at, uid) VALUES (?, ?, ?)",
        [clean, timestamp(), random_uid()],
    )
    return Player(int(cur.lastrowid or 0), clean)


def clean_name(name: str, what: str) -> str:
    """A name as it is kept: one line, its spaces collapsed, plain text, 1 to 60 characters;
    `what` (player, match, team) names it in a refusal."""
    clean = plain_text(" ".join(str(name).split()), f"the {what} name")
    for ch in clean:  # a zero-width space makes a second "Ann" that looks the same
        if unicodedata.category(ch) == "Cf":
            raise GintallyError(
                f"the {what} name {clean!r} holds an invisible character (U+{ord(ch):04X} "
                f"{unicodedata.name(ch, 'FORMAT CHARACTER')}): type the name without it"
            )
    if not clean:
        raise GintallyError(f"a {what} needs a name")
    if len(clean) > 60:
        raise GintallyError(f"a {what} name may be 60 characters at most: {clean[:20]!r}...")
    return clean
