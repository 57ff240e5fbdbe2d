"""The plain records the ledger stores and the service works with. No I/O.

Terminology
- player (`Player`): a person, with a stable id and an editable display name.
- match (`Match`): two players, a scoring format and a rule set frozen at creation.
- seat: a player's place in a match, 0 or 1 (the engine's players); `Match.seat` and
  `Match.name_at` convert between player ids, seats and names, in one place.
- team (`Team`): in a team match, the players of one side, in table order, and its name (the
  members joined by " & " unless it was named). Side 0 or 1 is then the seat of every member,
  and the team's name stands where a player's name stands (`Match.name_at`, `Match.pair`,
  `Match.sides`).
- table: in a team match, the i-th members of the two teams face each other at table i
  (`Match.tables`); a two-player match is one table.
- correction (`Correction`): an edit or a void of a hand as it travels between devices, with
  its uid, reason and time (an edit with the version it made).
- hand record (`HandRecord`): one hand as stored: the inputs as typed and the computed result.
  Its `number` is the hand's public number in its match (1, 2, 3... in entry order);
  `hand_id` the ledger's identity of the hand (what corrections point at: the row of its first
  version); `row_id` the row of this version; `uid` its identity wherever it travels (export,
  import, merge), made where it was first recorded.
  `other_points` is what the player who did not win the hand scored when both players score
  (Mahjong gin); `extras` what the match's variant stores with the hand beyond the columns every
  hand has (Mahjong's tables, Gimlet's piles: `gintally.game.variants`), written and read by
  the variant alone.
- typed hand (`TypedHand`): a hand command's input as the player typed it, before it is settled;
  `extra` holds the inputs of the match's variant (by the names its options declare).
- folded name (`fold`): a name as names are compared (SPEC section 9): Unicode canonical caseless
  matching, so "Émile" is "émile" (composed or not) and "Straße" is "STRASSE".
- plain text (`plain_text`): what a name or a note may hold: valid Unicode (no bytes that were
  not UTF-8) and no control characters (an ANSI escape would repaint the terminal showing it).
- uid (`is_uid`): a fact's identity, 32 lowercase hex digits, made where it was first recorded
  (`gintally.ledger.identity`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from gintally.engine.formats import Format
from gintally.errors import GintallyError, NotFoundError
from gintally.game import NO_EXTRAS
from gintally.game.rules import RuleSet

if TYPE_CHECKING:
    from decimal import Decimal  # a payment's amount (decimal is imported only where money is)

# Invisible characters that reorder the text around them (bidirectional embeddings, overrides
# and isolates): refused with the control characters.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


_UID = re.compile(r"[0-9a-f]{32}")


def is_uid(text: str) -> bool:
    """True for a fact's identity as gintally writes it: 32 lowercase hex digits."""
    return _UID.fullmatch(text) is not None


def fold(name: str) -> str:
    """`name` as names are compared: spaces collapsed, then canonical caseless form
    (NFD, case folding, NFC: Unicode's canonical caseless match)."""
    spaced = " ".join(name.split())
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", spaced).casefold())


def alphabetical(name: str) -> tuple[str, str]:
    """`name`'s place in a list people read: by its letters without their accents first
    ("Émile" before "Zoë"), then as `fold` compares names."""
    bare = "".join(
        c for c in unicodedata.normalize("NFD", fold(name)) if not unicodedata.combining(c)
    )
    return bare, fold(name)


def shell_word(text: str) -> str:
    """`text` as one word of a command a message suggests, quoted so it works when copied
    into a shell: as it is when it needs no quoting (``Ann``), else in single quotes
    (``'Saturday night'``), or double ones around a single quote (``"Grandpa's book"``)."""
    import shlex

    quoted = shlex.quote(text)
    if quoted == text or "'" not in text or any(c in text for c in '"$`\\!'):
        return quoted
    return f'"{text}"'


def plain_text(text: str, what: str, one_line: bool = False) -> str:
    """`text` in composed form (NFC), or refused when it holds what cannot be stored and shown
    safely: bytes that were not UTF-8 (they arrive as lone surrogates) or a control character.
    With `one_line`, tabs and line breaks become spaces first (a note is one line)."""
    if one_line:
        text = " ".join(text.split())
    ch = unsafe_character(text)
    if ch is not None:
        if unicodedata.category(ch) == "Cs":
            raise GintallyError(f"{what} {text!r} is not valid UTF-8 text")
        raise GintallyError(f"{what} {text!r} holds a control character ({ch!r})")
    return unicodedata.normalize("NFC", text)


def unsafe_character(text: str) -> str | None:
    """The first character of `text` that plain text may not hold (`plain_text`): a lone
    surrogate, a control character or a bidirectional control; None when there is none."""
    if text.isprintable():
        return None
    for ch in text:
        if unicodedata.category(ch) in ("Cs", "Cc") or ch in _BIDI_CONTROLS:
            return ch
    return None


@dataclass(frozen=True)
class Player:
    """A person (or Gimlet's phantom) as the ledger stores one: its row id and its name."""

    id: int
    name: str


@dataclass(frozen=True)
class Team:
    """One side of a team match: its members in table order, and its name if one was given."""

    members: tuple[Player, ...]
    given_name: str | None = None

    @property
    def name(self) -> str:
        """The name given, else the members joined by " & " (so it follows a renamed player)."""
        return self.given_name or " & ".join(p.name for p in self.members)


@dataclass(frozen=True)
class Match:
    """A match as stored: two players (or two teams), a format and its frozen rule set.

    In a team match `players` are the first table's two players (the stored ``player_a`` and
    ``player_b``) and `teams` hold both sides in table order."""

    id: int
    name: str
    players: tuple[Player, Player]
    format: Format
    rules: RuleSet
    first_dealer: int | None  # player id
    created_at: str
    teams: tuple[Team, Team] | None = None

    @property
    def members(self) -> list[Player]:
        """Every player of the match, side 0 first (two for a head-to-head match)."""
        if self.teams is None:
            return list(self.players)
        return [*self.teams[0].members, *self.teams[1].members]

    @property
    def sides(self) -> list[str]:
        """The names standing for seats 0 and 1: the players', or the teams' in a team match."""
        if self.teams is None:
            return [p.name for p in self.players]
        return [t.name for t in self.teams]

    @property
    def tables(self) -> list[tuple[Player, Player]]:
        """Who faces whom: the i-th members of the teams (one table for two players)."""
        if self.teams is None:
            return [self.players]
        return list(zip(self.teams[0].members, self.teams[1].members, strict=True))

    def table_name(self, table: int) -> str:
        """A table as people name it: "Ann v Bob"."""
        a, b = self.tables[table]
        return f"{a.name} v {b.name}"

    def table_of(self, player_id: int | None) -> int | None:
        """The table a player of this match sits at (None for None or a stranger)."""
        for t, pair in enumerate(self.tables):
            if player_id in (pair[0].id, pair[1].id):
                return t
        return None

    def seat(self, player_id: int | None) -> int | None:
        """0 or 1 for a player of this match: their side (None for None)."""
        if player_id is None:
            return None
        if self.teams is not None:
            return 0 if any(p.id == player_id for p in self.teams[0].members) else 1
        return 0 if self.players[0].id == player_id else 1

    def player_at(self, seat: int | None) -> Player | None:
        """The player in a seat (None for None; the first table's player in a team match)."""
        return None if seat is None else self.players[seat]

    def name_at(self, seat: int | None) -> str | None:
        """The name of the player (or team) in a seat (None for None)."""
        return None if seat is None else self.sides[seat]

    def name_of(self, player_id: int | None) -> str | None:
        """The name of a player of this match by id (None for None or a stranger)."""
        for p in self.members:
            if p.id == player_id:
                return p.name
        return None

    def other(self, player_id: int | None) -> Player:
        """The opponent of a player of this match (at their table, in a team match)."""
        for a, b in self.tables:
            if a.id == player_id:
                return b
            if b.id == player_id:
                return a
        return self.players[0]

    def player(self, name: str) -> Player:
        """A player of this match by name, case-insensitively."""
        for p in self.members:
            if fold(p.name) == fold(name):
                return p
        names = [p.name for p in self.members]
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        raise NotFoundError(f"{name!r} does not play in match {self.name!r} ({listed} do)")

    def pair(self, values: list[int]) -> dict[str, int]:
        """Two per-seat values keyed by the players' (or teams') names."""
        if self.teams is None:  # `sides`, without making its list (a season's sheet asks often)
            return {self.players[0].name: values[0], self.players[1].name: values[1]}
        a, b = self.sides
        return {a: values[0], b: values[1]}

    def pair_of(self, values: list[int | None]) -> dict[str, int | None]:
        """Two per-seat values, either of which may be unknown, keyed by the players' names."""
        return {self.players[0].name: values[0], self.players[1].name: values[1]}

    @property
    def first_seat(self) -> int | None:
        """The seat of the first dealer, if one was named."""
        return self.seat(self.first_dealer)


@dataclass(frozen=True)
class HandRecord:
    """One hand: the inputs as typed and the computed result. `number` is the hand's number in
    its match, `hand_id` its identity in the ledger, `row_id` the row of this version."""

    date: date
    claim: str
    kind: str
    winner: int | None
    points: int
    knocker: int | None = None
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None
    knocker_cards: str | None = None
    defender_cards: str | None = None
    layoffs: str | None = None
    upcard: str | None = None
    dealer: int | None = None
    note: str | None = None
    other_points: int | None = None
    extras: Mapping[str, Any] = NO_EXTRAS
    number: int = 0
    hand_id: int = 0
    row_id: int = 0
    match_id: int = 0
    created_at: str = ""
    uid: str | None = field(default=None, compare=False)
    voided: bool = False
    versions: int = field(default=1, compare=False)
    void_reason: str | None = field(default=None, compare=False)

    def stored(self) -> tuple[Any, ...]:
        """Its values after the date as the ledger stores them (`HAND_COLUMNS[1:]`, the extras
        as their text: `extras_text`)."""
        values = [getattr(self, c) for c in HAND_COLUMNS[1:-1]]
        return (*values, extras_text(self.extras))

    def same_inputs(self, other: HandRecord) -> bool:
        """True when both record exactly the same hand (every stored column)."""
        return all(getattr(self, c) == getattr(other, c) for c in HAND_COLUMNS)


HAND_COLUMNS = (
    "date",
    "claim",
    "kind",
    "winner",
    "points",
    "knocker",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
    "layoffs",
    "upcard",
    "dealer",
    "note",
    "other_points",
    "extras",  # last: `HandRecord.stored` and the ledger's writers rely on it
)


def extras_text(extras: Mapping[str, Any]) -> str | None:
    """A hand's extras as the ledger stores them: one JSON object, keys sorted, no spaces
    (None when there are none), so the same extras are always the same text."""
    if not extras:
        return None
    return json.dumps(dict(extras), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def extras_from(text: str | None) -> Mapping[str, Any]:
    """A hand's extras from their stored text (`extras_text`); a ValueError when it is not a
    JSON object."""
    if text is None:
        return NO_EXTRAS
    try:
        value = json.loads(text)
    except RecursionError:  # a text another tool wrote, nested past the stack
        raise ValueError("not a JSON object: nested too deep") from None
    if not isinstance(value, dict):
        raise ValueError(f"not a JSON object: {text!r}")
    return value


# The columns the variants' data had before the ledger kept it as one ``extras`` object
# (Mahjong's tables, Gimlet's piles). Frozen: the migration that moved them and the digest of an
# import (which keeps their layout, so a file imported before is still recognised) read it.
LEGACY_EXTRAS = (
    "knocker_table",
    "defender_table",
    "knocker_table_cards",
    "defender_table_cards",
    "piles",
)


@dataclass(frozen=True)
class TypedHand:
    """A hand as typed at the table."""

    claim: str
    date: date
    player: str | None = None
    deadwood: int | None = None
    vs: int | None = None
    cards: str | None = None
    vs_cards: str | None = None
    points: int | None = None
    kind: str | None = None
    draw_deadwood: Mapping[str, int] = field(default_factory=dict)
    dealer: str | None = None
    upcard: str | None = None
    note: str | None = None
    extra: Mapping[str, Any] = NO_EXTRAS


@dataclass(frozen=True)
class Payment:
    """Money handed over between two players (`gintally pay`): a fact, with a stable `uid`
    (ordered by the time it is recorded, `ledger.identity`; a uuid4's hex when an older gintally
    recorded it), kept through export and import. `match_id` is the match it was recorded in
    (both players play in it; `undo` in that match takes it back while it is the match's latest
    fact), `after_hand` the number of that match's last hand then. `amount` is the money's
    digits (`decimal.Decimal`), in the match's currency."""

    uid: str
    match_id: int
    payer: int  # player id
    payee: int  # player id
    amount: Decimal
    date: date
    note: str | None = None
    after_hand: int = 0
    created_at: str = ""


@dataclass(frozen=True)
class Correction:
    """A correction of a hand as it travels between devices: its `uid` (ordered, `identity`),
    its `action` (``replace``, an edit, with the `version` it made, or ``void``), its `reason`
    and when it was recorded."""

    uid: str
    action: str
    reason: str | None
    created_at: str
    version: HandRecord | None = None
