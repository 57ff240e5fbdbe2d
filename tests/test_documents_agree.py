"""Where the documents and the program part (issue 35): `show --all --json` is
`Match.sheet(all=True)` to the byte, stake and in_play included; `chart --json` of a match with
no hands prints a document (empty, and valid against its schema); a format without sets has no
`format_games` to report (null), and a match exported and imported keeps its format."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from json_schema import load_schema, validate

import gintally as library
from conftest import Run, as_json, ok

CLI = Callable[..., Run]
SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"


@pytest.mark.parametrize(
    ("fmt", "hands"),
    [
        ("single", [("knock", "Ann", "8", "18"), ("gin", "Bob", "30"), ("score", "Ann", "120")]),
        ("hollywood", [("knock", "Ann", "8", "18"), ("gin", "Bob", "30"), ("gin", "Ann", "20")]),
    ],
)
def test_show_all_json_is_the_librarys_sheet_with_its_money(
    tmp_path: Path, gintally: CLI, fmt: str, hands: list[tuple[str, ...]]
) -> None:
    db = tmp_path / "money.db"

    def run(*args: str) -> Run:
        return gintally("--db", str(db), *args)

    ok(run("match", "new", "Night", "--players", "Ann", "Bob", "--format", fmt, "--dealer", "Ann"))
    ok(run("match", "stake", "Night", "0.05"))
    for hand in hands:
        ok(run(*hand))
    printed = ok(run("show", "--all", "--json")).stdout
    doc = json.loads(printed)
    with library.open(db) as book:
        sheet = book.match("Night").sheet(all=True)
    assert doc == sheet
    assert list(doc)[-2:] == ["stake", "in_play"]
    assert doc["stake"]["per_point"] == "0.05 a point"
    assert doc["in_play"] == as_json(run("show", "--json"))["in_play"]
    validate(doc, load_schema(SCHEMAS, "show"))
    # the lines say it too, as `show` does
    money = [x for x in ok(run("show")).stdout.splitlines() if x.startswith("At 0.05 a point")]
    assert len(money) == 1
    every = ok(run("show", "--all")).stdout.splitlines()
    assert every[-2:] == [money[0], "Next dealer: " + doc["next_dealer"] + ".  Knock limit: 10."]


def test_show_all_json_without_a_stake_has_no_money(tmp_path: Path, gintally: CLI) -> None:
    db = tmp_path / "free.db"
    ok(gintally("--db", str(db), "match", "new", "Night", "--players", "Ann", "Bob"))
    ok(gintally("--db", str(db), "knock", "Ann", "8", "18"))
    doc = as_json(gintally("--db", str(db), "show", "--all", "--json"))
    assert "stake" not in doc and "in_play" not in doc
    with library.open(db) as book:
        assert book.match("Night").sheet(all=True) == doc


def test_chart_json_of_a_match_with_no_hands_is_an_empty_document(
    tmp_path: Path, gintally: CLI
) -> None:
    db = tmp_path / "empty.db"
    ok(gintally("--db", str(db), "match", "new", "Night", "--players", "Ann", "Bob"))
    with library.open(db) as book:
        today = book.today()
        charted = book.chart("Night")
    doc = as_json(gintally("--db", str(db), "chart", "--json"))
    year = str(today.year)
    assert doc == charted
    assert doc == {
        "match": "Night",
        "format": "single",
        "players": ["Ann", "Bob"],
        "season": year,
        "start": f"{year}-01-01",
        "end": f"{today.year + 1}-01-01",
        "first_hand": f"{year}-01-01",
        "dates": [],
        "games_won": {"Ann": [], "Bob": []},
        "net": {"Ann": [], "Bob": []},
        "months": [],
        "monthly_games": {"Ann": [], "Bob": []},
        "running_dates": [],
        "running_points": {"Ann": [], "Bob": []},
    }
    validate(doc, load_schema(SCHEMAS, "chart"))
    said = ok(gintally("--db", str(db), "chart")).stdout
    assert said == f"Night, season {year}: no hand scored yet.\n"
    # a season asked for by year that holds no hand is still refused
    refused = gintally("--db", str(db), "chart", "--year", "1999", "--json")
    assert (refused.code, refused.stderr) == (2, "Error: match 'Night' has no hands yet\n")


@pytest.mark.parametrize(
    ("args", "games"),
    [
        ((), None),
        (("--format", "ad-infinitum"), None),
        (("--format", "hollywood"), 3),
        (("--format", "honeymoon", "--games", "2"), 2),
    ],
)
def test_format_games_is_a_sets_games_or_null(
    tmp_path: Path, gintally: CLI, args: tuple[str, ...], games: int | None
) -> None:
    db = tmp_path / "format.db"
    ok(gintally("--db", str(db), "match", "new", "Night", "--players", "Ann", "Bob", *args))
    ok(gintally("--db", str(db), "knock", "Ann", "8", "18"))
    shown = as_json(gintally("--db", str(db), "show", "--json"))
    info = as_json(gintally("--db", str(db), "match", "show", "--json"))
    assert (shown["format_games"], info["format_games"]) == (games, games)
    validate(shown, load_schema(SCHEMAS, "show"))
    validate(info, load_schema(SCHEMAS, "match"))
    # the export carries it; an import into a new ledger makes the same match
    out = tmp_path / "night.json"
    ok(gintally("--db", str(db), "export", "--format", "json", "--output", str(out)))
    other = tmp_path / "other.db"
    ok(gintally("--db", str(other), "import", str(out)))
    again = as_json(gintally("--db", str(other), "match", "show", "--json"))
    assert (again["format"], again["format_games"]) == (info["format"], games)
