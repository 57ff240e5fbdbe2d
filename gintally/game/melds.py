"""Melds, deadwood, the best discard and layoffs: exact, on bit masks.

Terminology
- hand: a set of cards as a bit mask (see `cards`: each suit is a 16-bit block, rank bits 0-12).
- counting: how cards count and how runs may form under a rule set (`Counting`): the value of
  each rank (`card_values`, `ace_value`), whether an ace may also sit above the king (`aces`
  ``high-low``: Q-K-A) and whether runs go round the corner (`wrap_runs`: K-A-2). `STANDARD`:
  ace 1, pips, court cards 10, aces low, no wrap.
- meld: a *set* (3 or 4 cards of one rank) or a *run* (3 or more consecutive cards of one suit:
  aces low; or low or high, never both in one run; or round the corner). A card belongs to at
  most one meld.
- arrangement: a choice of disjoint melds; the cards outside them are the *deadwood*, and their
  values summed are the *deadwood count*.
- choice: the cards given to sets, and under ``high-low`` aces the aces that sit above the king
  (each at bit 13 of its suit's block, an unused bit: ``sets | high << 13``). Once it is fixed,
  the best runs are forced: every maximal stretch of 3+ adjacent cards left in a suit is melded
  (on a line A..K, on A..K with the high aces after the king, or on the circle of 13 ranks when
  runs wrap), the rest is deadwood. So a hand's arrangements that can matter are exactly its
  choices: for each rank held 3 or 4 times, give it no set, all its cards, or (4 held) all but
  one card that could sit in a run; ranks whose cards touch no run are always set. Under
  ``high-low`` a free ace that could end both A-2-3 and Q-K-A is tried at both ends. A 10-card
  hand has at most a few dozen choices (216 at the very worst), usually one.
- layoff: after a knock, the defender may add cards to the knocker's melds: the fourth card of a
  set of three, or cards extending a run at either end, chained (8D then 9D onto TD-JD-QD-KD: the
  9D goes first), round the corner too when the rules allow it.

Everything here is pure and exact; `tests/test_melds.py` checks it against brute force, under
every counting.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise

from gintally.game.cards import (
    CARDS,
    RANK_BITS,
    RANK_VALUES,
    SUIT_SHIFT,
    Card,
    cards_of,
    sort_by_rank,
)

RANK_COLUMN = 1 | 1 << 16 | 1 << 32 | 1 << 48  # the four cards of the ace; shift by rank
ALL_CARDS = RANK_BITS * RANK_COLUMN  # the 52 card bits (ranks 0-12 of each block)
ACES_AND_TWOS = RANK_COLUMN * 3
HIGH_SHIFT = 13  # an ace that plays above the king sits at bit 13 of its block


class Counting:
    """How cards count and runs form under one rule set; build it with `counting`.

    `values`: the deadwood value of each rank, ace first (from the two up they never decrease);
    `aces_high`: an ace may end a run above the king too (Q-K-A), never both ends of one run;
    `wrap`: runs go round the corner (K-A-2), the ace sitting between the king and the two;
    `plain`: neither (the fast path). `table` is the deadwood value of every 13-bit suit block,
    built on first use and shared by every counting with the same values.
    """

    __slots__ = ("_table", "aces_high", "plain", "values", "wrap")

    def __init__(
        self, values: tuple[int, ...] = RANK_VALUES, aces_high: bool = False, wrap: bool = False
    ) -> None:
        if len(values) != 13 or any(a > b for a, b in pairwise(values[1:])):
            raise ValueError(f"13 rank values, never decreasing from the two up: {values}")
        self.values = tuple(values)
        self.wrap = wrap
        self.aces_high = aces_high or wrap  # round the corner, the ace is next to the king
        self.plain = not self.aces_high
        self._table: list[int] | None = None

    @property
    def table(self) -> list[int]:
        t = self._table
        if t is None:
            t = self._table = _value_table(self.values)
        return t

    def __repr__(self) -> str:
        return f"Counting({self.values}, aces_high={self.aces_high}, wrap={self.wrap})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counting) and (self.values, self.aces_high, self.wrap) == (
            other.values,
            other.aces_high,
            other.wrap,
        )

    def __hash__(self) -> int:
        return hash((self.values, self.aces_high, self.wrap))


_tables: dict[tuple[int, ...], list[int]] = {}
_countings: dict[tuple[tuple[int, ...], bool, bool], Counting] = {}


def _value_table(values: tuple[int, ...]) -> list[int]:
    """Deadwood value of every 13-bit suit block under `values`, built once per table."""
    table = _tables.get(values)
    if table is None:
        table = [0] * (1 << 13)
        for m in range(1, 1 << 13):
            low = m & -m
            table[m] = table[m ^ low] + values[low.bit_length() - 1]
        _tables[values] = table
    return table


def counting(
    values: tuple[int, ...] = RANK_VALUES, aces_high: bool = False, wrap: bool = False
) -> Counting:
    """The (shared) `Counting` of these values and run rules."""
    key = (tuple(values), aces_high or wrap, wrap)
    found = _countings.get(key)
    if found is None:
        found = _countings[key] = Counting(*key)
    return found


STANDARD = counting()


def run_cards(hand: int) -> int:
    """The cards of `hand` that lie in a stretch of 3+ adjacent ranks of one suit, aces low."""
    t = hand & (hand >> 1) & (hand >> 2)
    return t | (t << 1) | (t << 2)


def _fold(region: int, copies: int) -> int:
    """Cards of a run region computed with copies above the king (bits 13-14) folded back."""
    return (region & ALL_CARDS) | ((region >> HIGH_SHIFT) & copies)


def _wrap_runs(hand: int) -> int:
    """Run cards when runs go round the corner: the ace and two are copied above the king, so
    every stretch of the circle (Q-K-A, K-A-2) is a stretch of the line; bit 15 of each block
    stays empty, so no stretch crosses into the next suit."""
    r = hand | ((hand & ACES_AND_TWOS) << HIGH_SHIFT)
    t = r & (r >> 1) & (r >> 2)
    return _fold(t | (t << 1) | (t << 2), ACES_AND_TWOS)


def _high_runs(rest: int, high: int) -> int:
    """Run cards with the aces of `high` above the king, the other aces below the two."""
    r = (rest ^ high) | (high << HIGH_SHIFT)
    t = r & (r >> 1) & (r >> 2)
    return _fold(t | (t << 1) | (t << 2), RANK_COLUMN)


def _either_runs(hand: int) -> int:
    """Every card that could lie in a run when aces play low or high: a superset of the run
    cards of any choice (each ace is copied above the king)."""
    r = hand | ((hand & RANK_COLUMN) << HIGH_SHIFT)
    t = r & (r >> 1) & (r >> 2)
    return _fold(t | (t << 1) | (t << 2), RANK_COLUMN)


def melded_by(hand: int, choice: int, c: Counting = STANDARD) -> int:
    """The cards of `hand` melded under `choice`: its sets and the runs they force."""
    sets = choice & ALL_CARDS
    rest = hand & ~sets
    if c.plain:
        return sets | run_cards(rest)
    if c.wrap:
        return sets | _wrap_runs(rest)
    return sets | _high_runs(rest, (choice >> HIGH_SHIFT) & RANK_COLUMN & rest)


def count(mask: int, c: Counting = STANDARD) -> int:
    """The deadwood count of the cards in `mask`."""
    v = c.table
    return (
        v[mask & RANK_BITS]
        + v[(mask >> 16) & RANK_BITS]
        + v[(mask >> 32) & RANK_BITS]
        + v[(mask >> 48) & RANK_BITS]
    )


def set_choices(hand: int, c: Counting = STANDARD) -> list[int]:
    """Every choice that can matter (see the module docstring): the set cards, and under
    ``high-low`` aces the aces placed above the king (``<< 13``)."""
    a = hand & RANK_BITS
    b = (hand >> 16) & RANK_BITS
    d3 = (hand >> 32) & RANK_BITS
    d = hand >> 48
    ranks = (a & b & (d3 | d)) | (d3 & d & (a | b))  # ranks held 3 or 4 times
    if not ranks:
        choices = [0]
    else:
        in_runs = run_cards(hand) if c.plain else _wrap_runs(hand) if c.wrap else _either_runs(hand)
        fixed = 0
        choices = [0]
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            group = hand & (RANK_COLUMN << (low.bit_length() - 1))
            shared = group & in_runs
            if not shared:
                fixed |= group
                continue
            options = [0, group]
            if group.bit_count() == 4:
                while shared:
                    one = shared & -shared
                    shared ^= one
                    options.append(group ^ one)
            choices = [ch | o for ch in choices for o in options]
        if fixed:
            choices = [ch | fixed for ch in choices]
    if c.plain or c.wrap or not hand & RANK_COLUMN:
        return choices
    return [p for sets in choices for p in _placements(hand, sets)]


def _placements(hand: int, sets: int) -> list[int]:
    """Under ``high-low`` aces: the choices of where the free aces sit. An ace that can end
    Q-K-A only is placed high; one that can end A-2-3 too is tried both ways; the others stay
    low (an ace melded nowhere counts the same at either end)."""
    rest = hand & ~sets
    aces = rest & RANK_COLUMN
    high_ok = aces & (rest >> 11) & (rest >> 12)
    if not high_ok:
        return [sets]
    both = high_ok & (rest >> 1) & (rest >> 2)
    out = [sets | ((high_ok ^ both) << HIGH_SHIFT)]
    while both:
        one = both & -both
        both ^= one
        out += [ch | (one << HIGH_SHIFT) for ch in out]
    return out


def best_deadwood(hand: int, c: Counting = STANDARD) -> tuple[int, int]:
    """The least deadwood count of `hand` and the choice that reaches it (first found)."""
    v = c._table or c.table
    if c.plain:  # the common case first: no rank held 3 times, so no choice to make
        a = hand & RANK_BITS
        b = (hand >> 16) & RANK_BITS
        d3 = (hand >> 32) & RANK_BITS
        d = hand >> 48
        if not (a & b & (d3 | d)) | (d3 & d & (a | b)):
            t = hand & (hand >> 1) & (hand >> 2)
            dead = hand & ~(t | (t << 1) | (t << 2))
            return (
                v[dead & RANK_BITS]
                + v[(dead >> 16) & RANK_BITS]
                + v[(dead >> 32) & RANK_BITS]
                + v[dead >> 48]
            ), 0
    best = -1
    best_sets = 0
    plain = c.plain
    for sets in set_choices(hand, c):
        if plain:
            rest = hand & ~sets
            t = rest & (rest >> 1) & (rest >> 2)
            dead = rest & ~(t | (t << 1) | (t << 2))
        else:
            dead = hand & ~melded_by(hand, sets, c)
        n = (
            v[dead & RANK_BITS]
            + v[(dead >> 16) & RANK_BITS]
            + v[(dead >> 32) & RANK_BITS]
            + v[dead >> 48]
        )
        if n < best or best < 0:
            best = n
            best_sets = sets
    return best, best_sets


def _top_card(dead: int, c: Counting) -> int:
    """The single bit of the highest-valued card of a non-empty mask (highest rank on ties; an
    ace only when it is worth more than every other card there). Exact because values never
    decrease from the two up."""
    top_rank = (
        max(
            (dead & RANK_BITS).bit_length(),
            ((dead >> 16) & RANK_BITS).bit_length(),
            ((dead >> 32) & RANK_BITS).bit_length(),
            (dead >> 48).bit_length(),
        )
        - 1
    )
    aces = dead & RANK_COLUMN
    if aces and (top_rank == 0 or c.values[0] > c.values[top_rank]):
        return aces & -aces
    column = dead & (RANK_COLUMN << top_rank)
    return column & -column


def best_discard(hand: int, c: Counting = STANDARD) -> tuple[int, int, int, bool]:
    """For a hand of 11: (deadwood after the best discard, discard bit, choice, big gin).

    Discarding card x leaves deadwood D exactly when some arrangement of all 11 cards has x among
    its deadwood and D + value(x) deadwood, so the best discard is found by taking, over the
    choices of the 11 cards, the highest card of each choice's deadwood. A choice with no deadwood
    at all is a big gin; a gin by discarding is then always possible (11 melded cards hold a meld
    of 4+, which can spare a card) and is searched for directly. Ties go to the first choice found,
    and within it to the highest-ranked card.
    """
    v = c._table or c.table
    plain = c.plain
    if plain:  # the common case first: no rank held 3 times, one arrangement
        a = hand & RANK_BITS
        b = (hand >> 16) & RANK_BITS
        d3 = (hand >> 32) & RANK_BITS
        d = hand >> 48
        if not (a & b & (d3 | d)) | (d3 & d & (a | b)):
            t = hand & (hand >> 1) & (hand >> 2)
            dead = hand & ~(t | (t << 1) | (t << 2))
            if dead:
                top = _top_card(dead, c)
                dead ^= top
                return (
                    v[dead & RANK_BITS]
                    + v[(dead >> 16) & RANK_BITS]
                    + v[(dead >> 32) & RANK_BITS]
                    + v[dead >> 48],
                    top,
                    0,
                    False,
                )
    best = -1
    best_bit = 0
    best_sets = 0
    big = False
    for sets in set_choices(hand, c):
        if plain:
            rest = hand & ~sets
            t = rest & (rest >> 1) & (rest >> 2)
            dead = rest & ~(t | (t << 1) | (t << 2))
        else:
            dead = hand & ~melded_by(hand, sets, c)
        if not dead:
            big = True
            continue
        top = _top_card(dead, c)
        dead ^= top
        n = (
            v[dead & RANK_BITS]
            + v[(dead >> 16) & RANK_BITS]
            + v[(dead >> 32) & RANK_BITS]
            + v[dead >> 48]
        )
        if n < best or best < 0:
            best, best_bit, best_sets = n, top, sets
    if big:
        for bit in _bits_high_first(hand):
            n, sets = best_deadwood(hand ^ bit, c)
            if n == 0:
                return 0, bit, sets, True
    return best, best_bit, best_sets, big


def _bits_high_first(mask: int) -> Iterator[int]:
    """The single bits of a mask, highest rank first (kings of every suit, then queens...)."""
    for rank in range(12, -1, -1):
        column = mask & (RANK_COLUMN << rank)
        while column:
            one = column & -column
            column ^= one
            yield one


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds chosen from a hand: the sets (and high aces) of `choice`, the runs forced by them."""

    hand: int
    sets: int  # the choice: set cards | high aces << 13
    counting: Counting = STANDARD
    run_mask: int = field(init=False, repr=False, compare=False)  # the cards melded in runs

    def __post_init__(self) -> None:
        sets = self.sets & ALL_CARDS
        object.__setattr__(self, "run_mask", melded_by(self.hand, self.sets, self.counting) & ~sets)

    @property
    def high_aces(self) -> int:
        """The aces that sit above the king in their run (``high-low`` aces only)."""
        if self.counting.plain or self.counting.wrap:
            return 0
        return (self.sets >> HIGH_SHIFT) & RANK_COLUMN & self.run_mask

    @property
    def melded(self) -> int:
        return (self.sets & ALL_CARDS) | self.run_mask

    @property
    def dead(self) -> int:
        return self.hand & ~self.melded

    @property
    def deadwood(self) -> int:
        return count(self.dead, self.counting)

    def set_groups(self) -> list[int]:
        """Each set as a mask, lowest rank first."""
        s = self.sets & ALL_CARDS
        ranks = (s | s >> 16 | s >> 32 | s >> 48) & RANK_BITS
        out = []
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            out.append(s & (RANK_COLUMN << (low.bit_length() - 1)))
        return out

    def run_spans(self) -> list[tuple[int, tuple[int, ...]]]:
        """Each run as (suit, its ranks in order), suit by suit: ``(0, (10, 11, 12, 0))`` is
        JS-QS-KS-AS, ``(1, (12, 0, 1))`` KH-AH-2H round the corner."""
        spans: list[tuple[int, tuple[int, ...]]] = []
        high = self.high_aces
        for suit in range(4):
            block = (self.run_mask >> (suit * SUIT_SHIFT)) & RANK_BITS
            if not block:
                continue
            if self.counting.wrap and block != RANK_BITS:
                gap = (~block & RANK_BITS & -(~block & RANK_BITS)).bit_length() - 1
                order = [(gap + 1 + i) % 13 for i in range(13)]
            elif (high >> (suit * SUIT_SHIFT)) & 1:
                order = [*range(1, 13), 0]
            else:
                order = list(range(13))
            run: list[int] = []
            for rank in order:
                if block >> rank & 1:
                    run.append(rank)
                elif run:
                    spans.append((suit, tuple(run)))
                    run = []
            if run:
                spans.append((suit, tuple(run)))
        return spans

    def melds(self) -> list[list[Card]]:
        """Sets (by rank, suits S H D C) then runs (by suit, in rank order), as lists of cards."""
        out: list[list[Card]] = [cards_of(g) for g in self.set_groups()]
        for suit, ranks in self.run_spans():
            base = suit * SUIT_SHIFT
            out.append([CARDS[base + r] for r in ranks])
        return out

    def deadwood_cards(self) -> list[Card]:
        """The unmelded cards, by rank then suit."""
        return sort_by_rank(cards_of(self.dead))


def arrange(hand: int, c: Counting = STANDARD) -> Arrangement:
    """The arrangement of least deadwood (the first found when several tie)."""
    _, sets = best_deadwood(hand, c)
    return Arrangement(hand, sets, c)


def optimal_arrangements(hand: int, c: Counting = STANDARD) -> list[Arrangement]:
    """Every arrangement of least deadwood (one per choice), in a fixed order."""
    scored = []
    for sets in set_choices(hand, c):
        arr = Arrangement(hand, sets, c)
        scored.append((arr.deadwood, arr))
    least = min(v for v, _ in scored)
    return [arr for v, arr in scored if v == least]


# --- layoffs ---------------------------------------------------------------------------------


def _step(rank: int, up: bool, c: Counting) -> int | None:
    """The rank next to `rank` going up or down a run, or None at the run's end of the line:
    nothing below a low ace or above a high one; the ace above the king only under ``high-low``
    aces; round the corner both ways when runs wrap."""
    if c.wrap:
        return (rank + 1) % 13 if up else (rank - 1) % 13
    if up:
        if rank == 0:  # going up, an ace is a high ace: nothing above it
            return None
        return rank + 1 if rank < 12 else 0 if c.aces_high else None
    return rank - 1 if rank > 0 else None


def layoff_options(knocker: Arrangement, defender: int) -> list[int]:
    """Every distinct mask of defender cards that can be laid off on the knocker's melds together.

    Per set of three: the fourth card or nothing. Per run end: 0, 1, 2... cards going outwards,
    each one the next rank (see `_step`), all held by the defender. The choices of all the melds
    combine freely; where two runs of one suit reach for the same gap (or, under ``high-low``
    aces, for the same ace from both ends of the line), the union is still one valid layoff (the
    gap is then wholly held, and one run can take it all; the ace goes to either run).
    """
    c = knocker.counting
    slots: list[list[int]] = []
    for group in knocker.set_groups():
        if group.bit_count() == 3:
            rank = ((group | group >> 16 | group >> 32 | group >> 48) & RANK_BITS).bit_length() - 1
            fourth = (RANK_COLUMN << rank) & ~group
            if fourth & defender:
                slots.append([0, fourth])
    for suit, ranks in knocker.run_spans():
        base = suit * SUIT_SHIFT
        for up, end in ((False, ranks[0]), (True, ranks[-1])):
            chain = 0
            options = [0]
            step = _step(end, up, c)
            while step is not None:
                bit = 1 << (base + step)
                if not bit & defender or bit & chain:
                    break
                chain |= bit
                options.append(chain)
                step = _step(step, up, c)
            if len(options) > 1:
                slots.append(options)
    unions = {0}
    for options in slots:
        unions = {u | o for u in unions for o in options}
    return sorted(unions, key=lambda m: (m.bit_count(), m))


@dataclass(frozen=True)
class Defence:
    """The defender's best answer to a knock: what is laid off and how the rest is melded."""

    layoffs: int
    arrangement: Arrangement

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood


def best_defence(knocker: Arrangement, defender: int, c: Counting | None = None) -> Defence:
    """Layoffs and melds chosen together for the least deadwood; fewest layoffs on ties. The
    counting is the knocker's unless given."""
    c = knocker.counting if c is None else c
    best: Defence | None = None
    best_value = -1
    for lay in layoff_options(knocker, defender):
        v, sets = best_deadwood(defender & ~lay, c)
        if best is None or v < best_value:
            best_value = v
            best = Defence(lay, Arrangement(defender & ~lay, sets, c))
    assert best is not None  # layoff_options always offers "no layoff"
    return best
