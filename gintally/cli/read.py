"""Read commands: show, hands, standings, eval, rules."""

from __future__ import annotations

from typing import Annotated

import typer

from gintally.cli.common import JsonOpt, MatchOpt, YearOpt, app, drawing, emit, ledger, today, whole
from gintally.errors import GintallyError


@app.command(rich_help_panel="Read")
def show(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """The score sheet: open games with running scores, finished games with their bonuses,
    who deals next and the knock limit."""
    from gintally import report, service

    with ledger(write=False) as book:
        m = book.match(match)
        doc = report.show_doc(service.replay_match(book, m, today=today()))
    emit(doc, as_json, drawing("show"))


@app.command(rich_help_panel="Read")
def hands(
    match: MatchOpt = None,
    year: YearOpt = None,
    all_: Annotated[bool, typer.Option("--all", help="Include voided hands.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The hand log, with each hand's number (for void and edit)."""
    from gintally import report, service

    with ledger(write=False) as book:
        m = book.match(match)
        window = service.replay_all(book, m, today())
        dealers = {} if m.teams else {p.entry.id: p.dealer for p in window.replay.played}
        rows = book.all_hands(m) if all_ else window.hands
    if year is not None:
        from gintally.engine.seasons import season_of

        wanted = whole(year, "--year")
        rows = [h for h in rows if season_of(h.date, m.format.season_start)[1].year == wanted]
    emit(report.hands_doc(m, rows, dealers, window.rounds), as_json, drawing("hands"))


@app.command(rich_help_panel="Read")
def standings(year: YearOpt = None, match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Games won, hands won, points, gins and undercuts per player per season, and the years
    won overall."""
    from gintally import report, service
    from gintally.engine.standings import standings as season_table

    with ledger(write=False) as book:
        m = book.match(match)
        window = service.replay_all(book, m, today())
    seasons = season_table(window.replay, m.format, today())
    wanted = whole(year, "--year")
    if wanted is not None and not any(s.start.year == wanted for s in seasons):
        raise GintallyError(f"match {m.name!r} has no season starting in {wanted}")
    doc = report.standings_doc(m, seasons, wanted, window.replay, window.hands)
    emit(doc, as_json, drawing("standings"))


@app.command("eval", rich_help_panel="Cards")
def eval_(
    cards: Annotated[
        list[str],
        typer.Argument(
            help="10 or 11 cards, e.g. 6H 6C 6D 6S TD JD QD KD AH 7C (quoted or not).",
            show_default=False,
        ),
    ],
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", "-r", help="A rule preset (ace value, knock limit); default modern."
        ),
    ] = None,
    match: Annotated[
        str | None,
        typer.Option(
            "--match", "-m", help="Use this match's rules instead of a preset.", metavar="NAME"
        ),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override a rule: KEY=VALUE.", metavar="KEY=VALUE"),
    ] = None,
    upcard: Annotated[
        str | None,
        typer.Option(
            "--upcard", "-u", help="The first upcard, for Oklahoma knock limits.", metavar="CARD"
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Best melds and deadwood of 10 cards; for 11, the best discard and whether it knocks or
    gins."""
    from gintally import report
    from gintally.game.rules import resolve
    from gintally.game.scoring import evaluate

    if match is not None and rules is not None:
        raise GintallyError("give --rules or --match, not both")
    if match is not None:
        with ledger(write=False) as book:
            base = book.match(match).rules
    else:
        base = resolve(rules or "modern")
    doc = report.eval_doc(evaluate(" ".join(cards), base.with_overrides(set_ or []), upcard))
    emit(doc, as_json, drawing("evaluation"))


@app.command("rules", rich_help_panel="Cards")
def rules_(
    preset: Annotated[
        str | None,
        typer.Argument(help="A preset to show in full (default: all of them side by side)."),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override a rule: KEY=VALUE.", metavar="KEY=VALUE"),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """The rule presets and every value they set."""
    from gintally import report
    from gintally.game.rules import PRESET_NOTES, PRESET_SOURCES, PRESETS, find_preset

    if preset is None and not set_:
        docs = [report.rules_doc(r, PRESET_NOTES[n], PRESET_SOURCES[n]) for n, r in PRESETS.items()]
        emit({"presets": docs} if as_json else docs, as_json, drawing("rules"))
        return
    chosen = find_preset(preset or "modern").with_overrides(set_ or [])
    name = chosen.preset
    doc = report.rules_doc(chosen, PRESET_NOTES.get(name, ""), PRESET_SOURCES.get(name, ""))
    emit(doc, as_json, lambda d: drawing("rules")([d]))
