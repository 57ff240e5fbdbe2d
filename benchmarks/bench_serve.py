"""`gintally serve` on a 100,000-hand ledger: a tap to its confirmation, and to the other phone's
update; a hand of the command line to the page's update; the page's weight; and whether ten
open pages slow the command line's ``knock``.

Prints figures; it asserts nothing. The ledger is `bench_scale`'s (a seeded 50-year match of
100,000 hands, built and cached as that script builds it: ``--format`` hollywood by default),
copied fresh for each part. The server is the command itself (``gintally serve --port N`` in
its own process); the "phones" are plain HTTP clients of this script that do what the page's
script does: join with the token, post a hand with the CSRF token and an idempotency key, keep
an event stream open and fetch the sheet's live part on each change.

1. Tap to confirmation: the time of ``POST /hand`` (the hand recorded, the confirmation's lines
   back); target <= 150 ms.
2. Tap to the other phone: from the tap to the moment the other phone's stream said "change"
   and its fetch of the live part (which shows the new hand) came back; target <= 1 s.
3. The command line's ``gintally knock`` to the page's update, from the command's start (the
   page may update before the command has exited: the hand is committed before it prints).
4. Page weight: the first load (the page, its CSS and its script) and each hand (the post, the
   event and the live part); targets <= 150 KB and <= 10 KB.
5. ``gintally knock``'s wall time with no server, and with the server and ten pages open (each
   fetching the live part after each hand, as a page does), taking turns; target: within 10%.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from _common import code_state
from bench_scale import CACHE_VERSION, GINTALLY, MATCH, empty_ledger, load, write_csv

SIZE = 100_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def ledger(fmt: str, seed: int, cache: Path) -> Path:
    """`bench_scale`'s 100,000-hand ledger in format `fmt`, built the first time."""
    built = cache / f"ledger-{fmt}-{SIZE}-{seed}.db"
    if built.exists():
        return built
    hands_csv = cache / f"hands-{SIZE}-{seed}.csv"
    if not hands_csv.exists():
        print(f"writing {hands_csv} (once)...")
        write_csv(hands_csv, SIZE, seed)
    print(f"importing it into {built} (once)...")
    scratch = cache / "serve-scratch.db"
    empty_ledger(scratch, fmt)
    env = dict(os.environ, GINTALLY_DB=str(scratch))
    subprocess.run(
        [str(GINTALLY), "import", str(hands_csv), "--match", MATCH],
        env=env,
        check=True,
        capture_output=True,
    )
    scratch.replace(built)
    return built


@dataclass
class Server:
    port: int
    token: str
    process: subprocess.Popen[str]


@contextlib.contextmanager
def serving(path: Path) -> Iterator[Server]:
    """``gintally serve`` on `path` until the block ends (stopped by Ctrl-C, as a person does)."""
    port = free_port()
    env = dict(os.environ, GINTALLY_DB=str(path))
    process = subprocess.Popen(
        [str(GINTALLY), "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    process.stdout.readline()
    link = process.stdout.readline().strip()
    token = link.rsplit("#join=", 1)[1]
    deadline = time.monotonic() + 60
    while True:  # the address is printed before the server listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
    try:
        yield Server(port, token, process)
    finally:
        process.send_signal(2)
        process.communicate(timeout=30)


@dataclass
class Phone:
    """A browser's requests, as the page's script makes them."""

    server: Server
    cookie: str = ""
    csrf: str = ""
    received: int = 0  # bytes of every answer
    changes: list[float] = field(default_factory=list)

    def request(
        self, method: str, path: str, body: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        headers = {"Host": f"127.0.0.1:{self.server.port}", "Accept": "text/html"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if body is not None:
            data = urlencode(body).encode()
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": f"http://127.0.0.1:{self.server.port}",
                "X-CSRF-Token": self.csrf,
            }
        conn.request(method, path, data, headers)
        r = conn.getresponse()
        out = r.read()
        cookie = r.getheader("set-cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        conn.close()
        self.received += len(out) + sum(len(k) + len(v) + 4 for k, v in r.getheaders())
        return r.status, out

    def join(self) -> None:
        status, _ = self.request("POST", "/join", {"token": self.server.token, "js": "1"})
        assert status == 200
        _, page = self.request("GET", "/?m=" + MATCH)
        found = re.search(rb'name="csrf" content="([^"]+)"', page)
        assert found
        self.csrf = found.group(1).decode()

    def listen(self, on_change: threading.Event | None = None) -> threading.Thread:
        """Keep an event stream open; on each change, fetch the live part (as the page does)."""

        def run() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=600)
            conn.request(
                "GET",
                "/events",
                headers={"Host": f"127.0.0.1:{self.server.port}", "Cookie": self.cookie},
            )
            r = conn.getresponse()
            while True:
                line = r.fp.readline()
                if not line:
                    return
                self.received += len(line)
                if line.startswith(b"event: change"):
                    self.request("GET", "/part?m=" + MATCH)
                    self.changes.append(time.perf_counter())
                    if on_change is not None:
                        on_change.set()

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        return thread


def median_ms(values: Sequence[float]) -> str:
    low, mid, high = (
        round(v * 1000) for v in (min(values), statistics.median(values), max(values))
    )
    return f"{mid} ms (min {low}, max {high})"


def knock_cli(path: Path, n: int) -> float:
    env = dict(os.environ, GINTALLY_DB=str(path))
    deadwood, vs = 1 + n % 9, 20 + n % 30
    t = time.perf_counter()
    subprocess.run(
        [str(GINTALLY), "knock", "Ann", str(deadwood), "--vs", str(vs)],
        env=env,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - t


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--format", default="hollywood", help="the match's format (bench_scale's)")
    ap.add_argument("--hands", type=int, default=10, help="taps timed (default 10)")
    ap.add_argument("--knocks", type=int, default=8, help="CLI knocks per side of part 5")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--cache", type=Path, default=None, help="bench_scale's cache of ledgers")
    ap.add_argument("--quick", action="store_true", help="5 taps, 4 knocks a side")
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.knocks = 5, 4
    cache = args.cache or Path(tempfile.gettempdir()) / f"gintally-bench-scale-v{CACHE_VERSION}"
    cache.mkdir(parents=True, exist_ok=True)
    source = ledger(args.format, args.seed, cache)
    work = Path(tempfile.mkdtemp(prefix="gintally-bench-serve-"))
    print(f"gintally serve on {SIZE:,} hands ({args.format}); measuring {code_state()}; {load()}")
    try:
        path = work / "ledger.db"
        shutil.copyfile(source, path)
        with serving(path) as server:
            me, other = Phone(server), Phone(server)
            me.join()
            other.join()
            first = Phone(server)
            first.request("GET", "/?m=" + MATCH)  # the join page
            first.join()
            for asset in ("/static/app.css", "/static/app.js"):
                first.request("GET", asset)
            seen = threading.Event()
            other.listen(seen)
            time.sleep(0.5)
            taps, updates = [], []
            for n in range(args.hands):
                seen.clear()
                before = other.received
                fields = {
                    "m": MATCH,
                    "kind": "knock",
                    "player": "Bob" if n % 2 else "Ann",
                    "deadwood": str(1 + n % 9),
                    "vs": str(20 + n),
                    "key": uuid.uuid4().hex,
                }
                t = time.perf_counter()
                status, body = me.request("POST", "/hand", fields)
                taps.append(time.perf_counter() - t)
                assert status == 200, body
                assert seen.wait(60), "the other phone saw no change"
                updates.append(other.changes[-1] - t)
                per_hand = other.received - before
                time.sleep(0.3)
            print(f"  tap to confirmation        {median_ms(taps)}   target <= 150 ms")
            print(f"  tap to the other phone     {median_ms(updates)}   target <= 1000 ms")
            cli_updates, cli_runs = [], []
            for n in range(max(3, args.hands // 2)):
                seen.clear()
                t = time.perf_counter()
                cli_runs.append(knock_cli(path, n))
                assert seen.wait(60), "the page saw no change"
                cli_updates.append(other.changes[-1] - t)
                time.sleep(0.3)
            print(
                f"  CLI knock to the page      {median_ms(cli_updates)} from the command's start "
                f"(the command itself: {median_ms(cli_runs)})"
            )
            post_bytes = len(body)
            print(
                f"  first load                 {first.received / 1024:.1f} KB (page, CSS, script, "
                "join; uncompressed)   target <= 150 KB"
            )
            print(
                f"  a hand                     {(per_hand + post_bytes) / 1024:.1f} KB (answer "
                f"{post_bytes} B, event and live part)   target <= 10 KB"
            )

        alone, crowded = [], []
        shutil.copyfile(source, path)
        for n in range(args.knocks):  # taking turns, so a machine's changing load hits both
            alone.append(knock_cli(path, 2 * n))
            with serving(path) as server:
                pages = [Phone(server) for _ in range(10)]
                for page in pages:
                    page.join()
                    page.listen()
                time.sleep(1.0)
                crowded.append(knock_cli(path, 2 * n + 1))
                time.sleep(1.5)  # the pages fetch the live part
        ratio = statistics.median(crowded) / statistics.median(alone)
        print(f"  CLI knock, no server       {median_ms(alone)}")
        print(
            f"  CLI knock, ten pages open  {median_ms(crowded)}   ratio {ratio:.2f} "
            "(target <= 1.10)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"at the end: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
