"""Seeded random evenings through the library: every hand a command stores reads back sound.

Issue 33 made every read settle each stored hand again and refuse one its own inputs contradict;
a sound hand refused would make a whole match unreadable. Each seed makes a match (a preset,
some rule knobs, a format, two players, a team match or Gimlet's solitaire) and records varied
hands through `gintally.open()` (counts, cards with layoffs, upcards, Mahjong tables, Gimlet
piles, draws, misdeals, paper scores; edits, voids, undo, redo, restore). A hand the rules
refuse is passed over; everything stored must then read (`show --all`, `hands --all`,
`standings`, `stats`, `chart`, both exports) with `check` clean, and so must its JSON export
imported into a new ledger and the ledger merged into an empty one.

SEEDS_SCALE=20 runs twenty times as many seeds (a deeper run by hand; the suite uses 1).
"""

from __future__ import annotations

import os
import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

import gintally
from gintally.errors import GintallyError
from gintally.facade.book import Format
from gintally.game.rules import PRESETS

RANKS, SUITS = "A23456789TJQK", "SHDC"
SEEDS = range(int(12 * float(os.environ.get("SEEDS_SCALE", "1"))))
KNOBS: dict[str, list[object]] = {
    "knock_limit": ["upcard", 5, 9],
    "oklahoma_ace": ["one"],
    "spade_doubles": [True],
    "big_gin_bonus": [None, 50],
    "tie": ["knocker", "no-score"],
    "undercut_style": ["bonus-minus-defender"],
    "deck_out_scores": [True],
    "card_values": ["mahjong"],
    "aces": ["high-low"],
    "wrap_runs": [True],
    "target": [50],
    "shutout": ["double-net", "bonus:50", "none"],
    "next_dealer": ["loser", "alternate"],
}


def cards(rng: random.Random, n: int = 10, taken: frozenset[str] = frozenset()) -> str:
    """`n` cards, most of them in sets and runs (random cards seldom make a knock)."""
    deck = [r + s for r in RANKS for s in SUITS if r + s not in taken]
    out: list[str] = []
    while len(out) < n:
        left = n - len(out)
        if left >= 3 and rng.random() < 0.7:
            start, suit = rng.randrange(0, 11), rng.choice(SUITS)
            meld = [RANKS[start + i] + suit for i in range(3)]
            if rng.random() < 0.5:
                meld = [c for c in deck if c[0] == RANKS[start]][:3]
            if len(meld) == 3 and all(c in deck for c in meld):
                out += meld
                deck = [c for c in deck if c not in meld]
            continue
        out.append(deck.pop(rng.randrange(len(deck))))
    return " ".join(out)


def hand(rng: random.Random, m: Any, variant: str, pair: list[str], team: bool, **o: Any) -> None:
    who, r = rng.choice(pair), rng.random()
    if variant == "gimlet":
        piles = tuple(rng.randrange(0, 6) for _ in range(4))
        if r < 0.4:
            m.knock(who, rng.randrange(0, 6), piles=piles, date=o["date"])
        elif r < 0.7:
            m.gimlet(who, piles=piles, date=o["date"])
        elif r < 0.85:
            m.sour(who, cards=cards(rng), date=o["date"])
        else:
            m.score(who, rng.randrange(0, 80), "gin", date=o["date"])
    elif variant == "mahjong":
        mine = cards(rng)
        if r < 0.7:
            vs = cards(rng, taken=frozenset(mine.split()))
            m.gin(who, vs, table=mine, vs_table=5 * rng.randrange(0, 12), **o)
        else:
            m.score(who, rng.randrange(25, 120), vs_points=rng.randrange(-50, 50), **o)
    elif r < 0.3:
        m.knock(who, rng.randrange(0, 11), rng.randrange(0, 60), **o)
    elif r < 0.55:
        mine = cards(rng)
        m.knock(who, cards=mine, vs_cards=cards(rng, taken=frozenset(mine.split())), **o)
    elif r < 0.7:
        mine = cards(rng)
        m.gin(who, cards=mine, vs_cards=cards(rng, taken=frozenset(mine.split())), **o)
    elif r < 0.75:
        m.big_gin(who, rng.randrange(0, 80), cards=cards(rng, 11), **o)
    elif r < 0.85:
        counts = {pair[0]: rng.randrange(0, 90), pair[1]: rng.randrange(0, 90)}
        m.draw(who if team else None, counts, **o)
    else:
        m.score(who, rng.randrange(25, 120), rng.choice(["knock", "gin", "undercut", None]), **o)


def evening(seed: int, tmp: Path) -> tuple[gintally.Book, str, int]:
    """The ledger of one seed, its match's name and how many hands it stored."""
    rng = random.Random(seed)
    book = gintally.open(tmp / f"e{seed}.db")
    preset = sorted(PRESETS)[seed % len(PRESETS)]
    knobs: dict[str, Any] = {
        k: rng.choice(v) for k, v in rng.sample(sorted(KNOBS.items()), rng.randrange(0, 3))
    }
    team = preset not in ("gimlet", "mahjong") and seed % 5 == 4
    fmt: Format = rng.choice(["single", "hollywood", "honeymoon", "ad-infinitum"])
    try:
        if team:
            m = book.new_match("M", teams=["Ann,Cy", "Bob,Di"], rules=preset, **knobs)
        elif preset == "gimlet":
            m = book.new_match("M", ["Zoë"], rules=preset, **knobs)
        else:
            m = book.new_match("M", ["Ann", "Éve"], format=fmt, rules=preset, **knobs)
    except GintallyError:  # knobs that do not go together
        m = book.new_match("M", ["Zoë"] if preset == "gimlet" else ["Ann", "Éve"], rules=preset)
    rules = m.record().rules
    pairs = [["Ann", "Bob"], ["Cy", "Di"]] if team else [[p.name for p in m.record().players]]
    if rules.variant == "gimlet":
        pairs = [["Zoë"]]
    day, stored = date(2026, 1, 1), 0
    for _ in range(40):
        day += timedelta(days=rng.random() < 0.2)
        o: dict[str, Any] = {"date": day, "note": rng.choice([None, "Zoë 🂡 é"])}
        if rng.random() < 0.9 and rules.variant != "gimlet":
            o["upcard"] = rng.choice(RANKS) + rng.choice(SUITS)
        x = rng.random()
        try:
            if x < 0.8:
                hand(rng, m, rules.variant, rng.choice(pairs), team, **o)
                stored += 1
            elif x < 0.88:
                m.edit(rng.randrange(1, stored + 2), note="edited", upcard=o.get("upcard"))
            elif x < 0.93:
                m.void(rng.randrange(1, stored + 2))
            elif x < 0.96:
                m.undo()
            else:
                m.redo()
        except GintallyError as e:
            assert "damaged" not in str(e), e  # refused as typed, never as damage
    return book, m.name, stored


def read_all(book: gintally.Book, name: str, tmp: Path) -> None:
    m = book.match(name)
    m.sheet(all=True)
    m.hands(all=True)
    book.standings(match=name)
    book.stats()
    if m.sheet()["games"]:
        book.chart(name)
    for fmt in ("json", "csv"):
        book.export(name, tmp / f"out.{fmt}", format=fmt, force=True)
    assert book.check()["problems"] == []


@pytest.mark.parametrize("seed", SEEDS)
def test_every_stored_hand_reads_back_sound(seed: int, tmp_path: Path) -> None:
    book, name, stored = evening(seed, tmp_path)
    assert stored > 0 or seed >= 12  # each of the suite's seeds stores hands (229 in all)
    read_all(book, name, tmp_path)
    book.export(name, tmp_path / "e.json", format="json")
    imported = gintally.open(tmp_path / "imported.db")
    imported.import_(tmp_path / "e.json")
    read_all(imported, name, tmp_path)
    merged = gintally.open(tmp_path / "merged.db")
    merged.merge(book.path)
    read_all(merged, name, tmp_path)
    assert merged.match(name).hands(all=True) == book.match(name).hands(all=True)
