"""The whole-list commands made faster at a million hands (issue 21, item 4) read and print
what the plain way read and printed, on the mid-size ledger of every variant, format and team
play with edits, voids, notes and cards (`test_streamed`'s): the corrected hands learnt once
(`ledger.newest`) against the corrections asked of SQL for each row, the narrow rows `check`
settles against whole rows, the log's and ``show --all``'s lines laid out once for each
distinct look against a line laid out for each hand, and the damage of a date or of a hand's
values found by asking each distinct date or set of values."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from damaging import unguarded
from test_streamed import midsize, midsize_built  # noqa: F401 (fixtures)

from gintally import report, service
from gintally.cli.render import hands as log_render
from gintally.cli.render.hands import hand_log
from gintally.cli.render.listing import game_lines
from gintally.ledger import Ledger, newest
from gintally.ledger import hands as ledger_hands
from gintally.service.checking import check


def _names(path: Path) -> list[str]:
    with Ledger.open(path, write=False) as book:
        return [m.name for m in book.matches()]


def _corrected(path: Path) -> None:
    """More corrections on the mid-size ledger: a hand edited twice, a hand edited then voided
    and a hand voided twice with two reasons, in every match."""
    with Ledger.open(path, write=False) as book:
        firsts = [
            r[0]
            for r in book.conn.execute(
                "SELECT min(id) FROM hands WHERE id = hand_id GROUP BY match_id"
            )
        ]
    statements = []
    for n, row in enumerate(firsts):
        statements += [
            f"INSERT INTO hands (hand_id, match_id, date, claim, kind, winner, points, knocker, "
            f"knocker_deadwood, defender_deadwood, dealer, note, created_at, number, uid) "
            f"SELECT hand_id, match_id, date, claim, kind, winner, points + {k}, knocker, "
            f"knocker_deadwood, defender_deadwood, dealer, 'again {k}', created_at, number, NULL "
            f"FROM hands WHERE id = {row}"
            for k in (1, 2)
        ]
        statements += [
            f"INSERT INTO corrections (hand_id, action, reason, created_at, uid) VALUES "
            f"({row}, 'void', '{why}', '2026-01-01T00:00:00+00:00', 'v{n}{why}')"
            for why in ("late", "spilt")
        ]
    unguarded(path, *statements)


def _log(book: Ledger, name: str) -> list[tuple[Any, ...]]:
    m = book.match(name)
    with book.snapshot():
        return [(*light[:3], *light[4:]) for light in book.stream_hand_log(m)]


def test_the_corrections_learnt_once_are_what_sql_says_of_each_row(
    midsize: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hand log's rows (number, date, values, versions, voided, why) with the corrected
    hands learnt once are the rows with the corrections asked of SQL for each row (a ledger
    corrected more than `newest.MOST` times), and so is the count of every hand in a window."""
    _corrected(midsize)
    with Ledger.open(midsize, write=False) as book:
        assert newest.corrections(book.conn, "c.id DESC", ["date"]) is None  # an old ledger
        columns = {r[1] for r in book.conn.execute("PRAGMA table_info(hands)")}
        latest_void = "c.uid DESC, c.id DESC"  # of a ledger with identities (m013_identities)
        learnt = newest.corrections(book.conn, latest_void, columns)
        assert learnt is not None and learnt.stale and learnt.voids
        assert max(learnt.versions.values()) == 3
        assert set(learnt.voids.values()) >= {"spilt"}  # the latest void by uid stands
        assert newest.corrections(book.conn, latest_void, columns, most=1) is None
        fast = {name: _log(book, name) for name in _names(midsize)}
        windows = [(None, None), (date(2001, 1, 1), None), (None, date(2010, 1, 1))]
        counts = {
            name: [book.count_hands(book.match(name), True, *w) for w in windows]
            for name in _names(midsize)
        }
    monkeypatch.setattr(ledger_hands, "corrections", lambda *_: None)
    with Ledger.open(midsize, write=False) as book:
        for name in _names(midsize):
            rows = _log(book, name)
            assert [(*r[:4], bool(r[4]), r[5]) for r in rows] == fast[name], name
            m = book.match(name)
            plain = (
                "SELECT count(*) FROM hands h WHERE h.match_id = ? AND h.id = "
                "(SELECT max(h2.id) FROM hands h2 WHERE h2.hand_id = h.hand_id)"
            )
            args: list[object]
            for (since, until), count in zip(windows, counts[name], strict=True):
                sql, args = plain, [m.id]
                if since is not None:
                    sql, args = sql + " AND h.date >= ?", [*args, since.isoformat()]
                if until is not None:
                    sql, args = sql + " AND h.date < ?", [*args, until.isoformat()]
                assert book.conn.execute(sql, args).fetchone()[0] == count, name
            voided = [r for r in rows if r[4]]
            assert voided and any(r[5] == "spilt" for r in voided), name
            assert any(r[3] == 3 for r in rows), name


def test_check_settles_the_narrow_rows_as_the_whole_ones(midsize: Path) -> None:  # noqa: F811
    """The rows `check` settles (`settle`: no uid, no time of writing) hold each hand's number,
    date and values as the whole rows do, and make the same record but for those two."""
    with Ledger.open(midsize, write=False) as book, book.snapshot():
        for name in _names(midsize):
            m = book.match(name)
            whole = list(book.stream_hand_values(m))
            narrow = list(book.stream_hand_values(m, settle=True))
            assert [h[:3] for h in narrow] == [h[:3] for h in whole], name
            for a, b in zip(narrow[:50], whole[:50], strict=True):
                ra, rb = ledger_hands.record_of(a[3]), ledger_hands.record_of(b[3])
                assert ra.uid is None and ra.created_at == ""
                assert ra.stored() == rb.stored() and ra.row_id == rb.row_id


@pytest.mark.parametrize(
    ("value", "what"),
    [
        ("'1850-06-01'", "has the date '1850-06-01', out of range (1900-01-01 to 2999-12-31)"),
        ("X'3230'", "has no readable date (X'3230')"),
        ("'2023-02-29'", "has no readable date ('2023-02-29')"),
    ],
)
def test_a_date_is_found_damaged_among_the_distinct_dates(
    midsize: Path,  # noqa: F811
    value: str,
    what: str,
) -> None:
    """A hand whose date alone is damaged is named (the distinct dates are asked first)."""
    with Ledger.open(midsize, write=False) as book:
        row = book.conn.execute("SELECT max(id) FROM hands").fetchone()[0]
    unguarded(midsize, f"UPDATE hands SET date = {value} WHERE id = {row}")
    found = [(p.where, p.what) for p in check(midsize)]
    assert (f"hands row {row}", what) in found


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ("points = 100001", "holds points 100001, negative or more than any hand scores"),
        ("knocker_deadwood = 2.5", "holds knocker_deadwood 2.5, not a count"),
        ("kind = 'bogus'", "holds the unknown kind 'bogus'"),
        ("winner = 'x'", "holds winner 'x', not a whole number"),
    ],
)
def test_a_value_is_found_damaged_among_the_distinct_values(
    midsize: Path,  # noqa: F811
    change: str,
    what: str,
) -> None:
    """A hand whose values alone are damaged is named (each distinct set of values is asked
    first, then every query)."""
    with Ledger.open(midsize, write=False) as book:
        row = book.conn.execute("SELECT max(id) FROM hands").fetchone()[0]
    unguarded(midsize, f"UPDATE hands SET {change} WHERE id = {row}")
    found = [(p.where, p.what) for p in check(midsize)]
    assert (f"hands row {row}", what) in found


def _plain_log(
    head: report.HandsHead, rows: Iterable[report.HandRow], width: int, digits: int
) -> Iterator[str]:
    """The hand log's lines laid out for each hand (the code before the memo of each look)."""
    keep = log_render._KEEP
    yield from hand_log(head, [], width, digits)  # the title and the columns' heads
    teams = bool(head.get("teams"))
    number = max(3, digits)
    who = max(6, *(len(p) for p in head["players"]))
    middle = f"{'rnd':>{number}}" if teams else f"{'dealer':<{who}}"
    lead = f"{'#':>{number}}  {'date':<10}  {middle}  {'up':<3}  "
    narrow = width - len(lead) < log_render.NARROW  # what happened under the hand's columns
    under = " " * (number + 2 if narrow else len(lead))
    room = max(20, width - len(under))
    for h in rows:
        what = h["description"] + (" [edited]" if h["edited"] else "")
        if teams and h["dealer"]:
            what += f" ({h['dealer']} dealt)"
        if h["voided"]:
            what += f" [void: {h['void_reason']}]" if h["void_reason"] else " [void]"
        if h["note"]:
            what += f" - {h['note']}"
        if len(what) <= room and what == what.rstrip() and what.isprintable():
            first, more = what.replace(keep, " "), []
        else:
            first, *more = [
                part.replace(keep, " ")
                for part in textwrap.wrap(log_render._together(what), room, break_on_hyphens=False)
                or [""]
            ]
        middle = f"{h.get('round') or '-':>{number}}" if teams else f"{h['dealer'] or '-':<{who}}"
        columns = f"{h['hand']:>{number}}  {h['date']:<10}  {middle}  {h['upcard'] or '-':<3}  "
        if narrow:
            yield columns.rstrip()
            more = [first, *more]
        else:
            yield columns + first
        for line in more:
            yield under + line


def test_the_log_lays_out_each_look_as_each_hand(midsize: Path) -> None:  # noqa: F811
    """The hand log with each distinct look of a hand laid out once is the log laid out a
    hand at a time, at every width (with edits, voids, notes, cards and teams)."""
    _corrected(midsize)
    with Ledger.open(midsize, write=False) as book:
        for name in _names(midsize):
            m = book.match(name)
            log = service.hand_log(book, m, every=True)
            rows = list(report.hand_rows(m, log.rows))
            head = report.hands_head(m, None, len(rows))
            for width in (40, 80, 132):
                assert list(hand_log(head, rows, width, log.width)) == list(
                    _plain_log(head, rows, width, log.width)
                ), (name, width)


def _plain_games(doc: report.ShowDoc, items: Iterable[Any], digits: int) -> Iterator[str]:
    """``show --all``'s game lines laid out for each game (the code before the memo)."""
    from gintally.cli.render import listing
    from gintally.cli.render.terminal import NAME_ROOM, short
    from gintally.engine.formats import format_class

    a, b = doc["players"]
    kind = format_class(doc["format"])
    name_a, name_b = short(a, NAME_ROOM), short(b, NAME_ROOM)
    wide = [max(5, len(name_a)), max(5, len(name_b))]
    number = max(4, digits)
    first = "season" if kind.seasonal else "set" if kind.in_sets else ""
    lead = 0
    shown = False
    for g in items:
        if "result" in g:
            games = g["games"]
            span = f"games {games[0]}-{games[-1]}" if len(games) > 1 else f"game {games[0]}"
            yield f"Set {g['number']}, {span}: {g['result']}."
            continue
        if not shown:
            shown = True
            lead = max(len(first), len(g["season"] or "")) if kind.seasonal else len(first)
            yield "Games, with each player's total:"
            yield (
                (f"{first:<{lead}}  " if first else "")
                + f"{'game':>{number}}  {name_a:>{wide[0]}}  {name_b:>{wide[1]}}  result"
            )
        tot = g["total"]
        cells = (
            f"{g['season']:<{lead}}  "
            if kind.seasonal
            else f"{g['set'] or '':>{lead}}  "
            if first
            else ""
        )
        cells += f"{g['number']:>{number}}  {tot[a]:>{wide[0]}}  {tot[b]:>{wide[1]}}  "
        yield cells + listing._result(g, a, b)
    if not shown:
        yield "No games yet: record a hand (gintally knock, gin, score ...)."


def test_show_all_lays_out_each_result_as_each_game(midsize: Path) -> None:  # noqa: F811
    """``show --all``'s lines with each season's cell and each won game's result laid out
    once are the lines laid out a game at a time."""
    with Ledger.open(midsize, write=False) as book, book.snapshot():
        for name in _names(midsize):
            m = book.match(name)
            if service.seating_of(m).whole:
                continue
            items = list(report.listing_lines(m, service.listing(book, m, date(2026, 6, 1))))
            head = report.listing_head(m)
            digits = len(str(book.last_number(m)))
            assert list(game_lines(head, items, digits)) == list(
                _plain_games(head, items, digits)
            ), name
