"""What `show` does, without Typer: replay the match's window and print the score sheet (or
its JSON). `read` declares the command to Typer; the console script's fast lane (`quick`) calls
this function directly. ``show --all`` of a two-player match prints every game as plain lines
while the hands stream from the ledger (`listing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.cli.base import drawing, emit, ledger, paged, today

if TYPE_CHECKING:
    from gintally.ledger import Ledger
    from gintally.model import Match
    from gintally.report import ShowDoc


def show(match: str | None = None, all_: bool = False, as_json: bool = False) -> None:
    from gintally import report, service

    with ledger(write=False) as book:
        m = book.match(match)
        if all_ and not as_json and not service.seating_of(m).whole:
            listing(book, m)
            return
        if all_:
            window = service.replay_all(book, m, today())
        else:
            window = service.replay_match(book, m, today=today())
        doc = report.show_doc(window, every=all_)
    emit(doc, as_json, drawing("show"))


def listing(book: Ledger, m: Match) -> None:
    """``show --all`` of a two-player match: every game, one a line, written as it is listed
    (through the pager on a terminal the lines would overflow)."""
    from gintally import collector, report, service
    from gintally.cli import process

    with book.snapshot(), collector.paused():
        games = service.listing(book, m, today())
        head = process.fit(report.listing_head(m))
        items = (process.fit(doc) for doc in report.listing_items(m, games))
        digits = len(str(book.last_number(m)))

        def finish() -> ShowDoc:
            doc: ShowDoc = process.fit(report.listing_tail(head, m, games))
            return doc

        lines = drawing("every_game")(head, items, finish, digits)
        paged(lambda: book.count_hands(m) + 4, lines)
