"""Scoring one hand: how it ended, who won it and for how many points, from the counts.

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
- settling: turning how a hand ended and its counts into a `HandResult` (the ``settle_*``
  functions); `showdown.score_cards` settles a hand from both players' cards through them.
- limits: the most deadwood ten cards can hold (`max_deadwood`) and the most points one hand of
  plain gin can score (`max_gin_points`): a count or a result beyond them is a typo.

Every rule about what one hand scores lives here; the end-of-game bonuses live in
`gintally.engine.games`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gintally.errors import HandError
from gintally.game import NO_EXTRAS
from gintally.game.cards import Card, card_value, parse_card, rank_values
from gintally.game.rules import RuleSet, as_rule_set


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


def knock_outcome(d_k: int, d_d: int, rules: RuleSet) -> tuple[Kind, str | None, int]:
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
    """A `HandError` unless a knock with `d_k` deadwood is allowed under the knock `limit`."""
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
    r = as_rule_set(rules)
    check_count("the knocker's deadwood", knocker_deadwood, r)
    check_count("the defender's deadwood", defender_deadwood, r)
    limit = knock_limit(r, upcard)
    check_knock_allowed(knocker_deadwood, limit, upcard)
    kind, winner, points = knock_outcome(knocker_deadwood, defender_deadwood, r)
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
    r = as_rule_set(rules)
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
    r = as_rule_set(rules)
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
    r = as_rule_set(rules)
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
    least, why = least_points(k, r)
    if points < least:
        raise HandError(f"{why}, {least} under these rules, not {points}")
    return HandResult(k, "knocker", points)


def least_points(kind: Kind, rules: RuleSet) -> tuple[int, str]:
    """The fewest points a hand of `kind` scores under `rules`, and why, as a refusal says it:
    a gin at least the gin bonus (a big gin its own, or the gin's when big gin is off), an
    undercut at least the undercut bonus (``plus-difference``: the bonus plus a difference of
    0 or more) or, under ``bonus-minus-defender``, the bonus less the most deadwood a defender
    can undercut with (below the knock limit, or at it when a tie is an undercut); 0 else."""
    if kind is Kind.GIN:
        return rules.gin_bonus, "a gin scores at least its bonus"
    if kind is Kind.BIG_GIN:
        if rules.big_gin_bonus is None:
            return rules.gin_bonus, "a big gin scores as a gin here, at least the gin bonus"
        return rules.big_gin_bonus, "a big gin scores at least its bonus"
    if kind is Kind.UNDERCUT:
        why = "an undercut scores at least the undercut bonus"
        if rules.undercut_style == "plus-difference":
            return rules.undercut_bonus, why
        limit = 10 if rules.knock_from_upcard else int(rules.knock_limit)
        most = limit if rules.tie == "undercut" else limit - 1
        return max(0, rules.undercut_bonus - most), why + " less the defender's deadwood"
    return 0, ""


def settle_misdeal() -> HandResult:
    """A misdeal: nobody scores, and the same dealer deals again."""
    return HandResult(Kind.MISDEAL, None, 0)
