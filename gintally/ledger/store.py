"""The ledger store: one open SQLite ledger, its transactions and its queries.

Terminology
- ledger (`Ledger`): an open ledger file (see `schema` for its tables, `files` for the file).
- write: one ``BEGIN IMMEDIATE`` transaction (`Ledger.write`), taken up front so two processes
  queue for the write lock instead of failing mid-way; all of it lands, or none of it.
- snapshot: several reads that see one state of the file (`Ledger.snapshot`).
- hand number: a hand's public number in its match (`HandRecord.id`): 1, 2, 3... in the order
  the hands were entered; an edit keeps it, a correction uses none up. The ledger's own identity of
  a hand (``hand_id``, what corrections point at) is `HandRecord.key`.
- live hand: a hand with no ``void`` correction, in its newest version; live hands are played in
  (date, hand number) order.
- plays: the light rows a replay reads (`Ledger.plays`).

The file is in WAL mode with a busy timeout, so concurrent gintally processes never lose a hand.
This package is the only place that imports sqlite3 and sqlite-utils.
"""

from __future__ import annotations

import contextlib
import operator
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, TypeVar

from gintally import commits
from gintally.engine.formats import Format
from gintally.engine.replay import Mark
from gintally.errors import GintallyError, LedgerError, NotFoundError
from gintally.game.rules import RuleSet
from gintally.game.scoring import Kind
from gintally.ledger import files, lock, marks, schema
from gintally.model import HAND_COLUMNS, HandRecord, Match, Player, Team, fold, plain_text

T = TypeVar("T")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Ledger:
    """An open ledger. Use `Ledger.open`; close it (or use it as a context manager)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | str,
        read_only: bool = False,
        on_wait: Callable[[], None] | None = None,
    ):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self._writing = False  # inside `write`: a nested one joins it
        self._changes = False  # what the open `write` will report when it commits
        self.on_wait = on_wait  # told when a write waits more than a second for another one
        self._columns: frozenset[str] | None = None  # of the hands table, read on first use

    # --- lifecycle -----------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        write: bool = True,
        create: bool = True,
        make_folder: bool = True,
        on_wait: Callable[[], None] | None = None,
    ) -> Ledger:
        """Open (creating it on first use) and migrate a ledger; refuse foreign or newer files.

        `write=False` opens it for reading only: that works on a read-only file, never changes
        the file, and reads a file that does not exist as an empty ledger without creating it.
        `create=False` refuses a file that does not exist (``no ledger at PATH``) instead;
        `make_folder=False` refuses to create one in a folder that does not exist. `on_wait`
        is called when a write (or a migration) waits more than a second for another process.
        """
        p = Path(path)
        if str(path) == ":memory:":
            conn = files.connect(":memory:")
            schema.migrate(conn, new=True)
            return cls(conn, ":memory:")
        files.refuse_missing(p, create, make_folder)
        if not write and not p.exists():  # nothing to read: an empty ledger, no file made
            conn = files.connect(":memory:")
            schema.migrate(conn, new=True)
            return cls(conn, p)
        try:
            if not p.exists():
                files.create(p)
            files.inspect_file(p)
            why = files.read_only_reason(p)
            read_only = why is not None
            if why is not None and write:
                raise LedgerError(f"cannot write to {p}: {why}")
            conn = files.connect_read_only(p) if read_only else files.connect(str(p))
        except OSError as e:
            raise LedgerError(f"cannot open the ledger {p}: {e.strerror or e}") from None
        except sqlite3.Error as e:
            raise files.translate(p, e) from None
        ledger = cls(conn, p, read_only, on_wait)
        try:
            schema.recognise(conn, p)
            if not read_only:
                schema.migrate(conn, new=False, on_wait=on_wait)
                if write:
                    ledger._ensure_wal()
        except sqlite3.Error as e:
            conn.close()
            raise files.translate(p, e) from None
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

    def _ensure_wal(self) -> None:
        """Put the file in WAL mode if it is not (a backup copy comes out of VACUUM INTO in
        rollback mode): concurrent writers and readers then never block each other."""
        if self.conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            self.conn.execute("PRAGMA journal_mode = WAL")

    @contextlib.contextmanager
    def write(self, change: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it lands, or none of it. Its COMMIT is reported to
        `gintally.commits` (a `change` unless it only refreshes the cache), so the command line's
        exit code can tell whether the ledger changed.

        It takes the write lock first (BEGIN IMMEDIATE), so a read-modify-write inside it (edit,
        void, undo, rename, import) reads what no other process can change before it writes.
        Nested, it joins the transaction already open: the outermost one commits."""
        if self._writing:
            self._changes = self._changes or change
            yield self.conn
            return
        if self.read_only:
            raise LedgerError(f"cannot write to {self.path}: the ledger file is read-only")
        try:
            lock.begin_immediate(self.conn, self.on_wait)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        self._writing, self._changes = True, change
        try:
            yield self.conn
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise
        finally:
            self._writing = False
        try:
            with commits.committing(self._changes):
                self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise files.translate(self.path, e) from None

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, list(params)).fetchall()
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    # --- settings ------------------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM settings WHERE key = ?", [key])
        return rows[0][0] if rows else None

    def set_setting(self, key: str, value: str | None) -> None:
        """Keep a setting (None removes it)."""
        with self.write() as conn:
            if value is None:
                conn.execute("DELETE FROM settings WHERE key = ?", [key])
            else:
                self._set(conn, key, value)

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
            for r in self._rows("SELECT id, name FROM players ORDER BY fold(name), id")
        ]

    def player(self, name: str) -> Player:
        rows = self._rows(
            "SELECT id, name FROM players WHERE fold(name) = fold(?) ORDER BY id", [name]
        )
        if not rows:
            raise NotFoundError(f"unknown player {name!r}")
        return Player(rows[0]["id"], rows[0]["name"])

    def _player_or_new(self, conn: sqlite3.Connection, name: str) -> Player:
        clean = _clean_name(name, "player")
        row = conn.execute(
            "SELECT id, name FROM players WHERE fold(name) = fold(?) ORDER BY id", [clean]
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
                "SELECT id FROM players WHERE fold(name) = fold(?) AND id != ?", [clean, who.id]
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
        teams: Sequence[tuple[str | None, Sequence[str]]] | None = None,
    ) -> Match:
        """Create a match (it becomes the current one). With `teams` (two of (name or None,
        members in table order), checked by `service.team_specs`), a team match whose
        `players` are the first table's."""
        clean = _clean_name(name, "match")
        if teams is not None:
            players = (teams[0][1][0], teams[1][1][0])
        if fold(players[0]) == fold(players[1]):
            raise GintallyError(f"a match needs two different players, not {players[0]!r} twice")
        if first_dealer is not None and fold(first_dealer) not in {fold(p) for p in players}:
            raise NotFoundError(f"the first dealer {first_dealer!r} is not one of the players")
        with self.write() as conn:
            if conn.execute("SELECT 1 FROM matches WHERE fold(name) = fold(?)", [clean]).fetchone():
                raise GintallyError(f"there is already a match named {clean!r}")
            a = self._player_or_new(conn, players[0])
            b = self._player_or_new(conn, players[1])
            dealer = None
            if first_dealer is not None:
                dealer = a.id if fold(first_dealer) == fold(a.name) else b.id
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
            for side, (team_name, members) in enumerate(teams or []):
                conn.execute(
                    "INSERT INTO teams(match_id, side, name) VALUES (?, ?, ?)",
                    [match_id, side, _clean_name(team_name, "team") if team_name else None],
                )
                for seat, member in enumerate(members):
                    conn.execute(
                        "INSERT INTO team_members(match_id, side, seat, player_id) "
                        "VALUES (?, ?, ?, ?)",
                        [match_id, side, seat, self._player_or_new(conn, member).id],
                    )
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
            self._teams(row["id"], row["name"]),
        )

    def _teams(self, match_id: int, match_name: str) -> tuple[Team, Team] | None:
        """A match's two teams, or None for a two-player match."""
        try:
            names = self.conn.execute(
                "SELECT side, name FROM teams WHERE match_id = ? ORDER BY side", [match_id]
            ).fetchall()
            if not names:
                return None
            members = self.conn.execute(
                "SELECT m.side, m.seat, p.id, p.name FROM team_members m "
                "JOIN players p ON p.id = m.player_id WHERE m.match_id = ? "
                "ORDER BY m.side, m.seat",
                [match_id],
            ).fetchall()
        except sqlite3.OperationalError:
            return None  # a ledger opened read-only before its teams tables existed
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        sides: list[list[Player]] = [[], []]
        for r in members:
            sides[r["side"]].append(Player(r["id"], r["name"]))
        sizes = [len(s) for s in sides]
        if [r["side"] for r in names] != [0, 1] or sizes[0] != sizes[1] or sizes[0] < 2:
            raise LedgerError(
                f"match {match_name!r} in {self.path} cannot be read: its teams are damaged "
                f"({sizes[0]} and {sizes[1]} members)"
            )
        return (
            Team(tuple(sides[0]), names[0]["name"]),
            Team(tuple(sides[1]), names[1]["name"]),
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
            rows = self._rows(
                self._MATCH_SQL + " WHERE fold(m.name) = fold(?) ORDER BY m.id", [name]
            )
            if not rows:
                raise NotFoundError(f"unknown match {name!r}; {self._match_names()}")
            return self._match(rows[0])
        current = self.setting("current_match")
        rows = []
        if current is not None:
            if not current.isdigit():
                raise LedgerError(
                    f"the ledger is damaged: the setting current_match {current!r} names no "
                    f"match; choose one with 'gintally match use NAME', or {CHECK_HINT}"
                )
            rows = self._rows(self._MATCH_SQL + " WHERE m.id = ?", [int(current)])
        if not rows:
            rows = self._rows(self._MATCH_SQL + " ORDER BY m.id DESC LIMIT 1")
        if not rows:
            raise NotFoundError("there is no match yet: create one with 'gintally match new'")
        return self._match(rows[0])

    def _match_names(self, most: int = 20) -> str:
        """The matches, named for a refusal: the first `most` by name, and how many more."""
        names = [r[0] for r in self._rows("SELECT name FROM matches ORDER BY fold(name), id")]
        if not names:
            return "there is no match yet: create one with gintally match new"
        more = f" and {len(names) - most} more (gintally match list)" if len(names) > most else ""
        return f"the matches are: {', '.join(names[:most])}{more}"

    def use_match(self, name: str) -> Match:
        match = self.match(name)
        with self.write() as conn:
            self._set(conn, "current_match", str(match.id))
        return match

    def rename_match(self, old: str, new: str) -> Match:
        clean = _clean_name(new, "match")
        with self.write() as conn:
            match = self.match(old)
            if conn.execute(
                "SELECT 1 FROM matches WHERE fold(name) = fold(?) AND id != ?", [clean, match.id]
            ).fetchone():
                raise GintallyError(f"there is already a match named {clean!r}")
            conn.execute("UPDATE matches SET name = ? WHERE id = ?", [clean, match.id])
        return replace(match, name=clean)

    # --- hands ---------------------------------------------------------------------------------

    def add_hand(self, match: Match, hand: HandRecord) -> HandRecord:
        """Append one hand; returns it with its public number."""
        return self.add_hands(match, [hand])[0]

    def add_hands(self, match: Match, hands: Iterable[HandRecord]) -> list[HandRecord]:
        """Append hands in one transaction (all or none), numbered after the match's last."""
        with self.write() as conn:
            return self._append(conn, match, hands)

    def _append(
        self, conn: sqlite3.Connection, match: Match, hands: Iterable[HandRecord]
    ) -> list[HandRecord]:
        """Write new hands, numbered after the match's last (inside a write)."""
        out = []
        number = conn.execute(
            "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?", [match.id]
        ).fetchone()[0]
        for hand in hands:
            number += 1
            out.append(self._insert(conn, match.id, hand, None, number))
        return out

    def _insert(
        self,
        conn: sqlite3.Connection,
        match_id: int,
        hand: HandRecord,
        key: int | None,
        number: int,
    ) -> HandRecord:
        """Write one version of a hand: a new hand (`key` None) or a new version of hand `key`.
        `number` is the hand's number in its match."""
        values = [getattr(hand, c) for c in HAND_COLUMNS]
        values[0] = hand.date.isoformat()
        now = _now()
        cur = conn.execute(
            f"INSERT INTO hands(hand_id, match_id, number, {', '.join(HAND_COLUMNS)}, "
            f"created_at) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 4))})",
            [key or 0, match_id, number, *values, now],
        )
        row = int(cur.lastrowid or 0)
        if key is None:
            key = row
            conn.execute("UPDATE hands SET hand_id = ? WHERE id = ?", [row, row])
        return replace(hand, id=number, key=key, row=row, match_id=match_id, created_at=now)

    def import_rows(
        self,
        match: Match,
        rows: Iterable[tuple[int | None, tuple[Any, ...]]],
        digest: Callable[[], str],
        source: str,
        force: bool = False,
    ) -> tuple[int, int | None, int | None]:
        """Append imported hands as they are read, in one transaction (all or none), and
        remember the import; returns how many, and the first and last hand numbers.

        `rows` yields (the row's ``id`` in the file or None, the hand's values in `HAND_COLUMNS`
        order with the date as ISO text); an error it raises rolls everything back. `digest` is
        asked once `rows` is exhausted. Unless `force`, a file whose hands are already in the
        match is refused, in the same transaction (so two imports of one file at once cannot
        both land), checked after the rows are read: the same hands imported before (an import
        with the same digest whose hands are still there), or rows whose ids name live hands
        that were in the match before with the same date, kind, winner and points (an export of
        this very match). Nothing but a few ids per thousand rows is held in memory."""
        at = {c: i for i, c in enumerate(HAND_COLUMNS)}
        compared = [at["date"], at["kind"], at["winner"], at["points"]]
        with self.write() as conn:
            before = conn.execute(
                "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?", [match.id]
            ).fetchone()[0]
            row_id = conn.execute("SELECT coalesce(max(id), 0) FROM hands").fetchone()[0]
            now = _now()
            count = 0
            # Into an empty table (a new ledger's first import), the indexes are built once at
            # the end, from the exact text they were made with: a sort, where keeping them up
            # to date row by row costs nearly half of the insert. (Rolled back with the rest.)
            indexes = [] if row_id else self._drop_indexes(conn, "hands")
            shapes = _InsertShapes(match.id, now)
            memo, shape_of = shapes.memo, shapes.shape
            keyed: dict[int, tuple[Any, ...]] = {}  # file ids naming hands already there
            same: set[int] = set()
            for file_id, values in rows:  # the inner loop of an import: kept lean
                count += 1
                row_id += 1
                shape = memo.get(values[1:]) or shape_of(values)
                shape[0].append((row_id, before + count, *shape[1](values)))
                if count % 2000 == 0:
                    shapes.flush(conn)
                if file_id is not None and file_id <= before and not force:
                    keyed[file_id] = tuple(values[i] for i in compared)
                    if len(keyed) >= 500:
                        same |= self._same_hands(conn, match, keyed)
                        keyed.clear()
            shapes.flush(conn)
            for sql in indexes:
                conn.execute(sql)
            if keyed:
                same |= self._same_hands(conn, match, keyed)
            first, last = (before + 1, before + count) if count else (None, None)
            code = digest()
            if not force:
                self._refuse_imported(conn, match, count, code, source)
                self._refuse_same(match, count, sorted(same), source)
            conn.execute(
                "INSERT INTO imports(match_id, digest, source, hands, first_hand, last_hand, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [match.id, code, source, count, first, last, now],
            )
        return count, first, last

    @staticmethod
    def _drop_indexes(conn: sqlite3.Connection, table: str) -> list[str]:
        """Drop the indexes of `table` made by CREATE INDEX; return their CREATE statements."""
        made = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
            "AND sql IS NOT NULL ORDER BY name",
            [table],
        ).fetchall()
        for name, _ in made:
            conn.execute(f'DROP INDEX "{name}"')
        return [sql for _, sql in made]

    def _same_hands(
        self, conn: sqlite3.Connection, match: Match, keyed: dict[int, tuple[Any, ...]]
    ) -> set[int]:
        """The numbers in `keyed` of live hands of the match with the same (date, kind,
        winner, points)."""
        numbers = sorted(keyed)
        same: set[int] = set()
        for start in range(0, len(numbers), 500):
            chunk = numbers[start : start + 500]
            rows = conn.execute(
                "SELECT h.number, h.date, h.kind, h.winner, h.points "
                + self._LIVE[len("SELECT h.* ") :]
                + f" AND h.number IN ({', '.join('?' * len(chunk))})",
                [match.id, *chunk],
            ).fetchall()
            same |= {r[0] for r in rows if keyed[r[0]] == (r[1], r[2], r[3], r[4])}
        return same

    def _refuse_imported(
        self, conn: sqlite3.Connection, match: Match, count: int, digest: str, source: str
    ) -> None:
        """Refuse a file whose hands were imported into the match before and are still there."""
        for first, last, when, earlier in conn.execute(
            "SELECT first_hand, last_hand, created_at, source FROM imports "
            "WHERE match_id = ? AND digest = ? AND hands > 0 ORDER BY id DESC",
            [match.id, digest],
        ).fetchall():
            there = conn.execute(
                "SELECT count(*) FROM hands h WHERE h.match_id = ? AND h.number BETWEEN ? AND ? "
                "AND h.id = h.hand_id AND NOT EXISTS (SELECT 1 FROM corrections c "
                "WHERE c.hand_id = h.hand_id AND c.action = 'void')",
                [match.id, first, last],
            ).fetchone()[0]
            if there:
                took = f"hands {first}-{last}" if first != last else f"hand {first}"
                raise GintallyError(
                    f"{source}: its {count} hands were imported into {match.name} before "
                    f"(from {earlier} on {when[:10]}, {took}; {there} of them are there); "
                    "add --force to import them again"
                )

    def _refuse_same(self, match: Match, count: int, same: Sequence[int], source: str) -> None:
        """Refuse a file holding hands of the match (the numbers `same`: an export of it)."""
        if same:
            raise GintallyError(
                f"{source} holds hands already in {match.name}: {len(same)} of its "
                f"{count} hands have the number, date and result of hands there "
                f"({'hand' if len(same) == 1 else 'hands'} {_spans(same)}); "
                "add --force to import them anyway"
            )

    _LIVE = (
        "SELECT h.* FROM hands h WHERE h.match_id = ? "
        # the latest version of the hand (a probe of hands_versions; cheaper than max())
        "AND NOT EXISTS (SELECT 1 FROM hands h2 WHERE h2.hand_id = h.hand_id AND h2.id > h.id) "
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
            sql += " AND h.date >= ? AND (h.date > ? OR h.number > ?)"
            params += [day, day, after[1]]
        if since is not None:
            sql += " AND h.date >= ?"
            params.append(since.isoformat())
        if until is not None:
            sql += " AND h.date < ?"
            params.append(until.isoformat())
        return sql + " ORDER BY h.date, h.number", params

    def live_hands(
        self, match: Match, since: date | None = None, until: date | None = None
    ) -> list[HandRecord]:
        """The match's live hands in play order (date, then number), in a date window
        ``[since, until)`` when given."""
        return [_record(r) for r in self._rows(*self._live("h.*", match, None, since, until))]

    _ALL = (
        "SELECT h.*, (SELECT count(*) FROM hands h3 WHERE h3.hand_id = h.hand_id) AS versions,"
        " EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
        "AND c.action = 'void') AS voided, (SELECT c.reason FROM corrections c "
        "WHERE c.hand_id = h.hand_id AND c.action = 'void' ORDER BY c.id DESC LIMIT 1) "
        "AS void_reason FROM hands h WHERE h.match_id = ? "
        "AND h.id = (SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id)"
    )

    def all_hands(self, match: Match) -> list[HandRecord]:
        """Every hand of the match, live or voided, each in its newest version."""
        return list(self.stream_hands(match))

    def stream_hands(self, match: Match, since: date | None = None) -> Iterator[HandRecord]:
        """Every hand of the match (from the day `since`), live or voided, each in its newest
        version, in play order, read one at a time from a cursor: memory does not grow with
        the ledger (the hand log)."""
        sql, params = self._ALL, list[Any]([match.id])
        if since is not None:
            sql += " AND h.date >= ?"
            params.append(since.isoformat())
        yield from self._stream(sql + " ORDER BY h.date, h.number", params, _record)

    def _stream(self, sql: str, params: list[Any], make: Callable[[Any], T]) -> Iterator[T]:
        try:
            for row in self.conn.execute(sql, params):
                yield make(row)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def last_number(self, match: Match) -> int:
        """The match's highest hand number (0 before its first hand)."""
        return int(
            self._rows("SELECT max(number) FROM hands WHERE match_id = ?", [match.id])[0][0] or 0
        )

    def count_hands(
        self,
        match: Match,
        voided: bool = False,
        since: date | None = None,
        until: date | None = None,
    ) -> int:
        """How many hands the match has in a date window ``[since, until)``: the live ones, or
        with `voided` every hand."""
        if not voided:
            live, args = self._live("count(*)", match, None, since, until)
            return int(self._rows(live.replace(" ORDER BY h.date, h.number", ""), args)[0][0])
        sql = (  # a hand's date is its newest version's
            "SELECT count(*) FROM hands h WHERE h.match_id = ? AND h.id = "
            "(SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id)"
        )
        params: list[Any] = [match.id]
        for bound, op in ((since, ">="), (until, "<")):
            if bound is not None:
                sql += f" AND h.date {op} ?"
                params.append(bound.isoformat())
        return int(self._rows(sql, params)[0][0])

    def hand(self, match: Match, number: int) -> HandRecord:
        """A hand's newest version by its number in the match, voided or not."""
        rows = []
        if 0 < number < 2**63:
            rows = self._rows(
                "SELECT h.*, EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id "
                "AND c.action = 'void') AS voided FROM hands h "
                "WHERE h.match_id = ? AND h.number = ? ORDER BY h.id DESC LIMIT 1",
                [match.id, number],
            )
        if not rows:
            last = self._rows("SELECT max(number) FROM hands WHERE match_id = ?", [match.id])
            have = f"its hands are 1 to {last[0][0]}" if last[0][0] else "it has no hands yet"
            raise NotFoundError(f"match {match.name!r} has no hand {number} ({have})")
        return _record(rows[0])

    def last_hand(self, match: Match) -> HandRecord | None:
        """The live hand entered last (whatever its date): what `undo` takes back."""
        rows = self._rows(self._LIVE + " ORDER BY h.number DESC LIMIT 1", [match.id])
        return _record(rows[0]) if rows else None

    def live_hands_latest(self, match: Match, before: date | None = None) -> HandRecord | None:
        """The live hand played last (by date, then number), before a date when given."""
        sql, params = self._LIVE, [str(match.id)]
        if before is not None:
            sql += " AND h.date < ?"
            params.append(before.isoformat())
        rows = self._rows(sql + " ORDER BY h.date DESC, h.number DESC LIMIT 1", params)
        return _record(rows[0]) if rows else None

    def latest_dealt(
        self, match: Match, before: date, redealt: Sequence[str], decided: bool
    ) -> HandRecord | None:
        """The live hand played last before the day `before` that names its dealer, or (with
        `decided`) that has a winner and is not of a kind in `redealt`: the last hand whose
        dealer, or the dealer after it, the hands before it cannot change."""
        kinds = ", ".join("?" * len(redealt))
        which = "h.dealer IS NOT NULL"
        if decided:
            which += f" OR (h.winner IS NOT NULL AND h.kind NOT IN ({kinds}))"
        sql = self._LIVE + f" AND h.date < ? AND ({which})"
        params = [match.id, before.isoformat(), *(redealt if decided else ())]
        rows = self._rows(sql + " ORDER BY h.date DESC, h.number DESC LIMIT 1", params)
        return _record(rows[0]) if rows else None

    def count_decided(
        self, match: Match, after: tuple[date, int] | None, before: date, redealt: Sequence[str]
    ) -> int:
        """How many live hands after the cut `after` (date, hand number) and before the day
        `before` have a winner and are not of a kind in `redealt` (counted in SQLite: nothing
        is read into Python however many there are)."""
        sql, params = self._live("count(*)", match, after, None, before)
        sql = sql.replace(" ORDER BY h.date, h.number", "")
        kinds = ", ".join("?" * len(redealt))
        sql += f" AND h.winner IS NOT NULL AND h.kind NOT IN ({kinds})"
        return int(self._rows(sql, [*params, *redealt])[0][0])

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
            raise files.translate(self.path, e) from None
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
    ) -> list[tuple[int, str, str, int | None, int, int | None, int | None]]:
        """Live hands in play order as light rows (number, date, kind, winner, points, dealer,
        other points): what a replay reads. `after` keeps the hands after a mark's cut (date,
        hand number); `since` / `until` a date window ``[since, until)``."""
        other = "h.other_points" if "other_points" in self._hand_columns() else "NULL"
        sql, params = self._live(f"{self._PLAYS}, {other}", match, after, since, until)
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    _PLAYS = "h.number, h.date, h.kind, h.winner, h.points, h.dealer"  # what `plays` reads

    def stream_plays(
        self, match: Match, until: date | None = None
    ) -> Iterator[tuple[int, str, str, int | None, int, int | None, int | None]]:
        """The rows of `plays` for a whole match (before the day `until` when given), read from
        the file in batches as they are consumed (a million hands never sit in memory at once).
        Use it inside `snapshot`."""
        other = "h.other_points" if "other_points" in self._hand_columns() else "NULL"
        sql, params = self._live(f"{self._PLAYS}, {other}", match, until=until)
        try:
            cursor = self.conn.execute(sql, params)
            while batch := cursor.fetchmany(2000):
                yield from batch
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def _hand_columns(self) -> frozenset[str]:
        """The columns of the hands table. A ledger opened read-only is not migrated, so one
        written by an older gintally may lack the newer columns: they read as empty."""
        if self._columns is None:
            rows = self._rows("SELECT name FROM pragma_table_info('hands')")
            self._columns = frozenset(r[0] for r in rows)
        return self._columns

    def stream_hand_values(self, match: Match) -> Iterator[HandValues]:
        """`live_hands` of a whole match made light for `check`, which reads every hand of every
        match, read from the file in batches as they are consumed (memory does not grow with
        the match): for each live hand in play order its number, its date, the values it stores
        after the date (`HAND_COLUMNS` order: what settling it again reads) and a token that
        `record_of` turns into its `HandRecord`. A damaged date or number is refused as
        `live_hands` refuses it; a record is built only when asked for. Use it inside
        `snapshot`."""
        sql, params = self._live("h.*", match)
        try:
            cursor = self.conn.execute(sql, params)
            at = {d[0]: i for i, d in enumerate(cursor.description)}
            if any(c not in at for c in HAND_COLUMNS):  # an old ledger, read-only: the slow way
                while batch := cursor.fetchmany(1000):
                    for h in map(_record, batch):
                        yield h.id, h.date, tuple(getattr(h, c) for c in HAND_COLUMNS[1:]), h
                return
            values = operator.itemgetter(*(at[c] for c in HAND_COLUMNS[1:]))
            ints = [at[c] for c in _INT_COLUMNS]
            number, day_at = at["number"], at["date"]
            days: dict[object, date] = {}
            while batch := cursor.fetchmany(1000):
                for row in batch:
                    text = row[day_at]
                    day = days.get(text)
                    if day is None:
                        try:
                            day = date.fromisoformat(text)
                        except (TypeError, ValueError):
                            _record(row)  # refuses the row as `live_hands` does
                            raise
                        if len(days) >= 4096:
                            days.clear()
                        days[text] = day
                    for i in ints:
                        if row[i] is not None and type(row[i]) is not int:
                            _record(row)  # refuses the row
                    yield row[number], day, values(row), row
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def mark(self, match: Match) -> Mark | None:
        """The match's remembered quiet point, if it is still true of the ledger (`marks`)."""
        try:
            return marks.load(self.conn, match.id)
        except sqlite3.OperationalError:
            return None  # a ledger opened read-only before its marks table existed
        except marks.BadMark:
            return None  # a damaged cache row: replay whole (the next write rebuilds it)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def remember_mark(self, match: Match, mark: Mark, seen: tuple[int, int]) -> None:
        """Keep a quiet point found by a replay that saw the ledger up to `seen`."""
        with self.write(change=False) as conn:
            marks.save(conn, match.id, mark, seen)

    def forget_mark(self, match: Match) -> None:
        """Drop the match's cached quiet point (a cache: the next write command rebuilds it)."""
        with self.write(change=False) as conn:
            conn.execute("DELETE FROM replay_marks WHERE match_id = ?", [match.id])

    def hand_count(self) -> int:
        return int(self._rows("SELECT count(*) FROM hands")[0][0])

    def void(self, match: Match, number: int, reason: str | None = None) -> HandRecord:
        """Void hand `number` of the match (it stays in the ledger as history)."""
        reason = _reason(reason)
        with self.write() as conn:
            hand = self.hand(match, number)
            if hand.voided:
                raise GintallyError(f"hand {number} is already void")
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at) VALUES (?, 'void', NULL, ?, ?)",
                [hand.key, reason, _now()],
            )
        return replace(hand, voided=True)

    def replace_hand(
        self, match: Match, number: int, new: HandRecord, reason: str | None = None
    ) -> HandRecord:
        """Replace hand `number` of the match by a new version that keeps its number and its
        place."""
        reason = _reason(reason)
        with self.write() as conn:
            old = self.hand(match, number)
            if old.voided:
                raise GintallyError(f"hand {number} is void: it cannot be edited")
            stored = self._insert(conn, old.match_id, new, old.key, number)
            conn.execute(
                "INSERT INTO corrections(hand_id, action, replacement, reason, "
                "created_at) VALUES (?, 'replace', ?, ?, ?)",
                [old.key, stored.row, reason, _now()],
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

    def backup(self, target: str | os.PathLike[str], force: bool = False) -> Path:
        """A consistent copy of the ledger, taken online and put in place whole
        (`files.backup`); `force` replaces an existing file."""
        ledger = None if str(self.path) == ":memory:" else Path(self.path)
        return files.backup(self.conn, target, force, ledger)

    def integrity_problems(self) -> list[str]:
        """What SQLite itself finds wrong: integrity and foreign keys."""
        try:
            return files.integrity_problems(self.conn)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def damage(self) -> list[tuple[str, str]]:
        """Rows SQLite accepts but gintally cannot use, as (where, what): the table and row.
        Every query here only reads, and none can fail on the damage it looks for."""
        found: list[tuple[str, str]] = []
        for sql, say in _DAMAGE:
            for row in self._rows(sql):
                found.append((f"{row[0]} row {row[1]}", say.format(*row[2:])))
        current = self.setting("current_match")
        if current is not None and not (
            current.isdigit() and self._rows("SELECT 1 FROM matches WHERE id = ?", [int(current)])
        ):
            found.append(("settings row current_match", f"{current!r} names no match"))
        for match_id in [int(r[0]) for r in self._rows("SELECT match_id FROM replay_marks")]:
            try:
                marks.load(self.conn, match_id)
            except marks.BadMark as e:
                found.append((f"replay_marks row {match_id}", f"{e} (a cache: it is ignored)"))
        return found

    def match_ids(self) -> list[int]:
        """Every match's id, oldest first (what `check` walks)."""
        return [int(r[0]) for r in self._rows("SELECT id FROM matches ORDER BY id")]


CHECK_HINT = "run 'gintally check' to see every damaged row, or restore a backup"


def damaged_hand(row_id: object, number: object, what: str) -> LedgerError:
    """The one line a command prints when it meets a damaged hand row."""
    return LedgerError(
        f"the ledger is damaged: hands row {row_id} (hand {number}) {what}; {CHECK_HINT}"
    )


HandValues = tuple[int, date, tuple[Any, ...], Any]  # what `Ledger.stream_hand_values` yields
_INT_COLUMNS = ("points", "winner", "knocker", "dealer", "number")  # `_record` checks their type


def record_of(token: Any) -> HandRecord:
    """The record of a hand from the token `Ledger.stream_hand_values` gave with it."""
    return token if isinstance(token, HandRecord) else _record(token)


def _record(row: sqlite3.Row) -> HandRecord:
    r = dict(zip(row.keys(), row, strict=True))  # a Row looks names up one by one, slowly
    try:
        day = date.fromisoformat(r["date"])
    except (TypeError, ValueError):
        raise damaged_hand(r["id"], r["number"], f"has no readable date ({r['date']!r})") from None
    for column in _INT_COLUMNS:
        if r[column] is not None and type(r[column]) is not int:
            raise damaged_hand(r["id"], r["number"], f"holds {column} {r[column]!r}")
    get = r.get
    return HandRecord(
        date=day,
        **{c: get(c) for c in HAND_COLUMNS[1:]},  # type: ignore[arg-type]
        id=r["number"],
        key=r["hand_id"],
        row=r["id"],
        match_id=r["match_id"],
        created_at=r["created_at"],
        voided=bool(r["voided"]) if "voided" in r else False,
        versions=get("versions", 1),
        void_reason=get("void_reason"),
    )


_KINDS = "(" + ", ".join(f"'{k}'" for k in Kind) + ")"  # every kind the game knows
_PLAYER_COLUMNS = ("winner", "knocker", "dealer")
# (query, message): each query yields (table, row id, values for the message...).
_DAMAGE: list[tuple[str, str]] = [
    (
        "SELECT 'hands', id, quote(date) FROM hands "
        "WHERE typeof(date) != 'text' OR date(date) IS NOT date ORDER BY id",
        "has no readable date ({})",
    ),
    *(
        (
            f"SELECT 'hands', id, quote({c}) FROM hands "
            f"WHERE typeof({c}) != 'integer' {'AND ' + c + ' IS NOT NULL' if c != 'points' else ''}"
            " ORDER BY id",
            f"holds {c} {{}}, not a whole number",
        )
        for c in ("points", "number", *_PLAYER_COLUMNS)
    ),
    *(
        (
            f"SELECT 'hands', h.id, h.{c} FROM hands h JOIN matches m ON m.id = h.match_id "
            f"WHERE h.{c} IS NOT NULL AND typeof(h.{c}) = 'integer' "
            f"AND h.{c} NOT IN (m.player_a, m.player_b) AND NOT EXISTS (SELECT 1 FROM "
            f"team_members t WHERE t.match_id = h.match_id AND t.player_id = h.{c}) ORDER BY h.id",
            f"names {c} player {{}}, who does not play in its match",
        )
        for c in _PLAYER_COLUMNS
    ),
    (
        f"SELECT 'hands', id, quote(kind) FROM hands WHERE kind NOT IN {_KINDS} ORDER BY id",
        "holds the unknown kind {}",
    ),
    (
        "SELECT 'hands', h.id, h.hand_id, o.match_id, h.match_id FROM hands h "
        "JOIN hands o ON o.hand_id = h.hand_id AND o.id < h.id AND o.match_id != h.match_id "
        "WHERE o.id = (SELECT min(id) FROM hands WHERE hand_id = h.hand_id) ORDER BY h.id",
        "is a version of hand key {} of match id {}, moved to match id {}",
    ),
    (
        "SELECT 'corrections', c.id, c.action, c.hand_id FROM corrections c "
        "WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = c.hand_id) ORDER BY c.id",
        "is a {} of hand key {}, which is not in the ledger",
    ),
    (
        "SELECT 'players', p.id, quote(p.name), q.id FROM players p JOIN players q "
        "ON fold(q.name) = fold(p.name) AND q.id < p.id "
        "WHERE q.id = (SELECT min(id) FROM players r WHERE fold(r.name) = fold(p.name)) "
        "ORDER BY p.id",
        "has the name {} of player row {} (names are compared by Unicode case folding)",
    ),
    (
        "SELECT 'matches', p.id, quote(p.name), q.id FROM matches p JOIN matches q "
        "ON fold(q.name) = fold(p.name) AND q.id < p.id "
        "WHERE q.id = (SELECT min(id) FROM matches r WHERE fold(r.name) = fold(p.name)) "
        "ORDER BY p.id",
        "has the name {} of match row {} (names are compared by Unicode case folding)",
    ),
]


def _reason(reason: str | None) -> str | None:
    return plain_text(reason, "the reason", one_line=True) or None if reason else None


def _spans(numbers: Sequence[int], most: int = 4) -> str:
    """Sorted hand numbers as runs: 1-12, 15, 17-18 (the first `most` runs, then how many more)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in runs[:most])
    return text + (f" and {len(runs) - most} more" if len(runs) > most else "")


def _clean_name(name: str, what: str) -> str:
    clean = plain_text(" ".join(str(name).split()), f"the {what} name")
    if not clean:
        raise GintallyError(f"a {what} needs a name")
    if len(clean) > 60:
        raise GintallyError(f"a {what} name may be 60 characters at most: {clean[:20]!r}...")
    return clean


# a shape of imported row: the batch of its statement, and what takes its values that are not None
_Shape = tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], tuple[Any, ...]]]


class _InsertShapes:
    """Imported hands waiting to be written, grouped by which of their values are None.

    A NULL is written as the literal ``NULL`` in the statement of its row's shape rather than
    bound as a parameter: Python's sqlite3 binds None through its adapter lookup, which costs
    more than all the other values of a row together (about 0.4 µs a value, and an imported row
    has a dozen empty columns). So are the match and the time of the import, the same for every
    row, and the row id is bound once for both ``id`` and ``hand_id`` (a new hand is its own
    first version). The stored rows are the same as binding every value would write. `memo`
    maps a row's values but the date (equal values, equal shape) to its shape: the batch of its
    statement and what takes its values that are not None; a row of the batch is (row id, hand
    number, those values)."""

    LIMIT = 10_000  # distinct rows remembered before the memo is cleared (memory stays bounded)

    def __init__(self, match_id: int, created_at: str) -> None:
        self.memo: dict[tuple[Any, ...], _Shape] = {}
        self._batches: dict[str, list[tuple[Any, ...]]] = {}
        self._constants = int(match_id), "'" + created_at.replace("'", "''") + "'"

    def shape(self, values: tuple[Any, ...]) -> _Shape:
        kept = [i for i, v in enumerate(values) if v is not None]
        # the date (index 0) is never None, so there are always two or more (one would make
        # itemgetter give a bare value, not a tuple)
        assert len(values) == len(HAND_COLUMNS) and len(kept) > 1 and kept[0] == 0
        slots, n = [], 2  # ?1 is the row id, ?2 the hand number
        for v in values:
            if v is None:
                slots.append("NULL")
            else:
                n += 1
                slots.append(f"?{n}")
        match_id, created_at = self._constants
        sql = (
            f"INSERT INTO hands(id, hand_id, match_id, number, {', '.join(HAND_COLUMNS)}, "
            f"created_at) VALUES (?1, ?1, {match_id}, ?2, {', '.join(slots)}, {created_at})"
        )
        shape = (self._batches.setdefault(sql, []), operator.itemgetter(*kept))
        if len(self.memo) >= self.LIMIT:
            self.memo.clear()
        self.memo[values[1:]] = shape
        return shape

    def flush(self, conn: sqlite3.Connection) -> None:
        for sql, batch in self._batches.items():
            if batch:
                conn.executemany(sql, batch)
                batch.clear()
