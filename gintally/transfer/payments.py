"""Payments in and out of a match: the ``payments`` list of a JSON export (`payment_row`) and
its ``payments_taken_back`` (`taken_back_row`), read back in the import's one pass over the
file (`streamed_json`) and checked row by row (`check_payment`, `check_taken_back`).

A payment row: ``{"uid", "date", "from", "to", "amount", "note"}`` (``amount`` as digits, a
string; ``uid`` the payment's stable identity, so importing the same payment twice adds it once).
A payment taken back (`undo`) is listed apart, with ``taken_back``: ``{"reason",
"created_at"}``, so that a device that has it live takes it back too, and an older gintally,
which reads ``payments`` only, does not count it. A CSV export holds hands only: the JSON
export is the one that carries payments. An export made before payments existed has no
``payments`` key, and imports as it always did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from gintally.dates import FIRST, LAST
from gintally.engine.stakes import After, Stake, check_currency, check_places, parse_amount, plain
from gintally.errors import GintallyError
from gintally.model import Match, Payment, plain_text

_UID = re.compile(r"[0-9a-f]{32}")
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # fromisoformat takes other forms too


def payment_row(match: Match, p: Payment) -> dict[str, Any]:
    """One payment as an export row (names, not ids)."""
    return {
        "uid": p.uid,
        "date": p.date.isoformat(),
        "from": match.name_of(p.payer) or "",
        "to": match.name_of(p.payee) or "",
        "amount": plain(p.amount),
        "note": p.note or "",
    }


def taken_back_row(match: Match, p: Payment, reason: str | None, at: str) -> dict[str, Any]:
    """A payment taken back as an export row: the payment's row and ``taken_back``, the
    reason and when (``{"reason", "created_at"}``)."""
    return {**payment_row(match, p), "taken_back": {"reason": reason or "", "created_at": at}}


@dataclass(frozen=True)
class PaymentIn:
    """A payment row checked against the match it goes into."""

    uid: str
    payer: int
    payee: int
    amount: Decimal
    date: date
    note: str | None


def check_payment(
    match: Match, places: int, i: int, row: Mapping[str, Any], today: date | None = None
) -> PaymentIn:
    """A payment row, checked: a uid of 32 hex digits, an ISO date from 1900 and not after
    tomorrow (a day of grace for time zones, as a hand's date), two different players of the
    match, an amount above zero in the currency's places. The error names the row."""
    where = f"payment {i}"
    try:
        uid = str(row.get("uid") or "").strip().lower()
        if not _UID.fullmatch(uid):
            raise GintallyError(f"the uid {row.get('uid')!r} is not 32 hexadecimal digits")
        text = str(row.get("date") or "")
        try:
            day = date.fromisoformat(text) if _ISO_DAY.fullmatch(text) else None
        except ValueError:
            day = None
        if day is None:
            raise GintallyError(f"the date {row.get('date')!r} is not YYYY-MM-DD")
        if day < FIRST:
            raise GintallyError(f"the date {text} is out of range (1900 to 2999)")
        if day > (today or date.today()) + timedelta(days=1):
            raise GintallyError(f"the date {text} is in the future")
        payer = match.player(str(row.get("from") or ""))
        payee = match.player(str(row.get("to") or ""))
        if payer.id == payee.id:
            raise GintallyError(f"{payer.name} cannot pay themselves")
        written = str(row.get("amount", ""))
        if not written.isascii():  # as a hand's points: digits 0-9 only, no other script's
            raise GintallyError(f"the amount must be written with the digits 0-9, not {written!r}")
        amount = parse_amount(written, "the amount", places, zero=False)
        note = row.get("note") or None
        clean = plain_text(str(note), "note", one_line=True) if note else None
    except GintallyError as e:
        raise GintallyError(f"{where}: {e}") from None
    return PaymentIn(uid, payer.id, payee.id, amount, day, clean or None)


def same_payment(match: Match, stored: Payment, p: PaymentIn, i: int) -> None:
    """Payment `i` of a file whose uid the ledger has must state that payment: one uid is one
    fact (an import adds it once, and refuses it stating another)."""
    facts: tuple[tuple[str, object, object, str, str], ...] = (
        ("date", stored.date, p.date, stored.date.isoformat(), p.date.isoformat()),
        (
            "payer",
            stored.payer,
            p.payer,
            match.name_of(stored.payer) or "",
            match.name_of(p.payer) or "",
        ),
        (
            "payee",
            stored.payee,
            p.payee,
            match.name_of(stored.payee) or "",
            match.name_of(p.payee) or "",
        ),
        ("amount", stored.amount, p.amount, plain(stored.amount), plain(p.amount)),
        ("note", stored.note or None, p.note, repr(stored.note or ""), repr(p.note or "")),
    )
    for what, here, there, shown_here, shown_there in facts:
        if here != there:
            raise GintallyError(
                f"payment {i}: its uid {p.uid} is a payment here with another {what} "
                f"({shown_here} here, {shown_there} in the file): one uid is one payment"
            )


def check_taken_back(
    match: Match, places: int, i: int, row: Mapping[str, Any]
) -> tuple[PaymentIn, str | None, str]:
    """A row of ``payments_taken_back``, checked: the payment (`check_payment`), the reason
    and the time it was taken back."""
    paid = check_payment(match, places, i, row)
    back = row.get("taken_back")
    if not isinstance(back, Mapping):
        raise GintallyError(f"payment {i} taken back: it lacks its taken_back object")
    try:
        reason, at = taken_back_of(back)
    except GintallyError as e:
        raise GintallyError(f"payment {i} taken back: {e}") from None
    return paid, reason, at


def taken_back_of(back: Mapping[str, Any]) -> tuple[str | None, str]:
    """A ``taken_back`` object (of a payment or a price), checked: its reason (None when it
    has none) and the time it was taken back, each one line of plain text."""
    reason = plain_text(str(back.get("reason") or ""), "reason", one_line=True) or None
    return reason, plain_text(str(back.get("created_at") or ""), "created_at", one_line=True)


def stake_from(row: Any) -> Stake:
    """A stake as an export's match states it (`report.stake_doc`: ``amount``, ``currency``,
    ``places``, ``since``, ``series``; and ``after_hand_uid``, the hand it starts after),
    checked as ``match stake`` checks one."""
    if not isinstance(row, Mapping):
        raise GintallyError("a stake must be an object")
    places = row.get("places")
    if type(places) is not int:
        raise GintallyError(f"the places {places!r} are not a whole number")
    places = check_places(places)
    since = row.get("since")
    try:
        day = None if since is None else date.fromisoformat(str(since))
    except ValueError:
        raise GintallyError(f"the date {since!r} is not YYYY-MM-DD") from None
    if day is not None and not FIRST <= day <= LAST:
        raise GintallyError(f"the date {since!r} is out of range (1900 to 2999)")
    series = row.get("series")
    return Stake(
        parse_amount(str(row.get("amount", "")), "the stake"),
        check_currency(str(row.get("currency") or "")),
        places,
        day,
        None if series is None else parse_amount(str(series), "the series price", places),
        _after(row.get("after_hand_uid")),
    )


def _after(uid: Any) -> After | None:
    """The hand an export's price starts after, by its uid (``after_hand_uid``; None: a price
    from a day or from the start, or an export made before prices carried it)."""
    if uid is None:
        return None
    text = str(uid).strip().lower()
    if not _UID.fullmatch(text):
        raise GintallyError(f"the after_hand_uid {uid!r} is not 32 hexadecimal digits")
    return After(text)


def stake_made(row: Any) -> tuple[str, str] | None:
    """Where an export's price was first set: its (uid, created_at), which an export written
    since prices carried them holds (None: an older export's price, known by its facts)."""
    if not isinstance(row, Mapping) or row.get("uid") is None:
        return None
    uid = str(row.get("uid")).strip().lower()
    if not _UID.fullmatch(uid):
        raise GintallyError(f"the uid {row.get('uid')!r} is not 32 hexadecimal digits")
    made = plain_text(str(row.get("created_at") or ""), "created_at", one_line=True)
    if not made:
        raise GintallyError(f"the price {uid[:8]}... has no created_at")
    return uid, made
