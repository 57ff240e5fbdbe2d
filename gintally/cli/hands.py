"""Hand commands: knock, gin, big-gin, draw, misdeal, score and each variant's own (Gimlet
Rummy's gimlet, double-gimlet and sour), built from their declarations
(`gintally.game.variants`: each command's parameters and the hand options every one takes),
and the corrections undo, void, edit (which takes every variant's own options and the hand
options too). A command reads its text into values (`record`) and records them as the
library does."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from gintally.cli import record
from gintally.cli.base import book
from gintally.cli.common import (
    JsonOpt,
    MatchOpt,
    app,
    complete_match,
    complete_player,
)
from gintally.facade import typed
from gintally.game import variants
from gintally.game.variants import Option

NAMES = {"player": complete_player, "dealer": complete_player, "match": complete_match}


def _parameter(option: Option, hidden: bool = False) -> inspect.Parameter:
    """One declared parameter as Typer reads it from a signature (its text: `record` reads
    it into the value it declares); `hidden`: read, but not in the help (it applies in no
    match: `variants.applies`)."""
    named = NAMES.get(option.name)
    if not option.flag:
        argument = typer.Argument(help=option.help, show_default=False, autocompletion=named)
        if option.required:
            return inspect.Parameter(option.name, POSITIONAL, annotation=Annotated[str, argument])
        return inspect.Parameter(
            option.name, POSITIONAL, default=None, annotation=Annotated[str | None, argument]
        )
    if option.read == "switch":  # a flag without a value
        flag = typer.Option(*option.spellings, help=option.help, show_default=False)
        return inspect.Parameter(
            option.name, KEYWORD, default=False, annotation=Annotated[bool, flag]
        )
    declared = typer.Option(
        *option.spellings,
        help=option.help,
        metavar=option.metavar or None,
        autocompletion=named,
        hidden=hidden,
    )
    kind: Any = list[str] | None if option.read == "deadwoods" else str | None
    return inspect.Parameter(
        option.name, KEYWORD, default=None, annotation=Annotated[kind, declared]
    )


POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD
KEYWORD = inspect.Parameter.KEYWORD_ONLY
AS_JSON = inspect.Parameter("as_json", KEYWORD, default=False, annotation=JsonOpt)


class HandCommand:
    """The Typer command of hand command `name`: called with its parameters as typed, it runs
    the command (`record.run`). Its signature (its declared parameters, the hand options,
    ``--json``: what Typer reads to build the command) is made from the declarations when it
    is first asked for, so of the commands registered only the one run makes its own."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.__name__ = self.__qualname__ = name.replace("-", "_")
        self.__doc__ = variants.help_of(name)
        self.__annotations__: dict[str, Any] = {}  # each parameter's is in the signature

    @functools.cached_property
    def __signature__(self) -> inspect.Signature:
        name, applies = self.name, variants.applies
        params = [_parameter(o, not applies(name, o)) for o in variants.options_of(name)]
        counts = [o for o in variants.counted(name) if o.flag and applies(name, o)]
        if counts:  # ``knock Ann 8 18``: the counts typed by position after the arguments
            at = sum(p.kind is POSITIONAL for p in params)
            params.insert(at, _more(counts))
        shared = [_parameter(o, not applies(name, o)) for o in variants.HAND_OPTIONS]
        return inspect.Signature([*params, *shared, AS_JSON])

    def __call__(self, **given: Any) -> None:
        record.run(self.name, given)


MORE = record.MORE  # the parameter that takes the counts typed by position


def _more(counts: list[Option]) -> inspect.Parameter:
    """The counts a hand command takes by position after its arguments (``gin Ann 30`` is
    ``gin Ann --vs 30``), as one argument Typer reads as a list (`record.run` places them)."""
    names = ", ".join(o.flag for o in counts)
    argument = typer.Argument(
        help=f"By position after the arguments, in this order: {names} (gin Ann 30 is "
        "gin Ann --vs 30).",
        metavar=" ".join(o.flag.lstrip("-").upper() for o in counts),
        show_default=False,
    )
    kind = Annotated[list[str] | None, argument]
    return inspect.Parameter(MORE, POSITIONAL, default=None, annotation=kind)


for _command in variants.commands():
    _help = variants.help_of(_command.name)
    app.command(_command.name, help=_help, rich_help_panel="Record a hand")(
        HandCommand(_command.name)
    )


# --- corrections ----------------------------------------------------------------------------------


@app.command(rich_help_panel="Corrections")
def undo(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Take back the latest change to the match: the hand entered last, an edit (the hand is
    again as it was), a void, a payment recorded after the last hand or a price (all stay in
    the ledger as history)."""
    with book(write=True) as opened:  # the match read, then the correction written
        record.tell_undone(opened.match(match).undone(), as_json, opened)


@app.command(rich_help_panel="Corrections")
def redo(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Bring back what the latest undo took back: a hand (under its own number), an edit, a
    void, a restore, a payment or a price."""
    with book(write=True) as opened:  # the match read, then the correction written
        record.tell_redone(opened.match(match).redone(), as_json, opened)


HandArg = Annotated[
    str,
    typer.Argument(
        help="The hand's number in its match (see gintally hands).",
        metavar="HAND",
        show_default=False,
    ),
]
VsOpt = Annotated[
    str | None,
    typer.Option(
        "--vs", help="The defender's deadwood (after laying off, for a knock).", metavar="N"
    ),
]
VsCardsOpt = Annotated[
    str | None,
    typer.Option(
        "--vs-cards",
        help="The defender's ten cards: gintally finds melds and layoffs.",
        metavar="CARDS",
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
    with book(write=True) as opened:  # the match read, then the correction written
        done = opened.match(match).voided(hand_id, reason)
        record.tell(done, as_json, opened)


@app.command(rich_help_panel="Corrections")
def restore(
    hand_id: HandArg,
    match: MatchOpt = None,
    reason: ReasonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Bring back a voided or undone hand under its own number: everything recomputes with it."""
    with book(write=True) as opened:  # the match read, then the correction written
        done = opened.match(match).restored(hand_id, reason)
        record.tell_said(done, "brought_back", as_json, opened)


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
    reason: ReasonOpt = None,
    as_json: JsonOpt = False,
    **declared: Any,
) -> None:
    """Correct a hand: it keeps its number and its place, and everything after recomputes."""
    raw = {
        "player": player,
        "deadwood": deadwood,
        "vs": vs,
        "cards": cards,
        "vs_cards": vs_cards,
        "points": points,
        "kind": kind,
        "date": date,
        **declared,
    }
    changes = typed.edit_text(raw)
    typed.changes(changes, flags=True)  # checked before the ledger is opened
    with book(write=True) as opened:  # the match read, then the correction written
        done = opened.match(declared["match"]).edited(hand_id, reason, changes, flags=True)
        record.tell(done, as_json, opened)


EDIT_AFTER_DATE = ("dealer", "upcard", "note", "match")  # as `edit --help` lists them


def _with_declared_options(command: Callable[..., None]) -> None:
    """`edit`'s signature with every variant's own options before ``--kind``, and the hand
    options but the date (its own, a new date) after ``--date`` (its ``**declared``
    parameter stands for them)."""
    own = [
        p
        for p in inspect.signature(command, eval_str=True).parameters.values()
        if p.kind is not inspect.Parameter.VAR_KEYWORD
    ]
    kind = next(i for i, p in enumerate(own) if p.name == "kind")
    date = next(i for i, p in enumerate(own) if p.name == "date") + 1
    added = [_parameter(o).replace(kind=POSITIONAL) for o in variants.variant_options()]
    by_name = {o.name: o for o in variants.HAND_OPTIONS}
    shared = [_parameter(by_name[n]).replace(kind=POSITIONAL) for n in EDIT_AFTER_DATE]
    params = [*own[:kind], *added, *own[kind:date], *shared, *own[date:]]
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]


_with_declared_options(edit)
