"""The insights as documents: lifetime statistics (`stats`) and a season's race (`chart`, the
page). `engine.race` is imported by the function that uses it, and `engine.lifetime` only for
the type checker, so a hand command loads neither.

Terminology:
- *head to head*: two people's games, hands and net against each other, over every match.
- *record*: the best of something (biggest hand, longest run of hands won, best season) with
  who set it, where and when.
- *race*: a season's games won and net, cumulative, one point per game closed; *monthly*: the
  games won by the end of each month.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the insights: loaded by the commands that use them, not by a hand command
    from datetime import date

    from gintally.engine.lifetime import Lifetime, Record
    from gintally.engine.race import RacePoint, RunningPoint
    from gintally.engine.standings import Season
    from gintally.model import HandRecord, Match
    from gintally.report.shapes import HeadToHeadDoc, PlayerStatsDoc, RaceDoc, RecordDoc, StatsDoc


_RECORD_VALUE = {"biggest_hand": "points", "longest_run": "hands", "best_season": "games_won"}


def _record_doc(key: str, r: Record | None) -> RecordDoc | None:
    if r is None:
        return None
    doc: dict[str, object] = {"player": r.player, _RECORD_VALUE[key]: r.value}
    if r.season is not None:
        doc["season"] = r.season
    doc.update(match=r.match, date=r.date.isoformat(), hand=r.hand)
    if r.until is not None and r.last_hand is not None:
        doc.update(until=r.until.isoformat(), last_hand=r.last_hand)
    return doc  # type: ignore[return-value]


def stats_doc(fold: Lifetime, player: str | None = None) -> StatsDoc:
    """Lifetime figures per person (most games won first), head-to-head for every pair that met
    and the records (everybody's, or one person's own with `player`)."""
    people = sorted(fold.figures.values(), key=lambda f: (-f.games_won, f.player.casefold()))
    rows: list[PlayerStatsDoc] = [
        {
            "player": f.player,
            "matches": f.matches,
            "hands": f.hands,
            "hands_won": f.hands_won,
            "games_won": f.games_won,
            "sets_won": f.sets_won,
            "series_won": f.series_won,
            "gins": f.gins,
            "undercuts": f.undercuts,
            "biggest_hand": f.biggest_hand,
            "points": f.points,
        }
        for f in people
        if player is None or f.player == player
    ]
    pairs: list[HeadToHeadDoc] = []
    for pair in sorted(fold.pairs.values(), key=lambda p: tuple(n.casefold() for n in p.players)):
        if player is not None and player not in pair.players:
            continue
        names = list(pair.players)
        if player is not None and names[1] == player:  # the person asked about comes first
            names.reverse()
        order = [pair.players.index(n) for n in names]
        pairs.append(
            {
                "players": names,
                "matches": pair.matches,
                "games_won": {names[i]: pair.games[order[i]] for i in (0, 1)},
                "hands_won": {names[i]: pair.hands[order[i]] for i in (0, 1)},
                "net": {names[i]: pair.net[order[i]] for i in (0, 1)},
            }
        )
    records = {k: _record_doc(k, r) for k, r in fold.records(player).items()}
    return {"player": player, "players": rows, "head_to_head": pairs, "records": records}


def race_doc(
    match: Match,
    season: Season,
    points: list[RacePoint],
    hands: list[HandRecord],
    running: Sequence[RunningPoint] = (),
) -> RaceDoc:
    """A season's race, cumulative, one point per game closed (`engine.race.race`),
    from the day of the season's first hand (`hands`), the games won by the end of each
    month, and each player's hand points after each scoring hand (`running`, the race drawn
    before any game has finished)."""
    first = hands[0].date if hands else season.start
    return _race(match, season.label, season.start, season.end, first, points, running)


def race_start(match: Match, today: date) -> RaceDoc:
    """The race of a match with no hand yet: its season holding `today`, with nothing in it
    (``chart --json`` prints it: a document, empty)."""
    from gintally.engine.seasons import season_end, season_of

    label, start = season_of(today, match.format.season_start)
    return _race(match, label, start, season_end(start), start, [], [])


def _race(
    match: Match,
    label: str,
    start: date,
    end: date,
    first: date,
    points: list[RacePoint],
    running: Sequence[RunningPoint],
) -> RaceDoc:
    names = match.sides  # a team match's race is between its teams, as its standings are
    from gintally.engine.race import monthly

    months = monthly(points)
    return {
        "match": match.name,
        "format": match.format.name,
        "players": names,
        "season": label,
        "start": start.isoformat(),
        "end": end.isoformat(),
        "first_hand": first.isoformat(),
        "dates": [p.date.isoformat() for p in points],
        "games_won": {names[i]: [p.games[i] for p in points] for i in (0, 1)},
        "net": {names[i]: [p.net[i] for p in points] for i in (0, 1)},
        "months": [m for m, _ in months],
        "monthly_games": {names[i]: [g[i] for _, g in months] for i in (0, 1)},
        "running_dates": [p.date.isoformat() for p in running],
        "running_points": {names[i]: [p.points[i] for p in running] for i in (0, 1)},
    }
