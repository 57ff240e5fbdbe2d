"""Which rows of an import are already in the ledger, by their identities (SPEC section 10).

Terminology
- identity: a row's ``uid``, the hand's uid in the ledger it was exported from
  (`gintally.ledger.identity`). A row without one (a paper book, an older export) is a new
  hand, and today's checks of a file imported before apply to it (`Ledger.import_rows`).
- already here: a row whose hand is in the match with the same facts, in any of its versions
  (an export older than an edit made here is not a conflict) or voided here: skipped.
- facts: what an export row says of a hand (`facts_of`: its CSV columns but ``id`` and
  ``uid``), compared as the export writes them, so a hand read back from any export is the
  hand it was written from.
- conflict: a row whose hand is in the match with other facts; the import is refused, naming
  both versions, and nothing is written.
- copy: a row whose hand is in another match of this ledger (an export imported into a new
  match): a new hand, with a new uid. With ``--force``, a row already here is a copy too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from gintally.errors import GintallyError
from gintally.game.variants import variant_of
from gintally.model import HandRecord, Match
from gintally.transfer.export import OPTIONAL, REQUIRED, hand_row
from gintally.transfer.importing import record_of

Row = tuple[int | None, str | None, tuple[Any, ...]]  # (file id, uid, stored values)
Lookup = Callable[[str], tuple[int, list[HandRecord]] | None]  # `Ledger.versions_of`
# `Ledger.stored_versions`: (match id, voided, each version's stored values) or None
Stored = Callable[[str], tuple[int, bool, list[tuple[Any, ...]]] | None]


def facts_of(match: Match, hand: HandRecord) -> dict[str, Any]:
    """A hand's facts as an export row states them (every CSV column but ``id`` and ``uid``)."""
    row = hand_row(match, hand)
    columns = (*REQUIRED, *OPTIONAL, *variant_of(match.rules).columns)
    return {c: "" if row.get(c) is None else str(row.get(c)) for c in columns}


class Identities:
    """An import's rows sorted by identity as they pass (`rows`): the new ones go on to the
    ledger, those already here are counted (`here`), conflicts are collected and refused once
    every row is read. `versions_of` looks a uid up in the ledger."""

    SHOWN = 3  # conflicts named in the refusal

    def __init__(
        self,
        match: Match,
        versions_of: Lookup,
        source: str,
        force: bool,
        stored_of: Stored | None = None,
    ) -> None:
        self.match, self.versions_of, self.source, self.force = match, versions_of, source, force
        self.stored_of = stored_of
        self.new = 0
        self.here = 0
        # a row's uid decided it (kept, or found here): identities, not the digest, decide
        self.identified = False
        self.conflicts: list[str] = []
        # hands this import brought in with their history (`corrected`): their rows are new
        self.brought: set[str] = set()
        self.disputed: set[str] = set()  # hands whose corrected entry conflicts (`corrected`)

    def rows(self, rows: Iterable[Row]) -> Iterator[Row]:
        """The rows that go on to the ledger (conflicts are refused by `finish`)."""
        for number, (file_id, uid, values) in enumerate(rows, 1):
            if uid is None:
                self.new += 1
                yield file_id, uid, values
                continue
            if uid in self.disputed:  # its corrected hand conflicts: named already
                continue
            if uid in self.brought:  # its history came in first: the row must be its newest
                found = self.versions_of(uid)
                if found is not None and not self.force:
                    self._compare(number, uid, values, found[1], count=False)
                continue
            if self.stored_of is not None and not self.force:  # the quick test first
                stored = self.stored_of(uid)
                if stored is None:  # a hand recorded elsewhere: it keeps its identity
                    self.new += 1
                    self.identified = True
                    yield None, uid, values
                    continue
                if stored[0] == self.match.id and (stored[1] or values in stored[2]):
                    self.identified = True  # here, stored alike (or voided here)
                    self.here += 1
                    continue
            found = self.versions_of(uid)
            if found is None:  # a hand recorded elsewhere: it keeps its identity
                self.new += 1
                self.identified = True
                yield None, uid, values
            elif found[0] != self.match.id or self.force:  # a copy: a new hand
                self.new += 1
                yield None, None, values
            else:
                self.identified = True
                self._compare(number, uid, values, found[1])

    def finish(self) -> None:
        """Refuse the import when any of its rows conflicts (once the whole file is read)."""
        if self.conflicts:
            shown = "; ".join(self.conflicts[: self.SHOWN])
            more = len(self.conflicts) - self.SHOWN
            raise GintallyError(
                f"{self.source}: {len(self.conflicts)} of its rows conflict with hands here, "
                f"nothing was imported: {shown}"
                + (f" (and {more} more)" if more > 0 else "")
                + "; an edit made on another device comes in with its JSON export (which "
                "carries corrections) or gintally merge"
            )

    def _compare(
        self,
        number: int,
        uid: str,
        values: tuple[Any, ...],
        versions: list[HandRecord],
        count: bool = True,
    ) -> None:
        if versions[-1].voided or any(
            values[0] == v.date.isoformat() and values[1:] == v.stored() for v in versions
        ):  # stored alike (the common case: its own export): the same facts
            self.here += count
            return
        theirs = facts_of(self.match, record_of(values))
        ours = [facts_of(self.match, v) for v in versions]
        if theirs in ours or versions[-1].voided:
            self.here += count
            return
        newest = ours[-1]
        differ = [c for c in newest if newest[c] != theirs[c]]
        here = ", ".join(f"{c} {newest[c]!r}" for c in differ)
        there = ", ".join(f"{c} {theirs[c]!r}" for c in differ)
        self.conflicts.append(
            f"row {number} is hand {versions[-1].number} (uid {uid[:8]}...), here with {here}, "
            f"in the file with {there}"
        )
