"""The service: what a command asks of gintally, composed from the ledger and the engine.

Terminology
- typed hand (`model.TypedHand`): a hand command's input as the player typed it: the claim
  (knock, gin, big-gin, draw, score), the player, counts or cards, date, dealer, upcard, note.
- settle: turn a typed hand into a `HandRecord` (winner and points computed by `scoring`), or
  refuse it with a `GintallyError` before anything is written.
- correction: `edit`, `void` and `undo`; the hand keeps its number and everything recomputes.
- problem (`Problem`): one thing `check` finds wrong with a ledger, as data: where and what.
- window: the hands a replay needs. For ad-infinitum, one season (its games never outlive it);
  for the other formats, the whole match. So recording a hand and showing the games stays fast
  however many seasons the ledger holds.

Nothing here prints and nothing here computes a score itself.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import date
from pathlib import Path

from gintally import collector
from gintally.dates import ORDER_HELP
from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.replay import (
    REDEALT,
    Entry,
    Mark,
    Replay,
    Replayer,
    next_dealer,
    replay,
)
from gintally.engine.rounds import MAX_TEAM, MIN_TEAM, Deal, Round, entries_of, place, rounds_of
from gintally.engine.seasons import season_end, season_of
from gintally.engine.standings import Season, fold_standings, standings
from gintally.errors import GintallyError, HandError, LedgerError, NotFoundError
from gintally.game.cards import format_cards, parse_card, parse_cards
from gintally.game.rules import RuleSet
from gintally.game.scoring import HandResult, Kind, check_count, parse_kind
from gintally.game.variants import PHANTOM, HandInput, piles_text, variant_of
from gintally.ledger import Ledger
from gintally.ledger.store import CHECK_HINT, HandValues, record_of
from gintally.model import HAND_COLUMNS, HandRecord, Match, Player, TypedHand, fold, plain_text

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
        table=typed.table,
        table_cards=typed.table_cards,
        vs_table=typed.vs_table,
        vs_table_cards=typed.vs_table_cards,
        vs_points=typed.vs_points,
        piles=typed.piles,
        dealer=typed.dealer,
        upcard=typed.upcard,
        actor=actor,
    )


def settle(match: Match, typed: TypedHand) -> Settled:
    """Check a typed hand against the match's players, variant and rules, and score it."""
    rules = match.rules
    variant = variant_of(rules)
    claim = typed.claim
    if claim not in CLAIMS:
        raise HandError(f"unknown hand {claim!r}; record one of: {', '.join(CLAIMS)}")
    if claim == "misdeal" and match.teams is not None:
        raise HandError(
            "a team match keeps no dealer and a misdeal scores nothing: the table just deals "
            "again, there is nothing to record"
        )
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
            # In a team match a drawn hand's knocker column says its table (its side-0 player).
            knocker=seated[0].id if match.teams is not None else None,
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
        knocker_table=result.tables[0] if result.tables else None,
        defender_table=result.tables[1] if result.tables else None,
        knocker_table_cards=_norm_cards(typed.table_cards),
        defender_table_cards=_norm_cards(typed.vs_table_cards),
        piles=piles_text(result.piles) if result.piles is not None else None,
    )


def _norm_cards(text: str | None) -> str | None:
    return format_cards(parse_cards(text)) if text else None


def _dealer_at_table(match: Match, dealer: int | None, player: int) -> None:
    """In a team match the dealer of a hand is one of the two players at its table."""
    if match.teams is None or dealer is None or match.table_of(dealer) == match.table_of(player):
        return
    table = match.table_of(player) or 0
    raise HandError(
        f"{match.name_of(dealer)} does not play at {match.table_name(table)}'s table: "
        f"the dealer is one of {match.table_name(table).replace(' v ', ' and ')}"
    )


def _draw_table(match: Match, typed: TypedHand) -> int:
    """The table of a drawn hand: the one of the player named, or of the counts given."""
    if match.teams is None:
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
        table=None if rec.knocker_table_cards else rec.knocker_table,
        table_cards=rec.knocker_table_cards,
        vs_table=None if rec.defender_table_cards else rec.defender_table,
        vs_table_cards=rec.defender_table_cards,
        vs_points=rec.other_points if rec.claim == "score" else None,
        piles=rec.piles,
    )


# --- settings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """A ledger setting `gintally config` shows and changes: its values and what each means."""

    key: str
    values: Mapping[str, str]  # value -> what it means
    unset: str  # what happens while it is not set


SETTINGS = {
    s.key: s
    for s in (
        Setting(
            "date_order",
            ORDER_HELP,
            "a date that reads two ways, like 03/04/1998, is refused",
        ),
    )
}


def setting_of(key: str) -> Setting:
    """A setting by name; an unknown name is refused with the settings listed."""
    found = SETTINGS.get(key.strip().lower())
    if found is None:
        raise NotFoundError(f"unknown setting {key!r}; the settings are: {', '.join(SETTINGS)}")
    return found


def settings(ledger: Ledger) -> dict[str, str | None]:
    """Every setting's value (None: not set)."""
    return {key: ledger.setting(key) for key in SETTINGS}


def configure(ledger: Ledger, key: str, value: str | None) -> str | None:
    """Set a setting (None: unset it); returns the value kept."""
    setting = setting_of(key)
    if value is not None:
        value = value.strip().lower()
        if value not in setting.values:
            raise GintallyError(
                f"{setting.key} takes {_either(list(setting.values))}, not {value!r}"
            )
    ledger.set_setting(setting.key, value)
    return value


def _either(values: list[str]) -> str:
    return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]


def date_order(ledger: Ledger) -> str | None:
    """How the ledger reads a numeric date that reads two ways (`dates.ORDERS`), if set."""
    return ledger.setting("date_order")


# --- matches -------------------------------------------------------------------------------------


def new_match(
    ledger: Ledger,
    name: str,
    players: tuple[str, ...],
    fmt: Format,
    rules: RuleSet,
    first_dealer: str | None = None,
    teams: Sequence[TeamSpec] | None = None,
) -> Match:
    """Create a match, checked against its variant: two players, or for a solitaire variant
    (Gimlet Rummy) one player against the phantom, in single games; or two teams (`team_specs`)
    playing plain gin at every table (a round sums the winners' hand points, so a variant where
    both players score, or a solitaire, has no place in it). A series (series_target, best_of)
    counts games one after another, so it is refused for ad-infinitum."""
    variant = variant_of(rules)
    if fmt.seasonal and (rules.series_target is not None or rules.best_of is not None):
        raise GintallyError(
            f"a series counts games one after another: {fmt.name} games overlap without end "
            f"(set series_target and best_of off, or use another format)"
        )
    if teams is not None:
        if variant.key != "gin":
            raise GintallyError(
                f"{variant.title} is not played in teams (rules variant={variant.key}): a team "
                f"match plays plain gin at every table"
            )
        members = [m for spec in teams for m in spec.members]
        if fold(PHANTOM) in {fold(m) for m in members}:
            raise GintallyError(
                f"{PHANTOM} is the phantom opponent of Gimlet solitaire: give another name"
            )
        sides = [(s.name, s.members) for s in teams]
        return ledger.create_match(name, ("", ""), fmt, rules, None, teams=sides)
    if variant.players == 1:
        if len(players) != 1:
            raise GintallyError(
                f"{variant.title} is solitaire: give one player (--players NAME), who plays "
                f"against {PHANTOM}"
            )
        if players[0].strip().casefold() == PHANTOM.casefold():
            raise GintallyError(f"{PHANTOM} is the opponent in {variant.title}: give your name")
        if first_dealer is not None:
            raise GintallyError(f"{variant.title} is solitaire: there is no dealer (--dealer)")
        if fmt.name != "single":
            raise GintallyError(
                f"{variant.title} is played one game at a time: use --format single, not {fmt.name}"
            )
        pair = (players[0], PHANTOM)
    else:
        if len(players) != 2:
            raise GintallyError(
                f"a match needs two players: --players A B (one player is for Gimlet "
                f"solitaire, --rules gimlet), not {len(players)}"
            )
        if PHANTOM.casefold() in {p.strip().casefold() for p in players}:
            raise GintallyError(
                f"{PHANTOM} is the phantom opponent of Gimlet solitaire: give another name"
            )
        pair = (players[0], players[1])
    return ledger.create_match(name, pair, fmt, rules, first_dealer)


def rename_player(ledger: Ledger, old: str, new: str) -> Player:
    """Rename a player everywhere. The phantom of Gimlet solitaire keeps its name, and nobody
    takes it: a solitaire's second seat is found by that name, and it is not a person."""
    if fold(new) == fold(PHANTOM):
        raise GintallyError(
            f"{PHANTOM} is the phantom opponent of Gimlet solitaire: give another name"
        )
    who = ledger.player(old)
    if fold(who.name) == fold(PHANTOM) and any(
        variant_of(m.rules).players == 1 and m.players[1].id == who.id for m in ledger.matches()
    ):
        raise GintallyError(
            f"{PHANTOM} is the phantom opponent of Gimlet solitaire: it keeps its name"
        )
    return ledger.rename_player(old, new)


# --- recording -----------------------------------------------------------------------------------


def record(ledger: Ledger, match: Match, typed: TypedHand) -> tuple[HandRecord, HandResult]:
    """Settle and store one hand (one transaction). Nothing is written when it is refused.

    In a team match a hand at a table that has already played the round in progress and the
    next one is refused (`rounds.place`)."""
    if typed.claim == "draw" and typed.player and match.teams is None:
        raise HandError(
            f"a drawn hand names a player only in a team match (to say its table), and "
            f"{match.name!r} is {match.players[0].name} v {match.players[1].name}"
        )
    settled = settle(match, typed)
    if match.teams is not None:
        table = hand_table(match, settled.record)
        place(team_rounds(match, ledger.live_hands(match)), table, table_names(match))
    return ledger.add_hand(match, settled.record), settled.result


# The inputs a hand can be given (`HandInput`'s fields), in the order an edit names them.
_INPUTS = frozenset(f.name for f in fields(HandInput)) - {"actor"}
_EDIT_ORDER = ("player", *(f.name for f in fields(HandInput)))
_TYPED = frozenset(f.name for f in fields(TypedHand))
_TWO_FORMS = (("deadwood", "cards"), ("vs", "vs_cards"), ("table", "table_cards"),
              ("vs_table", "vs_table_cards"))  # fmt: skip
_DEALS = ("draw", "misdeal")  # claims no player makes


def edit(
    ledger: Ledger,
    match: Match,
    hand_id: int,
    changes: Mapping[str, object],
    reason: str | None = None,
) -> tuple[HandRecord, HandResult]:
    """Replace hand `hand_id` (its number in the match) with a corrected version that keeps
    its number and place. The hand is read and replaced in one write transaction: an edit made
    meanwhile by another process is the version this one corrects, never silently discarded."""
    with ledger.write():
        return _edit(ledger, match, hand_id, changes, reason)


def _edit(
    ledger: Ledger,
    match: Match,
    hand_id: int,
    changes: Mapping[str, object],
    reason: str | None,
) -> tuple[HandRecord, HandResult]:
    old = ledger.hand(match, hand_id)
    if old.voided:
        raise GintallyError(f"hand {hand_id} is void: it cannot be edited")
    typed = typed_from_record(match, old)
    updates = {k: v for k, v in changes.items() if v is not None}
    if "kind" in updates:
        kind = parse_kind(str(updates.pop("kind")))
        no_winner = kind in (Kind.DRAW, Kind.MISDEAL)
        if kind is Kind.SCORE or (typed.claim == "score" and not no_winner):
            updates.setdefault("claim", "score")
            if typed.claim != "score":
                updates.setdefault("points", old.points)
                updates.setdefault("player", match.name_of(old.winner))
            updates["kind"] = None if kind is Kind.SCORE else str(kind)
        else:
            updates["claim"] = "knock" if kind in (Kind.UNDERCUT, Kind.TIE) else str(kind)
            if updates["claim"] not in ("knock", "sour"):  # only these count the deadwood
                updates.setdefault("deadwood", None)
    for number, cards in _TWO_FORMS:  # a count typed anew replaces its cards, and the reverse
        if cards in updates and number not in updates:
            updates[number] = None
        if number in updates and cards not in updates:
            updates[cards] = None
    typed = replace(typed, **updates)  # type: ignore[arg-type]
    given = {k for k, v in changes.items() if v is not None and k != "kind"}  # --kind: the claim
    if typed.claim != "score" and "points" in given:
        raise HandError(
            f"hand {hand_id} is a {typed.claim}: its points come from the counts "
            f"(to copy points from paper instead, add --kind score)"
        )
    takes = variant_of(match.rules).takes(typed.claim)
    misplaced = given & ((_INPUTS - takes) | ({"player"} if typed.claim in _DEALS else set()))
    if misplaced:
        name = min(misplaced, key=_EDIT_ORDER.index)
        option = "--deadwood PLAYER=N" if name == "draw_deadwood" else "--" + name.replace("_", "-")
        raise HandError(f"{option} does not apply to hand {hand_id}, a {typed.claim}")
    # what the hand's new claim does not take goes (a knock edited to a draw drops its counts)
    dropped: dict[str, object] = {
        k: ({} if k == "draw_deadwood" else None) for k in _INPUTS - takes if k in _TYPED
    }
    typed = replace(typed, **dropped)  # type: ignore[arg-type]
    settled = settle(match, typed)
    if settled.record.same_inputs(old):
        raise GintallyError(f"hand {hand_id} already says that: nothing to change")
    stored = ledger.replace_hand(match, hand_id, settled.record, reason)
    return stored, settled.result


def undo(ledger: Ledger, match: Match) -> HandRecord:
    """Void the hand entered last in the match. Found and voided in one write transaction: two
    undos at once take back two hands."""
    with ledger.write():
        last = ledger.last_hand(match)
        if last is None:
            raise GintallyError(f"match {match.name!r} has no hand to undo")
        return ledger.void(match, last.id, "undo")


# --- replaying -----------------------------------------------------------------------------------


# what `Ledger.plays` returns: number, date, kind, winner, points, dealer, other points
PlayRow = tuple[int, str, str, int | None, int, int | None, int | None]


def _entry(match: Match, hand: int, day: date, kind: str, winner: int | None, points: int,
           dealer: int | None, other: int | None) -> Entry:  # fmt: skip
    return Entry(hand, day, match.seat(winner), points, kind, match.seat(dealer), other or 0)


def entries(match: Match, hands: Iterable[HandRecord]) -> list[Entry]:
    """Stored hands as the engine reads them (player ids become seats 0 and 1). In a team
    match, one entry per complete round (`rounds`): a round in progress posts nothing."""
    if match.teams is not None:
        return entries_of(team_rounds(match, hands))
    return [
        _entry(match, h.id, h.date, h.kind, h.winner, h.points, h.dealer, h.other_points)
        for h in hands
    ]


# --- teams ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamSpec:
    """A team as typed for `match new --teams`: its name if given, and its members in order."""

    name: str | None
    members: tuple[str, ...]


def team_specs(texts: Iterable[str]) -> list[TeamSpec]:
    """Read ``"Ann,Cy"`` or ``"Reds=Ann,Cy"`` for each of the two teams and check them: two
    teams of the same size, two to four players each, nobody twice, two different names."""
    specs = []
    for text in texts:
        name, sep, rest = text.partition("=")
        if not sep:
            name, rest = "", text
        members = tuple(" ".join(m.split()) for m in rest.split(","))
        if any(not m for m in members):
            raise GintallyError(
                f'team {text!r} has an empty name in its list (write the players as "Ann,Cy")'
            )
        if sep and not name.strip():
            raise GintallyError(f"team {text!r} has an empty name before '='")
        specs.append(TeamSpec(" ".join(name.split()) or None, members))
    if len(specs) != 2:
        raise GintallyError(f"a team match needs two teams, not {len(specs)}")
    for spec in specs:
        if not MIN_TEAM <= len(spec.members) <= MAX_TEAM:
            raise GintallyError(
                f"a team has {MIN_TEAM} to {MAX_TEAM} players, not {len(spec.members)} "
                f"({', '.join(spec.members)})"
            )
    a, b = specs
    if len(a.members) != len(b.members):
        raise GintallyError(
            f"the teams must be the same size, one player a table: {', '.join(a.members)} "
            f"against {', '.join(b.members)}"
        )
    seen: dict[str, tuple[int, str]] = {}
    for side, spec in enumerate(specs):
        for m in spec.members:
            key = fold(m)
            if key in seen:
                first_side, first = seen[key]
                where = "twice in the same team" if first_side == side else "on both teams"
                raise GintallyError(f"{first} is {where}: each player sits at one table")
            seen[key] = (side, m)
    names = [spec.name or " & ".join(spec.members) for spec in specs]
    if fold(names[0]) == fold(names[1]):
        raise GintallyError(f"the two teams need different names, not {names[0]!r} twice")
    return specs


def team_rules(rules: RuleSet, size: int) -> RuleSet:
    """A team match's rules as stored: `team_sweep_bonus` resolved for its team size."""
    return replace(rules, team_sweep_bonus=rules.sweep_bonus(size))


def table_names(match: Match) -> list[str]:
    return [match.table_name(t) for t in range(len(match.tables))]


def hand_table(match: Match, h: HandRecord) -> int:
    """The table a stored hand was played at: the one of its knocker, winner or dealer (a team
    match stores a drawn hand's table as its knocker)."""
    for who in (h.knocker, h.winner, h.dealer):
        table = match.table_of(who)
        if table is not None:
            return table
    return 0


def team_rounds(match: Match, hands: Iterable[HandRecord]) -> list[Round]:
    """A team match's rounds, from its live hands."""
    assert match.teams is not None
    size = len(match.tables)
    deals = [
        Deal(h.id, h.date, hand_table(match, h), match.seat(h.winner), h.points, h.kind)
        for h in hands
    ]
    return rounds_of(deals, size, match.rules.sweep_bonus(size))


def _entries(match: Match, rows: Iterable[PlayRow]) -> list[Entry]:
    """Light rows (`Ledger.plays`) as the engine reads them; a damaged row is a `LedgerError`
    that points to ``gintally check``."""
    return list(_streamed_entries(match, rows))


def _streamed_entries(match: Match, rows: Iterable[PlayRow]) -> Iterator[Entry]:
    """`_entries`, one row at a time (for rows streamed from the file). The players' seats are
    looked up once and each distinct date is parsed once: a replay reads every hand of a match
    through here."""
    # `Match.seat` of a two-player match (the first player 0, anyone else 1) as a dict lookup
    seats = {None: None, match.players[0].id: 0} if match.teams is None else None
    seat = match.seat
    new = tuple.__new__  # what `Entry(...)` calls, without its Python-level __new__
    days: dict[str, date] = {}
    for hid, day, kind, w, pts, d, other in rows:
        when = days.get(day)
        try:
            if when is None:
                if len(days) >= 4096:
                    days.clear()
                when = days[day] = date.fromisoformat(day)
            if type(pts) is not int or (other is not None and type(other) is not int):
                raise TypeError(pts)
        except (TypeError, ValueError):
            raise LedgerError(
                f"the ledger is damaged: hand {hid} of match {match.name!r} cannot be read "
                f"(date {day!r}, points {pts!r}); {CHECK_HINT}"
            ) from None
        if seats is not None:
            yield new(Entry, (hid, when, seats.get(w, 1), pts, kind, seats.get(d, 1), other or 0))
        else:
            yield new(Entry, (hid, when, seat(w), pts, kind, seat(d), other or 0))


@dataclass
class Window:
    """A replayed stretch of a match: the games derived from it and which of them to show."""

    match: Match
    hands: list[HandRecord]
    replay: Replay
    season: str | None
    shown: list[Game] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)  # a team match's rounds, every one


def round_of(window: Window, rec: HandRecord) -> Round | None:
    """The round a hand of a team match belongs to (None: voided, or not a team match)."""
    return next((r for r in window.rounds for d in r.deals if d and d.id == rec.id), None)


def entry_of(window: Window, rec: HandRecord) -> int | None:
    """The replay entry a hand made: its own number, or in a team match the number of its round
    once complete (None while the round waits: the hand has posted nothing yet)."""
    if window.match.teams is None:
        return rec.id
    found = round_of(window, rec)
    return found.number if found is not None and found.complete else None


RECENT_GAMES = 10  # finished games `show` lists for formats without seasons (besides open ones)


def recent_games(fmt: Format) -> int:
    """How many finished games `show` lists: `RECENT_GAMES`, and at least two whole sets."""
    return max(RECENT_GAMES, 2 * fmt.games) if fmt.in_sets else RECENT_GAMES


def replay_match(
    ledger: Ledger,
    match: Match,
    around: date | None = None,
    today: date | None = None,
    remember: bool = False,
) -> Window:
    """Replay what `show` needs, without replaying the whole match when a mark allows.

    Ad-infinitum: the season holding `around` (default: the latest season played), all its
    games. Other formats: the open games and the latest finished ones (`RECENT_GAMES`, or two
    sets). The replay starts from the match's remembered quiet point (`engine.replay.Mark`) when the
    ledger still agrees with it, else from the first hand; the games shown are the same either
    way. With `remember` (write commands) a newer quiet point found on the way is kept. `today`
    (or a later hand) tells whether a season is over, and so its open games unfinished.
    """
    fmt = match.format
    if match.teams is not None:
        return _team_window(ledger, match, around, today)
    with ledger.snapshot():
        seen = ledger.rows_seen()
        kept = mark = ledger.mark(match)
        latest = ledger.live_hands_latest(match)
        if fmt.seasonal and around is None and latest is not None:
            around = latest.date
        if fmt.seasonal and around is not None:
            label, first_day = season_of(around, fmt.season_start)
            end = season_end(first_day)
            if mark is None or (mark.cut_date, mark.cut_hand) > (first_day, 0):
                mark = Mark(first_day, 0, 0, _dealer_before(ledger, match, first_day), label, 0)
            rows = ledger.plays(match, after=(mark.cut_date, mark.cut_hand), until=end)
        else:
            label = None
            if mark is None:  # find the latest quiet point, streaming: nothing is kept
                mark = _latest_quiet(ledger, match)
            rows = ledger.plays(
                match, after=None if mark is None else (mark.cut_date, mark.cut_hand)
            )
    seen_dates = [d for d in (today, latest.date if latest else None) if d is not None]
    as_of = max(seen_dates) if seen_dates else None
    dealer = match.first_seat
    rep = replay(_entries(match, rows), match.rules, fmt, dealer, as_of=as_of, start=mark)
    if label is None and mark is not None and rep.finished - mark.finished < recent_games(fmt):
        # Hands voided since the mark left too few finished games after it: replay whole.
        mark = None
        rep = replay(_entries(match, ledger.plays(match)), match.rules, fmt, dealer, as_of=as_of)
    if label is not None:
        rep.season = label
        shown = [g for g in rep.games if g.season == label]
    else:
        keep = recent_games(fmt)
        finished = [g for g in rep.games if g.status == "won"]
        won = {id(g) for g in finished[max(0, len(finished) - keep) :]}
        shown = [g for g in rep.games if g.status != "won" or id(g) in won]
    if remember and not ledger.read_only:
        _remember(ledger, match, kept, mark, rep, seen)
    return Window(match, [], rep, label, shown)


def _latest_quiet(ledger: Ledger, match: Match) -> Mark | None:
    """The latest quiet point of a match without seasons that leaves `recent_games` finished
    games after it (what `_remember` would keep after a whole replay), found by replaying the
    match as its hands stream from the file, keeping no hand and no game: the replay `show`
    then makes starts there, so its memory does not grow with the match. None when the match
    never was quiet (rolling Hollywood) or has too few games."""
    keep = recent_games(match.format)
    run = Replayer(match.rules, match.format, match.first_seat)
    pending: deque[Mark] = deque()  # quiet points with fewer than `keep` games won since
    best = None
    for e in _streamed_entries(match, ledger.stream_plays(match)):
        run.feed(e)
        run.played.clear()
        run.games.clear()
        pending.extend(run.marks)
        run.marks.clear()
        while pending and run.finished - pending[0].finished >= keep:
            best = pending.popleft()
    return best


def _team_window(ledger: Ledger, match: Match, around: date | None, today: date | None) -> Window:
    """`replay_match` for a team match: its rounds and games, replayed whole (an evening of
    partnership play is short; no quiet point is kept)."""
    window = replay_all(ledger, match, today)
    rep, fmt = window.replay, match.format
    if fmt.seasonal:
        day = around or (window.hands[-1].date if window.hands else None)
        label = season_of(day, fmt.season_start)[0] if day is not None else None
        window.season = rep.season = label
        window.shown = [g for g in rep.games if g.season == label]
    else:
        keep = recent_games(fmt)
        finished = [g for g in rep.games if g.status == "won"]
        won = {id(g) for g in finished[max(0, len(finished) - keep) :]}
        window.shown = [g for g in rep.games if g.status != "won" or id(g) in won]
    return window


def _remember(
    ledger: Ledger,
    match: Match,
    kept: Mark | None,
    used: Mark | None,
    rep: Replay,
    seen: tuple[int, int],
) -> None:
    """Keep the newest quiet point that still leaves `show` everything it shows after it:
    one the replay passed, or the one it started from (a season's start worked out just now).
    `kept` is the match's mark as stored; nothing is written when it is already the best."""
    if match.format.seasonal:
        best = rep.marks[-1] if rep.marks else used
    else:
        keep = recent_games(match.format)
        usable = [m for m in rep.marks if rep.finished - m.finished >= keep]
        best = usable[-1] if usable else used
    if best is not None and best != kept:
        ledger.remember_mark(match, best, seen)


def season_before(
    ledger: Ledger, match: Match, window: Window, rec: HandRecord, today: date | None = None
) -> Window | None:
    """For the first hand of an ad-infinitum season (`rec`, in `window`, its season): the
    season before it, replayed as over (its open games unfinished). None for any other hand,
    so only the first hand of a season pays for a second replay."""
    if not match.format.seasonal or window.season is None:
        return None
    first = next((p for p in window.replay.played if p.season == window.season), None)
    if first is None or first.entry.id != entry_of(window, rec):
        return None
    start = season_of(rec.date, match.format.season_start)[1]
    last = ledger.live_hands_latest(match, before=start)
    if last is None:
        return None
    return replay_match(ledger, match, around=last.date, today=max(today or rec.date, rec.date))


@dataclass(frozen=True)
class Logged:
    """One line of the hand log: the hand and who dealt it (typed or derived)."""

    hand: HandRecord
    dealer: int | None
    round: int | None = None  # team match: the round it belongs to (None: voided)


@dataclass
class Log:
    """The hand log of a match: the season shown (None: every season), how many hands it holds,
    and the hands themselves, produced one at a time (read them inside the ledger's context)."""

    match: Match
    season: str | None
    count: int
    rows: Iterator[Logged]
    width: int = 1  # digits of the match's highest hand number


def hand_log(
    ledger: Ledger,
    match: Match,
    year: int | None = None,
    last: int | None = None,
    every: bool = False,
) -> Log:
    """The hands `hands` lists: the latest season's live hands (the season starting in `year`
    when given); with `every`, every season and the voided hands too (only that season's with
    `year`); `last` keeps the last N of those. The hands stream from a cursor and the dealers
    are worked out on the way, so memory does not grow with the ledger."""
    fmt = match.format
    since = until = None
    label: str | None = None
    if year is not None:
        start = date(year, *fmt.season_start)
        label, since = season_of(start, fmt.season_start)
        until = _season_end(since)
    elif not every:
        latest = ledger.live_hands_latest(match)
        if latest is not None:
            label, since = season_of(latest.date, fmt.season_start)
            until = _season_end(since)
    count = ledger.count_hands(match, every, since, until) if label or every else 0
    skip = max(0, count - last) if last is not None else 0
    width = len(str(ledger.last_number(match)))
    rows = _logged(ledger, match, every, since, until, skip)
    return Log(match, label, count - skip, rows, width)


def _season_end(since: date) -> date | None:
    """The next season's first day, or None (no end) for the season of the calendar's last
    year, whose successor a date cannot hold."""
    return season_end(since) if since.year < date.max.year else None


def _logged(
    ledger: Ledger,
    match: Match,
    voided: bool,
    since: date | None,
    until: date | None,
    skip: int,
) -> Iterator[Logged]:
    """The log's hands from `since`, the dealers worked out on the way from the dealer of the
    first hand on or after `since`. A team match's hands get their rounds instead (the k-th live
    hand at a table is in round k, as `engine.rounds` says): counted from the first hand, a
    count per table, so memory stays flat there too."""
    if match.teams is not None:
        yield from _logged_rounds(ledger, match, voided, since, until, skip)
        return
    rules = match.rules
    dealt = variant_of(rules).dealt  # a solitaire (Gimlet) has no dealer
    dealer = match.first_seat if since is None else _dealer_before(ledger, match, since)
    seen = 0
    for h in ledger.stream_hands(match, since):
        if until is not None and h.date >= until:
            return
        # who dealt it: typed, else as far as the live hands tell (a voided hand changes nothing)
        dealer_of = match.seat(h.dealer) if h.dealer is not None else dealer
        if not h.voided:
            dealer = next_dealer(rules.next_dealer, h.kind, match.seat(h.winner), dealer_of)
        if (since is not None and h.date < since) or (h.voided and not voided):
            continue
        seen += 1
        if seen > skip:
            yield Logged(h, dealer_of if dealt else None)


def _logged_rounds(
    ledger: Ledger,
    match: Match,
    voided: bool,
    since: date | None,
    until: date | None,
    skip: int,
) -> Iterator[Logged]:
    """`_logged` for a team match: each hand with its round (no dealer is derived: each table
    deals on its own, and a hand keeps the dealer typed with it, if any)."""
    played = [0] * len(match.tables)
    seen = 0
    for h in ledger.stream_hands(match):
        if until is not None and h.date >= until:
            return
        number = None
        if not h.voided:
            table = hand_table(match, h)
            played[table] += 1
            number = played[table]
        if (since is not None and h.date < since) or (h.voided and not voided):
            continue
        seen += 1
        if seen > skip:
            yield Logged(h, None, number)


def replay_all(ledger: Ledger, match: Match, today: date | None = None) -> Window:
    """Replay the whole match, every season (for standings, the hand log and checks)."""
    hands = ledger.live_hands(match)
    if match.teams is not None:
        rounds = team_rounds(match, hands)
        rep = replay(entries_of(rounds), match.rules, match.format, None, as_of=today)
        return Window(match, hands, rep, None, list(rep.games), rounds)
    rep = replay(entries(match, hands), match.rules, match.format, match.first_seat, as_of=today)
    return Window(match, hands, rep, None, list(rep.games))


def match_standings(
    ledger: Ledger, match: Match, today: date | None = None, year: int | None = None
) -> tuple[list[Season], Window]:
    """Every season of the match (`engine.standings`) and the window `report.standings_doc`
    reads: for a two-player match, folded while the hands stream from the file (no hand is
    kept: the window holds no hands, and its replay only the games won in the season shown,
    the one starting in `year` or the latest); a team match is replayed whole."""
    if match.teams is not None:
        window = replay_all(ledger, match, today)
        return standings(window.replay, match.format, today), window
    with ledger.snapshot(), collector.paused():
        rows = _streamed_entries(match, ledger.stream_plays(match))
        seasons, rep = fold_standings(
            rows, match.rules, match.format, match.first_seat, today, year
        )
    return seasons, Window(match, [], rep, None, list(rep.games))


def _dealer_before(ledger: Ledger, match: Match, start: date) -> int | None:
    """Who deals the first hand on or after `start`, from the hands before it, without reading
    them: `engine.replay.dealer_after` of those hands, worked out from the last of them whose
    dealer was typed (or, when the winner or loser deals next, whose result decides), and then,
    when the dealer alternates, from how many hands since had a winner (each one passes the
    deal; a draw or a misdeal is redealt). Two indexed queries, whatever the size of the match,
    so no command replays decades to find a season's first dealer."""
    rule = match.rules.next_dealer
    anchor = ledger.latest_dealt(match, start, REDEALT, decided=rule != "alternate")
    dealer, after = match.first_seat, None
    if anchor is not None:
        dealt = match.seat(anchor.dealer)  # None when the result alone decides
        dealer = next_dealer(rule, anchor.kind, match.seat(anchor.winner), dealt)
        after = (anchor.date, anchor.id)
    if (
        rule == "alternate"
        and dealer is not None
        and ledger.count_decided(match, after, start, REDEALT) % 2
    ):
        dealer = 1 - dealer
    return dealer


# --- checking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a ledger: where it is (None for the file as a whole) and what."""

    where: str | None
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


def check(path: Path) -> list[Problem]:
    """Every problem of a ledger file, found at once (an empty list: the ledger is sound).

    SQLite's own integrity and foreign-key checks, every match's stored rules, every live hand
    settled again under its match's rules and compared with what is stored, and every match
    replayed.
    """
    if not path.exists():
        return [Problem(None, f"no ledger at {path}")]
    try:
        book = Ledger.open(path, write=False)
    except GintallyError as e:
        return [Problem(None, str(e))]
    problems: list[Problem] = []
    with book:
        for found in book.integrity_problems():
            where, _, what = found.partition(": ")
            problems.append(Problem(where, what))
        try:
            problems += [Problem(where, what) for where, what in book.damage()]
        except GintallyError as e:  # a table SQLite itself cannot read
            problems.append(Problem(None, str(e)))
        try:
            ids = book.match_ids()
        except GintallyError as e:  # a damaged table
            return [*problems, Problem(None, f"matches cannot be read: {e}")]
        for match_id in ids:
            try:
                m = book.match_by_id(match_id)
            except LedgerError as e:
                problems.append(Problem(None, str(e)))
                continue
            problems += _match_problems(book, m)
    return problems


def _match_problems(book: Ledger, m: Match) -> list[Problem]:
    """The problems of one match: each live hand settled again, then the match replayed and
    its cached quiet point verified. A two-player match is read once, hand by hand from the
    file, and replayed as it is read (memory does not grow with the match); a team match (its
    rounds need every hand) is read whole."""
    where = f"match {m.name!r}"
    if m.teams is not None:
        try:
            live = book.live_hands(m)
        except GintallyError as e:
            return [Problem(where, f"hands cannot be read: {e}")]
        problems = _hand_problems(m, where, live)
        try:
            full = replay(entries(m, live), m.rules, m.format, m.first_seat)
        except Exception as e:  # a replay that fails is exactly what check is for
            problems.append(Problem(where, f"does not replay: {e}"))
            return problems
        return problems + _mark_problems(book, m, full.next_dealer, full.games)
    with book.snapshot(), collector.paused():
        part = _from_mark(book, m)
        tail: deque[Game] = deque(maxlen=len(part.games) if part is not None else 0)
        run = Replayer(m.rules, m.format, m.first_seat, keep=False)
        failed: Exception | None = None

        def replayed(hands: Iterable[HandValues]) -> Iterator[HandValues]:
            nonlocal failed
            for h in hands:
                if failed is None:
                    number, day, values = h[0], h[1], h[2]
                    try:
                        e = _entry(m, number, day, values[_KIND], values[_WINNER],
                                   values[_POINTS], values[_DEALER], values[_OTHER])  # fmt: skip
                        run.feed(e)
                        tail.extend(run.games)
                        run.games.clear()
                        run.marks.clear()
                    except Exception as e:  # a replay that fails is what check is for
                        failed = e
                yield h

        try:
            problems = _hand_problems(m, where, replayed(book.stream_hand_values(m)))
        except GintallyError as e:
            return [Problem(where, f"hands cannot be read: {e}")]
    if failed is not None:
        return [*problems, Problem(where, f"does not replay: {failed}")]
    if part is None:
        return problems
    return problems + _mark_problems(book, m, run.dealer, list(tail), part)


def _hand_problems(m: Match, where: str, hands: Iterable[HandValues | HandRecord]) -> list[Problem]:
    """Every live hand settled again under its match's rules and compared with what is stored
    (`hands`: records, or `Ledger.stream_hand_values`). Hands that store the same values (all
    but the date) settle alike (`settle` is a pure function of them and the match), so each
    distinct one is settled once."""
    problems = []
    settled: dict[tuple[object, ...], tuple[object, ...] | str] = {}
    for h in hands:
        if isinstance(h, HandRecord):
            number, values, token = h.id, tuple(getattr(h, c) for c in _SETTLED_FROM), h
        else:
            number, _, values, token = h
        key = values
        again = settled.get(key)
        if again is None:
            try:
                rec = settle(m, typed_from_record(m, record_of(token))).record
                again = (rec.winner, rec.points, rec.kind, rec.other_points)
            except GintallyError as e:
                again = str(e)
            if len(settled) >= 50_000:
                settled.clear()
            settled[key] = again
        if isinstance(again, str):
            problems.append(Problem(f"{where} hand {number}", again))
            continue
        stored = (values[_WINNER], values[_POINTS], values[_KIND], values[_OTHER])
        if again != stored:
            _, points, kind, other = stored
            _, right, right_kind, right_other = again
            said = f" ({right_other:+d} to the other player)" if right_other is not None else ""
            had = f" ({other:+d} to the other player)" if other is not None else ""
            problems.append(
                Problem(
                    f"{where} hand {number}",
                    f"stored {kind} {points}{had} but it scores {right_kind} {right}{said}",
                )
            )
    return problems


_SETTLED_FROM = HAND_COLUMNS[1:]  # what settling a stored hand again reads (`typed_from_record`)
# where the replay's values sit among them
_KIND, _WINNER, _POINTS, _DEALER, _OTHER = (
    _SETTLED_FROM.index(c) for c in ("kind", "winner", "points", "dealer", "other_points")
)


def _from_mark(book: Ledger, m: Match) -> Replay | None:
    """The match replayed from its cached quiet point (None when it has none); a replay that
    fails leaves it as no games and no dealer, which no full replay agrees with."""
    mark = book.mark(m)
    if mark is None:
        return None
    try:
        rows = book.plays(m, after=(mark.cut_date, mark.cut_hand))
        return replay(_entries(m, rows), m.rules, m.format, m.first_seat, start=mark)
    except Exception:  # the cached state cannot even be replayed from
        return Replay([], [], -1, None)


def _mark_problems(
    book: Ledger,
    m: Match,
    dealer: int | None,
    last_games: list[Game],
    part: Replay | None = None,
) -> list[Problem]:
    """The match's cached quiet point, verified: the games replayed from it (`part`, found
    again when not given) must be the last games of the full replay (`last_games`, at least
    as many), and its next dealer the full replay's (`dealer`). A wrong one is dropped when
    the file can be written (it is a cache: the next command rebuilds it)."""
    if part is None:
        part = _from_mark(book, m)
        if part is None:
            return []
    agrees = part.next_dealer == dealer and (
        not part.games or part.games == last_games[-len(part.games) :]
    )
    if agrees:
        return []
    fixed = "it is ignored"
    if not book.read_only:
        with contextlib.suppress(GintallyError):
            book.forget_mark(m)
            fixed = "removed: the next command rebuilds it"
    return [
        Problem(
            f"replay_marks row {m.id}",
            f"the cached quiet point of match {m.name!r} disagrees with a full replay ({fixed})",
        )
    ]
