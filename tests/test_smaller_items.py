"""Issue 35's smaller items, as a household met them: the ✓ of a won game explained under the
sheet, a future date named once, the best season named as one match's, the chart of one
finished game told hand by hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest

from conftest import Run, as_json, ok, refused_line

if TYPE_CHECKING:
    from gintally.report import RaceDoc

CLI = Callable[..., Run]


@pytest.fixture
def evening(tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch) -> CLI:
    """A single match whose first game Ann won 1998-03-09 in three gins, then a knock of Bob's."""
    monkeypatch.setenv("GINTALLY_DB", str(tmp_path / "small.db"))
    monkeypatch.setenv("COLUMNS", "100")
    ok(gintally("match", "new", "One", "--players", "Ann", "Bob", "--dealer", "Ann"))
    for points in ("30", "40", "25"):
        ok(gintally("gin", "Ann", points, "--date", "1998-03-09"))
    ok(gintally("knock", "Bob", "2", "9", "--date", "1998-03-09"))
    return gintally


def test_the_mark_of_a_won_game_is_explained(evening: CLI) -> None:
    ok(evening("gin", "Ann", "30", "--date", "1998-03-09"))  # game 2 won: shown till the next
    lines = ok(evening("show")).stdout.splitlines()
    heads = [line for line in lines if "G2" in line]
    assert heads and "✓" in heads[0]  # Ann's column of game 2
    assert "✓ won the game" in lines
    # an open game has no mark, and no key
    ok(evening("match", "new", "Two", "--players", "Ann", "Bob", "--dealer", "Ann"))
    ok(evening("knock", "Ann", "8", "18"))
    shown = ok(evening("show")).stdout
    assert "✓" not in shown


def test_a_future_date_is_named_once(evening: CLI) -> None:
    ahead = (date.today() + timedelta(days=3)).isoformat()
    assert refused_line(evening("knock", "Ann", "8", "18", "--date", ahead)) == (
        f"Error: the date '{ahead}' is in the future"
    )
    day = date.today() + timedelta(days=40)
    typed = f"{day.day} {day.strftime('%b')} {day.year}"
    assert refused_line(evening("knock", "Ann", "8", "18", "--date", typed)) == (
        f"Error: the date '{typed}' ({day.isoformat()}) is in the future"
    )


def test_the_best_season_is_one_matchs(evening: CLI) -> None:
    records = ok(evening("stats")).stdout
    assert "best season   Ann, 1 game won in the 1998 season of One: hand 2, 1998-03-09" in (
        records
    )
    best = as_json(evening("stats", "--json"))["records"]["best_season"]
    assert (best["player"], best["games_won"], best["season"], best["match"]) == (
        "Ann",
        1,
        "1998",
        "One",
    )


def test_the_chart_of_one_finished_game_is_told_hand_by_hand(evening: CLI) -> None:
    from gintally.cli.chart import chart_text

    doc = cast("RaceDoc", as_json(evening("chart", "--json")))
    assert doc["dates"] == ["1998-03-09"]  # one game closed
    assert doc["running_points"] == {"Ann": [55, 120, 170, 170], "Bob": [0, 0, 0, 7]}
    text = chart_text(doc, 100)
    first = text.splitlines()[0].strip()
    assert first == "One, season 1998: points so far, one game finished, hand by hand on 1998-03-09"
    assert "games won" not in text
    assert text.splitlines()[-2].split() == ["0", "1", "2", "3", "4"]  # the four hands
    # two games closed: the race of games won, game by game
    ok(evening("gin", "Ann", "30", "--date", "1998-03-09"))
    ok(evening("gin", "Ann", "30", "--date", "1998-03-09"))
    two = chart_text(cast("RaceDoc", as_json(evening("chart", "--json"))), 100)
    assert two.splitlines()[0].strip() == "One, season 1998: games won, game by game on 1998-03-09"


def test_an_export_named_json_is_json(evening: CLI, tmp_path: Path) -> None:
    """``export --output sat.json`` writes JSON (the file's name says so, as import reads it), and
    a new ledger starts from it; ``--format`` still decides when it is given."""
    ok(evening("export", "--output", str(tmp_path / "sat.json")))
    doc = json.loads((tmp_path / "sat.json").read_text(encoding="utf-8"))
    assert doc["match"]["match"] == "One" and len(doc["hands"]) == 4
    ok(evening("export", "--output", str(tmp_path / "sat.csv")))
    assert (tmp_path / "sat.csv").read_text(encoding="utf-8").startswith("id,date,kind,")
    ok(evening("export", "--format", "csv", "--output", str(tmp_path / "odd.JSON")))
    assert (tmp_path / "odd.JSON").read_text(encoding="utf-8").startswith("id,date,kind,")
    fresh = str(tmp_path / "fresh.db")
    done = ok(evening("--db", fresh, "import", str(tmp_path / "sat.json")))
    assert done.stdout == "Imported 4 hands into One.\n"
    assert len(as_json(evening("--db", fresh, "hands", "--all", "--json"))["hands"]) == 4
