"""How cards count and runs form under a rule set, on bit masks.

Terminology
- hand: a set of cards as a bit mask (see `cards`: each suit is a 16-bit block, rank bits 0-12).
- counting: how cards count and how runs may form under a rule set (`Counting`): the value of
  each rank (`card_values`, `ace_value`), whether an ace may also sit above the king (`aces`
  ``high-low``: Q-K-A) and whether runs go round the corner (`wrap_runs`: K-A-2). `STANDARD`:
  ace 1, pips, court cards 10, aces low, no wrap. `counting_of` gives a rule set's.
- deadwood count: the values of unmelded cards, summed (`count`).
- choice: the cards given to sets, and under ``high-low`` aces the aces that sit above the king
  (``sets | high << 13``); the runs it forces are melded too (`melded_by`; see `search`).
"""

from __future__ import annotations

from itertools import pairwise

from gintally.game.cards import RANK_BITS, RANK_VALUES, rank_values
from gintally.game.rules import RuleSet
from gintally.game.runs import ALL_CARDS, HIGH_SHIFT, RANK_COLUMN, high_runs, run_cards, wrap_runs
from gintally.game.tables import block_tables, value_table


class Counting:
    """How cards count and runs form under one rule set; build it with `counting`.

    `values`: the deadwood value of each rank, ace first (from the two up they never decrease);
    `aces_high`: an ace may end a run above the king too (Q-K-A), never both ends of one run;
    `wrap`: runs go round the corner (K-A-2), the ace sitting between the king and the two;
    `plain`: neither (the fast path); `high_low`: aces high or low without wrapping. `table` is
    the deadwood value of every 13-bit suit block (`tables.value_table`) and `blocks` are the
    search's tables (`tables.block_tables`): each is built on first read and shared by every
    counting with the same values. `cached_blocks` is `blocks` once built, else None: the
    search's hot loops read ``c.cached_blocks or c.blocks``, a slot read rather than a property
    call. (A ``__getattr__`` that fills plain slots on first read would be simpler, but a class
    with one reads every attribute more slowly: +3 to +10% per call of `search.best_deadwood`
    and `search.best_discard`, bench_eval --against, 2000 and 5000 hands, 7 and 9 passes.)
    """

    __slots__ = ("_table", "aces_high", "cached_blocks", "high_low", "plain", "values", "wrap")

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
        self.cached_blocks: tuple[list[int], ...] | None = None

    @property
    def table(self) -> list[int]:
        t = self._table
        if t is None:
            t = self._table = value_table(self.values)
        return t

    @property
    def blocks(self) -> tuple[list[int], ...]:
        b = self.cached_blocks
        if b is None:
            b = self.cached_blocks = block_tables(self.values, self.aces_high, self.wrap)
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


_countings: dict[tuple[tuple[int, ...], bool, bool], Counting] = {}


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

_by_rules: dict[tuple[str, int, str, bool], Counting] = {}


def counting_of(rules: RuleSet) -> Counting:
    """How cards count and runs form under `rules` (`card_values`, `ace_value`, `aces`,
    `wrap_runs`): what every evaluation passes to the meld search."""
    key = (rules.card_values, rules.ace_value, rules.aces, rules.wrap_runs)
    found = _by_rules.get(key)
    if found is None:
        found = _by_rules[key] = counting(
            rank_values(rules.card_values, rules.ace_value),
            aces_high=rules.aces == "high-low",
            wrap=rules.wrap_runs,
        )
    return found


def melded_by(hand: int, choice: int, c: Counting = STANDARD) -> int:
    """The cards of `hand` melded under `choice`: its sets and the runs they force."""
    sets = choice & ALL_CARDS
    rest = hand & ~sets
    if c.plain:
        return sets | run_cards(rest)
    if c.wrap:
        return sets | wrap_runs(rest)
    return sets | high_runs(rest, (choice >> HIGH_SHIFT) & RANK_COLUMN & rest)


def count(mask: int, c: Counting = STANDARD) -> int:
    """The deadwood count of the cards in `mask`."""
    v = c.table
    return (
        v[mask & RANK_BITS]
        + v[(mask >> 16) & RANK_BITS]
        + v[(mask >> 32) & RANK_BITS]
        + v[(mask >> 48) & RANK_BITS]
    )
