"""Two refusals of issue 24 (item 5): a name holding an invisible format character (a zero-width
space made a second "Ann" that looks the same), and an import from a device or a pipe
(`import /dev/zero` read until the process was killed; a pipe would wait for a writer). Each is
one `Error:` line naming the bad value, exit 2, and the ledger unchanged."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, as_json, facts, ok, refused_line

CLI = Callable[..., Run]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Bo\u200bb", "'Bo\\u200bb' holds an invisible character (U+200B ZERO WIDTH SPACE)"),
        ("A\u200dnn", "'A\\u200dnn' holds an invisible character (U+200D ZERO WIDTH JOINER)"),
        ("\ufeffCy", "'\\ufeffCy' holds an invisible character (U+FEFF ZERO WIDTH NO-BREAK SPACE)"),
        ("Di\u00ad", "'Di\\xad' holds an invisible character (U+00AD SOFT HYPHEN)"),
    ],
)
def test_an_invisible_character_in_a_name_is_refused(gintally: CLI, name: str, shown: str) -> None:
    message = f"Error: the player name {shown}: type the name without it"
    assert refused_line(gintally("match", "new", "K", "--players", "Ann", name)) == message
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    before = facts(gintally)
    assert refused_line(gintally("player", "rename", "Bob", name)) == message
    assert refused_line(gintally("match", "new", "L", "--players", name, "Bob")) == message
    assert facts(gintally) == before
    listed = as_json(gintally("match", "list", "--json"))["matches"]
    assert [(m["match"], m["players"]) for m in listed] == [("K", ["Ann", "Bob"])]


def test_an_import_from_a_device_or_a_pipe_is_refused(gintally: CLI, tmp_path: Path) -> None:
    ok(gintally("match", "new", "K", "--players", "Ann", "Bob"))
    ok(gintally("knock", "Ann", "8", "--vs", "18"))
    before = facts(gintally)
    pipe = tmp_path / "hands.csv"
    os.mkfifo(pipe)
    for source in ("/dev/zero", str(pipe)):
        assert refused_line(gintally("import", source)) == (
            f"Error: cannot read {source}: it is not a regular file (a device or a pipe)"
        )
    assert facts(gintally) == before
