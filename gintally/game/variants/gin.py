"""Plain gin: two players; the hand's winner scores (the `gin` variant, every preset but
``mahjong`` and ``gimlet``). Its inputs are the ones every variant may read (`base.COMMANDS`):
counts or cards, a draw's counts, a paper score; it stores nothing beyond the hand's columns.

The cards are read (`evaluation`, `showdown`: their tables take some 10 ms to load) only when
a hand comes with cards, so a read or a hand of counts never loads them."""

from __future__ import annotations

from typing import ClassVar

from gintally.errors import CardError, HandError
from gintally.game.rules import RuleSet
from gintally.game.scoring import (
    HandResult,
    max_gin_points,
    settle_draw,
    settle_gin,
    settle_knock,
    settle_misdeal,
)
from gintally.game.variants.base import DEALT, PAPER, HandInput, Variant, need

COUNTS = frozenset({"deadwood", "vs", "cards", "vs_cards"})


class Gin(Variant):
    """Plain gin: two players; the hand's winner scores."""

    key = "gin"
    aliases = ("standard", "plain", "gin-rummy")
    title = "gin"
    summary = "two players; the hand's winner scores"
    teams = True
    claims: ClassVar[dict[str, frozenset[str]]] = {
        "knock": COUNTS | DEALT,
        "gin": COUNTS | DEALT,
        "big-gin": COUNTS | DEALT,
        "draw": frozenset({"draw_deadwood"}) | DEALT,
        "misdeal": DEALT,
        "score": PAPER | DEALT,
    }
    refusals: ClassVar[dict[str, str]] = {
        "sour": "going sour is Gimlet Rummy's: this match plays gin",
    }

    def max_points(self, rules: RuleSet) -> int:
        return max_gin_points(rules)

    def settle(self, claim: str, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        if claim == "misdeal":
            return settle_misdeal()
        if claim == "draw":
            return settle_draw(hand.draw_deadwood, rules, upcard)
        if claim == "score":
            return self.paper(hand, rules)
        return gin_hand(claim, hand, rules, upcard)


def gin_hand(claim: str, typed: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
    """A knock, gin or big gin of plain gin, from counts or cards."""
    if typed.cards or typed.vs_cards:  # the cards are read only when there are some
        from gintally.game.evaluation import evaluate, read_hand
        from gintally.game.showdown import score_cards
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
                return settle_gin(need(typed.vs, "the defender's deadwood (--vs)"), rules, upcard)
            d_k = ev.deadwood
        return settle_knock(
            need(d_k, "the knocker's deadwood"),
            need(typed.vs, "the defender's deadwood after laying off (--vs)"),
            rules,
            upcard,
        )
    big = claim == "big-gin"
    if typed.deadwood not in (None, 0):
        raise HandError(f"a {claim} has no deadwood, not {typed.deadwood}")
    if typed.cards and typed.vs_cards:
        return score_cards(typed.cards, typed.vs_cards, rules, upcard, claim=claim)
    if typed.cards:
        check_gin_cards(typed.cards, big, rules, upcard)
    if typed.vs_cards:
        ev = evaluate(read_hand(typed.vs_cards, "the defender", (10,)), rules)
        return settle_gin(ev.deadwood, rules, upcard, big=big)
    return settle_gin(need(typed.vs, "the defender's deadwood (--vs)"), rules, upcard, big=big)


def check_gin_cards(cards: str, big: bool, rules: RuleSet, upcard: str | None) -> None:
    """Refuse cards that are not the gin (or big gin) claimed. With big gin off, eleven melded
    cards are a gin (SPEC section 2: the player discards one), whether the player says
    ``gin`` or ``big-gin``: a player of a preset without big gin calls it a gin."""
    from gintally.game.evaluation import deadwood_of, evaluate, read_hand

    if rules.big_gin_bonus is None:
        hand = read_hand(cards, "the knocker", (11,) if big else (10, 11))
        if len(hand) == 11:  # all eleven must still meld, and it scores as a gin
            left = deadwood_of(hand, rules)
            if left:
                what = "big gin" if big else "gin"
                raise HandError(f"not a {what}: the knocker's 11 cards leave {left} deadwood")
            return
    hand = read_hand(cards, "the knocker", (11,) if big else (10, 11))
    if len(hand) == 11 and not big:
        if not deadwood_of(hand, rules):
            raise HandError("eleven melded cards are a big gin under these rules: record big-gin")
        raise CardError("the knocker must show 10 cards, not 11")
    ev = evaluate(hand, rules, upcard)
    if big and not ev.big_gin:
        if ev.gin:
            raise HandError(
                f"not a big gin: not all 11 cards meld (discard {ev.discard} and it is a gin)"
            )
        raise HandError(f"not a big gin: the best discard leaves {ev.deadwood} deadwood")
    if not big and not ev.gin:
        raise HandError(f"not a gin: those cards leave {ev.deadwood} deadwood")


VARIANT = Gin
