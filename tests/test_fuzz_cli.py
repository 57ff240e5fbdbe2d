"""Fuzzing the command line: random argument lists against a real ledger.

Every command and subcommand gets argument lists drawn from its own options and from garbage:
players in and out of the match, small, negative and huge integers, valid, invalid and
duplicated cards, good and bad dates, KEY=VALUE pairs, hand ids, file paths. Whatever comes in,
the contract of SPEC section 5 must hold:

- no exception escapes and no traceback is printed;
- the exit code is 0, 1 or 2;
- a failure prints exactly one line on stderr, starting with ``Error:``;
- a refused command leaves the ledger exactly as it was (the file bytes, the ``-wal`` file and a
  logical dump: with WAL, pages can move between the two files, so the dump is the honest check);
- a read-only command (and any ``--help``) leaves the ledger exactly as it was even on success;
- ``--json`` on success prints exactly one JSON document.

Each example starts from a copy of one template ledger (three matches with knocks, gins,
undercuts, draws, paper scores, a voided and an edited hand), so examples are independent and
reproducible. The command object is built once from the Typer app (`typer.main.get_command`,
what ``app()`` runs) and invoked with click's CliRunner: Typer's CliRunner rebuilds it on every
call, which is five times slower and would not fit 2,000 cases into the time budget.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import string
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.main import get_command

from gintally.cli import app
from gintally.game.cards import DECK
from gintally.game.rules import ALIASES, KNOBS, PRESETS

COMMAND = get_command(app)
RUNNER = CliRunner()

# FUZZ_SCALE=10 runs ten times as many examples (a deeper run by hand; CI uses 1).
SCALE = float(os.environ.get("FUZZ_SCALE", "1"))


def examples(n: int) -> int:
    return max(1, int(n * SCALE))


FUZZ_SETTINGS = settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Commands that never change the ledger, even when they succeed.
READ_ONLY = {
    "show",
    "hands",
    "standings",
    "eval",
    "rules",
    "match list",
    "match show",
    "player list",
    "export",
    "check",
    "backup",
    "demo",
    "stats",
    "chart",
    "report",
    "print",
    "settle",
    "serve",
}
# Read commands that may keep the seasons they folded when they succeed: a cache, never a fact
# (`ledger.folds`): the facts stay as they were, the file may not.
CACHING = {"standings", "stats", "chart", "report", "print"}
# Commands whose --json prints one JSON document.
JSON_COMMANDS = {
    "knock",
    "gin",
    "big-gin",
    "draw",
    "score",
    "undo",
    "redo",
    "restore",
    "void",
    "edit",
    "show",
    "hands",
    "standings",
    "eval",
    "rules",
    "match new",
    "match list",
    "match show",
    "player list",
    "import",
    "merge",
    "check",
    "stats",
    "config",
    "settle",
    "pay",
    "match stake",
}
HELP_FLAGS = ("--help", "-h")


# --- the template ledger and the files the commands may be pointed at ----------------------------


@dataclass
class Invocation:
    code: int
    stdout: str
    stderr: str
    exception: BaseException | None
    warnings: list[str] = field(default_factory=list)


# Warnings Python shows on stderr by default (run in-process under pytest, they are captured
# instead, so they are recorded here and counted as stderr lines by the strict test).
HIDDEN_WARNINGS = (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning)


def invoke(args: list[str], db: Path) -> Invocation:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # typer bundles its own copy of click, so its Command is not click's type, only its kind
        result = RUNNER.invoke(COMMAND, args, env={"GINTALLY_DB": str(db)})  # type: ignore[arg-type]
    shown = [
        f"{w.category.__name__}: {w.message}"
        for w in caught
        if not issubclass(w.category, HIDDEN_WARNINGS)
    ]
    return Invocation(result.exit_code, result.stdout, result.stderr, result.exception, shown)


TEMPLATE_SCRIPT = [
    ["match", "new", "Kitchen", "--players", "Ann", "Bob"],
    ["knock", "Ann", "8", "--vs", "18", "--date", "2025-03-01"],
    ["gin", "Bob", "--vs", "12", "--date", "2025-03-01", "--note", "first gin"],
    ["knock", "Ann", "9", "--vs", "4", "--date", "2025-03-02"],
    ["draw", "--date", "2025-03-02"],
    ["score", "Bob", "30", "--kind", "gin", "--date", "2025-03-03"],
    [
        "knock",
        "Ann",
        "--cards",
        "6H 6C 6D 6S TD JD QD KD AH 7D",
        "--vs-cards",
        "2H 3H 4H 7H 7S 7C 8C 8D 9D JS",
        "--date",
        "2025-03-04",
    ],
    ["big-gin", "Bob", "--vs", "20", "--date", "2025-03-05"],
    ["void", "2", "--reason", "typo"],
    ["edit", "1", "--vs", "20", "--reason", "miscounted"],
    ["match", "new", "Holly", "--players", "Ann", "Cy", "--format", "hollywood", "--games", "3"],
    ["score", "Cy", "40", "--date", "2024-07-01"],
    ["knock", "Ann", "3", "--vs", "30", "--date", "2024-07-02"],
    ["match", "new", "Okla", "--players", "Dee", "Eve", "--rules", "oklahoma"],
    ["knock", "Dee", "5", "--vs", "20", "--upcard", "7S"],
    ["gin", "Eve", "--vs", "10", "--upcard", "KH"],
    ["match", "new", "Forever", "--players", "Ann", "Bob", "--format", "ad-infinitum"],
    ["score", "Ann", "25", "--date", "2023-12-30"],
    ["score", "Bob", "25", "--date", "2024-01-02"],
    ["match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"],
    ["knock", "Ann", "3", "--piles", "1,2,0,3", "--date", "2025-05-01"],
    ["sour", "Ann", "17", "--date", "2025-05-02"],
    ["match", "new", "Tiles", "--players", "Bob", "Cy", "--rules", "mahjong"],
    ["gin", "Bob", "--table", "60", "--vs-table", "20", "--vs", "35", "--date", "2025-05-03"],
    ["misdeal", "--date", "2025-05-04"],
    ["match", "use", "Kitchen"],
]

GOOD_CSV = (
    "date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note\n"
    "2025-04-01,knock,Ann,10,Ann,8,18,Bob,,\n"
    "2025-04-01,gin,Bob,37,Bob,0,12,Ann,7H,evening\n"
    "2025-04-02,draw,,,,,,,,\n"
)
BAD_CSV = (
    "date,kind,winner,points\n"
    "2025-04-01,knock,Ann,10\n"
    "2025-04-02,knock,Zed,10\n"
    "2025-04-03,gin,Bob,30\n"
)


@dataclass
class World:
    root: Path
    template: Path
    template_dump: str
    files: dict[str, Path] = field(default_factory=dict)


def dump(db: Path) -> str:
    # A read-write connection that only reads: closing it removes the -wal file it opened (a
    # read-only one would leave an empty -wal behind and change what file_state sees).
    conn = sqlite3.connect(db)
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


def facts(dumped: str) -> list[str]:
    """A dump without the season-fold cache's rows."""
    cached = 'INSERT INTO "season_folds"'
    return [line for line in dumped.splitlines() if not line.startswith(cached)]


def file_state(db: Path) -> tuple[bytes, bytes | None]:
    wal = db.with_name(db.name + "-wal")
    return db.read_bytes(), wal.read_bytes() if wal.exists() else None


def hand_rows(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


@pytest.fixture(autouse=True)
def _no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` checks its match and port and prints its address, then returns instead of
    serving: a fuzzed command line never leaves a server running."""
    from gintally import serve

    monkeypatch.setattr(serve, "serve", lambda settings, host, port: None)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    root = tmp_path_factory.mktemp("fuzz")
    template = root / "template.db"
    for args in TEMPLATE_SCRIPT:
        run = invoke(args, template)
        assert run.code == 0, (args, run.stderr)
    assert not template.with_name("template.db-wal").exists()
    files = root / "files"
    files.mkdir()
    (files / "good.csv").write_text(GOOD_CSV)
    (files / "bad.csv").write_text(BAD_CSV)
    (files / "empty.csv").write_text("")
    (files / "binary.bin").write_bytes(bytes(range(256)) * 4)
    export = invoke(["export", "--format", "json"], template)
    assert export.code == 0
    (files / "hands.json").write_text(export.stdout)
    (files / "adir").mkdir()
    return World(
        root,
        template,
        dump(template),
        {
            "good_csv": files / "good.csv",
            "bad_csv": files / "bad.csv",
            "empty_csv": files / "empty.csv",
            "binary": files / "binary.bin",
            "json": files / "hands.json",
            "dir": files / "adir",
        },
    )


# --- vocabulary -----------------------------------------------------------------------------------

PLAYERS = ["Ann", "Bob", "ann", " BOB ", "Cy", "Dee", "Eve", "Zed", "", "Ann Bob", "-", "Ånn"]
MATCHES = ["Kitchen", "kitchen", "Holly", "Okla", "Forever", "Solo", "Tiles", "Nope", ""]
MATCHES += ["New Match", "x" * 61]
INT_WORDS = [
    "",
    " 7 ",
    "1.5",
    "ten",
    "0x10",
    "1e3",
    "+5",
    "-0",
    "007",
    "٣",
    "NaN",
    "∞",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "10" * 20,
]
DATES = [
    "today",
    "yesterday",
    "now",
    "2025-03-01",
    "2024-02-29",
    "2023-02-29",
    "27 Apr 2007",
    "4/27",
    "2007-13-01",
    "2007-02-30",
    "32/13",
    "1899-12-31",
    "3000-01-01",
    "99999-01-01",
    "0001-01-01",
    "tomorrow",
    "",
    "1/1/0",
    "12",
    "yesterday 10",
]
KINDS = ["knock", "undercut", "gin", "big-gin", "big gin", "draw", "score", "GIN", "", "bogus"]
KINDS += ["misdeal", "sour"]
PILES = ["1,2,0,3", "0,0,1,5", "2,2,2,2", "6,0,0,0", "1,2,3", "-1,0,0,0", "a,b,c,d", ""]
FORMATS = ["single", "hollywood", "honeymoon", "ad-infinitum", "Hollywood", "ad infinitum"]
FORMATS += ["csv", "json", "CSV", "xml", "", "bogus"]
PRESET_NAMES = [*PRESETS, *ALIASES, "MODERN", "", "bogus"]
SEASON_STARTS = ["01-01", "04-27", "02-29", "13-01", "1-1", "ab", "", "12-31", "00-00", "4-31"]
KNOB_VALUES = ["10", "0", "99", "100", "-1", "upcard", "off", "true", "no", "maybe", "bonus:50"]
KNOB_VALUES += ["bonus:x", "gin-only", "one", "plus-difference", "winner", "alternate", "", "1e9"]
RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K"]
SUIT_TEXT = ["S", "H", "D", "C", "s", "h", "♠", "♥", "♦", "♣"]
BAD_CARDS = ["1S", "ZZ", "11H", "AX", "A", "S", "10", "♠", "AS♠", "0D", "JOKER", "1O", "-", "TT"]
NOTE_ALPHABET = string.printable + "åß€♠\u200b🂡"

small_ints = st.integers(-3, 120).map(str)
huge_ints = st.integers(-(10**30), 10**30).map(str)
int_text = st.one_of(small_ints, small_ints, huge_ints, st.sampled_from(INT_WORDS))
hand_ids = st.one_of(st.integers(0, 25).map(str), int_text)
players = st.one_of(st.sampled_from(PLAYERS), st.text(max_size=6))
# a team for match new --teams: 1 to 5 players, sometimes named ("Reds=Ann,Cy")
team_text = st.tuples(
    st.sampled_from(["", "", "Reds=", "=", "Ann="]),
    st.lists(players, min_size=1, max_size=5).map(",".join),
).map("".join)
matches = st.one_of(st.sampled_from(MATCHES), st.text(max_size=6))
dates = st.one_of(
    st.sampled_from(DATES),
    st.dates().map(lambda d: d.isoformat()),
    st.text(alphabet="0123456789-/ .AprJanMay", max_size=12),
)
texts = st.text(alphabet=NOTE_ALPHABET, max_size=20)


@st.composite
def card_token(draw: st.DrawFn) -> str:
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(BAD_CARDS))
    rank = draw(st.sampled_from(RANK_TEXT))
    suit = draw(st.sampled_from(SUIT_TEXT))
    if suit in "♠♥♦♣" and draw(st.booleans()):
        return suit + rank
    return rank + suit if draw(st.booleans()) else (rank + suit).lower()


@st.composite
def card_text(draw: st.DrawFn) -> str:
    """A hand of cards as typed: mostly 9 to 12 real cards (sometimes repeated), or garbage."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(st.text(alphabet="A23456789TJQKSHDC10 ,♠♥", max_size=40))
    if choice <= 5:
        n = draw(st.sampled_from([10, 10, 10, 11, 9, 12, 0, 1]))
        picked = draw(st.permutations(DECK))[:n]
        tokens = [str(c) for c in picked]
        if tokens and draw(st.integers(0, 4)) == 0:
            tokens[-1] = tokens[0]  # a duplicated card
    else:
        tokens = draw(st.lists(card_token(), min_size=0, max_size=12))
    sep = draw(st.sampled_from([" ", ",", ", ", "  "]))
    return sep.join(tokens)


@st.composite
def knob_pair(draw: st.DrawFn) -> str:
    key = draw(
        st.one_of(
            st.sampled_from(list(KNOBS)),
            st.sampled_from([k.replace("_", "-").upper() for k in KNOBS]),
            st.sampled_from(["bogus", "", "preset", "knock limit"]),
        )
    )
    value = draw(st.one_of(st.sampled_from(KNOB_VALUES), int_text))
    joiner = draw(st.sampled_from(["=", "=", "=", " = ", ":", ""]))
    return f"{key}{joiner}{value}"


@st.composite
def deadwood_pair(draw: st.DrawFn) -> str:
    joiner = draw(st.sampled_from(["=", "=", "=", ":", ""]))
    return f"{draw(players)}{joiner}{draw(int_text)}"


# --- argument lists, command by command -----------------------------------------------------------


@dataclass
class Args:
    """A generated argument list and what the generator knows about it."""

    argv: list[str]
    command: str  # "knock", "match new", ... ("" for none)
    json: bool = False
    help: bool = False
    other_db: bool = False
    version: bool = False


Value = st.SearchStrategy[str] | None  # None: a flag
AMOUNTS = ["0.05", "1", "12.35", "0", "-1", "1.234", "0.005", "1e3", "abc", "", " 2 "]
amounts = st.sampled_from(AMOUNTS)
CURRENCIES = ["$", "EUR", "€", "", "dollars", "1"]
HAND_OPTS: dict[str, Value] = {
    "--match": matches,
    "-m": matches,
    "--date": dates,
    "-d": dates,
    "--dealer": players,
    "--upcard": card_token(),
    "-u": card_token(),
    "--note": texts,
    "--back-date": None,
    "--json": None,
}


TAKEN = "taken.out"  # an output file that is already there (`Ledgers.reset` writes it)
TAKEN_TEXT = b"already here\n"


def path_choices(world: World, scratch: Path, role: str) -> st.SearchStrategy[str]:
    f = world.files
    new = [str(scratch / "new.out"), str(scratch / "missing" / "deeper" / "x.out")]
    existing = [str(f["good_csv"]), str(f["dir"]), str(f["binary"])]
    if role == "import":
        options = [
            str(f["good_csv"]),
            str(f["bad_csv"]),
            str(f["empty_csv"]),
            str(f["json"]),
            str(f["binary"]),
            str(f["dir"]),
            str(scratch / "absent.csv"),
        ]
    elif role == "keep":  # an existing file keeps the demo cheap: it is refused at once
        options = existing
    else:  # an output may be overwritten (export --force): never one of the input files
        options = [*new, str(scratch / TAKEN), str(f["dir"])]
    return st.sampled_from(options)


def command_specs(
    world: World, scratch: Path
) -> dict[str, tuple[list[st.SearchStrategy[str]], dict[str, Value]]]:
    """command -> (positional strategies, option -> value strategy)."""
    hand_opts = dict(HAND_OPTS)
    card_opts: dict[str, Value] = {
        "--vs": int_text,
        "--cards": card_text(),
        "--vs-cards": card_text(),
    }
    piles: Value = st.sampled_from(PILES)
    table: Value = st.one_of(int_text, card_text())
    gin_opts = {**card_opts, "--piles": piles, "--table": table, "--vs-table": table, **hand_opts}
    return {
        "knock": ([players, int_text], {**card_opts, "--piles": piles, **hand_opts}),
        "gin": ([players], gin_opts),
        "big-gin": ([players], gin_opts),
        "gimlet": ([players], gin_opts),
        "double-gimlet": ([players], gin_opts),
        "sour": ([players, int_text], {"--cards": card_text(), **hand_opts}),
        "misdeal": ([], hand_opts),
        "draw": ([], {"--deadwood": deadwood_pair(), **hand_opts}),
        "score": (
            [players, int_text],
            {"--kind": st.sampled_from(KINDS), "--vs-points": int_text, **hand_opts},
        ),
        "undo": ([], {"--match": matches, "-m": matches, "--json": None}),
        "redo": ([], {"--match": matches, "-m": matches, "--json": None}),
        "restore": (
            [hand_ids],
            {"--match": matches, "-m": matches, "--reason": texts, "--json": None},
        ),
        "void": (
            [hand_ids],
            {"--match": matches, "-m": matches, "--reason": texts, "--json": None},
        ),
        "edit": (
            [hand_ids],
            {
                "--player": players,
                "--deadwood": int_text,
                "--points": int_text,
                "--kind": st.sampled_from(KINDS),
                "--reason": texts,
                "--vs-points": int_text,
                "--table": table,
                "--vs-table": table,
                "--piles": piles,
                **card_opts,
                **hand_opts,
            },
        ),
        "show": ([], {"--match": matches, "-m": matches, "--all": None, "--json": None}),
        "play": ([], {"--match": matches, "-m": matches, "--plain": None}),  # stdin: empty
        "serve": (  # everything but the serving itself (`_no_server`)
            [],
            {
                "--match": matches,
                "-m": matches,
                "--lan": None,
                "--port": int_text,
                "--read-only": None,
            },
        ),
        "hands": (
            [],
            {
                "--match": matches,
                "-m": matches,
                "--year": int_text,
                "-y": int_text,
                "--last": int_text,
                "-n": int_text,
                "--all": None,
                "--json": None,
            },
        ),
        "standings": (
            [],
            {
                "--year": int_text,
                "-y": int_text,
                "--match": matches,
                "-m": matches,
                "--json": None,
                "--csv": None,
            },
        ),
        "eval": (
            [card_text()],
            {
                "--rules": st.sampled_from(PRESET_NAMES),
                "-r": st.sampled_from(PRESET_NAMES),
                "--match": matches,
                "-m": matches,
                "--set": knob_pair(),
                "--upcard": card_token(),
                "-u": card_token(),
                "--json": None,
            },
        ),
        "rules": ([st.sampled_from(PRESET_NAMES)], {"--set": knob_pair(), "--json": None}),
        "export": (
            [],
            {
                "--format": st.sampled_from(FORMATS),
                "-f": st.sampled_from(FORMATS),
                "--match": matches,
                "-m": matches,
                "--output": path_choices(world, scratch, "output"),
                "-o": path_choices(world, scratch, "output"),
                "--force": None,
                "--excel": None,
                "--sep": st.sampled_from([",", ";", "tab", "|", ""]),
                "--json": None,
            },
        ),
        "import": (
            [path_choices(world, scratch, "import")],
            {"--match": matches, "-m": matches, "--force": None, "--json": None},
        ),
        "merge": (
            [path_choices(world, scratch, "import")],
            {"--same-match": matches, "--json": None},
        ),
        "backup": ([path_choices(world, scratch, "backup")], {"--force": None, "--json": None}),
        "check": ([], {"--json": None, "--repair": None}),
        "config": (
            [
                st.sampled_from(["date_order", "DATE_ORDER", "order", ""]),
                st.sampled_from(["dmy", "mdy", "ymd", "Ymd", "dym", ""]),
            ],
            {"--unset": None, "--json": None},
        ),
        "demo": ([], {"--keep": path_choices(world, scratch, "keep")}),
        "stats": ([], {"--player": players, "-p": players, "--json": None, "--csv": None}),
        "chart": (
            [],
            {"--match": matches, "-m": matches, "--year": int_text, "-y": int_text, "--json": None},
        ),
        "report": (
            [],
            {
                "--html": path_choices(world, scratch, "output"),
                "--match": matches,
                "-m": matches,
                "--year": int_text,
                "-y": int_text,
                "--force": None,
                "--json": None,
            },
        ),
        "print": (
            [st.sampled_from(["evening", "standings", "pad", "year", "poster", ""])],
            {
                "--output": path_choices(world, scratch, "output"),
                "-o": path_choices(world, scratch, "output"),
                "--match": matches,
                "-m": matches,
                "--year": int_text,
                "-y": int_text,
                "--date": dates,
                "-d": dates,
                "--set": hand_ids,
                "--paper": st.sampled_from(["a4", "letter", "Letter", "a3", ""]),
                "--force": None,
            },
        ),
        "match new": (
            [matches],
            {
                "--players": st.one_of(players, st.tuples(players, players).map("\0".join)),
                "-p": st.one_of(players, st.tuples(players, players).map("\0".join)),
                "--teams": st.tuples(team_text, team_text).map(lambda t: f"{t[0]}\0{t[1]}"),
                "-t": st.tuples(team_text, team_text).map(lambda t: f"{t[0]}\0{t[1]}"),
                "--format": st.sampled_from(FORMATS),
                "-f": st.sampled_from(FORMATS),
                "--rules": st.sampled_from(PRESET_NAMES),
                "-r": st.sampled_from(PRESET_NAMES),
                "--set": knob_pair(),
                "--games": int_text,
                "--rolling": None,
                "--season-start": st.sampled_from(SEASON_STARTS),
                "--dealer": players,
                "--stake": amounts,
                "--currency": st.sampled_from(CURRENCIES),
                "--places": int_text,
                "--series-stake": amounts,
                "--json": None,
            },
        ),
        "settle": (
            [],
            {"--match": matches, "-m": matches, "--all": None, "--since": dates, "--json": None},
        ),
        "pay": (
            [players, players, amounts],
            {
                "--match": matches,
                "-m": matches,
                "--date": dates,
                "-d": dates,
                "--note": texts,
                "--json": None,
            },
        ),
        "match stake": (
            [matches, amounts],
            {
                "--from": dates,
                "--currency": st.sampled_from(CURRENCIES),
                "--places": int_text,
                "--series-stake": amounts,
                "--json": None,
            },
        ),
        "match list": ([], {"--json": None}),
        "match show": ([matches], {"--json": None}),
        "match use": ([matches], {"--json": None}),
        "match rename": ([matches, matches], {"--json": None}),
        "match delete": ([matches], {"--yes": None, "-y": None, "--json": None}),
        "player rename": ([players, players], {"--json": None}),
        "player list": ([], {"--json": None}),
    }


SPECS: dict[tuple[Path, Path], dict[str, tuple[list[st.SearchStrategy[str]], dict[str, Value]]]]
SPECS = {}  # `command_specs` of each world and scratch folder, made once


@st.composite
def argument_lists(draw: st.DrawFn, world: World, scratch: Path) -> Args:
    specs = SPECS.get((world.root, scratch))
    if specs is None:
        specs = SPECS[world.root, scratch] = command_specs(world, scratch)
    names = sorted(specs)
    command = draw(st.sampled_from(names))
    if command == "demo" and draw(st.integers(0, 3)):  # the demo is slow: keep it rare
        command = "show"
    positionals, options = specs[command]
    chunks: list[list[str]] = []

    # positionals: usually all of them, sometimes one too few or one too many
    count = len(positionals) + draw(st.sampled_from([0, 0, 0, 0, -1, 1]))
    for i in range(max(count, 0)):
        strategy = positionals[i] if i < len(positionals) else int_text
        chunks.append([draw(strategy)])

    # options: a few of them, sometimes repeated, sometimes unknown
    flags_used: set[str] = set()
    names_drawn = draw(st.lists(st.sampled_from(sorted(options)), max_size=5)) if options else []
    for name in names_drawn:
        takes = options[name]
        if takes is None:
            chunks.append([name])
            flags_used.add(name)
        else:
            value = draw(takes)
            chunks.append([name, *value.split("\0")])
    extra = draw(st.integers(0, 19))
    if extra == 0:
        chunks.append([draw(st.sampled_from(["--bogus", "-z", "--vs", "--date", "--", "---"]))])
    elif extra == 1:
        chunks.append([draw(st.sampled_from(HELP_FLAGS))])
        flags_used.add("--help")

    order = draw(st.permutations(range(len(chunks))))
    argv = [*command.split()]
    for i in order:
        argv += chunks[i]

    prefix: list[str] = []
    root = draw(st.integers(0, 29))
    other_db = False
    version = False
    if root == 0:
        target = draw(
            st.sampled_from(
                [
                    str(scratch / "other.db"),
                    str(world.files["dir"]),
                    str(world.files["binary"]),
                    str(world.files["empty_csv"]),
                    str(scratch / "sub" / "dir" / "new.db"),
                ]
            )
        )
        prefix = ["--db", target]
        other_db = True
    elif root == 1:
        prefix = ["--version"]
        version = True
    return Args(
        [*prefix, *argv],
        command,
        json="--json" in flags_used,
        help="--help" in flags_used,
        other_db=other_db,
        version=version,
    )


# --- the checks -----------------------------------------------------------------------------------


def _holds(folder: Path, files: dict[str, bytes]) -> bool:
    """Whether `folder` is a folder holding exactly `files` (names and contents), and no more."""
    try:
        found = {entry.name: entry for entry in os.scandir(folder)}
    except FileNotFoundError:
        return False
    return found.keys() == files.keys() and all(
        found[name].is_file(follow_symlinks=False) and (folder / name).read_bytes() == text
        for name, text in files.items()
    )


class Ledgers:
    """The working copy of the template ledger and what it held before each command."""

    def __init__(self, world: World):
        self.world = world
        self.scratch = world.root / "scratch"
        self.db = world.root / "work" / "ledger.db"
        self.invocations = 0
        self.template = world.template.read_bytes()

    def reset(self) -> None:
        """The scratch folder holding `TAKEN` alone, the work folder the template's copy alone.
        A folder the last example left so (as a refused or a read-only command does) is kept:
        it holds the same files, byte for byte, and making it again (deleting its files) is
        most of the time of an example that runs a refused command."""
        if not _holds(self.scratch, {TAKEN: TAKEN_TEXT}):
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch.mkdir()
            (self.scratch / TAKEN).write_bytes(TAKEN_TEXT)
        if not _holds(self.db.parent, {self.db.name: self.template}):
            shutil.rmtree(self.db.parent, ignore_errors=True)
            self.db.parent.mkdir()
            shutil.copyfile(self.world.template, self.db)
        self._dump: str | None = self.world.template_dump
        self._bytes = file_state(self.db)

    def run(self, argv: list[str]) -> Invocation:
        self.invocations += 1
        return invoke(argv, self.db)

    def before_dump(self) -> str:
        if self._dump is None:
            self._dump = dump(self.db)
        return self._dump

    def assert_unchanged(self, why: str) -> None:
        if file_state(self.db) != self._bytes:  # (the same bytes hold the same content)
            assert dump(self.db) == self.before_dump(), f"ledger content changed: {why}"
            raise AssertionError(f"ledger bytes changed: {why}")

    def assert_facts_unchanged(self, why: str) -> None:
        """A read that may have kept season folds (`CACHING`): every fact as it was."""
        assert facts(dump(self.db)) == facts(self.before_dump()), f"ledger content changed: {why}"
        self.moved_on()

    def moved_on(self) -> None:
        """The command may have written: what the ledger holds now is the new 'before'."""
        self._dump = None
        self._bytes = file_state(self.db)


def check_contract(run: Invocation, argv: list[str]) -> None:
    """The contract every invocation keeps, whatever its arguments."""
    shown = f"gintally {argv!r} -> {run.code}\nstdout: {run.stdout[-500:]}\nstderr: {run.stderr}"
    assert run.exception is None or isinstance(run.exception, SystemExit), shown
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout, shown
    assert run.code in (0, 1, 2), shown
    if run.code != 0:
        lines = run.stderr.splitlines()
        if argv and _command_of(argv) == "check" and run.code == 1 and not lines:
            # check reports the problems it found on stdout, and exits 1
            assert "problem" in run.stdout, shown
            return
        assert len(lines) == 1, shown
        assert lines[0].startswith("Error: "), shown
        assert run.stderr.endswith("\n"), shown


def _command_of(argv: list[str]) -> str:
    """The command an argument list names, reading past the root options."""
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--db":
            i += 2
            continue
        if token.startswith("--db="):
            i += 1
            continue
        if token == "--":
            i += 1
            continue
        if token.startswith("-"):
            return ""  # --version, --help, ...: no command runs
        if token in ("match", "player") and i + 1 < len(argv):
            return f"{token} {argv[i + 1]}"
        return token
    return ""


def check_structured(ledgers: Ledgers, args: Args, run: Invocation) -> None:
    check_contract(run, args.argv)
    if run.code != 0:
        ledgers.assert_unchanged(f"{args.argv!r} was refused with {run.code}: {run.stderr}")
        return
    if args.help or args.version:
        assert run.stdout.strip(), args.argv
        ledgers.assert_unchanged(f"{args.argv!r} only showed help or the version")
        return
    if args.command in CACHING and not args.other_db:
        ledgers.assert_facts_unchanged(f"{args.argv!r} reads only")
    elif args.command in READ_ONLY or args.other_db:
        ledgers.assert_unchanged(f"{args.argv!r} reads only")
    else:
        ledgers.moved_on()
    if args.json and args.command in JSON_COMMANDS:
        doc = json.loads(run.stdout)  # exactly one JSON document
        assert isinstance(doc, dict), args.argv


# --- the tests ------------------------------------------------------------------------------------


def files_state(world: World) -> dict[str, object]:
    """The input files the commands are pointed at (import files, foreign --db files)."""
    state: dict[str, object] = {
        name: sorted(p.name for p in path.iterdir()) if path.is_dir() else path.read_bytes()
        for name, path in world.files.items()
    }
    state["template"] = world.template.read_bytes()
    return state


def run_property(prop: Callable[[], None], ledgers: Ledgers, minimum: int) -> None:
    before = files_state(ledgers.world)
    prop()
    assert files_state(ledgers.world) == before, "a command changed a file it only reads"
    print(f"{ledgers.invocations} command lines run")  # shown with pytest -s or -rP
    assert ledgers.invocations >= minimum


def test_fuzz_command_lines(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Per-command argument lists, one to three commands in a row on one ledger."""
    ledgers = Ledgers(world)
    monkeypatch.chdir(world.root)
    strategy = st.lists(argument_lists(world, ledgers.scratch), min_size=1, max_size=3)

    @FUZZ_SETTINGS
    @given(strategy)
    @example([Args(["score", "Ann", "10" * 20], "score")])
    @example([Args(["void", "99999999999999999999"], "void")])
    @example([Args(["knock", "Ann", "12", "--vs", "30"], "knock")])
    @example([Args(["import", str(world.files["bad_csv"])], "import")])
    @example([Args(["match", "use", "Holly"], "match use"), Args(["undo"], "undo")])
    def prop(commands: list[Args]) -> None:
        ledgers.reset()
        for args in commands:
            check_structured(ledgers, args, ledgers.run(args.argv))

    run_property(prop, ledgers, examples(400))


# Commands whose only inputs are typed values: on a healthy ledger that nobody else holds, any
# failure is bad input (exit 2), never "any other failure" (exit 1), never an exception that the
# catch-all had to turn into "unexpected ...", and no library warning reaches stderr beside the
# one "Error:" line.
FILE_COMMANDS = {"import", "merge", "export", "backup", "demo", "report", "print"}


def test_fuzz_typed_values_are_bad_input_not_failures(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledgers = Ledgers(world)
    monkeypatch.chdir(world.root)
    strategy = argument_lists(world, ledgers.scratch).filter(
        lambda a: not a.other_db and a.command not in FILE_COMMANDS
    )

    @settings(FUZZ_SETTINGS, max_examples=examples(150))
    @given(strategy)
    @example(Args(["score", "Ann", "1" + "0" * 20], "score"))
    @example(Args(["void", "99999999999999999999"], "void"))
    @example(Args(["edit", "1", "--points", "9223372036854775808"], "edit"))
    @example(Args(["score", "Ann", "5", "--date", "7 pm J"], "score"))
    @example(Args(["draw", "--date", "8pM9J29"], "draw"))
    @example(Args(["hands", "--year", "9999"], "hands"))
    def prop(args: Args) -> None:
        ledgers.reset()
        run = ledgers.run(args.argv)
        check_structured(ledgers, args, run)
        assert "GINTALLY_DEBUG" not in run.stderr, f"{args.argv!r}: {run.stderr}"
        assert run.code in (0, 2), f"{args.argv!r}: {run.stderr}"
        assert not run.warnings, f"{args.argv!r} also printed {run.warnings}"

    run_property(prop, ledgers, examples(150))


def _all_command_paths() -> Iterator[list[str]]:
    yield []
    for name, cmd in COMMAND.commands.items():  # type: ignore[attr-defined]
        yield [name]
        for sub in getattr(cmd, "commands", {}):
            yield [name, sub]


def _vocabulary() -> list[str]:
    """Every command and subcommand name and every option name, read from the command tree
    (so a new option is fuzzed as soon as it exists), and a few values."""
    words = {"--", "-", "--help", "-h", "Ann", "Bob", "Cy", "Kitchen"}
    for path in _all_command_paths():
        command = COMMAND
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        words.update(path)
        for param in command.params:
            words.update([*param.opts, *param.secondary_opts])
    # it would write to the shell start-up files of whoever runs the tests
    words.discard("--install-completion")
    # its answer depends on the shell the tests were started from ("Shell  not supported" under
    # CI or a script): not gintally's behaviour, and not the same on every machine
    words.discard("--show-completion")
    return sorted(words)


ALL_WORDS = _vocabulary()


@st.composite
def token_soup(draw: st.DrawFn) -> list[str]:
    """Free mixes of command words, option names and values, in any order."""
    words = draw(
        st.lists(
            st.one_of(
                st.sampled_from(ALL_WORDS),
                st.sampled_from(ALL_WORDS),
                int_text,
                card_token(),
                dates,
                knob_pair(),
                st.text(max_size=5),
            ),
            max_size=8,
        )
    )
    if words and draw(st.integers(0, 2)) == 0:
        words[0] = draw(st.sampled_from(sorted(READ_ONLY | JSON_COMMANDS))).split()[0]
    return words


def test_fuzz_token_soup(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Any order of any tokens: the contract still holds, and nothing it refuses is written."""
    ledgers = Ledgers(world)
    monkeypatch.chdir(world.root)  # a token may become a backup or export file: keep it here

    @settings(FUZZ_SETTINGS, max_examples=examples(300))
    @given(token_soup())
    @example([])
    @example(["match"])
    @example(["--db"])
    @example(["--db", "--db"])
    def prop(argv: list[str]) -> None:
        # a token may name a file (--db, backup, export -o): keep every path inside the tmp folder
        argv = [a.replace("/", "_").replace("~", "_").replace("..", "__") for a in argv]
        ledgers.reset()
        run = ledgers.run(argv)
        check_contract(run, argv)
        command = _command_of(argv)
        if run.code != 0:
            ledgers.assert_unchanged(f"{argv!r} was refused: {run.stderr}")
        elif command in CACHING and not any(h in argv for h in HELP_FLAGS):
            ledgers.assert_facts_unchanged(f"{argv!r} reads only")
        elif command in READ_ONLY or not command or any(h in argv for h in HELP_FLAGS):
            ledgers.assert_unchanged(f"{argv!r} reads only")

    run_property(prop, ledgers, examples(300))


def deck_hands(n: int) -> st.SearchStrategy[str]:
    return st.permutations(DECK).map(lambda cards: " ".join(str(c) for c in cards[:n]))


@st.composite
def card_pairs(draw: st.DrawFn) -> tuple[str, str, str]:
    """A claim with the knocker's and the defender's cards: disjoint, overlapping or garbage."""
    claim = draw(st.sampled_from(["knock", "knock", "gin", "big-gin"]))
    deck = [str(c) for c in draw(st.permutations(DECK))]
    mine = 11 if claim == "big-gin" and draw(st.integers(0, 3)) else 10
    kind = draw(st.integers(0, 9))
    if kind <= 5:  # two real hands from one deal
        return claim, " ".join(deck[:mine]), " ".join(deck[mine : mine + 10])
    if kind <= 7:  # cards shared by both hands
        return claim, " ".join(deck[:mine]), " ".join(deck[mine - 3 : mine + 7])
    return claim, draw(card_text()), draw(card_text())


def test_fuzz_cards(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random card strings to eval and to every card-taking hand command."""
    ledgers = Ledgers(world)
    monkeypatch.chdir(world.root)

    @settings(FUZZ_SETTINGS, max_examples=examples(300))
    @given(
        st.one_of(deck_hands(10), deck_hands(11), card_text()),
        card_pairs(),
        st.booleans(),
    )
    @example("AS AS 2H 3H 4H 5H 6H 7H 8H 9H", ("knock", "AS 2S", "3S"), False)
    def prop(hand: str, pair: tuple[str, str, str], split: bool) -> None:
        ledgers.reset()
        # eval: the cards as one argument or as one argument per card
        argv = ["eval", "--json", *(hand.split() if split else [hand])]
        run = ledgers.run(argv)
        check_contract(run, argv)
        assert run.code in (0, 2), (argv, run.stderr)
        if run.code == 0:
            doc = json.loads(run.stdout)
            assert len(doc["cards"]) in (10, 11)
            assert 0 <= doc["deadwood"] <= 98
            melded = [c for meld in doc["melds"] for c in meld]
            assert len(set(melded)) == len(melded)
            values = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
            assert doc["deadwood"] == sum(
                values.get(c[0], 0) or int(c[0]) for c in doc["deadwood_cards"]
            )
            assert doc["gin"] == (doc["deadwood"] == 0 and len(doc["cards"]) - len(melded) <= 1)
        elif hand.split() and len(set(hand.split())) == len(hand.split()):
            assert run.stderr.startswith("Error: ")
        ledgers.assert_unchanged(f"{argv!r} only evaluates")

        claim, mine, theirs = pair
        before = hand_rows(ledgers.db)
        argv = [claim, "Ann", "--cards", mine, "--vs-cards", theirs, "--json"]
        run = ledgers.run(argv)
        check_contract(run, argv)
        assert run.code in (0, 2), (argv, run.stderr)
        if run.code == 0:
            doc = json.loads(run.stdout)
            assert doc["winner"] in ("Ann", "Bob")
            assert hand_rows(ledgers.db) == before + 1
        else:
            ledgers.assert_unchanged(f"{argv!r} was refused: {run.stderr}")

    run_property(prop, ledgers, examples(600))


# --- help, everywhere -----------------------------------------------------------------------------


def test_the_generator_knows_every_command_and_option(world: World) -> None:
    """The per-command generator draws from every option each command really has."""
    specs = command_specs(world, world.root)
    for path in _all_command_paths():
        command = COMMAND
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        if getattr(command, "commands", None):
            continue  # a group: its commands are listed on their own
        key = " ".join(path)
        assert key in specs, f"the fuzzer never generates {key!r}"
        real = {o for p in command.params if not p.opts[0].isidentifier() for o in p.opts}
        assert real <= set(specs[key][1]), (key, real - set(specs[key][1]))


@pytest.mark.parametrize("flag", HELP_FLAGS)
def test_every_help_page(world: World, tmp_path: Path, flag: str) -> None:
    db = tmp_path / "help.db"
    shutil.copyfile(world.template, db)
    before = file_state(db)
    paths = list(_all_command_paths())
    assert len(paths) >= 25
    assert {"--vs-cards", "--season-start", "--deadwood", "match", "rename"} <= set(ALL_WORDS)
    for path in paths:
        run = invoke([*path, flag], db)
        check_contract(run, [*path, flag])
        assert run.code == 0, (path, run.stderr)
        assert "Usage" in run.stdout, path
        assert run.stderr == ""
    assert file_state(db) == before
    assert dump(db) == dump(world.template)


@pytest.mark.parametrize("argv", [[], ["match"], ["player"]], ids=["root", "match", "player"])
def test_no_arguments_shows_help_without_a_bare_failure(tmp_path: Path, argv: list[str]) -> None:
    """A group called without a command shows its help; it must not end in 'Error: failed'."""
    run = invoke(argv, tmp_path / "ledger.db")
    check_contract(run, argv)
    assert "Usage" in run.stdout
    assert run.code in (0, 2)
    assert run.stderr.strip() != "Error: failed", "a usage error that names no reason"
