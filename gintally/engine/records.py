"""A season's records: what the lifetime records (`lifetime`) need of one season of one match,
kept by the standings fold (`standings.Fold`) beside the season's figures, so that a season
folded once (and cached: `ledger.folds`) gives `stats` its records without a replay.

Terminology
- hand: a hand as the records name it, ``(date, number)``: its date and its number in the match.
- biggest (`SeasonRecords.biggest`): for each seat, the points of the biggest hand it won in the
  season, and the first hand that scored them (in play order: the earliest of equals).
- run (`Run`): hands won in a row by one seat (a hand nobody won neither extends nor breaks
  it), from its first hand to its last. A run may go on from one season into the next, so a
  season keeps the runs at its edges apart:
  - opening: the season's first run, once another run began after it (None while the season
    is one run);
  - closing: the run in progress at the season's end (the whole season's when there is no
    opening run), which the next season may extend;
  - best: for each seat, the longest run between the two (the earliest of equals).
- last win (`SeasonRecords.last_win`): for each seat, the hand that closed the last game it won
  in the season (the best season's record names it).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

Hand = tuple[date, int]  # a hand: its date and its number in the match


@dataclass(slots=True)
class Run:
    """Hands won in a row by one seat, from `first` to `last`."""

    seat: int
    length: int
    first: Hand
    last: Hand


def _biggest() -> list[tuple[int, date, int] | None]:
    return [None, None]


def _runs() -> list[Run | None]:
    return [None, None]


def _hands() -> list[Hand | None]:
    return [None, None]


@dataclass(slots=True)
class SeasonRecords:
    """One season's records (see the module docstring)."""

    biggest: list[tuple[int, date, int] | None] = field(default_factory=_biggest)
    opening: Run | None = None
    best: list[Run | None] = field(default_factory=_runs)
    closing: Run | None = None
    last_win: list[Hand | None] = field(default_factory=_hands)

    def won(self, seat: int, points: int, day: date, number: int) -> None:
        """A hand won by `seat`, in play order."""
        big = self.biggest[seat]
        if big is None or points > big[0]:
            self.biggest[seat] = (points, day, number)
        run = self.closing
        if run is not None:
            if run.seat == seat:
                run.length += 1
                run.last = (day, number)
                return
            if self.opening is None:
                self.opening = run
            else:
                best = self.best[run.seat]
                if best is None or run.length > best.length:
                    self.best[run.seat] = run
        self.closing = Run(seat, 1, (day, number), (day, number))

    def to_values(self) -> list[object]:
        """The records as plain values (lists, ints, ISO dates), for the cache."""

        def hand(h: Hand | None) -> list[object] | None:
            return None if h is None else [h[0].isoformat(), h[1]]

        def run(r: Run | None) -> list[object] | None:
            return None if r is None else [r.seat, r.length, hand(r.first), hand(r.last)]

        return [
            [None if b is None else [b[0], b[1].isoformat(), b[2]] for b in self.biggest],
            run(self.opening),
            [run(r) for r in self.best],
            run(self.closing),
            [hand(h) for h in self.last_win],
        ]

    @classmethod
    def from_values(cls, values: object) -> SeasonRecords:
        """The records from `to_values`; raises ValueError (or TypeError) when they cannot be."""

        def hand(v: object) -> Hand | None:
            if v is None:
                return None
            day, number = _two(v)
            return date.fromisoformat(_text(day)), _count(number)

        def run(v: object) -> Run | None:
            if v is None:
                return None
            seat, length, first, last = _items(v, 4)
            a, b, s, n = hand(first), hand(last), _seat(seat), _count(length)
            if a is None or b is None or s is None or n < 1:
                raise ValueError(f"not a run: {v!r}")
            return Run(s, n, a, b)

        biggest_v, opening_v, best_v, closing_v, last_v = _items(values, 5)
        out = cls()
        for seat, b in enumerate(_two(biggest_v)):
            if b is not None:
                points, day, number = _items(b, 3)
                if type(points) is not int:
                    raise ValueError(f"not points: {points!r}")
                out.biggest[seat] = (points, date.fromisoformat(_text(day)), _count(number))
        out.opening = run(opening_v)
        out.best = [run(r) for r in _two(best_v)]
        out.closing = run(closing_v)
        out.last_win = [hand(h) for h in _two(last_v)]
        return out


def _items(value: object, n: int) -> list[object]:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"not {n} values: {value!r}")
    return value


def _two(value: object) -> list[object]:
    return _items(value, 2)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a date: {value!r}")
    return value


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"not a count: {value!r}")
    return value


def _seat(value: object) -> int | None:
    return value if value in (0, 1) and type(value) is int else None
