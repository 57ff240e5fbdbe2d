"""Money text and cents (issue 33, item 8): a settlement names each price its games and sets
were settled at, and a team split's debts add up to exactly the rounded amount the losing side
owes (largest remainder; the extra cents go diagonally, `engine.settlement.spread`).

The figures are worked by hand from the modern rules: a Hollywood set of Ann 60, Bob 20, Ann 50,
Ann 30, Ann 40, Ann 30 is won by Ann by 1005 (`test_stakes`); a team round whose tables all go
one way is a shutout: net = 2 x the round's points + 100 game bonus + 25 for the box (a round of
three tables adds 25 for the sweep to the round's points).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import gintally as library
from conftest import Run, as_json, ok
from gintally.engine.settlement import Owed, Settled, apportion, spread
from gintally.engine.stakes import Stake, rounded

CLI = Callable[..., Run]
SET = ["Ann 60", "Bob 20", "Ann 50", "Ann 30", "Ann 40", "Ann 30"]  # Ann by 1005


def score(gintally: CLI, *hands: str, day: str | None = None) -> None:
    for hand in hands:
        who, points = hand.split()
        ok(gintally("score", who, points, *(["--date", day] if day else [])))


def debts(doc: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(b["from"], b["to"], b["amount"]) for b in doc["balances"]]


def total(doc: dict[str, Any]) -> Decimal:
    return sum((Decimal(b["amount"]) for b in doc["balances"]), Decimal(0))


def test_each_price_is_named(gintally: CLI, db_path: Path) -> None:
    """Three sets of 1005, closed on 1, 2 and 3 March at $0.05, $0.10 and $0.02: 50.25 +
    100.50 + 20.10 = 170.85, and the text names each price, not the last one for all three."""
    ok(
        gintally(
            "match",
            "new",
            "S",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "hollywood",
            "--stake",
            "0.05",
            "--currency",
            "$",
        )
    )
    ok(gintally("match", "stake", "S", "0.10", "--from", "2026-03-02"))
    ok(gintally("match", "stake", "S", "0.02", "--from", "2026-03-03"))
    for day in ("2026-03-01", "2026-03-02", "2026-03-03"):
        score(gintally, *SET, day=day)
    doc = as_json(gintally("settle", "--json"))
    assert debts(doc) == [("Bob", "Ann", "170.85")]
    [covered] = doc["matches"]
    assert (covered["sets"], covered["total"]) == (3, "170.85")
    assert [(p["stake"]["amount"], p["stake"]["since"], p["sets"]) for p in covered["prices"]] == [
        ("0.05", None, 1),
        ("0.10", "2026-03-02", 1),
        ("0.02", "2026-03-03", 1),
    ]
    text = ok(gintally("settle")).stdout
    assert "S: 1 set at $0.05, 1 at $0.10 and 1 at $0.02 a point." in text
    assert "3 sets at" not in text
    standings = " ".join(ok(gintally("standings")).stdout.split())
    assert (
        "Winnings this season from 1 set at $0.05, 1 at $0.10 and 1 at $0.02 a point: "
        "Ann $170.85, Bob -$170.85." in standings
    )
    season = as_json(gintally("standings", "--json"))
    assert [p["sets"] for p in season["prices"]] == [1, 1, 1]
    with library.open(db_path) as book:
        assert book.match().settlement() == doc


def test_one_price_keeps_its_line(gintally: CLI) -> None:
    """Two sets at one price read as before; a set at an older price is named at it, not at
    the price now (2 sets of 1005 at $0.05 = 100.50, the price now $0.10)."""
    ok(
        gintally(
            "match",
            "new",
            "S",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "hollywood",
            "--stake",
            "0.05",
            "--currency",
            "$",
        )
    )
    score(gintally, *SET, *SET, day="2026-03-01")
    assert "S: 2 sets at $0.05 a point." in ok(gintally("settle")).stdout
    assert "Winnings this season at $0.05 a point: Ann $100.50" in ok(gintally("standings")).stdout
    ok(gintally("match", "stake", "S", "0.10", "--from", "2026-03-02"))
    score(gintally, "Ann 10", day="2026-03-02")  # a set in play at the new price
    text = ok(gintally("settle")).stdout
    assert "S: 2 sets at $0.05 a point." in text
    assert "Winnings this season from 2 sets at $0.05 a point: Ann $100.50" in (
        " ".join(ok(gintally("standings")).stdout.split())
    )


def test_two_against_two_adds_up_to_the_rounded_amount(gintally: CLI, db_path: Path) -> None:
    """Ann 80 and Cy 68: a round of 148 to 0, a shutout: 148 + 100 + 25 + 148 = 421, at $0.02
    8.42. Each of the four debts is 2.105 exactly: two are 2.11 and two 2.10, the extra cents
    on the diagonal (Bob to Ann, Di to Cy), so each loser pays 4.21 and each winner gets 4.21."""
    ok(
        gintally(
            "match", "new", "P", "--teams", "Ann,Cy", "Bob,Di", "--stake", "0.02", "--currency", "$"
        )
    )
    score(gintally, "Ann 80", "Cy 68")
    doc = as_json(gintally("settle", "--json"))
    assert doc["matches"][0]["total"] == "8.42"
    assert debts(doc) == [
        ("Bob", "Ann", "2.11"),
        ("Di", "Cy", "2.11"),
        ("Bob", "Cy", "2.10"),
        ("Di", "Ann", "2.10"),
    ]
    assert total(doc) == Decimal("8.42")
    text = ok(gintally("settle")).stdout
    assert "Bob owes Ann $2.11.\nDi owes Cy $2.11.\nBob owes Cy $2.10.\nDi owes Ann $2.10." in text
    with library.open(db_path) as book:
        assert book.match().settlement() == doc
    players = {
        p["player"]: p["winnings"]["$"] for p in as_json(gintally("stats", "--json"))["players"]
    }
    assert players == {"Ann": "4.21", "Cy": "4.21", "Bob": "-4.21", "Di": "-4.21"}
    ok(gintally("pay", "Bob", "Ann", "2.11"))  # a payment takes a whole debt off
    assert total(as_json(gintally("settle", "--json"))) == Decimal("6.31")


def test_three_against_three_adds_up_to_the_rounded_amount(gintally: CLI, db_path: Path) -> None:
    """Ann, Cy and Ed 75 each: 225 and 25 for the sweep, 250 to 0, a shutout: 250 + 100 + 25
    + 250 = 625, at 0.00376 2.35. Nine debts of 0.26111...: eight of 0.26 and one of 0.27
    (Bob to Ann, the first of the diagonal), 2.35 in all, not 9 x 0.26 = 2.34."""
    ok(gintally("match", "new", "P", "--teams", "Ann,Cy,Ed", "Bob,Di,Fay", "--stake", "0.00376"))
    score(gintally, "Ann 75", "Cy 75", "Ed 75")
    doc = as_json(gintally("settle", "--json"))
    assert doc["matches"][0]["total"] == "2.35"
    got = debts(doc)
    assert len(got) == 9
    assert got[0] == ("Bob", "Ann", "0.27")
    assert sorted(x[2] for x in got[1:]) == ["0.26"] * 8
    assert total(doc) == Decimal("2.35")
    with library.open(db_path) as book:
        assert book.match().settlement() == doc
    # each person's winnings are what settle says they are owed: 0.79 + 0.78 + 0.78
    players = {
        p["player"]: p["winnings"][""] for p in as_json(gintally("stats", "--json"))["players"]
    }
    assert players == {
        "Ann": "0.79",
        "Cy": "0.78",
        "Ed": "0.78",
        "Bob": "-0.79",
        "Di": "-0.78",
        "Fay": "-0.78",
    }


def test_largest_remainder() -> None:
    """Hamilton's method: whole quotas first, the leftover units to the largest remainders,
    ties to the earlier share; the parts always add up."""
    assert apportion(842, [Fraction(1)] * 4) == [211, 211, 210, 210]
    assert apportion(235, [Fraction(1)] * 9) == [27] + [26] * 8
    assert apportion(10, [Fraction(1), Fraction(2), Fraction(3)]) == [2, 3, 5]  # 1.67, 3.33, 5
    assert apportion(7, [Fraction(5), Fraction(1)]) == [6, 1]  # 5.83, 1.17
    assert apportion(0, [Fraction(1)] * 3) == [0, 0, 0]
    for units in range(40):
        assert sum(apportion(units, [Fraction(1)] * 6)) == units


def test_the_extra_cents_go_diagonally() -> None:
    """Each diagonal takes every person of the smaller side once: the extra cents of a split
    come from different payers and go to different payees while they can."""
    assert spread(2, 2) == [(0, 0), (1, 1), (0, 1), (1, 0)]
    assert spread(3, 3)[:3] == [(0, 0), (1, 1), (2, 2)]
    for ka, kb in ((2, 3), (3, 2), (3, 3), (4, 2)):
        order = spread(ka, kb)
        assert sorted(order) == [(i, j) for i in range(ka) for j in range(kb)]
        first = order[: min(ka, kb)]
        assert len({i for i, _ in first}) == len({j for _, j in first}) == min(ka, kb)


def test_a_split_is_rounded_once_over_the_games_between_the_same_teams() -> None:
    """Two games of 2.105 each between the same teams: 4.21 owed in all, split 1.06 + 1.05 +
    1.05 + 1.05, not two rounded splits; the side that lost more pays."""
    stake = Stake(Decimal("0.005"), "$")
    owed = Owed()
    sides = [(1, 2), (3, 4)]
    for n in (1, 2):
        owed.settle(
            Settled("game", n, date(2026, 1, n), 0, 421, Fraction(2105, 1000), stake), sides
        )
    got = {(a, b): rounded(v, 2) for a, b, v in owed.balances(2)}
    assert got == {
        (3, 1): Decimal("1.06"),
        (4, 2): Decimal("1.05"),
        (3, 2): Decimal("1.05"),
        (4, 1): Decimal("1.05"),
    }
    assert {p: rounded(v, 2) for p, v in owed.won(2).items()} == {
        1: Decimal("2.11"),  # 1.06 from 3 and 1.05 from 4
        2: Decimal("2.10"),
        3: Decimal("-2.11"),
        4: Decimal("-2.10"),
    }
    owed.settle(Settled("game", 3, date(2026, 1, 3), 1, 842, Fraction(421, 100), stake), sides)
    assert owed.balances(2) == []  # side 0 won back what it was owed: square
    assert owed.winnings[1] == 0
    assert set(owed.won(2).values()) == {0}
