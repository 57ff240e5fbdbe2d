"""Stakes: a price per point, how it changes by date, and money as people write it. Pure.

Terminology
- stake (`Stake`): what one point is worth in a match from a date on (``--stake 0.05``), in a
  currency (a symbol such as ``$`` or a code such as ``EUR``) with its minor-unit places (2 for
  cents; 0 for a currency without them). A stake may also price each series won (`series`:
  a flat amount the series' loser pays, ``--series-stake``); without it a series carries no
  price of its own.
- prices (`Prices`): a match's stakes in date order. The stake in force on a day is the latest
  one that starts on or before it (one with no date holds from the match's first hand); a game
  or set is priced on the day it closed, so games closed before a change keep the old price.
- after (`After`): the hand a first price set without a date starts after (the match's latest
  live hand when it was set): it prices the games, sets and series whose first hand comes after
  that hand in play order, so a game finished or under way when the price was set is never
  priced by it (`Prices.covering`). Stored by the hand's uid, so every device that holds the
  hand prices the same games; placed in play order by the replay's own key (date, entry id).
- amount: a `decimal.Decimal`, never a float; stored and printed as its plain digits. Worked out
  exactly (`fractions.Fraction`: a team's share may be a ninth) and rounded once, to the
  currency's places, where it is shown (`rounded`).
- rounding: half up, away from zero (0.125 -> 0.13): what a player settling up at the table
  expects; banker's rounding would make 0.125 owe 0.12 and 0.135 owe 0.14.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction

from gintally.errors import GintallyError

DEFAULT_CURRENCY = ""  # no symbol unless one is given: "Bob owes Ann 12.35"
DEFAULT_PLACES = 2
MAX_PLACES = 6
_PLAIN = re.compile(r"\d+(\.\d+)?|\.\d+")
_CODE = re.compile(r"[A-Za-z]{2,4}")  # a code is written after the amount: "12.35 EUR"
MAX_DIGITS = 15  # digits in all: an amount is typed by a person


# A place in a replay's play order: (date, entry id), the key the replay sorts its entries by
Place = tuple[date, int]


@dataclass(frozen=True)
class After:
    """The hand a price starts after (see Terminology): its uid (what is stored and carried,
    and all that tells two of them apart), its number in this ledger (for people; 0 while not
    read back) and its place in play order (`Place`; None: the match does not hold it)."""

    uid: str
    number: int = field(default=0, compare=False)
    place: Place | None = field(default=None, compare=False)

    def before(self, first: Place) -> bool:
        """Whether a game, set or series whose first hand is at `first` starts after it."""
        return self.place is not None and first > self.place


@dataclass(frozen=True)
class Stake:
    """A price per point from a date on (None: from the start), in a currency; a first price
    set without a date starts after a hand (`after`: see Terminology)."""

    amount: Decimal
    currency: str = DEFAULT_CURRENCY
    places: int = DEFAULT_PLACES
    since: date | None = None
    series: Decimal | None = None  # per series won; None: a series carries no price
    after: After | None = None


def parse_amount(text: str, what: str, places: int | None = None, zero: bool = True) -> Decimal:
    """An amount as typed: plain digits with an optional decimal point (no sign, no exponent,
    no thousands separator). `places`: at most that many decimals (a payment cannot hold a
    fraction of a cent; a stake per point may). `zero`: whether 0 is allowed."""
    raw = decimal_point(str(text).strip(), what, places)
    if raw.startswith("-") and _PLAIN.fullmatch(raw[1:]):
        raise GintallyError(f"{what} must not be negative, not {text!r}")
    if not _PLAIN.fullmatch(raw):
        raise GintallyError(f"{what} must be an amount such as 0.05 or 12.50, not {text!r}")
    if len(raw.replace(".", "")) > MAX_DIGITS:
        raise GintallyError(f"{what} has too many digits: {text!r}")
    value = Decimal(raw)
    if not zero and value == 0:
        raise GintallyError(f"{what} must be more than zero, not {text!r}")
    decimals = -int(value.as_tuple().exponent)
    if places is not None and decimals > places and value != value.quantize(_unit(places)):
        unit = "whole amounts" if places == 0 else f"{places} decimal places"
        raise GintallyError(f"{what} {text!r} has more decimals than the currency's ({unit})")
    return value


_COMMA = re.compile(r"(-?\d*),(\d+)")
_THOUSANDS = re.compile(r"-?[1-9]\d{0,2},\d{3}")  # 1,250: a thousand and more, or 1.25


def decimal_point(text: str, what: str, places: int | None = None) -> str:
    """An amount typed with a decimal comma (``0,05``, ``4,50``: as most of Europe writes it)
    with a point instead; an amount is one value, so a comma in it is no list. Refused where
    the comma could be a thousands separator as well (``1,250``), with both readings named,
    unless the currency's `places` leave it no decimal reading (``1,500`` yen, ``12,345``
    cents): then it is the thousands separator."""
    found = _COMMA.fullmatch(text)
    if found is None:
        return text
    if _THOUSANDS.fullmatch(text):
        point = text.replace(",", ".")
        if places is not None and Decimal(point) != Decimal(point).quantize(_unit(places)):
            return text.replace(",", "")
        raise GintallyError(
            f"{what} {text!r} reads two ways: write {point} or {text.replace(',', '')}"
        )
    return f"{found[1]}.{found[2]}"


def check_currency(text: str) -> str:
    """A currency as given: a symbol or code of at most 4 characters, no spaces or digits."""
    symbol = text.strip()
    if len(symbol) > 4 or any(c.isspace() or c.isdigit() or not c.isprintable() for c in symbol):
        raise GintallyError(
            f"a currency is a symbol or code of up to 4 characters ($, £, EUR), not {text!r}"
        )
    return symbol


def check_places(places: int) -> int:
    """The currency's minor-unit places: 0 to `MAX_PLACES`."""
    if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= MAX_PLACES:
        raise GintallyError(f"--places must be 0 to {MAX_PLACES}, not {places!r}")
    return places


def plain(value: Decimal) -> str:
    """An amount as the ledger stores it and JSON prints it: its digits, no exponent."""
    return format(value, "f")


def _unit(places: int) -> Decimal:
    return Decimal(1).scaleb(-places)


def rounded(value: Fraction | Decimal | int, places: int) -> Decimal:
    """`value` to `places` decimals, half up (away from zero), worked exactly."""
    exact = Fraction(value)
    scaled = abs(exact) * 10**places
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    out = Decimal(whole if exact >= 0 else -whole).scaleb(-places)
    return out.quantize(_unit(places))


def money(value: Fraction | Decimal | int, currency: str, places: int) -> str:
    """An amount as people write it, rounded to the currency's places: ``$12.35``,
    ``-$0.40``, ``12.35 EUR`` (a code after the amount), ``12.35`` without a currency."""
    amount = rounded(value, places)
    sign = "-" if amount < 0 else ""
    digits = plain(abs(amount))
    if not currency:
        return f"{sign}{digits}"
    if _CODE.fullmatch(currency):
        return f"{sign}{digits} {currency}"
    return f"{sign}{currency}{digits}"


def price(stake: Stake) -> str:
    """A stake's price with its currency: ``$0.05``, ``0.05 EUR``, ``€0.10`` (its own decimals,
    at least the currency's places when it has any, as the amounts beside it: not ``€0.1``
    next to ``€123.40``; a whole price stays whole: ``$1``)."""
    digits = plain(stake.amount)
    decimals = -int(stake.amount.as_tuple().exponent)
    if 0 < decimals < stake.places:
        digits = plain(stake.amount.quantize(_unit(stake.places)))
    if not stake.currency:
        return digits
    if _CODE.fullmatch(stake.currency):
        return f"{digits} {stake.currency}"
    return f"{stake.currency}{digits}"


def per_point(stake: Stake) -> str:
    """A stake as people say it: ``$0.05 a point`` (the price keeps its own decimals)."""
    return f"{price(stake)} a point"


class Prices:
    """A match's stakes in date order: the one in force on a day (`on`)."""

    def __init__(self, stakes: Iterable[Stake]) -> None:
        self.stakes = sorted(stakes, key=lambda s: s.since or date.min)

    def __bool__(self) -> bool:
        return bool(self.stakes)

    @property
    def currency(self) -> str:
        return self.stakes[-1].currency if self.stakes else DEFAULT_CURRENCY

    @property
    def places(self) -> int:
        return self.stakes[-1].places if self.stakes else DEFAULT_PLACES

    @property
    def latest(self) -> Stake | None:
        return self.stakes[-1] if self.stakes else None

    def on(self, day: date) -> Stake | None:
        """The stake in force on `day`: the latest one starting on or before it (None before
        the first one starts: the match was not played for money then)."""
        found = None
        for s in self.stakes:
            if s.since is None or s.since <= day:
                found = s
            else:
                break
        return found

    def covering(self, day: date, first: Place) -> Stake | None:
        """The stake that prices a game, set or series that closed on `day` and whose first
        hand is at `first` in play order: the latest one in force on `day` (`on`) that does
        not start after a hand at or past `first` (`After`). None: played for nothing."""
        found = None
        for s in self.stakes:
            if s.since is not None and s.since > day:
                break
            if s.after is None or s.after.before(first):
                found = s
        return found
