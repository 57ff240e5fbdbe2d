"""A team match's words, shared by the drawings that name teams, rounds and tables.

Terminology:
- *label*: a team's short column label: its name when short, else its members' initials
  ("A&C"), else "Team 1" and "Team 2"; a legend says who is who.
- *round*: one hand at every table of a team match; once complete, the team whose hands scored
  more wins it by the difference (plus the sweep bonus when every table won).
- *table*: a pair of players, the i-th of each team; its result in a round is its hand's.
"""

from __future__ import annotations

from typing import Any

from gintally.report import RoundDoc, TableDoc, TeamDoc


def team_labels(names: list[str], teams: list[TeamDoc]) -> dict[str, str]:
    """Short column labels for the teams (their names when short, else the members' initials:
    "A&C"), so a team's columns fit 80 columns; a legend says who is who."""
    labels = [
        n if len(n) <= 7 else "&".join(p[:1].upper() for p in t["players"])
        for n, t in zip(names, teams, strict=True)
    ]
    if len({x.casefold() for x in labels}) < 2 or any(len(x) > 7 for x in labels):
        labels = ["Team 1", "Team 2"]
    return dict(zip(names, labels, strict=True))


def relabel(value: Any, labels: dict[str, str]) -> Any:
    """A copy of a document with the team names replaced by their labels (keys and values)."""
    if isinstance(value, dict):
        return {labels.get(k, k): relabel(v, labels) for k, v in value.items()}
    if isinstance(value, list):
        return [relabel(v, labels) for v in value]
    return labels.get(value, value) if isinstance(value, str) else value


def round_result(r: RoundDoc) -> str:
    """The result of a complete round: Ann & Cy +5 (15 to 10), and the sweep bonus if any."""
    sums = r["sums"]
    (a, pa), (b, _) = sums.items()
    if r["winner"] is None:
        return f"level at {pa} each, no score"
    lead, other = (a, b) if r["winner"] == a else (b, a)
    text = f"{lead} +{r['points']} ({sums[lead]} to {sums[other]}"
    if r["sweep"] and r["points"] > r["margin"]:
        text += f", +{r['points'] - r['margin']} for the sweep"
    return text + ")"


def table_result(t: TableDoc, numbered: bool = True) -> str:
    """What a table did in a round: "Di gin +37 (hand 2)", "awaited", "dealing again (hand 1
    nobody won)", "Ann +10 (hand 3, redealt after hand 1)"."""
    again = t["redeals"]
    after = f"{'hands' if len(again) > 1 else 'hand'} {', '.join(map(str, again))}"
    if t["hand"] is None:
        return f"dealing again ({after} nobody won)" if again and numbered else "awaited"
    kind = "" if t["kind"] in ("knock", "score") else f" {t['kind']}"
    what = f"{t['winner']}{kind} +{t['points']}"
    if not numbered:
        return what
    return f"{what} (hand {t['hand']}" + (f", redealt after {after})" if again else ")")
