"""Importing hands into a ledger: the rows written as they are read, the refusal of a file
imported before, and the shapes of the insert statements that keep the import fast.

Terminology
- import: hands appended from a file in one write (`Imports.import_rows`), remembered in
  ``imports`` (the file's digest, its name, the hand numbers it took).
- imported before: a file with the digest of an earlier import into the match whose hands are
  still there; an export of the match: rows whose ids name live hands with the same date, kind,
  winner and points. Both are refused unless forced.
- shape: which of an imported row's values are None; the rows of one shape share one insert
  statement, with ``NULL`` written in it (`InsertShapes`).
"""

from __future__ import annotations

import json
import operator
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gintally.errors import GintallyError, LedgerError
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.guards import NUMBERS_INDEX
from gintally.ledger.hands import LIVE_HANDS, hand_record, match_damage_sql
from gintally.ledger.identity import OrderedUids
from gintally.ledger.newest import STANDING_VOID
from gintally.model import HAND_COLUMNS, HandRecord, Match


def renumber(conn: sqlite3.Connection, match_id: int) -> int:
    """Number a match's hands in entry order, the order of their uids (`identity`), inside a
    write; returns how many hands changed number. A hand made here is numbered after every
    hand the ledger had, so this changes nothing until hands made elsewhere come in (an
    import that keeps their uids, a merge): then hands from two devices take the same
    numbers whichever way they were brought together, and play in the same order.

    The one change of a hand's number gintally makes: every version of a hand moves with it.
    A number stays one hand's at every step (the hands that move go above the match's highest
    number first), and the schema's guards of a hand's versions (BEFORE UPDATE triggers, which
    see a hand half moved) are lifted for these statements and made again from their own text,
    inside the same transaction."""
    moves = conn.execute(
        "SELECT hand_id, n FROM (SELECT hand_id, number, row_number() OVER "
        "(ORDER BY uid IS NULL, uid, number) AS n FROM hands WHERE match_id = ? "
        "AND id = hand_id) WHERE number <> n",
        [match_id],
    ).fetchall()
    if not moves:
        return 0
    top = conn.execute("SELECT max(number) FROM hands WHERE match_id = ?", [match_id]).fetchone()
    guards = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'hands' "
        "AND sql LIKE '%BEFORE UPDATE%' ORDER BY name"
    ).fetchall()
    for name, _ in guards:
        conn.execute(f'DROP TRIGGER "{name}"')
    update = "UPDATE hands SET number = ? WHERE hand_id = ?"
    conn.executemany(update, [(top[0] + n, hand_id) for hand_id, n in moves])
    conn.executemany(update, [(n, hand_id) for hand_id, n in moves])
    for _, sql in guards:
        conn.execute(sql)
    return len(moves)


class Imports(LedgerCore):
    """Importing hands into an open ledger (a part of `Ledger`)."""

    def import_rows(
        self,
        match: Match,
        rows: Iterable[tuple[int | None, str | None, tuple[Any, ...]]],
        digest: Callable[[], str],
        source: str,
        force: bool = False,
        identified: Callable[[], bool] = lambda: False,
    ) -> tuple[int, int | None, int | None]:
        """Append imported hands as they are read, in one transaction (all or none), and
        remember the import; returns how many, and the first and last hand numbers.

        `rows` yields (the row's ``id`` in the file or None, the hand's uid or None for a new
        one, the hand's values in `HAND_COLUMNS` order with the date as ISO text); an error it
        raises rolls everything back. Hands that keep a uid made elsewhere take their place in
        entry order (`renumber`). `identified`, asked once the rows are read, says whether the
        file's rows carried uids: then they decided what is here, not the digest. `digest` is
        asked once `rows` is exhausted. Unless `force`, a file whose hands are already in the
        match is refused, in the same transaction (so two imports of one file at once cannot
        both land), checked after the rows are read: the same hands imported before (an import
        with the same digest whose hands are still there), or rows whose ids name live hands
        that were in the match before with the same date, kind, winner and points (an export of
        this very match). Nothing but a few ids per thousand rows (and the id of a row of each
        distinct date and result, for the check of what was written: at most `SHOWN_LIMIT`) is
        held in memory."""
        at = {c: i for i, c in enumerate(HAND_COLUMNS)}
        compared = [at["date"], at["kind"], at["winner"], at["points"]]
        with self.write() as conn:
            before = conn.execute(
                "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?", [match.id]
            ).fetchone()[0]
            row_id = conn.execute("SELECT coalesce(max(id), 0) FROM hands").fetchone()[0]
            now = timestamp()
            count = 0
            # Into an empty table (a new ledger's first import), the indexes are built once at
            # the end, from the exact text they were made with: a sort, where keeping them up
            # to date row by row costs nearly half of the insert. (Rolled back with the rest.)
            indexes = [] if row_id else drop_indexes(conn, "hands")
            guards = lift_guards(conn)  # checked once at the end instead of row by row
            first_row = row_id
            shapes = InsertShapes(match.id, now)
            memo, shape_of = shapes.memo, shapes.shape
            keyed: dict[int, tuple[Any, ...]] = {}  # file ids naming hands already there
            same: set[int] = set()
            fresh = OrderedUids(conn, "hands").many()
            kept = False  # a hand keeps the uid it was made with elsewhere
            # a row of each distinct date and of each distinct set of the other values (the
            # guards' verdict on a row is one on its date or one on the rest: `refuse_unguarded`
            # looks at these), None once there are too many to keep (then at every row)
            shown: list[int] | None = []
            days: set[str] = set()
            day = None
            for file_id, uid, values in rows:  # the inner loop of an import: kept lean
                count += 1
                row_id += 1
                if uid is None:
                    uid = next(fresh)
                else:
                    kept = True
                shape = memo.get(values[1:])
                if shape is None:
                    shape = shape_of(values)
                    if shown is not None:
                        shown.append(row_id)
                if values[0] != day:
                    day = values[0]
                    if day not in days and shown is not None:
                        days.add(day)
                        shown.append(row_id)
                        if len(shown) > SHOWN_LIMIT:
                            shown = None
                shape[0].append((row_id, row_id, before + count, uid, *shape[1](values)))
                if count % 2000 == 0:
                    self._flush(shapes, conn, source)
                if file_id is not None and file_id <= before and not force:
                    keyed[file_id] = tuple(values[i] for i in compared)
                    if len(keyed) >= 500:
                        same |= self._same_hands(conn, match, keyed)
                        keyed.clear()
            self._flush(shapes, conn, source)
            for sql in indexes:
                self._flush(shapes, conn, source, sql)
            self.refuse_unguarded(conn, match, first_row, shown)
            for sql in guards:
                conn.execute(sql)
            if keyed:
                same |= self._same_hands(conn, match, keyed)
            first, last = (before + 1, before + count) if count else (None, None)
            if kept and renumber(conn, match.id):
                first, last = conn.execute(
                    "SELECT min(number), max(number) FROM hands WHERE match_id = ? AND id > ?",
                    [match.id, row_id - count],
                ).fetchone()
            code = digest()
            if not force and not identified():  # rows with uids were sorted by them
                self._refuse_imported(conn, match, count, code, source)
                self._refuse_same(match, count, sorted(same), source)
            conn.execute(
                "INSERT INTO imports(match_id, digest, source, hands, first_hand, last_hand, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [match.id, code, source, count, first, last, now],
            )
        return count, first, last

    def numbered_in_order(self, match: Match, after: int, before: int) -> bool:
        """Whether the match's hands first written after row `after` keep the numbers an
        import gave them (`before` + 1, + 2... in the order of their rows): `renumber` moved
        none of them."""
        moved = self.conn.execute(
            "SELECT 1 FROM hands WHERE id > ? AND match_id = ? AND id = hand_id "
            "AND number <> ? + id - ? LIMIT 1",
            [after, match.id, before, after],
        ).fetchone()
        return moved is None

    def refuse_unguarded(
        self, conn: sqlite3.Connection, match: Match, after: int, shown: list[int] | None = None
    ) -> None:
        """Refuse the import when a row it wrote (row ids after `after`) is one the hands'
        guards would have refused: what the guards check row by row, in one query (an imported
        row is settled as a typed hand first, so this only catches a fault of gintally's).
        `shown`: the rows that stand for all (the first of each distinct date and of each
        distinct set of the other values, in row order): with the hand numbers kept unique by
        an index, what the guards find in a row is found in its date or in the rest, so the
        first row they refuse is among these."""
        columns = {r[1] for r in conn.execute("PRAGMA table_info(hands)")}
        unique = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [NUMBERS_INDEX]
        ).fetchone()
        params: list[object]
        rows, params = "h.id > ?", [after, match.id]
        if unique and shown is not None:
            rows, params = "h.id IN (SELECT value FROM json_each(?))", [json.dumps(shown), match.id]
        wrong = conn.execute(
            f"SELECT h.id, h.number FROM hands h WHERE {rows} AND h.match_id = ? AND "
            f"{match_damage_sql(match, columns, bool(unique))} ORDER BY h.id LIMIT 1",
            params,
        ).fetchone()
        if wrong is not None:
            raise LedgerError(
                f"the import would write hand {wrong[1]}, a row the ledger's guards refuse; "
                "nothing was written"
            )

    @staticmethod
    def _flush(
        shapes: InsertShapes, conn: sqlite3.Connection, source: str, index: str | None = None
    ) -> None:
        """Write the rows waiting (or build an index again), refusing a file that holds one
        hand's identity twice."""
        try:
            if index is None:
                shapes.flush(conn)
            else:
                conn.execute(index)
        except sqlite3.IntegrityError as e:
            if "uid" not in str(e):
                raise
            raise GintallyError(
                f"{source} holds a hand twice: two of its rows carry the same uid"
            ) from None

    def versions_of(self, uid: str) -> tuple[int, list[HandRecord]] | None:
        """The match id and every version of the hand whose identity is `uid` (oldest first,
        each marked voided when the hand is), or None when the ledger has no such hand."""
        rows = self._rows(
            "SELECT h.*, EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
            "AND " + STANDING_VOID + ") AS voided FROM hands h WHERE h.hand_id = "
            "(SELECT f.id FROM hands f WHERE f.uid = ? AND f.id = f.hand_id) ORDER BY h.id",
            [uid],
        )
        if not rows:
            return None
        return int(rows[0]["match_id"]), [hand_record(r) for r in rows]

    def _same_hands(
        self, conn: sqlite3.Connection, match: Match, keyed: dict[int, tuple[Any, ...]]
    ) -> set[int]:
        """The numbers in `keyed` of live hands of the match with the same (date, kind,
        winner, points)."""
        numbers = sorted(keyed)
        same: set[int] = set()
        for start in range(0, len(numbers), 500):
            chunk = numbers[start : start + 500]
            rows = conn.execute(
                "SELECT h.number, h.date, h.kind, h.winner, h.points "
                + LIVE_HANDS[len("SELECT h.* ") :]
                + f" AND h.number IN ({', '.join('?' * len(chunk))})",
                [match.id, *chunk],
            ).fetchall()
            same |= {r[0] for r in rows if keyed[r[0]] == (r[1], r[2], r[3], r[4])}
        return same

    def _refuse_imported(
        self, conn: sqlite3.Connection, match: Match, count: int, digest: str, source: str
    ) -> None:
        """Refuse a file whose hands were imported into the match before and are still there."""
        for first, last, when, earlier in conn.execute(
            "SELECT first_hand, last_hand, created_at, source FROM imports "
            "WHERE match_id = ? AND digest = ? AND hands > 0 ORDER BY id DESC",
            [match.id, digest],
        ).fetchall():
            there = conn.execute(
                "SELECT count(*) FROM hands h WHERE h.match_id = ? AND h.number BETWEEN ? AND ? "
                "AND h.id = h.hand_id AND NOT EXISTS (SELECT 1 FROM corrections c "
                "WHERE c.hand_id = h.hand_id AND " + STANDING_VOID + ")",
                [match.id, first, last],
            ).fetchone()[0]
            if there:
                took = f"hands {first}-{last}" if first != last else f"hand {first}"
                raise GintallyError(
                    f"{source}: its {_hands(count)} {'was' if count == 1 else 'were'} imported "
                    f"into {match.name} before "
                    f"(from {earlier} on {when[:10]}, {took}; {there} of them "
                    f"{'is' if there == 1 else 'are'} there); "
                    "add --force to import them again"
                )

    def _refuse_same(self, match: Match, count: int, same: Sequence[int], source: str) -> None:
        """Refuse a file holding hands of the match (the numbers `same`: an export of it)."""
        if same:
            raise GintallyError(
                f"{source} holds hands already in {match.name}: {len(same)} of its "
                f"{_hands(count)} {'has' if len(same) == 1 else 'have'} the number, date and "
                "result of hands there "
                f"({'hand' if len(same) == 1 else 'hands'} {_spans(same)}); "
                "add --force to import them anyway"
            )


def _spans(numbers: Sequence[int], most: int = 4) -> str:
    """Sorted hand numbers as runs: 1-12, 15, 17-18 (the first `most` runs, then how many more)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in runs[:most])
    return text + (f" and {len(runs) - most} more" if len(runs) > most else "")


SHOWN_LIMIT = 200_000  # rows an import remembers for `Imports.refuse_unguarded`

# a shape of imported row: the batch of its statement, and what takes its values that are not None
Shape = tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], tuple[Any, ...]]]


class InsertShapes:
    """Hands waiting to be written, grouped by which of their values are None.

    A NULL is written as the literal ``NULL`` in the statement of its row's shape rather than
    bound as a parameter: Python's sqlite3 binds None through its adapter lookup, which costs
    more than all the other values of a row together (about 0.4 µs a value, and an imported row
    has a dozen empty columns). So are the match and the time of an import, the same for every
    row (`match_id`, `created_at`); a merge, whose rows come from several matches at their own
    times, binds them (both None). The row id is bound for both ``id`` and ``hand_id`` (a new
    hand is its own first version; plain ``?`` placeholders, since Python 3.12 deprecates
    numbered ones bound from a sequence). The stored rows are the same as binding every value
    would write. `memo` maps a row's values but the date (equal values, equal shape) to its
    shape: the batch of its statement and what takes its values that are not None; a row of
    the batch is (row id, row id, hand number, uid, those values), or for a merge (row id, row
    id, match, hand number, uid, created at, those values)."""

    LIMIT = 10_000  # distinct rows remembered before the memo is cleared (memory stays bounded)

    def __init__(self, match_id: int | None = None, created_at: str | None = None) -> None:
        self.memo: dict[tuple[Any, ...], Shape] = {}
        self._batches: dict[str, list[tuple[Any, ...]]] = {}
        self._head = "?, ?, ?, ?, ?, ?"  # id, hand_id, match_id, number, uid, created_at
        if match_id is not None and created_at is not None:
            at = "'" + created_at.replace("'", "''") + "'"
            self._head = f"?, ?, {int(match_id)}, ?, ?, {at}"

    def shape(self, values: tuple[Any, ...]) -> Shape:
        kept = [i for i, v in enumerate(values) if v is not None]
        # the date (index 0) is never None, so there are always two or more (one would make
        # itemgetter give a bare value, not a tuple)
        assert len(values) == len(HAND_COLUMNS) and len(kept) > 1 and kept[0] == 0
        # plain ? in order: Python 3.12 deprecates numbered ?N with a sequence (3.14 refuses it)
        slots = ["NULL" if v is None else "?" for v in values]
        sql = (
            f"INSERT INTO hands(id, hand_id, match_id, number, uid, created_at, "
            f"{', '.join(HAND_COLUMNS)}) VALUES ({self._head}, {', '.join(slots)})"
        )
        shape = (self._batches.setdefault(sql, []), operator.itemgetter(*kept))
        if len(self.memo) >= self.LIMIT:
            self.memo.clear()
        self.memo[values[1:]] = shape
        return shape

    def flush(self, conn: sqlite3.Connection) -> None:
        for sql, batch in self._batches.items():
            if batch:
                conn.executemany(sql, batch)
                batch.clear()


def _hands(n: int) -> str:
    return "1 hand" if n == 1 else f"{n} hands"


def drop_indexes(conn: sqlite3.Connection, table: str) -> list[str]:
    """Drop the indexes of `table` made by CREATE INDEX; return their CREATE statements."""
    made = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
        "AND sql IS NOT NULL ORDER BY name",
        [table],
    ).fetchall()
    for name, _ in made:
        conn.execute(f'DROP INDEX "{name}"')
    return [sql for _, sql in made]


def lift_guards(conn: sqlite3.Connection) -> list[str]:
    """Drop the guards of the hands table (inside the import's write: a rollback puts them
    back); return their CREATE statements. Row by row they cost an import several times its
    own time; `Imports.refuse_unguarded` checks the imported rows at once instead."""
    made = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'hands' "
        "AND name GLOB 'guard_*' ORDER BY name"
    ).fetchall()
    for name, _ in made:
        conn.execute(f'DROP TRIGGER "{name}"')
    return [sql for _, sql in made]
