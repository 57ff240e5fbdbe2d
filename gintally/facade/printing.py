"""Pages made to print (``gintally print KIND``, `Book.print_page`): the evening's sheet, the
season's standings, a blank pad to keep score in pencil, and the year in review (`page`), each
one self-contained HTML page (no script, no font, no address to fetch) sized for A4 or Letter
paper, or a PDF made from it by WeasyPrint (the optional ``pdf`` extra).

Every figure on a page is read from a document the library already gives (only the evening's
verdict counts the games its sheet shows won that day):
the sheet from ``show --all --json`` (`Match.sheet`), who owes whom from ``settle --json``
(`Match.settlement`), the table from ``standings --json``, the race and the records from the
year in review's document, the pad's rules from ``match show --json`` (`Match.info`). Each cell
or phrase that shows a figure names where it comes from in a ``data-doc`` attribute
(``show:games.0.total.Ann``: the document, then the path of keys and list indexes), which the
tests follow to compare every printed number with the document's.

Legible without colour: the charts are `page.race_svg`'s (a dash and a marker per player,
names at the lines' ends, the zero line dark); the players' columns are told apart by their
names, never by colour alone. Dates read as people write them ("14 November 2026").

Terminology
- evening: the hands of one match played on one day (`day`; by default the latest day).
- pad: a blank sheet ruled for pencil, with the match's format (columns per game and player,
  or per table and team) and its rules' numbers at the foot.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from html import escape
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from gintally import locales
from gintally.errors import GintallyError
from gintally.facade import page
from gintally.jsonout import plain
from gintally.report import ReviewDoc

if TYPE_CHECKING:
    from gintally.ledger import Ledger

Kind: TypeAlias = Literal["evening", "standings", "pad", "year"]
Paper: TypeAlias = Literal["a4", "letter"]
KINDS: tuple[Kind, ...] = ("evening", "standings", "pad", "year")
PAPERS: tuple[Paper, ...] = ("a4", "letter")
PAD_ROWS = 18  # pencil lines on a blank pad (one page of A4 or Letter)
PDF_MISSING = "writing a PDF needs WeasyPrint: pip install 'gintally[pdf]' (or write FILE.html)"

CSS = """
.sheet th, .sheet td { padding: .15rem .45rem; }
.sheet tfoot th, .sheet tfoot td { border-top: 1px solid #999; background: #f6f1e4; }
.sheet tfoot tr.total th, .sheet tfoot tr.total td { font-weight: bold; }
.sheet tr.day th { font-variant: normal; font-weight: bold; letter-spacing: 0; }
.money { font-size: 1.1rem; }
.pad td { height: 7.2mm; padding: 0 .4rem; border: 1px solid #999; }
.pad th { padding: .15rem .4rem; border: 1px solid #999; }
.rules { display: flex; flex-wrap: wrap; gap: .2rem 1.4rem; margin: .8rem 0 0; padding: 0;
  list-style: none; font-size: .95rem; }
.sign { margin-top: 1.6rem; display: flex; gap: 2rem; flex-wrap: wrap; }
.sign span { flex: 1; min-width: 12rem; border-top: 1px solid #222; padding-top: .2rem; }
.line { display: inline-block; min-width: 12rem; border-bottom: 1px solid #222; }
figure.small svg { max-width: 640px; }
@media print {
  h1 { font-size: 1.5rem; }
  h2 { margin: .8rem 0 .3rem; font-size: 1.1rem; }
  .verdict { margin: .5rem 0; }
  figure.small svg { max-width: 560px; }
  th, td { padding: .15rem .5rem; }
  .sheet { font-size: 9.5pt; }
  .pad { width: 100%; }
}
"""


def page_language(asked: str | None) -> str:
    """The language a page writes its dates in: `asked` (one of `locales.LANGUAGES`), else
    the reader's, as every text of gintally finds it (`locales.language`: ``LC_ALL``, then
    ``LC_TIME``, then ``LANG``)."""
    if asked is None:
        return locales.language("LC_TIME")
    if asked not in locales.LANGUAGES:
        raise GintallyError(
            f"the language must be one of {', '.join(locales.LANGUAGES)}, not {asked!r}"
        )
    return asked


def num(value: object, ref: str, cls: str = "") -> str:
    """A cell showing a figure of a document, naming where it comes from (`ref`)."""
    return page.cell(value, cls, ref)


def fig(value: object, ref: str) -> str:
    """A figure inside a sentence, naming where it comes from (`ref`)."""
    return f'<span data-doc="{escape(ref)}">{escape(str(value))}</span>'


def _player_class(names: list[str], name: str) -> str:
    return f"p{names.index(name)}" if name in names else ""


# --- the evening's sheet ------------------------------------------------------------------------


@dataclass(frozen=True)
class Evening:
    """The hands an evening sheet shows: those of one day, or of one set (`set_index`, its
    place in the sheet's ``sets``), which may run over two days or more (`days`, in order)."""

    days: tuple[str, ...]
    hands: frozenset[int]
    set_index: int | None = None


def evening_of(sheet: dict[str, Any], day: date | None, set_number: int | None) -> Evening:
    """The evening asked for: the day `day`, or the set numbered `set_number` (whole, over
    every day it was played on), or by default the latest day the match has hands on; refused
    when both are given, when the match has no hand that day, plays no sets, or has no such
    set."""
    rows = sheet["sheet"]
    days = [r["date"] for r in rows]
    if not days:
        raise GintallyError(f"{sheet['match']} has no hands yet: there is no evening to print")
    if day is not None and set_number is not None:
        raise GintallyError(
            f"an evening is a day or a set: give --date {day.isoformat()} or "
            f"--set {set_number}, not both"
        )
    if set_number is not None:
        sets = sheet.get("sets") or []
        if not sets:
            raise GintallyError(
                f"{sheet['match']} plays no sets ({sheet['format']}): print its evening by "
                "--date instead of --set"
            )
        found = [i for i, s in enumerate(sets) if s["number"] == set_number]
        if not found:
            raise GintallyError(
                f"{sheet['match']} has no set {set_number}: its sets are "
                f"{sets[0]['number']} to {sets[-1]['number']}"
            )
        games = set(sets[found[0]]["games"])
        hands = frozenset(h for g in sheet["games"] if g["number"] in games for h in g["hands"])
        on = sorted({r["date"] for r in rows if r["hand"] in hands})
        return Evening(tuple(on), hands, found[0])
    if day is None:
        wanted = str(max(days))
    else:
        wanted = day.isoformat()
        if wanted not in days:
            raise GintallyError(
                f"{sheet['match']} has no hand on {wanted}: its evenings are "
                f"{min(days)} to {max(days)}"
            )
    return Evening((wanted,), frozenset(r["hand"] for r in rows if r["date"] == wanted))


def evening_days(evening: Evening, lang: str) -> str:
    """The day or days an evening was played, as people read them ("14 November 2026", "14
    November 2026 to 15 November 2026")."""
    first, last = evening.days[0], evening.days[-1]
    if first == last:
        return page.readable(first, lang=lang)
    return f"{page.readable(first, lang=lang)} to {page.readable(last, lang=lang)}"


def evening_settled(
    book: Ledger, match: str, sheet: dict[str, Any], evening: Evening, today: date
) -> dict[str, Any]:
    """What the evening settled, as ``settle --json`` writes who owes whom: the games and sets
    it finished, each priced as `settle` prices it (`service.settlement`), netted as `settle`
    nets them (`Owed`), without what was in play or paid. For a day, what closed that day; for
    a set, the set (and any of its games priced alone). So the evening that finished a set
    says what that set moved, however much was played or paid after it."""
    from gintally import report, service
    from gintally.engine.settlement import Owed

    m = book.match(match)
    whole = service.settlement(book, [m], None, today)
    if not whole.matches:
        done: dict[str, Any] = plain(report.settle_doc(whole))
        return done
    priced = whole.matches[0]
    if evening.set_index is None:
        days = set(evening.days)
        kept = [s for s in priced.money.settled if s.day.isoformat() in days]
    else:
        chosen = sheet["sets"][evening.set_index]
        games = set(chosen["games"])
        kept = [
            s
            for s in priced.money.settled
            if (s.what == "set" and s.number == chosen["number"])
            or (s.what == "game" and s.number in games)
        ]
    owed = Owed()
    pair = service.sides(m)
    for item in kept:
        owed.settle(item, pair)
    priced.money.settled, priced.money.in_play = kept, None
    moved = service.Settlement(
        matches=[priced],
        owed={priced.currency: owed},
        places={priced.currency: priced.places},
        names=whole.names,
    )
    doc: dict[str, Any] = plain(report.settle_doc(moved))
    return doc


def evening_page(
    book: Ledger,
    match: str,
    sheet: dict[str, Any],
    day: date | None,
    set_number: int | None,
    made: date,
    paper: str = "a4",
    lang: str = "en",
) -> str:
    """The evening's sheet (`evening_html`) of the day or set asked for (`evening_of`), with
    what it settled (`evening_settled`). `sheet`: ``show --all --json``."""
    evening = evening_of(sheet, day, set_number)
    money = evening_settled(book, match, sheet, evening, made)
    return evening_html(sheet, money, evening, made, paper, lang)


def _result_line(
    sheet: dict[str, Any], games: list[int], sets: list[int], days: tuple[str, ...]
) -> str:
    """What the evening decided, in words: the sets won on it, else the games won on it."""
    if sets:
        said = []
        for i in sets:
            s = sheet["sets"][i]
            if s["winner"] is None:
                said.append(f"set {fig(s['number'], f'show:sets.{i}.number')} was tied")
            elif len(sets) == 1:
                said.append(
                    f"{escape(s['winner'])} won the set by "
                    + fig(s["margin"], f"show:sets.{i}.margin")
                )
            else:
                said.append(
                    f"{escape(s['winner'])} won set {fig(s['number'], f'show:sets.{i}.number')} "
                    f"by {fig(s['margin'], f'show:sets.{i}.margin')}"
                )
        return ", ".join(said)
    won: dict[str, int] = dict.fromkeys(sheet["players"], 0)
    for i in games:
        g = sheet["games"][i]
        if g["status"] == "won" and g["winner"] in won and g["closed"] in days:
            won[g["winner"]] += 1
    (a, ga), (b, gb) = won.items()
    if ga == gb == 0:
        return "No game was won"
    lead, other = (a, b) if ga >= gb else (b, a)
    if ga == gb:
        return f"{page.games_said(ga)} each"
    return f"{escape(lead)} won {page.games_said(won[lead])} to {won[other]}"


def _owed(money: dict[str, Any] | None, lang: str = "en") -> list[str]:
    """Who owes whom, each a phrase with its amount placed as `lang` writes it (none when the
    match is not staked)."""
    if money is None or money["unstaked"]:
        return []
    return [
        f"{escape(b['from'])} owes {escape(b['to'])} "
        + fig(locales.placed(b["text"], b["currency"], lang), f"settle:balances.{i}.text")
        for i, b in enumerate(money["balances"])
    ]


def evening_html(
    sheet: dict[str, Any],
    money: dict[str, Any] | None,
    evening: Evening,
    made: date,
    paper: str = "a4",
    lang: str = "en",
) -> str:
    """The sheet of one evening of a match (a day or a set, `evening`): every hand with each
    game's running score, each game's points, bonuses, total and net, the sets it finished,
    and who owes whom for what it settled (`money`, `evening_settled`; None or unstaked:
    nothing). `sheet`: ``show --all --json``; `lang`: the language of its dates."""
    names: list[str] = sheet["players"]
    rows_of_day = [(i, r) for i, r in enumerate(sheet["sheet"]) if r["hand"] in evening.hands]
    games = [i for i, g in enumerate(sheet["games"]) if evening.hands & set(g["hands"])]
    game_numbers = {sheet["games"][i]["number"] for i in games}
    if evening.set_index is not None:
        chosen = sheet["sets"][evening.set_index]
        sets = [] if chosen["status"] == "open" else [evening.set_index]
    else:
        sets = [
            i
            for i, s in enumerate(sheet.get("sets") or [])
            if s["status"] != "open" and set(s["games"]) <= game_numbers
        ]
    when = evening_days(evening, lang)
    result = _result_line(sheet, games, sets, evening.days)
    owed = _owed(money, lang)
    headline = result + (f"; {owed[0]}" if len(owed) == 1 else "")
    if len(games) <= WIDE_GAMES:
        hand_table = _game_columns(sheet, rows_of_day, games, when, lang)
    else:
        hand_table = _hands_then_games(sheet, rows_of_day, games, when, lang)
    open_games = [
        fig(sheet["games"][i]["number"], f"show:games.{i}.number")
        for i in games
        if sheet["games"][i]["status"] == "open"
    ]
    still = f"<p>Still in play: game {', '.join(open_games)}.</p>" if open_games else ""
    rounds = _rounds(sheet, evening.days)
    what = "set" if evening.set_index is not None else "evening"
    money_part = ""
    if owed:
        money_part = (
            f"<section><h2>Who owes whom for this {what}</h2><p class='money'>"
            + "<br>".join(owed)
            + "</p></section>"
        )
    elif money is not None and not money["unstaked"]:
        nothing = (
            "It is still in play: nothing is owed for it yet."
            if evening.set_index is not None and not sets
            else f"This {what} settled nothing: nobody owes anything for it."
        )
        money_part = (
            f"<section><h2>Who owes whom for this {what}</h2>"
            f"<p class='money'>{nothing}</p></section>"
        )
    heading = when
    if evening.set_index is not None:
        number = sheet["sets"][evening.set_index]["number"]
        heading = f"set {fig(number, f'show:sets.{evening.set_index}.number')}, {when}"
        title = f"{sheet['match']}: set {number}, {when}"
    else:
        title = f"{sheet['match']}: the evening of {when}"
    limits = (
        f"target {fig(sheet['target'], 'show:target')} &middot; "
        f"knock limit {fig(sheet['knock_limit'], 'show:knock_limit')}"
    )
    vs = " v ".join(f"<span class='{_player_class(names, n)}'>{escape(n)}</span>" for n in names)
    body_html = f"""<header>
<h1>{escape(sheet["match"])}: {heading}</h1>
<p class="sub">{vs} &middot; {escape(sheet["format"])} &middot; {limits}</p>
<p class="verdict">{headline}.</p>
</header>
<section><h2>The hands and the games</h2>{hand_table}{still}</section>
{rounds}{money_part}
<p class="sign"><span>signed</span><span>signed</span></p>"""
    return page.document(title, body_html, made, paper, CSS, lang)


WIDE_GAMES = 4  # at most this many games side by side (Hollywood's three); more: game by game
# the most characters of names a page's games side by side head their columns with (three
# games of two six-letter names); past it the columns are headed by short labels, so that the
# table keeps within the paper (12-letter names across three games ran off its edge)
HEAD_ROOM = 36


def _column_names(names: list[str], games: int) -> tuple[list[str], str]:
    """How a table of `games` games side by side heads the players' columns: by their names,
    or by their short labels (`report.short_labels`) where the names would run off the paper
    (`HEAD_ROOM`), with the legend that says whose they are ("" for names)."""
    if games * sum(len(n) for n in names) <= HEAD_ROOM:
        return names, ""
    from gintally.report import short_labels

    labels = list(short_labels(names[0], names[1]))
    return labels, "; " + ", ".join(
        f"{escape(x)} = {escape(n)}" for x, n in zip(labels, names, strict=True)
    )


def _heads(heads: list[str]) -> str:
    return "".join(
        f'<th scope="col" class="text">{escape(h[1:])}</th>'
        if h.startswith("~")
        else f'<th scope="col">{escape(h)}</th>'
        for h in heads
    )


def _hand_cells(r: dict[str, Any], i: int) -> list[str]:
    return [
        num(r["hand"], f"show:sheet.{i}.hand"),
        page.cell(r["dealer"] or "", "text"),
        page.cell(f"{r['winner'] or ''} {r['kind']}".strip(), "text"),
        num(r["points"], f"show:sheet.{i}.points"),
    ]


def _game_columns(
    sheet: dict[str, Any],
    rows: list[tuple[int, dict[str, Any]]],
    games: list[int],
    when: str,
    lang: str,
) -> str:
    """The paper sheet: a column per game and player with its running score hand by hand,
    and each game's points, bonuses, total and net at the foot."""
    names: list[str] = sheet["players"]
    columns = [(gi, sheet["games"][gi], p) for gi in games for p in names]
    shown, legend = _column_names(names, len(games))
    heads = ["hand", "~dealer", "~what", "points"] + [
        f"G{g['number']} {shown[names.index(p)]}" for _, g, p in columns
    ]
    body: list[tuple[str, str]] = []
    for i, r in rows:
        cells = _hand_cells(r, i)
        for _, g, p in columns:
            at = r["game_points"].get(str(g["number"]))
            cells.append(
                num(at[p], f"show:sheet.{i}.game_points.{g['number']}.{p}", _player_class(names, p))
                if at is not None
                else "<td></td>"
            )
        body.append((r["date"], "<tr>" + "".join(cells) + "</tr>"))
    foot = []
    for label, key in FOOT:
        cells = [f'<th scope="row" colspan="4" class="text">{label}</th>']
        for gi, g, p in columns:
            value: Any = g
            for part in key.split("."):
                value = value.get(part) if isinstance(value, dict) else None
            cells.append(
                num(value[p], f"show:games.{gi}.{key}.{p}")
                if isinstance(value, dict)
                else "<td></td>"
            )
        foot.append(f'<tr class="{label}">' + "".join(cells) + "</tr>")
    net = ['<th scope="row" colspan="4" class="text">net (won by)</th>']
    for gi, g, p in columns:
        won = g["status"] == "won" and g["winner"] == p
        net.append(num(g["net"], f"show:games.{gi}.net") if won else "<td></td>")
    foot.append("<tr>" + "".join(net) + "</tr>")
    return (
        f'<div class="wide"><table class="sheet"><caption>Every scoring hand of {when}, '
        "with each game's running score; the games' bonuses and totals at the foot"
        f"{legend}</caption><thead><tr>{_heads(heads)}</tr></thead>"
        f"{_by_day(body, len(heads), lang)}"
        f"<tfoot>{''.join(foot)}</tfoot></table></div>"
    )


def _by_day(rows: list[tuple[str, str]], width: int, lang: str) -> str:
    """A table's body of hand rows (each its day and its ``<tr>``): one ``<tbody>``; for an
    evening over several days (a set), one a day headed by its date."""
    days = list(dict.fromkeys(day for day, _ in rows))
    if len(days) <= 1:
        return f"<tbody>{''.join(tr for _, tr in rows)}</tbody>"
    return "".join(
        f'<tbody><tr class="day"><th scope="rowgroup" colspan="{width}" class="text">'
        f"{page.readable(day, lang)}</th></tr>"
        + "".join(tr for d, tr in rows if d == day)
        + "</tbody>"
        for day in days
    )


FOOT = (  # the rows at a sheet's foot: what each game's column adds up to
    ("points", "points"),
    ("game bonus", "bonuses.game"),
    ("box bonus", "bonuses.boxes"),
    ("shutout", "bonuses.shutout"),
    ("total", "total"),
)


def _hands_then_games(
    sheet: dict[str, Any],
    rows: list[tuple[int, dict[str, Any]]],
    games: list[int],
    when: str,
    lang: str,
) -> str:
    """More games than fit side by side (ad infinitum: every hand opens one): the hands with
    each player's points, then a line per game with its totals."""
    names: list[str] = sheet["players"]
    body = [
        "<tr>"
        + "".join(_hand_cells(r, i))
        + "".join(
            num(r["points_by_player"][p], f"show:sheet.{i}.points_by_player.{p}") for p in names
        )
        + "</tr>"
        for i, r in rows
    ]
    hands = page.table(
        f"Every scoring hand of {when} and what each player scored",
        ["hand", "~dealer", "~what", "points", *names],
        body,
        "sheet",
    )
    lines = []
    for gi in games:
        g = sheet["games"][gi]
        lines.append(
            "<tr>"
            + num(g["number"], f"show:games.{gi}.number")
            + num(page.readable(g["opened"], lang=lang), f"show:games.{gi}.opened", "text")
            + "".join(num(g["total"][p], f"show:games.{gi}.total.{p}") for p in names)
            + page.cell(g["winner"] or g["status"], "text")
            + (num(g["net"], f"show:games.{gi}.net") if g["net"] is not None else "<td></td>")
            + "</tr>"
        )
    table = page.table(
        "The games these hands scored in: totals with bonuses, the winner and the net",
        ["game", "~opened", *(f"{p} total" for p in names), "~won by", "net"],
        lines,
        "sheet",
    )
    return hands + table


def _rounds(sheet: dict[str, Any], days: tuple[str, ...]) -> str:
    """A team match's rounds of the evening: each table's hand and the round's result."""
    if "rounds" not in sheet:
        return ""
    rows = []
    for i, r in enumerate(sheet["rounds"]):
        if r["date"] not in days:
            continue
        for j, t in enumerate(r["tables"]):
            rows.append(
                "<tr>"
                + (num(r["number"], f"show:rounds.{i}.number") if j == 0 else "<td></td>")
                + num(t["table"], f"show:rounds.{i}.tables.{j}.table")
                + page.cell(" v ".join(t["players"]), "text")
                + page.cell(f"{t['winner'] or ''} {t['kind']}".strip(), "text")
                + num(t["points"], f"show:rounds.{i}.tables.{j}.points")
                + (
                    page.cell(r["winner"] or "tied", "text")
                    + num(r["points"], f"show:rounds.{i}.points")
                    if j == 0
                    else "<td></td><td></td>"
                )
                + "</tr>"
            )
    if not rows:
        return ""
    heads = ["round", "table", "~players", "~result", "points", "~round to", "round points"]
    return (
        "<section><h2>The rounds, table by table</h2>"
        + page.table(
            "Each table's hand in each round, and whose team took the round", heads, rows, "sheet"
        )
        + "</section>"
    )


# --- the season's standings ---------------------------------------------------------------------


STANDING_COLUMNS = (  # a standings row's figures as the printed table heads them
    ("games_won", "games"),
    ("sets_won", "sets"),
    ("series_won", "series"),
    ("hands_won", "hands"),
    ("points", "points"),
    ("gins", "gins"),
    ("big_gins", "big gins"),
    ("undercuts", "undercuts"),
    ("biggest_hand", "biggest"),
    ("net", "net"),
)


def standings_html(
    standings: dict[str, Any], review: ReviewDoc, made: date, paper: str = "a4", lang: str = "en"
) -> str:
    """The season's table (``standings --json``: every player's figures and the years won),
    every season's winner, a small race chart and the season's records (the year in review's
    document, `review`), on one page."""
    names: list[str] = standings["players"]
    shown = [
        (k, h)
        for k, h in STANDING_COLUMNS
        if k in ("games_won", "hands_won", "points", "net")
        or any(r.get(k) for r in standings["rows"])
    ]  # a column nobody scored in (big gins, sets in a format without them) is left out
    rows = []
    for i, r in enumerate(standings["rows"]):
        cells = [
            f'<th scope="row" class="{_player_class(names, r["player"])}">'
            f"{escape(r['player'])}</th>"
        ]
        for k, _ in shown:
            value = f"{r[k]:+d}" if k == "net" else r[k]
            cells.append(num(value, f"standings:rows.{i}.{k}"))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    season = standings["season"]
    table = page.table(
        f"The standings of {season}: games, hands and points won",
        ["player"] + [h for _, h in shown],
        rows,
    )
    years = page.table(
        "Years won, every season of the match",
        ["player", "years won"],
        [
            f'<tr><th scope="row" class="{_player_class(names, p)}">{escape(p)}</th>'
            + num(n, f"standings:years_won.{p}")
            + "</tr>"
            for p, n in standings["years_won"].items()
        ],
    )
    seasons = page.table(
        "Each season and who won it",
        ["season", "~won by"] + [f"{p} games" for p in names],
        [
            "<tr>"
            + f'<th scope="row">{escape(s["season"] or "")}</th>'
            + page.cell(s["winner"] or ("in play" if not s["over"] else "tied"), "text")
            + "".join(
                num(row["games_won"], f"standings:seasons.{i}.rows.{j}.games_won")
                for j, row in enumerate(s["rows"])
            )
            + "</tr>"
            for i, s in enumerate(standings["seasons"])
        ],
    )
    race = review["race"]
    chart = (
        f"<figure class='small'>{page.race_svg(race, 'games_won', 700, 280, lang)}</figure>"
        if race["dates"]
        else "<p>No game has finished this season yet.</p>"
    )
    if standings.get("over"):
        verdict = (
            f"{escape(standings['winner'])} won {escape(season)}."
            if standings.get("winner")
            else f"{escape(season)} was tied."
        )
    else:
        verdict = f"{escape(season)} is in play."
    span = ""
    if standings.get("start"):  # the season's first day to its last (`end` is the next one's)
        last = (date.fromisoformat(standings["end"]) - timedelta(days=1)).isoformat()
        first = page.readable(standings["start"], lang=lang)
        span = f"the season runs {first} to {page.readable(last, lang=lang)}"
    hands = fig(standings["hands"], "standings:hands")
    records = page.records_table(review["records"], "The season's records", "review:records", lang)
    body = f"""<header>
<h1>{escape(standings["match"])}: standings of {escape(season)}</h1>
<p class="sub">{escape(standings["format"])} &middot; {hands} hands &middot; {span}</p>
<p class="verdict">{verdict}</p>
</header>
<section><h2>The table</h2>{table}</section>
<section><h2>The race</h2>{chart}</section>
<section><h2>Years won</h2><div class="cols">{years}{seasons}</div></section>
<section><h2>Records of the year</h2>{records}</section>"""
    title = f"{standings['match']}: standings of {season}"
    return page.document(
        title,
        body,
        made,
        paper,
        CSS + ".cols { display: flex; gap: 1.5rem; flex-wrap: wrap; }",
        lang,
    )


# --- the blank pad ------------------------------------------------------------------------------


RULE_NUMBERS = (  # the rules' numbers a pad prints at its foot, as a player names them
    ("target", "game to"),
    ("knock_limit", "knock limit"),
    ("gin_bonus", "gin bonus"),
    ("big_gin_bonus", "big gin bonus"),
    ("undercut_bonus", "undercut bonus"),
    ("game_bonus", "game bonus"),
    ("box_bonus", "box bonus"),
)


def pad_html(
    info: dict[str, Any], sheet: dict[str, Any], made: date, paper: str = "a4", lang: str = "en"
) -> str:
    """A blank sheet for the match's format, ruled for pencil: a column per game and player
    (Hollywood and Honeymoon: its games side by side), per table and team in a team match;
    the rules' numbers at the foot (`info`: ``match show --json``; `sheet`: ``show --json``,
    for the teams and tables)."""
    fmt = info["format"]
    teams = sheet.get("teams")
    if teams:
        sides = [t["name"] for t in teams]
        heads = ["round"] + [f"table {i + 1}: {t}" for i, t in enumerate(sheet["tables"])] + sides
        legend = ""
        what = (
            f"teams: {', '.join(t['name'] + ' (' + ', '.join(t['players']) + ')' for t in teams)}"
        )
    else:
        sides = list(sheet["players"])
        games = info["format_games"] if fmt in ("hollywood", "honeymoon") else 1
        shown, legend = _column_names(sides, games)
        heads = ["hand", "dealer"] + [
            (f"G{g + 1} {p}" if games > 1 else p) for g in range(games) for p in shown
        ]
        what = f"{games} games at once" if games > 1 else "one game at a time"
        if fmt == "ad-infinitum":  # games at once too, as many as hands: one column a player
            what = "every scoring hand opens a new game"
    scored = (
        "the winner's points, which go to every open game"
        if fmt == "ad-infinitum" and not teams
        else "the winner's points under each game it scores in"
    )
    rows = ["<tr>" + "<td></td>" * len(heads) + "</tr>" for _ in range(PAD_ROWS)]
    foot = "".join(
        f'<tr><th scope="row" colspan="{2 if not teams else 1}" class="text">{label}</th>'
        + "<td></td>" * (len(heads) - (2 if not teams else 1))
        + "</tr>"
        for label in ("points", "bonuses", "total")
    )
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    grid = (
        f'<div class="wide"><table class="pad"><caption>One line a hand: {scored}{legend}</caption>'
        f"<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody><tfoot>{foot}</tfoot></table></div>"
    )
    rules = info["rules"]
    numbers = "".join(
        f"<li>{label} {fig(rules[key], f'info:rules.{key}')}</li>"
        for key, label in RULE_NUMBERS
        if rules.get(key) is not None
    )
    shutout = escape(str(rules.get("shutout") or "none"))
    body = f"""<header>
<h1>{escape(info["match"])}: score pad</h1>
<p class="sub">{escape(fmt)} &middot; {escape(what)} &middot; rules {escape(rules["preset"])}</p>
<p>Date <span class="line"></span> Dealer first <span class="line"></span></p>
</header>
{grid}
<ul class="rules" aria-label="The rules' numbers">{numbers}<li>shutout {shutout}</li></ul>
<p class="sign"><span>signed</span><span>signed</span></p>"""
    return page.document(f"{info['match']}: score pad ({fmt})", body, made, paper, CSS, lang)


# --- PDF ----------------------------------------------------------------------------------------


def pdf_document(html: str) -> Any:
    """WeasyPrint's laid-out document of the page (its ``pages``, ``write_pdf``); refused with
    a one-line message naming the extra to install when WeasyPrint is not installed."""
    try:
        import weasyprint
    except ImportError:
        raise GintallyError(PDF_MISSING) from None
    return weasyprint.HTML(string=html).render()


def pdf_bytes(html: str) -> bytes:
    """The page as a PDF, made by WeasyPrint (no browser; see `pdf_document`)."""
    data: bytes = pdf_document(html).write_pdf()
    return data
