"""Issue 35, cases 2 and 6, replayed as written, through the command line and the library.

2. `undo` takes back the latest change: after `edit 1 --vs 81` it takes back the edit (hand 1
   is again as it was), not hand 3; a second undo then takes back hand 3. `redo` brings back
   what the last undo took back, and `restore N` a voided or undone hand under its own
   number; undo, redo and restore are corrections, merged like any.
6. `void` and `edit` say which finished games they change: voiding hand 2 turns game 1 into a
   shutout (net 215 -> 370).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import gintally as library
from conftest import Run, as_json, ok, refused_line

CLI = Callable[..., Run]
TOOK_BACK = (
    "Took back the edit of hand 1 (Ann knocks with 8, Bob has 81: Ann +73): hand 1 is again "
    "Ann knocks with 8, Bob has 18: Ann +10"
)
EDIT_CHANGED = "Game 1 changes: was Ann 253-45, net 208; now not finished"
VOID_CHANGED = "Game 1 changes: was Ann 260-45, net 215; now Ann 370-0, shutout, net 370"
GAME_WAS = {"winner": "Ann", "total": {"Ann": 260, "Bob": 45}, "shutout": False, "net": 215}
GAME_NOW = {"winner": "Ann", "total": {"Ann": 370, "Bob": 0}, "shutout": True, "net": 370}


def test_undo_after_an_edit_takes_back_the_edit_on_the_command_line(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--dealer", "Ann"))
    ok(gintally("knock", "Ann", "8", "--vs", "18"))
    ok(gintally("score", "Bob", "20"))
    ok(gintally("score", "Ann", "30"))
    edited = ok(gintally("edit", "1", "--vs", "81")).stdout
    assert "Game 1 changes: was not finished; now Ann 253-45, net 208" in edited
    said = ok(gintally("undo")).stdout
    assert said.splitlines() == [TOOK_BACK, EDIT_CHANGED]
    hands = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["hand"], h["points"], h["voided"]) for h in hands] == [
        (1, 10, False),
        (2, 20, False),
        (3, 30, False),
    ]
    doc = as_json(gintally("undo", "--json"))  # the next change back: hand 3
    assert (doc["undid"], doc["hand"], doc["voided"], doc["changed"]) == ("hand", 3, True, [])
    hands = as_json(gintally("hands", "--all", "--json"))["hands"]
    assert [h["voided"] for h in hands] == [False, False, True]


def test_undo_after_an_edit_takes_back_the_edit_through_the_library() -> None:
    with library.open(":memory:") as book:
        match = book.new_match("S", ["Ann", "Bob"], dealer="Ann")
        match.knock("Ann", 8, vs=18)
        match.score("Bob", 20)
        match.score("Ann", 30)
        edited = match.edit(1, vs=81)
        assert edited["changed"] == [
            {
                "game": 1,
                "was": None,
                "now": {
                    "winner": "Ann",
                    "total": {"Ann": 253, "Bob": 45},
                    "shutout": False,
                    "net": 208,
                },
            }
        ]
        undone = match.undo()
        assert "hand" in undone  # a hand's document (`report.UndoDoc`)
        assert (undone["undid"], undone["hand"], undone["points"]) == ("edit", 1, 10)
        assert undone["took_back"] == TOOK_BACK
        assert undone["changed_text"] == [EDIT_CHANGED]
        assert [match.undo().get("hand") for _ in range(2)] == [3, 2]


def _finished_game(run: Callable[..., object]) -> None:
    for who, points in [("Ann", "10"), ("Bob", "20"), ("Ann", "100"), ("Bob", "5")]:
        run("score", who, points)


def test_void_names_the_finished_game_it_changes_on_the_command_line(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--dealer", "Ann"))
    _finished_game(lambda *a: ok(gintally(*a)))
    said = ok(gintally("void", "2")).stdout
    assert said.splitlines()[-1] == VOID_CHANGED
    # undo takes the void back (hand 2 is back under its number), redo voids it again
    undone = ok(gintally("undo")).stdout.splitlines()
    assert undone == [
        "Took back the void of hand 2: hand 2 is back in play (Bob scores 20)",
        "Game 1 changes: was Ann 370-0, shutout, net 370; now Ann 260-45, net 215",
    ]
    redone = ok(gintally("redo")).stdout.splitlines()
    assert redone == [
        "Brought back the void of hand 2: hand 2 is void (Bob scores 20)",
        "Game 1 changes: was Ann 260-45, net 215; now Ann 370-0, shutout, net 370",
    ]
    assert refused_line(gintally("redo")) == (
        "Error: match 'S' has nothing to redo: no undo since its latest change"
    )
    restored = as_json(gintally("restore", "2", "--json"))
    assert (restored["hand"], restored["voided"], restored["brought_back"]) == (
        2,
        False,
        "Restored hand 2: Bob scores 20",
    )
    assert restored["changed"] == [{"game": 1, "was": GAME_NOW, "now": GAME_WAS}]
    assert refused_line(gintally("restore", "2")) == (
        "Error: hand 2 is not void: there is nothing to restore"
    )


def test_an_undone_hand_comes_back_under_its_own_number(gintally: CLI) -> None:
    ok(gintally("match", "new", "S", "--players", "Ann", "Bob", "--dealer", "Ann"))
    ok(gintally("knock", "Ann", "8", "--vs", "18"))
    ok(gintally("gin", "Bob", "--vs", "30"))
    ok(gintally("undo"))
    ok(gintally("undo"))
    assert (
        ok(gintally("redo")).stdout
        == "Brought back hand 1: Ann knocks with 8, Bob has 18: Ann +10\n"
    )
    ok(gintally("redo"))
    hands = as_json(gintally("hands", "--all", "--json"))["hands"]
    assert [(h["hand"], h["points"], h["voided"]) for h in hands] == [
        (1, 10, False),
        (2, 55, False),
    ]
    ok(gintally("knock", "Ann", "3", "--vs", "9"))  # a new change: nothing left to redo
    ok(gintally("undo"))
    ok(gintally("undo"))
    ok(gintally("knock", "Ann", "2", "--vs", "4"))
    assert "nothing to redo" in refused_line(gintally("redo"))
    hands = as_json(gintally("hands", "--all", "--json"))["hands"]
    assert [(h["hand"], h["voided"]) for h in hands] == [
        (1, False),
        (2, True),
        (3, True),
        (4, False),
    ]
    assert ok(gintally("restore", "2")).stdout.startswith("Restored hand 2: Bob goes gin")


def test_a_restore_merges_like_any_correction(gintally: CLI, tmp_path: Path) -> None:
    here, there = str(tmp_path / "here.db"), str(tmp_path / "there.db")
    ok(gintally("--db", here, "match", "new", "S", "--players", "Ann", "Bob"))
    for points in ("10", "20", "30"):
        ok(gintally("--db", here, "score", "Ann", points))
    ok(gintally("--db", here, "void", "2"))
    ok(gintally("--db", here, "backup", there))
    ok(gintally("--db", there, "restore", "2"))
    ok(gintally("--db", here, "merge", there))
    hands = as_json(gintally("--db", here, "hands", "--all", "--json"))["hands"]
    assert [(h["hand"], h["voided"]) for h in hands] == [(1, False), (2, False), (3, False)]
    assert ok(gintally("--db", here, "check")).stdout.endswith("no problems found\n")


def test_void_names_the_finished_game_it_changes_through_the_library() -> None:
    with library.open(":memory:") as book:
        match = book.new_match("S", ["Ann", "Bob"], dealer="Ann")
        for who, points in [("Ann", 10), ("Bob", 20), ("Ann", 100), ("Bob", 5)]:
            match.score(who, points)
        doc = match.void(2)
        assert doc["changed"] == [{"game": 1, "was": GAME_WAS, "now": GAME_NOW}]
        assert doc["changed_text"] == [VOID_CHANGED]
        # an edit that changes nothing finished says so with an empty list
        assert match.edit(4, points=7)["changed"] == []
        undone = match.undo()  # the edit
        assert "hand" in undone  # a hand's document (`report.UndoDoc`)
        assert (undone["undid"], undone["points"]) == ("edit", 5)
        undone = match.undo()  # the void: hand 2 is back
        assert "hand" in undone
        assert (undone["undid"], undone["voided"]) == ("void", False)
        assert undone["changed"] == [{"game": 1, "was": GAME_NOW, "now": GAME_WAS}]
        redone = match.redo()
        assert "hand" in redone
        assert (redone["redid"], redone["voided"], redone["hand"]) == ("void", True, 2)
        restored = match.restore(2)
        assert (restored["hand"], restored["voided"]) == (2, False)
        assert restored["changed_text"] == [
            "Game 1 changes: was Ann 370-0, shutout, net 370; now Ann 260-45, net 215"
        ]
