"""Several `Book`s on one ledger in one process, in threads, while other processes write: no
hand is lost, none is numbered twice, and `check` finds nothing.

On POSIX, closing any descriptor of a file releases every lock the process holds on it, so a
library that opened the ledger file outside SQLite (to read its header) and closed it again
would drop the locks of this process's other connections: another process could then reset
the write-ahead log under them, and a confirmed hand would vanish. These tests open a second
book in the middle of a first one's life, as a web server, a notebook or a test harness does.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import gintally


def cli(db: Path, *args: str) -> dict[str, object]:
    """A command of another process (the ``gintally`` command line), its JSON document."""
    done = subprocess.run(
        [sys.executable, "-m", "gintally", "--db", str(db), *args, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    doc: dict[str, object] = json.loads(done.stdout)
    return doc


def numbers(book: gintally.Book) -> list[int]:
    return [h["id"] for h in book.match().hands(all=True)["hands"]]


def test_a_second_book_opened_and_closed_keeps_the_first_ones_locks(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    with gintally.open(db) as first:
        first.new_match("Evening", ["Ann", "Bob"])
        assert first.match().knock("Ann", 8, vs=18)["hand"] == 1
        for _ in range(3):  # a reader opened and closed beside it, each in turn
            with gintally.open(db) as other:
                assert other.matches()["current"] == "Evening"
        assert cli(db, "gin", "Bob", "--vs", "7")["hand"] == 2  # another process, confirmed
        assert first.match().knock("Ann", 3, vs=10)["hand"] == 3
        assert cli(db, "knock", "Bob", "5", "--vs", "12")["hand"] == 4
        assert first.match().gin("Ann", 20)["hand"] == 5
        assert numbers(first) == [1, 2, 3, 4, 5]
        found = subprocess.run(
            [sys.executable, "-m", "gintally", "--db", str(db), "check"],
            capture_output=True,
            text=True,
        )
        assert found.returncode == 0, found.stdout + found.stderr
    with gintally.open(db) as again:
        sheet = again.match().sheet()
        assert sheet["games"][0]["hands"] == [1, 2, 3, 4, 5]
        assert sheet["games"][0]["points"] == {"Ann": 10 + 7 + 45, "Bob": 32 + 7}


def test_books_in_threads_and_processes_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    with gintally.open(db) as setup:
        setup.new_match("Club", ["Ann", "Bob"], target=100_000)
    recorded: list[int] = []
    lock = threading.Lock()
    errors: list[BaseException] = []

    def table(rounds: int) -> None:
        try:
            for _ in range(rounds):
                with gintally.open(db) as book:  # a book per hand: open, record, close
                    number = book.match("Club").knock("Ann", 2, vs=3)["hand"]
                with lock:
                    recorded.append(int(str(number)))
                with gintally.open(db) as reader:  # and a reader opened and closed beside
                    reader.match("Club").sheet()
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=table, args=(8,)) for _ in range(3)]
    others = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import gintally, sys\n"
                "for _ in range(8):\n"
                "    with gintally.open(sys.argv[1]) as b:\n"
                "        print(b.match('Club').gin('Bob', 1)['hand'], flush=True)\n",
                str(db),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    confirmed = list(recorded)
    for p in others:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0
        confirmed += [int(line) for line in out.split()]
    assert errors == []
    assert len(confirmed) == 3 * 8 + 2 * 8
    assert sorted(confirmed) == list(range(1, 41))  # every confirmed number, once each
    with gintally.open(db) as book:
        assert numbers(book) == list(range(1, 41))
        game = book.match("Club").sheet()["games"][0]
        assert game["points"] == {"Ann": 24 * 1, "Bob": 16 * 26}
        assert game["boxes"] == {"Ann": 24, "Bob": 16}


def test_an_import_of_a_ledger_open_here_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Importing the ledger itself (by its name, a link, or its -wal) from a book that has it
    open, or from another book of the process, is refused without opening the file outside
    SQLite: reading it would have dropped this process's locks, and a hand another process
    confirmed next was then numbered again and lost (found by the adversarial campaign)."""
    db = tmp_path / "ledger.db"
    link = tmp_path / "link.db"
    link.symlink_to(db)
    with gintally.open(db) as book, gintally.open(db) as other:
        book.new_match("M", ["Ann", "Bob"])
        assert book.match().knock("Ann", 3, vs=10)["hand"] == 1
        for source, by in ((db, book), (link, book), (Path(f"{db}-wal"), book), (db, other)):
            try:
                by.import_(source)
            except gintally.GintallyError as e:
                assert str(e) == (
                    f"cannot read {source} as an import: it is part of the ledger {db}, which "
                    "is open here (to copy hands between ledgers, export them or merge the file)"
                )
            else:
                raise AssertionError(f"{source} was imported")
        assert cli(db, "knock", "Bob", "2", "--vs", "9")["hand"] == 2
        assert cli(db, "knock", "Bob", "2", "--vs", "9")["hand"] == 3
        assert book.match().knock("Ann", 4, vs=10)["hand"] == 4
        assert cli(db, "knock", "Bob", "2", "--vs", "9")["hand"] == 5
        assert numbers(book) == [1, 2, 3, 4, 5]
