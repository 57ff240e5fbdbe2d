"""Games: one race to the target inside a match, and its end-of-game bonuses.

Terminology
- game: a race to the rule set's `target` (`Game`). A hand posts its points to several games at
  once; a game closes the moment a player's points in it reach the target, its end-of-game
  bonuses are fixed then, and nothing posts to it afterwards.
- boxes: the hands a player won in one game (each is worth `box_bonus` at game end).
- shutout: the loser scored nothing in the game: won no hand, and (when both players score,
  Mahjong gin) ended with no points above 0; the rule set's `shutout` style then applies (seed
  004: "If one player fails to score, the opponent's score is doubled ('shut out')").
- total: points plus every end-of-game bonus; net: the winner's total minus the loser's. The
  game bonus goes to who reached the target, the game to the higher total (box bonuses may
  carry the other player past: seed 004); on equal totals, to who reached the target.
- set: the number of the set a game belongs to (hollywood and honeymoon), or None.
- two-sided hand: a hand that gives points to both players (Mahjong gin): the hand's winner
  (who went gin) takes the box, and the other player's points, which may be negative, post too.
- exactly 50: under `exactly_50_loses`, a game whose leader ends exactly 50 ahead in the final
  totals is lost by them; the other player wins it, net 50 (`lost_by_50`).

Every end-of-game rule lives in `Game.close` (SPEC section 4), and who wins a game in
`Game.reached`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from gintally.game.rules import RuleSet


@dataclass(init=False, slots=True)
class Game:
    """One game: hand points and boxes per player, then bonuses once it closes."""

    number: int
    season: str
    opened: date
    set: int | None
    points: list[int]
    boxes: list[int]
    hands: list[int]
    entered: list[bool]
    status: str
    winner: int | None
    closed: date | None
    game_bonus: list[int]
    box_bonus: list[int]
    shutout_bonus: list[int]
    shutout: bool
    lost_by_50: bool

    def __init__(self, number: int, season: str, opened: date, set: int | None = None) -> None:
        # Written out (not dataclass defaults): a replay opens a game for every hand of an
        # ad-infinitum match, and nine default factories cost more than the game's posts.
        # One statement a field: cheaper than packing them in tuples.
        self.number = number
        self.season = season
        self.opened = opened
        self.set = set
        self.points = [0, 0]
        self.boxes = [0, 0]
        self.hands = []
        self.entered = [False, False]
        self.status = "open"
        self.winner = None
        self.closed = None
        self.game_bonus = [0, 0]
        self.box_bonus = [0, 0]
        self.shutout_bonus = [0, 0]
        self.shutout = False
        self.lost_by_50 = False

    @property
    def total(self) -> list[int]:
        """Points plus every end-of-game bonus (equal to the points while open)."""
        p, g, b, s = self.points, self.game_bonus, self.box_bonus, self.shutout_bonus
        return [p[0] + g[0] + b[0] + s[0], p[1] + g[1] + b[1] + s[1]]

    @property
    def net(self) -> int | None:
        """The winner's total minus the loser's, once won."""
        if self.winner is None:
            return None
        t = self.total
        ahead = t[self.winner] - t[1 - self.winner]
        return -ahead if self.lost_by_50 else ahead  # lost by 50: the winner was 50 behind

    @property
    def signed_net(self) -> int:
        """The net from the first player's side: positive when they won, negative when the
        second player did, 0 while the game is not won. (`net` from the winner's side, turned
        round when the second player won: the first player's total minus the second's.)"""
        if self.winner is None:
            return 0
        p, g, b, s = self.points, self.game_bonus, self.box_bonus, self.shutout_bonus
        ahead = p[0] + g[0] + b[0] + s[0] - (p[1] + g[1] + b[1] + s[1])
        return -ahead if self.lost_by_50 else ahead

    def needs(self, target: int) -> list[int]:
        """Points each player still needs to reach the target."""
        return [max(0, target - p) for p in self.points]

    @staticmethod
    def post_to(
        games: Iterable[Game], winner: int, points: int, hand: int, other: int, target: int
    ) -> list[Game]:
        """Post a hand won by `winner` to each of `games` (one call for the whole fan-out): its
        points and a box to the winner, and `other` to the other player (what they score in a
        two-sided hand: 0 in plain gin, negative when they lose points). Returns the games in
        which a player's points reached `target` (those `reached` may close), in order."""
        reaching = []
        if other:
            loser = 1 - winner
            for g in games:
                pts = g.points
                pts[winner] += points
                pts[loser] += other
                g.boxes[winner] += 1
                g.hands.append(hand)
                if pts[0] >= target or pts[1] >= target:
                    reaching.append(g)
            return reaching
        # a one-sided hand (most): only the winner's points moved, and an open game has both
        # players below the target (a game closes as soon as a player reaches it)
        for g in games:
            pts = g.points
            pts[winner] += points
            g.boxes[winner] += 1
            g.hands.append(hand)
            if pts[winner] >= target:
                reaching.append(g)
        return reaching

    def reached(self, target: int, hand_winner: int) -> int | None:
        """Who wins the game after a hand, if anyone: the player whose points reached the
        target. When a two-sided hand takes both players there at once, the one with more
        points wins; on equal points, the hand's winner (who went gin)."""
        a, b = self.points
        if a < target and b < target:
            return None
        if a == b:
            return hand_winner
        return 0 if a > b else 1

    def close(self, winner: int, day: date, rules: RuleSet) -> None:
        """Fix the end-of-game bonuses (SPEC section 4; shutout styles in `rules`), then apply
        `exactly_50_loses` to the final totals."""
        self.status, self.winner, self.closed = "won", winner, day
        self.game_bonus[winner] = rules.game_bonus
        worth, boxes = rules.box_bonus, self.boxes
        self.box_bonus = [worth * boxes[0], worth * boxes[1]]
        loser = 1 - winner
        # A loser who scored is not shut out: in plain gin only a hand won scores, but when both
        # players score (Mahjong gin) the loser may have points without winning a hand.
        self.shutout = boxes[loser] == 0 and self.points[loser] <= 0
        if self.shutout:
            self._shutout(winner, rules)
        t = self.total
        if t[loser] > t[winner]:
            # The boxes carried the other player past: the game goes to the higher total, the
            # game bonus stays with who reached the target (seed 004: "the first player to reach
            # 100 points may not necessarily win the match after the box bonuses are awarded").
            self.winner, winner = loser, loser
        if rules.exactly_50_loses and t[winner] - t[1 - winner] == 50:
            self.winner, self.lost_by_50 = 1 - winner, True

    def _shutout(self, winner: int, rules: RuleSet) -> None:
        """The shutout bonus of a game its loser was shut out of, by the rule set's style."""
        loser = 1 - winner
        style = rules.shutout
        if style == "double-hands":  # the winner's hand points count twice, before boxes
            self.shutout_bonus[winner] = self.points[winner]
        elif style in ("double-total", "double-net"):
            # In plain gin the loser of a shutout has a total of 0, and both styles add the
            # winner's total once more. When both players score (Mahjong gin) the loser may
            # have points: double-total doubles the winner's total, double-net the net.
            t = self.total
            self.shutout_bonus[winner] = t[winner] - (t[loser] if style == "double-net" else 0)
        elif style.startswith("bonus:"):
            self.shutout_bonus[winner] = rules.shutout_bonus
