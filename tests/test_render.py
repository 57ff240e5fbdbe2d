"""The renderer's package: `render.NAME` is the drawing its module defines, and each command
loads only the module that draws it, with Rich only when something is drawn with it (start-up
is benchmarked: a hand command never imports Rich)."""

from __future__ import annotations

import importlib
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
