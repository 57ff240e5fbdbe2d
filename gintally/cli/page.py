"""`gintally report --html FILE`: a year in review as one self-contained web page.

The page is one HTML file with everything inside it: the styles in a ``<style>`` element, the
charts as inline SVG drawn by pygal, no script, no font, no image and no address to fetch, so it
opens the same from a USB stick, an e-mail or a browser with the network off, and prints well
(print styles: A4 margins, no section split across pages, the hand log left folded).

pygal is imported here only, and only by the function that draws, so no other command loads it
(tests/test_layers.py holds that). pygal writes an inline ``<script>`` with its tooltip settings
and comments naming its web site into every SVG even with ``js=[]``; both are removed, since
the page runs no script and names no address.

What the page holds (`page_html`): the match and its season; the standings (games won, hands
won, points, gins, undercuts, biggest hand, net, each side's winnings when the match is played
for money, and who won the year once it is over); the race
chart (games won by date, and the running net for single and hollywood); the sets and series
won; the season's records; the hand log of the season inside a folded ``<details>``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gintally.cli.base import book
from gintally.cli.common import MatchOpt, YearOpt, app, as_file, whole


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
) -> None:
    """A year in review as one self-contained web page: standings, the race chart, sets and
    series, records and the hand log. The page is written beside FILE and put in place whole;
    an existing FILE is replaced only with --force, and never the ledger or a special file."""
    wanted = whole(year, "--year")
    with book() as opened:
        if str(html) == "-":  # around the guarded writer on purpose: a stream, not a file
            as_file(opened.report(match, year=wanted)["html"])
            return
        done = opened.report(match, year=wanted, out=html, force=force)
    print(f"Wrote {html}: {done['match']}, season {done['season']}.")
