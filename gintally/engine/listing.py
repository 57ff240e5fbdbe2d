"""Listing: every game of a match in order, folded as the hands stream (``show --all``).

Terminology
- listing (`Listing`): a match's games in the order they opened, each given once it is final
  (won, or left unfinished by its season's end), with each set after its last game: what
  `replay` would list in `Replay.games` and `Replay.sets`, in the same order, without keeping
  the match's hands or its finished games. Only the games not yet given (those from the oldest
  still open on) and the set being listed are held, so memory does not grow with the match.
- item: a `Game`, or a `GameSet` once its last game has been given.
- plays (`plays`): each hand replayed with the games it posted to (`Played`), one at a time:
  the sheet of ``show --all --json``.

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from datetime import date

from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.replay import Entry, Played, Replayer
from gintally.engine.seasons import season_of
from gintally.engine.series import Series
from gintally.engine.sets import GameSet
from gintally.game.rules import RuleSet


class Listing:
    """Every game of a match, in order, as `entries` (in play order) are replayed. Iterate it
    once; then `next_dealer`, `series` (the series in play, None when none started),
    `series_before` (the series numbered before it) and `nets` (the last set's) tell the rest
    of what `replay` tells."""

    def __init__(
        self,
        entries: Iterable[Entry],
        rules: RuleSet,
        fmt: Format,
        first_dealer: int | None = None,
        as_of: date | None = None,
    ) -> None:
        self.entries = entries
        self.rules = rules
        self.fmt = fmt
        self.first_dealer = first_dealer
        self.as_of = as_of
        self.next_dealer: int | None = first_dealer
        self.series: Series | None = None
        self.series_before = 0
        self.nets = [0, 0]

    def __iter__(self) -> Iterator[Game | GameSet]:
        fmt = self.fmt
        run = Replayer(self.rules, fmt, self.first_dealer, keep=False)
        tally = run.tally
        waiting: deque[Game] = deque()  # opened, not given yet (the oldest first)
        members: list[Game] = []  # the games of the set being listed
        last: date | None = None
        opened, marks = run.games, run.marks
        for e in self.entries:
            run.feed(e)
            last = e.date
            if marks:
                marks.clear()
            if opened:
                waiting.extend(opened)
                opened.clear()
            if len(tally.series) > 1:  # only the series in play is needed
                tally.before += len(tally.series) - 1
                del tally.series[:-1]
            while waiting and waiting[0].status != "open":
                yield from self._give(waiting.popleft(), members)
        if self.as_of is not None and fmt.seasonal and last is not None:
            first = fmt.season_start
            if season_of(self.as_of, first)[1] > season_of(last, first)[1]:
                run.end_season()  # as `replay` does with `as_of`
        while waiting:
            yield from self._give(waiting.popleft(), members)
        if members:
            yield self._set(members)
        self.next_dealer = run.dealer
        self.series = tally.current
        self.series_before = tally.before

    def _give(self, game: Game, members: list[Game]) -> Iterator[Game | GameSet]:
        """A game, after the set before it once this game starts another."""
        if game.set is None:
            yield game
            return
        if members and members[0].set != game.set:
            yield self._set(members)
            members.clear()
        members.append(game)
        yield game

    def _set(self, members: list[Game]) -> GameSet:
        fmt = self.fmt
        gs = GameSet(members[0].set or 0, tuple(members), fmt.set_size, fmt.set_worth(members))
        self.nets = gs.nets
        return gs


def plays(
    entries: Iterable[Entry], rules: RuleSet, fmt: Format, first_dealer: int | None = None
) -> Iterator[Played]:
    """Each hand of `entries` (in play order) replayed, with who dealt it and the games it
    posted to, given one at a time: the replay keeps no hand, and no game once it is final."""
    run = Replayer(rules, fmt, first_dealer)
    tally = run.tally
    for e in entries:
        run.feed(e)
        run.games.clear()
        run.marks.clear()
        if len(tally.series) > 1:
            tally.before += len(tally.series) - 1
            del tally.series[:-1]
        yield run.played.pop()
