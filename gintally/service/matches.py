"""Matches and players: a new match checked against its variant, and a player renamed.

Terminology
- phantom (`game.variants.PHANTOM`): the opponent of a solitaire variant (Gimlet Rummy), the
  second seat of its match; not a person, so nobody else takes its name.
"""

from __future__ import annotations

from collections.abc import Sequence

from gintally.engine.formats import Format
from gintally.errors import GintallyError
from gintally.game.rules import RuleSet
from gintally.game.variants import PHANTOM, variant_of
from gintally.ledger import Ledger
from gintally.model import Match, Player, fold
from gintally.service.teams import TeamSpec


def new_match(
    ledger: Ledger,
    name: str,
    players: tuple[str, ...],
    fmt: Format,
    rules: RuleSet,
    first_dealer: str | None = None,
    teams: Sequence[TeamSpec] | None = None,
) -> Match:
    """Create a match, checked against its variant: two players, or for a solitaire variant
    (Gimlet Rummy) one player against the phantom, in single games; or two teams (`team_specs`)
    playing plain gin at every table (a round sums the winners' hand points, so a variant where
    both players score, or a solitaire, has no place in it). A series (series_target, best_of)
    counts games one after another, so it is refused for ad-infinitum."""
    variant = variant_of(rules)
    if fmt.seasonal and (rules.series_target is not None or rules.best_of is not None):
        raise GintallyError(
            f"a series counts games one after another: {fmt.name} games overlap without end "
            f"(set series_target and best_of off, or use another format)"
        )
    if teams is not None:
        if variant.key != "gin":
            raise GintallyError(
                f"{variant.title} is not played in teams (rules variant={variant.key}): a team "
                f"match plays plain gin at every table"
            )
        members = [m for spec in teams for m in spec.members]
        if fold(PHANTOM) in {fold(m) for m in members}:
            raise GintallyError(
                f"{PHANTOM} is the phantom opponent of Gimlet solitaire: give another name"
            )
        sides = [(s.name, s.members) for s in teams]
        return ledger.create_match(name, ("", ""), fmt, rules, None, teams=sides)
    if variant.players == 1:
        if len(players) != 1:
            raise GintallyError(
                f"{variant.title} is solitaire: give one player (--players NAME), who plays "
                f"against {PHANTOM}"
            )
        if players[0].strip().casefold() == PHANTOM.casefold():
            raise GintallyError(f"{PHANTOM} is the opponent in {variant.title}: give your name")
        if first_dealer is not None:
            raise GintallyError(f"{variant.title} is solitaire: there is no dealer (--dealer)")
        if fmt.name != "single":
            raise GintallyError(
                f"{variant.title} is played one game at a time: use --format single, not {fmt.name}"
            )
        pair = (players[0], PHANTOM)
    else:
        if len(players) != 2:
            raise GintallyError(
                f"a match needs two players: --players A B (one player is for Gimlet "
                f"solitaire, --rules gimlet), not {len(players)}"
            )
        if PHANTOM.casefold() in {p.strip().casefold() for p in players}:
            raise GintallyError(
                f"{PHANTOM} is the phantom opponent of Gimlet solitaire: give another name"
            )
        pair = (players[0], players[1])
    return ledger.create_match(name, pair, fmt, rules, first_dealer)


def rename_player(ledger: Ledger, old: str, new: str) -> Player:
    """Rename a player everywhere. The phantom of Gimlet solitaire keeps its name, and nobody
    takes it: a solitaire's second seat is found by that name, and it is not a person."""
    if fold(new) == fold(PHANTOM):
        raise GintallyError(
            f"{PHANTOM} is the phantom opponent of Gimlet solitaire: give another name"
        )
    who = ledger.player(old)
    if fold(who.name) == fold(PHANTOM) and any(
        variant_of(m.rules).players == 1 and m.players[1].id == who.id for m in ledger.matches()
    ):
        raise GintallyError(
            f"{PHANTOM} is the phantom opponent of Gimlet solitaire: it keeps its name"
        )
    return ledger.rename_player(old, new)
