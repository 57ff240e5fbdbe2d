"""An import, read whole or as a stream (`ImportStream`: each distinct row settled once, the
digest worked out as it reads) and the digest that recognises a file imported before
(`digest`, `digested`)."""

from __future__ import annotations

import hashlib
import json
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from gintally.errors import GintallyError
from gintally.model import (
    HAND_COLUMNS,
    LEGACY_EXTRAS,
    HandRecord,
    Match,
    extras_from,
    is_uid,
)
from gintally.transfer.reading import raw_sections, source_name
from gintally.transfer.rows import date_text, parse_row, read_date


@dataclass(frozen=True)
class ImportFile:
    """An import file, read and checked: its hands, each row's ``id`` (the hand number it had
    in the match it was exported from, None when it has none) and the digest of its hands."""

    hands: list[HandRecord]
    ids: list[int | None]
    digest: str


class ImportStream:
    """An import file read as it is consumed: `rows` yields (the row's ``id`` as `_file_id`
    reads it, its ``uid`` as `_uid` reads it, the hand's stored values in `HAND_COLUMNS` order
    with the date as ISO text), or
    raises an error naming the first bad row; `digest` is that of the rows read so far (of the
    whole file once `rows` is exhausted).

    A file of a household's years holds the same few thousand results over and over (a knock
    for 8 against 18...): each distinct row (every value but its date and id) is checked and
    settled once (`parse_row`), and each distinct date read once; `parse_row` is a pure function
    of the row, the match, today and the date order, so what a repeated row gives is exactly
    what checking it again would give. Memory stays bounded: the caches are cleared when they
    grow past `CACHE_ROWS`, and no hand is kept."""

    CACHE_ROWS = 50_000

    def __init__(self, match: Match, path: Path, today: date, order: str | None = None) -> None:
        self.match, self.path, self.today, self.order = match, path, today, order
        self._sha = hashlib.sha256()
        self.rows = self._hands()

    def digest(self) -> str:
        return self._sha.hexdigest()

    def sections(self) -> Iterator[tuple[str, Iterator[Any]]]:
        """The parts of the file in its order (`reading.raw_sections`): ``hands`` as `rows`
        gives them, the others as (element number, mapping). Read once, as consumed: use
        either this or `rows`."""
        header, parts = raw_sections(self.path)
        for key, raw in parts:
            yield key, (self._rows(header, raw) if key == "hands" else raw)

    def _hands(self) -> Iterator[tuple[int | None, str | None, tuple[Any, ...]]]:
        for key, rows in self.sections():
            if key == "hands":
                yield from rows

    def _rows(
        self, header: list[str] | None, raw: Iterator[tuple[int, Any]]
    ) -> Iterator[tuple[int | None, str | None, tuple[Any, ...]]]:
        """The rows, each keyed by every value but its date, id and uid (for CSV, as written:
        rows that differ only in spaces are checked apart). One loop for every row, with no
        layer of generators between the file and the ledger: this is an import's inner loop."""
        when_of: Callable[[Any], Any]
        id_of: Callable[[Any], Any] | None
        uid_of: Callable[[Any], Any] | None
        key_of: Callable[[Any], Any]
        if header is None:  # JSON: mappings
            when_of, key_of = operator.methodcaller("get", "date"), _json_key
            id_of = operator.methodcaller("get", "id")
            uid_of = operator.methodcaller("get", "uid")
        else:  # CSV: lists of values in header order
            at_date = header.index("date")
            at_id = header.index("id") if "id" in header else None
            at_uid = header.index("uid") if "uid" in header else None
            others = [k for k in range(len(header)) if k not in (at_date, at_id, at_uid)]
            when_of = operator.itemgetter(at_date)
            id_of = None if at_id is None else operator.itemgetter(at_id)
            uid_of = None if at_uid is None else operator.itemgetter(at_uid)
            key_of = operator.itemgetter(*others) if len(others) > 1 else lambda v: (v[others[0]],)
        # date as written -> (ISO date, the start of the digest's line for it)
        dates: dict[str, tuple[str, bytes]] = {}
        # key -> (the stored values but the date, the rest of the digest's line)
        seen: dict[Any, tuple[tuple[Any, ...], bytes]] = {}
        update = self._sha.update
        for number, row in raw:
            when = when_of(row)
            key = key_of(row)
            dated = dates.get(when) if type(when) is str else None
            known = seen.get(key) if key is not None else None
            if dated is None or known is None:
                try:
                    if dated is None:
                        dated = self._date(when, dates)
                    if known is None:
                        known = self._row(header, row, key, seen)
                except GintallyError as e:
                    raise type(e)(f"row {number} of {source_name(self.path)}: {e}") from None
            day, head = dated
            rest, tail = known
            # the line `digest` hashes for this hand: json.dumps([date, *rest]) + newline
            update(head)
            update(tail)
            uid = None if uid_of is None else _uid(uid_of(row), number, self.path)
            if id_of is None:
                yield None, uid, (day, *rest)
            else:
                file_id = id_of(row)
                yield (None if file_id is None else _file_id(file_id)), uid, (day, *rest)

    def _date(self, when: Any, dates: dict[str, tuple[str, bytes]]) -> tuple[str, bytes]:
        """A date read (and remembered when it is text) with the start of its digest line."""
        day = read_date(date_text(when), self.today, self.order).isoformat()
        dated = (day, f'["{day}", '.encode())
        if type(when) is str:
            if len(dates) >= self.CACHE_ROWS:
                dates.clear()
            dates[when] = dated
        return dated

    def _row(
        self,
        header: list[str] | None,
        row: Any,
        key: Any,
        seen: dict[Any, tuple[tuple[Any, ...], bytes]],
    ) -> tuple[tuple[Any, ...], bytes]:
        """A row checked and settled (`parse_row`), and remembered under its key: its stored
        values but the date, and the rest of its digest line."""
        if header is not None:  # a CSV row, read as `read_rows` reads it
            row = dict(zip(header, (v.strip() for v in row), strict=True))
        rec = parse_row(self.match, row, self.today, self.order)
        rest = rec.stored()
        known = (rest, (json.dumps(digested(rest), sort_keys=True)[1:] + "\n").encode())
        if key is not None:
            if len(seen) >= self.CACHE_ROWS:
                seen.clear()
            seen[key] = known
        return known


def _json_key(row: Mapping[str, Any]) -> Any:
    """A JSON row's cache key (every value but the date, the id and the uid, with its type, so
    that 1, 1.0, True and "1" stay apart), or None when a value cannot be a key (a list...)."""
    key = tuple((k, type(v), v) for k, v in sorted(row.items()) if k not in ("date", "id", "uid"))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def read_import(match: Match, path: Path, today: date, order: str | None = None) -> ImportFile:
    """Every hand of an import file, or an error naming the first bad row. A date that reads
    two ways is read by `order` (the ledger's date order), or refused."""
    stream = ImportStream(match, path, today, order)
    hands, ids = [], []
    for file_id, uid, values in stream.rows:
        hands.append(record_of(values, uid))
        ids.append(file_id)
    return ImportFile(hands, ids, stream.digest())


def record_of(values: tuple[Any, ...], uid: str | None = None) -> HandRecord:
    """The hand record of a row's stored values (`HAND_COLUMNS` order, the date as ISO text)."""
    fields: dict[str, Any] = dict(zip(HAND_COLUMNS, values, strict=True))
    fields["date"] = date.fromisoformat(values[0])
    fields["extras"] = extras_from(values[-1])
    return HandRecord(**fields, uid=uid)


def read_hands(match: Match, path: Path, today: date, order: str | None = None) -> list[HandRecord]:
    """Every hand of an import file (`read_import`)."""
    return read_import(match, path, today, order).hands


def digest(hands: Iterable[HandRecord]) -> str:
    """The SHA-256 of hands as read: every stored column, in file order. The same hands give
    the same digest however the file spells them (CSV or JSON, column order, spaces, line
    ends, date format), so a file imported before is recognised. (`ImportStream` computes the
    same digest as it reads.)"""
    sha = hashlib.sha256()
    for h in hands:
        values = [h.date.isoformat(), *digested(h.stored())]
        sha.update(json.dumps(values, sort_keys=True).encode("utf-8") + b"\n")
    return sha.hexdigest()


# The digest keeps the layout hands had before the variants' extras were one column
# (`LEGACY_EXTRAS`: five values after other_points), so a file imported by an older gintally is
# still recognised. Extras of any other key follow, as one JSON object.
assert HAND_COLUMNS[-1] == "extras"


def digested(stored: tuple[Any, ...]) -> list[Any]:
    """A hand's stored values but the date (`HandRecord.stored`) as its digest line has them."""
    *values, text = stored
    extras = extras_from(text)
    values += [extras.get(k) for k in LEGACY_EXTRAS]
    more = {k: v for k, v in extras.items() if k not in LEGACY_EXTRAS}
    if more:
        values.append(more)
    return values


def _uid(value: Any, number: int, path: Path) -> str | None:
    """A row's ``uid`` (None when it has none: a paper book, an older export), or refused."""
    text = "" if value is None else str(value).strip().lower()
    if not text:
        return None
    if not is_uid(text):
        raise GintallyError(
            f"row {number} of {path.name}: the uid {str(value)[:40]!r} is not an identity "
            "gintally wrote (32 hex digits); leave it empty for a new hand"
        )
    return text


def _file_id(value: Any) -> int | None:
    """A row's ``id`` as a hand number, or None (a spreadsheet's own ids are not ours)."""
    text = str(value).strip() if value is not None and not isinstance(value, bool) else ""
    return int(text) if text.isdigit() and 0 < int(text) < 2**63 else None
