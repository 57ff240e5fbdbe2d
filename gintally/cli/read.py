"""Read commands: show, hands, standings, eval, rules."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated

import typer

from gintally.cli.base import book
from gintally.cli.base import paged as paged  # the hand log's pager (and `views`')
from gintally.cli.common import (
    CsvOpt,
    JsonOpt,
    MatchOpt,
    YearOpt,
    app,
    as_file,
    complete_match,
    complete_preset,
    drawing,
    emit,
    one_of,
    sheet,
    whole,
)
from gintally.errors import GintallyError


@app.command(rich_help_panel="Read")
def show(
    match: MatchOpt = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Every game and set of the match, every season.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """The score sheet: open games with running scores, finished games and sets with their
    results, who deals next and the knock limit."""
    from gintally.cli import views

    views.show(match, all_, as_json)


@app.command(rich_help_panel="Read")
def hands(
    match: MatchOpt = None,
    year: YearOpt = None,
    last: Annotated[
        str | None, typer.Option("--last", "-n", help="Only the last N hands.", metavar="N")
    ] = None,
    all_: Annotated[
        bool,
        typer.Option("--all", help="Every season, and the voided hands too."),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """The hand log of the latest season, with each hand's number (for void and edit), date,
    dealer (in a team match: its round) and upcard. A long log goes through a pager on a
    terminal."""
    from gintally.facade import work

    wanted, count = work.log_limits(year, last)
    with book() as opened:
        found = opened.hand_log(match, wanted, count, all_)
        log, head, rows = found.log, found.head, found.rows
        if as_json:
            _json_stream(head, rows)
        else:
            from gintally.cli import process
            from gintally.cli.render.hands import hand_log

            # what stdout's encoding can show (asked once: a log may hold a million rows)
            fitted = rows if process.unicode_stdout() else (process.fit(row) for row in rows)
            paged(log.count + 2, hand_log(process.fit(head), fitted, _width(), log.width))


def _width() -> int:
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def _json_stream(head: Mapping[str, object], rows: Iterator[Mapping[str, object]]) -> None:
    """One JSON document, written a hand at a time: ``head``'s keys, then ``"hands"``."""
    from gintally import jsonout
    from gintally.cli import process

    jsonout.stream(process.data_write(), [*head.items(), ("hands", rows)])


@app.command(rich_help_panel="Read")
def standings(
    year: YearOpt = None, match: MatchOpt = None, as_json: JsonOpt = False, as_csv: CsvOpt = False
) -> None:
    """Games won, sets won, hands won, points, gins and undercuts per player per season, and
    the years won overall."""
    one_of(as_json, as_csv)
    wanted = whole(year, "--year")
    with book() as opened:
        doc = opened.standings(wanted, match)
    if as_csv:  # a row per player (or team) per season: every season, or the one of --year
        shown = [s for s in doc["seasons"] if wanted is None or s["season"] == doc["season"]]
        as_file(sheet([{"season": s["season"], **row} for s in shown for row in s["rows"]]))
        return
    emit(doc, as_json, drawing("season.standings"))


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
            "--rules",
            "-r",
            help="A rule preset (ace value, knock limit); default modern.",
            metavar="PRESET",
            autocompletion=complete_preset,
        ),
    ] = None,
    match: Annotated[
        str | None,
        typer.Option(
            "--match",
            "-m",
            help="Use this match's rules instead of a preset.",
            metavar="NAME",
            autocompletion=complete_match,
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
    from gintally.game.evaluation import evaluate
    from gintally.game.rules import resolve

    if match is not None and rules is not None:
        raise GintallyError("give --rules or --match, not both")
    if match is not None:
        with book() as opened:
            base = opened.match(match).record().rules
    else:
        base = resolve(rules or "modern")
    doc = report.eval_doc(evaluate(" ".join(cards), base.with_overrides(set_ or []), upcard))
    emit(doc, as_json, drawing("tables.evaluation"))


@app.command("rules", rich_help_panel="Cards")
def rules_(
    preset: Annotated[
        str | None,
        typer.Argument(
            help="A preset to show in full (default: all of them side by side).",
            autocompletion=complete_preset,
        ),
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
        emit({"presets": docs} if as_json else docs, as_json, drawing("tables.rules"))
        return
    chosen = find_preset(preset or "modern").with_overrides(set_ or [])
    name = chosen.preset
    doc = report.rules_doc(chosen, PRESET_NOTES.get(name, ""), PRESET_SOURCES.get(name, ""))
    emit(doc, as_json, lambda d: drawing("tables.rules")([d]))
