"""Hostile input is refused with exit 2 and one line naming it, or read correctly (issue 13).

Each case here crashed ("unexpected ...", exit 1) or was stored wrong before: bytes that are not
UTF-8 in a name or note, control characters (an ANSI escape stored and printed raw), a CSV field
over the csv module's limit, a CSV header naming a column twice, an unclosed quote, JSON nested
5,000 deep, a JSON note holding a lone surrogate, two dates in one, 29 February without a year,
and names that differ only by Unicode case ("Émile"/"émile", "Straße"/"STRASSE": SPEC section 9).

Bytes that are not UTF-8 reach Python's argv as lone surrogates (``surrogateescape``): the
in-process tests pass exactly those strings; one slow test passes the real bytes.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from conftest import Commands, Run
from gintally.dates import parse_date
from gintally.model import fold, plain_text

GINTALLY = Path(sys.executable).parent / "gintally"


def facts(db: Path) -> tuple[object, ...]:
    conn = sqlite3.connect(db)
    try:
        return tuple(
            tuple(conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall())
            for t in ("players", "matches", "hands", "corrections", "settings")
        )
    finally:
        conn.close()


def refused(run: Run, *needles: str) -> None:
    """Exit 2, one line on stderr beginning 'Error: ' and holding every needle."""
    assert run.code == 2, (run.code, run.stdout, run.stderr)
    assert run.stderr.startswith("Error: ") and run.stderr.count("\n") == 1, run.stderr
    for needle in needles:
        assert needle in run.stderr, (needle, run.stderr)


KITCHEN: Commands = (
    ("match", "new", "Kitchen", "--players", "Émile", "Zoë"),
    ("knock", "Émile", "5", "--vs", "20"),
)


@pytest.fixture
def kitchen(ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> Path:
    """Kitchen, Émile v Zoë, one hand (each command must succeed; built once per test worker
    and copied for each test)."""
    return ledger_from(KITCHEN, db_path)


# --- text that cannot be stored or shown safely ---------------------------------------------------

NOT_UTF8 = "caf\udce9"  # b"caf\xe9" (Latin-1) as Python's argv holds it


@pytest.mark.parametrize(
    "args",
    [
        ["knock", "Zoë", "4", "--vs", "21", "--note", NOT_UTF8],
        ["match", "new", NOT_UTF8, "--players", "Ann", "Bob"],
        ["match", "new", "Porch", "--players", NOT_UTF8, "Bob"],
        ["player", "rename", "Zoë", NOT_UTF8],
        ["match", "rename", "Kitchen", NOT_UTF8],
        ["void", "1", "--reason", NOT_UTF8],
        ["edit", "1", "--note", NOT_UTF8],
    ],
)
def test_bytes_that_are_not_utf8_are_refused(
    gintally: Callable[..., Run], kitchen: Path, args: list[str]
) -> None:
    before = facts(kitchen)
    refused(gintally(*args), "'caf\\udce9' is not valid UTF-8 text")
    assert facts(kitchen) == before


@pytest.mark.parametrize(
    ("args", "what", "char"),
    [
        (["match", "new", "Porch", "--players", "\x1b[31mEvil", "Bob"], "player name", "\\x1b"),
        (["match", "new", "Por\x07ch", "--players", "Ann", "Bob"], "match name", "\\x07"),
        (["player", "rename", "Zoë", "Zo\u202eë"], "player name", "\\u202e"),
        (["match", "rename", "Kitchen", "Kit\x00chen"], "match name", "\\x00"),
        (["knock", "Zoë", "4", "--vs", "21", "--note", "a \x1b[2J wipe"], "note", "\\x1b"),
        (["void", "1", "--reason", "\x9bred"], "reason", "\\x9b"),
    ],
)
def test_control_characters_are_refused(
    gintally: Callable[..., Run], kitchen: Path, args: list[str], what: str, char: str
) -> None:
    before = facts(kitchen)
    refused(gintally(*args), f"the {what} ", f"holds a control character ('{char}')")
    assert facts(kitchen) == before


def test_a_note_is_one_line(gintally: Callable[..., Run], kitchen: Path) -> None:
    """Tabs and line breaks in a note are spaces (it is shown on one line of a table)."""
    assert gintally("knock", "Zoë", "4", "--vs", "21", "--note", "two\nlines\tand a tab").code == 0
    doc = json.loads(gintally("hands", "--json").stdout)
    assert doc["hands"][-1]["note"] == "two lines and a tab"


# --- names compared by Unicode case folding -------------------------------------------------------


def test_fold_is_unicode_canonical_caseless_matching() -> None:
    decomposed = unicodedata.normalize("NFD", "Émile")
    assert decomposed != "Émile"
    assert fold("Émile") == fold("émile") == fold(decomposed) == fold("ÉMILE") == "émile"
    assert fold("Straße") == fold("STRASSE") == fold("strasse") == "strasse"
    assert fold("  Ann   Lee ") == "ann lee"
    assert fold("Zoë") != fold("Zoe")  # an accent is not a case
    assert plain_text(decomposed, "a name") == "Émile"  # stored composed


def test_names_differing_only_by_unicode_case_are_one_player(
    gintally: Callable[..., Run], kitchen: Path
) -> None:
    """'émile' (and the decomposed 'Émile') are the Émile of match Kitchen: a new match with
    him reuses his player, and lookups by any case find him."""
    decomposed = unicodedata.normalize("NFD", "ÉMILE")
    assert gintally("match", "new", "Porch", "--players", decomposed, "Straße").code == 0
    assert gintally("match", "new", "Yard", "--players", "émile", "STRASSE").code == 0
    players = json.loads(gintally("player", "list", "--json").stdout)
    assert sorted(players["players"]) == ["Straße", "Zoë", "Émile"]
    refused(
        gintally("match", "new", "Lawn", "--players", "Émile", "émile"), "two different players"
    )
    refused(gintally("player", "rename", "Zoë", "ÉMILE"), "already a player named 'ÉMILE'")
    refused(gintally("player", "rename", "Zoë", "strasse"), "already a player named 'strasse'")
    refused(gintally("match", "new", "KİTCHEN".replace("İ", "I"), "--players", "A", "B"))
    assert gintally("knock", "éMILE", "3", "--vs", "30", "--match", "kitchen").code == 0
    assert gintally("draw", "--match", "PORCH").code == 0
    renamed = gintally("player", "rename", "émile", "Émile Zola")
    assert renamed.code == 0, renamed.stderr


# --- files that are not what they claim -----------------------------------------------------------


def test_csv_and_json_that_crashed_are_refused(
    gintally: Callable[..., Run], kitchen: Path, tmp_path: Path
) -> None:
    before = facts(kitchen)
    cases = {
        "huge.csv": (
            "date,kind,winner,points,note\n2025-01-01,gin,Zoë,25," + "x" * 140_000 + "\n",
            "is not valid CSV: field larger than field limit (131072)",
        ),
        "twice.csv": (
            "date,date,kind,winner,points\n2025-01-01,2025-01-02,gin,Zoë,25\n",
            "the header names column 'date' twice",
        ),
        "unclosed.csv": (
            'date,kind,winner,points,note\n2025-01-01,gin,Zoë,25,"oops\n2025-01-02,gin,Zoë,25,x\n',
            "is not valid CSV: a quote is never closed",
        ),
        # Python 3.11 and 3.12 stop at their recursion limit; 3.13's parser reads it, and its
        # first row is a list, not a hand: refused either way, with one of the two messages
        "deep.json": ("[" * 5000 + "]" * 5000, "it is nested too deeply|a hand must be an object"),
        "surrogate.json": (
            '[{"date": "2025-01-01", "kind": "gin", "winner": "Zoë", "points": 25,'
            ' "note": "\\ud800"}]',
            "row 1 of surrogate.json: the note '\\ud800' is not valid UTF-8 text",
        ),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        run = gintally("import", str(path))
        refused(run)
        assert any(m in run.stderr for m in message.split("|")), (name, run.stderr)
    assert facts(kitchen) == before


def test_a_quoted_note_over_two_lines_still_imports(
    gintally: Callable[..., Run], kitchen: Path, tmp_path: Path
) -> None:
    """Strict CSV still reads a closed quote that spans lines (the note becomes one line)."""
    path = tmp_path / "ok.csv"
    path.write_text(
        'date,kind,winner,points,note\n2025-01-01,gin,Zoë,25,"first\nsecond"\n', encoding="utf-8"
    )
    assert gintally("import", str(path)).code == 0
    doc = json.loads(gintally("hands", "--all", "--json").stdout)  # every season's hands
    assert [h["note"] for h in doc["hands"] if h["date"] == "2025-01-01"] == ["first second"]


# --- dates ----------------------------------------------------------------------------------------


def test_two_dates_in_one_are_refused() -> None:
    today = date(2026, 11, 23)
    for text in ("2024-01-01 2024-02-02", "1 Jan 2024 2 Feb 2025", "3/4 5/6"):
        with pytest.raises(ValueError, match=r"names more than one date|could be|cannot read"):
            parse_date(text, today)
    assert parse_date("3 March 2025 10:30", today) == date(2025, 3, 3)  # a time is not a date


@pytest.mark.parametrize(
    ("today", "expected"),
    [
        (date(2026, 11, 23), date(2024, 2, 29)),
        (date(2028, 3, 1), date(2028, 2, 29)),
        (date(2028, 2, 28), date(2024, 2, 29)),  # this year's is still to come
    ],
)
def test_29_february_without_a_year_is_the_latest_one(today: date, expected: date) -> None:
    for text in ("29 Feb", "Feb 29", "29 February"):
        assert parse_date(text, today) == expected, text
    assert parse_date("27 Dec", date(2026, 1, 2)) == date(2025, 12, 27)
    with pytest.raises(ValueError, match="cannot read the date '30 Feb'"):
        parse_date("30 Feb", today)


def test_29_february_on_the_command_line(gintally: Callable[..., Run], kitchen: Path) -> None:
    run = gintally("knock", "Zoë", "4", "--vs", "21", "--back-date", "--date", "29 Feb", "--json")
    assert run.code == 0, run.stderr
    day = date.fromisoformat(json.loads(run.stdout)["date"])
    assert (day.month, day.day) == (2, 29) and date.today().year - 4 < day.year <= date.today().year


# --- numbers --------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", ["99999999999999999999", "-5"])
def test_impossible_draw_counts_are_refused(
    gintally: Callable[..., Run], kitchen: Path, count: str
) -> None:
    before = facts(kitchen)
    run = gintally("draw", "--deadwood", f"Émile={count}", "--deadwood", "Zoë=3")
    refused(run, f"Émile's deadwood {count} is impossible")
    assert facts(kitchen) == before


# --- a real process -------------------------------------------------------------------------------


@pytest.mark.slow
def test_real_bytes_that_are_not_utf8(kitchen: Path) -> None:
    env = {**os.environ, "GINTALLY_DB": str(kitchen), "LC_ALL": "C.UTF-8"}
    env.pop("GINTALLY_DEBUG", None)
    before = facts(kitchen)
    done = subprocess.run(
        [
            os.fsencode(GINTALLY),
            b"knock",
            "Zoë".encode(),
            b"4",
            b"--vs",
            b"21",
            b"--note",
            b"caf\xe9",
        ],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == b"Error: the note 'caf\\udce9' is not valid UTF-8 text\n"
    assert facts(kitchen) == before
