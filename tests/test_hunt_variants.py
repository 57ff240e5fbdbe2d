"""Every variant through every front end: the same hands recorded on the phone's sheet
(`serve`), by the library's hand methods and by the command line give the same ledger."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx works as well
    warnings.simplefilter("ignore")
    from test_serve import client_for, join, write

from browsers import launch
from playwright.sync_api import Browser, expect, sync_playwright
from test_serve_browser import Served, phone, start

import gintally

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# (rules, players, the hands: each the hand method's name and its keyword arguments)
HANDS: dict[str, tuple[str, list[str], list[tuple[str, dict[str, Any]]]]] = {
    "gimlet": (
        "gimlet",
        ["Ann"],
        [
            ("knock", {"player": "Ann", "deadwood": 3, "piles": (1, 2, 0, 3)}),
            ("gin", {"player": "Ann", "piles": (0, 0, 1, 1)}),
            ("gimlet", {"player": "Ann", "piles": (2, 2, 2, 2)}),
            ("double_gimlet", {"player": "Ann", "piles": (0, 0, 0, 0)}),
            ("sour", {"player": "Ann", "deadwood": 3}),
        ],
    ),
    "mahjong": (
        "mahjong",
        ["Ann", "Bob"],
        [
            ("gin", {"player": "Ann", "vs": 10, "table": 30, "vs_table": 20}),
            ("gin", {"player": "Bob", "vs": 0, "table": 45, "vs_table": 5}),
        ],
    ),
}


def page_fields(kwargs: dict[str, Any]) -> dict[str, str]:
    """A hand's arguments as the page types them: text (piles as S,H,D,C)."""
    return {k: ",".join(map(str, v)) if isinstance(v, tuple) else str(v) for k, v in kwargs.items()}


def ledger_of(path: Path) -> dict[str, Any]:
    with gintally.open(path) as book:
        m = book.match("M")
        rows = m.hands(all=True)["hands"]
        sheet = m.sheet(rows=False)
    return {
        "hands": [{k: v for k, v in h.items() if k != "id"} for h in rows],
        "games": [(g["number"], g["status"], g["points"]) for g in sheet["games"]],
    }


@pytest.mark.parametrize("variant", sorted(HANDS))
def test_the_phone_records_every_variants_hands_as_the_library_does(
    tmp_path: Path, variant: str
) -> None:
    """The phone's sheet dropped Gimlet's --piles and Mahjong's --table and --vs-table (every
    such hand was refused: "give the four discard piles") and refused sour outright."""
    rules, players, hands = HANDS[variant]
    by_library, by_phone = tmp_path / "library.db", tmp_path / "phone.db"
    for path in (by_library, by_phone):
        with gintally.open(path) as book:
            book.new_match("M", players, rules=rules)
    with gintally.open(by_library) as book:
        m = book.match("M")
        for method, kwargs in hands:
            getattr(m, method)(**kwargs)
    with client_for(by_phone) as c:
        csrf = join(c)
        for n, (method, kwargs) in enumerate(hands):
            kind = method.replace("_", "-")
            r = write(c, "/hand", csrf, m="M", kind=kind, key=str(n), **page_fields(kwargs))
            assert r.status_code == 200, r.text
    assert ledger_of(by_phone) == ledger_of(by_library)


def test_two_phones_recording_hands_that_differ_in_their_piles_record_both(
    tmp_path: Path,
) -> None:
    """Two phones' hands are the same hand (recorded once) when every field is the same: the
    variants' own fields were not among them, so a second knock on other piles was dropped."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("M", ["Ann"], rules="gimlet")
    with client_for(path) as c:
        hand = {"m": "M", "kind": "knock", "player": "Ann", "deadwood": "3"}
        first = write(c, "/hand", join(c), key="1", piles="1,2,0,3", **hand)
        c.cookies.clear()  # another phone
        second = write(c, "/hand", join(c), key="2", piles="0,0,0,1", **hand)
        assert second.json()["said"][0] == "Hand 2: Ann knocks with 3 on piles 0,0,0,1: Ann +38"
        assert first.json()["said"][0] == "Hand 1: Ann knocks with 3 on piles 1,2,0,3: Ann +28"
    with gintally.open(path) as book:
        assert book.match("M").hand_count() == 2


def test_a_variants_option_the_match_does_not_take_is_refused_on_the_phone_as_by_the_library(
    tmp_path: Path,
) -> None:
    """The phone dropped --piles in a plain gin match without a word, and recorded the hand."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("M", ["Ann", "Bob"])
    with client_for(path) as c:
        fields = {"kind": "knock", "player": "Ann", "deadwood": "3", "vs": "20"}
        r = write(c, "/hand", join(c), m="M", piles="1,2,0,3", **fields)
        assert (r.status_code, r.json()["error"]) == (
            400,
            "Error: --piles does not apply to a knock (--piles is for Gimlet Rummy matches)",
        )
        r = write(c, "/hand", join(c), m="M", piles="1,x,0,3", **fields)
        assert (r.status_code, r.json()["error"]) == (
            400,
            "Error: piles must be a whole number, not 'x'",
        )
    with gintally.open(path) as book:
        assert book.match("M").hand_count() == 0


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with sync_playwright() as p:
        found = launch(p)
        yield found
        found.close()


@pytest.fixture
def two_variants(tmp_path: Path) -> Iterator[Served]:
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Solo", ["Ann"], rules="gimlet")
        book.new_match("Tiles", ["Ann", "Bob"], rules="mahjong")
    yield from start(path, match="Solo")


@pytest.mark.slow
def test_a_gimlet_and_a_mahjong_evening_by_taps(
    chromium: Browser, two_variants: Served, request: pytest.FixtureRequest
) -> None:
    """The pad offered Knock, Gin and Big gin, two counts and Draw and Misdeal in every match:
    a Gimlet hand's piles and a Mahjong gin's tables could not be given (each such hand was
    refused), nor could a deal gone sour; the phantom had a button of its own. The pad now
    offers what the match's variant declares, in its words."""
    served = two_variants
    if True:
        page = phone(chromium, served, request)
        kinds = page.locator(".kind-btn")
        expect(kinds).to_have_text(["Knock", "Gimlet", "Double gimlet", "Sour"])
        expect(page.locator(".who-btn")).to_have_text(["Ann"])
        expect(page.locator(".kind-now")).to_have_count(0)  # no draw, no misdeal
        page.locator('.who-btn[data-player="Ann"]').tap()
        page.locator('.kind-btn[data-kind="knock"]').tap()
        expect(page.locator("#vs")).to_be_hidden()
        page.locator('.digit[data-digit="3"]').tap()
        page.locator("#own-piles").fill("1,2,0,3")
        expect(page.locator("#record")).to_have_text("Record: Ann knocks with 3")
        page.locator("#record").tap()
        expect(page.locator("#said")).to_contain_text(
            "Hand 1: Ann knocks with 3 on piles 1,2,0,3: Ann +28"
        )
        page.locator('.who-btn[data-player="Ann"]').tap()
        page.locator('.kind-btn[data-kind="gin"]').tap()
        page.locator("#own-piles").fill("0,0,1,1")
        page.locator("#record").tap()
        expect(page.locator("#said")).to_contain_text("Hand 2: Ann goes gimlet on piles 0,0,1,1")
        page.locator('.who-btn[data-player="Ann"]').tap()
        page.locator('.kind-btn[data-kind="sour"]').tap()
        expect(page.locator("#own-piles")).to_be_hidden()
        page.locator('.digit[data-digit="7"]').tap()
        page.locator("#record").tap()
        expect(page.locator("#said")).to_contain_text("Hand 3: Ann goes sour with 7: Phantom +37")
        page.locator('button.hand[data-hand="1"]').tap()  # corrected: its piles
        page.locator("#e-own-piles").fill("0,0,1,1")
        page.locator("#e-edit").tap()
        expect(page.locator("#said")).to_contain_text(
            "Edited hand 1: Ann knocks with 3 on piles 0,0,1,1: Ann +36"
        )

        page.goto(served.url.split("#")[0] + "?m=Tiles")
        expect(page.locator(".kind-btn")).to_have_text(["Gin"])
        page.locator('.who-btn[data-player="Ann"]').tap()
        page.locator('.kind-btn[data-kind="gin"]').tap()
        page.locator('.digit[data-digit="1"]').tap()
        page.locator('.digit[data-digit="0"]').tap()
        page.locator("#own-table").fill("30")
        page.locator("#own-vs_table").fill("20")
        page.locator("#record").tap()
        expect(page.locator("#said")).to_contain_text(
            "Hand 1: Ann goes gin with 30 on the table; Bob has 20 on the table and 10 in hand"
        )
    with gintally.open(served.path) as book:
        assert book.match("Solo").hand_count() == 3
        assert book.match("Tiles").hand_count() == 1


@pytest.fixture
def oklahoma(tmp_path: Path) -> Iterator[Served]:
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Okla", ["Ann", "Bob"], rules="oklahoma")
        book.new_match("Plain", ["Ann", "Bob"])
    yield from start(path, match="Okla")


@pytest.mark.slow
def test_an_oklahoma_hand_is_tapped_in_with_its_upcard(
    chromium: Browser, oklahoma: Served, request: pytest.FixtureRequest
) -> None:
    """An Oklahoma match takes each hand's upcard (its knock limit; a spade doubles), which
    the pad had no field for: no knock or gin could be recorded from a phone ("give upcard")."""
    page = phone(chromium, oklahoma, request)
    page.locator('.who-btn[data-player="Ann"]').tap()
    page.locator('.kind-btn[data-kind="knock"]').tap()
    page.locator('.digit[data-digit="3"]').tap()
    page.locator("#vs").tap()
    page.locator('.digit[data-digit="2"]').tap()
    page.locator('.digit[data-digit="0"]').tap()
    page.locator("#upcard").fill("3S")
    page.locator("#record").tap()
    expect(page.locator("#said")).to_contain_text(
        "Hand 1: Ann knocks with 3, Bob has 20: Ann +34 (spade upcard: doubled)"
    )
    expect(page.locator("#upcard")).to_have_value("")  # the next hand has its own
    page.goto(oklahoma.url.split("#")[0] + "?m=Plain")
    expect(page.locator("#pad")).to_be_visible()
    expect(page.locator("#upcard")).to_have_count(0)  # no upcard plays a part


def test_a_gimlet_hand_edited_on_the_phone_is_edited_as_by_the_library(tmp_path: Path) -> None:
    """The phone's edit took the player, the kind and two counts only: a hand's piles (and
    Mahjong's tables) could not be corrected from a phone, and its dialog offered big gin and
    the other hand's count in every match."""
    by_library, by_phone = tmp_path / "library.db", tmp_path / "phone.db"
    for path in (by_library, by_phone):
        with gintally.open(path) as book:
            book.new_match("M", ["Ann"], rules="gimlet").knock("Ann", 3, piles=(1, 2, 0, 3))
    with gintally.open(by_library) as book:
        book.match("M").edit(1, piles=(0, 0, 1, 1), reason="miscounted")
    with client_for(by_phone) as c:
        csrf = join(c)
        r = write(c, "/edit", csrf, m="M", hand="1", piles="0,0,1,1", reason="miscounted")
        assert r.json()["said"][0] == "Edited hand 1: Ann knocks with 3 on piles 0,0,1,1: Ann +36"
        page = c.get("/?m=M").text
    assert ledger_of(by_phone) == ledger_of(by_library)
    assert 'id="e-own-piles"' in page and 'id="e-vs"' not in page
    assert '<option value="sour">sour</option>' in page
    assert '<option value="big-gin">double gimlet</option>' in page


def test_a_straight_gin_pad_offers_no_knock(tmp_path: Path) -> None:
    """Straight gin (knock_limit 0) is gin only: the pad offered Knock, which every front end
    refuses."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("M", ["Ann", "Bob"], rules="straight")
    with client_for(path) as c:
        csrf = join(c)
        page = c.get("/?m=M").text
        assert 'data-kind="knock"' not in page and '<option value="knock">' not in page
        assert 'class="kind-btn" data-kind="gin"' in page
        r = write(c, "/hand", csrf, m="M", kind="gin", player="Ann", vs="12")
        assert r.json()["said"][0] == "Hand 1: Ann goes gin, Bob has 12: Ann +37"


def test_a_dead_deck_that_scores_is_recorded_from_the_phone(tmp_path: Path) -> None:
    """Under kitchen rules a drawn hand scores the deadwood difference and takes each
    player's count: the phone's Draw sent none, so every drawn hand was refused ("give
    deadwood Ann=N deadwood Bob=N"). Draw is then a kind with the pad's two counts."""
    by_library, by_phone = tmp_path / "library.db", tmp_path / "phone.db"
    for path in (by_library, by_phone):
        with gintally.open(path) as book:
            book.new_match("M", ["Ann", "Bob"], rules="kitchen")
    with gintally.open(by_library) as book:
        book.match("M").draw(deadwood={"Ann": 5, "Bob": 9})
    with client_for(by_phone) as c:
        csrf = join(c)
        page = c.get("/?m=M").text
        assert 'class="kind-btn" data-kind="draw" data-counts="deadwood vs"' in page
        assert 'class="kind-now" data-kind="draw"' not in page
        r = write(c, "/hand", csrf, m="M", kind="draw", player="Ann", deadwood="5", vs="9")
        assert r.json()["said"][0] == "Hand 1: Drawn hand: Ann has 5, Bob has 9: Ann +4"
    assert ledger_of(by_phone) == ledger_of(by_library)


@pytest.fixture
def kitchen(tmp_path: Path) -> Iterator[Served]:
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Kitchen", ["Ann", "Bob"], rules="kitchen")
    yield from start(path)


@pytest.mark.slow
def test_a_dead_deck_is_tapped_in_with_both_counts(
    chromium: Browser, kitchen: Served, request: pytest.FixtureRequest
) -> None:
    page = phone(chromium, kitchen, request)
    page.locator('.who-btn[data-player="Ann"]').tap()
    page.locator('.kind-btn[data-kind="draw"]').tap()
    page.locator('.digit[data-digit="5"]').tap()
    page.locator("#vs").tap()
    page.locator('.digit[data-digit="9"]').tap()
    expect(page.locator("#record")).to_have_text("Record: Drawn hand: Ann has 5, other hand 9")
    page.locator("#record").tap()
    said = "Hand 1: Drawn hand: Ann has 5, Bob has 9: Ann +4"
    expect(page.locator("#said")).to_contain_text(said)


@pytest.mark.parametrize(
    ("rules", "players", "said"),
    [
        ("gimlet", ["Ann"], "  knock: give the discard piles instead of --vs (knock Ann 3 --piles"),
        (
            "mahjong",
            ["Ann", "Bob"],
            "  gin: --table, --vs-table and --vs (each a number or the cards); both",
        ),
    ],
)
def test_plays_help_says_what_the_matchs_variant_adds(
    tmp_path: Path, rules: str, players: list[str], said: str
) -> None:
    """`play`'s help listed plain gin's hands only: no gimlet, double-gimlet or sour, no
    --piles or --table, in a match that needs them; the command line's help has them."""
    from test_play import plain

    db = tmp_path / "ledger.db"
    with gintally.open(db) as book:
        book.new_match("M", players, rules=rules)
    done = plain(db, ["help"])
    assert said in done.stdout.splitlines()
    assert (
        "  sour: a discard pile reached six cards; the phantom scores 30 plus" in done.stdout
    ) is (rules == "gimlet")
    plain_gin = tmp_path / "gin.db"
    with gintally.open(plain_gin) as book:
        book.new_match("M", ["Ann", "Bob"])
    assert "In this match" not in plain(plain_gin, ["help"]).stdout


def test_plays_f1_says_what_the_matchs_variant_adds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F1 showed plain gin's help in a Gimlet evening, as `help` did."""
    import asyncio

    from test_play_evening import said_lines

    from gintally.cli import evening as evenings
    from gintally.cli import screen

    db = tmp_path / "screen.db"
    with gintally.open(db) as book:
        book.new_match("Solo", ["Ann"], rules="gimlet")
    monkeypatch.setenv("GINTALLY_DB", str(db))

    async def evening() -> list[str]:
        night = evenings.evening(None)
        app = screen.Sheet(night)
        async with app.run_test(size=(80, 40)) as pilot:
            await pilot.press("f1")
            until = time.monotonic() + 30  # ends at the help: the deadline is for a hung screen
            while "In this match (Gimlet Rummy):" not in said_lines(app):
                if time.monotonic() > until:
                    break
                await pilot.pause(0.05)
            said = said_lines(app)
        night.book.close()
        return said

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:  # a loop of its own: Playwright's may be running here
        said = thread.submit(asyncio.run, evening()).result()
    assert "In this match (Gimlet Rummy):" in said
    assert "  sour: a discard pile reached six cards; the phantom scores 30 plus" in said
