"""Transfer: hands in and out of a match as CSV or JSON.

CSV columns (a header row names them, in any order): ``date,kind,winner,points`` required;
``knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note`` optional, and for the variants
``other_points`` (what the other player scored when both score: Mahjong gin; may be negative),
``knocker_table,defender_table`` (Mahjong's cards on the table, counted) and ``piles`` (Gimlet
Rummy's discard piles, ``"S,H,D,C"``). `export_csv` writes the same columns plus ``id`` (a
variant's columns only for a match of that variant: `Variant.columns`), so an
export imported into a new match replays to the same games. A misdeal is a row of kind
``misdeal`` with no winner; a Gimlet deal gone sour is kind ``sour``, won by the phantom, with the
player as knocker.
The JSON form is ``{"match": {...}, "hands": [{...}]}`` as `export_json` writes it. An import is
checked whole before anything is written: one bad row and nothing is imported, the row named.

Team matches use the same columns: the players are named as typed at the tables, and the table
of a row follows from them; a drawn hand's ``knocker`` names a player of its table (its side-0
player, as the ledger stores it), and its deadwood counts are that table's in team order.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import operator
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from gintally.dates import parse_date
from gintally.errors import GintallyError
from gintally.game.cards import parse_card
from gintally.game.scoring import (
    MAX_HAND_POINTS,
    Kind,
    check_count,
    parse_kind,
)
from gintally.game.variants import all_variants, check_points, variant_of
from gintally.model import (
    HAND_COLUMNS,
    LEGACY_EXTRAS,
    HandRecord,
    Match,
    TypedHand,
    extras_from,
    plain_text,
)
from gintally.service import settle

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
    }


def _variant_columns(h: HandRecord) -> dict[str, Any]:
    """Every variant's export columns, blank for the variants the hand is not of (a JSON export
    has them all; a CSV file keeps its match's variant's, `Variant.columns`)."""
    out: dict[str, Any] = {}
    for v in all_variants():
        out.update(v.export(h.extras, h.other_points))
    return out


def export_csv(match: Match, hands: Iterable[HandRecord]) -> str:
    """The CSV export: `COLUMNS`, and the columns of the match's variant (none for plain gin)."""
    out = io.StringIO()
    columns = (*COLUMNS, *variant_of(match.rules).columns)
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for h in hands:
        row = hand_row(match, h)
        writer.writerow({k: "" if row[k] is None else row[k] for k in columns})
    return out.getvalue()


def export_json(match: Match, match_info: Mapping[str, Any], hands: Iterable[HandRecord]) -> str:
    rows = []
    for h in hands:
        row = hand_row(match, h)
        row.update({column: getattr(h, column) for column in EXTRA_JSON})
        for v in all_variants():
            row.update(v.export_more(h.extras))
        rows.append(row)
    return json.dumps({"match": dict(match_info), "hands": rows}, indent=2, ensure_ascii=False)


def read_rows(path: Path) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """(row number, row) from a CSV or JSON file; row 1 is the first hand."""
    header, rows = _raw_rows(path)
    if header is None:
        yield from rows  # JSON: the rows are mappings already
        return
    for i, values in rows:
        yield i, dict(zip(header, (v.strip() for v in values), strict=True))


def _raw_rows(path: Path) -> tuple[list[str] | None, Iterator[tuple[int, Any]]]:
    """The header (None for JSON) and the rows of a file. For CSV: (row number, the values as
    written, in header order, a short row filled with empty values), read from the file as
    they are consumed (a file of a million hands is never held whole). For JSON: (row number,
    mapping)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a device or pipe may never end
        raise GintallyError(f"cannot read {path}: it is not a regular file (a device or a pipe)")
    try:
        f = path.open(encoding="utf-8-sig", newline="")
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        head = f.read(4096)
        f.seek(0)
    except OSError as e:
        f.close()
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        head = ""  # found again, and reported, where it is read
        f.seek(0)
    if path.suffix.lower() == ".json" or head.lstrip().startswith(("{", "[")):
        with f:
            text = _read(path, f.read)
        return None, _json_rows(path, text)
    # strict: a quote left open is an error at the end of the file, not a note that swallows
    # every row after it. A field over the csv module's limit (131,072 characters) is an error.
    reader = csv.reader(f, strict=True)
    try:
        first = _read(path, lambda: next(reader, []))
    except csv.Error as e:
        f.close()
        raise _csv_error(path, e) from None
    except BaseException:
        f.close()
        raise
    header = [h.strip().lower() for h in first]
    twice = sorted({h for h in header if header.count(h) > 1})
    problem = None
    if twice:
        problem = f"{path}: the header names column {twice[0]!r} twice"
    missing = [c for c in REQUIRED if c not in header]
    if missing and not problem:
        problem = (
            f"{path}: the header lacks column(s) {', '.join(missing)} "
            f"(required: {', '.join(REQUIRED)})"
        )
    if problem:
        f.close()
        raise GintallyError(problem)
    return header, _csv_rows(path, f, reader, len(header))


def _read(path: Path, read: Any) -> Any:
    try:
        return read()
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise GintallyError(f"cannot read {path}: it is not UTF-8 text") from None


def _json_rows(path: Path, text: str) -> Iterator[tuple[int, Mapping[str, Any]]]:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise GintallyError(f"{path} is not valid JSON: {e}") from None
    except RecursionError:
        raise GintallyError(f"{path} is not a file of hands: it is nested too deeply") from None
    hands = data.get("hands") if isinstance(data, dict) else data
    if not isinstance(hands, list):
        raise GintallyError(f'{path}: expected a list of hands under "hands"')
    for i, row in enumerate(hands, 1):
        if not isinstance(row, dict):
            raise GintallyError(f"row {i} of {path.name}: a hand must be an object")
        yield i, row


def _csv_rows(path: Path, f: Any, reader: Any, width: int) -> Iterator[tuple[int, list[str]]]:
    with f:
        i = 0
        try:
            for raw in reader:
                if not raw:
                    continue  # a blank line (DictReader skipped them too)
                i += 1
                if len(raw) > width:
                    raise GintallyError(f"row {i} of {path.name}: more fields than the header has")
                if len(raw) < width:
                    raw += [""] * (width - len(raw))
                yield i, raw
        except csv.Error as e:
            raise _csv_error(path, e) from None
        except OSError as e:
            raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise GintallyError(f"cannot read {path}: it is not UTF-8 text") from None


def _csv_error(path: Path, e: csv.Error) -> GintallyError:
    if "end of data" in str(e):
        why = "a quote is never closed (the rest of the file would be one field)"
    else:
        why = str(e)
    return GintallyError(f"{path} is not valid CSV: {why}")


def _int(value: Any, what: str, signed: bool = False) -> int | None:
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
    if n < 0 and not signed:
        raise GintallyError(f"{what} cannot be negative ({n})")
    if abs(n) > MAX_HAND_POINTS:
        raise GintallyError(f"{what} {n} is too large (at most {MAX_HAND_POINTS:,})")
    return n


def _player(match: Match, value: Any, what: str) -> int | None:
    text = "" if value is None else str(value).strip()
    return match.player(text).id if text else None


def parse_row(
    match: Match, row: Mapping[str, Any], today: date, order: str | None = None
) -> HandRecord:
    """Check one imported row and turn it into a hand record.

    A row with the counts behind it (a knocker and both deadwood counts, or the cards, or a
    draw's two counts) is settled again under the match's rules, exactly as if it were typed,
    and must come out as the row says: kind, winner and points. A row without them is a result
    copied from paper and is kept as given, once its winner and knocker agree with its kind.
    """
    day = _read_date(_date_text(row.get("date")), today, order)
    kind_text = str(row.get("kind") or "").strip()
    if not kind_text:
        raise GintallyError("the kind is missing")
    kind = parse_kind(kind_text)
    winner = _player(match, row.get("winner"), "winner")
    points = _int(row.get("points"), "points")
    if points is not None:
        check_points(points, match.rules)
    if kind is Kind.TIE and winner is not None:
        raise GintallyError("a tie (tie=no-score) has no winner")
    if winner is None and kind not in (Kind.DRAW, Kind.TIE, Kind.MISDEAL):
        raise GintallyError(f"a {kind} needs a winner")
    if points is None:
        if winner is not None:
            raise GintallyError("the points are missing")
        points = 0
    if winner is None and points:
        raise GintallyError(f"{points} points but no winner")
    upcard_text = str(row.get("upcard") or "").strip()
    upcard = str(parse_card(upcard_text)) if upcard_text else None
    knocker = _player(match, row.get("knocker"), "knocker")
    k_dw = _int(row.get("knocker_deadwood"), "knocker_deadwood")
    d_dw = _int(row.get("defender_deadwood"), "defender_deadwood")
    # A Mahjong count is the cards in hand, not deadwood (checked when the row is settled).
    counted = not variant_of(match.rules).both_score
    for count, what in ((k_dw, "knocker_deadwood"), (d_dw, "defender_deadwood")):
        if count is not None and counted:
            check_count(what, count, match.rules)
    k_cards = str(row.get("knocker_cards") or "").strip() or None
    d_cards = str(row.get("defender_cards") or "").strip() or None
    other = _int(row.get("other_points"), "other_points", signed=True)
    extra: dict[
        str, Any
    ] = {}  # every variant's own inputs the row has (the match's refuses others)
    for v in all_variants():
        extra.update(v.imported(row, lambda column: _int(row.get(column), column)) or {})
    dealer_id = _player(match, row.get("dealer"), "dealer")
    dealer = match.name_of(dealer_id)
    note = plain_text(str(row.get("note") or ""), "the note", one_line=True) or None
    # The dealer goes into every typed hand below, checked as a typed --dealer is (Gimlet
    # Rummy has none, a team sheet none).
    typed = None
    if kind is Kind.MISDEAL:
        if winner is not None or points:
            raise GintallyError("a misdeal has no winner and no points")
        typed = TypedHand("misdeal", day, upcard=upcard, dealer=dealer)
    elif kind is Kind.DRAW:
        tables = len(match.tables)  # a team match: a drawn row's knocker names its table
        at = match.name_of(knocker) if tables > 1 else None
        if tables > 1 and at is None:
            raise GintallyError(
                "a drawn hand of a team match needs its knocker column: a player of its table"
            )
        if winner is None and k_dw is None and d_dw is None:
            typed = TypedHand("draw", day, player=at, upcard=upcard, dealer=dealer)
        else:
            a, b = match.tables[match.table_of(knocker) or 0]
            counts = {} if k_dw is None or d_dw is None else {a.name: k_dw, b.name: d_dw}
            typed = TypedHand(
                "draw", day, player=at, draw_deadwood=counts, upcard=upcard, dealer=dealer
            )
    elif knocker is not None:
        if kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN) and winner != knocker:
            raise GintallyError(f"a {kind} is won by its knocker, {match.name_of(knocker)}")
        if kind in (Kind.UNDERCUT, Kind.SOUR) and winner == knocker:
            who = "the defender" if kind is Kind.UNDERCUT else "the phantom"
            raise GintallyError(f"this {kind} is won by {who}, not the knocker")
        claim = "knock" if kind in (Kind.KNOCK, Kind.UNDERCUT, Kind.TIE) else str(kind)
        player = match.name_of(knocker)
        if kind is Kind.SOUR and (k_dw is not None or k_cards):
            deadwood = None if k_cards else k_dw
            typed = TypedHand(
                "sour", day, player=player, deadwood=deadwood, cards=k_cards, dealer=dealer
            )
        elif extra:
            # The opponent's columns and the upcard go in too, so that a variant's refusals of
            # them apply to an imported row as to a typed hand (not dropped in silence).
            typed = TypedHand(
                claim, day, player=player, cards=k_cards,
                deadwood=k_dw if claim == "knock" and not k_cards else None,
                vs=None if d_cards else d_dw, vs_cards=d_cards, upcard=upcard, dealer=dealer,
                extra=extra,
            )  # fmt: skip
        elif k_cards and d_cards:
            typed = TypedHand(
                claim,
                day,
                player=player,
                cards=k_cards,
                vs_cards=d_cards,
                upcard=upcard,
                dealer=dealer,
            )
        elif d_dw is not None and (k_dw is not None or claim != "knock"):
            typed = TypedHand(
                claim,
                day,
                player=player,
                deadwood=k_dw if claim == "knock" else None,
                vs=d_dw,
                upcard=upcard,
                dealer=dealer,
            )
    if typed is None:  # a result copied from paper: checked as `score` would check it
        if kind is Kind.TIE:
            raise GintallyError(
                "a tie needs its knocker and both deadwood counts (it is scored from them)"
            )
        assert winner is not None
        paper = TypedHand(
            "score", day, player=match.name_of(winner), points=points, kind=str(kind),
            upcard=upcard, dealer=dealer, extra={} if other is None else {"vs_points": other},
        )  # fmt: skip
        settle(match, paper)
        no_winner = kind in (Kind.DRAW, Kind.MISDEAL)
        return HandRecord(
            date=day, claim=str(kind) if no_winner else "score", kind=str(kind),
            winner=winner, points=points, knocker=knocker, knocker_deadwood=k_dw,
            defender_deadwood=d_dw, upcard=upcard, dealer=dealer_id, note=note,
            other_points=other,
        )  # fmt: skip
    settled = settle(match, typed).record
    said_other = other if other is not None else settled.other_points
    if (settled.kind, settled.winner, settled.points, settled.other_points) != (
        str(kind),
        winner,
        points,
        said_other,
    ):
        said = f"{kind} to {match.name_of(winner) or 'nobody'} for {points}"
        found = (
            f"{settled.kind} to {match.name_of(settled.winner) or 'nobody'} for {settled.points}"
        )
        if settled.other_points is not None:
            said += f" ({said_other:+d} to the other player)" if said_other is not None else ""
            found += f" ({settled.other_points:+d} to the other player)"
        raise GintallyError(f"the row says {said}, but its counts score {found}")
    if (settled.dealer, settled.note) != (dealer_id, note):
        settled = replace(settled, dealer=dealer_id, note=note)
    return settled


@dataclass(frozen=True)
class ImportFile:
    """An import file, read and checked: its hands, each row's ``id`` (the hand number it had
    in the match it was exported from, None when it has none) and the digest of its hands."""

    hands: list[HandRecord]
    ids: list[int | None]
    digest: str


class ImportStream:
    """An import file read as it is consumed: `rows` yields (the row's ``id`` as `_file_id`
    reads it, the hand's stored values in `HAND_COLUMNS` order with the date as ISO text), or
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
        self.rows = self._rows()

    def digest(self) -> str:
        return self._sha.hexdigest()

    def _rows(self) -> Iterator[tuple[int | None, tuple[Any, ...]]]:
        """The rows, each keyed by every value but its date and its id (for CSV, as written:
        rows that differ only in spaces are checked apart). One loop for every row, with no
        layer of generators between the file and the ledger: this is an import's inner loop."""
        header, raw = _raw_rows(self.path)
        when_of: Callable[[Any], Any]
        id_of: Callable[[Any], Any] | None
        key_of: Callable[[Any], Any]
        if header is None:  # JSON: mappings
            when_of, key_of = operator.methodcaller("get", "date"), _json_key
            id_of = operator.methodcaller("get", "id")
        else:  # CSV: lists of values in header order
            at_date = header.index("date")
            at_id = header.index("id") if "id" in header else None
            others = [k for k in range(len(header)) if k not in (at_date, at_id)]
            when_of = operator.itemgetter(at_date)
            id_of = None if at_id is None else operator.itemgetter(at_id)
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
                    raise type(e)(f"row {number} of {self.path.name}: {e}") from None
            day, head = dated
            rest, tail = known
            # the line `digest` hashes for this hand: json.dumps([date, *rest]) + newline
            update(head)
            update(tail)
            if id_of is None:
                yield None, (day, *rest)
            else:
                file_id = id_of(row)
                yield (None if file_id is None else _file_id(file_id)), (day, *rest)

    def _date(self, when: Any, dates: dict[str, tuple[str, bytes]]) -> tuple[str, bytes]:
        """A date read (and remembered when it is text) with the start of its digest line."""
        day = _read_date(_date_text(when), self.today, self.order).isoformat()
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
    """A JSON row's cache key (every value but the date and the id, with its type, so that 1,
    1.0, True and "1" stay apart), or None when a value cannot be a key (a list...)."""
    key = tuple((k, type(v), v) for k, v in sorted(row.items()) if k not in ("date", "id"))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _date_text(value: Any) -> str:
    return str(value or "").strip()


def _read_date(when: str, today: date, order: str | None) -> date:
    if not when:
        raise GintallyError("the date is missing")
    return parse_date(when, today, order)


def read_import(match: Match, path: Path, today: date, order: str | None = None) -> ImportFile:
    """Every hand of an import file, or an error naming the first bad row. A date that reads
    two ways is read by `order` (the ledger's date order), or refused."""
    stream = ImportStream(match, path, today, order)
    hands, ids = [], []
    for file_id, values in stream.rows:
        fields = dict(zip(HAND_COLUMNS, values, strict=True))
        fields["date"] = date.fromisoformat(values[0])
        fields["extras"] = extras_from(values[-1])
        hands.append(HandRecord(**fields))
        ids.append(file_id)
    return ImportFile(hands, ids, stream.digest())


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


def _file_id(value: Any) -> int | None:
    """A row's ``id`` as a hand number, or None (a spreadsheet's own ids are not ours)."""
    text = str(value).strip() if value is not None and not isinstance(value, bool) else ""
    return int(text) if text.isdigit() and 0 < int(text) < 2**63 else None
