"""Microseconds per hand evaluation: the exact meld search, and the public `evaluate`.

Prints a table; it asserts nothing. Every figure is the median, over several passes, of the mean
time per hand across a fixed, seeded set of hands (parsed to masks and `Card` lists before any
timing). There is no result cache in gintally, and none here: each pass redoes every hand.

Cases
- uniform: 10 or 11 cards drawn from the whole deck.
- meld-rich: 10 or 11 cards drawn from 4 adjacent ranks (16 cards), where sets and runs overlap
  and the meld search has the most set choices to weigh.
- low-level: `search.best_deadwood(mask)` (10 cards), `search.best_discard(mask)` (11 cards).
- public API: `gintally.evaluate(cards)` with a list of `Card`, result object included;
  `gintally.evaluate(text)` with the hand written as text (``"AS 2H TD ..."``): parsing
  included, issue 15's figure; and ``evaluate(text).to_dict()``, which also lists the melds and
  the deadwood cards (`evaluate` works those out only when they are read).
- score_cards: `gintally.score_cards(knocker_text, defender_text)` on knocks: a knocker of 10
  cards with 1-10 deadwood (drawn mostly from 5 adjacent ranks) and a defender of 10 other
  cards; the whole settlement: both hands read, both arranged, the layoffs weighed, the result
  with both players' melds and deadwood cards. Next to it, two `evaluate(text)` of the same
  hands: what the reading and arranging alone cost.
- the card knobs (second table): the same low-level calls under other countings (`Counting`):
  ``tedesco`` (aces high or low, runs round the corner, ace 15), ``high-low`` (aces high or
  low without wrapping: the search that tries a free ace at both ends) and ``mahjong`` (another
  value table on the standard search), and `gintally.evaluate(cards, "tedesco")`; on uniform and
  meld-rich hands, and on *corner* hands drawn from 4 adjacent ranks round the corner (J-Q-K-A,
  Q-K-A-2 or K-A-2-3), where high and low aces compete.

Old against new: ``--against REV`` imports the gintally of a git revision beside this
checkout's (extracted to a temporary directory as ``gintally_old``, its imports renamed) and
times both on the same hands, old and new taking turns pass by pass, so that a busy machine
slows both alike; it prints each side's median and fastest pass (CPU µs) and the ratio: the
before/after of a change measured in the same run.

Run: ``.venv/bin/python benchmarks/bench_eval.py`` (``--quick`` for a short run).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import platform
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from _common import code_state

import gintally
from gintally.game import search
from gintally.game.cards import DECK, Card, card, mask_of
from gintally.game.counting import Counting, counting_of
from gintally.game.rules import find_preset, resolve
from gintally.game.search import best_deadwood, best_discard

# Targets (pure Python, one core), in microseconds per evaluation.
TARGET_US = {("uniform", 10): 10.0, ("uniform", 11): 25.0, ("rich", 10): 30.0, ("rich", 11): 60.0}
# Issue 15: the public text API, <= 6 µs (10 random cards) and <= 12 µs (11); meld-rich hands
# no worse than twice that.
TEXT_TARGET_US = {
    ("uniform", 10): 6.0,
    ("uniform", 11): 12.0,
    ("rich", 10): 12.0,
    ("rich", 11): 24.0,
}

# Peers measured on this machine (µs per hand), quoted for reference only.
PEERS = {
    ("uniform", 10): "RLCard 15, OpenSpiel C++ 1.2",
    ("uniform", 11): "RLCard 15 (going-out check), OpenSpiel C++ 14 (best discard)",
    ("rich", 10): "RLCard 50, OpenSpiel C++ 3.5",
    ("rich", 11): "RLCard 95 (going-out check)",
}


def uniform_hands(rng: random.Random, n: int, size: int) -> list[list[Card]]:
    return [rng.sample(DECK, size) for _ in range(n)]


def meld_rich_hands(rng: random.Random, n: int, size: int, span: int = 4) -> list[list[Card]]:
    """Hands drawn from `span` adjacent ranks of all four suits (16 cards for 4 ranks)."""
    out = []
    for _ in range(n):
        low = rng.randrange(13 - span + 1)
        pool = [card(r, s) for r in range(low, low + span) for s in range(4)]
        out.append(rng.sample(pool, size))
    return out


def corner_hands(rng: random.Random, n: int, size: int) -> list[list[Card]]:
    """Hands drawn from 4 adjacent ranks round the corner (J-Q-K-A, Q-K-A-2 or K-A-2-3)."""
    out = []
    for _ in range(n):
        low = rng.choice((10, 11, 12))
        pool = [card((low + i) % 13, s) for i in range(4) for s in range(4)]
        out.append(rng.sample(pool, size))
    return out


def knock_pairs(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """Knocks as text: a knocker of 10 cards with 1-10 deadwood (7 drawn from 5 adjacent ranks,
    3 from the rest) and a defender of 10 other cards."""
    out: list[tuple[str, str]] = []
    while len(out) < n:
        low = rng.randrange(9)
        pool = [card(r, s) for r in range(low, low + 5) for s in range(4)]
        k = rng.sample(pool, 7)
        k += rng.sample([c for c in DECK if c not in k], 3)
        if 0 < best_deadwood(mask_of(k))[0] <= 10:
            d = rng.sample([c for c in DECK if c not in k], 10)
            out.append((" ".join(map(str, k)), " ".join(map(str, d))))
    return out


def score_pair(pair: tuple[str, str]) -> object:
    return gintally.score_cards(*pair)


def evaluate_pair(pair: tuple[str, str]) -> object:
    return gintally.evaluate(pair[0]), gintally.evaluate(pair[1])


def time_passes(
    fn: Callable[..., object], items: Sequence[Any], passes: int, *args: Any
) -> tuple[list[float], list[float]]:
    """Mean seconds per call of ``fn(item, *args)`` over `items`, once per pass (after a short
    warm-up), as wall-clock time and as this process's CPU time (which a busy machine inflates
    less)."""
    for item in items[: min(len(items), 200)]:  # warm-up: builds the value table once
        fn(item, *args)
    wall, cpu = [], []
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(passes):
            c0, t0 = time.process_time(), time.perf_counter()
            for item in items:
                fn(item, *args)
            t1, c1 = time.perf_counter(), time.process_time()
            wall.append((t1 - t0) / len(items))
            cpu.append((c1 - c0) / len(items))
    finally:
        if gc_was_enabled:
            gc.enable()
    return wall, cpu


def loop_overhead(items: Sequence[Any], passes: int) -> float:
    """Seconds per item of the timing loop itself with a do-nothing call (reported, not
    subtracted)."""

    def nothing(_: object) -> None:
        return None

    return statistics.median(time_passes(nothing, items, passes)[0])


def evaluate_to_dict(text: str) -> object:
    return gintally.evaluate(text).to_dict()


def check_agreement(
    hands: dict[tuple[str, int], list[list[Card]]], preset: str = "modern", n: int = 200
) -> None:
    """Before timing: the public API and the low-level calls agree on the first `n` hands of each
    case (so the figures compare the same work)."""
    c = counting_of(find_preset(preset))
    for (_, size), hs in hands.items():
        for h in hs[:n]:
            m = mask_of(h)
            ev = gintally.evaluate(h, preset)
            low = best_deadwood(m, c)[0] if size == 10 else best_discard(m, c)[0]
            if ev.deadwood != low:
                raise SystemExit(f"evaluate and the search disagree on {h}: {ev.deadwood} != {low}")


# The countings of the second table: the rule sets whose knobs they follow.
KNOB_COUNTINGS: dict[str, Counting] = {
    "tedesco": counting_of(find_preset("tedesco")),
    "high-low": counting_of(resolve("modern", ["aces=high-low"])),
    "mahjong": counting_of(find_preset("mahjong")),
}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", type=int, default=10_000, help="hands per case (default 10000)")
    ap.add_argument("--passes", type=int, default=7, help="timed passes per case (default 7)")
    ap.add_argument("--seed", type=int, default=20_261_121, help="random seed")
    ap.add_argument("--quick", action="store_true", help="2000 hands, 5 passes")
    ap.add_argument(
        "--no-knobs",
        dest="knobs",
        action="store_false",
        help="skip the second table (other card values and runs)",
    )
    ap.add_argument(
        "--against",
        metavar="REV",
        help="time the gintally of git revision REV against this checkout's (in one process, "
        "taking turns pass by pass)",
    )
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.passes = 2_000, 5
    if args.against:
        return compare(args)
    args.passes = max(args.passes, 5)

    rng = random.Random(args.seed)
    hands = first_hands(rng, args.hands)
    masks = {k: [mask_of(h) for h in v] for k, v in hands.items()}
    check_agreement(hands)
    knob_hands = {
        **hands,  # drawn after the standard cases, so that those stay the hands they were
        ("corner", 10): corner_hands(rng, args.hands, 10),
        ("corner", 11): corner_hands(rng, args.hands, 11),
    }
    knocks = knock_pairs(rng, max(args.hands // 5, 200))  # drawn last, as above
    knob_masks = {k: [mask_of(h) for h in v] for k, v in knob_hands.items()}
    if args.knobs:
        check_agreement(knob_hands, "tedesco")
        check_agreement(knob_hands, "mahjong")

    print(
        f"gintally {gintally.__version__} evaluation benchmark: Python "
        f"{platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, one core"
    )
    print(f"measuring {code_state()}")
    print(
        f"{args.hands} seeded hands per case (seed {args.seed}), median of {args.passes} passes; "
        "meld-rich = drawn from 4 adjacent ranks"
    )
    overhead = loop_overhead(masks[("uniform", 10)], args.passes)
    print(f"timing-loop overhead (included in every figure): {overhead * 1e6:.3f} µs per call\n")

    texts = {k: [" ".join(str(c) for c in h) for h in v] for k, v in hands.items()}
    rows: list[tuple[str, int, str, tuple[list[float], list[float]], float | None]] = []
    for (deal, size), ms in masks.items():
        fn = best_deadwood if size == 10 else best_discard
        name = f"search.{fn.__name__}"
        rows.append((deal, size, name, time_passes(fn, ms, args.passes), TARGET_US[(deal, size)]))
    for key, hs in hands.items():
        timed = time_passes(gintally.evaluate, hs, args.passes)
        rows.append((*key, "evaluate(cards)", timed, TARGET_US[key]))
    for key, ts in texts.items():
        timed = time_passes(gintally.evaluate, ts, args.passes)
        rows.append((*key, "evaluate(text)", timed, TEXT_TARGET_US[key]))
    for key, ts in texts.items():
        timed = time_passes(evaluate_to_dict, ts, args.passes)
        rows.append((*key, "  ... .to_dict()", timed, None))
    for name, settle in (("score_cards(text)", score_pair), ("2 x evaluate(text)", evaluate_pair)):
        rows.append(("knocks", 20, name, time_passes(settle, knocks, args.passes), None))

    header = (
        f"{'hands':<10}{'cards':>5}  {'call':<20}{'median µs':>10}{'min':>7}{'max':>7}"
        f"{'CPU µs':>8}{'target':>8}  {'met':<4} peers (µs)"
    )
    print(header)
    print("-" * len(header))
    for deal, size, name, (wall, cpu), target in rows:
        med, lo, hi = (statistics.median(wall) * 1e6, min(wall) * 1e6, max(wall) * 1e6)
        med_cpu = statistics.median(cpu) * 1e6
        met = "" if target is None else "yes" if med_cpu <= target else "NO"
        goal = "" if target is None else "<= " + format(target, "g")
        label = {"uniform": "uniform", "rich": "meld-rich"}.get(deal, deal)
        peers = PEERS[(deal, size)] if name.startswith("search") else ""
        print(
            f"{label:<10}{size:>5}  {name:<20}{med:>10.2f}{lo:>7.2f}{hi:>7.2f}{med_cpu:>8.2f}"
            f"{goal:>8}  {met:<4} {peers}".rstrip()
        )
    print(
        "median/min/max: wall-clock µs per call over the passes; CPU µs: median of this "
        "process's CPU time per call,\n  which a shared machine inflates less: 'met' compares "
        "it with the target."
    )
    print(
        "\ntargets: pure Python, one core: <= 10 µs (10 cards) and <= 25 µs (11) on uniform "
        "hands, <= 30 µs and <= 60 µs meld-rich;\n  evaluate(text) (issue 15): <= 6 µs and "
        "<= 12 µs on uniform hands, twice that meld-rich."
    )
    print(
        "peers, measured on this machine: RLCard pure-Python melding ~15 µs per 10-card hand "
        "(50 meld-rich),\n  15 µs for its 11-card going-out check (95 meld-rich); OpenSpiel C++ "
        "1.2 µs (3.5 meld-rich),\n  14 µs for a correct 11-card best discard."
    )
    if args.knobs:
        knob_table(knob_hands, knob_masks, args.passes)
    return 0


def old_gintally(rev: str, root: str) -> Any:
    """The gintally of git revision `rev`, importable beside this one as ``gintally_old``: its
    files extracted under `root`, every import of gintally renamed."""
    repo = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", rev, "gintally"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(root, filter="data")
    pkg = Path(root) / "gintally_old"
    (Path(root) / "gintally").rename(pkg)
    for path in pkg.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\b(from|import) gintally\b", r"\1 gintally_old", text)
        text = text.replace('"gintally.', '"gintally_old.')  # import_module(f"gintally.{name}")
        path.write_text(text, encoding="utf-8")
    sys.path.insert(0, root)
    old = importlib.import_module("gintally_old")
    if not old.evaluate.__module__.startswith("gintally_old."):
        raise SystemExit(f"the old gintally is not separate: {old.evaluate.__module__}")
    return old


def first_hands(rng: random.Random, n: int) -> dict[tuple[str, int], list[list[Card]]]:
    """The first table's hands, drawn in this order (`main` and `compare` draw the same)."""
    return {
        ("uniform", 10): uniform_hands(rng, n, 10),
        ("uniform", 11): uniform_hands(rng, n, 11),
        ("rich", 10): meld_rich_hands(rng, n, 10),
        ("rich", 11): meld_rich_hands(rng, n, 11),
    }


def compare(args: argparse.Namespace) -> int:
    """``--against REV``: old and new in this process, pass by pass, taking turns."""
    with tempfile.TemporaryDirectory() as root:
        old = old_gintally(args.against, root)
        try:  # the search's module; `melds` held it before the game layer was split
            old_search = importlib.import_module("gintally_old.game.search")
        except ModuleNotFoundError:
            old_search = importlib.import_module("gintally_old.game.melds")
        rng = random.Random(args.seed)
        hands = first_hands(rng, args.hands)
        corner_hands(rng, args.hands, 10)  # drawn as main() draws them, so that the knocks
        corner_hands(rng, args.hands, 11)  # are the same
        knocks = knock_pairs(rng, max(args.hands // 5, 200))
        rows: list[tuple[str, Callable[..., object], Callable[..., object], Sequence[Any]]] = []
        for (deal, size), hs in hands.items():
            ms = [mask_of(h) for h in hs]
            name = "best_deadwood" if size == 10 else "best_discard"
            rows.append(
                (
                    f"{deal} {size} search.{name}",
                    getattr(old_search, name),
                    getattr(search, name),
                    ms,
                )
            )
        for (deal, size), hs in hands.items():
            texts = [" ".join(str(c) for c in h) for h in hs]
            rows.append((f"{deal} {size} evaluate(text)", old.evaluate, gintally.evaluate, texts))
            rows.append(
                (
                    f"{deal} {size} evaluate(text).to_dict()",
                    lambda t, ev=old.evaluate: ev(t).to_dict(),
                    evaluate_to_dict,
                    texts,
                )
            )
        rows.append(("knocks score_cards(text)", lambda p: old.score_cards(*p), score_pair, knocks))
        rows.append(
            (
                "knocks 2 x evaluate(text)",
                lambda p: (old.evaluate(p[0]), old.evaluate(p[1])),
                evaluate_pair,
                knocks,
            )
        )
        print(
            f"gintally evaluation, old ({args.against}) against new ({code_state()}):\n  CPU µs "
            f"per call, {args.hands} hands per case; {args.passes} passes of each side, old and "
            "new taking turns pass by pass in one process"
        )
        header = f"{'case':<38}{'old':>8}{'new':>8}{'new/old':>8}{'min old':>9}{'min new':>9}"
        print(header)
        print("-" * len(header))
        for row, old_fn, new_fn, items in rows:
            times: dict[str, list[float]] = {"old": [], "new": []}
            for n in range(args.passes):
                for side in ("old", "new") if n % 2 == 0 else ("new", "old"):
                    fn = old_fn if side == "old" else new_fn
                    times[side] += time_passes(fn, items, 1)[1]
            o, w = (statistics.median(times[k]) * 1e6 for k in ("old", "new"))
            lo, ln = (min(times[k]) * 1e6 for k in ("old", "new"))
            print(f"{row:<38}{o:>8.2f}{w:>8.2f}{w / o:>8.2f}{lo:>9.2f}{ln:>9.2f}")
    print("old, new: medians of the passes; min old, min new: the fastest pass of each side")
    return 0


def knob_table(
    hands: dict[tuple[str, int], list[list[Card]]],
    masks: dict[tuple[str, int], list[int]],
    passes: int,
) -> None:
    """The second table: the search under other countings, and `evaluate` under tedesco."""
    print(
        "\ncard knobs: tedesco = aces high or low, runs round the corner, ace 15; high-low = "
        "aces high or low, no wrap;\n  mahjong = A 15, 2-9 5, 10-K 10 (standard runs); corner = "
        "drawn from J-Q-K-A, Q-K-A-2 or K-A-2-3"
    )
    header = (
        f"{'hands':<10}{'cards':>5}  {'counting':<10}{'call':<20}{'median µs':>10}{'min':>7}"
        f"{'max':>7}{'CPU µs':>8}"
    )
    print(header)
    print("-" * len(header))
    for (deal, size), ms in masks.items():
        label = {"uniform": "uniform", "rich": "meld-rich", "corner": "corner"}[deal]
        fn = best_deadwood if size == 10 else best_discard
        timed = [
            (name, f"search.{fn.__name__}", time_passes(fn, ms, passes, c))
            for name, c in KNOB_COUNTINGS.items()
        ]
        rules = find_preset("tedesco")
        timed.append(
            (
                "tedesco",
                "gintally.evaluate",
                time_passes(gintally.evaluate, hands[(deal, size)], passes, rules),
            )
        )
        for name, call, (wall, cpu) in timed:
            med, lo, hi = (statistics.median(wall) * 1e6, min(wall) * 1e6, max(wall) * 1e6)
            print(
                f"{label:<10}{size:>5}  {name:<10}{call:<20}{med:>10.2f}{lo:>7.2f}{hi:>7.2f}"
                f"{statistics.median(cpu) * 1e6:>8.2f}"
            )


if __name__ == "__main__":
    sys.exit(main())
