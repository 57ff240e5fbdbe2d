"""`score_cards`'s fast path (issue 15: score_cards in proportion to `evaluate`) against a
straightforward reference: the settlement as it was written before, every knocker arrangement
of least deadwood weighed through `melds.defence_search` (every layoff option searched, no
bound), results built field by field. Every field of the result, and every error (type and
message), must be identical on random deals: uniform, meld-rich, round the corner, under every
preset and card knob, with and without an upcard and a claim. The exactness of both against
brute force is in tests/test_melds.py (`test_score_cards_random_knocks`,
`test_score_cards_hypothesis_knobs`). ``SCORE_FAST_SCALE=N`` runs N times as many deals."""

from __future__ import annotations

import os
import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gintally import CardError, GintallyError, HandError, HandResult, Kind, score_cards
from gintally.game import NO_EXTRAS
from gintally.game.cards import DECK, RANK_BITS, Card, card, cards_of, mask_of
from gintally.game.counting import Counting, count, counting, counting_of, melded_by
from gintally.game.evaluation import read_hand_mask as _read
from gintally.game.layoffs import defence_search, layoff_options
from gintally.game.layoffs import plain_layoffs as _plain_layoffs
from gintally.game.layout import Arrangement, layout, layout_melded
from gintally.game.rules import PRESETS, RuleSet, resolve
from gintally.game.runs import ALL_CARDS
from gintally.game.scoring import (
    check_knock_allowed,
    doubled_points,
    knock_limit,
    parse_kind,
    settle_gin,
)
from gintally.game.scoring import knock_outcome as _knock_outcome
from gintally.game.search import all_melded_choice as _all_melded_sets
from gintally.game.search import best_deadwood, set_choices
from gintally.game.showdown import new_result as _new_result

SCALE = int(os.environ.get("SCORE_FAST_SCALE", "1"))


def _cards_result(
    result: HandResult, k: tuple[int, int], d: tuple[int, int], c: Counting
) -> HandResult:
    k_melds, k_dead = layout(*k, c)
    d_melds, d_dead = layout(*d, c)
    return HandResult(
        result.kind,
        result.winner,
        result.points,
        result.knocker_deadwood,
        result.defender_deadwood,
        (),
        result.knock_limit,
        result.doubled,
        k_melds,
        k_dead,
        d_melds,
        d_dead,
        result.other_points,
        result.extras,
    )


def reference(
    knocker: str,
    defender: str,
    rules: RuleSet,
    upcard: str | None = None,
    claim: str | None = None,
) -> HandResult:
    """`score_cards` as written before the fast path (main at 30e5a89), with a gin of eleven
    melded cards where big gin is off (issue 25, item 5)."""
    cnt = counting_of(rules)
    claimed = parse_kind(str(claim)) if claim is not None else None
    sizes = (11,) if claimed is Kind.BIG_GIN else (10,) if claimed else (10, 11)
    if claimed is Kind.GIN and rules.big_gin_bonus is None:
        sizes = (10, 11)
    k_cards, k_mask = _read(knocker, "the knocker", sizes)
    d_mask = _read(defender, "the defender", (10,))[1]
    if k_mask & d_mask:
        shared = cards_of(k_mask & d_mask)
        both = " ".join(str(c) for c in shared)
        raise CardError(
            f"card {both} is in both hands"
            if len(shared) == 1
            else f"cards {both} are in both hands"
        )
    if len(k_cards) == 11:
        sets = _all_melded_sets(k_mask, cnt)
        if sets is None:
            least = best_deadwood(k_mask, cnt)[0]
            what = "gin" if claimed is Kind.GIN else "big gin"
            raise HandError(
                f"not a {what}: the knocker's 11 cards leave {least} deadwood "
                f"(a knock or gin shows the 10 cards kept after the discard)"
            )
        d_d, d_sets = best_deadwood(d_mask, cnt)
        result = settle_gin(d_d, rules, upcard, big=True)
        return _cards_result(result, (k_mask, sets), (d_mask, d_sets), cnt)
    choices = set_choices(k_mask, cnt)
    scores = [count(k_mask & ~melded_by(k_mask, sets, cnt), cnt) for sets in choices]
    d_k = min(scores)
    k_sets = choices[scores.index(d_k)]
    if d_k == 0:
        d_d, d_sets = best_deadwood(d_mask, cnt)
        result = settle_gin(d_d, rules, upcard)
        return _cards_result(result, (k_mask, k_sets), (d_mask, d_sets), cnt)
    if claimed in (Kind.GIN, Kind.BIG_GIN):
        dead = " ".join(str(c) for c in layout(k_mask, k_sets, cnt)[1])
        raise HandError(f"not a gin: the knocker's cards leave {d_k} deadwood ({dead})")
    limit = knock_limit(rules, upcard)
    check_knock_allowed(d_k, limit, upcard)
    d_d = -1
    lay = d_sets = 0
    for sets, score in zip(choices, scores, strict=True):
        if score != d_k:
            continue
        defence = defence_search(Arrangement(k_mask, sets, cnt), d_mask, cnt)
        if defence[0] > d_d:
            (d_d, lay, d_sets), k_sets = defence, sets
    kind, winner, points = _knock_outcome(d_k, d_d, rules)
    points, double = doubled_points(points, rules, upcard) if winner else (0, False)
    k_melds, k_dead = layout(k_mask, k_sets, cnt)
    d_melds, d_dead = layout(d_mask & ~lay, d_sets, cnt)
    return HandResult(
        kind,
        winner,
        points,
        d_k,
        d_d,
        tuple(cards_of(lay)),
        limit,
        double,
        k_melds,
        k_dead,
        d_melds,
        d_dead,
    )


def outcome(fn: object, *args: object) -> tuple[str, object]:
    """What a call gives: ("ok", its result's fields as a tuple) or ("error", the message)."""
    try:
        result = fn(*args)  # type: ignore[operator]
    except GintallyError as e:
        return "error", f"{type(e).__name__}: {e}"
    assert type(result) is HandResult
    return "ok", (repr(result), tuple(vars(result).items()))


# --- random deals -------------------------------------------------------------------------------


def knocker_hand(rng: random.Random, size: int) -> list[Card]:
    """Uniform, meld-rich (4-5 adjacent ranks), round the corner (J Q K A 2 3), or built from
    whole melds: the hands where several arrangements, layoffs and ace placements compete."""
    style = rng.randrange(4)
    if style == 0:
        return rng.sample(DECK, size)
    if style == 1:
        low = rng.randrange(9)
        pool = [card(r, s) for r in range(low, low + rng.choice((4, 5))) for s in range(4)]
        take = rng.sample(pool, min(size, rng.randint(size - 3, size)))
    elif style == 2:
        pool = [card(r % 13, s) for r in range(10, 16) for s in range(4)]
        take = rng.sample(pool, rng.randint(size - 4, size))
    else:
        take = []
        while len(take) < size - 2:
            if rng.random() < 0.5:
                rank = rng.randrange(13)
                meld = [card(rank, s) for s in rng.sample(range(4), rng.choice((3, 4)))]
            else:
                start, suit = rng.randrange(13), rng.randrange(4)
                meld = [card((start + i) % 13, suit) for i in range(rng.randint(3, 5))]
            take += [c for c in meld if c not in take][: size - len(take)]
    rest = [c for c in DECK if c not in take]
    return take + rng.sample(rest, size - len(take))


def defender_hand(rng: random.Random, knocker: list[Card]) -> list[Card]:
    """10 other cards, often drawn from the knocker's ranks and their neighbours (layoffs)."""
    others = [c for c in DECK if c not in knocker]
    if rng.random() < 0.6:
        near = {(c.rank + d) % 13 for c in knocker for d in (-2, -1, 0, 1, 2)}
        pool = [c for c in others if c.rank in near]
        take = rng.sample(pool, min(len(pool), rng.randint(3, 10)))
        rest = [c for c in others if c not in take]
        return take + rng.sample(rest, 10 - len(take))
    return rng.sample(others, 10)


KNOB_SETS = [
    [],
    ["ace_value=15"],
    ["aces=high-low"],
    ["wrap_runs=true"],
    ["aces=high-low", "ace_value=15"],
    ["card_values=mahjong"],
    ["card_values=mahjong", "aces=high-low"],
    ["card_values=mahjong", "wrap_runs=true", "ace_value=3"],
    ["aces=high-low", "wrap_runs=true", "ace_value=2"],
]
RULES = [resolve(name) for name in PRESETS] + [
    resolve(base, knobs + extra)
    for base in ("modern", "oklahoma")
    for knobs in KNOB_SETS
    for extra in ([], ["knock_limit=99"] if base == "modern" else ["tie=no-score"])
]
KNOCK_RULES = [r for r in RULES if r.knock_limit == 99]  # every hand with deadwood knocks
UPCARDS: list[str | None] = [None, None, "AS", "7D", "KS", "3C", "AH", "TH"]
CLAIMS: list[str | None] = [None, None, None, "knock", "gin", "big-gin"]


def deal(rng: random.Random) -> tuple[str, str, RuleSet, str | None, str | None]:
    size = 11 if rng.random() < 0.1 else 10
    k = knocker_hand(rng, size)
    d = defender_hand(rng, k)
    if rng.random() < 0.02:  # a shared card
        d[0] = k[rng.randrange(size)]
    k_text = " ".join(map(str, k)) if rng.random() < 0.9 else ", ".join(map(str, k))
    return (
        k_text,
        " ".join(map(str, d)),
        rng.choice(KNOCK_RULES if rng.random() < 0.6 else RULES),
        rng.choice(UPCARDS),
        rng.choice(CLAIMS),
    )


def test_fast_path_equals_reference_on_random_deals() -> None:
    rng = random.Random(1515)
    kinds: dict[str, int] = {}
    for _ in range(3000 * SCALE):
        args = deal(rng)
        want = outcome(reference, *args)
        got = outcome(score_cards, *args)
        assert got == want, args
        key = want[0] if want[0] == "error" else str(score_cards(*args).kind)
        kinds[key] = kinds.get(key, 0) + 1
    # the deals reach every outcome the fast path has branches for
    assert {"knock", "undercut", "gin", "big-gin", "error"} <= set(kinds), kinds
    assert kinds["knock"] > 300 and kinds["undercut"] > 50, kinds


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULES))
def test_fast_path_equals_reference_hypothesis(seed: int, rules: RuleSet) -> None:
    rng = random.Random(seed)
    k, d, _, upcard, claim = deal(rng)
    assert outcome(score_cards, k, d, rules, upcard, claim) == outcome(
        reference, k, d, rules, upcard, claim
    )


def test_knocks_with_layoffs_on_every_counting() -> None:
    """Knocks only, the limit raised, with defenders drawn next to the knocker's melds: the
    layoff search (and its bound) is exercised on every counting."""
    rng = random.Random(77)
    laid = 0
    for knobs in KNOB_SETS:
        rules = resolve("modern", [*knobs, "knock_limit=99"])
        for _ in range(300 * SCALE):
            k = knocker_hand(rng, 10)
            d = defender_hand(rng, k)
            args = (" ".join(map(str, k)), " ".join(map(str, d)), rules)
            want = outcome(reference, *args)
            assert outcome(score_cards, *args) == want, args
            if want[0] == "ok" and score_cards(*args).layoffs:
                laid += 1
    assert laid > 500


# --- the pieces ---------------------------------------------------------------------------------


def test_plain_layoffs_equal_layoff_options() -> None:
    """`_plain_layoffs` (bit shifts) lists exactly what `layoff_options` lists, in its order,
    for every arrangement of random knockers against random defenders, aces low."""
    rng = random.Random(5)
    c = counting()
    seen = 0
    for _ in range(3000 * SCALE):
        k = knocker_hand(rng, 10)
        d = mask_of(defender_hand(rng, k))
        km = mask_of(k)
        for choice in set_choices(km, c):
            arr = Arrangement(km, choice, c)
            sets = choice & ALL_CARDS
            want = layoff_options(arr, d)
            assert _plain_layoffs(arr.run_mask, sets, d) == want, (k, choice)
            seen += len(want) > 2
    assert seen > 100


@pytest.mark.parametrize(
    ("knock", "defend", "layoffs"),
    [
        # TD-JD-QD-KD: the 9D, then the 8D below it (chained); the 4th six; nothing else
        ("6H 6C 6D TD JD QD KD AH 2C 3S", "9D 8D 6S 5C 2H 4H 8S 3C 5H 7S", ["8D", "9D", "6S"]),
        # A-2-3 of spades: nothing below the ace (aces low), the 4S and 5S above
        ("AS 2S 3S 7H 7D 7C KH KD QC 9C", "4S 5S KS 8H 2D 4C 6H 9H TD JH", ["4S", "5S"]),
        # J-Q-K of clubs: no ace above the king when aces are low
        ("JC QC KC 2H 3H 4H 9D 9S 9H 5D", "AC TC 5H 2S 4S 6S 8S 7D 3C KH", ["TC", "5H"]),
    ],
)
def test_plain_layoffs_cases(knock: str, defend: str, layoffs: list[str]) -> None:
    km = _read(knock, "k", (10,))[1]
    d = _read(defend, "d", (10,))[1]
    assert not km & d
    choice = best_deadwood(km, counting())[1]
    arr = Arrangement(km, choice, counting())
    options = _plain_layoffs(arr.run_mask, choice & ALL_CARDS, d)
    assert options == layoff_options(arr, d)
    assert sorted(str(c) for c in cards_of(options[-1])) == sorted(layoffs)


def test_new_result_is_the_dataclass() -> None:
    values: Iterable[object] = (
        Kind.KNOCK,
        "knocker",
        12,
        3,
        15,
        (card(8, 2),),
        10,
        False,
        ((card(5, 0), card(5, 1), card(5, 3)),),
        (card(0, 1), card(1, 3)),
        (),
        tuple(cards_of(RANK_BITS & 0b111)),
        None,
        NO_EXTRAS,
    )
    fast, slow = _new_result(*values), HandResult(*values)  # type: ignore[arg-type]
    assert type(fast) is HandResult
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert vars(fast) == vars(slow)
    with pytest.raises(AttributeError):
        fast.points = 3  # type: ignore[misc]


def test_layout_tables_equal_the_general_layout() -> None:
    """`layout`'s per-suit tables (aces low or round the corner) give what the general path
    (`layout_melded` over `melded_by`) gives, for every choice of random and meld-rich hands of
    0 to 14 cards, under four countings (the general path is the one ``high-low`` aces take)."""
    rng = random.Random(3)
    mahjong = (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)
    checked = 0
    for c in (
        counting(),
        counting(wrap=True),
        counting((15, *range(2, 11), 10, 10, 10)),
        counting(mahjong, wrap=True),
    ):
        assert not c.high_low
        for _ in range(1500 * SCALE):
            low = rng.randrange(13)
            pool = DECK if rng.random() < 0.5 else [x for x in DECK if (x.rank - low) % 13 < 5]
            hand = mask_of(rng.sample(pool, min(len(pool), rng.choice((0, 3, 7, 10, 11, 14)))))
            for choice in set_choices(hand, c):
                melded = melded_by(hand, choice, c)
                assert layout(hand, choice, c) == layout_melded(hand, choice, melded, c)
                checked += 1
    assert checked > 6000
