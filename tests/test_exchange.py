"""Devices that exchange JSON exports converge (issue 26, "Done when"; SPEC section 10): every
hand, edit, void, payment and payment taken back travels by identity, in any order and any
number of times, and the devices end with the same score sheet, hand log and settlement, no
hand twice, the same as a merge gives; conflicts are the same uid with other facts, named with
both versions, nothing written; an export made before corrections travelled imports as it
did (`tests/exports/before-corrections.*`, written by that gintally)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_merge import D1, common, facts, ok, refused, run, score

from gintally.engine.formats import Format
from gintally.engine.stakes import Stake
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import HandRecord

EXPORTS = Path(__file__).resolve().parent / "exports"


def export(db: Path, to: Path) -> Path:
    to.unlink(missing_ok=True)
    ok(db, "export", "--format", "json", "--output", str(to))
    return to


def exchange(source: Path, target: Path, folder: Path) -> str:
    """`source`'s JSON export imported into `target`: what the import said (on one line)."""
    return said(ok(target, "import", str(export(source, folder / "exchange.json"))))


def said(text: str) -> str:
    """A message as one line (the terminal's width wraps it)."""
    return " ".join(text.split()) + "\n"


def seen(db: Path) -> dict[str, Any]:
    """What people see: the sheet of every game, the whole hand log and the settlement (its
    payments listed in the order each ledger recorded them: compared by uid)."""
    settle = json.loads(ok(db, "settle", "--all", "--json"))
    settle["payments"].sort(key=lambda p: p["uid"])
    return {
        "show": json.loads(ok(db, "show", "--all", "--json")),
        "hands": json.loads(ok(db, "hands", "--all", "--json")),
        "settle": settle,
    }


def alike(*dbs: Path) -> None:
    """The ledgers hold the same facts (by uid: hands, numbers, newest versions, voids,
    corrections, sheets) and show the same sheet, hand log and settlement."""
    first = {k: v for k, v in facts(dbs[0]).items() if k != "matches"}
    shown = seen(dbs[0])
    for db in dbs[1:]:
        assert {k: v for k, v in facts(db).items() if k != "matches"} == first
        assert seen(db) == shown


def staked(tmp_path: Path) -> tuple[Path, Path]:
    """Two devices that start from one book played for money (a copy of it on each)."""
    a, b = common(tmp_path)
    ok(a, "match", "stake", "Evening", "0.05")
    ok(a, "backup", str(b), "--force")
    return a, b


def test_hands_edits_voids_and_payments_travel_by_export(tmp_path: Path) -> None:
    a, b = staked(tmp_path)
    # A: a hand, an edit of a shared hand, a payment taken back, a payment
    # (the payment taken back before the edit: within one second, undo takes a correction
    # first, since a payment's record tells no order beside the corrections' but its second)
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(a, "pay", "Bob", "Ann", "2")
    ok(a, "undo")  # the payment taken back
    ok(a, "edit", "1", "--vs", "20", "--reason", "recount")  # Ann 12 now
    ok(a, "pay", "Bob", "Ann", "1.25")
    # B: a hand, a void of the other shared hand, a payment A will see taken back
    ok(b, "knock", "Bob", "3", "--vs", "20", "--date", "2026-03-02")
    ok(b, "void", "2", "--reason", "misdeal")
    ok(b, "pay", "Ann", "Bob", "0.50")
    assert exchange(a, b, tmp_path) == (  # A -> B
        "Imported 1 hand, 1 correction, 1 payment and 1 payment taken back into Evening "
        "(3 hands: 1 new, 2 already here).\n"
    )
    assert exchange(b, a, tmp_path) == (  # B -> A: B's hand, its void and payment
        "Imported 1 voided hand, 1 correction and 1 payment into Evening (3 hands: 1 new, 2 "
        "already here).\n"
    )
    alike(a, b)
    hands = json.loads(ok(a, "hands", "--all", "--json"))["hands"]
    assert [(h["id"], h["winner"], h["points"], h["voided"], h["edited"]) for h in hands] == [
        (1, "Ann", 12, False, True),  # A's edit
        (2, "Bob", 55, True, False),  # B's void
        (3, "Ann", 20, False, False),  # A's knock (made first)
        (4, "Bob", 17, False, False),  # B's knock
    ]
    assert hands[1]["void_reason"] == "misdeal"
    paid = json.loads(ok(b, "settle", "--json"))["payments"]
    assert sorted((p["from"], p["amount"]) for p in paid) == [("Ann", "0.50"), ("Bob", "1.25")]
    # again, either way, any number of times: nothing new, nothing doubled
    for source, target in ((a, b), (b, a), (a, b)):
        assert exchange(source, target, tmp_path) == (
            "Imported 0 hands into Evening (3 hands: 0 new, 3 already here).\n"
        )
    alike(a, b)
    # what a merge of the two reaches: nothing more
    assert ok(a, "merge", str(b)) == f"Merged {b} into {a}: nothing new; 4 hands already here.\n"
    assert ok(a, "check").strip() == f"{a}: no problems found"


def test_two_edits_of_one_hand_are_not_a_conflict_the_later_stands(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "edit", "1", "--vs", "20")  # Ann 12, made first
    ok(b, "edit", "1", "--vs", "28")  # Ann 20, made later: it stands
    exchange(a, b, tmp_path)  # the older edit comes in after the newer one: history
    exchange(b, a, tmp_path)
    for db in (a, b):
        live = json.loads(ok(db, "hands", "--json"))["hands"]
        assert [(h["id"], h["points"]) for h in live] == [(1, 20), (2, 55)]
    alike(a, b)
    conn = sqlite3.connect(b)  # the older edit is kept below the newer version
    versions = conn.execute("SELECT id, defender_deadwood FROM hands WHERE hand_id = 1").fetchall()
    conn.close()
    assert sorted(versions) == [(-1, 20), (1, 18), (3, 28)]


def test_three_devices_in_a_round(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    c = tmp_path / "c.db"
    shutil.copy(a, c)
    ok(a, "score", "Ann", "10", "--date", "2026-03-02")
    ok(b, "edit", "2", "--vs", "31", "--reason", "B counted again")
    ok(c, "void", "1")
    ok(c, "score", "Bob", "25", "--date", "2026-03-03")
    exchange(a, b, tmp_path)  # A -> B -> C -> A, then round again
    exchange(b, c, tmp_path)
    exchange(c, a, tmp_path)
    exchange(a, b, tmp_path)
    alike(a, b, c)
    live = json.loads(ok(c, "hands", "--json"))["hands"]
    assert [(h["id"], h["winner"], h["points"]) for h in live] == [
        (2, "Bob", 56),  # B's edit: gin 25 + 31
        (3, "Ann", 10),  # A's
        (4, "Bob", 25),  # C's
    ]


def test_exchanging_exports_and_merging_reach_the_same_sheet(tmp_path: Path) -> None:
    a, b = staked(tmp_path)
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(a, "void", "1")
    ok(b, "edit", "1", "--vs", "30")
    ok(b, "gin", "Bob", "--vs", "12", "--date", "2026-03-02")
    ok(b, "pay", "Ann", "Bob", "3")
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    shutil.copy(a, ab)
    shutil.copy(b, ba)
    ok(ab, "merge", str(b))
    ok(ba, "merge", str(a))
    exchange(a, b, tmp_path)
    exchange(b, a, tmp_path)
    alike(a, b, ab, ba)
    assert facts(a) == facts(ab)  # the same matches too (the copies share their uid)


def test_a_device_that_began_from_an_export_keeps_the_original(tmp_path: Path) -> None:
    """B made its own match and took A's export in; A edited and voided hands since: B gets
    each hand's history, and a merge between them finds nothing to add or dispute."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    for db in (a, b):
        ok(db, "match", "new", "Evening", "--players", "Ann", "Bob")
    ok(a, "knock", "Ann", "8", "--vs", "18", "--date", "2026-03-01")
    ok(a, "gin", "Bob", "--vs", "30", "--date", "2026-03-01")
    ok(a, "knock", "Ann", "2", "--vs", "9", "--date", "2026-03-01")
    exchange(a, b, tmp_path)
    ok(a, "edit", "1", "--vs", "20")
    ok(a, "void", "2")
    ok(a, "edit", "3", "--vs", "11")
    ok(a, "void", "3")
    assert exchange(a, b, tmp_path) == (
        "Imported 0 hands and 4 corrections into Evening (1 hand: 0 new, 1 already here).\n"
    )
    alike(a, b)
    assert ok(b, "merge", str(a)).endswith("nothing new; 3 hands already here.\n")
    assert ok(a, "merge", str(b)).endswith("nothing new; 3 hands already here.\n")


def test_a_hand_voided_before_the_other_device_saw_it_comes_in_voided(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "score", "Ann", "7", "--date", "2026-03-02")
    ok(a, "edit", "3", "--points", "9")
    ok(a, "void", "3", "--reason", "dealt twice")
    doc = json.loads(ok(b, "import", str(export(a, tmp_path / "a.json")), "--json"))
    assert doc == {
        "match": "Evening",
        "imported": 0,  # live: the one it brought came voided
        "voided": 1,
        "already_here": 2,
        "hands": [3],
        "corrections": 2,
    }
    alike(a, b)
    hands = json.loads(ok(b, "hands", "--all", "--json"))["hands"]
    assert (hands[2]["points"], hands[2]["voided"], hands[2]["void_reason"]) == (
        9,
        True,
        "dealt twice",
    )


def test_the_export_lists_corrected_hands_first(tmp_path: Path) -> None:
    a, _ = staked(tmp_path)
    ok(a, "pay", "Bob", "Ann", "2", "--date", "2026-03-02")
    ok(a, "undo")  # the payment taken back (before the edit: see the test above)
    ok(a, "edit", "2", "--vs", "31", "--reason", "recount")
    doc = json.loads(export(a, tmp_path / "a.json").read_text())
    assert list(doc) == ["match", "corrected", "hands", "payments_taken_back"]
    assert doc["match"]["stake"]["amount"] == "0.05"
    [entry] = doc["corrected"]
    assert (entry["number"], entry["hand"]["points"], entry["hand"]["defender_deadwood"]) == (
        2,
        55,
        30,
    )
    [edit] = entry["corrections"]
    assert (edit["action"], edit["reason"], edit["hand"]["points"]) == ("replace", "recount", 56)
    assert entry["uid"] == doc["hands"][1]["uid"] == edit["hand"]["uid"]
    [back] = doc["payments_taken_back"]
    assert (back["from"], back["to"], back["amount"]) == ("Bob", "Ann", "2")
    assert back["taken_back"]["reason"] == "undo"


def test_stdin_carries_corrections_and_payments(tmp_path: Path) -> None:
    a, b = staked(tmp_path)
    ok(a, "void", "1")
    ok(a, "pay", "Bob", "Ann", "1")
    text = export(a, tmp_path / "a.json").read_text()
    assert said(run_with_input(b, text)) == (
        "Imported 0 hands, 1 correction and 1 payment into Evening (1 hand: 0 new, 1 already "
        "here).\n"
    )
    alike(a, b)


def run_with_input(db: Path, text: str) -> str:
    from typer.testing import CliRunner

    from gintally.cli import app

    result = CliRunner().invoke(app, ["--db", str(db), "import", "-"], input=text)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


# --- conflicts ------------------------------------------------------------------------------------


def test_a_hand_first_recorded_otherwise_is_a_conflict(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "edit", "1", "--vs", "20")
    path = export(a, tmp_path / "a.json")
    doc = json.loads(path.read_text())
    doc["corrected"][0]["hand"]["points"] = 11
    doc["corrected"][0]["hand"]["defender_deadwood"] = 19
    path.write_text(json.dumps(doc))
    before = facts(b)
    uid = doc["corrected"][0]["uid"]
    assert refused(b, "import", str(path)) == (
        "Error: a.json: 1 of its rows conflict with hands here, nothing was imported: "
        f"corrected hand 1 of a.json is hand 1 (uid {uid[:8]}...), first recorded here with "
        "points '10', defender_deadwood '18', in the file with points '11', "
        "defender_deadwood '19'; an edit made on another device comes in with its JSON export "
        "(which carries corrections) or gintally merge"
    )
    assert facts(b) == before


def test_a_correction_with_other_facts_is_a_conflict(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "void", "2", "--reason", "misdeal")
    exchange(a, b, tmp_path)
    path = export(a, tmp_path / "a.json")
    doc = json.loads(path.read_text())
    doc["corrected"][0]["corrections"][0]["reason"] = "another"
    path.write_text(json.dumps(doc))
    before = facts(b)
    line = refused(b, "import", str(path))
    assert "corrected hand 1 of a.json: its void " in line
    assert "is here with other facts (here a void, reason 'misdeal')" in line
    assert facts(b) == before


def test_corrected_hands_after_the_hands_are_refused(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "void", "1")
    doc = json.loads(export(a, tmp_path / "a.json").read_text())
    path = tmp_path / "late.json"
    path.write_text(
        json.dumps({"match": doc["match"], "hands": doc["hands"], "corrected": doc["corrected"]})
    )
    before = facts(b)
    assert refused(b, "import", str(path)) == (
        'Error: late.json: its "corrected" hands come after its "hands": an import reads a '
        'hand\'s history before its row (gintally export writes "corrected" first)'
    )
    assert facts(b) == before
    # keys sorted (jq -S, json.dumps(sort_keys=True)) keep them first
    path.write_text(json.dumps(doc, sort_keys=True))
    ok(b, "import", str(path))
    alike(a, b)


def test_a_bad_corrected_hand_is_refused_naming_it(tmp_path: Path) -> None:
    a, b = common(tmp_path)
    ok(a, "void", "1")
    doc = json.loads(export(a, tmp_path / "a.json").read_text())
    doc["corrected"][0]["corrections"][0]["action"] = "erase"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert refused(b, "import", str(path)) == (
        "Error: corrected hand 1 of bad.json: correction 1: the action 'erase' is not replace, "
        "void or restore"
    )


def test_a_copy_into_another_match_takes_the_sheet_only(tmp_path: Path) -> None:
    """An export brought into another match of the same ledger is a copy: the live hands,
    as they stand, with new uids; the corrected hands are the other match's."""
    a, _ = common(tmp_path)
    ok(a, "edit", "1", "--vs", "20")
    ok(a, "void", "2")
    path = export(a, tmp_path / "a.json")
    ok(a, "match", "new", "Copy", "--players", "Ann", "Bob")
    assert ok(a, "import", str(path)) == "Imported 1 hand into Copy.\n"
    live = json.loads(ok(a, "hands", "--all", "--json"))["hands"]
    assert [(h["id"], h["points"], h["voided"], h["edited"]) for h in live] == [
        (1, 12, False, False)
    ]


# --- exports made before corrections travelled ----------------------------------------------------


def test_an_export_made_before_imports_as_it_did(tmp_path: Path) -> None:
    """The files were written by gintally before this change: a match played for money, a
    hand edited, one voided, a payment taken back (none of which the file holds)."""
    db = tmp_path / "new.db"
    ok(db, "match", "new", "Porch", "--players", "Ann", "Bob", "--stake", "0.05", "--currency", "$")
    old = EXPORTS / "before-corrections.json"
    assert "corrected" not in json.loads(old.read_text())
    assert ok(db, "import", str(old)) == (
        "Imported 3 hands and 1 payment into Porch.\n2 hands took other numbers here than in "
        "the file: its hand 3 is hand 2 here (gintally hands shows \nthem).\n"
    )
    hands = json.loads(ok(db, "hands", "--all", "--json"))["hands"]
    assert [(h["id"], h["kind"], h["winner"], h["points"], h["voided"]) for h in hands] == [
        (1, "knock", "Ann", 10, False),
        (2, "knock", "Ann", 30, False),
        (3, "score", "Bob", 45, False),  # as edited there: the file's row is the newest
    ]
    settle = json.loads(ok(db, "settle", "--json"))
    assert [(b["from"], b["to"], b["amount"]) for b in settle["balances"]] == [
        ("Bob", "Ann", "1.50")
    ]
    # the CSV of the same match: the same hands, already here
    assert ok(db, "import", str(EXPORTS / "before-corrections.csv")) == (
        "Imported 0 hands into Porch (3 hands: 0 new, 3 already here).\n"
    )
    # the JSON again: nothing new
    assert ok(db, "import", str(old)) == (
        "Imported 0 hands into Porch (3 hands: 0 new, 3 already here).\n"
    )


# --- any order, any number of times, whatever the devices did ------------------------------------

Step = tuple[str, int, int]  # (what, a hand or a day, points or an amount)

DEVICES = "abc"
ACTIONS = ("score", "score", "edit", "void", "pay", "take back")
EXCHANGES = tuple(
    f"{how}{x}->{y}" for how in ("", "merge ") for x in DEVICES for y in DEVICES if x != y
)

steps = st.lists(
    st.tuples(
        st.sampled_from([f"{d} {a}" for d in DEVICES for a in ACTIONS] + list(EXCHANGES)),
        st.integers(0, 9),
        st.integers(1, 60),
    ),
    max_size=16,
)


def act(db: Path, what: str, n: int, points: int) -> None:
    """One thing a device does to its book (through the library: fast)."""
    with Ledger.open(db) as book:
        m = book.match("Evening")
        live = book.live_hands(m)
        ann, bob = (p.id for p in m.players)
        if what == "score":
            score(book, m, ("Ann", "Bob")[points % 2], points, D1 + timedelta(days=n % 3))
        elif what == "pay":
            book.add_payment(
                m, ann if n % 2 else bob, bob if n % 2 else ann, Decimal(points) / 4, D1
            )
        elif what == "take back":
            paid = book.payments([m.id])
            if paid:
                book.void_payment(paid[n % len(paid)], "taken back")
        elif live:
            number = live[n % len(live)].number
            if what == "void":
                book.void(m, number, f"void {points}")
            else:
                old = book.hand(m, number)
                book.replace_hand(
                    m, number, HandRecord(old.date, "score", "score", old.winner, points)
                )


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps)
def test_devices_converge_whatever_they_do_and_however_they_exchange(
    tmp_path: Path, script: list[Step]
) -> None:
    """Three devices with one book record hands, edit, void, pay and take payments back, and
    now and then bring another's book in, by its JSON export or by a merge. After a last round
    of exports (a -> b -> c -> a -> b) they hold the same facts and show the same sheet, hand
    log and settlement, no hand twice; and a merge either way then finds nothing new."""
    folder = tmp_path / str(len(list(tmp_path.iterdir())))
    folder.mkdir()
    dbs = {d: folder / f"{d}.db" for d in DEVICES}
    with Ledger.open(dbs["a"]) as book:
        m = book.create_match("Evening", ("Ann", "Bob"), Format(), resolve())
        book.add_stake(m, Stake(Decimal("0.05")))
    for d in DEVICES[1:]:
        shutil.copy(dbs["a"], dbs[d])
    for what, n, points in script:
        if "->" in what:
            how, _, pair = what.rpartition(" ")
            source, target = (dbs[d] for d in pair.split("->"))
            if how == "merge":
                ok(target, "merge", str(source))
            else:
                exchange(source, target, folder)
        else:
            device, _, action = what.partition(" ")
            act(dbs[device], action, n, points)
    made = {uid for db in dbs.values() for uid in facts(db)["hands"]}
    a, b, c = dbs.values()
    for source, target in ((a, b), (b, c), (c, a), (a, b)):
        exchange(source, target, folder)
    alike(a, b, c)
    assert set(facts(a)["hands"]) == made  # every hand once
    for source, target in ((a, b), (b, a), (c, a)):
        assert "nothing new" in ok(target, "merge", str(source))
    alike(a, b, c)


def test_nothing_is_written_when_an_import_is_refused_late(tmp_path: Path) -> None:
    """A file whose corrected hands and hands come in, then a bad payment: all or nothing."""
    a, b = staked(tmp_path)
    ok(a, "void", "1")
    ok(a, "score", "Ann", "9", "--date", "2026-03-02")
    ok(a, "pay", "Bob", "Ann", "1")
    doc = json.loads(export(a, tmp_path / "a.json").read_text())
    doc["payments"][0]["amount"] = "1.001"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    before = facts(b)
    code, _, err = run(b, "import", str(path))
    assert code == 2 and "payment 1: the amount '1.001' has more decimals" in err
    assert facts(b) == before


TEN = "2H 3H 4H 5S 6S 7S 9C 9D 9H KD"
Commands = tuple[tuple[str, ...], ...]
KINDS: tuple[tuple[tuple[str, ...], Commands, Commands], ...] = (
    (  # hollywood from the cards, with a draw and a misdeal
        (
            "match",
            "new",
            "Holly",
            "--players",
            "Ann",
            "Cy",
            "--format",
            "hollywood",
            "--rules",
            "oklahoma",
        ),
        (
            (
                "knock",
                "Ann",
                "--cards",
                TEN,
                "--vs-cards",
                "AS AD 2C 3C 4C 8H 8S QD JD KC",
                "--upcard",
                "TS",
            ),
            ("knock", "Cy", "8", "--vs", "4", "--upcard", "TD"),
            ("draw",),
            ("misdeal",),
            ("gin", "Ann", "--vs", "40", "--upcard", "KH"),
        ),
        (("edit", "2", "--vs", "3"), ("void", "3"), ("edit", "5", "--vs", "45")),
    ),
    (  # teams
        ("match", "new", "Teams", "--teams", "Reds=Ann,Cy", "Bob,Di"),
        (
            ("knock", "Ann", "3", "--vs", "20"),
            ("knock", "Di", "5", "--vs", "10"),
            ("gin", "Bob", "--vs", "10"),
        ),
        (("edit", "1", "--vs", "22"), ("void", "3")),
    ),
    (  # Mahjong gin: both players score
        ("match", "new", "Mahj", "--players", "Ann", "Bob", "--rules", "mahjong"),
        (
            ("gin", "Ann", "--table", "20", "--vs-table", "65", "--vs", "5"),
            ("score", "Bob", "30", "--vs-points", "-10"),
        ),
        (("edit", "1", "--table", "25"), ("void", "2")),
    ),
    (  # Gimlet Rummy: solitaire against the phantom
        ("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"),
        (
            ("knock", "Ann", "3", "--piles", "1,2,0,3"),
            ("sour", "Ann", "12"),
            ("gimlet", "Ann", "--piles", "2,2,2,2"),
        ),
        (("edit", "1", "--piles", "1,1,0,3"), ("void", "2")),
    ),
)


def test_every_kind_of_match_exchanges_its_corrections(tmp_path: Path) -> None:
    """Cards, draws and misdeals, team rounds, Mahjong's tables and other points, Gimlet's
    piles: each hand's first version and its edits come back exactly from their rows."""
    for new, hands, corrections in KINDS:
        folder = tmp_path / new[2]
        folder.mkdir()
        a, b = folder / "a.db", folder / "b.db"
        ok(a, *new)
        ok(a, "backup", str(b))
        for command in hands:
            ok(a, *command, "--date", "2026-03-01")
        for command in corrections:
            ok(a, *command)
        ok(b, *hands[0], "--date", "2026-03-02")  # one of B's own
        exchange(a, b, folder)
        exchange(b, a, folder)
        alike(a, b)
        assert "nothing new" in ok(a, "merge", str(b)), new[2]
        assert "nothing new" in ok(b, "merge", str(a)), new[2]


def test_a_hand_voided_on_both_devices_gives_the_later_voids_reason_on_both(
    tmp_path: Path,
) -> None:
    """Two voids of one hand, one on each device: after the exchange both devices hold both
    voids and show the reason of the later one (the greater uid), whichever came in last."""
    a, b = common(tmp_path)
    ok(b, "void", "2", "--reason", "misdeal")
    ok(a, "void", "2", "--reason", "wrong count")  # recorded after B's: its uid is greater
    exchange(a, b, tmp_path)
    exchange(b, a, tmp_path)
    for db in (a, b):
        hand = json.loads(ok(db, "hands", "--all", "--json"))["hands"][1]
        assert (hand["hand"], hand["voided"], hand["void_reason"]) == (2, True, "wrong count")
    alike(a, b)


def test_two_prices_from_one_day_converge_by_export_as_by_merge(tmp_path: Path) -> None:
    """Each device prices the same day differently; exchanged by JSON export either way round,
    both hold both prices and the one set later stands, as a merge leaves them."""
    a, b = staked(tmp_path)
    ok(a, "knock", "Ann", "5", "--vs", "25", "--date", "2026-03-02")
    ok(a, "match", "stake", "Evening", "0.10", "--from", "2026-03-02")
    ok(b, "match", "stake", "Evening", "0.20", "--from", "2026-03-02")  # set after A's
    merged = tmp_path / "merged.db"
    shutil.copy(a, merged)
    ok(merged, "merge", str(b))
    exchange(a, b, tmp_path)
    exchange(b, a, tmp_path)
    exchange(a, b, tmp_path)  # again: nothing new
    prices = [json.loads(ok(db, "match", "show", "Evening", "--json"))["stakes"] for db in (a, b)]
    assert prices[0] == prices[1] == json.loads(ok(merged, "match", "show", "--json"))["stakes"]
    assert [(p["amount"], p["since"]) for p in prices[0]] == [
        ("0.05", None),
        ("0.10", "2026-03-02"),
        ("0.20", "2026-03-02"),
    ]
    alike(a, b, merged)


def test_an_export_of_before_prices_had_uids_adds_only_days_not_priced(tmp_path: Path) -> None:
    """A price without a uid (an export written before prices carried one) is known by what it
    states: a day priced here keeps its price; another day's price is added."""
    a, b = staked(tmp_path)
    ok(a, "match", "stake", "Evening", "0.10", "--from", "2026-03-02")
    ok(a, "match", "stake", "Evening", "0.30", "--from", "2026-03-05")
    ok(b, "match", "stake", "Evening", "0.20", "--from", "2026-03-02")
    out = export(a, tmp_path / "a.json")
    doc = json.loads(out.read_text(encoding="utf-8"))
    for price in doc["match"]["stakes"]:
        assert len(price.pop("uid")) == 32 and price.pop("created_at")
    out.write_text(json.dumps(doc), encoding="utf-8")
    ok(b, "import", str(out))
    prices = json.loads(ok(b, "match", "show", "Evening", "--json"))["stakes"]
    assert [(p["amount"], p["since"]) for p in prices] == [
        ("0.05", None),
        ("0.20", "2026-03-02"),
        ("0.30", "2026-03-05"),
    ]


def test_another_matchs_prices_keep_this_matchs_price(tmp_path: Path) -> None:
    """An export imported into another staked match (a copy) brings the sheet only: that
    match's own prices stand, whatever the file's prices carry."""
    a, _ = staked(tmp_path)  # Evening at 0.05 from the start
    ok(a, "match", "stake", "Evening", "0.10", "--from", "2026-03-02")
    ok(a, "match", "new", "Copy", "--players", "Ann", "Bob", "--stake", "0.50")
    ok(a, "import", str(export(a, tmp_path / "evening.json")), "--match", "Copy")
    prices = json.loads(ok(a, "match", "show", "Copy", "--json"))["stakes"]
    assert [(p["amount"], p["since"]) for p in prices] == [("0.50", None)]
