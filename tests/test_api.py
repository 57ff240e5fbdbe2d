"""The Python API (SPEC section 6): `evaluate`, `score_cards` and one error family."""

from __future__ import annotations

import json

import pytest

import gintally
from gintally import (
    CardError,
    Evaluation,
    GintallyError,
    HandError,
    HandResult,
    RuleError,
    evaluate,
    find_preset,
    score_cards,
)

SEED_KNOCK = "6H 6C 6D 6S TD JD QD KD AH 7C"
EVAL_KEYS = {"cards", "melds", "deadwood_cards", "deadwood", "discard", "gin", "big_gin"}


def names(cards: object) -> list[str]:
    return [str(c) for c in cards]  # type: ignore[attr-defined]


def test_exports() -> None:
    for name in ("evaluate", "score_cards", "GintallyError", "parse_cards", "find_preset"):
        assert hasattr(gintally, name)
    assert issubclass(GintallyError, ValueError)
    for sub in (CardError, RuleError, HandError, gintally.NotFoundError, gintally.LedgerError):
        assert issubclass(sub, GintallyError)


@pytest.mark.parametrize(
    "cards",
    [
        SEED_KNOCK,
        SEED_KNOCK.lower(),
        SEED_KNOCK.replace(" ", ","),
        SEED_KNOCK.replace("TD", "10D"),
        SEED_KNOCK.split(),
        tuple(SEED_KNOCK.split()),
        iter(SEED_KNOCK.split()),
        (c for c in SEED_KNOCK.split()),
        gintally.parse_cards(SEED_KNOCK),
    ],
)
def test_evaluate_ten_cards(cards: object) -> None:
    ev = evaluate(cards)  # type: ignore[arg-type]
    assert isinstance(ev, Evaluation)
    assert ev.deadwood == 8
    assert [names(m) for m in ev.melds] == [["6S", "6H", "6D", "6C"], ["TD", "JD", "QD", "KD"]]
    assert names(ev.deadwood_cards) == ["AH", "7C"]
    assert ev.discard is None
    assert ev.gin is False
    assert ev.big_gin is False
    assert names(ev.cards) == SEED_KNOCK.split()
    assert ev.knocks is True


@pytest.mark.parametrize(
    ("cards", "deadwood", "discard", "gin", "big_gin"),
    [
        ("5S 2C 4C 2D 5H 3C 3H 4D 3D 4H 5C", 0, "5S", True, False),
        (SEED_KNOCK + " 2S", 3, "7C", False, False),
        ("AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S", 0, None, True, True),
        ("AH 2D 4C 6S 8H TD QC KS 3S 5C 9D", 58, "KS", False, False),
    ],
)
def test_evaluate_eleven_cards(
    cards: str, deadwood: int, discard: str | None, gin: bool, big_gin: bool
) -> None:
    ev = evaluate(cards)
    assert (ev.deadwood, ev.gin, ev.big_gin) == (deadwood, gin, big_gin)
    if discard is None:
        assert ev.discard is None
    elif deadwood == 58:  # several court cards tie: any one of them is a best discard
        assert str(ev.discard) in {"TD", "QC", "KS"}
    else:
        assert str(ev.discard) == discard
    melded = [c for m in ev.melds for c in names(m)]
    kept = set(cards.split()) - ({str(ev.discard)} if ev.discard else set())
    assert sorted(melded + names(ev.deadwood_cards)) == sorted(kept)


@pytest.mark.parametrize(
    ("rules", "upcard", "knocks"),
    [
        ("modern", None, True),
        ("kitchen", None, True),
        ("straight", None, False),
        ("modern", "AS", True),
        ("oklahoma", "7D", False),
        ("oklahoma", "8D", True),
        ("oklahoma", None, None),
        (find_preset("honeymoon"), "QH", True),
    ],
)
def test_evaluate_knocks(rules: object, upcard: str | None, knocks: bool | None) -> None:
    assert evaluate(SEED_KNOCK, rules, upcard=upcard).knocks is knocks  # type: ignore[arg-type]


def test_evaluate_gin_does_not_knock() -> None:
    ev = evaluate("2H 3H 4H 5H 7S 7D 7C KS KH KD")
    assert (ev.deadwood, ev.gin, ev.knocks) == (0, True, False)


def test_evaluate_ace_value_rule() -> None:
    ev = evaluate(SEED_KNOCK, gintally.resolve("modern", ["ace_value=15"]))
    assert ev.deadwood == 22
    assert ev.knocks is False


def test_to_dict_has_the_eval_json_keys() -> None:
    data = evaluate(SEED_KNOCK + " 2S").to_dict()
    assert set(data) >= EVAL_KEYS
    assert data["cards"] == [*SEED_KNOCK.split(), "2S"]
    assert data["melds"] == [["6S", "6H", "6D", "6C"], ["TD", "JD", "QD", "KD"]]
    assert data["deadwood_cards"] == ["AH", "2S"]
    assert data["deadwood"] == 3
    assert data["discard"] == "7C"
    assert data["gin"] is False
    assert data["big_gin"] is False
    assert json.loads(json.dumps(data)) == data


def test_to_dict_big_gin() -> None:
    data = evaluate("AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S").to_dict()
    assert set(data) >= EVAL_KEYS
    assert (data["discard"], data["gin"], data["big_gin"], data["deadwood"]) == (
        None,
        True,
        True,
        0,
    )
    assert data["deadwood_cards"] == []
    assert sorted(c for m in data["melds"] for c in m) == sorted(data["cards"])


# --- score_cards ----------------------------------------------------------------------------------

KNOCKER = "6H 6C 6D 6S TD JD QD KD AH 7D"
DEFENDER = "2H 3H 4H 7H 7S 7C 8C 8D 9D JS"
UNDERKNOCK = "AD 3D 2H 3H 4H 7H 7S 7C 8D 9D"


@pytest.mark.parametrize(
    ("knocker", "defender"),
    [
        (KNOCKER, DEFENDER),
        (KNOCKER.split(), DEFENDER.split()),
        (KNOCKER.replace("TD", "10♦"), DEFENDER.lower()),
        (iter(KNOCKER.split()), tuple(DEFENDER.split())),
    ],
)
def test_score_cards_knock(knocker: object, defender: object) -> None:
    result = score_cards(knocker, defender)  # type: ignore[arg-type]
    assert isinstance(result, HandResult)
    assert result.kind == "knock"
    assert result.winner == "knocker"
    assert result.points == 10
    assert result.knocker_deadwood == 8
    assert result.defender_deadwood == 18
    assert names(result.layoffs) == ["8D", "9D"]


@pytest.mark.parametrize(
    ("rules", "kwargs", "kind", "winner", "points"),
    [
        ("honeymoon", {"upcard": "TS"}, "undercut", "defender", 21),
        (find_preset("honeymoon"), {"upcard": "TS"}, "undercut", "defender", 21),
        ("modern", {}, "undercut", "defender", 29),
        ("Classic", {}, "undercut", "defender", 14),
        (gintally.resolve("modern", ["undercut_bonus=30"]), {}, "undercut", "defender", 34),
    ],
)
def test_score_cards_rules(
    rules: object, kwargs: dict[str, str], kind: str, winner: str, points: int
) -> None:
    result = score_cards(KNOCKER, UNDERKNOCK, rules=rules, **kwargs)  # type: ignore[arg-type]
    assert (result.kind, result.winner, result.points) == (kind, winner, points)
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 4)


def test_score_cards_gin_and_big_gin() -> None:
    gin = score_cards("2H 3H 4H 5H 7S 7D 7C KS KH KD", "6H 8H 9S 9D AC 2C 4C QS QC JD")
    assert (gin.kind, gin.winner, gin.points, gin.layoffs) == ("gin", "knocker", 25 + 69, ())
    big = score_cards("AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S", "6D 8S 9H TH AC 2C 4C QS 3D JD")
    assert (big.kind, big.winner, big.points) == ("big-gin", "knocker", 31 + 63)
    assert big.knocker_deadwood == 0


@pytest.mark.parametrize(
    ("call", "error", "piece"),
    [
        (lambda: evaluate("AS 2S 3S"), CardError, "10 or 11 cards, not 3"),
        (lambda: evaluate(SEED_KNOCK + " 2S 3S"), CardError, "not 12"),
        (lambda: evaluate(SEED_KNOCK.replace("7C", "7X")), CardError, "unknown card '7X'"),
        (lambda: evaluate(SEED_KNOCK.replace("7C", "6H")), CardError, "duplicate card 6H"),
        (lambda: evaluate(SEED_KNOCK, "nonesuch"), RuleError, "unknown rule preset"),
        (lambda: evaluate(SEED_KNOCK, "oklahoma", upcard="1S"), CardError, "'1S'"),
        (lambda: score_cards(SEED_KNOCK, DEFENDER), CardError, "card 7C is in both hands"),
        (lambda: score_cards(KNOCKER, DEFENDER, "straight"), HandError, "no knocking"),
        (lambda: score_cards(KNOCKER, DEFENDER, "honeymoon"), HandError, "upcard"),
        (lambda: score_cards(KNOCKER, DEFENDER, claim="gin"), HandError, "not a gin"),
        (lambda: score_cards(KNOCKER, DEFENDER, "bogus"), RuleError, "unknown rule preset"),
        (lambda: score_cards(KNOCKER[:-3], DEFENDER), CardError, "not 9"),
        (lambda: gintally.resolve("modern", ["colour=red"]), RuleError, "unknown rule 'colour'"),
        (lambda: gintally.parse_card("11H"), CardError, "unknown card '11H'"),
    ],
)
def test_errors_are_one_value_error_family(call: object, error: type, piece: str) -> None:
    with pytest.raises(GintallyError) as err:
        call()  # type: ignore[operator]
    assert isinstance(err.value, error)
    assert isinstance(err.value, ValueError)
    assert piece in str(err.value)
    assert "\n" not in str(err.value)
    assert err.value.exit_code == 2


@pytest.mark.parametrize("bad", [None, 123, 4.5])
def test_evaluate_refuses_what_is_not_cards(bad: object) -> None:
    with pytest.raises(gintally.CardError, match="not cards"):
        gintally.evaluate(bad)  # type: ignore[arg-type]
