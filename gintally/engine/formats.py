"""Scoring formats: how a scoring hand fans out over games, one class per format, found by name.

Terminology
- format: `Single`, `Hollywood`, `Honeymoon` or `AdInfinitum`, each a subclass of `Format`
  found by name or alias with `find_format` (as python-chess finds its variants);
  ``Format("Hollywood", 3)`` builds the right class too, so the library and the command line
  read a format the same way.
- table: the replay in progress as a format sees it (`Table`): the open games, how many scoring
  hands the current set has had, and a way to open a new game.
- targets: the open games a scoring hand posts to, after the format has opened the games it
  opens (`Format.targets`).
- quiet: no game is open and the next scoring hand starts afresh (`Format.quiet`); a replay may
  start again from a quiet point (see `replay.Mark`).
- set: the N games of a hollywood or honeymoon match played together (`Format.set_of`); its
  worth is the sum of its games' nets, signed (`Format.set_worth`; see `sets`).

The formats (SPEC section 4):
- ``single``: one game at a time; when it closes the next scoring hand opens the next.
- ``hollywood``: N games (default 3) with per-player entry: on each win a player enters the first
  game in progress they have not entered yet, then the hand posts to every open game they have
  entered. A player shut out of a game that closed enters the next one in progress instead. With
  ``rolling``, each game that closes is replaced at once by a new one (one set that never ends).
- ``honeymoon``: N games with per-hand entry: the k-th scoring hand of a set opens game k
  (k <= N) and posts to every open game.
- ``ad-infinitum``: every scoring hand opens a new game and posts to every open game; games are
  numbered per season, and a season's end leaves its open games unfinished.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import ClassVar, Protocol

from gintally.engine.games import Game
from gintally.engine.seasons import NEW_YEAR, season_start_text
from gintally.errors import GintallyError

MAX_GAMES = 50


class Table(Protocol):
    """The replay in progress, as a format sees it."""

    open: list[Game]
    set_hands: int

    def new_game(self, day: date) -> Game: ...


class Format:
    """A scoring format with its options. ``Format(name, games, rolling, season_start)`` returns
    the subclass that `name` names; the subclasses say how hands fan out."""

    key: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    in_sets: ClassVar[bool] = False  # N games at once, in sets (takes --games)
    seasonal: ClassVar[bool] = False  # games never outlive a season
    rolls: ClassVar[bool] = False  # may keep N games in progress for ever (--rolling)

    __slots__ = ("games", "rolling", "season_start")

    def __new__(cls, name: str | None = None, *options: object, **named: object) -> Format:
        if cls is Format:
            cls = format_class(name if name is not None else Single.key)
        return object.__new__(cls)

    def __init__(
        self,
        name: str | None = None,
        games: int = 3,
        rolling: bool = False,
        season_start: tuple[int, int] = NEW_YEAR,
    ) -> None:
        if name is not None and format_class(name) is not type(self):
            raise GintallyError(f"format {name!r} is not {self.key}")
        if isinstance(games, bool) or not isinstance(games, int):
            raise GintallyError(f"the number of games must be a whole number, not {games!r}")
        if not 1 <= games <= MAX_GAMES:
            raise GintallyError(f"the number of games must be 1 to {MAX_GAMES}, not {games}")
        if rolling and not self.rolls:
            raise GintallyError(f"rolling is for hollywood matches, not {self.key}")
        self.games = games
        self.rolling = bool(rolling)
        self.season_start: tuple[int, int] = (season_start[0], season_start[1])

    # --- value semantics ----------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The format's canonical name (``single``, ``hollywood``, ...)."""
        return self.key

    def _fields(self) -> tuple[object, ...]:
        return (self.key, self.games, self.rolling, self.season_start)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Format) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(games={self.games}, rolling={self.rolling}, "
            f"season_start={self.season_start!r})"
        )

    @property
    def season_start_text(self) -> str:
        """The season start as ``MM-DD``."""
        return season_start_text(self.season_start)

    def describe(self) -> str:
        """The format as a player would say it: ``hollywood (3 games, rolling)``."""
        if self.in_sets:
            many = "" if self.games == 1 else "s"
            return f"{self.key} ({self.games} game{many}{', rolling' if self.rolling else ''})"
        return self.key

    # --- how hands fan out --------------------------------------------------------------------

    def targets(self, table: Table, winner: int, day: date) -> list[Game]:
        """Open the games this scoring hand opens, and return the open games it posts to.
        (`Format(name)` always builds a subclass, and every subclass says this itself.)"""
        raise TypeError(f"{type(self).__name__} does not say how a hand fans out")

    def closed(self, table: Table, day: date) -> None:
        """A game has just closed (rolling Hollywood opens the next one)."""

    def quiet(self, table: Table) -> bool:
        """True when no game is open and the next scoring hand starts afresh."""
        return not table.open

    # --- sets -----------------------------------------------------------------------------------

    def set_of(self, number: int) -> int | None:
        """The set that game `number` belongs to (None for formats without sets)."""
        return None

    @property
    def set_size(self) -> int | None:
        """Games in a whole set (None when sets never end, or there are none)."""
        return None

    def set_worth(self, games: Sequence[Game]) -> int:
        """What a set of games is worth, from the first player's side: the sum of its games'
        nets, positive for the first player, negative for the second."""
        return sum(g.signed_net for g in games)


class Single(Format):
    """One game at a time; when it closes the next scoring hand opens the next."""

    key = "single"
    aliases = ("one", "single-game")
    summary = "one game at a time, to the target"
    __slots__ = ()

    def targets(self, table: Table, winner: int, day: date) -> list[Game]:
        return list(table.open) if table.open else [table.new_game(day)]


class Hollywood(Format):
    """N games at once with per-player entry; a set ends when all N have closed."""

    key = "hollywood"
    summary = "N games at once, per-player entry"
    in_sets = True
    rolls = True
    __slots__ = ()

    def targets(self, table: Table, winner: int, day: date) -> list[Game]:
        if not table.open:  # start (or restart) a set of N games, all in progress
            for _ in range(self.games):
                table.new_game(day)
        for g in table.open:
            if not g.entered[winner]:
                g.entered[winner] = True
                break
        return [g for g in table.open if g.entered[winner]]

    def closed(self, table: Table, day: date) -> None:
        if self.rolling:
            table.new_game(day)

    def quiet(self, table: Table) -> bool:
        return not table.open and not self.rolling

    def set_of(self, number: int) -> int | None:
        return 1 if self.rolling else (number - 1) // self.games + 1

    @property
    def set_size(self) -> int | None:
        return None if self.rolling else self.games


class Honeymoon(Format):
    """N games with per-hand entry: the k-th scoring hand of a set opens game k."""

    key = "honeymoon"
    summary = "N games, the k-th hand of a set opens game k"
    in_sets = True
    __slots__ = ()

    def targets(self, table: Table, winner: int, day: date) -> list[Game]:
        if table.set_hands >= self.games and not table.open:  # the set is over: a new one
            table.set_hands = 0
        table.set_hands += 1
        if table.set_hands <= self.games:
            table.new_game(day)
        return list(table.open)

    def quiet(self, table: Table) -> bool:
        return not table.open and table.set_hands >= self.games

    def set_of(self, number: int) -> int | None:
        return (number - 1) // self.games + 1

    @property
    def set_size(self) -> int | None:
        return self.games


class AdInfinitum(Format):
    """Every scoring hand opens a new game and posts to every open game; yearly seasons."""

    key = "ad-infinitum"
    aliases = ("ad_infinitum", "adinfinitum", "infinite", "honeymoon-ad-infinitum")
    summary = "every hand opens a new game; yearly seasons"
    seasonal = True
    __slots__ = ()

    def targets(self, table: Table, winner: int, day: date) -> list[Game]:
        table.new_game(day)
        return list(table.open)


FORMATS: dict[str, type[Format]] = {f.key: f for f in (Single, Hollywood, Honeymoon, AdInfinitum)}
_ALIASES = {alias: f for f in FORMATS.values() for alias in f.aliases}


def format_class(name: str) -> type[Format]:
    """A format's class by name or alias, case-insensitively; unknown names list the formats."""
    if not isinstance(name, str):
        raise GintallyError(f"not a format: {name!r}")
    key = name.strip().lower().replace(" ", "-")
    found = FORMATS.get(key) or _ALIASES.get(key)
    if found is None:
        raise GintallyError(f"unknown format {name!r}; the formats are: {', '.join(FORMATS)}")
    return found


def find_format(
    name: str,
    games: int = 3,
    rolling: bool = False,
    season_start: tuple[int, int] = NEW_YEAR,
) -> Format:
    """A format by name or alias, with its options."""
    return format_class(name)(None, games, rolling, season_start)
