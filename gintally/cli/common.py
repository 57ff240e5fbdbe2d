"""The command line's shared parts: the Typer app, the ledger location, output, errors.

Errors are translated once, here, in `GintallyGroup.main`: a `GintallyError` or a usage error
becomes one line on stderr (``Error: ...``) and exit code 2 (bad input) or 1 (the ledger cannot
be used); never a traceback. Set ``GINTALLY_DEBUG=1`` to see the traceback of an unexpected
failure.

Start-up is kept light, because a hand is typed at the table and must feel instant: Rich is only
imported to draw for people (never on the ``--json`` path), sqlite-utils only when a ledger needs
migrating, dateutil only for a date that is not ISO.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from gintally import __version__, commits
from gintally.cli import process
from gintally.errors import GintallyError

if TYPE_CHECKING:
    from gintally.ledger import Ledger

ENV_DB = "GINTALLY_DB"
LARGEST = 1_000_000_000  # no count, score, hand number or year typed at a table is bigger


class GintallyGroup(TyperGroup):
    """The root command: runs non-standalone so every failure is reported as one line, and the
    exit code tells whether the ledger changed (`gintally.commits`, `process`)."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """A command, with its one-line summary for the command list: the first paragraph of
        its help, joined (Typer's rich help keeps a docstring's line breaks, which broke
        summaries mid-sentence at any width)."""
        command = super().get_command(ctx, cmd_name)
        if command is not None and command.short_help is None and command.help:
            first = inspect.cleandoc(command.help).split("\n\n")[0]
            command.short_help = " ".join(first.split())
        return command

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        commits.reset()
        failure: str | None = None  # the one line that says why the command failed
        unprinted: OSError | None = None  # why the output could not be written
        if args is None:
            args = sys.argv[1:]
        prog_name = prog_name or "gintally"
        self._main_shell_completion(extra, prog_name, complete_var)  # exits when completing
        try:
            # What click's own main does, without its handlers: they print a blank line on
            # Ctrl-C and exit 1 on a broken pipe, before anyone knows whether a change landed.
            with self.make_context(prog_name, list(args), **extra) as ctx:
                self.invoke(ctx)
            code = 0
        except typer.Exit as e:
            code = e.exit_code
        except GintallyError as e:
            code, failure = e.exit_code, str(e)
        except KeyboardInterrupt:
            code = process.INTERRUPTED
        except typer.Abort:
            code, failure = 1, "aborted"
        except OSError as e:  # the output cannot be written (full disk, closed stdout, a pipe)
            code, unprinted = 1, e
        except SystemExit as e:  # a library gave up (gintally's own code never exits)
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except Exception as e:
            message = getattr(e, "format_message", None)
            if type(e).__name__ == "NoArgsIsHelpError":  # the help is already on stdout
                code = 0
            elif message is not None and hasattr(e, "exit_code"):  # a usage error from click
                code, failure = int(e.exit_code), str(message())
            else:
                if os.environ.get("GINTALLY_DEBUG"):
                    raise
                debug = "GINTALLY_DEBUG=1 shows the traceback"
                code, failure = 1, f"unexpected {type(e).__name__}: {e} ({debug})"
        unprinted = process.flush_stdout() or unprinted
        if unprinted is not None:
            process.silence_stdout()
            if code == 0:
                code = 1
        if commits.changed() and code != 0:
            # The change is in the ledger: the exit code says so, and the failure is a warning.
            if unprinted is not None:
                failure = f"its confirmation could not be printed ({_reason(unprinted)})"
            if failure is not None:
                process.write_error(f"Warning: the change was saved, but {_line(failure)}\n")
            code = 0
        elif code == process.INTERRUPTED:
            process.report_interrupted()
        elif failure is not None:
            _fail(failure, code)
        elif unprinted is not None and not isinstance(unprinted, BrokenPipeError):
            _fail(f"cannot write the output: {_reason(unprinted)}", code)
        # (a broken pipe on a read: the reader went away, there is no one to tell; exit 1)
        code = process.finish(code) if standalone_mode else code
        if standalone_mode:
            sys.exit(code)
        return code


def _reason(error: OSError) -> str:
    return str(error.strerror or error)


def _line(message: str) -> str:
    return " ".join(message.split()) or "failed"


def _fail(message: str, code: int) -> int:
    process.write_error(f"Error: {_line(message)}\n")
    return code


app = typer.Typer(
    cls=GintallyGroup,
    name="gintally",
    help="Keep score for gin rummy played with real cards.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class State:
    db: str | None = None


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


def db_path() -> Path:
    """--db, else $GINTALLY_DB, else ledger.db in the user's app directory. An empty --db or
    $GINTALLY_DB is refused rather than read as "not given"."""
    if State.db is not None:
        if not State.db.strip():
            raise GintallyError("--db is empty: name the ledger file")
        return Path(State.db).expanduser()
    env = os.environ.get(ENV_DB)
    if env is not None:
        if not env.strip():
            raise GintallyError(f"${ENV_DB} is empty: name the ledger file, or unset it")
        return Path(env).expanduser()
    return app_dir() / "ledger.db"


def app_dir() -> Path:
    """The user's app directory for gintally; refused when it would not be in a home folder
    (HOME empty, unset and unknown, or the root of the file system), so that no ledger ever
    lands at the root of the file system or in whatever folder the command runs in."""
    folder = Path(typer.get_app_dir("gintally"))
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if xdg and Path(xdg).is_absolute() and folder.parent == Path(xdg):
        return folder  # the XDG config folder the user chose
    home = Path(os.path.expanduser("~"))
    if not folder.is_absolute() and folder.parent == Path(xdg):  # an empty or relative XDG
        folder = home / ".config" / folder.name  # folder is ignored, as the XDG spec says
    if folder.is_absolute() and home.is_absolute() and home != Path(home.anchor):
        return folder
    said = os.environ.get("HOME")
    why = "HOME is not set" if said is None else "HOME is empty" if not said else f"HOME is {said}"
    raise GintallyError(
        f"there is no home folder for the ledger ({why}): give --db PATH or set ${ENV_DB}"
    )


def is_default() -> bool:
    """True when the ledger is the one in the app directory (that folder may be made)."""
    return State.db is None and os.environ.get(ENV_DB) is None


@contextlib.contextmanager
def ledger(write: bool = True, create: bool = False) -> Iterator[Ledger]:
    """The ledger, opened (and migrated) for one command, closed after it. Only `create`
    commands (match new, import) make a ledger that does not exist, and never a folder except
    the app directory; any other says ``no ledger at PATH`` and makes nothing."""
    from gintally.ledger import Ledger

    path = db_path()

    def tell() -> None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"waiting for another gintally to finish writing to {path}...\n")
            sys.stderr.flush()

    with Ledger.open(
        path, write=write, create=create, make_folder=is_default(), on_wait=tell
    ) as opened:
        yield opened


def today() -> date:
    return date.today()


def when(text: str | None, book: Ledger) -> date:
    """The date a hand command was given (`--date`), read by the ledger's date order, or
    today."""
    if text is None:
        return today()
    from gintally.dates import parse_date
    from gintally.service import date_order

    return parse_date(text, today(), date_order(book))


def dated(day: date) -> str:
    """What a confirmation adds after the hand's number: its date, unless it is today."""
    if day == today():
        return ""
    from gintally.dates import spoken

    return f", {spoken(day)}"


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


def drawing(name: str) -> Any:
    """The `render` function of that name (Rich is imported only when something is drawn)."""
    from gintally.cli import render

    draw = getattr(render, name)

    def fitted(*args: Any, **options: Any) -> Any:
        return draw(*process.fit(args), **options)

    return fitted


def emit(doc: Any, as_json: bool, draw: Callable[[Any], None] | None = None) -> None:
    """One JSON document on stdout, or the drawing for people. Both fit stdout's encoding:
    JSON escapes what it cannot show (``\\u00e9``), a drawing uses the fallback forms."""
    if as_json or draw is None:
        plain = not process.unicode_stdout()
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=plain) + "\n")
    else:
        draw(process.fit(doc))


# --- shared options -------------------------------------------------------------------------------

MatchOpt = Annotated[
    str | None,
    typer.Option("--match", "-m", help="The match (default: the current one).", metavar="NAME"),
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
DealerOpt = Annotated[
    str | None,
    typer.Option(
        "--dealer",
        help="Who dealt this hand (default: worked out from the rules).",
        metavar="PLAYER",
    ),
]
UpcardOpt = Annotated[
    str | None,
    typer.Option(
        "--upcard",
        "-u",
        help="The first upcard: the knock limit under Oklahoma rules, and a "
        "spade may double the hand.",
        metavar="CARD",
    ),
]
NoteOpt = Annotated[
    str | None, typer.Option("--note", help="A note kept with the hand.", metavar="TEXT")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document instead.")]
VsOpt = Annotated[
    str | None,
    typer.Option(
        "--vs", help="The defender's deadwood (after laying off, for a knock).", metavar="N"
    ),
]
CardsOpt = Annotated[
    str | None,
    typer.Option(
        "--cards",
        help='The knocker\'s cards, e.g. "6H 6C 6D 6S TD JD QD KD AH 7D".',
        metavar="CARDS",
    ),
]
VsCardsOpt = Annotated[
    str | None,
    typer.Option(
        "--vs-cards",
        help="The defender's ten cards: gintally finds melds and layoffs.",
        metavar="CARDS",
    ),
]


# --- hand commands --------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandOptions:
    """The options every hand command takes: which match, when it was played, who dealt, the
    first upcard, a note, and --json."""

    match: str | None = None
    date: str | None = None
    dealer: str | None = None
    upcard: str | None = None
    note: str | None = None
    as_json: bool = False


_HAND_OPTIONS = [
    inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
    for name, kind, default in (
        ("match", MatchOpt, None),
        ("date", DateOpt, None),
        ("dealer", DealerOpt, None),
        ("upcard", UpcardOpt, None),
        ("note", NoteOpt, None),
        ("as_json", JsonOpt, False),
    )
]


def hand_command(
    name: str | None = None, help: str | None = None
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a hand command whose last parameter, ``options: HandOptions``, stands for the
    shared options: they are declared once, here, and reach the command as one value."""

    def register(command: Callable[..., None]) -> Callable[..., None]:
        own = [
            p
            for p in inspect.signature(command, eval_str=True).parameters.values()
            if p.name != "options"
        ]

        @functools.wraps(command)
        def with_options(*args: Any, **kwargs: Any) -> None:
            shared = {p.name: kwargs.pop(p.name) for p in _HAND_OPTIONS}
            command(*args, **kwargs, options=HandOptions(**shared))

        with_options.__signature__ = inspect.Signature([*own, *_HAND_OPTIONS])  # type: ignore[attr-defined]
        app.command(name, help=help, rich_help_panel="Record a hand")(with_options)
        return command

    return register
