"""Narrow screens (issue 36): every reading command at 40, 50, 60 and 80 columns shows each
score of its JSON document whole (never cut to "1…", never split by the terminal's wrap), in
colour and without; at 80 columns and wider the layout is the one it always was.

The ledger is the demo's (a season of ad-infinitum games and a Hollywood evening), with a stake
and a payment on the evening, built once per test process."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gintally.cli import app

WIDTHS = (40, 50, 60, 80)
SEASON, EVENING = "Ann and Bob forever", "Hollywood night"
_BUILT: list[Path] = []


@pytest.fixture
def demo(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not _BUILT:
        db = tmp_path_factory.mktemp("narrow") / "demo.db"
        runner = CliRunner()
        env = {"GINTALLY_DB": str(db), "COLUMNS": "100", "NO_COLOR": "1"}
        for args in (
            ("demo", "--keep", str(db)),
            ("match", "stake", EVENING, "0.05", "--currency", "€", "--from", "2020-01-01"),
            ("pay", "Bob", "Ann", "4.50", "--match", EVENING),
            ("match", "use", EVENING),
        ):
            result = runner.invoke(app, list(args), env=env)
            assert result.exit_code == 0, (args, result.output)
        _BUILT.append(db)
    db = tmp_path / "ledger.db"
    shutil.copyfile(_BUILT[0], db)
    return db


def run(db: Path, columns: int, *args: str, colour: bool = False) -> str:
    env = {"GINTALLY_DB": str(db), "COLUMNS": str(columns)}
    env.update({"FORCE_COLOR": "1", "NO_COLOR": ""} if colour else {"NO_COLOR": "1"})
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def json_of(db: Path, *args: str) -> Any:
    return json.loads(run(db, 100, *args, "--json"))


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def numbers(text: str) -> set[str]:
    """Every number the text shows whole (a sign and decimals included)."""
    plain = _ESCAPE.sub("", text)
    return set(re.findall(r"\d+(?:\.\d+)?", plain)) | set(re.findall(r"-\d+(?:\.\d+)?", plain))


def ints(*values: Any) -> Iterator[int]:
    """The integers in JSON values (dicts and lists walked), booleans left out."""
    for v in values:
        if isinstance(v, dict):
            yield from ints(*v.values())
        elif isinstance(v, list):
            yield from ints(*v)
        elif isinstance(v, int) and not isinstance(v, bool):
            yield v


def assert_whole(text: str, wanted: Iterable[int | str], where: str) -> None:
    shown = numbers(text)
    missing = sorted({str(n) for n in wanted} - shown)
    assert not missing, f"{where}: {missing} not shown whole in\n{text}"
    assert "…" not in text and "..." not in text, f"{where}: something cut in\n{text}"
    assert max(map(len, _ESCAPE.sub("", text).splitlines()), default=0) <= int(
        where.split(" ")[0]
    ), f"{where}: a line wider than the screen in\n{text}"


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
@pytest.mark.parametrize("columns", WIDTHS)
def test_the_evening_sheet_keeps_every_score(demo: Path, columns: int, colour: bool) -> None:
    doc = json_of(demo, "show", "--match", EVENING)
    current = doc["games"][-1]["set"]
    games = [g for g in doc["games"] if g["set"] == current]
    wanted = set(ints([(g["points"], g["total"], g["net"], g.get("bonuses")) for g in games]))
    # each hand's new running total, under its winner
    wanted |= {
        t[r["winner"]] for r in doc["sheet"] if r["winner"] for t in r["game_points"].values()
    }
    assert len(wanted) > 15
    text = run(demo, columns, "show", "--match", EVENING, colour=colour)
    assert_whole(text, wanted, f"{columns} show")


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_season_sheet_keeps_every_open_and_latest_game(demo: Path, columns: int) -> None:
    doc = json_of(demo, "show", "--match", SEASON)
    open_games = [g for g in doc["games"] if g["status"] == "open"]
    finished = [g for g in doc["games"] if g["status"] == "won"][-8:]
    assert len(open_games) > 6  # drawn as a grid
    wanted = set(ints([g["points"] for g in open_games], [g["number"] for g in open_games]))
    wanted |= set(ints([(g["total"], g["net"], g["number"]) for g in finished]))
    text = run(demo, columns, "show", "--match", SEASON)
    assert_whole(text, wanted, f"{columns} show")


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("match", [SEASON, EVENING])
def test_every_game_listed_whole(demo: Path, columns: int, match: str) -> None:
    doc = json_of(demo, "show", "--all", "--match", match)
    wanted = set(ints([(g["total"], g["net"], g["number"]) for g in doc["games"][-60:]]))
    text = run(demo, columns, "show", "--all", "--match", match)
    assert_whole(text, wanted, f"{columns} show --all")


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("match", [SEASON, EVENING])
def test_standings_keep_every_figure(demo: Path, columns: int, match: str, colour: bool) -> None:
    doc = json_of(demo, "standings", "--match", match)
    wanted = set(ints([{k: v for k, v in r.items() if k != "series_won"} for r in doc["rows"]]))
    wanted |= {r["winnings"].lstrip("-") for r in doc["rows"] if "winnings" in r}
    text = run(demo, columns, "standings", "--match", match, colour=colour)
    assert_whole(text, wanted, f"{columns} standings")


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
@pytest.mark.parametrize("columns", WIDTHS)
def test_stats_keep_every_figure(demo: Path, columns: int, colour: bool) -> None:
    doc = json_of(demo, "stats")
    rows = [{k: v for k, v in p.items() if k != "points"} for p in doc["players"]]
    wanted = set(ints(rows, [h["net"] for h in doc["head_to_head"]]))
    text = run(demo, columns, "stats", colour=colour)
    assert_whole(text, wanted, f"{columns} stats")


@pytest.mark.parametrize("columns", WIDTHS)
def test_settle_hands_and_matches_keep_every_figure(demo: Path, columns: int) -> None:
    doc = json_of(demo, "settle")
    amounts = {b["amount"] for b in doc["balances"]} | {p["amount"] for p in doc["payments"]}
    assert amounts
    assert_whole(run(demo, columns, "settle"), amounts, f"{columns} settle")
    hands = json_of(demo, "hands", "--match", EVENING)["hands"]
    wanted = set(ints([(h["hand"], h.get("points")) for h in hands if h.get("points")]))
    text = run(demo, columns, "hands", "--match", EVENING)
    assert_whole(text, wanted, f"{columns} hands")
    text = run(demo, columns, "match", "list")
    assert "forever" in text and "Hollywood" in text  # a name may wrap at its words
    assert_whole(text, set(), f"{columns} match list")


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_hand_confirmation_keeps_every_total(demo: Path, columns: int) -> None:
    text = run(demo, columns, "knock", "Ann", "5", "--vs", "30", "--match", EVENING)
    doc = json_of(demo, "undo", "--match", EVENING)
    del doc
    done = json_of(demo, "knock", "Ann", "5", "--vs", "30", "--match", EVENING)
    wanted = set(ints([(g["points"], g["number"]) for g in done["games"]]))
    assert_whole(text, wanted, f"{columns} knock")


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_payment_and_its_undo_wrap_at_words(demo: Path, columns: int) -> None:
    """A payment's line and the line of its undo are prose: wrapped at words to the screen
    (the terminal would cut a word in two), every word and amount whole."""
    paid = run(demo, columns, "pay", "Ann", "Bob", "30", "--match", EVENING)
    undone = run(demo, columns, "undo", "--match", EVENING)
    for text, words in (
        (paid, f"Ann paid Bob €30.00 on {date.today().isoformat()} ({EVENING})."),
        (undone, "Took back the payment: Ann paid Bob €30.00"),
    ):
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= columns, text
        assert " ".join(" ".join(lines).split()).startswith(words), text


def test_wide_screens_keep_their_layout(demo: Path) -> None:
    """At 80 columns a table that fits is drawn as a table (not stacked); the evening's three
    games side by side, the season's open games five to a row."""
    text = run(demo, 80, "show", "--match", EVENING)
    assert re.search(r"G1 ✓\s+G2\s+G2 ✓\s+G3\s+G3 ✓", text)
    grid = run(demo, 80, "show", "--match", SEASON)
    assert len(re.findall(r"#\d+ \d+-\d+", grid.splitlines()[4])) == 5
    assert " player " in run(demo, 80, "standings", "--match", EVENING)


def test_narrow_screens_stack_what_does_not_fit(demo: Path) -> None:
    """At 40 columns the evening's games go two to a table, the season's open games two to a
    row, and standings a player at a time, each figure named."""
    text = run(demo, 40, "show", "--match", EVENING)
    assert re.search(r"G1 ✓\s+G2\s+G2 ✓\s*\n", text) and re.search(r"\s+G3\s+G3 ✓\s*\n", text)
    grid = run(demo, 40, "show", "--match", SEASON)
    assert len(re.findall(r"#\d+ \d+-\d+", grid.splitlines()[5])) == 2
    standings = run(demo, 40, "standings", "--match", EVENING).splitlines()
    assert standings[1].startswith("Ann  ") and "net -554" in " ".join(standings)


def test_a_team_match_keeps_every_figure(
    gintally: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Long names at 40 columns: the teams' sheet, the last rounds stacked (a row without its
    round indented under the round), the standings, every figure whole."""
    teams = ("Reds=Annabelle,Cyrus", "Blues=Bartholomew,Diana")
    assert gintally("match", "new", "Partners", "--teams", *teams, "-f", "hollywood").code == 0
    for hand in (
        ("knock", "Annabelle", "5", "--vs", "30"),
        ("knock", "Diana", "3", "--vs", "40"),
        ("gin", "Cyrus", "--vs", "20"),
        ("knock", "Bartholomew", "2", "--vs", "33"),
    ):
        assert gintally(*hand).code == 0
    doc = json.loads(gintally("show", "--json").stdout)
    for columns in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(columns))
        text = gintally("show").stdout
        wanted = set(ints([(g["points"], g["needs"]) for g in doc["games"]]))
        wanted |= {t["points"] for r in doc["rounds"] for t in r["tables"]}
        assert_whole(text, wanted, f"{columns} show")
        assert_whole(gintally("standings").stdout, set(), f"{columns} standings")
    assert re.search(r"round\s+hand\s+table\s+result\s+round result", text)  # 80: a table
    monkeypatch.setenv("COLUMNS", "40")
    stacked = gintally("show").stdout
    assert "\nround 1  hand 1  table 1\n" in stacked and "\n  hand 2  table 2" in stacked
