"""Checking: every problem of a ledger file, found at once and returned as data.

Terminology
- problem (`Problem`): one thing `check` finds wrong with a ledger, as data: where and what.
"""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from datetime import date
from itertools import dropwhile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gintally.engine.games import Game
from gintally.engine.replay import Mark, Replay, Replayer, replay
from gintally.engine.standings import Season, StandingsFold, season_values
from gintally.errors import GintallyError, LedgerError
from gintally.ledger import Ledger
from gintally.ledger.hands import record_of
from gintally.model import HAND_COLUMNS, HandRecord, Match
from gintally.service.config import SETTINGS, stored
from gintally.service.folding import Finished, cacheable, folds_before
from gintally.service.replaying import entries, entries_from_plays
from gintally.service.seating import entries_from_values, seating_of
from gintally.service.settling import Settling

if TYPE_CHECKING:
    from gintally.ledger.folds import Fold


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a ledger: where it is (None for the file as a whole) and what."""

    where: str | None
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


def check(path: Path, repair: bool = False, opened: Ledger | None = None) -> list[Problem]:
    """Every problem of a ledger file, found at once (an empty list: the ledger is sound).

    SQLite's own integrity and foreign-key checks, every match's stored rules, every live hand
    settled again under its match's rules and compared with what is stored, and every match
    replayed, its cached quiet point and season folds compared with the replay. `repair` puts
    back the guards and cache triggers another tool dropped (`Ledger.restore_guards`).
    `opened`: the ledger as a Book holds it open, checked as it is (one in memory has no
    file to open), else the file is opened for the check.
    """
    if opened is not None:
        return _problems(opened, path, repair)
    if not path.exists():
        return [Problem(None, f"no ledger at {path}")]
    try:
        book = Ledger.open(path, write=False)
    except GintallyError as e:
        return [Problem(None, str(e))]
    with book:
        return _problems(book, path, repair)


def _problems(book: Ledger, path: Path, repair: bool) -> list[Problem]:
    """`check` of the open ledger `book` (its file at `path`)."""
    problems = []
    if book.full_disk:  # no damage: nothing can be written until there is room
        problems.append(Problem(None, f"the disk that holds {path} is full: {FULL_DISK}"))
    for found in book.integrity_problems():
        where, _, what = found.partition(": ")
        problems.append(Problem(where, what))
    try:
        problems += [Problem(where, what) for where, what in book.damage(SETTINGS)]
    except GintallyError as e:  # a table SQLite itself cannot read
        problems.append(Problem(None, str(e)))
    problems += _setting_problems(book)
    problems += [Problem(where, what) for where, what in book.damaged_folds()]
    try:
        ids = book.match_ids()
    except GintallyError as e:  # a damaged table
        return [*problems, Problem(None, f"matches cannot be read: {e}")]
    named = {p.where for p in problems}
    rows = {int(w.split()[2]) for w in named if w and w.startswith("hands row ")}
    for match_id in ids:
        try:
            m = book.match_by_id(match_id)
        except LedgerError as e:
            where = f"matches row {match_id}"
            if where not in named and not any(
                w and w.startswith(("players row", "team_members row", "teams row")) for w in named
            ):
                problems.append(Problem(where, str(e)))
            continue
        problems += _match_problems(book, m, rows)
        problems += _money_problems(book, m, named)
    if repair:
        put = set(book.restore_guards())
        problems = [_put_back(p) if p.where in _put_where(put) else p for p in problems]
    return problems


def _put_where(names: set[str]) -> set[str]:
    """Where `check` names each of these schema triggers and indexes."""
    return {f"schema {kind} {n}" for n in names for kind in ("trigger", "index")}


def _put_back(problem: Problem) -> Problem:
    """A missing (or changed) trigger or index, once `check --repair` has made it again."""
    what, _, why = problem.what.partition(" (")
    what = what.replace("is missing", "was missing").replace("is not", "was not")
    return Problem(problem.where, f"{what} ({why.partition(')')[0]}): put back")


FULL_DISK = (
    "the ledger was read as it stands (no damage), but no command can write to it until there "
    "is room (free some space)"
)


def _setting_problems(book: Ledger) -> list[Problem]:
    """The settings that hold a value their setting does not take (`config.SETTINGS`)."""
    problems = []
    for key in SETTINGS:
        try:
            stored(book, key)
        except LedgerError:
            value = book.setting(key)
            takes = ", ".join(SETTINGS[key].values)
            problems.append(Problem(f"settings row {key}", f"holds {value!r}, not one of {takes}"))
    return problems


def _money_problems(book: Ledger, m: Match, named: set[str | None]) -> list[Problem]:
    """A match's stakes and payments that cannot be read, each named unless its row is
    already (`named`: where the problems found so far are)."""
    out = []
    for read in (book.stakes, lambda match: book.payments([match.id])):
        try:
            read(m)
        except LedgerError as e:
            if not any(w and f" {w} " in str(e) for w in named):
                out.append(Problem(f"match {m.name!r}", str(e)))
    return out


def _match_problems(book: Ledger, m: Match, named: set[int]) -> list[Problem]:
    """The problems of one match: each live hand settled again, then the match replayed and
    its cached quiet point verified. A two-player match is read once, hand by hand from the
    file, and replayed as it is read (memory does not grow with the match); a team match (its
    rounds need every hand) is read whole. Hands whose rows are `named` (row ids) as damaged
    already are not named again."""
    where = f"match {m.name!r}"
    if seating_of(m).whole:
        try:
            live = book.live_hands(m)
        except GintallyError as e:
            return [Problem(where, f"hands cannot be read: {e}")]
        problems = _hand_problems(m, where, live, named)
        try:
            full = replay(entries(m, live), m.rules, m.format, m.first_seat)
        except Exception as e:  # a replay that fails is exactly what check is for
            problems.append(Problem(where, f"does not replay: {e}"))
            return problems
        return problems + _mark_problems(book, m, full.next_dealer, full.games)
    problems = []
    with book.snapshot():
        found = _from_mark(book, m)
        part = found[1] if found is not None else None
        inside = found[0].season if found is not None and found[0].in_season else None
        # the full replay's last games, as many as the replay from the mark holds; from a mark
        # inside an ad-infinitum season, every game from that season's first on
        size = None if inside is not None else len(part.games) if part is not None else 0
        tail: deque[Game] = deque(maxlen=size)
        run = Replayer(m.rules, m.format, m.first_seat, keep=False)
        cached = book.season_folds(m, _folds_before(book, m)) if cacheable(m) else []
        finished: Finished = []
        fold = StandingsFold(m.rules, m.format, m.first_seat, finished=finished) if cached else None
        # the fold replays the match too (and fails as a replay does): a replay of its own only
        # for the cached quiet point, whose games are compared with the replay's last ones
        replaying = fold is None or part is not None
        failed: Exception | None = None
        entry = entries_from_values(m)
        settled, settle_once = _settling(m)
        # one loop a hand: replayed, then settled again (each distinct set of values once)
        try:
            for number, day, values, token in book.stream_hand_values(m, settle=True):
                if failed is None:
                    try:
                        hand = entry(
                            number,
                            day,
                            values[_KIND],
                            values[_WINNER],
                            values[_POINTS],
                            values[_DEALER],
                            values[_OTHER],
                        )
                        if fold is not None:
                            fold.add(hand)
                        if replaying:
                            run.feed(hand)
                            if run.games:
                                if inside is not None and not tail:
                                    tail.extend(g for g in run.games if g.season == inside)
                                else:
                                    tail.extend(run.games)
                                run.games.clear()
                            if run.marks:
                                run.marks.clear()
                    except Exception as e:  # a replay that fails is what check is for
                        failed = e
                if named and token["id"] in named:
                    continue
                wrong = settled.get(values)
                if wrong is None:
                    wrong = settle_once(values, token)
                if wrong:
                    problems.append(Problem(f"{where} hand {number}", wrong))
        except GintallyError as e:
            return [Problem(where, f"hands cannot be read: {e}")]
    if failed is not None:
        return [*problems, Problem(where, f"does not replay: {failed}")]
    if fold is not None:
        fold.result()  # the seasons it finished, into `finished`
        problems += _fold_problems(book, m, cached, finished)
    if found is None:
        return problems
    return problems + _mark_problems(book, m, run.dealer, list(tail), found)


def _folds_before(book: Ledger, m: Match) -> date:
    """The day before which a reader uses the match's season folds (`folding.folds_before`);
    every fold when the latest hand cannot be read (its damage is named as the hands are)."""
    try:
        return folds_before(book, m)
    except GintallyError:
        return date.max


def _fold_problems(book: Ledger, m: Match, cached: list[Fold], fresh: Finished) -> list[Problem]:
    """The match's cached season folds that a reader would use (`Ledger.season_folds`),
    compared with the seasons a fold of every hand finished (`fresh`): each that differs (its
    figures or its resume point) is named and dropped when the file can be written (a cache:
    the next reader makes it again)."""
    made = {season.label: (_values(season), resume) for season, resume in fresh}
    problems = []
    for f in cached:
        if made.get(f.season.label) == (_values(f.season), f.resume):
            continue
        fixed = "it is ignored"
        if not book.read_only:
            with contextlib.suppress(GintallyError):
                book.forget_fold(m, f.season.label)
                fixed = "removed: the next command rebuilds it"
        problems.append(
            Problem(
                f"season_folds row {m.id} {f.season.label!r}",
                f"the cached season of match {m.name!r} disagrees with a fresh fold ({fixed})",
            )
        )
    return problems


def _values(season: Season) -> str:
    """A season's figures as the cache writes them (`standings.season_values`)."""
    return json.dumps(season_values(season), separators=(",", ":"))


def _hand_problems(
    m: Match, where: str, hands: Iterable[HandRecord], named: set[int]
) -> list[Problem]:
    """Every live hand (records) settled again under its match's rules and compared with what
    is stored (`_settling`). Hands whose rows are `named` (row ids) are not named again."""
    problems = []
    settled, settle_once = _settling(m)
    for h in hands:
        if h.row_id in named:
            continue
        values = h.stored()
        wrong = settled.get(values)
        if wrong is None:
            wrong = settle_once(values, h)
        if wrong:
            problems.append(Problem(f"{where} hand {h.number}", wrong))
    return problems


def _settling(
    m: Match,
) -> tuple[dict[Hashable, str], Callable[[tuple[Any, ...], Any], str]]:
    """What is wrong with the hands that store these values ("": nothing), as the memo of a
    `settling.Settling` and the function that works it out once for the values and the token
    of a hand that stores them (`Ledger.stream_hand_values`)."""
    settling = Settling(m)

    def once(values: tuple[Any, ...], token: Any) -> str:
        try:
            kept = record_of(token)
        except GintallyError as e:  # a row that is no record (its problem, once)
            settling.memo[values] = str(e)
            return str(e)
        return settling(values, kept)

    return settling.memo, once


_SETTLED_FROM = HAND_COLUMNS[1:]  # what settling a stored hand again reads (`typed_from_record`)
# where the replay's values sit among them
_KIND, _WINNER, _POINTS, _DEALER, _OTHER = (
    _SETTLED_FROM.index(c) for c in ("kind", "winner", "points", "dealer", "other_points")
)


def _from_mark(book: Ledger, m: Match) -> tuple[Mark, Replay] | None:
    """The match's cached mark and the match replayed from it (None when it has none); a
    replay that fails leaves it as no games and no dealer, which no full replay agrees with."""
    mark = book.mark(m)
    if mark is None:
        return None
    try:
        rows = book.plays(m, after=(mark.cut_date, mark.cut_hand))
        # without their inputs: each hand is settled again, and named, by `_match_problems`
        rows = [(*r[:7], None) for r in rows]
        start = replay(entries_from_plays(m, rows), m.rules, m.format, m.first_seat, start=mark)
    except Exception:  # the cached state cannot even be replayed from
        start = Replay([], [], -1, None)
    return mark, start


def _mark_problems(
    book: Ledger,
    m: Match,
    dealer: int | None,
    last_games: list[Game],
    found: tuple[Mark, Replay] | None = None,
) -> list[Problem]:
    """The match's cached mark, verified: the games replayed from it (`found`, found again
    when not given) must be the last games of the full replay (`last_games`, at least as
    many; from a mark inside an ad-infinitum season, `_agrees_inside`), and its next dealer
    the full replay's (`dealer`). A wrong one is dropped when the file can be written (it is a
    cache: the next command rebuilds it)."""
    if found is None:
        found = _from_mark(book, m)
        if found is None:
            return []
    mark, part = found
    if mark.in_season:
        agrees = part.next_dealer == dealer and _agrees_inside(mark, part, last_games)
    else:
        agrees = part.next_dealer == dealer and (
            not part.games or part.games == last_games[-len(part.games) :]
        )
    if agrees:
        return []
    fixed = "it is ignored"
    if not book.read_only:
        with contextlib.suppress(GintallyError):
            book.forget_mark(m)
            fixed = "removed: the next command rebuilds it"
    return [
        Problem(
            f"replay_marks row {m.id}",
            f"the cached {'mark' if mark.in_season else 'quiet point'} of match {m.name!r} "
            f"disagrees with a full replay ({fixed})",
        )
    ]


def _agrees_inside(mark: Mark, part: Replay, games: list[Game]) -> bool:
    """Whether a replay from a mark inside an ad-infinitum season (`part`) agrees with the
    full replay's games from that season's first on (`games`): the games it holds of that
    season (those open at the mark, those numbered since) are the full replay's of the same
    numbers, none open at the mark or numbered after it is missing, the games each player won
    in the season are as many, and every game of the seasons after it is the same."""
    label = mark.season
    full = [g for g in dropwhile(lambda g: g.season != label, games)]
    season = [g for g in full if g.season == label]
    mine = [g for g in part.games if g.season == label]
    kept = {g.number for g in mine}
    if mine != [g for g in season if g.number in kept]:
        return False
    cut = (mark.cut_date, mark.cut_hand)
    if kept != {g.number for g in season if g.number > mark.games or _open_at(g, cut)}:
        return False
    won = list(mark.won)
    for g in mine:
        if g.status == "won" and g.winner is not None:
            won[g.winner] += 1
    counted = [0, 0]
    for g in season:
        if g.status == "won" and g.winner is not None:
            counted[g.winner] += 1
    later = [g for g in part.games if g.season != label]
    return won == counted and later == [g for g in full if g.season != label]


def _open_at(g: Game, cut: tuple[date, int]) -> bool:
    """Whether a game was still open after the hand at `cut` (date, hand number): not won, or
    won by a later hand (a game closes with the last hand posted to it)."""
    closed = g.closed
    return g.status != "won" or closed is None or not g.hands or (closed, g.hands[-1]) > cut
