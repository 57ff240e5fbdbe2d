"""The score sheet: what `show` prints, and the parts of it that a hand's confirmation repeats
(the games, sets, rounds and series a hand posted to, an ad-infinitum season's tally).

Terminology:
- *sheet*: one row per hand that posted to a shown game, with each game's running points
  after it (`SheetRow`).
- *window*: a replayed stretch of a match and the games of it to show (`service.Window`: a
  season's, or every game with ``show --all``).
- *series in play*: the latest series, or a fresh one when none has started yet.
- *points by player* (`by_player`): what a hand gave each seat: its points to the winner,
  its other points (Mahjong gin) to the other player.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from gintally.engine.series import Series, series_rule
from gintally.game.variants import variant_of
from gintally.report.match import set_games, teams_part
from gintally.service import seating_of

if TYPE_CHECKING:
    from gintally.engine.games import Game
    from gintally.engine.replay import Entry
    from gintally.engine.rounds import Round
    from gintally.engine.sets import GameSet
    from gintally.game.rules import RuleSet
    from gintally.model import Match
    from gintally.report.shapes import (
        GameDoc,
        Pair,
        RoundDoc,
        SeriesDoc,
        SetDoc,
        SheetRow,
        ShowDoc,
        TableDoc,
        TallyDoc,
    )
    from gintally.service import Window


def game_doc(match: Match, g: Game, sides: list[str] | None = None) -> GameDoc:
    """A game as the documents give it; `sides`: the match's `sides`, when the caller makes
    many (a season's games: each pair is made here from the two names, without asking the
    match)."""
    a, b = match.sides if sides is None else sides
    p, box, gb, bb, sb = g.points, g.boxes, g.game_bonus, g.box_bonus, g.shutout_bonus
    total = [p[0] + gb[0] + bb[0] + sb[0], p[1] + gb[1] + bb[1] + sb[1]]  # `Game.total`
    doc: GameDoc = {
        "number": g.number,
        "set": g.set,
        "status": g.status,
        "winner": None if g.winner is None else (a, b)[g.winner],
        "points": {a: p[0], b: p[1]},
        "boxes": {a: box[0], b: box[1]},
        "total": {a: total[0], b: total[1]},
        "net": g.net,
        "hands": list(g.hands),
        "season": g.season,
        "opened": g.opened.isoformat(),
        "closed": g.closed.isoformat() if g.closed else None,
    }
    if g.status == "won":
        doc["bonuses"] = {
            "game": {a: gb[0], b: gb[1]},
            "boxes": {a: bb[0], b: bb[1]},
            "shutout": {a: sb[0], b: sb[1]},
        }
        doc["shutout"] = g.shutout
        doc["lost_by_50"] = g.lost_by_50
    if g.status == "open":
        needs = g.needs(match.rules.target)
        doc["needs"] = {a: needs[0], b: needs[1]}
    return doc


def set_result(match: Match, s: GameSet) -> str:
    """A set's result as a player says it: "Ann wins the set by 171" once it is over, else who
    leads on the sum of the nets of the games finished so far."""
    a, b = match.sides
    teams = match.teams is not None  # "Ann & Cy win", "Reds lead"
    if s.over:
        if s.winner is None:
            return "the set is tied"
        return f"{match.name_at(s.winner)} {'win' if teams else 'wins'} the set by {s.margin}"
    if not any(g.status == "won" for g in s.games):
        return "no game finished yet"
    if s.worth == 0:
        return "level so far"
    return f"{a if s.worth > 0 else b} {'lead' if teams else 'leads'} by {abs(s.worth)} so far"


def set_line(s: SetDoc, rolling: bool) -> str:
    """The set in progress as `show` says it under the sheet: ``Set 2 (sum of its finished
    games' nets): Bob leads by 372 so far.``, or rolling Hollywood's one running set."""
    if rolling:
        return f"Rolling Hollywood, the sum of the nets: {s['result']}."
    return f"Set {s['number']} (sum of its finished games' nets): {s['result']}."


def season_line(doc: ShowDoc) -> str:
    """An ad-infinitum season's tally as `show` heads it: ``Games won this season: Ann 0, Bob
    12`` (and the games it left unfinished)."""
    a, b = doc["players"]
    tally = doc.get("tally")  # the drawing's document: its games may be only the latest
    if tally is not None:
        won, unfinished = tally["games_won"], tally["unfinished"]
    else:
        won, unfinished = {a: 0, b: 0}, 0
        for g in doc["games"]:
            if g["status"] == "won" and g["winner"] is not None:
                won[g["winner"]] += 1
            elif g["status"] == "unfinished":
                unfinished += 1
    line = f"Games won this season: {a} {won[a]}, {b} {won[b]}"
    if unfinished:
        line += f"; {unfinished} unfinished"
    return line


def set_doc(match: Match, s: GameSet) -> SetDoc:
    return {
        "number": s.number,
        "games": [g.number for g in s.games],
        "status": s.status,
        "winner": match.name_at(s.winner),
        "margin": s.margin,
        "size": s.size,
        "lead": match.pair([max(0, s.worth), max(0, -s.worth)]),
        "result": set_result(match, s),
    }


def round_doc(match: Match, r: Round) -> RoundDoc:
    """One round of a team match, table by table."""
    tables: list[TableDoc] = []
    for t, d in enumerate(r.deals):
        a, b = match.tables[t]
        winner = None if d is None or d.winner is None else match.tables[t][d.winner].name
        tables.append(
            {
                "table": t + 1,
                "players": [a.name, b.name],
                "hand": None if d is None else d.id,
                "winner": winner,
                "points": 0 if d is None else d.points,
                "kind": None if d is None else d.kind,
                "redeals": [x.id for x in r.redeals if x.table == t],
            }
        )
    return {
        "number": r.number,
        "complete": r.complete,
        "date": r.date.isoformat() if r.date else None,
        "winner": match.name_at(r.winner),
        "points": r.points,
        "margin": r.margin,
        "sweep": r.sweep,
        "sums": match.pair(r.sums),
        "tables": tables,
        "played": [match.table_name(t) for t in r.played],
        "awaited": [match.table_name(t) for t in r.awaited],
        "redealing": [match.table_name(t) for t in r.redealing()],
    }


LAST_ROUNDS = 5  # complete rounds `show` lists table by table (`show --all`: every one)


def series_doc(match: Match, series: Series) -> SeriesDoc:
    return {
        "number": series.number,
        "score": match.pair(series.score),
        "status": series.status,
        "winner": match.name_at(series.winner),
        "unit": series.rule.unit,
        "target": series.rule.needed,
        "games": [g.number for g in series.games],
        "margin": series.margin,
    }


def _series_in_play(window: Window) -> SeriesDoc | None:
    """The series in play: the latest one, or a fresh one when none has started yet (null
    when the match plays no series)."""
    match, rep = window.match, window.replay
    rule = series_rule(match.rules)
    if rule is None:
        return None
    current = rep.series_in_play()
    if current is None:
        current = Series(rep.series_before + 1, rule)
    return series_doc(match, current)


def series_line(doc: SeriesDoc, a: str, b: str, team: bool = False, so_far: bool = False) -> str:
    """The series as a player says it: ``Series 1: Ann wins the series 580 to 255``, or the
    score so far: ``Series 2 (to 500): Ann 255, Bob 55``; `so_far` (a game has just ended and
    the series goes on): ``Series 1 (best of 5): Ann leads the series 2 games to 1``. `team`:
    the sides are teams ("Ann & Cy win the series")."""
    score = doc["score"]
    wins = "win" if team else "wins"
    if so_far and doc["winner"] is None:
        unit = doc["unit"] == "games"
        head = f"best of {2 * doc['target'] - 1}" if unit else f"to {doc['target']}"
        if score[a] == score[b]:
            each = f"{score[a]} game{'' if score[a] == 1 else 's'}" if unit else str(score[a])
            return f"Series {doc['number']} ({head}): the series is level at {each} each"
        ahead, behind = (a, b) if score[a] > score[b] else (b, a)
        games = f" game{'' if score[ahead] == 1 else 's'}" if unit else ""
        return (
            f"Series {doc['number']} ({head}): {ahead} {'lead' if team else 'leads'} the series "
            f"{score[ahead]}{games} to {score[behind]}"
        )
    if doc["unit"] == "games":
        if doc["winner"] is not None:
            loser = b if doc["winner"] == a else a
            return (
                f"Series {doc['number']}: {doc['winner']} {wins} the series "
                f"{score[doc['winner']]} game{'' if score[doc['winner']] == 1 else 's'} to "
                f"{score[loser]}"
            )
        best = 2 * doc["target"] - 1
        return f"Series {doc['number']} (best of {best}): {a} {score[a]}, {b} {score[b]} games won"
    if doc["winner"] is not None:
        loser = b if doc["winner"] == a else a
        return (
            f"Series {doc['number']}: {doc['winner']} {wins} the series "
            f"{score[doc['winner']]} to {score[loser]}"
        )
    return f"Series {doc['number']} (to {doc['target']}): {a} {score[a]}, {b} {score[b]}"


def stake_line(doc: ShowDoc) -> str | None:
    """What a sheet of a match played for money says of it, as `show` says it: the price of a
    point and what the set or game in progress is worth so far (None without a stake; the
    money document's module loads only then)."""
    stake = doc.get("stake")
    if stake is None:
        return None
    from gintally.report.money import in_play_line, spoken

    playing = doc.get("in_play")
    if playing:
        return f"At {stake['per_point']}. {in_play_line(playing)}"
    # a first price starts with the next game (set): what was under way then plays for nothing
    opened = [g for g in doc["games"] if g["status"] == "open"]
    sets = [g["set"] for g in opened if g["set"] is not None]
    if sets:  # the set in progress, begun when a game of it has a hand
        begun = [g for g in doc["games"] if g["set"] == max(sets) and g["hands"]]
    else:
        begun = [g for g in opened if g["hands"]]
    if not begun or stake["after_hand"] is None:
        return f"At {stake['per_point']}."
    if sets:
        what, under_way, verb = "set", f"set {max(sets)}", "plays"
    else:
        several = len(begun) > 1
        what, verb = "game", "play" if several else "plays"
        under_way = f"game{'s' if several else ''} {spoken([str(g['number']) for g in begun])}"
    return (
        f"At {stake['per_point']} from the next {what}: {under_way}, under way when the price "
        f"was set, {verb} for nothing."
    )


# a letter as a console that cannot show it writes it (`cli.process`'s fallback: ``\\xc9``)
_ESCAPED = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")
_JOINED = "\u200d\ufe0e\ufe0f"  # a zero-width joiner, the text and emoji variation selectors


def letters(text: str) -> list[str]:
    """The letters of `text` as a reader counts them, so that a name is cut or shortened
    between letters: a character with what is written on it (combining accents, a variation
    selector, what a zero-width joiner joins to it, a skin tone), or a backslash escape, as a
    console that cannot show the letter writes it (``\\xc9`` for É)."""
    if text.isascii() and "\\" not in text:
        return list(text)
    out: list[str] = []
    at = 0
    while at < len(text):
        escaped = _ESCAPED.match(text, at)
        if escaped is not None:
            out.append(escaped.group())
            at = escaped.end()
            continue
        ch = text[at]
        at += 1
        on_last = out and not out[-1].startswith("\\") and out[-1][-1] != " "
        if on_last and (
            unicodedata.category(ch) in ("Mn", "Mc", "Me")
            or ch in _JOINED
            or out[-1][-1] == "\u200d"
            or "\U0001f3fb" <= ch <= "\U0001f3ff"
        ):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def short_labels(a: str, b: str) -> tuple[str, str]:
    """Short labels for two players' columns where their names do not fit (the terminal's
    sheet, a printed page's games side by side): their initials, or as many first letters as
    tell them apart, or 1 and 2; a legend says whose they are."""
    first_a, first_b = letters(a), letters(b)
    for n in (1, 2, 3):
        la, lb = "".join(first_a[:n]), "".join(first_b[:n])
        if la.casefold() != lb.casefold():
            return la, lb
    return "1", "2"


def table_line(doc: ShowDoc) -> str:
    """Who deals next and the knock limit, as `show` says them (no dealer: solitaire, or a
    team match, where each table deals on its own)."""
    limit = doc["knock_limit"]
    if limit == "upcard":
        limit_text = "set by each hand's upcard"
    else:
        limit_text = "gin only" if limit == 0 else str(limit)
    if doc["solo"] or "teams" in doc:
        return f"Knock limit: {limit_text}."
    dealer = doc["next_dealer"] or "not known (give --dealer)"
    return f"Next dealer: {dealer}.  Knock limit: {limit_text}."


def knock_limit_text(rules: RuleSet) -> str | int:
    """The knock limit as the sheet gives it: a number, or ``upcard`` (the upcard's value)."""
    return "upcard" if rules.knock_from_upcard else int(rules.knock_limit)


def show_doc(window: Window, every: bool = False, sheet_rows: bool = True) -> ShowDoc:
    """What `show` prints: games with running scores, bonuses, sets, next dealer, knock limit.
    `every` (``show --all``): the window holds every game of the match, and so do ``games`` and
    ``sets``. Without `sheet_rows` the ``sheet`` of a seasonal format is left empty (the
    drawing of a season shows none: a season of thousands of hands skips making it), and the
    season's ``tally`` is added: its ``games`` are the window's, which may be only the open
    games and the latest finished ones (`service.replay_match`'s ``recent``)."""
    match, rep = window.match, window.replay
    variant = variant_of(match.rules)
    # who dealt each hand is known when the seating works it out and the variant is dealt
    dealt = seating_of(match).derives_dealer and variant.dealt
    sides = match.sides
    a, b = sides
    shown = {id(g) for g in window.shown}
    # each shown game's running points and its number as the sheet keys it, by the game's id
    running: dict[int, list[Any]] = {}
    sheet: list[SheetRow] = []
    for played in rep.played if sheet_rows or not match.format.seasonal else ():
        e = played.entry
        winner = e.winner
        if winner is None:
            to_a = to_b = 0
        else:  # what the hand gives each seat: its points to the winner, `other` to the other
            to_a, to_b = (e.points, e.other) if winner == 0 else (e.other, e.points)
        posts = {}
        for game in played.posts:
            held = running.get(id(game))
            if held is None:
                if id(game) not in shown:
                    continue
                held = running[id(game)] = [0, 0, str(game.number)]
            held[0] += to_a
            held[1] += to_b
            posts[held[2]] = {a: held[0], b: held[1]}
        if not posts:
            continue
        sheet.append(sheet_row(match, e, played.dealer if dealt else None, posts, sides))
    sets = rep.sets()
    numbers = {g.number for g in window.shown}
    shown_sets = [x for x in sets if every or any(g.number in numbers for g in x.games)]
    doc: ShowDoc = {
        "match": match.name,
        "format": match.format.name,
        "players": match.sides,
        "games": [game_doc(match, g, sides) for g in window.shown],
        "next_dealer": match.name_at(rep.next_dealer) if dealt else None,
        "knock_limit": knock_limit_text(match.rules),
        "target": match.rules.target,
        "preset": match.rules.preset,
        "season": window.season,
        "format_games": set_games(match.format),
        "rolling": match.format.rolling,
        "sheet": sheet,
        "result": match.pair(sets[-1].nets if sets else [0, 0]),
        "series": _series_in_play(window),
        "variant": variant.key,
        "solo": variant.players == 1,
        "both_score": variant.both_score,
        "sets": [set_doc(match, x) for x in shown_sets],
        "all": every,
        "season_over": match.format.seasonal
        and not every
        and any(g.status == "unfinished" for g in window.shown),
    }
    if match.format.seasonal and not every and not sheet_rows:
        # the drawing's document: its games may be only the open ones and the latest finished
        # (a window from a mark inside the season), so the season's tally comes with them
        doc["tally"] = tally_doc(window, over=doc["season_over"])
    if match.teams is not None:
        from gintally.engine.rounds import in_progress  # (a team match's own)
        from gintally.service import table_names

        waiting = in_progress(window.rounds)
        done = [r for r in window.rounds if r.complete]
        doc["teams"] = teams_part(match)["teams"]
        doc["tables"] = table_names(match)
        doc["round"] = round_doc(match, waiting) if waiting is not None else None
        doc["rounds"] = [round_doc(match, r) for r in (done if every else done[-LAST_ROUNDS:])]
    return doc


def sheet_row(
    match: Match,
    e: Entry,
    dealer: int | None,
    posts: dict[str, Pair],
    sides: list[str] | None = None,
) -> SheetRow:
    """One hand's row of the sheet: the hand, who dealt it (`dealer`'s seat, None when the
    sheet does not say) and each shown game's running points after it (`posts`); `sides` as
    for `game_doc`."""
    a, b = match.sides if sides is None else sides
    winner = e.winner
    if winner is None:
        by = {a: 0, b: 0}
    else:
        other = e.other or 0
        by = {a: e.points, b: other} if winner == 0 else {a: other, b: e.points}  # `by_player`
    return {
        "hand": e.id,
        "date": e.date.isoformat(),
        "kind": e.kind,
        "winner": None if winner is None else (a, b)[winner],
        "points": e.points,
        "dealer": None if dealer is None else (a, b)[dealer],
        "game_points": posts,
        "points_by_player": by,
    }


def by_player(winner: int | None, points: int, other: int | None) -> list[int]:
    """What a hand gave each seat: its points to the winner, `other` to the other player."""
    out = [0, 0]
    if winner is not None:
        out[winner] = points
        out[1 - winner] = other or 0
    return out


def tally_doc(window: Window, over: bool = False) -> TallyDoc:
    """The season of an ad-infinitum window, counted (the games won before the mark it was
    replayed from, if any, included: `Replay.won_before`); `over`: the season has ended."""
    match = window.match
    won = list(window.replay.won_before)  # a window from a mark inside the season: before it
    for g in window.shown:
        if g.status == "won" and g.winner is not None:
            won[g.winner] += 1
    games = window.shown
    return {
        "season": window.season or "",
        "games_won": match.pair(won),
        "winner": match.name_at(0 if won[0] > won[1] else 1) if over and won[0] != won[1] else None,
        "open": sum(g.status == "open" for g in games),
        "unfinished": sum(g.status == "unfinished" for g in games),
    }
