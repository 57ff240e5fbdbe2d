"""Dates people type: ``2007-04-27``, ``27 Apr 2007``, ``4/27``, ``today``, ``yesterday``.

ISO dates are read with the standard library; anything else goes to python-dateutil, imported
only then (so commands without a date start faster). A missing year is the latest year that
does not put the date in the future, so ``27 Dec`` typed on 2 January is last December's; a
text that names no month and day (``7 pm``, ``Monday``) is refused rather than taken as today.
A hand cannot be played in the future (a day of grace allows for time zones), and dates run
from 1900; anything else is refused with the text named.
"""

from __future__ import annotations

import warnings
from datetime import date, datetime, timedelta

from gintally.errors import GintallyError

FIRST, LAST = date(1900, 1, 1), date(2999, 12, 31)
_HELP = "try 2007-04-27, 27 Apr 2007, today or yesterday"


def parse_date(text: str, today: date) -> date:
    """The date `text` names, relative to `today` for ``today``, ``yesterday`` and a missing
    year."""
    t = text.strip().lower()
    if t in ("today", "now"):
        return today
    if t == "yesterday":
        return today - timedelta(days=1)
    try:
        day = date.fromisoformat(t)
    except ValueError:
        day = _loose(text, today)
    if not FIRST <= day <= LAST:
        raise GintallyError(f"the date {text.strip()!r} is out of range (1900 to 2999)")
    if day > today + timedelta(days=1):
        raise GintallyError(f"the date {text.strip()!r} ({day.isoformat()}) is in the future")
    return day


def _loose(text: str, today: date) -> date:
    """A date in any form dateutil reads that names at least a month and a day."""
    if not any(ch.isdigit() for ch in text):
        raise GintallyError(f"cannot read the date {text!r} ({_HELP})")
    from dateutil import parser

    # Parse against two different defaults: a month or day the text does not name comes out
    # different, and is refused; a missing year comes out different too, and is filled in.
    defaults = (datetime(today.year, 1, 1), datetime(today.year - 1, 12, 31))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. an unknown time zone: not the user's concern
            first, second = (parser.parse(text, default=d) for d in defaults)
    except (ValueError, OverflowError, TypeError):
        raise GintallyError(f"cannot read the date {text!r} ({_HELP})") from None
    if (first.month, first.day) != (second.month, second.day):
        raise GintallyError(f"the date {text!r} names no month and day ({_HELP})")
    result: date = first.date()
    if first.year != second.year and result > today:  # no year given: the last such day
        result = result.replace(year=result.year - 1)
    return result
