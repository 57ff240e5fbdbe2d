"""Damage in a ledger: what SQLite finds wrong, the rows it accepts but gintally cannot use,
and the one line a command prints when it meets one.

Terminology
- integrity problem: what SQLite itself finds wrong (``PRAGMA integrity_check``, foreign keys).
- damaged row: a row SQLite accepts but gintally cannot use (a date that is not a date, a
  player who does not play in the match, two names that fold alike...), named as (where,
  what) by `Damage.damage`; `check` lists them all, any other command stops at the first it
  meets (`damaged_hand`, `CHECK_HINT`).
"""

from __future__ import annotations

import sqlite3

from gintally.errors import LedgerError
from gintally.game.scoring import Kind
from gintally.ledger import files, marks
from gintally.ledger.core import LedgerCore

CHECK_HINT = "run 'gintally check' to see every damaged row, or restore a backup"


def damaged_hand(row_id: object, number: object, what: str) -> LedgerError:
    """The one line a command prints when it meets a damaged hand row."""
    return LedgerError(
        f"the ledger is damaged: hands row {row_id} (hand {number}) {what}; {CHECK_HINT}"
    )


class Damage(LedgerCore):
    """The checks of an open ledger (a part of `Ledger`)."""

    def integrity_problems(self) -> list[str]:
        """What SQLite itself finds wrong: integrity and foreign keys."""
        try:
            return files.integrity_problems(self.conn)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def damage(self) -> list[tuple[str, str]]:
        """Rows SQLite accepts but gintally cannot use, as (where, what): the table and row.
        Every query here only reads, and none can fail on the damage it looks for."""
        found: list[tuple[str, str]] = []
        for sql, say in _DAMAGE:
            for row in self._rows(sql):
                found.append((f"{row[0]} row {row[1]}", say.format(*row[2:])))
        current = self.setting("current_match")
        if current is not None and not (
            current.isdigit() and self._rows("SELECT 1 FROM matches WHERE id = ?", [int(current)])
        ):
            found.append(("settings row current_match", f"{current!r} names no match"))
        for match_id in [int(r[0]) for r in self._rows("SELECT match_id FROM replay_marks")]:
            try:
                marks.load(self.conn, match_id)
            except marks.BadMark as e:
                found.append((f"replay_marks row {match_id}", f"{e} (a cache: it is ignored)"))
        return found


_KINDS = "(" + ", ".join(f"'{k}'" for k in Kind) + ")"  # every kind the game knows
_PLAYER_COLUMNS = ("winner", "knocker", "dealer")

# (query, message): each query yields (table, row id, values for the message...).
_DAMAGE: list[tuple[str, str]] = [
    (
        "SELECT 'hands', id, quote(date) FROM hands "
        "WHERE typeof(date) != 'text' OR date(date) IS NOT date ORDER BY id",
        "has no readable date ({})",
    ),
    *(
        (
            f"SELECT 'hands', id, quote({c}) FROM hands "
            f"WHERE typeof({c}) != 'integer' {'AND ' + c + ' IS NOT NULL' if c != 'points' else ''}"
            " ORDER BY id",
            f"holds {c} {{}}, not a whole number",
        )
        for c in ("points", "number", *_PLAYER_COLUMNS)
    ),
    *(
        (
            f"SELECT 'hands', h.id, h.{c} FROM hands h JOIN matches m ON m.id = h.match_id "
            f"WHERE h.{c} IS NOT NULL AND typeof(h.{c}) = 'integer' "
            f"AND h.{c} NOT IN (m.player_a, m.player_b) AND NOT EXISTS (SELECT 1 FROM "
            f"team_members t WHERE t.match_id = h.match_id AND t.player_id = h.{c}) ORDER BY h.id",
            f"names {c} player {{}}, who does not play in its match",
        )
        for c in _PLAYER_COLUMNS
    ),
    (
        f"SELECT 'hands', id, quote(kind) FROM hands WHERE kind NOT IN {_KINDS} ORDER BY id",
        "holds the unknown kind {}",
    ),
    (
        "SELECT 'hands', h.id, h.hand_id, o.match_id, h.match_id FROM hands h "
        "JOIN hands o ON o.hand_id = h.hand_id AND o.id < h.id AND o.match_id != h.match_id "
        "WHERE o.id = (SELECT min(id) FROM hands WHERE hand_id = h.hand_id) ORDER BY h.id",
        "is a version of hand key {} of match id {}, moved to match id {}",
    ),
    (
        "SELECT 'corrections', c.id, c.action, c.hand_id FROM corrections c "
        "WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = c.hand_id) ORDER BY c.id",
        "is a {} of hand key {}, which is not in the ledger",
    ),
    (
        "SELECT 'players', p.id, quote(p.name), q.id FROM players p JOIN players q "
        "ON fold(q.name) = fold(p.name) AND q.id < p.id "
        "WHERE q.id = (SELECT min(id) FROM players r WHERE fold(r.name) = fold(p.name)) "
        "ORDER BY p.id",
        "has the name {} of player row {} (names are compared by Unicode case folding)",
    ),
    (
        "SELECT 'matches', p.id, quote(p.name), q.id FROM matches p JOIN matches q "
        "ON fold(q.name) = fold(p.name) AND q.id < p.id "
        "WHERE q.id = (SELECT min(id) FROM matches r WHERE fold(r.name) = fold(p.name)) "
        "ORDER BY p.id",
        "has the name {} of match row {} (names are compared by Unicode case folding)",
    ),
]
