"""The score sheet as people read it (issue 11, SPEC section 8): sets and their results, the hand
that closes a game or a set, ad-infinitum hands in a few lines and the New Year, the hand log
(season, --last, --all, dealer, upcard, doubling, streaming, pager), and 80 columns.

Every number here is worked by hand in the comments. Most tests run the CLI in-process; the
80-column checks run the installed command, as a player would.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from conftest import Commands, Run, as_json, ok
from gintally.cli import base, read

CLI = Callable[..., Run]
GINTALLY = Path(sys.executable).parent / "gintally"


@pytest.fixture
def on(monkeypatch: pytest.MonkeyPatch) -> Callable[[date], None]:
    """Fix the day the commands take as today (seasons end by it)."""

    def set_today(day: date) -> None:
        monkeypatch.setattr(base, "today", lambda: day)  # the day every command's Book takes

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
    ok(
        gintally(
            "match",
            "new",
            "Moon",
            "-p",
            "Ann",
            "Bob",
            "-f",
            "honeymoon",
            "--rules",
            "honeymoon",
            "--set",
            "target=100",
        )
    )
    for who, pts in (("Ann", 57), ("Bob", 83), ("Ann", 74), ("Bob", 20)):
        ok(gintally("score", who, str(pts), "--date", "2007-04-27"))


def test_the_hand_that_closes_a_set_says_who_won_it_and_by_how_much(gintally: CLI) -> None:
    honeymoon(gintally)
    run = ok(gintally("score", "Ann", "30", "--date", "2007-04-27"))
    assert run.stdout.splitlines()[1:] == [
        "  Game 3: Ann wins 104 to 20, net 84",
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
    assert [
        (s["number"], s["games"], s["status"], s["winner"], s["margin"]) for s in doc["sets"]
    ] == [(1, [1, 2, 3], "won", "Ann", 103)]
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
    assert "Set 2 (sum of its finished games' nets): no game finished yet." in out
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
    ok(
        gintally(
            "match",
            "new",
            "Forever",
            "-p",
            "Ann",
            "Bob",
            "-f",
            "ad-infinitum",
            "--rules",
            "honeymoon",
        )
    )
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
    assert [h["hand"] for h in last["hands"]] == [2, 3, 4] and (last["count"], last["total"]) == (
        3,
        4,
    )
    assert [h["hand"] for h in as_json(gintally("hands", "--year", "2024", "--json"))["hands"]] == [
        1
    ]
    text = ok(gintally("hands", "-n", "1")).stdout.splitlines()
    assert text[0] == "Hands of K, season 2025 (the last 1 of 2 hands)"
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
    read.paged(32, iter(["a", "b"]))
    assert paged == [["a\n", "b\n"]]
    read.paged(3, iter(["c"]))  # a short log is printed as it is
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
        assert first.hand.number == 2  # the generator has read hands 1 and 2 only
        assert [x.hand.number for x in log.rows] == [3, 4, 5]


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


FIVE_GAMES: Commands = (
    ("match", "new", "Eve", "-p", *LONG, "-f", "hollywood", "--games", "5"),
    *(  # games 1-3 close, 4 and 5 stay open
        hand
        for i in range(5)
        for hand in (("score", LONG[0], "33" if i % 3 else "45"), ("score", LONG[1], "21"))
    ),
)


@pytest.mark.parametrize("color", [False, True], ids=["NO_COLOR", "colour"])
def test_five_games_and_long_names_fit_80_columns(
    gintally: CLI, db_path: Path, color: bool, ledger_from: Callable[[Commands, Path], Path]
) -> None:
    a, b = LONG
    ledger_from(FIVE_GAMES, db_path)  # each command succeeds; built once per test worker
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


# --- team matches ---------------------------------------------------------------------------------
#
# A team match posts complete rounds (engine/rounds.py: the k-th live hand at a table is in round
# k; the team whose hands sum higher wins it by the difference). The score sheet tells sets,
# seasons and the hand log of a team match as it does for two players, rounds standing where
# hands stand.


def team_honeymoon(gintally: CLI) -> None:
    """The Honeymoon set above, played by Ann & Cy (Ann v Bob, Cy v Di) against Bob & Di, each
    round the sum of two tables (a team of two has no sweep bonus):

    round 1 (hands 1-2)  Ann 50 + Cy 7  -> Ann & Cy +57   games 1: 57-0
    round 2 (hands 3-4)  Bob 80 + Di 3  -> Bob & Di +83   games 1-2: 57-83, 0-83
    round 3 (hands 5-6)  Ann 70 + Cy 4  -> Ann & Cy +74   game 1 closes 131-83 (net 48)
    round 4 (hands 7-8)  Bob 15 + Di 5  -> Bob & Di +20   game 2 closes 74-103 (net 29)
    round 5 (hands 9-10) Ann 20 + Cy 10 -> Ann & Cy +30   game 3 closes 104-20 (net 84):
                         set 1 is over, +48 - 29 + 84 = 103 for Ann & Cy.
    Hand 10 is left to the test.
    """
    ok(
        gintally(
            "match",
            "new",
            "Moon",
            "--teams",
            "Ann,Cy",
            "Bob,Di",
            "-f",
            "honeymoon",
            "--rules",
            "honeymoon",
            "--set",
            "target=100",
        )
    )
    for who, pts in (
        ("Ann", 50),
        ("Cy", 7),
        ("Bob", 80),
        ("Di", 3),
        ("Ann", 70),
        ("Cy", 4),
        ("Bob", 15),
        ("Di", 5),
        ("Ann", 20),
    ):
        ok(gintally("score", who, str(pts), "--date", "2007-04-27"))


def test_the_round_that_closes_a_set_says_so_in_a_team_match(gintally: CLI) -> None:
    team_honeymoon(gintally)
    waiting = as_json(gintally("hands", "--last", "1", "--json"))["hands"]
    assert [(h["hand"], h["round"], h["table"]) for h in waiting] == [(9, 5, 1)]
    run = ok(gintally("score", "Cy", "10", "--date", "2007-04-27"))
    assert run.stdout.splitlines() == [
        "Hand 10, 27 Apr 2007: Cy scores 10 over Di",
        "  Round 5 complete: Ann & Cy +30 (30 to 0)",
        "  Game 3: Ann & Cy win 104 to 20, net 84",
        "  Set 1 is over: Ann & Cy win the set by 103.",
    ]  # each table deals on its own: no next dealer
    ok(gintally("undo"))
    doc = as_json(gintally("score", "Cy", "10", "--date", "2007-04-27", "--json"))
    assert (doc["round"]["number"], doc["table"], doc["closed_games"]) == (5, 2, [3])
    assert doc["sets_closed"] == [
        {
            "number": 1,
            "games": [1, 2, 3],
            "status": "won",
            "winner": "Ann & Cy",
            "margin": 103,
            "size": 3,
            "lead": {"Ann & Cy": 103, "Bob & Di": 0},
            "result": "Ann & Cy win the set by 103",
        }
    ]
    # the first hand of a round posts nothing yet, so it closes nothing
    first = as_json(gintally("score", "Ann", "5", "--date", "2007-04-28", "--json"))
    assert (first["games"], first["closed_games"], first["sets_closed"]) == ([], [], [])
    assert first["round"]["awaited"] == ["Cy v Di"]
    show = as_json(gintally("show", "--json"))
    assert [(x["number"], x["status"], x["result"]) for x in show["sets"]] == [
        (1, "won", "Ann & Cy win the set by 103")
    ]
    text = ok(gintally("show")).stdout
    assert "Set 1 is over: Ann & Cy win the set by 103. The next hand starts set 2." in text
    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [(r["player"], r["games_won"], r["sets_won"]) for r in rows] == [
        ("Ann & Cy", 2, 1),
        ("Bob & Di", 1, 0),
    ]


def test_a_team_sets_table_and_the_current_set(gintally: CLI) -> None:
    """After round 6 (Bob 40 + Di 0 at hands 11 and 13: Bob & Di +40) game 4 of set 2 is
    open: the finished set is listed with its result, the sheet shows set 2 by rounds."""
    team_honeymoon(gintally)
    ok(gintally("score", "Cy", "10", "--date", "2007-04-27"))
    ok(gintally("score", "Bob", "40", "--date", "2007-04-28"))
    ok(gintally("draw", "Di", "--date", "2007-04-28"))  # Cy v Di drawn (hand 12): dealt again
    ok(gintally("score", "Di", "0", "--date", "2007-04-28"))  # its redeal: Di 0
    lines = ok(gintally("show")).stdout.splitlines()
    row = next(line for line in lines if line.split()[:2] == ["1", "1-3"])
    assert row.split()[2:] == ["Ann", "&", "Cy", "win", "the", "set", "by", "103"]
    header = next(i for i, line in enumerate(lines) if "G4" in line)
    assert lines[header + 1].split() == ["round", "A&C", "B&D"]
    assert lines[header + 3].split() == ["6", "40"]
    assert "Set 2 (sum of its finished games' nets): no game finished yet." in lines
    every = as_json(gintally("show", "--all", "--json"))
    assert [g["number"] for g in every["games"]] == [1, 2, 3, 4]
    assert [x["status"] for x in every["sets"]] == ["won", "open"]


def test_the_team_hand_log_numbers_rounds_across_seasons(gintally: CLI) -> None:
    """Rounds count every live hand at a table from the first, whatever season is listed:

    hand 1 2024-06-01 Ann v Bob  round 1     hand 4 2025-01-05 Ann v Bob  round 2
    hand 2 2024-06-01 Cy v Di    round 1     hand 5 2025-01-06 Cy v Di    round 2 (void)
    hand 3 2025-01-05 Cy v Di    voided      hand 6 2025-01-07 Ann v Bob  round 3
    """
    ok(gintally("match", "new", "Pairs", "--teams", "Ann,Cy", "Bob,Di"))
    ok(gintally("knock", "Ann", "8", "--vs", "23", "--date", "2024-06-01"))
    ok(gintally("score", "Di", "10", "--date", "2024-06-01"))
    ok(gintally("gin", "Cy", "--vs", "12", "--date", "2025-01-05"))
    ok(gintally("knock", "Bob", "3", "--vs", "40", "--dealer", "Ann", "--date", "2025-01-05"))
    ok(gintally("void", "3", "--reason", "wrong table"))
    ok(gintally("score", "Cy", "20", "--date", "2025-01-06"))
    ok(gintally("score", "Ann", "9", "--date", "2025-01-07"))
    latest = as_json(gintally("hands", "--json"))
    assert (latest["season"], latest["count"], latest["players"]) == (
        "2025",
        3,
        ["Ann & Cy", "Bob & Di"],
    )
    assert latest["teams"] == [
        {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ]
    assert [(h["hand"], h["round"], h["table"], h["dealer"]) for h in latest["hands"]] == [
        (4, 2, 1, "Ann"),  # a team hand's dealer is the one typed
        (5, 2, 2, None),
        (6, 3, 1, None),
    ]
    every = as_json(gintally("hands", "--all", "--json"))
    assert [(h["hand"], h["round"], h["table"], h["voided"]) for h in every["hands"]] == [
        (1, 1, 1, False),
        (2, 1, 2, False),
        (3, None, 2, True),  # a voided hand is in no round
        (4, 2, 1, False),
        (5, 2, 2, False),
        (6, 3, 1, False),
    ]
    assert [h["round"] for h in as_json(gintally("hands", "-n", "2", "--json"))["hands"]] == [2, 3]
    assert as_json(gintally("hands", "--year", "2024", "--json"))["count"] == 2
    # the streamed log agrees with the rounds a replay of the whole match works out
    with_rounds = {h["hand"]: h["round"] for h in every["hands"] if not h["voided"]}
    doc = as_json(gintally("show", "--json"))
    assert doc["round"]["number"] == 3 and doc["round"]["tables"][0]["hand"] == 6
    assert [r["tables"][1]["hand"] for r in doc["rounds"]] == [2, 5]
    assert with_rounds == {1: 1, 2: 1, 4: 2, 5: 2, 6: 3}
    lines = ok(gintally("hands", "--all")).stdout.splitlines()
    assert lines[:2] == [
        "Hands of Pairs, every season (6 hands)",
        "  #  date        rnd  up   what happened",
    ]
    assert lines[2:] == [
        "  1  2024-06-01    1  -    Ann knocks with 8, Bob has 23: Ann +15",
        "  2  2024-06-01    1  -    Di scores 10 over Cy",
        "  3  2025-01-05    -  -    Cy goes gin, Di has 12: Cy +37 [void: wrong table]",
        "  4  2025-01-05    2  -    Bob knocks with 3, Ann has 40: Bob +37 (Ann dealt)",
        "  5  2025-01-06    2  -    Cy scores 20 over Di",
        "  6  2025-01-07    3  -    Ann scores 9 over Bob",
    ]


def team_new_year(gintally: CLI, on: Callable[[date], None]) -> None:
    """`new_year` above, played by teams: each day two rounds, Ann 100 + Cy 20 (Ann & Cy +120)
    then Bob 60 + Di 30 (Bob & Di +90), five days; round k opens game k. Round 11 on the 30th
    (Ann 60, and Cy 40 left to the test) is Ann & Cy +100: the same games as for two players."""
    on(date(2025, 12, 30))
    ok(
        gintally(
            "match",
            "new",
            "Forever",
            "--teams",
            "Ann,Cy",
            "Bob,Di",
            "-f",
            "ad-infinitum",
            "--rules",
            "honeymoon",
        )
    )
    for day in range(1, 6):
        for who, pts in (("Ann", 100), ("Cy", 20), ("Bob", 60), ("Di", 30)):
            ok(gintally("score", who, str(pts), "--date", f"2025-12-0{day}"))
    ok(gintally("score", "Ann", "60", "--date", "2025-12-30"))


def test_a_team_round_in_ad_infinitum_is_a_short_summary(
    gintally: CLI, on: Callable[[date], None]
) -> None:
    team_new_year(gintally, on)
    run = ok(gintally("score", "Cy", "40", "--date", "2025-12-30"))
    assert run.stdout.splitlines() == [
        "Hand 22, 30 Dec 2025: Cy scores 40 over Di",
        "  Round 11 complete: Ann & Cy +100 (100 to 0)",
        "  Opens game 11; the round posts to 10 games.",
        "  Closes games 2 and 3: Ann & Cy win, nets 130, 220.",
        "  Season 2025: games won Ann & Cy 3, Bob & Di 0; 8 games open.",
    ]
    on(date(2026, 1, 2))
    first = ok(gintally("score", "Bob", "10", "--date", "2026-01-02"))
    assert first.stdout.splitlines() == [
        "Hand 23, 2 Jan 2026: Bob scores 10 over Ann",
        "  Round 12: Ann v Bob played; waiting for Cy v Di",
        "  Season 2026: games won Ann & Cy 0, Bob & Di 0; 0 games open.",
    ]  # the round has not posted yet: the old season's end waits for it
    run = ok(gintally("score", "Di", "10", "--date", "2026-01-02"))
    assert run.stdout.splitlines() == [
        "Hand 24, 2 Jan 2026: Di scores 10 over Cy",
        "  Round 12 complete: Bob & Di +20 (20 to 0)",
        "  Season 2025 is over: Ann & Cy won it, 3 games to 0; 8 games left unfinished.",
        "  Opens game 1; the round posts to 1 game.",
        "  Season 2026: games won Ann & Cy 0, Bob & Di 0; 1 game open.",
    ]
    doc = as_json(gintally("edit", "24", "--points", "15", "--json"))
    assert doc["season_ended"] == {
        "season": "2025",
        "games_won": {"Ann & Cy": 3, "Bob & Di": 0},
        "winner": "Ann & Cy",
        "open": 0,
        "unfinished": 8,
    }
    assert (doc["opened_games"], doc["closed_games"], doc["round"]["points"]) == ([1], [], 25)


TEAMS = (
    ("Christabella", "Constantinos", "Anastasiadis"),
    ("Bartholomeus", "Fredericksen", "Wilhelmsburg"),
)


TEAM_EVENING: Commands = (
    (
        "match",
        "new",
        "Eve",
        "--teams",
        ",".join(TEAMS[0]),
        ",".join(TEAMS[1]),
        "-f",
        "hollywood",
        "--games",
        "5",
    ),
    *(
        hand
        for i in range(8)
        for hand in (
            ("knock", TEAMS[0][0], "5", "--vs", "50") if i % 2 else ("score", TEAMS[1][0], "60"),
            ("score", TEAMS[1][1], "21"),
            ("score", TEAMS[0][2], "12"),
        )
    ),
    ("score", TEAMS[0][0], "45"),  # round 9 in progress
)


@pytest.mark.parametrize("color", [False, True], ids=["NO_COLOR", "colour"])
def test_a_team_evening_with_long_names_fits_80_columns(
    gintally: CLI, db_path: Path, color: bool, ledger_from: Callable[[Commands, Path], Path]
) -> None:
    """Teams of three, twelve letters a name, five Hollywood games: every command at 80
    columns, nothing cut. Each round Christabella and Anastasiadis win 45 and 12 at tables 1 and
    3, Fredericksen 21 at table 2 (C&C&A +36), or every second round Bartholomeus wins 60."""
    a, b = TEAMS
    ledger_from(TEAM_EVENING, db_path)  # each command succeeds; built once per test worker
    commands = (
        ["show"],
        ["show", "--all"],
        ["hands"],
        ["hands", "--all"],
        ["standings"],
        ["match", "list"],
        ["match", "show", "Eve"],
    )
    for args in commands:
        out = _installed(args, db_path, color)
        lines = [_visible(line) for line in out.splitlines()]
        assert max(len(line) for line in lines) <= 80, (args, out)
        assert "…" not in out and "..." not in out  # no name is cut
        if args == ["show"]:
            assert f"Team C&C&A = {' & '.join(a)}" in lines
            assert "Tables: 1 Christabella v Bartholomeus, 2 Constantinos v Fredericksen," in lines
            header = next(i for i, line in enumerate(lines) if "G1" in line)
            # five games of two columns: the team labels give way to initials, with a legend
            assert lines[header + 1].split() == ["round", *["C", "B"] * 5]
            assert "C = C&C&A, B = B&F&W" in lines
        if args == ["standings"]:
            assert lines[:2] == [f"Team C&C&A = {' & '.join(a)}", f"Team B&F&W = {' & '.join(b)}"]
        if args[0] == "match":  # the teams, not the first table's two players
            assert "Christabella vs Bartholomeus" not in out and "Wilhelmsburg" in out
    hand = _installed(["score", b[1], "21"], db_path, color)
    lines = [_visible(line) for line in hand.splitlines()]
    assert max(len(line) for line in lines) <= 80, hand
    assert lines[1] == (
        "  Round 9: Christabella v Bartholomeus and Constantinos v Fredericksen played;"
    )
    assert lines[2] == "    waiting for Anastasiadis v Wilhelmsburg"  # a table is never split


def test_a_solitaire_log_names_no_dealer(gintally: CLI) -> None:
    """Gimlet Rummy is solitaire: nobody deals against the phantom, so the log says no dealer
    (the winner-deals rule would otherwise name Ann after her own hand)."""
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    ok(gintally("knock", "Ann", "3", "--piles", "1,2,0,3"))  # 28, issue 9's worked example
    ok(gintally("sour", "Ann", "17"))  # the phantom: 30 + 17 = 47
    rows = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["hand"], h["dealer"], h["points_by_player"]) for h in rows] == [
        (1, None, {"Ann": 28, "Phantom": 0}),
        (2, None, {"Ann": 0, "Phantom": 47}),
    ]


def test_rolling_hollywood_says_the_sum_of_the_nets_once(gintally: CLI) -> None:
    """Rolling Hollywood is one set that never ends: show says who leads on the sum of the nets
    of the games finished so far (here game 1 alone, so its net), without a set number."""
    ok(gintally("match", "new", "Roll", "-p", "Ann", "Bob", "-f", "hollywood", "--rolling"))
    for pts in ("60", "50"):  # game 1: Ann 60 + 50 = 110, over 100; game 2: Ann 50
        ok(gintally("score", "Ann", pts))
    doc = as_json(gintally("show", "--json"))
    first = doc["games"][0]
    assert (first["number"], first["status"], first["winner"]) == (1, "won", "Ann")
    assert first["net"] == first["total"]["Ann"] - first["total"]["Bob"]
    line = f"Rolling Hollywood, the sum of the nets: Ann leads by {first['net']} so far."
    assert line in ok(gintally("show")).stdout.splitlines()
    assert [x["result"] for x in doc["sets"]] == [f"Ann leads by {first['net']} so far"]


def test_the_log_wraps_without_breaking_a_list_of_cards(
    gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's second hand (Bob lays off 8D 9D: 18 left; Ann's 8 wins 10) at 80 columns:
    the description wraps under its column, and "8D 9D" stays on one line."""
    monkeypatch.setenv("COLUMNS", "80")
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "--dealer", "Ann"))
    ok(
        gintally(
            "knock",
            "Ann",
            "--cards",
            "6H 6C 6D 6S TD JD QD KD AH 7D",
            "--vs-cards",
            "2H 3H 4H 7H 7S 7C 8C 8D 9D JS",
        )
    )
    lines = ok(gintally("hands")).stdout.splitlines()
    assert lines[2:] == [
        f"  1  {date.today().isoformat()}  Ann     -    "
        + "Ann knocks with 8, Bob has 18 after laying off",
        " " * 30 + "8D 9D: Ann +10",
    ]


def test_standings_with_sets_and_a_series_fit_80_columns(
    gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hollywood under tournament rules (a best-of-5 series): the standings carry both a sets
    and a series column; with twelve-letter names every header stays whole at 80 columns.
    Six paper scores of 99 (target 250): games 1-3 close with Christabella ahead, a set and
    the first three games of the series."""
    monkeypatch.setenv("COLUMNS", "80")
    a, b = LONG
    ok(gintally("match", "new", "Cup", "-p", a, b, "-f", "hollywood", "--rules", "tournament"))
    for _ in range(6):
        ok(gintally("score", a, "99"))
    lines = ok(gintally("standings")).stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in "".join(lines)
    head = next(line for line in lines if line.split()[:1] == ["player"])
    assert head.split() == [
        *("player", "games", "sets", "series", "won"),
        *("points", "gins", "undercuts", "biggest", "net"),
    ]
    rows = as_json(gintally("standings", "--json"))["rows"]
    assert [(r["player"], r["games_won"], r["sets_won"], r["series_won"]) for r in rows] == [
        (a, 3, 1, 1),
        (b, 0, 0, 0),
    ]


def test_hands_of_the_calendar_s_first_and_last_years(gintally: CLI) -> None:
    """--year takes any year a date can hold (1 to 9999): the season of 9999 has no successor
    to end at, and is simply empty here; years outside are bad input."""
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "3", "--vs", "20", "--date", "2025-03-01"))
    assert ok(gintally("hands", "--year", "9999")).stdout == "No hands in K in season 9999.\n"
    doc = as_json(gintally("hands", "--year", "9999", "--json"))
    assert (doc["season"], doc["count"], doc["hands"]) == ("9999", 0, [])
    assert ok(gintally("hands", "--year", "1")).stdout == "No hands in K in season 1.\n"
    for year in ("0", "10000"):
        run = gintally("hands", "--year", year)
        assert (run.code, run.stderr) == (
            2,
            f"Error: --year must be a year from 1 to 9999, not {year}\n",
        )
