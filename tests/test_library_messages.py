"""A program calling the library reads refusals in its own words: a parameter is named as the
method calls it (``games``, ``last``, ``sep``), never as the command line spells it
(``--games``), while the command line still says what its user typed. And the reads a program
indexes are typed by the documents' shapes (`report.shapes`): the keys they declare are the
keys the library returns."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import gintally
from gintally import GintallyError
from gintally.report import shapes


@pytest.fixture
def book(tmp_path: Path) -> Iterator[gintally.Book]:
    with gintally.open(tmp_path / "family.db") as opened:
        match = opened.new_match("Kitchen", ["Ann", "Bob"])
        match.knock("Ann", 8, vs=18)
        match.gin("Bob", 30)
        yield opened


def refusal(call: Callable[[], object]) -> tuple[str, str]:
    with pytest.raises(GintallyError) as caught:
        call()
    return type(caught.value).__name__, str(caught.value)


LIBRARY_WORDS: dict[str, tuple[Callable[[gintally.Book], object], tuple[str, str]]] = {
    "hands year": (
        lambda b: b.match().hands(year=0),
        ("GintallyError", "year must be a year from 1 to 9999, not 0"),
    ),
    "hands last": (
        lambda b: b.match().hands(last=0),
        ("GintallyError", "last must be 1 or more, not 0"),
    ),
    "hands last text": (
        lambda b: b.match().hands(last="3"),  # type: ignore[arg-type]
        ("ParameterError", "last must be a whole number, not '3'"),
    ),
    "standings year text": (
        lambda b: b.standings("2026"),  # type: ignore[arg-type]
        ("ParameterError", "year must be a whole number, not '2026'"),
    ),
    "chart year text": (
        lambda b: b.chart(year="2026"),  # type: ignore[arg-type]
        ("ParameterError", "year must be a whole number, not '2026'"),
    ),
    "games in a single": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], games=3),
        ("GintallyError", "games is for hollywood and honeymoon matches, not single"),
    ),
    "games text": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], format="hollywood", games="3"),  # type: ignore[arg-type]
        ("ParameterError", "games must be a whole number, not '3'"),
    ),
    "rolling": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], rolling=True),
        ("GintallyError", "rolling is for hollywood matches, not single"),
    ),
    "players and teams": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], teams=["Ann,Cy", "Bob,Di"]),
        ("GintallyError", "give players (two players) or teams (two teams), not both"),
    ),
    "nobody": (
        lambda b: b.new_match("Cup"),
        (
            "GintallyError",
            'give the two players (players=["A", "B"]) or two teams (teams=["A,C", "B,D"])',
        ),
    ),
    "currency alone": (
        lambda b: b.new_match("Cup", ["Ann", "Bob"], currency="$"),
        ("GintallyError", "currency, places and series_stake go with a stake"),
    ),
    "sep": (
        lambda b: b.export("Kitchen", io.StringIO(), sep="|"),
        ("GintallyError", "sep is one of , ; or a tab, not '|'"),
    ),
    "sep with json": (
        lambda b: b.export("Kitchen", io.StringIO(), format="json", sep=";"),
        ("GintallyError", "sep is for CSV: drop format='json'"),
    ),
    "excel with json": (
        lambda b: b.export("Kitchen", io.StringIO(), format="json", excel=True),
        ("GintallyError", "excel is for CSV: drop format='json'"),
    ),
    "paper": (
        lambda b: b.print_page("pad", paper="a5"),  # type: ignore[arg-type]
        ("GintallyError", "paper must be a4 or letter, not 'a5'"),
    ),
    "set number text": (
        lambda b: b.print_page("evening", set_number="1"),  # type: ignore[arg-type]
        ("ParameterError", "set_number must be a whole number, not '1'"),
    ),
    "settlement since text": (
        lambda b: b.match().settlement(since="2026-01-01"),  # type: ignore[arg-type]
        ("ParameterError", "since must be a date (datetime.date), not '2026-01-01'"),
    ),
    "every settlement since text": (
        lambda b: b.settlement(since="yesterday"),  # type: ignore[arg-type]
        ("ParameterError", "since must be a date (datetime.date), not 'yesterday'"),
    ),
    "pay date text": (
        lambda b: b.pay("Bob", "Ann", 1, date="2026-01-01"),  # type: ignore[arg-type]
        ("ParameterError", "date must be a date (datetime.date), not '2026-01-01'"),
    ),
    "stake since text": (
        lambda b: b.match().stake(1, since="2026-01-01"),  # type: ignore[arg-type]
        ("ParameterError", "since must be a date (datetime.date), not '2026-01-01'"),
    ),
    "stake places text": (
        lambda b: b.match().stake(1, places="2"),  # type: ignore[arg-type]
        ("ParameterError", "places must be a whole number, not '2'"),
    ),
    "evening day text": (
        lambda b: b.print_page("evening", day="2026-01-01"),  # type: ignore[arg-type]
        ("ParameterError", "day must be a date (datetime.date), not '2026-01-01'"),
    ),
    "edit nothing": (
        lambda b: b.match().edit(1),
        (
            "GintallyError",
            "nothing to change: give at least one value to change (vs=20, kind='gin'...)",
        ),
    ),
    "backup to standard output": (
        lambda b: b.backup("-"),
        ("GintallyError", "a backup is a SQLite file, never standard output: give a file's path"),
    ),
    "export to '-'": (
        lambda b: b.export("Kitchen", "-"),
        ("GintallyError", "out '-' is no file: give sys.stdout to write to standard output"),
    ),
    "report to '-'": (
        lambda b: b.report("Kitchen", out="-"),
        ("GintallyError", "out '-' is no file: give sys.stdout to write to standard output"),
    ),
    "print to '-'": (
        lambda b: b.print_page("pad", out=Path("-")),
        ("GintallyError", "out '-' is no file: give sys.stdout to write to standard output"),
    ),
    "a stream that is not text": (
        lambda b: b.import_(io.BytesIO(b"\xff\xfe date")),
        (
            "GintallyError",
            "cannot read the stream: it is UTF-16 text, not UTF-8 (a spreadsheet saves it as "
            "CSV UTF-8)",
        ),
    ),
}


@pytest.mark.parametrize("case", list(LIBRARY_WORDS))
def test_a_library_refusal_names_the_parameter_as_the_method_calls_it(
    book: gintally.Book, case: str, tmp_path: Path
) -> None:
    call, expected = LIBRARY_WORDS[case]
    before = (
        book.match("Kitchen").hand_count(voided=True),
        [m["match"] for m in book.matches()["matches"]],
    )
    assert refusal(lambda: call(book)) == expected
    assert "--" not in expected[1]
    after = (
        book.match("Kitchen").hand_count(voided=True),
        [m["match"] for m in book.matches()["matches"]],
    )
    assert after == before == (2, ["Kitchen"])  # nothing was written
    assert not (Path.cwd() / "-").exists()


def test_a_named_stream_is_named_by_its_own_name(book: gintally.Book) -> None:
    stream = io.StringIO("when,who\n2026-01-02,Ann\n")
    stream.name = "scores.csv"
    _, message = refusal(lambda: book.import_(stream, "Kitchen"))
    assert message == (
        "scores.csv: the header lacks column(s) winner, points: it names 'when', 'who' "
        "(required: date, winner, points; kind and the others are optional)"
    )
    assert "gintally-import-" not in message


def test_a_path_with_two_dashes_is_named_as_it_is(book: gintally.Book, tmp_path: Path) -> None:
    # The refusal is said in the library's words (force=True), and the folder "a--b" stays as
    # it is: only an option standing alone is an option.
    taken = tmp_path / "a--b" / "out.csv"
    taken.parent.mkdir()
    taken.write_text("kept\n", encoding="utf-8")
    _, message = refusal(lambda: book.export("Kitchen", taken))
    assert message == (
        f"{taken} already exists: choose a new file for the export, or give force=True"
    )
    assert taken.read_text(encoding="utf-8") == "kept\n"


def test_the_command_line_keeps_its_own_words(gintally: Callable[..., Any], tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    assert gintally("--db", db, "match", "new", "K", "-p", "Ann", "Bob").code == 0
    assert gintally("--db", db, "knock", "Ann", "8", "--vs", "18").code == 0
    said = {
        ("hands", "--last", "0"): "--last must be 1 or more, not 0\n",
        ("hands", "--year", "0"): "--year must be a year from 1 to 9999, not 0\n",
        ("match", "new", "C", "-p", "Ann", "Bob", "--games", "3"): (
            "--games is for hollywood and honeymoon matches, not single\n"
        ),
        ("match", "new", "C", "-p", "Ann", "Bob", "--rolling"): (
            "--rolling is for hollywood matches, not single\n"
        ),
        ("match", "new", "C", "--currency", "$", "-p", "Ann", "Bob"): (
            "--currency, --places and --series-stake go with --stake AMOUNT\n"
        ),
        ("export", "--sep", "|"): "--sep is one of , ; or a tab, not '|'\n",
        ("export", "--format", "json", "--excel"): "--excel is for CSV: drop --format json\n",
        (
            "print",
            "pad",
            "--paper",
            "a5",
            "-o",
            str(tmp_path / "pad.html"),
        ): "--paper must be a4 or letter, not 'a5'\n",
        ("edit", "1"): "nothing to change: give at least one option (see gintally edit -h)\n",
        ("backup", "-"): (
            "a backup is a SQLite file, never standard output: name the file (backup FILE)\n"
        ),
    }
    for args, line in said.items():
        run = gintally("--db", db, *args)
        assert (run.code, run.stderr) == (2, "Error: " + line), args


# --- the reads are typed by their documents' shapes ---------------------------------------------


def declared(shape: type) -> tuple[set[str], set[str]]:
    """The keys `shape` (a `TypedDict` of `report.shapes`) declares: required, and optional
    (``NotRequired``)."""
    required: set[str] = set()
    optional: set[str] = set()
    for cls in reversed(shape.__mro__):
        for key, note in vars(cls).get("__annotations__", {}).items():
            (optional if "NotRequired" in str(note) else required).add(key)
    return required, optional


def test_each_typed_read_returns_the_keys_its_shape_declares(book: gintally.Book) -> None:
    team = book.new_match("Teams", teams=["Ann,Cy", "Bob,Di"])
    team.knock("Ann", 5, vs=15)
    kitchen = book.match("Kitchen")
    gimlet = book.new_match("Solo", ["Ann"], rules="gimlet")
    mahjong = book.new_match("Tiles", ["Ann", "Bob"], rules="mahjong")
    reads: list[tuple[dict[str, Any], type, set[str]]] = [
        (dict(kitchen.knock("Ann", 3, vs=9)), shapes.HandDoc, set()),
        (dict(kitchen.big_gin("Bob", 12)), shapes.HandDoc, {"closed_games"}),
        (dict(kitchen.score("Ann", 30, "gin")), shapes.HandDoc, set()),
        (dict(kitchen.draw()), shapes.HandDoc, set()),
        (dict(kitchen.misdeal()), shapes.HandDoc, set()),
        (dict(kitchen.edit(1, vs=20, reason="miscounted")), shapes.HandDoc, {"action"}),
        (dict(kitchen.void(2)), shapes.HandDoc, {"action"}),
        (dict(kitchen.restore(2)), shapes.HandDoc, {"action"}),
        (dict(team.gin("Di", 20)), shapes.HandDoc, {"round", "table"}),
        (dict(gimlet.gimlet("Ann", piles=(0, 0, 1, 1))), shapes.HandDoc, {"piles"}),
        (dict(gimlet.sour("Ann", 12)), shapes.HandDoc, set()),
        (dict(mahjong.gin("Ann", vs=20, table=30, vs_table=10)), shapes.HandDoc, {"on_table"}),
        (dict(book.matches()), shapes.MatchesDoc, set()),
        (dict(book.matches()["matches"][1]), shapes.MatchDoc, {"teams"}),
        (dict(kitchen.info()), shapes.MatchInfoDoc, set()),
        (dict(team.info()), shapes.MatchInfoDoc, {"teams"}),
        (dict(kitchen.settlement()), shapes.SettleDoc, set()),
        (dict(book.settlement()), shapes.SettleDoc, set()),
        (dict(kitchen.sheet()), shapes.ShowDoc, set()),
        (dict(kitchen.sheet(all=True)), shapes.ShowDoc, set()),
        (dict(team.sheet()), shapes.ShowDoc, {"teams", "tables"}),
        (dict(mahjong.sheet()), shapes.ShowDoc, set()),
        (dict(book.standings(match="Kitchen")), shapes.StandingsDoc, set()),
        (dict(book.match("Kitchen").standings()), shapes.StandingsDoc, set()),
        (dict(team.standings()), shapes.StandingsDoc, {"teams", "members"}),
        (dict(book.stats()), shapes.StatsDoc, set()),
        (dict(book.stats("Ann")), shapes.StatsDoc, set()),
        (dict(book.chart("Kitchen")), shapes.RaceDoc, set()),
        (dict(book.check()), shapes.CheckDoc, set()),
        (dict(book.match("Kitchen").hands()), shapes.HandLogDoc, set()),
        (dict(book.match("Kitchen").hands()["hands"][0]), shapes.HandRow, set()),
        (dict(team.hands(all=True)), shapes.HandLogDoc, {"teams"}),
        (dict(team.hands(all=True)["hands"][0]), shapes.HandRow, {"round", "table"}),
    ]
    for doc, shape, present in reads:
        required, optional = declared(shape)
        assert required <= set(doc) <= required | optional, (shape.__name__, set(doc) ^ required)
        assert present <= set(doc)
    assert kitchen.settlement()["unstaked"] == ["Kitchen"]
    kitchen.stake(Decimal("0.10"), since=date(2000, 1, 1))
    listed = book.matches()
    assert ([m["match"] for m in listed["matches"]], listed["current"]) == (
        ["Kitchen", "Teams", "Solo", "Tiles"],
        "Tiles",
    )
    assert kitchen.info()["stakes"] == [kitchen.info()["stake"]]
    assert kitchen.info()["stake"]["per_point"] == "0.10 a point"
    owed = kitchen.settlement()["balances"]
    assert [(b["from"], b["to"], b["amount"]) for b in owed] == []  # no game has finished
    assert [(p["match"], p["amount"]) for p in book.settlement()["in_play"]] == [
        ("Kitchen", "5.00")
    ]
    # Kitchen: Ann 8 v 20 (edited) +12, 3 v 9 +6, 30 from paper; Bob's gin +55, big gin +43
    standings = book.standings(match="Kitchen")
    assert [(r["player"], r["points"]) for r in standings["rows"]] == [("Ann", 48), ("Bob", 98)]
    assert book.check()["ok"] is True
    log = book.match("Kitchen").hands(last=2)
    assert (log["count"], log["total"], [h["kind"] for h in log["hands"]]) == (
        2,
        7,
        ["draw", "misdeal"],
    )


@pytest.mark.parametrize("cls", [gintally.Book, gintally.Match])
def test_help_names_every_public_method_as_a_programs_or_a_front_ends(cls: type) -> None:
    """``help(gintally.Book)`` starts with what a program needs and what only the front ends
    use: every public method is named there, so a new one cannot be left out."""
    public = {name for name in vars(cls) if not name.startswith("_")}
    named = set(re.findall(r"`(\w+)`", cls.__doc__ or ""))
    assert public - named == set()


def test_each_data_method_returns_the_keys_its_shape_declares(
    book: gintally.Book, tmp_path: Path
) -> None:
    kitchen = book.match("Kitchen")
    kitchen.void(1)
    out = io.StringIO()
    exported = book.export("Kitchen", out)
    as_json = book.export("Kitchen", tmp_path / "kitchen.json", format="json")
    with gintally.open(tmp_path / "cousins.db") as other:
        other.new_match("Cousins", ["Eve", "Fay"]).gin("Eve", 22)
    merged = book.merge(tmp_path / "cousins.db")
    paper = book.new_match("Paper", ["Ma", "Pop"])
    imported = book.import_(
        io.StringIO("date,winner,points\n1998-03-08,Ma,25\n1998-03-09,Pop,30\n")
    )
    page = book.report("Kitchen", out=tmp_path / "year.html")
    printed = book.print_page("pad", "Kitchen", paper="letter")
    deleted = book.delete_match("Cousins")
    docs: list[tuple[dict[str, Any], type]] = [
        (dict(exported), shapes.ExportDoc),
        (dict(as_json), shapes.ExportDoc),
        (dict(merged), shapes.MergeDoc),
        (dict(imported), shapes.ImportDoc),
        (dict(page), shapes.PageDoc),
        (dict(printed), shapes.PrintedDoc),
        (dict(deleted), shapes.DeletedDoc),
    ]
    for doc, shape in docs:
        required, optional = declared(shape)
        assert required <= set(doc) <= required | optional, (shape.__name__, set(doc) ^ required)
    assert exported == {
        "match": "Kitchen",
        "format": "csv",
        "hands": 1,
        "output": None,
        "voided": 1,
    }
    assert out.getvalue().count("\n") == 2  # the header and the live hand
    assert list(as_json) == ["match", "format", "hands", "output", "voided"]
    assert (as_json["hands"], as_json["voided"]) == (1, 1)
    assert (merged["new"]["matches"], merged["new"]["hands"], merged["renumbered"]) == (1, 1, [])
    assert (imported["match"], imported["imported"], imported["hands"]) == (paper.name, 2, [1, 2])
    assert (page["match"], page["output"]) == ("Kitchen", str(tmp_path / "year.html"))
    assert (printed["kind"], printed["paper"], printed["output"]) == ("pad", "letter", None)
    assert printed["html"].startswith("<!DOCTYPE html>")
    assert (deleted["deleted"], deleted["hands"]) == ("Cousins", 1)


# --- refusals made below the facade, in the caller's words ----------------------------------------


def below_the_facade(b: gintally.Book) -> dict[str, Callable[[], object]]:
    """Calls refused by a variant, settling, a stake, a new match's plan or a file, made on a
    book holding a Kitchen match (two hands) and the matches each refusal needs."""
    kitchen = b.match("Kitchen")
    dead = b.new_match("Dead", ["Ann", "Bob"], deck_out_scores=True)
    upcard = b.new_match("Upcard", ["Ann", "Bob"], rules="oklahoma")
    solo = b.new_match("Solo", ["Ann"], rules="gimlet")
    tiles = b.new_match("Tiles", ["Ann", "Bob"], rules="mahjong")
    priced = b.new_match("Priced", ["Ann", "Bob"], stake=Decimal("0.10"))
    b.backup(Path(str(b.path) + ".bak"))
    paper = Path(str(b.path) + ".csv")
    paper.write_text("date,winner,points\n1998-03-08,Ann,25\n", encoding="utf-8")
    b.import_(paper, "Kitchen")
    return {
        "imported before": lambda: b.import_(paper, "Kitchen"),
        "knock without vs": lambda: kitchen.knock("Ann", 8),
        "vs twice": lambda: kitchen.knock("Ann", 8, vs=3, vs_cards="AS 2S 3S 4S 5S 6S 7S 8S 9S TS"),
        "gin without vs": lambda: kitchen.gin("Ann"),
        "points of a knock": lambda: kitchen.edit(1, points=5),
        "back in time": lambda: kitchen.knock("Ann", 5, vs=20, date=date(1990, 1, 1)),
        "dead deck": lambda: dead.draw(),
        "upcard": lambda: upcard.knock("Ann", 3, vs=10),
        "second price": lambda: priced.stake(Decimal("0.20")),
        "places": lambda: b.new_match("P", ["Ann", "Bob"], stake=Decimal("0.1"), places=9),
        "solitaire of two": lambda: b.new_match("G", ["Ann", "Bob"], rules="gimlet"),
        "solitaire in sets": lambda: b.new_match("G", ["Ann"], rules="gimlet", format="hollywood"),
        "one player": lambda: b.new_match("G", ["Ann"]),
        "no piles": lambda: solo.gimlet("Ann"),
        "opponent in a solitaire": lambda: solo.knock("Ann", 3, vs=4),
        "mahjong table": lambda: tiles.gin("Ann"),
        "mahjong other points": lambda: tiles.score("Ann", 30),
        "mahjong impossible points": lambda: tiles.score("Ann", 30, vs_points=-999),
        "mahjong draw": lambda: tiles.draw(deadwood={"Ann": 3, "Bob": 4}),
        "backup exists": lambda: b.backup(Path(str(b.path) + ".bak")),
        "evening day and set": lambda: b.print_page(
            "evening", "Kitchen", day=date(2026, 1, 1), set_number=1
        ),
        "evening set of a single": lambda: b.print_page("evening", "Kitchen", set_number=1),
    }


BELOW_THE_FACADE = {
    "knock without vs": "give the defender's deadwood after laying off (vs)",
    "vs twice": "give the defender's deadwood (vs) or cards (vs_cards), not both",
    "gin without vs": "give the defender's deadwood (vs)",
    "points of a knock": (
        "hand 1 is a knock: its points come from the counts (to copy points from paper "
        "instead, give kind='score')"
    ),
    "back in time": (
        "the hand is dated 1990-01-01, before 1998-03-08, the day "  # the paper hand imported
        "the game in progress in "
        "'Kitchen' began: it would join that game. Keep old results in a paper-book match "
        "(gintally match new 'Kitchen paper book' --players Ann Bob), or give back_date=True "
        "to place it here by its date"
    ),
    "dead deck": "match 'Dead' scores a dead deck: give deadwood Ann=N deadwood Bob=N",
    "upcard": (
        "match 'Upcard' takes its knock limit from the upcard: give upcard "
        "(for example upcard='7D')"
    ),
    "second price": (
        "match 'Priced' has a stake already: give since, the day the new price starts "
        "(games closed before keep the old one)"
    ),
    "places": "places must be 0 to 6, not 9",
    "solitaire of two": (
        "Gimlet Rummy is solitaire: give one player (players=[NAME]), who plays against Phantom"
    ),
    "solitaire in sets": (
        "Gimlet Rummy is played one game at a time: use format='single', not hollywood"
    ),
    "one player": (
        "a match needs two players: players=[A, B] (one player is for Gimlet solitaire, "
        "rules='gimlet'), not 1"
    ),
    "no piles": (
        "give the four discard piles: piles=(S, H, D, C) (cards in each, after laying the "
        "deadwood on them)"
    ),
    "opponent in a solitaire": "Gimlet Rummy is solitaire: there is no opponent's deadwood (vs)",
    "mahjong table": "give the ginner's table (table=N, or the cards)",
    "mahjong other points": (
        "both players score every Mahjong hand: give the other player's points "
        "(vs_points=N, may be negative)"
    ),
    "mahjong impossible points": (
        "vs_points -999 is impossible: the other player scores -380 to 380 under these rules"
    ),
    "mahjong draw": "a drawn Mahjong hand scores nothing: no deadwood",
    "imported before": (
        "family.db.csv: its 1 hand was imported into Kitchen before (from family.db.csv on {day}, "
        "hand 3; 1 of them is there); give force=True to import them again"
    ),
    "backup exists": (
        "{db}.bak already exists: choose a new file for the backup, or give force=True"
    ),
    "evening day and set": (
        "an evening is a day or a set: give day 2026-01-01 or set_number 1, not both"
    ),
    "evening set of a single": (
        "Kitchen plays no sets (single): print its evening by day instead of set_number"
    ),
}


def test_a_refusal_made_below_the_facade_names_the_parameter_as_the_method_calls_it(
    book: gintally.Book,
) -> None:
    calls = below_the_facade(book)
    assert set(calls) == set(BELOW_THE_FACADE)
    names = [m["match"] for m in book.matches()["matches"]]
    for case, call in calls.items():
        hands = {name: book.match(name).hand_count(voided=True) for name in names}
        _, message = refusal(call)
        assert message == BELOW_THE_FACADE[case].format(db=book.path, day=date.today()), case
        assert "--" not in message.replace("--players Ann Bob", ""), case  # a command to run
        assert [m["match"] for m in book.matches()["matches"]] == names, case  # nothing written
        assert {name: book.match(name).hand_count(voided=True) for name in names} == hands


def test_a_front_end_book_keeps_the_command_lines_words(tmp_path: Path) -> None:
    """A Book opened for a front end that reads text (``Book(path, flags=True)``: the command
    line, ``play``, ``serve``) names the options as they are typed."""
    with gintally.Book(tmp_path / "cli.db", flags=True) as b:
        b.new_match("Kitchen", ["Ann", "Bob"]).knock("Ann", 8, vs=18)
        calls = below_the_facade(b)
        said = {case: refusal(call)[1] for case, call in calls.items()}
    assert said["knock without vs"] == "give the defender's deadwood after laying off (--vs)"
    assert said["dead deck"] == (
        "match 'Dead' scores a dead deck: give --deadwood Ann=N --deadwood Bob=N"
    )
    assert said["second price"].startswith("match 'Priced' has a stake already: give --from DATE")
    assert said["places"] == "--places must be 0 to 6, not 9"
    assert said["points of a knock"].endswith(
        "(to copy points from paper instead, add --kind score)"
    )
    assert said["backup exists"].endswith("or add --force")
    assert said["imported before"].endswith("; add --force to import them again")
    assert said["evening day and set"] == (
        "an evening is a day or a set: give --date 2026-01-01 or --set 1, not both"
    )


def test_the_entry_line_reads_its_text_into_the_librarys_values(
    gintally: Callable[..., Any], tmp_path: Path
) -> None:
    """``gintally play`` reads a year, a date and a payment's day from its line's text, as the
    commands do, and says what they say (a year typed there was handed to the library as text)."""
    from test_play import plain

    db = tmp_path / "evening.db"
    for args in (
        ("match", "new", "K", "-p", "Ann", "Bob", "--stake", "1"),
        ("knock", "Ann", "5", "--vs", "20", "--date", "2026-01-10"),
        ("gin", "Ann", "--vs", "90", "--date", "2026-01-10"),
    ):
        assert gintally("--db", str(db), *args).code == 0
    lines = [
        "standings --year 2026",
        "settle --since 2026-01-01",
        "pay Bob Ann 3 --date 2026-01-11",
    ]
    said = [gintally("--db", str(db), *line.split()).stdout for line in lines[:2]]
    done = plain(db, lines)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("".join(said))
    assert "Bob paid Ann 3.00 on 2026-01-11" in done.stdout


# The keys of a payment's document (`shapes.PaymentDoc`, declared the functional way for its
# "from": its keys are not on its class at run time).
PAYMENT = {"uid", "match", "from", "to", "date", "amount", "currency", "text", "note"}


def test_the_money_and_correction_answers_return_the_keys_their_shapes_declare(
    book: gintally.Book,
) -> None:
    kitchen = book.match("Kitchen")
    kitchen.gin("Bob", 90)  # Bob's game: 55 + 115
    first = kitchen.stake(Decimal("0.10"))  # after the latest hand: from the next game
    reaching = kitchen.stake(Decimal("0.20"), since=date(2000, 1, 1))
    price_undone = kitchen.undo()
    price_redone = kitchen.redo()
    paid = kitchen.pay("Bob", "Ann", 1)
    payment_undone = kitchen.undo()
    payment_redone = kitchen.redo()
    kitchen.gin("Ann", 20)
    hand_undone = kitchen.undo()
    hand_redone = kitchen.redo()
    stake_keys = declared(shapes.StakeSetDoc)
    assert set(first) == stake_keys[0] | {"starts"}
    assert set(reaching) == stake_keys[0] | {"covers"}
    assert set(first["starts"]) == declared(shapes.StartsDoc)[0]
    assert set(reaching["covers"]) == declared(shapes.CoversDoc)[0]
    assert set(first["stake"]) == declared(shapes.StakeDoc)[0]
    price = declared(shapes.PriceUndoDoc)
    assert set(price_undone) == price[0] | {"undid", "took_back"}
    assert set(price_redone) == price[0] | {"redid", "brought_back"}
    assert (price_undone.get("undid"), price_redone.get("redid")) == ("price", "price")
    assert set(paid) == PAYMENT | declared(shapes.PaidDoc)[0] == PAYMENT | {"balance"}
    payment = declared(shapes.PaymentUndoDoc)[0] | PAYMENT
    assert set(payment_undone) == payment | {"undid", "took_back"}
    assert set(payment_redone) == payment | {"redid", "brought_back"}
    assert (payment_undone.get("undid"), payment_redone.get("redid")) == ("payment", "payment")
    required, optional = declared(shapes.HandDoc)
    for doc in (hand_undone, hand_redone):
        assert required <= set(doc) <= required | optional
    assert "hand" in hand_undone and hand_undone["hand"] == 4
    assert (hand_undone.get("undid"), hand_redone.get("redid")) == ("hand", "hand")
    # a payment's amount is written as the match's places write it, as its text says
    assert (paid["amount"], paid["text"]) == ("1.00", "1.00")
    assert "uid" in payment_undone and payment_undone["amount"] == "1.00"
    assert [p["amount"] for p in book.settlement()["payments"]] == ["1.00"]
    assert set(book.settings()) == set().union(*declared(shapes.SettingsDoc)) == {"date_order"}
    assert book.settings("date_order", "dmy") == {"date_order": "dmy"}
    assert book.forget("date_order") == {"date_order": None}
