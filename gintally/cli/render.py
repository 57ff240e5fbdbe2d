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
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from gintally import collector
from gintally.cli import process
from gintally.engine.formats import format_class
from gintally.game.rules import value_text
from gintally.report import (
    EvalDoc,
    GameDoc,
    HandDoc,
    HandRow,
    HandsHead,
    MatchDoc,
    Pair,
    RoundDoc,
    RulesDoc,
    SetDoc,
    ShowDoc,
    StandingsDoc,
    StatsDoc,
    TableDoc,
    TeamDoc,
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
    with collector.paused():
        from rich.console import Console

    class PlainConsole(Console):
        def on_broken_pipe(self) -> None:
            # Rich would exit the process here; the command line's edge decides the exit code.
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    width = None if os.environ.get("COLUMNS") or os.isatty(1) else 80
    # No emoji codes: a name or note is printed as typed (":spade:" stays text), and Rich's
    # table of some 4,000 codes is never loaded (3 ms of every drawn command).
    return PlainConsole(width=width, highlight=False, soft_wrap=False, emoji=False)


def _kit() -> tuple[ModuleType, type[Table], type[Text]]:
    """Rich's box styles, Table and Text, imported on first use."""
    with collector.paused():
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


NAME_ROOM = 12  # names up to this long are never cut (SPEC section 8)


def _short(name: str, width: int = 9) -> str:
    if len(name) <= width:
        return name
    if process.unicode_stdout():
        return name[: width - 1] + "…"
    return name[: width - 3] + "..."  # what "…" becomes where the encoding cannot show it


# --- hands ----------------------------------------------------------------------------------------


def hand(doc: HandDoc) -> None:
    """A recorded hand, as plain lines: what happened, the games it posted to (or, for
    ad-infinitum, a summary: the games it opened and closed and the season's tally), the sets it
    closed, who deals next."""
    prefix = "" if doc.get("action") else f"Hand {doc['hand']}{doc.get('when', '')}: "
    lines = [prefix + doc["description"]]
    if "round" in doc:
        lines += _round_lines(doc["round"])
    ended = doc.get("season_ended")
    if ended is not None:
        lines.append(_season_ended(ended))
    if "season" in doc:
        lines += _season_lines(doc)
    else:
        for g in doc.get("games") or []:
            lines.append("  " + _game_line(g, "table" in doc))
    for s in doc.get("sets_closed") or []:
        lines.append(f"  Set {s['number']} is over: {s['result']}.")
    for series in doc.get("series") or []:
        (a, _), (b, _) = series["score"].items()
        lines.append("  " + series_line(series, a, b, "table" in doc))
    if doc.get("next_dealer"):
        lines.append(f"Next dealer: {doc['next_dealer']}")
    if "table" in doc:  # a team match: lines naming whole teams wrap, indented under their own
        lines[1:] = [part for line in lines[1:] for part in _wrapped(line)]
    sys.stdout.write("\n".join(lines) + "\n")


_KEEP = "\xa0"  # a space textwrap never breaks at (it breaks at ASCII whitespace only)
_CARDS = re.compile(r"(?<=\b[2-9TJQKA][SHDC]) (?=[2-9TJQKA][SHDC]\b)")


def _together(text: str) -> str:
    """`text` with the spaces inside a table ("Ann v Bob"), a team ("Ann & Cy") and a list of
    cards ("8D 9D") made unbreakable for `textwrap`; `.replace(_KEEP, " ")` undoes it."""
    text = text.replace(" v ", f"{_KEEP}v{_KEEP}").replace(" & ", f"{_KEEP}&{_KEEP}")
    return _CARDS.sub(_KEEP, text)


def _wrapped(line: str) -> list[str]:
    """A line of a hand's confirmation in lines that fit the terminal: indented as it was, and
    further under it; a table, a team or a list of cards is never broken."""
    import textwrap

    indent = line[: len(line) - len(line.lstrip())]
    parts = textwrap.wrap(_together(line.strip()), max(40, console().width), initial_indent=indent,
                          subsequent_indent=indent + "  ", break_on_hyphens=False)  # fmt: skip
    return [p.replace(_KEEP, " ") for p in parts]


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


def _team_labels(names: list[str], teams: list[TeamDoc]) -> dict[str, str]:
    """Short column labels for the teams (their names when short, else the members' initials:
    "A&C"), so a team's columns fit 80 columns; a legend says who is who."""
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
    teams = doc.get("teams", [])
    labels = _team_labels(doc["players"], teams)
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
    show(short, [*lines, *_packed("Tables:", [f"{n} {t}" for n, t in enumerate(tables, 1)])])
    rounds = short.get("rounds") or []  # the round results name the teams by their labels
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


def _packed(head: str, items: list[str]) -> list[str]:
    """``head`` and the items, comma-separated, in lines that fit the terminal and never break
    an item ("Tables: 1 Ann v Bob, 2 Cy v Di")."""
    width = console().width
    lines = [head]
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > width and lines[-1].strip():
            lines.append(" " * len(head))
        lines[-1] = lines[-1] + " " + piece if lines[-1].strip() else lines[-1] + piece
    return lines if items else []


def _game_line(g: GameDoc, team: bool = False) -> str:
    """A game a hand posted to: its points, or once won its result (`team`: a team wins it, so
    "Ann & Cy win")."""
    (a, pa), (b, pb) = g["points"].items()
    line = f"Game {g['number']}: {a} {pa}, {b} {pb}"
    if g["status"] == "won" and g["winner"] is not None:
        total = g["total"]
        loser = b if g["winner"] == a else a
        line = (
            f"Game {g['number']}: {g['winner']} {'win' if team else 'wins'} {total[g['winner']]}"
            f" to {total[loser]}"
            f" with the bonuses, net {g['net']}"
        )
        if g.get("lost_by_50"):
            line += " (exactly 50 ahead loses)"
    return line


def _numbers(numbers: list[int]) -> str:
    """``324``, ``324 and 325``, ``324-328`` for a run, else a list."""
    if len(numbers) == 1:
        return str(numbers[0])
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def _season_lines(doc: HandDoc) -> list[str]:
    """An ad-infinitum hand in three lines at most, however many games are open."""
    lines = []
    opened, closed = doc.get("opened_games") or [], doc.get("closed_games") or []
    posted = len(doc.get("games") or [])
    what = "round" if "table" in doc else "hand"  # a team match posts its rounds
    if opened:
        lines.append(
            f"  Opens game {_numbers(opened)}; the {what} posts to {_count(posted, 'game')}."
        )
    if closed:
        won = {g["number"]: g for g in doc.get("games") or []}
        nets = [won[n]["net"] or 0 for n in closed if n in won]
        who = won[closed[0]]["winner"] if closed[0] in won else "?"
        many = "s" if len(closed) > 1 else ""
        wins = "win" if "table" in doc else "wins"  # a team: "Ann & Cy win"
        net_text = ", ".join(str(n) for n in nets)
        if len(nets) > 4:
            net_text = f"{min(nets)} to {max(nets)}"
            lines.append(
                f"  Closes {len(closed)} games, {closed[0]} to {closed[-1]}: {who} {wins} them, "
                f"nets {net_text}."
            )
        else:
            lines.append(
                f"  Closes game{many} {_numbers(closed)}: {who} {wins}, net{many} {net_text}."
            )
    t = doc["season"]
    (a, wa), (b, wb) = t["games_won"].items()
    state = f"{_count(t['open'], 'game')} open"
    if t["unfinished"]:
        state = f"over, {_count(t['unfinished'], 'game')} unfinished"
    lines.append(f"  Season {t['season']}: games won {a} {wa}, {b} {wb}; {state}.")
    return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _season_ended(t: Any) -> str:
    wa, wb = t["games_won"].values()
    who = f"{t['winner']} won it" if t["winner"] else "it ended level"
    most, least = max(wa, wb), min(wa, wb)
    left = _count(t["unfinished"], "game")
    return (
        f"  Season {t['season']} is over: {who}, {_count(most, 'game')} to {least}; {left} left "
        "unfinished."
    )


def hand_log(
    head: HandsHead, rows: Iterable[HandRow], width: int = 80, digits: int = 1
) -> Iterator[str]:
    """The hand log as plain lines, one hand at a time (so it can stream through a pager):
    number, date, dealer, upcard, then what happened, wrapped to `width`. A team match's log
    has each hand's round instead of the dealer column (each table deals on its own: a dealer
    typed with a hand is said after what happened)."""
    import textwrap

    if not head["count"]:
        season = f" in season {head['season']}." if head["season"] else " yet."
        yield f"No hands in {head['match']}{season}"
        return
    season = f", season {head['season']}" if head["season"] else ", every season"
    yield f"Hands of {head['match']}{season} ({_count(head['count'], 'hand')})"
    teams = bool(head.get("teams"))
    number = max(3, digits)
    who = max(6, *(len(p) for p in head["players"]))
    middle = f"{'rnd':>{number}}" if teams else f"{'dealer':<{who}}"
    lead = f"{'#':>{number}}  {'date':<10}  {middle}  {'up':<3}  "
    yield lead + "what happened"
    room = max(20, width - len(lead))
    for h in rows:
        what = h["description"] + (" [edited]" if h["edited"] else "")
        if teams and h["dealer"]:
            what += f" ({h['dealer']} dealt)"
        if h["voided"]:
            what += f" [void: {h['void_reason']}]" if h["void_reason"] else " [void]"
        if h["note"]:
            what += f" - {h['note']}"
        first, *more = [
            part.replace(_KEEP, " ")
            for part in textwrap.wrap(_together(what), room, break_on_hyphens=False) or [""]
        ]
        middle = f"{h.get('round') or '-':>{number}}" if teams else f"{h['dealer'] or '-':<{who}}"
        yield f"{h['hand']:>{number}}  {h['date']:<10}  {middle}  {h['upcard'] or '-':<3}  " + first
        for line in more:
            yield " " * len(lead) + line


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
    _print(Text(f"{doc['match']}: {a} vs {b}", style="bold"))
    about = (
        doc["format"]
        + (f" ({doc['format_games']} games{', rolling' if doc['rolling'] else ''})"
           if kind.in_sets else "")
        + f", rules {doc['rules']}, target {doc['target']}"
        + (f", season {doc['season']}" if doc.get("season") else "")
    )  # fmt: skip
    _print(Text(about, style="dim"))
    for line in legend or []:
        _print(Text(line, style="dim"))
    if not doc["games"]:
        message("No games yet: record a hand (gintally knock, gin, score ...).")
    elif doc.get("all"):
        _show_all(doc, kind.in_sets, kind.seasonal)
    elif kind.seasonal:
        _show_season(doc)
    else:
        sheet_games = _sheet_games(doc)
        shown = {g["number"] for g in sheet_games}
        current = sheet_games[-1]["set"] if kind.in_sets and sheet_games else None
        past_sets = [x for x in doc.get("sets", []) if x["number"] != current]
        if kind.in_sets and past_sets and not doc["rolling"]:
            _print(_sets_table(past_sets, "Finished sets"))
        else:
            earlier = [
                g for g in doc["games"] if g["number"] not in shown and g["status"] != "open"
            ]
            if earlier:
                _print(_compact(earlier[-8:], "Finished games", a, b))
        if sheet_games:
            _sheet(doc, sheet_games, a, b)
        now = next((x for x in doc.get("sets", []) if x["number"] == current), None)
        if now is not None and doc["rolling"]:
            _print(Text(f"Rolling Hollywood, the sum of the nets: {now['result']}."))
        elif now is not None and now["status"] == "won":
            _print(
                Text(f"Set {now['number']} is over: {now['result']}. ", style="bold")
                + Text(f"The next hand starts set {now['number'] + 1}.")
            )
        elif now is not None:
            _print(Text(f"Set {now['number']} (sum of the nets): {now['result']}."))
    if doc["series"] is not None:
        _print(Text(series_line(doc["series"], a, b, "teams" in doc), style="bold"))
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


def _show_season(doc: ShowDoc) -> None:
    """An ad-infinitum season: the tally, the open games (or, once the season is over, every
    game it left unfinished), the latest finished games."""
    a, b = doc["players"]
    _season_tally(doc)
    if doc.get("season_over"):
        left = [g for g in doc["games"] if g["status"] == "unfinished"]
        title = f"Season {doc['season']} is over; {len(left)} unfinished games"
        _print(_grid(left, a, b, title) if len(left) > 6 else _compact(left, title, a, b))
    else:
        open_games = [g for g in doc["games"] if g["status"] == "open"]
        if len(open_games) > 6:
            _print(_grid(open_games, a, b, f"{len(open_games)} open games"))
        elif open_games:
            _print(_compact(open_games, "Open games", a, b))
    finished = [g for g in doc["games"] if g["status"] == "won"]
    if finished:
        _print(_compact(finished[-8:], "Latest finished games", a, b))


def _show_all(doc: ShowDoc, in_sets: bool, seasonal: bool) -> None:
    """``show --all``: every set and every game of the match."""
    a, b = doc["players"]
    if in_sets and doc.get("sets"):
        _print(_sets_table(doc["sets"], "Sets"))
    _print(_compact(doc["games"], "Games", a, b, in_sets, seasonal))


def _sets_table(sets: Iterable[SetDoc], title: str) -> Table:
    box, Table, _ = _kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title))
    table.add_column("set", justify="right")
    table.add_column("games", justify="left")
    table.add_column("result", justify="left")
    for x in sets:
        games = x["games"]
        span = f"{games[0]}-{games[-1]}" if len(games) > 1 else str(games[0])
        table.add_row(str(x["number"]), span, x["result"])
    return table


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


def _grid(games: list[GameDoc], a: str, b: str, title: str, columns: int = 5) -> Table:
    """Many games at a glance: ``#331 465-290`` cells, several to a row."""
    _, Table, _ = _kit()
    table = Table(
        box=None,
        show_header=False,
        padding=(0, 2),
        title_justify="left",
        title=f"{title} ({a}-{b})",
    )
    cells = [f"#{g['number']} {g['points'][a]}-{g['points'][b]}" for g in games]
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        table.add_row(*row, *[""] * (columns - len(row)))
    return table


def _compact(
    games: Iterable[GameDoc],
    title: str,
    a: str,
    b: str,
    in_sets: bool = False,
    seasonal: bool = False,
) -> Table:
    """Games one to a line: totals and who won (or what each needs); with `in_sets` the set of
    each game, with `seasonal` its season."""
    box, Table, _ = _kit()
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", min_width=len(title))
    if seasonal:
        table.add_column("season")
    if in_sets:
        table.add_column("set", justify="right")
    table.add_column("game", justify="right")
    table.add_column(_short(a, NAME_ROOM), justify="right")
    table.add_column(_short(b, NAME_ROOM), justify="right")
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


def _labels(a: str, b: str) -> tuple[str, str]:
    """Short labels for two players: their initials, or as many first letters as tell them
    apart, or 1 and 2."""
    for n in (1, 2, 3):
        la, lb = a[:n], b[:n]
        if la.casefold() != lb.casefold():
            return la, lb
    return "1", "2"


def _sheet(doc: ShowDoc, games: list[GameDoc], a: str, b: str) -> None:
    """The paper score sheet: a column pair per game, running totals under each hand's winner.
    Each column is headed by its game and player; when the players' names do not fit the
    terminal, their initials head the columns and a legend says whose they are."""
    box, Table, Text = _kit()
    widest = max(
        len(str(v)) for g in games for pair in (g["total"], g["points"]) for v in pair.values()
    )
    width = console().width

    def needed(la: str, lb: str) -> int:
        """The table's width as Rich lays it out: the label column, the two edges, and each
        column's text with its padding (2) and separator (1)."""
        label = max(len("shutout"), len(str(max((r["hand"] for r in doc["sheet"]), default=0))))
        return label + 2 + sum(max(len(x), widest, 4) + 3 for x in (la, lb)) * len(games)

    names = (a, b)
    if needed(a, b) > width:
        names = _labels(a, b)
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
    _print(table)
    if names != (a, b):
        _print(Text(f"{names[0]} = {a}, {names[1]} = {b}", style="dim"))


# --- standings -----------------------------------------------------------------------------------


def standings(doc: StandingsDoc) -> None:
    box, Table, Text = _kit()
    if doc.get("season") is None and not doc.get("seasons"):
        message(f"No hands in {doc['match']} yet.")
        return
    if doc.get("teams"):  # the teams by short labels (as in show), and a legend
        labels = _team_labels(doc["players"], doc.get("teams", []))
        for name, label in labels.items():
            if label != name:
                _print(Text(f"Team {label} = {name}", style="dim"))
        doc = _relabel(doc, labels)
    a, b = doc["players"]
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{doc['match']}: season {doc['season']}",
        title_justify="left",
        collapse_padding=True,  # names of 12 letters and every column fit 80 columns
    )
    teams = bool(doc.get("teams"))
    sets = format_class(doc.get("format", "single")).in_sets
    table.add_column("team" if teams else "player", no_wrap=True)
    series_rule = doc.get("series")
    columns = [
        "games",
        *(["sets"] if sets else []),
        *(["series"] if series_rule else []),
        "rounds" if teams else "hands",
    ]
    for col in (*columns, "points", "gins", "undercuts"):
        table.add_column(col, justify="right")
    for col in ("biggest", "net"):
        table.add_column(col, justify="right")
    for r in doc["rows"]:
        won_series = [str(r["series_won"])] if series_rule else []
        table.add_row(
            r["player"],
            str(r["games_won"]),
            *([str(r["sets_won"])] if sets else []),
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
    out = console()
    if out.measure(table, options=out.options.update(max_width=1000)).maximum > out.width:
        table.padding = (0, 0)  # sets and series columns too: one space apart, headers whole
    _print(table)
    if doc.get("unfinished"):
        message(f"{doc['unfinished']} unfinished game(s) this season.", "yellow")
    members = doc.get("members") or []
    if members:
        each = Table(box=box.SIMPLE_HEAD, title="Each player's hands", title_justify="left")
        each.add_column("player")
        each.add_column("team")
        for col in ("hands", "won", "points", "gins", "undercuts", "biggest"):
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
        past.add_column(_short(a, NAME_ROOM), justify="right")
        past.add_column(_short(b, NAME_ROOM), justify="right")
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
        table.add_row(mark, d["match"], " vs ".join(_sides(d)), fmt, str(d["rules"]["preset"]))
    _print(table)


def _sides(doc: MatchDoc) -> list[str]:
    """The two sides of a match: its players, or a team match's teams (its ``players`` are the
    first table's, as stored)."""
    teams = doc.get("teams")
    return [t["name"] for t in teams] if teams else doc["players"]


def match(doc: MatchDoc) -> None:
    _, Table, _ = _kit()
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_row("match", doc["match"])
    teams = doc.get("teams")
    if teams:
        table.add_row("teams", " vs ".join(_sides(doc)))
        pairs = zip(teams[0]["players"], teams[1]["players"], strict=True)
        table.add_row("tables", ", ".join(f"{n} {a} v {b}" for n, (a, b) in enumerate(pairs, 1)))
    else:
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
