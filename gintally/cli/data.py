"""The data commands: hands out and in (`export`, `import`), another ledger brought in
(`merge`), `backup`, the settings (`config`), `check` and the `demo`."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from gintally import report, service
from gintally.cli.common import (
    JsonOpt,
    MatchOpt,
    app,
    db_path,
    drawing,
    emit,
    ledger,
    today,
)
from gintally.errors import GintallyError

if TYPE_CHECKING:
    from gintally.ledger import Ledger
    from gintally.model import HandRecord, Match


@app.command(rich_help_panel="Data")
def export(
    format_: Annotated[
        str, typer.Option("--format", "-f", help="csv or json.", metavar="FORMAT")
    ] = "csv",
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
) -> None:
    """Write a match's live hands as CSV or JSON (import reads both back)."""
    from gintally import transfer

    if format_.lower() not in ("csv", "json"):
        raise GintallyError(f"export writes csv or json, not {format_!r}")
    if excel and format_.lower() != "csv":
        raise GintallyError("--excel is for CSV: drop --format json")
    as_csv = format_.lower() == "csv"

    def write(out: TextIO) -> int:
        """The export, written as the hands stream from the ledger (one at a time)."""
        from gintally.ledger.hands import reader, record_of

        book.refuse_hidden(m)  # a damaged row SQLite can tell, before the first is written
        book.refuse_damaged(m)
        hands = book.stream_hand_values(m)
        read = reader(m)

        def record(token: Any) -> HandRecord:
            return record_of(token, read)

        if as_csv:
            return transfer.write_csv(m, hands, out, record, excel)
        paid = [transfer.payment_row(m, p) for p in book.payments([m.id])]
        back = [transfer.taken_back_row(m, *row) for row in book.payments_taken_back(m)]
        corrected = (transfer.corrected_row(m, *h) for h in book.histories(m))
        info: dict[str, Any] = {**report.match_doc(m)}
        stakes = [report.stake_doc(s) for s in book.stakes(m)]
        if stakes:  # as match show --json has them, each price with where it was first set
            made = book.stake_identities(m)
            prices = [
                {**d, "uid": u, "created_at": at} for d, (u, at) in zip(stakes, made, strict=True)
            ]
            info.update(stake=stakes[-1], stakes=prices)
        return transfer.write_json(m, info, hands, out, record, paid, corrected, back)

    with ledger(write=False) as book, book.snapshot():
        m = book.match(match)
        if output is None:
            write(sys.stdout)
            return
        if str(output) == transfer.STDIN:  # around the guarded writer on purpose: a stream
            as_stream(write)
            return
        from gintally.ledger import files

        count = 0

        def fill(tmp: Path) -> None:
            nonlocal count
            with tmp.open("x", encoding="utf-8", newline="") as f:
                count = write(f)

        files.write_whole(output, fill, force, "export", ledger=db_path())
    drawing("message")(f"Wrote {_hands(count)} of {m.name} to {output}.", wrap=False)


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
    from gintally import transfer
    from gintally.service.folding import ImportFold
    from gintally.transfer.corrected import Corrected
    from gintally.transfer.identities import Identities

    source = transfer.source_name(file)
    with ledger() as book, book.write():  # read and added under one lock (all or nothing)
        m = book.match(match)
        order = service.date_order(book)
        read = transfer.ImportStream(m, file, today(), order)
        known = Identities(m, book.versions_of, source, force, book.stored_versions)
        history = Corrected(m, book, known, source, today(), order)
        money = _Money(book, m, source)
        start = book.last_row()
        count, rows = 0, False
        folded: ImportFold | None = None  # the seasons its rows finish (`folding`)
        for key, items in read.sections():  # the file's parts in its order, read once
            if key == "hands":
                if book.last_row() == 0:  # a ledger without hands: every uid is new (and its
                    known.versions_of, known.stored_of = _nowhere, None  # index comes last)
                if folded is not None:  # a second list of hands: the first reader folds
                    folded.stop()
                else:
                    brought = bool(history.hands or history.corrections)
                    folded = ImportFold(book, m, history=brought)
                count = book.import_rows(
                    m, folded.rows(known.rows(items)), read.digest, source, force,
                    lambda: known.identified or bool(known.brought),
                )[0]  # fmt: skip
                rows = bool(count or known.here or known.conflicts)
            elif key == "corrected":
                for number, entry in items:
                    if rows:
                        raise GintallyError(
                            f'{source}: its "corrected" hands come after its "hands": an '
                            "import reads a hand's history before its row (gintally export "
                            'writes "corrected" first)'
                        )
                    history.bring(number, entry)
            elif key == "match":
                for _, described in items:
                    money.stakes(described)
            elif key in ("payments", "payments_taken_back"):
                for i, row in items:
                    money.pay(i, row, taken_back=key == "payments_taken_back")
        known.finish()
        if history.hands or history.corrections:
            book.place_hands(m)
        elif folded is not None:
            folded.keep()  # the last write of the import: its folds have seen every fact
        first, last = book.numbers_after(m, start)
    count += history.hands
    doc: dict[str, Any] = {
        "match": m.name,
        "imported": count,
        "already_here": known.here,
        "hands": [first] + ([last] if count > 1 else []) if count else [],
    }
    if history.corrections:
        doc["corrections"] = history.corrections
    if money.added:  # a file with payments (JSON): how many were new
        doc["payments"] = money.added
    if money.taken_back:
        doc["payments_taken_back"] = money.taken_back
    if as_json:
        emit(doc, True)
    else:
        more = [
            f"{n} {one if n == 1 else many}"
            for n, one, many in (
                (history.corrections, "correction", "corrections"),
                (money.added, "payment", "payments"),
                (money.taken_back, "payment taken back", "payments taken back"),
            )
            if n
        ]
        also = "".join(
            (" and " if k == len(more) - 1 else ", ") + text for k, text in enumerate(more)
        )
        here = (
            f" ({_hands(count + known.here)}: {count} new, {known.here} already here)"
            if known.here
            else ""
        )
        drawing("message")(f"Imported {_hands(count)}{also} into {m.name}{here}.")


def _nowhere(uid: str) -> None:
    """No hand has this uid (the ledger has none)."""
    return None


class _Money:
    """The money of an import file (a JSON export's), inside the import's write: the prices
    of its match that this one lacks, in its currency (an import never puts a match on
    money; a price from a day priced here too stands if it was set later, as in a merge; an
    export made before prices carried their uid adds only days not priced here), its payments
    and the payments it took back that the ledger lacks, by uid, each checked first."""

    def __init__(self, book: Ledger, m: Match, source: str) -> None:
        self.book, self.m, self.source = book, m, source
        self.added = 0  # payments added
        self.taken_back = 0  # payments taken back (added taken back, or taken back here)
        self._places: int | None = None

    def stakes(self, doc: Any) -> None:
        from gintally import transfer

        rows = doc.get("stakes")
        have = self.book.stakes(self.m)
        if not isinstance(rows, list) or not have:
            return
        uids = {u for u, _ in self.book.stake_identities(self.m)}
        prices = []
        for i, row in enumerate(rows, 1):
            try:
                prices.append((transfer.stake_from(row), transfer.stake_made(row)))
            except GintallyError as e:
                raise GintallyError(f"{self.source}: stake {i} of its match: {e}") from None
        # this match's own prices, on another device, when the two share one (the book they
        # both began from); another match's (a copy) add only a day not priced here
        ours = any(made is not None and made[0] in uids for _, made in prices)
        for stake, made in prices:
            old = have[-1]
            if (stake.currency, stake.places) != (old.currency, old.places):
                continue  # this match's own prices stand: another currency
            if stake in have or (made is not None and made[0] in uids):
                continue  # here already (as a merge finds a price: by what it states)
            if not ours and any(s.since == stake.since for s in have):
                continue  # not this match's prices, or an older export's: a day priced stands
            if not ours:
                made = None  # a price of its own here, set now
            self.book.add_stake(self.m, stake, made)  # of one day, the one set later stands
            have.append(stake)
            uids.add(made[0] if made else "")
        self._places = None

    def places(self) -> int:
        if self._places is None:
            stake = service.prices(self.book, self.m).latest
            if stake is None:
                raise GintallyError(
                    f"{self.source} holds payments, and match {self.m.name!r} has no stake: set "
                    f"one with gintally match stake {self.m.name} AMOUNT first"
                )
            self._places = stake.places
        return self._places

    def pay(self, i: int, row: Any, taken_back: bool = False) -> None:
        from gintally import transfer

        book = self.book
        if taken_back:
            p, reason, at = transfer.check_taken_back(self.m, self.places(), i, row)
        else:
            p = transfer.check_payment(self.m, self.places(), i, row)
        if not book.has_payment(p.uid):  # else imported before, or this ledger's own
            book.add_payment(self.m, p.payer, p.payee, p.amount, p.date, p.note, p.uid)
            self.added += not taken_back
        if taken_back and not book.taken_back(p.uid):
            book.bring_payment_void(p.uid, reason, at)
            self.taken_back += 1


@app.command(rich_help_panel="Data")
def merge(
    other: Annotated[
        Path, typer.Argument(help="Another gintally ledger (only read).", show_default=False)
    ],
    as_json: JsonOpt = False,
) -> None:
    """Bring in another ledger's matches, players, hands and corrections that this one lacks,
    by their identities, in one go: merging twice changes nothing, and two ledgers merged
    either way round end alike (their hands numbered in the order they were recorded). Facts
    the two ledgers disagree on are named, and then nothing is merged."""
    with ledger() as book:
        done = book.merge(other)
    new = {k: done.new.get(k, 0) for k in ("players", "matches", "hands", "corrections")}
    new.update(done.new)  # and the other fact tables' (payments)
    if as_json:
        emit(
            {
                "merged": str(other),
                "new": new,
                "already_here": done.here,
                "renumbered": done.renumbered,
            },
            True,
        )
        return
    added = [f"{n} {k[:-1] if n == 1 else k}" for k, n in new.items() if n]
    lines = [
        f"Merged {other} into {db_path()}: "
        + (", ".join(added) + " new" if added else "nothing new")
        + (f"; {_hands(done.here)} already here." if done.here else ".")
    ]
    if done.renumbered:
        lines.append(
            "Hands are numbered in the order they were recorded, so hands of "
            f"{', '.join(done.renumbered)} have new numbers (gintally hands shows them)."
        )
    drawing("message")("\n".join(lines), wrap=False)


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
) -> None:
    """Copy the ledger to PATH while it is in use (a consistent SQLite backup). The copy is
    made beside PATH and put in place whole: PATH is never a partial backup."""
    if str(path) == "-":
        raise GintallyError(
            "a backup is a SQLite file, never standard output: name the file (backup FILE)"
        )
    with ledger(write=False) as book:
        out = book.backup(path, force)
    drawing("message")(f"Backed up {db_path()} to {out}.", wrap=False)


@app.command(rich_help_panel="Data")
def config(
    key: Annotated[str | None, typer.Argument(help="A setting: date_order.")] = None,
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
    if unset and (key is None or value is not None):
        raise GintallyError("--unset takes the setting's name and no value: config KEY --unset")
    setting = service.setting_of(key) if key is not None else None
    changing = value is not None or unset
    with ledger(write=changing) as book:
        if setting is not None and changing:
            service.configure(book, setting.key, value)
        values = service.settings(book)
    shown = [s for s in service.SETTINGS.values() if setting is None or s is setting]
    if as_json:
        emit({s.key: values[s.key] for s in shown}, True)
        return
    lines = []
    for s in shown:
        now = values[s.key]
        if now is None:
            lines.append(f"{s.key} is not set: {s.unset}")
        else:
            lines.append(f"{s.key} = {now}: {s.values[now]}")
        if not changing:
            lines.append(f"  gintally config {s.key} {'|'.join(s.values)} sets it")
    drawing("message")("\n".join(lines))


@app.command(rich_help_panel="Data")
def check(as_json: JsonOpt = False) -> None:
    """Verify the ledger: SQLite integrity, foreign keys, every match's rules, every hand
    replayed. Lists every problem found; exit 1 if there is any."""
    path = db_path()
    problems = service.check(path)
    if as_json:
        emit(report.check_doc(str(path), problems), True)
    else:
        summary = (
            f"{len(problems)} problem(s) in {path}" if problems else f"{path}: no problems found"
        )
        drawing("check")([str(p) for p in problems], summary)
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
