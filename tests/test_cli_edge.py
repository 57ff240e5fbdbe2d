"""The command line's edge, without a command: the ledger's default folder is the one Typer's
``get_app_dir`` names (the library works it out without Typer), and the command's pause of the
cycle collector is released once."""

from __future__ import annotations

import gc

import pytest
import typer

from gintally.cli import base, process


@pytest.mark.parametrize("xdg", [None, "", "/tmp/xdg", "relative/xdg"])
@pytest.mark.parametrize("home", [None, "", "/home/ann", "/"])
def test_config_folder_is_typers(
    xdg: str | None, home: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in (("XDG_CONFIG_HOME", xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert base.config_folder() == typer.get_app_dir("gintally")
    assert base.config_folder("Foo Bar") == typer.get_app_dir("Foo Bar")


def test_gc_is_held_and_released_once() -> None:
    assert gc.isenabled()
    try:
        process.hold_gc()
        assert not gc.isenabled()
        process.release_gc()
        assert gc.isenabled()
        process.release_gc()  # a second release changes nothing
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
