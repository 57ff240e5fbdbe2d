"""What this process has committed to a ledger: the command line's exit code depends on it.

SPEC section 5: the exit code tells whether the ledger changed. A command whose change was
committed exits 0 even when what follows fails (its confirmation cannot be printed, Ctrl-C is
pressed); a command that exits non-zero has changed nothing. The ledger (`Ledger.write`) reports
every commit here, and the command line reads it at its edge.

Terminology
- change: a committed write transaction holding facts (a hand, a correction, a match, a name, a
  setting). Refreshing the replay-mark cache and migrating the schema are not changes.
- critical section (`critical`): the COMMIT itself (`committing`), or building a file that must
  not be left half made. A Ctrl-C that arrives during it waits (`Commits.pending`) until the
  section ends: if a change landed, the command goes on and exits 0; if not, the interrupt is
  delivered there, as `KeyboardInterrupt` (a known point: the command line turns it into exit
  130). Outside critical sections the command line's handler ends the process at once.
- scratch file (`scratch`): a temporary file being built beside its final name (a new ledger, a
  backup, an export). A Ctrl-C that ends the process at once removes the scratch files first,
  so an interrupted build leaves nothing behind; only putting the finished file in place is a
  critical section.

Standard library only, no I/O: the command line imports it before anything else.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import ClassVar


class Commits:
    """The process's commit bookkeeping (class attributes: one process, one command)."""

    changes = 0  # changes committed since the command started
    critical = 0  # > 0 while a COMMIT is under way
    pending = False  # a Ctrl-C arrived during a COMMIT, or after a change landed
    scratch: ClassVar[list[str]] = []  # temporary files to remove if the process is ended at once


def reset() -> None:
    """A new command starts (the command line runs several in one process under tests)."""
    Commits.changes = 0
    Commits.critical = 0
    Commits.pending = False
    Commits.scratch = []


def changed() -> bool:
    """True once this command has committed a change: its exit code must then be 0."""
    return Commits.changes > 0


@contextlib.contextmanager
def critical() -> Iterator[None]:
    """A stretch a Ctrl-C must not cut: it waits for the end (see the module docstring)."""
    Commits.critical += 1
    try:
        yield
    finally:
        Commits.critical -= 1
        if Commits.pending and not Commits.critical and not Commits.changes:
            Commits.pending = False
            raise KeyboardInterrupt  # the Ctrl-C that waited, when nothing was committed


@contextlib.contextmanager
def scratch(*paths: str) -> Iterator[None]:
    """Temporary files being built: removed by the command line's Ctrl-C handler if it ends
    the process during this stretch (the code that builds them removes them otherwise)."""
    keep_scratch(*paths)
    try:
        yield
    finally:
        drop_scratch(*paths)


def keep_scratch(*paths: str) -> None:
    """`scratch` for a stretch that is not one block of code (a new ledger in use until its
    first change puts it in place): these files are scratch until `drop_scratch`."""
    Commits.scratch.extend(paths)


def drop_scratch(*paths: str) -> None:
    """The files `keep_scratch` named are no longer scratch (a new command may have started
    since: those it no longer lists are passed over)."""
    for path in paths:
        with contextlib.suppress(ValueError):
            Commits.scratch.remove(path)


@contextlib.contextmanager
def committing(change: bool = True) -> Iterator[None]:
    """Run a COMMIT as a critical section; count it as a change when it lands and `change`."""
    with critical():
        yield
        if change:
            Commits.changes += 1
