"""Whole-match commands streamed (issue 21): `export` written row by row, ``show --all`` listed
game by game, `chart` and `report --html` folded as the hands stream, give what the whole
replay gave, on a mid-size ledger of every variant, format and team play (a few thousand
hands, edits, voids, notes and cards). The reference of each is worked out here the way the
command worked it out before it streamed."""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_figures_agree import COMMANDS
from test_scale import formats, hand_lists, rule_sets

from conftest import Commands, Run, as_json, ok
from gintally import report, service, transfer
from gintally.engine.formats import Format
from gintally.engine.listing import Listing
from gintally.engine.replay import Entry, replay
from gintally.engine.sets import GameSet, sets_of
from gintally.errors import GintallyError
from gintally.game.rules import RuleSet, resolve
from gintally.game.variants import all_variants, variant_of
from gintally.ledger import Ledger
from gintally.model import Match, TypedHand

CLI = Callable[..., Run]
TODAY = date(2026, 11, 23)


def _typed(rng: random.Random, day: date, names: tuple[str, str]) -> TypedHand:
    """A hand as typed at the table: knocks and gins, sometimes from the cards, sometimes
    with a dealer, an upcard or a note."""
    player = rng.choice(names)
    note = rng.choice([None, None, None, "Zoë's kitchen", 'a "quoted" note, with commas'])
    dealer = rng.choice([None, None, *names])
    upcard = rng.choice([None, None, "6H", "KS"])
    if rng.random() < 0.1:
        return TypedHand(
            "knock",
            day,
            player=player,
            cards="6H 6C 6D TD JD QD KD 2S 3C AH",
            vs_cards="2H 3H 4H 7H 7S 7C 8C 8D 9D JS",
            note=note,
            dealer=dealer,
        )
    if rng.random() < 0.2:
        return TypedHand("gin", day, player=player, vs=rng.randint(0, 60), note=note)
    knocker = rng.randint(1, 10)
    vs = rng.randint(0, 60)
    return TypedHand(
        "knock",
        day,
        player=player,
        deadwood=knocker,
        vs=vs,
        note=note,
        dealer=dealer,
        upcard=upcard,
    )


def _fill(book: Ledger, m: Match, n: int, seed: int, first: date) -> None:
    rng = random.Random(seed)
    names = (m.players[0].name, m.players[1].name)
    records = []
    for i in range(n):
        day = first + timedelta(days=i * 5 // 4)
        while True:
            try:
                records.append(service.settle(m, _typed(rng, day, names)).record)
                break
            except GintallyError:
                continue
    book.add_hands(m, records)
    for number in rng.sample(range(1, n + 1), n // 50):
        book.void(m, number, "struck out")
    for number in rng.sample(range(1, n + 1), n // 50):
        if not book.hand(m, number).voided:
            new = service.settle(m, _typed(rng, book.hand(m, number).date, names)).record
            book.replace_hand(m, number, new, "miscounted")


@pytest.fixture(scope="module")
def midsize_built(
    tmp_path_factory: pytest.TempPathFactory, ledger_from: Callable[[Commands, Path], Path]
) -> Path:
    """Every variant and team play (tests/test_figures_agree.py's cases), then an ad-infinitum
    match of 900 hands over three seasons, a Hollywood match of 600 hands and a rolling one of
    150, some voided, some edited; built once for this module."""
    path = ledger_from(COMMANDS, tmp_path_factory.mktemp("midsize") / "ledger.db")
    with Ledger.open(path) as book:
        forever = book.create_match(
            "Forever", ("Ann", "Zoë"), Format("ad-infinitum"), resolve("modern"), "Ann"
        )
        _fill(book, forever, 900, 1, date(2023, 9, 1))
        evening = book.create_match(
            "Evenings", ("Ann", "Bob"), Format("hollywood", 3), resolve("modern"), "Bob"
        )
        _fill(book, evening, 600, 2, date(2024, 1, 1))
        rolling = book.create_match(
            "Rolling", ("Cy", "Di"), Format("hollywood", 3, True), resolve("modern"), "Cy"
        )
        _fill(book, rolling, 150, 3, date(2025, 6, 1))
    return path


@pytest.fixture
def midsize(midsize_built: Path, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the mid-size ledger, as the ledger the commands use."""
    shutil.copyfile(midsize_built, db_path)
    monkeypatch.setenv("GINTALLY_DB", str(db_path))
    return db_path


def _matches(path: Path) -> list[str]:
    with Ledger.open(path, write=False) as book:
        return [m.name for m in book.matches()]


# --- export ---------------------------------------------------------------------------------------


def _export_before(path: Path, name: str, fmt: str) -> str:
    """The export as it was made before it streamed: every live hand read, one string."""
    with Ledger.open(path, write=False) as book:
        m = book.match(name)
        hands = book.live_hands(m)
        if fmt == "csv":
            out = io.StringIO()
            columns = (*transfer.COLUMNS, *variant_of(m.rules).columns, "uid")
            writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            for h in hands:
                row = transfer.hand_row(m, h)
                writer.writerow({k: "" if row[k] is None else row[k] for k in columns})
            return out.getvalue()
        rows = []
        for h in hands:
            row = transfer.hand_row(m, h)
            row.update({column: getattr(h, column) for column in transfer.EXTRA_JSON})
            for v in all_variants():
                row.update(v.export_more(h.extras))
            rows.append(row)
        # the corrected hands' histories come first (issue 26: corrections travel)
        corrected = [transfer.corrected_row(m, *h) for h in book.histories(m)]
        doc = {
            "match": dict(report.match_doc(m)),
            **({"corrected": corrected} if corrected else {}),
            "hands": rows,
        }
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def test_an_export_streamed_is_the_export_made_whole(gintally: CLI, midsize: Path) -> None:
    names = _matches(midsize)
    assert len(names) == 15  # the twelve cases of every variant and teams, and three more
    for name in names:
        for fmt in ("csv", "json"):
            out = ok(gintally("export", "--format", fmt, "--match", name)).stdout
            assert out == _export_before(midsize, name, fmt), (name, fmt)
    # to a file: the same text, and the count of hands written
    target = midsize.with_name("forever.json")
    said = ok(gintally("export", "-f", "json", "-m", "Forever", "-o", str(target))).stdout
    text = target.read_text(encoding="utf-8")
    assert text == _export_before(midsize, "Forever", "json")
    assert said.split()[:2] == ["Wrote", str(len(json.loads(text)["hands"]))]
    # an empty match: the same document as json.dumps writes for no hands
    ok(gintally("match", "new", "Empty", "-p", "Ann", "Bob"))
    assert ok(gintally("export", "-f", "json")).stdout == _export_before(midsize, "Empty", "json")
    assert ok(gintally("export")).stdout == _export_before(midsize, "Empty", "csv")


def test_a_row_with_cards_is_laid_out_as_json_dumps_lays_it_out() -> None:
    """The C encoder lays out a row of scalars; a row holding a list of cards (layoffs) or a
    mapping goes through json.dumps: either way the text is json.dumps's."""
    with Ledger.open(":memory:") as book:
        m = book.create_match("K", ("Ann", "Zoë"), Format("single"), resolve("modern"))
        typed = TypedHand(
            "knock",
            TODAY,
            player="Zoë",
            cards="6H 6C 6D TD JD QD KD 2S 3C AH",
            vs_cards="2H 3H 4H 7H 7S 7C 8C 8D 9D JS",
            note='Zoë "wins"\tagain',
        )
        rec = book.add_hand(m, service.settle(m, typed).record)
        plain = book.add_hand(m, service.settle(m, TypedHand("gin", TODAY, "Ann", vs=9)).record)
        info = {"match": "K", "nested": {"a": [1, 2]}, "empty": {}}
        text = transfer.export_json(m, info, [rec, plain, rec])
    rows = []
    for h in (rec, plain, rec):
        row = transfer.hand_row(m, h)
        row.update({c: getattr(h, c) for c in transfer.EXTRA_JSON})
        for v in all_variants():
            row.update(v.export_more(h.extras))
        rows.append(row)
    assert rec.layoffs  # the defender laid off: a list among the values
    assert text == json.dumps({"match": info, "hands": rows}, indent=2, ensure_ascii=False)


# --- show --all -----------------------------------------------------------------------------------


def _every_game_lines(text: str) -> list[list[str]]:
    """The game lines of ``show --all``: each split in words."""
    lines = text.splitlines()
    at = lines.index("Games, with each player's total:") + 2
    out: list[list[str]] = []
    for line in lines[at:]:
        if line.startswith("Set "):
            continue
        if not line.strip() or line[:1] not in " 0123456789":
            break
        out.append(line.split())
    return out


def test_show_all_lists_every_game_of_the_whole_document(gintally: CLI, midsize: Path) -> None:
    """Each game line of ``show --all`` says what the whole document (``--json``) says of that
    game, in its order, and each set follows its last game with its result."""
    for name in _matches(midsize):
        doc = as_json(gintally("show", "--all", "--json", "--match", name))
        out = ok(gintally("show", "--all", "--match", name)).stdout
        if not doc["games"]:
            assert "No games yet" in out
            continue
        a, b = doc["players"]
        seasonal, in_sets = doc["format"] == "ad-infinitum", bool(doc["sets"])
        expected = []
        for g in doc["games"]:
            first = [g["season"]] if seasonal else [str(g["set"])] if in_sets else []
            if g["status"] == "won":
                what = f"{g['winner']} wins, net {g['net']}" + (", shutout" if g["shutout"] else "")
                if g["lost_by_50"]:
                    what += " (the leader ended exactly 50 ahead)"
            elif g["status"] == "unfinished":
                what = "unfinished"
            else:
                what = f"needs {a} {g['needs'][a]}, {b} {g['needs'][b]}"
            expected.append(
                [*first, str(g["number"]), str(g["total"][a]), str(g["total"][b]), *what.split()]
            )
        assert _every_game_lines(out) == expected, name
        sets = [line for line in out.splitlines() if line.startswith("Set ")]
        assert sets == [
            f"Set {s['number']}, "
            + (
                f"games {s['games'][0]}-{s['games'][-1]}"
                if len(s["games"]) > 1
                else f"game {s['games'][0]}"
            )
            + f": {s['result']}."
            for s in doc["sets"]
        ]
        if doc["next_dealer"] is not None:
            assert f"Next dealer: {doc['next_dealer']}." in out


def test_show_all_json_streamed_is_the_document_made_whole(gintally: CLI, midsize: Path) -> None:
    """``show --all --json`` written a game and a hand at a time is the text `emit` wrote of
    the whole document (`report.show_doc` of the whole replay), byte for byte."""
    from gintally.cli.base import today

    with Ledger.open(midsize, write=False) as book:
        for m in book.matches():
            doc = report.show_doc(service.replay_all(book, m, today()), every=True)
            whole = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
            assert ok(gintally("show", "--all", "--json", "-m", m.name)).stdout == whole, m.name


def test_show_all_fits_80_columns_and_reads_as_rows(gintally: CLI, midsize: Path) -> None:
    out = ok(gintally("show", "--all", "--match", "Evenings")).stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[:4] == [
        "Evenings: Ann vs Bob",
        "hollywood (3 games), rules modern, target 100",
        "Games, with each player's total:",
        "set  game    Ann    Bob  result",
    ]
    assert lines[4].split()[:2] == ["1", "1"]


@settings(max_examples=120, deadline=None)
@given(
    rules=rule_sets(),
    fmt=formats(),
    entries=hand_lists(max_size=60),
    first=st.sampled_from([None, 0, 1]),
    today=st.sampled_from([None, date(2006, 1, 1), date(2030, 1, 1)]),
)
def test_a_listing_gives_the_games_and_sets_of_the_whole_replay(
    rules: RuleSet, fmt: Format, entries: list[Entry], first: int | None, today: date | None
) -> None:
    whole = replay(entries, rules, fmt, first, as_of=today)
    ordered = sorted(entries, key=lambda e: (e.date, e.id))
    listing = Listing(iter(ordered), rules, fmt, first, as_of=today)
    items = list(listing)
    assert [x for x in items if not isinstance(x, GameSet)] == whole.games
    sets = whole.sets()
    assert [x for x in items if isinstance(x, GameSet)] == sets
    for i, x in enumerate(items):  # each set right after its last game
        if isinstance(x, GameSet):
            assert items[i - 1] is x.games[-1]
    assert listing.next_dealer == whole.next_dealer
    assert listing.series == whole.series_in_play()
    assert listing.nets == (sets[-1].nets if sets else [0, 0])
    assert sets == sets_of(fmt, whole.games)


# --- chart and report --html ----------------------------------------------------------------------


def test_a_season_story_folded_as_it_streams_is_the_one_replayed_whole(midsize: Path) -> None:
    """For every match and every season: the same standings, race, hands and dealers, so the
    same chart and the same page (`report.review_doc`), from the fold as from the whole replay
    (what `chart` and `report --html` replayed before they streamed). One change: the hand
    log of a solitaire's page names no dealer (the whole replay named one, the phantom too)."""
    from gintally.service import insights

    compared = 0
    with Ledger.open(midsize, write=False) as book:
        for m in book.matches():
            if not book.count_hands(m):
                continue
            seasons = insights.replayed_story(book, m, None, TODAY).seasons
            for year in [None, *(s.start.year for s in seasons)]:
                whole = insights.replayed_story(book, m, year, TODAY)
                streamed = insights.season_story(book, m, year, TODAY)
                assert streamed.seasons == whole.seasons
                assert streamed.season == whole.season
                assert streamed.race == whole.race
                assert streamed.running == whole.running  # chart --json before a game ends
                assert streamed.hands == whole.hands
                page, before = report.review_doc(m, streamed), report.review_doc(m, whole)
                for h in before["hands"]:  # the whole replay's records did not count versions
                    versions = book.conn.execute(
                        "SELECT count(*) FROM hands WHERE match_id = ? AND number = ?",
                        [m.id, h["id"]],
                    ).fetchone()[0]
                    h["edited"] = versions > 1
                if not variant_of(m.rules).dealt:  # a solitaire: no dealer (as `hands` says)
                    assert {h["dealer"] for h in page["hands"]} == {None}
                    for h in (*page["hands"], *before["hands"]):
                        del h["dealer"]  # type: ignore[misc]
                assert page == before, m.name
                light = insights.season_story(book, m, year, TODAY, hands=False)
                if not service.seating_of(m).whole:  # a team match is replayed whole
                    assert light.hands == whole.hands[:1]
                assert light.race == whole.race and light.running == whole.running
                compared += 1
    assert compared > 20


def test_a_chart_draws_a_point_a_day() -> None:
    """The games of one day are one step: the last value of the day."""
    from gintally.facade.page import daily

    dates = ["2024-01-05", "2024-01-05", "2024-01-05", "2024-01-09", "2024-02-01", "2024-02-01"]
    assert daily(dates, [1, 2, 3, 3, 4, 6]) == (
        ["2024-01-05", "2024-01-09", "2024-02-01"],
        [3, 3, 6],
    )
