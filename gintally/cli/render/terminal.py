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
- *stacked*: a table too wide for the terminal (Rich would end a cell in "…": a score, a
  name) drawn a row at a time instead: the row's first cell, then each other column's head and
  value, packed into lines that fit (`fitted`). Every drawing's tables pass through it, so no
  command cuts a number on a narrow screen (40-60 columns); a table that fits is drawn as it is.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
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
    if isinstance(drawing, str):
        if _KEPT:
            _KEPT[-1][1].append(drawing)
        else:
            sys.stdout.write(drawing)
        return
    from rich.console import Group
    from rich.text import Text

    screen = console()
    pieces = drawing.renderables if isinstance(drawing, Group) else [drawing]
    pieces = [fitted(piece, screen.width) for piece in pieces]
    if _KEPT:
        _KEPT[-1][1].append(group(pieces) if isinstance(drawing, Group) else pieces[0])
        return
    for piece in pieces:
        screen.print(piece, soft_wrap=isinstance(piece, Text) and piece.no_wrap is True)


def fitted(piece: RenderableType, room: int) -> RenderableType:
    """`piece` as it is, or, when it is a table Rich would cut to fit `room` columns (a cell
    ending in "…"), the table stacked: a row at a time, each value whole."""
    from rich.table import Table

    if not isinstance(piece, Table) or not _cut(piece, room):
        return piece
    return stacked(piece, room)


def _cut(table: Table, room: int) -> bool:
    """Whether Rich, drawing `table` `room` columns wide, ends a cell (or a head) in "…", or
    splits a word of a folding column (``overflow="fold"``: a column left too narrow for its
    words, on a narrow screen, is cut into pieces of a few letters)."""
    from rich.console import Console

    if _widest(table) <= room:
        return False  # drawn at its natural width: nothing wraps, nothing is cut
    probe = Console(file=io.StringIO(), width=room, color_system=None, highlight=False, emoji=False)
    probe.print(table)
    drawn = probe.file.getvalue()  # type: ignore[attr-defined]
    given = sum(_plain(c).count("…") for col in table.columns for c in (col.header, *col.cells))
    if drawn.count("…") > given:
        return True
    folding = (col for col in table.columns if col.overflow == "fold")
    return any(
        word not in drawn for col in folding for c in col.cells for word in _plain(c).split()
    )


def _widest(table: Table) -> int:
    """At least the width `table` takes drawn whole (each column's longest line and its
    padding, the rules between and around them), worked out from its cells' text: most tables
    on most screens fit by it, and are not drawn twice."""
    from rich.cells import cell_len

    _, right, _, left = table.padding
    columns = table.columns
    rules = (len(columns) - 1 + 2 * table.show_edge) if table.box else 0
    return rules + sum(
        max(cell_len(line) for c in (col.header, *col.cells) for line in _plain(c).split("\n"))
        + left
        + right
        for col in columns
    )


def _plain(cell: object) -> str:
    """A cell's text, as Rich shows it (a string is read as markup)."""
    if isinstance(cell, str):
        return _markup(cell) if "[" in cell else cell
    return getattr(cell, "plain", "")  # a Text; nothing for any other renderable


def _markup(text: str) -> str:
    from rich.text import Text

    return Text.from_markup(text, emoji=False).plain  # as the consoles read it (`console`)


def stacked(table: Table, room: int) -> Text:
    """`table` a row at a time: its first cell in bold (after its head when it is a number:
    ``game 316``; a row without one indented under the row before), then ``head value`` for
    each other column (just the value under an empty head), two spaces apart, in lines of at
    most `room` columns that never break a value; a value longer than a line wraps at its
    words."""
    from rich.cells import cell_len

    _, _, Text = kit()
    heads = [" ".join(_plain(c.header).split()) for c in table.columns]
    cells = [list(c.cells) for c in table.columns]
    out = Text()
    if table.title:
        out.append_text(_as_text(table.title))
        out.append("\n")
    for r in range(len(table.rows)):
        line = Text()
        first = cells[0][r] if cells else ""
        line.append_text(_as_text(first, "bold"))
        if table.show_header and heads[0] and line.plain.isdigit() and len(table.columns) > 1:
            line = Text(f"{heads[0]} ", style="dim") + line
        for head, column in zip(heads[1:], cells[1:], strict=True):
            value = _as_text(column[r])
            if not value.plain.strip():
                continue
            item = Text(f"{head} ", style="dim") + value if head and table.show_header else value
            if not line.plain:  # a row under the one before (no first cell): indented
                line = Text("  ") + item if r and heads[0] and len(heads) > 1 else item
            elif cell_len(line.plain.split("\n")[-1]) + 2 + cell_len(item.plain) <= room:
                line.append("  ")
                line.append_text(item)
            else:
                line.append("\n    " if line.plain.startswith("  ") else "\n  ")
                line.append_text(item)
        if line.plain:
            out.append_text(line)
            out.append("\n")
    out.rstrip()
    return out


def _as_text(cell: object, style: str = "") -> Text:
    """A cell as one line of text (a cell of several lines joined by spaces)."""
    _, _, Text = kit()
    text = cell.copy() if isinstance(cell, Text) else Text.from_markup(str(cell or ""), emoji=False)
    if "\n" in text.plain:
        text = Text(" ".join(text.plain.split()), style=text.style)
    if style:
        text.stylize(style)
    return text


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


def kept_width() -> int | None:
    """The width a screen keeps drawings at (`kept`); None when they are printed."""
    return _KEPT[-1][0] if _KEPT else None


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
    says otherwise: a positive number), colour only when the terminal supports it and NO_COLOR
    is unset; while a screen is drawn (`kept`), one of its width that measures and prints
    nothing."""
    from rich.console import Console

    if _KEPT:
        return Console(file=io.StringIO(), width=_KEPT[-1][0], highlight=False, emoji=False)

    class PlainConsole(Console):
        def on_broken_pipe(self) -> None:
            # Rich would exit the process here; the command line's edge decides the exit code.
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    given = os.environ.get("COLUMNS", "")
    if given.isdigit() and int(given) > 0:
        width = None  # Rich reads it
    elif given or not os.isatty(1):
        # a COLUMNS that says no width (0, as some consoles set it: Rich drew everything 0
        # columns wide, that is nothing) is unset: the terminal's width, else 80
        width = shutil.get_terminal_size((80, 24)).columns
    else:
        width = None
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


def money_message(text: str, currency: str | None, style: str = "", wrap: bool = True) -> Text:
    """A line about money (`message`), each amount in `currency` placed as the reader's
    language writes it (``4,50 €`` in German: `gintally.locales.placed_in`)."""
    from gintally.locales import placed_in

    return message(placed_in(text, currency or ""), style, wrap)


NAME_ROOM = 12  # names up to this long are never cut (SPEC section 8)


def short(name: str, width: int = 9) -> str:
    """`name` cut to `width` letters (`report.letters`: an accent stays on its letter, an
    escape written for a letter the console cannot show counts as that one letter), its end
    shown by "…" (or "..." where stdout's encoding cannot show it)."""
    from gintally.report import letters

    each = letters(name)
    if len(each) <= width:
        return name
    if process.unicode_stdout():
        return "".join(each[: width - 1]) + "…"
    return "".join(each[: width - 3]) + "..."  # what "…" becomes where it cannot be shown


def cells(text: str) -> int:
    """The columns `text` takes on a terminal: a Chinese character or an emoji takes two, a
    combining accent none (Rich's measure, which Textual lays out by too; imported only for
    text beyond ASCII, which takes a column a character)."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def padded(text: str, room: int, right: bool = False) -> str:
    """`text` filled with spaces to `room` columns (`right`: on its left, to stand at the
    right), as ``f"{text:<{room}}"`` does for text of one column a character."""
    fill = " " * (room - cells(text))
    return fill + text if right else text + fill


def wrapped(
    text: str, room: int, indent: str = "", more: str = "", split_words: bool = True
) -> list[str]:
    """`text` in lines of at most `room` columns, broken at spaces only (not at hyphens), the
    first after `indent`, the others after `more`: `textwrap.wrap`, with each double-width
    character (Chinese, an emoji) counted twice, as the terminal shows it. A word longer than
    a line is split, unless `split_words` is False (then its line is longer)."""
    import textwrap

    wide = max(text, default="") >= "\u1100"  # the first character two columns wide
    if wide:
        from rich.cells import get_character_cell_size

        # a double-width character is followed by a NUL (no text shown holds one) for
        # textwrap to count, which keeps it with its character (a NUL is no space) and goes
        # afterwards
        text = "".join(c + "\0" if get_character_cell_size(c) > 1 else c for c in text)
    lines = textwrap.wrap(
        text,
        room,
        initial_indent=indent,
        subsequent_indent=more,
        break_on_hyphens=False,
        break_long_words=split_words,
    )
    return [line.replace("\0", "") for line in lines] if wide else lines
