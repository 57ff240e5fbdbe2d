"""What every variant is made of: the inputs of a hand, the command-line options that give them,
and the `Variant` class each variant module subclasses.

Terminology
- claim: the hand command typed: knock, gin, big-gin, draw, misdeal, score or sour. A variant
  lists the claims it takes and, for each, the inputs it takes (`Variant.claims`); anything else
  is refused with a message that says why (`Variant.check`).
- input: one value a hand command was given (`HandInput`). The inputs every variant may read
  are `HandInput`'s fields (counts, cards, a paper score, a dealer, an upcard); a variant's own
  inputs (Mahjong's tables, Gimlet's piles) are in `HandInput.extra`, under the names its
  options declare.
- option (`Option`): one parameter of a hand command: the library method's parameter and the
  value it takes, and how the command line gives it (a positional argument or a ``--flag``, its
  help, how its text is read: `Option.read`). A hand command (`Command`) is its core parameters
  (`COMMANDS`, here) and the options each variant adds to it (`Variant.options`), then the hand
  options (`HAND_OPTIONS`); Typer's commands, the entry line, `edit` and the library's checks
  are built from them.
- extras: what a variant stores with a hand beyond the columns every hand has (`HandResult.
  extras`, `HandRecord.extras`): plain JSON values, written and read by the variant alone.
- roles: a result names the knocker (the player who typed the claim: who knocked, went gin,
  went sour or scored) and the defender (the other player, or the phantom).
- opponent: the name of the seat a solitaire variant plays against (Gimlet's phantom): stored
  as a player; it never plays, it only scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gintally.errors import HandError
from gintally.game import NO_EXTRAS
from gintally.game.rules import RuleSet
from gintally.game.scoring import HandResult, parse_kind, settle_score


@dataclass(frozen=True)
class HandInput:
    """A hand's inputs as typed, before it is settled (None: not given). `actor` is the seat of
    the player who typed the claim (0 or 1; None for a draw or a misdeal); `extra` holds the
    variant's own inputs by name."""

    deadwood: int | None = None
    vs: int | None = None
    cards: str | None = None
    vs_cards: str | None = None
    points: int | None = None
    kind: str | None = None
    draw_deadwood: tuple[int, int] | None = None
    dealer: str | None = None
    upcard: str | None = None
    actor: int | None = None
    extra: Mapping[str, Any] = NO_EXTRAS

    def given(self) -> set[str]:
        """The inputs given (the actor aside)."""
        out = {name for name in CORE_INPUTS if getattr(self, name) is not None}
        return out | {name for name, value in self.extra.items() if value is not None}

    def get(self, name: str) -> Any:
        """One of the variant's own inputs (None: not given)."""
        return self.extra.get(name)


# How each input every variant may read is named in a message: the option that gives it.
CORE_OPTIONS = {
    "deadwood": "a deadwood count",
    "vs": "--vs",
    "cards": "--cards",
    "vs_cards": "--vs-cards",
    "points": "points",
    "kind": "--kind",
    "draw_deadwood": "--deadwood PLAYER=N",
    "dealer": "--dealer",
    "upcard": "--upcard",
}
CORE_INPUTS = tuple(CORE_OPTIONS)
DEALT = frozenset({"dealer", "upcard"})
PAPER = frozenset({"points", "kind"})


def need(value: int | None, what: str) -> int:
    """`value`, or a refusal asking for `what`."""
    if value is None:
        raise HandError(f"give {what}")
    return value


# --- the command line, as data -------------------------------------------------------------------


class Option:
    """One parameter of a hand command, declared once for every front end: the command line
    (`flag`, with `short` its one-letter spelling; empty for a positional argument, `metavar`,
    `help`) and the library (`name`: the `Match` method's parameter, and the Python value
    `read` says it takes). `read` says what the value is, and how the command line's text
    becomes it: ``text`` (text, as typed), ``whole`` (a whole number, ``int``: 0 or more unless
    `signed`; `what` names it in the command line's refusal), ``count`` (a whole number, or
    the cards: the number goes to the input `input`, the cards to `cards`), ``deadwoods``
    (each player's count, ``dict[str, int]``; typed PLAYER=N, repeated), ``counts`` (whole
    numbers, a sequence; typed ``1,2,0,3`` and passed on as that text), ``switch`` (on or
    off, ``bool``: a flag typed without a value, False unless given). `once`: for a
    ``count`` option whose cards may also come from another option, what to call them when
    both are given. (A plain class, as the command line's other declarations: defined at
    every start, where a dataclass costs most of a millisecond.)"""

    __slots__ = (
        "cards",
        "flag",
        "help",
        "input",
        "metavar",
        "name",
        "once",
        "read",
        "required",
        "short",
        "signed",
        "what",
    )

    def __init__(
        self,
        name: str,
        flag: str,
        help: str,
        metavar: str = "",
        read: str = "text",
        required: bool = False,
        what: str = "",
        input: str = "",
        cards: str = "",
        once: str = "",
        short: str = "",
        signed: bool = False,
    ) -> None:
        self.name, self.flag, self.help, self.metavar = name, flag, help, metavar
        self.read, self.required, self.what = read, required, what
        self.input, self.cards, self.once = input, cards, once
        self.short, self.signed = short, signed

    @property
    def fills(self) -> str:
        """The input the value goes to."""
        return self.input or self.name

    def with_help(self, help: str) -> Option:
        """The same option, told otherwise."""
        return Option(
            self.name,
            self.flag,
            help,
            self.metavar,
            self.read,
            self.required,
            self.what,
            self.input,
            self.cards,
            self.once,
            self.short,
            self.signed,
        )

    @property
    def spellings(self) -> tuple[str, ...]:
        """How the command line spells the option: ``("--date", "-d")`` (none: an argument)."""
        return tuple(s for s in (self.flag, self.short) if s)


class Command:
    """A hand command: its name, the claim it records, its help and its own parameters (`like`:
    a command whose parameters it shares, as ``gimlet`` shares gin's; `after`: the command it
    is listed after, for a variant's own)."""

    __slots__ = ("after", "claim", "help", "like", "name", "params")

    def __init__(
        self,
        name: str,
        claim: str,
        help: str,
        params: tuple[Option, ...] = (),
        like: str = "",
        after: str = "",
    ) -> None:
        self.name, self.claim, self.help = name, claim, help
        self.params, self.like, self.after = params, like, after


PLAYER = Option("player", "", "Who knocked or went gin.", required=True)
VS_CARDS = Option(
    "vs_cards",
    "--vs-cards",
    "The defender's ten cards: gintally finds melds and layoffs.",
    "CARDS",
    read="cards",
)
COMMANDS: tuple[Command, ...] = (
    Command(
        "knock",
        "knock",
        "Record a knock: PLAYER knocked with DEADWOOD, the defender had --vs after laying off.\n\n"
        "With --cards and --vs-cards gintally finds both players' melds and the layoffs itself. "
        "An undercut is worked out from the counts: just record the knock.",
        (
            PLAYER,
            Option(
                "deadwood",
                "",
                "The knocker's deadwood (or give --cards).",
                read="whole",
                what="the knocker's deadwood",
            ),
            Option(
                "vs",
                "--vs",
                "The defender's deadwood (after laying off, for a knock).",
                "N",
                read="whole",
                what="--vs",
            ),
            Option(
                "cards",
                "--cards",
                'The knocker\'s cards, e.g. "6H 6C 6D 6S TD JD QD KD AH 7D".',
                "CARDS",
                read="cards",
            ),
            VS_CARDS,
        ),
    ),
    Command(
        "gin",
        "gin",
        "Record a gin by PLAYER: the gin bonus plus the defender's deadwood (--vs).",
        (
            PLAYER,
            Option(
                "vs",
                "--vs",
                "The defender's deadwood (no layoffs against a gin)",
                "N|CARDS",
                read="count",
                what="--vs",
                cards="vs_cards",
                once="the defender's cards",
            ),
            Option(
                "cards",
                "--cards",
                "The cards that went gin: the ten kept, or all eleven for a big gin.",
                "CARDS",
                read="cards",
            ),
            VS_CARDS,
        ),
    ),
    Command(
        "big-gin",
        "big-gin",
        "Record a big gin by PLAYER (all eleven cards melded): the big gin bonus plus the "
        "defender's deadwood (--vs).",
        like="gin",
    ),
    Command(
        "misdeal",
        "misdeal",
        "Record a misdeal: no score, the same dealer deals again (the hand stays in the log).",
    ),
    Command(
        "draw",
        "draw",
        "Record a drawn hand (the stock ran down): no score, the same dealer deals again. In a "
        "team match, name a player of its table (draw Cy).",
        (
            Option("player", "", "Team match: a player at the table where it was drawn."),
            Option(
                "deadwood",
                "--deadwood",
                "PLAYER=N for each player (needed when a dead deck scores).",
                "PLAYER=N",
                read="deadwoods",
                input="draw_deadwood",
            ),
        ),
    ),
    Command(
        "score",
        "score",
        "Copy a hand's result from paper: PLAYER scored POINTS.",
        (
            Option("player", "", "Who won the hand.", required=True),
            Option(
                "points", "", "The points it scored.", read="whole", required=True, what="points"
            ),
            Option(
                "kind",
                "--kind",
                "How it was won: knock, undercut, gin, big-gin (for the standings).",
                "KIND",
            ),
        ),
    ),
)


# The options every hand command takes besides its own, in the order the command line lists
# them (the library's hand methods take them by keyword; ``match`` is the method's `Match`).
HAND_OPTIONS: tuple[Option, ...] = (
    Option("match", "--match", "The match (default: the current one).", "NAME", short="-m"),
    Option(
        "date",
        "--date",
        "When it was played: 2007-04-27, '27 Apr', today, yesterday (default today).",
        "DATE",
        read="date",
        short="-d",
    ),
    Option(
        "dealer", "--dealer", "Who dealt this hand (default: worked out from the rules).", "PLAYER"
    ),
    Option(
        "upcard",
        "--upcard",
        "The first upcard: the knock limit under Oklahoma rules, and a spade may double the hand.",
        "CARD",
        short="-u",
    ),
    Option("note", "--note", "A note kept with the hand.", "TEXT"),
    Option(
        "back_date",
        "--back-date",
        "Place a hand dated before the game in progress began by its date, naming the "
        "finished games it changes (without it, such a hand is refused).",
        read="switch",
    ),
)


# --- the variant ----------------------------------------------------------------------------------


class Variant:
    """How hands are played, scored, stored and told. Each variant is one module of this
    package, found by its name (`gintally.game.variants.find_variant`); the class attributes
    below are its declarations, the methods what it does."""

    key: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""  # as a player says it: "Mahjong gin"
    summary: ClassVar[str] = ""
    players: ClassVar[int] = 2  # 1: solitaire, against `opponent`
    opponent: ClassVar[str] = ""  # solitaire: the name of the seat played against
    opponent_is: ClassVar[str] = ""  # what it is, as a refusal says: "the phantom opponent of..."
    both_score: ClassVar[bool] = False  # both players score every hand
    dealt: ClassVar[bool] = True  # hands have a dealer and an upcard
    teams: ClassVar[bool] = False  # may be played in teams (a round sums the winners' points)
    claims: ClassVar[dict[str, frozenset[str]]] = {}  # claim -> the inputs it takes
    kinds: ClassVar[tuple[str, ...]] = ()  # the kinds a paper score may name
    words: ClassVar[dict[str, str]] = {"gin": "goes gin", "big-gin": "goes big gin"}
    refusals: ClassVar[dict[str, str]] = {}  # claim or input -> why it does not apply
    idle: ClassVar[dict[str, str]] = {}  # knob -> why it plays no part in this variant
    # The command line: options this variant adds to a hand command (command -> options), the
    # commands of its own, and what it adds to a command's help or to an option's.
    options: ClassVar[dict[str, tuple[Option, ...]]] = {}
    commands: ClassVar[tuple[Command, ...]] = ()
    notes: ClassVar[dict[tuple[str, str], str]] = {}  # (command, option or "") -> help text
    columns: ClassVar[tuple[str, ...]] = ()  # the CSV columns an export adds for its matches
    # Every variant's own inputs and the option that gives each, by input name: filled in by the
    # package when the variants are loaded (so a refusal can say whose an input is).
    owners: ClassVar[dict[str, tuple[str, str]]] = {}  # input -> (option, variant title)

    # --- checking what was typed ----------------------------------------------------------------

    def check(self, claim: str, given: Iterable[str]) -> None:
        """Refuse a claim this variant does not play, or an input that claim does not take."""
        if claim not in self.claims:
            raise HandError(self.refusals.get(claim) or f"{self.title} has no {claim}")
        # named in the order they always were: the counts and cards, the variants' own, then
        # the dealer and the upcard
        dealt = [c for c in CORE_INPUTS if c in DEALT]
        order = [*(c for c in CORE_INPUTS if c not in DEALT), *self.owners, *dealt]
        extra = sorted(set(given) - self.claims[claim], key=order.index)
        if extra:
            raise HandError(self.why(claim, extra[0]))

    def why(self, claim: str, name: str) -> str:
        """Why an input does not apply to a claim of this variant."""
        known = self.refusals.get(name)
        if known is not None:
            return known
        option, owner = self.owners.get(name, (CORE_OPTIONS.get(name, name), ""))
        why = f"{option} does not apply to a {claim}"
        if owner and owner != self.title and name not in self.inputs():
            why += f" ({option} is for {owner} matches)"
        return why

    @classmethod
    def inputs(cls) -> frozenset[str]:
        """Every input some claim of this variant takes."""
        return frozenset().union(*cls.claims.values()) if cls.claims else frozenset()

    def takes(self, claim: str) -> frozenset[str]:
        """The inputs a claim takes (none for a claim this variant does not play)."""
        return self.claims.get(claim, frozenset())

    def word(self, kind: str) -> str:
        """How a hand of this kind is told: ``goes gin``, ``goes double gimlet``."""
        return self.words.get(kind, kind)

    def idle_knobs(self, rules: RuleSet) -> dict[str, str]:
        """The knobs that play no part under `rules`, each with why (`gintally rules` says so):
        the variant's own (`idle`), and with ``knock_limit=0`` (gin only) those of knocking."""
        out = {}
        if rules.knock_limit == 0:
            why = "gin only (knock_limit 0): no knock, so no undercut"
            out = dict.fromkeys(("oklahoma_ace", "undercut_bonus", "tie", "undercut_style"), why)
        if not self.teams:
            why = f"{self.title or self.key} is not played in teams"
            out.update(dict.fromkeys(("team_sweep_bonus", "team_target"), why))
        return {**out, **self.idle}

    # --- settling -------------------------------------------------------------------------------

    def settle(self, claim: str, hand: HandInput, rules: RuleSet, upcard: str | None) -> HandResult:
        """Score a checked hand (roles, not people: see the module docstring)."""
        raise TypeError(f"{type(self).__name__} does not say how a hand is settled")

    def max_points(self, rules: RuleSet) -> int:
        """The most one hand can score under `rules`."""
        raise TypeError(f"{type(self).__name__} does not say what a hand can score at most")

    def paper(self, hand: HandInput, rules: RuleSet, most: int | None = None) -> HandResult:
        """A result copied from paper, refused when it is more than any hand scores (`most`: a
        tighter limit for the role that scored, else `max_points`)."""
        points = need(hand.points, "the points")
        number = isinstance(points, int) and not isinstance(points, bool)
        top = self.max_points(rules) if most is None else most
        if number and points > top:
            raise HandError(
                f"{points} points is more than any hand scores under these rules (at most {top})"
            )
        if hand.kind is not None and self.kinds:
            kind = parse_kind(hand.kind)
            if str(kind) not in self.kinds:
                raise HandError(
                    f"{self.title} has no {kind} hands; a paper score's kind is one of: "
                    f"{', '.join(self.kinds)}"
                )
        return settle_score(points, hand.kind, rules, top)

    # --- what it stores and how it is told ------------------------------------------------------

    def retyped(self, extras: Mapping[str, Any], claim: str, other: int | None) -> dict[str, Any]:
        """A stored hand's own inputs, as they were typed (to edit it): from its extras, and
        the other player's points (`other`) of a paper score."""
        return {}

    def stored_problems(self, extras: Mapping[str, Any]) -> list[str]:
        """What is wrong with a stored hand's extras (`gintally check`): none when they are what
        this variant writes."""
        return [] if not extras else [f"{self.title} stores nothing with a hand: {dict(extras)}"]

    def hand_fields(
        self, extras: Mapping[str, Any], claim: str, names: tuple[str, str], knocker: int | None
    ) -> dict[str, Any]:
        """What a hand's JSON adds for this variant (`names`: the players in seat order;
        `knocker`: the knocker's seat)."""
        return {}

    def row_fields(self, extras: Mapping[str, Any]) -> dict[str, Any]:
        """What a row of the hand log's JSON adds for this variant."""
        return {}

    def told(self, hand: Told) -> str | None:
        """One line that says what happened, when this variant says it its own way (None: as
        plain gin says it)."""
        return None

    def export(self, extras: Mapping[str, Any], other: int | None) -> dict[str, Any]:
        """The columns an export row has for this variant (`columns` in a CSV file, and in
        JSON every variant's, blank for a hand of another variant): a hand's values."""
        return {}

    def export_more(self, extras: Mapping[str, Any]) -> dict[str, Any]:
        """What a JSON export row adds after the core's typed cards (a variant's cards as typed)."""
        return {}

    def imported(self, row: Mapping[str, Any], read: ReadColumn) -> dict[str, Any] | None:
        """The variant's own inputs in an import row (`read(column)`: a column's whole number,
        or None; a bad value is refused by it), or None when the row has none of them."""
        return None


ReadColumn = Callable[[str], "int | None"]


class Told:
    """A recorded hand, as `Variant.told` reads it: the players by role, and the hand."""

    __slots__ = (
        "claim",
        "defender",
        "defender_deadwood",
        "doubled",
        "extras",
        "kind",
        "knocker",
        "knocker_deadwood",
        "knocker_seat",
        "names",
        "other_points",
        "points",
        "what",
        "winner",
    )

    def __init__(
        self,
        knocker: str,
        defender: str,
        winner: str | None,
        claim: str,
        kind: str,
        points: int,
        other_points: int | None,
        knocker_deadwood: int | None,
        defender_deadwood: int | None,
        extras: Mapping[str, Any],
        names: tuple[str, str],  # the players in seat order
        knocker_seat: int | None,
        what: str,  # how the kind is told: "goes gin", "goes double gimlet"
        doubled: str,  # " (spade upcard: doubled)" or ""
    ) -> None:
        self.knocker, self.defender, self.winner = knocker, defender, winner
        self.claim, self.kind, self.points, self.other_points = claim, kind, points, other_points
        self.knocker_deadwood, self.defender_deadwood = knocker_deadwood, defender_deadwood
        self.extras, self.names, self.knocker_seat = extras, names, knocker_seat
        self.what, self.doubled = what, doubled
