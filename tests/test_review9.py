"""Review of issue 9 (Gimlet, Mahjong, series, exactly 50, misdeal): the cases an adversarial
reading found, each worked by hand in the test (see docs/notes/review-9.md).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Run, as_json, ok, refused

CLI = Callable[..., Run]


def facts(gintally: CLI) -> tuple[Any, Any]:
    """What the ledger says: the hands and the games (compared before and after a refusal)."""
    return as_json(gintally("hands", "--json"))["hands"], as_json(gintally("show", "--json"))


# --- Gimlet Rummy: an imported row is checked as a typed hand -------------------------------------

GIMLET_HEADER = (
    "id,date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note,piles"
)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        # A typed --dealer is refused in solitaire; the same dealer in a file was stored, and
        # then `check` called the ledger damaged.
        ('1,2026-03-01,gin,Ann,48,Ann,0,,Ann,,,"0,0,1,5"', "there is no dealer"),
        ("1,2026-03-01,score,Ann,30,,,,Ann,,,", "there is no dealer"),
        # The opponent's count and an upcard were dropped in silence.
        ('1,2026-03-01,gin,Ann,48,Ann,0,5,,,,"0,0,1,5"', "no opponent's deadwood"),
        ('1,2026-03-01,knock,Ann,28,Ann,3,,,5H,,"1,2,0,3"', "no upcard"),
    ],
)
def test_a_gimlet_import_row_is_refused_as_the_typed_hand_is(
    gintally: CLI, tmp_path: Path, row: str, message: str
) -> None:
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    ok(gintally("knock", "Ann", "3", "--piles", "1,2,0,3"))  # 8 + 6 + 10 + 4 = 28
    before = facts(gintally)
    path = tmp_path / "rows.csv"
    path.write_text(f"{GIMLET_HEADER}\n{row}\n")
    assert message in refused(gintally("import", str(path)))
    assert facts(gintally) == before
    assert "no problems" in ok(gintally("check")).stdout


def test_a_plain_gin_import_keeps_its_dealer(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "Kitchen", "--players", "Ann", "Bob"))
    path = tmp_path / "rows.csv"
    path.write_text(
        "date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,dealer\n"
        "2026-03-01,knock,Ann,10,Ann,8,18,Bob\n"  # 18 - 8 = 10
        "2026-03-01,score,Bob,30,,,,Ann\n"
    )
    ok(gintally("import", str(path)))
    hands = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["points"], h["dealer"]) for h in hands] == [(10, "Bob"), (30, "Ann")]


# --- Gimlet Rummy: what a paper score of each kind can be -----------------------------------------


KNOCK = "a knock: under these rules it scores 0 to 38"
GIMLET = "a gimlet: under these rules it scores 20 to 60"
DOUBLE = "a double gimlet: under these rules it scores 40 to 80"
SOUR = "a sour deal: under these rules it scores 30 to 128"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # A knock lays its deadwood (at least one card) on a pile: at most 8+10+10+10 = 38.
        (["score", "Ann", "40", "--kind", "knock"], KNOCK),
        # A gimlet: 20 + (0 to 40).
        (["score", "Ann", "61", "--kind", "gin"], GIMLET),
        (["score", "Ann", "19", "--kind", "gin"], GIMLET),
        # A double gimlet: 40 + (0 to 40).
        (["score", "Ann", "39", "--kind", "big-gin"], DOUBLE),
        # Going sour: the phantom scores 30 + deadwood (0 to 98).
        (["score", "Phantom", "29", "--kind", "sour"], SOUR),
        (["edit", "1", "--points", "39", "--kind", "knock"], KNOCK),
    ],
)
def test_gimlet_paper_scores_by_kind(gintally: CLI, args: list[str], message: str) -> None:
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    ok(gintally("score", "Ann", "38", "--kind", "knock"))  # piles 1,0,0,0: 8 + 10 + 10 + 10
    before = facts(gintally)
    assert message in refused(gintally(*args))
    assert facts(gintally) == before


def test_gimlet_paper_scores_at_the_edges_are_taken(gintally: CLI) -> None:
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    for args in (
        ("Ann", "0", "--kind", "knock"),  # piles 5,5,5,5
        ("Ann", "20", "--kind", "gin"),  # a gimlet on 5,5,5,5
        ("Ann", "80", "--kind", "big-gin"),  # a double gimlet on empty piles: 40 + 40
        ("Phantom", "30", "--kind", "sour"),  # sour with no deadwood
        ("Phantom", "128", "--kind", "sour"),  # 30 + 98
    ):
        ok(gintally("score", *args))
    rows = as_json(gintally("standings", "--json"))["rows"]
    # Ann 0 + 20 + 80 = 100 wins game 1 (no bonuses); Phantom 30 + 128 = 158 wins game 2.
    assert [(r["player"], r["games_won"], r["points"]) for r in rows] == [
        ("Ann", 1, 100),
        ("Phantom", 1, 158),
    ]


def test_gimlet_from_cards_and_from_counts_agree(gintally: CLI) -> None:
    ok(gintally("match", "new", "Cards", "--players", "Ann", "--rules", "gimlet"))
    # AS 2S 3S / 4H 5H 6H / 7D 8D 9D melded, 2C deadwood 2 on the clubs pile: piles 1,1,1,1
    # score 8 x 4 = 32.
    doc = as_json(
        gintally("knock", "Ann", "--cards", "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C",
                 "--piles", "1,1,1,1", "--json")
    )  # fmt: skip
    assert (doc["points"], doc["knocker_deadwood"]) == (32, 2)
    ok(gintally("match", "new", "Counts", "--players", "Ann", "--rules", "gimlet"))
    doc = as_json(gintally("knock", "Ann", "2", "--piles", "1,1,1,1", "--json"))
    assert (doc["points"], doc["knocker_deadwood"]) == (32, 2)
    shows = [as_json(gintally("show", "-m", m, "--json"))["games"] for m in ("Cards", "Counts")]
    assert shows[0] == shows[1]


# --- Mahjong gin: a count is what cards can count -------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--table", "61", "--vs-table", "20", "--vs", "35"], "--table 61 is impossible"),
        (["--table", "60", "--vs-table", "21", "--vs", "35"], "--vs-table 21 is impossible"),
        (["--table", "60", "--vs-table", "20", "--vs", "34"], "--vs 34 is impossible"),
    ],
)
def test_mahjong_counts_are_multiples_of_five(gintally: CLI, args: list[str], message: str) -> None:
    # A 15, 2-9 5, 10-K 10: every sum of Mahjong values is a multiple of 5.
    ok(gintally("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong"))
    before = facts(gintally)
    err = refused(gintally("gin", "Ann", *args))
    assert message in err and "multiple of 5" in err
    assert facts(gintally) == before


def test_mahjong_scoring_with_standard_values_takes_any_count(gintally: CLI) -> None:
    ok(gintally("match", "new", "Odd", "--players", "Ann", "Bob", "--set", "variant=mahjong"))
    doc = as_json(gintally("gin", "Ann", "--table", "61", "--vs-table", "20", "--vs", "33",
                           "--json"))  # fmt: skip
    assert doc["points_by_player"] == {"Ann": 86, "Bob": -13}  # 61 + 25; 20 - 33


def test_mahjong_from_cards_and_from_counts_agree(gintally: CLI) -> None:
    ok(gintally("match", "new", "Cards", "--players", "Ann", "Bob", "--rules", "mahjong"))
    # Table 3S-9S (7 x 5 = 35) TS JS QS (30) = 65; Bob's table KH KD = 20; in hand 9C AC =
    # 5 + 15 = 20. Ann 65 + 25 = 90, Bob 20 - 20 = 0.
    doc = as_json(gintally("gin", "Ann", "--table", "3S 4S 5S 6S 7S 8S 9S TS JS QS",
                           "--vs-table", "KH KD", "--vs", "9C AC", "--json"))  # fmt: skip
    assert doc["points_by_player"] == {"Ann": 90, "Bob": 0}
    ok(gintally("match", "new", "Counts", "--players", "Ann", "Bob", "--rules", "mahjong"))
    doc = as_json(gintally("gin", "Ann", "--table", "65", "--vs-table", "20", "--vs", "20",
                           "--json"))  # fmt: skip
    assert doc["points_by_player"] == {"Ann": 90, "Bob": 0}


# --- exactly 50, at the boundary ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("last", "winner", "net", "lost_by_50"),
    [
        (16, "Ann", 49, False),  # Bob 76 + 4 x 25 = 176; Ann 100 + 100 + 25 = 225: 49 ahead
        (15, "Bob", 50, True),  # Bob 75 + 100 = 175: Ann exactly 50 ahead loses, net 50
        (14, "Ann", 51, False),  # Bob 174: 51 ahead
    ],
)
def test_exactly_50_at_49_50_and_51(
    gintally: CLI, last: int, winner: str, net: int, lost_by_50: bool
) -> None:
    ok(gintally("match", "new", "Fifty", "--players", "Ann", "Bob", "--set",
                "exactly_50_loses=true"))  # fmt: skip
    for pts in (20, 20, 20, last):
        ok(gintally("score", "Bob", str(pts)))
    ok(gintally("score", "Ann", "100"))
    game = as_json(gintally("show", "--json"))["games"][0]
    assert (game["winner"], game["net"], game["lost_by_50"]) == (winner, net, lost_by_50)
    assert game["total"] == {"Ann": 225, "Bob": 60 + last + 100}
    rows = as_json(gintally("standings", "--json"))["rows"]
    signed = net if winner == "Ann" else -net
    assert [(r["player"], r["net"]) for r in rows] == [("Ann", signed), ("Bob", -signed)]


# --- series ---------------------------------------------------------------------------------------


def test_a_series_spanning_two_seasons_is_counted_in_the_season_it_is_won(gintally: CLI) -> None:
    ok(gintally("match", "new", "Multi", "--players", "Ann", "Bob", "--rules", "multi-match"))
    # Each shutout game of 100: 100 + 100 + 25 + 100 (double hands) = 325 to 0.
    ok(gintally("score", "Ann", "100", "--date", "2025-12-30"))  # series 1: Ann 325
    out = ok(gintally("score", "Ann", "100", "--date", "2026-01-02")).stdout
    assert "Series 1: Ann wins the series 650 to 0" in out
    doc = as_json(gintally("standings", "--json"))
    by_season = {
        s["season"]: [(r["player"], r["games_won"], r["series_won"]) for r in s["rows"]]
        for s in doc["seasons"]
    }
    assert by_season == {
        "2025": [("Ann", 1, 0), ("Bob", 0, 0)],
        "2026": [("Ann", 1, 1), ("Bob", 0, 0)],
    }
    assert as_json(gintally("show", "--json"))["series"]["games"] == [1, 2]


def test_best_of_five_decided_early_then_the_next_series(gintally: CLI) -> None:
    ok(gintally("match", "new", "Cup", "--players", "Ann", "Bob", "--rules", "tournament",
                "--set", "target=100"))  # fmt: skip
    for _ in range(2):
        assert "wins the series" not in ok(gintally("score", "Ann", "100")).stdout
    out = ok(gintally("score", "Ann", "100")).stdout  # 3 games of 5: decided 3-0
    assert "Series 1: Ann wins the series 3 games to 0" in out
    ok(gintally("score", "Bob", "100"))  # game 4 opens series 2
    series = as_json(gintally("show", "--json"))["series"]
    assert (series["number"], series["score"], series["status"], series["games"]) == (
        2, {"Ann": 0, "Bob": 1}, "open", [4],
    )  # fmt: skip
    # Void the third game's hand: series 1 is Ann 2, Bob 1 after game 3 (was game 4), open.
    ok(gintally("void", "3", "--reason", "misrecorded"))
    series = as_json(gintally("show", "--json"))["series"]
    assert (series["number"], series["score"], series["status"], series["games"]) == (
        1, {"Ann": 2, "Bob": 1}, "open", [1, 2, 3],
    )  # fmt: skip
    assert [r["series_won"] for r in as_json(gintally("standings", "--json"))["rows"]] == [0, 0]


def test_a_series_with_misdeals_ties_and_edits_round_trips(gintally: CLI, tmp_path: Path) -> None:
    new = ("--players", "Ann", "Bob", "--rules", "multi-match", "--set", "series_target=300",
           "--set", "tie=no-score")  # fmt: skip
    ok(gintally("match", "new", "Multi", *new))
    ok(gintally("knock", "Ann", "5", "--vs", "20", "--dealer", "Bob", "--date", "2026-02-01"))
    ok(gintally("misdeal", "--date", "2026-02-01"))
    ok(gintally("knock", "Bob", "6", "--vs", "6", "--date", "2026-02-01"))  # a tie: nothing
    ok(gintally("gin", "Ann", "--vs", "40", "--date", "2026-02-02"))  # 65
    ok(gintally("score", "Bob", "30", "--date", "2026-02-02"))
    ok(gintally("score", "Ann", "90", "--date", "2026-02-03"))
    ok(gintally("edit", "1", "--vs", "25"))  # 20 -> 25: Ann 20
    # Game 1: Ann 20 + 65 + 90 = 175, 3 boxes; Bob 30, 1 box.
    # Totals: Ann 175 + 100 + 75 = 350, Bob 30 + 25 = 55: series to 300 won at once.
    show = as_json(gintally("show", "--json"))
    assert show["games"][0]["total"] == {"Ann": 350, "Bob": 55}
    assert (show["series"]["winner"], show["series"]["score"]) == ("Ann", {"Ann": 350, "Bob": 55})
    # Bob deals 1; Ann won, so Ann deals 2 (misdeal), 3 (tie) and 4 again; Ann wins 4 and
    # deals 5; Bob wins 5 and deals 6.
    assert [(h["hand"], h["dealer"]) for h in show["sheet"]] == [
        (1, "Bob"), (4, "Ann"), (5, "Ann"), (6, "Bob"),
    ]  # fmt: skip
    assert show["next_dealer"] == "Ann"
    standings = as_json(gintally("standings", "--json"))
    assert (standings["seasons"][0]["misdeals"], standings["seasons"][0]["ties"]) == (1, 1)
    for fmt in ("csv", "json"):
        path = tmp_path / f"multi.{fmt}"
        path.write_text(ok(gintally("export", "--format", fmt)).stdout)
        ok(gintally("match", "new", f"Copy {fmt}", *new))
        ok(gintally("import", str(path)))
        again = as_json(gintally("show", "--json"))
        for key in ("games", "series", "sheet", "next_dealer"):
            assert again[key] == show[key], key
        copy = as_json(gintally("standings", "--json"))
        assert copy["seasons"] == standings["seasons"]
    assert "no problems" in ok(gintally("check")).stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # The ginner scores 25 + a table of 0 or more: 20 is no Mahjong hand.
        (["20", "--vs-points", "-5"], "20 points is impossible: the player who goes gin"),
        # 25 + a table in steps of 5: 41 is not 25 + 5k.
        (["41", "--vs-points", "-5"], "41 points is impossible"),
        # The other player's table less their hand: steps of 5.
        (["40", "--vs-points", "-3"], "--vs-points -3 is impossible"),
    ],
)
def test_mahjong_paper_scores_are_ones_cards_can_make(
    gintally: CLI, args: list[str], message: str
) -> None:
    ok(gintally("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong"))
    before = facts(gintally)
    assert message in refused(gintally("score", "Ann", *args))
    assert facts(gintally) == before


def test_mahjong_paper_scores_at_the_edges_are_taken(gintally: CLI) -> None:
    ok(gintally("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong"))
    # The limits, generous as SPEC asks: 25 (the gin bonus and a table taken as 0; gintally
    # does not ask a gin's table for ten cards) with Bob -380 (the whole deck in hand); then
    # 405 = 25 + 380 (the whole deck on Ann's table) with Bob 0.
    ok(gintally("score", "Ann", "25", "--vs-points", "-380"))
    doc = as_json(gintally("score", "Ann", "405", "--vs-points", "0", "--json"))
    assert doc["points_by_player"] == {"Ann": 405, "Bob": 0}
    game = as_json(gintally("show", "--json"))["games"][0]
    # Ann 25 + 405 = 430 wins; Bob -380; boxes Ann 2 x 25, game 100; shutout (double hands)
    # 430: Ann 430 + 100 + 50 + 430 = 1010, Bob -380.
    assert (game["winner"], game["total"]) == ("Ann", {"Ann": 1010, "Bob": -380})


def test_a_gimlet_knock_from_cards_may_lay_any_arrangement_s_deadwood(gintally: CLI) -> None:
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    cards = "AS 2S 3S 2H 2D 7C 8C 9C TC JC"
    # Melded as AS 2S 3S + 7C-JC, 2H 2D (4) go to the hearts and diamonds piles; melded as
    # 2S 2H 2D + 7C-JC, AS 3S (4) go to the spades pile. Either way a knock with 4, and the
    # score is the piles': 2,0,0,0 = 6 + 10 + 10 + 10 = 36; 0,1,1,0 = 10 + 8 + 8 + 10 = 36.
    for piles in ("2,0,0,0", "0,1,1,0"):
        doc = as_json(gintally("knock", "Ann", "--cards", cards, "--piles", piles, "--json"))
        assert (doc["points"], doc["knocker_deadwood"]) == (36, 4)
    # 1,1,0,0 holds neither AS 3S (two spades) nor 2H 2D (a diamond).
    before = facts(gintally)
    assert "cannot hold the deadwood" in refused(
        gintally("knock", "Ann", "--cards", cards, "--piles", "1,1,0,0")
    )
    assert facts(gintally) == before


@pytest.mark.parametrize("year", ["0", "10000"])
def test_hands_refuses_a_year_no_date_has(gintally: CLI, year: str) -> None:
    # Found by tests/test_fuzz_cli.py on main (`hands --year 0` was an unexpected ValueError).
    ok(gintally("match", "new", "Y", "--players", "Ann", "Bob"))
    err = refused(gintally("hands", "--year", year))
    assert f"--year must be a year from 1 to 9999, not {year}" in err
