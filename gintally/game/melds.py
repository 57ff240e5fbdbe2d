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
    _RANK_ORDER,
    CARDS,
    RANK_BITS,
    RANK_VALUES,
    SUIT_SHIFT,
    Card,
    by_rank,
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
    `plain`: neither (the fast path); `high_low`: aces high or low without wrapping. `table` is
    the deadwood value of every 13-bit suit block, built on first use and shared by every
    counting with the same values; `blocks` are the search's tables (`_block_tables`).
    """

    __slots__ = ("_blocks", "_table", "aces_high", "high_low", "plain", "values", "wrap")

    def __init__(
        self, values: tuple[int, ...] = RANK_VALUES, aces_high: bool = False, wrap: bool = False
    ) -> None:
        if len(values) != 13 or min(values) < 0 or any(a > b for a, b in pairwise(values[1:])):
            raise ValueError(
                f"13 rank values of 0 or more, never decreasing from the two up: {values}"
            )
        self.values = tuple(values)
        self.wrap = wrap
        self.aces_high = aces_high or wrap  # round the corner, the ace is next to the king
        self.plain = not self.aces_high
        self.high_low = self.aces_high and not wrap
        self._table: list[int] | None = None
        self._blocks: tuple[list[int], ...] | None = None

    @property
    def table(self) -> list[int]:
        t = self._table
        if t is None:
            t = self._table = _value_table(self.values)
        return t

    @property
    def blocks(self) -> tuple[list[int], ...]:
        b = self._blocks
        if b is None:
            b = self._blocks = _block_tables(self)
        return b

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


# --- the search -----------------------------------------------------------------------------------
#
# Once the sets of a choice are fixed, every suit block is melded on its own: its runs (and, under
# ``high-low`` aces, where its ace sits) depend on that block's 13 bits only. So the search reads
# each block's outcome from tables of all 8192 blocks (`_block_tables`), built once per counting:
# a choice costs four lookups whatever the cards.

NO_DISCARD = 1 << 30  # a gain table's "no placement leaves this block a card to discard"


def _structure(mode: str) -> tuple[list[int], ...]:
    """Value-free tables of every 13-bit block: its dead cards (aces low, or round the corner),
    or under ``high-low`` aces the dead cards with the ace low and with the ace high."""
    found = _structures.get(mode)
    if found is None:
        low = []
        for b in range(1 << 13):
            t = b & (b >> 1) & (b >> 2)
            low.append(b & ~(t | (t << 1) | (t << 2)))
        if mode == "plain":
            found = (low,)
        elif mode == "wrap":
            found = ([b & ~_wrap_runs(b) for b in range(1 << 13)],)
        else:
            found = (low, [b & ~_high_runs(b, b & 1) if b & 1 else low[b] for b in range(1 << 13)])
        _structures[mode] = found
    return found


_structures: dict[str, tuple[list[int], ...]] = {}
_blocks: dict[tuple[tuple[int, ...], bool, bool], tuple[list[int], ...]] = {}


def _top_key(dead: int, values: tuple[int, ...]) -> int:
    """Which card of a block's dead cards `_top_card` discards, as a comparable key:
    ``value << 8 | 128 | rank << 2`` (0 for no dead card). Higher value wins, then higher rank;
    so an ace wins only when it is worth more than every other card there."""
    if not dead:
        return 0
    rank = dead.bit_length() - 1
    key = (values[rank] << 8) | 128 | (rank << 2)
    if dead & 1:
        key = max(key, (values[0] << 8) | 128)
    return key


def _block_tables(c: Counting) -> tuple[list[int], ...]:
    """The search's tables of every 13-bit suit block under `c` (shared by equal countings).

    Aces low or round the corner: ``(dead, key0, key1, key2, key3)``: the deadwood count of a
    block, and per suit S H D C the `_top_key` of its dead cards with ``3 - suit`` in the low
    bits (so that the highest key of four blocks names the card `_top_card` would pick, spades
    first on ties). Under ``high-low`` aces: ``(dead, gain, empty)``: the least deadwood of the
    block with its ace low or high; the least of (deadwood - the costliest dead card) over the
    placements that leave a dead card, minus ``dead`` (`NO_DISCARD` when none does); and 1 when
    some placement melds the whole block.
    """
    key = (c.values, c.aces_high, c.wrap)
    found = _blocks.get(key)
    if found is not None:
        return found
    v = c.table
    if not c.high_low:
        (dead,) = _structure("wrap" if c.wrap else "plain")
        tops = {d: _top_key(d, c.values) for d in set(dead)}
        base = [tops[d] for d in dead]
        found = (
            [v[d] for d in dead],
            *([k | (3 - suit) if k else 0 for k in base] for suit in range(4)),
        )
    else:
        low, high = _structure("high-low")
        tops = {d: _top_key(d, c.values) >> 8 for d in {*low, *high}}
        least, gain, empty = [], [], []
        for lo, hi in zip(low, high, strict=True):
            n = min(v[lo], v[hi])
            g = NO_DISCARD + n
            if lo:
                g = v[lo] - tops[lo]
            if hi:
                g = min(g, v[hi] - tops[hi])
            least.append(n)
            gain.append(g - n)
            empty.append(0 if lo and hi else 1)
        found = (least, gain, empty)
    _blocks[key] = found
    return found


def _sets_choices(hand: int, c: Counting) -> list[int]:
    """The set cards of every choice that can matter (`set_choices` without ace placements)."""
    a = hand & RANK_BITS
    b = (hand >> 16) & RANK_BITS
    d3 = (hand >> 32) & RANK_BITS
    d = hand >> 48
    ranks = (a & b & (d3 | d)) | (d3 & d & (a | b))  # ranks held 3 or 4 times
    if not ranks:
        return [0]
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
    return choices


def set_choices(hand: int, c: Counting = STANDARD) -> list[int]:
    """Every choice that can matter (see the module docstring): the set cards, and under
    ``high-low`` aces the aces placed above the king (``<< 13``)."""
    choices = _sets_choices(hand, c)
    if not c.high_low or not hand & RANK_COLUMN:
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
    dead = (c._blocks or c.blocks)[0]
    a = hand & RANK_BITS
    b = (hand >> 16) & RANK_BITS
    d3 = (hand >> 32) & RANK_BITS
    d = hand >> 48
    if not (a & b & (d3 | d)) | (d3 & d & (a | b)):  # no rank held 3 times: one choice
        best = dead[a] + dead[b] + dead[d3] + dead[d]
        return best, _placed(hand, 0, best, c) if c.high_low else 0
    best = -1
    best_sets = 0
    for sets in _sets_choices(hand, c):
        rest = hand ^ sets
        n = (
            dead[rest & RANK_BITS]
            + dead[(rest >> 16) & RANK_BITS]
            + dead[(rest >> 32) & RANK_BITS]
            + dead[rest >> 48]
        )
        if n < best or best < 0:
            best = n
            best_sets = sets
    return best, _placed(hand, best_sets, best, c) if c.high_low else best_sets


def _placed(hand: int, sets: int, least: int, c: Counting) -> int:
    """Under ``high-low`` aces: the first choice of `set_choices` with these sets whose
    deadwood is `least` (the block tables found that count; this finds where the aces sit)."""
    if not hand & RANK_COLUMN:
        return sets
    for choice in _placements(hand, sets):
        if count(hand & ~melded_by(hand, choice, c), c) == least:
            return choice
    raise AssertionError("no placement reaches the least deadwood")  # pragma: no cover


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
    of 4+, which can spare a card) and is searched for directly (`gin_discard`). Ties go to the
    first choice found, and within it to the highest-ranked card.
    """
    best, bit, sets, big = discard_search(hand, c)
    if big:
        bit, sets = gin_discard(hand, c)
        return 0, bit, sets, True
    return best, bit, sets, False


def discard_search(hand: int, c: Counting = STANDARD) -> tuple[int, int, int, bool]:
    """`best_discard` without looking for a big gin's discard: (deadwood, discard bit, choice,
    big gin), where a big gin (True) leaves the other three meaningless."""
    tables = c._blocks or c.blocks
    if c.high_low:
        return _discard_high_low(hand, c, tables)
    dead, k0, k1, k2, k3 = tables
    a = hand & RANK_BITS
    b = (hand >> 16) & RANK_BITS
    d3 = (hand >> 32) & RANK_BITS
    d = hand >> 48
    if not (a & b & (d3 | d)) | (d3 & d & (a | b)):  # no rank held 3 times: one choice
        key = max(k0[a], k1[b], k2[d3], k3[d])
        if not key:
            return 0, 0, 0, True
        best = dead[a] + dead[b] + dead[d3] + dead[d] - (key >> 8)
        return best, 1 << ((3 - (key & 3)) * SUIT_SHIFT + ((key >> 2) & 15)), 0, False
    best = -1
    best_key = 0
    best_sets = 0
    big = False
    for sets in _sets_choices(hand, c):
        rest = hand ^ sets
        a = rest & RANK_BITS
        b = (rest >> 16) & RANK_BITS
        d3 = (rest >> 32) & RANK_BITS
        d = rest >> 48
        key = max(k0[a], k1[b], k2[d3], k3[d])
        if not key:
            big = True
            continue
        n = dead[a] + dead[b] + dead[d3] + dead[d] - (key >> 8)
        if n < best or best < 0:
            best, best_key, best_sets = n, key, sets
    if big:
        return 0, 0, 0, True
    bit = 1 << ((3 - (best_key & 3)) * SUIT_SHIFT + ((best_key >> 2) & 15))
    return best, bit, best_sets, False


def _discard_high_low(
    hand: int, c: Counting, tables: tuple[list[int], ...]
) -> tuple[int, int, int, bool]:
    """`discard_search` under ``high-low`` aces. With several choices of sets, each weighs every
    placement of the aces at once through the block tables; then the placements of the winning
    sets (or of the only sets) are tried one by one, in `set_choices` order."""
    choices = _sets_choices(hand, c)
    sets = choices[0]
    if len(choices) > 1:
        dead, gain, empty = tables
        best = -1
        for option in choices:
            rest = hand ^ option
            a = rest & RANK_BITS
            b = (rest >> 16) & RANK_BITS
            d3 = (rest >> 32) & RANK_BITS
            d = rest >> 48
            n = dead[a] + dead[b] + dead[d3] + dead[d]
            if not n and empty[a] and empty[b] and empty[d3] and empty[d]:
                return 0, 0, 0, True
            n += min(gain[a], gain[b], gain[d3], gain[d])
            if n < best or best < 0:
                best, sets = n, option
    best = -1
    best_bit = best_choice = 0
    for choice in _placements(hand, sets) if hand & RANK_COLUMN else (sets,):
        left = hand & ~melded_by(hand, choice, c)
        if not left:
            return 0, 0, 0, True
        top = _top_card(left, c)
        n = count(left ^ top, c)
        if n < best or best < 0:
            best, best_bit, best_choice = n, top, choice
    return best, best_bit, best_choice, False


def gin_discard(hand: int, c: Counting = STANDARD) -> tuple[int, int]:
    """For a big gin (11 cards all melded): the highest-ranked card whose discard leaves a gin
    (spades first on ties), and the choice that melds the other ten."""
    for bit in _bits_high_first(hand):
        n, sets = best_deadwood(hand ^ bit, c)
        if n == 0:
            return bit, sets
    raise AssertionError("a big gin always spares a card")  # pragma: no cover


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
            if block:
                flag = (high >> (suit * SUIT_SHIFT)) & 1
                spans += ((suit, ranks) for ranks in _block_spans(block, self.counting.wrap, flag))
        return spans

    def melds(self) -> list[list[Card]]:
        """Sets (by rank, suits S H D C) then runs (by suit, in rank order), as lists of cards."""
        return [list(m) for m in layout(self.hand, self.sets, self.counting)[0]]

    def deadwood_cards(self) -> list[Card]:
        """The unmelded cards, by rank then suit."""
        return list(by_rank(self.dead))


# --- melds as cards, from tables ----------------------------------------------------------------

_spans: dict[int, tuple[tuple[int, ...], ...]] = {}
_run_melds: dict[int, tuple[tuple[Card, ...], ...]] = {}
# The set of one rank as cards (suits S H D C), by rank and the 4-bit pattern of its suits.
_SET_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(CARDS[s * SUIT_SHIFT + r] for s in range(4) if p >> s & 1) for p in range(16))
    for r in range(13)
)


def _block_spans(block: int, wrap: bool, high: int) -> tuple[tuple[int, ...], ...]:
    """The runs of one suit's run cards (a 13-bit block) as rank tuples, each in run order: round
    the corner from the gap when runs wrap, with the ace after the king when it sits high."""
    key = block | wrap << 13 | high << 14
    found = _spans.get(key)
    if found is None:
        if wrap and block != RANK_BITS:
            gap = (~block & RANK_BITS & -(~block & RANK_BITS)).bit_length() - 1
            order = [(gap + 1 + i) % 13 for i in range(13)]
        elif high:
            order = [*range(1, 13), 0]
        else:
            order = list(range(13))
        spans: list[tuple[int, ...]] = []
        run: list[int] = []
        for rank in order:
            if block >> rank & 1:
                run.append(rank)
            elif run:
                spans.append(tuple(run))
                run = []
        if run:
            spans.append(tuple(run))
        found = _spans[key] = tuple(spans)
    return found


def layout(
    hand: int, choice: int, c: Counting = STANDARD
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The melds of `hand` under `choice` as cards, sets (by rank, suits S H D C) then runs (by
    suit, in rank order), and its deadwood cards by rank then suit: what `Arrangement.melds`
    and `Arrangement.deadwood_cards` list, read from tables."""
    if c.high_low:
        return layout_melded(hand, choice, melded_by(hand, choice, c), c)
    # aces low or round the corner: each suit's runs and dead cards follow from its block of
    # the cards the sets leave (`_suit_layout`)
    sets = choice & ALL_CARDS
    rest = hand ^ sets
    wrap = c.wrap << 15
    table = _suit_layouts
    b = rest & RANK_BITS
    s = table.get(b | wrap) or _suit_layout(b, 0, c.wrap)
    b = (rest >> 16) & RANK_BITS
    h = table.get(b | 1 << 13 | wrap) or _suit_layout(b, 1, c.wrap)
    b = (rest >> 32) & RANK_BITS
    d = table.get(b | 2 << 13 | wrap) or _suit_layout(b, 2, c.wrap)
    b = rest >> 48
    k = table.get(b | 3 << 13 | wrap) or _suit_layout(b, 3, c.wrap)
    runs = s[0] + h[0] + d[0] + k[0]
    dead = s[1] + h[1] + d[1] + k[1]
    return (
        (*_set_melds(sets), *runs) if sets else runs,
        tuple(sorted(dead, key=_RANK_ORDER.__getitem__)),
    )


# The runs (as cards, in run order) and the dead cards (ace up) of one suit's block of cards
# left after the sets, aces low or round the corner, by ``block | suit << 13 | wrap << 15``.
_suit_layouts: dict[int, tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = {}


def _suit_layout(
    block: int, suit: int, wrap: bool
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    shift = suit * SUIT_SHIFT
    runs = _wrap_runs(block) if wrap else run_cards(block)
    found = _suit_layouts[block | suit << 13 | wrap << 15] = (
        tuple(tuple(CARDS[shift + r] for r in ranks) for ranks in _block_spans(runs, wrap, 0)),
        tuple(CARDS[shift + r] for r in range(13) if (block & ~runs) >> r & 1),
    )
    return found


def _set_melds(sets: int) -> list[tuple[Card, ...]]:
    """The sets of a choice as cards, by rank (suits S H D C)."""
    out: list[tuple[Card, ...]] = []
    ranks = (sets | sets >> 16 | sets >> 32 | sets >> 48) & RANK_BITS
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() - 1
        suits = (sets >> r) & 1 | (sets >> (r + 15)) & 2 | (sets >> (r + 30)) & 4
        out.append(_SET_CARDS[r][suits | (sets >> (r + 45)) & 8])
    return out


def layout_melded(
    hand: int, choice: int, melded: int, c: Counting = STANDARD
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """`layout` when the cards the choice melds (``melded_by(hand, choice, c)``) are known (the
    general path, which `layout` takes under ``high-low`` aces)."""
    sets = choice & ALL_CARDS
    out = _set_melds(sets) if sets else []
    runs = melded ^ sets
    if runs:
        high = (choice >> HIGH_SHIFT) & RANK_COLUMN & runs if c.high_low else 0
        for suit in range(4):
            shift = suit * SUIT_SHIFT
            block = (runs >> shift) & RANK_BITS
            if block:
                key = block | suit << 13 | c.wrap << 15 | ((high >> shift) & 1) << 16
                found = _run_melds.get(key)
                if found is None:
                    found = _run_melds[key] = tuple(
                        tuple(CARDS[shift + r] for r in ranks)
                        for ranks in _block_spans(block, c.wrap, (high >> shift) & 1)
                    )
                out += found
    return tuple(out), by_rank(hand & ~melded)


def arrange(hand: int, c: Counting = STANDARD) -> Arrangement:
    """The arrangement of least deadwood (the first found when several tie)."""
    _, sets = best_deadwood(hand, c)
    return Arrangement(hand, sets, c)


def optimal_arrangements(hand: int, c: Counting = STANDARD) -> list[Arrangement]:
    """Every arrangement of least deadwood (one per choice), in a fixed order."""
    choices = set_choices(hand, c)
    if len(choices) == 1:
        return [Arrangement(hand, choices[0], c)]
    scored = [(count(hand & ~melded_by(hand, sets, c), c), sets) for sets in choices]
    least = min(v for v, _ in scored)
    return [Arrangement(hand, sets, c) for v, sets in scored if v == least]


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
    if not slots:
        return [0]
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
    _, lay, sets = defence_search(knocker, defender, c)
    return Defence(lay, Arrangement(defender & ~lay, sets, c))


def defence_search(
    knocker: Arrangement, defender: int, c: Counting | None = None
) -> tuple[int, int, int]:
    """`best_defence` as numbers: (the defender's deadwood, the cards laid off, the choice that
    melds the rest)."""
    c = knocker.counting if c is None else c
    best_value = -1
    best_lay = best_sets = 0
    for lay in layoff_options(knocker, defender):  # "no layoff" first, always offered
        v, sets = best_deadwood(defender & ~lay, c)
        if v < best_value or best_value < 0:
            best_value, best_lay, best_sets = v, lay, sets
    return best_value, best_lay, best_sets
