"""Dates (issue 12, SPEC section 5): a numeric date that reads two ways is read by the ledger's
date order, or refused with every reading named; ISO dates and dates that read one way only are
always read. `parse_date` is pure: today and the order are passed in."""

from __future__ import annotations

from datetime import date

import pytest

from gintally.dates import ORDERS, parse_date, spoken
from gintally.errors import GintallyError

TODAY = date(2025, 6, 1)


def refusal(text: str, order: str | None = None) -> str:
    with pytest.raises(GintallyError) as e:
        parse_date(text, TODAY, order)
    return str(e.value)


def test_the_issue_examples_name_both_readings() -> None:
    assert refusal("03/04/1998") == (
        "the date '03/04/1998' could be 3 April or 4 March 1998: set the order with "
        "gintally config date_order dmy|mdy, or write 1998-04-03 or 1998-03-04"
    )
    assert "could be 5 March or 3 May 1998" in refusal("5.3.1998")
    assert "could be 3 April or 4 March 1998" in refusal("3-4-98")  # 98: 1998, not 2098


@pytest.mark.parametrize(
    ("text", "dmy", "mdy"),
    [
        ("5.3.1998", date(1998, 3, 5), date(1998, 5, 3)),
        ("03/04/1998", date(1998, 4, 3), date(1998, 3, 4)),
        ("3-4-98", date(1998, 4, 3), date(1998, 3, 4)),
        ("3 4 1998", date(1998, 4, 3), date(1998, 3, 4)),
        ("03/04/1998 10:00", date(1998, 4, 3), date(1998, 3, 4)),  # through dateutil
        ("11/12/24", date(2024, 12, 11), date(2024, 11, 12)),
    ],
)
def test_an_order_reads_a_date_that_reads_two_ways(text: str, dmy: date, mdy: date) -> None:
    assert "could be" in refusal(text)
    assert parse_date(text, TODAY, "dmy") == dmy
    assert parse_date(text, TODAY, "mdy") == mdy


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("1998-03-05", date(1998, 3, 5)),  # ISO: never ambiguous
        ("19980305", date(1998, 3, 5)),  # ISO, basic form
        ("13/04/1998", date(1998, 4, 13)),  # no 13th month: day first
        ("04/13/1998", date(1998, 4, 13)),  # month first
        ("05/05/1998", date(1998, 5, 5)),  # both readings are the same day
        ("1998.3.5", date(1998, 3, 5)),  # four digits first: the year
        ("1998/04/03", date(1998, 4, 3)),  # (dateutil would read 3 April day first)
        ("98.03.05", date(1998, 3, 5)),  # 98 can only be a year
        ("4/27", date(2025, 4, 27)),  # no year: the latest 27 April not after today
        ("12/25", date(2024, 12, 25)),  # ... last Christmas, on 1 June 2025
        ("2/29", date(2024, 2, 29)),  # the latest leap day
        ("27 Apr 2007", date(2007, 4, 27)),
        ("Apr 3 98", date(1998, 4, 3)),
    ],
)
def test_a_date_that_reads_one_way_is_read_under_every_order(text: str, read: date) -> None:
    for order in (None, *ORDERS):
        assert parse_date(text, TODAY, order) == read, order


def test_year_first() -> None:
    # 03-04-05: 3 April 2005 (dmy), 4 March 2005 (mdy), 5 April 2003 (ymd)
    assert "could be 3 April or 4 March 2005" in refusal("03-04-05")
    assert parse_date("03-04-05", TODAY, "ymd") == date(2003, 4, 5)
    # a two-digit year comes first only when nothing else fits, or the order says so
    for order in (None, "dmy", "mdy"):
        assert parse_date("13/04/25", TODAY, order) == date(2025, 4, 13)
    assert parse_date("13/04/25", TODAY, "ymd") == date(2013, 4, 25)
    assert parse_date("3/4", TODAY, "ymd") == date(2025, 3, 4)  # no year: month, then day
    # an order that does not fit the date does not choose between the others
    line = refusal("03/04/1998", "ymd")
    assert "3 April or 4 March 1998 (the date order ymd does not fit it)" in line


def test_without_a_year() -> None:
    assert refusal("3/4") == (
        "the date '3/4' could be 3 April or 4 March: set the order with "
        "gintally config date_order dmy|mdy, or write 3 Apr or 4 Mar"
    )
    assert parse_date("3/4", TODAY, "dmy") == date(2025, 4, 3)
    assert parse_date("5.3.", TODAY, "dmy") == date(2025, 3, 5)  # German style
    assert parse_date("5.3.", TODAY, "mdy") == date(2025, 5, 3)


def test_refusals_name_the_text() -> None:
    assert "no day and month fit" in refusal("4/31")  # 31 April, 4 of a 31st month
    assert "no day and month fit" in refusal("31/31/1998")
    assert "cannot read the date '030498'" in refusal("030498")  # ddmmyy without separators
    assert "unknown date order 'dym'" in refusal("1998-03-05", "dym")
    assert "(2026-01-01) is in the future" in refusal("1/1/26")  # 26: 2026, a year ahead
    assert "out of range" in refusal("1.1.1850")


def test_today_and_yesterday_ignore_the_order() -> None:
    for order in (None, *ORDERS):
        assert parse_date("today", TODAY, order) == TODAY
        assert parse_date("Yesterday", TODAY, order) == date(2025, 5, 31)


def test_spoken() -> None:
    assert spoken(date(1998, 3, 5)) == "5 Mar 1998"
    assert spoken(date(2025, 12, 25)) == "25 Dec 2025"
