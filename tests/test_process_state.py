"""The library leaves the process's state alone: a program that calls gintally keeps its cycle
collector on, with its own thresholds, through every call (the reads that replay a whole match
included), even when two threads call at once. Pausing the collector is the command line's
choice, made once at its edge (`cli.process.hold_gc`, from a command's start to its end).

A profile hook on the calling threads looks at the collector on every function call and return
inside the library, so a pause anywhere in a call is seen, however short.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

import gintally
from gintally import service
from gintally.cli import process

THRESHOLDS = (555, 7, 9)  # a host program's own, unlike Python's default
LINES = [
    "match new Kitchen --players Ann Bob",
    *[f"knock {who} {deadwood} --vs 30" for who, deadwood in [("Ann", 5), ("Bob", 3)] * 6],
    "gin Ann --vs 40",
    "match new Evening --players Ann Bob --format hollywood --stake 0.05 --currency $",
    *[f"score {who} {points}" for who, points in [("Ann", 60), ("Bob", 20)] * 8],
    "pay Bob Ann 1.50",
]
MATCHES = tuple(tuple(line.split()) for line in LINES)


def library_calls(path: Path) -> None:
    """The calls that replay: standings (a season fold), stats (every match), who owes whom
    (the money of a match played for a stake) and a ledger's check."""
    book = gintally.open(path)
    try:
        for match in ("Kitchen", "Evening"):
            assert book.standings(match=match)["rows"]
        assert [p["player"] for p in book.stats()["players"]] == ["Ann", "Bob"]
        assert book.settlement()["balances"]
    finally:
        book.close()
    assert service.check(path) == []


@pytest.fixture
def host_collector() -> Iterator[None]:
    """The collector as a host program might set it: on, with its own thresholds."""
    was_on, thresholds = gc.isenabled(), gc.get_threshold()
    gc.enable()
    gc.set_threshold(*THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        (gc.enable if was_on else gc.disable)()


def watched(calls: Callable[[], None], threads: int) -> set[tuple[bool, tuple[int, int, int]]]:
    """Run `calls` in `threads` threads at once; the collector's state at every function call
    and return in them."""
    seen: set[tuple[bool, tuple[int, int, int]]] = set()
    start = threading.Barrier(threads)
    failures: list[BaseException] = []

    def look(frame: FrameType, event: str, arg: object) -> None:
        seen.add((gc.isenabled(), gc.get_threshold()))

    def run() -> None:
        try:
            start.wait()
            calls()
        except BaseException as e:
            failures.append(e)

    threading.setprofile(look)
    try:
        workers = [threading.Thread(target=run) for _ in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    finally:
        threading.setprofile(None)
    assert not failures, failures
    return seen


@pytest.mark.usefixtures("host_collector")
@pytest.mark.parametrize("threads", [1, 2])
def test_library_calls_leave_the_collector_alone(
    threads: int, tmp_path: Path, ledger_from: Callable[..., Path]
) -> None:
    path = ledger_from(MATCHES, tmp_path / "ledger.db")
    seen = watched(lambda: library_calls(path), threads)
    assert seen == {(True, THRESHOLDS)}
    assert (gc.isenabled(), gc.get_threshold()) == (True, THRESHOLDS)


def test_the_command_line_holds_the_collector_from_start_to_end() -> None:
    """`hold_gc` pauses it for a command, `release_gc` ends that pause once (what was loaded is
    frozen out of its way); neither changes a collector that was already off."""
    assert gc.isenabled()
    try:
        process.hold_gc()
        assert not gc.isenabled()
        process.release_gc()
        assert gc.isenabled()
        process.release_gc()  # a second release changes nothing
        assert gc.isenabled()
        gc.disable()
        process.hold_gc()
        process.release_gc()  # not held: left off, as it was
        assert not gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
