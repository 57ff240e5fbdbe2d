"""The ledger's schema: the numbered migrations that create and change it, and nothing else.

Tables (created and changed only through the migrations below, applied with
`sqlite_utils.Migrations` whenever a ledger is opened; append only: never edit one that shipped):

- ``players(id, name, created_at)``: a person; ``name`` is unique without regard to case.
  Renaming changes the name, never the id, so a person's record is never split.
- ``matches(id, name, player_a, player_b, format, games, rolling, season_start, rules,
  first_dealer, created_at)``: two players, a scoring format with its options, and the full
  resolved rule set as versioned JSON (`RuleSet.to_json`), frozen at creation.
- ``hands(id, hand_id, match_id, date, claim, kind, winner, points, knocker, knocker_deadwood,
  defender_deadwood, knocker_cards, defender_cards, layoffs, upcard, dealer, note, created_at,
  number, other_points, extras)``: append-only. Each row is one version of a hand: ``hand_id`` is
  the hand's identity in the ledger (the ``id`` of its first version; corrections point at it),
  ``number`` its public number in its match (1, 2, 3... in the order the hands were entered,
  given when the first version is written: `m003_hand_numbers`). An edit appends a new version
  with the same ``hand_id`` and ``number``, so the hand keeps its number and its place, and uses
  up none. ``claim`` is the command typed (knock, gin, big-gin, draw, misdeal, score, sour),
  ``kind`` what it turned out to be (a knock may be an undercut). The typed inputs are kept as
  typed; ``winner`` and ``points`` are computed when recorded. For a draw, ``knocker_deadwood``
  and ``defender_deadwood`` hold the two players' counts in match order. In a variant where both
  players score (Mahjong gin) ``other_points`` holds what the player who did not win the hand
  scored (computed; it may be negative) and ``defender_deadwood`` the cards left in the other
  player's hand. ``extras`` is what the match's variant stores with a hand beyond these columns,
  one JSON object written and read by the variant alone (`gintally.game.variants`; NULL when it
  stores nothing): Mahjong's cards on the table (``knocker_table``, ``defender_table``, counted,
  and ``knocker_table_cards``, ``defender_table_cards`` as typed), Gimlet Rummy's four discard
  piles (``piles``: ``S,H,D,C``). A sour deal is won by the phantom, with the player as
  ``knocker`` (`m007_game_kinds`, `m010_variant_extras`).
- ``corrections(id, hand_id, action, replacement, reason, created_at)``: append-only; ``action``
  is ``void`` or ``replace`` (``replacement`` is then the new ``hands.id``).
- ``teams(match_id, side, name)`` and ``team_members(match_id, side, seat, player_id)``: the
  two teams of a team match (side 0 or 1) and their members in table order (``seat`` 0, 1, ...:
  the seat-th members of the two sides face each other). ``name`` is NULL unless the team was
  named, so an unnamed team's name (its members joined by " & ") follows a renamed player. A team
  match's ``player_a`` and ``player_b`` are its first table; a two-player match has no rows here.
- ``settings(key, value)``: preferences, such as the current match.
- views ``hands_view`` and ``matches_view`` (`create_views`): the same facts with names
  instead of ids, for Datasette and ``sqlite-utils`` users; derived, never written to.
- ``imports(id, match_id, digest, source, hands, first_hand, last_hand, created_at)``: one row per
  import, so that the same file is not imported into a match twice by mistake: ``digest`` is
  the SHA-256 of the hands as read (`transfer.digest`), ``source`` the file's name, and
  ``first_hand``..``last_hand`` the hand numbers the import took (NULL when it had no hand).
- ``stakes(id, uid, match_id, amount, currency, places, from_date, series_amount, created_at)``: a
  match's price per point (``amount``, decimal digits as text, never a float) in a currency with
  ``places`` minor-unit decimals, from ``from_date`` on (NULL: from the start); a later row
  changes the price from its date (`m012_payments`). ``series_amount``: the price of a series won,
  if the series has one; ``uid`` its stable identity (an ordered uid, `identity`), as a payment's.
  ``after_hand`` (`m019_stake_after_hand`): the uid of the hand a first price set without a date
  starts after (it prices the games begun after that hand); NULL otherwise.
- ``payments(id, uid, match_id, from_player, to_player, amount, date, note, after_hand,
  created_at)``: money handed over (`gintally pay`), append-only; ``uid`` is its stable identity
  (an ordered uid, `identity`; a uuid4's hex when recorded by an older gintally), ``match_id`` the
  match it was recorded in and ``after_hand`` that match's last hand number then (what `undo`
  compares). ``payment_voids(uid, reason, created_at)``: a payment taken back; it stays in
  ``payments`` as history. ``stake_voids(uid, reason, created_at)`` (`m017_stake_voids`): a price
  taken back (`undo`); it stays in ``stakes`` as history.
- ``uid`` (`m013_identities`) on ``players``, ``matches``, ``hands`` and ``corrections``: each
  fact's identity, made where it was first recorded and kept through export, import, backup and
  merge (`identity`). Every version of a hand carries its hand's uid (unique among first
  versions: ``hands_uid ... WHERE id = hand_id``); a correction has its own. NULL only in a row
  another program wrote.
- ``replay_marks(match_id, cut_date, cut_hand, games, dealer, season, finished, hands_row,
  corrections_row, series, digest, carried)``: a disposable cache, not a fact (see `marks`;
  ``carried``: `m021_season_marks`). Deleting it loses nothing. Triggers (``forget_marks_*``)
  drop a match's row when one of its hand rows, corrections or rules is changed or deleted in
  place (gintally itself only appends facts).
- ``season_folds(match_id, season, first_day, end_day, figures, resume, hands_row,
  corrections_row, digest)`` (`m014_season_folds`): a disposable cache, not a fact (see
  `folds`): each finished season of a match folded once. Deleting it loses nothing. Triggers
  (``forget_folds_*``) drop a match's rows when one of its hand rows, corrections or rules is
  changed or deleted in place; ``forget_caches_*`` (`m015_cache_guards`) drop every fold and
  mark that has seen a row id at or above one written since (a row restored below them).
- guards (``guard_*``, `m011_guards`, `guards.triggers`): triggers that refuse a row gintally
  could not use, written by gintally or any other SQLite tool: an unknown kind or claim, a date
  that is no real date from 1900 to 2999, a negative count, points beyond any hand's, a player
  or match that is not in the ledger, a second hand with a hand's number, a name with a control
  character, a bad setting; a player or match still referred to cannot be deleted.

A hand is live when it has no ``void`` correction; its live version is its newest row. Live
hands are ordered by (date, number): a back-dated hand takes its place by date, and hands of one
day in the order they were entered. No running total is stored anywhere: games and standings
are replayed from the live hands (`engine`).

The file carries ``PRAGMA application_id`` = `APPLICATION_ID`, so a foreign SQLite file is
recognised, and a ledger whose migrations this gintally does not know is refused as newer.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gintally.errors import LedgerError
from gintally.ledger import guards, identity, lock
from gintally.ledger.guards import NUMBERS_INDEX_SQL, triggers
from gintally.ledger.newest import STANDING_VOID, STANDING_VOID_BY_ROW
from gintally.model import LEGACY_EXTRAS

APPLICATION_ID = 0x47494E54  # "GINT" in the SQLite header, so foreign files are recognised
MIGRATION_SET = "gintally"
MIGRATION_NAMES = (
    "m001_initial",
    "m002_replay_marks",
    "m003_hand_numbers",
    "m004_views",
    "m005_teams",
    "m006_imports",
    "m007_game_kinds",
    "m008_mark_guards",
    "m009_views_again",
    "m010_variant_extras",
    "m011_guards",
    "m012_payments",
    "m013_identities",
    "m014_season_folds",
    "m015_cache_guards",
    "m016_restores",
    "m017_stake_voids",
    "m018_void_order",
    "m019_stake_after_hand",
    "m020_settled_marks",
    "m021_season_marks",
    "m022_winner_by_totals",
)


def build_migrations() -> Any:
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

    @migrations(name="m003_hand_numbers")
    def m003_hand_numbers(db: Any) -> None:
        """Number the hands per match, 1, 2, 3... in the order they were entered (the order of
        their first versions' row ids, which is what ``hand_id`` holds); every version of a
        hand gets its hand's number. Play order becomes (date, number), the same order as
        (date, hand_id) within a match. The replay marks cut at hand_ids: they are a cache, so
        they are dropped and found again."""
        db.execute("ALTER TABLE hands ADD COLUMN number INTEGER NOT NULL DEFAULT 0")
        db.execute("CREATE TEMP TABLE m003_numbers (hand_id INTEGER PRIMARY KEY, number INTEGER)")
        db.execute(
            "INSERT INTO m003_numbers(hand_id, number) "
            "SELECT hand_id, row_number() OVER (PARTITION BY match_id ORDER BY hand_id) "
            "FROM (SELECT hand_id, min(match_id) AS match_id FROM hands GROUP BY hand_id)"
        )
        db.execute(
            "UPDATE hands SET number = "
            "(SELECT n.number FROM m003_numbers n WHERE n.hand_id = hands.hand_id)"
        )
        db.execute("DROP TABLE m003_numbers")
        db.execute("DROP INDEX hands_play_order")
        db.execute("CREATE INDEX hands_play_order ON hands(match_id, date, number)")
        db.execute("CREATE INDEX hands_number ON hands(match_id, number)")
        db.execute("DELETE FROM replay_marks")

    @migrations(name="m004_views")
    def m004_views(db: Any) -> None:
        create_views(db)

    @migrations(name="m005_teams")
    def m005_teams(db: Any) -> None:
        db.execute("""
            CREATE TABLE teams (
                match_id INTEGER NOT NULL REFERENCES matches(id),
                side INTEGER NOT NULL CHECK (side IN (0, 1)),
                name TEXT,
                PRIMARY KEY (match_id, side)
            )""")
        db.execute("""
            CREATE TABLE team_members (
                match_id INTEGER NOT NULL REFERENCES matches(id),
                side INTEGER NOT NULL CHECK (side IN (0, 1)),
                seat INTEGER NOT NULL CHECK (seat >= 0),
                player_id INTEGER NOT NULL REFERENCES players(id),
                PRIMARY KEY (match_id, side, seat)
            )""")
        db.execute("CREATE INDEX team_members_player ON team_members(player_id)")

    @migrations(name="m006_imports")
    def m006_imports(db: Any) -> None:
        db.execute("""
            CREATE TABLE imports (
                id INTEGER PRIMARY KEY,
                match_id INTEGER NOT NULL REFERENCES matches(id),
                digest TEXT NOT NULL,
                source TEXT NOT NULL,
                hands INTEGER NOT NULL,
                first_hand INTEGER,
                last_hand INTEGER,
                created_at TEXT NOT NULL
            )""")
        db.execute("CREATE INDEX imports_digest ON imports(match_id, digest)")

    @migrations(name="m007_game_kinds")
    def m007_game_kinds(db: Any) -> None:
        """What Mahjong gin, Gimlet Rummy and series need: the other player's points of a hand
        both players score, Mahjong's cards on the table (a count, or the cards), Gimlet's
        discard piles, and the series count of a replay mark. Every new column is empty for the
        hands written before, which is what they were: plain gin."""
        for column in (
            "other_points INTEGER",
            "knocker_table INTEGER",
            "defender_table INTEGER",
            "knocker_table_cards TEXT",
            "defender_table_cards TEXT",
            "piles TEXT",
        ):
            db.execute(f"ALTER TABLE hands ADD COLUMN {column}")
        db.execute("ALTER TABLE replay_marks ADD COLUMN series INTEGER NOT NULL DEFAULT 0")

    @migrations(name="m008_mark_guards")
    def m008_mark_guards(db: Any) -> None:
        """Replay marks carry a checksum of their values (`marks`), and a fact changed in place
        by another tool drops the marks it could make wrong. Existing marks have no checksum:
        they are dropped (a cache) and found again."""
        db.execute("ALTER TABLE replay_marks ADD COLUMN digest TEXT")
        db.execute("DELETE FROM replay_marks")
        for name, body in guards.MARK_GUARDS.items():
            db.execute(f"CREATE TRIGGER {name} {body}")

    @migrations(name="m009_views_again")
    def m009_views_again(db: Any) -> None:
        """The views again, now that the hands have `m007_game_kinds`' columns (``hands_view``
        gains ``other_points`` and ``piles``) and matches may have teams (``matches_view``
        names the teams)."""
        create_views(db)

    @migrations(name="m010_variant_extras")
    def m010_variant_extras(db: Any) -> None:
        """What a variant stores with a hand becomes one JSON column, ``extras``, written and
        read by the variant alone (`gintally.game.variants`): Mahjong's tables and Gimlet's
        piles move into it (keys named as their columns were, only those that hold a value,
        keys sorted, as the variants write them) and their five columns go, so that a new
        variant needs no column of its own. The views are made again without them (``piles``
        stays in ``hands_view``, read from the extras)."""
        db.execute("ALTER TABLE hands ADD COLUMN extras TEXT")
        pairs = ", ".join(f"'{c}', {c}" for c in sorted(LEGACY_EXTRAS))
        present = " OR ".join(f"{c} IS NOT NULL" for c in LEGACY_EXTRAS)
        db.execute(
            f"UPDATE hands SET extras = json_patch('{{}}', json_object({pairs})) WHERE {present}"
        )
        db.execute("DROP VIEW IF EXISTS hands_view")
        db.execute("DROP VIEW IF EXISTS matches_view")
        if sqlite3.sqlite_version_info >= (3, 35):  # DROP COLUMN; older SQLite keeps them unread
            for c in LEGACY_EXTRAS:
                db.execute(f"ALTER TABLE hands DROP COLUMN {c}")
        create_views(db)

    @migrations(name="m011_guards")
    def m011_guards(db: Any) -> None:
        """The guards (`guards.triggers`): triggers that refuse a row gintally could not use,
        whoever writes it, and a unique index of hand numbers (`guards.NUMBERS_INDEX`, unless
        two hands already share one). Rows written before stay as they are: `check` names them,
        and the commands that read one refuse it with one line."""
        for name, body in triggers().items():
            db.execute(f"CREATE TRIGGER {name} {body}")
        duplicates = db.execute(
            "SELECT 1 FROM hands WHERE id = hand_id GROUP BY match_id, number "
            "HAVING count(*) > 1 LIMIT 1"
        ).fetchall()
        if not duplicates:
            db.execute(NUMBERS_INDEX_SQL)

    @migrations(name="m012_payments")
    def m012_payments(db: Any) -> None:
        """Stakes and payments (SPEC section 10): a match's price per point from a date on, and
        money handed over between two players, each payment with a stable ``uid``; a payment
        taken back (`undo`) is a row of ``payment_voids``, so the payment stays as history."""
        db.execute("""
            CREATE TABLE stakes (
                id INTEGER PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                match_id INTEGER NOT NULL REFERENCES matches(id),
                amount TEXT NOT NULL,
                currency TEXT NOT NULL,
                places INTEGER NOT NULL CHECK (places BETWEEN 0 AND 6),
                from_date TEXT,
                series_amount TEXT,
                created_at TEXT NOT NULL
            )""")
        db.execute("CREATE INDEX stakes_match ON stakes(match_id, from_date)")
        db.execute("""
            CREATE TABLE payments (
                id INTEGER PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                match_id INTEGER NOT NULL REFERENCES matches(id),
                from_player INTEGER NOT NULL REFERENCES players(id),
                to_player INTEGER NOT NULL REFERENCES players(id),
                amount TEXT NOT NULL,
                date TEXT NOT NULL,
                note TEXT,
                after_hand INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL,
                CHECK (from_player <> to_player)
            )""")
        db.execute("CREATE INDEX payments_match ON payments(match_id, id)")
        db.execute("""
            CREATE TABLE payment_voids (
                uid TEXT PRIMARY KEY REFERENCES payments(uid),
                reason TEXT,
                created_at TEXT NOT NULL
            )""")

    @migrations(name="m013_identities")
    def m013_identities(db: Any) -> None:
        """Every fact gets the identity it keeps through export, import, backup and merge
        (``uid``, `identity`): players, matches, hands (every version of a hand carries its
        hand's uid; unique among first versions) and corrections. The facts recorded before get
        ids derived from what they store (`identity.derived_uid`, `identity.derived_ordered`),
        so two copies of one old ledger give their common facts the same ids."""
        conn = db.conn
        for table in IDENTIFIED:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN uid TEXT")
        conn.executemany(
            "UPDATE players SET uid = ? WHERE id = ?",
            [
                (identity.derived_uid("player", r), r[0])
                for r in conn.execute("SELECT id, created_at, name FROM players ORDER BY id")
            ],
        )
        conn.executemany(
            "UPDATE matches SET uid = ? WHERE id = ?",
            [
                (identity.derived_uid("match", r), r[0])
                for r in conn.execute(
                    "SELECT id, created_at, player_a, player_b, format, games, rolling, "
                    "season_start, rules, first_dealer FROM matches ORDER BY id"
                )
            ],
        )
        columns = "id, created_at, match_id, number, date, claim, kind, winner, points"
        conn.executemany(
            "UPDATE hands SET uid = ? WHERE id = ?",
            list(
                identity.derived_ordered(
                    conn.execute(f"SELECT {columns} FROM hands WHERE id = hand_id ORDER BY id")
                )
            ),
        )
        conn.execute(
            "UPDATE hands SET uid = (SELECT f.uid FROM hands f WHERE f.id = hands.hand_id) "
            "WHERE id <> hand_id"
        )
        conn.executemany(
            "UPDATE corrections SET uid = ? WHERE id = ?",
            list(
                identity.derived_ordered(
                    conn.execute(
                        "SELECT id, created_at, hand_id, action, replacement, reason "
                        "FROM corrections ORDER BY id"
                    )
                )
            ),
        )
        conn.execute("DELETE FROM replay_marks")  # a cache; the updates above dropped most
        conn.execute("CREATE UNIQUE INDEX players_uid ON players(uid)")
        conn.execute("CREATE UNIQUE INDEX matches_uid ON matches(uid)")
        conn.execute("CREATE UNIQUE INDEX hands_uid ON hands(uid) WHERE id = hand_id")
        conn.execute("CREATE UNIQUE INDEX corrections_uid ON corrections(uid)")

    @migrations(name="m014_season_folds")
    def m014_season_folds(db: Any) -> None:
        """A cache of each finished season's fold, with the triggers that drop a match's folds
        when one of its facts is changed or deleted in place (`folds.TABLE`, `FOLD_GUARDS`)."""
        from gintally.ledger import folds  # here: opening a ledger loads no fold

        db.execute(folds.TABLE)
        for name, body in guards.FOLD_GUARDS.items():
            db.execute(f"CREATE TRIGGER {name} {body}")

    @migrations(name="m015_cache_guards")
    def m015_cache_guards(db: Any) -> None:
        """The triggers that drop the cached folds and marks a row written at or below what
        they have seen would leave stale (`guards.BEHIND`), and the indexes they probe
        (`guards.CACHE_INDEXES`). The caches are dropped: a row written so before may have
        made them stale (the next reader makes them again)."""
        for name, body in guards.BEHIND.items():
            db.execute(f"CREATE TRIGGER IF NOT EXISTS {name} {body}")
        for sql in guards.CACHE_INDEXES.values():
            db.execute(sql.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS", 1))
        db.execute("DELETE FROM season_folds")
        db.execute("DELETE FROM replay_marks")

    @migrations(name="m016_restores")
    def m016_restores(db: Any) -> None:
        """A voided hand can be brought back under its own number (`Hands.restore`): a
        correction of action ``restore``, which the void before it no longer stands after
        (`newest.STANDING_VOID`). The corrections table is made again with the action allowed,
        its rows, indexes and triggers as they were."""
        conn = db.conn
        kept = [
            sql
            for (sql,) in conn.execute(
                "SELECT sql FROM sqlite_master WHERE tbl_name = 'corrections' "
                "AND type IN ('index', 'trigger') AND sql IS NOT NULL"
            )
        ]
        conn.execute("DROP VIEW IF EXISTS hands_view")
        conn.execute("DROP VIEW IF EXISTS matches_view")
        conn.execute("""
            CREATE TABLE corrections_new (
                id INTEGER PRIMARY KEY,
                hand_id INTEGER NOT NULL,
                action TEXT NOT NULL CHECK (action IN ('void', 'replace', 'restore')),
                replacement INTEGER REFERENCES hands(id),
                reason TEXT,
                created_at TEXT NOT NULL,
                uid TEXT
            )""")
        conn.execute(
            "INSERT INTO corrections_new(id, hand_id, action, replacement, reason, created_at, "
            "uid) SELECT id, hand_id, action, replacement, reason, created_at, uid "
            "FROM corrections"
        )
        conn.execute("DROP TABLE corrections")
        conn.execute("ALTER TABLE corrections_new RENAME TO corrections")
        for sql in kept:
            conn.execute(sql)
        create_views(db)

    @migrations(name="m017_stake_voids")
    def m017_stake_voids(db: Any) -> None:
        """A price taken back (`undo`): a row of ``stake_voids`` by the stake's uid, as a
        payment's is in ``payment_voids``; the stake stays as history."""
        db.execute("""
            CREATE TABLE stake_voids (
                uid TEXT PRIMARY KEY REFERENCES stakes(uid),
                reason TEXT,
                created_at TEXT NOT NULL
            )""")

    @migrations(name="m018_void_order")
    def m018_void_order(db: Any) -> None:
        """The views made again: whether a void stands is decided by the corrections' uids,
        not their row ids (`newest.STANDING_VOID`), so a ledger merged from two devices shows
        what the same ledger merged the other way shows."""
        create_views(db)

    @migrations(name="m019_stake_after_hand")
    def m019_stake_after_hand(db: Any) -> None:
        """A first price set without a date starts after a hand, not on a day: ``after_hand``,
        the uid of the match's latest live hand when it was set (NULL: a price from a day, or
        from the start, as every price before)."""
        db.execute("ALTER TABLE stakes ADD COLUMN after_hand TEXT")

    @migrations(name="m020_settled_marks")
    def m020_settled_marks(db: Any) -> None:
        """The replay marks forgotten once: a mark now also vouches that the hands it has seen
        were settled again (`marks`), which a mark kept by an older version never did. A
        cache: the next write's replay keeps a new one."""
        db.execute("DELETE FROM replay_marks")

    @migrations(name="m021_season_marks")
    def m021_season_marks(db: Any) -> None:
        """A mark may lie inside an ad-infinitum season: ``carried``, its open games and the
        games each player won in the season before it (`marks.carried_text`; NULL for a quiet
        point, whose row and checksum stay as they were, so the marks kept so far hold)."""
        db.execute("ALTER TABLE replay_marks ADD COLUMN carried TEXT")

    @migrations(name="m022_winner_by_totals")
    def m022_winner_by_totals(db: Any) -> None:
        """The caches forgotten once: a game now goes to the higher total after its bonuses
        (`engine.games.Game.close`), where an older version gave it to who reached the target,
        so a mark's games won and a season's fold made before may count a game to the other
        player. The next reader makes them again."""
        db.execute("DELETE FROM season_folds")
        db.execute("DELETE FROM replay_marks")

    return migrations


# The tables whose rows are facts with an identity (``uid``, `m013_identities`).
IDENTIFIED = ("players", "matches", "hands", "corrections")


def create_views(db: Any) -> None:
    """(Re)create the readable views, from the columns the tables have now: every migration
    that changes the hands or matches tables calls it again at its end.

    - ``hands_view``: every hand in its newest version, one row each, with names instead of
      ids: match, number (the hand's number in its match), date, kind, claim, winner, points,
      knocker, dealer, the deadwood counts, upcard, note, other_points (what the other player
      scored when both score: Mahjong gin) and piles (Gimlet Rummy's discard piles ``S,H,D,C``)
      once the ledger has them, voided (1 for a voided hand) and edited (1 when corrected).
    - ``matches_view``: one row per match: name, players (``Ann v Bob``; a team match's teams,
      ``Ann & Cy v Bob & Di``), format, games, preset, season start, live hands, first and last
      date, created.
    """
    columns = {r[1] for r in db.execute("PRAGMA table_info(hands)").fetchall()}
    corrected = {r[1] for r in db.execute("PRAGMA table_info(corrections)").fetchall()}
    standing = STANDING_VOID if "uid" in corrected else STANDING_VOID_BY_ROW
    extra = ", h.other_points" if "other_points" in columns else ""  # both players score
    if "extras" in columns:  # a variant's extras: Gimlet's piles
        extra += ", json_extract(h.extras, '$.piles') AS piles"
    elif "piles" in columns:
        extra += ", h.piles"
    db.execute("DROP VIEW IF EXISTS hands_view")
    db.execute("DROP VIEW IF EXISTS matches_view")
    db.execute(f"""
        CREATE VIEW hands_view AS
        SELECT m.name AS match, h.number, h.date, h.kind, h.claim,
            w.name AS winner, h.points, k.name AS knocker, d.name AS dealer,
            h.knocker_deadwood, h.defender_deadwood, h.upcard, h.note{extra},
            EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id
                AND {standing}) AS voided,
            h.id != h.hand_id AS edited, h.hand_id
        FROM hands h
        JOIN matches m ON m.id = h.match_id
        LEFT JOIN players w ON w.id = h.winner
        LEFT JOIN players k ON k.id = h.knocker
        LEFT JOIN players d ON d.id = h.dealer
        WHERE h.id = (SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id)""")
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    players = "a.name || ' v ' || b.name"
    if "teams" in tables:  # a team is named, or its members joined with " & " (in seat order)
        side = """coalesce(
            (SELECT t.name FROM teams t WHERE t.match_id = m.id AND t.side = {n}),
            (SELECT group_concat(p.name, ' & ') FROM team_members tm
                JOIN players p ON p.id = tm.player_id
                WHERE tm.match_id = m.id AND tm.side = {n}))"""
        players = f"""CASE WHEN EXISTS (SELECT 1 FROM team_members tm WHERE tm.match_id = m.id)
            THEN {side.format(n=0)} || ' v ' || {side.format(n=1)}
            ELSE {players} END"""
    db.execute(f"""
        CREATE VIEW matches_view AS
        SELECT m.name, {players} AS players, m.format, m.games,
            json_extract(m.rules, '$.preset') AS preset, m.season_start,
            coalesce(s.hands, 0) AS hands, s.first_date, s.last_date, m.created_at
        FROM matches m
        JOIN players a ON a.id = m.player_a
        JOIN players b ON b.id = m.player_b
        LEFT JOIN (
            SELECT h.match_id, count(*) AS hands, min(h.date) AS first_date,
                max(h.date) AS last_date
            FROM hands h
            WHERE h.id = (SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id)
                AND NOT EXISTS (SELECT 1 FROM corrections c WHERE c.hand_id = h.hand_id
                    AND {standing})
            GROUP BY h.match_id
        ) s ON s.match_id = m.id""")


def read_as_it_is(conn: sqlite3.Connection) -> None:
    """Prepare a ledger read without migrating it (its file is read-only): corrections written
    before they had uids (`m013_identities`) are read through a view of this connection alone
    that gives each a NULL uid, so the readers' SQL, which orders a hand's corrections by uid
    (`newest.STANDING_VOID`), runs unchanged. Such a ledger has no restores (`m016_restores`),
    so no void needs the order. Nothing is written to the file."""
    columns = {r[1] for r in conn.execute("PRAGMA table_info(corrections)")}
    if columns and "uid" not in columns:
        conn.execute("CREATE TEMP VIEW corrections AS SELECT *, NULL AS uid FROM main.corrections")


_BUILT: list[Any] = []  # the Migrations object, built on first use


def applied(conn: sqlite3.Connection) -> list[str]:
    """The migrations already applied to a ledger, oldest first."""
    try:
        rows = conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
            [MIGRATION_SET],
        ).fetchall()
    except sqlite3.OperationalError:
        return []
    return [r[0] for r in rows]


def migrate(conn: sqlite3.Connection, new: bool, on_wait: Callable[[], None] | None = None) -> None:
    """Apply pending migrations, in one write transaction. sqlite-utils is imported only when
    there is something to apply, so opening an up-to-date ledger stays fast."""
    if not new and len(applied(conn)) == len(MIGRATION_NAMES):
        return
    import sqlite_utils

    if not _BUILT:
        _BUILT.append(build_migrations())

    db = sqlite_utils.Database(conn)
    lock.begin_immediate(conn, on_wait)
    try:
        _BUILT[0].apply(db)
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def recognise(conn: sqlite3.Connection, path: Path | str) -> None:
    """Refuse a SQLite file of another application, or one written by a newer gintally."""
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app != APPLICATION_ID and (app != 0 or tables):
        raise LedgerError(
            f"{path} is a SQLite database of another application, not a gintally ledger"
        )
    if app == APPLICATION_ID:
        unknown = [name for name in applied(conn) if name not in MIGRATION_NAMES]
        if unknown:
            raise LedgerError(
                f"{path} was written by a newer gintally (schema "
                f"{unknown[-1]}): upgrade gintally to use it"
            )
