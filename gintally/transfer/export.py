"""Hands out of a match: an export row (`hand_row`, with the hand's ``uid``), the CSV file
(`export_csv`: `COLUMNS`, the match's variant's columns and ``uid``) and the JSON document
(`export_json`: every variant's columns and the typed cards, and the match's payments)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from typing import Any

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


def _variant_columns(h: HandRecord) -> dict[str, Any]:
    """Every variant's export columns, blank for the variants the hand is not of (a JSON export
    has them all; a CSV file keeps its match's variant's, `Variant.columns`)."""
    out: dict[str, Any] = {}
    for v in all_variants():
        out.update(v.export(h.extras, h.other_points))
    return out


def export_csv(match: Match, hands: Iterable[HandRecord], excel: bool = False) -> str:
    """The CSV export: `COLUMNS`, the columns of the match's variant (none for plain gin) and
    each hand's identity, ``uid`` (last, so a spreadsheet keeps it out of the way). `excel`: for
    a spreadsheet to open (`spreadsheet`: a byte order mark, formula cells as text, Excel's line
    ends)."""
    out = io.StringIO()
    columns = (*COLUMNS, *variant_of(match.rules).columns, "uid")
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n" if excel else "\n")
    writer.writeheader()
    for h in hands:
        row = hand_row(match, h)
        cells = {k: "" if row[k] is None else row[k] for k in columns}
        writer.writerow({k: for_excel(v) for k, v in cells.items()} if excel else cells)
    return BOM + out.getvalue() if excel else out.getvalue()


def export_json(
    match: Match,
    match_info: Mapping[str, Any],
    hands: Iterable[HandRecord],
    payments: Iterable[Mapping[str, Any]] = (),
) -> str:
    """The JSON export: the match, its hands and, when it has any, its payments
    (`payments.payment_row`: a match without payments exports as it always did)."""
    rows = []
    for h in hands:
        row = hand_row(match, h)
        row.update({column: getattr(h, column) for column in EXTRA_JSON})
        for v in all_variants():
            row.update(v.export_more(h.extras))
        rows.append(row)
    doc: dict[str, Any] = {"match": dict(match_info), "hands": rows}
    paid = list(payments)
    if paid:
        doc["payments"] = paid
    return json.dumps(doc, indent=2, ensure_ascii=False)
