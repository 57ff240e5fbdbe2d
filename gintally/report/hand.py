"""One hand as a document: what a hand command prints (and `edit`, `void`, `undo`), the line
that says what happened, and the hand log (`hands`, the page's list of hands).

Terminology:
- *description*: one line that says what happened, as a player would say it ("Ann knocks
  with 5, Bob has 20: Ann +15").
- *doubled*: a spade upcard doubled the hand (a paper score is taken as is).
- *variant fields*: what a hand's variant adds to its document and its log row, and how it
  tells a hand its own way (`Variant.hand_fields`, `row_fields`, `told`: Gimlet Rummy's
  ``piles``, Mahjong gin's ``on_table``).
- *hand log*: one row per hand (`HandRow`), after a head (`HandsHead`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date
from typing import TYPE_CHECKING, Any, cast

from gintally import service  # its `hand_table`: a team match's (loaded when one asks)
from gintally.engine.series import Series
from gintally.game.scoring import doubles
from gintally.game.variants import Told, variant_of
from gintally.report.match import teams_part
from gintally.report.sheet import by_player, game_doc, round_doc, series_doc, set_doc, tally_doc
from gintally.service import round_of, seating_of

if TYPE_CHECKING:
    from gintally.engine.games import Game
    from gintally.engine.rounds import Round
    from gintally.game.scoring import HandResult
    from gintally.model import HandRecord, Match
    from gintally.report.shapes import HandDoc, HandRow, HandsDoc, HandsHead
    from gintally.service import Logged, Window
    from gintally.service.changes import Changed, Outcome


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
        "hand": rec.number,
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
            by_player(match.seat(rec.winner), rec.points, rec.other_points)
        ),
    }
    if rec.other_points is not None:
        doc["other_points"] = rec.other_points
    names = (match.players[0].name, match.players[1].name)
    own = variant.hand_fields(rec.extras, rec.claim, names, match.seat(rec.knocker))
    cast("dict[str, Any]", doc).update(own)
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
        seating = seating_of(match)
        entry = seating.entry_of(window.rounds, rec)  # the hand, or its round once complete
        if seating.whole:  # a team match: the hand's table, and its round
            found = round_of(window, rec)
            doc["table"] = seating.table_of(rec) + 1
            if found is not None:
                doc["round"] = round_doc(match, found)
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
        elif closed:
            so_far = _series_so_far(window.replay.series, closed[-1])
            if so_far is not None:
                doc["series_so_far"] = series_doc(match, so_far)
        dealt = seating.derives_dealer and variant.dealt
        doc["next_dealer"] = match.name_at(window.replay.next_dealer) if dealt else None
        if match.format.seasonal:
            doc["opened_games"] = [g.number for g in posted if g.hands and g.hands[0] == entry]
            doc["season"] = tally_doc(window)
    if ended is not None:
        doc["season_ended"] = tally_doc(ended, over=True)
    return doc


def _series_so_far(series: list[Series], game: Game) -> Series | None:
    """The series `game` counted in, as it stood just after that game ended (the series may
    have gone on since: an edit of an old hand); None when the match plays no series."""
    for s in series:
        for i, g in enumerate(s.games):
            if g is game:
                counted = s.games[: i + 1]
                score = [sum(s.rule.worth(x)[p] for x in counted) for p in (0, 1)]
                return Series(s.number, s.rule, score, counted)
    return None


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
        a, b = match.tables[service.hand_table(match, rec)]
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
    what = variant.word(rec.kind)
    if rec.claim == "big-gin" and rec.kind == "gin":
        what = f"{what} with all eleven cards (no big gin under these rules)"
    told = variant.told(
        Told(
            knocker,
            defender,
            winner,
            rec.claim,
            rec.kind,
            rec.points,
            rec.other_points,
            rec.knocker_deadwood,
            rec.defender_deadwood,
            rec.extras,
            (match.players[0].name, match.players[1].name),
            match.seat(rec.knocker),
            what,
            doubled_text,
        )
    )
    if told is not None:
        return told
    if rec.kind in ("gin", "big-gin"):
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
        "id": h.number,
        "hand": h.number,
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
        "dealer": (
            match.name_at(dealer) if seating_of(match).derives_dealer else match.name_of(h.dealer)
        ),
        "doubled": doubled,
        "note": h.note,
        "edited": h.versions > 1,
        "void_reason": h.void_reason,
        "description": describe(match, h, doubled=doubled),
        "points_by_player": match.pair(by_player(match.seat(h.winner), h.points, h.other_points)),
    }
    cast("dict[str, Any]", row).update(variant_of(match.rules).row_fields(h.extras))
    if match.teams is not None:
        row["round"] = None if h.voided else round_number
        row["table"] = service.hand_table(match, h) + 1
    return row


def hand_rows(match: Match, logged: Iterable[Logged]) -> Iterator[HandRow]:
    """`hand_row` of each line of the hand log, made as fast as a million lines need: the part
    of a row that the values a hand stores decide (all but its number, date, dealer, round and
    corrections) is made once for each distinct set of them (`_MEMO`: a household repeats a
    few thousand results) and copied, its lists and mappings anew, for each hand."""
    derives = seating_of(match).derives_dealer
    names = {seat: match.name_at(seat) for seat in (None, 0, 1)} if derives else {}
    teams = match.teams is not None
    made: dict[tuple[Any, ...], tuple[HandRow, tuple[str, ...], tuple[str, ...]]] = {}
    days: dict[date, str] = {}
    for x in logged:
        found = made.get(x.values)
        if found is None:
            row = hand_row(match, x.hand, x.dealer, x.round)
            held = [k for k, v in row.items() if isinstance(v, list | dict)]
            deep = tuple(k for k in held if _nested(row[k]))  # type: ignore[literal-required]
            flat = tuple(k for k in held if k not in deep)
            if len(made) >= _MEMO:
                made.clear()
            made[x.values] = (row, flat, deep)
            yield row
            continue
        template, flat, deep = found
        row = template.copy()
        for key in flat:
            row[key] = template[key].copy()  # type: ignore[literal-required]
        for key in deep:
            row[key] = _fresh(template[key])  # type: ignore[literal-required]
        row["id"] = row["hand"] = x.number
        day = days.get(x.date)
        if day is None:
            if len(days) >= _MEMO:
                days.clear()
            day = days[x.date] = x.date.isoformat()
        row["date"] = day
        row["voided"], row["edited"], row["void_reason"] = x.voided, x.versions > 1, x.void_reason
        if derives:
            row["dealer"] = names[x.dealer] if x.dealer in names else match.name_at(x.dealer)
        if teams:
            row["round"] = None if x.voided else x.round
        yield row


_MEMO = 10_000  # distinct sets of stored values `hand_rows` remembers (then forgets, and again)


def _nested(value: list[Any] | dict[Any, Any]) -> bool:
    """Whether a list or mapping holds a list or mapping."""
    inner = value.values() if isinstance(value, dict) else value
    return any(isinstance(v, list | dict) for v in inner)


def _fresh(value: Any) -> Any:
    """A copy of a row's list or mapping, and of those inside it."""
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    return value


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
    round_number.update((d.id, r.number) for r in rounds or [] for d in r.redeals)
    rows = [
        hand_row(match, h, dealers.get(h.number, match.seat(h.dealer)), round_number.get(h.number))
        for h in hands
    ]
    return {"match": match.name, "players": match.sides, "hands": rows, **teams_part(match)}


def hands_head(match: Match, season: str | None, count: int, total: int | None = None) -> HandsHead:
    """What the hand log says before its hands: how many it lists (`count`) of how many the
    season holds (`total`; the same when every one is listed)."""
    return {
        "match": match.name,
        "players": match.sides,
        "season": season,
        "count": count,
        "total": count if total is None else total,
        **teams_part(match),
    }


# --- what a correction changed ----------------------------------------------------------------


def changed_docs(match: Match, changes: Iterable[Changed]) -> list[dict[str, Any]]:
    """The finished games and sets a correction changed (`service.changes`), as the documents
    give them: ``{"game": 1, "was": {...}, "now": {...}}`` (None: not finished then), with
    ``"season"`` when it changed two seasons' games (a hand moved from one to the other)."""
    return [
        {
            c.what: c.number,
            **({"season": c.season} if c.season is not None else {}),
            "was": _outcome_doc(match, c.was),
            "now": _outcome_doc(match, c.now),
        }
        for c in changes
    ]


def _outcome_doc(match: Match, o: Outcome | None) -> dict[str, Any] | None:
    if o is None:
        return None
    doc: dict[str, Any] = {"winner": match.name_at(o.winner)}
    if o.totals is not None:
        doc["total"] = match.pair(list(o.totals))
        doc["shutout"] = o.shutout
    doc["net" if o.totals is not None else "margin"] = o.net
    return doc


# The most changed games and sets a correction names a line each; the rest are counted (a
# void of a hand of last spring can move every game after it: `changed` holds them all).
_CHANGED_LINES = 12


def changed_lines(match: Match, changes: Iterable[Changed]) -> list[str]:
    """Each change as a player reads it: "Game 1 changes: was Ann 260-45, net 215; now Ann
    370-0, shutout, net 370" ("Game 1 of 2026 changes" when it changed two seasons' games),
    the first `_CHANGED_LINES` of them, and a line counting the others."""
    found = list(changes)
    lines = [
        f"{c.what.capitalize()} {c.number}{'' if c.season is None else f' of {c.season}'} "
        f"changes: was {_outcome_text(match, c.was)}; "
        f"now {_outcome_text(match, c.now)}"
        for c in found[:_CHANGED_LINES]
    ]
    rest = found[_CHANGED_LINES:]
    if rest:
        games = sum(1 for c in rest if c.what == "game")
        counted = [f"{games} more game{'s' * (games != 1)}"] if games else []
        if len(rest) > games:
            counted.append(f"{len(rest) - games} more set{'s' * (len(rest) - games != 1)}")
        lines.append(f"And {' and '.join(counted)} change (gintally show --all)")
    return lines


def _outcome_text(match: Match, o: Outcome | None) -> str:
    if o is None:
        return "not finished"
    if o.winner is None:
        return "tied"
    who = match.name_at(o.winner)
    if o.totals is None:
        return f"{who} by {o.net}"
    mine, theirs = o.totals[o.winner], o.totals[1 - o.winner]
    return ", ".join(
        [f"{who} {mine}-{theirs}", *(["shutout"] if o.shutout else []), f"net {o.net}"]
    )
