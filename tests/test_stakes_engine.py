"""The pure side of stakes (`engine.stakes`, `engine.settlement`): amounts, rounding, prices by
date, the split between team members, and settling a replay, with numbers worked by hand."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from gintally.engine.formats import Format
from gintally.engine.replay import Entry
from gintally.engine.settlement import Owed, settle_match, shares
from gintally.engine.stakes import Prices, Stake, money, parse_amount, per_point, rounded
from gintally.errors import GintallyError
from gintally.game.rules import resolve


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [
        (Fraction(1025, 1000), 2, "1.03"),  # half up (banker's: 1.02)
        (Fraction(1035, 1000), 2, "1.04"),
        (Fraction(-1025, 1000), 2, "-1.03"),  # away from zero
        (Fraction(1, 3), 2, "0.33"),
        (Fraction(2, 3), 2, "0.67"),
        (Fraction(5, 2), 0, "3"),
        (Fraction(0), 2, "0.00"),
        (Decimal("12.3"), 2, "12.30"),
    ],
)
def test_rounded_half_up(value: Fraction | Decimal, places: int, expected: str) -> None:
    assert str(rounded(value, places)) == expected


@pytest.mark.parametrize(
    ("value", "currency", "places", "expected"),
    [
        (Decimal("12.345"), "$", 2, "$12.35"),
        (Decimal("-3.4"), "$", 2, "-$3.40"),
        (Decimal("12.35"), "EUR", 2, "12.35 EUR"),
        (Decimal("12.35"), "", 2, "12.35"),
        (Decimal("2050"), "¥", 0, "¥2050"),
        (Decimal("1.5"), "£", 3, "£1.500"),
    ],
)
def test_money_as_people_write_it(
    value: Decimal, currency: str, places: int, expected: str
) -> None:
    assert money(value, currency, places) == expected


def test_per_point_keeps_the_stake_digits() -> None:
    assert per_point(Stake(Decimal("0.005"), "$")) == "$0.005 a point"
    assert per_point(Stake(Decimal("2"), "CHF")) == "2 CHF a point"


@pytest.mark.parametrize(
    ("text", "places", "zero", "message"),
    [
        ("0", 2, False, "must be more than zero"),
        ("-1", 2, True, "must not be negative"),
        ("1.005", 2, True, "has more decimals than the currency's (2 decimal places)"),
        ("1e2", None, True, "must be an amount such as"),
        ("1,5,0", None, True, "must be an amount such as"),  # 1,5 is 1.5 (a decimal comma)
        ("Infinity", None, True, "must be an amount such as"),
        ("1" * 16, None, True, "too many digits"),
    ],
)
def test_parse_amount_refuses(text: str, places: int | None, zero: bool, message: str) -> None:
    with pytest.raises(GintallyError, match=re.escape(message)):
        parse_amount(text, "the amount", places, zero)


def test_parse_amount_keeps_the_digits() -> None:
    assert parse_amount("0.005", "the stake") == Decimal("0.005")
    assert parse_amount(".5", "the stake") == Decimal("0.5")
    assert parse_amount("4.50", "x", 2) == Decimal("4.50")
    assert parse_amount("4.500", "x", 2) == Decimal("4.500")  # the same cents, written longer


def test_prices_by_date() -> None:
    early, later = Stake(Decimal("0.05")), Stake(Decimal("0.10"), since=date(2026, 3, 1))
    plan = Prices([later, early])
    assert plan.on(date(2026, 2, 28)) is early
    assert plan.on(date(2026, 3, 1)) is later
    assert plan.latest is later
    assert Prices([later]).on(date(2026, 1, 1)) is None  # before the first price: no money


def test_teams_of_three_split_in_ninths() -> None:
    """The losers pay 1.00: each of the three pays a third, a ninth to each winner."""
    split = shares(0, Fraction(1), [(1, 2, 3), (4, 5, 6)])
    assert len(split) == 9
    assert {x[2] for x in split} == {Fraction(1, 9)}
    assert {(p, q) for p, q, _ in split} == {(p, q) for p in (4, 5, 6) for q in (1, 2, 3)}
    owed = Owed()
    for p, q, each in split:
        owed.owe(p, q, each)
    assert [(a, b, str(rounded(x, 2))) for a, b, x in owed.balances(2)][:1] == [(4, 1, "0.11")]


def test_owed_nets_both_ways_and_payments() -> None:
    owed = Owed()
    owed.owe(2, 1, Fraction(10))
    owed.owe(1, 2, Fraction(3))
    assert owed.balances(2) == [(2, 1, Fraction(7))]
    owed.paid(2, 1, Fraction(9))
    assert owed.balances(2) == [(1, 2, Fraction(2))]
    owed.paid(1, 2, Fraction(2))
    assert owed.balances(2) == []


def _entries(*hands: tuple[int, int], day: date = date(2026, 1, 5)) -> list[Entry]:
    return [Entry(i, day, w, p) for i, (w, p) in enumerate(hands, 1)]


def test_hollywood_set_as_one_and_its_day() -> None:
    """The README's evening, by hand: games of net 215, 415 and 375 make a set of 1005, priced
    on the day its last game closed: 0.10 from 6 January, so 100.50, not 50.25."""
    first = _entries((0, 60), (1, 20), (0, 50), (0, 30), (0, 40))
    last = [Entry(6, date(2026, 1, 6), 0, 30)]
    plan = Prices([Stake(Decimal("0.05")), Stake(Decimal("0.10"), since=date(2026, 1, 6))])
    money = settle_match([*first, *last], resolve("modern"), Format("hollywood"), plan)
    [item] = money.settled
    assert (item.what, item.number, item.winner, item.margin) == ("set", 1, 0, 1005)
    assert (item.day, item.amount) == (date(2026, 1, 6), Fraction(10050, 100))
    assert money.in_play is None


def test_ad_infinitum_unfinished_games_owe_nothing() -> None:
    """Game 1 closes (net 370, 3.70 at 0.01); game 2 is open at 50-0 (0.50 in play) until the
    season ends: then it is unfinished, and nothing is in play."""
    hands = _entries((0, 60), (0, 50))
    plan = Prices([Stake(Decimal("0.01"))])
    fmt, rules = Format("ad-infinitum"), resolve("modern")
    money = settle_match(hands, rules, fmt, plan, today=date(2026, 6, 1))
    assert [(i.what, i.margin, i.amount) for i in money.settled] == [
        ("game", 370, Fraction(37, 10))
    ]
    assert money.in_play is not None
    assert (money.in_play.what, money.in_play.worth) == ("game", 50)
    later = settle_match(hands, rules, fmt, plan, today=date(2027, 1, 2))
    assert later.in_play is None
    assert len(later.settled) == 1
