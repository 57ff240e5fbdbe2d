"""``gintally merge`` refuses what an import refuses (issue 33, item 2: the campaign's leftovers).

The other ledger is foreign input: every value a merge would store passes the import's own
validators and must be what an import would store of it (``' 0.10'`` reads as 0.10, but no
gintally writes it so); a row naming a row the file does not hold (a payment to player 99, a
hand of match 99, a correction of hand row 0) is refused, not passed over; and a fault of the
other file (a foreign key, a name too long, a table missing) names the other file, not this
ledger. Each refusal: exit 2, one line naming the other file, the row and the value; this
ledger byte for byte as it was.

The other ledger is made with the command line, then damaged as another program would
(`damaging.unguarded`: its guards dropped while the statements run).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from damaging import unguarded
from test_merge_foreign import ok, run


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """This ledger (a staked match with one hand) and other.db: the same match, made apart,
    with a second hand, a payment, a payment taken back, a void with a reason and a new price
    (stakes row 2, from 2026-01-06)."""
    folder = tmp_path_factory.mktemp("made")
    here, other = folder / "here.db", folder / "other.db"
    for db in (here, other):
        ok(db, "match", "new", "M", "--players", "Ann", "Bob", "--stake", "0.05")
        ok(db, "score", "Ann", "25", "--back-date", "--date", "2026-01-05")
    ok(other, "score", "Bob", "30", "--back-date", "--date", "2026-01-06")
    ok(other, "pay", "Bob", "Ann", "1", "--date", "2026-01-07")
    ok(other, "pay", "Ann", "Bob", "2", "--date", "2026-01-07")
    ok(other, "undo")
    ok(other, "void", "2", "--reason", "oops")
    ok(other, "match", "stake", "M", "0.10", "--from", "2026-01-06")
    return here, other


@pytest.fixture
def pair(made: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    here, other = tmp_path / "here.db", tmp_path / "other.db"
    shutil.copyfile(made[0], here)
    shutil.copyfile(made[1], other)
    return here, other


def refused_unchanged(here: Path, other: Path) -> str:
    """The merge of `other` into `here`, refused: exit 2, one line (returned, without its
    ``Error: other.db, `` and ``; nothing was merged``), `here` byte for byte as it was."""
    before = here.read_bytes()
    code, out, err = run(here, "merge", str(other))
    assert (code, out) == (2, ""), (code, out, err)
    assert err.count("\n") == 1, err
    assert err.startswith(f"Error: {other.name}"), err
    assert err.endswith("nothing was merged\n"), err
    assert here.read_bytes() == before
    assert not Path(f"{here}-wal").exists() or Path(f"{here}-wal").stat().st_size == 0
    return err.removeprefix(f"Error: {other.name}").removesuffix("nothing was merged\n")


def test_the_sound_other_merges(pair: tuple[Path, Path]) -> None:
    here, other = pair
    assert ok(here, "merge", str(other)) == (
        f"Merged {other} into {here}: 2 hands, 1 correction, 2 payments, 1 payment taken back, "
        "1 price new.\n"
    )
    assert ok(here, "check") == f"{here}: no problems found\n"


NOT_WRITTEN = "is not as gintally writes it"
ARABIC = "\u0660\u066b\u0661\u0660"  # 0.10 in Arabic-Indic digits and decimal separator
ARABIC_POINT = "\u0660.\u0661\u0660"  # the same digits with a point

# (damage, the refusal's line between "Error: other.db" and "nothing was merged")
STORED = {
    "stake-amount-with-a-space": (
        "UPDATE stakes SET amount = ' 0.10' WHERE id = 2",
        f", match M, price 1: the amount ' 0.10' {NOT_WRITTEN} ('0.10'): another program stored "
        "it; ",
    ),
    "stake-amount-in-arabic-indic-digits": (
        f"UPDATE stakes SET amount = '{ARABIC}' WHERE id = 2",
        f", match M, price 1: the stake must be an amount such as 0.05 or 12.50, not '{ARABIC}'; ",
    ),
    "stake-amount-arabic-indic-with-a-point": (
        f"UPDATE stakes SET amount = '{ARABIC_POINT}' WHERE id = 2",
        f", match M, price 1: the amount '{ARABIC_POINT}' {NOT_WRITTEN} ('0.10'): another "
        "program stored it; ",
    ),
    "currency-a-tab": (
        "UPDATE stakes SET currency = char(9) WHERE id = 2",
        f", match M, price 1: the currency '\\t' {NOT_WRITTEN} (''): another program stored it; ",
    ),
    "from-date-a-number": (
        "UPDATE stakes SET from_date = 20260106 WHERE id = 2",
        f", match M, price 1: the start date '20260106' {NOT_WRITTEN} ('2026-01-06'): another "
        "program stored it; ",
    ),
    "from-date-1899": (
        "UPDATE stakes SET from_date = '1899-12-31' WHERE id = 2",
        ", match M, price 1: the date '1899-12-31' is out of range (1900 to 2999); ",
    ),
    "payment-dated-1899": (
        "UPDATE payments SET date = '1899-12-31' WHERE id = 1",
        ", match M: payment 1: the date 1899-12-31 is out of range (1900 to 2999); ",
    ),
    "payment-amount-with-a-space": (
        "UPDATE payments SET amount = ' 1' WHERE id = 1",
        f", match M: payment 1: the amount ' 1' {NOT_WRITTEN} ('1'): another program stored it; ",
    ),
    "payment-note-with-esc": (
        "UPDATE payments SET note = 'paid' || char(27) || '[2J' WHERE id = 1",
        ", match M: payment 1: note 'paid\\x1b[2J' holds a control character ('\\x1b'); ",
    ),
    "payment-note-with-nul": (
        "UPDATE payments SET note = 'paid' || char(0) WHERE id = 1",
        ", match M: payment 1: note 'paid\\x00' holds a control character ('\\x00'); ",
    ),
    "payment-note-with-a-tab": (
        "UPDATE payments SET note = 'cash' || char(9) || 'back' WHERE id = 1",
        f", match M: payment 1: the note 'cash\\tback' {NOT_WRITTEN} ('cash back'): another "
        "program stored it; ",
    ),
    "void-reason-with-esc": (
        "UPDATE corrections SET reason = 'oops' || char(27) || '[2J'",
        ", corrections row 1 (hand 2 of M): reason 'oops\\x1b[2J' holds a control character "
        "('\\x1b'); ",
    ),
    "void-reason-with-a-tab": (
        "UPDATE corrections SET reason = 'oh' || char(9) || 'no'",
        f", corrections row 1 (hand 2 of M): the reason 'oh\\tno' {NOT_WRITTEN} ('oh no'): "
        "another program stored it; ",
    ),
    "payment-taken-back-reason-with-esc": (
        "UPDATE payment_voids SET reason = 'x' || char(27)",
        ", payment_voids row 1: reason 'x\\x1b' holds a control character ('\\x1b'); ",
    ),
    "hand-created-at-with-esc": (
        "UPDATE hands SET created_at = '2026' || char(27) || '[2J' WHERE id = 2",
        ", hands row 2 (hand 2): created_at '2026\\x1b[2J' holds a control character ('\\x1b'); ",
    ),
    "player-created-at-with-a-tab": (
        "UPDATE players SET created_at = '2026' || char(9) || 'x' WHERE id = 2",
        f", player 2: the created_at '2026\\tx' {NOT_WRITTEN} ('2026 x'): another program "
        "stored it; ",
    ),
    "payment-created-at-with-esc": (
        "UPDATE payments SET created_at = char(27) WHERE id = 1",
        ", match M: payment 1: created_at '\\x1b' holds a control character ('\\x1b'); ",
    ),
    "hand-uid": (
        "UPDATE hands SET uid = 'not-a-uid' WHERE id = 2",
        ", hands row 2 (hand 2): the uid 'not-a-uid' is not 32 hexadecimal digits (an identity "
        "gintally writes); ",
    ),
    "hand-uid-in-capitals": (
        "UPDATE hands SET uid = upper(uid) WHERE id = 2",
        None,  # the uid itself, read from the file
    ),
    "player-uid": (
        "UPDATE players SET uid = 'not-a-uid' WHERE id = 2",
        ", player 2: the uid 'not-a-uid' is not 32 hexadecimal digits (an identity gintally "
        "writes); ",
    ),
    "match-uid": (
        "UPDATE matches SET uid = 'not-a-uid'",
        ", match 'M': the uid 'not-a-uid' is not 32 hexadecimal digits (an identity gintally "
        "writes); ",
    ),
    "correction-uid": (
        "UPDATE corrections SET uid = 'not-a-uid'",
        ", corrections row 1 (hand 2 of M): the uid 'not-a-uid' is not 32 hexadecimal digits "
        "(an identity gintally writes); ",
    ),
    "payment-uid": (
        "UPDATE payments SET uid = 'not-a-uid' WHERE id = 1",
        ", match M: payment 1: the uid 'not-a-uid' is not 32 hexadecimal digits; ",
    ),
    "price-start-hand-not-a-uid": (
        "UPDATE stakes SET after_hand = 'not-a-uid' WHERE id = 2",
        ", match M, price 1: the after_hand_uid 'not-a-uid' is not 32 hexadecimal digits; ",
    ),
    "price-start-hand-in-capitals": (
        f"UPDATE stakes SET after_hand = '{'AB' * 16}' WHERE id = 2",
        f", match M, price 1: the start hand '{'AB' * 16}' {NOT_WRITTEN} ('{'ab' * 16}'): "
        "another program stored it; ",
    ),
    "price-uid": (
        "UPDATE stakes SET uid = 'not-a-uid' WHERE id = 2",
        ", match M, price 1: the uid 'not-a-uid' is not 32 hexadecimal digits; ",
    ),
}


@pytest.mark.parametrize(("damage", "said"), STORED.values(), ids=STORED.keys())
def test_a_value_an_import_would_not_store_is_refused(
    pair: tuple[Path, Path], damage: str, said: str | None
) -> None:
    here, other = pair
    unguarded(other, damage)
    if said is None:
        with sqlite3.connect(other) as conn:
            (uid,) = conn.execute("SELECT uid FROM hands WHERE id = 2").fetchone()
        said = (
            f", hands row 2 (hand 2): the uid {uid!r} is not 32 hexadecimal digits (an "
            "identity gintally writes); "
        )
    assert refused_unchanged(here, other) == said


SKIPPED = {
    "payment-to-a-missing-player": (
        "UPDATE payments SET to_player = 99 WHERE id = 1",
        ", payments row 1: its to_player is player 99, which the file does not hold; ",
    ),
    "payment-to-a-player-of-no-match": (
        "INSERT INTO players(name, created_at, uid) VALUES ('Cy', '2026-01-01', "
        "'c0000000000000000000000000000001'); UPDATE payments SET to_player = 3 WHERE id = 1",
        ", match M: payment 1: 'Cy' does not play in match 'M' (Ann and Bob do); ",
    ),
    "payment-of-a-missing-match": (
        "UPDATE payments SET match_id = 99 WHERE id = 1",
        ", payments row 1: its match_id is match 99, which the file does not hold; ",
    ),
    "hand-of-a-missing-match": (
        "UPDATE hands SET match_id = 99 WHERE id = 2",
        ", hands row 2 (hand 2): its match is 99, which the file does not hold; ",
    ),
    "price-of-a-missing-match": (
        "UPDATE stakes SET match_id = 99 WHERE id = 2",
        ", stakes row 2: its match_id is match 99, which the file does not hold; ",
    ),
    "void-of-hand-row-0": (
        "UPDATE corrections SET hand_id = 0",
        ", corrections row 1: it is of hand row 0, which the file does not hold; ",
    ),
    "void-of-a-hand-row-that-is-not-there": (
        "UPDATE corrections SET hand_id = 99",
        ", corrections row 1: it is of hand row 99, which the file does not hold; ",
    ),
    "hand-row-with-hand-id-0": (
        "UPDATE hands SET hand_id = 0 WHERE id = 2",
        ", hands row 2: it is a version of hand row 0 that no correction of the file made; ",
    ),
    "payment-taken-back-that-is-not-there": (
        "UPDATE payment_voids SET uid = 'a0000000000000000000000000000001'",
        ", payment_voids row 1: it takes back 'a0000000000000000000000000000001', which the "
        "file does not hold; ",
    ),
    "replace-naming-no-version": (
        "UPDATE corrections SET action = 'replace', replacement = 99",
        ", corrections row 1 (hand 2 of M): a replace with the new version 99 (a replace names "
        "a version of its hand, a void or a restore none); ",
    ),
}


@pytest.mark.parametrize(("damage", "said"), SKIPPED.values(), ids=SKIPPED.keys())
def test_a_row_naming_what_the_file_lacks_is_refused_not_passed_over(
    pair: tuple[Path, Path], damage: str, said: str
) -> None:
    here, other = pair
    unguarded(other, *damage.split("; "))
    assert refused_unchanged(here, other) == said


BLAMED = {
    "hand-winner-not-a-player": (
        "UPDATE hands SET winner = 77 WHERE id = 2",
        ", hands row 2 (hand 2): its winner is player 77, which the file does not hold; ",
    ),
    "player-name-of-61-characters": (
        f"UPDATE players SET name = '{'B' * 61}' WHERE id = 2",
        f", player 2: a player name may be 60 characters at most: '{'B' * 20}'...; ",
    ),
    "match-name-of-61-characters": (
        f"UPDATE matches SET name = '{'M' * 61}'",
        f", match 1: a match name may be 60 characters at most: '{'M' * 20}'...; ",
    ),
    "correction-action-unknown": (
        "UPDATE corrections SET action = 'bogus'",
        ", corrections row 1 (hand 2 of M): the action 'bogus' is not replace, void or restore; ",
    ),
}


@pytest.mark.parametrize(("damage", "said"), BLAMED.values(), ids=BLAMED.keys())
def test_a_fault_of_the_other_file_names_it_not_this_ledger(
    pair: tuple[Path, Path], damage: str, said: str
) -> None:
    here, other = pair
    unguarded(other, damage)
    line = refused_unchanged(here, other)
    assert line == said
    assert "check" not in line


def test_an_other_file_without_hands_names_it(pair: tuple[Path, Path]) -> None:
    here, other = pair
    conn = sqlite3.connect(other)
    for kind, name in conn.execute(
        "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')"
    ).fetchall():
        conn.execute(f'DROP {kind.upper()} "{name}"')
    conn.execute("DROP TABLE hands")
    conn.commit()
    conn.close()
    assert refused_unchanged(here, other) == (
        " is not a gintally ledger to merge: it has no hands table (another program changed it); "
    )


def test_a_row_this_ledger_refuses_names_the_other_file(pair: tuple[Path, Path]) -> None:
    """What no check before the write looks at, this ledger's constraints do (a team member
    in seat -1): the refusal names the other file (exit 2), never this ledger ("run check",
    exit 1)."""
    here, other = pair
    ok(other, "match", "new", "T", "--teams", "Ann,Cy", "Bob,Di")
    unguarded(other, "UPDATE team_members SET seat = -1 WHERE side = 0 AND seat = 1")
    assert refused_unchanged(here, other) == (
        " holds a row this ledger refuses (CHECK constraint failed: seat >= 0): "
    )


@pytest.mark.parametrize(
    ("part", "said"),
    [
        ("payment", "Error: payment 1: the date 1899-12-31 is out of range (1900 to 2999)\n"),
        (
            "price",
            "Error: other.json: stake 1 of its match: the date '1899-12-31' is out of range "
            "(1900 to 2999)\n",
        ),
    ],
)
def test_an_import_refuses_money_dated_before_1900_as_a_merge_does(
    pair: tuple[Path, Path], part: str, said: str
) -> None:
    """The one validator: a payment or a price dated 1899 is refused by an import too (an
    import stored it, and `check` then named it)."""
    here, other = pair
    doc = other.with_suffix(".json")
    ok(other, "export", "--format", "json", "--output", str(doc))
    exported = json.loads(doc.read_text())
    if part == "payment":
        exported["payments"][0]["date"] = "1899-12-31"
    else:
        exported["match"]["stakes"][0]["since"] = "1899-12-31"
    doc.write_text(json.dumps(exported))
    before = here.read_bytes()
    assert run(here, "import", str(doc)) == (2, "", said)
    assert here.read_bytes() == before


def test_a_payments_place_among_the_hands_is_this_ledgers_own(pair: tuple[Path, Path]) -> None:
    """A payment's ``after_hand`` is its match's last hand number when it was written (what
    `undo` compares), bookkeeping in the numbering of the ledger that wrote it: a merge writes
    this ledger's own, whatever the file holds, and `undo` then takes the payment back."""
    here, other = pair
    unguarded(other, "UPDATE payments SET after_hand = 'lots'")
    ok(here, "merge", str(other))
    with sqlite3.connect(here) as conn:
        last = conn.execute("SELECT max(number) FROM hands").fetchone()[0]
        kept = conn.execute("SELECT DISTINCT after_hand FROM payments").fetchall()
    assert kept == [(last,)]
    # taken back as they were recorded there: the price, the void of hand 2 there, the payment
    assert ok(here, "undo").startswith("Took back the price of M")
    assert ok(here, "undo").startswith("Took back the void of hand 3")
    assert ok(here, "undo").startswith("Took back the payment: Bob paid Ann 1.00")
    assert ok(here, "check") == f"{here}: no problems found\n"


def test_a_payment_whose_place_is_no_hand_number_is_damage(pair: tuple[Path, Path]) -> None:
    """Written in place by another program, such a payment is named by `check`, and `undo`
    refuses in one line instead of failing on it."""
    _, other = pair
    unguarded(other, "UPDATE payments SET after_hand = 'lots' WHERE id = 1")
    code, out, err = run(other, "check")
    assert code == 1 and "payments row 1: holds after_hand 'lots', not a hand number" in out, out
    code, out, err = run(other, "undo")
    assert code == 1 and err.count("\n") == 1, err
    assert "payments row 1" in err and "damaged" in err and "unexpected" not in err, err
