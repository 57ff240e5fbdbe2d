"""Ctrl-C in the first moments of the ``gintally`` command, before it is taken over
(`cli.process.take_over`): the first act of the package when it is imported by the command (the
console script, or ``python -m gintally``), before any other import of gintally's. An import
interrupted by a KeyboardInterrupt prints a traceback from wherever it was; this handler ends
the process with one line and exit 130 instead (nothing can have been written yet). A program
that imports gintally as a library keeps its own Ctrl-C.

What runs before it is Python's own start-up (its site module, a .pth file) and, for ``python
-m gintally``, runpy's search for the package: Python prints a traceback there itself.
Standard library only, and as little of it as can be: ``os`` and ``sys`` are loaded by Python
before any script, ``signal`` (with ``enum``) is the one import made first.
"""

import os
import sys

EARLY_LINE = b"Error: interrupted (nothing was changed)\n"  # `process.INTERRUPTED_LINE`


def interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C before the command has taken it over: the interruption's line, exit 130."""
    try:
        os.write(2, EARLY_LINE)
    finally:
        os._exit(130)


def is_the_command() -> bool:
    """Whether this process is the ``gintally`` command: the console script (pip's, or a
    frozen ``gintally.exe``), or ``python -m gintally`` (while runpy imports the package its
    ``__main__`` is not the package's yet: the interpreter's arguments say it)."""
    script = sys.modules.get("__main__")
    name = os.path.basename(getattr(script, "__file__", None) or "").partition("-script")[0]
    spec = getattr(script, "__spec__", None)
    if name in ("gintally", "gintally.exe") or getattr(spec, "name", "") == "gintally.__main__":
        return True
    argv = getattr(sys, "orig_argv", [])
    return any(a == "-m" and argv[i + 1] == "gintally" for i, a in enumerate(argv[:-1]))


def take_ctrl_c_early() -> None:
    """Ctrl-C ends the command with one line and exit 130 (see the module)."""
    if not is_the_command():
        return
    import signal

    try:  # noqa: SIM105 (contextlib is no import to make this early)
        signal.signal(signal.SIGINT, interrupted_early)
    except ValueError:  # not the main thread
        pass
