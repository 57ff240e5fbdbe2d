"""Insights over the game kinds (issue 14 after issue 9 B): the Gimlet phantom is not a person,
series won are counted, and the views show both-score and solitaire hands.

Solo (Gimlet Rummy, Ann against the Phantom: games to 100, no bonuses), May 2024:
   1  1 May  sour Ann 40                    Phantom 30 + 40 = 70      game 1: 0-70
   2  1 May  sour Ann 50                    Phantom 30 + 50 = 80      game 1: 0-150, Phantom wins
   3  2 May  knock Ann 3 --piles 1,2,0,3    Ann 8 + 6 + 10 + 4 = 28   game 2: 28-0
   4  2 May  gimlet Ann --piles 0,0,1,5     Ann 10 + 10 + 8 + 0 + 20 = 48    game 2: 76-0
   5  3 May  double-gimlet Ann --piles 2,2,2,2   Ann 6 x 4 + 40 = 64  game 2: 140-0, Ann wins

The Phantom is not a person: no row, no head-to-head pair, no record (its 80-point hand and
its 150-point game are bigger than Ann's, and are not records). Ann's figures count every hand
she played: 5 hands, 3 won (28 + 48 + 64 = 140 points), 1 game, 2 gins (the gimlet and the
double gimlet), biggest hand 64; her longest run is hands 3-5 (the sour deals were lost).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Commands, Run, ok

CLI = Callable[..., Run]

SOLO = [
    ("sour", "Ann", "40", "--date", "2024-05-01"),
    ("sour", "Ann", "50", "--date", "2024-05-01"),
    ("knock", "Ann", "3", "--piles", "1,2,0,3", "--date", "2024-05-02"),
    ("gimlet", "Ann", "--piles", "0,0,1,5", "--date", "2024-05-02"),
    ("double-gimlet", "Ann", "--piles", "2,2,2,2", "--date", "2024-05-03"),
]


def doc(run: Run) -> Any:
    return json.loads(ok(run).stdout)


@pytest.fixture
def solo(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """The match Solo (gimlet rules) with the SOLO hands: every command must succeed (the
    ledger is built once per test worker and copied for each test)."""
    ledger_from((("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"), *SOLO), db_path)
    return gintally


def test_the_phantom_is_not_a_person_in_stats(solo: CLI) -> None:
    games = doc(solo("show", "--json"))["games"]
    assert [(g["number"], g["winner"], g["total"], g["net"]) for g in games] == [
        (1, "Phantom", {"Ann": 0, "Phantom": 150}, 150),
        (2, "Ann", {"Ann": 140, "Phantom": 0}, 140),
    ]
    stats = doc(solo("stats", "--json"))
    assert stats["players"] == [
        {
            "player": "Ann",
            "matches": 1,
            "hands": 5,
            "hands_won": 3,
            "games_won": 1,
            "sets_won": 0,
            "series_won": 0,
            "gins": 2,
            "undercuts": 0,
            "biggest_hand": 64,
            "points": 140,
        }
    ]
    assert stats["head_to_head"] == []
    records = stats["records"]
    big, run, season = records["biggest_hand"], records["longest_run"], records["best_season"]
    assert (big["player"], big["points"], big["match"], big["hand"]) == ("Ann", 64, "Solo", 5)
    assert (run["player"], run["hands"], run["hand"], run["last_hand"]) == ("Ann", 3, 3, 5)
    assert (run["date"], run["until"]) == ("2024-05-02", "2024-05-03")
    assert (season["player"], season["games_won"], season["season"], season["hand"]) == (
        "Ann",
        1,
        "2024",
        5,
    )
    assert "Phantom" not in json.dumps(stats)
    assert "Phantom" not in ok(solo("stats")).stdout


def test_the_phantom_has_no_stats_of_its_own(solo: CLI) -> None:
    run = solo("stats", "--player", "phantom")
    assert run.code == 2 and run.stdout == ""
    assert run.stderr.startswith("Error: Phantom is the phantom opponent of Gimlet solitaire")
    assert run.stderr.count("\n") == 1
    assert doc(solo("stats", "--player", "Ann", "--json"))["players"][0]["hands_won"] == 3


def test_a_person_who_also_plays_people_meets_only_them(solo: CLI) -> None:
    """Ann also plays Bob (kitchen rules: Ann knocks 5 v 25, +20): one pair, Ann and Bob."""
    ok(solo("match", "new", "Home", "--players", "Ann", "Bob", "--rules", "kitchen"))
    ok(solo("knock", "Ann", "5", "--vs", "25", "--date", "2024-05-04"))
    stats = doc(solo("stats", "--json"))
    assert [
        (r["player"], r["matches"], r["hands"], r["hands_won"], r["points"])
        for r in stats["players"]
    ] == [("Ann", 2, 6, 4, 160), ("Bob", 1, 1, 0, 0)]
    assert [(p["players"], p["hands_won"]) for p in stats["head_to_head"]] == [
        (["Ann", "Bob"], {"Ann": 1, "Bob": 0})
    ]


def test_the_page_names_no_phantom_record(solo: CLI, tmp_path: Path) -> None:
    out = tmp_path / "solo.html"
    ok(solo("report", "--html", str(out)))
    html = out.read_text(encoding="utf-8")
    records = html[html.index("Biggest hand") : html.index("</table>", html.index("Biggest hand"))]
    assert "Ann, 64 points (big-gin), hand 5 on 3 May 2024" in records
    assert "Ann, 3 hands won in a row, hands 3 to 5 (2 May 2024 to 3 May 2024)" in records
    assert "Ann won game 2 by 140 on 3 May 2024" in records
    assert "Phantom" not in records
    assert "Phantom" in html  # the standings show the player against the phantom


# --- series won ----------------------------------------------------------------------------------


def test_series_won_are_counted_for_each_person(gintally: CLI) -> None:
    """Cup (tournament: best of 5, here games to 50; each `score X 60` wins a game): Ann, Bob,
    Ann, Ann: Ann wins series 1, 3 games to 1; then Bob, Bob, Bob: Bob wins series 2, 3 to 0.
    Multi (multi-match: games to 100, series to 500): Ann 60, Bob 30, Ann 45 end game 1 at
    255-55 (100 game bonus, boxes 2 x 25 and 25), Ann's shutout 100 ends game 2 at 325-0
    (100 x 2 + 100 + 25): Ann wins series 1, 580 to 55.
    Four (teams Eve & Fay v Gus & Hal, games to 50, best of 3): Eve +60 and Hal +10 give each
    round to Eve & Fay by 50, and with it a game; two rounds win the series for both of them.
    So: Ann 2 series (5 games), Bob 1 (4 games), Eve and Fay 1 each (2 games), Gus and Hal 0."""
    ok(
        gintally(
            "match",
            "new",
            "Cup",
            "--players",
            "Ann",
            "Bob",
            "--rules",
            "tournament",
            "--set",
            "target=50",
        )
    )
    for who in ("Ann", "Bob", "Ann", "Ann", "Bob", "Bob", "Bob"):
        ok(gintally("score", who, "60"))
    series = doc(gintally("show", "--json"))["series"]
    assert (series["number"], series["winner"], series["score"]) == (
        2,
        "Bob",
        {"Ann": 0, "Bob": 3},
    )
    ok(gintally("match", "new", "Multi", "--players", "Ann", "Bob", "--rules", "multi-match"))
    for who, points in (("Ann", "60"), ("Bob", "30"), ("Ann", "45"), ("Ann", "100")):
        ok(gintally("score", who, points))
    series = doc(gintally("show", "--json"))["series"]
    assert (series["winner"], series["score"]) == ("Ann", {"Ann": 580, "Bob": 55})
    ok(
        gintally(
            "match",
            "new",
            "Four",
            "--teams",
            "Eve,Fay",
            "Gus,Hal",
            "--set",
            "target=50",
            "--set",
            "best_of=3",
        )
    )
    for _ in range(2):
        ok(gintally("score", "Eve", "60"))
        ok(gintally("score", "Hal", "10"))
    rows = doc(gintally("stats", "--json"))["players"]
    assert {r["player"]: (r["series_won"], r["games_won"], r["matches"]) for r in rows} == {
        "Ann": (2, 5, 2),
        "Bob": (1, 4, 2),
        "Eve": (1, 2, 1),
        "Fay": (1, 2, 1),
        "Gus": (0, 0, 1),
        "Hal": (0, 0, 1),
    }
    text = ok(gintally("stats")).stdout
    assert "series" in text


def test_the_page_lists_the_series_won_in_the_year(gintally: CLI, tmp_path: Path) -> None:
    """Multi-match (worked in test_series_won_are_counted_for_each_person): Ann wins series 1
    on 6 May with her shutout."""
    ok(gintally("match", "new", "Multi", "--players", "Ann", "Bob", "--rules", "multi-match"))
    for who, points, day in (
        ("Ann", "60", "05"),
        ("Bob", "30", "05"),
        ("Ann", "45", "06"),
        ("Ann", "100", "06"),
    ):
        ok(gintally("score", who, points, "--date", f"2024-05-{day}"))
    out = tmp_path / "multi.html"
    ok(gintally("report", "--html", str(out)))
    html = out.read_text(encoding="utf-8")
    head = '<th scope="col">series</th>'
    part = html[html.index(head) : html.index("</table>", html.index(head))]
    assert "<td>1</td>" in part and ">Ann</td>" in part and "6 May 2024" in part


def test_the_phantom_keeps_its_name_and_nobody_takes_it(solo: CLI) -> None:
    run = solo("player", "rename", "Phantom", "Ghost")
    assert run.code == 2 and "Phantom is the phantom opponent" in run.stderr
    ok(solo("match", "new", "Home", "--players", "Ann", "Bob"))
    run = solo("player", "rename", "Bob", "phantom")
    assert run.code == 2 and "give another name" in run.stderr
    assert doc(solo("player", "list", "--json"))["players"] == ["Ann", "Bob", "Phantom"]


# --- the views -----------------------------------------------------------------------------------


def test_the_views_show_both_scores_piles_and_teams(solo: CLI, db_path: Path) -> None:
    """Mahjong: Ann's gin with 60 on the table, Bob 20 on the table and 35 in hand: Ann
    60 + 25 = 85, Bob 20 - 35 = -15. Gimlet: the piles as typed. Teams by name."""
    ok(solo("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong"))
    ok(
        solo(
            "gin", "Ann", "--table", "60", "--vs-table", "20", "--vs", "35", "--date", "2024-05-04"
        )
    )
    ok(solo("match", "new", "Four", "--teams", "Ann,Cy", "Reds=Bob,Di"))
    conn = sqlite3.connect(db_path)
    rows = conn.execute(
        "SELECT match, number, kind, winner, points, other_points, piles FROM hands_view "
        "ORDER BY match, number"
    ).fetchall()
    assert rows == [
        ("Solo", 1, "sour", "Phantom", 70, None, None),
        ("Solo", 2, "sour", "Phantom", 80, None, None),
        ("Solo", 3, "knock", "Ann", 28, None, "1,2,0,3"),
        ("Solo", 4, "gin", "Ann", 48, None, "0,0,1,5"),
        ("Solo", 5, "big-gin", "Ann", 64, None, "2,2,2,2"),
        ("Tiles", 1, "gin", "Ann", 85, -15, None),
    ]
    assert conn.execute("SELECT name, players FROM matches_view ORDER BY name").fetchall() == [
        ("Four", "Ann & Cy v Reds"),
        ("Solo", "Ann v Phantom"),
        ("Tiles", "Ann v Bob"),
    ]
    conn.close()


def test_a_ledger_from_before_gains_the_new_columns_in_its_views(
    gintally: CLI, db_path: Path
) -> None:
    """A ledger migrated up to m008 had views without other_points and piles: m009 makes them
    again when it is next opened for writing."""
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    conn = sqlite3.connect(db_path)
    conn.execute("DROP VIEW hands_view")
    conn.execute("CREATE VIEW hands_view AS SELECT number, kind FROM hands")  # the old columns
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm009_views_again'")
    conn.commit()
    conn.close()
    ok(gintally("knock", "Ann", "3", "--piles", "1,2,0,3"))  # migrates
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT number, points, piles FROM hands_view").fetchall() == [
        (1, 28, "1,2,0,3")
    ]
    conn.close()
