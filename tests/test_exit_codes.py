"""The exit code tells whether the ledger changed (SPEC section 5, issue 13).

Once a change is committed the installed command exits 0, even when its confirmation cannot be
printed: stdout closed, stdout full (/dev/full), a broken pipe, an encoding that cannot show a
name (``PYTHONIOENCODING=ascii``, the C locale without coercion). What cannot be encoded is
written another way (suits as letters, names escaped), never a failure. A command that exits
non-zero has changed nothing; a read that cannot print fails with exit 1 and one line.

Ctrl-C: exit 130 and one line, no traceback, from the moment gintally's code starts; a command
interrupted after its commit exits 0. Signals are sent at seeded moments to real processes,
from the moment they have loaded gintally.cli (a pipe tells the test), spread over the rest of
their work; ``FAULT_SCALE=N`` runs N times as many (a deeper run by hand).

Every process here is the installed console script (``gintally`` beside this Python), or for
the seeded moments the same script as pip writes it with that one line more
(`test_ctrl_c_early.WRAPPER`).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_ctrl_c_early import WRAPPER

import gintally
from conftest import Run
from gintally.cli import process

GINTALLY = Path(sys.executable).parent / "gintally"
PACKAGE = str(Path(gintally.__file__).resolve().parent) + os.sep
SCALE = float(os.environ.get("FAULT_SCALE", "1"))
INTERRUPTED = "Error: interrupted (nothing was changed)\n"


def scaled(n: int) -> int:
    return max(1, int(n * SCALE))


def table(db: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db, timeout=30)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def count(db: Path, sql: str) -> int:
    value = table(db, sql)[0][0]
    assert isinstance(value, int)
    return value


def facts(db: Path) -> tuple[object, ...]:
    """Everything a command can change (the replay-mark cache aside)."""
    return tuple(
        tuple(table(db, f"SELECT * FROM {name} ORDER BY 1"))
        for name in ("players", "matches", "hands", "corrections", "settings")
    )


def base_env(db: Path) -> dict[str, str]:
    env = {**os.environ, "GINTALLY_DB": str(db), "COLUMNS": "80", "NO_COLOR": "1"}
    env.pop("GINTALLY_DEBUG", None)
    return env


@dataclass
class Done:
    code: int
    stdout: bytes
    stderr: str


# --- the ways stdout can fail ---------------------------------------------------------------------

OUTPUTS = ("closed", "full", "broken-pipe", "ascii", "c-locale")


def run_with_output(db: Path, args: list[str], output: str, cwd: Path) -> Done:
    """The installed command with its stdout in the state `output` names."""
    env = base_env(db)
    argv = [str(GINTALLY), *args]
    stdout: int | None = subprocess.PIPE
    read_end = None
    if output == "closed":
        argv = ["/bin/sh", "-c", 'exec "$0" "$@" >&-', *argv]
    elif output == "full":
        stdout = os.open("/dev/full", os.O_WRONLY)
    elif output == "broken-pipe":
        read_end, stdout = os.pipe()
        os.close(read_end)  # nobody will read: every write fails with EPIPE
    elif output == "ascii":
        env["PYTHONIOENCODING"] = "ascii"
    elif output == "c-locale":
        for key in ("LANG", "LANGUAGE", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8"):
            env.pop(key, None)
        env.update(LC_ALL="C", PYTHONCOERCECLOCALE="0")
    try:
        proc = subprocess.run(
            argv, stdout=stdout, stderr=subprocess.PIPE, env=env, cwd=cwd, timeout=120
        )
    finally:
        if isinstance(stdout, int) and stdout != subprocess.PIPE:
            os.close(stdout)
    return Done(proc.returncode, proc.stdout or b"", proc.stderr.decode("utf-8", "replace"))


@pytest.fixture(scope="module")
def accented_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ledger whose names ASCII cannot show: match Été, Émile v Zoë, three hands (built once,
    copied for each test: creating a ledger is most of a fast test's time)."""
    from typer.testing import CliRunner

    from gintally.cli import app

    db = tmp_path_factory.mktemp("accented") / "ledger.db"
    runner = CliRunner()

    def run(*args: str) -> None:
        result = runner.invoke(app, list(args), env={"GINTALLY_DB": str(db)})
        assert result.exit_code == 0, result.output

    run("match", "new", "Été", "--players", "Émile", "Zoë")
    for vs in ("20", "25", "30"):
        run("knock", "Émile", "5", "--vs", vs, "--date", "2025-01-02")
    assert not db.with_name("ledger.db-wal").exists()  # one file holds all of it
    return db


@pytest.fixture
def accented(accented_template: Path, db_path: Path) -> Path:
    """A fresh copy of `accented_template` at the ledger path this test's commands use."""
    shutil.copyfile(accented_template, db_path)
    return db_path


# Each write command, and how to see that its change landed.
WRITES: dict[str, tuple[list[str], Callable[[Path], object]]] = {
    "knock": (
        ["knock", "Zoë", "4", "--vs", "21", "--upcard", "A♠", "--note", "café"],
        lambda db: count(db, "SELECT count(*) FROM hands"),
    ),
    "gin": (["gin", "Émile", "--vs", "12"], lambda db: count(db, "SELECT count(*) FROM hands")),
    "import": (["import", "{csv}"], lambda db: count(db, "SELECT count(*) FROM hands")),
    "void": (["void", "2"], lambda db: count(db, "SELECT count(*) FROM corrections")),
    "edit": (["edit", "2", "--vs", "40"], lambda db: count(db, "SELECT count(*) FROM hands")),
    "undo": (["undo"], lambda db: count(db, "SELECT count(*) FROM corrections")),
    "match new": (
        ["match", "new", "Noël", "--players", "Émile", "Zoë", "--format", "hollywood"],
        lambda db: count(db, "SELECT count(*) FROM matches"),
    ),
    "match rename": (
        ["match", "rename", "Été", "Hiver"],
        lambda db: table(db, "SELECT name FROM matches"),
    ),
    "match use": (
        ["match", "use", "Été"],
        lambda db: table(db, "SELECT value FROM settings WHERE key = 'current_match'"),
    ),
    "player rename": (
        ["player", "rename", "Zoë", "Zoé"],
        lambda db: table(db, "SELECT name FROM players ORDER BY id"),
    ),
}


def prepare(gintally: Callable[..., Run], db: Path, tmp_path: Path, command: str) -> list[str]:
    """The arguments of `command` on the `accented` ledger, with what it needs in place."""
    csv = tmp_path / "hands.csv"
    csv.write_text("date,kind,winner,points\n2025-01-03,gin,Zoë,31\n", encoding="utf-8")
    if command == "match use":  # make another match current, so choosing Été is a change
        assert gintally("match", "new", "Autre", "--players", "Émile", "Zoë").code == 0
    return [a.replace("{csv}", str(csv)) for a in WRITES[command][0]]


def unwritable(kind: str) -> tuple[io.TextIOBase, io.BytesIO | None]:
    """An in-process stand-in for a stdout that fails the way a real one does, and where what
    reached it can be read (the real processes: `test_a_committed_change_exits_0_in_a_real_...`).
    """
    if kind == "closed":
        return process.ClosedStream("output"), None
    if kind == "full":
        return open("/dev/full", "w", encoding="utf-8"), None
    if kind == "broken-pipe":
        read_end, write_end = os.pipe()
        os.close(read_end)  # every write fails with EPIPE (Python ignores SIGPIPE)
        return open(write_end, "w", encoding="utf-8"), None
    assert kind == "ascii"  # what `process.take_over` makes of an ASCII stdout
    captured = io.BytesIO()
    wrapper = io.TextIOWrapper(captured, encoding="ascii", errors=process.FALLBACK_ERRORS)
    return wrapper, captured


def run_in_process(args: list[str], kind: str) -> tuple[int, bytes, str]:
    """The command line in this process (`GintallyGroup.main`, the edge that decides the exit
    code) with stdout in the state `kind` names: (exit code, what reached stdout, stderr)."""
    from gintally.cli import app

    stderr = io.StringIO()
    stream, captured = unwritable(kind)
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(sys, "stdout", stream)
            mp.setattr(sys, "stderr", stderr)
            code = app(args, prog_name="gintally", standalone_mode=False)
        printed = captured.getvalue() if captured is not None else b""
    finally:
        with contextlib.suppress(OSError):
            stream.close()
    assert isinstance(code, int)
    return code, printed, stderr.getvalue()


@pytest.mark.parametrize("output", ["closed", "full", "broken-pipe", "ascii"])
@pytest.mark.parametrize("command", sorted(WRITES))
def test_a_committed_change_exits_0_whatever_happens_to_its_output(
    gintally: Callable[..., Run],
    accented: Path,
    tmp_path: Path,
    command: str,
    output: str,
) -> None:
    args = prepare(gintally, accented, tmp_path, command)
    seen = WRITES[command][1]
    before = seen(accented)
    code, printed, stderr = run_in_process(args, output)
    assert code == 0, stderr
    assert seen(accented) != before, "the command exited 0 but changed nothing"
    if output == "ascii":
        assert stderr == ""
        assert printed.decode("ascii").strip()  # all of it ASCII, and something was said
    else:
        assert stderr.startswith("Warning: the change was saved, but its confirmation"), stderr
        assert len(stderr.splitlines()) == 1, stderr


# One real process per way stdout can fail, each on another command (the in-process matrix
# above covers every pair; these check what only a real process has: descriptors, locale).
REAL = {
    "closed": "knock",
    "full": "edit",
    "broken-pipe": "undo",
    "ascii": "import",
    "c-locale": "player rename",
}


@pytest.mark.slow
@pytest.mark.parametrize("output", OUTPUTS)
def test_a_committed_change_exits_0_in_a_real_process(
    gintally: Callable[..., Run], accented: Path, tmp_path: Path, output: str
) -> None:
    command = REAL[output]
    args = prepare(gintally, accented, tmp_path, command)
    seen = WRITES[command][1]
    before = seen(accented)
    done = run_with_output(accented, args, output, tmp_path)
    assert done.code == 0, done.stderr
    assert seen(accented) != before, "the command exited 0 but changed nothing"
    assert "Traceback" not in done.stderr
    if output in ("closed", "full", "broken-pipe"):
        assert done.stderr.startswith("Warning: the change was saved, but its confirmation")
        assert len(done.stderr.splitlines()) == 1, done.stderr
    else:
        assert done.stderr == ""
        done.stdout.decode("ascii" if output == "ascii" else "utf-8")  # what it can show
        assert done.stdout.strip()


@pytest.mark.slow
def test_ascii_output_writes_names_escaped_and_suits_as_letters(
    accented: Path, tmp_path: Path
) -> None:
    done = run_with_output(
        accented, ["knock", "Zoë", "4", "--vs", "21", "--note", "♠ café"], "ascii", tmp_path
    )
    assert done.code == 0, done.stderr
    text = done.stdout.decode("ascii")
    # Hand 4: Zoë knocks with 4, Émile has 21: 21 - 4 = 17 to Zoë.
    first_line = "Hand 4: Zo\\xeb knocks with 4, \\xc9mile has 21: Zo\\xeb +17"
    assert text.splitlines()[0] == first_line
    shown = run_with_output(accented, ["show"], "ascii", tmp_path)
    assert shown.code == 0, shown.stderr
    sheet = shown.stdout.decode("ascii")
    assert "\\xc9t\\xe9: \\xc9mile vs Zo\\xeb\nsingle, rules modern" in sheet
    lines = [line for line in sheet.splitlines() if line.startswith("|")]
    assert lines and len({len(line) for line in lines}) == 1, "the table is not aligned:\n" + sheet
    listed = run_with_output(accented, ["hands", "--json"], "ascii", tmp_path)
    doc = json.loads(listed.stdout.decode("utf-8"))  # data on stdout is UTF-8 whatever the console
    assert doc["hands"][-1]["winner"] == "Zoë"
    bad = run_with_output(accented, ["eval", "A♠ 2H 3H 4S 5S 6S 7D 8D 9D X"], "ascii", tmp_path)
    assert bad.code == 2
    assert bad.stderr.startswith("Error: ") and "♠" not in bad.stderr
    assert "suit S H D C" in bad.stderr


@pytest.mark.slow
@pytest.mark.parametrize("output", ["closed", "full"])
def test_a_read_that_cannot_print_fails_and_changes_nothing(
    accented: Path, tmp_path: Path, output: str
) -> None:
    before = facts(accented)
    done = run_with_output(accented, ["show"], output, tmp_path)
    assert done.code == 1
    assert done.stderr.startswith("Error: cannot write the output: "), done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert facts(accented) == before


@pytest.mark.slow
def test_a_refused_command_with_stdout_closed_exits_2_and_changes_nothing(
    accented: Path, tmp_path: Path
) -> None:
    before = facts(accented)
    done = run_with_output(accented, ["knock", "Zoë", "40", "--vs", "3"], "closed", tmp_path)
    assert done.code == 2
    assert done.stderr.startswith("Error: ") and len(done.stderr.splitlines()) == 1
    assert facts(accented) == before


@pytest.mark.slow
def test_a_broken_pipe_on_a_read_is_quiet(accented: Path, tmp_path: Path) -> None:
    done = run_with_output(accented, ["hands"], "broken-pipe", tmp_path)
    assert done.code == 141  # as a shell shows for a writer ended by SIGPIPE (yes | head -1)
    assert done.stderr == ""


# --- Ctrl-C ---------------------------------------------------------------------------------------


def start(
    db: Path, args: list[str], stdout: int | None = subprocess.PIPE
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(GINTALLY), *args], stdout=stdout, stderr=subprocess.PIPE, env=base_env(db)
    )


def start_ready(db: Path, args: list[str], script: Path) -> subprocess.Popen[bytes]:
    """The console script as pip writes it (`script`: `test_ctrl_c_early.WRAPPER`), returned
    once it has imported gintally.cli, gintally's first code (Ctrl-C is gintally's from there
    on; before it, Python's start-up is Python's, which `classify` describes)."""
    ready, tell = os.pipe()
    try:
        proc = subprocess.Popen(
            [sys.executable, str(script), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**base_env(db), "GINTALLY_TEST_READY": str(tell)},
            pass_fds=(tell,),
        )
        os.close(tell)
        assert os.read(ready, 1) == b".", "the command ended before it had loaded gintally.cli"
    finally:
        os.close(ready)
    return proc


def gintally_frames(stderr: str) -> list[str]:
    """Traceback lines that point into the gintally package."""
    return [line for line in stderr.splitlines() if PACKAGE in line]


@dataclass
class Outcome:
    kind: str  # "interrupted", "done", "before-start"
    code: int
    stderr: str


def classify(code: int, stderr: str) -> Outcome:
    """What one interrupted process did. Before gintally's code runs, Python itself handles the
    signal (death by SIGINT, or a traceback from Python's start-up; a KeyboardInterrupt while
    site reads the editable install's .pth leaves gintally unimportable): never a gintally
    frame, and the ledger unchanged (the caller checks)."""
    if code == 130:
        assert stderr == INTERRUPTED, stderr
        return Outcome("interrupted", code, stderr)
    if code == 0:
        assert "Traceback" not in stderr, stderr
        return Outcome("done", code, stderr)
    assert not gintally_frames(stderr), stderr
    # Python's start-up met the signal (its own handler not yet installed, or a traceback that
    # ends in KeyboardInterrupt from the site module or the console script's first import)
    assert code == -signal.SIGINT or "KeyboardInterrupt" in stderr, (code, stderr)
    return Outcome("before-start", code, stderr)


def interrupt_at_seeded_moments(
    db: Path,
    args: Callable[[int], list[str]],
    trials: int,
    seed: int,
    changes: Callable[[], int],
    script: Path,
) -> Counter[str]:
    """Run the command `trials` times, each sent SIGINT at a seeded moment of its work: from
    the moment gintally's code runs (`start_ready`), one moment in each slice of the work's
    duration (and a little after it), as measured on the runs that were not interrupted (the
    shortest: a loaded machine makes some runs longer). Each is interrupted (130, one line) or
    done (0); the ledger changed exactly once per exit 0. Waiting for gintally's code to run,
    rather than guessing how long Python takes to start, keeps every moment in the command's
    own work however loaded the machine is."""
    rng = random.Random(seed)
    first = start_ready(db, args(0), script)
    began = time.perf_counter()
    _, err = first.communicate(timeout=120)
    duration = time.perf_counter() - began
    assert first.returncode == 0, err
    kinds: Counter[str] = Counter()
    expected = changes()
    for i in range(1, trials + 1):
        proc = start_ready(db, args(i), script)
        began = time.perf_counter()
        time.sleep(duration * 1.2 * (i - 1 + rng.random()) / trials)
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        else:  # it ended first: a run of the whole work
            duration = min(duration, time.perf_counter() - began)
        _, err = proc.communicate(timeout=120)
        outcome = classify(proc.returncode, err.decode("utf-8", "replace"))
        assert outcome.kind in ("interrupted", "done"), (i, args(i), outcome)
        kinds[outcome.kind] += 1
        if outcome.kind == "done":
            expected += 1
        assert changes() == expected, (i, args(i), outcome, table(db, "SELECT * FROM corrections"))
    print(f"{args(0)[0]} takes {duration:.3f}s once loaded; outcomes: {dict(kinds)}")
    return kinds


@pytest.fixture
def script(tmp_path: Path) -> Path:
    """The console script with the line that tells the test it has loaded gintally.cli."""
    path = tmp_path / "gintally"
    path.write_text(WRAPPER, encoding="utf-8")
    return path


@pytest.mark.slow
def test_ctrl_c_on_knock_at_seeded_moments(
    gintally: Callable[..., Run], db_path: Path, script: Path
) -> None:
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    interrupt_at_seeded_moments(
        db_path,
        lambda i: ["knock", "Ann", str(1 + i % 9), "--vs", "30", "--note", f"try {i}"],
        scaled(4),
        seed=13,
        changes=lambda: count(db_path, "SELECT count(*) FROM hands"),
        script=script,
    )


@pytest.mark.slow
def test_ctrl_c_on_corrections_at_seeded_moments(
    gintally: Callable[..., Run], db_path: Path, script: Path
) -> None:
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    for i in range(scaled(6) + 2):
        assert gintally("knock", "Ann", "5", "--vs", str(20 + i % 60)).code == 0

    def args(i: int) -> list[str]:
        return ["undo"] if i % 2 else ["edit", "1", "--vs", str(40 + i % 50)]

    interrupt_at_seeded_moments(
        db_path,
        args,
        scaled(6),
        seed=31,
        changes=lambda: count(db_path, "SELECT count(*) FROM corrections"),  # one per edit, undo
        script=script,
    )


@pytest.mark.slow
def test_ctrl_c_during_an_import_imports_all_or_nothing(
    gintally: Callable[..., Run], db_path: Path, tmp_path: Path, script: Path
) -> None:
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    rows = ["date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood"]
    rows += [f"2025-01-{1 + i % 28:02d},knock,Ann,{20 - 3},Ann,3,20" for i in range(1500)]
    csv = tmp_path / "many.csv"
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    before = count(db_path, "SELECT count(*) FROM hands")
    interrupt_at_seeded_moments(
        db_path,
        lambda i: ["import", str(csv), "--force"],  # the same file each time: not a duplicate slip
        scaled(3),
        seed=7,
        changes=lambda: (count(db_path, "SELECT count(*) FROM hands") - before) // 1500,
        script=script,
    )


@pytest.mark.slow
def test_ctrl_c_while_waiting_for_the_lock_changes_nothing(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    """Deterministic: the command waits for a write lock another program holds; Ctrl-C comes;
    the lock is released. The hand is not recorded and the command says so with exit 130."""
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    before = facts(db_path)
    holder = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    try:
        proc = start(db_path, ["knock", "Ann", "5", "--vs", "20"])
        told = first_line(proc)  # issue 12's notice: it has loaded and waits for the lock
        proc.send_signal(signal.SIGINT)
        wait_for(lambda: delivered(proc.pid, signal.SIGINT))  # before the lock is free
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    _, err = proc.communicate(timeout=60)
    *notice, last = (told + err).decode().splitlines(keepends=True)
    assert (proc.returncode, last) == (130, INTERRUPTED)
    assert notice and all(n.startswith("waiting for another gintally") for n in notice)
    assert facts(db_path) == before


def first_line(proc: subprocess.Popen[bytes], seconds: float = 120) -> bytes:
    """The first line the process writes on stderr (read as it comes: no guessing how long a
    loaded machine takes to get there)."""
    assert proc.stderr is not None
    fd, line = proc.stderr.fileno(), b""
    deadline = time.monotonic() + seconds
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        assert left > 0, f"no line in {seconds} s: {line!r}"
        if select.select([fd], [], [], left)[0]:
            byte = os.read(fd, 1)
            assert byte, f"the process ended first: {line!r}"
            line += byte
    return line


def full_pipe() -> tuple[int, int]:
    """A pipe whose buffer is already full: a write to it blocks until the test reads."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        while True:
            os.write(write_end, b"x" * 4096)
    except BlockingIOError:
        pass
    os.set_blocking(write_end, True)
    return read_end, write_end


def drain(read_end: int) -> bytes:
    chunks = []
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def pending_signals(pid: int) -> int:
    """The signals sent to the process and not yet delivered (Linux's /proc tells)."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    masks = [int(line.split()[1], 16) for line in status if line.startswith(("SigPnd", "ShdPnd"))]
    assert len(masks) == 2, status
    return masks[0] | masks[1]


def delivered(pid: int, signum: int) -> bool:
    """True once `signum` sent to the process has been delivered: Python's handler is due, and
    runs before the process's next line of Python."""
    return not pending_signals(pid) & (1 << (signum - 1))


def blocked_writing(pid: int) -> bool:
    """True while the process sleeps in a write to a full pipe, with no signal waiting for it
    (so any sent before has been handled and the write taken up again)."""
    wchan = Path(f"/proc/{pid}/wchan").read_text()
    return "pipe" in wchan and not pending_signals(pid)


def wait_for(condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@pytest.mark.slow
@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_after_the_commit_exits_0(
    gintally: Callable[..., Run], db_path: Path, presses: int
) -> None:
    """Deterministic: the hand is committed and the command is blocked printing its
    confirmation (stdout is a full pipe) when Ctrl-C comes. One press: the confirmation still
    comes out and the command exits 0. A second press ends it at once, still with exit 0."""
    assert gintally("match", "new", "Kitchen", "--players", "Ann", "Bob").code == 0
    read_end, write_end = full_pipe()
    try:
        proc = start(db_path, ["knock", "Ann", "5", "--vs", "20"], stdout=write_end)
        os.close(write_end)
        wait_for(lambda: count(db_path, "SELECT count(*) FROM hands") == 1)
        wait_for(lambda: blocked_writing(proc.pid))  # its confirmation, to the full pipe
        for press in range(presses):
            proc.send_signal(signal.SIGINT)
            if press < presses - 1:  # handled (and writing again) before the next one
                wait_for(lambda: blocked_writing(proc.pid))
        reader: list[bytes] = []
        thread = threading.Thread(target=lambda: reader.append(drain(read_end)))
        thread.start()
        proc.wait(timeout=60)
        thread.join(timeout=60)
    finally:
        os.close(read_end)
    assert proc.returncode == 0
    assert proc.stderr is not None and proc.stderr.read() == b""
    printed = reader[0].lstrip(b"x")
    if presses == 1:
        assert printed.startswith(b"Hand 1: Ann knocks with 5, Bob has 20: Ann +15")
    assert count(db_path, "SELECT count(*) FROM hands") == 1


def test_the_console_script_takes_over_ctrl_c_before_anything_heavy(tmp_path: Path) -> None:
    """What runs before the Ctrl-C handler is installed is the package's two bare __init__
    modules: neither loads Typer, Click, Rich, Textual, SQLite or the ledger."""
    heavy = ["typer", "click", "rich", "textual", "sqlite3", "sqlite_utils", "gintally.ledger"]
    probe = (
        "import sys, signal\n"
        "handler = signal.getsignal(signal.SIGINT)\n"
        "import gintally.cli\n"
        f"print(' '.join(m for m in {heavy!r} if m in sys.modules))\n"
        "print(signal.getsignal(signal.SIGINT) is handler)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert done.stdout.splitlines()[0] == ""  # none of them
    # importing the package does not touch Ctrl-C (whatever the handler was: a job started in
    # the background of a script starts with Ctrl-C ignored); main() does
    assert done.stdout.splitlines()[1] == "True"


def test_ctrl_c_handling_in_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The handler's rules, step by step (`process.on_ctrl_c`): before a change, Ctrl-C ends
    the process with 130; during a COMMIT it waits; a COMMIT that lands keeps it waiting (exit 0
    later, or at once on a second press); one that fails delivers it as KeyboardInterrupt."""
    from gintally import commits
    from gintally.cli import process

    exits: list[int] = []
    monkeypatch.setattr(process, "_exit", exits.append)
    monkeypatch.setattr(process, "report_interrupted", lambda: process.INTERRUPTED)
    commits.reset()
    process._State.final_code = None
    process.on_ctrl_c(signal.SIGINT, None)
    assert exits == [130]
    with commits.committing():
        process.on_ctrl_c(signal.SIGINT, None)  # waits
        assert commits.Commits.pending
    assert commits.changed() and exits == [130]
    commits.Commits.pending = False
    process.on_ctrl_c(signal.SIGINT, None)  # after the change: remembered
    assert commits.Commits.pending and exits == [130]
    process.on_ctrl_c(signal.SIGINT, None)  # a second press: exit 0 now
    assert exits == [130, 0]
    commits.reset()
    with pytest.raises(KeyboardInterrupt), commits.committing():
        process.on_ctrl_c(signal.SIGINT, None)
        raise sqlite3.OperationalError("disk I/O error")  # the COMMIT failed
    assert not commits.changed() and exits == [130, 0]
    commits.reset()
