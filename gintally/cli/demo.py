"""The demo: a sample season and a Hollywood evening, replayed in a throwaway ledger.

The sample files are package data in ``gintally/samples/`` (written once by
``data/generate.py``), read with `importlib.resources`. The demo never opens the user's ledger:
it builds a new one in a temporary folder (or at ``--keep FILE``), imports the samples through
the same code as ``gintally import``, and draws the same screens as ``gintally show`` and
``gintally standings``.
"""

from __future__ import annotations

import tempfile
from datetime import date
from importlib import resources
from pathlib import Path
from typing import Any

from gintally.errors import GintallyError
from gintally.facade.book import Book, Format
from gintally.model import shell_word

SEASON = "Ann and Bob forever"
EVENING = "Hollywood night"
SAMPLES: tuple[tuple[str, Format, str, str], ...] = (  # match, format, rules, its hands' file
    (SEASON, "ad-infinitum", "honeymoon", "season.csv"),
    (EVENING, "hollywood", "modern", "hollywood.csv"),
)


def build(path: Path, today: date | None = None) -> Book:
    """A ledger at `path` holding the two sample matches, each imported from its file (package
    data ``gintally/samples/``), taking `today` as today (None: the day it is)."""
    book = Book(path, make_folder=True, today=None if today is None else lambda: today, flags=True)
    for name, fmt, rules, sample in SAMPLES:
        book.new_match(name, ("Ann", "Bob"), format=fmt, rules=rules, dealer="Ann")
        resource = resources.files("gintally") / "samples" / sample
        if not resource.is_file():
            raise GintallyError(f"the demo data is missing ({sample})")
        with resources.as_file(resource) as file:
            book.import_(file, name)
    book.use_match(SEASON)
    return book


def run(keep: Path | None, today: date) -> None:
    from gintally.cli import chart
    from gintally.cli.render import season, sheet
    from gintally.cli.render.terminal import message, out

    def say(text: str, style: str = "") -> None:
        out(message(text, style))

    with tempfile.TemporaryDirectory(prefix="gintally-demo-") as tmp:
        path = keep if keep is not None else Path(tmp) / "demo.db"
        if keep is not None and keep.exists():
            raise GintallyError(f"{keep} already exists: choose a new file for the demo ledger")
        with build(path, today) as book:
            say("A Hollywood evening: three games at once, per-player entry.", "bold underline")
            out(sheet.show(book.sheet_doc(EVENING)))
            say("")
            say(
                "Honeymoon gin ad infinitum: every hand opens a new game; the "
                "season ends on New Year's Eve.",
                "bold underline",
            )
            out(sheet.show(book.sheet_doc(SEASON)))
            say("")
            # the library's documents as JSON reads them back: the shapes the drawings take
            standings: Any = book.standings(match=SEASON)
            out(season.standings(standings))
            say("")
            race: Any = book.chart(SEASON)
            chart.draw(race)
        if keep is not None:
            say(f"\nThe demo ledger is saved: gintally --db {shell_word(str(keep))} show")
        say(
            "\nNext: start your own book with gintally match new NAME --players A B, then "
            "record each hand (gintally knock A 8 18, gintally gin B 30)."
        )
