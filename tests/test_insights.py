"""Insights: `stats` over a household ledger worked by hand, streaming, and refusals.

The household (kitchen rules: a plain race to 100, no bonuses, a tie scores nothing):

Kitchen, Ann v Bob, single games, 2024:
   1  5 Jan  Ann knocks 5 v 25      Ann +20          game 1: Ann 20-0
   2  5 Jan  Bob gin v 30           Bob +55          game 1: 20-55
   3 12 Jan  Ann knocks 3 v 40      Ann +37          game 1: 57-55
   4 12 Jan  Ann gin v 45           Ann +70          game 1: 127-55, Ann wins, net 72
   5  2 Feb  Bob knocks 6 v 6       a tie, nobody wins (tie=no-score)
   6  2 Feb  Bob knocks 4 v 50      Bob +46          game 2: 0-46
   7  9 Feb  Bob knocks 7, Ann 3    Ann undercuts: 15 + 4 = +19    game 2: 19-46
   8  9 Feb  Bob big gin v 30       Bob +65          game 2: 19-111, Bob wins, net 92
Sunday, Bob v Cy, hollywood (3 games, per-player entry), 2024:
   9  3 Mar  Cy gin v 25            Cy +50   (Cy's 1st win: game 1)      G1 0-50
  10  3 Mar  Cy knocks 2 v 52       Cy +50   (2nd: games 1, 2)           G1 0-100 Cy wins, net 100
  11 10 Mar  Cy knocks 1 v 61       Cy +60   (3rd: games 2, 3)           G2 0-110 Cy wins, net 110
  12 10 Mar  Bob gin v 80           Bob +105 (shut out of 1, 2: game 3)  G3 105-60 Bob wins, net 45
  The set: -100 - 110 + 45 = -165 from Bob's side: Cy wins it by 165.

So: Ann 1 match, 8 hands (the tie included), 4 won, 1 game, 1 gin, 1 undercut, biggest 70.
Bob 2 matches, 12 hands, 3 + 1 = 4 won, 2 games, 3 gins (big gin included), biggest 105.
Cy 1 match, 4 hands, 3 won, 2 games, 1 set, 1 gin, biggest 60.
Head to head: Ann v Bob games 1-1, hands 4-3, net -20 (72 - 92); Bob v Cy games 1-2, hands 1-3,
net -165. Records: biggest hand Bob's 105 (Sunday's 4th hand, 10 Mar); longest run Cy's 3 (Sunday's
first three, 3-10 Mar: Kitchen's longest is 2, Ann's hands 3-4); best season Cy's 2 games in 2024
(the last won on 10 Mar by Sunday's 3rd hand).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tracemalloc
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from conftest import Run
from gintally.cli import app
from gintally.engine.formats import Format
from gintally.engine.lifetime import Lifetime, Side
from gintally.engine.replay import Entry
from gintally.game.rules import resolve

CLI = Callable[..., Run]

KITCHEN = [
    ("knock", "Ann", "5", "--vs", "25", "--date", "2024-01-05"),
    ("gin", "Bob", "--vs", "30", "--date", "2024-01-05"),
    ("knock", "Ann", "3", "--vs", "40", "--date", "2024-01-12"),
    ("gin", "Ann", "--vs", "45", "--date", "2024-01-12"),
    ("knock", "Bob", "6", "--vs", "6", "--date", "2024-02-02"),
    ("knock", "Bob", "4", "--vs", "50", "--date", "2024-02-02"),
    ("knock", "Bob", "7", "--vs", "3", "--date", "2024-02-09"),
    ("big-gin", "Bob", "--vs", "30", "--date", "2024-02-09"),
]
SUNDAY = [
    ("gin", "Cy", "--vs", "25", "--date", "2024-03-03"),
    ("knock", "Cy", "2", "--vs", "52", "--date", "2024-03-03"),
    ("knock", "Cy", "1", "--vs", "61", "--date", "2024-03-10"),
    ("gin", "Bob", "--vs", "80", "--date", "2024-03-10"),
]


def ok(run: Run) -> Run:
    assert run.code == 0, (run.code, run.stdout, run.stderr)
    return run


def doc(run: Run) -> Any:
    return json.loads(ok(run).stdout)


@pytest.fixture(scope="module")
def household_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]]]:
    """The household ledger above, built once; with each match's hand numbers as the log
    shows them."""
    path = tmp_path_factory.mktemp("household") / "household.db"
    runner = CliRunner()

    def run(*args: str) -> Run:
        result = runner.invoke(app, ["--db", str(path), *args], env={"NO_COLOR": "1"})
        return Run(result.exit_code, result.stdout, result.stderr)

    ok(run("match", "new", "Kitchen", "--players", "Ann", "Bob", "--rules", "kitchen"))
    for args in KITCHEN:
        ok(run(*args, "--match", "Kitchen"))
    ok(
        run(
            "match",
            "new",
            "Sunday",
            "--players",
            "Bob",
            "Cy",
            "--rules",
            "kitchen",
            "--format",
            "hollywood",
        )
    )
    for args in SUNDAY:
        ok(run(*args, "--match", "Sunday"))
    numbers = {
        m: [h["id"] for h in doc(run("hands", "--match", m, "--json"))["hands"]]
        for m in ("Kitchen", "Sunday")
    }
    return path, numbers


@pytest.fixture
def household(
    household_file: tuple[Path, dict[str, list[int]]], db_path: Path
) -> dict[str, list[int]]:
    """A copy of the household ledger as this test's ledger."""
    shutil.copyfile(household_file[0], db_path)
    return household_file[1]


def test_stats_of_the_household_worked_by_hand(
    gintally: CLI, household: dict[str, list[int]]
) -> None:
    stats = doc(gintally("stats", "--json"))
    rows = {r["player"]: r for r in stats["players"]}
    assert [r["player"] for r in stats["players"]] == ["Bob", "Cy", "Ann"]  # most games first
    assert rows["Ann"] == {
        "player": "Ann",
        "matches": 1,
        "hands": 8,
        "hands_won": 4,
        "games_won": 1,
        "sets_won": 0,
        "series_won": 0,
        "gins": 1,
        "undercuts": 1,
        "biggest_hand": 70,
        "points": 20 + 37 + 70 + 19,
    }
    assert rows["Bob"] == {
        "player": "Bob",
        "matches": 2,
        "hands": 12,
        "hands_won": 4,
        "games_won": 2,
        "sets_won": 0,
        "series_won": 0,
        "gins": 3,
        "undercuts": 0,
        "biggest_hand": 105,
        "points": 55 + 46 + 65 + 105,
    }
    assert rows["Cy"] == {
        "player": "Cy",
        "matches": 1,
        "hands": 4,
        "hands_won": 3,
        "games_won": 2,
        "sets_won": 1,
        "series_won": 0,
        "gins": 1,
        "undercuts": 0,
        "biggest_hand": 60,
        "points": 160,
    }
    assert stats["head_to_head"] == [
        {
            "players": ["Ann", "Bob"],
            "matches": 1,
            "games_won": {"Ann": 1, "Bob": 1},
            "hands_won": {"Ann": 4, "Bob": 3},
            "net": {"Ann": -20, "Bob": 20},
        },
        {
            "players": ["Bob", "Cy"],
            "matches": 1,
            "games_won": {"Bob": 1, "Cy": 2},
            "hands_won": {"Bob": 1, "Cy": 3},
            "net": {"Bob": -165, "Cy": 165},
        },
    ]
    sunday = household["Sunday"]
    assert stats["records"] == {
        "biggest_hand": {
            "player": "Bob",
            "points": 105,
            "match": "Sunday",
            "date": "2024-03-10",
            "hand": sunday[3],
        },
        "longest_run": {
            "player": "Cy",
            "hands": 3,
            "match": "Sunday",
            "date": "2024-03-03",
            "hand": sunday[0],
            "until": "2024-03-10",
            "last_hand": sunday[2],
        },
        "best_season": {
            "player": "Cy",
            "games_won": 2,
            "season": "2024",
            "match": "Sunday",
            "date": "2024-03-10",
            "hand": sunday[2],
        },
    }


def test_stats_of_one_player_puts_them_first(
    gintally: CLI, household: dict[str, list[int]]
) -> None:
    ann = doc(gintally("stats", "--player", "ann", "--json"))  # names are case-blind
    assert ann["player"] == "Ann"
    assert [r["player"] for r in ann["players"]] == ["Ann"]
    assert [h["players"] for h in ann["head_to_head"]] == [["Ann", "Bob"]]
    kitchen = household["Kitchen"]
    # Ann's own records: her gin of hand 4, her run of hands 3-4, her one game of 2024
    assert ann["records"]["biggest_hand"]["points"] == 70
    assert ann["records"]["biggest_hand"]["hand"] == kitchen[3]
    run = ann["records"]["longest_run"]
    assert (run["hands"], run["hand"], run["last_hand"]) == (2, kitchen[2], kitchen[3])
    assert ann["records"]["best_season"]["games_won"] == 1
    cy = doc(gintally("stats", "--player", "Cy", "--json"))
    assert cy["head_to_head"][0]["players"] == ["Cy", "Bob"]
    assert cy["head_to_head"][0]["net"] == {"Cy": 165, "Bob": -165}


def test_stats_for_people_fits_80_columns(
    gintally: CLI, household: dict[str, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(gintally("stats")).stdout
    assert all(len(line) <= 80 for line in out.splitlines())
    for text in ("Bob", "Cy", "Ann", "Ann v Bob", "1-1", "4-3", "-20", "-165", "105 points"):
        assert text in out, text
    assert "Cy, 3 hands won in a row: hands 1 to 3 of Sunday," in out
    assert "2024-03-03..03-10" in out  # a record's dates are never cut


def test_stats_refuses_an_unknown_player_and_reads_a_ledger_without_hands(gintally: CLI) -> None:
    missing = gintally("stats")
    assert missing.code == 1 and missing.stderr.startswith("Error: no ledger at ")
    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    empty = doc(gintally("stats", "--json"))
    assert [(r["player"], r["matches"], r["hands"]) for r in empty["players"]] == [
        ("Ann", 1, 0),
        ("Bob", 1, 0),
    ]
    assert empty["head_to_head"][0]["games_won"] == {"Ann": 0, "Bob": 0}
    assert empty["records"] == {"biggest_hand": None, "longest_run": None, "best_season": None}
    assert "Records" not in ok(gintally("stats")).stdout
    bad = gintally("stats", "--player", "Zed")
    assert bad.code == 2 and bad.stderr.strip() == "Error: unknown player 'Zed'"


def test_a_voided_hand_counts_nowhere(gintally: CLI, household: dict[str, list[int]]) -> None:
    ok(gintally("void", str(household["Sunday"][3])))  # Bob's gin of 105 is gone
    stats = doc(gintally("stats", "--json"))
    bob = next(r for r in stats["players"] if r["player"] == "Bob")
    assert (bob["hands"], bob["hands_won"], bob["games_won"], bob["biggest_hand"]) == (11, 3, 1, 65)
    assert stats["records"]["biggest_hand"]["points"] == 70  # Ann's gin of hand 4


def _many(n: int) -> Iterator[Entry]:
    """n hands of a long single match, alternately won, 30 points each (a game every 7 hands)."""
    day = date(2000, 1, 1)
    for i in range(1, n + 1):
        yield Entry(i, day + timedelta(days=i // 20), i % 2, 30, "knock")


def _peak(n: int) -> tuple[int, Lifetime]:
    fold = Lifetime()
    tracemalloc.start()
    try:
        fold.match(
            "Long",
            [Side("Ann", ("Ann",)), Side("Bob", ("Bob",))],
            resolve("kitchen"),
            Format("single"),
            _many(n),
        )
        return tracemalloc.get_traced_memory()[1], fold
    finally:
        tracemalloc.stop()


def test_the_fold_streams_its_hands_in_bounded_memory() -> None:
    """Ten times the hands, about the same peak: nothing keeps a hand after it is folded."""
    small, _ = _peak(700)
    big, fold = _peak(7_000)
    assert fold.figures["Ann"].hands == 7_000
    assert fold.figures["Ann"].hands_won + fold.figures["Bob"].hands_won == 7_000
    # each game: 4 wins to 1 player reach 120 >= 100 first (alternating wins: 7 hands a game)
    assert fold.figures["Ann"].games_won + fold.figures["Bob"].games_won == 7_000 // 7
    assert big < small * 2 + 50_000, (small, big)


# --- the season race: chart, sparkline, demo ------------------------------------------------------


def test_the_race_of_a_season_worked_by_hand(
    household: dict[str, list[int]], db_path: Path
) -> None:
    """Kitchen 2024: Ann wins game 1 on 12 Jan (net 72), Bob game 2 on 9 Feb (net 92)."""
    from gintally import report
    from gintally.ledger import Ledger
    from gintally.service import insights

    with Ledger.open(db_path, write=False) as book:
        m = book.match("Kitchen")
        story = insights.season_story(book, m, 2024, date(2025, 1, 1))
        race = report.race_doc(m, story.season, story.race, story.hands)
    assert race["season"] == "2024" and race["first_hand"] == "2024-01-05"
    assert race["dates"] == ["2024-01-12", "2024-02-09"]
    assert race["games_won"] == {"Ann": [1, 1], "Bob": [0, 1]}
    assert race["net"] == {"Ann": [72, -20], "Bob": [-72, 20]}
    assert race["months"] == ["2024-01", "2024-02"]
    assert race["monthly_games"] == {"Ann": [1, 1], "Bob": [0, 1]}


def test_chart_draws_both_players_legibly_at_80_columns(
    gintally: CLI, household: dict[str, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(gintally("chart", "--match", "Kitchen")).stdout
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(len(line) for line in lines)
    assert "\x1b[" not in out  # NO_COLOR (and not a terminal): no colour codes
    assert "Kitchen, season 2024: games won" in out
    assert "Kitchen, season 2024: net" in out  # single games: the running net too
    assert "A = Ann   B = Bob" in out
    assert "A" in lines[2] and "B" in lines[2]  # both reach 1 game, the top line
    assert any(line.lstrip().startswith("72") or " 50┤" in line for line in lines)
    sunday = ok(gintally("chart", "--match", "Sunday", "--year", "2024")).stdout
    assert "B = Bob   C = Cy" in sunday and "Sunday, season 2024" in sunday


def test_chart_refuses_a_season_that_is_not_there(
    gintally: CLI, household: dict[str, list[int]]
) -> None:
    bad = gintally("chart", "--match", "Kitchen", "--year", "2023")
    assert bad.code == 2
    assert bad.stderr.strip() == (
        "Error: match 'Kitchen' has no season starting in 2023 (it has 2024)"
    )
    assert gintally("chart", "--match", "Nope").code == 2
    ok(gintally("match", "new", "Empty", "--players", "Ann", "Bob"))
    empty = ok(gintally("chart"))  # its document, empty (`chart --json`), drawn as such
    assert empty.stdout == f"Empty, season {date.today().year}: no hand scored yet.\n"
    asked = gintally("chart", "--year", "2024")
    assert asked.code == 2 and "has no hands yet" in asked.stderr


def test_markers_stay_distinct() -> None:
    from gintally.cli.chart import markers
    from gintally.facade.page import day_ticks, whole_ticks

    assert markers(["Ann", "Bob"]) == ["A", "B"]
    assert markers(["Ann", "al"]) == ["*", "o"]  # the same initial: two other marks
    assert whole_ticks(0, 4) == ([0, 1, 2, 3, 4], ["0", "1", "2", "3", "4"])
    assert whole_ticks(-72, 72)[0] == [-100, -50, 0, 50, 100]
    assert whole_ticks(0, 214)[0] == [0, 50, 100, 150, 200, 250]
    assert day_ticks("2024-01-05", "2024-12-30")[1] == ["Feb", "Apr", "Jun", "Aug", "Oct", "Dec"]
    assert day_ticks("2024-01-05", "2024-02-09")[1] == ["5 Jan", "14 Jan", "23 Jan", "1 Feb"]


def test_standings_end_with_a_sparkline_of_the_season(
    gintally: CLI, household: dict[str, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    standings = doc(gintally("standings", "--match", "Kitchen", "--json"))
    assert standings["months"] == ["2024-01", "2024-02"]
    assert standings["monthly_games"] == {"Ann": [1, 1], "Bob": [0, 1]}
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(gintally("standings", "--match", "Kitchen")).stdout
    assert out.splitlines()[-1] == "Games won by month, Jan-Feb: Ann ██ 1  Bob ▁█ 1"
    # Sunday's games all closed in March: one month, no sparkline
    assert "by month" not in ok(gintally("standings", "--match", "Sunday")).stdout


def test_demo_ends_with_the_chart_of_its_season(gintally: CLI) -> None:
    out = ok(gintally("demo")).stdout.rstrip().splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("Next: start your own book"))
    assert out[at - 2].strip() == "A = Ann   B = Bob"  # the chart, then the next step
    assert any("Ann and Bob forever, season" in line and "games won" in line for line in out[-25:])
    assert any(line.startswith("Games won by month") for line in out)


def test_the_drawing_libraries_load_only_for_the_commands_that_draw(db_path: Path) -> None:
    """A hand command and the standings (with its sparkline) never import plotext or pygal."""
    import subprocess
    import sys

    probe = (
        "import sys; from gintally.cli import main; sys.argv = ['gintally', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', sorted(m for m in ('plotext', 'pygal') if m in sys.modules))"
    )
    env = {**os.environ, "GINTALLY_DB": str(db_path)}
    for args in (
        ["match", "new", "M", "--players", "Ann", "Bob"],
        ["knock", "Ann", "5", "--vs", "25"],
        ["standings"],
        ["show"],
    ):
        run = subprocess.run(
            [sys.executable, "-c", probe, *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        assert run.stdout.splitlines()[-1] == "LOADED []", (args, run.stdout, run.stderr)


def test_chart_loads_plotext_without_its_documentation(db_path: Path) -> None:
    """`chart` draws with plotext but does not build plotext's interactive documentation
    (`plotext.doc`, some 160 ms): the drawing is the same, and plotext is whole otherwise."""
    import subprocess
    import sys

    probe = (
        "import sys; from gintally.cli import main; sys.argv = ['gintally', 'chart']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "import plotext\n"
        "print('DOC', plotext.doc, 'plotext._doc.doc' in sys.modules, "
        "callable(plotext.figure.plot_size))"
    )
    env = {**os.environ, "GINTALLY_DB": str(db_path), "COLUMNS": "80"}
    for args in (["match", "new", "M", "--players", "Ann", "Bob"], ["gin", "Ann", "--vs", "25"]):
        subprocess.run(
            [sys.executable, "-m", "gintally", *args], env=env, check=True, capture_output=True
        )
    run = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    lines = run.stdout.splitlines()
    assert lines[-1] == "DOC None False True", run.stdout
    assert lines[0].startswith("M, season "), run.stdout
    assert "points so far, no game finished yet" in lines[0], run.stdout


# --- the year in review: one self-contained page ---------------------------------------------


class _Page(HTMLParser):
    """What a browser would fetch or run, and the page's text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.addresses: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "action", "srcset") and value:
                self.addresses.append(value)

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(" ".join(data.split()))


def _page(gintally: CLI, tmp_path: Path, *args: str) -> tuple[str, _Page]:
    out = tmp_path / "year.html"
    run = ok(gintally("report", "--html", str(out), *args))
    assert run.stdout.startswith(f"Wrote {out}")
    html = out.read_text(encoding="utf-8")
    page = _Page()
    page.feed(html)
    return html, page


def test_the_page_holds_the_season_and_fetches_nothing(
    gintally: CLI, household: dict[str, list[int]], tmp_path: Path
) -> None:
    html, page = _page(gintally, tmp_path, "--match", "Kitchen", "--year", "2024")
    text = " | ".join(page.text)
    assert page.tags[:1] == ["html"] and html.startswith("<!DOCTYPE html>")
    assert "script" not in page.tags and "link" not in page.tags and "img" not in page.tags
    assert page.addresses == []  # nothing to fetch: no src, no href
    # the only addresses in the file are the SVG namespaces, which nothing fetches
    namespaces = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
    assert set(re.findall(r"https?://[^\s\"'<>)]+", html)) <= namespaces
    assert "@import" not in html and "url(" not in html and "file://" not in html
    assert "Kitchen: 2024" in text and "The year was tied, 1 game each." in text
    # the standings, worked by hand in the module docstring
    assert "Ann | 1 | 4 | 146 | 1 | 1 | 70 | -20" in text
    assert "Bob | 1 | 3 | 166 | 2 | 0 | 65 | +20" in text
    assert page.tags.count("svg") == 2  # games won, and the running net of single games
    assert "Ann" in html[html.index("<svg") :] and "Bob" in html[html.index("<svg") :]
    assert "Bob won game 2 by 92 on 9 February 2024" in text  # dates as people read them
    kitchen = household["Kitchen"]
    assert f"Ann, 70 points (gin), hand {kitchen[3]} on 12 January 2024" in text
    assert "The 8 hands of 2024" in text and "details" in page.tags
    log = html[html.index("<details>") : html.index("</details>")]
    assert all(f"<td>{n}</td>" in log for n in kitchen)
    assert "@media print" in html


def test_the_page_of_a_hollywood_evening_shows_its_set(
    gintally: CLI, household: dict[str, list[int]], tmp_path: Path
) -> None:
    _, page = _page(gintally, tmp_path, "--match", "Sunday")
    text = " | ".join(page.text)
    assert "1 | 1, 2, 3 | Cy | 165" in text  # set 1: games 1-3, Cy by 165
    assert "Cy leads" not in text and "Cy won the year, 2 games to 1." in text
    assert "game by game" not in text  # two days: drawn by date


def test_report_refuses_what_it_cannot_write(
    gintally: CLI, household: dict[str, list[int]], tmp_path: Path
) -> None:
    missing = gintally("report", "--html", str(tmp_path / "no" / "such" / "year.html"))
    assert missing.code == 2 and missing.stderr.startswith("Error: cannot write")
    folder = gintally("report", "--html", str(tmp_path))
    assert folder.code == 2 and "is a folder" in folder.stderr
    assert gintally("report").code == 2  # --html is required
    assert gintally("report", "--html", str(tmp_path / "x.html"), "--year", "1990").code == 2
    assert not (tmp_path / "x.html").exists()


@pytest.mark.slow
def test_a_real_browser_renders_the_page(
    gintally: CLI, household: dict[str, list[int]], tmp_path: Path
) -> None:
    """Headless Chromium, network off, draws the page to a PNG: a real picture, not an error."""
    import struct
    import subprocess

    from browsers import chromium_path

    _page(gintally, tmp_path, "--match", "Sunday")
    shot = tmp_path / "year.png"
    subprocess.run(
        [
            chromium_path() or "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={shot}",
            "--window-size=1200,1600",
            (tmp_path / "year.html").as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (1200, 1600)
    assert len(png) > 30_000  # text, tables and two charts, not a blank page


# --- readable views for Datasette and sqlite-utils ------------------------------------------------


def test_the_views_list_every_hand_by_name(
    gintally: CLI, household: dict[str, list[int]], db_path: Path
) -> None:
    import sqlite3

    kitchen, sunday = household["Kitchen"], household["Sunday"]
    ok(gintally("void", str(sunday[3])))  # Bob's gin of 105 (Sunday is the current match)
    ok(gintally("match", "use", "Kitchen"))
    ok(gintally("edit", str(kitchen[0]), "--vs", "26"))  # Ann +21 now
    conn = sqlite3.connect(db_path)
    rows = conn.execute(
        "SELECT match, number, date, kind, winner, knocker, points, voided, edited "
        "FROM hands_view ORDER BY match, date, number"
    ).fetchall()
    assert rows == [
        ("Kitchen", kitchen[0], "2024-01-05", "knock", "Ann", "Ann", 21, 0, 1),
        ("Kitchen", kitchen[1], "2024-01-05", "gin", "Bob", "Bob", 55, 0, 0),
        ("Kitchen", kitchen[2], "2024-01-12", "knock", "Ann", "Ann", 37, 0, 0),
        ("Kitchen", kitchen[3], "2024-01-12", "gin", "Ann", "Ann", 70, 0, 0),
        ("Kitchen", kitchen[4], "2024-02-02", "tie", None, "Bob", 0, 0, 0),
        ("Kitchen", kitchen[5], "2024-02-02", "knock", "Bob", "Bob", 46, 0, 0),
        ("Kitchen", kitchen[6], "2024-02-09", "undercut", "Ann", "Bob", 19, 0, 0),
        ("Kitchen", kitchen[7], "2024-02-09", "big-gin", "Bob", "Bob", 65, 0, 0),
        ("Sunday", sunday[0], "2024-03-03", "gin", "Cy", "Cy", 50, 0, 0),
        ("Sunday", sunday[1], "2024-03-03", "knock", "Cy", "Cy", 50, 0, 0),
        ("Sunday", sunday[2], "2024-03-10", "knock", "Cy", "Cy", 60, 0, 0),
        ("Sunday", sunday[3], "2024-03-10", "gin", "Bob", "Bob", 105, 1, 0),
    ]
    matches = conn.execute(
        "SELECT name, players, format, preset, hands, first_date, last_date FROM matches_view "
        "ORDER BY name"
    ).fetchall()
    assert matches == [
        ("Kitchen", "Ann v Bob", "single", "kitchen", 8, "2024-01-05", "2024-02-09"),
        ("Sunday", "Bob v Cy", "hollywood", "kitchen", 3, "2024-03-03", "2024-03-10"),
    ]
    conn.close()


def test_an_older_ledger_gains_the_views_when_opened(db_path: Path, gintally: CLI) -> None:
    import sqlite3

    ok(gintally("match", "new", "M", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "5", "--vs", "25", "--date", "2024-01-05"))
    conn = sqlite3.connect(db_path)  # as a ledger written before the views existed
    conn.execute("DROP VIEW hands_view")
    conn.execute("DROP VIEW matches_view")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm004_views'")
    conn.commit()
    conn.close()
    ok(gintally("knock", "Bob", "4", "--vs", "14", "--date", "2024-01-06"))  # migrates
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT winner, points FROM hands_view ORDER BY date").fetchall() == [
        ("Ann", 20),
        ("Bob", 10),
    ]
    assert conn.execute("SELECT name, hands FROM matches_view").fetchall() == [("M", 2)]
    conn.close()


def test_a_team_match_counts_per_player_at_the_tables_and_per_team_in_games() -> None:
    """Ann & Cy v Bob & Di, kitchen rules, single games to 100. Round 1: Ann beats Bob by 30,
    Di beats Cy by 10: the round goes to Ann & Cy by 20. Round 2: Ann 50, Cy 40 (both of
    Ann & Cy win): 90. Ann & Cy reach 110 and win game 1; every member counts it."""
    day = date(2024, 5, 1)
    fold, kitchen = Lifetime(), resolve("kitchen")
    tables = [
        (("Ann", "Bob"), [Entry(1, day, 0, 30, "knock"), Entry(3, day, 0, 50, "gin")]),
        (("Cy", "Di"), [Entry(2, day, 1, 10, "knock"), Entry(4, day, 0, 40, "knock")]),
    ]
    for (a, b), hands in tables:
        sides = [Side(a, (a,)), Side(b, (b,))]
        fold.match("Teams", sides, kitchen, Format("single"), hands, games=False)
    teams = [Side("Ann & Cy", ("Ann", "Cy")), Side("Bob & Di", ("Bob", "Di"))]
    rounds = [Entry(1, day, 0, 20, "score"), Entry(2, day, 0, 90, "score")]
    fold.match("Teams", teams, kitchen, Format("single"), rounds, hands=False)
    got = {
        n: (f.matches, f.hands, f.hands_won, f.games_won, f.biggest_hand)
        for n, f in fold.figures.items()
    }
    assert got == {
        "Ann": (1, 2, 2, 1, 50),
        "Bob": (1, 2, 0, 0, 0),
        "Cy": (1, 2, 1, 1, 40),
        "Di": (1, 2, 1, 0, 10),
    }
    ann_bob = fold.pairs[("Ann", "Bob")]
    assert (ann_bob.hands, ann_bob.games, ann_bob.net) == ([2, 0], [1, 0], [110, -110])
    cy_di = fold.pairs[("Cy", "Di")]
    assert (cy_di.hands, cy_di.games) == ([1, 1], [1, 0])
    assert fold.pairs[("Ann", "Di")].games == [1, 0]  # opponents in the games, not at a table
    assert fold.pairs[("Ann", "Di")].hands == [0, 0]
