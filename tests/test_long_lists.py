"""The long lists made fast (issue 21, items 3-4) print what the plain way printed, byte for
byte, on a mid-size ledger of every variant, format and team play with edits, voids, notes
and cards (`test_streamed`'s): ``hands`` (its light rows and the memo of each distinct hand's
row), ``show --all`` (a line a game from a `GameLine`), ``show`` (a season's drawing without
its sheet), every ``--json`` (`jsonout`, orjson, for `json.dumps`) and ``check`` (a sound
ledger's hands scanned once). The plain way is worked out here, or put back in place of the
fast one."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from damaging import unguarded
from test_streamed import midsize, midsize_built  # noqa: F401 (fixtures)

from conftest import Run, ok
from gintally import jsonout, report, service
from gintally.cli.render.hands import hand_log
from gintally.engine.replay import next_dealer
from gintally.game.variants import variant_of
from gintally.ledger import Ledger, damage
from gintally.model import Match
from gintally.service.checking import check

CLI = Callable[..., Run]


def _names(path: Path) -> list[str]:
    with Ledger.open(path, write=False) as book:
        return [m.name for m in book.matches()]


# --- hands ----------------------------------------------------------------------------------------


def _plain_rows(book: Ledger, m: Match) -> list[report.HandRow]:
    """Every hand's row of the log as it was made before the light rows: each hand read as a
    record, the dealers worked out from the first hand, a `hand_row` each."""
    rows = []
    if m.teams is not None:  # a team match's rounds: the log of every hand, as it was
        return [
            report.hand_row(m, x.hand, x.dealer, x.round)
            for x in service.hand_log(book, m, every=True).rows
        ]
    dealt = variant_of(m.rules).dealt
    dealer = m.first_seat
    for h in book.all_hands(m):
        dealer_of = m.seat(h.dealer) if h.dealer is not None else dealer
        if not h.voided:
            dealer = next_dealer(m.rules.next_dealer, h.kind, m.seat(h.winner), dealer_of)
        rows.append(report.hand_row(m, h, dealer_of if dealt else None))
    return rows


def test_the_hand_log_is_the_log_of_records(gintally: CLI, midsize: Path) -> None:  # noqa: F811
    """``hands --all`` and its JSON: each row as `hand_row` makes it of the hand's record,
    the same text; and the default window and ``--last`` are the tail of it."""
    width = shutil.get_terminal_size((80, 24)).columns
    for name in _names(midsize):
        with Ledger.open(midsize, write=False) as book:
            m = book.match(name)
            rows = _plain_rows(book, m)
            head = report.hands_head(m, None, len(rows))
            digits = len(str(book.last_number(m)))
        lines = hand_log(head, rows, width, digits)
        assert ok(gintally("hands", "--all", "-m", name)).stdout == "".join(
            line + "\n" for line in lines
        ), name
        out = ok(gintally("hands", "--all", "--json", "-m", name)).stdout
        pairs = json.loads(out, object_pairs_hook=list)  # in order, keys and all
        expected = json.loads(json.dumps({**head, "hands": rows}), object_pairs_hook=list)
        assert pairs == expected, name
        live = [r for r in rows if not r["voided"]]
        last = json.loads(
            ok(gintally("hands", "--all", "--last", "7", "--json", "-m", name)).stdout
        )
        assert last["hands"] == json.loads(json.dumps(rows[-7:])), name
        if name == "Forever":  # yearly seasons: the default window is the latest year's
            latest = json.loads(ok(gintally("hands", "--json", "-m", name)).stdout)
            season = latest["season"]
            assert latest["hands"] == json.loads(
                json.dumps([r for r in live if r["date"][:4] == season])
            ), name


def test_a_log_row_is_made_afresh_for_each_hand(midsize: Path) -> None:  # noqa: F811
    """Rows copied from the memo of a distinct hand hold their own lists and mappings: a
    reader that changes one row changes no other."""
    with Ledger.open(midsize, write=False) as book:
        m = book.match("Forever")
        rows = list(report.hand_rows(m, service.hand_log(book, m, every=True).rows))
    assert len(rows) == 900
    alike: dict[str, report.HandRow] = {}
    for row in rows:
        key = row["description"]
        if key in alike:
            first = alike[key]
            assert row["points_by_player"] == first["points_by_player"]
            assert row["points_by_player"] is not first["points_by_player"]
            assert row["layoffs"] is not first["layoffs"]
        else:
            alike[key] = row
    assert len(rows) - len(alike) > 100  # a household repeats its results


# --- show, show --all, every --json ---------------------------------------------------------------


def _plain_json(value: Any, level: int = 0, newline: bool = False) -> bytes:
    """`jsonout.dumps` the standard library's way."""
    text = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * level)
    return (text + "\n" * newline).encode()


def _plain_game(m: Match, g: Any) -> dict[str, Any]:
    """A game's document the plain way: each pair asked of the match, the total of the game."""
    doc: dict[str, Any] = {
        "number": g.number,
        "set": g.set,
        "status": g.status,
        "winner": m.name_at(g.winner),
        "points": m.pair(g.points),
        "boxes": m.pair(g.boxes),
        "total": m.pair(g.total),
        "net": g.net,
        "hands": list(g.hands),
        "season": g.season,
        "opened": g.opened.isoformat(),
        "closed": g.closed.isoformat() if g.closed else None,
    }
    if g.status == "won":
        doc["bonuses"] = {
            "game": m.pair(g.game_bonus),
            "boxes": m.pair(g.box_bonus),
            "shutout": m.pair(g.shutout_bonus),
        }
        doc["shutout"] = g.shutout
        doc["lost_by_50"] = g.lost_by_50
    if g.status == "open":
        doc["needs"] = m.pair(g.needs(m.rules.target))
    return doc


def _plain_sheet(window: Any) -> list[dict[str, Any]]:
    """The sheet the plain way: every hand's posts to the shown games, their running points
    kept by game, each row's pairs asked of the match."""
    m, rep = window.match, window.replay
    dealt = service.seating_of(m).derives_dealer and variant_of(m.rules).dealt
    shown = {id(g) for g in window.shown}
    running: dict[int, list[int]] = {}
    sheet = []
    for played in rep.played:
        e = played.entry
        posts = {}
        for game in played.posts:
            if id(game) not in shown:
                continue
            pts = running.setdefault(id(game), [0, 0])
            if e.winner is not None:
                pts[e.winner] += e.points
                pts[1 - e.winner] += e.other
            posts[str(game.number)] = m.pair(list(pts))
        if posts:
            sheet.append(
                {
                    "hand": e.id,
                    "date": e.date.isoformat(),
                    "kind": e.kind,
                    "winner": m.name_at(e.winner),
                    "points": e.points,
                    "dealer": m.name_at(played.dealer) if dealt else None,
                    "game_points": posts,
                    "points_by_player": m.pair(report.by_player(e.winner, e.points, e.other)),
                }
            )
    return sheet


def _slow_show_doc(window: Any, every: bool = False, sheet_rows: bool = True) -> report.ShowDoc:
    """`show_doc` with its sheet always made, and its games and sheet made the plain way."""
    doc = SHOW_DOC(window, every)
    doc["games"] = [_plain_game(window.match, g) for g in window.shown]  # type: ignore[misc]
    doc["sheet"] = _plain_sheet(window)  # type: ignore[typeddict-item]
    return doc


SHOW_DOC = report.show_doc


@pytest.mark.parametrize(
    "args",
    [
        ("show",),
        ("show", "--json"),
        ("show", "--all"),
        ("show", "--all", "--json"),
        ("standings", "--json"),
        ("hands", "--json"),
    ],
)
def test_show_and_every_json_are_what_the_plain_way_prints(
    gintally: CLI,
    midsize: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
) -> None:
    """The drawing of a season made without its sheet, ``show --all`` made of `GameLine`s and
    every JSON document written by orjson (`jsonout`) print what the whole sheet,
    `listing_items` and `json.dumps` printed."""
    every = [(name, ok(gintally(*args, "-m", name)).stdout) for name in _names(midsize)]
    monkeypatch.setattr(jsonout, "dumps", _plain_json)
    monkeypatch.setattr(report, "show_doc", _slow_show_doc)
    monkeypatch.setattr(report, "listing_lines", report.listing_items)
    for name, out in every:
        assert ok(gintally(*args, "-m", name)).stdout == out, (name, args)


# --- check ----------------------------------------------------------------------------------------


def test_check_finds_what_each_query_finds(midsize: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """``check`` of a sound ledger (one scan of its hands) and of one damaged in many ways
    (each query then run) names what each query run alone names, in the same order."""
    assert check(midsize) == []
    rng = random.Random(7)
    with Ledger.open(midsize, write=False) as book:
        ids = [r[0] for r in book.conn.execute("SELECT id FROM hands ORDER BY id")]
    picked = rng.sample(ids, 8)
    unguarded(
        midsize,
        f"UPDATE hands SET points = -3 WHERE id = {picked[0]}",
        f"UPDATE hands SET kind = 'bogus' WHERE id = {picked[1]}",
        f"UPDATE hands SET date = '2024-02-31' WHERE id = {picked[2]}",
        f"UPDATE hands SET winner = 999 WHERE id = {picked[3]}",
        f"UPDATE hands SET knocker_deadwood = 1.5 WHERE id = {picked[4]}",
        f"UPDATE hands SET claim = 'nope' WHERE id = {picked[5]}",
        f"UPDATE hands SET dealer = 'x' WHERE id = {picked[6]}",
        f"UPDATE hands SET number = (SELECT number FROM hands WHERE id = {picked[0]}), "
        f"match_id = (SELECT match_id FROM hands WHERE id = {picked[0]}) WHERE id = {picked[7]}",
    )
    found = check(midsize)
    assert len(found) >= 8
    monkeypatch.setattr(damage, "_ONE_PASS", ())
    monkeypatch.setattr(damage, "_NUMBERS_TAKEN", "the query is run")
    assert check(midsize) == found
