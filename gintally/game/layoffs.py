"""Layoffs: after a knock, the defender's cards added to the knocker's melds, and the defence.

Terminology
- layoff: after a knock, the defender may add cards to the knocker's melds: the fourth card of a
  set of three, or cards extending a run at either end, chained (8D then 9D onto TD-JD-QD-KD: the
  9D goes first), round the corner too when the rules allow it. A layoff is a mask of the
  defender's cards; `layoff_options` lists every one that can be laid off together.
- defence: the defender's best answer to a knock: layoffs and melds chosen together for the
  least deadwood, fewest layoffs on ties (`best_defence`, `defence_search`; `pruned_defence`,
  the same answer with less work, is what `showdown.score_cards` uses).
"""

from __future__ import annotations

from dataclasses import dataclass

from gintally.game.cards import RANK_BITS, SUIT_SHIFT
from gintally.game.counting import Counting
from gintally.game.layout import Arrangement
from gintally.game.runs import ALL_CARDS, RANK_COLUMN
from gintally.game.search import best_deadwood


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


def pruned_defence(
    k_mask: int, k_sets: int, k_melded: int, d_mask: int, alone: tuple[int, int], c: Counting
) -> tuple[int, int, int]:
    """`defence_search` against the knocker's arrangement (its choice and the cards it
    melds), given the defender's least deadwood without layoffs (`alone`: the count and its
    choice, what the search finds first). The same answer, found with less work: when no
    defender card touches a knocker's meld there is no layoff to weigh; otherwise a layoff
    worth v points cannot leave less than ``alone - v`` (the laid-off cards, kept as deadwood,
    would make any arrangement of the rest one of the whole hand), so a layoff whose bound
    does not beat the best found so far is not searched."""
    best, best_sets = alone
    if not best:
        return best, 0, best_sets
    sets = k_sets & ALL_CARDS
    runs = k_melded & ~sets
    # defender cards next to a run card, or of a set's rank: a superset of what can be laid off
    near = (runs << 1) | (runs >> 1)
    if not c.plain:  # the ace next to the king, high or round the corner
        near |= ((runs >> 12) & RANK_COLUMN) | ((runs & RANK_COLUMN) << 12)
    ranks = (sets | sets >> 16 | sets >> 32 | sets >> 48) & RANK_BITS
    if not (near | ranks * RANK_COLUMN) & d_mask:
        return best, 0, best_sets
    best_lay = 0
    table = c.table
    if c.plain:
        options = plain_layoffs(runs, sets, d_mask)
    else:
        options = layoff_options(Arrangement(k_mask, k_sets, c), d_mask)
    for lay in options[1:]:  # options[0] is "no layoff": `alone`
        worth = (
            table[lay & RANK_BITS]
            + table[(lay >> 16) & RANK_BITS]
            + table[(lay >> 32) & RANK_BITS]
            + table[lay >> 48]
        )
        if alone[0] - worth >= best:
            continue
        v, choice = best_deadwood(d_mask & ~lay, c)
        if v < best:
            best, best_lay, best_sets = v, lay, choice
            if not best:
                break
    return best, best_lay, best_sets


def plain_layoffs(runs: int, sets: int, defender: int) -> list[int]:
    """`layoff_options` with aces low and no wrapping, on bit masks: the knocker's run cards
    and set cards, the defender's hand. Per set of three its fourth card; per run end the
    defender's cards going outwards one rank at a time (a shift by one bit: nothing lies below
    an ace or above a king, as bits 13-15 of a block hold no card); every combination, ordered
    as `layoff_options` orders them."""
    slots: list[tuple[int, ...]] = []
    if sets:
        ranks = (sets | sets >> 16 | sets >> 32 | sets >> 48) & RANK_BITS
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            group = sets & (RANK_COLUMN * low)
            if group.bit_count() == 3:
                fourth = (RANK_COLUMN * low) & ~group & defender
                if fourth:
                    slots.append((0, fourth))
    ends = runs & ~(runs << 1) & (defender << 1)  # a run's lowest card with a defender's below
    while ends:
        end = ends & -ends
        ends ^= end
        chain = 0
        options = [0]
        step = end >> 1
        while step & defender:
            chain |= step
            options.append(chain)
            step >>= 1
        slots.append(tuple(options))
    ends = runs & ~(runs >> 1) & (defender >> 1)  # a run's highest card with a defender's above
    while ends:
        end = ends & -ends
        ends ^= end
        chain = 0
        options = [0]
        step = end << 1
        while step & defender:
            chain |= step
            options.append(chain)
            step <<= 1
        slots.append(tuple(options))
    if not slots:
        return [0]
    if len(slots) == 1:
        return list(slots[0])  # a chain's prefixes grow by one card: already in order
    unions = {0}
    for choices in slots:
        unions = {u | o for u in unions for o in choices}
    return sorted(unions, key=lambda m: (m.bit_count(), m))
