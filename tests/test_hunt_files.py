"""What gintally reads and writes as files, attacked: each test is a defect found by feeding
import, merge and the ledger's files what a spreadsheet, another program or a damaged disk
gives them, and asserts the value that comes out (or the one-line refusal, nothing written).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Run, as_json, ok, refused_line

CLI = Callable[..., Run]


def dates_of(gintally: CLI) -> list[Any]:
    return [h["date"] for h in as_json(gintally("hands", "--all", "--json"))["hands"]]


@pytest.mark.parametrize("order", [None, "dmy", "mdy"])
def test_a_spreadsheets_date_with_its_time_reads_year_month_day(
    gintally: CLI, tmp_path: Path, order: str | None
) -> None:
    """A spreadsheet saves a date cell with its time (``2026-11-02 10:00:00``): a four-digit
    year first is followed by the month whatever the ledger's date order. It was read day
    first under ``date_order dmy`` (11 February, stored without a word) and refused as
    ambiguous without an order."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    if order:
        ok(gintally("config", "date_order", order))
    f = tmp_path / "sheet.csv"
    f.write_text(
        "date,winner,points\n2026-11-02 10:00:00,Ann,5\n2026-11-03T09:15,Bob,7\n"
        "2026/11/04 20:30,Ann,9\n",
        encoding="utf-8",
    )
    ok(gintally("import", str(f)))
    assert dates_of(gintally) == ["2026-11-02", "2026-11-03", "2026-11-04"]
    hand = as_json(gintally("score", "Ann", "1", "--date", "2026-11-05 08:00", "--json"))
    assert hand["date"] == "2026-11-05"


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("rules", None, "'rules' is None, not an object of rules"),
        ("rules", "modern", "'rules' is 'modern', not an object of rules"),
        ("players", None, "'players' is None, not a list of names"),
        ("players", [1, 2], "'players' is [1, 2], not a list of names"),
        ("first_dealer", 5, "'first_dealer' is 5, not a player's name"),
        ("format_games", "x", "'format_games' is 'x', not a number of games"),
        ("teams", [["Ann"], ["Bob"]], "'teams' is [['Ann'], ['Bob']], not a list of teams"),
        ("match", ..., "it has no 'match'"),
    ],
)
def test_a_json_exports_bad_match_part_is_named_in_its_words(
    gintally: CLI, tmp_path: Path, key: str, value: Any, said: str
) -> None:
    """A JSON export that starts a new ledger makes its match from its ``match`` part: a part
    of another shape is refused naming the key and the value, not in Python's words (it said
    "its match part is not an export's ('NoneType' object is not iterable)", or ``('match')``
    for a missing key, or made a match of players "1" and "2" and refused its first hand)."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "25", "--date", "2026-01-05"))
    out = tmp_path / "export.json"
    ok(gintally("export", "-f", "json", "-o", str(out)))
    doc = json.loads(out.read_text())
    if value is ...:
        del doc["match"][key]
    else:
        doc["match"][key] = value
    out.write_text(json.dumps(doc))
    refusal = gintally("--db", str(tmp_path / "new.db"), "import", str(out))
    assert refused_line(refusal) == f"Error: export.json: its match part is not an export's: {said}"
