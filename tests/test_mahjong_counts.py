"""Mahjong gin's counts: a count or a paper score must be one that cards can make (every sum of
Mahjong values is a multiple of 5), standard values take any count, and a hand from cards
scores as the same hand from counts. Every number is worked by hand in the test.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import Run, as_json, facts, ok, refused

CLI = Callable[..., Run]


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
    doc = as_json(
        gintally("gin", "Ann", "--table", "61", "--vs-table", "20", "--vs", "33", "--json")
    )
    assert doc["points_by_player"] == {"Ann": 86, "Bob": -13}  # 61 + 25; 20 - 33


def test_mahjong_from_cards_and_from_counts_agree(gintally: CLI) -> None:
    ok(gintally("match", "new", "Cards", "--players", "Ann", "Bob", "--rules", "mahjong"))
    # Table 3S-9S (7 x 5 = 35) TS JS QS (30) = 65; Bob's table KH KD = 20; in hand 9C AC =
    # 5 + 15 = 20. Ann 65 + 25 = 90, Bob 20 - 20 = 0.
    doc = as_json(
        gintally(
            "gin",
            "Ann",
            "--table",
            "3S 4S 5S 6S 7S 8S 9S TS JS QS",
            "--vs-table",
            "KH KD",
            "--vs",
            "9C AC",
            "--json",
        )
    )
    assert doc["points_by_player"] == {"Ann": 90, "Bob": 0}
    ok(gintally("match", "new", "Counts", "--players", "Ann", "Bob", "--rules", "mahjong"))
    doc = as_json(
        gintally("gin", "Ann", "--table", "65", "--vs-table", "20", "--vs", "20", "--json")
    )
    assert doc["points_by_player"] == {"Ann": 90, "Bob": 0}


# --- Mahjong gin: a paper score is one cards can make ----------------------------------------


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
