"""Generate the sample data that `gintally demo`, the README and the tests use.

Run once (``python data/generate.py``); its output, ``gintally/samples/``, is committed, so the
files never change unless this script does. Hands are drawn from a seeded random generator with
the proportions of real play (mostly knocks, a gin in five, the odd undercut and dead deck) and
scored with gintally's own rules, so every row is a legal hand under the match's rule set:

- ``season.csv``: two seasons of Honeymoon gin ad infinitum between Ann and Bob (honeymoon
  rules: Oklahoma knock limits from the upcard, games to 500 with no bonuses, deal alternates),
  2025 and 2026 up to 20 November.
- ``hollywood.csv``: one Hollywood evening (modern rules, games to 100) played until all three
  games are won.
"""

from __future__ import annotations

import csv
import random
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gintally.engine.formats import Format
from gintally.engine.replay import Entry, replay
from gintally.errors import HandError
from gintally.game.cards import DECK
from gintally.game.rules import resolve
from gintally.game.scoring import knock_limit, settle_gin, settle_knock
from gintally.transfer import OPTIONAL, REQUIRED

HERE = Path(__file__).resolve().parent.parent / "gintally" / "samples"  # package data
COLUMNS = (*REQUIRED, *OPTIONAL)  # what `gintally import` reads (`transfer`)
PLAYERS = ("Ann", "Bob")


def one_hand(rng: random.Random, rules_name: str, dealer: int) -> dict[str, object]:
    rules = resolve(rules_name)
    upcard = rng.choice(DECK)
    row: dict[str, object] = {"dealer": PLAYERS[dealer], "upcard": str(upcard), "note": ""}
    roll = rng.random()
    if roll < 0.05:
        row.update(
            kind="draw", winner="", points=0, knocker="", knocker_deadwood="", defender_deadwood=""
        )
        return row
    knocker = rng.randrange(2)
    limit = knock_limit(rules, upcard)
    defender_count = max(0, int(rng.gauss(24, 12)))
    if roll < 0.25 or limit == 0:
        result = settle_gin(defender_count, rules, upcard, big=roll < 0.015)
    else:
        k = rng.randint(1, limit)
        d = defender_count if rng.random() > 0.12 else rng.randint(0, k)
        try:
            result = settle_knock(k, d, rules, upcard)
        except HandError:
            return one_hand(rng, rules_name, dealer)
    winner = {"knocker": knocker, "defender": 1 - knocker}.get(result.winner or "")
    row.update(
        kind=str(result.kind),
        winner="" if winner is None else PLAYERS[winner],
        points=result.points,
        knocker=PLAYERS[knocker],
        knocker_deadwood=result.knocker_deadwood,
        defender_deadwood=result.defender_deadwood,
    )
    return row


def season(rng: random.Random) -> list[dict[str, object]]:
    rows = []
    day, end = date(2025, 1, 2), date(2026, 11, 20)
    dealer = 0
    while day <= end:
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
            row = one_hand(rng, "honeymoon", dealer)
            row["date"] = day.isoformat()
            rows.append(row)
            if row["winner"]:  # a draw or a tie that scores nothing is dealt again
                dealer = 1 - dealer
        day += timedelta(days=1)
    return rows


def hollywood(rng: random.Random) -> list[dict[str, object]]:
    rules, fmt = resolve("modern"), Format("hollywood")
    rows: list[dict[str, object]] = []
    dealer = 0
    while True:
        row = one_hand(rng, "modern", dealer)
        row["date"] = "2026-11-14"
        rows.append(row)
        if row["winner"]:
            dealer = PLAYERS.index(str(row["winner"]))
        entries = [
            Entry(
                i,
                date(2026, 11, 14),
                PLAYERS.index(str(r["winner"])) if r["winner"] else None,
                int(str(r["points"])),
                str(r["kind"]),
            )
            for i, r in enumerate(rows, 1)
        ]
        games = replay(entries, rules, fmt).games
        if len(games) == 3 and all(g.status == "won" for g in games):
            return rows


def write(name: str, rows: list[dict[str, object]]) -> None:
    with (HERE / name).open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: row.get(k, "") for k in COLUMNS})
    print(f"wrote {len(rows)} hands to {name}")


if __name__ == "__main__":
    write("season.csv", season(random.Random(2007)))
    write("hollywood.csv", hollywood(random.Random(1942)))
