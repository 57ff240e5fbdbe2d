"""The score sheet (`show`): what a match looks like now, as players keep it on paper.

A column pair per game, each hand's new running total under its winner, then the end-of-game
bonuses, totals and net of closed games and what each player needs in open ones. Above it the
finished games or sets; below it the set or series in play, the next dealer and the knock
limit. An ad-infinitum season shows its tally and its open games instead; a team match shows
the teams' games, the round in progress and the last rounds table by table.

Terminology:
- *sheet games*: the games drawn as a score sheet: the current game (single), the current set,
  or the open games of a rolling Hollywood; none for ad-infinitum.
- *labels*: short column heads for two players whose names do not fit the terminal (their
  initials, or as many first letters as tell them apart), with a legend.
- *legend*: dim lines under the match's heading that say who a label or a team is.
- *team label*: a team's short column label: its name when short, else its members' initials
  ("A&C"), else "Team 1" and "Team 2".
- *compact*: games one to a line, with their totals and who won (or what each player needs).
- *grid*: many games at a glance, ``#331 465-290`` cells, several to a row (an ad-infinitum
  season's open games).
- *sets table*: finished sets one to a line, with their games and results.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gintally.cli.render import terminal
from gintally.cli.render.terminal import (
    NAME_ROOM,
    group,
    kit,
    message,
    money_message,
    short,
    width,
)
from gintally.engine.formats import format_class
from gintally.report import (
    letters,
    season_line,
    series_line,
    set_line,
    short_labels,
    stake_line,
    table_line,
)

if TYPE_CHECKING:
    from rich.console import Group, RenderableType
    from rich.table import Table
    from rich.text import Text

    from gintally.report import GameDoc, Pair, SetDoc, ShowDoc, TeamDoc


def _sheet_games(doc: ShowDoc) -> list[GameDoc]:
    """The games drawn as a score sheet: the current game (single), the current set, or the
    open games of a rolling Hollywood; none for ad-infinitum, which shows a grid."""
    games = doc["games"]
    kind = format_class(doc["format"])
    if not games or kind.seasonal:
        return []
    if not kind.in_sets:
        return games[-1:]
    if doc["rolling"]:
        return [g for g in games if g["status"] == "open"] or games[-(doc["format_games"] or 1) :]
    return [g for g in games if g["set"] == games[-1]["set"]]


def show(doc: ShowDoc) -> Group:
    """The score sheet: the match's heading, the tables and lines under it."""
    pieces: list[RenderableType] = []
    _show(doc, pieces)
    return group(pieces)


def _show(doc: ShowDoc, pieces: list[RenderableType], legend: list[str] | None = None) -> None:
    if doc.get("teams"):
        _team_show(doc, pieces)
        return
    _, _, Text = kit()
    draw = pieces.append
    a, b = doc["players"]
    kind = format_class(doc["format"])
    draw(Text(f"{doc['match']}: {a} vs {b}", style="bold"))
    about = doc["format"]
    if kind.in_sets:
        many = "" if doc["format_games"] == 1 else "s"
        rolling = ", rolling" if doc["rolling"] else ""
        about += f" ({doc['format_games']} game{many}{rolling})"
    about += f", rules {doc['preset']}, target {doc['target']}"
    if doc.get("season"):
        about += f", season {doc['season']}"
    draw(Text(about, style="dim"))
    for line in legend or []:
        draw(Text(line, style="dim"))
    if not doc["games"]:
        draw(message("No games yet: record a hand (gintally knock, gin, score ...)."))
    elif doc.get("all"):
        draw(_show_all(doc))
    elif kind.seasonal:
        _show_season(doc, pieces)
    else:
        sheet_games = _sheet_games(doc)
        shown = {g["number"] for g in sheet_games}
        current = sheet_games[-1]["set"] if kind.in_sets and sheet_games else None
        past_sets = [x for x in doc.get("sets", []) if x["number"] != current]
        if kind.in_sets and past_sets and not doc["rolling"]:
            draw(sets_table(past_sets, "Finished sets"))
        else:
            earlier = [
                g for g in doc["games"] if g["number"] not in shown and g["status"] != "open"
            ]
            if earlier:
                draw(compact(earlier[-8:], "Finished games", a, b))
        if sheet_games:
            _sheet(doc, sheet_games, a, b, pieces)
        now = next((x for x in doc.get("sets", []) if x["number"] == current), None)
        if now is not None and doc["rolling"]:
            draw(Text(set_line(now, rolling=True)))
        elif now is not None and now["status"] == "won":
            draw(
                Text(f"Set {now['number']} is over: {now['result']}. ", style="bold")
                + Text(f"The next hand starts set {now['number'] + 1}.")
            )
        elif now is not None:
            draw(Text(set_line(now, rolling=False)))
    if doc["series"] is not None:
        draw(Text(series_line(doc["series"], a, b, "teams" in doc), style="bold"))
    money, stake = stake_line(doc), doc.get("stake")
    if money is not None and stake is not None:  # played for money
        draw(money_message(money, stake["currency"]))
    draw(Text(table_line(doc), style="dim"))


def _team_show(doc: ShowDoc, pieces: list[RenderableType]) -> None:
    """A team match's sheet: the teams' games (as for two players, the teams as columns), the
    round in progress and the last rounds table by table."""
    from gintally.cli.render.hands import round_result, table_result  # a team match's words

    box, Table, Text = kit()
    teams = doc.get("teams", [])
    labels = team_labels(doc["players"], teams)
    legend = []
    for team in teams:
        label = labels[team["name"]]
        who = team["name"] if label == team["name"] else f"{label} = {team['name']}"
        if team["name"] != " & ".join(team["players"]):
            who += f" ({', '.join(team['players'])})"
        legend.append(who)
    tables = doc.get("tables", [])
    labelled: ShowDoc = relabel(doc, labels)
    labelled["teams"] = []  # drawn once, as a two-sided match
    lines = [f"Team {who}" for who in legend]
    tables_line = _packed("Tables:", [f"{n} {t}" for n, t in enumerate(tables, 1)])
    _show(labelled, pieces, [*lines, *tables_line])
    rounds = labelled.get("rounds") or []  # the round results name the teams by their labels
    if rounds:
        table = Table(box=box.SIMPLE_HEAD, title="Last rounds", title_justify="left")
        table.add_column("round", justify="right")
        table.add_column("hand", justify="right")
        table.add_column("table", justify="right")  # its number: the Tables line names it
        table.add_column("result", no_wrap=True)
        table.add_column("round result")
        for r in rounds:
            for i, t in enumerate(r["tables"]):
                table.add_row(
                    str(r["number"]) if i == 0 else "",
                    str(t["hand"]),
                    str(t["table"]),
                    table_result(t, numbered=False),
                    round_result(r) if i == 0 else "",
                )
            table.add_section()
        pieces.append(table)
    waiting = doc.get("round")
    if waiting is not None:
        lines = [f"Round {waiting['number']} in progress:"]
        for t in waiting["tables"]:
            lines.append(f"  {' v '.join(t['players'])}: {table_result(t)}")
        pieces.append(Text("\n".join(lines)))
    elif teams:
        pieces.append(
            Text(f"Round {1 + (rounds[-1]['number'] if rounds else 0)} starts at every table.")
        )


def _packed(head: str, items: list[str]) -> list[str]:
    """``head`` and the items, comma-separated, in lines that fit the terminal and never break
    an item ("Tables: 1 Ann v Bob, 2 Cy v Di")."""
    room = width()
    lines = [head]
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > room and lines[-1].strip():
            lines.append(" " * len(head))
        lines[-1] = lines[-1] + " " + piece if lines[-1].strip() else lines[-1] + piece
    return lines if items else []


def _show_season(doc: ShowDoc, pieces: list[RenderableType]) -> None:
    """An ad-infinitum season: the tally, the open games (or, once the season is over, every
    game it left unfinished), the latest finished games."""
    draw = pieces.append
    a, b = doc["players"]
    draw(_season_tally(doc))
    if doc.get("season_over"):
        left = [g for g in doc["games"] if g["status"] == "unfinished"]
        many = "" if len(left) == 1 else "s"
        title = f"Season {doc['season']} is over; {len(left)} unfinished game{many}"
        draw(grid(left, a, b, title) if len(left) > 6 else compact(left, title, a, b))
    else:
        open_games = [g for g in doc["games"] if g["status"] == "open"]
        if len(open_games) > 6:
            draw(grid(open_games, a, b, f"{len(open_games)} open games"))
        elif open_games:
            draw(compact(open_games, "Open games", a, b))
    finished = [g for g in doc["games"] if g["status"] == "won"]
    if finished:
        draw(compact(finished[-8:], "Latest finished games", a, b))


def _show_all(doc: ShowDoc) -> Text:
    """``show --all`` of a match replayed whole (a team match): every game and set as plain
    lines (`listing.game_lines`), as a two-player match's are streamed; never cut."""
    from gintally.cli.render.listing import folded, game_lines, interleaved

    _, _, Text = kit()
    digits = len(str(max((g["number"] for g in doc["games"]), default=0)))
    lines = "\n".join(folded(game_lines(doc, interleaved(doc), digits), width()))
    return Text(lines, no_wrap=True, overflow="ignore")


def _season_tally(doc: ShowDoc) -> Text:
    _, _, Text = kit()
    return Text(season_line(doc), style="bold")


def _sheet(
    doc: ShowDoc, games: list[GameDoc], a: str, b: str, pieces: list[RenderableType]
) -> None:
    """The paper score sheet: a column pair per game, running totals under each hand's winner.
    Each column is headed by its game and player; when the players' names do not fit the
    terminal, their initials head the columns and a legend says whose they are."""
    _, _, Text = kit()
    widest = max(
        len(str(v)) for g in games for pair in (g["total"], g["points"]) for v in pair.values()
    )
    room = width()

    def needed(la: str, lb: str, count: int) -> int:
        """The width of a table of `count` games as Rich lays it out: the label column, the
        two edges, and each column's text (李 takes two columns) with its padding (2) and
        separator (1)."""
        label = max(len("shutout"), len(str(max((r["hand"] for r in doc["sheet"]), default=0))))
        return label + 2 + sum(max(terminal.cells(x), widest, 4) + 3 for x in (la, lb)) * count

    names = (a, b)
    if needed(a, b, len(games)) > room:
        names = short_labels(a, b)
    # On a narrow screen (40-60 columns) the games go a few to a table, one under the other,
    # so that every column keeps its numbers whole.
    each = max([1, *(k for k in range(1, len(games) + 1) if needed(*names, k) <= room)])
    for start in range(0, len(games), each):
        pieces.append(_sheet_table(doc, games[start : start + each], (a, b), names))
    if names != (a, b):
        pieces.append(Text(f"{names[0]} = {a}, {names[1]} = {b}", style="dim"))
    if any(g["status"] == "won" for g in games):  # the mark on the winner's column head
        pieces.append(Text("✓ won the game", style="dim"))


def _sheet_table(
    doc: ShowDoc, games: list[GameDoc], players: tuple[str, str], names: tuple[str, str]
) -> Table:
    """One table of the score sheet: a column pair per game of `games`, headed by the game and
    the player's name (or label: `names`), and the rows that post to those games."""
    box, Table, _ = kit()
    a, b = players
    table = Table(box=box.SIMPLE_HEAD, show_footer=False, pad_edge=False)
    table.add_column("round" if "teams" in doc else "hand", justify="right", style="dim")
    for g in games:
        for name, label in zip((a, b), names, strict=True):
            won = g["status"] == "won" and g["winner"] == name
            table.add_column(
                f"G{g['number']}{' ✓' if won else ''}\n{label}",
                justify="right",
                header_style="bold green" if won else "bold",
            )
    numbers = [str(g["number"]) for g in games]
    both = doc["both_score"]  # both players' totals move on every hand
    for row in doc["sheet"]:
        posted = row["game_points"]
        if not any(n in posted for n in numbers):
            continue
        cells = [str(row["hand"])]
        for n in numbers:
            if n in posted and row["winner"] is not None:
                totals = posted[n]
                cells += [
                    str(totals[a]) if both or row["winner"] == a else "",
                    str(totals[b]) if both or row["winner"] == b else "",
                ]
            else:
                cells += ["", ""]
        table.add_row(*cells)
    table.add_section()
    labels: list[tuple[str, Callable[[GameDoc], Pair | None]]] = [("points", lambda g: g["points"])]
    if any(g["status"] == "won" for g in games):
        labels += [
            ("bonus", lambda g: g.get("bonuses", {}).get("game")),
            ("boxes", lambda g: g.get("bonuses", {}).get("boxes")),
            ("shutout", lambda g: g.get("bonuses", {}).get("shutout")),
            ("total", lambda g: g["total"] if g["status"] == "won" else None),
        ]
    for label, pick in labels:
        cells = [label]
        for g in games:
            v = pick(g)
            cells += [str(v[a]), str(v[b])] if v else ["", ""]
        table.add_row(*cells)
    net_cells = ["net"]
    need_cells = ["needs"]
    for g in games:
        if g["status"] == "won":
            net_cells += [
                str(g["net"]) if g["winner"] == a else "",
                str(g["net"]) if g["winner"] == b else "",
            ]
            need_cells += ["", ""]
        elif g["status"] == "open":
            net_cells += ["", ""]
            need_cells += [str(g["needs"][a]), str(g["needs"][b])]
        else:
            net_cells += ["", ""]
            need_cells += ["", ""]
    if any(g["status"] == "won" for g in games):
        table.add_row(*net_cells, style="bold")
    if any(g["status"] == "open" for g in games):
        table.add_row(*need_cells, style="dim")
    return table


def sets_table(sets: Iterable[SetDoc], title: str) -> Table:
    """Sets one to a line: the set's number, the span of its games and its result."""
    box, Table, _ = kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title))
    table.add_column("set", justify="right")
    table.add_column("games", justify="left")
    table.add_column("result", justify="left")
    for x in sets:
        games = x["games"]
        span = f"{games[0]}-{games[-1]}" if len(games) > 1 else str(games[0])
        table.add_row(str(x["number"]), span, x["result"])
    return table


def grid(games: list[GameDoc], a: str, b: str, title: str, columns: int = 5) -> Table:
    """Many games at a glance: ``#331 465-290`` cells, several to a row (fewer on a narrow
    screen)."""
    _, Table, _ = kit()
    table = Table(
        box=None,
        show_header=False,
        padding=(0, 2),
        title_justify="left",
        title=f"{title} ({a}-{b})",
    )
    cells = [f"#{g['number']} {g['points'][a]}-{g['points'][b]}" for g in games]
    # as many to a row as fit the screen (each cell padded 2 a side), at most `columns`
    columns = max(1, min(columns, width() // (max(map(len, cells), default=0) + 4)))
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        table.add_row(*row, *[""] * (columns - len(row)))
    return table


def compact(
    games: Iterable[GameDoc],
    title: str,
    a: str,
    b: str,
    in_sets: bool = False,
    seasonal: bool = False,
) -> Table:
    """Games one to a line: totals and who won (or what each needs); with `in_sets` the set of
    each game, with `seasonal` its season."""
    box, Table, _ = kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title))
    if seasonal:
        table.add_column("season")
    if in_sets:
        table.add_column("set", justify="right")
    table.add_column("game", justify="right")
    table.add_column(short(a, NAME_ROOM), justify="right")
    table.add_column(short(b, NAME_ROOM), justify="right")
    table.add_column("", justify="left")
    for g in games:
        if g["status"] == "won":
            pts, tot = g["total"], g["total"]
            note = f"[green]{g['winner']}[/] wins, net {g['net']}"
            if g.get("shutout"):
                note += ", shutout"
            if g.get("lost_by_50"):
                note += " (the leader ended exactly 50 ahead)"
        elif g["status"] == "unfinished":
            pts = tot = g["points"]
            note = "[yellow]unfinished[/]"
        else:
            pts = tot = g["points"]
            need = g["needs"]
            note = f"needs {a} {need[a]}, {b} {need[b]}"
        del pts
        first = ([g["season"]] if seasonal else []) + ([str(g["set"])] if in_sets else [])
        table.add_row(*first, str(g["number"]), str(tot[a]), str(tot[b]), note)
    return table


# --- a team match ---------------------------------------------------------------------------------


def team_labels(names: list[str], teams: list[TeamDoc]) -> dict[str, str]:
    """Short column labels for the teams (their names when short, else the members' initials:
    "A&C"), so a team's columns fit 80 columns; a legend says who is who."""
    labels = [
        n if terminal.cells(n) <= 7 else "&".join(_initial(p) for p in t["players"])
        for n, t in zip(names, teams, strict=True)
    ]
    if len({x.casefold() for x in labels}) < 2 or any(terminal.cells(x) > 7 for x in labels):
        labels = ["Team 1", "Team 2"]
    return dict(zip(names, labels, strict=True))


def _initial(name: str) -> str:
    """A name's first letter, as a capital (`report.letters`: with its accent; an escape
    written for a letter the console cannot show, whole and as it is)."""
    first = (letters(name) or ["?"])[0]
    return first if first.startswith("\\") else first.upper()


def relabel(value: Any, labels: dict[str, str]) -> Any:
    """A copy of a document with the team names replaced by their labels (keys and values)."""
    if isinstance(value, dict):
        return {labels.get(k, k): relabel(v, labels) for k, v in value.items()}
    if isinstance(value, list):
        return [relabel(v, labels) for v in value]
    return labels.get(value, value) if isinstance(value, str) else value
