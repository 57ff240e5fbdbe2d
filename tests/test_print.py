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
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import gintally
from conftest import Run, ok, refused_line
from gintally import errors as gintally_errors
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


@pytest.fixture(autouse=True)
def english_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages' dates in English whatever the machine's locale (a test asks for others)."""
    for name in ("LC_ALL", "LC_TIME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


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


def shown(value: Any, lang: str = "en") -> set[str]:
    """How a document's value may be printed: as it is, signed (a net), a list of numbers
    (a set's games, "1, 2, 3"), or a date or a sentence with its dates made readable (in
    `lang`)."""
    if isinstance(value, bool) or value is None:
        raise AssertionError(f"a printed figure is {value!r}")
    if isinstance(value, int):
        return {str(value), f"{value:+d}"}
    if isinstance(value, list):
        return {", ".join(str(v) for v in value)}
    text = str(value)
    return {text, page.readable_dates(text, lang)}


def equal(printed: str, value: Any, lang: str = "en") -> bool:
    """Whether `printed` is how the document's `value` may be printed (`shown`), or, for an
    amount (``"-27.70"``), that amount with its currency ("-$27.70")."""
    if printed in shown(value, lang):
        return True
    amount = isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value)
    return bool(amount) and re.sub(r"[^\d.\-]", "", printed) == value


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
        docs["settle"] = m.settlement(since=date.fromisoformat(day))
    return docs


def check_figures(book: Book, match: str, kind: str, html: str) -> Figures:
    """Every figure on the page equals its document's, and every figure names its source."""
    parsed = read(html)
    docs = documents(book, match, kind, html)
    assert parsed.figures, "the page shows no figure"
    for source, text in parsed.figures:
        assert equal(text, lookup(docs, source)), (source, text)
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
    ("year", EVENING),
    ("year", SEASON),
    ("year", TEAMS),
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
    settle = book.match(EVENING).settlement(since=date(2026, 11, 14))
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
        book.print_page("evening", SEASON, day=date(2024, 6, 15))
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


# --- an evening chosen by set, and what a past evening settled ----------------------------------

SETS = "Sets"
D1, D2, D3 = date(2026, 11, 10), date(2026, 11, 11), date(2026, 11, 12)


def build_sets(path: Path) -> dict[int, Any]:
    """A staked Hollywood match at `path`: set 1 won on D1 (then a payment of $20), set 2
    played over D2 and D3, set 3 opened on D3; returns ``settle --json`` as it stood when each
    set was won, before anything else was played or paid (set 2: ``settle --since D2``,
    nothing paid since)."""
    money: dict[int, Any] = {}
    with gintally.open(path) as book:
        m = book.new_match(SETS, ("Ann", "Bob"), format="hollywood", stake="0.05", currency="$")
        for vs in (60, 70, 80):
            m.gin("Ann", vs=vs, date=D1)
        assert [s["status"] for s in m.sheet()["sets"]] == ["won"]
        money[1] = m.settlement()
        m.pay("Bob", "Ann", "20", date=D1)
        for who, vs, day in (("Bob", 30, D2), ("Ann", 5, D2), ("Bob", 50, D3), ("Bob", 60, D3)):
            m.gin(who, vs=vs, date=day)
        m.gin("Bob", vs=70, date=D3)
        assert [s["status"] for s in m.sheet()["sets"]] == ["won", "won"]
        money[2] = m.settlement(since=D2)
        m.knock("Ann", 3, vs=23, date=D3)  # set 3 opens
    return money


@pytest.fixture(scope="module")
def sets_ledger(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, Any]]:
    path = tmp_path_factory.mktemp("sets") / "sets.db"
    return path, build_sets(path)


def said(html: str) -> str:
    """A page's main text as a reader reads it: inline tags dropped, the others a space,
    spaces folded."""
    main = html.split("<main>")[1].split("</main>")[0]
    text = re.sub(r"<[^>]+>", " ", re.sub(r"</?span\b[^>]*>", "", main))
    return " ".join(unescape(text).split())


@pytest.mark.parametrize("number", [1, 2])
def test_an_evening_chosen_by_set_is_the_whole_set_and_what_it_moved(
    sets_ledger: tuple[Path, dict[int, Any]], number: int
) -> None:
    path, money = sets_ledger
    with gintally.open(path) as book:
        m = book.match(SETS)
        sheet = m.sheet(all=True)
        html = book.print_page("evening", SETS, set_number=number)["html"]
        chosen = sheet["sets"][number - 1]
        (balance,) = money[number]["balances"]
        verdict = f"{chosen['winner']} won the set by {chosen['margin']}; "
        verdict += f"{balance['from']} owes {balance['to']} {balance['text']}."
        assert verdict in said(html)
        expected = {
            1: "Ann won the set by 1395; Bob owes Ann $69.75.",
            2: "Bob won the set by 1205; Ann owes Bob $60.25.",
        }
        assert verdict == expected[number]
        # every hand of the set, whichever day, and no other
        hands = {h for g in sheet["games"] if g["number"] in chosen["games"] for h in g["hands"]}
        parsed = read(html)
        printed = {t for s, t in parsed.figures if re.fullmatch(r"show:sheet\.\d+\.hand", s)}
        assert printed == {str(h) for h in hands}
        days = sorted({r["date"] for r in sheet["sheet"] if r["hand"] in hands})
        heading = " to ".join(dict.fromkeys(page.readable(d) for d in (days[0], days[-1])))
        assert f"{SETS}: set {number}, {heading}" in said(html)
        assert len(days) == number  # set 2 was played over two days
        docs = {"show": sheet, "settle": money[number], "info": m.info()}
        for source, text in parsed.figures:
            assert text in shown(lookup(docs, source)), (source, text)
        assert parsed.unsourced == []


def test_a_past_evening_says_what_that_evening_settled(
    sets_ledger: tuple[Path, dict[int, Any]],
) -> None:
    """By day: D1 finished set 1 (the $20 paid after it and set 2 left out); D2 finished
    nothing; the latest day, D3, finished set 2, as ``settle --since D2`` counts it."""
    path, money = sets_ledger
    with gintally.open(path) as book:
        first = said(book.print_page("evening", SETS, day=D1)["html"])
        (balance,) = money[1]["balances"]
        assert f"{balance['from']} owes {balance['to']} {balance['text']}" in first
        assert "Who owes whom for this evening Bob owes Ann $69.75" in first
        second = said(book.print_page("evening", SETS, day=date(2026, 11, 11))["html"])
        assert "No game was won." in second
        assert "This evening settled nothing: nobody owes anything for it." in second
        still = said(book.print_page("evening", SETS, set_number=3)["html"])
        assert "It is still in play: nothing is owed for it yet." in still
        latest = said(book.print_page("evening", SETS)["html"])
        (balance,) = money[2]["balances"]
        assert latest.startswith(f"{SETS}: {page.readable(D3.isoformat())} ")
        assert f"; {balance['from']} owes {balance['to']} {balance['text']}." in latest


def test_a_set_that_is_not_there_is_refused_in_one_line(
    sets_ledger: tuple[Path, dict[int, Any]],
    book: Book,
    gintally: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path, _ = sets_ledger
    monkeypatch.setenv("GINTALLY_DB", str(path))
    out = tmp_path / "set.html"
    refusals = {
        ("--set", "9"): "Error: Sets has no set 9: its sets are 1 to 3",
        ("--set", "0"): "Error: Sets has no set 0: its sets are 1 to 3",
        ("--set", "two"): "Error: --set must be a whole number, not 'two'",
        ("--set", "1", "--date", "2026-11-10"): (
            "Error: an evening is a day or a set: give --date 2026-11-10 or --set 1, not both"
        ),
    }
    for options, line in refusals.items():
        run = gintally("print", "evening", "-m", SETS, *options, "-o", str(out))
        assert refused_line(run) == line
    with pytest.raises(gintally_errors.GintallyError) as refused:
        book.print_page("evening", SEASON, set_number=1)
    assert str(refused.value) == (
        f"{SEASON} plays no sets (ad-infinitum): print its evening by day instead of set_number"
    )
    standings = gintally("print", "standings", "-m", SETS, "--set", "1", "-o", str(out))
    assert (
        refused_line(standings) == "Error: --set chooses an evening's sheet, not the standings page"
    )
    assert not out.exists()
    done = ok(gintally("print", "evening", "-m", SETS, "--set", "2", "-o", str(out)))
    assert done.stdout == f"Wrote {out}: evening of {SETS}.\n"
    with gintally_book(path) as book:
        assert (
            out.read_text(encoding="utf-8")
            == (book.print_page("evening", SETS, set_number=2)["html"])
        )


# --- dates in the reader's language -------------------------------------------------------------


def test_a_page_writes_dates_in_the_readers_language(
    sets_ledger: tuple[Path, dict[int, Any]],
    gintally: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path, _ = sets_ledger
    with gintally_book(path) as book:
        german = said(book.print_page("evening", SETS, set_number=2, language="de")["html"])
        assert f"{SETS}: set 2, 11. November 2026 to 12. November 2026" in german
        english = said(book.print_page("evening", SETS, set_number=2, language="en")["html"])
        assert f"{SETS}: set 2, 11 November 2026 to 12 November 2026" in english
        with pytest.raises(gintally_errors.GintallyError, match="one of en, de, fr, es, it, nl"):
            book.print_page("pad", SETS, language="klingon")
        # the documents keep ISO dates
        assert book.match(SETS).sheet(all=True)["sheet"][0]["date"] == "2026-11-10"
    monkeypatch.setenv("GINTALLY_DB", str(path))
    for env, lang in (
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8"}, "fr"),
        ({"LC_TIME": "fr_FR.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "pt_BR.UTF-8"}, "en"),
    ):
        for name in ("LC_ALL", "LC_TIME", "LANG"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        html = ok(gintally("print", "year", "-m", SETS, "-o", "-")).stdout
        text = said(html)
        assert f"{SETS}: 2026" in text
        first = page.readable("2026-11-10", lang=lang)
        assert f"{first} to {page.readable('2026-11-12', lang=lang)}" in text, (env, text[:200])
        assert f">{page.short_day(D1, lang)}</text>" in html  # the race chart's axis too
        assert not re.search(r"\d{4}-\d{2}-\d{2}", text)


def test_a_page_writes_money_as_its_language_does(
    sets_ledger: tuple[Path, dict[int, Any]],
) -> None:
    """Amounts on a page follow the language of its dates: ``69,75 $`` beside ``10. November
    2026``, ``€ 69,75``-style in Dutch; the documents keep their English text."""
    path, money = sets_ledger
    with gintally.open(path) as book:
        pages = {
            lang: said(book.print_page("evening", SETS, set_number=1, language=lang)["html"])
            for lang in ("en", "de", "nl")
        }
        year = said(book.print_page("year", SETS, language="fr")["html"])
        standings = book.standings(match=SETS)
    (balance,) = money[1]["balances"]
    assert balance["text"] == "$69.75"
    assert "; Bob owes Ann $69.75." in pages["en"]
    assert "; Bob owes Ann 69,75 $." in pages["de"]
    assert "; Bob owes Ann $ 69,75." in pages["nl"]
    for row in standings["rows"]:  # the year page's winnings column, in French
        amount = row["winnings"].lstrip("-")
        french = amount.replace(".", ",") + " $"
        assert french in year, (row, year[:300])


def test_the_year_pages_table_is_the_standings_document(book: Book) -> None:
    """The year page's figures come from the year in review's document, whose table is
    ``standings --json``'s row for row."""
    for match in (EVENING, SEASON, TEAMS):
        review = plain(work.review(book.ledger(), match, None, date.today()))
        assert review["season"]["rows"] == book.standings(match=match)["rows"]
        figures = read(book.print_page("year", match)["html"]).figures
        assert len([s for s, _ in figures if s.startswith("review:season.rows.")]) >= 14
