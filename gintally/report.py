"""Reports: the documents that ``--json`` prints and that `render` draws for people.

Each function turns derived data (a replayed window, standings, a recorded hand) into a typed
document (a `TypedDict` of plain values with player names), in the shapes of SPEC section 5 (more
keys are allowed there and given here). Both outputs come from the same document, so the table a
player reads and the JSON a script reads can never disagree. No I/O, no Rich.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from gintally.engine.games import Game
from gintally.engine.replay import Replay
from gintally.engine.rounds import Round, in_progress
from gintally.engine.seasons import season_of
from gintally.engine.series import Series, series_rule
from gintally.engine.sets import GameSet
from gintally.engine.standings import Row, Season, years_won
from gintally.game.rules import KNOBS, RuleSet
from gintally.game.scoring import Evaluation, EvaluationDict, HandResult, doubles
from gintally.game.variants import variant_of
from gintally.model import HandRecord, Match
from gintally.service import Problem, Window, hand_table, round_of, table_names

if TYPE_CHECKING:  # the insights: loaded by the commands that use them, not by a hand command
    from typing import NotRequired, TypedDict

    from gintally.engine.insights import Lifetime, RacePoint, Record
    from gintally.service.insights import SeasonStory
else:

    class TypedDict(dict[str, object]):
        """At run time the documents are plain dicts, and their classes below only name them:
        nothing builds a document through its class or looks inside one. typing's TypedDict
        checks every key's annotation when the class is made, some 5 ms of CPU for the 31
        documents here, paid by every command at start-up (a hand command prints one)."""

        def __init_subclass__(cls, total: bool = True, **kwargs: object) -> None:
            super().__init_subclass__(**kwargs)


Pair = dict[str, int]  # a value per player, keyed by name


class BonusDoc(TypedDict):
    game: Pair
    boxes: Pair
    shutout: Pair


class GameDoc(TypedDict):
    number: int
    set: int | None
    status: str
    winner: str | None
    points: Pair
    boxes: Pair
    total: Pair
    net: int | None
    hands: list[int]
    season: str
    opened: str
    closed: str | None
    bonuses: NotRequired[BonusDoc]
    shutout: NotRequired[bool]
    lost_by_50: NotRequired[bool]  # exactly_50_loses turned the game
    needs: NotRequired[Pair]


class SetDoc(TypedDict):
    number: int
    games: list[int]
    status: str
    winner: str | None
    margin: int | None
    size: int | None  # games in the whole set; None when it never ends (rolling)
    lead: Pair  # how far each player is ahead on the sum of the nets so far (0 for the other)
    result: str  # for people: "Ann wins the set by 171", "Ann leads by 40 so far"


class TallyDoc(TypedDict):
    """An ad-infinitum season in a hand's output: games won so far, games open or unfinished."""

    season: str
    games_won: Pair
    winner: str | None  # once the season is over: the player with more games won
    open: int
    unfinished: int


class SheetRow(TypedDict):
    hand: int
    date: str
    kind: str
    winner: str | None
    points: int
    dealer: str | None
    games: dict[str, Pair]  # game number (as text) -> running points after this hand
    points_by_player: Pair  # what the hand gave each player (both score in Mahjong gin)


class SeriesDoc(TypedDict):
    number: int
    score: Pair  # series points, or games won (best of N)
    status: str  # "open" or "won"
    winner: str | None
    unit: str  # "points" or "games"
    target: int  # the series points, or the games won, that win the series
    games: list[int]  # the games counted in it
    margin: int | None


class TeamDoc(TypedDict):
    name: str
    players: list[str]


class TableDoc(TypedDict):
    table: int  # from 1
    players: list[str]  # side 0's player, side 1's
    hand: int | None  # its hand number (None: awaited)
    winner: str | None  # the player who won it
    points: int
    kind: str | None


class RoundDoc(TypedDict):
    number: int
    complete: bool
    date: str | None  # the day it was completed
    winner: str | None  # the team ahead (None: in progress, or equal sums)
    points: int  # what it posts to the games: the margin, plus the sweep bonus on a sweep
    margin: int
    sweep: bool
    sums: Pair  # each team's hand points
    tables: list[TableDoc]
    played: list[str]  # the tables that have played it ("Ann v Bob")
    awaited: list[str]  # the tables it still waits for


class ShowDoc(TypedDict):
    match: str
    format: str
    players: list[str]
    games: list[GameDoc]
    next_dealer: str | None
    knock_limit: str | int
    target: int
    rules: str
    season: str | None
    format_games: int
    rolling: bool
    sheet: list[SheetRow]
    result: Pair
    teams: NotRequired[list[TeamDoc]]
    tables: NotRequired[list[str]]  # team match: who faces whom ("Ann v Bob")
    round: NotRequired[RoundDoc | None]  # the round in progress
    rounds: NotRequired[list[RoundDoc]]  # the last complete rounds, newest last
    series: SeriesDoc | None
    variant: str
    solo: bool  # one player against the phantom (Gimlet Rummy)
    both_score: bool  # both players score every hand (Mahjong gin)
    sets: list[SetDoc]
    all: bool
    season_over: bool


class MatchDoc(TypedDict):
    match: str
    players: list[str]
    format: str
    games: int
    rolling: bool
    season_start: str
    rules: dict[str, object]
    first_dealer: str | None
    created: str
    teams: NotRequired[list[TeamDoc]]


class HandDoc(TypedDict):
    hand: int
    kind: str
    winner: str | None
    points: int
    knocker_deadwood: int | None
    defender_deadwood: int | None
    layoffs: list[str]
    match: str
    date: str
    claim: str
    knocker: str | None
    upcard: str | None
    note: str | None
    voided: bool
    description: str
    deadwood: NotRequired[Pair]
    doubled: NotRequired[bool]
    knock_limit: NotRequired[int | None]
    knocker_melds: NotRequired[list[list[str]]]
    knocker_deadwood_cards: NotRequired[list[str]]
    defender_melds: NotRequired[list[list[str]]]
    defender_deadwood_cards: NotRequired[list[str]]
    points_by_player: Pair
    other_points: NotRequired[int]
    on_table: NotRequired[dict[str, int | None]]  # Mahjong gin: each player's table count
    piles: NotRequired[list[int]]
    games: NotRequired[list[GameDoc]]
    series: NotRequired[list[SeriesDoc]]  # the series this hand won
    opened_games: NotRequired[list[int]]
    closed_games: NotRequired[list[int]]
    sets_closed: NotRequired[list[SetDoc]]
    season: NotRequired[TallyDoc]
    season_ended: NotRequired[TallyDoc]
    next_dealer: NotRequired[str | None]
    action: NotRequired[str]
    when: NotRequired[str]  # for people: ", 5 Mar 1998" when the hand was not played today
    round: NotRequired[RoundDoc]  # team match: the round the hand belongs to
    table: NotRequired[int]  # team match: its table, from 1


class HandRow(TypedDict):
    id: int  # the hand's number in its match (SPEC's key); `hand` says the same, as elsewhere
    hand: int
    date: str
    kind: str
    winner: str | None
    points: int
    voided: bool
    claim: str
    knocker: str | None
    knocker_deadwood: int | None
    defender_deadwood: int | None
    layoffs: list[str]
    upcard: str | None
    dealer: str | None
    doubled: bool
    note: str | None
    edited: bool
    void_reason: str | None
    description: str
    round: NotRequired[int | None]  # team match: the round (None for a voided hand)
    table: NotRequired[int]  # team match: the table, from 1
    points_by_player: Pair
    piles: NotRequired[list[int]]


class HandsDoc(TypedDict):
    match: str
    players: list[str]
    hands: list[HandRow]
    teams: NotRequired[list[TeamDoc]]


class HandsHead(TypedDict):
    match: str
    players: list[str]
    season: str | None  # None: every season
    count: int
    teams: NotRequired[list[TeamDoc]]


class HandFiguresDoc(TypedDict):
    """What a player's hands add up to: the part a standings row and a team member share."""

    player: str
    hands_won: int
    points: int
    gins: int
    big_gins: int
    undercuts: int
    biggest_hand: int


class RowDoc(HandFiguresDoc):
    games_won: int
    sets_won: int
    net: int
    series_won: int


class MemberDoc(HandFiguresDoc):
    team: str
    hands: int


class SeasonDoc(TypedDict):
    season: str | None
    rows: list[RowDoc]
    unfinished: int
    teams: NotRequired[list[TeamDoc]]  # team match: the teams (the rows are theirs)
    members: NotRequired[list[MemberDoc]]  # team match: each player's own hands in the season
    start: NotRequired[str]
    end: NotRequired[str]
    over: NotRequired[bool]
    winner: NotRequired[str | None]
    hands: NotRequired[int]
    draws: NotRequired[int]
    ties: NotRequired[int]
    misdeals: NotRequired[int]
    open: NotRequired[int]
    months: NotRequired[list[str]]  # the season's months, from its first game won to its last
    monthly_games: NotRequired[dict[str, list[int]]]  # games won by the end of each month


class StandingsDoc(SeasonDoc):
    match: str
    format: str
    players: list[str]
    seasons: list[SeasonDoc]
    years_won: Pair
    series: str | None  # how a series is won ("500 points", "best of 5"), if the match has one


class RulesDoc(TypedDict):
    preset: str
    note: str
    source: str
    values: dict[str, object]
    help: dict[str, str]


EvalDoc = EvaluationDict  # what `eval` prints


class CheckDoc(TypedDict):
    ledger: str
    ok: bool
    problems: list[str]


def game_doc(match: Match, g: Game) -> GameDoc:
    doc: GameDoc = {
        "number": g.number,
        "set": g.set,
        "status": g.status,
        "winner": match.name_at(g.winner),
        "points": match.pair(g.points),
        "boxes": match.pair(g.boxes),
        "total": match.pair(g.total),
        "net": g.net,
        "hands": list(g.hands),
        "season": g.season,
        "opened": g.opened.isoformat(),
        "closed": g.closed.isoformat() if g.closed else None,
    }
    if g.status == "won":
        doc["bonuses"] = {
            "game": match.pair(g.game_bonus),
            "boxes": match.pair(g.box_bonus),
            "shutout": match.pair(g.shutout_bonus),
        }
        doc["shutout"] = g.shutout
        doc["lost_by_50"] = g.lost_by_50
    if g.status == "open":
        doc["needs"] = match.pair(g.needs(match.rules.target))
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


def knock_limit_text(rules: RuleSet) -> str | int:
    return "upcard" if rules.knock_from_upcard else int(rules.knock_limit)


def match_doc(match: Match) -> MatchDoc:
    return {
        "match": match.name,
        "players": [p.name for p in match.players],
        "format": match.format.name,
        "games": match.format.games,
        "rolling": match.format.rolling,
        "season_start": match.format.season_start_text,
        "rules": {"preset": match.rules.preset, **match.rules.values()},
        "first_dealer": match.name_of(match.first_dealer),
        "created": match.created_at,
        **_teams(match),
    }


class Teams(TypedDict, total=False):
    teams: list[TeamDoc]


def _teams(match: Match) -> Teams:
    """``{"teams": [...]}`` for a team match, else nothing."""
    if match.teams is None:
        return {}
    return {
        "teams": [{"name": t.name, "players": [p.name for p in t.members]} for t in match.teams]
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
    }


LAST_ROUNDS = 5  # complete rounds `show` lists table by table


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


def series_line(doc: SeriesDoc, a: str, b: str, team: bool = False) -> str:
    """The series as a player says it: ``Series 1: Ann wins the series 580 to 255``, or the
    score so far: ``Series 2 (to 500): Ann 255, Bob 55``. `team`: the sides are teams ("Ann &
    Cy win the series")."""
    score = doc["score"]
    wins = "win" if team else "wins"
    if doc["unit"] == "games":
        if doc["winner"] is not None:
            loser = b if doc["winner"] == a else a
            return (
                f"Series {doc['number']}: {doc['winner']} {wins} the series "
                f"{score[doc['winner']]} games to {score[loser]}"
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


def show_doc(window: Window, every: bool = False) -> ShowDoc:
    """What `show` prints: games with running scores, bonuses, sets, next dealer, knock limit.
    `every` (``show --all``): the window holds every game of the match, and so do ``games`` and
    ``sets``."""
    match, rep = window.match, window.replay
    variant = variant_of(match.rules)
    shown = {id(g) for g in window.shown}
    running: dict[int, list[int]] = {}
    sheet: list[SheetRow] = []
    for played in rep.played:
        e = played.entry
        posts = {}
        for game in played.posts:
            if id(game) not in shown:
                continue
            pts = running.setdefault(id(game), [0, 0])
            if e.winner is not None:
                pts[e.winner] += e.points
                pts[1 - e.winner] += e.other
            posts[str(game.number)] = match.pair(list(pts))
        if not posts:
            continue
        sheet.append(
            {
                "hand": e.id,
                "date": e.date.isoformat(),
                "kind": e.kind,
                "winner": match.name_at(e.winner),
                "points": e.points,
                "dealer": None
                if match.teams or not variant.dealt
                else match.name_at(played.dealer),
                "games": posts,
                "points_by_player": match.pair(_by_player(e.winner, e.points, e.other)),
            }
        )
    sets = rep.sets()
    numbers = {g.number for g in window.shown}
    shown_sets = [x for x in sets if every or any(g.number in numbers for g in x.games)]
    doc: ShowDoc = {
        "match": match.name,
        "format": match.format.name,
        "players": match.sides,
        "games": [game_doc(match, g) for g in window.shown],
        "next_dealer": None if match.teams or not variant.dealt else match.name_at(rep.next_dealer),
        "knock_limit": knock_limit_text(match.rules),
        "target": match.rules.target,
        "rules": match.rules.preset,
        "season": window.season,
        "format_games": match.format.games,
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
    if match.teams is not None:
        waiting = in_progress(window.rounds)
        done = [r for r in window.rounds if r.complete]
        doc["teams"] = _teams(match)["teams"]
        doc["tables"] = table_names(match)
        doc["round"] = round_doc(match, waiting) if waiting is not None else None
        doc["rounds"] = [round_doc(match, r) for r in done[-LAST_ROUNDS:]]
    return doc


def _by_player(winner: int | None, points: int, other: int | None) -> list[int]:
    """What a hand gave each seat: its points to the winner, `other` to the other player."""
    out = [0, 0]
    if winner is not None:
        out[winner] = points
        out[1 - winner] = other or 0
    return out


def tally_doc(window: Window, over: bool = False) -> TallyDoc:
    """The season of an ad-infinitum window, counted; `over`: the season has ended."""
    match = window.match
    won = [0, 0]
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


def hand_doc(
    match: Match,
    rec: HandRecord,
    result: HandResult | None = None,
    window: Window | None = None,
    ended: Window | None = None,
) -> HandDoc:
    """What a hand command prints (and `edit`, `void`, `undo`). `ended`: for the first hand of
    an ad-infinitum season, the season before it, now over."""
    variant = variant_of(match.rules)
    doc: HandDoc = {
        "hand": rec.id,
        "kind": rec.kind,
        "winner": match.name_of(rec.winner),
        "points": rec.points,
        "knocker_deadwood": rec.knocker_deadwood if rec.claim != "draw" else None,
        "defender_deadwood": rec.defender_deadwood if rec.claim != "draw" else None,
        "layoffs": rec.layoffs.split() if rec.layoffs else [],
        "match": match.name,
        "date": rec.date.isoformat(),
        "claim": rec.claim,
        "knocker": match.name_of(rec.knocker),
        "upcard": rec.upcard,
        "note": rec.note,
        "voided": rec.voided,
        "description": describe(match, rec, result, doubled=_doubled(match, rec)),
        "points_by_player": match.pair(
            _by_player(match.seat(rec.winner), rec.points, rec.other_points)
        ),
    }
    if rec.other_points is not None:
        doc["other_points"] = rec.other_points
    if rec.claim == "gin" and variant.both_score:
        doc["on_table"] = _tables(match, rec)
    if rec.piles is not None:
        doc["piles"] = _piles(rec.piles)
    if rec.claim == "draw" and rec.knocker_deadwood is not None:
        doc["deadwood"] = match.pair([rec.knocker_deadwood or 0, rec.defender_deadwood or 0])
    if result is not None:
        doc["doubled"] = result.doubled
        doc["knock_limit"] = result.knock_limit
        if result.knocker_melds or result.defender_melds:
            doc["knocker_melds"] = [[str(c) for c in m] for m in result.knocker_melds]
            doc["knocker_deadwood_cards"] = [str(c) for c in result.knocker_deadwood_cards]
            doc["defender_melds"] = [[str(c) for c in m] for m in result.defender_melds]
            doc["defender_deadwood_cards"] = [str(c) for c in result.defender_deadwood_cards]
    if window is not None:
        entry: int | None = rec.id  # the replay entry the hand made: itself, or its round
        if match.teams is not None:
            found = round_of(window, rec)
            doc["table"] = hand_table(match, rec) + 1
            if found is not None:
                doc["round"] = round_doc(match, found)
            entry = found.number if found is not None and found.complete else None
        played = window.replay.played
        posted = next((p.posts for p in played if p.entry.id == entry), []) if entry else []
        doc["games"] = [game_doc(match, g) for g in posted]
        closed = [g for g in posted if g.status == "won" and g.hands and g.hands[-1] == entry]
        doc["closed_games"] = [g.number for g in closed]
        # a set this hand closed: over, and none of its games had a hand after this one
        order = {p.entry.id: i for i, p in enumerate(played)}
        closing = {g.set for g in closed if g.set is not None}
        doc["sets_closed"] = [
            set_doc(match, x)
            for x in window.replay.sets()
            if x.number in closing
            and x.over
            and max(order.get(g.hands[-1], -1) for g in x.games) == order[entry or 0]
        ]
        this = next((p for p in played if p.entry.id == entry), None) if entry else None
        if this is not None and this.series:
            doc["series"] = [series_doc(match, x) for x in this.series]
        dealt = match.teams is None and variant.dealt
        doc["next_dealer"] = match.name_at(window.replay.next_dealer) if dealt else None
        if match.format.seasonal:
            doc["opened_games"] = [g.number for g in posted if g.hands and g.hands[0] == entry]
            doc["season"] = tally_doc(window)
    if ended is not None:
        doc["season_ended"] = tally_doc(ended, over=True)
    return doc


def _piles(text: str) -> list[int]:
    return [int(n) for n in text.split(",")]


def _tables(match: Match, rec: HandRecord) -> dict[str, int | None]:
    """Each player's cards on the table in a Mahjong gin (counted, when typed as cards)."""
    values = [rec.knocker_table, rec.defender_table]
    if match.seat(rec.knocker) == 1:
        values.reverse()
    return match.pair_of(values)


def _doubled(match: Match, rec: HandRecord) -> bool:
    """Whether a stored hand was doubled by a spade upcard (a paper score is taken as is)."""
    return rec.claim != "score" and rec.winner is not None and doubles(match.rules, rec.upcard)


def describe(
    match: Match, rec: HandRecord, result: HandResult | None = None, doubled: bool = False
) -> str:
    """One line that says what happened, as a player would say it (`doubled`, or the result's,
    adds that a spade upcard doubled it)."""
    winner = match.name_of(rec.winner)
    variant = variant_of(match.rules)
    double = doubled or (result is not None and result.doubled)
    doubled_text = " (spade upcard: doubled)" if double else ""
    if rec.claim == "misdeal":
        return "Misdeal: no score, the same dealer deals again"
    if rec.claim == "draw":
        a, b = match.tables[hand_table(match, rec)]
        if winner is None:
            return "Drawn hand: no score" + (f" ({a.name} v {b.name})" if match.teams else "")
        if rec.knocker_deadwood is None or rec.defender_deadwood is None:
            return f"Drawn hand: {winner} +{rec.points}{doubled_text}"
        return (
            f"Drawn hand: {a.name} has {rec.knocker_deadwood}, {b.name} has "
            f"{rec.defender_deadwood}: {winner} +{rec.points}{doubled_text}"
        )
    if rec.claim == "score":
        kind = f" ({rec.kind})" if rec.kind != "score" else ""
        over = f" over {match.other(rec.winner).name}" if match.teams else ""
        other = ""
        if rec.other_points is not None:
            other = f", {match.other(rec.winner).name} {rec.other_points:+d}"
        return f"{winner} scores {rec.points}{over}{kind}{other}"
    knocker = match.name_of(rec.knocker) or "?"
    defender = match.other(rec.knocker).name
    layoffs = f" after laying off {rec.layoffs}" if rec.layoffs else ""
    piles = f" on piles {rec.piles}" if rec.piles else ""
    if rec.kind == "sour":
        return f"{knocker} goes sour with {rec.knocker_deadwood}: {winner} +{rec.points}"
    if rec.kind in ("gin", "big-gin"):
        what = variant.word(rec.kind)
        if rec.claim == "big-gin" and rec.kind == "gin":
            what = f"{what} with all eleven cards (no big gin under these rules)"
        if rec.other_points is not None:
            tables = _tables(match, rec)
            return (
                f"{knocker} {what} with {tables[knocker]} on the table; {defender} has "
                f"{tables[defender]} on the table and {rec.defender_deadwood} in hand: "
                f"{knocker} +{rec.points}, {defender} {rec.other_points:+d}{doubled_text}"
            )
        if rec.piles:
            return f"{knocker} {what}{piles}: {knocker} +{rec.points}"
        return (
            f"{knocker} {what}, {defender} has {rec.defender_deadwood}: "
            f"{knocker} +{rec.points}{doubled_text}"
        )
    if rec.kind == "tie":
        return (
            f"{knocker} knocks with {rec.knocker_deadwood}, {defender} has "
            f"{rec.defender_deadwood}{layoffs}: a tie, no score"
        )
    if rec.kind == "undercut":
        return (
            f"{knocker} knocks with {rec.knocker_deadwood}, {defender} undercuts with "
            f"{rec.defender_deadwood}{layoffs}: {defender} +{rec.points}{doubled_text}"
        )
    if rec.piles:
        return f"{knocker} knocks with {rec.knocker_deadwood}{piles}: {knocker} +{rec.points}"
    return (
        f"{knocker} knocks with {rec.knocker_deadwood}, {defender} has "
        f"{rec.defender_deadwood}{layoffs}: {knocker} +{rec.points}{doubled_text}"
    )


def hand_row(
    match: Match, h: HandRecord, dealer: int | None, round_number: int | None = None
) -> HandRow:
    """One line of the hand log (`dealer`: the seat that dealt it, typed or derived). A team
    match's row adds its `round` (`round_number`; None for a voided hand) and its `table`; its
    dealer is the one typed, if any (each table deals on its own, untracked)."""
    doubled = _doubled(match, h)
    row: HandRow = {
        "id": h.id,
        "hand": h.id,
        "date": h.date.isoformat(),
        "kind": h.kind,
        "winner": match.name_of(h.winner),
        "points": h.points,
        "voided": h.voided,
        "claim": h.claim,
        "knocker": match.name_of(h.knocker),
        "knocker_deadwood": h.knocker_deadwood,
        "defender_deadwood": h.defender_deadwood,
        "layoffs": h.layoffs.split() if h.layoffs else [],
        "upcard": h.upcard,
        "dealer": match.name_at(dealer) if match.teams is None else match.name_of(h.dealer),
        "doubled": doubled,
        "note": h.note,
        "edited": h.versions > 1,
        "void_reason": h.void_reason,
        "description": describe(match, h, doubled=doubled),
        "points_by_player": match.pair(_by_player(match.seat(h.winner), h.points, h.other_points)),
    }
    if h.piles is not None:
        row["piles"] = _piles(h.piles)
    if match.teams is not None:
        row["round"] = None if h.voided else round_number
        row["table"] = hand_table(match, h) + 1
    return row


def hands_doc(
    match: Match,
    hands: list[HandRecord],
    dealers: dict[int, int | None],
    rounds: list[Round] | None = None,
) -> HandsDoc:
    """A list of hands as one document (`report --html`; the `hands` command streams instead).
    `dealers`: the seat that dealt each hand, by number (a hand not in it: its typed dealer);
    `rounds`: a team match's rounds, for each hand's round number."""
    round_number = {d.id: r.number for r in rounds or [] for d in r.deals if d is not None}
    rows = [
        hand_row(match, h, dealers.get(h.id, match.seat(h.dealer)), round_number.get(h.id))
        for h in hands
    ]
    return {"match": match.name, "players": match.sides, "hands": rows, **_teams(match)}


def hands_head(match: Match, season: str | None, count: int) -> HandsHead:
    """What the hand log says before its hands."""
    return {
        "match": match.name,
        "players": match.sides,
        "season": season,
        "count": count,
        **_teams(match),
    }


def _row_doc(match: Match, row: Row) -> RowDoc:
    return {
        "player": match.sides[row.player],
        "games_won": row.games_won,
        "sets_won": row.sets_won,
        "hands_won": row.hands_won,
        "points": row.points,
        "gins": row.gins,
        "big_gins": row.big_gins,
        "undercuts": row.undercuts,
        "biggest_hand": row.biggest_hand,
        "net": row.net,
        "series_won": row.series_won,
    }


def season_doc(match: Match, season: Season) -> SeasonDoc:
    return {
        "season": season.label,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "over": season.over,
        "winner": match.name_at(season.winner),
        "hands": season.hands,
        "draws": season.draws,
        "ties": season.ties,
        "misdeals": season.misdeals,
        "unfinished": season.unfinished,
        "open": season.open,
        "rows": [_row_doc(match, r) for r in season.rows],
    }


def standings_doc(
    match: Match,
    seasons: list[Season],
    year: int | None,
    rep: Replay | None = None,
    hands: list[HandRecord] | None = None,
) -> StandingsDoc:
    """One season's standings (the latest, or the one starting in `year`), every season's
    summary, and the years-won tally; with the replay `rep`, the season's games won by the end
    of each month (`months`, `monthly_games`). In a team match the rows are the teams' (rounds
    won as hands won, round points as points; gins and undercuts their members' sums) and
    `members` adds each player's own hands in the season (from `hands`, the live hands)."""
    chosen = seasons[-1] if seasons else None
    if year is not None:
        chosen = next((s for s in seasons if s.start.year == year), None)
    if chosen is None:
        label = str(year) if year is not None else None
        season: SeasonDoc = {
            "season": label,
            "rows": [_row_doc(match, Row(seat)) for seat in (0, 1)],
            "unfinished": 0,
        }
    else:
        season = season_doc(match, chosen)
    if match.teams is not None:
        label = season["season"]
        members = members_doc(match, hands or [], label)
        for row in season["rows"]:
            mine = [m for m in members if m["team"] == row["player"]]
            row["gins"] = sum(m["gins"] for m in mine)
            row["big_gins"] = sum(m["big_gins"] for m in mine)
            row["undercuts"] = sum(m["undercuts"] for m in mine)
    doc: StandingsDoc = {
        **season,
        "match": match.name,
        "format": match.format.name,
        "players": match.sides,
        "seasons": [season_doc(match, s) for s in seasons],
        "years_won": match.pair(years_won(seasons)),
        "series": series_rule_text(match.rules),
    }
    if rep is not None and chosen is not None:
        from gintally.engine.insights import monthly, race

        months = monthly(race(rep, match.format, chosen.label))
        names = [p.name for p in match.players]
        doc["months"] = [m for m, _ in months]
        doc["monthly_games"] = {names[i]: [g[i] for _, g in months] for i in (0, 1)}
    if match.teams is not None:
        doc["teams"] = _teams(match)["teams"]
        doc["members"] = members
    return doc


def members_doc(match: Match, hands: list[HandRecord], season: str | None) -> list[MemberDoc]:
    """Each player of a team match and their own hands in a season (every season for None):
    hands played, won, points, gins (big gins included), big gins, undercuts, biggest hand."""
    assert match.teams is not None
    rows: dict[int, MemberDoc] = {}
    for team in match.teams:
        for p in team.members:
            rows[p.id] = {
                "player": p.name, "team": team.name, "hands": 0, "hands_won": 0, "points": 0,
                "gins": 0, "big_gins": 0, "undercuts": 0, "biggest_hand": 0,
            }  # fmt: skip
    for h in hands:
        if season is not None and season_of(h.date, match.format.season_start)[0] != season:
            continue
        a, b = match.tables[hand_table(match, h)]
        for p in (a, b):
            rows[p.id]["hands"] += 1
        if h.winner is None or h.winner not in rows:
            continue
        row = rows[h.winner]
        row["hands_won"] += 1
        row["points"] += h.points
        row["biggest_hand"] = max(row["biggest_hand"], h.points)
        row["gins"] += h.kind in ("gin", "big-gin")
        row["big_gins"] += h.kind == "big-gin"
        row["undercuts"] += h.kind == "undercut"
    return list(rows.values())


def series_rule_text(rules: RuleSet) -> str | None:
    """How a series is won, as a player says it (``500 points``, ``best of 5``), or None."""
    rule = series_rule(rules)
    if rule is None:
        return None
    return f"{rule.needed} points" if rule.unit == "points" else f"best of {2 * rule.needed - 1}"


def rules_doc(rules: RuleSet, note: str = "", source: str = "") -> RulesDoc:
    return {
        "preset": rules.preset,
        "note": note,
        "source": source,
        "values": rules.values(),
        "help": dict(KNOBS),
    }


def eval_doc(ev: Evaluation) -> EvalDoc:
    """What `eval` prints."""
    return ev.to_dict()


def check_doc(ledger: str, problems: list[Problem]) -> CheckDoc:
    return {"ledger": ledger, "ok": not problems, "problems": [str(p) for p in problems]}


# --- insights: stats, the season race -------------------------------------------------------------


class PlayerStatsDoc(TypedDict):
    player: str
    matches: int
    hands: int
    hands_won: int
    games_won: int
    sets_won: int
    series_won: int
    gins: int
    undercuts: int
    biggest_hand: int
    points: int


class HeadToHeadDoc(TypedDict):
    players: list[str]
    matches: int
    games: Pair
    hands: Pair
    net: Pair


class RecordDoc(TypedDict):
    player: str
    points: NotRequired[int]  # biggest hand
    hands: NotRequired[int]  # longest run
    games_won: NotRequired[int]  # best season
    season: NotRequired[str]
    match: str
    date: str
    hand: int
    until: NotRequired[str]
    last_hand: NotRequired[int]


class StatsDoc(TypedDict):
    player: str | None
    players: list[PlayerStatsDoc]
    head_to_head: list[HeadToHeadDoc]
    records: dict[str, RecordDoc | None]


_RECORD_VALUE = {"biggest_hand": "points", "longest_run": "hands", "best_season": "games_won"}


def _record_doc(key: str, r: Record | None) -> RecordDoc | None:
    if r is None:
        return None
    doc: dict[str, object] = {"player": r.player, _RECORD_VALUE[key]: r.value}
    if r.season is not None:
        doc["season"] = r.season
    doc.update(match=r.match, date=r.date.isoformat(), hand=r.hand)
    if r.until is not None and r.last_hand is not None:
        doc.update(until=r.until.isoformat(), last_hand=r.last_hand)
    return doc  # type: ignore[return-value]


def stats_doc(fold: Lifetime, player: str | None = None) -> StatsDoc:
    """Lifetime figures per person (most games won first), head-to-head for every pair that met
    and the records (everybody's, or one person's own with `player`)."""
    people = sorted(fold.figures.values(), key=lambda f: (-f.games_won, f.player.casefold()))
    rows: list[PlayerStatsDoc] = [
        {
            "player": f.player,
            "matches": f.matches,
            "hands": f.hands,
            "hands_won": f.hands_won,
            "games_won": f.games_won,
            "sets_won": f.sets_won,
            "series_won": f.series_won,
            "gins": f.gins,
            "undercuts": f.undercuts,
            "biggest_hand": f.biggest_hand,
            "points": f.points,
        }
        for f in people
        if player is None or f.player == player
    ]
    pairs: list[HeadToHeadDoc] = []
    for pair in sorted(fold.pairs.values(), key=lambda p: tuple(n.casefold() for n in p.players)):
        if player is not None and player not in pair.players:
            continue
        names = list(pair.players)
        if player is not None and names[1] == player:  # the person asked about comes first
            names.reverse()
        order = [pair.players.index(n) for n in names]
        pairs.append(
            {
                "players": names,
                "matches": pair.matches,
                "games": {names[i]: pair.games[order[i]] for i in (0, 1)},
                "hands": {names[i]: pair.hands[order[i]] for i in (0, 1)},
                "net": {names[i]: pair.net[order[i]] for i in (0, 1)},
            }
        )
    records = {k: _record_doc(k, r) for k, r in fold.records(player).items()}
    return {"player": player, "players": rows, "head_to_head": pairs, "records": records}


class RaceDoc(TypedDict):
    match: str
    format: str
    players: list[str]
    season: str
    start: str
    end: str
    first_hand: str
    dates: list[str]
    games_won: dict[str, list[int]]
    net: dict[str, list[int]]
    months: list[str]
    monthly_games: dict[str, list[int]]


def race_doc(
    match: Match, season: Season, points: list[RacePoint], hands: list[HandRecord]
) -> RaceDoc:
    """A season's race, cumulative, one point per game closed (`engine.insights.race`),
    from the day of the season's first hand (`hands`), and the games won by the end of each
    month."""
    names = [p.name for p in match.players]
    from gintally.engine.insights import monthly

    months = monthly(points)
    return {
        "match": match.name,
        "format": match.format.name,
        "players": names,
        "season": season.label,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "first_hand": (hands[0].date if hands else season.start).isoformat(),
        "dates": [p.date.isoformat() for p in points],
        "games_won": {names[i]: [p.games[i] for p in points] for i in (0, 1)},
        "net": {names[i]: [p.net[i] for p in points] for i in (0, 1)},
        "months": [m for m, _ in months],
        "monthly_games": {names[i]: [g[i] for _, g in months] for i in (0, 1)},
    }


class SetRow(TypedDict):
    number: int
    games: list[int]
    winner: str | None
    margin: int


class SeriesRow(TypedDict):
    number: int
    winner: str | None
    date: str


class ReviewDoc(TypedDict):
    race: RaceDoc
    season: SeasonDoc
    sets: list[SetRow]
    series: list[SeriesRow]
    records: list[tuple[str, str]]
    hands: list[HandRow]


def _span(first: date, last: date) -> str:
    return f"on {first.isoformat()}" if first == last else f"{first.isoformat()} to {last}"


def _season_records(story: SeasonStory) -> list[tuple[str, str]]:
    """The season's records, as (what, who and where) lines: biggest hand, longest run of
    hands won (a hand nobody won does not break it), biggest game won by net. The phantom of a
    solitaire sets none (it is not a person); a hand it wins ends the player's run."""
    match, out = story.match, []
    # The phantom of a solitaire is not a person: it sets no record (its wins still end runs).
    phantom = match.players[1].id if variant_of(match.rules).players == 1 else None
    won = [h for h in story.hands if h.winner is not None]
    theirs = [h for h in won if h.winner != phantom]
    if theirs:
        big = min(theirs, key=lambda h: (-h.points, h.date, h.id))
        out.append(
            ("Biggest hand", f"{match.name_of(big.winner)}, {big.points} points ({big.kind}), "
             f"hand {big.id} on {big.date.isoformat()}")
        )  # fmt: skip
        best: tuple[int, HandRecord, HandRecord] | None = None
        run: tuple[int, HandRecord, HandRecord] | None = None
        for h in won:
            run = (run[0] + 1, run[1], h) if run and run[1].winner == h.winner else (1, h, h)
            if h.winner != phantom and (best is None or run[0] > best[0]):
                best = run
        assert best is not None
        n, first, last = best
        out.append(
            ("Longest run", f"{match.name_of(first.winner)}, {n} hands won in a row, hands "
             f"{first.id} to {last.id} ({_span(first.date, last.date)})")
        )  # fmt: skip
    games = [
        g
        for g in story.window.replay.games
        if g.status == "won" and g.closed is not None
        and season_of(g.closed, match.format.season_start)[0] == story.season.label
    ]  # fmt: skip
    theirs_won = [g for g in games if phantom is None or g.winner != 1]
    if theirs_won:
        top = max(theirs_won, key=lambda g: (g.net or 0, -(g.closed or date.max).toordinal()))
        assert top.closed is not None
        out.append(
            ("Biggest game", f"{match.name_at(top.winner)} won game {top.number} by "
             f"{top.net} on {top.closed.isoformat()}")
        )  # fmt: skip
    if games:
        shutouts = sum(g.shutout for g in games)
        if shutouts:
            out.append(("Shutouts", f"{shutouts} game(s) won with the loser on no hand"))
    return out


def review_doc(match: Match, story: SeasonStory) -> ReviewDoc:
    """What the year-in-review page shows (`gintally report --html`)."""
    label = story.season.label
    start = match.format.season_start
    closed_in = {
        id(g)
        for g in story.window.replay.games
        if g.closed is not None and season_of(g.closed, start)[0] == label
    }
    sets: list[SetRow] = [
        {
            "number": s.number,
            "games": [g.number for g in s.games],
            "winner": match.name_at(s.winner),
            "margin": s.margin or 0,
        }
        for s in story.window.replay.sets()
        if s.over and all(id(g) in closed_in for g in s.games)
    ]
    dealers = {p.entry.id: p.dealer for p in story.window.replay.played}
    return {
        "race": race_doc(match, story.season, story.race, story.hands),
        "season": season_doc(match, story.season),
        "sets": sets,
        "series": [
            {"number": s.number, "winner": match.name_at(s.winner), "date": s.closed.isoformat()}
            for s in story.window.replay.series
            if s.closed is not None and season_of(s.closed, start)[0] == label
        ],
        "records": _season_records(story),
        "hands": hands_doc(match, story.hands, dealers, story.window.rounds)["hands"],
    }
