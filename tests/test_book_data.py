"""Data in and out through the library (SPEC section 11): `Book.import_`, `export`, `merge`,
`check`, `backup`, `chart` and `report`, and the admin calls, used as a program uses them (no
command line), each checked against the figures of the hands it was given."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from damaging import unguarded

import gintally
from gintally.errors import GintallyError

# Four hands of a single game to 100 (modern rules): Ann wins 25 + 31, Bob 22 + 30.
CSV = """date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood
2024-03-01,knock,Ann,25,Ann,5,30
2024-03-01,knock,Bob,22,Bob,2,24
2024-03-02,gin,Ann,31,Ann,0,6
2024-03-02,undercut,Bob,30,Ann,9,4
"""


def booked(path: Path, name: str = "Cup") -> gintally.Book:
    """A ledger at `path` with a single match between Ann and Bob."""
    book = gintally.open(path)
    book.new_match(name, ["Ann", "Bob"])
    return book


def test_import_a_csv_and_read_the_sheet(tmp_path: Path) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(CSV, encoding="utf-8")
    with booked(tmp_path / "a.db") as book:
        done = book.import_(source)
        assert done == {"match": "Cup", "imported": 4, "already_here": 0, "hands": [1, 4]}
        (game,) = book.match().sheet()["games"]
        assert game["points"] == {"Ann": 25 + 31, "Bob": 22 + 30}
        assert game["status"] == "open"
        with pytest.raises(GintallyError, match=r"evening\.csv"):  # the same file again
            book.import_(source)
        assert book.import_(source, force=True)["imported"] == 4  # copies, when forced


def test_import_reads_an_open_file_text_or_bytes(tmp_path: Path) -> None:
    with booked(tmp_path / "a.db") as book:
        assert book.import_(io.StringIO(CSV))["hands"] == [1, 4]
        copy = io.BytesIO(CSV.replace("2024-03-0", "2024-04-0").encode())
        assert book.import_(copy, "Cup")["hands"] == [5, 8]
        first, second = book.match().sheet(all=True)["games"]  # Ann reached 112 at hand 7
        assert (first["status"], first["winner"], first["hands"]) == ("won", "Ann", [*range(1, 8)])
        assert first["points"] == {"Ann": 25 + 31 + 25 + 31, "Bob": 22 + 30 + 22}
        assert (second["status"], second["points"]) == ("open", {"Ann": 0, "Bob": 30})


@pytest.mark.parametrize("format", ["csv", "json"])
def test_export_then_import_round_trips(tmp_path: Path, format: str) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(CSV, encoding="utf-8")
    out = tmp_path / f"cup.{format}"
    with booked(tmp_path / "a.db") as book:
        book.import_(source)
        done = book.export(None, out, format="json" if format == "json" else "csv")
        assert done == {"match": "Cup", "format": format, "hands": 4, "output": str(out)}
        with pytest.raises(GintallyError):  # an export never replaces a file unasked
            book.export("Cup", out)
        written = io.StringIO()
        assert book.export("Cup", written)["output"] is None
        original = book.match("Cup").sheet()
    with booked(tmp_path / "b.db", "Copy") as other:
        assert other.import_(out)["imported"] == 4
        copied = other.match("Copy").sheet()
    assert copied["games"] == [{**g} for g in original["games"]]
    if format == "csv":
        assert written.getvalue() == out.read_text(encoding="utf-8")


def test_merge_brings_in_another_ledgers_hands(tmp_path: Path) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(CSV, encoding="utf-8")
    with booked(tmp_path / "a.db") as a:
        a.import_(source)
    with gintally.open(tmp_path / "b.db") as b:
        b.new_match("Other", ["Cy", "Di"])
        done = b.merge(tmp_path / "a.db")
        assert done["new"]["hands"] == 4 and done["new"]["matches"] == 1
        assert done["new"]["players"] == 2 and done["already_here"] == 0
        (game,) = b.match("Cup").sheet()["games"]
        assert game["points"] == {"Ann": 56, "Bob": 52}
        again = b.merge(tmp_path / "a.db")  # twice changes nothing
        assert again["already_here"] == 4 and sum(again["new"].values()) == 0


def test_check_finds_a_damaged_row(tmp_path: Path) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(CSV, encoding="utf-8")
    db = tmp_path / "a.db"
    with booked(db) as book:
        book.import_(source)
        assert book.check() == {"ledger": str(db), "ok": True, "problems": []}
    unguarded(db, "UPDATE hands SET date = '9999-12-31' WHERE number = 2")
    with gintally.open(db) as book:
        found = book.check()
    assert found["ok"] is False
    assert any("9999-12-31" in p for p in found["problems"]), found


def test_backup_holds_the_same_hands(tmp_path: Path) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(CSV, encoding="utf-8")
    with booked(tmp_path / "a.db") as book:
        book.import_(source)
        made = book.backup(tmp_path / "copy.db")
        assert made == tmp_path / "copy.db"
        with pytest.raises(GintallyError):  # never over a file unasked
            book.backup(made)
        hands = book.match().hands(all=True)
    with gintally.open(made) as copy:
        assert copy.match("Cup").hands(all=True) == hands


def test_the_chart_and_the_page_show_the_standings(tmp_path: Path) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(CSV + "2024-03-03,gin,Ann,50,Ann,0,25\n", encoding="utf-8")
    with booked(tmp_path / "a.db") as book:
        book.import_(source)
        race = book.chart(year=2024)
        assert race["games_won"] == {"Ann": [1], "Bob": [0]}
        assert race["dates"] == ["2024-03-03"]
        rows = {r["player"]: r for r in book.standings(2024)["rows"]}
        page = book.report(year=2024, out=tmp_path / "year.html")
    assert (page["match"], page["season"]) == ("Cup", race["season"])
    assert page["output"] == str(tmp_path / "year.html")
    html = (tmp_path / "year.html").read_text(encoding="utf-8")
    assert html == page["html"]
    ann = f"<td>{rows['Ann']['games_won']}</td><td>{rows['Ann']['hands_won']}</td>"
    assert ann == "<td>1</td><td>3</td>" and ann in html
    assert f"<td>{rows['Ann']['points']}</td>" in html and rows["Ann"]["points"] == 106


def test_players_matches_and_settings(tmp_path: Path) -> None:
    with booked(tmp_path / "a.db") as book:
        book.new_match("Second", ["Ann", "Cy"])
        assert book.players() == ["Ann", "Bob", "Cy"]
        assert book.use_match("cup").name == "Cup"
        assert book.matches()["current"] == "Cup"
        assert book.rename_match("Cup", "Final").name == "Final"
        assert book.rename_player("Cy", "Cyd") == "Cyd"
        assert book.settings() == {"date_order": None}
        assert book.settings("date_order", "dmy") == {"date_order": "dmy"}
        assert book.forget("date_order") == {"date_order": None}
        with pytest.raises(GintallyError, match="colour"):
            book.settings("colour")
    assert json.loads(json.dumps(book.matches()))["matches"][0]["match"] == "Final"
