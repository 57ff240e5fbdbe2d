"""Every game of a match (``show --all``) as documents made one at a time: the sheet's head
(`listing_head`, a `ShowDoc` whose lists are left empty), each game and set as it is listed
(`listing_items`), what is known once the last one is (`listing_tail`: the next dealer, the
series in play, the last set's result) and the sheet, a hand at a time (`listing_sheet`).

Terminology:
- *listing*: `engine.listing.Listing`, a match's games in order, folded as the hands stream.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from gintally.engine.games import Game
from gintally.engine.series import Series, series_rule
from gintally.game.variants import variant_of
from gintally.report.match import set_games
from gintally.report.sheet import game_doc, knock_limit_text, series_doc, set_doc, sheet_row
from gintally.service import seating_of

if TYPE_CHECKING:
    from gintally.engine.listing import Listing
    from gintally.engine.replay import Played
    from gintally.engine.sets import GameSet
    from gintally.model import Match
    from gintally.report.shapes import GameDoc, GameLine, SetDoc, SheetRow, ShowDoc


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
        "preset": match.rules.preset,
        "season": None,
        "format_games": set_games(match.format),
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


def listing_lines(match: Match, items: Iterable[Game | GameSet]) -> Iterator[GameLine | SetDoc]:
    """`listing_items` for the lines of ``show --all``: each game as its line reads it (a
    `GameLine`, made several times faster than a whole `game_doc`), each set as `set_doc`."""
    a, b = match.sides
    names = {None: None, 0: a, 1: b}
    target = match.rules.target
    for g in items:
        if not isinstance(g, Game):
            yield set_doc(match, g)
            continue
        total = g.total
        line: GameLine = {
            "number": g.number,
            "set": g.set,
            "status": g.status,
            "winner": names[g.winner],
            "total": {a: total[0], b: total[1]},
            "net": g.net,
            "season": g.season,
        }
        if g.status == "won":
            line["shutout"] = g.shutout
            line["lost_by_50"] = g.lost_by_50
        elif g.status == "open":
            needs = g.needs(target)
            line["needs"] = {a: needs[0], b: needs[1]}
        yield line


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


def listing_sheet(match: Match, plays: Iterable[Played]) -> Iterator[SheetRow]:
    """`show_doc`'s sheet of every game (``show --all``): each hand that posted to a game, with
    each game's running points after it, one hand at a time (`service.plays`). Only the open
    games' running points are kept."""
    dealt = seating_of(match).derives_dealer and variant_of(match.rules).dealt
    running: dict[int, tuple[Game, list[int]]] = {}
    season = None
    for played in plays:
        e = played.entry
        posts = {}
        for game in played.posts:
            pts = running.setdefault(id(game), (game, [0, 0]))[1]
            if e.winner is not None:
                pts[e.winner] += e.points
                pts[1 - e.winner] += e.other
            posts[str(game.number)] = match.pair(list(pts))
            if game.status != "open":
                del running[id(game)]
        if played.season != season:  # the games a season's end left unfinished: forgotten
            season = played.season
            running = {k: v for k, v in running.items() if v[0].status == "open"}
        if not posts:
            continue
        yield sheet_row(match, e, played.dealer if dealt else None, posts)
