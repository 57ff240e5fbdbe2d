"""Partnership play from the command line (SPEC section 7, Teams; issue 10): team matches are
created, played round by round with the usual hand commands, corrected, shown, counted,
exported and checked; bad teams are refused with nothing written."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, as_json, ok, refused

CLI = Callable[..., Run]


def games(gintally: CLI, *args: str) -> list[tuple[int, str, dict[str, int]]]:
    doc = as_json(gintally("show", "--json", *args))
    return [(g["number"], g["status"], g["points"]) for g in doc["games"]]


@pytest.fixture
def pairs(gintally: CLI) -> CLI:
    """Ann & Cy against Bob & Di: Ann plays Bob, Cy plays Di."""
    ok(gintally("match", "new", "Pairs", "--teams", "Ann,Cy", "Bob,Di"))
    return gintally


def test_issue_teams_of_two(pairs: CLI) -> None:
    # Ann +15 over Bob and Di +10 over Cy give the round to Ann & Cy by 5.
    hand = as_json(pairs("knock", "Ann", "8", "--vs", "23", "--json"))
    assert (hand["winner"], hand["points"], hand["table"]) == ("Ann", 15, 1)
    assert hand["round"]["complete"] is False and hand["games"] == []
    assert hand["round"]["awaited"] == ["Cy v Di"]
    assert games(pairs) == []  # a round in progress posts nothing
    hand = as_json(pairs("score", "Di", "10", "--json"))
    assert (hand["winner"], hand["points"], hand["table"]) == ("Di", 10, 2)
    r = hand["round"]
    assert (r["number"], r["complete"], r["winner"], r["margin"], r["points"]) == (
        1,
        True,
        "Ann & Cy",
        5,
        5,
    )
    assert r["sums"] == {"Ann & Cy": 15, "Bob & Di": 10}
    assert games(pairs) == [(1, "open", {"Ann & Cy": 5, "Bob & Di": 0})]
    show = as_json(pairs("show", "--json"))
    assert show["players"] == ["Ann & Cy", "Bob & Di"]
    assert show["teams"] == [
        {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ]
    assert show["tables"] == ["Ann v Bob", "Cy v Di"]
    assert show["round"] is None and [r["number"] for r in show["rounds"]] == [1]
    tables = show["rounds"][0]["tables"]
    assert [(t["table"], t["players"], t["hand"], t["winner"], t["points"]) for t in tables] == [
        (1, ["Ann", "Bob"], 1, "Ann", 15),
        (2, ["Cy", "Di"], 2, "Di", 10),
    ]


def test_issue_teams_of_three_sweep(gintally: CLI) -> None:
    # Three wins of 10, 20 and 5 give 35 + 25 (the sweep bonus for three) = 60.
    doc = as_json(
        gintally("match", "new", "Trios", "--teams", "Ann,Cy,Eve", "Bob,Di,Flo", "--json")
    )
    assert doc["rules"]["team_sweep_bonus"] == 25  # stored resolved, for this team size
    ok(gintally("score", "Bob", "10"))
    ok(gintally("score", "Di", "20"))
    last = as_json(gintally("score", "Flo", "5", "--json"))
    assert (last["round"]["points"], last["round"]["sweep"]) == (60, True)
    assert games(gintally) == [(1, "open", {"Ann & Cy & Eve": 0, "Bob & Di & Flo": 60})]


def test_issue_25_tedesco_teams_of_three_play_to_300(gintally: CLI) -> None:
    # Seed 002 (Tedesco gin): "Three-person teams play to 300, 25 points extra if all three
    # teammates win"; four-person teams play to 400 (100 a player) with 50 for a sweep.
    made = ok(gintally("match", "new", "T", "--teams", "A1,A2,A3", "B1,B2,B3", "-r", "tedesco"))
    said = " ".join(made.stdout.split())
    assert "sweep bonus 25)" in said and "games to 300." in said
    doc = as_json(gintally("match", "show", "--json"))
    assert (doc["rules"]["target"], doc["rules"]["team_sweep_bonus"]) == (300, 25)
    assert "target 300 points a game" in " ".join(ok(gintally("match", "show")).stdout.split())
    t = "A1 & A2 & A3"
    # Round 1: 95 + 90 against B3's 5: +180. Round 2: 10 + 10 + 10, a sweep: 30 + 25 = +55.
    for p, pts in (("A1", 95), ("A2", 90), ("B3", 5), ("A1", 10), ("A2", 10), ("A3", 10)):
        ok(gintally("score", p, str(pts)))
    assert games(gintally) == [(1, "open", {t: 235, "B1 & B2 & B3": 0})]  # 200 would have won
    # Round 3: 40 + 10 + 15 = 65, a sweep: +90; 235 + 90 = 325 reaches 300. Game bonus 100,
    # three rounds won x 25 = 75, shutout (double-hands) + 325: 325 + 100 + 75 + 325 = 825.
    for p, pts in (("A1", 40), ("A2", 10), ("A3", 15)):
        ok(gintally("score", p, str(pts)))
    doc = as_json(gintally("show", "--json"))
    assert [(g["status"], g["points"][t], g["total"][t]) for g in doc["games"]] == [
        ("won", 325, 825)
    ]
    four = as_json(
        gintally("match", "new", "Q", "--teams", "A,B,C,D", "E,F,G,H", "-r", "tedesco", "--json")
    )
    assert (four["rules"]["target"], four["rules"]["team_sweep_bonus"]) == (400, 50)


def test_sweep_bonus_can_be_set(gintally: CLI) -> None:
    ok(gintally("match", "new", "Q", "--teams", "A1,A2,A3,A4", "B1,B2,B3,B4"))
    assert as_json(gintally("match", "show", "--json"))["rules"]["team_sweep_bonus"] == 50
    ok(
        gintally(
            "match", "new", "T", "--teams", "A1,A2,A3", "B1,B2,B3", "--set", "team_sweep_bonus=10"
        )
    )
    for p in ("A1", "A2", "A3"):
        ok(gintally("score", p, "1"))
    assert games(gintally) == [(1, "open", {"A1 & A2 & A3": 13, "B1 & B2 & B3": 0})]


def test_issue_hollywood_rounds(gintally: CLI) -> None:
    # Rounds of +20 and +35 give games 1 and 2 55 and 35.
    ok(gintally("match", "new", "H", "--teams", "Ann,Cy", "Bob,Di", "--format", "hollywood"))
    ok(gintally("score", "Ann", "20"))  # round 1, table 1: Ann +20
    ok(gintally("draw", "Cy"))  # table 2 deals again (issue 25, item 1): its turn is not used
    ok(gintally("score", "Cy", "0"))  # table 2's hand for round 1: the round is +20
    ok(gintally("knock", "Cy", "2", "--vs", "12"))  # round 2: Cy +10
    ok(gintally("gin", "Ann", "--vs", "0"))  # Ann +25: the round is +35
    a, b = "Ann & Cy", "Bob & Di"
    assert games(gintally) == [
        (1, "open", {a: 55, b: 0}),
        (2, "open", {a: 35, b: 0}),
        (3, "open", {a: 0, b: 0}),
    ]


def test_named_teams_and_renames(gintally: CLI) -> None:
    ok(gintally("match", "new", "N", "--teams", "Reds=Ann,Cy", "Bob,Di"))
    ok(gintally("score", "Ann", "30"))
    ok(gintally("score", "Di", "10"))
    assert games(gintally) == [(1, "open", {"Reds": 20, "Bob & Di": 0})]
    ok(gintally("player", "rename", "Bob", "Robert"))
    assert as_json(gintally("show", "--json"))["players"] == ["Reds", "Robert & Di"]
    st = as_json(gintally("standings", "--json"))
    assert [r["player"] for r in st["rows"]] == ["Reds", "Robert & Di"]


def test_round_in_step_and_refusals(pairs: CLI, db_path: Path) -> None:
    ok(pairs("knock", "Ann", "5", "--vs", "20"))
    err = refused(pairs("knock", "Ann", "5", "--vs", "20"))
    assert "Ann v Bob already played round 1 (hand 1)" in err and "Cy v Di" in err
    assert "Eve" in refused(pairs("knock", "Eve", "5", "--vs", "20"))  # not in the match
    err = refused(pairs("draw"))
    assert "name a player of the drawn hand's table" in err
    err = refused(pairs("draw", "--deadwood", "Ann=3", "--deadwood", "Di=4"))
    assert "one table" in err
    assert "dealer" in refused(pairs("knock", "Cy", "5", "--vs", "20", "--dealer", "Bob"))
    assert _hands(db_path) == 1  # nothing written by the refusals
    ok(pairs("knock", "Cy", "5", "--vs", "20", "--dealer", "Di"))
    ok(pairs("draw", "Bob"))
    assert _hands(db_path) == 3


def _hands(db_path: Path) -> int:
    with sqlite3.connect(db_path) as conn:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--teams", "Ann,Cy", "Bob,Di,Eve"], "same size"),
        (["--teams", "Ann", "Bob"], "2 to 4 players, not 1"),
        (["--teams", "A,B,C,D,E", "F,G,H,I,J"], "2 to 4 players, not 5"),
        (["--teams", "Ann,Cy", "Bob,ann"], "Ann is on both teams"),
        (["--teams", "Ann,Cy,ann", "Bob,Di,Eve"], "twice in the same team"),
        (["--teams", "Ann,,Cy", "Bob,Di"], "empty name"),
        (["--teams", "=Ann,Cy", "Bob,Di"], "empty name"),
        (["--teams", "X=Ann,Cy", "x=Bob,Di"], "different names"),
        (["--teams", "Ann,Cy", "Bob,Di", "--players", "Ann", "Bob"], "not both"),
        (["--teams", "Ann,Cy", "Bob,Di", "--dealer", "Ann"], "--dealer"),
        ([], "--players A B"),
    ],
)
def test_bad_teams_are_refused(gintally: CLI, db_path: Path, args: list[str], words: str) -> None:
    assert words in refused(gintally("match", "new", "M", *args))
    assert not db_path.exists() or as_json(gintally("match", "list", "--json"))["matches"] == []


def test_draw_names_a_player_only_in_team_matches(gintally: CLI) -> None:
    ok(gintally("match", "new", "Solo", "-p", "Ann", "Bob"))
    assert "only in a team match" in refused(gintally("draw", "Ann"))


def test_corrections_recompute_the_round(pairs: CLI) -> None:
    a, b = "Ann & Cy", "Bob & Di"
    ok(pairs("score", "Ann", "15"))  # hand 1
    ok(pairs("score", "Di", "10"))  # hand 2: round 1, Ann & Cy +5
    ok(pairs("score", "Bob", "30"))  # hand 3
    ok(pairs("score", "Cy", "10"))  # hand 4: round 2, Bob & Di +20
    assert games(pairs) == [(1, "open", {a: 5, b: 20})]
    ok(pairs("edit", "2", "--points", "40"))  # round 1: 15 to 40, Bob & Di +25
    assert games(pairs) == [(1, "open", {a: 0, b: 45})]
    ok(pairs("undo"))  # the latest change goes first: the edit (round 1 is 15 to 10 again)
    assert games(pairs) == [(1, "open", {a: 5, b: 20})]
    ok(pairs("redo"))  # and comes back
    assert games(pairs) == [(1, "open", {a: 0, b: 45})]
    ok(pairs("void", "4"))  # hand 4 goes: round 2 is in progress again and posts nothing
    assert games(pairs) == [(1, "open", {a: 0, b: 25})]
    show = as_json(pairs("show", "--json"))
    assert show["round"]["number"] == 2 and show["round"]["awaited"] == ["Cy v Di"]
    ok(pairs("void", "1"))  # Ann's first hand goes: Bob's hand 3 is now table 1's first
    assert games(pairs) == [(1, "open", {a: 0, b: 70})]  # round 1: 30 + 40 to 0, no bonus
    log = as_json(pairs("hands", "--json", "--all"))["hands"]
    assert [(h["id"], h["round"], h["table"], h["voided"]) for h in log] == [
        (1, None, 1, True),
        (2, 1, 2, False),
        (3, 1, 1, False),
        (4, None, 2, True),
    ]


def test_single_game_closes_with_every_bonus(pairs: CLI) -> None:
    # Rounds of +60 and +50 to Ann & Cy close game 1 at 110: game bonus 100, two boxes 50,
    # shutout (double-hands) 110: 370. Each drawn hand at table 2 is dealt again (issue 25,
    # item 1) and its redeal (Cy scores 0) is that table's hand for the round.
    for args in (
        ["score", "Ann", "60"],
        ["draw", "Cy"],
        ["score", "Cy", "0"],
        ["score", "Ann", "50"],
    ):
        ok(pairs(*args))
    drawn = as_json(pairs("draw", "Di", "--json"))
    assert drawn["description"] == "Drawn hand: no score (Cy v Di)"
    assert (drawn["games"], drawn["round"]["redealing"]) == ([], ["Cy v Di"])  # nothing posts
    last = as_json(pairs("score", "Cy", "0", "--json"))
    assert last["round"]["tables"][1]["redeals"] == [5]
    (g,) = last["games"]
    assert (g["status"], g["winner"], g["net"]) == ("won", "Ann & Cy", 370)
    assert g["total"] == {"Ann & Cy": 370, "Bob & Di": 0}
    out = ok(pairs("show")).stdout
    assert "Ann & Cy wins, net 370" in out or "net" in out
    assert "Round 3 starts at every table." in out


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        # honeymoon: round k opens game k; rounds +20, +35, +5 to Ann & Cy
        ("honeymoon", [60, 40, 5]),
        # ad infinitum: every round opens a game and posts to every open game
        ("ad-infinitum", [60, 40, 5]),
    ],
)
def test_formats_fan_rounds_out(gintally: CLI, fmt: str, expected: list[int]) -> None:
    ok(gintally("match", "new", "F", "--teams", "Ann,Cy", "Bob,Di", "--format", fmt))
    for pts in (20, 35, 5):
        ok(gintally("score", "Ann", str(pts)))
        ok(gintally("score", "Cy", "0"))
    assert [g[2]["Ann & Cy"] for g in games(gintally)] == expected


def _evening(gintally: CLI) -> None:
    """A short evening at two tables: every kind of hand, a correction, a drawn hand."""
    for args in (
        ["knock", "Ann", "8", "--vs", "23", "--date", "2026-03-06"],  # round 1, table 1: Ann +15
        ["score", "Di", "10", "--kind", "knock", "--date", "2026-03-06"],  # table 2: Di +10
        ["gin", "Cy", "--vs", "12", "--date", "2026-03-06"],  # round 2, table 2: Cy +37
        ["draw", "Bob", "--date", "2026-03-06"],  # table 1: drawn, dealt again (round 2)
        [
            "knock",
            "Bob",
            "--cards",
            "6H 6C 6D 6S TD JD QD KD AH 7D",
            "--vs-cards",
            "2H 3H 4H 7H 7S 7C 8C 8D 9D JS",
            "--date",
            "2026-03-07",
        ],  # Bob +10: round 2 +27
        ["knock", "Di", "9", "--vs", "4", "--date", "2026-03-07"],  # round 3, undercut: Cy +30
        ["knock", "Ann", "3", "--vs", "13", "--date", "2026-03-07"],  # Ann +10: round 3 +40
    ):
        ok(gintally(*args))


def test_export_import_round_trip(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "Evening", "--teams", "Ann,Cy", "Bob,Di", "-f", "hollywood"))
    _evening(gintally)
    before = as_json(gintally("show", "--json"))
    # Rounds +5 (15 v 10), +27 (37 v 10), +40 (30 + 10) to Ann & Cy: game 1 all three
    # (5 + 27 + 40 = 72), game 2 the last two (27 + 40 = 67), game 3 the last (40).
    assert [g["points"]["Ann & Cy"] for g in before["games"]] == [72, 67, 40]
    for fmt in ("csv", "json"):
        out = tmp_path / f"evening.{fmt}"
        ok(gintally("export", "--format", fmt, "--output", str(out)))
        name = f"Copy {fmt}"
        ok(gintally("match", "new", name, "--teams", "Ann,Cy", "Bob,Di", "-f", "hollywood"))
        ok(gintally("import", str(out)))
        after = as_json(gintally("show", "--json"))
        assert after["games"] == before["games"]
        assert after["rounds"] == before["rounds"]
        assert (
            as_json(gintally("standings", "--json"))["members"]
            == as_json(gintally("standings", "--json", "--match", "Evening"))["members"]
        )
    # A team draw without its table is refused, naming the row.
    bad = tmp_path / "bad.csv"
    bad.write_text("date,kind,winner,points\n2026-03-08,draw,,0\n")
    err = refused(gintally("import", str(bad)))
    assert "row 1 of bad.csv" in err and "knocker column" in err


def test_standings_per_team_and_per_player(gintally: CLI) -> None:
    ok(gintally("match", "new", "Evening", "--teams", "Ann,Cy", "Bob,Di"))
    _evening(gintally)
    st = as_json(gintally("standings", "--json"))
    # Rounds: 1 Ann & Cy +5, 2 Cy +37 against Bob +10 (after table 1's redeal): Ann & Cy +27,
    # 3 Cy +30 and Ann +10: Ann & Cy +40; 5 + 27 + 40 = 72.
    rows = {r["player"]: r for r in st["rows"]}
    assert (rows["Ann & Cy"]["hands_won"], rows["Ann & Cy"]["points"]) == (3, 72)
    assert (rows["Bob & Di"]["hands_won"], rows["Bob & Di"]["points"]) == (0, 0)
    # Cy's gin; Di's 10 is a knock (a gin of 10 is no gin: 25 at least, issue 25, item 6)
    assert (rows["Ann & Cy"]["gins"], rows["Bob & Di"]["gins"]) == (1, 0)
    assert rows["Ann & Cy"]["undercuts"] == 1
    members = {m["player"]: m for m in st["members"]}
    assert [(m["team"], m["hands"], m["hands_won"], m["points"]) for m in members.values()] == [
        ("Ann & Cy", 4, 2, 25),  # Ann: hands 1 (+15), 4 (drawn), 5, 7 (+10)
        ("Ann & Cy", 3, 2, 67),  # Cy: hands 2, 3 (gin 37), 6 (undercut 30)
        ("Bob & Di", 4, 1, 10),  # Bob: hands 1, 4 (drawn), 5 (+10), 7
        ("Bob & Di", 3, 1, 10),  # Di: hands 2 (+10), 3, 6
    ]
    out = ok(gintally("standings")).stdout
    assert "Each player's hands" in out


def test_a_team_evening_for_people(gintally: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    ok(
        gintally(
            "match",
            "new",
            "Evening",
            "--teams",
            "Reds=Annabelle,Cyrille,Evangeline",
            "Bartholomew,Dionysia,Fred",
            "--format",
            "hollywood",
        )
    )
    first = ok(gintally("knock", "Annabelle", "3", "--vs", "25")).stdout
    assert "Round 1: Annabelle v Bartholomew played; waiting for Cyrille v Dionysia and" in first
    ok(gintally("gin", "Dionysia", "--vs", "12"))
    last = ok(gintally("score", "Fred", "17")).stdout
    assert "Round 1 complete: Bartholomew & Dionysia & Fred +32 (54 to 22)" in last
    ok(gintally("big-gin", "Cyrille", "--vs", "20"))
    out = ok(gintally("show")).stdout
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "Team B&D&F = Bartholomew & Dionysia & Fred" in out
    assert "Team Reds (Annabelle, Cyrille, Evangeline)" in out
    assert "Round 2 in progress:" in out and "Annabelle v Bartholomew: awaited" in out
    assert "Cyrille big-gin +51 (hand 4)" in out
    assert "Last rounds" in out and "Dionysia gin +37" in out
    hands = ok(gintally("hands")).stdout
    assert "rnd" in hands
    assert all(len(line) <= 80 for line in hands.splitlines())


def test_check_covers_team_matches(gintally: CLI, db_path: Path) -> None:
    ok(gintally("match", "new", "Evening", "--teams", "Ann,Cy", "Bob,Di"))
    _evening(gintally)
    assert as_json(gintally("check", "--json"))["ok"] is True
    with sqlite3.connect(db_path) as conn:  # a hand whose points no longer match its counts
        conn.execute("UPDATE hands SET points = 99 WHERE hand_id = 1")
    doc = json.loads(gintally("check", "--json").stdout)
    assert doc["problems"] == ["match 'Evening' hand 1: stored knock 99 but it scores knock 15"]
    with sqlite3.connect(db_path) as conn:  # a team loses a member
        conn.execute("DELETE FROM team_members WHERE side = 1 AND seat = 1")
    run = gintally("check", "--json")
    assert run.code == 1
    assert any(
        "teams are damaged (2 and 1 members)" in p for p in json.loads(run.stdout)["problems"]
    )


def test_a_player_in_several_matches(gintally: CLI) -> None:
    # Ann plays in a team match and head to head; her personal figures stay per match.
    ok(gintally("match", "new", "Solo", "--players", "Ann", "Bob"))
    ok(gintally("score", "Ann", "40"))
    ok(gintally("match", "new", "Pairs", "--teams", "Ann,Cy", "Bob,Di"))
    ok(gintally("match", "new", "Other", "--teams", "Cy,Ann", "Di,Eve"))
    ok(gintally("score", "Ann", "12", "--match", "Pairs"))
    ok(gintally("score", "Ann", "7", "--match", "Other"))  # table 2: Ann v Eve
    hand = as_json(gintally("score", "Di", "3", "--match", "Other", "--json"))
    assert hand["table"] == 1 and hand["description"] == "Di scores 3 over Cy"
    solo = as_json(gintally("show", "--json", "--match", "Solo"))
    assert solo["players"] == ["Ann", "Bob"] and solo["games"][0]["points"] == {"Ann": 40, "Bob": 0}
    assert games(gintally, "--match", "Pairs") == []  # round 1 of Pairs waits for Cy v Di
    assert games(gintally, "--match", "Other") == [(1, "open", {"Cy & Ann": 4, "Di & Eve": 0})]


def test_stats_count_each_player_at_their_table_and_the_games_for_every_member(
    pairs: CLI,
) -> None:
    # Round 1: Ann +15 over Bob, Di +10 over Cy (Ann & Cy +5). Round 2: Ann gin against 60
    # (25 + 60 = 85), Cy gin against 40 (25 + 40 = 65): Ann & Cy +150, so game 1 (to 100) is
    # theirs at 155. Hands belong to the players at their table, the game to every member.
    for args in (
        ("knock", "Ann", "8", "--vs", "23"),
        ("score", "Di", "10"),
        ("gin", "Ann", "--vs", "60"),
        ("gin", "Cy", "--vs", "40"),
    ):
        ok(pairs(*args))
    doc = as_json(pairs("stats", "--json"))
    figures = {
        p["player"]: (p["matches"], p["hands"], p["hands_won"], p["games_won"], p["gins"])
        for p in doc["players"]
    }
    assert figures == {
        "Ann": (1, 2, 2, 1, 1),
        "Bob": (1, 2, 0, 0, 0),
        "Cy": (1, 2, 1, 1, 1),
        "Di": (1, 2, 1, 0, 0),
    }
    biggest = {p["player"]: p["biggest_hand"] for p in doc["players"]}
    assert biggest == {"Ann": 85, "Bob": 0, "Cy": 65, "Di": 10}
    across = {tuple(h["players"]): h["hands_won"] for h in doc["head_to_head"]}
    assert across[("Ann", "Bob")] == {"Ann": 2, "Bob": 0}
    assert across[("Cy", "Di")] == {"Cy": 1, "Di": 1}
    # Only players who sat at one table met (issue 25, item 13): Ann v Di and Bob v Cy never
    # did. Each table's pair counts the match and the teams' game (Ann & Cy won it).
    assert sorted(across) == [("Ann", "Bob"), ("Cy", "Di")]
    met = {tuple(h["players"]): (h["matches"], h["games_won"]) for h in doc["head_to_head"]}
    assert met == {
        ("Ann", "Bob"): (1, {"Ann": 1, "Bob": 0}),
        ("Cy", "Di"): (1, {"Cy": 1, "Di": 0}),
    }
    assert doc["records"]["biggest_hand"]["player"] == "Ann"
    assert doc["records"]["biggest_hand"]["points"] == 85


def test_a_round_in_progress_is_named_by_standings_and_chart(pairs: CLI) -> None:
    # Standings and charts count complete rounds: with one hand of round 1 played they say so,
    # not that the match has no hands (`hands` lists the hand, `show` the round in progress).
    ok(pairs("knock", "Ann", "8", "--vs", "18"))
    assert ok(pairs("standings")).stdout == "No complete round in Pairs yet.\n"
    assert refused(pairs("chart")) == "Error: match 'Pairs' has no complete round yet\n"
    assert "Ann knocks with 8" in ok(pairs("hands")).stdout
    ok(pairs("score", "Di", "10"))
    assert "Pairs: season" in ok(pairs("standings")).stdout
