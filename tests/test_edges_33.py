"""Issue 33 item 7's edges: file names whose bytes are not UTF-8, a merged file whose match
rules or hand extras do not read, whole numbers of thousands of digits in an import, `play`
whose terminal goes away, `play --plain` fed a line without end, and Ctrl-C early in start-up.
Each is a one-line refusal (exit 2) naming what is wrong and where, or it just works; never
"unexpected", never a traceback, and nothing written by a refusal."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gintally.early
from gintally.cli import app

NOT_UTF8 = sys.platform != "win32" and sys.getfilesystemencoding() == "utf-8"


def script(db: Path, *args: str) -> str:
    """The console script run as a person runs it (its streams set up by `gintally.cli.main`):
    its output, exit 0 asserted."""
    done = subprocess.run(
        [sys.executable, "-m", "gintally", "--db", db, *args],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "GINTALLY_DEBUG": "1"},
    )
    out = (done.stdout + done.stderr).decode("utf-8", "backslashreplace")
    assert done.returncode == 0, (args, out)
    assert "Traceback" not in out and "unexpected" not in out, out
    return out


def run(db: Path, *args: str, stdin: str | None = None) -> tuple[int, str]:
    done = CliRunner().invoke(app, ["--db", str(db), *args], input=stdin)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    return done.exit_code, done.stdout + done.stderr


def ok(db: Path, *args: str) -> str:
    code, out = run(db, *args)
    assert code == 0, (args, out)
    return out


def refused(db: Path, *args: str, stdin: str | None = None) -> str:
    code, out = run(db, *args, stdin=stdin)
    assert code == 2, (args, out)
    assert out.startswith("Error: ") and out.count("\n") == 1, out
    assert "unexpected" not in out and "Traceback" not in out, out
    return out


def hands_of(db: Path) -> object:
    return json.loads(ok(db, "hands", "--all", "--json"))


# --- names that are not UTF-8 ----------------------------------------------------------------


@pytest.mark.skipif(not NOT_UTF8, reason="a POSIX file system that takes any bytes")
def test_paths_whose_bytes_are_not_utf8_just_work(tmp_path: Path) -> None:
    """b'caf\\xe9.db' (Latin-1 on a UTF-8 system) reads as 'caf\\udce9.db' (surrogateescape):
    a ledger, a backup, an import, an export and a merge by such a name work, and the import
    records the file's name with the byte written out."""
    name = os.fsdecode(b"caf\xe9")
    db = tmp_path / f"{name}.db"
    script(db, "match", "new", "M", "-p", "Ann", "Bob")
    script(db, "knock", "Ann", "10", "30")
    assert "no problems found" in script(db, "check")
    backup = tmp_path / f"{name}-backup.db"
    script(db, "backup", str(backup))
    assert os.fsencode(backup.name) in os.listdir(os.fsencode(tmp_path))
    assert hands_of(backup) == hands_of(db)
    exported = tmp_path / f"{name}.csv"
    script(db, "export", "-o", str(exported))
    other = tmp_path / "other.db"
    ok(other, "match", "new", "M", "-p", "Ann", "Bob")
    assert "Imported 1 hand into M" in script(other, "import", str(exported))
    typed = tmp_path / f"{name}-typed.csv"  # a file of its own, no uids: recorded by its name
    typed.write_text("date,kind,winner,points\n2024-01-02,knock,Ann,10\n", encoding="utf-8")
    assert "Imported 1 hand into M" in script(other, "import", str(typed))
    conn = sqlite3.connect(other)
    sources = [r[0] for r in conn.execute("SELECT source FROM imports ORDER BY id")]
    assert sources == ["caf\\xe9.csv", "caf\\xe9-typed.csv"]
    conn.close()
    again = refused(other, "import", str(typed))  # named as it was recorded
    assert "caf\\xe9-typed.csv" in again and "imported into M before" in again
    fresh = tmp_path / f"{name}-merged.db"
    script(fresh, "merge", str(db))
    assert hands_of(fresh) == hands_of(db)
    # no partial file left behind
    assert not [n for n in os.listdir(os.fsencode(tmp_path)) if n.endswith(b".partial")]


# --- a merged file whose rules or extras do not read -----------------------------------------


def damaged_copy(src: Path, dst: Path, sql: str) -> None:
    """A copy of `src` with `sql` run on it by another program (the guards dropped first)."""
    dst.write_bytes(src.read_bytes())
    conn = sqlite3.connect(dst)
    for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'guard_*'"
    ).fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute(sql)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        ("UPDATE matches SET rules = '{bad'", "match 'M': it cannot be read (stored rules"),
        ("UPDATE matches SET rules = '[1, 2]'", "match 'M': it cannot be read (stored rules"),
        ("UPDATE matches SET format = 'nope'", "match 'M': it cannot be read (unknown format"),
        ("UPDATE matches SET season_start = 'x'", "match 'M': it cannot be read (season start"),
        ("UPDATE hands SET extras = '{\"x\":' WHERE id = 1", "hand 1 of M: hands row 1"),
        ("UPDATE hands SET extras = '[1]' WHERE id = 2", "hand 2 of M: hands row 2"),
        (
            "UPDATE hands SET extras = '{\"zz\": 1}' WHERE id = 2",
            "hand 2 of M: hands row 2 (hand 2) holds extras that do not read",
        ),
        (
            'UPDATE hands SET extras = \'{"zz": ' + "9" * 5000 + "}' WHERE id = 2",
            "hand 2 of M: hands row 2 (hand 2) holds extras",
        ),
    ],
)
def test_a_merged_file_whose_rules_or_extras_do_not_read_is_refused_naming_it(
    tmp_path: Path, sql: str, said: str
) -> None:
    base = tmp_path / "base.db"
    ok(base, "match", "new", "M", "-p", "Ann", "Bob")
    ok(base, "knock", "Ann", "10", "30")
    ok(base, "knock", "Bob", "5", "20")
    other = tmp_path / "other.db"
    damaged_copy(base, other, sql)
    db = tmp_path / "new.db"  # into a new ledger: every row read as this ledger reads one
    out = refused(db, "merge", str(other))
    assert f"other.db, {said}" in out and "nothing was merged" in out, out
    assert "check" not in out  # the other file is at fault, not this ledger
    # into a ledger that has these hands: a match is read before it is compared; a hand here
    # is compared by its facts (extras that do not read differ: a conflict, naming the file;
    # a key the other side alone has is no difference), and nothing that does not read lands
    db = tmp_path / "copy.db"
    db.write_bytes(base.read_bytes())
    before = hands_of(db)
    code, out = run(db, "merge", str(other))
    if "match 'M'" in said:
        assert code == 2 and f"other.db, {said}" in out, out
    assert code in (0, 2) and out.count("\n") == 1 and "unexpected" not in out, out
    if code == 2:
        assert "other.db" in out and "nothing was merged" in out and "check" not in out, out
    else:
        assert "nothing new" in out, out
    assert hands_of(db) == before
    assert "no problems found" in ok(db, "check")


# --- whole numbers of thousands of digits -----------------------------------------------------

DIGITS = "9" * 5000


@pytest.mark.parametrize(
    ("document", "said"),
    [
        (
            '[{"date": "2024-01-02", "kind": "knock", "winner": "Ann", "points": ' + DIGITS + "}]",
            "row 1 of {name}: its 'points' is a number of 5,000 digits",
        ),
        (
            '{"hands": [{"date": "2024-01-02", "kind": "gin", "winner": "Ann", "points": 25, '
            '"knocker_deadwood": -' + DIGITS + "}]}",
            "row 1 of {name}: its 'knocker_deadwood' is a number of 5,000 digits",
        ),
        (
            '{"match": {"match": "M", "stakes": [{"amount": ' + DIGITS + '}]}, "hands": []}',
            "{name}: its 'amount' is a number of 5,000 digits",
        ),
        (
            '{"hands": [], "payments": [{"uid": "x", "amount": ' + DIGITS + "}]}",
            "payment 1 of {name}: its 'amount' is a number of 5,000 digits",
        ),
    ],
)
def test_a_number_of_thousands_of_digits_is_refused_naming_where_it_is(
    tmp_path: Path, document: str, said: str
) -> None:
    db = tmp_path / "ledger.db"
    ok(db, "match", "new", "M", "-p", "Ann", "Bob")
    ok(db, "knock", "Ann", "10", "30")
    before = hands_of(db)
    path = tmp_path / "big.json"
    path.write_text(document, encoding="utf-8")
    out = refused(db, "import", str(path))
    assert said.format(name="big.json") in out, out
    out = refused(db, "import", "-", stdin=document)
    assert said.format(name="standard input") in out, out
    assert hands_of(db) == before


# --- play when its terminal goes away; --plain's bounded lines ----------------------------------


def new_evening(tmp_path: Path) -> Path:
    db = tmp_path / "ledger.db"
    ok(db, "match", "new", "Kitchen", "-p", "Ann", "Bob")
    ok(db, "knock", "Ann", "8", "18")
    return db


def in_a_terminal(db: Path, *args: str) -> tuple[subprocess.Popen[bytes], int]:
    """`play` on a pseudo-terminal of 100x30 that is not its controlling terminal (so that its
    closing sends no hangup signal), returned once the sheet is drawn, with the terminal's
    other end."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    mine, theirs = pty.openpty()
    fcntl.ioctl(theirs, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "gintally", "--db", str(db), "play", *args],
        stdin=theirs,
        stdout=theirs,
        stderr=theirs,
        env={**os.environ, "TERM": "xterm-256color"},
        start_new_session=True,  # a session of its own, without a controlling terminal
    )
    os.close(theirs)
    seen = b""
    drawn = b"> " if "--plain" in args else b"Knock limit"  # the prompt, or the sheet
    while drawn not in seen and proc.poll() is None:
        ready, _, _ = select.select([mine], [], [], 60)
        assert ready, seen[-500:]
        seen += os.read(mine, 65536)
    return proc, mine


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
@pytest.mark.parametrize("plain", [False, True])
def test_play_ends_when_its_terminal_goes_away_without_a_hangup(
    tmp_path: Path, plain: bool
) -> None:
    """The terminal closed (its window, a dropped connection) while no hangup signal reaches
    `play`: its input is an endless end of file, or EIO. It ends within seconds, without
    spinning, and the ledger is free (the full screen spun at 83% CPU for 49 minutes)."""
    db = new_evening(tmp_path)
    proc, mine = in_a_terminal(db, *(["--plain"] if plain else []))
    os.close(mine)  # the terminal goes away
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("play went on after its terminal went away") from None
    usage = os.wait4(proc.pid, os.WNOHANG) if proc.returncode is None else None
    assert usage is None
    assert proc.returncode == 0
    assert json.loads(ok(db, "knock", "Bob", "5", "20", "--json"))["hand"] == 2


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_play_does_not_spin_once_its_terminal_is_gone(tmp_path: Path) -> None:
    db = new_evening(tmp_path)
    proc, mine = in_a_terminal(db)
    begun = os.times()
    os.close(mine)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    # start-up and the sheet included: a spinning screen burns a second of CPU each second
    assert usage.ru_utime + usage.ru_stime < 15, usage
    assert os.times().elapsed - begun.elapsed < 20


def test_plain_refuses_a_line_over_64_kib_without_holding_it(tmp_path: Path) -> None:
    """A line of 40 MB without a newline among hands: refused in one line naming it, skipped
    a piece at a time (the process stays small), the lines around it done."""
    db = new_evening(tmp_path)
    script = b"k bob 5 20\n" + b"x" * 40_000_000 + b"\nk ann 3 30\n"
    done = subprocess.run(
        [sys.executable, "-m", "gintally", "--db", str(db), "play", "--plain"],
        input=script,
        capture_output=True,
    )
    err = done.stderr.decode()
    assert done.returncode == 0, err
    assert err.splitlines() == [
        "Error: line 2 is longer than 65,536 characters (a hand is a short line): skipped",
        "Warning: 1 of 3 lines refused (line 2); the others were done",
    ]
    hands = json.loads(ok(db, "hands", "--all", "--json"))
    assert [(h["hand"], h["winner"]) for h in hands["hands"]] == [
        (1, "Ann"),
        (2, "Bob"),
        (3, "Ann"),
    ]


def test_plain_keeps_a_line_of_exactly_64_kib(tmp_path: Path) -> None:
    db = new_evening(tmp_path)
    note = "n" * (64 * 1024 - len("k bob 5 20 --note ''"))
    line = f"k bob 5 20 --note '{note}'"
    assert len(line) == 64 * 1024
    _, out = run(db, "play", "--plain", stdin=line + "\n")
    # the note is too long for a hand (its own limit), but the line was read whole
    assert "longer than 65,536" not in out, out[-300:]


# --- Ctrl-C early in start-up --------------------------------------------------------------------

SITE_READY = """import os
if "GINTALLY_TEST_READY" in os.environ:
    os.write(int(os.environ["GINTALLY_TEST_READY"]), b".")
"""
EARLY_IMPORT = "from gintally.early import take_ctrl_c_early"
FUTURE = "from __future__ import annotations"  # the one statement allowed before it


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child")
def test_ctrl_c_at_random_early_moments_of_python_m_gintally(tmp_path: Path) -> None:
    """``python -m gintally show`` sent SIGINT at a random moment in each of 36 slices of the
    40 ms after Python's site module is done (a sitecustomize says so): runpy finding the
    package, the package taking Ctrl-C over as its first act (`gintally.early`), the command
    loading and showing. Each run is one line and 130, or done (0); a traceback only from
    Python's own start-up (runpy, importlib), never from a line of gintally's past the import
    of the handler itself."""
    import random
    import signal

    from gintally.cli.process import INTERRUPTED_LINE

    # the lines run before the handler is set: the package's own up to its call of
    # `take_ctrl_c_early`, and that function's up to its `signal.signal` (the traceback of a
    # signal met there shows one of them; Python 3.13 shows a function's `def` line when it
    # meets one as the function starts)
    package = Path(gintally.__file__).read_text(encoding="utf-8").splitlines()
    early = Path(gintally.early.__file__).read_text(encoding="utf-8").splitlines()
    call = next(n for n, line in enumerate(package) if line.startswith("take_ctrl_c_early()"))
    taken = next(n for n, line in enumerate(early) if "signal.signal(" in line)
    before_the_handler = {line.strip() for line in package[: call + 1] + early[:taken]} - {""}
    assert {FUTURE, EARLY_IMPORT, "import signal"} <= before_the_handler

    db = new_evening(tmp_path)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(SITE_READY, encoding="utf-8")
    rng = random.Random(33)
    seen: dict[int, int] = {}
    trials = 36
    for i in range(trials):
        ready, tell = os.pipe()
        proc = subprocess.Popen(
            [sys.executable, "-m", "gintally", "--db", str(db), "show"],
            env={
                **os.environ,
                "GINTALLY_TEST_READY": str(tell),
                "PYTHONPATH": str(tmp_path / "site"),
            },
            pass_fds=(tell,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        os.close(tell)
        assert os.read(ready, 1) == b"."
        os.close(ready)
        try:
            proc.wait(timeout=0.04 * (i + rng.random()) / trials)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        text = err.decode("utf-8", "replace")
        seen[proc.returncode] = seen.get(proc.returncode, 0) + 1
        if proc.returncode in (0, 130):
            assert "Traceback" not in text, text
            assert proc.returncode == 0 or text == INTERRUPTED_LINE, text
            continue
        # Python's own start-up met the signal, or the package's first lines, run before the
        # handler is set: each gintally frame of the traceback is one of them
        shown = text.splitlines()
        frames = [i for i, line in enumerate(shown) if f"gintally{os.sep}" in line]
        ends = [shown[i].rpartition(os.sep)[2] for i in frames]
        assert all(e.startswith(('__init__.py"', 'early.py"')) for e in ends), text
        assert all(shown[i + 1].strip() in before_the_handler for i in frames), text
        assert proc.returncode == -signal.SIGINT or "KeyboardInterrupt" in text, text
    assert seen.get(130, 0) > trials // 2, seen
