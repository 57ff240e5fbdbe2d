"""The library facade (`gintally.open`, `Book`, `Match`): every method returns exactly the
document its command's ``--json`` prints. Two ledgers play the same evening, one through the
command line and one through the library, and every step's documents must be equal; a refusal
raises the error the command line prints, and writes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import gintally
from conftest import Commands, Run, as_json, ok, refused_line
from gintally.errors import GintallyError, LedgerError, ParameterError

CLI = Callable[..., Run]
Step = tuple[tuple[str, ...], Callable[[gintally.Book], Any]]


@pytest.fixture
def twins(tmp_path: Path, gintally: CLI) -> Iterator[Callable[[list[Step]], None]]:
    """Play steps on two ledgers, the command line's and the library's, comparing each step's
    JSON document with the library method's return value."""
    cli_db = str(tmp_path / "cli.db")
    book = gintally_open(tmp_path / "lib.db")

    def play(steps: list[Step]) -> None:
        for args, call in steps:
            expected = as_json(gintally("--db", cli_db, *args, "--json"))
            got = call(book)
            assert json.loads(json.dumps(got)) == got  # plain JSON values, as printed
            assert untimed(got) == untimed(expected), args

    yield play
    book.close()


def untimed(doc: Any) -> Any:
    """A document without the time a match was created (to the second: the twins' differ)."""
    if isinstance(doc, dict):
        return {k: untimed(v) for k, v in doc.items() if k != "created"}
    if isinstance(doc, list):
        return [untimed(v) for v in doc]
    return doc


def gintally_open(path: Path) -> gintally.Book:
    return gintally.open(path)


def open_default() -> gintally.Book:
    return gintally.open()


def current(book: gintally.Book) -> gintally.Match:
    return book.match()


HOLLYWOOD: list[Step] = [
    (
        ("match", "new", "Evening", "--players", "Ann", "Bob", "--format", "hollywood"),
        lambda b: b.new_match("Evening", ["Ann", "Bob"], format="hollywood").info(),
    ),
    (("knock", "Ann", "8", "--vs", "18"), lambda b: current(b).knock("Ann", 8, vs=18)),
    (("gin", "bob", "--vs", "30"), lambda b: current(b).gin("bob", 30)),
    (("knock", "Ann", "9", "--vs", "5"), lambda b: current(b).knock("ann", 9, 5)),
    (("big-gin", "Bob", "--vs", "41"), lambda b: current(b).big_gin("Bob", vs=41)),
    (("misdeal",), lambda b: current(b).misdeal()),
    (("draw",), lambda b: current(b).draw()),
    (("score", "Ann", "40", "--kind", "gin"), lambda b: current(b).score("Ann", 40, "gin")),
    (
        (
            "knock",
            "Bob",
            "--cards",
            "6H 6C 6D 6S TD JD QD KD AH 7D",
            "--vs-cards",
            "AD 3D 2H 3H 4H 7H 7S 7C 8D 9D",
        ),
        lambda b: current(b).knock(
            "Bob",
            cards="6H 6C 6D 6S TD JD QD KD AH 7D",
            vs_cards=["AD", "3D", "2H", "3H", "4H", "7H", "7S", "7C", "8D", "9D"],
        ),
    ),
    (("undo",), lambda b: current(b).undo()),
    (("void", "2", "--reason", "wrong table"), lambda b: current(b).void(2, "wrong table")),
    (("edit", "3", "--vs", "20"), lambda b: current(b).edit(3, vs=20)),
    (
        ("edit", "1", "--player", "Bob", "--note", "late"),
        lambda b: current(b).edit(1, player="Bob", note="late"),
    ),
    (
        ("knock", "Ann", "3", "--vs", "30", "--date", "today"),
        lambda b: current(b).knock("Ann", 3, vs=30, date=date.today()),
    ),
    (("show",), lambda b: current(b).sheet()),
    (("show", "--all"), lambda b: current(b).sheet(all=True)),
    (("hands",), lambda b: current(b).hands()),
    (("hands", "--last", "2"), lambda b: current(b).hands(last=2)),
    (("hands", "--all"), lambda b: current(b).hands(all=True)),
    (("standings",), lambda b: b.standings()),
    (("standings", "--match", "Evening"), lambda b: current(b).standings()),
    (("stats",), lambda b: b.stats()),
    (("stats", "--player", "ann"), lambda b: b.stats("ann")),
    (("match", "list"), lambda b: b.matches()),
    (("match", "show", "Evening"), lambda b: b.match("evening").info()),
]


def test_a_hollywood_evening_through_the_library_is_the_command_lines(twins: Any) -> None:
    twins(HOLLYWOOD)


def test_the_kinds_own_commands_and_options(twins: Any) -> None:
    twins(
        [
            (
                ("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"),
                lambda b: b.new_match("Solo", ["Ann"], rules="gimlet").info(),
            ),
            (
                ("knock", "Ann", "3", "--piles", "1,2,0,3"),
                lambda b: current(b).knock("Ann", 3, piles=(1, 2, 0, 3)),
            ),
            (
                ("gimlet", "Ann", "--piles", "0,0,1,1"),
                lambda b: current(b).gimlet("Ann", piles=(0, 0, 1, 1)),
            ),
            (("sour", "Ann", "17"), lambda b: current(b).sour("Ann", 17)),
            (
                ("double-gimlet", "Ann", "--piles", "0,0,0,0"),
                lambda b: current(b).double_gimlet("Ann", piles=[0, 0, 0, 0]),
            ),
            (("edit", "1", "--piles", "2,2,0,3"), lambda b: current(b).edit(1, piles=(2, 2, 0, 3))),
            (
                (
                    "match",
                    "new",
                    "Tiles",
                    "--players",
                    "Ann",
                    "Bob",
                    "--rules",
                    "mahjong",
                    "--set",
                    "target=500",
                ),
                lambda b: b.new_match("Tiles", ("Ann", "Bob"), rules="mahjong", target=500).info(),
            ),
            (
                ("gin", "Ann", "--table", "60", "--vs-table", "20", "--vs", "35"),
                lambda b: current(b).gin("Ann", 35, table=60, vs_table=20),
            ),
            (
                ("gin", "Bob", "--table", "3S 4S 5S", "--vs-table", "KH KD", "--vs", "9C"),
                lambda b: current(b).gin("Bob", "9C", table="3S 4S 5S", vs_table=["KH", "KD"]),
            ),
            (("show",), lambda b: current(b).sheet()),
            (
                (
                    "match",
                    "new",
                    "Dead",
                    "--players",
                    "Cy",
                    "Di",
                    "--set",
                    "deck_out_scores=true",
                    "--dealer",
                    "Cy",
                ),
                lambda b: b.new_match(
                    "Dead", ["Cy", "Di"], deck_out_scores=True, dealer="Cy"
                ).info(),
            ),
            (
                ("draw", "--deadwood", "Cy=5", "--deadwood", "Di=9"),
                lambda b: current(b).draw(deadwood={"Cy": 5, "Di": 9}),
            ),
            (
                ("edit", "1", "--deadwood", "Cy=7", "--deadwood", "Di=2"),
                lambda b: current(b).edit(1, deadwood={"Cy": 7, "Di": 2}),
            ),
            (("stats",), lambda b: b.stats()),
        ]
    )


@pytest.mark.parametrize(
    ("args", "call", "said"),
    [
        (("knock", "Ann", "30", "--vs", "5"), lambda m: m.knock("Ann", 30, vs=5), None),
        (
            ("knock", "Ann", "eight", "--vs", "5"),
            lambda m: m.knock("Ann", "eight", vs=5),
            "deadwood must be a whole number, not 'eight'",
        ),
        (("gin", "Zed", "--vs", "5"), lambda m: m.gin("Zed", 5), None),
        (("void", "9"), lambda m: m.void(9), None),
        (
            ("edit", "1"),
            lambda m: m.edit(1),
            "nothing to change: give at least one value to change (vs=20, kind='gin'...)",
        ),
        (
            ("edit", "1", "--vs", "AS 2S", "--vs-cards", "3H"),
            lambda m: m.edit(1, vs="AS 2S", vs_cards="3H"),
            "give the defender's cards once: vs or vs_cards",
        ),
        (
            ("gin", "Bob", "--vs", "AS 2S", "--vs-cards", "3H"),
            lambda m: m.gin("Bob", ["AS", "2S"], vs_cards="3H"),
            "give the defender's cards once: vs or vs_cards",
        ),
        (("hands", "--last", "0"), lambda m: m.hands(last=0), "last must be 1 or more, not 0"),
        (
            ("knock", "Ann", "8", "--vs", "9", "--dealer", "Zed"),
            lambda m: m.knock("Ann", 8, vs=9, dealer="Zed"),
            None,
        ),
    ],
)
def test_a_refusal_is_the_command_lines_and_writes_nothing(
    tmp_path: Path,
    gintally: CLI,
    ledger_from: Callable[[Commands, Path], Path],
    args: tuple[str, ...],
    call: Callable[[gintally.Match], Any],
    said: str | None,
) -> None:
    """The library refuses what the command line refuses, writing nothing; its message is the
    command line's, or (`said`) the same naming the parameter where the command line names
    its option or argument."""
    setups: Commands = (
        ("match", "new", "M", "--players", "Ann", "Bob", "--json"),
        ("knock", "Ann", "5", "--vs", "9", "--json"),
    )
    db = str(ledger_from(setups, tmp_path / "both.db"))
    before = (tmp_path / "both.db").read_bytes()
    line = refused_line(gintally("--db", db, *args))
    with gintally_open(Path(db)) as book:
        match = book.match()
        with pytest.raises(GintallyError) as caught:
            call(match)
        assert str(caught.value) == (line.removeprefix("Error: ") if said is None else said)
        assert match.hands()["count"] == 1
    assert (tmp_path / "both.db").read_bytes() == before


# Wrong values that a type checker refuses (tests/test_library_types.py), passed anyway: the
# match is `Any` here, as in a program that is not type-checked.
BAD_VALUES: list[tuple[Callable[[Any], Any], str]] = [
    (lambda m: m.knock("Ann", 8, vs="x"), "vs must be a whole number, not 'x'"),
    (lambda m: m.knock("Ann", 8, vs="18"), "vs must be a whole number, not '18'"),
    (lambda m: m.knock("Ann", 8, vs=-3), "vs must be a whole number of 0 or more, not -3"),
    (lambda m: m.knock("Ann", 8, vs=True), "vs must be a whole number, not True"),
    (lambda m: m.knock("Ann", 8.0, vs=3), "deadwood must be a whole number, not 8.0"),
    (
        lambda m: m.knock("Ann", 8, vs=2_000_000_000),
        "vs 2000000000 is too large (at most 1,000,000,000)",
    ),
    (lambda m: m.gin("Ann", 3.5), "vs must be a whole number or cards, not 3.5"),
    (lambda m: m.knock(7, 8, vs=3), "player must be text, not 7"),
    (
        lambda m: m.knock("Ann", 8, vs=3, date="yesterday"),
        "date must be a date (datetime.date), not 'yesterday'",
    ),
    (
        lambda m: m.knock("Ann", 8, vs=3, piles="1,2,0,3"),
        "piles must be a sequence of whole numbers, not '1,2,0,3'",
    ),
    (lambda m: m.knock("Ann", 8, vs=3, piles=(1, "2")), "piles must be a whole number, not '2'"),
    (
        lambda m: m.knock("Ann", cards=["6H", 6], vs=3),
        "cards must be cards (text, or a list of cards), not ['6H', 6]",
    ),
    (
        lambda m: m.draw(deadwood={"Ann": "5"}),
        "deadwood['Ann'] must be a whole number, not '5'",
    ),
    (lambda m: m.draw(deadwood={"Ann": 5, "ann": 6}), "deadwood gives ann's count twice"),
    (
        lambda m: m.draw(deadwood=[("Ann", 5)]),
        "deadwood must map players to counts ({'Ann': 5}), not [('Ann', 5)]",
    ),
    (lambda m: m.score("Ann", "40"), "points must be a whole number, not '40'"),
    (lambda m: m.edit(1, points=-2), "points must be a whole number of 0 or more, not -2"),
    (lambda m: m.edit(1, deadwood="5"), "deadwood must be a whole number, not '5'"),
    (lambda m: m.edit("1", vs=3), "hand must be a whole number, not '1'"),
    (lambda m: m.void(1.0), "hand must be a whole number, not 1.0"),
]


@pytest.mark.parametrize(("call", "said"), BAD_VALUES)
def test_a_wrong_value_is_refused_naming_the_parameter(
    tmp_path: Path, call: Callable[[gintally.Match], Any], said: str
) -> None:
    with gintally_open(tmp_path / "lib.db") as book:
        book.new_match("M", ["Ann", "Bob"]).knock("Ann", 5, vs=9)
    before = (tmp_path / "lib.db").read_bytes()
    with gintally_open(tmp_path / "lib.db") as book:
        match = book.match()
        with pytest.raises(ParameterError) as caught:
            call(match)
        assert str(caught.value) == said
        assert match.hands()["count"] == 1
    assert (tmp_path / "lib.db").read_bytes() == before


def test_open_without_a_path_is_the_command_lines_ledger(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    as_json(gintally("match", "new", "Home", "--players", "Ann", "Bob", "--json"))
    with open_default() as book:
        assert book.path == tmp_path / "ledger.db"  # $GINTALLY_DB, as the command line reads it
        assert book.match().name == "Home"
    monkeypatch.setenv("GINTALLY_DB", " ")
    with pytest.raises(GintallyError, match=r"\$GINTALLY_DB is empty"):
        open_default()


def test_a_missing_ledger_is_made_by_new_match_only(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with gintally.open(path) as book:
        with pytest.raises(LedgerError, match="no ledger at"):
            book.matches()
        assert not path.exists()
        match = book.new_match("First", ["Ann", "Bob"], format="honeymoon", games=2)
        assert path.exists()
        assert match.info()["format"] == "honeymoon"
        assert book.matches()["current"] == "First"


def test_a_book_sees_what_another_process_wrote(tmp_path: Path, gintally: CLI) -> None:
    db = str(tmp_path / "shared.db")
    as_json(gintally("--db", db, "match", "new", "Shared", "--players", "Ann", "Bob", "--json"))
    with gintally_open(Path(db)) as book:
        match = book.match()
        assert match.knock("Ann", 8, vs=18)["points"] == 10
        assert book.news() is False  # its own writes are no news
        as_json(gintally("--db", db, "gin", "Bob", "--vs", "12", "--json"))
        assert book.news() is True
        assert book.news() is False
        sheet = match.sheet()
        assert [g["points"] for g in sheet["games"]] == [{"Ann": 10, "Bob": 37}]
        assert match.knock("Ann", 2, vs=10)["hand"] == 3
    assert as_json(gintally("--db", db, "hands", "--json"))["count"] == 3


def test_a_book_that_only_reads_changes_nothing_in_the_file(tmp_path: Path, gintally: CLI) -> None:
    import sqlite3

    db = tmp_path / "still.db"
    ok(gintally("--db", str(db), "match", "new", "Still", "--players", "Ann", "Bob"))
    ok(gintally("--db", str(db), "knock", "Ann", "8", "--vs", "18"))
    with sqlite3.connect(db) as conn:  # a file in rollback mode, as a backup copy is
        conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    before = db.read_bytes()
    db.chmod(0o444)  # read-only, too: the command line reads it, and so does a book
    with gintally_open(db) as book:
        assert book.match().sheet()["games"][0]["points"] == {"Ann": 10, "Bob": 0}
        assert book.stats()["players"][0]["hands_won"] == 1
        with pytest.raises(LedgerError, match="read-only"):
            book.match().knock("Ann", 8, vs=18)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["still.db"]
    db.chmod(0o644)
    with gintally_open(db) as book:
        assert book.match().knock("Ann", 5, vs=9)["hand"] == 2  # opened again to write
        assert book.match().hands()["count"] == 2


def test_the_documents_a_screen_draws_come_from_the_book(tmp_path: Path, gintally: CLI) -> None:
    """What the command line draws is asked of the Book too: the sheet as its document, the
    streamed ``show --all`` and hand log, a hand recorded from values read (`Book.record`), and
    the day the Book takes as today (`Book(today=...)`)."""
    from gintally.facade import typed
    from gintally.facade.book import Book

    db = str(tmp_path / "screen.db")
    ok(gintally("--db", db, "match", "new", "Kitchen", "--players", "Ann", "Bob"))
    day = date(2024, 3, 9)
    with Book(db, today=lambda: day) as book:
        found = typed.Typed("knock", {"player": "Ann", "deadwood": 8, "vs": 18})
        done = book.record(found, date="2024-03-08")
        assert (done.rec.number, done.rec.date, done.match.name) == (1, date(2024, 3, 8), "Kitchen")
        assert (book.several_matches(), book.match().hand_count()) == (False, 1)
        sheet = book.sheet_doc()
        assert json.loads(json.dumps(sheet)) == book.match().sheet()
        log = book.hand_log("Kitchen")
        assert [row["hand"] for row in log.rows] == [1]
        listing = book.listing()
        assert listing is not None
        with book.snapshot():
            fields = dict(listing.fields())
            games = list(fields["games"])  # type: ignore[call-overload]
        assert [(g["number"], g["hands"]) for g in games] == [(1, [1])]
    expected = as_json(gintally("--db", db, "show", "--all", "--json"))
    assert expected["games"] == json.loads(json.dumps(games))
