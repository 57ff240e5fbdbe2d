"""Reports: the documents that ``--json`` prints and that `render` draws for people.

A *document* is a dict of plain values (player names, not seats; dates as ISO text) in the
shapes of SPEC section 5 (more keys are allowed there and given here), typed by a `TypedDict`
for the type checker. Each function turns derived data (a replayed window, standings, a
recorded hand) into one. Both outputs come from the same document, so the table a player reads
and the JSON a script reads can never disagree. No I/O, no Rich.

The modules, one per document (each imports `shapes` only for the type checker):
- `shapes`: every document's `TypedDict`, and `Pair` (a value per player, keyed by name).
- `listing`: every game of a match (``show --all``), one document at a time.
- `sheet`: what `show` prints, and its parts that a hand repeats: games, sets, rounds,
  series, an ad-infinitum season's tally.
- `hand`: what a hand command prints, the line that says what happened, the hand log.
- `match`: a match, and the teams part of every team match's document.
- `standings`: a season's standings, every season's summary, a team match's members.
- `rules`: a rule set, an evaluated hand, how a series is won as a player says it.
- `check`: the ledger's problems.
- `stats`: lifetime statistics and a season's race.
- `review`: the year in review.
- `money`: a stake, what is in play, who owes whom (`settle`), a payment, winnings.

The public names of the modules are re-exported (`HOMES` says which module holds each), so
``from gintally import report; report.show_doc(...)`` and ``from gintally.report import
ShowDoc`` work without knowing the module. For start-up, each is loaded when first asked for
(`__getattr__`): importing the package loads no module under it; a hand command loads the
modules of a hand's document (`hand`, `sheet`, `match`), not those of the standings,
the insights or the page; `shapes` is loaded only by `render`, which names the shapes it draws
(a ``--json`` command never loads it). Plain imports of every module would cost a hand command
about 7 ms more (measured on a loaded two-core machine: `money` brings `decimal` and
`fractions`, `standings` the standings engine and its figures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.lazy import homes, lister, loader

if TYPE_CHECKING:  # the names, for the type checker (`__getattr__` loads them at run time)
    from gintally.report.check import check_doc as check_doc
    from gintally.report.hand import changed_docs as changed_docs
    from gintally.report.hand import changed_lines as changed_lines
    from gintally.report.hand import describe as describe
    from gintally.report.hand import hand_doc as hand_doc
    from gintally.report.hand import hand_row as hand_row
    from gintally.report.hand import hand_rows as hand_rows
    from gintally.report.hand import hands_doc as hands_doc
    from gintally.report.hand import hands_head as hands_head
    from gintally.report.listing import listing_head as listing_head
    from gintally.report.listing import listing_items as listing_items
    from gintally.report.listing import listing_lines as listing_lines
    from gintally.report.listing import listing_sheet as listing_sheet
    from gintally.report.listing import listing_tail as listing_tail
    from gintally.report.match import match_doc as match_doc
    from gintally.report.match import set_games as set_games
    from gintally.report.match import teams_part as teams_part
    from gintally.report.money import add_winnings as add_winnings
    from gintally.report.money import amount_text as amount_text
    from gintally.report.money import covered_text as covered_text
    from gintally.report.money import in_play_doc as in_play_doc
    from gintally.report.money import in_play_line as in_play_line
    from gintally.report.money import money_text as money_text
    from gintally.report.money import payment_doc as payment_doc
    from gintally.report.money import price_start as price_start
    from gintally.report.money import priced_text as priced_text
    from gintally.report.money import prices_doc as prices_doc
    from gintally.report.money import settle_doc as settle_doc
    from gintally.report.money import spoken as spoken
    from gintally.report.money import stake_doc as stake_doc
    from gintally.report.money import winnings_at as winnings_at
    from gintally.report.review import review_doc as review_doc
    from gintally.report.rules import eval_doc as eval_doc
    from gintally.report.rules import rules_doc as rules_doc
    from gintally.report.rules import series_rule_text as series_rule_text
    from gintally.report.shapes import BonusDoc as BonusDoc
    from gintally.report.shapes import CheckDoc as CheckDoc
    from gintally.report.shapes import CoveredDoc as CoveredDoc
    from gintally.report.shapes import CoversDoc as CoversDoc
    from gintally.report.shapes import DeletedDoc as DeletedDoc
    from gintally.report.shapes import EvalDoc as EvalDoc
    from gintally.report.shapes import ExportDoc as ExportDoc
    from gintally.report.shapes import GameDoc as GameDoc
    from gintally.report.shapes import GameLine as GameLine
    from gintally.report.shapes import HandDoc as HandDoc
    from gintally.report.shapes import HandFiguresDoc as HandFiguresDoc
    from gintally.report.shapes import HandLogDoc as HandLogDoc
    from gintally.report.shapes import HandRow as HandRow
    from gintally.report.shapes import HandsDoc as HandsDoc
    from gintally.report.shapes import HandsHead as HandsHead
    from gintally.report.shapes import HeadToHeadDoc as HeadToHeadDoc
    from gintally.report.shapes import ImportDoc as ImportDoc
    from gintally.report.shapes import InPlayDoc as InPlayDoc
    from gintally.report.shapes import MatchDoc as MatchDoc
    from gintally.report.shapes import MatchesDoc as MatchesDoc
    from gintally.report.shapes import MatchInfoDoc as MatchInfoDoc
    from gintally.report.shapes import MemberDoc as MemberDoc
    from gintally.report.shapes import MergeDoc as MergeDoc
    from gintally.report.shapes import PageDoc as PageDoc
    from gintally.report.shapes import PaidDoc as PaidDoc
    from gintally.report.shapes import Pair as Pair
    from gintally.report.shapes import PaymentUndoDoc as PaymentUndoDoc
    from gintally.report.shapes import PlayerStatsDoc as PlayerStatsDoc
    from gintally.report.shapes import PricedDoc as PricedDoc
    from gintally.report.shapes import PriceUndoDoc as PriceUndoDoc
    from gintally.report.shapes import PrintedDoc as PrintedDoc
    from gintally.report.shapes import RaceDoc as RaceDoc
    from gintally.report.shapes import RecordDoc as RecordDoc
    from gintally.report.shapes import ReviewDoc as ReviewDoc
    from gintally.report.shapes import RoundDoc as RoundDoc
    from gintally.report.shapes import RowDoc as RowDoc
    from gintally.report.shapes import RulesDoc as RulesDoc
    from gintally.report.shapes import SeasonDoc as SeasonDoc
    from gintally.report.shapes import SeriesDoc as SeriesDoc
    from gintally.report.shapes import SeriesRow as SeriesRow
    from gintally.report.shapes import SetDoc as SetDoc
    from gintally.report.shapes import SetRow as SetRow
    from gintally.report.shapes import SettingsDoc as SettingsDoc
    from gintally.report.shapes import SettleDoc as SettleDoc
    from gintally.report.shapes import SheetRow as SheetRow
    from gintally.report.shapes import ShowDoc as ShowDoc
    from gintally.report.shapes import StakeDoc as StakeDoc
    from gintally.report.shapes import StakeSetDoc as StakeSetDoc
    from gintally.report.shapes import StandingsDoc as StandingsDoc
    from gintally.report.shapes import StartsDoc as StartsDoc
    from gintally.report.shapes import StatsDoc as StatsDoc
    from gintally.report.shapes import TableDoc as TableDoc
    from gintally.report.shapes import TallyDoc as TallyDoc
    from gintally.report.shapes import TeamDoc as TeamDoc
    from gintally.report.shapes import Teams as Teams
    from gintally.report.shapes import UnderWayDoc as UnderWayDoc
    from gintally.report.shapes import UndoDoc as UndoDoc
    from gintally.report.sheet import LAST_ROUNDS as LAST_ROUNDS
    from gintally.report.sheet import by_player as by_player
    from gintally.report.sheet import game_doc as game_doc
    from gintally.report.sheet import knock_limit_text as knock_limit_text
    from gintally.report.sheet import letters as letters
    from gintally.report.sheet import round_doc as round_doc
    from gintally.report.sheet import season_line as season_line
    from gintally.report.sheet import series_doc as series_doc
    from gintally.report.sheet import series_line as series_line
    from gintally.report.sheet import set_doc as set_doc
    from gintally.report.sheet import set_line as set_line
    from gintally.report.sheet import set_result as set_result
    from gintally.report.sheet import sheet_row as sheet_row
    from gintally.report.sheet import short_labels as short_labels
    from gintally.report.sheet import show_doc as show_doc
    from gintally.report.sheet import stake_line as stake_line
    from gintally.report.sheet import table_line as table_line
    from gintally.report.sheet import tally_doc as tally_doc
    from gintally.report.standings import members_by_season as members_by_season
    from gintally.report.standings import members_doc as members_doc
    from gintally.report.standings import season_doc as season_doc
    from gintally.report.standings import standings_doc as standings_doc
    from gintally.report.stats import race_doc as race_doc
    from gintally.report.stats import race_start as race_start
    from gintally.report.stats import stats_doc as stats_doc

# Each module, with the public names it holds (in the imports above, the same).
HOMES: dict[str, str] = {
    "check": "check_doc",
    "hand": "changed_docs changed_lines describe hand_doc hand_row hand_rows hands_doc hands_head",
    "listing": "listing_head listing_items listing_lines listing_sheet listing_tail",
    "match": "match_doc set_games teams_part",
    "money": (
        "add_winnings amount_text covered_text in_play_doc in_play_line money_text payment_doc "
        "price_start priced_text prices_doc settle_doc spoken stake_doc winnings_at"
    ),
    "review": "review_doc",
    "rules": "eval_doc rules_doc series_rule_text",
    "shapes": (
        "BonusDoc CheckDoc CoveredDoc CoversDoc DeletedDoc EvalDoc ExportDoc GameDoc GameLine "
        "HandDoc HandFiguresDoc HandLogDoc HandRow HandsDoc HandsHead HeadToHeadDoc ImportDoc "
        "InPlayDoc MatchDoc MatchesDoc MatchInfoDoc MemberDoc MergeDoc PageDoc PaidDoc Pair "
        "PaymentUndoDoc PlayerStatsDoc PricedDoc PriceUndoDoc PrintedDoc RaceDoc RecordDoc "
        "ReviewDoc RoundDoc RowDoc RulesDoc SeasonDoc SeriesDoc SeriesRow SetDoc SetRow "
        "SettingsDoc SettleDoc SheetRow ShowDoc StakeDoc StakeSetDoc StandingsDoc StartsDoc "
        "StatsDoc TableDoc TallyDoc TeamDoc Teams UnderWayDoc UndoDoc"
    ),
    "sheet": (
        "LAST_ROUNDS by_player game_doc knock_limit_text letters round_doc season_line series_doc "
        "series_line set_doc set_line set_result sheet_row short_labels show_doc stake_line "
        "table_line tally_doc"
    ),
    "standings": "members_by_season members_doc season_doc standings_doc",
    "stats": "race_doc race_start stats_doc",
}
_HOME = homes(HOMES)
__all__ = sorted(_HOME)

if not TYPE_CHECKING:  # the type checker reads the imports above instead
    __getattr__ = loader(__name__, _HOME, globals())
    __dir__ = lister(globals(), __all__)
