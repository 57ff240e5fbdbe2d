"""`hands --year` takes the years a date can have (1 to 9999) and refuses any other as bad
input, naming the value.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import Run, ok, refused

CLI = Callable[..., Run]


@pytest.mark.parametrize("year", ["0", "10000"])
def test_hands_refuses_a_year_no_date_has(gintally: CLI, year: str) -> None:
    # Found by tests/test_fuzz_cli.py on main (`hands --year 0` was an unexpected ValueError).
    ok(gintally("match", "new", "Y", "--players", "Ann", "Bob"))
    err = refused(gintally("hands", "--year", year))
    assert f"--year must be a year from 1 to 9999, not {year}" in err
