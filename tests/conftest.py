"""Shared fixtures. No test ever touches a real ledger: GINTALLY_DB points into tmp_path."""

from __future__ import annotations

import atexit
import itertools
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main
import typer.testing
from typer.testing import CliRunner

from gintally.cli import app
from gintally.cli.base import State
from gintally.ledger import Ledger, files


def _share_bytecode_with_child_processes() -> None:
    """Where bytecode may not be written next to the sources (PYTHONDONTWRITEBYTECODE, as CI
    sets it), every `python -m gintally` or probe a test starts from the source tree compiles
    gintally from scratch: about 0.1 CPU-s a process, hundreds of processes a run. So the suite
    gives its processes a cache of their own instead (PYTHONPYCACHEPREFIX), chosen by the first
    pytest process (the xdist controller) and inherited by its workers and their children.
    Nothing is written into the tree, and the code run is the same: Python (and pytest, for the
    test modules it rewrites) checks each cached file against its source's size and time before
    using it. The cache is kept from run to run (`_bytecode_cache`): under a prefix a process
    reads no other bytecode, so a new one for each run had every worker compile all of Python's
    and the test tools' modules it imports, and rewrite every test module, afresh (some 7 CPU-s
    a worker)."""
    if not sys.flags.dont_write_bytecode or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    os.environ["PYTHONPYCACHEPREFIX"] = _bytecode_cache()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def _bytecode_cache() -> str:
    """The user's cache folder for the suite's bytecode (under XDG_CACHE_HOME, else
    ~/.cache), made private to the user; where none can be made, a throwaway one for the run."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    cache = os.path.join(root, "gintally-tests", "pycache")
    try:
        os.makedirs(cache, mode=0o700, exist_ok=True)
        if os.stat(cache).st_uid == os.getuid() and os.access(cache, os.W_OK):
            return cache
    except OSError:
        pass
    throwaway = tempfile.mkdtemp(prefix="gintally-tests-pycache-")
    atexit.register(shutil.rmtree, throwaway, ignore_errors=True)
    return throwaway


_share_bytecode_with_child_processes()


def _shape(app: typer.Typer) -> tuple[object, ...]:
    """What Typer builds a command from: the app's callback, commands and groups (the objects
    themselves, kept alive here, so a changed registration is a different shape)."""
    return (
        app.registered_callback,
        app.info,
        tuple(app.registered_commands),
        tuple(
            (group, group.typer_instance and _shape(group.typer_instance))
            for group in app.registered_groups
        ),
    )


@pytest.fixture(scope="session", autouse=True)
def _each_app_built_once() -> Iterator[None]:
    """Typer builds the Click command of an app (every command's parameters read from its
    function's signature) at each `CliRunner.invoke(app, ...)` and `app(...)`: about 40 ms for
    the whole app, three quarters of an in-process command's time. A real process builds it once
    and runs it once; a test process runs thousands of commands, so here each app is built once
    per shape (`_shape`) and the Click command reused, as a long-lived program would. The
    command run is the same; only the building is not repeated."""
    built: weakref.WeakKeyDictionary[typer.Typer, tuple[tuple[object, ...], object]]
    built = weakref.WeakKeyDictionary()
    build = typer.main.get_command

    def get_command(app: typer.Typer) -> object:
        shape = _shape(app)
        known = built.get(app)
        if known is None or known[0] != shape:
            known = built[app] = (shape, build(app))
        return known[1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(typer.main, "get_command", get_command)
        mp.setattr(typer.testing, "_get_command", get_command)
        yield


def _new_folders(root: Path) -> Iterator[Path]:
    for n in itertools.count():
        folder = root / str(n)
        folder.mkdir()
        yield folder


@pytest.fixture(scope="session")
def _ledger_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A new empty folder at each `next()`, for a test that asks for no `tmp_path`."""
    return _new_folders(tmp_path_factory.mktemp("ledgers"))


@pytest.fixture(autouse=True)
def _isolated_ledger(
    request: pytest.FixtureRequest,
    _ledger_folders: Iterator[Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every test gets its own ledger path, a fixed width, no colour and the C locale.

    The ledger lies in the test's `tmp_path` (as `db_path`) when the test uses that; otherwise in
    a new empty folder of its own, made with one mkdir: pytest numbers each `tmp_path` by
    listing every folder made before it, which costs a test some milliseconds by the end of a
    run, and most tests never look at a folder."""
    if "tmp_path" in request.fixturenames:
        folder: Path = request.getfixturevalue("tmp_path")
    else:
        folder = next(_ledger_folders)
    monkeypatch.setenv("GINTALLY_DB", str(folder / "ledger.db"))
    # a --db read by an earlier in-process command: a test that opens the evening (or any
    # ledger) the command line would without running a command must not find it
    monkeypatch.setattr(State, "db", None)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("GINTALLY_DEBUG", raising=False)
    for name in ("LC_ALL", "LC_MONETARY", "LC_TIME"):  # money and dates as English writes them
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The ledger file the CLI uses in this test."""
    return tmp_path / "ledger.db"


_MIGRATED: list[sqlite3.Connection] = []


def memory_ledger() -> Ledger:
    """An empty in-memory ledger, migrated, as `Ledger.open(":memory:")` makes it (a connection
    of `files.connect`) but copied (SQLite's backup) from one ledger migrated once per test
    process: running every migration costs some 30 ms, a copy well under one. What migrating
    does is tested where it is opened (`Ledger.open`)."""
    if not _MIGRATED:
        _MIGRATED.append(Ledger.open(":memory:").conn)
    conn = files.connect(":memory:")
    _MIGRATED[0].backup(conn)
    return Ledger(conn, ":memory:")


@pytest.fixture
def fresh_db() -> Iterator[Ledger]:
    """An empty in-memory ledger, migrated (`memory_ledger`)."""
    with memory_ledger() as book:
        yield book


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


@pytest.fixture
def gintally() -> Callable[..., Run]:
    """Run the CLI in-process: gintally("knock", "Ann", "8", "--vs", "18") -> Run."""
    runner = CliRunner()

    def run(*args: str) -> Run:
        result = runner.invoke(app, list(args))
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Run(result.exit_code, result.stdout, result.stderr)

    return run


Commands = tuple[tuple[str, ...], ...]


@pytest.fixture(scope="session")
def ledger_from(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Commands, Path], Path]:
    """ledger_from(commands, db_path): a ledger made by running `commands` (each one must
    succeed and say nothing on stderr), built once per test worker and copied to `db_path` for
    each test that asks for it: creating a ledger is most of a fast test's time."""
    built: dict[Commands, Path] = {}
    runner = CliRunner()

    def copy(commands: Commands, db_path: Path) -> Path:
        if commands not in built:
            db = tmp_path_factory.mktemp("template") / "ledger.db"
            env = {"GINTALLY_DB": str(db), "COLUMNS": "100", "NO_COLOR": "1"}
            for args in commands:
                result = runner.invoke(app, list(args), env=env)
                assert (result.exit_code, result.stderr) == (0, ""), (args, result.output)
            assert not db.with_name(db.name + "-wal").exists()  # one file holds all of it
            built[commands] = db
        shutil.copyfile(built[commands], db_path)
        return db_path

    return copy


# --- what a command run must show (the helpers the CLI test files share) -------------------------


def ok(run: Run) -> Run:
    """A command that succeeded and said nothing on stderr."""
    assert run.code == 0, (run.code, run.stdout, run.stderr)
    assert run.stderr == ""
    return run


def as_json(run: Run) -> dict[str, Any]:
    """The JSON document a successful command printed."""
    doc: dict[str, Any] = json.loads(ok(run).stdout)
    return doc


def refused(run: Run, code: int = 2) -> str:
    """A command refused with one `Error:` line and no traceback: its stderr, newline and all."""
    assert run.code == code, (run.code, run.stdout, run.stderr)
    assert run.stderr.startswith("Error: ") and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    return run.stderr


def refused_line(run: Run, code: int = 2) -> str:
    """As `refused`, giving the error line without its newline."""
    return refused(run, code).rstrip("\n")


def facts(gintally: Callable[..., Run]) -> tuple[Any, Any]:
    """What the ledger says through the command line: the hands and the games (`hands --json`
    and `show --json`), compared before and after a refusal to show that nothing was written."""
    return as_json(gintally("hands", "--json"))["hands"], as_json(gintally("show", "--json"))


def told_to_wait(db: Path, args: Sequence[str], let_go: Callable[[], None]) -> tuple[int, str, str]:
    """The installed command run on `db` while the caller holds the ledger: its first line on
    stderr says it waits (SPEC section 9) and it is still waiting; then `let_go` (the caller
    lets the ledger go, having checked what it must while the command waits) and the command
    runs to its end: its exit code, stdout and the rest of its stderr. A watchdog kills it
    after 60 s, so a wait that never ends cannot hang the suite."""
    gintally = Path(sys.executable).parent / "gintally"
    proc = subprocess.Popen(
        [str(gintally), "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    try:
        assert proc.stderr is not None
        said = proc.stderr.readline()  # told while the caller still holds the ledger
        assert said == f"waiting for another gintally to finish writing to {db}...\n"
        assert proc.poll() is None
    finally:
        try:
            let_go()
        finally:
            out, rest = proc.communicate(timeout=60)
            watchdog.cancel()
    return proc.returncode, out, rest
