"""The service: what a command asks of gintally, composed from the ledger and the engine.

One module a concern: `settling` (a typed hand settled, a stored one settled again), `hands`
(record and correct a hand, take back a match's latest fact), `config` (the ledger's settings),
`matches` (a new match, a renamed player), `teams` (team matches: teams as typed, tables,
rounds), `seating` (who plays whom in each round, asked instead of testing for teams),
`replaying` (stored hands as the engine's entries), `windows` (the stretch of a match a command
replays, the hand log), `stakes` (prices per point, who owes whom, payments), `checking` (a
ledger's problems as data) and `insights` (lifetime figures and a season's story, for `stats`,
`chart` and `report --html`), with `folding` (a match's seasons folded from the season-fold
cache on, for both).
Every public name of the first ten is named here, so ``service.record(...)`` reads as before,
and loaded from its module on first use: a hand command loads `hands`, `windows`, `replaying`,
`seating` and `teams`, not `stakes`, `checking` or `config`. Plain imports of all ten would
cost every command about 8 ms more (measured on a loaded two-core machine; `stakes` alone is
most of it: `decimal`, `fractions` and the settlement engine). `insights` is loaded only by the
commands that use it (``from gintally.service import insights``).

Nothing here prints and nothing here computes a score itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.lazy import homes, lister, loader

if TYPE_CHECKING:  # the names, for the type checker (`__getattr__` loads them at run time)
    from gintally.service.checking import Problem as Problem
    from gintally.service.checking import check as check
    from gintally.service.config import SETTINGS as SETTINGS
    from gintally.service.config import Setting as Setting
    from gintally.service.config import configure as configure
    from gintally.service.config import date_order as date_order
    from gintally.service.config import setting_of as setting_of
    from gintally.service.config import settings as settings
    from gintally.service.hands import Undone as Undone
    from gintally.service.hands import change_stacks as change_stacks
    from gintally.service.hands import edit as edit
    from gintally.service.hands import record as record
    from gintally.service.hands import redo as redo
    from gintally.service.hands import restore as restore
    from gintally.service.hands import undo as undo
    from gintally.service.hands import undo_latest as undo_latest
    from gintally.service.matches import new_match as new_match
    from gintally.service.matches import rename_player as rename_player
    from gintally.service.replaying import PlayRow as PlayRow
    from gintally.service.replaying import entries as entries
    from gintally.service.replaying import entries_from_plays as entries_from_plays
    from gintally.service.replaying import stream_entries_from_plays as stream_entries_from_plays
    from gintally.service.seating import HeadToHead as HeadToHead
    from gintally.service.seating import Partnership as Partnership
    from gintally.service.seating import entry_from_values as entry_from_values
    from gintally.service.seating import seating_of as seating_of
    from gintally.service.settling import CLAIMS as CLAIMS
    from gintally.service.settling import Settled as Settled
    from gintally.service.settling import settle as settle
    from gintally.service.settling import typed_from_record as typed_from_record
    from gintally.service.stakes import Priced as Priced
    from gintally.service.stakes import Settlement as Settlement
    from gintally.service.stakes import in_play_now as in_play_now
    from gintally.service.stakes import lifetime_winnings as lifetime_winnings
    from gintally.service.stakes import match_money as match_money
    from gintally.service.stakes import pay as pay
    from gintally.service.stakes import payment_currency as payment_currency
    from gintally.service.stakes import prices as prices
    from gintally.service.stakes import season_winnings as season_winnings
    from gintally.service.stakes import set_stake as set_stake
    from gintally.service.stakes import settlement as settlement
    from gintally.service.stakes import sides as sides
    from gintally.service.stakes import winnings as winnings
    from gintally.service.teams import TeamSpec as TeamSpec
    from gintally.service.teams import hand_table as hand_table
    from gintally.service.teams import table_names as table_names
    from gintally.service.teams import team_rounds as team_rounds
    from gintally.service.teams import team_rules as team_rules
    from gintally.service.teams import team_specs as team_specs
    from gintally.service.windows import RECENT_GAMES as RECENT_GAMES
    from gintally.service.windows import Log as Log
    from gintally.service.windows import Logged as Logged
    from gintally.service.windows import Window as Window
    from gintally.service.windows import dealer_before as dealer_before
    from gintally.service.windows import entry_of as entry_of
    from gintally.service.windows import hand_log as hand_log
    from gintally.service.windows import listing as listing
    from gintally.service.windows import match_standings as match_standings
    from gintally.service.windows import plays as plays
    from gintally.service.windows import recent_games as recent_games
    from gintally.service.windows import replay_all as replay_all
    from gintally.service.windows import replay_match as replay_match
    from gintally.service.windows import round_of as round_of
    from gintally.service.windows import season_before as season_before

# Each module, with the public names it holds (the imports above, the same).
HOMES: dict[str, str] = {
    "checking": "Problem check",
    "config": "SETTINGS Setting configure date_order setting_of settings",
    "hands": "Undone change_stacks edit record redo restore undo undo_latest",
    "matches": "new_match rename_player",
    "replaying": "PlayRow entries entries_from_plays stream_entries_from_plays",
    "seating": "HeadToHead Partnership entry_from_values seating_of",
    "settling": "CLAIMS Settled settle typed_from_record",
    "stakes": (
        "Priced Settlement in_play_now lifetime_winnings match_money pay "
        "payment_currency prices season_winnings set_stake settlement sides winnings"
    ),
    "teams": "TeamSpec hand_table table_names team_rounds team_rules team_specs",
    "windows": (
        "RECENT_GAMES Log Logged Window dealer_before entry_of hand_log listing match_standings "
        "plays recent_games replay_all replay_match round_of season_before"
    ),
}
_HOME = homes(HOMES)
__all__ = sorted(_HOME)

if not TYPE_CHECKING:  # the type checker reads the imports above instead
    __getattr__ = loader(__name__, _HOME, globals())
    __dir__ = lister(globals(), __all__)
