"""Issue 36, gintally where people are: the ledger's home (the platform's data directory, an
old ledger in the config folder kept working), file systems without hard links, output to
pipes and redirections, terminals, locales and shell completion."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gintally
from gintally.cli import app
from gintally.facade import where


def run(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"GINTALLY_DEBUG": None, **(env or {})})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def matches_in(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [name for (name,) in conn.execute("SELECT name FROM matches ORDER BY name")]
    finally:
        conn.close()


# --- the ledger's home ---------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder with no XDG variables and no $GINTALLY_DB: the default ledger's rule."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "GINTALLY_DB"):
        monkeypatch.delenv(name, raising=False)
    return folder


NO_DB: dict[str, str | None] = {"GINTALLY_DB": None}


def test_a_new_ledger_goes_to_the_data_directory(home: Path) -> None:
    code, _out, err = run("match", "new", "Fresh", "-p", "Ann", "Bo", env=NO_DB)
    assert (code, err) == (0, "")
    new = home / ".local" / "share" / "gintally" / "ledger.db"
    assert matches_in(new) == ["Fresh"]
    assert not (home / ".config").exists()  # nothing in the config folder
    assert where.default_path() == new
    assert gintally.open().path == new  # the library finds the same ledger


def test_only_the_old_ledger_is_found_and_used_where_it_is(home: Path) -> None:
    old = home / ".config" / "gintally" / "ledger.db"
    old.parent.mkdir(parents=True)
    assert run("--db", str(old), "match", "new", "Old", "-p", "Ann", "Bo")[0] == 0
    code, _out, err = run("match", "new", "Second", "-p", "Cy", "Di", env=NO_DB)
    assert (code, err) == (0, "")
    assert matches_in(old) == ["Old", "Second"]  # the old ledger grows, nothing is split
    assert not (home / ".local").exists()  # and no second ledger appears
    assert where.default_path() == old
    assert where.other_ledger() is None


def test_only_the_new_ledger(home: Path) -> None:
    new = home / ".local" / "share" / "gintally" / "ledger.db"
    new.parent.mkdir(parents=True)
    assert run("--db", str(new), "match", "new", "New", "-p", "Ann", "Bo")[0] == 0
    code, out, err = run("show", env=NO_DB)
    assert (code, err) == (0, "")
    assert "New" in out
    assert where.default_path() == new
    assert where.other_ledger() is None


def test_both_ledgers_the_new_is_used_and_the_old_one_named(home: Path) -> None:
    new = home / ".local" / "share" / "gintally" / "ledger.db"
    old = home / ".config" / "gintally" / "ledger.db"
    for db, name in ((new, "New"), (old, "Old")):
        db.parent.mkdir(parents=True)
        assert run("--db", str(db), "match", "new", name, "-p", "Ann", "Bo")[0] == 0
    code, out, err = run("show", env=NO_DB)
    assert code == 0 and "New" in out and "Old" not in out
    assert err == (
        f"note: using {new}; earlier versions' ledger is still at {old}: "
        f"`gintally merge {old}` joins it, then remove it\n"
    )
    assert (matches_in(new), matches_in(old)) == (["New"], ["Old"])  # neither touched
    # the note's advice works, and then the note goes once the old file is removed
    assert run("merge", str(old), env=NO_DB)[0] == 0
    assert matches_in(new) == ["New", "Old"]
    old.unlink()
    assert run("show", env=NO_DB)[2] == ""
    # --db or $GINTALLY_DB names the ledger: no note
    assert run("--db", str(new), "show", env=NO_DB)[2] == ""


def test_xdg_data_home_is_followed_and_a_relative_one_ignored(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(chosen))
    assert where.default_path() == chosen / "gintally" / "ledger.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG spec: ignored
    assert where.default_path() == home / ".local" / "share" / "gintally" / "ledger.db"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert where.default_path() == home / ".local" / "share" / "gintally" / "ledger.db"


def test_windows_asks_for_local_not_roaming_app_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows the ledger goes to %LOCALAPPDATA%\\gintally: platformdirs is asked for the
    local (not Roaming) folder and no author folder (this machine is not Windows, so the call
    is what is checked)."""
    import platformdirs

    asked: list[tuple[object, ...]] = []

    def user_data_dir(name: str, appauthor: object = None, *, roaming: bool = False) -> str:
        asked.append((name, appauthor, roaming))
        return "/somewhere/gintally"

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert where.data_folder() == "/somewhere/gintally"
    assert asked == [("gintally", False, False)]
