"""The ledger: the SQLite file of facts (players, matches, hands, corrections), and nothing else.

- `schema`: the tables and the numbered migrations that make them.
- `files`: recognising a ledger file, connecting, creating one atomically, backup, integrity.
- `lock`: the write lock and the busy timeout (used by `files` and `schema`).
- `marks`: the replay-mark cache (a quiet point per match; a cache, never a fact).
- `folds`: the season-fold cache (each finished season of a match folded once; a cache too).
- `guards`: what a row may hold, said once for the schema's triggers (`m011_guards`), for the
  readers that refuse a damaged row and for `check`.
- `store`: an open ledger (`Ledger`): opening and closing it, backup, the replay marks and the
  season folds.

`Ledger` is one class made of small ones, each in the module of its concept: `core.LedgerCore`
holds the connection, the write transaction, snapshots and settings, and each part below is a
subclass of it that `Ledger` mixes in (``class Ledger(People, Matches, Hands, Imports,
Damage, Merging, History)``), so callers see one object with every method:

- `people`: players, renaming them, names as they are kept.
- `matches`: creating, finding, choosing and renaming matches; their teams.
- `hands`: appending, reading and streaming hands and the plays a replay reads; a row of
  ``hands`` as a `HandRecord` (`hands.hand_record`); corrections (void, replace).
- `imports`: importing rows of hands fast, refusing a file imported before; numbering a
  match's hands in entry order (`imports.renumber`).
- `damage`: integrity problems, damaged rows, the line a command prints for one.
- `payments`: a match's stakes (prices per point by date) and payments between players; not a
  part but functions `Ledger`'s money methods call, loaded only when there is money to read or
  write (a command on a match played for nothing never loads it).
- `merging`: another ledger's facts brought in by identity (`identity`: the uids).
- `other`: the other ledger of a merge, opened read-only and checked as foreign input.
- `history`: corrected hands' histories for an export, and those of another device's export
  brought in by identity (the rules of `merging`).

The parts share only the core; where one needs another's concept it imports a public function
or constant (`people.clean_name`, `hands.LIVE_HANDS`, `damage.CHECK_HINT`), never a method.

This package is the only one that imports sqlite3 and sqlite-utils.
"""

from gintally.ledger.schema import MIGRATION_NAMES
from gintally.ledger.store import Ledger

__all__ = ["MIGRATION_NAMES", "Ledger"]
