"""The values of a command, from either front end: a library call's Python values checked, the
command line's text read, and the values of a hand command made into its inputs.

The hand commands' parameters are declared once, as data, by the variants
(`gintally.game.variants`: each `Option` says what its value is, `Option.read`). A library call
(`Match.knock`...) gives Python values: `check` refuses a wrong one naming the parameter (``vs
must be a whole number, not 'x'``). The command line and ``gintally play``'s entry line give
text: `from_text` reads it into the same values, refusing bad text in the command line's own
words (``--vs must be a whole number, not 'x'``). From the values on, both are one path:
`Typed` makes them a hand's inputs, `changes` an edit's, and `facade.work` records them.

Terminology
- values: a command's parameters by name, as Python values (None: not given): ``int`` counts,
  text, cards (text, from a library call also a sequence of cards), a drawn hand's counts by
  player (``dict[str, int]``), a date (`datetime.date`, or the command line's text for it).
- inputs: what the hand is given, from its values: the core ones (the fields of
  `model.TypedHand`) and the variant's own (``extra``); a value typed as a count or the cards
  goes to one of two inputs (``vs`` or ``vs_cards``).
- flags: a refusal that names a parameter names it as the command line spells it (``--vs``)
  for text read there, and by its name (``vs``) for a library call.

Only the standard library is imported with the module (the command line's edge reads `whole`
from it at every start); the rest when a hand is read.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, TypeAlias

from gintally.errors import GintallyError, ParameterError, reworded

if TYPE_CHECKING:
    from gintally.game.variants import Option
    from gintally.ledger import Ledger

LARGEST = 1_000_000_000  # no count, score, hand number or year typed at a table is bigger
Cards: TypeAlias = "str | Sequence[str]"  # cards as a library call gives them: "AS 2H" or a list


# --- text, as the command line reads it (its words) ---------------------------------------------


def whole(value: str | None, what: str) -> int | None:
    """A whole number typed on the command line (None stays None); the bad text is named."""
    if value is None:
        return None
    try:
        number = int(value.strip())
    except ValueError:
        raise GintallyError(f"{what} must be a whole number, not {value!r}") from None
    if abs(number) > LARGEST:
        raise GintallyError(f"{what} {value.strip()} is too large (at most {LARGEST:,})")
    return number


def hand_number(text: str) -> int:
    """A hand's number as typed (void, edit)."""
    number = whole(text, "a hand number")
    assert number is not None
    return number


def count_or_cards(text: str | None, what: str) -> int | str | None:
    """A value typed as a whole number or as the cards themselves: the number, or the cards'
    text; text that is neither is refused as the number it should have been."""
    if text is None:
        return None
    try:
        return whole(text, what)
    except GintallyError:
        from gintally.game.cards import parse_cards

        try:
            parse_cards(text)
        except GintallyError:
            raise GintallyError(f"{what} must be a whole number, not {text.strip()!r}") from None
        return text


def deadwoods(items: list[str] | None) -> dict[str, int]:
    """A drawn hand's counts, typed PLAYER=N (repeated)."""
    from gintally.model import fold

    out: dict[str, int] = {}
    seen: set[str] = set()  # the names folded (a set made again for each was quadratic)
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise GintallyError(f"--deadwood takes PLAYER=N, not {item!r}")
        try:
            count = int(value)
        except ValueError:
            raise GintallyError(f"--deadwood {item!r}: {value!r} is not a whole number") from None
        folded = fold(name)
        if folded in seen:
            raise GintallyError(f"--deadwood gives {name.strip()}'s count twice")
        seen.add(folded)
        out[name.strip()] = count
    return out


def from_text(option: Option, text: Any) -> Any:
    """One parameter's value from the command line's text (None: not given), as its
    declaration says; bad text is refused in the command line's words."""
    if text is None:
        return None
    what = option.what or option.flag
    if option.read == "whole":
        return whole(text, what)
    if option.read == "count":
        return count_or_cards(text, what)
    if option.read == "deadwoods":
        return deadwoods(text)
    return text  # text, cards, a date, pile counts: read where they are used


def read_text(options: Sequence[Option], raw: Mapping[str, Any]) -> dict[str, Any]:
    """A command's values from its parameters as the command line typed them (`raw`, by name:
    text, a list of texts for a repeated option), in their declared order."""
    return {o.name: from_text(o, raw.get(o.name)) for o in options}


# --- a library call's Python values, checked (named as parameters) -------------------------------


def number(value: object, name: str, signed: bool = False) -> int:
    """A whole number a library call gave as `name`: an ``int`` (not a bool), at most `LARGEST`
    either way, and 0 or more unless `signed`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParameterError(f"{name} must be a whole number, not {value!r}")
    if abs(value) > LARGEST:
        raise ParameterError(f"{name} {value} is too large (at most {LARGEST:,})")
    if value < 0 and not signed:
        raise ParameterError(f"{name} must be a whole number of 0 or more, not {value}")
    return value


def cards_text(value: object, name: str) -> str:
    """Cards a library call gave as `name`: text (``"AS 2H"``) or a sequence of cards, as
    text."""
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and all(isinstance(c, str) for c in value):
        return " ".join(value)
    raise ParameterError(f"{name} must be cards (text, or a list of cards), not {value!r}")


def text(value: object, name: str) -> str:
    """Text a library call gave as `name`."""
    if not isinstance(value, str):
        raise ParameterError(f"{name} must be text, not {value!r}")
    return value


def texts(**given: object) -> None:
    """Text a library call gave for each parameter named (``texts(old=old, new=new)``): None,
    a number or a list is refused naming it, before it could be stored as ``'None'``."""
    for name, value in given.items():
        text(value, name)


def maybe_texts(**given: object) -> None:
    """As `texts`, where None (not given) is allowed too."""
    texts(**{name: value for name, value in given.items() if value is not None})


def names(value: object, name: str, example: str = "['Ann', 'Bob']") -> None:
    """Players or teams a library call gave as `name`: None, or a list (or tuple) of text, as
    in `example`; a text alone (its letters would be counted as names) or a set (in no order)
    is refused."""
    if value is None:
        return
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ParameterError(f"{name} must be a list like {example}, not {value!r}")


def a_date(value: object, name: str, today: date | None = None) -> date:
    """A date a library call gave as `name`: a `datetime.date` (a `datetime.datetime` is
    refused: its time would be stored with the day) from 1900 to 2999, and, given `today`, not
    after tomorrow (`dates.refuse_outside`, as the command line reads a date)."""
    if isinstance(value, datetime) or not isinstance(value, date):
        raise ParameterError(f"{name} must be a date (datetime.date), not {value!r}")
    from gintally.dates import refuse_outside

    try:
        return refuse_outside(value, f"{name} {value.isoformat()}", today)
    except GintallyError as e:
        raise ParameterError(str(e)) from None


def path(value: object, name: str) -> None:
    """A file's path a library call gave as `name`: text (not empty) or a `os.PathLike` of
    text; else `ParameterError` (a number or None reached ``os.fspath``'s TypeError)."""
    spelled = os.fspath(value) if isinstance(value, str | os.PathLike) else None
    if not isinstance(spelled, str) or not spelled.strip():
        raise ParameterError(f"{name} must be a file's path (text or a Path), not {value!r}")


def out_file(out: object, optional: bool = True) -> None:
    """`out` as a library call gives a file to write (None: none, when `optional`): a path, or
    an open text file that is not closed. ``"-"`` is refused: the command line's standard
    output, which a program gives as an open text file (`sys.stdout`), never a file named
    ``-`` in its folder."""
    import io

    if out is None and optional:
        return
    if isinstance(out, str | os.PathLike):
        path(out, "out")
        if os.fspath(out) == "-":
            raise GintallyError("out '-' is no file: give sys.stdout to write to standard output")
    elif not callable(getattr(out, "write", None)):
        raise ParameterError(f"out must be a file's path or an open text file, not {out!r}")
    elif isinstance(out, io.RawIOBase | io.BufferedIOBase):
        raise ParameterError(f"out must be a text file, not a binary one ({out!r})")
    elif getattr(out, "closed", False):
        raise ParameterError(f"out is a closed file ({out!r})")


def switch(value: object, name: str) -> bool:
    """A switch a library call gave as `name`: True or False (a truthy ``"no"`` is not one)."""
    if not isinstance(value, bool):
        raise ParameterError(f"{name} must be True or False, not {value!r}")
    return value


def counts_by_player(value: object, name: str) -> dict[str, int]:
    """Each player's count, as a library call gave it: ``{"Ann": 5, "Bob": 9}``."""
    from gintally.model import fold

    if not isinstance(value, Mapping):
        raise ParameterError(f"{name} must map players to counts ({{'Ann': 5}}), not {value!r}")
    out: dict[str, int] = {}
    seen: set[str] = set()  # the names folded (a set made again for each was quadratic)
    for player, count in value.items():
        who = text(player, f"a player in {name}").strip()
        folded = fold(who)
        if folded in seen:
            raise ParameterError(f"{name} gives {who}'s count twice")
        seen.add(folded)
        out[who] = number(count, f"{name}[{player!r}]")
    return out


def check(option: Option, value: object) -> Any:
    """One parameter's value as a library call gave it (None: not given), checked as its
    declaration says (`Option.read`); a wrong one is refused naming the parameter."""
    if value is None:
        return None
    name = option.name
    if option.read == "whole":
        return number(value, name, option.signed)
    if option.read == "count":
        if isinstance(value, int) and not isinstance(value, bool):
            return number(value, name)
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():  # no card: a count
            raise ParameterError(f"{name} must be a whole number, not {value!r}")
        if isinstance(value, str | Sequence):
            return cards_text(value, name)
        raise ParameterError(f"{name} must be a whole number or cards, not {value!r}")
    if option.read == "cards":
        return cards_text(value, name)
    if option.read == "deadwoods":
        return counts_by_player(value, name)
    if option.read == "counts":
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise ParameterError(f"{name} must be a sequence of whole numbers, not {value!r}")
        return ",".join(str(number(n, name)) for n in value)
    if option.read == "date":
        return a_date(value, name)
    if option.read == "switch":
        return switch(value, name)
    return text(value, name)


def checked(options: Sequence[Option], given: Mapping[str, object]) -> dict[str, Any]:
    """A library call's values (`given`, by parameter name), each checked as declared."""
    return {o.name: check(o, given.get(o.name)) for o in options}


# --- values into a hand's inputs (one path for both) ---------------------------------------------


def spelled(name: str, flags: bool) -> str:
    """Parameter `name` as a refusal names it (see Terminology): ``--vs-cards``, ``vs_cards``."""
    return "--" + name.replace("_", "-") if flags else name


@contextmanager
def worded(flags: bool, called: Mapping[str, str] | None = None) -> Iterator[None]:
    """Refusals made below the facade (a variant's, settling's, a stake's, a new match's, a
    file's) name what is missing or wrong as the command line spells it (``--vs-table``): the
    words of the front ends, which read text (`flags`), kept as they are. For a program's
    call they are said in its words once, here: `called` first (``{"--from DATE": "since"}``,
    where the method names a parameter otherwise), then each ``--option`` as its parameter
    (``vs_table``), which is how a hand's options are declared (`spelled`), but for a quoted
    value and a command to run."""
    try:
        yield
    except GintallyError as e:
        said = str(e)
        if flags or "--" not in said:
            raise
        for option, name in (called or {}).items():
            said = said.replace(option, name)
        raise type(e)(reworded(said, lambda option: option.replace("-", "_"))) from None


def place(option: Option, values: Mapping[str, Any], inputs: dict[str, Any], flags: bool) -> None:
    """Put one parameter's value (of `values`) where its declaration says, into `inputs`: a
    count typed as the cards into the option's cards input, refused if those cards were
    given by their own option too."""
    value = values.get(option.name)
    if option.read == "count" and isinstance(value, str):  # the cards
        if values.get(option.cards) is not None:
            this, other = spelled(option.name, flags), spelled(option.cards, flags)
            raise GintallyError(f"give {option.once} once: {this} or {other}")
        inputs[option.fills] = None
        inputs[option.cards] = value
    elif option.read == "deadwoods":
        inputs[option.fills] = {} if value is None else value
    elif option.read in ("whole", "count") or value is not None or option.fills not in inputs:
        inputs[option.fills] = value


def inputs(command: str, values: Mapping[str, Any], flags: bool = False) -> dict[str, Any]:
    """The inputs of hand command `command`, from its values."""
    from gintally.game import variants

    out: dict[str, Any] = {}
    for option in variants.options_of(command):
        place(option, values, out, flags)
    return out


class Typed:
    """A hand command's values, as a hand: the claim it records, its core inputs (`core`: those
    of `model.TypedHand`) and the variant's own (`extra`). `flags`: the values were read from
    the command line (its refusals name its options)."""

    __slots__ = ("claim", "core", "extra", "flags")

    def __init__(self, command: str, values: Mapping[str, Any], flags: bool = False) -> None:
        from dataclasses import fields

        from gintally.game import variants
        from gintally.model import TypedHand

        typed = {f.name for f in fields(TypedHand)}  # the inputs every hand may be given
        found = inputs(command, values, flags)
        self.claim = variants.command(command).claim
        self.extra = {k: v for k, v in found.items() if k not in typed and v is not None}
        self.core = {k: v for k, v in found.items() if k in typed}
        self.flags = flags


def when(value: date | str | None, book: Ledger, today: date) -> date:
    """The date a hand was played: a date as given, text as typed (read by the ledger's date
    order), or `today`."""
    if value is None:
        return today
    if isinstance(value, date):  # a program's: checked as the command line checks its text
        return a_date(value, "date", today)
    from gintally.dates import parse_date
    from gintally.service import date_order

    return parse_date(value, today, date_order(book))


# --- an edit's changes ---------------------------------------------------------------------------

# What `edit` changes besides the variants' own options: each parameter and what it takes, as
# `Option.read` says (``deadwood``: a count, or a drawn hand's counts by player).
EDITED = {
    "player": "text",
    "deadwood": "deadwood",
    "vs": "count",
    "cards": "cards",
    "vs_cards": "cards",
    "points": "whole",
    "kind": "text",
    "date": "date",
    "dealer": "text",
    "upcard": "text",
    "note": "text",
}


def edit_text(raw: Mapping[str, Any]) -> dict[str, Any]:
    """`edit`'s values from its options as the command line typed them (`raw`: the names of
    `EDITED` and the variants' own options): the counts typed as a count or the cards first,
    then --vs, --deadwood, --points and the other variants' options, so that of several bad
    values the first named is the one it always was."""
    from gintally.game import variants

    own = variants.variant_options()
    values = {o.name: from_text(o, raw.get(o.name)) for o in own if o.read == "count"}
    values["vs"] = count_or_cards(raw.get("vs"), "--vs")
    items = raw.get("deadwood")
    if items and all("=" in item for item in items):
        values["deadwood"] = deadwoods(items)
    elif items and len(items) == 1:
        values["deadwood"] = whole(items[0], "--deadwood")
    elif items:
        raise GintallyError("--deadwood takes one count N, or PLAYER=N for each player of a draw")
    values["points"] = whole(raw.get("points"), "--points")
    values.update({o.name: from_text(o, raw.get(o.name)) for o in own if o.read != "count"})
    for name in EDITED:
        values.setdefault(name, raw.get(name))
    return values


def edit_checked(given: Mapping[str, object]) -> dict[str, Any]:
    """`edit`'s values as a library call gave them, each checked (see `EDITED`)."""
    from gintally.game import variants
    from gintally.game.variants import Option

    values = checked(variants.variant_options(), given)
    for name, read in EDITED.items():
        value = given.get(name)
        if read == "deadwood" and isinstance(value, Mapping):
            values[name] = counts_by_player(value, name)
        elif read == "deadwood":
            values[name] = None if value is None else number(value, name)
        else:
            values[name] = check(Option(name, "", "", read=read), value)
    return values


def changes(values: Mapping[str, Any], flags: bool = False) -> dict[str, Any]:
    """What `edit` was asked to change, from its values (`edit_text`, `edit_checked`): the
    inputs as `service.edit` takes them; refused when it is nothing."""
    from gintally.game import variants

    own = variants.variant_options()
    counted: dict[str, Any] = {}
    for option in own:
        if option.read == "count":
            place(option, values, counted, flags)
    vs, vs_cards = values.get("vs"), values.get("vs_cards")
    if isinstance(vs, str):  # the defender's cards
        if vs_cards is not None:
            this, other = spelled("vs", flags), spelled("vs_cards", flags)
            raise GintallyError(f"give the defender's cards once: {this} or {other}")
        vs, vs_cards = None, vs
    others: dict[str, Any] = {}
    for option in own:
        if option.read != "count":
            place(option, values, others, flags)
    deadwood = values.get("deadwood")
    found = {
        "player": values.get("player"),
        **({"draw_deadwood": deadwood} if isinstance(deadwood, dict) else {}),
        **({"deadwood": deadwood} if isinstance(deadwood, int) else {}),
        "vs": vs,
        "cards": values.get("cards"),
        "vs_cards": vs_cards,
        "points": values.get("points"),
        **counted,
        **others,
        "kind": values.get("kind"),
        "date": values.get("date"),
        "dealer": values.get("dealer"),
        "upcard": values.get("upcard"),
        "note": values.get("note"),
    }
    if all(v is None for v in found.values()):
        raise GintallyError(
            "nothing to change: give at least one option (see gintally edit -h)"
            if flags
            else "nothing to change: give at least one value to change (vs=20, kind='gin'...)"
        )
    return found


# --- Python values as the text a command line would give -----------------------------------------


def as_text(value: object) -> Any:
    """A library call's value as the text the command line would have typed (None stays None):
    a number in digits, a date in ISO form, an amount (`decimal.Decimal`) in its plain digits
    (``Decimal("1E+1")`` as ``10``). Text is read exactly as typed, so a bad value is refused
    with the command line's message. (The money methods and the reads read their values so.)"""
    if value is None or isinstance(value, str):
        return value
    decimal = sys.modules.get("decimal")  # not loaded: `value` is no Decimal (nor loads it)
    if decimal is not None and isinstance(value, decimal.Decimal):
        if value.is_finite() and max(value.adjusted(), -value.as_tuple().exponent) > WRITTEN:
            return str(value)  # not written out: ``1E+100000000`` is no amount (nor 100 MB)
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, int) and abs(value) >= 10**WRITTEN:  # past str's 4,300 digits too
        from decimal import Context

        return str(Context(prec=6).create_decimal(value))  # 1.00000E+5000
    return str(value)


WRITTEN = 40  # digits an amount is written out to; no amount has more (`stakes.MAX_DIGITS`)
