"""Imports that are strict and bounded (issue 33, items 3 and 6).

Strict: a JSON object naming a key twice, points in another script's digits or written ``1_0``,
a payment dated in the future, one payment uid stating two payments: each refused with one line
naming the value, and nothing written. Bounded: a source that never ends (a CSV header and
valid rows for ever, ``{`` and white space for ever, on standard input) is refused when it
passes `reading.MAX_ROWS` rows or `reading.MAX_CHARS` characters; the tests lower the limits
(the real ones, 2,000,000 rows and 1 GiB, are named in the message). Records are the ones
Python's csv module reads: a line over 1 MiB is one record, not two.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Run, as_json, ok, refused_line
from gintally.transfer import reading

CLI = Callable[..., Run]


@pytest.fixture
def staked(gintally: CLI, tmp_path: Path) -> dict[str, Any]:
    """A staked match M (Ann v Bob at 0.05) with one hand and one payment, and its JSON export
    as a document (to copy and spoil)."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--stake", "0.05"))
    ok(gintally("score", "Ann", "25", "--date", "2026-01-05"))
    ok(gintally("pay", "Bob", "Ann", "5", "--date", "2026-01-06"))
    out = tmp_path / "export.json"
    ok(gintally("export", "-f", "json", "-o", str(out)))
    doc: dict[str, Any] = json.loads(out.read_text())
    return doc


def hands_json(gintally: CLI) -> list[Any]:
    return list(as_json(gintally("hands", "--json"))["hands"])


def settled(gintally: CLI) -> list[Any]:
    return list(as_json(gintally("settle", "--all", "--json"))["payments"])


# --- strict JSON --------------------------------------------------------------------------------


def test_a_key_twice_in_a_hand_is_refused(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    f = tmp_path / "twice.json"
    f.write_text(
        '[{"date": "2026-01-05", "kind": "score", "winner": "Ann", "points": 10},\n'
        ' {"date": "2026-01-05", "kind": "score", "winner": "Ann", "points": 10, "points": 90}]'
    )
    assert refused_line(gintally("import", str(f))) == (
        "Error: row 2 of twice.json: the key 'points' is given twice in one object (which one "
        "is meant?)"
    )
    assert hands_json(gintally) == []  # row 1 was rolled back with it


def test_a_key_twice_in_the_match_or_a_payment_is_refused(
    gintally: CLI, tmp_path: Path, staked: dict[str, Any]
) -> None:
    text = json.dumps(staked)
    spoilt = text.replace('"amount": "5"', '"amount": "5", "amount": "50"')
    assert spoilt != text
    f = tmp_path / "pay.json"
    f.write_text(spoilt)
    assert refused_line(gintally("import", str(f))) == (
        "Error: payment 1 of pay.json: the key 'amount' is given twice in one object (which one "
        "is meant?)"
    )
    f.write_text(text.replace('"match": {', '"match": {"match": "X", ', 1))
    assert "the key 'match' is given twice in one object" in refused_line(
        gintally("import", str(f))
    )


# --- digits -------------------------------------------------------------------------------------


@pytest.mark.parametrize("points", ["\u0661\u0660", "1_0", "\u0967\u0966", "\uff11\uff10"])
def test_points_in_other_digits_are_refused(gintally: CLI, tmp_path: Path, points: str) -> None:
    """Python's int() reads each of these as 10; a score sheet's points are ASCII digits."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    f = tmp_path / "digits.csv"
    f.write_text(f"date,winner,points\n2026-01-05,Ann,20\n2026-01-06,Ann,{points}\n")
    assert refused_line(gintally("import", str(f))) == (
        f"Error: row 2 of digits.csv: points must be a whole number in digits 0-9, not {points!r}"
    )
    j = tmp_path / "digits.json"
    j.write_text(
        json.dumps(
            [
                {
                    "date": "2026-01-05",
                    "kind": "knock",
                    "winner": "Ann",
                    "points": 12,
                    "knocker_deadwood": points,
                    "defender_deadwood": 22,
                }
            ]
        )
    )
    assert refused_line(gintally("import", str(j))) == (
        f"Error: row 1 of digits.json: knocker_deadwood must be a whole number in digits 0-9, "
        f"not {points!r}"
    )
    assert hands_json(gintally) == []


@pytest.mark.parametrize("day", ["\u0662\u0660\u0662\u0666-01-05", "2026-01-0\uff15"])
def test_dates_in_other_digits_are_refused(gintally: CLI, tmp_path: Path, day: str) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    f = tmp_path / "dates.csv"
    f.write_text(f"date,winner,points\n{day},Ann,20\n", encoding="utf-8")
    assert refused_line(gintally("import", str(f))) == (
        f"Error: row 1 of dates.csv: the date {day!r} must be written in digits 0-9"
    )


# --- payments -----------------------------------------------------------------------------------


@pytest.mark.parametrize("day", ["2999-01-01", "2099-12-31"])
def test_a_payment_in_the_future_is_refused(
    gintally: CLI, tmp_path: Path, staked: dict[str, Any], day: str
) -> None:
    staked["payments"][0]["date"] = day
    staked["payments"][0]["uid"] = "f" * 32
    f = tmp_path / "future.json"
    f.write_text(json.dumps(staked))
    ok(gintally("match", "new", "N", "--players", "Ann", "Bob", "--stake", "0.05"))
    assert refused_line(gintally("import", str(f), "--match", "N")) == (
        f"Error: payment 1: the date {day} is in the future"
    )
    assert [p["match"] for p in settled(gintally)] == ["M"]


def test_one_uid_two_amounts_in_a_file_is_refused(
    gintally: CLI, tmp_path: Path, staked: dict[str, Any]
) -> None:
    first = staked["payments"][0]
    first["uid"] = "a" * 32  # a payment of another device
    staked["payments"].append({**first, "amount": "7"})
    f = tmp_path / "twice.json"
    f.write_text(json.dumps(staked))
    ok(gintally("match", "new", "N", "--players", "Ann", "Bob", "--stake", "0.05"))
    assert refused_line(gintally("import", str(f), "--match", "N")) == (
        f"Error: payment 2 of twice.json: its uid {first['uid']} is an earlier payment's, with "
        f"another amount ('5', here '7'): one uid is one payment"
    )
    staked["payments"][1]["amount"] = "5.00"  # the same payment, written again: one payment
    f.write_text(json.dumps(staked))
    ok(gintally("import", str(f), "--match", "N"))
    # recorded in the same second: listed by uid, in either order
    assert sorted((p["match"], p["amount"]) for p in settled(gintally)) == [
        ("M", "5.00"),
        ("N", "5.00"),
    ]


def test_one_uid_other_than_the_ledgers_is_refused(
    gintally: CLI, tmp_path: Path, staked: dict[str, Any]
) -> None:
    """The file's payment has the uid of the ledger's own payment, with another amount."""
    staked["payments"][0]["amount"] = "9"
    f = tmp_path / "other.json"
    f.write_text(json.dumps(staked))
    uid = staked["payments"][0]["uid"]
    assert refused_line(gintally("import", str(f), "--force")) == (
        f"Error: payment 1: its uid {uid} is a payment here with another amount (5 here, 9 in "
        f"the file): one uid is one payment"
    )
    assert [p["amount"] for p in settled(gintally)] == ["5.00"]


# --- CSV records as the csv module reads them ---------------------------------------------------


def test_a_line_over_a_mebibyte_is_one_record(gintally: CLI, tmp_path: Path) -> None:
    """Row 1's line runs past 1 MiB (eight long cells of unnamed columns, which an import
    ignores) and carries, in later unnamed cells, what looks like another row. The csv module
    reads two rows; so does the import: two hands, not three."""
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    pads = ["x" * 131_069] * 7 + ["y" * 131_067]
    line = ",".join(["2026-01-01", "Ann", "25", *pads, "2026-01-03", "Bob", "10"])
    assert line.index("2026-01-03") == 1 << 20  # where a line cut at 1 MiB would be cut
    f = tmp_path / "long.csv"
    f.write_text("date,winner,points" + "," * 11 + "\n" + line + "\n2026-01-02,Bob,30\n")
    with f.open(newline="") as rows:
        assert [r[:3] for r in csv.reader(rows)][1:] == [
            ["2026-01-01", "Ann", "25"],
            ["2026-01-02", "Bob", "30"],
        ]
    ok(gintally("import", str(f)))
    assert [(h["date"], h["winner"], h["points"]) for h in hands_json(gintally)] == [
        ("2026-01-01", "Ann", 25),
        ("2026-01-02", "Bob", 30),
    ]


def test_a_line_over_the_limit_is_refused_not_cut(
    gintally: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reading, "LINE_LIMIT", 1 << 20)
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    f = tmp_path / "longer.csv"
    cells = ",".join(["x" * 100_000] * 11)
    f.write_text(f"date,winner,points,note{',' * 11}\n2026-01-01,Ann,25,,{cells}\n")
    assert refused_line(gintally("import", str(f))) == (
        "Error: line 2 of longer.csv is longer than 1,048,576 characters (1 MiB): a CSV line "
        "of hands is under a hundred"
    )
    assert hands_json(gintally) == []


# --- sources that never end ---------------------------------------------------------------------

_RUN = (
    "import sys; from gintally.transfer import reading; "
    "reading.MAX_ROWS, reading.MAX_CHARS = {rows}, {chars}; "
    "from gintally.cli import main; sys.argv = ['gintally', 'import', '-']; main()"
)


def endless(
    db: Path, tmp: Path, first: bytes, then: bytes, rows: int, chars: int
) -> tuple[int, str]:
    """`import -` fed `first` and then `then` for ever (until it stops reading), with the
    limits lowered to `rows` and `chars`: its exit code and stderr."""
    err = tmp / "stderr"
    with err.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", _RUN.format(rows=rows, chars=chars)],
            stdin=subprocess.PIPE,
            bufsize=0,  # nothing left in a buffer to flush into the closed pipe at collection
            stdout=subprocess.DEVNULL,
            stderr=out,
            env={"GINTALLY_DB": str(db), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"},
        )
    stdin = proc.stdin
    assert stdin is not None

    def feed() -> None:
        try:
            stdin.write(first)
            while True:
                stdin.write(then)
        except (BrokenPipeError, ValueError, OSError):
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        code = proc.wait(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    writer.join(timeout=10)
    return code, err.read_text()


def test_endless_csv_rows_are_refused_at_the_row_limit(
    gintally: CLI, db_path: Path, tmp_path: Path
) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    code, err = endless(
        db_path, tmp_path, b"date,winner,points\n", b"2026-01-05,Ann,10\n" * 100, 5000, 1 << 30
    )
    assert (code, err) == (
        2,
        "Error: standard input goes on past 5,000 rows, the most an import reads: split it, or "
        "check that it is the file meant\n",
    )
    assert hands_json(gintally) == []  # nothing written


def test_an_endless_object_of_spaces_is_refused_at_the_size_limit(
    gintally: CLI, db_path: Path, tmp_path: Path
) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    code, err = endless(db_path, tmp_path, b"{", b" " * 65536, 2_000_000, 8 << 20)
    assert (code, err) == (
        2,
        "Error: standard input goes on past 8,388,608 characters (8 MiB), the most an import "
        "reads: split it, or check that it is the file meant\n",
    )


def test_the_limits_are_none_an_honest_file_meets() -> None:
    assert (reading.MAX_ROWS, reading.MAX_CHARS, reading.LINE_LIMIT) == (
        2_000_000,
        1 << 30,
        16 << 20,
    )
