"""The core of an open ledger: its connection, its transactions, its settings.

`Ledger` (in `store`) is this core with its parts (`people`, `matches`, `hands`, `imports`,
`damage`) mixed in: each part is a subclass of `LedgerCore` that uses its connection (`conn`),
its write and its helpers (`_rows`, `_stream`, `_set`, `_hand_columns`), and none uses another
part's methods.

Terminology
- write: one ``BEGIN IMMEDIATE`` transaction (`LedgerCore.write`), taken up front so two
  processes queue for the write lock (`lock`) instead of failing mid-way; all of it lands, or
  none of it.
- snapshot: several reads that see one state of the file (`LedgerCore.snapshot`).
- setting: a preference kept in the ledger (``settings``), such as the current match.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from gintally import commits
from gintally.errors import LedgerError
from gintally.ledger import files, lock

T = TypeVar("T")


def timestamp() -> str:
    """The time a row is written (``created_at``): now, in UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class LedgerCore:
    """An open ledger's connection, its transactions and settings (see `Ledger` for the rest)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | str,
        read_only: bool = False,
        on_wait: Callable[[], None] | None = None,
    ):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self._writing = False  # inside `write`: a nested one joins it
        self._changes = False  # what the open `write` will report when it commits
        self.on_wait = on_wait  # told when a write waits more than a second for another one
        self._columns: frozenset[str] | None = None  # of the hands table, read on first use
        self._version: int | None = None  # the file's data_version when last asked (`news`)

    @contextlib.contextmanager
    def write(self, change: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it lands, or none of it. Its COMMIT is reported to
        `gintally.commits` (a `change` unless it only refreshes the cache), so the command line's
        exit code can tell whether the ledger changed.

        It takes the write lock first (BEGIN IMMEDIATE), so a read-modify-write inside it (edit,
        void, undo, rename, import) reads what no other process can change before it writes.
        Nested, it joins the transaction already open: the outermost one commits."""
        if self._writing:
            self._changes = self._changes or change
            yield self.conn
            return
        if self.read_only:
            raise LedgerError(f"cannot write to {self.path}: the ledger file is read-only")
        try:
            lock.begin_immediate(self.conn, self.on_wait)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        self._writing, self._changes = True, change
        try:
            yield self.conn
        except sqlite3.Error as e:  # a full disk, a guard (`guards`): one line, nothing written
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise files.translate(self.path, e) from None
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise
        finally:
            self._writing = False
        try:
            with commits.committing(self._changes):
                self.conn.execute("COMMIT")
                told = self._landed() if self._changes else None
        except sqlite3.Error as e:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise files.translate(self.path, e) from None
        if told is not None:  # the change is in the ledger: told once it is counted
            raise told

    def _landed(self) -> LedgerError | None:
        """A change has just been committed, inside the COMMIT's critical section: here,
        nothing (a `Ledger` built beside its path puts it in place now). An error it returns
        is raised once the change is counted; one it raises means the change is not kept."""
        return None

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, list(params)).fetchall()
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def money_rows(self, sql: str, params: Iterable[object] = ()) -> list[sqlite3.Row]:
        """The rows of a query of ``stakes`` or ``payments``: none from a ledger opened
        read-only before those tables were made (`m012_payments`)."""
        try:
            return self.conn.execute(sql, list(params)).fetchall()
        except sqlite3.OperationalError as e:
            if "no such table" in str(e):
                return []
            raise files.translate(self.path, e) from None
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def _stream(self, sql: str, params: list[Any], make: Callable[[Any], T]) -> Iterator[T]:
        try:
            for row in self.conn.execute(sql, params):
                yield make(row)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def _hand_columns(self) -> frozenset[str]:
        """The columns of the hands table. A ledger opened read-only is not migrated, so one
        written by an older gintally may lack the newer columns: they read as empty."""
        if self._columns is None:
            rows = self._rows("SELECT name FROM pragma_table_info('hands')")
            self._columns = frozenset(r[0] for r in rows)
        return self._columns

    def news(self) -> bool:
        """Whether another connection (another process, another open ledger) has committed to
        the file since the last time this was asked (SQLite's ``PRAGMA data_version``, a cheap
        check: no table is read). What this connection caches of the file is dropped then."""
        version = int(self._rows("PRAGMA data_version")[0][0])
        seen, self._version = self._version, version
        if seen is None or seen == version:
            return False
        self._columns = None  # another gintally may have migrated the file
        return True

    # --- settings ------------------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM settings WHERE key = ?", [key])
        return rows[0][0] if rows else None

    def set_setting(self, key: str, value: str | None) -> None:
        """Keep a setting (None removes it)."""
        with self.write() as conn:
            if value is None:
                conn.execute("DELETE FROM settings WHERE key = ?", [key])
            else:
                self._set(conn, key, value)

    def _set(self, conn: sqlite3.Connection, key: str, value: str) -> None:
        conn.execute(
            "INSERT INTO settings(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [key, value],
        )

    # --- snapshot ------------------------------------------------------------------------------

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Several reads that see one state of the file (a read transaction)."""
        if self.conn.in_transaction:
            yield
            return
        try:
            self.conn.execute("BEGIN")
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("COMMIT")
