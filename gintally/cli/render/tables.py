"""Small tables and lists: a hand's evaluation (`eval`), the rule presets (`rules`), the
matches and one match (`match list`, `match show`), the ledger's check and who owes whom
(`settle`).

Terminology:
- *verdict*: the line under an evaluation: big gin, gin (with the discard), knocks, cannot
  knock, or the deadwood.
- *sides*: the two sides of a match: its players, or a team match's teams.
- *balance*: one pair of players, netted: "Bob owes Ann $12.35".
- *covered*: what the balances count, match by match: games settled on their own, sets settled
  as one, series priced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.cli.render.terminal import group, kit, message, money_message
from gintally.engine.formats import format_class
from gintally.game.rules import value_text
from gintally.model import shell_word
from gintally.report import EvalDoc, MatchDoc, RulesDoc, SettleDoc

if TYPE_CHECKING:
    from rich.console import Group, RenderableType
    from rich.table import Table


def evaluation(doc: EvalDoc) -> Group:
    """The melds, the deadwood and the discard, and the verdict under them."""
    _, Table, _ = kit()
    table = Table(box=None, show_header=False, padding=(0, 1))
    for meld in doc["melds"]:
        table.add_row("meld", " ".join(meld))
    table.add_row(
        "deadwood", (" ".join(doc["deadwood_cards"]) or "none") + f"  = {doc['deadwood']}"
    )
    if doc["discard"]:
        table.add_row("discard", doc["discard"])
    if doc["big_gin"]:
        verdict = "[bold green]Big gin![/]"
    elif doc["gin"]:
        verdict = "[bold green]Gin![/]" + (f" (discard {doc['discard']})" if doc["discard"] else "")
    elif doc.get("knocks"):
        verdict = f"Knocks with {doc['deadwood']}."
    elif doc.get("knocks") is False and doc.get("knock_limit") == 0:  # Mahjong gin, say
        verdict = f"Not gin: deadwood {doc['deadwood']}, and no knocking here (gin only)."
    elif doc.get("knocks") is False:
        verdict = f"Cannot knock: {doc['deadwood']} is over the limit."
    else:
        verdict = f"Deadwood {doc['deadwood']}."
    return group([table, verdict])


def rules(docs: list[RulesDoc]) -> Table:
    """One preset in full, or every preset as what it changes from the first."""
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
        return table
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
    return table


def _source(doc: RulesDoc) -> str:
    return f"source: {doc['source']}" if doc.get("source") else ""


def matches(docs: list[MatchDoc], current: str | None) -> RenderableType:
    """The matches, the current one marked."""
    box, Table, _ = kit()
    if not docs:
        return message("No matches yet: gintally match new NAME --players A B")
    table = Table(box=box.SIMPLE_HEAD, title="Matches", title_justify="left")
    for col in ("", "match", "players", "format", "rules"):
        table.add_column(col)
    for d in docs:
        mark = "*" if d["match"] == current else ""
        in_sets = format_class(d["format"]).in_sets
        fmt = d["format"] + (f" x{d['format_games']}" if in_sets else "")
        table.add_row(mark, d["match"], " vs ".join(_sides(d)), fmt, str(d["rules"]["preset"]))
    return table


def _sides(doc: MatchDoc) -> list[str]:
    """The two sides of a match: its players, or a team match's teams (its ``players`` are the
    first table's, as stored)."""
    teams = doc.get("teams")
    return [t["name"] for t in teams] if teams else doc["players"]


def match(doc: MatchDoc) -> Table:
    """One match: its sides, format, target, first dealer and rules."""
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
    return table


def check(problems: list[str], summary: str) -> Group:
    """Each problem the check found, then its summary."""
    said = [message(f"problem: {p}", "red", wrap=False) for p in problems]
    return group([*said, message(summary, "bold red" if problems else "bold green", wrap=False)])


# --- who owes whom --------------------------------------------------------------------------------


LAST_PAYMENTS = 5  # the payments listed under the balances (the JSON has every one)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def settlement(doc: SettleDoc) -> Group:
    """The balances, what they count match by match, the last payments, what is in play."""
    said: list[RenderableType] = []
    if not doc["matches"]:
        named = doc["unstaked"]
        said.append(
            message(
                f"No stake on {named[0]}: set one with gintally match stake "
                f"{shell_word(named[0])} AMOUNT"
                if len(named) == 1
                else "No match has a stake: set one with gintally match stake NAME AMOUNT"
            )
        )
        return group(said)
    from gintally.report import covered_text, in_play_line  # settle's module alone

    since = f" since {doc['since']}" if doc["since"] else ""
    if doc["balances"]:
        for b in doc["balances"]:
            owes = f"{b['from']} owes {b['to']} {b['text']}{since}."
            said.append(money_message(owes, b["currency"], "bold"))
    else:
        said.append(message(f"All square{since}.", "bold"))
    for c in doc["matches"]:
        said.append(money_message(f"{c['match']}: {covered_text(c)}.", c["currency"], "dim"))
    payments = doc["payments"]
    if len(payments) > LAST_PAYMENTS:
        earlier = len(payments) - LAST_PAYMENTS
        said.append(
            message(f"{_count(earlier, 'earlier payment')} (--json lists them all).", "dim")
        )
    for p in payments[-LAST_PAYMENTS:]:
        note = f" ({p['note']})" if p["note"] else ""
        said.append(
            money_message(
                f"Paid: {p['from']} to {p['to']} {p['text']} on {p['date']}{note}.",
                p["currency"],
                "dim",
            )
        )
    for x in doc["in_play"]:
        said.append(
            money_message(f"In play, {x['match']}: {in_play_line(x)}", x["currency"], "dim")
        )
    return group(said)
