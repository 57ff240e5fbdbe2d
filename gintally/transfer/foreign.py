"""Another ledger's rows checked as an import checks the rows of a file (`ImportChecks`, the
`ledger.merging.Checks` a merge is given): a merge and an import share one validator, so what
an import refuses a merge refuses too.

Terminology
- foreign row: a row of the other ledger a merge brings in. A hand (or an edit's new version)
  is turned into the row a JSON export writes for it (`export.json_row`) and read back by the
  import's `rows.parse_row` (its date, kind, players, counts and cards settled again under the
  match's rules, its note one plain line); a payment is read by `payments.check_payment`, a
  price by `payments.stake_from`. Each raises the import's own message.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Protocol

from gintally.engine.stakes import MAX_PLACES, Stake
from gintally.model import HandRecord, Match
from gintally.transfer.export import json_row
from gintally.transfer.payments import check_payment, stake_from
from gintally.transfer.rows import parse_row, read_date


class Book(Protocol):
    """What the checks read of the ledger merged into (`gintally.ledger.Ledger` is one)."""

    def match_by_id(self, match_id: int) -> Match: ...

    def stakes(self, match: Match) -> list[Stake]: ...


class ImportChecks:
    """The import's validators for a merge's rows (`ledger.merging.Checks`), `today` the day
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
        parse_row(match, json_row(match, record), self.today)

    def day(self, text: str) -> None:
        """As an import checks a date (asked once for each distinct date)."""
        read_date(text, self.today, None)

    def payment(self, match_id: int, i: int, row: Mapping[str, Any]) -> None:
        match = self._match(match_id)
        stakes = self.book.stakes(match)
        places = stakes[-1].places if stakes else MAX_PLACES  # its prices may come after it
        check_payment(match, places, i, row, self.today)

    def stake(self, row: Mapping[str, Any]) -> None:
        stake_from(row)
