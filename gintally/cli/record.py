"""What the hand commands do, without Typer: read the values as typed, record the hand, print
what happened. The commands and their parameters are declared once, as data, by the variants
(`gintally.game.variants`: the core commands and what each variant adds); `hands` builds
Typer's commands from them and the console script's fast lane (`quick`) reads its lines with
them, and both call `run`, so both ways of running a hand command do the same work and print
the same thing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from gintally import report, service
from gintally.cli.base import HandOptions, dated, emit, ledger, placed, today, when, whole
from gintally.errors import GintallyError
from gintally.game import variants
from gintally.game.variants import Option
from gintally.model import TypedHand, fold

if TYPE_CHECKING:
    from gintally.game.scoring import HandResult
    from gintally.ledger import Ledger
    from gintally.model import HandRecord, Match

TYPED = frozenset(f.name for f in fields(TypedHand))  # the inputs every hand may be given


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
        where = "" if options.as_json else placed(book, match.name)
    if not options.as_json:
        doc["when"] = where + dated(rec.date)
    emit(doc, options.as_json, draw_hand)


def hand_doc(
    book: Ledger, match: Match, rec: HandRecord, result: HandResult | None
) -> report.HandDoc:
    """A hand as it stands after a command: the games it posted to (and opened, closed), the
    sets it closed, and for ad-infinitum the season (and the season it ended)."""
    window = service.replay_match(book, match, around=rec.date, today=today(), remember=True)
    ended = service.season_before(book, match, window, rec, today())
    return report.hand_doc(match, rec, result, window, ended)


# --- the commands, read from their declarations (`gintally.game.variants`) -----------------------


def read(option: Option, raw: Mapping[str, Any], values: dict[str, Any]) -> None:
    """Read one parameter as typed (`raw`: the parameters as Typer hands them over, text or None)
    into the inputs `values`, as its declaration says (`Option.read`)."""
    text = raw.get(option.name)
    what = option.what or option.flag
    if option.read == "whole":
        values[option.fills] = whole(text, what)
    elif option.read == "count":
        number, cards = count_or_cards(text, what)
        values[option.fills] = number
        if cards is not None:
            if raw.get(option.cards) is not None:
                other = "--" + option.cards.replace("_", "-")
                raise GintallyError(f"give {option.once} once: {option.flag} or {other}")
            values[option.cards] = cards
    elif option.read == "deadwoods":
        values[option.fills] = deadwoods(text)
    elif text is not None or option.fills not in values:
        values[option.fills] = text


def inputs(command: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The inputs of hand command `command`, from its parameters as typed."""
    values: dict[str, Any] = {}
    for option in variants.options_of(command):
        read(option, raw, values)
    return values


def run(command: str, options: HandOptions, raw: Mapping[str, Any]) -> None:
    """Run hand command `command` (any of `variants.commands()`): read its parameters, record
    the hand, print what happened."""
    values = inputs(command, raw)
    extra = {k: v for k, v in values.items() if k not in TYPED and v is not None}
    core = {k: v for k, v in values.items() if k in TYPED}
    record(variants.command(command).claim, options, extra=extra, **core)


def deadwoods(items: list[str] | None) -> dict[str, int]:
    """A drawn hand's counts, typed PLAYER=N (repeated)."""
    out: dict[str, int] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise GintallyError(f"--deadwood takes PLAYER=N, not {item!r}")
        try:
            count = int(value)
        except ValueError:
            raise GintallyError(f"--deadwood {item!r}: {value!r} is not a whole number") from None
        if fold(name) in {fold(n) for n in out}:
            raise GintallyError(f"--deadwood gives {name.strip()}'s count twice")
        out[name.strip()] = count
    return out
