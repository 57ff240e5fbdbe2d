"""Admin commands: matches and players (the data commands are in `data`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from typer.core import TyperCommand

from gintally import report
from gintally.cli.base import book
from gintally.errors import GintallyError
from gintally.facade.typed import whole

if TYPE_CHECKING:
    from gintally.model import Match as MatchRecord
from gintally.cli.common import (
    HelpGroup,
    JsonOpt,
    app,
    complete_format,
    complete_match,
    complete_player,
    complete_preset,
    drawing,
    emit,
)

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
            autocompletion=complete_format,
        ),
    ] = "single",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            "-r",
            help="A rule preset (gintally rules lists them).",
            metavar="PRESET",
            autocompletion=complete_preset,
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
    from gintally.facade import money, work

    price_asked = money.asked(stake, currency, places, series_stake)  # checked before writing
    planned = work.plan(
        name, players, teams, format_, rules, set_ or [], games, rolling, season_start, dealer
    )
    with book() as opened:  # the match and its stake, or neither
        m, price = opened.make_match(planned, price_asked)
    doc = report.match_doc(m)
    if as_json:
        emit(doc if price is None else {**doc, "stake": report.stake_doc(price)}, True)
        return
    a, b = m.sides
    who = f"{a} vs {b}"
    if m.teams is not None:
        sweep = m.rules.team_sweep_bonus
        who += f" at {len(m.tables)} tables ({', '.join(_tables(m))}; sweep bonus {sweep})"
    played = f", at {report.stake_doc(price)['per_point']}" if price is not None else ""
    drawing("terminal.money_message")(
        f"Created match {m.name}: {who}, "
        f"{planned.fmt.describe()}, rules {planned.rules.preset}, games to {m.rules.target}"
        f"{played}. "
        "It is the current match.",
        price.currency if price is not None else "",
    )


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
    with book(write=True) as opened:  # the match read, then its stake written
        m = opened.match(name)  # the match first, then the date and places typed
        since = None if from_ is None else opened.day(from_, ahead=True)
        done = m.stake(
            amount,
            since=since,
            currency=currency,
            places=whole(places, "--places"),
            series=series_stake,
        )
    doc = done["stake"]
    if as_json:
        emit(done, True)
        return
    start = f" from {doc['since']}" if doc["since"] else ""
    said = f"Match {done['match']} is played at {doc['per_point']}{start}"
    if "covers" in done:
        said += f": it {done['covers']['text']}"
    elif "starts" in done:
        begins = done["starts"]
        said += f" {begins['text']}"
        playing = begins["under_way"]
        left = begins["finished"] + (len(playing["numbers"]) if playing is not None else 0)
        if left:
            said += f" (--from DATE prices {'it' if left == 1 else 'them'} too)"
    drawing("terminal.money_message")(said + ".", doc["currency"])


@match_app.command("list")
def match_list(as_json: JsonOpt = False) -> None:
    """Every match in the ledger; * marks the current one."""
    with book() as opened:
        doc = opened.matches()
    if as_json:
        emit(doc, True)
    else:
        drawing("tables.matches")(doc["matches"], doc["current"])


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
    with book() as opened:
        doc = opened.match(name).info()
    if "stakes" not in doc or as_json:  # not played for money: as it always was
        emit(doc, as_json, drawing("tables.match"))
        return
    stakes = doc.pop("stakes")
    del doc["stake"]
    drawing("tables.match")(doc)
    prices = [s["per_point"] + report.price_start(s) for s in stakes]
    played = f"Played at {', then '.join(prices)}."
    drawing("terminal.money_message")(played, stakes[-1]["currency"])


@match_app.command("use")
def match_use(
    name: Annotated[
        str,
        typer.Argument(
            help="The match to make current.", show_default=False, autocompletion=complete_match
        ),
    ],
    as_json: JsonOpt = False,
) -> None:
    """Make a match the current one (hand commands go to it)."""
    with book() as opened:
        m = opened.use_match(name)
        if as_json:
            emit(m.info(), True)
            return
    drawing("terminal.message")(f"The current match is now {m.name}.")


@match_app.command("rename")
def match_rename(
    old: Annotated[
        str,
        typer.Argument(help="The match's name.", show_default=False, autocompletion=complete_match),
    ],
    new: Annotated[str, typer.Argument(help="Its new name.", show_default=False)],
    as_json: JsonOpt = False,
) -> None:
    """Rename a match (its hands stay with it)."""
    with book() as opened:
        m = opened.rename_match(old, new)
        if as_json:
            emit(m.info(), True)
            return
    drawing("terminal.message")(f"Renamed match {old} to {m.name}.")


@match_app.command("delete")
def match_delete(
    name: Annotated[
        str,
        typer.Argument(help="The match.", show_default=False, autocompletion=complete_match),
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Delete a match with its hands, corrections, prices and payments (its players stay); a
    backup of the ledger is made first, beside it."""
    with book() as opened:
        m = opened.match(name)
        hands = m.hand_count()
        asked = f"Delete match {m.name} and its {hands} hand{'s' if hands != 1 else ''}?"
        if not yes and not _confirmed(asked):
            raise GintallyError(f"match {m.name!r} was not deleted: answer y, or give --yes")
        done = opened.delete_match(m.name)
    if as_json:
        emit(done, True)
        return
    kept = f" A backup of the ledger as it was: {done['backup']}." if done["backup"] else ""
    drawing("terminal.message")(f"Deleted match {done['deleted']}.{kept}", wrap=False)


@player_app.command("rename")
def player_rename(
    old: Annotated[
        str,
        typer.Argument(
            help="The player's name.", show_default=False, autocompletion=complete_player
        ),
    ],
    new: Annotated[str, typer.Argument(help="The new name.", show_default=False)],
    as_json: JsonOpt = False,
) -> None:
    """Rename a player everywhere; their record is never split."""
    with book() as opened:
        renamed = opened.rename_player(old, new)
    if as_json:
        emit({"player": renamed, "was": old}, True)
        return
    drawing("terminal.message")(f"Renamed {old} to {renamed}.")


@player_app.command("list")
def player_list(as_json: JsonOpt = False) -> None:
    """Every player in the ledger."""
    with book() as opened:
        names = opened.players()
    if as_json:
        emit({"players": names}, True)
    else:
        drawing("terminal.message")("\n".join(names) or "No players yet.")


def _tables(m: MatchRecord) -> list[str]:
    """A team match's tables as its confirmation names them."""
    return [m.table_name(t) for t in range(len(m.tables))]


def _confirmed(question: str) -> bool:
    """A yes to `question` on the terminal; no answer (end of input) is a no."""
    try:
        return typer.confirm(question, default=False)
    except typer.Abort:
        return False
