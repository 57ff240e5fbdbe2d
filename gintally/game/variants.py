"""Variants: how a hand is played and who scores it, one class per variant, found by name.

Terminology
- variant: `Gin` (plain gin: two players, the hand's winner scores), `Mahjong` (Mahjong gin:
  both players score every hand) or `Gimlet` (Gimlet Rummy: solitaire against a phantom). Each is
  a subclass of `Variant`, found by name or alias with `find_variant`; a rule set names its
  variant (the `variant` knob), so a match keeps it with its rules.
- claim: the hand command typed: knock, gin, big-gin, draw, misdeal, score or sour. A variant
  lists the claims it takes and, for each, the inputs it takes (`Variant.claims`); anything else
  is refused with a message that says why (`Variant.check`).
- input: one value a hand command was given (`HandInput`): counts, cards, Gimlet's piles,
  Mahjong's table values, a dealer, an upcard. Inputs are named as `HandInput`'s fields.
- roles: a result names the knocker (the player who typed the claim: who knocked, went gin,
  went sour or scored) and the defender (the other player, or the phantom).
- two-sided hand: a Mahjong hand; its winner is the player who went gin, and `other_points` is
  what the other player scores (it may be negative).
- phantom: the opponent of a Gimlet match (`PHANTOM`), stored as a player; it never plays, it
  only scores when the player goes sour.

Mahjong gin (SPEC section 7, seed ``002``): gin only; each player scores the value of their cards
on the table minus the value of the cards left in their hand, and the player who goes gin adds
the gin bonus (so a gin has nothing left in hand). Cards count by the rule set's `card_values`
(the `mahjong` preset: A 15, 2-9 5, 10-K 10).

Gimlet Rummy (SPEC section 7, seed ``001``): the player keeps four discard piles, one per suit
(spades, hearts, diamonds, clubs). Going out scores the base score, the sum over the piles of
``10 - 2 x cards`` (each pile 0 to 5 cards), counted after laying the deadwood on them when
knocking; plus the gin bonus (20) for a gimlet (ten cards melded after the discard) or the big gin
bonus (40) for a double gimlet (all eleven). Going sour (a pile reached six cards) gives the
phantom 30 plus the deadwood. The seed's table says "2 cards = 2 points" where it means 4 cards:
the formula is followed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, fields
from itertools import combinations
from typing import ClassVar

from gintally.errors import CardError, GintallyError, HandError
from gintally.game.cards import Card, parse_cards, rank_values
from gintally.game.rules import VARIANTS, RuleSet
from gintally.game.scoring import (
    HandResult,
    Kind,
    _check_knock_allowed,
    _doubled,
    deadwood_of,
    evaluate,
    knock_limit,
    max_deadwood,
    max_hand_points,
    parse_kind,
    read_hand,
    score_cards,
    settle_draw,
    settle_gin,
    settle_knock,
    settle_misdeal,
    settle_score,
)

PHANTOM = "Phantom"

Piles = tuple[int, int, int, int]


@dataclass(frozen=True)
class HandInput:
    """A hand's inputs as typed, before it is settled (None: not given). `actor` is the seat of
    the player who typed the claim (0 or 1; None for a draw or a misdeal)."""

    deadwood: int | None = None
    vs: int | None = None
    cards: str | None = None
    vs_cards: str | None = None
    points: int | None = None
    kind: str | None = None
    draw_deadwood: tuple[int, int] | None = None
    table: int | None = None
    table_cards: str | None = None
    vs_table: int | None = None
    vs_table_cards: str | None = None
    vs_points: int | None = None
    piles: str | None = None
    dealer: str | None = None
    upcard: str | None = None
    actor: int | None = None

    def given(self) -> set[str]:
        """The inputs given (the actor aside)."""
        return {f.name for f in fields(self) if f.name != "actor" and getattr(self, f.name)
                is not None}  # fmt: skip


# How each input is named in a message: the option that gives it.
OPTIONS = {
    "deadwood": "a deadwood count",
    "vs": "--vs",
    "cards": "--cards",
    "vs_cards": "--vs-cards",
    "points": "points",
    "kind": "--kind",
    "draw_deadwood": "--deadwood PLAYER=N",
    "table": "--table",
    "table_cards": "--table",
    "vs_table": "--vs-table",
    "vs_table_cards": "--vs-table",
    "vs_points": "--vs-points",
    "piles": "--piles",
    "dealer": "--dealer",
    "upcard": "--upcard",
}

_DEALT = frozenset({"dealer", "upcard"})
_PAPER = frozenset({"points", "kind"})


def _need(value: int | None, what: str) -> int:
    if value is None:
        raise HandError(f"give {what}")
    return value


class Variant:
    """How hands are played and scored. `find_variant(name)` returns the subclass `name`
    names; the subclasses say which hands they take and how each is settled."""

    key: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""  # as a player says it: "Mahjong gin"
    summary: ClassVar[str] = ""
    players: ClassVar[int] = 2  # 1: solitaire, against the phantom
    both_score: ClassVar[bool] = False  # both players score every hand
    dealt: ClassVar[bool] = True  # hands have a dealer and an upcard
    claims: ClassVar[dict[str, frozenset[str]]] = {}  # claim -> the inputs it takes
    kinds: ClassVar[tuple[str, ...]] = ()  # the kinds a paper score may name
    words: ClassVar[dict[str, str]] = {"gin": "goes gin", "big-gin": "goes big gin"}
    refusals: ClassVar[dict[str, str]] = {}  # claim or input -> why it does not apply
    columns: ClassVar[tuple[str, ...]] = ()  # the hand's fields a CSV export adds

    # --- checking what was typed ----------------------------------------------------------------

    def check(self, claim: str, given: Iterable[str]) -> None:
        """Refuse a claim this variant does not play, or an input that claim does not take."""
        if claim not in self.claims:
            raise HandError(self.refusals.get(claim) or f"{self.title} has no {claim}")
        extra = sorted(set(given) - self.claims[claim], key=list(OPTIONS).index)
        if extra:
            raise HandError(self._why(claim, extra[0]))

    def _why(self, claim: str, name: str) -> str:
        """Why an input does not apply to a claim of this variant."""
        known = self.refusals.get(name)
        if known is not None:
            return known
        why = f"{OPTIONS[name]} does not apply to a {claim}"
        owner = next((v for v in VARIANT_CLASSES.values() if name in v.inputs()), None)
        if owner is not None and owner is not type(self) and name not in self.inputs():
            why += f" ({OPTIONS[name]} is for {owner.title} matches)"
        return why

    @classmethod
    def inputs(cls) -> frozenset[str]:
        """Every input some claim of this variant takes."""
        return frozenset().union(*cls.claims.values()) if cls.claims else frozenset()

    def takes(self, claim: str) -> frozenset[str]:
        """The inputs a claim takes (none for a claim this variant does not play)."""
        return self.claims.get(claim, frozenset())

    def word(self, kind: str) -> str:
        """How a hand of this kind is told: ``goes gin``, ``goes double gimlet``."""
        return self.words.get(kind, kind)

    # --- settling -------------------------------------------------------------------------------

    def settle(self, claim: str, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        """Score a checked hand (roles, not people: see the module docstring)."""
        raise TypeError(f"{type(self).__name__} does not say how a hand is settled")

    def max_points(self, rules: RuleSet) -> int:
        """The most one hand can score under `rules` (`scoring.max_hand_points` asks)."""
        raise TypeError(f"{type(self).__name__} does not say what a hand can score at most")

    def _score(self, hand: HandInput, rules: RuleSet, most: int | None = None) -> HandResult:
        """A result copied from paper, refused when it is more than any hand scores (`most`: a
        tighter limit for the role that scored, else `max_hand_points`)."""
        points = _need(hand.points, "the points")
        number = isinstance(points, int) and not isinstance(points, bool)
        if most is not None and number and points > most:
            raise HandError(
                f"{points} points is more than any hand scores under these rules (at most {most})"
            )
        if hand.kind is not None and self.kinds:
            kind = parse_kind(hand.kind)
            if str(kind) not in self.kinds:
                raise HandError(
                    f"{self.title} has no {kind} hands; a paper score's kind is one of: "
                    f"{', '.join(self.kinds)}"
                )
        return settle_score(points, hand.kind, rules)


# --- plain gin -----------------------------------------------------------------------------------


class Gin(Variant):
    """Plain gin: two players; the hand's winner scores."""

    key = "gin"
    aliases = ("standard", "plain", "gin-rummy")
    title = "gin"
    summary = "two players; the hand's winner scores"
    claims: ClassVar[dict[str, frozenset[str]]] = {
        "knock": frozenset({"deadwood", "vs", "cards", "vs_cards"}) | _DEALT,
        "gin": frozenset({"deadwood", "vs", "cards", "vs_cards"}) | _DEALT,
        "big-gin": frozenset({"deadwood", "vs", "cards", "vs_cards"}) | _DEALT,
        "draw": frozenset({"draw_deadwood"}) | _DEALT,
        "misdeal": _DEALT,
        "score": _PAPER | _DEALT,
    }
    refusals: ClassVar[dict[str, str]] = {
        "sour": "going sour is Gimlet Rummy's: this match plays gin",
    }

    def max_points(self, rules: RuleSet) -> int:
        return max_hand_points(rules)

    def settle(self, claim: str, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        if claim == "misdeal":
            return settle_misdeal()
        if claim == "draw":
            return settle_draw(hand.draw_deadwood, rules, upcard)
        if claim == "score":
            return self._score(hand, rules)
        return _gin_hand(claim, hand, rules, upcard)


def _gin_hand(claim: str, typed: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
    """A knock, gin or big gin of plain gin, from counts or cards."""
    if typed.vs is not None and typed.vs_cards:
        raise HandError("give the defender's deadwood (--vs) or cards (--vs-cards), not both")
    if claim == "knock":
        if typed.cards and typed.deadwood is not None:
            raise HandError("give the knocker's deadwood or cards, not both")
        if typed.cards and typed.vs_cards:
            return score_cards(typed.cards, typed.vs_cards, rules, upcard, claim="knock")
        if typed.vs_cards:
            raise HandError(
                "the defender's cards need the knocker's cards too (--cards), to find the layoffs"
            )
        d_k = typed.deadwood
        if typed.cards:
            ev = evaluate(read_hand(typed.cards, "the knocker", (10,)), rules, upcard)
            if ev.gin:
                return settle_gin(_need(typed.vs, "the defender's deadwood (--vs)"), rules, upcard)
            d_k = ev.deadwood
        return settle_knock(
            _need(d_k, "the knocker's deadwood"),
            _need(typed.vs, "the defender's deadwood after laying off (--vs)"),
            rules,
            upcard,
        )
    big = claim == "big-gin"
    if typed.deadwood not in (None, 0):
        raise HandError(f"a {claim} has no deadwood, not {typed.deadwood}")
    if typed.cards and typed.vs_cards:
        return score_cards(typed.cards, typed.vs_cards, rules, upcard, claim=claim)
    if typed.cards:
        _check_gin_cards(typed.cards, big, rules, upcard)
    if typed.vs_cards:
        ev = evaluate(read_hand(typed.vs_cards, "the defender", (10,)), rules)
        return settle_gin(ev.deadwood, rules, upcard, big=big)
    return settle_gin(_need(typed.vs, "the defender's deadwood (--vs)"), rules, upcard, big=big)


def _check_gin_cards(cards: str, big: bool, rules: RuleSet, upcard: str | None) -> None:
    """Refuse cards that are not the gin (or big gin) claimed."""
    if big and rules.big_gin_bonus is None:
        # Big gin is off: all eleven cards must still meld, and it scores as a gin.
        left = deadwood_of(read_hand(cards, "the knocker", (11,)), rules)
        if left:
            raise HandError(f"not a big gin: the knocker's 11 cards leave {left} deadwood")
        return
    ev = evaluate(read_hand(cards, "the knocker", (11,) if big else (10,)), rules, upcard)
    if big and not ev.big_gin:
        if ev.gin:
            raise HandError(
                f"not a big gin: not all 11 cards meld (discard {ev.discard} and it is a gin)"
            )
        raise HandError(f"not a big gin: the best discard leaves {ev.deadwood} deadwood")
    if not big and not ev.gin:
        raise HandError(f"not a gin: those cards leave {ev.deadwood} deadwood")


# --- Mahjong gin ---------------------------------------------------------------------------------


def table_value(cards: Iterable[Card], rules: RuleSet) -> int:
    """What cards count under the rule set's card values (`card_values`, `ace_value`): for the
    `mahjong` preset A 15, 2-9 5, 10-K 10."""
    values = rank_values(rules.card_values, rules.ace_value)
    return sum(values[c.rank] for c in cards)


def deck_value(rules: RuleSet) -> int:
    """The whole deck's count (380 at Mahjong values): the most any table or hand can count."""
    return 4 * sum(rank_values(rules.card_values, rules.ace_value))


class Mahjong(Variant):
    """Mahjong gin: gin only, and both players score every hand."""

    key = "mahjong"
    aliases = ("mahjong-gin", "mah-jong")
    title = "Mahjong gin"
    summary = "gin only; both players score: cards on the table minus cards in hand"
    both_score = True
    claims: ClassVar[dict[str, frozenset[str]]] = {
        "gin": frozenset({"table", "table_cards", "vs_table", "vs_table_cards", "vs", "vs_cards"})
        | _DEALT,
        "draw": _DEALT,
        "misdeal": _DEALT,
        "score": _PAPER | {"vs_points"} | _DEALT,
    }
    kinds: ClassVar[tuple[str, ...]] = ("gin", "score")
    columns: ClassVar[tuple[str, ...]] = ("other_points", "knocker_table", "defender_table")
    refusals: ClassVar[dict[str, str]] = {
        "knock": "Mahjong gin has no knocking: gin only",
        "big-gin": "Mahjong gin has no big gin: record it as a gin",
        "sour": "going sour is Gimlet Rummy's: this match plays Mahjong gin",
        "deadwood": "a Mahjong gin leaves nothing in the ginner's hand: give --table, "
        "--vs-table and --vs",
        "cards": "give the ginner's cards on the table as --table",
        "draw_deadwood": "a drawn Mahjong hand scores nothing: no --deadwood",
    }

    def settle(self, claim: str, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        if claim == "misdeal":
            return settle_misdeal()
        if claim == "draw":  # the stock ran down: nobody scores
            return HandResult(Kind.DRAW, None, 0)
        if claim == "score":
            return self._paper(hand, rules)
        return self._gin(hand, rules, upcard)

    def limits(self, rules: RuleSet) -> tuple[int, int]:
        """The most a ginner can score, and the most (either way) the other player can."""
        double = 2 if rules.spade_doubles else 1
        deck = deck_value(rules)
        return (rules.gin_bonus + deck) * double, deck * double

    def max_points(self, rules: RuleSet) -> int:
        return self.limits(rules)[0]

    def _paper(self, hand: HandInput, rules: RuleSet) -> HandResult:
        most, other_most = self.limits(rules)
        result = self._score(hand, rules, most)
        other = hand.vs_points
        if other is None:
            raise HandError(
                "both players score every Mahjong hand: give the other player's points "
                "(--vs-points N, may be negative)"
            )
        if abs(other) > other_most:
            raise HandError(
                f"--vs-points {other} is impossible: the other player scores "
                f"-{other_most} to {other_most} under these rules"
            )
        # Every scoring Mahjong hand is a gin: the winner's gin bonus and table, the other's
        # table less their hand. Cards count in steps (5 at Mahjong values), so, unless a spade
        # may have doubled the hand, the winner's points are the bonus and a whole number of
        # steps, and the other player's a whole number of steps.
        if result.points < rules.gin_bonus:
            raise HandError(
                f"{result.points} points is impossible: the player who goes gin scores the gin "
                f"bonus ({rules.gin_bonus}) and their table"
            )
        step = math.gcd(*rank_values(rules.card_values, rules.ace_value))
        if not rules.spade_doubles and step > 1:
            if (result.points - rules.gin_bonus) % step:
                raise HandError(
                    f"{result.points} points is impossible: the gin bonus ({rules.gin_bonus}) "
                    f"and a table counting a multiple of {step}"
                )
            if other % step:
                raise HandError(
                    f"--vs-points {other} is impossible: under these rules every card counts "
                    f"a multiple of {step}"
                )
        return HandResult(result.kind, result.winner, result.points, other_points=other)

    def _gin(self, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        seen: dict[Card, str] = {}
        deck = deck_value(rules)
        table = self._count(
            hand.table, hand.table_cards, "--table", "the ginner's table", seen, rules
        )
        vs_table = self._count(
            hand.vs_table,
            hand.vs_table_cards,
            "--vs-table",
            "the other player's table",
            seen,
            rules,
        )
        in_hand = self._count(
            hand.vs, hand.vs_cards, "--vs", "the other player's hand", seen, rules
        )
        if table + vs_table + in_hand > deck:
            raise HandError(
                f"table {table}, other table {vs_table} and {in_hand} in hand add up to more "
                f"than the whole deck counts ({deck})"
            )
        points, double = _doubled(table + rules.gin_bonus, rules, upcard)
        other, _ = _doubled(vs_table - in_hand, rules, upcard)
        limit = None if rules.knock_from_upcard and upcard is None else knock_limit(rules, upcard)
        return HandResult(
            Kind.GIN,
            "knocker",
            points,
            0,
            in_hand,
            knock_limit=limit,
            doubled=double,
            other_points=other,
            tables=(table, vs_table),
        )

    @staticmethod
    def _count(
        number: int | None,
        cards: str | None,
        option: str,
        what: str,
        seen: dict[Card, str],
        rules: RuleSet,
    ) -> int:
        """A table or hand count, typed as a number or as the cards (checked against the other
        cards given: a card is in one place only)."""
        if number is not None and cards:
            raise HandError(f"give {what} as a number or as cards, not both")
        if cards:
            try:
                held = parse_cards(cards)
            except CardError as e:
                raise CardError(f"{what}: {e}") from None
            for c in held:
                if c in seen:
                    raise CardError(f"card {c} is in {seen[c]} and in {what}")
                seen[c] = what
            return table_value(held, rules)
        value = _need(number, f"{what} ({option} N, or the cards)")
        deck = deck_value(rules)
        if not 0 <= value <= deck:
            raise HandError(
                f"{option} {value} is impossible: cards count 0 to {deck} under these rules"
            )
        step = math.gcd(*rank_values(rules.card_values, rules.ace_value))
        if value % step:  # Mahjong values (15, 5, 10) only ever add up to a multiple of 5
            raise HandError(
                f"{option} {value} is impossible: under these rules every card counts a "
                f"multiple of {step}"
            )
        return value


# --- Gimlet Rummy --------------------------------------------------------------------------------

_NAMES = {"knock": "knock", "gin": "gimlet", "big-gin": "double gimlet", "sour": "sour deal"}
PILE_MOST = 5  # a pile that reaches six cards sours the deal
SOUR_BONUS = 30  # the phantom's score when the player goes sour, plus the deadwood
SUITS = "SHDC"


def parse_piles(text: str) -> Piles:
    """Four pile counts ``S,H,D,C`` (spades, hearts, diamonds, clubs), each 0 to 5."""
    parts = [p.strip() for p in str(text).replace(" ", ",").split(",") if p.strip()]
    usage = f"--piles takes the four discard piles S,H,D,C (0 to {PILE_MOST} cards each)"
    if len(parts) != 4:
        raise HandError(f"{usage}, not {text!r}")
    counts = []
    for suit, part in zip(SUITS, parts, strict=True):
        try:
            n = int(part)
        except ValueError:
            raise HandError(f"{usage}, not {text!r}") from None
        if n < 0:
            raise HandError(f"the {suit} pile cannot hold {n} cards")
        if n > PILE_MOST:
            raise HandError(
                f"the {suit} pile has {n} cards: a pile that reaches six sours the deal "
                f"(record it with 'sour')"
            )
        counts.append(n)
    return counts[0], counts[1], counts[2], counts[3]


def piles_text(piles: Piles) -> str:
    """``1,2,0,3`` (the inverse of `parse_piles`)."""
    return ",".join(str(n) for n in piles)


def base_score(piles: Piles) -> int:
    """The base score of going out: 10 - 2 x cards per pile (0 cards 10, ... 5 cards 0)."""
    return sum(10 - 2 * n for n in piles)


class Gimlet(Variant):
    """Gimlet Rummy: one player against a phantom, scoring the four discard piles."""

    key = "gimlet"
    aliases = ("gimlet-rummy", "solitaire")
    title = "Gimlet Rummy"
    summary = "solitaire against a phantom; score the discard piles"
    players = 1
    dealt = False
    claims: ClassVar[dict[str, frozenset[str]]] = {
        "knock": frozenset({"deadwood", "cards", "piles"}),
        "gin": frozenset({"cards", "piles"}),
        "big-gin": frozenset({"cards", "piles"}),
        "sour": frozenset({"deadwood", "cards"}),
        "score": _PAPER,
    }
    kinds: ClassVar[tuple[str, ...]] = ("knock", "gin", "big-gin", "sour", "score")
    words: ClassVar[dict[str, str]] = {"gin": "goes gimlet", "big-gin": "goes double gimlet"}
    columns: ClassVar[tuple[str, ...]] = ("piles",)
    refusals: ClassVar[dict[str, str]] = {
        "draw": "a Gimlet Rummy deal ends in a knock, a gimlet or going sour: there is no drawn "
        "hand",
        "misdeal": "Gimlet Rummy is solitaire: just deal again, there is no misdeal to record",
        "vs": "Gimlet Rummy is solitaire: there is no opponent's deadwood (--vs)",
        "vs_cards": "Gimlet Rummy is solitaire: there are no opponent's cards (--vs-cards)",
        "dealer": "Gimlet Rummy is solitaire: there is no dealer (--dealer)",
        "upcard": "Gimlet Rummy has no upcard: the knock limit is 5 (--upcard)",
        "draw_deadwood": "Gimlet Rummy is solitaire: there is no drawn hand",
        "vs_points": "Gimlet Rummy is solitaire: only one player scores a hand (--vs-points)",
    }

    def limits(self, rules: RuleSet) -> tuple[int, int]:
        """The most the player can score in a hand (a double gimlet on four empty piles), and
        the most the phantom can (30 and the most deadwood ten cards hold)."""
        bonus = max(rules.gin_bonus, rules.big_gin_bonus or 0)
        return base_score((0, 0, 0, 0)) + bonus, SOUR_BONUS + max_deadwood(rules)

    def max_points(self, rules: RuleSet) -> int:
        return max(self.limits(rules))

    def settle(self, claim: str, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        phantom = hand.actor == 1
        if phantom and claim != "score":
            raise HandError(
                f"the phantom does not play: record the player's {claim} (the phantom scores "
                f"when they go sour)"
            )
        if claim == "score":
            return self._paper(hand, rules, phantom)
        if claim == "sour":
            return self._sour(hand, rules)
        if hand.piles is None:
            raise HandError(
                "give the four discard piles: --piles S,H,D,C (cards in each, after laying "
                "the deadwood on them)"
            )
        piles = parse_piles(hand.piles)
        if claim == "knock":
            return self._knock(hand, piles, rules)
        big = claim == "big-gin"
        if big and rules.big_gin_bonus is None:
            raise HandError("the double gimlet is off under these rules: record it as a gimlet")
        if hand.cards:
            _check_gin_cards(hand.cards, big, rules, None)
        bonus = rules.big_gin_bonus if big and rules.big_gin_bonus is not None else rules.gin_bonus
        return HandResult(
            Kind.BIG_GIN if big else Kind.GIN,
            "knocker",
            base_score(piles) + bonus,
            0,
            piles=piles,
        )

    def _paper(self, hand: HandInput, rules: RuleSet, phantom: bool) -> HandResult:
        player_most, phantom_most = self.limits(rules)
        kind = parse_kind(hand.kind) if hand.kind is not None else None
        if phantom and kind not in (None, Kind.SOUR, Kind.SCORE):
            raise HandError(f"the phantom scores only when the player goes sour, not on a {kind}")
        if not phantom and kind is Kind.SOUR:
            raise HandError(f"going sour scores for the phantom: record it as {PHANTOM}'s")
        points = hand.points
        span = self.span(kind, rules)
        if span is not None and isinstance(points, int) and not isinstance(points, bool):
            low, high = span
            if not low <= points <= high:
                raise HandError(
                    f"{points} points is impossible for a {_NAMES[str(kind)]}: under these "
                    f"rules it scores {low} to {high}"
                )
        return self._score(hand, rules, phantom_most if phantom else player_most)

    def span(self, kind: Kind | None, rules: RuleSet) -> tuple[int, int] | None:
        """What a hand of this kind can score, lowest and highest (None: any kind, so only the
        overall limit applies). A knock lays its deadwood on the piles, so one pile at least
        holds a card (at most 40 - 2); a gimlet or double gimlet adds its bonus to 0 (every pile
        full) up to 40 (every pile empty); going sour gives the phantom 30 and the deadwood."""
        full = base_score((0, 0, 0, 0))
        if kind is Kind.KNOCK:
            return 0, full - 2
        if kind is Kind.GIN:
            return rules.gin_bonus, full + rules.gin_bonus
        if kind is Kind.BIG_GIN:
            bonus = rules.big_gin_bonus if rules.big_gin_bonus is not None else rules.gin_bonus
            return bonus, full + bonus
        if kind is Kind.SOUR:
            return SOUR_BONUS, SOUR_BONUS + max_deadwood(rules)
        return None

    def _knock(self, hand: HandInput, piles: Piles, rules: RuleSet) -> HandResult:
        if hand.cards and hand.deadwood is not None:
            raise HandError("give the deadwood or the cards, not both")
        limit = knock_limit(rules)
        if hand.cards:
            held = read_hand(hand.cards, "the player", (10,))
            ev = evaluate(held, rules)
            if ev.gin:
                raise HandError("those cards are all melded: record a gimlet (gin)")
            _check_knock_allowed(ev.deadwood, limit, None)
            fits = self._fitting(held, piles, limit, rules)
            if fits is None:
                dead = " ".join(str(c) for c in ev.deadwood_cards)
                raise HandError(
                    f"the piles {piles_text(piles)} cannot hold the deadwood {dead}: "
                    f"the piles are counted after laying it on them"
                )
            deadwood = fits
        else:
            deadwood = _need(hand.deadwood, "the deadwood (or the cards: --cards)")
            if deadwood < 0:
                raise HandError(f"the deadwood cannot be negative ({deadwood})")
            _check_knock_allowed(deadwood, limit, None)
            if not sum(piles):
                raise HandError(
                    f"the piles {piles_text(piles)} cannot hold the deadwood {deadwood}: "
                    f"the piles are counted after laying it on them"
                )
        return HandResult(
            Kind.KNOCK, "knocker", base_score(piles), deadwood, knock_limit=limit, piles=piles
        )

    def _fitting(
        self, hand: tuple[Card, ...], piles: Piles, limit: int, rules: RuleSet
    ) -> int | None:
        """The least deadwood the player can lay on the piles when knocking with `hand`: the
        cards left unmelded by some arrangement (not only by the one of least deadwood: AS 2S
        3S 2H 2D leaves AS 3S or 2H 2D, 4 either way), within the knock limit, each pile
        holding its suit's cards. None when no arrangement fits."""
        values = rank_values(rules.card_values, rules.ace_value)
        best: int | None = None
        for size in range(1, len(hand) + 1):
            for dead in combinations(hand, size):
                total = sum(values[c.rank] for c in dead)
                if total > limit or (best is not None and total >= best):
                    continue
                if any(n > piles[s] for s, n in self._by_suit(dead)):
                    continue
                if deadwood_of([c for c in hand if c not in dead], rules) == 0:
                    best = total
        return best

    @staticmethod
    def _by_suit(cards: Iterable[Card]) -> list[tuple[int, int]]:
        counts = [0, 0, 0, 0]
        for c in cards:
            counts[c.suit] += 1
        return list(enumerate(counts))

    def _sour(self, hand: HandInput, rules: RuleSet) -> HandResult:
        if hand.cards and hand.deadwood is not None:
            raise HandError("give the deadwood or the cards, not both")
        if hand.cards:
            deadwood = evaluate(read_hand(hand.cards, "the player", (10,)), rules).deadwood
        else:
            deadwood = _need(hand.deadwood, "the deadwood left in hand (or the cards: --cards)")
            top = max_deadwood(rules)
            if not 0 <= deadwood <= top:
                raise HandError(
                    f"a deadwood of {deadwood} is impossible: ten cards hold 0 to {top}"
                )
        return HandResult(Kind.SOUR, "defender", SOUR_BONUS + deadwood, deadwood)


# --- lookup --------------------------------------------------------------------------------------

VARIANT_CLASSES: dict[str, type[Variant]] = {v.key: v for v in (Gin, Mahjong, Gimlet)}
_ALIASES = {alias: v for v in VARIANT_CLASSES.values() for alias in v.aliases}
assert tuple(VARIANT_CLASSES) == VARIANTS, "rules.VARIANTS names the classes here"
_INSTANCES: dict[type[Variant], Variant] = {}


def find_variant(name: str) -> Variant:
    """A variant by name or alias, case-insensitively; unknown names list the variants."""
    key = str(name).strip().lower().replace(" ", "-")
    cls = VARIANT_CLASSES.get(key) or _ALIASES.get(key)
    if cls is None:
        raise GintallyError(
            f"unknown variant {name!r}; the variants are: {', '.join(VARIANT_CLASSES)}"
        )
    if cls not in _INSTANCES:
        _INSTANCES[cls] = cls()
    return _INSTANCES[cls]


def variant_of(rules: RuleSet) -> Variant:
    """The variant a rule set plays."""
    return find_variant(rules.variant)
