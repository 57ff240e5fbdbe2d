"""Rounds of partnership play, the pure engine (SPEC section 7, Teams; issue 10): which round a
hand belongs to, what a complete round posts, and how it fans out over every format."""

from __future__ import annotations

from datetime import date

import pytest

from gintally.engine.formats import Format
from gintally.engine.replay import replay
from gintally.engine.rounds import Deal, Round, entries_of, in_progress, place, rounds_of
from gintally.errors import HandError
from gintally.game.rules import AUTO, SWEEP_BY_SIZE, RuleSet, resolve

DAY = date(2026, 11, 23)


def deal(id: int, table: int, winner: int | None, points: int, day: date = DAY) -> Deal:
    return Deal(id, day, table, winner, points, "knock" if winner is not None else "draw")


def test_issue_teams_of_two() -> None:
    # Ann (side 0, table 1) +15 over Bob; Di (side 1, table 2) +10 over Cy.
    # Ann & Cy sum 15, Bob & Di sum 10: the round goes to Ann & Cy by 15 - 10 = 5, no sweep.
    (r,) = rounds_of([deal(1, 0, 0, 15), deal(2, 1, 1, 10)], tables=2, bonus=0)
    assert r.complete and r.sums == [15, 10]
    assert (r.winner, r.margin, r.sweep, r.points) == (0, 5, False, 5)
    (e,) = entries_of([r])
    assert (e.id, e.winner, e.points, e.kind, e.date) == (1, 0, 5, "round", DAY)


def test_issue_teams_of_three_sweep() -> None:
    # Three wins of 10, 20 and 5 by one side: 35, and the sweep bonus for three (25): 60.
    bonus = RuleSet().sweep_bonus(3)
    assert bonus == 25
    (r,) = rounds_of([deal(1, 0, 1, 10), deal(2, 1, 1, 20), deal(3, 2, 1, 5)], 3, bonus)
    assert (r.winner, r.margin, r.sweep, r.points) == (1, 35, True, 35 + 25)


def test_sweep_defaults_by_team_size() -> None:
    # seed 002 (Tedesco): nothing for two, 25 extra for three, 50 for four.
    assert SWEEP_BY_SIZE == {2: 0, 3: 25, 4: 50}
    assert RuleSet().team_sweep_bonus == AUTO
    assert [RuleSet().sweep_bonus(n) for n in (2, 3, 4)] == [0, 25, 50]
    assert resolve("modern", ["team_sweep_bonus=40"]).sweep_bonus(3) == 40
    # A sweep in teams of four: 4 x 10 = 40, plus 50.
    deals = [deal(i + 1, i, 0, 10) for i in range(4)]
    (r,) = rounds_of(deals, 4, RuleSet().sweep_bonus(4))
    assert r.points == 90


def test_no_sweep_when_a_member_did_not_win() -> None:
    # Side 0 wins two tables (30 + 20), side 1 one (5): 45 ahead, no sweep bonus.
    (r,) = rounds_of([deal(1, 0, 0, 30), deal(2, 1, 0, 20), deal(3, 2, 1, 5)], 3, 25)
    assert (r.winner, r.points, r.sweep) == (0, 45, False)
    # A drawn table is redealt: the round waits for that table's next hand (issue 25, item 1).
    rounds = rounds_of([deal(1, 0, 0, 30), deal(2, 1, 0, 20), deal(3, 2, None, 0)], 3, 25)
    assert [(r.complete, r.awaited, [d.id for d in r.redeals]) for r in rounds] == [
        (False, [2], [3])
    ]
    # Its redeal, won by side 0 with 5: 30 + 20 + 5 = 55 and every member won, + 25 = 80.
    deals = [deal(1, 0, 0, 30), deal(2, 1, 0, 20), deal(3, 2, None, 0), deal(4, 2, 0, 5)]
    (r,) = rounds_of(deals, 3, 25)
    assert (r.winner, r.points, r.sweep, r.last) == (0, 80, True, 4)


def test_level_round_posts_nothing() -> None:
    (r,) = rounds_of([deal(1, 0, 0, 12), deal(2, 1, 1, 12)], 2)
    assert r.complete and r.winner is None and r.points == 0
    rep = replay(entries_of([r]), RuleSet())
    assert rep.games == [] and len(rep.played) == 1


def test_round_in_progress_posts_nothing() -> None:
    rounds = rounds_of([deal(1, 0, 0, 15)], 2)
    assert [r.complete for r in rounds] == [False]
    assert rounds[0].played == [0] and rounds[0].awaited == [1]
    assert (rounds[0].winner, rounds[0].points, rounds[0].date) == (None, 0, None)
    assert entries_of(rounds) == []
    assert replay(entries_of(rounds), RuleSet()).games == []
    assert in_progress(rounds) is rounds[0]


def test_kth_hand_at_a_table_is_round_k() -> None:
    # Table 1 plays hands 1, 3, 4; table 2 plays hand 2: round 1 is complete (1, 2), rounds 2
    # and 3 wait for table 2.
    rounds = rounds_of([deal(1, 0, 0, 5), deal(2, 1, 1, 8), deal(3, 0, 0, 7), deal(4, 0, 1, 9)], 2)
    assert [(r.number, r.complete) for r in rounds] == [(1, True), (2, False), (3, False)]
    assert [d.id if d else None for d in rounds[2].deals] == [4, None]
    assert rounds[0].winner == 1 and rounds[0].points == 3
    # Voiding hand 2 (it leaves the list): table 2 has no hand, every round waits.
    rounds = rounds_of([deal(1, 0, 0, 5), deal(3, 0, 0, 7), deal(4, 0, 1, 9)], 2)
    assert entries_of(rounds) == []
    # A back-dated hand takes its place by date: hand 5 on an earlier day is table 2's first.
    early = date(2026, 11, 22)
    rounds = rounds_of([deal(2, 1, 1, 8), deal(1, 0, 0, 5), deal(5, 1, 0, 4, early)], 2)
    assert [d.id if d else None for d in rounds[0].deals] == [1, 5]
    assert [d.id if d else None for d in rounds[1].deals] == [None, 2]


def test_rounds_complete_in_order_with_their_dates() -> None:
    # Round 1 completes on the 24th (its last hand), round 2 on the 25th: (date, id) order.
    d1, d2, d3 = date(2026, 1, 23), date(2026, 1, 24), date(2026, 1, 25)
    deals = [
        deal(1, 0, 0, 10, d1),
        deal(2, 0, 0, 10, d1),
        deal(3, 1, 1, 4, d2),
        deal(4, 1, 1, 2, d3),
    ]
    entries = entries_of(rounds_of(deals, 2))
    assert [(e.id, e.date, e.winner, e.points) for e in entries] == [(1, d2, 0, 6), (2, d3, 0, 8)]


def test_place_refuses_a_second_hand_in_the_round_in_progress() -> None:
    names = ["Ann v Bob", "Cy v Di"]
    rounds = rounds_of([deal(1, 0, 0, 15)], 2)
    assert place(rounds, 1, names) == 1  # Cy v Di plays round 1
    with pytest.raises(
        HandError,
        match=r"Ann v Bob already played round 1 \(hand 1\), which "
        r"still waits for Cy v Di",
    ):
        place(rounds, 0, names)
    rounds = rounds_of([deal(1, 0, 0, 15), deal(2, 1, 1, 10)], 2)
    assert place(rounds, 0, names) == 2 and place(rounds, 1, names) == 2
    assert place([], 0, names) == 1
    # A table rounds ahead (a hand of the other table voided): it waits, the other plays.
    rounds = rounds_of([deal(1, 0, 0, 15), deal(3, 0, 0, 5), deal(5, 0, 0, 1), deal(4, 1, 1, 2)], 2)
    assert place(rounds, 1, names) == 2
    with pytest.raises(HandError, match=r"already played round 3 \(hand 5\) and round 2 still"):
        place(rounds, 0, names)


def _fan_out(fmt: str, points: list[int], rules: RuleSet | None = None) -> list[list[int]]:
    """Each round won by side 0 at both tables (points + 0, a knock tied under tie=knocker at
    table 2): the games' points after them."""
    deals = []
    for i, p in enumerate(points):
        deals += [deal(2 * i + 1, 0, 0, p), deal(2 * i + 2, 1, 0, 0)]
    rep = replay(entries_of(rounds_of(deals, 2)), rules or RuleSet(), Format(fmt))
    return [g.points for g in rep.games]


def test_issue_hollywood_rounds_fan_out() -> None:
    # Rounds of +20 and +35 to the same team: game 1 gets both (55), game 2 the second (35).
    assert _fan_out("hollywood", [20, 35]) == [[55, 0], [35, 0], [0, 0]]  # game 3 waits


def test_honeymoon_and_ad_infinitum_rounds_fan_out() -> None:
    # Honeymoon: round k opens game k and posts to every open game.
    assert _fan_out("honeymoon", [20, 35, 5]) == [[60, 0], [40, 0], [5, 0]]
    # Ad infinitum: every round opens a new game.
    assert _fan_out("ad-infinitum", [20, 35]) == [[55, 0], [35, 0]]


def test_single_game_closes_with_every_bonus() -> None:
    # Rounds of 60 and 50 to side 0: game 1 closes at 110, game bonus 100, two boxes of 25,
    # shutout (double-hands) 110: total 110 + 100 + 50 + 110 = 370.
    deals = [deal(1, 0, 0, 60), deal(2, 1, 0, 0), deal(3, 0, 0, 50), deal(4, 1, 0, 0)]
    rep = replay(entries_of(rounds_of(deals, 2)), RuleSet())
    (g,) = rep.games
    assert (g.status, g.winner, g.points, g.boxes) == ("won", 0, [110, 0], [2, 0])
    assert g.total == [370, 0] and g.net == 370


def test_round_numbers_and_ids() -> None:
    r = Round(4, [deal(9, 0, 0, 3), deal(7, 1, 1, 1)])
    assert (r.last, r.number, r.entry().id) == (9, 4, 4)


def test_issue_25_a_hand_nobody_won_is_redealt_in_its_round() -> None:
    # Issue 25, item 1: Ann v Bob (table 1) draws (hand 1) and the same dealer deals again:
    # hand 2 at that table (Ann +10: knock 2 v 12) is table 1's hand for round 1, and round 1
    # is still in progress until Cy v Di plays (hand 3: Di gin 25 + 5 = 30).
    names = ["Ann v Bob", "Cy v Di"]
    rounds = rounds_of([deal(1, 0, None, 0)], 2)
    assert [(r.number, r.played, r.awaited, r.redealing()) for r in rounds] == [
        (1, [], [0, 1], [0])
    ]
    assert place(rounds, 0, names) == 1  # the redeal is round 1, not refused
    rounds = rounds_of([deal(1, 0, None, 0), deal(2, 0, 0, 10)], 2)
    assert (len(rounds), rounds[0].played, rounds[0].redealing()) == (1, [0], [])
    # A second table tying under tie=no-score (winner None) is redealt the same way.
    tie = Deal(3, DAY, 1, None, 0, "tie")
    rounds = rounds_of([deal(1, 0, None, 0), deal(2, 0, 0, 10), tie], 2)
    assert rounds[0].awaited == [1] and [d.id for d in rounds[0].redeals] == [1, 3]
    # Di's gin completes round 1: sums 10 v 30, Bob & Di +20 (no sweep: Ann won table 1).
    rounds = rounds_of([deal(1, 0, None, 0), deal(2, 0, 0, 10), tie, deal(4, 1, 1, 30)], 2)
    (r,) = rounds
    assert (r.complete, r.sums, r.winner, r.points, r.holds(1), r.holds(3)) == (
        True,
        [10, 30],
        1,
        20,
        True,
        True,
    )
    (e,) = entries_of(rounds)
    assert (e.id, e.winner, e.points) == (1, 1, 20)
