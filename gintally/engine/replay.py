"""The replay: a match's hands in, its games out, for every scoring format.

Terminology
- entry: one live hand as the engine sees it (`Entry`): date, winner (player 0 or 1, or None),
  points, kind, and the dealer if one was typed.
- played: a replayed hand (`Played`): the entry, who dealt it and the games it posted to.
- mark: a point of a match (`Mark`) from which a replay can start instead of from the first
  hand: a quiet point, or inside an ad-infinitum season with what is open there carried.
- season: see `seasons`. For a seasonal format (ad-infinitum) a season starts with no open games,
  and games still open when the next season's first hand arrives are ``unfinished``.
- next dealer: who deals after a hand (`next_dealer`): its winner, its loser or the other player,
  by the rule set's `next_dealer`; a hand nobody won (a drawn hand that scores nothing, a tie
  under ``tie=no-score``) or a misdeal is redealt by the same dealer. A drawn hand that scores
  (``deck_out_scores``) is a scored round, and the deal moves on as after any other.
- series: see `series`; a replay counts each game toward the series in play as it closes.

`replay` is a pure function: the ledger stores only hands and corrections, every game is derived
here, so an edited or back-dated hand can never leave a stale total behind. How a hand fans out is
the format's business (`formats`); what a game is worth at its end is the game's (`games`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

from gintally.engine.formats import Format, Single
from gintally.engine.games import Game
from gintally.engine.seasons import season_end, season_of
from gintally.engine.series import Series, SeriesTally, series_rule
from gintally.engine.sets import GameSet, sets_of
from gintally.game.rules import RuleSet


class Entry(NamedTuple):
    """One live hand, as the engine reads it. `other` is what the player who did not win it
    scores, when both players score (Mahjong gin; it may be negative), else 0. A named tuple:
    a replay makes one per hand, and a tuple is built several times faster than a frozen
    dataclass."""

    id: int
    date: date
    winner: int | None
    points: int
    kind: str = "score"
    dealer: int | None = None
    other: int = 0


@dataclass(slots=True)
class Played:
    """A replayed hand: the entry, who dealt it (typed or derived) and where it posted."""

    entry: Entry
    dealer: int | None
    season: str
    posts: list[Game] = field(default_factory=list)  # the games it posted to
    series: list[Series] = field(default_factory=list)  # the series this hand won

    @property
    def games(self) -> list[int]:
        """The numbers of the games it posted to."""
        return [g.number for g in self.posts]


# An open game as a mark carries it: number, the day it opened, each player's points and boxes,
# and the hands posted to it (an open game holds nothing else: no bonus, no winner).
OpenGame = tuple[int, date, tuple[int, int], tuple[int, int], tuple[int, ...]]


@dataclass(frozen=True)
class Mark:
    """A point of a match from which replaying only the hands after the cut (date, hand
    number), from this state, gives the same games as replaying the whole match. Either a quiet
    point: every hand up to the cut is played and no game is open (for ad-infinitum a season's
    start, cut at hand 0 of its first day; for the other formats, the moment a game (single) or a
    set of games (hollywood, honeymoon) closed; rolling Hollywood is never quiet). Or, for
    ad-infinitum, whose seasons are never quiet, a point inside a season (`open` not None): the
    games open at the cut are carried (`OpenGame`), and `won` counts the games each player won
    in the season before it, so the season's tally needs none of the games finished before it.
    """

    cut_date: date
    cut_hand: int
    games: int  # games numbered so far (in the season, for ad-infinitum)
    dealer: int | None  # who deals the next hand
    season: str  # the season label at the cut
    finished: int  # games won up to the cut, counted from the replay's start
    series: int = 0  # series numbered up to the cut (a mark is never inside a series)
    open: tuple[OpenGame, ...] | None = None  # the games open at an in-season cut
    won: tuple[int, int] = (0, 0)  # games each player won in the season before an in-season cut

    @property
    def in_season(self) -> bool:
        """A mark inside an ad-infinitum season (not a quiet point)."""
        return self.open is not None


def open_game(game: Game) -> OpenGame:
    """An open game as a mark carries it."""
    p, b = game.points, game.boxes
    return (game.number, game.opened, (p[0], p[1]), (b[0], b[1]), tuple(game.hands))


def mark_inside(run: Replayer, day: date, hand: int, won: tuple[int, int]) -> Mark:
    """The in-season mark of an ad-infinitum replay that has just played hand `hand` of `day`:
    its open games carried, `won` the games each player won in the season so far."""
    return Mark(
        day,
        hand,
        run.numbered,
        run.dealer,
        run.season or "",
        run.finished,
        0,
        tuple(open_game(g) for g in run.open),
        won,
    )


@dataclass
class Replay:
    """Everything derived from a match's hands (or from those after a `Mark`)."""

    games: list[Game]
    played: list[Played]
    next_dealer: int | None
    season: str | None
    marks: list[Mark] = field(default_factory=list)
    finished: int = 0  # games won, counted as the marks count them
    format: Format = field(default_factory=Single)
    series: list[Series] = field(default_factory=list)  # the series replayed, oldest first
    series_before: int = 0  # series numbered before the replay's start (a mark's)
    # From an in-season mark (ad-infinitum), in the season replayed: the games numbered and
    # each player's games won before the replay's start (its `games` are those open then and
    # those numbered since); 0 and (0, 0) when the replay holds the whole season.
    numbered_before: int = 0
    won_before: tuple[int, int] = (0, 0)

    def series_in_play(self) -> Series | None:
        """The latest series replayed (None when none has started since the replay's start)."""
        return self.series[-1] if self.series else None

    def open_games(self) -> list[Game]:
        return [g for g in self.games if g.status == "open"]

    def sets(self) -> list[GameSet]:
        """The sets of the games replayed (empty for formats without sets)."""
        return sets_of(self.format, self.games)


class Replayer:
    """Replay state; one instance per replay. It is the `formats.Table` the format acts on."""

    def __init__(
        self,
        rules: RuleSet,
        fmt: Format,
        first_dealer: int | None,
        start: Mark | None = None,
        keep: bool = True,
    ) -> None:
        self.rules = rules
        self.fmt = fmt
        self.games: list[Game] = []
        self.open: list[Game] = []
        self.played: list[Played] = []
        self.keep = keep  # keep every `Played` in `played` (a fold takes each from `feed`)
        self.marks: list[Mark] = []
        self.dealer = first_dealer if start is None else start.dealer
        self.season: str | None = None if start is None else start.season
        self.set_hands = 0  # scoring hands in the current set (honeymoon counts them)
        self.numbered = 0 if start is None else start.games  # per season for ad-infinitum
        self.finished = 0 if start is None else start.finished
        self.tally = SeriesTally(series_rule(rules), 0 if start is None else start.series)
        # the season's games numbered and won before an in-season mark (`Mark.open`)
        self.numbered_before, self.won_before = 0, (0, 0)
        if start is not None and start.open is not None:
            self.numbered_before, self.won_before = start.games, start.won
            for number, opened, points, boxes, hands in start.open:
                game = Game(number, start.season, opened, fmt.set_of(number))
                game.points, game.boxes, game.hands = list(points), list(boxes), list(hands)
                self.games.append(game)
                self.open.append(game)
        self.won_series: list[Series] = []  # won by the hand being fed
        self.closed_now: list[Game] = []  # the games the hand being fed closed
        self.ended: list[Game] = []  # the games its season's end left unfinished (ad-infinitum)
        # The season of the last day looked up: its label and [first day, end). Hands come in
        # date order, so most days fall in it and `season_of` is not called again.
        self._label, self._first, self._end = "", date.max, date.min

    def label_of(self, day: date) -> str:
        """The label of the season holding `day` (`seasons.season_of`, remembered)."""
        if not self._first <= day < self._end:
            self._label, self._first = season_of(day, self.fmt.season_start)
            self._end = season_end(self._first)
        return self._label

    def new_game(self, day: date) -> Game:
        self.numbered = number = self.numbered + 1
        game = Game(number, self.season or "", day, self.fmt.set_of(number))
        self.games.append(game)
        self.open.append(game)
        tally = self.tally
        if tally.rule is not None:  # `SeriesTally.opened` does nothing without a series rule
            tally.opened()
        return game

    def quiet(self) -> bool:
        """No game open, and no series in progress: a replay may start again from here."""
        return self.fmt.quiet(self) and self.tally.between

    def feed(self, e: Entry) -> None:
        """Replay one more hand (in play order): what it posted to, and who deals next. With
        `keep`, the hand is added to `played`; either way `closed_now` and `won_series` say
        which games and series it closed, until the next hand is fed."""
        if self.ended:
            self.ended = []
        number, day, winner, points, kind, typed, other = e
        # `label_of`, with the day in the season of the last day looked up (most hands) inline
        label = self._label if self._first <= day < self._end else self.label_of(day)
        if label != self.season:
            if self.fmt.seasonal:
                self.end_season()
                self.marks.append(Mark(self._first, 0, 0, self.dealer, label, self.finished))
                self.numbered_before, self.won_before = 0, (0, 0)
            self.season = label
        dealer = typed if typed is not None else self.dealer
        posts: list[Game] = []
        if self.keep or self.won_series:  # a kept `Played` holds the list: a new one
            self.won_series = []
        if self.closed_now:
            self.closed_now.clear()
        if winner is not None:
            posts = self.fmt.targets(self, winner, day)
            reaching = Game.post_to(posts, winner, points, number, other, self.rules.target)
            if reaching:
                self.close_reached(reaching, winner, day)
        if self.keep:
            self.played.append(Played(e, dealer, label, posts, self.won_series))
        self.dealer = next_dealer(self.rules.next_dealer, kind, winner, dealer)
        if not self.fmt.seasonal and posts and self.quiet():
            self.marks.append(
                Mark(
                    day,
                    number,
                    self.numbered,
                    self.dealer,
                    label,
                    self.finished,
                    self.tally.numbered,
                )
            )

    def end_season(self) -> None:
        """The season is over: its open games are unfinished; the next starts afresh."""
        for g in self.open:
            g.status = "unfinished"
        self.ended, self.open = self.open, []
        self.numbered = 0

    def close_reached(self, posts: list[Game], winner: int, day: date) -> None:
        rules = self.rules
        target, tally = rules.target, self.tally
        for g in posts:
            game_winner = g.reached(target, winner)
            if game_winner is not None:
                g.close(game_winner, day, rules)
                self.open.remove(g)
                self.closed_now.append(g)
                self.finished += 1
                if tally.rule is not None:  # `SeriesTally.closed` counts nothing without one
                    won = tally.closed(g, day)
                    if won is not None:
                        self.won_series.append(won)
                self.fmt.closed(self, day)


REDEALT = ("misdeal",)  # kinds of hand the same dealer deals again, whoever won them


def next_dealer(rule: str, kind: str, winner: int | None, dealer: int | None) -> int | None:
    """Who deals after a hand: its winner, its loser, or the other player (`rule`); a hand
    nobody won (a drawn hand that scores nothing, a no-score tie) or a misdeal is redealt by the
    same dealer. A drawn hand that scores (``deck_out_scores``, seed 003: "the player with less
    points in their hand scores the delta" in all four endings) passes the deal like any scored
    hand. None when it cannot be known."""
    if kind in REDEALT or winner is None:
        return dealer
    if rule == "winner":
        return winner
    if rule == "loser":
        return 1 - winner
    return None if dealer is None else 1 - dealer


def dealer_after(entries: Iterable[Entry], rules: RuleSet, first_dealer: int | None) -> int | None:
    """Who deals after `entries` (in play order), without replaying any game."""
    dealer = first_dealer
    for e in entries:
        dealer = next_dealer(
            rules.next_dealer, e.kind, e.winner, e.dealer if e.dealer is not None else dealer
        )
    return dealer


def replay(
    entries: Iterable[Entry],
    rules: RuleSet,
    fmt: Format | None = None,
    first_dealer: int | None = None,
    as_of: date | None = None,
    start: Mark | None = None,
) -> Replay:
    """Replay a match's live hands, in (date, id) order, into its games.

    With `start`, `entries` are the hands after that mark's cut and the replay goes on from the
    mark's state (the games before it are not rebuilt); the result lists the marks passed.

    `as_of` is the day the replay is looked at (the caller's today): for ad-infinitum, when it
    falls in a later season than the last hand, that season is over and its open games are
    ``unfinished``, as they would be had a hand been played since.
    """
    fmt = fmt if fmt is not None else Single()
    run = Replayer(rules, fmt, first_dealer, start)
    for e in sorted(entries, key=lambda e: (e.date, e.id)):
        run.feed(e)
    if as_of is not None and fmt.seasonal and run.played:
        first = fmt.season_start
        if season_of(as_of, first)[1] > season_of(run.played[-1].entry.date, first)[1]:
            run.end_season()
    return Replay(
        run.games,
        run.played,
        run.dealer,
        run.season,
        run.marks,
        run.finished,
        fmt,
        run.tally.series,
        run.tally.before,
        run.numbered_before,
        run.won_before,
    )
