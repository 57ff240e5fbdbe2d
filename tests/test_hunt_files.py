"""What gintally reads and writes as files, attacked: each test is a defect found by feeding
import, merge and the ledger's files what a spreadsheet, another program or a damaged disk
gives them, and asserts the value that comes out (or the one-line refusal, nothing written).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
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


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_a_ledger_path_that_is_a_named_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    """``--db`` naming a named pipe: opening it to read the header waited for a writer for
    ever (every command hung); it is refused, named, as a folder and a device are."""
    pipe = tmp_path / "ledger.db"
    os.mkfifo(pipe)
    for args in (("show",), ("check",), ("match", "new", "M", "--players", "Ann", "Bob")):
        done = subprocess.run(
            [sys.executable, "-m", "gintally", "--db", str(pipe), *args],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 1, (args, done.stderr)
        said = f"{pipe} is a named pipe, not a gintally ledger"
        assert said in done.stdout + done.stderr, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)  # left as it was


def test_a_folder_or_a_device_is_named_as_such_not_as_missing(
    gintally: CLI, tmp_path: Path
) -> None:
    """``merge`` of a folder said ``no ledger at PATH`` (it is there); ``--db`` naming a folder
    said "Is a directory", and a device "an empty file"."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    folder = tmp_path / "other.db"
    folder.mkdir()
    assert refused_line(gintally("merge", str(folder)), 1) == (
        f"Error: {folder} is a folder, not a gintally ledger"
    )
    assert refused_line(gintally("--db", str(folder), "show"), 1) == (
        f"Error: {folder} is a folder, not a gintally ledger"
    )
    if Path("/dev/null").exists():
        assert refused_line(gintally("--db", "/dev/null", "show"), 1) == (
            "Error: /dev/null is a device, not a gintally ledger"
        )


def test_a_json_document_on_one_long_line_is_read_as_json(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JSON written without indentation (``json.dumps(doc)``, any minifier) is one line: its
    first line was read whole as a CSV line is, so a document longer than the CSV line limit
    (16 MiB; lowered here) was refused as "a CSV line of hands is under a hundred". JSON is
    read as it comes; a value stays bounded by its own limit."""
    from gintally.transfer import reading

    monkeypatch.setattr(reading, "LINE_LIMIT", 1000)
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--set", "target=100000"))
    hands = [
        {"date": "2026-01-05", "kind": "score", "winner": "Ann" if i % 2 else "Bob", "points": i}
        for i in range(1, 81)
    ]
    f = tmp_path / "minified.json"
    f.write_text(json.dumps({"hands": hands}), encoding="utf-8")
    assert f.stat().st_size > reading.HEAD + reading.LINE_LIMIT
    assert as_json(gintally("import", str(f), "--json"))["imported"] == 80
    shown = as_json(gintally("show", "--json"))["games"][0]["points"]
    assert shown == {"Ann": sum(range(1, 81, 2)), "Bob": sum(range(2, 81, 2))}


def test_a_csv_header_of_too_many_columns_is_refused_before_any_row(
    gintally: CLI, tmp_path: Path
) -> None:
    """Every row is read at its header's width (a short row filled), and the header was
    checked for names given twice by counting each name through the whole header: a header
    of 20,000 columns took seconds, of a million (a 10 MB line, under the line limit) hours,
    and each row of three values then cost as much as the header. At most 256 are read."""
    most = 256  # reading.MAX_COLUMNS
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    before = as_json(gintally("hands", "--json"))
    wide = tmp_path / "wide.csv"
    extra = [f"c{i}" for i in range(most - 3 + 1)]
    wide.write_text(",".join(["date", "winner", "points", *extra]) + "\n2026-01-05,Ann,5\n")
    assert refused_line(gintally("import", str(wide))) == (
        f"Error: {wide}: the header names {most + 1} columns, and an import reads at "
        f"most {most} (a row of hands has under 20): check that it is the file meant"
    )
    assert as_json(gintally("hands", "--json")) == before
    wide.write_text(",".join(["date", "winner", "points", *extra[1:]]) + "\n2026-01-05,Ann,5\n")
    assert as_json(gintally("import", str(wide), "--json"))["imported"] == 1


def priced(tmp_path: Path, gintally: CLI, prices: int) -> Path:
    """A JSON export of a staked match whose price changed `prices` times (a day each, from
    1950 on), written by hand from the export of a match with one price."""
    from datetime import date, timedelta
    from uuid import uuid4

    ok(gintally("--db", str(tmp_path / "one.db"), "match", "new", "M", "-p", "Ann", "Bob"))
    ok(gintally("--db", str(tmp_path / "one.db"), "match", "stake", "M", "0.05"))
    out = tmp_path / "priced.json"
    ok(gintally("--db", str(tmp_path / "one.db"), "export", "-f", "json", "-o", str(out)))
    doc = json.loads(out.read_text())
    first = doc["match"]["stakes"][0]
    doc["match"]["stakes"] = [
        {
            **first,
            "amount": f"0.0{i % 9 + 1}",
            "since": (date(1950, 1, 1) + timedelta(days=i)).isoformat(),
            "uid": uuid4().hex,
        }
        for i in range(prices)
    ]
    out.write_text(json.dumps(doc))
    return out


def test_an_imports_prices_are_each_looked_up_once_not_against_every_other(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each price of an export's match was compared with every price brought before it
    (``stake in have``, a list): 20,000 prices (a 5 MB file) took 40 seconds to import into a
    new ledger and 90 into one that had the match, the count growing as its square. Each is
    now looked up by what it states. Counted here: the comparisons of two prices."""
    from gintally.engine.stakes import Stake

    prices = 400
    source = priced(tmp_path, gintally, prices)
    compared = 0
    equal = Stake.__eq__

    def counted(self: Stake, other: object) -> bool:
        nonlocal compared
        compared += 1
        return equal(self, other)

    monkeypatch.setattr(Stake, "__eq__", counted)
    new = tmp_path / "new.db"
    ok(gintally("--db", str(new), "import", str(source)))
    assert compared < 10 * prices, compared  # it was prices * (prices - 1) / 2 and more
    stakes = as_json(gintally("--db", str(new), "match", "show", "--json"))["stakes"]
    assert len(stakes) == prices
    last = prices - 1  # the file's last price, as `priced` wrote it
    assert stakes[-1]["since"] == "1951-02-04" and stakes[-1]["amount"] == f"0.0{last % 9 + 1}"


def test_check_finds_each_matchs_first_price_once(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check`` read each match's first price (the places its payments keep) with a query
    that looked for the first price again for every price: 20,000 prices took 75 seconds.
    Counted here: SQLite's steps while check runs, which grew as the square of the prices."""
    import sqlite3

    from gintally.ledger import files

    db = tmp_path / "new.db"
    ok(gintally("--db", str(db), "import", str(priced(tmp_path, gintally, 2000))))
    steps = 0
    connect = files.connect

    def counting(target: str, uri: bool = False) -> sqlite3.Connection:
        conn = connect(target, uri)

        def step() -> int:
            nonlocal steps
            steps += 1
            return 0

        conn.set_progress_handler(step, 1000)
        return conn

    monkeypatch.setattr(files, "connect", counting)
    assert ok(gintally("--db", str(db), "check")).stdout == f"{db}: no problems found\n"
    assert steps < 2_000, steps  # in thousands of SQLite's instructions (it was 20,000)


def test_a_file_named_with_a_trailing_slash_is_a_folder_meant_not_a_file(tmp_path: Path) -> None:
    """``Book.export(m, "exports/")`` and ``Book.backup("backups/")`` name a folder that is
    not there: ``Path`` drops the slash, and a file called ``exports`` was written. Refused,
    naming the folder, nothing written."""
    import gintally

    with gintally.open(tmp_path / "ledger.db") as book:
        book.new_match("M", ["Ann", "Bob"]).score("Ann", 25)
        for write, name in (
            (lambda out: book.export("M", out), "export"),
            (book.backup, "backup"),
            (lambda out: book.print_page("pad", out=out), "page"),
        ):
            folder = tmp_path / f"{name}s"
            with pytest.raises(gintally.GintallyError) as refused:
                write(f"{folder}/")
            assert str(refused.value) == (
                f"cannot write the {name} to {folder}/: there is no folder {folder}"
            )
            assert not folder.exists()
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("ledger.db")] == []


def test_one_players_cards_with_the_others_count_travel_by_json_export(
    gintally: CLI, tmp_path: Path
) -> None:
    """``knock Ann --cards ... --vs 18`` and ``gin Ann --vs-cards ...`` store the cards typed;
    the JSON export carries them, but an import settled such a row from its counts alone and
    dropped the cards: the other device's hands held none."""
    import sqlite3

    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    mine, theirs = "2H 3H 4H 5S 6S 7S 9C 9D 9H KD", "AS AD 2C 3C 4C 8H 8S QD JD KC"
    ok(gintally("knock", "Ann", "--cards", mine, "--vs", "18", "--date", "2026-03-01"))
    ok(gintally("gin", "Bob", "--vs-cards", theirs, "--date", "2026-03-01"))
    out = tmp_path / "export.json"
    ok(gintally("export", "-f", "json", "-o", str(out)))
    other = tmp_path / "other.db"
    ok(gintally("--db", str(other), "import", str(out)))
    with sqlite3.connect(other) as conn:
        stored = conn.execute(
            "SELECT kind, knocker_deadwood, defender_deadwood, knocker_cards, defender_cards "
            "FROM hands ORDER BY number"
        ).fetchall()
    assert stored == [("knock", 10, 18, mine, None), ("gin", 0, 48, None, theirs)]


@pytest.mark.parametrize(
    ("rules", "row", "said"),
    [
        (
            "modern",
            "score,Ann,5,,AS 2S 3S,",
            "a score holds no knocker_cards, and the row gives it 'AS 2S 3S'",
        ),
        (
            "modern",
            "misdeal,,0,7,,",
            "a misdeal holds no knocker_deadwood, and the row gives it '7'",
        ),
        (
            "gimlet",
            'score,Ann,5,,,"1,2,3,4"',
            "a score holds no piles, and the row gives it '1,2,3,4'",
        ),
        ("gimlet", 'draw,,0,,,"1,2,3,4"', "a draw holds no piles, and the row gives it '1,2,3,4'"),
    ],
)
def test_a_row_giving_what_its_hand_cannot_hold_is_refused_not_dropped(
    gintally: CLI, tmp_path: Path, rules: str, row: str, said: str
) -> None:
    """A paper score, a draw or a misdeal takes no cards, piles or counts on the command line;
    an import row that gave them was imported with them dropped in silence."""
    players = ["Ann"] if rules == "gimlet" else ["Ann", "Bob"]
    ok(gintally("match", "new", "M", "--players", *players, "--rules", rules))
    before = as_json(gintally("hands", "--json"))
    f = tmp_path / "rows.csv"
    f.write_text(
        "date,kind,winner,points,knocker_deadwood,knocker_cards,piles\n2026-03-01," + row + "\n"
    )
    assert refused_line(gintally("import", str(f))) == (
        f"Error: row 1 of rows.csv: {said}: leave the column empty, or give the hand's kind"
    )
    assert as_json(gintally("hands", "--json")) == before


@pytest.mark.parametrize(
    ("rules", "header", "row", "said"),
    [
        (
            "modern",
            "date,winner,points,knocker,knocker_deadwood,defender_deadwood",
            "2026-03-01,Ann,10,Ann,8,18",
            "defender_deadwood does not apply to a score",
        ),
        (
            "modern",
            "date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,piles",
            '2026-03-01,knock,Ann,10,Ann,8,18,"1,2,0,3"',
            "piles does not apply to a knock (piles is for Gimlet Rummy matches)",
        ),
        (
            "modern",
            "date,kind,winner,points,other_points",
            "2026-03-01,score,Ann,5,3",
            "other_points does not apply to a score (other_points is for Mahjong gin matches)",
        ),
    ],
)
def test_a_rows_refusal_names_its_columns_not_the_command_lines_options(
    gintally: CLI, tmp_path: Path, rules: str, header: str, row: str, said: str
) -> None:
    """A row settled as a typed hand is refused in the typed hand's words: "--vs does not
    apply to a score" for a spreadsheet without a kind column whose rows hold counts, where
    the file has a defender_deadwood column and no --vs."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--rules", rules))
    f = tmp_path / "sheet.csv"
    f.write_text(f"{header}\n{row}\n")
    assert refused_line(gintally("import", str(f))) == f"Error: row 1 of sheet.csv: {said}"
