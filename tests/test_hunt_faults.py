"""Faults and concurrency, hunted as a tester would: what a refused or failed command leaves on
the disk, processes and Books racing for one ledger.

SPEC section 5: a refused command writes nothing to the ledger, and a command that exits
non-zero has changed nothing; only ``match new`` and ``import`` (and ``merge``) create a ledger.
A refused creating command used to leave a new, empty ledger file at the path it was given: a
file appeared where there was none, and the next ``show`` there said "no match" instead of "no
ledger". The folder is compared entry by entry (hidden temporaries included) before and after.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import gintally
from conftest import told_to_wait
from gintally.errors import GintallyError

GINTALLY = Path(sys.executable).parent / "gintally"


def entries(folder: Path) -> list[str]:
    """Every name in `folder`, hidden ones too."""
    return sorted(p.name for p in folder.iterdir())


def run(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it, on the ledger `db`."""
    env = {**os.environ, "GINTALLY_DB": str(db)}
    return subprocess.run(
        [str(GINTALLY), *args], capture_output=True, text=True, env=env, timeout=120
    )


def one_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    return lines[0]


@pytest.fixture
def export(tmp_path: Path) -> Path:
    """A JSON export of a match Ann v Bob with two hands, made in a ledger of its own folder."""
    home = tmp_path / "other"
    home.mkdir()
    db = home / "other.db"
    assert run(db, "match", "new", "Kitchen", "--players", "Ann", "Bob").returncode == 0
    assert run(db, "knock", "Ann", "3", "--vs", "20", "--date", "2025-01-02").returncode == 0
    assert run(db, "gin", "Bob", "--vs", "15", "--date", "2025-01-03").returncode == 0
    out = home / "kitchen.json"
    assert run(db, "export", "--format", "json", "--output", str(out)).returncode == 0
    return out


# --- a refused creating command leaves no ledger behind ------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("match", "new", "Kitchen", "--players", "Ann", "Ann"), "'Ann' twice"),
        (("match", "new", "Kitchen", "--players", "Ann", "Bob", "--dealer", "Cy"), "'Cy'"),
    ],
)
def test_a_refused_match_new_makes_no_ledger(
    tmp_path: Path, args: tuple[str, ...], named: str
) -> None:
    db = tmp_path / "new.db"
    before = entries(tmp_path)
    line = one_line(run(db, *args), 2)
    assert named in line, line
    assert entries(tmp_path) == before
    # and the path still has no ledger: a reading command says so, as before the refusal
    assert f"no ledger at {db}" in one_line(run(db, "show"), 1)


def test_a_refused_merge_into_a_new_path_makes_no_ledger(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not a ledger\n", encoding="utf-8")
    db = tmp_path / "new.db"
    before = entries(tmp_path)
    line = one_line(run(db, "merge", str(junk)), 1)
    assert "junk.db is not a gintally ledger" in line, line
    assert entries(tmp_path) == before


def test_a_refused_import_into_a_new_path_makes_no_ledger(tmp_path: Path, export: Path) -> None:
    doc = json.loads(export.read_text(encoding="utf-8"))
    doc["hands"][1]["points"] = 999  # no hand scores that: the row is refused
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    db = tmp_path / "new.db"
    before = entries(tmp_path)
    line = one_line(run(db, "import", str(bad)), 2)
    assert "999" in line, line
    assert entries(tmp_path) == before


def test_an_import_that_starts_a_ledger_still_makes_it(tmp_path: Path, export: Path) -> None:
    db = tmp_path / "new.db"
    done = run(db, "import", str(export), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["imported"] == 2
    shown = json.loads(run(db, "show", "--json").stdout)
    assert shown["match"] == "Kitchen" and len(shown["games"][0]["hands"]) == 2
    assert entries(tmp_path) == ["new.db", "other"]
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


def test_a_refused_new_match_in_the_library_makes_no_file(tmp_path: Path) -> None:
    db = tmp_path / "family.db"
    with gintally.open(db) as book:
        with pytest.raises(GintallyError, match="'Ann' twice"):
            book.new_match("Kitchen", ["Ann", "Ann"])
        assert entries(tmp_path) == []
        with pytest.raises(GintallyError, match=f"no ledger at {db}"):
            book.matches()
        # the same Book then makes it, and goes on using it
        match = book.new_match("Kitchen", ["Ann", "Bob"])
        assert match.knock("Ann", 3, vs=20)["points"] == 17
        assert entries(tmp_path) == ["family.db", "family.db-shm", "family.db-wal"]
    assert entries(tmp_path) == ["family.db"]
    with gintally.open(db) as again:
        assert [h["points"] for h in again.match().hands()["hands"]] == [17]


def test_a_refused_match_new_in_the_app_folder_leaves_no_ledger(tmp_path: Path) -> None:
    """With no --db and no $GINTALLY_DB the app folder may be made (SPEC allows that folder,
    and removing it again could race another process making its ledger there); the ledger is
    not."""
    env = {k: v for k, v in os.environ.items() if k != "GINTALLY_DB"}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"))
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    done = subprocess.run(
        [str(GINTALLY), "match", "new", "Kitchen", "--players", "Ann", "Ann"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "'Ann' twice" in one_line(done, 2)
    assert entries(tmp_path / "data" / "gintally") == []


# --- creators racing ------------------------------------------------------------------------------


def test_books_in_threads_racing_to_create_one_ledger_lose_no_match(tmp_path: Path) -> None:
    """Four Books, one a thread, each make a match on a ledger none of them finds: every match
    lands in the one ledger, whichever Book made the file."""
    db = tmp_path / "new.db"
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def make(i: int) -> None:
        try:
            with gintally.open(db) as book:
                start.wait()
                match = book.new_match(f"M{i}", [f"A{i}", f"B{i}"])
                match.knock(f"A{i}", 3, vs=20)
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=make, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with gintally.open(db) as book:
        names = sorted(m["match"] for m in book.matches()["matches"])
        assert names == ["M0", "M1", "M2", "M3"]
        assert [len(book.match(n).hands()["hands"]) for n in names] == [1, 1, 1, 1]
    assert entries(tmp_path) == ["new.db"]


def test_a_book_whose_new_ledger_another_made_first_does_its_work_there(tmp_path: Path) -> None:
    """Book A has built its new ledger beside the path (opened to write, nothing written yet)
    when Book B makes the ledger there: A's first change finds the path taken, keeps nothing
    of its own file and does the work again on B's, so both matches are in the one ledger."""
    db = tmp_path / "new.db"
    first, second = gintally.open(db), gintally.open(db)
    try:
        assert first.ledger(write=True, create=True).pending
        [built] = entries(tmp_path)  # beside the path, hidden
        assert built.startswith(".new.db.") and built.endswith(".new")
        second.new_match("Second", ["Cy", "Di"])
        made = first.new_match("First", ["Ann", "Bob"])
        assert made.knock("Ann", 3, vs=20)["points"] == 17
        assert sorted(m["match"] for m in second.matches()["matches"]) == ["First", "Second"]
        assert second.matches()["current"] == "First"
    finally:
        first.close()
        second.close()
    assert entries(tmp_path) == ["new.db"]


@pytest.fixture(scope="module")
def long_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A JSON export of 8,000 hands: an import of it into a new ledger lasts long enough to be
    interrupted part-way."""
    folder = tmp_path_factory.mktemp("long")
    rows = ["date,kind,winner,points"]
    rows += [
        f"2025-{1 + i % 12:02d}-{1 + i % 28:02d},score,{'AB'[i % 2]},{1 + i % 40}"
        for i in range(8000)
    ]
    (folder / "long.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with gintally.open(folder / "long.db") as book:
        book.new_match("Long", ["A", "B"])
        book.import_(folder / "long.csv")
        book.export("Long", folder / "long.json", format="json")
    return folder / "long.json"


def interrupted_import(db: Path, export: Path, sig: signal.Signals) -> subprocess.Popen[str]:
    """An import of `export` into the new ledger `db`, sent `sig` once its new ledger is being
    built beside the path."""
    env = {**os.environ, "GINTALLY_DB": str(db)}
    proc = subprocess.Popen(
        [str(GINTALLY), "import", str(export)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 60
    while not [n for n in entries(db.parent) if n.endswith(".new")]:
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.002)
    time.sleep(0.2)  # into the import's reading and writing
    proc.send_signal(sig)
    proc.communicate(timeout=60)
    return proc


def test_ctrl_c_during_an_import_that_starts_a_ledger_leaves_nothing(
    tmp_path: Path, long_export: Path
) -> None:
    db = tmp_path / "new.db"
    proc = interrupted_import(db, long_export, signal.SIGINT)
    assert proc.returncode == 130
    assert entries(tmp_path) == []


def test_a_killed_import_that_starts_a_ledger_leaves_no_ledger(
    tmp_path: Path, long_export: Path
) -> None:
    """SIGKILL: nothing can tidy up, so the half-built file stays, hidden beside the path, and
    the path has no ledger; the next command that makes one there sweeps it away."""
    db = tmp_path / "new.db"
    proc = interrupted_import(db, long_export, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    assert "new.db" not in entries(tmp_path)
    assert [n for n in entries(tmp_path) if not n.startswith(".new.db.")] == []
    assert f"no ledger at {db}" in one_line(run(db, "show"), 1)
    assert run(db, "import", str(long_export)).returncode == 0
    assert entries(tmp_path) == ["new.db"]
    assert len(json.loads(run(db, "hands", "--all", "--json").stdout)["hands"]) == 8000


# --- a command that waits for the ledger says so -------------------------------------------------


@pytest.mark.parametrize("args", [("show",), ("knock", "Ann", "3", "--vs", "20")])
def test_a_command_kept_out_by_an_exclusive_lock_says_it_waits(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """SPEC section 9: a command that waits for the ledger says so on stderr after a second.
    A program holding the file in exclusive locking mode keeps even readers out, so the wait
    is at the command's first read, not at its write lock: it waited in silence (up to 30 s)."""
    db = tmp_path / "ledger.db"
    assert run(db, "match", "new", "Kitchen", "--players", "Ann", "Bob").returncode == 0
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("SELECT count(*) FROM hands").fetchall()

    def let_go() -> None:
        other.execute("COMMIT")
        other.close()

    code, out, rest = told_to_wait(db, args, let_go)
    assert (code, rest) == (0, ""), rest
    assert out.startswith("Kitchen: Ann vs Bob" if args == ("show",) else "Hand 1: Ann knocks")


# --- a ledger that goes away under a long-lived Book ---------------------------------------------


def test_play_refuses_hands_once_its_ledger_folder_is_gone(tmp_path: Path) -> None:
    """``play --plain`` holds the ledger open all evening. When its folder is removed (a
    synced folder unmounted, a mistaken ``rm -r``), SQLite goes on writing to the deleted file:
    every hand after was confirmed, the session exited 0, and the hands were nowhere. Each
    entry now finds the path empty and is refused by name."""
    folder = tmp_path / "book"
    folder.mkdir()
    db = folder / "ledger.db"
    assert run(db, "match", "new", "Kitchen", "--players", "Ann", "Bob").returncode == 0
    proc = subprocess.Popen(
        [str(GINTALLY), "--db", str(db), "play", "--plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("k ann 3 20\n")
    proc.stdin.flush()
    while not proc.stdout.readline().startswith("Hand 1: Ann knocks"):
        assert proc.poll() is None
    for leftover in folder.iterdir():  # the folder goes, with the open ledger's files
        leftover.unlink()
    folder.rmdir()
    out, err = proc.communicate("g bob 30\nquit\n", timeout=60)
    assert "Hand 2" not in out, out
    assert f"no ledger at {db}" in err, err
    assert not folder.exists()


def test_a_book_sees_its_ledger_replaced_by_another_file(tmp_path: Path) -> None:
    """A backup moved over the ledger while a Book has it open (``mv backup.db ledger.db``):
    the Book wrote on into the file that was replaced, which nobody could open again, and read
    the old scores. It now uses the file at its path."""
    db, backup = tmp_path / "ledger.db", tmp_path / "backup.db"
    with gintally.open(db) as book:
        match = book.new_match("Kitchen", ["Ann", "Bob"])
        match.knock("Ann", 3, vs=20)
        book.backup(backup)
        match.gin("Bob", 30)
        assert len(match.hands()["hands"]) == 2
        os.replace(backup, db)  # the ledger is now the backup: one hand
        assert book.news()  # what a live sheet (play, serve) polls: it redraws
        assert not book.news()
        assert [h["points"] for h in match.hands()["hands"]] == [17]
        match.knock("Ann", 5, vs=25)
    # the replaced file's logs went with its last connection: none is read into this one
    assert entries(tmp_path) == ["ledger.db"]
    with gintally.open(db) as again:
        assert [h["points"] for h in again.match().hands()["hands"]] == [17, 20]
        assert again.check()["problems"] == []


def test_a_book_whose_folder_changes_keeps_other_ledgers_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Book opened by a relative path, in a program that then changes its folder: the path
    now names another ledger, which the Book opens, and the logs of the first ledger, still in
    use by another connection, stay where they are."""
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        with gintally.open(tmp_path / name / "ledger.db") as book:
            book.new_match(name.title(), ["Ann", "Bob"])
    keepers = [sqlite3.connect(tmp_path / n / "ledger.db") for n in ("one", "two")]
    for keeper in keepers:  # another user of each ledger: their logs stay beside them
        keeper.execute("SELECT count(*) FROM hands").fetchall()

    def logs() -> dict[str, int]:
        return {
            f"{n}/{log}": os.stat(tmp_path / n / log).st_ino
            for n in ("one", "two")
            for log in ("ledger.db-wal", "ledger.db-shm")
        }

    monkeypatch.chdir(tmp_path / "one")
    book = gintally.open("ledger.db")
    try:
        assert book.match().name == "One"
        book.match().knock("Ann", 3, vs=20)
        before = logs()
        monkeypatch.chdir(tmp_path / "two")
        assert book.match().name == "Two"
    finally:
        book.close()
    assert logs() == before  # the same files, in use by the keepers
    for keeper in keepers:
        keeper.close()
    with gintally.open(tmp_path / "one" / "ledger.db") as one:
        assert [h["points"] for h in one.match().hands()["hands"]] == [17]
