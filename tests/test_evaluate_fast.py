"""`gintally.evaluate` through the text API (issue 15 item 1): one dict lookup a token, interned
cards, melds worked out when read. Same answers as before, every spelling and error kept; the
exactness against brute force is in tests/test_melds.py (`check_deadwood`, `check_discard` also
evaluate the hand as text)."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest

import gintally
from gintally import CardError, Evaluation, RuleError, evaluate, resolve
from gintally.game.cards import DECK, TOKENS, parse_card, parse_cards

SEED_KNOCK = "6H 6C 6D 6S TD JD QD KD AH 7C"


def spellings(name: str) -> set[str]:
    """Every plain spelling of a card: each letter in either case, the ten as T or 10."""
    ranks = [name[0], "10"] if name[0] == "T" else [name[0]]
    out = set()
    for rank in ranks:
        for letters in itertools.product(*({ch, ch.lower()} for ch in rank + name[1])):
            out.add("".join(letters))
    return out


def test_tokens_are_every_plain_spelling_of_the_52_cards() -> None:
    expected = {s: c for c in DECK for s in spellings(str(c))}
    assert expected == TOKENS
    assert len({id(c) for c in TOKENS.values()}) == 52  # interned: one object per card
    for token, card in TOKENS.items():
        assert parse_card(token) is card


@pytest.mark.parametrize(
    "text",
    [
        SEED_KNOCK,
        SEED_KNOCK.lower(),
        "6h 6C 6d 6S 10d Jd qD KD ah 7c",
        "6H, 6C, 6D, 6S, TD, JD, QD, KD, AH, 7C",  # commas: the general reader
        "6♥ 6♣ 6♦ 6♠ T♦ J♦ Q♦ K♦ A♥ 7♣",  # suit symbols: the general reader
        "  6H\t6C 6D\n6S TD JD QD KD AH 7C  ",
    ],
)
def test_every_spelling_evaluates_the_same(text: str) -> None:
    ev = evaluate(text)
    assert ev == evaluate(list(parse_cards(SEED_KNOCK)))
    assert (ev.deadwood, [str(c) for c in ev.deadwood_cards]) == (8, ["AH", "7C"])
    assert [[str(c) for c in m] for m in ev.melds] == [
        ["6S", "6H", "6D", "6C"],
        ["TD", "JD", "QD", "KD"],
    ]


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        (SEED_KNOCK.replace("7C", "7X"), CardError, "unknown card '7X'"),
        (SEED_KNOCK.replace("7C", "6h"), CardError, "duplicate card 6H"),
        (SEED_KNOCK + " 2S 3S", CardError, "the hand must show 10 or 11 cards, not 12"),
        ("AS 2S 3S", CardError, "the hand must show 10 or 11 cards, not 3"),
        ("", CardError, "not 0"),
    ],
)
def test_errors_are_unchanged(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        evaluate(text)


def test_rules_by_name_and_by_value_are_read_each_time() -> None:
    """The per-rule-set cache never serves one rule set's answer for another."""
    hand = "AS AH 2C 5D 7H 9S JD QC KH 3S"
    assert evaluate(hand).deadwood == 1 + 1 + 2 + 5 + 7 + 9 + 10 + 10 + 10 + 3
    for ace in range(1, 30):
        rules = resolve("modern", [f"ace_value={ace}"])
        assert evaluate(hand, rules).deadwood == 2 * ace + 56
    with pytest.raises(RuleError, match="unknown rule preset 'nope'"):
        evaluate(hand, "nope")
    assert evaluate(hand, "Modern").deadwood == 58


def test_knocks_follows_the_upcard_each_call() -> None:
    assert evaluate(SEED_KNOCK, "oklahoma").knocks is None
    assert evaluate(SEED_KNOCK, "oklahoma", upcard="8S").knocks is True
    assert evaluate(SEED_KNOCK, "oklahoma", upcard="7S").knocks is False
    assert evaluate(SEED_KNOCK, "oklahoma").knocks is None
    with pytest.raises(CardError, match="'1S'"):
        evaluate(SEED_KNOCK, "oklahoma", upcard="1S")


def test_evaluation_is_an_immutable_record() -> None:
    ev = evaluate(SEED_KNOCK + " 2S")
    assert isinstance(ev, Evaluation)
    with pytest.raises(AttributeError):
        ev.deadwood = 0
    assert ev == evaluate(SEED_KNOCK + " 2S") and hash(ev) == hash(evaluate(SEED_KNOCK + " 2S"))
    assert ev != evaluate(SEED_KNOCK)
    assert copy.copy(ev) == ev and pickle.loads(pickle.dumps(ev)) == ev
    assert repr(ev) == (
        "Evaluation(cards=(Card('6H'), Card('6C'), Card('6D'), Card('6S'), Card('TD'), "
        "Card('JD'), Card('QD'), Card('KD'), Card('AH'), Card('7C'), Card('2S')), "
        "melds=((Card('6S'), Card('6H'), Card('6D'), Card('6C')), (Card('TD'), Card('JD'), "
        "Card('QD'), Card('KD'))), deadwood_cards=(Card('AH'), Card('2S')), deadwood=3, "
        "discard=Card('7C'), gin=False, big_gin=False, knocks=True, knock_limit=10)"
    )
    assert ev.melds == ev.melds  # worked out when read, the same every time
    assert ev.to_dict()["deadwood_cards"] == ["AH", "2S"]


def test_big_gin_melds_all_eleven() -> None:
    ev = evaluate("AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S")
    assert (ev.big_gin, ev.gin, ev.discard, ev.deadwood, ev.knocks) == (True, True, None, 0, False)
    assert sorted(str(c) for m in ev.melds for c in m) == sorted(
        ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8H", "9C", "9D", "9S"]
    )
    off = evaluate("AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S", resolve("modern", ["big_gin_bonus=off"]))
    assert (off.big_gin, off.gin, off.deadwood) == (False, True, 0)
    assert off.discard is not None and len([c for m in off.melds for c in m]) == 10


def test_random_hands_text_and_cards_agree() -> None:
    rng = random.Random(15)
    for size in (10, 11) * 300:
        hand = rng.sample(DECK, size)
        text = " ".join(str(c) for c in hand)
        assert evaluate(text) == evaluate(hand) == gintally.evaluate(tuple(hand))
        assert evaluate(text, "tedesco") == evaluate([str(c) for c in hand], "tedesco")
