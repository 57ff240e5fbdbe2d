"""Scores worked by hand from the texts (SPEC sections 2 and 4, the seeds), then asked of the
library: the cases the other tests leave out. Each docstring carries the working."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import gintally
from conftest import Run, ok
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


# --- a knock laid off to nothing -------------------------------------------------------------

KNOCKER = "3S 3H 3D 5C 6C 7C 9D TD JD AH"  # 3-3-3, 5-6-7 clubs, 9-10-J diamonds; ace: 1
DEFENDER = "2S 2H 2D 2C 3C 4C 8C 8D QD KD"  # 2-2-2 and 2-3-4 clubs; 8C 8D QD KD all lay off


def test_a_defender_who_lays_off_everything_undercuts() -> None:
    """The defender melds 2-2-2 and 2-3-4 of clubs, lays 8C on 5-6-7 of clubs and 8D, QD, KD on
    9-10-J of diamonds (both ends, the queen and king chained): 0 left against the knocker's 1.
    Modern (plus-difference): 25 + (1 - 0) = 26. Honeymoon (upcard 5S, bonus-minus-defender,
    seed 000: "25 points less the number of points in their hand"): 25 - 0 = 25."""
    modern = gintally.score_cards(KNOCKER, DEFENDER)
    assert (modern.kind.value, modern.winner, modern.points) == ("undercut", "defender", 26)
    assert (modern.knocker_deadwood, modern.defender_deadwood) == (1, 0)
    assert sorted(str(c) for c in modern.layoffs) == ["8C", "8D", "KD", "QD"]
    honeymoon = gintally.score_cards(KNOCKER, DEFENDER, rules="honeymoon", upcard="5S")
    assert (honeymoon.kind.value, honeymoon.winner, honeymoon.points) == (
        "undercut",
        "defender",
        25,
    )


# --- a tie the knocker wins for 0 is a hand won in every format --------------------------------


def test_a_tie_won_for_nothing_is_a_box_and_breaks_the_shutout(tmp_path: Path) -> None:
    """tie=knocker (SPEC: "the knocker wins 0 points: a hand won, a box"). Bob 60, Ann knocks
    5 against 5 (Ann +0), Bob 40: Bob reaches 100 without shutting Ann out.
      Bob: 100 + 100 + 2 x 25 = 250.  Ann: 0 + 1 x 25 = 25.  Net 225 (a shutout would be 450)."""
    _, m = match(tmp_path, tie="knocker")
    m.score("Bob", 60, "gin")
    tie = m.knock("Ann", 5, 5)
    assert (tie["winner"], tie["points"]) == ("Ann", 0)
    m.knock("Bob", 5, 45)
    game = only_game(m)
    assert (game["winner"], game["net"], game["total"]) == ("Bob", 225, {"Ann": 25, "Bob": 250})
    assert game.get("shutout") is False


def test_a_tie_won_for_nothing_enters_and_opens_games(tmp_path: Path) -> None:
    """The same tie fans out as a win. Bob 60, Ann +0 (the tie), Ann 30.
    Hollywood: Ann's first win enters game 1, her second games 1-2: 30-60 and 30-0.
    Honeymoon: the second scoring hand opens game 2, the third game 3: 30-60, 30-0, 30-0."""
    book = gintally.open(tmp_path / "hunt.db")
    points = {}
    for fmt in ("hollywood", "honeymoon"):
        m = book.new_match(fmt, ["Ann", "Bob"], format=fmt, tie="knocker")
        m.score("Bob", 60, "gin")
        m.knock("Ann", 5, 5)
        m.score("Ann", 30, "knock")
        points[fmt] = [
            ((g["points"]["Ann"], g["points"]["Bob"]), g["boxes"]["Ann"])
            for g in m.sheet()["games"]
        ]
    assert points["hollywood"] == [((30, 60), 2), ((30, 0), 1), ((0, 0), 0)]
    assert points["honeymoon"] == [((30, 60), 2), ((30, 0), 2), ((30, 0), 1)]


def test_an_ad_infinitum_hand_that_closes_games_for_both_players_says_so(
    gintally: Callable[..., Run],
) -> None:
    """Ad-infinitum, modern: Bob's seven 10s open games 1-7 (game k holds 80 - 10k of his
    points and 8 - k boxes); Ann's 100 opens game 8 and closes all eight. Game 1: Ann
    100 + 100 + 25 = 225, Bob 70 + 7 x 25 = 245: Bob's by 20. Games 2-7: Ann's by 15, 50,
    85, 120, 155, 190; game 8 a shutout, 325. The confirmation said "Bob wins them"."""
    ok(gintally("match", "new", "Year", "--players", "Ann", "Bob", "--format", "ad-infinitum"))
    for _ in range(7):
        ok(gintally("score", "Bob", "10"))
    lines = ok(gintally("score", "Ann", "100", "--kind", "gin")).stdout.splitlines()
    assert (
        lines[2] == "  Closes 8 games, 1 to 8: Bob wins 1 (net 20); Ann wins 2-8 (nets 15 to 325)."
    )
    assert lines[3] == "  Season 2026: games won Ann 7, Bob 1; 0 games open."


def test_caches_made_before_the_winner_went_by_totals_are_forgotten(tmp_path: Path) -> None:
    """A ledger last opened by a version that gave a box-swung game to who reached the target
    may hold a replay mark and a season's fold counting that game to them: its first opening
    by this version forgets both (`m022_winner_by_totals`), and the next reads make them again
    with the game counted to Bob."""
    import sqlite3

    book = gintally.open(tmp_path / "old.db")
    m = book.new_match("Inf", ["Ann", "Bob"])
    for day in range(1, 13):  # twelve games Bob wins at a stroke: quiet points to keep a mark at
        m.score("Bob", 100, "gin", date=date(2025, 2, day))
    for day in range(1, 8):
        m.score("Bob", 10, "knock", date=date(2025, 3, day))
    m.score("Ann", 100, "gin", date=date(2025, 3, 8))
    m.score("Ann", 10, "knock", date=date(2026, 1, 2))
    assert book.standings(match="Inf", year=2025)["rows"]  # folds the finished season 2025
    book.save_folds()
    book.close()
    conn = sqlite3.connect(tmp_path / "old.db")
    held = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in CACHES]
    assert held[0] >= 1 and held[1] >= 1  # a mark and a fold to forget
    with conn:
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm022_winner_by_totals'")
    conn.close()
    book = gintally.open(tmp_path / "old.db")
    book.match("Inf").info()  # the first opening migrates
    conn = sqlite3.connect(tmp_path / "old.db")
    assert [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in CACHES] == [0, 0]
    conn.close()
    rows = {r["player"]: r for r in book.standings(match="Inf", year=2025)["rows"]}
    assert (rows["Ann"]["games_won"], rows["Bob"]["games_won"]) == (0, 13)


CACHES = ("replay_marks", "season_folds")
