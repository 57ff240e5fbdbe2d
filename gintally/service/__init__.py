"""The service: what a command asks of gintally, composed from the ledger and the engine.

One module a concern: `hands` (settle, record and correct a hand), `config` (the ledger's
settings), `matches` (a new match, a renamed player), `teams` (team matches: teams as typed,
tables, rounds), `replaying` (stored hands as the engine's entries), `windows` (the stretch of
a match a command replays, the hand log), `checking` (a ledger's problems as data) and
`insights` (lifetime figures and a season's story, for `stats`, `chart` and `report --html`).
Every public name of the first seven is re-exported here, so ``service.record(...)`` reads as
before; `insights` is loaded only by the commands that use it (``from gintally.service import
insights``).

Nothing here prints and nothing here computes a score itself.
"""

from __future__ import annotations

from gintally.service.checking import Problem, check
from gintally.service.config import SETTINGS, Setting, configure, date_order, setting_of, settings
from gintally.service.hands import (
    CLAIMS,
    Settled,
    edit,
    record,
    settle,
    typed_from_record,
    undo,
)
from gintally.service.matches import new_match, rename_player
from gintally.service.replaying import (
    PlayRow,
    entries,
    entries_from_plays,
    entry_from_values,
    stream_entries_from_plays,
)
from gintally.service.teams import (
    TeamSpec,
    hand_table,
    table_names,
    team_rounds,
    team_rules,
    team_specs,
)
from gintally.service.windows import (
    RECENT_GAMES,
    Log,
    Logged,
    Window,
    dealer_before,
    entry_of,
    hand_log,
    match_standings,
    recent_games,
    replay_all,
    replay_match,
    round_of,
    season_before,
)

__all__ = [
    "CLAIMS",
    "RECENT_GAMES",
    "SETTINGS",
    "Log",
    "Logged",
    "PlayRow",
    "Problem",
    "Setting",
    "Settled",
    "TeamSpec",
    "Window",
    "check",
    "configure",
    "date_order",
    "dealer_before",
    "edit",
    "entries",
    "entries_from_plays",
    "entry_from_values",
    "entry_of",
    "hand_log",
    "hand_table",
    "match_standings",
    "new_match",
    "recent_games",
    "record",
    "rename_player",
    "replay_all",
    "replay_match",
    "round_of",
    "season_before",
    "setting_of",
    "settings",
    "settle",
    "stream_entries_from_plays",
    "table_names",
    "team_rounds",
    "team_rules",
    "team_specs",
    "typed_from_record",
    "undo",
]
