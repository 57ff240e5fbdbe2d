"""Money through the library facade and ``gintally play`` (SPEC section 10, issues 22 and 23).

`Book.new_match(stake=...)`, `Match.stake`, `Match.pay`, `Book.pay`, `Match.settlement` and
`Book.settlement` return exactly the document the command's ``--json`` prints (two ledgers keep
the same evening, one through the command line, one through the library); `Match.undo` and
`play`'s ``u`` take back what the command line's ``undo`` takes back: a payment recorded after
the match's last hand, then the hand. A refusal raises the command line's error and writes
nothing.

The evening is the stakes tests' Hollywood set at five cents a point (`test_stakes`): Ann wins
it by 1005, so Bob owes Ann $50.25.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from test_play import plain

import gintally as library
from conftest import Commands, Run, as_json, ok, refused_line
from gintally.errors import GintallyError, NotFoundError

CLI = Callable[..., Run]
Step = tuple[tuple[str, ...], Callable[[library.Book], Any]]
GINTALLY = Path(sys.executable).parent / "gintally"
HANDS = [("Ann", 60), ("Bob", 20), ("Ann", 50), ("Ann", 30), ("Ann", 40), ("Ann", 30)]


def untimed(doc: Any) -> Any:
    """A document without what differs between two ledgers: when a match was made (to the
    second) and a payment's uid (random)."""
    if isinstance(doc, dict):
        return {k: untimed(v) for k, v in doc.items() if k not in ("created", "uid")}
    if isinstance(doc, list):
        return [untimed(v) for v in doc]
    return doc


@pytest.fixture
def twins(tmp_path: Path, gintally: CLI) -> Iterator[Callable[[list[Step]], list[Any]]]:
    """Play steps on two ledgers, the command line's and the library's; each step's JSON
    document must equal the library method's return value (returned, for more checks)."""
    cli_db = str(tmp_path / "cli.db")
    book = library.open(tmp_path / "lib.db")

    def play(steps: list[Step]) -> list[Any]:
        out = []
        for args, call in steps:
            expected = as_json(gintally("--db", cli_db, *args, "--json"))
            got = call(book)
            assert json.loads(json.dumps(got)) == got  # plain JSON values, as printed
            assert untimed(got) == untimed(expected), args
            out.append(got)
        return out

    yield play
    book.close()


def m(book: library.Book) -> library.Match:
    return book.match()


def evening() -> list[Step]:
    """The staked Hollywood match made, and its set played to the end."""
    new = (
        "match",
        "new",
        "S",
        "--players",
        "Ann",
        "Bob",
        "--format",
        "hollywood",
        "--stake",
        "0.05",
        "--currency",
        "$",
    )
    steps: list[Step] = [(new, _made)]
    steps += [(("score", who, str(points)), _scored(who, points)) for who, points in HANDS]
    return steps


def _made(book: library.Book) -> dict[str, Any]:
    """``match new --json`` of the staked match: its record and its stake."""
    made = book.new_match(
        "S", ["Ann", "Bob"], format="hollywood", stake=Decimal("0.05"), currency="$"
    )
    info = made.info()
    assert info["stakes"] == [info["stake"]]  # `match show` lists every stake
    shown: dict[str, Any] = {k: v for k, v in info.items() if k != "stakes"}
    return shown


def _scored(who: str, points: int) -> Callable[[library.Book], Any]:
    return lambda b: m(b).score(who, points)


def test_a_staked_evening_settled_paid_and_undone_through_the_library(twins: Any) -> None:
    twins(evening())
    settled, every = twins(
        [
            (("settle",), lambda b: m(b).settlement()),
            (("settle", "--all"), lambda b: b.settlement()),
        ]
    )
    assert [(x["from"], x["to"], x["amount"]) for x in settled["balances"]] == [
        ("Bob", "Ann", "50.25")
    ]
    assert every["balances"] == settled["balances"]
    paid, after, undone, again = twins(
        [
            (
                ("pay", "Bob", "Ann", "20", "--note", "cash"),
                lambda b: m(b).pay("Bob", "Ann", Decimal(20), note="cash"),
            ),
            (("settle",), lambda b: m(b).settlement()),
            (("undo",), lambda b: m(b).undo()),  # the payment came after the last hand
            (("settle",), lambda b: m(b).settlement()),
        ]
    )
    said = (paid["from"], paid["to"], paid["amount"], paid["text"])
    assert said == ("Bob", "Ann", "20.00", "$20.00")  # the amount as the match's places write it
    assert after["balances"][0]["amount"] == "30.25"
    assert (undone["action"], undone["amount"], undone["uid"]) == ("undid", "20.00", paid["uid"])
    assert again["balances"][0]["amount"] == "50.25"
    paid, hand, took_hand, took_payment, last = twins(
        [
            (("pay", "Bob", "Ann", "50.25"), lambda b: b.pay("Bob", "Ann", "50.25")),
            (("score", "Bob", "10"), _scored("Bob", 10)),  # a hand after the payment
            (("undo",), lambda b: m(b).undo()),  # the hand first
            (("undo",), lambda b: m(b).undo()),  # then the payment
            (("undo",), lambda b: m(b).undo()),  # then the hands, as before
        ]
    )
    assert (took_hand["action"], took_hand["hand"]) == ("undid", hand["hand"]) == ("undid", 7)
    assert (took_payment["action"], took_payment["amount"]) == ("undid", "50.25")
    assert (last["action"], last["hand"]) == ("undid", 6)


def test_a_stake_changed_from_a_day_on_through_the_library(twins: Any) -> None:
    twins(evening())
    changed, shown = twins(
        [
            (
                ("match", "stake", "S", "0.10", "--from", "2030-01-01"),
                lambda b: m(b).stake(Decimal("0.10"), since=date(2030, 1, 1)),
            ),
            (("match", "show"), lambda b: m(b).info()),
        ]
    )
    assert changed == {
        "match": "S",
        "stake": {
            "amount": "0.10",
            "currency": "$",
            "places": 2,
            "per_point": "$0.10 a point",
            "since": "2030-01-01",
            "series": None,
            "after_hand": None,
        },
    }
    assert [s["amount"] for s in shown["stakes"]] == ["0.05", "0.10"]
    assert shown["stake"] == changed["stake"]


def test_a_match_without_a_stake_is_shown_and_settled_as_the_command_line_does(
    twins: Any,
) -> None:
    made, settled = twins(
        [
            (
                ("match", "new", "U", "--players", "Ann", "Bob"),
                lambda b: b.new_match("U", ["Ann", "Bob"]).info(),
            ),
            (("settle",), lambda b: m(b).settlement()),
        ]
    )
    assert "stake" not in made
    assert (settled["balances"], settled["unstaked"]) == ([], ["U"])


@pytest.mark.parametrize(
    ("args", "call"),
    [
        (("pay", "Bob", "Zed", "3"), lambda b: m(b).pay("Bob", "Zed", 3)),
        (("pay", "Bob", "Ann", "--", "-3"), lambda b: m(b).pay("Bob", "Ann", -3)),
        (("pay", "Bob", "Ann", "0"), lambda b: b.pay("Bob", "Ann", Decimal(0))),
        (("pay", "Bob", "Ann", "0.001"), lambda b: m(b).pay("Bob", "Ann", Decimal("0.001"))),
        (("pay", "Bob", "Ann", "1e3"), lambda b: m(b).pay("Bob", "Ann", "1e3")),
        (("pay", "Bob", "Ann", "NaN"), lambda b: m(b).pay("Bob", "Ann", Decimal("NaN"))),
        (("pay", "Bob", "Ann", "10000000000000000"), lambda b: m(b).pay("Bob", "Ann", 10**16)),
        (("pay", "Bob", "bob", "3"), lambda b: m(b).pay("Bob", "bob", 3)),
        (
            ("pay", "Bob", "Ann", "3", "--date", "31/02/2020"),
            lambda b: m(b).pay("Bob", "Ann", 3, date=b.day("31/02/2020")),
        ),
        (("match", "stake", "S", "0.10"), lambda b: m(b).stake("0.10")),
        (
            ("match", "stake", "S", "0.10", "--from", "2030-01-01", "--currency", "EUR"),
            lambda b: m(b).stake("0.10", since=date(2030, 1, 1), currency="EUR"),
        ),
        (
            ("match", "stake", "S", "--from", "2030-01-01", "--", "-1"),
            lambda b: m(b).stake(-1, since=date(2030, 1, 1)),
        ),
        (("settle", "--since", "someday"), lambda b: m(b).settlement(since=b.day("someday"))),
    ],
)
def test_a_refusal_is_the_command_lines_and_writes_nothing(
    tmp_path: Path,
    gintally: CLI,
    ledger_from: Callable[[Commands, Path], Path],
    args: tuple[str, ...],
    call: Callable[[library.Book], Any],
) -> None:
    setup: Commands = (
        ("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"),
        ("score", "Ann", "60"),
    )
    db = ledger_from(setup, tmp_path / "both.db")
    before = db.read_bytes()
    line = refused_line(gintally("--db", str(db), *args))
    with library.open(db) as book:
        with pytest.raises(GintallyError) as caught:
            call(book)
        # the line in the library's words: a parameter named as the method calls it
        assert f"Error: {caught.value}" == line.replace("--from DATE", "since")
        assert book.settlement()["payments"] == []
    assert db.read_bytes() == before


def test_new_match_refuses_a_bad_stake_and_writes_neither(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        with pytest.raises(GintallyError, match="the stake must not be negative, not '-1'"):
            book.new_match("S", ["Ann", "Bob"], stake=-1)
        with pytest.raises(
            GintallyError, match=r"^currency, places and series_stake go with a stake$"
        ):
            book.new_match("S", ["Ann", "Bob"], currency="$")
        with pytest.raises(GintallyError, match=r"^places must be 0 to 6, not 9$"):
            book.new_match("S", ["Ann", "Bob"], stake="1", places=9)
        assert not (tmp_path / "l.db").exists()  # refused before the ledger was made
        yen = book.new_match("Y", ["Ann", "Bob"], stake=1, currency="JPY", places=0)
        assert yen.info()["stake"]["per_point"] == "1 JPY a point"
        with pytest.raises(GintallyError, match="more decimals than the currency's"):
            yen.pay("Bob", "Ann", "0.5")
        assert yen.pay("Bob", "Ann", 3)["text"] == "3 JPY"


def test_pay_in_a_match_they_do_not_both_play_in_is_refused(tmp_path: Path) -> None:
    with library.open(tmp_path / "l.db") as book:
        book.new_match("S", ["Ann", "Bob"], stake="0.05")
        other = book.new_match("T", ["Ann", "Cy"], stake="0.05")
        with pytest.raises(NotFoundError, match="Bob and Ann do not both play in match 'T'"):
            other.pay("Bob", "Ann", 1)
        assert book.pay("Bob", "Ann", 1)["match"] == "S"  # the match they share


# --- play's u -------------------------------------------------------------------------------------


def test_u_in_play_takes_back_a_payment_then_the_hand(tmp_path: Path, gintally: CLI) -> None:
    db = tmp_path / "l.db"
    ok(
        gintally(
            "--db",
            str(db),
            "match",
            "new",
            "S",
            "--players",
            "Ann",
            "Bob",
            "--stake",
            "0.05",
            "--currency",
            "$",
        )
    )
    for who, points in (("Ann", "60"), ("Bob", "30"), ("Ann", "50")):
        ok(gintally("--db", str(db), "score", who, points))
    ok(gintally("--db", str(db), "pay", "Bob", "Ann", "4", "--date", "2026-03-01"))
    said = ok(gintally("--db", str(db), "settle")).stdout
    assert "Bob owes Ann $6.25." in said  # the game's net 205 at $0.05, less $4
    done = plain(db, ["u", "u"])
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert lines[0] == "Took back the payment: Bob paid Ann $4.00 on 2026-03-01."
    assert lines[1] == "Balance changes: was Bob owes Ann $6.25; now Bob owes Ann $10.25"
    assert lines[2].startswith("Undid hand 3: Ann scores 50")
    assert as_json(gintally("--db", str(db), "hands", "--json"))["count"] == 2
    settled = as_json(gintally("--db", str(db), "settle", "--json"))
    assert (settled["balances"], settled["payments"]) == ([], [])


def test_pay_and_settle_typed_in_play_print_what_the_commands_print(
    tmp_path: Path, gintally: CLI
) -> None:
    piped, typed = tmp_path / "piped.db", tmp_path / "typed.db"
    for db in (piped, typed):
        ok(
            gintally(
                "--db",
                str(db),
                "match",
                "new",
                "S",
                "--players",
                "Ann",
                "Bob",
                "--stake",
                "0.05",
                "--currency",
                "$",
            )
        )
    lines = [
        "sc ann 60",
        "sc bob 30",
        "sc ann 50",
        "settle",
        "pay bob ann 4 --note cash",
        "show",
        "pay bob ann -3",
        "settle --since 2026-01-01",
    ]
    commands = [
        ("score", "ann", "60"),
        ("score", "bob", "30"),
        ("score", "ann", "50"),
        ("settle",),
        ("pay", "bob", "ann", "4", "--note", "cash"),
        ("show",),
        ("settle", "--since", "2026-01-01"),
    ]
    expected = "".join(ok(gintally("--db", str(typed), *args)).stdout for args in commands)
    done = plain(piped, lines)
    assert done.returncode == 0  # lines were written: the exit code says so, stderr the refusal
    assert done.stdout == expected
    assert "Bob owes Ann $10.25." in done.stdout
    assert "At $0.05 a point." in done.stdout  # the sheet's money line
    assert done.stderr == (
        "Error: the amount must not be negative, not '-3'\n"
        "Warning: 1 of 8 lines refused (line 7); the others were done\n"
    )


# --- found by driving money as a user would ------------------------------------------------------


def test_team_mates_cannot_pay_each_other_in_their_match(gintally: CLI) -> None:
    """A payment settles what one side owes the other: between team-mates it would make a debt
    out of nothing. Where they also play each other, the payment goes to that match."""
    ok(gintally("match", "new", "T", "--teams", "Ann,Cy", "Bob,Di", "--stake", "0.1"))
    line = refused_line(gintally("pay", "Ann", "Cy", "1", "--match", "T"))
    assert line == (
        "Error: Ann and Cy play on the same side in match 'T': a payment settles what one side "
        "owes the other"
    )
    line = refused_line(gintally("pay", "Ann", "Cy", "1"))
    assert line == (
        "Error: Ann and Cy play on the same side in every match they share: a payment settles "
        "what one side owes the other"
    )
    assert as_json(gintally("settle", "--json"))["payments"] == []
    ok(gintally("match", "new", "S", "--players", "Ann", "Cy", "--stake", "0.05"))
    ok(gintally("match", "use", "T"))
    paid = as_json(gintally("pay", "Ann", "Cy", "1", "--json"))
    assert paid["match"] == "S"  # the current match has them on one side
    assert as_json(gintally("pay", "Di", "Cy", "2", "--json"))["match"] == "T"


def test_settle_follows_voids_and_edits_of_the_hands_behind_it(tmp_path: Path) -> None:
    """The Hollywood evening, paid in full; voiding its last hand (Ann 30) reopens game 3 at
    70-0, so the set is in play again (215 + 415 + 70 = 700 points so far, $35.00) and the
    payment stands alone: Ann owes Bob $50.25. Editing hand 5 from 40 to 70 closes game 2 at
    150-0 (150 + 100 + 3 boxes 75 + 150 doubled = 475) and game 3 at 100-0 (30 + 70: 100 + 100
    + 50 + 100 = 350); the set's margin is 215 + 475 + 350 = 1040, $52.00, less the $50.25
    paid: Bob owes Ann $1.75."""
    with library.open(tmp_path / "l.db") as book:
        match = book.new_match("E", ["Ann", "Bob"], format="hollywood", stake="0.05", currency="$")
        for who, points in HANDS:
            match.score(who, points)
        match.pay("Bob", "Ann", "50.25")
        assert match.settlement()["balances"] == []
        match.void(6)
        doc = match.settlement()
        assert [(b["from"], b["to"], b["text"]) for b in doc["balances"]] == [
            ("Ann", "Bob", "$50.25")
        ]
        in_play = doc["in_play"][0]
        assert (in_play["what"], in_play["leader"], in_play["points"], in_play["text"]) == (
            "set",
            "Ann",
            700,
            "$35.00",
        )
        assert [r["winnings"] for r in match.standings()["rows"]] == ["0.00", "0.00"]
        match.edit(5, points=70)
        sets = match.sheet(all=True)["sets"]
        assert (sets[0]["winner"], sets[0]["margin"]) == ("Ann", 1040)
        doc = match.settlement()
        assert [(b["from"], b["to"], b["text"]) for b in doc["balances"]] == [
            ("Bob", "Ann", "$1.75")
        ]
        assert doc["in_play"] == []
        taken = match.undo()  # the latest change: the edit of hand 5 (issue 35)
        assert "hand" in taken  # a hand's document (`report.UndoDoc`: a hand's, a payment's...)
        assert (taken["undid"], taken["hand"], taken["points"]) == ("edit", 5, 40)
        taken = match.undo()  # then the void of hand 6: it is back
        assert "hand" in taken
        assert (taken["undid"], taken["hand"], taken["voided"]) == ("void", 6, False)
        paid = match.undo()  # then the payment: no hand entered after it
        assert "uid" in paid
        assert (paid["action"], paid["undid"], paid["text"]) == ("undid", "payment", "$50.25")
        taken = match.undo()
        assert "hand" in taken and taken["hand"] == 6
