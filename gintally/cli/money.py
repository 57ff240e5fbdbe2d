"""Money commands: `settle` (who owes whom at the matches' stakes) and `pay` (a payment, a fact
of the ledger that `undo` takes back like a hand). A match's stake is set by ``match new
--stake`` and changed by ``match stake`` (`admin`). The work is the library facade's
(`facade.money`, which `Book.settlement` and `Match.pay` call too)."""

from __future__ import annotations

from typing import Annotated

import typer

from gintally.cli import record
from gintally.cli.base import book
from gintally.cli.common import (
    JsonOpt,
    MatchOpt,
    app,
    complete_player,
    drawing,
    emit,
)
from gintally.facade import money


@app.command(rich_help_panel="Money")
def settle(
    match: MatchOpt = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Every match with a stake, netted per pair of players.")
    ] = False,
    since: Annotated[
        str | None,
        typer.Option(
            "--since", help="Only games, sets and payments from this day on.", metavar="DATE"
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Who owes whom: each finished game's net (a Hollywood or Honeymoon set's margin, as one)
    times the stake, the losing side paying the winning side, netted per pair of players with
    the payments made; what is still in play owes nothing yet."""
    money.scope(match, all_)
    with book() as opened:
        one = None if all_ else opened.match(match)  # the match first, then the date typed
        day = None if since is None else opened.day(since)
        doc = opened.settlement(day) if one is None else one.settlement(day)
    emit(doc, as_json, drawing("tables.settlement"))


@app.command(rich_help_panel="Money")
def pay(
    payer: Annotated[
        str,
        typer.Argument(
            help="Who pays.", metavar="FROM", show_default=False, autocompletion=complete_player
        ),
    ],
    payee: Annotated[
        str,
        typer.Argument(
            help="Who is paid.", metavar="TO", show_default=False, autocompletion=complete_player
        ),
    ],
    amount: Annotated[
        str, typer.Argument(help="How much, e.g. 12.35.", metavar="AMOUNT", show_default=False)
    ],
    date: Annotated[
        str | None,
        typer.Option(
            "--date",
            "-d",
            help="When it was paid: 2007-04-27, '27 Apr', today, yesterday (default today).",
            metavar="DATE",
        ),
    ] = None,
    note: Annotated[
        str | None, typer.Option("--note", help="A note kept with the payment.", metavar="TEXT")
    ] = None,
    match: Annotated[
        str | None,
        typer.Option(
            "--match",
            "-m",
            help="The match it settles (default: the current one if both play in it).",
            metavar="NAME",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Record money handed over: settle counts it, export carries it, undo takes it back."""
    with book() as opened:
        day = None if date is None else opened.day(date)
        doc = opened.pay(payer, payee, amount, date=day, note=note, match=match)
    record.tell_paid(doc, as_json)
