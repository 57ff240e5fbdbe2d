"""Another ledger's rows checked as an import checks the rows of a file (`ImportChecks`, the
`ledger.other.Checks` a merge is given): a merge and an import share one validator, so what
an import refuses a merge refuses too.

Terminology
- foreign row: a row of the other ledger a merge brings in. A hand (or an edit's new version)
  is turned into the row a JSON export writes for it (`export.json_row`) and read back by the
  import's `rows.parse_row` (its date, kind, players, counts and cards settled again under the
  match's rules, its note one plain line); a payment is read by `payments.check_payment`, a
  price by `payments.stake_from` and `payments.stake_made`, a correction by
  `corrected.correction_of`, a payment or price taken back by `payments.taken_back_of`. Each
  raises the import's own message.
- as written: a stored value must be what the import would store of it (its reading, written
  as gintally writes it): ``' 0.05'`` reads as 0.05 and ``20260101`` as 2026-01-01, but no
  gintally stores them so, and a merge stores values as they are. Another program wrote them,
  so they are refused (`_as_written`), naming the value, as `check` names them in a ledger.
  A paper score an older gintally stored below its kind's floor (a gin of 10) is read as every
  read takes it (`settling.below_floor`): it came from a ledger, not from a typed file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Any, Protocol

from gintally.engine.stakes import MAX_PLACES, Stake, plain
from gintally.errors import GintallyError
from gintally.model import HandRecord, Match
from gintally.service.settling import below_floor
from gintally.transfer.corrected import correction_of, recorded
from gintally.transfer.export import json_row
from gintally.transfer.payments import check_payment, stake_from, stake_made, taken_back_of
from gintally.transfer.rows import parse_row, read_date


class Book(Protocol):
    """What the checks read of the ledger merged into (`gintally.ledger.Ledger` is one)."""

    def match_by_id(self, match_id: int) -> Match: ...

    def stakes(self, match: Match) -> list[Stake]: ...


class ImportChecks:
    """The import's validators for a merge's rows (`ledger.other.Checks`), `today` the day
    a date may not be after (a day of grace, as an import allows)."""

    def __init__(self, book: Book, today: date) -> None:
        self.book, self.today = book, today
        self._matches: dict[int, Match] = {}

    def _match(self, match_id: int) -> Match:
        if match_id not in self._matches:
            self._matches[match_id] = self.book.match_by_id(match_id)
        return self._matches[match_id]

    def hand(self, match_id: int, record: HandRecord) -> None:
        """As an import checks a row (the merge asks once for each distinct row but its date,
        as an import remembers the rows it has read: `ImportStream.CACHE_ROWS`)."""
        match = self._match(match_id)
        least = below_floor(match, record)
        if least is not None:  # a paper score an older gintally kept below its kind's floor
            record = replace(record, points=least)
        parse_row(match, json_row(match, record), self.today)

    def day(self, text: str) -> None:
        """As an import checks a date (asked once for each distinct date)."""
        read_date(text, self.today, None)

    def payment(self, match_id: int, i: int, row: Mapping[str, Any]) -> None:
        match = self._match(match_id)
        stakes = self.book.stakes(match)
        places = stakes[-1].places if stakes else MAX_PLACES  # its prices may come after it
        p = check_payment(match, places, i, row, self.today)
        try:
            _as_written(
                row,
                {
                    "uid": p.uid,
                    "date": p.date.isoformat(),
                    "amount": plain(p.amount),
                    "note": p.note,
                },
            )
        except GintallyError as e:
            raise GintallyError(f"payment {i}: {e}") from None

    def stake(self, row: Mapping[str, Any]) -> None:
        stake = stake_from(row)
        uid, created = stake_made(row) or (None, None)
        _as_written(
            row,
            {
                "amount": plain(stake.amount),
                "currency": stake.currency,
                "places": stake.places,
                "since": stake.since.isoformat() if stake.since else None,
                "series": None if stake.series is None else plain(stake.series),
                "uid": uid,
                "created_at": created,
                "after_hand_uid": None if stake.after is None else stake.after.uid,
            },
        )

    def correction(self, row: Mapping[str, Any]) -> None:
        """As an import checks a correction of a corrected hand (its new version apart)."""
        uid, action, reason, created = correction_of(row)
        _as_written(row, {"uid": uid, "action": action, "reason": reason, "created_at": created})

    def created(self, text: Any) -> None:
        """As an import reads the time a fact was first recorded (a corrected hand's)."""
        _as_written({"created_at": text}, {"created_at": recorded(text, "created_at")})

    def taken_back(self, row: Mapping[str, Any]) -> None:
        """As an import checks a payment's or a price's ``taken_back``: reason, created_at."""
        reason, created = taken_back_of(row)
        _as_written(row, {"reason": reason, "created_at": created})


# what a message calls a value of a row given to `_as_written`
_SAID = {"since": "start date", "series": "series price", "after_hand_uid": "start hand"}


def _as_written(given: Mapping[str, Any], read: Mapping[str, Any]) -> None:
    """Each value of a stored row (`given`) as the import reads it (`read`, written as gintally
    writes it; empty text and none are alike), or refused naming the stored value."""
    for key, value in read.items():
        stored = given.get(key)
        if (None if stored == "" else stored) != (None if value == "" else value):
            raise GintallyError(
                f"the {_SAID.get(key, key)} {stored!r} is not as gintally writes it ({value!r}): "
                "another program stored it"
            )
