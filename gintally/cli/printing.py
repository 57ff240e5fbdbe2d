"""`gintally print KIND --output FILE`: a page made to print (the evening's sheet, the season's
standings, a blank pad, the year in review), made by the library (`Book.print_page`, the pages
in `facade.printing`) and written to FILE (a PDF when it ends in ``.pdf``) or, for ``-``, to
standard output."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, cast

import typer

from gintally.cli.base import book
from gintally.cli.common import MatchOpt, YearOpt, app, as_file, whole
from gintally.errors import GintallyError

KINDS = ("evening", "standings", "pad", "year")


@app.command("print", rich_help_panel="Read")
def print_page(
    kind: Annotated[
        str,
        typer.Argument(
            help="evening (one evening's sheet), standings (the season's table), pad (a blank "
            "sheet for pencil) or year (the year in review).",
            metavar="KIND",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            help="The file to write: FILE.html, FILE.pdf (needs WeasyPrint, the pdf extra), "
            "or - for standard output (HTML).",
            metavar="FILE",
            show_default=False,
        ),
    ],
    match: MatchOpt = None,
    year: YearOpt = None,
    day: Annotated[
        str | None,
        typer.Option(
            "--date",
            "-d",
            help="The evening to print (default: the latest day with hands).",
            metavar="DATE",
        ),
    ] = None,
    set_number: Annotated[
        str | None,
        typer.Option(
            "--set",
            help="Print one set instead, whole, whichever days it was played on (Hollywood, "
            "Honeymoon).",
            metavar="N",
        ),
    ] = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter.", metavar="SIZE")] = "a4",
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
) -> None:
    """A page made to print on A4 or Letter, legible in black and white: one evening's sheet
    (a day, or a set) with every hand, bonus and who owes whom for it; the season's standings;
    a blank pad for the match's format; or the year in review. HTML, or PDF when FILE ends in
    .pdf."""
    if kind not in KINDS:
        raise GintallyError(f"KIND must be one of {', '.join(KINDS)}, not {kind!r}")
    if paper.lower() not in ("a4", "letter"):
        raise GintallyError(f"--paper must be a4 or letter, not {paper!r}")
    size = cast(Literal["a4", "letter"], paper.lower())
    page = cast(Literal["evening", "standings", "pad", "year"], kind)
    wanted = whole(year, "--year")
    number = whole(set_number, "--set")
    with book() as opened:
        asked = None
        if day is not None:  # the match found first, then its day read
            opened.match(match)
            asked = opened.day(day)
        if str(output) == "-":  # around the guarded writer on purpose: a stream, not a file
            chosen = opened.print_page(
                page, match, year=wanted, day=asked, set_number=number, paper=size
            )
            as_file(chosen["html"])
            return
        done = opened.print_page(
            page,
            match,
            year=wanted,
            day=asked,
            set_number=number,
            paper=size,
            out=output,
            force=force,
        )
    print(f"Wrote {output}: {done['kind']} of {done['match']}.")
