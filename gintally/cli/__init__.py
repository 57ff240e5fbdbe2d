"""The command line (Typer): ``gintally COMMAND``, the console script's entry point.

The commands live in modules by what they do: `hands` (recording, built from the variants'
declarations, and corrections), `read` (show, hands, standings, eval, rules), `admin` (matches,
players), `data` (export, import, merge, backup, config, check, demo), `stats`, `chart`,
`page`, `money` (settle, pay) and `play` (the evening's sheet: its entry line read by
`entry`, its full screen in `screen`, the one module that imports Textual); each command's
work is the library's (a `Book` method, `gintally.facade`: no command holds a `Ledger`),
which returns the document the command prints; `common` holds the Typer app, `base` the ledger
location and the error edge (no Typer), the package `render` draws for people (the only place
that imports Rich) and `demo` runs the demo. Typer builds every registered command at each
start, and a hand is typed at the table, so `main` loads only the module of the command being
run (all of them for help, shell completion or an unknown word), and Typer builds only that
command (`only`). `gintally.cli.app` is the whole app, every command loaded (what tests and
``python -m gintally`` use through `main` too).

The cycle collector: `main` pauses it for the whole command (`process.hold_gc`: loading
some hundred modules and replaying a long match leave no garbage that only it can free, so its
passes are pure cost); `play` ends the pause when its session starts. The library never
touches it.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing is not imported before Ctrl-C is taken over

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

MODULES = (
    "hands",
    "read",
    "admin",
    "data",
    "stats",
    "chart",
    "page",
    "printing",
    "play",
    "money",
    "serve",
)
ROUTES = {
    **dict.fromkeys(
        (
            *("knock", "gin", "big-gin", "draw", "misdeal", "score"),
            *("undo", "redo", "restore", "void", "edit"),
        ),
        "hands",
    ),
    **dict.fromkeys(("show", "hands", "standings", "eval", "rules"), "read"),
    **dict.fromkeys(("match", "player"), "admin"),
    **dict.fromkeys(("export", "import", "merge", "backup", "config", "check", "demo"), "data"),
    "stats": "stats",
    "chart": "chart",
    "report": "page",
    "print": "printing",
    "play": "play",
    "serve": "serve",
    **dict.fromkeys(("settle", "pay"), "money"),
}
_GLOBAL_WITH_VALUE = ("--db",)


def load(command: str | None = None) -> Any:
    """Register the commands: those of `command`'s module, or all of them."""
    from importlib import import_module

    from gintally.cli.common import app as _app

    module = route(command)
    for name in (module,) if module else MODULES:
        import_module(f"gintally.cli.{name}")
    return _app


def route(command: str | None) -> str | None:
    """The module of `command` (None: unknown): `ROUTES`, or ``hands`` for a hand command of a
    variant's own (Gimlet's ``sour``...), which the variants declare
    (`gintally.game.variants`)."""
    found = ROUTES.get(command or "")
    if found is not None or not command or command.startswith("-"):
        return found
    from gintally.game import variants

    return "hands" if any(c.name == command for c in variants.commands()) else None


def only(app: Any, command: str) -> Any:
    """The app as it runs `command`: a copy that holds that command (or command group) alone.
    Typer builds every registered command before it parses the line (its parameters read from
    the function's signature), some 2 ms each; a hand command's module holds a dozen. The copy
    holds the root options and callback as they are; an unknown word keeps every command (the
    error then lists them)."""
    from copy import copy

    from typer.main import get_command_name

    commands = [
        c
        for c in app.registered_commands
        if (c.name or get_command_name(c.callback.__name__)) == command
    ]
    groups = [g for g in app.registered_groups if g.name == command]
    if len(commands) + len(groups) != 1:
        return app
    pruned = copy(app)
    pruned.registered_commands = commands
    pruned.registered_groups = groups
    return pruned


def command_word(args: Sequence[str]) -> str | None:
    """The command named on a command line (after the global options), if any."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in _GLOBAL_WITH_VALUE:
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def main() -> None:
    """The ``gintally`` console script. Its first act takes over Ctrl-C (`process`), so from here
    on an interruption is one line and exit 130 (or 0, once a change is committed)."""
    try:
        from gintally.cli import process

        process.take_over()
        process.hold_gc()  # until the command's end (`process.hold_gc` says why)
        try:
            args = sys.argv[1:]
            word = command_word(args)
            completing = any(k.endswith("_COMPLETE") for k in os.environ)
            if word is None and "--version" in args:
                from gintally.cli.common import app  # the version is printed before any command
            else:
                app = load(None if completing else word)
                if word is not None and not completing:
                    app = only(app, word)
            app()  # exits with the command's code (`common.GintallyGroup.main`)
        finally:
            process.release_gc()
    except KeyboardInterrupt:  # before `take_over`, or where Ctrl-C waited (see process)
        from gintally.cli import process

        sys.exit(process.finish(process.report_interrupted()))


def __getattr__(name: str) -> Any:
    if name == "app":
        return load()
    raise AttributeError(f"module 'gintally.cli' has no attribute {name!r}")


__all__ = ["ROUTES", "app", "command_word", "load", "main", "only"]
