"""Series: finished games counted toward a match within the match (multi-match, best of N).

Terminology
- series: a run of finished games that ends when a player has won it (`Series`). Under
  `series_target` (the multi-match of seed ``002``) every finished game adds its totals, bonuses
  included, to each player's series score, and the first to reach the target wins the series;
  under `best_of` N (tournament play) a finished game adds one game won to its winner's tally,
  and the first to win (N+1)/2 games wins. `series_rule` reads which, if either, a rule set has.
- in play: the latest series. A series that has just been won stays in play until the next game
  opens: that game starts the next series (as the next scoring hand starts the next set).
- both at once: when one game takes both players past the series target, the one with more
  series points wins it; on equal points, the winner of that game.

A series is derived from games as they close (`SeriesTally`, driven by the replay), never
stored: edit a hand and every series after it changes with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from gintally.engine.games import Game
from gintally.game.rules import RuleSet


@dataclass(frozen=True)
class SeriesRule:
    """How a series is won: `needed` series points (``points``) or games won (``games``)."""

    unit: str  # "points" or "games"
    needed: int

    def worth(self, game: Game) -> list[int]:
        """What a finished game adds to each player's series score."""
        if self.unit == "points":
            return list(game.total)
        won = [0, 0]
        if game.winner is not None:
            won[game.winner] = 1
        return won


def series_rule(rules: RuleSet) -> SeriesRule | None:
    """The series a rule set plays, or None (`series_target` and `best_of` both off)."""
    if rules.series_target is not None:
        return SeriesRule("points", rules.series_target)
    if rules.best_of is not None:
        return SeriesRule("games", (rules.best_of + 1) // 2)
    return None


def _pair() -> list[int]:
    return [0, 0]


@dataclass
class Series:
    """One series: the games counted in it, each player's score, and its winner once won."""

    number: int
    rule: SeriesRule
    score: list[int] = field(default_factory=_pair)
    games: list[Game] = field(default_factory=list)
    status: str = "open"
    winner: int | None = None
    closed: date | None = None

    @property
    def margin(self) -> int | None:
        """By how much the winner leads once won (series points or games)."""
        if self.winner is None:
            return None
        return self.score[self.winner] - self.score[1 - self.winner]

    def add(self, game: Game, day: date) -> bool:
        """Count a finished game; True when it wins the series."""
        worth = self.rule.worth(game)
        self.score = [self.score[p] + worth[p] for p in (0, 1)]
        self.games.append(game)
        a, b = self.score
        needed = self.rule.needed
        if a < needed and b < needed:
            return False
        if a != b:
            self.winner = 0 if a > b else 1
        else:
            self.winner = game.winner if game.winner is not None else 0
        self.status, self.closed = "won", day
        return True


class SeriesTally:
    """The series of a replay, kept as its games open and close."""

    def __init__(self, rule: SeriesRule | None, before: int = 0) -> None:
        self.rule = rule
        self.before = before  # series numbered before the replay's start (a replay mark)
        self.series: list[Series] = []

    @property
    def current(self) -> Series | None:
        """The series in play: the latest one."""
        return self.series[-1] if self.series else None

    @property
    def numbered(self) -> int:
        """Series numbered so far, counting those before the replay's start."""
        return self.before + len(self.series)

    @property
    def between(self) -> bool:
        """True when no series is in progress: none yet, or the latest one is won."""
        current = self.current
        return current is None or current.status == "won"

    def opened(self) -> None:
        """A game has opened: after a won series (or at the start) it starts the next one."""
        if self.rule is not None and self.between:
            self.series.append(Series(self.numbered + 1, self.rule))

    def closed(self, game: Game, day: date) -> Series | None:
        """A game has closed: count it in the series in play (a game that was already open
        when the last series was won counts in the next); the series it wins, if any."""
        if self.rule is None:
            return None
        self.opened()
        current = self.series[-1]
        return current if current.add(game, day) else None
