"""The matches of a ledger: creating, finding, choosing and renaming them, and their teams.

Terminology
- match: two players (or two teams), a scoring format and the rule set frozen at its creation
  (``matches``; see `schema`).
- current match: the match a command uses when none is named: the one last created or chosen
  with `Matches.use_match` (the setting ``current_match``).
- team match: a match of two teams (``teams``, ``team_members``), its players seated in table
  order; its ``player_a`` and ``player_b`` are its first table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace

from gintally.engine.formats import Format
from gintally.engine.seasons import parse_season_start
from gintally.errors import GintallyError, LedgerError, NotFoundError, visible
from gintally.game.rules import RuleSet
from gintally.ledger import files
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.damage import CHECK_HINT
from gintally.ledger.guards import name_damage
from gintally.ledger.identity import random_uid
from gintally.ledger.people import clean_name, damaged_player, player_or_new
from gintally.model import Match, Player, Team, fold

_MATCH_SQL = (  # a player who is not in the ledger reads as a NULL name: the match is damaged
    "SELECT m.*, a.name AS a_name, b.name AS b_name FROM matches m "
    "LEFT JOIN players a ON a.id = m.player_a LEFT JOIN players b ON b.id = m.player_b"
)


def damaged_match(row_id: object, name: object, what: str) -> LedgerError:
    """The one line a command prints when it meets a damaged row of a match."""
    shown = visible(name) if isinstance(name, str) else repr(name)
    return LedgerError(
        f"the ledger is damaged: matches row {row_id} (match '{shown}') {what}; {CHECK_HINT}"
    )


# The tables whose rows belong to one match (``match_id``), emptied of it when it is deleted,
# the rows that refer to others first.
MATCH_TABLES = (
    "replay_marks",
    "season_folds",
    "imports",
    "payments",
    "stakes",
    "hands",
    "team_members",
    "teams",
)


class Matches(LedgerCore):
    """The matches of an open ledger (a part of `Ledger`)."""

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
        clean = clean_name(name, "match")
        if teams is not None:
            players = (teams[0][1][0], teams[1][1][0])
        if fold(players[0]) == fold(players[1]):
            raise GintallyError(f"a match needs two different players, not {players[0]!r} twice")
        if first_dealer is not None and fold(first_dealer) not in {fold(p) for p in players}:
            raise NotFoundError(f"the first dealer {first_dealer!r} is not one of the players")
        with self.write() as conn:
            if conn.execute("SELECT 1 FROM matches WHERE fold(name) = fold(?)", [clean]).fetchone():
                raise GintallyError(f"there is already a match named {clean!r}")
            a = player_or_new(conn, players[0])
            b = player_or_new(conn, players[1])
            dealer = None
            if first_dealer is not None:
                dealer = a.id if fold(first_dealer) == fold(a.name) else b.id
            cur = conn.execute(
                "INSERT INTO matches(name, player_a, player_b, format, games, rolling, "
                "season_start, rules, first_dealer, created_at, uid) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
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
                    timestamp(),
                    random_uid(),
                ],
            )
            match_id = int(cur.lastrowid or 0)
            for side, (team_name, members) in enumerate(teams or []):
                conn.execute(
                    "INSERT INTO teams(match_id, side, name) VALUES (?, ?, ?)",
                    [match_id, side, clean_name(team_name, "team") if team_name else None],
                )
                for seat, member in enumerate(members):
                    conn.execute(
                        "INSERT INTO team_members(match_id, side, seat, player_id) "
                        "VALUES (?, ?, ?, ?)",
                        [match_id, side, seat, player_or_new(conn, member).id],
                    )
            self._set(conn, "current_match", str(match_id))
        return self.match_by_id(match_id)

    def _match(self, row: sqlite3.Row) -> Match:
        wrong = name_damage(row["name"])
        if wrong is not None:
            raise damaged_match(row["id"], row["name"], wrong)
        for column in ("player_a", "player_b"):
            name = row["a_name" if column == "player_a" else "b_name"]
            if name is None:
                raise damaged_match(
                    row["id"],
                    row["name"],
                    f"names {column} {row[column]!r}, who is not in the ledger (a deleted player)",
                )
            wrong = name_damage(name)
            if wrong is not None:
                raise damaged_player(row[column], wrong)
        try:
            month, day = parse_season_start(str(row["season_start"]))
        except GintallyError:
            raise damaged_match(
                row["id"], row["name"], f"holds the season start {row['season_start']!r}, not MM-DD"
            ) from None
        try:
            rules = RuleSet.from_json(row["rules"])
            fmt = Format(row["format"], row["games"], bool(row["rolling"]), (month, day))
        except (GintallyError, ValueError) as e:
            raise LedgerError(f"match {row['name']!r} in {self.path} cannot be read: {e}") from None
        if row["first_dealer"] is not None and row["first_dealer"] not in (
            row["player_a"],
            row["player_b"],
        ):
            raise damaged_match(
                row["id"],
                row["name"],
                f"names the first dealer {row['first_dealer']!r}, who is not one of its players",
            )
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
                "SELECT m.side, m.seat, m.player_id AS id, p.name FROM team_members m "
                "LEFT JOIN players p ON p.id = m.player_id WHERE m.match_id = ? "
                "ORDER BY m.side, m.seat",
                [match_id],
            ).fetchall()
        except sqlite3.OperationalError:
            return None  # a ledger opened read-only before its teams tables existed
        except sqlite3.Error as e:
            raise files.translate(self.path, e) from None
        sides: list[list[Player]] = [[], []]
        for r in members:
            if r["name"] is None:
                raise LedgerError(
                    f"the ledger is damaged: team_members of match '{visible(match_name)}' "
                    f"name player {r['id']!r}, who is not in the ledger (a deleted player); "
                    f"{CHECK_HINT}"
                )
            wrong = name_damage(r["name"])
            if wrong is not None:
                raise damaged_player(r["id"], wrong)
            sides[r["side"]].append(Player(r["id"], r["name"]))
        sizes = [len(s) for s in sides]
        if [r["side"] for r in names] != [0, 1] or sizes[0] != sizes[1] or sizes[0] < 2:
            raise LedgerError(
                f"match {match_name!r} in {self.path} cannot be read: its teams are damaged "
                f"({sizes[0]} and {sizes[1]} members)"
            )
        for r in names:
            if r["name"] is not None and name_damage(r["name"]) is not None:
                raise LedgerError(
                    f"the ledger is damaged: teams row of match '{visible(match_name)}' side "
                    f"{r['side']} {name_damage(r['name'])}; {CHECK_HINT}"
                )
        return (
            Team(tuple(sides[0]), names[0]["name"]),
            Team(tuple(sides[1]), names[1]["name"]),
        )

    def matches(self) -> list[Match]:
        return [self._match(r) for r in self._rows(_MATCH_SQL + " ORDER BY m.id")]

    def match_by_id(self, match_id: int) -> Match:
        rows = self._rows(_MATCH_SQL + " WHERE m.id = ?", [match_id])
        if not rows:
            raise NotFoundError(f"no match with id {match_id}")
        return self._match(rows[0])

    def match(self, name: str | None = None) -> Match:
        """A match by name (case-insensitive), or the current match: the one last created or
        chosen with `use_match`."""
        if name is not None:
            rows = self._rows(_MATCH_SQL + " WHERE fold(m.name) = fold(?) ORDER BY m.id", [name])
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
            rows = self._rows(_MATCH_SQL + " WHERE m.id = ?", [int(current)])
        if not rows:
            rows = self._rows(_MATCH_SQL + " ORDER BY m.id DESC LIMIT 1")
        if not rows:
            raise NotFoundError("there is no match yet: create one with 'gintally match new'")
        return self._match(rows[0])

    def _match_names(self, most: int = 20) -> str:
        """The matches, named for a refusal: the first `most` by name, and how many more."""
        names = [r[0] for r in self._rows("SELECT name FROM matches ORDER BY fold(name), id")]
        if not names:
            return "there is no match yet: create one with gintally match new"
        more = f" and {len(names) - most} more (gintally match list)" if len(names) > most else ""
        return f"the matches are: {', '.join(visible(str(n)) for n in names[:most])}{more}"

    def use_match(self, name: str) -> Match:
        match = self.match(name)
        with self.write() as conn:
            self._set(conn, "current_match", str(match.id))
        return match

    def rename_match(self, old: str, new: str) -> Match:
        clean = clean_name(new, "match")
        with self.write() as conn:
            match = self.match(old)
            if conn.execute(
                "SELECT 1 FROM matches WHERE fold(name) = fold(?) AND id != ?", [clean, match.id]
            ).fetchone():
                raise GintallyError(f"there is already a match named {clean!r}")
            conn.execute("UPDATE matches SET name = ? WHERE id = ?", [clean, match.id])
        return replace(match, name=clean)

    def delete_match(self, name: str) -> tuple[Match, int]:
        """Remove a match and everything of it (its hands with their corrections, prices,
        payments and those taken back, imports, teams, caches), in one write; its players stay.
        The match removed and how many hands it had (live or not)."""
        with self.write() as conn:
            match = self.match(name)
            hands = conn.execute(
                "SELECT count(*) FROM hands WHERE match_id = ? AND id = hand_id", [match.id]
            ).fetchone()[0]
            mine = "SELECT id FROM hands WHERE match_id = ?"
            conn.execute(f"DELETE FROM corrections WHERE hand_id IN ({mine})", [match.id])
            conn.execute(
                "DELETE FROM payment_voids WHERE uid IN "
                "(SELECT uid FROM payments WHERE match_id = ?)",
                [match.id],
            )
            if conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stake_voids'"
            ).fetchone():
                conn.execute(
                    "DELETE FROM stake_voids WHERE uid IN "
                    "(SELECT uid FROM stakes WHERE match_id = ?)",
                    [match.id],
                )
            for table in MATCH_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE match_id = ?", [match.id])
            conn.execute(
                "DELETE FROM settings WHERE key = 'current_match' AND value = ?", [str(match.id)]
            )
            conn.execute("DELETE FROM matches WHERE id = ?", [match.id])
        return match, int(hands)

    def several_matches(self) -> bool:
        """Whether the ledger holds more than one match (a confirmation then names its match)."""
        return bool(self._rows("SELECT 1 FROM matches LIMIT 1 OFFSET 1"))

    def match_ids(self) -> list[int]:
        """Every match's id, oldest first (what `check` walks)."""
        return [int(r[0]) for r in self._rows("SELECT id FROM matches ORDER BY id")]
