"""The score sheet as people read it (issue 11, SPEC section 8): sets and their results, the hand
that closes a game or a set, ad-infinitum hands in a few lines and the New Year, the hand log
(season, --last, --all, dealer, upcard, doubling, streaming, pager), and 80 columns.

Every number here is worked by hand in the comments. Most tests run the CLI in-process; the
80-column checks run the installed command, as a player would.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from conftest import Run
from gintally.cli import hands as hand_commands
from gintally.cli import read

CLI = Callable[..., Run]
GINTALLY = Path(sys.executable).parent / "gintally"


def ok(run: Run) -> Run:
    assert run.code == 0, (run.code, run.stdout, run.stderr)
    assert run.stderr == ""
    return run


def as_json(run: Run) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(ok(run).stdout)
    return doc


@pytest.fixture
def on(monkeypatch: pytest.MonkeyPatch) -> Callable[[date], None]:
    """Fix the day the commands take as today (seasons end by it)."""

    def set_today(day: date) -> None:
        monkeypatch.setattr(hand_commands, "today", lambda: day)
        monkeypatch.setattr(read, "today", lambda: day)

    return set_today


# --- a Honeymoon set ------------------------------------------------------------------------------


def honeymoon(gintally: CLI) -> None:
    """The seed's Honeymoon opening (000_9fa2d787c9962e2e.txt), raced to 100 without bonuses.

    hand 1 Ann 57 -> game 1 57-0
    hand 2 Bob 83 -> games 1-2: 57-83, 0-83
    hand 3 Ann 74 -> games 1-3: 131-83 (game 1 closes: Ann, net 48), 74-83, 74-0
    hand 4 Bob 20 -> games 2-3: 74-103 (game 2 closes: Bob, net 29), 74-20
    hand 5 Ann 30 -> game 3: 104-20 (closes: Ann, net 84). Set 1 is over, worth
                     +48 - 29 + 84 = +103 from Ann's side: Ann wins the set by 103.
    """
    ok(gintally("match", "new", "Moon", "-p", "Ann", "Bob", "-f", "honeymoon",
                "--rules", "honeymoon", "--set", "target=100"))  # fmt: skip
    for who, pts in (("Ann", 57), ("Bob", 83), ("Ann", 74), ("Bob", 20)):
        ok(gintally("score", who, str(pts), "--date", "2007-04-27"))


def test_the_hand_that_closes_a_set_says_who_won_it_and_by_how_much(gintally: CLI) -> None:
    honeymoon(gintally)
    run = ok(gintally("score", "Ann", "30", "--date", "2007-04-27"))
    assert run.stdout.splitlines()[1:] == [
        "  Game 3: Ann wins 104 to 20 with the bonuses, net 84",
        "  Set 1 is over: Ann wins the set by 103.",
    ]  # no first dealer was named and the deal alternates: no next dealer to say
    ok(gintally("undo"))
    doc = as_json(gintally("score", "Ann", "30", "--date", "2007-04-27", "--json"))
    assert doc["hand"] == 6  # the undone hand 5 keeps its number; this one is the sixth
    assert doc["closed_games"] == [3]
    assert doc["sets_closed"] == [
        {
            "number": 1,
            "games": [1, 2, 3],
            "status": "won",
            "winner": "Ann",
            "margin": 103,
            "size": 3,
            "lead": {"Ann": 103, "Bob": 0},
            "result": "Ann wins the set by 103",
        }
    ]
    # the hand that closed game 2 closed no set
    hand4 = as_json(gintally("edit", "4", "--note", "late", "--json"))
    assert (hand4["closed_games"], hand4["sets_closed"]) == ([2], [])


def test_show_lists_finished_sets_and_the_current_sets_games(gintally: CLI) -> None:
    honeymoon(gintally)
    ok(gintally("score", "Ann", "30", "--date", "2007-04-27"))
    doc = as_json(gintally("show", "--json"))
    assert [(g["number"], g["set"], g["winner"], g["net"]) for g in doc["games"]] == [
        (1, 1, "Ann", 48),
        (2, 1, "Bob", 29),
        (3, 1, "Ann", 84),
    ]
    assert [(s["number"], s["games"], s["status"], s["winner"], s["margin"])
            for s in doc["sets"]] == [(1, [1, 2, 3], "won", "Ann", 103)]  # fmt: skip
    out = ok(gintally("show")).stdout
    assert "Set 1 is over: Ann wins the set by 103. The next hand starts set 2." in out
    # the next hand opens game 4, in set 2; set 1 is listed with its result
    ok(gintally("score", "Bob", "10", "--date", "2007-04-28"))
    doc = as_json(gintally("show", "--json"))
    assert [(s["number"], s["status"], s["result"]) for s in doc["sets"]] == [
        (1, "won", "Ann wins the set by 103"),
        (2, "open", "no game finished yet"),
    ]
    out = ok(gintally("show")).stdout
    finished = next(line for line in out.splitlines() if "wins the set" in line)
    assert finished.split() == ["1", "1-3", "Ann", "wins", "the", "set", "by", "103"]
    assert "Set 2 (sum of the nets): no game finished yet." in out
    standings = as_json(gintally("standings", "--json"))
    assert [(r["player"], r["games_won"], r["sets_won"]) for r in standings["rows"]] == [
        ("Ann", 2, 1),
        ("Bob", 1, 0),
    ]
    assert "sets" in ok(gintally("standings")).stdout.splitlines()[2].split()


def test_show_all_lists_every_game_and_set(gintally: CLI) -> None:
    """Hollywood to 10 with a 10-point hand each time: every hand closes every game Ann has
    entered; her 1st win enters game 1, her 2nd game 2, her 3rd game 3, so each set is three
    hands. Each game: 10 + 100 game + 25 box + 10 shutout (double-hands) = 145, net 145; a set
    is worth 3 x 145 = 435. Twelve hands: four sets, all over."""
    ok(gintally("match", "new", "H", "-p", "Ann", "Bob", "-f", "hollywood", "--set", "target=10"))
    for _ in range(12):
        ok(gintally("score", "Ann", "10"))
    every = as_json(gintally("show", "--all", "--json"))
    assert every["all"] is True
    assert [g["number"] for g in every["games"]] == list(range(1, 13))
    assert [g["set"] for g in every["games"]] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert [(s["number"], s["margin"], s["winner"]) for s in every["sets"]] == [
        (n, 435, "Ann") for n in (1, 2, 3, 4)
    ]
    # by default: the latest finished games (at least two whole sets) and their sets
    latest = as_json(gintally("show", "--json"))
    assert [g["number"] for g in latest["games"]] == list(range(3, 13))
    assert [s["number"] for s in latest["sets"]] == [1, 2, 3, 4]
    out = ok(gintally("show", "--all")).stdout
    rows = [line.split() for line in out.splitlines() if "Ann wins, net 145" in line]
    assert [r[:2] for r in rows] == [[str((n - 1) // 3 + 1), str(n)] for n in range(1, 13)]


# --- ad-infinitum ---------------------------------------------------------------------------------


def new_year(gintally: CLI, on: Callable[[date], None]) -> None:
    """December 2025 of an ad-infinitum match (honeymoon rules: target 500, no bonuses).

    Ann 120 and Bob 90 on each of five days, then Ann 100: eleven hands, game k opened by hand
    k. Game 1: Ann 120 x 5 = 600 at hand 9 (Bob 4 x 90 = 360): Ann, net 240. Games 2 and 3
    close at hand 11: Ann 480 + 100 = 580 vs Bob 450 (net 130) and 360 (net 220). Games 4 to 11
    are still open on New Year's Eve: 8 unfinished.
    """
    on(date(2025, 12, 30))
    ok(gintally("match", "new", "Forever", "-p", "Ann", "Bob", "-f", "ad-infinitum",
                "--rules", "honeymoon"))  # fmt: skip
    for day in range(1, 6):
        ok(gintally("score", "Ann", "120", "--date", f"2025-12-0{day}"))
        ok(gintally("score", "Bob", "90", "--date", f"2025-12-0{day}"))


def test_an_ad_infinitum_hand_is_a_short_summary(gintally: CLI, on: Callable[[date], None]) -> None:
    new_year(gintally, on)
    run = ok(gintally("score", "Ann", "100", "--date", "2025-12-30"))
    assert run.stdout.splitlines() == [
        "Hand 11, 30 Dec 2025: Ann scores 100",
        "  Opens game 11; the hand posts to 10 games.",
        "  Closes games 2 and 3: Ann wins, nets 130, 220.",
        "  Season 2025: games won Ann 3, Bob 0; 8 games open.",
    ]
    doc = as_json(gintally("undo", "--json"))
    assert doc["season"] == {
        "season": "2025",
        "games_won": {"Ann": 1, "Bob": 0},
        "winner": None,
        "open": 9,
        "unfinished": 0,
    }


def test_the_first_hand_of_a_new_year_says_the_last_one_ended(
    gintally: CLI, on: Callable[[date], None], db_path: Path
) -> None:
    new_year(gintally, on)
    ok(gintally("score", "Ann", "100", "--date", "2025-12-30"))
    on(date(2026, 1, 2))
    # after New Year, show labels the season's open games unfinished, and shows them all
    out = ok(gintally("show")).stdout
    # the installed command at 80 columns (its today is later still: the season is over too)
    installed = _installed(["show"], db_path, color=False)
    assert max(len(line) for line in installed.splitlines()) <= 80
    assert "Season 2025 is over; 8 unfinished games (Ann-Bob)" in installed
    assert "Games won this season: Ann 3, Bob 0; 8 unfinished" in out
    assert "Season 2025 is over; 8 unfinished games (Ann-Bob)" in out
    assert re.findall(r"#(\d+) ", out) == [str(n) for n in range(4, 12)]
    assert "Latest finished games" in out and "open games" not in out
    run = ok(gintally("score", "Bob", "20", "--date", "2026-01-02"))
    assert run.stdout.splitlines() == [
        "Hand 12, 2 Jan 2026: Bob scores 20",
        "  Season 2025 is over: Ann won it, 3 games to 0; 8 games left unfinished.",
        "  Opens game 1; the hand posts to 1 game.",
        "  Season 2026: games won Ann 0, Bob 0; 1 game open.",
    ]
    doc = as_json(gintally("score", "Ann", "20", "--date", "2026-01-02", "--json"))
    assert "season_ended" not in doc  # only the season's first hand says it
    assert doc["opened_games"] == [2] and doc["closed_games"] == []
    # the first hand of the season, edited, still says it
    edited = as_json(gintally("edit", "12", "--points", "25", "--json"))
    assert edited["season_ended"] == {
        "season": "2025",
        "games_won": {"Ann": 3, "Bob": 0},
        "winner": "Ann",
        "open": 0,
        "unfinished": 8,
    }


# --- the hand log ---------------------------------------------------------------------------------


def test_hands_shows_the_latest_season_and_last_n(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "--dealer", "Bob"))
    assert ok(gintally("hands")).stdout == "No hands in K yet.\n"
    assert as_json(gintally("hands", "--json"))["hands"] == []
    ok(gintally("score", "Ann", "10", "--date", "2024-06-01"))  # 1: Bob deals, Ann wins
    ok(gintally("score", "Bob", "20", "--date", "2025-01-05"))  # 2: the winner deals next: Ann
    ok(gintally("draw", "--date", "2025-01-06"))  # 3: Bob deals (he won 2); redealt by him
    ok(gintally("score", "Ann", "5", "--date", "2025-01-07"))  # 4: Bob again
    ok(gintally("void", "2"))  # now 3 and 4 are dealt by Ann, the winner of hand 1
    latest = as_json(gintally("hands", "--json"))
    assert (latest["season"], latest["count"]) == ("2025", 2)
    assert [(h["hand"], h["dealer"]) for h in latest["hands"]] == [(3, "Ann"), (4, "Ann")]
    every = as_json(gintally("hands", "--all", "--json"))
    assert [(h["hand"], h["voided"], h["dealer"]) for h in every["hands"]] == [
        (1, False, "Bob"),
        (2, True, "Ann"),  # a voided hand shows who the live hands say dealt it
        (3, False, "Ann"),
        (4, False, "Ann"),
    ]
    last = as_json(gintally("hands", "--all", "--last", "3", "--json"))
    assert [h["hand"] for h in last["hands"]] == [2, 3, 4] and last["count"] == 3
    assert [h["hand"] for h in as_json(gintally("hands", "--year", "2024", "--json"))["hands"]] == [
        1
    ]
    text = ok(gintally("hands", "-n", "1")).stdout.splitlines()
    assert text[0] == "Hands of K, season 2025 (1 hand)"
    assert text[2].split() == ["4", "2025-01-07", "Ann", "-", "Ann", "scores", "5"]
    assert "must be 1 or more" in gintally("hands", "--last", "0").stderr


def test_the_log_shows_the_upcard_and_a_spade_doubling(gintally: CLI) -> None:
    """Oklahoma: a 3S upcard sets the knock limit to 3 and doubles the hand. Ann knocks with
    3 against 19: 16, doubled: 32."""
    ok(gintally("match", "new", "Ok", "-p", "Ann", "Bob", "--rules", "oklahoma", "--dealer", "Bob"))
    ok(gintally("knock", "Ann", "3", "--vs", "19", "--upcard", "3S"))
    ok(gintally("knock", "Bob", "2", "--vs", "30", "--upcard", "5H"))
    doc = as_json(gintally("hands", "--json"))
    assert [(h["upcard"], h["points"], h["doubled"]) for h in doc["hands"]] == [
        ("3S", 32, True),
        ("5H", 28, False),
    ]
    lines = ok(gintally("hands")).stdout.splitlines()
    assert lines[2].split()[:4] == ["1", date.today().isoformat(), "Bob", "3S"]
    assert "Ann +32 (spade upcard: doubled)" in lines[2]
    assert "(spade upcard: doubled)" not in lines[3]


def test_a_long_log_goes_through_the_pager_on_a_terminal(
    gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob"))
    for _ in range(30):
        ok(gintally("score", "Ann", "1"))
    paged: list[list[str]] = []
    monkeypatch.setattr("click.echo_via_pager", lambda lines: paged.append(list(lines)))
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setenv("LINES", "24")
    read._page(32, iter(["a", "b"]))
    assert paged == [["a\n", "b\n"]]
    read._page(3, iter(["c"]))  # a short log is printed as it is
    assert len(paged) == 1


def test_the_log_streams_from_a_cursor(gintally: CLI, db_path: Path) -> None:
    """The log reads the hands one at a time: the first line is out before the last hand is
    read (memory does not grow with the ledger)."""
    from gintally import service
    from gintally.ledger import Ledger

    ok(gintally("match", "new", "K", "-p", "Ann", "Bob"))
    for _ in range(5):
        ok(gintally("score", "Ann", "1"))
    with Ledger.open(db_path, write=False) as book:
        m = book.match(None)
        log = service.hand_log(book, m, last=4)
        assert log.count == 4
        first = next(log.rows)
        assert first.hand.id == 2  # the generator has read hands 1 and 2 only
        assert [x.hand.id for x in log.rows] == [3, 4, 5]


# --- 80 columns -----------------------------------------------------------------------------------

LONG = ("Christabella", "Bartholomeus")  # twelve letters each


def _installed(args: list[str], db: Path, color: bool) -> str:
    env = {**os.environ, "GINTALLY_DB": str(db), "COLUMNS": "80"}
    env.pop("NO_COLOR", None)
    if color:
        env["FORCE_COLOR"] = "1"
    else:
        env["NO_COLOR"] = "1"
    done = subprocess.run(
        [str(GINTALLY), *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _visible(line: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", line)


@pytest.mark.parametrize("color", [False, True], ids=["NO_COLOR", "colour"])
def test_five_games_and_long_names_fit_80_columns(
    gintally: CLI, db_path: Path, color: bool
) -> None:
    a, b = LONG
    ok(gintally("match", "new", "Eve", "-p", a, b, "-f", "hollywood", "--games", "5"))
    for i in range(5):  # games 1-3 close, 4 and 5 stay open
        ok(gintally("score", a, "33" if i % 3 else "45"))
        ok(gintally("score", b, "21"))
    for args in (["show"], ["show", "--all"], ["hands"], ["standings"], ["match", "list"]):
        out = _installed(args, db_path, color)
        if color and args == ["show"]:
            assert "\x1b[" in out  # the colour run is in colour
        lines = [_visible(line) for line in out.splitlines()]
        assert max(len(line) for line in lines) <= 80, (args, out)
        assert "…" not in out  # no name is cut
        if args == ["show"]:
            assert f"C = {a}, B = {b}" in lines  # the legend of the initials heading the columns
            header = next(i for i, line in enumerate(lines) if "G1" in line)
            assert lines[header].split() == [
                *("G1", "✓", "G1", "G2", "✓", "G2", "G3", "✓", "G3"),
                *("G4", "G4", "G5", "G5"),
            ]
            assert lines[header + 1].split() == ["hand", *["C", "B"] * 5]
    hand = ok(gintally("score", a, "40"))
    assert max(len(line) for line in hand.stdout.splitlines()) <= 80


def test_a_wide_terminal_heads_the_columns_with_the_names(
    gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = LONG
    ok(gintally("match", "new", "Eve", "-p", a, b, "-f", "hollywood"))
    ok(gintally("score", a, "10"))
    monkeypatch.setenv("COLUMNS", "160")
    lines = ok(gintally("show")).stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if "G1" in line)
    assert lines[header + 1].split() == ["hand", *LONG * 3]
    assert not any(line.startswith("C = ") for line in lines)
