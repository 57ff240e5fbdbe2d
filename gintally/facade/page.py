"""The year in review as one self-contained web page (`page_html`), and the race's ticks and
daily points that both its charts and the terminal's (`cli/chart`) are drawn with.

The page is one HTML file with everything inside it: the styles in a ``<style>`` element, the
charts as inline SVG drawn by pygal, no script, no font, no image and no address to fetch, so it
opens the same from a USB stick, an e-mail or a browser with the network off, and prints well
(print styles: A4 margins, no section split across pages, the hand log left folded).

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

from gintally.report import HandRow, RaceDoc, ReviewDoc, SeasonDoc, SeriesRow, SetRow

NET_FORMATS = ("single", "hollywood")  # formats whose race is also told by the running net
INK = ("#1f4e9c", "#b3341f")  # the two players' colours (blue, brick), dark enough to print


def race_svg(race: RaceDoc, what: str) -> str:
    """One race chart (`what`: ``games_won``, ``net``, or ``running_points`` before any game
    has finished) as an inline SVG element."""
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
    low = min(0, *(min(v) for v in race[what].values()))  # type: ignore[literal-required]
    high = max(1, *(max(v) for v in race[what].values()))  # type: ignore[literal-required]
    options = {
        "js": [],
        "disable_xml_declaration": True,
        "style": style,
        "width": 900,
        "height": 380,
        "show_dots": False,
        "legend_at_bottom": True,
        "truncate_legend": -1,
        "y_labels": whole_ticks(low, high)[0],
    }
    by_day = len(set(dates)) > 1
    chart: Any
    if by_day:
        # Days as numbers (`date.toordinal`), labelled by `day_ticks`: pygal's date charts turn
        # dates into timestamps with datetime.utcfromtimestamp, which Python 3.12 deprecates.
        # (Never 0, where pygal would draw the axis inside the chart.)
        positions, labels = day_ticks(race["first_hand"], dates[-1])
        names = {date.fromisoformat(p).toordinal(): label for p, label in zip(
            positions, labels, strict=True)}  # fmt: skip
        chart = pygal.XY(
            **options,
            title=title,
            x_value_formatter=lambda x: names.get(x) or _day(x),
            x_labels=sorted(names),
        )
    else:  # one evening: game by game (hand by hand), in the order they closed
        chart = pygal.Line(
            **options,
            title=f"{title}, {step} by {step} on {dates[0]}",
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
    return svg.replace('"file://style.css"', "").replace('"file://graph.css"', "")


def _day(x: float) -> str:
    """Day number `x` (`date.toordinal`) as a tooltip names it ("5 Jan")."""
    d = date.fromordinal(round(x))
    return f"{d.day} {d:%b}"


CSS = """
:root { color-scheme: light; }
body { font-family: Georgia, 'Times New Roman', serif; color: #222; background: #fbf8f1;
  max-width: 960px; margin: 2rem auto; padding: 0 1.5rem; line-height: 1.45; }
h1 { font-size: 2.1rem; margin: 0 0 .2rem; }
h2 { font-size: 1.35rem; border-bottom: 2px solid #d9cfbb; padding-bottom: .2rem;
  margin-top: 2.2rem; }
.sub { color: #555; margin: 0 0 1rem; }
.verdict { font-size: 1.25rem; margin: 1rem 0; }
table { border-collapse: collapse; margin: .6rem 0; background: white; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid #e3dccd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #efe8d8; font-weight: normal; font-variant: small-caps; letter-spacing: .03em; }
td.text { text-align: left; }
.p0 { color: #1f4e9c; font-weight: bold; }
.p1 { color: #b3341f; font-weight: bold; }
figure { margin: 1rem 0; background: white; border: 1px solid #e3dccd; }
figure svg { display: block; width: 100%; height: auto; }
details { margin: 1rem 0; }
summary { cursor: pointer; font-size: 1.1rem; }
footer { margin-top: 3rem; color: #777; font-size: .85rem; }
@page { size: A4; margin: 15mm; }
@media print {
  body { background: white; margin: 0; max-width: none; padding: 0; font-size: 11pt; }
  section, figure, table { break-inside: avoid; }
  h2 { break-after: avoid; }
  summary { cursor: auto; }
  footer { display: none; }
}
"""


def _cell(value: object, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{escape(str(value))}</td>"


def _standings(season: SeasonDoc, names: list[str]) -> str:
    heads: tuple[str, ...] = (
        "player", "games won", "hands won", "points", "gins", "undercuts", "biggest", "net",
    )  # fmt: skip
    stake = season.get("stake")  # played for money: the season's winnings too
    if stake is not None:
        from gintally.report import money_text

        heads += ("winnings",)
    rows = []
    for i, r in enumerate(season["rows"]):
        rows.append(
            "<tr>"
            + _cell(r["player"], f"p{names.index(r['player']) if r['player'] in names else i}")
            + "".join(
                _cell(r[k])
                for k in ("games_won", "hands_won", "points", "gins", "undercuts", "biggest_hand")
            )
            + _cell(f"{r['net']:+d}")
            + (_cell(money_text(r.get("winnings", "0"), stake["currency"])) if stake else "")
            + "</tr>"
        )
    head = "".join(f"<th>{h}</th>" for h in heads)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _hands(n: int) -> str:
    return f"{n} hand" if n == 1 else f"{n} hands"


def _verdict(season: SeasonDoc) -> str:
    games = {r["player"]: r["games_won"] for r in season["rows"]}
    (a, ga), (b, gb) = games.items()
    if season.get("over"):
        if season.get("winner"):
            w = season.get("winner") or ""
            lo = b if w == a else a
            return f"{escape(w)} won the year, {_games(games[w])} to {games[lo]}."
        return f"The year was tied, {_games(ga)} each."
    if ga == gb:
        return f"Level so far: {_games(ga)} each."
    lead, other = (a, b) if ga > gb else (b, a)
    return f"{escape(lead)} leads, {_games(games[lead])} to {games[other]}, with the year in play."


def _sets(sets: list[SetRow], series: list[SeriesRow]) -> str:
    parts = []
    if sets:
        rows = "".join(
            "<tr>" + _cell(s["number"]) + _cell(", ".join(str(n) for n in s["games"]), "text")
            + _cell(s["winner"] or "tied", "text") + _cell(s["margin"]) + "</tr>"
            for s in sets
        )  # fmt: skip
        parts.append(
            "<table><thead><tr><th>set</th><th>games</th><th>won by</th><th>by</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    if series:
        rows = "".join(
            "<tr>" + _cell(s["number"]) + _cell(s["winner"], "text") + _cell(s["date"]) + "</tr>"
            for s in series
        )
        parts.append(
            "<table><thead><tr><th>series</th><th>won by</th><th>on</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    if not parts:
        return "<p>No set or series was finished this season (this format plays none).</p>"
    return "".join(parts)


def _records(records: list[tuple[str, str]]) -> str:
    if not records:
        return "<p>No hand was won this season.</p>"
    rows = "".join(
        f"<tr><td>{escape(k)}</td><td class='text'>{escape(v)}</td></tr>" for k, v in records
    )
    return f"<table><tbody>{rows}</tbody></table>"


def _log(hands: list[HandRow], season: str) -> str:
    rows = "".join(
        "<tr>" + _cell(h["id"]) + _cell(h["date"]) + _cell(h["dealer"] or "", "text")
        + _cell(h["description"], "text") + "</tr>"
        for h in hands
    )  # fmt: skip
    return (
        f"<details><summary>The {_hands(len(hands))} of {escape(season)}</summary>"
        "<table><thead><tr><th>hand</th><th>date</th><th>dealer</th><th>what happened</th>"
        f"</tr></thead><tbody>{rows}</tbody></table></details>"
    )


def page_html(review: ReviewDoc, made: date) -> str:
    """The whole page, as one string."""
    race, season, hands = review["race"], review["season"], review["hands"]
    sets, series, records = review["sets"], review["series"], review["records"]
    names = race["players"]
    label = race["season"]
    title = f"{race['match']}: {label} in review"
    charts = [race_svg(race, "games_won")] if race["dates"] else []
    if race["dates"] and race["format"] in NET_FORMATS:
        charts.append(race_svg(race, "net"))
    if not race["dates"] and race["running_dates"]:  # no game finished: the points so far
        charts.append(race_svg(race, "running_points"))
    figures = "".join(f"<figure>{svg}</figure>" for svg in charts) or (
        "<p>No hand has scored this season yet.</p>"
    )
    vs = f"<span class='p0'>{escape(names[0])}</span> v <span class='p1'>{escape(names[1])}</span>"
    when = f"{race['first_hand']} to {hands[-1]['date']}" if hands else ""
    unfinished = season.get("unfinished") or 0
    note = f"<p>{unfinished} game(s) left unfinished at the season's end.</p>" if unfinished else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{CSS}</style>
</head>
<body>
<header>
<h1>{escape(race["match"])}: {escape(label)}</h1>
<p class="sub">{vs} &middot; {escape(race["format"])} &middot; {_hands(len(hands))}, {when}</p>
<p class="verdict">{_verdict(season)}</p>
</header>
<section><h2>Standings</h2>{_standings(season, names)}{note}</section>
<section><h2>The race</h2>{figures}</section>
<section><h2>Sets and series</h2>{_sets(sets, series)}</section>
<section><h2>Records of the year</h2>{_records(records)}</section>
<section><h2>Hand log</h2>{_log(hands, label)}</section>
<footer>Made by gintally on {made.isoformat()}.</footer>
</body>
</html>
"""


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


def day_ticks(first: str, last: str) -> tuple[list[str], list[str]]:
    """Ticks for a season's dates: the first of each month (every other month, or every
    third, when there are many) for a long stretch, else about five days ("5 Jan")."""
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
        return [d.isoformat() for d in months], [d.strftime("%b") for d in months]
    step = max(1, round(days / 4))
    picks = [start + timedelta(days=i) for i in range(0, days + 1, step)]
    return [d.isoformat() for d in picks], [f"{d.day} {d.strftime('%b')}" for d in picks]


def daily(dates: list[str], values: list[int]) -> tuple[list[str], list[int]]:
    """The race at the resolution a drawing can show: the value at the end of each day (its
    last game closed). A season has at most 366 days, so a season of thousands of games is
    drawn with a few hundred points at most, and the line looks the same: the games of one day
    are one step."""
    days: dict[str, int] = {}
    for day, value in zip(dates, values, strict=True):
        days[day] = value  # the last value of the day
    return list(days), list(days.values())
