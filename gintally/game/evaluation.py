"""Evaluating one player's cards: the best melds and deadwood of 10, the best discard of 11.

Terminology
- evaluation: what `evaluate` finds for one player's cards (`Evaluation`): the least deadwood
  and its melds; of 11 cards, the best discard first, or a *big gin* when all 11 meld (with big
  gin off, such a hand discards and is a gin); whether the deadwood is within the knock limit.
- context: what evaluating needs from a rule set, worked out once per rule set (`context`):
  the rule set, its counting, its fixed knock limit (None when the upcard gives it) and
  whether big gin is allowed. `showdown.score_cards` reads it too.
- reading a hand: a player's cards as written (text or `Card`s), checked for how many there
  must be, as a tuple and a mask (`read_hand`, `read_hand_mask`); errors name the player.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypedDict

from gintally.errors import CardError
from gintally.game.cards import CARDS, NAMES, TOKENS, Card, mask_of, parse_cards
from gintally.game.counting import Counting, counting_of
from gintally.game.layout import layout
from gintally.game.rules import RuleSet, as_rule_set
from gintally.game.scoring import knock_limit
from gintally.game.search import all_melded_choice, best_deadwood, discard_search, gin_discard


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
    knock_limit: int | None


class Evaluation(tuple[Any, ...]):
    """The best arrangement of 10 cards, or of 11 with the best discard.

    For 11 cards `melds`, `deadwood_cards` and `deadwood` describe the 10 kept after `discard`;
    for a big gin (all 11 melded, and big gin allowed by the rules) `discard` is None and the
    melds hold all 11 cards; with big gin off such a hand discards and is a gin. `knocks` says
    whether the deadwood is within the knock limit, `knock_limit` (both None when the limit
    comes from an upcard that was not given; a limit of 0: gin only, no knocking, as in Mahjong
    gin); a gin is not a knock.

    An immutable record, built by `evaluate` only. For speed it is a tuple underneath (the
    fields are properties over it) and `melds` and `deadwood_cards` are worked out when they are
    read, from the kept cards and the winning choice the search found (the same melds every
    time). Two evaluations are equal when their cards, results and counting are.
    """

    # A tuple, not a plain class with __slots__ and read-only properties: that class costs +2 to
    # +5% per evaluate(text) (bench_eval --against, 5000 hands, 9 passes, measured both ways).
    __slots__ = ()
    # the tuple: cards, deadwood, discard, gin, big_gin, knocks, the kept cards' mask, the
    # winning choice (-1: the choice that melds all of a big gin, found when first needed),
    # the counting, the knock limit

    if TYPE_CHECKING:
        cards: tuple[Card, ...]
        deadwood: int
        discard: Card | None
        gin: bool
        big_gin: bool
        knocks: bool | None
        knock_limit: int | None
    else:
        cards = property(itemgetter(0), doc="the cards, as given")
        deadwood = property(itemgetter(1), doc="the least deadwood (after the discard)")
        discard = property(itemgetter(2), doc="the best discard of 11 cards, else None")
        gin = property(itemgetter(3), doc="no deadwood")
        big_gin = property(itemgetter(4), doc="all 11 cards melded, big gin allowed")
        knocks = property(itemgetter(5), doc="within the knock limit (None: no upcard yet)")
        knock_limit = property(itemgetter(9), doc="the knock limit (0: gin only; None: no upcard)")

    def _layout(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        kept: int = self[6]
        choice: int | None = self[7]
        c: Counting = self[8]
        if choice is not None and choice < 0:  # a big gin: the choice melding all 11
            choice = all_melded_choice(kept, c)
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
            f"knocks={self.knocks!r}, knock_limit={self.knock_limit!r})"
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
            "knock_limit": self[9],
        }


_BITS = [1 << i for i in range(64)]  # a card's bit, by its code


def read_hand(
    cards: str | Iterable[str | Card], who: str, sizes: tuple[int, ...]
) -> tuple[Card, ...]:
    """`who`'s cards, in any spelling `parse_cards` reads, if there are as many as one of
    `sizes`; else a `CardError` that names `who`."""
    try:
        hand = parse_cards(cards)
    except CardError as e:
        raise CardError(f"{who}'s cards: {e}") from None
    if len(hand) not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise CardError(f"{who} must show {want} cards, not {len(hand)}")
    return hand


def read_hand_mask(
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


_NAME = NAMES.__getitem__  # a card's name, by its code
_new_evaluation = tuple.__new__

# What `evaluate` needs from a rule set, by preset name or by the rule set's identity: the rule
# set, its counting, its fixed knock limit (None when the upcard gives it) and whether big gin
# is allowed. A rule set is immutable, so this is only a cache; it is cleared when it grows.
Context = tuple[RuleSet, Counting, "int | None", bool]
_contexts: dict[object, Context] = {}


def context(rules: RuleSet | str) -> Context:
    """The `Context` of a rule set or of a preset's name (cached)."""
    key: object = rules if type(rules) is str else id(rules)
    ctx = _contexts.get(key)
    if ctx is None or (ctx[0] is not rules and type(rules) is not str):
        r = as_rule_set(rules)
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
    r, c, limit, big_allowed = context(rules)
    hand, mask = read_hand_mask(cards, "the hand", (10, 11))
    if r.knock_from_upcard and upcard is not None:
        limit = knock_limit(r, upcard)
    if len(hand) == 10:
        deadwood, choice = best_deadwood(mask, c)
        knocks = None if limit is None else 0 < deadwood <= limit
        return _new_evaluation(
            Evaluation,
            (hand, deadwood, None, deadwood == 0, False, knocks, mask, choice, c, limit),
        )
    deadwood, bit, choice, big = discard_search(mask, c)
    if big:  # all 11 melded: a big gin, or (big gin off) a gin after the discard
        deadwood = 0
        knocks = None if limit is None else False
        if big_allowed:
            return _new_evaluation(
                Evaluation, (hand, 0, None, True, True, knocks, mask, -1, c, limit)
            )
        bit, choice = gin_discard(mask, c)
    else:
        knocks = None if limit is None else 0 < deadwood <= limit
    discard = CARDS[bit.bit_length() - 1]
    return _new_evaluation(
        Evaluation,
        (hand, deadwood, discard, deadwood == 0, False, knocks, mask ^ bit, choice, c, limit),
    )


def deadwood_of(cards: str | Iterable[str | Card], rules: RuleSet | str = "modern") -> int:
    """The least deadwood of these cards, every one kept (no discard): 0 when all of them meld."""
    r = as_rule_set(rules)
    return best_deadwood(mask_of(parse_cards(cards)), counting_of(r))[0]
