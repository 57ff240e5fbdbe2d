"""The showdown: settling a hand from both players' cards, laid face up.

Terminology
- showdown: the end of a knock or a gin with the cards shown: the knocker's melds and deadwood,
  the defender's melds, deadwood and layoffs (see `layoffs`), and the result they give
  (`score_cards`), with every meld and deadwood card in it (`HandResult`).
- ties: the knocker's arrangements of least deadwood (usually one); the knocker's melds are the
  first of them that leaves the defender the most deadwood after layoffs.
- claim: what the knocker says the hand is (``knock``, ``gin``, ``big-gin``), checked against
  the cards.

The result is settled by the same functions as a hand given as counts (`scoring`), and built
straight into the result's ``__dict__`` (`new_result`): the same object, built faster.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from gintally.errors import CardError, HandError
from gintally.game import NO_EXTRAS
from gintally.game.cards import RANK_BITS, Card, cards_of
from gintally.game.counting import Counting, count, melded_by
from gintally.game.evaluation import context, read_hand_mask
from gintally.game.layoffs import pruned_defence
from gintally.game.layout import layout, layout_melded
from gintally.game.rules import RuleSet
from gintally.game.scoring import (
    HandResult,
    Kind,
    check_knock_allowed,
    doubled_points,
    knock_limit,
    knock_outcome,
    parse_kind,
    settle_gin,
)
from gintally.game.search import all_melded_choice, best_deadwood, set_choices


def score_cards(
    knocker: str | Iterable[str | Card],
    defender: str | Iterable[str | Card],
    rules: RuleSet | str = "modern",
    upcard: Card | str | None = None,
    claim: Kind | str | None = None,
) -> HandResult:
    """Settle a hand from both players' cards.

    `knocker` holds the 10 cards kept after the discard (11 melded cards for a big gin);
    `defender` holds 10. The knocker's melds are those of least deadwood, and among those the
    ones that leave the defender the most deadwood after layoffs; the defender's melds and
    layoffs are chosen together for the least deadwood. `claim` (``knock``, ``gin``,
    ``big-gin``) is checked against the cards: a gin with deadwood is refused, and so is a big
    gin that is not one; a knock with no deadwood is scored as the gin it is.
    """
    r, cnt, fixed_limit, _ = context(rules)
    if claim is None:  # (an Enum member is slow to look up: the common case needs none)
        claimed = None
        sizes: tuple[int, ...] = (10, 11)
    else:
        claimed = parse_kind(str(claim))
        sizes = (11,) if claimed is Kind.BIG_GIN else (10,)
        if claimed is Kind.GIN and r.big_gin_bonus is None:
            sizes = (10, 11)  # big gin off: eleven melded cards are a gin
    k_cards, k_mask = read_hand_mask(knocker, "the knocker", sizes)
    d_mask = read_hand_mask(defender, "the defender", (10,))[1]
    if k_mask & d_mask:
        shared = cards_of(k_mask & d_mask)
        both = " ".join(str(c) for c in shared)
        raise CardError(
            f"card {both} is in both hands"
            if len(shared) == 1
            else f"cards {both} are in both hands"
        )

    if len(k_cards) == 11:
        sets = all_melded_choice(k_mask, cnt)
        if sets is None:
            least = best_deadwood(k_mask, cnt)[0]
            what = "gin" if claimed is Kind.GIN else "big gin"
            raise HandError(
                f"not a {what}: the knocker's 11 cards leave {least} deadwood "
                f"(a knock or gin shows the 10 cards kept after the discard)"
            )
        d_d, d_sets = best_deadwood(d_mask, cnt)
        result = settle_gin(d_d, r, upcard, big=True)
        return _with_cards(result, (k_mask, sets), (d_mask, d_sets), 0, cnt)

    # Every choice of the knocker's sets that can matter, the cards each melds and its deadwood
    # (usually one choice). The first of least deadwood is the one best_deadwood would pick.
    choices = set_choices(k_mask, cnt)
    if len(choices) == 1:
        k_sets = choices[0]
        k_melded = melded_by(k_mask, k_sets, cnt)
        d_k = count(k_mask & ~k_melded, cnt)
        ties = [(k_sets, k_melded)]
    else:
        if cnt.high_low:
            scores = [count(k_mask & ~melded_by(k_mask, sets, cnt), cnt) for sets in choices]
        else:  # a choice is its sets: the deadwood of the rest, block by block (best_deadwood)
            block_dead = cnt.blocks[0]
            scores = []
            for sets in choices:
                rest = k_mask ^ sets
                scores.append(
                    block_dead[rest & RANK_BITS]
                    + block_dead[(rest >> 16) & RANK_BITS]
                    + block_dead[(rest >> 32) & RANK_BITS]
                    + block_dead[rest >> 48]
                )
        d_k = min(scores)
        ties = [
            (sets, melded_by(k_mask, sets, cnt))
            for sets, n in zip(choices, scores, strict=True)
            if n == d_k
        ]
        k_sets, k_melded = ties[0]
    if d_k == 0:
        d_d, d_sets = best_deadwood(d_mask, cnt)
        result = settle_gin(d_d, r, upcard)
        return _with_cards(result, (k_mask, k_sets), (d_mask, d_sets), 0, cnt)
    if claimed is not None and claimed in (Kind.GIN, Kind.BIG_GIN):
        dead = " ".join(str(c) for c in layout(k_mask, k_sets, cnt)[1])
        raise HandError(f"not a gin: the knocker's cards leave {d_k} deadwood ({dead})")

    limit = fixed_limit if fixed_limit is not None else knock_limit(r, upcard)
    check_knock_allowed(d_k, limit, upcard)
    # Among the knocker's arrangements of least deadwood, the first that leaves the defender the
    # most deadwood after layoffs. No layoff leaves the defender more than its own least
    # deadwood (`alone`), so an arrangement that leaves that much cannot be beaten.
    alone = best_deadwood(d_mask, cnt)
    d_d = -1
    lay = d_sets = 0
    for sets, k_melded_by in ties:
        defence = pruned_defence(k_mask, sets, k_melded_by, d_mask, alone, cnt)
        if defence[0] > d_d:
            (d_d, lay, d_sets), k_sets, k_melded = defence, sets, k_melded_by
            if d_d == alone[0]:
                break
    kind, winner, points = knock_outcome(d_k, d_d, r)
    points, double = doubled_points(points, r, upcard) if winner else (0, False)
    return _knock_result(
        kind,
        winner,
        points,
        d_k,
        d_d,
        tuple(cards_of(lay)) if lay else (),
        limit,
        double,
        layout_melded(k_mask, k_sets, k_melded, cnt)
        if cnt.high_low
        else layout(k_mask, k_sets, cnt),
        layout(d_mask & ~lay, d_sets, cnt),
    )


_FIELDS = tuple(f.name for f in fields(HandResult))
_new_object = object.__new__


def new_result(*values: Any) -> HandResult:
    """``HandResult(*values)`` (every field given, in order) without the frozen dataclass's
    field-by-field ``object.__setattr__``: the same object, built in a third of the time."""
    result: HandResult = _new_object(HandResult)
    result.__dict__.update(zip(_FIELDS, values, strict=True))
    return result


def _knock_result(
    kind: Kind,
    winner: str | None,
    points: int,
    d_k: int,
    d_d: int,
    layoffs: tuple[Card, ...],
    limit: int,
    doubled: bool,
    k: tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]],
    d: tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]],
) -> HandResult:
    """The `HandResult` of a knock from cards, as `new_result` builds it (no other fields)."""
    result: HandResult = _new_object(HandResult)
    result.__dict__.update(
        {
            "kind": kind,
            "winner": winner,
            "points": points,
            "knocker_deadwood": d_k,
            "defender_deadwood": d_d,
            "layoffs": layoffs,
            "knock_limit": limit,
            "doubled": doubled,
            "knocker_melds": k[0],
            "knocker_deadwood_cards": k[1],
            "defender_melds": d[0],
            "defender_deadwood_cards": d[1],
            "other_points": None,
            "extras": NO_EXTRAS,
        }
    )
    return result


def _with_cards(
    result: HandResult, k: tuple[int, int], d: tuple[int, int], layoffs: int, c: Counting
) -> HandResult:
    """`result` with both players' melds and deadwood cards (each a hand and its choice) and the
    cards laid off."""
    k_melds, k_dead = layout(*k, c)
    d_melds, d_dead = layout(*d, c)
    return new_result(
        result.kind,
        result.winner,
        result.points,
        result.knocker_deadwood,
        result.defender_deadwood,
        tuple(cards_of(layoffs)),
        result.knock_limit,
        result.doubled,
        k_melds,
        k_dead,
        d_melds,
        d_dead,
        result.other_points,
        result.extras,
    )
