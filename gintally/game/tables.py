"""The tables the meld search reads: every 13-bit suit block's outcome, worked out once.

Once the sets of a choice are fixed (see `search`), every suit block is melded on its own: its
runs (and, under ``high-low`` aces, where its ace sits) depend on that block's 13 bits only. So
the search reads each block's outcome from tables of all 8192 blocks, built once per counting
(and shared by every counting with the same values and run rules): a choice costs four lookups
whatever the cards.

Terminology
- value table: the deadwood value of every block under a counting's rank values
  (`value_table`): what `counting.count` reads.
- structure: the value-free tables of every block: its dead cards with aces low or round the
  corner, or under ``high-low`` aces with the ace low and with it high.
- block tables: what the search reads per block (`block_tables`): its least deadwood and, for
  the best discard, which dead card to throw (a *top key*) or, under ``high-low`` aces, what
  throwing the costliest dead card gains (`NO_DISCARD`: no placement leaves one).
"""

from __future__ import annotations

from gintally.game.runs import high_runs, wrap_runs

_tables: dict[tuple[int, ...], list[int]] = {}


def value_table(values: tuple[int, ...]) -> list[int]:
    """Deadwood value of every 13-bit suit block under `values`, built once per table."""
    table = _tables.get(values)
    if table is None:
        table = [0] * (1 << 13)
        for m in range(1, 1 << 13):
            low = m & -m
            table[m] = table[m ^ low] + values[low.bit_length() - 1]
        _tables[values] = table
    return table


NO_DISCARD = 1 << 30  # a gain table's "no placement leaves this block a card to discard"

_structures: dict[str, tuple[list[int], ...]] = {}
_blocks: dict[tuple[tuple[int, ...], bool, bool], tuple[list[int], ...]] = {}


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
            found = ([b & ~wrap_runs(b) for b in range(1 << 13)],)
        else:
            found = (low, [b & ~high_runs(b, b & 1) if b & 1 else low[b] for b in range(1 << 13)])
        _structures[mode] = found
    return found


def _top_key(dead: int, values: tuple[int, ...]) -> int:
    """Which card of a block's dead cards the best discard throws (the costliest, see `search`),
    as a comparable key:
    ``value << 8 | 128 | rank << 2`` (0 for no dead card). Higher value wins, then higher rank;
    so an ace wins only when it is worth more than every other card there."""
    if not dead:
        return 0
    rank = dead.bit_length() - 1
    key = (values[rank] << 8) | 128 | (rank << 2)
    if dead & 1:
        key = max(key, (values[0] << 8) | 128)
    return key


def block_tables(values: tuple[int, ...], aces_high: bool, wrap: bool) -> tuple[list[int], ...]:
    """The search's tables of every 13-bit suit block under a counting's rank `values` and run
    rules (`Counting.blocks`: `aces_high`, true too when runs `wrap`).

    Aces low or round the corner: ``(dead, key0, key1, key2, key3)``: the deadwood count of a
    block, and per suit S H D C the `_top_key` of its dead cards with ``3 - suit`` in the low
    bits (so that the highest key of four blocks names the card the best discard throws, spades
    first on ties). Under ``high-low`` aces: ``(dead, gain, empty)``: the least deadwood of the
    block with its ace low or high; the least of (deadwood - the costliest dead card) over the
    placements that leave a dead card, minus ``dead`` (`NO_DISCARD` when none does); and 1 when
    some placement melds the whole block.
    """
    key = (values, aces_high, wrap)
    found = _blocks.get(key)
    if found is not None:
        return found
    v = value_table(values)
    if not aces_high or wrap:  # aces low, or round the corner
        (dead,) = _structure("wrap" if wrap else "plain")
        tops = {d: _top_key(d, values) for d in set(dead)}
        base = [tops[d] for d in dead]
        found = (
            [v[d] for d in dead],
            *([k | (3 - suit) if k else 0 for k in base] for suit in range(4)),
        )
    else:
        low, high = _structure("high-low")
        tops = {d: _top_key(d, values) >> 8 for d in {*low, *high}}
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
