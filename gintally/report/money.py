"""Money as documents: a stake, what is in play, who owes whom (`settle`), a payment, and the
winnings that `standings`, `stats` and the year's page add when a match has a stake.

Terminology:
- *amount*: digits as text (``"12.35"``), never a JSON number: a float cannot hold a cent;
  *text*: the amount as people write it, with its currency (``"$12.35"``).
- *covered*: the games and sets of a match that a settlement counts (finished, and priced).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from gintally.engine.stakes import Stake, money, per_point, plain, rounded

if TYPE_CHECKING:
    from gintally.engine.settlement import InPlay
    from gintally.model import Match, Payment
    from gintally.report.shapes import (
        BalanceDoc,
        CoveredDoc,
        InPlayDoc,
        PaymentDoc,
        SeasonDoc,
        SettleDoc,
        StakeDoc,
    )
    from gintally.service.stakes import Settlement


def stake_doc(stake: Stake) -> StakeDoc:
    return {
        "amount": plain(stake.amount),
        "currency": stake.currency,
        "places": stake.places,
        "per_point": per_point(stake),
        "since": stake.since.isoformat() if stake.since else None,
        "series": plain(stake.series) if stake.series is not None else None,
    }


def in_play_doc(match: Match, item: InPlay) -> InPlayDoc:
    """What the set or game in progress is worth so far, from the side ahead."""
    stake = item.stake
    return {
        "match": match.name,
        "what": item.what,
        "numbers": list(item.numbers),
        "leader": None if item.worth == 0 else match.sides[0 if item.worth > 0 else 1],
        "points": abs(item.worth),
        "amount": plain(rounded(abs(item.amount), stake.places)),
        "text": money(abs(item.amount), stake.currency, stake.places),
        "currency": stake.currency,
    }


def in_play_line(doc: InPlayDoc) -> str:
    """``Set 2 so far: Ann is 45 points ahead, worth $2.25.``"""
    if doc["what"] == "games":
        head = f"Games {', '.join(str(n) for n in doc['numbers'])} so far"
    else:
        head = f"{doc['what'].capitalize()} {doc['numbers'][0]} so far"
    if doc["leader"] is None:
        return f"{head}: level, worth nothing yet."
    return f"{head}: {doc['leader']} is {doc['points']} points ahead, worth {doc['text']}."


def payment_doc(payment: Payment, names: Mapping[int, str], match: str, currency: str,
                places: int) -> PaymentDoc:  # fmt: skip
    return {
        "uid": payment.uid,
        "match": match,
        "from": names.get(payment.payer, ""),
        "to": names.get(payment.payee, ""),
        "date": payment.date.isoformat(),
        "amount": plain(payment.amount),
        "currency": currency,
        "text": money(payment.amount, currency, places),
        "note": payment.note,
    }


def settle_doc(settled: Settlement, since: str | None = None) -> SettleDoc:
    """Who owes whom over the settlement's matches, what they cover and what is in play."""
    names = settled.names
    balances: list[BalanceDoc] = []
    for currency, a, b, amount in settled.balances():
        places = settled.places[currency]
        balances.append(
            {
                "from": names[a],
                "to": names[b],
                "amount": plain(rounded(amount, places)),
                "currency": currency,
                "text": money(amount, currency, places),
            }
        )
    covered: list[CoveredDoc] = []
    in_play: list[InPlayDoc] = []
    for priced in settled.matches:
        items = priced.money.settled
        stake = priced.money.in_play.stake if priced.money.in_play else None
        latest = stake or (items[-1].stake if items else None)
        total = sum((i.amount for i in items), Fraction(0))
        if latest is not None:
            covered.append(
                {
                    "match": priced.match.name,
                    "currency": priced.currency,
                    "stake": stake_doc(latest),
                    "games": sum(i.what == "game" for i in items),
                    "sets": sum(i.what == "set" for i in items),
                    "series": sum(i.what == "series" for i in items),
                    "total": plain(rounded(total, priced.places)),
                }
            )
        if priced.money.in_play is not None:
            in_play.append(in_play_doc(priced.match, priced.money.in_play))
    by_id = {p.match.id: p.match.name for p in settled.matches}
    payments = [
        payment_doc(p, names, by_id.get(p.match_id, ""), currency, settled.places[currency])
        for p, currency in settled.payments
    ]
    currencies = {p.currency for p in settled.matches}
    return {
        "currency": currencies.pop() if len(currencies) == 1 else None,
        "balances": balances,
        "in_play": in_play,
        "matches": covered,
        "payments": payments,
        "unstaked": [m.name for m in settled.unstaked],
        "since": since,
    }


def add_winnings(season: SeasonDoc, won: Mapping[int, Fraction], stake: Stake) -> None:
    """A season's rows (seat order) with each side's winnings, and the stake they are at."""
    for seat, row in enumerate(season["rows"]):
        row["winnings"] = plain(rounded(won[seat], stake.places))
    season["stake"] = stake_doc(stake)


def amount_text(value: Fraction, places: int) -> str:
    """An exact amount as digits rounded to `places` (half up): what JSON holds."""
    return plain(rounded(value, places))


def money_text(amount: str, currency: str) -> str:
    """An amount's digits as a document holds them (``"-3.40"``), written with its currency
    (``-$3.40``), at the decimals it has."""
    value = Decimal(amount)
    return money(value, currency, max(0, -int(value.as_tuple().exponent)))
