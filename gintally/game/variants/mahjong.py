"""Mahjong gin (SPEC section 7, seed ``002``): gin only, and both players score every hand.

Each player scores the value of their cards on the table minus the value of the cards left in
their hand, and the player who goes gin adds the gin bonus (so a gin has nothing left in hand).
Cards count by the rule set's `card_values` (the ``mahjong`` preset: A 15, 2-9 5, 10-K 10).

Its own inputs: ``table`` / ``table_cards`` (the ginner's cards on the table, a count or the
cards: ``--table``), ``vs_table`` / ``vs_table_cards`` (the other player's: ``--vs-table``) and
``vs_points`` (a paper score's points of the other player: ``--vs-points``); ``--vs`` is the
other player's cards left in hand. A hand's `other_points` is what the other player scored.
It stores each player's table, counted, and the cards when they were typed
(``knocker_table``, ``defender_table``, ``knocker_table_cards``, ``defender_table_cards``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from gintally.errors import CardError, HandError
from gintally.game.cards import Card, format_cards, parse_cards, rank_values
from gintally.game.rules import RuleSet
from gintally.game.scoring import (
    HandResult,
    Kind,
    doubled_points,
    knock_limit,
    settle_misdeal,
)
from gintally.game.variants.base import (
    DEALT,
    PAPER,
    HandInput,
    Option,
    ReadColumn,
    Told,
    Variant,
    need,
)

TABLES = ("knocker_table", "defender_table")
TABLE_CARDS = ("knocker_table_cards", "defender_table_cards")


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
        | DEALT,
        "draw": DEALT,
        "misdeal": DEALT,
        "score": PAPER | {"vs_points"} | DEALT,
    }
    kinds: ClassVar[tuple[str, ...]] = ("gin", "score")
    columns: ClassVar[tuple[str, ...]] = ("other_points", *TABLES)
    refusals: ClassVar[dict[str, str]] = {
        "knock": "Mahjong gin has no knocking: gin only",
        "big-gin": "Mahjong gin has no big gin: record it as a gin",
        "sour": "going sour is Gimlet Rummy's: this match plays Mahjong gin",
        "deadwood": "a Mahjong gin leaves nothing in the ginner's hand: give --table, "
        "--vs-table and --vs",
        "cards": "give the ginner's cards on the table as --table",
        "draw_deadwood": "a drawn Mahjong hand scores nothing: no --deadwood",
    }
    idle: ClassVar[dict[str, str]] = {
        "knock_limit": "no knocking: gin only",
        "oklahoma_ace": "no knocking: gin only",
        "undercut_bonus": "no knocking, so no undercut",
        "tie": "no knocking, so no tie",
        "undercut_style": "no knocking, so no undercut",
        "big_gin_bonus": "no big gin: eleven melded cards are recorded as a gin",
        "deck_out_scores": "a drawn hand scores nothing",
    }
    options: ClassVar[dict[str, tuple[Option, ...]]] = {
        "gin": (
            Option(
                "table",
                "--table",
                "Mahjong gin: the value of the ginner's cards on the table (a number, or the "
                "cards).",
                "N|CARDS",
                read="count",
                what="--table",
                cards="table_cards",
            ),
            Option(
                "vs_table",
                "--vs-table",
                "Mahjong gin: the value of the other player's cards on the table (N or cards).",
                "N|CARDS",
                read="count",
                what="--vs-table",
                cards="vs_table_cards",
            ),
        ),
        "score": (
            Option(
                "vs_points",
                "--vs-points",
                "Mahjong gin: the other player's points in the same hand (may be negative).",
                "N",
                read="whole",
                what="--vs-points",
                signed=True,
            ),
        ),
    }
    notes: ClassVar[dict[tuple[str, str], str]] = {
        ("gin", ""): "Mahjong gin: --table, --vs-table and --vs (each a number or the cards); "
        "both players score.",
        ("gin", "vs"): "Mahjong gin: the other player's cards left in hand (N or cards).",
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
        result = self.paper(hand, rules, most)
        other = hand.get("vs_points")
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
        table_cards, vs_table_cards = hand.get("table_cards"), hand.get("vs_table_cards")
        table = self._count(
            hand.get("table"), table_cards, "--table", "the ginner's table", seen, rules
        )
        vs_table = self._count(
            hand.get("vs_table"),
            vs_table_cards,
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
        points, double = doubled_points(table + rules.gin_bonus, rules, upcard)
        other, _ = doubled_points(vs_table - in_hand, rules, upcard)
        limit = None if rules.knock_from_upcard and upcard is None else knock_limit(rules, upcard)
        extras: dict[str, Any] = {"knocker_table": table, "defender_table": vs_table}
        for key, cards in zip(TABLE_CARDS, (table_cards, vs_table_cards), strict=True):
            if cards:
                extras[key] = format_cards(parse_cards(cards))
        return HandResult(
            Kind.GIN,
            "knocker",
            points,
            0,
            in_hand,
            knock_limit=limit,
            doubled=double,
            other_points=other,
            extras=extras,
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
        value = need(number, f"{what} ({option} N, or the cards)")
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

    # --- what it stores and how it is told ------------------------------------------------------

    def retyped(self, extras: Mapping[str, Any], claim: str, other: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, count, cards in (
            ("table", TABLES[0], TABLE_CARDS[0]),
            ("vs_table", TABLES[1], TABLE_CARDS[1]),
        ):
            if extras.get(cards):
                out[f"{name}_cards"] = extras[cards]
            elif extras.get(count) is not None:
                out[name] = extras[count]
        if claim == "score" and other is not None:
            out["vs_points"] = other
        return out

    def stored_problems(self, extras: Mapping[str, Any]) -> list[str]:
        out = []
        for key, value in extras.items():
            if key in TABLES:
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    out.append(f"{key} {value!r} is not a count")
            elif key in TABLE_CARDS:
                try:
                    parse_cards(str(value))
                except CardError as e:
                    out.append(f"{key} {value!r}: {e}")
            else:
                out.append(f"{key} is not something Mahjong gin stores")
        return out

    def tables(
        self, extras: Mapping[str, Any], names: tuple[str, str], knocker: int | None
    ) -> dict[str, Any]:
        """Each player's cards on the table, by name in seat order (counted)."""
        values = [extras.get(TABLES[0]), extras.get(TABLES[1])]
        if knocker == 1:
            values.reverse()
        return dict(zip(names, values, strict=True))

    def hand_fields(
        self, extras: Mapping[str, Any], claim: str, names: tuple[str, str], knocker: int | None
    ) -> dict[str, Any]:
        return {"on_table": self.tables(extras, names, knocker)} if claim == "gin" else {}

    def told(self, hand: Told) -> str | None:
        if hand.kind not in ("gin", "big-gin") or hand.other_points is None:
            return None
        k, d = hand.knocker, hand.defender
        tables = self.tables(hand.extras, hand.names, hand.knocker_seat)
        return (
            f"{k} {hand.what} with {tables[k]} on the table; {d} has {tables[d]} on the table "
            f"and {hand.defender_deadwood} in hand: {k} +{hand.points}, {d} "
            f"{hand.other_points:+d}{hand.doubled}"
        )

    def export(self, extras: Mapping[str, Any], other: int | None) -> dict[str, Any]:
        return {"other_points": other, **{key: extras.get(key) for key in TABLES}}

    def export_more(self, extras: Mapping[str, Any]) -> dict[str, Any]:
        return {key: extras.get(key) for key in TABLE_CARDS}

    def imported(self, row: Mapping[str, Any], read: ReadColumn) -> dict[str, Any] | None:
        counts = [read(key) for key in TABLES]
        cards = [str(row.get(key) or "").strip() or None for key in TABLE_CARDS]
        if counts[0] is None and not cards[0]:
            return None
        return {
            "table": None if cards[0] else counts[0],
            "table_cards": cards[0],
            "vs_table": None if cards[1] else counts[1],
            "vs_table_cards": cards[1],
        }


VARIANT = Mahjong
