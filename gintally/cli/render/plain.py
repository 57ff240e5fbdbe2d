"""The score sheet's tables and lines laid out as Rich lays them out, without importing Rich,
for a console where Rich would write no style at all (a pipe, a file: not a terminal, and
nothing forcing colour): `show` is typed at the table and piped into scripts, and Rich costs
some 25 ms to import and 5-10 ms to lay out a sheet.

It draws only what it can lay out exactly as Rich does: tables whose every column fits the
console at its natural width (no wrapping, no shrinking, no stretching to a minimum width),
cells and lines of plain characters (printable ASCII, and the ``✓``, ``…`` and ``─`` the
sheet uses, one column each), markup limited to the colour tags the sheet writes. Anything
else raises `NotPlain`, and the drawing is made again with Rich (`terminal.plainly`): the
text is Rich's either way (tests/test_render.py draws every sheet of a mid-size ledger both
ways and compares them).

Terminology:
- *plain kit*: `box`, `Table` and `Text` with the part of Rich's interface the sheet uses
  (`terminal.kit` hands them out while a drawing is made the plain way).
- *natural width*: a column's widest line plus its padding, as Rich measures it.
- *edge*: the box's outer columns (``SIMPLE_HEAD``'s are spaces), one a side.
"""

from __future__ import annotations

import re
import sys
from types import SimpleNamespace
from typing import Any

box = SimpleNamespace(SIMPLE_HEAD="SIMPLE_HEAD")  # the one box style the sheet draws with

_TAGS = re.compile(r"\[(?:/|green|yellow|red|bold|dim)\]")  # markup that only styles
_PLAIN = re.compile(r"[ -~✓…─]*")  # characters one column wide whatever the terminal


class NotPlain(Exception):
    """This drawing is not one the plain way lays out as Rich does: draw it with Rich."""


class Text:
    """A line (or lines) of text; its style is what a terminal would show, and a plain
    console shows none."""

    def __init__(self, text: str = "", style: str = "") -> None:
        self.plain = text

    def __add__(self, other: Text | str) -> Text:
        return Text(self.plain + (other.plain if isinstance(other, Text) else other))


class _Column:
    def __init__(self, header: str, justify: str) -> None:
        if justify not in ("left", "right"):
            raise NotPlain(f"justify {justify!r}")
        self.header = _lines(header, markup=True)
        self.justify = justify
        self.cells: list[list[str]] = []


class Table:
    """Rich's `Table`, as the sheet builds it: rows of text cells under column heads, an
    optional title over them, in the ``SIMPLE_HEAD`` box or none."""

    def __init__(
        self,
        box: str | None = None,
        title: str | None = None,
        title_justify: str = "center",
        min_width: int | None = None,
        show_header: bool = True,
        show_footer: bool = False,
        padding: tuple[int, int] = (0, 1),
        pad_edge: bool = True,
    ) -> None:
        if show_footer or padding[0] or (box is not None and not show_header):
            raise NotPlain("a footer, vertical padding or a box without a header")
        if title is not None and title_justify != "left":
            raise NotPlain(f"title justified {title_justify!r}")
        self.box = box
        self.title = _lines(title, markup=True) if title else None
        self.min_width = min_width
        self.show_header = show_header
        self.pad = padding[1]
        self.pad_edge = pad_edge
        self.columns: list[_Column] = []
        self.rows = 0
        self.ends: set[int] = set()  # rows that end a section

    def add_column(
        self,
        header: str = "",
        justify: str = "left",
        style: str | None = None,
        header_style: str | None = None,
        no_wrap: bool = False,
    ) -> None:
        self.columns.append(_Column(header, justify))

    def add_row(self, *cells: str | Text, style: str | None = None) -> None:
        """A row; a cell beyond the columns adds one, as Rich does (no head, left-justified,
        empty in the rows before)."""
        while len(self.columns) < len(cells):
            column = _Column("", "left")
            column.cells = [[""] for _ in range(self.rows)]
            self.columns.append(column)
        padded = (*cells, *[""] * (len(self.columns) - len(cells)))
        for column, cell in zip(self.columns, padded, strict=True):
            if isinstance(cell, Text):
                column.cells.append(_lines(cell.plain, markup=False))
            else:
                column.cells.append(_lines(cell, markup=True))
        self.rows += 1

    def add_section(self) -> None:
        if self.rows:
            self.ends.add(self.rows - 1)

    def lines(self, width: int) -> list[str]:
        """The table's lines at a console `width`, as Rich draws them."""
        columns = self.columns
        if not columns:
            return [""]
        if not self.show_header and not self.rows:
            raise NotPlain("no cell to measure")  # Rich gives such a column the whole width
        last = len(columns) - 1
        pads = [
            (
                0 if i == 0 and not self.pad_edge else self.pad,
                0 if i == last and not self.pad_edge else self.pad,
            )
            for i in range(len(columns))
        ]
        widths = []
        for (left, right), column in zip(pads, columns, strict=True):
            cells = [column.header, *column.cells] if self.show_header else column.cells
            widest = max((len(line) for cell in cells for line in cell), default=0)
            widths.append(widest + left + right or 1)
        extra = len(columns) + 1 if self.box is not None else 0
        room = sum(widths)
        if room > width - extra:
            raise NotPlain("wider than the console")
        if self.min_width is not None and room < self.min_width - extra:
            raise NotPlain("narrower than its minimum width")
        total = room + extra
        out: list[str] = []
        if self.title is not None:
            if any(len(line) > total for line in self.title):
                raise NotPlain("a title wider than the table")
            out += [line.ljust(total) for line in self.title]
        edge, between = (" ", " ") if self.box is not None else ("", "")
        if self.box is not None:
            out.append(" " * total)

        def row(cells: list[list[str]], top: bool) -> None:
            height = max(len(cell) for cell in cells)
            blocks = []
            for cell, column, size, (left, right) in zip(cells, columns, widths, pads, strict=True):
                inner = size - left - right
                fit = str.rjust if column.justify == "right" else str.ljust
                lines = [" " * left + fit(line, inner) + " " * right for line in cell]
                blank = [" " * size] * (height - len(lines))
                blocks.append(lines + blank if top else blank + lines)
            out.extend(edge + between.join(parts) + edge for parts in zip(*blocks, strict=True))

        if self.show_header:
            row([c.header for c in columns], top=False)  # a head sits on the rule under it
            if self.box is not None:
                out.append(" " + "─" * (total - 2) + " ")
        count = self.rows
        for i in range(count):
            row([c.cells[i] for c in columns], top=True)
            if i in self.ends and i < count - 1 and self.box is not None:
                out.append(" " * total)
        if self.box is not None:
            out.append(" " * total)
        return out


def _lines(text: str, markup: bool) -> list[str]:
    """A cell's or a title's lines as shown: its style tags read (`markup`), or `NotPlain`
    when it holds anything Rich would read or measure another way."""
    if markup:
        depth = 0  # a closing tag with nothing to close is Rich's error (`MarkupError`)
        for tag in _TAGS.findall(text):
            depth += -1 if tag == "[/]" else 1
            if depth < 0:
                raise NotPlain("markup")
        text = _TAGS.sub("", text)
        if "[" in text or "\\" in text:
            raise NotPlain("markup")
    lines = text.split("\n")
    for line in lines:
        if not _PLAIN.fullmatch(line) or line != line.strip():
            raise NotPlain("characters or spaces Rich measures or trims")
    return lines


def write(items: tuple[Any, ...], width: int, wrap: bool = True) -> None:
    """What ``console.print(*items)`` writes on a plain console `width` columns wide: a
    table's lines, or a line of text that fits (`wrap=False`: never cut, as Rich's soft
    wrap)."""
    if len(items) != 1:
        raise NotPlain("several items on one line")
    item = items[0]
    if isinstance(item, Table):
        lines = item.lines(width)
    else:
        lines = item.plain.split("\n") if isinstance(item, Text) else _lines(item, markup=True)
        for line in lines:
            if not _PLAIN.fullmatch(line) or (wrap and len(line) > width):
                raise NotPlain("a line Rich would wrap")
    if lines:  # (a table of no rows and no head draws nothing)
        sys.stdout.write("\n".join(lines) + "\n")
