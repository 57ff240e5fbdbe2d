"""Games: one race to the target inside a match, and its end-of-game bonuses.

Terminology
- game: a race to the rule set's `target` (`Game`). A hand posts its points to several games at
  once; a game closes the moment a player's points in it reach the target, its end-of-game
  bonuses are fixed then, and nothing posts to it afterwards.
- boxes: the hands a player won in one game (each is worth `box_bonus` at game end).
- shutout: the loser won no hand in the game; the rule set's `shutout` style then applies.
- total: points plus every end-of-game bonus; net: the winner's total minus the loser's.
- set: the number of the set a game belongs to (hollywood and honeymoon), or None.

Every end-of-game rule lives in `Game.close` (SPEC section 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from gintally.game.rules import RuleSet


def _pair() -> list[int]:
    return [0, 0]


@dataclass
class Game:
    """One game: hand points and boxes per player, then bonuses once it closes."""

    number: int
    season: str
    opened: date
    set: int | None = None
    points: list[int] = field(default_factory=_pair)
    boxes: list[int] = field(default_factory=_pair)
    hands: list[int] = field(default_factory=list)
    entered: list[bool] = field(default_factory=lambda: [False, False])
    status: str = "open"
    winner: int | None = None
    closed: date | None = None
    game_bonus: list[int] = field(default_factory=_pair)
    box_bonus: list[int] = field(default_factory=_pair)
    shutout_bonus: list[int] = field(default_factory=_pair)
    shutout: bool = False

    @property
    def total(self) -> list[int]:
        """Points plus every end-of-game bonus (equal to the points while open)."""
        return [
            self.points[p] + self.game_bonus[p] + self.box_bonus[p] + self.shutout_bonus[p]
            for p in (0, 1)
        ]

    @property
    def net(self) -> int | None:
        """The winner's total minus the loser's, once won."""
        if self.winner is None:
            return None
        t = self.total
        return t[self.winner] - t[1 - self.winner]

    @property
    def signed_net(self) -> int:
        """The net from the first player's side: positive when they won, negative when the
        second player did, 0 while the game is not won."""
        net = self.net
        if net is None:
            return 0
        return net if self.winner == 0 else -net

    def needs(self, target: int) -> list[int]:
        """Points each player still needs to reach the target."""
        return [max(0, target - p) for p in self.points]

    def post(self, winner: int, points: int, hand: int) -> None:
        """A hand won by `winner` adds its points and a box."""
        self.points[winner] += points
        self.boxes[winner] += 1
        self.hands.append(hand)

    def close(self, winner: int, day: date, rules: RuleSet) -> None:
        """Fix the end-of-game bonuses (SPEC section 4; shutout styles in `rules`)."""
        loser = 1 - winner
        self.status, self.winner, self.closed = "won", winner, day
        self.game_bonus[winner] = rules.game_bonus
        self.box_bonus = [rules.box_bonus * b for b in self.boxes]
        self.shutout = self.boxes[loser] == 0
        if not self.shutout:
            return
        style = rules.shutout
        if style == "double-hands":  # the winner's hand points count twice, before boxes
            self.shutout_bonus[winner] = self.points[winner]
        elif style in ("double-total", "double-net"):
            # The loser won no hand, so the loser's total is 0 and doubling the net is doubling
            # the winner's total: both styles add the winner's total once more.
            t = self.total
            self.shutout_bonus[winner] = t[winner] - t[loser]
        elif style.startswith("bonus:"):
            self.shutout_bonus[winner] = rules.shutout_bonus
