"""gintally: a scorekeeper for gin rummy played with real cards.

The library is the product; the command line is its client. The pure core (no I/O, no clock,
standard library only):

- `cards`: parsing, printing and values of cards.
- `melds`: exact best arrangement, best discard and layoffs, on bit masks.
- `rules`: the rule knobs, the presets, overrides and their stored form.
- `scoring`: one hand, from counts or from cards (`evaluate`, `score_cards`).
- `formats`: the fan-out engine: hands in, games out, for every scoring format.
- `standings`: seasons and yearly standings.

At the rim: `ledger` (the SQLite ledger, the only module that imports sqlite-utils), `tally`
(what the command line asks: record a hand, read the games), `transfer` (CSV and JSON in and
out), `render` (Rich output, the only module that imports rich) and `cli` (Typer).
"""

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# The public names, and the module each lives in. They are imported on first use (PEP 562), so
# that `import gintally` stays cheap for the command line, which needs only some of them.
_EXPORTS = {
    "Card": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "CardError": "errors",
    "GintallyError": "errors",
    "HandError": "errors",
    "LedgerError": "errors",
    "NotFoundError": "errors",
    "RuleError": "errors",
    "PRESETS": "rules",
    "RuleSet": "rules",
    "find_preset": "rules",
    "resolve": "rules",
    "Evaluation": "scoring",
    "HandResult": "scoring",
    "Kind": "scoring",
    "evaluate": "scoring",
    "score_cards": "scoring",
}

__all__ = [  # noqa: RUF022 - grouped as in _EXPORTS
    "__version__",
    "Card", "parse_card", "parse_cards",
    "CardError", "GintallyError", "HandError", "LedgerError", "NotFoundError", "RuleError",
    "PRESETS", "RuleSet", "find_preset", "resolve",
    "Evaluation", "HandResult", "Kind", "evaluate", "score_cards",
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
    from gintally.cards import Card, parse_card, parse_cards
    from gintally.errors import (
        CardError,
        GintallyError,
        HandError,
        LedgerError,
        NotFoundError,
        RuleError,
    )
    from gintally.rules import PRESETS, RuleSet, find_preset, resolve
    from gintally.scoring import Evaluation, HandResult, Kind, evaluate, score_cards
