"""`show` drawn without Rich (`cli.render.plain`, on a plain console) prints what Rich prints,
byte for byte: every sheet of the mid-size ledger (`test_streamed`'s: every variant, team play,
seasons, sets, a rolling Hollywood) at several widths, drawn both ways; random tables of the
shapes the sheet builds, laid out both ways; and a console in colour is always Rich's."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box as rich_box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text as RichText
from test_streamed import midsize, midsize_built  # noqa: F401 (fixtures)

from conftest import Run, ok
from gintally.cli.render import plain, terminal
from gintally.ledger import Ledger

CLI = Callable[..., Run]


def _names(path: Path) -> list[str]:
    with Ledger.open(path, write=False) as book:
        return [m.name for m in book.matches()]


@pytest.mark.parametrize("columns", ["100", "80", "60", "40"])
def test_every_sheet_is_what_rich_draws(
    gintally: CLI,
    midsize: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    columns: str,
) -> None:
    """Each match's ``show`` (and ``show --all``, a team match's drawn whole) without Rich
    where the plain way lays it out, and with Rich alone: the same text."""
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    written: list[int] = []
    write = plain.write

    def counted(items: tuple[Any, ...], width: int, wrap: bool = True) -> None:
        write(items, width, wrap)
        written.append(width)

    monkeypatch.setattr(plain, "write", counted)
    cases = [(name, every) for name in _names(midsize) for every in ((), ("--all",))]
    drawn = [ok(gintally("show", "-m", name, *every)).stdout for name, every in cases]
    assert written and set(written) == {int(columns)}  # the plain way drew at this width
    monkeypatch.setattr(terminal, "plain_width", lambda: None)  # Rich draws everything
    for (name, every), out in zip(cases, drawn, strict=True):
        assert ok(gintally("show", "-m", name, *every)).stdout == out, (name, every, columns)


def test_a_grid_of_open_games_is_what_rich_draws(
    gintally: CLI, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More than six open games of a season (a grid: columns made by its rows, no head), and
    the season over with them unfinished: the same text both ways."""
    monkeypatch.setenv("GINTALLY_DB", str(db_path))
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    for name in ("Forever", "Now"):
        ok(gintally("match", "new", name, "--players", "Ann", "Bob", "--format", "ad-infinitum"))
        for day in range(1, 10):
            when = ("--date", f"2024-03-0{day}") if name == "Forever" else ()
            ok(gintally("knock", "Ann", str(day), "--vs", "12", *when))
    raised: list[str] = []

    class Recorded(plain.NotPlain):
        def __init__(self, why: str) -> None:
            raised.append(why)
            super().__init__(why)

    monkeypatch.setattr(plain, "NotPlain", Recorded)
    drawn = []
    for columns in ("100", "80", "50"):
        monkeypatch.setenv("COLUMNS", columns)
        drawn.append(ok(gintally("show")).stdout)
        drawn.append(ok(gintally("show", "-m", "Forever")).stdout)
        if columns == "80":
            assert raised == []  # each drawn the plain way (at 50 a line wraps: Rich draws)
    assert "9 open games (Ann-Bob)" in drawn[0] and "Season 2024 is over" in drawn[1]
    monkeypatch.setattr(terminal, "plain_width", lambda: None)
    again = []
    for columns in ("100", "80", "50"):
        monkeypatch.setenv("COLUMNS", columns)
        again.append(ok(gintally("show")).stdout)
        again.append(ok(gintally("show", "-m", "Forever")).stdout)
    assert again == drawn


def test_colour_is_drawn_by_rich(
    gintally: CLI,
    midsize: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Colour forced: Rich draws, styles and all; the plain way never runs."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setattr(plain, "write", None)  # would fail if called
    out = ok(gintally("show", "-m", "Evenings")).stdout
    assert "\x1b[1m" in out and "Evenings: Ann vs Bob" in out


def test_a_plain_console_is_one_rich_writes_no_style_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setenv("COLUMNS", "90")
    assert terminal.plain_width() == 90
    monkeypatch.setenv("COLUMNS", "wide")  # Rich would ask the terminal
    assert terminal.plain_width() is None
    monkeypatch.setenv("COLUMNS", "90")
    for name, value in (("FORCE_COLOR", "1"), ("TTY_COMPATIBLE", "1")):
        monkeypatch.setenv(name, value)
        assert terminal.plain_width() is None
        monkeypatch.delenv(name)
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert terminal.plain_width() is None  # Rich draws ASCII boxes there


# --- random tables, laid out both ways ------------------------------------------------------------

GOOD = ["", "Ann", "Bob", "12", "303", "G12 ✓", "net 129,", "needs", "…", "[green]Ann[/] wins",
        "[yellow]unfinished[/]", "a b", "x\ny", "#3 465-290", "────", "[bold]t"]  # fmt: skip
ODD = [" pad", "Zoë", "[x]", "tab\t", "日本", "[/]"]  # what the plain way leaves to Rich
WORDS = st.sampled_from(GOOD * 40 + ODD)
CELLS = st.lists(WORDS, min_size=1, max_size=3).map(lambda words: " ".join(w for w in words if w))


@st.composite
def tables(draw: Any) -> dict[str, Any]:
    boxed = draw(st.booleans())
    columns = draw(st.integers(1, 5))
    return {
        "boxed": boxed,
        "header": True if boxed else draw(st.booleans()),
        "title": draw(st.none() | CELLS),
        "min_width": draw(st.none() | st.integers(0, 70)),
        "padding": draw(st.sampled_from([(0, 1), (0, 2)])),
        "pad_edge": draw(st.booleans()),
        "declared": draw(st.booleans()),  # else the rows make the columns (a grid)
        "heads": [draw(CELLS) for _ in range(columns)],
        "justify": [draw(st.sampled_from(["left", "right"])) for _ in range(columns)],
        "rows": draw(st.lists(st.lists(CELLS, min_size=columns, max_size=columns), max_size=5)),
        "sections": draw(st.sets(st.integers(0, 4))),
        "width": draw(st.integers(12, 120)),
    }


def _build(spec: dict[str, Any], boxes: Any, table_class: Any) -> Any:
    table = table_class(
        box=boxes.SIMPLE_HEAD if spec["boxed"] else None,
        title=spec["title"],
        title_justify="left",
        min_width=spec["min_width"],
        show_header=spec["header"],
        padding=spec["padding"],
        pad_edge=spec["pad_edge"],
    )
    if spec["declared"]:
        for head, justify in zip(spec["heads"], spec["justify"], strict=True):
            table.add_column(head, justify=justify)
    for i, row in enumerate(spec["rows"]):
        table.add_row(*row[: len(row) - i % 2 if spec["declared"] else len(row) + i % 2 - 1])
        if i in spec["sections"]:
            table.add_section()
    return table


@settings(max_examples=400, deadline=None)
@given(spec=tables())
def test_a_table_laid_out_plainly_is_what_rich_draws(spec: dict[str, Any]) -> None:
    try:
        lines = _build(spec, plain.box, plain.Table).lines(spec["width"])
    except plain.NotPlain:
        return  # Rich draws it
    out = io.StringIO()
    console = Console(file=out, width=spec["width"], highlight=False, soft_wrap=False,
                      emoji=False, force_terminal=False)  # fmt: skip
    console.print(_build(spec, rich_box, RichTable))
    assert "".join(line + "\n" for line in lines) == out.getvalue()


@settings(max_examples=200, deadline=None)
@given(text=CELLS, width=st.integers(4, 40), wrap=st.booleans())
def test_a_line_written_plainly_is_what_rich_writes(text: str, width: int, wrap: bool) -> None:
    held = io.StringIO()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdout", held)
            plain.write((plain.Text(text, style="bold"),), width, wrap=wrap)
    except plain.NotPlain:
        return
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, soft_wrap=False, emoji=False,
                      force_terminal=False)  # fmt: skip
    console.print(RichText(text, style="bold"), soft_wrap=not wrap)
    assert held.getvalue() == out.getvalue()
