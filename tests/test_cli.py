"""The command line: every command of the contract (SPEC section 5), for people and scripts.

Most tests run gintally in-process through Typer's CliRunner (the `gintally` fixture); a few
run the installed console script, as a user would.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Commands, Run, as_json, ok
from conftest import refused_line as refused
from gintally.ledger import Ledger

CLI = Callable[..., Run]

SEED_KNOCKER = "6H 6C 6D 6S TD JD QD KD AH 7D"  # the seed's 7C, which it also deals Bob: 7D
SEED_DEFENDER = "2H 3H 4H 7H 7S 7C 8C 8D 9D JS"
SEED_UNDERCUT = "AD 3D 2H 3H 4H 7H 7S 7C 8D 9D"


def dump(path: Path) -> list[str]:
    """The ledger's logical content: what 'unchanged' means under WAL."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


KITCHEN: Commands = (("match", "new", "Kitchen", "--players", "Ann", "Bob", "--dealer", "Ann"),)


@pytest.fixture
def kitchen(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """A single-game modern match between Ann and Bob, Ann dealing first (the ledger is built
    once per test worker and copied for each test)."""
    ledger_from(KITCHEN, db_path)
    return gintally


# --- the seed's examples, end to end -------------------------------------------------------------


def test_honeymoon_seed_from_match_new_and_score(gintally: CLI) -> None:
    ok(
        gintally(
            "match",
            "new",
            "Babe",
            "--players",
            "Me",
            "You",
            "--format",
            "honeymoon",
            "--rules",
            "honeymoon",
        )
    )
    for who, points in (("Me", "57"), ("You", "83"), ("Me", "74")):
        ok(gintally("score", who, points, "--date", "2007-04-27"))
    doc = as_json(gintally("show", "--json"))
    assert [(g["number"], g["points"], g["status"]) for g in doc["games"]] == [
        (1, {"Me": 131, "You": 83}, "open"),
        (2, {"Me": 74, "You": 83}, "open"),
        (3, {"Me": 74, "You": 0}, "open"),
    ]
    assert doc["format"] == "honeymoon" and doc["players"] == ["Me", "You"]


def test_knock_from_cards_names_the_layoffs(kitchen: CLI) -> None:
    run = ok(kitchen("knock", "Ann", "--cards", SEED_KNOCKER, "--vs-cards", SEED_DEFENDER))
    assert "Ann knocks with 8, Bob has 18 after laying off 8D 9D: Ann +10" in run.stdout
    doc = as_json(
        kitchen("knock", "Ann", "--cards", SEED_KNOCKER, "--vs-cards", SEED_DEFENDER, "--json")
    )
    assert {
        k: doc[k]
        for k in ("kind", "winner", "points", "knocker_deadwood", "defender_deadwood", "layoffs")
    } == {
        "kind": "knock",
        "winner": "Ann",
        "points": 10,
        "knocker_deadwood": 8,
        "defender_deadwood": 18,
        "layoffs": ["8D", "9D"],
    }
    assert doc["knocker_melds"] == [["6S", "6H", "6D", "6C"], ["TD", "JD", "QD", "KD"]]


def test_seed_cards_as_printed_share_7c_and_are_refused(kitchen: CLI, db_path: Path) -> None:
    before = dump(db_path)
    line = refused(
        kitchen(
            "knock", "Ann", "--cards", "6H 6C 6D 6S TD JD QD KD AH 7C", "--vs-cards", SEED_DEFENDER
        )
    )
    assert "7C" in line and "both hands" in line
    assert dump(db_path) == before


def test_underknock_from_cards_under_honeymoon_and_modern(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "--players", "Ann", "Bob", "--rules", "honeymoon"))
    doc = as_json(
        gintally(
            "knock",
            "Ann",
            "--cards",
            SEED_KNOCKER,
            "--vs-cards",
            SEED_UNDERCUT,
            "--upcard",
            "TS",
            "--json",
        )
    )
    assert (doc["kind"], doc["winner"], doc["points"]) == ("undercut", "Bob", 21)
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    doc = as_json(
        gintally("knock", "Ann", "--cards", SEED_KNOCKER, "--vs-cards", SEED_UNDERCUT, "--json")
    )
    assert (doc["kind"], doc["winner"], doc["points"]) == ("undercut", "Bob", 29)


# --- hand commands --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kind", "winner", "points"),
    [
        (["knock", "Ann", "3", "--vs", "11"], "knock", "Ann", 8),
        (["knock", "Ann", "3", "--vs", "1"], "undercut", "Bob", 27),
        (["knock", "Ann", "8", "--vs", "8"], "undercut", "Bob", 25),
        (["knock", "Bob", "9", "--vs", "32"], "knock", "Bob", 23),
        (["gin", "Ann", "--vs", "28"], "gin", "Ann", 53),
        (["big-gin", "Bob", "--vs", "20"], "big-gin", "Bob", 51),
        (["score", "Bob", "57"], "score", "Bob", 57),
        (["score", "Bob", "57", "--kind", "gin"], "gin", "Bob", 57),
        (["draw"], "draw", None, 0),
        (
            ["gin", "Ann", "--cards", "AS 2S 3S 4H 5H 6H 7C 7D 7H 7S", "--vs", "12"],
            "gin",
            "Ann",
            37,
        ),
        (["gin", "Ann", "--vs-cards", SEED_DEFENDER], "gin", "Ann", 25 + 35),
        (
            ["big-gin", "Ann", "--cards", "AS 2S 3S 4H 5H 6H 7C 7D 7H 7S 8H", "--vs", "0"],
            "big-gin",
            "Ann",
            31,
        ),
        (["knock", "Ann", "--cards", SEED_KNOCKER, "--vs", "18"], "knock", "Ann", 10),
    ],
)
def test_hand_commands(
    kitchen: CLI, args: list[str], kind: str, winner: str | None, points: int
) -> None:
    doc = as_json(kitchen(*args, "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == (kind, winner, points)
    assert set(doc) >= {
        "hand",
        "kind",
        "winner",
        "points",
        "knocker_deadwood",
        "defender_deadwood",
        "layoffs",
    }
    assert isinstance(doc["hand"], int)


def test_a_hand_prints_what_happened_and_the_running_scores(kitchen: CLI) -> None:
    run = ok(kitchen("knock", "Ann", "8", "--vs", "18"))
    assert run.stdout.splitlines() == [
        "Hand 1: Ann knocks with 8, Bob has 18: Ann +10",
        "  Game 1: Ann 10, Bob 0",
        "Next dealer: Ann",
    ]
    run = ok(kitchen("knock", "Ann", "3", "--vs", "1"))
    assert run.stdout.splitlines()[0] == "Hand 2: Ann knocks with 3, Bob undercuts with 1: Bob +27"
    run = ok(kitchen("gin", "Bob", "--vs", "90"))
    assert run.stdout.splitlines()[1] == "  Game 1: Bob wins 292 to 35 with the bonuses, net 257"


def test_single_game_golden_through_the_cli(kitchen: CLI) -> None:
    ok(kitchen("knock", "Bob", "5", "--vs", "35"))  # Bob knocks by 30
    ok(kitchen("draw"))
    ok(kitchen("score", "Ann", "25"))
    ok(kitchen("knock", "Bob", "9", "--vs", "4"))  # Ann undercuts: 5 + 25
    ok(kitchen("gin", "Bob", "--vs", "60"))  # 85: Bob 115
    game = as_json(kitchen("show", "--json"))["games"][0]
    assert game["status"] == "won" and game["winner"] == "Bob"
    assert game["points"] == {"Ann": 55, "Bob": 115}
    assert game["total"] == {"Ann": 105, "Bob": 265}
    assert game["net"] == 160
    ok(kitchen("score", "Ann", "10"))
    games = as_json(kitchen("show", "--json"))["games"]
    assert [(g["number"], g["status"], g["points"]) for g in games][1] == (
        2,
        "open",
        {"Ann": 10, "Bob": 0},
    )


def test_oklahoma_needs_the_upcard_and_uses_it(gintally: CLI, db_path: Path) -> None:
    ok(gintally("match", "new", "Okla", "--players", "Ann", "Bob", "--rules", "oklahoma"))
    before = dump(db_path)
    assert "--upcard" in refused(gintally("knock", "Ann", "5", "--vs", "20"))
    assert "limit of 4" in refused(gintally("knock", "Ann", "5", "--vs", "20", "-u", "4H"))
    assert "gin only" in refused(gintally("knock", "Ann", "1", "--vs", "20", "-u", "AC"))
    assert dump(db_path) == before
    doc = as_json(gintally("knock", "Ann", "2", "--vs", "20", "--upcard", "6S", "--json"))
    assert (doc["points"], doc["doubled"]) == (36, True)
    doc = as_json(gintally("knock", "Ann", "2", "--vs", "20", "--upcard", "QH", "--json"))
    assert (doc["points"], doc["knock_limit"]) == (18, 10)


def test_draw_under_a_scoring_dead_deck(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob", "--rules", "kitchen"))
    assert "--deadwood" in refused(gintally("draw"))
    doc = as_json(gintally("draw", "--deadwood", "Ann=12", "--deadwood", "bob=30", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("draw", "Ann", 18)
    doc = as_json(gintally("knock", "Ann", "9", "--vs", "7", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("undercut", "Bob", 17)


# --- corrections ---------------------------------------------------------------------------------


def test_undo_void_and_edit_recompute_everything(kitchen: CLI, db_path: Path) -> None:
    ok(kitchen("knock", "Ann", "8", "--vs", "18"))  # 1: Ann 10
    ok(kitchen("gin", "Bob", "--vs", "30"))  # 2: Bob 55
    ok(kitchen("score", "Ann", "40"))  # 3
    undone = as_json(kitchen("undo", "--json"))
    assert (undone["hand"], undone["voided"]) == (3, True)
    assert as_json(kitchen("show", "--json"))["games"][0]["points"] == {"Ann": 10, "Bob": 55}
    edited = as_json(kitchen("edit", "1", "--vs", "20", "--reason", "miscounted", "--json"))
    assert (edited["hand"], edited["points"]) == (1, 12)
    assert as_json(kitchen("show", "--json"))["games"][0]["points"] == {"Ann": 12, "Bob": 55}
    ok(kitchen("void", "2", "--reason", "misdeal"))
    hands = as_json(kitchen("hands", "--json"))["hands"]
    assert [(h["id"], h["points"], h["voided"]) for h in hands] == [(1, 12, False)]
    every = as_json(kitchen("hands", "--all", "--json"))["hands"]
    assert [(h["id"], h["voided"]) for h in every] == [(1, False), (2, True), (3, True)]
    rows = sqlite3.connect(db_path).execute("SELECT count(*) FROM hands").fetchone()[0]
    assert rows == 4  # three hands and one edited version: nothing deleted
    assert "already void" in refused(kitchen("void", "2"))
    assert "no hand 99" in refused(kitchen("void", "99"))


def test_edit_can_change_what_the_hand_was(kitchen: CLI) -> None:
    ok(kitchen("knock", "Ann", "8", "--vs", "18"))
    doc = as_json(kitchen("edit", "1", "--kind", "gin", "--vs", "18", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("gin", "Ann", 43)
    doc = as_json(
        kitchen("edit", "1", "--kind", "score", "--points", "7", "--player", "Bob", "--json")
    )
    assert (doc["kind"], doc["winner"], doc["points"]) == ("score", "Bob", 7)
    assert "nothing to change" in refused(kitchen("edit", "1"))


def test_back_dated_hand_takes_its_place(kitchen: CLI) -> None:
    ok(kitchen("score", "Ann", "60", "--date", "2026-03-02"))
    ok(kitchen("score", "Ann", "50", "--date", "2026-03-03"))  # closes game 1: a shutout
    ok(kitchen("score", "Bob", "5", "--date", "2026-03-01", "--back-date"))  # found later
    games = as_json(kitchen("show", "--json"))["games"]
    assert games[0]["hands"] == [3, 1, 2]
    assert games[0]["total"] == {"Ann": 110 + 100 + 50, "Bob": 5 + 25}
    assert games[0]["net"] == 230
    log = as_json(kitchen("hands", "--json"))["hands"]
    assert [h["date"] for h in log] == ["2026-03-01", "2026-03-02", "2026-03-03"]


def test_dates_people_type(kitchen: CLI) -> None:
    from datetime import date, timedelta

    doc = as_json(kitchen("score", "Ann", "1", "--date", "27 Apr 2007", "--json"))
    assert doc["date"] == "2007-04-27"
    # today is read before and after each command, so a run across midnight still passes
    before = date.today()
    doc = as_json(kitchen("score", "Ann", "1", "--date", "yesterday", "--json"))
    assert doc["date"] in {(d - timedelta(days=1)).isoformat() for d in (before, date.today())}
    before = date.today()
    doc = as_json(kitchen("score", "Ann", "1", "--json"))
    assert doc["date"] in {d.isoformat() for d in (before, date.today())}
    assert "'2007-02-30'" in refused(kitchen("score", "Ann", "1", "--date", "2007-02-30"))


# --- read commands -------------------------------------------------------------------------------


def test_show_json_shape(kitchen: CLI) -> None:
    ok(kitchen("knock", "Ann", "8", "--vs", "18"))
    doc = as_json(kitchen("show", "--json"))
    assert {k: doc[k] for k in ("match", "format", "players", "next_dealer")} == {
        "match": "Kitchen",
        "format": "single",
        "players": ["Ann", "Bob"],
        "next_dealer": "Ann",
    }
    game = doc["games"][0]
    assert set(game) >= {"number", "status", "winner", "points", "boxes", "total", "net", "hands"}
    assert game == game | {
        "number": 1,
        "status": "open",
        "winner": None,
        "points": {"Ann": 10, "Bob": 0},
        "boxes": {"Ann": 1, "Bob": 0},
        "total": {"Ann": 10, "Bob": 0},
        "net": None,
        "hands": [1],
    }
    assert doc["knock_limit"] == 10


def test_show_for_people_is_a_score_sheet(gintally: CLI) -> None:
    ok(gintally("match", "new", "Evening", "-p", "You", "Opp", "-f", "hollywood"))
    for who, pts in (
        ("You", 18),
        ("Opp", 12),
        ("You", 25),
        ("Opp", 30),
        ("You", 15),
        ("You", 22),
        ("Opp", 20),
    ):
        ok(gintally("score", who, str(pts)))
    out = ok(gintally("show")).stdout
    lines = out.splitlines()
    games = next(i for i, line in enumerate(lines) if "G1" in line)
    # each column headed by its game, then its player, on two lines
    assert lines[games].split() == ["G1", "G1", "G2", "G2", "G3", "G3"]
    assert lines[games + 1].split() == ["hand", "You", "Opp", "You", "Opp", "You", "Opp"]
    needs = next(line for line in out.splitlines() if line.strip().startswith("needs"))
    assert needs.split() == ["needs", "20", "38", "38", "50", "63", "80"]
    assert "Next dealer: Opp." in out and "Knock limit: 10." in out
    assert max(len(line) for line in out.splitlines()) <= 100


def test_hands_json_shape(kitchen: CLI) -> None:
    ok(kitchen("knock", "Ann", "8", "--vs", "18", "--date", "2025-12-31"))
    ok(kitchen("gin", "Bob", "--vs", "30", "--date", "2026-01-02"))
    # by default the latest season (2026) only; --all every season
    latest = as_json(kitchen("hands", "--json"))
    assert (latest["season"], latest["count"], [h["id"] for h in latest["hands"]]) == (
        "2026",
        1,
        [2],
    )
    doc = as_json(kitchen("hands", "--json", "--all"))
    assert [
        {k: h[k] for k in ("id", "date", "kind", "winner", "points", "voided")}
        for h in doc["hands"]
    ] == [
        {
            "id": 1,
            "date": "2025-12-31",
            "kind": "knock",
            "winner": "Ann",
            "points": 10,
            "voided": False,
        },
        {
            "id": 2,
            "date": "2026-01-02",
            "kind": "gin",
            "winner": "Bob",
            "points": 55,
            "voided": False,
        },
    ]
    assert [h["dealer"] for h in doc["hands"]] == ["Ann", "Ann"]
    assert [h["id"] for h in as_json(kitchen("hands", "--year", "2026", "--json"))["hands"]] == [2]


def test_a_shortened_hand_log_says_how_many_it_leaves_out(kitchen: CLI) -> None:
    """``hands --last N`` (and ``play`` on a short screen) lists N of the season's hands: the
    title says so, and the document gives both counts."""
    for points in ("8", "5", "3"):
        ok(kitchen("knock", "Ann", points, "--vs", "18", "--date", "2026-01-02"))
    assert ok(kitchen("hands", "--last", "2")).stdout.splitlines()[0] == (
        "Hands of Kitchen, season 2026 (the last 2 of 3 hands)"
    )
    assert ok(kitchen("hands")).stdout.splitlines()[0] == "Hands of Kitchen, season 2026 (3 hands)"
    doc = as_json(kitchen("hands", "--last", "2", "--json"))
    assert (doc["count"], doc["total"], [h["id"] for h in doc["hands"]]) == (2, 3, [2, 3])
    whole = as_json(kitchen("hands", "--json"))
    assert (whole["count"], whole["total"]) == (3, 3)


def test_standings_json_shape_and_years_won(gintally: CLI) -> None:
    ok(gintally("match", "new", "Forever", "-p", "Me", "Babe", "-f", "ad-infinitum"))
    for day, who, pts, kind in (
        ("2005-03-01", "Me", "120", "gin"),
        ("2005-03-02", "Babe", "30", "undercut"),
        ("2006-01-05", "Babe", "100", "knock"),
        ("2006-01-06", "Babe", "10", "knock"),
        ("2006-01-07", "Me", "40", "gin"),
    ):
        ok(gintally("score", who, pts, "--kind", kind, "--date", day))
    doc = as_json(gintally("standings", "--year", "2005", "--json"))
    assert doc["season"] == "2005"
    rows = {r["player"]: r for r in doc["rows"]}
    assert {
        k: rows["Me"][k] for k in ("games_won", "hands_won", "points", "gins", "undercuts")
    } == {"games_won": 1, "hands_won": 1, "points": 120, "gins": 1, "undercuts": 0}
    assert {
        k: rows["Babe"][k] for k in ("games_won", "hands_won", "points", "gins", "undercuts")
    } == {"games_won": 0, "hands_won": 1, "points": 30, "gins": 0, "undercuts": 1}
    assert doc["unfinished"] == 1  # game 2 of 2005 was open at New Year
    latest = as_json(gintally("standings", "--json"))
    assert latest["season"] == "2006"
    assert {r["player"]: r["games_won"] for r in latest["rows"]} == {"Me": 0, "Babe": 1}
    assert latest["years_won"] == {"Me": 1, "Babe": 1}  # 2006 is long over
    out = ok(gintally("standings")).stdout
    assert "Years won" in out and "2005" in out
    assert "no season starting in 1999" in refused(gintally("standings", "--year", "1999"))


def test_eval_reports_melds_and_best_discard(gintally: CLI) -> None:
    doc = as_json(gintally("eval", "6H 6C 6D 6S TD JD QD KD AH 7C", "--json"))
    assert doc == {
        "cards": ["6H", "6C", "6D", "6S", "TD", "JD", "QD", "KD", "AH", "7C"],
        "melds": [["6S", "6H", "6D", "6C"], ["TD", "JD", "QD", "KD"]],
        "deadwood_cards": ["AH", "7C"],
        "deadwood": 8,
        "discard": None,
        "gin": False,
        "big_gin": False,
        "knocks": True,
        "knock_limit": 10,
    }
    doc = as_json(
        gintally("eval", "5S", "2C", "4C", "2D", "5H", "3C", "3H", "4D", "3D", "4H", "5C", "--json")
    )
    assert (doc["discard"], doc["deadwood"], doc["gin"], doc["big_gin"]) == ("5S", 0, True, False)
    out = ok(gintally("eval", "6H 6C 6D 6S TD JD QD KD AH 7C")).stdout
    assert "Knocks with 8." in out
    assert "Cannot knock: 18 is over the limit." in (
        ok(gintally("eval", "6H 6C 6D 6S TD JD QD KD 9C 9H", "-r", "classic")).stdout
    )
    for preset, dead in (("straight", 8), ("mahjong", 20)):  # gin only: no knocking to refuse
        said = ok(gintally("eval", "6H 6C 6D 6S TD JD QD KD AH 7C", "-r", preset)).stdout
        assert (
            said.splitlines()[-1] == f"Not gin: deadwood {dead}, and no knocking here (gin only)."
        )
        doc = as_json(gintally("eval", "6H 6C 6D 6S TD JD QD KD AH 7C", "-r", preset, "--json"))
        assert (doc["deadwood"], doc["knocks"], doc["knock_limit"]) == (dead, False, 0)
    doc = as_json(gintally("eval", "6H 6C 6D 6S TD JD QD KD AH 7C", "-r", "oklahoma", "--json"))
    assert (doc["knocks"], doc["knock_limit"]) == (None, None)  # no upcard: no limit yet
    assert "'ZZ'" in refused(gintally("eval", "6H 6C 6D 6S TD JD QD KD AH ZZ"))
    assert "10 or 11 cards" in refused(gintally("eval", "6H 6C 6D"))


def test_rules_lists_presets(gintally: CLI) -> None:
    doc = as_json(gintally("rules", "--json"))
    names = [d["preset"] for d in doc["presets"]]
    assert names == [
        "modern",
        "classic",
        "oklahoma",
        "tournament",
        "honeymoon",
        "kitchen",
        "straight",
        "tedesco",
        "mahjong",
        "multi-match",
        "gimlet",
    ]
    notes = {d["preset"]: d["note"] for d in doc["presets"]}
    sources = {d["preset"]: d["source"] for d in doc["presets"]}
    assert (
        sources["gimlet"] == "'Gimlet Rummy' by John Burton, a solitaire described in a blog post"
    )
    assert "Mahjong gin" in sources["mahjong"] and "Multi-match" in sources["multi-match"]
    assert "best of five games to 250" in notes["tournament"]
    one = as_json(gintally("rules", "Classic", "--json"))
    assert (one["values"]["gin_bonus"], one["values"]["shutout"]) == (20, "bonus:100")
    tweaked = as_json(gintally("rules", "modern", "--set", "target=250", "--json"))
    assert tweaked["values"]["target"] == 250
    assert "knock_limit" in ok(gintally("rules", "honeymoon")).stdout
    assert "'nope'" in refused(gintally("rules", "nope"))


# --- matches and players -------------------------------------------------------------------------


def test_match_management(gintally: CLI) -> None:
    doc = as_json(
        gintally(
            "match",
            "new",
            "Evening",
            "-p",
            "Ann",
            "Bob",
            "-f",
            "hollywood",
            "--games",
            "2",
            "--rolling",
            "--set",
            "target=150",
            "--json",
        )
    )
    assert (doc["format"], doc["format_games"], doc["rolling"]) == ("hollywood", 2, True)
    assert doc["rules"]["target"] == 150 and doc["rules"]["preset"] == "modern"
    ok(
        gintally(
            "match",
            "new",
            "Year",
            "-p",
            "ann",
            "Cy",
            "-f",
            "ad-infinitum",
            "--season-start",
            "06-15",
        )
    )
    listing = as_json(gintally("match", "list", "--json"))
    assert [m["match"] for m in listing["matches"]] == ["Evening", "Year"]
    assert listing["current"] == "Year"
    assert "now Evening" in ok(gintally("match", "use", "evening")).stdout
    assert as_json(gintally("match", "list", "--json"))["current"] == "Evening"
    ok(gintally("match", "rename", "Evening", "Friday"))
    assert as_json(gintally("match", "show", "--json"))["match"] == "Friday"
    shown = as_json(gintally("match", "show", "Year", "--json"))
    assert shown["players"] == ["Ann", "Cy"] and shown["season_start"] == "06-15"
    ok(gintally("player", "rename", "ann", "Annie"))
    assert as_json(gintally("player", "list", "--json"))["players"] == ["Annie", "Bob", "Cy"]
    assert as_json(gintally("match", "show", "Friday", "--json"))["players"] == ["Annie", "Bob"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["match", "new", "X", "-p", "Ann", "ann"], "two different players"),
        (["match", "new", "X", "-p", "Ann", "Bob", "-f", "bridge"], "'bridge'"),
        (["match", "new", "X", "-p", "Ann", "Bob", "-r", "poker"], "'poker'"),
        (["match", "new", "X", "-p", "Ann", "Bob", "--set", "colour=red"], "'colour'"),
        (["match", "new", "X", "-p", "Ann", "Bob", "--set", "target=lots"], "'lots'"),
        (["match", "new", "X", "-p", "Ann", "Bob", "--games", "2"], "--games"),
        (["match", "new", "X", "-p", "Ann", "Bob", "--season-start", "02-29"], "'02-29'"),
        (["match", "new", "X", "-p", "Ann", "Bob", "--dealer", "Cy"], "'Cy'"),
        (["match", "new", "Kitchen", "-p", "Ann", "Bob"], "already a match named 'Kitchen'"),
        (["match", "use", "Nope"], "'Nope'"),
        (["knock", "Zed", "3", "--vs", "4"], "'Zed'"),
        (["knock", "Ann", "12", "--vs", "4"], "over the knock limit of 10"),
        (["knock", "Ann", "0", "--vs", "4"], "is a gin"),
        (["knock", "Ann", "x", "--vs", "4"], "'x'"),
        (["knock", "Ann", "3"], "--vs"),
        (["knock", "Ann", "3", "--vs", "4", "--match", "Nope"], "'Nope'"),
        (["knock", "Ann", "3", "--vs", "4", "--dealer", "Zed"], "'Zed'"),
        (["knock", "Ann", "3", "--vs", "4", "--upcard", "11H"], "'11H'"),
        (["knock", "Ann", "3", "--vs", "999"], "999"),
        (["knock", "Ann", "--cards", "AS 2S", "--vs", "3"], "10"),
        (
            ["knock", "Ann", "--cards", SEED_KNOCKER, "--vs-cards", "2H 3H 4H 7H 7S 7C 8C 8D 9D"],
            "not 9",
        ),
        (["gin", "Ann", "--cards", SEED_KNOCKER, "--vs", "4"], "not a gin"),
        (["big-gin", "Ann", "--cards", SEED_KNOCKER + " 2C", "--vs", "4"], "not a big gin"),
        (["score", "Ann", "-5"], "-5"),
        (["score", "Ann", "5.5"], "'5.5'"),
        (["score", "Ann", "5", "--kind", "slam"], "'slam'"),
        (["score", "Ann", "5", "--date", "someday"], "'someday'"),
        (["draw", "--deadwood", "Ann"], "PLAYER=N"),
        (["undo", "--match", "Nope"], "'Nope'"),
        (["edit", "1", "--vs", "3"], "no hand 1"),
        (["standings", "--year", "soon"], "'soon'"),
        (["player", "rename", "Zed", "Zack"], "'Zed'"),
        (["player", "rename", "Ann", "bob"], "already a player named 'bob'"),
        (["export", "--format", "xml"], "'xml'"),
        (["nonsense"], "nonsense"),
        (["knock", "Ann", "3", "--vs", "4", "--bogus"], "--bogus"),
    ],
)
def test_refusals_name_the_bad_value_and_write_nothing(
    kitchen: CLI, db_path: Path, args: list[str], fragment: str
) -> None:
    before = dump(db_path)
    line = refused(kitchen(*args))
    assert fragment in line
    assert dump(db_path) == before


def test_undo_with_nothing_to_undo(kitchen: CLI) -> None:
    assert "no hand to undo" in refused(kitchen("undo"))


def test_no_match_yet(gintally: CLI, db_path: Path) -> None:
    assert "no ledger at" in refused(gintally("knock", "Ann", "3", "--vs", "4"), code=1)
    Ledger.open(db_path).close()  # a ledger with no match in it (made through the library)
    assert "match new" in refused(gintally("knock", "Ann", "3", "--vs", "4"))
    assert "No matches yet" in ok(gintally("match", "list")).stdout


# --- data in and out -----------------------------------------------------------------------------


def test_export_then_import_into_a_new_match_round_trips(kitchen: CLI, tmp_path: Path) -> None:
    ok(kitchen("knock", "Ann", "8", "--vs", "18", "--date", "2026-01-01", "--note", "first"))
    ok(kitchen("gin", "Bob", "--vs", "40", "--date", "2026-01-02"))
    ok(kitchen("draw", "--date", "2026-01-02"))
    ok(kitchen("score", "Ann", "95", "--date", "2026-01-03", "--upcard", "7d"))
    ok(kitchen("knock", "Bob", "2", "--vs", "30", "--back-date", "--date", "2025-12-31"))
    original = as_json(kitchen("show", "--json"))
    csv_text = ok(kitchen("export", "--format", "csv")).stdout
    assert csv_text.splitlines()[0] == (
        "id,date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note,uid"
    )
    for fmt in ("csv", "json"):
        path = tmp_path / f"hands.{fmt}"
        ok(kitchen("export", "--format", fmt, "--output", str(path)))
        ok(kitchen("match", "new", f"Copy {fmt}", "-p", "Ann", "Bob", "--dealer", "Ann"))
        doc = as_json(kitchen("import", str(path), "--json"))
        assert doc["imported"] == 5
        copy = as_json(kitchen("show", "--json"))
        assert [(g["points"], g["total"], g["status"], g["net"]) for g in copy["games"]] == [
            (g["points"], g["total"], g["status"], g["net"]) for g in original["games"]
        ]
        assert copy["next_dealer"] == original["next_dealer"]
        assert ok(kitchen("export", "--format", "csv")).stdout.splitlines()[1:] != []


def test_import_is_all_or_nothing_and_names_the_row(
    kitchen: CLI, tmp_path: Path, db_path: Path
) -> None:
    path = tmp_path / "book.csv"
    path.write_text(
        "date,kind,winner,points\n2026-01-01,knock,Ann,10\n"
        "2026-01-02,gin,Zed,30\n2026-01-03,knock,Bob,4\n"
    )
    before = dump(db_path)
    line = refused(kitchen("import", str(path)))
    assert "row 2" in line and "'Zed'" in line
    assert dump(db_path) == before
    path.write_text("date,kind,winner\n2026-01-01,gin,Ann\n")  # a file without kind imports
    assert "lacks column(s) points" in refused(kitchen("import", str(path)))
    assert "cannot read" in refused(kitchen("import", str(tmp_path / "missing.csv")))


def test_backup_and_check(kitchen: CLI, tmp_path: Path) -> None:
    ok(kitchen("knock", "Ann", "8", "--vs", "18"))
    copy = tmp_path / "copy.db"
    assert "Backed up" in ok(kitchen("backup", str(copy))).stdout
    assert "already exists" in refused(kitchen("backup", str(copy)))
    assert as_json(kitchen("--db", str(copy), "show", "--json")) == as_json(
        kitchen("show", "--json")
    )
    doc = as_json(kitchen("check", "--json"))
    assert doc["ok"] is True and doc["problems"] == []


def test_ledger_location(gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    explicit = tmp_path / "explicit.db"
    ok(gintally("--db", str(explicit), "match", "new", "A", "-p", "X", "Y"))
    assert explicit.exists()
    monkeypatch.delenv("GINTALLY_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    ok(gintally("match", "new", "B", "-p", "X", "Y"))
    assert (tmp_path / "data" / "gintally" / "ledger.db").exists()  # data, not configuration
    assert not (tmp_path / "config").exists()


def test_version_and_help_for_every_command(gintally: CLI) -> None:
    from importlib.metadata import version

    from gintally import __version__

    assert ok(gintally("--version")).stdout == f"gintally {__version__}\n"
    assert version("gintally") == __version__  # the package's metadata reads the one source
    top = ok(gintally("--help")).stdout
    for command in COMMANDS:
        words = command.split()
        assert words[0] in top
        helptext = ok(gintally(*words, "--help")).stdout
        assert "Usage" in helptext and len(helptext.splitlines()) > 3
    assert "Usage" in ok(gintally()).stdout  # no arguments: the help, not an error


COMMANDS = [
    "match new",
    "match list",
    "match show",
    "match use",
    "match rename",
    "player rename",
    "player list",
    "knock",
    "gin",
    "big-gin",
    "draw",
    "score",
    "undo",
    "void",
    "edit",
    "show",
    "hands",
    "standings",
    "eval",
    "rules",
    "export",
    "import",
    "backup",
    "config",
    "check",
    "demo",
    "stats",
    "chart",
    "report",
    "play",
    "match stake",
    "settle",
    "pay",
]


def test_every_command_is_in_the_readme() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    for command in COMMANDS:
        assert f"gintally {command}" in readme, command


def test_demo_runs_in_a_throwaway_ledger(gintally: CLI, db_path: Path, tmp_path: Path) -> None:
    out = ok(gintally("demo")).stdout
    assert "Hollywood night" in out and "Years won" in out
    assert not db_path.exists()  # the user's ledger is never touched
    kept = tmp_path / "demo.db"
    ok(gintally("demo", "--keep", str(kept)))
    doc = as_json(gintally("--db", str(kept), "show", "--json", "--match", "Hollywood night"))
    assert all(g["status"] == "won" for g in doc["games"]) and len(doc["games"]) == 3


# --- the installed console script ----------------------------------------------------------------


def _script() -> list[str]:
    script = Path(sys.executable).parent / "gintally"
    return [str(script)] if script.exists() else [sys.executable, "-m", "gintally"]


def test_installed_script_records_and_shows(tmp_path: Path) -> None:
    env = {**os.environ, "GINTALLY_DB": str(tmp_path / "script.db")}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*_script(), *args], capture_output=True, text=True, env=env, timeout=60, check=False
        )

    assert run("match", "new", "Kitchen", "-p", "Ann", "Bob").returncode == 0
    knock = run("knock", "Ann", "--cards", SEED_KNOCKER, "--vs-cards", SEED_DEFENDER)
    assert knock.returncode == 0 and "after laying off 8D 9D: Ann +10" in knock.stdout
    shown = run("show", "--json")
    assert json.loads(shown.stdout)["games"][0]["points"] == {"Ann": 10, "Bob": 0}
    bad = run("knock", "Ann", "12", "--vs", "3")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    module = subprocess.run(
        [sys.executable, "-m", "gintally", "--version"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert module.returncode == 0 and module.stdout.startswith("gintally ")


# --- the console script loads only the command it runs -------------------------------------------


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["knock", "Ann", "8"], "knock"),
        (["--db", "x.db", "show", "--json"], "show"),
        (["--db", "show"], None),
        (["--version"], None),
        (["-h"], None),
        ([], None),
        (["match", "new", "X"], "match"),
    ],
)
def test_command_word(argv: list[str], word: str | None) -> None:
    from gintally.cli import command_word

    assert command_word(argv) == word


def test_every_command_has_a_route() -> None:
    import typer.main

    from gintally import cli

    group = typer.main.get_command(cli.app)
    commands = set(group.commands)  # type: ignore[attr-defined]
    assert set(cli.ROUTES) <= commands
    assert {c for c in commands if cli.route(c) is None} == set()


def test_installed_script_help_and_unknown_command(tmp_path: Path) -> None:
    env = {**os.environ, "GINTALLY_DB": str(tmp_path / "script.db")}
    shown = subprocess.run(
        [*_script(), "--help"], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert shown.returncode == 0
    for command in ("knock", "show", "standings", "match", "import", "demo"):
        assert command in shown.stdout
    typo = subprocess.run(
        [*_script(), "knok", "Ann"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert typo.returncode == 2 and typo.stderr.startswith("Error: No such command 'knok'")


def test_export_never_overwrites_without_force(kitchen: CLI, tmp_path: Path) -> None:
    ok(kitchen("score", "Ann", "10"))
    out = tmp_path / "hands.csv"
    out.write_text("precious\n")
    assert "--force" in refused(kitchen("export", "-o", str(out)))
    assert out.read_text() == "precious\n"
    ok(kitchen("export", "-o", str(out), "--force"))
    assert out.read_text().startswith("id,date,kind,winner,points")


# --- found by an independent review ------------------------------------------------------------


def test_hollywood_result_is_the_current_sets_sum_of_nets(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "-p", "Ann", "Bob", "-f", "hollywood", "--set", "target=10"))
    for _ in range(15):  # every hand closes a game: 10 + 100 game + 25 box + 10 shutout = 145
        ok(gintally("score", "Ann", "10"))
    doc = as_json(gintally("show", "--json"))
    assert doc["result"] == {"Ann": 3 * 145, "Bob": 0}  # games 13-15, the fifth set
    out = ok(gintally("show")).stdout
    assert "Set 5 is over: Ann wins the set by 435. The next hand starts set 6." in out
    # the latest sets before it are listed with their results (--all lists every one)
    listed = [line.split() for line in out.splitlines() if "wins the set by" in line][:-1]
    result = ["Ann", "wins", "the", "set", "by", "435"]
    assert listed == [[str(n), f"{3 * n - 2}-{3 * n}", *result] for n in (2, 3, 4)]
    every = ok(gintally("show", "--all")).stdout  # each set on a line after its last game
    assert [line for line in every.splitlines() if "wins the set by" in line] == [
        f"Set {n}, games {3 * n - 2}-{3 * n}: Ann wins the set by 435." for n in range(1, 6)
    ]
    lines = every.splitlines()
    assert lines[lines.index("Set 1, games 1-3: Ann wins the set by 435.") - 1].split() == [
        "1",
        "3",
        "145",
        "0",
        "Ann",
        "wins,",
        "net",
        "145,",
        "shutout",
    ]


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        ("2026-01-01,draw,Ann,10,,,", "counts score draw to nobody for 0"),
        ("2026-01-01,knock,Ann,50,Ann,8,18", "counts score knock to Ann for 10"),
        ("2026-01-01,knock,Ann,10,Ann,12,22", "over the knock limit of 10"),
        ("2026-01-01,undercut,Bob,30,Bob,,", "won by the defender"),
        ("2026-01-01,gin,Bob,30,Ann,0,5", "won by its knocker, Ann"),
        ("2026-01-01,undercut,Bob,27,Ann,3,1", None),
        ("2026-01-01,gin,Bob,55,Bob,0,30", None),
        ("2026-01-01,knock,Ann,129,,,", None),  # a paper result: kept as given
        # ... up to what a hand can score under modern rules: big gin 31 + 98 deadwood
        (
            "2026-01-01,knock,Ann,130,,,",
            "130 points is more than any hand scores under these rules (at most 129)",
        ),
        ("2026-01-01,knock,Ann,5,Ann,-6,6", "knocker_deadwood cannot be negative (-6)"),
        ("2026-01-01,knock,Ann,5,Ann,6,150", "defender_deadwood 150 is impossible"),
        ("2026-01-01,score,Ann,-1,,,", "points cannot be negative (-1)"),
        # modern: a tie is an undercut, so a tie row's counts score one
        ("2026-01-01,tie,,0,Ann,6,6", "counts score undercut to Bob for 25"),
    ],
)
def test_import_settles_rows_that_carry_their_counts(
    kitchen: CLI, tmp_path: Path, db_path: Path, row: str, fragment: str | None
) -> None:
    path = tmp_path / "book.csv"
    path.write_text(f"date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood\n{row}\n")
    before = dump(db_path)
    if fragment is None:
        assert as_json(kitchen("import", str(path), "--json"))["imported"] == 1
        assert as_json(kitchen("check", "--json"))["problems"] == []
    else:
        assert fragment in refused(kitchen("import", str(path)))
        assert dump(db_path) == before


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        # kitchen rules: a knock tied scores nothing; the row has no winner, carries its counts
        ("2026-01-01,tie,,0,Ann,6,6", None),
        ("2026-01-01,tie,Ann,0,Ann,6,6", "a tie (tie=no-score) has no winner"),
        ("2026-01-01,tie,,0,,,", "a tie needs its knocker and both deadwood counts"),
        ("2026-01-01,tie,,0,Ann,6,7", "counts score knock to Ann for 1"),
        ("2026-01-01,tie,,3,Ann,6,6", "3 points but no winner"),
        ("2026-01-01,knock,Ann,0,Ann,6,6", "counts score tie to nobody for 0"),
        ("2026-01-01,knock,Ann,133,,,", None),  # big gin 35 + 98
        ("2026-01-01,knock,Ann,134,,,", "(at most 133)"),
    ],
)
def test_import_under_kitchen_rules(
    gintally: CLI,
    tmp_path: Path,
    db_path: Path,
    ledger_from: Callable[[Commands, Path], Path],
    row: str,
    fragment: str | None,
) -> None:
    ledger_from((("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen"),), db_path)
    path = tmp_path / "book.csv"
    path.write_text(f"date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood\n{row}\n")
    before = dump(db_path)
    if fragment is None:
        assert as_json(gintally("import", str(path), "--json"))["imported"] == 1
        assert as_json(gintally("check", "--json"))["problems"] == []
    else:
        assert fragment in refused(gintally("import", str(path)))
        assert dump(db_path) == before


def test_spade_doubling_needs_the_upcard_for_every_scoring_hand(gintally: CLI) -> None:
    ok(
        gintally(
            "match", "new", "S", "-p", "Ann", "Bob", "-r", "kitchen", "--set", "spade_doubles=true"
        )
    )
    for args in (
        ["knock", "Ann", "5", "--vs", "20"],
        ["gin", "Ann", "--vs", "20"],
        ["draw", "--deadwood", "Ann=5", "--deadwood", "Bob=20"],
    ):
        assert "--upcard" in refused(gintally(*args))
    doc = as_json(
        gintally("draw", "--deadwood", "Ann=5", "--deadwood", "Bob=20", "-u", "3S", "--json")
    )
    assert (doc["winner"], doc["points"], doc["doubled"]) == ("Ann", 30, True)
    doc = as_json(
        gintally("draw", "--deadwood", "Ann=5", "--deadwood", "Bob=20", "-u", "3H", "--json")
    )
    assert (doc["winner"], doc["points"], doc["doubled"]) == ("Ann", 15, False)


def test_edit_a_scoring_draw(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen"))
    ok(gintally("draw", "--deadwood", "Ann=12", "--deadwood", "Bob=30"))
    ok(gintally("knock", "Ann", "5", "--vs", "20"))
    doc = as_json(gintally("edit", "1", "--deadwood", "Ann=40", "--deadwood", "Bob=30", "--json"))
    assert (doc["winner"], doc["points"]) == ("Bob", 10)
    assert "--player does not apply" in refused(gintally("edit", "1", "--player", "Bob"))
    assert "--deadwood PLAYER=N does not apply" in refused(
        gintally("edit", "2", "--deadwood", "Ann=3", "--deadwood", "Bob=4")
    )
    doc = as_json(
        gintally(
            "edit", "2", "--kind", "draw", "--deadwood", "Ann=3", "--deadwood", "Bob=9", "--json"
        )
    )
    assert (doc["kind"], doc["winner"], doc["points"]) == ("draw", "Ann", 6)
    assert "ann's count twice" in refused(
        gintally("draw", "--deadwood", "Ann=5", "--deadwood", "ann=9")
    )


def test_dates_in_the_future(kitchen: CLI) -> None:
    from datetime import date, timedelta

    from gintally.dates import parse_date

    soon = (date.today() + timedelta(days=30)).isoformat()
    assert "is in the future" in refused(kitchen("score", "Ann", "5", "--date", soon))
    assert parse_date("27 Dec", date(2027, 1, 2)) == date(2026, 12, 27)  # last December
    assert parse_date("2 Jan", date(2027, 1, 2)) == date(2027, 1, 2)
    assert parse_date("27 Apr 2007", date(2027, 1, 2)) == date(2007, 4, 27)


def test_show_marks_the_winners_column(kitchen: CLI) -> None:
    ok(kitchen("score", "Ann", "100"))
    lines = ok(kitchen("show")).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "G1" in line)
    assert lines[at].split() == ["G1", "✓", "G1"]  # the tick over Ann's column
    assert lines[at + 1].split() == ["hand", "Ann", "Bob"]


def test_read_commands_never_create_a_ledger(gintally: CLI, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "typo.db"
    assert f"no ledger at {missing}" in refused(gintally("--db", str(missing), "show"), code=1)
    assert "no ledger at" in refused(gintally("--db", str(missing), "match", "list"), code=1)
    line = refused(gintally("--db", str(missing), "backup", str(tmp_path / "b.db")), code=1)
    assert "no ledger at" in line
    assert not (tmp_path / "no").exists()


def test_rules_overview_fits_80_columns(gintally: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(gintally("rules")).stdout
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80
    assert "shutout=bonus:100" in out and "undercut_style=bonus-minus-defender" in out


def test_eval_with_a_matchs_rules(gintally: CLI) -> None:
    ok(gintally("match", "new", "Tedesco", "-p", "Ann", "Bob", "--set", "ace_value=15"))
    hand = "AS 2H 3S 3H 3D 7C 8C 9C TC JC"
    assert as_json(gintally("eval", hand, "--json"))["deadwood"] == 3
    assert as_json(gintally("eval", hand, "-m", "Tedesco", "--json"))["deadwood"] == 17
    assert "not both" in refused(gintally("eval", hand, "-m", "Tedesco", "-r", "classic"))


def test_hands_all_shows_why_a_hand_was_voided(kitchen: CLI) -> None:
    ok(kitchen("score", "Ann", "5"))
    ok(kitchen("void", "1", "--reason", "misdeal"))
    doc = as_json(kitchen("hands", "--all", "--json"))
    assert (doc["hands"][0]["voided"], doc["hands"][0]["void_reason"]) == (True, "misdeal")
    assert "[void: misdeal]" in ok(kitchen("hands", "--all")).stdout
