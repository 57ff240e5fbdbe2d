"""Standings as documents: a season (`SeasonDoc`), the standings of a match (`standings`), and
a team match's members.

Terminology:
- *row*: one side's figures in a season (games, sets and series won, hands won, points, gins,
  big gins, undercuts, biggest hand, net); in a team match the side is a team.
- *members*: each player of a team match with their own hands in a season.
- *years won*: how many seasons each side has won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.engine.seasons import season_of
from gintally.engine.standings import Row, years_won
from gintally.report.match import teams_part
from gintally.report.rules import series_rule_text
from gintally.service import hand_table

if TYPE_CHECKING:
    from gintally.engine.replay import Replay
    from gintally.engine.standings import Season
    from gintally.model import HandRecord, Match
    from gintally.report.shapes import MemberDoc, RowDoc, SeasonDoc, StandingsDoc


def _row_doc(match: Match, row: Row) -> RowDoc:
    return {
        "player": match.sides[row.player],
        "games_won": row.games_won,
        "sets_won": row.sets_won,
        "hands_won": row.hands_won,
        "points": row.points,
        "gins": row.gins,
        "big_gins": row.big_gins,
        "undercuts": row.undercuts,
        "biggest_hand": row.biggest_hand,
        "net": row.net,
        "series_won": row.series_won,
    }


def season_doc(match: Match, season: Season) -> SeasonDoc:
    return {
        "season": season.label,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "over": season.over,
        "winner": match.name_at(season.winner),
        "hands": season.hands,
        "draws": season.draws,
        "ties": season.ties,
        "misdeals": season.misdeals,
        "unfinished": season.unfinished,
        "open": season.open,
        "rows": [_row_doc(match, r) for r in season.rows],
    }


def standings_doc(
    match: Match,
    seasons: list[Season],
    year: int | None,
    rep: Replay | None = None,
    hands: list[HandRecord] | None = None,
) -> StandingsDoc:
    """One season's standings (the latest, or the one starting in `year`), every season's
    summary, and the years-won tally; with the replay `rep`, the season's games won by the end
    of each month (`months`, `monthly_games`). In a team match the rows are the teams' (rounds
    won as hands won, round points as points; gins and undercuts their members' sums) and
    `members` adds each player's own hands in the season (from `hands`, the live hands)."""
    chosen = seasons[-1] if seasons else None
    if year is not None:
        chosen = next((s for s in seasons if s.start.year == year), None)
    if chosen is None:
        label = str(year) if year is not None else None
        season: SeasonDoc = {
            "season": label,
            "rows": [_row_doc(match, Row(player=seat)) for seat in (0, 1)],
            "unfinished": 0,
        }
    else:
        season = season_doc(match, chosen)
    if match.teams is not None:
        label = season["season"]
        members = members_doc(match, hands or [], label)
        for row in season["rows"]:
            mine = [m for m in members if m["team"] == row["player"]]
            row["gins"] = sum(m["gins"] for m in mine)
            row["big_gins"] = sum(m["big_gins"] for m in mine)
            row["undercuts"] = sum(m["undercuts"] for m in mine)
    doc: StandingsDoc = {
        **season,
        "match": match.name,
        "format": match.format.name,
        "players": match.sides,
        "seasons": [season_doc(match, s) for s in seasons],
        "years_won": match.pair(years_won(seasons)),
        "series": series_rule_text(match.rules),
    }
    if rep is not None and chosen is not None:
        from gintally.engine.race import monthly, race

        months = monthly(race(rep, match.format, chosen.label))
        names = [p.name for p in match.players]
        doc["months"] = [m for m, _ in months]
        doc["monthly_games"] = {names[i]: [g[i] for _, g in months] for i in (0, 1)}
    if match.teams is not None:
        doc["teams"] = teams_part(match)["teams"]
        doc["members"] = members
    return doc


def members_doc(match: Match, hands: list[HandRecord], season: str | None) -> list[MemberDoc]:
    """Each player of a team match and their own hands in a season (every season for None):
    hands played, won, points, gins (big gins included), big gins, undercuts, biggest hand."""
    assert match.teams is not None
    rows: dict[int, MemberDoc] = {}
    for team in match.teams:
        for p in team.members:
            rows[p.id] = {
                "player": p.name, "team": team.name, "hands": 0, "hands_won": 0, "points": 0,
                "gins": 0, "big_gins": 0, "undercuts": 0, "biggest_hand": 0,
            }  # fmt: skip
    for h in hands:
        if season is not None and season_of(h.date, match.format.season_start)[0] != season:
            continue
        a, b = match.tables[hand_table(match, h)]
        for p in (a, b):
            rows[p.id]["hands"] += 1
        if h.winner is None or h.winner not in rows:
            continue
        row = rows[h.winner]
        row["hands_won"] += 1
        row["points"] += h.points
        row["biggest_hand"] = max(row["biggest_hand"], h.points)
        row["gins"] += h.kind in ("gin", "big-gin")
        row["big_gins"] += h.kind == "big-gin"
        row["undercuts"] += h.kind == "undercut"
    return list(rows.values())
