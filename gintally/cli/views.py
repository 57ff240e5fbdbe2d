"""What `show` does, without Typer: replay the match's window and print the score sheet (or
its JSON). `read` declares the command to Typer; the console script's fast lane (`quick`) calls
this function directly."""

from __future__ import annotations

from gintally.cli.base import drawing, emit, ledger, today


def show(match: str | None = None, all_: bool = False, as_json: bool = False) -> None:
    from gintally.facade import work

    with ledger(write=False) as book:
        doc = work.show(book, match, all_, today())
    emit(doc, as_json, drawing("show"))
