"""``gintally play``: the evening's score sheet, kept from one entry line a hand.

``gintally play`` is full screen (`screen`, Textual: imported by this command only); ``--plain`` is
the same loop as plain lines, for screen readers, dumb terminals (``TERM=dumb``, or a console whose
encoding cannot show the screen's lines: chosen by itself) and scripts: a prompt on a terminal, with
line editing and history where Python has readline (none on a pipe), one confirmation per hand
exactly as the command line prints it, the sheet on ``show``, a bad line reported as the command
line reports it (one ``Error:`` line on stderr) and the loop goes on; ``quit``, the end of input or
Ctrl-C at the prompt ends it, with exit code 0 (Ctrl-C while a line is at work acts as during one
command, see `process`, until a line has changed the ledger: then the evening has, and it exits 0
however it ends). A script (lines on a pipe, not a terminal) of which a line was refused ends with
one more line that counts them, and exit code 2, so that a script's caller sees it; the lines that
were accepted stay recorded (at the table, a mistyped line is simply typed again: exit 0). Lines on
a pipe are read as UTF-8 (as ``import -`` reads stdin; a byte order mark first is dropped), a
terminal's in its own encoding; a line that is not is read in the other one, or refused.

Both run each line through `Evening.run`, which reads it (`entry`), does its work through the
library facade (`gintally.facade`: the same work as the command line's commands) and prints
what the command line prints for it.
"""

from __future__ import annotations

import codecs
import contextlib
import sys
from typing import Annotated

import typer

from gintally import commits
from gintally.cli.base import one_line
from gintally.cli.common import MatchOpt, app
from gintally.cli.evening import Quit, evening
from gintally.errors import GintallyError

PROMPT = "> "
LINE_LIMIT = 64 * 1024  # characters of one line of --plain's input (more is refused, unread)


class LineTooLong(GintallyError):
    """A line of input longer than `LINE_LIMIT`: skipped without being held."""


class LineNotText(GintallyError):
    """A line of input in neither encoding it is read in (`_text_of`): skipped."""


def _read_as_text() -> str:
    """Set stdin to read a pipe as UTF-8 (a byte order mark first dropped), a terminal in its
    own encoding, each keeping the bytes it cannot read (as surrogates); return the encoding
    such a line is read in instead."""
    console = sys.stdin.encoding or "utf-8"
    terminal = sys.stdin.isatty()
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):
            reconfigure(encoding=console if terminal else "utf-8-sig", errors="surrogateescape")
    return "utf-8" if terminal else console


def _text_of(line: str, other: str) -> str:
    """`line` as read, or, when it holds bytes that stdin's encoding could not read, those
    bytes read in the `other` encoding (`LineNotText` when they are not in it either)."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        pass
    else:
        return line
    encoding = sys.stdin.encoding or "utf-8"
    encoding = "utf-8" if encoding.lower().replace("_", "-") == "utf-8-sig" else encoding
    raw = line.encode(encoding, "surrogateescape")
    try:
        return raw.decode(other)
    except UnicodeDecodeError as e:
        names = dict.fromkeys(
            codecs.lookup(x).name.replace("utf-8", "UTF-8") for x in (encoding, other)
        )
        said = " nor ".join(names)
        said = f"neither {said}" if len(names) > 1 else f"not {said}"
        raise LineNotText(f"is {said} text (byte 0x{raw[e.start]:02x}): skipped") from None


def plain(match: str | None) -> None:
    """The loop over lines on stdin (`--plain`)."""
    from gintally.cli import process

    night = evening(match)
    other = _read_as_text()
    prompt = PROMPT if sys.stdin.isatty() else ""
    if prompt:
        with contextlib.suppress(ImportError):  # line editing and history for input()
            import readline  # noqa: F401
        who = " vs ".join(night.match.record().sides)
        said = "Type a hand (k ann 8 18), show, help or quit."
        sys.stdout.write(f"{night.match.name}: {who}. {said}\n")
    refused: list[int] = []  # the numbers of the lines refused
    wrote = False  # whether a line changed the ledger
    number = 0
    try:
        while True:
            try:
                line = _read_line(prompt, other)
            except (LineTooLong, LineNotText) as e:
                number += 1
                refused.append(number)
                sys.stdout.flush()
                process.write_error(f"Error: line {number} {e}\n")
                continue
            if line is None:
                if prompt and not process.terminal_gone():  # a terminal gone takes no line
                    sys.stdout.write("\n")
                break
            number += 1
            # Each line is a command (Ctrl-C during it acts as during one) until a line changes
            # the ledger: from then on the evening has changed it, and its exit code says so
            # whatever follows (a reader gone, a Ctrl-C: the line at work ends it, then exit 0).
            if not wrote:
                commits.reset()
            try:
                night.run(line)
                wrote = wrote or commits.changed()
            except Quit:
                break
            except GintallyError as e:
                refused.append(number)
                sys.stdout.flush()
                process.write_error(f"Error: {one_line(str(e))}\n")
            sys.stdout.flush()
            if commits.Commits.pending:  # Ctrl-C after the line's change landed: it ends here
                return
    finally:
        night.book.close()
    if refused and not prompt:
        # The exit code speaks for the script, not for its last line, and tells the truth: a
        # script whose lines wrote nothing is refused (exit 2); one that wrote something exits 0,
        # saying which lines were refused.
        which = ("line " if len(refused) == 1 else "lines ") + ", ".join(map(str, refused))
        said = f"{len(refused)} of {number} lines refused ({which})"
        if not wrote:
            commits.reset()
            raise GintallyError(f"{said}; nothing was written")
        process.write_error(f"Warning: {said}; the others were done\n")


def _read_line(prompt: str, other: str) -> str | None:
    """The next line of stdin (None at its end, or when Ctrl-C is pressed while it is awaited:
    every line before it is in the ledger, so the evening ends with exit 0)."""
    from gintally.cli import process

    with process.ctrl_c_raised():
        try:
            if commits.Commits.pending:  # a Ctrl-C came after the last line's change, before this
                return None
            if prompt:  # a terminal: input() edits the line, with readline's history if loaded
                return _text_of(input(prompt), other) + "\n"  # (a terminal bounds its lines)
            line = sys.stdin.readline(LINE_LIMIT + 1)
            if len(line) > LINE_LIMIT and not line.endswith("\n"):
                while line and not line.endswith("\n"):  # the rest of it, a piece at a time
                    line = sys.stdin.readline(LINE_LIMIT)
                raise LineTooLong(
                    f"is longer than {LINE_LIMIT:,} characters (a hand is a short line): skipped"
                )
            return _text_of(line, other) if line else None
        except (KeyboardInterrupt, EOFError, OSError):  # OSError: the terminal went away (EIO)
            return None


@app.command(rich_help_panel="Record a hand")
def play(
    match: MatchOpt = None,
    plain_: Annotated[
        bool,
        typer.Option("--plain", help="Plain lines on stdin and stdout instead of the full screen."),
    ] = False,
) -> None:
    """The evening's score sheet, full screen: type each hand on its entry line (knock Ann 8
    --vs 18, or k ann 8 18), and the sheet keeps up. Type help for the commands."""
    from gintally.cli import process
    from gintally.cli.render import terminal

    # plain lines too where the terminal cannot show what the full screen draws (its lines,
    # boxes and letters beyond ASCII: a console in ASCII or Latin-1)
    full = sys.stdin.isatty() and sys.stdout.isatty() and process.unicode_stdout()
    if plain_ or not full or terminal.dumb():
        plain(match)
        return
    from gintally.cli import screen

    night = evening(match)
    try:
        screen.run(night)
    finally:
        night.book.close()
