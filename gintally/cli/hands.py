"""Hand commands: knock, gin, big-gin, draw, score, and the corrections undo, void, edit."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gintally import report, service
from gintally.cli.common import (
    CardsOpt,
    DateOpt,
    DealerOpt,
    HandOptions,
    JsonOpt,
    MatchOpt,
    NoteOpt,
    UpcardOpt,
    VsCardsOpt,
    VsOpt,
    app,
    dated,
    emit,
    hand_command,
    ledger,
    today,
    when,
    whole,
)
from gintally.errors import GintallyError
from gintally.ledger import Ledger
from gintally.model import HandRecord, Match, TypedHand, fold

PlayerArg = Annotated[str, typer.Argument(help="Who knocked or went gin.", show_default=False)]
GinVsOpt = Annotated[
    str | None,
    typer.Option("--vs", help="The defender's deadwood (no layoffs against a gin).", metavar="N"),
]
GinCardsOpt = Annotated[
    str | None,
    typer.Option(
        "--cards",
        help="The cards that went gin: the ten kept, or all eleven for a big gin.",
        metavar="CARDS",
    ),
]


def _draw_hand(doc: report.HandDoc) -> None:
    from gintally.cli import render

    render.hand(doc)


def _record(claim: str, options: HandOptions, **typed: Any) -> None:
    """Record one hand as typed, in the match the options name, and print what happened."""
    with ledger() as book:
        hand = TypedHand(
            claim,
            when(options.date, book),
            dealer=options.dealer,
            upcard=options.upcard,
            note=options.note,
            **typed,
        )
        match = book.match(options.match)
        rec, result = service.record(book, match, hand)
        window = service.replay_match(book, match, around=rec.date, today=today(), remember=True)
        doc = report.hand_doc(match, rec, result, window)
    if not options.as_json:
        doc["when"] = dated(rec.date)
    emit(doc, options.as_json, _draw_hand)


@hand_command()
def knock(
    player: PlayerArg,
    deadwood: Annotated[
        str | None,
        typer.Argument(help="The knocker's deadwood (or give --cards).", show_default=False),
    ] = None,
    vs: VsOpt = None,
    cards: CardsOpt = None,
    vs_cards: VsCardsOpt = None,
    *,
    options: HandOptions,
) -> None:
    """Record a knock: PLAYER knocked with DEADWOOD, the defender had --vs after laying off.

    With --cards and --vs-cards gintally finds both players' melds and the layoffs itself. An
    undercut is worked out from the counts: just record the knock.
    """
    _record(
        "knock", options, player=player, deadwood=whole(deadwood, "the knocker's deadwood"),
        vs=whole(vs, "--vs"), cards=cards, vs_cards=vs_cards,
    )  # fmt: skip


GIN_COMMANDS = {  # command name -> the claim it records (one function serves them all)
    "gin": "gin",
    "big-gin": "big-gin",
}


def gin(
    ctx: typer.Context,
    player: PlayerArg,
    vs: GinVsOpt = None,
    cards: GinCardsOpt = None,
    vs_cards: VsCardsOpt = None,
    *,
    options: HandOptions,
) -> None:
    """Record a gin by PLAYER: the gin bonus plus the defender's deadwood (--vs)."""
    claim = GIN_COMMANDS[ctx.info_name or "gin"]
    _record(claim, options, player=player, vs=whole(vs, "--vs"), cards=cards, vs_cards=vs_cards)


hand_command("gin")(gin)
hand_command(
    "big-gin",
    help="Record a big gin by PLAYER (all eleven cards melded): the big gin bonus plus the "
    "defender's deadwood (--vs).",
)(gin)


def _edit_deadwood(items: list[str] | None) -> dict[str, object]:
    """`edit --deadwood`: N (the knocker's count) or PLAYER=N for each player of a draw."""
    if not items:
        return {}
    if all("=" in item for item in items):
        return {"draw_deadwood": _deadwoods(items)}
    if len(items) == 1:
        return {"deadwood": whole(items[0], "--deadwood")}
    raise GintallyError("--deadwood takes one count N, or PLAYER=N for each player of a draw")


def _deadwoods(items: list[str] | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise GintallyError(f"--deadwood takes PLAYER=N, not {item!r}")
        try:
            count = int(value)
        except ValueError:
            raise GintallyError(f"--deadwood {item!r}: {value!r} is not a whole number") from None
        if fold(name) in {fold(n) for n in out}:
            raise GintallyError(f"--deadwood gives {name.strip()}'s count twice")
        out[name.strip()] = count
    return out


@hand_command()
def draw(
    player: Annotated[
        str | None,
        typer.Argument(
            help="Team match: a player at the table where it was drawn.", show_default=False
        ),
    ] = None,
    deadwood: Annotated[
        list[str] | None,
        typer.Option(
            "--deadwood",
            help="PLAYER=N for each player (needed when a dead deck scores).",
            metavar="PLAYER=N",
        ),
    ] = None,
    *,
    options: HandOptions,
) -> None:
    """Record a drawn hand (the stock ran down): no score, the same dealer deals again. In a
    team match, name a player of its table (draw Cy)."""
    _record("draw", options, player=player, draw_deadwood=_deadwoods(deadwood))


@hand_command()
def score(
    player: Annotated[str, typer.Argument(help="Who won the hand.", show_default=False)],
    points: Annotated[str, typer.Argument(help="The points it scored.", show_default=False)],
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            help="How it was won: knock, undercut, gin, big-gin (for the standings).",
            metavar="KIND",
        ),
    ] = None,
    *,
    options: HandOptions,
) -> None:
    """Copy a hand's result from paper: PLAYER scored POINTS."""
    _record("score", options, player=player, points=whole(points, "points"), kind=kind)


# --- corrections ----------------------------------------------------------------------------------


def _hand_id(text: str) -> int:
    number = whole(text, "a hand number")
    assert number is not None
    return number


def _after(book: Ledger, match: Match, rec: HandRecord, verb: str, as_json: bool) -> None:
    window = service.replay_match(book, match, around=rec.date, today=today(), remember=True)
    doc = report.hand_doc(match, rec, None, window)
    doc["action"] = verb
    if not as_json:
        said = doc["description"]
        doc["description"] = f"{verb.capitalize()} hand {rec.id}{dated(rec.date)}: {said}"
        doc["games"] = [report.game_doc(match, g) for g in window.replay.open_games()]
    emit(doc, as_json, _draw_hand)


@app.command(rich_help_panel="Corrections")
def undo(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Take back the hand entered last (it stays in the ledger as history)."""
    with ledger() as book:
        m = book.match(match)
        rec = service.undo(book, m)
        _after(book, m, rec, "undid", as_json)


HandArg = Annotated[
    str,
    typer.Argument(
        help="The hand's number in its match (see gintally hands).",
        metavar="HAND",
        show_default=False,
    ),
]
ReasonOpt = Annotated[
    str | None, typer.Option("--reason", help="Why, kept with the correction.", metavar="TEXT")
]


@app.command(rich_help_panel="Corrections")
def void(
    hand_id: HandArg,
    match: MatchOpt = None,
    reason: ReasonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Void a hand: every game and standing recomputes without it."""
    with ledger() as book:
        m = book.match(match)
        rec = book.void(m, _hand_id(hand_id), reason)
        _after(book, m, rec, "voided", as_json)


@app.command(rich_help_panel="Corrections")
def edit(
    hand_id: HandArg,
    player: Annotated[
        str | None,
        typer.Option("--player", help="Who knocked, went gin or scored.", metavar="PLAYER"),
    ] = None,
    deadwood: Annotated[
        list[str] | None,
        typer.Option(
            "--deadwood",
            help="The knocker's deadwood N; for a drawn hand, PLAYER=N for each player.",
            metavar="N|PLAYER=N",
        ),
    ] = None,
    vs: VsOpt = None,
    cards: CardsOpt = None,
    vs_cards: VsCardsOpt = None,
    points: Annotated[
        str | None,
        typer.Option("--points", help="Points, for a hand copied from paper.", metavar="N"),
    ] = None,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            help="What the hand was: knock, gin, big-gin, draw, or a paper score's kind.",
            metavar="KIND",
        ),
    ] = None,
    date: DateOpt = None,
    dealer: DealerOpt = None,
    upcard: UpcardOpt = None,
    note: NoteOpt = None,
    match: MatchOpt = None,
    reason: ReasonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Correct a hand: it keeps its number and its place, and everything after recomputes."""
    changes = {
        "player": player,
        **_edit_deadwood(deadwood),
        "vs": whole(vs, "--vs"),
        "cards": cards,
        "vs_cards": vs_cards,
        "points": whole(points, "--points"),
        "kind": kind,
        "date": date,
        "dealer": dealer,
        "upcard": upcard,
        "note": note,
    }
    if all(v is None for v in changes.values()):
        raise GintallyError("nothing to change: give at least one option (see gintally edit -h)")
    with ledger() as book:
        changes["date"] = when(date, book) if date else None
        m = book.match(match)
        rec, result = service.edit(book, m, _hand_id(hand_id), changes, reason)
        window = service.replay_match(book, m, around=rec.date, today=today(), remember=True)
        doc = report.hand_doc(m, rec, result, window)
        doc["action"] = "edited"
        if not as_json:
            doc["description"] = f"Edited hand {rec.id}{dated(rec.date)}: {doc['description']}"
    emit(doc, as_json, _draw_hand)
