"""The latest fact of a match: what `undo` takes back.

Terminology
- latest fact: the match's hand entered last, or a payment recorded in the match after that
  hand (a payment keeps the number of the match's last hand when it was recorded, `after_hand`).

Apart from `stakes` so that `undo` loads no money module for a match without payments.
"""

from __future__ import annotations

from gintally.ledger import Ledger
from gintally.model import HandRecord, Match, Payment
from gintally.service.hands import undo as undo_hand


def undo_latest(ledger: Ledger, match: Match) -> HandRecord | Payment:
    """Take back the match's latest fact: a payment recorded in it after its last live hand,
    else that hand (voided, as `service.undo` does). Found and taken back in one write."""
    with ledger.write():
        payment = ledger.last_payment(match)
        last = ledger.last_hand(match) if payment is not None else None
        if payment is not None and (last is None or last.number <= payment.after_hand):
            ledger.void_payment(payment, "undo")
            return payment
        return undo_hand(ledger, match)
