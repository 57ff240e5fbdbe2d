"""Reports: the documents that ``--json`` prints and that `render` draws for people.

A *document* is a dict of plain values (player names, not seats; dates as ISO text) in the
shapes of SPEC section 5 (more keys are allowed there and given here), typed by a `TypedDict`
for the type checker. Each function turns derived data (a replayed window, standings, a
recorded hand) into one. Both outputs come from the same document, so the table a player reads
and the JSON a script reads can never disagree. No I/O, no Rich.

The modules, one per document (each imports `shapes` only for the type checker):
- `shapes`: every document's `TypedDict`, and `Pair` (a value per player, keyed by name).
- `sheet`: what `show` prints, and its parts that a hand repeats: games, sets, rounds,
  series, an ad-infinitum season's tally.
- `hand`: what a hand command prints, the line that says what happened, the hand log.
- `match`: a match, and the teams part of every team match's document.
- `standings`: a season's standings, every season's summary, a team match's members.
- `rules`: a rule set, an evaluated hand, the rules as a player says them.
- `check`: the ledger's problems.
- `stats`: lifetime statistics and a season's race.
- `review`: the year in review.

The names below are re-exported, so ``from gintally import report; report.show_doc(...)``
and ``from gintally.report import ShowDoc`` work without knowing the module.
"""

from __future__ import annotations

from gintally.report.check import check_doc
from gintally.report.hand import describe, hand_doc, hand_row, hands_doc, hands_head
from gintally.report.match import match_doc
from gintally.report.review import review_doc
from gintally.report.rules import eval_doc, knock_limit_text, rules_doc, series_rule_text
from gintally.report.shapes import (
    BonusDoc,
    CheckDoc,
    EvalDoc,
    GameDoc,
    HandDoc,
    HandFiguresDoc,
    HandRow,
    HandsDoc,
    HandsHead,
    HeadToHeadDoc,
    MatchDoc,
    MemberDoc,
    Pair,
    PlayerStatsDoc,
    RaceDoc,
    RecordDoc,
    ReviewDoc,
    RoundDoc,
    RowDoc,
    RulesDoc,
    SeasonDoc,
    SeriesDoc,
    SeriesRow,
    SetDoc,
    SetRow,
    SheetRow,
    ShowDoc,
    StandingsDoc,
    StatsDoc,
    TableDoc,
    TallyDoc,
    TeamDoc,
    Teams,
)
from gintally.report.sheet import (
    LAST_ROUNDS,
    game_doc,
    round_doc,
    series_doc,
    series_line,
    set_doc,
    set_result,
    show_doc,
    tally_doc,
)
from gintally.report.standings import members_doc, season_doc, standings_doc
from gintally.report.stats import race_doc, stats_doc

__all__ = [
    "LAST_ROUNDS",
    "BonusDoc",
    "CheckDoc",
    "EvalDoc",
    "GameDoc",
    "HandDoc",
    "HandFiguresDoc",
    "HandRow",
    "HandsDoc",
    "HandsHead",
    "HeadToHeadDoc",
    "MatchDoc",
    "MemberDoc",
    "Pair",
    "PlayerStatsDoc",
    "RaceDoc",
    "RecordDoc",
    "ReviewDoc",
    "RoundDoc",
    "RowDoc",
    "RulesDoc",
    "SeasonDoc",
    "SeriesDoc",
    "SeriesRow",
    "SetDoc",
    "SetRow",
    "SheetRow",
    "ShowDoc",
    "StandingsDoc",
    "StatsDoc",
    "TableDoc",
    "TallyDoc",
    "TeamDoc",
    "Teams",
    "check_doc",
    "describe",
    "eval_doc",
    "game_doc",
    "hand_doc",
    "hand_row",
    "hands_doc",
    "hands_head",
    "knock_limit_text",
    "match_doc",
    "members_doc",
    "race_doc",
    "review_doc",
    "round_doc",
    "rules_doc",
    "season_doc",
    "series_doc",
    "series_line",
    "series_rule_text",
    "set_doc",
    "set_result",
    "show_doc",
    "standings_doc",
    "stats_doc",
    "tally_doc",
]
