"""The `stats` command: lifetime figures, head to head, records (`service.insights`); no chart."""

from __future__ import annotations

from typing import Annotated

import typer

from gintally.cli.common import JsonOpt, app, drawing, emit, ledger, today


@app.command(rich_help_panel="Read")
def stats(
    player: Annotated[
        str | None,
        typer.Option("--player", "-p", help="Only this player's figures.", metavar="PLAYER"),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Every player across every match: lifetime figures, head to head, records."""
    from gintally import report, service
    from gintally.service import insights

    with ledger(write=False) as book:
        who = insights.person(book, player)
        doc = report.stats_doc(insights.lifetime(book), who)
        staked = book.staked_matches()  # none: the figures are as they always were
        if staked:
            matches = [m for m in book.matches() if m.id in staked]
            plans = [service.prices(book, m) for m in matches]
            places = {plan.currency: plan.places for plan in plans}
            won = service.lifetime_winnings(book, matches, today())
            names = {p.id: p.name for m in matches for p in m.members}
            by_name: dict[str, dict[str, str]] = {}
            for currency, people in won.items():
                for pid, value in people.items():
                    mine = by_name.setdefault(names[pid], {})
                    mine[currency] = report.amount_text(value, places[currency])
            for row in doc["players"]:
                if row["player"] in by_name:
                    row["winnings"] = by_name[row["player"]]
    emit(doc, as_json, drawing("stats"))
