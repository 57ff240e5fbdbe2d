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

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Card",
    "CardError",
    "Evaluation",
    "GintallyError",
    "HandError",
    "HandResult",
    "Kind",
    "LedgerError",
    "NotFoundError",
    "RuleError",
    "RuleSet",
    "__version__",
    "evaluate",
    "find_preset",
    "parse_card",
    "parse_cards",
    "resolve",
    "score_cards",
]
