"""Insights: `stats` over a household ledger worked by hand, streaming, and refusals.

The household (kitchen rules: a plain race to 100, no bonuses, a tie scores nothing):

Kitchen, Ann v Bob, single games, 2024:
   1  5 Jan  Ann knocks 5 v 25      Ann +20          game 1: Ann 20-0
   2  5 Jan  Bob gin v 30           Bob +55          game 1: 20-55
   3 12 Jan  Ann knocks 3 v 40      Ann +37          game 1: 57-55
   4 12 Jan  Ann gin v 45           Ann +70          game 1: 127-55, Ann wins, net 72
   5  2 Feb  Bob knocks 6 v 6       a tie, nobody wins (tie=no-score)
   6  2 Feb  Bob knocks 4 v 50      Bob +46          game 2: 0-46
   7  9 Feb  Bob knocks 7, Ann 3    Ann undercuts: 15 + 4 = +19    game 2: 19-46
   8  9 Feb  Bob big gin v 30       Bob +65          game 2: 19-111, Bob wins, net 92
Sunday, Bob v Cy, hollywood (3 games, per-player entry), 2024:
   9  3 Mar  Cy gin v 25            Cy +50   (Cy's 1st win: game 1)      G1 0-50
  10  3 Mar  Cy knocks 2 v 52       Cy +50   (2nd: games 1, 2)           G1 0-100 Cy wins, net 100
  11 10 Mar  Cy knocks 1 v 61       Cy +60   (3rd: games 2, 3)           G2 0-110 Cy wins, net 110
  12 10 Mar  Bob gin v 80           Bob +105 (shut out of 1, 2: game 3)  G3 105-60 Bob wins, net 45
  The set: -100 - 110 + 45 = -165 from Bob's side: Cy wins it by 165.

So: Ann 1 match, 8 hands (the tie included), 4 won, 1 game, 1 gin, 1 undercut, biggest 70.
Bob 2 matches, 12 hands, 3 + 1 = 4 won, 2 games, 3 gins (big gin included), biggest 105.
Cy 1 match, 4 hands, 3 won, 2 games, 1 set, 1 gin, biggest 60.
Head to head: Ann v Bob games 1-1, hands 4-3, net -20 (72 - 92); Bob v Cy games 1-2, hands 1-3,
net -165. Records: biggest hand Bob's 105 (Sunday's 4th hand, 10 Mar); longest run Cy's 3 (Sunday's
first three, 3-10 Mar: Kitchen's longest is 2, Ann's hands 3-4); best season Cy's 2 games in 2024
(the last won on 10 Mar by Sunday's 3rd hand).
"""

from __future__ import annotations

import json
import shutil
import tracemalloc
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from conftest import Run
from gintally.cli import app
from gintally.engine.formats import Format
from gintally.engine.insights import Lifetime, Side
from gintally.engine.replay import Entry
from gintally.game.rules import resolve

CLI = Callable[..., Run]

KITCHEN = [
    ("knock", "Ann", "5", "--vs", "25", "--date", "2024-01-05"),
    ("gin", "Bob", "--vs", "30", "--date", "2024-01-05"),
    ("knock", "Ann", "3", "--vs", "40", "--date", "2024-01-12"),
    ("gin", "Ann", "--vs", "45", "--date", "2024-01-12"),
    ("knock", "Bob", "6", "--vs", "6", "--date", "2024-02-02"),
    ("knock", "Bob", "4", "--vs", "50", "--date", "2024-02-02"),
    ("knock", "Bob", "7", "--vs", "3", "--date", "2024-02-09"),
    ("big-gin", "Bob", "--vs", "30", "--date", "2024-02-09"),
]
SUNDAY = [
    ("gin", "Cy", "--vs", "25", "--date", "2024-03-03"),
    ("knock", "Cy", "2", "--vs", "52", "--date", "2024-03-03"),
    ("knock", "Cy", "1", "--vs", "61", "--date", "2024-03-10"),
    ("gin", "Bob", "--vs", "80", "--date", "2024-03-10"),
]


def ok(run: Run) -> Run:
    assert run.code == 0, (run.code, run.stdout, run.stderr)
    return run


def doc(run: Run) -> Any:
    return json.loads(ok(run).stdout)


@pytest.fixture(scope="module")
def household_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]]]:
    """The household ledger above, built once; with each match's hand numbers as the log
    shows them."""
    path = tmp_path_factory.mktemp("household") / "household.db"
    runner = CliRunner()

    def run(*args: str) -> Run:
        result = runner.invoke(app, ["--db", str(path), *args], env={"NO_COLOR": "1"})
        return Run(result.exit_code, result.stdout, result.stderr)

    ok(run("match", "new", "Kitchen", "--players", "Ann", "Bob", "--rules", "kitchen"))
    for args in KITCHEN:
        ok(run(*args, "--match", "Kitchen"))
    ok(
        run(
            "match", "new", "Sunday", "--players", "Bob", "Cy", "--rules", "kitchen",
            "--format", "hollywood",
        )
    )  # fmt: skip
    for args in SUNDAY:
        ok(run(*args, "--match", "Sunday"))
    numbers = {
        m: [h["id"] for h in doc(run("hands", "--match", m, "--json"))["hands"]]
        for m in ("Kitchen", "Sunday")
    }
    return path, numbers


@pytest.fixture
def household(
    household_file: tuple[Path, dict[str, list[int]]], db_path: Path
) -> dict[str, list[int]]:
    """A copy of the household ledger as this test's ledger."""
    shutil.copyfile(household_file[0], db_path)
    return household_file[1]


def test_stats_of_the_household_worked_by_hand(
    gintally: CLI, household: dict[str, list[int]]
) -> None:
    stats = doc(gintally("stats", "--json"))
    rows = {r["player"]: r for r in stats["players"]}
    assert [r["player"] for r in stats["players"]] == ["Bob", "Cy", "Ann"]  # most games first
    assert rows["Ann"] == {
        "player": "Ann", "matches": 1, "hands": 8, "hands_won": 4, "games_won": 1,
        "sets_won": 0, "series_won": 0, "gins": 1, "undercuts": 1, "biggest_hand": 70,
        "points": 20 + 37 + 70 + 19,
    }  # fmt: skip
    assert rows["Bob"] == {
        "player": "Bob", "matches": 2, "hands": 12, "hands_won": 4, "games_won": 2,
        "sets_won": 0, "series_won": 0, "gins": 3, "undercuts": 0, "biggest_hand": 105,
        "points": 55 + 46 + 65 + 105,
    }  # fmt: skip
    assert rows["Cy"] == {
        "player": "Cy", "matches": 1, "hands": 4, "hands_won": 3, "games_won": 2,
        "sets_won": 1, "series_won": 0, "gins": 1, "undercuts": 0, "biggest_hand": 60,
        "points": 160,
    }  # fmt: skip
    assert stats["head_to_head"] == [
        {
            "players": ["Ann", "Bob"], "matches": 1, "games": {"Ann": 1, "Bob": 1},
            "hands": {"Ann": 4, "Bob": 3}, "net": {"Ann": -20, "Bob": 20},
        },
        {
            "players": ["Bob", "Cy"], "matches": 1, "games": {"Bob": 1, "Cy": 2},
            "hands": {"Bob": 1, "Cy": 3}, "net": {"Bob": -165, "Cy": 165},
        },
    ]  # fmt: skip
    sunday = household["Sunday"]
    assert stats["records"] == {
        "biggest_hand": {
            "player": "Bob", "points": 105, "match": "Sunday", "date": "2024-03-10",
            "hand": sunday[3],
        },
        "longest_run": {
            "player": "Cy", "hands": 3, "match": "Sunday", "date": "2024-03-03",
            "hand": sunday[0], "until": "2024-03-10", "last_hand": sunday[2],
        },
        "best_season": {
            "player": "Cy", "games_won": 2, "season": "2024", "match": "Sunday",
            "date": "2024-03-10", "hand": sunday[2],
        },
    }  # fmt: skip


def test_stats_of_one_player_puts_them_first(
    gintally: CLI, household: dict[str, list[int]]
) -> None:
    ann = doc(gintally("stats", "--player", "ann", "--json"))  # names are case-blind
    assert ann["player"] == "Ann"
    assert [r["player"] for r in ann["players"]] == ["Ann"]
    assert [h["players"] for h in ann["head_to_head"]] == [["Ann", "Bob"]]
    kitchen = household["Kitchen"]
    # Ann's own records: her gin of hand 4, her run of hands 3-4, her one game of 2024
    assert ann["records"]["biggest_hand"]["points"] == 70
    assert ann["records"]["biggest_hand"]["hand"] == kitchen[3]
    run = ann["records"]["longest_run"]
    assert (run["hands"], run["hand"], run["last_hand"]) == (2, kitchen[2], kitchen[3])
    assert ann["records"]["best_season"]["games_won"] == 1
    cy = doc(gintally("stats", "--player", "Cy", "--json"))
    assert cy["head_to_head"][0]["players"] == ["Cy", "Bob"]
    assert cy["head_to_head"][0]["net"] == {"Cy": 165, "Bob": -165}


def test_stats_for_people_fits_80_columns(
    gintally: CLI, household: dict[str, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(gintally("stats")).stdout
    assert all(len(line) <= 80 for line in out.splitlines())
    for text in ("Bob", "Cy", "Ann", "Ann v Bob", "1-1", "4-3", "-20", "-165", "105 points"):
        assert text in out, text
    assert "3 hands won" in out and "2024-03-03..03-10" in out


def test_stats_refuses_an_unknown_player_and_reads_an_empty_ledger(gintally: CLI) -> None:
    empty = doc(gintally("stats", "--json"))
    assert empty["players"] == [] and empty["head_to_head"] == []
    assert empty["records"] == {"biggest_hand": None, "longest_run": None, "best_season": None}
    assert "No hands" in ok(gintally("stats")).stdout
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    bad = gintally("stats", "--player", "Zed")
    assert bad.code == 2 and bad.stderr.strip() == "Error: unknown player 'Zed'"


def test_a_voided_hand_counts_nowhere(gintally: CLI, household: dict[str, list[int]]) -> None:
    ok(gintally("void", str(household["Sunday"][3])))  # Bob's gin of 105 is gone
    stats = doc(gintally("stats", "--json"))
    bob = next(r for r in stats["players"] if r["player"] == "Bob")
    assert (bob["hands"], bob["hands_won"], bob["games_won"], bob["biggest_hand"]) == (11, 3, 1, 65)
    assert stats["records"]["biggest_hand"]["points"] == 70  # Ann's gin of hand 4


def _many(n: int) -> Iterator[Entry]:
    """n hands of a long single match, alternately won, 30 points each (a game every 7 hands)."""
    day = date(2000, 1, 1)
    for i in range(1, n + 1):
        yield Entry(i, day + timedelta(days=i // 20), i % 2, 30, "knock")


def _peak(n: int) -> tuple[int, Lifetime]:
    fold = Lifetime()
    tracemalloc.start()
    try:
        fold.match(
            "Long", [Side("Ann", ("Ann",)), Side("Bob", ("Bob",))], resolve("kitchen"),
            Format("single"), _many(n),
        )  # fmt: skip
        return tracemalloc.get_traced_memory()[1], fold
    finally:
        tracemalloc.stop()


def test_the_fold_streams_its_hands_in_bounded_memory() -> None:
    """Ten times the hands, about the same peak: nothing keeps a hand after it is folded."""
    small, _ = _peak(700)
    big, fold = _peak(7_000)
    assert fold.figures["Ann"].hands == 7_000
    assert fold.figures["Ann"].hands_won + fold.figures["Bob"].hands_won == 7_000
    # each game: 4 wins to 1 player reach 120 >= 100 first (alternating wins: 7 hands a game)
    assert fold.figures["Ann"].games_won + fold.figures["Bob"].games_won == 7_000 // 7
    assert big < small * 2 + 50_000, (small, big)
