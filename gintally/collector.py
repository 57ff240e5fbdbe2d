"""Python's cycle collector, paused for a burst of work that makes no reference cycles.

A long replay makes and drops a few small objects per hand, and loading a library late (Rich,
to draw) makes thousands of objects that live until the process ends. Neither makes garbage
that only the cycle collector can free (reference counting frees every replayed object as it
goes), so its passes over the live objects are pure cost: about a tenth of `standings` or
`check` on a large match. `paused` turns it off for the burst and back on after, if it was on.

Standard library only, no I/O: shared by the service and the command line.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """No cycle collection inside the block (it runs again after, if it was on)."""
    was_on = gc.isenabled()
    if was_on:
        gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
