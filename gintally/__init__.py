"""gintally: a scorekeeper for gin rummy played with real cards.

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

TYPE_CHECKING = False  # not typing's: the console script imports this module first, keep it bare

__version__ = "0.1.0"

# The public names, and the module each lives in. They are imported on first use (PEP 562), so
# that `import gintally` stays cheap for the command line, which needs only some of them.
_EXPORTS = {
    "Card": "game.cards",
    "parse_card": "game.cards",
    "parse_cards": "game.cards",
    "CardError": "errors",
    "GintallyError": "errors",
    "HandError": "errors",
    "LedgerError": "errors",
    "NotFoundError": "errors",
    "RuleError": "errors",
    "PRESETS": "game.rules",
    "RuleSet": "game.rules",
    "find_preset": "game.rules",
    "resolve": "game.rules",
    "Evaluation": "game.evaluation",
    "HandResult": "game.scoring",
    "Kind": "game.scoring",
    "evaluate": "game.evaluation",
    "score_cards": "game.showdown",
    "Entry": "engine.replay",
    "Format": "engine.formats",
    "find_format": "engine.formats",
    "replay": "engine.replay",
    "Book": "facade.book",
    "Match": "facade.book",
    "open": "facade.book",
}

__all__ = [  # noqa: RUF022 - grouped as in _EXPORTS
    "__version__",
    "Card", "parse_card", "parse_cards",
    "CardError", "GintallyError", "HandError", "LedgerError", "NotFoundError", "RuleError",
    "PRESETS", "RuleSet", "find_preset", "resolve",
    "Evaluation", "HandResult", "Kind", "evaluate", "score_cards",
    "Entry", "Format", "find_format", "replay",
    "Book", "Match", "open",
]  # fmt: skip
assert set(__all__) == {"__version__", *_EXPORTS}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gintally' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"gintally.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from typing import Any

    from gintally.engine.formats import Format, find_format
    from gintally.engine.replay import Entry, replay
    from gintally.errors import (
        CardError,
        GintallyError,
        HandError,
        LedgerError,
        NotFoundError,
        RuleError,
    )
    from gintally.facade.book import Book, Match, open
    from gintally.game.cards import Card, parse_card, parse_cards
    from gintally.game.evaluation import Evaluation, evaluate
    from gintally.game.rules import PRESETS, RuleSet, find_preset, resolve
    from gintally.game.scoring import HandResult, Kind
    from gintally.game.showdown import score_cards
