"""gintally away from a UTF-8, 80-column, en_US Linux terminal: consoles that cannot show every
letter, narrow screens, other locales, the installed wheel. Each test is a defect found by
using the installed command so, checked with the values a user would see."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def console(db: Path, *args: str, encoding: str = "ascii", columns: int = 80) -> str:
    """What `gintally ARGS` prints on a console of `encoding`, `columns` wide, without colour."""
    env = {
        **os.environ,
        "GINTALLY_DB": str(db),
        "PYTHONIOENCODING": encoding,
        "COLUMNS": str(columns),
        "NO_COLOR": "1",
    }
    done = subprocess.run(
        [sys.executable, "-m", "gintally", *args],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.decode(encoding)


def test_an_ascii_console_heads_the_columns_with_whole_escapes(db_path: Path) -> None:
    """Where the console cannot show É or 李, a name is written as backslash escapes; the
    sheet's short column labels were the escapes' first characters (``\\x`` and ``\\u``: the
    legend read "\\x = \\xc9mile"), not the players' first letters."""
    console(db_path, "match", "new", "K", "-p", "Émile", "李小龙", "--format", "hollywood")
    console(db_path, "knock", "Émile", "8", "--vs", "18")
    out = console(db_path, "show", columns=50)
    assert "\\xc9 = \\xc9mile, \\u674e = \\u674e\\u5c0f\\u9f99" in out
    head = next(line for line in out.splitlines() if "hand" in line)
    assert head.replace("|", " ").split()[1:3] == ["\\xc9", "\\u674e"]


def test_an_ascii_console_never_cuts_a_short_name_mid_escape(db_path: Path) -> None:
    """`stats` cuts a name past twelve letters; a three-letter Chinese name, eighteen
    characters as escapes, was cut to ``\\u674e\\u5...``: neither the name nor its escapes."""
    console(db_path, "match", "new", "K", "-p", "Émile", "李小龙")
    console(db_path, "knock", "Émile", "8", "--vs", "18")
    out = console(db_path, "stats", columns=100)
    assert "\\xc9mile v \\u674e\\u5c0f\\u9f99" in out
    assert "\\u5..." not in out
