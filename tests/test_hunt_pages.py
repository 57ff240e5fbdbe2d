"""Defects found by printing every page gintally makes (``print``, ``report --html``) for every
format and looking at them in Chromium at paper and phone widths."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gintally.cli import app

LONG = "Zoë Ångström-Müller de la Vallée-Poussin"
WIDE = "李小龍王大明張三"


def run(db: Path, *args: str, code: int = 0) -> str:
    done = CliRunner().invoke(app, ["--db", str(db), *args], env={"COLUMNS": "80"})
    assert done.exit_code == code, done.output
    return done.output


ENDS = """() => [...document.querySelectorAll('svg')].flatMap(svg => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text.end-label')].map(t => {
    const r = t.getBoundingClientRect();
    return [t.textContent, r.right <= box.right + 0.5];
  });
})"""


def test_a_long_name_at_a_race_line_end_is_not_cut_off(db_path: Path, tmp_path: Path) -> None:
    """The race chart names each line at its end, in a right margin 110 units wide: a long
    name ran past the chart's edge and was cut, taking its figure with it ("Zoë Ångström-Mü",
    no "-1464") on the year in review and on the printed standings and year pages. The margin
    is as wide as the longest name and figure now."""
    from browsers import launch
    from playwright.sync_api import sync_playwright

    run(db_path, "match", "new", "Eve", "--players", LONG, WIDE)
    for day, winner in ((1, LONG), (2, WIDE), (3, WIDE)):
        run(db_path, "gin", winner, "--vs", "90", "--date", date(2026, 3, day).isoformat())
    pages = {
        "report": ["report", "--html"],
        "standings": ["print", "standings", "-o"],
        "year": ["print", "year", "-o"],
    }
    for kind, args in pages.items():
        run(db_path, *args, str(tmp_path / f"{kind}.html"))
    printable = (210 - 30) * 96 / 25.4  # A4 inside its 15 mm margins, in CSS pixels
    with sync_playwright() as p:
        browser = launch(p)
        tab = browser.new_page(viewport={"width": int(printable), "height": 1200})
        tab.emulate_media(media="print")
        ends = {}
        for kind in pages:
            tab.goto((tmp_path / f"{kind}.html").as_uri())
            ends[kind] = tab.evaluate(ENDS)
        browser.close()
    race = json.loads(run(db_path, "chart", "--json"))
    won = [f"{name} {race['games_won'][name][-1]}" for name in (LONG, WIDE)]
    net = [f"{name} {race['net'][name][-1]}" for name in (LONG, WIDE)]
    assert [label for label, _ in ends["report"]] == won + net
    assert [label for label, _ in ends["standings"]] == won
    assert [label for label, _ in ends["year"]] == won + net
    for kind, labels in ends.items():
        assert [inside for _, inside in labels] == [True] * len(labels), kind


def test_a_team_evening_prints_every_round_it_played(db_path: Path) -> None:
    """The printed evening of a team match ("Each table's hand in each round") listed only the
    last five rounds: it is drawn from ``show --all``, which kept ``show``'s five. ``show --all``
    lists every complete round now, and the page every round of its evening."""
    run(db_path, "match", "new", "Eve", "--teams", "Reds=Ann,Cy", "Blues=Bob,Di")
    for i in range(8):  # eight rounds, both tables, one evening
        run(db_path, "knock", "Ann" if i % 2 else "Bob", "3", "--vs", "9")
        run(db_path, "knock", "Cy", "2", "--vs", "8")
    doc = json.loads(run(db_path, "show", "--all", "--json"))
    assert [r["number"] for r in doc["rounds"]] == list(range(1, 9))
    assert len(json.loads(run(db_path, "show", "--json"))["rounds"]) == 5  # show keeps five
    html = run(db_path, "print", "evening", "-o", "-")
    printed = re.findall(r'data-doc="show:rounds\.\d+\.number">(\d+)<', html)
    assert printed == [str(r["number"]) for r in doc["rounds"]]


def test_the_chart_keeps_a_long_title_and_key_at_any_width(db_path: Path) -> None:
    """plotext leaves out a title or a key wider than its plot: a long match name took the
    chart's title with it at 80 columns, and two long names the key (which player is which
    line) at 40. The match name is cut to fit now, and a key that does not fit goes under the
    chart, a player a line."""
    from rich.cells import cell_len

    name = "Long Accented Hollywood Match Name That Goes On and On Évé"
    run(db_path, "match", "new", name, "--players", LONG, WIDE)
    for day, winner in ((1, LONG), (2, WIDE), (3, WIDE)):
        run(db_path, "gin", winner, "--vs", "90", "--date", date(2026, 3, day).isoformat())
    for columns in (80, 40):
        done = CliRunner().invoke(
            app, ["--db", str(db_path), "chart"], env={"COLUMNS": str(columns)}
        )
        lines = done.output.splitlines()
        assert max(map(cell_len, lines)) <= columns
        titles = [line.strip() for line in lines if ", season 2026: " in line]
        assert [t.rsplit(": ", 1)[1] for t in titles] == ["games won", "net"]
        assert all(t.startswith(name[:8]) for t in titles)
        if columns == 80:
            assert lines[-1].strip() == f"* = {LONG}   o = {WIDE}"
        else:  # under the chart, each cut to the width
            assert lines[-2:] == [f"* = {LONG[:35]}…", f"o = {WIDE}"]


INKED = """() => ({
  shown: [...document.querySelectorAll('nav, #pad')].filter(e => e.offsetParent !== null)
    .map(e => e.id || e.tagName.toLowerCase()),
  ink: getComputedStyle(document.querySelector('h1')).color,
  score: document.querySelector('.score').textContent.trim(),
})"""


def test_the_served_sheet_prints_the_sheet_in_dark_ink(tmp_path: Path) -> None:
    """Printing the served sheet put the tabs and the whole entry pad (number keys, "Tap who
    went down") on the paper beside the scores, and from a phone in dark mode its text came in
    the dark theme's near-white ink, which on white paper (browsers leave backgrounds out)
    cannot be read. On paper now: the sheet only, in the light theme's ink."""
    from browsers import launch
    from playwright.sync_api import sync_playwright
    from test_serve_browser import start

    import gintally

    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Show", ["Ann", "Bob"]).gin("Ann", vs=12)
        points = book.match("Show").sheet()["games"][0]["points"]
    served = start(path)
    url = next(served).url
    try:
        with sync_playwright() as p:
            browser = launch(p)
            tab = browser.new_page(viewport={"width": 718, "height": 1000})
            tab.goto(url)
            tab.wait_for_selector(".score")
            seen = {}
            for scheme in ("light", "dark"):
                tab.emulate_media(media="screen", color_scheme=scheme)
                seen[f"screen {scheme}"] = tab.evaluate(INKED)
                tab.emulate_media(media="print", color_scheme=scheme)
                seen[f"print {scheme}"] = tab.evaluate(INKED)
            browser.close()
    finally:
        served.close()
    light, dark = "rgb(27, 27, 27)", "rgb(240, 240, 240)"
    won = str(points["Ann"])
    assert seen["screen light"] == {"shown": ["nav", "pad"], "ink": light, "score": won}
    assert seen["screen dark"] == {"shown": ["nav", "pad"], "ink": dark, "score": won}
    assert seen["print light"] == {"shown": [], "ink": light, "score": won}
    assert seen["print dark"] == {"shown": [], "ink": light, "score": won}


def test_report_refuses_to_write_a_web_page_under_a_pdf_name(db_path: Path, tmp_path: Path) -> None:
    """``report --html year.pdf`` wrote the web page's HTML into year.pdf, which no PDF reader
    opens; it is refused now, naming the file and the command that does write a PDF."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    run(db_path, "gin", "Ann", "--vs", "90")
    for name in ("year.pdf", "YEAR.PDF"):
        said = run(db_path, "report", "--html", str(tmp_path / name), code=2)
        assert said == (
            f"Error: {tmp_path / name} names a PDF, and report writes a web page: name a "
            f"FILE.html, or print year -o {name} for the year in review as a PDF\n"
        )
    assert [p.name for p in tmp_path.iterdir() if p.suffix.lower() == ".pdf"] == []
    assert run(db_path, "report", "--html", str(tmp_path / "year.html")).startswith("Wrote ")


def test_a_year_without_a_season_is_refused_alike_on_every_page(db_path: Path) -> None:
    """Asked for a year the match has no season in, ``chart``, ``report`` and ``print year``
    named the seasons it has; ``standings`` and ``print standings`` did not."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    run(db_path, "gin", "Ann", "--vs", "90", "--date", "2026-03-01")
    said = "Error: match 'Eve' has no season starting in 1999 (it has 2026)\n"
    for args in (
        ["standings", "--year", "1999"],
        ["print", "standings", "--year", "1999", "-o", "-"],
        ["print", "year", "--year", "1999", "-o", "-"],
        ["report", "--year", "1999", "--html", "-"],
        ["chart", "--year", "1999"],
    ):
        assert run(db_path, *args, code=2) == said, args


def test_print_refuses_a_choice_its_page_does_not_make(db_path: Path, tmp_path: Path) -> None:
    """``print evening --year 2025`` printed the latest evening, of 2026, and ``print standings
    --date ...`` the standings as they are: the option was dropped without a word (only --set
    was refused). Each is refused now, naming it, and nothing is written; the library refuses
    the same, in its parameters' names."""
    import gintally

    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob", "--format", "ad-infinitum")
    run(db_path, "gin", "Ann", "--vs", "30", "--date", "2025-06-01")
    run(db_path, "gin", "Bob", "--vs", "30", "--date", "2026-06-01")
    out = tmp_path / "page.html"
    refused = {
        ("evening", "--year", "2025"): "--year chooses the season of the standings or year "
        "page, not the evening page",
        ("pad", "--year", "2025"): "--year chooses the season of the standings or year page, "
        "not the pad page",
        ("standings", "--date", "2025-06-01"): "--date chooses an evening's sheet, not the "
        "standings page",
        ("year", "--set", "1"): "--set chooses an evening's sheet, not the year page",
    }
    for (kind, option, value), said in refused.items():
        assert run(db_path, "print", kind, option, value, "-o", str(out), code=2) == (
            f"Error: {said}\n"
        )
        assert not out.exists()
    with gintally.open(db_path) as book, pytest.raises(gintally.GintallyError) as e:
        book.print_page("pad", year=2025)
    assert str(e.value) == "year chooses the season of the standings or year page, not the pad page"
    assert "<h1>Eve: 1 June 2025</h1>" in run(
        db_path, "print", "evening", "-d", "2025-06-01", "-o", "-"
    )
    assert "standings of 2025" in run(db_path, "print", "standings", "--year", "2025", "-o", "-")


def test_a_team_race_is_between_the_teams(db_path: Path) -> None:
    """A team match's race (``chart``, ``chart --json``, the race on ``report`` and the printed
    standings) was drawn between Ann and Bob, the first table's players, with all the team's
    games and net under their names; standings names the teams. It is the teams' race now."""
    run(db_path, "match", "new", "Eve", "--teams", "Reds=Ann,Cy", "Blues=Bob,Di")
    for _ in range(4):
        run(db_path, "gin", "Ann", "--vs", "40")
        run(db_path, "gin", "Cy", "--vs", "40")
    teams = [row["player"] for row in json.loads(run(db_path, "standings", "--json"))["rows"]]
    assert teams == ["Reds", "Blues"]
    race = json.loads(run(db_path, "chart", "--json"))
    assert race["players"] == teams and list(race["games_won"]) == teams
    assert "R = Reds   B = Blues" in run(db_path, "chart")
    for page in (
        run(db_path, "report", "--html", "-"),
        run(db_path, "print", "standings", "-o", "-"),
    ):
        ends = re.findall(r'class="end-label">([A-Za-z]+) ', page)
        assert ends[:2] == teams
