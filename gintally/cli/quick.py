"""The console script's fast lane: the commands typed at the table (a hand, `show`), run
without Typer.

Importing Typer and building a command costs a hand command about a fifth of its time, for a
command line that is nearly always plain: ``knock Ann 8 --vs 18``. `parse` reads such a line
with the commands' own parameters (`commands`: each hand command's parameters as the variants
declare them, from which `hands` builds Typer's commands too, and `show`'s;
tests/test_quick.py checks them against Typer's commands) and the lane calls the same
functions Typer calls (`record.run`, `views`), inside the same edge (`base.run`). It reads
only the plainest lines: positionals and ``--option VALUE`` / ``--option=VALUE`` /
``-o VALUE``, each option once, a value never starting with ``-``, after at most ``--db PATH``
before the command. Anything else (``--help``, an unknown or repeated option, a missing or
extra argument, ``--``, a value that looks like an option) is left to Typer (`parse` returns
None), so every error message and every odd spelling stays Typer's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence


class Command:
    """A command as the fast lane reads it: its positionals (the first `required` of them
    needed), its options with a value and its flags (spelling -> parameter), and whether it
    takes the hand options (`base.HandOptions`). (Plain classes here: a NamedTuple costs a
    millisecond to define.)"""

    def __init__(
        self,
        positionals: tuple[str, ...],
        required: int,
        options: dict[str, str],
        flags: dict[str, str],
        hand: bool = True,
    ) -> None:
        self.positionals = positionals
        self.required = required
        self.options = options
        self.flags = flags
        self.hand = hand


HAND_OPTIONS = {
    "--match": "match",
    "-m": "match",
    "--date": "date",
    "-d": "date",
    "--dealer": "dealer",
    "--upcard": "upcard",
    "-u": "upcard",
    "--note": "note",
}
HAND_FLAGS = {"--json": "as_json"}
SHOW = Command(
    (), 0, {"--match": "match", "-m": "match"}, {"--all": "all_", "--json": "as_json"}, hand=False
)
_COMMANDS: dict[str, Command] = {}


def commands() -> dict[str, Command]:
    """Every command the fast lane runs: `show`, and the hand commands as their declarations
    give them (`gintally.game.variants`), but those with an option that repeats (a drawn hand's
    ``--deadwood``), which Typer reads. Built on first use."""
    if not _COMMANDS:
        from gintally.game import variants

        for c in variants.commands():
            declared = variants.options_of(c.name)
            if any(o.read == "deadwoods" for o in declared):
                continue
            positionals = tuple(o.name for o in declared if not o.flag)
            _COMMANDS[c.name] = Command(
                positionals,
                sum(o.required for o in declared if not o.flag),
                {**HAND_OPTIONS, **{o.flag: o.name for o in declared if o.flag}},
                HAND_FLAGS,
            )
        _COMMANDS["show"] = SHOW
    return _COMMANDS


_HAND_FIELDS = frozenset(HAND_OPTIONS.values()) | frozenset(HAND_FLAGS.values())


class Line:
    """A command line as the fast lane read it: the root option --db, the command, and the
    value of each parameter given."""

    def __init__(self, db: str | None, word: str, values: dict[str, Any]) -> None:
        self.db = db
        self.word = word
        self.values = values


def parse(args: Sequence[str]) -> Line | None:
    """The command line `args` (after the program's name), or None when it is not one the fast
    lane runs."""
    db: str | None = None
    at = 0
    while at < len(args) and args[at].startswith("-"):
        name, eq, value = args[at].partition("=")
        if name != "--db" or db is not None:
            return None
        if not eq:
            at += 1
            if at == len(args) or args[at].startswith("-"):
                return None
            value = args[at]
        db = value
        at += 1
    if at == len(args) or args[at] not in commands():
        return None
    word = args[at]
    command = commands()[word]
    values: dict[str, Any] = {}
    given: list[str] = []
    rest = args[at + 1 :]
    i = 0
    while i < len(rest):
        token = rest[i]
        if not token.startswith("-"):
            given.append(token)
        elif token in command.flags:
            if command.flags[token] in values:
                return None
            values[command.flags[token]] = True
        else:
            name, eq, value = token.partition("=")
            param = command.options.get(name)
            if param is None or param in values or (eq and not name.startswith("--")):
                return None
            if not eq:
                i += 1
                if i == len(rest) or rest[i].startswith("-"):
                    return None
                value = rest[i]
            values[param] = value
        i += 1
    if not command.required <= len(given) <= len(command.positionals):
        return None
    values.update(zip(command.positionals, given, strict=False))
    return Line(db, word, values)


def body(line: Line) -> Callable[[], None]:
    """The work of the command `line` names, as Typer would call it."""
    command = commands()[line.word]
    values = dict(line.values)

    def work() -> None:
        from gintally.cli import base

        base.State.db = line.db  # what the root callback does
        if line.word == "show":
            from gintally.cli import views

            views.show(**values)
            return
        from gintally.cli import record

        shared = {k: values.pop(k) for k in list(values) if k in _HAND_FIELDS}
        options = base.HandOptions(**shared)
        assert command.hand
        record.run(line.word, options, values)

    return work


def run(args: Sequence[str], standalone: bool = True) -> int | None:
    """Run the command line `args` in the fast lane, or return None (nothing done) when it is
    not one for the fast lane."""
    line = parse(args)
    if line is None:
        return None
    from gintally.cli import base

    return base.run(body(line), standalone)
