"""Gimlet Rummy's scores at their limits: what a paper score of each kind can be, a hand from
cards against the same hand from counts, and a knock from cards laying the deadwood of any
arrangement the piles hold. Every number is worked by hand in the test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Commands, Run, as_json, facts, ok, refused

CLI = Callable[..., Run]


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
def test_gimlet_paper_scores_by_kind(
    gintally: CLI,
    db_path: Path,
    ledger_from: Callable[[Commands, Path], Path],
    args: list[str],
    message: str,
) -> None:
    solo: Commands = (
        ("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"),
        ("score", "Ann", "38", "--kind", "knock"),  # piles 1,0,0,0: 8 + 10 + 10 + 10
    )
    ledger_from(solo, db_path)
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
        gintally(
            "knock",
            "Ann",
            "--cards",
            "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C",
            "--piles",
            "1,1,1,1",
            "--json",
        )
    )
    assert (doc["points"], doc["knocker_deadwood"]) == (32, 2)
    ok(gintally("match", "new", "Counts", "--players", "Ann", "--rules", "gimlet"))
    doc = as_json(gintally("knock", "Ann", "2", "--piles", "1,1,1,1", "--json"))
    assert (doc["points"], doc["knocker_deadwood"]) == (32, 2)
    shows = [as_json(gintally("show", "-m", m, "--json"))["games"] for m in ("Cards", "Counts")]
    assert shows[0] == shows[1]


# --- Gimlet Rummy: a knock from cards ---------------------------------------------------------


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
