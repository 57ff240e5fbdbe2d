"""Lifetime: every match of a ledger folded hand by hand into each person's figures, the
head-to-head of every pair who met, and the records.

Terminology
- side: one seat of a match as the insights see it (`Side`): the name that stands in the seat
  (a player's, or a team's) and the people it counts for (the player; a team's members; nobody
  for the phantom of a solitaire match, which is not a person).
- lifetime (`Lifetime`): the fold. `Lifetime.match` replays one match's live hands as they stream
  in (an iterable, read once) and adds what they did to each person's figures, to each pair's
  head-to-head and to the records. Nothing holds a match's hands: the replay keeps only its open
  games (and the games of a set in progress), so a ledger of a million hands folds in bounded
  memory.
- person figures (`Figures`): the figures of their hands (`figures.HandFigures`, counted by
  `figures.count_hand` as the standings count them: hands played, hands won, points, gins,
  big gins, undercuts, biggest hand), and the matches, games, sets and series they won.
- head-to-head (`Pair`): for two people who met (sat across one table: the two players of a
  match, or in a team match the two players of a table; teammates' opponents at other tables
  never met): the matches, and for each of them the games and hands won against the other and
  the net (their game totals minus the other's, over the games won by either).
- records (`Record`): biggest hand, longest run of hands won (within one match; a hand nobody
  won, a draw, neither extends nor breaks a run, since the opponent did not win it either) and
  best season by games won (one match's season). Each names the match, the date and the hand
  (its number in the ledger's hand log). Ties go to the earlier.
- seasons (`Lifetime.seasons`): a match of two players added from its folded seasons
  (`standings.Season`, each with its figures and `records.SeasonRecords`) instead of its hands:
  the same figures, head-to-head and records as `Lifetime.match` (a run of hands won is
  carried from one season into the next), so seasons read from the cache need no replay.

Pure: no I/O, no clock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gintally.engine.figures import HandFigures, count_hand
from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.records import Run
from gintally.engine.replay import Entry, Replayer
from gintally.engine.seasons import season_of
from gintally.engine.standings import Season
from gintally.game.rules import RuleSet


@dataclass(frozen=True)
class Side:
    """One seat of a match: the name in it and the people it counts for (none for a phantom)."""

    name: str
    people: tuple[str, ...]


@dataclass(frozen=True)
class Record:
    """A record: who set it, how much, where and when (the hand that set it)."""

    player: str
    value: int
    match: str
    date: dt.date
    hand: int
    season: str | None = None  # best season: the season's label
    until: dt.date | None = None  # longest run: the date of its last hand
    last_hand: int | None = None  # longest run: its last hand

    def beats(self, other: Record | None) -> bool:
        """More, or as much but earlier."""
        if other is None:
            return True
        return (self.value, other.date, other.hand) > (other.value, self.date, self.hand)


@dataclass(slots=True)
class Figures(HandFigures):
    """One person's lifetime figures."""

    player: str = field(kw_only=True)
    matches: int = 0
    games_won: int = 0
    sets_won: int = 0
    series_won: int = 0
    records: dict[str, Record] = field(default_factory=dict)

    def keep(self, name: str, record: Record) -> None:
        if record.beats(self.records.get(name)):
            self.records[name] = record


@dataclass
class Pair:
    """Two people who met: the games, hands and net of each against the other."""

    players: tuple[str, str]
    matches: int = 0
    games: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[int] = field(default_factory=lambda: [0, 0])
    net: list[int] = field(default_factory=lambda: [0, 0])


RECORDS = ("biggest_hand", "longest_run", "best_season")


class Lifetime:
    """The fold over every match (see the module docstring)."""

    def __init__(self) -> None:
        self.figures: dict[str, Figures] = {}
        self.pairs: dict[tuple[str, str], Pair] = {}

    def person(self, name: str) -> Figures:
        if name not in self.figures:
            self.figures[name] = Figures(player=name)
        return self.figures[name]

    def _pairs(
        self, sides: Sequence[Side], met: Sequence[tuple[str, str]] | None = None
    ) -> list[tuple[Pair, int]]:
        """Every pair of people on opposite sides who met (`met`: side 0's and side 1's person
        at each table; None: everyone across, as at one table), with the index (in the pair)
        of side 0's."""
        out = []
        for a in sides[0].people:
            for b in sides[1].people:
                if met is not None and (a, b) not in met:
                    continue  # on opposite teams, but never at one table
                key = (a, b) if a.casefold() <= b.casefold() else (b, a)
                if key not in self.pairs:
                    self.pairs[key] = Pair(key)
                out.append((self.pairs[key], key.index(a)))
        return out

    def match(
        self,
        name: str,
        sides: Sequence[Side],
        rules: RuleSet,
        fmt: Format,
        entries: Iterable[Entry],
        first_dealer: int | None = None,
        hands: bool = True,
        games: bool = True,
        met: Sequence[tuple[str, str]] | None = None,
    ) -> None:
        """Fold one match's live hands (in play order, read once) into the figures.

        A team match is folded twice: each table's hands with `games=False` (each player's
        hands, and head-to-head hands with the player across the table), then the rounds with
        `hands=False` (the games, sets and series of the teams, for every member; the match
        counts once, in this pass), with `met` naming the tables' pairs: only they met."""
        people = [[self.person(p) for p in side.people] for side in sides]
        # a hand is counted for the one person in each seat (a table's; none for a phantom)
        assert not hands or all(len(side) <= 1 for side in people), "hands are one per seat"
        seats = (people[0][0] if people[0] else None, people[1][0] if people[1] else None)
        pairs = self._pairs(sides, met)
        if games:
            for f in (*people[0], *people[1]):
                f.matches += 1
            for pair, _ in pairs:
                pair.matches += 1
        run = Replayer(rules, fmt, first_dealer)
        pending: dict[int, list[Game]] = {}  # the games of each set in progress
        streak: tuple[int, int, Entry, Entry] | None = None  # seat, hands, first, last
        seasons: dict[tuple[str, int], tuple[int, Entry]] = {}  # games won, the last win
        for e in entries:
            if hands:
                streak = self._hand(name, e, seats, people, pairs, streak)
            if not games:
                continue
            run.feed(e)
            played = run.played.pop()
            for g in run.games:
                if g.set is not None and fmt.set_size is not None:
                    pending.setdefault(g.set, []).append(g)
            run.games.clear()
            run.marks.clear()
            tally = run.tally  # keep only the series in play: the won ones are counted
            if len(tally.series) > 1:
                tally.before += len(tally.series) - 1
                del tally.series[:-1]
            for g in played.posts:
                if g.status != "won" or g.winner is None:
                    continue  # still open: only a closed game counts
                self._game(g, people, pairs)
                label = season_of(e.date, fmt.season_start)[0]
                won, _ = seasons.get((label, g.winner), (0, e))
                seasons[(label, g.winner)] = (won + 1, e)
                if g.set is not None:
                    self._set(fmt, pending, g.set, people)
            for won_series in played.series:
                if won_series.winner is not None:
                    for f in people[won_series.winner]:
                        f.series_won += 1
        for (label, seat), (won, last) in seasons.items():
            for f in people[seat]:
                f.keep("best_season", Record(f.player, won, name, last.date, last.id, label))

    def seasons(self, name: str, sides: Sequence[Side], seasons: Iterable[Season]) -> None:
        """Add a match of two players from its seasons, oldest first (`fold_standings`, cached
        or replayed): what `match` adds from its hands. Each season's records are offered as
        `match` offers them: the biggest hand of each side, every run of hands won (a run at a
        season's end joined to the one that opens the next season), each side's season."""
        people = [[self.person(p) for p in side.people] for side in sides]
        seats = (people[0][0] if people[0] else None, people[1][0] if people[1] else None)
        pairs = self._pairs(sides)
        for f in (*people[0], *people[1]):
            f.matches += 1
        for pair, _ in pairs:
            pair.matches += 1
        streak: Run | None = None  # the run in progress at the end of the seasons so far
        for s in seasons:
            rec = s.records
            for seat in (0, 1):
                row = s.rows[seat]
                at = seats[seat]
                if at is not None:
                    at.hands += row.hands
                    at.hands_won += row.hands_won
                    at.points += row.points
                    at.gins += row.gins
                    at.big_gins += row.big_gins
                    at.undercuts += row.undercuts
                    at.biggest_hand = max(at.biggest_hand, row.biggest_hand)
                for f in people[seat]:
                    f.games_won += row.games_won
                    f.sets_won += row.sets_won
                    f.series_won += row.series_won
                for pair, first in pairs:
                    mine = first if seat == 0 else 1 - first
                    pair.hands[mine] += row.hands_won
                    pair.games[mine] += row.games_won
                big = rec.biggest[seat]
                if big is not None:
                    for f in people[seat]:
                        f.keep("biggest_hand", Record(f.player, big[0], name, big[1], big[2]))
                last = rec.last_win[seat]
                if row.games_won and last is not None:
                    for f in people[seat]:
                        f.keep(
                            "best_season",
                            Record(f.player, row.games_won, name, last[0], last[1], s.label),
                        )
            for pair, first in pairs:
                pair.net[first] += s.rows[0].net
                pair.net[1 - first] -= s.rows[0].net
            opening = rec.opening or rec.closing
            if opening is None:
                continue  # nobody won a hand: the run goes on
            if streak is not None and streak.seat == opening.seat:
                opening = Run(
                    opening.seat, streak.length + opening.length, streak.first, opening.last
                )
            self._run(name, people, opening)
            if rec.opening is None:  # the season was one run
                streak = opening
                continue
            for best in rec.best:
                if best is not None:
                    self._run(name, people, best)
            assert rec.closing is not None
            self._run(name, people, rec.closing)
            streak = rec.closing

    @staticmethod
    def _run(name: str, people: list[list[Figures]], run: Run) -> None:
        for f in people[run.seat]:
            f.keep(
                "longest_run",
                Record(
                    f.player,
                    run.length,
                    name,
                    run.first[0],
                    run.first[1],
                    None,
                    run.last[0],
                    run.last[1],
                ),
            )

    def _hand(
        self,
        name: str,
        e: Entry,
        seats: tuple[Figures | None, Figures | None],
        people: list[list[Figures]],
        pairs: list[tuple[Pair, int]],
        streak: tuple[int, int, Entry, Entry] | None,
    ) -> tuple[int, int, Entry, Entry] | None:
        """Count one hand for the people at it; returns the run of hands won it extends."""
        a, b = seats
        if not count_hand(a, b, e.kind, e.winner, e.points, e.other) or e.winner is None:
            return streak  # a hand nobody won neither extends nor breaks a run
        w = e.winner
        for pair, first in pairs:
            pair.hands[first if w == 0 else 1 - first] += 1
        for f in people[w]:
            f.keep("biggest_hand", Record(f.player, e.points, name, e.date, e.id))
        run = (w, streak[1] + 1, streak[2], e) if streak and streak[0] == w else (w, 1, e, e)
        for f in people[w]:
            f.keep(
                "longest_run",
                Record(f.player, run[1], name, run[2].date, run[2].id, None, e.date, e.id),
            )
        return run

    def _game(self, g: Game, people: list[list[Figures]], pairs: list[tuple[Pair, int]]) -> None:
        assert g.winner is not None
        for f in people[g.winner]:
            f.games_won += 1
        signed = g.signed_net  # from side 0's view
        for pair, first in pairs:
            pair.games[first if g.winner == 0 else 1 - first] += 1
            pair.net[first] += signed
            pair.net[1 - first] -= signed

    def _set(
        self, fmt: Format, pending: dict[int, list[Game]], number: int, people: list[list[Figures]]
    ) -> None:
        members = pending.get(number, [])
        size = fmt.set_size
        if size is None or len(members) < size or any(g.status != "won" for g in members):
            return
        del pending[number]
        worth = fmt.set_worth(members)
        if worth:
            for f in people[0 if worth > 0 else 1]:
                f.sets_won += 1

    def records(self, player: str | None = None) -> dict[str, Record | None]:
        """The records over everybody (or one person's own)."""
        out: dict[str, Record | None] = dict.fromkeys(RECORDS)
        for f in self.figures.values():
            if player is not None and f.player != player:
                continue
            for key, record in f.records.items():
                if record.beats(out[key]):
                    out[key] = record
        return out
