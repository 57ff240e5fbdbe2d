"""Whole-process timings of the command line, next to ``sqlite-utils insert`` of one row.

Prints figures; it asserts nothing. A ledger holding 10,000 hands in its current match is built
once with the library (in a temp directory), then each command is run several times as a new
process (subprocess, timed with time.perf_counter around the whole run), round-robin so machine
noise falls on every command alike; the median is reported with its ratio to the median of
``sqlite-utils insert`` of one row into a SQLite file (target: every gintally command 1.0x or less;
``knock`` 0.7x; ``show`` and ``show --json`` 0.8x). Every format by default (``--format``), one
after the other, each with its own ledger. ``gintally knock`` keeps appending to the same ledger
(one hand per run: 10,000 plus a few). ``show`` writes to a pipe there; one more row, for
reference, runs it in colour (``FORCE_COLOR=1``), as on a terminal (Rich draws both). The
executables are those beside the running Python (sys.executable's directory). Then the start-up
imports: the top modules by cumulative import time of ``import gintally.cli`` (``python -X
importtime``, median per module over several runs), and what the knock command imports after that.

``--against REV`` adds rows for the gintally of git revision REV (extracted to the temp
directory and found first through PYTHONPATH, run by the same console script), taking turns with
this checkout's in the same rounds: a change's before and after in one run.

Run: ``.venv/bin/python benchmarks/bench_cli.py`` (``--quick`` for 5 runs per command).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path

from _common import code_state

import gintally
from gintally import service as tally
from gintally.engine.formats import FORMATS, Format
from gintally.errors import GintallyError
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import HandRecord, Match, TypedHand

BIN = Path(sys.executable).parent
GINTALLY = BIN / "gintally"
SQLITE_UTILS = BIN / "sqlite-utils"
TARGET_RATIO = 1.0
SHOW_RATIO = 0.8  # show and show --json, for every format (issue 21)
KNOCK_RATIO = 0.7  # a hand recorded, for every format (issue 32)
LAST_DAY = date.today() - timedelta(days=1)  # the ledger's hands end yesterday; knocks are today


def build_ledger(path: Path, hands: int, fmt: str, seed: int) -> Match:
    """A ledger whose current match (Ann v Bob, modern rules) holds `hands` plausible hands,
    dated over the last ten years, added in one transaction."""
    rng = random.Random(seed)
    with Ledger.open(path) as book:
        match = book.create_match(
            "Kitchen table", ("Ann", "Bob"), Format(fmt), resolve("modern"), "Ann"
        )
        first = LAST_DAY.replace(year=LAST_DAY.year - 10)
        span = (LAST_DAY - first).days
        days = sorted(first + timedelta(days=rng.randint(0, span)) for _ in range(hands))
        records: list[HandRecord] = []
        for day in days:
            while True:
                player = rng.choice(("Ann", "Bob"))
                defender = max(0, min(98, int(rng.gauss(24, 12))))
                if rng.random() < 0.2:
                    typed = TypedHand("gin", day, player=player, vs=defender)
                else:
                    knocker = rng.randint(1, 10)
                    if rng.random() < 0.12:
                        defender = rng.randint(0, knocker)
                    typed = TypedHand("knock", day, player=player, deadwood=knocker, vs=defender)
                try:
                    records.append(tally.settle(match, typed).record)
                    break
                except GintallyError:
                    continue
        book.add_hands(match, records)
        return match


def run_once(argv: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock seconds for one whole process, and its CPU seconds (user + system, from
    getrusage of the children: a busy machine inflates it less). A failing command stops the
    benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


# Run in a child process: the command as the console script runs it, with the library calls it
# makes wrapped in timers (in that process only). Prints one JSON object on stderr.
BREAKDOWN = """
import json, sys, time
t0 = time.perf_counter()
import gintally.cli
t1 = time.perf_counter()
from gintally import report
from gintally import service as tally
from gintally.cli import record as cli_record
from gintally.cli import views as cli_views
from gintally.ledger import Ledger
spent = {}
def timed(owner, name, key):
    original = getattr(owner, name)
    def wrapper(*a, **k):
        s = time.perf_counter()
        try:
            return original(*a, **k)
        finally:
            spent[key] = spent.get(key, 0.0) + time.perf_counter() - s
    setattr(owner, name, wrapper)
timed(Ledger, "open", "open the ledger")
timed(tally, "record", "tally.record")
timed(tally, "replay_match", "tally.replay_match")
timed(report, "hand_doc", "report.hand_doc")
timed(report, "show_doc", "report.show_doc")
timed(cli_record, "emit", "print (emit)")
timed(cli_views, "emit", "print (emit)")
sys.argv = ["gintally", *sys.argv[1:]]
t2 = time.perf_counter()
try:
    gintally.cli.main()
except SystemExit:
    pass
t3 = time.perf_counter()
spent["import gintally.cli"] = t1 - t0
spent["the rest: Typer reads the line, dispatch"] = (t3 - t2) - sum(
    v for k, v in spent.items() if k != "import gintally.cli"
)
sys.stderr.write(json.dumps(spent))
"""


def where_time_goes(env: dict[str, str], runs: int) -> None:
    """Median time of each part of knock, show and show --json, inside the process."""
    cases = [
        ("knock Ann 8 --vs 18", ["knock", "Ann", "8", "--vs", "18"]),
        ("show", ["show"]),
        ("show --json", ["show", "--json"]),
    ]
    print(f"where the time goes inside the process (ms, median of {runs} runs; start-up excluded)")
    for label, argv in cases:
        parts: dict[str, list[float]] = defaultdict(list)
        for _ in range(runs):
            done = subprocess.run(
                [sys.executable, "-c", BREAKDOWN, *argv],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                check=True,
            )
            for key, value in json.loads(done.stderr.strip().splitlines()[-1]).items():
                parts[key].append(value)
        text = ", ".join(
            f"{key} {statistics.median(v) * 1e3:.1f}"
            for key, v in sorted(parts.items(), key=lambda kv: -statistics.median(kv[1]))
        )
        print(f"  {label}: {text}")
    print()


def import_times(code: str, env: dict[str, str], runs: int) -> dict[str, list[int]]:
    """Cumulative import time (µs) per top-level import line of ``python -X importtime``."""
    found: dict[str, list[int]] = defaultdict(list)
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=True,
        )
        for line in done.stderr.splitlines():
            if not line.startswith("import time:") or "cumulative" in line:
                continue
            _, cumulative, name = line.split(":", 1)[1].split("|", 2)
            found[name.rstrip()].append(int(cumulative))
    return found


def print_imports(title: str, found: dict[str, list[int]], top: int) -> None:
    rows = sorted(((statistics.median(v), name) for name, v in found.items()), reverse=True)[:top]
    print(title)
    print(f"  {'cumulative ms':>13}  module (indent = import depth)")
    for us, name in rows:
        print(f"  {us / 1000:>13.1f}  {name}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=15, help="runs per command (default 15)")
    ap.add_argument("--hands", type=int, default=10_000, help="hands in the current match")
    ap.add_argument(
        "--format",
        default=",".join(FORMATS),
        help="the current match's format, or several comma-separated (default: every format, "
        "one after the other)",
    )
    ap.add_argument("--top", type=int, default=15, help="imports to list")
    ap.add_argument("--seed", type=int, default=2016)
    ap.add_argument("--quick", action="store_true", help="5 runs per command")
    ap.add_argument(
        "--against",
        metavar="REV",
        help="also time knock, show and show --json of the gintally of git revision REV",
    )
    args = ap.parse_args(argv)
    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    for fmt in formats:
        if fmt not in FORMATS:
            ap.error(f"--format: {fmt!r} is not one of {', '.join(FORMATS)}")
    if args.quick:
        args.runs = 5
    args.runs = max(args.runs, 3)
    for exe in (GINTALLY, SQLITE_UTILS):
        if not exe.exists():
            raise SystemExit(f"{exe} is missing: install gintally into this Python's environment")

    work = Path(tempfile.mkdtemp(prefix="gintally-bench-cli-"))
    try:
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs at the start")
        for i, fmt in enumerate(formats):
            bench(args, work / fmt, fmt, details=i == len(formats) - 1)
        print(f"\nload average {os.getloadavg()[0]:.1f} at the end")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def extract(rev: str, into: Path) -> str:
    """The gintally package of git revision `rev`, extracted under `into`; its commit."""
    repo = Path(gintally.__file__).resolve().parent.parent
    commit = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--short", rev],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    archive = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", commit, "gintally"],
        capture_output=True,
        check=True,
    ).stdout
    into.mkdir(parents=True)
    (into / "gintally.tar").write_bytes(archive)
    with tarfile.open(into / "gintally.tar") as tar:
        tar.extractall(into, filter="data")
    return commit


def bench(args: argparse.Namespace, work: Path, fmt: str, details: bool = True) -> None:
    """The figures for a ledger whose current match is of format `fmt`; with `details`, where
    the time goes and the start-up imports too (the same for every format)."""
    work.mkdir(parents=True)
    ledger_path = work / "ledger.db"
    t0 = time.perf_counter()
    build_ledger(ledger_path, args.hands, fmt, args.seed)
    plain = work / "plain.db"
    row = work / "row.json"
    row.write_text(json.dumps({"date": "2026-11-21", "kind": "knock", "winner": 1, "points": 10}))
    inherited = dict(os.environ, GINTALLY_DB=str(ledger_path), COLUMNS="100", NO_COLOR="1")
    inherited.pop("GINTALLY_DEBUG", None)
    # As after a regular install: bytecode compiled once and kept (here in a temp directory, so
    # nothing is written into the source tree).
    env = dict(inherited, PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    small_path = work / "small.db"
    build_ledger(small_path, 0, fmt, args.seed)
    small = dict(env, GINTALLY_DB=str(small_path))
    colour = {k: v for k, v in env.items() if k != "NO_COLOR"} | {"FORCE_COLOR": "1"}
    sqlite_insert = [str(SQLITE_UTILS), "insert", str(plain), "hands", str(row)]
    run_once(sqlite_insert, env)  # creates the table
    print(
        f"gintally {gintally.__version__} command-line benchmark: {args.hands} hands in the "
        f"current ({fmt}) match, built in {time.perf_counter() - t0:.1f} s; "
        f"{args.runs} runs per command, round-robin in a shuffled order"
    )
    print(f"executables: {BIN}; measuring {code_state()}")
    hyperfine = shutil.which("hyperfine")
    print(
        "hyperfine: "
        + (f"found at {hyperfine}, not used" if hyperfine else "not installed")
        + " (figures below: subprocess + time.perf_counter)"
    )
    print(
        "bytecode: kept between runs (PYTHONPYCACHEPREFIX in a temp directory), as after a "
        "regular install\n"
    )

    knock = [str(GINTALLY), "knock", "Ann", "8", "--vs", "18"]
    version = [str(GINTALLY), "--version"]
    commands: list[tuple[str, list[str], dict[str, str]]] = [
        ("sqlite-utils insert (one row)", sqlite_insert, env),
        ("gintally knock Ann 8 --vs 18", knock, env),
        ("gintally show", [str(GINTALLY), "show"], env),
        ("gintally --version", version, env),
        ("gintally show --json", [str(GINTALLY), "show", "--json"], env),
        ("python -c pass (interpreter floor)", [sys.executable, "-c", "pass"], env),
        # What every command pays before a line of gintally's runs: Typer (knock, show --json)
        # and Typer with Rich's console and tables (show draws with them)
        ("python -c 'import typer' (f)", [sys.executable, "-c", "import typer"], env),
        (
            "python -c 'import typer, rich tables' (f)",
            [sys.executable, "-c", "import typer, rich.console, rich.table"],
            env,
        ),
        ("gintally knock, match of few hands (+)", knock, small),
        # show on a terminal, in colour; the runs above write to a pipe
        ("gintally show, in colour (FORCE_COLOR=1) (c)", [str(GINTALLY), "show"], colour),
    ]
    if args.against:
        rev = extract(args.against, work / "old")
        # Its own ledger, the same hands built by its own code: a ledger that this checkout has
        # opened may carry a migration the older code does not know, and refuse it.
        old_path = work / "old.db"
        build = [
            sys.executable,
            "-P",
            "-c",
            "import sys; from bench_cli import build_ledger; "
            "build_ledger(__import__('pathlib').Path(sys.argv[1]), *map(int, sys.argv[2:3]), "
            "sys.argv[3], int(sys.argv[4]))",
            str(old_path),
            str(args.hands),
            fmt,
            str(args.seed),
        ]
        path = os.pathsep.join((str(work / "old"), str(Path(__file__).parent)))
        subprocess.run(build, env=dict(env, PYTHONPATH=path), check=True)
        old = dict(env, PYTHONPATH=str(work / "old"), GINTALLY_DB=str(old_path))
        commands += [
            (f"  knock, at {rev} (-)", knock, old),
            (f"  show, at {rev} (-)", [str(GINTALLY), "show"], old),
            (f"  show --json, at {rev} (-)", [str(GINTALLY), "show", "--json"], old),
        ]
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # This environment never writes bytecode, and an editable install keeps none for
        # gintally (a regular install compiles it as it installs): show what the environment's
        # runs cost.
        commands += [
            ("gintally knock, no bytecode cache (*)", knock, inherited),
            ("gintally --version, no bytecode cache (*)", version, inherited),
        ]
    for _, cmd, e in commands:  # warm-up: the OS file cache, the bytecode cache
        run_once(cmd, e)
    times: dict[str, list[float]] = {name: [] for name, _, _ in commands}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in commands}
    order = random.Random(args.seed)
    for _ in range(args.runs):
        round_ = list(commands)
        order.shuffle(round_)
        for name, cmd, e in round_:
            wall, used = run_once(cmd, e)
            times[name].append(wall)
            cpu[name].append(used)

    base = statistics.median(times[commands[0][0]])
    base_cpu = statistics.median(cpu[commands[0][0]])
    width = max(len(name) for name, _, _ in commands)
    print(
        f"{'command':<{width}}  {'median ms':>9}  {'min':>6}  {'max':>6}  {'ratio':>6}  "
        f"{'CPU ms':>6}  {'ratio':>6}  target (on the wall-clock ratio)"
    )
    for name, _, _ in commands:
        med = statistics.median(times[name])
        med_cpu = statistics.median(cpu[name])
        ratio = med / base
        if name.startswith("gintally") and "(" not in name:
            if name.startswith("gintally show"):
                target = SHOW_RATIO
            elif name.startswith("gintally knock"):
                target = KNOCK_RATIO
            else:
                target = TARGET_RATIO
            verdict = f"<= {target:g}x " + ("met" if ratio <= target else "MISSED")
        else:
            verdict = "(for reference)"
        print(
            f"{name:<{width}}  {med * 1e3:>9.1f}  {min(times[name]) * 1e3:>6.1f}  "
            f"{max(times[name]) * 1e3:>6.1f}  {ratio:>5.2f}x  {med_cpu * 1e3:>6.1f}  "
            f"{med_cpu / base_cpu:>5.2f}x  {verdict}"
        )
    with Ledger.open(ledger_path, write=False) as book:
        held = len(book.live_hands(book.match()))
    print(f"(ratio = median / median of sqlite-utils insert; the match now holds {held} hands)")
    print("(+) the same knock into a match that starts empty (it holds a few dozen at the end)")
    print(
        "(f) the stack's floor: Typer, which every command imports, and Rich's console and "
        "tables, which show draws with"
    )
    print(
        "(c) show as a terminal runs it, in colour (the rows above write to a pipe: the same "
        "tables, no colour)"
    )
    if args.against:
        print(
            f"(-) the gintally of {args.against}, found first through PYTHONPATH, same rounds "
            "(its knocks append to its own copy of the ledger, built by its own code)"
        )
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print(
            "(*) as this environment runs it: PYTHONDONTWRITEBYTECODE is set, so gintally's "
            "modules are compiled from\n    source at every start unless the install wrote "
            "their bytecode (pip install . does, an editable\n    install does not); not counted "
            "in the target"
        )
    print()
    if not details:
        return

    runs = max(3, min(args.runs, 7))
    where_time_goes(env, runs)

    found = import_times("import gintally.cli", env, runs)
    print_imports(
        f"top {args.top} imports by cumulative time, python -X importtime -c 'import "
        f"gintally.cli' (median of {runs} runs, bytecode cached):",
        found,
        args.top,
    )
    knock_code = (
        "import sys; sys.argv = ['gintally', 'knock', 'Ann', '8', '--vs', '18']\n"
        "import gintally.cli\n"
        "try:\n    gintally.cli.main()\nexcept SystemExit:\n    pass"
    )
    during = import_times(knock_code, env, runs)
    at_start = {name.strip() for name in found}
    later = {name: v for name, v in during.items() if name.strip() not in at_start}
    print_imports(
        f"\nimported while the knock command runs, after 'import gintally.cli' (median of {runs}):",
        later,
        args.top,
    )


if __name__ == "__main__":
    sys.exit(main())
