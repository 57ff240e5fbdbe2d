"""The year in review as one self-contained web page (`page_html`), and the race's ticks and
daily points that both its charts and the terminal's (`cli/chart`) are drawn with.

The page is one HTML file with everything inside it: the styles in a ``<style>`` element, the
charts as inline SVG drawn by pygal, no script, no font, no image and no address to fetch, so it
opens the same from a USB stick, an e-mail or a browser with the network off, and prints well
(print styles: A4 or Letter margins, no row or chart split across pages, the hand log left
folded). `document` and `table` frame the printed pages of `facade.printing` the same way: the
body in ``<main>``, tables with a caption, ``scope`` on their headings and a wrapper that
scrolls them sideways on a narrow screen, text at 4.5:1 contrast or more, dates as people read
them (`readable`: "3 May 2025"; the documents keep ISO dates).

The charts are made to be read without colour (a black-and-white print, colour blindness):
each player's line has its own dash (`DASH`) and end marker (`MARKER`) as well as its colour,
its name and last figure at its end (no colour legend), the zero line is drawn dark, so a
player who won nothing is still seen, and the SVG is an image (``role="img"``) titled and
described (``<desc>``: who is ahead).

pygal is imported here only, and only by the function that draws, so no other command loads it
(tests/test_layers.py holds that). pygal writes an inline ``<script>`` with its tooltip settings
and comments naming its web site into every SVG even with ``js=[]``; both are removed, since
the page runs no script and names no address.

What the page holds (`page_html`): the match and its season; the standings (games won, hands
won, points, gins, undercuts, biggest hand, net, each side's winnings when the match is played
for money, and who won the year once it is over); the race
chart (games won by date, and the running net for single and hollywood); the sets and series
won; the season's records; the hand log of the season inside a folded ``<details>``.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from html import escape
from typing import Any
from unicodedata import east_asian_width

from gintally.dates import format_date
from gintally.locales import placed
from gintally.report import HandRow, RaceDoc, ReviewDoc, SeasonDoc, SeriesRow, SetRow

NET_FORMATS = ("single", "hollywood")  # formats whose race is also told by the running net
INK = ("#1f4e9c", "#b3341f")  # the two players' colours (blue, brick), dark enough to print
# What tells the two lines apart without colour (a black-and-white print, colour blindness):
# a solid line with round markers, and a dashed one with square markers.
DASH = ("none", "11 6")
MARKER = ("circle", "square")
PAPER = {"a4": "A4", "letter": "letter"}  # `--paper` as CSS's @page size names it
# A month as a chart's axis names it, in each language a page's dates are written in (CLDR's
# abbreviated month names of each language's main country); English as it always was.
SHORT_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "de": (
        "Jan.",
        "Feb.",
        "März",
        "Apr.",
        "Mai",
        "Juni",
        "Juli",
        "Aug.",
        "Sept.",
        "Okt.",
        "Nov.",
        "Dez.",
    ),
    "fr": (
        "janv.",
        "févr.",
        "mars",
        "avr.",
        "mai",
        "juin",
        "juil.",
        "août",
        "sept.",
        "oct.",
        "nov.",
        "déc.",
    ),
    "es": ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"),
    "it": ("gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"),
    "nl": ("jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"),
}


def readable(day: str, lang: str = "en") -> str:
    """An ISO date as people read it on paper in their language (`lang`, `format_date`):
    ``2025-05-03`` is "3 May 2025", "3. Mai 2025" in German. The documents (``--json``) and
    the pages' machine attributes keep the ISO form."""
    return format_date(date.fromisoformat(day), lang)


def readable_dates(text: str, lang: str = "en") -> str:
    """Every ISO date inside `text` (a record's sentence) in the readable form."""
    return re.sub(r"\b\d{4}-\d{2}-\d{2}\b", lambda m: readable(m.group(0), lang=lang), text)


def race_svg(
    race: RaceDoc, what: str, width: int = 900, height: int = 380, lang: str = "en"
) -> str:
    """One race chart (`what`: ``games_won``, ``net``, or ``running_points`` before any game
    has finished) as an inline SVG element, `width` by `height` units, made to be read in black
    and white: each player's line has its own dash and marker as well as its colour, its name
    and last value at its end, and the zero line is drawn dark. The SVG is an image
    (``role="img"``) whose ``<desc>`` says who leads."""
    import pygal
    from pygal.style import Style

    style = Style(
        background="white",
        plot_background="white",
        foreground="#222",
        foreground_strong="#111",
        foreground_subtle="#ccc",
        colors=INK,
        font_family="Georgia, 'Times New Roman', serif",
        title_font_size=18,
        legend_font_size=15,
        label_font_size=13,
        major_label_font_size=13,
    )
    title = {
        "games_won": "Games won",
        "net": "Net (game totals minus the other's)",
        "running_points": "Points so far (no game finished yet)",
    }[what]
    dates, step = (
        (race["running_dates"], "hand") if what == "running_points" else (race["dates"], "game")
    )
    finals = {n: race[what][n][-1] for n in race["players"]}  # type: ignore[literal-required]
    low = min(0, *(min(v) for v in race[what].values()))  # type: ignore[literal-required]
    high = max(1, *(max(v) for v in race[what].values()))  # type: ignore[literal-required]
    options = {
        "js": [],
        "disable_xml_declaration": True,
        "style": style,
        "width": width,
        "height": height,
        "show_dots": False,
        "show_legend": False,  # each line is named at its end (`_for_paper`), in any ink
        "y_labels": whole_ticks(low, high)[0],
        "y_labels_major": [0],  # the zero line (`_for_paper` draws it dark)
        "margin_right": max(110, 20 + max(map(_end_width, finals.items()))),  # the end labels
    }
    by_day = len(set(dates)) > 1
    chart: Any
    if by_day:
        # Days as numbers (`date.toordinal`), labelled by `day_ticks`: pygal's date charts turn
        # dates into timestamps with datetime.utcfromtimestamp, which Python 3.12 deprecates.
        # (Never 0, where pygal would draw the axis inside the chart.)
        positions, labels = day_ticks(race["first_hand"], dates[-1], lang)
        names = {
            date.fromisoformat(p).toordinal(): label
            for p, label in zip(positions, labels, strict=True)
        }
        chart = pygal.XY(
            **options,
            title=title,
            x_value_formatter=lambda x: names.get(x) or _day(x, lang),
            x_labels=sorted(names),
        )
    else:  # one evening: game by game (hand by hand), in the order they closed
        chart = pygal.Line(
            **options,
            title=f"{title}, {step} by {step} on {readable(dates[0], lang=lang)}",
            x_labels=["start", *(f"{step} {i + 1}" for i in range(len(dates)))],
        )
    for name in race["players"]:
        values: list[int] = race[what][name]  # type: ignore[literal-required]
        if not by_day:
            chart.add(name, [0, *values], stroke_style={"width": 3.5})
            continue
        points, last = [(date.fromisoformat(race["first_hand"]).toordinal(), 0)], 0
        for day, value in zip(*daily(dates, values), strict=True):
            x = date.fromisoformat(day).toordinal()
            points += [(x, last), (x, value)]  # a step on the day the game closed
            last = value
        chart.add(name, points, stroke_style={"width": 3.5})
    svg: str = chart.render(is_unicode=True)
    svg = re.sub(r"<script\b.*?</script>", "", svg, flags=re.S)  # pygal's inert settings
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.S)  # comments naming pygal's web site
    svg = svg.replace('"file://style.css"', "").replace('"file://graph.css"', "")
    return _for_paper(svg, what, title, finals)


def _end_width(final: tuple[str, int]) -> int:
    """About how many units `_for_paper`'s label "NAME VALUE" (15 units bold) takes: a wide
    (East Asian) letter a whole 15, any other 9, plus the 10 between the line's end and it."""
    label = f"{final[0]} {final[1]}"
    return 10 + sum(15 if east_asian_width(c) in "WF" else 9 for c in label)


def _for_paper(svg: str, what: str, title: str, finals: dict[str, int]) -> str:
    """pygal's chart made legible without colour and described: each line its dash, a marker
    and its name and value at its end; the zero line dark; ``role="img"``, a title and a
    ``<desc>`` saying who leads."""
    names = list(finals)
    ends: list[tuple[float, float]] = []
    for i in range(len(names)):
        line = re.search(rf'<g class="series serie-{i} color-{i}"><path d="([^"]*)"', svg)
        if line is None:
            return svg  # nothing drawn (no point): pygal's chart as it is
        *_, x, y = re.findall(r"-?\d+(?:\.\d+)?", line.group(1))
        ends.append((float(x), float(y)))
    label_y = [y for _, y in ends]
    if len(label_y) == 2 and abs(label_y[0] - label_y[1]) < 16:  # the two labels apart
        upper = 0 if finals[names[0]] >= finals[names[1]] else 1
        middle = (label_y[0] + label_y[1]) / 2
        label_y[upper], label_y[1 - upper] = middle - 8, middle + 8
    for i, name in enumerate(names):
        x, y = ends[i]
        ink = INK[i % len(INK)]
        marker = (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{ink}" stroke="white"/>'
            if MARKER[i % 2] == "circle"
            else f'<rect x="{x - 5.5:.1f}" y="{y - 5.5:.1f}" width="11" height="11" '
            f'fill="{ink}" stroke="white"/>'
        )
        label = (
            f'<text x="{x + 10:.1f}" y="{label_y[i] + 5:.1f}" fill="{ink}" font-size="15" '
            f'font-weight="bold" class="end-label">{escape(name)} {finals[name]}</text>'
        )
        opening = f'<g class="series serie-{i} color-{i}"><path '
        styled = (
            f'{opening}data-player="{escape(name)}" stroke-dasharray="{DASH[i % 2]}" '
            f'stroke-width="3.5" style="stroke-dasharray:{DASH[i % 2]};stroke-width:3.5;'
            'opacity:1;stroke-opacity:1" '
        )  # attributes for WeasyPrint, the style for browsers (pygal's CSS outranks attributes)
        svg = svg.replace(opening, styled, 1)
        end = svg.index("/>", svg.index(styled)) + 2
        svg = svg[:end] + marker + label + svg[end:]
    svg = svg.replace(
        'class="axis major line"',
        'class="axis major line" stroke="#222" stroke-width="1.5" '
        'style="stroke:#222;stroke-width:1.5;stroke-dasharray:none"',
    )
    ranked = sorted(finals.items(), key=lambda kv: -kv[1])
    unit = {"games_won": "Games won", "net": "Net", "running_points": "Points so far"}[what]
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        lead = f"{unit}: level, {ranked[0][0]} and {ranked[1][0]} both at {ranked[0][1]}."
    else:
        rest = ", ".join(f"{n} has {v}" for n, v in ranked[1:])
        lead = f"{unit}: {ranked[0][0]} is ahead with {ranked[0][1]}; {rest}."
    ident = f"race-{what.replace('_', '-')}"
    svg = re.sub(
        r"<svg ",
        f'<svg role="img" aria-labelledby="{ident}-title {ident}-desc" ',
        svg,
        count=1,
    )
    return re.sub(
        r"<title>[^<]*</title>",
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(lead)}</desc>',
        svg,
        count=1,
    )


def _day(x: float, lang: str) -> str:
    """Day number `x` (`date.toordinal`) as a tooltip names it ("5 Jan")."""
    return short_day(date.fromordinal(round(x)), lang)


def short_day(d: date, lang: str = "en") -> str:
    """A day as a chart's axis names it: "5 Jan", "5. Jan.", "5 janv.", "5 ene"."""
    month = SHORT_MONTHS.get(lang, SHORT_MONTHS["en"])[d.month - 1]
    return f"{d.day}. {month}" if lang == "de" else f"{d.day} {month}"


CSS = """
:root { color-scheme: light; }
body { font-family: Georgia, 'Times New Roman', serif; color: #222; background: #fbf8f1;
  max-width: 960px; margin: 2rem auto; padding: 0 1.5rem; line-height: 1.45; }
h1 { font-size: 2.1rem; margin: 0 0 .2rem; }
h2 { font-size: 1.35rem; border-bottom: 2px solid #d9cfbb; padding-bottom: .2rem;
  margin-top: 2.2rem; }
.sub { color: #444; margin: 0 0 1rem; }
.verdict { font-size: 1.25rem; margin: 1rem 0; }
.wide { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; margin: .6rem 0; background: white; }
caption { text-align: left; font-style: italic; color: #444; padding: .2rem 0; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid #e3dccd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #efe8d8; font-weight: normal; font-variant: small-caps; letter-spacing: .03em; }
td.text, th.text { text-align: left; }
.p0 { color: #1f4e9c; font-weight: bold; }
.p1 { color: #b3341f; font-weight: bold; }
figure { margin: 1rem 0; background: white; border: 1px solid #e3dccd; }
figure svg { display: block; width: 100%; height: auto; }
details { margin: 1rem 0; }
summary { cursor: pointer; font-size: 1.1rem; }
footer { margin-top: 3rem; color: #555; font-size: .85rem; }
@media (max-width: 600px) {
  body { margin: 1rem auto; padding: 0 .6rem; }
  h1 { font-size: 1.6rem; }
  th, td { padding: .25rem .4rem; }
  figure { overflow-x: auto; }
  figure svg { min-width: 640px; }
}
@page { size: A4; margin: 15mm; }
@media print {
  body { background: white; margin: 0; max-width: none; padding: 0; font-size: 11pt; }
  .wide { overflow: visible; }
  figure, tr { break-inside: avoid; }
  h2, caption { break-after: avoid; }
  summary { cursor: auto; }
  footer { display: none; }
}
"""


def document(
    title: str, body: str, made: date, paper: str = "a4", css: str = "", lang: str = "en"
) -> str:
    """A whole printable page: `body` inside ``<main>``, the shared styles (and `css`), the
    paper's size (`paper`: ``a4`` or ``letter``) and a footer naming the day it was made."""
    size = PAPER[paper]
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{CSS.replace("size: A4;", f"size: {size};")}{css}</style>
</head>
<body>
<main>
{body}
</main>
<footer>Made by gintally on {readable(made.isoformat(), lang=lang)}.</footer>
</body>
</html>
"""


def table(caption: str, heads: list[str], rows: list[str], cls: str = "") -> str:
    """A table in its scrolling wrapper (a narrow screen scrolls it, never cuts it): its
    `caption`, column `heads` (``scope="col"``) and `rows` (each a ``<tr>``'s cells)."""
    head = "".join(
        f'<th scope="col" class="text">{escape(h[1:])}</th>'
        if h.startswith("~")  # a column of words
        else f'<th scope="col">{escape(h)}</th>'
        for h in heads
    )
    attr = f' class="{cls}"' if cls else ""
    return (
        f'<div class="wide"><table{attr}><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def cell(value: object, cls: str = "", ref: str = "") -> str:
    """A table cell of `value`'s text (`cls`: its class; `ref`: where the figure comes from,
    ``review:season.rows.0.points``, named in its ``data-doc`` attribute)."""
    attr = (f' data-doc="{escape(ref)}"' if ref else "") + (f' class="{cls}"' if cls else "")
    return f"<td{attr}>{escape(str(value))}</td>"


def _row_head(value: str, cls: str = "") -> str:
    """The cell that names a row (a player): a header cell for its row."""
    attr = f' class="{cls}"' if cls else ""
    return f'<th scope="row"{attr}>{escape(value)}</th>'


def doc_ref(doc: str, path: str) -> str:
    """Where a figure comes from, for its ``data-doc`` attribute: ``review:sets.0.margin``;
    nothing when the page names no sources (`doc` empty: the report's page)."""
    return f"{doc}:{path}" if doc else ""


def _standings(season: SeasonDoc, names: list[str], doc: str, lang: str = "en") -> str:
    heads = ["player", "games won", "hands won", "points", "gins", "undercuts", "biggest", "net"]
    stake = season.get("stake")  # played for money: the season's winnings too
    if stake is not None:
        from gintally.report import money_text

        heads += ["winnings"]
    rows = []
    for i, r in enumerate(season["rows"]):
        rows.append(
            "<tr>"
            + _row_head(r["player"], f"p{names.index(r['player']) if r['player'] in names else i}")
            + "".join(
                cell(r[k], ref=doc_ref(doc, f"season.rows.{i}.{k}"))
                for k in ("games_won", "hands_won", "points", "gins", "undercuts", "biggest_hand")
            )
            + cell(f"{r['net']:+d}", ref=doc_ref(doc, f"season.rows.{i}.net"))
            + (
                cell(
                    placed(
                        money_text(r.get("winnings", "0"), stake["currency"]),
                        stake["currency"],
                        lang,
                    ),
                    ref=doc_ref(doc, f"season.rows.{i}.winnings"),
                )
                if stake
                else ""
            )
            + "</tr>"
        )
    return table(f"The standings of {season['season']}", heads, rows)


def games_said(n: int) -> str:
    """`n` games in words: "1 game", "3 games"."""
    return f"{n} game" if n == 1 else f"{n} games"


def _hands(n: int) -> str:
    return f"{n} hand" if n == 1 else f"{n} hands"


def _verdict(season: SeasonDoc, one_day: str | None, lang: str) -> str:
    """Who won the year, or leads it; for a season of one evening (`one_day`), who won more
    games that evening (the year is not what it covers)."""
    games = {r["player"]: r["games_won"] for r in season["rows"]}
    (a, ga), (b, gb) = games.items()
    if one_day is not None:
        if ga == gb:
            return f"{games_said(ga)} each on {readable(one_day, lang=lang)}."
        lead, other = (a, b) if ga > gb else (b, a)
        won = f"{escape(lead)} won {games_said(games[lead])} to {games[other]}"
        return f"{won} on {readable(one_day, lang=lang)}."
    if season.get("over"):
        if season.get("winner"):
            w = season.get("winner") or ""
            lo = b if w == a else a
            return f"{escape(w)} won the year, {games_said(games[w])} to {games[lo]}."
        return f"The year was tied, {games_said(ga)} each."
    if ga == gb:
        return f"Level so far: {games_said(ga)} each."
    lead, other = (a, b) if ga > gb else (b, a)
    return (
        f"{escape(lead)} leads, {games_said(games[lead])} to {games[other]}, with the year in play."
    )


def _sets(sets: list[SetRow], series: list[SeriesRow], lang: str, doc: str) -> str:
    parts = []
    if sets:
        rows = [
            "<tr>"
            + cell(s["number"], ref=doc_ref(doc, f"sets.{i}.number"))
            + cell(", ".join(str(n) for n in s["games"]), "text", doc_ref(doc, f"sets.{i}.games"))
            + cell(s["winner"] or "tied", "text")
            + cell(s["margin"], ref=doc_ref(doc, f"sets.{i}.margin"))
            + "</tr>"
            for i, s in enumerate(sets)
        ]
        parts.append(table("Sets", ["set", "~games", "~won by", "by"], rows))
    if series:
        rows = [
            "<tr>"
            + cell(s["number"], ref=doc_ref(doc, f"series.{i}.number"))
            + cell(s["winner"], "text")
            + cell(readable(s["date"], lang=lang), "text", doc_ref(doc, f"series.{i}.date"))
            + "</tr>"
            for i, s in enumerate(series)
        ]
        parts.append(table("Series", ["series", "~won by", "~on"], rows))
    if not parts:
        return "<p>No set or series was finished this season (this format plays none).</p>"
    return "".join(parts)


def records_table(
    records: list[tuple[str, str]], caption: str, source: str = "", lang: str = "en"
) -> str:
    """The season's records (each a name and its sentence), dates made readable; `source`:
    where the records are in their document (each sentence's cell names it, ``data-doc``)."""
    if not records:
        return "<p>No hand was won this season.</p>"
    rows = [
        f'<tr><th scope="row">{escape(k)}</th><td class="text"'
        + (f' data-doc="{escape(source)}.{i}.1"' if source else "")
        + f">{escape(readable_dates(v, lang))}</td></tr>"
        for i, (k, v) in enumerate(records)
    ]
    return table(caption, ["record", "~what and when"], rows)


def _log(hands: list[HandRow], season: str, lang: str, doc: str) -> str:
    rows = [
        "<tr>"
        + cell(h["id"], ref=doc_ref(doc, f"hands.{i}.id"))
        + cell(readable(h["date"], lang=lang), "text", doc_ref(doc, f"hands.{i}.date"))
        + cell(h["dealer"] or "", "text")
        + cell(h["description"], "text", doc_ref(doc, f"hands.{i}.description"))
        + "</tr>"
        for i, h in enumerate(hands)
    ]
    return (
        f"<details><summary>The {_hands(len(hands))} of {escape(season)}</summary>"
        + table(f"Every hand of {season}", ["hand", "~date", "~dealer", "~what happened"], rows)
        + "</details>"
    )


def covered(race: RaceDoc, hands: list[HandRow], lang: str = "en") -> tuple[str, str | None]:
    """What a season's page covers, for its heading: the season ("2026"), or the one evening
    all its hands were played on ("14 November 2026"), which is also returned."""
    days = {h["date"] for h in hands}
    if len(days) == 1:
        (day,) = days
        return readable(day, lang=lang), day
    return race["season"], None


def page_html(
    review: ReviewDoc, made: date, paper: str = "a4", lang: str = "en", sourced: bool = False
) -> str:
    """The whole page, as one string (`paper`: ``a4`` or ``letter``; `lang`: the language of
    its dates; `sourced`: each figure names where it is in `review`, ``data-doc``, as the
    printed pages of `facade.printing` do)."""
    doc = "review" if sourced else ""
    race, season, hands = review["race"], review["season"], review["hands"]
    sets, series, records = review["sets"], review["series"], review["records"]
    names = race["players"]
    label, one_day = covered(race, hands, lang)
    title = f"{race['match']}: {label}" + ("" if one_day else " in review")
    charts = [race_svg(race, "games_won", lang=lang)] if race["dates"] else []
    if race["dates"] and race["format"] in NET_FORMATS:
        charts.append(race_svg(race, "net", lang=lang))
    if not race["dates"] and race["running_dates"]:  # no game finished: the points so far
        charts.append(race_svg(race, "running_points", lang=lang))
    figures = "".join(f"<figure>{svg}</figure>" for svg in charts) or (
        "<p>No hand has scored this season yet.</p>"
    )
    vs = f"<span class='p0'>{escape(names[0])}</span> v <span class='p1'>{escape(names[1])}</span>"
    if one_day or not hands:
        when = ""
    else:
        first, last = (
            readable(race["first_hand"], lang=lang),
            readable(hands[-1]["date"], lang=lang),
        )
        when = f", {first} to {last}"
    unfinished = season.get("unfinished") or 0
    note = f"<p>{unfinished} game(s) left unfinished at the season's end.</p>" if unfinished else ""
    kept = records_table(records, "The season's records", doc_ref(doc, "records"), lang)
    body = f"""<header>
<h1>{escape(race["match"])}: {escape(label)}</h1>
<p class="sub">{vs} &middot; {escape(race["format"])} &middot; {_hands(len(hands))}{when}</p>
<p class="verdict">{_verdict(season, one_day, lang)}</p>
</header>
<section><h2>Standings</h2>{_standings(season, names, doc, lang)}{note}</section>
<section><h2>The race</h2>{figures}</section>
<section><h2>Sets and series</h2>{_sets(sets, series, lang, doc)}</section>
<section><h2>Records of the year</h2>{kept}</section>
<section><h2>Hand log</h2>{_log(hands, race["season"], lang, doc)}</section>"""
    return document(title, body, made, paper, lang=lang)


def whole_ticks(low: int, high: int) -> tuple[list[int], list[str]]:
    """At most six whole-number ticks from `low` to `high` at a round step (1, 2, 5, 10...)."""
    span = max(1, high - low)
    step = 1
    while span / step > 5:
        for factor in (2, 5 / 2, 2):  # 1, 2, 5, 10, 20, 50...
            step = round(step * factor)
            if span / step <= 5:
                break
    first = (low // step) * step
    ticks = list(range(first, high + step, step))
    return ticks, [str(t) for t in ticks]


def day_ticks(first: str, last: str, lang: str = "en") -> tuple[list[str], list[str]]:
    """Ticks for a season's dates: the first of each month (every other month, or every
    third, when there are many) for a long stretch, else about five days ("5 Jan"); named in
    `lang` (`SHORT_MONTHS`)."""
    short = SHORT_MONTHS.get(lang, SHORT_MONTHS["en"])
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    days = (end - start).days
    if days >= 45:
        months = []
        y, m = (start.year, start.month + 1) if start.day > 1 else (start.year, start.month)
        while date(y + (m - 1) // 12, (m - 1) % 12 + 1, 1) <= end:
            months.append(date(y + (m - 1) // 12, (m - 1) % 12 + 1, 1))
            m += 1
        every = 1 if len(months) <= 7 else 2 if len(months) <= 13 else 3
        months = months[::every]
        return [d.isoformat() for d in months], [short[d.month - 1] for d in months]
    step = max(1, round(days / 4))
    picks = [start + timedelta(days=i) for i in range(0, days + 1, step)]
    return [d.isoformat() for d in picks], [short_day(d, lang) for d in picks]


def daily(dates: list[str], values: list[int]) -> tuple[list[str], list[int]]:
    """The race at the resolution a drawing can show: the value at the end of each day (its
    last game closed). A season has at most 366 days, so a season of thousands of games is
    drawn with a few hundred points at most, and the line looks the same: the games of one day
    are one step."""
    days: dict[str, int] = {}
    for day, value in zip(dates, values, strict=True):
        days[day] = value  # the last value of the day
    return list(days), list(days.values())
