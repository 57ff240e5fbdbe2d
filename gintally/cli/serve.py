"""``gintally serve``: the score sheet in the browsers of the phones at the table (the web app is
`gintally.serve`, imported only by this command, with its libraries)."""

from __future__ import annotations

import contextlib
import signal
import sys
from typing import Annotated

import typer

from gintally.cli import base
from gintally.cli.common import MatchOpt, app
from gintally.errors import GintallyError


@app.command(rich_help_panel="Record a hand")
def serve(
    match: MatchOpt = None,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="Answer the other devices of this network too (a QR code "
            "and a PIN join them); otherwise this computer only.",
        ),
    ] = False,
    port: Annotated[
        int, typer.Option("--port", help="The port to listen on.", metavar="N", min=1, max=65535)
    ] = 8765,
    read_only: Annotated[
        bool, typer.Option("--read-only", help="A display: the sheet only, nothing recorded.")
    ] = False,
) -> None:
    """The live score sheet and tap-to-score entry in a browser: open the address it prints
    (it carries the join token). Ctrl-C stops it."""
    from gintally import serve as web
    from gintally.cli import process
    from gintally.facade.book import Book
    from gintally.serve.app import Settings

    process.release_gc()
    path = base.db_path()
    with Book(path, flags=True) as book:
        name = book.match(match).name  # a missing ledger or match is refused here, in one line
    here = web.lan_address() if lan else "127.0.0.1"
    hosts = ("127.0.0.1", "localhost", here)
    settings = Settings(path, match=name, read_only=read_only, hosts=hosts)
    token = settings.token or ""
    bind = "0.0.0.0" if lan else "127.0.0.1"
    if not _free(bind, port):
        raise GintallyError(f"port {port} is in use: choose another with --port N")
    say = sys.stdout.write
    what = "read-only sheet" if read_only else "sheet"
    say(f"Serving the {what} of {name} ({path}).\n")
    say(f"Open this address (it joins you): {web.address(here, port, token)}\n")
    if lan:
        say(_drawn(web.qr_text(web.address(here, port, token))))
        say(f"Or type {web.address(here, port)} and the PIN {settings.pin}.\n")
        say(
            "Anyone on this network with the address or the PIN can see the ledger's matches"
            + ("" if read_only else " and record hands")
            + ".\n"
        )
    say("Ctrl-C stops it.\n")
    sys.stdout.flush()
    # Ctrl-C is the way to stop: uvicorn finishes the requests at work (a hand being recorded
    # lands whole), then raises the signal again once it is done, which ends here
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with contextlib.suppress(KeyboardInterrupt):
        web.serve(settings, bind, port)
    say("Stopped.\n")


def _drawn(qr: str) -> str:
    """The QR code, or where the console's encoding cannot show its blocks (ASCII), a line
    saying it is left out (escapes written for each block would draw nothing to scan)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        qr.encode(encoding)
    except UnicodeEncodeError:
        return f"(No QR code: this console's encoding, {encoding}, cannot draw one.)\n"
    return qr


def _free(host: str, port: int) -> bool:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True
