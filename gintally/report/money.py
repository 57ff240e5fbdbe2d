"""Money as documents: a stake, what is in play, who owes whom (`settle`), a payment, and the
winnings that `standings`, `stats` and the year's page add when a match has a stake.

Terminology:
- *amount*: digits as text (``"12.35"``), never a JSON number: a float cannot hold a cent;
  *text*: the amount as people write it, with its currency (``"$12.35"``).
- *covered*: the games and sets of a match that a settlement counts (finished, and priced).
- *prices*: what was covered at each price, in the order the prices first priced something:
  ``1 set at $0.05, 1 at $0.10 and 1 at $0.02 a point`` (`priced_text`), never the latest
  price for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from gintally.engine.stakes import Stake, money, per_point, plain, price, rounded

if TYPE_CHECKING:
    from gintally.engine.settlement import InPlay, Settled
    from gintally.model import Match, Payment
    from gintally.report.shapes import (
        BalanceDoc,
        CoveredDoc,
        InPlayDoc,
        PaymentDoc,
        PricedDoc,
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
        "after_hand": stake.after.number if stake.after is not None else None,
    }


def price_start(doc: StakeDoc) -> str:
    """Where a price starts, as a line says it after the price: " from 2026-03-01", " after
    hand 4" (a first price set without a date), or nothing (from the start)."""
    if doc["since"]:
        return f" from {doc['since']}"
    if doc["after_hand"] is not None:
        return f" after hand {doc['after_hand']}"
    return ""


def prices_doc(items: Iterable[Settled]) -> list[PricedDoc]:
    """How many games, sets and series were settled at each price, in the order the prices
    first settled one."""
    by: dict[Stake, PricedDoc] = {}
    for i in items:
        doc = by.get(i.stake)
        if doc is None:
            doc = by[i.stake] = {"stake": stake_doc(i.stake), "games": 0, "sets": 0, "series": 0}
        if i.what == "game":
            doc["games"] += 1
        elif i.what == "set":
            doc["sets"] += 1
        else:
            doc["series"] += 1
    return list(by.values())


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 or what == "series" else f"{n} {what}s"


def priced_text(prices: list[PricedDoc]) -> str:
    """What was settled at each price, as people say it: ``3 sets at $0.02 a point``; at several
    prices each is named, ``1 set at $0.05, 1 at $0.10 and 1 at $0.02 a point`` (a kind is not
    repeated while it stays the only one), ``2 sets, 1 series at $0.05 and 1 set at $0.10 a
    point``."""
    parts: list[str] = []
    before: list[str] = []
    for doc in prices:
        counts = ((doc["sets"], "set"), (doc["games"], "game"), (doc["series"], "series"))
        kinds = [(n, what) for n, what in counts if n]
        whats = [what for _, what in kinds]
        if len(kinds) == 1 and whats == before:  # the same one kind as before: "1 at $0.10"
            counted = str(kinds[0][0])
        else:
            counted = ", ".join(_count(n, what) for n, what in kinds)
        before = whats if len(kinds) == 1 else []
        stake = doc["stake"]
        parts.append(f"{counted} at {price(Stake(Decimal(stake['amount']), stake['currency']))}")
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"{listed} a point"


def covered_text(doc: CoveredDoc) -> str:
    """A match's line in `settle`: what it settled at each price (`priced_text`), or
    ``nothing played at $0.05 a point has finished yet`` (a game finished, or under way, before
    a first price plays for nothing)."""
    if not doc["prices"]:
        return f"nothing played at {doc['stake']['per_point']} has finished yet"
    return priced_text(doc["prices"])


def winnings_at(season: SeasonDoc) -> str:
    """How the season's winnings were priced: ``at $0.05 a point`` when every settled game or set
    was at the price now, else each price named (``from 1 set at $0.05 and 1 at $0.10 a
    point``)."""
    stake = season.get("stake")
    prices = season.get("prices") or []
    if stake is None or not prices or (len(prices) == 1 and prices[0]["stake"] == stake):
        return f"at {stake['per_point']}" if stake is not None else ""
    return f"from {priced_text(prices)}"


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


def spoken(items: Sequence[str]) -> str:
    """Items as a sentence lists them: ``1``, ``1 and 2``, ``1, 2 and 3``."""
    *most, last = items
    return f"{', '.join(most)} and {last}" if most else last


def in_play_line(doc: InPlayDoc) -> str:
    """``Set 2 so far, its open game included: Ann is 45 points ahead, worth $2.25.`` (what
    it counts said, as the set's line beside it counts only its finished games)."""
    if doc["what"] == "games":
        head = f"Games {', '.join(str(n) for n in doc['numbers'])} so far"
    elif doc["what"] == "set":
        head = f"Set {doc['numbers'][0]} so far, its open game included"
    else:
        head = f"{doc['what'].capitalize()} {doc['numbers'][0]} so far"
    if doc["leader"] is None:
        return f"{head}: level, worth nothing yet."
    return f"{head}: {doc['leader']} is {doc['points']} points ahead, worth {doc['text']}."


def payment_doc(
    payment: Payment, names: Mapping[int, str], match: str, currency: str, places: int
) -> PaymentDoc:
    return {
        "uid": payment.uid,
        "match": match,
        "from": names.get(payment.payer, ""),
        "to": names.get(payment.payee, ""),
        "date": payment.date.isoformat(),
        "amount": amount_text(Fraction(payment.amount), places),  # as the match's places write it
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
        latest = stake or (items[-1].stake if items else priced.latest)
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
                    "prices": prices_doc(items),
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


def add_winnings(
    season: SeasonDoc, won: Mapping[int, Fraction], stake: Stake, items: Iterable[Settled] = ()
) -> None:
    """A season's rows (seat order) with each side's winnings, the stake now, and what the
    season's settled games and sets (`items`) were priced at."""
    for seat, row in enumerate(season["rows"]):
        row["winnings"] = plain(rounded(won[seat], stake.places))
    season["stake"] = stake_doc(stake)
    season["prices"] = prices_doc(items)


def amount_text(value: Fraction, places: int) -> str:
    """An exact amount as digits rounded to `places` (half up): what JSON holds."""
    return plain(rounded(value, places))


def money_text(amount: str, currency: str) -> str:
    """An amount's digits as a document holds them (``"-3.40"``), written with its currency
    (``-$3.40``), at the decimals it has."""
    value = Decimal(amount)
    return money(value, currency, max(0, -int(value.as_tuple().exponent)))
