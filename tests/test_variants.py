"""Variants (SPEC section 7): Gimlet Rummy and Mahjong gin, from the rules of one hand to the
whole command line: ledger, show and its JSON, standings, export/import, check.

Every number is worked by hand in the test that asserts it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from conftest import Commands, Run, as_json, ok, refused
from gintally.engine.replay import Entry, replay
from gintally.errors import CardError, GintallyError, HandError
from gintally.game.cards import parse_cards
from gintally.game.rules import resolve
from gintally.game.scoring import Kind
from gintally.game.variants import HandInput, find_variant, variant_of
from gintally.game.variants.base import CORE_INPUTS
from gintally.game.variants.gimlet import PHANTOM, Gimlet, base_score, parse_piles
from gintally.game.variants.gin import Gin
from gintally.game.variants.mahjong import Mahjong, deck_value, table_value

CLI = Callable[..., Run]
GIMLET = resolve("gimlet")
MAHJONG = resolve("mahjong")


# --- variants found by name -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cls"),
    [
        ("gin", Gin),
        ("standard", Gin),
        ("Mahjong", Mahjong),
        ("mahjong-gin", Mahjong),
        ("GIMLET", Gimlet),
        ("gimlet rummy", Gimlet),
        ("solitaire", Gimlet),
    ],
)
def test_find_variant(name: str, cls: type) -> None:
    assert type(find_variant(name)) is cls


def test_unknown_variant_lists_them() -> None:
    with pytest.raises(GintallyError, match=r"unknown variant 'poker'.*gin, mahjong, gimlet"):
        find_variant("poker")


def test_each_preset_plays_its_variant() -> None:
    assert type(variant_of(resolve("modern"))) is Gin
    assert type(variant_of(MAHJONG)) is Mahjong
    assert type(variant_of(GIMLET)) is Gimlet


# --- Gimlet Rummy: one hand ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("piles", "score"),
    [
        ((0, 0, 0, 0), 40),
        ((1, 2, 0, 3), 28),  # 8 + 6 + 10 + 4
        ((0, 0, 1, 5), 28),  # 10 + 10 + 8 + 0
        ((2, 2, 2, 2), 24),  # 6 x 4
        ((5, 5, 5, 5), 0),
        ((4, 0, 0, 0), 32),  # 4 cards = 2 points (the seed's table misprints it "2 cards")
    ],
)
def test_base_score_is_10_less_2_per_card_per_pile(
    piles: tuple[int, int, int, int], score: int
) -> None:
    assert base_score(piles) == score


def test_parse_piles() -> None:
    assert parse_piles("1,2,0,3") == (1, 2, 0, 3)
    assert parse_piles(" 5, 0 ,0,1") == (5, 0, 0, 1)


def settle(variant: Any, claim: str, rules: Any = GIMLET, **typed: Any) -> Any:
    """Settle a hand typed as keywords: the inputs every variant reads, and the variant's own
    (its `extra`)."""
    core = {k: v for k, v in typed.items() if k in (*CORE_INPUTS, "actor")}
    extra = {k: v for k, v in typed.items() if k not in core}
    return variant.settle(claim, HandInput(**core, extra=extra), rules, None)


def tables(r: Any) -> tuple[int, int]:
    """A Mahjong result's tables (the ginner's, the other player's), as it stores them."""
    return r.extras["knocker_table"], r.extras["defender_table"]


def test_gimlet_worked_examples() -> None:
    g = Gimlet()
    knock = settle(g, "knock", deadwood=3, piles="1,2,0,3", actor=0)
    assert (knock.kind, knock.winner, knock.points, knock.knocker_deadwood) == (
        Kind.KNOCK,
        "knocker",
        28,
        3,
    )
    gimlet = settle(g, "gin", piles="0,0,1,5", actor=0)  # 28 + 20
    assert (gimlet.kind, gimlet.points) == (Kind.GIN, 48)
    double = settle(g, "big-gin", piles="2,2,2,2", actor=0)  # 24 + 40
    assert (double.kind, double.points) == (Kind.BIG_GIN, 64)
    sour = settle(g, "sour", deadwood=17, actor=0)  # the phantom: 30 + 17
    assert (sour.kind, sour.winner, sour.points) == (Kind.SOUR, "defender", 47)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ({"deadwood": 6, "piles": "1,2,0,3"}, "a knock with 6 is over the knock limit of 5"),
        ({"deadwood": 3, "piles": "1,6,0,0"}, "the H pile has 6 cards"),
        ({"deadwood": 3, "piles": "0,0,0,0"}, "cannot hold the deadwood 3"),
        ({"deadwood": 3, "piles": "1,2,0"}, "--piles takes the four discard piles S,H,D,C"),
        ({"deadwood": 3, "piles": "1,-1,0,0"}, "the H pile cannot hold -1 cards"),
        ({"deadwood": 3, "piles": "a,b,c,d"}, "--piles takes the four discard piles"),
        ({"deadwood": 3}, "give the four discard piles: --piles S,H,D,C"),
        ({"deadwood": 0, "piles": "1,1,1,1"}, "a knock with 0 deadwood is a gin"),
        ({"piles": "1,1,1,1"}, "give the deadwood"),
    ],
)
def test_gimlet_knock_refusals(typed: dict[str, Any], message: str) -> None:
    with pytest.raises(HandError) as err:
        settle(Gimlet(), "knock", actor=0, **typed)
    assert message in str(err.value)


KNOCK_3H = "AS 2S 3S 4H 4D 4C 9C TC JC 3H"  # A-2-3S, three 4s, 9-T-J C; deadwood 3H = 3


def test_gimlet_from_cards_lays_the_deadwood_on_its_suits_pile() -> None:
    g = Gimlet()
    knock = settle(g, "knock", cards=KNOCK_3H, piles="1,2,0,3", actor=0)
    assert (knock.points, knock.knocker_deadwood) == (28, 3)
    with pytest.raises(HandError, match="piles 1,0,2,3 cannot hold the deadwood 3H"):
        settle(g, "knock", cards=KNOCK_3H, piles="1,0,2,3", actor=0)  # no heart on the H pile
    with pytest.raises(HandError, match="over the knock limit of 5"):
        settle(g, "knock", cards="AS 2S 3S 4H 4D 4C 9C TC JC 8H", piles="1,2,0,3", actor=0)
    gimlet = settle(g, "gin", cards="AS 2S 3S 4H 4D 4C 9C TC JC QC", piles="0,0,1,5", actor=0)
    assert gimlet.points == 48
    with pytest.raises(HandError, match="not a gin"):
        settle(g, "gin", cards=KNOCK_3H, piles="0,0,1,5", actor=0)
    double = settle(
        g, "big-gin", cards="AS 2S 3S 4H 4D 4C 9C TC JC QC KC", piles="2,2,2,2", actor=0
    )
    assert double.points == 64
    sour = settle(g, "sour", cards="AS 2S 3S 4H 4D 4C 9C TC JC KH", actor=0)  # KH left: 10
    assert (sour.winner, sour.points, sour.knocker_deadwood) == ("defender", 40, 10)


def test_gimlet_limits() -> None:
    """The player's most: a double gimlet on four empty piles, 40 + 40 = 80. The phantom's most:
    30 and the most deadwood ten cards hold (98) = 128."""
    assert Gimlet().limits(GIMLET) == (80, 128)
    assert settle(Gimlet(), "score", points=80, actor=0).points == 80
    assert settle(Gimlet(), "score", points=128, actor=1).points == 128
    with pytest.raises(HandError, match="at most 80"):
        settle(Gimlet(), "score", points=81, actor=0)
    with pytest.raises(HandError, match="at most 128"):
        settle(Gimlet(), "score", points=129, actor=1)
    with pytest.raises(HandError, match="the phantom scores only when the player goes sour"):
        settle(Gimlet(), "score", points=30, kind="gin", actor=1)
    with pytest.raises(HandError, match="going sour scores for the phantom"):
        settle(Gimlet(), "score", points=30, kind="sour", actor=0)


@pytest.mark.parametrize(
    ("claim", "given", "message"),
    [
        ("knock", {"vs"}, "solitaire: there is no opponent's deadwood (--vs)"),
        ("knock", {"vs_cards"}, "no opponent's cards"),
        ("gin", {"dealer"}, "there is no dealer (--dealer)"),
        ("gin", {"upcard"}, "no upcard"),
        ("draw", set(), "there is no drawn hand"),
        ("misdeal", set(), "no misdeal to record"),
        ("score", {"vs_points"}, "only one player scores"),
        ("gin", {"table"}, "--table does not apply to a gin (--table is for Mahjong gin matches)"),
    ],
)
def test_gimlet_refuses_what_solitaire_has_not(claim: str, given: set[str], message: str) -> None:
    with pytest.raises(HandError) as err:
        Gimlet().check(claim, given)
    assert message in str(err.value)


# --- Mahjong gin: one hand -----------------------------------------------------------------------


def test_mahjong_card_values() -> None:
    """A 15, 2-9 5, 10-K 10: AS 15, 2H 3C 5D 7H 8S 9D 5 each (30), TC KS QD 10 each (30)."""
    # A 15 + (2 9 3 5 7 8) 6 x 5 + (T K Q) 3 x 10 = 75
    assert table_value(parse_cards("AS 2H 9D TC KS 3C 5D 7H 8S QD"), MAHJONG) == 75
    assert deck_value(MAHJONG) == 4 * (15 + 8 * 5 + 4 * 10) == 380


def test_mahjong_gin_scores_both_players() -> None:
    """Ann goes gin with 60 on the table: 60 + 25 = 85. Bob has 20 on the table and 35 in
    hand: 20 - 35 = -15."""
    r = settle(Mahjong(), "gin", MAHJONG, table=60, vs_table=20, vs=35, actor=0)
    assert (r.kind, r.winner, r.points, r.other_points, tables(r)) == (
        Kind.GIN,
        "knocker",
        85,
        -15,
        (60, 20),
    )
    assert r.defender_deadwood == 35


def test_mahjong_gin_from_cards() -> None:
    """The ginner's table AS 2H 9D TC KS 3C 5D 7H 8S QD counts 75: 75 + 25 = 100. The other
    player has KH KD KC on the table (30) and 9C 9H in hand (10): 30 - 10 = 20."""
    r = settle(
        Mahjong(),
        "gin",
        MAHJONG,
        table_cards="AS 2H 9D TC KS 3C 5D 7H 8S QD",
        vs_table_cards="KH KD KC",
        vs_cards="9C 9H",
        actor=0,
    )
    assert (r.points, r.other_points, tables(r), r.defender_deadwood) == (100, 20, (75, 30), 10)
    with pytest.raises(CardError, match="card KH is in the ginner's table and in"):
        settle(Mahjong(), "gin", MAHJONG, table_cards="KH", vs_table_cards="KH", vs=0, actor=0)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ({"table": 381, "vs_table": 0, "vs": 0}, "--table 381 is impossible"),
        ({"table": 200, "vs_table": 100, "vs": 85}, "more than the whole deck counts (380)"),
        ({"table": 60, "vs": 0}, "give the other player's table"),
        ({"table": 60, "table_cards": "AS", "vs_table": 0, "vs": 0}, "not both"),
        ({"table_cards": "AS ZZ", "vs_table": 0, "vs": 0}, "the ginner's table: unknown card"),
    ],
)
def test_mahjong_gin_refusals(typed: dict[str, Any], message: str) -> None:
    with pytest.raises(GintallyError) as err:
        settle(Mahjong(), "gin", MAHJONG, actor=0, **typed)
    assert message in str(err.value)


def test_mahjong_limits_of_a_paper_score() -> None:
    """The most a ginner scores: 25 + every card of the deck (380) = 405; the other player
    scores between -380 and 380."""
    m = Mahjong()
    assert m.limits(MAHJONG) == (405, 380)
    r = settle(m, "score", MAHJONG, points=405, vs_points=-380, actor=0)
    assert (r.points, r.other_points) == (405, -380)
    with pytest.raises(HandError, match="at most 405"):
        settle(m, "score", MAHJONG, points=406, vs_points=0, actor=0)
    with pytest.raises(HandError, match="--vs-points -381 is impossible"):
        settle(m, "score", MAHJONG, points=40, vs_points=-381, actor=0)
    with pytest.raises(HandError, match="give the other player's points"):
        settle(m, "score", MAHJONG, points=40, actor=0)
    with pytest.raises(HandError, match="Mahjong gin has no knock hands"):
        settle(m, "score", MAHJONG, points=40, vs_points=0, kind="knock", actor=0)


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ("knock", "Mahjong gin has no knocking: gin only"),
        ("big-gin", "no big gin"),
        ("sour", "going sour is Gimlet Rummy's"),
    ],
)
def test_mahjong_refuses_other_hands(claim: str, message: str) -> None:
    with pytest.raises(HandError, match=message):
        Mahjong().check(claim, set())


# --- Mahjong gin: games --------------------------------------------------------------------------


def test_a_two_sided_hand_posts_to_both_players_and_may_close_the_game_for_the_other() -> None:
    """Mahjong rules (modern bonuses). Hand 1: Ann gin, 85 to Ann, -15 to Bob. Hand 2: Bob gin
    with 40 on the table (+65), Ann 30 on the table and 5 in hand (+25): Ann 110, Bob 50.
    Ann reached 100 on Bob's gin: Ann wins game 1. Totals: Ann 110 + 100 + 1 box 25 = 235;
    Bob 50 + 1 box 25 = 75; net 160 (no shutout: Bob won a hand)."""
    day = date(2007, 4, 27)
    hands = [Entry(1, day, 0, 85, "gin", other=-15), Entry(2, day, 1, 65, "gin", other=25)]
    (game,) = replay(hands, MAHJONG).games
    assert (game.points, game.boxes, game.winner, game.total, game.net, game.shutout) == (
        [110, 50],
        [1, 1],
        0,
        [235, 75],
        160,
        False,
    )


def test_both_reach_the_target_in_one_hand() -> None:
    """Ann 95, Bob 50 (hand 1: Ann +95, Bob +50). Hand 2: Bob gin +60 (110), Ann +20 (115):
    both reached 100; Ann has more and wins. Equal points (hand 2 Ann +15: 110-110): the
    player who went gin in that hand (Bob) wins."""
    day = date(2007, 4, 27)
    first = Entry(1, day, 0, 95, "gin", other=50)
    game = replay([first, Entry(2, day, 1, 60, "gin", other=20)], MAHJONG).games[0]
    assert (game.points, game.winner) == ([115, 110], 0)
    game = replay([first, Entry(2, day, 1, 60, "gin", other=15)], MAHJONG).games[0]
    assert (game.points, game.winner) == ([110, 110], 1)


def test_mahjong_shutout_when_the_loser_scored_nothing() -> None:
    """Ann gins twice: 85 (Bob -15), then 25 (Bob +10): Ann 110, Bob -5. Bob went gin in no
    hand and ends below 0, he scored nothing: a shutout; modern doubles Ann's hand points.
    Ann: 110 + 110 + 100 + 2 x 25 = 370; Bob: -5. Net 375."""
    day = date(2007, 4, 27)
    hands = [Entry(1, day, 0, 85, "gin", other=-15), Entry(2, day, 0, 25, "gin", other=10)]
    (game,) = replay(hands, MAHJONG).games
    assert (game.shutout, game.total, game.net) == (True, [370, -5], 375)


def test_issue_25_mahjong_a_loser_who_scored_is_not_shut_out() -> None:
    """Issue 25, item 4: `score Ann 90 --vs-points 50`, then Ann's gin with 20 on the table
    against Bob's 65 on the table and 5 in hand: Ann 20 + 25 = 45, Bob 65 - 5 = 60. Ann 135,
    Bob 110: Ann wins, but Bob scored 110, so no shutout (seed 004: a shut out is when "one
    player fails to score"). Ann 135 + 100 + 2 x 25 = 285; Bob 110; net 175 (as a shutout it
    was 135 more: 420)."""
    day = date(2007, 4, 27)
    hands = [Entry(1, day, 0, 90, "score", other=50), Entry(2, day, 0, 45, "gin", other=60)]
    (game,) = replay(hands, MAHJONG).games
    assert (game.shutout, game.points, game.total, game.net) == (False, [135, 110], [285, 110], 175)


# --- Gimlet end to end ----------------------------------------------------------------------------


SOLO: Commands = (("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"),)


def new_solo(gintally: CLI) -> CLI:
    """The match Solo, Ann against the phantom under the gimlet rules, as `match new` says."""
    doc = as_json(gintally(*SOLO[0], "--json"))
    assert (doc["players"], doc["format"], doc["rules"]["knock_limit"]) == (
        ["Ann", PHANTOM],
        "single",
        5,
    )
    assert (doc["rules"]["target"], doc["rules"]["game_bonus"], doc["rules"]["box_bonus"]) == (
        100,
        0,
        0,
    )
    return gintally


@pytest.fixture
def solo(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """The same match Solo (what `match new` says of it is checked once, by new_solo in
    test_gimlet_game_from_the_command_line), built once per test worker and copied."""
    ledger_from(SOLO, db_path)
    return gintally


def test_gimlet_game_from_the_command_line(gintally: CLI, tmp_path: Path) -> None:
    solo = new_solo(gintally)
    doc = as_json(solo("knock", "Ann", "3", "--piles", "1,2,0,3", "--json"))
    assert (doc["winner"], doc["points"], doc["piles"], doc["knocker_deadwood"]) == (
        "Ann",
        28,
        [1, 2, 0, 3],
        3,
    )
    assert doc["points_by_player"] == {"Ann": 28, PHANTOM: 0}
    assert doc["next_dealer"] is None  # solitaire: nobody deals to anybody
    out = ok(solo("gimlet", "Ann", "--piles", "0,0,1,5")).stdout
    assert "Ann goes gimlet on piles 0,0,1,5: Ann +48" in out and "Next dealer" not in out
    out = ok(solo("double-gimlet", "Ann", "--piles", "2,2,2,2")).stdout
    # 28 + 48 + 64 = 140: game 1 won, no bonuses in Gimlet Rummy
    assert "Ann goes double gimlet on piles 2,2,2,2: Ann +64" in out
    assert "Game 1: Ann wins 140 to 0, net 140" in out
    doc = as_json(solo("sour", "Ann", "17", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"], doc["knocker"]) == (
        "sour",
        PHANTOM,
        47,
        "Ann",
    )
    assert doc["description"] == "Ann goes sour with 17: Phantom +47"
    show = as_json(solo("show", "--json"))
    assert (show["solo"], show["players"], show["next_dealer"]) == (True, ["Ann", PHANTOM], None)
    assert [(g["number"], g["status"], g["winner"], g["total"]) for g in show["games"]] == [
        (1, "won", "Ann", {"Ann": 140, PHANTOM: 0}),
        (2, "open", None, {"Ann": 0, PHANTOM: 47}),
    ]
    text = ok(solo("show")).stdout
    assert "Solo: Ann vs Phantom" in text and "Next dealer" not in text
    rows = as_json(solo("standings", "--json"))["rows"]
    assert [(r["player"], r["games_won"], r["hands_won"], r["points"]) for r in rows] == [
        ("Ann", 1, 3, 140),
        (PHANTOM, 0, 1, 47),
    ]
    # export and import into a new Gimlet match: the same games
    for fmt in ("csv", "json"):
        path = tmp_path / f"solo.{fmt}"
        path.write_text(ok(solo("export", "--format", fmt)).stdout)
        ok(solo("match", "new", f"Solo {fmt}", "--players", "Ann", "--rules", "gimlet"))
        ok(solo("import", str(path)))
        again = as_json(solo("show", "--json"))
        assert [g["total"] for g in again["games"]] == [g["total"] for g in show["games"]]
        hands = as_json(solo("hands", "--json"))["hands"]
        assert [h.get("piles") for h in hands] == [[1, 2, 0, 3], [0, 0, 1, 5], [2, 2, 2, 2], None]
    assert "no problems" in ok(solo("check")).stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["knock", "Ann", "6", "--piles", "1,2,0,3"],
            "a knock with 6 is over the knock limit of 5",
        ),
        (["knock", "Ann", "3", "--piles", "1,2,0,6"], "the C pile has 6 cards"),
        (["knock", "Ann", "3", "--piles", "0,0,0,0"], "cannot hold the deadwood 3"),
        (["knock", "Ann", "3"], "give the four discard piles"),
        (["knock", "Ann", "3", "--piles", "1,2,0,3", "--vs", "5"], "no opponent's deadwood"),
        (["gin", "Ann", "--piles", "1,2,0,3", "--dealer", "Ann"], "there is no dealer"),
        (["gin", "Ann", "--piles", "1,2,0,3", "--upcard", "5H"], "no upcard"),
        (["knock", "Phantom", "3", "--piles", "1,2,0,3"], "the phantom does not play"),
        (["draw"], "there is no drawn hand"),
        (["draw", "--deadwood", "Ann=3"], "there is no drawn hand"),
        (["misdeal"], "no misdeal to record"),
        (["score", "Ann", "81"], "at most 80"),
        (["score", "Phantom", "129"], "at most 128"),
        (["score", "Ann", "20", "--vs-points", "5"], "only one player scores"),
    ],
)
def test_gimlet_refusals_from_the_command_line(solo: CLI, args: list[str], message: str) -> None:
    assert message in refused(solo(*args))
    assert as_json(solo("hands", "--json"))["hands"] == []  # nothing was written


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["gin", "Ann", "--piles", "0,0,0,0", "--table", "60", "--dealer", "Ann"],
            "--table does not apply to a gin (--table is for Mahjong gin matches)",
        ),
        (
            ["gimlet", "Ann", "--piles", "0,0,0,0", "--vs-table", "60", "--upcard", "5S"],
            "--vs-table does not apply to a gin (--vs-table is for Mahjong gin matches)",
        ),
        (
            ["score", "Ann", "40", "--vs-points", "5", "--upcard", "5S"],
            "Gimlet Rummy is solitaire: only one player scores a hand (--vs-points)",
        ),
    ],
)
def test_a_variants_input_is_refused_before_the_dealer_and_upcard(
    solo: CLI, args: list[str], message: str
) -> None:
    """Of several inputs a hand does not take, the refusal names the first in the order the
    inputs have always been named in: the counts and cards, the variants' own inputs, then
    --dealer and --upcard."""
    run = solo(*args)
    assert (run.code, run.stdout, run.stderr) == (2, "", f"Error: {message}\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "Ann", "Bob", "--rules", "gimlet"], "solitaire: give one player"),
        (["--players", "Ann"], "a match needs two players"),
        (["--players", "Ann", "--rules", "gimlet", "--format", "hollywood"], "--format single"),
        (["--players", "Ann", "--rules", "gimlet", "--dealer", "Ann"], "there is no dealer"),
        (["--players", "Phantom", "--rules", "gimlet"], "give your name"),
        (["--players", "Ann", "phantom"], "give another name"),
    ],
)
def test_gimlet_match_new_refusals(gintally: CLI, args: list[str], message: str) -> None:
    assert message in refused(gintally("match", "new", "X", *args))


def test_players_take_one_or_two_names_before_or_after_the_name(gintally: CLI) -> None:
    doc = as_json(gintally("match", "new", "--players", "Ann", "Bob", "Kitchen", "--json"))
    assert (doc["match"], doc["players"]) == ("Kitchen", ["Ann", "Bob"])
    doc = as_json(gintally("match", "new", "-p", "Cy", "--rules", "gimlet", "Solo", "--json"))
    assert (doc["match"], doc["players"]) == ("Solo", ["Cy", PHANTOM])


# --- Mahjong end to end --------------------------------------------------------------------------


TILES: Commands = (
    ("match", "new", "Tiles", "--players", "Ann", "Bob", "--rules", "mahjong", "--dealer", "Bob"),
)


@pytest.fixture
def tiles(gintally: CLI, ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> CLI:
    """The mahjong match Tiles, Bob dealing first (built once per test worker and copied)."""
    ledger_from(TILES, db_path)
    return gintally


def test_mahjong_game_from_the_command_line(tiles: CLI, tmp_path: Path) -> None:
    doc = as_json(tiles("gin", "Ann", "--table", "60", "--vs-table", "20", "--vs", "35", "--json"))
    assert (doc["winner"], doc["points"], doc["other_points"]) == ("Ann", 85, -15)
    assert doc["points_by_player"] == {"Ann": 85, "Bob": -15}
    assert doc["on_table"] == {"Ann": 60, "Bob": 20}
    assert doc["description"] == (
        "Ann goes gin with 60 on the table; Bob has 20 on the table and 35 in hand: "
        "Ann +85, Bob -15"
    )
    # Bob gin from cards: 3S 4S 5S (15) on the table: 40. Ann: KH KD (20) on the table,
    # 9C (5) in hand: +15. Game 1: Ann 100, Bob 25: Ann wins on Bob's gin.
    out = ok(tiles("gin", "Bob", "--table", "3S 4S 5S", "--vs-table", "KH KD", "--vs", "9C")).stdout
    assert "Bob +40, Ann +15" in out
    assert "Game 1: Ann wins 225 to 50 with the bonuses, net 175" in out
    doc = as_json(tiles("score", "Ann", "40", "--kind", "gin", "--vs-points", "-10", "--json"))
    assert doc["points_by_player"] == {"Ann": 40, "Bob": -10}
    show = as_json(tiles("show", "--json"))
    assert show["both_score"] is True
    assert [r["game_points"] for r in show["sheet"]] == [
        {"1": {"Ann": 85, "Bob": -15}},
        {"1": {"Ann": 100, "Bob": 25}},
        {"2": {"Ann": 40, "Bob": -10}},
    ]
    text = ok(tiles("show")).stdout
    assert "Knock limit: gin only." in text
    rows = as_json(tiles("standings", "--json"))["rows"]
    # Ann: 85 + 15 + 40 = 140 points; Bob: -15 + 40 - 10 = 15
    assert [(r["player"], r["points"], r["hands_won"], r["gins"]) for r in rows] == [
        ("Ann", 140, 2, 2),
        ("Bob", 15, 1, 1),
    ]
    for fmt in ("csv", "json"):
        path = tmp_path / f"tiles.{fmt}"
        path.write_text(ok(tiles("export", "--format", fmt)).stdout)
        ok(tiles("match", "new", f"Tiles {fmt}", "--players", "Ann", "Bob", "--rules", "mahjong"))
        ok(tiles("import", str(path)))
        again = as_json(tiles("show", "--json"))
        assert [r["game_points"] for r in again["sheet"]] == [
            r["game_points"] for r in show["sheet"]
        ]
    assert "no problems" in ok(tiles("check")).stdout


def test_mahjong_edit_recomputes_both_sides(tiles: CLI) -> None:
    ok(tiles("gin", "Ann", "--table", "60", "--vs-table", "20", "--vs", "35"))
    doc = as_json(tiles("edit", "1", "--vs-table", "50", "--json"))  # Bob 50 - 35 = +15
    assert doc["points_by_player"] == {"Ann": 85, "Bob": 15}
    doc = as_json(tiles("edit", "1", "--table", "AS KS QS", "--json"))  # 35 + 25 = 60
    assert doc["points_by_player"] == {"Ann": 60, "Bob": 15}
    assert as_json(tiles("show", "--json"))["games"][0]["points"] == {"Ann": 60, "Bob": 15}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--table", "x", "--vs", "y"], "--table must be a whole number, not 'x'"),
        (["--vs", "y", "--vs-table", "x"], "--vs-table must be a whole number, not 'x'"),
        (["--points", "y", "--table", "x"], "--table must be a whole number, not 'x'"),
        (["--vs", "y", "--points", "z"], "--vs must be a whole number, not 'y'"),
        (["--vs-points", "z", "--points", "y"], "--points must be a whole number, not 'y'"),
    ],
)
def test_edit_names_the_first_bad_value_in_its_order(
    tiles: CLI, args: list[str], message: str
) -> None:
    """`edit` reads --table and --vs-table, then --vs, then --points and --vs-points: of
    several bad values it names the first in that order, whatever the order typed."""
    run = tiles("edit", "1", *args)
    assert (run.code, run.stdout, run.stderr) == (2, "", f"Error: {message}\n")


def test_mahjong_import_checks_both_sides(tiles: CLI, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "date,kind,winner,points,knocker,defender_deadwood,other_points,knocker_table,"
        "defender_table\n2007-04-27,gin,Ann,85,Ann,35,-10,60,20\n"
    )
    err = refused(tiles("import", str(path)))
    assert "row 1" in err and "(-10 to the other player)" in err and "(-15 to" in err
    path.write_text("date,kind,winner,points\n2007-04-27,gin,Ann,85\n")
    assert "(other_points N, may be negative)" in refused(tiles("import", str(path)))  # a column


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["knock", "Ann", "5", "--vs", "10"], "Mahjong gin has no knocking: gin only"),
        (["big-gin", "Ann", "--vs", "10"], "no big gin"),
        (["gin", "Ann", "--table", "60", "--vs", "35"], "give the other player's table"),
        (["gin", "Ann", "--table", "400", "--vs-table", "0", "--vs", "0"], "impossible"),
        (["gin", "Ann", "--table", "KH", "--vs-table", "KH", "--vs", "0"], "card KH is in"),
        (["gin", "Ann", "--table", "sixty", "--vs-table", "0", "--vs", "0"], "'sixty'"),
        (["gin", "Ann", "--cards", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"], "give the ginner's cards"),
        (["score", "Ann", "40"], "--vs-points"),
        (["score", "Ann", "406", "--vs-points", "0"], "at most 405"),
        (["sour", "Ann", "10"], "Gimlet Rummy's"),
        (["knock", "Ann", "3", "--piles", "1,1,1,1"], "no knocking"),
        (["gin", "Ann", "--piles", "1,1,1,1"], "--piles is for Gimlet Rummy matches"),
    ],
)
def test_mahjong_refusals_from_the_command_line(tiles: CLI, args: list[str], message: str) -> None:
    assert message in refused(tiles(*args))
    assert as_json(tiles("hands", "--json"))["hands"] == []


def test_plain_gin_refuses_the_variants_options(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    assert "--piles is for Gimlet Rummy matches" in refused(
        gintally("knock", "Ann", "3", "--vs", "9", "--piles", "1,1,1,1")
    )
    assert "--table is for Mahjong gin matches" in refused(
        gintally("gin", "Ann", "--vs", "9", "--table", "60")
    )
    assert "--vs-points is for Mahjong gin matches" in refused(
        gintally("score", "Ann", "9", "--vs-points", "3")
    )
    assert "going sour is Gimlet Rummy's" in refused(gintally("sour", "Ann", "9"))
    # --vs takes the defender's cards too: 2H 3H 4H 7H 7S 7C 8C 8D 9D JS leaves 8C 8D 9D JS = 35
    doc = as_json(gintally("gin", "Ann", "--vs", "2H 3H 4H 7H 7S 7C 8C 8D 9D JS", "--json"))
    assert (doc["points"], doc["defender_deadwood"]) == (25 + 35, 35)
