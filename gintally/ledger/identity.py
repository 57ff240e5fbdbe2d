"""The identities of a ledger's facts: how a player, a match, a hand or a correction gets the
``uid`` it keeps wherever it travels (export, import, backup, merge), and the ids the migration
`m013_identities` derives for the facts recorded before identities existed.

Terminology
- uid: 32 lowercase hex digits, made where a fact is first recorded and never changed. Two
  ledgers that hold a fact with the same uid hold the same fact.
- random uid (`random_uid`): a player's or a match's (a UUID4's hex): nothing is ordered by it;
  a payment's, before payments took ordered uids.
- ordered uid (`OrderedUids`): a hand's, a correction's, a price's or a payment's: 16 hex
  digits of the time it was made (milliseconds since 1970 times 65,536, plus a count) and 16
  random ones. Each is greater than every ordered uid already in its table and in those of a
  match's other changes, so within a ledger uid order is entry order (what `undo` takes back
  first, where two changes were made in one second), and across ledgers it is the order in
  time of the devices' clocks: the order in which hands from two devices are numbered after a
  merge (`merging`), the same whichever way they are merged.
- derived uid (`derived_uid`, `derived_ordered`): the uid the migration gives a fact recorded
  before identities, made from the fact's own stored values (its row id, its time and what it
  records). Two copies of one old ledger, migrated on two devices, give their common facts the
  same uids, so they merge without doubling a hand; facts recorded after the copies parted
  differ in what they record or when, and get different uids.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

_SEQ = 1 << 16  # counts per millisecond in an ordered uid's first half


def random_uid() -> str:
    """A new uid that orders nothing (a player's, a match's)."""
    b = bytearray(os.urandom(16))  # a UUID4's bits, without importing uuid (ms)
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    return b.hex()


def made_at(uid: str, created_at: str) -> bool:
    """Whether `uid` is an ordered uid made at `created_at` (a row's time, to the second): its
    clock falls within that second (or the next, where the two were read across its end). A
    random uid does so once in some 10^16 times."""
    try:
        second = int(datetime.fromisoformat(created_at).timestamp()) * 1000 * _SEQ
    except (ValueError, OverflowError, OSError):
        return False
    return second <= _clock(uid) < second + 2000 * _SEQ


def _clock(text: str | None) -> int:
    """The first half of an ordered uid as a number (0 when it is not one)."""
    try:
        return int(str(text)[:16], 16)
    except ValueError:
        return 0


def _now() -> int:
    return int(datetime.now(UTC).timestamp() * 1000) * _SEQ


# the tables whose new uids come after the others' too: the order of a match's changes (a
# hand entered, a correction, a price, a payment: what `undo` takes back newest first). A
# payment recorded before payments took ordered uids has a random one (`random_uid`): the
# ordered ones are those below a day from now (a random one is there once in some 150 times,
# as a time long past, which orders nothing new).
_CHANGES = {
    "hands": "hands WHERE id = hand_id",
    "corrections": "corrections",
    "stakes": "stakes",
    "payments": "payments WHERE uid < ?",
}
_DAY = 86_400_000 * _SEQ  # a day, in an ordered uid's counts


class OrderedUids:
    """Ordered uids for new rows of a table (``hands``: its first versions; ``corrections``,
    ``stakes``, ``payments``), each greater than the last one there and than those of the
    other tables of a match's changes (read once, inside the write that adds the rows)."""

    def __init__(self, conn: sqlite3.Connection, table: str) -> None:
        bound = [f"{_now() + _DAY:016x}"]
        self._last = 0
        for source in _CHANGES.values() if table in _CHANGES else [table]:
            found = conn.execute(f"SELECT max(uid) FROM {source}", bound * source.count("?"))
            self._last = max(self._last, _clock(found.fetchone()[0]))

    def next(self) -> str:
        self._last = max(self._last + 1, _now())
        return f"{self._last:016x}{os.urandom(8).hex()}"

    def many(self) -> Iterator[str]:
        """Ordered uids one after another (an import's rows)."""
        self._last = max(self._last + 1, _now())
        tail = os.urandom(8).hex()
        while True:  # one random half for a batch, the count keeps them apart
            yield f"{self._last:016x}{tail}"
            self._last += 1


def _digest(values: Iterable[Any]) -> str:
    import hashlib  # (here: OpenSSL's, some 3 ms to load, for a migration's digests only)

    return hashlib.sha256(repr(tuple(values)).encode("utf-8")).hexdigest()


def derived_uid(kind: str, values: Sequence[Any]) -> str:
    """The uid the migration gives an old player or match: a digest of what it stores."""
    return _digest((kind, *values))[:32]


def derived_ordered(rows: Iterable[tuple[Any, ...]]) -> Iterator[tuple[str, Any]]:
    """(uid, row id) for old rows given in row-id order as (row id, created_at, *values): an
    ordered uid from the time each was written (never before the one written earlier, so the
    uids keep the rows' order even where the clock went back) and a digest of its values."""
    last = 0
    for row in rows:
        try:
            ms = int(datetime.fromisoformat(str(row[1])).timestamp() * 1000)
        except (ValueError, OverflowError, OSError):
            ms = 0
        last = max(last + 1, ms * _SEQ)
        yield f"{last:016x}{_digest(row)[:16]}", row[0]
