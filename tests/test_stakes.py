"""Stakes (SPEC section 10, issue 23): a price per point, who owes whom, payments.

Every amount here is worked by hand from the modern rules (game bonus 100, box 25 a hand won,
a shutout doubles the winner's hand points), the stake and the format's unit: a game's net, a
Hollywood or Honeymoon set's margin as one, each game as it closes in a series.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Commands, Run, as_json, ok, refused_line

CLI = Callable[..., Run]


def play(gintally: CLI, *hands: str, match: str | None = None, date: str | None = None) -> None:
    """Hands typed as "Ann 60" (a result transcribed with `score`)."""
    for hand in hands:
        who, points = hand.split()
        extra = [*(["--match", match] if match else []), *(["--date", date] if date else [])]
        ok(gintally("score", who, points, *extra))


def settle(gintally: CLI, *args: str) -> dict[str, Any]:
    return as_json(gintally("settle", "--json", *args))


def balances(doc: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(b["from"], b["to"], b["amount"]) for b in doc["balances"]]


# --- the "done when" ----------------------------------------------------------------------


def test_hollywood_evening_at_five_cents(gintally: CLI, tmp_path: Path) -> None:
    """Set 1: game 1 Ann 110-20 (boxes 2-1: 260-45, net 215); game 2 Ann 120-0, a shutout
    (120 + 100 + 3 boxes 75 + 120 doubled = 415); game 3 Ann 100-0, a shutout (100 + 100 + 75
    + 100 = 375). The set's margin is 1005; at $0.05 a point Bob owes Ann $50.25."""
    ok(
        gintally(
            "match",
            "new",
            "Evening",
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
    )
    play(gintally, "Ann 60", "Bob 20", "Ann 50", "Ann 30")
    doc = settle(gintally)
    assert doc["balances"] == []  # nothing finished: the set is in play
    assert doc["in_play"][0]["what"] == "set"
    # so far: game 1 won by 215, game 2 at 80-0, game 3 at 30-0: 325 points, $16.25
    assert (doc["in_play"][0]["leader"], doc["in_play"][0]["points"]) == ("Ann", 325)
    assert doc["in_play"][0]["amount"] == "16.25"
    play(gintally, "Ann 40", "Ann 30")
    sets = as_json(gintally("show", "--json", "--all"))["sets"]
    assert (sets[0]["winner"], sets[0]["margin"]) == ("Ann", 1005)
    doc = settle(gintally)
    assert doc["currency"] == "$"
    assert balances(doc) == [("Bob", "Ann", "50.25")]
    assert doc["balances"][0]["text"] == "$50.25"
    assert (doc["matches"][0]["sets"], doc["matches"][0]["games"]) == (1, 0)
    assert doc["in_play"] == []
    text = ok(gintally("settle")).stdout
    assert "Bob owes Ann $50.25." in text
    assert "Evening: 1 set at $0.05 a point." in text

    paid = as_json(gintally("pay", "Bob", "Ann", "50.25", "--note", "cash", "--json"))
    assert (paid["from"], paid["to"], paid["amount"], paid["note"]) == (
        "Bob",
        "Ann",
        "50.25",
        "cash",
    )
    assert len(paid["uid"]) == 32
    assert settle(gintally)["balances"] == []
    assert ok(gintally("settle")).stdout.startswith("All square.")

    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [(r["player"], r["winnings"]) for r in rows] == [("Ann", "50.25"), ("Bob", "-50.25")]
    assert (
        "Winnings this season at $0.05 a point: Ann $50.25, Bob -$50.25."
        in ok(gintally("standings")).stdout
    )
    page = tmp_path / "year.html"
    ok(gintally("report", "--html", str(page)))
    html = page.read_text(encoding="utf-8")
    assert '<th scope="col">winnings</th>' in html
    assert "<td>$50.25</td>" in html and "<td>-$50.25</td>" in html
    players = {p["player"]: p for p in as_json(gintally("stats", "--json"))["players"]}
    assert players["Ann"]["winnings"] == {"$": "50.25"}
    assert players["Bob"]["winnings"] == {"$": "-50.25"}


# --- every format ---------------------------------------------------------------------------------


def test_single_game_settles_at_its_net(gintally: CLI) -> None:
    """Ann 60, Bob 30, Ann 50: Ann 110 + 100 + 2 boxes = 260, Bob 30 + 1 box = 55; net 205."""
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    doc = settle(gintally)
    assert doc["currency"] == ""
    assert balances(doc) == [("Bob", "Ann", "10.25")]
    assert doc["balances"][0]["text"] == "10.25"  # no currency given: no symbol
    assert doc["matches"][0]["games"] == 1


def test_honeymoon_set_settles_as_one(gintally: CLI) -> None:
    """SPEC's honeymoon hands (Ann 57, Bob 83, Ann 74) then Bob 20, Ann 30: game 1 Ann 131-83
    (boxes 2-1: 281-108, net 173); game 2 Bob 103-74 (253-99, net 154 to Bob); game 3 Ann
    104-20 (254-45, net 209). The set: 173 - 154 + 209 = 228 to Ann; at 0.01, 2.28."""
    ok(
        gintally(
            "match",
            "new",
            "H",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "honeymoon",
            "--stake",
            "0.01",
            "--currency",
            "€",
        )
    )
    play(gintally, "Ann 57", "Bob 83", "Ann 74", "Bob 20")
    doc = settle(gintally)
    assert doc["balances"] == []  # two games closed, the set is not over: nothing owed yet
    play(gintally, "Ann 30")
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "2.28")]
    assert doc["balances"][0]["text"] == "€2.28"


def test_ad_infinitum_each_game_as_it_closes(gintally: CLI) -> None:
    """Ann 60 opens game 1; Ann 50 closes it (110-0, a shutout: 110 + 100 + 50 + 110 = 370)
    and opens game 2 (50-0, in play). At 0.01: 3.70 owed, 0.50 in play."""
    ok(
        gintally(
            "match",
            "new",
            "A",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "ad-infinitum",
            "--stake",
            "0.01",
            "--currency",
            "EUR",
        )
    )
    play(gintally, "Ann 60", "Ann 50")
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "3.70")]
    assert doc["balances"][0]["text"] == "3.70 EUR"  # a code goes after the amount
    assert [(x["what"], x["numbers"], x["amount"]) for x in doc["in_play"]] == [
        ("game", [2], "0.50")
    ]


def test_rolling_hollywood_settles_each_game(gintally: CLI) -> None:
    """A rolling set never ends, so its games settle one by one: game 1 as in the Hollywood
    evening (net 215) at 0.10 is 21.50."""
    ok(
        gintally(
            "match",
            "new",
            "R",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "hollywood",
            "--rolling",
            "--stake",
            "0.10",
        )
    )
    play(gintally, "Ann 60", "Bob 20", "Ann 50")
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "21.50")]
    assert doc["matches"][0]["games"] == 1


def test_best_of_three_games_as_they_close_and_a_series_stake(gintally: CLI) -> None:
    """Best of 3: game 1 Ann 110-0 shut out (370), game 2 Bob 100-0 shut out (100 + 100 + 25 +
    100 = 325), game 3 Ann 100-0 (325). Games: 370 - 325 + 325 = 370 at 0.01 = 3.70; the
    series won by Ann adds its flat 1.00: 4.70."""
    ok(
        gintally(
            "match",
            "new",
            "T",
            "--players",
            "Ann",
            "Bob",
            "--set",
            "best_of=3",
            "--stake",
            "0.01",
            "--series-stake",
            "1",
        )
    )
    play(gintally, "Ann 60", "Ann 50", "Bob 100")
    assert balances(settle(gintally)) == [("Bob", "Ann", "0.45")]  # 370 - 325, no series yet
    play(gintally, "Ann 100")
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "4.70")]
    assert (doc["matches"][0]["games"], doc["matches"][0]["series"]) == (3, 1)
    assert doc["matches"][0]["stake"]["series"] == "1"


def test_multi_match_series_to_500(gintally: CLI) -> None:
    """The README's multi-match: game 1 Ann 105-30 (255-55, net 200), game 2 Ann 100-0 shut out
    (325, net 325), which wins the series 580 to 55. At 0.01 the games are 5.25; the series
    stake adds 2.00: 7.25."""
    ok(
        gintally(
            "match",
            "new",
            "M",
            "--players",
            "Ann",
            "Bob",
            "--rules",
            "multi-match",
            "--stake",
            "0.01",
            "--currency",
            "$",
            "--series-stake",
            "2",
        )
    )
    play(gintally, "Ann 60", "Bob 30", "Ann 45")
    assert balances(settle(gintally)) == [("Bob", "Ann", "2.00")]
    play(gintally, "Ann 100")
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "7.25")]
    assert (doc["matches"][0]["games"], doc["matches"][0]["series"]) == (2, 1)


def test_best_of_five_with_rounding(gintally: CLI) -> None:
    """Tournament (best of 5, games to 250): three games of Ann 125, Ann 125 (250-0, two boxes,
    a shutout: 250 + 250 + 100 + 50 = 650), 1950 in all; at 0.0005 a point that is 0.975,
    owed as 0.98 (half up)."""
    ok(
        gintally(
            "match",
            "new",
            "T",
            "--players",
            "Ann",
            "Bob",
            "--rules",
            "tournament",
            "--stake",
            "0.0005",
        )
    )
    play(gintally, *["Ann 125"] * 6)
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "0.98")]
    assert doc["matches"][0]["games"] == 3
    assert as_json(gintally("show", "--json"))["series"]["winner"] == "Ann"


def test_a_series_without_a_series_stake_carries_no_price(gintally: CLI) -> None:
    ok(
        gintally(
            "match", "new", "T", "--players", "Ann", "Bob", "--set", "best_of=3", "--stake", "0.01"
        )
    )
    play(gintally, "Ann 60", "Ann 50", "Bob 100", "Ann 100")
    assert balances(settle(gintally)) == [("Bob", "Ann", "3.70")]


def test_teams_split_evenly(gintally: CLI) -> None:
    """Ann & Cy v Bob & Di, one round: Ann 60 and Cy 50 make 110-0 for Ann & Cy, a shutout
    (110 + 100 + 25 + 110 = 345). At 0.04 the losers pay 13.80: each of Bob and Di pays 6.90,
    3.45 to each of Ann and Cy."""
    ok(gintally("match", "new", "P", "--teams", "Ann,Cy", "Bob,Di", "--stake", "0.04"))
    play(gintally, "Ann 60", "Cy 50")
    doc = settle(gintally)
    assert sorted(balances(doc)) == [
        ("Bob", "Ann", "3.45"),
        ("Bob", "Cy", "3.45"),
        ("Di", "Ann", "3.45"),
        ("Di", "Cy", "3.45"),
    ]
    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [(r["player"], r["winnings"]) for r in rows] == [
        ("Ann & Cy", "13.80"),
        ("Bob & Di", "-13.80"),
    ]
    players = {
        p["player"]: p.get("winnings") for p in as_json(gintally("stats", "--json"))["players"]
    }
    assert players == {
        "Ann": {"": "6.90"},
        "Bob": {"": "-6.90"},
        "Cy": {"": "6.90"},
        "Di": {"": "-6.90"},
    }
    ok(gintally("pay", "Di", "Cy", "3.45"))
    assert sorted(balances(settle(gintally))) == [
        ("Bob", "Ann", "3.45"),
        ("Bob", "Cy", "3.45"),
        ("Di", "Ann", "3.45"),
    ]


# --- stakes by date, rounding ---------------------------------------------------------------------


def test_a_stake_change_keeps_the_old_price_for_games_closed_before(gintally: CLI) -> None:
    """Two single games of net 205 (Ann 60, Bob 30, Ann 50): the first closes on 10 February
    at 0.05 (10.25), the second on 5 March at 0.10 from 1 March (20.50): 30.75."""
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50", date="2026-02-10")
    stake = as_json(gintally("match", "stake", "S", "0.10", "--from", "2026-03-01", "--json"))
    assert stake["stake"] == {
        "amount": "0.10",
        "currency": "",
        "places": 2,
        "per_point": "0.10 a point",
        "since": "2026-03-01",
        "series": None,
        "after_hand": None,
    }
    play(gintally, "Ann 60", "Bob 30", date="2026-03-04")
    play(gintally, "Ann 50", date="2026-03-05")
    doc = settle(gintally)
    assert balances(doc) == [("Bob", "Ann", "30.75")]
    assert balances(settle(gintally, "--since", "2026-03-01")) == [("Bob", "Ann", "20.50")]
    rows = as_json(gintally("standings", "--json", "--year", "2026"))["rows"]
    assert rows[0]["winnings"] == "30.75"


def test_a_stake_set_later_prices_only_what_closes_after(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50", date="2026-02-10")
    assert ok(gintally("settle")).stdout.startswith("No stake on S: set one with")
    assert ok(gintally("settle", "--all")).stdout.startswith("No stake on S: set one with")
    ok(gintally("match", "new", "U", "--players", "Ann", "Bob"))
    assert ok(gintally("settle", "--all")).stdout.startswith("No match has a stake")
    ok(gintally("match", "use", "S"))
    assert settle(gintally)["unstaked"] == ["S"]
    ok(gintally("match", "stake", "S", "0.05", "--from", "2026-03-01"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50", date="2026-03-02")
    assert balances(settle(gintally)) == [("Bob", "Ann", "10.25")]


def test_rounding_is_half_up(gintally: CLI) -> None:
    """Net 205 at half a cent a point is 1.025: 1.03, half up (banker's rounding says 1.02)."""
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.005"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    assert balances(settle(gintally)) == [("Bob", "Ann", "1.03")]


def test_a_currency_without_minor_units(gintally: CLI) -> None:
    """Net 205 at 10 yen a point: 2050; a payment of 0.5 yen is refused."""
    ok(
        gintally(
            "match",
            "new",
            "S",
            "--players",
            "Ann",
            "Bob",
            "--stake",
            "10",
            "--currency",
            "¥",
            "--places",
            "0",
        )
    )
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    doc = settle(gintally)
    assert (balances(doc), doc["balances"][0]["text"]) == ([("Bob", "Ann", "2050")], "¥2050")
    assert "more decimals than the currency's (whole amounts)" in refused_line(
        gintally("pay", "Bob", "Ann", "0.5")
    )


# --- payments and undo ----------------------------------------------------------------------------


def test_undo_takes_back_the_latest_fact(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    ok(gintally("pay", "Bob", "Ann", "4"))
    assert balances(settle(gintally)) == [("Bob", "Ann", "6.25")]
    undone = as_json(gintally("undo", "--json"))  # the payment came after the last hand
    assert (undone["action"], undone["amount"], undone["from"]) == ("undid", "4.00", "Bob")
    assert balances(settle(gintally)) == [("Bob", "Ann", "10.25")]
    ok(gintally("pay", "Bob", "Ann", "4"))
    play(gintally, "Bob 20")  # a hand after the payment: undo takes the hand first
    assert as_json(gintally("undo", "--json"))["hand"] == 4
    assert "Took back the payment: Bob paid Ann 4.00 on" in ok(gintally("undo")).stdout
    assert as_json(gintally("undo", "--json"))["hand"] == 3  # then the hands, as before
    assert settle(gintally)["balances"] == []


def test_payments_net_both_ways(gintally: CLI) -> None:
    """Overpaid: Bob owed 10.25 and paid 12; Ann now owes Bob 1.75."""
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    ok(gintally("pay", "Bob", "Ann", "12.00", "--date", "2026-01-02"))
    doc = settle(gintally)
    assert balances(doc) == [("Ann", "Bob", "1.75")]
    for n in range(6):
        ok(gintally("pay", "Bob", "Ann", "1.00", "--note", f"n{n}"))
        ok(gintally("pay", "Ann", "Bob", "1.00"))
    text = ok(gintally("settle")).stdout
    assert "Ann owes Bob 1.75." in text
    assert "8 earlier payments (--json lists them all)." in text
    assert text.count("Paid: ") == 5
    assert [(p["from"], p["to"], p["amount"], p["date"]) for p in doc["payments"][:1]] == [
        ("Bob", "Ann", "12.00", "2026-01-02")
    ]
    assert len(settle(gintally)["payments"]) == 13


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Bob", "Ann", "0"), "the amount must be more than zero, not '0'"),
        (("Bob", "Ann", "--", "-3"), "the amount must not be negative, not '-3'"),
        (("Bob", "Ann", "1.234"), "the amount '1.234' has more decimals than the currency's"),
        (("Bob", "Ann", "1e3"), "the amount must be an amount such as 0.05 or 12.50, not '1e3'"),
        (("Bob", "Ann", "twelve"), "the amount must be an amount such as 0.05 or 12.50"),
        (("Bob", "Bob", "1"), "a payment is between two players, not 'Bob' to themselves"),
        (("Bob", "Cy", "1"), "Bob and Cy share no match: a payment settles a match"),
        (("Bob", "Zed", "1"), "unknown player 'Zed'"),
        (("Ann", "Cy", "1", "--match", "S"), "Ann and Cy do not both play in match 'S'"),
        (("Cy", "Di", "1"), "match 'U' has no stake"),
    ],
)
def test_bad_payments_are_refused(
    gintally: CLI,
    db_path: Path,
    ledger_from: Callable[[Commands, Path], Path],
    args: tuple[str, ...],
    message: str,
) -> None:
    ledger_from(
        (
            ("match", "new", "U", "--players", "Cy", "Di"),
            ("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"),
        ),
        db_path,
    )
    line = refused_line(gintally("pay", *args))
    assert message in line
    assert settle(gintally, "--all")["payments"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--stake", "-1"), "the stake must not be negative, not '-1'"),
        (("--stake", "0,0,5"), "the stake must be an amount such as 0.05 or 12.50, not '0,0,5'"),
        (("--stake", "nan"), "the stake must be an amount such as 0.05 or 12.50, not 'nan'"),
        (("--stake", "1", "--places", "9"), "--places must be 0 to 6, not 9"),
        (("--stake", "1", "--currency", "dollars"), "a currency is a symbol or code"),
        (("--currency", "$"), "--currency, --places and --series-stake go with --stake"),
        (("--stake", "1", "--rules", "gimlet", "--players", "Ann"), "there is nobody to pay"),
    ],
)
def test_bad_stakes_write_nothing(
    gintally: CLI,
    db_path: Path,
    ledger_from: Callable[[Commands, Path], Path],
    args: tuple[str, ...],
    message: str,
) -> None:
    ledger_from((("match", "new", "X", "--players", "Cy", "Di"),), db_path)
    players = () if "gimlet" in args else ("--players", "Ann", "Bob")
    run = gintally("match", "new", "S", *players, *args)
    assert run.code == 2
    assert message in run.stderr
    assert [m["match"] for m in as_json(gintally("match", "list", "--json"))["matches"]] == ["X"]


def test_match_stake_refusals(gintally: CLI) -> None:
    ok(
        gintally(
            "match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05", "--currency", "$"
        )
    )
    assert "give --from DATE" in refused_line(gintally("match", "stake", "S", "0.10"))
    assert "a stake keeps it, not 'EUR'" in refused_line(
        gintally("match", "stake", "S", "0.10", "--from", "2026-01-01", "--currency", "EUR")
    )
    ok(gintally("match", "stake", "S", "0.10", "--from", "2026-01-01"))
    assert "has a stake from 2026-01-01 already" in refused_line(
        gintally("match", "stake", "S", "0.20", "--from", "2026-01-01")
    )
    ok(gintally("match", "stake", "S", "0.20", "--from", "2999-01-01"))  # agreed ahead
    assert "out of range (1900 to 2999)" in refused_line(
        gintally("match", "stake", "S", "0.20", "--from", "3000-01-01")
    )


# --- export and import ----------------------------------------------------------------------------


def test_payments_round_trip_through_json(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    paid = as_json(gintally("pay", "Bob", "Ann", "4.50", "--note", "half", "--json"))
    out = tmp_path / "s.json"
    ok(gintally("export", "--format", "json", "--output", str(out)))
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["payments"] == [
        {
            "uid": paid["uid"],
            "date": paid["date"],
            "from": "Bob",
            "to": "Ann",
            "amount": "4.50",
            "note": "half",
        }
    ]
    # into another ledger, a match of the same players with a stake
    other = tmp_path / "other.db"
    ok(
        gintally(
            "--db", str(other), "match", "new", "T", "--players", "Ann", "Bob", "--stake", "0.05"
        )
    )
    done = as_json(gintally("--db", str(other), "import", str(out), "--json"))
    assert (done["imported"], done["payments"]) == (3, 1)
    doc = as_json(gintally("--db", str(other), "settle", "--json"))
    assert balances(doc) == [("Bob", "Ann", "5.75")]
    assert doc["payments"][0]["uid"] == paid["uid"]
    # the same payment again (forced hands) is not added twice
    again = as_json(gintally("--db", str(other), "import", str(out), "--force", "--json"))
    assert "payments" not in again
    assert len(as_json(gintally("--db", str(other), "settle", "--json"))["payments"]) == 1


def test_an_export_without_payments_is_as_before(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob"))
    play(gintally, "Ann 60")
    data = json.loads(ok(gintally("export", "--format", "json")).stdout)
    assert set(data) == {"match", "hands"}
    old = tmp_path / "old.json"  # an export of before payments imports as it did
    old.write_text(json.dumps(data), encoding="utf-8")
    ok(gintally("match", "new", "T", "--players", "Ann", "Bob"))
    assert as_json(gintally("import", str(old), "--json")) == {
        "match": "T",
        "imported": 1,
        "already_here": 0,
        "hands": [1],
    }


def test_imported_payments_are_checked_whole(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    bad = tmp_path / "bad.json"
    row = {"date": "2026-01-02", "kind": "score", "winner": "Ann", "points": 10}
    pay = {"uid": "ab" * 16, "date": "2026-01-03", "from": "Bob", "to": "Cy", "amount": "1"}
    bad.write_text(json.dumps({"hands": [row], "payments": [pay]}), encoding="utf-8")
    line = refused_line(gintally("import", str(bad)))
    assert line.startswith("Error: payment 1: 'Cy' does not play in match 'S'")
    assert as_json(gintally("hands", "--json"))["hands"] == []  # nothing imported


# --- JSON shapes, and matches without a stake -----------------------------------------------------


def test_json_shapes(gintally: CLI) -> None:
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
            "--currency",
            "$",
        )
    )
    play(gintally, "Ann 60")
    doc = settle(gintally)
    assert set(doc) == {
        "currency",
        "balances",
        "in_play",
        "matches",
        "payments",
        "unstaked",
        "since",
    }
    assert doc["in_play"] == [
        {
            "match": "H",
            "what": "set",
            "numbers": [1],
            "leader": "Ann",
            "points": 60,
            "amount": "3.00",
            "text": "$3.00",
            "currency": "$",
        }
    ]
    show = as_json(gintally("show", "--json"))
    assert show["stake"]["amount"] == "0.05"
    assert show["in_play"]["amount"] == "3.00"
    assert (
        "At $0.05 a point. Set 1 so far, its open game included: Ann is 60 points ahead, "
        "worth $3.00." in ok(gintally("show")).stdout
    )
    new = as_json(
        gintally("match", "new", "J", "--players", "Ann", "Bob", "--stake", "0.25", "--json")
    )
    assert new["stake"]["per_point"] == "0.25 a point"


def test_matches_without_a_stake_show_no_money(gintally: CLI) -> None:
    """The outputs of a match without a stake are what they were: no stake, winnings or
    in-play keys, no money line."""
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--format", "hollywood"))
    play(gintally, "Ann 60", "Bob 30", "Ann 50")
    assert "stake" not in as_json(gintally("show", "--json"))
    assert "in_play" not in as_json(gintally("show", "--json"))
    standings = as_json(gintally("standings", "--json"))
    assert "stake" not in standings and all("winnings" not in r for r in standings["rows"])
    assert all("winnings" not in p for p in as_json(gintally("stats", "--json"))["players"])
    for command in ("show", "standings", "stats"):
        text = ok(gintally(command)).stdout
        assert "a point" not in text and "Winnings" not in text


def test_a_damaged_stake_is_named(gintally: CLI, db_path: Path) -> None:
    """A price that is not a decimal (written by another tool): `check` names it, and `settle`
    refuses with one line that points to check."""
    import sqlite3

    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    ok(gintally("pay", "Ann", "Bob", "1"))
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE stakes SET amount = 'lots'")
        conn.execute("UPDATE payments SET date = 'someday'")
    conn.close()
    found = gintally("check")
    assert found.code == 1
    assert "stakes row 1: holds the amount 'lots', not an amount of money" in found.stdout
    assert "payments row 1: holds the date 'someday', not a date YYYY-MM-DD" in found.stdout
    line = refused_line(gintally("settle"), code=1)
    assert "stakes row 1 holds the amount 'lots'" in line and "gintally check" in line


def test_settle_refusals(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    assert refused_line(gintally("settle", "--all", "--match", "S")) == (
        "Error: give --match NAME or --all, not both"
    )
    assert "cannot read the date" in refused_line(gintally("settle", "--since", "2026"))
    assert "unknown match 'Nope'" in refused_line(gintally("settle", "--match", "Nope"))


def test_match_show_names_the_stakes(gintally: CLI) -> None:
    ok(
        gintally(
            "match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05", "--currency", "$"
        )
    )
    ok(gintally("match", "stake", "S", "0.10", "--from", "2026-03-01"))
    doc = as_json(gintally("match", "show", "--json"))
    assert [s["per_point"] for s in doc["stakes"]] == ["$0.05 a point", "$0.10 a point"]
    assert doc["stake"]["since"] == "2026-03-01"
    text = ok(gintally("match", "show")).stdout
    assert "Played at $0.05 a point, then $0.10 a point from 2026-03-01." in text
    ok(gintally("match", "new", "U", "--players", "Ann", "Bob"))
    assert "stake" not in as_json(gintally("match", "show", "--json"))


def test_payments_need_a_stake_in_the_match_they_are_imported_into(
    gintally: CLI, tmp_path: Path
) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05"))
    play(gintally, "Ann 60")
    ok(gintally("pay", "Bob", "Ann", "1"))
    out = tmp_path / "s.json"
    ok(gintally("export", "--format", "json", "--output", str(out)))
    ok(gintally("match", "new", "U", "--players", "Ann", "Bob"))
    line = refused_line(gintally("import", str(out)))
    assert "s.json holds payments, and match 'U' has no stake" in line
    assert as_json(gintally("hands", "--json"))["hands"] == []  # nothing imported


MONEY_PROBE = (
    "import sys; from gintally.cli import main; sys.argv = ['gintally', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "money = ('gintally.engine.stakes', 'gintally.report.money',"
    " 'gintally.service.stakes', 'gintally.engine.settlement', 'gintally.ledger.payments',"
    " 'gintally.facade.money')\n"
    "print('MONEY', *sorted(m for m in money if m in sys.modules))"
)


def test_commands_without_a_stake_load_no_money(db_path: Path) -> None:
    """Start-up: a match without a stake costs its commands no money module (with decimal,
    fractions and uuid, which a hand command never needed, some 7 ms of every start; the
    ledger's own money rows, `ledger.payments`, some 1.5 ms more); a staked one loads them
    where money is shown."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "GINTALLY_DB": str(db_path)}

    def loaded(*args: str) -> str:
        run = subprocess.run(
            [sys.executable, "-c", MONEY_PROBE, *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        return run.stdout.splitlines()[-1]

    loaded("match", "new", "M", "--players", "Ann", "Bob")
    plain = (
        ("score", "Ann", "30"),
        ("knock", "Ann", "8", "--vs", "18"),
        ("show",),
        ("show", "--json"),
        ("standings",),
        ("stats",),
        ("hands",),
        ("undo",),
    )
    for args in plain:
        assert loaded(*args) == "MONEY", args
    # (uuid is not probed: Typer imports it for every command)
    probe = MONEY_PROBE.replace("money = (", "money = ('decimal', ")
    hand = subprocess.run(
        [sys.executable, "-c", probe, "score", "Ann", "30"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert hand.stdout.splitlines()[-1] == "MONEY"  # nor decimal for a hand
    loaded("match", "stake", "M", "0.05")
    assert "gintally.report.money" in loaded("show")
    assert "gintally.ledger.payments" in loaded("show")  # the stake read
    # undo may take back the price, and says how the balance changes: it reads the money
    assert "gintally.ledger.payments" in loaded("undo")
