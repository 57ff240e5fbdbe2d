"""The shapes of the documents: one `TypedDict` for each document and for each part of one.

A document's keys and their meaning are SPEC section 5's (more keys are allowed there and given
here). The classes exist for the type checker: the modules that build documents import this one
only under ``TYPE_CHECKING``, and at run time a document is a plain dict that nothing builds
through its class or looks inside. `render` and the pages import the shapes they draw.

Terminology:
- *document*: the dict of plain values (player names, not seats; dates as ISO text) that
  ``--json`` prints and `render` draws.
- *doc* / *row*: a whole document or a part of one (`GameDoc`), and one line of a list-shaped
  one (`SheetRow`, `HandRow`, `RowDoc`).
- *pair* (`Pair`): a value per player (or team), keyed by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias, final

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    from gintally.game.evaluation import EvaluationDict
else:

    class TypedDict(dict[str, object]):
        """At run time the documents are plain dicts, and their classes below only name them:
        nothing builds a document through its class or looks inside one. typing's TypedDict
        checks every key's annotation when the class is made, some 5 ms of CPU for the 31
        documents here, paid at start-up by every command that draws one (a hand command
        prints one)."""

        def __init_subclass__(cls, total: bool = True, **kwargs: object) -> None:
            super().__init_subclass__(**kwargs)


Pair = dict[str, int]  # a value per player, keyed by name


# --- the score sheet and its parts (`sheet`) ------------------------------------------------------


class BonusDoc(TypedDict):
    game: Pair
    boxes: Pair
    shutout: Pair


class GameDoc(TypedDict):
    number: int
    set: int | None
    status: str
    winner: str | None
    points: Pair
    boxes: Pair
    total: Pair
    net: int | None
    hands: list[int]
    season: str
    opened: str
    closed: str | None
    bonuses: NotRequired[BonusDoc]
    shutout: NotRequired[bool]
    lost_by_50: NotRequired[bool]  # exactly_50_loses turned the game
    needs: NotRequired[Pair]


class GameLine(TypedDict):
    """What a listing's line says of a game (``show --all``): `GameDoc`'s keys that it reads,
    made for each of a million games without the rest."""

    number: int
    set: int | None
    status: str
    winner: str | None
    total: Pair
    net: int | None
    season: str
    shutout: NotRequired[bool]
    lost_by_50: NotRequired[bool]
    needs: NotRequired[Pair]


class SetDoc(TypedDict):
    number: int
    games: list[int]
    status: str
    winner: str | None
    margin: int | None
    size: int | None  # games in the whole set; None when it never ends (rolling)
    lead: Pair  # how far each player is ahead on the sum of the nets so far (0 for the other)
    result: str  # for people: "Ann wins the set by 171", "Ann leads by 40 so far"


class TallyDoc(TypedDict):
    """An ad-infinitum season in a hand's output: games won so far, games open or unfinished."""

    season: str
    games_won: Pair
    winner: str | None  # once the season is over: the player with more games won
    open: int
    unfinished: int


class SheetRow(TypedDict):
    hand: int
    date: str
    kind: str
    winner: str | None
    points: int
    dealer: str | None
    game_points: dict[str, Pair]  # game number (as text) -> running points after this hand
    points_by_player: Pair  # what the hand gave each player (both score in Mahjong gin)


class SeriesDoc(TypedDict):
    number: int
    score: Pair  # series points, or games won (best of N)
    status: str  # "open" or "won"
    winner: str | None
    unit: str  # "points" or "games"
    target: int  # the series points, or the games won, that win the series
    games: list[int]  # the games counted in it
    margin: int | None


class TableDoc(TypedDict):
    table: int  # from 1
    players: list[str]  # side 0's player, side 1's
    hand: int | None  # its hand number (None: awaited)
    winner: str | None  # the player who won it
    points: int
    kind: str | None
    redeals: list[int]  # the hands nobody won at this table in this round (each dealt again)


class RoundDoc(TypedDict):
    number: int
    complete: bool
    date: str | None  # the day it was completed
    winner: str | None  # the team ahead (None: in progress, or equal sums)
    points: int  # what it posts to the games: the margin, plus the sweep bonus on a sweep
    margin: int
    sweep: bool
    sums: Pair  # each team's hand points
    tables: list[TableDoc]
    played: list[str]  # the tables that have played it ("Ann v Bob")
    awaited: list[str]  # the tables it still waits for
    redealing: list[str]  # the awaited tables dealing again (their last hand nobody won)


class ShowDoc(TypedDict):
    match: str
    format: str
    players: list[str]
    games: list[GameDoc]
    next_dealer: str | None
    knock_limit: str | int
    target: int
    preset: str  # the rule set's preset (`match show` gives every value)
    season: str | None
    format_games: int | None  # the games of a set (hollywood, honeymoon); None: no sets
    rolling: bool
    sheet: list[SheetRow]
    result: Pair
    teams: NotRequired[list[TeamDoc]]
    tables: NotRequired[list[str]]  # team match: who faces whom ("Ann v Bob")
    round: NotRequired[RoundDoc | None]  # the round in progress
    rounds: NotRequired[list[RoundDoc]]  # the last complete rounds, newest last
    series: SeriesDoc | None
    variant: str
    solo: bool  # one player against the phantom (Gimlet Rummy)
    both_score: bool  # both players score every hand (Mahjong gin)
    sets: list[SetDoc]
    all: bool
    season_over: bool
    # a seasonal format's drawing (no sheet rows): the season counted, its games being maybe
    # only the open ones and the latest finished (`sheet.show_doc`)
    tally: NotRequired[TallyDoc]
    stake: NotRequired[StakeDoc]  # with a stake: the price now
    in_play: NotRequired[InPlayDoc | None]  # with a stake: what the set or game is worth so far


# --- a match and its teams (`match`) --------------------------------------------------------------


class TeamDoc(TypedDict):
    name: str
    players: list[str]


class Teams(TypedDict, total=False):
    teams: list[TeamDoc]


class MatchDoc(TypedDict):
    match: str
    players: list[str]
    format: str
    format_games: int | None  # the games of a set (hollywood, honeymoon), as in `show`
    rolling: bool
    season_start: str
    rules: dict[str, object]
    first_dealer: str | None
    created: str
    teams: NotRequired[list[TeamDoc]]


class MatchesDoc(TypedDict):
    """Every match (``match list --json``, `Book.matches`) and the current one's name."""

    matches: list[MatchDoc]
    current: str | None


class MatchInfoDoc(MatchDoc):
    """A match as ``match show --json`` (`Match.info`) gives it: with its stakes when it is
    played for money, the latest and every one."""

    stake: NotRequired[StakeDoc]
    stakes: NotRequired[list[StakeDoc]]


# --- a hand and the hand log (`hand`) -------------------------------------------------------------


@final
class HandDoc(TypedDict):
    hand: int
    kind: str
    winner: str | None
    points: int
    knocker_deadwood: int | None
    defender_deadwood: int | None
    layoffs: list[str]
    match: str
    date: str
    claim: str
    knocker: str | None
    upcard: str | None
    note: str | None
    voided: bool
    description: str
    deadwood: NotRequired[Pair]
    doubled: NotRequired[bool]
    knock_limit: NotRequired[int | None]
    knocker_melds: NotRequired[list[list[str]]]
    knocker_deadwood_cards: NotRequired[list[str]]
    defender_melds: NotRequired[list[list[str]]]
    defender_deadwood_cards: NotRequired[list[str]]
    points_by_player: Pair
    other_points: NotRequired[int]
    on_table: NotRequired[dict[str, int | None]]  # Mahjong gin: each player's table count
    piles: NotRequired[list[int]]
    games: NotRequired[list[GameDoc]]
    series: NotRequired[list[SeriesDoc]]  # the series this hand won
    series_so_far: NotRequired[SeriesDoc]  # it ended a game and the series goes on: its score
    opened_games: NotRequired[list[int]]
    closed_games: NotRequired[list[int]]
    sets_closed: NotRequired[list[SetDoc]]
    season: NotRequired[TallyDoc]
    season_ended: NotRequired[TallyDoc]
    next_dealer: NotRequired[str | None]
    action: NotRequired[str]
    # a correction: the finished games it changed, each outcome before and after (None: not
    # finished then), and a line each as a player reads it
    changed: NotRequired[list[dict[str, Any]]]
    changed_text: NotRequired[list[str]]
    undid: NotRequired[str]  # undo: what it took back: "hand", "edit", "void" or "restore"
    took_back: NotRequired[str]  # undo: what it took back, as a player reads it
    redid: NotRequired[str]  # redo: what it brought back, as `undid`
    brought_back: NotRequired[str]  # redo, restore: what it brought back, as a player reads it
    # for people: " in Cup" when the ledger holds several matches, ", 5 Mar 1998" when the hand
    # was not played today
    when: NotRequired[str]
    round: NotRequired[RoundDoc]  # team match: the round the hand belongs to
    table: NotRequired[int]  # team match: its table, from 1


class HandRow(TypedDict):
    id: int  # the hand's number in its match (SPEC's key); `hand` says the same, as elsewhere
    hand: int
    date: str
    kind: str
    winner: str | None
    points: int
    voided: bool
    claim: str
    knocker: str | None
    knocker_deadwood: int | None
    defender_deadwood: int | None
    layoffs: list[str]
    upcard: str | None
    dealer: str | None
    doubled: bool
    note: str | None
    edited: bool
    void_reason: str | None
    description: str
    round: NotRequired[int | None]  # team match: the round (None for a voided hand)
    table: NotRequired[int]  # team match: the table, from 1
    points_by_player: Pair
    piles: NotRequired[list[int]]


class HandsDoc(TypedDict):
    match: str
    players: list[str]
    hands: list[HandRow]
    teams: NotRequired[list[TeamDoc]]


class HandsHead(TypedDict):
    match: str
    players: list[str]
    season: str | None  # None: every season
    count: int  # the hands listed
    total: int  # the hands of the season (more than `count` when only the last few are listed)
    teams: NotRequired[list[TeamDoc]]


class HandLogDoc(HandsHead):
    """The hand log (``hands --json``, `Match.hands`): its head and the hands listed."""

    hands: list[HandRow]


# --- standings (`standings`) ----------------------------------------------------------------------


class HandFiguresDoc(TypedDict):
    """What a player's hands add up to: the part a standings row and a team member share."""

    player: str
    hands_won: int
    points: int
    gins: int
    big_gins: int
    undercuts: int
    biggest_hand: int


class RowDoc(HandFiguresDoc):
    games_won: int
    sets_won: int
    net: int
    series_won: int
    winnings: NotRequired[str]  # with a stake: what the side won in the season (signed digits)


class MemberDoc(HandFiguresDoc):
    team: str
    hands: int


class SeasonDoc(TypedDict):
    season: str | None
    rows: list[RowDoc]
    unfinished: int
    teams: NotRequired[list[TeamDoc]]  # team match: the teams (the rows are theirs)
    members: NotRequired[list[MemberDoc]]  # team match: each player's own hands in the season
    start: NotRequired[str]
    end: NotRequired[str]
    over: NotRequired[bool]
    winner: NotRequired[str | None]
    hands: NotRequired[int]
    draws: NotRequired[int]
    ties: NotRequired[int]
    misdeals: NotRequired[int]
    open: NotRequired[int]
    months: NotRequired[list[str]]  # the season's months, from its first game won to its last
    monthly_games: NotRequired[dict[str, list[int]]]  # games won by the end of each month
    stake: NotRequired[StakeDoc]  # standings with a stake: the price now
    prices: NotRequired[list[PricedDoc]]  # with a stake: the season's games and sets by price


class StandingsDoc(SeasonDoc):
    match: str
    format: str
    players: list[str]
    seasons: list[SeasonDoc]
    years_won: Pair
    series: str | None  # how a series is won ("500 points", "best of 5"), if the match has one


# --- rules, eval, check (`rules`, `check`) --------------------------------------------------------


class RulesDoc(TypedDict):
    preset: str
    note: str
    source: str
    values: dict[str, object]
    help: dict[str, str]
    idle: dict[str, str]  # the knobs that play no part under these rules, each with why


# what `eval` prints: the evaluation's own shape, named as text so that the shapes do not load
# `game.evaluation` (its tables take some 10 ms to load, which a command that reads no cards
# does not pay); the type checker reads the name
EvalDoc: TypeAlias = "EvaluationDict"


class CheckDoc(TypedDict):
    ledger: str
    ok: bool
    problems: list[str]


# --- insights: stats, the season race (`stats`) ---------------------------------------------------


class PlayerStatsDoc(TypedDict):
    player: str
    matches: int
    hands: int
    hands_won: int
    games_won: int
    sets_won: int
    series_won: int
    gins: int
    undercuts: int
    biggest_hand: int
    points: int
    winnings: NotRequired[dict[str, str]]  # with stakes: won over every staked match, by currency


class HeadToHeadDoc(TypedDict):
    players: list[str]
    matches: int
    games_won: Pair
    hands_won: Pair
    net: Pair


class RecordDoc(TypedDict):
    player: str
    points: NotRequired[int]  # biggest hand
    hands: NotRequired[int]  # longest run
    games_won: NotRequired[int]  # best season
    season: NotRequired[str]
    match: str
    date: str
    hand: int
    until: NotRequired[str]
    last_hand: NotRequired[int]


class StatsDoc(TypedDict):
    player: str | None
    players: list[PlayerStatsDoc]
    head_to_head: list[HeadToHeadDoc]
    records: dict[str, RecordDoc | None]


class RaceDoc(TypedDict):
    match: str
    format: str
    players: list[str]
    season: str
    start: str
    end: str
    first_hand: str
    dates: list[str]
    games_won: dict[str, list[int]]
    net: dict[str, list[int]]
    months: list[str]
    monthly_games: dict[str, list[int]]
    running_dates: list[str]  # the day of each scoring hand of the season
    running_points: dict[str, list[int]]  # each player's hand points after each of them


# --- the year in review (`review`) ----------------------------------------------------------------


class SetRow(TypedDict):
    number: int
    games: list[int]
    winner: str | None
    margin: int


class SeriesRow(TypedDict):
    number: int
    winner: str | None
    date: str


class ReviewDoc(TypedDict):
    race: RaceDoc
    season: SeasonDoc
    sets: list[SetRow]
    series: list[SeriesRow]
    records: list[tuple[str, str]]
    hands: list[HandRow]


# --- stakes and payments (`money`) ----------------------------------------------------------------


class StakeDoc(TypedDict):
    amount: str  # per point, its digits
    currency: str
    places: int
    per_point: str  # as people say it: "$0.05 a point"
    since: str | None  # the day this price started (None: from the start)
    series: str | None  # the price of a series won, if any
    # the hand (its number) this price starts after: it prices the games, sets and series
    # begun after it (None: a price from a day, or from the start)
    after_hand: int | None


class InPlayDoc(TypedDict):
    match: str
    what: str  # "set", "game" or "games" (ad-infinitum: every open game)
    numbers: list[int]
    leader: str | None  # who is ahead so far (None: level)
    points: int  # by how much
    amount: str  # what that is worth so far, at the stake now
    text: str  # as people write it: "$2.25"
    currency: str


# "from" is a keyword: these two are declared the functional way, for the type checker only
# (`report` does not offer them: `SettleDoc` and `money.payment_doc` name them)
if TYPE_CHECKING:
    BalanceDoc = TypedDict(
        "BalanceDoc",
        {"from": str, "to": str, "amount": str, "currency": str, "text": str},  # "$12.35"
    )
    PaymentDoc = TypedDict(
        "PaymentDoc",
        {
            "uid": str,
            "match": str,
            "from": str,
            "to": str,
            "date": str,
            "amount": str,
            "currency": str,
            "text": str,
            "note": str | None,
        },
    )
    # what one of two players owes the other after a payment (`PaidDoc`), as a balance
    OwedDoc = TypedDict("OwedDoc", {"from": str, "to": str, "amount": str, "text": str})
else:
    BalanceDoc = PaymentDoc = OwedDoc = dict


class PaidDoc(PaymentDoc):
    """A payment recorded (``pay --json``, `Book.pay`), with the balance it leaves between
    the two (None: square)."""

    balance: OwedDoc | None


@final
class PaymentUndoDoc(PaymentDoc):
    """A payment taken back or brought back (``undo --json``, ``redo --json``)."""

    action: str  # "undid" or "redid"
    undid: NotRequired[str]  # "payment"
    took_back: NotRequired[str]
    redid: NotRequired[str]  # "payment"
    brought_back: NotRequired[str]
    changed: list[dict[str, Any]]  # each balance it changed: was and now
    changed_text: list[str]


@final
class PriceUndoDoc(TypedDict):
    """A price taken back or brought back (``undo --json``, ``redo --json``)."""

    match: str
    stake: StakeDoc
    action: str  # "undid" or "redid"
    undid: NotRequired[str]  # "price"
    took_back: NotRequired[str]
    redid: NotRequired[str]  # "price"
    brought_back: NotRequired[str]
    changed: list[dict[str, Any]]
    changed_text: list[str]


# What `Match.undo` and `Match.redo` took back or brought back: a hand (an entry, an edit, a
# void or a restore: ``"undid"``/``"redid"`` says which), a payment or a price. Each member is
# final, so a key tells them apart for the type checker (``if "hand" in doc``: a hand's).
UndoDoc: TypeAlias = "HandDoc | PaymentUndoDoc | PriceUndoDoc"


class UnderWayDoc(TypedDict):
    what: str  # "game" or "set"
    numbers: list[int]


class StartsDoc(TypedDict):
    """Where a price that starts after a hand begins, and what it leaves unpriced."""

    next: str  # "game" or "set"
    under_way: UnderWayDoc | None
    finished: int
    text: str  # "from the next game, after game 1 under way"


class CoversDoc(TypedDict):
    """What a price from a day covers of the games and sets already finished."""

    games: int
    sets: int
    text: str  # "covers 2 finished games: Bob would owe Ann 650.00"


class StakeSetDoc(TypedDict):
    """A price set (``match stake NAME AMOUNT --json``, `Match.stake`)."""

    match: str
    stake: StakeDoc
    covers: NotRequired[CoversDoc]  # a price from a day that reaches back to finished games
    starts: NotRequired[StartsDoc]  # a price that starts after the latest hand


class SettingsDoc(TypedDict, total=False):
    """The ledger's settings (``config --json``, `Book.settings`): every one, or the one asked
    for; None while it is not set."""

    date_order: str | None  # "dmy", "mdy" or "ymd"


class PricedDoc(TypedDict):
    stake: StakeDoc
    games: int  # games settled on their own at this price
    sets: int  # sets settled as one at this price
    series: int  # series priced at it (series stake)


class CoveredDoc(TypedDict):
    match: str
    currency: str
    stake: StakeDoc
    games: int  # games settled on their own
    sets: int  # sets settled as one
    series: int  # series priced (series stake)
    total: str  # the sum of what they were worth, whoever won them
    prices: list[PricedDoc]  # the same by price, in the order the prices first settled one


class SettleDoc(TypedDict):
    currency: str | None  # the currency (None when the matches use several)
    balances: list[BalanceDoc]
    in_play: list[InPlayDoc]
    matches: list[CoveredDoc]
    payments: list[PaymentDoc]
    unstaked: list[str]  # matches asked for that have no stake
    since: str | None


# --- data in and out, pages (`facade.exchange`, `facade.book`) -----------------------------------


class ImportDoc(TypedDict):
    """What an import did (``import --json``, `Book.import_`)."""

    match: str
    imported: int  # the live hands it added
    already_here: int  # its rows whose hands were here already (by uid), skipped
    hands: list[int]  # the first and last numbers they took (one for one hand, none for none)
    voided: NotRequired[int]  # of the hands it brought, those that came voided (JSON)
    renumbered: NotRequired[dict[str, int]]  # a numbered file's hands numbered otherwise here
    corrections: NotRequired[int]
    payments: NotRequired[int]
    payments_taken_back: NotRequired[int]
    payments_elsewhere: NotRequired[int]  # here already, in another match: left out


class ExportDoc(TypedDict):
    """What an export wrote (``export --json``, `Book.export`)."""

    match: str
    format: str  # "csv" or "json"
    hands: int  # the live hands written
    output: str | None  # the file written (None: an open file)
    voided: NotRequired[int]  # the match's voided hands (JSON carries them, CSV leaves them)
    prices: NotRequired[int]  # the match's prices a CSV leaves out (JSON carries them)
    payments: NotRequired[int]  # the match's payments a CSV leaves out (JSON carries them)


class MergeDoc(TypedDict):
    """What a merge brought (``merge --json``, `Book.merge`)."""

    merged: str  # the other ledger's path
    new: dict[str, int]  # the new rows of each kind: players, matches, hands, corrections...
    already_here: int
    renumbered: list[str]  # the matches whose hands took new numbers


class DeletedDoc(TypedDict):
    """A match deleted (``match delete --json``, `Book.delete_match`)."""

    deleted: str
    hands: int
    backup: str | None  # the ledger as it was, beside it


class PageDoc(TypedDict):
    """The year in review made (`Book.report`)."""

    match: str
    season: str
    output: str | None  # the file written (None: none, or an open file)
    html: str


class PrintedDoc(TypedDict):
    """A page made to print (`Book.print_page`)."""

    kind: str  # evening, standings, pad or year
    match: str
    paper: str  # a4 or letter
    output: str | None  # the file written (None: none, or an open file)
    html: str
