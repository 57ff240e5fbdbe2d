"""CSV for a spreadsheet to open (`export --excel`, `standings --csv`, `stats --csv`): what Excel
reads cleanly, not what an import reads back (the plain export stays exact).

Terminology
- byte order mark (`BOM`): the character U+FEFF first in the file; without it Excel reads a
  CSV file in the system's code page (Émile shown as Ã‰mile).
- formula cell: text starting with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return),
  which a spreadsheet may run as a formula ("CSV injection": a note ``=HYPERLINK(...)``). It is
  written with a leading ``'``, which a spreadsheet shows as text (`for_excel`). A number stays a
  number, a negative one too.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def for_excel(value: Any) -> Any:
    """A cell as a spreadsheet should have it: a formula cell as text, anything else as is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def table_csv(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """Rows of a table (each a mapping; a missing or None value an empty cell) as a spreadsheet's
    CSV: a byte order mark, a header row, Excel's line ends, formula cells as text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([for_excel(c) for c in columns])
    for row in rows:
        writer.writerow([for_excel("" if row.get(c) is None else row.get(c)) for c in columns])
    return BOM + out.getvalue()
