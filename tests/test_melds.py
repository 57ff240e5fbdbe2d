"""Exactness of melds, deadwood, the best discard and layoffs, checked against brute force.

The brute force here is written from the rules alone (SPEC section 2) and shares no code with
`gintally.melds`: cards are names like ``TD``; every meld of a hand is listed (sets of 3 and 4,
including every 3-subset of a 4-set, and every sub-run of length 3 or more of each run of a
suit); the least deadwood is a search over all disjoint choices of those melds.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gintally import Evaluation, HandError, evaluate, score_cards
from gintally.game.cards import cards_of, mask_of, parse_cards
from gintally.game.counting import Counting, counting_of
from gintally.game.layoffs import best_defence, layoff_options
from gintally.game.layout import Arrangement, arrange, layout, optimal_arrangements
from gintally.game.rules import RuleSet, resolve
from gintally.game.search import (
    best_deadwood,
    best_discard,
    discard_search,
    gin_discard,
    set_choices,
)
from gintally.game.tables import NO_DISCARD

RANKS = "A23456789TJQK"
SUITS = "SHDC"
NAMES = [r + s for s in SUITS for r in RANKS]

# --- the independent model ---------------------------------------------------------------------


@dataclass(frozen=True)
class Knobs:
    """The rule knobs of card values and runs, as the model reads them (SPEC sections 2-3)."""

    card_values: str = "standard"  # standard: A 1, 2-10 pips, J Q K 10; mahjong: A 15, 2-9 5
    ace_value: int | None = None  # an unmelded ace; None: the card_values table's ace
    aces: str = "low"  # low: A-2-3 only; high-low: A-2-3 or Q-K-A
    wrap_runs: bool = False  # K-A-2, Q-K-A-2...

    def value(self, name: str) -> int:
        r = rank_of(name)
        if r == 1:
            if self.ace_value is not None:
                return self.ace_value
            return 15 if self.card_values == "mahjong" else 1
        if self.card_values == "mahjong":
            return 5 if r <= 9 else 10
        return min(r, 10)

    def overrides(self) -> list[str]:
        out = [
            f"card_values={self.card_values}",
            f"aces={self.aces}",
            f"wrap_runs={str(self.wrap_runs).lower()}",
        ]
        if self.ace_value is not None:
            out.append(f"ace_value={self.ace_value}")
        return out

    def rules(self) -> RuleSet:
        """gintally's rule set of these knobs, through its ``--set`` path."""
        return resolve("modern", self.overrides())

    def counting(self) -> Counting:
        return counting_of(self.rules())


STANDARD_KNOBS = Knobs()
TEDESCO_KNOBS = Knobs(ace_value=15, aces="high-low", wrap_runs=True)
KNOB_CASES = [
    Knobs(),
    Knobs(ace_value=15),
    Knobs(aces="high-low"),
    Knobs(wrap_runs=True),
    Knobs(aces="high-low", ace_value=15),
    TEDESCO_KNOBS,
    Knobs(card_values="mahjong"),
    Knobs(card_values="mahjong", aces="high-low"),
    Knobs(card_values="mahjong", wrap_runs=True, ace_value=3),
]
knob_cases = st.sampled_from(KNOB_CASES) | st.builds(
    Knobs,
    st.sampled_from(["standard", "mahjong"]),
    st.none() | st.integers(1, 50),
    st.sampled_from(["low", "high-low"]),
    st.booleans(),
)


def knobs_of(rules: int | Knobs) -> Knobs:
    """Knobs given as themselves, or as an ace value with everything else standard."""
    return rules if isinstance(rules, Knobs) else Knobs(ace_value=rules)


def rank_of(name: str) -> int:
    """1 for the ace up to 13 for the king."""
    return RANKS.index(name[0]) + 1


def suit_of(name: str) -> str:
    return name[1]


def value(name: str, rules: int | Knobs = 1) -> int:
    return knobs_of(rules).value(name)


def run_lines(rules: Knobs) -> list[list[int]]:
    """The rank sequences (1 ace .. 13 king) along which runs are read: A..K; with aces high
    or low also 2..K,A; round the corner every rotation of the circle A..K."""
    line = list(range(1, 14))
    if rules.wrap_runs:
        return [line[i:] + line[:i] for i in range(13)]
    if rules.aces == "high-low":
        return [line, [*line[1:], 1]]
    return [line]


def is_meld(names: Iterable[str], rules: int | Knobs = 1) -> bool:
    """A set of 3 or 4 of one rank, or 3+ consecutive cards of one suit along a run line."""
    group = list(names)
    if len(group) != len(set(group)) or len(group) < 3:
        return False
    if len({rank_of(n) for n in group}) == 1:
        return len(group) <= 4
    if len({suit_of(n) for n in group}) != 1:
        return False
    ranks = {rank_of(n) for n in group}
    for line in run_lines(knobs_of(rules)):
        for start in range(len(line) - len(ranks) + 1):
            if set(line[start : start + len(ranks)]) == ranks:
                return True
    return False


def all_melds(hand: Sequence[str], rules: int | Knobs = 1) -> list[int]:
    """Every meld of `hand` as a bit mask over positions in `hand`."""
    pos = {n: i for i, n in enumerate(hand)}
    out: set[int] = set()
    for r in RANKS:
        held = [pos[r + s] for s in SUITS if r + s in pos]
        for size in (3, 4):
            for combo in itertools.combinations(held, size):
                out.add(sum(1 << i for i in combo))
    for s in SUITS:
        for line in run_lines(knobs_of(rules)):
            for start in range(len(line)):
                bits = 0
                for k in range(start, len(line)):
                    name = RANKS[line[k] - 1] + s
                    if name not in pos:
                        break
                    bits |= 1 << pos[name]
                    if k - start >= 2:
                        out.add(bits)
    return sorted(out)


class Brute:
    """Least deadwood of any subset of one hand, by exhaustive search over disjoint melds."""

    def __init__(self, hand: Sequence[str], rules: int | Knobs = 1) -> None:
        self.hand = list(hand)
        self.values = [value(n, rules) for n in self.hand]
        self.melds = all_melds(self.hand, rules)
        self.containing: list[list[int]] = [
            [m for m in self.melds if m >> i & 1] for i in range(len(self.hand))
        ]
        self.memo: dict[int, int] = {0: 0}
        self.full = (1 << len(self.hand)) - 1

    def best(self, mask: int | None = None) -> int:
        if mask is None:
            mask = self.full
        found = self.memo.get(mask)
        if found is not None:
            return found
        low = mask & -mask
        i = low.bit_length() - 1
        result = self.values[i] + self.best(mask ^ low)
        for m in self.containing[i]:
            if m & mask == m:
                result = min(result, self.best(mask ^ m))
        self.memo[mask] = result
        return result

    def without(self, names: Iterable[str]) -> int:
        mask = self.full
        for n in names:
            mask &= ~(1 << self.hand.index(n))
        return mask

    def best_of(self, names: Iterable[str]) -> int:
        """Least deadwood of the sub-hand `names` (all in this hand)."""
        keep = set(names)
        return self.best(self.without(n for n in self.hand if n not in keep))

    def partitions(self) -> Iterator[tuple[list[list[str]], int]]:
        """Every choice of disjoint melds, with its deadwood count."""

        def walk(mask: int, chosen: list[int], dead: int) -> Iterator[tuple[list[int], int]]:
            if not mask:
                yield chosen, dead
                return
            low = mask & -mask
            i = low.bit_length() - 1
            yield from walk(mask ^ low, chosen, dead + self.values[i])
            for m in self.containing[i]:
                if m & mask == m:
                    yield from walk(mask ^ m, [*chosen, m], dead)

        for chosen, dead in walk(self.full, [], 0):
            melds = [[n for j, n in enumerate(self.hand) if m >> j & 1] for m in chosen]
            yield melds, dead


def brute_deadwood(hand: Sequence[str], rules: int | Knobs = 1) -> int:
    return Brute(hand, rules).best()


def can_lay_off(
    knocker_melds: Sequence[Sequence[str]], cards: Sequence[str], rules: int | Knobs = 1
) -> bool:
    """True when every card in `cards` can go onto the knocker's melds at once."""
    if not cards:
        return True
    targets = []
    for card in cards:
        fits = [
            j
            for j, meld in enumerate(knocker_melds)
            if (len({rank_of(n) for n in meld}) == 1 and rank_of(card) == rank_of(meld[0]))
            or (len({rank_of(n) for n in meld}) > 1 and suit_of(card) == suit_of(meld[0]))
        ]
        if not fits:
            return False
        targets.append(fits)
    for choice in itertools.product(*targets):
        grown = [list(m) for m in knocker_melds]
        for card, j in zip(cards, choice, strict=True):
            grown[j].append(card)
        if all(
            is_meld(m, rules)
            for m, old in zip(grown, knocker_melds, strict=True)
            if len(m) > len(old)
        ):
            return True
    return False


def valid_layoffs(
    knocker_melds: Sequence[Sequence[str]], defender: Sequence[str], rules: int | Knobs = 1
) -> list[tuple[str, ...]]:
    """Every subset of the defender's cards that can be laid off together."""
    candidates = [
        c
        for c in defender
        if any(
            (rank_of(c) == rank_of(m[0]) and len({rank_of(n) for n in m}) == 1)
            or (suit_of(c) == suit_of(m[0]) and len({rank_of(n) for n in m}) > 1)
            for m in knocker_melds
        )
    ]
    out = []
    for size in range(len(candidates) + 1):
        for sub in itertools.combinations(candidates, size):
            if can_lay_off(knocker_melds, sub, rules):
                out.append(tuple(sorted(sub)))
    return out


def brute_defence(
    knocker_melds: Sequence[Sequence[str]], defender: Sequence[str], rules: int | Knobs = 1
) -> tuple[int, dict[tuple[str, ...], int]]:
    """The defender's least deadwood, melds and layoffs chosen together; and every valid layoff
    with the deadwood left after it."""
    brute = Brute(defender, rules)
    options = {
        lay: brute.best(brute.without(lay)) for lay in valid_layoffs(knocker_melds, defender, rules)
    }
    return min(options.values()), options


# --- bridges to gintally -----------------------------------------------------------------------


def mask(names: str | Iterable[str]) -> int:
    """The gintally mask of cards given as names or as one string."""
    return mask_of(parse_cards(names if isinstance(names, str) else list(names)))


def names_of(m: int) -> list[str]:
    return [str(c) for c in cards_of(m)]


def uniform_hand(rng: random.Random, size: int) -> list[str]:
    return rng.sample(NAMES, size)


def rich_hand(rng: random.Random, size: int) -> list[str]:
    """`size` cards drawn mostly from 3-5 adjacent ranks, where sets and runs overlap."""
    width = rng.randint(3, 5)
    start = rng.randint(0, 13 - width)
    pool = [RANKS[r] + s for r in range(start, start + width) for s in SUITS]
    take = min(size, len(pool), rng.randint(max(0, size - 2), size))
    hand = rng.sample(pool, take)
    rest = [n for n in NAMES if n not in hand]
    return hand + rng.sample(rest, size - take)


def check_melds(
    melds: Sequence[Sequence[object]], hand: Sequence[str], rules: int | Knobs = 1
) -> set[str]:
    """The melds are valid and disjoint and drawn from `hand`; returns the melded cards."""
    used: set[str] = set()
    for meld in melds:
        names = [str(c) for c in meld]
        assert is_meld(names, rules), names
        assert not used & set(names)
        used |= set(names)
    assert used <= set(hand)
    return used


def counting(rules: int | Knobs) -> Counting:
    return knobs_of(rules).counting()


def check_deadwood(hand: Sequence[str], rules: int | Knobs) -> None:
    k = knobs_of(rules)
    c = k.counting()
    expected = brute_deadwood(hand, k)
    got, sets = best_deadwood(mask(hand), c)
    assert got == expected, (hand, k)
    arr = Arrangement(mask(hand), sets, c)
    assert arr.deadwood == expected
    melded = check_melds(arr.melds(), hand, k)
    dead = [str(c) for c in arr.deadwood_cards()]
    assert sorted(dead) == sorted(set(hand) - melded)
    assert sum(value(n, k) for n in dead) == expected
    assert layout(mask(hand), sets, c) == (
        tuple(tuple(m) for m in arr.melds()),
        tuple(arr.deadwood_cards()),
    )
    if len(hand) == 10:  # the public text API agrees, melds and all
        ev = evaluate(" ".join(hand).lower(), k.rules())
        assert ev.deadwood == expected
        assert check_melds(ev.melds, hand, k) == set(hand) - {str(c) for c in ev.deadwood_cards}
        assert evaluate(hand, k.rules()) == ev
        check_to_dict(ev)


def check_to_dict(ev: Evaluation) -> None:
    """`to_dict` (built from name tables) says what the record's fields say."""
    d = ev.to_dict()
    assert d["cards"] == [str(c) for c in ev.cards]
    assert d["melds"] == [[str(c) for c in m] for m in ev.melds]
    assert d["deadwood_cards"] == [str(c) for c in ev.deadwood_cards]
    assert d["discard"] == (None if ev.discard is None else str(ev.discard))
    assert (d["deadwood"], d["gin"], d["big_gin"], d["knocks"]) == (
        ev.deadwood,
        ev.gin,
        ev.big_gin,
        ev.knocks,
    )


def gin_discard_of(hand: Sequence[str], per_discard: dict[str, int]) -> str:
    """The card a big gin discards when it must (big gin off): of the cards whose discard
    leaves a gin, the highest rank, spades first (S H D C) on ties."""
    gins = [n for n in hand if per_discard[n] == 0]
    return max(gins, key=lambda n: (rank_of(n), -SUITS.index(suit_of(n))))


def check_discard(hand: Sequence[str], rules: int | Knobs) -> None:
    k = knobs_of(rules)
    c = k.counting()
    brute = Brute(hand, k)
    per_discard = {n: brute.best(brute.without([n])) for n in hand}
    least = min(per_discard.values())
    big = brute.best() == 0
    dead, bit, sets, is_big = best_discard(mask(hand), c)
    assert dead == least, (hand, k)
    assert is_big == big, hand
    discard = names_of(bit)
    assert len(discard) == 1
    assert per_discard[discard[0]] == least, (hand, discard)
    arr = Arrangement(mask(hand) ^ bit, sets, c)
    assert arr.deadwood == least
    search = discard_search(mask(hand), c)  # the same search, a big gin's discard not sought
    assert search[3] == big
    if big:
        assert discard == [gin_discard_of(hand, per_discard)]
        assert gin_discard(mask(hand), c) == (bit, sets)
    else:
        assert search == (dead, bit, sets, False)

    # big gin off: eleven melded cards discard one and are a gin
    off = evaluate(" ".join(hand), resolve(k.rules(), ["big_gin_bonus=off"]))
    assert (off.deadwood, off.gin, off.big_gin) == (least, least == 0, False)
    assert off.discard is not None
    assert per_discard[str(off.discard)] == least
    if big:
        assert str(off.discard) == gin_discard_of(hand, per_discard)
    kept = [n for n in hand if n != str(off.discard)]
    melded = check_melds(off.melds, kept, k)
    assert sorted(str(c) for c in off.deadwood_cards) == sorted(set(kept) - melded)
    check_to_dict(off)

    ev = evaluate(hand, rules=k.rules())
    assert evaluate(" ".join(hand), k.rules()) == ev  # the text API's fast path: the same
    assert ev.deadwood == least
    assert ev.big_gin == big
    assert ev.gin == (least == 0)
    if big:
        assert ev.discard is None
        assert check_melds(ev.melds, hand, k) == set(hand)
        assert ev.deadwood_cards == ()
    else:
        assert ev.discard is not None
        kept = [n for n in hand if n != str(ev.discard)]
        assert per_discard[str(ev.discard)] == least
        melded = check_melds(ev.melds, kept, k)
        assert sorted(str(c) for c in ev.deadwood_cards) == sorted(set(kept) - melded)
        assert sum(value(str(c), k) for c in ev.deadwood_cards) == least
    check_to_dict(ev)


# --- explicit cases -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "deadwood"),
    [
        ("7H 7S 7C 8H 9H", 14),  # the run wins: 7S 7C left
        ("4D 4C 4H 5H 6H", 8),  # the kitchen seed: run 4-5-6H, 4D 4C left
        ("4D 4C 4H 5H 6H 7H", 0),  # a 7H frees the 4H: set and run
        ("5S 5H 5D 5C 6H 7H", 0),  # four of a kind, one card better in the run
        ("5S 5H 5D 5C 4H 6H", 0),
        ("5S 5H 5D 5C 6H 7H 6S 7S", 10),  # two of the four in runs: no set
        ("9S 9H 9D 9C TH JH TS JS", 18),  # 9-T-J runs or the set: 9D 9C left
        ("AS 2S 3S", 0),  # A-2-3 is a run
        ("QS KS AS", 21),  # Q-K-A is not
        ("KS AS 2S", 13),  # K-A-2 is not
        ("JS QS KS AS 2S 3S", 0),
        ("AH 2H 3H 4H", 0),
        ("AS AH AD", 0),
        ("AS AH", 2),
        ("2S 3H 4D", 9),  # a run needs one suit
        ("2S 3S 5S", 10),
        ("", 0),
        ("KD", 10),
        ("6H 6C 6D 6S TD JD QD KD AH 7C", 8),
        ("2H 3H 4H 7H 7S 7C 8C 8D 9D JS", 35),
        ("AD 3D 2H 3H 4H 7H 7S 7C 8D 9D", 21),
        ("7H 8H 9H 7S 7D 7C 8S 8D 8C", 0),
    ],
)
def test_best_deadwood_cases(text: str, deadwood: int) -> None:
    hand = text.split()
    assert best_deadwood(mask(hand))[0] == deadwood
    assert brute_deadwood(hand) == deadwood
    check_deadwood(hand, 1)


@pytest.mark.parametrize(
    ("text", "ace_value", "deadwood"),
    [("AS AH 2C", 15, 32), ("AS 2S 3S AH", 15, 15), ("AS AH AD KC", 15, 10), ("AS KS", 11, 21)],
)
def test_best_deadwood_ace_value(text: str, ace_value: int, deadwood: int) -> None:
    assert best_deadwood(mask(text.split()), counting(ace_value))[0] == deadwood


def test_arrangement_of_the_seed_knock() -> None:
    arr = arrange(mask("6H 6C 6D 6S TD JD QD KD AH 7C"))
    assert arr.deadwood == 8
    assert [[str(c) for c in m] for m in arr.melds()] == [
        ["6S", "6H", "6D", "6C"],
        ["TD", "JD", "QD", "KD"],
    ]
    assert [str(c) for c in arr.deadwood_cards()] == ["AH", "7C"]


def test_overlap_prefers_the_run() -> None:
    arr = arrange(mask("7H 7S 7C 8H 9H"))
    assert [[str(c) for c in m] for m in arr.melds()] == [["7H", "8H", "9H"]]
    assert [str(c) for c in arr.deadwood_cards()] == ["7S", "7C"]


def test_four_of_a_kind_gives_a_card_to_a_run() -> None:
    arr = arrange(mask("5S 5H 5D 5C 6H 7H 2C 9D"))
    assert arr.deadwood == 11
    assert sorted(sorted(str(c) for c in m) for m in arr.melds()) == [
        ["5C", "5D", "5S"],
        ["5H", "6H", "7H"],
    ]


@pytest.mark.parametrize(
    ("text", "deadwood", "discard", "big"),
    [
        ("5S 2C 4C 2D 5H 3C 3H 4D 3D 4H 5C", 0, "5S", False),
        ("6H 6C 6D 6S TD JD QD KD AH 7C 2S", 3, None, False),
        ("AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S", 0, None, True),
        ("KS KH KD KC QS QH QD 2C 3C 4C 5C", 0, None, True),
        ("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC", 10, None, False),
    ],
)
def test_best_discard_cases(text: str, deadwood: int, discard: str | None, big: bool) -> None:
    hand = text.split()
    dead, bit, _sets, is_big = best_discard(mask(hand))
    assert (dead, is_big) == (deadwood, big)
    if discard is not None:
        assert names_of(bit) == [discard]
    ev = evaluate(text)
    assert ev.deadwood == deadwood
    assert ev.big_gin == big
    assert ev.gin == (deadwood == 0)
    if big:
        assert ev.discard is None
    elif discard is not None:
        assert str(ev.discard) == discard
    check_discard(hand, 1)


def test_seed_knock_with_a_drawn_card_discards_the_seven() -> None:
    ev = evaluate("6H 6C 6D 6S TD JD QD KD AH 7C 2S")
    assert str(ev.discard) == "7C"
    assert [str(c) for c in ev.deadwood_cards] == ["AH", "2S"]


def test_set_choices_cover_the_overlap() -> None:
    hand = mask("7H 7S 7C 8H 9H")
    choices = set_choices(hand)
    assert 0 in choices
    assert mask(["7H", "7S", "7C"]) in choices
    assert len(optimal_arrangements(hand)) == 1


# --- random and generated hands against brute force ---------------------------------------------


@pytest.mark.parametrize(
    ("seed", "ace_value", "count"),
    [(1, 1, 1500), (2, 15, 600), (3, 11, 300)],
)
def test_deadwood_random_ten(seed: int, ace_value: int, count: int) -> None:
    rng = random.Random(seed)
    for i in range(count):
        hand = uniform_hand(rng, 10) if i % 2 else rich_hand(rng, 10)
        check_deadwood(hand, ace_value)


@pytest.mark.parametrize("ace_value", [1, 15])
def test_deadwood_any_size(ace_value: int) -> None:
    rng = random.Random(100 + ace_value)
    for size in range(17):
        for i in range(40):
            hand = rich_hand(rng, size) if i % 2 else uniform_hand(rng, size)
            check_deadwood(hand, ace_value)


@pytest.mark.parametrize(
    ("seed", "ace_value", "count"),
    [(4, 1, 1500), (5, 15, 600)],
)
def test_discard_random_eleven(seed: int, ace_value: int, count: int) -> None:
    rng = random.Random(seed)
    for i in range(count):
        hand = uniform_hand(rng, 11) if i % 3 == 0 else rich_hand(rng, 11)
        check_discard(hand, ace_value)


@pytest.mark.parametrize("ace_value", [2, 5, 9])
def test_discard_with_a_middling_ace_value(ace_value: int) -> None:
    """ace_value accepts 1-50; an ace worth 5 must be discarded before a 2."""
    rng = random.Random(ace_value)
    for i in range(300):
        hand = uniform_hand(rng, 11) if i % 3 == 0 else rich_hand(rng, 11)
        check_discard(hand, ace_value)


@pytest.mark.parametrize(
    ("text", "ace_value", "deadwood", "discard"),
    [("AS 2H 3S 3H 3D 7C 8C 9C TC JC QC", 5, 2, "AS")],
)
def test_discard_ace_worth_more_than_the_top_rank(
    text: str, ace_value: int, deadwood: int, discard: str
) -> None:
    dead, bit, _sets, _big = best_discard(mask(text.split()), counting(ace_value))
    assert (dead, names_of(bit)) == (deadwood, [discard])


def test_big_gin_flags_random() -> None:
    """Hands of 11 built from melds: big gin exactly when brute force melds all 11."""
    rng = random.Random(6)
    seen_big = 0
    for _ in range(400):
        hand = melded_hand(rng, 11)
        big = brute_deadwood(hand) == 0
        seen_big += big
        assert best_discard(mask(hand))[3] == big
        check_discard(hand, 1)
    assert seen_big > 50


def test_big_gin_from_cards_random() -> None:
    """score_cards on 11 melded cards: a big gin whose melds hold all 11 (a gin after the
    discard with big gin off), against brute force; 11 cards that are no big gin are refused
    with their least deadwood."""
    rng = random.Random(16)
    off = resolve("modern", ["big_gin_bonus=off"])
    seen_big = 0
    for _ in range(150):
        hand = melded_hand(rng, 11)
        defender = rng.sample([n for n in NAMES if n not in hand], 10)
        d_d = brute_deadwood(defender)
        least = brute_deadwood(hand)
        if least:
            with pytest.raises(HandError, match=f"leave {least} deadwood"):
                score_cards(hand, defender)
            continue
        seen_big += 1
        result = score_cards(" ".join(hand), " ".join(defender))
        assert (result.kind, result.points, result.defender_deadwood) == ("big-gin", 31 + d_d, d_d)
        assert check_melds(result.knocker_melds, hand) == set(hand)
        assert result.knocker_deadwood_cards == ()
        rest = check_melds(result.defender_melds, defender)
        assert sorted(str(c) for c in result.defender_deadwood_cards) == sorted(
            set(defender) - rest
        )
        assert sum(value(str(c)) for c in result.defender_deadwood_cards) == d_d
        result = score_cards(hand, defender, off)  # big gin off: scored as a gin
        assert (result.kind, result.points) == ("gin", 25 + d_d)
    assert seen_big > 30


@pytest.mark.parametrize("knobs", KNOB_CASES, ids=repr)
def test_block_tables_against_brute_force(knobs: Knobs) -> None:
    """The search's per-block tables (`melds._block_tables`), entry by entry, for one suit's
    cards: its least deadwood; aces low or round the corner, the card the key names is one
    whose discard leaves the least deadwood (the costliest dead card); under high-low aces, the
    least deadwood after a discard and whether the block can be melded whole."""
    c = knobs.counting()
    rng = random.Random(repr(knobs))
    tables = c.blocks
    for _ in range(300):
        suit = rng.randrange(4)
        ranks = sorted(rng.sample(range(13), rng.randint(0, 13)))
        block = sum(1 << r for r in ranks)
        hand = [RANKS[r] + SUITS[suit] for r in ranks]
        brute = Brute(hand, knobs)
        least = brute.best()
        assert tables[0][block] == least, (hand, knobs)
        after = [brute.best(brute.without([n])) for n in hand]
        if c.high_low:
            gain, empty = tables[1][block], tables[2][block]
            assert empty == (least == 0)
            if least:
                assert least + gain == min(after), (hand, knobs)
            else:
                assert gain == NO_DISCARD or least + gain >= min(after)
            continue
        key = tables[1 + suit][block]
        if not least:
            assert key == 0
            continue
        assert key & 3 == 3 - suit
        named = RANKS[(key >> 2) & 15] + SUITS[suit]
        assert named in hand
        assert value(named, knobs) == key >> 8
        assert brute.best(brute.without([named])) == least - (key >> 8) == min(after), hand


def melded_hand(rng: random.Random, size: int, exclude: Iterable[str] = ()) -> list[str]:
    """A hand made of random disjoint melds, topped up with random cards."""
    hand: list[str] = []
    taken = set(exclude)
    for _ in range(20):
        if len(hand) >= size - 2:
            break
        if rng.random() < 0.5:
            r = rng.choice(RANKS)
            meld = [r + s for s in rng.sample(SUITS, rng.choice((3, 4)))]
        else:
            length = rng.randint(3, 5)
            start = rng.randint(0, 13 - length)
            s = rng.choice(SUITS)
            meld = [RANKS[k] + s for k in range(start, start + length)]
        if len(hand) + len(meld) <= size and not set(meld) & (set(hand) | taken):
            hand += meld
    rest = [n for n in NAMES if n not in hand and n not in taken]
    return hand + rng.sample(rest, size - len(hand))


hands = st.permutations(NAMES)


@st.composite
def rich_hands(draw: st.DrawFn, size: int) -> list[str]:
    width = draw(st.integers(3, 5))
    start = draw(st.integers(0, 13 - width))
    pool = [RANKS[r] + s for r in range(start, start + width) for s in SUITS]
    take = draw(st.integers(min(size, len(pool)) - 2, min(size, len(pool))))
    chosen = draw(st.permutations(pool))[:take]
    rest = [n for n in draw(hands) if n not in chosen]
    return chosen + rest[: size - take]


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, 14), st.sampled_from([1, 15]))
def test_deadwood_hypothesis(deck: list[str], size: int, ace_value: int) -> None:
    check_deadwood(deck[:size], ace_value)


@settings(max_examples=300, deadline=None)
@given(rich_hands(10), st.sampled_from([1, 15]))
def test_deadwood_hypothesis_rich(hand: list[str], ace_value: int) -> None:
    check_deadwood(hand, ace_value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands.map(lambda d: d[:11]), rich_hands(11)), st.sampled_from([1, 15]))
def test_discard_hypothesis(hand: list[str], ace_value: int) -> None:
    check_discard(hand, ace_value)


# --- layoffs --------------------------------------------------------------------------------------


def knocker(text: str) -> Arrangement:
    return arrange(mask(text.split()))


def defence_names(arr: Arrangement, defender: str) -> tuple[list[str], int]:
    d = best_defence(arr, mask(defender.split()))
    return sorted(names_of(d.layoffs)), d.deadwood


KNOCK_D = "TD JD QD KD 6H 6C 6D 6S AH 7C"
KNOCK_GAP = "2H 3H 4H 8H 9H TH AS AD 2C 3S"
KNOCK_ENDS = "4H 5H 6H 9S 9D 9C AS 2D 3C KC"


@pytest.mark.parametrize(
    ("knock", "defend", "layoffs", "deadwood"),
    [
        # chaining: the 9D goes on first, then the 8D
        (KNOCK_D, "8D 9D 2H 3H 4H 7H 7S 8C JS 5C", ["8D", "9D"], 37),
        (KNOCK_D, "8D 2H 3H 4H 7H 7S 8C JS 5C 9S", [], 54),
        # the fourth card onto a set of three
        ("7S 7H 7D 2C 3C 4C 5C KH KD QS", "7C 9H 9S 8D AD 2D 5S TS JC QC", ["7C"], 64),
        # both ends of a run, chained outwards
        (KNOCK_ENDS, "3H 7H 8H 2H KS QS JD TD 4S 5S", ["2H", "3H", "7H", "8H"], 49),
        (KNOCK_ENDS, "3H 8H KS QS JD TD 4S 5S 6S 7S", ["3H"], 48),
        # two runs of one suit sharing a gap: 5H on one, 7H on the other
        (KNOCK_GAP, "5H 7H KS KD KC QS QD JC 4C 9C", ["5H", "7H"], 43),
        # ... and the 6H between them joins the defender's own set
        (KNOCK_GAP, "5H 6H 7H 6S 6D KS KD KC QS 4C", ["5H", "7H"], 14),
        (KNOCK_GAP, "6H KS KD KC QS QD JC 4C 9C 5S", [], 54),
        # a set of four takes nothing
        ("7S 7H 7D 7C 2C 3C 4C KH KD QS", "8H 6H 9S 8D AD 2D 5S TS JC QC", [], 69),
    ],
)
def test_layoff_cases(knock: str, defend: str, layoffs: list[str], deadwood: int) -> None:
    arr = knocker(knock)
    assert defence_names(arr, defend) == (sorted(layoffs), deadwood)
    melds = [[str(c) for c in m] for m in arr.melds()]
    assert brute_defence(melds, defend.split())[0] == deadwood


@pytest.mark.parametrize(
    ("knock", "fourth"),
    [
        ("7H 7D 7C 2C 3C 4C AS KH KD QS", "7S"),
        ("7S 7D 7C 2C 3C 4C AS KH KD QS", "7H"),
        ("7S 7H 7C 2C 3C 4C AS KH KD QS", "7D"),
        ("7S 7H 7D 2C 3C 4C AS KH KD QS", "7C"),
        ("KS KH KD 2C 3C 4C AS 7H 7D QS", "KC"),
        ("AH AD AC 2C 3C 4C 5S 7H 7D QS", "AS"),
    ],
)
def test_fourth_card_of_every_suit_lays_off(knock: str, fourth: str) -> None:
    defender = f"{fourth} 9H 9S 8D 2D 5D TS JH 6C 3H"
    arr = knocker(knock)
    assert [sorted(names_of(m)) for m in layoff_options(arr, mask(defender))] == [[], [fourth]]
    expected = brute_deadwood(defender.split()[1:])
    assert defence_names(arr, defender) == ([fourth], expected)


def test_gap_union_is_one_layoff() -> None:
    arr = knocker(KNOCK_GAP)
    options = {tuple(names_of(m)) for m in layoff_options(arr, mask("5H 6H 7H"))}
    assert options == {
        (),
        ("5H",),
        ("7H",),
        ("5H", "6H"),
        ("6H", "7H"),
        ("5H", "7H"),
        ("5H", "6H", "7H"),
    }


def test_defender_melds_and_layoffs_chosen_together() -> None:
    """4H-3H lay off onto 5-6-7H and 4S 4D 4C stay a set: 0; melding 4444 first would leave 3H."""
    arr = knocker("5H 6H 7H KS KD KC 2S 2D 2C AC")
    assert arr.deadwood == 1
    assert defence_names(arr, "4H 4S 4D 4C 3H 9S 9D 9C QH QD") == (["3H", "4H"], 20)
    # laying off is not always best: a card kept for the defender's own set
    arr = knocker("5H 6H 7H KS KD KC 2S 2D 2C AC")
    assert defence_names(arr, "8H 8S 8D 3S 3D 9S 9D 9C QH QD") == ([], 26)


def test_layoff_options_lists_every_valid_layoff() -> None:
    arr = knocker("2H 3H 4H 8H 9H TH 7S 7D 7C AS")
    defender = "5H 6H 7H AH JH 6S QS KS KD 3C"
    got = {tuple(sorted(names_of(m))) for m in layoff_options(arr, mask(defender.split()))}
    melds = [[str(c) for c in m] for m in arr.melds()]
    assert got == set(valid_layoffs(melds, defender.split()))
    assert ("5H", "6H", "7H", "AH", "JH") in got
    assert ("7H",) in got  # onto the set or the run


def random_pair(rng: random.Random) -> tuple[list[str], list[str]]:
    """A meld-rich knocker and a defender drawn mostly from cards next to the knocker's, or
    made of melds of its own."""
    k = melded_hand(rng, 10) if rng.random() < 0.7 else rich_hand(rng, 10)
    if rng.random() < 0.3:
        return k, melded_hand(rng, 10, exclude=k)
    near = [
        n
        for n in NAMES
        if n not in k
        and any(abs(rank_of(n) - rank_of(c)) <= 2 and (n[1] == c[1] or n[0] == c[0]) for c in k)
    ]
    take = min(len(near), rng.randint(3, 8))
    d = rng.sample(near, take)
    rest = [n for n in NAMES if n not in k and n not in d]
    return k, d + rng.sample(rest, 10 - take)


def check_defence(arr: Arrangement, k: list[str], d: list[str], rules: int | Knobs) -> None:
    """`arr` is an arrangement of `k` under `rules`' counting."""
    kn = knobs_of(rules)
    melds = [[str(c) for c in m] for m in arr.melds()]
    assert check_melds(melds, k, kn) <= set(k)
    expected, options = brute_defence(melds, d, kn)
    got = {tuple(sorted(names_of(m))) for m in layoff_options(arr, mask(d))}
    assert got == set(options), (k, d, melds)
    defence = best_defence(arr, mask(d))
    assert defence.deadwood == expected, (k, d, melds)
    lay = names_of(defence.layoffs)
    assert can_lay_off(melds, lay, kn)
    rest = [n for n in d if n not in lay]
    assert defence.arrangement.hand == mask(rest)
    check_melds(defence.arrangement.melds(), rest, kn)
    assert brute_deadwood(rest, kn) == expected
    assert len(lay) == min(len(o) for o, v in options.items() if v == expected)


@pytest.mark.parametrize(("seed", "ace_value", "count"), [(7, 1, 1000), (8, 15, 300)])
def test_defence_random(seed: int, ace_value: int, count: int) -> None:
    rng = random.Random(seed)
    laid = 0
    for _ in range(count):
        k, d = random_pair(rng)
        km = mask(k)
        c = counting(ace_value)
        for sets in set_choices(km, c):
            arr = Arrangement(km, sets, c)
            check_defence(arr, k, d, ace_value)
            laid += bool(best_defence(arr, mask(d)).layoffs)
    assert laid > count // 4


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_defence_hypothesis(seed: int) -> None:
    k, d = random_pair(random.Random(seed))
    km = mask(k)
    for sets in set_choices(km):
        check_defence(Arrangement(km, sets), k, d, 1)


# --- the whole knock from cards against brute force ----------------------------------------------


def brute_knock(k: list[str], d: list[str], rules: int | Knobs = 1) -> tuple[int, int, bool]:
    """(d_k, d_d, choice): the knocker's least deadwood; over the knocker's arrangements of least
    deadwood the most the defender can be left with after choosing melds and layoffs; and
    whether the knocker's choice of arrangement changed that."""
    brute = Brute(k, rules)
    least = brute.best()
    outcomes = set()
    seen: set[frozenset[frozenset[str]]] = set()
    for melds, dead in brute.partitions():
        if dead != least:
            continue
        key = frozenset(frozenset(m) for m in melds)
        if key in seen:
            continue
        seen.add(key)
        outcomes.add(brute_defence(melds, d, rules)[0])
    return least, max(outcomes), len(outcomes) > 1


def test_score_cards_random_knocks() -> None:
    rng = random.Random(9)
    checked = 0
    undercuts = mattered = 0
    while checked < 500:
        k, d = random_pair(rng)
        d_k = brute_deadwood(k)
        if not 0 < d_k <= 10:
            continue
        checked += 1
        want_k, want_d, choice = brute_knock(k, d)
        mattered += choice
        result = score_cards(k, d)
        assert (result.knocker_deadwood, result.defender_deadwood) == (want_k, want_d), (k, d)
        if want_d > want_k:
            assert (result.kind, result.winner, result.points) == (
                "knock",
                "knocker",
                want_d - want_k,
            )
        else:
            undercuts += 1
            assert (result.kind, result.winner, result.points) == (
                "undercut",
                "defender",
                25 + want_k - want_d,
            )
        melded = check_melds(result.knocker_melds, k)
        assert sum(value(n) for n in set(k) - melded) == want_k
        lay = [str(c) for c in result.layoffs]
        assert can_lay_off([[str(c) for c in m] for m in result.knocker_melds], lay)
        rest = [n for n in d if n not in lay]
        assert check_melds(result.defender_melds, rest) | {
            str(c) for c in result.defender_deadwood_cards
        } == set(rest)
    assert undercuts > 10
    assert mattered > 3


# --- card values and runs as knobs (card_values, ace_value, aces, wrap_runs) ----------------------
#
# The same brute force, reading runs along the lines the knobs allow (`run_lines`) and values from
# its own table (`Knobs.value`), against gintally resolving the same knobs through ``--set``.


def corner_hand(rng: random.Random, size: int) -> list[str]:
    """`size` cards drawn mostly from J Q K A 2 3, where aces high, low and round the corner
    compete, topped up with random cards."""
    pool = [r + s for r in "JQKA23" for s in SUITS]
    take = min(size, rng.randint(max(0, size - 4), size))
    hand = rng.sample(pool, min(take, len(pool)))
    rest = [n for n in NAMES if n not in hand]
    return hand + rng.sample(rest, size - len(hand))


@st.composite
def corner_hands(draw: st.DrawFn, size: int) -> list[str]:
    pool = [r + s for r in "TJQKA234" for s in SUITS]
    take = draw(st.integers(max(0, size - 4), size))
    chosen = draw(st.permutations(pool))[:take]
    rest = [n for n in draw(hands) if n not in chosen]
    return chosen + rest[: size - take]


some_hand = st.one_of(rich_hands(10), corner_hands(10), hands.map(lambda d: d[:10]))


@pytest.mark.parametrize(
    ("text", "knobs", "deadwood"),
    [
        # the Mahjong hand: nothing melds; A 15, 2-9 5 (x6), T Q K 10 (x3) = 75
        ("AS 2H 9D TC KS 3C 5D 7H 8S QD", Knobs(card_values="mahjong"), 75),
        ("AS 2H 9D TC KS 3C 5D 7H 8S QD", STANDARD_KNOBS, 1 + 2 + 9 + 10 + 10 + 3 + 5 + 7 + 8 + 10),
        # the Tedesco hand: Q-K-A of hearts, 4-5-6C, 7D 7S 7C; the 2S is left: 2
        ("QH KH AH 4C 5C 6C 7D 7S 7C 2S", TEDESCO_KNOBS, 2),
        ("QH KH AH 4C 5C 6C 7D 7S 7C 2S", Knobs(aces="high-low"), 2),
        # aces low: Q K A 2 of no run: 10 + 10 + 1 + 2 = 23; an ace worth 15: 37
        ("QH KH AH 4C 5C 6C 7D 7S 7C 2S", STANDARD_KNOBS, 23),
        ("QH KH AH 4C 5C 6C 7D 7S 7C 2S", Knobs(ace_value=15), 37),
        # round the corner: K-A-2 of hearts melds only when runs wrap; else K 10 + A 15 + 2 = 27
        ("KH AH 2H 4C 5C 6C 7D 7S 7C 9S", TEDESCO_KNOBS, 9),
        ("KH AH 2H 4C 5C 6C 7D 7S 7C 9S", Knobs(aces="high-low", ace_value=15), 36),
        ("KH AH 2H 4C 5C 6C 7D 7S 7C 9S", Knobs(wrap_runs=True), 9),
        # a lone ace costs 15 under Tedesco: 15 + 9
        ("AD 4C 5C 6C 7D 7S 7C JH QH KH", TEDESCO_KNOBS, 15),
        ("AD 9S 4C 5C 6C 7D 7S 7C JH QH", TEDESCO_KNOBS, 15 + 9 + 10 + 10),
        # one ace, two runs that want it: A-2-3 or Q-K-A, not both: Q-K-A leaves 2 + 3 (and the
        # 5D 6H), A-2-3 would leave Q K 20
        ("QS KS AS 2S 3S 9D 9H 9C 5D 6H", Knobs(aces="high-low"), 5 + 11),
        # ... round the corner it is one run Q-K-A-2-3
        ("QS KS AS 2S 3S 9D 9H 9C 5D 6H", Knobs(wrap_runs=True), 11),
        # a whole suit round the corner: J Q K A 2 3 4 is one run
        ("JS QS KS AS 2S 3S 4S 8D 8H 8C", TEDESCO_KNOBS, 0),
    ],
)
def test_deadwood_under_knobs(text: str, knobs: Knobs, deadwood: int) -> None:
    hand = text.split()
    assert best_deadwood(mask(hand), knobs.counting())[0] == deadwood
    assert brute_deadwood(hand, knobs) == deadwood
    assert evaluate(text, knobs.rules()).deadwood == deadwood
    check_deadwood(hand, knobs)


def test_tedesco_melds_round_the_corner() -> None:
    arr = arrange(mask("KH AH 2H 4C 5C 6C 7D 7S 7C 9S"), TEDESCO_KNOBS.counting())
    assert [[str(c) for c in m] for m in arr.melds()] == [
        ["7S", "7D", "7C"],
        ["KH", "AH", "2H"],
        ["4C", "5C", "6C"],
    ]
    arr = arrange(mask("QH KH AH 4C 5C 6C 7D 7S 7C 2S"), Knobs(aces="high-low").counting())
    assert ["QH", "KH", "AH"] in [[str(c) for c in m] for m in arr.melds()]


@pytest.mark.parametrize(
    ("knock", "defend", "knobs", "layoffs", "deadwood"),
    [
        # aces high: the defender's AD goes on top of J-Q-K of diamonds
        (
            "JD QD KD 4C 5C 6C 7S 7H 7C 2S",
            "AD 9S 9H 3D 8C TH 5S 6H 4H 2H",
            Knobs(aces="high-low"),
            ["AD"],
            2 + 3 + 4 + 5 + 6 + 8 + 9 + 9 + 10,
        ),
        # aces low only: the AD stays (1 point)
        (
            "JD QD KD 4C 5C 6C 7S 7H 7C 2S",
            "AD 9S 9H 3D 8C TH 5S 6H 4H 2H",
            STANDARD_KNOBS,
            [],
            1 + 2 + 3 + 4 + 5 + 6 + 8 + 9 + 9 + 10,
        ),
        # round the corner: AD then 2D chained onto J-Q-K (the AD first)
        (
            "JD QD KD 4C 5C 6C 7S 7H 7C 2S",
            "AD 2D 9S 9H 8C TH 5S 6H 4H 3H",
            TEDESCO_KNOBS,
            ["2D", "AD"],
            3 + 4 + 5 + 6 + 8 + 9 + 9 + 10,
        ),
        # round the corner the other way: KC onto A-2-3 of clubs
        (
            "AC 2C 3C 7S 7H 7D 9D TD JD 4S",
            "KC QC 5H 5S 8H 8S 6D 2H 3D 4H",
            TEDESCO_KNOBS,
            ["KC", "QC"],
            5 + 5 + 8 + 8 + 6 + 2 + 3 + 4,
        ),
    ],
)
def test_layoffs_under_knobs(
    knock: str, defend: str, knobs: Knobs, layoffs: list[str], deadwood: int
) -> None:
    arr = arrange(mask(knock), knobs.counting())
    got = best_defence(arr, mask(defend))
    assert (sorted(names_of(got.layoffs)), got.deadwood) == (sorted(layoffs), deadwood)
    melds = [[str(c) for c in m] for m in arr.melds()]
    assert brute_defence(melds, defend.split(), knobs)[0] == deadwood


@pytest.mark.parametrize("knobs", KNOB_CASES[1:], ids=repr)
def test_deadwood_and_discard_random_under_knobs(knobs: Knobs) -> None:
    rng = random.Random(" ".join(knobs.overrides()))
    for i in range(90):
        pick = (uniform_hand, rich_hand, corner_hand)[i % 3]
        check_deadwood(pick(rng, 10), knobs)
        check_discard(pick(rng, 11), knobs)


@settings(max_examples=300, deadline=None)
@given(some_hand, knob_cases)
def test_deadwood_hypothesis_knobs(hand: list[str], knobs: Knobs) -> None:
    check_deadwood(hand, knobs)


@settings(max_examples=150, deadline=None)
@given(hands, st.integers(0, 14), knob_cases)
def test_deadwood_any_size_hypothesis_knobs(deck: list[str], size: int, knobs: Knobs) -> None:
    check_deadwood(deck[:size], knobs)


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands.map(lambda d: d[:11]), rich_hands(11), corner_hands(11)), knob_cases)
def test_discard_hypothesis_knobs(hand: list[str], knobs: Knobs) -> None:
    check_discard(hand, knobs)


def corner_pair(rng: random.Random) -> tuple[list[str], list[str]]:
    """A knocker with melds near the corner (or anywhere) and a defender drawn from cards next
    to them, round the corner included."""
    if rng.random() < 0.5:
        k, d = random_pair(rng)
        return k, d
    k = corner_hand(rng, 10)
    pool = [n for n in NAMES if n not in k and n[0] in "TJQKA234"]
    d = rng.sample(pool, min(len(pool), rng.randint(3, 8)))
    rest = [n for n in NAMES if n not in k and n not in d]
    return k, d + rng.sample(rest, 10 - len(d))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), knob_cases)
def test_defence_hypothesis_knobs(seed: int, knobs: Knobs) -> None:
    k, d = corner_pair(random.Random(seed))
    km = mask(k)
    c = knobs.counting()
    for sets in set_choices(km, c):
        check_defence(Arrangement(km, sets, c), k, d, knobs)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), knob_cases)
def test_score_cards_hypothesis_knobs(seed: int, knobs: Knobs) -> None:
    """A whole knock from cards under the knobs, against brute force (the knock limit raised so
    that every hand with deadwood may knock)."""
    k, d = corner_pair(random.Random(seed))
    want_k, want_d, _ = brute_knock(k, d, knobs)
    assume(want_k <= 99)  # the highest knock limit a rule set can have
    rules = resolve(knobs.rules(), ["knock_limit=99"])
    if want_k == 0:
        result = score_cards(k, d, rules)
        assert (result.kind, result.defender_deadwood) == ("gin", brute_deadwood(d, knobs))
        return
    result = score_cards(k, d, rules)
    assert (result.knocker_deadwood, result.defender_deadwood) == (want_k, want_d), (k, d)
    melded = check_melds(result.knocker_melds, k, knobs)
    assert sum(value(n, knobs) for n in set(k) - melded) == want_k
    lay = [str(c) for c in result.layoffs]
    assert can_lay_off([[str(c) for c in m] for m in result.knocker_melds], lay, knobs)
    rest = [n for n in d if n not in lay]
    assert check_melds(result.defender_melds, rest, knobs) | {
        str(c) for c in result.defender_deadwood_cards
    } == set(rest)
