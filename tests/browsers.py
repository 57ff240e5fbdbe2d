"""The browser the browser tests drive: Debian's Chromium (``apt-get install chromium``, as
.ci/run installs it), else a ``chromium`` on the PATH, else the one Playwright installs
(``python -m playwright install chromium``). Headless, started as root can start it (no
sandbox), with none of Chromium's background traffic."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Browser, Playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """Debian's Chromium, or one on the PATH; None: Playwright's own."""
    for found in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if found and Path(found).exists():
            return found
    return None


def launch(p: Playwright) -> Browser:
    return p.chromium.launch(executable_path=chromium_path(), args=ARGS, headless=True)
