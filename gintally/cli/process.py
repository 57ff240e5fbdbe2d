"""The process around a command: Ctrl-C, the standard streams, and the exit code's promise.

SPEC section 5: exit 130 on Ctrl-C, one line on stderr and no traceback; the exit code tells
whether the ledger changed, so a command whose change was committed exits 0 even when its
confirmation cannot be printed (stdout closed or full, a broken pipe, an encoding that cannot show
a name) or Ctrl-C comes after the commit.

Terminology
- take over (`take_over`): the console script's first act. Until a change is committed, Ctrl-C
  ends the process at once: one line on stderr, exit 130. That is safe for the ledger (SQLite
  drops a transaction that never committed, as after kill -9) and, unlike an exception raised
  wherever the program happens to be, it cannot be swallowed or disguised (Python reports a
  KeyboardInterrupt raised in a weakref callback as "Exception ignored", and wraps one raised in a
  class body's __set_name__ in a RuntimeError). During a critical section (a COMMIT, building a
  new file) Ctrl-C waits for its end (`gintally.commits`). After a change it is remembered and
  the command finishes (exit 0); a second one then ends the process at once, with exit 0.
  `finish` fixes the exit code; Ctrl-C cannot change it after that.
- fallback (`FALLBACK_ERRORS`): the encoding error handler of stdout and stderr. What the terminal's
  encoding cannot show is written another way: suits as letters, a check mark as ``*``, a drawing's
  frame as ``-``, ``|`` and ``+``, a sparkline as ``_.-:=+*#``, € and £ as EUR and GBP, other
  characters (a name's letters) as backslash escapes. Writing never fails on encoding.
- closed stream (`ClosedStream`): stands for stdout or stderr when the descriptor was closed
  before the command started; writing to it fails like writing to a closed file. The descriptor
  itself is held open on /dev/null so nothing else (a ledger file) takes its number.

Standard library only: this is imported before Typer, so a Ctrl-C while the command loads is
still one line.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import gc
import io
import os
import signal
import sys
from types import FrameType
from typing import TYPE_CHECKING, Any

from gintally.commits import Commits

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

INTERRUPTED = 130
# A read whose reader went away (`gintally hands --all | head -1`): the status a shell shows for
# a writer ended by SIGPIPE, 128 + 13, as `yes | head -1` gives, said by an exit (the same on
# Windows, which has no SIGPIPE); a committed change still exits 0.
BROKEN_PIPE = 141
FALLBACK_ERRORS = "gintally-fallback"
INTERRUPTED_LINE = "Error: interrupted (nothing was changed)\n"

# What gintally itself writes beyond ASCII, and how to write it in plain ASCII.
ASCII_FORMS = {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
    "✓": "*",
    "…": "...",
    "\u2013": "-",
    "—": "-",
    "→": "->",
    "←": "<-",
    "\u00d7": "x",
    "•": "*",
    "≤": "<=",
    "≥": ">=",
    "·": ".",
    "\u2018": "'",
    "\u2019": "'",
    "“": '"',
    "”": '"',
    "\u00a0": " ",
    # the common currency signs beyond ASCII, as their codes
    "€": "EUR",
    "£": "GBP",
    # the frame of a drawing (the chart's box and its ticks)
    "─": "-",
    "━": "-",
    "│": "|",
    "┃": "|",
    "┌": "+",
    "┐": "+",
    "└": "+",
    "┘": "+",
    "├": "+",
    "┤": "+",
    "┬": "+",
    "┴": "+",
    "┼": "+",
    # a sparkline's eight heights (`standings`' games won by month), lowest first
    "▁": "_",
    "▂": ".",
    "▃": "-",
    "▄": ":",
    "▅": "=",
    "▆": "+",
    "▇": "*",
    "█": "#",
}


class _State:
    reported = False  # the interruption's line has been written
    final_code: int | None = None  # the exit code, once `finish` fixed it
    gc_held = False  # the cycle collector is paused for the command (`hold_gc`)


_exit = os._exit  # how the handler ends the process (the tests replace it)


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    out = []
    for ch in text:
        form = ASCII_FORMS.get(ch)
        if form is not None:
            out.append(form)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out), error.end


codecs.register_error(FALLBACK_ERRORS, _fallback)


def unicode_stdout() -> bool:
    """True when stdout's encoding can write any text (UTF-8, UTF-16, ...)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return codecs.lookup(encoding).name.startswith("utf")


def fit(value: Any) -> Any:
    """A document with every text (keys too) rewritten in what stdout's encoding can show (the
    fallback forms), so tables are measured as they will be printed. Unchanged on UTF-8."""
    if unicode_stdout():
        return value
    encoding = sys.stdout.encoding

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return v.encode(encoding, FALLBACK_ERRORS).decode(encoding)
        if isinstance(v, dict):
            return {walk(k): walk(x) for k, x in v.items()}
        if isinstance(v, list | tuple):
            return type(v)(walk(x) for x in v)
        return v

    return walk(value)


def data_write() -> Callable[[bytes], object]:
    """How to write data (a JSON document) on standard output: as bytes, UTF-8 whatever the
    terminal's encoding (SPEC section 11), after what was written to it as text. A stdout with
    no bytes beneath (a host program's `io.StringIO`) takes them as text."""
    stream = sys.stdout
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        return lambda data: stream.write(data.decode("utf-8"))
    write: Callable[[bytes], object] = buffer.write
    return write


class ClosedStream(io.TextIOBase):
    """A standard stream whose descriptor was closed: every write fails with EBADF."""

    def __init__(self, name: str) -> None:
        self._name = name

    def write(self, s: str) -> int:
        raise OSError(errno.EBADF, f"standard {self._name} is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise io.UnsupportedOperation("closed stream")


def on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    if _State.final_code is not None:  # the command is over: exit with the code it earned
        _exit(_State.final_code)
    elif Commits.critical or Commits.changes:
        if Commits.changes and Commits.pending:  # a second Ctrl-C after the change landed
            _exit(0)
        Commits.pending = True  # waits for the critical section's end, or the command's
    else:
        for path in Commits.scratch:  # a file being built is abandoned whole
            with contextlib.suppress(OSError):
                os.unlink(path)
        _exit(report_interrupted())


@contextlib.contextmanager
def ctrl_c_raised() -> Iterator[None]:
    """Ctrl-C raised as KeyboardInterrupt meanwhile, for a caller that handles it where it is
    (a line awaited; a pager, which keeps the terminal until it is quit and must be waited
    for), rather than ending the process at once."""
    previous = None
    with contextlib.suppress(ValueError):  # not the main thread: Ctrl-C stays as it is
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def take_over() -> None:
    """Take over Ctrl-C and make the standard streams safe (the console script's first act)."""
    _State.reported = False
    _State.final_code = None
    with contextlib.suppress(ValueError):  # not the main thread: leave Ctrl-C as it is
        signal.signal(signal.SIGINT, on_ctrl_c)
    _guard_streams()


def _guard_streams() -> None:
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            hold = os.open(os.devnull, os.O_RDWR)
            if hold != fd:
                os.dup2(hold, fd)
                os.close(hold)
            if fd:
                setattr(sys, name, ClosedStream("output" if fd == 1 else "error"))
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors=FALLBACK_ERRORS)


def hold_gc() -> None:
    """Pause Python's cycle collector for the command, from the console script's start to its
    end (`release_gc`, in `main`). Neither what a command loads (some hundred modules, which
    live until the process ends) nor its work (a replay makes and drops a few small objects a
    hand, freed by reference counting as it goes) leaves garbage that only the collector can
    free, so its passes are pure cost: a fifth to a quarter of the CPU time of a hand command
    and of `standings` on a 100,000-hand match (benchmarks/README.md). The pause is the command
    line's, never the library's: a program that uses `gintally.open()` keeps its collector."""
    if gc.isenabled():
        gc.disable()
        _State.gc_held = True


def release_gc() -> None:
    """End `hold_gc`'s pause (at the command's end, or when `play` starts its session, which
    runs as long as the evening does): what was loaded so far is frozen out of the collector's
    way, and it runs as usual from here on."""
    if _State.gc_held:
        _State.gc_held = False
        gc.freeze()
        gc.enable()


def report_interrupted() -> int:
    """Write the interruption's one line (once) and return its exit code."""
    if not _State.reported:
        _State.reported = True
        with contextlib.suppress(OSError):  # unbuffered: the handler may cut a buffered write
            os.write(2, INTERRUPTED_LINE.encode("ascii"))
    return INTERRUPTED


def write_error(text: str) -> None:
    """Write to stderr if it can be written to; a failure here has nowhere to be reported."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):
        pass


def flush_stdout() -> OSError | None:
    """Flush stdout; on failure, point the descriptor at /dev/null so that Python's own flush at
    exit cannot fail again (it would print a traceback and exit 120), and return the error."""
    stream = sys.stdout
    if stream is None:
        return None
    try:
        stream.flush()
        return None
    except (OSError, ValueError) as e:
        error = e if isinstance(e, OSError) else OSError(errno.EBADF, str(e))
    silence_stdout()
    return error


def silence_stdout() -> None:
    """Send whatever stdout still holds to /dev/null (only for the process's real stdout)."""
    stream = sys.__stdout__
    if stream is None or sys.stdout is not stream:
        return
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (OSError, ValueError):
        pass


def broken_pipe(error: OSError) -> bool:
    """True when `error` says the reader of stdout went away: EPIPE, or on Windows the EINVAL
    its pipes give for it."""
    return isinstance(error, BrokenPipeError) or (
        sys.platform == "win32" and error.errno == errno.EINVAL
    )


def finish(code: int) -> int:
    """Fix the exit code: from now on Ctrl-C cannot change it. Python's shutdown puts back the
    default Ctrl-C (death by signal) unless it is ignored, so the console script ignores it."""
    _State.final_code = code
    if signal.getsignal(signal.SIGINT) is on_ctrl_c:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return code


def terminal_gone() -> bool:
    """Whether the terminal of a full-screen session went away without a hangup signal (its
    window closed or its connection dropped while the signal went elsewhere): stdin or stdout
    is no longer a terminal, or is hung up (``poll``). Then its input would be an endless end of
    file, and a screen waiting on it spins."""
    import select

    for fd in (0, 1):
        try:
            if not os.isatty(fd):
                return True
            if hasattr(select, "poll"):  # not on Windows, whose console does not hang up
                poller = select.poll()
                poller.register(fd, 0)  # POLLHUP, POLLERR and POLLNVAL are always reported
                gone = select.POLLHUP | select.POLLERR | select.POLLNVAL
                if any(events & gone for _, events in poller.poll(0)):
                    return True
        except (OSError, ValueError):
            return True
    return False
