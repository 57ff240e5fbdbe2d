"""What `show` does, without Typer: replay the match's window and print the score sheet (or
its JSON). `read` declares the command to Typer; the console script's fast lane (`quick`) calls
this function directly."""

from __future__ import annotations

from gintally.cli.base import drawing, emit, ledger, today


def show(match: str | None = None, all_: bool = False, as_json: bool = False) -> None:
    from gintally import report, service

    with ledger(write=False) as book:
        m = book.match(match)
        if all_:
            window = service.replay_all(book, m, today())
        else:
            window = service.replay_match(book, m, today=today())
        doc = report.show_doc(window, every=all_)
        money = service.in_play_now(book, m, window.replay, today()) if book.stakes(m) else None
        if money is not None:  # without a stake the sheet is as it always was
            now, playing = money
            doc["stake"] = report.stake_doc(now)
            doc["in_play"] = report.in_play_doc(m, playing) if playing is not None else None
    emit(doc, as_json, drawing("show"))
