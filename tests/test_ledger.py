"""The SQLite ledger: players, matches with frozen rules, append-only hands and corrections,
back-dated hands, migrations, WAL and backups."""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from gintally import service
from gintally.engine.formats import Format
from gintally.errors import GintallyError, LedgerError, NotFoundError
from gintally.game.rules import KNOBS, PRESETS, RuleSet, resolve
from gintally.ledger import MIGRATION_NAMES, Ledger
from gintally.model import HandRecord, Match, TypedHand

D1, D2, D3, D4, D5 = (date(2007, 1, d) for d in (1, 2, 3, 4, 5))


def score(book: Ledger, match: Match, player: str, points: int, day: date) -> HandRecord:
    rec, _ = service.record(book, match, TypedHand("score", day, player=player, points=points))
    return rec


def snapshot(book: Ledger) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the fact tables, in insertion order."""
    return {
        t: [tuple(r) for r in book.conn.execute(f"SELECT * FROM {t} ORDER BY id")]
        for t in ("players", "matches", "hands", "corrections")
    }


def games_of(book: Ledger, match: Match) -> list[tuple[object, ...]]:
    rep = service.replay_all(book, match).replay
    return [(g.number, g.status, g.winner, g.points, g.boxes, g.total, g.hands) for g in rep.games]


# --- players -----------------------------------------------------------------------------------


def test_player_names_are_unique_without_regard_to_case(fresh_db: Ledger) -> None:
    m1 = fresh_db.create_match("Kitchen", ("Ann", "Bob"), Format(), resolve())
    m2 = fresh_db.create_match("Porch", ("ANN", "cy"), Format(), resolve())
    assert m1.players[0].id == m2.players[0].id
    assert m2.players[0].name == "Ann"  # the first spelling stays
    assert [p.name for p in fresh_db.players()] == ["Ann", "Bob", "cy"]
    assert fresh_db.player("aNN").id == m1.players[0].id
    with pytest.raises(sqlite3.IntegrityError):  # the schema itself refuses a second "ann"
        fresh_db.conn.execute("INSERT INTO players(name, created_at) VALUES ('aNn', 'x')")
    with pytest.raises(GintallyError, match="two different players"):
        fresh_db.create_match("Solo", ("Dee", "DEE"), Format(), resolve())
    with pytest.raises(NotFoundError):
        fresh_db.player("Zed")


def test_rename_never_splits_a_record(fresh_db: Ledger) -> None:
    m1 = fresh_db.create_match("Kitchen", ("Ann", "Bob"), Format(), resolve())
    m2 = fresh_db.create_match("Porch", ("Ann", "Cy"), Format(), resolve())
    score(fresh_db, m1, "Ann", 20, D1)
    score(fresh_db, m2, "ann", 30, D1)
    ann_id = m1.players[0].id
    before = snapshot(fresh_db)["hands"]

    renamed = fresh_db.rename_player("ANN", "Annie")
    assert renamed.id == ann_id
    assert [p.name for p in fresh_db.players()] == ["Annie", "Bob", "Cy"]
    for name in ("Kitchen", "Porch"):
        m = fresh_db.match(name)
        assert m.players[0] == renamed
        hands = fresh_db.live_hands(m)
        assert [h.winner for h in hands] == [ann_id]
        assert m.player("annie").id == ann_id
    assert snapshot(fresh_db)["hands"] == before  # hands point at the id, untouched
    # a record under the new name keeps adding to the same person
    score(fresh_db, fresh_db.match("Kitchen"), "Annie", 5, D2)
    assert {h.winner for h in fresh_db.live_hands(fresh_db.match("Kitchen"))} == {ann_id}
    # renaming to a case variant of oneself is fine; to someone else's name is refused
    assert fresh_db.rename_player("annie", "ANNIE").id == ann_id
    with pytest.raises(GintallyError, match="already a player"):
        fresh_db.rename_player("ANNIE", "bob")
    assert fresh_db.player("annie").name == "ANNIE"
    assert len(fresh_db.players()) == 3


# --- matches -----------------------------------------------------------------------------------


def test_match_stores_the_full_rule_set(fresh_db: Ledger) -> None:
    rules = resolve("oklahoma", ["target=200", "shutout=bonus:50", "next_dealer=loser"])
    fmt = Format("hollywood", 4, True, (6, 15))
    m = fresh_db.create_match("Okie", ("Ann", "Bob"), fmt, rules, first_dealer="bob")
    stored = json.loads(
        fresh_db.conn.execute("SELECT rules FROM matches WHERE id = ?", [m.id]).fetchone()[0]
    )
    assert stored["preset"] == "oklahoma"
    assert set(stored["values"]) == set(KNOBS)  # every knob, not just the overrides
    assert stored["values"]["target"] == 200
    assert stored["values"]["shutout"] == "bonus:50"
    assert stored["values"]["knock_limit"] == "upcard"
    again = fresh_db.match("okie")
    assert again.rules == rules
    assert again.format == fmt
    assert again.first_dealer == m.players[1].id


def test_match_replays_identically_after_the_defaults_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "book.db"
    with Ledger.open(path) as book:
        m = book.create_match("Night", ("Ann", "Bob"), Format(), resolve("modern"))
        for i, (who, pts) in enumerate([("Ann", 60), ("Ann", 50), ("Bob", 40)]):
            score(book, m, who, pts, date(2007, 1, i + 1))
        before = games_of(book, m)
    assert before[0][:3] == (1, "won", 0) and before[0][5] == [370, 0]
    # a later gintally changes what "modern" means: the stored match must not notice
    changed = RuleSet(preset="modern", target=50, game_bonus=7, box_bonus=1, shutout="none")
    monkeypatch.setitem(PRESETS, "modern", changed)
    assert resolve("modern").target == 50
    with Ledger.open(path) as book:
        m = book.match("Night")
        assert m.rules.target == 100 and m.rules.game_bonus == 100
        assert games_of(book, m) == before


# --- hands: append-only, corrections keep history -------------------------------------------------


def test_edits_and_voids_append_and_never_change_old_rows(fresh_db: Ledger) -> None:
    m = fresh_db.create_match("Night", ("Ann", "Bob"), Format(), resolve())
    # make any in-place change of a stored fact an error for the rest of the test
    fresh_db.conn.executescript(
        """
        CREATE TEMP TRIGGER no_hand_update BEFORE UPDATE ON hands
            WHEN OLD.hand_id != 0 BEGIN SELECT RAISE(ABORT, 'hand updated in place'); END;
        CREATE TEMP TRIGGER no_hand_delete BEFORE DELETE ON hands
            BEGIN SELECT RAISE(ABORT, 'hand deleted'); END;
        CREATE TEMP TRIGGER no_corr_update BEFORE UPDATE ON corrections
            BEGIN SELECT RAISE(ABORT, 'correction updated'); END;
        CREATE TEMP TRIGGER no_corr_delete BEFORE DELETE ON corrections
            BEGIN SELECT RAISE(ABORT, 'correction deleted'); END;
        """
    )
    h1 = score(fresh_db, m, "Ann", 20, D1)
    h2, _ = service.record(fresh_db, m, TypedHand("knock", D2, player="Bob", deadwood=5, vs=30))
    h3 = score(fresh_db, m, "Bob", 10, D3)
    first = snapshot(fresh_db)
    assert len(first["hands"]) == 3 and first["corrections"] == []

    e1, _ = service.edit(fresh_db, m, h2.number, {"vs": 40}, reason="miscounted")
    after_edit = snapshot(fresh_db)
    assert after_edit["hands"][:3] == first["hands"]  # old rows unchanged
    assert len(after_edit["hands"]) == 4  # one new version
    assert len(after_edit["corrections"]) == 1
    assert e1.number == h2.number and e1.row_id != h2.row_id and e1.points == 35

    e2, _ = service.edit(fresh_db, m, h2.number, {"vs": 15})
    fresh_db.void(m, h1.number, reason="misdeal")
    undone = service.undo(fresh_db, m)
    assert undone.number == h3.number
    final = snapshot(fresh_db)
    assert final["hands"][:4] == after_edit["hands"]
    assert len(final["hands"]) == 5
    assert final["corrections"][:1] == after_edit["corrections"]
    assert [(c[1], c[2], c[4]) for c in final["corrections"]] == [
        (h2.hand_id, "replace", "miscounted"),
        (h2.hand_id, "replace", None),
        (h1.hand_id, "void", "misdeal"),
        (h3.hand_id, "void", "undo"),
    ]
    # history: every hand is still there, with its versions and its void flag
    everything = fresh_db.all_hands(m)
    assert [(h.number, h.voided, h.versions, h.points) for h in everything] == [
        (h1.number, True, 1, 20),
        (h2.number, False, 3, 10),
        (h3.number, True, 1, 10),
    ]
    assert [(h.number, h.points) for h in fresh_db.live_hands(m)] == [(h2.number, 10)]
    assert [c["action"] for c in fresh_db.corrections(m)] == ["replace", "replace", "void", "void"]
    replacements = [c["replacement"] for c in fresh_db.corrections(m)]
    assert replacements == [e1.row_id, e2.row_id, None, None]
    assert fresh_db.hand(m, h1.number).voided and fresh_db.hand(m, h1.number).points == 20
    # a voided hand can be neither voided again nor edited
    with pytest.raises(GintallyError, match="already void"):
        fresh_db.void(m, h1.number)
    with pytest.raises(GintallyError, match="void"):
        service.edit(fresh_db, m, h1.number, {"points": 5})
    assert snapshot(fresh_db) == final


def test_undo_takes_back_the_hand_entered_last_not_played_last(fresh_db: Ledger) -> None:
    m = fresh_db.create_match("Night", ("Ann", "Bob"), Format(), resolve())
    late = score(fresh_db, m, "Ann", 20, D5)
    early = score(fresh_db, m, "Bob", 10, D1)  # back-dated, but entered last
    assert service.undo(fresh_db, m).number == early.number
    assert [h.number for h in fresh_db.live_hands(m)] == [late.number]
    assert service.undo(fresh_db, m).number == late.number
    assert fresh_db.live_hands(m) == []
    with pytest.raises(GintallyError, match="no hand to undo"):
        service.undo(fresh_db, m)
    assert [h.voided for h in fresh_db.all_hands(m)] == [True, True]


def test_back_dated_hand_takes_its_place_and_everything_after_recomputes(
    fresh_db: Ledger,
) -> None:
    m = fresh_db.create_match("Night", ("Ann", "Bob"), Format(), resolve())
    a = score(fresh_db, m, "Ann", 60, D1)
    b = score(fresh_db, m, "Bob", 30, D3)
    c = score(fresh_db, m, "Ann", 50, D5)
    assert games_of(fresh_db, m) == [
        (1, "won", 0, [110, 30], [2, 1], [110 + 100 + 50, 30 + 25], [a.number, b.number, c.number])
    ]
    late = score(fresh_db, m, "Ann", 45, D2)  # played on the 2nd, entered last
    assert [h.number for h in fresh_db.live_hands(m)] == [a.number, late.number, b.number, c.number]
    assert [h.date for h in fresh_db.live_hands(m)] == [D1, D2, D3, D5]
    # game 1 now closes on the 2nd as a shutout; Bob's 30 and Ann's 50 open game 2
    assert games_of(fresh_db, m) == [
        (1, "won", 0, [105, 0], [2, 0], [105 * 2 + 100 + 50, 0], [a.number, late.number]),
        (2, "open", None, [50, 30], [1, 1], [50, 30], [b.number, c.number]),
    ]
    rep = service.replay_all(fresh_db, m).replay
    assert rep.games[0].closed == D2
    # voiding the back-dated hand puts everything back
    fresh_db.void(m, late.number)
    assert games_of(fresh_db, m)[0][5] == [260, 55]
    # same date: the hand entered first plays first
    same = score(fresh_db, m, "Bob", 1, D3)
    assert [h.number for h in fresh_db.live_hands(m)] == [a.number, b.number, same.number, c.number]


def test_live_hands_window_by_date(fresh_db: Ledger) -> None:
    m = fresh_db.create_match("Night", ("Ann", "Bob"), Format(), resolve())
    ids = [score(fresh_db, m, "Ann", 1, d).number for d in (D1, D2, D3, D4, D5)]
    assert [h.number for h in fresh_db.live_hands(m, since=D2, until=D4)] == ids[1:3]
    assert [h.number for h in fresh_db.live_hands(m, until=D2)] == ids[:1]
    latest = fresh_db.live_hands_latest(m, before=D4)
    assert latest is not None and latest.number == ids[2]


def test_hands_are_kept_per_match(fresh_db: Ledger) -> None:
    m1 = fresh_db.create_match("One", ("Ann", "Bob"), Format(), resolve())
    m2 = fresh_db.create_match("Two", ("Ann", "Bob"), Format("hollywood"), resolve())
    a = score(fresh_db, m1, "Ann", 10, D1)
    b = score(fresh_db, m2, "Bob", 20, D1)
    assert [h.number for h in fresh_db.live_hands(m1)] == [a.number]
    assert [h.number for h in fresh_db.live_hands(m2)] == [b.number]
    assert service.undo(fresh_db, m1).number == a.number
    assert [h.number for h in fresh_db.live_hands(m2)] == [b.number]
    assert fresh_db.hand_count() == 2


# --- the file: migrations, WAL, backups -----------------------------------------------------------


def test_a_newer_ledger_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    with Ledger.open(path) as book:
        m = book.create_match("Night", ("Ann", "Bob"), Format(), resolve())
        score(book, m, "Ann", 10, D1)
    conn = sqlite3.connect(path)
    applied = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")]
    assert applied == list(MIGRATION_NAMES)
    conn.execute(
        "INSERT INTO _sqlite_migrations(migration_set, name, applied_at) "
        "VALUES ('gintally', 'm999_from_the_future', '2099-01-01')"
    )
    conn.commit()
    conn.close()
    before = path.read_bytes()
    for write in (True, False):
        with pytest.raises(LedgerError, match="newer gintally"):
            Ledger.open(path, write=write)
        assert path.read_bytes() == before
    # the refusal is the "other failure" exit code, not bad input
    assert LedgerError("x").exit_code == 1


def test_opening_an_up_to_date_ledger_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "book.db"
    with Ledger.open(path) as book:
        book.create_match("Night", ("Ann", "Bob"), Format(), resolve())
    before = path.read_bytes()
    with Ledger.open(path) as book:
        assert [m.name for m in book.matches()] == ["Night"]
    assert path.read_bytes() == before


def test_wal_mode_is_on(tmp_path: Path) -> None:
    path = tmp_path / "book.db"
    with Ledger.open(path) as book:
        assert book.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert book.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    conn = sqlite3.connect(path)  # a property of the file, seen by any other process
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert path.read_bytes()[18:20] == b"\x02\x02"  # WAL read/write versions in the header


def test_backup_copy_opens_with_the_same_hands(tmp_path: Path) -> None:
    path = tmp_path / "book.db"
    copy = tmp_path / "copy.db"
    with Ledger.open(path) as book:
        m = book.create_match("Night", ("Ann", "Bob"), Format("honeymoon"), resolve("honeymoon"))
        h = [score(book, m, who, pts, D1) for who, pts in (("Ann", 57), ("Bob", 83), ("Ann", 74))]
        service.edit(book, m, h[1].number, {"points": 84})
        book.void(m, h[0].number)
        live, every, corr = book.live_hands(m), book.all_hands(m), book.corrections(m)
        games = games_of(book, m)
        assert book.backup(copy) == copy
        with pytest.raises(GintallyError, match="already exists"):
            book.backup(copy)
        score(book, m, "Bob", 1, D2)  # the copy does not follow the original
    with Ledger.open(copy) as saved:
        sm = saved.match("Night")
        assert sm.rules == resolve("honeymoon") and sm.format == Format("honeymoon")
        assert saved.live_hands(sm) == live
        assert [(h.number, h.voided, h.versions) for h in saved.all_hands(sm)] == [
            (h.number, h.voided, h.versions) for h in every
        ]
        assert saved.corrections(sm) == corr
        assert games_of(saved, sm) == games
        assert saved.integrity_problems() == []
        # the copy is a working ledger
        score(saved, sm, "Ann", 1, D3)
        assert len(saved.live_hands(sm)) == 3


# --- hand numbers per match (m003_hand_numbers) ---------------------------------------------------


def _old_ledger(path: Path) -> None:
    """A ledger as gintally wrote it before m003: hand numbers were the first version's row id,
    shared by every match, and an edit's new row used up an id. Two matches, hands entered in
    turns, an edit, a void, and a replay mark cut at a hand_id."""
    import sqlite_utils

    from gintally.ledger import files, schema

    conn = files.connect(str(path))
    db = sqlite_utils.Database(conn)
    schema.build_migrations().apply(db, stop_before="m003_hand_numbers")
    conn.executescript(
        """
        INSERT INTO players(id, name, created_at) VALUES (1, 'Ann', 't'), (2, 'Bob', 't');
        INSERT INTO matches(id, name, player_a, player_b, format, games, rolling, season_start,
            rules, first_dealer, created_at)
            SELECT 1, 'One', 1, 2, 'single', 3, 0, '01-01', 'RULES', NULL, 't'
            UNION ALL SELECT 2, 'Two', 1, 2, 'single', 3, 0, '01-01', 'RULES', NULL, 't';
        """.replace("RULES", resolve().to_json().replace("'", "''"))
    )
    rows = [  # (id, hand_id, match, date, winner, points)
        (1, 1, 1, "2007-01-01", 1, 20),
        (2, 2, 2, "2007-01-01", 2, 30),
        (3, 3, 1, "2007-01-02", 2, 10),
        (4, 1, 1, "2007-01-01", 1, 25),  # an edit of hand 1 (match One's first)
        (5, 5, 1, "2007-01-01", 2, 5),  # entered after hand 3, played on the 1st
        (6, 6, 2, "2007-01-03", 1, 40),
    ]
    for row_id, hand_id, match_id, day, winner, points in rows:
        conn.execute(
            "INSERT INTO hands(id, hand_id, match_id, date, claim, kind, winner, points, "
            "created_at) VALUES (?, ?, ?, ?, 'score', 'score', ?, ?, 't')",
            [row_id, hand_id, match_id, day, winner, points],
        )
    conn.execute(
        "INSERT INTO corrections(hand_id, action, replacement, reason, created_at) "
        "VALUES (1, 'replace', 4, 'typo', 't'), (6, 'void', NULL, 'misdeal', 't')"
    )
    conn.execute("INSERT INTO replay_marks VALUES (1, '2007-01-02', 3, 1, NULL, '2007', 1, 6, 2)")
    conn.commit()
    conn.close()


def test_migration_numbers_every_existing_hand_per_match_in_entry_order(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_ledger(path)
    with Ledger.open(path) as book:
        one, two = book.match("One"), book.match("Two")
        # match One: hand_ids 1, 3, 5 become 1, 2, 3; both versions of hand 1 are number 1
        numbers = book.conn.execute("SELECT id, match_id, number FROM hands ORDER BY id").fetchall()
        assert [tuple(r) for r in numbers] == [
            (1, 1, 1),
            (2, 2, 1),
            (3, 1, 2),
            (4, 1, 1),
            (5, 1, 3),
            (6, 2, 2),
        ]
        # play order is (date, number): hand 3 (played on the 1st) before hand 2
        live = book.live_hands(one)
        assert [(h.number, h.hand_id, h.date.day, h.points) for h in live] == [
            (1, 1, 1, 25),  # its edited version
            (3, 5, 1, 5),
            (2, 3, 2, 10),
        ]
        assert [h.number for h in book.live_hands(two)] == [1]
        assert [(h.number, h.voided, h.versions) for h in book.all_hands(two)] == [
            (1, False, 1),
            (2, True, 1),
        ]
        # the mark cut at an old hand_id is gone; the games replay as before
        assert book.conn.execute("SELECT count(*) FROM replay_marks").fetchone()[0] == 0
        assert games_of(book, one)[0][3:5] == ([25, 15], [1, 2])
        # corrections, edits and new hands go by the new numbers
        assert book.hand(one, 2).points == 10
        book.void(one, 2, "wrong")
        new = score(book, one, "Ann", 7, D5)
        assert new.number == 4
        assert score(book, two, "Bob", 3, D5).number == 3  # the void used up no number
        edited, _ = service.edit(book, one, 4, {"points": 8})
        assert (edited.number, edited.hand_id) == (4, new.hand_id)
        assert score(book, one, "Ann", 1, D5).number == 5  # nor did the edit
        assert [h.number for h in book.live_hands(one)] == [1, 3, 4, 5]
        assert service.check(path) == []


def test_hands_are_numbered_per_match_from_one_and_edits_use_up_none(fresh_db: Ledger) -> None:
    one = fresh_db.create_match("One", ("Ann", "Bob"), Format(), resolve())
    two = fresh_db.create_match("Two", ("Ann", "Bob"), Format("hollywood"), resolve())
    a1 = score(fresh_db, one, "Ann", 10, D1)
    b1 = score(fresh_db, two, "Bob", 20, D1)
    a2 = score(fresh_db, one, "Bob", 5, D2)
    assert (a1.number, b1.number, a2.number) == (1, 1, 2)
    service.edit(fresh_db, one, 1, {"points": 11})
    fresh_db.void(two, 1)
    assert score(fresh_db, one, "Ann", 1, D3).number == 3
    assert score(fresh_db, two, "Ann", 1, D3).number == 2
    imported = fresh_db.add_hands(
        one, [HandRecord(D4, "score", "score", one.players[0].id, 2) for _ in range(2)]
    )
    assert [h.number for h in imported] == [4, 5]
    assert fresh_db.hand(two, 1).voided and fresh_db.hand(one, 1).points == 11
    with pytest.raises(NotFoundError, match=r"no hand 6 \(its hands are 1 to 5\)"):
        fresh_db.hand(one, 6)
    three = fresh_db.create_match("Three", ("Ann", "Bob"), Format(), resolve())
    with pytest.raises(NotFoundError, match=r"no hand 1 \(it has no hands yet"):
        fresh_db.void(three, 1)
