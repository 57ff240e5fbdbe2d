"""A program that calls the library with what Python lets it pass, not what the signatures say:
a `datetime` or a date no hand can have, a truthy text for a switch, None or a number for a
name, a number for a path. Each is refused by a `ParameterError` naming the parameter and the
value, and the ledger file is byte for byte what it was (every row of every table)."""

from __future__ import annotations

import io
import os
import sqlite3
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

import gintally
from gintally.errors import GintallyError, ParameterError


@pytest.fixture
def book(tmp_path: Path) -> Iterator[gintally.Book]:
    with gintally.open(tmp_path / "family.db") as opened:
        match = opened.new_match("Kitchen", ["Ann", "Bob"], stake="0.05")
        match.knock("Ann", 8, vs=18)
        match.gin("Bob", 30)
        yield opened


def every_row(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the ledger at `path`."""
    conn = sqlite3.connect(path)
    try:
        tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: conn.execute(f'SELECT * FROM "{t}"').fetchall() for t in sorted(tables)}
    finally:
        conn.close()


def refused(book: gintally.Book, call: Callable[[gintally.Book], object]) -> str:
    """The message of the `ParameterError` that `call` raises, having changed no row."""
    path = Path(book.path)
    before = every_row(path)
    with pytest.raises(ParameterError) as caught:
        call(book)
    assert every_row(path) == before
    message = str(caught.value)
    assert "\n" not in message
    return message


TOMORROW_BUT_ONE = date.today() + timedelta(days=2)
AT_NOON = datetime(2026, 1, 5, 12, 0)

# A date a program gives is refused as the command line refuses its text: a `datetime` (its
# time was stored with the day: a row `check` calls damaged), a day out of 1900-2999, and for a
# hand, a payment, a settlement and a printed evening a day after tomorrow. Before, each was
# written (a payment dated in the future made every later read say the ledger is damaged) or
# raised TypeError.
DATES: dict[str, tuple[Callable[[gintally.Book], object], str]] = {
    "knock at noon": (
        lambda b: b.match().knock("Ann", 5, vs=20, date=AT_NOON),
        f"date must be a date (datetime.date), not {AT_NOON!r}",
    ),
    "knock in the future": (
        lambda b: b.match().knock("Ann", 5, vs=20, date=TOMORROW_BUT_ONE),
        f"date {TOMORROW_BUT_ONE.isoformat()} is in the future",
    ),
    "knock before 1900": (
        lambda b: b.match().knock("Ann", 5, vs=20, date=date(1899, 12, 31), back_date=True),
        "date 1899-12-31 is out of range (1900 to 2999)",
    ),
    "edit into the future": (
        lambda b: b.match().edit(1, date=TOMORROW_BUT_ONE),
        f"date {TOMORROW_BUT_ONE.isoformat()} is in the future",
    ),
    "edit at noon": (
        lambda b: b.match().edit(1, date=AT_NOON),
        f"date must be a date (datetime.date), not {AT_NOON!r}",
    ),
    "pay in the future": (
        lambda b: b.match().pay("Bob", "Ann", "1", date=TOMORROW_BUT_ONE),
        f"date {TOMORROW_BUT_ONE.isoformat()} is in the future",
    ),
    "pay at noon": (
        lambda b: b.pay("Bob", "Ann", "1", date=AT_NOON),
        f"date must be a date (datetime.date), not {AT_NOON!r}",
    ),
    "stake from noon": (
        lambda b: b.match().stake("0.10", since=AT_NOON),
        f"since must be a date (datetime.date), not {AT_NOON!r}",
    ),
    "stake from 3000": (
        lambda b: b.match().stake("0.10", since=date(3000, 1, 1)),
        "since 3000-01-01 is out of range (1900 to 2999)",
    ),
    "settle since 1800": (
        lambda b: b.settlement(date(1800, 1, 1)),
        "since 1800-01-01 is out of range (1900 to 2999)",
    ),
    "settle since at noon": (
        lambda b: b.match().settlement(AT_NOON),
        f"since must be a date (datetime.date), not {AT_NOON!r}",
    ),
    "print an evening to come": (
        lambda b: b.print_page("evening", day=TOMORROW_BUT_ONE),
        f"day {TOMORROW_BUT_ONE.isoformat()} is in the future",
    ),
}


@pytest.mark.parametrize("case", DATES, ids=list(DATES))
def test_a_date_no_hand_can_have_is_refused_naming_it(book: gintally.Book, case: str) -> None:
    call, message = DATES[case]
    assert refused(book, call) == message


def test_a_price_agreed_for_next_year_is_still_taken(book: gintally.Book) -> None:
    ahead = date(date.today().year + 1, 1, 1)
    done = book.match().stake("0.10", since=ahead)
    assert done["stake"]["since"] == ahead.isoformat()


# A switch given as text or a number was taken for its truth: ``force="no"`` replaced an
# export and imported a match's own export a second time, ``repair="no"`` repaired.
SWITCHES: dict[str, tuple[Callable[[gintally.Book, Path], object], str]] = {
    "export force": (
        lambda b, d: b.export(None, d / "out.csv", force="no"),  # type: ignore[arg-type]
        "force must be True or False, not 'no'",
    ),
    "export excel": (
        lambda b, d: b.export(None, d / "new.csv", excel=1),  # type: ignore[arg-type]
        "excel must be True or False, not 1",
    ),
    "import force": (
        lambda b, d: b.import_(d / "out.csv", force="no"),  # type: ignore[arg-type]
        "force must be True or False, not 'no'",
    ),
    "backup force": (
        lambda b, d: b.backup(d / "out.csv", force="no"),  # type: ignore[arg-type]
        "force must be True or False, not 'no'",
    ),
    "report force": (
        lambda b, d: b.report(out=d / "out.csv", force="no"),  # type: ignore[arg-type]
        "force must be True or False, not 'no'",
    ),
    "print force": (
        lambda b, d: b.print_page("pad", out=d / "out.csv", force="no"),  # type: ignore[arg-type]
        "force must be True or False, not 'no'",
    ),
    "check repair": (
        lambda b, d: b.check(repair="no"),  # type: ignore[arg-type]
        "repair must be True or False, not 'no'",
    ),
    "rolling": (
        lambda b, d: b.new_match("Cup", ["Ann", "Bob"], format="hollywood", rolling="no"),  # type: ignore[arg-type]
        "rolling must be True or False, not 'no'",
    ),
    "sheet all": (
        lambda b, d: b.match().sheet(all="no"),  # type: ignore[arg-type]
        "all must be True or False, not 'no'",
    ),
    "hands all": (
        lambda b, d: b.match().hands(all=None),  # type: ignore[arg-type]
        "all must be True or False, not None",
    ),
    "hand_count voided": (
        lambda b, d: b.match().hand_count(voided=1),  # type: ignore[arg-type]
        "voided must be True or False, not 1",
    ),
}


@pytest.mark.parametrize("case", SWITCHES, ids=list(SWITCHES))
def test_a_switch_is_true_or_false(book: gintally.Book, tmp_path: Path, case: str) -> None:
    book.export(None, tmp_path / "out.csv")  # a file that is there: force decides
    kept = (tmp_path / "out.csv").read_bytes()
    call, message = SWITCHES[case]
    assert refused(book, lambda b: call(b, tmp_path)) == message
    assert (tmp_path / "out.csv").read_bytes() == kept
    assert not (tmp_path / "new.csv").exists()


# A name given as None or a number was stored as its text (a match named 'None', one renamed
# '5'), or raised AttributeError, or reached SQLite (a list: "Error binding parameter");
# delete_match(None) deleted the current match.
NAMES: dict[str, tuple[Callable[[gintally.Book], object], str]] = {
    "new match None": (
        lambda b: b.new_match(None, ["Ann", "Bob"]),  # type: ignore[arg-type]
        "name must be text, not None",
    ),
    "new match players text": (
        lambda b: b.new_match("Cup", "Ann"),  # type: ignore[arg-type]
        "players must be a list like ['Ann', 'Bob'], not 'Ann'",
    ),
    "new match players set": (
        lambda b: b.new_match("Cup", {"Ann"}),  # type: ignore[arg-type]
        "players must be a list like ['Ann', 'Bob'], not {'Ann'}",
    ),
    "new match players numbers": (
        lambda b: b.new_match("Cup", [1, 2]),  # type: ignore[list-item]
        "players must be a list like ['Ann', 'Bob'], not [1, 2]",
    ),
    "new match teams numbers": (
        lambda b: b.new_match("Cup", teams=[1, 2]),  # type: ignore[list-item]
        "teams must be a list like ['Ann,Cy', 'Bob,Di'], not [1, 2]",
    ),
    "new match format": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], format=5),  # type: ignore[arg-type]
        "format must be text, not 5",
    ),
    "new match dealer": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], dealer=5),  # type: ignore[arg-type]
        "dealer must be text, not 5",
    ),
    "new match season start": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], season_start=date(2026, 4, 1)),  # type: ignore[arg-type]
        "season_start must be text, not datetime.date(2026, 4, 1)",
    ),
    "new match currency": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], stake=1, currency=5),  # type: ignore[arg-type]
        "currency must be text, not 5",
    ),
    "delete None": (
        lambda b: b.delete_match(None),  # type: ignore[arg-type]
        "name must be text, not None",
    ),
    "use None": (
        lambda b: b.use_match(None),  # type: ignore[arg-type]
        "name must be text, not None",
    ),
    "rename match to 5": (
        lambda b: b.rename_match("Kitchen", 5),  # type: ignore[arg-type]
        "new must be text, not 5",
    ),
    "rename player to None": (
        lambda b: b.rename_player("Ann", None),  # type: ignore[arg-type]
        "new must be text, not None",
    ),
    "match as a list": (
        lambda b: b.match(["Kitchen"]),  # type: ignore[arg-type]
        "name must be text, not ['Kitchen']",
    ),
    "stats of a list": (
        lambda b: b.stats(["Ann"]),  # type: ignore[arg-type]
        "player must be text, not ['Ann']",
    ),
    "pay from 5": (
        lambda b: b.pay(5, "Ann", "1"),  # type: ignore[arg-type]
        "payer must be text, not 5",
    ),
    "pay with a note 5": (
        lambda b: b.match().pay("Bob", "Ann", "1", note=5),  # type: ignore[arg-type]
        "note must be text, not 5",
    ),
    "stake currency": (
        lambda b: b.match().stake("0.10", since=date.today(), currency=5),  # type: ignore[arg-type]
        "currency must be text, not 5",
    ),
    "setting 5": (
        lambda b: b.settings("date_order", 5),  # type: ignore[arg-type]
        "value must be text, not 5",
    ),
    "setting a value alone": (
        lambda b: b.settings(None, "dmy"),
        "a value is set with its setting's key, not alone: 'dmy'",
    ),
    "forget None": (
        lambda b: b.forget(None),  # type: ignore[arg-type]
        "key must be text, not None",
    ),
    "a day read from 5": (
        lambda b: b.day(5),  # type: ignore[arg-type]
        "text must be a date as typed (27 Apr), not 5",
    ),
    "merge same match 5": (
        lambda b: b.merge(b.path, same_match=5),  # type: ignore[arg-type]
        "same_match must be text, not 5",
    ),
}


@pytest.mark.parametrize("case", NAMES, ids=list(NAMES))
def test_a_name_is_text(book: gintally.Book, case: str) -> None:
    call, message = NAMES[case]
    assert refused(book, call) == message
    assert [m["match"] for m in book.matches()["matches"]] == ["Kitchen"]


# A path or file of the wrong kind raised TypeError, AttributeError or ValueError from os, io
# or pathlib (``open("")``: "PosixPath('.') has an empty name").
FILES: dict[str, tuple[Callable[[gintally.Book], object], str]] = {
    "backup to 5": (
        lambda b: b.backup(5),  # type: ignore[arg-type]
        "path must be a file's path (text or a Path), not 5",
    ),
    "merge None": (
        lambda b: b.merge(None),  # type: ignore[arg-type]
        "other must be a file's path (text or a Path), not None",
    ),
    "import 5": (
        lambda b: b.import_(5),  # type: ignore[arg-type]
        "source must be a file's path or an open file, not 5",
    ),
    "export to None": (
        lambda b: b.export(None, None),  # type: ignore[arg-type]
        "out must be a file's path or an open text file, not None",
    ),
    "export to ''": (
        lambda b: b.export(None, ""),
        "out must be a file's path (text or a Path), not ''",
    ),
    "export format 5": (
        lambda b: b.export(None, io.StringIO(), format=5),  # type: ignore[arg-type]
        "format must be text, not 5",
    ),
    "report to 5": (
        lambda b: b.report(out=5),  # type: ignore[arg-type]
        "out must be a file's path or an open text file, not 5",
    ),
    "print to 5": (
        lambda b: b.print_page("pad", out=5),  # type: ignore[arg-type]
        "out must be a file's path or an open text file, not 5",
    ),
}


@pytest.mark.parametrize("case", FILES, ids=list(FILES))
def test_a_file_is_a_path_or_an_open_file(book: gintally.Book, case: str) -> None:
    call, message = FILES[case]
    assert refused(book, call) == message


def test_a_binary_or_closed_file_is_no_text_file(book: gintally.Book) -> None:
    binary = io.BytesIO()
    assert refused(book, lambda b: b.export(None, binary)) == (  # type: ignore[arg-type]
        f"out must be a text file, not a binary one ({binary!r})"
    )
    closed = io.StringIO()
    closed.close()
    assert refused(book, lambda b: b.export(None, closed)) == f"out is a closed file ({closed!r})"
    assert refused(book, lambda b: b.import_(closed)) == (
        f"source must be a file's path or an open file, not {closed!r}"
    )


@pytest.mark.parametrize("path", [5, "", "  ", b"family.db"])
def test_a_book_opens_a_path_only(path: object) -> None:
    with pytest.raises(ParameterError) as caught:
        gintally.open(path)  # type: ignore[arg-type]
    assert str(caught.value) == f"path must be a file's path (text or a Path), not {path!r}"


# A rule knob of the wrong type was passed on as its text: ``target="150"`` and
# ``spade_doubles=1`` made a match; the type `Knobs` gives each knob is checked at run time.
KNOBS: dict[str, tuple[dict[str, object], str]] = {
    "target text": ({"target": "150"}, "target must be a whole number, not '150'"),
    "target True": ({"target": True}, "target must be a whole number, not True"),
    "target off": ({"target": None}, "target must be a whole number, not None"),
    "spade doubles 1": ({"spade_doubles": 1}, "spade_doubles must be True or False, not 1"),
    "gin bonus 25.0": ({"gin_bonus": 25.0}, "gin_bonus must be a whole number, not 25.0"),
    "big gin bonus text": (
        {"big_gin_bonus": "off"},
        "big_gin_bonus must be a whole number or None (off), not 'off'",
    ),
    "knock limit list": (
        {"knock_limit": [10]},
        "knock_limit must be a whole number or text, not [10]",
    ),
    "tie 1": ({"tie": 1}, "tie must be text, not 1"),
}


@pytest.mark.parametrize("case", KNOBS, ids=list(KNOBS))
def test_a_knob_is_of_its_type(book: gintally.Book, case: str) -> None:
    knobs, message = KNOBS[case]
    assert refused(book, lambda b: b.new_match("Cup", ["Ann", "Bob"], **knobs)) == message  # type: ignore[arg-type]


def test_knobs_of_their_types_still_make_a_match(book: gintally.Book) -> None:
    made = book.new_match(
        "Cup",
        ["Ann", "Bob"],
        target=150,
        spade_doubles=True,
        big_gin_bonus=None,
        knock_limit="upcard",
        tie="knocker",
    )
    rules = made.info()["rules"]
    assert (rules["target"], rules["spade_doubles"], rules["big_gin_bonus"]) == (150, True, None)
    assert (rules["knock_limit"], rules["tie"]) == ("upcard", "knocker")


# A count given as the text of a number, where a count or the cards are taken, was read as
# cards and refused as "unknown card '18'", which names neither the parameter nor a number.
COUNTS_AS_TEXT: dict[str, tuple[Callable[[gintally.Book], object], str]] = {
    "gin vs": (
        lambda b: b.match("Kitchen").gin("Ann", "18"),
        "vs must be a whole number, not '18'",
    ),
    "big gin vs": (
        lambda b: b.match("Kitchen").big_gin("Ann", " 18 "),
        "vs must be a whole number, not ' 18 '",
    ),
    "edit vs": (
        lambda b: b.match("Kitchen").edit(1, vs="20"),
        "vs must be a whole number, not '20'",
    ),
    "mahjong table": (
        lambda b: b.match("Tiles").gin("Ann", 10, table="5", vs_table=3),
        "table must be a whole number, not '5'",
    ),
}


@pytest.mark.parametrize("case", COUNTS_AS_TEXT, ids=list(COUNTS_AS_TEXT))
def test_a_count_given_as_text_is_named(book: gintally.Book, case: str) -> None:
    book.new_match("Tiles", ["Ann", "Bob"], rules="mahjong")
    call, message = COUNTS_AS_TEXT[case]
    assert refused(book, call) == message


def test_cards_are_still_cards(book: gintally.Book) -> None:
    # a set of kings melds; the queen, the jack and 9 to 5 are 55 points of deadwood
    done = book.match().gin("Ann", "KS KH KD QC JC 9S 8H 7D 6C 5S")
    assert (done["winner"], done["defender_deadwood"], done["points"]) == ("Ann", 55, 80)


def test_one_book_shared_by_threads_loses_nothing(tmp_path: Path) -> None:
    """Threads that share one Book each record their hands, as threads with a Book each do:
    before, they shared one connection, so one's write joined another's transaction (two
    hands took one number, refused by the ledger) or refused "cannot start a transaction
    within a transaction", and most of their hands were lost."""
    import threading

    failed: list[BaseException] = []
    with gintally.open(tmp_path / "family.db") as shared:
        shared.new_match("Kitchen", ["Ann", "Bob"])

        def play(who: str) -> None:
            try:
                for i in range(12):
                    shared.match("Kitchen").knock(who, 5, vs=20, note=f"{who} {i}")
                    shared.match("Kitchen").sheet()
            except BaseException as e:  # the thread's failure, asserted below
                failed.append(e)

        threads = [threading.Thread(target=play, args=(who,)) for who in ("Ann", "Bob", "Ann")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        hands = shared.match("Kitchen").hands(all=True)["hands"]
    assert failed == []
    assert [h["hand"] for h in hands] == list(range(1, 37))
    assert sorted(str(h["note"]) for h in hands) == sorted(
        f"{who} {i}" for who in ("Ann", "Bob", "Ann") for i in range(12)
    )
    with gintally.open(tmp_path / "family.db") as again:
        assert again.check()["ok"] is True


def test_a_closed_book_closes_every_threads_connection(tmp_path: Path) -> None:
    import threading

    book = gintally.open(tmp_path / "family.db")
    book.new_match("Kitchen", ["Ann", "Bob"])
    thread = threading.Thread(target=lambda: book.match().knock("Ann", 5, vs=20))
    thread.start()
    thread.join()
    assert opened_on(tmp_path / "family.db") == 2  # this thread's and the other's
    book.close()
    assert opened_on(tmp_path / "family.db") == 0
    assert book.match().hand_count() == 1  # opened again, in this thread
    book.close()


def opened_on(path: Path) -> int:
    """How many of this process's descriptors are open on the file at `path` (Linux)."""
    fds = Path("/proc/self/fd")
    return sum(1 for fd in fds.iterdir() if os.path.realpath(fd) == os.path.realpath(path))


def test_a_book_in_memory_checks_its_own_ledger() -> None:
    """``check`` opened the ledger by its path, so a Book on ":memory:" holding hands was
    reported as "no ledger at :memory:"; it checks the ledger the Book holds open."""
    with gintally.open(":memory:") as book:
        book.new_match("Kitchen", ["Ann", "Bob"]).knock("Ann", 8, vs=18)
        assert book.check() == {"ledger": ":memory:", "ok": True, "problems": []}
        book.ledger().conn.execute("DROP TRIGGER forget_marks_hand_changed")
        found = book.check()
        assert found["ok"] is False
        assert [p.split(":")[0] for p in found["problems"]] == [
            "schema trigger forget_marks_hand_changed"
        ]
        assert book.check(repair=True)["problems"] == [
            "schema trigger forget_marks_hand_changed: was missing (dropped by another tool): "
            "put back"
        ]
        assert book.check()["ok"] is True
        assert book.match().hand_count() == 1  # still open, still there


# An amount far past any price was written out in full before it was read: a Decimal with an
# exponent of a hundred million made a 100 MB refusal, one of 10**18 raised MemoryError, and a
# whole number past 4,300 digits raised ValueError (str's limit).
HUGE: dict[str, tuple[Decimal | int, str]] = {
    "a hundred million zeros": (Decimal("1E+100000000"), "'1E+100000000'"),
    "past memory": (Decimal("1E+999999999999999999"), "'1E+999999999999999999'"),
    "a tiny fraction": (Decimal("1E-999999999999999999"), "'1E-999999999999999999'"),
    "past str's digits": (10**5000, "'1.00000E+5000'"),
}


@pytest.mark.parametrize("case", HUGE, ids=list(HUGE))
def test_an_amount_past_any_price_is_refused_briefly(book: gintally.Book, case: str) -> None:
    amount, shown = HUGE[case]
    path = Path(book.path)
    before = every_row(path)
    for call, what in (
        (lambda: book.match().pay("Bob", "Ann", amount), "the amount"),
        (lambda: book.new_match("Cup", ["Ann", "Bob"], stake=amount), "the stake"),
    ):
        with pytest.raises(GintallyError) as caught:
            call()
        assert str(caught.value) == f"{what} must be an amount such as 0.05 or 12.50, not {shown}"
    assert every_row(path) == before


def test_an_amount_in_an_exponent_still_reads(book: gintally.Book) -> None:
    paid = book.match().pay("Bob", "Ann", Decimal("1E+1"))
    assert (paid["amount"], paid["from"], paid["to"]) == ("10.00", "Bob", "Ann")


def test_a_draw_given_many_counts_is_read_in_one_pass(book: gintally.Book) -> None:
    """Each name of a drawn hand's counts was compared with a set of the names before it made
    again: 8,000 names took eight seconds, 50,000 would take minutes before the refusal."""
    import time

    counts = {f"Guest {i}": 1 for i in range(50_000)}
    started = time.perf_counter()
    with pytest.raises(GintallyError) as caught:
        book.match().draw(deadwood=counts)
    assert str(caught.value) == "'Guest 0' does not play in match 'Kitchen' (Ann and Bob do)"
    assert time.perf_counter() - started < 5
    twice = {"Ann": 5, " ann ": 6}
    assert refused(book, lambda b: b.match().draw(deadwood=twice)) == (
        "deadwood gives ann's count twice"
    )


def test_dates_read_in_threads_leave_the_warning_filters_alone(tmp_path: Path) -> None:
    """A date read from text (``27 Apr 2025``, `Book.day`) went through dateutil inside
    `warnings.catch_warnings`, which swaps the process's filters and is not thread-safe:
    threads reading dates together left an "ignore every warning" filter behind for good.
    dateutil is now told to ignore time zones (its only warning) instead."""
    import sys
    import threading
    import warnings

    with gintally.open(tmp_path / "family.db") as book:
        book.new_match("Kitchen", ["Ann", "Bob"])
        before = list(warnings.filters)
        read: list[date] = []
        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)  # threads switch often: the race shows at once
        try:

            def reading() -> None:
                for _ in range(200):
                    read.append(book.day("27 Apr 2025"))

            threads = [threading.Thread(target=reading) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            sys.setswitchinterval(interval)
        assert list(warnings.filters) == before
        assert set(read) == {date(2025, 4, 27)} and len(read) == 800
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            assert book.day("27 Apr 2025 10:00 EST") == date(2025, 4, 27)
        assert said == []  # nothing said about the time zone either


def test_the_sheet_without_rows_is_what_show_draws_from(tmp_path: Path) -> None:
    """`Match.sheet(rows=False)`: a season's sheet without its rows, its open and latest games
    and the season's tally; a single game's sheet is the same document either way."""
    book = gintally.open(tmp_path / "rows.db")
    inf = book.new_match("Inf", ["Ann", "Bob"], format="ad-infinitum")
    for i in range(60):
        inf.knock("Ann", 1 + i % 9, vs=20 + i % 7) if i % 3 else inf.gin("Bob", vs=10 + i % 30)
    whole, drawn = inf.sheet(), inf.sheet(rows=False)
    won = {p: sum(g["winner"] == p for g in whole["games"]) for p in ("Ann", "Bob")}
    assert len(whole["sheet"]) == 60 and drawn["sheet"] == []
    assert drawn["tally"]["games_won"] == won and sum(won.values()) > 20
    numbers = [g["number"] for g in drawn["games"]]
    assert set(numbers) < {g["number"] for g in whole["games"]}
    assert {g["number"] for g in whole["games"] if g["status"] == "open"} <= set(numbers)
    single = book.new_match("One", ["Ann", "Bob"])
    single.knock("Ann", 5, vs=30)
    assert single.sheet(rows=False) == single.sheet()
    with pytest.raises(ParameterError, match="rows"):
        single.sheet(rows="no")  # type: ignore[arg-type]
