"""Sets: the N games of a hollywood or honeymoon match, played together.

Terminology
- set: the games a format groups together (`Format.set_of`): games 1 to N, N+1 to 2N, ... Rolling
  Hollywood keeps one set that never ends.
- over: every game of the set has closed; the next scoring hand starts the next set.
- worth: the sum of the set's games' nets, signed from the first player's side
  (`Format.set_worth`). The set goes to the player ahead, by its absolute value
  ("Ann wins the set by 171"); a worth of 0 is a tied set.

A set is derived from games (`sets_of`), never stored: edit a hand and its set changes with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gintally.engine.formats import Format
from gintally.engine.games import Game


@dataclass(frozen=True)
class GameSet:
    """One set: its games (those replayed), whether it is over, and what it is worth."""

    number: int
    games: tuple[Game, ...]
    size: int | None  # games in the whole set; None when it never ends (rolling)
    worth: int  # from the first player's side (see the module docstring)

    @property
    def over(self) -> bool:
        return (
            self.size is not None
            and len(self.games) == self.size
            and all(g.status == "won" for g in self.games)
        )

    @property
    def status(self) -> str:
        """``won`` once over (a tie included), else ``open``."""
        return "won" if self.over else "open"

    @property
    def winner(self) -> int | None:
        """The player ahead once the set is over (None while open or on a tie)."""
        if not self.over or self.worth == 0:
            return None
        return 0 if self.worth > 0 else 1

    @property
    def margin(self) -> int | None:
        """By how much the set is won, once over."""
        return abs(self.worth) if self.over else None

    @property
    def nets(self) -> list[int]:
        """Each player's sum of the nets of the games they won in the set."""
        won = [0, 0]
        for g in self.games:
            if g.winner is not None and g.net is not None:
                won[g.winner] += g.net
        return won


def sets_of(fmt: Format, games: Iterable[Game]) -> list[GameSet]:
    """The sets the games fall into, in order (empty for formats without sets)."""
    grouped: dict[int, list[Game]] = {}
    for g in games:
        if g.set is not None:
            grouped.setdefault(g.set, []).append(g)
    return [
        GameSet(number, tuple(members), fmt.set_size, fmt.set_worth(members))
        for number, members in sorted(grouped.items())
    ]
