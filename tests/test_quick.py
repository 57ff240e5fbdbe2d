"""The console script's fast lane (`gintally.cli.quick`): a plain line of a hand command or
`show` runs without Typer, and must do exactly what Typer's command does.

- The lane's table of commands matches the commands as declared to Typer (every option's
  spellings, flags, positionals and which are required), so a new option cannot be missed.
- `parse` reads the plainest lines and leaves every other line to Typer.
- On random command lines (the fuzz vocabulary of tests/test_fuzz_cli.py: good and bad players,
  numbers, cards, dates, matches, unknown and repeated options), every line the lane takes
  gives the same exit code, stdout and stderr as Typer's command, and leaves the same ledger.
- The ledger's default folder is worked out as Typer's ``get_app_dir`` does.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import typer
import typer.main
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_fuzz_cli import (
    KINDS,
    PILES,
    Args,
    Invocation,
    World,
    argument_lists,
    card_text,
    card_token,
    dates,
    dump,
    examples,
    int_text,
    invoke,
    matches,
    players,
    texts,
    world,
)

from gintally.cli import app, base, quick

__all__ = ["world"]  # the fuzz tests' template ledger, a fixture here too

# --- the lane's commands are Typer's --------------------------------------------------------------


@pytest.mark.parametrize("word", sorted(quick.commands()))
def test_commands_match_typer(word: str) -> None:
    command = typer.main.get_command(app).commands[word]  # type: ignore[attr-defined]
    positionals = [p for p in command.params if type(p).__name__ == "TyperArgument"]
    options = [p for p in command.params if type(p).__name__ == "TyperOption"]
    spec = quick.commands()[word]
    assert spec.positionals == tuple(p.name for p in positionals)
    assert spec.required == sum(p.required for p in positionals)
    assert all(p.nargs == 1 and not p.multiple for p in command.params)
    assert all(not p.secondary_opts for p in options)
    assert spec.options == {o: p.name for p in options if not p.is_flag for o in p.opts}
    assert spec.flags == {o: p.name for p in options if p.is_flag for o in p.opts}
    assert spec.hand == (word != "show")


# --- which lines the lane reads -------------------------------------------------------------------

TAKEN = [
    (["knock", "Ann", "8", "--vs", "18"], None, {"player": "Ann", "deadwood": "8", "vs": "18"}),
    (["knock", "--vs=18", "Ann", "8"], None, {"player": "Ann", "deadwood": "8", "vs": "18"}),
    (["knock", "Ann", "--cards", "AS 2S 3S"], None, {"player": "Ann", "cards": "AS 2S 3S"}),
    (["--db", "x.db", "knock", "Ann", "8"], "x.db", {"player": "Ann", "deadwood": "8"}),
    (["--db=", "show"], "", {}),
    (
        ["show", "-m", "Kitchen", "--all", "--json"],
        None,
        {"match": "Kitchen", "all_": True, "as_json": True},
    ),
    (
        ["gin", "Bob", "--note", "", "-d", "27 Apr"],
        None,
        {"player": "Bob", "note": "", "date": "27 Apr"},
    ),
    (["score", "Bob", "-5"], None, None),  # "-5" reads as an option: Typer's to refuse
    (["score", "Bob", "30", "--kind=gin"], None, {"player": "Bob", "points": "30", "kind": "gin"}),
    (["misdeal", "--json"], None, {"as_json": True}),
    (["sour", "Ann", ""], None, {"player": "Ann", "deadwood": ""}),
]
LEFT_TO_TYPER = [
    [],
    ["knock"],  # PLAYER missing
    ["knock", "Ann", "8", "9"],  # one too many
    ["knock", "Ann", "--vs"],  # no value
    ["knock", "Ann", "--vs", "-3"],  # a value that looks like an option
    ["knock", "Ann", "-3"],
    ["knock", "Ann", "--vs", "1", "--vs", "2"],  # repeated
    ["knock", "Ann", "--json", "--json"],
    ["knock", "Ann", "--table", "3"],  # not knock's
    ["knock", "Ann", "--help"],
    ["knock", "-h"],
    ["knock", "Ann", "--", "8"],
    ["knock", "Ann", "-m=Kitchen"],  # a short option with '=': click reads the value '=Kitchen'
    ["knock", "Ann", "-mKitchen"],
    ["knock", "Ann", "--json=yes"],
    ["knock", "Ann", "8", "--db", "x.db"],  # --db after the command
    ["--db", "a", "--db", "b", "knock", "Ann"],
    ["--db", "-x", "knock", "Ann"],
    ["--db"],
    ["--version", "knock", "Ann"],
    ["-h", "knock"],
    ["draw"],  # not in the lane
    ["hands"],
    ["match", "list"],
    ["show", "Kitchen"],
    ["show", "--year", "2025"],
]


@pytest.mark.parametrize(("argv", "db", "values"), TAKEN)
def test_parse_takes_plain_lines(
    argv: list[str], db: str | None, values: dict[str, object] | None
) -> None:
    line = quick.parse(argv)
    if values is None:
        assert line is None
        return
    assert line is not None
    assert line.db == db
    assert line.values == values


@pytest.mark.parametrize("argv", LEFT_TO_TYPER)
def test_parse_leaves_the_rest_to_typer(argv: list[str]) -> None:
    assert quick.parse(argv) is None
    assert quick.run(argv, standalone=False) is None


# --- the lane does what Typer does ----------------------------------------------------------------

_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00")
_UID = re.compile(r"'[0-9a-f]{32}'")  # a fact's identity: made new by each run


def _content(db: Path) -> str:
    """The ledger's logical content, its record times and identities blanked (two runs seconds
    apart)."""
    return _UID.sub("<uid>", _STAMP.sub("<time>", dump(db))) if db.exists() else "<no ledger>"


def _lane(argv: list[str], db: Path, capsys: pytest.CaptureFixture[str]) -> Invocation:
    capsys.readouterr()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GINTALLY_DB", str(db))
        code = quick.run(argv, standalone=False)
    out = capsys.readouterr()
    assert code is not None
    return Invocation(code, out.out, out.err, None)


def _same(world: World, argv: list[str], capsys: pytest.CaptureFixture[str]) -> bool:
    """Run `argv` through Typer and through the lane, each on a fresh copy of the template;
    False when the lane does not take the line."""
    if quick.parse(argv) is None:
        return False
    work = world.root / "quick"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    typer_db, lane_db = work / "typer.db", work / "lane.db"
    shutil.copyfile(world.template, typer_db)
    shutil.copyfile(world.template, lane_db)
    by_typer = invoke(argv, typer_db)
    by_lane = _lane(argv, lane_db, capsys)
    shown = f"gintally {argv!r}"
    assert (by_lane.code, by_lane.stdout, by_lane.stderr) == (
        by_typer.code,
        by_typer.stdout,
        by_typer.stderr,
    ), shown
    assert _content(lane_db) == _content(typer_db), shown
    return True


PLAIN = [
    ["knock", "Ann", "8", "--vs", "18"],
    ["knock", "Ann", "8", "--vs", "18", "--json"],
    ["knock", "Ann", "12", "--vs", "30"],  # over the knock limit
    ["knock", "Zed", "8", "--vs", "18"],  # not a player
    ["knock", "Ann", "8", "--vs", "ten"],
    ["knock", "Ann", "3", "--piles", "1,2,0,3", "-m", "Solo", "--date", "2025-05-05"],
    ["gin", "Bob", "--vs", "12", "--note", "late", "--dealer", "Ann"],
    ["big-gin", "Bob", "--vs", "20", "--upcard", "7S"],
    ["gimlet", "Ann", "--piles", "1,1,1,1", "-m", "Solo"],
    ["gin", "Bob", "--table", "60", "--vs-table", "20", "--vs", "35", "-m", "Tiles"],
    ["sour", "Ann", "17", "-m", "Solo"],
    ["misdeal", "--date", "yesterday"],
    ["score", "Bob", "30", "--kind", "gin"],
    ["score", "Ann", "25", "-m", "Forever", "--date", "2024-01-03"],
    ["show"],
    ["show", "--json"],
    ["show", "--all"],
    ["show", "-m", "Forever"],
    ["show", "-m", "Holly", "--json"],
    ["show", "-m", "Nope"],
    ["--db=", "show"],
]


@pytest.mark.parametrize("argv", PLAIN)
def test_lane_does_what_typer_does(
    world: World, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _same(world, argv, capsys)


LANE_SETTINGS = settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

# What each parameter is given in plain lines: the fuzz vocabulary (good and bad values alike).
VALUES: dict[str, st.SearchStrategy[str]] = {
    "player": players,
    "deadwood": int_text,
    "points": int_text,
    "vs": st.one_of(int_text, card_text()),
    "vs_points": int_text,
    "cards": card_text(),
    "vs_cards": card_text(),
    "piles": st.sampled_from(PILES),
    "table": st.one_of(int_text, card_text()),
    "vs_table": st.one_of(int_text, card_text()),
    "kind": st.sampled_from(KINDS),
    "match": st.one_of(st.sampled_from(["Kitchen", "Holly", "Forever", "Solo", "Tiles"]), matches),
    "date": dates,
    "dealer": players,
    "upcard": card_token(),
    "note": texts,
}


@st.composite
def plain_lines(draw: st.DrawFn) -> list[str]:
    """A line the lane takes: the command's positionals in order, a few of its options
    (either spelling, ``--option=VALUE`` or not) and flags, interleaved, sometimes ``--db``."""
    word = draw(st.sampled_from(sorted(quick.commands())))
    spec = quick.commands()[word]
    count = draw(st.integers(spec.required, len(spec.positionals)))
    plain = st.text(max_size=3)  # what a value that reads as an option becomes
    value_of = {
        name: (VALUES[name] | plain).map(lambda v: "x" + v if v.startswith("-") else v)
        for name in VALUES
    }
    chunks = [[draw(value_of[name])] for name in spec.positionals[:count]]
    spellings: dict[str, list[str]] = {}
    for option, name in spec.options.items():
        spellings.setdefault(name, []).append(option)
    chosen = draw(st.lists(st.sampled_from(sorted(spellings)), unique=True, max_size=4))
    extra: list[list[str]] = []
    for name in chosen:
        option = draw(st.sampled_from(spellings[name]))
        value = draw(value_of[name])
        if option.startswith("--") and draw(st.booleans()):
            extra.append([f"{option}={value}"])
        else:
            extra.append([option, value])
    extra += [[flag] for flag in draw(st.lists(st.sampled_from(sorted(spec.flags)), unique=True))]
    for chunk in extra:  # options go anywhere; the positionals keep their order
        chunks.insert(draw(st.integers(0, len(chunks))), chunk)
    argv = [word, *(token for chunk in chunks for token in chunk)]
    if draw(st.integers(0, 9)) == 0:
        argv = ["--db", "elsewhere.db", *argv]
    return argv


def test_lane_does_what_typer_does_on_plain_lines(
    world: World, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(world.root)  # --db elsewhere.db: a ledger that is not there

    @LANE_SETTINGS
    @given(plain_lines())
    @example(["knock", "Ann", "8", "--vs", "18", "--note", "♠ ß"])
    def prop(argv: list[str]) -> None:
        assert _same(world, argv, capsys), argv

    prop()


def test_lane_does_what_typer_does_on_random_lines(
    world: World, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fuzz tests' lines (unknown and repeated options, too many arguments, --help...):
    those the lane takes do what Typer does; it leaves the others to Typer."""
    monkeypatch.chdir(world.root)
    scratch = world.root / "quick-scratch"
    scratch.mkdir(exist_ok=True)
    lines = argument_lists(world, scratch).filter(lambda a: a.command in quick.commands())

    @LANE_SETTINGS
    @given(lines)
    def prop(args: Args) -> None:
        _same(world, args.argv, capsys)

    prop()


# --- the default ledger folder --------------------------------------------------------------------


@pytest.mark.parametrize("xdg", [None, "", "/tmp/xdg", "relative/xdg"])
@pytest.mark.parametrize("home", [None, "", "/home/ann", "/"])
def test_config_folder_is_typers(
    xdg: str | None, home: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in (("XDG_CONFIG_HOME", xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert base.config_folder() == typer.get_app_dir("gintally")
    assert base.config_folder("Foo Bar") == typer.get_app_dir("Foo Bar")
