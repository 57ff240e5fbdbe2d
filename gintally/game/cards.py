"""Cards: parsing, printing and values.

Terminology
- rank: 0 (ace) to 12 (king); aces are low, so rank order is A 2 3 ... 10 J Q K.
- suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs (written S H D C, or with the symbols ♠♥♦♣).
- card: an `int` (a `Card`) worth ``suit * 16 + rank``. Each suit has a 16-bit block of which only
  the low 13 bits are used, so a hand fits in one integer bit mask (`mask_of`) where the runs of a
  suit are runs of adjacent bits and never cross into the next suit (see `runs`).
- value: what an unmelded card counts. The rule set's `card_values` names a table
  (`CARD_VALUES`): ``standard`` (ace 1, 2-10 their pips, J Q K 10) or ``mahjong`` (ace 15, 2-9 5,
  10-K 10); its `ace_value` is the ace's value under either (`rank_values`).

Text boundary (paired converters, as python-chess does with squares): `parse_card` /
`card_name`, `parse_cards` / `format_cards`. Cards are written rank then suit: ``AS 2H TD 10D JC``,
case-insensitive, ``10`` or ``T`` for ten, separated by spaces or commas.
"""

from __future__ import annotations

from collections.abc import Iterable

from gintally.errors import CardError

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = {"♠": 0, "♤": 0, "♥": 1, "♡": 1, "♦": 2, "♢": 2, "♣": 3, "♧": 3}
SUIT_SHIFT = 16
RANK_BITS = 0x1FFF  # the 13 rank bits of one suit block
RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
# The value of each rank, ace first, by the `card_values` knob's name. From the two up a table
# never decreases (the meld search relies on it to find the costliest deadwood card quickly:
# `search`, `tables`).
CARD_VALUES: dict[str, tuple[int, ...]] = {
    "standard": RANK_VALUES,
    "mahjong": (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10),  # A 15, 2-9 5, 10-K 10 (seed 002)
}
CARD_HELP = "write cards like AS 10D TD JC: rank A 2-10 T J Q K, suit S H D C or ♠♥♦♣"


class Card(int):
    """One playing card; an `int` (``suit * 16 + rank``) that prints as ``TD``."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """0 for the ace up to 12 for the king."""
        return self & 15

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return self >> 4

    @property
    def bit(self) -> int:
        """This card's bit in a hand mask."""
        return 1 << self

    def __str__(self) -> str:
        return RANK_CHARS[self & 15] + SUIT_CHARS[self >> 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(s * SUIT_SHIFT + r) for s in range(4) for r in range(13))
_BY_CODE: dict[int, Card] = {int(c): c for c in DECK}
CARDS = _BY_CODE  # every card by its code (a KeyError for a code that is no card)
# A card's place in rank order (rank, then suit S H D C), by its code: a sort key.
RANK_ORDER: list[int] = [(code & 15) * 4 + (code >> 4) for code in range(4 * SUIT_SHIFT)]
_BY_NAME: dict[str, Card] = {}
for _c in DECK:
    _BY_NAME[str(_c)] = _c
    if _c.rank == 9:
        _BY_NAME["10" + SUIT_CHARS[_c.suit]] = _c
# Every plain spelling of every card (``AS as As aS``, ``10d``...) to its interned `Card`: the
# fast path of reading a hand is one lookup a token (`parse_card` normalises anything else).
TOKENS: dict[str, Card] = {}
for _name, _c in _BY_NAME.items():
    for _rank in {_name[:-1], _name[:-1].lower()}:
        for _suit in (_name[-1], _name[-1].lower()):
            TOKENS[_rank + _suit] = _c


# Each card's name by its code ("" for the codes that are no card): ``NAMES[c]`` is ``str(c)``
# without a method call, for building JSON quickly.
NAMES: list[str] = [str(_BY_CODE[i]) if i in _BY_CODE else "" for i in range(64)]
# The cards of every 13-bit block of each suit, ace up (built on first use: `_suit_cards`).
_SUIT_CARDS: list[list[tuple[Card, ...]]] = []


def _suit_cards() -> list[list[tuple[Card, ...]]]:
    if not _SUIT_CARDS:
        for suit in range(4):
            table: list[tuple[Card, ...]] = [()] * (1 << 13)
            for m in range(1, 1 << 13):
                top = 1 << (m.bit_length() - 1)
                table[m] = (*table[m ^ top], _BY_CODE[suit * SUIT_SHIFT + m.bit_length() - 1])
            _SUIT_CARDS.append(table)
    return _SUIT_CARDS


def by_rank(mask: int) -> tuple[Card, ...]:
    """The cards of a mask by rank, then suit: ``sort_by_rank(cards_of(mask))``, from tables."""
    s, h, d, c = _SUIT_CARDS or _suit_cards()
    return tuple(
        sorted(
            s[mask & RANK_BITS]
            + h[(mask >> 16) & RANK_BITS]
            + d[(mask >> 32) & RANK_BITS]
            + c[(mask >> 48) & RANK_BITS],
            key=RANK_ORDER.__getitem__,
        )
    )


def card(rank: int, suit: int) -> Card:
    """The card of a rank (0 ace .. 12 king) and a suit (0 S, 1 H, 2 D, 3 C)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card has rank {rank} and suit {suit}")
    return _BY_CODE[suit * SUIT_SHIFT + rank]


def parse_card(token: str | Card) -> Card:
    """Read one card (``AS``, ``10d``, ``td``, ``A♠``, ``♠A``); a clear error names a bad token."""
    if isinstance(token, Card):
        return token
    found = TOKENS.get(token) if isinstance(token, str) else None
    if found is not None:
        return found
    if not isinstance(token, str):
        raise CardError(f"not a card: {token!r} ({CARD_HELP})")
    raw = token.strip().replace("\ufe0f", "")
    text = raw.upper()
    if text and text[0] in SUIT_SYMBOLS:  # symbol first, as some people write it: ♠A
        text = text[1:] + text[0]
    if text and text[-1] in SUIT_SYMBOLS:
        text = text[:-1] + SUIT_CHARS[SUIT_SYMBOLS[text[-1]]]
    found = _BY_NAME.get(text)
    if found is None:
        raise CardError(f"unknown card {raw or token!r} ({CARD_HELP})")
    return found


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read a hand written as one string or an iterable of tokens; duplicates are refused."""
    if isinstance(cards, (list, tuple)) and all(type(c) is Card for c in cards):
        mask = mask_of(cards)  # already cards: only duplicates to check
        if mask.bit_count() == len(cards):
            return tuple(cards)
    tokens: Iterable[str | Card]
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
    elif isinstance(cards, Iterable):
        tokens = cards
    else:
        raise CardError(f"not cards: {cards!r} ({CARD_HELP})")
    seen: set[Card] = set()
    out: list[Card] = []
    for token in tokens:
        c = parse_card(token)
        if c in seen:
            raise CardError(f"duplicate card {c}")
        seen.add(c)
        out.append(c)
    return tuple(out)


def card_name(c: int) -> str:
    """``TD`` for the ten of diamonds (the inverse of `parse_card`)."""
    return str(_BY_CODE[c])


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text, separated by spaces (the inverse of `parse_cards`)."""
    return " ".join(card_name(c) for c in cards)


def card_value(c: int, ace_value: int = 1) -> int:
    """What an unmelded card counts: ace 1 (or `ace_value`), pips, court cards 10."""
    rank = c & 15
    return ace_value if rank == 0 else RANK_VALUES[rank]


def rank_values(card_values: str = "standard", ace_value: int | None = None) -> tuple[int, ...]:
    """The value of each rank, ace first: the `card_values` table, its ace replaced by
    `ace_value` when one is given."""
    table = CARD_VALUES[card_values]
    return table if ace_value is None else (ace_value, *table[1:])


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, suit by suit (S H D C), each suit from ace up."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(_BY_CODE[low.bit_length() - 1])
        mask ^= low
    return out


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    """Cards ordered by rank, then suit: how a set or a deadwood pile is read aloud."""
    return sorted(cards, key=RANK_ORDER.__getitem__)
