"""The printed pages as a real browser prints them: Debian's Chromium, driven by Playwright, makes
each page a PDF (A4 or Letter, the page's own @page size) and a picture, and the tests look.

The pages: a staked Hollywood evening (the latest day) and one of its sets played over two days
(`--set 2`), a season of ad infinitum, a staked team match (2 v 2) and a blank pad of each, with
the standings and the year in review of each: every one on A4 and on Letter. On each:

- the number of pages it prints on (an evening, the standings, a pad: one; the year: as
  `PAGES_PRINTED` says);
- nothing cut at the paper's edge: laid out at the printable width, every element with text
  lies inside it, and no table hides part of itself in its scrolling wrapper;
- legible in greyscale: every text's colour, made grey as a black-and-white printer makes it,
  reads at 4.5:1 or more on its background; on a page with a race chart the two sides' lines
  tell apart in a greyscale picture (sampled along each line, the dashed one is inked on far
  fewer samples than the solid one), and a player who won nothing keeps a dark marker and a
  label at the line's end;
- every figure the browser shows equals the library's JSON document's (``show --all --json``,
  ``settle --json``, ``standings --json``, ``match show --json``, the year in review's: each
  figure names its source in ``data-doc``), and no table cell shows a number without one;
- on a 360 px phone nothing makes the page wider than the screen (wide tables scroll inside
  their wrapper).

These tests never skip: the browser is part of the test extra (``playwright``) and the system
(``apt-get install chromium``, as .ci/run installs it).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from browsers import launch
from PIL import Image
from playwright.sync_api import Browser, Page, sync_playwright
from test_print import EVENING, SEASON, SETS, TEAMS, build, build_sets, documents, equal

import gintally

MM = 96 / 25.4  # CSS pixels in a millimetre
PRINTABLE = {"a4": (210 - 30) * MM, "letter": 8.5 * 96 - 30 * MM}  # width inside the margins
PAPERS = ("a4", "letter")
# (kind, match, set) of every page printed, each on both papers
PRINTED: list[tuple[str, str, int | None]] = [
    ("evening", EVENING, None),
    ("evening", SETS, 2),
    ("evening", TEAMS, None),
    ("standings", SEASON, None),
    ("standings", EVENING, None),
    ("standings", TEAMS, None),
    ("pad", EVENING, None),
    ("pad", SEASON, None),
    ("pad", TEAMS, None),
    ("year", EVENING, None),
    ("year", SEASON, None),
    ("year", TEAMS, None),
]
KINDS = [(kind, match, number, paper) for kind, match, number in PRINTED for paper in PAPERS]
PAGES_PRINTED = {"evening": 1, "standings": 1, "pad": 1}
YEAR_PAGES = {EVENING: 2, SEASON: 2, TEAMS: 2}  # the year in review: its hand log folded


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = launch(p)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, Any]]:
    """Every page of the test ledgers written as HTML files in one folder (dates in English),
    and ``settle --json`` as it stood when each set of the Sets match was won."""
    folder = tmp_path_factory.mktemp("printed")
    build(folder / "printed.db")
    money = build_sets(folder / "sets.db")
    for kind, match, number, paper in KINDS:
        with gintally.open(ledger(folder, match)) as book:
            book.print_page(
                kind,  # type: ignore[arg-type]
                match,
                set_number=number,
                paper=paper,  # type: ignore[arg-type]
                out=folder / name(kind, match, paper),
                language="en",
            )
    return folder, money


def ledger(folder: Path, match: str) -> Path:
    return folder / ("sets.db" if match == SETS else "printed.db")


def name(kind: str, match: str, paper: str) -> str:
    return f"{kind}-{match.split()[0].lower()}-{paper}.html"


@pytest.fixture(scope="module")
def tab(browser: Browser) -> Iterator[Page]:
    """One tab for the module's pages, each test loading its page afresh into it: a new tab
    starts a renderer, some 0.3 s, where loading a page costs a tenth of that."""
    page = browser.new_page()
    yield page
    page.close()


def opened(tab: Page, folder: Path, file: str, width: float, media: Any) -> Page:
    """`tab` with `file` loaded anew (a new document: nothing an earlier test did to the last one
    stays), laid out at `width` for `media`."""
    tab.goto("about:blank")  # (a page loaded again where it was would keep its scroll)
    tab.set_viewport_size({"width": int(width), "height": 2000})
    tab.emulate_media(media=media)
    tab.goto((folder / file).as_uri())
    return tab


@pytest.mark.parametrize(("kind", "match", "number", "paper"), KINDS)
def test_each_page_prints_on_its_pages_and_nothing_is_cut(
    tab: Page,
    pages: tuple[Path, dict[int, Any]],
    kind: str,
    match: str,
    number: int | None,
    paper: str,
    tmp_path: Path,
) -> None:
    folder, _ = pages
    file = name(kind, match, paper)
    opened(tab, folder, file, PRINTABLE[paper], "print")
    pdf = tab.pdf(prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF-")
    expected = YEAR_PAGES[match] if kind == "year" else PAGES_PRINTED[kind]
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == expected, file
    # the paper's size is the page's own (@page), not the browser's default
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert box is not None
    points = (float(box.group(1)), float(box.group(2)))
    size = (595.9, 842.9) if paper == "a4" else (612.0, 792.0)
    assert abs(points[0] - size[0]) < 2 and abs(points[1] - size[1]) < 2, points
    cut = tab.evaluate(
        """(width) => {
        const out = [];
        for (const e of document.querySelectorAll('main *')) {
          if (!e.textContent.trim() || e.closest('svg') || e.closest('details:not([open])'))
            continue;
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


GREY_CONTRAST = """() => {
  // a colour as a black-and-white printer makes it (the luma PIL's "L" keeps), as luminance
  const grey = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).map(Number);
    const y = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    return y <= 0.03928 ? y / 12.92 : ((y + 0.055) / 1.055) ** 2.4;
  };
  const ground = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const out = [];
  for (const e of document.querySelectorAll('main *')) {
    if (e.closest('svg')) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const a = grey(getComputedStyle(e).color), b = grey(ground(e));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    out.push([ratio, e.tagName + ' ' + e.textContent.trim().slice(0, 30)]);
  }
  return out;
}"""


@pytest.mark.parametrize(("kind", "match", "number", "paper"), KINDS)
def test_every_text_reads_in_greyscale_and_every_figure_is_the_documents(
    tab: Page,
    pages: tuple[Path, dict[int, Any]],
    kind: str,
    match: str,
    number: int | None,
    paper: str,
) -> None:
    folder, money = pages
    file = name(kind, match, paper)
    opened(tab, folder, file, PRINTABLE[paper], "print")
    texts = tab.evaluate(GREY_CONTRAST)
    assert len(texts) > 10
    faint = [(round(r, 2), t) for r, t in texts if r < 4.5]
    assert faint == [], file
    shown = tab.evaluate(
        """() => ({
          figures: [...document.querySelectorAll('main [data-doc]')]
            .filter(e => !e.closest('details:not([open])'))
            .map(e => [e.dataset.doc, e.innerText.trim(), e.getClientRects().length > 0]),
          unsourced: [...document.querySelectorAll('main td:not([data-doc])')]
            .filter(e => !e.closest('details:not([open])') && /\\d/.test(e.innerText))
            .map(e => e.innerText)
        })"""
    )
    with gintally.open(ledger(folder, match)) as book:
        html = (folder / file).read_text(encoding="utf-8")
        if number is None:
            docs = documents(book, match, kind, html)
        else:  # the set's sheet and what it moved, as settle --json said when it was won
            m = book.match(match)
            docs = {"show": m.sheet(all=True), "info": m.info(), "settle": money[number]}
    assert shown["figures"], file
    for source, text, visible in shown["figures"]:
        assert visible, (file, source)
        doc, _, path = source.partition(":")
        value: Any = docs[doc]
        for key in path.split("."):
            value = value[int(key)] if isinstance(value, list) else value[key]
        assert equal(text, value), (file, source, text, value)
    assert shown["unsourced"] == [], file


def test_the_year_in_review_shows_every_hand_when_unfolded(
    tab: Page, pages: tuple[Path, dict[int, Any]]
) -> None:
    """The hand log is folded on paper; opened, its every hand is the year in review's."""
    folder, _ = pages
    opened(tab, folder, name("year", EVENING, "letter"), PRINTABLE["letter"], "print")
    tab.evaluate("document.querySelector('details').open = true")
    ids = tab.evaluate(
        '[...document.querySelectorAll(\'td[data-doc^="review:hands."][data-doc$=".id"]\')]'
        ".map(e => e.innerText)"
    )
    with gintally.open(ledger(folder, EVENING)) as book:
        html = (folder / name("year", EVENING, "letter")).read_text(encoding="utf-8")
        hands = documents(book, EVENING, "year", html)["review"]["hands"]
    assert ids == [str(h["id"]) for h in hands] and len(ids) == 14  # its draws too


PHONE = [("evening", EVENING), ("evening", SETS), ("standings", SEASON), ("year", SEASON)]


@pytest.mark.parametrize(("kind", "match"), [*PHONE, ("pad", TEAMS)])
def test_on_a_phone_nothing_is_wider_than_the_screen(
    tab: Page, pages: tuple[Path, dict[int, Any]], kind: str, match: str
) -> None:
    folder, _ = pages
    opened(tab, folder, name(kind, match, "a4"), 360, "screen")
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    loose = tab.evaluate(
        """() => [...document.querySelectorAll('table, figure svg')]
          .filter(t => t.getBoundingClientRect().right > 360.5)
          .filter(t => { const w = t.closest('.wide, figure');
                         return !w || getComputedStyle(w).overflowX !== 'auto'; })
          .map(t => t.tagName)"""
    )
    assert loose == []  # what is wider than the phone scrolls inside its wrapper


def shade(picture: Image.Image, x: float, y: float) -> int:
    """The grey (0 black, 255 white) of a greyscale picture at page point (`x`, `y`)."""
    value = picture.getpixel((round(x), round(y)))
    assert isinstance(value, int | float)
    return int(value)


def picture(tab: Page) -> Image.Image:
    """What the tab shows, in greyscale."""
    return Image.open(io.BytesIO(tab.screenshot())).convert("L")


def inked(tab: Page, grey: Image.Image, chart: int, player: str) -> tuple[float, int]:
    """The share of points along `player`'s line in the page's `chart`-th race chart that are
    dark in `grey`, the tab's picture, and how many points were sampled: those off the zero
    line only (drawn dark on purpose, it would ink any line lying on it)."""
    points = tab.evaluate(
        """([chart, name]) => {
        const svg = document.querySelectorAll('figure svg')[chart];
        const z = svg.querySelector('path.axis.major.line').getBoundingClientRect();
        const zero = z.y + z.height / 2;
        const p = svg.querySelector(`path[data-player="${name}"]`);
        const m = p.getScreenCTM(), n = p.getTotalLength(), out = [];
        for (let l = 0; l < n; l += 1.5) {
          const q = p.getPointAtLength(l);
          const x = q.x * m.a + q.y * m.c + m.e, y = q.x * m.b + q.y * m.d + m.f;
          if (Math.abs(y - zero) > 4) out.push([x, y]);
        }
        return out;
      }""",
        [chart, player],
    )
    dark = len([1 for x, y in points if shade(grey, x, y) < 170])
    return (dark / len(points) if points else 0.0), len(points)


def end_marker(tab: Page, grey: Image.Image, chart: int, player: str) -> tuple[int, str]:
    """The grey of `player`'s end marker in the `chart`-th race chart in `grey`, the tab's
    picture, and its end label."""
    found = tab.evaluate(
        """([chart, name]) => {
        const svg = document.querySelectorAll('figure svg')[chart];
        const p = svg.querySelector(`path[data-player="${name}"]`);
        const r = p.nextElementSibling.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2, p.nextElementSibling.nextElementSibling
          .textContent];
      }""",
        [chart, player],
    )
    return shade(grey, found[0], found[1]), found[2]


CHARTS = [  # (kind, match, paper) of every page with a race chart: the standings and the year
    (kind, match, paper)
    for kind, match, _ in PRINTED
    if kind in ("standings", "year")
    for paper in PAPERS
]


@pytest.mark.parametrize(("kind", "match", "paper"), CHARTS)
def test_the_lines_tell_apart_in_greyscale(
    tab: Page, pages: tuple[Path, dict[int, Any]], kind: str, match: str, paper: str
) -> None:
    """As printed (the print styles, at the paper's printable width), in greyscale: the first
    side's solid line is inked along its length, the second's dashed line far less."""
    folder, _ = pages
    opened(tab, folder, name(kind, match, paper), PRINTABLE[paper], "print")
    charts = tab.evaluate("document.querySelectorAll('figure svg').length")
    assert charts >= 1
    for chart in range(charts):
        tab.locator("figure").nth(chart).scroll_into_view_if_needed()
        sides = tab.evaluate(
            "(i) => [...document.querySelectorAll('figure svg')[i]"
            ".querySelectorAll('path[data-player]')].map(p => p.dataset.player)",
            chart,
        )
        assert len(sides) == 2
        shown = picture(tab)  # the chart in view: both lines and their markers
        for side, name_ in enumerate(sides):
            share, n = inked(tab, shown, chart, name_)
            grey, label = end_marker(tab, shown, chart, name_)
            assert grey < 120 and label.startswith(f"{name_} "), (name_, grey, label)
            if n < 40:  # it lies on the zero line: its marker and label say it is there
                continue
            if side == 0:
                assert share > 0.9, (kind, match, paper, chart, name_, share)  # solid
            else:
                assert share < 0.75, (kind, match, paper, chart, name_, share)  # dashed
        styles = tab.evaluate(
            "(i) => [...document.querySelectorAll('figure svg')[i]"
            ".querySelectorAll('path[data-player]')]"
            ".map(p => [getComputedStyle(p).strokeDasharray, p.nextElementSibling.tagName])",
            chart,
        )
        assert styles[0][1] == "circle" and styles[1][1] == "rect", styles
        assert styles[0][0] != styles[1][0], styles
    if kind == "standings" and match == SEASON and paper == "a4":
        Image.open(io.BytesIO(tab.locator("figure").screenshot())).convert("L").save(
            "/tmp/print-test-greyscale-race.png"
        )


def test_a_player_who_won_nothing_is_still_seen(
    tab: Page, pages: tuple[Path, dict[int, Any]]
) -> None:
    """The Hollywood evening: Ann won no game, her line lies on zero; her marker is dark in
    greyscale and her name and 0 stand at the line's end inside the chart."""
    folder, _ = pages
    opened(tab, folder, name("year", EVENING, "a4"), 900, "screen")
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
    assert shade(picture(tab), marker["x"], marker["y"]) < 120
    assert marker["inside"] and marker["label"] > 20
    desc = tab.evaluate(
        "document.querySelector(\"svg[aria-labelledby^='race-games-won'] desc\").textContent"
    )
    assert desc == "Games won: Bob is ahead with 3; Ann has 0."


def test_the_set_evening_prints_both_days_under_their_dates(
    tab: Page, pages: tuple[Path, dict[int, Any]]
) -> None:
    folder, money = pages
    opened(tab, folder, name("evening", SETS, "letter"), PRINTABLE["letter"], "print")
    days = tab.evaluate("[...document.querySelectorAll('tr.day th')].map(e => e.innerText)")
    heading = tab.evaluate("document.querySelector('h1').innerText")
    verdict = tab.evaluate("document.querySelector('.verdict').innerText")
    assert days == ["11 November 2026", "12 November 2026"]
    assert heading == f"{SETS}: set 2, 11 November 2026 to 12 November 2026"
    (balance,) = money[2]["balances"]
    assert verdict == (
        f"Bob won the set by 1205; {balance['from']} owes {balance['to']} {balance['text']}."
    )
    assert date.fromisoformat(money[2]["since"]) == date(2026, 11, 11)
