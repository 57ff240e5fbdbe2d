"""The application layer: recording, corrections and the replays `show` and `standings` use.

The corrections property keeps its own model of the hand list (what the players meant after
every record, void, edit, undo and back-dated hand), scores it with the modern rules written out
here, and checks that the ledger's replay equals the replay of that corrected list.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import memory_ledger
from gintally import service
from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.replay import Entry, replay
from gintally.engine.seasons import season_of
from gintally.errors import GintallyError, HandError
from gintally.game.rules import resolve
from gintally.ledger import Ledger
from gintally.model import Match, TypedHand
from gintally.service import windows

NAMES = ("Ann", "Bob")
START = date(2006, 11, 1)
PROPS = settings(max_examples=80, deadline=None)


# --- an independent model of the corrected hand list ----------------------------------------------


@dataclass
class ModelHand:
    id: int
    date: date
    claim: str  # score, knock, draw
    player: int | None = None
    points: int | None = None
    deadwood: int | None = None
    vs: int | None = None
    dealer: int | None = None
    voided: bool = False

    def outcome(self) -> tuple[int | None, int, str]:
        """Winner, points and kind under the modern rules (knock limit 10, undercut 25 plus the
        difference, ties are undercuts)."""
        if self.claim == "draw":
            return None, 0, "draw"
        assert self.player is not None
        if self.claim == "score":
            assert self.points is not None
            return self.player, self.points, "score"
        assert self.deadwood is not None and self.vs is not None
        if self.vs > self.deadwood:
            return self.player, self.vs - self.deadwood, "knock"
        return 1 - self.player, 25 + self.deadwood - self.vs, "undercut"

    def entry(self) -> Entry:
        winner, points, kind = self.outcome()
        return Entry(self.id, self.date, winner, points, kind, self.dealer)

    def typed(self) -> TypedHand:
        return TypedHand(
            claim=self.claim,
            date=self.date,
            player=None if self.player is None else NAMES[self.player],
            deadwood=self.deadwood,
            vs=self.vs,
            points=self.points,
            dealer=None if self.dealer is None else NAMES[self.dealer],
        )


def model_entries(model: dict[int, ModelHand]) -> list[Entry]:
    live = [h for h in model.values() if not h.voided]
    return [h.entry() for h in sorted(live, key=lambda h: (h.date, h.id))]


# --- strategies ----------------------------------------------------------------------------------


# Many hands share a day (the play order then goes by hand number, and a mark's cut falls
# between hands of one day), others are spread over two seasons.
days = st.one_of(st.integers(0, 600), st.integers(0, 3)).map(lambda n: START + timedelta(days=n))
players = st.sampled_from([0, 1])
dealers = st.sampled_from([None, None, 0, 1])


@st.composite
def new_hands(draw: Any, day: date | None = None) -> ModelHand:
    claim = draw(st.sampled_from(["score", "score", "knock", "knock", "draw"]))
    h = ModelHand(0, day or draw(days), claim, dealer=draw(dealers))
    if claim == "score":
        h.player, h.points = draw(players), draw(st.integers(0, 60))
    elif claim == "knock":
        h.player, h.deadwood, h.vs = (
            draw(players),
            draw(st.integers(1, 10)),
            draw(st.integers(0, 50)),
        )
    return h


@st.composite
def matches(draw: Any, fmt_name: str | None = None) -> tuple[Format, Any, int | None]:
    name = fmt_name or draw(st.sampled_from(["single", "hollywood", "honeymoon", "ad-infinitum"]))
    fmt = Format(
        name,
        draw(st.integers(2, 4)),
        name == "hollywood" and draw(st.booleans()),
        draw(st.sampled_from([(1, 1), (6, 15), (11, 20)])),
    )
    rules = resolve(
        "modern",
        [
            # low targets close games (and reach quiet points, marks) within a few hands
            f"target={draw(st.one_of(st.integers(10, 30), st.integers(20, 150)))}",
            f"shutout={draw(st.sampled_from(['double-hands', 'bonus:100', 'double-total']))}",
            f"next_dealer={draw(st.sampled_from(['winner', 'loser', 'alternate']))}",
        ],
    )
    return fmt, rules, draw(st.sampled_from([None, 0, 1]))


def new_match(book: Ledger, fmt: Format, rules: Any, first: int | None) -> Match:
    return book.create_match("Night", NAMES, fmt, rules, None if first is None else NAMES[first])


def game_facts(g: Game) -> tuple[Any, ...]:
    """Everything about a game but its status (see the windowed tests)."""
    return (g.number, g.season, g.opened, g.points, g.boxes, g.hands, g.winner, g.closed, g.total)


# --- replay after corrections --------------------------------------------------------------------


def check_against_model(book: Ledger, match: Match, model: dict[int, ModelHand]) -> None:
    want = model_entries(model)
    live = book.live_hands(match)
    assert [(h.number, h.date) for h in live] == [(e.id, e.date) for e in want]
    everything = service.replay_all(book, match).replay
    expected = replay(want, match.rules, match.format, match.seat(match.first_dealer))
    assert everything == expected
    # What `show` and the hand commands replay: from a remembered quiet point when the ledger
    # still agrees with it (remember=True keeps newer ones, as write commands do), else whole.
    # Either way it must show exactly the games the full replay has.
    for remember in (False, True, False):
        window = service.replay_match(book, match, remember=remember)
        rep = window.replay
        assert rep.next_dealer == expected.next_dealer
        if not match.format.seasonal:
            keep = service.recent_games(match.format)
            finished = [g for g in expected.games if g.status == "won"]
            won = finished[max(0, len(finished) - keep) :]
            shown = [g for g in expected.games if g.status != "won" or any(g is w for w in won)]
            assert window.shown == shown
            assert rep.played == expected.played[len(expected.played) - len(rep.played) :]
        elif want:
            latest = season_of(max(e.date for e in want), match.format.season_start)[0]
            season = [g for g in expected.games if g.season == latest]
            in_season(window, season, service.recent_games(match.format))
            played = [p for p in rep.played if p.season == latest]
            everyone = [p for p in expected.played if p.season == latest]
            assert played == everyone[len(everyone) - len(played) :]
            whole = service.replay_match(book, match, recent=False)
            assert whole.shown == season
            assert whole.replay.played == [p for p in expected.played if p.season == latest]


def in_season(window: service.Window, season: list[Game], keep: int) -> None:
    """An ad-infinitum window, maybe from a mark inside its season (`Mark.open`): the games
    numbered after the mark and those open at it, each as the whole season has it; every
    game not won, and the latest `keep` won ones; the games won before it counted."""
    rep = window.replay
    after = rep.numbered_before
    held = {g.number for g in window.shown}
    assert window.shown == [g for g in season if g.number in held]
    assert all(g.number in held for g in season if g.number > after or g.status != "won")
    won = [g for g in season if g.status == "won"]
    assert all(g.number in held for g in won[len(won) - keep :])
    counted = list(rep.won_before)
    for g in window.shown:
        if g.status == "won" and g.winner is not None:
            counted[g.winner] += 1
    assert counted == [sum(g.winner == p for g in won) for p in (0, 1)]


@PROPS
@given(setup=matches(), data=st.data())
def test_replay_after_any_corrections_equals_replay_of_corrected_hands(
    setup: tuple[Format, Any, int | None], data: st.DataObject
) -> None:
    fmt, rules, first = setup
    # show few finished games, so that quiet points are remembered and used often
    recent = data.draw(st.sampled_from([0, 0, 1, 10]))
    with memory_ledger() as book, mock.patch.object(windows, "RECENT_GAMES", recent):
        match = new_match(book, fmt, rules, first)
        # Another match of the same ledger takes hands and corrections in between: hand numbers
        # are per match while row ids are shared, so cuts (mark.cut_hand) and numbers must
        # never be confused with row ids or with the other match's numbers.
        other = book.create_match("Elsewhere", NAMES, Format("single"), resolve())
        elsewhere = 0
        model: dict[int, ModelHand] = {}
        steps = data.draw(st.integers(1, 18))
        for step in range(steps):
            op = data.draw(
                st.sampled_from(
                    ["record", "record", "backdate", "void", "edit", "undo", "elsewhere"]
                )
                if step
                else st.sampled_from(["record", "elsewhere"])
            )
            live = [h for h in model.values() if not h.voided]
            if op == "elsewhere":
                h = data.draw(new_hands())
                rec, _ = service.record(book, other, h.typed())
                elsewhere += 1
                assert rec.number == elsewhere
                if data.draw(st.booleans()):
                    service.edit(book, other, rec.number, {"note": f"edited {rec.number}"})
                if data.draw(st.booleans()):
                    book.void(other, rec.number)
                continue
            if op in ("record", "backdate"):
                day = None
                if op == "backdate" and model:
                    earliest = min(h.date for h in model.values())
                    day = earliest - timedelta(days=data.draw(st.integers(0, 200)))
                h = data.draw(new_hands(day))
                rec, _ = service.record(book, match, h.typed())
                assert rec.number == len(model) + 1  # numbered per match, from 1, without gaps
                h.id = rec.number
                model[h.id] = h
            elif op == "undo":
                if not live:
                    with pytest.raises(GintallyError):
                        service.undo(book, match)
                    continue
                last = max(live, key=lambda h: h.id)
                assert service.undo(book, match).number == last.id
                last.voided = True
            elif not model:
                continue
            else:
                target = model[data.draw(st.sampled_from(sorted(model)))]
                if op == "void":
                    if target.voided:
                        with pytest.raises(GintallyError, match="already void"):
                            book.void(match, target.id)
                        continue
                    book.void(match, target.id, reason="test")
                    target.voided = True
                    continue
                changes, changed = edit_for(target, data)
                if target.voided:
                    with pytest.raises(GintallyError, match="void"):
                        service.edit(book, match, target.id, changes)
                    continue
                if changed == target:  # an edit that changes nothing is refused, not stored
                    with pytest.raises(GintallyError, match="nothing to change"):
                        service.edit(book, match, target.id, changes)
                    continue
                stored, _ = service.edit(book, match, target.id, changes, reason="test")
                model[target.id] = changed
                assert stored.number == target.id
                assert (stored.winner, stored.points, stored.kind) == (
                    _id_of(match, changed.outcome()[0]),
                    *changed.outcome()[1:],
                )
            check_against_model(book, match, model)
        check_against_model(book, match, model)


@PROPS
@given(data=st.data())
def test_marks_cut_at_hand_numbers_while_ledger_keys_run_ahead(data: st.DataObject) -> None:
    """The replay-mark cache cuts a match at (date, hand number). Hand numbers are per match
    and row ids are shared (another match's hands and every edit use row ids up), so a hand's
    ledger key runs ahead of its number. Here games close every few hands on the same few
    days, every quiet point is remembered (no finished game has to stay in view), and hands at
    the cut are voided, edited, undone or added on the cut's day: the windowed replay must
    still equal the replay of the corrected hand list."""
    target = data.draw(st.integers(10, 30))
    rules = resolve("modern", [f"target={target}", "shutout=none"])
    with memory_ledger() as book, mock.patch.object(windows, "RECENT_GAMES", 0):
        match = new_match(book, Format("single"), rules, 0)
        other = book.create_match("Elsewhere", NAMES, Format("single"), resolve())
        model: dict[int, ModelHand] = {}
        for _ in range(data.draw(st.integers(4, 24))):
            op = data.draw(st.sampled_from(["record", "record", "elsewhere", "fix", "undo"]))
            live = sorted(h.id for h in model.values() if not h.voided)
            if op == "elsewhere":
                rec, _ = service.record(book, other, TypedHand("score", START, "Ann", points=1))
                if data.draw(st.booleans()):
                    service.edit(book, other, rec.number, {"points": 2})
            elif op == "record" or not live:
                day = START + timedelta(days=data.draw(st.integers(0, 2)))
                h = ModelHand(0, day, "score", data.draw(players), data.draw(st.integers(1, 12)))
                rec, _ = service.record(book, match, h.typed())
                h.id = rec.number
                model[h.id] = h
            elif op == "undo":
                service.undo(book, match)
                model[live[-1]].voided = True
            else:  # a correction of a hand near the end, often the one a mark is cut at
                target_id = data.draw(st.sampled_from(live[-3:]))
                if data.draw(st.booleans()):
                    book.void(match, target_id)
                    model[target_id].voided = True
                else:
                    pts = (model[target_id].points or 0) + 1
                    service.edit(book, match, target_id, {"points": pts})
                    model[target_id].points = pts
            check_against_model(book, match, model)


def _id_of(match: Match, index: int | None) -> int | None:
    return None if index is None else match.players[index].id


def edit_for(h: ModelHand, data: st.DataObject) -> tuple[dict[str, object], ModelHand]:
    """A correction to `h`, as `service.edit` takes it, and the hand it should leave."""
    fields = ["date", "dealer"]
    if h.claim == "score":
        fields += ["points", "player"]
    elif h.claim == "knock":
        fields += ["vs", "deadwood", "player"]
    what = data.draw(st.sampled_from(fields))
    if what == "date":
        day = data.draw(days)
        return {"date": day}, replace(h, date=day)
    if what == "dealer":
        who = data.draw(players)
        return {"dealer": NAMES[who]}, replace(h, dealer=who)
    if what == "player":
        who = data.draw(players)
        return {"player": NAMES[who]}, replace(h, player=who)
    if what == "points":
        pts = data.draw(st.integers(0, 60))
        return {"points": pts}, replace(h, points=pts)
    if what == "vs":
        vs = data.draw(st.integers(0, 50))
        return {"vs": vs}, replace(h, vs=vs)
    dw = data.draw(st.integers(1, 10))
    return {"deadwood": dw}, replace(h, deadwood=dw)


# --- the windowed replay of ad-infinitum ---------------------------------------------------------


@st.composite
def seasons_of_hands(draw: Any) -> tuple[Format, Any, int | None, list[ModelHand]]:
    fmt, rules, first = draw(matches("ad-infinitum"))
    hands = draw(st.lists(new_hands(), min_size=1, max_size=30))
    return fmt, rules, first, hands


def _record_all(book: Ledger, match: Match, hands: list[ModelHand]) -> None:
    for h in hands:
        rec, _ = service.record(book, match, h.typed())
        h.id = rec.number


@PROPS
@given(case=seasons_of_hands(), pick=st.randoms(use_true_random=False))
def test_window_equals_the_same_season_of_replay_all(case: Any, pick: Any) -> None:
    fmt, rules, first, hands = case
    with memory_ledger() as book:
        match = new_match(book, fmt, rules, first)
        _record_all(book, match, hands)
        everything = service.replay_all(book, match).replay
        labels = sorted({p.season for p in everything.played})
        for label in labels:
            in_season = [p for p in everything.played if p.season == label]
            around = pick.choice(in_season).entry.date
            window = service.replay_match(book, match, around=around)
            assert window.season == label
            rep = window.replay
            assert [p.entry.id for p in rep.played if p.season == label] == [
                p.entry.id for p in in_season
            ]
            want = [g for g in everything.games if g.season == label]
            assert [game_facts(g) for g in window.shown] == [game_facts(g) for g in want]
            # the games, the hands, the dealer of every hand (the first included) agree
            assert [p for p in rep.played if p.season == label] == in_season
            # and who deals after the season's last hand
            start = season_of(around, fmt.season_start)[1]
            end = start.replace(year=start.year + 1)
            before_end = [p.entry for p in everything.played if p.entry.date < end]
            assert rep.next_dealer == replay(before_end, rules, fmt, first).next_dealer


@PROPS
@given(
    rule=st.sampled_from(["winner", "loser", "alternate"]),
    first=st.sampled_from([None, 0, 1]),
    start=st.sampled_from([(1, 1), (6, 15)]),
    hands=st.lists(new_hands(), min_size=2, max_size=25),
)
def test_window_deals_the_first_hand_of_a_season_as_replay_all_does(
    rule: str, first: int | None, start: tuple[int, int], hands: list[ModelHand]
) -> None:
    fmt = Format("ad-infinitum", season_start=start)
    rules = resolve("modern", [f"next_dealer={rule}"])
    with memory_ledger() as book:
        match = new_match(book, fmt, rules, first)
        _record_all(book, match, hands)
        everything = service.replay_all(book, match).replay
        firsts: dict[str, Any] = {}
        for p in everything.played:
            firsts.setdefault(p.season, p)
        for label, p in firsts.items():
            window = service.replay_match(book, match, around=p.entry.date).replay
            assert window.played[0].entry == p.entry
            assert window.played[0].dealer == p.dealer, (label, rule)


def test_window_of_a_past_season_shows_its_open_games_unfinished(fresh_db: Ledger) -> None:
    """Two 2007 games are left open when 2008's first hand is played: replay_all (and the spec)
    call them unfinished; the window of 2007 (what recording or editing a 2007 hand shows)
    must say the same."""
    match = fresh_db.create_match("Forever", NAMES, Format("ad-infinitum"), resolve(), "Ann")
    for day, who, pts in [(date(2007, 3, 1), "Ann", 30), (date(2007, 5, 1), "Bob", 20)]:
        service.record(fresh_db, match, TypedHand("score", day, player=who, points=pts))
    service.record(fresh_db, match, TypedHand("score", date(2008, 2, 1), player="Ann", points=10))
    everything = service.replay_all(fresh_db, match).replay
    assert [(g.season, g.number, g.status) for g in everything.games] == [
        ("2007", 1, "unfinished"),
        ("2007", 2, "unfinished"),
        ("2008", 1, "open"),
    ]
    window = service.replay_match(fresh_db, match, around=date(2007, 6, 1)).replay
    assert [g.points for g in window.games] == [[30, 20], [0, 20]]
    assert [(g.season, g.number, g.status) for g in window.games] == [
        ("2007", 1, "unfinished"),
        ("2007", 2, "unfinished"),
    ]


def test_window_without_hands_and_default_window(fresh_db: Ledger) -> None:
    match = fresh_db.create_match("Forever", NAMES, Format("ad-infinitum"), resolve(), "Bob")
    empty = service.replay_match(fresh_db, match)
    assert empty.hands == [] and empty.replay.games == [] and empty.season is None
    assert empty.replay.next_dealer == 1
    service.record(fresh_db, match, TypedHand("score", date(2008, 2, 1), player="Ann", points=10))
    service.record(fresh_db, match, TypedHand("score", date(2007, 2, 1), player="Bob", points=10))
    latest = service.replay_match(fresh_db, match)  # the latest season by date, not by entry
    assert latest.season == "2008"
    assert [(g.season, g.points) for g in latest.replay.games] == [("2008", [10, 0])]
    # winner deals: Bob won the last 2007 hand, so Bob deals the first of 2008
    assert latest.replay.played[0].dealer == 1


# --- edit ----------------------------------------------------------------------------------------


def test_edit_keeps_the_hands_number_and_place(fresh_db: Ledger) -> None:
    match = fresh_db.create_match("Night", NAMES, Format(), resolve())
    day = date(2007, 4, 27)
    ids = [
        service.record(fresh_db, match, TypedHand("score", day, player=who, points=pts))[0].number
        for who, pts in [("Ann", 10), ("Bob", 20), ("Ann", 30)]
    ]
    stored, result = service.edit(fresh_db, match, ids[1], {"points": 25, "player": "Ann"})
    assert stored.number == ids[1]
    assert (stored.winner, stored.points, result.points) == (match.players[0].id, 25, 25)
    live = fresh_db.live_hands(match)
    assert [h.number for h in live] == ids  # still second, though its new row is the newest
    assert [h.points for h in live] == [10, 25, 30]
    assert live[1].row_id > live[2].row_id
    game = service.replay_all(fresh_db, match).replay.games[0]
    assert game.hands == ids and game.points == [65, 0]
    # a knock edited from counts: the knock is re-scored, the number stays
    knock, _ = service.record(fresh_db, match, TypedHand("knock", day, "Bob", deadwood=4, vs=20))
    again, _ = service.edit(fresh_db, match, knock.number, {"vs": 2})
    assert (again.number, again.kind, again.winner, again.points) == (
        knock.number,
        "undercut",
        match.players[0].id,
        27,
    )
    # an edited date moves the hand to its new place; the number still stays
    moved, _ = service.edit(fresh_db, match, ids[0], {"date": day + timedelta(days=1)})
    assert moved.number == ids[0]
    assert [h.number for h in fresh_db.live_hands(match)] == [ids[1], ids[2], knock.number, ids[0]]
    assert [h.versions for h in fresh_db.all_hands(match)] == [2, 1, 2, 2]


def test_edit_to_a_paper_score_keeps_the_winner(fresh_db: Ledger) -> None:
    """Turning an undercut into a hand copied from paper (`edit --kind score`) keeps who won
    it and for how much; only the kind changes."""
    match = fresh_db.create_match("Night", NAMES, Format(), resolve())
    rec, _ = service.record(
        fresh_db, match, TypedHand("knock", date(2007, 1, 1), "Ann", deadwood=8, vs=3)
    )
    bob = match.players[1].id
    assert (rec.kind, rec.winner, rec.points) == ("undercut", bob, 30)
    stored, _ = service.edit(fresh_db, match, rec.number, {"kind": "score"})
    assert (stored.kind, stored.points) == ("score", 30)
    assert stored.winner == bob


def test_a_refused_hand_or_edit_writes_nothing(fresh_db: Ledger) -> None:
    match = fresh_db.create_match("Night", NAMES, Format(), resolve())
    rec, _ = service.record(fresh_db, match, TypedHand("score", date(2007, 1, 1), "Ann", points=9))
    count = fresh_db.hand_count()
    with pytest.raises(HandError, match="over the knock limit"):
        service.record(fresh_db, match, TypedHand("knock", date(2007, 1, 2), "Ann", 11, vs=30))
    with pytest.raises(GintallyError, match="does not play"):
        service.record(fresh_db, match, TypedHand("score", date(2007, 1, 2), "Cy", points=9))
    with pytest.raises(HandError):
        service.edit(fresh_db, match, rec.number, {"points": -1})
    assert fresh_db.hand_count() == count
    assert fresh_db.corrections(match) == []
    assert [h.points for h in fresh_db.live_hands(match)] == [9]
