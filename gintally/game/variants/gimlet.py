"""Gimlet Rummy (SPEC section 7, seed ``001``): solitaire against a phantom.

The player keeps four discard piles, one per suit (spades, hearts, diamonds, clubs). Going out
scores the base score, the sum over the piles of ``10 - 2 x cards`` (each pile 0 to 5 cards),
counted after laying the deadwood on them when knocking; plus the gin bonus (20) for a gimlet
(ten cards melded after the discard) or the big gin bonus (40) for a double gimlet (all
eleven). Going sour (a pile reached six cards) gives the phantom 30 plus the deadwood. The
seed's table says "2 cards = 2 points" where it means 4 cards: the formula is followed.

Terminology
- phantom: the opponent (`PHANTOM`), stored as a player; it never plays, it only scores when
  the player goes sour (a sour deal is won by the phantom, with the player as knocker).
- piles: the four discard piles' card counts, ``S,H,D,C`` (its one input of its own,
  ``--piles``, and what it stores with a hand: ``piles``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any, ClassVar

from gintally.errors import HandError
from gintally.game.cards import Card, rank_values
from gintally.game.rules import RuleSet
from gintally.game.scoring import (
    HandResult,
    Kind,
    check_knock_allowed,
    knock_limit,
    max_deadwood,
    parse_kind,
)
from gintally.game.variants.base import (
    PAPER,
    PLAYER,
    Command,
    HandInput,
    Option,
    ReadColumn,
    Told,
    Variant,
    need,
)
from gintally.game.variants.gin import check_gin_cards

PHANTOM = "Phantom"

Piles = tuple[int, int, int, int]
PILES = Option(
    "piles",
    "--piles",
    "Gimlet Rummy: the cards in the four discard piles, S,H,D,C (after laying the deadwood on "
    "them).",
    "S,H,D,C",
    read="counts",
)

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
    opponent = PHANTOM
    opponent_is = "the phantom opponent of Gimlet solitaire"
    dealt = False
    claims: ClassVar[dict[str, frozenset[str]]] = {
        "knock": frozenset({"deadwood", "cards", "piles"}),
        "gin": frozenset({"cards", "piles"}),
        "big-gin": frozenset({"cards", "piles"}),
        "sour": frozenset({"deadwood", "cards"}),
        "score": PAPER,
    }
    kinds: ClassVar[tuple[str, ...]] = ("knock", "gin", "big-gin", "sour", "score")
    words: ClassVar[dict[str, str]] = {"gin": "goes gimlet", "big-gin": "goes double gimlet"}
    columns: ClassVar[tuple[str, ...]] = ("piles",)
    options: ClassVar[dict[str, tuple[Option, ...]]] = {"knock": (PILES,), "gin": (PILES,)}
    commands: ClassVar[tuple[Command, ...]] = (
        Command(
            "gimlet",
            "gin",
            "Gimlet Rummy: record a gimlet by PLAYER (ten cards melded after the discard), with "
            "the discard piles (--piles S,H,D,C). The same as gin.",
            like="gin",
            after="big-gin",
        ),
        Command(
            "double-gimlet",
            "big-gin",
            "Gimlet Rummy: record a double gimlet by PLAYER (all eleven cards melded), with the "
            "discard piles (--piles S,H,D,C). The same as big-gin.",
            like="gin",
            after="gimlet",
        ),
        Command(
            "sour",
            "sour",
            "Gimlet Rummy: a discard pile reached six cards; the phantom scores 30 plus DEADWOOD.",
            (
                PLAYER,
                Option(
                    "deadwood",
                    "",
                    "The deadwood left in hand (or give --cards).",
                    read="whole",
                    what="the deadwood",
                ),
                Option("cards", "--cards", "The ten cards left in hand.", "CARDS", read="cards"),
            ),
            after="double-gimlet",
        ),
    )
    notes: ClassVar[dict[tuple[str, str], str]] = {
        ("knock", ""): "Gimlet Rummy: give the discard piles instead of --vs "
        "(knock Ann 3 --piles 1,2,0,3).",
        ("gin", ""): "Gimlet Rummy: --piles S,H,D,C.",
    }
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
        if hand.get("piles") is None:
            raise HandError(
                "give the four discard piles: --piles S,H,D,C (cards in each, after laying "
                "the deadwood on them)"
            )
        piles = parse_piles(hand.get("piles"))
        if claim == "knock":
            return self._knock(hand, piles, rules)
        big = claim == "big-gin"
        if big and rules.big_gin_bonus is None:
            raise HandError("the double gimlet is off under these rules: record it as a gimlet")
        if hand.cards:
            check_gin_cards(hand.cards, big, rules, None)
        bonus = rules.big_gin_bonus if big and rules.big_gin_bonus is not None else rules.gin_bonus
        return HandResult(
            Kind.BIG_GIN if big else Kind.GIN,
            "knocker",
            base_score(piles) + bonus,
            0,
            extras={"piles": piles_text(piles)},
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
        return self.paper(hand, rules, phantom_most if phantom else player_most)

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
            from gintally.game.evaluation import evaluate, read_hand

            held = read_hand(hand.cards, "the player", (10,))
            ev = evaluate(held, rules)
            if ev.gin:
                raise HandError("those cards are all melded: record a gimlet (gin)")
            check_knock_allowed(ev.deadwood, limit, None)
            fits = self._fitting(held, piles, limit, rules)
            if fits is None:
                dead = " ".join(str(c) for c in ev.deadwood_cards)
                raise HandError(
                    f"the piles {piles_text(piles)} cannot hold the deadwood {dead}: "
                    f"the piles are counted after laying it on them"
                )
            deadwood = fits
        else:
            deadwood = need(hand.deadwood, "the deadwood (or the cards: --cards)")
            if deadwood < 0:
                raise HandError(f"the deadwood cannot be negative ({deadwood})")
            check_knock_allowed(deadwood, limit, None)
            if not sum(piles):
                raise HandError(
                    f"the piles {piles_text(piles)} cannot hold the deadwood {deadwood}: "
                    f"the piles are counted after laying it on them"
                )
        return HandResult(
            Kind.KNOCK,
            "knocker",
            base_score(piles),
            deadwood,
            knock_limit=limit,
            extras={"piles": piles_text(piles)},
        )

    def _fitting(
        self, hand: tuple[Card, ...], piles: Piles, limit: int, rules: RuleSet
    ) -> int | None:
        """The least deadwood the player can lay on the piles when knocking with `hand`: the
        cards left unmelded by some arrangement (not only by the one of least deadwood: AS 2S
        3S 2H 2D leaves AS 3S or 2H 2D, 4 either way), within the knock limit, each pile
        holding its suit's cards. None when no arrangement fits."""
        from gintally.game.evaluation import deadwood_of

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
            from gintally.game.evaluation import evaluate, read_hand

            deadwood = evaluate(read_hand(hand.cards, "the player", (10,)), rules).deadwood
        else:
            deadwood = need(hand.deadwood, "the deadwood left in hand (or the cards: --cards)")
            top = max_deadwood(rules)
            if not 0 <= deadwood <= top:
                raise HandError(
                    f"a deadwood of {deadwood} is impossible: ten cards hold 0 to {top}"
                )
        return HandResult(Kind.SOUR, "defender", SOUR_BONUS + deadwood, deadwood)

    # --- what it stores and how it is told ------------------------------------------------------

    def retyped(self, extras: Mapping[str, Any], claim: str, other: int | None) -> dict[str, Any]:
        return {"piles": extras["piles"]} if extras.get("piles") else {}

    def stored_problems(self, extras: Mapping[str, Any]) -> list[str]:
        out = []
        for key, value in extras.items():
            if key != "piles":
                out.append(f"{key} is not something Gimlet Rummy stores")
                continue
            try:
                parse_piles(str(value))
            except HandError as e:
                out.append(f"piles: {e}")
        return out

    def hand_fields(
        self, extras: Mapping[str, Any], claim: str, names: tuple[str, str], knocker: int | None
    ) -> dict[str, Any]:
        return self.row_fields(extras)

    def row_fields(self, extras: Mapping[str, Any]) -> dict[str, Any]:
        # the counts as stored, not checked: a hand whose piles are out of range is still
        # listed (check names it)
        piles = extras.get("piles")
        return {"piles": [int(n) for n in str(piles).split(",")]} if piles else {}

    def told(self, hand: Told) -> str | None:
        k, piles = hand.knocker, hand.extras.get("piles")
        if hand.kind == "sour":
            return f"{k} goes sour with {hand.knocker_deadwood}: {hand.winner} +{hand.points}"
        if not piles:
            return None
        if hand.kind in ("gin", "big-gin"):
            return f"{k} {hand.what} on piles {piles}: {k} +{hand.points}"
        return f"{k} knocks with {hand.knocker_deadwood} on piles {piles}: {k} +{hand.points}"

    def export(self, extras: Mapping[str, Any], other: int | None) -> dict[str, Any]:
        return {"piles": extras.get("piles") or ""}

    def imported(self, row: Mapping[str, Any], read: ReadColumn) -> dict[str, Any] | None:
        piles = str(row.get("piles") or "").strip() or None
        return None if piles is None else {"piles": piles}


VARIANT = Gimlet
