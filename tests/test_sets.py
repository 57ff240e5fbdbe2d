"""Formats found by name (the library reads a format as the command line does) and sets, the
engine's concept: which set a game belongs to, when a set is over and what it is worth."""

from __future__ import annotations

from datetime import date

import pytest

import gintally
from gintally.engine.formats import (
    FORMATS,
    AdInfinitum,
    Format,
    Hollywood,
    Honeymoon,
    Single,
    find_format,
)
from gintally.engine.replay import Entry, replay
from gintally.errors import GintallyError
from gintally.game.rules import resolve

DAY = date(2007, 4, 27)
MODERN = resolve("modern")


def hands(*results: tuple[int, int]) -> list[Entry]:
    """Entries from (winner, points) pairs, one a day apart in hand order."""
    return [Entry(i + 1, DAY, w, p) for i, (w, p) in enumerate(results)]


@pytest.mark.parametrize(
    ("name", "cls"),
    [
        ("single", Single),
        ("Single", Single),
        ("SINGLE", Single),
        ("hollywood", Hollywood),
        ("Hollywood", Hollywood),
        ("honeymoon", Honeymoon),
        ("ad-infinitum", AdInfinitum),
        ("Ad Infinitum", AdInfinitum),
        ("ad_infinitum", AdInfinitum),
        ("honeymoon-ad-infinitum", AdInfinitum),
    ],
)
def test_a_format_is_found_by_name_or_alias(name: str, cls: type[Format]) -> None:
    assert type(Format(name)) is cls
    assert type(find_format(name)) is cls
    assert type(gintally.Format(name)) is cls
    assert Format(name).name == cls.key


def test_single_through_the_library_replays_as_a_single_game() -> None:
    """Format("Single") used to replay as a 3-game Hollywood; it is one game at a time."""
    rep = replay(hands((0, 60), (1, 30), (0, 50)), MODERN, Format("Single"))
    assert [(g.number, g.points, g.status) for g in rep.games] == [(1, [110, 30], "won")]
    rep = replay(hands((0, 60), (1, 30), (0, 50), (1, 10)), MODERN, Format("Single"))
    assert [(g.number, g.points) for g in rep.games] == [(1, [110, 30]), (2, [0, 10])]


def test_unknown_format_and_bad_options_are_refused() -> None:
    with pytest.raises(GintallyError, match="unknown format 'triple'; the formats are: single"):
        Format("triple")
    with pytest.raises(GintallyError, match="rolling is for hollywood matches, not honeymoon"):
        Format("honeymoon", 3, True)
    with pytest.raises(GintallyError, match="1 to 50, not 0"):
        Format("hollywood", 0)
    with pytest.raises(GintallyError, match="'single' is not hollywood"):
        Hollywood("single")


def test_formats_compare_by_kind_and_options() -> None:
    assert Format("hollywood", 3) == Hollywood() == Hollywood(games=3)
    assert Format("hollywood", 4) != Hollywood()
    assert Format("honeymoon", 3) != Format("hollywood", 3)
    assert len({Format("single"), Single(), Format("Single")}) == 1
    assert list(FORMATS) == ["single", "hollywood", "honeymoon", "ad-infinitum"]


@pytest.mark.parametrize(
    ("fmt", "numbers", "sets"),
    [
        (Hollywood(), [1, 2, 3, 4, 6, 7], [1, 1, 1, 2, 2, 3]),
        (Hollywood(games=2), [1, 2, 3, 4, 5], [1, 1, 2, 2, 3]),
        (Honeymoon(), [1, 3, 4], [1, 1, 2]),
        (Hollywood(rolling=True), [1, 5, 9], [1, 1, 1]),
        (Single(), [1, 2], [None, None]),
        (AdInfinitum(), [1, 2], [None, None]),
    ],
)
def test_the_set_a_game_belongs_to(fmt: Format, numbers: list[int], sets: list[int]) -> None:
    assert [fmt.set_of(n) for n in numbers] == sets


def test_a_hollywood_set_is_over_when_all_three_games_are_won() -> None:
    # Ann wins five hands of 40: her 1st win enters game 1, her 2nd game 2, her 3rd game 3;
    # each game closes at 120 after three of her wins. Bob's win after that starts set 2.
    rep = replay(hands(*[(0, 40)] * 5, (1, 10)), MODERN, Hollywood())
    first, second = rep.sets()
    assert [g.number for g in first.games] == [1, 2, 3]
    assert [g.set for g in rep.games] == [1, 1, 1, 2, 2, 2]
    assert first.over and first.status == "won"
    # each game: 120 points, +100 game, +3 boxes of 25, +120 for the shutout (double-hands)
    assert [g.total for g in first.games] == [[415, 0]] * 3
    assert first.worth == 3 * 415 and first.winner == 0 and first.margin == 1245
    assert first.nets == [1245, 0]
    assert not second.over and second.status == "open"
    assert second.winner is None and second.margin is None


def test_a_set_goes_to_the_player_ahead_by_the_sum_of_nets() -> None:
    """Bob wins game 1, Ann games 2 and 3 by more: Ann wins the set by the sum of the nets."""
    rules = resolve("modern", ["game_bonus=0", "box_bonus=0", "shutout=none", "target=50"])
    played = [(1, 30), (0, 20), (1, 25), (0, 40), (0, 30)]
    rep = replay(hands(*played), rules, Hollywood())
    # game 1: Bob 30, Ann 20, Bob 55: Bob wins 55-20 (net 35); Bob's 2nd win entered game 2
    # game 2: Bob 25, then Ann's 2nd and 3rd wins: 40, 70: Ann wins 70-25 (net 45)
    # game 3: Ann's 3rd win entered it: 30-0, open
    assert [(g.number, g.points, g.status) for g in rep.games] == [
        (1, [20, 55], "won"),
        (2, [70, 25], "won"),
        (3, [30, 0], "open"),
    ]
    (only,) = rep.sets()
    assert not only.over and only.worth == -35 + 45 and only.margin is None
    rep = replay(hands(*played, (0, 25)), rules, Hollywood())
    (only,) = rep.sets()
    assert [g.net for g in only.games] == [35, 45, 55]
    assert only.over and only.winner == 0 and only.worth == only.margin == -35 + 45 + 55
    assert only.nets == [100, 35]


def test_a_tied_set_has_no_winner() -> None:
    rules = resolve("modern", ["game_bonus=0", "box_bonus=0", "shutout=none", "target=10"])
    # two games a set: Ann wins game 1 by 10, then Bob enters game 2 and wins it by 10
    rep = replay(hands((0, 10), (1, 10)), rules, Hollywood(games=2))
    (only,) = rep.sets()
    assert only.over and only.worth == 0 and only.winner is None and only.margin == 0
    # one game a set: each game is a set of its own
    rep = replay(hands((0, 5), (1, 15), (0, 10)), rules, Hollywood(games=1))
    first, second = rep.sets()
    assert (first.winner, first.margin, second.winner, second.margin) == (1, 10, 0, 10)


def test_formats_without_sets_have_none() -> None:
    assert replay(hands((0, 120)), MODERN, Single()).sets() == []
    assert replay(hands((0, 120)), MODERN, AdInfinitum()).sets() == []
