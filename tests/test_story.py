"""The story a hand tells: where it went (the match, once the ledger holds several) and how the
series stands after each game (issue 25, items 8 and 9), with numbers worked by hand."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Run, as_json, ok

CLI = Callable[..., Run]


# --- the match a hand went to ---------------------------------------------------------------------


def test_one_match_names_no_match(gintally: CLI) -> None:
    ok(gintally("match", "new", "Home", "--players", "Ann", "Bob"))
    out = ok(gintally("knock", "Ann", "2", "--vs", "30")).stdout
    assert out.splitlines()[0] == "Hand 1: Ann knocks with 2, Bob has 30: Ann +28"
    assert ok(gintally("undo")).stdout.splitlines()[0] == (
        "Undid hand 1: Ann knocks with 2, Bob has 30: Ann +28"
    )


def test_every_confirmation_names_the_match_once_there_are_two(gintally: CLI) -> None:
    ok(gintally("match", "new", "Cup final", "--players", "Ann", "Bob"))
    ok(gintally("match", "new", "Home", "--players", "Ann", "Bob"))
    cup = ("--match", "Cup final")
    out = ok(gintally("knock", "Ann", "2", "--vs", "30", *cup)).stdout
    assert out.splitlines()[:2] == [
        "Hand 1 in Cup final: Ann knocks with 2, Bob has 30: Ann +28",
        "  Game 1: Ann 28, Bob 0",
    ]
    out = ok(gintally("gin", "Bob", "--vs", "20", "--date", "2007-04-27", *cup)).stdout
    assert out.splitlines()[0] == "Hand 2 in Cup final, 27 Apr 2007: Bob goes gin, Ann has 20: Bob +45"
    out = ok(gintally("edit", "1", "--vs", "20", *cup)).stdout
    assert out.splitlines()[0] == "Edited hand 1 in Cup final: Ann knocks with 2, Bob has 20: Ann +18"
    out = ok(gintally("void", "1", *cup)).stdout
    assert out.splitlines()[0] == "Voided hand 1 in Cup final: Ann knocks with 2, Bob has 20: Ann +18"
    out = ok(gintally("undo", *cup)).stdout
    assert out.splitlines()[0] == (
        "Undid hand 2 in Cup final, 27 Apr 2007: Bob goes gin, Ann has 20: Bob +45"
    )
    out = ok(gintally("knock", "Bob", "3", "--vs", "13")).stdout  # the current match, Home
    assert out.splitlines()[0] == "Hand 1 in Home: Bob knocks with 3, Ann has 13: Bob +10"
    doc = as_json(gintally("knock", "Bob", "3", "--vs", "13", "--json"))
    assert (doc["match"], "when" in doc) == ("Home", False)  # the JSON names it as before


# --- the series so far ----------------------------------------------------------------------------


def test_each_game_of_a_best_of_five_tells_the_series_so_far(gintally: CLI) -> None:
    # Games to 120: one paper score of 120 wins a game (120 + 100 game + 25 box, doubled by
    # the shutout: 365 to 0).
    new = ("match", "new", "Cup", "--players", "Ann", "Bob", "--rules", "tournament")
    ok(gintally(*new, "--set", "target=120"))
    said = []
    for who in ("Ann", "Bob", "Ann", "Bob", "Ann"):
        said.append(ok(gintally("score", who, "120")).stdout.splitlines()[2])
    assert said == [
        "  Series 1 (best of 5): Ann leads the series 1 game to 0",
        "  Series 1 (best of 5): the series is level at 1 game each",
        "  Series 1 (best of 5): Ann leads the series 2 games to 1",
        "  Series 1 (best of 5): the series is level at 2 games each",
        "  Series 1: Ann wins the series 3 games to 2",
    ]
    doc = as_json(gintally("score", "Bob", "120", "--json"))  # game 6 opens series 2
    assert doc["series_so_far"] == {
        "number": 2,
        "score": {"Ann": 0, "Bob": 1},
        "status": "open",
        "winner": None,
        "unit": "games",
        "target": 3,
        "games": [6],
        "margin": None,
    }


def test_a_multi_match_game_tells_the_series_points_so_far(gintally: CLI) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--rules", "multi-match"))
    ok(gintally("score", "Ann", "60"))
    ok(gintally("score", "Bob", "30"))
    # game 1: Ann 105 + 100 game + 25 x 2 boxes = 255; Bob 30 + 25 = 55
    out = ok(gintally("score", "Ann", "45")).stdout
    assert "  Series 1 (to 500): Ann leads the series 255 to 55" in out
    # game 2: Bob 100 + 100 + 25, doubled hands (shutout): 325; series 255 v 380
    out = ok(gintally("score", "Bob", "100")).stdout
    assert "  Series 1 (to 500): Bob leads the series 380 to 255" in out
    out = ok(gintally("score", "Ann", "100")).stdout  # 255 + 325 = 580: the series is won
    assert "  Series 1: Ann wins the series 580 to 380" in out
    assert "leads" not in out
    doc = as_json(gintally("score", "Ann", "10", "--json"))  # a game still open: no series line
    assert "series_so_far" not in doc and "series" not in doc


def test_an_edit_tells_the_series_as_it_stood_after_that_game(gintally: CLI) -> None:
    new = ("match", "new", "Cup", "--players", "Ann", "Bob", "--rules", "tournament")
    ok(gintally(*new, "--set", "target=120"))
    for who in ("Ann", "Bob", "Bob"):
        ok(gintally("score", who, "120"))
    out = ok(gintally("edit", "1", "--points", "121")).stdout  # game 1: still Ann's
    assert "  Series 1 (best of 5): Ann leads the series 1 game to 0" in out
