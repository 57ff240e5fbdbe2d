"""``gintally play``: the evening's score sheet, kept from one entry line a hand.

``gintally play`` is full screen (`screen`, Textual: imported by this command only); ``--plain``
is the same loop as plain lines, for screen readers, dumb terminals and scripts: a prompt on a
terminal (none on a pipe), one confirmation per hand exactly as the command line prints it, the
sheet on ``show``, a bad line reported as the command line reports it (one ``Error:`` line on
stderr) and the loop goes on; ``quit``, the end of input or Ctrl-C at the prompt ends it, with
exit code 0 (Ctrl-C while a line is at work acts as during one command: see `process`).

Both run each line through `Evening.run`, which reads it (`entry`), does its work through the
library facade (`gintally.facade`: the same work as the command line's commands) and prints
what the command line prints for it.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from gintally import commits
from gintally.cli import base, entry, record
from gintally.cli.common import MatchOpt, app, drawing, emit
from gintally.errors import GintallyError
from gintally.facade import typed, work
from gintally.facade.book import Book, Match

PROMPT = "> "
HELP = """\
Type a hand or a command, as on the command line without "gintally":
  knock Ann 8 --vs 18     k ann 8 18      a knock: the knocker, deadwood, the defender's
  gin Bob --vs 30         g bob 30        a gin (big-gin, bg: a big gin)
  score Ann 25            sc ann 25       a result from paper
  draw, misdeal           d, m            no score; the same dealer deals again
  undo                    u               take back the last hand or payment
  void 2, edit 3 --vs 20  v 2, e 3 --vs 20
  show [--all]            s               the score sheet (every game with --all)
  hands [--last N]        h               the hand log
  standings               st              the season's standings
  pay Bob Ann 4.50                        money handed over (a match played for money)
  settle [--since DATE]                   who owes whom
  help, quit              ?, q
Names, commands and options are case-blind; every hand command takes --date, --dealer,
--upcard and --note."""


class Quit(Exception):
    """The line asked to end the evening."""


class Evening:
    """One match's evening: each line read and done, and what it printed."""

    def __init__(self, book: Book, match: Match) -> None:
        self.book = book
        self.match = match

    def names(self) -> list[str]:
        """The match's players (for Tab)."""
        return [p.name for p in self.match.record().members]

    def run(self, line: str) -> tuple[str, work.Done | None] | None:
        """Do one line and print what the command line prints for it; returns the command
        word and, for a hand or a correction, what it did (None for a blank line, and for an
        undo that took back a payment). A refusal
        is raised (`GintallyError`) and writes nothing; `quit` raises `Quit`."""
        found = entry.parse(line)
        if found is None:
            return None
        word = found.word
        done = None
        if word == "quit":
            raise Quit
        if word == "help":
            sys.stdout.write(HELP + "\n")
        elif word in entry.READS:
            self.read(found)
        elif word in ("undo", "void", "edit"):
            done = self.correct(found)
        elif word == "pay":
            self.pay(found)
        else:
            raw, shared = entry.hand_raw(found)
            done = self.match.hand(word, record.values(word, raw), flags=True, **shared)
        if isinstance(done, dict):  # undo took back a payment
            record.tell_undone(done, False, self.book.ledger())
            return word, None
        if done is not None:
            record.tell(done, False, self.book.ledger())
        return word, done

    def correct(self, found: entry.Entry) -> work.Done | dict[str, Any]:
        positionals, options = found.positionals, dict(found.options)
        needs = 0 if found.word == "undo" else 1
        if len(positionals) != needs:
            what = "no values" if not needs else "the hand's number"
            raise GintallyError(f"{found.word} takes {what} (see help)")
        if found.word == "undo":
            return self.match.undone()  # the latest fact: a hand, or a payment after it
        reason = options.pop("reason", None)
        if found.word == "void":
            return self.match.voided(positionals[0], reason)
        return self.match.edited(positionals[0], reason, typed.edit_text(options), flags=True)

    def pay(self, found: entry.Entry) -> None:
        """A payment in the evening's match, said as ``pay`` says it."""
        if len(found.positionals) != 3:
            raise GintallyError("pay takes FROM TO AMOUNT (see help)")
        payer, payee, amount = found.positionals
        options = found.options
        paid = self.match.pay(payer, payee, amount, date=options.get("date"),
                              note=options.get("note"))  # fmt: skip
        record.tell_paid(paid, False)

    def read(self, found: entry.Entry) -> None:
        if found.positionals:
            raise GintallyError(f"{found.word} takes no values (see help)")
        options = found.options
        if found.word == "show":
            emit(self.match.sheet(bool(options.get("all"))), False, drawing("show"))
        elif found.word == "standings":
            emit(self.match.standings(options.get("year")), False, drawing("standings"))
        elif found.word == "settle":
            emit(self.match.settlement(options.get("since")), False, drawing("settlement"))
        else:
            self.log(options.get("last"), options.get("year"), bool(options.get("all")))

    def log(
        self, last: str | None, year: str | None = None, every: bool = False, width: int = 0
    ) -> None:
        """The hand log, as ``hands`` prints it (never through a pager), `width` columns wide
        (0: the terminal's)."""
        import shutil

        from gintally.cli import process

        wanted, count = work.log_limits(year, last)
        found = work.hand_log(self.book.ledger(), self.match.name, wanted, count, every)
        width = width or shutil.get_terminal_size((80, 24)).columns
        rows = (process.fit(row) for row in found.rows)
        lines = drawing("hand_log")(process.fit(found.head), rows, width, found.log.width)
        for text in lines:
            sys.stdout.write(text + "\n")


def evening(match: str | None) -> Evening:
    """The evening of `match` (None: the current match) in the ledger the command line uses."""
    from gintally.cli import process

    process.release_gc()  # the command is loaded (see `process.hold_gc`)
    path = base.db_path()

    def tell() -> None:  # as every command says it (`base.ledger`)
        process.write_error(f"waiting for another gintally to finish writing to {path}...\n")

    book = Book(path, make_folder=False, on_wait=tell)
    try:
        return Evening(book, book.match(match))
    except BaseException:
        book.close()
        raise


def plain(match: str | None) -> None:
    """The loop over lines on stdin (`--plain`)."""
    from gintally.cli import process

    night = evening(match)
    prompt = PROMPT if sys.stdin.isatty() else ""
    if prompt:
        who = " vs ".join(night.match.record().sides)
        said = "Type a hand (k ann 8 18), show, help or quit."
        sys.stdout.write(f"{night.match.name}: {who}. {said}\n")
    try:
        while True:
            line = _read_line(prompt)
            if line is None:
                if prompt:
                    sys.stdout.write("\n")
                return
            commits.reset()  # each line is a command: Ctrl-C during it acts as during one
            try:
                night.run(line)
            except Quit:
                return
            except GintallyError as e:
                sys.stdout.flush()
                process.write_error(f"Error: {' '.join(str(e).split())}\n")
            sys.stdout.flush()
            if commits.Commits.pending:  # Ctrl-C after the line's change landed: it ends here
                return
    finally:
        night.book.close()


def _read_line(prompt: str) -> str | None:
    """The next line of stdin (None at its end, or when Ctrl-C is pressed while it is awaited:
    every line before it is in the ledger, so the evening ends with exit 0)."""
    import contextlib
    import signal

    if prompt:
        sys.stdout.write(prompt)
        sys.stdout.flush()
    previous = None
    with contextlib.suppress(ValueError):  # not the main thread: Ctrl-C stays as it is
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        if commits.Commits.pending:  # a Ctrl-C came after the last line's change, before this
            return None
        return sys.stdin.readline() or None
    except KeyboardInterrupt:
        return None
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


@app.command(rich_help_panel="Record a hand")
def play(
    match: MatchOpt = None,
    plain_: Annotated[
        bool,
        typer.Option("--plain", help="Plain lines on stdin and stdout instead of the full screen."),
    ] = False,
) -> None:
    """The evening's score sheet, full screen: type each hand on its entry line (knock Ann 8
    --vs 18, or k ann 8 18), and the sheet keeps up. Type help for the commands."""
    if plain_ or not sys.stdin.isatty() or not sys.stdout.isatty():
        plain(match)
        return
    from gintally.cli import screen

    night = evening(match)
    try:
        screen.run(night)
    finally:
        night.book.close()
