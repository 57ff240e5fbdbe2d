"""Every command's `--json` document against its JSON Schema (`docs/schemas/`, described in
`docs/json.md`): a ledger of every kind of match (single, best of five, multi-match, hollywood,
ad-infinitum over two seasons, teams, Mahjong gin, Gimlet Rummy) is played through every
command that prints JSON, and each document must match its schema: every key it holds is
named there (one meaning per key), with its type, and every key the schema requires is there.

The validator is `json_schema.validate`, a small one for the part of JSON Schema the files
use."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from json_schema import SchemaError, load_schema, validate

from conftest import Run, ok

CLI = Callable[..., Run]
SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"

HAND = (
    "knock",
    "gin",
    "big-gin",
    "draw",
    "misdeal",
    "score",
    "gimlet",
    "double-gimlet",
    "sour",
    "undo",
    "void",
    "edit",
)

TEN = "2H 3H 4H 5S 6S 7S 9C 9D 9H KD"
LEDGER: tuple[tuple[str, ...], ...] = (
    # a best of five to 120: one paper score of 120 wins a game
    (
        "match",
        "new",
        "Cup",
        "--players",
        "Ann",
        "Bob",
        "--rules",
        "tournament",
        "--set",
        "target=120",
        "--dealer",
        "Ann",
    ),
    ("score", "Ann", "120", "--date", "2026-03-01"),
    ("score", "Bob", "120", "--date", "2026-03-02"),
    ("score", "Ann", "120", "--date", "2026-03-03"),
    ("score", "Ann", "120", "--date", "2026-03-04", "--note", "the series"),
    # a multi-match series to 500
    ("match", "new", "Multi", "--players", "Ann", "Bob", "--rules", "multi-match"),
    ("score", "Ann", "60"),
    ("score", "Bob", "30", "--kind", "knock"),
    ("score", "Ann", "45"),
    # hollywood from the cards, with an undercut, a tie, a draw and a misdeal
    (
        "match",
        "new",
        "Holly",
        "--players",
        "Ann",
        "Cy",
        "--format",
        "hollywood",
        "--rules",
        "oklahoma",
    ),
    (
        "knock",
        "Ann",
        "--cards",
        TEN,
        "--vs-cards",
        "AS AD 2C 3C 4C 8H 8S QD JD KC",
        "--upcard",
        "TS",
    ),
    ("knock", "Cy", "8", "--vs", "4", "--upcard", "TD"),
    ("gin", "Ann", "--vs", "40", "--upcard", "KH"),
    ("big-gin", "Cy", "--vs", "50", "--upcard", "KH"),
    ("draw",),
    ("misdeal",),
    ("gin", "Ann", "--vs", "90", "--upcard", "KH"),
    ("gin", "Ann", "--vs", "90", "--upcard", "KH"),
    ("gin", "Ann", "--vs", "90", "--upcard", "KH"),
    # ad-infinitum over two seasons
    ("match", "new", "Year", "--players", "Ann", "Bob", "--format", "ad-infinitum"),
    ("score", "Ann", "60", "--date", "2025-05-01"),
    ("score", "Ann", "60", "--date", "2025-05-02"),
    ("score", "Bob", "40", "--date", "2025-06-01"),
    ("score", "Bob", "40", "--date", "2026-01-02"),
    # teams
    ("match", "new", "Teams", "--teams", "Reds=Ann,Cy", "Bob,Di"),
    ("knock", "Ann", "3", "--vs", "20"),
    ("knock", "Di", "5", "--vs", "10"),
    ("gin", "Bob", "--vs", "10"),
    # Mahjong gin and Gimlet Rummy
    ("match", "new", "Mahj", "--players", "Ann", "Bob", "--rules", "mahjong"),
    ("gin", "Ann", "--table", "20", "--vs-table", "65", "--vs", "5"),
    ("score", "Bob", "30", "--vs-points", "-10"),
    ("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"),
    ("knock", "Ann", "3", "--piles", "1,2,0,3"),
    ("sour", "Ann", "12"),
    ("gimlet", "Ann", "--piles", "2,2,2,2"),
    # played for money: a Hollywood evening at five cents a point, a payment, a new price
    (
        "match",
        "new",
        "Cash",
        "--players",
        "Ann",
        "Bob",
        "--format",
        "hollywood",
        "--stake",
        "0.05",
        "--currency",
        "$",
    ),
    ("score", "Ann", "60"),
    ("score", "Bob", "20"),
    ("score", "Ann", "50"),
    ("score", "Ann", "30"),
    ("score", "Ann", "40"),
    ("score", "Ann", "30"),
    ("score", "Ann", "25"),
    ("pay", "Bob", "Ann", "10", "--match", "Cash", "--note", "on account"),
    ("match", "stake", "Cash", "0.10", "--from", "2026-06-01"),
    ("config", "date_order", "dmy"),
)


def schema_of(command: tuple[str, ...]) -> str:
    """The schema a command's document follows: its file's name in `docs/schemas/`."""
    first = command[0]
    if first in HAND:
        return "hand"
    if first == "match":
        return {"list": "matches", "stake": "stake"}.get(command[1], "match")
    if first == "pay":
        return "payment"
    if first == "player":
        return "player" if command[1] == "rename" else "players"
    if first == "rules":
        return "rules" if len(command) > 1 and not command[1].startswith("-") else "presets"
    if first == "import":
        return "import"
    return first


# (command, match it is run in): each prints one document
READS: tuple[tuple[str, ...], ...] = (
    *(
        (what, "--match", m)
        for m in ("Cup", "Multi", "Holly", "Year", "Teams", "Mahj", "Solo")
        for what in ("show", "hands", "standings", "chart")
    ),
    *(("show", "--all", "--match", m) for m in ("Cup", "Holly", "Year", "Teams")),
    ("hands", "--all", "--match", "Year"),
    ("standings", "--year", "2025", "--match", "Year"),
    ("chart", "--year", "2025", "--match", "Year"),
    ("stats",),
    ("stats", "--player", "Ann"),
    ("eval", TEN),
    ("eval", TEN + " 9S"),
    ("eval", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "--rules", "tedesco"),
    ("rules",),
    ("rules", "mahjong"),
    ("config",),
    ("check",),
    ("match", "list"),
    ("match", "show", "Teams"),
    ("player", "list"),
    *((what, "--match", "Cash") for what in ("show", "standings", "settle")),
    ("settle", "--all"),
    ("settle", "--match", "Cup"),
    ("match", "show", "Cash"),
)

WRITES: tuple[tuple[str, ...], ...] = (
    (
        "match",
        "new",
        "Late",
        "--players",
        "Ann",
        "Bob",
        "--format",
        "honeymoon",
        "--rules",
        "honeymoon",
        "--set",
        "target=100",
    ),
    ("knock", "Ann", "5", "--vs", "30", "--upcard", "7C", "--date", "2026-04-01"),
    ("score", "Bob", "120", "--date", "2026-04-02"),
    ("gin", "Bob", "--vs", "60", "--upcard", "2C", "--date", "2026-04-03"),
    ("score", "Ann", "120", "--date", "2026-04-04"),
    ("score", "Ann", "120", "--date", "2026-04-05"),
    ("score", "Bob", "120", "--date", "2026-04-06"),
    ("edit", "1", "--vs", "31"),
    ("void", "2", "--reason", "a slip"),
    ("undo",),
    ("misdeal", "--match", "Holly"),
    ("draw", "--match", "Teams", "--deadwood", "Cy=4", "--deadwood", "Di=9"),
    ("double-gimlet", "Ann", "--piles", "0,0,0,0", "--match", "Solo"),
    ("score", "Bob", "45", "--match", "Year", "--date", "2026-01-03"),
    ("score", "Ann", "60", "--match", "Year", "--date", "2026-01-04"),
    # and what reads them: a team match between rounds, sets closed, corrections
    *(("show", "--match", m) for m in ("Teams", "Late", "Year", "Holly")),
    ("hands", "--all", "--match", "Late"),
    ("standings", "--match", "Teams"),
    ("stats",),
    ("pay", "Ann", "Bob", "1.50", "--match", "Cash"),
    ("settle", "--all", "--since", "2026-01-01"),
    # the renames and the current match, last: what comes before names the old ones
    ("match", "rename", "Late", "Later"),
    ("match", "use", "Cup"),
    ("player", "rename", "Cy", "Cyd"),
)


@pytest.fixture
def book(gintally: CLI, ledger_from: Any, db_path: Path) -> CLI:
    ledger_from(LEDGER, db_path)
    return gintally


def check_document(name: str, text: str) -> None:
    doc = json.loads(text)
    try:
        validate(doc, load_schema(SCHEMAS, name))
    except SchemaError as e:
        pytest.fail(f"{name}: {e}")


def test_every_read_document_matches_its_schema(book: CLI) -> None:
    for command in READS:
        check_document(schema_of(command), ok(book(*command, "--json")).stdout)


def test_every_hand_and_correction_document_matches_its_schema(book: CLI) -> None:
    for command in WRITES:
        check_document(schema_of(command), ok(book(*command, "--json")).stdout)


def test_the_documents_that_make_the_ledger_match_theirs(gintally: CLI) -> None:
    for command in LEDGER:
        if command[0] == "config":
            continue
        check_document(schema_of(command), ok(gintally(*command, "--json")).stdout)


def test_import_matches_its_schema(book: CLI, tmp_path: Path) -> None:
    out = tmp_path / "cup.csv"
    ok(book("export", "--match", "Cup", "--output", str(out)))
    ok(book("match", "new", "Copy", "--players", "Ann", "Bob", "--rules", "tournament"))
    check_document("import", ok(book("import", str(out), "--json")).stdout)


def test_a_payment_taken_back_matches_its_schema(book: CLI) -> None:
    """`undo` of a payment prints the payment (with its action), not a hand."""
    ok(book("pay", "Ann", "Bob", "2", "--match", "Cash"))
    check_document("payment", ok(book("undo", "--match", "Cash", "--json")).stdout)


def test_an_import_with_payments_matches_its_schema(book: CLI, tmp_path: Path) -> None:
    out = tmp_path / "cash.json"
    ok(book("export", "--match", "Cash", "--format", "json", "--output", str(out)))
    other = tmp_path / "other.db"
    ok(book("--db", str(other), "match", "new", "C", "--players", "Ann", "Bob", "--stake", "1"))
    doc = ok(book("--db", str(other), "import", str(out), "--json")).stdout
    assert json.loads(doc)["payments"] == 1
    check_document("import", doc)


def test_merge_matches_its_schema(book: CLI, db_path: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    ok(book("backup", str(other)))
    ok(book("--db", str(other), "score", "Ann", "15", "--match", "Year", "--date", "2026-01-02"))
    check_document("merge", ok(book("merge", str(other), "--json")).stdout)


def test_backup_matches_its_schema(book: CLI, db_path: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    doc = ok(book("backup", str(copy), "--json")).stdout
    check_document("backup", doc)
    assert json.loads(doc) == {"ledger": str(db_path), "backup": str(copy)}
    assert copy.stat().st_size > 0


def test_export_and_report_to_a_file_match_theirs(book: CLI, tmp_path: Path) -> None:
    out, page = tmp_path / "cup.csv", tmp_path / "cup.html"
    doc = ok(book("export", "--match", "Cup", "-o", str(out), "--json")).stdout
    check_document("export", doc)
    assert json.loads(doc) == {"match": "Cup", "format": "csv", "hands": 4, "output": str(out)}
    cash = tmp_path / "cash.csv"  # a CSV names the prices and payments it leaves out
    doc = ok(book("export", "--match", "Cash", "-o", str(cash), "--json")).stdout
    check_document("export", doc)
    assert {k: v for k, v in json.loads(doc).items() if k in ("prices", "payments")} == {
        "prices": 2,  # the match's own and the one from 2026-06-01
        "payments": 1,
    }
    doc = ok(book("report", "--match", "Cup", "--html", str(page), "--json")).stdout
    check_document("report", doc)
    assert json.loads(doc)["output"] == str(page) and page.read_text().startswith("<!")


def test_every_json_command_has_a_schema_and_every_schema_a_command() -> None:
    named = {schema_of(c) for c in LEDGER + READS + WRITES}
    named |= {"import", "merge", "backup", "export", "report"}
    files = {p.stem for p in SCHEMAS.glob("*.json")} - {"common"}
    assert named == files


# --- the validator itself -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "schema", "why"),
    [
        (
            {"a": 1, "b": 2},
            {
                "type": "object",
                "properties": {"a": {"type": "integer"}},
                "additionalProperties": False,
            },
            "$: unknown key 'b'",
        ),
        ({}, {"type": "object", "required": ["a"]}, "$: missing key 'a'"),
        (
            {"a": "1"},
            {"type": "object", "properties": {"a": {"type": "integer"}}},
            "$.a: '1' is not integer",
        ),
        (True, {"type": "integer"}, "$: True is not integer"),
        ([1, None], {"type": "array", "items": {"type": "integer"}}, "$[1]: None is not integer"),
        ("x", {"enum": ["open", "won"]}, "$: 'x' is not one of ['open', 'won']"),
        (
            {"Ann": "3"},
            {"type": "object", "additionalProperties": {"type": "integer"}},
            "$.Ann: '3' is not integer",
        ),
        (2, {"anyOf": [{"type": "null"}, {"type": "string"}]}, "$: 2 matches none of 2 shapes"),
        (
            {"b": 1},
            {
                "anyOf": [
                    {"type": "null"},
                    {"type": "object", "properties": {"b": {"type": "string"}}},
                ]
            },
            "$.b: 1 is not string",
        ),
    ],
)
def test_the_validator_names_what_is_wrong(doc: Any, schema: dict[str, Any], why: str) -> None:
    with pytest.raises(SchemaError) as caught:
        validate(doc, schema)
    assert str(caught.value) == why


def test_the_validator_follows_references_into_common() -> None:
    pair = {"$ref": "common.json#/$defs/pair"}
    validate({"Ann": 3, "Bob": -2}, pair, SCHEMAS)
    with pytest.raises(SchemaError, match=r"\$.Bob: 1.5 is not integer"):
        validate({"Ann": 3, "Bob": 1.5}, pair, SCHEMAS)
