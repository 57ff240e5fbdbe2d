"""What settling costs: `settle --all` against `standings`, on the household ledger.

Prints figures; it asserts nothing. On a copy of `bench_ledger`'s household ledger (five
matches, 100,000 hands by default; built and cached by that script's recipe), every match gets a
stake (0.01 a point, and 0.02 from 2000-01-01 on), and a few payments are recorded. Then, in
turns so machine noise falls on both alike, median of `--passes`:

- `service.settlement` over every match (what ``settle --all`` computes): each match replayed
  whole, its finished games and sets priced, the pairs netted with the payments;
- `service.match_standings` of every match (what ``standings`` computes for each), the fold the
  settlement is measured against: both replay every hand once.

Peak memory (tracemalloc) of one settlement is printed too: it streams the hands (a match of
two players is never held whole), so it should stay near the standings' figure.

Run: ``.venv/bin/python benchmarks/bench_stakes.py`` (``--hands N``, ``--passes N``,
``--quick`` for 20,000 hands and 3 passes).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from bench_ledger import cached_ledger

from gintally import service
from gintally.ledger import Ledger


def cpu_ms(fn: Callable[[], Any]) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.passes = 20_000, 3
    source = cached_ledger(None, args.hands, args.seed)
    work = Path(tempfile.mkdtemp(prefix="gintally-stakes-")) / "ledger.db"
    shutil.copyfile(source, work)
    today = date(2026, 12, 31)
    with Ledger.open(work) as book:
        matches = book.matches()
        for m in matches:
            if service.prices(book, m):
                continue
            try:
                service.set_stake(book, m, "0.01", "$")
            except ValueError:
                continue  # a solitaire takes no stake
            service.set_stake(book, m, "0.02", since=date(2000, 1, 1))
            a, b = m.players
            service.pay(book, b.name, a.name, "12.34", date(2020, 5, 1), match_name=m.name)
        settle_ms, standings_ms = [], []
        for _ in range(args.passes):
            settle_ms.append(cpu_ms(lambda: service.settlement(book, matches, None, today)))
            standings_ms.append(
                cpu_ms(lambda: [service.match_standings(book, m, today) for m in matches])
            )
        settled = service.settlement(book, matches, None, today)
        tracemalloc.start()
        service.settlement(book, matches, None, today)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        tracemalloc.start()
        for m in matches:
            service.match_standings(book, m, today)
        standings_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    items = sum(len(p.money.settled) for p in settled.matches)
    s, t = statistics.median(settle_ms), statistics.median(standings_ms)
    print(f"{args.hands:,} hands, {len(matches)} matches, {items:,} games and sets priced")
    print(f"settle --all:        {s:8.0f} ms CPU (median of {args.passes})")
    print(f"standings (each):    {t:8.0f} ms CPU")
    print(f"settle / standings:  {s / t:8.2f}x")
    print(f"peak memory: settle {peak / 2**20:.1f} MiB, standings {standings_peak / 2**20:.1f} MiB")
    shutil.rmtree(work.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
