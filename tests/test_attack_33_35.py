"""What an adversarial run over issue 33's reads and merge and issue 35's first price found, each
kept as a test with its exact figures.

- A paper score an older gintally stored below its kind's floor (a gin of 10: `score` refuses it
  since 2026-11-25) is what was copied from paper: every read shows it, `check` is clean, a
  merge carries it. Every read refused the whole match (and `edit` and `void` with it).
- A price taken back and brought back (`undo`, `redo`: two rows stating the same price) is
  carried by a merge: merged into an empty ledger the match played for nothing, and merged
  into a ledger that imported its export the merge was refused.
- A Gimlet match's JSON export imports into a new ledger (its phantom is listed with the
  player, and was taken for a second player), and a team match imported so merges with the
  ledger it came from (its unnamed teams were stored named "Ann & Cy").
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

from damaging import unguarded
from test_season_folds import cli, ok

import gintally
from gintally.service.settling import below_floor


def merged(db: Path, other: Path, *args: str) -> str:
    """What `merge` said, the folder of both ledgers left out."""
    return ok(db, "merge", str(other), *args).replace(f"{db.parent}/", "")


def settled(db: Path) -> dict[str, object]:
    doc: dict[str, object] = json.loads(ok(db, "settle", "--all", "--json"))
    return doc


# --- a paper score below its floor, as an older gintally stored it -----------------------------


def test_an_older_paper_gin_below_its_bonus_reads_checks_and_merges(tmp_path: Path) -> None:
    """`score Ann 10 --kind gin` was stored by the gintally of 2026-11-23 (made here as it
    left it: the 25 typed now, then its points set to 10)."""
    db = tmp_path / "old.db"
    ok(db, "match", "new", "O", "--players", "Ann", "Bob")
    ok(db, "score", "Ann", "25", "--kind", "gin", "--date", "2026-01-05")
    ok(db, "knock", "Bob", "3", "--vs", "10", "--date", "2026-01-05")
    unguarded(db, "UPDATE hands SET points = 10 WHERE number = 1")
    assert ok(db, "hands").splitlines()[2:] == [
        "  1  2026-01-05  -       -    Ann scores 10 (gin)",
        "  2  2026-01-05  Ann     -    Bob knocks with 3, Ann has 10: Bob +7",
    ]
    sheet = json.loads(ok(db, "show", "--json"))
    assert [g["points"] for g in sheet["games"]] == [{"Ann": 10, "Bob": 7}]
    assert ok(db, "check") == f"{db}: no problems found\n"
    ok(db, "edit", "2", "--note", "kept")  # the match can be corrected again
    new = tmp_path / "new.db"
    assert merged(new, db).startswith("Merged old.db into new.db: 2 players, 1 match")
    assert json.loads(ok(new, "show", "--json"))["games"] == sheet["games"]
    assert ok(new, "check") == f"{new}: no problems found\n"
    # typed today, it is refused as before
    code, said = cli(db, "score", "Ann", "10", "--kind", "gin")
    assert (code, said) == (
        2,
        "Error: a gin scores at least its bonus, 25 under these rules, not 10\n",
    )


def test_the_floor_of_each_paper_kind(tmp_path: Path) -> None:
    """`below_floor`: a gin 25, a big gin 31, an undercut 25 under modern rules; a knock none."""
    book = gintally.open(tmp_path / "f.db")
    m = book.new_match("F", ["Ann", "Bob"])
    m.score("Ann", 40, "gin")
    match = m.record()
    (stored,) = book.ledger().live_hands(match)
    cases = [("gin", 24, 25), ("gin", 25, None), ("big-gin", 30, 31), ("undercut", 3, 25)]
    cases += [("knock", 0, None)]
    for kind, points, least in cases:
        assert below_floor(match, replace(stored, kind=kind, points=points)) == least
    assert below_floor(match, replace(stored, claim="knock", points=1)) is None


# --- a price taken back and brought back, merged -------------------------------------------------


def _priced_twice(db: Path) -> None:
    ok(db, "match", "new", "S", "--players", "Ann", "Bob")
    ok(db, "score", "Ann", "100", "--date", "2026-03-01")  # game 1, unpriced: Ann by 325
    ok(db, "match", "stake", "S", "1")
    ok(db, "undo")  # the price taken back ...
    ok(db, "redo")  # ... and brought back: a second row stating the same price
    ok(db, "score", "Bob", "100", "--date", "2026-03-01")  # game 2, priced: Bob by 325


def test_a_price_brought_back_is_merged_into_an_empty_ledger(tmp_path: Path) -> None:
    db, new = tmp_path / "a.db", tmp_path / "b.db"
    _priced_twice(db)
    assert ok(db, "settle") == "Ann owes Bob 325.00.\nS: 1 game at 1 a point.\n"
    assert merged(new, db) == (
        "Merged a.db into b.db: 2 players, 1 match, 2 hands, 2 prices, 1 price taken back new.\n"
    )
    assert ok(new, "settle") == "Ann owes Bob 325.00.\nS: 1 game at 1 a point.\n"
    assert settled(new) == settled(db)
    assert ok(new, "check") == f"{new}: no problems found\n"
    assert merged(db, new) == "Merged b.db into a.db: nothing new; 2 hands already here.\n"
    assert settled(db) == settled(new)


def test_a_price_brought_back_merges_into_the_ledger_that_imported_its_export(
    tmp_path: Path,
) -> None:
    db, other = tmp_path / "a.db", tmp_path / "b.db"
    _priced_twice(db)
    out = tmp_path / "a.json"
    ok(db, "export", "--format", "json", "--output", str(out))
    ok(other, "import", str(out))  # the live price only
    back = tmp_path / "back.db"
    shutil.copy(other, back)
    assert merged(other, db) == (
        "Merged a.db into b.db: 1 price, 1 price taken back new; 2 hands already here.\n"
    )
    assert merged(db, back) == ("Merged back.db into a.db: nothing new; 2 hands already here.\n")
    for ledger in (db, other):
        assert ok(ledger, "settle") == "Ann owes Bob 325.00.\nS: 1 game at 1 a point.\n"
        assert ok(ledger, "check") == f"{ledger}: no problems found\n"
    shown = [json.loads(ok(d, "match", "show", "--json"))["stakes"] for d in (db, other)]
    assert shown[0] == shown[1] == [{**shown[0][0], "amount": "1", "after_hand": 1}]


def test_one_price_set_and_taken_back_apart_on_each_device_merges(tmp_path: Path) -> None:
    """The same price set on each device (a match made apart) is one price, as before; taken
    back on both, the merge takes it back once."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    for db in (a, b):
        ok(db, "match", "new", "S", "--players", "Ann", "Bob", "--stake", "0.05")
        ok(db, "undo")
    assert merged(a, b, "--same-match", "S").startswith("Merged b.db into a.db")
    code, said = cli(a, "match", "show", "--json")
    assert code == 0 and json.loads(said).get("stakes") is None
    assert ok(a, "check") == f"{a}: no problems found\n"


# --- exports that import on a new device ---------------------------------------------------------


def test_a_gimlet_export_imports_into_a_new_ledger(tmp_path: Path) -> None:
    db, new, out = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "g.json"
    ok(db, "match", "new", "Solo", "--players", "Zoë", "--rules", "gimlet")
    ok(db, "knock", "Zoë", "3", "--piles", "1,2,0,3")  # 8 + 6 + 10 + 4 = 28
    ok(db, "gimlet", "Zoë", "--piles", "0,0,1,1")  # 20 + 36 = 56
    ok(db, "export", "--format", "json", "--output", str(out))
    assert ok(new, "import", str(out)) == "Imported 2 hands into Solo.\n"
    sheet = json.loads(ok(new, "show", "--json"))
    assert sheet["players"] == ["Zoë", "Phantom"]
    assert sheet["games"][0]["points"] == {"Zoë": 84, "Phantom": 0}
    assert merged(new, db) == "Merged a.db into b.db: nothing new; 2 hands already here.\n"
    assert ok(new, "check") == f"{new}: no problems found\n"


def test_a_team_match_imported_from_its_export_merges_with_its_ledger(tmp_path: Path) -> None:
    db, new, out = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "t.json"
    ok(db, "match", "new", "T", "--teams", "Ann,Cy", "Reds=Bob,Di")
    ok(db, "knock", "Ann", "5", "--vs", "20")
    ok(db, "knock", "Di", "5", "--vs", "20")
    ok(db, "export", "--format", "json", "--output", str(out))
    ok(new, "import", str(out))
    assert merged(new, db) == "Merged a.db into b.db: nothing new; 2 hands already here.\n"
    ok(new, "player", "rename", "Ann", "Ada")  # an unnamed team follows its players
    teams = json.loads(ok(new, "match", "show", "--json"))["teams"]
    assert [t["name"] for t in teams] == ["Ada & Cy", "Reds"]
    assert ok(new, "check") == f"{new}: no problems found\n"


# --- check names a price whose start hand the match does not hold --------------------------------


def test_check_names_a_price_that_starts_after_a_hand_the_match_does_not_hold(
    tmp_path: Path,
) -> None:
    db = tmp_path / "a.db"
    ok(db, "match", "new", "S", "--players", "Ann", "Bob")
    ok(db, "score", "Ann", "100", "--date", "2026-03-01")
    ok(db, "score", "Bob", "30", "--date", "2026-03-01")
    ok(db, "match", "stake", "S", "1")  # after hand 2
    ok(db, "void", "2")  # the start hand voided, undone, brought back: still held
    ok(db, "restore", "2")
    ok(db, "undo")
    ok(db, "redo")
    assert ok(db, "check") == f"{db}: no problems found\n"
    unguarded(db, "UPDATE stakes SET after_hand = '0123456789abcdef0123456789abcdef'")
    code, said = cli(db, "check")
    assert (code, said) == (
        1,
        "problem: stakes row 1: starts after hand '0123456789abcdef0123456789abcdef', which "
        f"match 'S' does not hold (it prices nothing)\n1 problem(s) in {db}\n",
    )
    assert ok(db, "settle") == "All square.\nS: nothing played at 1 a point has finished yet.\n"


# --- a first price with a series stake says the series under way is not paid -------------------


def test_a_first_price_names_the_series_under_way_its_series_stake_leaves_unpaid(
    tmp_path: Path,
) -> None:
    """Multi-match (a series won at 500): Ann's game 1 (325) begins series 1; the price set
    during game 2 starts with game 3, and series 1 (won with game 2) pays no 50: the
    confirmation said only "after game 2 under way and 1 finished game"."""
    db = tmp_path / "a.db"
    ok(db, "match", "new", "MS", "--players", "Ann", "Bob", "--rules", "multi-match")
    ok(db, "score", "Ann", "100", "--date", "2026-03-01")
    ok(db, "score", "Bob", "30", "--date", "2026-03-01")
    said = json.loads(ok(db, "match", "stake", "MS", "1", "--series-stake", "50", "--json"))
    assert said["starts"] == {
        "next": "game",
        "under_way": {"what": "game", "numbers": [2]},
        "finished": 1,
        "text": "from the next game, after game 2 under way, series 1 under way and 1 finished "
        "game",
    }
    for _ in range(5):  # Ann closes game 2 (225 to 55: series 1, 550), then games 3 to 6
        ok(db, "score", "Ann", "100", "--date", "2026-03-01")
    doc = settled(db)  # games 3 to 6 at 325 each and series 2 and 3 at 50: 1400, no series 1
    matches = doc["matches"]
    assert isinstance(matches, list)
    assert [(m["games"], m["series"], m["total"]) for m in matches] == [(4, 2, "1400.00")]


# --- two devices' payments, merged either way round ----------------------------------------------


def test_payments_merged_either_way_round_are_listed_alike(tmp_path: Path) -> None:
    """Each device records a payment; merged A into B and B into A, `settle --json` listed
    them in the order each ledger wrote its rows (the merge contract: both end alike)."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "S", "--players", "Ann", "Bob", "--stake", "1")
    ok(a, "score", "Ann", "100", "--back-date", "--date", "2026-03-01")
    shutil.copy(a, b)
    ok(a, "pay", "Bob", "Ann", "100", "--date", "2026-03-02")
    ok(b, "pay", "Bob", "Ann", "25", "--date", "2026-03-01", "--note", "Zoë 🂡 é")
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(a, ab)
    shutil.copy(b, ba)
    merged(ab, b)
    merged(ba, a)
    docs = [settled(db) for db in (ab, ba)]
    assert docs[0] == docs[1]
    assert ok(ab, "settle") == ok(ba, "settle")
    paid = docs[0]["payments"]
    assert isinstance(paid, list)
    assert sorted((p["date"], p["amount"], p["note"]) for p in paid) == [
        ("2026-03-01", "25.00", "Zoë 🂡 é"),
        ("2026-03-02", "100.00", None),
    ]
    assert docs[0]["balances"] == [  # Ann's game (325) less the 125 paid
        {"from": "Bob", "to": "Ann", "amount": "200.00", "currency": "", "text": "200.00"}
    ]


def test_a_price_of_one_uid_stating_otherwise_here_and_there_is_a_conflict(
    tmp_path: Path,
) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ok(a, "match", "new", "S", "--players", "Ann", "Bob", "--stake", "1")
    shutil.copy(a, b)
    unguarded(b, "UPDATE stakes SET amount = '2'")
    code, said = cli(a, "merge", str(b))
    assert (code, said.replace(f"{tmp_path}/", "")) == (
        2,
        "Error: b.db disagrees with this ledger in 1 place(s), nothing was merged: stakes "
        f"{said.split('stakes ')[1][:8]}... differs here and there (amount)\n",
    )
    stakes = json.loads(ok(a, "match", "show", "--json"))["stakes"]
    assert [(s["amount"], s["since"]) for s in stakes] == [("1", None)]  # nothing merged
