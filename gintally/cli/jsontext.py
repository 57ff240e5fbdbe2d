"""A JSON document as text, laid out as ``json.dumps(doc, indent=2)`` lays it out, byte for byte,
several times faster: the standard library writes an indented document with its pure-Python
encoder, a token at a time, and a season of 20,000 games is half a million tokens.

Terminology
- flat container: a dict with text keys, or a list, whose values are all plain scalars (text,
  whole numbers, floats, booleans, None). The C encoder writes it in one call, its item
  separator carrying the newline and the indent of its level; most of a document's values
  (a pair of points, a game's hands) are flat.
- level: how deep a value sits; its lines are indented by two spaces a level.

Anything else (a key that is not text, a value of another type) is handed to `json.dumps`
itself and indented to its level, so the text is always what `json.dumps` writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from json.encoder import (  # type: ignore[attr-defined]
    c_make_encoder,
    encode_basestring,
    encode_basestring_ascii,
)
from typing import Any

_SCALARS = frozenset((str, int, float, bool, type(None)))


def pieces(doc: Any, ensure_ascii: bool = True) -> Iterator[str]:
    """The text of ``json.dumps(doc, indent=2, ensure_ascii=ensure_ascii)``, in pieces."""
    flat: dict[int, Callable[[Any], str]] = {}
    number = _encoder(ensure_ascii, ", ")  # a float (NaN, Infinity), or what else reads
    key_text = encode_basestring_ascii if ensure_ascii else encode_basestring
    words = {None: "null", True: "true", False: "false"}

    def scalar(value: Any) -> str:
        """A scalar's text: what the C encoder writes, without calling it for the common ones."""
        kind = type(value)
        if kind is str:
            return key_text(value)
        if kind is int:
            return int.__repr__(value)
        if kind is bool or value is None:
            return words[value]
        return number(value)

    def flat_at(level: int) -> Callable[[Any], str]:
        encode = flat.get(level)
        if encode is None:
            encode = flat[level] = _encoder(ensure_ascii, ",\n" + "  " * (level + 1))
        return encode

    def text(value: Any, level: int) -> str:
        """A value's whole text at `level`."""
        kind = type(value)
        if kind in _SCALARS:
            return scalar(value)
        if kind is dict:
            if not value:
                return "{}"
            if not all(type(k) is str for k in value):
                return _standard(value, level, ensure_ascii)
            indent = "  " * level
            if all(type(v) in _SCALARS for v in value.values()):
                return "{\n  " + indent + flat_at(level)(value)[1:-1] + "\n" + indent + "}"
            inner = ",\n  " + indent
            return (
                "{\n  " + indent
                + inner.join(key_text(k) + ": " + text(v, level + 1) for k, v in value.items())
                + "\n" + indent + "}"
            )  # fmt: skip
        if kind is list or kind is tuple:
            if not value:
                return "[]"
            indent = "  " * level
            if all(type(v) in _SCALARS for v in value):
                return "[\n  " + indent + flat_at(level)(value)[1:-1] + "\n" + indent + "]"
            inner = ",\n  " + indent
            return (
                "[\n  " + indent + inner.join(text(v, level + 1) for v in value) + "\n" + indent
                + "]"
            )  # fmt: skip
        return _standard(value, level, ensure_ascii)

    def walk(value: Any, level: int) -> Iterator[str]:
        """A value's text in pieces: a piece a key of the document, and a piece an item of a
        list in it (a season's games), so the whole text is never held at once."""
        kind = type(value)
        if level > 1 or not value or not (kind is dict or kind is list or kind is tuple):
            yield text(value, level)
            return
        if kind is dict and not all(type(k) is str for k in value):
            yield _standard(value, level, ensure_ascii)
            return
        inner = "\n" + "  " * (level + 1)
        sep = ("{" if kind is dict else "[") + inner
        for k, v in value.items() if kind is dict else ((None, v) for v in value):
            head = sep if k is None else sep + key_text(k) + ": "
            if level or not v or type(v) in _SCALARS:  # one piece: the item's whole text
                yield head + text(v, level + 1)
            else:
                yield head
                yield from walk(v, level + 1)
            sep = "," + inner
        yield "\n" + "  " * level + ("}" if kind is dict else "]")

    return walk(doc, 0)


def _encoder(ensure_ascii: bool, item_separator: str) -> Callable[[Any], str]:
    """The text of a scalar or a flat container, items separated by `item_separator`: the C
    encoder made once (``JSONEncoder.encode`` makes it again at every call), else the
    standard library's way."""
    if c_make_encoder is None:  # pragma: no cover - CPython has it
        return json.JSONEncoder(ensure_ascii=ensure_ascii, separators=(item_separator, ": ")).encode
    strings = encode_basestring_ascii if ensure_ascii else encode_basestring
    made = c_make_encoder(None, None, strings, None, ": ", item_separator, False, False, True)
    return lambda value: "".join(made(value, 0))


def _standard(value: Any, level: int, ensure_ascii: bool) -> str:
    """`json.dumps` of a value, indented to its level (a string's newlines are escaped: each
    newline of the text is the layout's)."""
    text = json.dumps(value, indent=2, ensure_ascii=ensure_ascii)
    return text.replace("\n", "\n" + "  " * level) if level else text
