"""Games and sets as lists, the tables `show` draws around (or instead of) the score sheet.

Terminology:
- *compact*: games one to a line, with their totals and who won (or what each player needs).
- *grid*: many games at a glance, ``#331 465-290`` cells, several to a row (an ad-infinitum
  season's open games).
- *sets table*: finished sets one to a line, with their games and results.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gintally.cli.render.terminal import NAME_ROOM, kit, short
from gintally.report import GameDoc, SetDoc

if TYPE_CHECKING:
    from rich.table import Table


def sets_table(sets: Iterable[SetDoc], title: str) -> Table:
    """Sets one to a line: the set's number, the span of its games and its result."""
    box, Table, _ = kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title))
    table.add_column("set", justify="right")
    table.add_column("games", justify="left")
    table.add_column("result", justify="left")
    for x in sets:
        games = x["games"]
        span = f"{games[0]}-{games[-1]}" if len(games) > 1 else str(games[0])
        table.add_row(str(x["number"]), span, x["result"])
    return table


def grid(games: list[GameDoc], a: str, b: str, title: str, columns: int = 5) -> Table:
    """Many games at a glance: ``#331 465-290`` cells, several to a row."""
    _, Table, _ = kit()
    table = Table(
        box=None,
        show_header=False,
        padding=(0, 2),
        title_justify="left",
        title=f"{title} ({a}-{b})",
    )
    cells = [f"#{g['number']} {g['points'][a]}-{g['points'][b]}" for g in games]
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        table.add_row(*row, *[""] * (columns - len(row)))
    return table


def compact(
    games: Iterable[GameDoc],
    title: str,
    a: str,
    b: str,
    in_sets: bool = False,
    seasonal: bool = False,
) -> Table:
    """Games one to a line: totals and who won (or what each needs); with `in_sets` the set of
    each game, with `seasonal` its season."""
    box, Table, _ = kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title))
    if seasonal:
        table.add_column("season")
    if in_sets:
        table.add_column("set", justify="right")
    table.add_column("game", justify="right")
    table.add_column(short(a, NAME_ROOM), justify="right")
    table.add_column(short(b, NAME_ROOM), justify="right")
    table.add_column("", justify="left")
    for g in games:
        if g["status"] == "won":
            pts, tot = g["total"], g["total"]
            note = f"[green]{g['winner']}[/] wins, net {g['net']}"
            if g.get("shutout"):
                note += ", shutout"
            if g.get("lost_by_50"):
                note += " (the leader ended exactly 50 ahead)"
        elif g["status"] == "unfinished":
            pts = tot = g["points"]
            note = "[yellow]unfinished[/]"
        else:
            pts = tot = g["points"]
            need = g["needs"]
            note = f"needs {a} {need[a]}, {b} {need[b]}"
        del pts
        first = ([g["season"]] if seasonal else []) + ([str(g["set"])] if in_sets else [])
        table.add_row(*first, str(g["number"]), str(tot[a]), str(tot[b]), note)
    return table
