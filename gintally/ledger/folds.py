"""The season-fold cache: each finished season of a match folded once (its standings figures and
the records `stats` needs), so `standings`, `stats`, `chart` and `report` replay only the seasons
not cached (the current one).

Terminology
- fold: one row of ``season_folds`` (`m014_season_folds`): a match, a season (its label, first
  day and end, the first day after it), the season's values (`standings.season_values`: its
  figures and records, as JSON) and, for a format without seasons, its resume point.
- finished: a season that a later season with live hands follows; only those are cached (the
  latest season's figures still change, and its games may still be open).
- resume point: the latest quiet point (`engine.replay.Mark`) at or before the season's end,
  from which a replay of the seasons after it starts (a format without seasons: games run from
  one season into the next). A seasonal format (ad-infinitum) keeps none: its seasons start
  afresh, each at its first day.
- seen: the newest hand row and correction ids when the fold was made (`hands_row`,
  `corrections_row`).
- touched: a hand row or correction written since the fold (id above `seen`) that concerns a
  hand (any of its versions) the fold depends on: dated in its season for a seasonal format,
  dated before the season's end for the others (the state a season starts from is made by
  every hand before it). A touched fold is stale: it is not used, and the reader that replays
  the season instead writes it again.
- made by: the gintally that folded the season (`MADE_BY`, stored with its values). A fold
  made by another (an upgrade, whose rules or figures may differ) is not used, as a touched one
  is not, and the next reader writes it again: it is not damage.
- digest: a checksum of the row's match and values (`fold_digest`), like the replay marks'. A
  row whose values no longer match it, or cannot be a season's, is damaged: it is never used,
  `check` names it (`damaged`), and the next reader writes it again.
- forgetting triggers (`guards.FOLD_GUARDS`, made by `m014_season_folds`): a hand row, correction or
  match changed or deleted in place (which gintally never does: facts are appended) drops the
  match's folds in the same statement, so no tool can leave a fold behind the facts it was made
  from; a row written at or below what a fold has seen drops it too (`guards.BEHIND`). While
  one of them or a guard is missing (another tool dropped it) no fold is used
  (`guards.trusted`) until `guards.restore` puts it back and drops the folds.
- fresh fold: `check` folds every hand of a match and names each fold a reader would use that
  differs from it (a forged row with its checksum recomputed), and drops it.

The table is a cache, not a fact: it is read only through `load`, which checks every row, and
dropping every row loses nothing.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from gintally import __version__
from gintally.engine.replay import Mark
from gintally.engine.seasons import NEW_YEAR, parse_season_start, season_end, season_of
from gintally.engine.standings import Season, season_of_values, season_values
from gintally.errors import GintallyError
from gintally.ledger.guards import FOLD_GUARDS, trusted

TABLE = """
    CREATE TABLE season_folds (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        season TEXT NOT NULL,
        first_day TEXT NOT NULL,
        end_day TEXT NOT NULL,
        figures TEXT NOT NULL,
        resume TEXT,
        hands_row INTEGER NOT NULL,
        corrections_row INTEGER NOT NULL,
        digest TEXT NOT NULL,
        PRIMARY KEY (match_id, season)
    )"""


FOLD_VALUES = (
    "season",
    "first_day",
    "end_day",
    "figures",
    "resume",
    "hands_row",
    "corrections_row",
)


MADE_BY = f"gintally {__version__}"  # who folded: stored first in a fold's ``figures``


class BadFold(ValueError):
    """A cached row that cannot be a season's fold (damaged): it is not used."""


class OtherMaker(ValueError):
    """A sound row folded by another gintally (`MADE_BY`): not used, not damage."""


@dataclass
class Fold:
    """A finished season of a match, as cached: its figures (a cached `Season`) and its resume
    point (None: a seasonal format, or no quiet point since the match began)."""

    season: Season
    resume: Mark | None
    seen: tuple[int, int] = (0, 0)  # as read: the rows it had seen (see `load`)


def fold_digest(match_id: int, values: Sequence[object]) -> str:
    """The checksum of a fold row: its match and every value, in `FOLD_VALUES` order."""
    text = repr([match_id, *values]).encode("utf-8", "backslashreplace")
    return hashlib.blake2b(text, digest_size=8).hexdigest()


def _mark_values(mark: Mark | None) -> list[object] | None:
    if mark is None:
        return None
    return [
        mark.cut_date.isoformat(),
        mark.cut_hand,
        mark.games,
        mark.dealer,
        mark.season,
        mark.finished,
        mark.series,
    ]


def _mark_of(values: object) -> Mark | None:
    if values is None:
        return None
    if not isinstance(values, list) or len(values) != 7:
        raise BadFold(f"holds resume {values!r}")
    cut, hand, games, dealer, label, finished, series = values
    counts = (hand, games, finished, series)
    if any(type(v) is not int or v < 0 for v in counts) or dealer not in (None, 0, 1):
        raise BadFold(f"holds resume {values!r}")
    if not isinstance(cut, str) or not isinstance(label, str):
        raise BadFold(f"holds resume {values!r}")
    return Mark(date.fromisoformat(cut), hand, games, dealer, label, finished, series)


def _read(row: sqlite3.Row, match_id: int, season_start: tuple[int, int]) -> Fold:
    """The fold a row holds; `BadFold` when it is damaged."""
    values = [row[c] for c in FOLD_VALUES]
    if row["digest"] != fold_digest(match_id, values):
        raise BadFold("holds values that do not match its checksum")
    try:
        figures = json.loads(row["figures"])
    except (ValueError, RecursionError) as e:  # RecursionError: arrays nested beyond the stack
        raise BadFold(f"holds values that are not a season's ({e})") from None
    if not (isinstance(figures, list) and len(figures) == 2 and figures[0] == MADE_BY):
        raise OtherMaker(row["figures"][:40])  # its checksum holds: another gintally's
    try:
        season = season_of_values(figures[1])
        resume = _mark_of(json.loads(row["resume"]) if row["resume"] is not None else None)
        first = date.fromisoformat(row["first_day"])
        label, start = season_of(first, season_start)
        end = season_end(first).isoformat()
    except (TypeError, ValueError, OverflowError, RecursionError) as e:
        raise BadFold(f"holds values that are not a season's ({e})") from None
    if (label, start) != (row["season"], first) or season.label != label or season.start != first:
        raise BadFold(f"holds season {row['season']!r} from {row['first_day']!r}")
    if row["end_day"] != end:
        raise BadFold(f"holds end_day {row['end_day']!r}")
    for column in ("hands_row", "corrections_row"):
        if type(row[column]) is not int or row[column] < 0:
            raise BadFold(f"holds {column} {row[column]!r}")
    return Fold(season, resume, (row["hands_row"], row["corrections_row"]))


# The rows written since `?` (hand rows, then corrections) that concern a hand of the match
# dated before `?` (the latest end of its folds): each with the date it concerns. Driven by
# the rows written since (id ranges), never by the match's hands: the unary + keeps SQLite off
# the match_id index.
_TOUCHED = (
    "SELECT n.id, 0, n.date FROM hands n WHERE n.id > :h AND +n.match_id = :m AND n.date < :e "
    "UNION ALL SELECT n.id, 0, o.date FROM hands n JOIN hands o ON o.hand_id = n.hand_id "
    "AND o.id < n.id WHERE n.id > :h AND +n.match_id = :m AND n.id <> n.hand_id "
    "AND o.date < :e "
    "UNION ALL SELECT c.id, 1, o.date FROM corrections c JOIN hands o ON o.hand_id = c.hand_id "
    "WHERE c.id > :c AND +o.match_id = :m AND o.date < :e"
)


def load(
    conn: sqlite3.Connection,
    match_id: int,
    season_start: tuple[int, int],
    seasonal: bool,
    before: date,
) -> list[Fold]:
    """The match's folds of the seasons before the day `before` (the latest season's first
    day) that are sound and not touched, oldest first (raises `sqlite3.OperationalError` when
    the table does not exist). A damaged or touched row is left out; none is used while a
    trigger the cache relies on is missing (`guards.trusted`)."""
    if not trusted(conn, FOLD_GUARDS):
        return []
    rows = conn.execute(
        "SELECT * FROM season_folds WHERE match_id = ? AND first_day < ? ORDER BY first_day",
        [match_id, before.isoformat()],
    ).fetchall()
    kept: list[tuple[sqlite3.Row, Fold]] = []
    for row in rows:
        try:
            kept.append((row, _read(row, match_id, season_start)))
        except BadFold:
            continue  # damaged: `check` names it, and the reader replays the season
        except OtherMaker:
            continue  # another gintally's: the reader replays the season and writes it again
    if not kept:
        return []
    touched = conn.execute(
        _TOUCHED,
        {
            "h": min(r["hands_row"] for r, _ in kept),
            "c": min(r["corrections_row"] for r, _ in kept),
            "m": match_id,
            "e": max(r["end_day"] for r, _ in kept),
        },
    ).fetchall()
    out = []
    for row, fold in kept:
        first, end = row["first_day"], row["end_day"]
        seen = (row["hands_row"], row["corrections_row"])
        if not any(
            ident > seen[kind] and day < end and (not seasonal or day >= first)
            for ident, kind, day in touched
        ):
            out.append(fold)
    return out


def save(
    conn: sqlite3.Connection, match_id: int, folds: Sequence[Fold], seen: tuple[int, int]
) -> None:
    """Keep the folds of finished seasons made by a replay that saw the ledger up to `seen`
    (inside a write)."""
    for fold in folds:
        s = fold.season
        resume = _mark_values(fold.resume)
        values: list[object] = [
            s.label,
            s.start.isoformat(),
            season_end(s.start).isoformat(),
            json.dumps([MADE_BY, season_values(s)], separators=(",", ":")),
            None if resume is None else json.dumps(resume, separators=(",", ":")),
            *seen,
        ]
        conn.execute(
            "INSERT OR REPLACE INTO season_folds(match_id, season, first_day, end_day, figures, "
            "resume, hands_row, corrections_row, digest) VALUES (?,?,?,?,?,?,?,?,?)",
            [match_id, *values, fold_digest(match_id, values)],
        )


def damaged(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """Every fold row that is damaged, as (where, what) for `check`."""
    try:
        rows = conn.execute(
            "SELECT f.*, m.season_start FROM season_folds f LEFT JOIN matches m "
            "ON m.id = f.match_id ORDER BY f.match_id, f.first_day"
        ).fetchall()
    except sqlite3.OperationalError:
        return []  # an old ledger opened read-only: no folds
    found = []
    for row in rows:
        where = f"season_folds row {row['match_id']} {row['season']!r}"
        try:
            start = _season_start(row["season_start"])
            _read(row, row["match_id"], start)
        except BadFold as e:
            found.append((where, f"{e} (a cache: it is ignored)"))
        except OtherMaker:
            pass  # sound, made by another gintally: stale, not damaged
    return found


def _season_start(text: object) -> tuple[int, int]:
    """A match's stored season start (``MM-DD``), for reading its folds."""
    try:
        return parse_season_start(str(text))
    except GintallyError:
        return NEW_YEAR  # a damaged match: `check` names it
