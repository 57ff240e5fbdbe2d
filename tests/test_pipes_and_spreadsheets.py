"""Issue 26, items 4 and 5: `-` as standard input and output, and the CSV files spreadsheets save.

- ``import -`` reads standard input once, as a stream (a pipe cannot be sought: reading the
  first kilobytes and seeking back was "not seekable"); ``/dev/stdin`` and a shell's ``<(...)`` are
  open pipes and read too; a device, and a named pipe that would wait for a writer, are refused;
  an endless pipe is refused with bounded memory. ``export -o -`` and ``report --html -`` write to
  standard output; ``backup -`` is refused.
- A spreadsheet's CSV (written here by the `csv` module's ``excel`` and ``excel-tab`` dialects,
  and with ``;`` and a byte order mark as a day-first locale saves it) imports: the delimiter
  sniffed, the header's usual names, no ``kind`` column (plain results), empty cells ignored.
- ``export --excel`` is for a spreadsheet (a byte order mark, formula cells as text); the plain
  export stays exact and round trips. ``standings --csv`` and ``stats --csv`` print a table.
- Shell completion of player and match names.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Run, as_json, facts, ok, refused_line
from gintally.errors import GintallyError
from gintally.ledger.names import names
from gintally.transfer import streamed_json
from gintally.transfer.reading import column_of
from gintally.transfer.spreadsheet import for_excel

CLI = Callable[..., Run]
GINTALLY = Path(sys.executable).parent / "gintally"


def _run(
    db: Path, *args: str, stdin: Any = None, data: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """gintally in a real process, its standard input a pipe of `data` (or `stdin`)."""
    env = {**os.environ, "GINTALLY_DB": str(db), "COLUMNS": "100", "NO_COLOR": "1"}
    env.pop("GINTALLY_DEBUG", None)
    return subprocess.run(
        [str(GINTALLY), *args],
        input=data,
        stdin=stdin,
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )


def _without_uids(text: str, end: str = "\n") -> str:
    """An export's text without its last column, each hand's ``uid`` (32 hex digits, checked
    here), which differs on every run."""
    lines = text.split(end)
    assert lines[0].endswith(",uid"), lines[0]
    for line in lines[1:]:
        if line:
            assert re.fullmatch(r"[0-9a-f]{32}", line.rsplit(",", 1)[1]), line
    return end.join(line.rsplit(",", 1)[0] for line in lines)


def _exported(gintally: CLI, *args: str) -> str:
    return _without_uids(ok(gintally("export", *args)).stdout)


def _raw(*args: str) -> str:
    """What a command wrote on standard output, its line ends as written (the test runner's
    `stdout` turns CRLF into LF)."""
    from typer.testing import CliRunner

    from gintally.cli import app

    result = CliRunner().invoke(app, list(args))
    assert (result.exit_code, result.stderr) == (0, ""), result.output
    return result.stdout_bytes.decode("utf-8")


# --- standard input and output ------------------------------------------------------------------

PAPER = "date,kind,winner,points\n2024-01-02,gin,Ann,25\n2024-01-03,knock,Bob,12\n"


@pytest.mark.slow
def test_a_pipe_is_read_as_standard_input(tmp_path: Path) -> None:
    """``... | gintally import -`` and ``import /dev/stdin`` read the pipe; what an export writes
    to ``-`` goes through a pipe into another ledger and comes out the same."""
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    for db in (one, two):
        assert _run(db, "match", "new", "K", "--players", "Ann", "Bob").returncode == 0
    done = _run(one, "import", "-", data=PAPER.encode())
    assert (done.returncode, done.stdout, done.stderr) == (0, b"Imported 2 hands into K.\n", b"")
    more = b"date,kind,winner,points\n2024-01-04,gin,Ann,31\n"
    done = _run(one, "import", "/dev/stdin", data=more)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr
    exported = _run(one, "export", "-o", "-")
    assert exported.returncode == 0 and exported.stderr == b""
    assert _without_uids(exported.stdout.decode()).splitlines()[1:] == [
        "1,2024-01-02,gin,Ann,25,,,,,,",
        "2,2024-01-03,knock,Bob,12,,,,,,",
        "3,2024-01-04,gin,Ann,31,,,,,,",
    ]
    assert not (tmp_path / "-").exists() and not Path("-").exists()
    done = _run(two, "import", "-", data=exported.stdout)
    assert done.returncode == 0, done.stderr
    assert _run(two, "export", "-o", "-").stdout == exported.stdout
    # a JSON export through a pipe as well
    as_doc = _run(one, "export", "--format", "json", "-o", "-").stdout
    assert [h["points"] for h in json.loads(as_doc)["hands"]] == [25, 12, 31]
    three = tmp_path / "three.db"
    assert _run(three, "match", "new", "K", "--players", "Ann", "Bob").returncode == 0
    assert _run(three, "import", "-", data=as_doc).returncode == 0
    assert _run(three, "export", "-o", "-").stdout == exported.stdout


@pytest.mark.slow
def test_a_device_or_an_endless_pipe_on_standard_input_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    assert _run(db, "match", "new", "K", "--players", "Ann", "Bob").returncode == 0
    before = db.read_bytes()
    with open("/dev/zero", "rb") as zero:
        done = _run(db, "import", "-", stdin=zero)
    assert (done.returncode, done.stderr) == (
        2,
        b"Error: cannot read standard input: it is a device, not a file or a pipe\n",
    )
    # zeros through a pipe: one line longer than any CSV line of hands, refused (never cut)
    zeros = subprocess.Popen(["cat", "/dev/zero"], stdout=subprocess.PIPE)
    try:
        done = _run(db, "import", "-", stdin=zeros.stdout)
    finally:
        zeros.kill()
        zeros.wait()
        assert zeros.stdout is not None
        zeros.stdout.close()
    assert done.returncode == 2
    assert done.stderr == (
        b"Error: line 1 of standard input is longer than 16,777,216 characters (16 MiB): a CSV "
        b"line of hands is under a hundred\n"
    )
    assert db.read_bytes() == before


def test_dash_is_standard_input_in_process(gintally: CLI) -> None:
    """The same through a stream without a file descriptor (a test runner's input)."""
    from typer.testing import CliRunner

    from gintally.cli import app

    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    result = CliRunner().invoke(app, ["import", "-", "--json"], input=PAPER)
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {
        "match": "K",
        "imported": 2,
        "already_here": 0,
        "hands": [1, 2],
    }
    bad = CliRunner().invoke(
        app, ["import", "-"], input="date,kind,winner,points\n2024-01-05,gin,,3\n"
    )
    assert (bad.exit_code, bad.stderr) == (
        2,
        "Error: row 1 of standard input: a gin needs a winner\n",
    )


def test_report_writes_the_page_to_standard_output(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "100", "--date", "2024-01-02"))
    run = ok(gintally("report", "--html", "-"))
    assert run.stdout.startswith("<!DOCTYPE html>") and run.stdout.rstrip().endswith("</html>")
    assert "Wrote" not in run.stdout and not Path("-").exists()


def test_backup_to_standard_output_is_refused(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    assert refused_line(gintally("backup", "-")) == (
        "Error: a backup is a SQLite file, never standard output: name the file (backup FILE)"
    )
    assert not Path("-").exists()


# --- what spreadsheets save ----------------------------------------------------------------------

HANDS = [("02.01.2024", "Émile", "25"), ("03.01.2024", "Zoë", "12"), ("03.01.2024", "Émile", "7")]


def _sheet(path: Path, header: list[str], rows: list[list[str]], **how: Any) -> Path:
    """A file as a spreadsheet writes it (the `csv` module's dialects; `encoding` "utf-8-sig"
    for Excel's "CSV UTF-8", which puts a byte order mark first)."""
    encoding = how.pop("encoding", "utf-8")
    with path.open("w", encoding=encoding, newline="") as f:
        writer = csv.writer(f, **how)
        writer.writerow(header)
        writer.writerows(rows)
    return path


@pytest.fixture
def book(gintally: CLI) -> CLI:
    ok(gintally("match", "new", "Kitchen", "--players", "Émile", "Zoë"))
    ok(gintally("config", "date_order", "dmy"))
    return gintally


EXPORTED = [
    "1,2024-01-02,score,Émile,25,,,,,,",
    "2,2024-01-03,score,Zoë,12,,,,,,",
    "3,2024-01-03,score,Émile,7,,,,,,",
]


@pytest.mark.parametrize(
    ("how", "header"),
    [
        ({"dialect": "excel"}, ["Date", "Winner", "Points"]),
        ({"dialect": "excel-tab"}, ["DATE", "Won by", "Score"]),
        ({"delimiter": ";", "encoding": "utf-8-sig"}, ["Date", "Winner", "Points"]),
        (
            {"delimiter": ";", "encoding": "utf-8-sig", "dialect": "excel"},
            [" day ", "WINNER", "pts"],
        ),
    ],
    ids=["excel", "excel-tab", "semicolon-bom", "semicolon-bom-synonyms"],
)
def test_a_paper_book_typed_into_a_spreadsheet_imports(
    book: CLI, tmp_path: Path, how: dict[str, Any], header: list[str]
) -> None:
    """Date, winner and points only (the paper book's columns): each row a plain result."""
    path = _sheet(tmp_path / "book.csv", header, [list(r) for r in HANDS], **how)
    if how.get("encoding") == "utf-8-sig":
        assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert ok(book("import", str(path))).stdout == "Imported 3 hands into Kitchen.\n"
    assert _exported(book).splitlines()[1:] == EXPORTED
    standings = as_json(book("standings", "--json"))["rows"]
    assert [(r["player"], r["hands_won"], r["points"]) for r in standings] == [
        ("Émile", 2, 32),
        ("Zoë", 1, 12),
    ]


def test_a_spreadsheet_with_kinds_notes_and_empty_cells(book: CLI, tmp_path: Path) -> None:
    """Kinds under "Type", notes under "Notes", columns in any order, an unnamed empty column,
    and the rows of empty cells a spreadsheet leaves at the end."""
    rows = [
        ["Gin", "02.01.2024", "Émile", "25", "", "first of the year"],
        ["knock", "03.01.2024", "Zoë", "12", "", ""],
        ["", "", "", "", "", ""],
        ["", "", "", "", "", ""],
    ]
    header = ["Type", "Date", "Winner", "Points", "", "Notes"]
    path = _sheet(tmp_path / "book.csv", header, rows, delimiter=";", encoding="utf-8-sig")
    ok(book("import", str(path)))
    assert _exported(book).splitlines()[1:] == [
        "1,2024-01-02,gin,Émile,25,,,,,,first of the year",
        "2,2024-01-03,knock,Zoë,12,,,,,,",
    ]


def test_the_header_refusal_names_what_it_found(book: CLI, tmp_path: Path) -> None:
    before = facts(book)
    german = tmp_path / "buch.csv"
    _sheet(german, ["Datum", "Sieger", "Punkte"], [["02.01.2024", "Émile", "25"]], delimiter=";")
    assert refused_line(book("import", str(german))) == (
        f"Error: {german}: the header lacks column(s) date, winner, points: it names 'Datum', "
        "'Sieger', 'Punkte' (required: date, winner, points; kind and the others are optional)"
    )
    twice = _sheet(tmp_path / "twice.csv", ["Date", "Winner", "Points", "Score"], [])
    assert refused_line(book("import", str(twice))) == (
        f"Error: {twice}: the header names column 'points' twice ('Points', 'Score')"
    )
    latin = tmp_path / "latin.csv"
    latin.write_bytes("date;winner;points\n02.01.2024;Zoë;25\n".encode("latin-1"))
    assert refused_line(book("import", str(latin))) == (
        f"Error: cannot read {latin}: it is not UTF-8 text (a spreadsheet saves it as CSV UTF-8)"
    )
    assert facts(book) == before


@pytest.mark.parametrize(
    ("written", "column"),
    [
        ("Winner", "winner"),
        ("  Won By ", "winner"),
        ("POINTS", "points"),
        ("Score", "points"),
        ("Date", "date"),
        ("Played on", "date"),
        ("Type", "kind"),
        ("Notes", "note"),
        ("Knocker Deadwood", "knocker_deadwood"),
        ("defender-deadwood", "defender_deadwood"),
        ("Up card", "upcard"),
        ("colour", "colour"),
    ],
)
def test_header_names_are_read_case_blind_with_their_usual_names(written: str, column: str) -> None:
    assert column_of(written) == column


# --- export for a spreadsheet, and the exact export ----------------------------------------------


def test_export_for_excel_neutralises_formulas_and_the_plain_export_round_trips(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(gintally("match", "new", "K", "--players", "Émile", "Zoë"))
    notes = ["=SUM(A1:A9)", "+1", "-5 for spite", "@Zoë", "plain"]
    for i, note in enumerate(notes, 2):
        ok(gintally("knock", "Émile", "8", "--vs", "18", "--note", note, "--date", f"2024-01-0{i}"))
    excel = _raw("export", "--excel")
    assert excel.startswith("\ufeffid,date,kind,")
    assert _without_uids(excel, "\r\n").split("\r\n")[1:-1] == [
        f"{n},2024-01-0{n + 1},knock,Émile,10,Émile,8,18,,,{note}"
        for n, note in enumerate(["'=SUM(A1:A9)", "'+1", "'-5 for spite", "'@Zoë", "plain"], 1)
    ]
    plain = _exported(gintally)
    assert plain.splitlines()[1:] == [
        f"{n},2024-01-0{n + 1},knock,Émile,10,Émile,8,18,,,{note}"
        for n, note in enumerate(notes, 1)
    ]
    # the plain export, imported into a new ledger, is the same hands, notes and all
    path = tmp_path / "k.csv"
    ok(gintally("export", "-o", str(path)))
    monkeypatch.setenv("GINTALLY_DB", str(tmp_path / "other.db"))
    ok(gintally("match", "new", "K", "--players", "Émile", "Zoë"))
    ok(gintally("import", str(path)))
    assert _exported(gintally) == plain
    refused_line(gintally("export", "--excel", "--format", "json"))


def test_a_cell_that_would_start_a_formula_is_text() -> None:
    assert [for_excel(v) for v in ("=1+2", "+x", "-y", "@z", "\tq", "Ann", "", -12, 25)] == [
        "'=1+2",
        "'+x",
        "'-y",
        "'@z",
        "'\tq",
        "Ann",
        "",
        -12,
        25,
    ]


def test_standings_and_stats_as_csv(book: CLI, tmp_path: Path) -> None:
    path = _sheet(tmp_path / "book.csv", ["Date", "Winner", "Points"], [list(r) for r in HANDS])
    ok(book("import", str(path)))
    ok(book("score", "Zoë", "120", "--date", "2025-02-01"))
    standings = list(csv.DictReader(_raw("standings", "--csv").lstrip("\ufeff").splitlines()))
    doc = as_json(book("standings", "--json"))
    # a row per player per season, as the JSON document has them, and the figures typed
    assert standings == [
        {"season": s["season"], **{k: str(v) for k, v in row.items()}}
        for s in doc["seasons"]
        for row in s["rows"]
    ]
    assert [(r["season"], r["player"], r["hands_won"], r["points"]) for r in standings] == [
        ("2024", "Émile", "2", "32"),
        ("2024", "Zoë", "1", "12"),
        ("2025", "Émile", "0", "0"),
        ("2025", "Zoë", "1", "120"),
    ]
    raw = _raw("standings", "--csv", "--year", "2025")
    assert raw.startswith("\ufeffseason,player,games_won,") and raw.endswith("\r\n")
    assert [line.split(",")[:2] for line in raw.split("\r\n")[1:-1]] == [
        ["2025", "Émile"],
        ["2025", "Zoë"],
    ]
    stats = _raw("stats", "--csv")
    assert stats.split("\r\n") == [
        "\ufeffplayer,matches,hands,hands_won,games_won,sets_won,series_won,gins,undercuts,"
        "biggest_hand,points",
        "Zoë,1,4,2,1,0,0,0,0,120,132",  # the order of the lifetime table: games won first
        "Émile,1,4,2,0,0,0,0,0,25,32",
        "",
    ]
    assert refused_line(book("stats", "--csv", "--json")) == "Error: give --json or --csv, not both"


# --- shell completion ----------------------------------------------------------------------------


def _complete(gintally: CLI, line: str) -> list[str]:
    from typer.testing import CliRunner

    from gintally.cli import app

    words = line.split()
    env = {
        "_GINTALLY_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - (0 if line.endswith(" ") else 1)),
    }
    result = CliRunner().invoke(app, [], env=env, prog_name="gintally")
    return result.stdout.split()


def test_player_and_match_names_complete(gintally: CLI, db_path: Path, tmp_path: Path) -> None:
    ok(gintally("match", "new", "Kitchen", "--players", "Ann", "Bob"))
    ok(gintally("match", "new", "Porch", "--players", "Ann", "Cy"))
    assert _complete(gintally, "gintally knock ") == ["Ann", "Bob", "Cy"]
    assert _complete(gintally, "gintally knock A") == ["Ann"]
    assert _complete(gintally, "gintally stats --player ") == ["Ann", "Bob", "Cy"]
    assert _complete(gintally, "gintally show --match P") == ["Porch"]
    assert _complete(gintally, "gintally match use ") == ["Kitchen", "Porch"]
    other = tmp_path / "other.db"
    assert _complete(gintally, f"gintally --db {other} match use ") == []
    assert not other.exists()  # a completion never makes a ledger


def test_names_are_read_without_changing_the_file(
    tmp_path: Path, gintally: CLI, db_path: Path
) -> None:
    assert names(tmp_path / "none.db", "player") == []
    assert not (tmp_path / "none.db").exists()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a ledger")
    assert names(junk, "match") == []
    ok(gintally("match", "new", "Kitchen", "--players", "zed", "Ann"))
    before = db_path.read_bytes()
    assert names(db_path, "player") == ["Ann", "zed"]
    assert names(db_path, "match") == ["Kitchen"]
    assert db_path.read_bytes() == before


# --- the race chart without pygal's date axis ---------------------------------------------------


def test_the_race_chart_uses_no_deprecated_date_call(gintally: CLI) -> None:
    """pygal's date charts call datetime.utcfromtimestamp (deprecated in Python 3.12); the chart
    plots day numbers with its own labels instead."""
    from gintally.facade.page import race_svg

    race: Any = {
        "players": ["Ann", "Bob"],
        "first_hand": "2024-01-02",
        "dates": ["2024-01-05", "2024-03-10", "2024-06-01"],
        "games_won": {"Ann": [1, 1, 2], "Bob": [0, 1, 1]},
    }
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        svg = race_svg(race, "games_won")
    assert "dateline" not in svg
    labels = [t.split(">")[-1] for t in svg.split("</text>")[:-1]]
    assert [t for t in labels if t in ("Feb", "Mar", "Apr", "May", "Jun")] == [
        "Feb",
        "Mar",
        "Apr",
        "May",
        "Jun",
    ]


# --- JSON read a hand at a time ------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)


def _streamed(text: str, chunk: int, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The hands `json_hands` reads from `text` in pieces of `chunk` characters, or its error."""
    monkeypatch.setattr(streamed_json, "CHUNK", chunk)
    source = io.StringIO(text)
    try:
        return list(streamed_json.json_hands(source.read(3), source.read, "x.json"))
    except GintallyError as e:
        return f"Error: {e}"


def _loaded(text: str) -> Any:
    """What reading the whole text with json.loads gives (the messages `json_hands` matches)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        return f"Error: x.json is not valid JSON: {e}"
    hands = doc.get("hands") if isinstance(doc, dict) else doc
    return (
        hands
        if isinstance(hands, list)
        else 'Error: x.json: expected a list of hands under "hands"'
    )


@given(
    hands=st.lists(JSON_VALUES, max_size=6),
    match=JSON_VALUES,
    indent=st.sampled_from([None, 0, 2]),
    chunk=st.sampled_from([1, 2, 5, 64]),
    first=st.booleans(),
)
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_json_read_in_pieces_is_json_read_whole(
    hands: list[Any],
    match: Any,
    indent: int | None,
    chunk: int,
    first: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = {"hands": hands, "match": match} if first else {"match": match, "hands": hands}
    for text in (json.dumps(doc, indent=indent), json.dumps(hands, indent=indent)):
        assert _streamed(text, chunk, monkeypatch) == _loaded(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{}",
        "[]",
        '"hands"',
        "12",
        '{"hands": 3}',
        '{"hands": [1, 2,]}',
        '{"hands": [1 2]}',
        '{"hands": [{"a": 1}]} x',
        '{"match": 1,\n "hands": [{"a": tru}]}',
        '[{"a": 1}\n,\n{"b": 2\n}',
        '{"match": 0.5e-3, "hands": []}',
        '{"match": 1} ',
        "[1 ,   \n  ]",
        '{"hands": [1],\n\n }',
        '{"hands": [{"a": 1,  }]}',
        '{"a" 1}',
        "{1: 2}",
        "{ 1: 2}",
        '{"a": 1, }',
        "[1, 2",
        "  \n\n  [1,\n\n 2, nul]",
        "[12",
    ],
)
def test_json_that_is_not_a_file_of_hands_is_refused_as_json_would(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for chunk in (1, 4, 1 << 16):
        assert _streamed(text, chunk, monkeypatch) == _loaded(text)
