"""Rendering for people: the only package that imports Rich.

Every function draws one `report` document; each module draws one thing, and this package
names them all (``from gintally.cli import render; render.show(doc)``):

- `terminal`: the console, `message` (a line of prose) and the helpers every drawing shares;
- `hands`: a recorded hand and the hand log, as plain lines without Rich (hand commands are typed
  at the table and must start fast, and Rich costs some 20-30 ms to import);
- `listing`: every game of a match (``show --all``), as plain lines written as they come;
- `sheet`: the score sheet `show`, a team match's too, with `games` (games and sets as lists)
  and `teams` (a team match's labels, rounds and tables);
- `season`: a season's standings and its sparkline;
- `tables`: `eval`, `rules`, the matches, one match, the ledger's check;
- `lifetime`: lifetime figures (`stats`), head to head and records;
- `money`: who owes whom (`settle`).

Everything else is drawn with Rich tables, imported on first use (no module here imports Rich
when it is imported). `show` looks like the paper score sheet players keep. Colour only when the
terminal supports it (Rich honours ``NO_COLOR``); tables fit 80 columns.

A drawing's module is imported when its function is first asked for (`__getattr__`), so a hand
command loads `hands` and `show` loads `sheet`, not all eight modules (about 1 ms at each
start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gintally.cli.render.hands import hand, hand_log
    from gintally.cli.render.lifetime import stats
    from gintally.cli.render.listing import every_game
    from gintally.cli.render.money import settlement
    from gintally.cli.render.season import MONTHS, SPARKS, season_sparkline, sparkline, standings
    from gintally.cli.render.sheet import show
    from gintally.cli.render.tables import check, evaluation, match, matches, rules
    from gintally.cli.render.terminal import NAME_ROOM, canvas, console, message, styled

__all__ = [
    "MONTHS",
    "NAME_ROOM",
    "SPARKS",
    "canvas",
    "check",
    "console",
    "evaluation",
    "every_game",
    "hand",
    "hand_log",
    "match",
    "matches",
    "message",
    "rules",
    "season_sparkline",
    "settlement",
    "show",
    "sparkline",
    "standings",
    "stats",
    "styled",
]

# Each name of `__all__` and the module that defines it.
_HOMES = {
    **dict.fromkeys(("hand", "hand_log"), "hands"),
    "stats": "lifetime",
    "every_game": "listing",
    "settlement": "money",
    **dict.fromkeys(("MONTHS", "SPARKS", "season_sparkline", "sparkline", "standings"), "season"),
    "show": "sheet",
    **dict.fromkeys(("check", "evaluation", "match", "matches", "rules"), "tables"),
    **dict.fromkeys(("NAME_ROOM", "canvas", "console", "message", "styled"), "terminal"),
}

if not TYPE_CHECKING:  # type checkers see the imports above, and no attribute is left unknown
    from gintally.lazy import loader

    __getattr__ = loader(__name__, _HOMES, globals())
