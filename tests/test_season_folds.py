"""The season-fold cache (`ledger.folds`, `service.folding`, issue 21 item 2): every reader
prints the same bytes with the cache cold, warm, deleted or damaged, on ledgers of every format
with edits, voids, imports and merges of hands in finished seasons; a damaged fold is named by
`check` (exit 1) and never used; a fact changed in place by another tool drops its match's
folds (`guards.FOLD_GUARDS`), and a fact appended since a fold was made leaves it unused until
a reader makes it again.

The ledgers are seeded: hands over five seasons (2021-2025; today is later), most as CSV
imports (knocks, gins, undercuts, draws, misdeals), some typed (Mahjong gin's two-sided
points, Gimlet Rummy against its phantom), a team match and a series (never cached).
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import astuple
from datetime import date, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gintally
from gintally import report
from gintally.cli import app
from gintally.engine.formats import Format
from gintally.engine.lifetime import Lifetime, Side
from gintally.engine.replay import Entry, Mark
from gintally.engine.standings import Season, fold_standings, season_of_values, season_values
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.service import insights

CACHED = ("Solo", "Holly", "Honey", "Inf", "Anniv", "Mah", "Gim")  # two seats, no series
MATCHES = (*CACHED, "Gim", "Teams", "Multi")
YEARS = range(2021, 2026)
CHART_ID = re.compile(r"chart-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# pygal names each chart afresh (a uuid4), the one difference between two runs of the page


def cli(db: Path, *args: str) -> tuple[int, str]:
    """Run a command in-process on `db`: its exit code and its output (stdout then stderr)."""
    done = CliRunner().invoke(app, list(args), env={"GINTALLY_DB": str(db)})
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    return done.exit_code, done.stdout + done.stderr


def ok(db: Path, *args: str) -> str:
    code, out = cli(db, *args)
    assert code == 0, (args, out)
    return out


def csv_rows(rng: random.Random, players: tuple[str, str], n: int) -> str:
    """`n` hands of Ann v Bob as CSV, spread over the seasons 2021-2025 in play order."""
    lines = ["date,kind,winner,points"]
    day, step = date(2021, 1, 3), (date(2025, 12, 20) - date(2021, 1, 3)).days / n
    for i in range(n):
        day = date(2021, 1, 3) + timedelta(days=int(i * step))
        r = rng.random()
        lean = 0.7 if day.year % 2 else 0.4  # long runs some years
        who = players[0] if rng.random() < lean else players[1]
        if r < 0.04:
            lines.append(f"{day},misdeal,,0")
        elif r < 0.08:
            lines.append(f"{day},draw,,0")
        elif r < 0.25:
            lines.append(f"{day},gin,{who},{25 + rng.choice([0, 5, 12, 30])}")
        elif r < 0.33:
            lines.append(f"{day},undercut,{who},{25 + rng.choice([0, 3, 9])}")
        else:
            lines.append(f"{day},knock,{who},{rng.choice([1, 4, 9, 15, 22, 40])}")
    return "\n".join(lines) + "\n"


def build(db: Path, folder: Path, seed: int) -> None:
    rng = random.Random(seed)
    made = (
        ("Solo", ("--players", "Ann", "Bob")),
        ("Holly", ("--players", "Ann", "Bob", "--format", "hollywood")),
        ("Honey", ("--players", "Ann", "Cy", "--format", "honeymoon")),
        ("Inf", ("--players", "Bob", "Cy", "--format", "ad-infinitum")),
        (
            "Anniv",
            ("--players", "Ann", "Bob", "--format", "ad-infinitum", "--season-start", "06-01"),
        ),
        ("Multi", ("--players", "Ann", "Bob", "--rules", "multi-match")),
    )
    for name, options in made:
        ok(db, "match", "new", name, *options)
        players = tuple(options[options.index("--players") + 1 :][:2])
        src = folder / f"{name}-{seed}.csv"
        src.write_text(csv_rows(rng, (players[0], players[1]), rng.randint(120, 260)))
        ok(db, "import", str(src), "--match", name)
    ok(db, "match", "new", "Mah", "--players", "Ann", "Bob", "--rules", "mahjong")
    ok(db, "match", "new", "Gim", "--players", "Cy", "--rules", "gimlet")
    for year in YEARS:
        for k in range(rng.randint(3, 8)):
            day = f"{year}-0{rng.randint(1, 9)}-1{k}"
            who = rng.choice(["Ann", "Bob"])
            ok(
                db,
                "score",
                who,
                str(rng.choice([30, 45, 60])),
                "--vs-points",
                str(rng.choice([-10, 0, 15])),
                "--match",
                "Mah",
                "--back-date",
                "--date",
                day,
            )
            ok(
                db,
                "gin",
                "Cy",
                "--piles",
                rng.choice(["0,0,1,5", "1,1,1,1"]),
                "--match",
                "Gim",
                "--back-date",
                "--date",
                day,
            )
            if rng.random() < 0.4:
                ok(db, "sour", "Cy", "5", "--match", "Gim", "--back-date", "--date", day)
    ok(db, "match", "new", "Teams", "--teams", "Ann,Cy", "Bob,Dee")
    for year in (2023, 2024, 2025):
        for who in ("Ann", "Dee", "Cy", "Bob"):
            ok(
                db,
                "knock",
                who,
                "5",
                "--vs",
                "20",
                "--match",
                "Teams",
                "--back-date",
                "--date",
                f"{year}-03-04",
            )
    # a hand placed with --back-date names the finished seasons it changes, which folds them:
    # the readers' tests start from no fold
    sql(db, "DELETE FROM season_folds")


def outputs(db: Path, few: bool = False) -> dict[tuple[str, ...], str]:
    """What the readers print (and their exit codes), by command: every reader on every match
    (`few`: the figures only, for the tests of one change)."""
    out: dict[tuple[str, ...], str] = {}
    commands: list[tuple[str, ...]] = [("stats", "--json")]
    commands += [("standings", "--match", m, "--json") for m in MATCHES]
    if not few:
        commands += [("stats",), ("stats", "--player", "Ann")]
        commands += [("chart", "--match", m, "--json") for m in MATCHES]
        commands += [("standings", "--match", m) for m in ("Holly", "Inf", "Teams")]
        commands += [
            ("standings", "--match", m, "--year", "2022", "--json")
            for m in ("Solo", "Holly", "Anniv", "Inf", "Gim")
        ]
        commands += [("chart", "--match", m, "--year", "2023", "--json") for m in ("Honey", "Inf")]
        commands += [("report", "--html", "-", "--match", m) for m in ("Holly", "Inf", "Mah")]
        commands += [("report", "--html", "-", "--match", "Solo", "--year", "2022")]
    else:
        commands += [("chart", "--match", "Inf", "--json")]
    for args in commands:
        code, text = cli(db, *args)
        out[args] = f"{code}\n{CHART_ID.sub('chart-ID', text)}"
    return out


def folds(db: Path, match: str | None = None) -> int:
    conn = sqlite3.connect(db)
    try:
        sql = "SELECT count(*) FROM season_folds"
        if match is not None:
            sql += f" WHERE match_id = (SELECT id FROM matches WHERE name = '{match}')"
        return int(conn.execute(sql).fetchone()[0])
    finally:
        conn.close()


def sql(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    try:
        for s in statements:
            conn.execute(s)
        conn.commit()
    finally:
        conn.close()


def hand_of(match: str, year: int) -> str:
    """SQL: the hand_id of the first hand of a match in a season."""
    return (
        f"(SELECT hand_id FROM hands WHERE match_id = (SELECT id FROM matches WHERE name = "
        f"'{match}') AND date >= '{year}-01-01' AND id = hand_id ORDER BY date, number LIMIT 1)"
    )


def number_of(db: Path, match: str, year: int) -> str:
    conn = sqlite3.connect(db)
    try:
        row = conn.execute(f"SELECT number FROM hands WHERE hand_id = {hand_of(match, year)}")
        return str(row.fetchone()[0])
    finally:
        conn.close()


@pytest.fixture(scope="module", params=[11])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp(f"folds{request.param}")
    db = folder / "ledger.db"
    build(db, folder, request.param)
    return db


@pytest.fixture
def db(built: Path, tmp_path: Path) -> Iterator[Path]:
    copy = tmp_path / "ledger.db"
    shutil.copyfile(built, copy)
    yield copy


def cold(db: Path, few: bool = False) -> dict[tuple[str, ...], str]:
    """The outputs with no fold cached (each command replays every season)."""
    copy = db.with_name("cold.db")
    shutil.copyfile(db, copy)
    sql(copy, "DROP TABLE season_folds")  # not even written: every reader replays whole
    return outputs(copy, few)


def test_every_reader_prints_the_same_cold_warm_deleted_and_damaged(db: Path) -> None:
    reference = cold(db)
    assert outputs(db) == reference  # the first readers fold and cache the finished seasons
    assert {m: folds(db, m) for m in MATCHES} == {
        "Solo": 4,
        "Holly": 4,
        "Honey": 4,
        "Inf": 4,
        "Anniv": 5,
        "Mah": 4,
        "Gim": 4,
        "Teams": 0,
        "Multi": 0,
    }  # every finished season (five of Anniv's, from June); no team, no series
    assert outputs(db) == reference  # warm
    sql(db, "DELETE FROM season_folds WHERE season IN ('2022', '2023/24')")
    assert outputs(db) == reference  # deleted: replayed, and made again
    assert folds(db) == 29
    sql(
        db,
        "UPDATE season_folds SET figures = replace(figures, '[0,', '[1,') WHERE season = '2022'",
        "UPDATE season_folds SET hands_row = hands_row + 7 WHERE season = '2023'",
    )
    code, text = cli(db, "check")
    assert code == 1
    named = sorted(line for line in text.splitlines() if "season_folds row" in line)
    assert len(named) >= 7, text  # every match's 2023 and the 2022 ones that held '[0,'
    assert all("(a cache: it is ignored)" in line for line in named)
    assert any("'2023'" in line and "do not match its checksum" in line for line in named)
    assert outputs(db) == reference  # damaged: never used; the readers made them again
    assert cli(db, "check") == (0, f"{db}: no problems found\n")


def test_stats_agree_with_a_replay_of_every_hand(db: Path) -> None:
    ok(db, "stats")  # warm
    with Ledger.open(db, write=False) as book:
        replayed = report.stats_doc(insights.lifetime(book, cached=False), None)
        folded = report.stats_doc(insights.lifetime(book), None)
        for who in ("Ann", "Bob", "Cy"):
            alone = report.stats_doc(insights.lifetime(book, cached=False), who)
            assert report.stats_doc(insights.lifetime(book), who) == alone
    assert json.dumps(folded) == json.dumps(replayed)
    assert folded["records"]["longest_run"] is not None


@pytest.mark.parametrize(
    "change",
    [
        "edit",
        "void",
        "back-dated hand",
        "import into a finished season",
        "merge",
        "undo",
    ],
)
def test_a_fact_appended_in_a_finished_season_is_counted(
    db: Path, tmp_path: Path, change: str
) -> None:
    outputs(db, few=True)  # warm
    before = folds(db)
    if change == "edit":
        ok(
            db,
            "edit",
            number_of(db, "Inf", 2022),
            "--match",
            "Inf",
            "--points",
            "77",
            "--kind",
            "score",
            "--player",
            "Cy",
        )
        ok(db, "edit", number_of(db, "Solo", 2021), "--match", "Solo", "--date", "2025-12-24")
    elif change == "void":
        for m in CACHED:
            ok(db, "void", number_of(db, m, 2023), "--match", m)
    elif change == "back-dated hand":
        ok(db, "score", "Ann", "90", "--match", "Holly", "--back-date", "--date", "2022-05-05")
        ok(
            db,
            "knock",
            "Bob",
            "3",
            "--vs",
            "60",
            "--match",
            "Anniv",
            "--back-date",
            "--date",
            "2020-07-01",
        )
    elif change == "import into a finished season":
        src = tmp_path / "old.csv"
        src.write_text("date,kind,winner,points\n2024-02-02,gin,Ann,80\n2024-02-03,gin,Ann,70\n")
        ok(db, "import", str(src), "--match", "Honey")
    elif change == "merge":
        other = tmp_path / "other.db"
        shutil.copyfile(db, other)
        ok(other, "score", "Bob", "66", "--match", "Solo", "--back-date", "--date", "2022-08-08")
        ok(other, "void", number_of(other, "Inf", 2024), "--match", "Inf")
        ok(db, "merge", str(other))
    else:
        ok(
            db,
            "knock",
            "Ann",
            "5",
            "--vs",
            "30",
            "--match",
            "Solo",
            "--back-date",
            "--date",
            "2021-06-06",
        )
        outputs(db, few=True)
        ok(db, "undo", "--match", "Solo")
    assert outputs(db, few=True) == cold(db, few=True)
    assert folds(db) >= before - 1  # made again by the readers (a voided season's too)


INF = "(SELECT id FROM matches WHERE name = 'Inf')"
IN_PLACE = {
    "points": (f"UPDATE hands SET points = points + 1 WHERE hand_id = {hand_of('Inf', 2022)}",),
    "date": (f"UPDATE hands SET date = '2025-01-05' WHERE hand_id = {hand_of('Inf', 2021)}",),
    "winner": (
        "UPDATE hands SET winner = (SELECT id FROM players WHERE name = 'Bob') "
        f"WHERE hand_id = {hand_of('Inf', 2023)}",
    ),
    "deleted correction": ("DELETE FROM corrections",),
    "changed correction": ("UPDATE corrections SET reason = 'later'",),
    "deleted hand": (
        f"DELETE FROM corrections WHERE hand_id = {hand_of('Inf', 2022)}",
        f"DELETE FROM hands WHERE hand_id = {hand_of('Inf', 2022)}",
    ),
    "rules": (f"UPDATE matches SET first_dealer = NULL WHERE id = {INF}",),
}


@pytest.mark.parametrize("what", sorted(IN_PLACE))
def test_a_fact_changed_in_place_drops_its_matchs_folds(db: Path, what: str) -> None:
    ok(db, "void", number_of(db, "Inf", 2024), "--match", "Inf")  # a correction to change
    outputs(db, few=True)  # warm
    assert folds(db, "Inf") == 4
    sql(db, *IN_PLACE[what])
    assert folds(db, "Inf") == 0, what  # dropped in the same statement, by the trigger
    assert folds(db, "Solo") == 4  # the other matches keep theirs
    assert outputs(db, few=True) == cold(db, few=True)
    assert folds(db, "Inf") == 4


def test_a_fold_is_made_only_for_a_finished_season(db: Path) -> None:
    """The latest season with live hands is never cached (its games may still be open), and
    when its hands are all voided the season before it is the latest again: its fold is not
    used (its games are open again, or unfinished only by the date)."""
    outputs(db)
    conn = sqlite3.connect(db)
    latest = conn.execute(
        "SELECT max(season) FROM season_folds WHERE match_id = "
        "(SELECT id FROM matches WHERE name = 'Solo')"
    ).fetchone()[0]
    numbers = [
        r[0]
        for r in conn.execute(
            "SELECT number FROM hands_view WHERE match = 'Solo' AND date >= '2025-01-01' "
            "AND NOT voided"
        )
    ]
    conn.close()
    assert latest == "2024"
    for n in numbers:
        ok(db, "void", str(n), "--match", "Solo")
    assert outputs(db, few=True) == cold(db, few=True)
    # the fold of 2024, kept while 2025 had live hands, lies unused: check does not call it
    # wrong (it compared it with a fold that cannot finish the latest season), and keeps it
    kept = folds(db, "Solo")
    assert cli(db, "check") == (0, f"{db}: no problems found\n")
    assert folds(db, "Solo") == kept > 0


def test_a_read_only_ledger_is_read_from_its_folds_and_not_written(db: Path) -> None:
    reference = cold(db, few=True)
    outputs(db, few=True)  # warm
    sql(db, "DELETE FROM season_folds WHERE season = '2022'")
    kept = folds(db)
    db.chmod(0o444)
    try:
        before = db.read_bytes()
        assert outputs(db, few=True) == reference
        assert db.read_bytes() == before
    finally:
        db.chmod(0o644)
    assert folds(db) == kept


# --- the engine alone: seasons folded, cut, cached and folded on, against one replay ----------


def _entries(rng: random.Random, n: int) -> list[Entry]:
    """`n` hands from November 2001, a few a week, with long runs, equal points (records tie)
    and hands nobody won."""
    day, out = date(2001, 11, 1), []
    for i in range(1, n + 1):
        day += timedelta(days=rng.choice([0, 0, 1, 3, 20]))
        r = rng.random()
        if r < 0.1:
            out.append(Entry(i, day, None, 0, "misdeal" if r < 0.05 else "draw"))
            continue
        winner = 0 if rng.random() < rng.choice([0.5, 0.85]) else 1
        kind = rng.choice(["knock", "gin", "undercut"])
        out.append(Entry(i, day, winner, rng.choice([0, 5, 10, 25, 30, 55]), kind))
    return out


def _figures(fold: Lifetime) -> object:
    return (
        {k: astuple(v) for k, v in fold.figures.items()},
        {k: astuple(v) for k, v in fold.pairs.items()},
        fold.records(),
        fold.records("Ann"),
        fold.records("Bob"),
    )


@pytest.mark.parametrize("fmt", ["single", "hollywood", "honeymoon", "ad-infinitum"])
def test_cached_seasons_fold_on_as_one_replay(fmt: str) -> None:
    """For many seeded matches: the seasons folded from a cut (the finished seasons cached, the
    replay resumed from the last one's resume point) are the seasons of one replay, and the
    lifetime figures, head-to-head and records added from them (`Lifetime.seasons`) are those
    folded hand by hand (`Lifetime.match`), equal records going to the earlier, across two
    matches with the same dates and hand numbers too."""
    rules, form = resolve("modern"), Format(fmt)
    sides = [Side("Ann", ("Ann",)), Side("Bob", ("Bob",))]
    for seed in range(60):
        rng = random.Random(seed)
        hands = _entries(rng, rng.randint(0, 300))
        today = date(2030, 1, 1) if seed % 2 else None
        whole, _ = fold_standings(hands, rules, form, 0, today)
        finished: list[tuple[Season, Mark | None]] = []
        fold_standings(hands, rules, form, 0, today, finished=finished)
        by_hand, by_season = Lifetime(), Lifetime()
        by_hand.match("M", sides, rules, form, hands, 0)
        by_hand.match("N", sides, rules, form, hands[: len(hands) // 2], 0)
        by_season.seasons("M", sides, whole)
        half, _ = fold_standings(hands[: len(hands) // 2], rules, form, 0)
        by_season.seasons("N", sides, half)
        assert _figures(by_season) == _figures(by_hand), (fmt, seed)
        if not finished:
            continue
        k = rng.randint(1, len(finished))
        cached = [season_of_values(season_values(s)) for s, _ in finished[:k]]
        resume = finished[k - 1][1]
        if form.seasonal:
            start = next(s.start for s in whole if s.start > cached[-1].start)
            resume = Mark(start, 0, 0, None, str(start.year), 0)
        cut = (date.min, 0) if resume is None else (resume.cut_date, resume.cut_hand)
        tail = [e for e in hands if (e.date, e.id) > cut]
        folded, _ = fold_standings(tail, rules, form, 0, today, start=resume, cached=cached)
        assert folded == whole, (fmt, seed)
        again = Lifetime()
        again.seasons("M", sides, folded)
        again.seasons("N", sides, half)
        assert _figures(again) == _figures(by_hand), (fmt, seed)


def test_a_reader_never_waits_to_write_its_folds(db: Path) -> None:
    """Another process holds the write lock: the readers print the same without waiting for it
    (nothing said on stderr), and keep no fold; once the lock is free the next reader does."""
    reference = cold(db, few=True)
    other = sqlite3.connect(db, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    try:
        assert outputs(db, few=True) == reference
    finally:
        other.rollback()
        other.close()
    assert folds(db) == 0
    assert outputs(db, few=True) == reference
    assert folds(db) == 29


def test_a_refused_reader_and_the_library_keep_no_fold(db: Path, tmp_path: Path) -> None:
    """A command that exits non-zero writes nothing, not even the cache; a library `Book`
    reads the folds there are and leaves the file as it was."""
    page = tmp_path / "page.html"
    page.write_text("mine")
    before = db.read_bytes()
    assert cli(db, "report", "--html", str(page), "--match", "Inf")[0] == 2  # exists
    assert cli(db, "standings", "--match", "Inf", "--year", "1999")[0] == 2
    assert cli(db, "chart", "--match", "Inf", "--year", "1999")[0] == 2
    assert cli(db, "stats", "--player", "Nobody")[0] == 2
    assert folds(db) == 0
    assert page.read_text() == "mine"
    with gintally.open(db) as book:
        shown = book.standings(match="Inf")
        lifetime = book.stats()
    assert db.read_bytes() == before
    assert json.loads(ok(db, "standings", "--match", "Inf", "--json")) == shown
    assert json.loads(ok(db, "stats", "--json")) == lifetime
    assert folds(db) == 29  # kept by the commands that succeeded
    with gintally.open(db) as book:
        assert book.standings(match="Inf") == shown
    seasons = json.loads(ok(db, "standings", "--match", "Anniv", "--json"))["seasons"]
    has = ", ".join(s["start"][:4] for s in seasons)
    for year in ("0", "1", "9999", "99999"):  # no season there, with folds cached: refused
        code, text = cli(db, "standings", "--match", "Anniv", "--year", year)
        said = f"Error: match 'Anniv' has no season starting in {year} (it has {has})\n"
        assert (code, text) == (2, said)


@pytest.mark.parametrize("preset", ["modern", "multi-match", "tournament"])
@pytest.mark.parametrize("fmt", ["single", "hollywood", "rolling", "honeymoon", "ad-infinitum"])
def test_lifetime_by_seasons_is_lifetime_by_hands(preset: str, fmt: str) -> None:
    """`stats` adds every two-player match by its seasons, cached or not: the same as by its
    hands for every format (rolling Hollywood too) and with a series (not cached)."""
    rules = resolve(preset)
    form = Format("hollywood", 3, True) if fmt == "rolling" else Format(fmt)
    sides = [Side("Ann", ("Ann",)), Side("Bob", ("Bob",))]
    for seed in range(15):
        rng = random.Random(seed)
        hands = _entries(rng, rng.randint(0, 250))
        by_hand, by_season = Lifetime(), Lifetime()
        by_hand.match("M", sides, rules, form, hands, 0)
        by_season.seasons("M", sides, fold_standings(hands, rules, form, 0)[0])
        assert _figures(by_season) == _figures(by_hand), (preset, fmt, seed)


def test_a_fold_made_by_another_gintally_is_not_used_nor_called_damage(db: Path) -> None:
    """An upgrade may score or fold otherwise: a sound fold made by another gintally (its
    checksum holds) is replayed and written again by the next reader, and `check` does not
    call it damaged. Its figures are altered here too, so a fold used would show."""
    from gintally.ledger.folds import FOLD_VALUES, MADE_BY, fold_digest

    reference = cold(db, few=True)
    assert outputs(db, few=True) == reference  # warm: the folds are made
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute("SELECT * FROM season_folds").fetchall()
        assert rows and all(json.loads(r["figures"])[0] == MADE_BY for r in rows)
        for r in rows:
            figures = r["figures"].replace(MADE_BY, "gintally 0.0.9").replace("[0,", "[1,")
            values = [figures if c == "figures" else r[c] for c in FOLD_VALUES]
            conn.execute(
                "UPDATE season_folds SET figures = ?, digest = ? WHERE match_id = ? AND season = ?",
                [figures, fold_digest(r["match_id"], values), r["match_id"], r["season"]],
            )
        conn.commit()
    finally:
        conn.close()
    assert cli(db, "check") == (0, f"{db}: no problems found\n")
    assert outputs(db, few=True) == reference
    conn = sqlite3.connect(db)
    try:
        makers = {json.loads(f)[0] for (f,) in conn.execute("SELECT figures FROM season_folds")}
    finally:
        conn.close()
    assert makers == {MADE_BY}  # made again by this gintally
