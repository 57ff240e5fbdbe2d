"""Cards: parsing, printing, values and the paired converters (SPEC sections 2 and 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gintally import GintallyError
from gintally.errors import CardError
from gintally.game.cards import (
    DECK,
    NAMES,
    Card,
    by_rank,
    card,
    card_name,
    card_value,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    sort_by_rank,
)

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _names() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


# --- one card ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("AS", 0, 0),
        ("2H", 1, 1),
        ("9D", 8, 2),
        ("TD", 9, 2),
        ("10D", 9, 2),
        ("10c", 9, 3),
        ("tc", 9, 3),
        ("JC", 10, 3),
        ("QS", 11, 0),
        ("KH", 12, 1),
        ("as", 0, 0),
        ("aS", 0, 0),
        ("kh", 12, 1),
        ("jd", 10, 2),
        ("A♠", 0, 0),
        ("Q♥", 11, 1),
        ("7♦", 6, 2),
        ("3♣", 2, 3),
        ("10♠", 9, 0),
        ("♠A", 0, 0),
        ("♥K", 12, 1),
        ("♦10", 9, 2),
        ("♣t", 9, 3),
        ("a♠", 0, 0),
        ("A♤", 0, 0),
        ("A♡", 0, 1),
        ("A♢", 0, 2),
        ("A♧", 0, 3),
        ("A♠\ufe0f", 0, 0),
        ("  5H  ", 4, 1),
    ],
)
def test_parse_card(token: str, rank: int, suit: int) -> None:
    c = parse_card(token)
    assert isinstance(c, Card)
    assert (c.rank, c.suit) == (rank, suit)
    assert c == card(rank, suit)


@pytest.mark.parametrize(
    ("token", "name"),
    [("10D", "TD"), ("td", "TD"), ("as", "AS"), ("♣q", "QC"), ("10♥", "TH"), ("kh", "KH")],
)
def test_parse_then_print(token: str, name: str) -> None:
    assert str(parse_card(token)) == name
    assert card_name(parse_card(token)) == name


@pytest.mark.parametrize(
    "token", ["1S", "0D", "11H", "AX", "ZZ", "A", "S", "", "AS2H", "10", "1O", "♠", "XX♠", "QQ"]
)
def test_unknown_card_named(token: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert repr(token.strip() or token) in str(err.value)
    assert "unknown card" in str(err.value)


@pytest.mark.parametrize("token", [5, None, 3.5, b"AS"])
def test_not_a_string(token: object) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(token)  # type: ignore[arg-type]


def test_parse_card_passes_cards_through() -> None:
    c = parse_card("QS")
    assert parse_card(c) is c


def test_card_properties() -> None:
    c = parse_card("JD")
    assert (c.rank, c.suit) == (10, 2)
    assert c.bit == 1 << int(c)
    assert repr(c) == "Card('JD')"
    assert str(c) == "JD"


@pytest.mark.parametrize(("rank", "suit"), [(-1, 0), (13, 0), (0, 4), (0, -1)])
def test_card_constructor_refuses(rank: int, suit: int) -> None:
    with pytest.raises(CardError, match="no card"):
        card(rank, suit)


# --- many cards -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("AS 2H TD 10C JC QS KH", ["AS", "2H", "TD", "TC", "JC", "QS", "KH"]),
        ("AS,2H,TD", ["AS", "2H", "TD"]),
        ("AS, 2H , TD", ["AS", "2H", "TD"]),
        ("as  2h\t10d\nkc", ["AS", "2H", "TD", "KC"]),
        ("A♠ ♥2 10♦,♣K", ["AS", "2H", "TD", "KC"]),
        ("AS,,2H", ["AS", "2H"]),
        ("", []),
        ("   ", []),
    ],
)
def test_parse_cards_string(text: str, names: list[str]) -> None:
    assert [str(c) for c in parse_cards(text)] == names


@pytest.mark.parametrize(
    ("tokens", "names"),
    [
        (["AS", "10d", " kh "], ["AS", "TD", "KH"]),
        (("♠Q", "q♥"), ["QS", "QH"]),
        ([parse_card("7C"), "8C"], ["7C", "8C"]),
        (iter(["2D", "3D"]), ["2D", "3D"]),
        ([], []),
    ],
)
def test_parse_cards_iterable(tokens: object, names: list[str]) -> None:
    assert [str(c) for c in parse_cards(tokens)] == names  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "dup"),
    [
        ("AS 2H AS", "AS"),
        ("AS as", "AS"),
        ("10D TD", "TD"),
        ("A♠ AS", "AS"),
        ("7c, 7C", "7C"),
        ("♣K KC", "KC"),
    ],
)
def test_duplicates_refused(text: str, dup: str) -> None:
    with pytest.raises(CardError, match=f"duplicate card {dup}"):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "bad"),
    [("AS 2H 1D", "1D"), ("AS,XX,3C", "XX"), ("AS 11H", "11H"), ("KH ZS", "ZS")],
)
def test_bad_token_in_hand_named(text: str, bad: str) -> None:
    with pytest.raises(CardError, match=f"unknown card '{bad}'"):
        parse_cards(text)


def test_card_errors_are_gintally_value_errors() -> None:
    with pytest.raises(GintallyError):
        parse_card("ZZ")
    with pytest.raises(ValueError):
        parse_cards("AS AS")


# --- values -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("AS", 1),
        ("2H", 2),
        ("3D", 3),
        ("4C", 4),
        ("5S", 5),
        ("6H", 6),
        ("7D", 7),
        ("8C", 8),
        ("9S", 9),
        ("TH", 10),
        ("JD", 10),
        ("QC", 10),
        ("KS", 10),
    ],
)
def test_card_values(name: str, value: int) -> None:
    assert card_value(parse_card(name)) == value
    assert card_value(parse_card(name), ace_value=1) == value


@pytest.mark.parametrize(
    ("name", "ace_value", "value"),
    [("AS", 15, 15), ("AH", 11, 11), ("AD", 5, 5), ("AC", 1, 1), ("KS", 15, 10), ("2C", 15, 2)],
)
def test_ace_value(name: str, ace_value: int, value: int) -> None:
    assert card_value(parse_card(name), ace_value) == value


def test_deck() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert sorted(str(c) for c in DECK) == sorted(_names())
    assert sum(card_value(c) for c in DECK) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 40)


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", _names())
def test_every_card_round_trips(name: str) -> None:
    c = parse_card(name)
    assert card_name(c) == name
    assert parse_card(card_name(c)) == c
    assert parse_card(name.lower()) == c
    assert parse_card(name[0] + SYMBOLS[name[1]]) == c
    assert parse_card(SYMBOLS[name[1]] + name[0]) == c
    if name[0] == "T":
        assert parse_card("10" + name[1]) == c


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(DECK)), st.integers(0, 52), st.sampled_from([" ", ",", ", ", "  "]))
def test_hand_round_trip(deck: list[Card], size: int, sep: str) -> None:
    hand = deck[:size]
    text = format_cards(hand)
    assert parse_cards(text) == tuple(hand)
    assert parse_cards(text.replace(" ", sep)) == tuple(hand)
    assert parse_cards(text.lower()) == tuple(hand)
    assert parse_cards([card_name(c) for c in hand]) == tuple(hand)
    assert format_cards(parse_cards(text)) == text


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from(list(DECK))))
def test_masks_round_trip(hand: set[Card]) -> None:
    mask = mask_of(hand)
    assert mask.bit_count() == len(hand)
    back = cards_of(mask)
    assert set(back) == hand
    assert back == sorted(hand, key=lambda c: (c.suit, c.rank))
    assert sort_by_rank(hand) == sorted(hand, key=lambda c: (c.rank, c.suit))


def test_symbol_hand_round_trips() -> None:
    text = " ".join(SYMBOLS[n[1]] + n[0] for n in _names())
    assert format_cards(parse_cards(text)) == " ".join(_names())


def test_by_rank_and_names_from_tables() -> None:
    """`by_rank` (per-suit tables) lists a mask's cards as `sort_by_rank(cards_of(mask))` does,
    and `NAMES` is every card's name by its code."""
    rng = random.Random(52)
    for size in range(53):
        m = mask_of(rng.sample(DECK, size))
        assert list(by_rank(m)) == sort_by_rank(cards_of(m))
    assert by_rank(mask_of(parse_cards("KD 2S TC AH 2C AS"))) == parse_cards("AS AH 2S 2C TC KD")
    assert [NAMES[c] for c in DECK] == [str(c) for c in DECK]
    assert sum(1 for n in NAMES if n) == 52
