"""A household's first month (SPEC section 11): a couple and a club keep gintally for a month,
and each test is a defect found on the way, its scores worked by hand in the docstring."""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path

import gintally
from gintally.facade.book import Book, Match


def ad_infinitum(tmp_path: Path) -> tuple[Book, Match]:
    """An ad-infinitum match of plain races (no game, box or shutout bonus), for a penny."""
    book = gintally.open(tmp_path / "month.db")
    return book, book.new_match(
        "Inf",
        ["Ann", "Bob"],
        format="ad-infinitum",
        stake="0.01",
        game_bonus=0,
        box_bonus=0,
        shutout="none",
    )


def test_undoing_a_date_edit_across_new_year_compares_each_season_with_itself(
    tmp_path: Path,
) -> None:
    """Season 2025: Ann 60 (opens game 1), Bob 50 (game 2), Ann 45 (game 3): game 1 closes
    Ann 105-50, net 55. Season 2026: Bob 30 on 2 January opens its game 1. Hand 4 is moved to
    31 December (into 2025: it opens game 4 there and posts to games 2 and 3), then the move
    is undone. No finished game changed either time: 2025's game 1 is closed before hand 4,
    and 2026's game 1 was never finished. The undo said "Game 1 changes: was Ann 105-50, net
    55; now not finished": it compared 2025's games with 2026's."""
    book, m = ad_infinitum(tmp_path)
    m.score("Ann", 60, date=date(2025, 12, 30))
    m.score("Bob", 50, date=date(2025, 12, 31))
    m.score("Ann", 45, date=date(2025, 12, 31))
    m.score("Bob", 30, date=date(2026, 1, 2))
    moved = m.edit(4, date=date(2025, 12, 31))
    assert moved["changed_text"] == []
    undone = m.undo()
    assert undone["changed_text"] == []
    redone = m.redo()
    assert redone["changed_text"] == []
    book.close()


def test_a_hand_moved_into_next_season_names_the_game_it_changes_there(tmp_path: Path) -> None:
    """Season 2025: Ann 40 on 31 December (game 1, unfinished). Season 2026: Ann 60 (opens
    game 1), Bob 50 (game 2), Ann 45: game 1 closes Ann 105-50, net 55 (Bob owes Ann 0.55).
    Hand 1 moved to 1 January: 2026 plays Ann 40 (game 1), Ann 60 (game 1 reaches 100: Ann
    100-0, net 100; opens game 2), Bob 50 (game 2: 60-50; opens game 3), Ann 45 (game 2 closes
    Ann 105-50, net 55): Bob owes Ann 1.55. The edit compared season 2025 only, where nothing
    was finished, and said nothing of 2026's games (only the balance)."""
    book, m = ad_infinitum(tmp_path)
    m.score("Ann", 40, date=date(2025, 12, 31))
    m.score("Ann", 60, date=date(2026, 1, 2))
    m.score("Bob", 50, date=date(2026, 1, 2))
    m.score("Ann", 45, date=date(2026, 1, 3))
    moved = m.edit(1, date=date(2026, 1, 1))
    assert moved["changed_text"] == [
        "Game 1 of 2026 changes: was Ann 105-50, net 55; now Ann 100-0, shutout, net 100",
        "Game 2 of 2026 changes: was not finished; now Ann 105-50, net 55",
        "Balance changes: was Bob owes Ann 0.55; now Bob owes Ann 1.55",
    ]
    assert moved["changed"][0] == {
        "game": 1,
        "season": "2026",
        "was": {"winner": "Ann", "total": {"Ann": 105, "Bob": 50}, "shutout": False, "net": 55},
        "now": {"winner": "Ann", "total": {"Ann": 100, "Bob": 0}, "shutout": True, "net": 100},
    }
    assert m.undo()["changed_text"] == [
        "Game 1 of 2026 changes: was Ann 100-0, shutout, net 100; now Ann 105-50, net 55",
        "Game 2 of 2026 changes: was Ann 105-50, net 55; now not finished",
        "Balance changes: was Bob owes Ann 1.55; now Bob owes Ann 0.55",
    ]
    book.close()


def test_undoing_a_move_out_of_a_finished_season_says_its_standing_is_back(
    tmp_path: Path,
) -> None:
    """Season 2025: Ann 60 (game 1), Ann 45: game 1 closes Ann 105-0, and Ann wins 2025 one
    game to none. Hand 2 moved to 2 January 2026: 2025 has no game won. Undoing the move gives
    2025 back to Ann; the undo looked at 2026 alone (the hand's date before the undo) and said
    nothing of 2025."""
    book, m = ad_infinitum(tmp_path)
    m.score("Ann", 60, date=date(2025, 12, 30))
    m.score("Ann", 45, date=date(2025, 12, 31))
    moved = m.edit(2, date=date(2026, 1, 2))
    assert moved["changed_text"] == [
        "Game 1 of 2025 changes: was Ann 105-0, shutout, net 105; now not finished",
        "Season 2025 changes: was Ann 1-0 in games won; now no game won",
        "Balance changes: was Bob owes Ann 1.05; now Ann and Bob square",
    ]
    assert m.undo()["changed_text"] == [
        "Game 1 of 2025 changes: was not finished; now Ann 105-0, shutout, net 105",
        "Season 2025 changes: was no game won; now Ann 1-0 in games won",
        "Balance changes: was Ann and Bob square; now Bob owes Ann 1.05",
    ]
    book.close()


# --- a phone at the table while the command line corrects ---------------------------------------


def test_a_phones_undo_leaves_an_edit_its_page_never_showed(tmp_path: Path) -> None:
    """Forty hands in: a phone shows the sheet (hand 40 the latest). At the computer, hand 1's
    note is corrected: nothing on the phone's page changes (hand 1 is far down the log, its
    game long finished). The phone's Undo, meant for hand 40, took back the note's edit: the
    page's stamp did not tell it that the match had a newer change."""
    from test_serve import client_for, join, stamp_of, write

    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        m = book.new_match("Fri", ["Ann", "Bob"])
        for _ in range(20):
            m.gin("Ann", vs=30)
            m.knock("Bob", 5, vs=10)
    with client_for(path) as phone:
        csrf = join(phone)
        seen = stamp_of(phone)
        with gintally.open(path) as computer:
            computer.match("Fri").edit(1, note="first of the night")
        r = write(phone, "/undo", csrf, seen=seen, key="u")
        assert r.status_code == 409, r.json()
        deadline = time.monotonic() + 10
        while stamp_of(phone) == seen and time.monotonic() < deadline:  # the page redrawn
            time.sleep(0.05)
        again = write(phone, "/undo", csrf, seen=stamp_of(phone), key="u2")
        assert again.json()["said"][0].startswith("Took back the edit of hand 1")
    with gintally.open(path) as book:
        assert book.match("Fri").hand_count() == 40


# --- money in a currency of whole amounts ---------------------------------------------------------


def test_a_thousand_yen_with_its_comma_is_paid_not_refused_with_a_refused_reading(
    tmp_path: Path,
) -> None:
    """A match for 1 yen a point (no minor unit: places 0). Bob hands Ann ¥1,500: `pay Bob Ann
    1,500` was refused as reading two ways, "write 1.500 or 1500", and 1.500 was then refused
    in turn (more decimals than the currency's). A comma that cannot be a decimal comma here
    is the thousands' one: 1500 is paid. In dollars, 1,500 still reads two ways (1.50 or 1500)
    and 12,345 is 12345 (12.345 is no amount of cents)."""
    with gintally.open(tmp_path / "month.db") as book:
        yen = book.new_match("Yen", ["Ann", "Bob"], stake="1", currency="JPY", places=0)
        paid = yen.pay("Bob", "Ann", "1,500")
        assert (paid["amount"], paid["text"]) == ("1500", "1500 JPY")
        dollars = book.new_match("Usd", ["Cy", "Di"], stake="0.05", currency="$")
        try:
            dollars.pay("Cy", "Di", "1,500")
        except gintally.GintallyError as e:
            assert str(e) == "the amount '1,500' reads two ways: write 1.500 or 1500"
        else:
            raise AssertionError("1,500 dollars was taken one way")
        assert dollars.pay("Cy", "Di", "12,345")["amount"] == "12345.00"


# --- a month later: correcting the first evening -----------------------------------------------


def test_correcting_the_first_hand_of_the_month_names_the_game_it_changed(tmp_path: Path) -> None:
    """Fifteen evenings, each one game: Ann's gin with Bob on 75 (100 points, doubled for the
    shutout: 200 + game 100 + box 25 = 325). Hand 1 is corrected to Bob on 80: 105 doubled,
    335. The edit said only that the balance changed (it compared the latest ten games, those
    `show` replays); the undo, a void of hand 2 and a back-dated hand the same."""
    with gintally.open(tmp_path / "month.db") as book:
        m = book.new_match("Month", ["Ann", "Bob"], stake="0.10")
        for day in range(1, 16):
            m.gin("Ann", vs=75, date=date(2026, 11, day))
        assert m.edit(1, vs=80)["changed_text"] == [
            "Game 1 changes: was Ann 325-0, shutout, net 325; now Ann 335-0, shutout, net 335",
            "Balance changes: was Bob owes Ann 487.50; now Bob owes Ann 488.50",
        ]
        assert m.undo()["changed_text"][0] == (
            "Game 1 changes: was Ann 335-0, shutout, net 335; now Ann 325-0, shutout, net 325"
        )
        # hand 2 void: games 2 to 14 are hands 3 to 15, as they were; game 15 is gone
        assert m.void(2)["changed_text"] == [
            "Game 15 changes: was Ann 325-0, shutout, net 325; now not finished",
            "Balance changes: was Bob owes Ann 487.50; now Bob owes Ann 455.00",
        ]
        # a knock of 1 November found in a pocket: after hand 1, it opens game 2 (Ann 25),
        # which hand 3 closes: 125 doubled, game 100, two boxes 50: 400
        found = m.knock("Ann", 5, 30, date=date(2026, 11, 1), back_date=True)
        assert found["changed_text"] == [
            "Game 2 changes: was Ann 325-0, shutout, net 325; now Ann 400-0, shutout, net 400",
            "Balance changes: was Bob owes Ann 455.00; now Bob owes Ann 462.50",
        ]


def test_a_correction_that_moves_every_later_game_names_twelve_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    """A void of a hand of the first evening of a Hollywood month moves every game after it:
    the confirmation named each (sixty lines for a month); `changed` still holds them all."""
    from gintally.report import changed_lines
    from gintally.service.changes import Changed, Outcome

    with gintally.open(tmp_path / "month.db") as book:
        m = book.new_match("Month", ["Ann", "Bob"], format="hollywood").record()
    was, now = Outcome(0, (300, 100), 200, False), Outcome(1, (150, 250), 100, False)
    found = [Changed("game", n, was, now) for n in range(1, 15)]
    found += [Changed("set", n, Outcome(0, None, 90, False), None) for n in (1, 2)]
    lines = changed_lines(m, found)
    assert len(lines) == 13
    assert lines[11] == "Game 12 changes: was Ann 300-100, net 200; now Bob 250-150, net 100"
    assert lines[12] == "And 2 more games and 2 more sets change (gintally show --all)"
    assert changed_lines(m, found[:12]) == lines[:12]
