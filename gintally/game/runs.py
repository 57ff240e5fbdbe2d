"""Runs on bit masks: which cards of a hand lie in runs, however runs may form.

Terminology
- block: one suit's 16 bits of a hand mask (see `cards`); bits 0-12 hold its ranks, ace to king,
  bits 13-15 hold no card, so a stretch of adjacent bits never crosses into the next suit.
- run cards: the cards of a mask that lie in a stretch of 3 or more adjacent ranks of one suit:
  aces low (`run_cards`), round the corner (`wrap_runs`: K-A-2), or with some aces above the
  king (`high_runs`, aces ``high-low``: Q-K-A).
- high ace: under ``high-low`` aces, an ace that plays above the king; it is written at bit 13 of
  its block (`HIGH_SHIFT`), an unused bit, so that Q-K-A is a stretch of adjacent bits.
- span: one run of a block, as its ranks in run order (`block_spans`).
"""

from __future__ import annotations

from gintally.game.cards import RANK_BITS

RANK_COLUMN = 1 | 1 << 16 | 1 << 32 | 1 << 48  # the four cards of the ace; shift by rank
ALL_CARDS = RANK_BITS * RANK_COLUMN  # the 52 card bits (ranks 0-12 of each block)
ACES_AND_TWOS = RANK_COLUMN * 3
HIGH_SHIFT = 13  # an ace that plays above the king sits at bit 13 of its block


def run_cards(hand: int) -> int:
    """The cards of `hand` that lie in a stretch of 3+ adjacent ranks of one suit, aces low."""
    t = hand & (hand >> 1) & (hand >> 2)
    return t | (t << 1) | (t << 2)


def _fold(region: int, copies: int) -> int:
    """Cards of a run region computed with copies above the king (bits 13-14) folded back."""
    return (region & ALL_CARDS) | ((region >> HIGH_SHIFT) & copies)


def wrap_runs(hand: int) -> int:
    """Run cards when runs go round the corner: the ace and two are copied above the king, so
    every stretch of the circle (Q-K-A, K-A-2) is a stretch of the line; bit 15 of each block
    stays empty, so no stretch crosses into the next suit."""
    r = hand | ((hand & ACES_AND_TWOS) << HIGH_SHIFT)
    t = r & (r >> 1) & (r >> 2)
    return _fold(t | (t << 1) | (t << 2), ACES_AND_TWOS)


def high_runs(rest: int, high: int) -> int:
    """Run cards with the aces of `high` above the king, the other aces below the two."""
    r = (rest ^ high) | (high << HIGH_SHIFT)
    t = r & (r >> 1) & (r >> 2)
    return _fold(t | (t << 1) | (t << 2), RANK_COLUMN)


def either_runs(hand: int) -> int:
    """Every card that could lie in a run when aces play low or high: a superset of the run
    cards of any choice (each ace is copied above the king)."""
    r = hand | ((hand & RANK_COLUMN) << HIGH_SHIFT)
    t = r & (r >> 1) & (r >> 2)
    return _fold(t | (t << 1) | (t << 2), RANK_COLUMN)


_spans: dict[int, tuple[tuple[int, ...], ...]] = {}


def block_spans(block: int, wrap: bool, high: int) -> tuple[tuple[int, ...], ...]:
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
