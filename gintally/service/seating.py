"""Seating: who plays whom in each round of a match, which the replay and the hand commands ask
of it instead of asking whether the match is a team match.

Terminology
- seating: how a match's players sit and how its hands reach the games (`seating_of`):
  - head to head (`HeadToHead`): two players at one table. Every hand is a round of its own and
    posts to the games as it is played, so the match replays from the light rows as they
    stream from the file, from its latest quiet point; who deals next is worked out hand by
    hand.
  - partnership (`Partnership`, SPEC section 7, team play): the i-th members of the two teams
    face each other at table i. A round is one hand at every table, and only a complete round
    posts to the games (`engine.rounds`); so the match is read and replayed whole (`whole`),
    a hand must wait for the round in progress (`place`), and no dealer is derived (each table
    deals on its own).
- table: where a hand was played (`table_of`): 0 head to head; see `teams.hand_table`.
- entry: what posts to the games (`engine.replay.Entry`): a hand head to head, a complete
  round in a partnership (`entries`, `entry_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from typing import TYPE_CHECKING, ClassVar

from gintally.engine.replay import Entry
from gintally.model import HandRecord, Match, Player

if TYPE_CHECKING:
    from gintally.engine.rounds import Round
    from gintally.ledger import Ledger


class HeadToHead:
    """Two players at one table (see the module docstring)."""

    __slots__ = ("match",)
    whole: ClassVar[bool] = False  # read and replayed whole, never from a quiet point
    derives_dealer: ClassVar[bool] = True  # who deals each hand is worked out from the last
    misdeal_refused: ClassVar[str] = ""  # why a misdeal is not recorded ("": it is)

    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def first_dealer(self) -> int | None:
        """The seat that deals first, as a replay starts from it (None: not known)."""
        return self.match.first_seat

    def table_of(self, h: HandRecord) -> int:
        """The table a stored hand was played at."""
        return 0

    def rounds(self, hands: Iterable[HandRecord]) -> list[Round]:
        """The rounds the live hands make (none: every hand posts on its own)."""
        return []

    def entries(self, hands: Iterable[HandRecord]) -> list[Entry]:
        """Stored hands as the engine reads them (player ids become seats 0 and 1)."""
        m = self.match
        return [
            entry_from_values(
                m, h.number, h.date, h.kind, h.winner, h.points, h.dealer, h.other_points
            )
            for h in hands
        ]

    def entry_of(self, rounds: list[Round], rec: HandRecord) -> int | None:
        """The replay entry a hand made (None: it has posted nothing yet)."""
        return rec.number

    def place(self, ledger: Ledger, rec: HandRecord) -> None:
        """Refuse a new hand that cannot be played now (a head-to-head hand always can)."""

    def draw_mark(self, seated: tuple[Player, Player]) -> int | None:
        """What a drawn hand's knocker column holds, for the table it was drawn at."""
        return None


class Partnership(HeadToHead):
    """Two teams, a table for each pair of opposing members (see the module docstring)."""

    __slots__ = ()
    whole = True
    derives_dealer = False
    misdeal_refused = (
        "a team match keeps no dealer and a misdeal scores nothing: the table just deals again, "
        "there is nothing to record"
    )

    @property
    def first_dealer(self) -> int | None:
        return None  # each table deals on its own: no dealer is derived

    def table_of(self, h: HandRecord) -> int:
        from gintally.service.teams import hand_table  # (a team match's own: loaded for one)

        return hand_table(self.match, h)

    def rounds(self, hands: Iterable[HandRecord]) -> list[Round]:
        from gintally.service.teams import team_rounds

        return team_rounds(self.match, hands)

    def entries(self, hands: Iterable[HandRecord]) -> list[Entry]:
        """One entry per complete round: a round in progress posts nothing."""
        from gintally.engine.rounds import entries_of

        return entries_of(self.rounds(hands))

    def entry_of(self, rounds: list[Round], rec: HandRecord) -> int | None:
        """The number of the hand's round once it is complete."""
        found = round_of(rounds, rec)
        return found.number if found is not None and found.complete else None

    def place(self, ledger: Ledger, rec: HandRecord) -> None:
        """A hand at a table that has already played the round in progress and the next one is
        refused (`rounds.place`)."""
        match = self.match
        from gintally.engine.rounds import place
        from gintally.service.teams import table_names, team_rounds

        place(team_rounds(match, ledger.live_hands(match)), self.table_of(rec), table_names(match))

    def draw_mark(self, seated: tuple[Player, Player]) -> int | None:
        """Its table's side-0 player: a drawn hand has no knocker to say where it was played."""
        return seated[0].id


def entry_from_values(
    match: Match,
    hand: int,
    day: date,
    kind: str,
    winner: int | None,
    points: int,
    dealer: int | None,
    other: int | None,
) -> Entry:
    """One hand's stored values as the engine reads them (player ids become seats 0 and 1)."""
    return Entry(hand, day, match.seat(winner), points, kind, match.seat(dealer), other or 0)


def entries_from_values(match: Match) -> Callable[..., Entry]:
    """`entry_from_values` for the hands of `match`, each player's seat looked up once (`check`
    makes an entry of every hand of a match)."""
    seats = {p.id: match.seat(p.id) for p in match.members}
    seats[None] = None  # type: ignore[index]
    seat = match.seat
    make = tuple.__new__  # `Entry._make` without its call: every field is given, in order

    def entry(
        hand: int,
        day: date,
        kind: str,
        winner: int | None,
        points: int,
        dealer: int | None,
        other: int | None,
    ) -> Entry:
        w = seats[winner] if winner in seats else seat(winner)
        d = seats[dealer] if dealer in seats else seat(dealer)
        return make(Entry, (hand, day, w, points, kind, d, other or 0))

    return entry


def round_of(rounds: Iterable[Round], rec: HandRecord) -> Round | None:
    """The round a hand of a team match is in (None: voided, or no round holds it)."""
    return next((r for r in rounds if r.holds(rec.number)), None)


def seating_of(match: Match) -> HeadToHead:
    """The seating of a match: a partnership when it has teams, else head to head."""
    return Partnership(match) if match.teams is not None else HeadToHead(match)
