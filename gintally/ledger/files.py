"""The ledger as a file: recognising one, connecting, creating one atomically, backup, integrity.

Terminology
- at rest: a ledger file with no write-ahead log beside it; only then is its size checked against
  the page count in its header (another process may be part-way through a checkpoint otherwise).
- atomic creation: a new ledger is built beside its final name and linked into place, so no
  process ever sees a half-made file, and when two race to create it one wins and the other
  uses its file.
- busy timeout: how long a command waits for another process's write lock (`BUSY_TIMEOUT_S`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path

from gintally.errors import GintallyError, LedgerError
from gintally.ledger import schema
from gintally.model import fold

BUSY_TIMEOUT_S = 30.0
SQLITE_MAGIC = b"SQLite format 3\x00"


def connect(target: str, uri: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), with rows by name, the busy
    timeout, foreign keys on, and SQL function ``fold(name)``: names as they are compared
    (`gintally.model.fold`; SQLite's NOCASE folds ASCII only)."""
    conn = sqlite3.connect(
        target, timeout=BUSY_TIMEOUT_S, isolation_level=None, uri=uri, check_same_thread=False
    )
    conn.create_function("fold", 1, _fold, deterministic=True)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _fold(value: str | int | float | bytes | None) -> str | int | float | bytes | None:
    return fold(value) if isinstance(value, str) else value


def translate(path: Path | str, e: sqlite3.Error) -> LedgerError:
    """A SQLite error as the one-line `LedgerError` a person can act on."""
    text = str(e)
    if "locked" in text or "busy" in text:
        return LedgerError(f"the ledger {path} is busy: another program holds it; try again")
    if "readonly" in text or "read-only" in text:
        return LedgerError(f"cannot write to {path}: the ledger is read-only")
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return LedgerError(f"{path} is damaged ({text}): run 'gintally check', or restore a backup")
    return LedgerError(f"cannot use the ledger {path}: {text}")


def inspect_file(path: Path) -> None:
    """Refuse, before SQLite touches it, a file that is not a whole SQLite database."""
    size = path.stat().st_size
    if size == 0:
        raise LedgerError(f"{path} is an empty file, not a gintally ledger")
    with path.open("rb") as f:
        head = f.read(100)
    if not head.startswith(SQLITE_MAGIC):
        raise LedgerError(f"{path} is not a gintally ledger (not a SQLite database)")
    if len(head) < 100:
        raise LedgerError(f"{path} is damaged: shorter than a SQLite header")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    header_valid = head[24:28] == head[92:96]
    # While a write-ahead log exists, another process may be part-way through copying it into
    # the file (the header already counts pages not yet written): SQLite reads that state
    # correctly, so only a file at rest is measured against its header.
    in_use = path.with_name(path.name + "-wal").exists()
    short = header_valid and pages * page_size > size and not in_use
    if page_size < 512 or size % page_size or short:
        raise LedgerError(
            f"{path} is damaged: the file is truncated (run 'gintally check', or restore a backup)"
        )


def is_read_only(path: Path) -> bool:
    """True when the file's permission bits forbid writing (even to root, by our choice)."""
    mode = path.stat().st_mode
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def read_only_reason(path: Path) -> str | None:
    """Why the ledger at `path` cannot be written, or None. A writable file in a folder that
    cannot be written is read-only too: SQLite keeps its write-ahead log beside the file."""
    if is_read_only(path):
        return "the ledger file is read-only"
    folder = path.resolve().parent
    if is_read_only(folder):
        return f"its folder {folder} is read-only"
    return None


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes. In a read-only folder SQLite cannot make the shared-memory
    file a reader of a WAL ledger needs: when no write-ahead log is there (the ledger is at rest,
    nobody can be writing it), the file is opened as immutable instead."""
    uri = path.resolve().as_uri()
    conn = connect(f"{uri}?mode=ro", uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        if path.with_name(path.name + "-wal").exists():
            raise
    return connect(f"{uri}?mode=ro&immutable=1", uri=True)


def refuse_missing(path: Path, create: bool, make_folder: bool) -> None:
    """Refuse a ledger path that names no file when none may be made there: `create` is False,
    or its folder is missing and `make_folder` is False, or it is a link to nothing."""
    if path.exists():
        return
    if path.is_symlink():
        target = os.readlink(path)
        raise LedgerError(f"no ledger at {path}: it is a link to {target}, which does not exist")
    if not create:
        raise LedgerError(
            f"no ledger at {path}: create one with gintally match new, or check the path"
        )
    if not make_folder and not path.parent.is_dir():
        raise LedgerError(f"cannot create a ledger at {path}: there is no folder {path.parent}")


def create(path: Path) -> None:
    """Build a new ledger beside `path` and link it into place (see the module docstring)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if is_read_only(path.parent):
        raise LedgerError(f"cannot create the ledger {path}: its folder is read-only")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        conn = connect(str(tmp))
        conn.execute("PRAGMA journal_mode = WAL")
        schema.migrate(conn, new=True)
        conn.close()
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


def backup(conn: sqlite3.Connection, target: str | os.PathLike[str]) -> Path:
    """A consistent copy of the ledger, taken online (``VACUUM INTO``)."""
    out = Path(target)
    if out.exists():
        raise GintallyError(f"{out} already exists: choose a new file for the backup")
    if not out.parent.is_dir():
        raise GintallyError(f"cannot back up to {out}: there is no folder {out.parent}")
    try:
        conn.execute("VACUUM INTO ?", [str(out)])
    except sqlite3.Error as e:
        raise LedgerError(f"cannot back up to {out}: {e}") from None
    return out


def integrity_problems(conn: sqlite3.Connection) -> list[str]:
    """What SQLite itself finds wrong: integrity and foreign keys."""
    problems = []
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    problems += [f"integrity: {r[0]}" for r in rows if r[0] != "ok"]
    for r in conn.execute("PRAGMA foreign_key_check").fetchall():
        problems.append(f"foreign key: {r[0]} row {r[1]} points to a missing {r[2]}")
    return problems
