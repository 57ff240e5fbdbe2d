"""Light rows: the hands of a long read (`check`, the hand log, an export) as the values they
store rather than as records, so that a million hands cost a tuple each, not a `HandRecord`.

Terminology
- light row: a hand's number, its date, the values it stores after the date (`HAND_COLUMNS`
  order) and a token (the row itself, or the record of an old ledger's row) that
  `hands.record_of` makes its `HandRecord`; then any columns the query adds (`LOG_COLUMNS`).
- stored values: that tuple of values. Hands that store the same values read alike (a
  household repeats a few thousand results), so a reader remembers what it made of each
  distinct tuple (`MEMO` of them at most: memory stays bounded).
"""

from __future__ import annotations

import operator
import sqlite3
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from gintally.ledger.newest import Corrections
from gintally.model import HAND_COLUMNS, HandRecord

# what `Hands.stream_hand_log` yields: a light row, then the hand's versions, whether it is
# voided (0 or 1) and why
LogValues = tuple[int, date, tuple[Any, ...], Any, int, int, str | None]
LOG_COLUMNS = ("versions", "voided", "void_reason")
MEMO = 10_000  # distinct sets of stored values a reader remembers (then forgets, and again)


def light_rows(
    cursor: sqlite3.Cursor,
    more: tuple[str, ...],
    read: Callable[[sqlite3.Row], HandRecord] | None,
    refuse: Callable[[sqlite3.Row], HandRecord],
    ints: tuple[str, ...],
    batch: int,
    corrected: Corrections | None = None,
) -> Iterator[tuple[Any, ...]]:
    """The light rows of `cursor` (a query of ``h.*``), each followed by its columns `more`,
    read in batches. A date that does not read, or a whole number (`ints`) that is not one, is
    refused by `refuse` (`hands.hand_record`, which raises); with `read` (a match's `reader`)
    the first row of each distinct set of stored values is read into its record too, which
    refuses whatever else is damaged (the others store the same values), and so is a date not
    written as gintally writes it or a row the query marks ``duplicate``. An old ledger's rows
    (the columns of `HAND_COLUMNS` not all there) are read into records one by one.

    With `corrected` (`newest.corrections`, read in the same snapshot), the query reads every
    row of the hands it wants, old versions too, and no correction: a stale row is skipped,
    and `more` (then `LOG_COLUMNS`) is made from `corrected`."""
    at = {d[0]: i for i, d in enumerate(cursor.description)}
    if any(c not in at for c in HAND_COLUMNS):  # an old ledger, read-only: the slow way
        make = read or refuse
        while rows := cursor.fetchmany(batch):
            for h in map(make, rows):
                yield h.number, h.date, h.stored(), h, *(getattr(h, c) for c in more)
        return
    values = operator.itemgetter(*(at[c] for c in HAND_COLUMNS[1:]))
    log = corrected is not None and bool(more)  # `more` made from `corrected`, not read
    extra = operator.itemgetter(*(at[c] for c in more)) if len(more) > 1 and not log else None
    one = at[more[0]] if len(more) == 1 and not log else None
    # the whole numbers a row stores are checked with its first row of those values; others
    # (its number), a row at a time
    checked = [at[c] for c in ints if c in HAND_COLUMNS]
    each = [at[c] for c in ints if c not in HAND_COLUMNS]
    number, day_at, duplicate = at["number"], at["date"], at.get("duplicate")
    days: dict[object, date] = {}
    seen: set[tuple[Any, ...]] = set()
    stale: frozenset[int] = frozenset()
    versions: dict[int, int] = {}
    voids: dict[int, str | None] = {}
    if corrected is not None:
        stale, versions, voids = corrected.stale, corrected.versions, corrected.voids
        row_at, key_at = at["id"], at["hand_id"]
    key: Any = None
    while rows := cursor.fetchmany(batch):
        for row in rows:
            if corrected is not None:
                if stale and row[row_at] in stale:
                    continue
                key = row[key_at]
            text = row[day_at]
            day = days.get(text)
            if day is None:
                try:
                    day = date.fromisoformat(text)
                    if read is not None and day.isoformat() != text:
                        raise ValueError(text)
                except (TypeError, ValueError):
                    refuse(row)  # refuses the row as `live_hands` does
                    raise
                if len(days) >= 4096:
                    days.clear()
                days[text] = day
            for i in each:
                if row[i] is not None and type(row[i]) is not int:
                    refuse(row)
            stored = values(row)
            if stored not in seen:
                for i in checked:
                    if row[i] is not None and type(row[i]) is not int:
                        refuse(row)
                if read is not None:
                    read(row)
                if len(seen) >= MEMO:
                    seen.clear()
                seen.add(stored)
            if read is not None and duplicate is not None and row[duplicate]:
                refuse(row)
            if log:
                why = voids.get(key)
                yield row[number], day, stored, row, versions.get(key, 1), key in voids, why
            elif extra is not None:
                yield row[number], day, stored, row, *extra(row)
            elif one is not None:
                yield row[number], day, stored, row, row[one]
            else:
                yield row[number], day, stored, row
