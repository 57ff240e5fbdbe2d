"""Hand commands: knock, gin, big-gin, draw, misdeal, score, sour, and the corrections undo,
void, edit. Gimlet Rummy's names for gin and big gin, ``gimlet`` and ``double-gimlet``, are the
same commands."""

from __future__ import annotations

from typing import Annotated

import typer

from gintally import report, service
from gintally.cli import record
from gintally.cli.common import (
    CardsOpt,
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
from gintally.cli.record import count_or_cards, draw_hand
from gintally.errors import GintallyError
from gintally.ledger import Ledger
from gintally.model import HandRecord, Match, fold

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
PilesOpt = Annotated[
    str | None,
    typer.Option(
        "--piles",
        help="Gimlet Rummy: the cards in the four discard piles, S,H,D,C (after laying the "
        "deadwood on them).",
        metavar="S,H,D,C",
    ),
]
TableOpt = Annotated[
    str | None,
    typer.Option(
        "--table",
        help="Mahjong gin: the value of the ginner's cards on the table (a number, or the cards).",
        metavar="N|CARDS",
    ),
]
VsTableOpt = Annotated[
    str | None,
    typer.Option(
        "--vs-table",
        help="Mahjong gin: the value of the other player's cards on the table (N or cards).",
        metavar="N|CARDS",
    ),
]


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
    piles: PilesOpt = None,
    *,
    options: HandOptions,
) -> None:
    """Record a knock: PLAYER knocked with DEADWOOD, the defender had --vs after laying off.

    With --cards and --vs-cards gintally finds both players' melds and the layoffs itself. An
    undercut is worked out from the counts: just record the knock. Gimlet Rummy: give the
    discard piles instead of --vs (knock Ann 3 --piles 1,2,0,3).
    """
    record.knock(player, deadwood, vs, cards, vs_cards, piles, options=options)


def gin(
    ctx: typer.Context,
    player: PlayerArg,
    vs: Annotated[
        str | None,
        typer.Option(
            "--vs",
            help="The defender's deadwood (no layoffs against a gin); Mahjong gin: the other "
            "player's cards left in hand (N or cards).",
            metavar="N|CARDS",
        ),
    ] = None,
    cards: GinCardsOpt = None,
    vs_cards: VsCardsOpt = None,
    piles: PilesOpt = None,
    table: TableOpt = None,
    vs_table: VsTableOpt = None,
    *,
    options: HandOptions,
) -> None:
    """Record a gin by PLAYER: the gin bonus plus the defender's deadwood (--vs).

    Mahjong gin: --table, --vs-table and --vs (each a number or the cards); both players score.
    Gimlet Rummy: --piles S,H,D,C.
    """
    record.gin(
        ctx.info_name or "gin", player, vs, cards, vs_cards, piles, table, vs_table,
        options=options,
    )  # fmt: skip


hand_command("gin")(gin)
hand_command(
    "big-gin",
    help="Record a big gin by PLAYER (all eleven cards melded): the big gin bonus plus the "
    "defender's deadwood (--vs).",
)(gin)
hand_command(
    "gimlet",
    help="Gimlet Rummy: record a gimlet by PLAYER (ten cards melded after the discard), with "
    "the discard piles (--piles S,H,D,C). The same as gin.",
)(gin)
hand_command(
    "double-gimlet",
    help="Gimlet Rummy: record a double gimlet by PLAYER (all eleven cards melded), with the "
    "discard piles (--piles S,H,D,C). The same as big-gin.",
)(gin)


@hand_command()
def sour(
    player: PlayerArg,
    deadwood: Annotated[
        str | None,
        typer.Argument(help="The deadwood left in hand (or give --cards).", show_default=False),
    ] = None,
    cards: Annotated[
        str | None,
        typer.Option("--cards", help="The ten cards left in hand.", metavar="CARDS"),
    ] = None,
    *,
    options: HandOptions,
) -> None:
    """Gimlet Rummy: a discard pile reached six cards; the phantom scores 30 plus DEADWOOD."""
    record.sour(player, deadwood, cards, options=options)


@hand_command()
def misdeal(*, options: HandOptions) -> None:
    """Record a misdeal: no score, the same dealer deals again (the hand stays in the log)."""
    record.misdeal(options=options)


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
    record.record("draw", options, player=player, draw_deadwood=_deadwoods(deadwood))


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
    vs_points: Annotated[
        str | None,
        typer.Option(
            "--vs-points",
            help="Mahjong gin: the other player's points in the same hand (may be negative).",
            metavar="N",
        ),
    ] = None,
    *,
    options: HandOptions,
) -> None:
    """Copy a hand's result from paper: PLAYER scored POINTS."""
    record.score(player, points, kind, vs_points, options=options)


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
    emit(doc, as_json, draw_hand)


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
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards", help="The cards of the player who knocked or went gin.", metavar="CARDS"
        ),
    ] = None,
    vs_cards: VsCardsOpt = None,
    points: Annotated[
        str | None,
        typer.Option("--points", help="Points, for a hand copied from paper.", metavar="N"),
    ] = None,
    vs_points: Annotated[
        str | None,
        typer.Option(
            "--vs-points", help="Mahjong gin: the other player's points, on paper.", metavar="N"
        ),
    ] = None,
    table: TableOpt = None,
    vs_table: VsTableOpt = None,
    piles: PilesOpt = None,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            help="What the hand was: knock, gin, big-gin, draw, misdeal, sour, or a paper "
            "score's kind.",
            metavar="KIND",
        ),
    ] = None,
    date: Annotated[
        str | None,
        typer.Option(
            "--date", "-d", help="A new date (default: the hand keeps its date).", metavar="DATE"
        ),
    ] = None,
    dealer: DealerOpt = None,
    upcard: UpcardOpt = None,
    note: NoteOpt = None,
    match: MatchOpt = None,
    reason: ReasonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Correct a hand: it keeps its number and its place, and everything after recomputes."""
    table_n, table_cards = count_or_cards(table, "--table")
    vs_table_n, vs_table_cards = count_or_cards(vs_table, "--vs-table")
    vs_count, vs_more = count_or_cards(vs, "--vs")
    if vs_more is not None and vs_cards is not None:
        raise GintallyError("give the defender's cards once: --vs or --vs-cards")
    changes = {
        "player": player,
        **_edit_deadwood(deadwood),
        "vs": vs_count,
        "cards": cards,
        "vs_cards": vs_cards or vs_more,
        "points": whole(points, "--points"),
        "vs_points": whole(vs_points, "--vs-points"),
        "table": table_n,
        "table_cards": table_cards,
        "vs_table": vs_table_n,
        "vs_table_cards": vs_table_cards,
        "piles": piles,
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
        doc = record.hand_doc(book, m, rec, result)
        doc["action"] = "edited"
        if not as_json:
            doc["description"] = f"Edited hand {rec.id}{dated(rec.date)}: {doc['description']}"
    emit(doc, as_json, draw_hand)
