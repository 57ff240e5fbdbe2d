"""Where the ledger lives when no path is given: ``$GINTALLY_DB``, else ``ledger.db`` in the
platform's data directory (SPEC section 5): ``$XDG_DATA_HOME/gintally`` or
``~/.local/share/gintally`` on Linux and the BSDs, ``~/Library/Application Support/gintally``
on macOS, ``%LOCALAPPDATA%\\gintally`` on Windows (a ledger is data: not configuration, which
dotfile repositories collect, and not Roaming, which Windows copies between machines).

Earlier versions kept it in the *config* folder click's ``get_app_dir`` names
(``~/.config/gintally``, Roaming ``%APPDATA%``). A ledger there keeps working, found where it
is and never moved: moving a live SQLite file (with its ``-wal`` and ``-shm``, maybe open in
another process, maybe across file systems) could lose hands, and leaving it costs nothing.
The rule, decided once here for the command line and the library alike:

- a ledger at the new place: that one;
- else a ledger at the old place: that one;
- else the new place (where ``match new`` creates it).

When both hold a ledger the new one is used and `other_ledger` names the old one, so that the
command line can say so (to merge it, then remove it) rather than let a book split in two."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gintally.errors import GintallyError

ENV_DB = "GINTALLY_DB"
APP_NAME = "gintally"
LEDGER_NAME = "ledger.db"


def config_folder(app_name: str = APP_NAME) -> str:
    """The folder click's (and Typer's) ``get_app_dir(app_name)`` names, worked out the same
    way here so that the library needs no Typer (tests/test_cli_edge.py compares the two): the
    ledger's home in earlier versions, still read (see the module's text)."""
    if sys.platform.startswith("win"):
        folder = os.environ.get("APPDATA")
        if folder is None:
            folder = os.path.expanduser("~")
        return os.path.join(folder, app_name)
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~/Library/Application Support"), app_name)
    return os.path.join(
        os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config")),
        "-".join(app_name.split()).lower(),
    )


def data_folder(app_name: str = APP_NAME) -> str:
    """The platform's data directory for `app_name`, as platformdirs names it (no author
    folder on Windows, not Roaming); just the name when there is no home to put it in (the
    caller, `app_dir`, says so). platformdirs is imported here, when no path was given: a
    command run with ``--db`` or ``$GINTALLY_DB`` never needs it (its import, with the
    ``tempfile``, ``random`` and compression modules it brings, is some 3-4 ms of start-up)."""
    import platformdirs

    try:
        return platformdirs.user_data_dir(app_name, appauthor=False, roaming=False)
    except RuntimeError:  # platformdirs' "could not determine the home directory"
        return app_name


def _homed(folder: Path, xdg_name: str, fallback: str) -> Path:
    """`folder` when it is in a home folder; a relative ``$XDG_...`` folder is ignored, as the
    XDG spec says (`fallback` under the home instead). Refused when there is no home (HOME
    empty, unset and unknown, or the root of the file system), so that no ledger ever lands at
    the root of the file system or in whatever folder the command runs in."""
    xdg = os.environ.get(xdg_name, "")
    if xdg.strip() and Path(xdg).is_absolute() and folder.parent == Path(xdg):
        return folder  # the XDG folder the user chose
    home = Path(os.path.expanduser("~"))
    if not folder.is_absolute():  # a relative XDG folder
        folder = home / fallback / folder.name
    if folder.is_absolute() and home.is_absolute() and home != Path(home.anchor):
        return folder
    said = os.environ.get("HOME")
    why = "HOME is not set" if said is None else "HOME is empty" if not said else f"HOME is {said}"
    raise GintallyError(
        f"there is no home folder for the ledger ({why}): give --db PATH or set ${ENV_DB}"
    )


def app_dir() -> Path:
    """The folder of the default ledger: the platform's data directory for gintally."""
    return _homed(Path(data_folder()), "XDG_DATA_HOME", ".local/share")


def old_app_dir() -> Path:
    """The folder of the default ledger in earlier versions: click's app (config) directory."""
    return _homed(Path(config_folder()), "XDG_CONFIG_HOME", ".config")


def _places() -> tuple[Path, Path | None]:
    """The new default ledger and the old one (None where the two are one file, as on macOS)."""
    new = app_dir() / LEDGER_NAME
    old = old_app_dir() / LEDGER_NAME
    return new, (None if old == new else old)


def default_path() -> Path:
    """$GINTALLY_DB, else the default ledger by the rule in the module's text. An empty
    $GINTALLY_DB is refused rather than read as "not given"."""
    env = os.environ.get(ENV_DB)
    if env is not None:
        if not env.strip():
            raise GintallyError(f"${ENV_DB} is empty: name the ledger file, or unset it")
        return Path(env).expanduser()
    new, old = _places()
    if old is not None and not new.exists() and old.exists():
        return old
    return new


def other_ledger() -> Path | None:
    """The ledger at the old place when the new place holds one too (the new one is used);
    None when there is none, or when $GINTALLY_DB names the ledger."""
    if os.environ.get(ENV_DB) is not None:
        return None
    new, old = _places()
    return old if old is not None and new.exists() and old.exists() else None


def in_app_dir() -> bool:
    """True when no $GINTALLY_DB names the ledger (its folder, the app directory, may be
    made)."""
    return os.environ.get(ENV_DB) is None


def names(path: Path, what: str) -> list[str]:
    """The names of `what` (``player`` or ``match``) in the ledger at `path`, sorted case-blind,
    for a shell completing a name (none when it cannot be read: a Tab never fails)."""
    from gintally.ledger.names import names as stored

    return stored(path, what)


def setting_keys() -> list[str]:
    """The ledger's settings by name (``gintally config KEY``), for a shell completing one."""
    from gintally.service.config import SETTINGS

    return list(SETTINGS)
