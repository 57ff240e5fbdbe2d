"""Issue 35, case 1: money never reaches back unasked. A first price set without --from starts
with the next game (the next set in a set format): a game finished tonight, or one under way
when the price is set, plays for nothing, and the next game tonight is priced. The start is the
match's latest hand, kept by its uid, so an export, an import and a merge price the same games;
--from DATE keeps its day. Each case through the command line with its exact figures, and
through the library (`gintally.open`).

Figures (modern rules: game to 100, game bonus 100, box 25, a shutout doubles the hands):
- Ann scores 100 in one hand: she wins the game 325 to 0 (100 + 100 + 25, the 100 doubled).
- Bob scores 60 and 50: he wins 370 to 0 (110 + 100 + 50, the 110 doubled).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

import gintally as library
from conftest import Run, as_json, ok, refused_line
from gintally.engine.stakes import After, Prices, Stake
from gintally.errors import GintallyError

CLI = Callable[..., Run]


def said(run: Run) -> str:
    """What a command printed, its lines joined as one (Rich wraps at the terminal's width)."""
    return " ".join(ok(run).stdout.split())


def owed(gintally: CLI, *args: str) -> list[tuple[str, str, str]]:
    doc = as_json(gintally(*args, "settle", "--json"))
    return [(b["from"], b["to"], b["amount"]) for b in doc["balances"]]


# --- the engine: which stake covers a game ----------------------------------------------------


def test_a_price_after_a_hand_covers_only_what_begins_after_it() -> None:
    day = date(2026, 3, 1)
    first = Stake(Decimal("1"), after=After("a" * 32, 4, (day, 4)))
    later = Stake(Decimal("2"), since=date(2026, 4, 1))
    plan = Prices([later, first])
    assert plan.covering(day, (day, 4)) is None  # its own hand's game: under way then
    assert plan.covering(day, (day, 5)) == first
    assert plan.covering(date(2026, 3, 9), (date(2026, 3, 2), 1)) == first
    assert plan.covering(date(2026, 4, 2), (day, 1)) == later  # --from reaches back by day
    assert plan.on(day) == first  # the price in force on a day is as it was
    unheld = Prices([Stake(Decimal("1"), after=After("b" * 32))])
    assert unheld.covering(day, (date(2999, 1, 1), 9)) is None  # a hand not held: nothing


# --- the evening: a game finished tonight, then the price, then the next game -------------------


def _evening(gintally: CLI, *db: str) -> str:
    ok(gintally(*db, "match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally(*db, "score", "Ann", "100"))  # game 1, finished tonight: Ann by 325
    return said(gintally(*db, "match", "stake", "S", "1"))


def test_the_first_game_tonight_is_not_priced_and_the_next_one_is(gintally: CLI) -> None:
    assert _evening(gintally) == (
        "Match S is played at 1 a point from the next game, after 1 finished game (--from DATE "
        "prices it too)."
    )
    assert owed(gintally) == []
    assert "All square." in ok(gintally("settle")).stdout
    ok(gintally("score", "Bob", "60"))
    ok(gintally("score", "Bob", "50"))  # game 2, tonight: Bob by 370
    assert owed(gintally) == [("Ann", "Bob", "370.00")]
    assert ok(gintally("settle")).stdout == "Ann owes Bob 370.00.\nS: 1 game at 1 a point.\n"
    shown = as_json(gintally("match", "show", "--json"))["stake"]
    assert (shown["since"], shown["after_hand"]) == (None, 1)


def test_a_game_under_way_when_the_price_is_set_plays_for_nothing(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "40"))
    assert said(gintally("match", "stake", "S", "1")) == (
        "Match S is played at 1 a point from the next game, after game 1 under way (--from "
        "DATE prices it too)."
    )
    assert "worth" not in ok(gintally("show")).stdout  # game 1 in play is worth nothing
    assert (
        "At 1 a point from the next game: game 1, under way when the price was set, plays for "
        "nothing."
    ) in said(gintally("show"))
    assert "S: nothing played at 1 a point has finished yet." in said(gintally("settle"))
    ok(gintally("score", "Ann", "60"))  # game 1 ends: Ann 100, two boxes, shutout
    assert owed(gintally) == []
    ok(gintally("score", "Bob", "100"))  # game 2: Bob by 325
    assert owed(gintally) == [("Ann", "Bob", "325.00")]


def test_a_game_under_way_and_finished_ones_are_both_named(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "100"))
    ok(gintally("score", "Ann", "100"))
    ok(gintally("score", "Bob", "30"))
    doc = as_json(gintally("match", "stake", "S", "0.10", "--currency", "$", "--json"))
    assert doc["starts"] == {
        "next": "game",
        "under_way": {"what": "game", "numbers": [3]},
        "finished": 2,
        "text": "from the next game, after game 3 under way and 2 finished games",
    }
    assert doc["stake"]["after_hand"] == 3 and "covers" not in doc


def test_a_price_on_a_match_without_hands_holds_from_the_start(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    assert said(gintally("match", "stake", "S", "1")) == "Match S is played at 1 a point."
    doc = as_json(gintally("match", "show", "--json"))["stake"]
    assert (doc["since"], doc["after_hand"]) == (None, None)
    ok(gintally("score", "Ann", "100"))
    assert owed(gintally) == [("Bob", "Ann", "325.00")]


def test_from_today_keeps_its_day_and_says_what_it_covers(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "100"))  # finished tonight
    today = date.today().isoformat()
    assert said(gintally("match", "stake", "S", "1", "--from", "today")) == (
        f"Match S is played at 1 a point from {today}: it covers 1 finished game: Bob would owe "
        "Ann 325.00."
    )
    doc = as_json(gintally("match", "show", "--json"))["stake"]
    assert (doc["since"], doc["after_hand"]) == (today, None)
    assert owed(gintally) == [("Bob", "Ann", "325.00")]


def test_ad_infinitum_names_every_game_under_way(gintally: CLI) -> None:
    ok(gintally("match", "new", "A", "--players", "Ann", "Bob", "--format", "ad-infinitum"))
    for player, points in (("Ann", "40"), ("Bob", "30"), ("Ann", "50")):
        ok(gintally("score", player, points))  # each hand opens a game: 1, 2 and 3 are open
    assert said(gintally("match", "stake", "A", "1")) == (
        "Match A is played at 1 a point from the next game, after games 1, 2 and 3 under way "
        "(--from DATE prices them too)."
    )
    assert (
        "At 1 a point from the next game: games 1, 2 and 3, under way when the price was set, "
        "play for nothing."
    ) in said(gintally("show"))
    ok(gintally("score", "Bob", "100"))  # closes games 1-4; only game 4 is priced: Bob by 325
    assert owed(gintally) == [("Ann", "Bob", "325.00")]


# --- a set format: the next set -----------------------------------------------------------------


def test_hollywood_prices_the_next_set(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "--players", "Ann", "Bob", "--format", "hollywood"))
    for _ in range(3):
        ok(gintally("score", "Ann", "100"))  # set 1: Ann's three games, by 975
    assert said(gintally("match", "stake", "H", "0.05", "--currency", "$")) == (
        "Match H is played at $0.05 a point from the next set, after 1 finished set (--from "
        "DATE prices it too)."
    )
    assert owed(gintally) == []
    for _ in range(3):
        ok(gintally("score", "Bob", "100"))  # set 2: Bob by 975, at $0.05
    assert owed(gintally) == [("Ann", "Bob", "48.75")]
    assert ok(gintally("settle")).stdout == "Ann owes Bob $48.75.\nH: 1 set at $0.05 a point.\n"


def test_a_set_under_way_plays_for_nothing(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "--players", "Ann", "Bob", "--format", "hollywood"))
    ok(gintally("score", "Ann", "100"))
    assert said(gintally("match", "stake", "H", "0.05", "--currency", "$")) == (
        "Match H is played at $0.05 a point from the next set, after set 1 under way (--from "
        "DATE prices it too)."
    )
    settled = as_json(gintally("settle", "--json"))
    assert settled["in_play"] == [] and settled["balances"] == []
    assert (
        "At $0.05 a point from the next set: set 1, under way when the price was set, plays "
        "for nothing."
    ) in said(gintally("show"))
    ok(gintally("score", "Ann", "100"))
    ok(gintally("score", "Ann", "100"))  # set 1 over, unpriced
    ok(gintally("score", "Bob", "100"))  # set 2 under way, priced: Bob by 325 so far
    assert owed(gintally) == []
    assert as_json(gintally("settle", "--json"))["in_play"][0]["text"] == "$16.25"


def test_a_team_round_under_way_plays_for_nothing(gintally: CLI) -> None:
    ok(gintally("match", "new", "T", "--teams", "Ann,Cy", "Bob,Di"))
    ok(gintally("score", "Ann", "100"))  # round 1 waits for Cy v Di
    ok(gintally("match", "stake", "T", "1"))
    ok(gintally("score", "Cy", "100"))  # round 1 complete: game 1, Ann & Cy by 525, unpriced
    assert owed(gintally) == []
    ok(gintally("score", "Bob", "100"))
    ok(gintally("score", "Di", "100"))  # game 2: Bob & Di by 525, a quarter from each pair
    assert owed(gintally) == [
        ("Ann", "Bob", "131.25"),
        ("Ann", "Di", "131.25"),
        ("Cy", "Bob", "131.25"),
        ("Cy", "Di", "131.25"),
    ]
    assert "Played at 1 a point after hand 1." in ok(gintally("match", "show")).stdout


# --- another device: export, import, merge ------------------------------------------------------


def test_an_export_imported_on_a_new_ledger_prices_the_same_games(
    gintally: CLI, tmp_path: Path
) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    one, two = ("--db", str(first)), ("--db", str(second))
    _evening(gintally, *one)
    ok(gintally(*one, "score", "Bob", "60"))
    ok(gintally(*one, "score", "Bob", "50"))
    out = tmp_path / "s.json"
    ok(gintally(*one, "export", "--format", "json", "--output", str(out)))
    ok(gintally(*two, "import", str(out)))
    assert owed(gintally, *one) == owed(gintally, *two) == [("Ann", "Bob", "370.00")]
    assert as_json(gintally(*two, "match", "show", "--json"))["stake"]["after_hand"] == 1
    ok(gintally(*two, "score", "Ann", "100"))  # game 3 on the second device: Ann by 325
    assert owed(gintally, *two) == [("Ann", "Bob", "45.00")]


def test_a_merge_prices_the_same_games_both_ways(gintally: CLI, tmp_path: Path) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    one, two = ("--db", str(first)), ("--db", str(second))
    _evening(gintally, *one)
    ok(gintally(*two, "merge", str(first)))  # a second device starts from the first
    ok(gintally(*two, "score", "Bob", "60", "--match", "S"))
    ok(gintally(*two, "score", "Bob", "50", "--match", "S"))
    ok(gintally(*one, "merge", str(second)))
    assert owed(gintally, *one) == owed(gintally, *two) == [("Ann", "Bob", "370.00")]
    again = as_json(gintally(*two, "merge", str(first), "--json"))
    assert again["new"].get("stakes", 0) == 0  # the price is the same price on both


# --- undo and redo of the price ------------------------------------------------------------------


def test_undo_takes_back_the_price_and_redo_keeps_its_start(gintally: CLI) -> None:
    _evening(gintally)
    assert ok(gintally("undo")).stdout.startswith("Took back the price of S: 1 a point")
    assert "stake" not in as_json(gintally("match", "show", "--json"))
    ok(gintally("redo"))
    assert as_json(gintally("match", "show", "--json"))["stake"]["after_hand"] == 1
    ok(gintally("score", "Bob", "60"))
    ok(gintally("score", "Bob", "50"))
    assert owed(gintally) == [("Ann", "Bob", "370.00")]
    ok(gintally("undo"))  # hand 3 first: game 2 is open again, and nothing is owed
    assert owed(gintally) == []


# --- the library ---------------------------------------------------------------------------------


def test_the_library_prices_the_evening_alike(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        m.score("Ann", 100)
        done = m.stake(1)
        assert done["starts"] == {
            "next": "game",
            "under_way": None,
            "finished": 1,
            "text": "from the next game, after 1 finished game",
        }
        assert done["stake"]["after_hand"] == 1 and "covers" not in done
        assert book.settlement()["balances"] == []
        m.score("Bob", 60)
        m.score("Bob", 50)
        assert [(b["from"], b["to"], b["amount"]) for b in book.settlement()["balances"]] == [
            ("Ann", "Bob", "370.00")
        ]
        assert m.settlement()["matches"][0]["games"] == 1
        with pytest.raises(GintallyError, match="has a stake already"):
            m.stake(2)
        assert m.undo()["undid"] == "hand"
        assert book.settlement()["balances"] == []


def test_the_library_prices_the_next_set_and_keeps_from_today(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        h = book.new_match("H", ["Ann", "Bob"], format="hollywood")
        h.score("Ann", 100)
        assert h.stake("0.05", currency="$")["starts"]["under_way"] == {
            "what": "set",
            "numbers": [1],
        }
        h.score("Ann", 100)
        h.score("Ann", 100)
        for _ in range(3):
            h.score("Bob", 100)
        assert [(b["from"], b["to"], b["amount"]) for b in h.settlement()["balances"]] == [
            ("Ann", "Bob", "48.75")
        ]
        s = book.new_match("S", ["Ann", "Bob"])
        s.score("Ann", 100)
        back = s.stake(1, since=date.today())
        assert back["covers"]["text"] == "covers 1 finished game: Bob would owe Ann 325.00"
        assert "starts" not in back


def test_the_library_export_and_merge_keep_the_start(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    with library.open(tmp_path / "one.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        m.score("Ann", 100)
        m.stake(1)
        m.score("Bob", 60)
        m.score("Bob", 50)
        book.export("S", out, format="json")
        expected = book.settlement()
    with library.open(tmp_path / "two.db") as other:
        other.import_(out)
        assert other.settlement() == expected
    with library.open(tmp_path / "three.db") as third:
        third.merge(tmp_path / "one.db")
        assert third.settlement() == expected


def test_an_import_whose_price_starts_after_a_hand_it_lacks_is_refused(
    gintally: CLI, tmp_path: Path
) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    _evening(gintally, "--db", str(first))
    out = tmp_path / "s.json"
    ok(gintally("--db", str(first), "export", "--format", "json", "--output", str(out)))
    doc = json.loads(out.read_text())
    doc["match"]["stakes"][0]["after_hand_uid"] = "0" * 32
    out.write_text(json.dumps(doc))
    assert refused_line(gintally("--db", str(second), "import", str(out))) == (
        f"Error: {out.name}: its price 1 starts after hand 00000000..., which neither the file nor "
        "match 'S' holds"
    )
    assert (
        not second.exists()
        or as_json(gintally("--db", str(second), "match", "list", "--json"))["matches"] == []
    )
