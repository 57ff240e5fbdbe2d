"""Series (multi-match and best of N), `exactly_50_loses` and misdeals: the engine's numbers
worked by hand, then the same end to end through the command line (SPEC sections 3 and 4)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from conftest import Run, as_json, ok, refused
from gintally.engine.replay import Entry, replay
from gintally.engine.series import SeriesRule, series_rule
from gintally.game.rules import resolve

CLI = Callable[..., Run]
DAY = date(2007, 4, 27)
ANN, BOB = 0, 1


def scores(*hands: tuple[int | None, int], kinds: dict[int, str] | None = None) -> list[Entry]:
    """Paper scores in play order: (winner, points); hand numbers from 1."""
    kinds = kinds or {}
    return [
        Entry(i, DAY, w, p, kinds.get(i, "score" if w is not None else "draw"))
        for i, (w, p) in enumerate(hands, 1)
    ]


# --- the series rule ------------------------------------------------------------------------------


def test_series_rule_of_each_preset() -> None:
    assert series_rule(resolve("modern")) is None
    assert series_rule(resolve("multi-match")) == SeriesRule("points", 500)
    assert series_rule(resolve("tournament")) == SeriesRule("games", 3)  # best of 5: 3 wins
    assert series_rule(resolve("modern", ["best_of=7"])) == SeriesRule("games", 4)
    assert series_rule(resolve("modern", ["best_of=1"])) == SeriesRule("games", 1)


# --- multi-match: the worked example of the issue ------------------------------------------------


def test_multi_match_game_1_adds_255_to_55_then_a_shutout_wins_the_series_at_580() -> None:
    """Modern games to 100 inside a series to 500 (preset multi-match).

    Game 1: Ann 60, Bob 30, Ann 45. Ann has 105 points and 2 boxes, Bob 30 and 1 box.
      Ann: 105 + game bonus 100 + 2 x 25 = 255.  Bob: 30 + 1 x 25 = 55.  Series 255 to 55.
    Game 2: Ann 100 in one hand: a shutout (Bob won no hand), modern doubles Ann's hand points.
      Ann: 100 + shutout 100 + game bonus 100 + 1 x 25 = 325.  Bob: 0.
      Series: Ann 255 + 325 = 580 >= 500: Ann wins the series 580 to 55.
    """
    rules = resolve("multi-match")
    rep = replay(scores((ANN, 60), (BOB, 30), (ANN, 45)), rules)
    assert rep.games[0].total == [255, 55]
    (series,) = rep.series
    assert (series.number, series.score, series.status, series.winner) == (
        1,
        [255, 55],
        "open",
        None,
    )

    rep = replay(scores((ANN, 60), (BOB, 30), (ANN, 45), (ANN, 100)), rules)
    assert rep.games[1].shutout and rep.games[1].total == [325, 0]
    (series,) = rep.series
    assert (series.score, series.status, series.winner) == ([580, 55], "won", ANN)
    assert [g.number for g in series.games] == [1, 2]
    assert series.margin == 525
    assert [s.number for s in rep.played[3].series] == [1]  # hand 4 won the series
    assert rep.played[2].series == []


def test_the_next_game_starts_the_next_series() -> None:
    rules = resolve("multi-match")
    rep = replay(scores((ANN, 60), (BOB, 30), (ANN, 45), (ANN, 100), (BOB, 10)), rules)
    assert [(s.number, s.score, s.status) for s in rep.series] == [
        (1, [580, 55], "won"),
        (2, [0, 0], "open"),  # game 3 is open and counts toward series 2 when it finishes
    ]
    assert rep.series_in_play() is rep.series[1]


def test_both_past_the_series_target_in_one_game() -> None:
    """series_target 150, no bonuses. Game 1: Ann 90, Bob 100: series 90-100. Game 2: Bob 60,
    Ann 100: series Ann 190, Bob 160, both past 150: the one with more wins (Ann). With Bob 90
    in game 2 instead the series is 190-190: the winner of that game (Ann) wins it."""
    rules = resolve("modern", ["series_target=150", "game_bonus=0", "box_bonus=0", "shutout=none"])
    rep = replay(scores((ANN, 90), (BOB, 100), (BOB, 60), (ANN, 100)), rules)
    assert (rep.series[0].score, rep.series[0].winner) == ([190, 160], ANN)
    rep = replay(scores((ANN, 90), (BOB, 100), (BOB, 90), (ANN, 100)), rules)
    assert (rep.series[0].score, rep.series[0].winner) == ([190, 190], ANN)


def test_best_of_five_is_won_by_the_third_game_won() -> None:
    """Tournament: games to 250, best of 5: the first to win 3 games. Ann 250, Bob 250, Ann
    250, Ann 250: Ann wins the series 3 games to 1 with game 4."""
    rules = resolve("tournament")
    rep = replay(scores((ANN, 250), (BOB, 250), (ANN, 250), (ANN, 250)), rules)
    assert [g.winner for g in rep.games] == [ANN, BOB, ANN, ANN]
    (series,) = rep.series
    assert (series.score, series.status, series.winner, series.margin) == ([3, 1], "won", ANN, 2)
    rep = replay(scores((ANN, 250), (BOB, 250), (ANN, 250)), rules)
    assert (rep.series[0].score, rep.series[0].status) == ([2, 1], "open")


def test_a_series_holds_replay_marks_back_until_it_is_won() -> None:
    """A replay may restart only where no game is open and no series is in progress."""
    rules = resolve("tournament")
    rep = replay(scores((ANN, 250), (BOB, 250), (ANN, 250), (ANN, 250), (BOB, 250)), rules)
    assert [(m.cut_hand, m.series) for m in rep.marks] == [(4, 1)]
    # replaying from that mark numbers the next series 2 and gives the same games
    tail = replay(
        scores((ANN, 250), (BOB, 250), (ANN, 250), (ANN, 250), (BOB, 250))[4:],
        rules,
        start=rep.marks[0],
    )
    assert [(s.number, s.score) for s in tail.series] == [(2, [0, 1])]
    assert rep.series[1].score == [0, 1]


# --- exactly 50 ahead loses -----------------------------------------------------------------------


def test_exactly_50_ahead_loses_under_modern_bonuses() -> None:
    """Modern with exactly_50_loses. Bob wins four hands (20, 20, 20, 15: 75 points), then Ann
    goes out with 100. Ann: 100 + game bonus 100 + 1 box 25 = 225. Bob: 75 + 4 boxes 100 = 175.
    Ann ends exactly 50 ahead, so Ann loses: Bob wins the game, net 50."""
    hands = scores((BOB, 20), (BOB, 20), (BOB, 20), (BOB, 15), (ANN, 100))
    plain = replay(hands, resolve("modern")).games[0]
    assert (plain.winner, plain.total, plain.net) == (ANN, [225, 175], 50)
    game = replay(hands, resolve("modern", ["exactly_50_loses=true"])).games[0]
    assert (game.winner, game.total, game.net, game.lost_by_50) == (BOB, [225, 175], 50, True)
    assert game.signed_net == -50  # from Ann's side: Bob won it by 50


def test_exactly_50_only_when_the_final_totals_differ_by_50() -> None:
    """No bonuses: Bob 50, then Ann 100 (totals 100-50: Ann loses); Bob 49, Ann 100 (100-49:
    Ann wins, net 51)."""
    rules = resolve(
        "modern", ["exactly_50_loses=true", "game_bonus=0", "box_bonus=0", "shutout=none"]
    )
    game = replay(scores((BOB, 50), (ANN, 100)), rules).games[0]
    assert (game.winner, game.net) == (BOB, 50)
    game = replay(scores((BOB, 49), (ANN, 100)), rules).games[0]
    assert (game.winner, game.net, game.lost_by_50) == (ANN, 51, False)


# --- misdeals -------------------------------------------------------------------------------------


def test_a_misdeal_scores_nothing_and_the_same_dealer_deals_again() -> None:
    for rule in ("winner", "loser", "alternate"):
        rules = resolve("modern", [f"next_dealer={rule}"])
        hands = scores((ANN, 10), (None, 0), kinds={2: "misdeal"})
        rep = replay(hands, rules, first_dealer=BOB)
        assert rep.played[1].games == []
        dealer_of_2 = rep.played[1].dealer
        assert rep.next_dealer == dealer_of_2, rule  # a misdeal is redealt by its dealer


# --- end to end -----------------------------------------------------------------------------------


@pytest.fixture
def multi(gintally: CLI) -> CLI:
    ok(gintally("match", "new", "Multi", "--players", "Ann", "Bob", "--rules", "multi-match"))
    return gintally


def test_multi_match_from_the_command_line(multi: CLI) -> None:
    assert as_json(multi("show", "--json"))["series"] == {
        "number": 1,
        "score": {"Ann": 0, "Bob": 0},
        "status": "open",
        "winner": None,
        "unit": "points",
        "target": 500,
        "games": [],
        "margin": None,
    }
    for who, pts in (("Ann", "60"), ("Bob", "30"), ("Ann", "45")):
        ok(multi("score", who, pts))
    series = as_json(multi("show", "--json"))["series"]
    assert (series["score"], series["status"], series["games"]) == (
        {"Ann": 255, "Bob": 55},
        "open",
        [1],
    )
    assert "Series 1 (to 500): Ann 255, Bob 55" in ok(multi("show")).stdout
    out = ok(multi("score", "Ann", "100")).stdout
    assert "Game 2: Ann wins 325 to 0 with the bonuses, net 325" in out
    assert "Series 1: Ann wins the series 580 to 55" in out
    doc = as_json(multi("score", "Bob", "10", "--json"))
    assert "series" not in doc  # this hand won no series
    series = as_json(multi("show", "--json"))["series"]
    assert (series["number"], series["score"], series["status"]) == (
        2,
        {"Ann": 0, "Bob": 0},
        "open",
    )
    rows = as_json(multi("standings", "--json"))["rows"]
    assert [(r["player"], r["series_won"], r["games_won"]) for r in rows] == [
        ("Ann", 1, 2),
        ("Bob", 0, 0),
    ]
    assert "A series is won at 500 points." in ok(multi("standings")).stdout


def test_the_hand_that_wins_a_series_says_so_in_json(multi: CLI) -> None:
    for who, pts in (("Ann", "60"), ("Bob", "30"), ("Ann", "45")):
        ok(multi("score", who, pts))
    doc = as_json(multi("score", "Ann", "100", "--json"))
    assert doc["series"] == [
        {
            "number": 1,
            "score": {"Ann": 580, "Bob": 55},
            "status": "won",
            "winner": "Ann",
            "unit": "points",
            "target": 500,
            "games": [1, 2],
            "margin": 525,
        }
    ]


def test_tournament_best_of_five_from_the_command_line(gintally: CLI) -> None:
    # Games to 120 (one hand scores at most 129 under these rules), so one hand wins a game.
    new = ("match", "new", "Cup", "--players", "Ann", "Bob", "--rules", "tournament")
    ok(gintally(*new, "--set", "target=120"))
    for who in ("Ann", "Bob", "Ann"):
        ok(gintally("score", who, "120"))
    assert "Series 1 (best of 5): Ann 2, Bob 1 games won" in ok(gintally("show")).stdout
    out = ok(gintally("score", "Ann", "120")).stdout
    assert "Series 1: Ann wins the series 3 games to 1" in out
    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [r["series_won"] for r in rows] == [1, 0]


def test_series_survive_edits_and_a_void(multi: CLI) -> None:
    for who, pts in (("Ann", "60"), ("Bob", "30"), ("Ann", "45"), ("Ann", "100")):
        ok(multi("score", who, pts))
    ok(multi("void", "4"))
    assert as_json(multi("show", "--json"))["series"]["status"] == "open"
    ok(multi("edit", "2", "--points", "40"))  # Bob 40: game 1 is 255-65
    assert as_json(multi("show", "--json"))["series"]["score"] == {"Ann": 255, "Bob": 65}


def test_series_refused_with_ad_infinitum(gintally: CLI) -> None:
    err = refused(
        gintally(
            "match",
            "new",
            "X",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "ad-infinitum",
            "--rules",
            "multi-match",
        )
    )
    assert "series" in err and "ad-infinitum" in err


def test_exactly_50_from_the_command_line(gintally: CLI) -> None:
    ok(gintally("match", "new", "Fifty", "--players", "Ann", "Bob", "--set", "exactly_50_loses=1"))
    for pts in ("20", "20", "20", "15"):
        ok(gintally("score", "Bob", pts))
    out = ok(gintally("score", "Ann", "100")).stdout
    assert "Game 1: Bob wins 175 to 225 with the bonuses, net 50 (exactly 50 ahead loses)" in out
    (game,) = as_json(gintally("show", "--json"))["games"]
    assert (game["winner"], game["net"], game["lost_by_50"]) == ("Bob", 50, True)
    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [(r["games_won"], r["net"]) for r in rows] == [(0, -50), (1, 50)]


def test_misdeal_end_to_end(gintally: CLI, tmp_path: Path) -> None:
    ok(
        gintally(
            "match",
            "new",
            "K",
            "--players",
            "Ann",
            "Bob",
            "--dealer",
            "Bob",
            "--set",
            "next_dealer=alternate",
        )
    )
    ok(gintally("knock", "Ann", "8", "--vs", "18"))  # Bob dealt; Ann deals next
    doc = as_json(gintally("misdeal", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"], doc["games"]) == ("misdeal", None, 0, [])
    assert doc["next_dealer"] == "Ann"  # Ann misdealt: Ann deals again
    assert doc["description"] == "Misdeal: no score, the same dealer deals again"
    hands = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["kind"], h["winner"], h["dealer"]) for h in hands] == [
        ("knock", "Ann", "Bob"),
        ("misdeal", None, "Ann"),
    ]
    assert "Misdeal: no score, the same dealer deals again" in ok(gintally("hands")).stdout
    season = as_json(gintally("standings", "--json"))
    assert (season["hands"], season["draws"], season["misdeals"]) == (1, 0, 1)
    # export, import into a new match: the same log and the same next dealer
    csv_text = ok(gintally("export")).stdout
    assert "misdeal,,0" in csv_text
    path = tmp_path / "hands.csv"
    path.write_text(csv_text)
    ok(
        gintally(
            "match",
            "new",
            "K2",
            "--players",
            "Ann",
            "Bob",
            "--dealer",
            "Bob",
            "--set",
            "next_dealer=alternate",
        )
    )
    ok(gintally("import", str(path)))
    again = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["kind"], h["dealer"]) for h in again] == [("knock", "Bob"), ("misdeal", "Ann")]
    assert as_json(gintally("show", "--json"))["next_dealer"] == "Ann"
    assert "no problems" in ok(gintally("check")).stdout
    assert "no winner" in refused(gintally("score", "Ann", "10", "--kind", "misdeal"))


def test_edit_a_hand_into_a_misdeal(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "8", "--vs", "18"))
    doc = as_json(gintally("edit", "1", "--kind", "misdeal", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"], doc["knocker_deadwood"]) == (
        "misdeal",
        None,
        0,
        None,
    )
    assert as_json(gintally("show", "--json"))["games"] == []


# --- teams with the game kinds ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--rules", "gimlet"], "Gimlet Rummy is not played in teams (rules variant=gimlet)"),
        (["--rules", "mahjong"], "Mahjong gin is not played in teams (rules variant=mahjong)"),
        (["--set", "variant=mahjong"], "Mahjong gin is not played in teams"),
    ],
)
def test_a_team_match_plays_plain_gin(gintally: CLI, args: list[str], why: str) -> None:
    """A round sums the winners' hand points at each table: a variant where both players score
    (Mahjong) or a solitaire (Gimlet) has no place in it, so the match is refused, not made."""
    err = refused(gintally("match", "new", "Four", "--teams", "Ann,Cy", "Bob,Di", *args))
    assert why in err and "a team match plays plain gin at every table" in err
    assert "no ledger at" in refused(gintally("match", "list", "--json"), 1)  # none was made


def test_a_team_match_has_no_phantom_and_no_misdeal(gintally: CLI) -> None:
    err = refused(gintally("match", "new", "Four", "--teams", "Ann,Phantom", "Bob,Di"))
    assert "Phantom is the phantom opponent of Gimlet solitaire" in err
    ok(gintally("match", "new", "Four", "--teams", "Ann,Cy", "Bob,Di"))
    err = refused(gintally("misdeal"))
    assert "a team match keeps no dealer" in err
    assert as_json(gintally("hands", "--json"))["hands"] == []


def test_a_team_match_plays_a_best_of_three_series(gintally: CLI) -> None:
    """Games to 50, best of 3. Round 1: Ann +60 at table 1, Di +10 at table 2: Ann & Cy win
    the round by 50 and with it game 1; round 2 the same: game 2 and the series, 2 games to 0."""
    ok(
        gintally(
            "match",
            "new",
            "Cup",
            "--teams",
            "Ann,Cy",
            "Bob,Di",
            "--set",
            "target=50",
            "--set",
            "best_of=3",
        )
    )
    ok(gintally("score", "Ann", "60"))
    hand = as_json(gintally("score", "Di", "10", "--json"))
    assert [(g["number"], g["status"], g["winner"]) for g in hand["games"]] == [
        (1, "won", "Ann & Cy")
    ]
    assert "series" not in hand  # the series is not over yet
    show = as_json(gintally("show", "--json"))
    assert show["series"]["score"] == {"Ann & Cy": 1, "Bob & Di": 0}
    assert show["series"]["status"] == "open" and show["series"]["target"] == 2
    assert "teams" in show and show["round"] is None
    ok(gintally("score", "Ann", "60"))
    done = ok(gintally("score", "Di", "10")).stdout
    assert "Series 1: Ann & Cy win the series 2 games to 0" in done  # a team: "win"
    assert "Round 2 complete: Ann & Cy +50 (60 to 10)" in done
    series = as_json(gintally("show", "--json"))["series"]
    assert (series["number"], series["status"], series["winner"], series["games"]) == (
        1,
        "won",
        "Ann & Cy",
        [1, 2],
    )
    assert series["score"] == {"Ann & Cy": 2, "Bob & Di": 0}
    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [(r["player"], r["games_won"], r["series_won"]) for r in rows] == [
        ("Ann & Cy", 2, 1),
        ("Bob & Di", 0, 0),
    ]


def test_exactly_50_ahead_loses_in_a_team_match(gintally: CLI) -> None:
    """No bonuses, games to 50: a round won by exactly 50 (Ann +60, Di +10) ends game 1 with
    Ann & Cy 50 ahead, so they lose it: Bob & Di win, net 50."""
    ok(
        gintally(
            "match",
            "new",
            "Fifty",
            "--teams",
            "Ann,Cy",
            "Bob,Di",
            "--set",
            "target=50",
            "--set",
            "game_bonus=0",
            "--set",
            "box_bonus=0",
            "--set",
            "shutout=none",
            "--set",
            "exactly_50_loses=true",
        )
    )
    ok(gintally("score", "Ann", "60"))
    text = ok(gintally("score", "Di", "10")).stdout
    assert "(exactly 50 ahead loses)" in text
    game = as_json(gintally("show", "--json"))["games"][0]
    assert (game["status"], game["winner"], game["net"]) == ("won", "Bob & Di", 50)
    assert game["total"] == {"Ann & Cy": 50, "Bob & Di": 0}
