"""A household's first month (issue 35), cases 1, 3, 4, 5, 8, 9 and 10: counts typed as people
type them, money that never reaches back unasked, one figure in `settle` and `show`, and a
second device brought in with one command. Each case runs through the command line with its
exact figures, and through the library (`gintally.open`)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

import gintally as library
from conftest import Run, as_json, ok, refused_line
from gintally.errors import GintallyError

CLI = Callable[..., Run]


# --- case 3: counts as people type them ----------------------------------------------------------


def test_counts_typed_by_position_are_the_options_they_stand_for(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    assert (
        "Hand 1: Ann knocks with 8, Bob has 18: Ann +10"
        in ok(gintally("knock", "Ann", "8", "18")).stdout
    )
    assert "Hand 2: Ann goes gin, Bob has 30: Ann +55" in ok(gintally("gin", "Ann", "30")).stdout
    assert (
        "Hand 3: Bob goes big gin, Ann has 30: Bob +61"
        in ok(gintally("big-gin", "Bob", "30")).stdout
    )
    typed = as_json(gintally("hands", "--json"))["hands"]
    assert [h["points"] for h in typed] == [10, 55, 61]


def test_an_extra_count_is_named_and_nothing_is_written(gintally: CLI, db_path: Path) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "8", "18"))
    before = db_path.read_bytes()
    assert refused_line(gintally("knock", "Ann", "8", "18", "40")) == (
        "Error: knock takes 3 values at most (PLAYER DEADWOOD VS); the extra '40' is over"
    )
    assert refused_line(gintally("gin", "Ann", "30", "--vs", "20")) == (
        "Error: gin: --vs is given twice (20 and 30)"
    )
    assert db_path.read_bytes() == before


def test_the_library_and_the_command_line_place_counts_alike(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        assert m.knock("Ann", 8, 18)["points"] == 10
        assert m.gin("Ann", 30)["points"] == 55
        assert m.big_gin("Bob", 30)["points"] == 61


# --- case 1: money never reaches back unasked ----------------------------------------------------


def _two_finished_games(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "100", "--date", "2020-01-10"))
    ok(gintally("score", "Ann", "100"))


def test_a_first_price_starts_after_the_finished_games(gintally: CLI) -> None:
    _two_finished_games(gintally)
    said = " ".join(ok(gintally("match", "stake", "S", "1")).stdout.split())
    assert said == (
        "Match S is played at 1 a point from the next game, after 2 finished games (--from "
        "DATE prices them too)."
    )
    assert as_json(gintally("settle", "--json"))["balances"] == []
    assert "All square." in ok(gintally("settle")).stdout


def test_a_price_from_a_date_says_what_it_covers(gintally: CLI) -> None:
    _two_finished_games(gintally)
    said = ok(gintally("match", "stake", "S", "1", "--from", "2020-01-01")).stdout
    assert " ".join(said.split()) == (
        "Match S is played at 1 a point from 2020-01-01: it covers 2 finished games: Bob would "
        "owe Ann 650.00."
    )
    assert "Bob owes Ann 650.00." in ok(gintally("settle")).stdout


def test_the_library_returns_what_a_price_covers(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        m.score("Ann", 100, date=date(2020, 1, 10))
        m.score("Ann", 100)
        first = m.stake(1)
        assert "covers" not in first and first["stake"]["since"] is None
        assert first["stake"]["after_hand"] == 2 and first["starts"]["finished"] == 2
        assert book.settlement()["balances"] == []
        back = m.stake(1, since=date(2020, 1, 1))
        assert back["covers"] == {
            "games": 2,
            "sets": 0,
            "text": "covers 2 finished games: Bob would owe Ann 650.00",
        }
        with pytest.raises(GintallyError, match="has a stake from 2020-01-01 already"):
            m.stake(2, since=date(2020, 1, 1))


def test_a_price_on_a_match_with_a_game_under_way_starts_with_the_next(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "40"))
    doc = as_json(gintally("match", "stake", "S", "1", "--json"))
    assert doc == {
        "match": "S",
        "stake": as_json(gintally("match", "show", "--json"))["stake"],
        "starts": {
            "next": "game",
            "under_way": {"what": "game", "numbers": [1]},
            "finished": 0,
            "text": "from the next game, after game 1 under way",
        },
    }
    assert (doc["stake"]["since"], doc["stake"]["after_hand"]) == (None, 1)


# --- case 8: settle and show say what their figure counts ----------------------------------------


def test_show_names_what_each_figure_counts(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "--players", "Ann", "Bob", "--format", "hollywood"))
    ok(gintally("match", "stake", "H", "0.05", "--currency", "$"))
    ok(gintally("score", "Ann", "60"))
    out = ok(gintally("show")).stdout
    assert "Set 1 so far, its open game included: Ann is 60 points ahead, worth $3.00." in out
    settled = ok(gintally("settle")).stdout
    assert "Set 1 so far, its open game included: Ann is 60 points ahead, worth $3.00." in settled


# --- case 5: a new ledger starts from an export or a merge; match delete ------------------------


def _saturday(gintally: CLI, db: Path) -> None:
    for args in (
        (
            "match",
            "new",
            "Saturday night",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "hollywood",
            "--dealer",
            "Bob",
            "--stake",
            "0.05",
            "--currency",
            "$",
        ),
        ("knock", "Ann", "8", "18"),
        ("gin", "Bob", "20"),
        ("pay", "Bob", "Ann", "1"),
        ("edit", "1", "--vs", "20"),
    ):
        ok(gintally("--db", str(db), *args))


def test_an_export_starts_a_new_ledger(gintally: CLI, tmp_path: Path) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    _saturday(gintally, first)
    out = tmp_path / "sat.json"
    ok(gintally("--db", str(first), "export", "--format", "json", "--output", str(out)))
    said = ok(gintally("--db", str(second), "import", str(out))).stdout
    assert said == "Imported 2 hands, 1 correction and 1 payment into Saturday night.\n"
    shown = [
        as_json(gintally("--db", str(db), "match", "show", "--json")) for db in (first, second)
    ]
    for doc in shown:
        del doc["created"]
    assert shown[0] == shown[1]  # players, format, rules, first dealer and prices
    assert shown[1]["first_dealer"] == "Bob"
    settled = [as_json(gintally("--db", str(db), "settle", "--json")) for db in (first, second)]
    assert settled[0] == settled[1]
    merged = ok(gintally("--db", str(second), "merge", str(first))).stdout
    assert "nothing new; 2 hands already here" in merged


def test_a_merge_starts_a_new_ledger_and_a_match_can_be_deleted(
    gintally: CLI, tmp_path: Path
) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    _saturday(gintally, first)
    said = ok(gintally("--db", str(second), "merge", str(first))).stdout
    assert said.startswith(
        f"Merged {first} into {second}: 2 players, 1 match, 2 hands, 1 correction, 1 payment, "
        "1 price new."
    )
    asked = gintally("--db", str(second), "match", "delete", "Saturday night")
    assert asked.code == 2 and "Delete match Saturday night and its 2 hands?" in asked.stdout
    assert asked.stderr == (
        "Error: match 'Saturday night' was not deleted: answer y, or give --yes\n"
    )
    assert as_json(gintally("--db", str(second), "match", "list", "--json"))["matches"] != []
    done = as_json(
        gintally("--db", str(first), "match", "delete", "saturday night", "--yes", "--json")
    )
    assert done["deleted"] == "Saturday night" and done["hands"] == 2
    backup = Path(done["backup"])
    assert backup.parent == tmp_path and backup.name.startswith("first-before-deleting-")
    kept = as_json(gintally("--db", str(backup), "hands", "--json"))["hands"]
    assert [h["points"] for h in kept] == [12, 45]
    assert ok(gintally("--db", str(first), "check")).stdout.endswith("no problems found\n")


def test_a_suggested_stake_command_works_when_copied(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "Saturday night", "--players", "Ann", "Bob"))
    line = refused_line(gintally("pay", "Bob", "Ann", "1"))
    assert line == (
        "Error: match 'Saturday night' has no stake: set one (gintally match stake "
        "'Saturday night' AMOUNT) before paying in it"
    )
    suggested = shlex.split(line.split("(gintally ")[1].split(")")[0].replace("AMOUNT", "0.05"))
    ok(gintally(*suggested))
    ok(gintally("pay", "Bob", "Ann", "1"))


# --- case 4: two devices, one book -----------------------------------------------------------


def test_an_edited_hand_copied_by_csv_agrees_in_a_merge(gintally: CLI, tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    for db in (a, b):
        ok(gintally("--db", str(db), "match", "new", "Grandpa's book", "--players", "Ma", "Pop"))
    ok(gintally("--db", str(a), "score", "Ma", "20"))
    ok(gintally("--db", str(a), "score", "Pop", "15"))
    ok(gintally("--db", str(a), "edit", "2", "--points", "18", "--reason", "Pop had 18"))
    csv = tmp_path / "a.csv"
    ok(gintally("--db", str(a), "export", "--output", str(csv)))
    ok(gintally("--db", str(b), "import", str(csv)))
    assert (
        "nothing new; 2 hands already here" in ok(gintally("--db", str(a), "merge", str(b))).stdout
    )
    assert (
        "1 correction new; 2 hands already here"
        in ok(gintally("--db", str(b), "merge", str(a))).stdout
    )
    points = [
        [h["points"] for h in as_json(gintally("--db", str(db), "hands", "--json"))["hands"]]
        for db in (a, b)
    ]
    assert points == [[20, 18], [20, 18]]


def test_a_match_begun_on_each_device_merges_when_asked(gintally: CLI, tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(gintally("--db", str(a), "match", "new", "Grandpa's book", "--players", "Ma", "Pop"))
    ok(
        gintally(
            "--db",
            str(b),
            "match",
            "new",
            "Grandpa's book",
            "--players",
            "Ma",
            "Pop",
            "--dealer",
            "Pop",
        )
    )
    ok(gintally("--db", str(a), "score", "Ma", "20"))
    ok(gintally("--db", str(b), "score", "Pop", "30"))
    line = refused_line(gintally("--db", str(a), "merge", str(b)))
    suggested = f'gintally merge {b} --same-match "Grandpa\'s book"'
    assert line.endswith(
        'match "Grandpa\'s book" was made here and there apart (other first dealer): if it is '
        f"one book, {suggested} brings its hands together (this ledger's first dealer stands)"
    )
    assert "rename" not in line
    done = ok(gintally("--db", str(a), *shlex.split(suggested)[1:])).stdout
    assert done.startswith(f"Merged {b} into {a}: 1 hand new.")
    again = ok(gintally("--db", str(a), "merge", str(b))).stdout  # joined: it stays joined
    assert "nothing new; 1 hand already here" in again
    hands = as_json(gintally("--db", str(a), "hands", "--json"))["hands"]
    assert [(h["winner"], h["points"]) for h in hands] == [("Ma", 20), ("Pop", 30)]
    with library.open(a) as book, pytest.raises(GintallyError, match="no match of that name"):
        book.merge(b, same_match="Another")


def test_the_library_deletes_a_match_and_merges_into_a_new_ledger(tmp_path: Path) -> None:
    with library.open(tmp_path / "a.db") as book:
        m = book.new_match("S", ["Ann", "Bob"])
        m.knock("Ann", 8, 18)
    with library.open(tmp_path / "b.db") as other:
        assert other.merge(tmp_path / "a.db")["new"]["hands"] == 1
        done = other.delete_match("S")
        assert (done["deleted"], done["hands"]) == ("S", 1)
        assert other.matches()["matches"] == []


# --- cases 9, 10: the same words everywhere ------------------------------------------------------


def test_won_and_played_are_named(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "8", "18"))
    ok(gintally("gin", "Ann", "30"))
    standings = ok(gintally("standings")).stdout
    assert "  player  games  won  points" in standings and "won: hands won" in standings
    stats = ok(gintally("stats")).stdout
    assert "  player  matches  played  won" in stats
    assert "played: hands played; won: hands won" in stats


def test_export_and_import_count_alike(gintally: CLI, tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "c.db"
    ok(gintally("--db", str(a), "match", "new", "V", "--players", "Ma", "Pop"))
    for _ in range(4):
        ok(gintally("--db", str(a), "score", "Ma", "10"))
    ok(gintally("--db", str(a), "void", "2"))
    out = tmp_path / "v.json"
    said = ok(gintally("--db", str(a), "export", "--format", "json", "--output", str(out))).stdout
    assert said == f"Wrote 3 hands, plus 1 voided, of V to {out}.\n"
    assert ok(gintally("--db", str(b), "import", str(out))).stdout == (
        "Imported 3 hands, plus 1 voided, and 1 correction into V.\n"
    )
    csv = tmp_path / "v.csv"
    said = ok(gintally("--db", str(a), "export", "--output", str(csv))).stdout
    assert " ".join(said.split()) == (
        f"Wrote 3 hands of V to {csv} (not its 1 voided: a CSV holds the hands as they stand)."
    )
    ok(gintally("--db", str(c), "match", "new", "V", "--players", "Ma", "Pop"))
    said = ok(gintally("--db", str(c), "import", str(csv))).stdout
    assert " ".join(said.split()) == (
        "Imported 3 hands into V. 2 hands took other numbers here than in the file: its hand 3 "
        "is hand 2 here (gintally hands shows them)."
    )
    with library.open(c) as book:
        assert book.import_(csv, force=True)["renumbered"] == {"hands": 3, "file": 1, "here": 4}


def test_a_csv_export_names_the_prices_and_payments_it_leaves(
    gintally: CLI, tmp_path: Path
) -> None:
    # A CSV holds hands only: an export says which of the match's prices and payments it does
    # not carry, and where they are (a JSON export brings them back on another device).
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "8", "--vs", "18"))
    ok(gintally("match", "stake", "S", "0.05", "--from", "2000-01-01"))
    csv = tmp_path / "s.csv"
    said = ok(gintally("export", "--output", str(csv))).stdout
    assert " ".join(said.split()) == (
        f"Wrote 1 hand of S to {csv} (not its 1 price: a CSV holds the hands as they stand; a "
        "JSON export carries them)."
    )
    ok(gintally("pay", "Bob", "Ann", "0.50"))
    ok(gintally("pay", "Bob", "Ann", "0.10"))
    ok(gintally("gin", "Bob", "--vs", "30"))
    ok(gintally("void", "2"))
    done = as_json(gintally("export", "--output", str(csv), "--force", "--json"))
    assert done == {
        "match": "S",
        "format": "csv",
        "hands": 1,
        "output": str(csv),
        "voided": 1,
        "prices": 1,
        "payments": 2,
    }
    said = ok(gintally("export", "--output", str(csv), "--force")).stdout
    assert " ".join(said.split()) == (
        f"Wrote 1 hand of S to {csv} (not its 1 voided, 1 price and 2 payments: a CSV holds the "
        "hands as they stand; a JSON export carries the rest)."
    )
    out = tmp_path / "s.json"
    said = ok(gintally("export", "--output", str(out))).stdout
    assert said == f"Wrote 1 hand, plus 1 voided, of S to {out}.\n"
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert len(doc["payments"]) == 2 and len(doc["match"]["stakes"]) == 1


# --- smaller ones ---------------------------------------------------------------------------------


def test_a_payment_shows_the_balance_after_it_and_an_overpayment(gintally: CLI) -> None:
    ok(
        gintally(
            "match", "new", "P", "--players", "Ann", "Bob", "--stake", "0.1", "--currency", "€"
        )
    )
    assert "Played at €0.10 a point." in ok(gintally("match", "show")).stdout
    ok(gintally("score", "Ann", "100"))
    assert ok(gintally("settle")).stdout.startswith("Bob owes Ann €32.50.")
    assert ok(gintally("pay", "Bob", "Ann", "10")).stdout.endswith(
        "(P). Bob still owes Ann €22.50.\n"
    )
    assert ok(gintally("pay", "Bob", "Ann", "30")).stdout.endswith(
        "(P). That is more than was owed: Ann owes Bob €7.50 now.\n"
    )
    doc = as_json(gintally("pay", "Ann", "Bob", "7.5", "--json"))
    assert doc["balance"] is None
    assert ok(gintally("settle")).stdout.startswith("All square.")


def test_every_suggested_command_works_when_copied(gintally: CLI, tmp_path: Path) -> None:
    """The commands the messages suggest, run as a person copies them (placeholders filled)."""
    filled = {"AMOUNT": "0.05"}
    ran = []

    def run_suggested(text: str) -> None:
        command = (
            text[text.index("gintally ") :].split(")")[0].split(" brings")[0].strip().rstrip(".")
        )
        for placeholder, value in filled.items():
            command = command.replace(placeholder, value)
        ran.append(command)
        ok(gintally(*shlex.split(command)[1:]))

    ok(gintally("match", "new", "Saturday night", "--players", "Ann", "Bob"))
    run_suggested(ok(gintally("settle")).stdout)
    ok(gintally("match", "new", "Sunday night", "--players", "Ann", "Bob"))
    run_suggested(refused_line(gintally("pay", "Bob", "Ann", "1", "--match", "Sunday night")))
    ok(gintally("pay", "Bob", "Ann", "1", "--match", "Sunday night"))
    other = tmp_path / "other.db"
    ok(
        gintally(
            "--db",
            str(other),
            "match",
            "new",
            "Saturday night",
            "--players",
            "Ann",
            "Bob",
            "--dealer",
            "Bob",
        )
    )
    ok(gintally("--db", str(other), "score", "Bob", "20"))
    run_suggested(refused_line(gintally("merge", str(other))))
    assert ran == [
        "gintally match stake 'Saturday night' 0.05",
        "gintally match stake 'Sunday night' 0.05",
        f"gintally merge {other} --same-match 'Saturday night'",
    ]


def test_players_are_listed_alphabetically_accents_aside(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "Z", "--players", "Zoë", "Émile"))
    assert ok(gintally("player", "list")).stdout == "Émile\nZoë\n"
    with library.open(tmp_path / "ledger.db") as book:
        assert book.players() == ["Émile", "Zoë"]


def test_a_payment_here_in_another_match_is_left_out_and_said(
    gintally: CLI, tmp_path: Path
) -> None:
    ok(gintally("match", "new", "P", "--players", "Ann", "Bob", "--stake", "0.1"))
    ok(gintally("score", "Ann", "100"))
    ok(gintally("pay", "Bob", "Ann", "10"))
    out = tmp_path / "p.json"
    ok(gintally("export", "--format", "json", "--output", str(out)))
    ok(gintally("match", "new", "Q", "--players", "Ann", "Bob", "--stake", "0.1"))
    said = ok(gintally("import", str(out), "--match", "Q", "--force")).stdout
    assert said == (
        "Imported 1 hand into Q.\n1 payment of the file left out: here already, in another match.\n"
    )


def test_the_library_starts_a_new_ledger_from_an_export(gintally: CLI, tmp_path: Path) -> None:
    first = tmp_path / "first.db"
    _saturday(gintally, first)
    out = tmp_path / "sat.json"
    ok(gintally("--db", str(first), "export", "--format", "json", "--output", str(out)))
    with library.open(tmp_path / "new.db") as book:
        done = book.import_(out)
        assert (done["match"], done["imported"], done["corrections"], done["payments"]) == (
            "Saturday night",
            2,
            1,
            1,
        )
        m = book.match()
        assert m.info()["first_dealer"] == "Bob"
        assert m.info()["stake"]["per_point"] == "$0.05 a point"
    with library.open(tmp_path / "other.db") as book, pytest.raises(GintallyError):
        book.import_(tmp_path / "missing.json")
    assert not (tmp_path / "other.db").exists()


def test_a_count_the_match_does_not_take_is_an_extra_one(gintally: CLI, db_path: Path) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    assert refused_line(gintally("gin", "Ann", "30", "40")) == (
        "Error: gin takes 2 values at most (PLAYER VS); the extra '40' is over"
    )
    played = subprocess.run(
        [str(Path(sys.executable).parent / "gintally"), "--db", str(db_path), "play", "--plain"],
        input="g Ann 30 40\ng Ann 30\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "gin takes 2 values at most (PLAYER VS); the extra '40' is over" in played.stdout + (
        played.stderr
    )
    assert "Hand 1: Ann goes gin, Bob has 30: Ann +55" in played.stdout
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--rules", "mahjong"))
    said = ok(gintally("gin", "Ann", "10", "40", "30")).stdout
    assert said.startswith("Hand 1 in M: Ann goes gin with 40 on the table; Bob has 30 on the")
