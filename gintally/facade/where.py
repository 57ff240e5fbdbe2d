"""Where the ledger lives when no path is given: ``$GINTALLY_DB``, else ``ledger.db`` in the
user's app directory (SPEC section 5). The command line (`cli/base`, after its ``--db``) and the
library (`gintally.open()`) both ask here, so both find the same ledger. Standard library only:
the library needs no Typer."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gintally.errors import GintallyError

ENV_DB = "GINTALLY_DB"
APP_NAME = "gintally"


def config_folder(app_name: str = APP_NAME) -> str:
    """The folder click's (and Typer's) ``get_app_dir(app_name)`` names, worked out the same
    way here so that the library needs no Typer (tests/test_cli_edge.py compares the two)."""
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


def app_dir() -> Path:
    """The user's app directory for gintally; refused when it would not be in a home folder
    (HOME empty, unset and unknown, or the root of the file system), so that no ledger ever
    lands at the root of the file system or in whatever folder the command runs in."""
    folder = Path(config_folder())
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if xdg and Path(xdg).is_absolute() and folder.parent == Path(xdg):
        return folder  # the XDG config folder the user chose
    home = Path(os.path.expanduser("~"))
    if not folder.is_absolute() and folder.parent == Path(xdg):  # an empty or relative XDG
        folder = home / ".config" / folder.name  # folder is ignored, as the XDG spec says
    if folder.is_absolute() and home.is_absolute() and home != Path(home.anchor):
        return folder
    said = os.environ.get("HOME")
    why = "HOME is not set" if said is None else "HOME is empty" if not said else f"HOME is {said}"
    raise GintallyError(
        f"there is no home folder for the ledger ({why}): give --db PATH or set ${ENV_DB}"
    )


def default_path() -> Path:
    """$GINTALLY_DB, else ledger.db in the user's app directory. An empty $GINTALLY_DB is
    refused rather than read as "not given"."""
    env = os.environ.get(ENV_DB)
    if env is not None:
        if not env.strip():
            raise GintallyError(f"${ENV_DB} is empty: name the ledger file, or unset it")
        return Path(env).expanduser()
    return app_dir() / "ledger.db"


def in_app_dir() -> bool:
    """True when no $GINTALLY_DB names the ledger (its folder, the app directory, may be
    made)."""
    return os.environ.get(ENV_DB) is None


def names(path: Path, what: str) -> list[str]:
    """The names of `what` (``player`` or ``match``) in the ledger at `path`, sorted case-blind,
    for a shell completing a name (none when it cannot be read: a Tab never fails)."""
    from gintally.ledger.names import names as stored

    return stored(path, what)
