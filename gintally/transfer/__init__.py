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
`export_csv(..., excel=True)` is the same file for a spreadsheet to open, not to import: a
byte order mark (Excel reads the file as UTF-8) and each text cell that would start a formula
(``=``, ``+``, ``-``, ``@``) written with a leading ``'``. An import reads a spreadsheet's CSV as it
is saved (`reading`: the delimiter sniffed, a byte order mark skipped, the usual header names,
no ``kind`` column for plain results).
The JSON form is ``{"match": {...}, "corrected": [...], "hands": [{...}], "payments": [{...}],
"payments_taken_back": [...]}`` as `export_json` writes it (all but the match and the hands
only when the match has any): the corrected hands' histories (`corrected`), every live hand in
its newest version, the payments (`payments`). CSV carries the live hands only: a sheet, not an
exchange. An import is checked whole before anything is written: one bad row and nothing is
imported, the row named.

Team matches use the same columns: the players are named as typed at the tables, and the table
of a row follows from them; a drawn hand's ``knocker`` names a player of its table (its side-0
player, as the ledger stores it), and its deadwood counts are that table's in team order.

Each exported row carries its hand's identity (``uid``); an import skips the rows whose hands
are already in the match and refuses those whose hands are there with other facts
(`identities`).

The modules: `export` (rows out, CSV and JSON, written as they stream), `spreadsheet` (CSV
for a spreadsheet to open), `reading` (an import file's rows), `rows` (one row checked and
settled as a typed hand), `importing` (the import, streamed, and its digest), `payments` (a
JSON export's payments), `identities` (which rows are already here) and `corrected` (a JSON
export's corrected hands, brought in by identity); their public names are named here.
"""

from gintally.transfer.corrected import Corrected, corrected_row
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
from gintally.transfer.foreign import ImportChecks
from gintally.transfer.importing import (
    ImportFile,
    ImportStream,
    digest,
    digested,
    read_hands,
    read_import,
)
from gintally.transfer.payments import (
    PaymentIn,
    check_payment,
    check_taken_back,
    payment_row,
    same_payment,
    stake_from,
    stake_made,
    taken_back_of,
    taken_back_row,
)
from gintally.transfer.reading import STDIN, read_rows, source_name
from gintally.transfer.rows import parse_row

__all__ = [
    "COLUMNS",
    "EXTRA_JSON",
    "OPTIONAL",
    "REQUIRED",
    "STDIN",
    "Corrected",
    "ImportChecks",
    "ImportFile",
    "ImportStream",
    "PaymentIn",
    "check_payment",
    "check_taken_back",
    "corrected_row",
    "digest",
    "digested",
    "export_csv",
    "export_json",
    "hand_row",
    "parse_row",
    "payment_row",
    "read_hands",
    "read_import",
    "read_rows",
    "same_payment",
    "source_name",
    "stake_from",
    "stake_made",
    "stored",
    "taken_back_of",
    "taken_back_row",
    "write_csv",
    "write_json",
]
