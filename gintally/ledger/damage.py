"""Damage in a ledger: what SQLite finds wrong, the rows it accepts but gintally cannot use,
and the one line a command prints when it meets one.

Terminology
- integrity problem: what SQLite itself finds wrong (``PRAGMA integrity_check``, foreign keys).
- damaged row: a row SQLite accepts but gintally cannot use (a date that is not a date, a
  player who does not play in the match, two names that fold alike...), named as (where,
  what) by `Damage.damage`; `check` lists them all, any other command stops at the first it
  meets (`damaged_hand`, `damaged_row`, `CHECK_HINT`). Besides the hands: an identity that is
  not one (a uid NULL or not 32 hex digits, two hands with one), a stake or payment no
  command could have written (`stake_damage`, `payment_damage`: NaN, negative, dated after
  tomorrow, a player of another match, a control character in a currency or note, shown
  escaped, never raw).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection
from datetime import date, timedelta

from gintally.errors import GintallyError, LedgerError, visible
from gintally.ledger import files, marks
from gintally.ledger.core import LedgerCore
from gintally.ledger.guards import (
    CLAIMS,
    FIRST_DAY,
    KINDS,
    LAST_DAY,
    MOST,
    NUMBERS_INDEX,
    cache_triggers,
    changed,
    control_sql,
    hand_damage,
    missing,
    name_damage,
    restore,
    triggers,
)
from gintally.ledger.schema import applied as schema_applied
from gintally.model import Match

CHECK_HINT = "run 'gintally check' to see every damaged row, or restore a backup"


def damaged_row(table: str, row_id: object, what: str) -> LedgerError:
    """The one line a command prints when it meets a damaged row of `table` (`stake_damage`,
    `payment_damage`): it names the row as `check` does."""
    return LedgerError(f"the ledger is damaged: {table} row {row_id} {what}; {CHECK_HINT}")


def _amount_damage(value: object, zero: bool, places: int | None = None) -> str | None:
    """What is wrong with a stored amount (decimal digits 0-9 as text, as gintally writes them:
    no sign, no exponent, not NaN, no space, no other script's digits), as `parse_amount` would
    say of it typed, or None; `places`: the most decimals its currency counts, when known."""
    from gintally.engine.stakes import parse_amount

    try:
        if not (isinstance(value, str) and value.isascii() and value == value.strip()):
            raise GintallyError(repr(value))
        amount = parse_amount(value, "the amount", zero=zero)
    except GintallyError:
        return f"holds the amount {value!r}, not an amount of money" + (
            "" if zero else " above zero"
        )
    exponent = amount.as_tuple().exponent
    if places is not None and isinstance(exponent, int) and -exponent > places:
        return f"holds the amount {value!r}, with more decimals than its currency's ({places})"
    return None


def _day_damage(value: object, latest: str = LAST_DAY) -> str | None:
    """What is wrong with a stored date (YYYY-MM-DD, a real day from `FIRST_DAY` to `latest`)."""
    try:
        day = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None or value != day.isoformat():
        return f"holds the date {value!r}, not a date YYYY-MM-DD"
    if not FIRST_DAY <= value <= latest:
        return f"holds the date {value!r}, out of range ({FIRST_DAY} to {latest})"
    return None


def _text_damage(column: str, value: object) -> str | None:
    """What is wrong with stored text shown to people: not text, or holding a control
    character (which would drive the terminal): shown escaped (`visible`), never raw."""
    if value is not None and (not isinstance(value, str) or not value.isprintable()):
        shown = visible(value) if isinstance(value, str) else repr(value)
        return f"holds the {column} '{shown}', with a control character"
    return None


def stake_damage(r: sqlite3.Row) -> str | None:
    """What is wrong with a row of ``stakes`` that no command could have written, as the end
    of a sentence, or None: an amount that is not one (NaN, negative, an exponent), a currency
    that is not one (a control character), places out of range, a date that is not one."""
    from gintally.engine.stakes import check_currency, check_places

    wrong = _amount_damage(r["amount"], zero=True)
    if wrong is None and r["series_amount"] is not None:
        wrong = _amount_damage(r["series_amount"], zero=True)
    if wrong is not None:
        return wrong
    currency = r["currency"]
    try:
        if not isinstance(currency, str) or check_currency(currency) != currency:
            raise GintallyError(currency)
    except GintallyError:
        shown = visible(currency) if isinstance(currency, str) else repr(currency)
        return f"holds the currency '{shown}', not a currency"
    try:
        check_places(r["places"])
    except GintallyError:
        return f"holds places {r['places']!r}, not 0 to 6"
    return None if r["from_date"] is None else _day_damage(r["from_date"])


def payment_damage(
    r: sqlite3.Row, players: Collection[int] | None, places: int | None = None
) -> str | None:
    """What is wrong with a row of ``payments`` that no command could have written, or None:
    an amount that is not one above zero, a date that is not one or after tomorrow (money is
    handed over by the day it is recorded; a day of slack for another device's time zone), a
    payer or payee who does not play in its match (`players`, when known), an ``after_hand``
    that is no hand number, a note with a control character; an amount with more decimals
    than its currency's `places`, when known."""
    wrong = _amount_damage(r["amount"], zero=False, places=places) or _day_damage(
        r["date"], min(LAST_DAY, (date.today() + timedelta(days=1)).isoformat())
    )
    if wrong is not None:
        return wrong
    if players is not None:
        for column in ("from_player", "to_player"):
            if r[column] not in players:
                return f"names {column} player {r[column]!r}, who does not play in its match"
    after = r["after_hand"]
    if type(after) is not int or after < 0:  # its match's last hand number then (`undo`)
        return f"holds after_hand {after!r}, not a hand number"
    return _text_damage("note", r["note"])


def damaged_hand(row_id: object, number: object, what: str) -> LedgerError:
    """The one line a command prints when it meets a damaged hand row."""
    return LedgerError(
        f"the ledger is damaged: hands row {row_id} (hand {number}) {what}; {CHECK_HINT}"
    )


# The prices that start after a hand (`m019_stake_after_hand`) their match does not hold (a
# damaged or foreign ledger: gintally stores the uid of one of the match's own hands)
_UNHELD_START = (
    "SELECT s.id, s.after_hand, m.name FROM stakes s JOIN matches m ON m.id = s.match_id "
    "WHERE s.after_hand IS NOT NULL AND NOT EXISTS (SELECT 1 FROM hands h "
    "WHERE h.match_id = s.match_id AND h.uid = s.after_hand) ORDER BY s.id"
)


class Damage(LedgerCore):
    """The checks of an open ledger (a part of `Ledger`)."""

    def integrity_problems(self) -> list[str]:
        """What SQLite itself finds wrong: integrity and foreign keys."""
        try:
            return files.integrity_problems(self.conn)
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None

    def damage(self, settings: Collection[str] = ()) -> list[tuple[str, str]]:
        """Rows SQLite accepts but gintally cannot use, as (where, what): the table and row,
        each row named once (its first problem). `settings`: the keys of the settings gintally
        knows beyond ``current_match`` (any other key is named). Every query here only reads,
        and none can fail on the damage it looks for."""
        found: list[tuple[str, str]] = []
        named: set[str] = set()

        def add(where: str, what: str) -> None:
            if where not in named:
                named.add(where)
                found.append((where, visible(what)))  # a stored value is never shown raw

        columns = self._hand_columns()  # a ledger read as it is may predate some
        queries = [q for q in _DAMAGE if "other_points" not in q[0] or "other_points" in columns]
        # A sound ledger (the usual case) is scanned once for what the queries of single rows
        # of hands look for (`_ONE_PASS`), not once a query; with the unique index of hand
        # numbers, no two hands of a match can have one number (what `_NUMBERS_TAKEN` finds)
        passed: set[str] = set()
        for head, tail in _ONE_PASS:
            alike = [q for q, _ in queries if q.startswith(head) and tail in q]
            # what a date alone decides is asked of each distinct date (some 20,000 in a
            # million hands: `date()` on every row was a third of the scan)
            dated = [q for q in alike if q in _DATES]
            rest = [q for q in alike if q not in _DATES]
            # and what a row's values alone decide (not its number), of each distinct set of
            # them (a few thousand: a temporary index instead of the conditions on every row)
            values = [c for c in _VALUE_COLUMNS if c in columns]
            valued = [q for q in rest if head == _ONE_PASS[0][0] and "number" not in q]
            rest = [q for q in rest if q not in valued]
            gates = (
                (dated, _DISTINCT_DATES),
                (valued, _DISTINCT_VALUES.format(", ".join(values))),
                (rest, tail[6:]),
            )
            for some, scan in gates:
                terms = " OR ".join(
                    f"({q.partition(tail)[2].rpartition(' ORDER BY ')[0]})" for q in some
                )
                if some and not self._rows(f"SELECT 1 FROM {scan}{terms} LIMIT 1"):
                    passed.update(some)
        if self._rows(
            "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [NUMBERS_INDEX]
        ):
            passed.add(_NUMBERS_TAKEN)
        for sql, say in queries:
            if sql in passed:
                continue
            for row in self._rows(sql):
                add(f"{row[0]} row {row[1]}", say.format(*row[2:]))
        # a hand dated after tomorrow: no command records one (a day of slack for another
        # device's time zone, as for a payment); the guards let any day to `LAST_DAY` in
        tomorrow = (date.today() + timedelta(days=1)).isoformat()
        for row_id, day in self._rows(
            "SELECT id, date FROM hands WHERE date > ? AND date <= ? ORDER BY id",
            [tomorrow, LAST_DAY],
        ):
            add(f"hands row {row_id}", f"holds the date {day!r}, after tomorrow: in the future")
        # what SQL cannot read (cards...), streamed: memory does not grow with the ledger
        cards = " OR ".join(f"{c} IS NOT NULL" for c in _PYTHON_READS)
        sql = f"SELECT * FROM hands WHERE {cards} ORDER BY id"
        for row_id, wrong in self._stream(sql, [], _damage_of):
            if wrong is not None and f"hands row {row_id}" not in named:
                add(f"hands row {row_id}", wrong)
        for table in ("players", "matches"):
            for row_id, name in self._rows(f"SELECT id, name FROM {table} ORDER BY id"):
                wrong = name_damage(name)
                if wrong is not None:
                    add(f"{table} row {row_id}", wrong)
        for match_id, side, name in self._rows(
            "SELECT match_id, side, name FROM teams WHERE name IS NOT NULL ORDER BY match_id, side"
        ):
            wrong = name_damage(name)
            if wrong is not None:
                add(f"teams row (match id {match_id}, side {side})", wrong)
        current = self.setting("current_match")
        if current is not None and not (
            current.isdigit() and self._rows("SELECT 1 FROM matches WHERE id = ?", [int(current)])
        ):
            add("settings row current_match", f"{current!r} names no match")
        known = {"current_match", *settings}
        for (key,) in self._rows("SELECT key FROM settings ORDER BY key"):
            if key not in known:
                add(f"settings row {key!r}", "is not a setting gintally knows")
        for where, what in self._money_damage():
            add(where, what)
        tables = {r[0] for r in self._rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table, column in _SHOWN_TEXT:
            if table in tables:
                sql = f"SELECT rowid, {column} FROM {table} WHERE {control_sql(column)}"
                for row_id, value in self._rows(sql + " ORDER BY rowid"):
                    add(f"{table} row {row_id}", _text_damage(column, value) or "")
        applied = schema_applied(self.conn)
        if "m013_identities" in applied:
            unique = self._rows("SELECT 1 FROM sqlite_master WHERE name = 'hands_uid'")
            for sql, say in _IDENTITIES[: -1 if unique else None]:
                for row in self._rows(sql):
                    add(f"{row[0]} row {row[1]}", say.format(*row[2:]))
        have = {r[0] for r in self._rows("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        try:
            altered = set(changed(self.conn))
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        have -= altered
        if "m011_guards" in schema_applied(self.conn):
            indexes = self._rows("SELECT name FROM sqlite_master WHERE type = 'index'")
            if NUMBERS_INDEX not in {r[0] for r in indexes} and not any(
                what.startswith("has hand number") for _, what in found
            ):
                add(
                    f"schema index {NUMBERS_INDEX}",
                    "is missing (dropped by another tool): hand numbers may be repeated",
                )
            for name in triggers():
                if name not in have:
                    add(
                        f"schema trigger {name}",
                        f"{_GONE[name in altered]}: rows written since may be damaged",
                    )
        if "m015_cache_guards" in applied:
            for name in cache_triggers():
                if name not in have:
                    add(f"schema trigger {name}", f"{_GONE[name in altered]}: {_CACHES_UNUSED}")
        for match_id in [int(r[0]) for r in self._rows("SELECT match_id FROM replay_marks")]:
            try:
                marks.load(self.conn, match_id)
            except marks.BadMark as e:
                add(f"replay_marks row {match_id}", f"{e} (a cache: it is ignored)")
        return found

    def _money_damage(self) -> list[tuple[str, str]]:
        """The rows of ``stakes`` and ``payments`` that `stake_damage` and `payment_damage`
        find wrong, as (where, what)."""
        tables = {r[0] for r in self._rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "payments" not in tables:
            return []  # a ledger read as it is, from before stakes and payments
        found = []
        for r in self._rows("SELECT * FROM stakes ORDER BY id"):
            wrong = stake_damage(r)
            if wrong is not None:
                found.append((f"stakes row {r['id']}", wrong))
        stakes = {r[1] for r in self._rows("PRAGMA table_info(stakes)", [])}
        if "after_hand" in stakes:  # `m019_stake_after_hand`
            named = {where for where, _ in found}
            for row_id, uid, name in self._rows(_UNHELD_START):
                if f"stakes row {row_id}" not in named:
                    shown = visible(uid) if isinstance(uid, str) else repr(uid)
                    found.append(
                        (
                            f"stakes row {row_id}",
                            f"starts after hand '{shown}', which match {name!r} does not hold "
                            "(it prices nothing)",
                        )
                    )
        rows = self._rows("SELECT * FROM payments ORDER BY id")
        players = self.players_of({r["match_id"] for r in rows})
        places = {  # a match keeps its first price's places
            r[0]: r[1]
            for r in self._rows(  # each match's first price found once, not once a price
                "SELECT match_id, places FROM stakes WHERE id IN "
                "(SELECT min(id) FROM stakes GROUP BY match_id)"
            )
            if type(r[1]) is int
        }
        for r in rows:
            wrong = payment_damage(r, players.get(r["match_id"], ()), places.get(r["match_id"]))
            if wrong is not None:
                found.append((f"payments row {r['id']}", wrong))
        return found

    def players_of(self, match_ids: Collection[int]) -> dict[int, frozenset[int]]:
        """The players of each of these matches (both seats, and every team member)."""
        if not match_ids:
            return {}
        marks = ",".join("?" * len(match_ids))
        found: dict[int, set[int]] = {}
        for match_id, player in self._rows(
            f"SELECT id, player_a FROM matches WHERE id IN ({marks}) UNION ALL "
            f"SELECT id, player_b FROM matches WHERE id IN ({marks}) UNION ALL "
            f"SELECT match_id, player_id FROM team_members WHERE match_id IN ({marks})",
            [*match_ids, *match_ids, *match_ids],
        ):
            found.setdefault(match_id, set()).add(player)
        return {k: frozenset(v) for k, v in found.items()}

    def forget_fold(self, match: Match, season: str) -> None:
        """Drop one cached season fold of the match (a cache: the next reader makes it again)."""
        with self.write(change=False) as conn:
            conn.execute(
                "DELETE FROM season_folds WHERE match_id = ? AND season = ?", [match.id, season]
            )

    def restore_guards(self, numbers: bool = True) -> list[str]:
        """Put back every guard, cache trigger and index another tool dropped, dropping the
        caches when a trigger was gone (`guards.restore`; the unique index of hand numbers
        unless not `numbers`), in a write of its own; nothing is written when none is missing.
        The names put back."""
        if self.read_only or "m015_cache_guards" not in schema_applied(self.conn):
            return []
        try:
            if not missing(self.conn, numbers):
                return []
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        with self.write(change=False) as conn:
            return restore(conn, numbers)


_GONE = {  # a guard or cache trigger: dropped (False) or changed in place (True)
    False: "is missing (dropped by another tool)",
    True: "is not gintally's own (changed by another tool)",
}
_CACHES_UNUSED = (
    "the cached seasons and replay marks are not used until 'gintally check --repair' or the "
    "next write puts it back"
)


def _damage_of(row: sqlite3.Row) -> tuple[int, str | None]:
    """A hands row's id and what `hand_damage` finds wrong with it (a value of the wrong type,
    which the queries of `_DAMAGE` name, is left to them)."""
    try:
        return row["id"], hand_damage(dict(zip(row.keys(), row, strict=True)))
    except TypeError:
        return row["id"], None


_KINDS = "(" + ", ".join(f"'{k}'" for k in sorted(KINDS)) + ")"  # every kind the game knows
_CLAIMS = "(" + ", ".join(f"'{k}'" for k in sorted(CLAIMS)) + ")"  # every claim a command types
_PLAYER_COLUMNS = ("winner", "knocker", "dealer")
# what only Python reads in full (the rest of a row is looked at by the queries of `_DAMAGE`)
_PYTHON_READS = ("knocker_cards", "defender_cards", "layoffs", "upcard", "note")
_IN_LEDGER = "EXISTS (SELECT 1 FROM players p WHERE p.id = {})"

# two first versions of hands of one match with one number (what `NUMBERS_INDEX` forbids)
_NUMBERS_TAKEN = (
    "SELECT 'hands', h.id, h.number, o.number AS n, o.id FROM hands h JOIN hands o "
    "ON o.match_id = h.match_id AND o.number = h.number AND o.hand_id < h.hand_id "
    "AND o.id = o.hand_id WHERE h.id = h.hand_id "
    "AND o.hand_id = (SELECT min(x.hand_id) FROM hands x WHERE x.match_id = h.match_id "
    "AND x.number = h.number) ORDER BY h.id"
)
# the queries of single rows of hands (with their match), by how they start and what their
# condition follows: a sound ledger is scanned once for all of them
_ONE_PASS = (
    ("SELECT 'hands', id, ", " FROM hands WHERE "),
    ("SELECT 'hands', h.id, ", " FROM hands h JOIN matches m ON m.id = h.match_id WHERE "),
)
# the queries of hands that look at the date alone, and the distinct dates of the hands
# (``LIMIT -1``: the condition is not pushed into the rows)
_DATES = (
    "SELECT 'hands', id, quote(date) FROM hands "
    "WHERE typeof(date) != 'text' OR date(date, '+0 days') IS NOT date ORDER BY id",
    f"SELECT 'hands', id, quote(date) FROM hands WHERE date NOT BETWEEN '{FIRST_DAY}' AND "
    f"'{LAST_DAY}' AND typeof(date) = 'text' AND date(date, '+0 days') IS date ORDER BY id",
)
_DISTINCT_DATES = "(SELECT DISTINCT date FROM hands LIMIT -1) WHERE "
# the values of a hand the queries of single rows look at, besides its date and number (each
# distinct set of them is asked: an INTEGER column holds no real equal to a whole number, a
# TEXT column no number, so no two values alike for DISTINCT differ for those queries)
_VALUE_COLUMNS = (
    "points",
    "winner",
    "knocker",
    "dealer",
    "knocker_deadwood",
    "defender_deadwood",
    "other_points",
    "kind",
    "claim",
)
_DISTINCT_VALUES = "(SELECT DISTINCT {} FROM hands LIMIT -1) WHERE "
# Stored text shown to people besides names, notes, stakes and payments (`_text_damage`)
_SHOWN_TEXT = (("corrections", "reason"), ("payment_voids", "reason"), ("imports", "source"))
# The identities (`identity`): a uid of 32 lowercase hex digits on every row, one hand's
# (its first version's) in the hands' table (the unique index `hands_uid` keeps it so: the last
# query is asked only when another tool dropped it).
# SQL: a row's uid is missing (NULL, cleared, or not 32 characters long: what an export asks of
# every hand, cheaply), or no identity at all (what `check` asks)
UID_MISSING = "uid IS NULL OR typeof(uid) != 'text' OR length(uid) != 32"
UID_DAMAGE = f"{UID_MISSING} OR uid GLOB '*[^0-9a-f]*'"
UID_SAYS = "holds the uid {}, not an identity (32 hex digits)"  # (its value, quoted)
_IDENTITIES: list[tuple[str, str]] = [
    *(
        (
            f"SELECT '{table}', {key}, quote(uid) FROM {table} WHERE {UID_DAMAGE} ORDER BY {key}",
            UID_SAYS,
        )
        for table, key in (
            ("players", "id"),
            ("matches", "id"),
            ("hands", "id"),
            ("corrections", "id"),
            ("stakes", "id"),
            ("payments", "id"),
        )
    ),
    (
        "SELECT 'hands', h.id, o.id FROM hands h JOIN hands o ON o.uid = h.uid AND o.id < h.id "
        "AND o.id = o.hand_id WHERE h.id = h.hand_id ORDER BY h.id",
        "has the uid of another hand (hands row {})",
    ),
]
# (query, message): each query yields (table, row id, values for the message...).
_DAMAGE: list[tuple[str, str]] = [
    (
        "SELECT 'matches', id, c, quote(v) FROM (SELECT id, 'player_a' AS c, player_a AS v "
        "FROM matches UNION ALL SELECT id, 'player_b', player_b FROM matches) m "
        f"WHERE NOT {_IN_LEDGER.format('m.v')} ORDER BY id, c",
        "names {} {}, who is not in the ledger (a deleted player)",
    ),
    (
        "SELECT 'matches', id, quote(season_start) FROM matches WHERE NOT "
        "(season_start GLOB '[0-1][0-9]-[0-3][0-9]' "
        "AND date('2001-' || season_start, '+0 days') IS '2001-' || season_start) ORDER BY id",
        "holds the season start {}, not MM-DD (a day every year has)",
    ),
    (
        "SELECT 'matches', id, quote(first_dealer) FROM matches WHERE first_dealer IS NOT NULL "
        "AND first_dealer NOT IN (player_a, player_b) ORDER BY id",
        "names the first dealer {}, who is not one of its players",
    ),
    (
        "SELECT 'team_members', rowid, match_id, side, seat, player_id FROM team_members t "
        f"WHERE NOT {_IN_LEDGER.format('t.player_id')} ORDER BY rowid",
        "(match id {}, side {}, seat {}) names player {}, who is not in the ledger "
        "(a deleted player)",
    ),
    (_DATES[0], "has no readable date ({})"),
    (_DATES[1], f"has the date {{}}, out of range ({FIRST_DAY} to {LAST_DAY})"),
    *(
        (
            f"SELECT 'hands', id, quote({c}) FROM hands "
            f"WHERE typeof({c}) != 'integer' {'AND ' + c + ' IS NOT NULL' if c != 'points' else ''}"
            " ORDER BY id",
            f"holds {c} {{}}, not a whole number",
        )
        for c in ("points", "number", *_PLAYER_COLUMNS)
    ),
    (
        f"SELECT 'hands', id, points FROM hands WHERE typeof(points) = 'integer' "
        f"AND points NOT BETWEEN 0 AND {MOST} ORDER BY id",
        "holds points {}, negative or more than any hand scores",
    ),
    *(
        (
            f"SELECT 'hands', id, quote({c}) FROM hands WHERE {c} IS NOT NULL AND "
            f"(typeof({c}) != 'integer' OR {c} NOT BETWEEN {low} AND {MOST}) ORDER BY id",
            f"holds {c} {{}}, not a count" if low == 0 else f"holds {c} {{}}",
        )
        for c, low in (("knocker_deadwood", 0), ("defender_deadwood", 0), ("other_points", -MOST))
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
        f"SELECT 'hands', id, quote(claim) FROM hands WHERE claim NOT IN {_CLAIMS} ORDER BY id",
        "holds the unknown claim {}",
    ),
    (
        _NUMBERS_TAKEN,
        "has hand number {}, the number of another hand of its match (hand {}, hands row {})",
    ),
    (
        "SELECT 'hands', h.id, h.hand_id, o.match_id, h.match_id FROM hands h "
        "JOIN hands o ON o.hand_id = h.hand_id AND o.id < h.id AND o.match_id != h.match_id "
        # only a hand key with two rows or more can have one (a few edited hands, not every
        # row), and such a key has a row whose id is not the key (one scan of an index)
        "WHERE h.hand_id IN (SELECT hand_id FROM hands WHERE id != hand_id) "
        "AND o.id = (SELECT min(id) FROM hands WHERE hand_id = h.hand_id) ORDER BY h.id",
        "is a version of hand key {} of match id {}, moved to match id {}",
    ),
    (
        "SELECT 'corrections', c.id, c.action, c.hand_id FROM corrections c "
        "WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = c.hand_id) ORDER BY c.id",
        "is a {} of hand key {}, which is not in the ledger",
    ),
    (
        "SELECT 'corrections', c.id, c.hand_id, quote(c.replacement) FROM corrections c "
        "WHERE c.action = 'replace' AND EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = "
        "c.hand_id) AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.id = c.replacement "
        "AND h.hand_id = c.hand_id) ORDER BY c.id",
        "replaces hand key {} by {}, which is no version of that hand",
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
