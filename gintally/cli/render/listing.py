"""Every game of a match (``show --all``) as plain lines, one game a line, written as the games
are listed (a match of decades never sits in memory, and no table is laid out): like the hand
log, without Rich.

The lines: the match and its format; a heading; then each game (its season or set, its number,
each player's total, and who won it by how much, or that it was left unfinished, or what each
player needs), each set after its last game (``Set 4, games 10-12: Ann wins the set by 435.``);
last the series in play, the next dealer and the knock limit.

Terminology:
- *columns*: season (ad-infinitum) or set (hollywood, honeymoon), game, one total per player,
  then the result; the players' columns are as wide as their names (up to `NAME_ROOM`, longer
  names end in "…"), so a line of two twelve-letter names fits 80 columns.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from gintally.cli.render.terminal import NAME_ROOM, cells, padded, short, wrapped
from gintally.engine.formats import format_class
from gintally.report import GameLine, SetDoc, ShowDoc, series_line, stake_line, table_line


def every_game(
    head: ShowDoc,
    items: Iterable[GameLine | SetDoc],
    finish: Callable[[], ShowDoc],
    digits: int = 1,
) -> Iterator[str]:
    """``show --all`` for a two-player match: the head, every game and set as `items` gives
    them, then the foot from the document `finish` gives once they are all listed. `digits`:
    of the match's highest hand number (game numbers are about as wide)."""
    yield from head_lines(head)
    yield from game_lines(head, items, digits)
    yield from foot_lines(finish())


def interleaved(doc: ShowDoc) -> Iterator[GameLine | SetDoc]:
    """A whole document's games and sets in the order a listing gives them: each set after
    its last game."""
    sets = {s["number"]: s for s in doc["sets"]}
    current = None
    for g in doc["games"]:
        if current is not None and g["set"] != current and current in sets:
            yield sets.pop(current)
        current = g["set"]
        yield g
    yield from sets.values()


def folded(lines: Iterable[str], room: int) -> Iterator[str]:
    """`lines` as they are, but a line longer than `room` columns (a narrow screen) broken
    where its columns meet (two spaces or more), or else at its spaces, the rest indented under
    it: a number (or a name) is never split by the terminal's wrap. Columns are counted as
    shown (李 takes two)."""
    room = max(20, room)
    for line in lines:
        if cells(line) <= room:
            yield line
            continue
        for text in (_SPACE.sub(_KEEP, line), line):  # the columns whole, else the words
            parts = wrapped(text, room, more="      ", split_words=False)
            if all(cells(p) <= room for p in parts):
                break
        yield from (p.replace(_KEEP, " ") for p in parts)


_KEEP = "\xa0"  # a space textwrap never breaks at (it breaks at ASCII whitespace only)
_SPACE = re.compile(r"(?<=\S) (?=\S)")  # a single space, inside a column


def head_lines(doc: ShowDoc) -> list[str]:
    a, b = doc["players"]
    kind = format_class(doc["format"])
    about = doc["format"]
    if kind.in_sets:
        about += f" ({doc['format_games']} games{', rolling' if doc['rolling'] else ''})"
    about += f", rules {doc['preset']}, target {doc['target']}"
    return [f"{doc['match']}: {a} vs {b}", about]


def game_lines(doc: ShowDoc, items: Iterable[GameLine | SetDoc], digits: int = 1) -> Iterator[str]:
    """One line a game, a line after each set; "No games yet" when there is none."""
    a, b = doc["players"]
    kind = format_class(doc["format"])
    name_a, name_b = short(a, NAME_ROOM), short(b, NAME_ROOM)
    wide = [max(5, cells(name_a)), max(5, cells(name_b))]  # columns (李 takes two)
    number = max(4, digits)
    first = "season" if kind.seasonal else "set" if kind.in_sets else ""
    lead = 0
    shown = False
    # what many games share, laid out once: the season or set cell, a won game's result
    # (`_MEMO` of them at most: memory stays bounded)
    firsts: dict[object, str] = {}
    results: dict[tuple[object, ...], str] = {}
    layout = ""
    for item in items:
        if "result" in item:  # a set, after its last game
            s: SetDoc = item  # type: ignore[assignment]
            games = s["games"]
            span = f"games {games[0]}-{games[-1]}" if len(games) > 1 else f"game {games[0]}"
            yield f"Set {s['number']}, {span}: {s['result']}."
            continue
        g: GameLine = item
        if not shown:
            shown = True
            lead = max(len(first), len(g["season"] or "")) if kind.seasonal else len(first)
            yield "Games, with each player's total:"
            yield (
                (f"{first:<{lead}}  " if first else "")
                + f"{'game':>{number}}  {padded(name_a, wide[0], right=True)}  "
                + f"{padded(name_b, wide[1], right=True)}  result"
            )
            layout = f"{{:>{number}}}  {{:>{wide[0]}}}  {{:>{wide[1]}}}  "
        where = g["season"] if kind.seasonal else g["set"]
        cell = firsts.get(where)
        if cell is None:
            cell = (
                f"{g['season']:<{lead}}  "
                if kind.seasonal
                else f"{g['set'] or '':>{lead}}  "
                if first
                else ""
            )
            if len(firsts) >= _MEMO:
                firsts.clear()
            firsts[where] = cell
        tot = g["total"]
        if g["status"] == "won":
            key = (g["winner"], g["net"], g.get("shutout"), g.get("lost_by_50"))
            result = results.get(key)
            if result is None:
                result = _result(g, a, b)
                if len(results) >= _MEMO:
                    results.clear()
                results[key] = result
        else:
            result = _result(g, a, b)
        yield cell + layout.format(g["number"], tot[a], tot[b]) + result
    if not shown:
        yield "No games yet: record a hand (gintally knock, gin, score ...)."


_MEMO = 10_000  # seasons, sets and won games' results `game_lines` remembers


def _result(g: GameLine, a: str, b: str) -> str:
    """Who won the game and by how much; that it was left unfinished; what each needs."""
    if g["status"] == "won":
        note = f"{g['winner']} wins, net {g['net']}"
        if g.get("shutout"):
            note += ", shutout"
        if g.get("lost_by_50"):
            note += " (the leader ended exactly 50 ahead)"
        return note
    if g["status"] == "unfinished":
        return "unfinished"
    need = g.get("needs") or {}
    return f"needs {a} {need.get(a)}, {b} {need.get(b)}"


def foot_lines(doc: ShowDoc) -> list[str]:
    """The series in play, the next dealer and the knock limit (as `show` says them)."""
    a, b = doc["players"]
    out = []
    if doc["series"] is not None:
        out.append(series_line(doc["series"], a, b, "teams" in doc))
    money, stake = stake_line(doc), doc.get("stake")
    if money is not None and stake is not None:  # played for money, as the reader writes it
        from gintally.locales import placed_in

        out.append(placed_in(money, stake["currency"]))
    out.append(table_line(doc))
    return out
