"""Values as typed: the text a command line, an entry line or a library call gives a command,
read into the inputs of a hand, a hand number, a date.

The hand commands' parameters are declared once, as data, by the variants
(`gintally.game.variants`: each `Option` says how its text is read); `inputs` reads them the
way every front end does, so a bad value is refused with the same message from the command
line, from ``gintally play`` and from the library (which gives its Python values as text).

Terminology
- raw: a command's parameters as typed, by name: text, a list of texts for a repeated option
  (a drawn hand's ``--deadwood PLAYER=N``), or None (not given).
- inputs: what the hand is given, read from the raw values: the core ones (the fields of
  `model.TypedHand`) and the variant's own (``extra``).

Only the standard library is imported with the module (the command line's edge reads `whole`
from it at every start); the rest when a hand is read.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from gintally.errors import GintallyError

if TYPE_CHECKING:
    from gintally.game.variants import Option
    from gintally.ledger import Ledger

LARGEST = 1_000_000_000  # no count, score, hand number or year typed at a table is bigger


def whole(value: str | None, what: str) -> int | None:
    """A whole number typed on the command line (None stays None); the bad text is named."""
    if value is None:
        return None
    try:
        number = int(value.strip())
    except ValueError:
        raise GintallyError(f"{what} must be a whole number, not {value!r}") from None
    if abs(number) > LARGEST:
        raise GintallyError(f"{what} {value.strip()} is too large (at most {LARGEST:,})")
    return number


def hand_number(text: str) -> int:
    """A hand's number as typed (void, edit)."""
    number = whole(text, "a hand number")
    assert number is not None
    return number


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


def deadwoods(items: list[str] | None) -> dict[str, int]:
    """A drawn hand's counts, typed PLAYER=N (repeated)."""
    from gintally.model import fold

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


def read(option: Option, raw: Mapping[str, Any], values: dict[str, Any]) -> None:
    """Read one parameter as typed (`raw`: text or None) into the inputs `values`, as its
    declaration says (`Option.read`)."""
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
    from gintally.game import variants

    values: dict[str, Any] = {}
    for option in variants.options_of(command):
        read(option, raw, values)
    return values


class Typed:
    """A hand command as typed, read: the claim it records, its core inputs (`core`: those of
    `model.TypedHand`) and the variant's own (`extra`)."""

    __slots__ = ("claim", "core", "extra")

    def __init__(self, command: str, raw: Mapping[str, Any]) -> None:
        from dataclasses import fields

        from gintally.game import variants
        from gintally.model import TypedHand

        typed = {f.name for f in fields(TypedHand)}  # the inputs every hand may be given
        values = inputs(command, raw)
        self.claim = variants.command(command).claim
        self.extra = {k: v for k, v in values.items() if k not in typed and v is not None}
        self.core = {k: v for k, v in values.items() if k in typed}


def when(text: str | None, book: Ledger, today: date) -> date:
    """The date a hand was played, as typed (read by the ledger's date order), or `today`."""
    if text is None:
        return today
    from gintally.dates import parse_date
    from gintally.service import date_order

    return parse_date(text, today, date_order(book))


# --- Python values as the text a command line would give -----------------------------------------


def as_text(value: object) -> Any:
    """A library call's value as the text the command line would have typed (None stays None):
    a number in digits, a date in ISO form, cards or pile counts joined by spaces, a drawn
    hand's counts ``{"Ann": 5}`` as ``["Ann=5"]``, an amount (`decimal.Decimal`) in its plain
    digits (``Decimal("1E+1")`` as ``10``). Text is read exactly as typed, so a bad value is
    refused with the command line's message."""
    if value is None or isinstance(value, str):
        return value
    decimal = sys.modules.get("decimal")  # not loaded: `value` is no Decimal (nor loads it)
    if decimal is not None and isinstance(value, decimal.Decimal):
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return [f"{k}={v}" for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)
