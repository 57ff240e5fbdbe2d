"""A ledger of decades: every command on a 100,000-hand match (ad-infinitum and Hollywood), and
on a 1,000,000-hand ad-infinitum match when asked (``--million``).

Prints figures; it asserts nothing. For each ledger:

1. A seeded CSV of that many hands (Ann v Bob, modern rules, 50 yearly seasons 1977-2026, the
   last hand before today), each row with its knocker and both deadwood counts (so the import
   settles every row again, as it does for such files), imported into a match of each format
   (``--formats``, default ad-infinitum and hollywood). The CSV and the ledgers imported from it
   are cached in the temp directory (``--cache DIR``); each command runs on a fresh copy, so the
   cache never changes. Building the 1,000,000-hand CSV and ledger takes several minutes the
   first time: hence ``--million``.
2. ``gintally import`` of the whole CSV into a new match (rows a second; target >= 50,000).
   An import of `folding.FOLD_FROM` rows or more (150,000: the 1,000,000-hand ledger) folds the
   finished seasons as its rows go by and caches them (`folding.ImportFold`); a smaller one
   leaves them to the first reader.
3. Each command as the console script runs it, several times (``--runs``), each on a fresh copy
   of the ledger the timed import just made (as just after an import: no replay mark, the
   finished seasons cached by the import) unless said; with ``--no-import``, of the cached
   ledger instead (``built``: as an import of the gintally that built it left it, which may
   have cached no season):
   - summary commands: ``show``, ``show --json``, ``hands`` (its default window),
     ``standings``, ``stats``, ``chart``, ``report --html`` (the first reader after the import;
     then each again on a copy of the ledger that first ``standings`` left, as every later run
     finds it, and on a copy with no season cached, as a reader that must fold every finished
     season finds it: ``DELETE FROM season_folds``), a new hand (``knock``: the first after
     the import, then the next one with the mark the first left) and an edit of hand 1;
     target <= 1.5 s at 100,000 hands, <= 3 s at 1,000,000;
   - whole-list commands: ``hands --all``, ``show --all``, ``export`` (CSV), ``export --format
     json``, ``check``; target <= 4 s at 100,000 hands, <= 15 s at 1,000,000;
   - every command <= 150 MB of peak memory at 100,000 hands, <= 200 MB at 1,000,000.

Every figure is the median wall-clock time, the median CPU time (user + system, from
os.wait4) and the largest peak resident memory over the runs: the command's own, as
/usr/bin/time reports it (a child's ru_maxrss on Linux counts the process it was forked from,
this script, which may be larger). The machine is shared: CPU time is the steadier figure (the
verdict is on it); memory does not depend on the load. The load average is printed at the start
of each ledger and at the end.

Run: ``.venv/bin/python benchmarks/bench_scale.py`` (``--quick``: 2 runs; ``--million`` adds
the 1,000,000-hand ad-infinitum match).
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from _common import code_state

import gintally
from gintally import service as tally
from gintally.engine.formats import Format
from gintally.errors import GintallyError
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import Match, TypedHand

CACHE_VERSION = 2  # bump when the recipe changes, so a stale cache is rebuilt
BIN = Path(sys.executable).parent
GINTALLY = BIN / "gintally"
MATCH = "Decades"
FIRST_YEAR, LAST_YEAR = 1977, 2026
SUMMARY = {100_000: 1.5, 1_000_000: 3.0}  # seconds, a summary command
WHOLE = {100_000: 4.0, 1_000_000: 15.0}  # seconds, a whole-list command
MEMORY = {100_000: 150.0, 1_000_000: 200.0}  # MB, every command
IMPORT_TARGET = 50_000  # rows a second


@dataclass
class Figure:
    label: str
    wall: list[float]
    cpu: list[float]
    rss_mb: list[float]


TIME = Path("/usr/bin/time")  # GNU time: the peak memory of the command alone
RSS_MARK = "gintally-bench-peak-kb"


def run(argv: Sequence[str], env: dict[str, str], allowed: tuple[int, ...] = (0,)) -> Figure:
    """One whole process: wall seconds, CPU seconds and peak RSS (MB) of that child alone.

    Linux counts in a child's ru_maxrss the memory of the process it was forked from (at its
    exec), so a child of this script, which holds the CSV writer and the ledgers it built,
    would report at least this script's size. The command is run under /usr/bin/time, itself
    small, which forks it afresh and prints its own peak (``%M``); without it, ru_maxrss of the
    child from os.wait4 is printed (an upper bound)."""
    timed = TIME.exists()
    full = [str(TIME), "-f", f"{RSS_MARK} %M", *argv] if timed else list(argv)
    t0 = time.perf_counter()
    proc = subprocess.Popen(full, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    text = err.decode(errors="replace")
    if proc.returncode not in allowed:
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {text}")
    # ru_maxrss and %M are in kilobytes on Linux
    kb = float(usage.ru_maxrss)
    for line in text.splitlines():
        if line.startswith(RSS_MARK):
            kb = float(line.split()[1])
    return Figure("", [wall], [usage.ru_utime + usage.ru_stime], [kb / 1024])


# --- the ledgers ---------------------------------------------------------------------------------


def last_day() -> date:
    return date.today() - timedelta(days=1)


def season_days(rng: random.Random, n: int) -> list[date]:
    """`n` days over the 50 seasons, in order, each season holding the same number of hands."""
    seasons = LAST_YEAR - FIRST_YEAR + 1
    days: list[date] = []
    end = last_day()
    for i, year in enumerate(range(FIRST_YEAR, LAST_YEAR + 1)):
        first = date(year, 1, 1)
        last = min(date(year, 12, 31), end)
        span = (last - first).days
        k = n // seasons + (1 if i < n % seasons else 0)
        days += sorted(first + timedelta(days=rng.randint(0, span)) for _ in range(k))
    return days


def typed_hand(rng: random.Random, day: date) -> TypedHand:
    """A hand as typed at the table: mostly knocks, a gin in five, the odd undercut."""
    player = "Ann" if rng.random() < 0.5 else "Bob"
    defender = max(0, min(98, int(rng.gauss(24, 12))))
    if rng.random() < 0.2:
        return TypedHand("gin", day, player=player, vs=defender)
    knocker = rng.randint(1, 10)
    if rng.random() < 0.12:
        defender = rng.randint(0, knocker)  # an undercut
    return TypedHand("knock", day, player=player, deadwood=knocker, vs=defender)


def write_csv(path: Path, size: int, seed: int) -> None:
    """A seeded CSV of `size` legal hands (settled by gintally, so every row is consistent)."""
    rng = random.Random(seed)
    with Ledger.open(":memory:") as book:
        match = new_match(book)
        names = {p.id: p.name for p in match.players}
        tmp = path.with_name(path.name + ".part")
        with tmp.open("w", newline="", encoding="utf-8") as f:
            out = csv.writer(f, lineterminator="\n")
            out.writerow(
                [
                    "date",
                    "kind",
                    "winner",
                    "points",
                    "knocker",
                    "knocker_deadwood",
                    "defender_deadwood",
                ]
            )
            for day in season_days(rng, size):
                while True:
                    try:
                        rec = tally.settle(match, typed_hand(rng, day)).record
                        break
                    except GintallyError:
                        continue
                out.writerow(
                    [
                        rec.date.isoformat(),
                        rec.kind,
                        names.get(rec.winner or 0, ""),
                        rec.points,
                        names.get(rec.knocker or 0, ""),
                        rec.knocker_deadwood,
                        rec.defender_deadwood,
                    ]
                )
        tmp.replace(path)


def new_match(book: Ledger, fmt: str = "ad-infinitum") -> Match:
    return book.create_match(MATCH, ("Ann", "Bob"), Format(fmt), resolve("modern"), "Ann")


def empty_ledger(path: Path, fmt: str = "ad-infinitum") -> None:
    for p in (path, *wal_files(path)):
        p.unlink(missing_ok=True)
    with Ledger.open(path) as book:
        new_match(book, fmt)


def wal_files(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def fresh_copy(src: Path, dst: Path) -> Path:
    for p in (dst, *wal_files(dst)):
        p.unlink(missing_ok=True)
    shutil.copyfile(src, dst)
    return dst


# --- the figures ---------------------------------------------------------------------------------


def median(values: list[float]) -> float:
    return statistics.median(values)


def print_row(label: str, fig: Figure, target: str) -> None:
    print(
        f"  {label:<34} {median(fig.wall):>8.2f} {median(fig.cpu):>8.2f} "
        f"{max(fig.rss_mb):>8.1f}   {target}"
    )


def verdict(fig: Figure, seconds: float | None, memory: float | None) -> str:
    if seconds is None or memory is None:
        return "(no target at this size)"
    ok = median(fig.cpu) <= seconds and max(fig.rss_mb) <= memory
    return f"<= {seconds:g} s, <= {memory:g} MB: " + ("met" if ok else "MISSED")


def folds_in(ledger: Path) -> int:
    """How many seasons the ledger has cached (`ledger.folds`)."""
    with Ledger.open(ledger, write=False) as book:
        try:
            return int(book.conn.execute("SELECT count(*) FROM season_folds").fetchone()[0])
        except sqlite3.OperationalError:
            return 0  # a ledger from before the cache (opened read-only: not migrated)


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"


def bench_ledger(size: int, fmt: str, args: argparse.Namespace, cache: Path, work: Path) -> None:
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", PYTHONPYCACHEPREFIX=str(work / "pyc"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("GINTALLY_DEBUG", None)
    hands_csv = cache / f"hands-{size}-{args.seed}.csv"
    built = cache / f"ledger-{fmt}-{size}-{args.seed}.db"
    t0 = time.perf_counter()
    if not hands_csv.exists():
        write_csv(hands_csv, size, args.seed)
        print(f"{size:,} hands: wrote {hands_csv} in {time.perf_counter() - t0:.1f} s")
    run([str(GINTALLY), "--version"], env)  # compile the bytecode once

    scratch = work / "ledger.db"
    # ... and what only an import loads (as an installed package has it compiled): without
    # this the first timed import compiled it (0.3 s more CPU, in a median of two runs)
    one_row = work / "one-row.csv"
    with hands_csv.open(encoding="utf-8") as f:
        one_row.write_text(f.readline() + f.readline(), encoding="utf-8")
    empty_ledger(scratch, fmt)
    run(
        [str(GINTALLY), "import", str(one_row), "--match", MATCH],
        dict(env, GINTALLY_DB=str(scratch)),
    )
    imported: Figure | None = None
    source = built  # the ledger the commands run on: the one the timed import made
    if not built.exists() or not args.no_import:
        imported = Figure("import", [], [], [])
        for _ in range(args.import_runs if size <= 100_000 else 1):
            empty_ledger(scratch, fmt)
            fig = run(
                [str(GINTALLY), "import", str(hands_csv), "--match", MATCH],
                dict(env, GINTALLY_DB=str(scratch)),
            )
            imported.wall += fig.wall
            imported.cpu += fig.cpu
            imported.rss_mb += fig.rss_mb
            if not built.exists():
                tmp = built.with_name(built.name + ".part")
                with Ledger.open(scratch, write=False) as book:
                    book.backup(tmp, force=True)
                tmp.replace(built)
        source = work / "imported.db"
        with Ledger.open(scratch, write=False) as book:
            book.backup(source, force=True)  # the last import's ledger, as it left it
    summary, whole, memory = SUMMARY.get(size), WHOLE.get(size), MEMORY.get(size)
    megabytes = source.stat().st_size / 2**20
    print(
        f"\n{size:,} hands in one {fmt} match ({FIRST_YEAR}-{LAST_YEAR}), ledger "
        f"{megabytes:.0f} MB; median of {args.runs} runs; {load()}"
    )
    print(
        f"  the commands run on {'the ledger the import made' if imported else source}, "
        f"with {folds_in(source)} seasons cached"
    )
    print(f"  {'command':<34} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}   target (on CPU time)")
    if imported is not None:
        rate = size / median(imported.cpu)
        ok = rate >= IMPORT_TARGET and memory is not None and max(imported.rss_mb) <= memory
        print_row(
            "import (whole CSV)",
            imported,
            f"{rate:,.0f} rows/s (wall {size / median(imported.wall):,.0f}); "
            f">= {IMPORT_TARGET:,} rows/s: " + ("met" if ok else "MISSED"),
        )

    def timed(
        argv: list[str],
        fresh: bool = True,
        allowed: tuple[int, ...] = (0,),
        source: Path = source,
    ) -> Figure:
        fig = Figure("", [], [], [])
        for _ in range(args.runs):
            path = fresh_copy(source, scratch) if fresh else scratch
            one = run([str(GINTALLY), *argv], dict(env, GINTALLY_DB=str(path)), allowed)
            fig.wall += one.wall
            fig.cpu += one.cpu
            fig.rss_mb += one.rss_mb
        return fig

    page = str(work / "review.html")
    with hands_csv.open(encoding="utf-8") as f:
        first = next(csv.DictReader(f))
    # an edit of hand 1 that changes it: the defender had one more point of deadwood
    edit = ["edit", "1", "--vs", str(int(first["defender_deadwood"]) + 1)]
    for label, argv in (
        ("show", ["show"]),
        ("show --json", ["show", "--json"]),
        ("hands (default window)", ["hands"]),
        ("standings", ["standings"]),
        ("stats", ["stats"]),
        ("chart", ["chart"]),
        ("report --html", ["report", "--html", page, "--force"]),
        ("edit of hand 1", edit),
    ):
        if argv[0] in args.skip:
            continue
        fig = timed(argv)
        print_row(label, fig, verdict(fig, summary, memory))
    # The summaries a user runs every day: the seasons folded by the import (or by the first
    # reader after it) are cached (`ledger.folds`), so each run replays the current season
    # only; and the first reader of a ledger with none cached, which folds every season.
    cached_by_import = imported is not None and folds_in(source) > 0
    warm = work / "warm.db"
    fresh_copy(source, warm)
    run([str(GINTALLY), "standings"], dict(env, GINTALLY_DB=str(warm)))
    cold = work / "cold.db"
    fresh_copy(source, cold)
    with Ledger.open(cold) as book, book.write(change=False) as conn:
        conn.execute("DELETE FROM season_folds")
    for label, argv in (
        ("standings", ["standings"]),
        ("stats", ["stats"]),
        ("chart", ["chart"]),
        ("report --html", ["report", "--html", page, "--force"]),
    ):
        if argv[0] in args.skip:
            continue
        fig = timed(argv, source=warm)
        print_row(f"{label}, seasons cached", fig, verdict(fig, summary, memory))
        fig = timed(argv, source=cold)
        # after an import that cached the seasons, this is what a reader pays once when the
        # cache is gone (deleted, or made by another version): a reference, not the target's
        # case; after one that cached none, it is the first reader's case
        print_row(
            f"{label}, no season cached",
            fig,
            "(reference: the import cached the seasons)"
            if cached_by_import
            else verdict(fig, summary, memory),
        )
    knock = ["knock", "Ann", "8", "--vs", "18"]
    fig = timed(knock)
    print_row("knock: first hand after the import", fig, verdict(fig, summary, memory))
    fresh_copy(source, scratch)
    run([str(GINTALLY), *knock], dict(env, GINTALLY_DB=str(scratch)))
    fig = timed(knock, fresh=False)
    print_row("knock: the next hands", fig, verdict(fig, summary, memory))
    fig = timed(["show"], fresh=False)
    print_row("show, after those hands", fig, verdict(fig, summary, memory))
    for label, argv in (
        ("hands --all", ["hands", "--all"]),
        ("show --all", ["show", "--all"]),
        ("export (CSV)", ["export"]),
        ("export --format json", ["export", "--format", "json"]),
        ("check", ["check"]),
    ):
        if " ".join(argv) in args.skip:  # a whole-list command is skipped by its full name
            continue
        fig = timed(argv)
        print_row(label, fig, verdict(fig, whole, memory))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="100000", help="hands per ledger, comma-separated")
    ap.add_argument(
        "--formats",
        default="ad-infinitum,hollywood",
        help="the match's format at each size, comma-separated (default ad-infinitum,hollywood)",
    )
    ap.add_argument(
        "--million",
        action="store_true",
        help="also a 1,000,000-hand ad-infinitum match (minutes to build the first time)",
    )
    ap.add_argument("--runs", type=int, default=3, help="runs per command (default 3)")
    ap.add_argument("--import-runs", type=int, default=3, help="imports at 100,000 hands or less")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--cache", type=Path, default=None, help="where the built ledgers are kept")
    ap.add_argument("--no-import", action="store_true", help="use the cached ledger, no import")
    ap.add_argument(
        "--skip",
        default="",
        help="commands not to run, comma-separated: standings,chart,... ('hands' skips the "
        "default window, 'hands --all' the whole list)",
    )
    ap.add_argument("--quick", action="store_true", help="2 runs of each command")
    args = ap.parse_args(argv)
    args.skip = {c.strip() for c in args.skip.split(",") if c.strip()}
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    ledgers = [(size, fmt) for size in sizes for fmt in formats]
    if args.million:
        ledgers.append((1_000_000, "ad-infinitum"))
    if args.quick:
        args.runs, args.import_runs = 2, 2
    args.runs = max(1, args.runs)
    if not GINTALLY.exists():
        raise SystemExit(f"{GINTALLY} is missing: install gintally into this Python's environment")
    cache = args.cache or Path(tempfile.gettempdir()) / f"gintally-bench-scale-v{CACHE_VERSION}"
    cache.mkdir(parents=True, exist_ok=True)
    print(
        f"gintally {gintally.__version__} scale benchmark; measuring {code_state()}\n"
        f"cache: {cache}; {load()}"
    )
    work = Path(tempfile.mkdtemp(prefix="gintally-bench-scale-"))
    try:
        for size, fmt in ledgers:
            bench_ledger(size, fmt, args, cache, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nat the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
