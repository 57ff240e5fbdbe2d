"""The money commands' work, as documents: what ``settle``, ``pay``, ``match stake`` and a
staked ``match new`` or ``match show`` print with ``--json``, returned instead of printed.

The command line (`cli/money.py`, `cli/admin.py`) and the library (`Book.settlement`,
`Book.pay`, `Match.stake`, `Match.pay`, `Match.settlement`, `Book.new_match(stake=...)`) both
call these, so a payment or a stake is checked and written once (`service.stakes`), refused
with the same `GintallyError` and message, and described by the same document (`report`).
Amounts arrive as typed (text: a library call's `Decimal` or number as `typed.as_text` writes
it) and are read by `engine.stakes.parse_amount`: plain digits, never a float's binary value.

Terminology
- asked stake (`Asked`): a stake as ``match new --stake`` was given it (amount, currency, places,
  series stake), checked before the match is written, so a bad one writes neither.
- today: the day a command takes as today (dates typed as "yesterday" are read from it, and
  what is in play is priced by the stake in force on it); each caller passes its own.

Loaded by the money commands, ``match new`` and ``match show``, and the facade's money
methods: a hand command never loads it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gintally import report, service
from gintally.errors import GintallyError
from gintally.facade.typed import when, whole

if TYPE_CHECKING:
    from datetime import date

    from gintally.engine.stakes import Stake
    from gintally.ledger import Ledger
    from gintally.model import Match


def scope(match: str | None, every: bool) -> None:
    """``settle``'s --match and --all, checked (before the ledger is opened)."""
    if every and match is not None:
        raise GintallyError("give --match NAME or --all, not both")


def settle(
    book: Ledger, match: str | None, every: bool, day: date | None, today: date
) -> report.SettleDoc:
    """Who owes whom (``settle``): in the match named (None: the current one), or over every
    match (`every`, ``--all``); `day`: only games, sets and payments from that day on."""
    scope(match, every)
    matches = book.matches() if every else [book.match(match)]
    settled = service.settlement(book, matches, day, today)
    return report.settle_doc(settled, day.isoformat() if day else None)


def pay(
    book: Ledger,
    payer: str,
    payee: str,
    amount: str,
    day: date | None,
    note: str | None,
    match: str | None,
    today: date,
) -> dict[str, Any]:
    """Record a payment (``pay FROM TO AMOUNT``) in the match named, else the current match if
    both play in it, else the latest staked match they share (`service.pay`); paid `day`
    (None: `today`)."""
    paid_on = today if day is None else day
    paid, m, stake = service.pay(book, payer, payee, amount, paid_on, note, match)
    names = {p.id: p.name for p in m.members}
    doc = dict(report.payment_doc(paid, names, m.name, stake.currency, stake.places))
    doc["balance"] = balance(book, m, paid.payer, paid.payee, today)
    return doc


def balance(book: Ledger, m: Match, a: int, b: int, today: date) -> dict[str, Any] | None:
    """What one of two players owes the other in match `m` now, its payments taken off
    (``{"from", "to", "amount", "text"}``, as ``settle`` states a balance; None: square). A
    payment shows it, so one that paid more than was owed says so."""
    settled = report.settle_doc(service.settlement(book, [m], None, today))
    names = {p.id: p.name for p in m.members}
    pair = {names[a], names[b]}
    for row in settled["balances"]:
        if {row["from"], row["to"]} == pair:
            return {k: row[k] for k in ("from", "to", "amount", "text")}
    return None


def owed(book: Ledger, m: Match, today: date) -> dict[str, dict[str, Any]]:
    """Who owes whom in match `m` now, its payments taken off, by pair ("Ann and Bob", the
    names in order): each pair's balance as ``settle`` states it (``{"from", "to",
    "amount", "text"}``); a pair that is square is not there."""
    settled = report.settle_doc(service.settlement(book, [m], None, today))
    return {
        " and ".join(sorted((row["from"], row["to"]))): {
            k: row[k] for k in ("from", "to", "amount", "text")
        }
        for row in settled["balances"]
    }


class Asked:
    """A stake as ``match new --stake`` was given it, checked (see the module's Terminology)."""

    __slots__ = ("amount", "currency", "places", "series")

    def __init__(
        self, amount: str, currency: str | None, places: str | None, series: str | None
    ) -> None:
        from gintally.engine.stakes import check_currency, check_places, parse_amount

        kept = whole(places, "--places")
        parse_amount(amount, "the stake")
        if currency is not None:
            check_currency(currency)
        if kept is not None:
            check_places(kept)
        if series is not None:
            parse_amount(series, "the series stake")
        self.amount, self.currency, self.places, self.series = amount, currency, kept, series


def asked(
    amount: str | None,
    currency: str | None,
    places: str | None,
    series: str | None,
    flags: bool = True,
) -> Asked | None:
    """The stake ``match new`` was given, checked before anything is written (None: played for
    nothing; a currency, places or series stake without an amount is refused, naming the
    options as the command line spells them, or without `flags` as `Book.new_match` does)."""
    if amount is None:
        if (currency, places, series) != (None, None, None):
            raise GintallyError(
                "--currency, --places and --series-stake go with --stake AMOUNT"
                if flags
                else "currency, places and series_stake go with a stake"
            )
        return None
    return Asked(amount, currency, places, series)


def stake_new(book: Ledger, match: Match, price: Asked) -> Stake:
    """Price a match just made from its start (in the write that made it)."""
    p = price
    return service.set_stake(book, match, p.amount, p.currency, p.places, None, p.series)


def stake(
    book: Ledger,
    name: str,
    amount: str,
    day: date | None,
    currency: str | None,
    places: int | None,
    series: str | None,
    today: date,
) -> dict[str, Any]:
    """Set a match's stake, or change it from a day on (``match stake NAME AMOUNT --from``):
    ``{"match", "stake"}``, ``"covers"`` when the price covers games or sets already finished
    (`covered`), and ``"starts"`` when it starts after a hand (`starts`). Money never reaches
    back unasked: a first price without --from starts with the next game (the next set in a
    set format), after the match's latest hand (`service.set_stake`); --from DATE reaches back
    as far as it says."""
    with book.write():
        m = book.match(name)
        price = service.set_stake(book, m, amount, currency, places, day, series)
        # a price after the latest hand covers no finished game: one replay says what it leaves
        covers = covered(book, m, price, today) if price.after is None else None
        begins = starts(book, m, price, today)
    doc: dict[str, Any] = {"match": m.name, "stake": report.stake_doc(price)}
    if covers is not None:
        doc["covers"] = covers
    if begins is not None:
        doc["starts"] = begins
    return doc


def starts(book: Ledger, m: Match, price: Stake, today: date) -> dict[str, Any] | None:
    """Where a price that starts after a hand begins, and what it leaves unpriced (``{"next",
    "under_way", "finished", "text"}``: "from the next game, after game 2 under way and 3
    finished games"; ``under_way``: ``{"what", "numbers"}`` of the game or set in play, as
    ``settle``'s in-play names it, or None); None for a price from a day or from the start."""
    from gintally.engine.stakes import Prices, Stake, parse_amount

    if price.after is None:
        return None
    unit = "set" if m.format.set_size is not None else "game"
    probe = service.match_money(book, m, today, Prices([Stake(parse_amount("1", "a stake"))]))
    finished = sum(s.what == unit for s in probe.settled) if probe is not None else 0
    playing = probe.in_play if probe is not None else None
    under_way = None
    left = []
    if playing is not None:
        under_way = {"what": playing.what, "numbers": list(playing.numbers)}
        left.append(f"{playing.what} {report.spoken([str(n) for n in playing.numbers])} under way")
    series = probe.series_under_way if probe is not None else None
    if price.series is not None and series is not None:  # its flat price is not paid either
        left.append(f"series {series} under way")
    if finished:
        left.append(f"{finished} finished {unit}{'s' if finished > 1 else ''}")
    text = f"from the next {unit}" + (f", after {report.spoken(left)}" if left else "")
    return {"next": unit, "under_way": under_way, "finished": finished, "text": text}


def covered(book: Ledger, m: Match, price: Stake, today: date) -> dict[str, Any] | None:
    """What a price just set covers of the games and sets already finished, and what it
    changes (``{"games", "sets", "text"}``: "covers 2 finished games: Bob would owe Ann
    650.00"); None when it covers none."""
    from gintally.engine.stakes import money as as_money

    found = service.match_money(book, m, today)
    if found is None:
        return None
    mine = [s for s in found.settled if s.stake == price]
    if not mine:
        return None
    games = sum(s.what == "game" for s in mine)
    sets = sum(s.what == "set" for s in mine)
    net = sum(
        (s.amount if s.winner == 0 else -s.amount for s in mine if s.winner is not None),
        Fraction(0),
    )
    names = {p.id: p.name for p in m.members}
    a, b = (" and ".join(names[i] for i in side) for side in service.sides(m))
    counted = [
        f"{n} finished {w}{'s' if n != 1 else ''}" for n, w in ((games, "game"), (sets, "set")) if n
    ]
    if net == 0:
        change = "nobody owes anything for them"
    else:
        payer, payee = (b, a) if net > 0 else (a, b)
        change = f"{payer} would owe {payee} {as_money(abs(net), price.currency, price.places)}"
    text = f"covers {' and '.join(counted)}: {change}"
    return {"games": games, "sets": sets, "text": text}


def from_day(text: str, book: Ledger, today: date) -> date:
    """The day a price starts: as a hand's date is read, or an ISO date in the future too (a
    price may be agreed for next month)."""
    from datetime import date

    from gintally.dates import refuse_outside

    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        return when(text, book, today)
    return refuse_outside(day, f"the date {text!r}")


def info(book: Ledger, name: str | None) -> dict[str, Any]:
    """A match's players, format and rules (``match show``), and its stakes when it is played
    for money: the latest (``"stake"``) and every one (``"stakes"``)."""
    m = book.match(name)
    doc: dict[str, Any] = dict(report.match_doc(m))
    stakes = [report.stake_doc(s) for s in book.stakes(m)]
    if stakes:  # not played for money: as it always was
        doc.update(stake=stakes[-1], stakes=stakes)
    return doc
