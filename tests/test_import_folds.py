"""An import folds the seasons its rows finish (`service.folding.ImportFold`, issue 21): the
``season_folds`` rows it writes are, byte for byte, those the first reader writes when there are
none, and every reader prints the same either way; an import whose fold would not be the one a
reader makes from the first hand (rows out of date order, a match with hands, a file with
corrected history, hands whose kept uids `renumber` moves, a match not cached) writes none, and
a refused import writes nothing.

The files are seeded: 150-400 hands of Ann v Bob over the seasons 2021-2025 (knocks, gins,
undercuts, draws, misdeals), as CSV, as JSON without uids and as gintally's own JSON export (with
uids). An import folds only from `folding.FOLD_FROM` rows on (150,000): these tests lower it to
one row (`_fold_from_the_first_row`), but those of the threshold itself.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_season_folds import CHART_ID, cli, csv_rows, folds, ok, sql

from gintally.service import folding

FORMATS = {
    "single": (),
    "hollywood": ("--format", "hollywood"),
    "honeymoon": ("--format", "honeymoon"),
    "ad-infinitum": ("--format", "ad-infinitum"),
    "anniversary": ("--format", "ad-infinitum", "--season-start", "06-01"),
}
FINISHED = {"single": 4, "hollywood": 4, "honeymoon": 4, "ad-infinitum": 4, "anniversary": 5}
READERS: tuple[tuple[str, ...], ...] = (
    ("standings",),
    ("standings", "--json"),
    ("standings", "--year", "2022", "--json"),
    ("stats",),
    ("stats", "--json"),
    ("chart", "--json"),
    ("chart", "--year", "2023", "--json"),
    ("report", "--html", "-"),
    ("report", "--html", "-", "--year", "2024"),
)


SHIPPED_FOLD_FROM = folding.FOLD_FROM


@pytest.fixture(autouse=True)
def _fold_from_the_first_row(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folding, "FOLD_FROM", 1)


def fold_rows(db: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT * FROM season_folds ORDER BY match_id, season").fetchall()
    finally:
        conn.close()


def readers(db: Path) -> dict[tuple[str, ...], str]:
    """What every reader prints (and its exit code) on the ledger's one match."""
    out = {}
    for args in READERS:
        code, text = cli(db, *args)
        out[args] = f"{code}\n{CHART_ID.sub('chart-ID', text)}"
    return out


def made_by_a_reader(db: Path) -> tuple[list[tuple[Any, ...]], dict[tuple[str, ...], str]]:
    """The folds the first reader writes on a copy of `db` with none, and what the readers print
    there (the first of them with no fold at all)."""
    copy = db.with_name(f"reader-{db.name}")
    shutil.copyfile(db, copy)
    sql(copy, "DELETE FROM season_folds")
    printed = readers(copy)
    return fold_rows(copy), printed


def new_ledger(folder: Path, name: str, fmt: str) -> Path:
    db = folder / f"{name}.db"
    ok(db, "match", "new", "M", "--players", "Ann", "Bob", *FORMATS[fmt])
    return db


def seeded_csv(folder: Path, seed: int) -> Path:
    rng = random.Random(seed)
    path = folder / f"hands-{seed}.csv"
    path.write_text(csv_rows(rng, ("Ann", "Bob"), rng.randint(150, 400)))
    return path


def as_json(src: Path) -> Path:
    """The CSV's rows as a JSON list of objects (no uid: every hand is new)."""
    lines = src.read_text().splitlines()
    header = lines[0].split(",")
    rows = []
    for line in lines[1:]:
        row: dict[str, Any] = dict(zip(header, line.split(","), strict=True))
        row["points"] = int(row["points"])
        if not row["winner"]:
            del row["winner"]
        rows.append(row)
    path = src.with_suffix(".json")
    path.write_text(json.dumps(rows, indent=1))
    return path


def imported(db: Path, src: Path, *more: str) -> dict[str, Any]:
    return dict(json.loads(ok(db, "import", str(src), "--match", "M", "--json", *more)))


def kinds(src: Path) -> set[str]:
    return {line.split(",")[1] for line in src.read_text().splitlines()[1:]}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("form", ["csv", "json", "export"])
def test_an_import_writes_the_folds_a_reader_would(tmp_path: Path, fmt: str, form: str) -> None:
    seed = sorted(FORMATS).index(fmt) * 3 + ["csv", "json", "export"].index(form)
    src = seeded_csv(tmp_path, seed)
    assert {"misdeal", "draw", "gin", "undercut", "knock"} <= kinds(src)
    n = len(src.read_text().splitlines()) - 1
    if form == "json":
        src = as_json(src)
    elif form == "export":  # gintally's own JSON: every row keeps its uid, in play order
        origin = new_ledger(tmp_path, "origin", fmt)
        imported(origin, src)
        src = tmp_path / "export.json"
        ok(origin, "export", "--format", "json", "--output", str(src))
        assert all(h["uid"] for h in json.loads(src.read_text())["hands"])
    db = new_ledger(tmp_path, "ledger", fmt)
    assert imported(db, src)["imported"] == n
    made = fold_rows(db)
    assert len(made) == FINISHED[fmt]  # every season but the last (2025, or 2025/26)
    assert {r[6] for r in made} == {n}  # hands_row: the newest hand row, that of the last hand
    by_reader, printed = made_by_a_reader(db)
    assert made == by_reader
    assert readers(db) == printed
    assert fold_rows(db) == made  # the readers found every fold sound: none made again
    assert cli(db, "check") == (0, f"{db}: no problems found\n")


def test_an_import_into_a_match_whose_hands_are_all_voided_folds(tmp_path: Path) -> None:
    """Voided hands are not played: the numbers go on after them, the fold is still exact."""
    src = seeded_csv(tmp_path, 40)
    db = new_ledger(tmp_path, "ledger", "hollywood")
    ok(db, "knock", "Ann", "5", "--vs", "20", "--match", "M", "--date", "2024-05-05")
    ok(db, "void", "1", "--match", "M")
    assert imported(db, src)["hands"][0] == 2
    made = fold_rows(db)
    assert len(made) == 4
    assert (made, readers(db)) == made_by_a_reader(db)


def _back_dated_export(folder: Path, src: Path) -> Path:
    """An export whose kept uids are not in play order: a hand recorded last, dated first."""
    origin = new_ledger(folder, "origin", "ad-infinitum")
    imported(origin, src)
    ok(
        origin,
        "knock",
        "Bob",
        "7",
        "--vs",
        "30",
        "--match",
        "M",
        "--back-date",
        "--date",
        "2021-01-03",
    )
    out = folder / "export.json"
    ok(origin, "export", "--format", "json", "--output", str(out))
    uids = [h["uid"] for h in json.loads(out.read_text())["hands"]]
    assert uids != sorted(uids)  # in play order, not in entry order: `renumber` moves one
    return out


def _edited_export(folder: Path, src: Path) -> Path:
    """An export with corrected history (an edit and a void of hands in 2022)."""
    origin = new_ledger(folder, "origin", "ad-infinitum")
    imported(origin, src)
    ok(origin, "edit", "30", "--match", "M", "--note", "the cards were misread")
    ok(origin, "void", "31", "--match", "M")
    out = folder / "export.json"
    ok(origin, "export", "--format", "json", "--output", str(out))
    assert len(json.loads(out.read_text())["corrected"]) == 2
    return out


@pytest.mark.parametrize(
    "case",
    [
        "out of date order",
        "into a match with hands",
        "corrected history",
        "kept uids renumbered",
        "a team match",
        "a match with a series",
    ],
)
def test_an_import_the_reader_must_fold_writes_no_fold(tmp_path: Path, case: str) -> None:
    src = seeded_csv(tmp_path, 50)
    db = tmp_path / "ledger.db"
    players = ("--players", "Ann", "Bob", "--format", "ad-infinitum")
    if case == "a team match":
        ok(db, "match", "new", "M", "--teams", "Ann,Cy", "Bob,Dee")
        lines = src.read_text().splitlines()
        src.write_text(
            "\n".join(lines[:1] + [line for line in lines[1:] if ",," not in line]) + "\n"
        )
    else:
        if case == "a match with a series":  # a single match: ad-infinitum has none
            players = ("--players", "Ann", "Bob", "--rules", "multi-match")
        ok(db, "match", "new", "M", *players)
    if case == "out of date order":  # one hand of 2023 among those of 2022
        lines = src.read_text().splitlines()
        k = next(i for i, line in enumerate(lines) if line.startswith("2023"))
        lines.insert(k - 5, lines.pop(k))
        src.write_text("\n".join(lines) + "\n")
    elif case == "into a match with hands":
        ok(db, "knock", "Ann", "5", "--vs", "20", "--match", "M", "--date", "2020-02-02")
    elif case == "corrected history":
        src = _edited_export(tmp_path, src)
    elif case == "kept uids renumbered":
        src = _back_dated_export(tmp_path, src)
    ok(db, "import", str(src), "--match", "M")
    assert folds(db) == 0
    cold = db.with_name("cold.db")
    shutil.copyfile(db, cold)
    sql(cold, "DROP TABLE season_folds")  # never cached: every reader replays every season
    assert readers(db) == readers(cold)
    # the first reader folded them, as before (a season more before the import's: 2020)
    expected = {"into a match with hands": 5, "a team match": 0, "a match with a series": 0}
    assert folds(db) == expected.get(case, 4)


def test_a_back_dated_export_without_a_move_still_folds(tmp_path: Path) -> None:
    """Kept uids that `renumber` leaves where they are (an export of a match entered in play
    order) do not stop the fold."""
    src = seeded_csv(tmp_path, 60)
    origin = new_ledger(tmp_path, "origin", "ad-infinitum")
    imported(origin, src)
    out = tmp_path / "export.json"
    ok(origin, "export", "--format", "json", "--output", str(out))
    uids = [h["uid"] for h in json.loads(out.read_text())["hands"]]
    assert uids == sorted(uids)
    db = new_ledger(tmp_path, "ledger", "ad-infinitum")
    ok(db, "match", "new", "Other", "--players", "Cy", "Dee")  # uids made here come first
    ok(db, "knock", "Cy", "5", "--vs", "20", "--match", "Other", "--date", "2020-02-02")
    imported(db, out)
    assert fold_rows(db) == made_by_a_reader(db)[0]
    assert folds(db) == 4


def test_a_refused_import_writes_no_fold(tmp_path: Path) -> None:
    src = seeded_csv(tmp_path, 70)
    db = new_ledger(tmp_path, "ledger", "hollywood")
    text = src.read_text()
    bad = tmp_path / "bad.csv"
    bad.write_text(text + "2025-12-30,knock,Ann,-4\n")  # its last row is refused
    before = db.read_bytes()
    code, out = cli(db, "import", str(bad), "--match", "M")
    assert code == 2 and "row" in out and "-4" in out, out
    assert db.read_bytes() == before
    assert folds(db) == 0
    imported(db, src)
    assert folds(db) == 4
    code, out = cli(db, "import", str(src), "--match", "M")  # imported before: refused
    assert code == 2 and "imported into M before" in out, out
    assert folds(db) == 4


@pytest.mark.parametrize(
    ("rules", "fmt"), [("modern", "hollywood"), ("modern", "ad-infinitum"), ("mahjong", "single")]
)
def test_typed_dealers_and_two_sided_points_fold_as_a_reader_folds(
    tmp_path: Path, rules: str, fmt: str
) -> None:
    """A row may name its dealer (the deal then follows from it), and under Mahjong rules a
    score gives the other player points too: the entries an import folds read them as a
    replay does."""
    rng = random.Random(80 + len(fmt))
    lines = ["date,kind,winner,points,other_points,dealer"]
    for i in range(300):
        day = date(2021, 1, 5) + timedelta(days=i * 6)
        who, dealer = rng.choice(["Ann", "Bob"]), rng.choice(["", "", "Ann", "Bob"])
        if rules == "mahjong":
            lines.append(
                f"{day},score,{who},{rng.choice([30, 45, 60])},{rng.choice([-10, 0, 15])},{dealer}"
            )
        else:
            result = rng.choice([f"knock,{who},{rng.choice([4, 9, 15, 22])}", "draw,,0"])
            lines.append(f"{day},{result},,{dealer}")
    src = tmp_path / "typed.csv"
    src.write_text("\n".join(lines) + "\n")
    db = tmp_path / "ledger.db"
    ok(db, "match", "new", "M", "--players", "Ann", "Bob", "--rules", rules, *FORMATS[fmt])
    imported(db, src)
    made = fold_rows(db)
    assert len(made) == 4
    assert (made, readers(db)) == made_by_a_reader(db)


@pytest.mark.parametrize("swap", [False, True])
def test_an_import_folds_batch_by_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: bool
) -> None:
    """The rows are folded a batch at a time (`folding.BATCH`): the numbers and dates run on
    from one batch to the next, and a row out of date order in a later batch stops the fold
    there (the rows before it are still written, the reader folds)."""
    monkeypatch.setattr(folding, "BATCH", 7)
    src = seeded_csv(tmp_path, 90)
    if swap:  # the last row of 2024 after the first of 2025, far past the first batch
        lines = src.read_text().splitlines()
        k = next(i for i, line in enumerate(lines) if line.startswith("2025"))
        lines[k - 1], lines[k] = lines[k], lines[k - 1]
        src.write_text("\n".join(lines) + "\n")
    db = new_ledger(tmp_path, "ledger", "hollywood")
    n = imported(db, src)["imported"]
    assert n == len(src.read_text().splitlines()) - 1
    if swap:
        assert folds(db) == 0
        cold = db.with_name("cold.db")
        shutil.copyfile(db, cold)
        sql(cold, "DROP TABLE season_folds")
        assert readers(db) == readers(cold)
    else:
        assert folds(db) == 4
        assert (fold_rows(db), readers(db)) == made_by_a_reader(db)


def test_an_import_into_a_match_with_a_damaged_hand_imports_and_folds_nothing(
    tmp_path: Path,
) -> None:
    """Whether the match has a live hand is asked without reading it: a damaged one (another
    tool's doing, named by `check`) does not refuse the import, as it did not before."""
    db = new_ledger(tmp_path, "ledger", "ad-infinitum")
    ok(db, "knock", "Ann", "5", "--vs", "20", "--match", "M", "--date", "2020-01-01")
    conn = sqlite3.connect(db)
    try:
        guards = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'hands'"
        ).fetchall()
        for (name,) in guards:
            conn.execute(f'DROP TRIGGER "{name}"')
        conn.execute("UPDATE hands SET date = '2020-13-45'")
        conn.commit()
    finally:
        conn.close()
    assert imported(db, seeded_csv(tmp_path, 100))["hands"][0] == 2
    assert folds(db) == 0
    code, text = cli(db, "check")
    assert code == 1 and "2020-13-45" in text, text


@pytest.mark.parametrize("seed", range(8))
def test_seeded_imports_fold_as_the_reader_or_not_at_all(tmp_path: Path, seed: int) -> None:
    """Seeded imports of every kind above, mixed (a format, voided hands before, an export or
    a file, rows sometimes out of date order, sometimes split over two imports): whatever
    folds an import writes are the reader's, byte for byte, and the readers agree with a cold
    ledger."""
    rng = random.Random(seed)
    fmt = rng.choice(sorted(FORMATS))
    src = seeded_csv(tmp_path, 200 + seed)
    lines = src.read_text().splitlines()
    if rng.random() < 0.3:  # one row moved back a little
        k = rng.randrange(10, len(lines) - 1)
        lines.insert(k - rng.randint(1, 9), lines.pop(k))
    parts = [lines]
    if rng.random() < 0.3:  # two imports: the second into a match with hands
        cut = rng.randrange(2, len(lines) - 1)
        parts = [lines[:cut], lines[:1] + lines[cut:]]
    db = new_ledger(tmp_path, "ledger", fmt)
    if rng.random() < 0.3:
        ok(db, "knock", "Bob", "4", "--vs", "30", "--match", "M", "--date", "2021-02-02")
        ok(db, "void", "1", "--match", "M")
    for i, part in enumerate(parts):
        path = tmp_path / f"part{i}.csv"
        path.write_text("\n".join(part) + "\n")
        if rng.random() < 0.4:  # through an export of another ledger (uids kept)
            origin = new_ledger(tmp_path, f"origin{i}", fmt)
            imported(origin, path)
            path = tmp_path / f"part{i}.json"
            ok(origin, "export", "--format", "json", "--output", str(path))
        imported(db, path)
    made = fold_rows(db)
    if made and len(parts) == 1:  # (after two, the first's folds saw fewer rows, or are stale)
        assert made == made_by_a_reader(db)[0], (seed, fmt)
    cold = db.with_name("cold.db")
    shutil.copyfile(db, cold)
    sql(cold, "DROP TABLE season_folds")
    for args in (("standings", "--json"), ("stats", "--json"), ("chart", "--json")):
        assert cli(db, *args) == cli(cold, *args), (seed, fmt, args)


@pytest.mark.parametrize("where", ["past the file", "inside a batch", "at the last row"])
def test_an_import_of_fewer_rows_than_fold_from_leaves_them_to_the_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Below `folding.FOLD_FROM` rows an import folds nothing (the first reader does, as before
    imports folded); from it on, the rows it held are folded first and the rest as they come,
    the folds byte-identical to a reader's. With batches of 7 rows the threshold is past the
    file's rows, inside a batch, or reached at its last row."""
    src = seeded_csv(tmp_path, 90)
    rows = len(src.read_text().splitlines()) - 1
    fold_from = {"past the file": rows + 1, "inside a batch": 7 * 9 + 3, "at the last row": rows}
    monkeypatch.setattr(folding, "BATCH", 7)
    monkeypatch.setattr(folding, "FOLD_FROM", fold_from[where])
    db = new_ledger(tmp_path, "ledger", "ad-infinitum")
    assert imported(db, src)["imported"] == rows
    made = fold_rows(db)
    if where == "past the file":
        assert made == []
    else:
        assert len(made) == FINISHED["ad-infinitum"]
    cold_folds, cold_readers = made_by_a_reader(db)
    assert len(cold_folds) == FINISHED["ad-infinitum"]
    if made:
        assert made == cold_folds
    assert readers(db) == cold_readers


def test_a_household_import_leaves_its_seasons_to_the_first_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As shipped (`FOLD_FROM` = 150,000), an import of a few hundred hands folds nothing: the
    first reader folds its seasons, and caches them."""
    monkeypatch.setattr(folding, "FOLD_FROM", SHIPPED_FOLD_FROM)
    assert SHIPPED_FOLD_FROM == 150_000
    db = new_ledger(tmp_path, "ledger", "ad-infinitum")
    imported(db, seeded_csv(tmp_path, 91))
    assert fold_rows(db) == []
    ok(db, "standings")
    assert len(fold_rows(db)) == FINISHED["ad-infinitum"]
