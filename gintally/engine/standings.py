"""Standings: seasons and what each player did in them.

Terminology
- season: the yearly window of a match (`seasons.season_of`); a hand counts in the season of its
  date, a game in the season it closed in (for ad-infinitum that is also the season it opened).
- row: one player's season: the figures of their hands (`figures.HandFigures`: hands won,
  points, gins, big gins, undercuts, biggest hand, counted by `figures.count_hand`), games won,
  sets won (hollywood, honeymoon: a set counts in the season its last game closed in), net (the
  player's totals minus the opponent's, over the games that closed in the season: the result of
  a Hollywood evening), and series won (a series counts in the season of the game that won it).
- misdeal: a hand with no score; it is in the log, but it is neither a hand played nor a draw.
- unfinished: ad-infinitum games still open when their season ended.
- draws, ties: hands of the season nobody won: drawn hands, and knocks tied under
  ``tie=no-score``. Neither counts for either player.
- year won: a season that is over, won by the player with more games won (none on a tie).
  A season is over once `today` is past its last day or a later season has been played.
- records: what the lifetime records need of a season (`records.SeasonRecords`: its biggest
  hands, its runs of hands won, the hand of each side's last game won), kept beside its figures.
- cached season: a finished season whose figures come from the cache (`ledger.folds`), not from
  this fold: the fold counts nothing more in it (but its games still open at the end), while
  the replay goes through it to the seasons after it.
- season values (`season_values`, `season_of_values`): a finished season as plain values (its
  figures and records, without the games still open, which are counted afresh by every fold).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from gintally.engine.figures import HandFigures, count_hand
from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.records import SeasonRecords
from gintally.engine.replay import Entry, Mark, Replay, Replayer
from gintally.engine.seasons import season_end, season_of
from gintally.engine.series import Series
from gintally.engine.sets import GameSet
from gintally.game.rules import RuleSet


@dataclass(slots=True)
class Row(HandFigures):
    """One player's season: their hands' figures, and the games, sets and series they won."""

    player: int = field(kw_only=True)
    games_won: int = 0
    sets_won: int = 0
    net: int = 0
    series_won: int = 0


@dataclass
class Season:
    label: str
    start: date
    rows: list[Row] = field(default_factory=lambda: [Row(player=0), Row(player=1)])
    hands: int = 0
    draws: int = 0  # hands nobody won: drawn hands
    ties: int = 0  # knocks tied under tie=no-score (nobody won them either)
    misdeals: int = 0  # misdeals: no score, not a hand played
    unfinished: int = 0
    open: int = 0
    over: bool = False
    records: SeasonRecords = field(default_factory=SeasonRecords, compare=False, repr=False)
    cached: bool = field(default=False, compare=False, repr=False)  # figures from the cache

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
    fold = Fold(fmt)
    for played in rep.played:
        fold.hand(played.entry)
    for g in rep.games:
        fold.game(g)
    for series in rep.series:
        fold.series(series)
    for gs in rep.sets():
        fold.set(gs)
    return fold.seasons(today)


class Fold:
    """The standings folded hand by hand, game by game and series by series (`standings`,
    `fold_standings`): each hand counts once, each game once its status is final (won,
    unfinished, or as the replay left it), each series once won."""

    def __init__(self, fmt: Format) -> None:
        self.fmt = fmt
        self.by_label: dict[str, Season] = {}
        self.by_day: dict[date, Season] = {}  # the days met so far, in this match's seasons

    def season(self, day: date) -> Season:
        found = self.by_day.get(day)
        if found is None:
            if len(self.by_day) > 1000:
                self.by_day.clear()
            label, start = season_of(day, self.fmt.season_start)
            if label not in self.by_label:
                self.by_label[label] = Season(label, start)
            found = self.by_day[day] = self.by_label[label]
        return found

    def hand(self, e: Entry) -> None:
        number, day, winner, points, kind, _, other = e
        s = self.by_day.get(day) or self.season(day)
        if s.cached:
            return
        rows = s.rows
        if not count_hand(rows[0], rows[1], kind, winner, points, other):
            s.misdeals += 1
            return
        s.hands += 1
        if winner is None:
            if kind == "tie":
                s.ties += 1
            else:
                s.draws += 1
        else:
            s.records.won(winner, points, day, number)

    def game(self, g: Game, closer: Entry | None = None) -> Season:
        """Count a game by its status (`closer`: the hand that closed it, if won); the season
        it counted in."""
        closed, winner = g.closed, g.winner
        if g.status == "won" and closed is not None and winner is not None:
            s = self.by_day.get(closed) or self.season(closed)
            if s.cached:
                return s
            rows = s.rows
            rows[winner].games_won += 1
            net = g.signed_net  # the game's net, from each side
            rows[0].net += net
            rows[1].net -= net
            if closer is not None:
                s.records.last_win[winner] = (closer.date, closer.id)
        elif g.status == "unfinished":
            s = self.season(g.opened)
            if not s.cached:
                s.unfinished += 1
        else:
            s = self.season(g.opened)
            s.open += 1  # never cached: a game still open is counted by every fold
        return s

    def series(self, series: Series) -> None:
        if series.winner is not None and series.closed is not None:
            s = self.season(series.closed)
            if not s.cached:
                s.rows[series.winner].series_won += 1

    def set(self, gs: GameSet) -> None:
        """A set counts in the season its last game closed in, once over and not tied."""
        if gs.winner is not None:
            last = max(g.closed for g in gs.games if g.closed is not None)
            s = self.season(last)
            if not s.cached:
                s.rows[gs.winner].sets_won += 1

    def seasons(self, today: date | None) -> list[Season]:
        ordered = sorted(self.by_label.values(), key=lambda s: s.start)
        for i, s in enumerate(ordered):
            s.over = i < len(ordered) - 1 or (today is not None and today >= s.end)
        return ordered


def fold_standings(
    entries: Iterable[Entry],
    rules: RuleSet,
    fmt: Format,
    first_dealer: int | None = None,
    today: date | None = None,
    year: int | None = None,
    start: Mark | None = None,
    cached: Sequence[Season] = (),
    finished: list[tuple[Season, Mark | None]] | None = None,
) -> tuple[list[Season], Replay]:
    """`standings(replay(entries, rules, fmt, first_dealer, as_of=today), fmt, today)` for
    `entries` in play order (date, then number), folded as the hands are replayed: no hand is
    kept once it is counted, and no game once it is final, so memory does not grow with the
    match (`entries` may stream from the ledger). The replay returned holds only the games won
    in the season shown (the one starting in `year`, else the latest one with a game won),
    and the series won in it: what `insights.race` and the year's page read.

    From the cache: with `start` the entries are those after that quiet point and the replay
    goes on from it; `cached` are seasons folded before (`season_of_values`), counted as they
    are, into which the fold adds only the games still open at the end. With `finished`, the
    seasons this fold counted that a later season follows are appended to it (oldest first),
    each with the latest quiet point at or before its end (None for a seasonal format, whose
    seasons start afresh, or when there is none): what the cache keeps."""
    fold = StandingsFold(rules, fmt, first_dealer, today, year, start, cached, finished)
    add = fold.add
    for e in entries:
        add(e)
    return fold.result()


class StandingsFold:
    """`fold_standings` fed a hand at a time, for a caller that holds the loop (an import folds
    the seasons as its rows go by): `add` each entry in play order, then take the `result`
    once. The fold runs as a generator, so its state stays in local variables, as fast as
    the loop of `fold_standings` itself."""

    def __init__(
        self,
        rules: RuleSet,
        fmt: Format,
        first_dealer: int | None = None,
        today: date | None = None,
        year: int | None = None,
        start: Mark | None = None,
        cached: Sequence[Season] = (),
        finished: list[tuple[Season, Mark | None]] | None = None,
    ) -> None:
        self._run = _folding(rules, fmt, first_dealer, today, year, start, cached, finished)
        next(self._run)
        self.add: Callable[[Entry], None] = self._run.send

    def result(self) -> tuple[list[Season], Replay]:
        """The seasons folded (`fold_standings`); the fold takes no more entries."""
        try:
            self._run.send(None)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        raise AssertionError("the fold did not end")  # pragma: no cover


def _folding(
    rules: RuleSet,
    fmt: Format,
    first_dealer: int | None,
    today: date | None,
    year: int | None,
    start: Mark | None,
    cached: Sequence[Season],
    finished: list[tuple[Season, Mark | None]] | None,
) -> Generator[None, Entry | None, tuple[list[Season], Replay]]:
    """The fold of `fold_standings`: sent each entry, then None for the result."""
    fold = Fold(fmt)
    for c in cached:
        c.cached = True
        fold.by_label[c.label] = c
    run = Replayer(rules, fmt, first_dealer, start, keep=False)
    kept: list[Game] = []  # the games won in the season shown
    won: list[Series] = []  # and the series won in it
    kept_start: date | None = None
    last: Entry | None = None
    size = fmt.set_size  # None: no sets, or one that never ends (rolling)
    pending: dict[int, list[Game]] = {}  # the games of each set not yet over
    quiet: dict[str, Mark] = {}  # the latest quiet point of each season
    feed, count_hand, count_game = run.feed, fold.hand, fold.game
    opened, marks = run.games, run.marks  # what each hand opened and passed, emptied each time
    tally, before = run.tally, run.tally.before
    series_on = tally.rule is not None  # without a series rule none is ever numbered
    closed_now = run.closed_now  # cleared in place by each `feed`
    while (e := (yield)) is not None:
        feed(e)
        if series_on and len(tally.series) > 1:  # only the series in play is needed now
            tally.before += len(tally.series) - 1
            del tally.series[:-1]
        if opened:
            if size is not None:
                for g in opened:
                    if g.set is not None:
                        pending.setdefault(g.set, []).append(g)
            opened.clear()
        if marks:
            quiet[marks[-1].season] = marks[-1]
            marks.clear()
        count_hand(e)
        last = e
        ended = run.ended
        if not closed_now and not ended:
            continue  # no game closed or ended: nothing more to count
        for g in (*ended, *closed_now) if ended else closed_now:
            season = count_game(g, e)
            if g.status != "won" or g.closed is None:
                continue
            members = pending.get(g.set) if g.set is not None else None
            if members and len(members) == size and all(m.status == "won" for m in members):
                del pending[members[0].set or 0]
                fold.set(GameSet(g.set or 0, tuple(members), size, fmt.set_worth(members)))
            first = season.start
            if year is not None and first.year != year:
                continue
            if kept_start != first:
                kept, won, kept_start = [], [], first
            kept.append(g)
        for series in run.won_series:
            fold.series(series)
            if series.closed is not None and kept_start == fold.season(series.closed).start:
                won.append(series)
    if finished is not None:
        ordered = sorted(fold.by_label.values(), key=lambda s: s.start)
        resume = start
        for s in ordered[:-1]:
            resume = quiet.get(s.label, resume)
            if not s.cached:
                finished.append((s, None if fmt.seasonal else resume))
    left = list(run.open)
    if today is not None and fmt.seasonal and last is not None:
        begins = fmt.season_start
        if season_of(today, begins)[1] > season_of(last.date, begins)[1]:
            run.end_season()  # as `replay` does with `as_of`: its open games are unfinished
    for g in left:
        fold.game(g)
    rep = Replay(kept, [], run.dealer, run.season, [], run.finished, fmt, won, before)
    return fold.seasons(today), rep


def years_won(seasons: list[Season]) -> list[int]:
    """Seasons won by each player, over the seasons that are over."""
    won = [0, 0]
    for s in seasons:
        if s.winner is not None:
            won[s.winner] += 1
    return won


_ROW = (
    "hands",
    "hands_won",
    "points",
    "gins",
    "big_gins",
    "undercuts",
    "biggest_hand",
    "games_won",
    "sets_won",
    "net",
    "series_won",
)
_COUNTS = ("hands", "draws", "ties", "misdeals", "unfinished")


def season_values(s: Season) -> list[object]:
    """A finished season as plain values (lists, ints, text): its label, first day, counts,
    each side's row and its records; not the games still open (each fold counts those)."""
    return [
        s.label,
        s.start.isoformat(),
        [getattr(s, c) for c in _COUNTS],
        [[getattr(r, c) for c in _ROW] for r in s.rows],
        s.records.to_values(),
    ]


def season_of_values(values: object) -> Season:
    """The season `season_values` gave (cached); ValueError when the values cannot be one."""
    if not isinstance(values, list) or len(values) != 5:
        raise ValueError("not a season's values")
    label, start, counts, rows, records = values
    if not isinstance(label, str) or not isinstance(start, str):
        raise ValueError(f"not a season: {label!r} from {start!r}")
    s = Season(label, date.fromisoformat(start), cached=True)
    for name, value in zip(_COUNTS, _ints(counts, len(_COUNTS)), strict=True):
        if value < 0:
            raise ValueError(f"{name} {value}")
        setattr(s, name, value)
    if not isinstance(rows, list) or len(rows) != 2:
        raise ValueError("not two rows")
    for row, values_of in zip(s.rows, rows, strict=True):
        for name, value in zip(_ROW, _ints(values_of, len(_ROW)), strict=True):
            setattr(row, name, value)
    s.records = SeasonRecords.from_values(records)
    return s


def _ints(values: object, n: int) -> list[int]:
    if not isinstance(values, list) or len(values) != n or any(type(v) is not int for v in values):
        raise ValueError(f"not {n} whole numbers: {values!r}")
    return values
