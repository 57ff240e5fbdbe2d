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

from gintally import report, service, transfer
from gintally.engine.formats import AdInfinitum, Hollywood
from gintally.engine.standings import standings
from gintally.errors import GintallyError
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import Match

SEASON = "Ann and Bob forever"
EVENING = "Hollywood night"
SAMPLES = (  # match, format, rules, the file of its hands
    (SEASON, AdInfinitum(), "honeymoon", "season.csv"),
    (EVENING, Hollywood(), "modern", "hollywood.csv"),
)


def _sample(book: Ledger, match: Match, name: str, today: date) -> None:
    """Import one sample file (package data ``gintally/samples/``) into a match."""
    resource = resources.files("gintally") / "samples" / name
    if not resource.is_file():
        raise GintallyError(f"the demo data is missing ({name})")
    with resources.as_file(resource) as path:
        book.add_hands(match, transfer.read_hands(match, path, today))


def build(path: Path, today: date) -> Ledger:
    """A ledger at `path` holding the two sample matches."""
    book = Ledger.open(path)
    for name, fmt, rules, sample in SAMPLES:
        match = book.create_match(name, ("Ann", "Bob"), fmt, resolve(rules), first_dealer="Ann")
        _sample(book, match, sample, today)
    book.use_match(SEASON)
    return book


def run(keep: Path | None, today: date) -> None:
    from gintally.cli import chart, render
    from gintally.service import insights

    with tempfile.TemporaryDirectory(prefix="gintally-demo-") as tmp:
        path = keep if keep is not None else Path(tmp) / "demo.db"
        if keep is not None and keep.exists():
            raise GintallyError(f"{keep} already exists: choose a new file for the demo ledger")
        with build(path, today) as book:
            evening = book.match(EVENING)
            render.message(
                "A Hollywood evening: three games at once, per-player entry.", "bold underline"
            )
            render.show(report.show_doc(service.replay_match(book, evening, today=today)))
            season = book.match(SEASON)
            render.message("")
            render.message(
                "Honeymoon gin ad infinitum: every hand opens a new game; the "
                "season ends on New Year's Eve.",
                "bold underline",
            )
            render.show(report.show_doc(service.replay_match(book, season, today=today)))
            render.message("")
            window = service.replay_all(book, season, today)
            seasons = standings(window.replay, season.format, today)
            render.standings(report.standings_doc(season, seasons, None, window.replay))
            render.message("")
            story = insights.season_story(book, season, None, today)
            chart.draw(
                report.race_doc(season, story.season, story.race, story.hands, story.running)
            )
        if keep is not None:
            render.message(f"\nThe demo ledger is saved: gintally --db {keep} show")
