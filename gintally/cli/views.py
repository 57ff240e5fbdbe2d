"""What `show` does, without Typer: replay the match's window and print the score sheet (or
its JSON). `read` declares the command to Typer, which calls it. ``show --all`` of a two-player
match prints every game as plain lines while the hands stream from the ledger (`listing`), and
its JSON a game and a hand at a time (`listing_json`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.cli.base import drawing, emit, ledger, paged, today

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping

    from gintally.ledger import Ledger
    from gintally.model import Match
    from gintally.report import ShowDoc


def show(match: str | None = None, all_: bool = False, as_json: bool = False) -> None:
    from gintally.facade import work

    with ledger(write=False) as book:
        if all_:
            from gintally import service

            m = book.match(match)
            if not service.seating_of(m).whole:  # streamed: nothing of the match held whole
                (listing_json if as_json else listing)(book, m)
                return
        doc = work.show(book, match, all_, today(), sheet_rows=as_json)
    emit(doc, as_json, None if as_json else drawing("sheet.show"))  # JSON loads no drawing


def listing(book: Ledger, m: Match) -> None:
    """``show --all`` of a two-player match: every game, one a line, written as it is listed
    (through the pager on a terminal the lines would overflow)."""
    from gintally import report, service
    from gintally.cli import process
    from gintally.cli.render.listing import every_game

    with book.snapshot():
        games = service.listing(book, m, today())
        head = process.fit(report.listing_head(m))
        items = report.listing_lines(m, games)
        if not process.unicode_stdout():  # asked once: a listing may hold a million games
            items = (process.fit(doc) for doc in items)
        digits = len(str(book.last_number(m)))

        def finish() -> ShowDoc:
            doc: ShowDoc = process.fit(report.listing_tail(head, m, games))
            return doc

        lines = every_game(head, items, finish, digits)
        paged(lambda: book.count_hands(m) + 4, lines)


def listing_json(book: Ledger, m: Match) -> None:
    """``show --all --json`` of a two-player match: `report.show_doc`'s document, the same text
    as `emit` writes, with its games, sheet and sets written one at a time as three replays of
    the match stream them (the games, then each hand's posts, then the sets): nothing of the
    match is held whole."""
    from gintally import jsonout, report, service
    from gintally.cli import process
    from gintally.engine.sets import GameSet

    with book.snapshot():
        games = service.listing(book, m, today())
        head = report.listing_head(m)

        def games_of() -> Iterator[object]:
            return report.listing_items(m, (g for g in games if not isinstance(g, GameSet)))

        def sheet_of() -> Iterator[object]:
            return report.listing_sheet(m, service.plays(book, m))

        def sets_of() -> Iterator[object]:
            again = service.listing(book, m, today())
            return report.listing_items(m, (s for s in again if isinstance(s, GameSet)))

        streams: dict[str, Callable[[], Iterator[object]]] = {
            "games": games_of,
            "sheet": sheet_of,
            "sets": sets_of,
        }

        def fields() -> Iterator[tuple[str, object]]:
            doc: Mapping[str, object] = head
            for key in head:
                stream = streams.get(key)
                yield key, doc[key] if stream is None else stream()
                if key == "games":  # what the listing decided, known once the games are written
                    doc = report.listing_tail(head, m, games)

        jsonout.stream(process.data_write(), fields())
