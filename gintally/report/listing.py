"""Every game of a match (``show --all``) as documents made one at a time: the sheet's head
(`listing_head`, a `ShowDoc` whose lists are left empty), each game and set as it is listed
(`listing_items`) and what is known once the last one is (`listing_tail`: the next dealer,
the series in play, the last set's result).

Terminology:
- *listing*: `engine.listing.Listing`, a match's games in order, folded as the hands stream.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from gintally.engine.games import Game
from gintally.engine.series import Series, series_rule
from gintally.game.variants import variant_of
from gintally.report.sheet import game_doc, knock_limit_text, series_doc, set_doc
from gintally.service import seating_of

if TYPE_CHECKING:
    from gintally.engine.listing import Listing
    from gintally.engine.sets import GameSet
    from gintally.model import Match
    from gintally.report.shapes import GameDoc, SetDoc, ShowDoc


def listing_head(match: Match) -> ShowDoc:
    """What ``show --all`` says before its games: `report.show_doc`'s document with no games,
    sets or sheet yet (`listing_tail` fills in what the games decide)."""
    variant = variant_of(match.rules)
    return {
        "match": match.name,
        "format": match.format.name,
        "players": match.sides,
        "games": [],
        "next_dealer": None,
        "knock_limit": knock_limit_text(match.rules),
        "target": match.rules.target,
        "rules": match.rules.preset,
        "season": None,
        "format_games": match.format.games,
        "rolling": match.format.rolling,
        "sheet": [],
        "result": match.pair([0, 0]),
        "series": None,
        "variant": variant.key,
        "solo": variant.players == 1,
        "both_score": variant.both_score,
        "sets": [],
        "all": True,
        "season_over": False,
    }


def listing_items(match: Match, items: Iterable[Game | GameSet]) -> Iterator[GameDoc | SetDoc]:
    """Each game (`game_doc`) and set (`set_doc`) as the listing gives it."""
    for item in items:
        yield game_doc(match, item) if isinstance(item, Game) else set_doc(match, item)


def listing_tail(head: ShowDoc, match: Match, listing: Listing) -> ShowDoc:
    """The head with what the whole listing decided: the next dealer (when the seating works
    it out and the variant is dealt), the series in play and the last set's result."""
    dealt = seating_of(match).derives_dealer and variant_of(match.rules).dealt
    doc = head.copy()
    doc["next_dealer"] = match.name_at(listing.next_dealer) if dealt else None
    doc["result"] = match.pair(listing.nets)
    rule = series_rule(match.rules)
    if rule is not None:
        doc["series"] = series_doc(match, listing.series or Series(listing.series_before + 1, rule))
    return doc
