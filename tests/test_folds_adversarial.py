"""The season-fold cache against seeded random sequences of commands (issue 21 item 2): after
every command of a sequence (hands back-dated into finished seasons, on a season's first and
last day and in a later season, edits of their date, kind, points and dealer, voids, undo, a
season voided whole, the match's JSON and CSV exports imported again, a merge of another
ledger, a new match, renames of a match and of a player, a stake changed from a past day), the
readers (`standings`, `stats`, `chart`, with and without `--year`, and `report --html`) print
the same bytes warm, twice (the first reader writes the folds, the second reads them), as cold
(a copy of the ledger with every fold deleted).

More sequences: FOLD_SEEDS=N (the suite runs a few)."""

from __future__ import annotations

import os
import random
import re
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import Run, as_json, ok
from gintally.ledger import Ledger

FORMATS: dict[str, tuple[str, ...]] = {
    "ad-infinitum": ("--format", "ad-infinitum"),
    "anniversary": ("--format", "ad-infinitum", "--season-start", "06-01"),
    "hollywood": ("--format", "hollywood"),
    "hollywood-2": ("--format", "hollywood", "--games", "2"),
    "honeymoon": ("--format", "honeymoon"),
    "honeymoon-2": ("--format", "honeymoon", "--games", "2"),
    "single": ("--format", "single"),
}
YEARS = (2021, 2022, 2023, 2024)
CHART_ID = re.compile(r"chart-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
SEEDS = range(int(os.environ.get("FOLD_SEEDS_FROM", "0")), int(os.environ.get("FOLD_SEEDS", "3")))


@dataclass
class Played:
    """A match of the sequence: its players and the first day of its seasons (MM-DD)."""

    players: tuple[str, str]
    start: str = "01-01"
    options: tuple[str, ...] = field(default_factory=tuple)


def _day(rng: random.Random, start: str, years: tuple[int, ...] = YEARS) -> str:
    """A day of a random season: often its first or its last day."""
    year = rng.choice(years)
    r = rng.random()
    if r < 0.2:
        return f"{year}-{start}"
    if r < 0.4:
        return f"{year}-12-31" if start == "01-01" else f"{year}-05-31"
    return f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _hand(rng: random.Random, match: str, m: Played, day: str) -> list[str]:
    who = rng.choice(m.players)
    tail = ["--match", match, "--back-date", "--date", day]
    if rng.random() < 0.2:
        tail += ["--dealer", rng.choice(m.players)]
    r = rng.random()
    if r < 0.35:
        deadwood, vs = rng.choice([1, 3, 8]), rng.choice([9, 20, 44])
        return ["knock", who, str(deadwood), "--vs", str(vs), *tail]
    if r < 0.55:
        return ["gin", who, "--vs", str(rng.choice([0, 10, 30])), *tail]
    if r < 0.75:
        return ["score", who, str(rng.choice([25, 60, 90, 110])), *tail]
    if r < 0.85:
        return ["draw", *tail]
    if r < 0.9:
        return ["misdeal", *tail]
    return ["knock", who, "9", "--vs", "4", *tail]  # an undercut


def _readers(rng: random.Random, matches: list[str]) -> list[tuple[str, ...]]:
    year = str(rng.choice(YEARS))
    shown = rng.choice(matches)
    commands: list[tuple[str, ...]] = [("stats", "--json"), ("stats", "--player", "Ann", "--json")]
    for m in matches:
        commands += [("standings", "--match", m, "--json"), ("chart", "--match", m, "--json")]
        commands += [("standings", "--match", m, "--year", year, "--json")]
    commands += [("chart", "--match", shown, "--year", year, "--json")]
    commands += [("report", "--html", "-", "--match", shown, "--year", year)]
    return commands


def _outputs(gintally: Callable[..., Run], db: Path, commands: list[tuple[str, ...]]) -> list[str]:
    out = []
    for args in commands:
        run = gintally("--db", str(db), *args)
        out.append(f"{args} {run.code}\n{CHART_ID.sub('chart-ID', run.stdout)}{run.stderr}")
    return out


def _live(gintally: Callable[..., Run], db: Path, match: str) -> list[tuple[int, str]]:
    hands = as_json(gintally("--db", str(db), "hands", "--match", match, "--all", "--json"))
    return [(h["hand"], h["date"]) for h in hands["hands"] if not h["voided"]]


def _step(
    rng: random.Random,
    gintally: Callable[..., Run],
    db: Path,
    tmp_path: Path,
    played: dict[str, Played],
    step: int,
) -> str:
    """One random command (or a few: a season voided, a merge): what it did."""
    name = rng.choice(sorted(played))
    m = played[name]
    actions = ["hand", "hand", "later", "edit", "void", "void-season", "undo", "import", "merge"]
    actions += ["new", "rename", "player", "stake"]
    action = rng.choice(actions)
    live = _live(gintally, db, name)
    if action in ("edit", "void", "void-season") and not live:
        action = "hand"
    if action == "hand":
        ok(gintally(*_hand(rng, name, m, _day(rng, m.start))))
    elif action == "later":  # a season after every other
        ok(gintally(*_hand(rng, name, m, _day(rng, m.start, (2025,)))))
    elif action == "edit":
        number = str(rng.choice(live)[0])
        a, b = m.players
        change = rng.choice(
            [
                ["--date", _day(rng, m.start)],
                ["--kind", "score", "--player", b, "--points", "77"],
                ["--dealer", a],
                ["--kind", "gin", "--player", a, "--vs", "12"],
            ]
        )
        gintally("edit", number, "--match", name, *change)  # refused when it does not fit
    elif action == "void":
        ok(gintally("void", str(rng.choice(live)[0]), "--match", name))
    elif action == "void-season":
        day = rng.choice(live)[1]
        first = f"{day[:4]}-{m.start}" if day[5:] >= m.start else f"{int(day[:4]) - 1}-{m.start}"
        for hand, d in live:
            if first <= d < f"{int(first[:4]) + 1}-{m.start}":
                ok(gintally("void", str(hand), "--match", name))
    elif action == "undo":
        gintally("undo", "--match", name)  # refused when there is nothing to take back
    elif action == "import":
        kind = rng.choice(["json", "csv"])
        out = tmp_path / f"export{step}.{kind}"
        ok(gintally("export", "--match", name, "-f", kind, "-o", str(out)))
        into = rng.choice([n for n in sorted(played) if played[n].players == m.players])
        force = ["--force"] if rng.random() < 0.5 else []
        gintally("import", str(out), "--match", into, *force)  # refused: all already here
    elif action == "merge":
        other = tmp_path / f"other{step}.db"
        shutil.copyfile(db, other)
        for _ in range(rng.randint(1, 3)):
            ok(gintally("--db", str(other), *_hand(rng, name, m, _day(rng, m.start))))
        theirs = _live(gintally, other, name)
        if theirs and rng.random() < 0.5:
            ok(gintally("--db", str(other), "void", str(rng.choice(theirs)[0]), "--match", name))
        ok(gintally("merge", str(other)))
    elif action == "new":
        name = f"N{step}"
        _new(rng, gintally, name, m.players, played)
    elif action == "rename":
        ok(gintally("match", "rename", name, f"R{step}"))
        played[f"R{step}"] = played.pop(name)
    elif action == "player":
        old = m.players[1]
        ok(gintally("player", "rename", old, f"P{step}"))
        for p in played.values():
            p.players = (p.players[0], f"P{step}") if p.players[1] == old else p.players
    else:
        day = _day(rng, m.start)
        gintally("match", "stake", name, rng.choice(["0.25", "1"]), "--from", day)
    return f"{action} {name}"


def _new(
    rng: random.Random,
    gintally: Callable[..., Run],
    name: str,
    players: tuple[str, str],
    played: dict[str, Played],
) -> None:
    form = FORMATS[rng.choice(sorted(FORMATS))]
    stake = ["--stake", "0.10"] if rng.random() < 0.4 else []
    ok(gintally("match", "new", name, "--players", *players, *form, *stake))
    start = form[form.index("--season-start") + 1] if "--season-start" in form else "01-01"
    played[name] = m = Played(players, start, form)
    for _ in range(rng.randint(8, 20)):
        ok(gintally(*_hand(rng, name, m, _day(rng, start))))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_commands_read_the_same_warm_and_cold(
    seed: int, gintally: Callable[..., Run], db_path: Path, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    played: dict[str, Played] = {}
    _new(rng, gintally, "One", ("Ann", "Bob"), played)
    _new(rng, gintally, "Two", ("Ann", rng.choice(["Bob", "Cy"])), played)
    done: list[str] = []
    cold = tmp_path / "cold.db"
    for step in range(rng.randint(8, 12)):
        done.append(_step(rng, gintally, db_path, tmp_path, played, step))
        readers = _readers(rng, sorted(played))
        warm = _outputs(gintally, db_path, readers)
        assert _outputs(gintally, db_path, readers) == warm, done
        shutil.copyfile(db_path, cold)
        conn = sqlite3.connect(cold)
        with conn:
            conn.execute("DELETE FROM season_folds")
        conn.close()
        assert _outputs(gintally, cold, readers) == warm, (seed, done)


def test_a_fact_changed_in_place_while_a_reader_folds_is_not_cached(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    """Another tool changes a hand of a finished season in place while `standings` folds:
    its trigger forgets the folds (there are none yet), and the rows' ids are as the reader saw
    them, so the folds the reader made from the state before must not be written after it."""
    ok(gintally("match", "new", "Inf", "--players", "Ann", "Bob", "--format", "ad-infinitum"))
    for day in ("2021-03-01", "2022-03-01", "2023-03-01"):
        ok(gintally("knock", "Ann", "5", "--vs", "30", "--date", day))
        ok(gintally("gin", "Bob", "--vs", "10", "--date", day))
    save = Ledger.save_folds

    def meanwhile(self: Ledger) -> None:
        other = sqlite3.connect(db_path)
        with other:
            # Ann knocked with 5 against 80, not 30 (its count and result, as a record says)
            other.execute("UPDATE hands SET defender_deadwood = 80, points = 75 WHERE number = 1")
        other.close()
        save(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Ledger, "save_folds", meanwhile)
        ok(gintally("standings", "--json"))
    warm = as_json(gintally("standings", "--json"))
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("DELETE FROM season_folds")
    conn.close()
    assert warm == as_json(gintally("standings", "--json"))
    assert warm["seasons"][0]["rows"][0]["points"] == 75


def test_a_fact_changed_in_place_while_a_hand_command_replays_leaves_no_mark(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    """The replay marks' race, as the folds': another tool changes a hand in place while a
    hand command replays (after its hand is written): the trigger finds no mark to forget and
    the row ids are as the replay saw them, so the quiet point made from the state before is
    not kept, and `show` reads what a replay of every hand reads."""
    ok(gintally("match", "new", "Long", "--players", "Ann", "Bob"))
    for i in range(40):  # many single games: a quiet point well after hand 1
        ok(gintally("gin", "Ann" if i % 3 else "Bob", "--vs", "60", "--date", "2026-01-02"))
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("DELETE FROM replay_marks")
    conn.close()
    remember = Ledger.remember_mark

    def meanwhile(self: Ledger, *args: object) -> None:
        other = sqlite3.connect(db_path)
        with other:
            # Bob's gin was against 98, not 60 (its count and result, as a record says)
            other.execute("UPDATE hands SET defender_deadwood = 98, points = 123 WHERE number = 1")
        other.close()
        remember(self, *args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Ledger, "remember_mark", meanwhile)
        ok(gintally("gin", "Bob", "--vs", "60", "--date", "2026-01-03"))
    conn = sqlite3.connect(db_path)
    marks = conn.execute("SELECT count(*) FROM replay_marks").fetchone()[0]
    conn.close()
    assert marks == 0
    warm = as_json(gintally("show", "--json"))
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("DELETE FROM replay_marks")
    conn.close()
    assert warm == as_json(gintally("show", "--json"))
