"""The import's fast paths (issue 15, item 3) against the plain ones: the rows `import_rows`
writes with literal NULLs are the rows `add_hands` writes binding None; `parse_row` gives what
settling the typed hand gives; the stream reads ids and digests as the whole-file reading does.
Timings live in benchmarks/bench_scale.py, never here."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import memory_ledger
from gintally import service, transfer
from gintally.engine.formats import Format
from gintally.errors import GintallyError
from gintally.game.rules import PRESETS, resolve
from gintally.ledger import Ledger
from gintally.ledger import imports as ledger_imports
from gintally.ledger.hands import LIVE_HANDS, hand_record
from gintally.model import HAND_COLUMNS, HandRecord, Match, TypedHand

TODAY = date(2026, 11, 23)
# Every column a hand stores, as `live_hands` reads them back (the row's own ids too).
STORED = (*HAND_COLUMNS, "number", "hand_id", "row_id", "match_id")


def stored(hands: list[HandRecord]) -> list[tuple[Any, ...]]:
    return [tuple(getattr(h, c) for c in STORED) for h in hands]


# Values of a hand as the ledger stores it; any nullable column may be None or not, in any
# mixture (the shapes of row the import groups its statements by).
@st.composite
def hand_values(draw: st.DrawFn) -> HandRecord:
    def maybe(strategy: st.SearchStrategy[Any]) -> Any:
        return draw(st.one_of(st.none(), strategy))

    player = st.sampled_from([1, 2])  # Ann, Bob
    small = st.integers(0, 200)
    text = st.sampled_from(["", "x", "AS 2S 3S", 'it\'s "quoted"', "NULL", "é"])
    cards = st.sampled_from(["AS 2S 3S", "7d 8d", "TD"])  # the guards take card names only
    return HandRecord(
        date=TODAY - timedelta(days=draw(st.integers(0, 20_000))),
        claim=draw(st.sampled_from(["knock", "gin", "score", "draw"])),
        kind=draw(st.sampled_from(["knock", "gin", "undercut", "draw"])),
        winner=maybe(player),
        points=draw(st.integers(0, 120)),  # within what a hand scores under modern rules
        knocker=maybe(player),
        knocker_deadwood=maybe(small),
        defender_deadwood=maybe(small),
        knocker_cards=maybe(cards),
        defender_cards=maybe(cards),
        layoffs=maybe(cards),
        upcard=maybe(st.sampled_from(["7D", "AS"])),
        dealer=maybe(player),
        note=maybe(text),
        other_points=maybe(st.integers(-50, 50)),
        extras=draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "knocker_table": small,
                    "defender_table": small,
                    "knocker_table_cards": text,
                    "defender_table_cards": text,
                    "piles": text,
                },
            )
        ),
    )


def both_ways(hands: list[HandRecord]) -> tuple[list[Any], list[Any]]:
    """The hands written by `import_rows` (literal NULLs, one statement per shape) and by
    `add_hands` (one statement binding every value), each into a new ledger, read back."""
    out = []
    for how in ("import", "add"):
        with memory_ledger() as book:
            m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
            if how == "import":
                rows = [(None, None, (h.date.isoformat(), *h.stored())) for h in hands]
                assert book.import_rows(m, iter(rows), lambda: "d", "f", force=True)[0] == len(
                    hands
                )
            else:
                book.add_hands(m, hands)
            back = book.conn.execute(LIVE_HANDS + " ORDER BY h.date, h.number", [m.id])
            # read as rows, not through the match's game kind: its extras here are any kind's
            out.append(stored([hand_record(r) for r in back.fetchall()]))
    return out[0], out[1]


@settings(max_examples=40, deadline=None)
@given(st.lists(hand_values(), min_size=1, max_size=40))
def test_literal_nulls_write_what_binding_none_writes(hands: list[HandRecord]) -> None:
    imported, added = both_ways(hands)
    assert imported == added
    # by hand: each hand's values come back as given (hand n is the n-th row), None as None
    by_number = sorted(imported, key=lambda r: r[STORED.index("number")])
    assert [r[: len(HAND_COLUMNS)] for r in by_number] == [
        tuple(getattr(h, c) for c in HAND_COLUMNS) for h in hands
    ]


def test_shapes_interleaved_across_batches_and_a_cleared_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,345 hands of three shapes, interleaved: the batches are written every 2,000 rows and
    the memo of shapes is cleared every 2 distinct rows; every row lands as `add_hands` writes
    it, numbered in file order."""
    monkeypatch.setattr(ledger_imports.InsertShapes, "LIMIT", 2)
    # the time of the import is written into the statement as a literal: quoted as SQL quotes
    now = "2026-11-23T10:00:00+00:00 'quoted'; --"
    monkeypatch.setattr(ledger_imports, "timestamp", lambda: now)
    day = date(1998, 3, 5)
    plain = HandRecord(
        day, "knock", "knock", 1, 17, knocker=1, knocker_deadwood=3, defender_deadwood=20
    )
    noted = replace(plain, note="the big one", dealer=2)
    paper = HandRecord(day, "score", "gin", 2, 45)
    hands = [
        replace((plain, noted, paper)[i % 3 if i % 7 else 1], date=day + timedelta(days=i // 50))
        for i in range(2345)
    ]
    imported, added = both_ways(hands)
    assert imported == added
    assert [r[STORED.index("number")] for r in imported] == list(range(1, 2346))
    assert imported[1][HAND_COLUMNS.index("note")] == "the big one"
    assert imported[2][HAND_COLUMNS.index("knocker")] is None
    with memory_ledger() as book:
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        rows = [(None, None, (h.date.isoformat(), *h.stored())) for h in hands[:5]]
        book.import_rows(m, iter(rows), lambda: "d", "f")
        assert {h.created_at for h in book.live_hands(m)} == {now}
        assert {h.match_id for h in book.live_hands(m)} == {m.id}


# --- parse_row: a row with counts is settled exactly as the typed hand --------------------------


def new_match(preset: str) -> Match:
    with memory_ledger() as book:
        return book.create_match(
            "Kitchen", ("Ann", "Bob"), Format("single"), resolve(preset), "Ann"
        )


@st.composite
def counted_rows(draw: st.DrawFn) -> tuple[dict[str, str], TypedHand]:
    """A row with its knocker and counts (and maybe a dealer and a note), and the hand typed."""
    claim = draw(st.sampled_from(["knock", "gin"]))
    knocker = draw(st.sampled_from(["Ann", "Bob"]))
    k_dw = draw(st.integers(0, 10)) if claim == "knock" else 0
    d_dw = draw(st.integers(0, 98))
    dealer = draw(st.sampled_from(["", "Ann", "Bob", "bob"]))
    note = draw(st.sampled_from(["", "the big one", "  two   spaces "]))
    typed = TypedHand(
        claim,
        TODAY,
        player=knocker,
        deadwood=k_dw if claim == "knock" else None,
        vs=d_dw,
        dealer=dealer or None,
    )
    row = {
        "date": TODAY.isoformat(),
        "knocker": knocker,
        "knocker_deadwood": str(k_dw),
        "defender_deadwood": str(d_dw),
        "dealer": dealer,
        "note": note,
    }
    return row, typed


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), counted_rows())
def test_parse_row_gives_what_settling_the_typed_hand_gives(
    preset: str, case: tuple[dict[str, str], TypedHand]
) -> None:
    """Under every preset: what the row settles to, said as its kind, winner and points, is
    read back as the settled record with the row's dealer and note (what `parse_row` did with
    two more copies of the record before)."""
    match = new_match(preset)
    row, typed = case
    try:
        settled = service.settle(match, typed).record
    except GintallyError:  # a hand these rules refuse: so is the row, whatever it says
        with pytest.raises(GintallyError):
            transfer.parse_row(
                match,
                {**row, "kind": typed.claim, "winner": typed.player or "", "points": "25"},
                TODAY,
            )
        return
    names = {p.id: p.name for p in match.players}
    said = {
        **row,
        "kind": settled.kind,
        "winner": names.get(settled.winner or 0, ""),
        "points": str(settled.points),
    }
    got = transfer.parse_row(match, said, TODAY)
    note = " ".join(row["note"].split()) or None
    assert got == replace(settled, note=note)
    assert got.dealer == (match.player(row["dealer"]).id if row["dealer"] else None)


# --- the stream: ids and digests as the whole-file reading gives them -----------------------------


@pytest.fixture
def match() -> Match:
    return new_match("modern")


def test_the_stream_reads_ids_as_the_plain_reading_does(match: Match, tmp_path: Path) -> None:
    csv_text = (
        "id,date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood\n"
        "7,1998-03-05,knock,Ann,17,Ann,3,20\n"  # 20 - 3 = 17
        ",1998-03-05,knock,Ann,17,Ann,3,20\n"
        "x9,1998-03-06,knock,Ann,17,Ann,3,20\n"
        " 12 ,1998-03-06,gin,Bob,45,Bob,0,20\n"  # 25 + 20 = 45
    )
    json_rows = [
        {
            "id": 7,
            "date": "1998-03-05",
            "kind": "knock",
            "winner": "Ann",
            "points": 17,
            "knocker": "Ann",
            "knocker_deadwood": 3,
            "defender_deadwood": 20,
        },
        {
            "date": "1998-03-05",
            "kind": "knock",
            "winner": "Ann",
            "points": 17,
            "knocker": "Ann",
            "knocker_deadwood": 3,
            "defender_deadwood": 20,
        },
        {"id": True, "date": "1998-03-06", "kind": "score", "winner": "Bob", "points": 45},
    ]
    for name, text, ids in (
        ("hands.csv", csv_text, [7, None, None, 12]),
        ("hands.json", json.dumps({"hands": json_rows}), [7, None, None]),
    ):
        path = tmp_path / name
        path.write_text(text)
        stream = transfer.ImportStream(match, path, TODAY)
        rows = list(stream.rows)
        whole = transfer.read_import(match, path, TODAY)
        assert [file_id for file_id, _, _ in rows] == ids == whole.ids
        plain = [transfer.parse_row(match, row, TODAY) for _, row in transfer.read_rows(path)]
        assert [v for _, _, v in rows] == [(h.date.isoformat(), *h.stored()) for h in plain]
        assert stream.digest() == transfer.digest(plain) == whole.digest


# --- the first import into an empty ledger builds the indexes at the end ------------------------


def hands_indexes(book: Ledger) -> list[tuple[str, str]]:
    return [
        (r[0], r[1])
        for r in book.conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'hands' "
            "ORDER BY name"
        )
    ]


def test_an_import_into_an_empty_ledger_keeps_its_indexes_whole(tmp_path: Path) -> None:
    """The indexes dropped for the first import come back exactly as they were made (so the
    ledger's queries still use them), and come back too when the import is refused half-way;
    an import into a ledger that holds hands never drops them."""
    good = tmp_path / "good.csv"
    good.write_text(
        "date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood\n"
        + "1998-03-05,knock,Ann,17,Ann,3,20\n" * 2500  # 20 - 3 = 17, past a batch of 2,000
    )
    bad = tmp_path / "bad.csv"
    bad.write_text(good.read_text() + "1998-03-06,knock,Ann,99,Ann,3,20\n")
    with Ledger.open(tmp_path / "ledger.db") as book:
        made = hands_indexes(book)
        assert [name for name, _ in made] == [
            "guard_hand_numbers",
            "hands_number",
            "hands_play_order",
            "hands_uid",
            "hands_versions",
        ]
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        stream = transfer.ImportStream(m, bad, TODAY)
        with pytest.raises(GintallyError, match=r"^row 2501 of bad.csv: the row says knock"):
            book.import_rows(m, stream.rows, stream.digest, bad.name)
        assert hands_indexes(book) == made and book.live_hands(m) == []
        stream = transfer.ImportStream(m, good, TODAY)
        assert book.import_rows(m, stream.rows, stream.digest, good.name) == (2500, 1, 2500)
        assert hands_indexes(book) == made
        plan = " ".join(
            str(r[-1])
            for r in book.conn.execute(
                "EXPLAIN QUERY PLAN SELECT * FROM hands WHERE match_id = ? AND number = ?",
                [m.id, 7],
            )
        )
        assert "hands_number" in plan
        assert [h.number for h in book.live_hands(m)][:3] == [1, 2, 3]
        # a second import, into a table that holds hands: nothing is dropped, nothing doubled
        stream = transfer.ImportStream(m, good, TODAY)
        assert book.import_rows(m, stream.rows, stream.digest, good.name, force=True) == (
            2500,
            2501,
            5000,
        )
        assert hands_indexes(book) == made
