"""Small tables: a hand's evaluation (`eval`), the rule presets (`rules`), the matches and one
match (`match list`, `match show`) and the ledger's check.

Terminology:
- *verdict*: the line under an evaluation: big gin, gin (with the discard), knocks, cannot
  knock, or the deadwood.
- *sides*: the two sides of a match: its players, or a team match's teams.
"""

from __future__ import annotations

from gintally.cli.render.terminal import draw, kit, message
from gintally.engine.formats import format_class
from gintally.game.rules import value_text
from gintally.report import EvalDoc, MatchDoc, RulesDoc


def evaluation(doc: EvalDoc) -> None:
    _, Table, _ = kit()
    table = Table(box=None, show_header=False, padding=(0, 1))
    for meld in doc["melds"]:
        table.add_row("meld", " ".join(meld))
    table.add_row(
        "deadwood", (" ".join(doc["deadwood_cards"]) or "none") + f"  = {doc['deadwood']}"
    )
    if doc["discard"]:
        table.add_row("discard", doc["discard"])
    draw(table)
    if doc["big_gin"]:
        verdict = "[bold green]Big gin![/]"
    elif doc["gin"]:
        verdict = "[bold green]Gin![/]" + (f" (discard {doc['discard']})" if doc["discard"] else "")
    elif doc.get("knocks"):
        verdict = f"Knocks with {doc['deadwood']}."
    elif doc.get("knocks") is False:
        verdict = f"Cannot knock: {doc['deadwood']} is over the limit."
    else:
        verdict = f"Deadwood {doc['deadwood']}."
    draw(verdict)


def rules(docs: list[RulesDoc]) -> None:
    box, Table, _ = kit()
    if len(docs) == 1:
        d = docs[0]
        table = Table(
            box=box.SIMPLE_HEAD,
            title=f"Rules: {d['preset']}",
            title_justify="left",
            caption="\n".join(x for x in (d["note"], _source(d)) if x) or None,
            caption_justify="left",
        )
        table.add_column("rule")
        table.add_column("value", justify="right")
        table.add_column("meaning", overflow="fold")
        idle = d.get("idle", {})
        for key, value in d["values"].items():
            why = idle.get(key)
            meaning = d["help"][key] if why is None else f"not used here: {why}"
            table.add_row(key, value_text(value), meaning)
        draw(table)
        return
    # Side by side the seven presets do not fit 80 columns: each preset is a row, with what it
    # changes from the first (modern, the defaults, shown in full).
    base = docs[0]["values"]
    table = Table(
        box=box.SIMPLE_HEAD,
        title="Rule presets (gintally rules NAME shows one in full)",
        title_justify="left",
    )
    table.add_column("preset", no_wrap=True)
    table.add_column("what it is, and its values", overflow="fold")
    for i, d in enumerate(docs):
        values = d["values"] if i == 0 else {k: v for k, v in d["values"].items() if v != base[k]}
        text = ", ".join(f"{k}={value_text(v)}" for k, v in values.items())
        table.add_row(
            d["preset"],
            f"{d['note']}\n[dim]{_source(d)}\n{'' if i == 0 else 'but '}{text}[/]",
        )
    draw(table)


def _source(doc: RulesDoc) -> str:
    return f"source: {doc['source']}" if doc.get("source") else ""


def matches(docs: list[MatchDoc], current: str | None) -> None:
    box, Table, _ = kit()
    if not docs:
        message("No matches yet: gintally match new NAME --players A B")
        return
    table = Table(box=box.SIMPLE_HEAD, title="Matches", title_justify="left")
    for col in ("", "match", "players", "format", "rules"):
        table.add_column(col)
    for d in docs:
        mark = "*" if d["match"] == current else ""
        in_sets = format_class(d["format"]).in_sets
        fmt = d["format"] + (f" x{d['format_games']}" if in_sets else "")
        table.add_row(mark, d["match"], " vs ".join(_sides(d)), fmt, str(d["rules"]["preset"]))
    draw(table)


def _sides(doc: MatchDoc) -> list[str]:
    """The two sides of a match: its players, or a team match's teams (its ``players`` are the
    first table's, as stored)."""
    teams = doc.get("teams")
    return [t["name"] for t in teams] if teams else doc["players"]


def match(doc: MatchDoc) -> None:
    _, Table, _ = kit()
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_row("match", doc["match"])
    teams = doc.get("teams")
    if teams:
        table.add_row("teams", " vs ".join(_sides(doc)))
        pairs = zip(teams[0]["players"], teams[1]["players"], strict=True)
        table.add_row("tables", ", ".join(f"{n} {a} v {b}" for n, (a, b) in enumerate(pairs, 1)))
    else:
        table.add_row("players", " vs ".join(doc["players"]))
    kind = format_class(doc["format"])
    fmt = doc["format"]
    if kind.in_sets:
        many = "" if doc["format_games"] == 1 else "s"
        fmt += f", {doc['format_games']} game{many}" + (", rolling" if doc["rolling"] else "")
    table.add_row("format", fmt)
    table.add_row("target", f"{doc['rules']['target']} points a game")
    if kind.seasonal or doc["season_start"] != "01-01":
        table.add_row("season starts", doc["season_start"])
    table.add_row("first dealer", doc["first_dealer"] or "-")
    table.add_row("rules", str(doc["rules"]["preset"]))
    for key, value in doc["rules"].items():
        if key != "preset":
            table.add_row(f"  {key}", value_text(value))
    draw(table)


def check(problems: list[str], summary: str) -> None:
    for p in problems:
        message(f"problem: {p}", "red", wrap=False)
    message(summary, "bold red" if problems else "bold green", wrap=False)
