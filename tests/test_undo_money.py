"""Issue 35: undo takes back the latest change whatever it was, a price too, and redo brings
back a payment or a price; and every change says what it changed: the finished games, the
finished sets, a finished season's standing and who owes whom. Each case through the command
line with its exact figures, and through the library (`gintally.open`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, date, datetime, tzinfo
from pathlib import Path

import pytest

import gintally as library
from conftest import Run, as_json, ok, refused_line
from gintally.errors import GintallyError

CLI = Callable[..., Run]
PRICE_TAKEN = (
    "Took back the price of S: 1 a point from 2026-01-01.\n"
    "Balance changes: was Bob owes Ann 650.00; now Ann and Bob square\n"
)
PRICE_BACK = (
    "Brought back the price of S: 1 a point from 2026-01-01.\n"
    "Balance changes: was Ann and Bob square; now Bob owes Ann 650.00\n"
)
PAID_TAKEN = (
    "Took back the payment: Bob paid Ann 100.00 on 2026-01-12.\n"
    "Balance changes: was Bob owes Ann 550.00; now Bob owes Ann 650.00\n"
)
PAID_BACK = (
    "Brought back the payment: Bob paid Ann 100.00 on 2026-01-12.\n"
    "Balance changes: was Bob owes Ann 650.00; now Bob owes Ann 550.00\n"
)
NOTHING = "Error: match 'S' has nothing to redo: no undo since its latest change"


def _priced(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "100", "--date", "2026-01-10"))
    ok(gintally("score", "Ann", "100", "--date", "2026-01-11"))
    said = ok(gintally("match", "stake", "S", "1", "--from", "2026-01-01")).stdout
    assert "covers 2 finished games: Bob would owe Ann 650.00" in " ".join(said.split())


def test_undo_takes_back_a_price_and_redo_brings_it_back(gintally: CLI) -> None:
    _priced(gintally)
    assert ok(gintally("undo")).stdout == PRICE_TAKEN
    assert "stake" not in as_json(gintally("match", "show", "--json"))
    assert as_json(gintally("settle", "--json"))["balances"] == []
    assert ok(gintally("redo")).stdout == PRICE_BACK
    assert as_json(gintally("match", "show", "--json"))["stake"]["since"] == "2026-01-01"
    assert refused_line(gintally("redo")) == NOTHING
    doc = as_json(gintally("undo", "--json"))
    assert (doc["action"], doc["undid"], doc["match"], doc["stake"]["amount"]) == (
        "undid",
        "price",
        "S",
        "1",
    )
    assert doc["changed"] == [
        {
            "balance": "Ann and Bob",
            "was": {"from": "Bob", "to": "Ann", "amount": "650.00", "text": "650.00"},
            "now": None,
        }
    ]
    # the hands come after the price: undo takes back the newest first
    ok(gintally("redo"))
    ok(gintally("score", "Bob", "20", "--date", "2026-01-12"))
    assert as_json(gintally("undo", "--json"))["undid"] == "hand"
    assert ok(gintally("undo")).stdout == PRICE_TAKEN


def test_redo_brings_back_a_payment_taken_back(gintally: CLI) -> None:
    _priced(gintally)
    paid = as_json(gintally("pay", "Bob", "Ann", "100", "--date", "2026-01-12", "--json"))
    assert ok(gintally("undo")).stdout == PAID_TAKEN
    assert ok(gintally("redo")).stdout == PAID_BACK
    assert refused_line(gintally("redo")) == NOTHING
    assert as_json(gintally("settle", "--json"))["balances"][0]["text"] == "550.00"
    again = as_json(gintally("undo", "--json"))  # the payment recorded again: a fact of its own
    assert (again["undid"], again["amount"], again["date"]) == ("payment", "100.00", "2026-01-12")
    assert again["uid"] != paid["uid"]
    assert again["changed_text"] == [PAID_TAKEN.splitlines()[1]]


def test_the_library_undoes_and_redoes_money_alike() -> None:
    with library.open(":memory:") as book:
        match = book.new_match("S", ["Ann", "Bob"])
        match.score("Ann", 100, date=date(2026, 1, 10))
        match.score("Ann", 100, date=date(2026, 1, 11))
        match.stake("1", since=date(2026, 1, 1))
        taken = match.undo()
        assert (taken["undid"], taken["took_back"]) == ("price", PRICE_TAKEN.splitlines()[0])
        assert taken["changed_text"] == [PRICE_TAKEN.splitlines()[1]]
        back = match.redo()
        assert (back["redid"], back["changed_text"]) == ("price", [PRICE_BACK.splitlines()[1]])
        match.pay("Bob", "Ann", "100", date=date(2026, 1, 12))
        assert match.undo()["changed_text"] == [PAID_TAKEN.splitlines()[1]]
        assert match.redo()["brought_back"] == PAID_BACK.splitlines()[0]
        with pytest.raises(GintallyError, match="nothing to redo"):
            match.redo()


SET_LINES = [
    "Game 1 changes: was Ann 415-0, shutout, net 415; now Ann 460-0, shutout, net 460",
    "Set 1 changes: was Ann by 1245; now Ann by 1290",
    "Balance changes: was Bob owes Ann 62.25; now Bob owes Ann 64.50",
]


def test_an_edit_names_the_finished_set_and_the_balance_it_changes(gintally: CLI) -> None:
    ok(
        gintally(
            "match",
            "new",
            "H",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "hollywood",
            "--stake",
            "0.05",
        )
    )
    for _ in range(6):
        ok(gintally("score", "Ann", "40", "--date", "2026-02-01"))
    said = ok(gintally("edit", "1", "--points", "10")).stdout
    assert said.splitlines()[-3:] == SET_LINES
    doc = as_json(gintally("undo", "--json"))
    assert doc["changed"][1:] == [
        {
            "set": 1,
            "was": {"winner": "Ann", "margin": 1290},
            "now": {"winner": "Ann", "margin": 1245},
        },
        {
            "balance": "Ann and Bob",
            "was": {"from": "Bob", "to": "Ann", "amount": "64.50", "text": "64.50"},
            "now": {"from": "Bob", "to": "Ann", "amount": "62.25", "text": "62.25"},
        },
    ]


SEASON_LINES = [
    "Game 3 changes: was Bob 325-0, shutout, net 325; now not finished",
    "Season 2025 changes: was Bob 2-1 in games won; now tied 1-1 in games won",
    "Balance changes: was Ann owes Bob 3.25; now Ann and Bob square",
]


def _seasons(run: Callable[..., object]) -> None:
    for who, day in [("Ann", "2025-03-01"), ("Bob", "2025-03-02"), ("Bob", "2025-03-03")]:
        run("score", who, "100", "--date", day)
    run("score", "Ann", "30", "--date", "2026-01-05")


def test_a_void_names_the_finished_season_it_changes(gintally: CLI) -> None:
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob", "--stake", "0.01"))
    _seasons(lambda *a: ok(gintally(*a)))
    assert ok(gintally("void", "3")).stdout.splitlines()[-3:] == SEASON_LINES
    doc = as_json(gintally("undo", "--json"))
    assert doc["changed"][1] == {
        "season": "2025",
        "was": {"winner": None, "games_won": {"Ann": 1, "Bob": 1}},
        "now": {"winner": "Bob", "games_won": {"Ann": 1, "Bob": 2}},
    }
    said = ok(gintally("score", "Ann", "100", "--date", "2025-03-04", "--back-date")).stdout
    assert said.splitlines()[-3:] == [
        "Game 4 changes: was not finished; now Ann 325-0, shutout, net 325",
        "Season 2025 changes: was Bob 2-1 in games won; now tied 2-2 in games won",
        "Balance changes: was Ann owes Bob 3.25; now Ann and Bob square",
    ]


def test_the_library_names_sets_seasons_and_balances_alike() -> None:
    with library.open(":memory:") as book:
        match = book.new_match("M", ["Ann", "Bob"], stake="0.01")
        _seasons(
            lambda _, who, points, __, day: match.score(
                who, int(points), date=date.fromisoformat(day)
            )
        )
        assert match.void(3)["changed_text"] == SEASON_LINES


def test_a_price_taken_back_merges_like_a_payment_taken_back(gintally: CLI, tmp_path: Path) -> None:
    _priced(gintally)
    here = tmp_path / "ledger.db"
    other = tmp_path / "other.db"
    other.write_bytes(here.read_bytes())
    assert ok(gintally("--db", str(other), "undo")).stdout == PRICE_TAKEN
    said = ok(gintally("merge", str(other))).stdout
    assert "1 price taken back" in said
    assert "stake" not in as_json(gintally("match", "show", "--json"))
    assert "nothing new" in ok(gintally("merge", str(other))).stdout


def test_a_price_set_again_since_the_undo_is_not_doubled_by_redo(gintally: CLI) -> None:
    _priced(gintally)
    ok(gintally("undo"))
    ok(gintally("match", "stake", "S", "2", "--from", "2026-01-01"))
    assert refused_line(gintally("redo")) == (
        "Error: match 'S' has a price from 2026-01-01 again since the undo: nothing to redo"
    )
    assert [s["amount"] for s in as_json(gintally("match", "show", "--json"))["stakes"]] == ["2"]


def test_play_takes_back_a_price_and_brings_it_back_saying_so(db_path: Path) -> None:
    import subprocess
    import sys

    command = [str(Path(sys.executable).parent / "gintally"), "--db", str(db_path)]
    setup = (
        "match new S --players Ann Bob",
        "score Ann 100 --date 2026-01-10",
        "match stake S 1 --from 2026-01-01",
    )
    for line in setup:
        subprocess.run([*command, *line.split()], check=True, capture_output=True)
    played = subprocess.run(
        [*command, "play", "--plain"],
        input="u\nredo\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "Took back the price of S: 1 a point from 2026-01-01." in played.stdout
    assert "Balance changes: was Bob owes Ann 325.00; now Ann and Bob square" in played.stdout
    # redo in play says what it brought back, as the command does
    assert "Brought back the price of S: 1 a point from 2026-01-01." in played.stdout
    assert "Balance changes: was Ann and Bob square; now Bob owes Ann 325.00" in played.stdout


def test_a_price_taken_back_travels_in_a_json_export(gintally: CLI, tmp_path: Path) -> None:
    _priced(gintally)
    here = tmp_path / "ledger.db"
    other = tmp_path / "other.db"
    other.write_bytes(here.read_bytes())
    ok(gintally("--db", str(other), "undo"))
    out = tmp_path / "s.json"
    ok(gintally("--db", str(other), "export", "--format", "json", "--output", str(out)))
    back = json.loads(out.read_text(encoding="utf-8"))["match"]["stakes_taken_back"]
    assert [(p["amount"], p["since"], p["taken_back"]["reason"]) for p in back] == [
        ("1", "2026-01-01", "undo")
    ]
    ok(gintally("import", str(out), "--force"))
    assert "stake" not in as_json(gintally("match", "show", "--json"))
    assert as_json(gintally("settle", "--json"))["balances"] == []


class _OneSecond(datetime):
    """A clock stopped in one second, for every write of a test: a fast program (or a script)
    records several changes in one second, and `undo` must still take back the last one."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> _OneSecond:
        return cls(2026, 1, 12, 20, 0, 0, tzinfo=UTC)


@pytest.fixture
def one_second(monkeypatch: pytest.MonkeyPatch) -> None:
    from gintally.ledger import core, identity

    monkeypatch.setattr(core, "datetime", _OneSecond)  # every row's created_at
    monkeypatch.setattr(identity, "datetime", _OneSecond)  # every ordered uid's time


@pytest.mark.usefixtures("one_second")
def test_undo_takes_back_the_last_of_changes_made_in_one_second() -> None:
    # An edit, a price and a payment in one second: undo takes back the payment, then the
    # price, then the edit (it took back the price first: a payment's uid ordered nothing).
    with library.open(":memory:") as book:
        match = book.new_match("S", ["Ann", "Bob"])
        match.score("Ann", 100, date=date(2026, 1, 10))
        match.score("Ann", 100, date=date(2026, 1, 11))
        match.edit(2, points=90)
        match.stake("1", since=date(2026, 1, 1))
        match.pay("Bob", "Ann", "100", date=date(2026, 1, 12))
        assert [match.undo()["undid"] for _ in range(3)] == ["payment", "price", "edit"]
        # a payment, then a price: the price is the later one
        match.stake("1", since=date(2026, 1, 1))
        owed = book.settlement()["balances"]
        match.pay("Bob", "Ann", "5", date=date(2026, 1, 12))
        match.stake("2", since=date(2026, 1, 11))
        assert [match.undo()["undid"] for _ in range(2)] == ["price", "payment"]
        # a payment, then a void: the void is undone first (the hand comes back)
        match.pay("Bob", "Ann", "7", date=date(2026, 1, 12))
        match.void(2)
        assert [match.undo()["undid"] for _ in range(2)] == ["void", "payment"]
        assert [h["points"] for h in match.hands()["hands"]] == [100, 100]
        assert book.settlement()["balances"] == owed != []


def test_an_edit_in_an_early_season_says_what_the_whole_match_says_of_it() -> None:
    """A correction folds its season's standing from the hands up to the season's end only: a
    game open at the end of 2024 and won in 2025 counts in 2025, so the 2024 it reports is the
    one `standings` of the whole match gives, before and after, with seasons played after it."""
    from datetime import date

    with library.open(":memory:") as book:
        m = book.new_match("M", ["Ann", "Bob"])
        m.score("Ann", 100, date=date(2024, 3, 1))  # game 1: Ann's
        m.score("Bob", 60, date=date(2024, 3, 2))  # game 2 opens in 2024...
        m.score("Bob", 60, date=date(2025, 1, 5))  # ...and Bob wins it in 2025
        for day in range(1, 4):
            m.score("Bob", 100, date=date(2025, 2, day))
        m.score("Ann", 10, date=date(2026, 1, 2))

        def standing(year: int) -> dict[str, int]:
            rows = book.standings(year, "M")["rows"]
            return {r["player"]: r["games_won"] for r in rows}

        assert (standing(2024), standing(2025)) == ({"Ann": 1, "Bob": 0}, {"Ann": 0, "Bob": 4})
        doc = m.edit(1, points=90)  # game 1 is no longer won in 2024
        assert doc["changed"][-1] == {
            "season": "2024",
            "was": {"winner": "Ann", "games_won": {"Ann": 1, "Bob": 0}},
            "now": None,
        }
        assert (standing(2024), standing(2025)) == ({"Ann": 0, "Bob": 0}, {"Ann": 0, "Bob": 4})
