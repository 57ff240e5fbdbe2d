"""Properties of the fan-out engine (`gintally.engine.replay.replay`) over random hand sequences.

An independent reference implementation of SPEC section 4 (`reference`) is written here from the
spec's words, not from the engine, and the engine is compared with it game by game. The other
properties hold for any format: points are the sums of the hands posted, nothing posts to a closed
game, totals are points plus bonuses, ad-infinitum games never span seasons.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.replay import Entry, Replay, replay
from gintally.engine.seasons import season_of
from gintally.game.rules import RuleSet, resolve

PROPS = settings(max_examples=120, deadline=None)
BASE = date(2005, 11, 20)

# --- strategies ----------------------------------------------------------------------------------

shutouts = st.sampled_from(["double-hands", "double-net", "double-total", "none", "bonus:100"])


@st.composite
def rule_sets(draw: Any, high_target: bool = False) -> RuleSet:
    target = 100_000 if high_target else draw(st.integers(1, 160))
    return resolve(
        "modern",
        [
            f"target={target}",
            f"game_bonus={draw(st.integers(0, 120))}",
            f"box_bonus={draw(st.integers(0, 30))}",
            f"shutout={draw(shutouts)}",
            f"next_dealer={draw(st.sampled_from(['winner', 'loser', 'alternate']))}",
        ],
    )


@st.composite
def formats(draw: Any, name: str | None = None) -> Format:
    name = name or draw(st.sampled_from(["single", "hollywood", "honeymoon", "ad-infinitum"]))
    games = draw(st.integers(2, 5)) if name in ("hollywood", "honeymoon") else 3
    rolling = name == "hollywood" and draw(st.booleans())
    start = draw(st.sampled_from([(1, 1), (1, 1), (6, 15), (3, 1), (12, 31)]))
    return Format(name, games, rolling, start)


@st.composite
def hand_lists(draw: Any, max_size: int = 40, draws: bool = True) -> list[Entry]:
    """Hands on random days over about four years, given to the engine in a random order."""
    n = draw(st.integers(0, max_size))
    out = []
    for i in range(n):
        day = BASE + timedelta(days=draw(st.integers(0, 4 * 365)))
        winner = draw(st.sampled_from([0, 1, None] if draws else [0, 1]))
        if winner is None:
            kind, points = "draw", 0
        else:
            kind = draw(st.sampled_from(["score", "knock", "undercut", "gin", "big-gin"]))
            points = draw(st.integers(0, 70))
        dealer = draw(st.sampled_from([None, None, None, 0, 1]))
        out.append(Entry(i + 1, day, winner, points, kind, dealer))
    shuffled: list[Entry] = draw(st.permutations(out))
    return shuffled


def play_order(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: (e.date, e.id))


# --- the reference implementation --------------------------------------------------------------


@dataclass
class RefGame:
    season: int  # the year the season started in (only meaningful for ad-infinitum)
    number: int
    points: list[int] = field(default_factory=lambda: [0, 0])
    boxes: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[int] = field(default_factory=list)
    joined: set[int] = field(default_factory=set)
    status: str = "open"
    winner: int | None = None
    closed: date | None = None
    total: list[int] = field(default_factory=lambda: [0, 0])


def ref_season(day: date, start: tuple[int, int]) -> int:
    return day.year if (day.month, day.day) >= start else day.year - 1


def ref_bonuses(g: RefGame, rules: RuleSet) -> list[int]:
    """Totals of a won game: game bonus, boxes, then the shutout style (SPEC sections 3, 4);
    `g.winner` is who reached the target (the game goes to the higher total, seed 004)."""
    w = g.winner
    assert w is not None
    total = [g.points[p] + rules.box_bonus * g.boxes[p] for p in (0, 1)]
    total[w] += rules.game_bonus
    if g.boxes[1 - w] == 0:  # the loser won no hand in this game
        style = rules.shutout
        if style == "double-hands":
            total[w] += g.points[w]
        elif style == "double-total":
            total[w] *= 2
        elif style == "double-net":
            net = total[w] - total[1 - w]
            total[w] += net  # the net doubles
        elif style.startswith("bonus:"):
            total[w] += int(style.split(":")[1])
    return total


def reference(
    entries: list[Entry], rules: RuleSet, fmt: Format
) -> tuple[list[RefGame], dict[int, list[RefGame]]]:
    """Games and, per hand id, the games it posted to, straight from SPEC section 4."""
    games: list[RefGame] = []
    posted: dict[int, list[RefGame]] = {}
    in_progress: list[RefGame] = []
    season: int | None = None
    hands_in_set = 0  # honeymoon: scoring hands since the current set of N games began

    def open_game(day: date) -> RefGame:
        same_season = [g for g in games if g.season == season] if fmt.seasonal else games
        g = RefGame(season or 0, len(same_season) + 1)
        games.append(g)
        in_progress.append(g)
        return g

    for e in play_order(entries):
        s = ref_season(e.date, fmt.season_start)
        if fmt.seasonal and s != season:
            for g in in_progress:  # the season is over: its open games stay unfinished
                g.status = "unfinished"
            in_progress.clear()
        season = s
        posted[e.id] = []
        if e.winner is None:  # a drawn hand posts nowhere
            continue
        w = e.winner
        if fmt.name == "single":
            if not in_progress:
                open_game(e.date)
            to = list(in_progress)
        elif fmt.name == "ad-infinitum":
            open_game(e.date)
            to = list(in_progress)
        elif fmt.name == "honeymoon":
            if not in_progress and hands_in_set >= fmt.games:
                hands_in_set = 0  # all N games are over: a new set
            hands_in_set += 1
            if hands_in_set <= fmt.games:
                open_game(e.date)  # the k-th hand opens game k
            to = list(in_progress)
        else:  # hollywood: per-player entry
            if not in_progress:
                for _ in range(fmt.games):
                    open_game(e.date)
            fresh = [g for g in in_progress if w not in g.joined]
            if fresh:
                fresh[0].joined.add(w)
            to = [g for g in in_progress if w in g.joined]
        for g in to:
            g.points[w] += e.points
            g.boxes[w] += 1
            g.hands.append(e.id)
        posted[e.id] = to
        for g in to:
            if g.points[w] >= rules.target:
                g.status, g.winner, g.closed = "won", w, e.date
                g.total = ref_bonuses(g, rules)
                if g.total[1 - w] > g.total[w]:  # the boxes carried the other past (seed 004)
                    g.winner = 1 - w
                in_progress.remove(g)
                if fmt.name == "hollywood" and fmt.rolling:
                    open_game(e.date)
    for g in games:
        if g.status != "won":
            g.total = list(g.points)
    return games, posted


def ref_dealers(entries: list[Entry], rules: RuleSet, first: int | None) -> list[int | None]:
    """Who dealt each hand in play order, and (last) who deals next."""
    dealer = first
    out = []
    for e in play_order(entries):
        if e.dealer is not None:
            dealer = e.dealer
        out.append(dealer)
        if e.winner is None or e.kind == "draw":
            continue  # redealt by the same dealer
        if rules.next_dealer == "winner":
            dealer = e.winner
        elif rules.next_dealer == "loser":
            dealer = 1 - e.winner
        elif dealer is not None:
            dealer = 1 - dealer
    return [*out, dealer]


def game_key(g: Game, fmt: Format) -> tuple[str, int]:
    return (g.season if fmt.seasonal else "", g.number)


# --- comparing with the reference ---------------------------------------------------------------


@PROPS
@given(rules=rule_sets(), fmt=formats(), entries=hand_lists(), first=st.sampled_from([None, 0, 1]))
def test_engine_equals_reference(
    rules: RuleSet, fmt: Format, entries: list[Entry], first: int | None
) -> None:
    rep = replay(entries, rules, fmt, first)
    ref, posted = reference(entries, rules, fmt)
    assert len(rep.games) == len(ref)
    for g, r in zip(rep.games, ref, strict=True):
        assert g.number == r.number
        if fmt.seasonal:
            assert g.season == season_of(date(r.season, *fmt.season_start), fmt.season_start)[0]
        assert g.points == r.points
        assert g.boxes == r.boxes
        assert g.hands == r.hands
        assert g.status == r.status
        assert g.winner == r.winner
        assert g.closed == r.closed
        assert g.total == r.total
    assert [p.entry.id for p in rep.played] == [e.id for e in play_order(entries)]
    for p in rep.played:
        assert p.games == [r.number for r in posted[p.entry.id]]
    dealers = ref_dealers(entries, rules, first)
    assert [p.dealer for p in rep.played] == dealers[:-1]
    assert rep.next_dealer == dealers[-1]


@PROPS
@given(rules=rule_sets(), fmt=formats(), entries=hand_lists(max_size=25))
def test_replay_does_not_depend_on_input_order(
    rules: RuleSet, fmt: Format, entries: list[Entry]
) -> None:
    a = replay(entries, rules, fmt, 0)
    b = replay(list(reversed(entries)), rules, fmt, 0)
    assert a == b


# --- invariants of every format ------------------------------------------------------------------


def check_invariants(rep: Replay, entries: list[Entry], rules: RuleSet, fmt: Format) -> None:
    by_id = {e.id: e for e in entries}
    keys = [game_key(g, fmt) for g in rep.games]
    assert len(set(keys)) == len(keys)  # game numbers are unique (per season for ad-infinitum)
    games = dict(zip(keys, rep.games, strict=True))
    for g in rep.games:
        hands = [by_id[i] for i in g.hands]
        # every hand posted to a game was won, and the game's points are their sums by winner
        assert all(h.winner is not None for h in hands)
        assert g.points == [sum(h.points for h in hands if h.winner == p) for p in (0, 1)]
        assert g.boxes == [sum(1 for h in hands if h.winner == p) for p in (0, 1)]
        # hands arrive in play order
        assert [(h.date, h.id) for h in hands] == sorted((h.date, h.id) for h in hands)
        # totals are points plus bonuses
        bonus = [g.game_bonus[p] + g.box_bonus[p] + g.shutout_bonus[p] for p in (0, 1)]
        assert g.total == [g.points[p] + bonus[p] for p in (0, 1)]
        if g.status == "won":
            w = g.winner
            assert w is not None and g.closed is not None and hands
            last = hands[-1]
            # the hand that closed it took its winner to the target: the game bonus is theirs
            r = last.winner
            assert r is not None and last.date == g.closed
            assert g.points[r] >= rules.target
            assert g.points[r] - last.points < rules.target
            assert g.points[1 - r] < rules.target
            assert all(h.date <= g.closed for h in hands)
            assert g.game_bonus == [rules.game_bonus if p == r else 0 for p in (0, 1)]
            assert g.box_bonus == [rules.box_bonus * g.boxes[p] for p in (0, 1)]
            assert g.shutout == (g.boxes[1 - r] == 0)
            # the game goes to the higher total (equal: to who reached the target), by its net
            assert w == (1 - r if g.total[1 - r] > g.total[r] else r) or g.lost_by_50
            assert g.net == g.total[w] - g.total[1 - w] >= 0 or g.lost_by_50
        else:
            assert g.winner is None and g.closed is None and g.net is None
            assert g.total == g.points
            assert all(p < rules.target for p in g.points)
            assert g.status in ("open", "unfinished")
            if g.status == "unfinished":
                assert fmt.seasonal
        if fmt.seasonal:  # ad-infinitum games never span seasons
            label = season_of(g.opened, fmt.season_start)[0]
            assert g.season == label
            assert {season_of(h.date, fmt.season_start)[0] for h in hands} <= {label}
    # every played hand lists exactly the games that hold it; a drawn hand posts nowhere
    for p in rep.played:
        e = p.entry
        holders = sorted(k for k, g in games.items() if e.id in g.hands)
        assert sorted((p.season if fmt.seasonal else "", n) for n in p.games) == holders
        if e.winner is None:
            assert p.games == []
        assert p.season == season_of(e.date, fmt.season_start)[0]
    # nothing posts to a closed game: a game's hands all come no later than its closing hand
    order = [p.entry.id for p in rep.played]
    for g in rep.games:
        if g.status == "won":
            closing = order.index(g.hands[-1])
            assert all(order.index(i) <= closing for i in g.hands)


@PROPS
@given(rules=rule_sets(), fmt=formats(), entries=hand_lists())
def test_invariants_every_format(rules: RuleSet, fmt: Format, entries: list[Entry]) -> None:
    check_invariants(replay(entries, rules, fmt), entries, rules, fmt)


@PROPS
@given(
    rules=rule_sets(),
    n=st.integers(2, 5),
    rolling=st.booleans(),
    entries=hand_lists(max_size=30, draws=False),
)
def test_hollywood_games_2_to_5(
    rules: RuleSet, n: int, rolling: bool, entries: list[Entry]
) -> None:
    fmt = Format("hollywood", n, rolling)
    rep = replay(entries, rules, fmt)
    check_invariants(rep, entries, rules, fmt)
    if entries:
        # a set of N games opens with the first hand; rolling keeps N in progress
        in_progress = len(rep.open_games())
        if rolling:
            assert in_progress == n
        else:
            assert 0 <= in_progress <= n
        assert len(rep.games) % n == 0 or rolling


@PROPS
@given(rules=rule_sets(), entries=hand_lists(max_size=30))
def test_single_has_at_most_one_open_game(rules: RuleSet, entries: list[Entry]) -> None:
    fmt = Format("single")
    rep = replay(entries, rules, fmt)
    assert len(rep.open_games()) <= 1
    # games close in order: only the last game may still be open
    assert all(g.status == "won" for g in rep.games[:-1])
    # every scoring hand posts to exactly one game
    assert all(len(p.games) == (p.entry.winner is not None) for p in rep.played)


@PROPS
@given(rules=rule_sets(), entries=hand_lists(max_size=30), start=st.sampled_from([(1, 1), (6, 15)]))
def test_ad_infinitum_opens_a_game_per_scoring_hand(
    rules: RuleSet, entries: list[Entry], start: tuple[int, int]
) -> None:
    fmt = Format("ad-infinitum", season_start=start)
    rep = replay(entries, rules, fmt)
    scoring = [e for e in entries if e.winner is not None]
    assert len(rep.games) == len(scoring)
    latest = rep.played[-1].season if rep.played else None
    for g in rep.games:
        # only the latest season played can still have open games
        if g.season != latest:
            assert g.status in ("won", "unfinished")
        else:
            assert g.status in ("won", "open")
    # per season, game k opens with the season's k-th scoring hand
    by_season: dict[str, list[int]] = {}
    for p in rep.played:
        if p.entry.winner is not None:
            by_season.setdefault(p.season, []).append(p.entry.id)
    for g in rep.games:
        assert g.hands[0] == by_season[g.season][g.number - 1]


# --- per-hand entry (honeymoon) against per-player entry (hollywood) ----------------------------


@PROPS
@given(n=st.integers(2, 5), entries=hand_lists(max_size=30))
def test_per_hand_and_per_player_entry_as_specified(n: int, entries: list[Entry]) -> None:
    """With a target nobody reaches, the two entry rules have closed forms (SPEC section 4):
    honeymoon game k holds the k-th scoring hand of the match and every later one; hollywood
    game k holds each player's k-th win and their later ones."""
    rules = resolve("modern", ["target=100000"])
    scoring = [e for e in play_order(entries) if e.winner is not None]
    honey = replay(entries, rules, Format("honeymoon", n))
    holly = replay(entries, rules, Format("hollywood", n))
    assert len(honey.games) == min(n, len(scoring))
    assert len(holly.games) == (n if scoring else 0)
    for g in honey.games:
        assert g.hands == [e.id for e in scoring[g.number - 1 :]]
    for g in holly.games:
        won = {p: [e for e in scoring if e.winner == p] for p in (0, 1)}
        mine = {e.id for p in (0, 1) for e in won[p][g.number - 1 :]}
        assert g.hands == [e.id for e in scoring if e.id in mine]
        assert g.points == [sum(e.points for e in won[p][g.number - 1 :]) for p in (0, 1)]
    # how they differ, game by game: honeymoon game k misses the player's wins among the first
    # k-1 hands of the match, hollywood game k the player's own first k-1 wins
    for k in range(1, min(n, len(scoring)) + 1):
        a = honey.games[k - 1]
        b = holly.games[k - 1]
        for p in (0, 1):
            wins = [e for e in scoring if e.winner == p]
            before_k = scoring[: k - 1]
            lost_honey = sum(e.points for e in before_k if e.winner == p)
            lost_holly = sum(e.points for e in wins[: k - 1])
            assert a.points[p] + lost_honey == b.points[p] + lost_holly


@PROPS
@given(rules=rule_sets(), n=st.integers(2, 5), entries=hand_lists(max_size=30))
def test_honeymoon_opens_at_most_n_games_per_set(
    rules: RuleSet, n: int, entries: list[Entry]
) -> None:
    fmt = Format("honeymoon", n)
    rep = replay(entries, rules, fmt)
    check_invariants(rep, entries, rules, fmt)
    assert len(rep.open_games()) <= n
    # a new set starts only once every game of the previous set is over
    for i in range(0, len(rep.games), n):
        chunk = rep.games[i : i + n]
        if i + n < len(rep.games):
            assert all(g.status == "won" for g in chunk)


# --- bonuses, one closed game at a time -----------------------------------------------------------


@PROPS
@given(
    rules=rule_sets(),
    wins=st.lists(st.tuples(st.sampled_from([0, 1]), st.integers(0, 60)), min_size=1, max_size=12),
)
# seed 004's game: Ann reaches 100 (225 with the bonuses), Bob's seven boxes make 245: Bob's
@example(rules=resolve("modern", ["box_bonus=25"]), wins=[(1, 10)] * 7 + [(0, 100)])
def test_single_game_bonuses(rules: RuleSet, wins: list[tuple[int, int]]) -> None:
    entries = [Entry(i + 1, BASE, w, pts) for i, (w, pts) in enumerate(wins)]
    rep = replay(entries, rules, Format("single"))
    g = rep.games[0]
    if g.status != "won":
        assert g.total == g.points
        return
    w = None
    points, boxes = [0, 0], [0, 0]
    for e in entries:
        assert e.winner is not None
        points[e.winner] += e.points
        boxes[e.winner] += 1
        if points[e.winner] >= rules.target:
            w = e.winner  # who reached the target: the game bonus is theirs
            break
    assert w is not None
    assert g.points == points and g.boxes == boxes
    won = points[w] + rules.game_bonus + rules.box_bonus * boxes[w]
    lost = points[1 - w] + rules.box_bonus * boxes[1 - w]
    if boxes[1 - w] == 0:
        assert lost == 0
        won = {
            "double-hands": won + points[w],
            "double-total": 2 * won,
            "double-net": 2 * won,
            "none": won,
            "bonus:100": won + 100,
        }[rules.shutout]
    assert g.total == ([won, lost] if w == 0 else [lost, won])
    assert g.winner == (w if won >= lost else 1 - w)  # the higher total wins (seed 004)
    assert g.net == abs(won - lost)
