"""JSON as gintally writes it: every ``--json`` document, the documents written as they are read
(``hands --json``, ``show --all --json``, ``export --format json``) and the documents the library
hands back (`plain`), in one layout, ``json.dumps(doc, indent=2, ensure_ascii=False)``'s, as
UTF-8 bytes. orjson writes them (``OPT_INDENT_2``: the same bytes, some 15 times faster than the
standard library, whose indented encoder is pure Python).

Terminology
- document: a value made of dicts, lists and tuples, text, whole numbers, booleans and None.
- level: how deep a value sits in its document; its lines are indented two spaces a level. A
  stream writes its document's head and tail itself and each element of its long list at its
  level (`dumps(row, 2)`): the whole text is the document's, and no more than an element is
  held at once.

What orjson refuses (a whole number beyond 64 bits, a key that is not text, a lone surrogate:
text that was not UTF-8) is written by the standard library in the same layout, a lone
surrogate as its ``\\udcXX`` escape. orjson writes a float as Python's ``repr`` does but
in exponent form (``1e-05`` as ``0.00001``) and not-a-number (``null``, not ``NaN``): no
document holds a float (amounts of money are text, `report.money`). Every orjson from 3.8 (the
first for Python 3.11) writes the same bytes; pyproject asks for 3.9.15, whose ``loads`` limits
how deep a document may nest.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

_INDENTS: list[bytes] = []  # by level: a newline and its indent


def dumps(value: Any, level: int = 0, newline: bool = False) -> bytes:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` as UTF-8, its lines after the first
    indented to `level` (an element of a stream), with a final newline if `newline`."""
    import orjson

    option = orjson.OPT_INDENT_2 | (orjson.OPT_APPEND_NEWLINE if newline else 0)
    try:
        text = orjson.dumps(value, option=option)
    except orjson.JSONEncodeError:
        text = _standard(value, newline)
    if not level:
        return text
    while len(_INDENTS) <= level:
        _INDENTS.append(b"\n" + b"  " * len(_INDENTS))
    if newline:  # the final newline is not the layout's
        return text[:-1].replace(b"\n", _INDENTS[level]) + b"\n"
    return text.replace(b"\n", _INDENTS[level])  # every newline is the layout's (text's: \\n)


def stream(write: Callable[[bytes], object], fields: Iterable[tuple[str, Any]]) -> None:
    """A dict document written a field at a time, its final newline too: the text of
    ``dumps(dict(fields), newline=True)``. A value that is an iterator (a generator, not a list)
    is a list written `BATCH` elements at a time, so that it is never held whole (an element
    must not change once the iterator has yielded it); `fields` is asked for the next field
    once the last one is written (a value may depend on what came before)."""
    sep = b"{\n  "
    for key, value in fields:
        write(sep + dumps(key) + b": ")
        sep = b",\n  "
        if isinstance(value, Iterator):
            before = b"["
            while batch := list(itertools.islice(value, BATCH)):
                write(before + dumps(batch, 1)[1:-4])  # the elements, without "[" and "\n  ]"
                before = b","
            write(b"[]" if before == b"[" else b"\n  ]")
        else:
            write(dumps(value, 1))
    write(b"{}\n" if sep == b"{\n  " else b"\n}\n")


BATCH = 32  # elements of a streamed list written at once (`stream`): a hand, a game...


def plain(doc: Any) -> Any:
    """A document as its JSON reads back: lists for tuples, keys as text."""
    import orjson

    try:
        return orjson.loads(orjson.dumps(doc))
    except orjson.JSONEncodeError:
        return json.loads(_standard(doc, False))


def _standard(value: Any, newline: bool) -> bytes:
    """What orjson refuses, written by the standard library."""
    text = json.dumps(value, indent=2, ensure_ascii=False) + ("\n" if newline else "")
    return text.encode("utf-8", "backslashreplace")
