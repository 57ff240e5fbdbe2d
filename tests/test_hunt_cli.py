"""The command line as a person at the table meets it: names in any script, narrow terminals,
typing mistakes, pipes and signals. Each test is a defect found by using the installed command,
checked with the values a user would see."""

from __future__ import annotations

import asyncio
import json
import os
import pty
import re
import signal
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_play import content
from typer.testing import CliRunner

from gintally.cli import app


def run(db: Path, *args: str, columns: int = 80, code: int = 0) -> str:
    env = {"GINTALLY_DB": str(db), "COLUMNS": str(columns), "NO_COLOR": "1"}
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == code, (args, result.output)
    return result.stdout


def wide_evening(db: Path) -> None:
    """Three hands of a Hollywood evening between 李小龍 (six columns wide in three
    characters) and Zoë, each dealing in turn."""
    run(db, "match", "new", "Eve", "--players", "李小龍", "Zoë", "--format", "hollywood")
    run(db, "knock", "Zoë", "8", "--vs", "18", "--dealer", "李小龍")
    run(db, "gin", "李小龍", "--vs", "30")
    run(db, "knock", "Zoë", "3", "--vs", "20")


def test_hand_log_columns_line_up_under_a_wide_name(db_path: Path) -> None:
    """The dealer column was filled by characters, so a Chinese dealer pushed the upcard and
    what happened three columns right of the other hands'."""
    wide_evening(db_path)
    lines = run(db_path, "hands").splitlines()
    assert lines[1] == "  #  date        dealer  up   what happened"
    rows = [line for line in lines[2:] if line[:3].strip().isdigit()]
    assert [row[17:] for row in rows] == [
        "李小龍  -    Zoë knocks with 8, 李小龍 has 18: Zoë +10",
        "Zoë     -    李小龍 goes gin, Zoë has 30: 李小龍 +55",
        "李小龍  -    Zoë knocks with 3, 李小龍 has 20: Zoë +17",
    ]
    up = lines[1].index("up")  # the head is ASCII: a character a column
    assert {cell_len(row[: row.index(" -  ") + 1]) for row in rows} == {up}


def test_hand_log_wraps_by_columns_at_40(db_path: Path) -> None:
    """At 40 columns what happened was wrapped by characters: a line holding 李小龍 twice
    (33 characters, 39 columns) overran the screen by four, and the terminal broke it at the
    left edge."""
    wide_evening(db_path)
    lines = run(db_path, "hands", columns=40).splitlines()
    assert max(cell_len(line) for line in lines) <= 40
    i = lines.index("     李小龍 goes gin, Zoë has 30:")
    assert lines[i + 1] == "     李小龍 +55"


def test_confirmation_wraps_by_columns(db_path: Path) -> None:
    """A hand's confirmation that fits by characters but not by columns is wrapped too."""
    run(db_path, "match", "new", "Eve", "--players", "李小龍", "Zoë", "--dealer", "Zoë")
    out = run(db_path, "gin", "李小龍", "--vs", "30", columns=44)  # 42 characters, 48 columns
    assert out.splitlines() == [
        "Hand 1: 李小龍 goes gin, Zoë has 30:",
        "  李小龍 +55",
        "  Game 1: 李小龍 55, Zoë 0",
        "Next dealer: 李小龍",
    ]


def test_every_game_lines_up_under_a_wide_name(db_path: Path) -> None:
    """``show --all`` padded the players' heads by characters: 李小龍 stood three columns
    right of its totals."""
    wide_evening(db_path)
    lines = run(db_path, "show", "--all").splitlines()
    head = lines.index("set  game  李小龍    Zoë  result")
    assert lines[head + 1] == "  1     1      55     27  needs 李小龍 45, Zoë 73"
    end = lines[head].index("李小龍")
    assert cell_len(lines[head][: end + 3]) == lines[head + 1].index("55") + 2


def keys_and_paste(
    db: Path, monkeypatch: pytest.MonkeyPatch, *events_in: object, size: tuple[int, int] = (80, 24)
) -> tuple[list[tuple[int, str, int]], str, str]:
    """`events_in` sent to ``gintally play``'s screen all at once, as a quick typist, a key
    that bounces or a terminal's paste sends them (text: a key a character, "\\n": Enter;
    a `textual.events.Paste` as it is): the hands then in the ledger (number, kind, points),
    what the entry line holds and what the screen said."""
    from textual import events
    from textual.widgets import Input

    from gintally.cli import evening as evenings
    from gintally.cli import screen

    async def play() -> tuple[str, str]:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        async with app.run_test(size=size) as pilot:
            for item in events_in:
                if isinstance(item, events.Paste):
                    app.query_one("#line", Input).post_message(item)
                    continue
                if isinstance(item, events.Key):
                    app.post_message(item)
                    continue
                for char in str(item):
                    key = "enter" if char == "\n" else "space" if char == " " else char
                    app.post_message(events.Key(key, "\r" if char == "\n" else char))
            for _ in range(3):
                await pilot.pause(0.1)
            line, said = app.query_one("#line", Input).value, content(app, "#said")
        night.book.close()
        return line, said

    monkeypatch.setenv("GINTALLY_DB", str(db))
    line, said = asyncio.run(play())
    hands = json.loads(run(db, "hands", "--json"))["hands"]
    return [(h["id"], h["kind"], h["points"]) for h in hands], line, said


def test_play_a_second_enter_records_once(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter pressed twice quickly (a key that bounces) recorded the hand twice: Input's
    Enter is a binding, done after the keys behind it, so both submitted the line."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    hands, line, _ = keys_and_paste(db_path, monkeypatch, "sc ann 5\n\n")
    assert hands == [(1, "score", 5)]
    assert line == ""


def test_play_lines_typed_ahead_stay_apart(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line typed before the one above was done was added to it ('sc ann 5sc bob 7',
    refused twice) instead of being a hand of its own."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    hands, line, said = keys_and_paste(db_path, monkeypatch, "sc ann 5\nsc bob 7\nk ann 8")
    assert hands == [(1, "score", 5), (2, "score", 7)]
    assert line == "k ann 8"  # typed, not yet entered
    assert "Error" not in said


def test_play_a_paste_of_lines_enters_each(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A paste of several lines kept the first line only (Input takes a paste's first line)
    and dropped the rest without a word; each whole line is entered now, as a shell does, a
    refused one says so, and the unfinished last part waits on the entry line."""
    from textual import events

    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    paste = events.Paste("sc ann 5\nbogus line\nd\nsc bob 9\nk an")
    hands, line, said = keys_and_paste(db_path, monkeypatch, paste)
    assert hands == [(1, "score", 5), (2, "draw", 0), (3, "score", 9)]
    assert line == "k an"
    assert "Error: no command 'bogus': type help for the commands" in said


def test_play_confirmation_fits_its_pane_at_40(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 40 columns a confirmation was laid out 38 wide, for a pane of 36 (its padding, its
    scroll bar): the pane broke its first line again, leaving "18:" alone on a line."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    typed = "k ann 8 18\nk bob 8 18\nk ann 8 18\n"
    hands, _, said = keys_and_paste(db_path, monkeypatch, typed, size=(40, 20))
    assert hands == [(1, "knock", 10), (2, "knock", 10), (3, "knock", 10)]
    lines = said.splitlines()
    i = lines.index("Hand 3: Ann knocks with 8, Bob has")
    assert lines[i + 1 : i + 3] == ["  18: Ann +10", "  Game 1: Ann 20, Bob 10"]
    assert "18:" not in [line.strip() for line in lines]


def test_the_ad_infinitum_pad_says_how_the_format_plays(db_path: Path) -> None:
    """The blank pad of an ad-infinitum match said "one game at a time", the one thing that
    format is not (every scoring hand opens a game), and asked for points "under each game"
    in a grid of one column a player."""
    run(db_path, "match", "new", "Year", "--players", "Ann", "Bob", "--format", "ad-infinitum")
    html = run(db_path, "print", "pad", "-o", "-")
    assert '<p class="sub">ad-infinitum &middot; every scoring hand opens a new game' in html
    assert "one game at a time" not in html
    assert "<caption>One line a hand: the winner's points, which go to every open game" in html
    run(db_path, "match", "new", "Night", "--players", "Ann", "Bob", "--format", "single")
    html = run(db_path, "print", "pad", "-o", "-")
    assert '<p class="sub">single &middot; one game at a time &middot; rules modern</p>' in html


PAGER = """
import pathlib, signal, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)  # as less: Ctrl-C is a key of its own there
here = pathlib.Path(sys.argv[1])
(here / "read").write_text(sys.stdin.read())
while not (here / "quit").exists():  # until the reader presses q
    time.sleep(0.05)
"""


def test_ctrl_c_in_the_pager_waits_for_it(db_path: Path, tmp_path: Path) -> None:
    """Ctrl-C while the hand log was in the pager ended gintally at once (exit 130) and left
    the pager holding the terminal against the shell's prompt; the pager keeps the terminal
    until it is quit, and then the command ends, with exit 0 when every line was given."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    for points in range(1, 13):
        run(db_path, "score", "Ann" if points % 2 else "Bob", str(points))
    (tmp_path / "pager.py").write_text(PAGER)
    env = {
        **os.environ,
        "GINTALLY_DB": str(db_path),
        "PAGER": f"{sys.executable} {tmp_path / 'pager.py'} {tmp_path}",
        "LINES": "6",
        "COLUMNS": "80",
    }
    main, side = pty.openpty()
    command = [sys.executable, "-m", "gintally", "hands"]
    done = subprocess.Popen(command, stdin=side, stdout=side, stderr=subprocess.PIPE, env=env)
    os.close(side)
    try:
        for _ in range(200):
            if (tmp_path / "read").exists():
                break
            time.sleep(0.05)
        shown = [line for line in (tmp_path / "read").read_text().splitlines() if line]
        assert shown[0] == f"Hands of Eve, season {date.today().year} (12 hands)"  # paged
        assert [line[30:] for line in shown[-2:]] == ["Ann scores 11", "Bob scores 12"]
        assert len(shown) == 2 + 12
        done.send_signal(signal.SIGINT)
        time.sleep(0.5)
        assert done.poll() is None  # waiting for the pager, not gone from under it
        (tmp_path / "quit").touch()
        assert done.wait(10) == 0
        assert done.stderr is not None and done.stderr.read() == b""
    finally:
        if done.poll() is None:
            done.kill()
        os.close(main)


def test_the_evening_page_says_its_hands_are_the_scoring_ones(db_path: Path) -> None:
    """The evening's page said "Every hand of ..." over a table that leaves out the drawn
    hands (hand 2 here): a reader of the paper looked for the missing number."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob", "--format", "hollywood")
    for line in (("score", "Ann", "5"), ("draw",), ("score", "Bob", "7")):
        run(db_path, *line)
    html = run(db_path, "print", "evening", "-o", "-")
    today = date.today()
    assert f"<caption>Every scoring hand of {today.day} {today:%B %Y}, with each game" in html
    assert "Every hand of" not in html
    numbers = re.findall(r'data-doc="show:sheet\.\d+\.hand">(\d+)<', html)
    assert numbers == ["1", "3"]


def test_play_ctrl_z_keeps_the_line_being_typed(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+Z undoes the latest hand and leaves a half-typed line alone (it used to empty
    it); with nothing to undo it says so, and puts no "undo" on the entry line."""
    from textual.widgets import Input

    from gintally.cli import evening as evenings
    from gintally.cli import screen

    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    monkeypatch.setenv("GINTALLY_DB", str(db_path))

    async def play() -> list[str]:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        field = app.query_one
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("ctrl+z")  # nothing to undo yet
            await pilot.pause()
            seen.append(field("#line", Input).value)
            await pilot.press(*"sc ann 5", "enter", *"k bob 3", "ctrl+z")
            await pilot.pause()
            seen.append(field("#line", Input).value)
            seen.append(content(app, "#said"))
        night.book.close()
        return seen

    empty, typed, said = asyncio.run(play())
    assert (empty, typed) == ("", "k bob 3")
    assert "Error: match 'Eve' has no hand to undo" in said
    assert "Undid hand 1: Ann scores 5" in said
    hands = json.loads(run(db_path, "hands", "--all", "--json"))["hands"]
    assert [(h["id"], h["voided"]) for h in hands] == [(1, True)]


def test_play_tab_completes_what_was_typed_before_it(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tab was a priority binding, done before the keys typed just ahead of it were on the
    line: ``k zo`` and Tab sent together completed an empty line (the commands were listed)
    and left ``k zo`` as it was."""
    from textual import events

    run(db_path, "match", "new", "Eve", "--players", "Zoë", "李小龍")
    typed = ("k zo", events.Key("tab", "\t"), " 3 9 --dealer 李", events.Key("tab", "\t"))
    _, line, said = keys_and_paste(db_path, monkeypatch, *typed)
    assert line == "k Zoë  3 9 --dealer 李小龍 "
    assert said == ""


CUT = """(width) => {
  const out = [];
  for (const e of document.querySelectorAll('main table *')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > width + 0.5) out.push(e.tagName + ' ' + e.textContent.slice(0, 30));
  }
  return out;
}"""


def test_printed_games_side_by_side_keep_to_the_paper(db_path: Path, tmp_path: Path) -> None:
    """A Hollywood evening and its pad between two twelve-letter names (the longest `show`
    promises never to cut) ran off A4's printable width: each game's columns were headed
    "G1 Bartholomew1", and the third game's were cut at the paper's edge. They are headed by
    the players' initials now, with a legend; short names keep heading their columns."""
    from browsers import launch
    from playwright.sync_api import sync_playwright

    names = ("Bartholomew1", "Christabella")
    run(db_path, "match", "new", "Eve", "--players", *names, "--format", "hollywood")
    for _ in range(3):  # each enters every game
        run(db_path, "score", names[0], "5")
        run(db_path, "score", names[1], "5")
    for kind in ("evening", "pad"):
        run(db_path, "print", kind, "-o", str(tmp_path / f"{kind}.html"))
    run(db_path, "match", "new", "Short", "--players", "Ann", "Bob", "--format", "hollywood")
    short = run(db_path, "print", "pad", "-o", "-")
    evening = (tmp_path / "evening.html").read_text()
    heads = re.findall(r'<th scope="col">(G\d [^<]*)</th>', evening)
    assert heads == ["G1 B", "G1 C", "G2 B", "G2 C", "G3 B", "G3 C"]
    assert "at the foot; B = Bartholomew1, C = Christabella</caption>" in evening
    pad = (tmp_path / "pad.html").read_text()
    assert "scores in; B = Bartholomew1, C = Christabella</caption>" in pad
    assert re.findall(r'<th scope="col">(G\d [^<]*)</th>', short)[:2] == ["G1 Ann", "G1 Bob"]
    printable = (210 - 30) * 96 / 25.4  # A4 inside its 15 mm margins, in CSS pixels
    with sync_playwright() as p:
        browser = launch(p)
        tab = browser.new_page(viewport={"width": int(printable), "height": 1200})
        tab.emulate_media(media="print")
        cut = {}
        for kind in ("evening", "pad"):
            tab.goto((tmp_path / f"{kind}.html").as_uri())
            cut[kind] = tab.evaluate(CUT, printable)
        browser.close()
    assert cut == {"evening": [], "pad": []}


def test_plain_evening_that_wrote_exits_0_when_its_reader_goes(db_path: Path) -> None:
    """``play --plain`` recorded a hand, its reader went away (``| head -1``), and it exited
    141, as a read that changed nothing does: each line started a fresh command's count, so
    the hand already in the ledger was forgotten by the exit code."""
    run(db_path, "match", "new", "Eve", "--players", "Ann", "Bob")
    env = {**os.environ, "GINTALLY_DB": str(db_path)}
    command = [sys.executable, "-m", "gintally", "play", "--plain"]
    pipes = subprocess.PIPE
    done = subprocess.Popen(command, stdin=pipes, stdout=pipes, stderr=pipes, env=env)
    assert done.stdin is not None and done.stdout is not None and done.stderr is not None
    done.stdin.write(b"sc ann 5\n")
    done.stdin.flush()
    assert done.stdout.readline() == b"Hand 1: Ann scores 5\n"
    done.stdout.close()  # the reader goes
    done.stdin.write(b"hands\n" * 40 + b"sc ann 6\n")
    done.stdin.close()
    assert done.wait(20) == 0
    assert done.stderr.read().decode() == (
        "Warning: the change was saved, but its confirmation could not be printed (Broken pipe)\n"
    )
    hands = json.loads(run(db_path, "hands", "--json"))["hands"]
    assert [(h["id"], h["points"]) for h in hands] == [(1, 5)]


def test_chart_marks_a_wide_initial_with_a_narrow_marker(db_path: Path) -> None:
    """The chart marks each line with the player's initial: 李, two columns wide, drew rows
    of the plot twice as long as the frame, pushing its right edge out."""
    run(db_path, "match", "new", "Eve", "--players", "李小龍", "Zoë", "--format", "hollywood")
    for _ in range(4):
        run(db_path, "gin", "李小龍", "--vs", "90")
    drawn = run(db_path, "chart", columns=60).splitlines()
    assert max(cell_len(line) for line in drawn) <= 60
    assert "* = 李小龍   o = Zoë" in drawn[-1]
    assert not any("李李" in line for line in drawn)
    run(db_path, "match", "new", "Two", "--players", "Ann", "Bob", "--format", "hollywood")
    run(db_path, "gin", "Ann", "--vs", "90")
    run(db_path, "gin", "Ann", "--vs", "90")
    assert "A = Ann   B = Bob" in run(db_path, "chart", columns=60).splitlines()[-1]
