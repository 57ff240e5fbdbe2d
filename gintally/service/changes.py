"""What a correction changed in a match's finished games: the match replayed before
and after it, and the finished ones compared (the engine is pure: two replays, no state).

Terminology
- outcome (`Outcome`): a finished game's winner, totals, net and shutout: what a player reads
  of it once it is over.
- changed (`Changed`): a game finished before or after the correction whose outcome is
  not the same (``was``/``now``; None: not finished then).

Only corrections and undos ask (`finished`, `changed`): recording a hand replays no more than
it did, since a hand that would land before the open game is refused (`hands.record`).
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from gintally.engine.games import Game
from gintally.engine.replay import Replayer
from gintally.ledger import Ledger
from gintally.model import Match
from gintally.service.replaying import stream_entries_from_plays
from gintally.service.seating import seating_of
from gintally.service.windows import replay_all


class Outcome(NamedTuple):
    """A finished game's result (`totals`: each side's, bonuses included)."""

    winner: int | None
    totals: tuple[int, int] | None
    net: int | None
    shutout: bool


class Changed(NamedTuple):
    """A finished game whose outcome a correction changed."""

    what: str  # "game"
    number: int
    was: Outcome | None
    now: Outcome | None


Finished = dict[tuple[str, int], Outcome]


def finished(ledger: Ledger, match: Match, today: date | None = None) -> Finished:
    """The outcome of each finished game of the match, replayed as its hands stream from the
    file (only the open games and the outcomes are held: memory grows with the games, not the
    hands); a team match (an evening of rounds) is replayed whole."""
    if seating_of(match).whole:
        games = replay_all(ledger, match, today).replay.games
        return {("game", g.number): _outcome(g) for g in games if g.status == "won"}
    run = Replayer(match.rules, match.format, match.first_seat)
    out: Finished = {}
    with ledger.snapshot():
        for e in stream_entries_from_plays(match, ledger.stream_plays(match)):
            run.feed(e)
            run.played.clear()
            run.marks.clear()
            if any(g.status != "open" for g in run.games):
                for g in run.games:
                    if g.status == "won":
                        out["game", g.number] = _outcome(g)
                run.games = [g for g in run.games if g.status == "open"]
    return out


def _outcome(g: Game) -> Outcome:
    t = g.total
    return Outcome(g.winner, (t[0], t[1]), g.net, g.shutout)


def changed(was: Finished, now: Finished) -> list[Changed]:
    """The games finished before or after whose outcome differs, in order."""
    keys = sorted(set(was) | set(now), key=lambda k: (k[0] != "game", k[1]))
    return [Changed(k[0], k[1], was.get(k), now.get(k)) for k in keys if was.get(k) != now.get(k)]
