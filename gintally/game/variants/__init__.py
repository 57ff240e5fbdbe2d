"""Variants: how a hand is played, scored, stored and told, one module per variant, found by
name.

A variant (the game kind a match plays: the rule set's `variant` knob) is one module of this
package, named after it, holding a `base.Variant` subclass as ``VARIANT``:

- `gin`: plain gin, two players, the hand's winner scores;
- `mahjong`: Mahjong gin, both players score every hand;
- `gimlet`: Gimlet Rummy, solitaire against a phantom.

The module declares everything that is the variant's own: its claims and inputs and why others
are refused, its options (`base.Option`: Typer's commands, ``gintally play``'s entry line,
`edit` and the checks of the library's hand methods are built from them), how a hand is
settled and what it can score at most, what it stores with a hand (``extras``) and how it
checks them, how a hand is told and shown, and its
columns in an export. The rule set's `variant` knob names the modules (`rules.VARIANTS`), so a
new variant is a new module here and its name there (with a preset, if it has one, among the
presets of `rules`).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from gintally.errors import GintallyError, HandError
from gintally.game.rules import VARIANTS, RuleSet
from gintally.game.scoring import check_points as check_within
from gintally.game.variants.base import (
    COMMANDS,
    CORE_INPUTS,
    HAND_OPTIONS,
    Command,
    HandInput,
    Option,
    Told,
    Variant,
)

__all__ = [
    "COMMANDS",
    "CORE_INPUTS",
    "HAND_OPTIONS",
    "Command",
    "HandInput",
    "Option",
    "Told",
    "Variant",
    "all_variants",
    "applies",
    "by_position",
    "check_points",
    "command",
    "commands",
    "counted",
    "find_variant",
    "help_of",
    "max_hand_points",
    "options_of",
    "variant_of",
    "variant_options",
]


def _load() -> dict[str, Variant]:
    """Every variant, by name, in the order `rules.VARIANTS` names them."""
    found: dict[str, Variant] = {}
    for name in VARIANTS:
        cls: type[Variant] = import_module(f"{__name__}.{name}").VARIANT
        assert cls.key == name, f"variants/{name}.py holds {cls.key!r}"
        found[name] = cls()
    owners: dict[str, tuple[str, str]] = {}
    for v in found.values():
        for options in v.options.values():
            for o in options:
                owners.setdefault(o.fills, (o.flag, v.title))
                if o.cards:
                    owners.setdefault(o.cards, (o.flag, v.title))
    Variant.owners = owners
    return found


_VARIANTS = _load()
_ALIASES = {alias: v for v in _VARIANTS.values() for alias in v.aliases}


def all_variants() -> tuple[Variant, ...]:
    """Every variant, in the order the rules name them."""
    return tuple(_VARIANTS.values())


def find_variant(name: str) -> Variant:
    """A variant by name or alias, case-insensitively; unknown names list the variants."""
    key = str(name).strip().lower().replace(" ", "-")
    found = _VARIANTS.get(key) or _ALIASES.get(key)
    if found is None:
        raise GintallyError(f"unknown variant {name!r}; the variants are: {', '.join(_VARIANTS)}")
    return found


def variant_of(rules: RuleSet) -> Variant:
    """The variant a rule set plays."""
    return find_variant(rules.variant)


def max_hand_points(rules: RuleSet) -> int:
    """The most points one hand can score under `rules`, by its variant: a transcribed result
    above it is a typo."""
    return variant_of(rules).max_points(rules)


def check_points(points: int, rules: RuleSet, what: str = "points") -> int:
    """`points` if one hand can score them under `rules` (`max_hand_points`); else a
    `HandError` naming the limit."""
    return check_within(points, rules, what, max_hand_points(rules))


# --- the hand commands, as the command line has them ---------------------------------------------


@cache  # the declarations never change: read once a process
def commands() -> tuple[Command, ...]:
    """Every hand command, in the order they are listed: the core ones, each variant's own
    after the command it names (else at the end)."""
    out = list(COMMANDS)
    for c in (c for v in _VARIANTS.values() for c in v.commands):
        at = next((i + 1 for i, o in enumerate(out) if o.name == c.after), len(out))
        out.insert(at, c)
    return tuple(out)


def command(name: str) -> Command:
    """A hand command by name."""
    for c in commands():
        if c.name == name:
            return c
    raise HandError(f"unknown hand command {name!r}")


def _players(c: Command) -> tuple[Variant, ...]:
    """The variants that play command `c`: the one that declares it (a variant's own command:
    ``gimlet``), else every variant."""
    owners = tuple(v for v in _VARIANTS.values() if c in v.commands)
    return owners or tuple(_VARIANTS.values())


def _noted(option: Option, command: str, played: Command) -> Option:
    """`option` with what the variants add to its help in `command` (the command whose
    parameters `played` shares): those of the variants that play `played` (Mahjong's word on
    ``--vs`` is not a ``big-gin``'s)."""
    notes = [
        v.notes[(command, option.name)]
        for v in _players(played)
        if (command, option.name) in v.notes and played.claim in v.claims
    ]
    if not notes:
        return option
    return option.with_help("; ".join((option.help, *notes)))


@cache  # the declarations never change: read once a process
def options_of(name: str) -> tuple[Option, ...]:
    """The parameters of a hand command, in order: its own (or those of the command it is
    like), then each variant's options for it, with the variants' notes in their help."""
    c = command(name)
    base = command(c.like) if c.like else c
    own = tuple(_noted(o, base.name, c) for o in base.params)
    added = tuple(o for v in _VARIANTS.values() for o in v.options.get(base.name, ()))
    return own + added


@cache  # the declarations never change: read once a process
def help_of(name: str) -> str:
    """A hand command's help: its own, and what each variant adds (a line each)."""
    c = command(name)
    notes = [v.notes[(c.name, "")] for v in _VARIANTS.values() if (c.name, "") in v.notes]
    if not notes:
        return c.help
    first, sep, rest = c.help.partition("\n\n")
    if sep:  # a paragraph of its own already: the notes end it
        return f"{first}\n\n{rest} {' '.join(notes)}"
    return f"{first}\n\n" + "\n".join(notes)


@cache  # the declarations never change: read once a process
def applies(name: str, option: Option, variant: Variant | None = None) -> bool:
    """Whether `option` (one of `options_of(name)`, or a hand option: `HAND_OPTIONS`) can be
    given to hand command `name` in some match: an argument always; an option whose input some
    variant playing the command takes for its claim (``--vs-cards`` is no ``gimlet``'s, nor
    Mahjong's ``--table`` a ``big-gin``'s; ``--dealer`` no Gimlet command's); an option that
    gives no input of a hand (``--match``, ``--date``, ``--note``) always. The help lists
    only these; the others are still read, and refused naming why (`Variant.check`). With
    `variant`, in a match of that variant (what ``gintally play``'s Tab offers)."""
    if not option.flag:
        return True
    inputs = {option.fills, option.cards} - {""}
    if not inputs & {*CORE_INPUTS, *Variant.owners}:
        return True  # not an input of a hand: the match, the date, the note
    c = command(name)
    players = _players(c) if variant is None else (variant,)
    return any(inputs & v.takes(c.claim) for v in players)


@cache  # the declarations never change: read once a process
def variant_options() -> tuple[Option, ...]:
    """Every variant's own options, each once (for `edit`, which takes them all)."""
    seen: dict[str, Option] = {}
    for v in _VARIANTS.values():
        for options in v.options.values():
            for o in options:
                seen.setdefault(o.name, o)
    return tuple(seen.values())


@cache  # the declarations never change: read once a process
def counted(name: str) -> tuple[Option, ...]:
    """The parameters hand command `name` takes by position, in order: its arguments, then
    the options that take a count (``--vs``, Mahjong's ``--table`` and ``--vs-table``), so
    ``knock Ann 8 18`` is ``knock Ann 8 --vs 18``, as the library's
    ``match.knock("Ann", 8, 18)``: the command line and ``gintally play`` read them alike."""
    return tuple(o for o in options_of(name) if not o.flag or o.read in ("whole", "count"))


def by_position(name: str, values: list[str], variant: Variant | None = None) -> dict[str, str]:
    """The values typed by position for hand command `name`, by parameter name (`counted`;
    with `variant`, the match's, only the counts it takes: ``gin Ann 30 40`` in a plain gin
    match has one value too many, not a Mahjong ``--table``); more values than it takes are
    refused naming the extra ones."""
    taken = counted(name)
    if variant is not None:
        inputs = variant.inputs()
        taken = tuple(o for o in taken if not o.flag or o.fills in inputs)
    if len(values) > len(taken):
        extra = " ".join(values[len(taken) :])
        said = " ".join((o.flag.lstrip("-") or o.name).upper() for o in taken)
        raise HandError(
            f"{name} takes {len(taken)} values at most ({said}); the extra {extra!r} is over"
        )
    return {o.name: v for o, v in zip(taken, values, strict=False)}
