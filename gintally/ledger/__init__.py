"""The ledger: the SQLite file of facts (players, matches, hands, corrections), and nothing else.

- `schema`: the tables and the numbered migrations that make them.
- `files`: recognising a ledger file, connecting, creating one atomically, backup, integrity.
- `marks`: the replay-mark cache (a quiet point per match; a cache, never a fact).
- `store`: an open ledger (`Ledger`): transactions and queries.

This package is the only one that imports sqlite3 and sqlite-utils.
"""

from gintally.ledger.schema import MIGRATION_NAMES
from gintally.ledger.store import Ledger

__all__ = ["MIGRATION_NAMES", "Ledger"]
