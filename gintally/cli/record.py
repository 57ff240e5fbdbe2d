"""What the hand commands do, without Typer: read the values as typed, record the hand, print
what happened. The commands and their parameters are declared once, as data, by the variants
(`gintally.game.variants`: the core commands, what each variant adds, and the hand options
every command takes); `hands` builds Typer's commands from them and ``gintally play``'s entry
line (`entry`) reads its lines with them. `values` turns the text of either into the values a
library call gives (refusing bad text in the command line's words: ``--vs must be a whole
number, not 'x'``), and from there a hand takes the library's path (`facade.typed.Typed`,
`Book.record`, which `Match.knock`... call too). `tell` prints what a hand command or a
correction did, as the command line says it, `tell_undone` what `undo` took back (a hand or a
payment: the command line's ``undo`` and ``gintally play``'s ``u`` both print through it) and
`tell_paid` a payment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gintally.cli.base import book, dated, drawing, emit, placed
from gintally.errors import GintallyError
from gintally.facade import typed, work
from gintally.game import variants

if TYPE_CHECKING:
    from gintally import report
    from gintally.facade.book import Book


def draw_hand(doc: report.HandDoc) -> None:
    from gintally.cli.render.hands import hand

    hand(doc)


def values(command: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Hand command `command`'s values, from its parameters as typed (`raw`, by name: text,
    a list of texts for a repeated option), as its declarations say."""
    return typed.read_text(variants.options_of(command), raw)


MORE = "by_position"  # the hand commands' parameter that takes the counts typed by position


def placed_counts(
    command: str, given: Mapping[str, Any], variant: variants.Variant | None = None
) -> dict[str, Any]:
    """`given` with the counts typed by position after the arguments (`MORE`: ``knock Ann 8
    18``, ``gin Ann 30``) moved to the options they stand for, as ``gintally play`` and the
    library place them (`variants.by_position`; `variant`: the match's, whose counts they
    are); a count given both ways is refused."""
    out = {k: v for k, v in given.items() if k != MORE}
    more = list(given.get(MORE) or ())
    if not more:
        return out
    counted = variants.counted(command)
    typed_args = [
        str(given[o.name]) for o in counted if not o.flag and given.get(o.name) is not None
    ]
    for name, value in variants.by_position(command, typed_args + more, variant).items():
        option = next(o for o in counted if o.name == name)
        if not option.flag:
            continue
        if out.get(name) is not None:
            raise GintallyError(
                f"{command}: {option.flag} is given twice ({out[name]} and {value})"
            )
        out[name] = value
    return out


def run(command: str, given: Mapping[str, Any]) -> None:
    """Run hand command `command` (any of `variants.commands()`) from its parameters as typed
    (`given`, by name: its own, the hand options and ``as_json``): read them, record the hand
    (`Book.record`, as `Match.hand` does), print what happened."""
    as_json = bool(given.get("as_json"))
    with book() as opened:
        variant = None
        if given.get(MORE):  # counts by position: those the match's variant takes
            variant = variants.variant_of(opened.match(given.get("match")).record().rules)
        counts = placed_counts(command, given, variant)
        found = typed.Typed(command, values(command, counts), flags=True)
        shared = {o.name: given.get(o.name) for o in variants.HAND_OPTIONS}  # match, date...
        done = opened.record(found, **shared)
        where = "" if as_json else placed(opened, done.match.name)
    tell(done, as_json, where=where)


def tell(done: work.Done, as_json: bool, book: Book | None = None, where: str = "") -> None:
    """What a hand command or a correction did, printed as its JSON document or, for people,
    its confirmation: the match it went to when the ledger holds several (`where`, or asked of
    `book`) and the hand's date unless it is today; for a correction, what was done to which
    hand (and, for undo and void, the open games with a hand in them as they now stand)."""
    doc, rec = done.doc, done.rec
    if not as_json and book is not None:
        where = placed(book, done.match.name)
    if not as_json and "action" in doc:
        said = doc["description"]
        verb = doc["action"].capitalize()
        doc["description"] = f"{verb} hand {rec.number}{where}{dated(rec.date)}: {said}"
        if done.window is not None:
            from gintally import report

            # the open games with a hand in them (a hollywood game in progress may have none yet)
            shown = [g for g in done.window.replay.open_games() if g.hands]
            doc["games"] = [report.game_doc(done.match, g) for g in shown]
    elif not as_json:
        doc["when"] = where + dated(rec.date)
    emit(doc, as_json, draw_hand)
    if not as_json and doc.get("changed_text"):  # a correction: the finished games it changed
        say(doc.get("changed_text") or [])


def say(lines: list[str]) -> None:
    """Lines for people, as they are."""
    drawing("terminal.message")("\n".join(lines), wrap=False)


def tell_said(done: work.Done, key: str, as_json: bool, book: Book) -> None:
    """A correction told by its line (`key` of its document: ``took_back``, ``brought_back``,
    with the match when the ledger holds several and the hand's date unless it is today) and
    the finished games it changed, or its JSON document (``redo``, ``restore``, and an
    ``undo`` of an edit, a void or a restore)."""
    doc: dict[str, Any] = dict(done.doc)
    if as_json:
        emit(done.doc, True)
        return
    hand = f"hand {done.rec.number}"
    line = str(doc.get(key)).replace(
        hand, hand + placed(book, done.match.name) + dated(done.rec.date), 1
    )
    say([line, *(doc.get("changed_text") or [])])


def tell_undone(taken: work.Done | dict[str, Any], as_json: bool, book: Book) -> None:
    """What `undo` took back (`work.undo_fact`): a hand, told as `tell` tells it, or a
    payment or a price, named with what it changed."""
    if isinstance(taken, work.Done) and taken.doc.get("undid", "hand") != "hand":
        tell_said(taken, "took_back", as_json, book)
        return
    if isinstance(taken, work.Done):
        tell(taken, as_json, book)
        return
    tell_money(taken, "took_back", as_json)


def tell_redone(back: work.Done | dict[str, Any], as_json: bool, book: Book) -> None:
    """What `redo` brought back (`work.redo_fact`): a change to the hands, or a payment or
    a price recorded again."""
    if isinstance(back, work.Done):
        tell_said(back, "brought_back", as_json, book)
        return
    tell_money(back, "brought_back", as_json)


def tell_money(doc: dict[str, Any], key: str, as_json: bool) -> None:
    """A payment or a price taken back or brought back: its line (`key` of the document) and
    the balances it changed, or its JSON document."""
    said = "\n".join([str(doc[key]), *(doc.get("changed_text") or [])])
    placed = drawing("terminal.money_message")  # each amount as the reader's locale writes it
    emit(doc, as_json, lambda d: placed(said, d.get("currency")))


def tell_paid(doc: Mapping[str, Any], as_json: bool) -> None:
    """A payment recorded (``pay``, and ``pay`` in ``gintally play``)."""
    said = f"{doc['from']} paid {doc['to']} {doc['text']} on {doc['date']} ({doc['match']})."
    if "balance" in doc:  # what is owed now: a payment of more than was owed shows it
        now = doc["balance"]
        if now is None:
            said += " They are square now."
        elif now["from"] == doc["from"]:
            said += f" {now['from']} still owes {now['to']} {now['text']}."
        else:
            said += (
                f" That is more than was owed: {now['from']} owes {now['to']} {now['text']} now."
            )
    emit(doc, as_json, lambda d: drawing("terminal.money_message")(said, d["currency"]))
