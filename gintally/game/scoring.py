"""Scoring one hand: who won it and for how many points, from counts or from the cards.

Terminology
- knocker: the player who ended the hand by knocking, going gin or big gin; the other player is
  the defender. Results name the roles (``"knocker"`` / ``"defender"``), not people.
- d_k, d_d: the knocker's and the defender's deadwood counts; d_d is counted after layoffs.
- kind: how the hand ended (`Kind`). A knock the defender beats is an *undercut*; a knock
  tied (d_d == d_k) follows the rule set's `tie`: an undercut, a knocker win for 0 points
  (kind ``knock``), or a *tie* that scores nothing (kind ``tie``, no winner, like a draw).
- knock limit: the most deadwood a knock may have; from the rule set, or from the first upcard
  (Oklahoma: its value, court cards 10; an ace means gin only, or a knock with 1).
- doubling: under `spade_doubles`, a spade upcard doubles the hand's points, bonuses included.

Every rule about one hand lives here; the end-of-game bonuses live in `gintally.engine.games`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypedDict

from gintally.errors import CardError, HandError
from gintally.game import NO_EXTRAS
from gintally.game.cards import (
    CARDS,
    NAMES,
    RANK_BITS,
    TOKENS,
    Card,
    card_value,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
    rank_values,
)
from gintally.game.melds import (
    ALL_CARDS,
    RANK_COLUMN,
    Arrangement,
    Counting,
    best_deadwood,
    count,
    counting,
    discard_search,
    gin_discard,
    layoff_options,
    layout,
    layout_melded,
    melded_by,
    set_choices,
)
from gintally.game.rules import RuleSet, resolve


class Kind(StrEnum):
    """How a hand ended. See `KIND_HELP` for each member's meaning."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big-gin"
    DRAW = "draw"
    TIE = "tie"
    SCORE = "score"
    MISDEAL = "misdeal"
    SOUR = "sour"


KIND_HELP = {
    Kind.KNOCK: "the knocker had less deadwood and scores the difference",
    Kind.UNDERCUT: "the defender matched or beat the knock and scores the undercut",
    Kind.GIN: "all ten cards melded: gin bonus plus the defender's deadwood",
    Kind.BIG_GIN: "all eleven cards melded: big gin bonus plus the defender's deadwood",
    Kind.DRAW: "the stock ran down; nobody scores unless the dead deck scores",
    Kind.TIE: "a knock tied under tie=no-score: nobody scores, the same dealer deals again",
    Kind.SCORE: "a result copied from paper: winner and points as given",
    Kind.MISDEAL: "a misdeal: no score, the same dealer deals again",
    Kind.SOUR: "Gimlet Rummy: a discard pile reached six cards; the phantom scores",
}


def parse_kind(text: str) -> Kind:
    """A kind by name (``big gin``, ``big_gin`` and ``biggin`` all name big gin)."""
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    key = {"biggin": "big-gin", "super-gin": "big-gin", "underknock": "undercut"}.get(key, key)
    try:
        return Kind(key)
    except ValueError:
        raise HandError(
            f"unknown kind {text!r}; the kinds are: {', '.join(k.value for k in Kind)}"
        ) from None


@dataclass(frozen=True)
class HandResult:
    """A settled hand. `winner` is ``"knocker"``, ``"defender"`` or None; for a dead deck that
    scores (`deck_out_scores`) it is ``"first"`` or ``"second"`` in the order the counts came.
    `other_points` is what the other player scores when both players score (Mahjong gin; it
    may be negative), else None. `extras` is what the hand's variant stores with it beyond the
    columns every hand has (`variants.base`: Mahjong's tables, Gimlet's piles), else empty."""

    kind: Kind
    winner: str | None
    points: int
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None
    layoffs: tuple[Card, ...] = ()
    knock_limit: int | None = None
    doubled: bool = False
    knocker_melds: tuple[tuple[Card, ...], ...] = ()
    knocker_deadwood_cards: tuple[Card, ...] = ()
    defender_melds: tuple[tuple[Card, ...], ...] = ()
    defender_deadwood_cards: tuple[Card, ...] = ()
    other_points: int | None = None
    extras: Mapping[str, Any] = NO_EXTRAS


MAX_HAND_POINTS = 100_000  # far above any hand under any rule set: a typo, not a score


_countings: dict[tuple[str, int, str, bool], Counting] = {}


def counting_of(rules: RuleSet) -> Counting:
    """How cards count and runs form under `rules` (`card_values`, `ace_value`, `aces`,
    `wrap_runs`): what every evaluation here passes to `gintally.game.melds`."""
    key = (rules.card_values, rules.ace_value, rules.aces, rules.wrap_runs)
    found = _countings.get(key)
    if found is None:
        found = _countings[key] = counting(
            rank_values(rules.card_values, rules.ace_value),
            aces_high=rules.aces == "high-low",
            wrap=rules.wrap_runs,
        )
    return found


def max_deadwood(rules: RuleSet) -> int:
    """The most deadwood ten cards can hold: a pair of each of the five highest-valued ranks
    (three of a rank would be a set; the pairs' suits can always be chosen so that no run forms,
    even when the five ranks are adjacent with aces high or round the corner: alternate two
    pairs of suits, S H / D C / S H ...).
    """
    values = sorted(rank_values(rules.card_values, rules.ace_value), reverse=True)
    return 2 * sum(values[:5])


def max_gin_points(rules: RuleSet) -> int:
    """The most points one hand of plain gin can score under `rules`: the largest bonus (gin,
    big gin or undercut) plus the most deadwood ten cards can hold, doubled when a spade upcard
    doubles. Every count-based result fits (a knock scores at most the defender's deadwood, an
    undercut at most its bonus plus the knock limit...), so a transcribed result above it is a
    typo. New ways of scoring plain gin extend it here; a variant whose hands score otherwise
    (Mahjong gin's tables, Gimlet Rummy's piles) gives its own limit
    (`variants.max_hand_points`).
    """
    bonus = max(rules.gin_bonus, rules.big_gin_bonus or 0, rules.undercut_bonus)
    top = bonus + max_deadwood(rules)
    return 2 * top if rules.spade_doubles else top


def check_points(points: int, rules: RuleSet, what: str = "points", most: int | None = None) -> int:
    """`points` if one hand can score them (at most `most`, else `max_gin_points(rules)`);
    else a `HandError` naming the limit."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise HandError(f"{what} must be a whole number, not {points!r}")
    if points < 0:
        raise HandError(f"{what} cannot be negative ({points})")
    top = max_gin_points(rules) if most is None else most
    if points > top:
        raise HandError(
            f"{points} points is more than any hand scores under these rules (at most {top})"
        )
    return points


def knock_limit(rules: RuleSet, upcard: Card | str | None = None) -> int:
    """The knock limit of a hand: the rule set's, or the upcard's value under Oklahoma rules."""
    if not rules.knock_from_upcard:
        assert isinstance(rules.knock_limit, int)
        return rules.knock_limit
    if upcard is None:
        raise HandError(
            "the knock limit comes from the upcard under these rules: "
            "give the first upcard (for example --upcard 7D)"
        )
    up = parse_card(upcard)
    if up.rank == 0:
        return 0 if rules.oklahoma_ace == "gin-only" else 1
    return card_value(up)


def doubles(rules: RuleSet, upcard: Card | str | None) -> bool:
    """True when the hand counts double: `spade_doubles` and a spade upcard."""
    return rules.spade_doubles and upcard is not None and parse_card(upcard).suit == 0


def doubled_points(points: int, rules: RuleSet, upcard: Card | str | None) -> tuple[int, bool]:
    """A hand's points after spade doubling (bonuses included), and whether it doubled: the one
    place the doubling rule is applied."""
    double = doubles(rules, upcard)
    return (points * 2 if double else points), double


def check_count(name: str, value: int, rules: RuleSet) -> None:
    """A deadwood count one hand can hold under `rules`, or a `HandError` naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandError(f"{name} must be a whole number, not {value!r}")
    top = max_deadwood(rules)
    if not 0 <= value <= top:
        raise HandError(f"{name} {value} is impossible: a hand holds 0 to {top} deadwood")


def _rules(rules: RuleSet | str) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else resolve(rules)


def _knock_outcome(d_k: int, d_d: int, rules: RuleSet) -> tuple[Kind, str | None, int]:
    """Kind, winner role and points (before doubling) of a legal knock."""
    if d_d == d_k and rules.tie == "knocker":
        return Kind.KNOCK, "knocker", 0
    if d_d == d_k and rules.tie == "no-score":
        return Kind.TIE, None, 0
    if d_d <= d_k:
        if rules.undercut_style == "plus-difference":
            points = rules.undercut_bonus + (d_k - d_d)
        else:  # bonus-minus-defender: the Honeymoon house rule; never below zero
            points = max(0, rules.undercut_bonus - d_d)
        return Kind.UNDERCUT, "defender", points
    return Kind.KNOCK, "knocker", d_d - d_k


def check_knock_allowed(d_k: int, limit: int, upcard: Card | str | None) -> None:
    if d_k == 0:
        raise HandError("a knock with 0 deadwood is a gin: record it as a gin")
    if limit == 0:
        why = f"the upcard {parse_card(upcard)} allows gin only" if upcard else "gin only"
        raise HandError(f"no knocking this hand ({why}): a knock with {d_k} is refused")
    if d_k > limit:
        raise HandError(f"a knock with {d_k} is over the knock limit of {limit}")


def settle_knock(
    knocker_deadwood: int,
    defender_deadwood: int,
    rules: RuleSet | str = "modern",
    upcard: Card | str | None = None,
) -> HandResult:
    """A knock from counts; `defender_deadwood` is counted after laying off."""
    r = _rules(rules)
    check_count("the knocker's deadwood", knocker_deadwood, r)
    check_count("the defender's deadwood", defender_deadwood, r)
    limit = knock_limit(r, upcard)
    check_knock_allowed(knocker_deadwood, limit, upcard)
    kind, winner, points = _knock_outcome(knocker_deadwood, defender_deadwood, r)
    points, double = doubled_points(points, r, upcard) if winner else (0, False)
    return HandResult(
        kind,
        winner,
        points,
        knocker_deadwood,
        defender_deadwood,
        knock_limit=limit,
        doubled=double,
    )


def settle_gin(
    defender_deadwood: int,
    rules: RuleSet | str = "modern",
    upcard: Card | str | None = None,
    big: bool = False,
) -> HandResult:
    """A gin (or big gin) from the defender's count; no layoffs against a gin.

    With big gin off (`big_gin_bonus` ``off``), eleven melded cards are a gin: the player
    discards one and scores the gin bonus, so a big gin claimed then is scored as a gin.
    """
    r = _rules(rules)
    check_count("the defender's deadwood", defender_deadwood, r)
    big = big and r.big_gin_bonus is not None
    bonus = r.big_gin_bonus if big and r.big_gin_bonus is not None else r.gin_bonus
    points, double = doubled_points(bonus + defender_deadwood, r, upcard)
    limit = None if r.knock_from_upcard and upcard is None else knock_limit(r, upcard)
    return HandResult(
        Kind.BIG_GIN if big else Kind.GIN,
        "knocker",
        points,
        0,
        defender_deadwood,
        knock_limit=limit,
        doubled=double,
    )


def settle_draw(
    deadwoods: tuple[int, int] | None = None,
    rules: RuleSet | str = "modern",
    upcard: Card | str | None = None,
) -> HandResult:
    """A drawn hand. Under `deck_out_scores` the lower count scores the difference."""
    r = _rules(rules)
    if not r.deck_out_scores:
        return HandResult(Kind.DRAW, None, 0)
    if deadwoods is None:
        raise HandError("a dead deck scores under these rules: give both players' deadwood")
    first, second = deadwoods
    check_count("the first player's deadwood", first, r)
    check_count("the second player's deadwood", second, r)
    if first == second:
        return HandResult(Kind.DRAW, None, 0)
    winner = "first" if first < second else "second"
    points, double = doubled_points(abs(first - second), r, upcard)
    return HandResult(Kind.DRAW, winner, points, doubled=double)


def settle_score(
    points: int,
    kind: Kind | str | None = None,
    rules: RuleSet | str = "modern",
    most: int | None = None,
) -> HandResult:
    """A result copied from paper: the winner's points as given, the kind if known. Points no
    hand can score are refused (more than `most`, else than `max_gin_points(rules)`)."""
    r = _rules(rules)
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise HandError(f"points must be a whole number of 0 or more, not {points!r}")
    check_points(points, r, most=most)
    k = Kind.SCORE if kind is None else parse_kind(str(kind))
    if k in (Kind.DRAW, Kind.MISDEAL):
        raise HandError(f"a {k} has no winner: record it as a {k}")
    if k is Kind.TIE:
        raise HandError(
            "a tie that scores nothing has no winner: record the knock with its counts "
            "(knock PLAYER N --vs N)"
        )
    return HandResult(k, "knocker", points)


def settle_misdeal() -> HandResult:
    """A misdeal: nobody scores, and the same dealer deals again."""
    return HandResult(Kind.MISDEAL, None, 0)


def read_hand(
    cards: str | Iterable[str | Card], who: str, sizes: tuple[int, ...]
) -> tuple[Card, ...]:
    try:
        hand = parse_cards(cards)
    except CardError as e:
        raise CardError(f"{who}'s cards: {e}") from None
    if len(hand) not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise CardError(f"{who} must show {want} cards, not {len(hand)}")
    return hand


def _read(
    cards: str | Iterable[str | Card], who: str, sizes: tuple[int, ...]
) -> tuple[tuple[Card, ...], int]:
    """`read_hand` and the hand's mask. Cards written plainly (``AS 10d TD``: one token a card,
    separated by spaces), or given as `Card`s, are read with one dict lookup a token; anything
    else (commas, suit symbols, a bad card, a duplicate, the wrong number) goes through
    `read_hand`, which reads every spelling and names what is wrong."""
    hand: tuple[Card, ...] | None = None
    if type(cards) is str:
        try:
            hand = tuple(map(TOKENS.__getitem__, cards.split()))
        except KeyError:
            hand = None
    elif (type(cards) is tuple or type(cards) is list) and all(type(x) is Card for x in cards):
        hand = tuple(cards)
    if hand is not None and len(hand) in sizes:
        mask = sum(map(_BITS.__getitem__, hand))
        if mask.bit_count() == len(hand):
            return hand, mask
    hand = read_hand(cards, who, sizes)
    return hand, mask_of(hand)


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
    r, cnt, fixed_limit, _ = _context(rules)
    if claim is None:  # (an Enum member is slow to look up: the common case needs none)
        claimed = None
        sizes: tuple[int, ...] = (10, 11)
    else:
        claimed = parse_kind(str(claim))
        sizes = (11,) if claimed is Kind.BIG_GIN else (10,)
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
            raise HandError(
                f"not a big gin: the knocker's 11 cards leave {least} deadwood "
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
        defence = _defence(k_mask, sets, k_melded_by, d_mask, alone, cnt)
        if defence[0] > d_d:
            (d_d, lay, d_sets), k_sets, k_melded = defence, sets, k_melded_by
            if d_d == alone[0]:
                break
    kind, winner, points = _knock_outcome(d_k, d_d, r)
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


def _defence(
    k_mask: int, k_sets: int, k_melded: int, d_mask: int, alone: tuple[int, int], c: Counting
) -> tuple[int, int, int]:
    """`melds.defence_search` against the knocker's arrangement (its choice and the cards it
    melds), given the defender's least deadwood without layoffs (`alone`: the count and its
    choice, what the search finds first). The same answer, found with less work: when no
    defender card touches a knocker's meld there is no layoff to weigh; otherwise a layoff
    worth v points cannot leave less than ``alone - v`` (the laid-off cards, kept as deadwood,
    would make any arrangement of the rest one of the whole hand), so a layoff whose bound
    does not beat the best found so far is not searched."""
    best, best_sets = alone
    if not best:
        return best, 0, best_sets
    sets = k_sets & ALL_CARDS
    runs = k_melded & ~sets
    # defender cards next to a run card, or of a set's rank: a superset of what can be laid off
    near = (runs << 1) | (runs >> 1)
    if not c.plain:  # the ace next to the king, high or round the corner
        near |= ((runs >> 12) & RANK_COLUMN) | ((runs & RANK_COLUMN) << 12)
    ranks = (sets | sets >> 16 | sets >> 32 | sets >> 48) & RANK_BITS
    if not (near | ranks * RANK_COLUMN) & d_mask:
        return best, 0, best_sets
    best_lay = 0
    table = c.table
    if c.plain:
        options = _plain_layoffs(runs, sets, d_mask)
    else:
        options = layoff_options(Arrangement(k_mask, k_sets, c), d_mask)
    for lay in options[1:]:  # options[0] is "no layoff": `alone`
        worth = (
            table[lay & RANK_BITS]
            + table[(lay >> 16) & RANK_BITS]
            + table[(lay >> 32) & RANK_BITS]
            + table[lay >> 48]
        )
        if alone[0] - worth >= best:
            continue
        v, choice = best_deadwood(d_mask & ~lay, c)
        if v < best:
            best, best_lay, best_sets = v, lay, choice
            if not best:
                break
    return best, best_lay, best_sets


def _plain_layoffs(runs: int, sets: int, defender: int) -> list[int]:
    """`melds.layoff_options` with aces low and no wrapping, on bit masks: the knocker's run cards
    and set cards, the defender's hand. Per set of three its fourth card; per run end the
    defender's cards going outwards one rank at a time (a shift by one bit: nothing lies below
    an ace or above a king, as bits 13-15 of a block hold no card); every combination, ordered
    as `layoff_options` orders them."""
    slots: list[tuple[int, ...]] = []
    if sets:
        ranks = (sets | sets >> 16 | sets >> 32 | sets >> 48) & RANK_BITS
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            group = sets & (RANK_COLUMN * low)
            if group.bit_count() == 3:
                fourth = (RANK_COLUMN * low) & ~group & defender
                if fourth:
                    slots.append((0, fourth))
    ends = runs & ~(runs << 1) & (defender << 1)  # a run's lowest card with a defender's below
    while ends:
        end = ends & -ends
        ends ^= end
        chain = 0
        options = [0]
        step = end >> 1
        while step & defender:
            chain |= step
            options.append(chain)
            step >>= 1
        slots.append(tuple(options))
    ends = runs & ~(runs >> 1) & (defender >> 1)  # a run's highest card with a defender's above
    while ends:
        end = ends & -ends
        ends ^= end
        chain = 0
        options = [0]
        step = end << 1
        while step & defender:
            chain |= step
            options.append(chain)
            step <<= 1
        slots.append(tuple(options))
    if not slots:
        return [0]
    if len(slots) == 1:
        return list(slots[0])  # a chain's prefixes grow by one card: already in order
    unions = {0}
    for choices in slots:
        unions = {u | o for u in unions for o in choices}
    return sorted(unions, key=lambda m: (m.bit_count(), m))


_FIELDS = tuple(f.name for f in fields(HandResult))
_new_object = object.__new__


def _new_result(*values: Any) -> HandResult:
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
    """The `HandResult` of a knock from cards, as `_new_result` builds it (no other fields)."""
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
    return _new_result(
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


# --- evaluating one player's cards ---------------------------------------------------------------


class EvaluationDict(TypedDict):
    """`Evaluation.to_dict`: the JSON shape of ``gintally eval --json``."""

    cards: list[str]
    melds: list[list[str]]
    deadwood_cards: list[str]
    deadwood: int
    discard: str | None
    gin: bool
    big_gin: bool
    knocks: bool | None


class Evaluation(tuple[Any, ...]):
    """The best arrangement of 10 cards, or of 11 with the best discard.

    For 11 cards `melds`, `deadwood_cards` and `deadwood` describe the 10 kept after `discard`;
    for a big gin (all 11 melded, and big gin allowed by the rules) `discard` is None and the
    melds hold all 11 cards; with big gin off such a hand discards and is a gin. `knocks` says
    whether the deadwood is within the knock limit (None when the limit comes from an upcard that
    was not given); a gin is not a knock.

    An immutable record, built by `evaluate` only. For speed it is a tuple underneath (the
    fields are properties over it) and `melds` and `deadwood_cards` are worked out when they are
    read, from the kept cards and the winning choice the search found (the same melds every
    time). Two evaluations are equal when their cards, results and counting are.
    """

    __slots__ = ()
    # the tuple: cards, deadwood, discard, gin, big_gin, knocks, the kept cards' mask, the
    # winning choice (-1: the choice that melds all of a big gin, found when first needed),
    # the counting

    if TYPE_CHECKING:
        cards: tuple[Card, ...]
        deadwood: int
        discard: Card | None
        gin: bool
        big_gin: bool
        knocks: bool | None
    else:
        cards = property(itemgetter(0), doc="the cards, as given")
        deadwood = property(itemgetter(1), doc="the least deadwood (after the discard)")
        discard = property(itemgetter(2), doc="the best discard of 11 cards, else None")
        gin = property(itemgetter(3), doc="no deadwood")
        big_gin = property(itemgetter(4), doc="all 11 cards melded, big gin allowed")
        knocks = property(itemgetter(5), doc="within the knock limit (None: no upcard yet)")

    def _layout(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        kept: int = self[6]
        choice: int | None = self[7]
        c: Counting = self[8]
        if choice is not None and choice < 0:  # a big gin: the choice melding all 11
            choice = _all_melded_sets(kept, c)
        assert choice is not None
        return layout(kept, choice, c)

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        """Sets (by rank) then runs (by suit, in rank order)."""
        return self._layout()[0]

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        """The unmelded cards kept, by rank then suit."""
        return self._layout()[1]

    def __repr__(self) -> str:
        return (
            f"Evaluation(cards={self.cards!r}, melds={self.melds!r}, "
            f"deadwood_cards={self.deadwood_cards!r}, deadwood={self.deadwood!r}, "
            f"discard={self.discard!r}, gin={self.gin!r}, big_gin={self.big_gin!r}, "
            f"knocks={self.knocks!r})"
        )

    def to_dict(self) -> EvaluationDict:
        """The JSON shape of ``gintally eval --json``."""
        melds, dead = self._layout()
        name = _NAME
        discard = self[2]
        return {
            "cards": list(map(name, self[0])),
            "melds": [list(map(name, m)) for m in melds],
            "deadwood_cards": list(map(name, dead)),
            "deadwood": self[1],
            "discard": None if discard is None else NAMES[discard],
            "gin": self.gin,
            "big_gin": self.big_gin,
            "knocks": self.knocks,
        }


_BITS = [1 << i for i in range(64)]  # a card's bit, by its code
_NAME = NAMES.__getitem__  # a card's name, by its code
_new_evaluation = tuple.__new__

# What `evaluate` needs from a rule set, by preset name or by the rule set's identity: the rule
# set, its counting, its fixed knock limit (None when the upcard gives it) and whether big gin
# is allowed. A rule set is immutable, so this is only a cache; it is cleared when it grows.
_Context = tuple[RuleSet, Counting, "int | None", bool]
_contexts: dict[object, _Context] = {}


def _context(rules: RuleSet | str) -> _Context:
    key: object = rules if type(rules) is str else id(rules)
    ctx = _contexts.get(key)
    if ctx is None or (ctx[0] is not rules and type(rules) is not str):
        r = _rules(rules)
        ctx = (
            r,
            counting_of(r),
            None if r.knock_from_upcard else knock_limit(r),
            r.big_gin_bonus is not None,
        )
        if len(_contexts) >= 64:
            _contexts.clear()
        _contexts[key] = ctx  # a rule set keyed by id is kept alive by ctx[0]: no id reuse
    return ctx


def evaluate(
    cards: str | Iterable[str | Card],
    rules: RuleSet | str = "modern",
    upcard: Card | str | None = None,
) -> Evaluation:
    """Best melds and deadwood of 10 cards; for 11, the best discard and gin or big gin.

    Cards written plainly (``AS 10d TD``: one token a card, separated by spaces) are read with
    one dict lookup a token; anything else (commas, suit symbols, a bad card, a duplicate, the
    wrong number) goes through `read_hand`, which reads every spelling and names what is wrong.
    """
    r, c, limit, big_allowed = _context(rules)
    hand, mask = _read(cards, "the hand", (10, 11))
    if r.knock_from_upcard and upcard is not None:
        limit = knock_limit(r, upcard)
    if len(hand) == 10:
        deadwood, choice = best_deadwood(mask, c)
        knocks = None if limit is None else 0 < deadwood <= limit
        return _new_evaluation(
            Evaluation, (hand, deadwood, None, deadwood == 0, False, knocks, mask, choice, c)
        )
    deadwood, bit, choice, big = discard_search(mask, c)
    if big:  # all 11 melded: a big gin, or (big gin off) a gin after the discard
        deadwood = 0
        knocks = None if limit is None else False
        if big_allowed:
            return _new_evaluation(Evaluation, (hand, 0, None, True, True, knocks, mask, -1, c))
        bit, choice = gin_discard(mask, c)
    else:
        knocks = None if limit is None else 0 < deadwood <= limit
    discard = CARDS[bit.bit_length() - 1]
    return _new_evaluation(
        Evaluation,
        (hand, deadwood, discard, deadwood == 0, False, knocks, mask ^ bit, choice, c),
    )


def deadwood_of(cards: str | Iterable[str | Card], rules: RuleSet | str = "modern") -> int:
    """The least deadwood of these cards, every one kept (no discard): 0 when all of them meld."""
    r = _rules(rules)
    return best_deadwood(mask_of(parse_cards(cards)), counting_of(r))[0]


def _all_melded_sets(mask: int, c: Counting) -> int | None:
    """The first choice under which every card of `mask` is melded (None: no such choice)."""
    for sets in set_choices(mask, c):
        if melded_by(mask, sets, c) == mask:
            return sets
    return None
