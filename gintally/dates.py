"""Dates people type: ``2007-04-27``, ``27 Apr 2007``, ``4/27``, ``5.3.1998``, ``today``.

ISO dates (``1998-03-05``) are read with the standard library and are never ambiguous. A numeric
date such as ``03/04/1998``, ``5.3.1998``, ``3-4-98`` or ``3/4`` can put the day first (``dmy``),
the month first (``mdy``) or the year first (``ymd``): every reading that makes a real date is
worked out, and when they disagree the date is read by the *date order* the caller passes (the
ledger's ``date_order`` setting), or refused with every reading named when there is none. A
date that reads one way only (``13/04/1998``, ``1998.3.5``, ``05/05/1998``) is simply read.
A year comes first when it has four digits, or when the order says so, or when no other reading
fits (``98.03.05``); so ``13/04/25`` is 13 April 2025, not 25 April 2013. A two-digit year is
the latest year with those digits up to next year (``98`` is 1998, ``25`` is 2025).

Anything else goes to python-dateutil, imported only then (so commands without a date start
faster), read both day first and month first, and refused the same way when the two differ;
a four-digit year written first is followed by the month there too (``2026-11-02 10:00:00``,
as a spreadsheet saves a date with its time).
A missing year is the latest year that does not put the date in the future, so ``27 Dec`` typed
on 2 January is last December's; a text that names no month and day (``7 pm``, ``Monday``) is
refused rather than taken as today. A hand cannot be played in the future (a day of grace allows
for time zones), and dates run from 1900; anything else is refused with the text named.

Pure: the caller passes today and the order; nothing here reads a clock or a ledger.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import ClassVar

from gintally.errors import GintallyError
from gintally.locales import language_code

FIRST, LAST = date(1900, 1, 1), date(2999, 12, 31)
ORDERS = ("dmy", "mdy", "ymd")  # day first, month first, year first
ORDER_HELP = {
    "dmy": "day first, 05.03.1998 is 5 March 1998",
    "mdy": "month first, 03/05/1998 is 5 March 1998",
    "ymd": "year first, 98-03-05 is 5 March 1998",
}
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
# Month names read besides English: German, French, Spanish, Italian and Dutch, in full and as
# their usual abbreviations (with and without accents), so "3. Mai 2025", "3 mars 2025",
# "3 de mayo de 2025", "3 maggio 2025" and "3 mei 2025" read as they are meant. A word here
# names one month in every language that has it ("mar" is March in Spanish and Italian, "mai"
# May in German and French), so no text reads as two months.
LOCAL_MONTHS = (
    ("januar", "jänner", "janvier", "janv", "enero", "ene", "gennaio", "gen", "januari"),
    ("februar", "feber", "février", "fevrier", "févr", "fevr", "febrero", "febbraio", "februari"),
    ("märz", "maerz", "marz", "mrz", "mär", "mars", "marzo", "maart", "mrt"),
    ("avril", "avr", "abril", "abr", "aprile"),
    ("mai", "mayo", "maggio", "mag", "mei"),
    ("juni", "juin", "junio", "giugno", "giu"),
    ("juli", "juillet", "juil", "julio", "luglio", "lug"),
    ("août", "aout", "agosto", "ago", "augustus"),
    ("septembre", "septiembre", "setiembre", "settembre", "set"),
    ("oktober", "okt", "octobre", "octubre", "ottobre", "ott"),
    ("novembre", "noviembre"),
    ("dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dicembre", "dic"),
)
# Each language's months in full, as a date is written for a reader (`format_date`).
MONTH_NAMES = {
    "en": MONTHS,
    "de": (
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ),
    "fr": (
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ),
    "es": (
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
    "it": (
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ),
    "nl": (
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ),
}
# The small words those languages put in a date: "3 de mayo de 2025", "1er mai", "le 3 mai".
LOCAL_WORDS = ("de", "del", "er", "le", "il")
_HELP = "try 2007-04-27, 27 Apr 2007, today or yesterday"
_SEP = r"(?:\s*[/.\-]\s*|\s+)"
_NUMERIC = re.compile(rf"(\d{{1,4}}){_SEP}(\d{{1,4}})(?:{_SEP}(\d{{1,4}}))?\.?")


def parse_date(text: str, today: date, order: str | None = None) -> date:
    """The date `text` names, relative to `today` for ``today``, ``yesterday`` and a missing
    year; a date that reads two ways is read by `order` (one of `ORDERS`) or refused."""
    if order is not None and order not in ORDERS:
        raise GintallyError(f"unknown date order {order!r}: use one of {', '.join(ORDERS)}")
    shown = " ".join(text.split())
    t = shown.lower()
    if t in ("today", "now"):
        return today
    if t == "yesterday":
        return today - timedelta(days=1)
    try:
        day = date.fromisoformat(t)
    except ValueError:
        numeric = _NUMERIC.fullmatch(t)
        if numeric:
            day = _numeric(shown, [p for p in numeric.groups() if p is not None], today, order)
        elif t.isdigit():
            raise GintallyError(f"cannot read the date {shown!r} ({_HELP})") from None
        else:
            day = _loose(shown, today, order)
    read = "" if shown == day.isoformat() else f" ({day.isoformat()})"  # said once
    return refuse_outside(day, f"the date {shown!r}", today, read)


def refuse_outside(day: date, named: str, today: date | None = None, read: str = "") -> date:
    """`day`, when a hand (or a payment) may be dated so: from 1900 to 2999, and, given
    `today`, not after tomorrow (a day of grace for time zones); else refused, naming it
    `named` (``the date '5/3'``), with `read` after it when it is in the future."""
    if not FIRST <= day <= LAST:
        raise GintallyError(f"{named} is out of range (1900 to 2999)")
    if today is not None and day > today + timedelta(days=1):
        raise GintallyError(f"{named}{read} is in the future")
    return day


def spoken(day: date) -> str:
    """A date as a confirmation says it: ``5 Mar 1998``."""
    return f"{day.day} {MONTHS[day.month - 1][:3]} {day.year}"


def format_date(day: date, language: str | None = None) -> str:
    """A date as a reader of `language` writes it in full: ``3 May 2026`` (English, also for
    None and any language not in `MONTH_NAMES`), ``3. Mai 2026``, ``3 mai 2026`` (``1er mai``),
    ``3 de mayo de 2026``, ``3 maggio 2026``, ``3 mei 2026``. `language` is a code or a locale
    name (``de``, ``de_DE.UTF-8``); `gintally.locales.language("LC_TIME")` gives the reader's.
    Every form reads back with `parse_date`."""
    lang = language_code(language)
    month = MONTH_NAMES[lang][day.month - 1]
    if lang == "de":
        return f"{day.day}. {month} {day.year}"
    if lang == "es":
        return f"{day.day} de {month} de {day.year}"
    if lang == "fr" and day.day == 1:
        return f"1er {month} {day.year}"
    return f"{day.day} {month} {day.year}"


# --- numeric dates --------------------------------------------------------------------------------


def _numeric(text: str, parts: list[str], today: date, order: str | None) -> date:
    """A date written with numbers only: each order's reading, then the one that applies."""
    readings = {o: d for o in ("dmy", "mdy") if (d := _reading(parts, o, today)) is not None}
    year_first = _reading(parts, "ymd", today)
    if year_first is not None and (len(parts[0]) > 2 or order == "ymd" or not readings):
        readings["ymd"] = year_first  # 98.03.05, or 03.04.05 when the order says year first
    distinct = list(dict.fromkeys(readings.values()))
    if not distinct:
        raise GintallyError(f"cannot read the date {text!r}: no day and month fit ({_HELP})")
    if len(distinct) == 1:
        return distinct[0]
    if order in readings:
        return readings[order]
    raise _two_ways(text, distinct, list(readings), len(parts) == 3, order)


def _reading(parts: list[str], order: str, today: date) -> date | None:
    """`parts` read in `order` (two parts: a day and month, year first meaning month first),
    or None when that is no date (a 3-digit year, a day or month of more than two digits)."""
    if len(parts) == 2:
        month_first = order != "dmy"
        month, day = parts if month_first else parts[::-1]
        if len(month) > 2 or len(day) > 2:
            return None
        return _without_year(int(month), int(day), today)
    fields = dict(zip(order, parts, strict=True))
    if len(fields["d"]) > 2 or len(fields["m"]) > 2 or len(fields["y"]) == 3:
        return None
    year = int(fields["y"])
    if len(fields["y"]) <= 2:  # the latest year with these digits, up to next year
        year += (today.year + 1) // 100 * 100
        if year > today.year + 1:
            year -= 100
    try:
        return date(year, int(fields["m"]), int(fields["d"]))
    except ValueError:
        return None


def _without_year(month: int, day: int, today: date) -> date | None:
    """The latest such day that is not after today (29 February: the latest leap year)."""
    for year in range(today.year, today.year - 9, -1):
        try:
            found = date(year, month, day)
        except ValueError:
            if month in range(1, 13) and 1 <= day <= 29:
                continue
            return None
        if found <= today:
            return found
    return None


def _two_ways(
    text: str, readings: list[date], orders: list[str], with_year: bool, order: str | None
) -> GintallyError:
    """The refusal of a date that reads several ways: every reading named, and the way out."""
    same_year = len({d.year for d in readings}) == 1
    names = [f"{d.day} {MONTHS[d.month - 1]}" for d in readings]
    if with_year and not same_year:
        names = [f"{n} {d.year}" for n, d in zip(names, readings, strict=True)]
    listed = ", ".join(names[:-1]) + " or " + names[-1]
    if with_year and same_year:
        listed += f" {readings[0].year}"
    if with_year:
        iso = " or ".join(d.isoformat() for d in readings)
    else:
        iso = " or ".join(spoken(d).rsplit(" ", 1)[0] for d in readings)
    setting = f" (the date order {order} does not fit it)" if order else ""
    return GintallyError(
        f"the date {text!r} could be {listed}{setting}: set the order with "
        f"gintally config date_order {'|'.join(orders)}, or write {iso}"
    )


# --- anything else --------------------------------------------------------------------------------


def _loose(text: str, today: date, order: str | None) -> date:
    """A date in any form dateutil reads that names at least a month and a day."""
    if not any(ch.isdigit() for ch in text):
        raise GintallyError(f"cannot read the date {text!r} ({_HELP})")
    numbers = re.findall(r"\d+", re.sub(r"\d{1,2}:\d{2}(?::\d{2})?", " ", text))
    if len(numbers) > 3 or sum(len(n) > 2 for n in numbers) > 1:
        raise GintallyError(f"the date {text!r} names more than one date ({_HELP})")
    from dateutil import parser

    info = _names()

    def parse(default: datetime, dayfirst: bool = False, yearfirst: bool = False) -> datetime:
        # a time zone is not the user's concern, nor warned of (its only warning): ignored, not
        # silenced by `warnings.catch_warnings`, which swaps the process's filters (threads
        # reading dates together left an "ignore" filter behind)
        found: datetime = parser.parse(
            text,
            parserinfo=info,
            default=default,
            dayfirst=dayfirst,
            yearfirst=yearfirst,
            ignoretz=True,
        )
        return found

    # Parse against two different defaults: a month or day the text does not name comes out
    # different, and is refused; a missing year comes out different too, and is filled in.
    # Then day first and month first: when those differ the text reads two ways.
    defaults = (datetime(2000, 1, 1), datetime(1996, 12, 31))  # leap years: 29 Feb reads
    flags = {"dmy": (True, False), "mdy": (False, False), "ymd": (False, True)}
    if re.match(r"\d{4}\D", text):  # a four-digit year first, then the month, whatever the
        flags = dict.fromkeys(flags, flags["ymd"])  # order: 2026-11-02 10:00 from a spreadsheet
    try:
        first, second = (parse(d) for d in defaults)
        ways = {o: parse(defaults[0], *flags[o]).date() for o in ("dmy", "mdy")}
        if order is not None:
            first, second = (parse(d, *flags[order]) for d in defaults)
    except (ValueError, OverflowError, TypeError):
        raise GintallyError(f"cannot read the date {text!r} ({_HELP})") from None
    if (first.month, first.day) != (second.month, second.day):
        raise GintallyError(f"the date {text!r} names no month and day ({_HELP})")
    if order is None and ways["dmy"] != ways["mdy"]:
        raise _two_ways(text, list(ways.values()), ["dmy", "mdy"], True, None)
    if first.year == second.year:
        return first.date()
    found = _without_year(first.month, first.day, today)  # no year given: the last such day
    if found is None:
        raise GintallyError(f"cannot read the date {text!r} ({_HELP})")
    return found


_INFO: list[object] = []  # dateutil's parserinfo with the month names, made once


def _names() -> object:
    """dateutil's words (`parserinfo`) with the months and small words of `LOCAL_MONTHS` and
    `LOCAL_WORDS` added to its English ones."""
    if not _INFO:
        from dateutil import parser

        class Names(parser.parserinfo):  # type: ignore[misc]
            MONTHS: ClassVar[list[tuple[str, ...]]] = [
                (*english, *local)
                for english, local in zip(parser.parserinfo.MONTHS, LOCAL_MONTHS, strict=True)
            ]
            JUMP: ClassVar[list[str]] = [*parser.parserinfo.JUMP, *LOCAL_WORDS]

        _INFO.append(Names())
    return _INFO[0]
