"""Memory bounded by what is shown, not by the ledger (issue 21, item 5): every command's peak
on a ledger ten times larger stays within a small margin of its peak on the smaller one. A
command that kept every hand's or every game's objects (a regression to a whole replay, a list
of every row, a document built whole) fails here: ten times the hands is megabytes more.

The ledgers are made through the import layer (a dozen settled hands, repeated with rising
dates: no settling per row), 100 and 1,000 hands, so the seasons keep their size and only
their number grows (what a command shows, a season, is the same size in both). Each command
runs in this process, its output thrown away, its peak measured by tracemalloc from where it
starts.

The sizes are the smallest at which a regression that holds every hand shows well above the
margin: the lightest rows a command streams (`Ledger.stream_plays`, about 330 bytes a hand)
held whole put 300 kB more on the big ledger's peak, where the margin allows 120 kB and a
command that streams grows by 20 to 70 kB (more seasons to name)."""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import tracemalloc
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from gintally import service
from gintally.cli import load, only
from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import TypedHand

TINY, SMALL, BIG = 40, 100, 1_000
PER_SEASON = 100  # hands a season (four a day): 1 season in the small ledger, 10 in the big one
MARGIN = 1.2, 120_000  # the big ledger's peak <= 1.2 x the small one's + 120 kB


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
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], dict[int, Path]]:
    """ledgers(fmt): the ledgers of `fmt` by size, made once (only the formats a test worker
    runs)."""
    where = tmp_path_factory.mktemp("bounded")
    made: dict[str, dict[int, Path]] = {}

    def of(fmt: str) -> dict[int, Path]:
        if fmt not in made:
            made[fmt] = {n: _ledger(where / f"{fmt}-{n}.db", fmt, n) for n in (TINY, SMALL, BIG)}
        return made[fmt]

    return of


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
    ledgers: Callable[[str], dict[int, Path]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # batches of rows read from the file much smaller than the small ledger, as the real
    # ones are much smaller than a real ledger
    monkeypatch.setattr("gintally.ledger.hands.BATCH", 50)
    sized = ledgers(fmt)
    page = str(tmp_path / "page.html")
    scratch = tmp_path / "ledger.db"
    gc.collect()
    gc.freeze()  # what was there before is left out of each run's collection (`_peak`)
    tracemalloc.start()
    try:
        for args in COMMANDS:  # once first: what the commands import is not counted
            _peak(sized[TINY], [a.format(page=page) for a in args], scratch)
        grown = []
        for args in COMMANDS:
            argv = [a.format(page=page) for a in args]
            small = _peak(sized[SMALL], argv, scratch)
            big = _peak(sized[BIG], argv, scratch)
            if big > small * MARGIN[0] + MARGIN[1]:
                grown.append(f"{' '.join(args)}: {small:,} -> {big:,} bytes")
    finally:
        tracemalloc.stop()
        gc.unfreeze()
    assert not grown, grown
