"""``gintally serve``: the live score sheet and tap-to-score entry in any phone's browser, on the
household's own network (SPEC section 11). A client of the library like the command line: every
hand goes through `gintally.facade.book.Match`, every page reads a `Book`.

`app.build` makes the Starlette app from `app.Settings`; `address`, `lan_address` and `serve`
are what the command needs around it. Starlette, uvicorn, Jinja2 and segno are imported by this
package only, so no other command pays for them at start-up.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gintally.serve.app import Settings


def lan_address() -> str:
    """This computer's address on its network (no packet is sent: a UDP socket is only pointed
    at a documentation address to learn which interface would be used)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def address(host: str, port: int, token: str | None = None) -> str:
    """The page's address; with `token`, the one that joins (the token after ``#``, which a
    browser keeps to itself: it is never in a request line, a log or a Referer)."""
    return f"http://{host}:{port}/" + (f"#join={token}" if token else "")


def qr_text(text: str) -> str:
    """`text` as a QR code drawn in the terminal's characters."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()


GRACE = 2  # seconds the requests at work get on Ctrl-C (an open page's event stream never ends)


def serve(settings: Settings, host: str, port: int) -> None:
    """Serve until Ctrl-C (uvicorn stops cleanly on it: a hand being recorded lands whole, on
    the worker thread, before the ledger is closed): no access log, so no address of a request
    is written anywhere."""
    import uvicorn

    from gintally.serve.app import build

    config = uvicorn.Config(
        build(settings),
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        server_header=False,
        lifespan="on",
        timeout_graceful_shutdown=GRACE,
    )
    uvicorn.Server(config).run()
