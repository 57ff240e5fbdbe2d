"""A JSON document as text, laid out as ``json.dumps(doc, indent=2)`` lays it out, byte for byte,
several times faster: the standard library writes an indented document with its pure-Python
encoder, a token at a time, and a season of 20,000 games is half a million tokens.

Terminology
- flat container: a dict with text keys, or a list, whose values are all plain scalars (text,
  whole numbers, floats, booleans, None). The C encoder writes it in one call, its item
  separator carrying the newline and the indent of its level; most of a document's values
  (a pair of points, a game's hands) are flat.
- level: how deep a value sits; its lines are indented by two spaces a level.
- pair: a dict of two text keys whose values are whole numbers (a value per player), the most
  common container of a season's document: written from one template a level
  (``%s: %d``), as are the dicts that share their keys with an earlier one at the same
  level (a game, a sheet row: *layout*, their keys written once).

Anything else (a key that is not text, a value of another type) is handed to `json.dumps`
itself and indented to its level, so the text is always what `json.dumps` writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from json.encoder import (  # type: ignore[attr-defined]
    c_make_encoder,
    encode_basestring,
    encode_basestring_ascii,
)
from typing import Any

_SCALARS = frozenset((str, int, float, bool, type(None)))
_TEXT = frozenset((str,))


def pieces(doc: Any, ensure_ascii: bool = True) -> Iterator[str]:
    """The text of ``json.dumps(doc, indent=2, ensure_ascii=ensure_ascii)``, in pieces."""
    key_text = encode_basestring_ascii if ensure_ascii else encode_basestring
    words = {None: "null", True: "true", False: "false"}
    # A scalar's text by its exact type (a subclass reads as `_standard`): what the C encoder
    # writes, without calling it for the common ones (a float through it: NaN, Infinity).
    scalars: dict[type, Callable[[Any], str]] = {
        str: key_text,
        int: int.__repr__,
        bool: words.__getitem__,
        type(None): words.__getitem__,
        float: _encoder(ensure_ascii, ", "),
    }
    only_scalars = _SCALARS.issuperset
    only_text = _TEXT.issuperset
    # by level: "\n" and its indent; a flat container's encoder; a pair's template
    breaks: list[str] = []
    flat: list[Callable[[Any], list[str]]] = []
    pairs: list[str] = []
    layouts: dict[tuple[int, tuple[str, ...]], str] = {}
    once: set[tuple[int, tuple[str, ...]]] = set()  # keys met once: a layout if met again
    alike: dict[tuple[int, int, str, str], str] = {}  # pairs keyed alike: level, count, keys

    def grow(level: int) -> None:
        while len(breaks) <= level + 1:
            n = len(breaks)
            inner = "\n" + "  " * (n + 1)
            breaks.append("\n" + "  " * n)
            flat.append(_flat_encoder(ensure_ascii, "," + inner))
            pairs.append("{" + inner + "%s: %d," + inner + "%s: %d\n" + "  " * n + "}")

    grow(4)

    def layout(level: int, keys: tuple[str, ...]) -> str:
        inner = breaks[level + 1]
        keyed = [key_text(k).replace("%", "%%") + ": %s" for k in keys]
        made = layouts[level, keys] = "{" + inner + ("," + inner).join(keyed) + breaks[level] + "}"
        return made

    def each(values: Iterable[Any], level: int) -> list[str]:
        """The text of each of a container's `values`, at `level`: `text`'s, with its
        commonest cases written out here (a call less each)."""
        if level + 1 >= len(breaks):
            grow(level)
        pair = pairs[level]
        out: list[str] = []
        add = out.append
        for v in values:
            kind = type(v)
            if kind is int:
                add(int.__repr__(v))
            elif kind is str:
                add(key_text(v))
            elif kind is dict and len(v) == 2:
                (ka, x), (kb, y) = v.items()
                if type(x) is int and type(y) is int and type(ka) is str and type(kb) is str:
                    add(pair % (key_text(ka), x, key_text(kb), y))
                else:
                    add(text(v, level))
            elif v is None:
                add("null")
            else:
                convert = scalars.get(kind)
                add(text(v, level) if convert is None else convert(v))
        return out

    def pairs_of(value: dict[Any, Any], level: int, names: tuple[Any, ...]) -> str | None:
        """The text of a dict of pairs keyed alike (a game's bonuses, a sheet row's running
        points by game): one template for them all, or None when it is not one."""
        ka, kb = names
        if type(ka) is not str or type(kb) is not str:
            return None
        args: list[Any] = []
        extend = args.extend
        for k, v in value.items():
            if type(v) is not dict or len(v) != 2 or type(k) is not str:
                return None
            (a, x), (b, y) = v.items()
            if a != ka or b != kb or type(x) is not int or type(y) is not int:
                return None
            extend((key_text(k), x, y))
        form = alike.get((level, len(value), ka, kb))
        if form is None:
            if level + 2 >= len(breaks):
                grow(level + 1)
            inner, deeper = breaks[level + 1], breaks[level + 2]
            one = (
                "%s: {" + deeper + key_text(ka).replace("%", "%%") + ": %d," + deeper
                + key_text(kb).replace("%", "%%") + ": %d" + inner + "}"
            )  # fmt: skip
            form = "{" + inner + ("," + inner).join([one] * len(value)) + breaks[level] + "}"
            alike[level, len(value), ka, kb] = form
        return form % tuple(args)

    def text(value: Any, level: int) -> str:
        """A value's whole text at `level`."""
        kind = type(value)
        if kind is dict:
            if level + 1 >= len(breaks):
                grow(level)
            if len(value) == 2:
                (ka, x), (kb, y) = value.items()
                if type(x) is int and type(y) is int and type(ka) is str and type(kb) is str:
                    return pairs[level] % (key_text(ka), x, key_text(kb), y)
            if not value:
                return "{}"
            first = next(iter(value.values()))
            if type(first) is dict and len(first) == 2:  # perhaps pairs keyed alike
                written = pairs_of(value, level, tuple(first))
                if written is not None:
                    return written
            keys = tuple(value)
            form = layouts.get((level, keys))
            if form is not None:  # keys met before: text, and the same layout
                return form % tuple(each(value.values(), level + 1))
            if not only_text(map(type, keys)):
                return _standard(value, level, ensure_ascii)
            if only_scalars(map(type, value.values())):
                return (
                    "{"
                    + breaks[level + 1]
                    + "".join(flat[level](value))[1:-1]
                    + breaks[level]
                    + "}"
                )
            deeper = level + 1
            texts = each(value.values(), deeper)
            if (level, keys) not in once:  # keys that may not come again: no layout
                once.add((level, keys))
                inner = breaks[deeper]
                keyed = [key_text(k) + ": " + t for k, t in zip(keys, texts, strict=True)]
                return "{" + inner + ("," + inner).join(keyed) + breaks[level] + "}"
            form = layout(level, keys)
            return form % tuple(texts)
        if kind is list or kind is tuple:
            if not value:
                return "[]"
            if level + 1 >= len(breaks):
                grow(level)
            inner = breaks[level + 1]
            if only_scalars(map(type, value)):
                return "[" + inner + "".join(flat[level](value))[1:-1] + breaks[level] + "]"
            texts = each(value, level + 1)
            return "[" + inner + ("," + inner).join(texts) + breaks[level] + "]"
        convert = scalars.get(kind)
        if convert is not None:
            return convert(value)
        return _standard(value, level, ensure_ascii)

    def walk(value: Any, level: int) -> Iterator[str]:
        """A value's text in pieces: a piece a key of the document, and a piece an item of a
        list in it (a season's games), so the whole text is never held at once."""
        kind = type(value)
        if level > 1 or not value or not (kind is dict or kind is list or kind is tuple):
            yield text(value, level)
            return
        if kind is dict and not only_text(map(type, value)):
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


def _flat_encoder(ensure_ascii: bool, item_separator: str) -> Callable[[Any], list[str]]:
    """The text of a flat container, in chunks, items separated by `item_separator`: the C
    encoder made once (``JSONEncoder.encode`` makes it again at every call), else the standard
    library's way."""
    if c_make_encoder is None:  # pragma: no cover - CPython has it
        encode = json.JSONEncoder(ensure_ascii=ensure_ascii, separators=(item_separator, ": "))
        return lambda value: [encode.encode(value)]
    strings = encode_basestring_ascii if ensure_ascii else encode_basestring
    made = c_make_encoder(None, None, strings, None, ": ", item_separator, False, False, True)
    return lambda value: made(value, 0)


def _encoder(ensure_ascii: bool, item_separator: str) -> Callable[[Any], str]:
    """`_flat_encoder`'s text in one string (a float's)."""
    chunks = _flat_encoder(ensure_ascii, item_separator)
    return lambda value: "".join(chunks(value))


def _standard(value: Any, level: int, ensure_ascii: bool) -> str:
    """`json.dumps` of a value, indented to its level (a string's newlines are escaped: each
    newline of the text is the layout's)."""
    text = json.dumps(value, indent=2, ensure_ascii=ensure_ascii)
    return text.replace("\n", "\n" + "  " * level) if level else text
