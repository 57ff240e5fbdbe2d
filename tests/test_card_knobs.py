"""Card values and runs as knobs (issue 9 item 3-4): `card_values`, `ace_value`, `aces`,
`wrap_runs` through scoring, `eval` and recorded hands; the `tedesco` and `mahjong` presets.

The exactness of every evaluation under these knobs (deadwood, best discard, layoffs, whole
knocks) is checked against brute force in tests/test_melds.py; here are the worked examples.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import gintally
from gintally import HandError, evaluate, find_preset, resolve, score_cards
from gintally.game.scoring import max_deadwood
from gintally.game.variants import max_hand_points

CLI = Callable[..., Any]

TEDESCO_KNOCK = "QH KH AH 4C 5C 6C 7D 7S 7C 2S"  # Q-K-A of hearts, 4-5-6C, three 7s; 2S left
TEDESCO_DEFENDER = "JH 2H 3C 7H 8H 9H AS AC 5S TD"


def ok(run: Any) -> Any:
    assert run.code == 0, run.stderr
    return run


def as_json(run: Any) -> Any:
    return json.loads(ok(run).stdout)


# --- the examples ---------------------------------------------------------------------


def test_mahjong_hand_counts_75() -> None:
    """Nothing melds; A 15; 2 3 5 7 8 9 are 5 each (30); T Q K 10 each (30): 75."""
    assert evaluate("AS 2H 9D TC KS 3C 5D 7H 8S QD", "mahjong").deadwood == 75
    # the same table through --set: the table brings its ace (15) with it
    assert evaluate("AS 2H 9D TC KS 3C 5D 7H 8S QD", resolve("modern", ["card_values=mahjong"]))
    assert (
        evaluate(
            "AS 2H 9D TC KS 3C 5D 7H 8S QD", resolve("modern", ["card_values=mahjong"])
        ).deadwood
        == 75
    )
    # ... unless the ace is given its own value: 75 - 15 + 1
    rules = resolve("modern", ["card_values=mahjong", "ace_value=1"])
    assert evaluate("AS 2H 9D TC KS 3C 5D 7H 8S QD", rules).deadwood == 61


def test_tedesco_knock_leaves_2() -> None:
    """Q-K-A of hearts (the ace above the king), 4-5-6C, 7D 7S 7C: the 2S is left."""
    ev = evaluate(TEDESCO_KNOCK, "tedesco", upcard="9D")
    assert ev.deadwood == 2
    assert [[str(c) for c in m] for m in ev.melds] == [
        ["7S", "7D", "7C"],
        ["QH", "KH", "AH"],
        ["4C", "5C", "6C"],
    ]
    assert [str(c) for c in ev.deadwood_cards] == ["2S"]
    assert ev.knocks is True  # the upcard's 9 allows it
    # aces low (modern): Q K A 2 stay: 10 + 10 + 1 + 2
    assert evaluate(TEDESCO_KNOCK).deadwood == 23


def test_tedesco_melds_round_the_corner() -> None:
    ev = evaluate("KH AH 2H 4C 5C 6C 7D 7S 7C 9S", "tedesco")
    assert ["KH", "AH", "2H"] in [[str(c) for c in m] for m in ev.melds]
    assert ev.deadwood == 9
    # high-low aces without wrapping: K-A-2 is no run: K 10 + A 15 + 2 + 9
    rules = resolve("tedesco", ["wrap_runs=false"])
    assert evaluate("KH AH 2H 4C 5C 6C 7D 7S 7C 9S", rules).deadwood == 36
    # a long run round the corner: J Q K A 2 3 of spades with the three 8s and 9C 9H
    ev = evaluate("JS QS KS AS 2S 3S 8D 8H 8C 9C", "tedesco")
    assert [[str(c) for c in m] for m in ev.melds] == [
        ["8H", "8D", "8C"],
        ["JS", "QS", "KS", "AS", "2S", "3S"],
    ]
    assert ev.deadwood == 9


def test_tedesco_lone_ace_costs_15() -> None:
    ev = evaluate("AD 4C 5C 6C 7D 7S 7C JH QH KH", "tedesco")
    assert ev.deadwood == 15
    assert [str(c) for c in ev.deadwood_cards] == ["AD"]
    assert ev.deadwood == evaluate("AD 4C 5C 6C 7D 7S 7C JH QH KH", "modern").deadwood + 14


def test_tedesco_best_discard_keeps_the_corner() -> None:
    """11 cards: J Q K A 2 3 of hearts, three 7s, 9S 9C: discard a 9, keep the run (9 left)."""
    ev = evaluate("JH QH KH AH 2H 3H 7D 7S 7C 9S 9C", "tedesco")
    assert (ev.deadwood, str(ev.discard)) == (9, "9S")
    # modern: the run is J Q K and A 2 3 apart, the same 9 left
    assert evaluate("JH QH KH AH 2H 3H 7D 7S 7C 9S 9C").deadwood == 9
    # 11 cards round the corner all melded: a big gin under tedesco, not under modern
    big = evaluate("QH KH AH 2H 3H 7D 7S 7C 9S 9C 9D", "tedesco")
    assert (big.big_gin, big.deadwood, big.discard) == (True, 0, None)
    assert evaluate("QH KH AH 2H 3H 7D 7S 7C 9S 9C 9D").deadwood == 10  # the KH goes, QH stays


# --- a whole knock from cards --------------------------------------------------------------------


def test_tedesco_knock_from_cards_lays_off_round_the_corner() -> None:
    """Knocker 2 (above). The defender lays off JH below Q-K-A of hearts, 2H above the ace
    (round the corner) and 3C below 4-5-6C; 7-8-9H is its own run; AS AC 5S TD stay:
    15 + 15 + 5 + 10 = 45. The knocker scores 45 - 2 = 43; a spade upcard doubles it: 86."""
    r = score_cards(TEDESCO_KNOCK, TEDESCO_DEFENDER, "tedesco", upcard="9D")
    assert (r.kind, r.winner, r.points) == ("knock", "knocker", 43)
    assert (r.knocker_deadwood, r.defender_deadwood, r.knock_limit) == (2, 45, 9)
    assert sorted(str(c) for c in r.layoffs) == ["2H", "3C", "JH"]
    assert [str(c) for c in r.defender_deadwood_cards] == ["AS", "AC", "5S", "TD"]
    doubled = score_cards(TEDESCO_KNOCK, TEDESCO_DEFENDER, "tedesco", upcard="9S")
    assert (doubled.points, doubled.doubled) == (86, True)
    # over the upcard's limit: a 2 on a lone ace upcard is gin only
    with pytest.raises(HandError, match="gin only"):
        score_cards(TEDESCO_KNOCK, TEDESCO_DEFENDER, "tedesco", upcard="AD")


def test_mahjong_gin_counts_the_defender_in_mahjong_values() -> None:
    """A gin: 25 + the defender's cards at Mahjong values (the 75 hand)."""
    r = score_cards("3C 4C 5C 6C 7C 8C 9C TC JC QC", "AS 2H 9D TD KS 3H 5D 7H 8S QD", "mahjong")
    assert (r.kind, r.points, r.defender_deadwood) == ("gin", 25 + 75, 75)
    with pytest.raises(HandError, match="gin only"):
        score_cards("2C 3C 4C 5C 6C 7C 8C 9C TC 2D", "AS 2H 9D TD KS 3H 5D 7H 8S QD", "mahjong")


# --- limits --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "deadwood", "points"),
    [
        # pairs of the five costliest ranks: A 15, T J Q K 10: 2 x 55; bonus 31; spades double
        ("tedesco", 110, 2 * (31 + 110)),
        # Mahjong values played as plain gin: the same pairs; gin 25 (no big gin, no knock)
        ("mahjong:variant=gin", 110, 25 + 110),
        # the mahjong preset scores the ginner's table, up to the whole deck: 25 + 4 x 95
        ("mahjong", 110, 25 + 380),
        ("modern", 98, 31 + 98),
    ],
)
def test_limits_follow_the_card_values(preset: str, deadwood: int, points: int) -> None:
    name, _, override = preset.partition(":")
    rules = resolve(name, [override] if override else [])
    assert max_deadwood(rules) == deadwood
    assert max_hand_points(rules) == points


def test_most_deadwood_holds_under_aces_high_and_wrapping() -> None:
    """Pairs of T J Q K A, suits alternating S H / D C, form no run even round the corner."""
    hand = "TS TH JD JC QS QH KD KC AS AH"
    assert evaluate(hand, "tedesco").deadwood == max_deadwood(find_preset("tedesco")) == 110


# --- the command line ----------------------------------------------------------------------------


def test_eval_takes_the_knobs(gintally: CLI) -> None:
    doc = as_json(gintally("eval", "KH AH 2H 4C 5C 6C 7D 7S 7C 9S", "--rules", "tedesco", "--json"))
    assert doc["melds"] == [["7S", "7D", "7C"], ["KH", "AH", "2H"], ["4C", "5C", "6C"]]
    assert (doc["deadwood"], doc["knocks"]) == (9, None)  # the limit waits for an upcard
    doc = as_json(
        gintally("eval", TEDESCO_KNOCK, "--set", "aces=high-low", "--set", "ace_value=15", "--json")
    )
    assert (doc["deadwood"], doc["knocks"]) == (2, True)
    doc = as_json(
        gintally("eval", "AS 2H 9D TC KS 3C 5D 7H 8S QD", "--set", "card_values=mahjong", "--json")
    )
    assert doc["deadwood"] == 75
    out = ok(gintally("eval", "KH AH 2H 4C 5C 6C 7D 7S 7C 9S", "-r", "tedesco", "-u", "9D")).stdout
    assert "KH AH 2H" in out and "Knocks with 9." in out


def test_eval_and_knock_follow_a_tedesco_match(gintally: CLI) -> None:
    ok(
        gintally(
            "match", "new", "Corner", "-p", "Ann", "Bob", "--rules", "tedesco", "-f", "hollywood"
        )
    )
    doc = as_json(gintally("eval", TEDESCO_KNOCK, "-m", "Corner", "--upcard", "9D", "--json"))
    assert (doc["deadwood"], doc["knocks"]) == (2, True)
    run = ok(
        gintally(
            "knock",
            "Ann",
            "--cards",
            TEDESCO_KNOCK,
            "--vs-cards",
            TEDESCO_DEFENDER,
            "--upcard",
            "9D",
            "--json",
        )
    )
    hand = json.loads(run.stdout)
    assert (hand["kind"], hand["winner"], hand["points"]) == ("knock", "Ann", 43)
    assert (hand["knocker_deadwood"], hand["defender_deadwood"]) == (2, 45)
    assert hand["knocker_melds"][1] == ["QH", "KH", "AH"]
    assert hand["description"] == (
        "Ann knocks with 2, Bob has 45 after laying off 2H JH 3C: Ann +43"
    )
    # a spade upcard doubles (Tedesco is Oklahoma gin): hand 2 opens game 2 of the hollywood set
    ok(
        gintally(
            "knock", "Ann", "--cards", TEDESCO_KNOCK, "--vs-cards", TEDESCO_DEFENDER, "-u", "9S"
        )
    )
    games = as_json(gintally("show", "--json"))["games"]
    assert [g["points"]["Ann"] for g in games[:2]] == [43 + 86, 86]
    assert games[0]["needs"] == {"Ann": 200 - 129, "Bob": 200}  # games to 200
    assert ok(gintally("check")).stdout  # the stored cards re-settle under the stored knobs


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("aces=high", "aces must be one of low, high-low, not 'high'"),
        ("wrap_runs=maybe", "wrap_runs must be true or false, not 'maybe'"),
        ("card_values=chinese", "card_values must be one of standard, mahjong, not 'chinese'"),
    ],
)
def test_eval_refuses_bad_knobs(gintally: CLI, override: str, message: str) -> None:
    run = gintally("eval", TEDESCO_KNOCK, "--set", override)
    assert run.code == 2
    assert message in run.stderr
    assert run.stderr.count("\n") == 1


def test_public_names() -> None:
    assert gintally.find_preset("tedesco").wrap_runs is True
    assert gintally.find_preset("mahjong").card_values == "mahjong"
