"""Recording a hand must not slow down as the ledger grows; nor may the replay shown after it.

Prints figures; it asserts nothing. Steps:

1. A 100,000-hand ledger: a 50-year household (1977-2026) of five matches (two single-game
   matches, a Hollywood match, a Honeymoon match, and a Honeymoon gin ad-infinitum match of 20
   yearly seasons of 1,000 hands, 2007-2026). Built once through `Ledger.add_hands` in big
   transactions from hands settled by `tally.settle`, and cached (in the temp directory, or at
   ``--ledger PATH``); each run works on a fresh copy, so the cache never changes.
2. An empty ledger with the same two kinds of match (ad-infinitum and single).
3. 200 hands recorded one by one with `tally.record` (validation plus one transaction: what the
   command line does before printing), each followed by the replay the command line then shows
   (`tally.replay_match(ledger, match, around=date)`), into both ledgers, both match kinds,
   interleaved hand by hand so machine noise falls on all of them alike. Hands for the
   ad-infinitum match are dated in its latest season. Median per hand, and the ratio of the
   100k ledger to the empty one (target: within 1.3x).
4. The pure replay (`formats.replay`) of one full ad-infinitum season of 1,000 hands, median of
   several passes (target: well under 50 ms), and peak memory (tracemalloc) of the replays.

Run: ``.venv/bin/python benchmarks/bench_ledger.py`` (``--quick`` records 60 hands, not 200).
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from _common import code_state

import gintally
from gintally import service as tally
from gintally.engine.formats import Format
from gintally.engine.replay import replay
from gintally.errors import GintallyError
from gintally.game.cards import DECK
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import HandRecord, Match, TypedHand

CACHE_VERSION = 1  # bump when the recipe below changes, so a stale cache is rebuilt
RECORD_TARGET_RATIO = 1.3
SEASON_REPLAY_TARGET_MS = 50.0
AD_INFINITUM = "Honeymoon ad infinitum"
SINGLE = "Kitchen table"
LATEST_DAY = date(2026, 11, 20)  # the household's last hand before the benchmark's


@dataclass(frozen=True)
class Plan:
    """One match of the household and how many hands it holds over which years."""

    name: str
    players: tuple[str, str]
    format: Format
    rules: str
    hands: int
    first_year: int
    last_year: int


def household(total: int) -> list[Plan]:
    """Five matches over 50 years; the ad-infinitum match has 20 seasons of total/100 hands."""
    per_season = total // 100
    rest = total - 20 * per_season
    return [
        Plan(SINGLE, ("Ann", "Bob"), Format("single"), "modern", rest * 3 // 8, 1977, 2026),
        Plan(
            "Hollywood Fridays",
            ("Ann", "Bob"),
            Format("hollywood", 3),
            "modern",
            rest * 5 // 16,
            1980,
            2026,
        ),
        Plan(
            "Honeymoon",
            ("Ann", "Cat"),
            Format("honeymoon", 3),
            "modern",
            rest * 3 // 16,
            1985,
            2026,
        ),
        Plan(
            "Cabin summers",
            ("Bob", "Dan"),
            Format("single"),
            "classic",
            rest - rest * 3 // 8 - rest * 5 // 16 - rest * 3 // 16,
            1977,
            2020,
        ),
        Plan(
            AD_INFINITUM,
            ("Ann", "Bob"),
            Format("ad-infinitum"),
            "honeymoon",
            20 * per_season,
            2007,
            2026,
        ),
    ]


# --- plausible hands -------------------------------------------------------------------------


def typed_hand(rng: random.Random, match: Match, day: date) -> TypedHand:
    """A hand as typed at the table, in the proportions of real play: mostly knocks, a gin in
    five, the odd undercut; the counts are drawn so that most knocks are legal."""
    rules = match.rules
    a, b = (p.name for p in match.players)
    player = a if rng.random() < 0.5 else b
    upcard = str(rng.choice(DECK)) if rules.knock_from_upcard or rules.spade_doubles else None
    defender = max(0, min(98, int(rng.gauss(24, 12))))
    roll = rng.random()
    if roll < 0.2:
        return TypedHand("gin", day, player=player, vs=defender, upcard=upcard)
    limit = 10 if isinstance(rules.knock_limit, str) else max(1, rules.knock_limit)
    knocker = rng.randint(1, limit)
    if rng.random() < 0.12:
        defender = rng.randint(0, knocker)  # an undercut
    return TypedHand("knock", day, player=player, deadwood=knocker, vs=defender, upcard=upcard)


def settled_hands(rng: random.Random, match: Match, days: Iterator[date]) -> Iterator[HandRecord]:
    """Legal hands for the match, one per day given (an illegal draw is drawn again)."""
    for day in days:
        while True:
            try:
                yield tally.settle(match, typed_hand(rng, match, day)).record
                break
            except GintallyError:
                continue


def spread_days(rng: random.Random, n: int, first: date, last: date) -> list[date]:
    """`n` random days in [first, last], in order (several hands share an evening)."""
    span = (last - first).days
    return sorted(first + timedelta(days=rng.randint(0, span)) for _ in range(n))


def plan_days(rng: random.Random, plan: Plan) -> list[date]:
    if not plan.format.seasonal:
        last = min(date(plan.last_year, 12, 31), LATEST_DAY)
        return spread_days(rng, plan.hands, date(plan.first_year, 1, 1), last)
    seasons = plan.last_year - plan.first_year + 1
    days: list[date] = []
    for i, year in enumerate(range(plan.first_year, plan.last_year + 1)):
        n = plan.hands // seasons + (1 if i < plan.hands % seasons else 0)
        days += spread_days(rng, n, date(year, 1, 1), min(date(year, 12, 31), LATEST_DAY))
    return days


# --- the ledgers ---------------------------------------------------------------------------------


def create_matches(book: Ledger, plans: Sequence[Plan]) -> dict[str, Match]:
    return {
        p.name: book.create_match(p.name, p.players, p.format, resolve(p.rules), p.players[0])
        for p in plans
    }


def build_ledger(path: Path, total: int, seed: int, chunk: int = 5_000) -> None:
    """Build the household ledger at `path` (beside it first, then moved into place)."""
    tmp = path.with_name(path.name + ".building")
    for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
        leftover.unlink(missing_ok=True)
    rng = random.Random(seed)
    plans = household(total)
    t0 = time.perf_counter()
    with Ledger.open(tmp) as book:
        matches = create_matches(book, plans)
        for plan in plans:
            match = matches[plan.name]
            batch: list[HandRecord] = []
            for rec in settled_hands(rng, match, iter(plan_days(rng, plan))):
                batch.append(rec)
                if len(batch) >= chunk:
                    book.add_hands(match, batch)
                    batch = []
            if batch:
                book.add_hands(match, batch)
        count = book.hand_count()
        book.use_match(SINGLE)
    tmp.replace(path)
    print(f"built {path}: {count} hands in {time.perf_counter() - t0:.1f} s")


def cached_ledger(path: Path | None, total: int, seed: int) -> Path:
    """The household ledger: at `path`, or cached in the temp directory; built when missing or
    not the expected size."""
    given = path is not None
    if path is None:
        cache = Path(tempfile.gettempdir()) / "gintally-bench"
        cache.mkdir(exist_ok=True)
        path = cache / f"household-{total}-s{seed}-v{CACHE_VERSION}.db"
    if path.exists():
        try:
            with Ledger.open(path, write=False) as book:
                names = {m.name for m in book.matches()}
                if book.hand_count() == total and {AD_INFINITUM, SINGLE} <= names:
                    print(f"using the cached ledger {path} ({total} hands)")
                    return path
        except GintallyError:
            pass
        if given:  # never delete a file the user named
            raise SystemExit(f"{path} is not a ledger this benchmark built: choose a new path")
        print(f"{path} is not the expected ledger: building it again")
        path.unlink()
    build_ledger(path, total, seed)
    return path


# --- timing --------------------------------------------------------------------------------------


@dataclass
class Target:
    """One ledger and match that hands are recorded into."""

    label: str
    book: Ledger
    match: Match
    hands: list[TypedHand] = field(default_factory=list)
    record_s: list[float] = field(default_factory=list)
    last_day: date | None = None


def new_hands(rng: random.Random, match: Match, n: int, start: date) -> list[TypedHand]:
    """`n` legal hands dated from `start` on, five an evening (checked with the pure `settle`,
    so none is refused while timed)."""
    out: list[TypedHand] = []
    while len(out) < n:
        hand = typed_hand(rng, match, start + timedelta(days=len(out) // 5))
        try:
            tally.settle(match, hand)
        except GintallyError:
            continue
        out.append(hand)
    return out


def ms(seconds: float) -> float:
    return seconds * 1e3


def trimmed_mean(values: Sequence[float], cut: float = 0.1) -> float:
    """The mean of the middle of the values (a check on the median when timings are bimodal)."""
    s = sorted(values)
    k = int(len(s) * cut)
    middle = s[k : len(s) - k] or s
    return sum(middle) / len(middle)


def time_passes(fn: Callable[[], Any], passes: int) -> list[float]:
    fn()  # warm-up
    out = []
    for _ in range(passes):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def peak_kib(fn: Callable[[], Any]) -> float:
    """Peak memory allocated while `fn` runs (tracemalloc), in KiB."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return (peak - base) / 1024


def kind_of(match: Match) -> str:
    return "ad-infinitum" if match.format.seasonal else match.format.name


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--ledger", type=Path, help="where to build (or find) the big ledger")
    ap.add_argument("--size", type=int, default=100_000, help="hands in the big ledger")
    ap.add_argument("--record", type=int, default=200, help="hands recorded one by one")
    ap.add_argument("--passes", type=int, default=7, help="passes of each replay (median)")
    ap.add_argument("--seed", type=int, default=1977, help="random seed")
    ap.add_argument("--quick", action="store_true", help="record 60 hands, 5 replay passes")
    args = ap.parse_args(argv)
    if args.quick:
        args.record, args.passes = 60, 5
    args.passes = max(args.passes, 3)

    print(f"gintally {gintally.__version__} ledger benchmark, measuring {code_state()}")
    source = cached_ledger(args.ledger, args.size, args.seed)
    work = Path(tempfile.mkdtemp(prefix="gintally-bench-ledger-"))
    try:
        big_path = work / "household.db"
        shutil.copyfile(source, big_path)  # the cache stays as built
        big = Ledger.open(big_path)
        empty = Ledger.open(work / "empty.db")
        plans = {p.name: p for p in household(args.size)}
        create_matches(empty, [plans[AD_INFINITUM], plans[SINGLE]])
        try:
            targets = recording(args, big, empty)
            replays(args, targets)
            season_replay(args, big)
        finally:
            big.close()
            empty.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nprocess peak RSS (whole run, ledger build included when built): {rss:.0f} MiB")
    return 0


def recording(args: argparse.Namespace, big: Ledger, empty: Ledger) -> list[Target]:
    """Record hands one by one into every target, round-robin in a shuffled order each round."""
    start = LATEST_DAY + timedelta(days=1)
    targets = []
    for book, size in ((empty, "empty"), (big, f"{big.hand_count() // 1000}k")):
        for name in (AD_INFINITUM, SINGLE):
            match = book.match(name)
            held = len(book.live_hands(match))
            label = f"{size} ledger, {kind_of(match)} match ({held} hands)"
            # the same hands for the same kind of match in both ledgers
            rng = random.Random(args.seed + (2 if match.format.seasonal else 3))
            targets.append(Target(label, book, match, new_hands(rng, match, args.record, start)))

    print(
        f"\n1. recording {args.record} hands one by one with tally.record (settle + one "
        "transaction), round-robin over the four targets in a shuffled order"
    )
    order = random.Random(args.seed)
    perf = time.perf_counter
    for i in range(args.record):
        round_ = list(targets)
        order.shuffle(round_)
        for t in round_:
            typed = t.hands[i]
            t0 = perf()
            rec, _ = tally.record(t.book, t.match, typed)
            t.record_s.append(perf() - t0)
            t.last_day = rec.date

    width = max(len(t.label) for t in targets)
    print(f"{'':<{width}}  {'median ms':>9}  {'p10':>6}  {'p90':>6}  {'trimmed mean':>12}")
    for t in targets:
        q = statistics.quantiles(t.record_s, n=10)
        print(
            f"{t.label:<{width}}  {ms(statistics.median(t.record_s)):>9.3f}  {ms(q[0]):>6.3f}  "
            f"{ms(q[-1]):>6.3f}  {ms(trimmed_mean(t.record_s)):>12.3f}"
        )
    print(
        f"ratio of the big ledger to the empty one (target: median within {RECORD_TARGET_RATIO}x)"
    )
    n = len(targets) // 2
    for small, large in zip(targets[:n], targets[n:], strict=True):
        ratio = statistics.median(large.record_s) / statistics.median(small.record_s)
        trimmed = trimmed_mean(large.record_s) / trimmed_mean(small.record_s)
        met = "met" if ratio <= RECORD_TARGET_RATIO else "MISSED"
        print(
            f"  {kind_of(large.match):<13} median {ratio:.2f}x ({met}); trimmed mean {trimmed:.2f}x"
        )
    return targets


def replays(args: argparse.Namespace, targets: list[Target]) -> None:
    """The replay a hand command shows after recording, in each ledger, after the recording:
    as the command does it (from the match's remembered quiet point, remember=True), and the
    whole-match replay it falls back to when a correction touches a hand before that point."""
    print(
        f"\n2. the display replay after recording: tally.replay_match(ledger, match, "
        f"around=date of the last hand, remember=True) as hand commands call it, median of "
        f"{args.passes} passes; and the full replay (tally.replay_all) for comparison"
    )
    width = max(len(t.label) for t in targets)
    print(
        f"{'':<{width}}  {'median ms':>9}  {'min':>8}  {'peak KiB':>9}  {'replayed':>8}  "
        f"{'full ms':>8}"
    )
    medians = {}
    for t in targets:

        def show(t: Target = t) -> Any:
            return tally.replay_match(t.book, t.match, around=t.last_day, remember=True)

        def full(t: Target = t) -> Any:
            return tally.replay_all(t.book, t.match)

        show()  # the first call after recording keeps a quiet point, as the CLI's does
        times = time_passes(show, args.passes)
        replayed = len(show().replay.played)
        medians[t.label] = statistics.median(times)
        whole = statistics.median(time_passes(full, max(3, args.passes // 2)))
        print(
            f"{t.label:<{width}}  {ms(medians[t.label]):>9.2f}  {ms(min(times)):>8.2f}  "
            f"{peak_kib(show):>9.0f}  {replayed:>8}  {ms(whole):>8.1f}"
        )
    n = len(targets) // 2
    for small, large in zip(targets[:n], targets[n:], strict=True):
        ratio = medians[large.label] / medians[small.label]
        print(f"  {kind_of(large.match):<13} big / empty: {ratio:.1f}x (no target set)")
    print("where the time goes in the big ledger (medians, ms):")
    for t in targets[n:]:
        breakdown(args, t)


def breakdown(args: argparse.Namespace, t: Target) -> None:
    """The parts of the replay from a mark, timed one by one."""
    book, match = t.book, t.match
    mark = book.mark(match)
    if mark is None:
        print(f"  {kind_of(match)}: no quiet point remembered (the whole match is replayed)")
        return
    cut = (mark.cut_date, mark.cut_hand)

    def check() -> Any:
        return book.mark(match)

    def fetch() -> Any:
        return book.plays(match, after=cut)

    rows = fetch()
    entries = tally.entries_from_plays(match, rows)

    def pure() -> Any:
        return replay(entries, match.rules, match.format, None, start=mark)

    parts = [
        ("check the mark", check),
        ("fetch the hands after it", fetch),
        ("pure formats.replay from it", pure),
    ]
    text = ", ".join(
        f"{name} {ms(statistics.median(time_passes(fn, args.passes))):.1f}" for name, fn in parts
    )
    print(f"  {kind_of(match)} ({len(rows)} hands after the mark): {text}")


def season_replay(args: argparse.Namespace, big: Ledger) -> None:
    """The pure replay of one full ad-infinitum season of the big ledger."""
    match = big.match(AD_INFINITUM)
    year = LATEST_DAY.year - 1  # the last full season
    hands = big.live_hands(match, since=date(year, 1, 1), until=date(year + 1, 1, 1))
    entries = tally.entries(match, hands)
    rules, fmt = match.rules, match.format

    def pure() -> Any:
        return replay(entries, rules, fmt, 0)

    result = pure()
    passes = max(args.passes, 9)
    times = time_passes(pure, passes)
    cpu = []
    for _ in range(passes):
        c0 = time.process_time()
        pure()
        cpu.append(time.process_time() - c0)
    med = ms(statistics.median(times))
    met = "met" if med < SEASON_REPLAY_TARGET_MS else "MISSED"
    print(
        f"\n3. pure formats.replay of the {year} ad-infinitum season ({len(entries)} hands, "
        f"{len(result.games)} games), median of {passes} passes: {med:.2f} ms "
        f"(min {ms(min(times)):.2f}, max {ms(max(times)):.2f}); "
        f"target well under {SEASON_REPLAY_TARGET_MS:g} ms: {met}"
    )
    print(f"   CPU time of that replay (median): {ms(statistics.median(cpu)):.2f} ms")
    print(f"   peak memory of that replay (tracemalloc): {peak_kib(pure):.0f} KiB")


if __name__ == "__main__":
    sys.exit(main())
