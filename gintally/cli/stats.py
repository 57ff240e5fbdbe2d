"""The `stats` command: lifetime figures, head to head, records (`service.insights`); no chart."""

from __future__ import annotations

from typing import Annotated

import typer

from gintally.cli.common import JsonOpt, app, drawing, emit, ledger


@app.command(rich_help_panel="Read")
def stats(
    player: Annotated[
        str | None,
        typer.Option("--player", "-p", help="Only this player's figures.", metavar="PLAYER"),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Every player across every match: lifetime figures, head to head, records."""
    from gintally.facade import work

    with ledger(write=False) as book:
        doc = work.stats(book, player)
    emit(doc, as_json, drawing("stats"))
