"""The work of each command, as a document: what ``--json`` prints, returned instead of printed.

The command line (`cli/`) and the library (`facade.book`) both call these, so a command does
the same work from either and its ``--json`` document is the library's return value. Each
takes an open ledger and the values as typed (read by `facade.typed`); a refusal is a
`GintallyError` raised before anything is written. What the command line adds for people (a
hand's date in its confirmation, the corrections' wording) it adds to the `Done` it is given.

Terminology
- done (`Done`): what a hand command or a correction did: its document, the match, the hand's
  stored version (`rec`) and, for a correction, the replayed window the document came from.
- today: the day a command takes as today (seasons end by it); each caller passes its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gintally import report, service
from gintally.errors import GintallyError
from gintally.facade.typed import Typed as Typed
from gintally.facade.typed import hand_number, spelled, when, whole
from gintally.model import TypedHand

if TYPE_CHECKING:
    from datetime import date

    from gintally.engine.formats import Format
    from gintally.engine.replay import Replay
    from gintally.engine.stakes import Stake
    from gintally.facade.money import Asked
    from gintally.game.rules import RuleSet
    from gintally.game.scoring import HandResult
    from gintally.ledger import Ledger
    from gintally.model import HandRecord, Match, Payment
    from gintally.service.changes import Before, Place
    from gintally.service.config import Setting
    from gintally.service.hands import Price
    from gintally.service.teams import TeamSpec
    from gintally.service.windows import Log, Window


class Done:
    """What a hand command or a correction did (see the module's Terminology)."""

    __slots__ = ("doc", "match", "rec", "window")

    def __init__(
        self, doc: report.HandDoc, match: Match, rec: HandRecord, window: Window | None = None
    ) -> None:
        self.doc, self.match, self.rec, self.window = doc, match, rec, window


# --- recording a hand -----------------------------------------------------------------------------


def hand(
    book: Ledger,
    typed: Typed,
    today: date,
    match: str | None = None,
    date: date | str | None = None,
    dealer: str | None = None,
    upcard: str | None = None,
    note: str | None = None,
    back_date: bool = False,
) -> Done:
    """Record one hand from its values (`Typed`: read before the ledger is opened, so a bad
    value is refused first), in the match named (None: the current one); `date`: a date, or
    the command line's text for it. A hand dated before the game in progress began (or, with
    none in progress, before the latest hand) is refused (`service.hands.back_dated`), unless
    `back_date`: then it is placed by its date and its document names the finished games it
    changed (``changed``, ``changed_text``, as a correction's)."""
    from gintally.service.hands import back_dated, refuse_back_dated

    played = TypedHand(
        typed.claim,
        when(date, book, today),
        dealer=dealer,
        upcard=upcard,
        note=note,
        extra=typed.extra,
        **typed.core,
    )
    m = book.match(match)
    with book.write():  # the date checked and the hand written with nothing between
        reached = back_dated(book, m, played.date, today)
        if reached is not None and not back_date:
            option = "--back-date" if typed.flags else "back_date=True"
            raise refuse_back_dated(book, m, played.date, *reached, option)
        was = None
        if reached is not None:  # it plays after the hands of its day
            was = _windows_before(book, m, [(played.date, book.last_number(m) + 1)], today)
        before = None if reached is None else _Was(book, m, [played.date], today)
        rec, result = service.record(book, m, played)
    if was is None:
        return Done(hand_doc(book, m, rec, result, today), m, rec)
    window = service.replay_match(book, m, around=rec.date, today=today, remember=True)
    ended = service.season_before(book, m, window, rec, today)
    doc = report.hand_doc(m, rec, result, window, ended)
    _tell_changed(book, m, doc, was, window.replay, today, before)
    return Done(doc, m, rec)


def _windows_before(book: Ledger, m: Match, places: list[Place], today: date) -> Before:
    from gintally.service import changes

    return changes.windows_before(book, m, places, today)


def hand_doc(
    book: Ledger, match: Match, rec: HandRecord, result: HandResult | None, today: date
) -> report.HandDoc:
    """A hand as it stands after a command: the games it posted to (and opened, closed), the
    sets it closed, and for ad-infinitum the season (and the season it ended)."""
    window = service.replay_match(book, match, around=rec.date, today=today, remember=True)
    ended = service.season_before(book, match, window, rec, today)
    return report.hand_doc(match, rec, result, window, ended)


# --- corrections ----------------------------------------------------------------------------------


def _corrected(
    book: Ledger,
    m: Match,
    rec: HandRecord,
    verb: str,
    today: date,
    was: Before | None,
    before: _Was | None = None,
) -> Done:
    window = service.replay_match(book, m, around=rec.date, today=today, remember=True)
    doc = report.hand_doc(m, rec, None, window)
    doc["action"] = verb
    _tell_changed(book, m, doc, was, window.replay, today, before)
    return Done(doc, m, rec, window)


def _tell_changed(
    book: Ledger,
    m: Match,
    doc: report.HandDoc,
    was: Before | None,
    now: Replay,
    today: date,
    before: _Was | None,
) -> None:
    """Add to a correction's document the finished games and sets it changed
    (`service.changes.changed_by`), of the windows replayed before it (`was`: one, or a
    season each when it moved a hand to another season) and after it (`now`, around the
    hand's day), and the finished seasons' standing and who owes whom as they changed
    (`before`: as they were): ``changed`` (each one before and after) and ``changed_text`` (a
    line each)."""
    from gintally.service import changes

    found = [] if was is None else changes.changed_by(book, m, was, now, today)
    docs, lines = before.changed(book, m, today) if before is not None else ([], [])
    doc["changed"] = [*report.changed_docs(m, found), *docs]
    doc["changed_text"] = [*report.changed_lines(m, found), *lines]


# Who owes whom in a match, by pair ("Ann and Bob"): each pair's balance as `settle` states it
# (``{"from", "to", "amount", "text"}``); a pair that is square is not there.
Owed = dict[str, dict[str, Any]]
# The standing of finished seasons with a game won, by label: who won it and each side's
# games won.
Standing = dict[str, tuple[int | None, int, int]]


class _Was:
    """What a change may alter beyond the games, as it was before it: who owes whom (None:
    played for nothing) and the standing of the finished seasons holding `days`."""

    __slots__ = ("days", "owed", "standing")

    def __init__(self, book: Ledger, m: Match, days: Sequence[date], today: date) -> None:
        self.days = list(days)
        self.owed = _owed(book, m, today)
        self.standing = _standing(book, m, self.days, today)

    def changed(
        self, book: Ledger, m: Match, today: date
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """The seasons and balances that differ now."""
        docs, lines = _standing_changed(m, self.standing, _standing(book, m, self.days, today))
        owed_docs, owed_lines = _owing_changed(
            self.owed, _owed(book, m, today) if self.owed is not None else None
        )
        return [*docs, *owed_docs], [*lines, *owed_lines]


def _place_of(book: Ledger, m: Match, number: int | None) -> list[Place]:
    """Where hand `number` plays: its date and number (none: no such hand)."""
    if number is None or not 0 < number <= book.last_number(m):
        return []
    return [(book.hand(m, number).date, number)]


def _places_of_next(book: Ledger, m: Match, redo: bool) -> list[Place]:
    """Where the hand an undo (or a redo) would change next plays: its place now, and for an
    edit, the place of the version it goes back (or again) to (none: no change to the
    hands)."""
    done, undone = service.change_stacks(book, m)
    top = undone if redo else done
    if not top:
        return []
    change = top[-1]
    places = _place_of(book, m, change.number)
    if change.action == "replace" and places:
        version = book.version_made(m, change) if redo else book.version_before(m, change)
        places.append((version.date, change.number))
    return places


def _days(places: list[Place]) -> list[date]:
    return [day for day, _ in places]


def _standing(book: Ledger, m: Match, days: Sequence[date], today: date) -> Standing:
    """The standing of the finished seasons holding `days` (those not over are left out)."""
    from gintally.engine.seasons import season_end, season_of

    out: Standing = {}
    for day in dict.fromkeys(days):
        label, start = season_of(day, m.format.season_start)
        if season_end(start) > today or label in out:
            continue
        # the hands up to the season's end are all its standing reads (a game counts in the
        # season it closed in): an edit of a first hand does not fold decades after it
        seasons, _ = service.match_standings(book, m, today, start.year, season_end(start))
        for season in seasons:
            a, b = season.rows[0].games_won, season.rows[1].games_won
            if season.label == label and season.over and a + b:
                out[label] = (season.winner, a, b)
    return out


def _standing_changed(
    m: Match, was: Standing, now: Standing
) -> tuple[list[dict[str, Any]], list[str]]:
    """Each finished season whose standing differs before and after a change: as
    ``{"season": "2025", "was", "now"}`` (``{"winner", "games_won"}``) and as a line ("Season
    2025 changes: was Ann 12-9 in games won; now tied 9-9")."""
    docs: list[dict[str, Any]] = []
    lines: list[str] = []
    for label in sorted(set(was) | set(now)):
        before, after = was.get(label), now.get(label)
        if before == after:
            continue

        def doc(s: tuple[int | None, int, int] | None) -> dict[str, Any] | None:
            if s is None:
                return None
            return {"winner": m.name_at(s[0]), "games_won": m.pair([s[1], s[2]])}

        def told(s: tuple[int | None, int, int] | None) -> str:
            if s is None:
                return "no game won"
            if s[0] is None:
                return f"tied {s[1]}-{s[2]} in games won"
            mine, theirs = (s[1], s[2]) if s[0] == 0 else (s[2], s[1])
            return f"{m.name_at(s[0])} {mine}-{theirs} in games won"

        docs.append({"season": label, "was": doc(before), "now": doc(after)})
        lines.append(f"Season {label} changes: was {told(before)}; now {told(after)}")
    return docs, lines


def _owed(book: Ledger, m: Match, today: date) -> Owed | None:
    """Who owes whom in match `m` now, its payments taken off (None: played for nothing)."""
    if not book.stakes(m):
        return None
    from gintally.facade import money

    return money.owed(book, m, today)


def _owing_changed(was: Owed | None, now: Owed | None) -> tuple[list[dict[str, Any]], list[str]]:
    """Each pair whose balance differs before (`was`) and after (`now`) a change: as
    ``{"balance": "Ann and Bob", "was", "now"}`` (None: square) and as a line ("Balance
    changes: was Bob owes Ann 6.50; now Ann and Bob square")."""
    if was is None and now is None:
        return [], []
    was, now = was or {}, now or {}
    docs: list[dict[str, Any]] = []
    lines: list[str] = []
    for pair in sorted(set(was) | set(now)):
        before, after = was.get(pair), now.get(pair)
        if before == after:
            continue
        docs.append({"balance": pair, "was": before, "now": after})

        def told(b: dict[str, Any] | None, pair: str = pair) -> str:
            return f"{pair} square" if b is None else f"{b['from']} owes {b['to']} {b['text']}"

        lines.append(f"Balance changes: was {told(before)}; now {told(after)}")
    return docs, lines


def _before(book: Ledger, m: Match, places: list[Place], today: date) -> Before | None:
    """The finished games of the windows around `places` (a hand's, and the one a correction
    moves it to or from) before a correction of it (`service.changes.windows_before`; None:
    no such hand, nothing to compare)."""
    return _windows_before(book, m, places, today) if places else None


def undo_fact(book: Ledger, match: str | None, today: date) -> Done | dict[str, Any]:
    """Take back the match's latest change (`service.undo_latest`): a hand entered, an edit
    (the hand is again as it was before it), a void or a restore; or a payment recorded after
    the last hand or a price set after the latest change to the hands, given as the payment's
    document or ``{"match", "stake"}`` with ``"action": "undid"``. Every document says what
    was taken back (``"undid"``: ``"hand"``, ``"edit"``, ``"void"``, ``"restore"``,
    ``"payment"`` or ``"price"``; ``"took_back"``, a line) and what it changed (``changed``,
    ``changed_text``: the finished games and sets, and who owes whom). The command line's
    ``undo``, the library's `Match.undo` and ``gintally play``'s ``u`` all come here."""
    m = book.match(match)
    places = _places_of_next(book, m, False)
    before = _Was(book, m, _days(places), today)
    was = _before(book, m, places, today)
    taken = service.undo_latest(book, m)
    if isinstance(taken, service.Undone):
        done = _corrected(book, m, taken.rec, "undid", today, was, before)
        done.doc["undid"] = taken.what
        done.doc["took_back"] = _told(m, taken, done.doc["description"], "Took back")
        return done
    return _money_doc(book, m, taken, "undid", today, before)


def redo_fact(book: Ledger, match: str | None, today: date) -> Done | dict[str, Any]:
    """Bring back what the latest undo took back (`service.redo`): a hand (under its own
    number), an edit, a void or a restore; or a payment or a price, recorded again (its
    document, as `undo_fact` gives one, with ``"action": "redid"``). The document says what
    (``"redid"``, ``"brought_back"``) and what it changed (``changed``, ``changed_text``)."""
    m = book.match(match)
    places = _places_of_next(book, m, True)
    before = _Was(book, m, _days(places), today)
    was = _before(book, m, places, today)
    back = service.redo(book, m)
    if not isinstance(back, service.Undone):
        return _money_doc(book, m, back, "redid", today, before)
    done = _corrected(book, m, back.rec, "redid", today, was, before)
    done.doc["redid"] = back.what
    done.doc["brought_back"] = _told(m, back, done.doc["description"], "Brought back")
    return done


def _money_doc(
    book: Ledger,
    m: Match,
    thing: Payment | Price,
    action: str,
    today: date,
    before: _Was,
) -> dict[str, Any]:
    """A payment or a price taken back (`action` ``"undid"``) or brought back (``"redid"``)
    as its document: the payment's (`report.payment_doc`) or ``{"match", "stake"}``, with
    what was done in a line (``took_back``, ``brought_back``) and who owes whom as it
    changed (``changed``, ``changed_text``)."""
    from gintally.service.hands import Price

    verb = "Took back" if action == "undid" else "Brought back"
    key = "took_back" if action == "undid" else "brought_back"
    if isinstance(thing, Price):
        stake = report.stake_doc(thing.stake)
        since = report.price_start(stake)
        doc: dict[str, Any] = {"match": m.name, "stake": stake, "action": action}
        doc[action] = "price"
        doc[key] = f"{verb} the price of {m.name}: {stake['per_point']}{since}."
    else:
        currency, places = service.payment_currency(book, thing)
        names = {p.id: p.name for p in m.members}
        doc = {**report.payment_doc(thing, names, m.name, currency, places), "action": action}
        doc[action] = "payment"
        doc[key] = (
            f"{verb} the payment: {doc['from']} paid {doc['to']} {doc['text']} on {doc['date']}."
        )
    doc["changed"], doc["changed_text"] = _owing_changed(before.owed, _owed(book, m, today))
    return doc


def restore(book: Ledger, match: str | None, hand: str, reason: str | None, today: date) -> Done:
    """Bring back voided hand `hand` (its number as typed) under its own number."""
    m = book.match(match)
    number = hand_number(hand)
    places = _place_of(book, m, number)
    before = _Was(book, m, _days(places), today)
    was = _before(book, m, places, today)
    back = service.restore(book, m, number, reason)
    done = _corrected(book, m, back.rec, "restored", today, was, before)
    done.doc["brought_back"] = f"Restored hand {number}: {done.doc['description']}"
    return done


def _told(m: Match, u: service.Undone, said: str, verb: str) -> str:
    """What an undo (`verb` "Took back") or a redo ("Brought back") did, as a player reads
    it."""
    n = u.rec.number
    if u.what == "edit":
        before = report.describe(m, u.taken) if u.taken is not None else ""
        return f"{verb} the edit of hand {n} ({before}): hand {n} is again {said}"
    if u.what == "hand":
        return f"{verb} hand {n}: {said}"
    state = "void" if u.rec.voided else "back in play"
    return f"{verb} the {u.what} of hand {n}: hand {n} is {state} ({said})"


def void(book: Ledger, match: str | None, hand: str, reason: str | None, today: date) -> Done:
    """Void hand `hand` (its number as typed)."""
    m = book.match(match)
    number = hand_number(hand)
    places = _place_of(book, m, number)
    before = _Was(book, m, _days(places), today)
    was = _before(book, m, places, today)
    return _corrected(book, m, book.void(m, number, reason), "voided", today, was, before)


def edit(
    book: Ledger,
    match: str | None,
    hand: str,
    changed: dict[str, Any],
    reason: str | None,
    today: date,
) -> Done:
    """Correct hand `hand` (its number as typed) with `changed` (from `typed.changes`)."""
    date = changed.get("date")
    changed["date"] = when(date, book, today) if date else None
    m = book.match(match)
    number = hand_number(hand)
    old_day = book.hand(m, number).date  # the window compared is around it
    moved = [(changed["date"], number)] if changed["date"] is not None else []
    places = [(old_day, number), *moved]
    before = _Was(book, m, _days(places), today)
    was = _before(book, m, places, today)
    rec, result = service.edit(book, m, number, changed, reason)
    window = service.replay_match(book, m, around=rec.date, today=today, remember=True)
    ended = service.season_before(book, m, window, rec, today)
    doc = report.hand_doc(m, rec, result, window, ended)
    doc["action"] = "edited"
    now = window.replay
    if window.season is not None and rec.date != old_day and was is not None and len(was) == 1:
        # moved inside its season (to another: `changes.changed_by` replays each season)
        # the season whole: a mark the first replay kept may lie after games the edit changed
        now = service.replay_match(book, m, around=old_day, today=today, recent=False).replay
    _tell_changed(book, m, doc, was, now, today, before)
    return Done(doc, m, rec)


# --- reading --------------------------------------------------------------------------------------


def show(
    book: Ledger, match: str | None, every: bool, today: date, sheet_rows: bool = True
) -> report.ShowDoc:
    """The score sheet (`show`); `every`: every game and set of the match (``--all``);
    without `sheet_rows`, for the drawing: a seasonal format's sheet is left empty (it draws
    none)."""
    m = book.match(match)
    if every:
        window = service.replay_all(book, m, today)
    else:
        # the drawing (no sheet rows) may start inside an ad-infinitum season: `tally`
        window = service.replay_match(book, m, today=today, recent=not sheet_rows)
    doc = report.show_doc(window, every=every, sheet_rows=sheet_rows)
    money = _money(book, m, lambda: window.replay, today)
    if money is not None:  # without a stake the sheet is as it always was
        doc["stake"], doc["in_play"] = money
    return doc


def _money(
    book: Ledger, m: Match, replay: Callable[[], Replay], today: date
) -> tuple[report.StakeDoc, report.InPlayDoc | None] | None:
    """What a sheet adds when the match is played for money: its `stake` and `in_play` (the
    set or game in progress of `replay()`, the replayed window, worth so far); None without
    a stake."""
    money = service.in_play_now(book, m, replay(), today) if book.stakes(m) else None
    if money is None:
        return None
    now, playing = money
    return report.stake_doc(now), (report.in_play_doc(m, playing) if playing is not None else None)


class Listing:
    """``show --all`` of a two-player match, streamed: its games replayed as the hands come
    from the file (`service.listing`), so nothing of the match is held whole. Read it while
    the ledger's snapshot is open (`Book.snapshot`): the head, then the games' lines and
    the tail (what the whole listing decided), or the JSON document's fields (`fields`)."""

    __slots__ = ("book", "games", "head", "match", "today")

    def __init__(self, book: Ledger, match: Match, today: date) -> None:
        self.book, self.match, self.today = book, match, today
        self.games = service.listing(book, match, today)
        self.head = report.listing_head(match)

    def lines(self) -> Iterator[report.GameLine | report.SetDoc]:
        """Each game and set as its line reads it (`report.listing_lines`)."""
        return report.listing_lines(self.match, self.games)

    def tail(self, head: report.ShowDoc) -> report.ShowDoc:
        """`head` with what the games listed decided (read once they are), and what a match
        played for money adds (`show`'s `stake` and `in_play`: the set or game in progress
        is the latest season's)."""
        doc = report.listing_tail(head, self.match, self.games)
        book, m = self.book, self.match

        def latest() -> Replay:
            return service.replay_match(book, m, today=self.today).replay

        money = _money(book, m, latest, self.today)
        if money is not None:
            doc["stake"], doc["in_play"] = money
        return doc

    def digits(self) -> int:
        """The width of the match's highest hand number."""
        return len(str(self.book.last_number(self.match)))

    def count(self) -> int:
        """How many hands the match holds."""
        return self.book.count_hands(self.match)

    def fields(self) -> Iterator[tuple[str, object]]:
        """``show --all --json``'s document (`report.show_doc`'s keys), a field at a time for
        `jsonout.stream`: its games, sheet and sets streamed by three replays of the match
        (the games, then each hand's posts, then the sets)."""
        from gintally.engine.sets import GameSet

        book, m, head = self.book, self.match, self.head
        streams: dict[str, Callable[[], Iterator[object]]] = {
            "games": lambda: report.listing_items(
                m, (g for g in self.games if not isinstance(g, GameSet))
            ),
            "sheet": lambda: report.listing_sheet(m, service.plays(book, m)),
            "sets": lambda: report.listing_items(
                m, (s for s in service.listing(book, m, self.today) if isinstance(s, GameSet))
            ),
        }
        doc: Mapping[str, object] = head
        for key in head:
            stream = streams.get(key)
            yield key, doc[key] if stream is None else stream()
            if key == "games":  # what the listing decided, known once the games are written
                doc = self.tail(head)
        for key in ("stake", "in_play"):  # played for money: as `Match.sheet(all=True)` has it
            if key in doc:
                yield key, doc[key]


def listing(book: Ledger, match: str | None, today: date) -> Listing | None:
    """``show --all`` of the match named, streamed (`Listing`); None when its games are
    replayed whole (a team match: `show`)."""
    m = book.match(match)
    return Listing(book, m, today) if not service.seating_of(m).whole else None


def log_limits(
    year: str | None, last: str | None, flags: bool = True
) -> tuple[int | None, int | None]:
    """`hands`' --year and --last as typed, checked (before the ledger is opened); a refusal
    names them as the command line spells them, or without `flags` as `Match.hands` does."""
    year_is, last_is = spelled("year", flags), spelled("last", flags)
    wanted = whole(year, year_is)
    if wanted is not None and not 1 <= wanted <= 9999:  # a date's year (was a ValueError)
        raise GintallyError(f"{year_is} must be a year from 1 to 9999, not {wanted}")
    count = whole(last, last_is)
    if count is not None and count < 1:
        raise GintallyError(f"{last_is} must be 1 or more, not {count}")
    return wanted, count


class HandLog:
    """The hand log (`hands`): its head and its rows, streamed from the ledger (read them
    while it is open), and the log they come from (`service.windows.Log`)."""

    __slots__ = ("head", "log", "rows")

    def __init__(self, head: report.HandsHead, rows: Iterator[report.HandRow], log: Log) -> None:
        self.head, self.rows, self.log = head, rows, log

    def doc(self) -> report.HandLogDoc:
        """The whole log as one document: ``hands --json``."""
        return {**self.head, "hands": list(self.rows)}


def hand_log(
    book: Ledger, match: str | None, year: int | None, last: int | None, every: bool
) -> HandLog:
    """The hand log of the latest season, or of the season starting in `year`; `last`: only
    the last N hands; `every`: every season and the voided hands too."""
    m = book.match(match)
    log = service.hand_log(book, m, year, last, every)
    head = report.hands_head(m, log.season, log.count, log.total)
    rows = report.hand_rows(m, log.rows)
    return HandLog(head, rows, log)


def standings(
    book: Ledger, match: str | None, year: int | None, today: date
) -> report.StandingsDoc:
    """A match's standings for its latest season, or the season starting in `year`."""
    m = book.match(match)
    seasons, window = service.match_standings(book, m, today, year)
    if year is not None and not any(s.start.year == year for s in seasons):
        years = ", ".join(str(s.start.year) for s in seasons)
        raise GintallyError(
            f"match {m.name!r} has no season starting in {year}"
            + (f" (it has {years})" if years else "")  # as chart and report say it
        )
    doc = report.standings_doc(m, seasons, year, window.replay, window.hands)
    if book.stakes(m):  # played for money: each side's winnings in the season
        earned = service.season_winnings(book, m, doc["season"] or "", today)
        if earned is not None:
            report.add_winnings(doc, *earned)
    return doc


def stats(book: Ledger, player: str | None) -> report.StatsDoc:
    """Every player across every match: lifetime figures, head to head, records."""
    from gintally.service import insights

    who = insights.person(book, player)
    doc = report.stats_doc(insights.lifetime(book), who)
    staked = book.staked_matches()  # none: the figures are as they always were
    if staked:
        _lifetime_winnings(book, doc, [m for m in book.matches() if m.id in staked])
    return doc


def _lifetime_winnings(book: Ledger, doc: report.StatsDoc, matches: list[Match]) -> None:
    """Each player's winnings over every match played for money, by currency."""
    places = {plan.currency: plan.places for plan in (service.prices(book, m) for m in matches)}
    names = {p.id: p.name for m in matches for p in m.members}
    by_name: dict[str, dict[str, str]] = {}
    for currency, people in service.lifetime_winnings(book, matches).items():
        for pid, value in people.items():
            by_name.setdefault(names[pid], {})[currency] = report.amount_text(
                value, places[currency]
            )
    for row in doc["players"]:
        if row["player"] in by_name:
            row["winnings"] = by_name[row["player"]]


def matches(book: Ledger) -> report.MatchesDoc:
    """Every match, and the current one's name (``match list --json``)."""
    docs = [report.match_doc(m) for m in book.matches()]
    current = book.match().name if docs else None
    return {"matches": docs, "current": current}


# --- a new match ----------------------------------------------------------------------------------


class Plan:
    """A match as asked for, checked before the ledger is opened: its name, players or teams,
    format, rules and first dealer."""

    __slots__ = ("dealer", "fmt", "name", "players", "rules", "specs")

    def __init__(
        self,
        name: str,
        players: tuple[str, ...],
        specs: list[TeamSpec] | None,
        fmt: Format,
        rules: RuleSet,
        dealer: str | None,
    ) -> None:
        self.name, self.players, self.specs = name, players, specs
        self.fmt, self.rules, self.dealer = fmt, rules, dealer


def plan(
    name: str,
    players: Sequence[str] | None,
    teams: Sequence[str] | None,
    format: str = "single",
    rules: str = "modern",
    knobs: Sequence[str] = (),
    games: str | None = None,
    rolling: bool = False,
    season_start: str | None = None,
    dealer: str | None = None,
    flags: bool = True,
) -> Plan:
    """`match new` as typed, checked: two players (one for a solitaire) or two teams, a
    format, a rule preset with its overrides (``KEY=VALUE``), games at once, rolling, the
    seasons' first day and the first dealer. A refusal names an option as the command line
    spells it (``--games``), or without `flags` as `Book.new_match` calls it (``games``)."""
    from gintally.engine.formats import format_class
    from gintally.engine.seasons import parse_season_start
    from gintally.game.rules import resolve

    if players is not None and teams is not None:
        raise GintallyError(
            "give --players (two players) or --teams (two teams), not both"
            if flags
            else "give players (two players) or teams (two teams), not both"
        )
    if players is None and teams is None:
        raise GintallyError(
            'give the two players (--players A B) or two teams (--teams "A,C" "B,D")'
            if flags
            else 'give the two players (players=["A", "B"]) or two teams (teams=["A,C", "B,D"])'
        )
    specs = service.team_specs(teams) if teams is not None else None
    if specs is not None and dealer is not None:
        dealer_is = spelled("dealer", flags)
        raise GintallyError(
            f"{dealer_is} names the first dealer of a two-player match; in a team match each "
            f"table deals on its own (give {dealer_is} with a hand)"
        )
    kind = format_class(format)
    games_is = spelled("games", flags)
    if games is not None and not kind.in_sets:
        raise GintallyError(f"{games_is} is for hollywood and honeymoon matches, not {kind.key}")
    if rolling and not kind.rolls:
        raise GintallyError(f"{spelled('rolling', flags)} is for hollywood matches, not {kind.key}")
    start = parse_season_start(season_start) if season_start else (1, 1)
    count = whole(games, games_is)
    fmt = kind(None, count if count is not None else 3, rolling, start)
    resolved = resolve(rules, list(knobs))
    if specs is not None:
        resolved = service.team_rules(resolved, len(specs[0].members))
    return Plan(name, tuple(players or ()), specs, fmt, resolved, dealer)


def new_match(
    book: Ledger, planned: Plan, price: Asked | None = None
) -> tuple[Match, Stake | None]:
    """Create the match `planned` (it becomes the current match) and, when it is played for
    money (`price`, from `money.asked`), price it from its start: both in one write, or
    neither. The match and its stake (None: played for nothing)."""
    p = planned
    with book.write():
        m = service.new_match(book, p.name, p.players, p.fmt, p.rules, p.dealer, p.specs)
        if price is None:
            return m, None
        from gintally.facade import money

        return m, money.stake_new(book, m, price)


def spreadsheet(rows: Sequence[Mapping[str, object]]) -> str:
    """Rows of a document's table as a spreadsheet's CSV (``standings --csv``, ``stats
    --csv``): the columns in the order the rows name them, a value that is not one figure (a
    pair of names...) as its JSON."""
    import json

    from gintally.transfer.spreadsheet import table_csv

    columns = list(dict.fromkeys(k for row in rows for k in row))
    flat = [
        {
            k: json.dumps(v, ensure_ascii=False) if isinstance(v, dict | list) else v
            for k, v in row.items()
        }
        for row in rows
    ]
    return table_csv(columns, flat)


# --- data and pages -------------------------------------------------------------------------------


def chart(book: Ledger, match: str | None, year: int | None, today: date) -> report.RaceDoc:
    """The season race of the match named (None: the current one), the latest season or the
    one starting in `year`: ``chart --json``."""
    from gintally.service import insights

    m = book.match(match)
    if year is None and not book.count_hands(m):  # nothing played yet: an empty race
        return report.race_start(m, today)
    story = insights.season_story(book, m, year, today, hands=False)
    return report.race_doc(m, story.season, story.race, story.hands, story.running)


def review(book: Ledger, match: str | None, year: int | None, today: date) -> report.ReviewDoc:
    """What the year-in-review page shows of a match's season (`facade.page`): its standings
    (with each side's winnings when it is played for money), race, sets, records and hands."""
    from gintally.service import insights

    m = book.match(match)
    story = insights.season_story(book, m, year, today)
    doc = report.review_doc(m, story)
    earned = service.season_winnings(book, m, story.season.label, today)
    if earned is not None:  # None without a stake: as before
        report.add_winnings(doc["season"], *earned)
    return doc


def setting(key: str | None, value: str | None, unset: bool) -> Setting | None:
    """``config``'s setting as typed, checked before the ledger is opened (None: every one)."""
    if unset and (key is None or value is not None):
        raise GintallyError("--unset takes the setting's name and no value: config KEY --unset")
    return service.setting_of(key) if key is not None else None


def settings(
    book: Ledger, setting: Setting | None, value: str | None = None, unset: bool = False
) -> Settings:
    """The ledger's settings (``config``): every one, or `setting` (from `setting`), set to
    `value` first or forgotten first (`unset`)."""
    if setting is not None and (value is not None or unset):
        service.configure(book, setting.key, value)
    values = service.settings(book)
    shown = [s for s in service.SETTINGS.values() if setting is None or s is setting]
    return Settings({s.key: values[s.key] for s in shown}, shown)


class Settings:
    """The settings `settings` shows: their values (``config --json``'s document) and what
    each is (`service.config.Setting`: its values and what they mean, what unset means)."""

    __slots__ = ("doc", "shown")

    def __init__(self, doc: dict[str, str | None], shown: list[Setting]) -> None:
        self.doc, self.shown = doc, shown
