"""Hands' histories in and out of a ledger by identity: what an export needs to carry so that
another device ends with the same hands (`History.histories`), and what an import does with
it (`History.bring_hand`, `History.bring_correction`), by the rules `merging` follows; and
the payments taken back, likewise (`History.payments_taken_back`,
`History.bring_payment_void`).

Terminology
- history: a corrected hand's first version (its facts as first recorded, its uid, when) and
  its corrections in uid order (`model.Correction`: an edit, ``replace``, with the version it
  made, or a ``void``), each with its own uid and time. A hand never corrected has none: its
  export row is all there is of it.
- brought in: a hand or a correction made on another device, added here with its uid and the
  time it was first recorded; a hand numbered after the match's last, until `renumber` puts
  the match's hands in entry order.
- placing an edit (`version_row`): a hand's newest version is its newest row (every reader's
  rule), and that is the version of its edit with the greatest uid. An edit brought in after a
  newer one is here is written below every row (a negative row id): history, as `merging`
  writes it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any, NamedTuple

from gintally.errors import LedgerError
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.damage import damaged_row
from gintally.ledger.hands import hand_record, reader
from gintally.ledger.imports import renumber
from gintally.ledger.newest import STANDING_VOID
from gintally.model import HAND_COLUMNS, Correction, HandRecord, Match, Payment


def version_row(conn: sqlite3.Connection, hand_id: int, uid: str) -> int:
    """The row id for the version of an edit (uid `uid`) of hand `hand_id` brought in: above
    every row when no edit of the hand here is newer, else below every row (history)."""
    newer = conn.execute(
        "SELECT 1 FROM corrections WHERE hand_id = ? AND action = 'replace' AND uid > ?",
        [hand_id, uid],
    ).fetchone()
    at = "min(0, coalesce(min(id), 0)) - 1" if newer else "coalesce(max(id), 0) + 1"
    return int(conn.execute(f"SELECT {at} FROM hands").fetchone()[0])


def _no_version(c: sqlite3.Row) -> LedgerError:
    """The refusal of an edit (correction row `c`) whose version is no version of its hand."""
    return damaged_row(
        "corrections",
        c["id"],
        f"replaces hand key {c['hand_id']} by {c['replacement']!r}, which is no version of "
        "that hand",
    )


def _values(hand: HandRecord) -> list[Any]:
    return [hand.date.isoformat(), *hand.stored()]


class History(LedgerCore):
    """Hands' histories of an open ledger (a part of `Ledger`)."""

    def histories(self, match: Match) -> Iterator[tuple[HandRecord, list[Correction]]]:
        """Each corrected hand of the match (voided or edited), in number order: its first
        version (with its uid, number and time) and its corrections, oldest uid first. Read
        one hand at a time (corrections are few; a match's hands are not all held)."""
        read = reader(match)
        hands = self.conn.execute(
            # driven by the corrections (few), not by the match's hands (a million)
            "SELECT h.* FROM hands h WHERE h.id IN (SELECT hand_id FROM corrections) "
            "AND h.match_id = ? AND h.id = h.hand_id ORDER BY h.number",
            [match.id],
        ).fetchall()
        for row in hands:
            first = read(row)
            corrections = []
            for c in self.conn.execute(
                "SELECT * FROM corrections WHERE hand_id = ? ORDER BY uid, id",
                [first.hand_id],
            ).fetchall():
                version = None
                if c["replacement"] is not None:
                    version = read(self._made_version(c))
                corrections.append(
                    Correction(c["uid"], c["action"], c["reason"], c["created_at"], version)
                )
            yield first, corrections

    def correction(self, uid: str) -> tuple[str, Correction] | None:
        """The uid of the hand a correction here is of, and the correction (None: not here)."""
        c = self.conn.execute("SELECT * FROM corrections WHERE uid = ?", [uid]).fetchone()
        if c is None:
            return None
        first = self.conn.execute("SELECT uid FROM hands WHERE id = ?", [c["hand_id"]]).fetchone()
        if first is None:
            raise damaged_row(
                "corrections",
                c["id"],
                f"is a {c['action']} of hand key {c['hand_id']}, which is not in the ledger",
            )
        version = None
        if c["replacement"] is not None:
            version = hand_record(self._made_version(c))
        return first[0], Correction(c["uid"], c["action"], c["reason"], c["created_at"], version)

    def refuse_broken_histories(self, match: Match) -> None:
        """Refuse the first edit of a hand of the match whose version is gone (another tool
        deleted or moved it): before an export writes anything (`histories` would meet it
        last)."""
        row = self.conn.execute(
            "SELECT c.* FROM corrections c JOIN hands h ON h.id = c.hand_id "
            "WHERE h.match_id = ? AND c.replacement IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM hands v WHERE v.id = c.replacement AND v.hand_id = c.hand_id) "
            "ORDER BY c.id LIMIT 1",
            [match.id],
        ).fetchone()
        if row is not None:
            raise _no_version(row)

    def _made_version(self, c: sqlite3.Row) -> sqlite3.Row:
        """The version an edit (correction row `c`) made: refused as damage when it is no
        version of the corrected hand, as `check` names it."""
        row: sqlite3.Row | None = self.conn.execute(
            "SELECT * FROM hands WHERE id = ?", [c["replacement"]]
        ).fetchone()
        if row is None or row["hand_id"] != c["hand_id"]:
            raise _no_version(c)
        return row

    def bring_hand(self, match: Match, hand: HandRecord, uid: str, created_at: str) -> None:
        """Add a hand made elsewhere (its first version), keeping its uid and time, numbered
        after the match's last (`renumber` gives it its place)."""
        with self.write() as conn:
            row = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM hands").fetchone()[0]
            number = conn.execute(
                "SELECT coalesce(max(number), 0) + 1 FROM hands WHERE match_id = ?", [match.id]
            ).fetchone()[0]
            conn.execute(
                f"INSERT INTO hands(id, hand_id, match_id, number, uid, {', '.join(HAND_COLUMNS)}"
                f", created_at) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 6))})",
                [row, row, match.id, number, uid, *_values(hand), created_at or timestamp()],
            )

    def bring_correction(self, hand_uid: str, c: Correction) -> None:
        """Add a correction made elsewhere of the hand `hand_uid` (here), keeping its uid and
        time: a void, or an edit whose version goes on top or below as its uid says
        (`version_row`)."""
        with self.write() as conn:
            first = conn.execute(
                "SELECT id, match_id, number FROM hands WHERE uid = ? AND id = hand_id",
                [hand_uid],
            ).fetchone()
            hand_id, match_id, number = first
            row = None
            if c.version is not None:
                row = version_row(conn, hand_id, c.uid)
                conn.execute(
                    f"INSERT INTO hands(id, hand_id, match_id, number, uid, "
                    f"{', '.join(HAND_COLUMNS)}, created_at) "
                    f"VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 6))})",
                    [
                        row,
                        hand_id,
                        match_id,
                        number,
                        hand_uid,
                        *_values(c.version),
                        c.created_at or timestamp(),
                    ],
                )
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, created_at, uid) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [hand_id, c.action, row, c.reason, c.created_at or timestamp(), c.uid],
            )

    def stored_versions(self, uid: str) -> tuple[int, bool, list[tuple[Any, ...]]] | None:
        """The match id of the hand whose identity is `uid`, whether it is voided, and each
        version's stored values (`HAND_COLUMNS`, as written: what an import's row is compared
        with first, without making records); None when the ledger has no such hand."""
        rows = self.conn.execute(
            f"SELECT h.match_id, EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = "
            f"h.hand_id AND {STANDING_VOID}), {', '.join('h.' + c for c in HAND_COLUMNS)} "
            "FROM hands h WHERE h.hand_id = (SELECT f.id FROM hands f WHERE f.uid = ? "
            "AND f.id = f.hand_id)",
            [uid],
        ).fetchall()
        if not rows:
            return None
        return int(rows[0][0]), bool(rows[0][1]), [tuple(r)[2:] for r in rows]

    def place_hands(self, match: Match) -> int:
        """After hands were brought in: number the match's hands in entry order (`renumber`)
        and forget its replay mark; returns how many hands took a new number."""
        with self.write() as conn:
            moved = renumber(conn, match.id)
            conn.execute("DELETE FROM replay_marks WHERE match_id = ?", [match.id])
        return moved

    def last_row(self) -> int:
        """The greatest row id of ``hands`` (what an import's new hands come after)."""
        return int(self.conn.execute("SELECT coalesce(max(id), 0) FROM hands").fetchone()[0])

    def numbers_after(self, match: Match, row: int) -> tuple[int | None, int | None]:
        """The least and greatest numbers of the match's hands first recorded after `row`."""
        found = self.conn.execute(
            "SELECT min(number), max(number) FROM hands WHERE match_id = ? AND id = hand_id "
            "AND id > ?",
            [match.id, row],
        ).fetchone()
        return found[0], found[1]

    # --- payments taken back -------------------------------------------------------------------

    def payments_taken_back(self, match: Match) -> list[tuple[Payment, str | None, str]]:
        """The match's payments taken back, in the order recorded: each payment, the reason
        and when it was taken back (none in a ledger from before payments)."""
        from gintally.ledger.payments import read_payment

        try:
            rows = self.conn.execute(
                "SELECT p.*, v.reason AS void_reason, v.created_at AS voided_at FROM payments p "
                "JOIN payment_voids v ON v.uid = p.uid WHERE p.match_id = ? ORDER BY p.id",
                [match.id],
            ).fetchall()
        except sqlite3.OperationalError:
            return []  # read-only, before m012_payments
        out = []
        for r in rows:
            paid = read_payment(r)
            out.append((paid, r["void_reason"], r["voided_at"]))
        return out

    def taken_back(self, uid: str) -> bool:
        """Whether the payment `uid` was taken back here."""
        found = self.conn.execute("SELECT 1 FROM payment_voids WHERE uid = ?", [uid])
        return found.fetchone() is not None

    def bring_payment_void(self, uid: str, reason: str | None, created_at: str) -> None:
        """Take back a payment here as another device took it back (its reason and time)."""
        with self.write() as conn:
            conn.execute(
                "INSERT INTO payment_voids(uid, reason, created_at) VALUES (?, ?, ?)",
                [uid, reason, created_at or timestamp()],
            )

    # --- changes, newest first (what `undo` takes back) ------------------------------------

    def changes(self, match: Match) -> list[Change]:
        """The match's corrections (few) and, as many as could be taken back past them, its
        hands entered last: each a `Change`, newest first (by uid: the order they were made)."""
        rows = self.conn.execute(
            "SELECT c.uid, c.action, c.reason, c.created_at, h.number, h.hand_id, c.replacement "
            "FROM corrections c JOIN hands h ON h.id = c.hand_id WHERE h.match_id = ?",
            [match.id],
        ).fetchall()
        found = [Change(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]
        hands = self.conn.execute(
            "SELECT uid, created_at, number, hand_id FROM hands WHERE match_id = ? "
            "AND id = hand_id ORDER BY number DESC LIMIT ?",
            [match.id, len(found) + 1],
        ).fetchall()
        found += [Change(r[0] or "", "hand", None, r[1], r[2], r[3], None) for r in hands]
        return sorted(found, key=lambda c: c.uid, reverse=True)

    def last_correction(self, match: Match) -> str:
        """The uid of the match's latest correction ('' for none; uids order by when made)."""
        found = self.conn.execute(
            "SELECT coalesce(max(c.uid), '') FROM corrections c JOIN hands h "
            "ON h.id = c.hand_id WHERE h.match_id = ?",
            [match.id],
        ).fetchone()
        return str(found[0])

    def version_made(self, match: Match, change: Change) -> HandRecord:
        """The version of its hand the edit `change` made."""
        row = self.conn.execute("SELECT * FROM hands WHERE id = ?", [change.replacement])
        return reader(match)(row.fetchone())

    def version_before(self, match: Match, change: Change) -> HandRecord:
        """The version of a hand in effect just before the edit `change`: the version the
        edit before it (by uid) made, else the hand's first version."""
        row = self.conn.execute(
            "SELECT h.* FROM hands h WHERE h.id = coalesce((SELECT c.replacement FROM "
            "corrections c WHERE c.hand_id = ? AND c.action = 'replace' AND c.uid < ? "
            "ORDER BY c.uid DESC LIMIT 1), ?)",
            [change.hand_id, change.uid, change.hand_id],
        ).fetchone()
        return reader(match)(row)


class Change(NamedTuple):
    """One change to a match's hands: a hand entered (``action`` ``"hand"``), or a
    correction (``"replace"``: an edit, ``"void"``, ``"restore"``), with its uid, reason,
    time, the hand's number and key, and an edit's version (its row)."""

    uid: str
    action: str
    reason: str | None
    created_at: str
    number: int
    hand_id: int
    replacement: int | None
