"""Hands out of a match: an export row (`hand_row`, with the hand's ``uid``), the CSV file
(`write_csv`: `COLUMNS`, the match's variant's columns and ``uid``) and the JSON document
(`write_json`: every variant's columns and the typed cards, and the match's payments), each
written row by row as the hands stream from the ledger, so an export of a million hands holds
one hand at a time. `export_csv` and `export_json` give the same text as one string.

Terminology
- row: one hand as the export writes it (names, not ids).
- document: the JSON form, ``{"match": {...}, "corrected": [...], "hands": [{...}, ...],
  "payments": [...], "payments_taken_back": [...]}`` (``corrected``, ``payments`` and
  ``payments_taken_back`` only when the match has any), laid out as every JSON document is
  (`jsonout`: ``json.dumps(doc, indent=2, ensure_ascii=False)``'s text).
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date
from typing import Any, TextIO

from gintally import jsonout
from gintally.game.variants import all_variants, variant_of
from gintally.model import (
    HandRecord,
    Match,
)
from gintally.transfer.spreadsheet import BOM, for_excel

REQUIRED = ("date", "kind", "winner", "points")
OPTIONAL = (
    "knocker",
    "knocker_deadwood",
    "defender_deadwood",
    "dealer",
    "upcard",
    "note",
)
COLUMNS = ("id", *REQUIRED, *OPTIONAL)
EXTRA_JSON = ("claim", "knocker_cards", "defender_cards", "layoffs")


def hand_row(match: Match, h: HandRecord) -> dict[str, Any]:
    """One hand as an export row (names, not ids)."""
    return {
        "id": h.number,
        "date": h.date.isoformat(),
        "kind": h.kind,
        "winner": match.name_of(h.winner) or "",
        "points": h.points,
        "knocker": match.name_of(h.knocker) or "",
        "knocker_deadwood": h.knocker_deadwood,
        "defender_deadwood": h.defender_deadwood,
        "dealer": match.name_of(h.dealer) or "",
        "upcard": h.upcard or "",
        "note": h.note or "",
        **_variant_columns(h),
        "uid": h.uid or "",
    }


def json_row(match: Match, h: HandRecord) -> dict[str, Any]:
    """One hand as a JSON export row: the CSV row, the cards and claim as typed
    (`EXTRA_JSON`) and every variant's own values."""
    row = hand_row(match, h)
    row.update({column: getattr(h, column) for column in EXTRA_JSON})
    for v in all_variants():
        row.update(v.export_more(h.extras))
    return row


def _variant_columns(h: HandRecord) -> dict[str, Any]:
    """Every variant's export columns, blank for the variants the hand is not of (a JSON export
    has them all; a CSV file keeps its match's variant's, `Variant.columns`)."""
    out: dict[str, Any] = {}
    for v in all_variants():
        out.update(v.export(h.extras, h.other_points))
    return out


Stored = tuple[int, date, tuple[Any, ...], Any]
"""A hand as the export reads it: its number, its date, the values it stores after the date
(`model.HAND_COLUMNS` order) and a token that the writer's `record` makes its `HandRecord`
(`Ledger.stream_hand_values` yields these)."""

MEMO = 10_000  # distinct stored values remembered by an export (then forgotten, and again)


def stored(hands: Iterable[HandRecord]) -> Iterator[Stored]:
    """Records as the writers read them (each its own token: write with ``record=_same``)."""
    for h in hands:
        yield h.number, h.date, h.stored(), h


def _same(token: Any) -> HandRecord:
    return token  # type: ignore[no-any-return]


def uid_of(token: Any) -> str:
    """The uid of the hand a stream's token stands for (a `HandRecord`, or a row read by
    name), blank for a row written before hands had one. Never part of a memo: every hand has
    its own."""
    if isinstance(token, HandRecord):
        return token.uid or ""
    try:
        return str(token["uid"] or "")
    except (IndexError, KeyError):
        return ""


def write_csv(
    match: Match,
    hands: Iterable[Stored],
    out: TextIO,
    record: Callable[[Any], HandRecord],
    excel: bool = False,
    sep: str = ",",
) -> int:
    """The CSV export written to `out` a row at a time (`sep` between the cells): `COLUMNS`,
    the columns of the match's variant (none for plain gin) and each hand's identity, ``uid``
    (last, so a spreadsheet keeps it out of the way). A household repeats a few thousand
    results, so the row of each distinct set of stored values is made once (`MEMO`). `excel`:
    for a spreadsheet to open (`spreadsheet`: a byte order mark, formula cells as text, Excel's
    line ends). Returns how many hands it wrote."""
    columns = (*COLUMNS, *variant_of(match.rules).columns, "uid")
    if excel:
        out.write(BOM)
    writer = csv.writer(out, delimiter=sep, lineterminator="\r\n" if excel else "\n")
    writer.writerow(columns)
    rest = columns[2:-1]  # after id and date, what the stored values alone decide
    made: dict[tuple[Any, ...], list[Any]] = {}
    count = 0
    for number, day, values, token in hands:
        tail = made.get(values)
        if tail is None:
            row = hand_row(match, record(token))
            tail = ["" if row[k] is None else row[k] for k in rest]
            if excel:
                tail = [for_excel(v) for v in tail]
            if len(made) >= MEMO:
                made.clear()
            made[values] = tail
        writer.writerow([number, day.isoformat(), *tail, uid_of(token)])
        count += 1
    return count


def write_json(
    match: Match,
    match_info: Mapping[str, Any],
    hands: Iterable[Stored],
    out: TextIO,
    record: Callable[[Any], HandRecord],
    payments: Iterable[Mapping[str, Any]] = (),
    corrected: Iterable[Mapping[str, Any]] = (),
    taken_back: Iterable[Mapping[str, Any]] = (),
) -> int:
    """The JSON document written to `out` a hand at a time (`jsonout.stream`), the same text as
    `export_json` and a final newline. The histories of the match's corrected hands
    (`corrected.corrected_row`) come before the hands, when it has any, so that an import reads
    a hand's history before its current row; the match's `payments` (`payments.payment_row`)
    and the payments it took back (`payments.taken_back_row`) close it when it has any. The row
    of each distinct set of stored values after the id and date is made once (`MEMO`), and
    takes each hand's number, date and uid. Returns how many hands it wrote."""
    count = 0

    def rows() -> Iterator[dict[str, Any]]:
        nonlocal count
        made: dict[tuple[Any, ...], dict[str, Any]] = {}
        for number, day, values, token in hands:
            row = made.get(values)
            if row is None:
                row = json_row(match, record(token))
                if len(made) >= MEMO:
                    made.clear()
                made[values] = row
            count += 1
            yield {**row, "id": number, "date": day.isoformat(), "uid": uid_of(token)}

    def fields() -> Iterator[tuple[str, Any]]:
        yield "match", dict(match_info)
        yield from _if_any("corrected", corrected)
        yield "hands", rows()
        yield from _if_any("payments", payments)
        yield from _if_any("payments_taken_back", taken_back)

    jsonout.stream(lambda text: out.write(text.decode("utf-8")), fields())
    return count


def _if_any(key: str, items: Iterable[Any]) -> Iterator[tuple[str, Iterator[Any]]]:
    """The field of a list written an element at a time, when it has any element."""
    them = iter(items)
    for first in them:
        yield key, itertools.chain((first,), them)
        return


def export_csv(match: Match, hands: Iterable[HandRecord], excel: bool = False) -> str:
    """`write_csv` as one string."""
    out = io.StringIO()
    write_csv(match, stored(hands), out, _same, excel)
    return out.getvalue()


def export_json(
    match: Match,
    match_info: Mapping[str, Any],
    hands: Iterable[HandRecord],
    payments: Iterable[Mapping[str, Any]] = (),
    corrected: Iterable[Mapping[str, Any]] = (),
    taken_back: Iterable[Mapping[str, Any]] = (),
) -> str:
    """`write_json` as one string, without its final newline."""
    out = io.StringIO()
    write_json(match, match_info, stored(hands), out, _same, payments, corrected, taken_back)
    return out.getvalue()[:-1]
