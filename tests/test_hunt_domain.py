"""Scores worked by hand from the texts (SPEC sections 2 and 4, the seeds), then asked of the
library: the cases the other tests leave out. Each docstring carries the working."""

from __future__ import annotations

from pathlib import Path

import gintally
from gintally.facade.book import Book, Match
from gintally.report.shapes import GameDoc


def match(tmp_path: Path, **options: object) -> tuple[Book, Match]:
    book = gintally.open(tmp_path / "hunt.db")
    return book, book.new_match("Hunt", ["Ann", "Bob"], **options)  # type: ignore[arg-type]


def only_game(m: Match) -> GameDoc:
    (game,) = m.sheet(all=True)["games"]
    return game


# --- the boxes decide the game (seed 004) ----------------------------------------------------


def test_the_boxes_carry_the_other_player_past_who_reached_the_target(tmp_path: Path) -> None:
    """Seed 004: "the first player to reach 100 points may not necessarily win the match after
    the box bonuses are awarded". Modern: Bob wins seven hands of 10 (70 points, 7 boxes), then
    Ann's 100 takes her to the target.
      Ann: 100 + game bonus 100 + 1 box x 25 = 225.  Bob: 70 + 7 x 25 = 245.
    Bob is ahead with the bonuses: he wins the game by 20; the game bonus stays Ann's. It said
    "Ann wins, net -20" (and counted the game won to Ann)."""
    book, m = match(tmp_path, stake="1")
    for _ in range(7):
        m.score("Bob", 10, "knock")
    m.score("Ann", 100, "gin")
    game = only_game(m)
    assert (game["winner"], game["net"], game["total"]) == ("Bob", 20, {"Ann": 225, "Bob": 245})
    assert game.get("bonuses", {}).get("game") == {"Ann": 100, "Bob": 0}
    rows = {r["player"]: r for r in book.standings(match="Hunt")["rows"]}
    assert [(rows[p]["games_won"], rows[p]["net"]) for p in ("Ann", "Bob")] == [(0, -20), (1, 20)]
    assert m.settlement()["balances"][0] | {"text": ""} == {
        "from": "Ann",
        "to": "Bob",
        "amount": "20.00",
        "currency": "",
        "text": "",
    }


def test_a_leader_exactly_50_ahead_on_the_boxes_loses(tmp_path: Path) -> None:
    """SPEC: exactly_50_loses looks at the final totals' leader. Bob wins seven hands of 10 and
    one of 5 (75 points, 8 boxes: 275); Ann's 100 reaches the target (100 + 100 + 25 = 225).
    Bob leads by exactly 50, so he loses: Ann wins, net 50. It said Ann wins, net -50."""
    _, m = match(tmp_path, exactly_50_loses=True)
    for points in (10, 10, 10, 10, 10, 10, 10, 5):
        m.score("Bob", points, "knock")
    m.score("Ann", 100, "gin")
    game = only_game(m)
    assert (game["winner"], game["net"], game.get("lost_by_50")) == ("Ann", 50, True)
    assert game["total"] == {"Ann": 225, "Bob": 275}


def test_equal_totals_leave_the_game_to_who_reached_the_target(tmp_path: Path) -> None:
    """Bob wins six hands (10 x 5 + 25: 75 points, 6 boxes: 225); Ann's 100 gives her 225 too.
    Level with the bonuses: the game stays with Ann, who reached 100 (and took the game
    bonus), at net 0."""
    _, m = match(tmp_path)
    for points in (10, 10, 10, 10, 10, 25):
        m.score("Bob", points, "knock")
    m.score("Ann", 100, "gin")
    game = only_game(m)
    assert (game["winner"], game["net"], game["total"]) == ("Ann", 0, {"Ann": 225, "Bob": 225})
