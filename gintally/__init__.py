"""gintally: a scorekeeper for gin rummy played with real cards.

A program keeps score with ``gintally.open(path)`` (a `Book`, a context manager; ``":memory:"``
for a ledger that lives as long as it): ``book.new_match("Friday", ["Ann", "Bob"])`` gives a
`Match`, whose methods are the hand commands (``match.knock("Ann", 8, vs=18)``, `gin`,
`big_gin`, `score`, ...) and the corrections (`undo`, `redo`, `void`, `restore`, `edit`);
`Book` holds the reads (`standings`, `stats`, `chart`), money (`pay`, `settlement`), data in
and out (`import_`, `export`, `merge`, `backup`, `check`) and the pages (`report`,
`print_page`). ``help(gintally.Book)`` and ``help(gintally.Match)`` list them. Each returns
the document its command's ``--json`` prints; every refusal is a `GintallyError` (a
`ValueError`), a wrong argument a `ParameterError` naming the parameter. Cards alone:
`evaluate`, `score_cards`.

The library is the product; the command line is its client. Its layers, each a folder, arrows
pointing down only:

- `cli/`: the command line (Typer) and `cli/render/` (Rich, the only place that draws).
- `report/`, `transfer`: the documents commands print, and CSV/JSON in and out.
- `service/`: what a command asks for: record, edit, void, undo, replay windows, check.
- `ledger/`: the SQLite file of facts and nothing else; `model`: the records it stores.
- `engine/`: how hands become games, sets and seasons (pure, standard library only).
- `game/`: the rules of one hand: cards, melds, rule sets, scoring, and one module per game kind
  (`game/variants/`) (pure, standard library only).
"""

from __future__ import annotations

from gintally.early import take_ctrl_c_early

take_ctrl_c_early()  # the command's first act: before any other import (`early`)

from typing import TYPE_CHECKING, Any  # noqa: E402

__version__ = "0.1.0"

# The public names, by the module each lives in. They are imported on first use (PEP 562): the
# console script imports this package first, before it takes Ctrl-C over, and `--version`,
# `eval` or `rules` need none of the ledger's modules (importing them all here costs every
# command some 40 ms before its first line runs).
_HOMES = {
    "game.cards": ("Card", "parse_card", "parse_cards"),
    "errors": (
        "CardError",
        "GintallyError",
        "HandError",
        "LedgerError",
        "NotFoundError",
        "ParameterError",
        "RuleError",
    ),
    "game.rules": ("PRESETS", "RuleSet", "find_preset", "resolve"),
    "game.evaluation": ("Evaluation", "evaluate"),
    "game.scoring": ("HandResult", "Kind"),
    "game.showdown": ("score_cards",),
    "engine.replay": ("Entry", "replay"),
    "engine.formats": ("Format", "find_format"),
    "facade.book": ("Book", "Match", "open"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
__all__ = ["__version__", *_HOME]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'gintally' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"gintally.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:  # the same names, for the type checker
    from gintally.engine.formats import Format as Format
    from gintally.engine.formats import find_format as find_format
    from gintally.engine.replay import Entry as Entry
    from gintally.engine.replay import replay as replay
    from gintally.errors import CardError as CardError
    from gintally.errors import GintallyError as GintallyError
    from gintally.errors import HandError as HandError
    from gintally.errors import LedgerError as LedgerError
    from gintally.errors import NotFoundError as NotFoundError
    from gintally.errors import ParameterError as ParameterError
    from gintally.errors import RuleError as RuleError
    from gintally.facade.book import Book as Book
    from gintally.facade.book import Match as Match
    from gintally.facade.book import open as open
    from gintally.game.cards import Card as Card
    from gintally.game.cards import parse_card as parse_card
    from gintally.game.cards import parse_cards as parse_cards
    from gintally.game.evaluation import Evaluation as Evaluation
    from gintally.game.evaluation import evaluate as evaluate
    from gintally.game.rules import PRESETS as PRESETS
    from gintally.game.rules import RuleSet as RuleSet
    from gintally.game.rules import find_preset as find_preset
    from gintally.game.rules import resolve as resolve
    from gintally.game.scoring import HandResult as HandResult
    from gintally.game.scoring import Kind as Kind
    from gintally.game.showdown import score_cards as score_cards
