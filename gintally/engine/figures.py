"""Figures: the one count of a hand, which every reader of a match uses.

A settled hand is counted here and nowhere else: the standings (`standings.Fold`), the
lifetime figures of `stats` (`lifetime.Lifetime`), the year-in-review page and the members of
a team (`report`) all add a hand up through `count_hand`, so they cannot disagree.

Terminology
- played: every hand in the log but a misdeal (`NOT_PLAYED`), which was never played out;
  `count_hand` says whether it counted one.
- hand figures (`HandFigures`): what the hands did for one person or one side:
  - hands: hands played (every hand but misdeals; draws and ties included);
  - hands won;
  - points: the points the hands gave them. The winner of a hand scores its points; when both
    players score (Mahjong gin) the other player scores the hand's `other` points too, which
    may be negative. So a Mahjong player's points are their cards on the table less their
    cards in hand, hand after hand, won or lost;
  - gins (big gins included), big gins, undercuts: hands won of those kinds;
  - biggest hand: the points of the biggest hand they won.
- seats: the two seats of a hand, each the figures to count it for (a player's, a team's or a
  team member's at their table; None for the phantom of a solitaire, which is not a person).

Pure: no I/O, no clock, the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

GIN_KINDS = frozenset({"gin", "big-gin"})  # kinds of hand that count as a gin
NOT_PLAYED = frozenset({"misdeal"})  # kinds of hand in the log that were never played out
_APART = frozenset({"gin", "big-gin", "undercut"})  # kinds a count tells apart


@dataclass(slots=True)
class HandFigures:
    """What the hands did for one person or one side (see the module docstring)."""

    hands: int = 0
    hands_won: int = 0
    points: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts: int = 0
    biggest_hand: int = 0


def count_hand(
    a: HandFigures | None,
    b: HandFigures | None,
    kind: str,
    winner: int | None,
    points: int,
    other: int = 0,
) -> bool:
    """Count one hand for the figures of its two seats, `a` and `b` (None: a seat that counts
    for nobody, as a solitaire's phantom); `winner`: 0 (`a`), 1 (`b`) or None; `other`: what
    the seat that did not win scores when both score. True when it was played (not a misdeal).
    This is the only place a hand is added up. (Two seats, not lists of people: a function
    called once a hand is most of what a standings fold costs, so it stays this plain.)"""
    if kind in NOT_PLAYED:
        return False
    if a is not None:
        a.hands += 1
    if b is not None:
        b.hands += 1
    if winner is None:
        return True
    won, lost = (b, a) if winner else (a, b)
    if won is not None:
        won.hands_won += 1
        won.points += points
        if points > won.biggest_hand:
            won.biggest_hand = points
        if kind in _APART:
            if kind == "undercut":
                won.undercuts += 1
            else:
                won.gins += 1
                if kind == "big-gin":
                    won.big_gins += 1
    if other and lost is not None:
        lost.points += other
    return True
