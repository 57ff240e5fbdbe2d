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
"""

from __future__ import annotations

from collections.abc import Callable

from gintally.cli.render.games import compact, grid, sets_table
from gintally.cli.render.teams import relabel, round_result, table_result, team_labels
from gintally.cli.render.terminal import draw, kit, message, plainly, width
from gintally.engine.formats import format_class
from gintally.report import GameDoc, Pair, ShowDoc, series_line, table_line


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


def show(doc: ShowDoc) -> None:
    """The score sheet, drawn without Rich where Rich would draw it in plain text
    (`terminal.plainly`)."""
    plainly(lambda: _show(doc))


def _show(doc: ShowDoc, legend: list[str] | None = None) -> None:
    if doc.get("teams"):
        _team_show(doc)
        return
    _, _, Text = kit()
    a, b = doc["players"]
    kind = format_class(doc["format"])
    draw(Text(f"{doc['match']}: {a} vs {b}", style="bold"))
    about = (
        doc["format"]
        + (f" ({doc['format_games']} game{'' if doc['format_games'] == 1 else 's'}"
           f"{', rolling' if doc['rolling'] else ''})"
           if kind.in_sets else "")
        + f", rules {doc['preset']}, target {doc['target']}"
        + (f", season {doc['season']}" if doc.get("season") else "")
    )  # fmt: skip
    draw(Text(about, style="dim"))
    for line in legend or []:
        draw(Text(line, style="dim"))
    if not doc["games"]:
        message("No games yet: record a hand (gintally knock, gin, score ...).")
    elif doc.get("all"):
        _show_all(doc)
    elif kind.seasonal:
        _show_season(doc)
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
            _sheet(doc, sheet_games, a, b)
        now = next((x for x in doc.get("sets", []) if x["number"] == current), None)
        if now is not None and doc["rolling"]:
            draw(Text(f"Rolling Hollywood, the sum of the nets: {now['result']}."))
        elif now is not None and now["status"] == "won":
            draw(
                Text(f"Set {now['number']} is over: {now['result']}. ", style="bold")
                + Text(f"The next hand starts set {now['number'] + 1}.")
            )
        elif now is not None:
            draw(Text(f"Set {now['number']} (sum of the nets): {now['result']}."))
    if doc["series"] is not None:
        draw(Text(series_line(doc["series"], a, b, "teams" in doc), style="bold"))
    stake = doc.get("stake")
    if stake is not None:  # played for money (the money document's module loads only then)
        from gintally.report import in_play_line

        playing = doc.get("in_play")
        worth = f" {in_play_line(playing)}" if playing else ""
        draw(Text(f"At {stake['per_point']}.{worth}"))
    draw(Text(table_line(doc), style="dim"))


def _team_show(doc: ShowDoc) -> None:
    """A team match's sheet: the teams' games (as for two players, the teams as columns), the
    round in progress and the last rounds table by table."""
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
    short: ShowDoc = relabel(doc, labels)
    short["teams"] = []  # drawn once, as a two-sided match
    lines = [f"Team {who}" for who in legend]
    _show(short, [*lines, *_packed("Tables:", [f"{n} {t}" for n, t in enumerate(tables, 1)])])
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
                    table_result(t, numbered=False),
                    round_result(r) if i == 0 else "",
                )
            table.add_section()
        draw(table)
    waiting = doc.get("round")
    if waiting is not None:
        lines = [f"Round {waiting['number']} in progress:"]
        for t in waiting["tables"]:
            lines.append(f"  {' v '.join(t['players'])}: {table_result(t)}")
        draw(Text("\n".join(lines)))
    elif teams:
        draw(Text(f"Round {1 + (rounds[-1]['number'] if rounds else 0)} starts at every table."))


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


def _show_season(doc: ShowDoc) -> None:
    """An ad-infinitum season: the tally, the open games (or, once the season is over, every
    game it left unfinished), the latest finished games."""
    a, b = doc["players"]
    _season_tally(doc)
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


def _show_all(doc: ShowDoc) -> None:
    """``show --all`` of a match replayed whole (a team match): every game and set as plain
    lines (`listing.game_lines`), as a two-player match's are streamed."""
    import sys

    from gintally.cli.render.listing import game_lines, interleaved

    digits = len(str(max((g["number"] for g in doc["games"]), default=0)))
    for line in game_lines(doc, interleaved(doc), digits):
        sys.stdout.write(line + "\n")


def _season_tally(doc: ShowDoc) -> None:
    _, _, Text = kit()
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
    draw(Text(line, style="bold"))


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
    box, Table, Text = kit()
    widest = max(
        len(str(v)) for g in games for pair in (g["total"], g["points"]) for v in pair.values()
    )
    room = width()

    def needed(la: str, lb: str) -> int:
        """The table's width as Rich lays it out: the label column, the two edges, and each
        column's text with its padding (2) and separator (1)."""
        label = max(len("shutout"), len(str(max((r["hand"] for r in doc["sheet"]), default=0))))
        return label + 2 + sum(max(len(x), widest, 4) + 3 for x in (la, lb)) * len(games)

    names = (a, b)
    if needed(a, b) > room:
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
    draw(table)
    if names != (a, b):
        draw(Text(f"{names[0]} = {a}, {names[1]} = {b}", style="dim"))
