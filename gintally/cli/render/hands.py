"""A recorded hand and the hand log, as plain lines without Rich.

Hand commands are typed at the table and must start fast, and Rich costs some 20-30 ms to
import: a hand's confirmation is written straight to stdout, and the log is yielded line by line
(so it can stream through a pager). A team match's lines that name whole teams wrap at the
terminal's width (the one thing a confirmation asks Rich's console), indented under their own
line, never breaking a table, a team or a list of cards.

Terminology:
- *confirmation*: what a hand command prints: the hand's description, the games it posted to
  (or, for ad-infinitum, a summary), the sets and series it closed, who deals next.
- *summary*: an ad-infinitum hand in three lines at most: the games it opened and closed, the
  season's tally.
- *hand log*: the hands of a season, one to a line: number, date, dealer (a team match: the
  round), upcard, what happened.
- *round*: one hand at every table of a team match; once complete, the team whose hands scored
  more wins it by the difference (plus the sweep bonus when every table won).
- *table*: a pair of players, the i-th of each team; its result in a round is its hand's.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from gintally.cli.render.terminal import cells, kept_width, out, padded, width, wrapped
from gintally.report import series_line

if TYPE_CHECKING:
    from gintally.report import GameDoc, HandDoc, HandRow, HandsHead, RoundDoc, TableDoc


def hand(doc: HandDoc) -> None:
    """A recorded hand, as plain lines: what happened, the games it posted to (or, for
    ad-infinitum, a summary: the games it opened and closed and the season's tally), the sets it
    closed, who deals next; at the width of the screen that keeps it (``play``), else of the
    terminal."""
    out("\n".join(hand_lines(doc, kept_width())) + "\n")


def hand_lines(doc: HandDoc, width: int | None = None) -> list[str]:
    """`hand`'s lines, wrapped at `width` columns (None: the terminal's); ``gintally serve``
    says them too."""
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
    if "series_so_far" in doc:
        (a, _), (b, _) = doc["series_so_far"]["score"].items()
        lines.append("  " + series_line(doc["series_so_far"], a, b, "table" in doc, so_far=True))
    if doc.get("next_dealer"):
        lines.append(f"Next dealer: {doc['next_dealer']}")
    if "table" in doc:  # a team match: lines naming whole teams wrap, indented under their own
        lines[1:] = [part for line in lines[1:] for part in _wrapped(line, width)]
    room = terminal_width() if width is None else width
    # a long hand (Mahjong gin, a match's name); a line of half the room fits whatever it holds
    if any(2 * len(line) > room and cells(line) > room for line in lines):
        lines = [part for line in lines for part in _wrapped(line, room)]
    return lines


_KEEP = "\xa0"  # a space textwrap never breaks at (it breaks at ASCII whitespace only)
RESULT = 30  # the longest result after a line's last colon kept on one line

_CARDS = re.compile(r"(?<=\b[2-9TJQKA][SHDC]) (?=[2-9TJQKA][SHDC]\b)")


def _together(text: str) -> str:
    """`text` with the spaces inside a table ("Ann v Bob"), a team ("Ann & Cy"), a list of
    cards ("8D 9D") and a short result after the last colon ("Ann +85, Bob -15") made
    unbreakable for `textwrap`; `.replace(_KEEP, " ")` undoes it."""
    text = text.replace(" v ", f"{_KEEP}v{_KEEP}").replace(" & ", f"{_KEEP}&{_KEEP}")
    head, colon, result = text.rpartition(": ")
    if colon and len(result) <= RESULT:  # a hand's result, "Ann +85, Bob -15", stays whole
        text = head + colon + result.replace(" ", _KEEP)
    return _CARDS.sub(_KEEP, text)


def terminal_width() -> int:
    """The terminal's width as a confirmation reads it without Rich (or shutil, which costs a
    hand command some milliseconds to import): COLUMNS, else the terminal's, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def _wrapped(line: str, room: int | None = None) -> list[str]:
    """A line of a hand's confirmation in lines that fit the terminal (or `room` columns):
    indented as it was, and further under it; a table, a team or a list of cards is never
    broken."""
    if room is None:
        room = width()
    indent = line[: len(line) - len(line.lstrip())]
    parts = wrapped(_together(line.strip()), max(20, room), indent, indent + "  ")
    return [p.replace(_KEEP, " ") for p in parts]


def _round_lines(r: RoundDoc) -> list[str]:
    """A team match's round, as plain lines: the result once complete, else what it awaits."""
    if not r["complete"]:
        done = [f"{_and(r['played'])} played"] if r["played"] else []
        if r["redealing"]:
            deal = "deal" if len(r["redealing"]) > 1 else "deals"
            done.append(f"{_and(r['redealing'])} {deal} again")
        return [f"  Round {r['number']}: {', '.join(done)}; waiting for {_and(r['awaited'])}"]
    return [f"  Round {r['number']} complete: {round_result(r)}"]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _game_line(g: GameDoc, team: bool = False) -> str:
    """A game a hand posted to: its points, or once won its result (`team`: a team wins it, so
    "Ann & Cy win")."""
    (a, pa), (b, pb) = g["points"].items()
    line = f"Game {g['number']}: {a} {pa}, {b} {pb}"
    if g["status"] == "won" and g["winner"] is not None:
        total = g["total"]
        loser = b if g["winner"] == a else a
        bonuses = " with the bonuses" if total != g["points"] else ""  # none: say none
        line = (
            f"Game {g['number']}: {g['winner']} {'win' if team else 'wins'} {total[g['winner']]}"
            f" to {total[loser]}{bonuses}, net {g['net']}"
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


def _nets(nets: list[int]) -> str:
    """``20``, ``15, 50``, or ``15 to 325`` for more than four."""
    if len(nets) > 4:
        return f"{min(nets)} to {max(nets)}"
    return ", ".join(str(n) for n in nets)


def _closed_line(doc: HandDoc, closed: list[int]) -> str:
    """The games an ad-infinitum hand closed, by winner: the boxes or `exactly_50_loses` may
    give some of them to the player who did not reach the target."""
    won = {g["number"]: g for g in doc.get("games") or []}
    wins = "win" if "table" in doc else "wins"  # a team: "Ann & Cy win"
    by_winner: dict[str, list[int]] = {}
    for n in closed:
        who = (won[n]["winner"] or "?") if n in won else "?"
        by_winner.setdefault(who, []).append(n)

    def nets(numbers: list[int]) -> str:
        return _nets([won[n]["net"] or 0 for n in numbers if n in won])

    if len(by_winner) == 1:
        (who,) = by_winner
        many = "s" if len(closed) > 1 else ""
        if len(closed) > 4:
            return (
                f"  Closes {len(closed)} games, {closed[0]} to {closed[-1]}: {who} {wins} them, "
                f"nets {nets(closed)}."
            )
        return f"  Closes game{many} {_numbers(closed)}: {who} {wins}, net{many} {nets(closed)}."
    parts = [
        f"{who} {wins} {_numbers(numbers)} (net{'s' if len(numbers) > 1 else ''} {nets(numbers)})"
        for who, numbers in by_winner.items()
    ]
    if len(closed) > 4:
        return f"  Closes {len(closed)} games, {closed[0]} to {closed[-1]}: {'; '.join(parts)}."
    return f"  Closes games {_numbers(closed)}: {'; '.join(parts)}."


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
        lines.append(_closed_line(doc, closed))
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
    if not head["count"]:
        season = f" in season {head['season']}." if head["season"] else " yet."
        yield f"No hands in {head['match']}{season}"
        return
    season = f", season {head['season']}" if head["season"] else ", every season"
    count = _count(head["count"], "hand")
    if head["total"] > head["count"]:  # ``--last N``, or a short screen in ``play``
        count = f"the last {head['count']} of {head['total']} hands"
    title = f"Hands of {head['match']}{season} ({count})"
    if cells(title) > width:  # a narrow screen: wrapped, "(14 hands)" kept whole
        yield from _wrapped(title.replace(count, count.replace(" ", _KEEP)), width)
    else:
        yield title
    teams = bool(head.get("teams"))
    number = max(3, digits)
    who = max(6, *(cells(p) for p in head["players"]))  # the dealer's column
    # a dealer's name too long for the screen's columns is said after what happened instead,
    # as a team match's is (the terminal would break it, and the columns, anywhere)
    apart = not teams and number + 2 + 10 + 2 + who + 2 + 3 > width
    middle = f"{'rnd':>{number}}  " if teams else "" if apart else f"{'dealer':<{who}}  "
    lead = f"{'#':>{number}}  {'date':<10}  {middle}{'up':<3}  "
    # A narrow screen (under some 55 columns): what happened goes under the hand's columns,
    # across the screen, rather than in a column too narrow for it.
    narrow = width - len(lead) < NARROW
    under = " " * (number + 2 if narrow else len(lead))
    yield from [lead.rstrip(), under + "what happened"] if narrow else [lead + "what happened"]
    room = max(20, width - len(under))
    # a line after its number, date (and round) for each distinct look of a hand, made once
    # (a household repeats a few thousand results: `_MEMO` of them at most)
    made: dict[tuple[object, ...], tuple[str, list[str]]] = {}
    for h in rows:
        key = (
            h["description"],
            h["edited"],
            h["dealer"],
            h["voided"],
            h["void_reason"],
            h["note"],
            h["upcard"],
        )
        found = made.get(key)
        if found is None:
            found = _log_rest(h, teams or apart, room, who)
            if len(made) >= _MEMO:
                made.clear()
            made[key] = found
        columns, (first, *more) = found
        if teams:
            columns = f"{h.get('round') or '-':>{number}}  " + columns
        columns = f"{h['hand']:>{number}}  {h['date']:<10}  " + columns
        if narrow:
            yield columns.rstrip()
            more = [first, *more]
        else:
            yield columns + first
        for line in more:
            yield under + line


_MEMO = 10_000  # distinct looks of a hand `hand_log` remembers (then forgets, and again)
NARROW = 24  # the narrowest column of what happened in the log, else it goes under the hand


def _log_rest(h: HandRow, dealt_after: bool, room: int, who: int) -> tuple[str, list[str]]:
    """A hand's columns in the log after its number, date (and a team match's round): its
    dealer (unless `dealt_after`: said after what happened) and upcard; and what happened,
    wrapped to `room`, in lines not yet indented."""
    what = h["description"] + (" [edited]" if h["edited"] else "")
    if dealt_after and h["dealer"]:
        what += f" ({h['dealer']} dealt)"
    if h["voided"]:
        what += f" [void: {h['void_reason']}]" if h["void_reason"] else " [void]"
    if h["note"]:
        what += f" - {h['note']}"
    if cells(what) <= room and what == what.rstrip() and what.isprintable():
        first, more = what.replace(_KEEP, " "), []  # fits: what textwrap would give
    else:
        first, *more = [part.replace(_KEEP, " ") for part in wrapped(_together(what), room) or [""]]
    dealer = "" if dealt_after else padded(h["dealer"] or "-", who) + "  "
    return f"{dealer}{h['upcard'] or '-':<3}  ", [first, *more]


def round_result(r: RoundDoc) -> str:
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


def table_result(t: TableDoc, numbered: bool = True) -> str:
    """What a table did in a round: "Di gin +37 (hand 2)", "awaited", "dealing again (hand 1
    nobody won)", "Ann +10 (hand 3, redealt after hand 1)"."""
    again = t["redeals"]
    after = f"{'hands' if len(again) > 1 else 'hand'} {', '.join(map(str, again))}"
    if t["hand"] is None:
        return f"dealing again ({after} nobody won)" if again and numbered else "awaited"
    kind = "" if t["kind"] in ("knock", "score") else f" {t['kind']}"
    what = f"{t['winner']}{kind} +{t['points']}"
    if not numbered:
        return what
    return f"{what} (hand {t['hand']}" + (f", redealt after {after})" if again else ")")
