"""Data in and out of a match: an import (`bring_in`) and an export (`write_out`), each as the
work of its command, for `Book.import_` and `Book.export` (which the command line calls).

An import is one write: the file's parts are read in the order the file gives them (a CSV file
is its hands; a JSON export's ``match``, ``corrected``, ``hands``, ``payments`` and
``payments_taken_back``), each brought in as it is read, and any bad row refuses the whole file,
the row named, with nothing written. The rules for an export's money live here (`FileMoney`):
which of its prices a match takes, and its payments, each checked first.

Terminology
- source: the file read (`transfer.reading`: a path, or ``-`` for standard input), and the name
  an import records and its messages give (`transfer.source_name`).
- import document: what ``import --json`` prints: ``{"match", "imported", "already_here",
  "hands"}`` (the first and last new hand numbers), with ``corrections``, ``payments`` and
  ``payments_taken_back`` when the file brought any.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from gintally import report, service, transfer
from gintally.errors import GintallyError
from gintally.facade.typed import spelled
from gintally.model import fold, shell_word

if TYPE_CHECKING:
    from datetime import date
    from pathlib import Path

    from gintally.engine.stakes import Stake
    from gintally.ledger import Ledger
    from gintally.model import HandRecord, Match, Payment
    from gintally.service.folding import ImportFold


# --- in -------------------------------------------------------------------------------------------


def bring_in(
    book: Ledger, match: str | None, path: Path, force: bool, today: date
) -> report.ImportDoc:
    """Import the hands (and a JSON export's corrected hands, prices and payments) of the file
    at `path` (``-``: standard input) into the match named (None: the current one), all or
    nothing: the import document. `force`: a file whose hands are already in the match is
    imported anyway (as copies)."""
    from gintally.service.folding import ImportFold
    from gintally.transfer.corrected import Corrected
    from gintally.transfer.identities import Identities

    source = transfer.source_name(path)
    with book.write():  # read and added under one lock (all or nothing)
        m = _match_for(book, match, path)
        order = service.date_order(book)
        read = transfer.ImportStream(m, path, today, order)
        known = Identities(m, book.versions_of, source, force, book.stored_versions)
        history = Corrected(m, book, known, source, today, order)
        money = FileMoney(book, m, source)
        start = book.last_row()
        voided_before = book.count_hands(m, voided=True) - book.count_hands(m)
        ids: list[Any] = []  # the file's own numbers of its hand rows (`renumbered`)
        count, rows = 0, False
        folded: ImportFold | None = None  # the seasons its rows finish (`folding`)
        for key, items in read.sections():  # the file's parts in its order, read once
            if key == "hands":
                if book.last_row() == 0:  # a ledger without hands: every uid is new (and its
                    known.versions_of, known.stored_of = _nowhere, None  # index comes last)
                if folded is not None:  # a second list of hands: the first reader folds
                    folded.stop()
                else:
                    brought = bool(history.hands or history.corrections)
                    folded = ImportFold(book, m, history=brought)
                count = book.import_rows(
                    m,
                    folded.rows(known.rows(_noting(items, ids))),
                    read.digest,
                    source,
                    force,
                    lambda: known.identified or bool(known.brought),
                )[0]
                rows = bool(count or known.here or known.conflicts)
            elif key == "corrected":
                for number, entry in items:
                    if rows:
                        raise GintallyError(
                            f'{source}: its "corrected" hands come after its "hands": an '
                            "import reads a hand's history before its row (gintally export "
                            'writes "corrected" first)'
                        )
                    history.bring(number, entry)
            elif key == "match":
                for _, described in items:
                    money.stakes(described)
            elif key in ("payments", "payments_taken_back"):
                for i, row in items:
                    money.pay(i, row, taken_back=key == "payments_taken_back")
        known.finish()
        money.started()
        if history.hands or history.corrections:
            book.place_hands(m)
        elif folded is not None:
            folded.keep()  # the last write of the import: its folds have seen every fact
        first, last = book.numbers_after(m, start)
        voided = book.count_hands(m, voided=True) - book.count_hands(m) - voided_before
    count += history.hands
    voided = min(max(voided, 0), count)  # of the hands it brought, those that came voided
    doc: report.ImportDoc = {
        "match": m.name,
        "imported": count - voided,
        "already_here": known.here,
        "hands": [n for n in (first, last if count > 1 else None) if n is not None]
        if count
        else [],
    }
    if voided:
        doc["voided"] = voided
    moved = renumbered(ids, first) if count and not known.here and not history.hands else None
    if moved is not None:
        doc["renumbered"] = moved
    if history.corrections:
        doc["corrections"] = history.corrections
    if money.added:  # a file with payments (JSON): how many were new
        doc["payments"] = money.added
    if money.taken_back:
        doc["payments_taken_back"] = money.taken_back
    if money.elsewhere:
        doc["payments_elsewhere"] = money.elsewhere
    return doc


def _noting(rows: Iterable[Any], ids: list[Any]) -> Iterator[Any]:
    """`rows` as they are read, each row's own number (its ``id``) noted in `ids`."""
    for row in rows:
        ids.append(row[0])
        yield row


def renumbered(ids: list[Any], first: int | None) -> dict[str, int] | None:
    """How the hands of a file that numbers them (a CSV export's ``id``) were numbered here,
    when not as the file does (its voided hands left out, or hands here already): how many
    took other numbers, and the first of them, its number in the file and here
    (``{"hands", "file", "here"}``); None when each kept its number."""
    if first is None:
        return None
    moved = []
    for here, given in enumerate(ids, first):
        try:
            there = int(str(given).strip())
        except (TypeError, ValueError):
            continue
        if there != here:
            moved.append((there, here))
    if not moved:
        return None
    return {"hands": len(moved), "file": moved[0][0], "here": moved[0][1]}


def starts_a_ledger(path: Path) -> bool:
    """Whether the file at `path` can start a new ledger: a JSON export (its match comes with
    it), named by its path (standard input is read once, by the import)."""
    if str(path) == "-" or not path.is_file():
        return False
    with path.open("rb") as f:
        return f.read(64).lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def _match_for(book: Ledger, match: str | None, path: Path) -> Match:
    """The match an import goes to: the one named (None: the current one), or, when the
    ledger has no match of that name (a new or empty ledger, or ``--match`` naming the
    file's own match), the file's match made from what a JSON export states of it: its
    players or teams, format, rules, first dealer and prices (`new_from`)."""
    from gintally.errors import NotFoundError

    try:
        return book.match(match)
    except NotFoundError:
        if not starts_a_ledger(path) or (match is None and book.match_ids()):
            raise
        described = _described(path)
        if described is None or (match is not None and fold(match) != fold(described["match"])):
            raise
        return new_from(book, described, transfer.source_name(path))


def _described(path: Path) -> Any:
    """A JSON export's ``match`` part (what ``match show --json`` states), or None."""
    from gintally.transfer.reading import raw_sections

    _, parts = raw_sections(path)
    for key, items in parts:
        if key == "match":
            for _, described in items:
                return described if isinstance(described, dict) else None
        return None
    return None


def new_from(book: Ledger, d: dict[str, Any], source: str) -> Match:
    """The match a JSON export describes, made here as ``match new`` makes one (checked as
    it checks one; a bad part refuses the file, naming it), with the export's prices, each
    with the identity it was first set under."""
    from gintally.engine.formats import format_class
    from gintally.engine.seasons import parse_season_start
    from gintally.facade import work
    from gintally.game.rules import RULES_VERSION, RuleSet
    from gintally.game.variants import variant_of

    _refuse_shape(d, source)
    try:
        values = {k: v for k, v in d["rules"].items() if k != "preset"}
        stored = {"version": RULES_VERSION, "preset": d["rules"]["preset"], "values": values}
        rules = RuleSet.from_json(json.dumps(stored))
        kind = format_class(str(d["format"]))
        start = parse_season_start(str(d.get("season_start") or "01-01"))
        fmt = kind(None, int(d.get("format_games") or 3), bool(d.get("rolling")), start)
        teams = d.get("teams")
        specs = None
        if teams:
            specs = service.team_specs(
                (f"{t['name']}=" if _named(t) else "") + ",".join(t["players"]) for t in teams
            )
        players = () if specs else tuple(str(p) for p in d["players"])
        opponent = variant_of(rules).opponent  # a solitaire's phantom: listed, never named
        if opponent and players[1:] == (opponent,):
            players = players[:1]
        planned = work.Plan(str(d["match"]), players, specs, fmt, rules, d.get("first_dealer"))
        m, _ = work.new_match(book, planned)
        for row in d.get("stakes") or ():
            book.add_stake(m, transfer.stake_from(row), transfer.stake_made(row))
    except GintallyError as e:
        raise GintallyError(f"{source}: its match cannot be made here: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise GintallyError(f"{source}: its match part is not an export's ({e})") from None
    return m


# what an export writes under each key of its match part: (types, as a message says them)
_SHAPE: dict[str, tuple[tuple[type, ...], str]] = {
    "match": ((str,), "a name"),
    "players": ((list,), "a list of names"),
    "format": ((str,), "a format's name"),
    "rules": ((dict,), "an object of rules"),
    "format_games": ((int, type(None)), "a number of games"),
    "season_start": ((str, type(None)), "MM-DD"),
    "first_dealer": ((str, type(None)), "a player's name"),
    "teams": ((list, type(None)), "a list of teams"),
    "stakes": ((list, type(None)), "a list of prices"),
}


def _refuse_shape(d: dict[str, Any], source: str) -> None:
    """Refuse a JSON export's match part that lacks a key `new_from` reads, or holds a value of
    another type than an export writes there (a list of names, an object of rules), naming the
    key and the value."""
    for key, (types, what) in _SHAPE.items():
        if key not in d and type(None) not in types:
            raise GintallyError(f"{source}: its match part is not an export's: it has no {key!r}")
        value = d.get(key)
        bad = not isinstance(value, types) or isinstance(value, bool)
        if not bad and key in ("players", "teams"):
            inner = (str,) if key == "players" else (dict,)
            bad = not all(isinstance(v, inner) for v in value or ())
        if not bad and key == "teams":
            bad = not all(
                isinstance(t.get("players"), list) and all(isinstance(p, str) for p in t["players"])
                for t in value or ()
            )
        if bad:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "..."
            raise GintallyError(
                f"{source}: its match part is not an export's: {key!r} is {shown}, not {what}"
            )


def _named(team: dict[str, Any]) -> bool:
    """Whether an export's team was named: its name is not just its members' (an unnamed team
    is shown by them, and stays unnamed, as a merge compares it, when its match is made)."""
    name = team.get("name")
    return bool(name) and name != " & ".join(team["players"])


def _nowhere(uid: str) -> None:
    """No hand has this uid (the ledger has none)."""
    return None


class FileMoney:
    """The money of an import file (a JSON export's), inside the import's write: the prices
    of its match that this one lacks, in its currency (an import never puts a match on
    money; a price from a day priced here too stands if it was set later, as in a merge; an
    export made before prices carried their uid adds only days not priced here), its payments
    and the payments it took back that the ledger lacks, by uid, each checked first."""

    def __init__(self, book: Ledger, m: Match, source: str) -> None:
        self.book, self.m, self.source = book, m, source
        self.added = 0  # payments added
        self.taken_back = 0  # payments taken back (added taken back, or taken back here)
        self.elsewhere = 0  # payments left out: here already, in another match
        self._places: int | None = None
        self._payments: dict[str, Payment] | None = None
        self._priced = False  # the file states prices (`started` looks at them)

    def _paid(self) -> dict[str, Payment]:
        """The match's live payments by uid (read once)."""
        if self._payments is None:
            self._payments = {p.uid: p for p in self.book.payments([self.m.id])}
        return self._payments

    def stakes(self, doc: Any) -> None:
        """The prices of the file's match (`doc`, its ``match`` part) this match lacks, and
        those it took back that are live here (`_take_back`)."""
        rows = doc.get("stakes")
        self._priced = self._priced or bool(rows)
        have = self.book.stakes(self.m)
        if not have:
            return
        uids = {u for u, _ in self.book.stake_identities(self.m)}
        if not isinstance(rows, list):  # every price of the file's match taken back, maybe
            self._take_back(doc.get("stakes_taken_back"), uids)
            return
        prices = []
        for i, row in enumerate(rows, 1):
            try:
                prices.append((transfer.stake_from(row), transfer.stake_made(row)))
            except GintallyError as e:
                raise GintallyError(f"{self.source}: stake {i} of its match: {e}") from None
        # this match's own prices, on another device, when the two share one (the book they
        # both began from); another match's (a copy) add only a day not priced here
        ours = any(made is not None and made[0] in uids for _, made in prices)
        stated, days = set(have), {s.since for s in have}  # looked up once a price, not read
        for stake, made in prices:
            old = have[-1]
            if (stake.currency, stake.places) != (old.currency, old.places):
                continue  # this match's own prices stand: another currency
            if stake in stated or (made is not None and made[0] in uids):
                continue  # here already (as a merge finds a price: by what it states)
            if not ours and stake.since in days:
                continue  # not this match's prices, or an older export's: a day priced stands
            if not ours:
                made = None  # a price of its own here, set now
            self.book.add_stake(self.m, stake, made)  # of one day, the one set later stands
            have.append(stake)
            stated.add(stake)
            days.add(stake.since)
            uids.add(made[0] if made else "")
        self._take_back(doc.get("stakes_taken_back"), uids)
        self._places = None

    def started(self) -> None:
        """Refuse a price of the file that starts after a hand the match does not hold once
        the file's hands are in (it would price nothing)."""
        if not self._priced:
            return
        for stake in self.book.stakes(self.m):
            if stake.after is not None and stake.after.place is None:
                raise GintallyError(
                    f"{self.source}: its price {stake.amount} starts after hand "
                    f"{stake.after.uid[:8]}..., which neither the file nor match "
                    f"{self.m.name!r} holds"
                )

    def _take_back(self, rows: Any, live: set[str]) -> None:
        """The prices the file's match took back (``stakes_taken_back``) that are live here,
        by uid: taken back here too, with their reason and time."""
        if not isinstance(rows, list):
            return
        for i, row in enumerate(rows, 1):
            try:
                made = transfer.stake_made(row)
                back = row.get("taken_back") if isinstance(row, dict) else None
                if not isinstance(back, dict):
                    raise GintallyError("it has no taken_back")
                reason, at = transfer.taken_back_of(back)
            except GintallyError as e:
                raise GintallyError(
                    f"{self.source}: price taken back {i} of its match: {e}"
                ) from None
            if made is not None and made[0] in live:
                self.book.void_stake(made[0], reason, at or None)
                live.discard(made[0])

    def places(self) -> int:
        """The decimal places of the match's currency (a file's payments need a stake)."""
        if self._places is None:
            stake = service.prices(self.book, self.m).latest
            if stake is None:
                raise GintallyError(
                    f"{self.source} holds payments, and match {self.m.name!r} has no stake: set "
                    f"one with gintally match stake {shell_word(self.m.name)} AMOUNT first"
                )
            self._places = stake.places
        return self._places

    def pay(self, i: int, row: Any, taken_back: bool = False) -> None:
        """Payment `i` of the file (or one it took back), added unless the ledger has it."""
        book = self.book
        if taken_back:
            p, reason, at = transfer.check_taken_back(self.m, self.places(), i, row)
        else:
            p = transfer.check_payment(self.m, self.places(), i, row)
        if book.has_payment(p.uid):  # imported before, or this ledger's own: the same one
            stored = self._paid().get(p.uid)
            if stored is not None:
                transfer.same_payment(self.m, stored, p, i)
            elif not taken_back:
                self.elsewhere += 1  # here already, in another match: left out, and said
        else:
            book.add_payment(self.m, p.payer, p.payee, p.amount, p.date, p.note, p.uid)
            self.added += not taken_back
        if taken_back and not book.taken_back(p.uid):
            book.bring_payment_void(p.uid, reason, at)
            self.taken_back += 1


def merge_in(
    book: Ledger, other: str | os.PathLike[str], today: date, same: str | None
) -> report.MergeDoc:
    """Merge the ledger at `other` into `book` (`Ledger.merge`, each row checked by the
    import's validators, `transfer.ImportChecks`) and, in the same write, fold the seasons of
    the matches it changed (`folding.fold_match`), so that the first reader after it finds them
    cached, as after an import: ``merge --json``'s document."""
    from gintally.errors import LedgerError
    from gintally.service.folding import cacheable, fold_match
    from gintally.service.windows import dealer_before

    with book.write():
        done = book.merge(other, transfer.ImportChecks(book, today), same)
        for match_id in done.touched:
            m = book.match_by_id(match_id)
            if cacheable(m):
                # a damaged row here: the first reader refuses it, as before
                with contextlib.suppress(LedgerError):
                    fold_match(book, m, dealer_before, write=True)
    new = {k: done.new.get(k, 0) for k in ("players", "matches", "hands", "corrections")}
    new.update(done.new)  # and the other fact tables' (payments)
    return {
        "merged": str(other),
        "new": new,
        "already_here": done.here,
        "renumbered": list(done.renumbered),
    }


# --- out ------------------------------------------------------------------------------------------


SEPARATORS = (",", ";", "\t")  # what a spreadsheet opens, and import reads back


def export_format(format: str, excel: bool, sep: str = ",", flags: bool = True) -> bool:
    """``export``'s --format, --excel and --sep, checked (before the ledger is opened): True
    for CSV. A refusal names them as the command line spells them, or without `flags` as
    `Book.export` does."""
    if format.lower() not in ("csv", "json"):
        raise GintallyError(f"export writes csv or json, not {format!r}")
    sep_is, json_is = spelled("sep", flags), "--format json" if flags else "format='json'"
    if sep not in SEPARATORS:
        raise GintallyError(f"{sep_is} is one of , ; or a tab, not {sep!r}")
    if sep != "," and format.lower() != "csv":
        raise GintallyError(f"{sep_is} is for CSV: drop {json_is}")
    if excel and format.lower() != "csv":
        raise GintallyError(f"{spelled('excel', flags)} is for CSV: drop {json_is}")
    return format.lower() == "csv"


def write_out(
    book: Ledger, m: Match, out: TextIO, as_csv: bool, excel: bool = False, sep: str = ","
) -> int:
    """Write match `m`'s live hands to `out` as CSV (`excel`: for a spreadsheet to open) or as
    JSON (with its corrected hands, prices and payments), as the hands stream from the ledger
    (one at a time); how many hands were written. Call it inside `Ledger.snapshot`."""
    from gintally.ledger.hands import reader, record_of
    from gintally.service.settling import Settling

    book.refuse_hidden(m)  # a damaged row SQLite can tell, before the first is written
    book.refuse_damaged(m)
    book.refuse_unidentified(m)  # a hand without its uid would be new on the other device
    if not as_csv:
        book.refuse_broken_histories(m)  # what the document's end would meet
    read, settling = reader(m), Settling(m)

    def record(token: Any) -> HandRecord:
        return record_of(token, read)

    def sound(row: Any) -> HandRecord:
        """A row's record, refused when it contradicts its own inputs (asked once for each
        distinct set of stored values, as the hands stream)."""
        rec = read(row)
        settling.refuse(rec.number, rec.stored(), rec)
        return rec

    hands = book.stream_hand_values(m, read=sound)

    if as_csv:
        return transfer.write_csv(m, hands, out, record, excel, sep)
    paid = [transfer.payment_row(m, p) for p in book.payments([m.id])]
    back = [transfer.taken_back_row(m, *row) for row in book.payments_taken_back(m)]
    corrected = (transfer.corrected_row(m, *h) for h in book.histories(m))
    info: dict[str, Any] = {**report.match_doc(m)}
    live = book.stakes(m)
    stakes = [report.stake_doc(s) for s in live]
    if stakes:  # as match show --json has them, each price with where it was first set
        made = book.stake_identities(m)
        prices = [
            {**d, "uid": u, "created_at": at, "after_hand_uid": _after_uid(s)}
            for s, d, (u, at) in zip(live, stakes, made, strict=True)
        ]
        info.update(stake=stakes[-1], stakes=prices)
    back_prices = [
        {
            **report.stake_doc(stake),
            "uid": uid,
            "created_at": at,
            "after_hand_uid": _after_uid(stake),
            "taken_back": {"reason": reason or "", "created_at": voided},
        }
        for stake, uid, at, reason, voided in book.stakes_taken_back(m)
    ]
    if back_prices:  # so that an import takes them back too, as a merge does
        info["stakes_taken_back"] = back_prices
    return transfer.write_json(m, info, hands, out, record, paid, corrected, back)


def _after_uid(stake: Stake) -> str | None:
    """The uid of the hand a price starts after, as an export carries it (so that another
    ledger prices the same games: the hand's number may differ there)."""
    return stake.after.uid if stake.after is not None else None
