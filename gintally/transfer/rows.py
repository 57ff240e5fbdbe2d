"""One import row checked and settled into the `HandRecord` it stores (`parse_row`): read as a
typed hand would be typed, so an imported row is refused for what a typed hand is refused for,
and a result copied from paper is checked as `score` would check it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from gintally.dates import parse_date
from gintally.errors import GintallyError, reworded
from gintally.game.cards import parse_card
from gintally.game.scoring import (
    MAX_HAND_POINTS,
    Kind,
    check_count,
    parse_kind,
)
from gintally.game.variants import all_variants, check_points, variant_of
from gintally.model import (
    HandRecord,
    Match,
    TypedHand,
    plain_text,
)
from gintally.service import settle

if TYPE_CHECKING:
    from gintally.service.settling import Settled

_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only (re's \d takes every script's)


def _int(value: Any, what: str, signed: bool = False) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise GintallyError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        n = value
    else:
        text = str(value).strip()
        if not _WHOLE.fullmatch(text):  # int() would take "1_0" and other scripts' digits
            raise GintallyError(f"{what} must be a whole number in digits 0-9, not {value!r}")
        if len(text) > 20:
            raise GintallyError(f"{what} {text[:20]}... is too large (at most {MAX_HAND_POINTS:,})")
        n = int(text)
    if n < 0 and not signed:
        raise GintallyError(f"{what} cannot be negative ({n})")
    if abs(n) > MAX_HAND_POINTS:
        raise GintallyError(f"{what} {n} is too large (at most {MAX_HAND_POINTS:,})")
    return n


def _player(match: Match, value: Any, what: str) -> int | None:
    text = "" if value is None else str(value).strip()
    return match.player(text).id if text else None


# Who knocked, by the kind of a hand and its winner: the winner (True) or the other player.
KNOCKER_OF = {
    Kind.KNOCK: True,
    Kind.GIN: True,
    Kind.BIG_GIN: True,
    Kind.UNDERCUT: False,
    Kind.SOUR: False,
}


def parse_row(
    match: Match, row: Mapping[str, Any], today: date, order: str | None = None
) -> HandRecord:
    """Check one imported row and turn it into a hand record.

    A row with the counts behind it (a knocker and both deadwood counts, or the cards, or a
    draw's two counts) is settled again under the match's rules, exactly as if it were typed,
    and must come out as the row says: kind, winner and points. A row without a knocker column
    has its knocker from its kind and winner (`KNOCKER_OF`) when it has counts or cards. A row
    without them is a result copied from paper and is kept as given, once its winner and
    knocker agree with its kind (and its points with what such a hand scores at least).
    """
    day = read_date(date_text(row.get("date")), today, order)
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
    behind = k_dw is not None or d_dw is not None or bool(k_cards or d_cards or extra)
    if knocker is None and winner is not None and kind in KNOCKER_OF and behind:
        # The counts behind the result without its knocker: the kind says who knocked, so the
        # row is settled again and checked like one with the column.
        knocker = winner if KNOCKER_OF[kind] else match.other(winner).id
    dealer_id = _player(match, row.get("dealer"), "dealer")
    dealer = match.name_of(dealer_id)
    note = plain_text(str(row.get("note") or ""), "the note", one_line=True) or None
    # The dealer goes into every typed hand below, checked as a typed --dealer is (Gimlet
    # Rummy has none, a team sheet none).
    typed = None
    if kind is Kind.MISDEAL:
        if winner is not None or points:
            raise GintallyError("a misdeal has no winner and no points")
        _unheld(row, kind, ("knocker_deadwood", "defender_deadwood"))
        typed = TypedHand("misdeal", day, upcard=upcard, dealer=dealer)
    elif kind is Kind.DRAW:
        tables = len(match.tables)  # a team match: a drawn row's knocker names its table
        at = match.name_of(knocker) if tables > 1 else None
        if tables > 1 and at is None:
            raise GintallyError(
                "a drawn hand of a team match needs its knocker column: a player of its table"
            )
        _unheld(row, kind)
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
        if kind in (Kind.GIN, Kind.BIG_GIN) and not extra and k_dw:
            # a gin's knocker melds every card: a count given is checked, never dropped
            raise GintallyError(f"a {kind} leaves its knocker no deadwood, not {k_dw}")
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
                claim,
                day,
                player=player,
                cards=k_cards,
                deadwood=k_dw if claim == "knock" and not k_cards else None,
                vs=None if d_cards else d_dw,
                vs_cards=d_cards,
                upcard=upcard,
                dealer=dealer,
                extra=extra,
            )
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
        elif d_dw is not None and (k_dw is not None or k_cards or claim != "knock"):
            # one player's cards with the other's count (knock Ann --cards ... --vs 18, gin
            # Ann --vs-cards ...) go in with them, as typed: they were dropped
            typed = TypedHand(
                claim,
                day,
                player=player,
                cards=k_cards,
                deadwood=k_dw if claim == "knock" and not k_cards else None,
                vs=None if d_cards else d_dw,
                vs_cards=d_cards,
                upcard=upcard,
                dealer=dealer,
            )
    if typed is None:  # a result copied from paper: checked as `score` would check it
        if kind is Kind.TIE:
            raise GintallyError(
                "a tie needs its knocker and both deadwood counts (it is scored from them)"
            )
        assert winner is not None
        _unheld(row, kind)
        paper = TypedHand(
            "score",
            day,
            player=match.name_of(winner),
            points=points,
            kind=str(kind),
            upcard=upcard,
            dealer=dealer,
            extra={} if other is None else {"vs_points": other},
        )
        _settled(match, paper)
        no_winner = kind in (Kind.DRAW, Kind.MISDEAL)
        return HandRecord(
            date=day,
            claim=str(kind) if no_winner else "score",
            kind=str(kind),
            winner=winner,
            points=points,
            knocker=knocker,
            knocker_deadwood=k_dw,
            defender_deadwood=d_dw,
            upcard=upcard,
            dealer=dealer_id,
            note=note,
            other_points=other,
        )
    settled = _settled(match, typed).record
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


# A hand option as the column of an import row that gives it (a refusal made by settling the
# row names what the row holds, not what the command line would have been given).
COLUMN_OF = {
    "cards": "knocker_cards",
    "deadwood": "knocker_deadwood",
    "vs": "defender_deadwood",
    "vs-cards": "defender_cards",
    "vs-points": "other_points",
    "table": "knocker_table",
    "vs-table": "defender_table",
    "piles": "piles",
    "upcard": "upcard",
    "dealer": "dealer",
}


def _settled(match: Match, typed: TypedHand) -> Settled:
    """`settle` of a row's hand, a refusal naming the row's columns (``defender_deadwood``)
    where it names a hand option (``--vs``: `errors.reworded`)."""
    try:
        return settle(match, typed)
    except GintallyError as e:
        said = reworded(str(e), lambda option: COLUMN_OF.get(option, "--" + option))
        raise type(e)(said) from None


def _unheld(row: Mapping[str, Any], kind: Kind, also: tuple[str, ...] = ()) -> None:
    """Refuse a row that gives a hand of its kind what it cannot hold (a paper score, a draw or
    a misdeal: cards, a variant's piles or table, and `also`), naming the column: no command
    takes them for such a hand, and the import dropped them in silence."""
    for column, value in row.items():
        text = str(value if value is not None else "").strip()
        if not text:
            continue
        given = {column: value}

        def read(c: str, given: Mapping[str, Any] = given) -> int | None:
            return _int(given.get(c), c)

        if column in ("knocker_cards", "defender_cards", *also) or any(
            v.imported(given, read) for v in all_variants()
        ):
            raise GintallyError(
                f"a {kind} holds no {column}, and the row gives it {text[:40]!r}: leave the "
                f"column empty, or give the hand's kind"
            )


def date_text(value: Any) -> str:
    return str(value or "").strip()


def read_date(when: str, today: date, order: str | None) -> date:
    if not when:
        raise GintallyError("the date is missing")
    if not when.isascii() and any(c.isdigit() for c in when):  # parse_date reads any script
        raise GintallyError(f"the date {when!r} must be written in digits 0-9")
    return parse_date(when, today, order)
