"""A full disk: SQLite's "database or disk is full" (SQLITE_FULL) is one line naming the ledger,
exit 1, and nothing written, for an import as for a hand. The disk is filled by capping the
ledger at the pages it has (``PRAGMA max_page_count`` on gintally's own connection). A full
disk is not damage: a read reads the ledger as it stands, `check` says the disk is full."""

from __future__ import annotations

import contextlib
import resource
import signal
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import Run, refused_line
from gintally.ledger import files


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ledger gintally opens from now on cannot grow by a page."""
    connect = files.connect

    def capped(target: str, uri: bool = False) -> sqlite3.Connection:
        conn = connect(target, uri)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
        return conn

    monkeypatch.setattr(files, "connect", capped)


def hands(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


def test_an_import_on_a_full_disk_is_one_line_and_writes_nothing(
    gintally: Callable[..., Run],
    db_path: Path,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    assert gintally("knock", "Ann", "5", "--vs", "20").code == 0
    csv = tmp_path / "season.csv"
    lines = ["date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood"]
    lines += [f"2025-01-{1 + i % 28:02d},knock,Ann,39,Ann,1,40" for i in range(3000)]
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = db_path.read_bytes()
    request.getfixturevalue("full_disk")
    line = refused_line(gintally("import", str(csv)), code=1)
    assert line == f"Error: cannot write to {db_path}: the disk is full (nothing was written)"
    assert hands(db_path) == 1
    assert db_path.read_bytes() == before
    line = refused_line(gintally("knock", "Bob", "3", "--vs", "30", "--note", "x" * 5000), 1)
    assert line == f"Error: cannot write to {db_path}: the disk is full (nothing was written)"
    assert hands(db_path) == 1


def test_sqlite_full_is_translated_by_its_name_too() -> None:
    error = sqlite3.OperationalError("some other words")
    error.sqlite_errorname = "SQLITE_FULL"
    assert str(files.translate("x.db", error)) == (
        "cannot write to x.db: the disk is full (nothing was written)"
    )


# --- a full disk is not damage (issue 33 item 7) -------------------------------------------------

READS = (("show",), ("standings",), ("hands", "--all"), ("export",), ("stats", "--json"))


@contextlib.contextmanager
def no_room() -> Iterator[None]:
    """No file can grow (``RLIMIT_FSIZE`` of 16 KiB): SQLite cannot make the 32 KiB
    shared-memory file a reader of a WAL ledger needs, as on a full disk (where it says "disk
    I/O error", SQLITE_IOERR_SHMSIZE); `files.disk_full` says so."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, not kills
    resource.setrlimit(resource.RLIMIT_FSIZE, (16384, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def test_a_full_disk_is_not_damage(
    gintally: Callable[..., Run], db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    assert gintally("knock", "Ann", "5", "--vs", "20", "--date", "2025-01-02").code == 0
    assert gintally("gin", "Bob", "--vs", "12", "--date", "2025-01-03").code == 0
    shown = {args: gintally(*args) for args in READS}
    before = db_path.read_bytes()
    with monkeypatch.context() as patched, no_room():
        patched.setattr(files, "disk_full", lambda path: True)
        for args in READS:  # a read needs no write: it reads the file as it stands
            assert gintally(*args) == shown[args], args
        found = gintally("check")
        line = refused_line(gintally("knock", "Bob", "3", "--vs", "30"), code=1)
    assert (found.code, found.stdout.splitlines()[0]) == (
        1,
        f"problem: the disk that holds {db_path} is full: the ledger was read as it stands (no "
        "damage), but no command can write to it until there is room (free some space)",
    )
    assert "damaged" not in found.stdout and "I/O" not in found.stdout
    assert line == f"Error: cannot use the ledger {db_path}: the disk is full (free some space)"
    assert db_path.read_bytes() == before
    assert gintally("knock", "Bob", "3", "--vs", "30").code == 0  # room again: it writes
    assert hands(db_path) == 3


def test_a_read_of_a_read_only_ledger_leaves_nothing_read_only_beside_it(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    """SQLite makes a reader's shared-memory file with the ledger's permissions: once the file
    is writable again, a writer would find it read-only ("the ledger is read-only"). A ledger
    at rest is read as immutable: nothing is made beside it."""
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    assert gintally("knock", "Ann", "5", "--vs", "20").code == 0
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
    db_path.chmod(0o444)
    try:
        for args in READS:
            assert gintally(*args).code == 0, args
        assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
    finally:
        db_path.chmod(0o644)
    assert gintally("knock", "Bob", "3", "--vs", "30").code == 0
    assert hands(db_path) == 2
