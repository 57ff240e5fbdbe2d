"""The rule knobs end to end: a match created with them, its hands recorded, shown, counted in
the standings, exported, imported and checked (SPEC sections 2, 3 and 5).

- the `tie` knob: ``undercut``, ``knocker`` (the knocker wins 0: a hand won, a box) and
  ``no-score`` (nobody wins: no box, no game opened, no shutout broken, the same dealer again);
- the corrected presets (kitchen, honeymoon) as a player meets them;
- big gin off: eleven melded cards score as a gin, from counts or cards;
- a ledger written before `tie` existed (rules version 1) replays as it did.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, as_json, ok
from conftest import refused_line as refused
from gintally.game.rules import PRESETS

CLI = Callable[..., Run]


hand = as_json  # a hand command's JSON


def dump(path: Path) -> list[str]:
    """The ledger's logical content."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


# --- a tie that scores nothing, through every command -----------------------------------------


@pytest.fixture
def kitchen(gintally: CLI) -> CLI:
    """A kitchen-rules match (seed 003: a tie scores nothing, deal alternates), Ann deals first;
    hand 1: Ann knocks with 6 against 20 (Ann +14); hand 2: Bob knocks with 7, Ann has 7."""
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen", "--dealer", "Ann"))
    ok(gintally("knock", "Ann", "6", "--vs", "20", "--date", "2026-03-01"))
    ok(gintally("knock", "Bob", "7", "--vs", "7", "--date", "2026-03-02"))
    return gintally


def test_a_no_score_tie_is_recorded_with_no_winner(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen", "--dealer", "Ann"))
    out = ok(gintally("knock", "Ann", "8", "--vs", "8", "--date", "2026-03-01")).stdout
    assert "Ann knocks with 8, Bob has 8: a tie, no score" in out
    assert "Next dealer: Ann" in out  # dealt again by the same dealer, as after a draw
    doc = hand(gintally("knock", "Ann", "8", "--vs", "8", "--date", "2026-03-01", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("tie", None, 0)
    assert (doc["knocker_deadwood"], doc["defender_deadwood"]) == (8, 8)
    assert doc["games"] == [] and doc["next_dealer"] == "Ann"
    assert doc["description"] == "Ann knocks with 8, Bob has 8: a tie, no score"


def test_a_tie_from_cards(gintally: CLI) -> None:
    """8 (AH 7D) against 8: Bob lays off 8D 9D on the diamonds and keeps 5C 3D."""
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen"))
    doc = hand(
        gintally(
            "knock",
            "Ann",
            "--cards",
            "6H 6C 6D 6S TD JD QD KD AH 7D",
            "--vs-cards",
            "5C 3D 2H 3H 4H 7H 7S 7C 8D 9D",
            "--json",
        )
    )
    assert (doc["kind"], doc["winner"], doc["points"]) == ("tie", None, 0)
    assert doc["layoffs"] == ["8D", "9D"]
    assert doc["description"] == (
        "Ann knocks with 8, Bob has 8 after laying off 8D 9D: a tie, no score"
    )


def test_a_tie_in_show_hands_and_standings(kitchen: CLI) -> None:
    show = as_json(kitchen("show", "--json"))
    (game,) = show["games"]
    assert game["points"] == {"Ann": 14, "Bob": 0}
    assert game["boxes"] == {"Ann": 1, "Bob": 0}  # the tie gave Bob no hand won
    assert game["hands"] == [1]
    # Ann dealt hand 1, Bob hand 2 (the deal alternates); a tie: Bob deals again
    assert show["next_dealer"] == "Bob"
    assert [(h["hand"], h["dealer"], h["game_points"]) for h in show["sheet"]] == [
        (1, "Ann", {"1": {"Ann": 14, "Bob": 0}}),  # the score sheet lists only scoring hands
    ]
    assert "Next dealer: Bob" in ok(kitchen("show")).stdout
    rows = as_json(kitchen("hands", "--json"))["hands"]
    assert [(r["kind"], r["winner"], r["points"]) for r in rows] == [
        ("knock", "Ann", 14),
        ("tie", None, 0),
    ]
    assert "a tie, no score" in ok(kitchen("hands")).stdout
    st = as_json(kitchen("standings", "--json"))
    assert (st["hands"], st["ties"], st["draws"]) == (2, 1, 0)
    assert [(r["player"], r["hands_won"], r["points"]) for r in st["rows"]] == [
        ("Ann", 1, 14),
        ("Bob", 0, 0),
    ]
    assert as_json(kitchen("check", "--json"))["problems"] == []


@pytest.mark.parametrize("form", ["csv", "json"])
def test_a_tie_round_trips_through_export_and_import(
    kitchen: CLI, tmp_path: Path, form: str
) -> None:
    out = tmp_path / f"book.{form}"
    ok(kitchen("export", "--format", form, "-o", str(out)))
    if form == "csv":
        assert out.read_text().splitlines()[2].rsplit(",", 1)[0] == "2,2026-03-02,tie,,0,Bob,7,7,,,"
    else:
        row = json.loads(out.read_text())["hands"][1]
        assert (row["kind"], row["winner"], row["points"], row["claim"]) == ("tie", "", 0, "knock")
    ok(kitchen("match", "new", "Copy", "-p", "Ann", "Bob", "-r", "kitchen", "--dealer", "Ann"))
    assert as_json(kitchen("import", str(out), "--json"))["imported"] == 2
    original = as_json(kitchen("show", "--match", "K", "--json"))
    copy = as_json(kitchen("show", "--match", "Copy", "--json"))
    assert copy["next_dealer"] == original["next_dealer"] == "Bob"
    for key in ("status", "points", "boxes", "total"):
        assert [g[key] for g in copy["games"]] == [g[key] for g in original["games"]], key
    rows = as_json(kitchen("hands", "--match", "Copy", "--json"))["hands"]
    assert [(r["kind"], r["winner"], r["points"]) for r in rows] == [
        ("knock", "Ann", 14),
        ("tie", None, 0),
    ]
    assert as_json(kitchen("check", "--json"))["problems"] == []


def test_editing_a_tie(kitchen: CLI) -> None:
    doc = hand(kitchen("edit", "2", "--vs", "9", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("knock", "Bob", 2)
    doc = hand(kitchen("edit", "2", "--vs", "7", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("tie", None, 0)
    # --kind names the claim (a knock); the counts decide: Bob's 9 against 7 is undercut
    doc = hand(kitchen("edit", "2", "--kind", "tie", "--deadwood", "9", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("undercut", "Ann", 17)  # 15 + 2
    assert "a tie that scores nothing has no winner" in refused(
        kitchen("score", "Ann", "0", "--kind", "tie")
    )


@pytest.mark.parametrize(
    ("tie", "points", "boxes", "totals", "shutout"),
    [
        # no-score: Bob won no hand, so Ann's 2-0 is a shutout (double-hands): 20 points + 100
        # game + 2 x 25 boxes + 20 again = 190 against 0
        ("no-score", 20, {"Ann": 2, "Bob": 0}, {"Ann": 190, "Bob": 0}, True),
        # knocker: Bob wins the tie for 0, a hand won: 20 + 100 + 50 = 170 against 25, no shutout
        ("knocker", 20, {"Ann": 2, "Bob": 1}, {"Ann": 170, "Bob": 25}, False),
        # undercut: Ann undercuts Bob's knock with 5 for 25 and reaches 35 at once:
        # 35 + 100 + 50 + 35 = 220
        ("undercut", 35, {"Ann": 2, "Bob": 0}, {"Ann": 220, "Bob": 0}, True),
    ],
)
def test_a_tie_breaks_no_shutout(
    gintally: CLI,
    tie: str,
    points: int,
    boxes: dict[str, int],
    totals: dict[str, int],
    shutout: bool,
) -> None:
    ok(
        gintally(
            "match", "new", "M", "-p", "Ann", "Bob", "--set", f"tie={tie}", "--set", "target=20"
        )
    )
    ok(gintally("knock", "Ann", "2", "--vs", "12"))  # Ann 10
    ok(gintally("knock", "Bob", "5", "--vs", "5"))  # the tie
    ok(gintally("knock", "Ann", "1", "--vs", "11"))  # Ann 10 more
    game = as_json(gintally("show", "--json"))["games"][0]
    assert (game["status"], game["winner"]) == ("won", "Ann")
    assert game["points"] == {"Ann": points, "Bob": 0}
    assert game["boxes"] == boxes
    assert game["total"] == totals
    assert game["shutout"] is shutout


def test_ties_open_no_ad_infinitum_game(gintally: CLI) -> None:
    """Honeymoon gin ad infinitum: every scoring hand opens a game; a tie opens none."""
    ok(
        gintally(
            "match",
            "new",
            "Y",
            "-p",
            "Ann",
            "Bob",
            "-f",
            "ad-infinitum",
            "-r",
            "honeymoon",
            "--dealer",
            "Ann",
        )
    )
    ok(gintally("score", "Ann", "50", "--date", "2025-03-01"))
    doc = hand(
        gintally("knock", "Ann", "5", "--vs", "5", "-u", "7H", "--date", "2025-03-02", "--json")
    )
    assert (doc["kind"], doc["winner"], doc["games"]) == ("tie", None, [])
    ok(gintally("score", "Bob", "30", "--date", "2025-03-03"))
    games = as_json(gintally("show", "--json"))["games"]
    assert [(g["number"], g["points"]) for g in games] == [
        (1, {"Ann": 50, "Bob": 30}),
        (2, {"Ann": 0, "Bob": 30}),
    ]


# --- the corrected presets as a player meets them ---------------------------------------------


def test_kitchen_is_a_plain_race_to_100(gintally: CLI) -> None:
    """Seed 003: first to 100 wins; no game bonus, no boxes, no shutout; a dead deck scores."""
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen", "--dealer", "Ann"))
    doc = hand(gintally("draw", "--deadwood", "Ann=16", "--deadwood", "Bob=21", "--json"))
    assert (doc["winner"], doc["points"]) == ("Ann", 5)  # the seed's 16 against 21
    ok(gintally("gin", "Ann", "--vs", "40"))  # 25 + 40
    ok(gintally("knock", "Ann", "9", "--vs", "39"))  # 30: Ann reaches 100
    (game,) = as_json(gintally("show", "--json"))["games"]
    assert game["status"] == "won"
    assert game["points"] == game["total"] == {"Ann": 100, "Bob": 0}
    assert game["net"] == 100
    assert "a knock with 10 is over the knock limit of 9" in refused(
        gintally("knock", "Bob", "10", "--vs", "30")
    )


def test_honeymoon_big_gin_scores_as_a_gin(gintally: CLI) -> None:
    ok(gintally("match", "new", "H", "-p", "Me", "You", "-f", "honeymoon", "-r", "honeymoon"))
    doc = hand(gintally("big-gin", "Me", "--vs", "30", "-u", "7D", "--json"))
    assert (doc["kind"], doc["claim"], doc["winner"], doc["points"]) == ("gin", "big-gin", "Me", 55)
    assert doc["description"] == (
        "Me goes gin with all eleven cards (no big gin under these rules), You has 30: Me +55"
    )
    doc = hand(
        gintally(
            "big-gin",
            "You",
            "--cards",
            "AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S",
            "--vs-cards",
            "6D 8S 9H TH AC 2C 4C QS 3D JD",
            "-u",
            "7D",
            "--json",
        )
    )
    assert (doc["kind"], doc["winner"], doc["points"]) == ("gin", "You", 25 + 63)
    doc = hand(
        gintally(
            "big-gin",
            "You",
            "--cards",
            "AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 9S",
            "--vs",
            "12",
            "-u",
            "7D",
            "--json",
        )
    )
    assert (doc["kind"], doc["points"]) == ("gin", 37)
    assert "not a big gin: the knocker's 11 cards leave 20 deadwood" in refused(
        gintally(
            "big-gin",
            "You",
            "--cards",
            "AS 2S 3S 4S 5H 6H 7H 8H 9C 9D 2D",
            "--vs",
            "12",
            "-u",
            "7D",
        )
    )
    assert as_json(gintally("check", "--json"))["problems"] == []


def test_rules_name_the_sources(gintally: CLI) -> None:
    listing = " ".join(ok(gintally("rules")).stdout.split())
    for source in (
        "the blog post 'Honeymoon Gin ad infinitum' (27 April 2007)",
        "the house notes 'How to Play Gin Rummy' (written 2023-04-17)",
        "the online rules 'How To Play Gin'",
    ):
        assert source in listing
    assert ".txt" not in listing  # sources by their titles, not the files they were read from
    assert listing.count("source: ") == len(PRESETS)
    kitchen = ok(gintally("rules", "kitchen")).stdout
    assert "source: the house notes 'How to Play Gin Rummy'" in " ".join(kitchen.split())
    assert as_json(gintally("rules", "kitchen", "--json"))["source"] == (
        "the house notes 'How to Play Gin Rummy' (written 2023-04-17)"
    )
    (tie,) = [line.split() for line in kitchen.splitlines() if line.strip().startswith("tie ")]
    assert tie[:2] == ["tie", "no-score"]


# --- a ledger written before the tie knob -----------------------------------------------------


def test_a_version_1_ledger_replays_as_before(gintally: CLI, db_path: Path) -> None:
    """Rules stored with undercut_on_tie (version 1): false reads as tie=knocker, so the tie
    that Ann's old match scored as Ann's for 0 still does, box and all."""
    ok(gintally("match", "new", "Old", "-p", "Ann", "Bob", "-r", "kitchen"))
    conn = sqlite3.connect(db_path)
    stored = json.loads(conn.execute("SELECT rules FROM matches").fetchone()[0])
    values = {k: v for k, v in stored["values"].items() if k != "tie"}
    values["undercut_on_tie"] = False
    old = {"version": 1, "preset": "kitchen", "values": values}
    with conn:
        conn.execute("UPDATE matches SET rules = ?", (json.dumps(old),))
    conn.close()
    before = dump(db_path)
    shown = as_json(gintally("match", "show", "--json"))
    assert shown["rules"]["tie"] == "knocker"
    assert dump(db_path) == before  # reading upgrades in memory; the stored text is untouched
    doc = hand(gintally("knock", "Ann", "6", "--vs", "6", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("knock", "Ann", 0)
    assert as_json(gintally("check", "--json"))["problems"] == []
