"""Guards: what a row of the ledger may hold, said once for the schema's triggers, for the
commands that read rows and for `check`.

Terminology
- guard: a trigger of `m011_guards` (`triggers`) that refuses a write of a row gintally could not
  use (an unknown kind, a date that is no date, a player who is not in the ledger, a second
  hand with a hand's number...), whoever writes it: gintally or any other SQLite tool. A guard
  refuses with ``RAISE(ABORT, 'gintally: ...')``, so the write is undone whole.
- damage (of a hands row): what `hand_damage` finds wrong with a row written before the guards
  (or by a tool that dropped them): the commands that read the row refuse it with one line
  (`damage.damaged_hand`), `check` names it.
- visible name: a name with its control characters written as escapes (`visible`), so that a
  damaged name cannot drive the terminal.

No app-defined SQL function appears in a trigger (``fold`` is gintally's own): another SQLite tool
must be able to write a sound row.
"""

from __future__ import annotations

import functools
import sqlite3
import unicodedata
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from gintally.errors import INVISIBLE, CardError, visible
from gintally.game.cards import parse_card, parse_cards
from gintally.game.scoring import MAX_HAND_POINTS, Kind
from gintally.game.variants import variant_of
from gintally.model import unsafe_character

if TYPE_CHECKING:
    from gintally.model import Match

KINDS = frozenset(str(k) for k in Kind)  # what a hand turned out to be
CLAIMS = frozenset(("knock", "gin", "big-gin", "draw", "misdeal", "score", "sour"))  # as typed
FIRST_DAY, LAST_DAY = "1900-01-01", "2999-12-31"  # the dates a hand may have (`dates.FIRST`)
MOST = MAX_HAND_POINTS  # no count or score of one hand is larger
DATE_ORDERS = ("dmy", "mdy", "ymd")  # the values of the setting date_order (`dates.ORDERS`)

_COUNTS = ("knocker_deadwood", "defender_deadwood")
_BIDI_GLOB = "*[\u202a-\u202e\u2066-\u2069]*"  # a bidirectional control (`model.plain_text`)
_CARD_TEXT = "*[^ ,0-9AKQJTakqjtSHDCshdc♠♤♥♡♦♢♣♧\ufe0f]*"  # a character no card is written with
_CARDS = ("knocker_cards", "defender_cards", "layoffs")


def listed(values: Collection[str]) -> str:
    """SQL: a list of text values, ``('a', 'b')``."""
    return "(" + ", ".join(f"'{v}'" for v in sorted(values)) + ")"


def control_sql(column: str) -> str:
    """SQL: `column` holds a control character (C0, DEL or C1)."""
    return (
        f"({column} GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159)"
        f" || ']*' OR instr({column}, char(0)) > 0)"
    )


def _count(column: str, low: str = "0") -> str:
    """SQL: `column` is empty or a whole number from `low` to `MOST`."""
    return (
        f"(NEW.{column} IS NULL OR (typeof(NEW.{column}) = 'integer' "
        f"AND NEW.{column} BETWEEN {low} AND {MOST}))"
    )


def _member(column: str) -> str:
    """SQL: the player in `column` is empty or plays in the hand's match."""
    return (
        f"(NEW.{column} IS NULL OR NEW.{column} IN (SELECT player_a FROM matches WHERE id = "
        f"NEW.match_id UNION ALL SELECT player_b FROM matches WHERE id = NEW.match_id "
        f"UNION ALL SELECT player_id FROM team_members WHERE match_id = NEW.match_id))"
    )


def _text(column: str) -> str:
    """SQL: `column` is empty or text without a control character."""
    new = f"NEW.{column}"
    return f"({new} IS NULL OR (typeof({new}) = 'text' AND NOT {control_sql(new)}))"


# (what must hold, what the refusal says) for a row of hands, in the order they are checked
_HAND_RULES: tuple[tuple[str, str], ...] = (
    (
        "EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id)",
        "a hand belongs to a match in the ledger",
    ),
    (
        f"typeof(NEW.date) = 'text' AND date(NEW.date, '+0 days') IS NEW.date "
        f"AND NEW.date BETWEEN '{FIRST_DAY}' AND '{LAST_DAY}'",
        f"a hand's date is a real date YYYY-MM-DD from {FIRST_DAY} to {LAST_DAY}",
    ),
    (f"NEW.kind IN {listed(KINDS)}", f"a hand's kind is one of {', '.join(sorted(KINDS))}"),
    (f"NEW.claim IN {listed(CLAIMS)}", f"a hand's claim is one of {', '.join(sorted(CLAIMS))}"),
    (
        f"typeof(NEW.points) = 'integer' AND NEW.points BETWEEN 0 AND {MOST}",
        f"a hand's points are a whole number from 0 to {MOST}",
    ),
    (_count("other_points", f"-{MOST}"), f"other_points is a whole number within {MOST}"),
    (
        " AND ".join(_count(c) for c in _COUNTS),
        f"a deadwood count is a whole number from 0 to {MOST}",
    ),
    (
        " AND ".join(_member(c) for c in ("winner", "knocker", "dealer")),
        "a hand's winner, knocker and dealer play in its match",
    ),
    (
        "typeof(NEW.number) = 'integer' AND NEW.number > 0",
        "a hand's number is a whole number from 1",
    ),
    (
        "NOT EXISTS (SELECT 1 FROM hands WHERE match_id = NEW.match_id "
        "AND number = NEW.number AND hand_id != NEW.hand_id AND id IS NOT NEW.id)",
        "a hand number is one hand's in its match",
    ),
    (
        "NEW.hand_id = 0 OR NOT EXISTS (SELECT 1 FROM hands "
        "WHERE hand_id = NEW.hand_id AND id IS NOT NEW.id "
        "AND (match_id != NEW.match_id OR number != NEW.number))",
        "a version of a hand keeps its match and number",
    ),
    (
        " AND ".join(_text(c) for c in (*_CARDS, "upcard", "note")),
        "cards, layoffs, upcard and note are plain text",
    ),
    (
        " AND ".join(
            f"(NEW.{c} IS NULL OR NEW.{c} NOT GLOB '{_CARD_TEXT}')" for c in (*_CARDS, "upcard")
        ),
        "cards, layoffs and upcard are written with card names (AS, TD, 7H...)",
    ),
    (
        "NEW.extras IS NULL OR (json_valid(NEW.extras) AND json_type(NEW.extras) = 'object')",
        "a hand's extras are one JSON object",
    ),
)

_NAME = "typeof(NEW.name) = 'text' AND length(trim(NEW.name)) BETWEEN 1 AND 60 AND NOT {}"
_SEASON_START = (
    "NEW.season_start GLOB '[0-1][0-9]-[0-3][0-9]' "
    "AND date('2001-' || NEW.season_start, '+0 days') IS '2001-' || NEW.season_start"
)
_PLAYER_EXISTS = "EXISTS (SELECT 1 FROM players WHERE id = NEW.{})"

_PLAYER_RULES = (
    (_NAME.format(control_sql("NEW.name")), "a player name is 1 to 60 characters of plain text"),
)
_MATCH_RULES: tuple[tuple[str, str], ...] = (
    (_NAME.format(control_sql("NEW.name")), "a match name is 1 to 60 characters of plain text"),
    (
        f"{_PLAYER_EXISTS.format('player_a')} AND {_PLAYER_EXISTS.format('player_b')} "
        "AND NEW.player_a != NEW.player_b",
        "a match is between two players in the ledger",
    ),
    (
        "NEW.first_dealer IS NULL OR NEW.first_dealer IN (NEW.player_a, NEW.player_b)",
        "a match's first dealer is one of its players",
    ),
    (_SEASON_START, "a season start is MM-DD, a day every year has"),
    (
        "typeof(NEW.games) = 'integer' AND NEW.games >= 0",
        "a match's games are a whole number",
    ),
    ("json_valid(NEW.rules)", "a match's rules are JSON"),
)


def _body(rules: tuple[tuple[str, str], ...], table: str) -> str:
    return " ".join(
        f"SELECT RAISE(ABORT, 'gintally: {table}: {say}') WHERE NOT ({holds});"
        for holds, say in ((h, s.replace("'", "''")) for h, s in rules)
    )


_MATCH_COLUMNS = "name, player_a, player_b, first_dealer, season_start, games, rules"
_HAND_COLUMNS = (
    "hand_id, match_id, number, date, claim, kind, winner, points, knocker, knocker_deadwood, "
    "defender_deadwood, knocker_cards, defender_cards, layoffs, upcard, dealer, note, "
    "other_points, extras"
)
_REFERENCED = (
    "EXISTS (SELECT 1 FROM matches WHERE OLD.id IN (player_a, player_b)) "
    "OR EXISTS (SELECT 1 FROM team_members WHERE player_id = OLD.id) "
    "OR EXISTS (SELECT 1 FROM hands WHERE OLD.id IN (winner, knocker, dealer))"
)

# The index that keeps a hand number one hand's in its match (its first version's row: a new
# hand enters it when its hand_id is set), made by `m011_guards` unless the ledger already holds
# two hands with one number (`check` names them; the readers then look for them row by row).
NUMBERS_INDEX = "guard_hand_numbers"
NUMBERS_INDEX_SQL = (
    f"CREATE UNIQUE INDEX {NUMBERS_INDEX} ON hands(match_id, number) WHERE id = hand_id"
)


def triggers() -> dict[str, str]:
    """The guards `m011_guards` creates: name -> what follows CREATE TRIGGER name. The one
    UPDATE gintally makes of a hand (its hand_id, set from its row id at insert time while it is
    0) is checked at the insert. Settings keys other than gintally's are let through: `check`
    names them. (Made when asked: a command that opens a ledger does not need them.)"""
    return {
        "guard_hand_insert": f"BEFORE INSERT ON hands BEGIN {_body(_HAND_RULES, 'hands')} END",
        "guard_hand_update": f"BEFORE UPDATE OF {_HAND_COLUMNS} ON hands "
        "WHEN NOT (OLD.hand_id = 0 AND NEW.hand_id = NEW.id) "
        f"BEGIN {_body(_HAND_RULES, 'hands')} END",
        "guard_player_insert": "BEFORE INSERT ON players "
        f"BEGIN {_body(_PLAYER_RULES, 'players')} END",
        "guard_player_update": "BEFORE UPDATE OF name ON players "
        f"BEGIN {_body(_PLAYER_RULES, 'players')} END",
        "guard_player_delete": "BEFORE DELETE ON players BEGIN SELECT RAISE(ABORT, "
        f"'gintally: players: a player who plays in a match stays') WHERE {_REFERENCED}; END",
        "guard_match_insert": "BEFORE INSERT ON matches "
        f"BEGIN {_body(_MATCH_RULES, 'matches')} END",
        "guard_match_update": f"BEFORE UPDATE OF {_MATCH_COLUMNS} ON matches "
        f"BEGIN {_body(_MATCH_RULES, 'matches')} END",
        "guard_match_delete": "BEFORE DELETE ON matches BEGIN SELECT RAISE(ABORT, "
        "'gintally: matches: a match with hands or teams stays') WHERE "
        "EXISTS (SELECT 1 FROM hands WHERE match_id = OLD.id) "
        "OR EXISTS (SELECT 1 FROM team_members WHERE match_id = OLD.id); END",
        "guard_team_member_insert": "BEFORE INSERT ON team_members BEGIN SELECT RAISE(ABORT, "
        "'gintally: team_members: a member is a player in the ledger') "
        f"WHERE NOT {_PLAYER_EXISTS.format('player_id')}; END",
        "guard_team_insert": "BEFORE INSERT ON teams BEGIN SELECT RAISE(ABORT, "
        "'gintally: teams: a team name is plain text') WHERE NEW.name IS NOT NULL AND "
        f"{control_sql('NEW.name')}; END",
        "guard_correction_insert": "BEFORE INSERT ON corrections BEGIN SELECT RAISE(ABORT, "
        "'gintally: corrections: a correction is of a hand in the ledger') WHERE NOT EXISTS "
        "(SELECT 1 FROM hands WHERE hand_id = NEW.hand_id); SELECT RAISE(ABORT, "
        "'gintally: corrections: a replace names a version of its hand') WHERE "
        "NEW.action = 'replace' AND NOT EXISTS (SELECT 1 FROM hands WHERE id = NEW.replacement "
        "AND hand_id = NEW.hand_id); END",
        **{
            f"guard_setting_{when.lower()}": f"BEFORE {when} ON settings BEGIN "
            "SELECT RAISE(ABORT, 'gintally: settings: date_order is one of dmy, mdy, ymd') "
            f"WHERE NEW.key = 'date_order' AND NEW.value NOT IN {listed(DATE_ORDERS)}; "
            "SELECT RAISE(ABORT, 'gintally: settings: current_match names a match') "
            "WHERE NEW.key = 'current_match' AND NOT EXISTS "
            "(SELECT 1 FROM matches WHERE CAST(id AS TEXT) = NEW.value); END"
            for when in ("INSERT", "UPDATE")
        },
    }


def hand_damage(r: Mapping[str, Any], players: Collection[int] | None = None) -> str | None:
    """What is wrong with a row of ``hands`` (a mapping of its columns) that its guards would
    have refused, as the end of a sentence ("holds the unknown kind 'x'"), or None. `players`:
    the ids of the players of its match, when known. Cheap: a command runs it on every row it
    reads (the date and whole numbers are checked by `hands.hand_record` itself), so a sound
    row of counts is passed in one expression and only the rest is looked at closely."""
    kd, dd, other = r["knocker_deadwood"], r["defender_deadwood"], r.get("other_points")
    if (
        FIRST_DAY <= r["date"] <= LAST_DAY
        and r["kind"] in KINDS
        and r["claim"] in CLAIMS
        and 0 <= r["points"] <= MOST
        and (kd is None or (type(kd) is int and 0 <= kd <= MOST))
        and (dd is None or (type(dd) is int and 0 <= dd <= MOST))
        and (other is None or (type(other) is int and -MOST <= other <= MOST))
        and (
            players is None
            or (
                (r["winner"] is None or r["winner"] in players)
                and (r["knocker"] is None or r["knocker"] in players)
                and (r["dealer"] is None or r["dealer"] in players)
            )
        )
        and r["knocker_cards"] is None
        and r["defender_cards"] is None
        and r["layoffs"] is None
        and r["upcard"] is None
        and r["note"] is None
    ):
        return None
    return _hand_damage(r, players)


def _hand_damage(r: Mapping[str, Any], players: Collection[int] | None) -> str | None:
    """`hand_damage`, each value looked at in turn."""
    day = r["date"]
    if not FIRST_DAY <= day <= LAST_DAY:
        return f"has a date out of range ({day!r})"
    if r["kind"] not in KINDS:
        return f"holds the unknown kind {r['kind']!r}"
    if r["claim"] not in CLAIMS:
        return f"holds the unknown claim {r['claim']!r}"
    points = r["points"]
    if points < 0:
        return f"holds negative points ({points})"
    if points > MOST:
        return f"holds {points} points, more than any hand scores"
    other = r.get("other_points")
    if other is not None and (type(other) is not int or not -MOST <= other <= MOST):
        return f"holds other_points {other!r}"
    for c in _COUNTS:
        v = r[c]
        if v is not None and (type(v) is not int or not 0 <= v <= MOST):
            return f"holds {c} {v!r}, not a count"
    if players is not None:
        for c in ("winner", "knocker", "dealer"):
            v = r[c]
            if v is not None and v not in players:
                return f"names {c} player {v}, who does not play in its match"
    for c in _CARDS:
        v = r[c]
        if v is not None:
            try:
                parse_cards(v)
            except (CardError, TypeError, AttributeError):
                return f"holds {c} {v!r}, not cards"
    note = r["note"]
    if note is not None and (type(note) is not str or unsafe_character(note) is not None):
        return f"holds the note {note!r}, with a control character"
    v = r["upcard"]
    if v is not None:
        try:
            parse_card(v)
        except (CardError, TypeError, AttributeError):
            return f"holds upcard {v!r}, not a card"
    return None


def shown(text: str | None) -> str | None:
    """Stored text as it may be shown (a void's reason...): a control character another tool
    wrote is escaped (`visible`; `check` names the row), never printed raw."""
    return text if text is None or text.isprintable() else visible(str(text))


def name_damage(name: object) -> str | None:
    """What is wrong with a stored name (not text, empty, or holding a control or invisible
    character, which would reach the terminal raw), or None."""
    if not isinstance(name, str) or not name.strip():
        return f"holds the name {name!r}, not a name"
    if not name.isprintable() and any(unicodedata.category(c) in INVISIBLE for c in name):
        return f"holds the name '{visible(name)}', with a control or invisible character"
    return None


def row_damage_sql(columns: Collection[str], numbers_unique: bool, dates: bool = True) -> str:
    """SQL: a row ``h`` of ``hands`` is damaged in a way a replay does not see by itself (its
    claim, counts, cards, note, extras, a date not written YYYY-MM-DD, or, unless the ledger has
    `NUMBERS_INDEX` (`numbers_unique`), a hand number another hand of its match has). `columns`:
    the columns the hands table has (an old ledger read as it is lacks some). Cheap: a few
    comparisons a row, in SQLite. Without `dates` the date is not looked at (a reader that
    found every distinct date of the match sound: `dates_damaged_sql`)."""
    count = "(h.{0} IS NOT NULL AND (typeof(h.{0}) != 'integer' OR h.{0} NOT BETWEEN 0 AND {1}))"
    cards = "(h.{0} IS NOT NULL AND (typeof(h.{0}) != 'text' OR h.{0} GLOB '{1}'))"
    terms = [
        f"h.claim NOT IN {listed(CLAIMS)}",
        *([_DATE_TEXT] if dates else []),
        *(count.format(c, MOST) for c in _COUNTS),
        *(cards.format(c, _CARD_TEXT) for c in (*_CARDS, "upcard")),
        f"(h.note IS NOT NULL AND ({control_sql('h.note')} OR h.note GLOB '{_BIDI_GLOB}'))",
    ]
    if not numbers_unique:
        terms.append(
            "EXISTS (SELECT 1 FROM hands d WHERE d.match_id = h.match_id AND d.number = h.number "
            "AND d.hand_id != h.hand_id)"
        )
    if "extras" in columns:
        terms.append("(h.extras IS NOT NULL AND NOT json_valid(h.extras))")
    return "(" + " OR ".join(terms) + ")"


# a row's date not written YYYY-MM-DD (what `row_damage_sql` asks of a date)
_DATE_TEXT = (
    "typeof(h.date) != 'text' OR h.date NOT GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'"
)


def dates_damaged_sql() -> str:
    """SQL (``?``: a match id): a row when a hand of the match has a date that `row_damage_sql`
    or `match_damage_sql` finds damaged, asked of each distinct date of the match (some 20,000
    in a million hands; ``LIMIT -1``: the condition is not pushed down into every row). When
    it finds none, a reader of the match's rows leaves their dates out (``dates=False``)."""
    return (
        "SELECT 1 FROM (SELECT DISTINCT h.date FROM hands h WHERE h.match_id = ? LIMIT -1) h "
        f"WHERE {_DATE_TEXT} OR h.date NOT BETWEEN '{FIRST_DAY}' AND '{LAST_DAY}' LIMIT 1"
    )


def match_damage_sql(
    match: Match, columns: Collection[str], numbers_unique: bool, dates: bool = True
) -> str:
    """SQL: a row ``h`` of the match's hands is damaged in a way SQLite can tell: what
    `row_damage_sql` finds, an unknown kind, points out of its rules' range, a date out of
    range (unless not `dates`: `dates_damaged_sql`), or a player who does not play in the
    match."""
    ids = ", ".join(str(p.id) for p in match.members)
    most = variant_of(match.rules).max_points(match.rules)
    players = " OR ".join(
        f"(h.{c} IS NOT NULL AND h.{c} NOT IN ({ids}))" for c in ("winner", "knocker", "dealer")
    )
    return (
        f"({row_damage_sql(columns, numbers_unique, dates)} OR h.kind NOT IN {listed(KINDS)} "
        f"OR typeof(h.points) != 'integer' OR h.points NOT BETWEEN 0 AND {most} "
        + (f"OR h.date NOT BETWEEN '{FIRST_DAY}' AND '{LAST_DAY}' " if dates else "")
        + f"OR {players})"
    )


# --- what the caches rely on ----------------------------------------------------------------------

# The triggers that keep the replay-mark cache from outliving a fact changed in place. The one
# UPDATE gintally makes (a new hand's hand_id, set from its row id at insert time, while it is
# still 0) is not a change of a fact.
MARK_GUARDS = {
    "forget_marks_hand_changed": "AFTER UPDATE ON hands WHEN OLD.hand_id <> 0 BEGIN "
    "DELETE FROM replay_marks WHERE match_id IN (OLD.match_id, NEW.match_id); END",
    "forget_marks_hand_deleted": "AFTER DELETE ON hands BEGIN "
    "DELETE FROM replay_marks WHERE match_id = OLD.match_id; END",
    "forget_marks_correction_changed": "AFTER UPDATE ON corrections BEGIN "
    "DELETE FROM replay_marks WHERE match_id IN (SELECT match_id FROM hands "
    "WHERE hand_id IN (OLD.hand_id, NEW.hand_id)); END",
    "forget_marks_correction_deleted": "AFTER DELETE ON corrections BEGIN "
    "DELETE FROM replay_marks WHERE match_id IN "
    "(SELECT match_id FROM hands WHERE hand_id = OLD.hand_id); END",
    "forget_marks_match_changed": "AFTER UPDATE OF player_a, player_b, format, games, rolling, "
    "season_start, rules, first_dealer ON matches BEGIN "
    "DELETE FROM replay_marks WHERE match_id IN (OLD.id, NEW.id); END",
}

# The triggers that keep a fold from outliving a fact changed or deleted in place (as
# `MARK_GUARDS` keep the replay marks): every fold of its match goes. The one UPDATE
# gintally makes (a new hand's hand_id, set from its row id at insert time, while it is still 0)
# is not a change of a fact.
FOLD_GUARDS = {
    "forget_folds_hand_changed": "AFTER UPDATE ON hands WHEN OLD.hand_id <> 0 BEGIN "
    "DELETE FROM season_folds WHERE match_id IN (OLD.match_id, NEW.match_id); END",
    "forget_folds_hand_deleted": "AFTER DELETE ON hands BEGIN "
    "DELETE FROM season_folds WHERE match_id = OLD.match_id; END",
    "forget_folds_correction_changed": "AFTER UPDATE ON corrections BEGIN "
    "DELETE FROM season_folds WHERE match_id IN (SELECT match_id FROM hands "
    "WHERE hand_id IN (OLD.hand_id, NEW.hand_id)); END",
    "forget_folds_correction_deleted": "AFTER DELETE ON corrections BEGIN "
    "DELETE FROM season_folds WHERE match_id IN "
    "(SELECT match_id FROM hands WHERE hand_id = OLD.hand_id); END",
    "forget_folds_match_changed": "AFTER UPDATE OF player_a, player_b, format, games, rolling, "
    "season_start, rules, first_dealer ON matches BEGIN "
    "DELETE FROM season_folds WHERE match_id IN (OLD.id, NEW.id); END",
}

# A row written at or below what a cache row has seen (a hand restored from a backup with
# ``INSERT ... SELECT``, a row id of 0 or below) drops every cache row that saw past it: the
# caches look only at rows above what they saw (`folds.load`, `marks.load`). Gintally writes each
# row above every other, so these delete nothing then: an index probe (`CACHE_INDEXES`).
BEHIND = {
    "forget_caches_hand_behind": "AFTER INSERT ON hands BEGIN "
    "DELETE FROM season_folds WHERE hands_row >= NEW.id; "
    "DELETE FROM replay_marks WHERE hands_row >= NEW.id; END",
    "forget_caches_correction_behind": "AFTER INSERT ON corrections BEGIN "
    "DELETE FROM season_folds WHERE corrections_row >= NEW.id; "
    "DELETE FROM replay_marks WHERE corrections_row >= NEW.id; END",
}
CACHE_INDEXES = {
    "season_folds_seen": "CREATE INDEX season_folds_seen ON season_folds(hands_row)",
    "replay_marks_seen": "CREATE INDEX replay_marks_seen ON replay_marks(hands_row)",
}


@functools.cache
def guard_names() -> frozenset[str]:
    """The names of the guards (`triggers`)."""
    return frozenset(triggers())


def cache_triggers() -> dict[str, str]:
    """Every trigger the caches rely on: the marks' and folds' forgetting triggers
    (`MARK_GUARDS`, `FOLD_GUARDS`) and `BEHIND`. Name -> what follows CREATE TRIGGER name."""
    return {**MARK_GUARDS, **FOLD_GUARDS, **BEHIND}


def _flat(sql: str) -> str:
    """A statement with its runs of white space made one space (how two texts are compared)."""
    return " ".join(sql.split())


@functools.cache
def _own_text() -> dict[str, tuple[str, str]]:
    """Every guard and cache trigger, by name: its CREATE statement as `restore` writes it, as
    it is and with its white space made one (`_flat`)."""
    bodies = {**triggers(), **cache_triggers()}
    made = {name: f"CREATE TRIGGER {name} {body}" for name, body in bodies.items()}
    return {name: (text, _flat(text)) for name, text in made.items()}


def _triggers(conn: sqlite3.Connection) -> tuple[set[str], list[str]]:
    """The ledger's triggers that do what gintally's do (every other trigger too, by name), and
    the guards and cache triggers present under their name with another text: another tool
    changed one (a ``WHEN 0`` that never fires, a body that deletes nothing), which would let a
    cache outlive the rows it folded as surely as a dropped one."""
    own = _own_text()
    have, changed = set(), []
    for name, sql in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"):
        if name in own and sql != own[name][0] and _flat(str(sql)) != own[name][1]:
            changed.append(name)
        else:
            have.add(name)
    return have, sorted(changed)


def changed(conn: sqlite3.Connection) -> list[str]:
    """The guards and cache triggers another tool changed in place (same name, another text):
    `check` names them, the readers do not trust the caches, `restore` makes them again."""
    return _triggers(conn)[1]


def trusted(conn: sqlite3.Connection, own: Collection[str]) -> bool:
    """Whether a cache whose own forgetting triggers are `own` can be used: every guard, every
    trigger of `BEHIND` and of `own` is there, as gintally wrote it. A row another tool wrote
    while one was gone (``sqlite-utils transform`` drops every trigger of the table) or changed
    may have made a cache row stale, or be one the guards refuse and only a replay sees: the
    readers replay instead, until `restore` (the next write, or ``check --repair``) puts them
    back and drops the caches."""
    have = _triggers(conn)[0]
    return guard_names() <= have and have.issuperset(BEHIND) and have.issuperset(own)


def missing(conn: sqlite3.Connection, numbers: bool = True) -> list[str]:
    """The guards, cache triggers and indexes (`CACHE_INDEXES`, and `NUMBERS_INDEX` unless not
    `numbers`) a fully migrated ledger lacks, a trigger another tool changed (`changed`)
    counted as lacking (`restore` makes them)."""
    have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type <> 'trigger'")}
    have |= _triggers(conn)[0]
    names = [*triggers(), *cache_triggers(), *([NUMBERS_INDEX] if numbers else []), *CACHE_INDEXES]
    return [name for name in names if name not in have]


def restore(conn: sqlite3.Connection, numbers: bool = True) -> list[str]:
    """Put back what `missing` finds (inside a write): the triggers from their text, the
    indexes (the unique index of hand numbers only when asked and no two hands share one:
    `check` names them). When a trigger was missing, every cached fold and mark is dropped:
    what was written while it was gone may have made them stale. The names put back."""
    made = []
    bodies = {**triggers(), **cache_triggers()}
    for name in missing(conn, numbers):
        if name in bodies:
            conn.execute(f"DROP TRIGGER IF EXISTS {name}")  # one another tool changed
            conn.execute(f"CREATE TRIGGER {name} {bodies[name]}")
        else:
            sql = NUMBERS_INDEX_SQL if name == NUMBERS_INDEX else CACHE_INDEXES[name]
            try:
                conn.execute(sql)
            except sqlite3.IntegrityError:
                continue  # two hands of one number: `check` names them
        made.append(name)
    if any(name in bodies for name in made):
        conn.execute("DELETE FROM season_folds")
        conn.execute("DELETE FROM replay_marks")
    return made
