"""The guarded writer (`gintally.ledger.files.write_whole`), through each command that writes a
file: `backup PATH`, `export --output FILE` and `report --html FILE`.

Each is refused with one line naming the path, exit 2 and nothing written, when its target is
the ledger (by name, through a symbolic or hard link, or one of its -wal, -shm, -journal
files), a folder, a device, a pipe or a socket (even with --force), an existing file without
--force, or in a missing folder; the ledger is byte for byte the same after every refusal.
With --force a regular file is replaced whole. The temporary files of a dead run (the copy and
its -journal) are swept by the next write to that target.

Terminology
- what: the word each command's messages use for the file it writes (backup, export, page).
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import Commands, Run, ok, refused_line
from gintally.errors import GintallyError, WriteError
from gintally.ledger import files

CLI = Callable[..., Run]

HOUSE: Commands = (
    ("match", "new", "Kitchen", "--players", "Ann", "Bob"),
    ("score", "Ann", "25", "--date", "2024-05-01"),
    ("score", "Bob", "40", "--date", "2024-05-02"),
)

# command -> (the arguments before the target, the word its messages use)
WRITERS: dict[str, tuple[tuple[str, ...], str]] = {
    "backup": (("backup",), "backup"),
    "export": (("export", "--output"), "export"),
    "report": (("report", "--html"), "page"),
}


@pytest.fixture
def db(ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> Path:
    """The ledger the CLI uses ($GINTALLY_DB), with the match Kitchen and two hands."""
    return ledger_from(HOUSE, db_path)


def write(gintally: CLI, command: str, target: Path | str, *more: str) -> Run:
    head, _ = WRITERS[command]
    return gintally(*head, str(target), *more)


def what(command: str) -> str:
    return WRITERS[command][1]


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".partial" in p.name)


@contextlib.contextmanager
def untouched(db: Path) -> Iterator[None]:
    """The ledger is byte for byte the same afterwards, and no temporary file is left."""
    before = db.read_bytes()
    yield
    assert db.read_bytes() == before
    assert temporaries(db.parent) == []


def refusal(gintally: CLI, command: str, target: Path | str, *more: str) -> str:
    return refused_line(write(gintally, command, target, *more), 2)


def written(command: str, path: Path) -> bool:
    """`path` holds what `command` writes, from its first byte."""
    head = path.read_bytes()[:16]
    return {
        "backup": head == files.SQLITE_MAGIC,
        "export": head.startswith(b"id,date,kind"),
        "report": head.startswith(b"<!DOCTYPE html>"),
    }[command]


ALL = pytest.mark.parametrize("command", list(WRITERS))


# --- the ledger -----------------------------------------------------------------------------------


@ALL
@pytest.mark.parametrize("force", [(), ("--force",)], ids=["plain", "force"])
@pytest.mark.parametrize("companion", ["", "-wal", "-shm", "-journal"])
def test_the_ledger_and_its_companions_are_refused(
    gintally: CLI, db: Path, command: str, force: tuple[str, ...], companion: str
) -> None:
    """`report --html r.db` used to replace the ledger with a web page (exit 0)."""
    target = db.with_name(db.name + companion)
    with untouched(db):
        line = refusal(gintally, command, target, *force)
    assert line == (
        f"Error: {target} is part of the ledger {db}: choose another file for the {what(command)}"
    )


@ALL
def test_a_link_to_the_ledger_is_the_ledger(
    gintally: CLI, db: Path, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    soft = tmp_path / "soft.db"
    soft.symlink_to(db)
    hard = tmp_path / "hard.db"
    os.link(db, hard)
    to_wal = tmp_path / "to-wal"
    to_wal.symlink_to(db.with_name(db.name + "-wal"))  # a link to a file that is not there yet
    sub = tmp_path / "sub"
    sub.mkdir()
    monkeypatch.chdir(sub)
    relative = Path("..") / db.name
    for target in (soft, hard, to_wal, relative):
        with untouched(db):
            line = refusal(gintally, command, target, "--force")
        assert line == (
            f"Error: {target} is part of the ledger {db}: "
            f"choose another file for the {what(command)}"
        )
    assert soft.is_symlink() and hard.stat().st_ino == db.stat().st_ino


@ALL
def test_the_ledger_named_through_a_link_protects_the_file_it_leads_to(
    gintally: CLI, db: Path, command: str, tmp_path: Path
) -> None:
    """--db a link: the file it leads to, and that file's -wal, are the ledger too."""
    link = tmp_path / "link.db"
    link.symlink_to(db)
    head, _ = WRITERS[command]
    for target in (db, db.with_name(db.name + "-wal")):
        with untouched(db):
            line = refused_line(gintally("--db", str(link), *head, str(target), "--force"), 2)
        assert line == (
            f"Error: {target} is part of the ledger {link}: "
            f"choose another file for the {what(command)}"
        )


# --- what is there already ------------------------------------------------------------------------


@ALL
def test_an_existing_file_needs_force_and_is_then_replaced_whole(
    gintally: CLI, db: Path, command: str, tmp_path: Path
) -> None:
    target = tmp_path / "precious.out"
    target.write_bytes(b"precious\n" * 100_000)  # longer than what replaces it
    with untouched(db):
        line = refusal(gintally, command, target)
    assert line == (
        f"Error: {target} already exists: choose a new file for the {what(command)}, or add --force"
    )
    assert target.read_bytes() == b"precious\n" * 100_000
    with untouched(db):
        ok(write(gintally, command, target, "--force"))
    assert written(command, target) and b"precious" not in target.read_bytes()
    assert stat.S_ISREG(target.lstat().st_mode)


@ALL
def test_a_new_file_is_written_without_force(
    gintally: CLI, db: Path, command: str, tmp_path: Path
) -> None:
    target = tmp_path / "new.out"
    with untouched(db):
        ok(write(gintally, command, target))
    assert written(command, target)


@ALL
def test_a_missing_folder_is_bad_input(
    gintally: CLI, db: Path, command: str, tmp_path: Path
) -> None:
    """`report` into a missing folder used to exit 1 where backup and export exit 2."""
    target = tmp_path / "no" / "such" / "x.out"
    with untouched(db):
        line = refusal(gintally, command, target, "--force")
    assert line == (
        f"Error: cannot write the {what(command)} to {target}: there is no folder {target.parent}"
    )
    assert not (tmp_path / "no").exists()


# --- what is not a regular file -------------------------------------------------------------------


@ALL
@pytest.mark.parametrize("force", [(), ("--force",)], ids=["plain", "force"])
def test_a_folder_a_pipe_and_a_socket_are_refused_even_with_force(
    gintally: CLI,
    db: Path,
    command: str,
    force: tuple[str, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # a socket's path must be short
    folder = tmp_path / "folder"
    folder.mkdir()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    to_fifo = tmp_path / "to-fifo"
    to_fifo.symlink_to(fifo)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind("sock")
    try:
        cases = (
            (folder, f"Error: {folder} is a folder: name a new file for the {what(command)}"),
            (
                fifo,
                f"Error: {fifo} is a pipe, not a regular file: "
                f"name a new file for the {what(command)}",
            ),
            (
                to_fifo,
                f"Error: {to_fifo} is a pipe, not a regular file: "
                f"name a new file for the {what(command)}",
            ),
            (
                Path("sock"),
                "Error: sock is a socket, not a regular file: "
                f"name a new file for the {what(command)}",
            ),
        )
        for target, expected in cases:
            with untouched(db):
                assert refusal(gintally, command, target, *force) == expected
    finally:
        sock.close()
    assert list(folder.iterdir()) == []
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and to_fifo.is_symlink()
    assert stat.S_ISSOCK(os.lstat("sock").st_mode)


@pytest.fixture
def dev_null() -> Iterator[str]:
    """/dev/null, made again afterwards if a broken writer replaced it (only root can): a
    regression fails its test without leaving the machine with a regular file there."""
    null = os.stat("/dev/null")
    yield "/dev/null"
    if not stat.S_ISCHR(os.lstat("/dev/null").st_mode):
        os.unlink("/dev/null")
        os.mknod("/dev/null", stat.S_IFCHR | 0o666, null.st_rdev)
        os.chmod("/dev/null", 0o666)
        pytest.fail("/dev/null was replaced by a regular file (made again as a device)")


@ALL
def test_dev_null_is_refused_even_with_force(
    gintally: CLI, db: Path, command: str, dev_null: str
) -> None:
    with untouched(db):
        line = refusal(gintally, command, dev_null, "--force")
    assert line == (
        f"Error: /dev/null is a device, not a regular file: name a new file for the {what(command)}"
    )
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="only root could replace /dev/null: as anyone else the refusal proves nothing more",
)
@ALL
def test_as_root_dev_null_stays_a_device(
    gintally: CLI, db: Path, command: str, dev_null: str
) -> None:
    """As root, `backup /dev/null --force` used to turn /dev/null into a regular file."""
    for force in ((), ("--force",)):
        refusal(gintally, command, dev_null, *force)
        assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


# --- temporary files ------------------------------------------------------------------------------


@ALL
def test_a_dead_run_s_temporaries_are_swept_by_the_next_write(
    gintally: CLI, db: Path, command: str, tmp_path: Path
) -> None:
    """A killed or failed backup left ``.NAME.PID.partial-journal`` beside the target."""
    target = tmp_path / "out.file"
    dead = [
        tmp_path / f".out.file.999999999.partial{ending}"  # no process has this id
        for ending in ("", "-journal", "-wal", "-shm")
    ]
    alive = tmp_path / f".out.file.{os.getppid()}.partial-journal"  # a live process's: kept
    other = tmp_path / ".other.999999999.partial"  # another target's: not this write's to sweep
    for path in (*dead, alive, other):
        path.write_bytes(b"half a file")
    ok(write(gintally, command, target))
    assert written(command, target)
    assert temporaries(tmp_path) == sorted([alive.name, other.name])


def test_a_failed_write_leaves_neither_the_copy_nor_its_journal(tmp_path: Path) -> None:
    target = tmp_path / "out.db"

    def fail(tmp: Path) -> None:
        tmp.write_bytes(b"half")
        tmp.with_name(tmp.name + "-journal").write_bytes(b"journal")
        raise OSError(28, "No space left on device")

    with pytest.raises(WriteError) as caught:
        files.write_whole(target, fail, False, "backup")
    assert str(caught.value) == f"cannot write the backup to {target}: No space left on device"
    assert list(tmp_path.iterdir()) == []


def test_a_special_file_put_there_while_writing_is_not_replaced(tmp_path: Path) -> None:
    """The check is made again just before the rename, inside the critical section."""
    target = tmp_path / "out.txt"

    def fill(tmp: Path) -> None:
        tmp.write_text("new")
        os.mkfifo(target)

    with pytest.raises(GintallyError) as caught:
        files.write_whole(target, fill, True, "export")
    assert str(caught.value) == (
        f"{target} is a pipe, not a regular file: name a new file for the export"
    )
    assert stat.S_ISFIFO(target.lstat().st_mode)
    assert temporaries(tmp_path) == []
