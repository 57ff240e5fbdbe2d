"""Stakes and payments in the ledger: a match's prices per point, and money handed over.

Terminology
- stake: a row of ``stakes``, a match's price per point from a date on (`engine.stakes.Stake`);
  amounts are kept as their decimal digits (text), never as floats.
- payment (`model.Payment`): a row of ``payments``; live unless its ``uid`` is in
  ``payment_voids`` (taken back by `undo`, kept as history).
- live stake: a row of ``stakes`` whose ``uid`` is not in ``stake_voids`` (a price taken back
  by `undo` stays as history); a ledger opened read-only before `m017_stake_voids` has no
  such table, and every stake of it is live.
- after hand: a stake's ``after_hand`` (`m019_stake_after_hand`), the uid of the hand the price
  starts after; read back with that hand's number and date in this ledger (its newest version,
  voided or not: a hand taken back later does not move the price). A uid the match does not
  hold (an import reads its prices before its hands) reads without a place: such a price
  prices nothing (`engine.stakes.After`), and an import that leaves one is refused.

A ledger opened read-only before `m012_payments` has neither table: it reads as no stakes and
no payments.

The functions take the open ledger's core (its connection, `write` and `money_rows`); its
money methods (`store.Ledger.stakes`, `Ledger.add_payment`...) call them after asking whether
there is anything to read: the module is loaded when a match has a stake or a payment to read,
or one is written, never by a command on a match played for nothing (as one of `Ledger`'s
parts it cost every command about 1.5 ms of start-up).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING

from gintally.errors import LedgerError
from gintally.ledger.core import LedgerCore, timestamp
from gintally.ledger.damage import (
    CHECK_HINT,
    Damage,
    damaged_row,
    payment_damage,
    stake_damage,
)
from gintally.ledger.identity import OrderedUids
from gintally.model import Match, Payment

if TYPE_CHECKING:
    from decimal import Decimal

    from gintally.engine.stakes import Stake

# decimal, fractions and uuid are imported when a stake or payment is read or written: every
# command opens the ledger, few touch money, and they cost some 7 ms of every start together.

_LIVE = (
    "SELECT p.* FROM payments p WHERE NOT EXISTS "
    "(SELECT 1 FROM payment_voids v WHERE v.uid = p.uid)"
)


# --- stakes ---------------------------------------------------------------------------------------


def add_stake(
    ledger: LedgerCore, match: Match, stake: Stake, made: tuple[str, str] | None = None
) -> None:
    """Price the match's points from `stake.since` on (None: from the start). Its uid is
    ordered by the time it was set (`identity.OrderedUids`): of two prices from one day, set
    on two devices within a second, the later one stands on both once they are merged or
    exchanged. `made`: the (uid, created_at) of a price brought from another ledger."""
    from gintally.engine.stakes import plain

    with ledger.write() as conn:
        conn.execute(
            "INSERT INTO stakes(uid, match_id, amount, currency, places, from_date, "
            "series_amount, created_at, after_hand) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                made[0] if made else OrderedUids(conn, "stakes").next(),
                match.id,
                plain(stake.amount),
                stake.currency,
                stake.places,
                stake.since.isoformat() if stake.since else None,
                plain(stake.series) if stake.series is not None else None,
                made[1] if made else timestamp(),
                stake.after.uid if stake.after is not None else None,
            ],
        )


# The order of a match's stakes, oldest price first: of two prices from one day (set on two
# devices, then merged or exchanged), the one set later, whichever ledger came into which.
_STAKE_ORDER = "ORDER BY coalesce(from_date, ''), created_at, uid, id"


def live_stakes(ledger: LedgerCore) -> str:
    """The query of the live stakes (see Terminology), to which a condition is added."""
    voids = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stake_voids'"
    if not ledger.money_rows(voids):
        return "SELECT * FROM stakes s WHERE 1"
    return (
        "SELECT * FROM stakes s WHERE NOT EXISTS (SELECT 1 FROM stake_voids v WHERE v.uid = s.uid)"
    )


def stake_identities(ledger: LedgerCore, match: Match) -> list[tuple[str, str]]:
    """The (uid, created_at) of the match's live stakes, in `stakes`' order (for an export)."""
    rows = ledger.money_rows(
        live_stakes(ledger) + " AND match_id = ? " + _STAKE_ORDER,
        [match.id],
    )
    return [(str(r["uid"]), str(r["created_at"])) for r in rows]


def stakes(ledger: LedgerCore, match: Match) -> list[Stake]:
    """The match's live stakes, oldest price first (empty: not played for money)."""
    rows = ledger.money_rows(
        live_stakes(ledger) + " AND match_id = ? " + _STAKE_ORDER,
        [match.id],
    )
    return [_stake(r, match, ledger) for r in rows]


# The hand a price starts after, in its newest version: its number and date in this ledger
_AFTER_HAND = (
    "SELECT number, date FROM hands WHERE match_id = ? AND uid = ? ORDER BY id DESC LIMIT 1"
)


def last_stake(ledger: LedgerCore, match: Match) -> tuple[str, str, Stake] | None:
    """The match's live stake set last (by its uid, ordered by the time it was set), as
    (uid, created_at, stake): what `undo` may take back."""
    rows = ledger.money_rows(
        live_stakes(ledger) + " AND match_id = ? ORDER BY uid DESC LIMIT 1", [match.id]
    )
    if not rows:
        return None
    return str(rows[0]["uid"]), str(rows[0]["created_at"]), _stake(rows[0], match, ledger)


def void_stake(
    ledger: LedgerCore, uid: str, reason: str | None = None, at: str | None = None
) -> str:
    """Take a price back (it stays in ``stakes`` as history), now or as another device took
    it back (`at`); the time it was taken back."""
    made = at or timestamp()
    with ledger.write() as conn:
        conn.execute(
            "INSERT INTO stake_voids(uid, reason, created_at) VALUES (?, ?, ?)",
            [uid, reason, made],
        )
    return made


def stakes_taken_back(
    ledger: LedgerCore, match: Match
) -> list[tuple[Stake, str, str, str | None, str]]:
    """The match's prices taken back, in `stakes`' order: each stake, its uid and when it was
    set, the reason and when it was taken back (for an export)."""
    rows = ledger.money_rows(
        "SELECT s.*, v.reason AS void_reason, v.created_at AS voided_at FROM stakes s "
        "JOIN stake_voids v ON v.uid = s.uid WHERE s.match_id = ? "
        "ORDER BY coalesce(s.from_date, ''), s.created_at, s.uid, s.id",
        [match.id],
    )
    return [
        (
            _stake(r, match, ledger),
            str(r["uid"]),
            str(r["created_at"]),
            r["void_reason"],
            r["voided_at"],
        )
        for r in rows
    ]


def voided_stake(ledger: LedgerCore, match: Match, reason: str) -> tuple[str, Stake, str] | None:
    """The match's stake taken back last with `reason` and not set again since (a live stake
    of the same price, set later), as its uid, the stake and when it was taken back; or
    None."""
    again = live_stakes(ledger).replace("stakes s", "stakes q", 1).replace("s.uid", "q.uid")
    rows = ledger.money_rows(
        "SELECT s.*, v.created_at AS voided_at FROM stake_voids v JOIN stakes s ON s.uid = v.uid "
        f"WHERE s.match_id = ? AND v.reason = ? AND NOT EXISTS ({again} AND q.uid > s.uid "
        "AND q.match_id = s.match_id AND q.amount = s.amount AND q.from_date IS s.from_date "
        f"AND q.series_amount IS s.series_amount{_same_after(ledger)}) "
        "ORDER BY v.rowid DESC LIMIT 1",
        [match.id, reason],
    )
    if not rows:
        return None
    return str(rows[0]["uid"]), _stake(rows[0], match, ledger), rows[0]["voided_at"]


def _same_after(ledger: LedgerCore) -> str:
    """The condition that two prices start after the same hand, when the ledger has the column
    (`m019_stake_after_hand`)."""
    columns = ledger.money_rows("SELECT name FROM pragma_table_info('stakes')")
    return " AND q.after_hand IS s.after_hand" if any(c[0] == "after_hand" for c in columns) else ""


def _stake(r: sqlite3.Row, match: Match, ledger: LedgerCore) -> Stake:
    """A row of ``stakes`` read, with the hand it starts after placed in this ledger, or the
    one line that refuses it."""
    from decimal import Decimal, InvalidOperation

    from gintally.engine.stakes import After, Stake

    wrong = stake_damage(r)
    if wrong is not None:
        raise damaged_row("stakes", r["id"], wrong)
    after = None
    columns = r.keys()  # a Row's `in` looks at its values
    if "after_hand" in columns and r["after_hand"] is not None:
        found = ledger.money_rows(_AFTER_HAND, [match.id, r["after_hand"]])
        after = After(str(r["after_hand"]))  # not held (yet: an import's prices come first)
        if found:
            try:
                place = (date.fromisoformat(found[0]["date"]), int(found[0]["number"]))
            except (ValueError, TypeError):
                raise damaged_row("stakes", r["id"], "starts after a damaged hand") from None
            after = After(after.uid, place[1], place)
    try:
        since = date.fromisoformat(r["from_date"]) if r["from_date"] else None
        series = Decimal(r["series_amount"]) if r["series_amount"] else None
        return Stake(Decimal(r["amount"]), r["currency"], r["places"], since, series, after)
    except (ValueError, TypeError, InvalidOperation):
        raise LedgerError(
            f"the ledger is damaged: a stake of match {match.name!r} cannot be read "
            f"(amount {r['amount']!r}, from {r['from_date']!r}); {CHECK_HINT}"
        ) from None


# --- payments -------------------------------------------------------------------------------------


def add_payment(
    ledger: LedgerCore,
    match: Match,
    payer: int,
    payee: int,
    amount: Decimal,
    day: date,
    note: str | None = None,
    uid: str | None = None,
) -> Payment:
    """Record a payment in the match's context (a new ordered `uid`, after every change of
    the hands, price and payment so far, unless one is given: an imported payment keeps its
    own)."""
    from gintally.engine.stakes import plain

    with ledger.write() as conn:
        created = timestamp()  # (first: a new uid's time is within its second or just after)
        uid = uid or OrderedUids(conn, "payments").next()
        after = conn.execute(
            "SELECT coalesce(max(number), 0) FROM hands WHERE match_id = ?", [match.id]
        ).fetchone()[0]
        conn.execute(
            "INSERT INTO payments(uid, match_id, from_player, to_player, amount, date, note, "
            "after_hand, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [uid, match.id, payer, payee, plain(amount), day.isoformat(), note, after, created],
        )
    return Payment(uid, match.id, payer, payee, amount, day, note, after, created)


def payments(
    ledger: Damage, match_ids: Iterable[int] | None = None, since: date | None = None
) -> list[Payment]:
    """The live payments (of those matches, from that day on), in the order recorded: by the
    time each was first recorded (a merge and an import keep it), then by uid, so two ledgers
    merged either way round, whose rows were written in other orders, list them alike."""
    sql, params = _LIVE, []
    if match_ids is not None:
        ids = sorted(set(match_ids))
        sql += f" AND p.match_id IN ({','.join('?' * len(ids))})"
        params += [str(i) for i in ids]
    if since is not None:
        sql += " AND p.date >= ?"
        params.append(since.isoformat())
    rows = ledger.money_rows(sql + " ORDER BY p.created_at, p.uid, p.id", params)
    players = ledger.players_of({r["match_id"] for r in rows})
    return [_payment(r, players) for r in rows]


def last_payment(ledger: Damage, match: Match) -> Payment | None:
    """The live payment recorded last in the match."""
    sql = _LIVE + " AND p.match_id = ? ORDER BY p.id DESC LIMIT 1"
    rows = ledger.money_rows(sql, [match.id])
    return _payment(rows[0], ledger.players_of([match.id])) if rows else None


def void_payment(ledger: LedgerCore, payment: Payment, reason: str | None = None) -> None:
    """Take a payment back (it stays in ``payments`` as history)."""
    with ledger.write() as conn:
        conn.execute(
            "INSERT INTO payment_voids(uid, reason, created_at) VALUES (?, ?, ?)",
            [payment.uid, reason, timestamp()],
        )


def voided_payment(ledger: Damage, match: Match, reason: str) -> tuple[Payment, str] | None:
    """The match's payment taken back last with `reason` and not recorded again since (a live
    payment of the same, recorded later), and when it was taken back."""
    rows = ledger.money_rows(
        "SELECT p.*, v.created_at AS voided_at FROM payment_voids v JOIN payments p "
        "ON p.uid = v.uid WHERE p.match_id = ? AND v.reason = ? AND NOT EXISTS "
        "(SELECT 1 FROM payments q WHERE NOT EXISTS "
        "(SELECT 1 FROM payment_voids w WHERE w.uid = q.uid) AND q.id > p.id "
        "AND q.match_id = p.match_id AND q.from_player = p.from_player "
        "AND q.to_player = p.to_player AND q.amount = p.amount AND q.date = p.date "
        "AND q.note IS p.note) ORDER BY v.rowid DESC LIMIT 1",
        [match.id, reason],
    )
    if not rows:
        return None
    return _payment(rows[0], ledger.players_of([match.id])), rows[0]["voided_at"]


def _payment(r: sqlite3.Row, players: dict[int, frozenset[int]]) -> Payment:
    """A row of ``payments`` read (`players`: of its match), or the one line that refuses it
    (`damage.payment_damage`)."""
    wrong = payment_damage(r, players.get(r["match_id"], frozenset()))
    if wrong is not None:
        raise damaged_row("payments", r["id"], wrong)
    return read_payment(r)


def read_payment(r: sqlite3.Row) -> Payment:
    """A row of ``payments`` as a `Payment`, or the one line that refuses an amount or a date
    that does not read."""
    from decimal import Decimal, InvalidOperation

    try:
        return Payment(
            r["uid"],
            r["match_id"],
            r["from_player"],
            r["to_player"],
            Decimal(r["amount"]),
            date.fromisoformat(r["date"]),
            r["note"],
            r["after_hand"],
            r["created_at"],
        )
    except (ValueError, TypeError, InvalidOperation):
        raise LedgerError(
            f"the ledger is damaged: payment {r['uid']!r} cannot be read (amount "
            f"{r['amount']!r}, date {r['date']!r}); {CHECK_HINT}"
        ) from None
