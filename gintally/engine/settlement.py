"""Settlement: what a match's finished games and sets are worth at its stakes, who owes whom,
and what is still in play. Pure: hands in (as the replay's entries), amounts out.

Terminology
- settled (`Settled`): one thing that has been paid for by being finished: a game (single,
  rolling Hollywood, ad-infinitum, and every format's games in a series), a whole set
  (Hollywood and Honeymoon: the set settles as one, at its margin, the day its last game
  closes), or a series won when the stake prices series (`Stake.series`). Its `amount` is the
  margin times the stake in force on the day it closed, exact; the side that lost it pays. A
  price that starts after a hand (`stakes.After`) prices only what began after that hand: a
  game by its first hand, a set by its first game's, a series by its first game's
  (`Prices.covering`), in the replay's own play order.
- in play (`InPlay`): what is not finished yet owes nothing: an open game, or the set in
  progress, with its worth so far (the nets of its finished games plus the running difference
  of its open ones), priced at the stake in force now.
- side: seat 0 or 1; in a team match a team. The losing side pays the winning side, split
  evenly: each of the k losers pays each of the k winners 1/k^2 of the amount, so each loser
  pays 1/k of it and each winner receives 1/k.
- split (team sides): what one team owes the other, netted over every game and set between the
  same two teams, exact; shown (`balances`) as the whole side-to-side amount rounded once (half
  up) to the currency's minor units, then cut into the k_a x k_b pairs' debts by the largest
  remainder (`apportion`), so the debts add up to exactly the rounded amount: a 2 v 2 set worth
  8.42 is 2.11 + 2.11 + 2.10 + 2.10, never 4 x 2.11 = 8.44.
- the extra cent (`spread`): the pairs' exact shares are equal, so every remainder ties; the
  leftover minor units go one each to the pairs in diagonal order of the sides' table order:
  (first of side 0, first of side 1), (second, second), ..., then the next diagonal. So each
  extra cent comes from a different payer and goes to a different payee while that is possible,
  and every person's part stays within a cent of 1/k of the side's amount.
- owed (`Owed`): what each pair of people owes the other, netted both ways and with payments
  taken off, exact until it is shown (`balances`, rounded half up to the currency's places; a
  team split's part comes in whole minor units, as above).
- winnings: what a person has won (positive) or lost (negative) by settled games and sets;
  payments do not change them. Exact (`Owed.winnings`), or as the debts are cut (`Owed.won`:
  a team split's part as its pairs' debts, so a side's members add up to its rounded amount).
- unfinished: an ad-infinitum game its season's end left open; it owes nothing, ever.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.replay import Entry, Replay, Replayer
from gintally.engine.seasons import season_of
from gintally.engine.stakes import Place, Prices, Stake, rounded
from gintally.game.rules import RuleSet


@dataclass(frozen=True)
class Settled:
    """A finished game, set or series and what its losing side pays its winning side."""

    what: str  # "game", "set" or "series"
    number: int
    day: date  # the day it closed (its price is the stake in force then)
    winner: int | None  # seat; None for a tied set (nothing is owed)
    margin: int  # points it was won by (a series: 0, it is priced flat)
    amount: Fraction  # exact, >= 0
    stake: Stake


@dataclass(frozen=True)
class InPlay:
    """What the game or set in progress is worth so far (nothing is owed for it yet)."""

    what: str  # "set" or "game" (ad-infinitum: "games", every open one)
    numbers: tuple[int, ...]
    worth: int  # points so far, from seat 0's side (negative: seat 1 is ahead)
    amount: Fraction  # worth times the stake in force now, from seat 0's side
    stake: Stake


@dataclass
class MatchMoney:
    """A match's settled games and sets (oldest first) and what is in play."""

    settled: list[Settled] = field(default_factory=list)
    in_play: InPlay | None = None
    series_under_way: int | None = None  # the number of a series begun and not yet won


def settle_match(
    entries: Iterable[Entry],
    rules: RuleSet,
    fmt: Format,
    prices: Prices,
    first_dealer: int | None = None,
    today: date | None = None,
) -> MatchMoney:
    """Replay a match's live entries (in play order) and price what they finished. Folded: a
    game is dropped once settled, so the entries may stream from the ledger."""
    out = MatchMoney()
    run = Replayer(rules, fmt, first_dealer, keep=False)
    size = fmt.set_size  # None: no sets, or a rolling set that never ends (games settle)
    pending: dict[int, list[Game]] = {}  # the games of each set not yet over
    opened, marks = run.games, run.marks
    last: date | None = None
    for e in entries:
        run.feed(e)
        last = e.date
        if opened:
            if size is not None:
                for g in opened:
                    pending.setdefault(g.set or 0, []).append(g)
            opened.clear()
        if marks:
            marks.clear()
        for g in run.closed_now:
            if g.closed is None or g.winner is None:
                continue
            if size is None:
                _price(
                    out,
                    "game",
                    g.number,
                    g.closed,
                    g.signed_net,
                    prices.covering(g.closed, first_of(g)),
                )
                continue
            members = pending.get(g.set or 0, [])
            if len(members) == size and all(m.status == "won" for m in members):
                del pending[g.set or 0]
                worth = fmt.set_worth(members)
                stake = prices.covering(g.closed, first_of(members[0]))
                _price(out, "set", g.set or 0, g.closed, worth, stake)
        for s in run.won_series:
            stake = (
                prices.covering(s.closed, first_of(s.games[0])) if s.closed is not None else None
            )
            if stake is not None and stake.series and s.closed is not None:
                flat = Fraction(stake.series)
                out.settled.append(Settled("series", s.number, s.closed, s.winner, 0, flat, stake))
    if today is not None and fmt.seasonal and last is not None:
        first = fmt.season_start
        if season_of(today, first)[1] > season_of(last, first)[1]:
            run.end_season()  # its open games are unfinished: they owe nothing
    out.in_play = _in_play(run.open, pending, size, prices, today or last)
    current = run.tally.current
    if current is not None and current.status != "won":
        out.series_under_way = current.number
    return out


def in_play_of(rep: Replay, prices: Prices, day: date) -> InPlay | None:
    """What the set or game in progress of a replayed window is worth so far (`show`): the
    window starts at a quiet point, so it holds every game of the set in progress."""
    size = rep.format.set_size
    pending: dict[int, list[Game]] = {}
    if size is not None:
        for g in rep.games:
            pending.setdefault(g.set or 0, []).append(g)
    return _in_play(rep.open_games(), pending, size, prices, day)


def first_of(g: Game) -> Place:
    """Where a game begins in play order: its first hand, the one that opened it (a game opens
    with the first hand posted to it), as the replay's key."""
    return (g.opened, g.hands[0]) if g.hands else (g.opened, 0)


def _price(
    out: MatchMoney, what: str, number: int, day: date, worth: int, stake: Stake | None
) -> None:
    """A finished game or set, priced at `stake` (`Prices.covering`: the stake in force on the
    day it closed that covers its start)."""
    if stake is None:
        return  # not played for money then
    winner = None if worth == 0 else (0 if worth > 0 else 1)
    margin = abs(worth)
    out.settled.append(
        Settled(what, number, day, winner, margin, margin * Fraction(stake.amount), stake)
    )


def _running(g: Game) -> int:
    """A game's worth so far from seat 0's side: its net once won, its points' difference
    while open."""
    return g.signed_net if g.status == "won" else g.points[0] - g.points[1]


def _in_play(
    open_games: Sequence[Game],
    pending: dict[int, list[Game]],
    size: int | None,
    prices: Prices,
    day: date | None,
) -> InPlay | None:
    if not open_games or day is None:
        return None
    stake = prices.on(day) or prices.latest
    if stake is None:
        return None
    numbers: tuple[int, ...]
    after = stake.after
    if size is not None:
        number = open_games[-1].set or 0
        games = pending.get(number, list(open_games))
        if after is not None and not after.before(first_of(games[0])):
            return None  # a set begun before the price: it plays for nothing
        what, numbers = "set", (number,)
    else:
        games = [g for g in open_games if after is None or after.before(first_of(g))]
        if not games:
            return None  # every open game began before the price
        what = "game" if len(games) == 1 else "games"
        numbers = tuple(g.number for g in games)
    worth = sum(_running(g) for g in games)
    return InPlay(what, numbers, worth, worth * Fraction(stake.amount), stake)


def shares(
    winner: int, amount: Fraction, sides: Sequence[Sequence[int]]
) -> list[tuple[int, int, Fraction]]:
    """(payer, payee, amount) for each loser and winner: the losing side pays the winning side,
    split evenly between the members of both (`sides`: each side's people, by id)."""
    losers, winners = sides[1 - winner], sides[winner]
    each = amount / (len(losers) * len(winners))
    return [(p, q, each) for p in losers for q in winners]


def apportion(total: int, shares: Sequence[Fraction]) -> list[int]:
    """`total` whole units cut in proportion to `shares` by the largest remainder (Hamilton's
    method): each gets the whole part of its quota, and the units left over go one each to the
    largest remainders, ties to the earlier share (the caller's order decides them). The parts
    add up to `total` exactly, and each is its quota rounded down or up."""
    whole = sum(shares, Fraction(0))
    if not shares or whole == 0:
        return [0] * len(shares)
    quotas = [total * s / whole for s in shares]
    parts = [int(q) for q in quotas]  # quotas are >= 0: int() is the floor
    left = total - sum(parts)
    order = sorted(range(len(shares)), key=lambda i: (-(quotas[i] - parts[i]), i))
    for i in order[:left]:
        parts[i] += 1
    return parts


def spread(ka: int, kb: int) -> list[tuple[int, int]]:
    """Every (i, j) pair of a side of `ka` people and one of `kb`, by table order, in the order
    the extra minor units of a split go: diagonal by diagonal, (0, 0), (1, 1), ... then (0, 1),
    (1, 2), ...: each diagonal holds every person of the smaller side once."""
    n = max(ka, kb)
    return sorted(
        ((i, j) for i in range(ka) for j in range(kb)), key=lambda p: ((p[1] - p[0]) % n, p)
    )


Side = tuple[int, ...]


class Owed:
    """What each pair of people owes the other, netted, exact; a team split kept whole until it
    is shown."""

    def __init__(self) -> None:
        self.pairs: dict[tuple[int, int], Fraction] = {}  # (a, b) with a < b: what a owes b
        self.splits: dict[tuple[Side, Side], Fraction] = {}  # what side a owes side b (teams)
        self.winnings: dict[int, Fraction] = {}  # by settled games and sets only

    def owe(self, payer: int, payee: int, amount: Fraction) -> None:
        """`payer` owes `payee` `amount` more (a negative amount: less)."""
        if payer == payee or not amount:
            return
        key, sign = ((payer, payee), 1) if payer < payee else ((payee, payer), -1)
        self.pairs[key] = self.pairs.get(key, Fraction(0)) + sign * amount

    def settle(self, item: Settled, sides: Sequence[Sequence[int]]) -> None:
        """A settled game, set or series between the two sides."""
        if item.winner is None or not item.amount:
            return
        split = shares(item.winner, item.amount, sides)
        for payer, payee, each in split:
            self.winnings[payee] = self.winnings.get(payee, Fraction(0)) + each
            self.winnings[payer] = self.winnings.get(payer, Fraction(0)) - each
        if len(split) == 1:  # one a side: the pair's own debt, exact
            payer, payee, each = split[0]
            self.owe(payer, payee, each)
            return
        key = (tuple(sides[0]), tuple(sides[1]))
        sign = 1 if item.winner == 1 else -1  # side 0 owes side 1 when side 1 won
        self.splits[key] = self.splits.get(key, Fraction(0)) + sign * item.amount

    def paid(self, payer: int, payee: int, amount: Fraction) -> None:
        """A payment: what `payer` owes `payee` goes down by `amount`."""
        self.owe(payer, payee, -amount)

    def _split_debts(self, places: int) -> Iterator[tuple[int, int, Fraction]]:
        """(payer, payee, amount) of every pair of every team split: the side's amount rounded
        once to `places` and cut by the largest remainder (`apportion`, extra units in `spread`
        order), so the pairs' debts add up to it."""
        unit = Fraction(1, 10**places)
        for (one, other), value in self.splits.items():
            units = int(abs(rounded(value, places)).scaleb(places))
            order = spread(len(one), len(other))
            parts = apportion(units, [Fraction(1)] * len(order))
            for (i, j), part in zip(order, parts, strict=True):
                payer, payee = (one[i], other[j]) if value > 0 else (other[j], one[i])
                yield payer, payee, part * unit

    def won(self, places: int) -> dict[int, Fraction]:
        """Each person's winnings as `balances` counts them: a team split's part in the debts
        it is cut into (so a side's members' winnings add up to the side's rounded amount), the
        rest exact."""
        out = dict(self.winnings)
        for (one, other), value in self.splits.items():  # take the exact shares off
            for p in one:
                out[p] += value / len(one)
            for q in other:
                out[q] -= value / len(other)
        for payer, payee, amount in self._split_debts(places):
            out[payer] -= amount
            out[payee] += amount
        return out

    def balances(self, places: int) -> list[tuple[int, int, Fraction]]:
        """(from, to, amount) for each pair that owes something once rounded to `places`,
        the debtor first. A team split is rounded once as a whole and cut into its pairs'
        debts by the largest remainder (`_split_debts`)."""
        pairs = dict(self.pairs)
        for payer, payee, amount in self._split_debts(places):
            key, sign = ((payer, payee), 1) if payer < payee else ((payee, payer), -1)
            pairs[key] = pairs.get(key, Fraction(0)) + sign * amount
        out = []
        for (a, b), value in pairs.items():
            if rounded(value, places) == 0:
                continue
            out.append((a, b, value) if value > 0 else (b, a, -value))
        return out
