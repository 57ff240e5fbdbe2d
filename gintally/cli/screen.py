"""The full screen of ``gintally play`` (Textual; imported by that command only, so no other
command pays for it).

The sheet is always on screen: the score sheet as ``show`` draws it (games or sets with their
running scores, who deals next, the knock limit) and under it the last few hands with their
numbers (more on a taller screen), at the width of the terminal. Below it, what the last line
did (each hand's confirmation as the command line prints it, or the one-line error of a refused
line), then the entry line, then the footer with the keys. Every line goes through
`evening.Evening`, as ``--plain``'s do. Every half second the screen asks the ledger whether
another process wrote to it (`facade.Book.news`) and redraws the sheet if so.

Terminology
- sheet: the upper pane; the full sheet (F2) is ``show --all``.
- said: the pane of what the lines printed, newest last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Input, RichLog, Static

from gintally.cli import entry, process
from gintally.cli.evening import HELP, Evening, Quit
from gintally.cli.render.sheet import show
from gintally.cli.render.terminal import group, kept, styled
from gintally.errors import GintallyError

if TYPE_CHECKING:
    from gintally.cli.render.terminal import Drawing

LAST_HANDS = 5  # hands listed under the sheet (twice as many on a screen of 40 lines or more)
TALL = 40
POLL_S = 0.5  # how often the ledger is asked whether another process wrote to it


class Line(Input):
    """The entry line: Tab completes its last word (a binding of its own, so it is handled
    after the keys typed before it)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", "Complete", priority=True)]

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
    #said { height: 6; border-top: solid $primary-darken-2; padding: 0 1; }
    #said.tall { height: 60%; }
    #line { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("f2", "full", "Full sheet"),
        Binding("f1", "help", "Help"),
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
        yield RichLog(id="said", wrap=False, markup=False, max_lines=500)
        yield Line(placeholder="a hand (k ann 8 18), undo, help ...", id="line")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.evening.match.name
        self.query_one("#line", Input).focus()
        self.redraw()
        self.set_interval(POLL_S, self.poll)

    def on_resize(self) -> None:
        self.redraw()

    # --- drawing ---------------------------------------------------------------------------------

    def redraw(self) -> None:
        """The sheet and the last hands, as the ledger has them now, laid out at the width of
        the screen."""
        width = max(self.size.width - 2, 40)  # the scroll bar's room
        count = LAST_HANDS * (2 if self.size.height >= TALL else 1)
        match = self.evening.match
        try:
            with kept(width) as last:
                sheet = show(process.fit(match.sheet(all=self.full)))
                self.evening.log(str(count), width=width)
        except GintallyError as e:
            self.say(styled(f"Error: {e}", "bold red"))
            return
        self.query_one("#body", Static).update(sheet)
        self.query_one("#last", Static).update(group(placed(last)))

    def say(self, said: Drawing) -> None:
        self.query_one("#said", RichLog).write(said)

    def poll(self) -> None:
        """Redraw when another process has written to the ledger; end when the terminal went
        away (`process.terminal_gone`: the ledger is released, nothing spins)."""
        if self.terminal and process.terminal_gone():
            self.exit()
            return
        try:
            news = self.evening.book.news()
        except GintallyError as e:
            self.say(styled(f"Error: {e}", "bold red"))
            return
        if news:
            self.redraw()

    # --- the entry line --------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.enter(event.value)

    def enter(self, line: str) -> None:
        """Do one line: its confirmation (or its error) said, the sheet redrawn."""
        field = self.query_one("#line", Input)
        self.query_one("#said", RichLog).remove_class("tall")
        try:
            found = entry.parse(line)
            if found is not None and found.word == "show" and not found.positionals:
                self.full = bool(found.options.get("all"))  # the sheet is the show: redrawn
                field.value = ""
                self.redraw()
                return
            with kept(max(self.size.width - 2, 40)) as said:
                self.evening.run(line)
        except Quit:
            self.exit()
            return
        except GintallyError as e:
            self.say(styled(f"Error: {' '.join(str(e).split())}", "bold red"))
            self.bell()
            field.select_all()  # kept to be put right, or typed over
            return
        field.value = ""
        if said:
            self.say(styled(f"> {line.strip()}", "dim"))
            for drawing in placed(said):
                self.say(drawing)
            self.announce("".join(x for x in said if isinstance(x, str)))
        self.redraw()

    def announce(self, said: str) -> None:
        """A finished game, set, series or season, told as a notification too."""
        ended = [s.strip() for s in said.splitlines()[1:] if " wins " in s or " is over" in s]
        if ended:
            self.notify("\n".join(ended), title="Finished", timeout=6)

    def complete(self, field: Input) -> None:
        """Tab: the entry line's last word finished (`entry.complete`); the choices said when
        there are several."""
        try:
            names = self.evening.names()
        except GintallyError:
            names = []
        text, choices = entry.complete(field.value, names)
        field.value = text
        field.cursor_position = len(text)
        if len(choices) > 1:
            self.say(styled("  ".join(choices), "dim"))

    def action_undo(self) -> None:
        self.enter("undo")

    def action_full(self) -> None:
        self.full = not self.full
        self.redraw()

    def action_help(self) -> None:
        """F1: the help, in the pane of what was said, grown to hold it (F1 again, or the next
        line, shrinks it back)."""
        said = self.query_one("#said", RichLog)
        said.toggle_class("tall")
        if said.has_class("tall"):
            self.say(styled(HELP))


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
