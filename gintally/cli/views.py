"""What `show` does, without Typer: the match's score sheet (`Book.sheet_doc`) drawn, or its
JSON. `read` declares the command to Typer, which calls it. ``show --all`` of a two-player
match prints every game as plain lines while the hands stream from the ledger (`listing`), and
its JSON a game and a hand at a time (`listing_json`): `Book.listing` streams them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.cli.base import book, drawing, emit, paged

if TYPE_CHECKING:
    from gintally.facade.work import Listing
    from gintally.report import ShowDoc


def show(match: str | None = None, all_: bool = False, as_json: bool = False) -> None:
    with book() as opened:
        if all_:
            streamed = opened.listing(match)
            if streamed is not None:  # nothing of the match held whole
                with opened.snapshot():
                    (listing_json if as_json else listing)(streamed)
                return
        doc = opened.sheet_doc(match, all_, sheet_rows=as_json)
    emit(doc, as_json, None if as_json else drawing("sheet.show"))  # JSON loads no drawing


def listing(streamed: Listing) -> None:
    """``show --all`` of a two-player match: every game, one a line, written as it is listed
    (through the pager on a terminal the lines would overflow)."""
    from gintally.cli import process
    from gintally.cli.render.listing import every_game, folded

    head = process.fit(streamed.head)
    items = streamed.lines()
    if not process.unicode_stdout():  # asked once: a listing may hold a million games
        items = (process.fit(doc) for doc in items)

    def finish() -> ShowDoc:
        doc: ShowDoc = process.fit(streamed.tail(head))
        return doc

    from gintally.cli.render.hands import terminal_width

    lines = folded(every_game(head, items, finish, streamed.digits()), terminal_width())
    paged(lambda: streamed.count() + 4, lines)


def listing_json(streamed: Listing) -> None:
    """``show --all --json`` of a two-player match: `report.show_doc`'s document, the same text
    as `emit` writes, with its games, sheet and sets written one at a time (`Listing.fields`):
    nothing of the match is held whole."""
    from gintally import jsonout
    from gintally.cli import process

    jsonout.stream(process.data_write(), streamed.fields())
