"""The ledger as a file: recognising one, connecting, creating one atomically, backup (and any file
written whole), integrity.

Terminology
- at rest: a ledger file with no write-ahead log beside it; only then is its size checked against
  the page count in its header (another process may be part-way through a checkpoint otherwise).
- in use (`opened`): this process's connections to a ledger file, counted by device and inode.
  On POSIX, closing any descriptor of a file drops every lock the process holds on it, SQLite's
  included, so the header is read (a descriptor opened and closed) only while no connection of
  this process uses the file: several `Book`s on one file, in threads too, keep their locks.
- atomic creation: a new ledger is built beside its final name and linked into place, so no
  process ever sees a half-made file, and when two race to create it one wins and the other
  uses its file. Where the file system has no hard links (a FAT stick) it is renamed into
  place once the name is seen free (`put_new`, for every file written whole too).
- pending (`Pending`, `build`): a new ledger built beside its path that is used there until the
  first change a command makes puts it in place (`Ledger.open`'s `until_written`): a refused
  command leaves no file, and one that finds the path taken by then keeps nothing (`Raced`).
- written whole: every file gintally writes (a backup, an export, the report's page) is written
  by one guarded writer (`write_whole`) to a temporary file beside its target
  (``.NAME.PID-THREAD.partial``) and put in place only when complete, so the target is never half a
  file; it refuses the ledger itself and anything that is not a regular file. A new ledger is
  built the same way (``.NAME.PID-THREAD.new``). Ctrl-C while either is built removes the temporary
  file (`gintally.commits.scratch`); putting it in place is a critical section; a killed run's
  temporary files (a SQLite copy's ``-journal`` too) are swept by the next run for that
  target.

The write lock and the busy timeout every connection waits with are `lock`'s.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import itertools
import os
import sqlite3
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gintally import commits
from gintally.errors import GintallyError, LedgerError, WriteError
from gintally.ledger import lock, schema
from gintally.model import fold

SQLITE_MAGIC = b"SQLite format 3\x00"


def connect(target: str, uri: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), with rows by name, the busy
    timeout, foreign keys on, and SQL function ``fold(name)``: names as they are compared
    (`gintally.model.fold`; SQLite's NOCASE folds ASCII only)."""
    conn = sqlite3.connect(
        target, timeout=lock.BUSY_TIMEOUT_S, isolation_level=None, uri=uri, check_same_thread=False
    )
    conn.create_function("fold", 1, _fold, deterministic=True)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(lock.BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _fold(value: str | int | float | bytes | None) -> str | int | float | bytes | None:
    return fold(value) if isinstance(value, str) else value


def translate(path: Path | str, e: sqlite3.Error) -> LedgerError:
    """A SQLite error as the one-line `LedgerError` a person can act on."""
    text = str(e)
    if "locked" in text or "busy" in text:
        return LedgerError(
            f"gave up waiting for the ledger {path}: another gintally (or another program) "
            f"kept it busy for {lock.BUSY_TIMEOUT_S:g} seconds; try again when it has finished"
        )
    if "readonly" in text or "read-only" in text:
        return LedgerError(f"cannot write to {path}: the ledger is read-only")
    if "disk is full" in text or getattr(e, "sqlite_errorname", "") == "SQLITE_FULL":
        return LedgerError(f"cannot write to {path}: the disk is full (nothing was written)")
    if "disk I/O error" in text and disk_full(path):  # no room for the shared-memory file
        return LedgerError(f"cannot use the ledger {path}: the disk is full (free some space)")
    if text.startswith("gintally: "):  # a guard refused a row (`guards.triggers`)
        return LedgerError(
            f"the ledger {path} refused the change ({text.removeprefix('gintally: ')}): "
            "nothing was written; run 'gintally check'"
        )
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return LedgerError(f"{path} is damaged ({text}): run 'gintally check', or restore a backup")
    return LedgerError(f"cannot use the ledger {path}: {text}")


class InUse:
    """This process's use of a ledger file (its device and inode), counted while one of its
    connections is open: `opened` counts one, `release` ends it (once)."""

    __slots__ = ("_key", "_released")

    def __init__(self, key: tuple[int, int]) -> None:
        self._key = key
        self._released = False

    @property
    def file(self) -> tuple[int, int]:
        """The file in use: its device and inode."""
        return self._key

    def release(self) -> None:
        """The connection is closed: one fewer user of the file (a second call does nothing)."""
        with _USERS_LOCK:
            if self._released:
                return
            self._released = True
            left = _USERS.get(self._key, 1) - 1
            if left:
                _USERS[self._key] = left
            else:
                _USERS.pop(self._key, None)
                _NAMES.pop(self._key, None)


# The ledger files this process has connections to, by device and inode, and how many. On POSIX,
# closing any descriptor of a file releases every lock the process holds on it, SQLite's
# included: a file in use is never opened outside SQLite, and a header is read (with a
# descriptor opened and closed) only while the count is zero, under the lock.
_USERS: dict[tuple[int, int], int] = {}
_NAMES: dict[tuple[int, int], Path] = {}  # a name each of them was opened by
_USERS_LOCK = threading.Lock()
_KEPT: list[int] = []  # descriptors never closed: opened on a file that came into use meanwhile


def opened(path: Path) -> InUse:
    """Check a ledger file before SQLite connects to it (`inspect_head`) and count this
    process's connection to it; call `InUse.release` once the connection is closed. A file that
    a connection of this process already uses was checked when that one opened, and is not
    opened again outside SQLite (see `_USERS`)."""
    wal = path.with_name(path.name + "-wal")
    with _USERS_LOCK:
        logged = wal.exists()  # before measuring: see `inspect_head`
        st = os.stat(path)
        key = (st.st_dev, st.st_ino)
        if key not in _USERS:
            refuse_special(path, st.st_mode)  # a named pipe would wait for a writer for ever
            fd = os.open(path, os.O_RDONLY)
            fst = os.fstat(fd)
            key = (fst.st_dev, fst.st_ino)
            try:
                head = os.pread(fd, 100, 0)
            finally:
                if key in _USERS:  # replaced meanwhile by a file this process uses
                    _KEPT.append(fd)
                else:
                    os.close(fd)
            if key not in _USERS:
                inspect_head(path, head, fst.st_size, logged or wal.exists())
        _USERS[key] = _USERS.get(key, 0) + 1
        _NAMES.setdefault(key, path)
        return InUse(key)


def logs_of(path: Path) -> list[tuple[Path, tuple[int, int]]]:
    """The -wal and -shm files beside `path` as they are now (name, device and inode), for
    `remove_logs` once the connection that uses them is closed."""
    found = []
    for log in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(OSError):
            st = os.stat(log)
            found.append((log, (st.st_dev, st.st_ino)))
    return found


def remove_logs(logs: list[tuple[Path, tuple[int, int]]]) -> None:
    """Remove the files `logs_of` found, each only if its name still names that file."""
    for log, file in logs:
        with contextlib.suppress(OSError):
            st = os.stat(log)
            if (st.st_dev, st.st_ino) == file:
                log.unlink()


def refuse_special(path: Path, mode: int) -> None:
    """Refuse a ledger path that is not a regular file (`mode`, its stat's): a folder, a named
    pipe (opening it waits for a writer for ever), a device or a socket."""
    if stat.S_ISREG(mode):
        return
    kind = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a named pipe"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a special file"
    )
    raise LedgerError(f"{path} is {kind}, not a gintally ledger")


def refuse_in_use(path: Path, what: str) -> None:
    """Refuse to read `path` outside SQLite (`what`: ``"an import"``) when it is a ledger this
    process has open, or one of its -wal, -shm or -journal files, by any name or link: closing
    the descriptor that read it would drop this process's locks on the ledger (see `_USERS`),
    and another process's hands could then be lost."""
    with _USERS_LOCK:
        ledgers = list(_NAMES.values())
    for ledger in ledgers:
        if _same_file(path, ledger):
            raise GintallyError(
                f"cannot read {path} as {what}: it is part of the ledger {ledger}, which is "
                "open here (to copy hands between ledgers, export them or merge the file)"
            )


def inspect_head(path: Path, head: bytes, size: int, in_use: bool) -> None:
    """Refuse, before SQLite touches it, a file that is not a whole SQLite database: its first
    100 bytes `head`, its `size`, and whether a write-ahead log is beside it (`in_use`)."""
    if size == 0:
        raise LedgerError(f"{path} is an empty file, not a gintally ledger")
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
    # The log is looked for before the file is measured and again after its header is read:
    # the last connection of another process may checkpoint the log (the header then counts
    # pages the size measured before did not) and delete it in between.
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


def disk_full(path: Path | str) -> bool:
    """Whether the disk that holds the ledger has no room left (under `ROOM` bytes: SQLite
    needs 32 KiB beside a WAL ledger to read it, its shared-memory file)."""
    try:
        room = os.statvfs(Path(path).resolve().parent)
    except (OSError, ValueError):
        return False
    return room.f_bavail * room.f_frsize < ROOM


ROOM = 1 << 20


def at_rest(path: Path, empty_log: bool = False) -> bool:
    """Whether the ledger has no write-ahead log beside it (or, with `empty_log`, an empty one:
    nothing in it to read)."""
    wal = path.with_name(path.name + "-wal")
    try:
        size = wal.stat().st_size
    except FileNotFoundError:
        return True
    return empty_log and size == 0


def connect_read_only(path: Path, empty_log: bool = False) -> sqlite3.Connection:
    """A connection that never writes. When the ledger is at rest (`at_rest`: nobody can be
    writing it, the file or its folder being read-only, or the disk full), the file is opened as
    immutable: SQLite makes no shared-memory file, which in a read-only folder it cannot, and
    beside a read-only file would make with the file's permissions, so that a write once the
    file is writable again would find it read-only. Else as a reader of its log."""
    uri = path.resolve().as_uri()
    if at_rest(path, empty_log):
        return connect(f"{uri}?mode=ro&immutable=1", uri=True)
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
    for log in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-journal")):
        # SQLite would replay it into the new file: another ledger's changes (a ledger another
        # process has just made has its file before its log: then it is that one's)
        if log.exists() and not path.exists():
            raise LedgerError(
                f"cannot create a ledger at {path}: {log.name} lies beside it, the log of a "
                f"ledger that is gone; move it away, or put back the ledger it belongs to"
            )


def create(path: Path) -> None:
    """Build a new ledger beside `path` and link it into place (see the module docstring)."""
    built = build(path, wal=True)
    with contextlib.suppress(FileExistsError):
        built.place()  # another process made it first: it is used


class Raced(LedgerError):
    """A new ledger built beside its path (`Pending`) found the path taken when its first
    change was to put it there: another process (or `Book`) made the ledger meanwhile. Nothing
    of this one was kept; the work is to be done again on the ledger that is there."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"another gintally made the ledger {path} meanwhile: nothing was written; "
            "run the command again"
        )


_BUILT = itertools.count(1)  # the new ledgers this process has built (`build`)


class Pending:
    """A new ledger built beside its final name (`build`) and not yet put there: in use until
    it is put in place (`place`) or removed (`discard`), and scratch until then (a Ctrl-C that
    ends the process removes it, `gintally.commits`; a killed run's is swept by the next
    `build` for that path)."""

    __slots__ = ("parts", "path", "tmp")

    def __init__(self, path: Path, tmp: Path) -> None:
        self.path = path
        self.tmp = tmp
        self.parts = [tmp, *(tmp.with_name(tmp.name + c) for c in COMPANIONS)]
        commits.keep_scratch(*map(str, self.parts))

    def place(self) -> None:
        """Put the ledger at its path, never over a file there (`FileExistsError`: another
        process made one first), as a critical section; the temporary name goes either way.
        Its connections must be closed first: SQLite names its logs after the name opened."""
        try:
            with commits.critical():
                put_new(self.tmp, self.path)
        finally:
            self.discard()

    def discard(self) -> None:
        """Remove the temporary file (a ledger put in place lives on at its path)."""
        for leftover in self.parts:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()
        commits.drop_scratch(*map(str, self.parts))


def build(path: Path, wal: bool = False) -> Pending:
    """A new, empty ledger built beside `path` (its folder made if it is missing), to be put
    there by `Pending.place`. Without `wal` it is in rollback mode (SQLite's default), so each
    commit is in the file itself: closed, it is whole, with no log beside it to lose (the
    ledger is put in WAL mode once it is in place, `Ledger.open`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if is_read_only(path.parent):
        raise LedgerError(f"cannot create the ledger {path}: its folder is read-only")
    _sweep_partials(path, NEW)
    # two Books of one thread may each have a new ledger pending for one path: numbered apart
    built = Pending(path, path.with_name(f".{path.name}.{_scratch_id()}-{next(_BUILT)}{NEW}"))
    try:
        conn = connect(str(built.tmp))
        try:
            if wal:
                conn.execute("PRAGMA journal_mode = WAL")
            schema.migrate(conn, new=True)
        finally:
            conn.close()
    except BaseException:
        built.discard()
        raise
    return built


def write_whole(
    target: str | os.PathLike[str],
    fill: Callable[[Path], None],
    force: bool,
    what: str,
    ledger: Path | None = None,
) -> Path:
    """The guarded writer: every file gintally writes (a backup, an export, the report's page)
    is written here, whole or not at all. `fill` writes a temporary file beside the target (the
    same folder, so the same file system), which is flushed to disk and only then put in place,
    by a hard link when nothing may be replaced (an existing file is never overwritten, even one
    that appears meanwhile), by a rename with `force`. A run that is killed, or fails (a full
    disk), leaves nothing at the target; its temporary files (a SQLite copy's -journal too) are
    removed, or by the next write to that target if the process was killed.

    Refused as bad input, with nothing written: a target that is the `ledger` itself (or one of
    its -wal, -shm, -journal files, or a link to any of them), a folder, anything else that is
    not a regular file (a device, a pipe, a socket; even with `force`), a missing folder, and an
    existing file without `force`, and a name that ends in a slash (a folder meant: ``Path``
    would drop the slash and write a file by the folder's name). A failure of the system while
    writing is a `WriteError` (exit 1) with its reason."""
    named = os.fspath(target)
    target = Path(target)
    if named.endswith(("/", os.sep)) and not target.is_dir():
        raise GintallyError(f"cannot write the {what} to {named}: there is no folder {target}")
    if ledger is not None and _same_file(target, ledger):
        raise GintallyError(
            f"{target} is part of the ledger {ledger}: choose another file for the {what}"
        )
    _refuse_special(target, what)
    if not target.parent.is_dir():
        raise GintallyError(
            f"cannot write the {what} to {target}: there is no folder {target.parent}"
        )
    exists = f"{target} already exists: choose a new file for the {what}, or add --force"
    if (target.exists() or target.is_symlink()) and not force:
        raise GintallyError(exists)
    _sweep_partials(target, PARTIAL)
    tmp = target.with_name(f".{_plain_name(target)}.{_scratch_id()}{PARTIAL}")
    parts = [tmp] + [tmp.with_name(tmp.name + c) for c in COMPANIONS]
    try:
        with commits.scratch(*map(str, parts)):
            fill(tmp)
            _flush(tmp)
        with commits.critical():
            _refuse_special(target, what)  # a device or a pipe put there meanwhile
            _place(tmp, target, force, exists)
        _flush(target.parent)
    except OSError as e:
        raise WriteError(f"cannot write the {what} to {target}: {e.strerror or e}") from None
    finally:
        for leftover in parts:
            with contextlib.suppress(OSError):
                leftover.unlink()
    return target


PARTIAL = ".partial"  # a backup, an export or a page being written
NEW = ".new"  # a new ledger being built
COMPANIONS = ("-journal", "-wal", "-shm")  # the files SQLite keeps beside a database


def _refuse_special(target: Path, what: str) -> None:
    """Refuse a target that exists and is not a regular file (followed through links): a
    folder, a device, a pipe, a socket. Replacing one is never what was meant, `--force` or
    not (as root, a rename over /dev/null makes it a regular file)."""
    try:
        mode = os.stat(target).st_mode
    except (OSError, ValueError):
        return  # absent, a link to nothing, or not reachable: the write itself will say
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise GintallyError(f"{target} is a folder: name a new file for the {what}")
    kind = (
        "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a pipe"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a special file"
    )
    raise GintallyError(f"{target} is {kind}, not a regular file: name a new file for the {what}")


def _place(tmp: Path, target: Path, force: bool, exists: str) -> None:
    """Put a finished temporary file at its target: replace with `force`, else never overwrite."""
    if force:
        os.replace(tmp, target)
        return
    try:
        put_new(tmp, target)
    except FileExistsError:
        raise GintallyError(exists) from None


# What `link` says on a file system (or a platform) without hard links: Linux's vfat and exfat
# EPERM, macOS's msdos and exfat ENOTSUP, Windows' FAT and some shares EINVAL (its
# ERROR_INVALID_FUNCTION), FUSE file systems ENOSYS or EOPNOTSUPP, Android's shared storage
# EACCES, a union or network mount EXDEV, a file at its link limit EMLINK. The rename that
# follows says the real reason if it was not that.
NO_HARD_LINKS = frozenset(
    {
        errno.EPERM,
        errno.EACCES,
        errno.EOPNOTSUPP,
        errno.ENOTSUP,
        errno.EXDEV,
        errno.EMLINK,
        errno.EINVAL,
        errno.ENOSYS,
    }
)


def put_new(tmp: Path, target: Path) -> None:
    """Put the finished file `tmp` at `target` without ever replacing a file there
    (`FileExistsError`): by a hard link, which fails if the target exists, and where the file
    system has no hard links (`NO_HARD_LINKS`: a FAT USB stick, a share) by a rename once the
    target is seen absent. The one way a new ledger (`create`) and every file written whole
    (`write_whole`) are put in place."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError as e:
        if e.errno not in NO_HARD_LINKS:
            raise
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target)) from None
        os.rename(tmp, target)  # Windows refuses to replace, POSIX in the instant since the look


def _same_file(target: Path, ledger: Path) -> bool:
    """True when `target` names the ledger file or one of its companions (-wal, -shm,
    -journal): the same file (device and inode, so a symbolic or hard link to it too) when both
    exist, else the same path once links and relative parts are resolved. The companions are
    looked for beside the ledger as named and beside the file its links lead to."""
    bases = [ledger]
    with contextlib.suppress(OSError, RuntimeError):
        bases.append(ledger.resolve())
    names = [n for b in bases for n in [b, *(b.with_name(b.name + c) for c in COMPANIONS)]]
    try:
        where = target.resolve()
    except (OSError, RuntimeError):
        where = None  # a loop of links: no file, compared by device and inode only
    for name in names:
        with contextlib.suppress(OSError, ValueError):
            if target.exists() and name.exists() and os.path.samefile(target, name):
                return True
        with contextlib.suppress(OSError, RuntimeError):
            if where is not None and where == name.resolve():
                return True
    return False


def _sweep_partials(target: Path, suffix: str) -> None:
    """Remove the temporary files (``.NAME.PID<suffix>`` and its -journal, -wal and -shm) of
    earlier runs for `target` that were killed (their process is gone)."""
    plain = _plain_name(target)
    name = glob.escape(plain)
    for ending in (suffix, *(suffix + c for c in COMPANIONS)):
        for leftover in target.parent.glob(f".{name}.*{ending}"):
            pid = leftover.name[len(plain) + 2 : -len(ending)].partition("-")[0]
            if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                with contextlib.suppress(OSError):
                    leftover.unlink()


def _plain_name(target: Path) -> str:
    """The target's name as its temporary file is named: a name whose bytes are not UTF-8 (on
    a POSIX system, read as surrogates) with those bytes written ``\\xe9``, since SQLite takes a
    file name as UTF-8 text (``VACUUM INTO``) and no other name can be given to it."""
    return os.fsencode(target.name).decode("utf-8", "backslashreplace")


def _scratch_id() -> str:
    """What a temporary file's name says of who writes it: the process and, since two threads
    of one process (two `Book`s) may write beside the same target, the thread (``PID-THREAD``;
    the sweep reads the process)."""
    return f"{os.getpid()}-{threading.get_native_id()}"


def _alive(pid: int) -> bool:
    """Whether the process `pid` still runs; when that cannot be known, yes (its files stay)."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.OpenProcess.restype = ctypes.c_void_p  # a HANDLE, not an int
        kernel32.GetExitCodeProcess.argtypes = (ctypes.c_void_p, ctypes.c_void_p)
        kernel32.CloseHandle.argtypes = (ctypes.c_void_p,)
        return _alive_on_windows(pid, kernel32, ctypes.get_last_error)
    try:
        os.kill(pid, 0)  # signal 0: only asks (on Windows this would end the process)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def _alive_on_windows(pid: int, kernel32: Any, last_error: Callable[[], int]) -> bool:
    """Windows' answer, from its kernel32: a process that can be opened and has no exit code
    yet runs; one that cannot be opened because there is none (ERROR_INVALID_PARAMETER) does
    not; any other refusal (someone else's process) is taken as running."""
    import ctypes

    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return last_error() != 87  # ERROR_INVALID_PARAMETER: no such process
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _flush(path: Path) -> None:
    """Push a file (or a folder's entries) to the disk, where the system allows it."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as e:
        if path.is_file():
            raise
        del e  # some systems cannot sync a folder
    finally:
        os.close(fd)


def backup(
    conn: sqlite3.Connection,
    target: str | os.PathLike[str],
    force: bool = False,
    ledger: Path | None = None,
) -> Path:
    """A consistent copy of the ledger, taken online (``VACUUM INTO``) into a temporary file and
    put in place whole (`write_whole`): the target is absent or a complete backup."""

    def copy(tmp: Path) -> None:
        try:
            conn.execute("VACUUM INTO ?", [str(tmp)])
        except sqlite3.Error as e:
            raise OSError(0, str(e)) from None

    return write_whole(target, copy, force, "backup", ledger)


def integrity_problems(conn: sqlite3.Connection) -> list[str]:
    """What SQLite itself finds wrong: integrity and foreign keys."""
    problems = []
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    problems += [f"integrity: {r[0]}" for r in rows if r[0] != "ok"]
    for r in conn.execute("PRAGMA foreign_key_check").fetchall():
        problems.append(f"foreign key: {r[0]} row {r[1]} points to a missing {r[2]}")
    return problems
