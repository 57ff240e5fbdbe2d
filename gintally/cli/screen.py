"""The full screen of ``gintally play`` (Textual; imported by that command only, so no other
command pays for it).

The sheet is always on screen: the score sheet as ``show`` draws it (games or sets with their
running scores, who deals next, the knock limit) and under it the last few hands with their
numbers (more on a taller screen), at the width of the terminal (a narrow one, 40 columns, gets
``show``'s narrow layout). Its pane scrolls to its end whenever a line is done, so the totals,
the next dealer and the newest hands are in view on an 80x24 terminal; PageUp and PageDown
scroll it while the entry line keeps the keys. Below it, a game, set, series or season that a
line finished (a line of its own, never over anything), then what the last line did (each
hand's confirmation as the command line prints it, or the one-line error of a refused line,
wrapped at words), then the entry line, then the footer with the keys. Every line goes through
`evening.Evening`, as ``--plain``'s do. Every half second the screen asks the ledger whether
another process wrote to it (`facade.Book.news`) and redraws the sheet if so.

Terminology
- sheet: the upper pane; the full sheet (F2) is ``show --all``.
- said: the pane of what the lines printed, newest last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Input, RichLog, Static

from gintally.cli import entry, process
from gintally.cli.base import one_line
from gintally.cli.evening import KEYS, Evening, Quit
from gintally.cli.render.sheet import show
from gintally.cli.render.terminal import group, kept, styled
from gintally.errors import GintallyError

if TYPE_CHECKING:
    from gintally.cli.render.terminal import Drawing

LAST_HANDS = 5  # hands listed under the sheet (twice as many on a screen of 40 lines or more)
TALL = 40
NARROW = 60  # a screen narrower than this lists fewer hands under the sheet, unless it is tall
POLL_S = 0.5  # how often the ledger is asked whether another process wrote to it


class Line(Input):
    """The entry line. Tab completes its last word, and Enter takes the line at once and
    empties the entry line for the next, each in the order of the keys: a binding is done only
    after the keys typed behind it (Input's Enter), or before the keys typed ahead of it (a
    priority binding), so a quick second Enter recorded the hand twice, a line typed ahead was
    added to the one before, and Tab after a quickly typed ``k zo`` completed an empty line.
    A paste of several lines enters each whole line, as a shell does, and keeps its last part
    to be finished."""

    # the footer's; the key itself is taken in `on_key`
    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", "Complete")]

    def on_key(self, event: events.Key) -> None:
        if event.key in ("enter", "tab"):
            event.stop()
            event.prevent_default()
            if event.key == "enter":
                self.take()
            else:
                self.action_complete()

    def on_paste(self, event: events.Paste) -> None:
        parts = event.text.splitlines()
        ended = event.text.endswith(("\n", "\r"))
        if len(parts) < 2 and not ended:
            return  # a part of a line: Input's own paste
        event.stop()
        event.prevent_default()
        whole, rest = (parts, "") if ended else (parts[:-1], parts[-1])
        for part in whole:
            self.insert_text_at_cursor(part)
            self.take()
        self.insert_text_at_cursor(rest)

    def take(self) -> None:
        """The line as it is, submitted; the entry line emptied."""
        line, self.value = self.value, ""
        self.post_message(self.Submitted(self, line))

    def action_complete(self) -> None:
        sheet = self.app
        assert isinstance(sheet, Sheet)
        sheet.complete(self)


class Sheet(App[None]):
    """The evening's score sheet (see the module)."""

    TITLE = "gintally play"
    CSS = """
    Screen { layout: vertical; }
    #sheet { height: 1fr; }
    #last { margin-top: 1; }
    #news { height: auto; display: none; padding: 0 1; text-style: bold; color: $success; }
    #news.shown { display: block; }
    #said { height: 6; border-top: solid $primary-darken-2; padding: 0 1; }
    #said.tall { height: 60%; }
    #line { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("f2", "full", "Full sheet"),
        Binding("f1", "help", "Help"),
        Binding("pageup", "page(-1)", "Scroll", show=False),
        Binding("pagedown", "page(1)", "Scroll", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, evening: Evening, terminal: bool = False) -> None:
        super().__init__()
        self.evening = evening
        self.full = False
        self.terminal = terminal  # on a terminal (`run`): ends when it goes away

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet"):
            yield Static(id="body")
            yield Static(id="last")
        yield Static(id="news")
        yield RichLog(id="said", wrap=True, markup=False, max_lines=500, min_width=20)
        yield Line(placeholder="a hand (k ann 8 18), undo, help ...", id="line")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.evening.match.name
        self.query_one("#line", Input).focus()
        # Anchored: Textual keeps the sheet at its end through every layout while it is there
        # (a scroll up releases it, a scroll back to the end or `redraw(to_end=True)` restores
        # it), so the totals stay in view however late the new lines are laid out.
        self.query_one("#sheet", VerticalScroll).anchor()
        self.redraw(to_end=True)
        self.set_interval(POLL_S, self.poll)

    def on_resize(self) -> None:
        self.redraw(to_end=True)

    # --- drawing ---------------------------------------------------------------------------------

    def redraw(self, to_end: bool = False) -> None:
        """The sheet and the last hands, as the ledger has them now, laid out at the width of
        the screen; scrolled to their end (the totals, the next dealer, the newest hands) when
        `to_end`, or when they were at it."""
        width = drawn_width(self.size.width)
        count = LAST_HANDS * (2 if self.size.height >= TALL else 1)
        if width < NARROW and self.size.height < TALL:
            count = 2  # each hand takes three lines there: the sheet's foot stays in view
        try:
            with kept(said_width(self.size.width)) as told:  # renamed elsewhere: followed
                self.evening.follow()
            match = self.evening.match
            with kept(width) as last:
                sheet = show(process.fit(match.sheet(all=self.full, rows=False)))
                self.evening.log(str(count), width=width)
        except GintallyError as e:
            self.say(styled(f"Error: {one_line(str(e))}", "bold red"))
            return
        for drawing in placed(told):
            self.say(drawing)
        self.sub_title = match.name
        self.query_one("#body", Static).update(sheet)
        self.query_one("#last", Static).update(group(placed(last)))
        if to_end:  # back to the end, anchored there again (see `on_mount`)
            self.query_one("#sheet", VerticalScroll).scroll_end(animate=False)

    def action_page(self, pages: int) -> None:
        """PageUp, PageDown: the sheet a page up or down; the entry line keeps the keys."""
        pane = self.query_one("#sheet", VerticalScroll)
        if pages < 0:
            pane.scroll_page_up(animate=False)
        else:
            pane.scroll_page_down(animate=False)

    def say(self, said: Drawing, scroll_end: bool | None = None) -> None:
        self.query_one("#said", RichLog).write(said, scroll_end=scroll_end)

    def poll(self) -> None:
        """Redraw when another process has written to the ledger; end when the terminal went
        away (`process.terminal_gone`: the ledger is released, nothing spins)."""
        if self.terminal and process.terminal_gone():
            self.exit()
            return
        try:
            news = self.evening.book.news()
        except GintallyError as e:
            self.say(styled(f"Error: {one_line(str(e))}", "bold red"))
            return
        if news:
            self.redraw()  # where the sheet was scrolled to, unless it was at its end

    # --- the entry line --------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.enter(event.value, typed=True)

    def enter(self, line: str, typed: bool = False) -> None:
        """Do one line (`typed` on the entry line, else a key's: Ctrl+Z is ``undo``): its
        confirmation (or its error) said, the sheet redrawn."""
        field = self.query_one("#line", Input)
        self.query_one("#said", RichLog).remove_class("tall")
        self.query_one("#news", Static).remove_class("shown")
        try:
            found = entry.parse(line)
            if found is not None and found.word == "show" and not found.positionals:
                self.full = bool(found.options.get("all"))  # the sheet is the show: redrawn
                self.redraw(to_end=not self.full)
                return
            with kept(said_width(self.size.width)) as said:
                self.evening.run(line)
        except Quit:
            self.exit()
            return
        except GintallyError as e:
            self.say(styled(f"Error: {one_line(str(e))}", "bold red"))
            self.bell()
            if typed and not field.value:  # nothing typed since: kept to be put right
                field.value = line
                field.select_all()
            return
        if said:
            log = self.query_one("#said", RichLog)
            if found is not None and found.word in (*entry.READS, "help"):  # room for it
                log.add_class("tall")
            start = len(log.lines)
            self.say(styled(f"> {line.strip()}", "dim"), False)
            for drawing in placed(said):
                self.say(drawing, False)
            # its first lines in sight (a table's column heads), the rest a scroll away
            self.call_after_refresh(log.scroll_to, y=start, animate=False)
            self.announce("".join(x for x in said if isinstance(x, str)))
        self.redraw(to_end=True)

    def announce(self, said: str) -> None:
        """A finished game, set, series or season, told on a line of its own above what was
        said (until the next line), where it covers neither the sheet nor the confirmation."""
        ended = [s.strip() for s in said.splitlines()[1:] if " wins " in s or " is over" in s]
        if ended:
            news = self.query_one("#news", Static)
            news.update(styled("Finished: " + " ".join(ended)))
            news.add_class("shown")

    def complete(self, field: Input) -> None:
        """Tab: the entry line's last word finished (`entry.complete`); the choices said when
        there are several."""
        try:
            names = self.evening.names()
        except GintallyError:
            names = []
        text, choices = entry.complete(field.value, names, self.evening.kind())
        field.value = text
        field.cursor_position = len(text)
        if len(choices) > 1:
            self.say(styled("  ".join(choices), "dim"))

    def action_undo(self) -> None:
        self.enter("undo")

    def action_redo(self) -> None:
        self.enter("redo")

    def action_full(self) -> None:
        self.full = not self.full
        self.redraw(to_end=not self.full)

    def action_help(self) -> None:
        """F1: the help, in the pane of what was said, grown to hold it (F1 again, or the next
        line, shrinks it back)."""
        said = self.query_one("#said", RichLog)
        said.toggle_class("tall")
        if said.has_class("tall"):
            start = len(said.lines)
            self.say(styled(f"{self.evening.help()}\n{KEYS}"), False)
            self.call_after_refresh(said.scroll_to, y=start, animate=False)  # from its top


def drawn_width(columns: int) -> int:
    """The width the sheet and what is said are laid out to on a screen `columns` wide: the
    scroll bar's and the padding's room taken off (``show``'s narrow layout below 80)."""
    return max(columns - 2, 20)


def said_width(columns: int) -> int:
    """The width what a line printed is laid out to on a screen `columns` wide: its pane's
    padding taken off too (laid out as wide as the sheet, a confirmation's line of 37 or 38
    columns was broken again by the pane: "18:" alone on a line at 40 columns)."""
    return max(drawn_width(columns) - 2, 20)


def placed(drawn: list[Drawing]) -> list[Drawing]:
    """What was printed, as a screen places it: the renderables as they are, each run of plain
    text as one `Text` (never read as markup)."""
    out: list[Drawing] = []
    text = ""
    for drawing in [*drawn, None]:
        if isinstance(drawing, str):
            text += drawing
            continue
        if text:
            out.append(styled(text.removesuffix("\n")))
            text = ""
        if drawing is not None:
            out.append(drawing)
    return out


def run(evening: Evening) -> None:
    """The screen, until it is quit; the terminal is restored however it ends."""
    Sheet(evening, terminal=True).run()
