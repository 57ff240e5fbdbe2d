"""The ledger: a SQLite file of facts (players, matches, hands, corrections) and nothing derived.

Schema (created and changed only through the numbered migrations at the end of this module,
applied with `sqlite_utils.Migrations` whenever a ledger is opened):

- ``players(id, name, created_at)``: a person; ``name`` is unique without regard to case.
  Renaming changes the name, never the id, so a person's record is never split.
- ``matches(id, name, player_a, player_b, format, games, rolling, season_start, rules,
  first_dealer, created_at)``: two players, a scoring format with its options, and the full
  resolved rule set as versioned JSON (`RuleSet.to_json`), frozen at creation.
- ``hands(id, hand_id, match_id, date, claim, kind, winner, points, knocker, knocker_deadwood,
  defender_deadwood, knocker_cards, defender_cards, layoffs, upcard, dealer, note, created_at)``:
  append-only. Each row is one version of a hand: ``hand_id`` is the hand's public number (the
  ``id`` of its first version) and an edit appends a new version with the same ``hand_id``, so
  the hand keeps its place. ``claim`` is the command typed (knock, gin, big-gin, draw, score),
  ``kind`` what it turned out to be (a knock may be an undercut). The typed inputs are kept as
  typed; ``winner`` and ``points`` are computed when recorded. For a draw, ``knocker_deadwood``
  and ``defender_deadwood`` hold the two players' counts in match order.
- ``corrections(id, hand_id, action, replacement, reason, created_at)``: append-only; ``action``
  is ``void`` or ``replace`` (``replacement`` is then the new ``hands.id``).
- ``settings(key, value)``: preferences, such as the current match.
- ``replay_marks(match_id, cut_date, cut_hand, games, dealer, season, finished, hands_row,
  corrections_row)``: a disposable cache, not a fact. It remembers one quiet point of a match
  (`formats.Mark`: no game open after the hand at the cut) so that showing the games replays only
  the hands after it. It is trusted only while no hand row or correction written since it was
  taken (ids above ``hands_row`` / ``corrections_row``) touches a hand at or before the cut;
  otherwise it is ignored and the match is replayed whole. Deleting the table loses nothing.

A hand is live when it has no ``void`` correction; its live version is its newest row. Live
hands are ordered by (date, hand_id): a back-dated hand takes its place by date. No running
total is stored anywhere: games and standings are replayed from the live hands (`formats`).

Every write is one ``BEGIN IMMEDIATE`` transaction (taken up front, so two processes queue for
the write lock instead of failing mid-way); the file is in WAL mode with a busy timeout, so
concurrent gintally processes never lose a hand. A new ledger is built beside its final name and
linked into place, so no process ever sees a half-made file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from gintally.errors import GintallyError, LedgerError, NotFoundError
from gintally.formats import Format, Mark
from gintally.rules import RuleSet

APPLICATION_ID = 0x47494E54  # "GINT" in the SQLite header, so foreign files are recognised
MIGRATION_SET = "gintally"
BUSY_TIMEOUT_S = 30.0
SQLITE_MAGIC = b"SQLite format 3\x00"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True)
class Match:
    """A match as stored: two players, a format and its frozen rule set."""

    id: int
    name: str
    players: tuple[Player, Player]
    format: Format
    rules: RuleSet
    first_dealer: int | None  # player id
    created_at: str

    def index_of(self, player_id: int | None) -> int | None:
        """0 or 1 for a player of this match (None for None)."""
        if player_id is None:
            return None
        return 0 if self.players[0].id == player_id else 1

    def player(self, name: str) -> Player:
        """A player of this match by name, case-insensitively."""
        for p in self.players:
            if p.name.casefold() == name.strip().casefold():
                return p
        names = " and ".join(p.name for p in self.players)
        raise NotFoundError(f"{name!r} does not play in match {self.name!r} ({names} do)")


@dataclass(frozen=True)
class HandRecord:
    """One hand: the inputs as typed and the computed result. `id` is the public hand number."""

    date: date
    claim: str
    kind: str
    winner: int | None
    points: int
    knocker: int | None = None
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None
    knocker_cards: str | None = None
    defender_cards: str | None = None
    layoffs: str | None = None
    upcard: str | None = None
    dealer: int | None = None
    note: str | None = None
    id: int = 0
    row: int = 0
    match_id: int = 0
    created_at: str = ""
    voided: bool = False
    versions: int = field(default=1, compare=False)
    void_reason: str | None = field(default=None, compare=False)


HAND_COLUMNS = (
    "date",
    "claim",
    "kind",
    "winner",
    "points",
    "knocker",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
    "layoffs",
    "upcard",
    "dealer",
    "note",
)


# --- opening -------------------------------------------------------------------------------------


def _header(path: Path) -> bytes:
    with path.open("rb") as f:
        return f.read(100)


def _inspect_file(path: Path) -> None:
    """Refuse, before SQLite touches it, a file that is not a whole SQLite database."""
    size = path.stat().st_size
    if size == 0:
        raise LedgerError(f"{path} is an empty file, not a gintally ledger")
    head = _header(path)
    if not head.startswith(SQLITE_MAGIC):
        raise LedgerError(f"{path} is not a gintally ledger (not a SQLite database)")
    if len(head) < 100:
        raise LedgerError(f"{path} is damaged: shorter than a SQLite header")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    header_valid = head[24:28] == head[92:96]
    # While a write-ahead log exists, another process may be part-way through copying it into
    # the file (the header already counts pages not yet written): SQLite reads that state
    # correctly, so only a file at rest is measured against its header.
    in_use = path.with_name(path.name + "-wal").exists()
    short = header_valid and pages * page_size > size and not in_use
    if page_size < 512 or size % page_size or short:
        raise LedgerError(
            f"{path} is damaged: the file is truncated (run 'gintally check', or restore a backup)"
        )


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(
        target, timeout=BUSY_TIMEOUT_S, isolation_level=None, uri=uri, check_same_thread=False
    )
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _translate(path: Path | str, e: sqlite3.Error) -> LedgerError:
    text = str(e)
    if "locked" in text or "busy" in text:
        return LedgerError(f"the ledger {path} is busy: another program holds it; try again")
    if "readonly" in text or "read-only" in text:
        return LedgerError(f"cannot write to {path}: the ledger is read-only")
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return LedgerError(f"{path} is damaged ({text}): run 'gintally check', or restore a backup")
    return LedgerError(f"cannot use the ledger {path}: {text}")


def _read_only(path: Path) -> bool:
    """True when the file's permission bits forbid writing (even to root, by our choice)."""
    mode = path.stat().st_mode
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


class Ledger:
    """An open ledger. Use `Ledger.open`; close it (or use it as a context manager)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | str, read_only: bool = False):
        self.conn = conn
        self.path = path
        self.read_only = read_only

    # --- lifecycle -----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], write: bool = True) -> Ledger:
        """Open (creating it on first use) and migrate a ledger; refuse foreign or newer files.

        `write=False` opens it for reading only: that works on a read-only file, never changes
        the file, and reads a file that does not exist as an empty ledger without creating it.
        """
        p = Path(path)
        if str(path) == ":memory:":
            conn = _connect(":memory:")
            ledger = cls(conn, ":memory:")
            ledger._migrate(new=True)
            return ledger
        if not write and not p.exists():  # nothing to read: an empty ledger, no file made
            ledger = cls(_connect(":memory:"), p)
            ledger._migrate(new=True)
            return ledger
        try:
            if not p.exists():
                _create(p)
            _inspect_file(p)
            read_only = _read_only(p)
            if read_only and write:
                raise LedgerError(f"cannot write to {p}: the ledger file is read-only")
            if read_only:
                conn = _connect(f"{p.resolve().as_uri()}?mode=ro", uri=True)
            else:
                conn = _connect(str(p))
        except OSError as e:
            raise LedgerError(f"cannot open the ledger {p}: {e.strerror or e}") from None
        except sqlite3.Error as e:
            raise _translate(p, e) from None
        ledger = cls(conn, p, read_only)
        try:
            ledger._recognise()
            if not read_only:
                ledger._migrate(new=False)
                if write:
                    ledger._ensure_wal()
        except sqlite3.Error as e:
            conn.close()
            raise _translate(p, e) from None
        except GintallyError:
            conn.close()
            raise
        return ledger

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _recognise(self) -> None:
        """Refuse a SQLite file of another application, or one written by a newer gintally."""
        app = self.conn.execute("PRAGMA application_id").fetchone()[0]
        tables = {
            r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if app != APPLICATION_ID and (app != 0 or tables):
            raise LedgerError(
                f"{self.path} is a SQLite database of another application, not a gintally ledger"
            )
        if app == APPLICATION_ID:
            applied = self._applied()
            unknown = [name for name in applied if name not in MIGRATION_NAMES]
            if unknown:
                raise LedgerError(
                    f"{self.path} was written by a newer gintally (schema "
                    f"{unknown[-1]}): upgrade gintally to use it"
                )

    def _ensure_wal(self) -> None:
        """Put the file in WAL mode if it is not (a backup copy comes out of VACUUM INTO in
        rollback mode): concurrent writers and readers then never block each other."""
        if self.conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            self.conn.execute("PRAGMA journal_mode = WAL")

    def _applied(self) -> list[str]:
        try:
            rows = self.conn.execute(
                "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
                [MIGRATION_SET],
            ).fetchall()
        except sqlite3.OperationalError:
            return []
        return [r[0] for r in rows]

    def _migrate(self, new: bool) -> None:
        """Apply pending migrations, in one write transaction (sqlite-utils is imported only
        when there is something to apply: opening an up-to-date ledger stays fast)."""
        if not new and len(self._applied()) == len(MIGRATION_NAMES):
            return
        import sqlite_utils

        db = sqlite_utils.Database(self.conn)
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS.apply(db)
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it lands, or none of it."""
        if self.read_only:
            raise LedgerError(f"cannot write to {self.path}: the ledger file is read-only")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise _translate(self.path, e) from None
        try:
            yield self.conn
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise _translate(self.path, e) from None

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, list(params)).fetchall()
        except sqlite3.Error as e:
            raise _translate(self.path, e) from None

    # --- settings ------------------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM settings WHERE key = ?", [key])
        return rows[0][0] if rows else None

    def _set(self, conn: sqlite3.Connection, key: str, value: str) -> None:
        conn.execute(
            "INSERT INTO settings(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [key, value],
        )

    # --- players -------------------------------------------------------------------------------

    def players(self) -> list[Player]:
        return [
            Player(r["id"], r["name"])
            for r in self._rows("SELECT id, name FROM players ORDER BY name COLLATE NOCASE")
        ]

    def player(self, name: str) -> Player:
        rows = self._rows(
            "SELECT id, name FROM players WHERE name = ? COLLATE NOCASE", [name.strip()]
        )
        if not rows:
            raise NotFoundError(f"unknown player {name!r}")
        return Player(rows[0]["id"], rows[0]["name"])

    def _player_or_new(self, conn: sqlite3.Connection, name: str) -> Player:
        clean = _clean_name(name, "player")
        row = conn.execute(
            "SELECT id, name FROM players WHERE name = ? COLLATE NOCASE", [clean]
        ).fetchone()
        if row:
            return Player(row["id"], row["name"])
        cur = conn.execute("INSERT INTO players(name, created_at) VALUES (?, ?)", [clean, _now()])
        return Player(int(cur.lastrowid or 0), clean)

    def rename_player(self, old: str, new: str) -> Player:
        clean = _clean_name(new, "player")
        with self.write() as conn:
            who = self.player(old)
            clash = conn.execute(
                "SELECT id FROM players WHERE name = ? COLLATE NOCASE AND id != ?", [clean, who.id]
            ).fetchone()
            if clash:
                raise GintallyError(f"there is already a player named {clean!r}")
            conn.execute("UPDATE players SET name = ? WHERE id = ?", [clean, who.id])
        return Player(who.id, clean)

    # --- matches -------------------------------------------------------------------------------

    def create_match(
        self,
        name: str,
        players: tuple[str, str],
        fmt: Format,
        rules: RuleSet,
        first_dealer: str | None = None,
    ) -> Match:
        clean = _clean_name(name, "match")
        if players[0].strip().casefold() == players[1].strip().casefold():
            raise GintallyError(f"a match needs two different players, not {players[0]!r} twice")
        if first_dealer is not None and first_dealer.strip().casefold() not in {
            p.strip().casefold() for p in players
        }:
            raise NotFoundError(f"the first dealer {first_dealer!r} is not one of the players")
        with self.write() as conn:
            if conn.execute(
                "SELECT 1 FROM matches WHERE name = ? COLLATE NOCASE", [clean]
            ).fetchone():
                raise GintallyError(f"there is already a match named {clean!r}")
            a = self._player_or_new(conn, players[0])
            b = self._player_or_new(conn, players[1])
            dealer = None
            if first_dealer is not None:
                dealer = a.id if first_dealer.strip().casefold() == a.name.casefold() else b.id
            cur = conn.execute(
                "INSERT INTO matches(name, player_a, player_b, format, games, rolling, "
                "season_start, rules, first_dealer, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                [
                    clean,
                    a.id,
                    b.id,
                    fmt.name,
                    fmt.games,
                    int(fmt.rolling),
                    fmt.season_start_text,
                    rules.to_json(),
                    dealer,
                    _now(),
                ],
            )
            match_id = int(cur.lastrowid or 0)
            self._set(conn, "current_match", str(match_id))
        return self.match_by_id(match_id)

    _MATCH_SQL = (
        "SELECT m.*, a.name AS a_name, b.name AS b_name FROM matches m "
        "JOIN players a ON a.id = m.player_a JOIN players b ON b.id = m.player_b"
    )

    def _match(self, row: sqlite3.Row) -> Match:
        try:
            rules = RuleSet.from_json(row["rules"])
            month, day = (int(x) for x in row["season_start"].split("-"))
            fmt = Format(row["format"], row["games"], bool(row["rolling"]), (month, day))
        except (GintallyError, ValueError) as e:
            raise LedgerError(f"match {row['name']!r} in {self.path} cannot be read: {e}") from None
        return Match(
            row["id"],
            row["name"],
            (Player(row["player_a"], row["a_name"]), Player(row["player_b"], row["b_name"])),
            fmt,
            rules,
            row["first_dealer"],
            row["created_at"],
        )

    def matches(self) -> list[Match]:
        return [self._match(r) for r in self._rows(self._MATCH_SQL + " ORDER BY m.id")]

    def match_by_id(self, match_id: int) -> Match:
        rows = self._rows(self._MATCH_SQL + " WHERE m.id = ?", [match_id])
        if not rows:
            raise NotFoundError(f"no match with id {match_id}")
        return self._match(rows[0])

    def match(self, name: str | None = None) -> Match:
        """A match by name (case-insensitive), or the current match: the one last created or
        chosen with `use_match`."""
        if name is not None:
            rows = self._rows(self._MATCH_SQL + " WHERE m.name = ? COLLATE NOCASE", [name.strip()])
            if not rows:
                raise NotFoundError(f"unknown match {name!r}")
            return self._match(rows[0])
        current = self.setting("current_match")
        rows = []
        if current is not None:
            rows = self._rows(self._MATCH_SQL + " WHERE m.id = ?", [int(current)])
        if not rows:
            rows = self._rows(self._MATCH_SQL + " ORDER BY m.id DESC LIMIT 1")
        if not rows:
            raise NotFoundError("there is no match yet: create one with 'gintally match new'")
        return self._match(rows[0])

    def use_match(self, name: str) -> Match:
        match = self.match(name)
        with self.write() as conn:
            self._set(conn, "current_match", str(match.id))
        return match

    def rename_match(self, old: str, new: str) -> Match:
        clean = _clean_name(new, "match")
        match = self.match(old)
        with self.write() as conn:
            if conn.execute(
                "SELECT 1 FROM matches WHERE name = ? COLLATE NOCASE AND id != ?", [clean, match.id]
            ).fetchone():
                raise GintallyError(f"there is already a match named {clean!r}")
            conn.execute("UPDATE matches SET name = ? WHERE id = ?", [clean, match.id])
        return replace(match, name=clean)

    # --- hands ---------------------------------------------------------------------------------

    def add_hand(self, match: Match, hand: HandRecord) -> HandRecord:
        """Append one hand; returns it with its public number."""
        return self.add_hands(match, [hand])[0]

    def add_hands(self, match: Match, hands: Iterable[HandRecord]) -> list[HandRecord]:
        """Append hands in one transaction (all or none)."""
        out = []
        with self.write() as conn:
            for hand in hands:
                out.append(self._insert(conn, match.id, hand, None))
        return out

    def _insert(
        self, conn: sqlite3.Connection, match_id: int, hand: HandRecord, hand_id: int | None
    ) -> HandRecord:
        values = [getattr(hand, c) for c in HAND_COLUMNS]
        values[0] = hand.date.isoformat()
        now = _now()
        cur = conn.execute(
            f"INSERT INTO hands(hand_id, match_id, {', '.join(HAND_COLUMNS)}, created_at) "
            f"VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 3))})",
            [hand_id or 0, match_id, *values, now],
        )
        row = int(cur.lastrowid or 0)
        if hand_id is None:
            hand_id = row
            conn.execute("UPDATE hands SET hand_id = ? WHERE id = ?", [row, row])
        return replace(hand, id=hand_id, row=row, match_id=match_id, created_at=now)

    _LIVE = (
        "SELECT h.* FROM hands h WHERE h.match_id = ? "
        "AND h.id = (SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id) "
        "AND NOT EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
        "AND c.action = 'void')"
    )

    def _live(
        self,
        columns: str,
        match: Match,
        after: tuple[date, int] | None = None,
        since: date | None = None,
        until: date | None = None,
    ) -> tuple[str, list[Any]]:
        """The query of a match's live hands in play order, after a cut (date, hand number)
        and within a date window ``[since, until)`` when given."""
        sql = f"SELECT {columns} FROM hands h " + self._LIVE[len("SELECT h.* FROM hands h ") :]
        params: list[Any] = [match.id]
        if after is not None:
            day = after[0].isoformat()
            sql += " AND h.date >= ? AND (h.date > ? OR h.hand_id > ?)"
            params += [day, day, after[1]]
        if since is not None:
            sql += " AND h.date >= ?"
            params.append(since.isoformat())
        if until is not None:
            sql += " AND h.date < ?"
            params.append(until.isoformat())
        return sql + " ORDER BY h.date, h.hand_id", params

    def live_hands(
        self, match: Match, since: date | None = None, until: date | None = None
    ) -> list[HandRecord]:
        """The match's live hands in play order (date, then number), in a date window
        ``[since, until)`` when given."""
        return [_record(r) for r in self._rows(*self._live("h.*", match, None, since, until))]

    def all_hands(self, match: Match) -> list[HandRecord]:
        """Every hand of the match, live or voided, each in its newest version."""
        rows = self._rows(
            "SELECT h.*, (SELECT count(*) FROM hands h3 WHERE h3.hand_id = h.hand_id) AS versions,"
            " EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
            "AND c.action = 'void') AS voided, (SELECT c.reason FROM corrections c "
            "WHERE c.hand_id = h.hand_id AND c.action = 'void' ORDER BY c.id DESC LIMIT 1) "
            "AS void_reason FROM hands h WHERE h.match_id = ? "
            "AND h.id = (SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id) "
            "ORDER BY h.date, h.hand_id",
            [match.id],
        )
        return [_record(r) for r in rows]

    def hand(self, hand_id: int) -> HandRecord:
        """A hand's newest version by its public number, voided or not."""
        if not 0 < hand_id < 2**63:
            raise NotFoundError(f"there is no hand {hand_id}")
        rows = self._rows(
            "SELECT h.*, EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
            "AND c.action = 'void') AS voided FROM hands h WHERE h.hand_id = ? "
            "ORDER BY h.id DESC LIMIT 1",
            [hand_id],
        )
        if not rows:
            raise NotFoundError(f"there is no hand {hand_id}")
        return _record(rows[0])

    def last_hand(self, match: Match) -> HandRecord | None:
        """The live hand entered last (whatever its date): what `undo` takes back."""
        rows = self._rows(self._LIVE + " ORDER BY h.hand_id DESC LIMIT 1", [match.id])
        return _record(rows[0]) if rows else None

    def live_hands_latest(self, match: Match, before: date | None = None) -> HandRecord | None:
        """The live hand played last (by date, then number), before a date when given."""
        sql, params = self._LIVE, [str(match.id)]
        if before is not None:
            sql += " AND h.date < ?"
            params.append(before.isoformat())
        rows = self._rows(sql + " ORDER BY h.date DESC, h.hand_id DESC LIMIT 1", params)
        return _record(rows[0]) if rows else None

    # --- replaying fast --------------------------------------------------------------------------

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Several reads that see one state of the file (a read transaction)."""
        if self.conn.in_transaction:
            yield
            return
        try:
            self.conn.execute("BEGIN")
        except sqlite3.Error as e:
            raise _translate(self.path, e) from None
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("COMMIT")

    def rows_seen(self) -> tuple[int, int]:
        """The newest hand row and correction ids: what a mark taken now has seen."""
        rows = self._rows(
            "SELECT (SELECT coalesce(max(id), 0) FROM hands), "
            "(SELECT coalesce(max(id), 0) FROM corrections)"
        )
        return int(rows[0][0]), int(rows[0][1])

    def plays(
        self,
        match: Match,
        after: tuple[date, int] | None = None,
        since: date | None = None,
        until: date | None = None,
    ) -> list[tuple[int, str, str, int | None, int, int | None]]:
        """Live hands in play order as light rows (number, date, kind, winner, points, dealer):
        what a replay reads. `after` keeps the hands after a mark's cut (date, hand number);
        `since` / `until` a date window ``[since, until)``."""
        sql, params = self._live(
            "h.hand_id, h.date, h.kind, h.winner, h.points, h.dealer", match, after, since, until
        )
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.Error as e:
            raise _translate(self.path, e) from None

    def mark(self, match: Match) -> Mark | None:
        """The match's remembered quiet point, if it is still true of the ledger."""
        try:
            row = self.conn.execute(
                "SELECT * FROM replay_marks WHERE match_id = ?", [match.id]
            ).fetchone()
            if row is None:
                return None
            cut = [row["cut_date"], row["cut_date"], row["cut_hand"]]
            touched = self.conn.execute(
                # Driven by the rows written since the mark (id ranges), never by the match's
                # hands: the unary + keeps SQLite off the match_id index.
                "SELECT EXISTS (SELECT 1 FROM hands n WHERE n.id > ? AND +n.match_id = ? AND "
                "  ((n.date < ? OR (n.date = ? AND n.hand_id <= ?)) OR EXISTS ("
                "   SELECT 1 FROM hands o WHERE o.hand_id = n.hand_id AND o.id <= ? AND "
                "   (o.date < ? OR (o.date = ? AND o.hand_id <= ?))))) "
                "OR EXISTS (SELECT 1 FROM corrections c CROSS JOIN hands o "
                "  ON o.hand_id = c.hand_id WHERE c.id > ? AND +o.match_id = ? AND "
                "  (o.date < ? OR (o.date = ? AND o.hand_id <= ?)))",
                [
                    row["hands_row"],
                    match.id,
                    *cut,
                    row["hands_row"],
                    *cut,
                    row["corrections_row"],
                    match.id,
                    *cut,
                ],
            ).fetchone()[0]
        except sqlite3.OperationalError:
            return None  # a ledger opened read-only before its marks table existed
        except sqlite3.Error as e:
            raise _translate(self.path, e) from None
        if touched:
            return None
        return Mark(
            date.fromisoformat(row["cut_date"]),
            row["cut_hand"],
            row["games"],
            row["dealer"],
            row["season"],
            row["finished"],
        )

    def remember_mark(self, match: Match, mark: Mark, seen: tuple[int, int]) -> None:
        """Keep a quiet point found by a replay that saw the ledger up to `seen`."""
        with self.write() as conn:
            conn.execute(
                "INSERT INTO replay_marks(match_id, cut_date, cut_hand, games, dealer, season, "
                "finished, hands_row, corrections_row) VALUES (?,?,?,?,?,?,?,?,?) "
                "ON CONFLICT(match_id) DO UPDATE SET cut_date = excluded.cut_date, "
                "cut_hand = excluded.cut_hand, games = excluded.games, "
                "dealer = excluded.dealer, season = excluded.season, "
                "finished = excluded.finished, hands_row = excluded.hands_row, "
                "corrections_row = excluded.corrections_row",
                [
                    match.id,
                    mark.cut_date.isoformat(),
                    mark.cut_hand,
                    mark.games,
                    mark.dealer,
                    mark.season,
                    mark.finished,
                    *seen,
                ],
            )

    def hand_count(self) -> int:
        return int(self._rows("SELECT count(*) FROM hands")[0][0])

    def void(self, hand_id: int, reason: str | None = None) -> HandRecord:
        """Void a hand (it stays in the ledger as history)."""
        with self.write() as conn:
            hand = self.hand(hand_id)
            if hand.voided:
                raise GintallyError(f"hand {hand_id} is already void")
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at) VALUES (?, 'void', NULL, ?, ?)",
                [hand_id, reason, _now()],
            )
        return replace(hand, voided=True)

    def replace_hand(self, hand_id: int, new: HandRecord, reason: str | None = None) -> HandRecord:
        """Replace a hand by a new version that keeps its number and its place."""
        with self.write() as conn:
            old = self.hand(hand_id)
            if old.voided:
                raise GintallyError(f"hand {hand_id} is void: it cannot be edited")
            stored = self._insert(conn, old.match_id, new, hand_id)
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at) VALUES (?, 'replace', ?, ?, ?)",
                [hand_id, stored.row, reason, _now()],
            )
        return stored

    def corrections(self, match: Match) -> list[dict[str, Any]]:
        rows = self._rows(
            "SELECT c.* FROM corrections c WHERE c.hand_id IN "
            "(SELECT hand_id FROM hands WHERE match_id = ?) ORDER BY c.id",
            [match.id],
        )
        return [dict(r) for r in rows]

    # --- safety --------------------------------------------------------------------------------

    def backup(self, target: str | os.PathLike[str]) -> Path:
        """A consistent copy of the ledger, taken online (``VACUUM INTO``)."""
        out = Path(target)
        if out.exists():
            raise GintallyError(f"{out} already exists: choose a new file for the backup")
        if not out.parent.is_dir():
            raise GintallyError(f"cannot back up to {out}: there is no folder {out.parent}")
        try:
            self.conn.execute("VACUUM INTO ?", [str(out)])
        except sqlite3.Error as e:
            raise LedgerError(f"cannot back up to {out}: {e}") from None
        return out

    def integrity_problems(self) -> list[str]:
        """What SQLite itself finds wrong: integrity and foreign keys."""
        problems = []
        rows = self._rows("PRAGMA integrity_check")
        problems += [f"integrity: {r[0]}" for r in rows if r[0] != "ok"]
        for r in self._rows("PRAGMA foreign_key_check"):
            problems.append(f"foreign key: {r[0]} row {r[1]} points to a missing {r[2]}")
        return problems


def _record(row: sqlite3.Row) -> HandRecord:
    keys = row.keys()
    return HandRecord(
        date=date.fromisoformat(row["date"]),
        **{c: row[c] for c in HAND_COLUMNS[1:]},
        id=row["hand_id"],
        row=row["id"],
        match_id=row["match_id"],
        created_at=row["created_at"],
        voided=bool(row["voided"]) if "voided" in keys else False,
        versions=row["versions"] if "versions" in keys else 1,
        void_reason=row["void_reason"] if "void_reason" in keys else None,
    )


def _clean_name(name: str, what: str) -> str:
    clean = " ".join(str(name).split())
    if not clean:
        raise GintallyError(f"a {what} needs a name")
    if len(clean) > 60:
        raise GintallyError(f"a {what} name may be 60 characters at most: {clean[:20]!r}...")
    return clean


def _create(path: Path) -> None:
    """Build a new ledger beside `path` and link it into place: no half-made file is ever seen,
    and when two processes race to create it, one wins and the other uses its file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        conn = _connect(str(tmp))
        conn.execute("PRAGMA journal_mode = WAL")
        Ledger(conn, tmp)._migrate(new=True)
        conn.close()
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()


# --- migrations (append only: never edit one that has shipped) ----------------------------------

MIGRATION_NAMES = ("m001_initial", "m002_replay_marks")


def _migrations() -> Any:
    from sqlite_utils import Migrations

    migrations = Migrations(MIGRATION_SET)

    @migrations(name="m001_initial")
    def m001_initial(db: Any) -> None:
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("""
            CREATE TABLE players (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                created_at TEXT NOT NULL
            )""")
        db.execute("CREATE UNIQUE INDEX players_name ON players(name COLLATE NOCASE)")
        db.execute("""
            CREATE TABLE matches (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                player_a INTEGER NOT NULL REFERENCES players(id),
                player_b INTEGER NOT NULL REFERENCES players(id),
                format TEXT NOT NULL,
                games INTEGER NOT NULL,
                rolling INTEGER NOT NULL,
                season_start TEXT NOT NULL,
                rules TEXT NOT NULL,
                first_dealer INTEGER REFERENCES players(id),
                created_at TEXT NOT NULL
            )""")
        db.execute("CREATE UNIQUE INDEX matches_name ON matches(name COLLATE NOCASE)")
        db.execute("""
            CREATE TABLE hands (
                id INTEGER PRIMARY KEY,
                hand_id INTEGER NOT NULL,
                match_id INTEGER NOT NULL REFERENCES matches(id),
                date TEXT NOT NULL,
                claim TEXT NOT NULL,
                kind TEXT NOT NULL,
                winner INTEGER REFERENCES players(id),
                points INTEGER NOT NULL CHECK (points >= 0),
                knocker INTEGER REFERENCES players(id),
                knocker_deadwood INTEGER,
                defender_deadwood INTEGER,
                knocker_cards TEXT,
                defender_cards TEXT,
                layoffs TEXT,
                upcard TEXT,
                dealer INTEGER REFERENCES players(id),
                note TEXT,
                created_at TEXT NOT NULL
            )""")
        db.execute("CREATE INDEX hands_play_order ON hands(match_id, date, hand_id)")
        db.execute("CREATE INDEX hands_versions ON hands(hand_id, id)")
        db.execute("""
            CREATE TABLE corrections (
                id INTEGER PRIMARY KEY,
                hand_id INTEGER NOT NULL,
                action TEXT NOT NULL CHECK (action IN ('void', 'replace')),
                replacement INTEGER REFERENCES hands(id),
                reason TEXT,
                created_at TEXT NOT NULL
            )""")
        db.execute("CREATE INDEX corrections_hand ON corrections(hand_id, action)")
        db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")

    @migrations(name="m002_replay_marks")
    def m002_replay_marks(db: Any) -> None:
        db.execute("""
            CREATE TABLE replay_marks (
                match_id INTEGER PRIMARY KEY REFERENCES matches(id),
                cut_date TEXT NOT NULL,
                cut_hand INTEGER NOT NULL,
                games INTEGER NOT NULL,
                dealer INTEGER,
                season TEXT NOT NULL,
                finished INTEGER NOT NULL,
                hands_row INTEGER NOT NULL,
                corrections_row INTEGER NOT NULL
            )""")

    return migrations


class _LazyMigrations:
    """`sqlite_utils.Migrations`, built on first use so that sqlite-utils is only imported when a
    ledger actually needs migrating."""

    _built: Any = None

    def apply(self, db: Any) -> None:
        if self._built is None:
            type(self)._built = _migrations()
        self._built.apply(db)


MIGRATIONS = _LazyMigrations()
