"""The ledger store: one open SQLite ledger (`Ledger`), made of the core and its parts.

Terminology
- ledger (`Ledger`): an open ledger file (see `schema` for its tables, `files` for the file):
  `core.LedgerCore` (the connection, writes, snapshots, settings) with the parts `people`,
  `matches`, `hands`, `imports` and `damage` mixed in (`merging` is loaded by a merge only).
  Here: opening and closing it, backup, the replay-mark cache (`marks`), the season-fold
  cache (`folds`), and the money methods, which ask whether a match has a stake or a payment
  and load `payments` only when there is one to read (or one is written): a command on a
  match played for nothing never loads it.

The file is in WAL mode with a busy timeout, so concurrent gintally processes never lose a hand.
This package is the only place that imports sqlite3 and sqlite-utils.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from gintally import commits
from gintally.engine.replay import Mark
from gintally.errors import GintallyError, LedgerError
from gintally.ledger import files, lock, marks, schema
from gintally.ledger.damage import Damage
from gintally.ledger.hands import LIVE_HANDS, Hands
from gintally.ledger.history import History
from gintally.ledger.imports import Imports
from gintally.ledger.matches import Matches
from gintally.ledger.people import People
from gintally.model import Match

if TYPE_CHECKING:
    from decimal import Decimal

    from gintally.engine.stakes import Stake
    from gintally.ledger.folds import Fold
    from gintally.ledger.merging import Merged
    from gintally.ledger.other import Checks
    from gintally.model import Payment


class Ledger(People, Matches, Hands, Imports, Damage, History):
    """An open ledger. Use `Ledger.open`; close it (or use it as a context manager)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | str,
        read_only: bool = False,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(conn, path, read_only, on_wait)
        # folds made by a reader, by match, to be written once it has done its work (`save_folds`)
        self._unsaved: dict[int, tuple[list[Fold], tuple[int, int], int]] = {}
        self._in_use: files.InUse | None = None  # this process's use of the file (`open`)
        self._pending: files.Pending | None = None  # a new ledger not yet in place (`open`)
        self.lost = False  # its connection was closed to put it in place, and not opened again
        self._named: Path | None = None  # the file's own name when opened (links followed)
        self.full_disk = False  # read as it stands on a full disk (see `open`)

    # --- lifecycle -----------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        write: bool = True,
        create: bool = True,
        make_folder: bool = True,
        on_wait: Callable[[], None] | None = None,
        until_written: bool = False,
    ) -> Ledger:
        """Open (creating it on first use) and migrate a ledger; refuse foreign or newer files.

        `write=False` opens it for reading only: that works on a read-only file, never changes
        the file, and reads a file that does not exist as an empty ledger without creating it.
        `create=False` refuses a file that does not exist (``no ledger at PATH``) instead;
        `make_folder=False` refuses to create one in a folder that does not exist. `on_wait`
        is called when a write (or a migration) waits more than a second for another process.
        `until_written`: a ledger that does not exist is built beside its path and put there
        by the first write that changes it (`pending`); closed before that, it leaves no file
        (a refused command writes nothing). When another process made the file meanwhile,
        that write raises `files.Raced` and this ledger goes on with the file there.
        """
        p = Path(path)
        if str(path) == ":memory:":
            conn = files.connect(":memory:")
            schema.migrate(conn, new=True)
            return cls(conn, ":memory:")
        try:  # a path the system refuses to look at (too long, a folder not to be searched)
            files.refuse_missing(p, create, make_folder)
            absent = not p.exists()
        except OSError as e:
            raise LedgerError(f"cannot open the ledger {p}: {e.strerror or e}") from None
        if not write and absent:  # nothing to read: an empty ledger, no file made
            conn = files.connect(":memory:")
            schema.migrate(conn, new=True)
            return cls(conn, p)
        in_use = pending = None
        try:
            if not p.exists():
                if until_written and write:
                    pending = files.build(p)
                else:
                    files.create(p)
            at = p if pending is None else pending.tmp
            in_use = files.opened(at)
            why = files.read_only_reason(at)
            read_only = why is not None
            if why is not None and write:
                raise LedgerError(f"cannot write to {p}: {why}")
            conn = files.connect_read_only(at) if read_only else files.connect(str(at))
        except (OSError, sqlite3.Error, GintallyError) as e:
            if in_use is not None:
                in_use.release()
            if pending is not None:
                pending.discard()
            if isinstance(e, OSError):
                raise LedgerError(f"cannot open the ledger {p}: {e.strerror or e}") from None
            if isinstance(e, sqlite3.Error):
                raise files.translate(p, e) from None
            raise
        ledger = cls(conn, p, read_only, on_wait)
        ledger._in_use = in_use
        ledger._pending = pending
        ledger._named = Path(os.path.realpath(at))  # as SQLite names its logs
        try:
            try:
                lock.first_read(conn, on_wait)  # the reads wait here if they ever do, told
                schema.recognise(conn, p)
            except sqlite3.Error:
                # a full disk leaves no room for the shared-memory file a reader of a WAL ledger
                # makes: with nothing in the log, a read reads the file alone
                if write or not files.disk_full(p) or not files.at_rest(p, empty_log=True):
                    raise
                conn.close()
                conn, read_only = files.connect_read_only(p, empty_log=True), True
                ledger = cls(conn, p, read_only, on_wait)
                ledger._in_use, ledger._named = in_use, Path(os.path.realpath(at))
                ledger.full_disk = True
                schema.recognise(conn, p)
            if read_only:  # not migrated: read as the version that wrote it left it
                schema.read_as_it_is(conn)
            else:
                schema.migrate(conn, new=False, on_wait=on_wait)
                if write:
                    if pending is None:  # a pending one stays whole in its file (`_landed`)
                        ledger._ensure_wal()
                    ledger.restore_guards(numbers=False)  # another tool dropped (`guards.restore`)
        except sqlite3.Error as e:
            ledger.close()
            raise files.translate(p, e) from None
        except GintallyError:
            ledger.close()
            raise
        return ledger

    def close(self) -> None:
        """Close the connection, and only then count it out of this process's use of the file
        (`files.opened`); a new ledger that no change has put in place (`pending`) is removed.
        A ledger whose file its name no longer names (removed, or another moved over it) leaves
        the logs this connection used at that name (SQLite never checkpoints a file it sees
        moved), where the next connection would read them into the file there: they are
        removed."""
        logs = files.logs_of(self._named) if self._named is not None and self._gone() else []
        self.conn.close()
        files.remove_logs(logs)
        if self._in_use is not None:
            self._in_use.release()
        if self._pending is not None:
            self._pending.discard()
            self._pending = None

    def _gone(self) -> bool:
        """Whether the name this ledger's file had when opened (`_named`) names it no more:
        SQLite then sees it moved, and leaves its logs at that name when it closes."""
        if self._in_use is None or self._named is None:
            return False
        return not self._names_its_file(self._named)

    def moved(self) -> bool:
        """Whether the ledger's path no longer names the file this ledger has open: removed
        (its folder too) or replaced by another file (a backup moved over it). SQLite goes on
        with the file it opened, which nobody can open again, so a long-lived `Book` (``play``,
        ``serve``) asks at each call and opens the path again."""
        if self._in_use is None or self._pending is not None:
            return False  # in memory, or a new ledger not yet at its path
        return not self._names_its_file(self.path)

    def _names_its_file(self, path: str | os.PathLike[str]) -> bool:
        """Whether `path` names the file this ledger has open (the same device and inode)."""
        assert self._in_use is not None
        try:
            st = os.stat(path)
        except OSError:
            return False
        return (st.st_dev, st.st_ino) == self._in_use.file

    @property
    def pending(self) -> bool:
        """True while this is a new ledger built beside its path that no change has put there
        yet (`open`'s `until_written`): closed now, it leaves no file."""
        return self._pending is not None

    def _landed(self) -> LedgerError | None:
        """A change has been committed: a `pending` ledger is put at its path now, and this
        ledger goes on with the file there (opened as `open` opens it, in WAL mode). When
        another process made that file first, nothing of this one is kept (`files.Raced`,
        once this ledger is the file that is there)."""
        pending = self._pending
        if pending is None:
            return None
        self._pending, self.lost = None, True
        self.conn.close()  # first: SQLite names its logs after the name a connection opened
        if self._in_use is not None:
            self._in_use.release()
            self._in_use = None
        raced = False
        try:
            pending.place()
        except FileExistsError:
            raced = True
        except OSError as e:
            raise LedgerError(
                f"cannot create the ledger {pending.path}: {e.strerror or e}"
            ) from None
        try:
            there = Ledger.open(pending.path, create=False, on_wait=self.on_wait)
        except GintallyError as e:
            if raced:
                raise
            return LedgerError(str(e))  # this change is there: said once it is counted
        self.conn, self._in_use, self._named = there.conn, there._in_use, there._named
        self._columns = self._version = None
        self.lost = False
        if raced:
            raise files.Raced(pending.path)
        return None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _ensure_wal(self) -> None:
        """Put the file in WAL mode if it is not (a backup copy comes out of VACUUM INTO in
        rollback mode): concurrent writers and readers then never block each other."""
        if self.conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            self.conn.execute("PRAGMA journal_mode = WAL")

    def merge(
        self, other: str | os.PathLike[str], checks: Checks | None = None, same: str | None = None
    ) -> Merged:
        """Bring in what `other` has and this ledger lacks, by identity, in one write, each row
        checked by `checks` (the import's validators) (`merging.merge`, loaded by a merge only:
        no other command needs it); `same`: the name of a match made apart on each side that
        is one match."""
        from gintally.ledger import merging

        def unguarded(
            conn: sqlite3.Connection, match_id: int, after: int, shown: list[int] | None
        ) -> None:
            self.refuse_unguarded(conn, self.match_by_id(match_id), after, shown)

        return merging.merge(self, other, checks, same, unguarded)

    def backup(self, target: str | os.PathLike[str], force: bool = False) -> Path:
        """A consistent copy of the ledger, taken online and put in place whole
        (`files.backup`); `force` replaces an existing file."""
        ledger = None if str(self.path) == ":memory:" else Path(self.path)
        return files.backup(self.conn, target, force, ledger)

    # --- the replay-mark cache -----------------------------------------------------------------

    def rows_seen(self) -> tuple[int, int]:
        """The newest hand row and correction ids: what a mark taken now has seen."""
        rows = self._rows(
            "SELECT (SELECT coalesce(max(id), 0) FROM hands), "
            "(SELECT coalesce(max(id), 0) FROM corrections)"
        )
        return int(rows[0][0]), int(rows[0][1])

    def mark(self, match: Match) -> Mark | None:
        """The match's remembered quiet point, if it is still true of the ledger (`marks`)."""
        found = self.mark_seen(match)
        return None if found is None else found[0]

    def mark_seen(self, match: Match) -> tuple[Mark, tuple[int, int]] | None:
        """`mark`, and the rows it has seen (`marks.load_seen`)."""
        try:
            return marks.load_seen(self.conn, match.id)
        except sqlite3.OperationalError:
            return None  # a ledger opened read-only before its marks table existed
        except marks.BadMark:
            return None  # a damaged cache row: replay whole (the next write rebuilds it)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def data_version(self) -> int:
        """SQLite's count of the commits other connections made to the file (`PRAGMA
        data_version`): read where a replay reads, it says which state of the file it saw."""
        return int(self._rows("PRAGMA data_version")[0][0])

    def remember_mark(
        self, match: Match, mark: Mark, seen: tuple[int, int], version: int | None = None
    ) -> None:
        """Keep a quiet point found by a replay that saw the ledger up to `seen` (and, read
        with it, `data_version` `version`). Not when the ledger changed since: a row added, or
        another connection's commit (a fact changed in place keeps the row ids, and its trigger
        has already run, with no mark to forget), as the season folds are kept."""
        with self.write(change=False) as conn:
            if self.rows_seen() != seen:
                return
            if version is not None and self.data_version() != version:
                return
            marks.save(conn, match.id, mark, seen)

    def forget_mark(self, match: Match) -> None:
        """Drop the match's cached quiet point (a cache: the next write command rebuilds it)."""
        with self.write(change=False) as conn:
            conn.execute("DELETE FROM replay_marks WHERE match_id = ?", [match.id])

    # --- the season-fold cache -----------------------------------------------------------------

    def season_folds(self, match: Match, before: date) -> list[Fold]:
        """The match's cached folds of the seasons before the day `before` that still agree
        with the ledger, oldest first (`folds.load`); none when the table cannot be read."""
        from gintally.ledger import folds  # here: a hand command never reads a fold

        try:
            return folds.load(
                self.conn, match.id, match.format.season_start, match.format.seasonal, before
            )
        except sqlite3.OperationalError:
            return []  # a ledger opened read-only before the table existed
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def damaged_folds(self) -> list[tuple[str, str]]:
        """Every damaged fold row, as (where, what), for `check` (`folds.damaged`)."""
        from gintally.ledger import folds

        try:
            return folds.damaged(self.conn)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def has_live_hand(self, match: Match) -> bool:
        """Whether the match has a live hand (one probe; the row is not read, so a damaged one
        counts too)."""
        return bool(self._rows(LIVE_HANDS + " LIMIT 1", [match.id]))

    def live_between(self, match: Match, since: date, until: date) -> bool:
        """Whether the match has a live hand dated in ``[since, until)`` (an index probe)."""
        sql = LIVE_HANDS + " AND h.date >= ? AND h.date < ? LIMIT 1"
        return bool(self._rows(sql, [match.id, since.isoformat(), until.isoformat()]))

    def live_first_day(self, match: Match) -> date | None:
        """The date of the match's first live hand in play order (None: no live hand)."""
        rows = self._rows(
            "SELECT h.date FROM hands h"
            + LIVE_HANDS[len("SELECT h.* FROM hands h") :]
            + " ORDER BY h.date, h.number LIMIT 1",
            [match.id],
        )
        return date.fromisoformat(rows[0][0]) if rows else None

    def keep_folds(self, match: Match, made: list[Fold], seen: tuple[int, int]) -> None:
        """Keep folds made by a replay that saw the ledger up to `seen` (the match's latest),
        for `save_folds` to write. Called inside the snapshot the replay read (as `fold_match`
        is): its `PRAGMA data_version` says which state of the file that was, so that a fact
        another connection changed in place since (the same row ids: `seen` cannot tell) drops
        the folds instead of writing them after the triggers that forget them have run."""
        if made and not self.read_only:
            version = int(self.conn.execute("PRAGMA data_version").fetchone()[0])
            self._unsaved[match.id] = (made, seen, version)

    def write_folds(self, match: Match, made: list[Fold]) -> None:
        """Write folds made from the facts of the write under way (an import folds the seasons
        its rows finish, `folding.ImportFold`), in it: they have seen every row it wrote."""
        from gintally.ledger import folds

        with self.write(change=False) as conn:
            folds.save(conn, match.id, made, self.rows_seen())

    def save_folds(self) -> None:
        """Write the folds kept (the command line calls it when a command has done its work,
        so a refused command writes nothing; a library `Book` never does, and its reads leave
        the file as it was). Nothing waits for them: when another process holds the write lock,
        or the ledger has changed since they were made, they are dropped (the next reader makes
        them again). A cache write, not a change: `commits` does not count it."""
        if not self._unsaved or self.conn.in_transaction:
            return
        from gintally.ledger import folds

        unsaved, self._unsaved = self._unsaved, {}
        conn = self.conn
        try:
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                conn.execute("BEGIN IMMEDIATE")
            finally:
                conn.execute(f"PRAGMA busy_timeout = {int(lock.BUSY_TIMEOUT_S * 1000)}")
        except sqlite3.Error:
            return  # busy, or the file cannot be written: a cache can wait
        try:
            now = self.rows_seen()
            version = int(conn.execute("PRAGMA data_version").fetchone()[0])
            for match_id, (made, seen, read) in unsaved.items():
                # nothing written since the replay read the ledger: no row added (here or by
                # another connection) and nothing committed by another connection (a hand or
                # correction changed in place keeps the row ids, and its trigger has already
                # forgotten the folds this would write back)
                if seen == now and read == version:
                    folds.save(conn, match_id, made, seen)
            with commits.committing(False):
                conn.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")

    # --- stakes and payments (`payments`, loaded when there is one to read or one is written) ---

    def stakes(self, match: Match) -> list[Stake]:
        """The match's stakes, oldest price first (empty: not played for money)."""
        if not self.money_rows("SELECT 1 FROM stakes WHERE match_id = ? LIMIT 1", [match.id]):
            return []
        from gintally.ledger import payments as money

        return money.stakes(self, match)

    def staked_matches(self) -> set[int]:
        """The ids of the matches that have a stake."""
        if not self.money_rows("SELECT 1 FROM stakes LIMIT 1"):
            return set()
        from gintally.ledger import payments as money

        live = money.live_stakes(self).replace("SELECT *", "SELECT DISTINCT match_id", 1)
        return {int(r[0]) for r in self.money_rows(live)}

    def add_stake(self, match: Match, stake: Stake, made: tuple[str, str] | None = None) -> None:
        """Price the match's points from `stake.since` on (None: from the start); `made`: the
        (uid, created_at) of a price brought from another ledger."""
        from gintally.ledger import payments as money

        money.add_stake(self, match, stake, made)

    def last_stake(self, match: Match) -> tuple[str, str, Stake] | None:
        """The match's live stake set last: (uid, created_at, stake), or None."""
        if not self.money_rows("SELECT 1 FROM stakes WHERE match_id = ? LIMIT 1", [match.id]):
            return None
        from gintally.ledger import payments as money

        return money.last_stake(self, match)

    def void_stake(self, uid: str, reason: str | None = None, at: str | None = None) -> str:
        """Take a price back by its uid (it stays in ``stakes`` as history), now or as another
        device took it back (`at`): when."""
        from gintally.ledger import payments as money

        return money.void_stake(self, uid, reason, at)

    def stakes_taken_back(self, match: Match) -> list[tuple[Stake, str, str, str | None, str]]:
        """The match's prices taken back: (stake, uid, set at, reason, taken back at)."""
        if not self.money_rows("SELECT 1 FROM stakes WHERE match_id = ? LIMIT 1", [match.id]):
            return []
        from gintally.ledger import payments as money

        return money.stakes_taken_back(self, match)

    def voided_stake(self, match: Match, reason: str) -> tuple[str, Stake, str] | None:
        """The match's stake taken back last with `reason`: (uid, stake, when taken back)."""
        if not self.money_rows("SELECT 1 FROM stakes WHERE match_id = ? LIMIT 1", [match.id]):
            return None
        from gintally.ledger import payments as money

        return money.voided_stake(self, match, reason)

    def voided_payment(self, match: Match, reason: str) -> tuple[Payment, str] | None:
        """The match's payment taken back last with `reason`, and when it was taken back."""
        if not self.money_rows("SELECT 1 FROM payments WHERE match_id = ? LIMIT 1", [match.id]):
            return None
        from gintally.ledger import payments as money

        return money.voided_payment(self, match, reason)

    def stake_identities(self, match: Match) -> list[tuple[str, str]]:
        """The (uid, created_at) of each of the match's stakes, in `stakes`' order."""
        from gintally.ledger import payments as money

        return money.stake_identities(self, match)

    def payments(
        self, match_ids: Iterable[int] | None = None, since: date | None = None
    ) -> list[Payment]:
        """The live payments (of those matches, from that day on), in the order recorded."""
        if not self.money_rows("SELECT 1 FROM payments LIMIT 1"):
            return []
        from gintally.ledger import payments as money

        return money.payments(self, match_ids, since)

    def last_payment(self, match: Match) -> Payment | None:
        """The live payment recorded last in the match."""
        if not self.money_rows("SELECT 1 FROM payments WHERE match_id = ? LIMIT 1", [match.id]):
            return None
        from gintally.ledger import payments as money

        return money.last_payment(self, match)

    def add_payment(
        self,
        match: Match,
        payer: int,
        payee: int,
        amount: Decimal,
        day: date,
        note: str | None = None,
        uid: str | None = None,
    ) -> Payment:
        """Record a payment in the match's context (a new `uid` unless one is given: an
        imported payment keeps its own)."""
        from gintally.ledger import payments as money

        return money.add_payment(self, match, payer, payee, amount, day, note, uid)

    def has_payment(self, uid: str) -> bool:
        """True when a payment with this uid is in the ledger (live or taken back)."""
        return bool(self.money_rows("SELECT 1 FROM payments WHERE uid = ?", [uid]))

    def void_payment(self, payment: Payment, reason: str | None = None) -> None:
        """Take a payment back (it stays in ``payments`` as history)."""
        from gintally.ledger import payments as money

        money.void_payment(self, payment, reason)
