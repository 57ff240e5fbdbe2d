"""The write lock: how long a command waits for another process's write, and when it says so.

Terminology
- write lock: SQLite's one writer at a time, taken up front by ``BEGIN IMMEDIATE``
  (`begin_immediate`) by every write transaction and every migration.
- busy timeout: how long a command waits for another process's write lock (`BUSY_TIMEOUT_S`);
  a wait longer than `WAIT_NOTICE_S` is told as it happens (`begin_immediate`), a wait past the
  timeout gives up with a message that says so (`files.translate`).

Both `files` (connecting, creating a ledger) and `schema` (applying migrations) use it; it uses
neither.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator

BUSY_TIMEOUT_S = 30.0
WAIT_NOTICE_S = 1.0  # a wait for the ledger longer than this is told (`waiting`)


@contextlib.contextmanager
def waiting(on_wait: Callable[[], None] | None) -> Iterator[None]:
    """Around a step that waits for another process's lock: call `on_wait` (once, from a timer
    thread, while SQLite waits) if the step takes more than `WAIT_NOTICE_S`."""
    if on_wait is None:
        yield
        return
    timer = threading.Timer(WAIT_NOTICE_S, on_wait)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def begin_immediate(conn: sqlite3.Connection, on_wait: Callable[[], None] | None = None) -> None:
    """Take the write lock (``BEGIN IMMEDIATE``). It is tried once without waiting; only when
    another connection holds it does the command wait (up to `BUSY_TIMEOUT_S`), telling
    `on_wait` after `WAIT_NOTICE_S`: a command that is merely slow (a loaded machine) is never
    said to be waiting. Raises sqlite3's error when it gives up."""
    _told(conn, "BEGIN IMMEDIATE", on_wait)


def first_read(conn: sqlite3.Connection, on_wait: Callable[[], None] | None = None) -> None:
    """A new connection's first read, which waits (as `begin_immediate` does, told alike) while
    another connection keeps every reader out: a program holding the file in exclusive locking
    mode, or writing to a ledger that is not in WAL mode (a backup put back). Readers of a WAL
    ledger otherwise never wait, so a command's reads are told here, when it opens the file."""
    _told(conn, "SELECT count(*) FROM sqlite_master", on_wait)


def _told(conn: sqlite3.Connection, sql: str, on_wait: Callable[[], None] | None) -> None:
    """Run `sql`, tried once without waiting for another connection's lock, then waiting for
    it (telling `on_wait` after `WAIT_NOTICE_S`)."""
    if on_wait is None:
        conn.execute(sql).fetchall()
        return
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute(sql).fetchall()
        return
    except sqlite3.OperationalError as e:
        if "locked" not in str(e) and "busy" not in str(e):
            raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    with waiting(on_wait):
        conn.execute(sql).fetchall()
