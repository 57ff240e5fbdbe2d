"""The golden scenario files (tests/scenarios/*.txt) read into plain records, for
tests/test_scenarios.py, which replays them.

Terminology
- scenario (`Scenario`): one file: its header (players or teams, format, rules), its hand lines
  and what the sheet must show.
- hand line (`HandLine`): one hand as typed at the table: a paper score, a knock, a gin, a big
  gin, a draw; for Gimlet Rummy also a knock or gin with its discard piles and a sour deal; for
  Mahjong gin a gin with both tables, or a paper score with the other player's points.
- game line, series line, round line (`GameLine`, `SeriesLine`, `RoundLine`): what one game,
  series (multi-match, best of N) or team round must come to.

The file format is described in the comment at the top of every scenario file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from gintally.engine.formats import Format
from gintally.game.rules import RuleSet, resolve

DEFAULT_DATE = date(2007, 1, 6)
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


# --- the scenario format ------------------------------------------------------------------------


@dataclass
class HandLine:
    number: int  # counted from 1 in the file
    date: date
    claim: str  # score, knock, gin, big-gin, draw, sour
    player: str | None = None
    points: int | None = None
    deadwood: int | None = None
    vs: int | None = None
    upcard: str | None = None
    dealer: str | None = None
    piles: str | None = None  # Gimlet Rummy: the four discard piles, S,H,D,C
    table: int | None = None  # Mahjong gin: the value of the ginner's cards on the table
    vs_table: int | None = None  # ... and of the other player's
    vs_points: int | None = None  # Mahjong gin from paper: the other player's points
    expect_winner: str | None = None  # a name, or "nobody"
    expect_points: int | None = None
    expect_other: int | None = None  # what the other player scores (Mahjong gin)


@dataclass
class GameLine:
    number: int
    season: str | None
    points: dict[str, int]
    status: str
    winner: str | None
    boxes: dict[str, int] | None = None
    totals: dict[str, int] | None = None
    net: int | None = None
    hands: list[int] | None = None


@dataclass
class SeriesLine:
    number: int
    score: dict[str, int]
    status: str
    winner: str | None
    games: list[int] | None = None


@dataclass
class RoundLine:
    number: int
    sums: dict[str, int]
    status: str  # won, tied, in progress
    winner: str | None
    points: int | None = None
    sweep: bool = False


@dataclass
class Scenario:
    name: str
    players: tuple[str, str] = ("A", "B")
    format: str = "single"
    games: int = 3
    rolling: bool = False
    season_start: tuple[int, int] = (1, 1)
    preset: str = "modern"
    overrides: list[str] = field(default_factory=list)
    first_dealer: str | None = None
    teams: list[tuple[str, list[str]]] | None = None  # (name, members in table order) x 2
    hands: list[HandLine] = field(default_factory=list)
    games_expected: list[GameLine] = field(default_factory=list)
    series_expected: list[SeriesLine] = field(default_factory=list)
    rounds_expected: list[RoundLine] = field(default_factory=list)
    posts: list[list[int]] | None = None
    dealers: list[str] | None = None
    next_dealer: str | None = None

    @property
    def rules(self) -> RuleSet:
        return resolve(self.preset, self.overrides)

    def seat_of(self, player: str) -> tuple[int, int]:
        """A player's side (0 or 1) and table (0 for two players; in a team match the
        player's place in their team)."""
        if self.teams is None:
            return self.players.index(player), 0
        for side, (_, members) in enumerate(self.teams):
            if player in members:
                return side, members.index(player)
        raise ValueError(f"{self.name}: {player!r} is in neither team")

    @property
    def fmt(self) -> Format:
        return Format(self.format, self.games, self.rolling, self.season_start)


def _pairs(text: str) -> dict[str, int]:
    """``A 131, B 83`` -> {"A": 131, "B": 83}."""
    out = {}
    for part in text.split(","):
        name, value = part.split()
        out[name] = int(value)
    return out


def _hand_line(number: int, text: str, last: date) -> HandLine:
    expect = None
    if "=>" in text:
        text, expect = (s.strip() for s in text.split("=>"))
    words = text.split()
    day = last
    if words and DATE_RE.match(words[0]):
        day = date.fromisoformat(words.pop(0))
    options: dict[str, str] = {}
    for key in ("upcard", "dealer", "piles", "table", "vs-table", "vs-points"):
        if key in words:
            i = words.index(key)
            options[key] = words[i + 1]
            del words[i : i + 2]
    hand = HandLine(number, day, "draw", upcard=options.get("upcard"), dealer=options.get("dealer"))
    hand.piles = options.get("piles")
    for key, attr in (("table", "table"), ("vs-table", "vs_table"), ("vs-points", "vs_points")):
        if key in options:
            setattr(hand, attr, int(options[key]))
    if words == ["draw"]:
        pass
    elif len(words) == 2 and words[1].isdigit():
        hand.claim, hand.player, hand.points = "score", words[0], int(words[1])
    elif len(words) == 5 and words[1] == "knock" and words[3] == "vs":
        hand.claim, hand.player = "knock", words[0]
        hand.deadwood, hand.vs = int(words[2]), int(words[4])
    elif len(words) == 4 and words[1] in ("gin", "big-gin") and words[2] == "vs":
        hand.claim, hand.player, hand.vs = words[1], words[0], int(words[3])
    elif len(words) == 3 and words[1] in ("knock", "sour") and words[2].isdigit():
        # Gimlet Rummy: a knock (with its piles) or a sour deal, with the deadwood left
        hand.claim, hand.player, hand.deadwood = words[1], words[0], int(words[2])
    elif len(words) == 2 and words[1] in ("gin", "big-gin"):  # a (double) gimlet
        hand.claim, hand.player = words[1], words[0]
    else:
        raise ValueError(f"cannot read hand line {text!r}")
    if expect is not None:
        if expect == "nobody":
            hand.expect_winner, hand.expect_points = "nobody", 0
        else:
            first, _, other = expect.partition(",")
            name, pts = first.split()
            hand.expect_winner, hand.expect_points = name, int(pts)
            if other:
                hand.expect_other = int(other.split()[1])
    return hand


def _game_line(text: str) -> GameLine:
    head, rest = text.split(":", 1)
    m = re.fullmatch(r"game (\d+)(?: \((.+)\))?", head.strip())
    assert m, f"cannot read {text!r}"
    parts = [p.strip() for p in rest.split("|")]
    status, winner = parts[1], None
    if status.startswith("won by "):
        status, winner = "won", status[len("won by ") :]
    assert status in ("open", "won", "unfinished"), text
    game = GameLine(int(m.group(1)), m.group(2), _pairs(parts[0]), status, winner)
    for part in parts[2:]:
        key, _, value = part.partition(" ")
        if key == "boxes":
            game.boxes = _pairs(value)
        elif key == "totals":
            game.totals = _pairs(value)
        elif key == "net":
            game.net = int(value)
        elif key == "hands":
            game.hands = [] if value == "none" else [int(x) for x in value.split()]
        else:
            raise ValueError(f"unknown clause {part!r} in {text!r}")
    return game


def _status(text: str, line: str) -> tuple[str, str | None]:
    if text.startswith("won by "):
        return "won", text[len("won by ") :]
    assert text in ("open", "tied", "in progress"), line
    return text, None


def _series_line(text: str) -> SeriesLine:
    head, rest = text.split(":", 1)
    m = re.fullmatch(r"series (\d+)", head.strip())
    assert m, f"cannot read {text!r}"
    parts = [p.strip() for p in rest.split("|")]
    status, winner = _status(parts[1], text)
    series = SeriesLine(int(m.group(1)), _pairs(parts[0]), status, winner)
    for part in parts[2:]:
        key, _, value = part.partition(" ")
        if key != "games":
            raise ValueError(f"unknown clause {part!r} in {text!r}")
        series.games = [] if value == "none" else [int(x) for x in value.split()]
    return series


def _round_line(text: str) -> RoundLine:
    head, rest = text.split(":", 1)
    m = re.fullmatch(r"round (\d+)", head.strip())
    assert m, f"cannot read {text!r}"
    parts = [p.strip() for p in rest.split("|")]
    status, winner = _status(parts[1], text)
    line = RoundLine(int(m.group(1)), _pairs(parts[0]), status, winner)
    for part in parts[2:]:
        key, _, value = part.partition(" ")
        if key == "points":
            line.points = int(value)
        elif key == "sweep":
            line.sweep = True
        else:
            raise ValueError(f"unknown clause {part!r} in {text!r}")
    return line


def parse_scenario(path: Path) -> Scenario:
    sc = Scenario(path.stem)
    section = "header"
    last = DEFAULT_DATE
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line in ("hands:", "expect:"):
            section = line[:-1]
            continue
        if section == "hands":
            hand = _hand_line(len(sc.hands) + 1, line, last)
            last = hand.date
            sc.hands.append(hand)
            continue
        key, _, value = (s.strip() for s in line.partition(":"))
        if section == "header":
            if key == "players":
                a, b = value.split()
                sc.players = (a, b)
            elif key == "format":
                sc.format = value
            elif key == "games":
                sc.games = int(value)
            elif key == "rolling":
                sc.rolling = value == "yes"
            elif key == "season start":
                month, day = value.split("-")
                sc.season_start = (int(month), int(day))
            elif key == "rules":
                sc.preset = value
            elif key == "set":
                sc.overrides += value.split()
            elif key == "first dealer":
                sc.first_dealer = value
            elif key == "teams":
                sc.teams = []
                for team in value.split():
                    name, _, members = team.partition("=")
                    sc.teams.append((name, members.split(",")))
                sc.players = (sc.teams[0][0], sc.teams[1][0])
            else:
                raise ValueError(f"{path.name}: unknown header {key!r}")
        elif key.startswith("game"):
            sc.games_expected.append(_game_line(line))
        elif key.startswith("series"):
            sc.series_expected.append(_series_line(line))
        elif key.startswith("round"):
            sc.rounds_expected.append(_round_line(line))
        elif key == "posts":
            sc.posts = [
                [] if p.strip() == "-" else [int(x) for x in p.split(",")] for p in value.split("|")
            ]
        elif key == "dealers":
            sc.dealers = value.split()
        elif key == "next dealer":
            sc.next_dealer = value
        else:
            raise ValueError(f"{path.name}: unknown expectation {key!r}")
    return sc
