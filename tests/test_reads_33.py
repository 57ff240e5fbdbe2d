"""What issue 33's campaign left for the reads, `check` and the output, each kept as a test.

- Text another tool stored (or a user typed) reaches the terminal escaped (`errors.visible`),
  never raw: the list of matches an "unknown match" refusal gives, a path, a note holding a
  bidirectional control (damage: every read refuses it, `check` names it).
- An export meets the damage it would carry to another device before it writes anything: an
  edit whose version is gone, a hand whose uid another tool cleared (imported on the other
  device, it would be a new hand, counted twice). Each is one line naming the row, and `check`
  names it.
- Endless blank lines after a CSV header count toward the import's row limit.
- Stored rules that are no rules (a target of -5 or NaN) are named by `check`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from damaging import unguarded
from test_cache_staleness import rows
from test_import_strict import endless
from test_season_folds import cli, ok

from gintally.errors import visible

HINT = "run 'gintally check' to see every damaged row, or restore a backup"


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    """Ann v Bob: Bob knocks with 5 against 20, then Ann with 3 against 30 (a note), then an
    edit of hand 2."""
    db = tmp_path / "ledger.db"
    ok(db, "match", "new", "M", "--players", "Ann", "Bob")
    ok(db, "knock", "Bob", "5", "--vs", "20", "--date", "2026-01-05")
    ok(db, "knock", "Ann", "3", "--vs", "30", "--date", "2026-01-05", "--note", "late")
    return db


# --- control characters, never raw ----------------------------------------------------------


def test_the_matches_an_unknown_match_refusal_lists_are_escaped(ledger: Path) -> None:
    unguarded(ledger, "UPDATE matches SET name = 'M' || char(27) || '[2J'")
    code, said = cli(ledger, "show", "--match", "nope")
    assert (code, said) == (2, "Error: unknown match 'nope'; the matches are: M\\x1b[2J\n")


def test_a_path_with_an_escape_is_shown_escaped(ledger: Path) -> None:
    code, said = cli(ledger, "import", "Z\x1b[2J.csv")
    assert (code, said) == (2, "Error: cannot read Z\\x1b[2J.csv: No such file or directory\n")


def test_visible_escapes_controls_and_keeps_the_rest() -> None:
    assert visible("Zoë ♠ 10") == "Zoë ♠ 10"
    assert visible("a\x1b[2Jb\u202ec\x00") == "a\\x1b[2Jb\\u202ec\\x00"


@pytest.mark.parametrize("bidi", ["\u202e", "\u2066", "\u202a"])
def test_a_note_with_a_bidirectional_control_is_damage_shown_escaped(
    ledger: Path, bidi: str
) -> None:
    """`hands` printed U+202E (right-to-left override) from a note raw: the note is one no
    command could store (`plain_text` refuses it), so the log refuses the row, escaped, before
    printing any, and `check` names it."""
    unguarded(ledger, f"UPDATE hands SET note = 'n' || char({ord(bidi)}) || 'o' WHERE id = 2")
    shown = f"'n\\u{ord(bidi):04x}o'"
    code, said = cli(ledger, "hands")
    assert (code, said) == (
        1,
        f"Error: the ledger is damaged: hands row 2 (hand 2) holds the note {shown}, with a "
        f"control character; {HINT}\n",
    )
    assert bidi not in said
    code, said = cli(ledger, "check")
    assert (code, said) == (
        1,
        f"problem: hands row 2: holds the note {shown}, with a control character\n"
        f"1 problem(s) in {ledger}\n",
    )


# --- exports that would carry damage --------------------------------------------------------


def test_an_edit_whose_version_is_gone_is_refused_by_a_json_export(
    ledger: Path, tmp_path: Path
) -> None:
    """The export failed part-way with "unexpected AttributeError"."""
    ok(ledger, "edit", "2", "--vs", "31")
    (version,) = rows(ledger, "SELECT replacement FROM corrections")[0]
    unguarded(ledger, "UPDATE corrections SET replacement = 999")
    out = tmp_path / "out.json"
    code, said = cli(ledger, "export", "--format", "json", "--output", str(out))
    assert (code, said) == (
        1,
        "Error: the ledger is damaged: corrections row 1 replaces hand key 2 by 999, which is "
        f"no version of that hand; {HINT}\n",
    )
    assert not out.exists()
    code, said = cli(ledger, "export", "--format", "json")  # to stdout: nothing printed first
    assert code == 1 and said.startswith("Error: the ledger is damaged: corrections row 1 ")
    code, said = cli(ledger, "check")
    assert code == 1
    assert (
        "problem: corrections row 1: replaces hand key 2 by 999, which is no version of that hand"
        in said.splitlines()
    )
    unguarded(ledger, f"UPDATE corrections SET replacement = {version}")
    code, said = cli(ledger, "export", "--format", "json")
    assert code == 0
    assert json.loads(said)["corrected"][0]["corrections"][0]["action"] == "replace"


@pytest.mark.parametrize(("uid", "shown"), [("NULL", "NULL"), ("''", "''")])
@pytest.mark.parametrize("form", ["csv", "json"])
def test_a_hand_whose_uid_was_cleared_is_refused_by_an_export(
    ledger: Path, tmp_path: Path, uid: str, shown: str, form: str
) -> None:
    """Exported with no uid, the hand was imported on the other device as a new one (counted
    twice): the export refuses it, naming the row, and `check` names it."""
    other = tmp_path / "other.db"
    other.write_bytes(ledger.read_bytes())
    unguarded(ledger, f"UPDATE hands SET uid = {uid} WHERE id = 1")
    out = tmp_path / f"out.{form}"
    code, said = cli(ledger, "export", "--format", form, "--output", str(out))
    assert (code, said) == (
        1,
        "Error: the ledger is damaged: hands row 1 (hand 1) holds the uid "
        f"{shown}, not an identity (32 hex digits); {HINT}\n",
    )
    assert not out.exists()
    code, said = cli(ledger, "check")
    assert (code, said) == (
        1,
        f"problem: hands row 1: holds the uid {shown}, not an identity (32 hex digits)\n"
        f"1 problem(s) in {ledger}\n",
    )
    assert rows(other, "SELECT count(*) FROM hands") == [(2,)]


# --- imports ----------------------------------------------------------------------------------


def test_endless_blank_lines_are_refused_at_the_row_limit(ledger: Path, tmp_path: Path) -> None:
    """A header, then blank lines for ever (a few MB of them before the lowered limit): they
    count toward the rows an import reads, so the import ends with one line, nothing
    written. (It read on to the 1 GiB limit.)"""
    code, err = endless(ledger, tmp_path, b"date,winner,points\n", b"\n" * 65536, 50_000, 1 << 30)
    assert (code, err) == (
        2,
        "Error: standard input goes on past 50,000 rows, the most an import reads: split it, or "
        "check that it is the file meant\n",
    )
    assert rows(ledger, "SELECT count(*) FROM hands") == [(2,)]


def test_a_few_blank_lines_are_still_skipped(ledger: Path, tmp_path: Path) -> None:
    src = tmp_path / "blank.csv"
    src.write_text("date,winner,points\n\n\n2026-01-06,Ann,25\n\n,,\n")
    assert cli(ledger, "import", str(src)) == (0, "Imported 1 hand into M.\n")


# --- rules ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("-5", "target must be between 1 and 100000, not -5"),
        ("NaN", "target must be a whole number, not 'nan'"),
    ],
)
def test_rules_with_a_target_no_game_has_are_named(ledger: Path, target: str, why: str) -> None:
    unguarded(
        ledger,
        f"UPDATE matches SET rules = replace(rules, '\"target\": 100', '\"target\": {target}')",
    )
    said = f"match 'M' in {ledger} cannot be read: {why}"
    assert cli(ledger, "check") == (
        1,
        f"problem: matches row 1: {said}\n1 problem(s) in {ledger}\n",
    )
    assert cli(ledger, "standings") == (1, f"Error: {said}\n")


# --- a stored hand that contradicts its own counts ------------------------------------------

# every read that shows a hand, as the command line runs it
READS = [
    ("show",),
    ("show", "--all"),
    ("show", "--json"),
    ("hands",),
    ("standings",),
    ("stats",),
    ("chart", "--json"),
    ("export",),
    ("export", "--format", "json"),
]


@pytest.mark.parametrize(
    ("damage", "wrong"),
    [
        ("points = 40", "stored knock 40 but it scores knock 15"),  # "Bob +40"
        ("winner = 1", "stored winner player 1 but it is won by player 2"),
        ("kind = 'gin'", "stored gin 15 but it scores knock 15"),
        ("kind = 'undercut', winner = 1, points = 40", "stored undercut 40 but it scores knock 15"),
        ("knocker_deadwood = 9", "stored knock 15 but it scores knock 11"),
    ],
    ids=["points", "winner", "kind", "all-three", "count"],
)
def test_a_hand_contradicting_its_counts_is_refused_by_every_read(
    ledger: Path, tmp_path: Path, damage: str, wrong: str
) -> None:
    """Bob knocks with 5, Ann has 20: Bob +15. A row that says otherwise (another tool changed
    its result or a count) was shown as sound ("Bob knocks with 5, Ann has 20: Bob +40").
    The ledger holds facts and the result is worked out from the counts, so a row whose stored
    result is not what its counts give cannot tell which is the fact: every read that shows it
    refuses it in one line naming the hand, and `check` names it."""
    for args in READS:  # sound first: the readers write their caches
        assert cli(ledger, *args)[0] == 0, args
    unguarded(ledger, f"UPDATE hands SET {damage} WHERE id = 1")
    said = f"the ledger is damaged: hand 1 of match 'M': {wrong}; {HINT}"
    for args in READS:
        code, out = cli(ledger, *args)
        assert code == 1, (args, out)
        assert out.endswith(f"Error: {said}\n"), (args, out)
        assert "+40" not in out and "Bob knocks with 5, Ann has 20" not in out, (args, out)
    target = tmp_path / "out.csv"
    assert cli(ledger, "export", "--output", str(target)) == (1, f"Error: {said}\n")
    assert not target.exists()
    assert cli(ledger, "check") == (
        1,
        f"problem: match 'M' hand 1: {wrong}\n1 problem(s) in {ledger}\n",
    )


def test_a_sound_ledger_reads_as_before(ledger: Path) -> None:
    assert cli(ledger, "hands")[1].splitlines()[2:] == [
        "  1  2026-01-05  -       -    Bob knocks with 5, Ann has 20: Bob +15",
        "  2  2026-01-05  Bob     -    Ann knocks with 3, Bob has 30: Ann +27 - late",
    ]
    assert cli(ledger, "check") == (0, f"{ledger}: no problems found\n")


@pytest.fixture
def carded(tmp_path: Path) -> Path:
    """A knock given by its cards: Ann melds all but 2C (2), Bob holds 10 in deadwood, and the
    upcard KC is in Bob's hand."""
    db = tmp_path / "carded.db"
    ok(db, "match", "new", "M", "--players", "Ann", "Bob")
    ok(
        db,
        "knock",
        "Ann",
        "--cards",
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C",
        "--vs-cards",
        "AH 2H 3H 4S 5S 6S 7C 8C 9C KC",
        "--upcard",
        "KC",
        "--date",
        "2026-01-05",
    )
    assert rows(db, "SELECT knocker_deadwood, defender_deadwood, layoffs FROM hands") == [
        (2, 10, None)
    ]
    return db


@pytest.mark.parametrize(
    ("damage", "wrong"),
    [
        ("layoffs = 'KC'", "stored the layoffs KC but no card is laid off"),  # KC twice
        ("layoffs = '9C'", "stored the layoffs 9C but no card is laid off"),
        ("knocker_deadwood = 7", "stored the knocker's deadwood 7 but the cards count 2"),
        ("defender_deadwood = 3", "stored the defender's deadwood 3 but the cards count 10"),
        (
            "knocker_cards = 'AS 2S 3S 4H 5H 6H 7D 8D 9D KC'",  # the upcard in both hands
            "card KC is in both hands",
        ),
    ],
    ids=["upcard-laid-off", "layoff", "knocker-count", "defender-count", "upcard-twice"],
)
def test_check_names_layoffs_and_counts_the_cards_do_not_give(
    carded: Path, damage: str, wrong: str
) -> None:
    """`check` settled a hand again and compared only its result: layoffs no card could make
    (the upcard among them, a card of the knocker's melds) and counts its cards do not give
    passed. Both are named now, and the reads refuse the hand."""
    assert cli(carded, "check") == (0, f"{carded}: no problems found\n")
    unguarded(carded, f"UPDATE hands SET {damage}")
    assert cli(carded, "check") == (
        1,
        f"problem: match 'M' hand 1: {wrong}\n1 problem(s) in {carded}\n",
    )
    code, out = cli(carded, "show")
    assert (code, out) == (
        1,
        f"Error: the ledger is damaged: hand 1 of match 'M': {wrong}; {HINT}\n",
    )


def test_a_team_match_hand_contradicting_its_counts_is_refused(tmp_path: Path) -> None:
    """A team match is read whole (its rounds need every table's hand): its hands are settled
    again as they are read, as a two-player match's play rows are."""
    db = tmp_path / "teams.db"
    ok(db, "match", "new", "T", "--teams", "Ann,Bob", "Cy,Di")
    ok(db, "knock", "Ann", "5", "--vs", "20", "--date", "2026-01-05")
    ok(db, "knock", "Bob", "3", "--vs", "30", "--date", "2026-01-05")
    unguarded(db, "UPDATE hands SET points = 40 WHERE number = 1")
    said = "the ledger is damaged: hand 1 of match 'T': stored knock 40 but it scores knock 15"
    for args in (("show",), ("hands",), ("standings",), ("stats",), ("show", "--all")):
        assert cli(db, *args) == (1, f"Error: {said}; {HINT}\n"), args
    assert cli(db, "check") == (
        1,
        f"problem: match 'T' hand 1: stored knock 40 but it scores knock 15\n"
        f"1 problem(s) in {db}\n",
    )


# --- a replay from a kept mark settles again only what was written since -------------------------


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """An ad-infinitum season whose replay mark the writes keep: three knocks, then a read."""
    db = tmp_path / "season.db"
    ok(db, "match", "new", "S", "--players", "Ann", "Bob", "--format", "ad-infinitum")
    for who, count in (("Bob", "5"), ("Ann", "3"), ("Bob", "7")):
        ok(db, "knock", who, count, "--vs", "20", "--date", "2026-01-05")
    ok(db, "show")
    return db


def test_a_write_keeps_its_mark_as_having_seen_the_rows_it_settled(season: Path) -> None:
    """The season's mark is confirmed by each write's replay up to the newest hand row: what
    a replay from it settles again is only what was written after."""
    ((seen,),) = rows(season, "SELECT hands_row FROM replay_marks")
    assert seen == rows(season, "SELECT max(id) FROM hands")[0][0] == 3
    ok(season, "knock", "Ann", "2", "--vs", "30", "--date", "2026-01-06")
    assert rows(season, "SELECT hands_row FROM replay_marks") == [(4,)]


def test_a_seen_row_changed_in_place_is_still_refused(season: Path) -> None:
    """A row the mark has seen, changed in place by another tool: the forgetting trigger drops
    the mark in the same statement, so the next read settles every hand again and refuses it."""
    unguarded(season, "UPDATE hands SET points = 40 WHERE id = 1")
    assert rows(season, "SELECT count(*) FROM replay_marks") == [(0,)]
    wrong = "the ledger is damaged: hand 1 of match 'S': stored knock 40 but it scores knock 15"
    for args in (("show",), ("show", "--json"), ("standings",)):
        assert cli(season, *args) == (1, f"Error: {wrong}; {HINT}\n"), args
    code, said = cli(season, "knock", "Ann", "1", "--vs", "9")  # kept, and said
    assert (code, said) == (0, f"Warning: the change was saved, but {wrong}; {HINT}\n")


def test_a_row_written_since_the_mark_is_settled_again(season: Path) -> None:
    """A contradicting row another tool appends after the mark (a row id above what it has
    seen) is settled again by the replay from the mark, and refused."""
    unguarded(
        season,
        "INSERT INTO hands (hand_id, match_id, number, uid, date, claim, kind, winner, points, "
        "knocker, knocker_deadwood, defender_deadwood, created_at) "
        "SELECT 4, match_id, 4, lower(hex(randomblob(16))), date, claim, kind, winner, 99, "
        "knocker, knocker_deadwood, defender_deadwood, created_at FROM hands WHERE id = 3",
    )
    code, out = cli(season, "show")
    assert code == 1 and "hand 4 of match 'S': stored knock 99 but it scores knock 13" in out, out
