"""One evening of ``gintally play``: each entry line read (`entry`), done through the library
facade (`gintally.facade`: the same work as the command line's commands), and what the command
line prints for it printed (`render.terminal.out`). The full screen (`screen`) keeps what is
printed and places it; ``--plain`` (`play`) lets it through to stdout.
"""

from __future__ import annotations

from typing import Any

from gintally.cli import base, entry, record
from gintally.cli.base import drawing, emit
from gintally.cli.render.terminal import out
from gintally.errors import GintallyError, NotFoundError
from gintally.facade import typed, work
from gintally.facade.book import Book, Match
from gintally.game import variants

HELP = """\
Type a hand or a command, as on the command line without "gintally":
  knock Ann 8 --vs 18     k ann 8 18     a knock: knocker, deadwood, --vs
  gin Bob --vs 30         g bob 30       a gin (big-gin, bg: a big gin)
  score Ann 25            sc ann 25      a result from paper
  draw, misdeal           d, m           no score; the same dealer again
  undo                    u              take back the latest change
  redo                    r              bring back what undo took back
  void 2, restore 2       v 2            void hand 2; bring it back
  edit 3 --vs 20          e 3 --vs 20    correct hand 3
  show [--all]            s              the sheet (every game: --all)
  hands [--last N]        h              the hand log
  standings               st             the season's standings
  pay Bob Ann 4.50                       money handed over
  settle [--since DATE]                  who owes whom
  help, quit              ?, q
Names, commands and options are case-blind; every hand command takes
--date, --dealer, --upcard and --note."""

KEYS = "Keys: Ctrl+Z undo, Ctrl+Y redo, Tab completes a word, F2 every game."


def help_of(variant: variants.Variant) -> str:
    """`HELP`, and for a match of a variant of its own words (Gimlet Rummy, Mahjong gin) what
    its declarations add: its own commands and what it says of the core ones (``knock``:
    the discard piles instead of ``--vs``), as the command line's help says them."""
    import textwrap

    said = [(c.name, c.help) for c in variant.commands]
    said += [(command, note) for (command, option), note in variant.notes.items() if not option]
    if not said:
        return HELP
    lines = [
        textwrap.fill(
            f"{name}: {text.removeprefix(variant.title + ': ')}",
            72,
            initial_indent="  ",
            subsequent_indent="    ",
            break_on_hyphens=False,
        )
        for name, text in said
    ]
    return f"{HELP}\nIn this match ({variant.title}):\n" + "\n".join(lines)


class Quit(Exception):
    """The line asked to end the evening."""


class Evening:
    """One match's evening: each line read and done, and what it printed."""

    def __init__(self, book: Book, match: Match) -> None:
        self.book = book
        self.match = match
        found = match.record()  # what the match is known by when its name changes
        self.known = (found.created_at, [p.name for p in found.players])

    def help(self) -> str:
        """What ``help`` prints: `HELP`, and what the match's variant adds (`help_of`)."""
        return help_of(variants.variant_of(self.match.record().rules))

    def follow(self) -> str | None:
        """The match found again when another process renamed it (``match rename``, or a
        merge from another device): its new name, told once (None: as it was). A match no
        longer in the ledger is refused, naming it."""
        try:
            self.match.record()
            return None
        except NotFoundError:
            pass
        for doc in self.book.matches()["matches"]:
            if (doc["created"], doc["players"]) == self.known:
                was, self.match = self.match.name, self.book.match(doc["match"])
                out(f"Match {was} is now called {self.match.name}.\n")
                return self.match.name
        raise NotFoundError(f"match {self.match.name!r} is no longer in the ledger")

    def names(self) -> list[str]:
        """The match's players (for Tab)."""
        return [p.name for p in self.match.record().members]

    def run(self, line: str) -> tuple[str, work.Done | None] | None:
        """Do one line and print what the command line prints for it; returns the command
        word and, for a hand or a correction, what it did (None for a blank line, and for an
        undo that took back a payment). A refusal is raised (`GintallyError`) and writes
        nothing; `quit` raises `Quit`. A match renamed meanwhile by another process is
        followed first (`follow`)."""
        found = entry.parse(line)
        if found is None:
            return None
        word = found.word
        if word == "quit":
            raise Quit
        self.follow()  # the match renamed by another process: followed
        done: work.Done | dict[str, Any] | None = None
        if word == "help":
            out(self.help() + "\n")
        elif word in entry.READS:
            self.read(found)
        elif word in entry.CORRECTIONS:
            done = self.correct(found)
        elif word == "pay":
            self.pay(found)
        else:
            raw, shared = entry.hand_raw(found, self.variant())
            done = self.match.hand(word, record.values(word, raw), flags=True, **shared)
        if word == "undo" and done is not None:  # a hand, a correction or a payment
            record.tell_undone(done, False, self.book)
        elif word == "redo" and done is not None:  # a hand, a correction, a payment or a price
            record.tell_redone(done, False, self.book)
        elif word == "restore" and isinstance(done, work.Done):
            record.tell_said(done, "brought_back", False, self.book)
        elif isinstance(done, work.Done):
            record.tell(done, False, self.book)
        return word, done if isinstance(done, work.Done) else None

    def kind(self) -> variants.Variant | None:
        """The match's variant, or None when the ledger cannot say (for Tab: never refused)."""
        try:
            return self.variant()
        except GintallyError:
            return None

    def variant(self) -> variants.Variant:
        """The evening's match's variant (whose counts a short form's numbers are)."""
        return variants.variant_of(self.match.record().rules)

    def correct(self, found: entry.Entry) -> work.Done | dict[str, Any]:
        """A correction: undo, redo, void, restore or edit (`entry.CORRECTIONS`)."""
        word, positionals, options = found.word, found.positionals, dict(found.options)
        needs = entry.CORRECTIONS[word]
        if len(positionals) < needs:
            raise GintallyError(f"{word} takes the hand's number (see help)")
        if len(positionals) > needs:
            extra = " ".join(positionals[needs:])
            takes = "no values" if not needs else "one hand number"
            if "reason" in options:  # ``void 17 --reason wrong table``: a reason of words
                why = f"{options['reason']} {extra}"
                raise GintallyError(f'{word}: {extra!r} is extra (quote the reason: "{why}")')
            raise GintallyError(f"{word} takes {takes}: {extra!r} is extra")
        if word == "undo":
            return self.match.undone()  # the latest change: a hand, a correction, a payment
        if word == "redo":
            return self.match.redone()
        reason = options.pop("reason", None)
        if word == "void":
            return self.match.voided(positionals[0], reason)
        if word == "restore":
            return self.match.restored(positionals[0], reason)
        return self.match.edited(positionals[0], reason, typed.edit_text(options), flags=True)

    def pay(self, found: entry.Entry) -> None:
        """A payment in the evening's match, said as ``pay`` says it."""
        if len(found.positionals) != 3:
            raise GintallyError("pay takes FROM TO AMOUNT (see help)")
        payer, payee, amount = found.positionals
        options = found.options
        typed_day = options.get("date")
        day = None if typed_day is None else self.book.day(typed_day)
        paid = self.match.pay(payer, payee, amount, date=day, note=options.get("note"))
        record.tell_paid(paid, False)

    def read(self, found: entry.Entry) -> None:
        if found.positionals:
            raise GintallyError(f"{found.word} takes no values (see help)")
        options = found.options
        if found.word == "show":
            doc = self.match.sheet(bool(options.get("all")), rows=False)  # as `show` draws
            emit(doc, False, drawing("sheet.show"))
        elif found.word == "standings":
            year = typed.whole(options.get("year"), "--year")
            emit(self.match.standings(year), False, drawing("season.standings"))
        elif found.word == "settle":
            since = options.get("since")
            day = None if since is None else self.book.day(since)
            emit(self.match.settlement(day), False, drawing("tables.settlement"))
        else:
            self.log(options.get("last"), options.get("year"), bool(options.get("all")))

    def log(
        self, last: str | None, year: str | None = None, every: bool = False, width: int = 0
    ) -> None:
        """The hand log, as ``hands`` prints it (never through a pager), `width` columns wide
        (0: the terminal's)."""
        import shutil

        from gintally.cli import process
        from gintally.cli.render.hands import hand_log

        wanted, count = work.log_limits(year, last)
        found = self.book.hand_log(self.match.name, wanted, count, every)
        width = width or shutil.get_terminal_size((80, 24)).columns
        rows = (process.fit(row) for row in found.rows)
        lines = hand_log(process.fit(found.head), rows, width, found.log.width)
        for text in lines:
            out(text + "\n")


def evening(match: str | None) -> Evening:
    """The evening of `match` (None: the current match) in the ledger the command line uses."""
    from gintally.cli import process

    process.release_gc()  # the command is loaded (see `process.hold_gc`)
    path = base.db_path()

    def tell() -> None:  # as every command says it (`base.waiting`)
        process.write_error(f"waiting for another gintally to finish writing to {path}...\n")

    book = Book(path, make_folder=False, on_wait=tell, flags=True)
    try:
        return Evening(book, book.match(match))
    except BaseException:
        book.close()
        raise
