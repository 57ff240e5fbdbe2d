"""One count of a figure: `standings --json`, `stats --json` and the year-in-review page
(`report --html`) agree on every figure they share, for every player, in every game kind (plain
gin, Mahjong gin, Gimlet Rummy), under every rule preset and in a team match.

Terminology
- case: one short match played through the command line (`Case`): its preset, its format and a
  few hands, enough for a game (and under a series preset a series) to be won. Every case has
  players of its own, so a player's lifetime `stats` are that one match's figures.
- view: what one command says of each player (or team): figure name -> number. The figures are
  the standings' names: games_won, sets_won, series_won, hands (played: only `stats` and a team
  match's members give it), hands_won, points, gins, undercuts, biggest_hand, net. `stats` has
  no net and leaves the Phantom out; the page counts sets and series won from its tables of them.
- team match: the standings and the page give the teams' rows (rounds won as hands won); the
  standings' `members` and `stats` give each player's own hands. A member's games, sets and
  series won are the team's, so they are compared with the team's row.

The ledger holding every case is built once per test worker (`ledger_from`); each case then
reads it three ways.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from conftest import Commands, Run, ok

CLI = Callable[..., Run]
View = dict[str, dict[str, int]]  # player (or team) -> figure -> value


@dataclass(frozen=True)
class Case:
    match: str
    new: tuple[str, ...]  # `match new MATCH ...` after the name
    hands: tuple[tuple[str, ...], ...]  # hand commands, each dated by `day`


def day(n: int) -> tuple[str, str]:
    return ("--date", f"2024-04-{n:02d}")


CASES = {
    "modern": Case(
        "Modern",
        ("--players", "Ann", "Bob"),
        (
            ("knock", "Ann", "5", "--vs", "25"),
            ("knock", "Bob", "8", "--vs", "5"),  # Ann undercuts
            ("gin", "Bob", "--vs", "30"),
            ("big-gin", "Ann", "--vs", "40"),  # Ann 119: game 1
            ("draw",),
            ("score", "Bob", "15"),
        ),
    ),
    "classic": Case(
        "Classic",
        ("--players", "Cal", "Dee", "--rules", "classic"),
        (
            ("gin", "Cal", "--vs", "50"),
            ("knock", "Dee", "9", "--vs", "3"),
            ("score", "Cal", "20"),  # Cal 106, a shutout: game 1
            ("knock", "Dee", "4", "--vs", "24"),
        ),
    ),
    "oklahoma": Case(
        "Okla",
        ("--players", "Oli", "Pam", "--rules", "oklahoma"),
        (
            ("knock", "Oli", "5", "--vs", "30", "--upcard", "7H"),
            ("gin", "Pam", "--vs", "40", "--upcard", "3S"),  # doubled: 130
            ("knock", "Oli", "2", "--vs", "2", "--upcard", "9D"),  # Pam undercuts: 155
            ("score", "Oli", "20"),
        ),
    ),
    "tournament": Case(
        "Cup",
        ("--players", "Tom", "Ula", "--rules", "tournament", "--set", "target=50"),
        (
            ("score", "Tom", "60"),
            ("score", "Ula", "60"),
            ("knock", "Tom", "7", "--vs", "3"),  # Ula undercuts: 29
            ("gin", "Ula", "--vs", "30"),  # Ula 84: her second game
            ("score", "Tom", "60"),
            ("score", "Tom", "60"),  # Tom's third game: series 1
            ("score", "Ula", "20"),
        ),
    ),
    "honeymoon": Case(
        "Honey",
        (
            "--players",
            "Hal",
            "Ivy",
            "--rules",
            "honeymoon",
            "--format",
            "honeymoon",
            "--games",
            "2",
            "--set",
            "target=100",
        ),
        (
            ("score", "Hal", "60"),
            ("score", "Ivy", "50"),
            ("knock", "Hal", "3", "--vs", "48", "--upcard", "8C"),  # Hal 105: game 1
            ("score", "Ivy", "55"),  # Ivy 105: game 2, and set 1 (by 5)
            ("knock", "Hal", "8", "--vs", "4", "--upcard", "TD"),  # Ivy undercuts: 21
        ),
    ),
    "kitchen": Case(
        "Kitchen",
        ("--players", "Kim", "Lou", "--rules", "kitchen"),
        (
            ("draw", "--deadwood", "Kim=10", "--deadwood", "Lou=25"),  # Kim 15
            ("gin", "Lou", "--vs", "20"),
            ("knock", "Kim", "5", "--vs", "5"),  # a tie: no score
            ("big-gin", "Kim", "--vs", "50"),  # Kim 100: game 1
        ),
    ),
    "straight": Case(
        "Straight",
        ("--players", "Max", "Ned", "--rules", "straight"),
        (
            ("gin", "Max", "--vs", "30"),
            ("gin", "Ned", "--vs", "60"),
            ("gin", "Max", "--vs", "50"),  # Max 130: game 1
        ),
    ),
    "tedesco": Case(
        "Tedesco",
        ("--players", "Ray", "Sue", "--rules", "tedesco", "--format", "hollywood"),
        (
            ("knock", "Ray", "4", "--vs", "24", "--upcard", "6H"),
            ("gin", "Sue", "--vs", "30", "--upcard", "KS"),  # doubled: 110
            ("score", "Ray", "120"),
            ("score", "Ray", "90"),  # Ray 230 in game 1
            ("score", "Sue", "100"),
        ),
    ),
    "mahjong": Case(
        "Tiles",
        ("--players", "Tia", "Vic", "--rules", "mahjong"),
        (
            ("gin", "Tia", "--table", "60", "--vs-table", "20", "--vs", "35"),  # 85 and -15
            ("gin", "Vic", "--table", "40", "--vs-table", "30", "--vs", "10"),  # 65 and 20
        ),  # Tia 105, Vic 50: game 1 is Tia's
    ),
    "multi-match": Case(
        "Multi",
        ("--players", "Wes", "Xan", "--rules", "multi-match"),
        (
            ("score", "Wes", "100"),  # 325 to 0
            ("knock", "Xan", "6", "--vs", "30"),
            ("gin", "Wes", "--vs", "80"),  # Wes 105: 230 to 49, series 1 (555)
            ("score", "Xan", "30"),
        ),
    ),
    "gimlet": Case(
        "Solo",
        ("--players", "Yve", "--rules", "gimlet"),
        (
            ("knock", "Yve", "3", "--piles", "1,2,0,3"),
            ("sour", "Yve", "40"),
            ("gimlet", "Yve", "--piles", "0,0,1,5"),
            ("double-gimlet", "Yve", "--piles", "2,2,2,2"),  # Yve 140: game 1
            ("sour", "Yve", "10"),
        ),
    ),
    "teams": Case(
        "Pairs",
        ("--teams", "Reds=Abe,Cat", "Blues=Dan,Eve"),
        (
            ("knock", "Abe", "8", "--vs", "23"),
            ("score", "Eve", "10"),
            ("gin", "Abe", "--vs", "60"),
            ("gin", "Cat", "--vs", "40"),  # Reds 155: game 1
            ("knock", "Dan", "9", "--vs", "4"),  # Abe undercuts
            ("knock", "Cat", "5", "--vs", "5"),  # Eve undercuts
            ("big-gin", "Dan", "--vs", "15"),  # round 4 in progress
        ),
    ),
}

COMMANDS: Commands = tuple(
    command
    for case in CASES.values()
    for command in (
        ("match", "new", case.match, *case.new),
        *((*hand, *day(n + 1)) for n, hand in enumerate(case.hands)),
    )
)

MARKS: dict[str, list[pytest.MarkDecorator]] = {}


# --- the three views ------------------------------------------------------------------------------

FIGURES = (
    "games_won",
    "sets_won",
    "series_won",
    "hands",
    "hands_won",
    "points",
    "gins",
    "undercuts",
    "biggest_hand",
    "net",
)
PAGE_COLUMNS = {
    "games won": "games_won",
    "hands won": "hands_won",
    "points": "points",
    "gins": "gins",
    "undercuts": "undercuts",
    "biggest": "biggest_hand",
    "net": "net",
}
SIDE_FIGURES = ("games_won", "sets_won", "series_won")  # a team member's are the team's


def doc(run: Run) -> Any:
    return json.loads(ok(run).stdout)


def picked(row: dict[str, Any]) -> dict[str, int]:
    return {k: row[k] for k in FIGURES if k in row}


class Tables(HTMLParser):
    """Every table of a page, as rows of cell texts, with the heading of its section."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[str, list[list[str]]]] = []
        self.heading: str | None = None
        self.section = ""
        self.row: list[str] | None = None
        self.cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "h2":
            self.heading = ""
        elif tag == "table":
            self.tables.append((self.section, []))
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2" and self.heading is not None:
            self.section, self.heading = self.heading, None
        elif tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[-1][1].append(self.row)
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.heading is not None:
            self.heading += data
        elif self.cell is not None:
            self.cell += data


def page_view(html: str) -> View:
    """The page's standings, with the sets and series won counted from their tables."""
    parser = Tables()
    parser.feed(html)
    view: View = {}
    won: dict[str, dict[str, int]] = {"set": {}, "series": {}}
    for section, rows in parser.tables:
        head, body = rows[0], rows[1:]
        if section == "Standings":
            for cells in body:
                view[cells[0]] = {
                    PAGE_COLUMNS[h]: int(v) for h, v in zip(head[1:], cells[1:], strict=True)
                }
        elif section == "Sets and series" and head[0] in won:
            at = head.index("won by")
            for cells in body:
                won[head[0]][cells[at]] = won[head[0]].get(cells[at], 0) + 1
    for row_name, figures in view.items():
        figures["sets_won"] = won["set"].get(row_name, 0)
        figures["series_won"] = won["series"].get(row_name, 0)
    return view


def views(cli: CLI, case: Case, page: Path) -> dict[str, View]:
    """What standings, stats and the page say of each player (and team) of the case's match."""
    standings = doc(cli("standings", "--match", case.match, "--json"))
    ok(cli("report", "--html", str(page), "--match", case.match))
    shown = page_view(page.read_text(encoding="utf-8"))
    rows = {r["player"]: picked(r) for r in standings["rows"]}
    names = set(rows)
    for member in standings.get("members", []):
        team = rows[member["team"]]
        rows[member["player"]] = picked(member) | {k: team[k] for k in SIDE_FIGURES}
        shown[member["player"]] = {k: shown[member["team"]][k] for k in SIDE_FIGURES}
        names.add(member["player"])
    stats = {
        p["player"]: picked(p)
        for p in doc(cli("stats", "--json"))["players"]
        if p["player"] in names
    }
    return {"standings": rows, "stats": stats, "report": shown}


def disagreements(seen: dict[str, View]) -> list[str]:
    """Every figure two views give differently for the same player, as `name figure: a says x,
    b says y`."""
    out = []
    for (a, va), (b, vb) in combinations(seen.items(), 2):
        for name in sorted(set(va) & set(vb)):
            for figure in FIGURES:
                x, y = va[name].get(figure), vb[name].get(figure)
                if x is not None and y is not None and x != y:
                    out.append(f"{name} {figure}: {a} says {x}, {b} says {y}")
    return out


# --- the test -------------------------------------------------------------------------------------


@pytest.fixture
def book(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """Every case's match in one ledger (built once per test worker, copied for each test)."""
    ledger_from(COMMANDS, db_path)
    return gintally


@pytest.mark.parametrize("kind", [pytest.param(k, marks=MARKS.get(k, []), id=k) for k in CASES])
def test_standings_stats_and_the_page_agree(book: CLI, kind: str, tmp_path: Path) -> None:
    case = CASES[kind]
    seen = views(book, case, tmp_path / "year.html")
    players = set(seen["standings"])
    # every player is in every view (the Phantom is no person: it has no stats)
    assert set(seen["report"]) == players
    assert set(seen["stats"]) == players - {"Phantom", "Reds", "Blues"}
    # every case won a game, so the views have something to agree on
    assert any(v["games_won"] for v in seen["standings"].values())
    assert disagreements(seen) == []


def test_every_preset_and_game_kind_is_played(gintally: CLI) -> None:
    """The cases cover every preset `gintally rules` lists (so every game kind), and a team
    match."""
    presets = {p["preset"] for p in doc(gintally("rules", "--json"))["presets"]}
    assert presets == set(CASES) - {"teams"}
    for name, case in CASES.items():
        rules = case.new[case.new.index("--rules") + 1] if "--rules" in case.new else "modern"
        assert rules == ("modern" if name == "teams" else name), name
    assert "--teams" in CASES["teams"].new
