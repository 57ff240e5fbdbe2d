"""Rounds: partnership play, two teams at several tables at once (SPEC section 7, Teams).

Terminology
- side: 0 or 1, one team of a team match. The two sides are the engine's two players: a round's
  result fans out over the games exactly as a two-player hand does.
- table: where the i-th players of the two teams face each other (0-based here; people count
  them from 1). Teams of n players sit at n tables.
- deal: one stored hand as rounds read it (`Deal`): its number, date, table, the side that won it
  (None: nobody, a drawn or tied hand), its points and kind.
- redeal: a hand nobody won (a drawn hand, a tie under ``tie=no-score``) does not use up its
  table's turn: the same dealer deals again, and the hand dealt next is that table's hand for
  the round (the redealt hand stays in the round's `redeals`, for the log).
- round: one hand at each table. The k-th hand at a table that somebody won (in play order:
  date, then number) belongs to round k, and the redeals before it in the same round, so a
  correction (void, edit, a back-dated hand) simply moves the hands after it and every round
  recomputes. A round is complete when every table has its hand.
- result: a complete round goes to the side whose hands scored more in sum, by the difference,
  plus the sweep bonus (`team_sweep_bonus`) when every member of that side won their hand. Equal
  sums post nothing (as a drawn hand). A round in progress posts nothing.
- in step: a new hand goes into the round in progress; `place` refuses one at a table that has
  already played that round (most often the same hand typed twice), naming the round and the
  tables it waits for. The rounds themselves are computed from any hands (`rounds_of`): after a
  void or a back-dated hand a table may be rounds ahead, and its hands wait in their rounds.

Pure: standard library only, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from gintally.engine.replay import Entry
from gintally.errors import HandError

ROUND_KIND = "round"  # the kind of a round's `Entry`
MIN_TEAM, MAX_TEAM = 2, 4


@dataclass(frozen=True)
class Deal:
    """One hand at a table, as rounds read it."""

    id: int
    date: date
    table: int
    winner: int | None  # the side that won it
    points: int
    kind: str = "score"

    @property
    def redeal(self) -> bool:
        """Nobody won it: the table deals again, and this hand uses up no turn."""
        return redealt(self.winner)


def redealt(winner: int | None) -> bool:
    """Whether a hand won by `winner` (a side, or None) is redealt: nobody won it (a drawn hand,
    a tie under ``tie=no-score``), so its table deals again in the same round."""
    return winner is None


@dataclass
class Round:
    """One hand at each table (some missing while the round is in progress)."""

    number: int
    deals: list[Deal | None] = field(default_factory=list)  # per table
    bonus: int = 0  # the sweep bonus of the match
    redeals: list[Deal] = field(default_factory=list)  # hands nobody won, dealt again

    def holds(self, hand: int) -> bool:
        """Whether hand number `hand` is in this round (as a table's hand or a redeal)."""
        return any(d is not None and d.id == hand for d in self.deals) or any(
            d.id == hand for d in self.redeals
        )

    def redealing(self) -> list[int]:
        """The tables still awaited that have dealt again in this round."""
        again = {d.table for d in self.redeals}
        return [t for t in self.awaited if t in again]

    @property
    def complete(self) -> bool:
        return all(d is not None for d in self.deals)

    @property
    def played(self) -> list[int]:
        """The tables that have played this round."""
        return [t for t, d in enumerate(self.deals) if d is not None]

    @property
    def awaited(self) -> list[int]:
        """The tables this round still waits for."""
        return [t for t, d in enumerate(self.deals) if d is None]

    @property
    def sums(self) -> list[int]:
        """Each side's hand points summed over the tables played."""
        out = [0, 0]
        for d in self.deals:
            if d is not None and d.winner is not None:
                out[d.winner] += d.points
        return out

    @property
    def winner(self) -> int | None:
        """The side ahead once the round is complete (None: equal sums, or in progress)."""
        if not self.complete:
            return None
        a, b = self.sums
        return None if a == b else (0 if a > b else 1)

    @property
    def margin(self) -> int:
        """The difference of the sides' sums (0 while in progress)."""
        a, b = self.sums
        return abs(a - b) if self.complete else 0

    @property
    def sweep(self) -> bool:
        """Every member of the winning side won their hand."""
        w = self.winner
        return w is not None and all(d is not None and d.winner == w for d in self.deals)

    @property
    def points(self) -> int:
        """What the round posts: the margin, plus the sweep bonus on a sweep."""
        return self.margin + (self.bonus if self.sweep else 0)

    @property
    def date(self) -> date | None:
        """The day the round was completed (its last hand's date)."""
        days = [d.date for d in self.deals if d is not None]
        return max(days) if self.complete and days else None

    @property
    def last(self) -> int:
        """The number of the hand that completed the round (0 while in progress)."""
        return max((d.id for d in self.deals if d is not None), default=0) if self.complete else 0

    def entry(self) -> Entry:
        """The complete round as the engine's one hand: side, points, the day it completed.

        Its id is the round number; rounds complete in their own order (the k-th hand at a table
        comes after its (k-1)-th), so their dates never go backwards and (date, id) keeps them in
        order in `replay`."""
        assert self.date is not None, "only a complete round posts"
        return Entry(self.number, self.date, self.winner, self.points, ROUND_KIND)


def rounds_of(deals: Iterable[Deal], tables: int, bonus: int = 0) -> list[Round]:
    """Every round of a match's live hands (in any order; played in date, number order), the
    last ones possibly in progress."""
    rounds: list[Round] = []
    count = [0] * tables
    for d in sorted(deals, key=lambda d: (d.date, d.id)):
        if not 0 <= d.table < tables:
            raise HandError(f"hand {d.id} is at table {d.table + 1}, but there are {tables}")
        k = count[d.table]
        while len(rounds) <= k:
            rounds.append(Round(len(rounds) + 1, [None] * tables, bonus))
        if d.redeal:  # the same dealer deals again: the table's turn is not used up
            rounds[k].redeals.append(d)
            continue
        count[d.table] += 1
        rounds[k].deals[d.table] = d
    return rounds


def entries_of(rounds: Sequence[Round]) -> list[Entry]:
    """The complete rounds as the engine's entries (a round in progress posts nothing)."""
    return [r.entry() for r in rounds if r.complete]


def in_progress(rounds: Sequence[Round]) -> Round | None:
    """The first round not complete yet (None when every round is complete)."""
    return next((r for r in rounds if not r.complete), None)


def place(rounds: Sequence[Round], table: int, names: Sequence[str] = ()) -> int:
    """The round a new hand at `table` belongs to: the round in progress (or the next one). A
    table that already has its hand in the round in progress is refused, naming the round and
    the tables it waits for: a second hand there is most often the same hand typed twice.
    `names` (one per table, "Ann v Bob") make the message speak of the tables as people do."""
    number = 1 + sum(1 for r in rounds if r.deals[table] is not None)
    waiting = in_progress(rounds)
    if waiting is not None and number > waiting.number:
        label = names[table] if table < len(names) else f"table {table + 1}"
        held = rounds[number - 2].deals[table]
        others = [names[t] if t < len(names) else f"table {t + 1}" for t in waiting.awaited]
        raise HandError(
            f"{label} already played round {number - 1}"
            + (f" (hand {held.id})" if held is not None else "")
            + (
                f" and round {waiting.number} still waits for "
                if number - 1 != waiting.number
                else ", which still waits for "
            )
            + f"{_and(others)}: record that hand first, or correct this table's with edit or void"
        )
    return number


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
