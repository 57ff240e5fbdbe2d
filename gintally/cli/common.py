"""The command line's Typer parts: the app, its root options and the shared options (the hand
commands' own are declared with them, `gintally.game.variants`, and built in `hands`). What
needs no Typer (the ledger location, output, the error edge) lives in `base` and is
re-exported here.

Errors are translated once, at the edge (`base.run`, which `GintallyGroup.main` calls): a
`GintallyError` or a usage error becomes one line on stderr (``Error: ...``) and exit code 2
(bad input) or 1 (the ledger cannot be used); never a traceback. Set ``GINTALLY_DEBUG=1`` to see
the traceback of an unexpected failure.

Start-up is kept light, because a hand is typed at the table and must feel instant: Rich is only
imported to draw for people (never on the ``--json`` path), sqlite-utils only when a ledger needs
migrating, dateutil only for a date that is not ISO, and only the module of the command run
registers its commands (`gintally.cli.main`).
"""

from __future__ import annotations

import copy
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperGroup

from gintally import __version__
from gintally.cli.base import (
    ENV_DB,
    LARGEST,
    State,
    app_dir,
    dated,
    db_path,
    drawing,
    emit,
    is_default,
    placed,
    run,
    today,
    whole,
)
from gintally.errors import GintallyError

__all__ = [
    "ENV_DB",
    "LARGEST",
    "CsvOpt",
    "State",
    "app",
    "app_dir",
    "as_file",
    "complete_export_format",
    "complete_format",
    "complete_match",
    "complete_player",
    "complete_preset",
    "complete_setting",
    "dated",
    "db_path",
    "drawing",
    "emit",
    "is_default",
    "one_of",
    "placed",
    "sheet",
    "today",
    "whole",
]


def _joined(paragraph: str) -> str:
    """A paragraph of help as one line (Typer keeps a docstring's line breaks, so its lines
    wrapped raggedly), unless it is a list or marked ``\\b`` to be kept as written."""
    lines = paragraph.splitlines()
    if paragraph.startswith("\b") or any(line.startswith(("-", "*", " ")) for line in lines):
        return paragraph
    return " ".join(paragraph.split())


def _no_type(param: Any, ctx: Any = None) -> str:
    """No type shown after a text argument's name (Typer shows ``<str>``)."""
    return ""


def readable(command: Any) -> Any:
    """`command` with its help made to read plainly: each argument named in capitals in the
    usage line and the arguments panel (``PLAYER [DEADWOOD]``; Typer writes a required one in
    braces, ``{player}``, and adds its type, ``<str>``), and its one-line summary for the
    command list: the first paragraph of its help, joined (Typer's rich help keeps a
    docstring's line breaks, which broke summaries mid-sentence at any width)."""
    if command is None:
        return command
    if command.short_help is None and command.help:
        first = inspect.cleandoc(command.help).split("\n\n")[0]
        command.short_help = " ".join(first.split())
    if command.help:  # each paragraph one line, which the help wraps at the terminal's width
        command.help = "\n\n".join(_joined(p) for p in inspect.cleandoc(command.help).split("\n\n"))
    arguments = [p for p in command.params if isinstance(p, TyperArgument)]
    for p in arguments:
        p.metavar = (p.metavar or p.name or "").upper()
        if p.type.name in ("str", "path") and p.type.get_metavar is not _no_type:
            p.type = copy.copy(p.type)  # the type is shared: this argument's own copy
            p.type.get_metavar = _no_type  # type: ignore[method-assign]

    def usage(ctx: Any) -> list[str]:
        pieces = [command.options_metavar] if command.options_metavar else []
        for p in arguments:
            name = f"{p.metavar}{'...' if p.nargs != 1 else ''}"
            pieces.append(name if p.required else f"[{name}]")
        return pieces

    if arguments:
        command.collect_usage_pieces = usage
    return command


class HelpGroup(TyperGroup):
    """A group whose commands' help reads plainly (`readable`)."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return readable(super().get_command(ctx, cmd_name))


class GintallyGroup(HelpGroup):
    """The root command: runs non-standalone so every failure is reported as one line, and the
    exit code tells whether the ledger changed (`gintally.commits`, `process`)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if args is None:
            args = sys.argv[1:]
        prog_name = prog_name or "gintally"
        shell = shell_named(args)
        if shell is not None:  # `--show-completion zsh`: that shell's script, whatever runs this
            os.environ[COMPLETING] = f"source_{shell}"  # Typer's instruction: print the script
        try:
            self._main_shell_completion(extra, prog_name, complete_var)  # exits when completing
        finally:
            if shell is not None:
                os.environ.pop(COMPLETING, None)

        def body() -> None:
            # What click's own main does, without its handlers: they print a blank line on
            # Ctrl-C and exit 1 on a broken pipe, before anyone knows whether a change landed.
            try:
                with self.make_context(prog_name, global_first(args), **extra) as ctx:
                    self.invoke(ctx)
            except Exception as e:  # typer's own click: its NoSuchOption, by name
                if type(e).__name__ != "NoSuchOption":
                    raise
                name = getattr(e, "option_name", "")
                raise _negative(name, args) or _root_only(name) or e from None

        return run(body, standalone_mode, _typer_exits)


def global_first(args: Sequence[str]) -> list[str]:
    """The command line with a ``--db FILE`` (or ``--db=FILE``) typed after the command moved
    before it, where the root option is read (``gintally show --db x.db``); nothing after a
    ``--`` is moved. No command has a --db of its own."""
    out = list(args)
    words = [i for i, a in enumerate(out) if not a.startswith("-")]
    if words and words[0] and out[words[0] - 1] == "--db":  # `--db FILE show`: FILE is no command
        words = words[1:]
    if not words:
        return out
    moved: list[str] = []
    i = words[0] + 1
    while i < len(out) and out[i] != "--":
        if out[i] == "--db" and i + 1 < len(out):
            moved += out[i : i + 2]
            del out[i : i + 2]
        elif out[i].startswith("--db="):
            moved.append(out.pop(i))
        else:
            i += 1
    return moved + out


ROOT_ONLY = ("--version", "--install-completion", "--show-completion")
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def shell_named(args: Sequence[str]) -> str | None:
    """The shell named after ``--show-completion`` (``gintally --show-completion zsh``, or
    ``=zsh``): Typer's option takes no value where it can tell the shell it runs in, and would
    print that shell's script instead."""
    words = list(args)
    if len(words) == 1 and words[0].startswith("--show-completion="):
        words = words[0].split("=", 1)
    if len(words) == 2 and words[0] == "--show-completion" and words[1] in SHELLS:
        return words[1]
    return None


def _root_only(option: str) -> GintallyError | None:
    """A root option typed after the command: said where it goes."""
    if option not in ROOT_ONLY:
        return None
    return GintallyError(f"{option} goes before the command: gintally {option}")


_NUMBER = re.compile(r"-\d+(?:[.,]\d+)?")


def _negative(option: str, args: Sequence[str]) -> GintallyError | None:
    """A negative number typed where a count, points, an amount or a hand number goes: click
    reads ``-5`` as an unknown option (and ``-3.5`` as ``-3``); said as the number it is."""
    typed = [a for a in args if _NUMBER.fullmatch(a) and option and a.startswith(option)]
    if not typed:
        return None
    return GintallyError(
        f"{typed[0]} is below zero: points, deadwood counts, amounts and hand numbers "
        "are never negative"
    )


def _typer_exits(e: Exception) -> tuple[int, str | None] | None:
    """The exit code and failure line of Typer's own exits (`base.run` handles the rest)."""
    if isinstance(e, typer.Exit):
        return e.exit_code, None
    if isinstance(e, typer.Abort):
        return 1, "aborted"
    return None


app = typer.Typer(
    cls=GintallyGroup,
    name="gintally",
    help="Keep score for gin rummy played with real cards.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"gintally {__version__}\n")
        raise typer.Exit()


@app.callback()
def root(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help=f"The ledger file (default: ${ENV_DB}, else ledger.db in the app directory).",
            metavar="PATH",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Show the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Keep score for gin rummy played with real cards: record each hand, see every game."""
    State.db = db


# --- shared options -------------------------------------------------------------------------------


def _completion(what: str) -> Callable[[typer.Context, str], list[str]]:
    """Shell completion of a player's or a match's name (`what`), from the ledger the line names
    (--db, else the usual one). Called only while a shell completes (a Tab), never at start-up."""

    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        from gintally.facade.where import names

        db = ctx.find_root().params.get("db")
        saved, State.db = State.db, db if db is not None else State.db
        try:
            path = db_path()
        except GintallyError:
            return []
        finally:
            State.db = saved
        start = incomplete.casefold()
        return quoted([name for name in names(path, what) if name.casefold().startswith(start)])

    return complete


def _choices(values: Callable[[], Iterable[str]]) -> Callable[[typer.Context, str], list[str]]:
    """Shell completion from a fixed list (`values`, asked only while a shell completes)."""

    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        start = incomplete.casefold()
        return quoted([v for v in values() if v.casefold().startswith(start)])

    return complete


COMPLETING = "_GINTALLY_COMPLETE"  # click's variable: which shell asks (complete_bash...)


def quoted(words: list[str]) -> list[str]:
    """Completions as the shell that asks puts them on the line: bash inserts a completion as
    it is, so a name with a space, an apostrophe or another character special to it is
    escaped for it (``Hollywood\\ night``, ``Ann\\'s``); zsh and fish quote what they insert
    themselves, and take the name as it is."""
    if not os.environ.get(COMPLETING, "").endswith("bash"):
        return words
    return [re.sub(r"([^\w@%+=:,./-])", r"\\\1", w) for w in words]


def _presets() -> Iterable[str]:
    from gintally.game.rules import PRESETS

    return PRESETS


def _formats() -> Iterable[str]:
    from gintally.engine.formats import FORMATS

    return FORMATS


def _settings() -> Iterable[str]:
    from gintally.facade.where import setting_keys

    return setting_keys()


complete_player = _completion("player")
complete_match = _completion("match")
complete_preset = _choices(_presets)
complete_format = _choices(_formats)
complete_setting = _choices(_settings)
complete_export_format = _choices(lambda: ("csv", "json"))

MatchOpt = Annotated[
    str | None,
    typer.Option(
        "--match",
        "-m",
        help="The match (default: the current one).",
        metavar="NAME",
        autocompletion=complete_match,
    ),
]
YearOpt = Annotated[
    str | None,
    typer.Option(
        "--year",
        "-y",
        help="The season starting in this year (default: the latest).",
        metavar="YEAR",
    ),
]
DateOpt = Annotated[
    str | None,
    typer.Option(
        "--date",
        "-d",
        help="When it was played: 2007-04-27, '27 Apr', today, yesterday (default today).",
        metavar="DATE",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document instead.")]
CsvOpt = Annotated[
    bool,
    typer.Option(
        "--csv", help="Print the table as CSV for a spreadsheet (UTF-8 with a byte order mark)."
    ),
]


def as_file(text: str) -> None:
    """`text` on standard output as a file would hold it: UTF-8 whatever the terminal's
    encoding (CSV, a page, an export written to ``-``)."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(text)
        return
    out.flush()
    buffer.write(text.encode("utf-8", "replace"))
    buffer.flush()


def sheet(rows: Sequence[Mapping[str, object]]) -> str:
    """Rows of a document's table as a spreadsheet's CSV (`facade.work.spreadsheet`)."""
    from gintally.facade import work

    return work.spreadsheet(rows)


def one_of(as_json: bool, as_csv: bool) -> None:
    """Refuse --json with --csv."""
    if as_json and as_csv:
        raise GintallyError("give --json or --csv, not both")
