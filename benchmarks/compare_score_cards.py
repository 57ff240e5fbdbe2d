"""Old against new `score_cards`: identical results (every field) and errors on seeded deals.

Extracts the gintally of a git revision beside this checkout's (as ``bench_eval.py --against``
does), then settles the same seeded deals with both: knocks, gins, big gins and refusals, drawn
uniformly, meld-rich, round the corner or from whole melds, defenders often next to the
knocker's cards (layoffs), under every preset and every card knob (aces high-low, wrap,
mahjong values, ace values), with random upcards and claims. Prints the counts per outcome and
exits 1 on the first difference. Asserts nothing about time.

Run: ``.venv/bin/python benchmarks/compare_score_cards.py --against main --deals 50000``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from bench_eval import old_gintally

import gintally

# The seeded deals and rule sets are the ones tests/test_score_cards_fast.py draws: one source.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_score_cards_fast import RULES, deal


def outcome(fn: Callable[..., object], *args: object) -> tuple[str, str]:
    try:
        result = fn(*args)
    except Exception as e:  # the old package's errors are other classes: compare by name
        return "error", f"{type(e).__name__}: {e}"
    return "ok", repr(result)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="the old revision (default main)")
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    rules = RULES
    with tempfile.TemporaryDirectory() as root:
        old = old_gintally(args.against, root)
        old_rules = {id(r): old.RuleSet.from_json(r.to_json()) for r in rules}
        rng = random.Random(args.seed)
        counts: Counter[str] = Counter()
        for n in range(args.deals):
            k_text, d_text, r, upcard, claim = deal(rng)
            new = outcome(gintally.score_cards, k_text, d_text, r, upcard, claim)
            was = outcome(old.score_cards, k_text, d_text, old_rules[id(r)], upcard, claim)
            if new != was:
                print(f"DIFFERENT at deal {n}: {k_text} / {d_text} / {r} / {upcard} / {claim}")
                print(f"  old: {was}\n  new: {new}")
                return 1
            if new[0] == "error":
                counts["refused"] += 1
            else:
                counts[gintally.score_cards(k_text, d_text, r, upcard, claim).kind.value] += 1
    print(
        f"{args.deals} deals, {len(rules)} rule sets: identical (old {args.against}); "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
