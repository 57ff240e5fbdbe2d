"""The renderers: each returns what is shown (a Rich renderable, or plain text), which the
command line prints and ``gintally play`` keeps to place on its screen; each command loads the
drawing it shows, with Rich only when something is drawn with it (start-up is benchmarked: a
hand command never imports Rich, nor ``show --json``)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, as_json, ok
from gintally.cli.base import drawing
from gintally.cli.render.terminal import kept, message, out

CLI = Callable[..., Run]

PROBE = (
    "import sys; from gintally.cli import main; sys.argv = ['gintally', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print('LOADED', *sorted(m for m in sys.modules if m.startswith(('gintally.cli.render.', "
    "'rich', 'textual', 'plotext', 'pygal'))))"
)


def _loaded(db_path: Path, *args: str, colour: bool = False) -> set[str]:
    env = {**os.environ, "GINTALLY_DB": str(db_path)}
    env.pop("FORCE_COLOR", None)
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env={**env, "FORCE_COLOR": "1"} if colour else env,
        check=True,
    )
    return set(run.stdout.splitlines()[-1].split()[1:])


def test_a_command_loads_what_it_draws_and_rich_only_to_draw(db_path: Path) -> None:
    def rich(modules: set[str]) -> bool:
        return any(m == "rich" or m.startswith("rich.") for m in modules)

    made = _loaded(db_path, "match", "new", "M", "--players", "Ann", "Bob")
    assert rich(made) and "gintally.cli.render.terminal" in made
    knock = _loaded(db_path, "knock", "Ann", "5", "--vs", "25")
    assert not rich(knock) and "gintally.cli.render.hands" in knock
    assert not rich(_loaded(db_path, "show", "--json"))
    for colour in (False, True):  # a pipe and a terminal alike: Rich draws the sheet
        show = _loaded(db_path, "show", colour=colour)
        assert rich(show) and "gintally.cli.render.sheet" in show
        # nothing of the drawings it does not show, nor the full screen or the charts
        for other in ("season", "tables", "lifetime", "listing"):
            assert f"gintally.cli.render.{other}" not in show
        assert not any(m.startswith(("textual", "plotext", "pygal")) for m in show)
    standings = _loaded(db_path, "standings")
    assert rich(standings) and "gintally.cli.render.season" in standings


def _sheet_of(gintally: CLI) -> dict[str, object]:
    ok(gintally("match", "new", "M", "--players", "Maximiliana", "Bartholomew"))
    ok(gintally("knock", "Maximiliana", "5", "--vs", "25"))
    return as_json(gintally("show", "--json"))


def test_a_screen_keeps_the_renderable_laid_out_at_its_width(
    gintally: CLI, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a screen is drawn (`kept`), a drawing is kept as the renderable it is, not
    printed, and laid out at the screen's width: on a narrow screen the sheet heads its columns
    with the players' initials and a legend, on a wide one with their names."""
    from rich.console import Console, Group

    monkeypatch.setenv("GINTALLY_DB", str(db_path))
    doc = _sheet_of(gintally)
    for width, head in ((30, "M = Maximiliana,"), (120, "Maximiliana")):
        with kept(width) as drawn:
            drawing("sheet.show")(doc)
        assert len(drawn) == 1 and isinstance(drawn[0], Group)
        shown = io.StringIO()
        Console(file=shown, width=width, color_system=None).print(drawn[0])
        text = shown.getvalue()
        assert head in text
        assert ("M = Maximiliana" in text) == (width == 30)
    # printed, the same renderable is what `show` prints at that width
    monkeypatch.setenv("COLUMNS", "30")
    assert "M = Maximiliana," in ok(gintally("show")).stdout


def test_plain_text_is_kept_as_text(
    gintally: CLI, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand's confirmation is plain text (no Rich): kept as a string, printed as it is."""
    with kept(80) as drawn:
        out("Hand 1: Ann knocks\n")
        out(message("a line"))
    assert drawn[0] == "Hand 1: Ann knocks\n"
    assert getattr(drawn[1], "plain", None) == "a line"
    assert capsys.readouterr().out == ""
    out("Hand 1: Ann knocks\n")
    assert capsys.readouterr().out == "Hand 1: Ann knocks\n"


def test_a_line_that_must_not_be_cut_is_printed_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`message(wrap=False)` (a path, a check's problem): longer than the terminal, it is
    printed whole on one line; a wrapped one is broken at words to the width."""
    monkeypatch.setenv("COLUMNS", "30")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    path = "/a/very/long/path/to/a/ledger/file/kept/here.db"
    out(message(f"Backed up to {path}.", wrap=False))
    assert capsys.readouterr().out == f"Backed up to {path}.\n"
    out(message("the quick brown fox jumps over the lazy dog again and again"))
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 1 and all(len(line) <= 30 for line in lines)
    assert " ".join(line.strip() for line in lines) == (
        "the quick brown fox jumps over the lazy dog again and again"
    )


CARDS_PROBE = (
    "import sys; from gintally.cli import main; sys.argv = ['gintally', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print('CARDS', 'gintally.game.evaluation' in sys.modules)"
)


def test_the_cards_are_read_only_for_a_hand_with_cards(db_path: Path) -> None:
    """Card evaluation (`game.evaluation`, `game.showdown`: tables that take some 10 ms to
    load) is loaded by a hand typed with its cards, never by a read or a hand of counts."""
    env = {**os.environ, "GINTALLY_DB": str(db_path)}
    for args, cards in (
        (["match", "new", "M", "--players", "Ann", "Bob"], False),
        (["knock", "Ann", "5", "--vs", "25"], False),
        (["gin", "Bob", "--vs", "30"], False),
        (["show"], False),
        (["show", "--json"], False),
        (["standings"], False),
        (["hands"], False),
        (["knock", "Ann", "--cards", "2C 3C 4C 5D 6D 7D 9H 9S 9C KH", "--vs", "20"], True),
        (["gin", "Bob", "--cards", "AS 2S 3S 4H 5H 6H 7C 7D 7S 7H", "--vs", "30"], True),
    ):
        run = subprocess.run(
            [sys.executable, "-c", CARDS_PROBE, *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        assert run.stdout.splitlines()[-1] == f"CARDS {cards}", (args, run.stdout, run.stderr)
    hands = subprocess.run(
        [sys.executable, "-m", "gintally", "hands", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    # the hands with cards were read from them: KH left over (10), and a gin (Bob's)
    by_cards = sorted(
        (h for h in json.loads(hands.stdout)["hands"] if h["hand"] > 2), key=lambda h: h["hand"]
    )
    assert [(h["kind"], h["knocker_deadwood"], h["points"]) for h in by_cards] == [
        ("knock", 10, 10),
        ("gin", 0, 55),
    ]
