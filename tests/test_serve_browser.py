"""`gintally serve` in a real browser: Debian's Chromium, driven by Playwright, at a 360x740 phone
viewport, against the server running on a free port of 127.0.0.1 (uvicorn in a thread, stopped
by the fixture). An evening is kept by taps alone: hands, a refusal, an undo, a finished game; a
hand recorded by the command line appears, two phones see each other's hands, no score is ever
cut. A page per test, assertions that wait for text, a screenshot kept on failure."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from browsers import launch
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

import gintally
from gintally.serve import address
from gintally.serve.app import Settings, build

PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SHOTS = Path(os.environ.get("GINTALLY_SHOTS", "/tmp/gintally-serve-shots"))

pytestmark = pytest.mark.slow


@dataclass
class Served:
    """A running server: its ledger, its settings, the address that joins, what it logged."""

    path: Path
    settings: Settings
    url: str
    logged: list[str]


class Kept(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.DEBUG)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(self.format(record))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(path: Path, port: int | None = None, **options: Any) -> Generator[Served]:
    """The server on `path` in a thread (on `port`, else a free one), with uvicorn's access log
    on (and kept), until the test ends."""
    settings = Settings(path, **options)
    port = port or free_port()
    config = uvicorn.Config(
        build(settings),
        host="127.0.0.1",
        port=port,
        log_level="debug",
        access_log=True,
        log_config=None,
        lifespan="on",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    logged: list[str] = []
    handler = Kept(logged)
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.error", "uvicorn.access")]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Served(path, settings, address("127.0.0.1", port, settings.token), logged)
    finally:
        server.should_exit = True
        thread.join(10)
        for logger in loggers:
            logger.removeHandler(handler)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        found = launch(p)
        yield found
        found.close()


@pytest.fixture
def hollywood(tmp_path: Path) -> Iterator[Served]:
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Friday", ["Ann", "Bob"], format="hollywood")
    yield from start(path)


@pytest.fixture
def display(tmp_path: Path) -> Iterator[Served]:
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Show", ["Ann", "Bob"]).gin("Ann", vs=12)
    yield from start(path, read_only=True)


@pytest.fixture
def teams(tmp_path: Path) -> Iterator[Served]:
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Pairs", teams=["Ann,Cy", "Bob,Di"])
    yield from start(path)


def phone(
    browser: Browser, served: Served, request: pytest.FixtureRequest, name: str = "phone"
) -> Page:
    """A phone that opened the address `gintally serve` printed: joined, on the sheet."""
    context: BrowserContext = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(5000)
    request.addfinalizer(lambda: keep(page, request, name))
    page.goto(served.url)
    expect(page.locator("#pad")).to_be_visible()
    assert "#join" not in page.url  # the token left the address bar
    return page


def keep(page: Page, request: pytest.FixtureRequest, name: str) -> None:
    """The phone's last screen, kept whatever the outcome (to look at a failure), then closed."""
    if not page.is_closed():
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.bring_to_front()  # a tab behind another is not drawn: its screenshot would wait
        page.screenshot(path=str(SHOTS / f"{request.node.name}-{name}.png"), full_page=True)
    page.context.close()


def tap_hand(page: Page, player: str, kind: str, *counts: int) -> None:
    """Tap a hand in: who went down, what kind, then the counts on the number pad (a knock: the
    knocker's deadwood, then the other hand's; a gin: the other hand's), then Record."""
    page.locator(f'.who-btn[data-player="{player}"]').tap()
    page.locator(f'.kind-btn[data-kind="{kind}"]').tap()
    fields = ["deadwood", "vs"] if kind == "knock" else ["vs"]
    for field, value in zip(fields, counts, strict=True):
        page.locator(f"#{field}").tap()
        page.locator('.digit[data-digit="clear"]').tap()
        for digit in str(value):
            page.locator(f'.digit[data-digit="{digit}"]').tap()
    page.locator("#record").tap()


def said(page: Page) -> Any:
    return expect(page.locator("#said"))


def no_score_is_cut(page: Page, shot: str, width: int = 360) -> None:
    """Every score fits its cell (no ellipsis, nothing scrolled out of sight); a screenshot is
    kept to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / shot), full_page=True)
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.score, .side, .lead, .hand .desc, .count .value')]
            .filter(e => e.scrollWidth > e.clientWidth || e.textContent.includes('\u2026'))
            .map(e => e.className + ': ' + e.textContent)"""
    )
    assert cut == []
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= width  # nothing wider than the phone


def cli(served: Served, *args: str) -> None:
    env = {**os.environ, "GINTALLY_DB": str(served.path)}
    run = subprocess.run(
        [sys.executable, "-m", "gintally", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr


def test_a_hollywood_evening_for_two_by_taps(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    page = phone(browser, hollywood, request)
    tap_hand(page, "Ann", "knock", 8, 18)
    said(page).to_contain_text("Hand 1: Ann knocks with 8, Bob has 18: Ann +10")
    expect(page.locator('.cell[data-game="1"] .score[data-side="Ann"]')).to_have_text("10")
    expect(page.locator("#next-dealer")).to_have_text("Ann")

    tap_hand(page, "Ann", "knock", 12, 3)  # over the knock limit: refused in place
    said(page).to_contain_text("Error: a knock with 12 is over the knock limit of 10")
    expect(page.locator("#said")).to_have_class("refused")

    tap_hand(page, "Bob", "gin", 30)
    said(page).to_contain_text("Hand 2: Bob goes gin, Ann has 30: Bob +55")
    page.locator("#undo").tap()
    page.locator("#confirm-yes").tap()
    said(page).to_contain_text("Undid hand 2: Bob goes gin, Ann has 30: Bob +55")
    said(page).to_contain_text("Game 1: Ann 10, Bob 0")
    expect(page.locator('.cell[data-game="1"] .score[data-side="Bob"]')).to_have_text("0")

    tap_hand(page, "Bob", "big-gin", 70)  # 70 + 31: Bob wins game 1
    said(page).to_contain_text("Hand 3: Bob goes big gin, Ann has 70: Bob +101")
    said(page).to_contain_text("Game 1: Bob wins")
    expect(page.locator(".news")).to_contain_text("Game 1: Bob won")
    expect(page.locator("#next-dealer")).to_have_text("Bob")
    tap_hand(page, "Ann", "knock", 2, 25)
    said(page).to_contain_text("Hand 4: Ann knocks with 2, Bob has 25: Ann +23")
    no_score_is_cut(page, "hollywood-360.png")

    hands = [h["description"] for h in gintally.open(hollywood.path).match().hands()["hands"]]
    assert hands == [
        "Ann knocks with 8, Bob has 18: Ann +10",
        "Bob goes big gin, Ann has 70: Bob +101",
        "Ann knocks with 2, Bob has 25: Ann +23",
    ]
    token = hollywood.settings.token or ""
    assert any("GET /part" in line for line in hollywood.logged)  # the access log was kept
    assert not any(token in line for line in hollywood.logged)


def test_a_double_tap_records_once(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    page = phone(browser, hollywood, request)
    page.locator('.who-btn[data-player="Bob"]').tap()
    page.locator('.kind-btn[data-kind="gin"]').tap()
    page.locator('.digit[data-digit="9"]').tap()
    page.locator("#record").dblclick()
    said(page).to_contain_text("Hand 1: Bob goes gin, Ann has 9: Bob +34")
    page.wait_for_timeout(300)
    assert len(gintally.open(hollywood.path).match().hands()["hands"]) == 1


def test_a_hand_recorded_by_the_command_line_appears(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    page = phone(browser, hollywood, request)
    cli(hollywood, "knock", "Bob", "4", "--vs", "22")
    expect(page.locator(".hands")).to_contain_text(
        "Bob knocks with 4, Ann has 22: Bob +18", timeout=1500
    )
    expect(page.locator('.cell[data-game="1"] .score[data-side="Bob"]')).to_have_text("18")


def test_two_phones_see_each_others_hands(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    ann = phone(browser, hollywood, request, "ann")
    bob = phone(browser, hollywood, request, "bob")
    tap_hand(ann, "Ann", "knock", 5, 15)
    expect(bob.locator(".hands")).to_contain_text("Ann knocks with 5, Bob has 15: Ann +10")
    tap_hand(bob, "Bob", "gin", 20)
    expect(ann.locator(".hands")).to_contain_text("Bob goes gin, Ann has 20: Bob +45")
    expect(ann.locator('.cell[data-game="1"] .score[data-side="Bob"]')).to_have_text("45")
    no_score_is_cut(bob, "two-phones-bob.png")
    bob.set_viewport_size({"width": 740, "height": 360})  # turned to landscape: side by side
    no_score_is_cut(bob, "two-phones-bob-landscape.png", 740)
    pad, sheet = bob.locator("#pad").bounding_box(), bob.locator("#part").bounding_box()
    assert pad is not None and sheet is not None and pad["x"] > sheet["x"] + sheet["width"]


def test_a_two_against_two_team_evening(
    browser: Browser, teams: Served, request: pytest.FixtureRequest
) -> None:
    left = phone(browser, teams, request, "left")
    right = phone(browser, teams, request, "right")
    tap_hand(left, "Ann", "knock", 8, 18)
    said(left).to_contain_text("Hand 1: Ann knocks with 8, Bob has 18: Ann +10")
    said(left).to_contain_text("Round 1: Ann v Bob played; waiting for Cy v Di")
    expect(right.locator(".round")).to_contain_text("waiting for Cy v Di")
    tap_hand(right, "Di", "gin", 30)
    said(right).to_contain_text("Hand 2: Di goes gin, Cy has 30: Di +55")
    said(right).to_contain_text("Round 1 complete")
    expect(left.locator('.cell[data-game="1"] .score[data-side="Bob & Di"]')).to_have_text("45")
    tap_hand(left, "Cy", "gin", 60)
    tap_hand(right, "Bob", "knock", 3, 40)
    said(right).to_contain_text("Round 2 complete")
    no_score_is_cut(left, "teams-360.png")


def test_read_only_shows_the_sheet_and_no_pad(
    browser: Browser, display: Served, request: pytest.FixtureRequest
) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    request.addfinalizer(lambda: keep(page, request, "display"))
    page.goto(display.url)
    expect(page.locator(".hands")).to_contain_text("Ann goes gin, Bob has 12: Ann +37")
    expect(page.locator("#pad")).to_have_count(0)


def test_a_hand_tapped_in_the_list_is_corrected_and_voided(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    page = phone(browser, hollywood, request)
    tap_hand(page, "Ann", "knock", 8, 18)
    said(page).to_contain_text("Hand 1: Ann knocks with 8, Bob has 18: Ann +10")
    tap_hand(page, "Bob", "gin", 30)
    said(page).to_contain_text("Hand 2: Bob goes gin, Ann has 30: Bob +55")

    page.locator('button.hand[data-hand="1"]').tap()
    expect(page.locator("#handtitle")).to_have_text("Hand 1")
    page.locator("#e-deadwood").fill("12")
    page.locator("#e-edit").tap()  # refused in the dialog, nothing written
    expect(page.locator("#e-error")).to_have_text(
        "Error: a knock with 12 is over the knock limit of 10"
    )
    page.locator("#e-deadwood").fill("")
    page.locator("#e-vs").fill("28")
    page.locator("#e-edit").tap()
    said(page).to_contain_text("Edited hand 1: Ann knocks with 8, Bob has 28: Ann +20")
    said(page).to_contain_text("Game 1: Ann 20, Bob 55")
    expect(page.locator('.cell[data-game="1"] .score[data-side="Ann"]')).to_have_text("20")

    page.locator('button.hand[data-hand="2"]').tap()
    page.locator("#e-reason").fill("wrong table")
    page.locator("#e-void").tap()
    said(page).to_contain_text("Voided hand 2: Bob goes gin, Ann has 30: Bob +55")
    expect(page.locator('.cell[data-game="1"] .score[data-side="Bob"]')).to_have_text("0")
    hands = gintally.open(hollywood.path).match().hands(all=True)["hands"]
    assert [(h["hand"], h["voided"], h["points"]) for h in hands] == [
        (1, False, 20),
        (2, True, 55),
    ]


def test_an_undo_confirmed_after_another_hand_arrived_takes_nothing_back(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    """Undo tapped while hand 1 was the latest, Yes tapped after another phone's hand 2 had
    arrived: it took back hand 2, which its phone had just recorded."""
    page = phone(browser, hollywood, request)
    tap_hand(page, "Ann", "knock", 8, 18)
    said(page).to_contain_text("Hand 1: Ann knocks with 8, Bob has 18: Ann +10")
    page.locator("#undo").tap()
    expect(page.locator("#confirm")).to_be_visible()
    cli(hollywood, "gin", "Bob", "30")
    expect(page.locator(".hands")).to_contain_text("Bob goes gin, Ann has 30: Bob +55")
    page.locator("#confirm-yes").tap()
    said(page).to_contain_text("Error: Friday changed since this page showed it")
    expect(page.locator("#said")).to_have_class("refused")
    hands = [h["description"] for h in gintally.open(hollywood.path).match().hands()["hands"]]
    assert hands == ["Ann knocks with 8, Bob has 18: Ann +10", "Bob goes gin, Ann has 30: Bob +55"]
    page.locator("#undo").tap()  # looked again: now it takes back what it shows
    page.locator("#confirm-yes").tap()
    said(page).to_contain_text("Undid hand 2: Bob goes gin, Ann has 30: Bob +55")


def test_a_sheet_that_lost_its_server_says_so(
    browser: Browser, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A display on the wall kept showing the scores of a server stopped, then started again
    (with a new join token), as if they were live, without a word."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Friday", ["Ann", "Bob"]).gin("Ann", vs=12)
    port = free_port()
    first = start(path, port=port)
    served = next(first)
    page = phone(browser, served, request)
    expect(page.locator("#lost")).to_be_hidden()
    first.close()  # Ctrl-C
    expect(page.locator("#lost")).to_have_text(
        "The server does not answer: this sheet may be out of date.", timeout=10_000
    )
    again = start(path, port=port)  # started again: its own token, so this phone is not joined
    next(again)
    request.addfinalizer(again.close)
    expect(page.locator("#lost")).to_have_text(
        "This sheet is no longer kept up to date: join first: open the address gintally serve "
        "printed",
        timeout=10_000,
    )
    no_score_is_cut(page, "lost-360.png")


LONG = ("Alexandrina Konstantinopoulou-Wetherby J", "Bartholomew Featherstonehaugh-Cholmondel")


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A ledger that fills a phone: 40-character names in three open games, a team of them,
    an ad-infinitum evening of seven open games, a match of 10,000 hands."""
    folder = tmp_path_factory.mktemp("crowded")
    path = folder / "ledger.db"
    rows = ["date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood"]
    rows += ["2026-11-28,knock,Ann,22,Ann,3,25", "2026-11-28,gin,Bob,65,Bob,0,40"] * 5000
    (folder / "hands.csv").write_text("\n".join(rows) + "\n")
    a, b = LONG
    with gintally.open(path) as book:
        book.new_match("Thousands", ["Ann", "Bob"], format="hollywood")
        book.import_(folder / "hands.csv", match="Thousands")
        m = book.new_match("Names", [a, b], format="hollywood")
        for _ in range(2):
            m.knock(a, 3, vs=7)
            m.knock(b, 2, vs=9)
        t = book.new_match("Teams", teams=[f"{a},{b}", "Ann Featherstonehaugh Cholmondeley,Di"])
        t.knock(a, 3, vs=25)
        endless = book.new_match("Endless", ["Ann", "Bob"], format="ad-infinitum")
        for i in range(7):
            endless.knock("Ann" if i % 2 else "Bob", 9, vs=10)
    yield from start(path)


# A phone's width in CSS pixels: 320, 360 and 414 wide; 180 and 160, a 360 and a 320 phone
# with its text at 200 %
@pytest.mark.parametrize("width", [320, 360, 414, 180, 160])
def test_a_crowded_ledger_fits_every_phone(
    browser: Browser, crowded: Served, request: pytest.FixtureRequest, width: int
) -> None:
    """Nothing wider than the phone, no score or hand number broken or cut, every button of
    the pad on the screen and big enough to tap. Three games of long names, or more than
    three open games, ran off a 320 px screen; a five-digit hand number broke in two; at
    200 % the links, the standings and the long names ran off."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 740}})
    page = context.new_page()
    page.set_default_timeout(5000)
    request.addfinalizer(lambda: keep(page, request, f"crowded-{width}"))
    page.goto(crowded.url)
    expect(page.locator("#pad")).to_be_visible()
    base = crowded.url.split("#")[0]
    pages = ["/", "/standings", "/settle", "/matches"]
    for match in ("Thousands", "Names", "Teams", "Endless"):
        for route in pages:
            page.goto(f"{base}{route[1:]}?m={match}")
            SHOTS.mkdir(parents=True, exist_ok=True)
            shot = f"crowded-{width}-{match}-{route.strip('/') or 'sheet'}.png"
            page.screenshot(path=str(SHOTS / shot), full_page=True)
            wrong = page.evaluate(
                """(width) => {
                  const wrong = [];
                  if (document.documentElement.scrollWidth > width)
                    wrong.push('the page is ' + document.documentElement.scrollWidth + ' wide');
                  for (const e of document.querySelectorAll('main *, nav *')) {
                    const r = e.getBoundingClientRect();
                    if (r.width && (r.right > width + 0.5 || r.left < -0.5))
                      wrong.push('off the screen: ' + e.tagName + ' ' + e.textContent.slice(0, 30));
                  }
                  for (const e of document.querySelectorAll('.score, .num')) {
                    const text = document.createRange();
                    text.selectNodeContents(e);
                    if (text.getClientRects().length > 1 || e.scrollWidth > e.clientWidth)
                      wrong.push('broken or cut: ' + e.textContent);
                  }
                  for (const e of document.querySelectorAll('#pad button')) {
                    if (!e.getClientRects().length) continue;  // hidden: not the kind's count
                    const r = e.getBoundingClientRect();
                    if (r.height < 44 || r.width < 44) wrong.push('too small: ' + e.textContent);
                  }
                  return wrong;
                }""",
                width,
            )
            assert (shot, wrong) == (shot, [])
    page.goto(f"{base}?m=Thousands")
    expect(page.locator('button.hand[data-hand="10000"] .num')).to_have_text("10000")
    page.goto(f"{base}?m=Endless")
    expect(page.locator(".scores .score")).to_have_count(14)  # 7 open games, 2 players


def test_two_servers_on_one_computer_keep_one_phone_joined_to_both(
    browser: Browser, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two ledgers served on two ports: a browser keeps one cookie of a name per host, whatever
    the port, so joining the second server signed the phone out of the first."""
    ledgers = []
    for name in ("Kitchen", "Club"):
        path = tmp_path / f"{name}.db"
        with gintally.open(path) as book:
            book.new_match(name, ["Ann", "Bob"])
        ledgers.append(path)
    first = start(ledgers[0])
    kitchen = next(first)
    request.addfinalizer(first.close)
    second = start(ledgers[1])
    club = next(second)
    request.addfinalizer(second.close)
    context: BrowserContext = browser.new_context(**PHONE)
    one, two = context.new_page(), context.new_page()
    request.addfinalizer(lambda: keep(two, request, "club"))
    request.addfinalizer(lambda: keep(one, request, "kitchen"))
    one.goto(kitchen.url)
    expect(one.locator("#pad")).to_be_visible()
    two.goto(club.url)
    expect(two.locator("#pad")).to_be_visible()
    tap_hand(one, "Ann", "gin", 20)
    said(one).to_contain_text("Hand 1: Ann goes gin, Bob has 20: Ann +45")
    tap_hand(two, "Bob", "gin", 10)
    said(two).to_contain_text("Hand 1: Bob goes gin, Ann has 10: Bob +35")
    expect(one.locator("#lost")).to_be_hidden()
    assert [gintally.open(p).match().hand_count() for p in ledgers] == [1, 1]


def test_a_draw_tapped_after_a_name_is_recorded(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    """A name tapped, then Draw (the hand was drawn after all): the page sent the name with it,
    and a two-player match refused a drawn hand that names a player."""
    page = phone(browser, hollywood, request)
    page.locator('.who-btn[data-player="Ann"]').tap()
    page.locator('.kind-now[data-kind="draw"]').tap()
    said(page).to_contain_text("Hand 1: Drawn hand: no score")
    expect(page.locator("#said")).to_have_class("done")
    assert gintally.open(hollywood.path).match().hand_count() == 1


def test_the_join_address_pasted_into_the_join_page_joins(
    browser: Browser, hollywood: Served, request: pytest.FixtureRequest
) -> None:
    """The bare address was open (the PIN page) and the printed address was pasted into the
    same tab: only the part after "#" changed, so no page loaded and nothing joined."""
    context: BrowserContext = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(5000)
    request.addfinalizer(lambda: keep(page, request, "pasted"))
    bare = hollywood.url.split("#")[0]
    page.goto(bare)
    expect(page.locator("#join")).to_be_visible()
    page.goto(hollywood.url)
    expect(page.locator("#pad")).to_be_visible()
    assert page.url == bare  # the token left the address bar
