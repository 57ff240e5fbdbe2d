"""The printed pages as a real browser prints them: Debian's Chromium, driven by Playwright, makes
each page a PDF (A4 or Letter, the page's own @page size) and a picture, and the tests look:

- the number of pages each page prints on (an evening, the standings, a pad: one);
- nothing cut at the paper's edge: laid out at the printable width, every element with text
  lies inside it, and no table hides part of itself in its scrolling wrapper;
- on a 360 px phone nothing makes the page wider than the screen (wide tables scroll inside
  their wrapper);
- the two players' lines tell apart in greyscale: sampled along each line in a greyscale
  picture, the dashed one is inked on far fewer samples than the solid one; a player who won
  nothing keeps a dark marker and a label at the line's end.

These tests never skip: the browser is part of the test extra (``playwright``) and the system
(``apt-get install chromium``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import launch
from PIL import Image
from playwright.sync_api import Browser, Page, sync_playwright
from test_print import EVENING, SEASON, TEAMS, build

import gintally

MM = 96 / 25.4  # CSS pixels in a millimetre
PRINTABLE = {"a4": (210 - 30) * MM, "letter": 8.5 * 96 - 30 * MM}  # width inside the margins


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = launch(p)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every page of the test ledger written as HTML files in one folder."""
    folder = tmp_path_factory.mktemp("printed")
    ledger = build(folder / "printed.db")
    with gintally.open(ledger) as book:
        for kind, match, paper in KINDS:
            book.print_page(kind, match, paper=paper, out=folder / name(kind, match, paper))
    return folder


def name(kind: str, match: str, paper: str) -> str:
    return f"{kind}-{match.split()[0].lower()}-{paper}.html"


KINDS: list[tuple[Any, str, Any]] = [
    ("evening", EVENING, "a4"),
    ("evening", EVENING, "letter"),
    ("evening", TEAMS, "a4"),
    ("standings", SEASON, "a4"),
    ("standings", SEASON, "letter"),
    ("standings", TEAMS, "a4"),
    ("pad", EVENING, "a4"),
    ("pad", EVENING, "letter"),
    ("pad", TEAMS, "a4"),
    ("pad", SEASON, "letter"),
    ("year", EVENING, "a4"),
    ("year", SEASON, "a4"),
]
PAGES_PRINTED = {"evening": 1, "standings": 1, "pad": 1, "year": 2}


def opened(browser: Browser, pages: Path, file: str, width: float, media: Any) -> Page:
    tab = browser.new_page(viewport={"width": int(width), "height": 2000})
    tab.emulate_media(media=media)
    tab.goto((pages / file).as_uri())
    return tab


@pytest.mark.parametrize(("kind", "match", "paper"), KINDS)
def test_each_page_prints_on_its_pages_and_nothing_is_cut(
    browser: Browser, pages: Path, kind: str, match: str, paper: str, tmp_path: Path
) -> None:
    file = name(kind, match, paper)
    tab = opened(browser, pages, file, PRINTABLE[paper], "print")
    pdf = tab.pdf(prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == PAGES_PRINTED[kind], file
    # the paper's size is the page's own (@page), not the browser's default
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert box is not None
    points = (float(box.group(1)), float(box.group(2)))
    expected = (595.9, 842.9) if paper == "a4" else (612.0, 792.0)
    assert abs(points[0] - expected[0]) < 2 and abs(points[1] - expected[1]) < 2, points
    cut = tab.evaluate(
        """(width) => {
        const out = [];
        for (const e of document.querySelectorAll('main *')) {
          if (!e.textContent.trim() || e.closest('svg')) continue;
          const r = e.getBoundingClientRect();
          if (r.width && (r.left < -0.5 || r.right > width + 0.5))
            out.push(e.tagName + ' ' + e.textContent.slice(0, 40));
        }
        for (const w of document.querySelectorAll('.wide'))
          if (w.scrollWidth > w.clientWidth + 1)
            out.push('hidden in a scroller: ' + w.textContent.slice(0, 40));
        return out;
      }""",
        PRINTABLE[paper],
    )
    assert cut == [], file
    tab.screenshot(path=str(tmp_path / file.replace(".html", ".png")), full_page=True)
    tab.close()


@pytest.mark.parametrize(("kind", "match"), [("evening", EVENING), ("standings", SEASON),
                                             ("year", SEASON), ("pad", TEAMS)])  # fmt: skip
def test_on_a_phone_nothing_is_wider_than_the_screen(
    browser: Browser, pages: Path, kind: str, match: str
) -> None:
    tab = opened(browser, pages, name(kind, match, "a4"), 360, "screen")
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    loose = tab.evaluate(
        """() => [...document.querySelectorAll('table, figure svg')]
          .filter(t => t.getBoundingClientRect().right > 360.5)
          .filter(t => { const w = t.closest('.wide, figure');
                         return !w || getComputedStyle(w).overflowX !== 'auto'; })
          .map(t => t.tagName)"""
    )
    assert loose == []  # what is wider than the phone scrolls inside its wrapper
    tab.close()


def shade(picture: Image.Image, x: float, y: float) -> int:
    """The grey (0 black, 255 white) of a greyscale picture at page point (`x`, `y`)."""
    value = picture.getpixel((round(x), round(y)))
    assert isinstance(value, int | float)
    return int(value)


def inked(tab: Page, player: str) -> tuple[float, int]:
    """The share of points along `player`'s line that are dark in a greyscale picture of the
    page, and how many points were sampled."""
    points = tab.evaluate(
        """(name) => {
        const p = document.querySelector(`path[data-player="${name}"]`);
        const m = p.getScreenCTM(), n = p.getTotalLength(), out = [];
        for (let l = 0; l < n; l += 1.5) {
          const q = p.getPointAtLength(l);
          out.push([q.x * m.a + q.y * m.c + m.e, q.x * m.b + q.y * m.d + m.f]);
        }
        return out;
      }""",
        player,
    )
    grey = Image.open(io.BytesIO(tab.screenshot())).convert("L")
    dark = len([1 for x, y in points if shade(grey, x, y) < 170])
    return dark / len(points), len(points)


def test_the_lines_tell_apart_in_greyscale(browser: Browser, pages: Path) -> None:
    tab = opened(browser, pages, name("standings", SEASON, "a4"), 900, "screen")
    tab.locator("figure").scroll_into_view_if_needed()
    solid, n = inked(tab, "Ann")
    dashed, m = inked(tab, "Bob")
    assert n > 200 and m > 200
    assert solid > 0.9 and dashed < solid - 0.2, (solid, dashed)
    styles = tab.evaluate(
        "[...document.querySelectorAll('path[data-player]')]"
        ".map(p => getComputedStyle(p).strokeDasharray)"
    )
    assert len(set(styles)) == 2, styles
    shapes = tab.evaluate(
        "[...document.querySelectorAll('path[data-player]')].map(p => p.nextElementSibling.tagName)"
    )
    assert shapes == ["circle", "rect"]
    Image.open(io.BytesIO(tab.locator("figure").screenshot())).convert("L").save(
        "/tmp/print-test-greyscale-race.png"
    )
    tab.close()


def test_a_player_who_won_nothing_is_still_seen(browser: Browser, pages: Path) -> None:
    """The Hollywood evening: Ann won no game, her line lies on zero; her marker is dark in
    greyscale and her name and 0 stand at the line's end inside the chart."""
    tab = opened(browser, pages, name("year", EVENING, "a4"), 900, "screen")
    chart = tab.locator("svg#race-games-won, svg[aria-labelledby^='race-games-won']").first
    chart.scroll_into_view_if_needed()
    marker = tab.evaluate(
        """() => {
        const svg = document.querySelector("svg[aria-labelledby^='race-games-won']");
        const p = svg.querySelector('path[data-player="Ann"]');
        const r = p.nextElementSibling.getBoundingClientRect();
        const label = [...svg.querySelectorAll('text.end-label')]
          .find(t => t.textContent === 'Ann 0');
        const l = label.getBoundingClientRect(), s = svg.getBoundingClientRect();
        return {x: r.x + r.width / 2, y: r.y + r.height / 2,
                inside: l.left >= s.left && l.right <= s.right
                        && l.top >= s.top && l.bottom <= s.bottom,
                label: l.width};
      }"""
    )
    grey = Image.open(io.BytesIO(tab.screenshot())).convert("L")
    assert shade(grey, marker["x"], marker["y"]) < 120
    assert marker["inside"] and marker["label"] > 20
    desc = tab.evaluate(
        "document.querySelector(\"svg[aria-labelledby^='race-games-won'] desc\").textContent"
    )
    assert desc == "Games won: Bob is ahead with 3; Ann has 0."
    tab.close()
