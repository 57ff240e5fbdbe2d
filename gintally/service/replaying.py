"""What a replay reads: stored hands as the engine's entries.

Terminology
- entry (`engine.replay.Entry`): a hand as the engine reads it: player ids become seats 0 and 1
  (a team match's side), a complete round of a team match is one entry.
- play row (`PlayRow`): a hand as `Ledger.plays` reads it, only what a replay needs; a damaged
  one is refused with one line pointing to ``gintally check``, and so is one whose stored
  result its own inputs (carried with it) do not give (`settling.Settling`, asked once for
  each distinct set of stored values).
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable, Iterator
from datetime import date
from functools import partial
from typing import TYPE_CHECKING

from gintally.engine.replay import Entry
from gintally.errors import LedgerError
from gintally.game.variants import max_hand_points
from gintally.ledger.damage import CHECK_HINT
from gintally.ledger.guards import FIRST_DAY, KINDS, LAST_DAY
from gintally.model import HandRecord, Match, extras_from
from gintally.service.seating import seating_of

if TYPE_CHECKING:
    from gintally.ledger import Ledger
    from gintally.service.settling import Settling

# what `Ledger.plays` returns: number, date, kind, winner, points, dealer, other points, and the
# inputs the result was worked out from (`hands.INPUTS` as a JSON array; None: not asked, a row
# an import has just settled)
PlayRow = tuple[int, str, str, int | None, int, int | None, int | None, str | None]


def entries(match: Match, hands: Iterable[HandRecord]) -> list[Entry]:
    """Stored hands as the engine reads them, as the match's seating has them reach the games
    (`seating`: each hand head to head; in a team match, one entry per complete round)."""
    return seating_of(match).entries(hands)


def live_hands(ledger: Ledger, match: Match) -> list[HandRecord]:
    """The match's live hands (`Ledger.live_hands`), each distinct set of stored values settled
    again: a hand that contradicts its own inputs is refused (`settling.Settling.refuse`), as
    the play rows of a two-player match are (for a team match, read whole)."""
    hands = ledger.live_hands(match)
    settling = settling_of(match)
    settled = settling.memo
    for h in hands:
        values = h.stored()
        if settled.get(values) != "":
            settling.refuse(h.number, values, h)
    return hands


def settling_of(match: Match) -> Settling:
    """A settling of `match`'s stored hands (`settling.Settling`), loaded with the first row
    to settle again: a replay from a trusted mark has none."""
    from gintally.service.settling import Settling

    return Settling(match)


def entries_from_plays(match: Match, rows: Iterable[PlayRow]) -> list[Entry]:
    """Light rows (`Ledger.plays`) as the engine reads them; a damaged row is a `LedgerError`
    that points to ``gintally check``."""
    return list(stream_entries_from_plays(match, rows))


def stream_entries_from_plays(match: Match, rows: Iterable[PlayRow]) -> Iterator[Entry]:
    """`entries_from_plays`, one row at a time (for rows streamed from the file). The players'
    seats are looked up once and each distinct date is parsed once: a replay reads every hand of
    a match through here."""
    # `Match.seat` of a two-player match (the first player 0, the other 1) as a dict lookup; in
    # a team match, each member's side
    seats: dict[int | None, int | None] = {None: None}
    if match.teams is None:
        seats.update({match.players[0].id: 0, match.players[1].id: 1})
    else:
        for side, team in enumerate(match.teams):
            seats.update({p.id: side for p in team.members})
    top = max_hand_points(match.rules)
    days: dict[str, date] = {}
    make = tuple.__new__  # `Entry._make` without its call: every field is given, in order
    # what is wrong with each distinct set of stored values ("": none); made for the first row
    # that carries its inputs (a row a trusted replay mark has not seen): a replay from such a
    # mark reads none, and loads no settling
    settling: Settling | None = None
    settled: dict[Hashable, str] = {}
    for hid, day, kind, w, pts, d, other, inputs in rows:
        when = days.get(day)
        try:
            if when is None:
                if not FIRST_DAY <= day <= LAST_DAY:
                    raise ValueError(day)
                if len(days) >= 4096:
                    days.clear()
                when = date.fromisoformat(day)
                if when.isoformat() != day:  # 20250103 reads too: not as gintally writes it
                    raise ValueError(day)
                days[day] = when
            if type(pts) is not int or (other is not None and type(other) is not int):
                raise TypeError(pts)
        except (TypeError, ValueError):
            raise LedgerError(
                f"the ledger is damaged: hand {hid} of match {match.name!r} cannot be read "
                f"(date {day!r}, points {pts!r}); {CHECK_HINT}"
            ) from None
        if not 0 <= pts <= top or kind not in KINDS or w not in seats or d not in seats:
            raise LedgerError(
                f"the ledger is damaged: hand {hid} of match {match.name!r} "
                f"{_wrong(match, kind, w, pts, d, top, seats)}; {CHECK_HINT}"
            )
        if inputs is not None:
            key = (kind, w, pts, d, other, inputs)
            if settled.get(key) != "":  # a set of values not settled again yet, or unsound
                if settling is None:
                    settling = settling_of(match)
                    settled = settling.memo
                settling.refuse(hid, key, partial(_stored, when, kind, w, pts, d, other, inputs))
        yield make(Entry, (hid, when, seats[w], pts, kind, seats[d], other or 0))


def _stored(
    day: date,
    kind: str,
    winner: int | None,
    points: int,
    dealer: int | None,
    other: int | None,
    inputs: str,
) -> HandRecord:
    """The record of a play row with its inputs (`hands.INPUTS`, a JSON array), to settle it
    again (`settling.stored_problem`)."""
    claim, knocker, kd, dd, cards, vs_cards, layoffs, upcard, extras = json.loads(inputs)
    try:
        more = extras_from(extras)
    except (TypeError, ValueError):
        more = {}  # not an object: `hands.hand_record` and `check` name the row
    return HandRecord(
        date=day,
        claim=claim,
        kind=kind,
        winner=winner,
        points=points,
        knocker=knocker,
        knocker_deadwood=kd,
        defender_deadwood=dd,
        knocker_cards=cards,
        defender_cards=vs_cards,
        layoffs=layoffs,
        upcard=upcard,
        dealer=dealer,
        other_points=other,
        extras=more,
    )


class EntryReader:
    """`stream_entries_from_plays` a row at a time, for a caller that holds the loop (an import
    folds its rows as they go by): called with a play row, it gives the row's entry (a
    `LedgerError` when a replay would refuse the row; then it reads no more). One stream
    serves every call: the players' seats are looked up once, each distinct date parsed once."""

    def __init__(self, match: Match) -> None:
        self._waiting: list[PlayRow] = []
        self._entries = stream_entries_from_plays(match, iter(self._waiting.pop, None))

    def __call__(self, row: PlayRow) -> Entry:
        self._waiting.append(row)
        return next(self._entries)


def _wrong(
    match: Match, kind: str, winner: object, points: int, dealer: object, top: int, seats: object
) -> str:
    """What is wrong with a play row that `stream_entries_from_plays` refuses."""
    if kind.startswith("!"):  # `Ledger.plays`' mark of a row damaged otherwise
        return f"(hands row {kind[1:]}) holds a value gintally cannot use"
    if kind not in KINDS:
        return f"holds the unknown kind {kind!r}"
    if not points >= 0:
        return f"holds negative points ({points})"
    if points > top:
        return f"holds {points} points, more than any hand scores under its rules (at most {top})"
    which, who = ("winner", winner) if winner not in seats else ("dealer", dealer)  # type: ignore[operator]
    return f"names {which} player {who}, who does not play in match {match.name!r}"
