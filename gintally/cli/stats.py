"""The `stats` command: lifetime figures, head to head, records (`service.insights`); no chart."""

from __future__ import annotations

from typing import Annotated

import typer

from gintally.cli.base import book
from gintally.cli.common import (
    JsonOpt,
    app,
    as_file,
    complete_player,
    drawing,
    emit,
    one_of,
    sheet,
)


@app.command(rich_help_panel="Read")
def stats(
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            help="Only this player's figures.",
            metavar="PLAYER",
            autocompletion=complete_player,
        ),
    ] = None,
    as_json: JsonOpt = False,
    as_csv: Annotated[
        bool,
        typer.Option(
            "--csv",
            help="Print the lifetime figures (a row per player) as CSV for a spreadsheet.",
        ),
    ] = False,
) -> None:
    """Every player across every match: lifetime figures, head to head, records."""
    one_of(as_json, as_csv)
    with book() as opened:
        doc = opened.stats(player)
    if as_csv:
        as_file(sheet(doc["players"]))
        return
    emit(doc, as_json, drawing("lifetime.stats"))
