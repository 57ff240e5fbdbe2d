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

from bench_eval import old_gintally

import gintally
from gintally.game.cards import DECK, Card, card
from gintally.game.rules import PRESETS, RuleSet, resolve

KNOB_SETS = [
    [],
    ["ace_value=15"],
    ["aces=high-low"],
    ["wrap_runs=true"],
    ["aces=high-low", "ace_value=15"],
    ["card_values=mahjong"],
    ["card_values=mahjong", "aces=high-low"],
    ["card_values=mahjong", "wrap_runs=true", "ace_value=3"],
    ["aces=high-low", "wrap_runs=true", "ace_value=2"],
]
UPCARDS = [None, None, "AS", "7D", "KS", "3C", "AH", "TH"]
CLAIMS = [None, None, None, "knock", "gin", "big-gin"]


def rule_sets() -> list[RuleSet]:
    return [resolve(name) for name in PRESETS] + [
        resolve(base, knobs + extra)
        for base in ("modern", "oklahoma")
        for knobs in KNOB_SETS
        for extra in ([], ["knock_limit=99"] if base == "modern" else ["tie=no-score"])
    ]


def knocker_hand(rng: random.Random, size: int) -> list[Card]:
    style = rng.randrange(4)
    if style == 0:
        return rng.sample(DECK, size)
    if style == 1:
        low = rng.randrange(9)
        pool = [card(r, s) for r in range(low, low + rng.choice((4, 5))) for s in range(4)]
        take = rng.sample(pool, min(size, rng.randint(size - 3, size)))
    elif style == 2:
        pool = [card(r % 13, s) for r in range(10, 16) for s in range(4)]
        take = rng.sample(pool, rng.randint(size - 4, size))
    else:
        take = []
        while len(take) < size - 2:
            if rng.random() < 0.5:
                rank = rng.randrange(13)
                meld = [card(rank, s) for s in rng.sample(range(4), rng.choice((3, 4)))]
            else:
                start, suit = rng.randrange(13), rng.randrange(4)
                meld = [card((start + i) % 13, suit) for i in range(rng.randint(3, 5))]
            take += [c for c in meld if c not in take][: size - len(take)]
    rest = [c for c in DECK if c not in take]
    return take + rng.sample(rest, size - len(take))


def defender_hand(rng: random.Random, knocker: list[Card]) -> list[Card]:
    others = [c for c in DECK if c not in knocker]
    if rng.random() < 0.6:
        near = {(c.rank + d) % 13 for c in knocker for d in (-2, -1, 0, 1, 2)}
        pool = [c for c in others if c.rank in near]
        take = rng.sample(pool, min(len(pool), rng.randint(3, 10)))
        rest = [c for c in others if c not in take]
        return take + rng.sample(rest, 10 - len(take))
    return rng.sample(others, 10)


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
    rules = rule_sets()
    knocks = [r for r in rules if r.knock_limit == 99]  # every hand with deadwood knocks
    with tempfile.TemporaryDirectory() as root:
        old = old_gintally(args.against, root)
        old_rules = {id(r): old.RuleSet.from_json(r.to_json()) for r in rules}
        rng = random.Random(args.seed)
        counts: Counter[str] = Counter()
        for n in range(args.deals):
            size = 11 if rng.random() < 0.1 else 10
            k = knocker_hand(rng, size)
            d = defender_hand(rng, k)
            if rng.random() < 0.02:
                d[0] = k[rng.randrange(size)]
            r = rng.choice(knocks if rng.random() < 0.6 else rules)
            upcard, claim = rng.choice(UPCARDS), rng.choice(CLAIMS)
            k_text, d_text = " ".join(map(str, k)), " ".join(map(str, d))
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
