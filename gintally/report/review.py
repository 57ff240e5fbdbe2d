"""The year in review (`gintally report --html`): a season's race, standings, sets, series,
records and hands, as one document for the page.

Terminology:
- *season's records*: biggest hand, longest run of hands won, biggest game won by net,
  shutouts; the phantom of a solitaire sets none.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from gintally.engine.seasons import season_of
from gintally.game.variants import variant_of
from gintally.report.hand import hands_doc
from gintally.report.standings import season_doc
from gintally.report.stats import race_doc

if TYPE_CHECKING:
    from gintally.model import HandRecord, Match
    from gintally.report.shapes import ReviewDoc, SetRow
    from gintally.service.insights import SeasonStory


def _span(first: date, last: date) -> str:
    return f"on {first.isoformat()}" if first == last else f"{first.isoformat()} to {last}"


def _season_records(story: SeasonStory) -> list[tuple[str, str]]:
    """The season's records, as (what, who and where) lines: biggest hand, longest run of
    hands won (a hand nobody won does not break it), biggest game won by net. The phantom of a
    solitaire sets none (it is not a person); a hand it wins ends the player's run."""
    match, out = story.match, []
    # The phantom of a solitaire is not a person: it sets no record (its wins still end runs).
    phantom = match.players[1].id if variant_of(match.rules).players == 1 else None
    won = [h for h in story.hands if h.winner is not None]
    theirs = [h for h in won if h.winner != phantom]
    if theirs:
        big = min(theirs, key=lambda h: (-h.points, h.date, h.number))
        points = f"{big.points} point{'' if big.points == 1 else 's'}"
        out.append(
            (
                "Biggest hand",
                f"{match.name_of(big.winner)}, {points} ({big.kind}), "
                f"hand {big.number} on {big.date.isoformat()}",
            )
        )
        best: tuple[int, HandRecord, HandRecord] | None = None
        run: tuple[int, HandRecord, HandRecord] | None = None
        for h in won:
            run = (run[0] + 1, run[1], h) if run and run[1].winner == h.winner else (1, h, h)
            if h.winner != phantom and (best is None or run[0] > best[0]):
                best = run
        assert best is not None
        n, first, last = best
        which = f"hand {first.number}" if n == 1 else f"hands {first.number} to {last.number}"
        out.append(
            (
                "Longest run",
                f"{match.name_of(first.winner)}, {n} hand{'s' if n > 1 else ''} won "
                f"in a row, {which} ({_span(first.date, last.date)})",
            )
        )
    games = [
        g
        for g in story.window.replay.games
        if g.status == "won"
        and g.closed is not None
        and season_of(g.closed, match.format.season_start)[0] == story.season.label
    ]
    theirs_won = [g for g in games if phantom is None or g.winner != 1]
    if theirs_won:
        top = max(theirs_won, key=lambda g: (g.net or 0, -(g.closed or date.max).toordinal()))
        assert top.closed is not None
        out.append(
            (
                "Biggest game",
                f"{match.name_at(top.winner)} won game {top.number} by "
                f"{top.net} on {top.closed.isoformat()}",
            )
        )
    if games:
        shutouts = sum(g.shutout for g in games)
        if shutouts:
            games_text = "1 game" if shutouts == 1 else f"{shutouts} games"
            out.append(("Shutouts", f"{games_text} won with the loser on no hand"))
    return out


def review_doc(match: Match, story: SeasonStory) -> ReviewDoc:
    """What the year-in-review page shows (`gintally report --html`)."""
    label = story.season.label
    start = match.format.season_start
    closed_in = {
        id(g)
        for g in story.window.replay.games
        if g.closed is not None and season_of(g.closed, start)[0] == label
    }
    sets: list[SetRow] = [
        {
            "number": s.number,
            "games": [g.number for g in s.games],
            "winner": match.name_at(s.winner),
            "margin": s.margin or 0,
        }
        for s in story.window.replay.sets()
        if s.over and all(id(g) in closed_in for g in s.games)
    ]
    return {
        "race": race_doc(match, story.season, story.race, story.hands, story.running),
        "season": season_doc(match, story.season, story.hands),
        "sets": sets,
        "series": [
            {"number": s.number, "winner": match.name_at(s.winner), "date": s.closed.isoformat()}
            for s in story.window.replay.series
            if s.closed is not None and season_of(s.closed, start)[0] == label
        ],
        "records": _season_records(story),
        "hands": hands_doc(match, story.hands, story.dealers, story.window.rounds)["hands"],
    }
