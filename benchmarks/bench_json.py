"""The JSON writer alone: ``show --json``'s document of an ad-infinitum match, written by
`gintally.jsonout` (orjson), by the standard library (``json.dumps(doc, indent=2,
ensure_ascii=False)``) and, with ``--against REV``, by the writer of git revision REV (its
``gintally/cli/jsontext.py``, the hand-written encoder this one replaced).

A ledger of each size in ``--hands`` is built with `bench_cli.build_ledger` (ten years of hands:
10,000 make a season of about a thousand hands, a 1.3 MB document; 200,000 a season of
twenty thousand, some 27 MB), its document made once, then each writer runs ``--runs`` times,
round-robin; the median of each is printed (CPU time of this process, and wall clock). Every
writer's bytes are checked to be the same before anything is timed.

Run: ``.venv/bin/python benchmarks/bench_json.py [--hands 10000,200000] [--against REV]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from _common import code_state
from bench_cli import build_ledger

import gintally
from gintally import jsonout
from gintally.facade import work
from gintally.ledger import Ledger

Writer = Callable[[Any], bytes]


def old_writer(rev: str, into: Path) -> Writer:
    """The document's bytes as revision `rev`'s `cli/jsontext` wrote them (UTF-8 stdout)."""
    repo = Path(gintally.__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "-C", str(repo), "show", f"{rev}:gintally/cli/jsontext.py"],
        capture_output=True,
        check=True,
    ).stdout
    path = into / "jsontext_old.py"
    path.write_bytes(source)
    spec = importlib.util.spec_from_file_location("jsontext_old", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pieces = module.pieces

    def write(doc: Any) -> bytes:
        return ("".join(pieces(doc, ensure_ascii=False)) + "\n").encode()

    return write


def standard(doc: Any) -> bytes:
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()


def new(doc: Any) -> bytes:
    return jsonout.dumps(doc, newline=True)


def timed(write: Writer, doc: Any) -> tuple[float, float]:
    c0, t0 = time.process_time(), time.perf_counter()
    write(doc)
    return time.process_time() - c0, time.perf_counter() - t0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", default="10000,200000", help="ledger sizes, comma-separated")
    ap.add_argument("--runs", type=int, default=15, help="runs per writer (default 15)")
    ap.add_argument("--seed", type=int, default=2016)
    ap.add_argument("--against", metavar="REV", help="also time revision REV's cli/jsontext")
    args = ap.parse_args(argv)
    print(f"Python {sys.version.split()[0]}; measuring {code_state()}")
    with tempfile.TemporaryDirectory(prefix="gintally-bench-json-") as tmp:
        writers: dict[str, Writer] = {
            "jsonout (orjson)": new,
            "json.dumps(indent=2)": standard,
        }
        if args.against:
            writers[f"cli/jsontext of {args.against}"] = old_writer(args.against, Path(tmp))
        for hands in (int(n) for n in args.hands.split(",")):
            path = Path(tmp) / f"{hands}.db"
            build_ledger(path, hands, "ad-infinitum", args.seed)
            with Ledger.open(path, write=False) as book:
                doc = work.show(book, None, False, date.today())
            texts = {name: write(doc) for name, write in writers.items()}
            size = len(texts["jsonout (orjson)"])
            assert len(set(texts.values())) == 1, "the writers disagree"
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in writers}
            for _ in range(args.runs):
                for name, write in writers.items():
                    times[name].append(timed(write, doc))
            print(f"\nshow --json of {hands:,} ad-infinitum hands: {size / 1e6:.1f} MB")
            print(f"  {'writer':<34} {'CPU ms':>8} {'wall ms':>8}  (median of {args.runs})")
            for name, spent in times.items():
                cpu = statistics.median(c for c, _ in spent) * 1000
                wall = statistics.median(w for _, w in spent) * 1000
                print(f"  {name:<34} {cpu:>8.1f} {wall:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
