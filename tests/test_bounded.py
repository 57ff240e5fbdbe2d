"""Memory bounded by what is shown, not by the ledger (issue 21, item 5): every command's peak
on a ledger ten times larger stays within a small margin of its peak on the smaller one. A
command that kept every hand's or every game's objects (a regression to a whole replay, a list
of every row, a document built whole) fails here: ten times the hands is megabytes more.

The ledgers are made through the import layer (a dozen settled hands, repeated with rising
dates: no settling per row), 200 and 2,000 hands, so the seasons keep their size and only
their number grows (what a command shows, a season, is the same size in both). Each command
runs in this process, its output thrown away, its peak measured by tracemalloc from where it
starts."""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import tracemalloc
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from gintally import service
from gintally.cli import load, only
from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import TypedHand

TINY, SMALL, BIG = 40, 200, 2_000
PER_SEASON = 100  # hands a season (four a day): 2 seasons in the small ledger, 20 in the big one
MARGIN = 1.2, 200_000  # the big ledger's peak <= 1.2 x the small one's + 200 kB


def _ledger(path: Path, fmt: str, hands: int) -> Path:
    """`hands` hands of one match of `fmt` (Ann v Bob), `PER_SEASON` a season from 1990."""
    with Ledger.open(path) as book:
        m = book.create_match("Decades", ("Ann", "Bob"), Format(fmt), resolve("modern"), "Ann")
        day = date(1990, 1, 1)
        typed = [
            TypedHand("knock", day, player=who, deadwood=k, vs=vs, note=note)
            for who in ("Ann", "Bob")
            for k, vs, note in ((3, 20, None), (8, 12, "long evening"), (5, 40, None))
        ] + [TypedHand("gin", day, player=who, vs=vs) for who in ("Ann", "Bob") for vs in (9, 33)]
        stored = [service.settle(m, t).record.stored() for t in typed]

        def rows() -> Iterator[tuple[int | None, str | None, tuple[object, ...]]]:
            for i in range(hands):
                season, at = divmod(i, PER_SEASON)
                when = date(1990 + season, 1, 1) + timedelta(days=at // 4)
                yield None, None, (when.isoformat(), *stored[(i * 7) % len(stored)])

        book.import_rows(m, rows(), lambda: f"bounded-{fmt}-{hands}", "made.csv")
    return path


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Path]:
    where = tmp_path_factory.mktemp("bounded")
    return {
        (fmt, n): _ledger(where / f"{fmt}-{n}.db", fmt, n)
        for fmt in ("ad-infinitum", "hollywood")
        for n in (TINY, SMALL, BIG)
    }


def _peak(db: Path, args: list[str], scratch: Path) -> int:
    """The peak of traced memory, in bytes, while the command runs on a copy of `db`, its
    output thrown away."""
    shutil.copyfile(db, scratch)
    app = only(load(args[0]), args[0])
    gc.collect()
    with open(os.devnull, "w", encoding="utf-8") as sink, contextlib.redirect_stdout(sink):
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        with contextlib.suppress(SystemExit):
            app(["--db", str(scratch), *args], prog_name="gintally")
        peak = tracemalloc.get_traced_memory()[1] - base
    return peak


COMMANDS = [
    ["show"],
    ["show", "--json"],
    ["hands"],
    ["standings"],
    ["stats"],
    ["chart"],
    ["report", "--html", "{page}", "--force"],
    ["knock", "Ann", "8", "--vs", "18"],
    ["edit", "1", "--deadwood", "2", "--vs", "20"],
    ["hands", "--all"],
    ["show", "--all"],
    ["show", "--all", "--json"],
    ["export"],
    ["export", "--format", "json"],
    ["check"],
]


@pytest.mark.parametrize("fmt", ["ad-infinitum", "hollywood"])
def test_every_command_holds_what_it_shows_not_the_ledger(
    fmt: str,
    ledgers: dict[tuple[str, int], Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # batches of rows read from the file much smaller than the small ledger, as the real
    # ones are much smaller than a real ledger
    monkeypatch.setattr("gintally.ledger.hands.BATCH", 50)
    page = str(tmp_path / "page.html")
    scratch = tmp_path / "ledger.db"
    tracemalloc.start()
    try:
        for args in COMMANDS:  # once first: what the commands import is not counted
            _peak(ledgers[fmt, TINY], [a.format(page=page) for a in args], scratch)
        grown = []
        for args in COMMANDS:
            argv = [a.format(page=page) for a in args]
            small = _peak(ledgers[fmt, SMALL], argv, scratch)
            big = _peak(ledgers[fmt, BIG], argv, scratch)
            if big > small * MARGIN[0] + MARGIN[1]:
                grown.append(f"{' '.join(args)}: {small:,} -> {big:,} bytes")
    finally:
        tracemalloc.stop()
    assert not grown, grown
