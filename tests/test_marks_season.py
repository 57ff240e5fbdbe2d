"""Marks inside an ad-infinitum season: a cache that changes no figure.

An ad-infinitum season is never quiet, so its mark carries the games open at its cut and the
games each player won before it (`engine.replay.Mark.open`, `won`); `knock` and `show` replay
only the hands after it. Seeded random evenings run every command on two ledgers in step: one
keeps its marks, the other has its ``replay_marks`` emptied before each command (so it replays
the whole season). Each command's output, and then `show`, `show --json` and `standings
--json`, must be the same on both: hands at the table, back-dated hands, voids, edits (points
and dates), undo, redo and a season's end. `check` names a mark forged with its checksum
recomputed, and a damaged one is ignored by every reader."""

from __future__ import annotations

import difflib
import json
import random
import shutil
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from test_cache_staleness import rows
from test_season_folds import cli, sql

from gintally import Book
from gintally.cli import base
from gintally.ledger.marks import MARK_VALUES, mark_digest

SEEDS = range(3)
AD_INFINITUM = ("--format", "ad-infinitum")
READS = (("show",), ("show", "--json"), ("standings", "--json"))
SHOWS = READS[:2]  # what reads the marks (`standings` folds the seasons: read at the end)


def carried(db: Path) -> dict[str, object] | None:
    """What the match's mark carries (None: a quiet point, or no mark)."""
    found = rows(db, "SELECT carried FROM replay_marks")
    return json.loads(str(found[0][0])) if found and found[0][0] is not None else None


def differ(warm: str, cold: str) -> str:
    """The lines that differ (``-`` with marks, ``+`` without)."""
    return "\n".join(difflib.unified_diff(warm.splitlines(), cold.splitlines(), lineterm=""))


class Pair:
    """Two ledgers in step: `warm` keeps its marks, `cold` has none when a command starts."""

    def __init__(self, folder: Path, set_today: Callable[[date], None]) -> None:
        self.warm, self.cold = folder / "warm.db", folder / "cold.db"
        self.set_today = set_today
        self.inside = 0  # commands that found an in-season mark in `warm`
        self.commands = 0

    def run(self, *args: str) -> str:
        """The command on both ledgers: the same exit code and output (as text, or every
        other command as its JSON document)."""
        self.commands += 1
        if self.commands % 2:
            args = (*args, "--json")
        sql(self.cold, "DELETE FROM replay_marks")
        if self.warm.exists() and carried(self.warm) is not None:
            self.inside += 1
        cold = cli(self.cold, *args)
        warm = cli(self.warm, *args)
        if warm != cold:
            pytest.fail(f"{args}: {differ(warm[1], cold[1])}")
        return warm[1]

    def same_reads(self, reads: tuple[tuple[str, ...], ...] = SHOWS) -> None:
        sql(self.cold, "DELETE FROM replay_marks")
        for args in reads:
            warm, cold = cli(self.warm, *args), cli(self.cold, *args)
            if warm != cold:
                pytest.fail(f"{args}: {differ(warm[1], cold[1])}")


def evening(seed: int, pair: Pair) -> None:
    """An ad-infinitum match with most of a season imported, then random commands, and the
    next season begun."""
    rng = random.Random(seed)
    folder = pair.warm.parent
    pair.set_today(date(2025, 12, 31))
    lines = ["date,kind,winner,points"]
    day = date(2025, 1, 2)
    for _ in range(rng.randrange(110, 170)):
        day += timedelta(days=rng.random() < 0.5)
        who = rng.choice("AB")
        kind, points = rng.choice([("knock", 8), ("knock", 21), ("gin", 31), ("undercut", 27)])
        lines.append(f"{day},{kind},{'Ann' if who == 'A' else 'Bob'},{points + rng.randrange(9)}")
    (folder / "hands.csv").write_text("\n".join(lines) + "\n")
    for db in (pair.warm, pair.cold):
        assert cli(db, "match", "new", "M", "--players", "Ann", "Bob", *AD_INFINITUM)[0] == 0
        assert cli(db, "import", str(folder / "hands.csv"), "--match", "M")[0] == 0
    last = day
    for step in range(18):
        n = int(str(rows(pair.warm, "SELECT max(number) FROM hands")[0][0]))
        x = rng.random()
        if step == 12:  # the next season begins
            pair.set_today(date(2026, 1, 9))
            last = date(2026, 1, 2)
            pair.run("knock", "Bob", "4", "--vs", "30", "--date", last.isoformat())
        elif x < 0.4:
            last += timedelta(days=rng.random() < 0.3)
            who = rng.choice(["Ann", "Bob"])
            deadwood, vs = str(rng.randrange(11)), str(rng.randrange(12, 60))
            pair.run("knock", who, deadwood, "--vs", vs, "--date", last.isoformat())
        elif x < 0.5:
            back = last - timedelta(days=rng.randrange(2, 40))
            who, paper = rng.choice(["Ann", "Bob"]), str(rng.randrange(20, 90))
            pair.run("score", who, paper, "--date", back.isoformat(), "--back-date")
        elif x < 0.62:
            pair.run("void", str(rng.choice([n, n - 1, rng.randrange(1, n + 1)])))
        elif x < 0.74:
            hand = str(rng.choice([n, rng.randrange(1, n + 1)]))
            if rng.random() < 0.5:
                pair.run("edit", hand, "--points", str(rng.randrange(5, 120)))
            else:
                moved = last - timedelta(days=rng.randrange(0, 20))
                pair.run("edit", hand, "--date", moved.isoformat())
        elif x < 0.88:
            pair.run("undo")
        else:
            pair.run("redo")
        pair.same_reads()


@pytest.fixture
def set_today(monkeypatch: pytest.MonkeyPatch) -> Callable[[date], None]:
    def fix(day: date) -> None:
        monkeypatch.setattr(base, "today", lambda: day)  # the day every command's Book takes

    return fix


@pytest.mark.parametrize("seed", SEEDS)
def test_a_season_read_from_its_mark_reads_as_the_whole_season(
    seed: int, tmp_path: Path, set_today: Callable[[date], None]
) -> None:
    pair = Pair(tmp_path, set_today)
    evening(seed, pair)
    pair.same_reads(READS)
    assert pair.inside > 5  # the marks inside the season were used, not only made
    # `check` says of the ledger with marks what it says of the one without (and names no
    # mark); not always "no problems": a season's cached fold left by a voided first hand of
    # the next season is named in both (a matter of the folds, not of the marks)
    warm, cold = cli(pair.warm, "check"), cli(pair.cold, "check")
    assert "replay_marks" not in warm[1]
    assert (warm[0], warm[1].replace(str(pair.warm), "DB")) == (
        cold[0],
        cold[1].replace(str(pair.cold), "DB"),
    )


@pytest.fixture
def marked(tmp_path: Path, set_today: Callable[[date], None]) -> Path:
    """A ledger whose ad-infinitum match holds a mark inside its season."""
    set_today(date(2025, 12, 31))
    db = tmp_path / "m.db"
    rng = random.Random(7)
    lines = ["date,kind,winner,points"]
    day = date(2025, 1, 2)
    for _ in range(120):
        day += timedelta(days=rng.random() < 0.5)
        lines.append(f"{day},knock,{rng.choice(['Ann', 'Bob'])},{rng.randrange(5, 40)}")
    (tmp_path / "h.csv").write_text("\n".join(lines) + "\n")
    assert cli(db, "match", "new", "M", "--players", "Ann", "Bob", *AD_INFINITUM)[0] == 0
    assert cli(db, "import", str(tmp_path / "h.csv"), "--match", "M")[0] == 0
    assert cli(db, "knock", "Ann", "5", "--vs", "25", "--date", str(day))[0] == 0
    held = carried(db)
    assert held is not None and held["open"]
    return db


def forge(db: Path, change: Callable[[dict[str, object]], None]) -> None:
    """Change what the mark carries and write its checksum again, as a careful forger would."""
    ((match_id, *values, text),) = rows(
        db, f"SELECT match_id, {', '.join(MARK_VALUES)}, carried FROM replay_marks"
    )
    held = json.loads(str(text))
    change(held)
    text = json.dumps(held, separators=(",", ":"))
    digest = mark_digest(int(str(match_id)), values, text)
    sql(db, f"UPDATE replay_marks SET carried = '{text}', digest = '{digest}'")


def add_won(held: dict[str, object]) -> None:
    won = held["won"]
    assert isinstance(won, list)
    won[0] += 1


def add_points(held: dict[str, object]) -> None:
    games = held["open"]
    assert isinstance(games, list)
    games[0][2][1] += 1


def drop_game(held: dict[str, object]) -> None:
    games = held["open"]
    assert isinstance(games, list)
    games.pop()


@pytest.mark.parametrize("change", [add_won, add_points, drop_game])
def test_check_names_a_forged_mark_inside_a_season(
    marked: Path, change: Callable[[dict[str, object]], None]
) -> None:
    (match_id,) = rows(marked, "SELECT match_id FROM replay_marks")[0]
    forge(marked, change)
    code, said = cli(marked, "check")
    assert (code, said.splitlines()[:-1]) == (
        1,
        [
            f"problem: replay_marks row {match_id}: the cached mark of match 'M' disagrees "
            "with a full replay (removed: the next command rebuilds it)"
        ],
    )
    assert rows(marked, "SELECT count(*) FROM replay_marks") == [(0,)]
    assert cli(marked, "check") == (0, f"{marked}: no problems found\n")


def test_a_damaged_mark_is_ignored_and_named(marked: Path) -> None:
    """A byte changed in what the mark carries, its checksum left: no reader uses it."""
    (match_id,) = rows(marked, "SELECT match_id FROM replay_marks")[0]
    before = {args: cli(marked, *args) for args in READS}
    sql(marked, "UPDATE replay_marks SET carried = replace(carried, '\"won\":[', '\"won\":[1')")
    assert {args: cli(marked, *args) for args in READS} == before
    code, said = cli(marked, "check")
    assert code == 1
    assert f"replay_marks row {match_id}: holds values that do not match its checksum" in said


def test_a_mark_in_an_older_ledger_still_holds(marked: Path) -> None:
    """A quiet point kept before marks carried anything (``carried`` NULL, its checksum over
    the values it had) is read as it always was: a season's start."""
    ((match_id, *values),) = rows(
        marked, f"SELECT match_id, {', '.join(MARK_VALUES)} FROM replay_marks"
    )
    first = {args: cli(marked, *args) for args in READS}
    at = {c: i for i, c in enumerate(MARK_VALUES)}
    values[at["cut_date"]], values[at["cut_hand"]], values[at["games"]] = "2025-01-01", 0, 0
    values[at["finished"]] = 0
    values[at["dealer"]] = None  # no first dealer was named
    digest = mark_digest(int(str(match_id)), values)
    sql(
        marked,
        "UPDATE replay_marks SET cut_date = '2025-01-01', cut_hand = 0, games = 0, "
        f"finished = 0, dealer = NULL, carried = NULL, digest = '{digest}'",
    )
    for args in READS:
        now = cli(marked, *args)
        assert now == first[args], differ(now[1], first[args][1])
    said = cli(marked, "check")
    assert said == (0, f"{marked}: no problems found\n"), said
    assert cli(marked, "knock", "Bob", "3", "--vs", "30")[0] == 0
    assert carried(marked) is not None  # the next write keeps a mark inside the season


def test_a_season_over_reads_the_same_from_its_mark(
    marked: Path, tmp_path: Path, set_today: Callable[[date], None]
) -> None:
    """Once a later season has begun by the calendar, the games open at the mark are
    unfinished as every other open game: `show` from the mark is `show` of the whole season."""
    set_today(date(2026, 2, 1))
    cold = tmp_path / "cold.db"
    shutil.copyfile(marked, cold)
    sql(cold, "DELETE FROM replay_marks")
    assert carried(marked) is not None
    for args in READS:
        warm, whole = cli(marked, *args), cli(cold, *args)
        assert warm == whole, differ(warm[1], whole[1])
    assert "Season 2025 is over; " in cli(marked, "show")[1]


def test_the_drawing_counts_the_season_it_lists_in_part(marked: Path) -> None:
    """The drawing's document (no sheet rows) from a mark inside the season: its games are the
    open ones and those numbered after the mark, each as the whole season has it, and its
    `tally` counts every game of the season."""
    book = Book(marked, today=lambda: date(2025, 12, 31))
    whole = book.sheet_doc()
    drawn = book.sheet_doc(sheet_rows=False)
    assert "tally" not in whole and drawn["sheet"] == []
    games = {g["number"]: g for g in whole["games"]}
    assert 0 < len(drawn["games"]) < len(whole["games"])
    assert all(games[g["number"]] == g for g in drawn["games"])
    assert [g for g in whole["games"] if g["status"] == "open"] == [
        g for g in drawn["games"] if g["status"] == "open"
    ]
    won = [g for g in whole["games"] if g["status"] == "won"]
    assert [g for g in drawn["games"] if g["status"] == "won"][-8:] == won[-8:]
    assert drawn.get("tally") == {
        "season": "2025",
        "games_won": {p: sum(g["winner"] == p for g in won) for p in ("Ann", "Bob")},
        "winner": None,
        "open": sum(g["status"] == "open" for g in whole["games"]),
        "unfinished": 0,
    }
