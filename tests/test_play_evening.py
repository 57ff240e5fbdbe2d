"""``gintally play``'s corrections and its words on a small screen: redo and restore on the entry
line (and Ctrl+Y on the screen), a correction's extra word named, Tab finishing a whole option
with its space and offering only what the match's variant takes, a match renamed by another
process followed, and the tables and the help placed in the message pane from their first
line."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_play import plain, type_in

from conftest import Commands, Run, as_json, ok
from gintally.cli import entry
from gintally.cli.evening import HELP, KEYS
from gintally.errors import GintallyError
from gintally.game import variants

CLI = Callable[..., Run]
GINTALLY = Path(sys.executable).parent / "gintally"
NEW = ("match", "new", "Night", "--players", "Ann", "Bob", "--dealer", "Ann")


# --- the entry line -------------------------------------------------------------------------------

CORRECTIONS = [
    ("k ann 8 18", ("knock", "Ann", "8", "18")),
    ("g bob 30", ("gin", "Bob", "30")),
    ("u", ("undo",)),
    ("r", ("redo",)),
    ("void 1 --reason 'wrong table'", ("void", "1", "--reason", "wrong table")),
    ("restore 1", ("restore", "1")),
    ("undo", ("undo",)),
    ("redo", ("redo",)),
]


def test_redo_and_restore_on_the_entry_line_print_what_the_commands_print(
    tmp_path: Path, gintally: CLI
) -> None:
    piped, typed = tmp_path / "piped.db", tmp_path / "typed.db"
    for db in (piped, typed):
        ok(gintally("--db", str(db), *NEW))
    expected = "".join(ok(gintally("--db", str(typed), *args)).stdout for _, args in CORRECTIONS)
    done = plain(piped, [line for line, _ in CORRECTIONS])
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == expected
    assert "Brought back hand 2: Bob goes gin, Ann has 30: Bob +55\n" in done.stdout
    assert "Restored hand 1: Ann knocks with 8, Bob has 18: Ann +10\n" in done.stdout
    hands = as_json(gintally("--db", str(piped), "hands", "--json"))["hands"]
    assert [(h["id"], h["kind"], h["points"]) for h in hands] == [(1, "knock", 10), (2, "gin", 55)]
    assert hands == as_json(gintally("--db", str(typed), "hands", "--json"))["hands"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "void 2 --reason wrong table",
            "void: 'table' is extra (quote the reason: \"wrong table\")",
        ),
        (
            "restore 2 --reason typed twice",
            "restore: 'twice' is extra (quote the reason: \"typed twice\")",
        ),
        ("void 2 3", "void takes one hand number: '3' is extra"),
        ("undo 2", "undo takes no values: '2' is extra"),
        ("redo now please", "redo takes no values: 'now please' is extra"),
        ("restore", "restore takes the hand's number (see help)"),
    ],
)
def test_a_correction_names_its_extra_word(
    db_path: Path,
    gintally: CLI,
    ledger_from: Callable[[Commands, Path], Path],
    line: str,
    message: str,
) -> None:
    from gintally.cli import evening as evenings

    ledger_from((NEW, ("knock", "Ann", "8", "18"), ("gin", "Bob", "30")), db_path)
    before = as_json(gintally("hands", "--json", "--all"))
    night = evenings.evening(None)
    try:
        with pytest.raises(GintallyError) as refused:
            night.run(line)
    finally:
        night.book.close()
    assert str(refused.value) == message
    assert as_json(gintally("hands", "--json", "--all")) == before  # nothing written


@pytest.mark.parametrize(
    ("text", "variant", "done", "choices"),
    [
        ("k ann 8 --v", "gin", "k ann 8 --vs ", ["--vs", "--vs-cards"]),
        ("g ann --v", "mahjong", "g ann --vs ", ["--vs", "--vs-cards", "--vs-table"]),
        ("g ann --t", "gin", "g ann --t", []),  # Mahjong's --table: not in a gin match
        ("g ann --t", "mahjong", "g ann --table ", ["--table"]),
        ("g ann --d", "gimlet", "g ann --date ", ["--date"]),  # no --dealer in solitaire
        ("g ann --d", "gin", "g ann --d", ["--date", "--dealer"]),
        ("k ann 8 --vs-c", "gin", "k ann 8 --vs-cards ", ["--vs-cards"]),
        ("re", None, "re", ["redo", "restore"]),
        ("void 3 --r", None, "void 3 --reason ", ["--reason"]),
    ],
)
def test_tab_finishes_a_whole_option_and_offers_what_the_match_takes(
    text: str, variant: str | None, done: str, choices: list[str]
) -> None:
    kind = None if variant is None else variants.find_variant(variant)
    assert entry.complete(text, ["Ann", "Bob"], kind) == (done, choices)


def test_the_help_fits_the_message_pane_of_an_80_column_screen() -> None:
    # the pane is 80 columns less its padding and scroll bar: 76
    assert max(len(line) for line in [*HELP.splitlines(), KEYS]) <= 76
    assert (
        HELP.splitlines()[0]
        == 'Type a hand or a command, as on the command line without "gintally":'
    )
    words = {line.split()[0].rstrip(",") for line in HELP.splitlines()[1:] if line.startswith("  ")}
    assert {"undo", "redo", "void", "edit", "show", "hands", "standings", "pay"} <= words
    assert "  redo                    r              bring back what undo took back" in HELP
    assert "Ctrl+Y redo" in KEYS


# --- a match renamed by another process -----------------------------------------------------------


def test_a_match_renamed_elsewhere_is_followed(
    tmp_path: Path,
    gintally: CLI,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gintally.cli import evening as evenings

    monkeypatch.setenv("GINTALLY_DB", str(tmp_path / "renamed.db"))
    ok(gintally(*NEW))
    night = evenings.evening(None)
    try:
        night.run("k ann 8 18")
        ok(gintally("match", "rename", "Night", "Porch"))  # another process
        capsys.readouterr()
        night.run("g bob 30")
        said = capsys.readouterr().out
        assert said.startswith("Match Night is now called Porch.\nHand 2: Bob goes gin")
        assert night.match.name == "Porch"
        night.run("k ann 3 9")
        assert not capsys.readouterr().out.startswith("Match")  # told once
        ok(gintally("match", "delete", "Porch", "--yes"))
        with pytest.raises(GintallyError, match="match 'Porch' is no longer in the ledger"):
            night.run("k ann 3 9")
    finally:
        night.book.close()
    ok(gintally(*NEW))
    assert as_json(gintally("hands", "--json"))["count"] == 0


# --- the full screen ------------------------------------------------------------------------------


def said_lines(app: Any) -> list[str]:
    from textual.widgets import RichLog

    return [line.text for line in app.query_one("#said", RichLog).lines]


def in_sight(app: Any) -> list[str]:
    """The lines of the message pane in sight (scrolled to, within its height)."""
    from textual.widgets import RichLog

    pane = app.query_one("#said", RichLog)
    top = round(pane.scroll_y)
    return said_lines(app)[top : top + pane.scrollable_content_region.height]


def test_ctrl_y_redoes_and_tables_show_their_heads(
    tmp_path: Path, gintally: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gintally.cli import evening as evenings
    from gintally.cli import screen

    monkeypatch.setenv("GINTALLY_DB", str(tmp_path / "screen.db"))
    ok(gintally(*NEW))
    for _ in range(12):
        ok(gintally("knock", "Ann", "8", "18"))

    async def evening() -> None:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        async with app.run_test(size=(80, 24)) as pilot:
            keys = {b.key: b.description for b in app.BINDINGS if not isinstance(b, tuple)}
            assert (keys["ctrl+z"], keys["ctrl+y"]) == ("Undo", "Redo")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert "Undid hand 12: Ann knocks with 8, Bob has 18: Ann +10" in said_lines(app)
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert "Brought back hand 12: Ann knocks with 8, Bob has 18: Ann +10" in said_lines(app)
            assert as_json(gintally("hands", "--json"))["count"] == 12
            for line, head in (
                ("standings", "player  games  won  points"),
                ("hands", "#  date        dealer  up   what happened"),
            ):
                await type_in(pilot, line, "enter")
                await pilot.pause()
                await pilot.pause()
                shown = in_sight(app)  # from the line typed on, as far as the pane holds
                assert f"> {line}" in shown, shown
                assert any(head in x for x in shown), shown
            await pilot.press("f1")  # the help, from its first line
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            await pilot.pause()
            shown = in_sight(app)
            assert shown[0] == HELP.splitlines()[0], shown
            assert shown[1].startswith("  knock Ann 8 --vs 18")
        night.book.close()

    asyncio.run(evening())
