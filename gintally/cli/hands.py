"""Hand commands: knock, gin, big-gin, draw, misdeal, score and each variant's own (Gimlet
Rummy's gimlet, double-gimlet and sour), built from their declarations
(`gintally.game.variants`), and the corrections undo, void, edit (which takes every variant's
own options too)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from gintally import report, service
from gintally.cli import record
from gintally.cli.common import (
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
    placed,
    today,
    when,
    whole,
)
from gintally.cli.record import count_or_cards, draw_hand
from gintally.errors import GintallyError
from gintally.game import variants
from gintally.game.variants import Option
from gintally.ledger import Ledger
from gintally.model import HandRecord, Match


def _parameter(option: Option) -> inspect.Parameter:
    """One declared parameter as Typer reads it from a signature."""
    if not option.flag:
        argument = typer.Argument(help=option.help, show_default=False)
        if option.required:
            return inspect.Parameter(option.name, POSITIONAL, annotation=Annotated[str, argument])
        return inspect.Parameter(
            option.name, POSITIONAL, default=None, annotation=Annotated[str | None, argument]
        )
    declared = typer.Option(option.flag, help=option.help, metavar=option.metavar or None)
    kind: Any = list[str] | None if option.read == "deadwoods" else str | None
    return inspect.Parameter(
        option.name, KEYWORD, default=None, annotation=Annotated[kind, declared]
    )


POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD
KEYWORD = inspect.Parameter.KEYWORD_ONLY


def _hand_command(name: str) -> Callable[..., None]:
    """The Typer command of hand command `name`, built from its declaration."""

    def command(*, options: HandOptions, **raw: Any) -> None:
        record.run(name, options, raw)

    params = [_parameter(o) for o in variants.options_of(name)]
    options = inspect.Parameter("options", KEYWORD, annotation=HandOptions)
    command.__signature__ = inspect.Signature([*params, options])  # type: ignore[attr-defined]
    command.__name__ = command.__qualname__ = name.replace("-", "_")
    command.__doc__ = variants.help_of(name)
    return command


for _command in variants.commands():
    hand_command(_command.name, help=variants.help_of(_command.name))(_hand_command(_command.name))


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
        where = placed(book, match.name) + dated(rec.date)
        doc["description"] = f"{verb.capitalize()} hand {rec.number}{where}: {said}"
        # the open games with a hand in them (a hollywood game in progress may have none yet)
        shown = [g for g in window.replay.open_games() if g.hands]
        doc["games"] = [report.game_doc(match, g) for g in shown]
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


def _edit_deadwood(items: list[str] | None) -> dict[str, object]:
    """`edit --deadwood`: N (the knocker's count) or PLAYER=N for each player of a draw."""
    if not items:
        return {}
    if all("=" in item for item in items):
        return {"draw_deadwood": record.deadwoods(items)}
    if len(items) == 1:
        return {"deadwood": whole(items[0], "--deadwood")}
    raise GintallyError("--deadwood takes one count N, or PLAYER=N for each player of a draw")


def _variant_changes(raw: dict[str, str | None], counts: bool) -> dict[str, Any]:
    """What `edit` was given of the variants' own inputs (each read as its declaration says):
    those typed as a count or the cards (`counts`: --table, --vs-table), or the others. The
    counts are read before --vs and the others after --points, so that of several bad values
    the first named is the one it always was."""
    values: dict[str, Any] = {}
    for option in variants.variant_options():
        if (option.read == "count") == counts:
            record.read(option, raw, values)
    return values


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
    **variant: str | None,
) -> None:
    """Correct a hand: it keeps its number and its place, and everything after recomputes."""
    counted = _variant_changes(variant, counts=True)
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
        **counted,
        **_variant_changes(variant, counts=False),
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
            where = placed(book, m.name) + dated(rec.date)
            doc["description"] = f"Edited hand {rec.number}{where}: {doc['description']}"
    emit(doc, as_json, draw_hand)


def _with_variant_options(command: Callable[..., None]) -> None:
    """`edit`'s signature with every variant's own options before ``--kind`` (its ``**variant``
    parameter stands for them)."""
    own = [
        p
        for p in inspect.signature(command, eval_str=True).parameters.values()
        if p.kind is not inspect.Parameter.VAR_KEYWORD
    ]
    at = next(i for i, p in enumerate(own) if p.name == "kind")
    added = [_parameter(o).replace(kind=POSITIONAL) for o in variants.variant_options()]
    command.__signature__ = inspect.Signature([*own[:at], *added, *own[at:]])  # type: ignore[attr-defined]


_with_variant_options(edit)
