"""``python -m gintally``: the same as the ``gintally`` command."""

from gintally.cli import main

main()
