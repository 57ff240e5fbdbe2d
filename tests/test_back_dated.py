"""Issue 35, case 7: a hand dated before the game in progress began never lands silently in
tonight's game. It is refused (exit 2, nothing written) with a line naming both days and the
two ways on: a paper-book match of its own (a command that works when copied) or
``--back-date`` (``back_date=True`` in the library), which places it by its date and names the
finished games it changes. An import carries history in its order and is not refused."""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

import gintally as library
from conftest import Run, as_json, ok, refused_line
from gintally.errors import GintallyError

CLI = Callable[..., Run]
TONIGHT = "2026-01-10"
REFUSED = (
    "Error: the hand is dated 2007-04-27, before 2026-01-10, the day the game in progress in "
    "'Kitchen table' began: it would join that game. Keep old results in a paper-book match "
    "(gintally match new 'Kitchen table paper book' --players Ann Bob), or give --back-date to "
    "place it here by its date"
)
SHUTOUT_UNDONE = "Game 1 changes: was Ann 370-0, shutout, net 370; now Ann 260-30, net 230"


def _tonight(gintally: CLI) -> None:
    ok(gintally("match", "new", "Kitchen table", "--players", "Ann", "Bob", "--dealer", "Ann"))
    ok(gintally("knock", "Ann", "8", "--vs", "18", "--date", TONIGHT))
    ok(gintally("knock", "Bob", "5", "--vs", "20", "--date", TONIGHT))


def test_a_hand_from_2007_is_refused_and_nothing_is_written(gintally: CLI) -> None:
    _tonight(gintally)
    before = ok(gintally("show", "--json")).stdout
    hands = ok(gintally("hands", "--json")).stdout
    typed = ("score", "Bob", "57", "--kind", "gin", "--date", "2007-04-27")
    assert refused_line(gintally(*typed)) == REFUSED
    assert ok(gintally("show", "--json")).stdout == before
    assert ok(gintally("hands", "--json")).stdout == hands


def test_the_suggested_paper_book_works_when_copied(gintally: CLI) -> None:
    _tonight(gintally)
    line = refused_line(gintally("score", "Bob", "57", "--kind", "gin", "--date", "2007-04-27"))
    command = line[line.index("(gintally ") + 1 : line.index(")")]
    assert command == "gintally match new 'Kitchen table paper book' --players Ann Bob"
    ok(gintally(*shlex.split(command)[1:]))
    said = ok(gintally("score", "Bob", "57", "--kind", "gin", "--date", "2007-04-27")).stdout
    assert said.startswith("Hand 1 in Kitchen table paper book, 27 Apr 2007: Bob scores 57 (gin)")
    # with the paper book there, the refusal points into it
    ok(gintally("match", "use", "Kitchen table"))
    line = refused_line(gintally("score", "Bob", "57", "--date", "2007-04-28"))
    assert "(--match 'Kitchen table paper book')" in line
    assert ok(gintally("hands", "--json")).stdout.count('"hand":') == 2


def test_back_date_places_the_hand_by_its_date(gintally: CLI) -> None:
    _tonight(gintally)
    said = ok(
        gintally("score", "Bob", "57", "--kind", "gin", "--date", "2007-04-27", "--back-date")
    ).stdout
    assert said == (
        "Hand 3, 27 Apr 2007: Bob scores 57 (gin)\n  Game 1: Ann 10, Bob 72\nNext dealer: Bob\n"
    )
    log = as_json(gintally("hands", "--all", "--json"))["hands"]
    assert [(h["hand"], h["date"], h["dealer"]) for h in log] == [  # asked for: hand 1 moves
        (3, "2007-04-27", "Ann"),
        (1, TONIGHT, "Bob"),
        (2, TONIGHT, "Ann"),
    ]


def test_back_date_names_the_finished_game_it_changes(gintally: CLI) -> None:
    ok(gintally("match", "new", "Kitchen", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "60", "--date", "2026-03-02"))
    ok(gintally("score", "Ann", "50", "--date", "2026-03-03"))  # game 1: a shutout
    assert refused_line(gintally("score", "Bob", "5", "--date", "2026-03-01")) == (
        "Error: the hand is dated 2026-03-01, before 2026-03-03, the day of the latest hand in "
        "'Kitchen': it would land in a finished game. Keep old results in a paper-book match "
        "(gintally match new 'Kitchen paper book' --players Ann Bob), or give --back-date to "
        "place it here by its date"
    )
    said = ok(gintally("score", "Bob", "5", "--date", "2026-03-01", "--back-date")).stdout
    assert said == (
        "Hand 3, 1 Mar 2026: Bob scores 5\n"
        "  Game 1: Ann wins 260 to 30 with the bonuses, net 230\n"
        "Next dealer: Ann\n" + SHUTOUT_UNDONE + "\n"
    )
    ok(gintally("undo"))
    doc = as_json(gintally("score", "Bob", "5", "--date", "2026-03-01", "--back-date", "--json"))
    assert doc["changed_text"] == [SHUTOUT_UNDONE]
    was = {"winner": "Ann", "total": {"Ann": 370, "Bob": 0}, "shutout": True, "net": 370}
    now = {"winner": "Ann", "total": {"Ann": 260, "Bob": 30}, "shutout": False, "net": 230}
    assert doc["changed"] == [{"game": 1, "was": was, "now": now}]


def test_a_hand_of_a_finished_season_names_the_season(gintally: CLI) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--format", "ad-infinitum"))
    ok(gintally("knock", "Ann", "5", "--vs", "30", "--date", "2025-12-13"))
    assert refused_line(gintally("knock", "Bob", "7", "--vs", "30", "--date", "2021-01-03")) == (
        "Error: the hand is dated 2021-01-03, before 2025-12-13, the day the games in progress "
        "in 'M' began: it would land in its 2021 season, which is over. Keep old results in a "
        "paper-book match (gintally match new 'M paper book' --players Ann Bob --format "
        "ad-infinitum), or give --back-date to place it here by its date"
    )


def test_a_hand_of_the_same_day_or_later_is_placed_as_ever(gintally: CLI) -> None:
    _tonight(gintally)
    ok(gintally("score", "Ann", "1", "--date", TONIGHT))
    ok(gintally("score", "Ann", "1"))  # today
    assert [h["hand"] for h in as_json(gintally("hands", "--json"))["hands"]] == [1, 2, 3, 4]


def test_an_import_carries_its_history_in_order(gintally: CLI, tmp_path: Path) -> None:
    _tonight(gintally)
    page = tmp_path / "page.csv"
    page.write_text("date,kind,winner,points\n2007-04-27,gin,Bob,57\n", encoding="utf-8")
    assert ok(gintally("import", str(page))).stdout.startswith("Imported 1 hand")


def test_the_library_refuses_and_places_alike() -> None:
    with library.open(":memory:") as book:
        match = book.new_match("Kitchen table", ["Ann", "Bob"], dealer="Ann")
        match.knock("Ann", 8, vs=18, date=date(2026, 1, 10))
        match.knock("Bob", 5, vs=20, date=date(2026, 1, 10))
        with pytest.raises(GintallyError) as refused:
            match.score("Bob", 57, "gin", date=date(2007, 4, 27))
        assert str(refused.value) == REFUSED.removeprefix("Error: ").replace(
            "--back-date", "back_date=True"
        )
        assert match.hand_count() == 2
        doc = match.score("Bob", 57, "gin", date=date(2007, 4, 27), back_date=True)
        assert (doc["hand"], doc["date"], doc["changed"], doc["changed_text"]) == (
            3,
            "2007-04-27",
            [],
            [],
        )
        assert [h["hand"] for h in match.hands(all=True)["hands"]] == [3, 1, 2]

    with library.open(":memory:") as book:
        match = book.new_match("Kitchen", ["Ann", "Bob"])
        match.score("Ann", 60, date=date(2026, 3, 2))
        match.score("Ann", 50, date=date(2026, 3, 3))
        doc = match.score("Bob", 5, date=date(2026, 3, 1), back_date=True)
        assert doc["changed_text"] == [SHUTOUT_UNDONE]


def test_play_shows_the_refusal_and_takes_back_date(db_path: Path) -> None:
    command = [str(Path(sys.executable).parent / "gintally"), "--db", str(db_path)]
    setup = "match new 'Kitchen table' --players Ann Bob --dealer Ann"
    subprocess.run([*command, *shlex.split(setup)], check=True, capture_output=True)
    lines = (
        f"knock Ann 8 18 --date {TONIGHT}\n"
        "score Bob 57 --kind gin --date 2007-04-27\n"
        "score Bob 57 --kind gin --date 2007-04-27 --back-date\n"
        "q\n"
    )
    played = subprocess.run(
        [*command, "play", "--plain"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = played.stdout + played.stderr
    assert "before 2026-01-10, the day the game in progress in 'Kitchen table' began" in out
    assert "Hand 2, 27 Apr 2007: Bob scores 57 (gin)" in out
