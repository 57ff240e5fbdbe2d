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

import operator
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gintally.errors import GintallyError
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.hands import LIVE_HANDS
from gintally.model import HAND_COLUMNS, Match


class Imports(LedgerCore):
    """Importing hands into an open ledger (a part of `Ledger`)."""

    def import_rows(
        self,
        match: Match,
        rows: Iterable[tuple[int | None, tuple[Any, ...]]],
        digest: Callable[[], str],
        source: str,
        force: bool = False,
    ) -> tuple[int, int | None, int | None]:
        """Append imported hands as they are read, in one transaction (all or none), and
        remember the import; returns how many, and the first and last hand numbers.

        `rows` yields (the row's ``id`` in the file or None, the hand's values in `HAND_COLUMNS`
        order with the date as ISO text); an error it raises rolls everything back. `digest` is
        asked once `rows` is exhausted. Unless `force`, a file whose hands are already in the
        match is refused, in the same transaction (so two imports of one file at once cannot
        both land), checked after the rows are read: the same hands imported before (an import
        with the same digest whose hands are still there), or rows whose ids name live hands
        that were in the match before with the same date, kind, winner and points (an export of
        this very match). Nothing but a few ids per thousand rows is held in memory."""
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
            indexes = [] if row_id else self._drop_indexes(conn, "hands")
            shapes = InsertShapes(match.id, now)
            memo, shape_of = shapes.memo, shapes.shape
            keyed: dict[int, tuple[Any, ...]] = {}  # file ids naming hands already there
            same: set[int] = set()
            for file_id, values in rows:  # the inner loop of an import: kept lean
                count += 1
                row_id += 1
                shape = memo.get(values[1:]) or shape_of(values)
                shape[0].append((row_id, before + count, *shape[1](values)))
                if count % 2000 == 0:
                    shapes.flush(conn)
                if file_id is not None and file_id <= before and not force:
                    keyed[file_id] = tuple(values[i] for i in compared)
                    if len(keyed) >= 500:
                        same |= self._same_hands(conn, match, keyed)
                        keyed.clear()
            shapes.flush(conn)
            for sql in indexes:
                conn.execute(sql)
            if keyed:
                same |= self._same_hands(conn, match, keyed)
            first, last = (before + 1, before + count) if count else (None, None)
            code = digest()
            if not force:
                self._refuse_imported(conn, match, count, code, source)
                self._refuse_same(match, count, sorted(same), source)
            conn.execute(
                "INSERT INTO imports(match_id, digest, source, hands, first_hand, last_hand, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [match.id, code, source, count, first, last, now],
            )
        return count, first, last

    @staticmethod
    def _drop_indexes(conn: sqlite3.Connection, table: str) -> list[str]:
        """Drop the indexes of `table` made by CREATE INDEX; return their CREATE statements."""
        made = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
            "AND sql IS NOT NULL ORDER BY name",
            [table],
        ).fetchall()
        for name, _ in made:
            conn.execute(f'DROP INDEX "{name}"')
        return [sql for _, sql in made]

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
                "WHERE c.hand_id = h.hand_id AND c.action = 'void')",
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


# a shape of imported row: the batch of its statement, and what takes its values that are not None
Shape = tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], tuple[Any, ...]]]


class InsertShapes:
    """Imported hands waiting to be written, grouped by which of their values are None.

    A NULL is written as the literal ``NULL`` in the statement of its row's shape rather than
    bound as a parameter: Python's sqlite3 binds None through its adapter lookup, which costs
    more than all the other values of a row together (about 0.4 µs a value, and an imported row
    has a dozen empty columns). So are the match and the time of the import, the same for every
    row, and the row id is bound once for both ``id`` and ``hand_id`` (a new hand is its own
    first version). The stored rows are the same as binding every value would write. `memo`
    maps a row's values but the date (equal values, equal shape) to its shape: the batch of its
    statement and what takes its values that are not None; a row of the batch is (row id, hand
    number, those values)."""

    LIMIT = 10_000  # distinct rows remembered before the memo is cleared (memory stays bounded)

    def __init__(self, match_id: int, created_at: str) -> None:
        self.memo: dict[tuple[Any, ...], Shape] = {}
        self._batches: dict[str, list[tuple[Any, ...]]] = {}
        self._constants = int(match_id), "'" + created_at.replace("'", "''") + "'"

    def shape(self, values: tuple[Any, ...]) -> Shape:
        kept = [i for i, v in enumerate(values) if v is not None]
        # the date (index 0) is never None, so there are always two or more (one would make
        # itemgetter give a bare value, not a tuple)
        assert len(values) == len(HAND_COLUMNS) and len(kept) > 1 and kept[0] == 0
        slots, n = [], 2  # ?1 is the row id, ?2 the hand number
        for v in values:
            if v is None:
                slots.append("NULL")
            else:
                n += 1
                slots.append(f"?{n}")
        match_id, created_at = self._constants
        sql = (
            f"INSERT INTO hands(id, hand_id, match_id, number, {', '.join(HAND_COLUMNS)}, "
            f"created_at) VALUES (?1, ?1, {match_id}, ?2, {', '.join(slots)}, {created_at})"
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
