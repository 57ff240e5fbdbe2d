"""Money for people: who owes whom (`settlement`), as plain lines.

Terminology:
- *balance*: one pair of players, netted: "Bob owes Ann $12.35".
- *covered*: what the balances count, match by match: games settled on their own, sets settled
  as one, series priced.
"""

from __future__ import annotations

from gintally.cli.render.terminal import message
from gintally.report import SettleDoc, covered_text, in_play_line

LAST_PAYMENTS = 5  # the payments listed under the balances (the JSON has every one)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def settlement(doc: SettleDoc) -> None:
    if not doc["matches"]:
        named = doc["unstaked"]
        message(
            f"No stake on {named[0]}: set one with gintally match stake NAME AMOUNT"
            if len(named) == 1
            else "No match has a stake: set one with gintally match stake NAME AMOUNT"
        )
        return
    since = f" since {doc['since']}" if doc["since"] else ""
    if doc["balances"]:
        for b in doc["balances"]:
            message(f"{b['from']} owes {b['to']} {b['text']}{since}.", "bold")
    else:
        message(f"All square{since}.", "bold")
    for c in doc["matches"]:
        message(f"{c['match']}: {covered_text(c)}.", "dim")
    payments = doc["payments"]
    if len(payments) > LAST_PAYMENTS:
        earlier = len(payments) - LAST_PAYMENTS
        message(f"{_count(earlier, 'earlier payment')} (--json lists them all).", "dim")
    for p in payments[-LAST_PAYMENTS:]:
        note = f" ({p['note']})" if p["note"] else ""
        message(f"Paid: {p['from']} to {p['to']} {p['text']} on {p['date']}{note}.", "dim")
    for x in doc["in_play"]:
        message(f"In play, {x['match']}: {in_play_line(x)}", "dim")
