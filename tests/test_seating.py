"""Seating (`service.seating`): who plays whom in each round, as the replay and the hand
commands ask it. Head to head, each hand is its own round and posts as it is played; in a
partnership a round is a hand at every table, and only a complete round posts.

By hand: Ann & Cy v Bob & Di. Round 1: Ann knocks 5 against Bob's 25 (Ann +20), Cy goes gin
against Di's 10 (Cy 25 + 10 = 35): the Reds' round, 20 + 35 = 55 (no sweep bonus for teams of
two). Round 2: Bob knocks 3 against Ann's 13 (+10); Di's hand is not in yet, so round 2 posts
nothing.
"""

from __future__ import annotations

from datetime import date

from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import TypedHand
from gintally.service import (
    HeadToHead,
    Partnership,
    record,
    seating_of,
    team_rules,
    team_specs,
)
from gintally.service.matches import new_match

DAY = date(2026, 3, 1)


def test_head_to_head_posts_each_hand(fresh_db: Ledger) -> None:
    m = new_match(fresh_db, "Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"), "Ann")
    seating = seating_of(m)
    assert type(seating) is HeadToHead and not seating.whole and not seating.misdeal_refused
    a, _ = record(fresh_db, m, TypedHand("knock", DAY, player="Ann", deadwood=5, vs=25))
    b, _ = record(fresh_db, m, TypedHand("gin", DAY, player="Bob", vs=10))
    hands = fresh_db.live_hands(m)
    assert seating.rounds(hands) == []
    assert [(e.id, e.winner, e.points) for e in seating.entries(hands)] == [(1, 0, 20), (2, 1, 35)]
    assert [seating.entry_of([], h) for h in (a, b)] == [1, 2]
    assert (seating.first_dealer, seating.table_of(b)) == (0, 0)
    assert seating.draw_mark(m.tables[0]) is None


def test_a_partnership_posts_complete_rounds(fresh_db: Ledger) -> None:
    specs = team_specs(["Reds=Ann,Cy", "Blues=Bob,Di"])
    m = new_match(
        fresh_db, "Teams", (), Format("single"), team_rules(resolve("modern"), 2), None, specs
    )
    seating = seating_of(m)
    assert type(seating) is Partnership and seating.whole
    assert seating.misdeal_refused.startswith("a team match keeps no dealer")
    typed = [
        TypedHand("knock", DAY, player="Ann", deadwood=5, vs=25),
        TypedHand("gin", DAY, player="Cy", vs=10),
        TypedHand("knock", DAY, player="Bob", deadwood=3, vs=13),
    ]
    recs = [record(fresh_db, m, t)[0] for t in typed]
    hands = fresh_db.live_hands(m)
    rounds = seating.rounds(hands)
    assert [(r.number, r.complete, r.winner, r.points) for r in rounds] == [
        (1, True, 0, 55),
        (2, False, None, 0),
    ]
    assert [(e.id, e.winner, e.points) for e in seating.entries(hands)] == [(1, 0, 55)]
    assert [seating.entry_of(rounds, h) for h in recs] == [1, 1, None]
    assert [seating.table_of(h) for h in recs] == [0, 1, 0]
    assert seating.first_dealer is None
    assert seating.draw_mark(m.tables[1]) == m.tables[1][0].id  # Cy: the table's side-0 player
