"""Seasons: the yearly windows of a match.

Terminology
- season start: the first day of every season, ``(month, day)``; 1 January by default, or an
  anniversary (``--season-start MM-DD``). 29 February is refused: a season must start every year.
- season: the half-open window ``[start, end)`` of one year from a season start. Its label is the
  year it starts in (``2007``), or both years (``2007/08``) when it does not start on 1 January.

For ad-infinitum a season starts with no open games and the games still open at its end are
*unfinished*; the other formats run across seasons and only count their hands and games by it.
"""

from __future__ import annotations

from datetime import date

from gintally.errors import GintallyError

NEW_YEAR = (1, 1)


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


def season_start_text(start: tuple[int, int]) -> str:
    """A season start as ``MM-DD`` (the inverse of `parse_season_start`)."""
    return f"{start[0]:02d}-{start[1]:02d}"


def season_of(day: date, start: tuple[int, int] = NEW_YEAR) -> tuple[str, date]:
    """The label and first day of the season holding `day` (``2007``, or ``2007/08``)."""
    month, first = start
    year = day.year if (day.month, day.day) >= (month, first) else day.year - 1
    label = str(year) if start == NEW_YEAR else f"{year}/{(year + 1) % 100:02d}"
    return label, date(year, month, first)


def season_end(first_day: date) -> date:
    """The first day after the season that starts on `first_day` (the next season's start)."""
    return first_day.replace(year=first_day.year + 1)
