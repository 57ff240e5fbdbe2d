"""The command line (Typer): ``gintally COMMAND``. The commands live in the ``cli_*`` modules;
this module puts them together and is the console script's entry point."""

from __future__ import annotations

from gintally import cli_admin, cli_hands, cli_read  # noqa: F401 - they register the commands
from gintally.cli_common import app

__all__ = ["app", "main"]


def main() -> None:
    """The ``gintally`` console script."""
    app()
