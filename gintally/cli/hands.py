"""Hand commands: knock, gin, big-gin, draw, misdeal, score and each variant's own (Gimlet
Rummy's gimlet, double-gimlet and sour), built from their declarations
(`gintally.game.variants`), and the corrections undo, void, edit (which takes every variant's
own options too)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

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
    complete_player,
    hand_command,
    ledger,
    today,
)
from gintally.facade import work
from gintally.game import variants
from gintally.game.variants import Option


def _parameter(option: Option) -> inspect.Parameter:
    """One declared parameter as Typer reads it from a signature."""
    if not option.flag:
        named = complete_player if option.name == "player" else None
        argument = typer.Argument(help=option.help, show_default=False, autocompletion=named)
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


@app.command(rich_help_panel="Corrections")
def undo(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Take back the hand entered last, or a payment recorded in the match after it (it stays
    in the ledger as history)."""
    with ledger() as book:
        record.tell_undone(work.undo_fact(book, match, today()), as_json, book)


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
        done = work.void(book, match, hand_id, reason, today())
        record.tell(done, as_json, book)


@app.command(rich_help_panel="Corrections")
def edit(
    hand_id: HandArg,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            help="Who knocked, went gin or scored.",
            metavar="PLAYER",
            autocompletion=complete_player,
        ),
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
    typed = {"player": player, "deadwood": deadwood, "vs": vs, "cards": cards,
             "vs_cards": vs_cards, "points": points, **variant, "kind": kind, "date": date,
             "dealer": dealer, "upcard": upcard, "note": note}  # fmt: skip
    changes = work.changes(typed)
    with ledger() as book:
        done = work.edit(book, match, hand_id, changes, reason, today())
        record.tell(done, as_json, book)


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
