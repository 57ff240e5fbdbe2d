"""The meld search: the exact least deadwood of a hand, and the best discard of eleven cards.

Terminology
- meld: a *set* (3 or 4 cards of one rank) or a *run* (3 or more consecutive cards of one suit:
  aces low; or low or high, never both in one run; or round the corner). A card belongs to at
  most one meld.
- arrangement: a choice of disjoint melds; the cards outside them are the *deadwood*, and their
  values summed are the *deadwood count* (see `counting`, `layout`).
- choice: the cards given to sets, and under ``high-low`` aces the aces that sit above the king
  (each at bit 13 of its suit's block, an unused bit: ``sets | high << 13``). Once it is fixed,
  the best runs are forced: every maximal stretch of 3+ adjacent cards left in a suit is melded
  (on a line A..K, on A..K with the high aces after the king, or on the circle of 13 ranks when
  runs wrap), the rest is deadwood. So a hand's arrangements that can matter are exactly its
  choices: for each rank held 3 or 4 times, give it no set, all its cards, or (4 held) all but
  one card that could sit in a run; ranks whose cards touch no run are always set. Under
  ``high-low`` a free ace that could end both A-2-3 and Q-K-A is tried at both ends. A 10-card
  hand has at most a few dozen choices (216 at the very worst), usually one.
- best discard: of eleven cards, the one whose discard leaves the least deadwood (`best_discard`);
  a *big gin* when all eleven meld.

A choice costs four lookups in the block tables (`tables`), whatever the cards. Everything here
is pure and exact; `tests/test_melds.py` checks it against brute force, under every counting.
"""

from __future__ import annotations

from collections.abc import Iterator

from gintally.game.cards import RANK_BITS, SUIT_SHIFT
from gintally.game.counting import STANDARD, Counting, count, melded_by
from gintally.game.runs import HIGH_SHIFT, RANK_COLUMN, either_runs, run_cards, wrap_runs


def _sets_choices(hand: int, c: Counting) -> list[int]:
    """The set cards of every choice that can matter (`set_choices` without ace placements)."""
    a = hand & RANK_BITS
    b = (hand >> 16) & RANK_BITS
    d3 = (hand >> 32) & RANK_BITS
    d = hand >> 48
    ranks = (a & b & (d3 | d)) | (d3 & d & (a | b))  # ranks held 3 or 4 times
    if not ranks:
        return [0]
    in_runs = run_cards(hand) if c.plain else wrap_runs(hand) if c.wrap else either_runs(hand)
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
    dead = (c.cached_blocks or c.blocks)[0]
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
    tables = c.cached_blocks or c.blocks
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


def all_melded_choice(mask: int, c: Counting) -> int | None:
    """The first choice under which every card of `mask` is melded (None: no such choice)."""
    for sets in set_choices(mask, c):
        if melded_by(mask, sets, c) == mask:
            return sets
    return None
