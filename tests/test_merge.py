"""``gintally merge`` (issue 26 item 3, SPEC section 10): two ledgers brought together in either
order, any number of times, with the same hands and score sheet and no doubled hand (hands,
edits, voids, team rounds, stakes and payments on both sides); conflicts named with nothing
written; the other file only read. The helpers here (`facts`, `common`...) serve
`test_identities` too."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gintally import service
from gintally.cli import app
from gintally.engine.formats import Format
from gintally.game.rules import resolve
from gintally.ledger import MIGRATION_NAMES, Ledger
from gintally.model import HandRecord, Match

UID = re.compile("[0-9a-f]{32}")
D1 = date(2026, 3, 1)


def run(db: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["--db", str(db), *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def ok(db: Path, *args: str) -> str:
    code, out, err = run(db, *args)
    assert code == 0, (args, out, err)
    return out


def refused(db: Path, *args: str, code: int = 2) -> str:
    got, out, err = run(db, *args)
    assert got == code, (args, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    return lines[0]


def facts(db: Path) -> dict[str, Any]:
    """Everything a merge must make alike, by identity: the matches, the players by name, every
    hand with its number, newest version and voids, and each match's score sheet."""
    with Ledger.open(db, write=False) as book:
        hands = {}
        sheets = {}
        for m in book.matches():
            for h in book.all_hands(m):
                hands[h.uid] = (
                    m.name,
                    h.number,
                    h.date,
                    h.kind,
                    m.name_of(h.winner),
                    h.points,
                    h.note,
                    h.voided,
                )
            sheets[m.name] = sheet(book, m)
        corrections = sorted(
            tuple(r) for r in book.conn.execute("SELECT uid, action, reason FROM corrections")
        )
        return {
            "matches": sorted((m.name, uid_of(book, m)) for m in book.matches()),
            "players": sorted(p.name for p in book.players()),
            "hands": hands,
            "corrections": corrections,
            "sheets": sheets,
        }


def uid_of(book: Ledger, match: Match) -> str:
    return str(book.conn.execute("SELECT uid FROM matches WHERE id = ?", [match.id]).fetchone()[0])


def sheet(book: Ledger, match: Match) -> list[Any]:
    """The match's games as the engine replays them from the live hands, in play order."""
    played = service.replay_all(book, match)
    order = [h.uid for h in played.hands]  # play order
    return [
        order,
        *((g.number, g.points, g.boxes, g.status, g.winner) for g in played.replay.games),
    ]


def score(book: Ledger, match: Match, player: str, points: int, day: date) -> HandRecord:
    p = match.player(player)
    return book.add_hand(match, HandRecord(day, "score", "score", p.id, points))


def common(tmp_path: Path) -> tuple[Path, Path]:
    """Two devices that start from one ledger (a copy of it on each)."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "Evening", "--players", "Ann", "Bob")
    ok(a, "knock", "Ann", "8", "--vs", "18", "--date", "2026-03-01")
    ok(a, "gin", "Bob", "--vs", "30", "--date", "2026-03-01")
    ok(a, "backup", str(b))
    return a, b


def test_two_ledgers_diverge_and_merge_alike_either_way(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    # device A: a hand, an edit of a shared hand, a void; device B: two hands, a void, an edit
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(a, "edit", "1", "--vs", "20", "--reason", "recount")  # Ann +12 now
    ok(b, "knock", "Bob", "3", "--vs", "20", "--date", "2026-03-02")
    ok(b, "void", "2", "--reason", "misdeal")
    ok(a, "void", "3")
    ok(b, "score", "Ann", "40", "--date", "2026-03-01", "--note", "back-dated")
    ok(b, "edit", "3", "--vs", "21")  # Bob's knock: 18 now
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    out = ok(ab, "merge", str(a))
    assert out.startswith(f"Merged {a} into {ab}: 1 hand, 2 corrections new; 2 hands already")
    ok(ba, "merge", str(b))
    merged = facts(ab)
    assert merged == facts(ba)
    # same hands, none doubled: the two shared, A's one, B's two
    assert len(merged["hands"]) == 5
    by_number = sorted(merged["hands"].values(), key=lambda h: h[1])
    assert [(h[1], h[2].day, h[4], h[5], h[7]) for h in by_number] == [
        (1, 1, "Ann", 12, False),  # A's edit
        (2, 1, "Bob", 55, True),  # B's void
        (3, 2, "Ann", 20, True),  # A's knock, voided on A (numbered before B's: made first)
        (4, 2, "Bob", 18, False),  # B's knock, B's edit
        (5, 1, "Ann", 40, False),  # B's back-dated score
    ]
    # the same sheet, printed: show --json of both
    assert json.loads(ok(ab, "show", "--all", "--json")) == json.loads(
        ok(ba, "show", "--all", "--json")
    )
    # merging again, either way, changes nothing
    again = ok(ab, "merge", str(ba))
    assert again == f"Merged {ba} into {ab}: nothing new; 5 hands already here.\n"
    ok(ba, "merge", str(ab))
    ok(ab, "merge", str(a))
    assert facts(ab) == facts(ba) == merged
    assert ok(ab, "check").strip() == f"{ab}: no problems found"


def test_the_newest_edit_wins_whichever_way_two_edits_of_one_hand_meet(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "edit", "1", "--vs", "20")  # Ann +12, made first
    ok(b, "edit", "1", "--vs", "28")  # Ann +20, made later: the newest
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    ok(ab, "merge", str(a))  # the older edit comes in after the newer one
    ok(ba, "merge", str(b))
    for db in (ab, ba):
        live = json.loads(ok(db, "hands", "--json"))["hands"]
        assert [(h["id"], h["points"]) for h in live] == [(1, 20), (2, 55)]
    assert facts(ab) == facts(ba)
    conn = sqlite3.connect(ab)  # the older edit is history, kept below the newer version
    versions = conn.execute("SELECT id, defender_deadwood FROM hands WHERE hand_id = 1").fetchall()
    conn.close()
    assert sorted(versions) == [(-1, 20), (1, 18), (3, 28)]
    assert ok(ab, "check").strip() == f"{ab}: no problems found"


def test_a_new_match_and_new_players_come_in_with_their_identities(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(b, "match", "new", "Club", "--teams", "Cy,Di", "Ed,Fay")
    ok(b, "knock", "Cy", "4", "--vs", "14", "--date", "2026-03-03")
    ok(b, "knock", "Di", "2", "--vs", "12", "--date", "2026-03-03")
    ok(a, "merge", str(b))
    assert facts(a)["matches"] == facts(b)["matches"]
    assert json.loads(ok(a, "show", "--match", "Club", "--json")) == json.loads(
        ok(b, "show", "--match", "Club", "--json")
    )
    assert facts(a) == facts(b)


def test_each_device_s_own_ann_is_one_person(tmp_path: Path) -> None:
    """Two ledgers started apart: Ann is in both, with a uid each; she is one person (her
    name), and each ledger keeps its own uid for her."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "Home", "--players", "Ann", "Bob")
    ok(b, "match", "new", "Away", "--players", "Ann", "Cy")
    ok(b, "gin", "Ann", "--vs", "10", "--date", "2026-03-01")
    ok(a, "merge", str(b))
    assert facts(a)["players"] == ["Ann", "Bob", "Cy"]
    stats = json.loads(ok(a, "stats", "--json"))
    ann = next(p for p in stats["players"] if p["player"] == "Ann")
    assert (ann["matches"], ann["hands_won"]) == (2, 1)


@pytest.mark.parametrize(
    ("change_b", "message"),
    [
        (
            ["UPDATE hands SET points = 99 WHERE id = 2"],
            "hand 2 of Evening (uid {h2}...) differs: points 55 here, 99 there",
        ),
        (
            ["UPDATE matches SET name = 'Night'"],
            "match 'Evening' is named there ('Night'): one of them was changed since they parted",
        ),
        (
            ["UPDATE players SET name = 'Annie' WHERE name = 'Ann'"],
            "player 'Ann' here is 'Annie' there: rename one (gintally player rename) so both "
            "ledgers call them alike",
        ),
    ],
)
def test_conflicts_are_named_and_nothing_is_merged(
    tmp_path: Path, change_b: list[str], message: str
) -> None:
    a, b = common(tmp_path)
    ok(b, "knock", "Bob", "3", "--vs", "20", "--date", "2026-03-02")
    conn = sqlite3.connect(b)
    h2 = conn.execute("SELECT uid FROM hands WHERE id = 2").fetchone()[0][:8]
    for sql in change_b:
        conn.execute(sql)
    conn.commit()
    conn.close()
    before = facts(a)
    line = refused(a, "merge", str(b))
    assert line.startswith(
        "Error: b.db disagrees with this ledger in 1 place(s), nothing was merged: "
    )
    assert line.endswith(message.format(h2=h2))
    assert facts(a) == before


def test_a_match_made_on_each_device_under_one_name_is_one_match(tmp_path: Path) -> None:
    """Two laptops that each began the book (the same players, format and rules): one match,
    whose hands from both are numbered in the order they were recorded; a match of the same
    name with other players is another match, and a conflict until one is renamed."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "Evening", "--players", "Ann", "Bob")
    ok(b, "match", "new", "evening", "--players", "ann", "bob")
    line = refused(a, "merge", str(b))
    assert (
        "in 2 place(s), nothing was merged: player 'Ann' here is 'ann' there: rename one " in line
    )
    ok(b, "player", "rename", "ann", "Ann")
    ok(b, "player", "rename", "bob", "Bob")
    ok(b, "match", "rename", "evening", "Evening")
    ok(a, "score", "Ann", "10", "--date", "2026-03-01")
    ok(b, "score", "Bob", "20", "--date", "2026-03-01")
    ok(a, "score", "Ann", "30", "--date", "2026-03-01")
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    ok(ab, "merge", str(a))
    ok(ba, "merge", str(b))
    merged, other = facts(ab), facts(ba)
    assert merged["matches"] != other["matches"]  # each keeps the uid it gave the match
    del merged["matches"], other["matches"]
    assert merged == other
    assert [(h[1], h[5]) for h in sorted(merged["hands"].values(), key=lambda h: h[1])] == [
        (1, 10),
        (2, 20),
        (3, 30),
    ]
    ok(ab, "match", "new", "Club", "--players", "Ann", "Cy")
    ok(ba, "match", "new", "Club", "--players", "Ann", "Bob")
    line = refused(ab, "merge", str(ba))
    assert line.endswith(
        "match 'Club' was made here and there apart (other players): they cannot be one match; "
        "to keep both, rename this one (gintally match rename Club NEW) and merge again"
    )
    ok(ba, "match", "rename", "Club", "Club at Bob's")
    ok(ab, "merge", str(ba))
    assert [m[0] for m in facts(ab)["matches"]] == ["Club", "Club at Bob's", "Evening"]


def test_the_other_ledger_is_only_read_and_must_be_another_current_ledger(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(b, "knock", "Bob", "3", "--vs", "20", "--date", "2026-03-02")
    b.chmod(0o444)  # read-only: it is opened read-only, so that is enough
    bytes_before = b.read_bytes()
    ok(a, "merge", str(b))
    assert b.read_bytes() == bytes_before
    assert (
        refused(a, "merge", str(a))
        == f"Error: {a} is this ledger itself: merge another ledger into it"
    )
    missing = tmp_path / "missing.db"
    assert refused(a, "merge", str(missing)) == f"Error: no ledger at {missing}"
    foreign = tmp_path / "foreign.db"
    sqlite3.connect(foreign).execute("CREATE TABLE t (x)").connection.commit()
    assert "another application" in refused(a, "merge", str(foreign), code=1)
    # an older ledger is refused, never migrated
    old = tmp_path / "old.db"
    shutil.copy(bytes_path(b, tmp_path), old)
    conn = sqlite3.connect(old)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = ?", [MIGRATION_NAMES[-1]])
    conn.commit()
    conn.close()
    assert refused(a, "merge", str(old), code=1) == (
        f"Error: {old} was written by an older gintally (it lacks schema {MIGRATION_NAMES[-1]}): "
        f"open it once with this gintally (gintally --db {old} match list) to bring it up to "
        "date, then merge it"
    )


# --- order-free and idempotent, whatever the devices did ----------------------------------------

Op = tuple[str, int, int]  # (what, a hand or a day, points)

ops = st.lists(
    st.tuples(
        st.sampled_from(["score", "score", "void", "edit"]), st.integers(0, 9), st.integers(1, 60)
    ),
    max_size=6,
)


def play(book: Ledger, script: list[Op]) -> None:
    m = book.match("Evening")
    for what, n, points in script:
        live = book.live_hands(m)
        if what == "score":
            score(book, m, ("Ann", "Bob")[points % 2], points, D1 + timedelta(days=n % 3))
        elif live:
            number = live[n % len(live)].number
            if what == "void":
                book.void(m, number)
            else:
                old = book.hand(m, number)
                book.replace_hand(
                    m, number, HandRecord(old.date, "score", "score", old.winner, points)
                )


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops, ops, ops)
def test_merging_is_order_free_and_idempotent(
    tmp_path: Path, base: list[Op], one: list[Op], two: list[Op]
) -> None:
    folder = tmp_path / str(len(list(tmp_path.iterdir())))
    folder.mkdir()
    start, a, b = folder / "start.db", folder / "a.db", folder / "b.db"
    with Ledger.open(start) as book:
        book.create_match("Evening", ("Ann", "Bob"), Format(), resolve())
        play(book, base)
    shutil.copy(start, a)
    shutil.copy(start, b)
    with Ledger.open(a) as book:
        play(book, one)
    with Ledger.open(b) as book:
        play(book, two)
    ab, ba = folder / "ab.db", folder / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    with Ledger.open(ab) as book:
        book.merge(a)
    with Ledger.open(ba) as book:
        book.merge(b)
    merged = facts(ab)
    assert merged == facts(ba)
    hands = {uid for db in (a, b) for uid in facts(db)["hands"]}
    assert set(merged["hands"]) == hands  # every hand once
    with Ledger.open(ab) as book:
        done = book.merge(ba)
        assert done.new == {} and book.merge(a).new == {}
    assert facts(ab) == merged


def test_merge_json_names_what_came_in(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(b, "match", "new", "Club", "--players", "Cy", "Ann")
    ok(b, "gin", "Cy", "--vs", "10", "--date", "2026-03-02")
    ok(b, "void", "1", "--match", "Evening")
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(b, "knock", "Bob", "2", "--vs", "9", "--date", "2026-03-02", "--match", "Evening")
    doc = json.loads(ok(b, "merge", str(a), "--json"))
    assert doc == {
        "merged": str(a),
        "new": {"players": 0, "matches": 0, "hands": 1, "corrections": 0},
        "already_here": 2,
        "renumbered": ["Evening"],  # A's knock was made before B's: it is hand 3 now
    }
    doc = json.loads(ok(a, "merge", str(b), "--json"))
    assert doc["new"] == {"players": 1, "matches": 1, "hands": 2, "corrections": 1}
    assert doc["renumbered"] == []  # B's knock was made last: it takes the next number
    assert facts(a) == facts(b)


def test_rows_another_program_wrote_without_a_uid_are_refused(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    conn = sqlite3.connect(b)
    conn.execute(
        "INSERT INTO hands(hand_id, match_id, number, date, claim, kind, winner, points, "
        "created_at) VALUES (3, 1, 3, '2026-03-02', 'score', 'score', 1, 5, 't')"
    )
    conn.commit()
    conn.close()
    assert refused(a, "merge", str(b)).endswith(
        "1 of its hands have no uid (written by another program than gintally), so they "
        "cannot be told apart from this ledger's"
    )


def bytes_path(db: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.db"
    copy.write_bytes(db.read_bytes())
    return copy


def test_hands_are_numbered_again_under_guards_of_numbers_and_versions(tmp_path: Path) -> None:
    """A ledger whose schema guards hand numbers (one hand's in its match, a unique index; every
    version of a hand with its number, a trigger that sees a hand half moved): the hands of
    two devices still take their numbers, and the guards stand after."""
    a, b = common(tmp_path)
    ok(b, "score", "Bob", "20", "--date", "2026-03-01")  # made first: hand 3 after the merge
    ok(a, "score", "Ann", "10", "--date", "2026-03-01")
    ok(a, "edit", "3", "--points", "11")
    guard = (
        "CREATE TRIGGER guard_versions BEFORE UPDATE OF number ON hands WHEN EXISTS (SELECT 1 "
        "FROM hands v WHERE v.hand_id = NEW.hand_id AND v.id <> NEW.id AND v.number <> "
        "NEW.number) BEGIN SELECT RAISE(ABORT, 'a version keeps its number'); END"
    )
    conn = sqlite3.connect(a)
    conn.execute("CREATE UNIQUE INDEX numbers ON hands(match_id, number) WHERE id = hand_id")
    conn.execute(guard)
    conn.commit()
    with pytest.raises(sqlite3.IntegrityError, match="a version keeps its number"):
        conn.execute("UPDATE hands SET number = 9 WHERE id = 3")
    conn.close()
    out = ok(a, "merge", str(b))
    assert "hands of Evening have new numbers" in out
    live = json.loads(ok(a, "hands", "--json"))["hands"]
    assert [(h["id"], h["points"]) for h in live] == [(1, 10), (2, 55), (3, 20), (4, 11)]
    conn = sqlite3.connect(a)
    assert (
        conn.execute("SELECT sql FROM sqlite_master WHERE name = 'guard_versions'").fetchone()[0]
        == guard
    )
    assert sorted(conn.execute("SELECT id, number FROM hands").fetchall()) == [
        (1, 1),
        (2, 2),
        (3, 4),
        (4, 4),
        (5, 3),
    ]
    conn.close()


def test_a_team_evening_from_two_devices_merges_alike(tmp_path: Path) -> None:
    """Each table's hands recorded on its own device: after merging either way, the rounds are
    whole and the team sheet is the same."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "Club", "--teams", "Ann,Cy", "Bob,Di")
    ok(a, "backup", str(b))
    ok(a, "knock", "Ann", "4", "--vs", "14", "--date", "2026-03-03")  # table 1, device A
    ok(b, "knock", "Di", "2", "--vs", "12", "--date", "2026-03-03")  # table 2, device B
    ok(a, "merge", str(b))  # round 1 is whole on A: the next round
    ok(b, "merge", str(a))
    ok(b, "gin", "Cy", "--vs", "20", "--date", "2026-03-03")
    ok(a, "gin", "Bob", "--vs", "9", "--date", "2026-03-03")
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(b, ab)
    shutil.copy(a, ba)
    ok(ab, "merge", str(a))
    ok(ba, "merge", str(b))
    assert facts(ab) == facts(ba)
    sheet_ab = json.loads(ok(ab, "show", "--json"))
    assert sheet_ab == json.loads(ok(ba, "show", "--json"))
    assert [(h["id"], h["winner"]) for h in json.loads(ok(ab, "hands", "--json"))["hands"]] == [
        (1, "Ann"),
        (2, "Di"),
        (3, "Cy"),
        (4, "Bob"),
    ]
