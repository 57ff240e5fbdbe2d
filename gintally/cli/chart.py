"""`gintally chart`: the season race drawn in the terminal with plotext.

plotext is imported here only, and only inside the functions that draw, so registering the
command costs nothing and no other command ever loads it (tests/test_layers.py holds that).
It is imported without its interactive documentation (`plotext_drawing`): plotext 6 builds the
whole of it when it is imported, some 160 ms, most of a chart's own time, for a menu a chart
never opens.

The drawing: games won so far, by date, one line per player, each with its own marker (the
player's initial, or ``*`` and ``o`` when the initials are the same), and the key in the title,
so the chart reads without colour (``NO_COLOR``, or output that is not a terminal) and does not
hide a line behind a legend box. Games won move in steps, on the day a game closed. For single
and hollywood matches a second panel draws each player's running net (their game totals minus
the other's, over the games won so far), which is what a single-game or Hollywood evening is
played for. A season whose games all closed on one day (an evening) is drawn game by game; a
longer one a point a day (`daily`): a season of thousands of games draws as fast as one of a
dozen. Before a game has finished, and when only one has, the chart is each player's points,
hand by hand (a race of games won with one step says nothing).
"""

from __future__ import annotations

import os
import shutil
import sys
import types
from typing import Any

from gintally.cli.base import book
from gintally.cli.common import JsonOpt, MatchOpt, YearOpt, app, emit, whole
from gintally.facade.page import NET_FORMATS, daily, day_ticks, whole_ticks
from gintally.report import RaceDoc

_PLOTEXT_DOCS = "plotext._doc.doc"  # what plotext's package imports for `plotext.doc`, last


def plotext_drawing() -> Any:
    """plotext, imported without building its documentation (`plotext.doc`, the interactive
    menu of every method: nothing a drawing uses). Its package imports the documentation last,
    as one name of one module; that module is stood in for while plotext loads, so
    `plotext.doc` is None. Once loaded, plotext is plotext as usual."""
    loaded = sys.modules.get("plotext")
    if loaded is not None:
        return loaded
    stand_in = types.ModuleType(_PLOTEXT_DOCS)
    stand_in.docs = None  # type: ignore[attr-defined]
    placed = sys.modules.setdefault(_PLOTEXT_DOCS, stand_in) is stand_in
    try:
        import plotext
    finally:
        if placed:
            del sys.modules[_PLOTEXT_DOCS]
    return plotext


# The lines' colours: the terminal's own red and green (ANSI 1 and 2), which every terminal's
# palette makes legible on its own background, dark or light (xterm, Tango, Windows' Campbell:
# 3:1 or more against black and white alike), unlike the bright ones (plotext's default
# bright green on a white panel: about 1.4:1 on a dark terminal). The markers (initials) tell
# the lines apart without colour.
INKS = (1, 2)


def markers(names: list[str]) -> list[str]:
    """One distinct marker per player: their initials, or ``*`` and ``o`` (when two are alike,
    or one takes two columns, as 李 does: a line of them ran past the plot's frame)."""
    from gintally.cli.render.terminal import cells

    initials = [n[:1].upper() or "?" for n in names]
    if len(set(initials)) == len(initials) and all(cells(i) == 1 for i in initials):
        return initials
    return ["*", "o"]


def _steps(dates: list[str], values: list[int], start: str) -> tuple[list[str], list[int]]:
    """A line that moves in steps: each change happens on its day (a point before and after)."""
    xs, ys, last = [start], [0], 0
    for day, value in zip(dates, values, strict=True):
        xs += [day, day]
        ys += [last, value]
        last = value
    return xs, ys


def chart_text(doc: RaceDoc, width: int = 80, colour: bool = False) -> str:
    """The race as text, `width` columns wide (ANSI colours only with `colour`)."""
    from gintally.cli.render.terminal import cells

    plt = plotext_drawing()

    names = doc["players"]
    marks = markers(names)
    key = "   ".join(f"{m} = {n}" for m, n in zip(marks, names, strict=True))
    head = f"{doc['match']}, season {doc['season']}"
    dates, step = doc["dates"], "game"
    panels = [("games won", doc["games_won"])]
    if doc["format"] in NET_FORMATS:
        panels.append(("net", doc["net"]))
    if not dates:  # no game finished yet: the race so far is each player's hand points
        if not doc["running_dates"]:
            return f"{head}: no hand scored yet."
        dates, step = doc["running_dates"], "hand"
        panels = [("points so far, no game finished yet", doc["running_points"])]
    elif len(dates) == 1 and doc["running_dates"]:  # one game: a race of one step tells
        dates, step = doc["running_dates"], "hand"  # nothing; its hands tell the evening
        panels = [("points so far, one game finished", doc["running_points"])]
    by_day = len(set(dates)) > 1
    room = max(40, width - 1)  # the plot's width: plotext leaves out a title or key wider
    keys = [_fit(f"{m} = {n}", room) for m, n in zip(marks, names, strict=True)]
    keys = [] if cells(key) < room else keys  # a key too wide: under the chart, one a line
    fig: Any = plt.figure
    fig.clear()
    fig.plot_size(room, 19 * len(panels))
    if len(panels) > 1:
        fig.subplots(len(panels), 1)
    for i, (what, series) in enumerate(panels):
        plot = fig.subplot(i + 1, 1) if len(panels) > 1 else fig
        if by_day:
            plot.date(axis="x").activate(form="%Y-%m-%d")
            positions, labels = day_ticks(doc["first_hand"], dates[-1])
            plot.ruler(axis="x").ticks(positions, labels)
        low = min(0, *(min(v) for v in series.values()))
        high = max(1, *(max(v) for v in series.values()))
        plot.ruler(axis="y").ticks(*whole_ticks(low, high))
        if not by_day:
            plot.ruler(axis="x").ticks(*whole_ticks(0, len(dates)))
        plot.theme("simple")  # no painted panel: the terminal's own background and text
        for name, mark, ink in zip(names, marks, INKS, strict=False):
            pen = plt.colorize(mark, plt.pixel(foreground=ink))
            if by_day:
                days, values = daily(dates, series[name])
                xs, ys = _steps(days, values, doc["first_hand"])
                line = plot.signal(xs, ys, marker=pen)
            else:  # one evening: game by game (hand by hand), in the order they closed
                line = plot.signal(
                    list(range(len(series[name]) + 1)), [0, *series[name]], marker=pen
                )
            line.lines()
            plot.draw(line)
        plot.legend(False)
        rest = f", season {doc['season']}: {what}" + (
            "" if by_day else f", {step} by {step} on {dates[0]}"
        )
        match = _fit(doc["match"], max(8, room - cells(rest)))
        plot.title(_fit(match + rest, room))
        if i == len(panels) - 1 and not keys:
            plot.label(f"{key}", axis="x")
    text: str = fig.build().string(colorless=not colour)
    fig.clear()
    return "\n".join([text.rstrip("\n"), *keys])


def _fit(text: str, room: int) -> str:
    """`text` cut (`terminal.short`) to fit `room` columns: plotext leaves out a title or a key
    wider than its plot, so a long match name or player's name took the chart's with it."""
    from gintally.cli.render.terminal import cells, short

    letters = room
    while cells(short(text, letters)) > room:
        letters -= 1
    return short(text, letters)


def width_and_colour() -> tuple[int, bool]:
    """The terminal's width (80 when not a terminal, unless COLUMNS says) and whether colour
    may be used (the colour policy of every command: `terminal.colour`)."""
    from gintally.cli.render import terminal

    tty = sys.stdout.isatty()
    columns = os.environ.get("COLUMNS")
    if columns and columns.isdigit():
        width = int(columns)
    else:
        width = shutil.get_terminal_size((80, 24)).columns if tty else 80
    return min(width, 120), terminal.colour()


def draw(doc: RaceDoc) -> None:
    width, colour = width_and_colour()
    sys.stdout.write(chart_text(doc, width, colour) + "\n")


@app.command(rich_help_panel="Read")
def chart(
    match: MatchOpt = None,
    year: YearOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The season race drawn in the terminal: games won by date, one line per player (and the
    running net for single and hollywood); before any game has finished, each player's points
    so far. --json prints the series it draws."""

    wanted = whole(year, "--year")
    with book() as opened:
        doc = opened.chart(match, year=wanted)
    emit(doc, as_json, draw)
