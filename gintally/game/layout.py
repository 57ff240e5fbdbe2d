"""The layout of a kept hand: its melds and deadwood as cards, in the order they are shown.

Terminology
- arrangement: melds chosen from a hand (`Arrangement`): the sets of a choice (see `search`)
  and the runs they force; `arrange` gives the one of least deadwood, `optimal_arrangements`
  every one that ties.
- layout: an arrangement as cards: the sets by rank (suits S H D C), then the runs by suit, each
  in run order (an ace high after the king, round the corner from the gap), then the deadwood
  cards by rank then suit (`layout`). It is read from tables of one suit's block, built as
  hands are met.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gintally.game.cards import CARDS, RANK_BITS, RANK_ORDER, SUIT_SHIFT, Card, by_rank
from gintally.game.counting import STANDARD, Counting, count, melded_by
from gintally.game.runs import (
    ALL_CARDS,
    HIGH_SHIFT,
    RANK_COLUMN,
    block_spans,
    run_cards,
    wrap_runs,
)
from gintally.game.search import best_deadwood, set_choices


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
                spans += ((suit, ranks) for ranks in block_spans(block, self.counting.wrap, flag))
        return spans

    def melds(self) -> list[list[Card]]:
        """Sets (by rank, suits S H D C) then runs (by suit, in rank order), as lists of cards."""
        return [list(m) for m in layout(self.hand, self.sets, self.counting)[0]]

    def deadwood_cards(self) -> list[Card]:
        """The unmelded cards, by rank then suit."""
        return list(by_rank(self.dead))


# The set of one rank as cards (suits S H D C), by rank and the 4-bit pattern of its suits.
_SET_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(CARDS[s * SUIT_SHIFT + r] for s in range(4) if p >> s & 1) for p in range(16))
    for r in range(13)
)
# The runs of one suit's block as cards, by ``block | suit << 13 | wrap << 15 | high << 16``
# (`layout_melded`).
_run_melds: dict[int, tuple[tuple[Card, ...], ...]] = {}


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
        tuple(sorted(dead, key=RANK_ORDER.__getitem__)),
    )


# The runs (as cards, in run order) and the dead cards (ace up) of one suit's block of cards
# left after the sets, aces low or round the corner, by ``block | suit << 13 | wrap << 15``.
_suit_layouts: dict[int, tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = {}


def _suit_layout(
    block: int, suit: int, wrap: bool
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    shift = suit * SUIT_SHIFT
    runs = wrap_runs(block) if wrap else run_cards(block)
    found = _suit_layouts[block | suit << 13 | wrap << 15] = (
        tuple(tuple(CARDS[shift + r] for r in ranks) for ranks in block_spans(runs, wrap, 0)),
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
                        for ranks in block_spans(block, c.wrap, (high >> shift) & 1)
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
