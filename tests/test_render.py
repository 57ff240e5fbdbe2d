"""The renderer's package: `render.NAME` is the drawing its module defines, and each command
loads only the module that draws it, with Rich only when something is drawn with it (start-up
is benchmarked: a hand command never imports Rich)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

from gintally.cli import render

PROBE = (
    "import sys; from gintally.cli import main; sys.argv = ['gintally', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "inside = [m.split('.')[-1] for m in sys.modules if m.startswith('gintally.cli.render.')]\n"
    "print('LOADED', *sorted(inside))\n"
    "print('RICH', 'rich' in sys.modules)"
)


def test_every_name_is_the_one_its_module_defines() -> None:
    for name in render.__all__:
        value = getattr(render, name)
        home = getattr(value, "__module__", None)  # a function's; a constant has none
        if home is not None:
            assert home.startswith("gintally.cli.render."), (name, home)
            assert getattr(importlib.import_module(home), name) is value, name
        else:
            assert isinstance(value, int | str | tuple), name


def test_each_command_loads_the_module_that_draws_it(db_path: Path) -> None:
    env = {**os.environ, "GINTALLY_DB": str(db_path)}
    env.pop("FORCE_COLOR", None)
    for args, loaded, rich, colour in (
        (["match", "new", "M", "--players", "Ann", "Bob"], "terminal", True, False),
        (["knock", "Ann", "5", "--vs", "25"], "hands terminal", False, False),
        # the sheet on a plain console (a pipe) is drawn without Rich (`render.plain`)
        (["show"], "games plain sheet teams terminal", False, False),
        (["show"], "games sheet teams terminal", True, True),
        (["standings"], "season teams terminal", True, False),
    ):
        run = subprocess.run(
            [sys.executable, "-c", PROBE, *args],
            capture_output=True,
            text=True,
            env={**env, "FORCE_COLOR": "1"} if colour else env,
            check=True,
        )
        *_, modules, imported = run.stdout.splitlines()
        assert modules == f"LOADED {loaded}", (args, run.stdout, run.stderr)
        assert imported == f"RICH {rich}", (args, run.stdout, run.stderr)


CARDS_PROBE = PROBE.replace(
    "inside = [m.split('.')[-1] for m in sys.modules if m.startswith('gintally.cli.render.')]\n"
    "print('LOADED', *sorted(inside))\n"
    "print('RICH', 'rich' in sys.modules)",
    "print('CARDS', 'gintally.game.evaluation' in sys.modules)",
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
