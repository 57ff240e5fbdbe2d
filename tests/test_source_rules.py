"""Rules where the sources say what gintally must do (issue 25, items 3 to 7): each case worked by
hand from the seed it cites (../shared/seeds), through the engine and the command line."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Run, as_json, ok
from gintally.engine.replay import next_dealer

CLI = Callable[..., Run]


# --- item 3: a dead deck that scores passes the deal ----------------------------------------------


def test_next_dealer_after_a_dead_deck() -> None:
    # Seed 003 (kitchen notes): "In all scenarios [the four endings, 3: 'The deck runs out of
    # cards'], the player with less points in their hand scores the delta": a scored round,
    # and "Players alternate who goes first". Dealer 0, a dead deck won by 0: 1 deals next.
    assert next_dealer("alternate", "draw", 0, 0) == 1
    assert next_dealer("winner", "draw", 1, 0) == 1  # the winner deals, as after any hand
    assert next_dealer("loser", "draw", 1, 0) == 0
    # A dead deck nobody won (no deck_out_scores, or equal counts) and a misdeal: dealt again.
    assert next_dealer("alternate", "draw", None, 0) == 0
    assert next_dealer("alternate", "tie", None, 1) == 1
    assert next_dealer("alternate", "misdeal", None, 1) == 1


def test_issue_25_kitchen_dead_deck_passes_the_deal(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen", "--dealer", "Ann"))
    # Hand 1, Ann deals: dead deck, Ann 5 v Bob 12: Ann scores 12 - 5 = 7, and Bob deals next.
    first = as_json(gintally("draw", "--deadwood", "Ann=5", "--deadwood", "Bob=12", "--json"))
    assert (first["winner"], first["points"], first["next_dealer"]) == ("Ann", 7, "Bob")
    # Hand 2, Bob deals: dead deck, 8 v 8: nobody has less, nobody scores: Bob deals again.
    second = as_json(gintally("draw", "--deadwood", "Ann=8", "--deadwood", "Bob=8", "--json"))
    assert (second["winner"], second["points"], second["next_dealer"]) == (None, 0, "Bob")
    # Hand 3, Bob deals: Ann knocks 3 v 20, +17; the deal passes to Ann.
    ok(gintally("knock", "Ann", "3", "--vs", "20"))
    rows = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["dealer"], h["winner"], h["points"]) for h in rows] == [
        ("Ann", "Ann", 7),
        ("Bob", None, 0),
        ("Bob", "Ann", 17),
    ]
    assert as_json(gintally("show", "--json"))["next_dealer"] == "Ann"
