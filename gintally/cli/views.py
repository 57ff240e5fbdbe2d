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
        plan = book.stakes(m)  # empty without a stake: the sheet is as it always was
        if plan:
            from gintally.engine.settlement import in_play_of
            from gintally.engine.stakes import Prices

            prices = Prices(plan)
            day = today()
            now = prices.on(day) or plan[-1]
            playing = in_play_of(window.replay, prices, day)
            doc["stake"] = report.stake_doc(now)
            doc["in_play"] = report.in_play_doc(m, playing) if playing is not None else None
    emit(doc, as_json, drawing("show"))
