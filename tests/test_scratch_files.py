"""Ctrl-C while a file is being built (a new ledger, a backup, an export) leaves nothing behind:
the command line's handler removes the scratch files before it ends the process; putting the
finished file in place is a critical section; a killed run's leftovers are swept by the next run.
(`gintally.commits.scratch`, `gintally.ledger.files.create` / `write_whole`.)"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gintally import commits
from gintally.cli import process
from gintally.ledger import files, schema


class Ended(Exception):
    """The process would have ended here (`os._exit`) with this code."""


@pytest.fixture
def handler(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def end(code: int) -> None:
        raise Ended(code)

    monkeypatch.setattr(process, "_exit", end)
    monkeypatch.setattr(process, "report_interrupted", lambda: process.INTERRUPTED)
    commits.reset()
    process._State.final_code = None
    yield
    commits.reset()


def ctrl_c() -> None:
    process.on_ctrl_c(signal.SIGINT, None)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_ctrl_c_while_a_new_ledger_is_built_leaves_no_file(
    handler: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = schema.migrate
    seen: list[str] = []

    def migrate_then_ctrl_c(conn: object, new: bool = False) -> None:
        real(conn, new=new)  # type: ignore[arg-type]
        seen.extend(names(tmp_path))  # the half-made ledger and its write-ahead log exist
        ctrl_c()

    monkeypatch.setattr(schema, "migrate", migrate_then_ctrl_c)
    book = tmp_path / "book.db"
    with pytest.raises(Ended) as ended:
        files.create(book)
    assert ended.value.args == (process.INTERRUPTED,)
    building = f".book.db.{os.getpid()}-{threading.get_native_id()}-"  # and its number
    assert [n for n in seen if n.startswith(building) and n.endswith(".new")], seen
    assert names(tmp_path) == []  # no ledger, no temporary file, no -wal or -shm
    assert commits.Commits.scratch == []


def test_ctrl_c_while_a_backup_is_written_leaves_no_file(handler: None, tmp_path: Path) -> None:
    target = tmp_path / "copy.db"

    def half_then_ctrl_c(tmp: Path) -> None:
        tmp.write_bytes(b"half a backup")
        ctrl_c()

    with pytest.raises(Ended):
        files.write_whole(target, half_then_ctrl_c, force=False, what="backup")
    assert names(tmp_path) == []


def test_ctrl_c_while_the_file_is_put_in_place_waits_for_it(
    handler: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Placing is a critical section: the Ctrl-C waits, the file lands whole, then the
    interrupt is delivered (exit 130 at the command line), and nothing temporary is left."""
    real_link = os.link

    def link_with_ctrl_c(src: Path, dst: Path) -> None:
        ctrl_c()  # arrives during the link: waits
        real_link(src, dst)

    monkeypatch.setattr(os, "link", link_with_ctrl_c)
    target = tmp_path / "hands.csv"

    def fill(tmp: Path) -> None:
        tmp.write_text("a,b\n1,2\n")

    with pytest.raises(KeyboardInterrupt):
        files.write_whole(target, fill, False, "export")
    assert target.read_text() == "a,b\n1,2\n"
    assert names(tmp_path) == ["hands.csv"]


def test_a_killed_run_s_new_ledger_leftovers_are_swept(tmp_path: Path) -> None:
    book = tmp_path / "book.db"
    dead = [f".book.db.999999999.new{end}" for end in ("", "-wal", "-shm")]  # no such process
    live = f".book.db.{os.getppid()}.new"  # a process that is alive: left alone
    for name in [*dead, live]:
        (tmp_path / name).write_bytes(b"half a ledger")
    files.create(book)
    assert names(tmp_path) == sorted([live, "book.db"])
    conn = files.connect(str(book))
    assert tuple(conn.execute("SELECT count(*) FROM matches").fetchone()) == (0,)
    conn.close()
