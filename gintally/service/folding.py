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

The figures are the same with or without the cache, byte for byte (`tests/test_season_folds.py`
compares every reader cold, warm, and with the cache deleted or damaged).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date

from gintally.engine.replay import Entry, Mark, Replay
from gintally.engine.seasons import season_end, season_of
from gintally.engine.series import series_rule
from gintally.engine.standings import Season, fold_standings
from gintally.ledger import Ledger
from gintally.ledger.folds import Fold
from gintally.model import Match
from gintally.service.replaying import stream_entries_from_plays
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
) -> tuple[list[Season], Replay]:
    """`fold_standings` of a match of two players, as its hands stream from the file, starting
    after the seasons cached when the match is `cacheable`; the seasons it finished are kept
    (`Ledger.keep_folds`, written by `Ledger.save_folds` once the command has done its work:
    the command line's `base.ledger` saves them when the command succeeds). Call it inside
    the ledger's `snapshot`. `dealer_before` says who deals first in a season the replay
    starts at."""
    rules, fmt, first = match.rules, match.format, match.first_seat
    if not cacheable(match):
        rows = stream_entries_from_plays(match, ledger.stream_plays(match))
        return fold_standings(rows, rules, fmt, first, today, year)
    seen = ledger.rows_seen()
    latest = ledger.live_hands_latest(match)
    start: Mark | None = None
    cached: list[Fold] = []
    if latest is not None:
        last = season_of(latest.date, fmt.season_start)[1]
        cached = ledger.season_folds(match, last)
        start = _start(ledger, match, cached, last, year, dealer_before)
    cut = None if start is None else (start.cut_date, start.cut_hand)
    plays = ledger.stream_plays(match, after=cut)
    entries: Iterable[Entry] = stream_entries_from_plays(match, plays)
    finished: list[tuple[Season, Mark | None]] = []
    seasons, rep = fold_standings(
        entries, rules, fmt, first, today, year, start, [f.season for f in cached], finished
    )
    made = [Fold(s, resume) for s, resume in finished]
    if made or any(seen[0] - f.seen[0] > RESTAMP for f in cached):
        # the folds still sound are kept again as of now, so that the rows a reader looks at
        # for what was written since (`folds.load`) stay about a season's
        made = sorted(cached + made, key=lambda f: f.season.start)
        ledger.keep_folds(match, made, seen)
    return seasons, rep


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
