"""Corrected hands between devices: the ``corrected`` list of a JSON export (`corrected_row`)
and an import's reading of it (`Corrected`), by identity, with the rules of a merge.

Terminology
- corrected hand: a hand of the match that was edited or voided. Its element of ``corrected``
  is ``{"uid", "number", "created_at", "hand": ROW, "corrections": [...]}``: the hand's uid,
  its number in the exporting ledger, when it was first recorded and its first version as a
  row of ``hands`` (`export.json_row`), then each correction in uid order: ``{"uid",
  "action": "replace" | "void" | "restore", "reason", "created_at"}``, an edit with the
  ``hand`` it made.
  The export's ``hands`` hold each live hand once, in its newest version, as before: an export
  is still a score sheet, and a reader that knows nothing of ``corrected`` imports that.
- by identity: a corrected hand whose uid is not in the ledger comes in with its first
  version and every correction (a hand voided there comes in voided); one in the match gets
  the corrections it lacks, by their uids (an edit older than one here is kept as history
  below it: the edit with the greatest uid stands, `ledger.history`); one in another match of
  the ledger (an export imported into a new match) is passed over: its row of ``hands`` comes
  in as a new hand, in its newest version, as before.
- conflict: the same uid with other facts (a hand first recorded otherwise, a correction
  with another action, reason or version); named with both versions, and nothing is written.
  Two edits of one hand made on two devices are two corrections, not a conflict.
- order: a document gives ``corrected`` before ``hands`` (as gintally writes it, and as a
  tool that sorts keys leaves it), so that a hand's first version is written before its
  current row is met; one that gives them after its hands is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Protocol

from gintally.errors import GintallyError
from gintally.model import Correction, HandRecord, Match, is_uid, plain_text
from gintally.transfer.export import json_row
from gintally.transfer.identities import Identities, facts_of
from gintally.transfer.rows import parse_row

ACTIONS = ("replace", "void", "restore")


def corrected_row(match: Match, first: HandRecord, corrections: list[Correction]) -> dict[str, Any]:
    """A corrected hand as an element of the export's ``corrected`` list."""
    out = []
    for c in corrections:
        row: dict[str, Any] = {
            "uid": c.uid,
            "action": c.action,
            "reason": c.reason or "",
            "created_at": c.created_at,
        }
        if c.version is not None:
            row["hand"] = json_row(match, c.version)
        out.append(row)
    return {
        "uid": first.uid or "",
        "number": first.number,
        "created_at": first.created_at,
        "hand": json_row(match, first),
        "corrections": out,
    }


class HistoryBook(Protocol):
    """What `Corrected` asks of the ledger (`gintally.ledger.Ledger` is one)."""

    def versions_of(self, uid: str) -> tuple[int, list[HandRecord]] | None: ...

    def correction(self, uid: str) -> tuple[str, Correction] | None: ...

    def bring_hand(self, match: Match, hand: HandRecord, uid: str, created_at: str) -> None: ...

    def bring_correction(self, hand_uid: str, c: Correction) -> None: ...


class Corrected:
    """The corrected hands of an import, brought in one by one (`bring`), inside its write.
    Conflicts go to the import's `Identities` (refused once the file is read); the hands
    brought in are named to it (`Identities.brought`), so that their rows of ``hands`` are
    not counted twice. `hands` and `corrections` count what came in."""

    def __init__(
        self,
        match: Match,
        book: HistoryBook,
        known: Identities,
        source: str,
        today: date,
        order: str | None = None,
    ) -> None:
        self.match, self.book, self.known, self.source = match, book, known, source
        self.today, self.order = today, order
        self.hands = 0
        self.corrections = 0

    def bring(self, number: int, entry: Mapping[str, Any]) -> None:
        """One element of ``corrected``: checked whole, then brought in by identity."""
        where = f"corrected hand {number} of {self.source}"
        try:
            uid, created, first, corrections = self._read(entry)
        except GintallyError as e:
            raise GintallyError(f"{where}: {e}") from None
        found = self.book.versions_of(uid)
        if found is not None and found[0] != self.match.id:
            return  # in another match: its current row comes in as a new hand (a copy)
        if found is None:
            self.book.bring_hand(self.match, first, uid, created)
            self.known.brought.add(uid)
            self.hands += 1
        else:
            mine = next(v for v in found[1] if v.row_id == v.hand_id)
            ours, theirs = facts_of(self.match, mine), facts_of(self.match, first)
            if ours != theirs:
                self.known.disputed.add(uid)
                self.known.conflicts.append(
                    f"{where} is hand {mine.number} (uid {uid[:8]}...), first recorded here "
                    f"with {_differ(ours, theirs)}"
                )
                return
        for c in corrections:
            here = self.book.correction(c.uid)
            if here is None:
                self.book.bring_correction(uid, c)
                self.corrections += 1
                continue
            hand_uid, mine_c = here
            same = (
                hand_uid == uid
                and mine_c.action == c.action
                and (mine_c.reason or None) == (c.reason or None)
                and self._facts(mine_c.version) == self._facts(c.version)
            )
            if not same:
                self.known.conflicts.append(
                    f"{where}: its {c.action} {c.uid[:8]}... is here with other facts "
                    f"(here a {mine_c.action}"
                    + (" of another hand" if hand_uid != uid else "")
                    + (f", reason {mine_c.reason!r}" if mine_c.reason else "")
                    + ")"
                )

    def _facts(self, hand: HandRecord | None) -> dict[str, Any] | None:
        return None if hand is None else facts_of(self.match, hand)

    def _read(self, entry: Mapping[str, Any]) -> tuple[str, str, HandRecord, list[Correction]]:
        """An element read and checked: its uid, when, first version and corrections (each
        version settled again under the match's rules, as a row of ``hands`` is)."""
        uid = _uid(entry.get("uid"))
        created = recorded(entry.get("created_at"), "created_at")
        first = self._hand(entry.get("hand"), "its hand")
        rows = entry.get("corrections")
        if not isinstance(rows, list) or not rows:
            raise GintallyError("it lacks its list of corrections")
        out = []
        for k, row in enumerate(rows, 1):
            if not isinstance(row, Mapping):
                raise GintallyError(f"correction {k} must be an object")
            try:
                uid_of, action, reason, at = correction_of(row)
                version = self._hand(row.get("hand"), "its hand") if action == "replace" else None
                out.append(Correction(uid_of, action, reason, at, version))
            except GintallyError as e:
                raise GintallyError(f"correction {k}: {e}") from None
        return uid, created, first, sorted(out, key=lambda c: c.uid)

    def _hand(self, row: Any, what: str) -> HandRecord:
        if not isinstance(row, Mapping):
            raise GintallyError(f"{what} must be an object (a row as in hands)")
        return parse_row(self.match, row, self.today, self.order)


def correction_of(row: Mapping[str, Any]) -> tuple[str, str, str | None, str]:
    """A correction's own facts, checked (its new version apart): its uid, action (one of
    `ACTIONS`), reason (None when it has none) and the time it was made."""
    action = str(row.get("action") or "")
    if action not in ACTIONS:
        raise GintallyError(f"the action {row.get('action')!r} is not replace, void or restore")
    reason = plain_text(str(row.get("reason") or ""), "reason", one_line=True)
    return (
        _uid(row.get("uid")),
        action,
        reason or None,
        recorded(row.get("created_at"), "created_at"),
    )


def _uid(value: Any) -> str:
    text = "" if value is None else str(value).strip().lower()
    if not is_uid(text):
        raise GintallyError(f"the uid {str(value)[:40]!r} is not 32 hexadecimal digits")
    return text


def recorded(value: Any, what: str) -> str:
    """A time as the ledger writes it (text; empty: now, as the ledger writes it)."""
    return plain_text(str(value or ""), what, one_line=True)


def _differ(ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> str:
    differ = [c for c in ours if ours[c] != theirs[c]]
    here = ", ".join(f"{c} {ours[c]!r}" for c in differ)
    there = ", ".join(f"{c} {theirs[c]!r}" for c in differ)
    return f"{here}, in the file with {there}"
