"""A ledger of decades (issue 15, items 2-4): the fast paths give exactly what the plain ones
give. Timings live in benchmarks/bench_scale.py, never here; these ledgers are small."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from gintally import transfer
from gintally.engine.formats import Format
from gintally.errors import GintallyError
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import HAND_COLUMNS, Match

TODAY = date(2026, 11, 23)


@pytest.fixture
def match() -> Match:
    with Ledger.open(":memory:") as book:
        return book.create_match(
            "Kitchen", ("Ann", "Bob"), Format("ad-infinitum"), resolve("modern"), "Ann"
        )


def plain_reading(match: Match, path: Path) -> list[tuple[object, ...]]:
    """Every row checked on its own (`parse_row`), no cache: what the stream must give."""
    out = []
    for _, row in transfer.read_rows(path):
        rec = transfer.parse_row(match, row, TODAY)
        out.append((rec.date.isoformat(), *(getattr(rec, c) for c in HAND_COLUMNS[1:])))
    return out


CSV = """date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,note
1998-03-05,knock,Ann,17,Ann,3,20,
1998-03-05,knock,Ann,17,Ann,3,20,
1998-03-06, knock ,Ann,17,Ann,3,20,
5 Mar 1998,gin,Bob,45,Bob,0,20,the big one
1998-03-05,undercut,Bob,27,Ann,8,6,
1998-03-07,knock,Ann,17,Ann,3,20,
1998-03-07,gin,Bob,45,Bob,0,20,the big one
1998-03-08,score,Bob,45,,,,
"""


def test_the_import_stream_gives_what_reading_each_row_gives(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "paper.csv"
    path.write_text(CSV)
    stream = transfer.ImportStream(match, path, TODAY)
    rows = list(stream.rows)
    assert [values for _, values in rows] == plain_reading(match, path)
    assert [file_id for file_id, _ in rows] == [None] * 8
    # the same digest as the whole-file reading (what earlier imports stored)
    hands = transfer.read_hands(match, path, TODAY)
    assert stream.digest() == transfer.digest(hands)
    # by hand: Ann knocks with 3 against 20, 17 points; Bob gins against 20: 25 + 20 = 45
    assert [(h.date.isoformat(), h.kind, h.points) for h in hands[:5]] == [
        ("1998-03-05", "knock", 17),
        ("1998-03-05", "knock", 17),
        ("1998-03-06", "knock", 17),
        ("1998-03-05", "gin", 45),
        ("1998-03-05", "undercut", 27),  # Ann 8 against 6: Bob 2 + 25
    ]
    assert hands[3].note == "the big one" and hands[0].note is None


def test_a_repeated_row_with_a_bad_date_is_still_refused(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "paper.csv"
    path.write_text("date,kind,winner,points\n1998-03-05,score,Ann,10\n1998-02-30,score,Ann,10\n")
    with pytest.raises(GintallyError, match=r"^row 2 of paper.csv: .*1998-02-30"):
        list(transfer.ImportStream(match, path, TODAY).rows)
    path.write_text("date,kind,winner,points\n1998-03-05,score,Ann,10\n,score,Ann,10\n")
    with pytest.raises(GintallyError, match=r"^row 2 of paper.csv: the date is missing$"):
        list(transfer.ImportStream(match, path, TODAY).rows)


def test_json_values_of_other_types_are_checked_apart(match: Match, tmp_path: Path) -> None:
    """1, "1" and true are equal as dictionary keys in Python; a row is only taken from the
    cache when its values have the same types too."""
    rows = [
        {"date": "1998-03-05", "kind": "score", "winner": "Ann", "points": 1},
        {"date": "1998-03-06", "kind": "score", "winner": "Ann", "points": "1"},
        {"date": "1998-03-07", "kind": "score", "winner": "Ann", "points": 1.0},
        {"date": "1998-03-08", "kind": "score", "winner": "Ann", "points": True},
    ]
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(rows[:2]))
    stream = transfer.ImportStream(match, path, TODAY)
    assert [v[4] for _, v in stream.rows] == [1, 1]
    assert stream.digest() == transfer.digest(transfer.read_hands(match, path, TODAY))
    for bad, why in ((rows[2], "1.0"), (rows[3], "True")):
        path.write_text(json.dumps([rows[0], bad]))
        with pytest.raises(GintallyError, match=rf"^row 2 of hands.json: points .*{why}"):
            list(transfer.ImportStream(match, path, TODAY).rows)


def test_an_import_streams_into_the_ledger_numbered_after_the_last_hand(tmp_path: Path) -> None:
    path = tmp_path / "paper.csv"
    path.write_text(CSV)
    with Ledger.open(tmp_path / "ledger.db") as book:
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        stream = transfer.ImportStream(m, path, TODAY)
        assert book.import_rows(m, stream.rows, stream.digest, path.name) == (8, 1, 8)
        again = transfer.ImportStream(m, path, TODAY)
        with pytest.raises(GintallyError, match="its 8 hands were imported into Kitchen before"):
            book.import_rows(m, again.rows, again.digest, path.name)
        forced = transfer.ImportStream(m, path, TODAY)
        assert book.import_rows(m, forced.rows, forced.digest, path.name, force=True) == (
            8,
            9,
            16,
        )
        hands = book.live_hands(m)
        # play order: date, then number (rows 1, 2, 4 and 5 of each import are of 5 March)
        assert [h.id for h in hands][:9] == [1, 2, 4, 5, 9, 10, 12, 13, 3]
        assert all(h.key == h.row for h in hands)  # first versions: hand_id is the row id
        assert book.hand(m, 12).note == "the big one"
        (count,) = book.conn.execute("SELECT count(*) FROM imports").fetchone()
        assert count == 2
