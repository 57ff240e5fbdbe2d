"""Team matches: the teams as typed, their rules, and the rounds their tables' hands make.

Terminology
- team spec (`TeamSpec`): a team as typed for ``match new --teams``: its name, if given, and its
  members in order.
- table: one pair of opposing players of a team match; a hand is played at one table
  (`hand_table`).
- round (`engine.rounds.Round`): one hand at every table; its winners' points are summed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gintally.engine.rounds import MAX_TEAM, MIN_TEAM, Deal, Round, rounds_of
from gintally.errors import GintallyError
from gintally.game.rules import RuleSet
from gintally.model import HandRecord, Match, fold


@dataclass(frozen=True)
class TeamSpec:
    """A team as typed for `match new --teams`: its name if given, and its members in order."""

    name: str | None
    members: tuple[str, ...]


def team_specs(texts: Iterable[str]) -> list[TeamSpec]:
    """Read ``"Ann,Cy"`` or ``"Reds=Ann,Cy"`` for each of the two teams and check them: two
    teams of the same size, two to four players each, nobody twice, two different names."""
    specs = []
    for text in texts:
        name, sep, rest = text.partition("=")
        if not sep:
            name, rest = "", text
        members = tuple(" ".join(m.split()) for m in rest.split(","))
        if any(not m for m in members):
            raise GintallyError(
                f'team {text!r} has an empty name in its list (write the players as "Ann,Cy")'
            )
        if sep and not name.strip():
            raise GintallyError(f"team {text!r} has an empty name before '='")
        specs.append(TeamSpec(" ".join(name.split()) or None, members))
    if len(specs) != 2:
        raise GintallyError(f"a team match needs two teams, not {len(specs)}")
    for spec in specs:
        if not MIN_TEAM <= len(spec.members) <= MAX_TEAM:
            raise GintallyError(
                f"a team has {MIN_TEAM} to {MAX_TEAM} players, not {len(spec.members)} "
                f"({', '.join(spec.members)})"
            )
    a, b = specs
    if len(a.members) != len(b.members):
        raise GintallyError(
            f"the teams must be the same size, one player a table: {', '.join(a.members)} "
            f"against {', '.join(b.members)}"
        )
    seen: dict[str, tuple[int, str]] = {}
    for side, spec in enumerate(specs):
        for m in spec.members:
            key = fold(m)
            if key in seen:
                first_side, first = seen[key]
                where = "twice in the same team" if first_side == side else "on both teams"
                raise GintallyError(f"{first} is {where}: each player sits at one table")
            seen[key] = (side, m)
    names = [spec.name or " & ".join(spec.members) for spec in specs]
    if fold(names[0]) == fold(names[1]):
        raise GintallyError(f"the two teams need different names, not {names[0]!r} twice")
    return specs


def team_rules(rules: RuleSet, size: int) -> RuleSet:
    """A team match's rules as stored: its target and `team_sweep_bonus` worked out for its
    team size (`RuleSet.for_teams`)."""
    return rules.for_teams(size)


def table_names(match: Match) -> list[str]:
    return [match.table_name(t) for t in range(len(match.tables))]


def hand_table(match: Match, h: HandRecord) -> int:
    """The table a stored hand was played at: the one of its knocker, winner or dealer (a team
    match stores a drawn hand's table as its knocker)."""
    for who in (h.knocker, h.winner, h.dealer):
        table = match.table_of(who)
        if table is not None:
            return table
    return 0


def team_rounds(match: Match, hands: Iterable[HandRecord]) -> list[Round]:
    """A team match's rounds, from its live hands."""
    assert match.teams is not None
    size = len(match.tables)
    deals = [
        Deal(h.number, h.date, hand_table(match, h), match.seat(h.winner), h.points, h.kind)
        for h in hands
    ]
    return rounds_of(deals, size, match.rules.sweep_bonus(size))
