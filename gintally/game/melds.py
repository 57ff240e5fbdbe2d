"""Melds, deadwood, the best discard and layoffs: exact, on bit masks.

Terminology
- hand: a set of cards as a bit mask (see `cards`: each suit is a 16-bit block, rank bits 0-12).
- meld: a *set* (3 or 4 cards of one rank) or a *run* (3 or more consecutive cards of one suit,
  aces low, no wrap). A card belongs to at most one meld.
- arrangement: a choice of disjoint melds; the cards outside them are the *deadwood*, and their
  values summed are the *deadwood count*.
- set choice: the cards given to sets. Once it is fixed, the best runs are forced: every maximal
  stretch of 3+ adjacent cards left in a suit is melded, the rest is deadwood. So a hand's
  arrangements that can matter are exactly its set choices: for each rank held 3 or 4 times, give
  it no set, all its cards, or (4 held) all but one card that could sit in a run. Ranks whose cards
  touch no run are always set. A 10-card hand has at most a few dozen choices (216 at the very
  worst), usually one.
- layoff: after a knock, the defender may add cards to the knocker's melds: the fourth card of a
  set of three, or cards extending a run at either end, chained (8D then 9D onto TD-JD-QD-KD: the
  9D goes first).

Everything here is pure and exact; `tests/test_melds.py` checks it against brute force.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

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

_block_values: list[int] = []


def _values() -> list[int]:
    """Deadwood value of every 13-bit suit block (aces at 1), built once on first use."""
    if not _block_values:
        table = [0] * (1 << 13)
        for m in range(1, 1 << 13):
            low = m & -m
            table[m] = table[m ^ low] + RANK_VALUES[low.bit_length() - 1]
        _block_values.extend(table)
    return _block_values


def run_cards(hand: int) -> int:
    """The cards of `hand` that lie in a stretch of 3+ adjacent ranks of one suit."""
    t = hand & (hand >> 1) & (hand >> 2)
    return t | (t << 1) | (t << 2)


def count(mask: int, ace_value: int = 1) -> int:
    """The deadwood count of the cards in `mask`."""
    v = _values()
    total = v[mask & RANK_BITS] + v[(mask >> 16) & RANK_BITS] + v[(mask >> 32) & RANK_BITS]
    total += v[mask >> 48]
    if ace_value != 1:
        total += (ace_value - 1) * (mask & RANK_COLUMN).bit_count()
    return total


def set_choices(hand: int) -> list[int]:
    """Every set choice that can matter (see the module docstring), as masks of set cards."""
    a = hand & RANK_BITS
    b = (hand >> 16) & RANK_BITS
    c = (hand >> 32) & RANK_BITS
    d = hand >> 48
    ranks = (a & b & (c | d)) | (c & d & (a | b))  # ranks held 3 or 4 times
    if not ranks:
        return [0]
    in_runs = run_cards(hand)
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
        return [ch | fixed for ch in choices]
    return choices


def best_deadwood(hand: int, ace_value: int = 1) -> tuple[int, int]:
    """The least deadwood count of `hand` and the set choice that reaches it (first found)."""
    best = -1
    best_sets = 0
    for sets in set_choices(hand):
        rest = hand & ~sets
        t = rest & (rest >> 1) & (rest >> 2)
        dead = rest & ~(t | (t << 1) | (t << 2))
        v = count(dead, ace_value)
        if v < best or best < 0:
            best = v
            best_sets = sets
    return best, best_sets


def _top_card(dead: int, ace_value: int) -> int:
    """The single bit of the highest-valued card of a non-empty mask (highest rank on ties; an
    ace only when it is worth more than every other card there)."""
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
    if aces and (top_rank == 0 or ace_value > RANK_VALUES[top_rank]):
        return aces & -aces
    column = dead & (RANK_COLUMN << top_rank)
    return column & -column


def best_discard(hand: int, ace_value: int = 1) -> tuple[int, int, int, bool]:
    """For a hand of 11: (deadwood after the best discard, discard bit, set choice, big gin).

    Discarding card x leaves deadwood D exactly when some arrangement of all 11 cards has x among
    its deadwood and D + value(x) deadwood, so the best discard is found by taking, over the set
    choices of the 11 cards, the highest card of each choice's deadwood. A choice with no deadwood
    at all is a big gin; a gin by discarding is then always possible (11 melded cards hold a meld
    of 4+, which can spare a card) and is searched for directly. Ties go to the first choice found,
    and within it to the highest-ranked card.
    """
    best = -1
    best_bit = 0
    best_sets = 0
    big = False
    for sets in set_choices(hand):
        rest = hand & ~sets
        t = rest & (rest >> 1) & (rest >> 2)
        dead = rest & ~(t | (t << 1) | (t << 2))
        if not dead:
            big = True
            continue
        top = _top_card(dead, ace_value)
        v = count(dead ^ top, ace_value)
        if v < best or best < 0:
            best, best_bit, best_sets = v, top, sets
    if big:
        for bit in _bits_high_first(hand):
            v, sets = best_deadwood(hand ^ bit, ace_value)
            if v == 0:
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
    """Melds chosen from a hand: the sets given by `sets`, the runs forced by them."""

    hand: int
    sets: int
    ace_value: int = 1
    run_mask: int = field(init=False, repr=False, compare=False)  # the cards melded in runs

    def __post_init__(self) -> None:
        object.__setattr__(self, "run_mask", run_cards(self.hand & ~self.sets))

    @property
    def melded(self) -> int:
        return self.sets | self.run_mask

    @property
    def dead(self) -> int:
        return self.hand & ~(self.sets | self.run_mask)

    @property
    def deadwood(self) -> int:
        return count(self.dead, self.ace_value)

    def set_groups(self) -> list[int]:
        """Each set as a mask, lowest rank first."""
        s = self.sets
        ranks = (s | s >> 16 | s >> 32 | s >> 48) & RANK_BITS
        out = []
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            out.append(s & (RANK_COLUMN << (low.bit_length() - 1)))
        return out

    def run_spans(self) -> list[tuple[int, int, int]]:
        """Each run as (suit, lowest rank, highest rank), suit by suit."""
        spans = []
        for suit in range(4):
            block = (self.run_mask >> (suit * SUIT_SHIFT)) & RANK_BITS
            starts, ends = block & ~(block << 1), block & ~(block >> 1)
            while starts:
                first, last = starts & -starts, ends & -ends
                starts ^= first
                ends ^= last
                spans.append((suit, first.bit_length() - 1, last.bit_length() - 1))
        return spans

    def melds(self) -> list[list[Card]]:
        """Sets (by rank, suits S H D C) then runs (by suit, ace up), as lists of cards."""
        out: list[list[Card]] = [cards_of(g) for g in self.set_groups()]
        for suit, lo, hi in self.run_spans():
            base = suit * SUIT_SHIFT
            out.append([CARDS[base + r] for r in range(lo, hi + 1)])
        return out

    def deadwood_cards(self) -> list[Card]:
        """The unmelded cards, by rank then suit."""
        return sort_by_rank(cards_of(self.dead))


def arrange(hand: int, ace_value: int = 1) -> Arrangement:
    """The arrangement of least deadwood (the first found when several tie)."""
    _, sets = best_deadwood(hand, ace_value)
    return Arrangement(hand, sets, ace_value)


def optimal_arrangements(hand: int, ace_value: int = 1) -> list[Arrangement]:
    """Every arrangement of least deadwood (one per set choice), in a fixed order."""
    scored = []
    for sets in set_choices(hand):
        arr = Arrangement(hand, sets, ace_value)
        scored.append((arr.deadwood, arr))
    least = min(v for v, _ in scored)
    return [arr for v, arr in scored if v == least]


# --- layoffs ---------------------------------------------------------------------------------


def layoff_options(knocker: Arrangement, defender: int) -> list[int]:
    """Every distinct mask of defender cards that can be laid off on the knocker's melds together.

    Per set of three: the fourth card or nothing. Per run end: 0, 1, 2... cards going outwards,
    each one the next rank, all held by the defender. The choices of all the melds combine freely;
    where two runs of one suit reach for the same gap, the union is still one valid layoff (the
    gap is then wholly held, and one run can take it all).
    """
    slots: list[list[int]] = []
    for group in knocker.set_groups():
        if group.bit_count() == 3:
            rank = ((group | group >> 16 | group >> 32 | group >> 48) & RANK_BITS).bit_length() - 1
            fourth = (RANK_COLUMN << rank) & ~group
            if fourth & defender:
                slots.append([0, fourth])
    for suit, lo, hi in knocker.run_spans():
        base = suit * SUIT_SHIFT
        for step, start, stop in ((-1, lo - 1, -1), (1, hi + 1, 13)):
            chain = 0
            options = [0]
            for rank in range(start, stop, step):
                bit = 1 << (base + rank)
                if not bit & defender:
                    break
                chain |= bit
                options.append(chain)
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


def best_defence(knocker: Arrangement, defender: int, ace_value: int = 1) -> Defence:
    """Layoffs and melds chosen together for the least deadwood; fewest layoffs on ties."""
    best: Defence | None = None
    best_value = -1
    for lay in layoff_options(knocker, defender):
        v, sets = best_deadwood(defender & ~lay, ace_value)
        if best is None or v < best_value:
            best_value = v
            best = Defence(lay, Arrangement(defender & ~lay, sets, ace_value))
    assert best is not None  # layoff_options always offers "no layoff"
    return best
