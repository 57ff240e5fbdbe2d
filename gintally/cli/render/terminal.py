"""The terminal every drawing prints on: the console, and the helpers all drawings share.

Rich costs some 20-30 ms to import, so nothing here imports it before something is drawn: the
console and Rich's tables (`kit`) are imported on first use.

Terminology:
- *console*: Rich's console on the current stdout, made afresh for each print (80 columns when
  stdout is not a terminal, unless ``COLUMNS`` says otherwise; colour only where the terminal
  supports it and ``NO_COLOR`` is unset).
- *kit*: Rich's box styles, `Table` and `Text`, the three things every drawing builds with.
- *name room*: how long a name may be and never be cut (SPEC section 8); longer names end in
  "…" (or "..." where stdout's encoding cannot show it).
- *plain console*: stdout where Rich would write no style (not a terminal, nothing forcing
  colour, a UTF encoding, not Windows): `plainly` makes a drawing there with `plain`'s kit,
  without importing Rich, and with Rich when `plain` cannot lay it out as Rich would.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import TYPE_CHECKING, Any

from gintally.cli import process

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from types import ModuleType

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text


_CANVAS: list[tuple[io.StringIO, int]] = []  # the canvases drawn on now, innermost last
_PLAIN: list[int] = []  # the plain console's width while a drawing is made the plain way


def plain_width() -> int | None:
    """The width of stdout when it is a plain console (what `console` would make of it), else
    None: a terminal, a canvas, colour forced (``FORCE_COLOR``, ``TTY_COMPATIBLE=1``), an
    encoding other than UTF, Windows, or a ``COLUMNS`` that Rich would not read."""
    if _CANVAS or os.name == "nt":
        return None
    if os.environ.get("FORCE_COLOR") or os.environ.get("TTY_COMPATIBLE") == "1":
        return None
    out = sys.stdout
    try:
        if out.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    if not (getattr(out, "encoding", None) or "utf-8").lower().startswith("utf"):
        return None
    columns = os.environ.get("COLUMNS")
    if columns:
        return int(columns) if columns.isdigit() and int(columns) > 0 else None
    return None if os.isatty(1) else 80


def plainly(drawing: Callable[[], None]) -> None:
    """Make `drawing` on a plain console with `plain`'s kit, and print it once it is whole;
    with Rich when stdout is not a plain console or `plain` cannot lay the drawing out as Rich
    would (`plain.NotPlain`: nothing of it is printed, and Rich draws it all)."""
    width = plain_width() if not _PLAIN else None
    if width is None:
        drawing()
        return
    from gintally.cli.render import plain

    held: io.StringIO | None = io.StringIO()
    _PLAIN.append(width)
    try:
        with contextlib.redirect_stdout(held):
            drawing()
    except plain.NotPlain:
        held = None
    finally:
        _PLAIN.pop()
    if held is None:
        drawing()
    else:
        sys.stdout.write(held.getvalue())


def width() -> int:
    """The width drawings are laid out to."""
    return _PLAIN[-1] if _PLAIN else console().width


@contextlib.contextmanager
def canvas(width: int) -> Iterator[io.StringIO]:
    """What is drawn meanwhile, kept instead of printed: every drawing and every plain line
    written to stdout lands in the text this yields, `width` columns wide, its styles as ANSI
    codes (``rich.text.Text.from_ansi`` reads them back), so a screen can place it
    (``gintally play``)."""
    out = io.StringIO()
    _CANVAS.append((out, width))
    try:
        with contextlib.redirect_stdout(out):
            yield out
    finally:
        _CANVAS.pop()


def styled(text: str, style: str = "") -> Text:
    """Text a screen places (``gintally play``): `text` in `style`, or read from the ANSI codes
    a `canvas` kept when `style` is ``"ansi"``."""
    _, _, Text = kit()
    if style == "ansi":
        return Text.from_ansi(text)
    return Text(text, style=style)


def console() -> Console:
    """A console on the current stdout: 80 columns when it is not a terminal (unless COLUMNS
    says otherwise), colour only when the terminal supports it and NO_COLOR is unset; on a
    `canvas`, its width, in colour."""
    from rich.console import Console

    held = _CANVAS[-1] if _CANVAS else None
    if held is not None:
        return Console(file=held[0], width=held[1], force_terminal=True, color_system="standard",
                       highlight=False, soft_wrap=False, emoji=False)  # fmt: skip

    class PlainConsole(Console):
        def on_broken_pipe(self) -> None:
            # Rich would exit the process here; the command line's edge decides the exit code.
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    width = None if os.environ.get("COLUMNS") or os.isatty(1) else 80
    # No emoji codes: a name or note is printed as typed (":spade:" stays text), and Rich's
    # table of some 4,000 codes is never loaded (3 ms of every drawn command).
    return PlainConsole(width=width, highlight=False, soft_wrap=False, emoji=False)


def kit() -> tuple[ModuleType, type[Table], type[Text]]:
    """Rich's box styles, Table and Text, imported on first use (`plain`'s while a drawing is
    made the plain way)."""
    if _PLAIN:
        from gintally.cli.render import plain

        return plain.box, plain.Table, plain.Text  # type: ignore[return-value]
    from rich import box
    from rich.table import Table
    from rich.text import Text

    return box, Table, Text


def draw(*items: Any) -> None:
    """Tables, texts or markup strings printed on a console of the current stdout."""
    if _PLAIN:
        from gintally.cli.render import plain

        plain.write(items, _PLAIN[-1])
        return
    console().print(*items)


def message(text: str, style: str = "", wrap: bool = True) -> None:
    """A line of prose, wrapped at words to the width; with `wrap=False` never cut (a line
    that names a file: the path stays whole, and the terminal wraps it if it must)."""
    _, _, Text = kit()
    if _PLAIN:
        from gintally.cli.render import plain

        plain.write((Text(text, style=style),), _PLAIN[-1], wrap=wrap)
        return
    console().print(Text(text, style=style), soft_wrap=not wrap)


NAME_ROOM = 12  # names up to this long are never cut (SPEC section 8)


def short(name: str, width: int = 9) -> str:
    """`name` cut to `width` characters, its end shown by "…" (or "..." where stdout's encoding
    cannot show it)."""
    if len(name) <= width:
        return name
    if process.unicode_stdout():
        return name[: width - 1] + "…"
    return name[: width - 3] + "..."  # what "…" becomes where the encoding cannot show it
