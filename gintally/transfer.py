"""Transfer: hands in and out of a match as CSV or JSON.

CSV columns (a header row names them, in any order): ``date,kind,winner,points`` required;
``knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note`` optional. `export_csv` writes
the same columns plus ``id``, so an export imported into a new match replays to the same games.
The JSON form is ``{"match": {...}, "hands": [{...}]}`` as `export_json` writes it. An import is
checked whole before anything is written: one bad row and nothing is imported, the row named.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from gintally.cards import parse_card
from gintally.dates import parse_date
from gintally.errors import GintallyError
from gintally.ledger import HandRecord, Match
from gintally.scoring import MAX_HAND_POINTS, Kind, parse_kind

REQUIRED = ("date", "kind", "winner", "points")
OPTIONAL = ("knocker", "knocker_deadwood", "defender_deadwood", "dealer", "upcard", "note")
COLUMNS = ("id", *REQUIRED, *OPTIONAL)
EXTRA_JSON = ("claim", "knocker_cards", "defender_cards", "layoffs")


def _name(match: Match, player_id: int | None) -> str:
    for p in match.players:
        if p.id == player_id:
            return p.name
    return ""


def hand_row(match: Match, h: HandRecord) -> dict[str, Any]:
    """One hand as an export row (names, not ids)."""
    return {
        "id": h.id,
        "date": h.date.isoformat(),
        "kind": h.kind,
        "winner": _name(match, h.winner),
        "points": h.points,
        "knocker": _name(match, h.knocker),
        "knocker_deadwood": h.knocker_deadwood,
        "defender_deadwood": h.defender_deadwood,
        "dealer": _name(match, h.dealer),
        "upcard": h.upcard or "",
        "note": h.note or "",
    }


def export_csv(match: Match, hands: Iterable[HandRecord]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for h in hands:
        row = hand_row(match, h)
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue()


def export_json(match: Match, match_info: Mapping[str, Any], hands: Iterable[HandRecord]) -> str:
    rows = []
    for h in hands:
        row = hand_row(match, h)
        row.update(
            {
                "claim": h.claim,
                "knocker_cards": h.knocker_cards,
                "defender_cards": h.defender_cards,
                "layoffs": h.layoffs,
            }
        )
        rows.append(row)
    return json.dumps({"match": dict(match_info), "hands": rows}, indent=2, ensure_ascii=False)


def read_rows(path: Path) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """(row number, row) from a CSV or JSON file; row 1 is the first hand."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise GintallyError(f"cannot read {path}: it is not UTF-8 text") from None
    if path.suffix.lower() == ".json" or text.lstrip().startswith(("{", "[")):
        try:
            data = json.loads(text)
        except ValueError as e:
            raise GintallyError(f"{path} is not valid JSON: {e}") from None
        hands = data.get("hands") if isinstance(data, dict) else data
        if not isinstance(hands, list):
            raise GintallyError(f'{path}: expected a list of hands under "hands"')
        for i, row in enumerate(hands, 1):
            if not isinstance(row, dict):
                raise GintallyError(f"row {i} of {path.name}: a hand must be an object")
            yield i, row
        return
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise GintallyError(
            f"{path}: the header lacks column(s) {', '.join(missing)} "
            f"(required: {', '.join(REQUIRED)})"
        )
    for i, raw in enumerate(reader, 1):
        if None in raw:
            raise GintallyError(f"row {i} of {path.name}: more fields than the header has")
        yield i, {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items()}


def _int(value: Any, what: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise GintallyError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        n = value
    else:
        try:
            n = int(str(value).strip())
        except ValueError:
            raise GintallyError(f"{what} must be a whole number, not {value!r}") from None
    if n < 0:
        raise GintallyError(f"{what} cannot be negative ({n})")
    if n > MAX_HAND_POINTS:
        raise GintallyError(f"{what} {n} is too large (at most {MAX_HAND_POINTS:,})")
    return n


def _player(match: Match, value: Any, what: str) -> int | None:
    text = "" if value is None else str(value).strip()
    return match.player(text).id if text else None


def parse_row(match: Match, row: Mapping[str, Any], today: date) -> HandRecord:
    """Check one imported row and turn it into a hand record (stored as given)."""
    when = str(row.get("date") or "").strip()
    if not when:
        raise GintallyError("the date is missing")
    day = parse_date(when, today)
    kind_text = str(row.get("kind") or "").strip()
    if not kind_text:
        raise GintallyError("the kind is missing")
    kind = parse_kind(kind_text)
    winner = _player(match, row.get("winner"), "winner")
    points = _int(row.get("points"), "points")
    if winner is None and kind is not Kind.DRAW:
        raise GintallyError(f"a {kind} needs a winner")
    if points is None:
        if winner is not None:
            raise GintallyError("the points are missing")
        points = 0
    if winner is None and points:
        raise GintallyError(f"{points} points but no winner")
    upcard = row.get("upcard")
    claim = str(row.get("claim") or "score")
    if claim not in ("knock", "gin", "big-gin", "draw", "score"):
        raise GintallyError(f"unknown claim {claim!r}")
    return HandRecord(
        date=day,
        claim="draw" if kind is Kind.DRAW else claim,
        kind=str(kind),
        winner=winner,
        points=points,
        knocker=_player(match, row.get("knocker"), "knocker"),
        knocker_deadwood=_int(row.get("knocker_deadwood"), "knocker_deadwood"),
        defender_deadwood=_int(row.get("defender_deadwood"), "defender_deadwood"),
        knocker_cards=row.get("knocker_cards") or None,
        defender_cards=row.get("defender_cards") or None,
        layoffs=row.get("layoffs") or None,
        upcard=str(parse_card(str(upcard))) if upcard else None,
        dealer=_player(match, row.get("dealer"), "dealer"),
        note=str(row.get("note") or "").strip() or None,
    )


def read_hands(match: Match, path: Path, today: date) -> list[HandRecord]:
    """Every hand of an import file, or an error naming the first bad row."""
    hands = []
    for number, row in read_rows(path):
        try:
            hands.append(parse_row(match, row, today))
        except GintallyError as e:
            raise type(e)(f"row {number} of {path.name}: {e}") from None
    return hands
