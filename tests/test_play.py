"""``gintally play``: the entry line (commands and short forms, Tab), ``--plain`` fed from a pipe,
and the full screen driven by Textual's headless pilot at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Run, as_json, ok, refused_line
from gintally.cli import entry
from gintally.errors import GintallyError

CLI = Callable[..., Run]
GINTALLY = Path(sys.executable).parent / "gintally"

# --- the entry line -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "word", "positionals", "options"),
    [
        ("knock Ann 8 --vs 18", "knock", ["Ann", "8"], {"vs": "18"}),
        ("k ann 8 18", "knock", ["ann", "8", "18"], {}),
        ("K ANN 8 18", "knock", ["ANN", "8", "18"], {}),
        ("g bob 30", "gin", ["bob", "30"], {}),
        (
            "bg Bob --vs=41 --note 'last hand'",
            "big-gin",
            ["Bob"],
            {"vs": "41", "note": "last hand"},
        ),
        ("u", "undo", [], {}),
        ("edit 3 --vs 20", "edit", ["3"], {"vs": "20"}),
        ("e 3 --deadwood Ann=5 --deadwood Bob=9", "edit", ["3"], {"deadwood": ["Ann=5", "Bob=9"]}),
        ("void 2 --reason 'wrong table'", "void", ["2"], {"reason": "wrong table"}),
        ("s --all", "show", [], {"all": True}),
        ("h -n 3", "hands", [], {"last": "3"}),
        ("sc Ann -5", "score", ["Ann", "-5"], {}),
        ("sour ann 17", "sour", ["ann", "17"], {}),
        ("q", "quit", [], {}),
    ],
)
def test_lines_and_short_forms(
    line: str, word: str, positionals: list[str], options: dict[str, Any]
) -> None:
    found = entry.parse(line)
    assert found is not None
    assert (found.word, found.positionals, found.options) == (word, positionals, options)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("foo 3", "no command 'foo': type help for the commands"),
        ("knock Ann 8 --vz 3", "knock has no option '--vz'"),
        ("knock Ann 8 --vs", "--vs needs a value"),
        ("knock Ann 8 --vs 3 --vs 4", "--vs is given twice"),
        ("knock 'Ann 8", "cannot read the line: No closing quotation"),
    ],
)
def test_a_line_that_cannot_be_read_is_named(line: str, message: str) -> None:
    with pytest.raises(GintallyError) as caught:
        entry.parse(line)
    assert str(caught.value) == message


def test_the_short_form_fills_the_declared_parameters_in_order() -> None:
    found = entry.parse("k ann 8 18")
    assert found is not None
    raw, shared = entry.hand_raw(found)
    assert raw == {"player": "ann", "deadwood": "8", "vs": "18"}
    assert shared == {"date": None, "dealer": None, "upcard": None, "note": None, "back_date": None}
    found = entry.parse("k ann 8 18 4")
    assert found is not None
    with pytest.raises(GintallyError, match="'4' is over"):
        entry.hand_raw(found)


@pytest.mark.parametrize(
    ("text", "done", "choices"),
    [
        ("kno", "knock ", ["knock"]),
        ("k", "knock ", ["knock"]),  # a short form, spelled out
        ("knock a", "knock Ann ", ["Ann"]),
        ("g B", "g B", ["Bob", "Bea"]),  # both: the beginning they share is typed already
        ("g Bo", "g Bob ", ["Bob"]),
        ("knock Ann 3 --v", "knock Ann 3 --vs ", ["--vs", "--vs-cards"]),  # the whole one
        ("u", "undo ", ["undo"]),
        ("zz", "zz", []),
    ],
)
def test_tab_completes_commands_names_and_options(text: str, done: str, choices: list[str]) -> None:
    assert entry.complete(text, ["Ann", "Bob", "Bea"]) == (done, choices)


# --- --plain, fed from a pipe -----------------------------------------------------------------

EVENING = [
    "k ann 8 18",
    "g bob 30",
    "knock Ann 9 --vs 5",
    "sc ann 70",
    "undo",
    "score Ann 75",
    "gin Bob --vs 12",
    "edit 3 --vs 20",
    "void 2",
    "show",
    "hands --last 3",
    "g ann 60",
    "g ann 60",
]
AS_COMMANDS = [
    ("knock", "ann", "8", "--vs", "18"),
    ("gin", "bob", "--vs", "30"),
    ("knock", "Ann", "9", "--vs", "5"),
    ("score", "ann", "70"),
    ("undo",),
    ("score", "Ann", "75"),
    ("gin", "Bob", "--vs", "12"),
    ("edit", "3", "--vs", "20"),
    ("void", "2"),
    ("show",),
    ("hands", "--last", "3"),
    ("gin", "ann", "--vs", "60"),
    ("gin", "ann", "--vs", "60"),
]


def plain(db: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(GINTALLY), "--db", str(db), "play", "--plain"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_hollywood_evening_from_a_pipe_prints_what_the_commands_print(
    tmp_path: Path, gintally: CLI
) -> None:
    new = ("match", "new", "Evening", "--players", "Ann", "Bob", "--format", "hollywood")
    piped, typed = tmp_path / "piped.db", tmp_path / "typed.db"
    for db in (piped, typed):
        ok(gintally("--db", str(db), *new))
    expected = "".join(ok(gintally("--db", str(typed), *args)).stdout for args in AS_COMMANDS)
    done = plain(piped, EVENING)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == expected  # no prompt on a pipe: the confirmations alone
    assert "Set 1 is over: Ann wins the set by" in done.stdout
    hands = as_json(gintally("--db", str(piped), "hands", "--json", "--all"))
    assert hands == as_json(gintally("--db", str(typed), "hands", "--json", "--all"))


def test_a_bad_line_is_reported_as_the_command_line_reports_it_and_the_loop_goes_on(
    tmp_path: Path, gintally: CLI
) -> None:
    db = tmp_path / "bad.db"
    ok(gintally("--db", str(db), "match", "new", "M", "--players", "Ann", "Bob"))
    over = refused_line(gintally("--db", str(db), "knock", "Ann", "30", "--vs", "5"))
    stranger = refused_line(gintally("--db", str(db), "gin", "Zed", "--vs", "5"))
    done = plain(db, ["knock Ann 30 --vs 5", "g Zed 5", "florp", "k ann 3 9", "quit", "k ann 1 2"])
    assert done.returncode == 0  # a line was written: non-zero would say nothing was
    assert done.stderr.splitlines() == [
        over,
        stranger,
        "Error: no command 'florp': type help for the commands",
        "Warning: 3 of 5 lines refused (lines 1, 2, 3); the others were done",
    ]
    assert done.stdout.startswith("Hand 1: Ann knocks with 3, Bob has 9: Ann +6\n")
    assert as_json(gintally("--db", str(db), "hands", "--json"))["count"] == 1  # quit: no more


def test_end_of_input_ends_the_evening(tmp_path: Path, gintally: CLI) -> None:
    db = tmp_path / "eof.db"
    ok(gintally("--db", str(db), "match", "new", "M", "--players", "Ann", "Bob"))
    done = plain(db, [])
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    missing = plain(tmp_path / "none.db", ["k ann 3 9"])
    assert missing.returncode == 1 and "no ledger at" in missing.stderr


def test_play_is_one_command_the_others_never_load_textual(tmp_path: Path) -> None:
    db = tmp_path / "light.db"
    probe = (
        "import sys, runpy; sys.argv = ['gintally', *sys.argv[1:]]\n"
        "try:\n"
        "    from gintally.cli import main; main()\n"
        "finally:\n"
        "    sys.stderr.write('textual' if 'textual' in sys.modules else 'none')\n"
    )
    for args in (
        ("match", "new", "M", "--players", "Ann", "Bob"),
        ("knock", "Ann", "8", "--vs", "18"),
        ("show",),
        ("standings",),
        ("hands",),
    ):
        done = subprocess.run(
            [sys.executable, "-c", probe, "--db", str(db), *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stderr.endswith("none"), (args, done.stderr)


# --- the full screen ------------------------------------------------------------------------------


async def type_in(pilot: Any, text: str, *keys: str) -> None:
    """Type `text` on the screen the pilot drives, then press `keys` (named as `Pilot.press`
    names them) and wait for the screen to settle. Each character is its own key event, named
    as `Pilot.press` names it, but all are sent before the screen catches up, as a quick typist
    or a paste sends them: `Pilot.press` waits for the app to go idle after every key (some
    40 ms a key, most of a screen test's time), which typing on a terminal never does."""
    from textual import events

    for char in text:
        name = char if char.isalnum() else unicodedata.name(char).lower()
        pilot.app.post_message(events.Key(name.replace(" ", "_").replace("-", "_"), char))
    await pilot.press(*keys)


def content(app: Any, selector: str) -> str:
    """A pane's text as drawn."""
    from textual.widgets import RichLog, Static

    widget = app.query_one(selector)
    if isinstance(widget, RichLog):
        return "\n".join(line.text for line in widget.lines)
    assert isinstance(widget, Static)
    from rich.console import Console  # the renderable the screen placed, drawn as it shows it

    shown = io.StringIO()
    Console(file=shown, width=widget.size.width, color_system=None).print(widget.content)
    return shown.getvalue()


def full(app: Any) -> bool:
    """Whether the screen shows the full sheet (``show --all``)."""
    return bool(app.full)


def line_of(app: Any) -> str:
    """What the entry line holds."""
    from textual.widgets import Input

    value: str = app.query_one("#line", Input).value
    return value


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_an_evening_on_the_full_screen(
    size: tuple[int, int], tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gintally.cli import evening as evenings
    from gintally.cli import screen

    db = tmp_path / "screen.db"
    monkeypatch.setenv("GINTALLY_DB", str(db))
    ok(gintally("match", "new", "Evening", "--players", "Ann", "Bob", "--format", "hollywood"))

    async def evening() -> None:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        async with app.run_test(size=size) as pilot:

            async def typed(line: str) -> None:
                await type_in(pilot, line, "enter")
                await pilot.pause()

            assert "No games yet" in content(app, "#body")
            assert "Next dealer: not known" in content(app, "#body")
            await typed("k ann 8 18")
            said = content(app, "#said")
            assert "Hand 1: Ann knocks with 8, Bob has 18: Ann +10" in said
            assert "Knock limit: 10." in content(app, "#body")
            # the sheet is placed as the renderable `show` returns (its tables), not as text
            from rich.console import Group
            from rich.table import Table
            from textual.widgets import Static

            body = app.query_one("#body", Static).content
            assert isinstance(body, Group)
            assert any(isinstance(piece, Table) for piece in body.renderables)
            await typed("g bob 30")
            assert "Next dealer: Bob." in content(app, "#body")
            await pilot.press("ctrl+z")  # undo
            await pilot.pause()
            assert "Undid hand 2: Bob goes gin, Ann has 30: Bob +55" in content(app, "#said")
            assert line_of(app) == ""
            # a refused line: the command line's error, nothing written, the line kept
            await typed("k zed 3 9")
            assert content(app, "#said").endswith(
                "Error: 'zed' does not play in match 'Evening' (Ann and Bob do)"
            )
            assert line_of(app) == "k zed 3 9"
            await pilot.press("backspace")
            await typed("sc ann 100")  # typed over the kept line; game 1 is won
            said = content(app, "#said")
            assert "Game 1: Ann wins 370 to 0 with the bonuses, net 370" in said
            assert "G1 ✓" in content(app, "#body")
            # Tab: commands and names
            await type_in(pilot, "kno", "tab")
            await type_in(pilot, "b", "tab")
            assert line_of(app) == "knock Bob "
            await pilot.press("ctrl+u")
            # another process records a hand: the sheet redraws within a second
            ok(gintally("gin", "Bob", "--vs", "25"))
            for _ in range(20):  # a second of pauses
                if "Bob goes gin, Ann has 25" in content(app, "#last"):
                    break
                await pilot.pause(0.05)
            last = content(app, "#last")
            assert "4  20" in last and "Bob goes gin, Ann has 25: Bob +50" in last
            hands = as_json(gintally("hands", "--json"))["hands"]
            assert [(h["id"], h["kind"], h["points"]) for h in hands] == [
                (1, "knock", 10),
                (3, "score", 100),
                (4, "gin", 50),
            ]
            assert "Hands of Evening, season" in last and "(3 hands)" in last
            await pilot.press("f1")  # the help, in a pane grown to hold it
            await pilot.pause()
            assert "k ann 8 18" in content(app, "#said")
            assert app.query_one("#said").has_class("tall")
            await pilot.press("f2")  # the full sheet
            await pilot.pause()
            assert full(app) and "Games" in content(app, "#body")
            await typed("show")  # the sheet is on screen: typed, it is the sheet, not said twice
            assert not full(app) and "Games\n" not in content(app, "#body")
            assert "Next dealer" not in content(app, "#said").splitlines()[-1]
            await typed("s --all")
            assert full(app)
            await typed("quit")
        assert app.return_code in (0, None)
        night.book.close()

    asyncio.run(evening())
    assert os.environ["GINTALLY_DB"] == str(db)


def test_a_hollywood_set_kept_on_the_full_screen_alone(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The evening `--plain` keeps from a pipe, typed on the screen: the set is won there."""
    from gintally.cli import evening as evenings
    from gintally.cli import screen

    db = tmp_path / "set.db"
    monkeypatch.setenv("GINTALLY_DB", str(db))
    ok(gintally("match", "new", "Evening", "--players", "Ann", "Bob", "--format", "hollywood"))

    async def evening() -> None:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        async with app.run_test(size=(80, 24)) as pilot:
            for line in EVENING:
                await type_in(pilot, line, "enter")
                await pilot.pause()
                assert "Error" not in content(app, "#said"), line
            said = content(app, "#said")
            assert "Set 1 is over: Ann wins the set by" in said
            body = content(app, "#body")
            assert "Finished sets" in body and "Set 2 (sum of its finished games' nets)" in body
        night.book.close()

    asyncio.run(evening())
    piped = tmp_path / "piped.db"
    ok(
        gintally(
            "--db",
            str(piped),
            "match",
            "new",
            "Evening",
            "--players",
            "Ann",
            "Bob",
            "--format",
            "hollywood",
        )
    )
    assert plain(piped, EVENING).returncode == 0
    shown = as_json(gintally("show", "--json", "--all"))
    assert shown == as_json(gintally("--db", str(piped), "show", "--json", "--all"))


def test_ctrl_c_while_a_line_is_awaited_ends_the_evening_with_its_hands_kept(
    tmp_path: Path, gintally: CLI
) -> None:
    import signal

    db = tmp_path / "ctrl-c.db"
    ok(gintally("--db", str(db), "match", "new", "M", "--players", "Ann", "Bob"))
    child = subprocess.Popen(
        [str(GINTALLY), "--db", str(db), "play", "--plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write("k ann 3 9\n")
    child.stdin.flush()
    assert child.stdout.readline() == "Hand 1: Ann knocks with 3, Bob has 9: Ann +6\n"
    while not child.stdout.readline().startswith("Next dealer"):
        pass  # the confirmation's last line: the loop waits for the next line now
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=30) == 0
    assert child.stderr is not None and child.stderr.read() == ""
    assert as_json(gintally("--db", str(db), "hands", "--json"))["count"] == 1


def test_show_in_an_ad_infinitum_season_draws_what_the_command_draws(
    tmp_path: Path, gintally: CLI
) -> None:
    """`show` on the entry line draws a season from the document the command draws from (its
    open games, the latest finished ones and the tally), not from every game of the season."""
    db = tmp_path / "inf.db"
    ok(gintally("--db", str(db), "match", "new", "Inf", "--players", "Ann", "Bob"))
    year = ["match", "new", "Year", "--players", "Ann", "Bob", "--format", "ad-infinitum"]
    ok(gintally("--db", str(db), *year))
    knocks = (f"k ann {1 + i % 9} {20 + i % 7}" for i in range(40))
    lines = [knock if i % 3 else f"g bob {10 + i % 30}" for i, knock in enumerate(knocks)]
    done = plain(db, [*lines, "show"])
    assert (done.returncode, done.stderr) == (0, "")
    drawn = ok(gintally("--db", str(db), "show")).stdout
    assert done.stdout.endswith(drawn)
    assert "Games won this season: Ann 7, Bob 27" in drawn and "Open games" in drawn
