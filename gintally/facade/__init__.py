"""The library facade: a ledger opened by a program that keeps score (a screen, a web page, a
notebook), with one method per command (SPEC section 10). It is the product: the command line,
``gintally play`` and ``gintally serve`` are its clients, and no module of `cli/` reaches past
it into `ledger/`, `service/` or `transfer/`, or holds a `Ledger` (tests/test_layers.py).

- `book`: `open` (``gintally.open``), `Book` (a ledger: its matches, standings, stats, data in
  and out, money) and `Match` (one match: the hand commands, corrections, its sheet and hand
  log). Its typed methods take Python values; its data methods return the document the
  command's ``--json`` prints; a few give the documents as a screen draws them (the sheet, the
  streamed ``show --all`` and hand log, what a hand did), which the command line prints;
- `work`: each command's work as a document, on an open ledger: what `Book` calls;
- `exchange`: an import's work (its sections in order, an export's prices and payments) and an
  export's, for `Book.import_` and `Book.export`;
- `page`: the year-in-review page (`Book.report`) and the race's ticks its charts share with
  the terminal's;
- `money`: the same for the money commands (``settle``, ``pay``, ``match stake``) and a
  match's stakes;
- `typed`: values as typed (text, or a library call's values as text), read into a hand's
  inputs;
- `where`: the ledger a command or `open()` uses when no path is given, and the names in a
  ledger for a shell's completion.

The layer sits above `report`, `transfer` and `service` and below `cli/`. Its names load on
first use, so the command line's edge, which reads `typed.whole` and `where`, loads nothing else.
"""

from __future__ import annotations

from gintally.lazy import homes, lister, loader

TYPE_CHECKING = False  # typing's is not needed here: the type checker reads the imports below
if TYPE_CHECKING:
    from gintally.facade.book import Book as Book
    from gintally.facade.book import Match as Match
    from gintally.facade.book import open as open

__all__ = ["Book", "Match", "open"]
_HOMES = homes({"book": "Book Match open"})

if not TYPE_CHECKING:  # type checkers see the imports above, and no attribute is left unknown
    __getattr__ = loader(__name__, _HOMES, globals())
    __dir__ = lister(globals(), __all__)
