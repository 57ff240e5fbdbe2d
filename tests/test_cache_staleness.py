"""Caches `check` can vouch for (issue 33 item 4): the season folds and the replay marks never
go stale silently, whatever the row ids of what another tool writes (a hand restored from a
backup with ``INSERT ... SELECT``, a row id of 0 or below), whether or not it dropped the
triggers first (``sqlite-utils transform``), and a fold forged with its checksum recomputed is
named by `check` and dropped. Each case: the readers print, warm, what a cold ledger (every
cache row deleted) prints, refusals included."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_season_folds import cli, csv_rows, folds, ok, sql

from gintally.ledger.folds import FOLD_VALUES, fold_digest
from gintally.ledger.guards import cache_triggers, triggers
from gintally.ledger.marks import MARK_VALUES, mark_digest

READERS = (
    ("standings", "--json"),
    ("standings", "--year", "2022", "--json"),
    ("stats", "--json"),
    ("show", "--json"),
    ("hands", "--json"),
)
HANDS_TRIGGERS = {
    name
    for name, body in {**triggers(), **cache_triggers()}.items()
    if " ON hands " in f" {body} " or body.endswith(" ON hands")
}


def rows(db: Path, query: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(query).fetchall()
    finally:
        conn.close()


def outputs(db: Path) -> dict[tuple[str, ...], tuple[int, str]]:
    return {args: cli(db, *args) for args in READERS}


def cold(db: Path) -> dict[tuple[str, ...], tuple[int, str]]:
    """What the readers print with no cache row (a copy: every fold and mark deleted)."""
    copy = db.with_name("cold.db")
    copy.unlink(missing_ok=True)
    # SQLite's own copy: the file with what its write-ahead log holds (a copy of the file alone
    # misses the last commits while another connection keeps the log from being folded in)
    source, target = sqlite3.connect(db), sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    sql(copy, "DELETE FROM season_folds", "DELETE FROM replay_marks")
    return outputs(copy)


def warm(db: Path) -> dict[tuple[str, ...], tuple[int, str]]:
    """What the readers print twice (the first may write the caches, the second reads them):
    the same both times."""
    first = outputs(db)
    assert outputs(db) == first
    return first


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann v Bob, 2021-2024 (a few hundred hands), its seasons folded and its mark taken."""
    folder = tmp_path_factory.mktemp("stale")
    db = folder / "ledger.db"
    ok(db, "match", "new", "M", "--players", "Ann", "Bob")
    src = folder / "hands.csv"
    text = csv_rows(random.Random(5), ("Ann", "Bob"), 300)
    head, *lines = text.splitlines()
    src.write_text("\n".join([head, *(r for r in lines if r < "2025")]) + "\n")
    ok(db, "import", str(src), "--match", "M")
    ok(db, "knock", "Ann", "5", "--vs", "20", "--date", "2024-12-30")
    warm(db)
    assert folds(db, "M") == 3
    assert rows(db, "SELECT count(*) FROM replay_marks") == [(1,)]
    return db


@pytest.fixture
def db(built: Path, tmp_path: Path) -> Iterator[Path]:
    copy = tmp_path / "ledger.db"
    shutil.copyfile(built, copy)
    yield copy


def in_2022(db: Path) -> list[int]:
    return [int(str(r[0])) for r in rows(db, "SELECT id FROM hands WHERE date LIKE '2022-%'")]


def test_hands_restored_from_a_backup_below_the_rows_seen_are_counted(
    db: Path, tmp_path: Path
) -> None:
    backup = tmp_path / "backup.db"
    shutil.copyfile(db, backup)
    lost = in_2022(db)[:20]
    sql(db, f"DELETE FROM hands WHERE id IN ({', '.join(map(str, lost))})")
    warm(db)  # the caches made again, having seen rows above the lost ones
    assert folds(db, "M") == 3
    sql(
        db,
        f"ATTACH '{backup}' AS backup",
        "INSERT INTO hands SELECT * FROM backup.hands WHERE id NOT IN (SELECT id FROM hands)",
    )
    assert warm(db) == cold(db)


@pytest.mark.parametrize("row_id", [0, -7])
def test_a_hand_with_a_row_id_of_zero_or_below_is_counted(db: Path, row_id: int) -> None:
    sql(
        db,
        "INSERT INTO hands(id, hand_id, match_id, number, date, claim, kind, winner, points, "
        f"created_at, uid) SELECT {row_id}, {row_id}, 1, max(number) + 1, '2022-06-01', 'gin', "
        "'gin', 2, 60, '2022-06-01T00:00:00+00:00', 'feedfacefeedfacefeedfacefeedface' FROM hands",
    )
    assert warm(db) == cold(db)


def test_a_hand_over_the_rules_maximum_behind_the_caches_is_refused_warm_as_cold(
    db: Path,
) -> None:
    sql(
        db,
        "INSERT INTO hands(id, hand_id, match_id, number, date, claim, kind, winner, points, "
        "created_at, uid) SELECT -1, -1, 1, max(number) + 1, '2022-06-01', 'gin', 'gin', 2, "
        "5000, '2022-06-01T00:00:00+00:00', 'feedfacefeedfacefeedfacefeedface' FROM hands",
    )
    seen = warm(db)
    assert seen == cold(db)
    code, said = seen[("standings", "--json")]
    assert code == 1 and said.startswith("Error: the ledger is damaged: "), said


def transform(db: Path) -> None:
    """A no-op ``sqlite-utils transform ledger.db hands`` (the real tool): it drops every
    trigger of the table."""
    tool = Path(sys.executable).with_name("sqlite-utils")
    subprocess.run([str(tool), "transform", str(db), "hands"], check=True, capture_output=True)


def test_a_change_made_after_another_tool_dropped_the_triggers_is_shown(db: Path) -> None:
    transform(db)
    names = {r[0] for r in rows(db, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert HANDS_TRIGGERS and not HANDS_TRIGGERS & names
    target = in_2022(db)[3]
    sql(db, f"UPDATE hands SET points = points + 7 WHERE id = {target}")
    assert warm(db) == cold(db)

    code, said = cli(db, "check")
    assert code == 1
    for name in sorted(HANDS_TRIGGERS):
        assert f"schema trigger {name}: is missing" in said, said
    assert "season_folds" not in said  # a fold the reads refused is not damage

    code, said = cli(db, "check", "--repair")
    assert code == 1 and "put back" in said, said
    names = {r[0] for r in rows(db, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert set(triggers()) | set(cache_triggers()) <= names
    assert folds(db) == 0  # made while the triggers were gone: dropped
    assert cli(db, "check") == (0, f"{db}: no problems found\n")
    assert warm(db) == cold(db)
    assert folds(db, "M") == 3


def test_the_next_write_puts_the_triggers_back(db: Path) -> None:
    sql(db, "DROP TRIGGER forget_folds_hand_changed", "DROP TRIGGER guard_hand_update")
    target = in_2022(db)[3]
    sql(db, f"UPDATE hands SET points = points + 7 WHERE id = {target}")
    ok(db, "knock", "Bob", "3", "--vs", "30", "--date", "2024-12-31")
    names = {r[0] for r in rows(db, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert {"forget_folds_hand_changed", "guard_hand_update"} <= names
    assert warm(db) == cold(db)
    assert cli(db, "check") == (0, f"{db}: no problems found\n")


def test_a_forged_fold_with_its_checksum_recomputed_is_named_and_dropped(db: Path) -> None:
    (match_id, season, *values), *_ = rows(
        db,
        f"SELECT match_id, season, {', '.join(FOLD_VALUES[1:])} FROM season_folds "
        "ORDER BY first_day",
    )
    made_by, figures = json.loads(str(values[2]))
    figures[2][0] += 1  # one hand more in its season, a plausible figure
    forged = json.dumps([made_by, figures], separators=(",", ":"))
    values[2] = forged
    digest = fold_digest(int(str(match_id)), [season, *values])
    sql(
        db,
        f"UPDATE season_folds SET figures = '{forged}', digest = '{digest}' "
        f"WHERE match_id = {match_id} AND season = '{season}'",
    )
    code, said = cli(db, "check")
    assert code == 1
    assert said.splitlines()[0] == (
        f"problem: season_folds row {match_id} '{season}': the cached season of match 'M' "
        "disagrees with a fresh fold (removed: the next command rebuilds it)"
    ), said
    assert folds(db, "M") == 2
    assert cli(db, "check") == (0, f"{db}: no problems found\n")
    assert warm(db) == cold(db)


def test_a_forged_mark_beside_the_folds_is_named_and_dropped(db: Path) -> None:
    """With its seasons cached, `check` folds the match afresh and replays it once more for
    the cached quiet point: a mark forged with its checksum recomputed is still named."""
    ((match_id, *values),) = rows(
        db, f"SELECT match_id, {', '.join(MARK_VALUES)} FROM replay_marks"
    )
    at = MARK_VALUES.index("games")
    values[at] = int(str(values[at])) + 1  # one game more before the cut
    digest = mark_digest(int(str(match_id)), values)
    sql(db, f"UPDATE replay_marks SET games = {values[at]}, digest = '{digest}'")
    code, said = cli(db, "check")
    assert (code, said.splitlines()[:-1]) == (
        1,
        [
            f"problem: replay_marks row {match_id}: the cached quiet point of match 'M' "
            "disagrees with a full replay (removed: the next command rebuilds it)"
        ],
    )
    assert rows(db, "SELECT count(*) FROM replay_marks") == [(0,)]
    assert folds(db, "M") == 3  # sound: kept
    assert warm(db) == cold(db)
