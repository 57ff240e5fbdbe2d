"""Newest versions: which rows of ``hands`` a long read skips (the older versions of an edited
hand), how many versions each edited hand has and which hands are voided and why, read once
from the few corrected hands instead of probed for every row of the match.

A read of every hand (the hand log, `check`, an export) used to ask, for each row, whether a
newer version of it exists, how many versions its hand has and whether it is voided: four
probes of an index a row, some 2 s of a million-hand log. A household corrects a few hands, so
what those probes find is read once here (`corrections`: one scan of the versions index and one
of the voids) and a row is looked up in it; a ledger corrected more than `MOST` times is read
the old way (memory stays bounded).

Terminology
- stale row: a row of ``hands`` that is not its hand's newest version (a later row has its
  ``hand_id``): no read of the hands shows it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection
from dataclasses import dataclass

from gintally.ledger.guards import shown
from gintally.model import HAND_COLUMNS

# a void that stands (``c``: a row of ``corrections``): no restore of its hand came after it
# (`Hands.restore`; a ledger from before restores has none). "After" is by the corrections'
# uids, which are ordered by when they were made wherever that was (`identity`), as a hand's
# history replays them: by row id a merge would order them by which device's file came in
# first, and two ledgers merged both ways would disagree on whether the hand is voided.
STANDING_VOID = (
    "c.action = 'void' AND NOT EXISTS (SELECT 1 FROM corrections r WHERE "
    "r.hand_id = c.hand_id AND r.action = 'restore' AND r.uid > c.uid)"
)
# the same for a ledger's views made before corrections had uids (`m013_identities`): by row id
STANDING_VOID_BY_ROW = STANDING_VOID.replace("r.uid > c.uid", "r.id > c.id")

# `hands.LIVE_HANDS` for a read of a whole match: the stale rows and the voided hands listed once
# (two scans of small indexes, materialised by SQLite) instead of two probes for every row
WHOLE_LIVE = (
    "SELECT h.* FROM hands h WHERE h.match_id = ? AND h.id NOT IN (SELECT v.id FROM "
    "(SELECT DISTINCT hand_id FROM hands WHERE id != hand_id) e JOIN hands v "
    "ON v.hand_id = e.hand_id WHERE v.id < (SELECT max(x.id) FROM hands x "
    "WHERE x.hand_id = e.hand_id)) "
    "AND h.hand_id NOT IN (SELECT c.hand_id FROM corrections c WHERE " + STANDING_VOID + ")"
)

# how many hands of a match ({}: a window of dates) are in their newest version
COUNT_NEWEST = (
    "SELECT (SELECT count(*) FROM hands h WHERE h.match_id = ?{0}) - (SELECT count(*) FROM "
    "hands h WHERE h.id IN (SELECT v.id FROM (SELECT DISTINCT hand_id FROM hands "
    "WHERE id != hand_id) e JOIN hands v ON v.hand_id = e.hand_id WHERE v.id < "
    "(SELECT max(x.id) FROM hands x WHERE x.hand_id = e.hand_id)) AND h.match_id = ?{0})"
)

# the columns of a row that settling its hand again reads (`hands.hand_record` makes a record
# of them, with no uid and no time of writing): the long texts of every row not read
NARROW = (
    "h.id, h.hand_id, h.match_id, h.number, "
    + ", ".join(f"h.{c}" for c in HAND_COLUMNS)
    + ", '' AS created_at"
)

MOST = 100_000  # corrected rows held at most; a ledger with more is read row by row in SQL

# every row of a hand that has another version (a row whose id is not its hand key is a later
# version), with its hand's number of versions and newest row: one scan of ``hands_versions``
_VERSIONS = (
    "SELECT v.id, v.hand_id, e.n, e.newest FROM (SELECT hand_id, count(*) AS n, max(id) AS newest "
    "FROM hands WHERE hand_id IN (SELECT hand_id FROM hands WHERE id != hand_id) "
    "GROUP BY hand_id) e JOIN hands v ON v.hand_id = e.hand_id LIMIT ?"
)
# every void, each hand's standing one first ({}: `Hands._void_order`)
_VOIDS = (
    "SELECT c.hand_id, c.reason FROM corrections c WHERE " + STANDING_VOID + " "
    "ORDER BY c.hand_id, {} LIMIT ?"
)


@dataclass(frozen=True)
class Corrections:
    """What a long read needs to know of the corrected hands: the stale rows (by row id), the
    versions of each hand that has more than one (by hand key) and the voided hands (by hand
    key) with the reason of the void that stands (None: no reason given)."""

    stale: frozenset[int]
    versions: dict[int, int]
    voids: dict[int, str | None]


def corrections(
    conn: sqlite3.Connection, void_order: str, columns: Collection[str], most: int = MOST
) -> Corrections | None:
    """The ledger's `Corrections`, or None when it holds more than `most` corrected rows (a
    reader then asks SQL row by row) or is an old one read as it is (`columns`: its hands
    table's; without every column of `HAND_COLUMNS` its rows are read the slow way). Read it
    in the same snapshot as the rows it is for."""
    if any(c not in columns for c in HAND_COLUMNS):
        return None
    rows = conn.execute(_VERSIONS, [most + 1]).fetchall()
    if len(rows) > most:
        return None
    voids: dict[int, str | None] = {}
    found = conn.execute(_VOIDS.format(void_order), [most + 1]).fetchall()
    if len(found) > most:
        return None
    for hand_id, reason in found:
        voids.setdefault(hand_id, shown(reason))  # never raw (`guards.shown`)
    stale = frozenset(row_id for row_id, _, _, newest in rows if row_id != newest)
    return Corrections(stale, {hand_id: n for _, hand_id, n, _ in rows}, voids)
