"""Race: a season of one match, by date: each player's games won so far and their net so
far (cumulative), one point per game closed; the games won by the end of each month; and each
player's hand points so far, one point per scoring hand (the race before any game has finished:
an ad-infinitum season whose games are all still open).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from gintally.engine.formats import Format
from gintally.engine.replay import Replay
from gintally.engine.seasons import season_of


@dataclass(frozen=True)
class RacePoint:
    """The race after a game closed: each player's games won and net so far in the season."""

    date: date
    games: tuple[int, int]
    net: tuple[int, int]


@dataclass(frozen=True)
class RunningPoint:
    """The season after a scoring hand: each player's hand points so far."""

    date: date
    points: tuple[int, int]


def running(rep: Replay, season: str) -> list[RunningPoint]:
    """Each player's hand points so far in one season of a replayed match, one point per hand
    that scored (a round, in a team match), in play order."""
    points = [0, 0]
    out: list[RunningPoint] = []
    for p in rep.played:
        e = p.entry
        if p.season != season or e.winner is None:
            continue
        points[e.winner] += e.points
        points[1 - e.winner] += e.other
        out.append(RunningPoint(e.date, (points[0], points[1])))
    return out


def race(rep: Replay, fmt: Format, season: str) -> list[RacePoint]:
    """The race of one season of a replayed match, cumulative: one point per game of it that
    closed, in the order they closed (games count in the season they closed in, as in the
    standings)."""
    games, net = [0, 0], [0, 0]
    out: list[RacePoint] = []
    closed = sorted(
        (g for g in rep.games if g.status == "won" and g.closed is not None),
        key=lambda g: (g.closed or date.min, g.hands[-1] if g.hands else 0, g.number),
    )
    for g in closed:
        assert g.closed is not None and g.winner is not None
        if season_of(g.closed, fmt.season_start)[0] != season:
            continue
        games[g.winner] += 1
        net[0] += g.signed_net
        net[1] -= g.signed_net
        out.append(RacePoint(g.closed, (games[0], games[1]), (net[0], net[1])))
    return out


def monthly(points: Sequence[RacePoint]) -> list[tuple[str, tuple[int, int]]]:
    """Games won so far at the end of each month of the race, from its first month to its
    last (a month with no game closed repeats the month before): ``[("2024-01", (3, 2)), ...]``."""
    if not points:
        return []
    out: list[tuple[str, tuple[int, int]]] = []
    y, m = points[0].date.year, points[0].date.month
    last = points[-1].date.year, points[-1].date.month
    i, games = 0, (0, 0)
    while (y, m) <= last:
        while i < len(points) and (points[i].date.year, points[i].date.month) == (y, m):
            games = points[i].games
            i += 1
        out.append((f"{y:04d}-{m:02d}", games))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out
