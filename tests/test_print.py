"""`gintally print` and `Book.print_page`: the evening's sheet, the season's standings, the blank
pad and the year in review, each a self-contained page made to print.

The figures: every cell or phrase of a page that shows a figure names its source in a
``data-doc`` attribute (``show:games.0.total.Ann``); the page is parsed (html.parser) and each
such figure is looked up in the library's own document (``show --all --json``, ``settle
--json``, ``standings --json``, ``match show --json``, the year in review's) and compared; a
table cell holding a digit without its source fails the test too, so no figure is printed
unchecked. The pages of the demo's Hollywood evening (staked), its ad-infinitum season and a
staked team match are checked, each on A4 and Letter.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import gintally
from conftest import Run, ok, refused_line
from gintally.cli import demo
from gintally.facade import page, printing, work
from gintally.facade.book import Book, plain

SEASON, EVENING, TEAMS = demo.SEASON, demo.EVENING, "Teams"
TEAM_HANDS = (  # (command, args, options) of the team match's two rounds and a half
    ("knock", ("Ann", 8), {"vs": 30}),
    ("gin", ("Di",), {"vs": 20}),
    ("knock", ("Cy", 5), {"vs": 40}),
    ("gin", ("Bob",), {"vs": 12}),
    ("knock", ("Ann", 2), {"vs": 50}),
    ("knock", ("Cy", 3), {"vs": 60}),
)


def build(path: Path) -> Path:
    """The demo's two matches (a Hollywood evening, now at 5 cents a point, and a season of
    ad infinitum) and a team match played for $0.10 a point, in a ledger at `path`."""
    with demo.build(path) as book:
        # priced from the evening's day on: a first price reaches back only when asked
        book.match(EVENING).stake(Decimal("0.05"), currency="$", since=date(2026, 11, 14))
        teams = book.new_match(
            TEAMS, teams=["Reds=Ann,Cy", "Blues=Bob,Di"], stake="0.10", currency="$"
        )
        for command, args, options in TEAM_HANDS:
            getattr(teams, command)(*args, **options)
    return path


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("print") / "printed.db")


@pytest.fixture
def book(ledger: Path) -> Iterator[Book]:
    with gintally.open(ledger) as opened:
        yield opened


# --- reading a page -----------------------------------------------------------------------------


class Figures(HTMLParser):
    """A page's figures: each ``data-doc`` element's text with its source, the table cells that
    hold a digit but name no source, and the tags, attributes and text seen."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[tuple[str, str]] = []
        self.unsourced: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._open: list[tuple[str, str | None, list[str]]] = []  # tag, source, its text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("td", "th", "span"):
            self._open.append((tag, dict(attrs).get("data-doc"), []))

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, source, text = self._open.pop()
            said = "".join(text).strip()
            if source is not None:
                self.figures.append((source, said))
            elif tag == "td" and re.search(r"\d", said):
                self.unsourced.append(said)
            if self._open:
                self._open[-1][2].append(said)

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._open:
            self._open[-1][2].append(data)


def read(html: str) -> Figures:
    parsed = Figures()
    parsed.feed(html)
    return parsed


def lookup(docs: dict[str, Any], source: str) -> Any:
    name, _, path = source.partition(":")
    value = docs[name]
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def shown(value: Any) -> set[str]:
    """How a document's value may be printed: as it is, signed (a net), or a date or a
    sentence with its dates made readable."""
    if isinstance(value, bool) or value is None:
        raise AssertionError(f"a printed figure is {value!r}")
    if isinstance(value, int):
        return {str(value), f"{value:+d}"}
    text = str(value)
    return {text, page.readable_dates(text)}


def documents(book: Book, match: str, kind: str, html: str) -> dict[str, Any]:
    """The library's documents a page of `kind` was made from, as their ``--json`` prints."""
    m = book.match(match)
    today = date.today()
    docs: dict[str, Any] = {
        "show": m.sheet(all=kind == "evening"),
        "standings": book.standings(match=match),
        "info": m.info(),
        "review": plain(work.review(book.ledger(), match, None, today)),
    }
    if kind == "evening":
        day = max(r["date"] for r in docs["show"]["sheet"])
        assert f"{page.readable(day)}</h1>" in html
        docs["settle"] = m.settlement(since=day)
    return docs


def check_figures(book: Book, match: str, kind: str, html: str) -> Figures:
    """Every figure on the page equals its document's, and every figure names its source."""
    parsed = read(html)
    docs = documents(book, match, kind, html)
    assert parsed.figures, "the page shows no figure"
    for source, text in parsed.figures:
        assert text in shown(lookup(docs, source)), (source, text)
    assert parsed.unsourced == []
    return parsed


PAGES = [
    ("evening", EVENING),
    ("evening", SEASON),
    ("evening", TEAMS),
    ("standings", SEASON),
    ("standings", EVENING),
    ("standings", TEAMS),
    ("pad", EVENING),
    ("pad", SEASON),
    ("pad", TEAMS),
]


@pytest.mark.parametrize(("kind", "match"), PAGES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_figure_equals_the_library_documents(
    book: Book, kind: Any, match: str, paper: Any
) -> None:
    html = book.print_page(kind, match, paper=paper)["html"]
    parsed = check_figures(book, match, kind, html)
    size = {"a4": "A4", "letter": "letter"}[paper]
    assert f"@page {{ size: {size}; margin: 15mm; }}" in html
    names = [t for t, _ in parsed.tags]
    assert names.count("main") == 1 and "script" not in names and "img" not in names
    assert not [a for _, a in parsed.tags if a.get("src") or a.get("href")]  # fetches nothing


def test_the_hollywood_evening_says_who_won_and_who_owes(book: Book) -> None:
    html = book.print_page("evening", EVENING)["html"]
    settle = book.match(EVENING).settlement(since="2026-11-14")
    (balance,) = settle["balances"]
    sets = book.match(EVENING).sheet(all=True)["sets"]
    verdict = " ".join(re.sub(r"<[^>]+>", "", html).split())
    said = f"{sets[0]['winner']} won the set by {sets[0]['margin']}; "
    said += f"{balance['from']} owes {balance['to']} {balance['text']}."
    assert said == "Bob won the set by 554; Ann owes Bob $27.70."
    assert said in verdict
    assert "14 November 2026" in verdict and "2026-11-14" not in verdict
    # every hand of the evening is on the sheet, with its three games' columns
    parsed = read(html)
    hands = {t for s, t in parsed.figures if re.fullmatch(r"show:sheet\.\d+\.hand", s)}
    assert hands == {str(r["hand"]) for r in book.match(EVENING).sheet(all=True)["sheet"]}
    heads = [t for s, t in parsed.figures if s.startswith("show:games.") and s.endswith(".net")]
    assert heads == ["156", "195", "203"]


def test_the_team_evening_shows_each_table_and_the_debts(book: Book) -> None:
    parsed = read(book.print_page("evening", TEAMS)["html"])
    text = " ".join("".join(parsed.text).split())
    balances = book.match(TEAMS).settlement()["balances"]
    assert len(balances) == 4  # each of Blues' players owes each of Reds' a quarter
    for b in balances:
        assert f"{b['from']} owes {b['to']} {b['text']}" in text
    assert "Reds won 1 game to 0." in text
    assert "Ann v Bob" in text and "Cy v Di" in text


def test_an_earlier_evening_and_a_day_without_hands(book: Book) -> None:
    sheet = book.match(SEASON).sheet(all=True)
    first = sheet["sheet"][0]["date"]
    html = book.print_page("evening", SEASON, day=date.fromisoformat(first))["html"]
    assert f"{page.readable(first)}</h1>" in html
    with pytest.raises(gintally.GintallyError, match="has no hand on 2024-06-15: its evenings"):
        book.print_page("evening", SEASON, day="2024-06-15")
    with pytest.raises(gintally.GintallyError, match="not 'poster'"):
        book.print_page("poster", SEASON)  # type: ignore[arg-type]
    with pytest.raises(gintally.GintallyError, match="a4 or letter, not 'a3'"):
        book.print_page("pad", SEASON, paper="a3")  # type: ignore[arg-type]


def test_the_pad_has_the_format_columns_and_the_rules_numbers(book: Book) -> None:
    hollywood = read(book.print_page("pad", EVENING)["html"])
    heads = [t for t, a in hollywood.tags if t == "th" and a.get("scope") == "col"]
    rules = book.match(EVENING).info()["rules"]
    assert len(heads) == 2 + 3 * 2  # hand, dealer, three games of two players
    at_foot = {s.split(".")[-1]: t for s, t in hollywood.figures}
    assert at_foot["target"] == str(rules["target"]) == "100"
    assert at_foot["knock_limit"] == str(rules["knock_limit"])
    assert at_foot["gin_bonus"] == str(rules["gin_bonus"]) and "box_bonus" in at_foot
    rows = [t for t, _ in hollywood.tags].count("tr")
    assert rows == 1 + printing.PAD_ROWS + 3  # heads, pencil lines, points/bonuses/total
    teams = " ".join(read(book.print_page("pad", TEAMS)["html"]).text)
    assert "table 1: Ann v Bob" in teams and "table 2: Cy v Di" in teams and "Blues" in teams


def test_the_year_page_is_accessible_and_its_title_fits(book: Book) -> None:
    html = book.print_page("year", EVENING)["html"]
    parsed = read(html)
    tags = [t for t, _ in parsed.tags]
    assert tags.count("main") == 1 and tags.count("caption") == tags.count("table") >= 3
    assert all(a.get("scope") in ("col", "row") for t, a in parsed.tags if t == "th")
    svgs = [a for t, a in parsed.tags if t == "svg" and a.get("role")]
    assert [a["role"] for a in svgs] == ["img", "img"]
    assert tags.count("desc") == 2
    text = " ".join("".join(parsed.text).split())
    assert "Hollywood night: 14 November 2026" in text
    assert "Games won: Bob is ahead with 3; Ann has 0." in text  # the chart's description
    assert "Bob won 3 games to 0 on 14 November 2026." in text
    assert "in review" not in text and "with the year in play" not in text
    season = " ".join("".join(read(book.print_page("year", SEASON)["html"]).text).split())
    assert "Ann and Bob forever: 2026" in season
    assert not re.search(r"\d{4}-\d{2}-\d{2}", season)  # dates as people read them


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_colour_of_text_reads_at_4_5_to_1() -> None:
    """Each text colour of the pages' styles on each background it is shown on."""
    css = page.CSS + printing.CSS
    inks = {"#222", "#444", "#555", *page.INK} | set(re.findall(r"color: (#[0-9a-f]{3,6})", css))
    backgrounds = {"#ffffff", "#fbf8f1", "#efe8d8", "#f6f1e4"}
    full = {c if len(c) == 7 else "#" + "".join(ch * 2 for ch in c[1:]) for c in inks}
    worst = min((contrast(i, b), i, b) for i in full for b in backgrounds)
    assert worst[0] >= 4.5, worst


# --- the command --------------------------------------------------------------------------------


def test_print_writes_the_page_and_refuses_what_it_cannot(
    gintally: Any, ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINTALLY_DB", str(ledger))
    out = tmp_path / "evening.html"
    run: Run = ok(gintally("print", "evening", "--match", EVENING, "-o", str(out)))
    assert run.stdout == f"Wrote {out}: evening of {EVENING}.\n"
    with gintally_book(ledger) as book:
        assert out.read_text(encoding="utf-8") == book.print_page("evening", EVENING)["html"]
    stdout = ok(gintally("print", "pad", "--match", TEAMS, "--paper", "letter", "-o", "-"))
    assert stdout.stdout.startswith("<!DOCTYPE html>") and "size: letter;" in stdout.stdout
    again = refused_line(gintally("print", "evening", "--match", EVENING, "-o", str(out)))
    assert "already exists" in again
    assert refused_line(gintally("print", "poster", "-o", str(tmp_path / "p.html"))) == (
        "Error: KIND must be one of evening, standings, pad, year, not 'poster'"
    )
    assert refused_line(gintally("print", "pad", "--paper", "A3", "-o", "-")) == (
        "Error: --paper must be a4 or letter, not 'A3'"
    )
    early = gintally("print", "evening", "-m", SEASON, "--date", "2024-06-15", "-o", "-")
    assert "has no hand on 2024-06-15" in refused_line(early)
    assert not (tmp_path / "p.html").exists()


def gintally_book(path: Path) -> Book:
    return gintally.open(path)


def test_a_pdf_is_written_by_weasyprint(book: Book, tmp_path: Path) -> None:
    out = tmp_path / "standings.pdf"
    done = book.print_page("standings", SEASON, out=out)
    data = out.read_bytes()
    assert done["output"] == str(out) and data.startswith(b"%PDF-")
    for kind, match in (("standings", SEASON), ("evening", EVENING), ("pad", TEAMS)):
        laid_out = printing.pdf_document(book.print_page(kind, match)["html"])  # type: ignore[arg-type]
        assert len(laid_out.pages) == 1, (kind, match)  # each on one page of A4


def test_without_weasyprint_a_pdf_is_refused_in_one_line(
    gintally: Any, ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINTALLY_DB", str(ledger))
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # as if it were not installed
    out = tmp_path / "pad.pdf"
    line = refused_line(gintally("print", "pad", "-o", str(out)))
    assert line == f"Error: {printing.PDF_MISSING}"
    assert "pip install 'gintally[pdf]'" in line and not out.exists()
