"""A household's first month (issue 35), cases 1, 3, 4, 5, 8, 9 and 10: counts typed as people
type them, money that never reaches back unasked, one figure in `settle` and `show`, and a
second device brought in with one command. Each case runs through the command line with its
exact figures, and through the library (`gintally.open`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest

import gintally as library
from conftest import Run, as_json, ok, refused_line
from gintally.errors import GintallyError

CLI = Callable[..., Run]


# --- case 3: counts as people type them ----------------------------------------------------------


def test_counts_typed_by_position_are_the_options_they_stand_for(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    assert "Hand 1: Ann knocks with 8, Bob has 18: Ann +10" in ok(
        gintally("knock", "Ann", "8", "18")
    ).stdout
    assert "Hand 2: Ann goes gin, Bob has 30: Ann +55" in ok(gintally("gin", "Ann", "30")).stdout
    assert "Hand 3: Bob goes big gin, Ann has 30: Bob +61" in ok(
        gintally("big-gin", "Bob", "30")
    ).stdout
    typed = as_json(gintally("hands", "--json"))["hands"]
    assert [h["points"] for h in typed] == [10, 55, 61]


def test_an_extra_count_is_named_and_nothing_is_written(gintally: CLI, db_path: Path) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "8", "18"))
    before = db_path.read_bytes()
    assert refused_line(gintally("knock", "Ann", "8", "18", "40")) == (
        "Error: knock takes 3 values at most (PLAYER DEADWOOD VS); the extra '40' is over"
    )
    assert refused_line(gintally("gin", "Ann", "30", "--vs", "20")) == (
        "Error: gin: --vs is given twice (20 and 30)"
    )
    assert db_path.read_bytes() == before


def test_the_library_and_the_command_line_place_counts_alike(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        assert m.knock("Ann", 8, 18)["points"] == 10
        assert m.gin("Ann", 30)["points"] == 55
        assert m.big_gin("Bob", 30)["points"] == 61


# --- case 1: money never reaches back unasked ----------------------------------------------------


def _two_finished_games(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "100", "--date", "2020-01-10"))
    ok(gintally("score", "Ann", "100"))


def test_a_first_price_starts_after_the_finished_games(gintally: CLI) -> None:
    _two_finished_games(gintally)
    said = " ".join(ok(gintally("match", "stake", "S", "1")).stdout.split())
    tomorrow = date.today() + timedelta(days=1)  # the last game closed today
    assert said == (
        f"Match S is played at 1 a point from {tomorrow}, after the games already finished "
        "(--from DATE prices them too)."
    )
    assert as_json(gintally("settle", "--json"))["balances"] == []
    assert "All square." in ok(gintally("settle")).stdout


def test_a_price_from_a_date_says_what_it_covers(gintally: CLI) -> None:
    _two_finished_games(gintally)
    said = ok(gintally("match", "stake", "S", "1", "--from", "2020-01-01")).stdout
    assert " ".join(said.split()) == (
        "Match S is played at 1 a point from 2020-01-01: it covers 2 finished games: Bob would "
        "owe Ann 650.00."
    )
    assert "Bob owes Ann 650.00." in ok(gintally("settle")).stdout


def test_the_library_returns_what_a_price_covers(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        m.score("Ann", 100, date=date(2020, 1, 10))
        m.score("Ann", 100)
        first = m.stake(1)
        assert "covers" not in first and first["stake"]["since"] is not None
        assert book.settlement()["balances"] == []
        back = m.stake(1, since="2020-01-01")
        assert back["covers"] == {
            "games": 2,
            "sets": 0,
            "text": "covers 2 finished games: Bob would owe Ann 650.00",
        }
        with pytest.raises(GintallyError, match="has a stake from 2020-01-01 already"):
            m.stake(2, since="2020-01-01")


def test_a_price_on_a_match_with_nothing_finished_holds_from_the_start(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "40"))
    doc = as_json(gintally("match", "stake", "S", "1", "--json"))
    assert doc == {
        "match": "S",
        "stake": as_json(gintally("match", "show", "--json"))["stake"],
    }
    assert doc["stake"]["since"] is None


# --- case 8: settle and show say what their figure counts ----------------------------------------


def test_show_names_what_each_figure_counts(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "--players", "Ann", "Bob", "--format", "hollywood"))
    ok(gintally("match", "stake", "H", "0.05", "--currency", "$"))
    ok(gintally("score", "Ann", "60"))
    out = ok(gintally("show")).stdout
    assert "Set 1 so far, its open game included: Ann is 60 points ahead, worth $3.00." in out
    settled = ok(gintally("settle")).stdout
    assert "Set 1 so far, its open game included: Ann is 60 points ahead, worth $3.00." in settled
