"""Transfer: hands in and out of a match as CSV or JSON.

CSV columns (a header row names them, in any order): ``date,kind,winner,points`` required;
``knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note`` optional, and for the variants
``other_points`` (what the other player scored when both score: Mahjong gin; may be negative),
``knocker_table,defender_table`` (Mahjong's cards on the table, counted) and ``piles`` (Gimlet
Rummy's discard piles, ``"S,H,D,C"``). `export_csv` writes the same columns plus ``id`` (a
variant's columns only for a match of that variant: `Variant.columns`), so an
export imported into a new match replays to the same games. A misdeal is a row of kind
``misdeal`` with no winner; a Gimlet deal gone sour is kind ``sour``, won by the phantom, with the
player as knocker.
The JSON form is ``{"match": {...}, "hands": [{...}]}`` as `export_json` writes it. An import is
checked whole before anything is written: one bad row and nothing is imported, the row named.

Team matches use the same columns: the players are named as typed at the tables, and the table
of a row follows from them; a drawn hand's ``knocker`` names a player of its table (its side-0
player, as the ledger stores it), and its deadwood counts are that table's in team order.

The modules: `export` (rows out, CSV and JSON, written as they stream), `reading` (an import
file's rows), `rows` (one row checked and settled as a typed hand) and `importing` (the import,
streamed, and its digest); their public names are named here.
"""

from gintally.transfer.export import (
    COLUMNS,
    EXTRA_JSON,
    OPTIONAL,
    REQUIRED,
    export_csv,
    export_json,
    hand_row,
    stored,
    write_csv,
    write_json,
)
from gintally.transfer.importing import (
    ImportFile,
    ImportStream,
    digest,
    digested,
    read_hands,
    read_import,
)
from gintally.transfer.reading import read_rows
from gintally.transfer.rows import parse_row

__all__ = [
    "COLUMNS",
    "EXTRA_JSON",
    "OPTIONAL",
    "REQUIRED",
    "ImportFile",
    "ImportStream",
    "digest",
    "digested",
    "export_csv",
    "export_json",
    "hand_row",
    "parse_row",
    "read_hands",
    "read_import",
    "read_rows",
    "stored",
    "write_csv",
    "write_json",
]
