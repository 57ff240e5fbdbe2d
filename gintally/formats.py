"""The fan-out engine: a match's hands in, its games out, for every scoring format.

Terminology
- entry: one live hand as the engine sees it (`Entry`): date, winner (player 0 or 1, or None),
  points, kind, and the dealer if one was typed.
- game: a race to the rule set's `target` inside a match (`Game`). A hand posts its points to
  several games at once; a game closes the moment a player's points in it reach the target, its
  end-of-game bonuses are fixed then, and nothing posts to it afterwards.
- boxes: the hands a player won in one game (each is worth `box_bonus` at game end).
- shutout: the loser won no hand in the game; the rule set's `shutout` style then applies.
- format (`Format`): how hands fan out over games.
  - ``single``: one game at a time; when it closes the next scoring hand opens the next.
  - ``hollywood``: N games (default 3) with per-player entry: on each win a player enters the
    first game in progress they have not entered yet, then the hand posts to every open game they
    have entered. A player shut out of a game that closed enters the next one in progress instead.
    With ``rolling``, each game that closes is replaced at once by a new one. When all N games of
    a set are closed, the next scoring hand starts a new set.
  - ``honeymoon``: N games with per-hand entry: the k-th scoring hand of a set opens game k
    (k <= N) and posts to every open game.
  - ``ad-infinitum``: every scoring hand opens a new game and posts to every open game.
- number: games are numbered from 1 in the match, or from 1 in each season for ad-infinitum.
- season: a yearly window starting on `Format.season_start` (1 January by default). For
  ad-infinitum a season starts with no open games, and games still open when the next season's
  first hand arrives are ``unfinished`` (no winner, no bonuses). Other formats run across seasons.
- net: the winner's total minus the loser's (totals include the bonuses).

`replay` is a pure function: the ledger stores only hands and corrections, every game is derived
here, so an edited or back-dated hand can never leave a stale total behind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from gintally.errors import GintallyError
from gintally.rules import RuleSet

FORMATS = ("single", "hollywood", "honeymoon", "ad-infinitum")
_FORMAT_ALIASES = {
    "ad_infinitum": "ad-infinitum",
    "adinfinitum": "ad-infinitum",
    "infinite": "ad-infinitum",
    "honeymoon-ad-infinitum": "ad-infinitum",
}


def parse_format(text: str) -> str:
    """A format by name, case-insensitively; unknown names list the formats."""
    key = text.strip().lower().replace(" ", "-")
    key = _FORMAT_ALIASES.get(key, key)
    if key not in FORMATS:
        raise GintallyError(f"unknown format {text!r}; the formats are: {', '.join(FORMATS)}")
    return key


def parse_season_start(text: str) -> tuple[int, int]:
    """``MM-DD`` (the first day of each season) as (month, day); 29 February is refused."""
    try:
        month_s, day_s = text.strip().split("-")
        month, day = int(month_s), int(day_s)
        date(2001, month, day)  # not a leap year: a season start must exist every year
    except ValueError:
        raise GintallyError(
            f"season start must be MM-DD, a day every year has, not {text!r}"
        ) from None
    return month, day


@dataclass(frozen=True)
class Format:
    """A scoring format with its options (see the module docstring)."""

    name: str = "single"
    games: int = 3
    rolling: bool = False
    season_start: tuple[int, int] = (1, 1)

    def __post_init__(self) -> None:
        parse_format(self.name)
        if not 1 <= self.games <= 50:
            raise GintallyError(f"the number of games must be 1 to 50, not {self.games}")

    @property
    def seasonal(self) -> bool:
        """True when games reset at each season (ad-infinitum)."""
        return self.name == "ad-infinitum"

    @property
    def season_start_text(self) -> str:
        """The season start as ``MM-DD``."""
        month, day = self.season_start
        return f"{month:02d}-{day:02d}"

    def describe(self) -> str:
        if self.name in ("hollywood", "honeymoon"):
            return f"{self.name} ({self.games} games{', rolling' if self.rolling else ''})"
        return self.name


def season_of(day: date, start: tuple[int, int] = (1, 1)) -> tuple[str, date]:
    """The label and first day of the season holding `day` (``2007``, or ``2007/08``)."""
    month, first = start
    year = day.year if (day.month, day.day) >= (month, first) else day.year - 1
    label = str(year) if start == (1, 1) else f"{year}/{(year + 1) % 100:02d}"
    return label, date(year, month, first)


@dataclass(frozen=True)
class Entry:
    """One live hand, as the engine reads it."""

    id: int
    date: date
    winner: int | None
    points: int
    kind: str = "score"
    dealer: int | None = None


@dataclass
class Game:
    """One game: hand points and boxes per player, then bonuses once it closes."""

    number: int
    season: str
    opened: date
    points: list[int] = field(default_factory=lambda: [0, 0])
    boxes: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[int] = field(default_factory=list)
    entered: list[bool] = field(default_factory=lambda: [False, False])
    status: str = "open"
    winner: int | None = None
    closed: date | None = None
    game_bonus: list[int] = field(default_factory=lambda: [0, 0])
    box_bonus: list[int] = field(default_factory=lambda: [0, 0])
    shutout_bonus: list[int] = field(default_factory=lambda: [0, 0])
    shutout: bool = False

    @property
    def total(self) -> list[int]:
        """Points plus every end-of-game bonus (equal to the points while open)."""
        return [
            self.points[p] + self.game_bonus[p] + self.box_bonus[p] + self.shutout_bonus[p]
            for p in (0, 1)
        ]

    @property
    def net(self) -> int | None:
        """The winner's total minus the loser's, once won."""
        if self.winner is None:
            return None
        t = self.total
        return t[self.winner] - t[1 - self.winner]

    def needs(self, target: int) -> list[int]:
        """Points each player still needs to reach the target."""
        return [max(0, target - p) for p in self.points]

    def close(self, winner: int, day: date, rules: RuleSet) -> None:
        """Fix the end-of-game bonuses (SPEC section 4; shutout styles in `rules`)."""
        loser = 1 - winner
        self.status, self.winner, self.closed = "won", winner, day
        self.game_bonus[winner] = rules.game_bonus
        self.box_bonus = [rules.box_bonus * b for b in self.boxes]
        self.shutout = self.boxes[loser] == 0
        if not self.shutout:
            return
        style = rules.shutout
        if style == "double-hands":  # the winner's hand points count twice, before boxes
            self.shutout_bonus[winner] = self.points[winner]
        elif style in ("double-total", "double-net"):
            # The loser won no hand, so the loser's total is 0 and doubling the net is doubling
            # the winner's total: both styles add the winner's total once more.
            t = self.total
            self.shutout_bonus[winner] = t[winner] - t[loser]
        elif style.startswith("bonus:"):
            self.shutout_bonus[winner] = rules.shutout_bonus


@dataclass
class Played:
    """A replayed hand: the entry, who dealt it (typed or derived) and where it posted."""

    entry: Entry
    dealer: int | None
    games: list[int]  # the numbers of the games it posted to
    season: str
    posts: list[Game] = field(default_factory=list)  # the same games


@dataclass
class Replay:
    """Everything derived from a match's hands (or from those after a `Mark`)."""

    games: list[Game]
    played: list[Played]
    next_dealer: int | None
    season: str | None
    marks: list[Mark] = field(default_factory=list)
    finished: int = 0  # games won, counted as the marks count them

    def open_games(self) -> list[Game]:
        return [g for g in self.games if g.status == "open"]


@dataclass(frozen=True)
class Mark:
    """A quiet point of a match: every hand up to the cut (date, hand number) is played and no
    game is open, so replaying only the hands after the cut, from this state, gives the same
    games as replaying the whole match. For ad-infinitum a mark is a season's start (cut at
    hand 0 of its first day); for the other formats, the moment a game (single) or a set of games
    (hollywood, honeymoon) closed. Rolling Hollywood is never quiet.
    """

    cut_date: date
    cut_hand: int
    games: int  # games numbered so far (in the season, for ad-infinitum)
    dealer: int | None  # who deals the next hand
    season: str  # the season label at the cut
    finished: int  # games won up to the cut, counted from the replay's start


class _Engine:
    """Replay state; one instance per replay."""

    def __init__(
        self, rules: RuleSet, fmt: Format, first_dealer: int | None, start: Mark | None = None
    ) -> None:
        self.rules = rules
        self.fmt = fmt
        self.games: list[Game] = []
        self.open: list[Game] = []
        self.played: list[Played] = []
        self.marks: list[Mark] = []
        self.dealer = first_dealer if start is None else start.dealer
        self.season: str | None = None if start is None else start.season
        self.set_hands = 0  # scoring hands in the current honeymoon set
        self.numbered = 0 if start is None else start.games  # per season for ad-infinitum
        self.finished = 0 if start is None else start.finished

    def quiet(self) -> bool:
        """No game is open and the next scoring hand starts afresh (a new game or set)."""
        if self.open or (self.fmt.name == "hollywood" and self.fmt.rolling):
            return False
        return self.fmt.name != "honeymoon" or self.set_hands >= self.fmt.games

    def new_game(self, day: date) -> Game:
        self.numbered += 1
        game = Game(self.numbered, self.season or "", day)
        self.games.append(game)
        self.open.append(game)
        return game

    def feed(self, e: Entry) -> None:
        label, first_day = season_of(e.date, self.fmt.season_start)
        if label != self.season:
            if self.fmt.seasonal:
                self.end_season()
                self.marks.append(Mark(first_day, 0, 0, self.dealer, label, self.finished))
            self.season = label
        dealer = e.dealer if e.dealer is not None else self.dealer
        posts: list[Game] = []
        if e.winner is not None:
            posts = list(self.targets(e))  # a copy: closing a game edits self.open
            w = e.winner
            for g in posts:
                g.points[w] += e.points
                g.boxes[w] += 1
                g.hands.append(e.id)
            self.close_reached(posts, e)
        self.played.append(Played(e, dealer, [g.number for g in posts], label, posts))
        self.dealer = next_dealer(self.rules.next_dealer, e.kind, e.winner, dealer)
        if not self.fmt.seasonal and posts and self.quiet():
            self.marks.append(Mark(e.date, e.id, self.numbered, self.dealer, label, self.finished))

    def end_season(self) -> None:
        """The season is over: its open games are unfinished; the next starts afresh."""
        for g in self.open:
            g.status = "unfinished"
        self.open = []
        self.numbered = 0

    def targets(self, e: Entry) -> list[Game]:
        """The open games this scoring hand posts to (opening games as the format says)."""
        w = e.winner
        assert w is not None
        name, n = self.fmt.name, self.fmt.games
        if name == "single":
            return self.open if self.open else [self.new_game(e.date)]
        if name == "ad-infinitum":
            self.new_game(e.date)
            return list(self.open)
        if name == "honeymoon":
            if self.set_hands >= n and not self.open:  # the set is over: start a new one
                self.set_hands = 0
            self.set_hands += 1
            if self.set_hands <= n:
                self.new_game(e.date)
            return list(self.open)
        # hollywood
        if not self.open:  # start (or restart) a set of N games, all in progress
            for _ in range(n):
                self.new_game(e.date)
        for g in self.open:
            if not g.entered[w]:
                g.entered[w] = True
                break
        return [g for g in self.open if g.entered[w]]

    def close_reached(self, targets: Sequence[Game], e: Entry) -> None:
        target = self.rules.target
        w = e.winner
        assert w is not None
        closed = [g for g in targets if g.points[w] >= target]
        for g in closed:
            g.close(w, e.date, self.rules)
            self.open.remove(g)
            self.finished += 1
            if self.fmt.name == "hollywood" and self.fmt.rolling:
                self.new_game(e.date)


def next_dealer(rule: str, kind: str, winner: int | None, dealer: int | None) -> int | None:
    """Who deals after a hand: its winner, its loser, or the other player (`rule`); a drawn
    hand is redealt by the same dealer. None when it cannot be known."""
    if kind == "draw" or winner is None:
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
    engine = _Engine(rules, fmt or Format(), first_dealer, start)
    for e in sorted(entries, key=lambda e: (e.date, e.id)):
        engine.feed(e)
    if as_of is not None and engine.fmt.seasonal and engine.played:
        first = engine.fmt.season_start
        if season_of(as_of, first)[1] > season_of(engine.played[-1].entry.date, first)[1]:
            engine.end_season()
    return Replay(
        engine.games, engine.played, engine.dealer, engine.season, engine.marks, engine.finished
    )
