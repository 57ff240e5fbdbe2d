"""Reports: the documents that ``--json`` prints and that `render` draws for people.

Each function turns derived data (a replayed window, standings, a recorded hand) into plain
dicts and lists with player names, in the shapes of SPEC section 5 (more keys are allowed there
and given here). Both outputs come from the same document, so the table a player reads and the
JSON a script reads can never disagree. No I/O, no Rich.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gintally.formats import Game
from gintally.ledger import HandRecord, Match
from gintally.rules import KNOBS, RuleSet
from gintally.scoring import HandResult
from gintally.standings import Season, years_won
from gintally.tally import Window

Doc = dict[str, Any]


def _pair(match: Match, values: list[int]) -> dict[str, int]:
    return {match.players[0].name: values[0], match.players[1].name: values[1]}


def _name(match: Match, index: int | None) -> str | None:
    return None if index is None else match.players[index].name


def _player_name(match: Match, player_id: int | None) -> str | None:
    return _name(match, match.index_of(player_id))


def game_doc(match: Match, g: Game) -> Doc:
    doc: Doc = {
        "number": g.number,
        "status": g.status,
        "winner": _name(match, g.winner),
        "points": _pair(match, g.points),
        "boxes": _pair(match, g.boxes),
        "total": _pair(match, g.total),
        "net": g.net,
        "hands": list(g.hands),
        "season": g.season,
        "opened": g.opened.isoformat(),
        "closed": g.closed.isoformat() if g.closed else None,
    }
    if g.status == "won":
        doc["bonuses"] = {
            "game": _pair(match, g.game_bonus),
            "boxes": _pair(match, g.box_bonus),
            "shutout": _pair(match, g.shutout_bonus),
        }
        doc["shutout"] = g.shutout
    if g.status == "open":
        doc["needs"] = _pair(match, g.needs(match.rules.target))
    return doc


def knock_limit_text(rules: RuleSet) -> str | int:
    return "upcard" if rules.knock_from_upcard else int(rules.knock_limit)


def match_doc(match: Match) -> Doc:
    return {
        "match": match.name,
        "players": [p.name for p in match.players],
        "format": match.format.name,
        "games": match.format.games,
        "rolling": match.format.rolling,
        "season_start": match.format.season_start_text,
        "rules": {"preset": match.rules.preset, **match.rules.values()},
        "first_dealer": _player_name(match, match.first_dealer),
        "created": match.created_at,
    }


def show_doc(window: Window) -> Doc:
    """What `show` prints: games with running scores, bonuses, next dealer, knock limit."""
    match, rep = window.match, window.replay
    shown = {id(g) for g in window.shown}
    running: dict[int, list[int]] = {}
    sheet = []
    for played in rep.played:
        e = played.entry
        posts = {}
        for game in played.posts:
            if id(game) not in shown:
                continue
            pts = running.setdefault(id(game), [0, 0])
            if e.winner is not None:
                pts[e.winner] += e.points
            posts[str(game.number)] = _pair(match, list(pts))
        if not posts:
            continue
        sheet.append(
            {
                "hand": e.id,
                "date": e.date.isoformat(),
                "kind": e.kind,
                "winner": _name(match, e.winner),
                "points": e.points,
                "dealer": _name(match, played.dealer),
                "games": posts,
            }
        )
    return {
        "match": match.name,
        "format": match.format.name,
        "players": [p.name for p in match.players],
        "games": [game_doc(match, g) for g in window.shown],
        "next_dealer": _name(match, rep.next_dealer),
        "knock_limit": knock_limit_text(match.rules),
        "target": match.rules.target,
        "rules": match.rules.preset,
        "season": window.season,
        "format_games": match.format.games,
        "rolling": match.format.rolling,
        "sheet": sheet,
        "result": _pair(match, _result(_current_set(match, rep.games))),
    }


def _current_set(match: Match, games: list[Game]) -> list[Game]:
    """The games a Hollywood or Honeymoon result adds up: the current set of N (every game,
    for rolling Hollywood, which never ends a set; none for the other formats)."""
    fmt = match.format
    if fmt.name not in ("hollywood", "honeymoon") or not games:
        return []
    if fmt.rolling:
        return games
    last = (games[-1].number - 1) // fmt.games
    return [g for g in games if (g.number - 1) // fmt.games == last]


def _result(games: Iterable[Game]) -> list[int]:
    """Each player's sum of the nets of the games they won (a Hollywood evening's result)."""
    won = [0, 0]
    for g in games:
        if g.winner is not None and g.net is not None:
            won[g.winner] += g.net
    return won


def hand_doc(
    match: Match, rec: HandRecord, result: HandResult | None = None, window: Window | None = None
) -> Doc:
    """What a hand command prints (and `edit`, `void`, `undo`)."""
    knocker = _player_name(match, rec.knocker)
    doc: Doc = {
        "hand": rec.id,
        "kind": rec.kind,
        "winner": _player_name(match, rec.winner),
        "points": rec.points,
        "knocker_deadwood": rec.knocker_deadwood if rec.claim != "draw" else None,
        "defender_deadwood": rec.defender_deadwood if rec.claim != "draw" else None,
        "layoffs": rec.layoffs.split() if rec.layoffs else [],
        "match": match.name,
        "date": rec.date.isoformat(),
        "claim": rec.claim,
        "knocker": knocker,
        "upcard": rec.upcard,
        "note": rec.note,
        "voided": rec.voided,
        "description": describe(match, rec, result),
    }
    if rec.claim == "draw" and rec.knocker_deadwood is not None:
        doc["deadwood"] = _pair(match, [rec.knocker_deadwood or 0, rec.defender_deadwood or 0])
    if result is not None:
        doc["doubled"] = result.doubled
        doc["knock_limit"] = result.knock_limit
        if result.knocker_melds or result.defender_melds:
            doc["knocker_melds"] = [[str(c) for c in m] for m in result.knocker_melds]
            doc["knocker_deadwood_cards"] = [str(c) for c in result.knocker_deadwood_cards]
            doc["defender_melds"] = [[str(c) for c in m] for m in result.defender_melds]
            doc["defender_deadwood_cards"] = [str(c) for c in result.defender_deadwood_cards]
    if window is not None:
        posted = next((p.posts for p in window.replay.played if p.entry.id == rec.id), [])
        doc["games"] = [game_doc(match, g) for g in posted]
        doc["next_dealer"] = _name(match, window.replay.next_dealer)
    return doc


def describe(match: Match, rec: HandRecord, result: HandResult | None = None) -> str:
    """One line that says what happened, as a player would say it."""
    names = {p.id: p.name for p in match.players}
    winner = names.get(rec.winner or -1)
    if rec.claim == "draw":
        if winner is None:
            return "Drawn hand: no score"
        a, b = match.players
        if rec.knocker_deadwood is None or rec.defender_deadwood is None:
            return f"Drawn hand: {winner} +{rec.points}"
        return (
            f"Drawn hand: {a.name} has {rec.knocker_deadwood}, {b.name} has "
            f"{rec.defender_deadwood}: {winner} +{rec.points}"
        )
    if rec.claim == "score":
        kind = f" ({rec.kind})" if rec.kind != "score" else ""
        return f"{winner} scores {rec.points}{kind}"
    knocker = names.get(rec.knocker or -1, "?")
    defender = next(p.name for p in match.players if p.id != rec.knocker)
    layoffs = f" after laying off {rec.layoffs}" if rec.layoffs else ""
    doubled = " (spade upcard: doubled)" if result is not None and result.doubled else ""
    if rec.kind in ("gin", "big-gin"):
        what = "goes gin" if rec.kind == "gin" else "goes big gin"
        return (
            f"{knocker} {what}, {defender} has {rec.defender_deadwood}: "
            f"{knocker} +{rec.points}{doubled}"
        )
    if rec.kind == "undercut":
        return (
            f"{knocker} knocks with {rec.knocker_deadwood}, {defender} undercuts with "
            f"{rec.defender_deadwood}{layoffs}: {defender} +{rec.points}{doubled}"
        )
    return (
        f"{knocker} knocks with {rec.knocker_deadwood}, {defender} has "
        f"{rec.defender_deadwood}{layoffs}: {knocker} +{rec.points}{doubled}"
    )


def hands_doc(match: Match, hands: list[HandRecord], dealers: dict[int, int | None]) -> Doc:
    """The hand log."""
    rows = []
    for h in hands:
        rows.append(
            {
                "id": h.id,
                "date": h.date.isoformat(),
                "kind": h.kind,
                "winner": _player_name(match, h.winner),
                "points": h.points,
                "voided": h.voided,
                "claim": h.claim,
                "knocker": _player_name(match, h.knocker),
                "knocker_deadwood": h.knocker_deadwood,
                "defender_deadwood": h.defender_deadwood,
                "layoffs": h.layoffs.split() if h.layoffs else [],
                "upcard": h.upcard,
                "dealer": _name(match, dealers.get(h.id))
                if h.id in dealers
                else _player_name(match, h.dealer),
                "note": h.note,
                "edited": h.versions > 1,
                "void_reason": h.void_reason,
                "description": describe(match, h),
            }
        )
    return {"match": match.name, "players": [p.name for p in match.players], "hands": rows}


def season_doc(match: Match, season: Season) -> Doc:
    return {
        "season": season.label,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "over": season.over,
        "winner": _name(match, season.winner),
        "hands": season.hands,
        "draws": season.draws,
        "unfinished": season.unfinished,
        "open": season.open,
        "rows": [
            {
                "player": match.players[r.player].name,
                "games_won": r.games_won,
                "hands_won": r.hands_won,
                "points": r.points,
                "gins": r.gins,
                "big_gins": r.big_gins,
                "undercuts": r.undercuts,
                "biggest_hand": r.biggest_hand,
                "net": r.net,
            }
            for r in season.rows
        ],
    }


def standings_doc(match: Match, seasons: list[Season], year: int | None) -> Doc:
    """One season's standings (the latest, or the one starting in `year`), every season's
    summary, and the years-won tally."""
    chosen = seasons[-1] if seasons else None
    if year is not None:
        chosen = next((s for s in seasons if s.start.year == year), None)
    if chosen is None:
        label = str(year) if year is not None else None
        doc: Doc = {
            "season": label,
            "rows": [
                {
                    "player": p.name,
                    "games_won": 0,
                    "hands_won": 0,
                    "points": 0,
                    "gins": 0,
                    "big_gins": 0,
                    "undercuts": 0,
                    "biggest_hand": 0,
                    "net": 0,
                }
                for p in match.players
            ],
            "unfinished": 0,
        }
    else:
        doc = season_doc(match, chosen)
    doc["match"] = match.name
    doc["players"] = [p.name for p in match.players]
    doc["seasons"] = [season_doc(match, s) for s in seasons]
    doc["years_won"] = _pair(match, years_won(seasons))
    return doc


def rules_doc(rules: RuleSet, note: str = "") -> Doc:
    return {"preset": rules.preset, "note": note, "values": rules.values(), "help": dict(KNOBS)}
