"""The hands of a ledger: appending them, reading and streaming them (and the light rows a
replay reads), and correcting them (void, replace).

Terminology
- hand number: a hand's public number in its match (`HandRecord.number`): 1, 2, 3... in the
  order the hands were entered; an edit keeps it, a correction uses none up. The ledger's own
  identity of a hand (``hand_id``, what corrections point at) is `HandRecord.hand_id`; its
  identity everywhere (export, import, merge) is `HandRecord.uid` (`identity`), carried by
  every version of it.
- version: one row of ``hands`` (`HandRecord.row_id`); an edit appends a new version of the
  hand, with its hand_id and number, and its newest version is the hand.
- live hand: a hand with no ``void`` correction, in its newest version (`LIVE_HANDS`); live hands
  are played in (date, hand number) order.
- plays: the light rows a replay reads (`Hands.plays`).
- correction: a ``void`` (the hand stays in the ledger as history) or a ``replace`` (a new
  version that keeps the hand's number and place), with its reason (``corrections``).

A row of ``hands`` becomes a `HandRecord` in one function, `hand_record`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from gintally.errors import GintallyError, LedgerError, NotFoundError
from gintally.game.variants import Variant, variant_of
from gintally.ledger import files
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.damage import CHECK_HINT, UID_MISSING, UID_SAYS, damaged_hand
from gintally.ledger.guards import (
    FIRST_DAY,
    LAST_DAY,
    NUMBERS_INDEX,
    dates_damaged_sql,
    hand_damage,
    row_damage_sql,
    shown,
)
from gintally.ledger.guards import (
    match_damage_sql as match_damage_sql,  # (`imports` reads it here)
)
from gintally.ledger.identity import OrderedUids
from gintally.ledger.light import LOG_COLUMNS, LogValues, light_rows
from gintally.ledger.newest import (
    COUNT_NEWEST,
    NARROW,
    STANDING_VOID,
    WHOLE_LIVE,
    corrections,
)
from gintally.model import (
    HAND_COLUMNS,
    LEGACY_EXTRAS,
    HandRecord,
    Match,
    extras_from,
    plain_text,
)

# a match's live hands (``?``: the match id): each hand's newest version, unless voided
LIVE_HANDS = (
    "SELECT h.* FROM hands h WHERE h.match_id = ? "
    # the latest version of the hand (a probe of hands_versions; cheaper than max())
    "AND NOT EXISTS (SELECT 1 FROM hands h2 WHERE h2.hand_id = h.hand_id AND h2.id > h.id) "
    "AND NOT EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
    "AND " + STANDING_VOID + ")"
)

# a column that says a row has the number of another hand of its match (damage: `hand_record`)
_DUPLICATE = (
    "EXISTS (SELECT 1 FROM hands d WHERE d.match_id = h.match_id AND d.number = h.number "
    "AND d.hand_id != h.hand_id) AS duplicate"
)
_UNIQUE = "0 AS duplicate"  # the same where `guards.NUMBERS_INDEX` keeps the numbers unique

_ALL_HANDS = (  # {0}: `_DUPLICATE` or `_UNIQUE`; {1}: the voids' order (`_void_order`)
    "SELECT h.*, {0}, (SELECT count(*) FROM hands h3 WHERE h3.hand_id = h.hand_id) AS versions,"
    " EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
    "AND " + STANDING_VOID + ") AS voided, (SELECT c.reason FROM corrections c "
    "WHERE c.hand_id = h.hand_id AND " + STANDING_VOID + " ORDER BY {1} LIMIT 1) "
    "AS void_reason FROM hands h WHERE h.match_id = ? "
    "AND h.id = (SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id)"
)

# what `plays` reads; a row `guards.row_damage_sql` finds damaged reads its kind as ``!`` and
# its row id, which no kind is (`plays_of`)
_PLAYS = (
    "h.number, h.date, CASE WHEN {} THEN '!' || h.id ELSE h.kind END, h.winner, h.points, h.dealer"
)
# what a hand's result is worked out from (besides the result itself), read with each play row
# as one JSON array: a replay settles each distinct set again (`service.replaying`), so that a
# row whose stored result contradicts its own inputs is refused, not shown
INPUTS = (
    "claim",
    "knocker",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
    "layoffs",
    "upcard",
    "extras",
)
BATCH = 2000  # light rows a stream reads from the file at once (whole rows: half as many)


class Hands(LedgerCore):
    """The hands of an open ledger and their corrections (a part of `Ledger`)."""

    # --- appending -----------------------------------------------------------------------------

    def add_hand(self, match: Match, hand: HandRecord) -> HandRecord:
        """Append one hand; returns it with its public number."""
        return self.add_hands(match, [hand])[0]

    def add_hands(self, match: Match, hands: Iterable[HandRecord]) -> list[HandRecord]:
        """Append hands in one transaction (all or none), numbered after the match's last."""
        with self.write() as conn:
            return self._append(conn, match, hands)

    def _append(
        self, conn: sqlite3.Connection, match: Match, hands: Iterable[HandRecord]
    ) -> list[HandRecord]:
        """Write new hands, numbered after the match's last (inside a write)."""
        out = []
        number = conn.execute(
            "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?", [match.id]
        ).fetchone()[0]
        uids = OrderedUids(conn, "hands")
        for hand in hands:
            number += 1
            out.append(self._insert(conn, match.id, hand, None, number, uids.next()))
        return out

    def _insert(
        self,
        conn: sqlite3.Connection,
        match_id: int,
        hand: HandRecord,
        key: int | None,
        number: int,
        uid: str | None,
    ) -> HandRecord:
        """Write one version of a hand: a new hand (`key` None) or a new version of hand `key`.
        `number` is the hand's number in its match, `uid` the hand's identity (every version
        carries it)."""
        values = [hand.date.isoformat(), *hand.stored()]
        now = timestamp()
        cur = conn.execute(
            f"INSERT INTO hands(hand_id, match_id, number, uid, {', '.join(HAND_COLUMNS)}, "
            f"created_at) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 5))})",
            [key or 0, match_id, number, uid, *values, now],
        )
        row = int(cur.lastrowid or 0)
        if key is None:
            orphan = conn.execute(
                "SELECT id, action FROM corrections WHERE hand_id = ? LIMIT 1", [row]
            ).fetchone()
            if orphan is not None:  # written before the guards: it would apply to this hand
                raise LedgerError(
                    f"the ledger is damaged: corrections row {orphan[0]} is a {orphan[1]} of "
                    f"hand key {row}, which is not in the ledger (a new hand would take it); "
                    f"{CHECK_HINT}"
                )
            key = row
            conn.execute("UPDATE hands SET hand_id = ? WHERE id = ?", [row, row])
        return replace(
            hand,
            number=number,
            hand_id=key,
            row_id=row,
            match_id=match_id,
            created_at=now,
            uid=uid,
        )

    # --- reading -------------------------------------------------------------------------------

    def _live(
        self,
        columns: str,
        match: Match,
        after: tuple[date, int] | None = None,
        since: date | None = None,
        until: date | None = None,
        whole: bool = False,
    ) -> tuple[str, list[Any]]:
        """The query of a match's live hands in play order, after a cut (date, hand number)
        and within a date window ``[since, until)`` when given. `whole`: for a read of the
        whole match (`WHOLE_LIVE`)."""
        live = WHOLE_LIVE if whole else LIVE_HANDS
        sql = f"SELECT {columns} FROM hands h " + live[len("SELECT h.* FROM hands h ") :]
        params: list[Any] = [match.id]
        if after is not None:
            day = after[0].isoformat()
            sql += " AND h.date >= ? AND (h.date > ? OR h.number > ?)"
            params += [day, day, after[1]]
        if since is not None:
            sql += " AND h.date >= ?"
            params.append(since.isoformat())
        if until is not None:
            sql += " AND h.date < ?"
            params.append(until.isoformat())
        return sql + " ORDER BY h.date, h.number", params

    def live_hands(
        self, match: Match, since: date | None = None, until: date | None = None
    ) -> list[HandRecord]:
        """The match's live hands in play order (date, then number), in a date window
        ``[since, until)`` when given."""
        if since is not None or until is not None:
            self.refuse_hidden(match)
        sql, params = self._live(f"h.*, {self._duplicate()}", match, None, since, until)
        read = reader(match)
        return [read(r) for r in self._rows(sql, params)]

    def all_hands(self, match: Match) -> list[HandRecord]:
        """Every hand of the match, live or voided, each in its newest version."""
        return list(self.stream_hands(match))

    def _log_query(
        self, match: Match, since: date | None, every: bool = False
    ) -> tuple[str, list[Any]]:
        """The hand log's query (every hand, newest versions, from the day `since`; `every`:
        every version, and no correction, for `light_rows` and its `newest.Corrections`),
        before any row is read: the damaged rows SQL can tell are refused first, since a log
        is printed as it streams."""
        if every:
            sql = f"SELECT h.*, {self._duplicate()} FROM hands h WHERE h.match_id = ?"
        else:
            sql = _ALL_HANDS.format(self._duplicate(), self._void_order())
        params: list[Any] = [match.id]
        if since is not None:
            sql += " AND h.date >= ?"
            params.append(since.isoformat())
            self.refuse_hidden(match)
        self.refuse_damaged(match, since)
        return sql, params

    def stream_hands(self, match: Match, since: date | None = None) -> Iterator[HandRecord]:
        """Every hand of the match (from the day `since`), live or voided, each in its newest
        version, in play order, read one at a time from a cursor: memory does not grow with
        the ledger (the hand log)."""
        sql, params = self._log_query(match, since)
        yield from self._stream(sql + " ORDER BY h.date, h.number", params, reader(match))

    def last_number(self, match: Match) -> int:
        """The match's highest hand number (0 before its first hand)."""
        return int(
            self._rows("SELECT max(number) FROM hands WHERE match_id = ?", [match.id])[0][0] or 0
        )

    def count_hands(
        self,
        match: Match,
        voided: bool = False,
        since: date | None = None,
        until: date | None = None,
    ) -> int:
        """How many hands the match has in a date window ``[since, until)``: the live ones, or
        with `voided` every hand."""
        if not voided:
            live, args = self._live("count(*)", match, None, since, until)
            return int(self._rows(live.replace(" ORDER BY h.date, h.number", ""), args)[0][0])
        # a hand's date is its newest version's: the rows in the window, less the stale ones
        # (found from the few hands with more than one version, not probed for every row)
        window, params = "", []
        for bound, op in ((since, ">="), (until, "<")):
            if bound is not None:
                window += f" AND h.date {op} ?"
                params.append(bound.isoformat())
        return int(self._rows(COUNT_NEWEST.format(window), [match.id, *params] * 2)[0][0])

    def hand_count(self) -> int:
        return int(self._rows("SELECT count(*) FROM hands")[0][0])

    def hand(self, match: Match, number: int) -> HandRecord:
        """A hand's newest version by its number in the match, voided or not."""
        rows = []
        if 0 < number < 2**63:
            rows = self._rows(
                "SELECT h.*, EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
                f"AND {STANDING_VOID}) AS voided, {self._duplicate()} FROM hands h "
                "WHERE h.match_id = ? AND h.number = ? ORDER BY h.id DESC LIMIT 1",
                [match.id, number],
            )
        if not rows:
            last = self._rows("SELECT max(number) FROM hands WHERE match_id = ?", [match.id])
            have = f"its hands are 1 to {last[0][0]}" if last[0][0] else "it has no hands yet"
            raise NotFoundError(f"match {match.name!r} has no hand {number} ({have})")
        return reader(match)(rows[0])

    def last_hand(self, match: Match) -> HandRecord | None:
        """The live hand entered last (whatever its date): what `undo` takes back."""
        rows = self._rows(LIVE_HANDS + " ORDER BY h.number DESC LIMIT 1", [match.id])
        return reader(match)(rows[0]) if rows else None

    def live_hands_latest(self, match: Match, before: date | None = None) -> HandRecord | None:
        """The live hand played last (by date, then number), before a date when given."""
        sql, params = LIVE_HANDS, [str(match.id)]
        if before is not None:
            sql += " AND h.date < ?"
            params.append(before.isoformat())
        rows = self._rows(sql + " ORDER BY h.date DESC, h.number DESC LIMIT 1", params)
        return reader(match)(rows[0]) if rows else None

    def latest_dealt(
        self, match: Match, before: date, redealt: Sequence[str], decided: bool
    ) -> HandRecord | None:
        """The live hand played last before the day `before` that names its dealer, or (with
        `decided`) that has a winner and is not of a kind in `redealt`: the last hand whose
        dealer, or the dealer after it, the hands before it cannot change."""
        kinds = ", ".join("?" * len(redealt))
        which = "h.dealer IS NOT NULL"
        if decided:
            which += f" OR (h.winner IS NOT NULL AND h.kind NOT IN ({kinds}))"
        sql = LIVE_HANDS + f" AND h.date < ? AND ({which})"
        params = [match.id, before.isoformat(), *(redealt if decided else ())]
        rows = self._rows(sql + " ORDER BY h.date DESC, h.number DESC LIMIT 1", params)
        return reader(match)(rows[0]) if rows else None

    def count_decided(
        self, match: Match, after: tuple[date, int] | None, before: date, redealt: Sequence[str]
    ) -> int:
        """How many live hands after the cut `after` (date, hand number) and before the day
        `before` have a winner and are not of a kind in `redealt` (counted in SQLite: nothing
        is read into Python however many there are)."""
        sql, params = self._live("count(*)", match, after, None, before)
        sql = sql.replace(" ORDER BY h.date, h.number", "")
        kinds = ", ".join("?" * len(redealt))
        sql += f" AND h.winner IS NOT NULL AND h.kind NOT IN ({kinds})"
        return int(self._rows(sql, [*params, *redealt])[0][0])

    # --- replaying fast ------------------------------------------------------------------------

    def plays(
        self,
        match: Match,
        after: tuple[date, int] | None = None,
        since: date | None = None,
        until: date | None = None,
        verified: int = 0,
    ) -> list[tuple[int, str, str, int | None, int, int | None, int | None, str | None]]:
        """Live hands in play order as light rows (number, date, kind, winner, points, dealer,
        other points, the inputs the result was worked out from: `INPUTS` as a JSON array):
        what a replay reads. `after` keeps the hands after a mark's cut (date,
        hand number); `since` / `until` a date window ``[since, until)``; `verified`: the hand
        row up to which the rows were settled again already (a trusted mark's `seen`): theirs
        come without inputs, and are not settled again."""
        sql, params = self._live(self._plays(verified=verified), match, after, since, until)
        if since is not None or until is not None:
            self.refuse_hidden(match)
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def _plays(self, dates: bool = True, verified: int = 0) -> str:
        """The columns `plays` reads (`dates`: whether a row's date is asked for its damage;
        `verified`: as for `plays`)."""
        columns = self._hand_columns()
        other = "h.other_points" if "other_points" in columns else "NULL"
        damaged = row_damage_sql(columns, self._numbers_unique(), dates)
        inputs = "NULL"  # an old ledger read as it is (its variants' columns of old): not asked
        if all(c in columns for c in INPUTS):
            inputs = f"json_array({', '.join(f'h.{c}' for c in INPUTS)})"
            if verified > 0:
                inputs = f"CASE WHEN h.id > {int(verified)} THEN {inputs} END"
        return f"{_PLAYS.format(damaged)}, {other}, {inputs}"

    def _numbers_unique(self) -> bool:
        """Whether the ledger keeps hand numbers unique by its index (`guards.NUMBERS_INDEX`):
        then no reader looks for two hands with one number."""
        known: bool | None = getattr(self, "_unique_numbers", None)
        if known is None:
            known = bool(
                self._rows(
                    "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?",
                    [NUMBERS_INDEX],
                )
            )
            self._unique_numbers = known
        return known

    def _void_order(self) -> str:
        """The order in which a hand's voids stand: the latest by uid (``m013_identities``),
        so two devices that each voided a hand show the same reason; a ledger of before
        (read as it is) by the order they were written."""
        order: str | None = getattr(self, "_voids_by", None)
        if order is None:
            columns = {r[1] for r in self._rows("PRAGMA table_info(corrections)", [])}
            order = "c.uid DESC, c.id DESC" if "uid" in columns else "c.id DESC"
            self._voids_by = order
        return order

    def _duplicate(self) -> str:
        """The column ``duplicate`` of a hands query (`hand_record` refuses a row it marks)."""
        return _UNIQUE if self._numbers_unique() else _DUPLICATE

    def refuse_damaged(self, match: Match, since: date | None = None) -> None:
        """Refuse the match's first damaged row (from the day `since`) that SQLite can tell,
        in one query: for a reader that prints rows as it reads them, so that it stops before
        printing any. (What only Python reads, a card or a pile, is refused as it is read.)"""
        dates = bool(self._rows(dates_damaged_sql(), [match.id]))  # else no row's is asked
        damaged = match_damage_sql(match, self._hand_columns(), self._numbers_unique(), dates)
        sql = f"SELECT h.*, {self._duplicate()} FROM hands h WHERE h.match_id = ?"
        params: list[Any] = [match.id]
        if since is not None:
            sql += " AND h.date >= ?"
            params.append(since.isoformat())
        rows = self._rows(f"{sql} AND ({damaged}) ORDER BY h.date, h.number LIMIT 1", params)
        if rows:
            reader(match)(rows[0])  # refuses it, saying what is wrong
            raise damaged_hand(rows[0]["id"], rows[0]["number"], "holds what gintally cannot use")

    def refuse_unidentified(self, match: Match) -> None:
        """Refuse the match's first hand row whose uid is missing (another tool cleared it):
        an export of it would be a new hand on the device that imports it, counted twice.
        (A ledger from before identities, read as it is, has none to check.)"""
        if "uid" not in self._hand_columns():
            return
        rows = self._rows(
            f"SELECT id, number, quote(uid) FROM hands WHERE match_id = ? AND ({UID_MISSING}) "
            "ORDER BY id LIMIT 1",
            [match.id],
        )
        if rows:
            raise damaged_hand(rows[0][0], rows[0][1], UID_SAYS.format(rows[0][2]))

    def refuse_hidden(self, match: Match) -> None:
        """Refuse a damaged row that a read of a date window would pass over in silence: a
        date that is not text or out of range sorts outside every window (two probes of the
        play-order index)."""
        rows = self._rows(
            "SELECT * FROM (SELECT id, number, date FROM hands WHERE match_id = ? AND date < ? "
            "LIMIT 1) UNION ALL SELECT * FROM (SELECT id, number, date FROM hands "
            "WHERE match_id = ? AND date > ? LIMIT 1)",
            [match.id, FIRST_DAY, match.id, LAST_DAY],
        )
        if rows:
            r = rows[0]
            raise damaged_hand(r[0], r[1], f"has a date out of range ({r[2]!r})")

    def stream_plays(
        self, match: Match, until: date | None = None, after: tuple[date, int] | None = None
    ) -> Iterator[tuple[int, str, str, int | None, int, int | None, int | None, str | None]]:
        """The rows of `plays` for a whole match (before the day `until`, after a cut when
        given), read from the file in batches as they are consumed (a million hands never sit
        in memory at once). Use it inside `snapshot`."""
        whole = until is None and after is None  # then each distinct date asked first
        dates = not whole or bool(self._rows(dates_damaged_sql(), [match.id]))
        sql, params = self._live(self._plays(dates), match, after, until=until, whole=whole)
        if not whole:
            self.refuse_hidden(match)
        try:
            cursor = self.conn.execute(sql, params)
            while batch := cursor.fetchmany(BATCH):
                yield from batch
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def stream_hand_values(
        self,
        match: Match,
        settle: bool = False,
        read: Callable[[sqlite3.Row], HandRecord] | None = None,
    ) -> Iterator[HandValues]:
        """`live_hands` of a whole match made light for `check`, which reads every hand of every
        match, read from the file in batches as they are consumed (memory does not grow with
        the match): for each live hand in play order its number, its date, the values it stores
        after the date (`HAND_COLUMNS` order: what settling it again reads) and a token that
        `record_of` turns into its `HandRecord`. A damaged date or number is refused as
        `live_hands` refuses it; a record is built only when asked for. Use it inside
        `snapshot`. `settle`: only what settling a hand again reads is read (`NARROW`: the
        record of a token has no uid and no time of writing). `read` (a match's `reader`, or
        one that also settles the record again) is asked for the first row of each distinct
        set of stored values (`light.light_rows`)."""
        settle = settle and all(c in self._hand_columns() for c in HAND_COLUMNS)  # (old: h.*)
        sql, params = self._live(NARROW if settle else "h.*", match, whole=True)
        try:
            cursor = self.conn.execute(sql, params)
            yield from light_rows(cursor, (), read, hand_record, _INT_COLUMNS, BATCH // 2)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def stream_hand_log(self, match: Match, since: date | None = None) -> Iterator[LogValues]:
        """`stream_hands` made light for the hand log: for each hand (from the day `since`),
        live or voided, in play order, what `stream_hand_values` gives and then its number of
        versions, whether it is voided and why. A damaged row is refused as `stream_hands`
        refuses it: the first row of each distinct set of stored values is read into its record
        (`reader`), the others store the same values. Use it inside `snapshot`."""
        try:
            with self.snapshot():  # the corrections and the rows of one state of the file
                corrected = corrections(self.conn, self._void_order(), self._hand_columns())
                # every version with `corrected`: `light_rows` skips the stale rows
                sql, params = self._log_query(match, since, every=corrected is not None)
                cursor = self.conn.execute(sql + " ORDER BY h.date, h.number", params)
                yield from light_rows(
                    cursor,
                    LOG_COLUMNS,
                    reader(match),
                    hand_record,
                    _INT_COLUMNS,
                    BATCH // 2,
                    corrected,
                )
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    # --- corrections ---------------------------------------------------------------------------

    def void(self, match: Match, number: int, reason: str | None = None) -> HandRecord:
        """Void hand `number` of the match (it stays in the ledger as history)."""
        reason = _reason(reason)
        with self.write() as conn:
            hand = self.hand(match, number)
            if hand.voided:
                raise GintallyError(f"hand {number} is already void")
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at, uid) VALUES (?, 'void', NULL, ?, ?, ?)",
                [hand.hand_id, reason, timestamp(), OrderedUids(conn, "corrections").next()],
            )
        return replace(hand, voided=True)

    def restore(self, match: Match, number: int, reason: str | None = None) -> HandRecord:
        """Bring back voided hand `number` of the match under its own number and place: a
        correction ``restore``, after which its void no longer stands (`STANDING_VOID`)."""
        reason = _reason(reason)
        with self.write() as conn:
            hand = self.hand(match, number)
            if not hand.voided:
                raise GintallyError(f"hand {number} is not void: there is nothing to restore")
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at, uid) VALUES (?, 'restore', NULL, ?, ?, ?)",
                [hand.hand_id, reason, timestamp(), OrderedUids(conn, "corrections").next()],
            )
        return replace(hand, voided=False, void_reason=None)

    def replace_hand(
        self, match: Match, number: int, new: HandRecord, reason: str | None = None
    ) -> HandRecord:
        """Replace hand `number` of the match by a new version that keeps its number and its
        place."""
        reason = _reason(reason)
        with self.write() as conn:
            old = self.hand(match, number)
            if old.voided:
                raise GintallyError(f"hand {number} is void: it cannot be edited")
            stored = self._insert(conn, old.match_id, new, old.hand_id, number, old.uid)
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at, uid) VALUES (?, 'replace', ?, ?, ?, ?)",
                [
                    old.hand_id,
                    stored.row_id,
                    reason,
                    timestamp(),
                    OrderedUids(conn, "corrections").next(),
                ],
            )
        return stored

    def corrections(self, match: Match) -> list[dict[str, Any]]:
        rows = self._rows(
            "SELECT c.* FROM corrections c WHERE c.hand_id IN "
            "(SELECT hand_id FROM hands WHERE match_id = ?) ORDER BY c.id",
            [match.id],
        )
        return [dict(r) for r in rows]


HandValues = tuple[int, date, tuple[Any, ...], Any]  # what `Hands.stream_hand_values` yields
_INT_COLUMNS = ("points", "winner", "knocker", "dealer", "number")  # `hand_record` checks them


def reader(match: Match) -> Callable[[sqlite3.Row], HandRecord]:
    """`hand_record` for the rows of one match: its players and its variant's extras checked."""
    ids = frozenset(p.id for p in match.members)
    variant = variant_of(match.rules)
    most = variant.max_points(match.rules)
    return lambda row: hand_record(row, ids, variant, most)


def record_of(token: Any, read: Callable[[sqlite3.Row], HandRecord] | None = None) -> HandRecord:
    """The record of a hand from the token `Ledger.stream_hand_values` gave with it (`read`: a
    match's `reader`, which checks its players and its variant's extras too)."""
    if isinstance(token, HandRecord):
        return token
    return hand_record(token) if read is None else read(token)


def hand_record(
    row: sqlite3.Row,
    players: Collection[int] | None = None,
    variant: Variant | None = None,
    most: int | None = None,
) -> HandRecord:
    """The `HandRecord` of a row of ``hands`` (``h.*``, with ``voided``, ``versions`` and
    ``void_reason`` when the query reads them); a damaged row (a date or whole number that does
    not read, or what `guards.hand_damage` finds, with `players` the ids of its match's players
    when given, extras its match's `variant` does not read, or more points than its rules
    allow, `most`) is refused (`damaged_hand`). The one place that knows how a row's columns make
    a record."""
    r = dict(zip(row.keys(), row, strict=True))  # a Row looks names up one by one, slowly
    try:
        text = r["date"]
        day = date.fromisoformat(text)
        if day.isoformat() != text:  # 20250103 reads too: not as gintally writes it
            raise ValueError(text)
    except (TypeError, ValueError):
        raise damaged_hand(r["id"], r["number"], f"has no readable date ({r['date']!r})") from None
    if r.get("duplicate"):
        raise damaged_hand(
            r["id"], r["number"], f"has hand number {r['number']}, another hand's in its match"
        )
    for column in _INT_COLUMNS:
        if r[column] is not None and type(r[column]) is not int:
            raise damaged_hand(r["id"], r["number"], f"holds {column} {r[column]!r}")
    wrong = hand_damage(r, players)
    if wrong is not None:
        raise damaged_hand(r["id"], r["number"], wrong)
    if most is not None and r["points"] > most:
        raise damaged_hand(
            r["id"],
            r["number"],
            f"holds {r['points']} points, more than any hand scores under "
            f"its rules (at most {most})",
        )
    get = r.get
    if "extras" in r:
        try:
            extras = extras_from(r["extras"])
        except (TypeError, ValueError):
            text = r["extras"]
            if isinstance(text, str) and len(text) > 60:  # one line, whatever another tool wrote
                said = f"extras that do not read as a JSON object ({len(text):,} characters)"
            else:
                said = f"extras {text!r}"
            raise damaged_hand(r["id"], r["number"], f"holds {said}") from None
    else:  # a ledger read as it is, not migrated yet: the variants' columns of old
        extras = {c: r[c] for c in LEGACY_EXTRAS if get(c) is not None}
    if variant is not None and extras:
        unread = variant.stored_problems(extras)
        if unread:
            raise damaged_hand(r["id"], r["number"], f"holds extras that do not read: {unread[0]}")
    return HandRecord(
        date=day,
        **{c: get(c) for c in HAND_COLUMNS[1:-1]},  # type: ignore[arg-type]
        extras=extras,
        number=r["number"],
        hand_id=r["hand_id"],
        row_id=r["id"],
        match_id=r["match_id"],
        created_at=r["created_at"],
        uid=get("uid"),
        voided=bool(r["voided"]) if "voided" in r else False,
        versions=get("versions", 1),
        void_reason=shown(get("void_reason")),
    )


def _reason(reason: str | None) -> str | None:
    return plain_text(reason, "the reason", one_line=True) or None if reason else None
