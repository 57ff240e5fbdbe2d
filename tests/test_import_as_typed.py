"""An imported row is checked and settled as the same hand typed at the command line would be:
a Gimlet row with a dealer, the opponent's count or an upcard is refused as the typed hand is
(nothing written, `check` clean), and a plain gin row keeps its dealer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, as_json, facts, ok, refused

CLI = Callable[..., Run]


# --- Gimlet Rummy: an imported row is checked as a typed hand -------------------------------------

GIMLET_HEADER = (
    "id,date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,dealer,upcard,note,piles"
)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        # A typed --dealer is refused in solitaire; the same dealer in a file was stored, and
        # then `check` called the ledger damaged.
        ('1,2026-03-01,gin,Ann,48,Ann,0,,Ann,,,"0,0,1,5"', "there is no dealer"),
        ("1,2026-03-01,score,Ann,30,,,,Ann,,,", "there is no dealer"),
        # The opponent's count and an upcard were dropped in silence.
        ('1,2026-03-01,gin,Ann,48,Ann,0,5,,,,"0,0,1,5"', "no opponent's deadwood"),
        ('1,2026-03-01,knock,Ann,28,Ann,3,,,5H,,"1,2,0,3"', "no upcard"),
    ],
)
def test_a_gimlet_import_row_is_refused_as_the_typed_hand_is(
    gintally: CLI, tmp_path: Path, row: str, message: str
) -> None:
    ok(gintally("match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    ok(gintally("knock", "Ann", "3", "--piles", "1,2,0,3"))  # 8 + 6 + 10 + 4 = 28
    before = facts(gintally)
    path = tmp_path / "rows.csv"
    path.write_text(f"{GIMLET_HEADER}\n{row}\n")
    assert message in refused(gintally("import", str(path)))
    assert facts(gintally) == before
    assert "no problems" in ok(gintally("check")).stdout


def test_a_plain_gin_import_keeps_its_dealer(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "Kitchen", "--players", "Ann", "Bob"))
    path = tmp_path / "rows.csv"
    path.write_text(
        "date,kind,winner,points,knocker,knocker_deadwood,defender_deadwood,dealer\n"
        "2026-03-01,knock,Ann,10,Ann,8,18,Bob\n"  # 18 - 8 = 10
        "2026-03-01,score,Bob,30,,,,Ann\n"
    )
    ok(gintally("import", str(path)))
    hands = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["points"], h["dealer"]) for h in hands] == [(10, "Bob"), (30, "Ann")]
