"""A ledger of decades (issue 15, items 2-4): the fast paths give exactly what the plain ones
give. Timings live in benchmarks/bench_scale.py, never here; these ledgers are small."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import memory_ledger
from gintally import transfer
from gintally.engine.formats import Format
from gintally.engine.race import race
from gintally.engine.replay import Entry, replay
from gintally.engine.standings import Season, fold_standings, standings
from gintally.errors import GintallyError
from gintally.game.rules import RuleSet, resolve
from gintally.ledger import Ledger
from gintally.model import Match

TODAY = date(2026, 11, 23)


@pytest.fixture
def match() -> Match:
    with memory_ledger() as book:
        return book.create_match(
            "Kitchen", ("Ann", "Bob"), Format("ad-infinitum"), resolve("modern"), "Ann"
        )


def plain_reading(match: Match, path: Path) -> list[tuple[object, ...]]:
    """Every row checked on its own (`parse_row`), no cache: what the stream must give."""
    out = []
    for _, row in transfer.read_rows(path):
        rec = transfer.parse_row(match, row, TODAY)
        out.append((rec.date.isoformat(), *rec.stored()))
    return out


CSV = """date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,note
1998-03-05,knock,Ann,17,Ann,3,20,
1998-03-05,knock,Ann,17,Ann,3,20,
1998-03-06, knock ,Ann,17,Ann,3,20,
5 Mar 1998,gin,Bob,45,Bob,0,20,the big one
1998-03-05,undercut,Bob,27,Ann,8,6,
1998-03-07,knock,Ann,17,Ann,3,20,
1998-03-07,gin,Bob,45,Bob,0,20,the big one
1998-03-08,score,Bob,45,,,,
"""


def test_the_import_stream_gives_what_reading_each_row_gives(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "paper.csv"
    path.write_text(CSV)
    stream = transfer.ImportStream(match, path, TODAY)
    rows = list(stream.rows)
    assert [values for _, _, values in rows] == plain_reading(match, path)
    assert [(file_id, uid) for file_id, uid, _ in rows] == [(None, None)] * 8
    # the same digest as the whole-file reading (what earlier imports stored)
    hands = transfer.read_hands(match, path, TODAY)
    assert stream.digest() == transfer.digest(hands)
    # by hand: Ann knocks with 3 against 20, 17 points; Bob gins against 20: 25 + 20 = 45
    assert [(h.date.isoformat(), h.kind, h.points) for h in hands[:5]] == [
        ("1998-03-05", "knock", 17),
        ("1998-03-05", "knock", 17),
        ("1998-03-06", "knock", 17),
        ("1998-03-05", "gin", 45),
        ("1998-03-05", "undercut", 27),  # Ann 8 against 6: Bob 2 + 25
    ]
    assert hands[3].note == "the big one" and hands[0].note is None


def test_a_repeated_row_with_a_bad_date_is_still_refused(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "paper.csv"
    path.write_text("date,kind,winner,points\n1998-03-05,score,Ann,10\n1998-02-30,score,Ann,10\n")
    with pytest.raises(GintallyError, match=r"^row 2 of paper.csv: .*1998-02-30"):
        list(transfer.ImportStream(match, path, TODAY).rows)
    path.write_text("date,kind,winner,points\n1998-03-05,score,Ann,10\n,score,Ann,10\n")
    with pytest.raises(GintallyError, match=r"^row 2 of paper.csv: the date is missing$"):
        list(transfer.ImportStream(match, path, TODAY).rows)


def test_json_values_of_other_types_are_checked_apart(match: Match, tmp_path: Path) -> None:
    """1, "1" and true are equal as dictionary keys in Python; a row is only taken from the
    cache when its values have the same types too."""
    rows = [
        {"date": "1998-03-05", "kind": "score", "winner": "Ann", "points": 1},
        {"date": "1998-03-06", "kind": "score", "winner": "Ann", "points": "1"},
        {"date": "1998-03-07", "kind": "score", "winner": "Ann", "points": 1.0},
        {"date": "1998-03-08", "kind": "score", "winner": "Ann", "points": True},
    ]
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(rows[:2]))
    stream = transfer.ImportStream(match, path, TODAY)
    assert [v[4] for _, _, v in stream.rows] == [1, 1]
    assert stream.digest() == transfer.digest(transfer.read_hands(match, path, TODAY))
    for bad, why in ((rows[2], "1.0"), (rows[3], "True")):
        path.write_text(json.dumps([rows[0], bad]))
        with pytest.raises(GintallyError, match=rf"^row 2 of hands.json: points .*{why}"):
            list(transfer.ImportStream(match, path, TODAY).rows)


def test_an_import_streams_into_the_ledger_numbered_after_the_last_hand(tmp_path: Path) -> None:
    path = tmp_path / "paper.csv"
    path.write_text(CSV)
    with Ledger.open(tmp_path / "ledger.db") as book:
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        stream = transfer.ImportStream(m, path, TODAY)
        assert book.import_rows(m, stream.rows, stream.digest, path.name) == (8, 1, 8)
        again = transfer.ImportStream(m, path, TODAY)
        with pytest.raises(GintallyError, match="its 8 hands were imported into Kitchen before"):
            book.import_rows(m, again.rows, again.digest, path.name)
        forced = transfer.ImportStream(m, path, TODAY)
        assert book.import_rows(m, forced.rows, forced.digest, path.name, force=True) == (
            8,
            9,
            16,
        )
        hands = book.live_hands(m)
        # play order: date, then number (rows 1, 2, 4 and 5 of each import are of 5 March)
        assert [h.number for h in hands][:9] == [1, 2, 4, 5, 9, 10, 12, 13, 3]
        assert all(h.hand_id == h.row_id for h in hands)  # first versions: hand_id is the row id
        assert book.hand(m, 12).note == "the big one"
        (count,) = book.conn.execute("SELECT count(*) FROM imports").fetchone()
        assert count == 2


# --- standings folded as the hands stream -------------------------------------------------------

# The strategies of tests/test_formats.py (matches over about four years, every format).
BASE = date(2005, 11, 20)


@st.composite
def rule_sets(draw: Any) -> RuleSet:
    return resolve(
        "modern",
        [
            f"target={draw(st.integers(1, 160))}",
            f"game_bonus={draw(st.integers(0, 120))}",
            f"box_bonus={draw(st.integers(0, 30))}",
            f"shutout={draw(st.sampled_from(['double-hands', 'double-net', 'none']))}",
            f"next_dealer={draw(st.sampled_from(['winner', 'loser', 'alternate']))}",
            draw(st.sampled_from(["best_of=off", "best_of=3", "series_target=300"])),
        ],
    )


@st.composite
def formats(draw: Any) -> Format:
    name = draw(st.sampled_from(["single", "hollywood", "honeymoon", "ad-infinitum"]))
    games = draw(st.integers(2, 5)) if name in ("hollywood", "honeymoon") else 3
    rolling = name == "hollywood" and draw(st.booleans())
    start = draw(st.sampled_from([(1, 1), (6, 15), (12, 31)]))
    return Format(name, games, rolling, start)


@st.composite
def hand_lists(draw: Any, max_size: int = 60) -> list[Entry]:
    out = []
    for i in range(draw(st.integers(0, max_size))):
        day = BASE + timedelta(days=draw(st.integers(0, 4 * 365)))
        winner = draw(st.sampled_from([0, 1, None]))
        if winner is None:
            kind = draw(st.sampled_from(["draw", "tie", "misdeal"]))
        else:
            kind = draw(st.sampled_from(["knock", "undercut", "gin", "big-gin"]))
        points = 0 if winner is None else draw(st.integers(0, 70))
        other = 0 if winner is None else draw(st.sampled_from([0, 0, -10, 15]))  # Mahjong gin
        dealer = draw(st.sampled_from([None, None, 0, 1]))
        out.append(Entry(i + 1, day, winner, points, kind, dealer, other))
    return out


@settings(max_examples=150, deadline=None)
@given(
    rules=rule_sets(),
    fmt=formats(),
    entries=hand_lists(max_size=60),
    first=st.sampled_from([None, 0, 1]),
    today=st.sampled_from([None, date(2006, 1, 1), date(2008, 6, 30), date(2030, 1, 1)]),
    pick=st.integers(0, 5),
)
def test_standings_folded_as_they_stream_equal_those_of_the_whole_replay(
    rules: RuleSet,
    fmt: Format,
    entries: list[Entry],
    first: int | None,
    today: date | None,
    pick: int,
) -> None:
    whole = replay(entries, rules, fmt, first, as_of=today)
    expected = standings(whole, fmt, today)
    years = sorted({s.start.year for s in expected})
    year = years[pick % len(years)] if years and pick < 3 else None
    ordered = iter(sorted(entries, key=lambda e: (e.date, e.id)))  # as the ledger streams them
    seasons, shown = fold_standings(ordered, rules, fmt, first, today, year)
    assert seasons == expected
    label = next((s.label for s in expected if s.start.year == year), None)
    if label is None and expected:
        label = expected[-1].label
    if label is not None:  # the race of the season shown (standings --json: months)
        assert race(shown, fmt, label) == race(whole, fmt, label)
    assert shown.finished == whole.finished and shown.next_dealer == whole.next_dealer


def _standings_peak(n: int) -> tuple[int, list[Season]]:
    """Peak memory of folding `n` hands of an ad-infinitum match, one a day from 1977."""

    def hands() -> Iterator[Entry]:
        for i in range(1, n + 1):
            kind = "gin" if i % 5 == 0 else "knock"
            yield Entry(i, date(1977, 1, 1) + timedelta(days=i - 1), i % 3 % 2, 20 + i % 7, kind)

    tracemalloc.start()
    try:
        seasons, _ = fold_standings(hands(), resolve("modern"), Format("ad-infinitum"))
        return tracemalloc.get_traced_memory()[1], seasons
    finally:
        tracemalloc.stop()


def test_standings_fold_in_bounded_memory() -> None:
    """Ten times the hands (2 seasons, then 17), about the same peak: a hand is dropped once
    counted, a game once won; only the seasons' rows and the season shown's games stay."""
    small, _ = _standings_peak(600)
    big, seasons = _standings_peak(6_000)
    # 6,000 days from 1 Jan 1977 end on 5 Jun 1993: 17 seasons, 1977 of 365 hands
    assert [s.label for s in seasons] == [str(y) for y in range(1977, 1994)]
    assert seasons[0].hands == 365 and sum(s.hands for s in seasons) == 6_000
    assert big < small * 2 + 100_000, (small, big)


def test_check_reads_each_hand_once_and_settles_each_distinct_one_once(tmp_path: Path) -> None:
    """check streams a match (one pass: settle again, replay) and still finds every problem:
    a stored result that its counts do not give, on a hand whose twin is sound."""
    from gintally import service

    path = tmp_path / "paper.csv"
    path.write_text(CSV)
    db = tmp_path / "ledger.db"
    with Ledger.open(db) as book:
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format("single"), resolve("modern"))
        stream = transfer.ImportStream(m, path, TODAY)
        book.import_rows(m, stream.rows, stream.digest, path.name)
        assert service.check(db) == []
        # hand 2 is hand 1's twin (Ann knocks 3 against 20: 17); make it say 18
        book.conn.execute("UPDATE hands SET points = 18 WHERE match_id = ? AND number = 2", [m.id])
    assert [str(p) for p in service.check(db)] == [
        "match 'Kitchen' hand 2: stored knock 18 but it scores knock 17"
    ]


# --- a season's first dealer, from two queries ---------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    rule=st.sampled_from(["winner", "loser", "alternate"]),
    first=st.sampled_from([None, "Ann", "Bob"]),
    hands=st.lists(
        st.tuples(
            st.integers(0, 800),  # day
            st.sampled_from(["Ann", "Bob", None]),  # winner (None: a draw or misdeal)
            st.sampled_from(["knock", "gin", "draw", "misdeal"]),
            st.sampled_from([None, None, None, "Ann", "Bob"]),  # dealer typed
            st.booleans(),  # voided
        ),
        max_size=40,
    ),
    start=st.integers(0, 820),
)
def test_the_dealer_before_a_day_is_the_one_the_hands_before_it_give(
    rule: str,
    first: str | None,
    hands: list[tuple[int, str | None, str, str | None, bool]],
    start: int,
) -> None:
    from gintally import service
    from gintally.engine.replay import dealer_after
    from gintally.model import HandRecord

    day0 = date(2001, 12, 20)
    with memory_ledger() as book:
        m = book.create_match(
            "Kitchen",
            ("Ann", "Bob"),
            Format("single"),
            resolve("modern", [f"next_dealer={rule}"]),
            first,
        )
        ids = {p.name: p.id for p in m.players}
        for day, winner, kind, dealer, voided in hands:
            if winner is None:
                kind = kind if kind in ("draw", "misdeal") else "draw"
            elif kind in ("draw", "misdeal"):
                kind = "knock"
            rec = HandRecord(
                date=day0 + timedelta(days=day),
                claim="score" if winner else kind,
                kind=kind,
                winner=ids.get(winner or ""),
                points=30 if winner else 0,  # a gin's 25 or more
                dealer=ids.get(dealer or ""),
            )
            stored = book.add_hand(m, rec)
            if voided:
                book.void(m, stored.number)
        cut = day0 + timedelta(days=start)
        plays = book.plays(m, until=cut)
        expected = dealer_after(service.entries_from_plays(m, plays), m.rules, m.first_seat)
        assert service.dealer_before(book, m, cut) == expected


# --- start-up: the console script builds the command it runs, alone ------------------------------


def test_the_console_script_builds_only_the_command_it_runs() -> None:
    import typer.main

    from gintally import cli

    app = cli.load("knock")
    before = len(app.registered_commands)
    knock = typer.main.get_command(cli.only(app, "knock"))
    assert list(knock.commands) == ["knock"]  # type: ignore[attr-defined]
    assert {"--db", "--version"} <= {o for p in knock.params for o in p.opts}
    assert len(app.registered_commands) == before > 1  # the app itself is left whole
    match = typer.main.get_command(cli.only(cli.load("match"), "match"))
    assert list(match.commands) == ["match"]  # type: ignore[attr-defined]
    assert cli.only(app, "no-such-command") is app


def test_names_are_drawn_as_typed_not_as_emoji(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from gintally.cli import app

    db = ["--db", str(tmp_path / "ledger.db")]
    runner = CliRunner()
    assert runner.invoke(app, [*db, "match", "new", "Deck", "-p", ":spade:", "Bob"]).exit_code == 0
    assert runner.invoke(app, [*db, "knock", ":spade:", "3", "--vs", "20"]).exit_code == 0
    shown = runner.invoke(app, [*db, "show"], env={"COLUMNS": "80"})
    assert shown.exit_code == 0 and ":spade:" in shown.stdout and "\u2660" not in shown.stdout


# --- show without a cached quiet point: found as the hands stream ---------------------------------


@settings(max_examples=40, deadline=None)
@given(
    fmt=st.sampled_from(["single", "hollywood", "honeymoon"]),
    target=st.sampled_from([25, 60, 100]),
    hands=st.lists(
        st.tuples(st.integers(0, 600), st.sampled_from(["Ann", "Bob"]), st.integers(1, 40)),
        max_size=150,
    ),
)
def test_show_without_a_mark_shows_what_a_whole_replay_shows(
    fmt: str, target: int, hands: list[tuple[int, str, int]]
) -> None:
    from gintally import service
    from gintally.model import HandRecord

    with memory_ledger() as book:
        rules = resolve("modern", [f"target={target}"])
        m = book.create_match("Kitchen", ("Ann", "Bob"), Format(fmt, 3), rules, "Ann")
        ids = {p.name: p.id for p in m.players}
        book.add_hands(
            m,
            [
                HandRecord(
                    date=date(2020, 1, 1) + timedelta(days=day),
                    claim="score",
                    kind="score",
                    winner=ids[who],
                    points=points,
                )
                for day, who, points in hands
            ],
        )
        window = service.replay_match(book, m)
        whole = replay(service.entries(m, book.live_hands(m)), m.rules, m.format, m.first_seat)
    keep = service.recent_games(m.format)
    won = [g for g in whole.games if g.status == "won"]
    recent = {id(g) for g in won[max(0, len(won) - keep) :]}
    assert window.shown == [g for g in whole.games if g.status != "won" or id(g) in recent]
    assert window.replay.next_dealer == whole.next_dealer


def test_a_big_json_document_is_written_as_json_dumps_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`emit` writes a big document as json.dumps writes it, non-ASCII names included."""
    from gintally.cli import base

    doc = {"games": [{"number": i, "hands": [i, i + 1], "who": "Zoë"} for i in range(9_000)]}
    base.emit(doc, as_json=True)
    out = capsys.readouterr().out
    assert out == json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
