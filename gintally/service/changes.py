"""What a correction changed in a match's finished games and sets: the window `show` replays around
the corrected hand, before and after, and the finished games compared (the engine is pure:
two replays, no state; the one after is the one the correction's confirmation replays).

Terminology
- outcome (`Outcome`): a finished game's winner, totals, net and shutout, or a finished
  set's winner and margin (``net``; no totals): what a player reads of it once it is over.
- changed (`Changed`): a game or set finished before or after the correction whose outcome
  is not the same (``was``/``now``; None: not finished then).
- windows before (`Before`): the finished games of each window a correction may change, by
  season: two when it moves a hand's date from one ad-infinitum season to another (its games
  are numbered per season, so each season is compared with itself).

- apart (`apart`): a correction of a hand older than the window of a match without seasons
  (a hand played before the quiet point `show` replays from) changes games finished before
  it: the rows of the days it changes are kept before it, and after it the match is replayed
  twice in one stream from its first hand, those days as they were and as they are, up to
  the first quiet point where both stand alike.

Only corrections ask (`window_before`, `changed`): recording a hand replays no more than it
did (a hand placed by its date before the game in progress, `back_date`, asks as a
correction does).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from itertools import groupby
from operator import itemgetter
from typing import NamedTuple

from gintally.engine.games import Game
from gintally.engine.replay import Replay, Replayer
from gintally.engine.seasons import season_of
from gintally.engine.sets import GameSet, sets_of
from gintally.ledger import Ledger
from gintally.model import Match
from gintally.service.replaying import PlayRow, stream_entries_from_plays
from gintally.service.windows import replay_match


class Outcome(NamedTuple):
    """A finished game's result (`totals`: each side's, bonuses included)."""

    winner: int | None
    totals: tuple[int, int] | None
    net: int | None
    shutout: bool


class Changed(NamedTuple):
    """A finished game or set whose outcome a correction changed."""

    what: str  # "game" or "set"
    number: int
    was: Outcome | None
    now: Outcome | None
    season: str | None = None  # named when a correction changed two seasons' games


class Finished(NamedTuple):
    """The finished games and sets of a replayed window (`windows.replay_match`): the number
    of the first game it replayed (a window from a quiet point starts after the games before
    it), each finished game's and set's outcome, by ("game", number) or ("set", number) (a
    set's: its winner and margin, no totals), and the number of each one's first game. A
    window from a mark inside an ad-infinitum season holds the games numbered after it
    (`first` is the first of them) and those open at it (`carried`)."""

    first: int
    games: dict[tuple[str, int], Outcome]
    starts: dict[tuple[str, int], int]
    carried: frozenset[int] = frozenset()
    # before a correction of a hand older than the window (a match without seasons): the
    # live rows of the days it may change, compared after it by `apart`, not these games
    days: DayRows | None = None

    def holds(self, number: int) -> bool:
        """Whether the window replayed the game numbered `number` (or one started there)."""
        return number >= self.first or number in self.carried


def finished(rep: Replay) -> Finished:
    """The outcome of each finished game and set a replay holds."""
    games = {("game", g.number): _outcome(g) for g in rep.games if g.status == "won"}
    starts = {k: k[1] for k in games}
    _sets_over(rep.sets(), games, starts)
    before = rep.numbered_before
    if before:  # from a mark inside the season
        carried = frozenset(g.number for g in rep.games if g.number <= before)
        return Finished(before + 1, games, starts, carried)
    return Finished(min((g.number for g in rep.games), default=0), games, starts)


def _sets_over(
    sets: Iterable[GameSet],
    games: dict[tuple[str, int], Outcome],
    starts: dict[tuple[str, int], int],
) -> None:
    """Each set of `sets` that is over, its outcome into `games` and its first game into
    `starts`."""
    for s in sets:
        if s.over:
            games["set", s.number] = Outcome(s.winner, None, s.margin, False)
            starts["set", s.number] = min(g.number for g in s.games)


# Where a hand plays in its match: its date and number (a hand to come: the number after
# every hand's).
Place = tuple[date, int]
# The live rows of the days a correction may change, by ISO date, as they were before it.
DayRows = dict[str, list[PlayRow]]


def apart(ledger: Ledger, match: Match, days: DayRows) -> tuple[Finished, Finished]:
    """The finished games and sets of a match without seasons before a correction and after
    it: its hands streamed from the file once, into two replays that keep only the games
    since their latest quiet point, one playing the `days` as they were before (their rows
    as read then) and the other as they are. A game finished, it leaves its outcome. They
    stop at the first quiet point after the last of those days where both stand alike (the
    same games and series numbered, the same dealer): every game after it is the same in
    both. An edit of a hand of decades ago replays from the first hand to there."""
    fmt = match.format
    runs = [Replayer(match.rules, fmt, match.first_seat, keep=False) for _ in range(2)]
    games: list[dict[tuple[str, int], Outcome]] = [{}, {}]
    starts: list[dict[tuple[str, int], int]] = [{}, {}]

    def sets_over(side: int) -> None:
        _sets_over(sets_of(fmt, runs[side].games), games[side], starts[side])

    def feed(side: int, rows: list[PlayRow]) -> None:
        run = runs[side]
        for e in stream_entries_from_plays(match, rows):
            run.feed(e)
            for g in run.closed_now:
                games[side]["game", g.number] = _outcome(g)
                starts[side]["game", g.number] = g.number
            run.marks.clear()
            if run.quiet():  # every set so far is over: their games are done with
                sets_over(side)
                run.games.clear()

    def alike() -> bool:
        a, b = runs
        return (
            a.quiet()
            and b.quiet()
            and (a.numbered, a.tally.numbered, a.dealer) == (b.numbered, b.tally.numbered, b.dealer)
        )

    pending = sorted(days)
    with ledger.snapshot():
        for day, group in groupby(ledger.stream_plays(match), key=itemgetter(1)):
            rows = list(group)
            while pending and pending[0] < day:  # a day that holds no live hand now
                feed(0, days[pending.pop(0)])
            feed(0, days[pending.pop(0)] if pending and pending[0] == day else rows)
            feed(1, rows)
            if not pending and alike():
                break
        for left in pending:
            feed(0, days[left])
    for side in (0, 1):
        sets_over(side)
    was, now = (Finished(0, games[side], starts[side]) for side in (0, 1))
    return was, now


def rows_of(ledger: Ledger, match: Match, places: list[Place]) -> DayRows:
    """The live rows of the days of `places`, as they are now (`apart` plays them so)."""
    return {
        day.isoformat(): ledger.plays(match, since=day, until=day + timedelta(days=1))
        for day in sorted({day for day, _ in places})
    }


def window_before(
    ledger: Ledger,
    match: Match,
    around: date,
    today: date | None,
    places: list[Place] | None = None,
) -> Finished:
    """The finished games of the window around the day `around` (what `show` replays: a
    season, or the games since the match's quiet point), before a correction: what it is
    compared with after (`changed`). An ad-infinitum season is replayed whole: a correction
    of a hand before its mark replays the season whole after it, and every game it changed
    is compared. In a match without seasons, when the first of the `places` the correction
    changes (a hand's date and number) comes before the window's first hand, the games it
    changes were finished before the games `show` replays: the rows of those places' days
    are kept instead, and `apart` compares the two sides after it."""
    rep = replay_match(ledger, match, around=around, today=today, recent=False).replay
    if places and not match.format.seasonal and rep.played:
        first = rep.played[0].entry
        if min(places) < (first[1], first[0]):
            return Finished(0, {}, {}, days=rows_of(ledger, match, places))
    return finished(rep)


# The finished games before a correction of each window it may change, by season label (None:
# a format without seasons, one window), with a day of that window.
Before = dict[str | None, tuple[date, Finished]]


def windows_before(ledger: Ledger, match: Match, places: list[Place], today: date | None) -> Before:
    """`window_before` of each window holding one of `places` (a hand's, and the one a
    correction moves it to or from): one per season."""
    out: Before = {}
    for day, _ in places:
        label = _season(match, day)
        if label not in out:
            out[label] = (day, window_before(ledger, match, day, today, places))
    return out


def changed_by(
    ledger: Ledger, match: Match, was: Before, now: Replay, today: date | None
) -> list[Changed]:
    """The finished games and sets a correction changed: of the one window before it, as
    `now` (the window replayed after it) holds them; of two seasons (a hand moved from one
    to the other), each season replayed whole again and compared with itself, its changes
    named by season."""
    if len(was) == 1:
        ((_, before),) = was.values()
        if before.days is not None:
            return changed(*apart(ledger, match, before.days))
        return changed(before, finished(now))
    found: list[Changed] = []
    for label, (day, before) in was.items():
        after = replay_match(ledger, match, around=day, today=today, recent=False).replay
        found += [c._replace(season=label) for c in changed(before, finished(after))]
    return found


def _season(match: Match, day: date) -> str | None:
    """The label of the season holding `day` in a seasonal format (None: no seasons)."""
    if not match.format.seasonal:
        return None
    return season_of(day, match.format.season_start)[0]


def _outcome(g: Game) -> Outcome:
    t = g.total
    return Outcome(g.winner, (t[0], t[1]), g.net, g.shutout)


def changed(was: Finished, now: Finished) -> list[Changed]:
    """The games finished before or after whose outcome differs, in order (of the games both
    windows replayed)."""
    starts = {**was.starts, **now.starts}
    keys = sorted(
        k
        for k in set(was.games) | set(now.games)
        if was.holds(starts.get(k, k[1])) and now.holds(starts.get(k, k[1]))
    )
    return [
        Changed(k[0], k[1], was.games.get(k), now.games.get(k))
        for k in keys
        if was.games.get(k) != now.games.get(k)
    ]
