"""Insights over a whole ledger: what `stats`, `chart` and `report --html` ask of gintally,
composed from the ledger and the engine (`engine.lifetime`, `engine.race`). Nothing here prints.

Terminology
- lifetime: every match of the ledger folded (`lifetime`), one match after another, in one read
  snapshot: a match of two players season by season (`folding.fold_match`: its finished
  seasons from the cache, the others replayed as the hands stream from the file, added by
  `engine.lifetime.Lifetime.seasons`), a team match hand by hand (`Lifetime.match`).
- sides: who sits in each seat of a match, for the fold (`sides`): a player is a person; the
  seat of a phantom (a solitaire match's opponent) counts for nobody.
- season story: one season of one match (`season_story`): its standings, its race by date,
  its hands, for the chart and the page; folded as the hands stream, so a season of a match
  of decades is read without holding the decades.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date

from gintally.engine.lifetime import Lifetime, Side
from gintally.engine.race import RacePoint, RunningPoint, race, running
from gintally.engine.replay import Entry
from gintally.engine.seasons import season_of
from gintally.engine.standings import Season, standings
from gintally.errors import GintallyError, NotFoundError
from gintally.game.variants import variant_of
from gintally.ledger import Ledger
from gintally.model import HandRecord, Match
from gintally.service.folding import fold_match
from gintally.service.replaying import entries, live_hands, stream_entries_from_plays
from gintally.service.seating import seating_of
from gintally.service.teams import hand_table
from gintally.service.windows import Window, dealer_before, hand_log, match_standings, replay_all


def sides(match: Match) -> list[Side]:
    """The two seats of a match as the fold counts them: each player is a person; the phantom
    of a solitaire (Gimlet Rummy's second seat) is nobody: it gets no figures, no head-to-head
    pair and no record, while the player's hands and games against it count as played."""
    people = variant_of(match.rules).players
    return [
        Side(p.name, (p.name,) if seat < people else ()) for seat, p in enumerate(match.players)
    ]


def phantom_of(match: Match) -> int | None:
    """The player id standing for the phantom in a solitaire match (None: no phantom)."""
    return match.players[1].id if variant_of(match.rules).players == 1 else None


def _stream(book: Ledger, match: Match) -> Iterator[Entry]:
    """A match's live hands as the engine reads them, one at a time; a damaged row is refused
    as everywhere else (`replaying.entries_from_plays`: one line pointing to ``gintally check``)."""
    # one stream: its seats and parsed dates are kept from row to row
    yield from stream_entries_from_plays(match, book.stream_plays(match))


def lifetime(book: Ledger, cached: bool = True) -> Lifetime:
    """Every match of the ledger folded into lifetime figures, head-to-head and records
    (`cached=False`: every two-player match replayed hand by hand, as `Lifetime.match` folds
    it: what the folds are tested against)."""
    fold = Lifetime()
    with book.snapshot():
        for m in book.matches():
            if seating_of(m).whole:
                _team_match(fold, book, m)
            elif cached:
                seasons, _ = fold_match(book, m, dealer_before)
                fold.seasons(m.name, sides(m), seasons)
            else:
                fold.match(m.name, sides(m), m.rules, m.format, _stream(book, m), m.first_seat)
    return fold


def _team_match(fold: Lifetime, book: Ledger, m: Match) -> None:
    """A team match, folded twice (`Lifetime.match`): each table's hands as the head-to-head
    hands of its two players (no games), then the complete rounds as the teams' games, counted
    for every member (no hands). Team matches replay whole everywhere (an evening's rounds)."""
    assert m.teams is not None
    live = live_hands(book, m)
    for t, (a, b) in enumerate(m.tables):
        seat = {a.id: 0, b.id: 1}
        at = [
            Entry(
                h.number,
                h.date,
                None if h.winner is None else seat[h.winner],
                h.points,
                h.kind,
                other=h.other_points or 0,
            )
            for h in live
            if hand_table(m, h) == t
        ]
        pair = [Side(a.name, (a.name,)), Side(b.name, (b.name,))]
        fold.match(m.name, pair, m.rules, m.format, at, None, games=False)
    teams = [Side(team.name, tuple(p.name for p in team.members)) for team in m.teams]
    met = [(a.name, b.name) for a, b in m.tables]  # the head-to-heads: across each table
    fold.match(m.name, teams, m.rules, m.format, entries(m, live), None, hands=False, met=met)


def person(book: Ledger, name: str | None) -> str | None:
    """A player's name as the ledger spells it (None stays None); an unknown name is refused,
    and so is the phantom of Gimlet solitaire, which is not a person."""
    if name is None:
        return None
    found = book.player(name)
    for m in book.matches():
        if phantom_of(m) == found.id:
            raise GintallyError(
                f"{found.name} is {variant_of(m.rules).opponent_is}, not a person: stats "
                f"count people only (gintally standings --match NAME shows a solitaire)"
            )
    return found.name


@dataclass
class SeasonStory:
    """One season of one match, everything the chart and the page draw: the season's standings
    and every season's (`seasons`), its race, its live hands (only the first with
    ``hands=False``: the chart reads its day) and who dealt each (`dealers`, by number), and
    `window`, whose replay holds the games won and the series won in the season (a team
    match's: every game, every series and its rounds)."""

    match: Match
    season: Season
    seasons: list[Season]
    race: list[RacePoint]
    hands: list[HandRecord]
    window: Window
    running: list[RunningPoint]  # each player's hand points after each scoring hand
    dealers: dict[int, int | None] = field(default_factory=dict)


def season_story(
    book: Ledger, match: Match, year: int | None, today: date, hands: bool = True
) -> SeasonStory:
    """The season of `match` starting in `year` (default: the latest). A two-player match is
    folded as its hands stream (`match_standings`: no hand and no finished game of another
    season is kept), then the season's hands are read with their dealers (`hand_log`) and
    each player's points so far; with ``hands=False`` only the first hand is kept. Memory holds
    the season shown, not the match. A team match is replayed whole."""
    if seating_of(match).whole:
        return replayed_story(book, match, year, today)
    with book.snapshot():
        seasons, window = match_standings(book, match, today, year)
        chosen = _chosen(match, seasons, year)
        dealers: dict[int, int | None] = {}
        kept: list[HandRecord] = []
        so_far: list[RunningPoint] = []
        points = [0, 0]  # each player's hand points so far (`engine.race.running`)
        for x in hand_log(book, match, chosen.start.year).rows:
            h = x.hand
            if hands or not kept:
                kept.append(h)
                dealers[h.number] = x.dealer
            seat = match.seat(h.winner)
            if seat is not None:
                points[seat] += h.points
                points[1 - seat] += h.other_points or 0
                so_far.append(RunningPoint(h.date, (points[0], points[1])))
    race_points = race(window.replay, match.format, chosen.label)
    return SeasonStory(match, chosen, seasons, race_points, kept, window, so_far, dealers)


def _chosen(match: Match, seasons: list[Season], year: int | None) -> Season:
    """The season starting in `year`, or the latest; refused when there is none."""
    if not seasons:  # a team match's seasons count complete rounds
        what = "hands" if match.teams is None else "complete round"
        raise NotFoundError(f"match {match.name!r} has no {what} yet")
    if year is None:
        return seasons[-1]
    found = [s for s in seasons if s.start.year == year]
    if not found:
        years = ", ".join(str(s.start.year) for s in seasons)
        raise NotFoundError(
            f"match {match.name!r} has no season starting in {year} (it has {years})"
        )
    return found[0]


def replayed_story(book: Ledger, match: Match, year: int | None, today: date) -> SeasonStory:
    """`season_story` of a match replayed whole: a team match (an evening's rounds), and what
    the streamed story of a two-player match is tested against."""
    window = replay_all(book, match, today)
    seasons = standings(window.replay, match.format, today)
    chosen = _chosen(match, seasons, year)
    start = match.format.season_start
    hands = [h for h in window.hands if season_of(h.date, start)[0] == chosen.label]
    points = race(window.replay, match.format, chosen.label)
    dealers = {p.entry.id: p.dealer for p in window.replay.played}
    so_far = running(window.replay, chosen.label)
    return SeasonStory(match, chosen, seasons, points, hands, window, so_far, dealers)
