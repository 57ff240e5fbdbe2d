"""The damage matrix: every kind of damage a row can carry (written before the guards of
`m011_guards`, or by a tool that dropped them) x every command that reads the ledger.

No command exits 0 showing a damaged row as valid, and none fails with "unexpected" or a
traceback: a command that reads the damaged row refuses with one line that names it and points
to ``gintally check`` (exit 1); a write that is safe to keep lands and says so on stderr; a
command that does not read the row runs as usual and shows nothing of it. ``check`` names every
kind, by table and row, with exit 1.

The damaged ledgers are made once for the module (the guards dropped, the damage written, the
guards made again: `damaging.unguarded`), and each command runs in-process on a copy.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from damaging import unguarded
from typer.testing import CliRunner

from gintally.cli import app

DAY = "--date"
BUILD: tuple[tuple[str, ...], ...] = (
    ("match", "new", "Solo", "--players", "Cy", "--rules", "gimlet"),
    ("gimlet", "Cy", "--piles", "0,0,1,5", DAY, "2025-03-01"),
    ("knock", "Cy", "3", "--piles", "1,2,0,3", DAY, "2025-03-02"),
    ("match", "new", "Kitchen", "--players", "Ann", "Bob"),
    ("match", "stake", "Kitchen", "0.10", "--currency", "$"),
    ("pay", "Bob", "Ann", "1.50", DAY, "2025-01-01"),
    ("knock", "Ann", "5", "--vs", "20", DAY, "2025-01-02"),
    ("gin", "Bob", "--vs", "12", DAY, "2025-01-03"),
    (
        *("knock", "Ann", "--cards", "AS 2S 3S 4H 5H 6H 7D 7C 7S 2D"),
        *("--vs-cards", "7H 4S KS KH QD QC JS JH 9D 9C", "--upcard", "5C", DAY, "2025-01-04"),
    ),
    ("edit", "1", "--vs", "25"),
    ("knock", "Bob", "3", "--vs", "30", DAY, "2025-01-05"),
    ("gin", "Ann", "--vs", "9", DAY, "2025-01-06"),
    ("void", "5"),
)
# Players: Cy 1, Phantom 2, Ann 3, Bob 4. Matches: Solo 1, Kitchen 2 (the current one), its
# stake (stakes row 1) and Bob's payment to Ann (payments row 1).
# Kitchen's hands by number: 1 (rows 3 and 6, edited), 2 (row 4), 3 (row 5: cards, layoffs
# 4S 7H and upcard 5C), 4 (row 7), 5 (row 8, voided).


def hand(number: int, match: str = "Kitchen") -> str:
    """SQL: the rows of a hand, by its number in a match."""
    return (
        f"hand_id = (SELECT hand_id FROM hands WHERE number = {number} AND match_id = "
        f"(SELECT id FROM matches WHERE name = '{match}'))"
    )


@dataclass(frozen=True)
class Damage:
    statements: tuple[str, ...]
    named: str  # what `check` says: the table and row
    shown: str | None = None  # what a command that shows the damaged row would print
    # the commands that read the row and must refuse (the rest may run, showing nothing of it)
    readers: frozenset[str] = frozenset()


HAND_READERS = frozenset(
    (
        "show",
        "show --all",
        "hands",
        "hands --all",
        "standings",
        "stats",
        "chart",
        "report",
        "export",
    )
)
MATCH_READERS = HAND_READERS | {"match list", "undo", "edit", "new hand"}
SOLO = "UPDATE settings SET value = '1' WHERE key = 'current_match'"
MONEY_READERS = frozenset(("settle", "settle --all --json"))

DAMAGES: dict[str, Damage] = {
    "deleted player": Damage(
        ("DELETE FROM players WHERE name = 'Bob'",),
        "matches row 2: names player_b 4, who is not in the ledger (a deleted player)",
        readers=MATCH_READERS,
    ),
    "bad date_order": Damage(
        ("INSERT INTO settings VALUES ('date_order', 'xyz')",),
        "settings row date_order: holds 'xyz', not one of dmy, mdy, ymd",
        "xyz",
        frozenset({"config"}),
    ),
    "unknown setting": Damage(
        ("INSERT INTO settings VALUES ('colour', 'red')",),
        "settings row 'colour': is not a setting gintally knows",
        "colour",
    ),
    "date out of range": Damage(
        (f"UPDATE hands SET date = '9999-12-31' WHERE {hand(2)}",),
        "hands row 4: has the date '9999-12-31', out of range (1900-01-01 to 2999-12-31)",
        "9999",
        HAND_READERS,
    ),
    "date as a number": Damage(
        (f"UPDATE hands SET date = 20250103 WHERE {hand(2)}",),
        "hands row 4: has no readable date ('20250103')",
        "20250103",
        HAND_READERS,
    ),
    "date before 1900": Damage(
        (f"UPDATE hands SET date = '1066-10-14' WHERE {hand(2)}",),
        "hands row 4: has the date '1066-10-14', out of range (1900-01-01 to 2999-12-31)",
        "1066",
        HAND_READERS,
    ),
    "bad season start": Damage(
        ("UPDATE matches SET season_start = '13-45' WHERE name = 'Kitchen'",),
        "matches row 2: holds the season start '13-45', not MM-DD (a day every year has)",
        "13-45",
        MATCH_READERS,
    ),
    "duplicate hand number": Damage(
        (f"UPDATE hands SET number = 2 WHERE {hand(4)}",),
        "hands row 7: has hand number 2, the number of another hand of its match "
        "(hand 2, hands row 4)",
        readers=HAND_READERS,
    ),
    "control characters in a name": Damage(
        ("UPDATE players SET name = 'Ann' || char(27) || '[2J' || char(7) WHERE name = 'Ann'",),
        "players row 3: holds the name 'Ann\\x1b[2J\\x07', with a control or invisible character",
        "\x1b",
        MATCH_READERS,
    ),
    "garbage cards": Damage(
        (f"UPDATE hands SET knocker_cards = 'ZZ QQ' WHERE {hand(3)}",),
        "hands row 5: holds knocker_cards 'ZZ QQ', not cards",
        "ZZ",
        HAND_READERS,
    ),
    "garbage layoffs": Damage(
        (f"UPDATE hands SET layoffs = '7X 4S' WHERE {hand(3)}",),
        "hands row 5: holds layoffs '7X 4S', not cards",
        "7X",
        HAND_READERS,
    ),
    "garbage upcard": Damage(
        (f"UPDATE hands SET upcard = '5Z' WHERE {hand(3)}",),
        "hands row 5: holds upcard '5Z', not a card",
        "5Z",
        HAND_READERS,
    ),
    "garbage piles": Damage(
        (f"""UPDATE hands SET extras = '{{"piles":"9,9,9,9"}}' WHERE {hand(2, "Solo")}""", SOLO),
        "match 'Solo' hand 2: its extras do not read: piles: the S pile has 9 cards",
        "9,9,9,9",
        # a replay (show --all too: its games, folded) neither reads nor prints the piles
        HAND_READERS - {"show", "show --all", "standings", "stats"},
    ),
    "negative deadwood": Damage(
        (f"UPDATE hands SET defender_deadwood = -5 WHERE {hand(4)}",),
        "hands row 7: holds defender_deadwood -5, not a count",
        "-5",
        HAND_READERS,
    ),
    "nonsense kind": Damage(
        (f"UPDATE hands SET kind = 'zzz' WHERE {hand(2)}",),
        "hands row 4: holds the unknown kind 'zzz'",
        "zzz",
        HAND_READERS,
    ),
    "nonsense claim": Damage(
        (f"UPDATE hands SET claim = 'zzz' WHERE {hand(2)}",),
        "hands row 4: holds the unknown claim 'zzz'",
        "zzz",
        HAND_READERS,
    ),
    "unknown winner": Damage(
        (f"UPDATE hands SET winner = 99 WHERE {hand(2)}",),
        "hands row 4: names winner player 99, who does not play in its match",
        readers=HAND_READERS,
    ),
    "unknown dealer": Damage(
        (f"UPDATE hands SET dealer = 99 WHERE {hand(2)}",),
        "hands row 4: names dealer player 99, who does not play in its match",
        readers=HAND_READERS,
    ),
    "orphan correction": Damage(
        (
            "INSERT INTO corrections(hand_id, action, reason, created_at) "
            "VALUES (999, 'void', NULL, '2025-01-01T00:00:00+00:00')",
        ),
        "corrections row 3: is a void of hand key 999, which is not in the ledger",
        "999",
    ),
    "points beyond any hand": Damage(
        (f"UPDATE hands SET points = 1000000000000 WHERE {hand(2)}",),
        "hands row 4: holds points 1000000000000, negative or more than any hand scores",
        "1000000000000",
        HAND_READERS,
    ),
    "points beyond the match's rules": Damage(
        (f"UPDATE hands SET points = 5000 WHERE {hand(2)}",),
        "match 'Kitchen' hand 2: stored gin 5000 but it scores gin 37",
        "5000",
        HAND_READERS,
    ),
    "negative points": Damage(
        (f"UPDATE hands SET points = -50 WHERE {hand(2)}",),
        "hands row 4: holds points -50, negative or more than any hand scores",
        "-50",
        HAND_READERS,
    ),
    # issue 33 item 5: identities, stakes and payments
    "hand uid NULL": Damage(
        (f"UPDATE hands SET uid = NULL WHERE {hand(2)}",),
        "hands row 4: holds the uid NULL, not an identity (32 hex digits)",
    ),
    "hand uid not a uid": Damage(
        (f"UPDATE hands SET uid = 'not-a-uid' WHERE {hand(2)}",),
        "hands row 4: holds the uid 'not-a-uid', not an identity (32 hex digits)",
    ),
    "player uid NULL": Damage(
        ("UPDATE players SET uid = NULL WHERE name = 'Ann'",),
        "players row 3: holds the uid NULL, not an identity (32 hex digits)",
    ),
    "player uid not a uid": Damage(
        ("UPDATE players SET uid = 'not-a-uid' WHERE name = 'Ann'",),
        "players row 3: holds the uid 'not-a-uid', not an identity (32 hex digits)",
    ),
    "two hands with one uid": Damage(
        (
            "DROP INDEX hands_uid",
            f"UPDATE hands SET uid = (SELECT uid FROM hands WHERE id = 3) WHERE {hand(2)}",
        ),
        "hands row 4: has the uid of another hand (hands row 3)",
    ),
    "negative stake": Damage(
        ("UPDATE stakes SET amount = '-0.10'",),
        "stakes row 1: holds the amount '-0.10', not an amount of money",
        "-0.10",
        MONEY_READERS | {"stats"},
    ),
    "NaN stake": Damage(
        ("UPDATE stakes SET amount = 'NaN'",),
        "stakes row 1: holds the amount 'NaN', not an amount of money",
        "NaN",
        MONEY_READERS | {"stats"},
    ),
    "currency with an escape": Damage(
        ("UPDATE stakes SET currency = char(27) || '[31m$'",),
        "stakes row 1: holds the currency '\\x1b[31m$', not a currency",
        "\x1b",
        MONEY_READERS | {"stats"},
    ),
    "negative payment": Damage(
        ("UPDATE payments SET amount = '-1.50'",),
        "payments row 1: holds the amount '-1.50', not an amount of money above zero",
        "-1.50",
        MONEY_READERS,
    ),
    "payment dated 2999": Damage(
        ("UPDATE payments SET date = '2999-01-01'",),
        "payments row 1: holds the date '2999-01-01', out of range (1900-01-01 to ",
        "2999",
        MONEY_READERS,
    ),
    "payment to a player of another match": Damage(
        ("UPDATE payments SET to_player = (SELECT id FROM players WHERE name = 'Cy')",),
        "payments row 1: names to_player player 1, who does not play in its match",
        readers=MONEY_READERS,
    ),
    "void reason with an escape": Damage(
        ("UPDATE corrections SET reason = 'oops' || char(27) || '[2J' WHERE action = 'void'",),
        "corrections row 2: holds the reason 'oops\\x1b[2J', with a control character",
        "\x1b",  # shown escaped by `hands --all`, never raw
    ),
    "payment note with an escape": Damage(
        ("UPDATE payments SET note = 'paid' || char(27) || '[2J'",),
        "payments row 1: holds the note 'paid\\x1b[2J', with a control character",
        "\x1b",
        MONEY_READERS,
    ),
}

COMMANDS: dict[str, tuple[str, ...]] = {
    "show": ("show",),
    "show --all": ("show", "--all"),
    "hands": ("hands",),
    "hands --all": ("hands", "--all"),
    "standings": ("standings",),
    "stats": ("stats",),
    "chart": ("chart",),
    "report": ("report", "--html", "{out}"),
    "export": ("export",),
    "match list": ("match", "list"),
    "undo": ("undo",),
    "edit": ("edit", "2", "--note", "checked"),
    "new hand": ("score", "{player}", "10"),
    "config": ("config",),
    "settle": ("settle",),
    "settle --all --json": ("settle", "--all", "--json"),
}
WRITES = ("undo", "edit", "new hand")
SAVED_BUT = "Warning: the change was saved, but the ledger is damaged: "


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Every damaged ledger of `DAMAGES`, made once for the module."""
    folder = tmp_path_factory.mktemp("damaged")
    base = folder / "base.db"
    runner = CliRunner()
    for args in BUILD:
        done = runner.invoke(app, list(args), env={"GINTALLY_DB": str(base)})
        assert (done.exit_code, done.stderr) == (0, ""), (args, done.output)
    made = {}
    for name, damage in DAMAGES.items():
        db = folder / f"{name.replace(' ', '-')}.db"
        shutil.copyfile(base, db)
        unguarded(db, *damage.statements)
        made[name] = db
    yield made


def run(db: Path, args: tuple[str, ...]) -> tuple[int, str, str]:
    result = CliRunner().invoke(
        app, list(args), env={"GINTALLY_DB": str(db), "COLUMNS": "100", "NO_COLOR": "1"}
    )
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("kind", list(DAMAGES))
def test_no_command_shows_a_damaged_row_as_valid(
    damaged: dict[str, Path], tmp_path: Path, kind: str, command: str
) -> None:
    damage = DAMAGES[kind]
    db = tmp_path / "ledger.db"
    shutil.copyfile(damaged[kind], db)
    out = tmp_path / "page.html"
    player = "Cy" if SOLO in damage.statements else "Ann"
    args = tuple(a.format(out=out, player=player) for a in COMMANDS[command])
    code, stdout, stderr = run(db, args)
    said = stdout + stderr
    assert "Traceback" not in said and "unexpected" not in said, said
    if code == 0:
        assert command not in damage.readers, (code, stdout, stderr)
        if damage.shown is not None:  # (a hand's uid is random hex: '999' may be in one)
            assert damage.shown not in re.sub(r"\b[0-9a-f]{32}\b", "<uid>", stdout), stdout
        assert stderr == "" or (command in WRITES and stderr.startswith(SAVED_BUT)), stderr
    else:
        assert (code, stderr.count("\n")) == (1, 1), (code, stderr)
        assert stderr.startswith("Error: the ledger is damaged: "), stderr
        assert "run 'gintally check'" in stderr, stderr
        assert "\x1b" not in stderr and "\x07" not in stderr  # a damaged name made visible
        assert not out.exists()
        if damage.shown is not None:  # a log streamed before the refusal stops short of it
            assert damage.shown not in stdout, stdout


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_check_names_every_kind_of_damage_by_table_and_row(
    damaged: dict[str, Path], tmp_path: Path, kind: str
) -> None:
    db = tmp_path / "ledger.db"
    shutil.copyfile(damaged[kind], db)
    code, stdout, stderr = run(db, ("check",))
    assert (code, stderr) == (1, "")
    problems = [line.removeprefix("problem: ") for line in stdout.splitlines()[:-1]]
    assert any(p.startswith(DAMAGES[kind].named) for p in problems), problems
    assert "\x1b" not in stdout
