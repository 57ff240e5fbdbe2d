"""A match as a document (`match new`, `match show`, `match list`, the head of an export), and
the teams of a team match, which every document about such a match carries.

Terminology:
- *teams part*: ``{"teams": [...]}`` for a team match (each team's name and players), else
  nothing; documents spread it into themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gintally.engine.formats import Format
    from gintally.model import Match
    from gintally.report.shapes import MatchDoc, Teams


def set_games(fmt: Format) -> int | None:
    """How many games a set of format `fmt` holds (a document's ``format_games``): None for a
    format played without sets (single, ad-infinitum), whose count plays no part."""
    return fmt.games if fmt.in_sets else None


def match_doc(match: Match) -> MatchDoc:
    return {
        "match": match.name,
        "players": [p.name for p in match.players],
        "format": match.format.name,
        "format_games": set_games(match.format),
        "rolling": match.format.rolling,
        "season_start": match.format.season_start_text,
        "rules": {"preset": match.rules.preset, **match.rules.values()},
        "first_dealer": match.name_of(match.first_dealer),
        "created": match.created_at,
        **teams_part(match),
    }


def teams_part(match: Match) -> Teams:
    """``{"teams": [...]}`` for a team match, else nothing."""
    if match.teams is None:
        return {}
    return {
        "teams": [{"name": t.name, "players": [p.name for p in t.members]} for t in match.teams]
    }
