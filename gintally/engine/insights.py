"""Temporary: the old home of `lifetime` and `race`, until their importers move."""

from gintally.engine.lifetime import Figures, Lifetime, Pair, Record, Side
from gintally.engine.race import RacePoint, monthly, race

__all__ = ["Figures", "Lifetime", "Pair", "RacePoint", "Record", "Side", "monthly", "race"]
