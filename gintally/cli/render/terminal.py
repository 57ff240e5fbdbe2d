"""The terminal every drawing prints on: the console, `out` that prints a drawing, and the
helpers all drawings share.

A drawing is a Rich renderable (a `rich.console.Group` of tables and lines, most of them) or,
for what is written as plain lines without Rich (a hand's confirmation, the hand log), its
text. The command line prints it (`out`); ``gintally play`` keeps it (`kept`) and places it on
its screen as it is. Rich costs some 20-30 ms to import, so nothing here imports it before
something is drawn: the console and Rich's tables (`kit`) are imported on first use.

Terminology:
- *console*: Rich's console on the current stdout, made afresh for each drawing (80 columns
  when stdout is not a terminal, unless ``COLUMNS`` says otherwise; colour only where the
  terminal supports it and ``NO_COLOR`` is unset).
- *kit*: Rich's box styles, `Table` and `Text`, the three things every drawing builds with.
- *piece*: one of a group's renderables, printed as it would be on its own (a line that is
  never cut is a `Text` with ``no_wrap``: printed as Rich's soft wrap prints it).
- *name room*: how long a name may be and never be cut (SPEC section 8); longer names end in
  "…" (or "..." where stdout's encoding cannot show it).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import TYPE_CHECKING, Union

from gintally.cli import process

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from types import ModuleType

    from rich.console import Console, Group, RenderableType
    from rich.table import Table
    from rich.text import Text

Drawing = Union["RenderableType", str]  # a renderable, or plain text (lines, each ending "\n")

_KEPT: list[tuple[int, list[Drawing]]] = []  # the screens drawn for now (width, what is kept)


def out(drawing: Drawing) -> None:
    """Print `drawing` on stdout: plain text as it is, a renderable with Rich (a group piece by
    piece); or keep it while `kept` is open."""
    if _KEPT:
        _KEPT[-1][1].append(drawing)
        return
    if isinstance(drawing, str):
        sys.stdout.write(drawing)
        return
    from rich.console import Group
    from rich.text import Text

    screen = console()
    for piece in drawing.renderables if isinstance(drawing, Group) else (drawing,):
        screen.print(piece, soft_wrap=isinstance(piece, Text) and piece.no_wrap is True)


@contextlib.contextmanager
def kept(width: int) -> Iterator[list[Drawing]]:
    """Drawings laid out `width` columns wide, and what is printed meanwhile (`out`) kept in the
    list this yields instead, for a screen to place (``gintally play``)."""
    drawn: list[Drawing] = []
    _KEPT.append((width, drawn))
    try:
        yield drawn
    finally:
        _KEPT.pop()


def width() -> int:
    """The width drawings are laid out to."""
    return _KEPT[-1][0] if _KEPT else console().width


def group(pieces: Iterable[RenderableType]) -> Group:
    """The pieces of a drawing as one renderable."""
    from rich.console import Group

    return Group(*pieces)


def styled(text: str, style: str = "") -> Text:
    """`text` in `style`, never read as markup (a screen's line: ``gintally play``)."""
    _, _, Text = kit()
    return Text(text, style=style)


def dumb() -> bool:
    """A terminal that takes no escape codes (``TERM=dumb``, as Emacs' shell and some editors'
    panes say): no colour, no full screen."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def colour() -> bool:
    """The colour policy of every command (Rich's console, `chart`, `play`), in this order:
    ``NO_COLOR`` (set, not empty) never; ``TERM=dumb`` never; ``FORCE_COLOR`` (set, not
    empty) always, even into a pipe or a file; else only when stdout is a terminal. Rich's
    console reads the same variables the same way (tests/test_everywhere.py holds them
    together)."""
    if os.environ.get("NO_COLOR") or dumb():
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return os.isatty(sys.stdout.fileno())
    except (AttributeError, ValueError, OSError):  # a stream with no descriptor
        return False


def console() -> Console:
    """A console on the current stdout: 80 columns when it is not a terminal (unless COLUMNS
    says otherwise), colour only when the terminal supports it and NO_COLOR is unset; while a
    screen is drawn (`kept`), one of its width that measures and prints nothing."""
    from rich.console import Console

    if _KEPT:
        return Console(file=io.StringIO(), width=_KEPT[-1][0], highlight=False, emoji=False)

    class PlainConsole(Console):
        def on_broken_pipe(self) -> None:
            # Rich would exit the process here; the command line's edge decides the exit code.
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    width = None if os.environ.get("COLUMNS") or os.isatty(1) else 80
    # No emoji codes: a name or note is printed as typed (":spade:" stays text), and Rich's
    # table of some 4,000 codes is never loaded (3 ms of every drawn command).
    return PlainConsole(width=width, highlight=False, soft_wrap=False, emoji=False)


def kit() -> tuple[ModuleType, type[Table], type[Text]]:
    """Rich's box styles, Table and Text, imported on first use."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    return box, Table, Text


def message(text: str, style: str = "", wrap: bool = True) -> Text:
    """A line of prose, wrapped at words to the width; with `wrap=False` never cut (a line
    that names a file: the path stays whole, and the terminal wraps it if it must)."""
    _, _, Text = kit()
    if wrap:
        return Text(text, style=style)
    return Text(text, style=style, no_wrap=True, overflow="ignore")


NAME_ROOM = 12  # names up to this long are never cut (SPEC section 8)


def short(name: str, width: int = 9) -> str:
    """`name` cut to `width` characters, its end shown by "…" (or "..." where stdout's encoding
    cannot show it)."""
    if len(name) <= width:
        return name
    if process.unicode_stdout():
        return name[: width - 1] + "…"
    return name[: width - 3] + "..."  # what "…" becomes where the encoding cannot show it
