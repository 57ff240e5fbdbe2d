"""What the hand commands do, without Typer: read the values as typed, record the hand, print
what happened. `hands` declares these commands to Typer (their options and help); the console
script's fast lane (`quick`) calls the same functions directly, so both ways of running a hand
command do the same work and print the same thing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gintally import report, service
from gintally.cli.base import HandOptions, dated, emit, ledger, today, when, whole
from gintally.errors import GintallyError
from gintally.model import TypedHand

if TYPE_CHECKING:
    from gintally.game.scoring import HandResult
    from gintally.ledger import Ledger
    from gintally.model import HandRecord, Match

GIN_COMMANDS = {  # command name -> the claim it records (one function serves them all)
    "gin": "gin",
    "big-gin": "big-gin",
    "gimlet": "gin",  # Gimlet Rummy's names
    "double-gimlet": "big-gin",
}


def count_or_cards(text: str | None, what: str) -> tuple[int | None, str | None]:
    """A value typed as a whole number or as the cards themselves: (number, None) or
    (None, cards); text that is neither is refused as the number it should have been."""
    if text is None:
        return None, None
    try:
        return whole(text, what), None
    except GintallyError:
        from gintally.game.cards import parse_cards

        try:
            parse_cards(text)
        except GintallyError:
            raise GintallyError(f"{what} must be a whole number, not {text.strip()!r}") from None
        return None, text


def draw_hand(doc: report.HandDoc) -> None:
    from gintally.cli import render

    render.hand(doc)


def record(claim: str, options: HandOptions, **typed: Any) -> None:
    """Record one hand as typed, in the match the options name, and print what happened."""
    with ledger() as book:
        hand = TypedHand(
            claim,
            when(options.date, book),
            dealer=options.dealer,
            upcard=options.upcard,
            note=options.note,
            **typed,
        )
        match = book.match(options.match)
        rec, result = service.record(book, match, hand)
        doc = hand_doc(book, match, rec, result)
    if not options.as_json:
        doc["when"] = dated(rec.date)
    emit(doc, options.as_json, draw_hand)


def hand_doc(
    book: Ledger, match: Match, rec: HandRecord, result: HandResult | None
) -> report.HandDoc:
    """A hand as it stands after a command: the games it posted to (and opened, closed), the
    sets it closed, and for ad-infinitum the season (and the season it ended)."""
    window = service.replay_match(book, match, around=rec.date, today=today(), remember=True)
    ended = service.season_before(book, match, window, rec, today())
    return report.hand_doc(match, rec, result, window, ended)


# --- the commands (the parameters as Typer hands them over: text, or None when not given) --------


def knock(
    player: str,
    deadwood: str | None = None,
    vs: str | None = None,
    cards: str | None = None,
    vs_cards: str | None = None,
    piles: str | None = None,
    *,
    options: HandOptions,
) -> None:
    record(
        "knock", options, player=player, deadwood=whole(deadwood, "the knocker's deadwood"),
        vs=whole(vs, "--vs"), cards=cards, vs_cards=vs_cards, piles=piles,
    )  # fmt: skip


def gin(
    command: str,
    player: str,
    vs: str | None = None,
    cards: str | None = None,
    vs_cards: str | None = None,
    piles: str | None = None,
    table: str | None = None,
    vs_table: str | None = None,
    *,
    options: HandOptions,
) -> None:
    """`command`: the name it was run by (gin, big-gin, gimlet, double-gimlet)."""
    claim = GIN_COMMANDS[command]
    vs_count, vs_more = count_or_cards(vs, "--vs")
    if vs_more is not None and vs_cards is not None:
        raise GintallyError("give the defender's cards once: --vs or --vs-cards")
    table_n, table_cards = count_or_cards(table, "--table")
    vs_table_n, vs_table_cards = count_or_cards(vs_table, "--vs-table")
    record(
        claim, options, player=player, vs=vs_count, cards=cards, vs_cards=vs_cards or vs_more,
        piles=piles, table=table_n, table_cards=table_cards, vs_table=vs_table_n,
        vs_table_cards=vs_table_cards,
    )  # fmt: skip


def sour(
    player: str, deadwood: str | None = None, cards: str | None = None, *, options: HandOptions
) -> None:
    record("sour", options, player=player, deadwood=whole(deadwood, "the deadwood"), cards=cards)


def misdeal(*, options: HandOptions) -> None:
    record("misdeal", options)


def score(
    player: str,
    points: str,
    kind: str | None = None,
    vs_points: str | None = None,
    *,
    options: HandOptions,
) -> None:
    record(
        "score", options, player=player, points=whole(points, "points"), kind=kind,
        vs_points=whole(vs_points, "--vs-points"),
    )  # fmt: skip
