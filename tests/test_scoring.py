"""Scoring one hand (SPEC section 2): every kind under every knob, with exact numbers."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from gintally.errors import CardError, GintallyError, HandError
from gintally.game.rules import RuleSet, resolve
from gintally.game.scoring import (
    HandResult,
    Kind,
    knock_limit,
    max_deadwood,
    parse_kind,
    settle_draw,
    settle_gin,
    settle_knock,
    settle_score,
)
from gintally.game.showdown import score_cards

# The seed's worked example (000_9fa2d787c9962e2e.txt) as printed: both hands hold 7C.
SEED_KNOCKER = "6H 6C 6D 6S TD JD QD KD AH 7C"
SEED_DEFENDER = "2H 3H 4H 7H 7S 7C 8C 8D 9D JS"
SEED_UNDERKNOCK = "AD 3D 2H 3H 4H 7H 7S 7C 8D 9D"
# The smallest correction: the knocker's 7C written as 7D (still deadwood, value 7).
KNOCKER = "6H 6C 6D 6S TD JD QD KD AH 7D"


def rules(preset: str = "modern", *overrides: str) -> RuleSet:
    return resolve(preset, list(overrides))


def outcome(result: HandResult) -> tuple[str, str | None, int]:
    return (str(result.kind), result.winner, result.points)


def names(cards: object) -> list[str]:
    return [str(c) for c in cards]  # type: ignore[attr-defined]


# --- knocks from counts -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "upcard", "d_k", "d_d", "expected"),
    [
        # modern: plus-difference, undercut on a tie
        (rules(), None, 3, 11, ("knock", "knocker", 8)),
        (rules(), None, 3, 1, ("undercut", "defender", 27)),
        (rules(), None, 8, 8, ("undercut", "defender", 25)),
        (rules(), None, 9, 32, ("knock", "knocker", 23)),
        (rules(), None, 10, 98, ("knock", "knocker", 88)),
        (rules(), None, 1, 0, ("undercut", "defender", 26)),
        (rules(), None, 10, 0, ("undercut", "defender", 35)),
        (rules(), None, 5, 6, ("knock", "knocker", 1)),
        (rules("modern", "undercut_bonus=20"), None, 10, 9, ("undercut", "defender", 21)),
        # the tie knob: undercut (above), knocker (wins 0), no-score (nobody wins)
        (rules("modern", "tie=knocker"), None, 6, 6, ("knock", "knocker", 0)),
        (rules("modern", "tie=knocker"), None, 6, 5, ("undercut", "defender", 26)),
        (rules("modern", "tie=knocker"), None, 6, 7, ("knock", "knocker", 1)),
        (rules("modern", "undercut_on_tie=false"), None, 6, 6, ("knock", "knocker", 0)),
        (rules("modern", "undercut_on_tie=true"), None, 6, 6, ("undercut", "defender", 25)),
        (rules("modern", "tie=no-score"), None, 6, 6, ("tie", None, 0)),
        (rules("modern", "tie=no-score"), None, 6, 5, ("undercut", "defender", 26)),
        (rules("modern", "tie=no-score"), None, 6, 7, ("knock", "knocker", 1)),
        (rules("modern", "tie=no-score"), None, 10, 10, ("tie", None, 0)),
        (rules("classic", "tie=no-score"), None, 1, 1, ("tie", None, 0)),
        (rules("modern", "knock_limit=5"), None, 5, 30, ("knock", "knocker", 25)),
        # classic: undercut 10
        (rules("classic"), None, 7, 3, ("undercut", "defender", 14)),
        (rules("classic"), None, 7, 7, ("undercut", "defender", 10)),
        (rules("classic"), None, 7, 40, ("knock", "knocker", 33)),
        (rules("tournament"), None, 4, 2, ("undercut", "defender", 27)),
        # honeymoon: bonus minus the defender's count (seed 000: knock 8 vs 4 gives the
        # defender 25 - 4 = 21); only a lower count underknocks, so a tie scores nothing
        (rules("honeymoon"), "TS", 8, 4, ("undercut", "defender", 21)),
        (rules("honeymoon"), "TS", 8, 8, ("tie", None, 0)),
        (rules("honeymoon"), "TS", 8, 7, ("undercut", "defender", 18)),
        (rules("honeymoon"), "9H", 9, 0, ("undercut", "defender", 25)),
        (rules("honeymoon"), "9H", 9, 30, ("knock", "knocker", 21)),
        (rules("honeymoon"), "5S", 5, 1, ("undercut", "defender", 24)),  # no spade doubling
        (
            rules("modern", "undercut_style=bonus-minus-defender"),
            None,
            8,
            4,
            ("undercut", "defender", 21),
        ),
        # kitchen (seed 003): knock with 9 at most; undercut 15 + the difference (9 vs 7:
        # 15 + 2 = 17); a tie: nobody has less, nobody scores
        (rules("kitchen"), None, 9, 7, ("undercut", "defender", 17)),
        (rules("kitchen"), None, 9, 9, ("tie", None, 0)),
        (rules("kitchen"), None, 4, 4, ("tie", None, 0)),
        (rules("kitchen"), None, 9, 20, ("knock", "knocker", 11)),
        (rules("kitchen"), None, 2, 0, ("undercut", "defender", 17)),
        # Oklahoma: a spade upcard doubles, undercut bonus included
        (rules("oklahoma"), "6S", 2, 20, ("knock", "knocker", 36)),
        (rules("oklahoma"), "6H", 2, 20, ("knock", "knocker", 18)),
        (rules("oklahoma"), "9S", 5, 3, ("undercut", "defender", 54)),
        (rules("oklahoma"), "9C", 5, 3, ("undercut", "defender", 27)),
        (rules("oklahoma"), "KS", 10, 10, ("undercut", "defender", 50)),
        (rules("oklahoma", "tie=knocker"), "KS", 10, 10, ("knock", "knocker", 0)),
        (rules("oklahoma", "tie=no-score"), "KS", 10, 10, ("tie", None, 0)),
        (rules("oklahoma", "oklahoma_ace=one"), "AS", 1, 11, ("knock", "knocker", 20)),
        (rules("modern", "spade_doubles=true"), "4S", 9, 27, ("knock", "knocker", 36)),
        (rules("modern", "spade_doubles=true"), None, 9, 27, ("knock", "knocker", 18)),
        (rules("modern"), "4S", 9, 27, ("knock", "knocker", 18)),
    ],
)
def test_knock(
    rule_set: RuleSet,
    upcard: str | None,
    d_k: int,
    d_d: int,
    expected: tuple[str, str | None, int],
) -> None:
    result = settle_knock(d_k, d_d, rule_set, upcard)
    assert outcome(result) == expected
    assert (result.knocker_deadwood, result.defender_deadwood) == (d_k, d_d)
    assert result.layoffs == ()


@pytest.mark.parametrize(
    ("preset", "upcard", "doubled", "limit"),
    [
        ("oklahoma", "6S", True, 6),
        ("oklahoma", "6D", False, 6),
        ("modern", "6S", False, 10),
        ("honeymoon", "TS", False, 10),
        ("kitchen", None, False, 9),
    ],
)
def test_knock_reports_limit_and_doubling(
    preset: str, upcard: str | None, doubled: bool, limit: int
) -> None:
    result = settle_knock(2, 20, preset, upcard)
    assert result.doubled is doubled
    assert result.knock_limit == limit


# --- the knock limit ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "upcard", "limit"),
    [
        (rules(), None, 10),
        (rules(), "AS", 10),  # the upcard only matters under Oklahoma rules
        (rules("classic"), None, 10),
        (rules("kitchen"), None, 9),
        (rules("straight"), None, 0),
        (rules("modern", "knock_limit=4"), None, 4),
        (rules("oklahoma"), "7D", 7),
        (rules("oklahoma"), "2C", 2),
        (rules("oklahoma"), "9h", 9),
        (rules("oklahoma"), "TS", 10),
        (rules("oklahoma"), "10S", 10),
        (rules("oklahoma"), "JD", 10),
        (rules("oklahoma"), "QH", 10),
        (rules("oklahoma"), "KC", 10),
        (rules("oklahoma"), "AC", 0),
        (rules("oklahoma", "oklahoma_ace=one"), "AC", 1),
        (rules("honeymoon"), "7♦", 7),
        (rules("honeymoon"), "AH", 0),
        (rules("oklahoma", "ace_value=15"), "AC", 0),
        (rules("oklahoma", "ace_value=15", "oklahoma_ace=one"), "AC", 1),
    ],
)
def test_knock_limit(rule_set: RuleSet, upcard: str | None, limit: int) -> None:
    assert knock_limit(rule_set, upcard) == limit


@pytest.mark.parametrize(
    ("rule_set", "upcard", "d_k", "pieces"),
    [
        (rules(), None, 11, ["knock with 11", "over the knock limit of 10"]),
        (rules(), None, 0, ["knock with 0", "gin"]),
        (rules("kitchen"), None, 10, ["knock with 10", "limit of 9"]),
        (rules("straight"), None, 1, ["no knocking", "gin only", "knock with 1"]),
        (rules("straight"), None, 0, ["knock with 0", "gin"]),
        (rules("oklahoma"), "7D", 8, ["knock with 8", "limit of 7"]),
        (rules("oklahoma"), "QH", 11, ["limit of 10"]),
        (rules("oklahoma"), "AC", 1, ["no knocking", "AC", "gin only"]),
        (rules("oklahoma"), "AS", 5, ["no knocking", "AS"]),
        (rules("oklahoma", "oklahoma_ace=one"), "AC", 2, ["knock with 2", "limit of 1"]),
        (rules("honeymoon"), "2H", 3, ["limit of 2"]),
        (rules("oklahoma"), None, 5, ["upcard"]),
        (rules("honeymoon"), None, 5, ["upcard"]),
    ],
)
def test_knock_refused(rule_set: RuleSet, upcard: str | None, d_k: int, pieces: list[str]) -> None:
    with pytest.raises(HandError) as err:
        settle_knock(d_k, 30, rule_set, upcard)
    for piece in pieces:
        assert piece in str(err.value)


@pytest.mark.parametrize(
    ("rule_set", "upcard", "d_k"),
    [
        (rules("oklahoma"), "7D", 7),
        (rules("oklahoma"), "QH", 10),
        (rules("oklahoma", "oklahoma_ace=one"), "AC", 1),
        (rules("kitchen"), None, 9),
        (rules(), None, 10),
    ],
)
def test_knock_at_the_limit_allowed(rule_set: RuleSet, upcard: str | None, d_k: int) -> None:
    assert outcome(settle_knock(d_k, 30, rule_set, upcard)) == ("knock", "knocker", 30 - d_k)


@pytest.mark.parametrize(
    ("rule_set", "top"),
    [(rules(), 98), (rules("modern", "ace_value=15"), 110), (rules("modern", "ace_value=10"), 100)],
)
def test_max_deadwood(rule_set: RuleSet, top: int) -> None:
    assert max_deadwood(rule_set) == top
    assert settle_knock(1, top, rule_set).points == top - 1
    with pytest.raises(HandError, match=f"{top + 1} is impossible"):
        settle_knock(1, top + 1, rule_set)


@pytest.mark.parametrize(
    ("d_k", "d_d", "piece"),
    [
        (3, -1, "the defender's deadwood -1 is impossible"),
        (-2, 10, "the knocker's deadwood -2 is impossible"),
        (3, 99, "the defender's deadwood 99 is impossible"),
        (99, 3, "the knocker's deadwood 99 is impossible"),
        (3, 2.5, "whole number"),
        (3, True, "whole number"),
        ("3", 5, "whole number"),
    ],
)
def test_bad_counts_refused(d_k: object, d_d: object, piece: str) -> None:
    with pytest.raises(HandError) as err:
        settle_knock(d_k, d_d)  # type: ignore[arg-type]
    assert piece in str(err.value)


# --- gin and big gin from counts ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "upcard", "big", "d_d", "expected"),
    [
        (rules(), None, False, 28, ("gin", "knocker", 53)),
        (rules(), None, False, 0, ("gin", "knocker", 25)),
        (rules(), None, True, 20, ("big-gin", "knocker", 51)),
        (rules("modern", "big_gin_bonus=50"), None, True, 20, ("big-gin", "knocker", 70)),
        (rules("modern", "gin_bonus=20"), None, False, 20, ("gin", "knocker", 40)),
        (rules("classic"), None, False, 20, ("gin", "knocker", 40)),
        (rules("kitchen"), None, False, 12, ("gin", "knocker", 37)),
        (rules("kitchen"), None, True, 12, ("big-gin", "knocker", 47)),
        (rules("honeymoon"), None, False, 30, ("gin", "knocker", 55)),
        (rules("honeymoon"), "AS", False, 30, ("gin", "knocker", 55)),
        (rules("straight"), None, False, 7, ("gin", "knocker", 32)),
        # spade doubling includes the bonus, and an ace of spades still allows gin
        (rules("oklahoma"), "6S", False, 10, ("gin", "knocker", 70)),
        (rules("oklahoma"), "AS", False, 10, ("gin", "knocker", 70)),
        (rules("oklahoma"), "6D", False, 10, ("gin", "knocker", 35)),
        (rules("oklahoma"), "QS", True, 10, ("big-gin", "knocker", 82)),
        (rules("oklahoma"), None, False, 10, ("gin", "knocker", 35)),
        # big gin off: eleven melded cards score as a gin (classic 20 + 20 = 40)
        (rules("classic"), None, True, 20, ("gin", "knocker", 40)),
        (rules("modern", "big_gin_bonus=off"), None, True, 20, ("gin", "knocker", 45)),
        (rules("honeymoon"), "7D", True, 30, ("gin", "knocker", 55)),
        (rules("oklahoma", "big_gin_bonus=off"), "QS", True, 10, ("gin", "knocker", 70)),
    ],
)
def test_gin(
    rule_set: RuleSet, upcard: str | None, big: bool, d_d: int, expected: tuple[str, str, int]
) -> None:
    result = settle_gin(d_d, rule_set, upcard, big=big)
    assert outcome(result) == expected
    assert (result.knocker_deadwood, result.defender_deadwood) == (0, d_d)


@pytest.mark.parametrize(
    ("rule_set", "d_d", "big", "piece"),
    [
        (rules(), -1, False, "-1 is impossible"),
        (rules(), 99, True, "99 is impossible"),
    ],
)
def test_gin_refused(rule_set: RuleSet, d_d: int, big: bool, piece: str) -> None:
    with pytest.raises(HandError, match=piece):
        settle_gin(d_d, rule_set, big=big)


# --- draws ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "counts", "upcard", "winner", "points"),
    [
        (rules(), None, None, None, 0),
        (rules(), (5, 30), None, None, 0),
        (rules("honeymoon"), None, None, None, 0),
        (rules("kitchen"), (10, 25), None, "first", 15),
        (rules("kitchen"), (30, 12), None, "second", 18),
        (rules("kitchen"), (7, 7), None, None, 0),
        (rules("kitchen"), (0, 98), None, "first", 98),
        (rules("modern", "deck_out_scores=true"), (4, 10), None, "first", 6),
        (rules("oklahoma", "deck_out_scores=true"), (4, 10), "3S", "first", 12),
        (rules("oklahoma", "deck_out_scores=true"), (4, 10), "3D", "first", 6),
    ],
)
def test_draw(
    rule_set: RuleSet,
    counts: tuple[int, int] | None,
    upcard: str | None,
    winner: str | None,
    points: int,
) -> None:
    result = settle_draw(counts, rule_set, upcard)
    assert outcome(result) == ("draw", winner, points)


@pytest.mark.parametrize(
    ("counts", "piece"),
    [
        (None, "give both players' deadwood"),
        ((-1, 5), "the first player's deadwood -1 is impossible"),
        ((5, 99), "the second player's deadwood 99 is impossible"),
        ((5, "x"), "whole number"),
    ],
)
def test_draw_refused(counts: object, piece: str) -> None:
    with pytest.raises(HandError) as err:
        settle_draw(counts, "kitchen")  # type: ignore[arg-type]
    assert piece in str(err.value)


# --- transcribed scores ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "kind", "expected_kind"),
    [
        (40, None, "score"),
        (0, None, "score"),
        (53, "gin", "gin"),
        (27, "undercut", "undercut"),
        (27, "underknock", "undercut"),
        (51, "big gin", "big-gin"),
        (51, "big_gin", "big-gin"),
        (51, "BigGin", "big-gin"),
        (51, "super gin", "big-gin"),
        (8, "Knock", "knock"),
        (8, Kind.KNOCK, "knock"),
        (8, "score", "score"),
    ],
)
def test_score(points: int, kind: str | None, expected_kind: str) -> None:
    result = settle_score(points, kind)
    assert outcome(result) == (expected_kind, "knocker", points)


@pytest.mark.parametrize(
    ("points", "kind", "piece"),
    [
        (-5, None, "0 or more"),
        (2.5, None, "whole number"),
        (True, None, "whole number"),
        (10, "draw", "a draw has no winner"),
        (10, "rummy", "unknown kind 'rummy'"),
    ],
)
def test_score_refused(points: object, kind: str | None, piece: str) -> None:
    with pytest.raises(HandError) as err:
        settle_score(points, kind)  # type: ignore[arg-type]
    assert piece in str(err.value)


@pytest.mark.parametrize(
    ("text", "kind"),
    [("knock", Kind.KNOCK), (" GIN ", Kind.GIN), ("big-gin", Kind.BIG_GIN), ("draw", Kind.DRAW)],
)
def test_parse_kind(text: str, kind: Kind) -> None:
    assert parse_kind(text) is kind


def test_unknown_kind_lists_kinds() -> None:
    with pytest.raises(HandError) as err:
        parse_kind("schneider")
    for kind in Kind:
        assert kind.value in str(err.value)


# --- from cards: the seed's worked examples ------------------------------------------------------


def test_seed_example_as_printed_is_refused_naming_7c() -> None:
    with pytest.raises(CardError, match=r"card 7C is in both hands"):
        score_cards(SEED_KNOCKER, SEED_DEFENDER)
    with pytest.raises(CardError, match=r"card 7C is in both hands"):
        score_cards(SEED_KNOCKER, SEED_UNDERKNOCK, "honeymoon", upcard="TS")


def test_two_shared_cards_are_named() -> None:
    with pytest.raises(CardError, match=r"cards 6S 7C are in both hands"):
        score_cards(SEED_KNOCKER, "6S 3H 4H 7H 7S 7C 8C 8D 9D JS")


def test_seed_knock_corrected() -> None:
    result = score_cards(KNOCKER, SEED_DEFENDER)
    assert outcome(result) == ("knock", "knocker", 10)
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 18)
    assert names(result.layoffs) == ["8D", "9D"]
    assert [names(m) for m in result.knocker_melds] == [
        ["6S", "6H", "6D", "6C"],
        ["TD", "JD", "QD", "KD"],
    ]
    assert names(result.knocker_deadwood_cards) == ["AH", "7D"]
    assert sorted(sorted(names(m)) for m in result.defender_melds) == [
        ["2H", "3H", "4H"],
        ["7C", "7H", "7S"],
    ]
    assert names(result.defender_deadwood_cards) == ["8C", "JS"]


@pytest.mark.parametrize(
    ("preset", "upcard", "points"),
    [("honeymoon", "TS", 21), ("honeymoon", "8C", 21), ("modern", None, 29), ("classic", None, 14)],
)
def test_seed_underknock_corrected(preset: str, upcard: str | None, points: int) -> None:
    result = score_cards(KNOCKER, SEED_UNDERKNOCK, preset, upcard=upcard)
    assert outcome(result) == ("undercut", "defender", points)
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 4)
    assert names(result.layoffs) == ["8D", "9D"]
    assert names(result.defender_deadwood_cards) == ["AD", "3D"]


def test_seed_underknock_needs_the_upcard_under_honeymoon() -> None:
    with pytest.raises(HandError, match="upcard"):
        score_cards(KNOCKER, SEED_UNDERKNOCK, "honeymoon")
    with pytest.raises(HandError, match="knock with 8 is over the knock limit of 7"):
        score_cards(KNOCKER, SEED_UNDERKNOCK, "honeymoon", upcard="7S")


# --- from cards: choices ------------------------------------------------------------------------

# 6-7-8 of three suits: three runs or three sets, both leaving the 2D (2 deadwood).
GRID = "6H 7H 8H 6S 7S 8S 6C 7C 8C 2D"


@pytest.mark.parametrize(
    ("defender", "d_d", "melds"),
    [
        # 5H 9H 5S 9S would lay off on runs, so the knocker shows sets
        (
            "5H 9H 5S 9S KD QC JH 3D 4C AS",
            66,
            [["6S", "6H", "6C"], ["7S", "7H", "7C"], ["8S", "8H", "8C"]],
        ),
        # 6D 8D would lay off on sets, so the knocker shows runs
        (
            "6D 8D KS QC JH 3D 4C AS 2C TD",
            64,
            [["6S", "7S", "8S"], ["6H", "7H", "8H"], ["6C", "7C", "8C"]],
        ),
    ],
)
def test_knocker_arrangement_leaves_the_defender_most(
    defender: str, d_d: int, melds: list[list[str]]
) -> None:
    result = score_cards(GRID, defender)
    assert outcome(result) == ("knock", "knocker", d_d - 2)
    assert (result.knocker_deadwood, result.defender_deadwood) == (2, d_d)
    assert result.layoffs == ()
    assert [names(m) for m in result.knocker_melds] == melds


def test_knocker_keeps_a_four_set_whole_when_that_blocks_a_layoff() -> None:
    # 7777 + 8-9-TH, or 777 + 7-8-9-TH; the defender's 6H lays off only on the second.
    result = score_cards("7S 7H 7D 7C 8H 9H TH 2C 2D AS", "6H 5H KS QS JD 3C 4D 9S 8C 5D")
    assert outcome(result) == ("knock", "knocker", 65)
    assert (result.knocker_deadwood, result.defender_deadwood) == (5, 70)
    assert result.layoffs == ()
    assert sorted(sorted(names(m)) for m in result.knocker_melds) == [
        ["7C", "7D", "7H", "7S"],
        ["8H", "9H", "TH"],
    ]


def test_defender_melds_and_lays_off_together() -> None:
    # 4H-3H go onto 5-6-7H and 4S 4D 4C stay a set; melding 4444 first would strand the 3H.
    result = score_cards("5H 6H 7H KS KD KC 2S 2D 2C AC", "4H 4S 4D 4C 3H 9S 9D 9C QH QD")
    assert outcome(result) == ("knock", "knocker", 19)
    assert (result.knocker_deadwood, result.defender_deadwood) == (1, 20)
    assert names(result.layoffs) == ["3H", "4H"]
    assert sorted(sorted(names(m)) for m in result.defender_melds) == [
        ["4C", "4D", "4S"],
        ["9C", "9D", "9S"],
    ]


def test_defender_keeps_own_set_rather_than_lay_off() -> None:
    result = score_cards("5H 6H 7H KS KD KC 2S 2D 2C AC", "8H 8S 8D 3S 3D 9S 9D 9C QH QD")
    assert (result.knocker_deadwood, result.defender_deadwood) == (1, 26)
    assert result.layoffs == ()


@pytest.mark.parametrize(
    ("knocker", "fourth"),
    [
        ("7H 7D 7C 2C 3C 4C 5C AS 2H 3D", "7S"),
        ("7S 7D 7C 2C 3C 4C 5C AS 2H 3D", "7H"),
        ("7S 7H 7C 2C 3C 4C 5C AS 2H 3D", "7D"),
        ("7S 7H 7D 2C 3C 4C 5C AS 2H 3D", "7C"),
    ],
)
def test_fourth_card_laid_off_from_cards(knocker: str, fourth: str) -> None:
    """The knocker's set of three takes the defender's fourth card, whatever its suit."""
    result = score_cards(knocker, f"{fourth} 9H 9S 8D AD 5S TS JC QH 6H")
    assert names(result.layoffs) == [fourth]
    assert (result.knocker_deadwood, result.defender_deadwood) == (6, 68)
    assert outcome(result) == ("knock", "knocker", 62)


# --- from cards: gin, big gin, doubling, knobs ---------------------------------------------------

GIN = "2H 3H 4H 5H 7S 7D 7C KS KH KD"
GIN_DEFENDER = "6H 8H 9S 9D AC 2C 4C QS QC JD"  # 69, and the 6H would lay off on a knock
BIG = "AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S"
BIG_DEFENDER = "6D 8S 9H TH AC 2C 4C QS 3D JD"  # 63
TIE_DEFENDER = "5C 3D 2H 3H 4H 7H 7S 7C 8D 9D"  # 8 against KNOCKER's 8


@pytest.mark.parametrize(
    ("knocker", "defender", "preset", "overrides", "upcard", "claim", "expected"),
    [
        (GIN, GIN_DEFENDER, "modern", [], None, None, ("gin", "knocker", 94)),
        (GIN, GIN_DEFENDER, "modern", [], None, "gin", ("gin", "knocker", 94)),
        (GIN, GIN_DEFENDER, "modern", [], None, "knock", ("gin", "knocker", 94)),
        (GIN, GIN_DEFENDER, "classic", [], None, None, ("gin", "knocker", 89)),
        (GIN, GIN_DEFENDER, "oklahoma", [], "3S", None, ("gin", "knocker", 188)),
        (GIN, GIN_DEFENDER, "oklahoma", [], "AS", None, ("gin", "knocker", 188)),
        (GIN, GIN_DEFENDER, "oklahoma", [], "3H", None, ("gin", "knocker", 94)),
        (GIN, GIN_DEFENDER, "straight", [], None, None, ("gin", "knocker", 94)),
        (GIN, GIN_DEFENDER, "modern", ["ace_value=15"], None, None, ("gin", "knocker", 108)),
        (BIG, BIG_DEFENDER, "modern", [], None, None, ("big-gin", "knocker", 94)),
        (BIG, BIG_DEFENDER, "modern", [], None, "big-gin", ("big-gin", "knocker", 94)),
        (
            BIG,
            BIG_DEFENDER,
            "modern",
            ["big_gin_bonus=50"],
            None,
            None,
            ("big-gin", "knocker", 113),
        ),
        (BIG, BIG_DEFENDER, "kitchen", [], None, None, ("big-gin", "knocker", 98)),
        # big gin off: eleven melded cards score as a gin (classic: 20 + 63)
        (BIG, BIG_DEFENDER, "classic", [], None, None, ("gin", "knocker", 83)),
        (BIG, BIG_DEFENDER, "classic", [], None, "big-gin", ("gin", "knocker", 83)),
        (BIG, BIG_DEFENDER, "honeymoon", [], "7D", None, ("gin", "knocker", 88)),
        # a tie from cards: 8 (AH 7D) against 8 (5C 3D, after laying off 8D 9D)
        (KNOCKER, TIE_DEFENDER, "modern", [], None, None, ("undercut", "defender", 25)),
        (KNOCKER, TIE_DEFENDER, "modern", ["tie=knocker"], None, None, ("knock", "knocker", 0)),
        (KNOCKER, TIE_DEFENDER, "kitchen", [], None, None, ("tie", None, 0)),
        (KNOCKER, TIE_DEFENDER, "honeymoon", [], "TS", None, ("tie", None, 0)),
        (KNOCKER, TIE_DEFENDER, "oklahoma", ["tie=no-score"], "TS", None, ("tie", None, 0)),
        (BIG, BIG_DEFENDER, "oklahoma", [], "QS", None, ("big-gin", "knocker", 188)),
        # knocks from cards under the knobs
        (KNOCKER, SEED_DEFENDER, "oklahoma", [], "8S", None, ("knock", "knocker", 20)),
        (KNOCKER, SEED_DEFENDER, "oklahoma", [], "8H", None, ("knock", "knocker", 10)),
        (KNOCKER, SEED_DEFENDER, "kitchen", [], None, "knock", ("knock", "knocker", 10)),
        (KNOCKER, SEED_DEFENDER, "honeymoon", [], "JS", None, ("knock", "knocker", 10)),
        (KNOCKER, SEED_UNDERKNOCK, "oklahoma", [], "9S", None, ("undercut", "defender", 58)),
        (
            KNOCKER,
            SEED_UNDERKNOCK,
            "kitchen",
            ["knock_limit=8"],
            None,
            None,
            ("undercut", "defender", 19),
        ),
        (
            KNOCKER,
            SEED_UNDERKNOCK,
            "modern",
            ["undercut_bonus=20"],
            None,
            None,
            ("undercut", "defender", 24),
        ),
        # ace worth 15: the knocker's AH counts 15 (22 > 10 refused, so raise the limit)
        (
            KNOCKER,
            SEED_DEFENDER,
            "modern",
            ["ace_value=15", "knock_limit=22"],
            None,
            None,
            ("undercut", "defender", 29),
        ),
        (
            KNOCKER,
            SEED_UNDERKNOCK,
            "modern",
            ["ace_value=15", "knock_limit=22"],
            None,
            None,
            ("undercut", "defender", 29),
        ),
    ],
)
def test_score_cards(
    knocker: str,
    defender: str,
    preset: str,
    overrides: list[str],
    upcard: str | None,
    claim: str | None,
    expected: tuple[str, str | None, int],
) -> None:
    result = score_cards(knocker, defender, rules(preset, *overrides), upcard=upcard, claim=claim)
    assert outcome(result) == expected


def test_gin_allows_no_layoffs() -> None:
    result = score_cards(GIN, GIN_DEFENDER)
    assert result.layoffs == ()
    assert (result.knocker_deadwood, result.defender_deadwood) == (0, 69)
    assert "6H" in names(result.defender_deadwood_cards)


def test_big_gin_shows_all_eleven_melded() -> None:
    result = score_cards(BIG, BIG_DEFENDER)
    assert result.knocker_deadwood_cards == ()
    assert sorted(c for m in result.knocker_melds for c in names(m)) == sorted(BIG.split())


@pytest.mark.parametrize(
    ("knocker", "defender", "preset", "upcard", "claim", "error", "pieces"),
    [
        (KNOCKER, SEED_DEFENDER, "modern", None, "gin", HandError, ["not a gin", "8", "AH 7D"]),
        (KNOCKER, SEED_DEFENDER, "modern", None, "big-gin", CardError, ["11 cards, not 10"]),
        (
            KNOCKER + " 2S",
            SEED_DEFENDER,
            "modern",
            None,
            None,
            HandError,
            ["not a big gin", "11 cards leave"],
        ),
        (KNOCKER + " 2S", SEED_DEFENDER, "modern", None, "big-gin", HandError, ["not a big gin"]),
        (BIG, BIG_DEFENDER, "modern", None, "knock", CardError, ["10 cards, not 11"]),
        (BIG, BIG_DEFENDER, "modern", None, "gin", CardError, ["10 cards, not 11"]),
        (
            "6H 6C 6D 6S TD JD QD KD AH",
            SEED_DEFENDER,
            "modern",
            None,
            None,
            CardError,
            ["10 or 11 cards, not 9"],
        ),
        (BIG + " KC", BIG_DEFENDER, "modern", None, None, CardError, ["10 or 11 cards, not 12"]),
        (
            KNOCKER,
            SEED_DEFENDER + " KC",
            "modern",
            None,
            None,
            CardError,
            ["defender must show 10 cards, not 11"],
        ),
        (
            KNOCKER,
            "2H 3H 4H 7H 7S 7C 8C 8D 9D",
            "modern",
            None,
            None,
            CardError,
            ["defender must show 10 cards, not 9"],
        ),
        (
            KNOCKER,
            "2H 3H 4H 7H 7S 7C 8C 8D 9D 1S",
            "modern",
            None,
            None,
            CardError,
            ["defender's cards", "unknown card '1S'"],
        ),
        (
            "6H 6C 6D 6S TD JD QD KD AH ZZ",
            SEED_DEFENDER,
            "modern",
            None,
            None,
            CardError,
            ["knocker's cards", "unknown card 'ZZ'"],
        ),
        (
            "6H 6C 6D 6S TD JD QD KD AH 6H",
            SEED_DEFENDER,
            "modern",
            None,
            None,
            CardError,
            ["knocker's cards", "duplicate card 6H"],
        ),
        (KNOCKER, SEED_DEFENDER, "modern", None, "rummy", HandError, ["unknown kind"]),
        (
            KNOCKER,
            SEED_DEFENDER,
            "straight",
            None,
            None,
            HandError,
            ["no knocking", "knock with 8"],
        ),
        (KNOCKER, SEED_DEFENDER, "oklahoma", "AC", None, HandError, ["no knocking", "AC"]),
        (
            KNOCKER,
            SEED_DEFENDER,
            "oklahoma",
            "5D",
            None,
            HandError,
            ["knock with 8 is over the knock limit of 5"],
        ),
        (KNOCKER, SEED_DEFENDER, "oklahoma", "XX", None, CardError, ["unknown card 'XX'"]),
        (
            "AH 2D 4C 6S 8H TD QC KS 3S 5C",
            SEED_DEFENDER,
            "modern",
            None,
            None,
            HandError,
            ["over the knock limit of 10"],
        ),
    ],
)
def test_score_cards_refused(
    knocker: str,
    defender: str,
    preset: str,
    upcard: str | None,
    claim: str | None,
    error: type[Exception],
    pieces: list[str],
) -> None:
    with pytest.raises(error) as err:
        score_cards(knocker, defender, preset, upcard=upcard, claim=claim)
    for piece in pieces:
        assert piece in str(err.value)
    assert isinstance(err.value, GintallyError)


def test_refusals_are_one_family() -> None:
    calls: tuple[Callable[[], object], ...] = (
        lambda: settle_knock(11, 20),
        lambda: settle_gin(-1),
        lambda: settle_draw(None, "kitchen"),
        lambda: settle_score(-1),
        lambda: score_cards(SEED_KNOCKER, SEED_DEFENDER),
        lambda: score_cards(KNOCKER, SEED_DEFENDER, "nonesuch"),
    )
    for call in calls:
        with pytest.raises(GintallyError):
            call()


# --- the tie knob -------------------------------------------------------------------------------


def test_a_no_score_tie_is_never_doubled() -> None:
    """A spade upcard doubles a hand's points; a tie that scores nothing stays 0, unmarked."""
    result = settle_knock(6, 6, rules("oklahoma", "tie=no-score"), "6S")
    assert outcome(result) == ("tie", None, 0)
    assert result.doubled is False
    assert result.knock_limit == 6
    # tie=knocker: the knocker wins 0 (a hand won, a box), also undoubled
    result = settle_knock(6, 6, rules("oklahoma", "tie=knocker"), "6S")
    assert outcome(result) == ("knock", "knocker", 0)


def test_a_tie_from_cards_shows_both_hands() -> None:
    result = score_cards(KNOCKER, TIE_DEFENDER, "kitchen")
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 8)
    assert names(result.layoffs) == ["8D", "9D"]
    assert names(result.defender_deadwood_cards) == ["3D", "5C"]


def test_score_refuses_a_tie() -> None:
    with pytest.raises(HandError, match="a tie that scores nothing has no winner"):
        settle_score(0, "tie", "kitchen")


# --- the most points a hand can score -----------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "overrides", "top"),
    [
        # max(gin 25, big gin 31, undercut 25) + 98 deadwood (a pair each of 9 T J Q K)
        ("modern", [], 31 + 98),
        ("classic", [], 20 + 98),  # big gin off: gin 20, undercut 10
        ("kitchen", [], 35 + 98),
        ("honeymoon", [], 25 + 98),
        ("oklahoma", [], 2 * (31 + 98)),  # a spade upcard doubles
        ("modern", ["undercut_bonus=200"], 200 + 98),
        ("modern", ["ace_value=15"], 31 + 110),  # a pair of aces beats a pair of nines
    ],
)
def test_max_hand_points(preset: str, overrides: list[str], top: int) -> None:
    from gintally.game.variants import check_points, max_hand_points

    r = rules(preset, *overrides)
    assert max_hand_points(r) == top
    assert check_points(top, r) == top
    assert settle_score(top, None, r).points == top
    message = f"{top + 1} points is more than any hand scores under these rules (at most {top})"
    with pytest.raises(HandError, match=re.escape(message)):
        settle_score(top + 1, None, r)


def test_every_counted_result_fits_the_limit() -> None:
    """The biggest result each kind can reach from counts stays within `max_hand_points`."""
    from gintally.game.variants import max_hand_points

    for preset in ("modern", "classic", "kitchen", "oklahoma", "straight", "tournament"):
        r = rules(preset)
        top = max_deadwood(r)
        upcard = "KS"
        biggest = [settle_gin(top, r, upcard, big=True).points, settle_gin(top, r, upcard).points]
        if r.knock_limit:
            limit = 10 if r.knock_from_upcard else int(r.knock_limit)
            biggest.append(settle_knock(1, top, r, upcard).points)
            biggest.append(settle_knock(limit, 0, r, upcard).points)
        if r.deck_out_scores:
            biggest.append(settle_draw((0, top), r, upcard).points)
        assert max(biggest) <= max_hand_points(r), preset
