"""The replay-mark cache: one remembered mark per match, so a replay can skip the past.

Terminology
- mark: a point of a match (`engine.replay.Mark`) after which replaying only the hands after
  the cut (date, hand number in the match) gives the same games: a quiet point (no game is
  open after the hand at the cut), or inside an ad-infinitum season with what it carries.
  Hand numbers are per match and the rows looked at are the match's, so a cut compares
  numbers of one match only; ``hand_id`` only joins a hand's versions and corrections.
- seen: the newest hand row and correction ids when the mark was taken (`hands_row`,
  `corrections_row`), or last confirmed by a write's replay from it. The replay that keeps a
  mark has settled again every live hand after the cut up to that hand row (each read settles
  a stored hand again to refuse one that contradicts itself: `service.replaying`), so a replay
  from a trusted mark settles again only the rows written since (`verified`, `Hands.plays`);
  a row changed in place or written behind drops the mark first (the forgetting triggers).
- touched: a hand row or correction written since the mark (id above `seen`) that concerns a hand
  at or before the cut: a back-dated hand, an edit or a void of an earlier hand. A touched mark
  is not trusted, and the match is replayed whole.

- digest: a checksum of the row's values and its match (`mark_digest`), written with the row. A row
  whose values were changed since (a flipped byte, a hand edit of the file) no longer matches
  it and is not used, so a wrong-but-plausible row is caught by every command, not only by
  `check`'s full replay.
- forgetting triggers (migration m008_mark_guards): a hand row, correction or match's rules
  changed or deleted in place, which gintally never does (facts are appended), drop the
  match's mark inside the same statement, so even another tool's edit of the file cannot leave a
  stale mark behind; a row written at or below what the mark has seen drops it too
  (`guards.BEHIND`). While one of them or a guard is missing no mark is used
  (`guards.trusted`) until `guards.restore` puts it back and drops the marks.

- carried (`m021_season_marks`): what a mark inside an ad-infinitum season carries, as JSON
  (`carried_text`): its open games and the games each player won in the season before it; NULL
  for a quiet point. The digest covers it when it is there (a quiet point's digest is as before).

The ``replay_marks`` table is a cache, not a fact: it is only ever read through `load`, which
checks it against the ledger; deleting the table loses nothing.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from typing import Any

try:  # hashlib's own blake2b, without loading OpenSSL (some 3 ms of every command that reads)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython builds it in
    from hashlib import blake2b

from gintally.engine.replay import Mark, OpenGame
from gintally.ledger.guards import MARK_GUARDS, trusted

_TOUCHED = (
    # Driven by the rows written since the mark (id ranges), never by the match's hands: the
    # unary + keeps SQLite off the match_id index.
    "SELECT EXISTS (SELECT 1 FROM hands n WHERE n.id > ? AND +n.match_id = ? AND "
    "  ((n.date < ? OR (n.date = ? AND n.number <= ?)) OR EXISTS ("
    "   SELECT 1 FROM hands o WHERE o.hand_id = n.hand_id AND o.id <= ? AND "
    "   (o.date < ? OR (o.date = ? AND o.number <= ?))))) "
    "OR EXISTS (SELECT 1 FROM corrections c CROSS JOIN hands o "
    "  ON o.hand_id = c.hand_id WHERE c.id > ? AND +o.match_id = ? AND "
    "  (o.date < ? OR (o.date = ? AND o.number <= ?)))"
)


class BadMark(ValueError):
    """A cached row that cannot be a quiet point of its match (damaged): it is not used."""


_CUT_HAND = "SELECT 1 FROM hands WHERE match_id = ? AND number = ? AND date = ?"
MARK_VALUES = (
    "cut_date",
    "cut_hand",
    "games",
    "dealer",
    "season",
    "finished",
    "hands_row",
    "corrections_row",
    "series",
)


def mark_digest(match_id: int, values: list[object], carried: str | None = None) -> str:
    """The checksum of a mark row: its match and every value, in `MARK_VALUES` order, then
    what an in-season mark carries (`carried_text`; a quiet point's checksum is as it was
    before marks carried anything)."""
    text = repr([match_id, *values] if carried is None else [match_id, *values, carried])
    return blake2b(text.encode("utf-8", "backslashreplace"), digest_size=8).hexdigest()


def carried_text(mark: Mark) -> str | None:
    """What an in-season mark carries, as the row keeps it: ``{"won": [a, b], "open": [[number,
    opened, [points], [boxes], [hands]], ...]}`` (None for a quiet point)."""
    if mark.open is None:
        return None
    games = [[n, day.isoformat(), list(p), list(b), list(h)] for n, day, p, b, h in mark.open]
    return json.dumps({"won": list(mark.won), "open": games}, separators=(",", ":"))


def _carried(text: object) -> tuple[tuple[OpenGame, ...], tuple[int, int]]:
    """The open games and games won of a row's ``carried`` (raises `BadMark` unless every
    value is of its kind)."""
    try:
        found: Any = json.loads(text) if isinstance(text, str) else None
        won, games = found["won"], found["open"]
        pair = _counts(won, 2)
        out = []
        for number, day, points, boxes, hands in games:
            (n,) = _counts([number], 1, least=1)
            points_, boxes_ = _counts(points, 2, least=None), _counts(boxes, 2)
            out.append((n, date.fromisoformat(day), points_, boxes_, _counts(hands, None, 1)))
    except (TypeError, ValueError, KeyError):
        raise BadMark(f"carries {text!r}, not open games and games won") from None
    return tuple(out), (pair[0], pair[1])


def _counts(values: object, size: int | None, least: int | None = 0) -> Any:
    """`values` as a tuple of whole numbers (`size` of them, when given; none below `least`)."""
    if not isinstance(values, list) or (size is not None and len(values) != size):
        raise ValueError(values)
    for v in values:
        if type(v) is not int or (least is not None and v < least):
            raise ValueError(v)
    return tuple(values)


def _verified(row: sqlite3.Row, conn: sqlite3.Connection, match_id: int) -> None:
    """Raise `BadMark` unless every value of the row can be a mark of the match: its types and
    ranges (and those of what it carries), and a cut at a hand of the match on that date (or a
    season's start, which carries nothing)."""
    ints = ("cut_hand", "games", "finished", "hands_row", "corrections_row")
    for column in ints:
        if type(row[column]) is not int or row[column] < 0:
            raise BadMark(f"holds {column} {row[column]!r}")
    if row["dealer"] not in (None, 0, 1) or type(row["season"]) is not str:
        raise BadMark(f"holds dealer {row['dealer']!r}, season {row['season']!r}")
    try:
        date.fromisoformat(row["cut_date"])
    except (TypeError, ValueError):
        raise BadMark(f"holds cut_date {row['cut_date']!r}") from None
    if (
        row["cut_hand"]
        and not conn.execute(_CUT_HAND, [match_id, row["cut_hand"], row["cut_date"]]).fetchone()
    ):
        raise BadMark(
            f"cuts at hand {row['cut_hand']} on {row['cut_date']}, not a hand played then"
        )
    carried = _carried_of(row)
    if carried is not None:
        _carried(carried)
        if not row["cut_hand"]:
            raise BadMark("carries open games at a season's start")
    if row["digest"] != mark_digest(match_id, [row[c] for c in MARK_VALUES], carried):
        raise BadMark("holds values that do not match its checksum")


def _carried_of(row: sqlite3.Row) -> Any:
    """The row's ``carried`` (None in a ledger opened read-only before `m021_season_marks`)."""
    return row["carried"] if "carried" in row.keys() else None  # noqa: SIM118 (a Row's `in`)


def load(conn: sqlite3.Connection, match_id: int) -> Mark | None:
    """The match's remembered mark, if it is still true of the ledger (raises
    `sqlite3.OperationalError` when the table does not exist, `BadMark` when the row is
    damaged)."""
    found = load_seen(conn, match_id)
    return None if found is None else found[0]


def load_seen(conn: sqlite3.Connection, match_id: int) -> tuple[Mark, tuple[int, int]] | None:
    """`load`, and what the mark has seen (`seen`: the newest hand row and correction ids when
    it was taken or last confirmed): every live hand after its cut in a row up to that hand
    row was settled again by the replay that kept it (`service.windows`)."""
    row = conn.execute("SELECT * FROM replay_marks WHERE match_id = ?", [match_id]).fetchone()
    if row is None or "digest" not in row.keys():  # noqa: SIM118 (a Row's `in` looks at values)
        return None  # none, or a read-only ledger from before digests: replay whole
    _verified(row, conn, match_id)
    if not trusted(conn, MARK_GUARDS):
        return None  # a trigger it relies on is gone: replay whole (`guards.trusted`)
    cut = [row["cut_date"], row["cut_date"], row["cut_hand"]]
    touched = conn.execute(
        _TOUCHED,
        [
            row["hands_row"],
            match_id,
            *cut,
            row["hands_row"],
            *cut,
            row["corrections_row"],
            match_id,
            *cut,
        ],
    ).fetchone()[0]
    if touched:
        return None
    carried = _carried_of(row)
    games, won = _carried(carried) if carried is not None else (None, (0, 0))
    mark = Mark(
        date.fromisoformat(row["cut_date"]),
        row["cut_hand"],
        row["games"],
        row["dealer"],
        row["season"],
        row["finished"],
        row["series"],
        games,
        won,
    )
    return mark, (int(row["hands_row"]), int(row["corrections_row"]))


def save(conn: sqlite3.Connection, match_id: int, mark: Mark, seen: tuple[int, int]) -> None:
    """Keep a mark found by a replay that saw the ledger up to `seen` (inside a write)."""
    values: list[object] = [
        mark.cut_date.isoformat(),
        mark.cut_hand,
        mark.games,
        mark.dealer,
        mark.season,
        mark.finished,
        *seen,
        mark.series,
    ]
    carried = carried_text(mark)
    conn.execute(
        "INSERT INTO replay_marks(match_id, cut_date, cut_hand, games, dealer, season, "
        "finished, hands_row, corrections_row, series, carried, digest) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(match_id) DO UPDATE SET cut_date = excluded.cut_date, "
        "cut_hand = excluded.cut_hand, games = excluded.games, "
        "dealer = excluded.dealer, season = excluded.season, "
        "finished = excluded.finished, hands_row = excluded.hands_row, "
        "corrections_row = excluded.corrections_row, series = excluded.series, "
        "carried = excluded.carried, digest = excluded.digest",
        [match_id, *values, carried, mark_digest(match_id, values, carried)],
    )
