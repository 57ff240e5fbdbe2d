"""A ledger for programs that keep score: `open` gives a `Book`, and `Book.match` a `Match`,
whose methods are the commands typed at the table (SPEC section 10). The command line, ``gintally
play`` and ``gintally serve`` are clients of these classes too: no command opens the ledger
itself (tests/test_layers.py), and a Book opens it as each call needs (for reading; for writing
once a call writes; made only by `new_match`) and holds the transactions.

The library's methods, by what they give back:
- typed methods: the hand methods and `Match.edit` take Python values (``knock("Ann", 8,
  vs=18)``: ``int`` counts, text for names and cards, a list of cards, a `datetime.date`),
  written out with their types so that a type checker refuses a misspelled or mistyped call; at
  run time a wrong value is refused naming the parameter (``vs must be a whole number, not
  '18'``, `errors.ParameterError`), and a refusal of the hand itself says what the
  command line says.
- data methods: each returns exactly the document its command's ``--json`` prints, as JSON
  reads it back (`plain`: lists, text keys), and a refusal raises a `GintallyError`; nothing
  is written then. Reading: `Book.matches`, `Book.standings`, `Book.stats`, `Book.players`,
  `Book.settings`, `Match.info`, `Match.sheet`, `Match.hands`, `Match.standings`. Data in and
  out: `Book.import_`, `Book.export`, `Book.merge`, `Book.check`, `Book.backup`, `Book.chart`
  and `Book.report` return what ``import``, ``merge``, ``check`` and ``chart`` print with
  ``--json`` (``export`` and ``report``: what was written). Money (`facade.money`):
  `Book.new_match(stake=...)`, `Match.stake`, `Match.pay` and `Book.pay`, `Match.settlement`
  and `Book.settlement` return what ``match new``, ``match stake``, ``pay`` and ``settle``
  print with ``--json``; an amount may be a `Decimal`, a whole number or text, and is read as
  the command line reads the text.
- documents as a screen draws them: `Book.sheet_doc` (the sheet as `report.ShowDoc`),
  `Book.listing` (``show --all`` streamed), `Book.hand_log` (its rows streamed), read inside
  `Book.snapshot`; what a hand or a correction did as a `work.Done` (`Book.record`,
  `Match.hand`, `Match.undone`, `Match.voided`, `Match.edited`); `Book.make_match` (a match
  as planned, with its stake, in one write) and `Book.setting_values`. The command line draws
  these (a printed page may arrive the same way), without copying them into JSON's shapes.

A Book keeps its ledger open from its first use until it is closed (it is a context manager).
Before each command it asks the file whether another process wrote to it meanwhile
(`Ledger.news`), so two terminals or two devices can share a ledger; `Book.news` tells a
screen when to redraw. The day a Book takes as today (seasons end by it) is `datetime.date.today`
unless it is given another (`Book(today=...)`).

Terminology
- hand methods: one `Match` method per hand command (``knock``, ``gin``, ``big_gin``,
  ``draw``, ``misdeal``, ``score`` and each variant's own: ``gimlet``, ``double_gimlet``,
  ``sour``), written out: the command's own parameters in their declared order
  (`gintally.game.variants`), then by keyword the options the variants add and the hand
  options (``date``, ``dealer``, ``upcard``, ``note``). Their arguments are checked by those
  declarations (tests/test_library_types.py holds the two together).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import IO, TYPE_CHECKING, Any, Literal, TextIO, TypeAlias, TypeVar

from gintally import jsonout
from gintally.errors import GintallyError, ParameterError
from gintally.facade import typed, work
from gintally.facade.typed import Cards, as_text

if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from decimal import Decimal
    from typing import TypedDict, Unpack

    from gintally import report
    from gintally.engine.stakes import Stake
    from gintally.facade.money import Asked
    from gintally.ledger import Ledger
    from gintally.model import Match as MatchRecord
    from gintally.service.config import Setting

    class Knobs(TypedDict, total=False):
        """The rules `Book.new_match` may override (`game.rules.KNOBS`, typed as
        `game.rules.RuleSet` types them; None: off), so that mypy refuses a misspelled one.
        For the type checker only: nothing is made at run time."""

        variant: str
        knock_limit: int | str
        oklahoma_ace: str
        spade_doubles: bool
        gin_bonus: int
        big_gin_bonus: int | None
        undercut_bonus: int
        tie: str
        undercut_style: str
        deck_out_scores: bool
        card_values: str
        ace_value: int
        aces: str
        wrap_runs: bool
        target: int
        game_bonus: int
        box_bonus: int
        shutout: str
        exactly_50_loses: bool
        series_target: int | None
        best_of: int | None
        next_dealer: str
        team_sweep_bonus: int | str
        team_target: int | str


# A match's format as `Book.new_match` takes it: `engine.formats.FORMATS`' keys
Format: TypeAlias = Literal["single", "hollywood", "honeymoon", "ad-infinitum"]
Amount: TypeAlias = "Decimal | int | str"  # money as the library takes it (a float: its repr)
T = TypeVar("T")


def open(path: str | os.PathLike[str] | None = None) -> Book:
    """The ledger at `path` as a `Book`; None: the command line's ledger (``$GINTALLY_DB``, else
    ``ledger.db`` in the user's app directory). ``":memory:"`` is a ledger that lives as long
    as the Book. Nothing is read until the first call: a ledger that does not exist is made
    by `Book.new_match`, by `Book.import_` of a JSON export and by `Book.merge` only, and any
    other call says ``no ledger at PATH``."""
    from gintally.facade import where

    if path is None:
        return Book(where.default_path(), make_folder=where.in_app_dir())
    return Book(path)


# `Book.report` hides the module `report` from the annotations of the methods after it
SettleDoc: TypeAlias = "report.SettleDoc"
PageDoc: TypeAlias = "report.PageDoc"
PrintedDoc: TypeAlias = "report.PrintedDoc"
DeletedDoc: TypeAlias = "report.DeletedDoc"
PaidDoc: TypeAlias = "report.PaidDoc"
SettingsDoc: TypeAlias = "report.SettingsDoc"
StakeSetDoc: TypeAlias = "report.StakeSetDoc"
UndoDoc: TypeAlias = "report.UndoDoc"


def _year(year: int | None) -> int | None:
    """A season's year as a library call gives it: a whole number (any: a year no season
    starts in is refused by the read), or None; else `ParameterError` naming `year`."""
    return None if year is None else typed.number(year, "year", signed=True)


def _exported(
    match: str,
    format: str,
    hands: int,
    output: str | None,
    voided: int,
    prices: int = 0,
    payments: int = 0,
) -> report.ExportDoc:
    """What `Book.export` wrote, and what the file leaves out, said when there is any: the
    match's `voided` hands (JSON carries them, CSV leaves them), and the `prices` and
    `payments` a CSV leaves out."""
    doc: report.ExportDoc = {
        "match": match,
        "format": format.lower(),
        "hands": hands,
        "output": output,
    }
    if voided:
        doc["voided"] = voided
    if prices:
        doc["prices"] = prices
    if payments:
        doc["payments"] = payments
    return doc


def plain(doc: object) -> dict[str, Any]:
    """A document as its ``--json`` reads back: lists for tuples, text keys."""
    out: dict[str, Any] = jsonout.plain(doc)
    return out


class Book:
    """An open ledger (``gintally.open(path)``; a context manager): its matches, standings and
    lifetime figures, data in and out, money and printed pages (see the module).

    A program needs: `match`, `matches`, `new_match`, `use_match`, `rename_match`,
    `delete_match`, `players`, `rename_player`; `standings`, `stats`, `chart`, `report`,
    `print_page`; `settlement`, `pay`; `import_`, `export`, `merge`, `check`, `backup`;
    `settings`, `forget`; `news`, `close`. The others (`ledger`, `record`, `make_match`,
    `sheet_doc`, `listing`, `hand_log`, `snapshot`, `setting_values`, `several_matches`,
    `save_folds`, `day`) serve the front ends that draw (the command line, ``play``,
    ``serve``): they take values already checked or the command line's text, and return the
    documents before they are made JSON."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        make_folder: bool = False,
        on_wait: Callable[[], None] | None = None,
        today: Callable[[], date] | None = None,
        write: bool = False,
        flags: bool = False,
    ) -> None:
        """The ledger at `path` (`make_folder`: its folder may be made, as the app directory
        may; `on_wait`: called when a write waits more than a second for another process;
        `today`: the day the Book takes as today, asked at each call (seasons end by it),
        `datetime.date.today` by default; `write`: the calls to come write, so the ledger is
        opened for writing at the first, once, rather than for reading and then again;
        `flags`: a refusal names an option as the command line spells it, ``--vs``, for the
        front ends that read text, rather than as the method calls it, ``vs``)."""
        typed.path(path, "path")
        self.flags = flags
        self.path = path if str(path) == ":memory:" else Path(path)
        self.today: Callable[[], date] = today or date.today
        self._write_first = write
        self._make_folder = make_folder
        self._on_wait = on_wait
        # Each thread's connection, as if each had its own Book (a connection runs one
        # transaction at a time: two threads sharing one joined each other's writes and
        # refused "a transaction within a transaction"); ":memory:" is one connection only.
        self._slot: Any = SimpleNamespace() if str(path) == ":memory:" else threading.local()
        self._opened: list[Ledger] = []  # every thread's, closed by `close`
        self._opening = threading.Lock()

    def __repr__(self) -> str:
        return f"<gintally.Book {str(self.path)!r}>"

    def __enter__(self) -> Book:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the ledger, every thread's connection to it (a later call opens it again; a
        ledger in ``":memory:"`` is gone with it, and a later call starts an empty one)."""
        with self._opening:
            opened, self._opened = self._opened, []
        for ledger in opened:
            ledger.close()

    @property
    def _ledger(self) -> Ledger | None:
        """This thread's open ledger (None: not opened, or closed since)."""
        ledger: Ledger | None = getattr(self._slot, "ledger", None)
        return ledger if ledger is not None and ledger in self._opened else None

    def ledger(self, write: bool = False, create: bool = False) -> Ledger:
        """The open ledger, having checked for other processes' writes. It is opened on first
        use as the command line opens it: for reading (a read-only file reads; nothing about
        the file changes) until a call writes (`write`: opened again for writing; `create`:
        made if it does not exist), or until its path names another file or none (`moved`:
        the file removed, or another moved over it), when it is opened again from the path.
        Each thread that uses the Book has its own connection."""
        write = write or self._write_first
        ledger = self._ledger
        if ledger is not None and ((write and not self._slot.writable) or ledger.moved()):
            with self._opening:
                self._opened.remove(ledger)
            ledger.close()
            ledger = None
        if ledger is None:
            from gintally.ledger import Ledger

            memory = str(self.path) == ":memory:"  # one connection is all of it: never reopened
            ledger = Ledger.open(
                self.path,
                write=write or memory,
                create=create,
                make_folder=self._make_folder,
                on_wait=self._on_wait,
                until_written=create,
            )
            with self._opening:
                self._opened.append(ledger)
            self._slot.ledger, self._slot.writable = ledger, write or memory
        ledger.news()
        return ledger

    def _creating(self, work: Callable[[Ledger], T], create: bool = True) -> T:
        """`work` on the ledger opened for writing; with `create`, one that does not exist is
        made by work's first change (built beside its path and put there then:
        `Ledger.open`'s `until_written`), so a refused call leaves no file. When another
        process or Book made the file meanwhile (`files.Raced`), nothing of the first try
        was kept, and the work is done again on the file that is there."""
        from gintally.ledger.files import Raced

        ledger = self.ledger(write=True, create=create)
        made = ledger.pending
        try:
            try:
                return work(ledger)
            except Raced:
                return work(ledger)
        finally:
            if made and (ledger.pending or ledger.lost):  # no file made, or not reopened
                with self._opening:
                    if ledger in self._opened:
                        self._opened.remove(ledger)
                ledger.close()

    def news(self) -> bool:
        """Whether another process has written to the ledger since this Book last looked, or
        its path names another file now (`Ledger.moved`: that one is opened)."""
        ledger = self._ledger
        if ledger is None:
            return False
        if ledger.moved():
            self.ledger(write=self._slot.writable)
            return True
        return ledger.news()

    # --- the ledger's matches and figures ------------------------------------------------------

    def matches(self) -> report.MatchesDoc:
        """Every match and the current one: ``match list --json``."""
        doc: report.MatchesDoc = jsonout.plain(work.matches(self.ledger()))
        return doc

    def match(self, name: str | None = None) -> Match:
        """A match by name (case-blind), or the current one; `NotFoundError` if there is none."""
        typed.maybe_texts(name=name)
        return Match(self, self.ledger().match(name).name)

    def new_match(
        self,
        name: str,
        players: list[str] | tuple[str, ...] | None = None,
        *,
        format: Format = "single",
        rules: str = "modern",
        games: int | None = None,
        teams: list[str] | tuple[str, ...] | None = None,
        rolling: bool = False,
        season_start: str | None = None,
        dealer: str | None = None,
        stake: Amount | None = None,
        currency: str | None = None,
        places: int | None = None,
        series_stake: Amount | None = None,
        **knobs: Unpack[Knobs],
    ) -> Match:
        """Create a match (``match new``): `players` (two, or one for a solitaire) or `teams`
        (``["Ann,Cy", "Bob,Di"]``); `format` one of `engine.formats.FORMATS`; `knobs` override
        the preset's rules (``target=150``, ``big_gin_bonus=None`` for off; typed by `Knobs`,
        so mypy refuses a misspelled one). `stake`: played for money, at this price a point
        (``Decimal("0.05")`` or ``"0.05"``), in `currency` (``"$"``, ``"EUR"``) counted to
        `places` decimals (2 by default), with `series_stake` for each series won; the match
        and its stake are written together, or neither. It becomes the current match. A wrong
        value is refused naming the parameter (``games``, not the command line's ``--games``)."""
        from gintally.facade import money
        from gintally.facade.typed import number

        typed.texts(name=name, format=format, rules=rules)
        typed.maybe_texts(season_start=season_start, dealer=dealer, currency=currency)
        typed.names(players, "players")
        typed.names(teams, "teams", "['Ann,Cy', 'Bob,Di']")
        for value, called in ((games, "games"), (places, "places")):
            if value is not None:
                number(value, called)
        typed.switch(rolling, "rolling")
        overrides = [f"{key}={_knob(key, value)}" for key, value in knobs.items()]
        with typed.worded(self.flags, CALLED_BY_NEW_MATCH):
            price = money.asked(
                as_text(stake), currency, as_text(places), as_text(series_stake), flags=False
            )
            planned = work.plan(
                name,
                players,
                teams,
                format,
                rules,
                overrides,
                as_text(games),
                rolling,
                season_start,
                dealer,
                flags=False,
            )
            made, _ = self.make_match(planned, price)
        return Match(self, made.name)

    def make_match(
        self, planned: work.Plan, price: Asked | None = None
    ) -> tuple[MatchRecord, Stake | None]:
        """Create the match `planned` (`work.plan`: checked before the ledger is opened) and,
        when `price` (`money.asked`) is given, its stake, in one write (`work.new_match`): the
        match as stored and its stake. The ledger is made if it does not exist. `new_match`
        and ``match new`` both come here."""
        return self._creating(lambda ledger: work.new_match(ledger, planned, price))

    def standings(self, year: int | None = None, match: str | None = None) -> report.StandingsDoc:
        """A match's standings (the current match's by default): ``standings --json``; `year`:
        the season starting in that year (`NotFoundError` when the match has none)."""
        typed.maybe_texts(match=match)
        wanted = _year(year)
        doc: report.StandingsDoc = jsonout.plain(
            work.standings(self.ledger(), match, wanted, self.today())
        )
        return doc

    def stats(self, player: str | None = None) -> report.StatsDoc:
        """Every player across every match: ``stats --json``."""
        typed.maybe_texts(player=player)
        doc: report.StatsDoc = jsonout.plain(work.stats(self.ledger(), player))
        return doc

    # --- documents as the command line draws them ---------------------------------------------

    def sheet_doc(
        self, match: str | None = None, every: bool = False, *, sheet_rows: bool = True
    ) -> report.ShowDoc:
        """The score sheet of `match` (None: the current one) as its document (`report.ShowDoc`,
        which `Match.sheet` gives as JSON reads it back); `every`: every game and set
        (``--all``); without `sheet_rows` a seasonal format's sheet is left empty (a drawing
        shows none)."""
        return work.show(self.ledger(), match, every, self.today(), sheet_rows)

    def listing(self, match: str | None = None) -> work.Listing | None:
        """``show --all`` of `match` streamed from the ledger (`work.Listing`: read it inside
        `snapshot`), or None when its games are replayed whole (a team match: `sheet_doc`)."""
        return work.listing(self.ledger(), match, self.today())

    def hand_log(
        self,
        match: str | None = None,
        year: int | None = None,
        last: int | None = None,
        every: bool = False,
    ) -> work.HandLog:
        """The hand log of `match` (`Match.hands`' arguments, already checked by
        `work.log_limits`: a `last` below 1 is not refused here), its rows streamed from the
        ledger: read them while the Book is open."""
        return work.hand_log(self.ledger(), match, year, last, every)

    def snapshot(self) -> AbstractContextManager[None]:
        """Several reads that see one state of the file (a read transaction): what a streamed
        `listing` is read inside."""
        return self.ledger().snapshot()

    def several_matches(self) -> bool:
        """Whether the ledger holds more than one match (a confirmation then names its match)."""
        return self.ledger().several_matches()

    def record(
        self,
        found: typed.Typed,
        match: str | None = None,
        date: date | str | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool | None = False,
    ) -> work.Done:
        """Record a hand read and checked (`typed.Typed`: before the ledger is opened, so a bad
        value is refused first) in `match` (None: the current one), with the hand options
        (`date`: a date, or the command line's text for it; `back_date`: a hand dated before
        the open game's first hand is placed by its date, else refused): the document, the
        stored hand and its match. `Match.hand` and the command line's hand commands come
        here."""
        book = self.ledger(write=True)
        with typed.worded(self.flags, CALLED_BY_HANDS):
            return work.hand(
                book, found, self.today(), match, date, dealer, upcard, note, bool(back_date)
            )

    # --- data in and out -----------------------------------------------------------------------

    def import_(
        self,
        source: str | os.PathLike[str] | IO[str] | IO[bytes],
        match: str | None = None,
        *,
        force: bool = False,
    ) -> report.ImportDoc:
        """Add the hands of a CSV file (``date,kind,winner,points[,knocker,...]``, as a
        spreadsheet saves it) or a JSON export (with its corrected hands, prices and payments)
        to `match` (None: the current one), all or nothing: ``import FILE --json``,
        ``{"match", "imported", "already_here", "hands": [first, last]}`` (and ``corrections``,
        ``payments``, ``payments_taken_back`` when it brought any). `source`: a path (``"-"``
        or `sys.stdin`: standard input) or an open file, text or bytes. Rows whose hands are
        here already (by their uid) are skipped, one here with other facts refuses the file;
        a file imported before (or this match's own export) is refused unless `force`. A JSON
        export starts a new or empty ledger (or the match `match` names, when it is the
        file's): its match is made from the file, with its players, rules, first dealer and
        prices."""
        import sys

        from gintally.facade import exchange

        typed.switch(force, "force")
        typed.maybe_texts(match=match)
        if isinstance(source, str | os.PathLike):
            typed.path(source, "source")
            path = Path(source)
        elif source is sys.stdin:
            path = Path("-")
        elif not callable(getattr(source, "read", None)) or getattr(source, "closed", False):
            raise ParameterError(f"source must be a file's path or an open file, not {source!r}")
        else:  # an open file: read from a copy that bears its name (as the import records it)
            import tempfile

            with tempfile.TemporaryDirectory(prefix="gintally-import-") as folder:
                named = getattr(source, "name", None)
                copy = Path(folder) / (Path(named).name if isinstance(named, str) else "stream")
                data = source.read()
                if isinstance(data, str):
                    copy.write_text(data, encoding="utf-8", newline="")
                else:
                    copy.write_bytes(data)
                try:
                    return self.import_(copy, match, force=force)
                except GintallyError as e:  # named as the caller knows it, not as the copy
                    shown = named if isinstance(named, str) else "the stream"
                    e.args = tuple(str(a).replace(str(copy), shown) for a in e.args)
                    raise
        from gintally.ledger import files

        named = str(path) != "-"
        if named:  # before anything reads it: a ledger open here (another Book's) is refused
            files.refuse_in_use(path, "an import")

        def bring_in(book: Ledger) -> report.ImportDoc:
            if named:  # and this Book's own, now open
                files.refuse_in_use(path, "an import")
            with typed.worded(self.flags, FORCE):
                return exchange.bring_in(book, match, path, force, self.today())

        return self._creating(bring_in, create=exchange.starts_a_ledger(path))

    def export(
        self,
        match: str | None,
        out: str | os.PathLike[str] | TextIO,
        *,
        format: Literal["csv", "json"] = "csv",
        excel: bool = False,
        force: bool = False,
        sep: str = ",",
    ) -> report.ExportDoc:
        """Write the live hands of `match` (None: the current one) to `out`, a new file (one
        that exists is replaced only with `force`, never the ledger itself; written beside it
        and put in place whole) or an open text file: as CSV (the columns `import_` reads;
        `excel`: for a spreadsheet to open, not to import; `sep`: the CSV's delimiter, ``;``
        for a spreadsheet in a region whose decimal mark is a comma) or as JSON (with the corrected
        hands, prices and payments). What was written: ``{"match", "format", "hands",
        "output"}`` (`output`: the file's path, None for an open file), and what the file
        leaves out, when there is any: ``voided`` hands; for CSV, ``prices`` and
        ``payments``."""
        from gintally.facade import exchange

        typed.switch(excel, "excel")
        typed.switch(force, "force")
        typed.maybe_texts(match=match)
        typed.texts(format=format)
        as_csv = exchange.export_format(format, excel, sep, flags=False)
        typed.out_file(out, optional=False)
        book = self.ledger()
        with book.snapshot():  # the hands, corrections and payments of one moment
            m = book.match(match)
            voided = book.count_hands(m, voided=True) - book.count_hands(m)
            # a CSV holds hands only: it leaves the match's prices and payments out
            left = (len(book.stakes(m)), len(book.payments([m.id]))) if as_csv else (0, 0)
            if not isinstance(out, str | os.PathLike):
                count = exchange.write_out(book, m, out, as_csv, excel, sep)
                return _exported(m.name, format, count, None, voided, *left)
            count = 0

            def fill(tmp: Path) -> None:
                nonlocal count
                with tmp.open("x", encoding="utf-8", newline="") as f:
                    count = exchange.write_out(book, m, f, as_csv, excel, sep)

            written = self._write_whole(out, fill, force, "export")
        return _exported(m.name, format, count, written, voided, *left)

    def merge(
        self, other: str | os.PathLike[str], *, same_match: str | None = None
    ) -> report.MergeDoc:
        """Bring in the matches, players, hands, corrections and payments of the ledger at
        `other` (only read) that this one lacks, by their identities, in one write: merging
        twice changes nothing, and two ledgers merged either way round end alike. Facts the two
        disagree on are named and nothing is merged. ``merge OTHER --json``: ``{"merged",
        "new": {"players", "matches", "hands", "corrections", ...}, "already_here",
        "renumbered"}`` (the matches whose hands took new numbers). A ledger that does not
        exist yet is made (a second device starts from the first one's ledger); `same_match`:
        the name of a match made apart on each device, with the same players, that is one
        (``merge --same-match NAME``)."""
        from gintally.facade import exchange

        typed.maybe_texts(same_match=same_match)
        typed.path(other, "other")
        if not os.path.exists(other):
            raise GintallyError(f"no ledger at {other}")

        def merge_in(ledger: Ledger) -> report.MergeDoc:
            with typed.worded(self.flags):
                return exchange.merge_in(ledger, other, self.today(), same_match)

        return self._creating(merge_in)

    def check(self, *, repair: bool = False) -> report.CheckDoc:
        """Every problem of the ledger file, found at once (SQLite's integrity and foreign
        keys, every match's rules, every hand settled again and every match replayed, every
        cached fold and mark compared with a fresh one): ``check --json``, ``{"ledger", "ok",
        "problems": [text...]}``. `repair`: put back the guards and cache triggers another
        tool dropped (``check --repair``)."""
        from gintally import report, service

        typed.switch(repair, "repair")
        path = Path(self.path)
        opened = self.ledger() if self._file() is None else None  # ":memory:": no file to open
        doc: report.CheckDoc = jsonout.plain(
            report.check_doc(str(path), service.check(path, repair, opened))
        )
        return doc

    def backup(self, path: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Copy the ledger to `path` while it is in use (a consistent SQLite backup), made
        beside it and put in place whole (one that exists is replaced only with `force`): the
        backup's path. A backup is a SQLite file: ``"-"`` (standard output for `import_`) is
        refused."""
        typed.switch(force, "force")
        typed.path(path, "path")
        if str(path) == "-":
            raise GintallyError(
                "a backup is a SQLite file, never standard output: give a file's path"
            )
        with typed.worded(self.flags, FORCE):
            return self.ledger().backup(path, force)

    def chart(self, match: str | None = None, *, year: int | None = None) -> report.RaceDoc:
        """The season race of `match` (None: the current one), its latest season or the one
        starting in `year`: the games won, the running net and, before any game has finished,
        the points so far, by date: ``chart --json``."""
        typed.maybe_texts(match=match)
        doc: report.RaceDoc = jsonout.plain(
            work.chart(self.ledger(), match, _year(year), self.today())
        )
        return doc

    def report(
        self,
        match: str | None = None,
        *,
        year: int | None = None,
        out: str | os.PathLike[str] | IO[str] | None = None,
        force: bool = False,
    ) -> PageDoc:
        """The year in review of `match` (None: the current one), its latest season or the one
        starting in `year`, as one self-contained web page (``report --html``), written to
        `out` when given: a new file (one that exists is replaced only with `force`; written
        beside it and put in place whole) or an open text file. ``{"match", "season",
        "output", "html"}``: the match and season shown, the file written (None for none or
        an open file) and the page's HTML."""
        from gintally.facade import page

        typed.switch(force, "force")
        typed.maybe_texts(match=match)
        typed.out_file(out)
        if isinstance(out, str | os.PathLike) and Path(out).suffix.lower() == ".pdf":
            raise GintallyError(
                f"{os.fspath(out)} names a PDF, and report writes a web page: name a FILE.html, "
                f"or print year -o {Path(out).name} for the year in review as a PDF"
            )
        review = work.review(self.ledger(), match, _year(year), self.today())
        text = page.page_html(review, self.today())
        output: str | None = None
        if out is None or not isinstance(out, str | os.PathLike):
            if out is not None:
                out.write(text)
        else:

            def fill(tmp: Path) -> None:
                with tmp.open("x", encoding="utf-8") as f:
                    f.write(text)

            output = self._write_whole(out, fill, force, "page")
        race = review["race"]
        doc: PageDoc = {
            "match": race["match"],
            "season": race["season"],
            "output": output,
            "html": text,
        }
        return doc

    def print_page(
        self,
        kind: Literal["evening", "standings", "pad", "year"],
        match: str | None = None,
        *,
        year: int | None = None,
        day: date | None = None,
        set_number: int | None = None,
        paper: Literal["a4", "letter"] = "a4",
        out: str | os.PathLike[str] | IO[str] | None = None,
        force: bool = False,
        language: str | None = None,
    ) -> PrintedDoc:
        """A page of `match` (None: the current one) made to print on `paper` (``gintally print
        KIND``): ``"evening"``, the sheet of the evening `day`, or of the set numbered
        `set_number` over every day it was played (default: the latest day with hands), with
        who owes whom for what it settled; ``"standings"``, the season's table (the latest
        season, or the one starting in `year`), years won, race and records; ``"pad"``, a blank
        sheet for the match's format with its rules' numbers; ``"year"``, the year in review (as
        `report`). Written to `out` when given: a new file (an existing one is replaced only
        with `force`; written beside it and put in place whole), a PDF when its name ends in
        ``.pdf`` (WeasyPrint, the ``pdf`` extra), or an open text file. Dates are written in
        `language` (``en``, ``de``, ``fr``, ``es``, ``it``, ``nl``; None: the reader's, from the
        environment's locale). ``{"kind", "match",
        "paper", "output", "html"}``: what was made, the file written (None for none or an
        open file) and the page's HTML."""
        from gintally.facade import printing

        if kind not in printing.KINDS:
            raise GintallyError(
                f"the page must be one of {', '.join(printing.KINDS)}, not {kind!r}"
            )
        if paper not in printing.PAPERS:
            raise GintallyError(f"paper must be a4 or letter, not {paper!r}")
        if set_number is not None:
            typed.number(set_number, "set_number", signed=True)
        if day is not None:
            typed.a_date(day, "day", self.today())
        typed.switch(force, "force")
        typed.maybe_texts(match=match, language=language)
        typed.out_file(out)
        with typed.worded(self.flags, {"--date": "day", "--set": "set_number"}):
            for option, given, kinds, chooses in (
                ("--year", year, ("standings", "year"), "the season of the standings or year page"),
                ("--date", day, ("evening",), "an evening's sheet"),
                ("--set", set_number, ("evening",), "an evening's sheet"),
            ):
                if given is not None and kind not in kinds:  # never dropped without a word
                    raise GintallyError(f"{option} chooses {chooses}, not the {kind} page")
            text, name = self._printed(kind, match, _year(year), day, set_number, paper, language)
        output: str | None = None
        if out is None or not isinstance(out, str | os.PathLike):
            if out is not None:
                out.write(text)
        else:
            as_pdf = Path(out).suffix.lower() == ".pdf"
            made = printing.pdf_bytes(text) if as_pdf else text.encode("utf-8")

            def fill(tmp: Path) -> None:
                with tmp.open("xb") as f:
                    f.write(made)

            output = self._write_whole(out, fill, force, "page")
        doc: PrintedDoc = {
            "kind": kind,
            "match": name,
            "paper": paper,
            "output": output,
            "html": text,
        }
        return doc

    def _printed(
        self,
        kind: str,
        match: str | None,
        year: int | None,
        day: date | None,
        set_number: int | None,
        paper: str,
        language: str | None,
    ) -> tuple[str, str]:
        """The HTML of page `kind` (see `print_page`) and the match it shows."""
        from gintally.facade import money, page, printing
        from gintally.facade.typed import whole

        today = self.today()
        wanted = whole(as_text(year), "--year")
        lang = printing.page_language(language)
        book = self.ledger()
        with book.snapshot():  # every document of the page from one moment of the file
            name = book.match(match).name
            if kind == "year":
                review = work.review(book, name, wanted, today)
                return page.page_html(review, today, paper, lang, sourced=True), name
            if kind == "standings":
                table = plain(work.standings(book, name, wanted, today))
                review = work.review(book, name, wanted, today)
                return printing.standings_html(table, review, today, paper, lang), name
            sheet = plain(work.show(book, name, kind == "evening", today))
            if kind == "pad":
                info = plain(money.info(book, name))
                return printing.pad_html(info, sheet, today, paper, lang), name
            number = whole(as_text(set_number), "--set")
            return printing.evening_page(book, name, sheet, day, number, today, paper, lang), name

    def players(self) -> list[str]:
        """Every player's name, in alphabetical order (accents aside: "Émile" before
        "Zoë"): ``player list --json``'s ``players``. A Gimlet match's phantom is there: it is
        stored as a player (SPEC's glossary) and keeps its name; `stats` counts people only."""
        from gintally.model import alphabetical

        return sorted((p.name for p in self.ledger().players()), key=alphabetical)

    def use_match(self, name: str) -> Match:
        """Make the match named the current one (the one calls without a match go to)."""
        typed.texts(name=name)
        return Match(self, self.ledger(write=True).use_match(name).name)

    def delete_match(self, name: str) -> DeletedDoc:
        """Delete a match and everything of it (hands, corrections, prices, payments); its
        players stay. A backup of the whole ledger is made first, beside it (its path is in
        the answer: ``gintally --db BACKUP export ...`` reads the match back): ``match delete
        NAME --yes --json``, ``{"deleted", "hands", "backup"}``."""
        from datetime import datetime

        from gintally.model import fold

        typed.texts(name=name)  # None is no name: never the current match
        ledger = self.ledger(write=True)
        m = ledger.match(name)
        backup = None
        if str(self.path) != ":memory:":
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            slug = "".join(c if c.isalnum() else "-" for c in fold(m.name)).strip("-") or "match"
            folder = Path(self.path).parent
            backup = ledger.backup(
                folder / f"{Path(self.path).stem}-before-deleting-{slug}-{stamp}.db"
            )
        gone, hands = ledger.delete_match(m.name)
        doc: DeletedDoc = {
            "deleted": gone.name,
            "hands": hands,
            "backup": str(backup) if backup else None,
        }
        return doc

    def rename_match(self, old: str, new: str) -> Match:
        """Rename a match (its hands stay with it): the `Match` by its new name (one got by
        the old name no longer finds it)."""
        typed.texts(old=old, new=new)
        return Match(self, self.ledger(write=True).rename_match(old, new).name)

    def rename_player(self, old: str, new: str) -> str:
        """Rename a player everywhere (their record is never split): the new name."""
        from gintally import service

        typed.texts(old=old, new=new)
        return service.rename_player(self.ledger(write=True), old, new).name

    def settings(self, key: str | None = None, value: str | None = None) -> SettingsDoc:
        """The ledger's settings (``config --json``): every one, or `key`'s, set to `value`
        first when given (``date_order``: ``"dmy"``, ``"mdy"`` or ``"ymd"``)."""
        typed.maybe_texts(key=key, value=value)
        if key is None and value is not None:
            raise ParameterError(f"a value is set with its setting's key, not alone: {value!r}")
        doc: SettingsDoc = jsonout.plain(
            self.setting_values(work.setting(key, value, False), value).doc
        )
        return doc

    def forget(self, key: str) -> SettingsDoc:
        """Forget setting `key` (back to its default): ``config KEY --unset --json``."""
        typed.texts(key=key)
        doc: SettingsDoc = jsonout.plain(
            self.setting_values(work.setting(key, None, True), None, True).doc
        )
        return doc

    def setting_values(
        self, setting: Setting | None, value: str | None = None, unset: bool = False
    ) -> work.Settings:
        """The settings as ``config`` shows them (`work.Settings`: their values and what each
        is): every one, or `setting` (`work.setting`: checked before the ledger is opened),
        set to `value` or forgotten (`unset`) first."""
        book = self.ledger(write=value is not None or unset)
        return work.settings(book, setting, value, unset)

    def day(self, text: str, *, ahead: bool = False) -> date:
        """A date as the front ends read it from text (``2007-04-27``, ``27 Apr``,
        ``yesterday``): by the ledger's date order (``config date_order``), refused when it
        names no day or more than one. `ahead`: an ISO date in the future too (a price may be
        agreed for next month: `Match.stake`'s `since`)."""
        from gintally.facade import money

        if not isinstance(text, str):
            raise ParameterError(f"text must be a date as typed (27 Apr), not {text!r}")
        book = self.ledger()
        if ahead:
            return money.from_day(text, book, self.today())
        return typed.when(text, book, self.today())

    def save_folds(self) -> None:
        """Keep what the reads folded (a season's standings, for the next read); the command
        line calls it once a command has done its work. Nothing is waited for, and nothing
        changes for other readers."""
        ledger = self._ledger
        if ledger is not None:
            ledger.save_folds()

    def _file(self) -> Path | None:
        """The ledger's file (None in memory), which no export or page may replace."""
        return None if str(self.path) == ":memory:" else Path(self.path)

    def _write_whole(
        self, out: str | os.PathLike[str], fill: Callable[[Path], None], force: bool, what: str
    ) -> str:
        """Write the file `out` whole (`files.write_whole`: `fill` writes it beside, then it is
        put in place; one that exists is replaced only with `force`, never the ledger itself),
        a refusal in the caller's words: the path written."""
        from gintally.ledger import files

        with typed.worded(self.flags, FORCE):
            return str(files.write_whole(out, fill, force, what, ledger=self._file()))

    # --- money ---------------------------------------------------------------------------------

    def settlement(self, since: date | None = None) -> SettleDoc:
        """Who owes whom over every match played for money, netted per pair of players with the
        payments made (`since`: only what closed or was paid from that day on):
        ``settle --all --json``. Amounts are text (``"12.35"``): read them with `Decimal`."""
        from gintally.facade import money

        day = None if since is None else typed.a_date(since, "since", self.today())
        doc: SettleDoc = jsonout.plain(money.settle(self.ledger(), None, True, day, self.today()))
        return doc

    def pay(
        self,
        payer: str,
        payee: str,
        amount: Amount,
        *,
        date: date | None = None,
        note: str | None = None,
        match: str | None = None,
    ) -> PaidDoc:
        """Record money handed over (``pay FROM TO AMOUNT --json``): `amount` a `Decimal`, a
        whole number or its text, at most the currency's places, more than zero; in `match`,
        else the current match if they play each other in it, else the latest staked match
        where they do (team-mates pay each other in none).
        `Match.undo` (and ``undo``) takes it back while no hand has come after it."""
        from gintally.facade import money

        typed.texts(payer=payer, payee=payee)
        typed.maybe_texts(note=note, match=match)
        day = None if date is None else typed.a_date(date, "date", self.today())
        book = self.ledger(write=True)
        paid: PaidDoc = jsonout.plain(
            money.pay(book, payer, payee, as_text(amount), day, note, match, self.today())
        )
        return paid


# How a program calls what a refusal below the facade names by its option (`typed.worded`).
CALLED_BY_HANDS = {
    "add --kind score": "give kind='score'",
    "--upcard 7D": "upcard='7D'",
    "--piles S,H,D,C": "piles=(S, H, D, C)",
    "--vs-points N": "vs_points=N",
    "--table N": "table=N",
}
FORCE = {"add --force": "give force=True"}
CALLED_BY_NEW_MATCH = {
    "--players NAME": "players=[NAME]",
    "--players A B": "players=[A, B]",
    "--format single": "format='single'",
    "--rules gimlet": "rules='gimlet'",
}


# What a knob's value may be, by the type `game.rules.RuleSet` gives it (`Knobs`)
_KNOB_TYPES = {
    "bool": "True or False",
    "int": "a whole number",
    "int | None": "a whole number or None (off)",
    "int | str": "a whole number or text",
    "str": "text",
}


def _knob(key: str, value: object) -> str:
    """Rule knob `key`'s value as ``--set`` takes it (None is off, True and False as words),
    once it is of the knob's type (`Knobs`): a text for a count (``target="150"``) or a number
    for a switch is refused naming the knob. An unknown knob is the rules' to refuse."""
    from dataclasses import fields

    from gintally.game.rules import RuleSet

    declared = {f.name: str(f.type) for f in fields(RuleSet)}.get(key)
    if declared is not None:
        kinds = declared.split(" | ")
        fits = (
            ("bool" in kinds and isinstance(value, bool))
            or ("int" in kinds and isinstance(value, int) and not isinstance(value, bool))
            or ("str" in kinds and isinstance(value, str))
            or ("None" in kinds and value is None)
        )
        if not fits:
            raise ParameterError(f"{key} must be {_KNOB_TYPES[declared]}, not {value!r}")
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Match:
    """One match of a `Book` (``book.match(name)``, ``book.new_match(...)``): the hand commands
    (`knock`, `gin`, `big_gin`, `draw`, `misdeal`, `score`; Gimlet's `gimlet`, `double_gimlet`,
    `sour`), corrections (`undo`, `redo`, `void`, `restore`, `edit`), its score sheet
    (`sheet`), hand log (`hands`, `hand_count`, `last_correction`), `standings`, `info`
    (`record`: as stored),
    and money (`stake`, `pay`, `settlement`). `name` is its name in the ledger. `hand`,
    `undone`, `redone`, `voided`, `restored` and `edited` serve the front ends that draw (they
    take the command line's text for a hand's number and return `work.Done`); a program calls
    the methods above."""

    def __init__(self, book: Book, name: str) -> None:
        self.book = book
        self.name = name

    def __repr__(self) -> str:
        return f"<gintally.Match {self.name!r}>"

    def record(self) -> MatchRecord:
        """The match as the ledger stores it (`model.Match`: players, format, rules)."""
        return self.book.ledger().match(self.name)

    def hand_count(self, voided: bool = False) -> int:
        """How many hands the match holds: its live ones, or with `voided` every hand."""
        typed.switch(voided, "voided")
        book = self.book.ledger()
        return book.count_hands(book.match(self.name), voided)

    def last_correction(self) -> str:
        """The identity of the match's latest correction (an edit, void, restore, undo or
        redo; '' for none). A page showing the match keeps it with what it shows, so an undo
        sent from it after a correction it did not show (an early hand's note) is refused."""
        book = self.book.ledger()
        return book.last_correction(book.match(self.name))

    def info(self) -> report.MatchInfoDoc:
        """Its players, format and every rule value, and its stakes when it is played for
        money: ``match show --json``."""
        from gintally.facade import money

        doc: report.MatchInfoDoc = jsonout.plain(money.info(self.book.ledger(), self.name))
        return doc

    # --- the hand commands ---------------------------------------------------------------------

    def knock(
        self,
        player: str,
        deadwood: int | None = None,
        vs: int | None = None,
        cards: Cards | None = None,
        vs_cards: Cards | None = None,
        *,
        piles: Sequence[int] | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Record a knock: `player` knocked with `deadwood`, the defender had `vs` after laying
        off (an undercut is worked out from the counts). Or give both players' cards (`cards`,
        the knocker's ten; `vs_cards`, the defender's ten) and the melds and layoffs are found.
        Gimlet Rummy: the discard piles' card counts instead of `vs` (``piles=(1, 2, 0, 3)``,
        spades, hearts, diamonds, clubs). Returns ``knock --json``'s document."""
        return self._hand("knock", locals())

    def gin(
        self,
        player: str,
        vs: int | Cards | None = None,
        cards: Cards | None = None,
        vs_cards: Cards | None = None,
        *,
        table: int | Cards | None = None,
        vs_table: int | Cards | None = None,
        piles: Sequence[int] | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Record a gin by `player`: the gin bonus plus the defender's deadwood `vs` (a count,
        or the defender's cards; or `vs_cards`). `cards`: the cards that went gin. Mahjong
        gin: the value of the ginner's cards on the table (`table`), of the other player's
        (`vs_table`) and of the other player's cards in hand (`vs`), each a count or the
        cards. Gimlet Rummy: `piles`. Returns ``gin --json``'s document."""
        return self._hand("gin", locals())

    def big_gin(
        self,
        player: str,
        vs: int | Cards | None = None,
        cards: Cards | None = None,
        vs_cards: Cards | None = None,
        *,
        table: int | Cards | None = None,
        vs_table: int | Cards | None = None,
        piles: Sequence[int] | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Record a big gin by `player` (all eleven cards melded): the big gin bonus plus the
        defender's deadwood `vs`; the parameters are `gin`'s. Returns ``big-gin --json``'s
        document."""
        return self._hand("big-gin", locals())

    def gimlet(
        self,
        player: str,
        vs: int | Cards | None = None,
        cards: Cards | None = None,
        vs_cards: Cards | None = None,
        *,
        table: int | Cards | None = None,
        vs_table: int | Cards | None = None,
        piles: Sequence[int] | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Gimlet Rummy: record a gimlet by `player` (ten cards melded after the discard), with
        the discard piles' card counts (``piles=(0, 0, 1, 1)``); the same as `gin`. Returns
        ``gimlet --json``'s document."""
        return self._hand("gimlet", locals())

    def double_gimlet(
        self,
        player: str,
        vs: int | Cards | None = None,
        cards: Cards | None = None,
        vs_cards: Cards | None = None,
        *,
        table: int | Cards | None = None,
        vs_table: int | Cards | None = None,
        piles: Sequence[int] | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Gimlet Rummy: record a double gimlet by `player` (all eleven cards melded), with the
        discard piles' card counts (`piles`); the same as `big_gin`. Returns ``double-gimlet
        --json``'s document."""
        return self._hand("double-gimlet", locals())

    def sour(
        self,
        player: str,
        deadwood: int | None = None,
        cards: Cards | None = None,
        *,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Gimlet Rummy: a discard pile reached six cards; the phantom scores 30 plus the
        `deadwood` left in `player`'s hand (or the ten `cards` left). Returns ``sour --json``'s
        document."""
        return self._hand("sour", locals())

    def misdeal(
        self,
        *,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Record a misdeal: no score, the same dealer deals again (the hand stays in the
        log). Returns ``misdeal --json``'s document."""
        return self._hand("misdeal", locals())

    def draw(
        self,
        player: str | None = None,
        deadwood: Mapping[str, int] | None = None,
        *,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Record a drawn hand (the stock ran down): no score, the same dealer deals again.
        `deadwood`: each player's count (``{"Ann": 5, "Bob": 9}``), needed when a dead deck
        scores; `player`: in a team match, a player of the table where it was drawn. Returns
        ``draw --json``'s document."""
        return self._hand("draw", locals())

    def score(
        self,
        player: str,
        points: int,
        kind: str | None = None,
        *,
        vs_points: int | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool = False,
    ) -> report.HandDoc:
        """Copy a hand's result from paper: `player` scored `points`; `kind`: how it was won
        (knock, undercut, gin, big-gin: for the standings). Mahjong gin: the other player's
        points in the same hand (`vs_points`, may be negative). Returns ``score --json``'s
        document."""
        return self._hand("score", locals())

    def _hand(self, command: str, given: dict[str, Any]) -> report.HandDoc:
        """Hand command `command` from a hand method's arguments (`given`, by name): each
        checked as the command's declarations say (`facade.typed.check`), then recorded."""
        from gintally.game import variants

        values = typed.checked(variants.options_of(command), given)
        shared = typed.checked(variants.HAND_OPTIONS, given)
        shared.pop("match")
        doc: report.HandDoc = jsonout.plain(self.hand(command, values, **shared).doc)
        return doc

    def hand(
        self,
        command: str,
        values: Mapping[str, Any],
        *,
        date: date | str | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        back_date: bool | None = False,
        flags: bool = False,
    ) -> work.Done:
        """Record hand command `command` (``knock``, ``big-gin``...) from its values, checked
        (the hand methods' arguments, or the command line's text read by `typed.from_text`:
        then `flags`, and `date` may be its text; `back_date`: place a hand dated before the
        game in progress began by its date, else it is refused): the document, the stored
        hand and the match (what ``gintally play`` shows)."""
        found = typed.Typed(command, values, flags)
        return self.book.record(found, self.name, date, dealer, upcard, note, back_date)

    # --- corrections ---------------------------------------------------------------------------

    def undo(self) -> UndoDoc:
        """Take back the match's latest change, as ``undo`` does: the hand entered last, an
        edit, a void or a restore, a payment recorded after the last hand or a price set
        after the latest change to the hands (``"undid"`` says which, ``"took_back"`` in a
        line, ``"changed"`` the finished games and sets and the balances it changed):
        ``undo --json``."""
        taken = self.undone()
        doc: UndoDoc = jsonout.plain(taken.doc if isinstance(taken, work.Done) else taken)
        return doc

    def undone(self) -> work.Done | dict[str, Any]:
        """`undo`, as what it did: a hand's `work.Done`, or a payment's document."""
        return work.undo_fact(self.book.ledger(write=True), self.name, self.book.today())

    def redo(self) -> UndoDoc:
        """Bring back what the latest undo took back, as ``redo`` does (``"redid"`` says
        what: a hand, an edit, a void, a restore, a payment or a price; ``"brought_back"`` in
        a line): ``redo --json``."""
        back = self.redone()
        doc: UndoDoc = jsonout.plain(back.doc if isinstance(back, work.Done) else back)
        return doc

    def redone(self) -> work.Done | dict[str, Any]:
        """`redo`, as what it did: a hand's `work.Done`, or a payment's or price's document."""
        return work.redo_fact(self.book.ledger(write=True), self.name, self.book.today())

    def restore(self, hand: int, reason: str | None = None) -> report.HandDoc:
        """Bring back voided hand number `hand` under its own number: ``restore HAND
        --json``."""
        number = typed.number(hand, "hand")
        why = None if reason is None else typed.text(reason, "reason")
        doc: report.HandDoc = jsonout.plain(self.restored(str(number), why).doc)
        return doc

    def restored(self, hand: str, reason: str | None = None) -> work.Done:
        """`restore`, as what it did (`hand`: its number as typed)."""
        book = self.book.ledger(write=True)
        return work.restore(book, self.name, hand, reason, self.book.today())

    def void(self, hand: int, reason: str | None = None) -> report.HandDoc:
        """Void hand number `hand`: ``void HAND --json``."""
        number = typed.number(hand, "hand")
        why = None if reason is None else typed.text(reason, "reason")
        doc: report.HandDoc = jsonout.plain(self.voided(str(number), why).doc)
        return doc

    def voided(self, hand: str, reason: str | None = None) -> work.Done:
        """`void`, as what it did (`hand`: its number as typed)."""
        return work.void(self.book.ledger(write=True), self.name, hand, reason, self.book.today())

    def edit(
        self,
        hand: int,
        *,
        player: str | None = None,
        deadwood: int | Mapping[str, int] | None = None,
        vs: int | Cards | None = None,
        cards: Cards | None = None,
        vs_cards: Cards | None = None,
        points: int | None = None,
        table: int | Cards | None = None,
        vs_table: int | Cards | None = None,
        vs_points: int | None = None,
        piles: Sequence[int] | None = None,
        kind: str | None = None,
        date: date | None = None,
        dealer: str | None = None,
        upcard: str | None = None,
        note: str | None = None,
        reason: str | None = None,
    ) -> report.HandDoc:
        """Correct hand number `hand` (``edit HAND --json``): each value given replaces the
        hand's (`deadwood`: the knocker's count, or a drawn hand's counts by player; `kind`:
        what the hand was, ``"gin"``...; each variant's own: `table`, `vs_table`,
        `vs_points`, `piles`); `reason` is kept with the correction. The hand keeps its
        number, and everything after it recomputes."""
        given = locals()
        number = typed.number(hand, "hand")
        why = None if reason is None else typed.text(reason, "reason")
        doc: report.HandDoc = jsonout.plain(
            self.edited(str(number), why, typed.edit_checked(given)).doc
        )
        return doc

    def edited(
        self, hand: str, reason: str | None, values: Mapping[str, Any], flags: bool = False
    ) -> work.Done:
        """`edit`, as what it did (`hand`: its number as typed; `values`: checked, or read
        from the command line's text, then `flags`)."""
        found = typed.changes(values, flags)
        ledger = self.book.ledger(write=True)
        with typed.worded(self.book.flags, CALLED_BY_HANDS):
            return work.edit(ledger, self.name, hand, found, reason, self.book.today())

    # --- reading -------------------------------------------------------------------------------

    def sheet(self, all: bool = False, *, rows: bool = True) -> report.ShowDoc:
        """The score sheet: ``show --json`` (`all`: ``show --all --json``). Without `rows`, what
        ``show`` draws from: an ad-infinitum season's sheet has no rows, its games are the open
        ones and the latest finished, and its ``tally`` counts the season's games won (a season
        of a thousand hands is not replayed whole); other formats' sheets are the same."""
        typed.switch(all, "all")
        typed.switch(rows, "rows")
        doc: report.ShowDoc = jsonout.plain(self.book.sheet_doc(self.name, all, sheet_rows=rows))
        return doc

    def hands(
        self,
        year: int | None = None,
        last: int | None = None,
        all: bool = False,
    ) -> report.HandLogDoc:
        """The hand log: ``hands --json`` (`year`: the season starting then; `last`: the last
        N hands; `all`: every season, the voided hands too)."""
        for value, called in ((year, "year"), (last, "last")):
            if value is not None:
                typed.number(value, called, signed=True)
        typed.switch(all, "all")
        wanted, count = work.log_limits(as_text(year), as_text(last), flags=False)
        doc: report.HandLogDoc = jsonout.plain(
            self.book.hand_log(self.name, wanted, count, all).doc()
        )
        return doc

    def standings(self, year: int | None = None) -> report.StandingsDoc:
        """This match's standings: ``standings --json``."""
        return self.book.standings(year, self.name)

    # --- money ---------------------------------------------------------------------------------

    def stake(
        self,
        amount: Amount,
        *,
        since: date | None = None,
        currency: str | None = None,
        places: int | None = None,
        series: Amount | None = None,
    ) -> StakeSetDoc:
        """Play the match for money at `amount` a point (``Decimal("0.05")`` or ``"0.05"``), or
        change its price from the day `since` on (games and sets closed before keep the old
        one; a match keeps its first stake's currency and places). A first price without
        `since` starts with the next game (the next set in a set format): what is finished or
        under way plays for nothing, and ``starts`` says so. ``match stake NAME AMOUNT --json``:
        ``{"match", "stake", "starts"}``, or ``"covers"`` when `since` reaches back to finished
        games."""
        from gintally.facade import money

        typed.maybe_texts(currency=currency)
        day = None if since is None else typed.a_date(since, "since")
        kept = None if places is None else typed.number(places, "places")
        book = self.book.ledger(write=True)
        with typed.worded(self.book.flags, {"--from DATE": "since"}):
            done = money.stake(
                book,
                self.name,
                as_text(amount),
                day,
                currency,
                kept,
                as_text(series),
                self.book.today(),
            )
        doc: StakeSetDoc = jsonout.plain(done)
        return doc

    def pay(
        self,
        payer: str,
        payee: str,
        amount: Amount,
        *,
        date: date | None = None,
        note: str | None = None,
    ) -> PaidDoc:
        """Record money handed over in this match: ``pay FROM TO AMOUNT --match NAME --json``
        (see `Book.pay`)."""
        return self.book.pay(payer, payee, amount, date=date, note=note, match=self.name)

    def settlement(self, since: date | None = None) -> SettleDoc:
        """Who owes whom in this match (`since`: only what closed or was paid from that day
        on): ``settle --match NAME --json``; a match played for nothing says so in
        ``"unstaked"``."""
        from gintally.facade import money

        today = self.book.today()
        day = None if since is None else typed.a_date(since, "since", today)
        doc: SettleDoc = jsonout.plain(
            money.settle(self.book.ledger(), self.name, False, day, today)
        )
        return doc
