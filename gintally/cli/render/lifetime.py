"""Lifetime figures across every match (`stats`): each player's, head to head for every pair
that met, and the records, each a table that fits 80 columns.

Terminology:
- *head to head*: two players' games and hands won against each other and the net between them,
  across matches and formats.
- *record*: the biggest hand, the longest run of hands won, the best season by games won; each
  names its player, match, hand and date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.cli.render.terminal import group, kit, message, short
from gintally.report import StatsDoc

if TYPE_CHECKING:
    from rich.console import Group, RenderableType
    from rich.text import Text


def stats(doc: StatsDoc) -> Group:
    """Lifetime figures, head-to-head and records, each a table that fits 80 columns."""
    box, Table, _ = kit()
    if not doc["players"]:
        return group([message("No hands in the ledger yet.")])
    pieces: list[RenderableType] = []
    draw = pieces.append
    table = Table(
        box=box.SIMPLE_HEAD,
        title="Lifetime, every match",
        title_justify="left",
        collapse_padding=True,
    )
    table.add_column("player")
    heads = ("matches", "played", "won", "games", "sets", "series", "gins", "under", "best")
    keys = ("matches", "hands", "hands_won", "games_won", "sets_won", "series_won", "gins")
    for col in heads:
        table.add_column(col, justify="right")
    for r in doc["players"]:
        values = [str(r[k]) for k in keys]  # type: ignore[literal-required]
        table.add_row(short(r["player"], 12), *values, str(r["undercuts"]), str(r["biggest_hand"]))
    draw(table)
    draw(
        message(
            "played: hands played; won: hands won; under: undercuts; best: biggest hand won "
            "(points)"
        )
    )
    if any(r.get("winnings") for r in doc["players"]):  # only with a stake on some match
        draw(_winnings(doc))
    if doc["head_to_head"]:
        pairs = Table(box=box.SIMPLE_HEAD, title="Head to head", title_justify="left")
        for col, just in (("players", "left"), ("games", "right"), ("hands", "right")):
            pairs.add_column(col, justify=just)  # type: ignore[arg-type]
        pairs.add_column("net", justify="right")
        for h in doc["head_to_head"]:
            a, b = h["players"]
            pairs.add_row(
                f"{short(a, 12)} v {short(b, 12)}",
                f"{h['games_won'][a]}-{h['games_won'][b]}",
                f"{h['hands_won'][a]}-{h['hands_won'][b]}",
                f"{h['net'][a]:+d}",
            )
        draw(pairs)
        draw(
            message(
                "games, hands: won by each; net: the first player's game totals minus the other's"
            )
        )
    # one line per record, wrapped at words under its text: no name, match or date is cut
    records = Table(box=None, title="Records", title_justify="left", show_header=False)
    records.add_column("record", no_wrap=True)
    records.add_column("what")
    for key, title in (
        ("biggest_hand", "biggest hand"),
        ("longest_run", "longest run"),
        ("best_season", "best season"),
    ):
        rec = doc["records"].get(key)
        if rec is None:
            continue
        hand, day = f"hand {rec['hand']}", rec["date"]
        if key == "biggest_hand":
            what = _count(rec.get("points"), "point")
        elif key == "longest_run":
            what = _count(rec.get("hands"), "hand") + " won in a row"
            if rec.get("last_hand") != rec["hand"]:
                hand = f"hands {rec['hand']} to {rec.get('last_hand')}"
            until = str(rec.get("until"))
            if until != day:  # one word, never broken: 2024-03-03..03-10
                day = f"{day}..{until[5:] if until[:4] == day[:4] else until}"
        else:  # one match's season, not the year's: its match named with it
            won = _count(rec.get("games_won"), "game")
            what = f"{won} won in the {rec.get('season')} season of {rec['match']}"
            records.add_row(title, f"{rec['player']}, {what}: {hand}, {day}")
            continue
        records.add_row(title, f"{rec['player']}, {what}: {hand} of {rec['match']}, {day}")
    if records.row_count:
        draw(records)
    return group(pieces)


def _count(n: object, what: str) -> str:
    """``1 hand``, ``3 hands``."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def _winnings(doc: StatsDoc) -> Text:
    """Each player's lifetime winnings, in one line (the money document's module loads only
    when there are any)."""
    from gintally.locales import placed
    from gintally.report import money_text

    earned = [
        f"{r['player']} "
        + " and ".join(placed(money_text(a, c), c) for c, a in sorted(r["winnings"].items()))
        for r in doc["players"]
        if r.get("winnings")
    ]
    return message(f"Winnings, every match played for money: {', '.join(earned)}.")
