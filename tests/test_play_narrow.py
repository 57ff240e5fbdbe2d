"""``gintally play`` on small screens (issue 36), driven by Textual's pilot: at 80x24 the totals,
the next dealer and the newest hands are in view after a Hollywood evening's hands; PageUp and
PageDown scroll the sheet while the entry line keeps the keys; what a line says wraps at words
instead of being cut; a finished game is told on a line of its own that covers nothing; at 40
columns the sheet takes the narrow layout and cuts no score.

What is *in view* is read from the screen as Textual draws it (its screenshot's rows)."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from test_play import content, type_in

from conftest import Run, as_json, ok

CLI = Callable[..., Run]
HANDS = (
    ("knock", "Ann", "8", "--vs", "18"),
    ("knock", "Bob", "5", "--vs", "30"),
    ("gin", "Ann", "--vs", "22"),
    ("knock", "Ann", "3", "--vs", "40"),
    ("knock", "Bob", "2", "--vs", "25"),
    ("gin", "Bob", "--vs", "14"),
    ("knock", "Ann", "7", "--vs", "33"),
    ("knock", "Bob", "4", "--vs", "27"),
    ("knock", "Ann", "6", "--vs", "19"),
)


_CELL = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[\w-]*?-line-(\d+)\)"[^>]*>(.*?)</text>', re.S
)


def on_screen(app: Any) -> list[str]:
    """The screen's rows as Textual draws them: its SVG screenshot's text put back at its
    columns (a cell is 12.2 units wide there), runs of spaces collapsed."""
    rows: dict[int, dict[int, str]] = {}
    for x, row, body in _CELL.findall(app.export_screenshot()):
        rows.setdefault(int(row), {})[round(float(x) / 12.2)] = html.unescape(body)
    out = []
    for _, cells in sorted(rows.items()):
        line: list[str] = []
        for column, text in sorted(cells.items()):
            line += [" "] * (column - len(line))
            line[column : column + len(text)] = list(text)
        out.append(" ".join("".join(line).split()))
    return out


def said_lines(app: Any) -> list[str]:
    """The lines of the pane of what was said, as it holds them (wrapped to its width)."""
    return [line.text.rstrip() for line in app.query_one("#said").lines]


def in_view(app: Any, text: str) -> bool:
    return any(text in row for row in on_screen(app))


async def until(pilot: Any, done: Callable[[], bool]) -> None:
    """Wait for the screen to get there: a scroll happens after the screen's next refresh,
    which on a busy machine may come after a pause returns (at most 5 s)."""
    for _ in range(100):
        if done():
            return
        await pilot.pause(0.05)
    assert done()


def moved_up(pane: Any) -> Callable[[], bool]:
    """Whether the pane is higher up than it is now."""
    before = pane.scroll_y
    return lambda: bool(pane.scroll_y < before)


def at_end(pane: Any) -> Callable[[], bool]:
    return lambda: bool(pane.max_scroll_y > 0 and pane.scroll_y == pane.max_scroll_y)


def evening(
    tmp_path: Path,
    gintally: CLI,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    body: Callable[[Any, Any], Awaitable[None]],
) -> None:
    from gintally.cli import evening as evenings
    from gintally.cli import screen

    monkeypatch.setenv("GINTALLY_DB", str(tmp_path / "play.db"))
    ok(gintally("match", "new", "Evening", "--players", "Ann", "Bob", "--format", "hollywood"))
    for hand in HANDS:
        ok(gintally(*hand))

    async def run() -> None:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(app, pilot)
        night.book.close()

    asyncio.run(run())


def rows_of(gintally: CLI) -> tuple[str, str, str, str]:
    """What the sheet's foot says now (from ``show --json``): the current set's total and
    needs rows, who deals next, and the newest hand as the log says it."""
    doc = as_json(gintally("show", "--json"))
    games = [g for g in doc["games"] if g["set"] == doc["games"][-1]["set"]]
    total = [g["total"][p] for g in games if g["status"] == "won" for p in ("Ann", "Bob")]
    needs = [g["needs"][p] for g in games if g["status"] == "open" for p in ("Ann", "Bob")]
    newest = as_json(gintally("hands", "--json"))["hands"][-1]["description"]
    return (
        " ".join(["total", *map(str, total)]),
        " ".join(["needs", *map(str, needs)]),
        f"Next dealer: {doc['next_dealer']}.",
        newest,
    )


def test_at_80x24_the_totals_next_dealer_and_newest_hands_are_in_view(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def body(app: Any, pilot: Any) -> None:
        pane = app.query_one("#sheet")
        await until(pilot, at_end(pane))  # the sheet is taller than its pane, at its end
        total, needs, dealer, newest = rows_of(gintally)
        assert newest == "Ann knocks with 6, Bob has 19: Ann +13"
        for shown in (total, needs, dealer, newest, "9 2026"):
            assert in_view(app, shown), (shown, on_screen(app))
        # a new hand: the sheet is at its end again
        await pilot.press("pageup")
        await until(pilot, lambda: not at_end(pane)())
        await type_in(pilot, "k bob 5 30", "enter")
        await until(pilot, at_end(pane))
        total, needs, dealer, newest = rows_of(gintally)
        assert newest == "Bob knocks with 5, Ann has 30: Bob +25"
        for shown in (total, needs, dealer, newest, "10 2026"):
            assert in_view(app, shown), (shown, on_screen(app))

    evening(tmp_path, gintally, monkeypatch, (80, 24), body)


def test_page_up_and_page_down_scroll_the_sheet_from_the_entry_line(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def body(app: Any, pilot: Any) -> None:
        pane = app.query_one("#sheet")
        await until(pilot, at_end(pane))
        bottom = pane.scroll_y
        assert not in_view(app, "Evening: Ann vs Bob")  # the heading is above the fold
        await pilot.press("pageup")
        await until(pilot, lambda: pane.scroll_y < bottom)
        for _ in range(3):
            await pilot.press("pageup")
        await until(pilot, lambda: pane.scroll_y == 0)
        assert in_view(app, "Evening: Ann vs Bob")
        assert not in_view(app, "Next dealer: Ann.")
        assert app.focused is app.query_one("#line")  # the entry line keeps the keys
        await type_in(pilot, "k ann", "pagedown", "pagedown", "pagedown")
        await until(pilot, lambda: pane.scroll_y == bottom)
        assert in_view(app, "Next dealer: Ann.")
        assert app.query_one("#line").value == "k ann"
        # a redraw from another process leaves a scrolled sheet where it is
        await pilot.press("pageup", "pageup", "pageup", "pageup")
        await until(pilot, lambda: pane.scroll_y == 0)
        ok(gintally("knock", "Bob", "2", "--vs", "40"))
        await until(pilot, lambda: "Bob +38" in content(app, "#last"))  # redrawn
        assert pane.scroll_y == 0 and in_view(app, "Evening: Ann vs Bob")

    evening(tmp_path, gintally, monkeypatch, (80, 24), body)


def test_a_long_message_and_the_help_wrap(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def body(app: Any, pilot: Any) -> None:
        name = "Bartholomew-the-very-long-named-stranger"
        await type_in(pilot, f"k {name} 3 9 --note 'and then some more words'", "enter")
        await pilot.pause()
        lines = said_lines(app)
        width = app.query_one("#said").scrollable_content_region.width
        assert all(len(line) <= width for line in lines), lines
        said = " ".join(" ".join(lines).split())
        assert f"Error: '{name}' does not play in match 'Evening' (Ann and Bob do)" in said
        await pilot.press("f1")
        await pilot.pause()
        lines = said_lines(app)
        assert all(len(line) <= width for line in lines), lines
        assert "--upcard and --note." in " ".join(lines)  # the help's last words, not cut

    evening(tmp_path, gintally, monkeypatch, (60, 24), body)


def test_a_finished_game_is_told_where_it_covers_nothing(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def body(app: Any, pilot: Any) -> None:
        news = app.query_one("#news")
        assert not news.display
        await type_in(pilot, "k bob 2 40", "enter")  # game 3 and set 1 are over
        await pilot.pause()
        assert news.display
        said = app.query_one("#said")
        assert not news.region.overlaps(said.region)
        assert not news.region.overlaps(app.query_one("#sheet").region)
        assert in_view(app, "Finished: Game 3: Bob wins 275 to 151 with the bonuses, net 124")
        assert in_view(app, "Hand 10: Bob knocks with 2, Ann has 40: Bob +38")
        assert in_view(app, "Set 1 is over: Ann wins the set by 207.")
        await type_in(pilot, "k ann 3 10", "enter")  # the next line: the news is gone
        await pilot.pause()
        assert not news.display

    evening(tmp_path, gintally, monkeypatch, (80, 24), body)


def test_at_40_columns_the_sheet_cuts_no_score(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def body(app: Any, pilot: Any) -> None:
        pane = app.query_one("#sheet")
        seen: list[str] = []
        await until(pilot, at_end(pane))
        while True:  # the whole sheet, a page at a time
            seen += on_screen(app)
            if pane.scroll_y == 0:
                break
            up = moved_up(pane)
            await pilot.press("pageup")
            await until(pilot, up)
        text = "\n".join(seen)
        assert "…" not in text
        doc = as_json(gintally("show", "--json"))
        points = [" ".join(str(g["points"][p]) for p in ("Ann", "Bob")) for g in doc["games"]]
        assert len(points) == 3
        assert f"points {points[0]} {points[1]}" in text  # two games to a table
        assert f"points {points[2]}" in text
        needs = " ".join(str(doc["games"][2]["needs"][p]) for p in ("Ann", "Bob"))
        assert f"needs {needs}" in text
        heads = [row for row in seen if row.startswith("G1 ✓ G1 G2 ✓ G2")]  # Ann won 1 and 2
        assert heads and all("G3" not in row for row in heads)

    evening(tmp_path, gintally, monkeypatch, (40, 24), body)
