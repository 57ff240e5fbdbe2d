"""Admin commands: matches and players, data in and out, backup, check and the demo."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer
from typer.core import TyperCommand

from gintally import report, service
from gintally.cli.common import (
    HelpGroup,
    JsonOpt,
    MatchOpt,
    app,
    complete_match,
    complete_player,
    db_path,
    drawing,
    emit,
    ledger,
    today,
    whole,
)
from gintally.errors import GintallyError

if TYPE_CHECKING:
    from datetime import date

    from gintally.ledger import Ledger
    from gintally.model import HandRecord, Match

match_app = typer.Typer(
    cls=HelpGroup, help="Create, list, show, choose and rename matches.", no_args_is_help=True
)
player_app = typer.Typer(cls=HelpGroup, help="List and rename players.", no_args_is_help=True)
app.add_typer(match_app, name="match", rich_help_panel="Matches and players")
app.add_typer(player_app, name="player", rich_help_panel="Matches and players")


class OneOrTwoPlayers(TyperCommand):
    """`match new`'s --players takes two names (``--players Ann Bob``), or one for a solitaire
    (``--players Ann --rules gimlet``). Click options take a fixed number of values, so the
    names after --players are read here: the first always, the second unless it is an option;
    each then reaches Typer as its own ``--players NAME``."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        out: list[str] = []
        rest = iter(args)
        for arg in rest:
            out.append(arg)
            if arg == "--":
                out += list(rest)
                break
            if arg in ("--players", "-p"):
                first = next(rest, None)
                if first is None:
                    break
                out.append(first)
                second = next(rest, None)
                if second is not None and not second.startswith("-"):
                    out += [arg, second]
                elif second is not None:
                    out.append(second)
        return list(super().parse_args(ctx, out))


StakeOpt = Annotated[
    str | None,
    typer.Option(
        "--stake", help="Play for money: the price of a point, e.g. 0.05.", metavar="AMOUNT"
    ),
]
CurrencyOpt = Annotated[
    str | None,
    typer.Option(
        "--currency", help="The stake's currency, a symbol or code ($, EUR).", metavar="SYMBOL"
    ),
]
PlacesOpt = Annotated[
    str | None,
    typer.Option("--places", help="The currency's decimal places (default 2).", metavar="N"),
]
SeriesStakeOpt = Annotated[
    str | None,
    typer.Option(
        "--series-stake",
        help="With a series (series_target, best_of): what the loser of a series pays, flat.",
        metavar="AMOUNT",
    ),
]


@match_app.command("new", cls=OneOrTwoPlayers)
def match_new(
    name: Annotated[str, typer.Argument(help="A name for the match.", show_default=False)],
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--players",
            "-p",
            help="The two players (one for Gimlet solitaire, who plays the phantom).",
            metavar="A B",
            show_default=False,
        ),
    ] = None,
    teams: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--teams",
            "-t",
            help='Partnership play: two teams of 2-4, "Ann,Cy" "Bob,Di" (the i-th players face '
            'each other); "Reds=Ann,Cy" names a team.',
            metavar="TEAM TEAM",
            show_default=False,
        ),
    ] = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="single, hollywood, honeymoon or ad-infinitum.",
            metavar="FORMAT",
        ),
    ] = "single",
    rules: Annotated[
        str,
        typer.Option(
            "--rules", "-r", help="A rule preset (gintally rules lists them).", metavar="PRESET"
        ),
    ] = "modern",
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set", help="Override a rule: KEY=VALUE (repeat as needed).", metavar="KEY=VALUE"
        ),
    ] = None,
    games: Annotated[
        str | None,
        typer.Option(
            "--games", help="Games at once, for hollywood and honeymoon (default 3).", metavar="N"
        ),
    ] = None,
    rolling: Annotated[
        bool, typer.Option("--rolling", help="Hollywood: open a new game whenever one closes.")
    ] = False,
    season_start: Annotated[
        str | None,
        typer.Option(
            "--season-start",
            help="First day of each season, MM-DD (default 01-01).",
            metavar="MM-DD",
        ),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            help="Who deals the first hand.",
            metavar="PLAYER",
            autocompletion=complete_player,
        ),
    ] = None,
    stake: StakeOpt = None,
    currency: CurrencyOpt = None,
    places: PlacesOpt = None,
    series_stake: SeriesStakeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a match between two players (or two teams); it becomes the current match."""
    from gintally.facade import work

    if stake is None and (currency, places, series_stake) != (None, None, None):
        raise GintallyError("--currency, --places and --series-stake go with --stake AMOUNT")
    kept = whole(places, "--places")
    if stake is not None:  # checked before anything is written
        _check_stake(stake, currency, kept, series_stake)
    planned = work.plan(name, players, teams, format_, rules, set_ or [], games, rolling,
                        season_start, dealer)  # fmt: skip
    with ledger(create=True) as book, book.write():  # the match and its stake, or neither
        m = work.new_match(book, planned)
        price = (
            service.set_stake(book, m, stake, currency, kept, None, series_stake)
            if stake is not None
            else None
        )
    doc = report.match_doc(m)
    if as_json:
        emit(doc if price is None else {**doc, "stake": report.stake_doc(price)}, True)
        return
    a, b = m.sides
    who = f"{a} vs {b}"
    if m.teams is not None:
        sweep = m.rules.team_sweep_bonus
        who += (
            f" at {len(m.tables)} tables ({', '.join(service.table_names(m))}; sweep bonus {sweep})"
        )
    played = f", at {report.stake_doc(price)['per_point']}" if price is not None else ""
    drawing("message")(
        f"Created match {m.name}: {who}, "
        f"{planned.fmt.describe()}, rules {planned.rules.preset}, games to {m.rules.target}"
        f"{played}. "
        "It is the current match."
    )


def _check_stake(amount: str, currency: str | None, places: int | None, series: str | None) -> None:
    """A stake's values, checked before the match is written."""
    from gintally.engine.stakes import check_currency, check_places, parse_amount

    parse_amount(amount, "the stake")
    if currency is not None:
        check_currency(currency)
    if places is not None:
        check_places(places)
    if series is not None:
        parse_amount(series, "the series stake")


def _from_day(text: str, book: Ledger) -> date:
    """The day a price starts: as a hand's date is read, or an ISO date in the future too (a
    price may be agreed for next month)."""
    from datetime import date

    from gintally.cli.common import when

    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        return when(text, book)
    if not 1900 <= day.year <= 2999:
        raise GintallyError(f"the date {text!r} is out of range (1900 to 2999)")
    return day


@match_app.command("stake")
def match_stake(
    name: Annotated[str, typer.Argument(help="The match.", show_default=False)],
    amount: Annotated[
        str, typer.Argument(help="The new price of a point, e.g. 0.10.", show_default=False)
    ],
    from_: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="The day the price starts (games closed before keep the old one).",
            metavar="DATE",
        ),
    ] = None,
    currency: CurrencyOpt = None,
    places: PlacesOpt = None,
    series_stake: SeriesStakeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Set a match's stake, or change it from a date on (--from)."""
    with ledger() as book, book.write():
        m = book.match(name)
        since = _from_day(from_, book) if from_ is not None else None
        kept = whole(places, "--places")
        price = service.set_stake(book, m, amount, currency, kept, since, series_stake)
    doc = report.stake_doc(price)
    if as_json:
        emit({"match": m.name, "stake": doc}, True)
        return
    start = f" from {doc['since']}" if doc["since"] else ""
    drawing("message")(f"Match {m.name} is played at {doc['per_point']}{start}.")


@match_app.command("list")
def match_list(as_json: JsonOpt = False) -> None:
    """Every match in the ledger; * marks the current one."""
    from gintally.facade import work

    with ledger(write=False) as book:
        doc = work.matches(book)
    if as_json:
        emit(doc, True)
    else:
        drawing("matches")(doc["matches"], doc["current"])


@match_app.command("show")
def match_show(
    name: Annotated[
        str | None,
        typer.Argument(help="The match (default: current).", autocompletion=complete_match),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """A match's players, format and every rule value, and its stakes if it is played for
    money."""
    with ledger(write=False) as book:
        m = book.match(name)
        doc = report.match_doc(m)
        stakes = [report.stake_doc(s) for s in book.stakes(m)]
    if not stakes:  # not played for money: as it always was
        emit(doc, as_json, drawing("match"))
        return
    if as_json:
        emit({**doc, "stake": stakes[-1], "stakes": stakes}, True)
        return
    drawing("match")(doc)
    prices = [s["per_point"] + (f" from {s['since']}" if s["since"] else "") for s in stakes]
    drawing("message")(f"Played at {', then '.join(prices)}.")


@match_app.command("use")
def match_use(
    name: Annotated[
        str,
        typer.Argument(
            help="The match to make current.", show_default=False, autocompletion=complete_match
        ),
    ],
) -> None:
    """Make a match the current one (hand commands go to it)."""
    with ledger() as book:
        m = book.use_match(name)
    drawing("message")(f"The current match is now {m.name}.")


@match_app.command("rename")
def match_rename(
    old: Annotated[
        str,
        typer.Argument(help="The match's name.", show_default=False, autocompletion=complete_match),
    ],
    new: Annotated[str, typer.Argument(help="Its new name.", show_default=False)],
) -> None:
    """Rename a match (its hands stay with it)."""
    with ledger() as book:
        m = book.rename_match(old, new)
    drawing("message")(f"Renamed match {old} to {m.name}.")


@player_app.command("rename")
def player_rename(
    old: Annotated[
        str,
        typer.Argument(
            help="The player's name.", show_default=False, autocompletion=complete_player
        ),
    ],
    new: Annotated[str, typer.Argument(help="The new name.", show_default=False)],
) -> None:
    """Rename a player everywhere; their record is never split."""
    with ledger() as book:
        p = service.rename_player(book, old, new)
    drawing("message")(f"Renamed {old} to {p.name}.")


@player_app.command("list")
def player_list(as_json: JsonOpt = False) -> None:
    """Every player in the ledger."""
    with ledger(write=False) as book:
        names = [p.name for p in book.players()]
    if as_json:
        emit({"players": names}, True)
    else:
        drawing("message")("\n".join(names) or "No players yet.")


# --- data in and out ------------------------------------------------------------------------------


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
        return transfer.write_json(m, report.match_doc(m), hands, out, record, paid)

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
    from gintally.transfer.identities import Identities

    with ledger() as book, book.write():  # read and added under one lock (all or nothing)
        m = book.match(match)
        read = transfer.ImportStream(m, file, today(), service.date_order(book))
        known = Identities(m, book.versions_of, transfer.source_name(file), force)
        count, first, last = book.import_rows(
            m,
            known.rows(read.rows),
            read.digest,
            transfer.source_name(file),
            force,
            lambda: known.identified,
        )
        paid = _import_payments(book, m, file)
    doc = {
        "match": m.name,
        "imported": count,
        "already_here": known.here,
        "hands": [first] + ([last] if count > 1 else []) if count else [],
    }
    if paid:  # a file with payments (JSON): how many were new
        doc["payments"] = paid
    if as_json:
        emit(doc, True)
    else:
        more = f" and {paid} payment{'s' if paid > 1 else ''}" if paid else ""
        here = (
            f" ({_hands(count + known.here)}: {count} new, {known.here} already here)"
            if known.here
            else ""
        )
        drawing("message")(f"Imported {_hands(count)}{more} into {m.name}{here}.")


def _import_payments(book: Ledger, m: Match, file: Path) -> int:
    """The payments of an import file (a JSON export's ``payments``) that the ledger lacks, by
    uid, each checked first; inside the import's write, so a bad one imports nothing."""
    from gintally import transfer

    rows = list(transfer.read_payments(file))
    if not rows:
        return 0
    stake = service.prices(book, m).latest
    if stake is None:
        raise GintallyError(
            f"{file.name} holds payments, and match {m.name!r} has no stake: set one with "
            f"gintally match stake {m.name} AMOUNT first"
        )
    checked = [transfer.check_payment(m, stake.places, i, row) for i, row in rows]
    added = 0
    for p in checked:
        if book.has_payment(p.uid):
            continue  # imported before, or this ledger's own
        book.add_payment(m, p.payer, p.payee, p.amount, p.date, p.note, p.uid)
        added += 1
    return added


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
