"""A hand command's help lists what applies to it (`variants.applies`): the options some variant
playing its claim takes, from the one declaration (`variants.HAND_OPTIONS` and each variant's
options), while every declared option is still read and refused naming why."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Run, ok, refused_line
from gintally.game import variants

CLI = Callable[..., Run]


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # the help's lines whole


def listed(gintally: CLI, command: str) -> set[str]:
    """The long options a command's --help lists."""
    text = ok(gintally(command, "--help")).stdout
    return set(re.findall(r"│ (--[a-z-]+)", text))


SHARED = {"--match", "--date", "--back-date", "--note", "--json", "--help"}


@pytest.mark.parametrize(
    ("command", "own"),
    [
        ("knock", {"--vs", "--cards", "--vs-cards", "--piles", "--dealer"}),
        ("gin", {"--vs", "--cards", "--vs-cards", "--table", "--vs-table", "--piles", "--dealer"}),
        ("big-gin", {"--vs", "--cards", "--vs-cards", "--piles", "--dealer"}),
        ("gimlet", {"--cards", "--piles"}),
        ("double-gimlet", {"--cards", "--piles"}),
        ("sour", {"--cards"}),
        ("score", {"--kind", "--vs-points", "--dealer"}),
        ("draw", {"--deadwood", "--dealer"}),
        ("misdeal", {"--dealer"}),
    ],
)
def test_a_hand_command_lists_only_the_options_that_apply(
    gintally: CLI, command: str, own: set[str]
) -> None:
    upcard = {"--upcard"} if "--dealer" in own else set()
    assert listed(gintally, command) == own | upcard | SHARED


def test_the_usage_and_the_notes_are_of_the_command() -> None:
    gin = variants.command("big-gin")
    vs = next(o for o in variants.options_of(gin.name) if o.name == "vs")
    assert "Mahjong" not in vs.help  # Mahjong gin has no big gin
    assert "Mahjong gin: the other player's cards left in hand" in next(
        o.help for o in variants.options_of("gin") if o.name == "vs"
    )
    told = [
        o.flag for o in variants.counted("big-gin") if o.flag and variants.applies("big-gin", o)
    ]
    assert told == ["--vs"]
    piles = next(o for o in variants.options_of("gimlet") if o.name == "piles")
    assert variants.applies("gimlet", piles)
    dealer = next(o for o in variants.HAND_OPTIONS if o.name == "dealer")
    assert not variants.applies("gimlet", dealer)
    assert variants.applies("knock", dealer, variants.find_variant("gin"))
    assert not variants.applies("knock", dealer, variants.find_variant("gimlet"))


def test_usage_lines(gintally: CLI) -> None:
    def usage(command: str) -> str:
        text = ok(gintally(command, "--help")).stdout
        return next(line.strip() for line in text.splitlines() if "Usage:" in line)

    assert usage("big-gin") == "Usage: gintally big-gin [OPTIONS] PLAYER [VS...]"
    assert usage("gimlet") == "Usage: gintally gimlet [OPTIONS] PLAYER"
    assert usage("gin") == "Usage: gintally gin [OPTIONS] PLAYER [VS TABLE VS-TABLE...]"


def test_an_option_not_listed_is_still_refused_naming_why(gintally: CLI, tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    ok(gintally("--db", db, "match", "new", "Solo", "--players", "Ann", "--rules", "gimlet"))
    assert refused_line(gintally("--db", db, "gimlet", "Ann", "--vs", "3")) == (
        "Error: Gimlet Rummy is solitaire: there is no opponent's deadwood (--vs)"
    )
    ok(gintally("--db", db, "match", "new", "Plain", "--players", "Ann", "Bob"))
    assert refused_line(gintally("--db", db, "big-gin", "Ann", "--vs", "3", "--table", "20")) == (
        "Error: --table does not apply to a big-gin (--table is for Mahjong gin matches)"
    )
