"""Standings as documents: a season (`SeasonDoc`), the standings of a match (`standings`), and
a team match's members.

Terminology:
- *row*: one side's figures in a season (games, sets and series won, hands won, points, gins,
  big gins, undercuts, biggest hand, net); in a team match the side is a team.
- *members*: each player of a team match with their own hands in a season.
- *years won*: how many seasons each side has won.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from gintally.engine.figures import HandFigures, count_hand
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


def season_doc(
    match: Match,
    season: Season,
    hands: Sequence[HandRecord] | None = None,
    members: list[MemberDoc] | None = None,
) -> SeasonDoc:
    """One season's figures. In a team match the rows count rounds, which are no kind of
    hand: a team's gins, big gins and undercuts are its members' (`members`, the season's
    `members_doc`, else counted from `hands`, the live hands)."""
    doc: SeasonDoc = {
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
    if match.teams is not None:
        if members is None:
            members = members_doc(match, hands or [], season.label)
        _members_kinds(doc, members)
    return doc


def _members_kinds(season: SeasonDoc, members: list[MemberDoc]) -> None:
    """A team's gins, big gins and undercuts in a season: its members' sums."""
    for row in season["rows"]:
        mine = [m for m in members if m["team"] == row["player"]]
        row["gins"] = sum(m["gins"] for m in mine)
        row["big_gins"] = sum(m["big_gins"] for m in mine)
        row["undercuts"] = sum(m["undercuts"] for m in mine)


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
    by_season: dict[str, list[MemberDoc]] = {}  # a team match's members, every season's at once
    none: list[MemberDoc] = []
    if match.teams is not None:
        by_season, none = members_by_season(match, hands or []), members_doc(match, [], None)
    if chosen is None:
        label = str(year) if year is not None else None
        season: SeasonDoc = {
            "season": label,
            "rows": [_row_doc(match, Row(player=seat)) for seat in (0, 1)],
            "unfinished": 0,
        }
    else:
        season = season_doc(match, chosen, members=by_season.get(chosen.label, none))
    members = by_season.get(season["season"] or "", none)
    doc: StandingsDoc = {
        **season,
        "match": match.name,
        "format": match.format.name,
        "players": match.sides,
        "seasons": [season_doc(match, s, members=by_season.get(s.label, none)) for s in seasons],
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


def members_doc(match: Match, hands: Sequence[HandRecord], season: str | None) -> list[MemberDoc]:
    """Each player of a team match and their own hands in a season (every season for None),
    counted at their table by `figures.count_hand`: hands played, won, points, gins (big gins
    included), big gins, undercuts, biggest hand."""
    figures = _no_figures(match)
    start = match.format.season_start
    for h in hands:
        if season is None or season_of(h.date, start)[0] == season:
            _count(match, figures, h)
    return _member_docs(match, figures)


def members_by_season(match: Match, hands: Sequence[HandRecord]) -> dict[str, list[MemberDoc]]:
    """`members_doc` of every season the hands fall in, by season label, in one pass."""
    by: dict[str, dict[int, HandFigures]] = {}
    labels: dict[date, str] = {}  # a day's season, looked up once
    start = match.format.season_start
    for h in hands:
        label = labels.get(h.date)
        if label is None:
            label = labels[h.date] = season_of(h.date, start)[0]
        figures = by.get(label)
        if figures is None:
            figures = by[label] = _no_figures(match)
        _count(match, figures, h)
    return {label: _member_docs(match, figures) for label, figures in by.items()}


def _no_figures(match: Match) -> dict[int, HandFigures]:
    assert match.teams is not None
    return {p.id: HandFigures() for team in match.teams for p in team.members}


def _count(match: Match, figures: dict[int, HandFigures], h: HandRecord) -> None:
    """One hand, for the two players at its table."""
    a, b = match.tables[hand_table(match, h)]
    seat = {a.id: 0, b.id: 1}.get(h.winner) if h.winner is not None else None
    count_hand(figures[a.id], figures[b.id], h.kind, seat, h.points, h.other_points or 0)


def _member_docs(match: Match, figures: dict[int, HandFigures]) -> list[MemberDoc]:
    assert match.teams is not None
    out: list[MemberDoc] = []
    for team in match.teams:
        for p in team.members:
            f = figures[p.id]
            member: MemberDoc = {
                "player": p.name,
                "team": team.name,
                "hands": f.hands,
                "hands_won": f.hands_won,
                "points": f.points,
                "gins": f.gins,
                "big_gins": f.big_gins,
                "undercuts": f.undercuts,
                "biggest_hand": f.biggest_hand,
            }
            out.append(member)
    return out
