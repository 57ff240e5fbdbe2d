"""Settling: a typed hand turned into the hand as stored (winner and points worked out by the
match's variant, `scoring`), and a stored hand settled again to see whether it still says what
its own inputs give.

Terminology
- settle (`settle`): a typed hand (`model.TypedHand`) checked against the match's players,
  variant and rules and scored: the `HandRecord` to store, or a `GintallyError` before anything
  is written.
- settled again (`stored_problem`): a stored hand turned back into what was typed
  (`typed_from_record`) and settled: what the row stores after its inputs (winner, points,
  kind, the other player's points, the counts its cards give, its layoffs) must be what that
  gives. A row that contradicts its own inputs (another tool changed one of them) is damage:
  the ledger holds facts, and which of the two is the fact cannot be told, so `check` names
  it and every read that shows the hand refuses it (`Settling`, `replaying`).

Nothing here reads the ledger, prints, or computes a score itself.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

from gintally.errors import GintallyError, HandError, LedgerError
from gintally.game.cards import format_cards, parse_card, parse_cards
from gintally.game.scoring import HandResult, check_count, least_points, parse_kind
from gintally.game.variants import HandInput, Variant, variant_of
from gintally.ledger.damage import CHECK_HINT
from gintally.model import HandRecord, Match, Player, TypedHand, plain_text
from gintally.service.seating import seating_of

CLAIMS = ("knock", "gin", "big-gin", "draw", "misdeal", "score", "sour")
_PLAYED = ("knock", "gin", "big-gin", "score", "sour")  # claims made by a player


@dataclass(frozen=True)
class Settled:
    """A typed hand settled for a match: the record to store and the scoring result."""

    record: HandRecord
    result: HandResult


def _input(match: Match, typed: TypedHand, actor: int | None) -> HandInput:
    """The typed inputs as the match's variant reads them (a draw's counts in seat order)."""
    counts: dict[int, int] = {}
    for name, value in typed.draw_deadwood.items():
        player = match.player(name)
        check_count(f"{player.name}'s deadwood", value, match.rules)
        counts[match.seat(player.id) or 0] = value
    scores = match.rules.deck_out_scores and "draw_deadwood" in variant_of(match.rules).takes(
        "draw"
    )
    if typed.claim == "draw" and scores and len(counts) < 2:
        a, b = match.tables[_draw_table(match, typed)]
        raise HandError(
            f"match {match.name!r} scores a dead deck: give --deadwood "
            f"{a.name}=N --deadwood {b.name}=N"
        )
    return HandInput(
        deadwood=typed.deadwood,
        vs=typed.vs,
        cards=typed.cards,
        vs_cards=typed.vs_cards,
        points=typed.points,
        kind=typed.kind,
        draw_deadwood=(counts[0], counts[1]) if len(counts) == 2 else None,
        dealer=typed.dealer,
        upcard=typed.upcard,
        actor=actor,
        extra=typed.extra,
    )


def settle(match: Match, typed: TypedHand) -> Settled:
    """Check a typed hand against the match's players, variant and rules, and score it."""
    rules = match.rules
    variant = variant_of(rules)
    claim = typed.claim
    if claim not in CLAIMS:
        raise HandError(f"unknown hand {claim!r}; record one of: {', '.join(CLAIMS)}")
    refused = seating_of(match).misdeal_refused
    if claim == "misdeal" and refused:
        raise HandError(refused)
    given = _input(match, typed, None).given() | (
        {"draw_deadwood"} if typed.draw_deadwood else set()
    )
    variant.check(claim, given)
    upcard = str(parse_card(typed.upcard)) if typed.upcard else None
    dealer = match.player(typed.dealer).id if typed.dealer else None
    if claim in _PLAYED and not typed.player:
        raise HandError(f"a {claim} needs the player who made it")
    if claim == "knock" and rules.knock_from_upcard and upcard is None:
        raise HandError(
            f"match {match.name!r} takes its knock limit from the upcard: "
            f"give --upcard (for example --upcard 7D)"
        )
    scores = claim in ("knock", "gin", "big-gin") or (claim == "draw" and rules.deck_out_scores)
    if scores and variant.dealt and rules.spade_doubles and upcard is None:
        raise HandError(
            f"match {match.name!r} doubles a hand dealt with a spade upcard: give --upcard"
        )
    actor = match.player(typed.player) if claim in _PLAYED and typed.player else None
    seat = match.seat(actor.id) if actor is not None else None
    result = variant.settle(claim, _input(match, typed, seat), rules, upcard)
    return Settled(_record(match, typed, result, actor, upcard, dealer), result)


def _record(
    match: Match,
    typed: TypedHand,
    result: HandResult,
    actor: Player | None,
    upcard: str | None,
    dealer: int | None,
) -> HandRecord:
    """The hand as stored: the inputs as typed (cards normalised) and the computed result."""
    base = HandRecord(
        date=typed.date,
        claim=typed.claim,
        kind=str(result.kind),
        winner=None,
        points=result.points,
        upcard=upcard,
        dealer=dealer,
        note=plain_text(typed.note, "the note", one_line=True) or None if typed.note else None,
        other_points=result.other_points,
    )
    if typed.claim in ("draw", "misdeal"):
        counts = _input(match, typed, None).draw_deadwood
        seated = match.tables[_draw_table(match, typed)]
        _dealer_at_table(match, dealer, seated[0].id)
        winner = None
        if result.winner is not None:
            winner = seated[0 if result.winner == "first" else 1].id
        return replace(
            base,
            winner=winner,
            knocker=seating_of(match).draw_mark(seated),
            knocker_deadwood=counts[0] if counts else None,
            defender_deadwood=counts[1] if counts else None,
        )
    assert actor is not None
    _dealer_at_table(match, dealer, actor.id)
    if typed.claim == "score":
        return replace(base, winner=actor.id)
    # A knock tied under tie=no-score has no winner.
    won = {"knocker": actor.id, "defender": match.other(actor.id).id}.get(result.winner or "")
    return replace(
        base,
        winner=won,
        knocker=actor.id,
        knocker_deadwood=result.knocker_deadwood,
        defender_deadwood=result.defender_deadwood,
        knocker_cards=_norm_cards(typed.cards),
        defender_cards=_norm_cards(typed.vs_cards),
        layoffs=format_cards(result.layoffs) or None,
        extras=result.extras,
    )


def _norm_cards(text: str | None) -> str | None:
    return format_cards(parse_cards(text)) if text else None


def _dealer_at_table(match: Match, dealer: int | None, player: int) -> None:
    """The dealer of a hand is one of the two players at its table (there are several in a team
    match)."""
    if dealer is None or match.table_of(dealer) == match.table_of(player):
        return
    table = match.table_of(player) or 0
    raise HandError(
        f"{match.name_of(dealer)} does not play at {match.table_name(table)}'s table: "
        f"the dealer is one of {match.table_name(table).replace(' v ', ' and ')}"
    )


def _draw_table(match: Match, typed: TypedHand) -> int:
    """The table of a drawn hand: the one of the player named, or of the counts given."""
    if len(match.tables) == 1:
        return 0
    named = [match.player(n) for n in ([typed.player] if typed.player else [])]
    named += [match.player(n) for n in typed.draw_deadwood]
    tables = {match.table_of(p.id) or 0 for p in named}
    if not tables:
        raise HandError(
            f"match {match.name!r} is played at {len(match.tables)} tables: name a player of "
            f"the drawn hand's table (gintally draw {match.tables[0][0].name})"
        )
    if len(tables) > 1:
        where = ", ".join(
            f"{p.name} at {match.table_name(match.table_of(p.id) or 0)}" for p in named
        )
        raise HandError(f"a drawn hand is at one table, not several ({where})")
    return tables.pop()


def typed_from_record(match: Match, rec: HandRecord) -> TypedHand:
    """The typed hand behind a stored one (what `edit` starts from)."""
    draw: dict[str, int] = {}
    if rec.claim == "draw":
        seated = match.tables[match.table_of(rec.knocker) or 0]
        for idx, value in ((0, rec.knocker_deadwood), (1, rec.defender_deadwood)):
            if value is not None:
                draw[seated[idx].name] = value
    player = match.name_of(rec.knocker if rec.claim != "score" else rec.winner)
    cards_given = rec.knocker_cards is not None
    counted = rec.claim in ("knock", "sour")  # the claims that take the player's deadwood
    played = rec.claim not in ("draw", "misdeal", "score")
    extra = variant_of(match.rules).retyped(rec.extras, rec.claim, rec.other_points)
    return TypedHand(
        claim=rec.claim,
        date=rec.date,
        player=player,
        deadwood=None if cards_given or not counted else rec.knocker_deadwood,
        vs=None
        if rec.defender_cards or not played or rec.claim == "sour"
        else rec.defender_deadwood,
        cards=rec.knocker_cards,
        vs_cards=rec.defender_cards,
        points=rec.points if rec.claim == "score" else None,
        kind=rec.kind if rec.claim == "score" else None,
        draw_deadwood=draw,
        dealer=match.name_of(rec.dealer),
        upcard=rec.upcard,
        note=rec.note,
        extra=extra,
    )


def stored_problem(match: Match, variant: Variant, kept: HandRecord) -> str:
    """What is wrong with a stored hand (`kept`, read from its row) settled again under its
    match's rules (`variant`: the match's): "" when nothing is, else the end of a sentence
    ("stored knock 40 but it scores knock 15")."""
    try:
        wrong = variant.stored_problems(kept.extras)
        if wrong:
            raise GintallyError(f"its extras do not read: {'; '.join(wrong)}")
        typed = typed_from_record(match, kept)
        least = below_floor(match, kept)
        if least is None:
            rec = settle(match, typed).record
        else:  # settled at its floor, and kept as copied
            rec = replace(settle(match, replace(typed, points=least)).record, points=kept.points)
    except GintallyError as e:
        return str(e)
    if kept.knocker_deadwood not in (None, rec.knocker_deadwood) and rec.knocker_deadwood == 0:
        # a gin's count the replay never reads (its knocker melds every card): one no command
        # could have stored
        return f"stored the knocker's deadwood {kept.knocker_deadwood} but a {rec.kind} has none"
    again = (rec.winner, rec.points, rec.kind, rec.other_points)
    stored = (kept.winner, kept.points, kept.kind, kept.other_points)
    if again != stored and again[1:] == stored[1:]:
        return f"stored winner player {stored[0]} but it is won by player {again[0]}"
    if again != stored:
        _, points, kind, other = stored
        _, right, right_kind, right_other = again
        said = f" ({right_other:+d} to the other player)" if right_other is not None else ""
        had = f" ({other:+d} to the other player)" if other is not None else ""
        return f"stored {kind} {points}{had} but it scores {right_kind} {right}{said}"
    if kept.knocker_cards is not None or kept.defender_cards is not None:  # counts from cards
        for column, whose in (("knocker_deadwood", "knocker"), ("defender_deadwood", "defender")):
            have, right_count = getattr(kept, column), getattr(rec, column)
            if have is not None and right_count is not None and have != right_count:
                return f"stored the {whose}'s deadwood {have} but the cards count {right_count}"
    laid, right_laid = _cards(kept.layoffs), _cards(rec.layoffs)
    if laid != right_laid:
        laid_off = f"the cards lay off {rec.layoffs}" if rec.layoffs else "no card is laid off"
        return f"stored the layoffs {kept.layoffs or 'none'} but {laid_off}"
    return ""


def below_floor(match: Match, rec: HandRecord) -> int | None:
    """The fewest points a stored paper score's kind scores (a gin its bonus: `least_points`)
    when it holds fewer, else None. That floor is a rule of entry (`score` refuses a gin of 10)
    that an older gintally did not have: a score it stored below it is what was copied from
    paper, whose points are its only input, so it is no contradiction (settled again, or
    merged, at its floor: `stored_problem`, `transfer.foreign`)."""
    if rec.claim != "score" or rec.kind is None:
        return None
    least, _ = least_points(parse_kind(rec.kind), match.rules)
    return least if rec.points < least else None


def _cards(text: str | None) -> frozenset[str]:
    """The cards a stored list names (a list already read as cards: `guards.hand_damage`)."""
    return frozenset(str(c) for c in parse_cards(text)) if text else frozenset()


class Settling:
    """`stored_problem` of a match's stored hands, remembered for each distinct set of values
    they store (hands that store the same values settle alike; `MEMO` sets at most, then
    forgotten, and again): called with those values (any hashable key that stands for them)
    and the record of a hand storing them (or a function that makes it); `refuse` raises the read's
    refusal. A reader asks `memo` first: a sound set is ``""``."""

    MEMO = 50_000

    def __init__(self, match: Match) -> None:
        self.match, self.variant = match, variant_of(match.rules)
        self.memo: dict[Hashable, str] = {}

    def __call__(self, values: Hashable, record: Callable[[], HandRecord] | HandRecord) -> str:
        wrong = self.memo.get(values)
        if wrong is None:
            kept = record if isinstance(record, HandRecord) else record()
            wrong = stored_problem(self.match, self.variant, kept)
            if len(self.memo) >= self.MEMO:
                self.memo.clear()
            self.memo[values] = wrong
        return wrong

    def refuse(
        self, number: int, values: Hashable, record: Callable[[], HandRecord] | HandRecord
    ) -> None:
        """Refuse hand `number` of the match, which stores `values`, when they contradict
        themselves: the one line a read prints, pointing to ``gintally check``."""
        wrong = self(values, record)
        if wrong:
            raise LedgerError(
                f"the ledger is damaged: hand {number} of match {self.match.name!r}: {wrong}; "
                f"{CHECK_HINT}"
            )
