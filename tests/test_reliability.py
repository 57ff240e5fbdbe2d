"""Reliability, second round (issue 13): read-modify-write under concurrency, read-only folders.

SPEC section 7: every write is one transaction. A correction (edit, void, undo, rename, import)
reads what it changes inside that transaction, under the write lock: two edits of one hand at
once both survive, two undos take back two hands.

The interleavings are forced, not hoped for: the first connection, between its read and its
write, waits until the second has begun its correction's transaction (`paused_after_read`).
Real processes racing are in the slow tests; ``FAULT_SCALE=N`` runs N times as many.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from damaging import unguarded

from conftest import Commands, Run
from gintally import service
from gintally.errors import GintallyError
from gintally.ledger import Ledger

GINTALLY = Path(sys.executable).parent / "gintally"
SCALE = float(os.environ.get("FAULT_SCALE", "1"))


def scaled(n: int) -> int:
    return max(1, int(n * SCALE))


# The numbers of the voided hands, in the order they were voided.
VOIDED = (
    "SELECT (SELECT h.number FROM hands h WHERE h.hand_id = c.hand_id LIMIT 1) "
    "FROM corrections c WHERE c.action = 'void' ORDER BY c.id"
)


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db, timeout=30)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


KITCHEN: Commands = (
    ("match", "new", "Kitchen", "--players", "Ann", "Bob"),
    ("knock", "Ann", "5", "--vs", "20"),
    ("gin", "Bob", "--vs", "10"),
    ("knock", "Ann", "2", "--vs", "30"),
)


@pytest.fixture
def kitchen(ledger_from: Callable[[Commands, Path], Path], db_path: Path) -> Path:
    """Kitchen, Ann v Bob: hand 1 Ann knocks 5 v 20 (+15), hand 2 Bob gin v 10 (+35), hand 3 Ann
    knocks 2 v 30 (+28). Each command must succeed; the ledger is built once per test worker
    and copied for each test."""
    return ledger_from(KITCHEN, db_path)


def begins_writing(ledger: Ledger) -> threading.Event:
    """Set once `ledger`'s connection begins a write transaction (SQLite's statement trace,
    called as ``BEGIN IMMEDIATE`` starts): from then on it has the write lock, or waits for it
    while another connection holds it."""
    begun = threading.Event()

    def trace(sql: str) -> None:
        if sql.startswith("BEGIN IMMEDIATE"):
            begun.set()

    ledger.conn.set_trace_callback(trace)
    return begun


@contextmanager
def paused_after_read(ledger: Ledger, method: str, other: Ledger) -> Iterator[threading.Event]:
    """While inside, `ledger.<method>` (a read inside its write) signals the event it yields and
    then waits, before it returns, until the `other` connection has begun its own write: that
    one then waits for this one's lock, and reads what this one writes."""
    read = threading.Event()
    begun = begins_writing(other)
    original = getattr(ledger, method)

    def paused(*args: object, **kwargs: object) -> object:
        value = original(*args, **kwargs)
        read.set()
        assert begun.wait(30), "the other connection never began its write"
        return value

    setattr(ledger, method, paused)
    try:
        yield read
    finally:
        setattr(ledger, method, original)
        other.conn.set_trace_callback(None)


def race(
    db: Path, method: str, first: Callable[[Ledger], object], second: Callable[[Ledger], object]
) -> tuple[object, object]:
    """Run `first` on one connection; once it has read (`method`), run `second` on another."""
    with (
        Ledger.open(db) as a,
        Ledger.open(db) as b,
        ThreadPoolExecutor(2) as pool,
        paused_after_read(a, method, b) as read,
    ):
        one = pool.submit(first, a)
        assert read.wait(10)
        two = pool.submit(second, b)
        return one.result(timeout=30), two.result(timeout=30)


def test_two_edits_of_one_hand_at_once_both_survive(kitchen: Path) -> None:
    """Hand 1 (Ann knocks 5 v 20). One edit sets Bob's count to 40, the other Ann's to 7,
    the second starting while the first is between its read and its write. The second reads the
    first's version: Ann knocks 7 v 40 = 33 (not 7 v 20 = 13, which would lose the first)."""
    changes_a = {"vs": 40}
    changes_b = {"deadwood": 7}
    race(
        kitchen,
        "hand",
        lambda book: service.edit(book, book.match("Kitchen"), 1, changes_a),
        lambda book: service.edit(book, book.match("Kitchen"), 1, changes_b),
    )
    with Ledger.open(kitchen) as book:
        newest = book.hand(book.match("Kitchen"), 1)
    assert (newest.knocker_deadwood, newest.defender_deadwood, newest.points) == (7, 40, 33)
    assert rows(kitchen, "SELECT count(*) FROM hands WHERE number = 1") == [(3,)]
    assert rows(kitchen, "SELECT count(*) FROM corrections WHERE action = 'replace'") == [(2,)]


def test_two_undos_at_once_take_back_two_hands(kitchen: Path) -> None:
    def undo(book: Ledger) -> int:
        return service.undo(book, book.match("Kitchen")).number

    assert race(kitchen, "last_hand", undo, undo) == (3, 2)
    assert rows(kitchen, VOIDED) == [(3,), (2,)]


def test_an_edit_racing_a_void_is_refused_not_lost(kitchen: Path) -> None:
    """The void lands first; the edit then reads the hand as void and is refused (exit 2 at the
    command line), instead of writing a version of a hand no longer in play."""
    with (
        Ledger.open(kitchen) as a,
        Ledger.open(kitchen) as b,
        ThreadPoolExecutor(1) as pool,
        paused_after_read(a, "hand", b) as read,
    ):
        voiding = pool.submit(a.void, a.match("Kitchen"), 2, "misdeal")
        assert read.wait(10)
        with pytest.raises(GintallyError, match="hand 2 is void: it cannot be edited"):
            service.edit(b, b.match("Kitchen"), 2, {"vs": 11})
        voiding.result(timeout=30)
    assert rows(kitchen, "SELECT count(*) FROM hands WHERE number = 2") == [(1,)]


def test_a_rename_racing_another_sees_the_first(kitchen: Path) -> None:
    """Two renames of match Kitchen: the second, starting while the first is between its read
    and its write, finds no match named Kitchen any more."""
    with (
        Ledger.open(kitchen) as a,
        Ledger.open(kitchen) as b,
        ThreadPoolExecutor(1) as pool,
        paused_after_read(a, "match", b) as read,
    ):
        renaming = pool.submit(a.rename_match, "Kitchen", "Porch")
        assert read.wait(10)
        with pytest.raises(GintallyError, match="unknown match 'Kitchen'"):
            b.rename_match("Kitchen", "Garden")
        renaming.result(timeout=30)
    assert rows(kitchen, "SELECT name FROM matches") == [("Porch",)]


def test_a_nested_write_joins_the_open_transaction(kitchen: Path) -> None:
    """A failure anywhere inside the outer transaction undoes the inner writes too."""
    with Ledger.open(kitchen) as book:
        with pytest.raises(GintallyError, match="late refusal"), book.write():
            book.void(book.match("Kitchen"), 1)
            raise GintallyError("late refusal")
        assert not book.hand(book.match("Kitchen"), 1).voided
        assert not book.conn.in_transaction


# --- real processes ------------------------------------------------------------------------------


def start(db: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "GINTALLY_DB": str(db)}
    env.pop("GINTALLY_DEBUG", None)
    return subprocess.Popen(
        [str(GINTALLY), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


@pytest.mark.slow
def test_edits_and_undos_from_racing_processes(kitchen: Path) -> None:
    """Pairs of real processes started together: each pair edits one hand on two different
    fields (both changes must be in its newest version) or undoes twice (two changes taken
    back).
    Before issue 13, 7 of 40 edit pairs lost a change and undo pairs failed 'already void'."""
    pairs = scaled(3)
    hands: list[int] = []
    for i in range(pairs):
        knock = start(kitchen, "knock", "Ann", "3", "--vs", "25")
        said, _ = knock.communicate(timeout=60)
        assert knock.returncode == 0
        hand = int(said.split(":")[0].removeprefix("Hand "))
        hands.append(hand)
        a = start(kitchen, "edit", str(hand), "--vs", str(30 + i))
        b = start(kitchen, "edit", str(hand), "--note", f"pair {i}")
        for proc in (a, b):
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err
        newest = rows(
            kitchen,
            f"SELECT defender_deadwood, note, points FROM hands WHERE number = {hand} "
            "ORDER BY id DESC LIMIT 1",
        )
        assert newest == [(30 + i, f"pair {i}", 30 + i - 3)]
    # two undos take back the two latest changes, the last hand's two edits: it is again as
    # it was entered (issue 35: undo takes back the latest change, whatever it was)
    voided = sorted(rows(kitchen, VOIDED))
    a, b = start(kitchen, "undo"), start(kitchen, "undo")
    for proc in (a, b):
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    newest = rows(
        kitchen,
        f"SELECT defender_deadwood, note, points FROM hands WHERE number = {hands[-1]} "
        "ORDER BY id DESC LIMIT 1",
    )
    assert newest == [(25, None, 22)]
    assert sorted(rows(kitchen, VOIDED)) == voided


# --- a ledger in a folder that cannot be written ------------------------------------------------


@contextmanager
def read_only_folder(folder: Path) -> Iterator[None]:
    """The folder without write permission (as root, gintally honours the bits by choice, as it
    does for a read-only file; as any other user SQLite itself cannot write there)."""
    mode = folder.stat().st_mode
    folder.chmod(0o555)
    try:
        yield
    finally:
        folder.chmod(mode)


def test_reads_work_on_a_ledger_in_a_read_only_folder(
    gintally: Callable[..., Run], kitchen: Path
) -> None:
    """The file itself is writable; its folder is not. Every read works and shows what it showed
    before; every write is refused with one line naming the folder; nothing is made there."""
    reads = [
        ["show", "--json"],
        ["hands", "--json"],
        ["standings", "--json"],
        ["match", "list"],
        ["check"],
        ["export", "--format", "json"],
    ]
    before = {tuple(args): gintally(*args) for args in reads}
    assert all(run.code == 0 for run in before.values()), before
    listing = sorted(p.name for p in kitchen.parent.iterdir())
    with read_only_folder(kitchen.parent):
        for args in reads:
            run = gintally(*args)
            assert (run.code, run.stdout) == (0, before[tuple(args)].stdout), (args, run.stderr)
        for args in (
            ["knock", "Ann", "4", "--vs", "9"],
            ["undo"],
            ["player", "rename", "Bob", "Rob"],
        ):
            run = gintally(*args)
            assert run.code == 1, (args, run.stdout, run.stderr)
            folder = kitchen.parent.resolve()
            assert (
                run.stderr
                == f"Error: cannot write to {kitchen}: its folder {folder} is read-only\n"
            )
        if os.geteuid() != 0:  # root's SQLite may still make its shared-memory file there
            assert sorted(p.name for p in kitchen.parent.iterdir()) == listing
    assert rows(kitchen, "SELECT count(*) FROM hands") == [(3,)]


def test_a_new_ledger_in_a_read_only_folder_is_refused(
    gintally: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    monkeypatch.setenv("GINTALLY_DB", str(folder / "ledger.db"))
    with read_only_folder(folder):
        run = gintally("match", "new", "Kitchen", "--players", "Ann", "Bob")
    assert run.code == 1
    assert (
        run.stderr
        == f"Error: cannot create the ledger {folder / 'ledger.db'}: its folder is read-only\n"
    )
    assert list(folder.iterdir()) == []


# --- damaged rows ---------------------------------------------------------------------------------


def tamper(db: Path, *statements: str) -> None:
    """Change the file behind gintally's back, as another program (or a flipped byte) might."""
    unguarded(db, *statements)


@pytest.fixture
def season(gintally: Callable[..., Run], db_path: Path, tmp_path: Path) -> Path:
    """Match Kitchen, Ann v Bob: 40 imported hands (Ann knocks 1 v 40: +39 each, a game every
    three hands) and one typed one, which leaves a cached quiet point in replay_marks."""
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    lines = ["date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood"]
    lines += [f"2025-01-{1 + i % 28:02d},knock,Ann,39,Ann,1,40" for i in range(40)]
    csv = tmp_path / "season.csv"
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert gintally("import", str(csv)).code == 0
    assert gintally("knock", "Ann", "1", "--vs", "40", "--date", "2025-02-01").code == 0
    assert rows(db_path, "SELECT count(*) FROM replay_marks") == [(1,)]
    return db_path


def checked(gintally: Callable[..., Run], db: Path) -> tuple[int, list[str]]:
    run = gintally("check")
    assert run.stderr == "" or "Traceback" not in run.stderr
    problems = [line.removeprefix("problem: ") for line in run.stdout.splitlines()]
    return run.code, [
        p for p in problems if p.startswith(("hands", "corr", "play", "sett", "repl", "matc"))
    ]


def pointed_to_check(run: Run) -> None:
    assert run.code == 1, (run.stdout, run.stderr)
    assert run.stderr.startswith("Error: the ledger is damaged: ") and run.stderr.count("\n") == 1
    assert "run 'gintally check'" in run.stderr, run.stderr


@pytest.mark.parametrize(
    ("damage", "line"),
    [
        (
            "UPDATE hands SET date = '2o25-01-03' WHERE id = 3",  # one flipped byte
            "hands row 3: has no readable date ('2o25-01-03')",
        ),
        (
            "UPDATE hands SET points = 'x9' WHERE id = 41",
            "hands row 41: holds points 'x9', not a whole number",
        ),
    ],
)
def test_a_damaged_hand_row_is_named_by_check_and_stops_commands_with_one_line(
    gintally: Callable[..., Run], season: Path, damage: str, line: str
) -> None:
    tamper(season, damage)
    code, problems = checked(gintally, season)
    assert code == 1 and line in problems, problems
    for args in (["show"], ["hands"], ["standings"]):
        pointed_to_check(gintally(*args))
    # A new hand is still recorded (it is a fact of its own); its confirmation, which needs the
    # damaged row, becomes the warning, and the exit code says the ledger changed.
    run = gintally("knock", "Ann", "2", "--vs", "30")
    assert run.code == 0
    assert run.stderr.startswith("Warning: the change was saved, but the ledger is damaged: ")
    assert rows(season, "SELECT count(*) FROM hands") == [(42,)]


def test_a_bad_current_match_setting(gintally: Callable[..., Run], season: Path) -> None:
    tamper(season, "UPDATE settings SET value = 'abc' WHERE key = 'current_match'")
    code, problems = checked(gintally, season)
    assert (code, problems) == (1, ["settings row current_match: 'abc' names no match"])
    run = gintally("show")
    pointed_to_check(run)
    assert "choose one with 'gintally match use NAME'" in run.stderr
    assert gintally("match", "use", "Kitchen").code == 0  # the way out the message names
    assert checked(gintally, season) == (0, [])


def test_a_version_moved_to_another_match_and_a_void_of_no_hand(
    gintally: Callable[..., Run], season: Path
) -> None:
    assert gintally("edit", "2", "--vs", "30").code == 0  # hand 2 gets a second version
    assert gintally("match", "new", "Porch", "--players", "Ann", "Bob").code == 0
    newest = rows(season, "SELECT max(id), hand_id FROM hands WHERE match_id = 1 AND number = 2")
    row, key = newest[0]
    tamper(
        season,
        f"UPDATE hands SET match_id = 2 WHERE id = {row}",
        "INSERT INTO corrections(hand_id, action, reason, created_at) "
        "VALUES (9999, 'void', NULL, '2025-01-01T00:00:00+00:00')",
    )
    code, problems = checked(gintally, season)
    assert code == 1
    assert (
        f"hands row {row}: is a version of hand key {key} of match id 1, moved to match id 2"
        in problems
    )
    corrections = rows(season, "SELECT max(id) FROM corrections")[0][0]
    assert (
        f"corrections row {corrections}: is a void of hand key 9999, which is not in the ledger"
        in problems
    )


def test_duplicate_names_once_the_index_is_dropped(
    gintally: Callable[..., Run], season: Path
) -> None:
    tamper(
        season,
        "DROP INDEX players_name",
        *(
            "INSERT INTO players(name, created_at, uid) "
            f"VALUES ('{name}', '2025-01-01T00:00:00+00:00', lower(hex(randomblob(16))))"
            for name in ("ANN", "Émile", "éMILE")
        ),
    )
    code, problems = checked(gintally, season)
    assert code == 1
    by_fold = "(names are compared by Unicode case folding)"
    assert problems == [
        f"players row 3: has the name 'ANN' of player row 1 {by_fold}",
        f"players row 5: has the name 'éMILE' of player row 4 {by_fold}",
    ]


def test_a_damaged_replay_cache_row_is_ignored_and_rebuilt(
    gintally: Callable[..., Run], season: Path
) -> None:
    shown = gintally("show", "--json").stdout
    tamper(season, "UPDATE replay_marks SET cut_date = '2o25-01-08'")
    code, problems = checked(gintally, season)
    assert (code, problems) == (
        1,
        ["replay_marks row 1: holds cut_date '2o25-01-08' (a cache: it is ignored)"],
    )
    assert gintally("show", "--json").stdout == shown  # replayed whole meanwhile
    assert gintally("knock", "Bob", "2", "--vs", "9", "--date", "2025-02-02").code == 0
    assert checked(gintally, season) == (0, [])  # the next write rebuilt it
    assert rows(season, "SELECT cut_date FROM replay_marks") != [("2o25-01-08",)]


def test_a_wrong_but_readable_replay_cache_row_is_caught_by_its_checksum(
    gintally: Callable[..., Run], season: Path
) -> None:
    """A cached quiet point that parses but lies (999 games numbered) no longer matches its
    checksum: every command ignores it (the scores shown are the full replay's), `check` names
    it, and the next write rebuilds it."""
    shown = gintally("show", "--json").stdout
    tamper(season, "UPDATE replay_marks SET games = 999")
    assert gintally("show", "--json").stdout == shown
    code, problems = checked(gintally, season)
    assert (code, problems) == (
        1,
        [
            "replay_marks row 1: holds values that do not match its checksum "
            "(a cache: it is ignored)"
        ],
    )
    assert gintally("knock", "Bob", "2", "--vs", "9", "--date", "2025-02-02").code == 0
    assert checked(gintally, season) == (0, [])
    assert rows(season, "SELECT games FROM replay_marks") != [(999,)]


def test_a_wrong_replay_cache_row_with_a_good_checksum_is_found_and_dropped(
    gintally: Callable[..., Run], season: Path
) -> None:
    """Should a lying row carry a checksum that fits (written by a faulty gintally, say), check
    replays from it and in full, finds them different, and drops the row (a cache; a fact is
    never touched)."""
    from gintally.ledger import marks

    shown = gintally("show", "--json").stdout
    conn = sqlite3.connect(season)
    conn.row_factory = sqlite3.Row
    row = conn.execute("SELECT * FROM replay_marks").fetchone()
    values = [row[c] for c in marks.MARK_VALUES]
    values[marks.MARK_VALUES.index("games")] = 999
    conn.execute(
        "UPDATE replay_marks SET games = 999, digest = ?",
        [marks.mark_digest(row["match_id"], values)],
    )
    conn.commit()
    conn.close()
    code, problems = checked(gintally, season)
    assert (code, problems) == (
        1,
        [
            "replay_marks row 1: the cached quiet point of match 'Kitchen' disagrees with a "
            "full replay (removed: the next command rebuilds it)"
        ],
    )
    assert rows(season, "SELECT count(*) FROM replay_marks") == [(0,)]
    assert checked(gintally, season) == (0, [])
    assert gintally("show", "--json").stdout == shown


@pytest.mark.parametrize(
    "change",
    [
        # an early hand's count and points (a result that contradicts its count is damage)
        "UPDATE hands SET defender_deadwood = 61, points = 60 WHERE number = 3",
        "UPDATE hands SET date = '2025-01-01' WHERE number = 41",  # a hand moved back
        "DELETE FROM hands WHERE number = 2",
        "UPDATE matches SET rules = replace(rules, '\"target\": 100', '\"target\": 150')",
        "INSERT INTO corrections(hand_id, action, reason, created_at) "
        "SELECT hand_id, 'void', 'x', 't' FROM hands WHERE number = 5",
    ],
    ids=["points", "date", "deleted", "rules", "voided"],
)
def test_a_fact_changed_by_another_tool_drops_the_replay_cache(
    gintally: Callable[..., Run], season: Path, change: str
) -> None:
    """gintally only appends facts; another program that changes or deletes one in place fires
    a trigger that drops the match's cached quiet point in the same statement (an insert is
    caught by the cache's own rows-seen check). Either way the next command shows what a
    full replay of the changed ledger shows."""
    tamper(season, change)
    if not change.startswith("INSERT"):
        assert rows(season, "SELECT count(*) FROM replay_marks") == [(0,)]
    shown = json.loads(gintally("show", "--json").stdout)
    fresh = season.with_name("fresh.db")
    tamper(season, f"VACUUM INTO '{fresh}'")
    tamper(fresh, "DELETE FROM replay_marks")  # no cache at all: a full replay
    assert json.loads(gintally("--db", str(fresh), "show", "--json").stdout) == shown
