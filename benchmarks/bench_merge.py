"""Several devices: ``gintally merge`` and the identities migration on a ledger of a household's
decades.

Prints figures; it asserts nothing. For a ledger of ``--hands`` hands (default 100,000: one
ad-infinitum match, Ann v Bob, plain results over 50 years, a hundredth of them edited and a
hundredth voided), each as the console script runs it, on fresh copies:

1. ``merge`` of the whole ledger into an empty one (every fact new);
2. ``merge`` of it into a copy of itself (every fact already here: what a second merge costs);
3. ``merge`` of two copies that each recorded ``--new`` hands of their own since they parted,
   either way round (the hands interleave by date, so the match is numbered again);
4. the migration ``m013_identities`` of the same ledger made old (no uids): opening it once;
5. the same by JSON export: the export (its corrected hands' histories too), its import into
   the match made on a device without hands, into a copy of itself (all here), and one
   copy's export into the other;
6. what a merge is measured against: the import of the ledger's CSV export (its live hands,
   the fastest import of the same hands) into the match without hands; and the first
   ``standings`` after the merge into an empty ledger (the merge caches the seasons).

Each figure is the median wall and CPU time (user + system of that child, from ``os.wait4``)
and the largest peak resident memory over ``--runs`` runs. Run:
``.venv/bin/python benchmarks/bench_merge.py`` (``--hands``, ``--new``, ``--runs``).
"""

from __future__ import annotations

import argparse
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
from datetime import date, timedelta
from pathlib import Path

from _common import code_state

from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import HandRecord

GINTALLY = Path(sys.executable).parent / "gintally"


def run(argv: Sequence[str]) -> tuple[float, float, float]:
    """One whole process: wall seconds, CPU seconds and peak RSS (MB) of that child alone."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {err.decode()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def build(path: Path, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    start = date(1977, 1, 1)
    with Ledger.open(path) as book:
        m = book.create_match("Decades", ("Ann", "Bob"), Format("ad-infinitum"), resolve())
        ann, bob = (p.id for p in m.players)
        # up to a week ago: an import refuses a hand from the future (`grow` adds a few days)
        end = date.today() - timedelta(days=7)
        days = sorted(
            min(start + timedelta(days=rng.randrange(50 * 365)), end) for _ in range(hands)
        )
        rows = [
            (
                None,
                None,
                HandRecord(d, "score", "score", rng.choice((ann, bob)), rng.randrange(5, 60)),
            )
            for d in days
        ]
        book.import_rows(
            m, ((f, u, (h.date.isoformat(), *h.stored())) for f, u, h in rows), lambda: "", "x"
        )
        for number in rng.sample(range(1, hands + 1), hands // 100):
            old = book.hand(m, number)
            book.replace_hand(m, number, HandRecord(old.date, "score", "score", old.winner, 7))
        for number in rng.sample(range(1, hands + 1), hands // 100):
            if not book.hand(m, number).voided:
                book.void(m, number)


def grow(path: Path, new: int, seed: int) -> None:
    """`new` hands of this device's own, on the last days of the ledger."""
    rng = random.Random(seed)
    with Ledger.open(path) as book:
        m = book.match("Decades")
        last = book.live_hands_latest(m)
        day = last.date if last else date(2026, 1, 1)
        book.add_hands(
            m,
            [
                HandRecord(
                    day + timedelta(days=rng.randrange(3)),
                    "score",
                    "score",
                    m.players[rng.randrange(2)].id,
                    rng.randrange(5, 60),
                )
                for _ in range(new)
            ],
        )


def made_old(src: Path, dst: Path) -> None:
    shutil.copyfile(src, dst)
    conn = sqlite3.connect(dst)
    for index in ("players_uid", "matches_uid", "hands_uid", "corrections_uid"):
        conn.execute(f"DROP INDEX {index}")
    views = conn.execute("SELECT name FROM sqlite_master WHERE type = 'view'").fetchall()
    for (name,) in views:  # they read the uids (`m018_void_order`)
        conn.execute(f"DROP VIEW {name}")
    for table in ("players", "matches", "hands", "corrections"):
        conn.execute(f"ALTER TABLE {table} DROP COLUMN uid")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm013_identities'")
    conn.commit()
    conn.execute("VACUUM")
    conn.close()


def make(work: Path, hands: int, new: int, seed: int) -> None:
    """The benchmark's ledgers in `work`: base, a and b (each grown), old, empty (the match
    without hands) and new (a ledger without a match)."""
    base = work / "base.db"
    build(base, hands, seed)
    a, b = work / "a.db", work / "b.db"
    shutil.copyfile(base, a)
    shutil.copyfile(base, b)
    grow(a, new, seed + 1)
    grow(b, new, seed + 2)
    made_old(base, work / "old.db")
    with Ledger.open(work / "empty.db") as book:
        book.create_match("Decades", ("Ann", "Bob"), Format("ad-infinitum"), resolve())
    with Ledger.open(work / "new.db"):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--new", type=int, default=1_000, help="hands each device adds")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--make", help=argparse.SUPPRESS)  # the ledgers, in a child process
    args = parser.parse_args(argv)
    if args.make:
        make(Path(args.make), args.hands, args.new, args.seed)
        return 0
    print(f"gintally merge benchmark; measuring {code_state()}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        # built by a child: on Linux a child's peak memory counts the memory of the process it
        # was forked from, so this one stays small (it was 73 MB, every figure's floor)
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--make",
                tmp,
                "--hands",
                str(args.hands),
                "--new",
                str(args.new),
                "--seed",
                str(args.seed),
            ],
            check=True,
        )
        base, a, b, old = (work / f"{n}.db" for n in ("base", "a", "b", "old"))
        empty = work / "empty.db"  # the match made on another device, without hands
        exported = {db: work / f"{db.stem}.json" for db in (base, a)}
        for db, path in exported.items():
            run([str(GINTALLY), "--db", str(db), "export", "-f", "json", "-o", str(path)])
        as_csv = work / "base.csv"
        run([str(GINTALLY), "--db", str(base), "export", "-o", str(as_csv)])
        merged = work / "merged.db"
        run([str(GINTALLY), "--db", str(merged), "merge", str(base)])
        cases: dict[str, tuple[Path | None, list[str]]] = {
            "merge into an empty ledger": (None, ["merge", str(base)]),
            "merge into its own copy (all here)": (base, ["merge", str(base)]),
            f"merge of two copies, {args.new:,} new hands each": (a, ["merge", str(b)]),
            "  the other way round": (b, ["merge", str(a)]),
            "m013_identities: opening the old ledger": (old, ["match", "list"]),
            "export --format json (with its corrected hands)": (
                base,
                ["export", "-f", "json", "-o", str(work / "out.json"), "--force"],
            ),
            "import of it into the match, no hands there": (empty, ["import", str(exported[base])]),
            "import of it into its own copy (all here)": (base, ["import", str(exported[base])]),
            f"import of a copy's, {args.new:,} new hands each": (b, ["import", str(exported[a])]),
            "import of its CSV export, no hands there": (empty, ["import", str(as_csv)]),
            "the first standings after the merge": (merged, ["standings"]),
        }
        print(f"\n{args.hands:,} hands; median of {args.runs} runs")
        print(f"  {'what':48} {'wall s':>7} {'CPU s':>7} {'peak MB':>8}")
        for label, (into, cmd) in cases.items():
            figures = []
            for _ in range(args.runs):
                target = work / "target.db"
                for p in work.glob("target.db*"):
                    p.unlink()
                if into is None:
                    shutil.copyfile(work / "new.db", target)
                else:
                    shutil.copyfile(into, target)
                figures.append(run([str(GINTALLY), "--db", str(target), *cmd]))
            wall, cpu, mb = zip(*figures, strict=True)
            print(
                f"  {label:48} {statistics.median(wall):7.2f} {statistics.median(cpu):7.2f} "
                f"{max(mb):8.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
