"""Stakes and payments: a match's price per point, what its finished games and sets are worth,
who owes whom across matches, payments recorded and taken back.

Terminology
- staked match: a match with a stake (`Ledger.stakes`); a match without one is played for
  nothing, and every output of it stays as it was.
- settlement (`Settlement`): the staked matches asked for, each replayed whole and priced
  (`engine.settlement.settle_match`), what each pair of people owes the other with the payments
  between them taken off, netted per currency, and what is in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from gintally.engine.replay import Entry, Replay
from gintally.engine.rounds import Round, entries_of
from gintally.engine.seasons import season_of
from gintally.engine.settlement import (
    InPlay,
    MatchMoney,
    Owed,
    Settled,
    in_play_of,
    settle_match,
)
from gintally.engine.stakes import (
    DEFAULT_CURRENCY,
    DEFAULT_PLACES,
    After,
    Prices,
    Stake,
    check_currency,
    check_places,
    parse_amount,
)
from gintally.errors import GintallyError, NotFoundError
from gintally.game.variants import variant_of
from gintally.ledger import Ledger
from gintally.model import Match, Payment, fold, plain_text, shell_word
from gintally.service.replaying import live_hands, stream_entries_from_plays
from gintally.service.seating import seating_of


def set_stake(
    ledger: Ledger,
    match: Match,
    amount: str,
    currency: str | None = None,
    places: int | None = None,
    since: date | None = None,
    series: str | None = None,
) -> Stake:
    """Price the match's points from `since` on; without it, a first price starts after the
    match's latest live hand (`_after_latest`: the next game or set is the first priced), or
    from the start when it has none. A match keeps one currency: a later stake may repeat it,
    not change it. A solitaire (Gimlet's phantom) is played for nobody's money."""
    variant = variant_of(match.rules)
    if variant.players == 1:
        raise GintallyError(
            f"{variant.title} is solitaire: there is nobody to pay ({variant.opponent} keeps no "
            f"purse), so it takes no stake"
        )
    before = ledger.stakes(match)
    if before:
        old = before[-1]
        if currency is not None and check_currency(currency) != old.currency:
            raise GintallyError(
                f"match {match.name!r} is played in {old.currency or 'no currency'}: a stake "
                f"keeps it, not {currency!r}"
            )
        if places is not None and check_places(places) != old.places:
            raise GintallyError(
                f"match {match.name!r} counts {old.places} decimal places: a stake keeps them, "
                f"not {places}"
            )
        currency, places = old.currency, old.places
        if since is None:
            raise GintallyError(
                f"match {match.name!r} has a stake already: give --from DATE, the day the new "
                f"price starts (games closed before keep the old one)"
            )
        if any(s.since == since for s in before):
            raise GintallyError(f"match {match.name!r} has a stake from {since} already")
    symbol = check_currency(currency) if currency is not None else DEFAULT_CURRENCY
    kept = check_places(places) if places is not None else DEFAULT_PLACES
    stake = Stake(
        parse_amount(amount, "the stake"),
        symbol,
        kept,
        since,
        parse_amount(series, "the series stake") if series is not None else None,
        _after_latest(ledger, match) if since is None else None,
    )
    ledger.add_stake(match, stake)
    return stake


def _after_latest(ledger: Ledger, match: Match) -> After | None:
    """Where a first price set without a date starts: after the match's latest live hand in
    play order (None: it has none, and the price holds from the start). Money never reaches
    back unasked: a game finished, or under way, when the price is set plays for nothing."""
    latest = ledger.live_hands_latest(match)
    if latest is None or latest.uid is None:
        return None
    return After(latest.uid, latest.number, (latest.date, latest.number))


def prices(ledger: Ledger, match: Match) -> Prices:
    """The match's stakes (empty: not played for money), a price that starts after a hand
    placed in the order the match's replay reads (`_in_rounds` for a team match)."""
    stakes = ledger.stakes(match)
    if any(s.after is not None for s in stakes) and seating_of(match).whole:
        rounds = seating_of(match).rounds(ledger.live_hands(match))
        stakes = [_in_rounds(s, rounds) for s in stakes]
    return Prices(stakes)


def _in_rounds(stake: Stake, rounds: Sequence[Round]) -> Stake:
    """A price that starts after a hand of a team match, placed among the match's rounds (the
    entries its replay reads): after the round that holds the hand, or the latest round that
    holds a hand played before it (a hand voided since); a round still in progress is
    after every complete one."""
    after = stake.after
    if after is None or after.place is None:
        return stake
    held = 0
    for r in rounds:
        deals = [d for d in r.deals if d is not None] + r.redeals
        if any((d.date, d.id) <= after.place for d in deals):
            held = r.number
    if held == 0:
        return replace(stake, after=replace(after, place=(date.min, 0)))
    day = rounds[held - 1].date or date.max
    return replace(stake, after=replace(after, place=(day, held)))


def _entries(ledger: Ledger, match: Match) -> tuple[Iterator[Entry], int | None]:
    """The match's live entries in play order, and its first dealer's seat: streamed from the
    file for two players, read whole for a team match (a round needs every table's hand)."""
    seating = seating_of(match)
    if seating.whole:
        hands = live_hands(ledger, match)
        rounds = seating.rounds(hands)
        posted = entries_of(rounds) if rounds else seating.entries(hands)
        return iter(sorted(posted, key=lambda e: (e.date, e.id))), seating.first_dealer
    return stream_entries_from_plays(match, ledger.stream_plays(match)), match.first_seat


def match_money(
    ledger: Ledger, match: Match, today: date | None = None, plan: Prices | None = None
) -> MatchMoney | None:
    """The match's settled games and sets and what is in play (None without a stake; `plan`:
    its prices, when the caller has read them)."""
    plan = prices(ledger, match) if plan is None else plan
    if not plan:
        return None
    with ledger.snapshot():
        rows, first = _entries(ledger, match)
        return settle_match(rows, match.rules, match.format, plan, first, today)


def sides(match: Match) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The people of each side, by id (a team's members; one player a side otherwise)."""
    if match.teams is None:
        return (match.players[0].id,), (match.players[1].id,)
    a, b = match.teams
    return tuple(p.id for p in a.members), tuple(p.id for p in b.members)


@dataclass
class Priced:
    """One staked match in a settlement: its money and its currency."""

    match: Match
    money: MatchMoney
    currency: str
    places: int
    latest: Stake | None = None  # its latest price (one that starts later covers nothing yet)


@dataclass
class Settlement:
    """Who owes whom over some matches, per currency, with payments taken off."""

    matches: list[Priced] = field(default_factory=list)
    unstaked: list[Match] = field(default_factory=list)
    owed: dict[str, Owed] = field(default_factory=dict)  # by currency
    places: dict[str, int] = field(default_factory=dict)  # by currency
    payments: list[tuple[Payment, str]] = field(default_factory=list)  # with their currency
    names: dict[int, str] = field(default_factory=dict)  # player id -> name

    def balances(self) -> list[tuple[str, int, int, Fraction]]:
        """(currency, from, to, amount) for each pair that owes something, largest first."""
        out = []
        for currency, owed in self.owed.items():
            for a, b, amount in owed.balances(self.places[currency]):
                out.append((currency, a, b, amount))
        out.sort(key=lambda x: (x[0], -x[3], self.names.get(x[1], ""), self.names.get(x[2], "")))
        return out


def settlement(
    ledger: Ledger,
    matches: Sequence[Match],
    since: date | None = None,
    today: date | None = None,
) -> Settlement:
    """Price the staked ones of `matches` (the games and sets that closed on or after `since`)
    and net them, with the payments recorded in them (on or after `since`), all read in one
    snapshot of the file."""
    with ledger.snapshot():
        return _settlement(ledger, matches, since, today)


def _settlement(
    ledger: Ledger, matches: Sequence[Match], since: date | None, today: date | None
) -> Settlement:
    out = Settlement()
    by_id: dict[int, Priced] = {}
    for m in matches:
        plan = prices(ledger, m)
        money = match_money(ledger, m, today, plan)
        if money is None:
            out.unstaked.append(m)
            continue
        if since is not None:
            money.settled = [s for s in money.settled if s.day >= since]
        priced = Priced(m, money, plan.currency, plan.places, plan.latest)
        out.matches.append(priced)
        by_id[m.id] = priced
        owed = out.owed.setdefault(plan.currency, Owed())
        out.places.setdefault(plan.currency, plan.places)
        pair = sides(m)
        for item in money.settled:
            owed.settle(item, pair)
        for p in m.members:
            out.names[p.id] = p.name
    for pay in ledger.payments(by_id, since):
        priced = by_id[pay.match_id]
        out.owed[priced.currency].paid(pay.payer, pay.payee, Fraction(pay.amount))
        out.payments.append((pay, priced.currency))
    return out


def winnings(match: Match, money: MatchMoney, season: str | None = None) -> dict[int, Fraction]:
    """Each side's winnings (seat 0 and 1) in the match from its settled games and sets, in the
    season labelled `season` (by the day each closed), or over its whole life."""
    start = match.format.season_start
    won = {0: Fraction(0), 1: Fraction(0)}
    for item in money.settled:
        if item.winner is None or (season is not None and season_of(item.day, start)[0] != season):
            continue
        won[item.winner] += item.amount
        won[1 - item.winner] -= item.amount
    return won


def season_winnings(
    ledger: Ledger, match: Match, season: str, today: date | None = None
) -> tuple[dict[int, Fraction], Stake, list[Settled]] | None:
    """Each side's winnings in the season labelled `season`, the stake in force `today` and the
    season's settled games and sets (each with its price) (None without a stake: `standings`
    and the year's page are then as they were)."""
    plan = prices(ledger, match)
    money = match_money(ledger, match, today, plan)
    now = (plan.on(today) if today is not None else None) or plan.latest
    if money is None or now is None:
        return None
    start = match.format.season_start
    items = [i for i in money.settled if season_of(i.day, start)[0] == season]
    return winnings(match, money, season), now, items


def in_play_now(
    ledger: Ledger, match: Match, rep: Replay, today: date
) -> tuple[Stake, InPlay | None] | None:
    """The stake in force `today` and what the set or game in progress of a replayed window is
    worth so far (`show`); None without a stake."""
    plan = prices(ledger, match)
    now = plan.on(today) or plan.latest
    if now is None:
        return None
    return now, in_play_of(rep, plan, today)


def lifetime_winnings(
    ledger: Ledger, matches: Iterable[Match], today: date | None = None
) -> dict[str, dict[int, Fraction]]:
    """Each person's winnings over every staked match, by currency then player id (a team
    match's as `settle` cuts its debts: `Owed.won`)."""
    out: dict[str, dict[int, Fraction]] = {}
    for m in matches:
        plan = prices(ledger, m)
        money = match_money(ledger, m, today, plan)
        if money is None:
            continue
        owed = Owed()
        pair = sides(m)
        for item in money.settled:
            owed.settle(item, pair)
        won = owed.won(plan.places)
        mine = out.setdefault(plan.currency, {})
        for p in m.members:
            mine[p.id] = mine.get(p.id, Fraction(0)) + won.get(p.id, Fraction(0))
    return out


# --- payments -------------------------------------------------------------------------------------


def pay(
    ledger: Ledger,
    payer: str,
    payee: str,
    amount: str,
    day: date,
    note: str | None = None,
    match_name: str | None = None,
) -> tuple[Payment, Match, Stake]:
    """Record a payment from `payer` to `payee` in a staked match they play in on opposite
    sides: the one named, else the current match if they do, else the latest such match.
    Refused: the same person twice, strangers to each other, team-mates (a payment between them
    settles nothing the match owes), an amount of zero, negative or finer than the currency's
    places."""
    if fold(payer) == fold(payee):
        raise GintallyError(f"a payment is between two players, not {payer!r} to themselves")
    a, b = ledger.player(payer), ledger.player(payee)
    match = _shared_match(ledger, a.id, b.id, a.name, b.name, match_name)
    plan = prices(ledger, match)
    stake = plan.latest
    if stake is None:
        raise GintallyError(
            f"match {match.name!r} has no stake: set one (gintally match stake "
            f"{shell_word(match.name)} AMOUNT) before paying in it"
        )
    money = parse_amount(amount, "the amount", stake.places, zero=False)
    clean = plain_text(note, "note", one_line=True) if note else None
    return ledger.add_payment(match, a.id, b.id, money, day, clean or None), match, stake


def _shared_match(
    ledger: Ledger, a: int, b: int, a_name: str, b_name: str, named: str | None
) -> Match:
    def both(m: Match) -> bool:
        ids = {p.id for p in m.members}
        return a in ids and b in ids

    def opposed(m: Match) -> bool:  # on opposite sides: a payment goes from one to the other
        one, other = sides(m)
        return (a in one and b in other) or (a in other and b in one)

    if named is not None:
        m = ledger.match(named)
        if not both(m):
            raise NotFoundError(f"{a_name} and {b_name} do not both play in match {m.name!r}")
        if not opposed(m):
            raise GintallyError(
                f"{a_name} and {b_name} play on the same side in match {m.name!r}: a payment "
                f"settles what one side owes the other"
            )
        return m
    together = [m for m in ledger.matches() if both(m)]
    if not together:
        raise GintallyError(f"{a_name} and {b_name} share no match: a payment settles a match")
    shared = [m for m in together if opposed(m)]
    if not shared:
        raise GintallyError(
            f"{a_name} and {b_name} play on the same side in every match they share: a payment "
            f"settles what one side owes the other"
        )
    try:
        current = ledger.match()
    except NotFoundError:
        current = None
    if current is not None and opposed(current) and prices(ledger, current):
        return current
    staked = ledger.staked_matches()
    with_stake = [m for m in shared if m.id in staked]
    return with_stake[-1] if with_stake else shared[-1]


def payment_currency(ledger: Ledger, payment: Payment) -> tuple[str, int]:
    """The currency and places a payment is counted in: its match's."""
    plan = prices(ledger, ledger.match_by_id(payment.match_id))
    return plan.currency, plan.places
