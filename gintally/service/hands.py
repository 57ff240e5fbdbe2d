"""Hands: a typed hand recorded (settled by `settling`) and corrected, as the hand commands ask.

Terminology
- typed hand (`model.TypedHand`): a hand command's input as the player typed it: the claim
  (knock, gin, big-gin, draw, score), the player, counts or cards, date, dealer, upcard, note.
- settle (`settling.settle`): turn a typed hand into a `HandRecord` (winner and points
  computed by `scoring`), or refuse it with a `GintallyError` before anything is written.
- correction: `edit`, `void` and `undo`; the hand keeps its number and everything recomputes.
- latest fact (`undo_latest`): the match's latest change to its hands (a hand entered, an
  edit, a void, a restore), or a payment recorded after its last hand, or a price set after
  the latest change to its hands: what `gintally undo` takes back (and `redo` brings back).
- back-dated hand (`back_dated`): a hand typed with a date before the game in progress
  began; refused unless placed on purpose (``--back-date``).

Nothing here prints and nothing here computes a score itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import date
from typing import TYPE_CHECKING

from gintally.engine.seasons import season_of
from gintally.errors import GintallyError, HandError, LedgerError
from gintally.game.scoring import HandResult, Kind, parse_kind
from gintally.game.variants import (
    CORE_INPUTS,
    Variant,
    variant_of,
    variant_options,
)
from gintally.ledger import Ledger
from gintally.ledger.history import Change
from gintally.ledger.identity import made_at
from gintally.model import HandRecord, Match, Payment, TypedHand, shell_word
from gintally.service.seating import seating_of
from gintally.service.settling import settle, typed_from_record

if TYPE_CHECKING:
    from gintally.engine.stakes import Stake


def back_dated(
    ledger: Ledger, match: Match, day: date, today: date | None
) -> tuple[date, bool] | None:
    """The day a hand dated `day` would reach back past, and whether a game is in progress;
    None when it may be placed there. That day is the first of the games in progress (a hand
    dated before it would join tonight's game and change who dealt its hands), or, with no
    game in progress, the day of the match's latest hand (it would land in a finished game).
    One query when `day` is the latest hand's day or later (every hand typed at the table); a
    replay of the recent games otherwise."""
    try:
        latest = ledger.live_hands_latest(match)
    except LedgerError:  # a damaged row: a new hand is a fact of its own (its confirmation warns)
        return None
    if latest is None or day >= latest.date:
        return None
    from gintally.service.windows import replay_match

    opened = [g.opened for g in replay_match(ledger, match, today=today).replay.open_games()]
    start = min(opened) if opened else latest.date
    return (start, bool(opened)) if day < start else None


def refuse_back_dated(
    ledger: Ledger, match: Match, day: date, start: date, in_progress: bool, option: str
) -> GintallyError:
    """The refusal of a hand dated `day`, before `start` (`back_dated`): it names both days
    and the two remedies, a paper-book match of its own (a command that works when copied)
    and `option`, which places it by its date."""
    fmt = match.format
    season = season_of(day, fmt.season_start)[0] if fmt.seasonal else None
    if season is not None and season != season_of(start, fmt.season_start)[0]:
        where = (
            f"the day the games in progress in {match.name!r} began: it would land in its "
            f"{season} season, which is over"
        )
    elif in_progress:
        where = f"the day the game in progress in {match.name!r} began: it would join that game"
    else:
        where = f"the day of the latest hand in {match.name!r}: it would land in a finished game"
    return GintallyError(
        f"the hand is dated {day}, before {start}, {where}. Keep old results in a paper-book "
        f"match ({paper_book(ledger, match)}), or give {option} to place it here by its date"
    )


def paper_book(ledger: Ledger, match: Match) -> str:
    """The command that makes a paper-book match beside `match` (its players or teams, its
    format and preset), under a name no match has; or, when one by that name is there, the
    option that records into it."""
    from gintally.errors import NotFoundError

    name = f"{match.name} paper book"
    try:
        ledger.match(name)
    except NotFoundError:
        pass
    else:
        return f"--match {shell_word(name)}"
    if match.teams is None:
        sides = "--players " + " ".join(shell_word(p.name) for p in match.players)
    else:
        sides = "--teams " + " ".join(
            shell_word(",".join(p.name for p in t.members)) for t in match.teams
        )
    words = [f"gintally match new {shell_word(name)} {sides}"]
    if match.format.key != "single":
        words.append(f"--format {match.format.key}")
    if match.rules.preset != "modern":
        words.append(f"--rules {shell_word(match.rules.preset)}")
    return " ".join(words)


def record(ledger: Ledger, match: Match, typed: TypedHand) -> tuple[HandRecord, HandResult]:
    """Settle and store one hand (one transaction). Nothing is written when it is refused.

    In a team match a hand at a table that has already played the round in progress and the
    next one is refused (`rounds.place`)."""
    if typed.claim == "draw" and typed.player and len(match.tables) == 1:
        raise HandError(
            f"a drawn hand names a player only in a team match (to say its table), and "
            f"{match.name!r} is {match.players[0].name} v {match.players[1].name}"
        )
    settled = settle(match, typed)
    seating_of(match).place(ledger, settled.record)
    return ledger.add_hand(match, settled.record), settled.result


# The inputs a hand can be given: every variant may read `CORE_INPUTS` (`HandInput`'s fields);
# each variant's own are in its options (`Variant.owners`). In the order an edit names them.
_DEALT = ("dealer", "upcard")
_OWN = tuple(Variant.owners)
_INPUTS = frozenset(CORE_INPUTS) | frozenset(_OWN)
_EDIT_ORDER = ("player", *(c for c in CORE_INPUTS if c not in _DEALT), *_OWN, *_DEALT)
_TYPED = frozenset(f.name for f in fields(TypedHand))
# Inputs given as a count or as the cards: one typed anew replaces the other.
_TWO_FORMS = (
    ("deadwood", "cards"),
    ("vs", "vs_cards"),
    *((o.fills, o.cards) for o in variant_options() if o.cards),
)
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
    typed = _with(typed, updates)
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
        k: ({} if k == "draw_deadwood" else None) for k in _INPUTS - takes
    }
    typed = _with(typed, dropped)
    settled = settle(match, typed)
    if settled.record.same_inputs(old):
        raise GintallyError(f"hand {hand_id} already says that: nothing to change")
    stored = ledger.replace_hand(match, hand_id, settled.record, reason)
    return stored, settled.result


def _with(typed: TypedHand, changes: Mapping[str, object]) -> TypedHand:
    """`typed` with `changes` made: to its fields, and to the variant's own inputs (`extra`,
    where None takes an input away)."""
    own = {k: v for k, v in changes.items() if k not in _TYPED}
    core = {k: v for k, v in changes.items() if k in _TYPED}
    if own:
        merged = {**typed.extra, **own}
        core["extra"] = {k: v for k, v in merged.items() if v is not None}
    return replace(typed, **core)  # type: ignore[arg-type]


def undo(ledger: Ledger, match: Match) -> HandRecord:
    """Void the hand entered last in the match. Found and voided in one write transaction: two
    undos at once take back two hands."""
    with ledger.write():
        last = ledger.last_hand(match)
        if last is None:
            raise GintallyError(f"match {match.name!r} has no hand to undo")
        return ledger.void(match, last.number, "undo")


UNDO = "undo"  # the reason an undo's correction carries: what tells it from other corrections
REDO = "redo"  # the reason a redo's correction carries


@dataclass(frozen=True)
class Undone:
    """What `undo_latest`, `redo` or `restore` did to a hand: ``what`` it took back or
    brought back (``"hand"``: a hand entered, ``"edit"``, ``"void"``, ``"restore"``), the
    hand as it now stands (`rec`) and, for an edit, the version taken back or brought back
    (`taken`)."""

    what: str
    rec: HandRecord
    taken: HandRecord | None = None


_WHAT = {"hand": "hand", "replace": "edit", "void": "void", "restore": "restore"}


def change_stacks(
    ledger: Ledger, match: Match, changes: list[Change] | None = None
) -> tuple[list[Change], list[Change]]:
    """The match's changes to its hands as an editor keeps them: those done, latest last (what
    `undo` takes back from the top), and those undone since the latest change made by hand
    (what `redo` brings back from the top). Played in the order made: a change pushes onto
    done (and empties undone), an undo (reason `UNDO`) moves the top of done onto undone, a
    redo (reason `REDO`) moves it back. Only the hands entered last are read (a hand older
    than the corrections allow to reach is never on top)."""
    done: list[Change] = []
    undone: list[Change] = []
    for c in reversed(ledger.changes(match) if changes is None else changes):
        if c.reason == UNDO and c.action != "hand":
            if done:
                undone.append(done.pop())
        elif c.reason == REDO and c.action != "hand":
            if undone:
                done.append(undone.pop())
        else:
            done.append(c)
            undone.clear()
    return done, undone


def _apply(ledger: Ledger, match: Match, c: Change, back: bool, reason: str) -> Undone:
    """Take back (`back`) or bring back the change `c` to a hand, as a correction with
    `reason` (one write)."""
    what = _WHAT[c.action]
    if c.action == "replace":
        version = ledger.version_before(match, c) if back else ledger.version_made(match, c)
        taken = ledger.hand(match, c.number)
        if taken.voided:
            raise GintallyError(
                f"hand {c.number} is void: restore it first (gintally restore {c.number})"
            )
        return Undone(what, ledger.replace_hand(match, c.number, version, reason), taken)
    voids = (c.action in ("hand", "restore")) == back  # what takes the change back, or again
    if voids:
        return Undone(what, ledger.void(match, c.number, reason))
    return Undone(what, ledger.restore(match, c.number, reason))


@dataclass(frozen=True)
class Price:
    """A match's price taken back by `undo_latest` or brought back by `redo` (its uid)."""

    uid: str
    stake: Stake


def undo_latest(ledger: Ledger, match: Match) -> Undone | Payment | Price:
    """Take back the match's latest change: a payment recorded in it after its last live hand
    (a payment keeps the number of the match's last hand when it was recorded, `after_hand`)
    and recorded after the latest correction; a price set after the latest change to the
    hands; of a price and a payment, the one recorded last. Which came last is told by the
    uids, ordered by the time each was made (`identity.OrderedUids`), where two were made in
    one second; a payment recorded before payments took ordered uids is told by its second
    alone (`_later`: a payment and a correction in one second, the correction is later; a
    payment and a price, the payment). Else the top of the changes done
    (`change_stacks`): a hand entered is voided, an edit corrected back to the version before
    it, a void undone (the hand restored), a restore undone (voided again): each a correction
    with the reason `UNDO`, exported and merged like any. A payment or a price taken back
    stays as history (``payment_voids``, ``stake_voids``, with the reason `UNDO`). Found and
    taken back in one write. A match without payments or prices loads no money module
    (`Ledger.last_payment`, `Ledger.last_stake` ask first)."""
    with ledger.write():
        done, _ = change_stacks(ledger, match)
        change = done[-1] if done else None
        payment = ledger.last_payment(match)
        if payment is not None:
            last = ledger.last_hand(match)
            after = last is None or last.number <= payment.after_hand
            later = (
                change is None
                or change.action == "hand"
                or _later(payment, change.uid, change.created_at, tie=False)
            )
            if not (after and later):
                payment = None
        price = ledger.last_stake(match)
        if price is not None and change is not None and price[0] < change.uid:
            price = None  # the hands changed since
        if price is not None and (
            payment is None or not _later(payment, price[0], price[1], tie=True)
        ):
            ledger.void_stake(price[0], UNDO)
            return Price(price[0], price[2])
        if payment is not None:
            ledger.void_payment(payment, UNDO)
            return payment
        if change is None:
            raise GintallyError(f"match {match.name!r} has no hand to undo")
        return _apply(ledger, match, change, True, UNDO)


def _later(payment: Payment, uid: str, created_at: str, tie: bool) -> bool:
    """Whether `payment` was recorded after the change or price of ordered `uid`, made at
    `created_at`: by their seconds, and within one second by their uids when the payment's is
    ordered too; else `tie` (a payment recorded before payments took ordered uids)."""
    made = payment.created_at or ""
    if made != created_at:
        return made > created_at
    return payment.uid > uid if made_at(payment.uid, made) else tie


def redo(ledger: Ledger, match: Match) -> Undone | Payment | Price:
    """Bring back what the latest undo took back: of the match's hands (`change_stacks`), a
    hand (restored under its own number), an edit, a void or a restore, as a correction with
    the reason `REDO`; or a payment or a price, recorded again as it was (a new fact, with a
    uid of its own), unless the hands changed since it was taken back (`_money_undone`) or,
    for a price, another price from its day was set meanwhile. Of an undo of the hands and
    one of money in the same second, the money's is brought back first. One write."""
    with ledger.write():
        changes = ledger.changes(match)
        _, undone = change_stacks(ledger, match, changes)
        undo_at = max((c.created_at for c in changes if c.reason in (UNDO, REDO)), default="")
        money = _money_undone(ledger, match, changes)
        if money is not None and (not undone or money[0] >= undo_at):
            thing = money[1]
            if isinstance(thing, Price):
                since = thing.stake.since
                if any(s.since == since for s in ledger.stakes(match)):
                    raise GintallyError(
                        f"match {match.name!r} has a price from {since or 'the start'} again "
                        f"since the undo: nothing to redo"
                    )
                ledger.add_stake(match, thing.stake)
                found = ledger.last_stake(match)
                return Price(found[0] if found else "", thing.stake)
            p = thing
            return ledger.add_payment(match, p.payer, p.payee, p.amount, p.date, p.note)
        if not undone:
            raise GintallyError(
                f"match {match.name!r} has nothing to redo: no undo since its latest change"
            )
        return _apply(ledger, match, undone[-1], False, REDO)


def _money_undone(
    ledger: Ledger, match: Match, changes: list[Change]
) -> tuple[str, Payment | Price] | None:
    """The payment or price the match's latest undo of money took back and no redo brought
    back yet (`Ledger.voided_payment`, `Ledger.voided_stake`), with when (to the second),
    while the hands were not changed since (in a later second)."""
    found: list[tuple[str, Payment | Price]] = []
    paid = ledger.voided_payment(match, UNDO)
    if paid is not None:
        found.append((paid[1], paid[0]))
    priced = ledger.voided_stake(match, UNDO)
    if priced is not None:
        found.append((priced[2], Price(priced[0], priced[1])))
    if not found:
        return None
    when, thing = max(found, key=lambda f: f[0])
    newest = max((c.created_at for c in changes if c.reason not in (UNDO, REDO)), default="")
    return None if newest > when else (when, thing)


def restore(ledger: Ledger, match: Match, number: int, reason: str | None = None) -> Undone:
    """Bring back voided (or undone) hand `number` under its own number and place."""
    return Undone("restore", ledger.restore(match, number, reason))
