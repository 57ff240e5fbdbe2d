"""The library's hand methods are written out and typed: ``mypy --strict`` refuses a misspelled
method, an unknown keyword and a value of the wrong type (of a `Match` and of a `Book`: text
where a year, a count or a `Decimal` goes, a page or a paper that is not one, a misspelled key
of a typed read), and passes the right calls; and the
methods take exactly the parameters the commands declare (`gintally.game.variants`), each
typed as its declaration says, so an option added to a declaration cannot be left out of the
library."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gintally
from gintally import Match
from gintally.facade import typed
from gintally.game import variants

ROOT = Path(__file__).resolve().parent.parent

WRONG = """\
from datetime import date

import gintally


def wrong(m: gintally.Match) -> None:
    m.knok("Ann", 8, vs=18)
    m.knock("Ann", 8, vs=18, colour="red")
    m.knock("Ann", 8, vs="18")
    m.knock("Ann", "eight", vs=18)
    m.knock("Ann", 8, vs=[18])
    m.knock("Ann", 8, 18, date="yesterday")
    m.knock("Ann", 8, 18, cards=6)
    m.knock(player="Ann", deadwood=8, vs=18, dealer=2)
    m.gin("Ann", vs=3.5)
    m.gin("Ann", 30, piles="0,0,1,1")
    m.gin("Ann", 30, 0)
    m.big_gin("Ann", 30, table=6.0)
    m.double_gimlet(player=7)
    m.gimlet("Ann", upcard=date(2024, 1, 5))
    m.sour("Ann", 17, piles=(1, 2, 0, 3))
    m.draw(deadwood=["Ann=5"])
    m.draw(deadwood={"Ann": "5"})
    m.misdeal("Ann")
    m.score("Ann")
    m.score("Ann", 40, vs_points="3")
    m.edit(1, colour="red")
    m.edit("1", vs=3)
    m.edit(1, deadwood="5")
    m.edit(1, piles="2,2,0,3")
    m.void("2")
    m.hands(last="3")
    m.stake(1.5)
    m.stake(1, since="2026-01-01")
    m.stake(1, places="2")
    m.pay("Bob", "Ann", 1, date="yesterday")
    m.settlement(since="2026-01-01")
    m.standings(year="2026")["rowz"]
    m.hands()["hands"][0]["number"]
    m.knock("Ann", 8, vs=18)["descripton"]
    m.sheet()["games"][0]["totals"]
    m.info()["stake"]["price"]
    m.undo()["tookback"]
    m.redo()["brought"]
    m.stake(1)["starts"]["under"]
    m.pay("Bob", "Ann", 1)["amout"]
    m.pay("Bob", "Ann", 1)["balance"]["owed"]


def wrong_book(b: gintally.Book) -> None:
    b.new_mach("Cup", ["Ann", "Bob"])
    b.new_match("Cup", "Ann Bob")
    b.new_match("Cup", ["Ann", "Bob"], games="3")
    b.new_match("Cup", ["Ann", "Bob"], stake=0.05)
    b.standings("2026")
    b.new_match("Cup", ["Ann", "Bob"], format="holywood")
    b.new_match("Cup", ["Ann", "Bob"], targt=150)
    b.new_match("Cup", ["Ann", "Bob"], target="150")
    b.standings(2026)["seasonz"]
    b.stats(player=7)
    b.chart(year="2026")
    b.chart()["datez"]
    b.check(repair="yes")
    b.check()["okay"]
    b.settlement(since=20260101)
    b.settlement()["balance"]
    b.pay("Bob", "Ann", 1.5)
    b.pay("Bob", "Ann", 2, when=date(2026, 1, 2))
    b.export("Cup", 42)
    b.export("Cup", "cup.xml", format="xml")
    b.import_(b"date,winner,points")
    b.backup(5)
    b.merge(["other.db"])
    b.report(year="2026")
    b.print_page("menu")
    b.print_page("pad", paper="a5")
    b.print_page("evening", set_number="2")
    b.print_page("evening", day="2026-01-01")
    b.match(3)
    b.import_("cup.csv")["hands_imported"]
    b.export("Cup", "cup.csv")["rows"]
    b.merge("other.db")["added"]
    b.print_page("pad")["path"]
    b.matches()["matches"][0]["name"]
    b.settings()["dateorder"]
    b.forget("date_order")["date_order"].upper()
"""

RIGHT = """\
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

import gintally


def right_book(b: gintally.Book) -> list[object]:
    season = b.standings(2026, match="Cup")
    return [
        season["seasons"][0]["rows"][0]["games_won"],
        b.stats("Ann")["players"][0]["points"],
        b.chart("Cup", year=2026)["dates"],
        b.check()["ok"],
        b.match("Cup").hands(last=3)["hands"][0]["hand"],
        b.new_match("Cup", ["Ann", "Bob"], format="hollywood", games=3, target=150),
        b.pay("Bob", "Ann", Decimal("1.50"), date=date(2026, 1, 2)),
        b.export("Cup", "cup.json", format="json", force=True),
        b.print_page("evening", "Cup", set_number=2, paper="letter"),
        b.backup("copy.db", force=True),
        b.print_page("evening", "Cup", day=date(2026, 1, 2)),
        b.settlement(since=date(2026, 1, 1)),
        b.match("Cup").stake(Decimal("0.05"), since=date(2026, 1, 1), places=2),
        b.match("Cup").settlement(since=date(2026, 1, 1)),
    ]


def right(m: gintally.Match) -> list[Mapping[str, Any]]:
    day = date(2024, 1, 5)
    return [
        m.knock("Ann", 8, vs=18),
        m.knock("Ann", 8, 18, date=day, dealer="Bob", upcard="7S", note="late"),
        m.knock("Ann", cards="6H 6C 6D 6S TD JD QD KD AH 7D", vs_cards=["AD", "3D"]),
        m.knock("Ann", 3, piles=(1, 2, 0, 3)),
        m.gin("Bob", 30),
        m.gin("Bob", "9C", table=60, vs_table=["KH", "KD"]),
        m.big_gin("Bob", vs=41),
        m.gimlet("Ann", piles=[0, 0, 1, 1]),
        m.double_gimlet("Ann", piles=(0, 0, 0, 0)),
        m.sour("Ann", 17),
        m.draw(),
        m.draw("Cy", {"Cy": 5, "Di": 9}),
        m.misdeal(dealer="Ann"),
        m.score("Ann", 40, "gin"),
        m.score("Ann", 40, vs_points=-15),
        m.edit(3, vs=20, reason="miscounted"),
        m.edit(1, deadwood={"Cy": 7, "Di": 2}, date=day),
        m.void(2, "wrong table"),
        m.undo(),
        m.redo(),
    ]


def right_reads(m: gintally.Match, b: gintally.Book) -> list[object]:
    undone = m.undo()
    paid = m.pay("Bob", "Ann", Decimal("2.50"), date=date(2026, 1, 2))
    staked = m.stake(Decimal("0.05"))
    return [
        undone["action"],
        undone["changed_text"],
        undone["hand"] if "hand" in undone else None,
        undone["from"] if "uid" in undone else None,
        paid["from"],
        paid["balance"]["text"] if paid["balance"] else None,
        staked["stake"]["per_point"],
        staked["starts"]["text"] if "starts" in staked else None,
        b.settings().get("date_order"),
    ]
"""


def mypy_errors(*files: Path) -> dict[tuple[str, int], list[str]]:
    """``mypy --strict`` on `files`, with the project's settings: its errors by file name and
    line."""
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-color-output", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    errors: dict[tuple[str, int], list[str]] = {}
    for line in found.stdout.splitlines():
        hit = re.match(r"(.+?):(\d+): error: (.*)", line)
        if hit:
            errors.setdefault((Path(hit[1]).name, int(hit[2])), []).append(hit[3])
    assert found.returncode in (0, 1), found.stdout + found.stderr
    return errors


def test_mypy_refuses_every_wrong_call_and_passes_the_right_ones(tmp_path: Path) -> None:
    wrong, right = tmp_path / "wrong_calls.py", tmp_path / "right_calls.py"
    wrong.write_text(WRONG)
    right.write_text(RIGHT)
    errors = mypy_errors(wrong, right)
    calls = [
        n for n, line in enumerate(WRONG.splitlines(), 1) if line.startswith(("    m.", "    b."))
    ]
    assert len(calls) == 77
    missed = [
        WRONG.splitlines()[n - 1].strip() for n in calls if ("wrong_calls.py", n) not in errors
    ]
    assert missed == []
    assert {line for name, line in errors if name == "wrong_calls.py"} == set(calls)
    assert [e for (name, _), e in errors.items() if name == "right_calls.py"] == []
    assert 'has no attribute "knok"' in errors[("wrong_calls.py", calls[0])][0]
    assert 'Unexpected keyword argument "colour"' in errors[("wrong_calls.py", calls[1])][0]
    # a read's document is typed: a misspelled key is refused like a misspelled method
    seasonz = WRONG.splitlines().index('    b.standings(2026)["seasonz"]') + 1
    assert '"seasonz"' in " ".join(errors[("wrong_calls.py", seasonz)])


# --- the declarations and the methods agree ------------------------------------------------------

# How each kind of declared value (`Option.read`) is typed in a method's signature.
ANNOTATIONS = {
    "text": "str",
    "whole": "int",
    "count": "int | Cards",
    "cards": "Cards",
    "deadwoods": "Mapping[str, int]",
    "counts": "Sequence[int]",
    "date": "date",
    "switch": "bool",
}
POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD
KEYWORD = inspect.Parameter.KEYWORD_ONLY


def annotation(option: variants.Option) -> str:
    kind = ANNOTATIONS[option.read]
    return kind if option.required or option.read == "switch" else f"{kind} | None"


@pytest.mark.parametrize("command", [c.name for c in variants.commands()])
def test_each_hand_method_takes_its_commands_declared_parameters(command: str) -> None:
    method = getattr(Match, command.replace("-", "_"))
    params = dict(inspect.signature(method).parameters)
    params.pop("self")
    declared = variants.options_of(command)
    shared = [o for o in variants.HAND_OPTIONS if o.name != "match"]  # the method's own match
    assert set(params) == {o.name for o in (*declared, *shared)}
    for option in (*declared, *shared):
        param = params[option.name]
        assert param.annotation == annotation(option), (command, option.name)
        assert (param.default is inspect.Parameter.empty) == option.required
    # the command's own parameters by position, in their declared order; the rest by keyword
    own = variants.command(command)
    own = variants.command(own.like) if own.like else own
    positional = [o.name for o in own.params]
    assert [n for n, p in params.items() if p.kind is POSITIONAL] == positional
    assert all(p.kind is KEYWORD for n, p in params.items() if n not in positional)
    assert method.__doc__ and f"``{command} --json``" in " ".join(method.__doc__.split())


def test_edit_takes_every_changeable_value_and_each_variants_options() -> None:
    params = dict(inspect.signature(Match.edit).parameters)
    assert list(params)[:2] == ["self", "hand"]
    assert set(params) == {"self", "hand", "reason", *typed.EDITED} | {
        o.name for o in variants.variant_options()
    }
    for option in variants.variant_options():
        assert params[option.name].annotation == annotation(option)
        assert params[option.name].kind is KEYWORD
    for name, read in typed.EDITED.items():
        if read != "deadwood":
            assert params[name].annotation == f"{ANNOTATIONS[read]} | None", name
    assert params["deadwood"].annotation == "int | Mapping[str, int] | None"


def test_no_method_is_made_at_run_time() -> None:
    assert "__getattr__" not in vars(Match)
    for command in variants.commands():
        method = vars(Match)[command.name.replace("-", "_")]
        assert method.__qualname__ == f"Match.{command.name.replace('-', '_')}"
        assert inspect.getsourcefile(method) == inspect.getsourcefile(Match)


def test_the_format_a_new_match_takes_is_one_of_the_formats() -> None:
    """`Book.new_match`'s ``format`` is typed by the formats' own keys, so mypy refuses one
    misspelled, and a format added to the engine cannot be left out of the type."""
    from typing import get_args

    from gintally.engine.formats import FORMATS
    from gintally.facade.book import Format

    assert list(get_args(Format)) == list(FORMATS)


def test_every_rule_a_new_match_overrides_is_typed_as_the_rules_type_it(tmp_path: Path) -> None:
    """``new_match(**knobs)`` is typed by `facade.book.Knobs`: a call giving every knob of
    `game.rules.KNOBS` its default (None for off) passes mypy, so a knob added to the rules
    cannot be left out of the type, and (above) a misspelled one or a wrong type is refused."""
    from gintally.game.rules import KNOBS, RuleSet

    defaults = RuleSet()
    given = ", ".join(f"{k}={getattr(defaults, k)!r}" for k in KNOBS)
    call = tmp_path / "every_knob.py"
    call.write_text(
        "import gintally\n\n\n"
        "def every(b: gintally.Book) -> gintally.Match:\n"
        f'    return b.new_match("Cup", ["Ann", "Bob"], {given})\n'
    )
    # the call's own errors (an older mypy of the lowest versions allowed may also say things
    # of gintally's modules, which `.ci/run`'s mypy checks)
    assert {k: v for k, v in mypy_errors(call).items() if k[0] == call.name} == {}
    with gintally.open(tmp_path / "knobs.db") as b:
        made = b.new_match("Cup", ["Ann", "Bob"], **{k: getattr(defaults, k) for k in KNOBS})
        assert made.info()["rules"]["target"] == 100
