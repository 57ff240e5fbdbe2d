"""What the benchmark scripts share (run them from the repository: ``python benchmarks/...``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import gintally


def code_state() -> str:
    """Which gintally is measured: its directory, and its git commit when it is a checkout."""
    pkg = Path(gintally.__file__).resolve().parent
    try:
        git = ["git", "-C", str(pkg)]
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--", "."], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(pkg)
    return f"{pkg} at {head}" + (" + uncommitted changes" if dirty else "")
