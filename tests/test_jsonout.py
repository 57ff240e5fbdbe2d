"""The one JSON writer (`jsonout`): every document and stream is ``json.dumps(doc, indent=2,
ensure_ascii=False)``'s text as UTF-8 bytes, whatever the value (orjson writes what it can,
the standard library the rest), written whole or a field and an element at a time; and JSON on
stdout is UTF-8 whatever the console's encoding (SPEC section 11)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gintally import jsonout

TEXT = st.text(
    st.characters(codec="utf-8")  # every character but a lone surrogate: controls, é, ♠, 😀
    | st.sampled_from('\x00\x1f\x7f\u2028\u2029"\\/\n\t%'),
    max_size=8,
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()  # whole numbers beyond 64 bits too
    | st.integers(-(2**63), 2**64 - 1)
    | TEXT
)
KEYS = TEXT | st.sampled_from(["Ann", "Zoë", "points", "Café ♠"])
DOCS = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(KEYS, inner, max_size=5)
        | st.dictionaries(st.integers() | st.none() | st.booleans(), inner, max_size=3)
    ),
    max_leaves=30,
)


def standard(value: Any) -> bytes:
    return json.dumps(value, indent=2, ensure_ascii=False).encode()


@settings(max_examples=400, deadline=None)
@given(doc=DOCS)
def test_a_document_is_what_json_dumps_writes(doc: Any) -> None:
    assert jsonout.dumps(doc) == standard(doc)
    assert jsonout.dumps(doc, newline=True) == standard(doc) + b"\n"


@settings(max_examples=200, deadline=None)
@given(doc=DOCS, level=st.integers(0, 4))
def test_a_value_at_its_level_is_indented_line_by_line(doc: Any, level: int) -> None:
    """An element of a stream: json.dumps's lines after the first indented two spaces a level
    (a newline in a text is escaped, so every line break is the layout's)."""
    expected = standard(doc).replace(b"\n", b"\n" + b"  " * level)
    assert jsonout.dumps(doc, level) == expected
    assert jsonout.dumps(doc, level, newline=True) == expected + b"\n"


@settings(max_examples=200, deadline=None)
@given(
    fields=st.lists(
        st.tuples(TEXT, st.booleans(), DOCS | st.lists(DOCS, max_size=4)),
        max_size=5,
        unique_by=lambda f: f[0],
    )
)
def test_a_streamed_document_is_the_document_written_whole(
    fields: list[tuple[str, bool, Any]],
) -> None:
    """Fields written one at a time, each list given as an iterator written an element at a
    time (empty ones too): the text of the whole document and its final newline."""
    wrote: list[bytes] = []
    streamed = [(k, iter(v) if lazy and isinstance(v, list) else v) for k, lazy, v in fields]
    jsonout.stream(wrote.append, streamed)
    assert b"".join(wrote) == standard({k: v for k, _, v in fields}) + b"\n"


def test_a_stream_holds_one_element_at_a_time() -> None:
    """A list given as a generator is written as its elements come, `BATCH` at a time (never
    held whole), and a field after it may depend on what it yielded."""
    seen: list[int] = []
    wrote: list[bytes] = []
    writes: list[int] = []  # how many writes were made when each game was asked for

    def games() -> Any:
        for n in range(20_000):
            writes.append(len(wrote))
            seen.append(n)
            yield {"number": n, "total": {"Ann": n, "Zoë": 0}, "hands": [n]}

    def fields() -> Any:
        yield "match", "Forever"
        yield "games", games()
        yield "count", len(seen)  # asked once the games are written

    jsonout.stream(wrote.append, fields())
    whole = {"match": "Forever", "games": list(games()), "count": 20_000}
    assert b"".join(wrote) == standard(whole) + b"\n"
    assert max(len(piece) for piece in wrote) < jsonout.BATCH * 200
    assert writes[0] < writes[5_000] < writes[10_000] < writes[-1]  # written as they came


def test_what_orjson_refuses_is_written_by_the_standard_library() -> None:
    """A whole number beyond 64 bits, a key that is not text, a lone surrogate (a name's bytes
    that were not UTF-8): the same text, the surrogate as its JSON escape."""
    doc = {"big": 2**64, "small": -(2**63) - 1, "by number": {1: "a", None: "b"}}
    assert jsonout.dumps(doc) == standard(doc)
    surrogate = {"name": "Zo\udceb"}
    assert jsonout.dumps(surrogate) == b'{\n  "name": "Zo\\udceb"\n}'
    assert json.loads(jsonout.dumps(surrogate)) == surrogate


def test_a_float_is_written_as_orjson_writes_it() -> None:
    """No document holds a float (amounts are text); if one did, orjson writes it as Python's
    repr does but in exponent form (``1e16``: ``1e+16`` from orjson 3.12) and not-a-number."""
    floats = [0.5, 1e15, 123456789.125, -0.0, 2.5e-4]
    assert jsonout.dumps(floats) == standard(floats)
    assert jsonout.dumps([1e-05, math.nan]) == b"[\n  0.00001,\n  null\n]"


def test_plain_is_the_document_as_its_json_reads_back() -> None:
    doc = {"pair": ("Ann", "Zoë"), 7: [1, (2, 3)], "big": 2**70}
    assert jsonout.plain({"pair": ("Ann", "Zoë")}) == {"pair": ["Ann", "Zoë"]}
    assert jsonout.plain(doc) == {"pair": ["Ann", "Zoë"], "7": [1, [2, 3]], "big": 2**70}


# --- stdout: UTF-8 whatever the console ---------------------------------------------------------

GINTALLY = Path(sys.executable).parent / "gintally"


def _run(db: Path, *args: str, encoding: str = "cp1252") -> bytes:
    env = {**os.environ, "GINTALLY_DB": str(db), "COLUMNS": "100", "NO_COLOR": "1"}
    env["PYTHONIOENCODING"] = encoding
    done = subprocess.run(
        [str(GINTALLY), *args], capture_output=True, env=env, timeout=120, check=False
    )
    assert (done.returncode, done.stderr) == (0, b""), (args, done.stderr)
    return done.stdout


def test_json_on_a_cp1252_console_is_utf8(tmp_path: Path) -> None:
    """On a console whose encoding cannot show ♠ (cp1252, where é is one byte), each command's
    JSON is UTF-8: the document, the streamed ones (``hands``, ``show --all``, ``export``), to
    the screen and to ``-o -``, reads back with the names as they were typed."""
    db = tmp_path / "ledger.db"
    _run(db, "match", "new", "Café ♠", "--players", "Zoë", "Renée")
    _run(db, "knock", "Zoë", "4", "--vs", "21", "--note", "café ♠")
    _run(db, "gin", "Renée", "--vs", "30")
    for args in (
        ("show", "--json"),
        ("show", "--all", "--json"),
        ("hands", "--json"),
        ("hands", "--all", "--json"),
        ("standings", "--json"),
        ("export", "--format", "json"),
        ("export", "--format", "json", "-o", "-"),
    ):
        out = _run(db, *args)
        text = out.decode("utf-8")  # strict: any cp1252 byte of é would fail here
        assert "Café ♠" in text and "\\u" not in text, args
        doc = json.loads(text)
        assert out == jsonout.dumps(doc, newline=True), args  # the one layout
        if args[0] in ("hands", "export"):
            assert doc["hands"][0]["note"] == "café ♠", args
    plain = _run(db, "show", "--json", encoding="utf-8")
    assert plain == _run(db, "show", "--json")  # the same bytes as on a UTF-8 console
