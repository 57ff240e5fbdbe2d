"""The demo: a sample season and a Hollywood evening, replayed in a throwaway ledger.

The sample files live in the repository's ``data/`` folder (installed with the package as
``gintally.data``). The demo never opens the user's ledger: it builds a new one in a temporary
folder (or at ``--keep FILE``), imports the samples through the same code as ``gintally import``,
and draws the same screens as ``gintally show`` and ``gintally standings``.
"""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path

from gintally import report, tally, transfer
from gintally.errors import GintallyError
from gintally.formats import Format
from gintally.ledger import Ledger
from gintally.rules import resolve
from gintally.standings import standings

SEASON_FILE = "season.csv"
HOLLYWOOD_FILE = "hollywood.csv"


def data_dir() -> Path:
    """The sample data: ``data/`` beside the package in a checkout, else the installed copy."""
    here = Path(__file__).resolve().parent.parent / "data"
    if (here / SEASON_FILE).exists():
        return here
    installed = Path(__file__).resolve().parent / "data"  # the installed gintally.data
    if (installed / SEASON_FILE).exists():
        return installed
    raise GintallyError("the demo data is missing (data/season.csv)")


def build(path: Path, today: date) -> Ledger:
    """A ledger at `path` holding the two sample matches."""
    source = data_dir()
    book = Ledger.open(path)
    season = book.create_match(
        "Ann and Bob forever",
        ("Ann", "Bob"),
        Format("ad-infinitum"),
        resolve("honeymoon"),
        first_dealer="Ann",
    )
    book.add_hands(season, transfer.read_hands(season, source / SEASON_FILE, today))
    evening = book.create_match(
        "Hollywood night",
        ("Ann", "Bob"),
        Format("hollywood"),
        resolve("modern"),
        first_dealer="Ann",
    )
    book.add_hands(evening, transfer.read_hands(evening, source / HOLLYWOOD_FILE, today))
    book.use_match(season.name)
    return book


def run(keep: Path | None, today: date) -> None:
    from gintally import render

    with tempfile.TemporaryDirectory(prefix="gintally-demo-") as tmp:
        path = keep if keep is not None else Path(tmp) / "demo.db"
        if keep is not None and keep.exists():
            raise GintallyError(f"{keep} already exists: choose a new file for the demo ledger")
        with build(path, today) as book:
            evening = book.match("Hollywood night")
            render.message(
                "A Hollywood evening: three games at once, per-player entry.", "bold underline"
            )
            render.show(report.show_doc(tally.replay_match(book, evening, today=today)))
            season = book.match("Ann and Bob forever")
            render.message("")
            render.message(
                "Honeymoon gin ad infinitum: every hand opens a new game; the "
                "season ends on New Year's Eve.",
                "bold underline",
            )
            render.show(report.show_doc(tally.replay_match(book, season, today=today)))
            render.message("")
            window = tally.replay_all(book, season, today)
            seasons = standings(window.replay, season.format, today)
            render.standings(report.standings_doc(season, seasons, None))
        if keep is not None:
            render.message(f"\nThe demo ledger is saved: gintally --db {keep} show")
