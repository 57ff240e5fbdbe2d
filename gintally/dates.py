"""Dates people type: ``2007-04-27``, ``27 Apr 2007``, ``4/27``, ``today``, ``yesterday``.

ISO dates are read with the standard library; anything else goes to python-dateutil, imported
only then (so commands without a date start faster). Missing parts come from today, so ``4/27``
is this year's. A date that cannot be read is refused with the text named.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from gintally.errors import GintallyError


def parse_date(text: str, today: date) -> date:
    """The date `text` names, relative to `today` for ``today``, ``yesterday`` and gaps."""
    t = text.strip().lower()
    if t in ("today", "now"):
        return today
    if t == "yesterday":
        return today - timedelta(days=1)
    try:
        return date.fromisoformat(t)
    except ValueError:
        pass
    if not t or not any(ch.isdigit() for ch in t):
        raise GintallyError(
            f"cannot read the date {text!r} (try 2007-04-27, 27 Apr 2007, today or yesterday)"
        )
    from dateutil import parser

    try:
        default = datetime(today.year, today.month, today.day)
        parsed = parser.parse(text, default=default)
    except (ValueError, OverflowError, TypeError):
        raise GintallyError(
            f"cannot read the date {text!r} (try 2007-04-27, 27 Apr 2007, today or yesterday)"
        ) from None
    if not 1900 <= parsed.year <= 2999:
        raise GintallyError(f"the date {text!r} is out of range (1900 to 2999)")
    day: date = parsed.date()
    return day
