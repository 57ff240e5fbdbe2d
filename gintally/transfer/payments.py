"""Payments in and out of a match: the ``payments`` list of a JSON export (`payment_row`), read
back by `read_payments` and checked row by row (`check_payment`).

A payment row: ``{"uid", "date", "from", "to", "amount", "note"}`` (``amount`` as digits, a
string; ``uid`` the payment's stable identity, so importing the same payment twice adds it once).
A CSV export holds hands only: the JSON export is the one that carries payments. An export made
before payments existed has no ``payments`` key, and imports as it always did.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from gintally.engine.stakes import parse_amount, plain
from gintally.errors import GintallyError
from gintally.model import Match, Payment, plain_text

_UID = re.compile(r"[0-9a-f]{32}")


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


def read_payments(path: Path) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """(row number, row) of the ``payments`` of a JSON file; nothing for CSV or an older
    export. (The file was read once already by the import of its hands, which named any
    problem with it as a whole.)"""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return
    if not text.lstrip().startswith("{"):
        return  # CSV, or a bare list of hands
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return
    rows = data.get("payments") if isinstance(data, dict) else None
    if rows is None:
        return
    if not isinstance(rows, list):
        raise GintallyError(f'{path}: expected a list of payments under "payments"')
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise GintallyError(f"payment {i} of {path.name}: a payment must be an object")
        yield i, row


@dataclass(frozen=True)
class PaymentIn:
    """A payment row checked against the match it goes into."""

    uid: str
    payer: int
    payee: int
    amount: Decimal
    date: date
    note: str | None


def check_payment(match: Match, places: int, i: int, row: Mapping[str, Any]) -> PaymentIn:
    """A payment row, checked: a uid of 32 hex digits, an ISO date, two different players of
    the match, an amount above zero in the currency's places. The error names the row."""
    where = f"payment {i}"
    try:
        uid = str(row.get("uid") or "").strip().lower()
        if not _UID.fullmatch(uid):
            raise GintallyError(f"the uid {row.get('uid')!r} is not 32 hexadecimal digits")
        try:
            day = date.fromisoformat(str(row.get("date") or ""))
        except ValueError:
            raise GintallyError(f"the date {row.get('date')!r} is not YYYY-MM-DD") from None
        payer = match.player(str(row.get("from") or ""))
        payee = match.player(str(row.get("to") or ""))
        if payer.id == payee.id:
            raise GintallyError(f"{payer.name} cannot pay themselves")
        amount = parse_amount(str(row.get("amount", "")), "the amount", places, zero=False)
        note = row.get("note") or None
        clean = plain_text(str(note), "note", one_line=True) if note else None
    except GintallyError as e:
        raise GintallyError(f"{where}: {e}") from None
    return PaymentIn(uid, payer.id, payee.id, amount, day, clean or None)
