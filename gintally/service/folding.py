"""Folding a match's seasons with the cache: the finished seasons read from their folds
(`ledger.folds`), only the others replayed (`engine.standings.fold_standings`), and the
seasons that replay finished kept for the next reader.

Terminology
- cacheable: a match whose finished seasons are cached: two players, no series (a series may
  run from one season into the next) and not rolling Hollywood (never quiet, so no season could
  be replayed without every season before it). Any other match is folded whole, as before.
- needed: the first season with live hands and no sound fold: the replay starts there (at its
  first day for a seasonal format; at the resume point of the fold before it for the others; at
  the first hand when nothing before it is cached), and goes to the last hand, counting only in
  the seasons not cached. With a `year` whose season is cached the replay starts at that season
  instead, for the games of the season shown.
- import fold (`ImportFold`): the seasons an import finishes, folded from its rows as they go
  by (the values it has just settled, never read back) and written in its own write, so that
  the first reader after a big import finds them cached. Only when that fold is exactly the
  one `fold_match` would make from the first hand: the match is `cacheable` and had no live
  hand before, no history came with the file (its ``corrected`` hands), and the rows come in
  play order (dates never going back, so the numbers the import gives in file order are the
  replay's order) and keep those numbers (`renumber` moved none of them: only a row that keeps
  its uid can move). Else it stops, and the first reader folds, as before. And only for an
  import of `FOLD_FROM` rows or more: a smaller one leaves its seasons to the first reader,
  which folds them in about as long as the import took (some 1.3 s at 100,000 hands, where
  folding them in the import would make it half as slow again); up to that many rows the
  import holds their entries, and folds them all once it has more.

The figures are the same with or without the cache, byte for byte (`tests/test_season_folds.py`
compares every reader cold, warm, and with the cache deleted or damaged).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from itertools import islice
from typing import Any

from gintally.engine.replay import Entry, Mark, Replay
from gintally.engine.seasons import season_end, season_of
from gintally.engine.series import series_rule
from gintally.engine.standings import Season, StandingsFold, fold_standings
from gintally.errors import LedgerError
from gintally.ledger import Ledger
from gintally.ledger.folds import Fold
from gintally.model import HAND_COLUMNS, HandRecord, Match
from gintally.service.replaying import EntryReader, stream_entries_from_plays
from gintally.service.seating import seating_of


def cacheable(match: Match) -> bool:
    """Whether the match's finished seasons are cached (see the module docstring)."""
    fmt = match.format
    return (
        not seating_of(match).whole
        and series_rule(match.rules) is None
        and not (fmt.rolling and fmt.set_size is None and fmt.in_sets)
    )


RESTAMP = 20_000  # hand rows written since a sound fold was made, before it is kept again

DealerBefore = Callable[[Ledger, Match, date], int | None]  # `windows.dealer_before`


def fold_match(
    ledger: Ledger,
    match: Match,
    dealer_before: DealerBefore,
    today: date | None = None,
    year: int | None = None,
    write: bool = False,
    until: date | None = None,
) -> tuple[list[Season], Replay]:
    """`fold_standings` of a match of two players, as its hands stream from the file, starting
    after the seasons cached when the match is `cacheable`; the seasons it finished are kept
    (`Ledger.keep_folds`, written by `Ledger.save_folds` once the command has done its work:
    the command line's `base.ledger` saves them when the command succeeds). Call it inside
    the ledger's `snapshot`. `dealer_before` says who deals first in a season the replay
    starts at. `write`: called inside a write that changed the match's hands (a merge), the
    folds are written in it (`Ledger.write_folds`), as an import writes its own, so that the
    first reader after it finds them. `until`: only the hands before that day (the seasons
    that end by then are whole: a game counts in the season it closed in)."""
    rules, fmt, first = match.rules, match.format, match.first_seat
    if not cacheable(match):
        rows = stream_entries_from_plays(match, ledger.stream_plays(match, until=until))
        return fold_standings(rows, rules, fmt, first, today, year)
    seen = ledger.rows_seen()
    latest = ledger.live_hands_latest(match)
    start: Mark | None = None
    cached: list[Fold] = []
    if latest is not None:
        last = folds_before(ledger, match, latest)
        cached = ledger.season_folds(match, last)
        start = _start(ledger, match, cached, last, year, dealer_before)
    cut = None if start is None else (start.cut_date, start.cut_hand)
    plays = ledger.stream_plays(match, after=cut, until=until)
    entries: Iterable[Entry] = stream_entries_from_plays(match, plays)
    finished: Finished = []
    fold = _fold(match, finished, today, year, start, [f.season for f in cached])
    add = fold.add
    for e in entries:
        add(e)
    seasons, rep = fold.result()
    made = _made(finished)
    if made or any(seen[0] - f.seen[0] > RESTAMP for f in cached):
        # the folds still sound are kept again as of now, so that the rows a reader looks at
        # for what was written since (`folds.load`) stay about a season's
        made = sorted(cached + made, key=lambda f: f.season.start)
        if write:
            ledger.write_folds(match, made)
        else:
            ledger.keep_folds(match, made, seen)
    return seasons, rep


def folds_before(ledger: Ledger, match: Match, latest: HandRecord | None = None) -> date:
    """The first day of the season of the match's latest live hand (`latest`, when the caller
    has it): a reader uses the folds of the seasons before it, the last season being replayed
    (a fold of a later season, kept while a hand in it was live, lies unused until one is
    again)."""
    if latest is None:
        latest = ledger.live_hands_latest(match)
    if latest is None:
        return date.min
    return season_of(latest.date, match.format.season_start)[1]


Finished = list[tuple[Season, Mark | None]]  # the seasons a fold finished (`fold_standings`)


def _fold(
    match: Match,
    finished: Finished,
    today: date | None = None,
    year: int | None = None,
    start: Mark | None = None,
    cached: list[Season] | None = None,
) -> StandingsFold:
    """The fold of a match's seasons (`fold_standings`, fed a hand at a time) that appends the
    seasons it finishes to `finished`."""
    rules, fmt, first = match.rules, match.format, match.first_seat
    return StandingsFold(rules, fmt, first, today, year, start, cached or (), finished)


def _made(finished: Finished) -> list[Fold]:
    """The folds the cache keeps of the seasons a fold finished."""
    return [Fold(s, resume) for s, resume in finished]


# what an import's row (`HAND_COLUMNS` values) gives a play row after its number and date
_RESULT = operator.itemgetter(
    *(HAND_COLUMNS.index(c) for c in ("kind", "winner", "points", "dealer", "other_points"))
)

ImportRow = tuple[int | None, str | None, tuple[Any, ...]]  # `Ledger.import_rows`' rows
BATCH = 1000  # rows an import fold takes at once (`ImportFold.rows`)
FOLD_FROM = 150_000  # rows an import brings before it folds them (see the module docstring)


class ImportFold:
    """An import fold (see the module docstring): `rows` passes the rows that go on to
    `Ledger.import_rows` (all of them, in their order) and folds them on the way; once the
    import has written every fact, `keep` writes the folds of the seasons they finished, in
    the import's write. Made at the start of the file's hands (after its history, if any);
    `stop` gives up (the first reader folds)."""

    def __init__(self, ledger: Ledger, match: Match, history: bool = False) -> None:
        self.ledger, self.match = ledger, match
        self.finished: Finished = []
        self.fold: StandingsFold | None = None
        self.moved = False  # a row kept its uid: `renumber` may have moved it
        # where `_entries` is: the last row's number, date and day, and each distinct result's
        # entry but its number and date (result -> entry[2:])
        self._number, self._day = 0, ""
        self._when: date | None = None
        self._tails: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        # the entries of the rows so far, until there are `FOLD_FROM` (then None: folded)
        self._held: list[list[Entry]] | None = []
        self._count = 0
        if history or not cacheable(match) or ledger.has_live_hand(match):
            return
        self.fold = _fold(match, self.finished)
        self.before = ledger.last_number(match)  # the import numbers its rows from here on
        self.after = ledger.last_row()  # and writes them after this row
        self._number = self.before
        self._entry = EntryReader(match)

    def stop(self) -> None:
        self.fold = None

    def rows(self, rows: Iterable[ImportRow]) -> Iterator[ImportRow]:
        """The rows, folded as they pass: each one's entry is what a replay makes of its
        stored values (`replaying.EntryReader`), asked once for each distinct result (kind,
        winner, points, dealer, other points) and date. The rows are taken `BATCH` at a time,
        their entries made, then folded, then passed on: each loop runs on its own for a while
        (interleaved row by row, the reading, the fold and the writing cost a fifth more).
        The entries of the first `FOLD_FROM` rows are held, and folded once there are more."""
        rows = iter(rows)
        while (fold := self.fold) is not None and (batch := list(islice(rows, BATCH))):
            entries = self._entries(batch)
            if entries is None:  # out of play order, or a row a replay refuses
                self.fold = self._held = None
            elif self._held is not None and self._count + len(entries) < FOLD_FROM:
                self._held.append(entries)
                self._count += len(entries)
            else:  # the rows held (if any), then these
                held, self._held = self._held or [], None
                add = fold.add
                for part in (*held, entries):
                    for e in part:
                        add(e)
            yield from batch
        yield from rows

    def _entries(self, batch: list[ImportRow]) -> list[Entry] | None:
        """The entries of a batch of rows, numbered on from the last one's; None when a row
        comes before the one ahead of it in play order, or a replay would refuse it (the reader
        says so, as before)."""
        result, new, tails = _RESULT, tuple.__new__, self._tails
        number, last, when = self._number, self._day, self._when
        entries = []
        for row in batch:
            values = row[2]
            day = values[0]
            if day != last:
                if day < last:
                    return None
                last, when = day, None
            number += 1
            if row[1] is not None:
                self.moved = True
            key = result(values)
            tail = tails.get(key)
            if tail is None or when is None:
                try:
                    made = self._entry((number, day, *key, None))  # settled by the import
                except LedgerError:
                    return None
                when, tail = made.date, made[2:]
                if len(tails) >= 4096:
                    tails.clear()
                tails[key] = tail
            entries.append(new(Entry, (number, when, *tail)))
        self._number, self._day, self._when = number, last, when
        return entries

    def keep(self) -> None:
        """Write the folds of the seasons the rows finished (inside the import's write, once
        it has written every fact: they have seen all of it)."""
        fold, self.fold = self.fold, None
        if fold is None or self._held is not None:  # stopped, or fewer rows than `FOLD_FROM`
            return
        if self.moved and not self.ledger.numbered_in_order(self.match, self.after, self.before):
            return
        fold.result()
        if self.finished:
            self.ledger.write_folds(self.match, _made(self.finished))


def _start(
    ledger: Ledger,
    match: Match,
    cached: list[Fold],
    last: date,
    year: int | None,
    dealer_before: DealerBefore,
) -> Mark | None:
    """Where the replay starts (None: at the first hand): see the module docstring."""
    fmt = match.format
    have = {f.season.start: f for f in cached}
    if not have:
        return None
    day = ledger.live_first_day(match)
    needed = last
    while day is not None and day < last:
        first = season_of(day, fmt.season_start)[1]
        end = season_end(first)
        if first not in have and ledger.live_between(match, first, end):
            needed = first
            break
        day = end
    if year is not None and date.min.year <= year <= date.max.year:
        shown = season_of(date(year, *fmt.season_start), fmt.season_start)[1]
        if shown in have and shown < needed:
            needed = shown
    before = [f for f in cached if f.season.start < needed]
    if not before:
        return None  # nothing cached before it: from the first hand
    if fmt.seasonal:
        label = season_of(needed, fmt.season_start)[0]
        return Mark(needed, 0, 0, dealer_before(ledger, match, needed), label, 0)
    return before[-1].resume
