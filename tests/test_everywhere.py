"""Issue 36, gintally where people are: the ledger's home (the platform's data directory, an
old ledger in the config folder kept working), file systems without hard links, output to
pipes and redirections, terminals, locales and shell completion."""

from __future__ import annotations

import ctypes
import errno
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import gintally
from gintally.cli import app
from gintally.facade import where
from gintally.ledger import files


def run(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"GINTALLY_DEBUG": None, **(env or {})})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def matches_in(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [name for (name,) in conn.execute("SELECT name FROM matches ORDER BY name")]
    finally:
        conn.close()


# --- the ledger's home ---------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder with no XDG variables and no $GINTALLY_DB: the default ledger's rule."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "GINTALLY_DB"):
        monkeypatch.delenv(name, raising=False)
    return folder


NO_DB: dict[str, str | None] = {"GINTALLY_DB": None}


def test_a_new_ledger_goes_to_the_data_directory(home: Path) -> None:
    code, _out, err = run("match", "new", "Fresh", "-p", "Ann", "Bo", env=NO_DB)
    assert (code, err) == (0, "")
    new = home / ".local" / "share" / "gintally" / "ledger.db"
    assert matches_in(new) == ["Fresh"]
    assert not (home / ".config").exists()  # nothing in the config folder
    assert where.default_path() == new
    assert gintally.open().path == new  # the library finds the same ledger


def test_only_the_old_ledger_is_found_and_used_where_it_is(home: Path) -> None:
    old = home / ".config" / "gintally" / "ledger.db"
    old.parent.mkdir(parents=True)
    assert run("--db", str(old), "match", "new", "Old", "-p", "Ann", "Bo")[0] == 0
    code, _out, err = run("match", "new", "Second", "-p", "Cy", "Di", env=NO_DB)
    assert (code, err) == (0, "")
    assert matches_in(old) == ["Old", "Second"]  # the old ledger grows, nothing is split
    assert not (home / ".local").exists()  # and no second ledger appears
    assert where.default_path() == old
    assert where.other_ledger() is None


def test_only_the_new_ledger(home: Path) -> None:
    new = home / ".local" / "share" / "gintally" / "ledger.db"
    new.parent.mkdir(parents=True)
    assert run("--db", str(new), "match", "new", "New", "-p", "Ann", "Bo")[0] == 0
    code, out, err = run("show", env=NO_DB)
    assert (code, err) == (0, "")
    assert "New" in out
    assert where.default_path() == new
    assert where.other_ledger() is None


def test_both_ledgers_the_new_is_used_and_the_old_one_named(home: Path) -> None:
    new = home / ".local" / "share" / "gintally" / "ledger.db"
    old = home / ".config" / "gintally" / "ledger.db"
    for db, name in ((new, "New"), (old, "Old")):
        db.parent.mkdir(parents=True)
        assert run("--db", str(db), "match", "new", name, "-p", "Ann", "Bo")[0] == 0
    code, out, err = run("show", env=NO_DB)
    assert code == 0 and "New" in out and "Old" not in out
    assert err == (
        f"note: using {new}; earlier versions' ledger is still at {old}: "
        f"`gintally merge {old}` joins it, then remove it\n"
    )
    assert (matches_in(new), matches_in(old)) == (["New"], ["Old"])  # neither touched
    # the note's advice works, and then the note goes once the old file is removed
    assert run("merge", str(old), env=NO_DB)[0] == 0
    assert matches_in(new) == ["New", "Old"]
    old.unlink()
    assert run("show", env=NO_DB)[2] == ""
    # --db or $GINTALLY_DB names the ledger: no note
    assert run("--db", str(new), "show", env=NO_DB)[2] == ""


def test_xdg_data_home_is_followed_and_a_relative_one_ignored(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(chosen))
    assert where.default_path() == chosen / "gintally" / "ledger.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG spec: ignored
    assert where.default_path() == home / ".local" / "share" / "gintally" / "ledger.db"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert where.default_path() == home / ".local" / "share" / "gintally" / "ledger.db"


def test_windows_asks_for_local_not_roaming_app_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows the ledger goes to %LOCALAPPDATA%\\gintally: platformdirs is asked for the
    local (not Roaming) folder and no author folder (this machine is not Windows, so the call
    is what is checked)."""
    import platformdirs

    asked: list[tuple[object, ...]] = []

    def user_data_dir(name: str, appauthor: object = None, *, roaming: bool = False) -> str:
        asked.append((name, appauthor, roaming))
        return "/somewhere/gintally"

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert where.data_folder() == "/somewhere/gintally"
    assert asked == [("gintally", False, False)]


# --- file systems without hard links -------------------------------------------------------------

NO_LINKS = ["EPERM", "EACCES", "EOPNOTSUPP", "ENOTSUP", "EXDEV", "EMLINK", "EINVAL", "ENOSYS"]


def links_fail_with(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    code = getattr(errno, name)

    def no_link(src: object, dst: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "link", no_link)


@pytest.mark.parametrize("name", NO_LINKS)
def test_a_ledger_and_its_files_where_hard_links_fail(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FAT stick (or macOS, Windows, a FUSE or network mount): the ledger is created and
    every file is written by a rename, and an existing file is still never overwritten."""
    links_fail_with(monkeypatch, name)
    stick = tmp_path / "stick"
    stick.mkdir()
    db = stick / "ledger.db"
    assert run("--db", str(db), "match", "new", "Trip", "-p", "Ann", "Bo")[0] == 0
    assert run("--db", str(db), "knock", "Ann", "8", "--vs", "18")[0] == 0
    assert matches_in(db) == ["Trip"]
    copy = stick / "copy.db"
    assert run("--db", str(db), "backup", str(copy))[:1] == (0,)
    assert matches_in(copy) == ["Trip"]
    before = copy.read_bytes()
    code, _out, err = run("--db", str(db), "backup", str(copy))
    assert (code, err) == (
        2,
        f"Error: {copy} already exists: choose a new file for the backup, or add --force\n",
    )
    assert copy.read_bytes() == before
    assert sorted(p.name for p in stick.iterdir()) == ["copy.db", "ledger.db"]  # no scratch


def test_another_link_failure_is_reported_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    assert run("match", "new", "Trip", "-p", "Ann", "Bo")[0] == 0
    links_fail_with(monkeypatch, "EIO")  # a failing disk: no rename hides it
    copy = tmp_path / "copy.db"
    code, _out, err = run("backup", str(copy))
    assert (code, err) == (
        1,
        f"Error: cannot write the backup to {copy}: {os.strerror(errno.EIO)}\n",
    )
    assert not copy.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if "copy" in p.name) == []


def test_a_new_ledger_made_meanwhile_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes create one ledger on a stick: the second's rename would replace the
    first's file, so it looks first and uses the file that is there."""
    links_fail_with(monkeypatch, "EPERM")
    db = tmp_path / "ledger.db"
    db.write_bytes(b"theirs")
    with pytest.raises(FileExistsError):
        files.put_new(tmp_path / "mine", db)
    assert db.read_bytes() == b"theirs"


# --- is the process that left a scratch file still there ------------------------------------------


def test_liveness_of_processes() -> None:
    assert files._alive(os.getpid())
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert not files._alive(int(done.stdout))  # ended and reaped


class FakeKernel32:
    """Windows' kernel32 as `_alive_on_windows` calls it: a table of processes by id, each
    with an exit code (259: still active), and the ids it may not open."""

    def __init__(self, codes: dict[int, int], denied: set[int]) -> None:
        self.codes, self.denied, self.error, self.closed = codes, denied, 0, 0

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        if pid in self.denied:
            self.error = 5  # ERROR_ACCESS_DENIED
            return 0
        if pid not in self.codes:
            self.error = 87  # ERROR_INVALID_PARAMETER
            return 0
        return pid

    def GetExitCodeProcess(self, handle: int, out: Any) -> int:  # ctypes.byref(c_ulong)
        ctypes.cast(out, ctypes.POINTER(ctypes.c_ulong))[0] = self.codes[handle]
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.closed += 1
        return 1


def test_liveness_on_windows_asks_open_process_not_kill() -> None:
    kernel = FakeKernel32({10: 259, 11: 0}, denied={12})
    said = [files._alive_on_windows(pid, kernel, lambda: kernel.error) for pid in (10, 11, 12, 13)]
    assert said == [True, False, True, False]  # running, ended, someone else's, no such process
    assert kernel.closed == 2  # every handle opened is closed


# --- standard output: UTF-8 data, a closed pipe, options after the command -----------------------

GINTALLY = Path(sys.executable).parent / "gintally"


def script(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(GINTALLY), *args],
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )


def test_an_export_redirected_on_a_cp1252_console_round_trips(tmp_path: Path) -> None:
    """What Windows gives a redirected stdout (PYTHONIOENCODING=cp1252): the export on stdout
    is UTF-8 bytes all the same, and import reads the file back."""
    db = tmp_path / "cafe.db"
    assert run("--db", str(db), "match", "new", "Café", "-p", "Zoë", "Émile")[0] == 0
    assert run("--db", str(db), "knock", "Zoë", "8", "--vs", "18", "--note", "café ♠")[0] == 0
    done = script("--db", str(db), "export", env={"PYTHONIOENCODING": "cp1252"})
    assert done.returncode == 0, done.stderr
    assert "café ♠".encode() in done.stdout
    exported = tmp_path / "x.csv"
    exported.write_bytes(done.stdout)
    other = tmp_path / "other.db"
    assert run("--db", str(other), "match", "new", "Copy", "-p", "Zoë", "Émile")[0] == 0
    code, _out, err = run("--db", str(other), "import", str(exported))
    assert (code, err) == (0, "")
    code, out, _err = run("--db", str(other), "hands", "--json")
    assert [h["note"] for h in json.loads(out)["hands"]] == ["café ♠"]


def test_a_read_into_a_closed_pipe_ends_quietly_with_141(tmp_path: Path) -> None:
    """`gintally hands --all | head -1`: the reader goes away; the status is the one a shell
    shows for a writer ended by SIGPIPE (128 + 13), and nothing is said."""
    db = tmp_path / "big.db"
    assert run("--db", str(db), "match", "new", "Big", "-p", "Ann", "Bo")[0] == 0
    rows = tmp_path / "rows.csv"
    rows.write_text(
        "date,winner,points\n"
        + "".join(
            f"2025-01-{i % 28 + 1:02d},{'Ann' if i % 2 else 'Bo'},{10 + i % 20}\n"
            for i in range(2000)
        ),
        encoding="utf-8",
    )
    assert run("--db", str(db), "import", str(rows))[0] == 0
    shell = f'{GINTALLY} --db {db} hands --all | head -1; echo "status=${{PIPESTATUS[0]}}"'
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, check=False)
    assert done.stdout.splitlines() == ["Hands of Big, every season (2000 hands)", "status=141"]
    assert done.stderr == ""


@pytest.mark.parametrize(
    "args",
    [
        ("show", "--db", "{db}"),
        ("show", "--db={db}"),
        ("hands", "--json", "--db", "{db}"),
        ("--db", "{db}", "show"),
    ],
)
def test_db_after_the_command_is_the_root_option(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "there.db"
    assert run("--db", str(db), "match", "new", "There", "-p", "Ann", "Bo")[0] == 0
    monkeypatch.setenv("GINTALLY_DB", str(tmp_path / "not-here.db"))
    code, out, err = run(*(a.format(db=db) for a in args))
    assert (code, err) == (0, "")
    assert "There" in out


def test_a_root_option_after_the_command_says_where_it_goes() -> None:
    code, _out, err = run("show", "--version")
    assert (code, err) == (2, "Error: --version goes before the command: gintally --version\n")


def test_json_of_a_streamed_export_or_page_is_refused(db_path: Path) -> None:
    assert run("match", "new", "M", "-p", "Ann", "Bo")[0] == 0
    code, out, err = run("export", "--json")
    assert (code, out) == (2, "")
    assert err == (
        "Error: --json says what export wrote to a file: give --output FILE (the export itself "
        "is on standard output otherwise)\n"
    )
    code, out, err = run("report", "--html", "-", "--json")
    assert (code, out) == (2, "")
    assert err.startswith("Error: --json says what report wrote to a file: name the FILE")


# --- one colour and terminal policy --------------------------------------------------------------


def on_a_terminal(
    args: list[str], env: dict[str, str], keys: tuple[bytes, ...] = (), prompt: bytes = b""
) -> tuple[int, bytes]:
    """A real run on a pseudo-terminal (80x24) with `env`, typing each of `keys` once the
    output has gone quiet (or, given the program's `prompt`, as soon as what it wrote ends
    with its next prompt), then reading until the program ends (however long a busy machine
    makes it take): its exit code and everything it wrote."""
    import pty
    import select

    main, side = pty.openpty()
    process = subprocess.Popen(
        [str(GINTALLY), *args],
        stdin=side,
        stdout=side,
        stderr=side,
        env={**os.environ, "COLUMNS": "80", "LINES": "24", **env},
        close_fds=True,
    )
    os.close(side)
    out = b""
    pending = list(keys)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 1.0)
        if not ready:  # quiet: the program waits for a line, or is still starting
            if pending:
                os.write(main, pending.pop(0))
            elif process.poll() is not None:
                break
            continue
        try:
            data = os.read(main, 65536)
        except OSError:  # the program ended
            break
        if not data:
            break
        out += data
        typed = len(keys) - len(pending)
        if pending and prompt and out.endswith(prompt) and out.count(prompt) > typed:
            os.write(main, pending.pop(0))  # the prompt after each line typed so far
    code = process.wait(timeout=60)
    os.close(main)
    return code, out


@pytest.mark.parametrize(
    ("env", "tty", "expected"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, True, False),
        ({"TERM": "dumb"}, True, False),
        ({"TERM": "dumb", "FORCE_COLOR": "1"}, False, False),
        ({"FORCE_COLOR": "1"}, False, True),
        ({"NO_COLOR": ""}, True, True),  # set but empty: not set (no-color.org)
    ],
)
def test_the_colour_policy(
    env: dict[str, str], tty: bool, expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gintally.cli import chart
    from gintally.cli.render import terminal

    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(os, "isatty", lambda fd: tty)
    assert terminal.colour() is expected
    assert chart.width_and_colour()[1] is expected  # the chart follows the same policy


@pytest.mark.parametrize(
    ("env", "escapes"),
    [({"TERM": "xterm-256color"}, True), ({"TERM": "dumb"}, False), ({"NO_COLOR": "1"}, False)],
)
def test_the_chart_on_a_terminal(env: dict[str, str], escapes: bool, tmp_path: Path) -> None:
    """Colour on a terminal as the policy says, and never a painted panel (no background
    colour: the terminal's own, dark or light, with its own red and green for the lines)."""
    db = tmp_path / "c.db"
    assert run("--db", str(db), "match", "new", "C", "-p", "Ann", "Bo")[0] == 0
    for winner in ("Ann", "Bo", "Ann"):
        assert run("--db", str(db), "score", winner, "120")[0] == 0
    code, out = on_a_terminal(["--db", str(db), "chart"], {"NO_COLOR": "", **env})
    assert code == 0, out
    assert (b"\x1b[" in out) is escapes
    assert b"[48;" not in out and b";48;" not in out  # no background colour anywhere
    if escapes:
        assert b"\x1b[31m" in out or b"\x1b[38;5;1m" in out  # the terminal's own red


def test_play_on_a_dumb_terminal_is_plain_with_history(tmp_path: Path) -> None:
    """TERM=dumb: play falls back to plain lines, and on a terminal those lines have readline's
    editing and history (the up arrow recalls the last line instead of being refused)."""
    db = tmp_path / "p.db"
    assert run("--db", str(db), "match", "new", "P", "-p", "Ann", "Bo")[0] == 0
    keys = (b"k ann 8 18\r", b"\x1b[A\r", b"quit\r")
    code, out = on_a_terminal(["--db", str(db), "play"], {"TERM": "dumb"}, keys, prompt=b"> ")
    text = out.decode()
    assert code == 0, text
    assert "\x1b[?1049h" not in text  # no full screen
    assert "Hand 1: Ann knocks with 8" in text and "Hand 2: Ann knocks with 8" in text
    assert "no command" not in text


def test_a_script_with_a_refused_line_says_so_and_its_code_tells_whether_it_wrote(
    db_path: Path,
) -> None:
    """The exit code tells the truth (SPEC section 5): a script that wrote something exits 0 and
    names its refused lines; a script none of whose lines wrote anything exits 2."""
    assert run("match", "new", "S", "-p", "Ann", "Bo")[0] == 0
    result = CliRunner().invoke(app, ["play", "--plain"], input="k ann 8 18\nk cy 3 4\nshow\n")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[-1] == (
        "Warning: 1 of 3 lines refused (line 2); the others were done"
    )
    assert matches_in(db_path) == ["S"]
    code, out, _err = run("hands", "--json")
    assert code == 0 and len(json.loads(out)["hands"]) == 1  # the accepted line stays recorded
    nothing = CliRunner().invoke(app, ["play", "--plain"], input="k cy 3 4\nshow\n")
    assert nothing.exit_code == 2
    assert nothing.stderr.splitlines()[-1] == (
        "Error: 1 of 2 lines refused (line 1); nothing was written"
    )
    code, out, _err = run("hands", "--json")
    assert len(json.loads(out)["hands"]) == 1
    fine = CliRunner().invoke(app, ["play", "--plain"], input="k ann 8 18\nquit\n")
    assert fine.exit_code == 0


@pytest.mark.parametrize(
    "env",
    [
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": "1", "NO_COLOR": "1"},
        {"FORCE_COLOR": "1", "TERM": "dumb"},
        {"NO_COLOR": ""},
        {},
    ],
)
def test_rich_and_the_policy_agree(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables (Rich's console) colour exactly when `terminal.colour` says (into a pipe
    here, where only FORCE_COLOR colours)."""
    import io
    import re

    from rich.text import Text

    from gintally.cli.render import terminal

    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in {"TERM": "xterm-256color", **env}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(os, "isatty", lambda fd: False)
    printed = io.StringIO()
    monkeypatch.setattr(sys, "stdout", printed)
    terminal.console().print(Text("won", style="green"))
    coloured = re.search(r"\x1b\[(3[0-7]|9[0-7]|38;)", printed.getvalue()) is not None
    assert coloured is terminal.colour()


# --- locales -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("3. Mai 2025", "2025-05-03"),  # German
        ("3 März 2025", "2025-03-03"),
        ("24. Dez. 2024", "2024-12-24"),
        ("3 mars 2025", "2025-03-03"),  # French
        ("1er mai 2025", "2025-05-01"),
        ("14 juillet 2025", "2025-07-14"),
        ("3 févr. 2025", "2025-02-03"),
        ("3 de mayo de 2025", "2025-05-03"),  # Spanish
        ("12 dic 2024", "2024-12-12"),
        ("3 maggio 2025", "2025-05-03"),  # Italian
        ("5 giugno 2025", "2025-06-05"),
        ("3 mei 2025", "2025-05-03"),  # Dutch
        ("3 mrt 2025", "2025-03-03"),
        ("3 Apr 2025", "2025-04-03"),  # English, as before
    ],
)
def test_month_names_in_the_languages_gintally_reads(typed: str, day: str) -> None:
    from datetime import date

    from gintally.dates import parse_date

    assert parse_date(typed, date(2026, 11, 28)).isoformat() == day


def test_a_local_month_name_on_the_command_line(db_path: Path) -> None:
    assert run("match", "new", "M", "-p", "Ann", "Bo")[0] == 0
    code, _out, err = run("knock", "Ann", "8", "--vs", "18", "--date", "3. Mai 2025")
    assert (code, err) == (0, "")
    code, out, _err = run("hands", "--json", "--all")
    assert [h["date"] for h in json.loads(out)["hands"]] == ["2025-05-03"]


@pytest.mark.parametrize(
    ("typed", "read"), [("0,05", "0.05"), ("4,50", "4.50"), ("12,5", "12.5"), ("0,125", "0.125")]
)
def test_a_decimal_comma(typed: str, read: str) -> None:
    from decimal import Decimal

    from gintally.engine.stakes import parse_amount

    assert parse_amount(typed, "the amount") == Decimal(read)


def test_a_comma_that_could_be_a_thousands_separator_is_refused(db_path: Path) -> None:
    from gintally.engine.stakes import parse_amount
    from gintally.errors import GintallyError

    with pytest.raises(GintallyError) as refused:
        parse_amount("1,250", "the amount")
    assert str(refused.value) == "the amount '1,250' reads two ways: write 1.250 or 1250"


def test_a_stake_and_a_payment_with_a_decimal_comma(db_path: Path) -> None:
    code, out, err = run("match", "new", "M", "-p", "Bernd", "Anna", "--stake", "0,05", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["stake"]["amount"] == "0.05"
    code, out, err = run("pay", "Bernd", "Anna", "4,50", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["amount"] == "4.50"


@pytest.mark.parametrize(("sep", "char"), [(";", ";"), ("tab", "\t"), (",", ",")])
def test_export_for_a_spreadsheet_with_semicolons_reads_back(
    sep: str, char: str, tmp_path: Path, db_path: Path
) -> None:
    assert run("match", "new", "M", "-p", "Zoë", "Émile")[0] == 0
    assert run("knock", "Zoë", "8", "--vs", "18", "--note", "café; ♠")[0] == 0
    out = tmp_path / "x.csv"
    assert run("export", "--sep", sep, "-o", str(out))[0] == 0
    head = out.read_text(encoding="utf-8").splitlines()[0]
    assert head.split(char)[:3] == ["id", "date", "kind"]
    other = tmp_path / "o.db"
    assert run("--db", str(other), "match", "new", "C", "-p", "Zoë", "Émile")[0] == 0
    assert run("--db", str(other), "import", str(out))[:3:2] == (0, "")
    code, doc, _err = run("--db", str(other), "hands", "--json")
    assert code == 0
    assert [h["note"] for h in json.loads(doc)["hands"]] == ["café; ♠"]
    excel = tmp_path / "e.csv"
    assert run("export", "--excel", "--sep", sep, "-o", str(excel))[0] == 0
    assert excel.read_bytes().startswith(b"\xef\xbb\xbfid" + char.encode() + b"date")


# --- shell completion ----------------------------------------------------------------------------


@pytest.fixture
def named(tmp_path: Path) -> Path:
    """A ledger whose names need quoting: a match with a space, a player with an apostrophe."""
    db = tmp_path / "names.db"
    assert run("--db", str(db), "match", "new", "Hollywood night", "-p", "Ann's", "Bo")[0] == 0
    return db


def completed(shell: str, line: str) -> str:
    """What gintally answers `shell` completing `line` (the last word is being typed)."""
    env = {"_GINTALLY_COMPLETE": f"complete_{shell}"}
    if shell == "bash":
        words = line.split(" ")
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        env |= {"_TYPER_COMPLETE_ARGS": line, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    done = script(env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode().strip()


def test_bash_gets_names_escaped_so_the_line_runs(named: Path) -> None:
    import shlex

    said = completed("bash", f"gintally --db {named} match use Ho")
    assert said == "Hollywood\\ night"
    assert shlex.split(f"gintally match use {said}")[3:] == ["Hollywood night"]  # one word
    said = completed("bash", f"gintally --db {named} pay An")
    assert said == "Ann\\'s" and shlex.split(said) == ["Ann's"]
    said = completed("bash", f"gintally --db {named} pay Ann\\'s B")  # the payee too
    assert said == "Bo"


def test_zsh_and_fish_get_names_they_quote_themselves(named: Path) -> None:
    assert completed("zsh", f"gintally --db {named} match use Ho") == (
        "_arguments '*: :((\"Hollywood night\"))'"
    )
    assert completed("zsh", f"gintally --db {named} pay A") == "_arguments '*: :((\"Ann''s\"))'"
    assert completed("fish", f"gintally --db {named} pay A") == "Ann's"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("gintally match new X --rules gi", ["gimlet"]),
        ("gintally match new X --format ho", ["hollywood", "honeymoon"]),
        ("gintally rules mo", ["modern"]),
        ("gintally eval --rules t", ["tournament", "tedesco"]),
        ("gintally export --format j", ["json"]),
        ("gintally config da", ["date_order"]),
    ],
)
def test_presets_formats_and_config_keys_complete(line: str, expected: list[str]) -> None:
    assert completed("bash", line).splitlines() == expected


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_named_shells_script(shell: str) -> None:
    done = script("--show-completion", shell)
    assert done.returncode == 0
    first = {
        "bash": "_gintally_completion() {",
        "zsh": "#compdef gintally",
        "fish": "complete --command gintally",
    }[shell]
    assert done.stdout.decode().lstrip().startswith(first)
