"""exactly_50_loses at its boundary (49, 50 and 51 ahead) and series at their edges: a series
spanning two seasons, a best of five decided early then the next series (and reopened by a
void), a series with misdeals, ties and edits round-tripped through CSV and JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, as_json, ok

CLI = Callable[..., Run]


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
    ok(
        gintally(
            "match", "new", "Fifty", "--players", "Ann", "Bob", "--set", "exactly_50_loses=true"
        )
    )
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
            "target=100",
        )
    )
    for _ in range(2):
        assert "wins the series" not in ok(gintally("score", "Ann", "100")).stdout
    out = ok(gintally("score", "Ann", "100")).stdout  # 3 games of 5: decided 3-0
    assert "Series 1: Ann wins the series 3 games to 0" in out
    ok(gintally("score", "Bob", "100"))  # game 4 opens series 2
    series = as_json(gintally("show", "--json"))["series"]
    assert (series["number"], series["score"], series["status"], series["games"]) == (
        2,
        {"Ann": 0, "Bob": 1},
        "open",
        [4],
    )
    # Void the third game's hand: series 1 is Ann 2, Bob 1 after game 3 (was game 4), open.
    ok(gintally("void", "3", "--reason", "misrecorded"))
    series = as_json(gintally("show", "--json"))["series"]
    assert (series["number"], series["score"], series["status"], series["games"]) == (
        1,
        {"Ann": 2, "Bob": 1},
        "open",
        [1, 2, 3],
    )
    assert [r["series_won"] for r in as_json(gintally("standings", "--json"))["rows"]] == [0, 0]


def test_a_series_with_misdeals_ties_and_edits_round_trips(gintally: CLI, tmp_path: Path) -> None:
    new = (
        "--players",
        "Ann",
        "Bob",
        "--rules",
        "multi-match",
        "--set",
        "series_target=300",
        "--set",
        "tie=no-score",
    )
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
        (1, "Bob"),
        (4, "Ann"),
        (5, "Ann"),
        (6, "Bob"),
    ]
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
