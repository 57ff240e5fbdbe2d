"""The other ledger of a merge (`merging`), read as foreign input: opened read-only and
refused unless it is a gintally ledger of this schema whose tables are plain tables, its values
bounded, and each row it brings checked as an import checks a row of a file.

Terminology
- other file: the ledger merged in (``gintally merge OTHER.db``), opened read-only (a
  ``mode=ro`` URI: never written, never migrated), never the ledger itself.
- plain table: a table, not a view (which may never end) or a virtual table, without a
  generated column: reading one runs none of the other file's code. Triggers never run: the
  file is only read.
- checks (`Checks`): the import's own validators, given by the caller (they live above the
  ledger, in `transfer.foreign`), so what an import refuses a merge refuses too, with the
  same words.
- refusal (`ForeignRow`): one line that names the other file and its row, never this ledger,
  which stays as it was.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from gintally.errors import GintallyError, LedgerError
from gintally.ledger import files, schema
from gintally.ledger.guards import name_damage
from gintally.ledger.people import clean_name
from gintally.model import HandRecord, is_uid

MAX_TEXT = 1 << 20  # characters in one value of the other file (a note is one line)


class Checks(Protocol):
    """How the rows of the other file are checked, as an import checks the rows of a file (the
    caller's: the import's validators live above the ledger). Each raises `GintallyError`,
    saying what is wrong with the row; `match_id` is the match here the row goes into."""

    def hand(self, match_id: int, record: HandRecord) -> None:
        """A hand (or an edit's new version), its players this ledger's."""

    def day(self, text: str) -> None:
        """A hand's date (ISO text): a merge checks each distinct date once, and each distinct
        rest of a row once (`hand`), as an import remembers the dates and rows it has read."""

    def payment(self, match_id: int, i: int, row: Mapping[str, Any]) -> None:
        """Payment `i` as an export row: uid, date, from, to (names), amount, note."""

    def stake(self, row: Mapping[str, Any]) -> None:
        """A price as an export's match states it: amount, currency, places, since, series,
        and where it was first set: uid, created_at."""

    def correction(self, row: Mapping[str, Any]) -> None:
        """A correction as an export's corrected hand lists it: uid, action, reason,
        created_at (its new version is checked as a hand)."""

    def taken_back(self, row: Mapping[str, Any]) -> None:
        """A payment's or a price's taking back, as an export lists it: reason, created_at."""

    def created(self, text: Any) -> None:
        """The time a player, match, hand or payment was first recorded (``created_at``)."""


class ForeignRow(GintallyError):
    """A row of the other file that an import would refuse: nothing was merged."""


def open_other(
    path: Path, ledger: Path | str, tables: Sequence[str]
) -> tuple[sqlite3.Connection, files.InUse]:
    """The other ledger, opened read-only, and this process's use of its file (release it once
    the connection is closed), or refused (missing, the ledger itself, foreign, newer, or older
    than this gintally's schema, or without one of the `tables` a merge reads, or with one
    that is not a plain table)."""
    if path.exists() and not path.is_file():  # a folder, a named pipe (it would wait), a device
        files.refuse_special(path, path.stat().st_mode)
    if not path.is_file():
        raise GintallyError(f"no ledger at {path}")
    if str(ledger) != ":memory:" and Path(ledger).exists() and path.samefile(ledger):
        raise GintallyError(f"{path} is this ledger itself: merge another ledger into it")
    in_use = files.opened(path)
    try:
        conn = files.connect_read_only(path)
    except sqlite3.Error as e:
        in_use.release()
        raise files.translate(path, e) from None
    try:
        _plain_tables(conn, path, tables)
        schema.recognise(conn, path)
        done = set(schema.applied(conn))
        missing = [name for name in schema.MIGRATION_NAMES if name not in done]
        if missing:
            raise LedgerError(
                f"{path} was written by an older gintally (it lacks schema {missing[0]}): open "
                f"it once with this gintally (gintally --db {path} match list) to bring it up "
                "to date, then merge it"
            )
        _all_tables(conn, path, tables)
    except sqlite3.Error as e:
        conn.close()
        in_use.release()
        raise files.translate(path, e) from None
    except GintallyError:
        conn.close()
        in_use.release()
        raise
    return conn, in_use


def _plain_tables(conn: sqlite3.Connection, path: Path, tables: Sequence[str]) -> None:
    """Each table a merge reads (`tables`) is a plain table of the other file, if it has
    it: a view (which may never end), a virtual table or a generated column would run the other
    file's code when read. Triggers never run: the other file is only read."""
    for name in tables:
        found = conn.execute(
            "SELECT type FROM pragma_table_list WHERE schema = 'main' AND name = ?", [name]
        ).fetchone()
        if found is None:
            continue  # a missing table is named where it is read
        if found[0] != "table":
            raise ForeignRow(
                f"{path.name} is not a gintally ledger to merge: its {name} is a {found[0]}, "
                "not a table"
            )
        generated = conn.execute(
            "SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)", [name]
        ).fetchone()
        if generated is not None:
            raise ForeignRow(
                f"{path.name} is not a gintally ledger to merge: its {name} has a generated "
                f"column ({generated[0]})"
            )


def _all_tables(conn: sqlite3.Connection, path: Path, tables: Sequence[str]) -> None:
    """Every table a merge reads (`tables`) is in the other file: a ledger of every
    migration has them all, so one without is another program's work."""
    have = {r[0] for r in conn.execute("SELECT name FROM pragma_table_list WHERE schema = 'main'")}
    lacking = [name for name in tables if name not in have]
    if lacking:
        raise ForeignRow(
            f"{path.name} is not a gintally ledger to merge: it has no {lacking[0]} table "
            "(another program changed it); nothing was merged"
        )


def bounded(src: sqlite3.Connection, path: Path, tables: Sequence[str]) -> None:
    """No value of `tables` is longer than `MAX_TEXT` characters (measured in
    SQLite, one pass a table, before any row is read into memory)."""
    for name in tables:
        columns = [r[0] for r in src.execute("SELECT name FROM pragma_table_xinfo(?)", [name])]
        if not columns:
            continue
        lengths = ", ".join(f'max(length("{c}"))' for c in columns)
        longest = src.execute(f'SELECT {lengths} FROM "{name}"').fetchone()
        for column, n in zip(columns, longest, strict=True):
            if n is not None and n > MAX_TEXT:
                raise ForeignRow(
                    f"{path.name} holds a {column} of {n:,} characters in its {name} (at most "
                    f"{MAX_TEXT:,}): nothing was merged"
                )


class OtherFile:
    """The other file's name and the import's checks (`Checks`; None: a merge's own test
    without them): how a row of the file is checked and refused."""

    def __init__(self, name: str, checks: Checks | None) -> None:
        self.name, self.checks = name, checks

    def refused(self, where: str, e: GintallyError) -> ForeignRow:
        """The refusal of a row of the other file: the file and the row named, not this
        ledger (which stays as it was)."""
        why = str(e).removeprefix("the ledger is damaged: ").split("; run 'gintally check'")[0]
        return ForeignRow(f"{self.name}, {where}: {why}; nothing was merged")

    def check_name(self, name: object, where: str, what: str) -> None:
        """A name of the other file, as this ledger's `check` wants a stored one and as every
        name is kept (`people.clean_name`: at most 60 characters...); `what`: player, match
        or team."""
        wrong = name_damage(name)
        if wrong is not None:
            raise ForeignRow(f"{self.name}, {where}: it {wrong}; nothing was merged")
        try:
            clean_name(str(name), what)
        except GintallyError as e:
            raise ForeignRow(f"{self.name}, {where}: {e}; nothing was merged") from None

    def check_uid(self, uid: object, where: str) -> None:
        """A row's identity as gintally writes one (`model.is_uid`, as an import reads a uid)."""
        if not (type(uid) is str and is_uid(uid)):
            raise ForeignRow(
                f"{self.name}, {where}: the uid {str(uid)[:40]!r} is not 32 hexadecimal digits "
                "(an identity gintally writes); nothing was merged"
            )

    def check_created(self, text: Any, where: str) -> None:
        """The time a row was first recorded, checked as an import checks one (`Checks.created`)
        unless it is ASCII without a space or a control character, which the import reads as
        it is (a gintally timestamp, ``2026-01-05T20:14:03+00:00``: the many hands of a merge
        are not read one by one)."""
        if self.checks is None:
            return
        if type(text) is str and text.isascii() and text.isprintable() and " " not in text:
            return
        try:
            self.checks.created(text)
        except GintallyError as e:
            raise self.refused(where, e) from None

    def nowhere(self, where: str, what: str) -> ForeignRow:
        """The refusal of a row of the other file that names a row the file does not hold
        (which a merge would otherwise pass over)."""
        return ForeignRow(
            f"{self.name}, {where}: {what}, which the file does not hold; nothing was merged"
        )

    def check_correction(self, c: sqlite3.Row, where: str) -> None:
        """A correction of the other file (its own facts) checked as an import checks one."""
        self.check_uid(c["uid"], where)
        if self.checks is None:
            return
        try:
            self.checks.correction({k: c[k] for k in ("uid", "action", "reason", "created_at")})
        except GintallyError as e:
            raise self.refused(where, e) from None
