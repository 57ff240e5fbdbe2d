"""The standings of a season: each player's (or team's) games, sets, series, hands, points,
gins, undercuts, biggest hand and net; then each player's own hands in a team match, the past
seasons, the years won and the season's race as a sparkline.

Terminology:
- *sparkline*: values as block characters, one each, on one scale (plain Unicode, no library).
- *season sparkline*: one line with each player's games won so far at each month's end; only
  when the season's games span two months or more (an evening needs no sparkline).
- *years won*: the seasons each player won, over the match's life.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.cli.render.sheet import relabel, team_labels
from gintally.cli.render.terminal import (
    NAME_ROOM,
    console,
    group,
    kit,
    message,
    money_message,
    short,
)
from gintally.engine.formats import format_class
from gintally.report import StandingsDoc

if TYPE_CHECKING:
    from rich.console import Group, RenderableType


def standings(doc: StandingsDoc) -> Group:
    """The season's table, each player's hands in a team match, the past seasons, the years
    won and the sparkline."""
    box, Table, Text = kit()
    pieces: list[RenderableType] = []
    draw = pieces.append
    if doc.get("season") is None and not doc.get("seasons"):
        if doc.get("teams"):  # standings count complete rounds (`show` lists one in progress)
            return group([message(f"No complete round in {doc['match']} yet.")])
        return group([message(f"No hands in {doc['match']} yet.")])
    if doc.get("teams"):  # the teams by short labels (as in show), and a legend
        labels = team_labels(doc["players"], doc.get("teams", []))
        for name, label in labels.items():
            if label != name:
                draw(Text(f"Team {label} = {name}", style="dim"))
        doc = relabel(doc, labels)
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
        "rounds" if teams else "won",  # hands won (stats' "played" counts those played)
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
    said = [] if teams else ["won: hands won"]
    if series_rule:
        said.append(f"A series is won at {series_rule}.")
    if said:
        table.caption = "; ".join(said)
        table.caption_justify = "left"
    out = console()
    if out.measure(table, options=out.options.update(max_width=1000)).maximum > out.width:
        table.padding = (0, 0)  # sets and series columns too: one space apart, headers whole
    draw(table)
    stake = doc.get("stake")
    if stake is not None:  # played for money: each side's winnings in the season
        from gintally.report import money_text, winnings_at

        earned = ", ".join(
            f"{r['player']} {money_text(r.get('winnings', '0'), stake['currency'])}"
            for r in doc["rows"]
        )
        winnings = f"Winnings this season {winnings_at(doc)}: {earned}."
        draw(money_message(winnings, stake["currency"]))
    if doc.get("unfinished"):
        draw(message(f"{doc['unfinished']} unfinished game(s) this season.", "yellow"))
    members = doc.get("members") or []
    if members:
        each = Table(box=box.SIMPLE_HEAD, title="Each player's hands", title_justify="left")
        each.add_column("player")
        each.add_column("team")
        for col in ("hands", "won", "points", "gins", "undercuts", "biggest"):
            each.add_column(col, justify="right")
        for m in members:
            each.add_row(
                m["player"],
                m["team"],
                str(m["hands"]),
                str(m["hands_won"]),
                str(m["points"]),
                str(m["gins"]),
                str(m["undercuts"]),
                str(m["biggest_hand"]),
            )
        draw(each)
    seasons = doc.get("seasons") or []
    if len(seasons) > 1:
        past = Table(box=box.SIMPLE_HEAD, title="Seasons", title_justify="left")
        past.add_column("season")
        past.add_column(short(a, NAME_ROOM), justify="right")
        past.add_column(short(b, NAME_ROOM), justify="right")
        past.add_column("", justify="left")
        for s in seasons:
            games = {r["player"]: r["games_won"] for r in s["rows"]}
            level = "tied" if any(games.values()) else "no game finished"
            who = s["winner"] or (level if s["over"] else "in play")
            past.add_row(s["season"], str(games[a]), str(games[b]), who)
        draw(past)
    won = doc["years_won"]
    if won[a] or won[b]:
        if won[a] == won[b]:
            tally = f"{won[a]} {_years(won[a])} each"
        else:
            leader, other = (a, b) if won[a] > won[b] else (b, a)
            tally = f"{leader} leads, {won[leader]} {_years(won[leader])} to {won[other]}"
        draw(message(f"Years won: {tally}", "bold"))
    line = season_sparkline(doc)
    if line:
        draw(message(line))
    return group(pieces)


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
    races = "  ".join(f"{short(name, 12)} {sparkline(v, top)} {v[-1]}" for name, v in games.items())
    return f"Games won by month, {span}: {races}"


def _years(n: int) -> str:
    return "year" if n == 1 else "years"
