"""`gintally report --html FILE`: a year in review as one self-contained web page, made by the
library (`Book.report`, the page itself in `facade.page`) and written to FILE or, for ``-``,
to standard output."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gintally.cli.base import book, emit
from gintally.cli.common import MatchOpt, YearOpt, app, as_file, whole
from gintally.errors import GintallyError


@app.command(rich_help_panel="Read")
def report(
    html: Annotated[
        Path,
        typer.Option(
            "--html",
            help="The web page to write (- is standard output).",
            metavar="FILE",
            show_default=False,
        ),
    ],
    match: MatchOpt = None,
    year: YearOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Say what was written (to a FILE) as JSON.")
    ] = False,
) -> None:
    """A year in review as one self-contained web page: standings, the race chart, sets and
    series, records and the hand log. The page is written beside FILE and put in place whole;
    an existing FILE is replaced only with --force, and never the ledger or a special file."""
    wanted = whole(year, "--year")
    if as_json and str(html) == "-":
        raise GintallyError(
            "--json says what report wrote to a file: name the FILE (- puts the page itself "
            "on standard output)"
        )
    with book() as opened:
        if str(html) == "-":  # around the guarded writer on purpose: a stream, not a file
            as_file(opened.report(match, year=wanted)["html"])
            return
        done = opened.report(match, year=wanted, out=html, force=force)
    if as_json:
        emit({k: v for k, v in done.items() if k != "html"}, True)
        return
    print(f"Wrote {html}: {done['match']}, season {done['season']}.")
