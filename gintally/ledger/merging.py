"""Merging another ledger into this one (``gintally merge OTHER.db``, SPEC section 10): its
players, matches, hands and corrections (and every fact table in `FACT_TABLES`) come in by
identity, in one write; the other file is only read.

Terminology
- other: the ledger merged in, opened read-only (a ``mode=ro`` URI: never written, never
  migrated). One that lacks a migration of this gintally is refused (open it once with this
  gintally to bring it up to date); one of a newer gintally or another application too; and
  it may not be the ledger itself.
- by identity: a fact whose uid is here is the same fact. A player whose uid is not here but
  whose name is (two devices that each met Ann) is the same person, and so is a match made on
  each device under one name with the same players, format and rules (two laptops that each
  began the book): each ledger keeps the uid it gave them. Everything else not here is added,
  with its uid and the time it was first recorded.
- conflict: the same identity with other facts (a match or player renamed on one side, a
  hand whose date, result, counts, players or note differ: not the cards it was typed with,
  which a hand that came by a CSV export lacks), or a different match of the same name on each
  side (other players, format or rules): every conflict is named and nothing is written.
- foreign input: the other file is checked before anything is read from it: every table a merge
  reads (`READ_TABLES`) must be there and be a plain table (``PRAGMA table_list``: no view, no
  virtual table, no generated column, so nothing of the other file's runs), and no value may be
  longer than `other.MAX_TEXT` characters; then every row it brings (a hand, an edit's new
  version, a correction, a payment, a price, the taking back of one) is checked as an import
  checks a row of a file (`other.Checks`, given by the caller: the import's own validators,
  which also refuse a value stored otherwise than an import would store it, such as an amount
  ``' 0.05'``; as an import remembers the rows it has read, each distinct date and each distinct
  rest of a row is checked once), every uid must be one gintally writes (`model.is_uid`), every
  name one it keeps (`people.clean_name`). A row naming a row the file does not hold (a player,
  a match, a hand, a payment taken back) is refused, never passed over; so is a version of a
  hand no correction made. A refusal names the other file and the row, never this ledger (a row
  this ledger's constraints refuse too, exit 2, not "run check"); nothing is written.
- streaming: the hands come `BATCH` at a time (their ids mapped by SQLite, one lookup of
  those here a batch, one insert statement a batch and shape), the guards of ``hands`` lifted
  and the rows written checked at once, as an import writes its rows: the memory of a merge
  does not grow with the other file.
- entry order: the hands of a match are numbered by their uids (`identity`: ordered by the
  time they were first recorded, `imports.renumber`), so two devices' hands take the same
  numbers whichever way they are merged; a hand's newest version is that of its edit (replace
  correction) with the greatest uid: an older edit coming in after a newer one here is kept
  as history, below it (a version row with a negative id, so the newest row is the newest
  edit, as every reader finds it).
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from gintally.engine.formats import Format
from gintally.engine.seasons import parse_season_start
from gintally.errors import GintallyError
from gintally.game.rules import RuleSet
from gintally.game.variants import Variant, variant_of
from gintally.ledger import files
from gintally.ledger.core import LedgerCore
from gintally.ledger.hands import hand_record
from gintally.ledger.history import version_row
from gintally.ledger.imports import (
    SHOWN_LIMIT,
    InsertShapes,
    Shape,
    drop_indexes,
    lift_guards,
    renumber,
)
from gintally.ledger.other import Checks, ForeignRow, OtherFile, bounded, open_other
from gintally.model import HAND_COLUMNS, fold, is_uid, shell_word


@dataclass(frozen=True)
class FactTable:
    """A table of facts merged row by row: every column but ``id`` is copied, those in `refs`
    mapped to this ledger's rows (``players`` or ``matches``). A row is the same row when its
    `key` columns are: its ``uid`` (then any other difference is a conflict), or, for a table
    whose rows have no identity, every fact it states."""

    name: str
    refs: Mapping[str, str] = field(default_factory=dict)
    key: tuple[str, ...] = ("uid",)
    # bookkeeping, not facts: what a row may hold otherwise on each side (a payment that came
    # by an export was written here later, after other hands)
    ignore: tuple[str, ...] = ()
    # the table whose row (by uid) a row of this one takes back (``payment_voids``: a payment)
    takes_back: str | None = None
    # the column that holds its match's last hand number here when the row is written (a
    # payment's ``after_hand``, what `undo` compares): this ledger's own, never the file's
    last_hand: str | None = None


# Fact tables beyond players, matches, hands and corrections, merged by `FactTable`'s rule, in
# this order (a table after those it refers to); one a ledger does not have is passed over
# (both ledgers have the same migrations). Stakes and payments (`m012_payments`): a payment and
# the void of one by uid, a match's price from a date by what it states.
FACT_TABLES: tuple[FactTable, ...] = (
    FactTable(
        "payments",
        {"match_id": "matches", "from_player": "players", "to_player": "players"},
        ignore=("after_hand", "created_at"),
        last_hand="after_hand",
    ),
    FactTable("payment_voids", takes_back="payments"),
    FactTable(
        "stakes",
        {"match_id": "matches"},
        key=(
            "match_id",
            "amount",
            "currency",
            "places",
            "from_date",
            "series_amount",
            "after_hand",
        ),
    ),
    FactTable("stake_voids", takes_back="stakes"),
)

# Every table of the other file a merge reads, each by its name (`_plain_tables`).
READ_TABLES = (
    "_sqlite_migrations",
    "players",
    "matches",
    "teams",
    "team_members",
    "hands",
    "corrections",
    *(t.name for t in FACT_TABLES),
)


BATCH = 2000  # rows of the other file's hands read, looked up and written at once
CACHE_ROWS = 50_000  # distinct dates and rows remembered as found sound (`ImportStream`'s)


# refuses (`GintallyError`) the hands of a match (its id) written after a row id: those of the
# row ids given that stand for all (`Imports.refuse_unguarded`), or None: every one
Unguarded = Callable[[sqlite3.Connection, int, int, list[int] | None], None]


_PEOPLE = ("winner", "knocker", "dealer")  # the hand columns that name a player
# What a hand's record may hold on one side only: the cards and the claim as typed, which an
# import of a CSV export (counts, no cards) does not carry. The facts of the hand (date, result,
# counts, players, note, the variant's values) must agree.
_TYPED = ("claim", "knocker_cards", "defender_cards", "layoffs")


def _differ(mine: list[Any], theirs: list[Any]) -> list[str]:
    """The hand columns (`HAND_COLUMNS`) in which two records of one hand disagree: not the
    typed cards (`_TYPED`), and in the extras only the keys both have (a Mahjong table's cards
    are on one side only when it came by a CSV export)."""
    out = []
    for c, a, b in zip(HAND_COLUMNS, mine, theirs, strict=True):
        if a == b or c in _TYPED:
            continue
        if c == "extras":
            try:
                ours, other = json.loads(a or "{}"), json.loads(b or "{}")
                if all(ours[k] == other[k] for k in ours.keys() & other.keys()):
                    continue
            except (TypeError, ValueError, AttributeError):
                pass  # extras that do not read differ (`check` names the damaged one)
        out.append(c)
    return out


# What two matches of one name, made apart with the same players, format and rules, may
# differ in and still be one match when the user says so (``merge --same-match NAME``).
APART = ("first dealer",)


class MergeConflict(GintallyError):
    """The two ledgers disagree on facts of one identity: nothing was merged."""


@dataclass
class Merged:
    """What a merge brought in: new facts by kind, and the hands that were already here."""

    other: str
    new: dict[str, int] = field(default_factory=dict)
    here: int = 0  # hands of the other ledger already here
    renumbered: list[str] = field(default_factory=list)  # matches whose hands took new numbers
    touched: list[int] = field(default_factory=list)  # our matches that gained hands or edits


def merge(
    ledger: LedgerCore,
    other: str | os.PathLike[str],
    checks: Checks | None = None,
    same: str | None = None,
    unguarded: Unguarded | None = None,
) -> Merged:
    """Bring in what `other` has and `ledger` lacks, by identity, in one write; refuse
    (`MergeConflict`, nothing written) when they disagree (`Ledger.merge`), and (`ForeignRow`)
    when a row of `other` is one an import would refuse (`checks`). `same`: the name of a
    match made apart on each side, with the same players, that the user says is one match
    (``merge --same-match NAME``): its hands come together, this ledger's first dealer
    stands. `unguarded` checks the hands a merge wrote into a match at once (row ids after
    the one given), the hands' guards lifted while they are written, as an import's are
    (`Imports.refuse_unguarded`)."""
    path = Path(other)
    src, in_use = open_other(path, ledger.path, READ_TABLES)
    try:
        src.execute("BEGIN")  # one state of the other file, whoever writes it meanwhile
        bounded(src, path, READ_TABLES[1:])  # the migrations' table holds no fact
        with ledger.write() as conn:
            run = _Merge(conn, src, path, checks, same, unguarded)
            try:
                run.run()
            except sqlite3.IntegrityError as e:  # a row of the other file this ledger refuses
                why = str(e).removeprefix("gintally: ")
                raise ForeignRow(
                    f"{path.name} holds a row this ledger refuses ({why}): nothing was merged"
                ) from None
            if run.conflicts:
                shown = "; ".join(run.conflicts[:4])
                more = len(run.conflicts) - 4
                raise MergeConflict(
                    f"{path.name} disagrees with this ledger in {len(run.conflicts)} "
                    f"place(s), nothing was merged: {shown}"
                    + (f" (and {more} more)" if more > 0 else "")
                )
            return run.merged
    except sqlite3.Error as e:
        raise files.translate(path, e) from None
    finally:
        src.close()
        in_use.release()


class _Merge:
    """One merge, inside the write: the other ledger's rows mapped to this one's."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        src: sqlite3.Connection,
        path: Path,
        checks: Checks | None = None,
        same: str | None = None,
        unguarded: Unguarded | None = None,
    ) -> None:
        self.conn, self.src, self.name, self.checks = conn, src, path.name, checks
        self.other = OtherFile(path.name, checks)  # how a row of the file is checked, refused
        self.unguarded = unguarded
        self.path = str(path)
        self.same = fold(same) if same is not None else None
        self.same_found = False  # whether the match `same` names was met on both sides
        self.merged = Merged(path.name)
        self.conflicts: list[str] = []
        self.players: dict[int, int] = {}  # the other's player id -> ours
        self.matches: dict[int, int] = {}  # the other's match id -> ours
        self.touched: set[int] = set()  # our matches that gained hands or corrections
        self.grown: set[int] = set()  # our matches that gained hands
        # our matches whose hands all came by this merge, numbered in the order of their uids
        # (`renumber` would move none of them)
        self.in_order: set[int] = set()
        self.variants: dict[int, Variant] = {}  # our match id -> its variant (`_variant`)
        # a row of the other file found here by what it states under another uid (a price set
        # alike on each device), by table: its uid there -> the uid here (`_facts`)
        self.aliases: dict[str, dict[str, str]] = {}

    @functools.cached_property
    def names(self) -> dict[int, str]:
        """Every player here by id, read once the file's players are merged (`_players`, the
        first step): what a payment's check and a conflict's message name them by."""
        return dict(self.conn.execute("SELECT id, name FROM players").fetchall())

    def run(self) -> None:
        self._players()
        if self.conflicts:  # the rest would be named by players that do not map
            return
        self._matches()
        if self.conflicts and not self.matches:  # its matches have no uids: none maps
            return
        if self.same is not None and not self.same_found:
            self.conflicts.append(
                f"--same-match: no match of that name was made apart here and there ({self.same!r})"
            )
            return
        self._hands()
        self._corrections()
        for table in FACT_TABLES:
            self._facts(table)
        if self.conflicts:
            return
        for match_id in sorted(self.grown - self.in_order):
            if renumber(self.conn, match_id):
                name = self.conn.execute("SELECT name FROM matches WHERE id = ?", [match_id])
                self.merged.renumbered.append(name.fetchone()[0])
        self.merged.touched = sorted(self.touched)
        for match_id in sorted(self.touched):
            self.conn.execute("DELETE FROM replay_marks WHERE match_id = ?", [match_id])
            self.conn.execute("DELETE FROM season_folds WHERE match_id = ?", [match_id])

    def _count(self, kind: str) -> None:
        self.merged.new[kind] = self.merged.new.get(kind, 0) + 1

    # --- each row as an import checks it ------------------------------------------------------

    def _check_hand(self, match_id: int, r: sqlite3.Row, number: int | None = None) -> None:
        """A hand row of the other file (or an edit's new version of hand `number`) read as
        this ledger reads a row (`hands.hand_record`), then checked as an import checks one."""
        for c in _PEOPLE:  # every player of the file maps to one here
            if r[c] is not None and r[c] not in self.players:
                raise self.other.nowhere(
                    f"hands row {r['id']} (hand {r['number']!r})", f"its {c} is player {r[c]!r}"
                )
        try:
            record = hand_record(r, variant=self._variant(match_id))
            if self.checks is not None:

                def ours(pid: int | None) -> int | None:
                    return None if pid is None else self.players.get(pid, -1)

                mapped = replace(
                    record,
                    match_id=match_id,
                    winner=ours(record.winner),
                    knocker=ours(record.knocker),
                    dealer=ours(record.dealer),
                )
                self.checks.hand(match_id, mapped)
        except GintallyError as e:
            where = self._describe(match_id, number if number is not None else r["number"])
            raise self.other.refused(where, e) from None

    def _variant(self, match_id: int) -> Variant:
        """The variant of a match here (whose rules are the other file's match's), which reads
        a hand's extras."""
        if match_id not in self.variants:
            rules = self.conn.execute("SELECT rules FROM matches WHERE id = ?", [match_id])
            self.variants[match_id] = variant_of(RuleSet.from_json(rules.fetchone()[0]))
        return self.variants[match_id]

    def _check_fact(self, table: str, values: Mapping[str, Any], row_id: int) -> None:
        """A payment or a price of the other file, or the taking back of one (row `row_id`),
        checked as an import checks one."""
        if self.checks is None:
            return
        if table not in ("payments", "stakes"):
            try:
                self.checks.taken_back(values)
            except GintallyError as e:
                raise self.other.refused(f"{table} row {row_id}", e) from None
            return
        n = self.merged.new.get(table, 0) + 1
        try:
            if table == "stakes":
                self.checks.stake(
                    {
                        "amount": values["amount"],
                        "currency": values["currency"],
                        "places": values["places"],
                        "since": values["from_date"],
                        "series": values["series_amount"],
                        "uid": values["uid"],
                        "created_at": values["created_at"],
                        "after_hand_uid": values["after_hand"],
                    }
                )
                return
            names = self.names
            row = {
                "uid": values["uid"],
                "date": values["date"],
                "from": names.get(values["from_player"], ""),
                "to": names.get(values["to_player"], ""),
                "amount": values["amount"],
                "note": values["note"],
            }
            self.checks.payment(values["match_id"], n, row)
            try:
                self.checks.created(values["created_at"])
            except GintallyError as e:
                raise GintallyError(f"payment {n}: {e}") from None
        except GintallyError as e:
            match = self.conn.execute(
                "SELECT name FROM matches WHERE id = ?", [values["match_id"]]
            ).fetchone()
            where = f"match {match[0] if match else '?'}"
            if table == "stakes":
                where += f", price {n}"
            raise self.other.refused(where, e) from None

    def _refuse_unidentified(self, table: str) -> bool:
        n = self.src.execute(f"SELECT count(*) FROM {table} WHERE uid IS NULL").fetchone()[0]
        if n:
            self.conflicts.append(
                f"{n} of its {table} have no uid (written by another program than gintally), "
                "so they cannot be told apart from this ledger's"
            )
        return bool(n)

    # --- players and matches -------------------------------------------------------------------

    def _players(self) -> None:
        if self._refuse_unidentified("players"):
            return
        by_uid = {
            r["uid"]: (r["id"], r["name"]) for r in self.conn.execute("SELECT * FROM players")
        }
        by_name = {fold(name): (pid, name) for pid, name in by_uid.values()}
        for r in self.src.execute("SELECT id, uid, name, created_at FROM players ORDER BY id"):
            self.other.check_name(r["name"], f"player {r['id']}", "player")
            self.other.check_uid(r["uid"], f"player {r['id']}")
            self.other.check_created(r["created_at"], f"player {r['id']}")
            found = by_uid.get(r["uid"]) or by_name.get(fold(r["name"]))
            if found is None:
                cur = self.conn.execute(
                    "INSERT INTO players(name, created_at, uid) VALUES (?, ?, ?)",
                    [r["name"], r["created_at"], r["uid"]],
                )
                self.players[r["id"]] = int(cur.lastrowid or 0)
                by_name[fold(r["name"])] = (self.players[r["id"]], r["name"])
                self._count("players")
                continue
            if found[1] != r["name"]:
                self.conflicts.append(
                    f"player {found[1]!r} here is {r['name']!r} there: rename one "
                    "(gintally player rename) so both ledgers call them alike"
                )
            self.players[r["id"]] = found[0]

    def _teams(self, conn: sqlite3.Connection, match_id: int, people: Mapping[int, int]) -> Any:
        names = conn.execute(
            "SELECT side, name FROM teams WHERE match_id = ? ORDER BY side", [match_id]
        ).fetchall()
        members = conn.execute(
            "SELECT side, seat, player_id FROM team_members WHERE match_id = ? ORDER BY side, seat",
            [match_id],
        ).fetchall()
        return (
            tuple((r[0], r[1]) for r in names),
            tuple((r[0], r[1], people.get(r[2], -1)) for r in members),
        )

    def _match_facts(self, r: sqlite3.Row, people: Mapping[int, int]) -> dict[str, Any]:
        def who(pid: int | None) -> int | None:
            return None if pid is None else people.get(pid, -1)

        return {
            "players": (who(r["player_a"]), who(r["player_b"])),
            "format": (r["format"], r["games"], r["rolling"], r["season_start"]),
            "rules": json.loads(r["rules"]),
            "first dealer": who(r["first_dealer"]),
        }

    def _matches(self) -> None:
        if self._refuse_unidentified("matches"):
            return
        ours = {r[0]: r[0] for r in self.conn.execute("SELECT id FROM players")}
        for r in self.src.execute("SELECT * FROM matches ORDER BY id").fetchall():
            self._check_match(r)
            here = self.conn.execute("SELECT * FROM matches WHERE uid = ?", [r["uid"]]).fetchone()
            by_name = here is None
            if by_name:
                here = self.conn.execute(
                    "SELECT * FROM matches WHERE fold(name) = fold(?)", [r["name"]]
                ).fetchone()
            if here is None:
                self.matches[r["id"]] = self._add_match(r)
                continue
            self.matches[r["id"]] = here["id"]
            theirs = {
                "name": r["name"],
                **self._match_facts(r, self.players),
                "teams": self._teams(self.src, r["id"], self.players),
            }
            mine = {
                "name": here["name"],
                **self._match_facts(here, ours),
                "teams": self._teams(self.conn, here["id"], ours),
            }
            differ = [k for k in mine if mine[k] != theirs[k]]
            if fold(here["name"]) == self.same:
                self.same_found = True
            if by_name and all(k in APART for k in differ) and self._joined(r, here):
                differ = []  # one match, as the user says (or said in an earlier merge)
            if by_name and differ:  # made apart, and not alike: two matches
                self.conflicts.append(self._apart(here["name"], differ))
            elif differ:
                what = "named" if differ == ["name"] else f"with other {', '.join(differ)}"
                self.conflicts.append(
                    f"match {here['name']!r} is {what} there ({r['name']!r}): one of them was "
                    "changed since they parted"
                )

    def _check_match(self, r: sqlite3.Row) -> None:
        """A match of the other file read as this ledger reads one (its name, rules, format and
        season start), or refused naming the other file."""
        self.other.check_name(r["name"], f"match {r['id']}", "match")
        self.other.check_uid(r["uid"], f"match {r['name']!r}")
        self.other.check_created(r["created_at"], f"match {r['name']!r}")
        try:
            start = parse_season_start(str(r["season_start"]))
            RuleSet.from_json(r["rules"])
            Format(r["format"], r["games"], bool(r["rolling"]), start)
        except (GintallyError, ValueError, TypeError) as e:
            raise ForeignRow(
                f"{self.name}, match {r['name']!r}: it cannot be read ({e}); nothing was merged"
            ) from None

    def _joined(self, theirs: sqlite3.Row, here: sqlite3.Row) -> bool:
        """Whether a match made apart on each side is one: the user says so (`same`), or
        said so in an earlier merge (its first hand there is in this match here)."""
        if fold(here["name"]) == self.same:
            return True
        first = self.src.execute(
            "SELECT uid FROM hands WHERE match_id = ? AND id = hand_id ORDER BY id LIMIT 1",
            [theirs["id"]],
        ).fetchone()
        if first is None:
            return False
        found = self.conn.execute(
            "SELECT match_id FROM hands WHERE uid = ? AND id = hand_id", [first[0]]
        ).fetchone()
        return found is not None and found[0] == here["id"]

    def _apart(self, name: str, differ: list[str]) -> str:
        """Why a match of one name here and there is not taken for one: made apart with the
        same players (two devices that each began the book: ``--same-match`` makes them one),
        or a different match (other players, format or rules: they cannot be one)."""
        said = f"match {name!r} was made here and there apart (other {', '.join(differ)})"
        if all(k in APART for k in differ):
            return (
                f"{said}: if it is one book, gintally merge {shell_word(self.path)} "
                f"--same-match {shell_word(name)} brings its hands together (this ledger's "
                "first dealer stands)"
            )
        return (
            f"{said}: they cannot be one match; to keep both, rename this one (gintally match "
            f"rename {shell_word(name)} NEW) and merge again"
        )

    def _add_match(self, r: sqlite3.Row) -> int:
        people = self.players
        first = r["first_dealer"]
        for role in ("player_a", "player_b", "first_dealer"):
            if r[role] is not None and r[role] not in people:  # no such player in the file
                raise ForeignRow(
                    f"{self.name}, match {r['name']!r}: its {role.replace('_', ' ')} is player "
                    f"{r[role]!r}, who is not in the file; nothing was merged"
                )
        cur = self.conn.execute(
            "INSERT INTO matches(name, player_a, player_b, format, games, rolling, "
            "season_start, rules, first_dealer, created_at, uid) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [
                r["name"],
                people[r["player_a"]],
                people[r["player_b"]],
                r["format"],
                r["games"],
                r["rolling"],
                r["season_start"],
                r["rules"],
                None if first is None else people[first],
                r["created_at"],
                r["uid"],
            ],
        )
        match_id = int(cur.lastrowid or 0)
        for t in self.src.execute("SELECT * FROM teams WHERE match_id = ?", [r["id"]]):
            if t["name"] is not None:
                self.other.check_name(t["name"], f"match {r['name']}, team {t['side'] + 1}", "team")
            self.conn.execute(
                "INSERT INTO teams(match_id, side, name) VALUES (?, ?, ?)",
                [match_id, t["side"], t["name"]],
            )
        for t in self.src.execute("SELECT * FROM team_members WHERE match_id = ?", [r["id"]]):
            if t["player_id"] not in people:
                raise self.other.nowhere(
                    f"match {r['name']!r}, team {t['side']!r}",
                    f"its member is player {t['player_id']!r}",
                )
            self.conn.execute(
                "INSERT INTO team_members(match_id, side, seat, player_id) VALUES (?, ?, ?, ?)",
                [match_id, t["side"], t["seat"], people[t["player_id"]]],
            )
        self._count("matches")
        return match_id

    # --- hands and corrections -----------------------------------------------------------------

    def _facts(self, table: FactTable) -> None:
        """The rows of a fact table (`FACT_TABLES`), by their key."""
        known = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        if self.conn.execute(known, [table.name]).fetchone() is None:
            return
        if table.key == ("uid",) and self._refuse_unidentified(table.name):
            return
        maps = {"players": self.players, "matches": self.matches}
        columns = [
            r[1]
            for r in self.conn.execute(f"SELECT * FROM pragma_table_info('{table.name}')")
            if r[1] != "id"
        ]
        where = " AND ".join(f"{c} IS ?" for c in table.key)
        # A table whose rows are the same by what they state (a price) that gives each row a
        # uid: a row is found here by its uid first, and by what it states only in a row whose
        # uid the file does not hold, each such row once (a price taken back and set again is
        # two rows stating the same: both are the file's own).
        stated = table.key != ("uid",) and "uid" in columns
        theirs = set()
        if stated:
            theirs = {u for (u,) in self.src.execute(f"SELECT uid FROM {table.name}")}
        aliases = self.aliases.setdefault(table.name, {})
        taken_back = self.aliases.get(table.takes_back or "", {})
        for r in self.src.execute(f"SELECT rowid AS row_id, * FROM {table.name} ORDER BY rowid"):
            values = [
                r[c] if c not in table.refs or r[c] is None else maps[table.refs[c]].get(r[c])
                for c in columns
            ]
            uid = r["uid"]
            if uid in taken_back:  # it takes back a row found here under another uid
                uid = values[columns.index("uid")] = taken_back[uid]
                held = f"SELECT 1 FROM {table.name} WHERE uid = ?"
                if self.conn.execute(held, [uid]).fetchone():
                    continue  # taken back here too, as that row
            for c in table.refs:  # every player and match of the file maps to one here
                if r[c] is not None and values[columns.index(c)] is None:
                    kind = table.refs[c].removesuffix("es").removesuffix("s")
                    raise self.other.nowhere(
                        f"{table.name} row {r['row_id']}", f"its {c} is {kind} {r[c]!r}"
                    )
            if (
                table.takes_back is not None
                and not self.conn.execute(
                    f"SELECT 1 FROM {table.takes_back} WHERE uid = ?", [uid]
                ).fetchone()
            ):
                raise self.other.nowhere(
                    f"{table.name} row {r['row_id']}", f"it takes back {uid!r}"
                )
            if stated:
                here = self._stated(table, columns, values, theirs, aliases, where)
            else:
                here = self.conn.execute(
                    f"SELECT {', '.join(columns)} FROM {table.name} WHERE {where}",
                    [values[columns.index(c)] for c in table.key],
                ).fetchone()
            if here is None:
                self._check_fact(table.name, dict(zip(columns, values, strict=True)), r["row_id"])
                if table.last_hand is not None:  # written now, after every hand here
                    values[columns.index(table.last_hand)] = self.conn.execute(
                        "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?",
                        [values[columns.index("match_id")]],
                    ).fetchone()[0]
                self.conn.execute(
                    f"INSERT INTO {table.name}({', '.join(columns)}) "
                    f"VALUES ({', '.join('?' * len(columns))})",
                    values,
                )
                self._count(table.name)
            elif table.key == ("uid",) and (
                differ := [
                    c
                    for c, a, b in zip(columns, here, values, strict=True)
                    if a != b and c not in table.ignore
                ]
            ):
                self.conflicts.append(
                    f"{table.name} {r['uid'][:8]}... differs here and there ({', '.join(differ)})"
                )

    def _stated(
        self,
        table: FactTable,
        columns: list[str],
        values: list[Any],
        theirs: set[str],
        aliases: dict[str, str],
        where: str,
    ) -> Any:
        """The row here that is the file's row stating `values` (of a table whose rows are the
        same by what they state, each with a uid: `_facts`), or None: the one of its uid (a
        conflict when it states otherwise), else one stating the same whose uid the file does
        not hold and no other row of the file was found as (then an alias of it)."""
        uid = values[columns.index("uid")]
        same = self.conn.execute(
            f"SELECT {', '.join(columns)} FROM {table.name} WHERE uid = ?", [uid]
        ).fetchone()
        if same is not None:
            differ = [
                c
                for c, a, b in zip(columns, same, values, strict=True)
                if c in table.key and a != b
            ]
            if differ:
                self.conflicts.append(
                    f"{table.name} {uid[:8]}... differs here and there ({', '.join(differ)})"
                )
            return same
        found = set(aliases.values())
        for row in self.conn.execute(
            f"SELECT {', '.join(columns)} FROM {table.name} WHERE {where} ORDER BY rowid",
            [values[columns.index(c)] for c in table.key],
        ).fetchall():
            here = row[columns.index("uid")]
            if here not in theirs and here not in found:
                aliases[uid] = here
                return row
        return None

    def _values(self, r: sqlite3.Row) -> list[Any]:
        """A hand row's stored values (`HAND_COLUMNS`) with its players as ours."""
        return [
            (self.players.get(r[c], -1) if c in _PEOPLE and r[c] is not None else r[c])
            for c in HAND_COLUMNS
        ]

    def _describe(self, match_id: int, number: int | None = None) -> str:
        """Hand `number` of a match here, as a message names it (None: the match's name)."""
        row = self.conn.execute("SELECT name FROM matches WHERE id = ?", [match_id]).fetchone()
        name = row[0] if row else "?"
        return name if number is None else f"hand {number} of {name}"

    def _hands(self) -> None:
        """The hands of the other file (their first versions), `BATCH` rows at a time as they
        stream from it: those here already (by uid, one query a batch) compared, the others
        checked and written with one statement a batch and shape (`imports.InsertShapes`).
        Into a ledger without hands the indexes of ``hands`` are built once at the end, as an
        import builds them."""
        if self._refuse_unidentified("hands"):
            return
        self._refuse_stray_versions()
        conn = self.conn
        row_id = conn.execute("SELECT coalesce(max(id), 0) FROM hands").fetchone()[0]
        looked = bool(row_id)  # else nothing is here: no lookups, and no indexes until the end
        indexes = [] if looked else drop_indexes(conn, "hands")
        after = row_id
        guards = lift_guards(conn)  # the rows written are checked at once instead (`unguarded`)
        numbers: dict[int, int] = {}
        read = self.src.cursor()
        read.row_factory = None  # plain tuples: a Row looks names up one by one
        read.execute(self._hand_rows())
        shapes = InsertShapes()  # each row's match and time bound
        known: dict[tuple[Any, ...], Shape] = {}  # rows found sound, but the date -> shape
        days: set[str] = set()  # dates found sound
        last: dict[int, str] = {}  # a match without hands before: the uid of its last new hand
        # the rows that stand for all in the check of what was written (`unguarded`): the first
        # of each distinct date and of each distinct rest of a row, as an import keeps them
        shown: list[int] = []
        count = 0
        while batch := read.fetchmany(BATCH):
            here = self._here([r[3] for r in batch]) if looked else {}
            for r in batch:
                match_id = r[1]
                if match_id is None:  # every match of the file maps to one here
                    raise self._stray_hand(r[0])
                if not (type(r[3]) is str and is_uid(r[3])):
                    self.other.check_uid(r[3], f"hands row {r[0]} (hand {r[2]})")
                self.other.check_created(r[4], f"hands row {r[0]} (hand {r[2]})")
                values = r[6:]
                if here and r[3] in here:
                    self._compare(here[r[3]], r, values)
                    continue
                day = values[0]
                if day not in days:  # (only text is kept: 2024.0 is never found)
                    self._check_day(match_id, r, day)
                    if len(days) >= CACHE_ROWS:
                        days.clear()
                    if type(day) is str:
                        days.add(day)
                    shown.append(row_id + 1)
                key = (match_id, r[5], values[1:])
                shape = known.get(key)
                if shape is None:
                    self._check_hand(match_id, self._src_row(r[0]))
                    if len(known) >= CACHE_ROWS:
                        known.clear()
                    shape = known[key] = shapes.shape(values)
                    shown.append(row_id + 1)
                number = numbers.get(match_id)
                if number is None:
                    number = conn.execute(
                        "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?", [match_id]
                    ).fetchone()[0]
                    self.touched.add(match_id)
                    self.grown.add(match_id)
                    if number == 0:
                        last[match_id] = ""
                if last and match_id in last:
                    if type(r[3]) is str and r[3] > last[match_id]:
                        last[match_id] = r[3]
                    else:
                        del last[match_id]
                numbers[match_id] = number = number + 1
                row_id += 1
                count += 1
                shape[0].append((row_id, row_id, match_id, number, r[3], r[4], *shape[1](values)))
            self._flush(shapes)
        for sql in indexes:
            self._flush(shapes, sql)
        if self.unguarded is not None:
            stand = shown if len(shown) <= SHOWN_LIMIT else None  # else every row written
            for match_id in sorted(self.grown):
                try:
                    self.unguarded(conn, match_id, after, stand)
                except GintallyError as e:
                    raise self.other.refused("its hands", e) from None
        for sql in guards:
            conn.execute(sql)
        self.in_order = set(last)
        if count:
            self.merged.new["hands"] = self.merged.new.get("hands", 0) + count

    def _refuse_stray_versions(self) -> None:
        """A row of the other file's hands that is not a hand's first version is a version
        a correction of the file made (its replacement, of its hand): any other would be
        passed over."""
        stray = self.src.execute(
            "SELECT h.id, h.hand_id FROM main.hands h WHERE h.id IS NOT h.hand_id AND NOT EXISTS "
            "(SELECT 1 FROM main.corrections c WHERE c.replacement = h.id "
            "AND c.hand_id = h.hand_id) LIMIT 1"
        ).fetchone()
        if stray is not None:
            raise ForeignRow(
                f"{self.name}, hands row {stray[0]}: it is a version of hand row {stray[1]!r} "
                "that no correction of the file made; nothing was merged"
            )

    def _stray_hand(self, row_id: int) -> ForeignRow:
        found = self.src.execute("SELECT match_id, number FROM main.hands WHERE id = ?", [row_id])
        match_id, number = found.fetchone()
        return self.other.nowhere(
            f"hands row {row_id} (hand {number!r})", f"its match is {match_id!r}"
        )

    def _hand_rows(self) -> str:
        """The query of the other file's hands (first versions) `_hands` reads: id, match (ours,
        None for one in conflict), number, uid, created_at, the types of the values but the
        date ('' when none of them is a REAL, which alone compares equal to another type: an
        integer), and the `HAND_COLUMNS` values, their players ours (-1: not a player here).
        The ids are mapped by SQLite (temporary tables of the other file's connection, which
        stays read-only: the memory of a merge does not grow with the rows)."""
        src = self.src
        for kind, ids in (("players", self.players), ("matches", self.matches)):
            src.execute(f"CREATE TEMP TABLE merged_{kind}(theirs INTEGER PRIMARY KEY, ours)")
            src.executemany(f"INSERT INTO temp.merged_{kind} VALUES (?, ?)", ids.items())
        real = " OR ".join(f"typeof(h.{c}) = 'real'" for c in HAND_COLUMNS[1:])
        types = "''"
        if src.execute(f"SELECT 1 FROM main.hands h WHERE {real} LIMIT 1").fetchone():
            types = " || ".join(f"typeof(h.{c})" for c in HAND_COLUMNS[1:])
        values, joins = [], []
        for c in HAND_COLUMNS:
            if c in _PEOPLE:
                ours = f"coalesce(p_{c}.ours, -1)"
                values.append(f"CASE WHEN h.{c} IS NULL THEN NULL ELSE {ours} END")
                joins.append(f"LEFT JOIN temp.merged_players p_{c} ON p_{c}.theirs = h.{c}")
            else:
                values.append(f"h.{c}")
        return (
            f"SELECT h.id, m.ours, h.number, h.uid, h.created_at, {types}, {', '.join(values)} "
            "FROM main.hands h LEFT JOIN temp.merged_matches m ON m.theirs = h.match_id "
            f"{' '.join(joins)} WHERE h.id = h.hand_id ORDER BY h.id"
        )

    def _flush(self, shapes: InsertShapes, index: str | None = None) -> None:
        """Write the rows waiting (or build an index again), refusing a file that holds one
        hand's uid twice."""
        try:
            if index is None:
                shapes.flush(self.conn)
            else:
                self.conn.execute(index)
        except sqlite3.IntegrityError as e:
            if "uid" not in str(e):
                raise
            raise ForeignRow(
                f"{self.name} holds a hand twice: two of its hands carry the same uid; nothing "
                "was merged"
            ) from None

    def _here(self, uids: list[Any]) -> dict[Any, sqlite3.Row]:
        """The hands here (their first versions) of these uids, by uid."""
        columns = ", ".join(HAND_COLUMNS)
        rows = self.conn.execute(
            f"SELECT id, match_id, number, uid, {columns} FROM hands WHERE id = hand_id AND "
            "uid IN (SELECT value FROM json_each(?))",
            [json.dumps([u for u in uids if isinstance(u, str)])],
        )
        return {r["uid"]: r for r in rows}

    def _src_row(self, row_id: int) -> sqlite3.Row:
        row: sqlite3.Row = self.src.execute(
            "SELECT * FROM main.hands WHERE id = ?", [row_id]
        ).fetchone()
        return row

    def _compare(self, here: sqlite3.Row, r: tuple[Any, ...], values: tuple[Any, ...]) -> None:
        """A hand of the other file that is here (`r`: its id, match, number, uid...; `values`
        its `HAND_COLUMNS` with its players ours): a conflict when it is in another match, or
        when its facts differ as first recorded and as they stand now."""
        self.merged.here += 1
        theirs = self._src_row(r[0]) if here["match_id"] != r[1] else None
        if theirs is not None:
            self.conflicts.append(self._hand_conflict(here, theirs, [], []))
            return
        mine = [here[c] for c in HAND_COLUMNS]
        if _differ(mine, list(values)):  # first recorded otherwise: as they stand now?
            mine_now, theirs_now = self._current(here["id"], r[0])
            if _differ(mine_now, theirs_now):
                row = self._src_row(r[0])
                self.conflicts.append(self._hand_conflict(here, row, mine_now, theirs_now))

    def _check_day(
        self, match_id: int, r: Sequence[Any], day: Any, number: int | None = None
    ) -> None:
        """A hand's date, read as this ledger reads a stored one (ISO text) and checked as an
        import checks a date (the rest of the row is checked once for each distinct rest)."""
        try:
            try:
                reads = type(day) is str and date.fromisoformat(day).isoformat() == day
            except ValueError:  # ISO in form, not a day of the calendar (2026-02-30)
                reads = False
            if not reads:
                self._check_hand(match_id, self._src_row(r[0]))  # names what does not read
            elif self.checks is not None:
                self.checks.day(day)
        except ForeignRow:
            raise
        except GintallyError as e:
            where = self._describe(match_id, r[2] if number is None else number)
            raise self.other.refused(where, e) from None

    def _current(self, ours: int, theirs: int) -> tuple[list[Any], list[Any]]:
        """A hand's values as it stands now on each side (its newest version: the row of its
        latest edit, else the hand as first recorded). Two versions with the same current
        facts agree: a hand brought by a CSV export (its current facts, with the uid it was
        first recorded under) and the same hand edited to them here are one hand."""
        columns = ", ".join(HAND_COLUMNS)
        newest = f"SELECT {columns} FROM hands WHERE hand_id = ? ORDER BY id DESC LIMIT 1"
        mine = list(self.conn.execute(newest, [ours]).fetchone())
        other = self.src.execute(
            "SELECT * FROM hands WHERE hand_id = ? ORDER BY id DESC LIMIT 1", [theirs]
        ).fetchone()
        return mine, self._values(other)

    def _hand_conflict(
        self, here: sqlite3.Row, r: sqlite3.Row, mine: list[Any], theirs: list[Any]
    ) -> str:
        what = self._describe(here["match_id"], here["number"])
        if here["match_id"] != self.matches.get(r["match_id"]):
            return f"{what} (uid {r['uid'][:8]}...) is in another match there"
        names = self.names
        shown = []
        for c in _differ(mine, theirs):
            a, b = mine[HAND_COLUMNS.index(c)], theirs[HAND_COLUMNS.index(c)]
            a, b = (names.get(a, a), names.get(b, b)) if c in _PEOPLE else (a, b)
            shown.append(f"{c} {a!r} here, {b!r} there")
        return f"{what} (uid {r['uid'][:8]}...) differs: {', '.join(shown)}"

    def _corrections(self) -> None:
        if self._refuse_unidentified("corrections"):
            return
        columns = ", ".join(HAND_COLUMNS)
        none_here = self.conn.execute("SELECT 1 FROM corrections LIMIT 1").fetchone() is None
        known: set[tuple[Any, ...]] = set()  # new versions found sound, but the date
        # each with its hand's uid, which finds the hand here (merged, or here already)
        for c in self.src.execute(
            "SELECT c.*, h.uid AS hand_uid, h.number AS hand_number FROM corrections c "
            "LEFT JOIN hands h "
            "ON h.id = c.hand_id AND h.hand_id = c.hand_id ORDER BY c.uid"
        ):
            row = f"corrections row {c['id']}"
            if c["hand_uid"] is None:  # no first version of a hand
                raise self.other.nowhere(row, f"it is of hand row {c['hand_id']!r}")
            first = self.conn.execute(
                "SELECT id, match_id, number, uid FROM hands WHERE uid = ? AND id = hand_id",
                [c["hand_uid"]],
            ).fetchone()
            if first is None:
                continue  # its hand is not here: in conflict (named)
            hand_id = first["id"]
            where = f"{row} (hand {c['hand_number']} of {self._describe(first['match_id'])})"
            self.other.check_correction(c, where)
            replacement = None
            if c["replacement"] is not None:
                replacement = self.src.execute(
                    "SELECT * FROM hands WHERE id = ? AND hand_id = ?",
                    [c["replacement"], c["hand_id"]],
                ).fetchone()
            if replacement is not None:
                self.other.check_created(
                    replacement["created_at"], f"hands row {replacement['id']}"
                )
            if (replacement is None) == (c["action"] == "replace"):
                raise ForeignRow(
                    f"{self.name}, {where}: a {c['action']} with the new version "
                    f"{c['replacement']!r} (a replace names a version of its hand, a void or "
                    "a restore none); nothing was merged"
                )
            theirs = None if replacement is None else self._values(replacement)
            here = None
            if not none_here:
                here = self.conn.execute(
                    "SELECT * FROM corrections WHERE uid = ?", [c["uid"]]
                ).fetchone()
            if here is not None:
                mine = None
                if here["replacement"] is not None:
                    row = self.conn.execute(
                        f"SELECT {columns} FROM hands WHERE id = ?", [here["replacement"]]
                    ).fetchone()
                    mine = list(row)
                same = (here["hand_id"], here["action"], here["reason"], mine) == (
                    hand_id,
                    c["action"],
                    c["reason"],
                    theirs,
                )
                if not same:
                    first = self.conn.execute(
                        "SELECT match_id, number FROM hands WHERE id = ?", [hand_id]
                    ).fetchone()
                    self.conflicts.append(
                        f"the {c['action']} of {self._describe(first[0], first[1])} "
                        f"(uid {c['uid'][:8]}...) differs here and there"
                    )
                continue
            new_row = None
            if replacement is not None and theirs is not None:
                key = (first["match_id"], tuple(map(type, theirs)), tuple(theirs[1:]))
                if key in known:
                    self._check_day(first["match_id"], replacement, theirs[0], first["number"])
                else:
                    self._check_hand(first["match_id"], replacement, first["number"])
                    if len(known) >= CACHE_ROWS:
                        known.clear()
                    known.add(key)
            if theirs is not None and replacement is not None:
                new_row = version_row(self.conn, hand_id, c["uid"])
                self.conn.execute(
                    f"INSERT INTO hands(id, hand_id, match_id, number, uid, {columns}, "
                    f"created_at) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 6))})",
                    [
                        new_row,
                        hand_id,
                        first["match_id"],
                        first["number"],
                        first["uid"],
                        *theirs,
                        replacement["created_at"],
                    ],
                )
            self.conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, created_at, uid) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [hand_id, c["action"], new_row, c["reason"], c["created_at"], c["uid"]],
            )
            self.touched.add(first["match_id"])
            self._count("corrections")
