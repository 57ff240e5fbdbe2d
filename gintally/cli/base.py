"""The command line's shared parts that need no Typer: where the ledger is, the ledger opened for
one command as a library `Book` (`book`), numbers and dates as typed, output, and the edge
(`run`) that turns every failure into one line and an exit code.

`common` declares the Typer app on top of these (and re-exports them).

Errors are translated once, in `run`: a `GintallyError` or a usage error becomes one line on
stderr (``Error: ...``) and exit code 2 (bad input) or 1 (the ledger cannot be used); never a
traceback. Set ``GINTALLY_DEBUG=1`` to see the traceback of an unexpected failure.
"""

from __future__ import annotations

import codecs
import contextlib
import itertools
import os
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gintally import commits
from gintally.cli import process
from gintally.errors import GintallyError, visible
from gintally.facade.typed import LARGEST as LARGEST
from gintally.facade.typed import whole as whole
from gintally.facade.where import APP_NAME as APP_NAME
from gintally.facade.where import ENV_DB as ENV_DB
from gintally.facade.where import app_dir as app_dir
from gintally.facade.where import config_folder as config_folder
from gintally.facade.where import default_path, other_ledger

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from gintally.facade.book import Book


# --- the edge -------------------------------------------------------------------------------------


def run(
    body: Callable[[], object],
    standalone: bool = True,
    translate: Callable[[Exception], tuple[int, str | None] | None] | None = None,
) -> int:
    """Run a command's `body` and return its exit code (with `standalone`, exit with it, as the
    console script does): every failure is one line on stderr, and the exit code tells whether
    the ledger changed (`gintally.commits`, `process`). `translate` names the exit code and
    failure line of the parser's own exceptions (Typer's exit and abort), None for others."""
    commits.reset()
    failure: str | None = None  # the one line that says why the command failed
    unprinted: OSError | None = None  # why the output could not be written
    try:
        body()
        code = 0
    except GintallyError as e:
        code, failure = e.exit_code, str(e)
    except KeyboardInterrupt:
        code = process.INTERRUPTED
    except OSError as e:
        if e.filename is None:  # the output cannot be written (full disk, closed stdout, a pipe)
            code, unprinted = 1, e
        else:  # a file the command was given (a name too long for the system, a folder denied)
            code, failure = 1, f"{os.fsdecode(e.filename)}: {_reason(e)}"
    except SystemExit as e:  # a library gave up (gintally's own code never exits)
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except Exception as e:
        known = translate(e) if translate is not None else None
        message = getattr(e, "format_message", None)
        if known is not None:
            code, failure = known
        elif type(e).__name__ == "NoArgsIsHelpError":  # the help is already on stdout
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
            process.write_error(f"Warning: the change was saved, but {one_line(failure)}\n")
        code = 0
    elif code == process.INTERRUPTED:
        process.report_interrupted()
    elif failure is not None:
        _fail(failure, code)
    elif unprinted is not None and process.broken_pipe(unprinted):
        code = process.BROKEN_PIPE  # the reader went away: no one to tell (`process`)
    elif unprinted is not None:
        _fail(f"cannot write the output: {_reason(unprinted)}", code)
    code = process.finish(code) if standalone else code
    if standalone:
        sys.exit(code)
    return code


def _reason(error: OSError) -> str:
    return str(error.strerror or error)


def one_line(message: str) -> str:
    """A failure as one line, its control characters escaped (`visible`): whatever text a
    message quotes (a name, a path), it never drives the terminal."""
    return visible(" ".join(message.split())) or "failed"


def _fail(message: str, code: int) -> int:
    process.write_error(f"Error: {one_line(message)}\n")
    return code


# --- the ledger -----------------------------------------------------------------------------------


class State:
    db: str | None = None  # the root option --db, once the command line is read


def db_path() -> Path:
    """--db, else $GINTALLY_DB, else ledger.db in the user's app directory. An empty --db or
    $GINTALLY_DB is refused rather than read as "not given"."""
    if State.db is not None:
        if not State.db.strip():
            raise GintallyError("--db is empty: name the ledger file")
        return Path(State.db).expanduser()
    return default_path()


def is_default() -> bool:
    """True when the ledger is the one in the app directory (that folder may be made)."""
    return State.db is None and os.environ.get(ENV_DB) is None


def waiting(path: Path) -> Callable[[], None]:
    """What a command says when its write waits for another process (`Book`'s `on_wait`)."""

    def tell() -> None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"waiting for another gintally to finish writing to {path}...\n")
            sys.stderr.flush()

    return tell


def two_ledgers(path: Path) -> None:
    """A note on standard error when the default ledger's old place (earlier versions') holds
    a ledger too: both are kept, this one is used, and the note says how to join them."""
    old = other_ledger()
    if old is not None:
        import shlex

        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(
                f"note: using {path}; earlier versions' ledger is still at {old}: "
                f"`gintally merge {shlex.quote(str(old))}` joins it, then remove it\n"
            )


@contextlib.contextmanager
def book(write: bool = False) -> Iterator[Book]:
    """The ledger as a `Book` for one command (--db, else $GINTALLY_DB, else the app
    directory's), closed after it. It is opened by the command's first call, for reading, or
    for writing by a call that writes (`write`: a command that writes after reading, as a
    correction does, opens it for writing at once); only the calls that may make a ledger (a
    new match, an import) make one that does not exist, and never a folder except the app
    directory; any other says ``no ledger at PATH`` and makes nothing. What its reads folded
    is kept once the command has done its work (`Book.save_folds`): a refused command writes
    nothing. The Book's today is this module's `today` (a test may fix it)."""
    from gintally.facade.book import Book

    path = db_path()
    if is_default():
        two_ledgers(path)
    opened = Book(
        path,
        make_folder=is_default(),
        on_wait=waiting(path),
        today=lambda: today(),
        write=write,
        flags=True,
    )
    try:
        yield opened
        opened.save_folds()
    finally:
        opened.close()


# --- what is typed --------------------------------------------------------------------------------


def today() -> date:
    return date.today()


def placed(book: Book, match_name: str) -> str:
    """What a confirmation adds after the hand's number when the ledger holds more than one
    match: the match it went to (`` in Cup final``)."""
    return f" in {match_name}" if book.several_matches() else ""


def dated(day: date) -> str:
    """What a confirmation adds after the hand's number: its date, unless it is today."""
    if day == date.today():
        return ""
    from gintally.dates import spoken

    return f", {spoken(day)}"


# --- output ---------------------------------------------------------------------------------------


def drawing(name: str) -> Callable[..., None]:
    """The drawing `name` of `gintally.cli.render` (``"sheet.show"``: its module and function),
    printed (Rich is imported only when something is drawn)."""
    from importlib import import_module

    from gintally.cli.render.terminal import out

    module, _, function = name.partition(".")
    draw = getattr(import_module(f"gintally.cli.render.{module}"), function)

    def printed(*args: Any, **options: Any) -> None:
        out(draw(*process.fit(args), **options))

    return printed


def paged(count: int | Callable[[], int], lines: Iterator[str]) -> None:
    """Lines on stdout, through the pager when stdout is a terminal they would overflow
    (`count`: how many there are, or a function that counts them, asked only on a terminal).
    Lines are written as they come, so a long list never sits in memory."""
    import shutil

    if sys.stdout.isatty():
        room = shutil.get_terminal_size((80, 24)).lines - 1
        if (count if isinstance(count, int) else count()) > room:
            import click

            # less reads the bytes in the locale's charset: under LC_ALL=C, where Python writes
            # UTF-8 all the same, it showed É as <C3><89> (a charset the user set is kept)
            if codecs.lookup(sys.stdout.encoding or "ascii").name == "utf-8":
                os.environ.setdefault("LESSCHARSET", "utf-8")
            # Ctrl-C belongs to the pager (less stops a search with it): ended at once, the
            # command left the pager holding the terminal against the shell. click stops
            # writing on it and waits for the pager to be quit; then: interrupted (130).
            with process.ctrl_c_raised():
                click.echo_via_pager(line + "\n" for line in lines)
            return
    write = sys.stdout.write
    while batch := list(itertools.islice(lines, _LINES)):  # a write a line costs a tenth more
        write("\n".join(batch) + "\n")


_LINES = 256  # lines written to stdout at once (`paged`)


def emit(doc: Any, as_json: bool, draw: Callable[[Any], None] | None = None) -> None:
    """One JSON document on stdout (UTF-8 whatever its encoding, `jsonout`'s layout), or the
    drawing for people (in what stdout's encoding can show: the fallback forms)."""
    if as_json or draw is None:
        from gintally import jsonout

        write = process.data_write()
        write(jsonout.dumps(doc, newline=True))
    else:
        draw(process.fit(doc))
