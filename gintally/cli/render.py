"""Rendering for people: the only module that imports Rich.

Every function draws one `report` document. A recorded hand (`hand`) is printed as plain lines
without Rich: hand commands are typed at the table and must start fast, and Rich costs some
20-30 ms to import. Everything else is drawn with Rich tables, imported on first use. `show`
looks like the paper score sheet players keep: a column pair per game, each hand's new running
total under its winner, then the end-of-game bonuses, totals and net of closed games and what
each player needs in open ones. Colour only when the terminal supports it (Rich honours
``NO_COLOR``); tables fit 80 columns.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gintally.cli import process
from gintally.engine.formats import format_class
from gintally.game.rules import value_text
from gintally.report import (
    EvalDoc,
    GameDoc,
    HandDoc,
    HandsDoc,
    MatchDoc,
    Pair,
    RoundDoc,
    RulesDoc,
    ShowDoc,
    StandingsDoc,
    StatsDoc,
    TableDoc,
    series_line,
)

if TYPE_CHECKING:
    from types import ModuleType

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text


def console() -> Console:
    """A console on the current stdout: 80 columns when it is not a terminal (unless COLUMNS
    says otherwise), colour only when the terminal supports it and NO_COLOR is unset."""
    from rich.console import Console

    class PlainConsole(Console):
        def on_broken_pipe(self) -> None:
            # Rich would exit the process here; the command line's edge decides the exit code.
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    width = None if os.environ.get("COLUMNS") or os.isatty(1) else 80
    return PlainConsole(width=width, highlight=False, soft_wrap=False)


def _kit() -> tuple[ModuleType, type[Table], type[Text]]:
    """Rich's box styles, Table and Text, imported on first use."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    return box, Table, Text


def _print(*items: Any) -> None:
    console().print(*items)


def message(text: str, style: str = "", wrap: bool = True) -> None:
    """A line of prose, wrapped at words to the width; with `wrap=False` never cut (a line
    that names a file: the path stays whole, and the terminal wraps it if it must)."""
    _, _, Text = _kit()
    console().print(Text(text, style=style), soft_wrap=not wrap)


def _short(name: str, width: int = 9) -> str:
    if len(name) <= width:
        return name
    if process.unicode_stdout():
        return name[: width - 1] + "…"
    return name[: width - 3] + "..."  # what "…" becomes where the encoding cannot show it


# --- hands ----------------------------------------------------------------------------------------


def hand(doc: HandDoc) -> None:
    """A recorded hand, as plain lines: what happened, the games it posted to, who deals."""
    prefix = "" if doc.get("action") else f"Hand {doc['hand']}{doc.get('when', '')}: "
    lines = [prefix + doc["description"]]
    for g in doc.get("games") or []:
        (a, pa), (b, pb) = g["points"].items()
        line = f"  Game {g['number']}: {a} {pa}, {b} {pb}"
        if g["status"] == "won":
            total = g["total"]
            line += f"  -> won by {g['winner']}, total {total[a]}-{total[b]}, net {g['net']}"
            if g.get("lost_by_50"):
                line += " (exactly 50 ahead loses)"
        lines.append(line)
    if "round" in doc:
        lines[1:1] = _round_lines(doc["round"])
    for series in doc.get("series") or []:
        (a, _), (b, _) = series["score"].items()
        lines.append(series_line(series, a, b))
    if doc.get("next_dealer"):
        lines.append(f"Next dealer: {doc['next_dealer']}")
    sys.stdout.write("\n".join(lines) + "\n")


def _round_lines(r: RoundDoc) -> list[str]:
    """A team match's round, as plain lines: the result once complete, else what it awaits."""
    if not r["complete"]:
        return [
            f"  Round {r['number']}: {_and(r['played'])} played; waiting for {_and(r['awaited'])}"
        ]
    return [f"  Round {r['number']} complete: {_round_result(r)}"]


def _round_result(r: RoundDoc) -> str:
    """The result of a complete round: Ann & Cy +5 (15 to 10), and the sweep bonus if any."""
    sums = r["sums"]
    (a, pa), (b, _) = sums.items()
    if r["winner"] is None:
        return f"level at {pa} each, no score"
    lead, other = (a, b) if r["winner"] == a else (b, a)
    text = f"{lead} +{r['points']} ({sums[lead]} to {sums[other]}"
    if r["sweep"] and r["points"] > r["margin"]:
        text += f", +{r['points'] - r['margin']} for the sweep"
    return text + ")"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _table_result(t: TableDoc, numbered: bool = True) -> str:
    """What a table did in a round: "Di gin +37 (hand 2)", "drawn", "awaited"."""
    if t["hand"] is None:
        return "awaited"
    if t["winner"] is None:
        what = "drawn" if t["kind"] == "draw" else "no score"
    else:
        kind = "" if t["kind"] in ("knock", "score") else f" {t['kind']}"
        what = f"{t['winner']}{kind} +{t['points']}"
    return f"{what} (hand {t['hand']})" if numbered else what


# --- teams ---------------------------------------------------------------------------------------


def _team_labels(doc: ShowDoc) -> dict[str, str]:
    """Short column labels for the teams (their names when short, else the members' initials:
    "A&C"), so a team's columns fit 80 columns; a legend says who is who."""
    names = doc["players"]
    teams = doc.get("teams", [])
    labels = [
        n if len(n) <= 7 else "&".join(p[:1].upper() for p in t["players"])
        for n, t in zip(names, teams, strict=True)
    ]
    if len({x.casefold() for x in labels}) < 2 or any(len(x) > 7 for x in labels):
        labels = ["Team 1", "Team 2"]
    return dict(zip(names, labels, strict=True))


def _relabel(value: Any, labels: dict[str, str]) -> Any:
    """A copy of a document with the team names replaced by their labels (keys and values)."""
    if isinstance(value, dict):
        return {labels.get(k, k): _relabel(v, labels) for k, v in value.items()}
    if isinstance(value, list):
        return [_relabel(v, labels) for v in value]
    return labels.get(value, value) if isinstance(value, str) else value


def _team_show(doc: ShowDoc) -> None:
    """A team match's sheet: the teams' games (as for two players, the teams as columns), the
    round in progress and the last rounds table by table."""
    box, Table, Text = _kit()
    labels = _team_labels(doc)
    teams = doc.get("teams", [])
    legend = []
    for team in teams:
        label = labels[team["name"]]
        who = team["name"] if label == team["name"] else f"{label} = {team['name']}"
        if team["name"] != " & ".join(team["players"]):
            who += f" ({', '.join(team['players'])})"
        legend.append(who)
    tables = doc.get("tables", [])
    short: ShowDoc = _relabel(doc, labels)
    short["teams"] = []  # drawn once, as a two-sided match
    lines = [f"Team {who}" for who in legend]
    show(short, [*lines, f"Tables: {', '.join(tables)}"] if tables else lines)
    rounds = doc.get("rounds") or []
    if rounds:
        table = Table(box=box.SIMPLE_HEAD, title="Last rounds", title_justify="left")
        table.add_column("round", justify="right")
        table.add_column("hand", justify="right")
        table.add_column("table")
        table.add_column("result")
        table.add_column("round result")
        for r in rounds:
            for i, t in enumerate(r["tables"]):
                table.add_row(
                    str(r["number"]) if i == 0 else "",
                    str(t["hand"]),
                    " v ".join(t["players"]),
                    _table_result(t, numbered=False),
                    _round_result(r) if i == 0 else "",
                )
            table.add_section()
        _print(table)
    waiting = doc.get("round")
    if waiting is not None:
        lines = [f"Round {waiting['number']} in progress:"]
        for t in waiting["tables"]:
            lines.append(f"  {' v '.join(t['players'])}: {_table_result(t)}")
        _print(Text("\n".join(lines)))
    elif teams:
        _print(Text(f"Round {1 + (rounds[-1]['number'] if rounds else 0)} starts at every table."))


def hands(doc: HandsDoc) -> None:
    box, Table, Text = _kit()
    rows = doc["hands"]
    if not rows:
        message(f"No hands in {doc['match']} yet.")
        return
    table = Table(box=box.SIMPLE_HEAD, title=f"Hands of {doc['match']}", title_justify="left")
    teams = "teams" in doc
    for col, justify in (
        ("#", "right"),
        ("date", "left"),
        *((("rnd", "right"),) if teams else ()),
        ("kind", "left"),
        ("winner", "left"),
        ("pts", "right"),
        ("what happened", "left"),
    ):
        table.add_column(col, justify=justify)
    for h in rows:
        style = "strike dim" if h["voided"] else ""
        what = h["description"] + (" [edited]" if h.get("edited") else "")
        if h["voided"]:
            what += f" [void: {h['void_reason']}]" if h.get("void_reason") else " [void]"
        if h.get("note"):
            what += f" - {h['note']}"
        rnd = h.get("round")
        table.add_row(
            str(h["id"]),
            h["date"],
            *((str(rnd) if rnd is not None else "-",) if teams else ()),
            h["kind"],
            h["winner"] or "-",
            str(h["points"]),
            Text(what),
            style=style,
        )
    _print(table)


# --- show ----------------------------------------------------------------------------------------


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
        return [g for g in games if g["status"] == "open"] or games[-doc["format_games"] :]
    return [g for g in games if g["set"] == games[-1]["set"]]


def show(doc: ShowDoc, legend: list[str] | None = None) -> None:
    if doc.get("teams"):
        _team_show(doc)
        return
    _, _, Text = _kit()
    a, b = doc["players"]
    kind = format_class(doc["format"])
    title = (
        f"{doc['match']}: {a} vs {b}, {doc['format']}"
        + (f" ({doc['format_games']} games)" if kind.in_sets else "")
        + f", rules {doc['rules']}, target {doc['target']}"
    )
    _print(Text(title, style="bold"))
    for line in legend or []:
        _print(Text(line, style="dim"))
    if doc.get("season"):
        _print(Text(f"Season {doc['season']}", style="dim"))
    sheet_games = _sheet_games(doc)
    shown = {g["number"] for g in sheet_games}
    earlier = [g for g in doc["games"] if g["number"] not in shown and g["status"] != "open"]
    if kind.seasonal:
        _season_tally(doc)
        open_games = [g for g in doc["games"] if g["status"] == "open"]
        if len(open_games) > 6:
            _print(_grid(open_games, a, b))
        elif open_games:
            _print(_compact(open_games, "Open games", a, b))
        if earlier:
            _print(_compact(earlier[-8:], "Latest finished games", a, b))
    else:
        if earlier:
            _print(_compact(earlier[-8:], "Finished games", a, b))
        if sheet_games:
            _print(_sheet(doc, sheet_games, a, b))
    if not doc["games"]:
        message("No games yet: record a hand (gintally knock, gin, score ...).")
    if kind.in_sets and any(doc["result"].values()):
        res = doc["result"]
        what = "Result so far" if doc.get("rolling") else "This set's result"
        _print(Text(f"{what} (sum of nets): {a} {res[a]}, {b} {res[b]}"))
    if doc["series"] is not None:
        _print(Text(series_line(doc["series"], a, b), style="bold"))
    limit = doc["knock_limit"]
    limit_text = (
        "set by each hand's upcard"
        if limit == "upcard"
        else "gin only"
        if limit == 0
        else str(limit)
    )
    if doc["solo"] or "teams" in doc:  # no dealer: solitaire, or each table deals on its own
        _print(Text(f"Knock limit: {limit_text}.", style="dim"))
        return
    dealer = doc["next_dealer"] or "not known (give --dealer)"
    _print(Text(f"Next dealer: {dealer}.  Knock limit: {limit_text}.", style="dim"))


def _season_tally(doc: ShowDoc) -> None:
    _, _, Text = _kit()
    a, b = doc["players"]
    won = {a: 0, b: 0}
    unfinished = 0
    for g in doc["games"]:
        if g["status"] == "won" and g["winner"] is not None:
            won[g["winner"]] += 1
        elif g["status"] == "unfinished":
            unfinished += 1
    line = f"Games won this season: {a} {won[a]}, {b} {won[b]}"
    if unfinished:
        line += f"; {unfinished} unfinished"
    _print(Text(line, style="bold"))


def _grid(games: list[GameDoc], a: str, b: str, columns: int = 5) -> Table:
    """Many open games at a glance: ``#331 465-290`` cells, several to a row."""
    _, Table, _ = _kit()
    table = Table(
        box=None,
        show_header=False,
        padding=(0, 2),
        title_justify="left",
        title=f"{len(games)} open games ({_short(a)}-{_short(b)})",
    )
    cells = [f"#{g['number']} {g['points'][a]}-{g['points'][b]}" for g in games]
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        table.add_row(*row, *[""] * (columns - len(row)))
    return table


def _compact(games: Iterable[GameDoc], title: str, a: str, b: str) -> Table:
    box, Table, _ = _kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    table.add_column("game", justify="right")
    table.add_column(_short(a), justify="right")
    table.add_column(_short(b), justify="right")
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
        table.add_row(str(g["number"]), str(tot[a]), str(tot[b]), note)
    return table


def _sheet(doc: ShowDoc, games: list[GameDoc], a: str, b: str) -> Table:
    """The paper score sheet: a column pair per game, running totals under each hand's winner."""
    box, Table, _ = _kit()
    table = Table(box=box.SIMPLE_HEAD, show_footer=False, pad_edge=False)
    table.add_column("round" if "teams" in doc else "hand", justify="right", style="dim")
    for g in games:
        won = {a: "", b: ""}
        if g["status"] == "won" and g["winner"] is not None:
            won[g["winner"]] = " ✓"  # the winner's column
        for name in (a, b):
            table.add_column(
                f"G{g['number']}{won[name]} {_short(name, 7)}",
                justify="right",
                header_style="bold green" if won[name] else "bold",
            )
    numbers = [str(g["number"]) for g in games]
    both = doc["both_score"]  # both players' totals move on every hand
    for row in doc["sheet"]:
        posted = row["games"]
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
            ("game bonus", lambda g: g.get("bonuses", {}).get("game")),
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


# --- standings -----------------------------------------------------------------------------------


def standings(doc: StandingsDoc) -> None:
    box, Table, _ = _kit()
    a, b = doc["players"]
    if doc.get("season") is None and not doc.get("seasons"):
        message(f"No hands in {doc['match']} yet.")
        return
    table = Table(
        box=box.SIMPLE_HEAD, title=f"{doc['match']}: season {doc['season']}", title_justify="left"
    )
    teams = bool(doc.get("teams"))
    table.add_column("team" if teams else "player")
    series_rule = doc.get("series")
    columns = ["games", *(["series"] if series_rule else []), "rounds" if teams else "hands"]
    for col in (*columns, "points", "gins", "undercuts", "best", "net"):
        table.add_column(col, justify="right")
    for r in doc["rows"]:
        won_series = [str(r["series_won"])] if series_rule else []
        table.add_row(
            r["player"],
            str(r["games_won"]),
            *won_series,
            str(r["hands_won"]),
            str(r["points"]),
            str(r["gins"]),
            str(r["undercuts"]),
            str(r["biggest_hand"]),
            str(r["net"]),
        )
    if series_rule:
        table.caption = f"A series is won at {series_rule}."
        table.caption_justify = "left"
    _print(table)
    if doc.get("unfinished"):
        message(f"{doc['unfinished']} unfinished game(s) this season.", "yellow")
    members = doc.get("members") or []
    if members:
        each = Table(box=box.SIMPLE_HEAD, title="Each player's hands", title_justify="left")
        each.add_column("player")
        each.add_column("team")
        for col in ("hands", "won", "points", "gins", "undercuts", "best"):
            each.add_column(col, justify="right")
        for m in members:
            each.add_row(
                m["player"], m["team"], str(m["hands"]), str(m["hands_won"]), str(m["points"]),
                str(m["gins"]), str(m["undercuts"]), str(m["biggest_hand"]),
            )  # fmt: skip
        _print(each)
    seasons = doc.get("seasons") or []
    if len(seasons) > 1:
        past = Table(box=box.SIMPLE_HEAD, title="Seasons", title_justify="left")
        past.add_column("season")
        past.add_column(_short(a), justify="right")
        past.add_column(_short(b), justify="right")
        past.add_column("", justify="left")
        for s in seasons:
            games = {r["player"]: r["games_won"] for r in s["rows"]}
            who = s["winner"] or ("tied" if s["over"] else "in play")
            past.add_row(s["season"], str(games[a]), str(games[b]), who)
        _print(past)
    won = doc["years_won"]
    if won[a] or won[b]:
        if won[a] == won[b]:
            tally = f"{won[a]} {_years(won[a])} each"
        else:
            leader, other = (a, b) if won[a] > won[b] else (b, a)
            tally = f"{leader} leads, {won[leader]} {_years(won[leader])} to {won[other]}"
        message(f"Years won: {tally}", "bold")
    line = season_sparkline(doc)
    if line:
        message(line)


SPARKS = "▁▂▃▄▅▆▇█"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def sparkline(values: list[int], top: int) -> str:
    """Values from 0 to `top` as block characters, one each (plain Unicode, no library)."""
    if top <= 0:
        return SPARKS[0] * len(values)
    return "".join(SPARKS[round(max(0, v) * (len(SPARKS) - 1) / top)] for v in values)


def season_sparkline(doc: StandingsDoc) -> str | None:
    """One line: each player's games won so far at each month's end, on one scale; only when
    the season's games span two months or more (an evening needs no sparkline)."""
    months = doc.get("months") or []
    games = doc.get("monthly_games") or {}
    if len(months) < 2 or not games:
        return None
    top = max(max(v) for v in games.values())
    span = f"{MONTHS[int(months[0][5:]) - 1]}-{MONTHS[int(months[-1][5:]) - 1]}"
    races = "  ".join(
        f"{_short(name, 12)} {sparkline(v, top)} {v[-1]}" for name, v in games.items()
    )
    return f"Games won by month, {span}: {races}"


def _years(n: int) -> str:
    return "year" if n == 1 else "years"


# --- eval, rules, matches ------------------------------------------------------------------------


def evaluation(doc: EvalDoc) -> None:
    _, Table, _ = _kit()
    table = Table(box=None, show_header=False, padding=(0, 1))
    for meld in doc["melds"]:
        table.add_row("meld", " ".join(meld))
    table.add_row(
        "deadwood", (" ".join(doc["deadwood_cards"]) or "none") + f"  = {doc['deadwood']}"
    )
    if doc["discard"]:
        table.add_row("discard", doc["discard"])
    _print(table)
    if doc["big_gin"]:
        verdict = "[bold green]Big gin![/]"
    elif doc["gin"]:
        verdict = "[bold green]Gin![/]" + (f" (discard {doc['discard']})" if doc["discard"] else "")
    elif doc.get("knocks"):
        verdict = f"Knocks with {doc['deadwood']}."
    elif doc.get("knocks") is False:
        verdict = f"Cannot knock: {doc['deadwood']} is over the limit."
    else:
        verdict = f"Deadwood {doc['deadwood']}."
    _print(verdict)


def rules(docs: list[RulesDoc]) -> None:
    box, Table, _ = _kit()
    if len(docs) == 1:
        d = docs[0]
        table = Table(
            box=box.SIMPLE_HEAD,
            title=f"Rules: {d['preset']}",
            title_justify="left",
            caption="\n".join(x for x in (d["note"], _source(d)) if x) or None,
            caption_justify="left",
        )
        table.add_column("rule")
        table.add_column("value", justify="right")
        table.add_column("meaning", overflow="fold")
        for key, value in d["values"].items():
            table.add_row(key, value_text(value), d["help"][key])
        _print(table)
        return
    # Side by side the seven presets do not fit 80 columns: each preset is a row, with what it
    # changes from the first (modern, the defaults, shown in full).
    base = docs[0]["values"]
    table = Table(
        box=box.SIMPLE_HEAD,
        title="Rule presets (gintally rules NAME shows one in full)",
        title_justify="left",
    )
    table.add_column("preset", no_wrap=True)
    table.add_column("what it is, and its values", overflow="fold")
    for i, d in enumerate(docs):
        values = d["values"] if i == 0 else {k: v for k, v in d["values"].items() if v != base[k]}
        text = ", ".join(f"{k}={value_text(v)}" for k, v in values.items())
        table.add_row(
            d["preset"],
            f"{d['note']}\n[dim]{_source(d)}\n{'' if i == 0 else 'but '}{text}[/]",
        )
    _print(table)


def _source(doc: RulesDoc) -> str:
    return f"source: {doc['source']}" if doc.get("source") else ""


def matches(docs: list[MatchDoc], current: str | None) -> None:
    box, Table, _ = _kit()
    if not docs:
        message("No matches yet: gintally match new NAME --players A B")
        return
    table = Table(box=box.SIMPLE_HEAD, title="Matches", title_justify="left")
    for col in ("", "match", "players", "format", "rules"):
        table.add_column(col)
    for d in docs:
        mark = "*" if d["match"] == current else ""
        in_sets = format_class(d["format"]).in_sets
        fmt = d["format"] + (f" x{d['games']}" if in_sets else "")
        table.add_row(mark, d["match"], " vs ".join(d["players"]), fmt, str(d["rules"]["preset"]))
    _print(table)


def match(doc: MatchDoc) -> None:
    _, Table, _ = _kit()
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_row("match", doc["match"])
    table.add_row("players", " vs ".join(doc["players"]))
    kind = format_class(doc["format"])
    fmt = doc["format"]
    if kind.in_sets:
        fmt += f", {doc['games']} games" + (", rolling" if doc["rolling"] else "")
    table.add_row("format", fmt)
    if kind.seasonal or doc["season_start"] != "01-01":
        table.add_row("season starts", doc["season_start"])
    table.add_row("first dealer", doc["first_dealer"] or "-")
    table.add_row("rules", str(doc["rules"]["preset"]))
    for key, value in doc["rules"].items():
        if key != "preset":
            table.add_row(f"  {key}", value_text(value))
    _print(table)


def check(problems: list[str], summary: str) -> None:
    for p in problems:
        message(f"problem: {p}", "red", wrap=False)
    message(summary, "bold red" if problems else "bold green", wrap=False)


# --- insights -------------------------------------------------------------------------------------


def stats(doc: StatsDoc) -> None:
    """Lifetime figures, head-to-head and records, each a table that fits 80 columns."""
    box, Table, _ = _kit()
    if not doc["players"]:
        message("No hands in the ledger yet.")
        return
    table = Table(box=box.SIMPLE_HEAD, title="Lifetime, every match", title_justify="left")
    table.add_column("player")
    heads = ("matches", "hands", "won", "games", "sets", "series", "gins", "under", "best")
    keys = ("matches", "hands", "hands_won", "games_won", "sets_won", "series_won", "gins")
    for col in heads:
        table.add_column(col, justify="right")
    for r in doc["players"]:
        values = [str(r[k]) for k in keys]  # type: ignore[literal-required]
        table.add_row(_short(r["player"], 12), *values, str(r["undercuts"]), str(r["biggest_hand"]))
    _print(table)
    message("won: hands won; under: undercuts; best: biggest hand won (points)")
    if doc["head_to_head"]:
        pairs = Table(box=box.SIMPLE_HEAD, title="Head to head", title_justify="left")
        for col, just in (("players", "left"), ("games", "right"), ("hands", "right")):
            pairs.add_column(col, justify=just)  # type: ignore[arg-type]
        pairs.add_column("net", justify="right")
        for h in doc["head_to_head"]:
            a, b = h["players"]
            pairs.add_row(
                f"{_short(a, 12)} v {_short(b, 12)}",
                f"{h['games'][a]}-{h['games'][b]}",
                f"{h['hands'][a]}-{h['hands'][b]}",
                f"{h['net'][a]:+d}",
            )
        _print(pairs)
        message("games, hands: won by each; net: the first player's game totals minus the other's")
    records = Table(box=box.SIMPLE_HEAD, title="Records", title_justify="left")
    for col in ("record", "player", "", "match", "hand", "date"):
        records.add_column(col)
    for key, title in (
        ("biggest_hand", "biggest hand"),
        ("longest_run", "longest run"),
        ("best_season", "best season"),
    ):
        rec = doc["records"].get(key)
        if rec is None:
            continue
        hand, day = str(rec["hand"]), rec["date"]
        if key == "biggest_hand":
            what = f"{rec.get('points')} points"
        elif key == "longest_run":
            what = f"{rec.get('hands')} hands won"
            until = str(rec.get("until"))
            hand = f"{hand}-{rec.get('last_hand')}"
            day = f"{day}..{until[5:] if until[:4] == day[:4] else until}"
        else:
            what = f"{rec.get('games_won')} games ({rec.get('season')})"
        records.add_row(title, _short(rec["player"], 12), what, _short(rec["match"], 16), hand, day)
    if records.row_count:
        _print(records)
