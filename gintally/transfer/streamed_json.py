"""A JSON file of hands read one element at a time (`json_sections`; the hands alone:
`json_hands`), so that an import holds one hand (or payment, or corrected hand's history) in
memory, not the document, whether it comes from a file or a pipe.

The document is ``{"match": {...}, "corrected": [...], "hands": [{...}, ...], "payments":
[...], "payments_taken_back": [...]}`` (keys in any order; all but ``hands`` may be missing)
or the list of hands alone. Its lists (`LISTS`) are read element by element and the match
whole; anything else is parsed and dropped. The whole document must still be valid JSON,
checked to its end, or the import is refused (the rows read so far are rolled back with the
rest). A value other than a list's element (the match's description) is read whole, up to
`VALUE_LIMIT` characters.

Terminology
- window: the part of the text held (`_Window`): read in `CHUNK` pieces from the source, the
  part already parsed dropped as it goes; positions in messages count from the file's start.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from gintally.errors import GintallyError

CHUNK = 1 << 16  # characters read at a time
VALUE_LIMIT = 64 << 20  # characters of one JSON value (a hand is a few hundred)
_SPACE = re.compile(r"[ \t\n\r]*")
_GOES_ON = re.compile(r"[0-9.eE+\-]*\Z")  # to the window's end: a number cut short?
_AFTER = re.compile(r"[ \t\n\r]*([,\]])[ \t\n\r]*")  # what follows a list's value


class DuplicateKey(ValueError):
    """An object of the document names `key` twice (json.loads would keep the last)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key!r} is given twice in one object")
        self.key = key


MAX_DIGITS = 100  # digits of a whole number (no number gintally reads has more than 20)


class HugeNumber(ValueError):
    """A whole number of more than `MAX_DIGITS` digits, the value of `key` (Python refuses to
    read one of more than 4,300, and none of gintally's values is near either)."""

    def __init__(self, key: str, digits: int) -> None:
        super().__init__(
            f"its {key!r} is a number of {digits:,} digits (at most {MAX_DIGITS} are read)"
        )
        self.key, self.digits = key, digits


class _Huge:
    """A whole number too long to read (`MAX_DIGITS`): named by the object holding it."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _int(text: str) -> int | _Huge:
    digits = len(text.lstrip("-"))
    return _Huge(digits) if digits > MAX_DIGITS else int(text)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's keys and values, each key once (`DuplicateKey` otherwise), none of them a
    whole number too long to read (`HugeNumber`)."""
    for key, value in pairs:
        if type(value) is _Huge:
            raise HugeNumber(key, value.digits)
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return out


# strict: a key twice is refused, and so is a whole number too long to read
_DECODER = json.JSONDecoder(object_pairs_hook=_unique, parse_int=_int)


def _names_trailing_commas() -> bool:
    """Whether this Python's json names a trailing comma (3.13: "Illegal trailing comma before
    end of array", at the comma) rather than what it expected after it."""
    try:
        json.loads("[1,]")
    except json.JSONDecodeError as e:
        return "trailing comma" in e.msg
    return False


_TRAILING_COMMA = _names_trailing_commas()


class _Window:
    """The text being parsed: `text[pos:]` not yet parsed, more read by `more` until the end.
    `name` is the source as messages name it."""

    def __init__(self, head: str, read: Callable[[int], str], name: str) -> None:
        self.text, self.pos, self.read, self.eof, self.name = head, 0, read, False, name
        self.base = 0  # the offset in the file of text[0]
        self.line, self.column = 1, 1  # where text[0] is: line and column (1-based)

    def more(self, keep: int | None = None) -> None:
        """Read another piece (as long as what is held, so that a long value is parsed again
        only a few times), dropping what was parsed (but from `keep` on)."""
        chunk = self.read(max(CHUNK, len(self.text) - self.pos))
        if not chunk:
            self.eof = True
        drop = self.pos if keep is None else min(self.pos, keep)
        done = self.text[:drop]
        lines = done.count("\n")
        if lines:
            self.line += lines
            self.column = len(done) - done.rindex("\n")
        else:
            self.column += len(done)
        self.base += drop
        self.text, self.pos = self.text[drop:] + chunk, self.pos - drop

    def skip_space(self, keep: int | None = None) -> str:
        """The next character that is not white space ("" at the end); the text from `keep` on
        stays in the window."""
        while True:
            self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.text) or self.eof:
                return self.text[self.pos : self.pos + 1]
            if keep is not None:
                keep -= self.base
                self.more(keep)
                keep += self.base
            else:
                self.more()

    def after_comma(self, closing: str, what: str) -> None:
        """Past a comma (just read) to the next value: a comma before the closing bracket is
        refused as json.loads refuses it (Python 3.13 names the comma; before, the bracket)."""
        comma = self.base + self.pos - 1
        if self.skip_space(keep=comma) == closing:
            if _TRAILING_COMMA:
                at, message = comma - self.base, f"Illegal trailing comma before end of {what}"
            elif closing == "]":
                at, message = self.pos, "Expecting value"
            else:
                at, message = self.pos, "Expecting property name enclosed in double quotes"
            raise self.error(message, at)

    def value(self) -> Any:
        """The JSON value at the next character that is not white space (read further while it
        is cut short)."""
        self.skip_space()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.text, self.pos)
            except json.JSONDecodeError as e:
                if self.eof:
                    raise self.error(e.msg, e.pos) from None
                if len(self.text) - self.pos > VALUE_LIMIT:
                    raise self.error(
                        f"a value longer than {VALUE_LIMIT:,} characters", self.pos
                    ) from None
                self.more()
                continue
            except RecursionError:
                raise GintallyError(
                    f"{self.name} is not a file of hands: it is nested too deeply"
                ) from None
            if not self.eof and _GOES_ON.match(self.text, end):
                self.more()  # a number at the end of the window may go on (0 | .5e3)
                continue
            self.pos = end
            return value

    def expect(self, wanted: str, what: str) -> str:
        found = self.skip_space()
        if not found or found not in wanted:
            raise self.error(f"Expecting {what}", self.pos)
        self.pos += 1
        return found

    def error(self, message: str, at: int) -> GintallyError:
        """Text that is not JSON at text[at], placed in the file as json's messages place it."""
        before = self.text[:at]
        lines = before.count("\n")
        line = self.line + lines
        column = at - before.rindex("\n") if lines else self.column + at
        return GintallyError(
            f"{self.name} is not valid JSON: {message}: line {line} column {column} "
            f"(char {self.base + at})"
        )

    def no_hands(self) -> GintallyError:
        return GintallyError(f'{self.name}: expected a list of hands under "hands"')


# The lists of a document read element by element (`json_sections`); "hands" must be there.
LISTS = ("corrected", "hands", "payments", "payments_taken_back")
VALUES = ("match",)  # the values read whole and given to the reader


def json_hands(head: str, read: Callable[[int], str], name: str) -> Iterator[Any]:
    """Each element of the document's list of hands (the caller checks that each is an
    object), the document read from `head` and then `read(n)` until it gives "". `name` is
    the source as messages name it. The other lists are read and dropped."""
    for key, items in json_sections(head, read, name):
        if key == "hands":
            yield from items


def json_sections(
    head: str, read: Callable[[int], str], name: str
) -> Iterator[tuple[str, Iterator[Any]]]:
    """The document's parts in the order it gives them, as (key, its elements): each list of
    `LISTS` element by element, each value of `VALUES` as one element; anything else is read
    and dropped. A part's elements are read as they are consumed, and those left unread are
    read (and checked) before the next part. A bare list is the hands."""
    window = _Window(head, read, name)
    first = window.skip_space()
    if first == "[":
        items = _elements(window)
        yield "hands", items
        for _ in items:
            pass
    elif first == "{":
        window.pos += 1
        seen: set[str] = set()
        if window.skip_space() == "}":
            window.pos += 1
        else:
            while True:
                if window.skip_space() != '"':
                    raise window.error(
                        "Expecting property name enclosed in double quotes", window.pos
                    )
                key = window.value()
                window.expect(":", "':' delimiter")
                if key in seen and key in (*LISTS, *VALUES):
                    raise GintallyError(f'{name}: the document names "{key}" twice')
                seen.add(key)
                if key in LISTS:
                    if window.skip_space() != "[":
                        window.value()
                        if key == "hands":
                            raise window.no_hands()
                        raise GintallyError(f'{name}: expected a list under "{key}"')
                    items = _elements(window)
                    yield key, items
                    for _ in items:
                        pass
                elif key in VALUES:
                    yield key, iter([window.value()])
                else:
                    window.value()
                if window.expect(",}", "',' delimiter") == "}":
                    break
                window.after_comma("}", "object")
        _end(window)
        if "hands" not in seen:
            raise window.no_hands()
    else:
        window.value()  # refused if it is not JSON
        _end(window)
        raise window.no_hands()
    _end(window)


def _elements(window: _Window) -> Iterator[Any]:
    """The values of a list, its opening bracket at the position. The inner loop of a JSON
    import: a value whose separator is in the window is taken at once; anything else (a value
    cut short by the window's end, an error) goes the careful way (`_Window.value`)."""
    window.pos += 1
    if window.skip_space() == "]":
        window.pos += 1
        return
    decode, after = _DECODER.raw_decode, _AFTER.match
    while True:
        text, pos = window.text, window.pos
        try:
            value, end = decode(text, pos)
            m = after(text, end)
        except (ValueError, RecursionError):
            m = None
        if m is None or m.end() >= len(text):
            value = window.value()
            closing = window.expect(",]", "',' delimiter") == "]"
            if not closing:
                window.after_comma("]", "array")
        else:
            closing = m.group(1) == "]"
            window.pos = m.end(1)
            if not closing:
                window.after_comma("]", "array")
        yield value
        if closing:
            return


def _end(window: _Window) -> None:
    """Nothing but white space may follow the document."""
    if window.skip_space():
        raise window.error("Extra data", window.pos)
