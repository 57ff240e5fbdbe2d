"""The data commands: hands out and in (`export`, `import`), another ledger brought in
(`merge`), `backup`, the settings (`config`), `check` and the `demo`."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal, TextIO

import typer

from gintally.cli.base import book
from gintally.cli.common import (
    JsonOpt,
    MatchOpt,
    app,
    complete_export_format,
    complete_setting,
    db_path,
    drawing,
    emit,
    today,
)
from gintally.errors import GintallyError

STDIO = "-"  # standard input for import, standard output for export --output


@app.command(rich_help_panel="Data")
def export(
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="csv or json (default: json for an --output FILE ending .json, else csv).",
            metavar="FORMAT",
            autocompletion=complete_export_format,
        ),
    ] = None,
    match: MatchOpt = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write to this file instead of the screen (- is standard output).",
            metavar="FILE",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace --output if it exists.")] = False,
    excel: Annotated[
        bool,
        typer.Option(
            "--excel",
            help="CSV for a spreadsheet: a byte order mark, and a cell that would start a "
            "formula (=, +, -, @) kept as text. Not for import: the plain CSV is exact.",
        ),
    ] = False,
    sep: Annotated[
        str,
        typer.Option(
            "--sep",
            help="The CSV's delimiter: , (default), ; (a spreadsheet where the decimal mark is "
            "a comma, as in most of Europe) or a tab. import reads all three.",
            metavar="CHAR",
        ),
    ] = ",",
    as_json: Annotated[
        bool, typer.Option("--json", help="Say what was written (with --output) as JSON.")
    ] = False,
) -> None:
    """Write a match's live hands as CSV or JSON (import reads both back)."""
    from gintally.facade import exchange

    sep = "\t" if sep in ("tab", "\\t") else sep
    if format_ is None:  # the file's own name says which, as import reads it
        named_json = output is not None and output.suffix.lower() == ".json"
        format_ = "json" if named_json else "csv"
    csv_ = exchange.export_format(format_, excel, sep)
    kind: Literal["csv", "json"] = "csv" if csv_ else "json"
    streamed = output is None or str(output) == STDIO
    if as_json and streamed:
        raise GintallyError(
            "--json says what export wrote to a file: give --output FILE (the export itself "
            "is on standard output otherwise)"
        )
    with book() as opened:
        if output is None or streamed:  # a stream, not the guarded writer
            as_stream(
                lambda out: opened.export(match, out, format=kind, excel=excel, sep=sep)["hands"]
            )
            return
        done = opened.export(match, output, format=kind, excel=excel, force=force, sep=sep)
    if as_json:
        emit(done, True)
        return
    voided = done.get("voided", 0)
    also = f", plus {voided} voided," if voided and kind == "json" else ""
    left = ""
    if kind == "csv":  # what a CSV leaves out: the voided hands, the prices and payments
        from gintally import report

        counts = [
            (voided, "voided"),
            (done.get("prices", 0), "price"),
            (done.get("payments", 0), "payment"),
        ]
        out = [f"{n} {w if n == 1 or w == 'voided' else w + 's'}" for n, w in counts if n]
        if out:
            why = "a CSV holds the hands as they stand"
            if len(out) > bool(voided):  # prices or payments: JSON carries them
                why += f"; a JSON export carries {'the rest' if voided else 'them'}"
            left = f" (not its {report.spoken(out)}: {why})"
    drawing("terminal.message")(
        f"Wrote {_hands(done['hands'])}{also} of {done['match']} to {output}{left}.", wrap=False
    )


@app.command("import", rich_help_panel="Data")
def import_(
    file: Annotated[
        Path,
        typer.Argument(
            help="A CSV or JSON file of hands (- is standard input).", show_default=False
        ),
    ],
    match: MatchOpt = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Import the hands even if they are already in the match."),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Add hands from CSV (date,kind,winner,points[,knocker,...]) or JSON: all or nothing.
    Rows whose hands are already here (by their uid) are skipped, and a row whose hand is here
    with other facts is refused. A file without uids whose hands are already in the match
    (imported before, or an export of this match) is refused; --force imports it anyway. A
    spreadsheet's CSV is read as it is saved (the delimiter , ; or tab, the header's usual
    names); without a kind column each row is a plain result (date, winner, points)."""
    with book() as opened:
        doc = opened.import_(file, match, force=force)
    if as_json:
        emit(doc, True)
        return
    count, here = doc["imported"], doc["already_here"]
    more = [
        f"{n} {one if n == 1 else many}"
        for n, one, many in (
            (doc.get("corrections", 0), "correction", "corrections"),
            (doc.get("payments", 0), "payment", "payments"),
            (doc.get("payments_taken_back", 0), "payment taken back", "payments taken back"),
        )
        if n
    ]
    also = "".join((" and " if k == len(more) - 1 else ", ") + text for k, text in enumerate(more))
    voided = doc.get("voided", 0)
    new = count + voided
    said = f" ({_hands(new + here)}: {new} new, {here} already here)" if here else ""
    if voided and not count:
        brought = f"{voided} voided {'hand' if voided == 1 else 'hands'}"
    else:
        brought = _hands(count) + (f", plus {voided} voided," if voided else "")
    lines = [f"Imported {brought}{also} into {doc['match']}{said}."]
    elsewhere = doc.get("payments_elsewhere", 0)
    if elsewhere:
        lines.append(
            f"{elsewhere} {'payment' if elsewhere == 1 else 'payments'} of the file left out: "
            "here already, in another match."
        )
    moved = doc.get("renumbered")
    if moved:
        lines.append(
            f"{_hands(moved['hands'])} took other numbers here than in the file: its hand "
            f"{moved['file']} is hand {moved['here']} here (gintally hands shows them)."
        )
    drawing("terminal.message")("\n".join(lines))


# What a merge brings, by its kind (as `Book.merge` counts them), one and many.
NOUNS = {
    "players": ("player", "players"),
    "matches": ("match", "matches"),
    "hands": ("hand", "hands"),
    "corrections": ("correction", "corrections"),
    "payments": ("payment", "payments"),
    "payment_voids": ("payment taken back", "payments taken back"),
    "stakes": ("price", "prices"),
    "stake_voids": ("price taken back", "prices taken back"),
}


@app.command(rich_help_panel="Data")
def merge(
    other: Annotated[
        Path, typer.Argument(help="Another gintally ledger (only read).", show_default=False)
    ],
    same_match: Annotated[
        str | None,
        typer.Option(
            "--same-match",
            help="A match begun apart on each device (same name and players) that is one book.",
            metavar="NAME",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Bring in another ledger's matches, players, hands and corrections that this one lacks,
    by their identities, in one go: merging twice changes nothing, and two ledgers merged
    either way round end alike (their hands numbered in the order they were recorded). Facts
    the two ledgers disagree on are named, and then nothing is merged."""
    with book() as opened:
        done = opened.merge(other, same_match=same_match)
    if as_json:
        emit(done, True)
        return
    new, here, renumbered = done["new"], done["already_here"], done["renumbered"]
    added = [f"{n} {NOUNS.get(k, (k, k))[n != 1]}" for k, n in new.items() if n]
    lines = [
        f"Merged {other} into {db_path()}: "
        + (", ".join(added) + " new" if added else "nothing new")
        + (f"; {_hands(here)} already here." if here else ".")
    ]
    if renumbered:
        lines.append(
            "Hands are numbered in the order they were recorded, so hands of "
            f"{', '.join(renumbered)} have new numbers (gintally hands shows them)."
        )
    drawing("terminal.message")("\n".join(lines), wrap=False)


def as_stream(write: Callable[[TextIO], int]) -> None:
    """What `write` writes, on standard output as a file would hold it (UTF-8 whatever the
    terminal's encoding, line ends as written), as it is written."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        write(sys.stdout)
        return
    sys.stdout.flush()
    out = io.TextIOWrapper(buffer, encoding="utf-8", errors="replace", newline="")
    try:
        write(out)
    finally:
        out.flush()
        out.detach()


def _hands(n: int) -> str:
    return f"{n} hand" if n == 1 else f"{n} hands"


@app.command(rich_help_panel="Data")
def backup(
    path: Annotated[Path, typer.Argument(help="The new backup file.", show_default=False)],
    force: Annotated[bool, typer.Option("--force", help="Replace PATH if it exists.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Copy the ledger to PATH while it is in use (a consistent SQLite backup). The copy is
    made beside PATH and put in place whole: PATH is never a partial backup."""
    if str(path) == "-":
        raise GintallyError(
            "a backup is a SQLite file, never standard output: name the file (backup FILE)"
        )
    with book() as opened:
        out = opened.backup(path, force=force)
    if as_json:
        emit({"ledger": str(db_path()), "backup": str(out)}, True)
        return
    drawing("terminal.message")(f"Backed up {db_path()} to {out}.", wrap=False)


@app.command(rich_help_panel="Data")
def config(
    key: Annotated[
        str | None,
        typer.Argument(help="A setting: date_order.", autocompletion=complete_setting),
    ] = None,
    value: Annotated[
        str | None, typer.Argument(help="Its new value (date_order: dmy, mdy or ymd).")
    ] = None,
    unset: Annotated[
        bool, typer.Option("--unset", help="Forget the setting (back to its default).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """The ledger's settings: list them, show one (KEY), or set one (KEY VALUE).

    date_order says how a numeric date that reads two ways is read: dmy (05.03.1998 is 5 March),
    mdy (03/05/1998 is 5 March) or ymd (98-03-05). Until it is set such a date is refused.
    """
    from gintally.facade import work

    setting = work.setting(key, value, unset)  # checked before the ledger is opened
    changing = value is not None or unset
    with book() as opened:
        found = opened.setting_values(setting, value, unset)
    if as_json:
        emit(found.doc, True)
        return
    values, shown = found.doc, found.shown
    lines = []
    for s in shown:
        now = values[s.key]
        if now is None:
            lines.append(f"{s.key} is not set: {s.unset}")
        else:
            lines.append(f"{s.key} = {now}: {s.values[now]}")
        if not changing:
            lines.append(f"  gintally config {s.key} {'|'.join(s.values)} sets it")
    drawing("terminal.message")("\n".join(lines))


@app.command(rich_help_panel="Data")
def check(
    as_json: JsonOpt = False,
    repair: Annotated[
        bool,
        typer.Option(
            "--repair",
            help="Put back the guards and cache triggers another tool dropped.",
        ),
    ] = False,
) -> None:
    """Verify the ledger: SQLite integrity, foreign keys, every match's rules, every hand
    replayed, every cache compared with a fresh replay. Lists every problem found; exit 1 if
    there is any."""
    with book() as opened:
        doc = opened.check(repair=repair)
    problems = doc["problems"]
    if as_json:
        emit(doc, True)
    else:
        summary = (
            f"{len(problems)} problem(s) in {doc['ledger']}"
            if problems
            else f"{doc['ledger']}: no problems found"
        )
        drawing("tables.check")(problems, summary)
    if problems:
        raise typer.Exit(1)


@app.command(rich_help_panel="Data")
def demo(
    keep: Annotated[
        Path | None,
        typer.Option(
            "--keep",
            help="Save the demo ledger here to explore it (--db FILE show ...).",
            metavar="FILE",
        ),
    ] = None,
) -> None:
    """Replay a sample season and a Hollywood evening (from data/) in a temporary ledger and
    show the scores and standings. Your own ledger is never touched."""
    from gintally.cli import demo as sample

    sample.run(keep, today())
