"""A full disk: SQLite's "database or disk is full" (SQLITE_FULL) is one line naming the ledger,
exit 1, and nothing written, for an import as for a hand. The disk is filled by capping the
ledger at the pages it has (``PRAGMA max_page_count`` on gintally's own connection)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
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
