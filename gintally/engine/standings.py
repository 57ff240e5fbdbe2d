"""Standings: seasons and what each player did in them.

Terminology
- season: the yearly window of a match (`seasons.season_of`); a hand counts in the season of its
  date, a game in the season it closed in (for ad-infinitum that is also the season it opened).
- row: one player's season: games won, sets won (hollywood, honeymoon: a set counts in the
  season its last game closed in), hands won, points (hand points won; when both players
  score, as in Mahjong gin, every hand's points to either player, negative ones included), gins
  (big gins included), big gins, undercuts, biggest hand, net (the player's totals minus the
  opponent's, over the games that closed in the season: the result of a Hollywood evening), and
  series won (a series counts in the season of the game that won it).
- misdeal: a hand with no score; it is in the log, but it is neither a hand played nor a draw.
- unfinished: ad-infinitum games still open when their season ended.
- draws, ties: hands of the season nobody won: drawn hands, and knocks tied under
  ``tie=no-score``. Neither counts for either player.
- year won: a season that is over, won by the player with more games won (none on a tie).
  A season is over once `today` is past its last day or a later season has been played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from gintally.engine.formats import Format
from gintally.engine.replay import Replay
from gintally.engine.seasons import season_end, season_of


@dataclass
class Row:
    """One player's season."""

    player: int
    games_won: int = 0
    sets_won: int = 0
    hands_won: int = 0
    points: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts: int = 0
    biggest_hand: int = 0
    net: int = 0
    series_won: int = 0


@dataclass
class Season:
    label: str
    start: date
    rows: list[Row] = field(default_factory=lambda: [Row(0), Row(1)])
    hands: int = 0
    draws: int = 0  # hands nobody won: drawn hands
    ties: int = 0  # knocks tied under tie=no-score (nobody won them either)
    misdeals: int = 0  # misdeals: no score, not a hand played
    unfinished: int = 0
    open: int = 0
    over: bool = False

    @property
    def end(self) -> date:
        """The first day after the season."""
        return season_end(self.start)

    @property
    def winner(self) -> int | None:
        """The player with more games won, once the season is over (None on a tie)."""
        a, b = self.rows[0].games_won, self.rows[1].games_won
        if not self.over or a == b:
            return None
        return 0 if a > b else 1


def standings(rep: Replay, fmt: Format, today: date | None = None) -> list[Season]:
    """Every season of a replayed match, oldest first."""
    seasons: dict[str, Season] = {}

    def season(day: date) -> Season:
        label, start = season_of(day, fmt.season_start)
        if label not in seasons:
            seasons[label] = Season(label, start)
        return seasons[label]

    for played in rep.played:
        e = played.entry
        s = season(e.date)
        if e.kind == "misdeal":
            s.misdeals += 1
            continue
        s.hands += 1
        if e.winner is None:
            if e.kind == "tie":
                s.ties += 1
            else:
                s.draws += 1
            continue
        row = s.rows[e.winner]
        row.hands_won += 1
        row.points += e.points
        s.rows[1 - e.winner].points += e.other
        row.biggest_hand = max(row.biggest_hand, e.points)
        if e.kind in ("gin", "big-gin"):
            row.gins += 1
        if e.kind == "big-gin":
            row.big_gins += 1
        if e.kind == "undercut":
            row.undercuts += 1
    for g in rep.games:
        if g.status == "won" and g.closed is not None and g.winner is not None:
            s = season(g.closed)
            s.rows[g.winner].games_won += 1
            s.rows[0].net += g.signed_net  # the game's net, from each side
            s.rows[1].net -= g.signed_net
        elif g.status == "unfinished":
            season(g.opened).unfinished += 1
        else:
            season(g.opened).open += 1
    for series in rep.series:
        if series.winner is not None and series.closed is not None:
            season(series.closed).rows[series.winner].series_won += 1
    for gs in rep.sets():
        if gs.winner is not None:
            last = max(g.closed for g in gs.games if g.closed is not None)
            season(last).rows[gs.winner].sets_won += 1
    ordered = sorted(seasons.values(), key=lambda s: s.start)
    for i, s in enumerate(ordered):
        s.over = i < len(ordered) - 1 or (today is not None and today >= s.end)
    return ordered


def years_won(seasons: list[Season]) -> list[int]:
    """Seasons won by each player, over the seasons that are over."""
    won = [0, 0]
    for s in seasons:
        if s.winner is not None:
            won[s.winner] += 1
    return won
