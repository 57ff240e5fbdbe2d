"""The story a hand tells: where it went (the match, once the ledger holds several) and how the
series stands after each game (issue 25, items 8 and 9), with numbers worked by hand."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

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
    out = ok(gintally("knock", "Ann", "2", "--vs", "30", "--date", "2007-04-26", *cup)).stdout
    assert out.splitlines()[:2] == [
        "Hand 1 in Cup final, 26 Apr 2007: Ann knocks with 2, Bob has 30: Ann +28",
        "  Game 1: Ann 28, Bob 0",
    ]
    out = ok(gintally("gin", "Bob", "--vs", "20", "--date", "2007-04-27", *cup)).stdout
    assert (
        out.splitlines()[0] == "Hand 2 in Cup final, 27 Apr 2007: Bob goes gin, Ann has 20: Bob +45"
    )
    out = ok(gintally("edit", "1", "--vs", "20", *cup)).stdout
    assert out.splitlines()[0] == (
        "Edited hand 1 in Cup final, 26 Apr 2007: Ann knocks with 2, Bob has 20: Ann +18"
    )
    out = ok(gintally("void", "1", *cup)).stdout
    assert out.splitlines()[0] == (
        "Voided hand 1 in Cup final, 26 Apr 2007: Ann knocks with 2, Bob has 20: Ann +18"
    )
    out = ok(gintally("undo", *cup)).stdout  # the latest change: the void
    assert out.splitlines()[0] == (
        "Took back the void of hand 1 in Cup final, 26 Apr 2007: hand 1 is back in play "
        "(Ann knocks with 2, Bob has 20: Ann +18)"
    )
    out = ok(gintally("redo", *cup)).stdout
    assert out.splitlines()[0] == (
        "Brought back the void of hand 1 in Cup final, 26 Apr 2007: hand 1 is void "
        "(Ann knocks with 2, Bob has 20: Ann +18)"
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


# --- words that are true --------------------------------------------------------------------------


def test_a_game_under_rules_without_bonuses_is_not_won_with_the_bonuses(gintally: CLI) -> None:
    new = ("match", "new", "Moon", "--players", "Ann", "Bob", "--rules", "honeymoon")
    ok(gintally(*new, "--set", "target=100"))
    out = ok(gintally("score", "Ann", "120")).stdout  # no game, box or shutout bonus
    assert "  Game 1: Ann wins 120 to 0, net 120" in out.splitlines()
    ok(gintally("match", "new", "Modern", "--players", "Ann", "Bob"))
    out = ok(gintally("score", "Ann", "120")).stdout  # (120 + 100 + 25) x 2 hands doubled
    assert "  Game 1: Ann wins 365 to 0 with the bonuses, net 365" in out.splitlines()


def test_one_hand_and_one_game_are_counted_in_the_singular(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    ok(gintally("match", "new", "Cup", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "120", "--date", "2026-02-01"))
    ok(gintally("score", "Bob", "10", "--date", "2026-02-02"))
    out = ok(gintally("stats")).stdout
    assert "Ann, 1 hand won in a row: hand 1 of Cup, 2026-02-01" in out
    assert "Ann, 1 game won in the 2026 season of Cup: hand 1, 2026-02-01" in out
    assert "1 hands" not in out and "1 games" not in out
    page = tmp_path / "cup.html"
    ok(gintally("report", "--html", str(page)))
    html = page.read_text()
    assert "Ann, 1 hand won in a row, hand 1 (" in html
    assert "Ann leads, 1 game to 0, with the year in play." in html
    assert "2 hands," in html and "1 hands" not in html and "1 games" not in html


def test_a_season_with_no_game_finished_is_not_tied(gintally: CLI) -> None:
    ok(gintally("match", "new", "Old", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "5", "--vs", "20", "--date", "2007-05-01"))
    ok(gintally("knock", "Ann", "5", "--vs", "20", "--date", "2026-05-01"))  # game 1: 30-0, open
    lines = ok(gintally("standings")).stdout.splitlines()
    assert [line.split() for line in lines if line.strip().startswith(("2007", "2026"))] == [
        ["2007", "0", "0", "no", "game", "finished"],
        ["2026", "0", "0", "in", "play"],
    ]


def test_undo_lists_only_the_games_with_hands(gintally: CLI) -> None:
    ok(gintally("match", "new", "Eve", "--players", "Ann", "Bob", "--format", "hollywood"))
    ok(gintally("knock", "Ann", "5", "--vs", "20"))
    ok(gintally("knock", "Bob", "5", "--vs", "20"))
    ok(gintally("knock", "Ann", "5", "--vs", "20"))  # Ann's second win enters game 2
    assert ok(gintally("undo")).stdout.splitlines() == [
        "Undid hand 3: Ann knocks with 5, Bob has 20: Ann +15",
        "  Game 1: Ann 15, Bob 15",
        "Next dealer: Bob",
    ]


def test_a_mahjong_confirmation_fits_80_columns(
    gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    ok(gintally("match", "new", "Mahjong night", "--players", "Ann", "Bob", "--rules", "mahjong"))
    ok(gintally("match", "new", "Other", "--players", "Ann", "Bob"))
    args = ("--table", "20", "--vs-table", "65", "--vs", "5", "--match", "Mahjong night")
    out = ok(gintally("gin", "Ann", *args, "--date", "2026-11-01")).stdout
    assert out.splitlines()[:3] == [
        "Hand 1 in Mahjong night, 1 Nov 2026: Ann goes gin with 20 on the table; Bob has",
        "  65 on the table and 5 in hand: Ann +45, Bob +60",
        "  Game 1: Ann 45, Bob 60",
    ]


def test_help_at_80_columns_reads_plainly(gintally: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    usages = {
        ("knock",): "gintally knock [OPTIONS] PLAYER [DEADWOOD]",
        ("void",): "gintally void [OPTIONS] HAND",
        ("config",): "gintally config [OPTIONS] [KEY] [VALUE]",
        ("eval",): "gintally eval [OPTIONS] CARDS...",
        ("player", "rename"): "gintally player rename [OPTIONS] OLD NEW",
        ("match", "show"): "gintally match show [OPTIONS] [NAME]",
    }
    for command, usage in usages.items():
        out = ok(gintally(*command, "--help")).stdout
        assert f" Usage: {usage} " in out, command
        assert "<str>" not in out and "<path>" not in out and "{" not in out
        assert all(len(line) <= 80 for line in out.splitlines())
    out = ok(gintally("config", "--help")).stdout  # a paragraph wraps whole, not raggedly
    assert " date_order says how a numeric date that reads two ways is read: dmy " in out
    assert " (05.03.1998 is 5 March), mdy (03/05/1998 is 5 March) or ymd (98-03-05). Until " in out


# --- the season race before any game has finished -------------------------------------------------


def test_the_race_before_any_game_has_finished_is_the_points_so_far(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    new = ("match", "new", "Year", "--players", "Ann", "Bob", "--format", "ad-infinitum")
    ok(gintally(*new, "--rules", "honeymoon"))  # games to 500: all three stay open
    for who, points, day in (("Ann", "40", "01"), ("Bob", "70", "05"), ("Ann", "30", "20")):
        ok(gintally("score", who, points, "--date", f"2026-03-{day}"))
    doc = as_json(gintally("chart", "--json"))
    assert (doc["dates"], doc["games_won"]) == ([], {"Ann": [], "Bob": []})
    assert doc["running_dates"] == ["2026-03-01", "2026-03-05", "2026-03-20"]
    assert doc["running_points"] == {"Ann": [40, 40, 70], "Bob": [0, 70, 70]}
    out = ok(gintally("chart")).stdout
    assert "Year, season 2026: points so far, no game finished yet" in out
    assert "A = Ann   B = Bob" in out and "no game finished yet." not in out
    page = tmp_path / "year.html"
    ok(gintally("report", "--html", str(page)))
    html = page.read_text()
    assert html.count("<svg") == 1 and "Points so far (no game finished yet)" in html


def test_chart_json_is_the_race_it_draws(gintally: CLI) -> None:
    ok(gintally("match", "new", "Cup", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "120", "--date", "2026-02-01"))  # game 1: Ann, net 365
    ok(gintally("score", "Bob", "20", "--date", "2026-02-03"))
    # game 2: Bob's 130 doubled (Ann won no hand of it) + 100 + 2 boxes = 410, net 410
    ok(gintally("score", "Bob", "110", "--date", "2026-02-04"))
    doc = as_json(gintally("chart", "--json"))
    assert doc["dates"] == ["2026-02-01", "2026-02-04"]
    assert doc["games_won"] == {"Ann": [1, 1], "Bob": [0, 1]}
    assert doc["net"] == {"Ann": [365, 365 - 410], "Bob": [-365, 410 - 365]}
    assert doc["running_points"] == {"Ann": [120, 120, 120], "Bob": [0, 20, 130]}
