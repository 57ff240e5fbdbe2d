"""Reading an import file: its rows as mappings (`read_rows`) or, for the import's inner loop, the
header and the raw rows (`raw_rows`), read as they are consumed, CSV and JSON alike.

Terminology
- source: a file, or `STDIN` (``-``): standard input, which may be a pipe. Each is read once,
  from start to end, never sought: a pipe cannot go back. The first few kilobytes (the head, to
  tell JSON from CSV and to sniff the delimiter) are kept and read again from memory.
- spreadsheet CSV: a CSV file as a spreadsheet saves it: its delimiter sniffed from the header
  line (``,``, ``;`` as in a day-first locale, or a tab), a UTF-8 byte order mark skipped, header
  names matched case-blind and by their usual names (`SYNONYMS`: ``Winner``, ``Points``,
  ``Score``, ``Notes``...), unnamed columns and rows with every cell empty ignored. A file without
  a ``kind`` column holds plain results: each row is a ``score`` (winner and points as written).

A device (``/dev/zero``) and a named pipe (which waits for a writer) are refused; standard input
and an open pipe (``/dev/stdin``, ``<(...)``) are read. Memory stays bounded whatever comes in:
CSV is read line by line, and JSON hand by hand (`streamed_json`).

Limits (a clear refusal, never a split or an endless wait; no honest household file comes near):
- `LINE_LIMIT` characters in one line of CSV: a longer line is refused, never cut, so the records
  are the ones Python's csv module reads (a line cut in two would be two records).
- `MAX_ROWS` rows in a source, all its parts together (hands, corrected hands, payments; a
  CSV's blank lines count, so endless blank lines end there too): a lifetime of evenings is
  some tens of thousands.
- `MAX_CHARS` characters read from a source (1 GiB): an endless pipe (a header and rows that never
  stop, ``{`` and white space for ever) is refused when it passes them.
- `MAX_COLUMNS` columns in a CSV header: every row is read at the header's width (a short row
  filled), so a header of a million columns would make each row of three values cost a
  million.

Strict JSON: an object naming a key twice is refused, naming the key and the row (json.loads would
keep the last); so is a payment whose uid an earlier payment of the file has, stating another
payment (one uid, one fact)."""

from __future__ import annotations

import codecs
import contextlib
import csv
import functools
import io
import itertools
import os
import stat
import sys
from collections.abc import Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from gintally.errors import GintallyError
from gintally.transfer.streamed_json import DuplicateKey, HugeNumber, json_sections

STDIN = "-"
NEEDED = ("date", "winner", "points")  # a header's columns; kind defaults to a plain result
PLAIN_KIND = "score"
HEAD = 4096  # characters read first: enough for the header line and a few rows
LINE_LIMIT = 16 << 20  # characters in one line of CSV (a hand's row is under a hundred)
MAX_ROWS = 2_000_000  # rows of a source, every part together
MAX_CHARS = 1 << 30  # characters read from a source (1 GiB)
MAX_COLUMNS = 256  # columns a header may name (a hand's are under 20; a spreadsheet adds some)
DELIMITERS = (",", ";", "\t")  # in the order a tie is broken
# A header name as spreadsheets write it -> the column it is (after lower case, spaces and
# hyphens as underscores).
SYNONYMS = {
    **dict.fromkeys(("day", "when", "played", "played_on", "date_played"), "date"),
    **dict.fromkeys(("won_by", "who_won", "winning_player"), "winner"),
    **dict.fromkeys(("score", "pts", "points_won", "hand_points"), "points"),
    **dict.fromkeys(("type", "how", "outcome", "result", "hand_type"), "kind"),
    **dict.fromkeys(("knocked", "knocked_by"), "knocker"),
    **dict.fromkeys(("dealt_by",), "dealer"),
    **dict.fromkeys(("up_card",), "upcard"),
    **dict.fromkeys(("notes", "comment", "comments", "remark", "remarks", "memo"), "note"),
}


def shown(path: Path) -> str:
    """The source as messages name it."""
    return "standard input" if str(path) == STDIN else str(path)


def source_name(path: Path) -> str:
    """The source's name (a file's name without its folder), as an import records it: bytes
    of a name that are not UTF-8 (a POSIX name read as surrogates, which no text can store)
    written ``\\xe9``."""
    if str(path) == STDIN:
        return "standard input"
    return os.fsencode(path.name).decode("utf-8", "backslashreplace")


def read_rows(path: Path) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """(row number, row) from a CSV or JSON file; row 1 is the first hand."""
    header, rows = raw_rows(path)
    if header is None:
        yield from rows  # JSON: the rows are mappings already
        return
    for i, values in rows:
        yield i, dict(zip(header, (v.strip() for v in values), strict=True))


def raw_rows(path: Path) -> tuple[list[str] | None, Iterator[tuple[int, Any]]]:
    """The header (None for JSON) and the rows of a source. For CSV: (row number, the values as
    written, in header order, a short row filled with empty values, a file without ``kind``
    given it as the last column), read as they are consumed (a file of a million hands is never
    held whole). For JSON: (row number, mapping); its other parts are read and dropped."""
    header, parts = raw_sections(path)
    return header, _hands_of(parts)


def _hands_of(parts: Iterator[tuple[str, Iterator[tuple[int, Any]]]]) -> Iterator[tuple[int, Any]]:
    for key, rows in parts:
        if key == "hands":
            yield from rows


Part = tuple[str, Iterator[tuple[int, Any]]]  # a source's part: its key, (number, element)s


def raw_sections(path: Path) -> tuple[list[str] | None, Iterator[Part]]:
    """The header (None for JSON) and the parts of a source, in the order it gives them: a
    CSV file is one, ``hands`` (its rows as `raw_rows` gives them); a JSON document's lists and
    its match (`streamed_json.json_sections`), each element numbered from 1 and checked to be
    an object. Each part is read as it is consumed, before the next."""
    f = _open(path)
    budget = _Budget(path)
    try:
        head = _read(path, lambda: f.read(HEAD))
        budget.read(len(head))
        if _utf16(head[:200]):  # read as UTF-8, the NUL of each ASCII letter's two bytes
            raise _not_utf8(path, nul=True)
        if path.suffix.lower() == ".json" or head.lstrip().startswith(("{", "[")):
            # JSON is read as it comes, not by lines (a document may be one long line)
            return None, _json_parts(path, f, head, budget)
        if head and not head.endswith(("\n", "\r")):
            head += _line(path, f, budget, len(head.splitlines()))  # the last line whole
    except BaseException:
        f.close()
        raise
    first_line = head.splitlines()[0] if head else ""
    # strict: a quote left open is an error at the end of the file, not a note that swallows
    # every row after it. A field over the csv module's limit (131,072 characters) is an error.
    lines = itertools.chain(io.StringIO(head, newline=""), _lines(path, f, budget, head))
    reader = csv.reader(lines, delimiter=_delimiter(first_line), strict=True)
    try:
        first = _read(path, lambda: next(reader, []))
        header, fill = _header(path, first)
    except csv.Error as e:
        f.close()
        raise _csv_error(path, e) from None
    except BaseException:
        f.close()
        raise
    return header, iter([("hands", _csv_rows(path, f, reader, len(first), fill, budget))])


def _size(chars: int) -> str:
    """A limit as people say it: ``1 GiB``, ``16 MiB``."""
    return f"{chars >> 30} GiB" if chars >= 1 << 30 else f"{chars >> 20} MiB"


class _Budget:
    """What a source may still give: `MAX_CHARS` characters and `MAX_ROWS` rows in all."""

    def __init__(self, path: Path) -> None:
        self.path, self.chars, self.rows = path, 0, 0

    def read(self, n: int) -> None:
        self.chars += n
        if self.chars > MAX_CHARS:
            raise GintallyError(
                f"{shown(self.path)} goes on past {MAX_CHARS:,} characters "
                f"({_size(MAX_CHARS)}), the most an import reads: split it, or check that it is "
                f"the file meant"
            )

    def row(self) -> None:
        self.rows += 1
        if self.rows > MAX_ROWS:
            raise GintallyError(
                f"{shown(self.path)} goes on past {MAX_ROWS:,} rows, the most an import reads: "
                f"split it, or check that it is the file meant"
            )


def _line(path: Path, f: TextIO, budget: _Budget, number: int) -> str:
    """The next line of `f` whole (line `number` of the file, for a message): one longer than
    `LINE_LIMIT` is refused, never cut (a cut line would be read as two records)."""
    line: str = _read(path, lambda: f.readline(LINE_LIMIT + 1))
    budget.read(len(line))
    if len(line) > LINE_LIMIT and not line.endswith(("\n", "\r")):
        raise GintallyError(
            f"line {number} of {source_name(path)} is longer than {LINE_LIMIT:,} characters "
            f"({_size(LINE_LIMIT)}): a CSV line of hands is under a hundred"
        )
    return line


def _lines(path: Path, f: TextIO, budget: _Budget, head: str) -> Iterator[str]:
    """The lines after the head, each whole (`_line`)."""
    number = len(head.splitlines()) + 1
    while line := _line(path, f, budget, number):
        yield line
        number += 1


def _open(path: Path) -> TextIO:
    """The source opened as UTF-8 text (a byte order mark skipped); a device or a named pipe
    refused."""
    if str(path) == STDIN:
        return _stdin()
    try:
        st = os.stat(path)
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode) or _open_pipe(st)):
        # a device may never end; a named pipe waits for a writer
        raise GintallyError(f"cannot read {path}: it is not a regular file (a device or a pipe)")
    try:
        return path.open(encoding="utf-8-sig", newline="")
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None


def _stdin() -> TextIO:
    """Standard input as text: a pipe, a socket or a file redirected into it; a terminal or a
    device is refused."""
    stream = sys.stdin
    if stream is None:
        raise GintallyError("cannot read standard input: there is none")
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # a stream in memory (a test's input)
        return io.TextIOWrapper(stream.buffer, encoding="utf-8-sig", newline="")
    mode = os.fstat(fd).st_mode
    if os.isatty(fd):
        raise GintallyError(
            "- reads the hands from standard input, which is a terminal here: "
            "pipe a file in (... | gintally import -) or name the file"
        )
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise GintallyError("cannot read standard input: it is a device, not a file or a pipe")
    return open(fd, encoding="utf-8-sig", newline="", closefd=False)


@functools.cache
def _pipe_device() -> int:
    """The device number of the system's unnamed pipes."""
    r, w = os.pipe()
    try:
        return os.fstat(r).st_dev
    finally:
        os.close(r)
        os.close(w)


def _open_pipe(st: os.stat_result) -> bool:
    """Whether `st` is an unnamed pipe (``/dev/stdin`` of ``... |``, a shell's ``<(...)``): one
    already open, with a writer, unlike a named pipe made in a folder."""
    return stat.S_ISFIFO(st.st_mode) and st.st_dev == _pipe_device()


def _delimiter(line: str) -> str:
    """The delimiter a header line uses: the most frequent of `DELIMITERS` outside quotes
    (a comma when there is none)."""
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(DELIMITERS, key=counts.__getitem__)
    return best if counts[best] else ","


def column_of(name: str) -> str:
    """The column a header name stands for: case-blind, spaces and hyphens as underscores, a
    spreadsheet's usual name (`SYNONYMS`) as ours."""
    key = "_".join(name.strip().lower().replace("-", " ").split())
    return SYNONYMS.get(key, key)


def _header(path: Path, written: list[str]) -> tuple[list[str], list[str]]:
    """The columns a header names (an unnamed one as ``(N)``, ignored) and the values a short
    row is filled with (empty; ``score`` for the ``kind`` a file without it is given)."""
    if len(written) > MAX_COLUMNS:  # each row is read at the header's width
        raise GintallyError(
            f"{shown(path)}: the header names {len(written):,} columns, and an import reads "
            f"at most {MAX_COLUMNS} (a row of hands has under 20): check that it is the file meant"
        )
    header = [column_of(h) or f"({k})" for k, h in enumerate(written, 1)]
    twice = sorted({h for h in header if header.count(h) > 1})
    if twice:
        names = [w.strip() for w, h in zip(written, header, strict=True) if h == twice[0]]
        also = f" ({', '.join(map(repr, names))})" if len(set(names)) > 1 else ""
        raise GintallyError(f"{shown(path)}: the header names column {twice[0]!r} twice{also}")
    missing = [c for c in NEEDED if c not in header]
    if missing:
        found = [repr(w.strip()[:40]) for w in written if w.strip()]
        has = ", ".join(found[:12]) + (f" and {len(found) - 12} more" if len(found) > 12 else "")
        raise GintallyError(
            f"{shown(path)}: the header lacks column(s) {', '.join(missing)}: "
            + (f"it names {has}" if found else "it is empty")
            + f" (required: {', '.join(NEEDED)}; kind and the others are optional)"
        )
    fill = [""] * len(header)
    if "kind" not in header:
        header.append("kind")
        fill.append(PLAIN_KIND)
    return header, fill


def _read(path: Path, read: Any) -> Any:
    try:
        return read()
    except OSError as e:
        raise GintallyError(f"cannot read {shown(path)}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise _not_utf8(path) from None


def _utf16(text: str) -> bool:
    """Whether `text`, read as UTF-8, is UTF-16 without its byte order mark: every other
    character a NUL, and none of the others."""
    for nuls, letters in ((text[1::2], text[0::2]), (text[0::2], text[1::2])):
        if nuls and nuls.count("\x00") == len(nuls) and "\x00" not in letters:
            return True
    return False


def _not_utf8(path: Path, nul: bool = False) -> GintallyError:
    """The refusal of a source that is not UTF-8 text, naming UTF-16 when it is that (a byte
    order mark of UTF-16 first, or, with `nul`, UTF-16 without one: `_utf16`),
    and how to save it: a JSON document as UTF-8, a CSV file as a spreadsheet's CSV UTF-8."""
    bom = b""
    if not nul and str(path) != STDIN and path.is_file():  # never a pipe: read once
        with contextlib.suppress(OSError), path.open("rb") as f:
            bom = f.read(2)
    if nul or bom in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        what = "it is UTF-16 text, not UTF-8"
    else:
        what = "it is not UTF-8 text"
    how = (
        "save it as UTF-8"
        if path.suffix.lower() == ".json"
        else "a spreadsheet saves it as CSV UTF-8"
    )
    return GintallyError(f"cannot read {shown(path)}: {what} ({how})")


# what an element of a JSON source's part is called in a message
_ELEMENT = {
    "hands": ("row {i}", "a hand"),
    "corrected": ("corrected hand {i}", "a corrected hand"),
    "payments": ("payment {i}", "a payment"),
    "payments_taken_back": ("payment taken back {i}", "a payment"),
    "match": ("the match", "the match"),
}


def _json_parts(path: Path, f: TextIO, head: str, budget: _Budget) -> Iterator[Part]:
    """The parts of a JSON source, their elements read one at a time (`streamed_json`)."""

    def read(n: int) -> str:
        text: str = _read(path, lambda: f.read(n))
        budget.read(len(text))
        return text

    payments: dict[str, Any] = {}  # uid -> the payment the file states under it
    with f:
        try:
            for key, elements in json_sections(head, read, shown(path)):
                yield key, _objects(path, key, elements, budget, payments)
        except DuplicateKey as e:  # in the document's own object, or its match
            raise GintallyError(
                f"{shown(path)}: the key {e.key!r} is given twice in one object (which one is "
                f"meant?)"
            ) from None
        except HugeNumber as e:
            raise GintallyError(f"{shown(path)}: {e}") from None


def _objects(
    path: Path, key: str, elements: Iterator[Any], budget: _Budget, payments: dict[str, Any]
) -> Iterator[tuple[int, Any]]:
    where, what = _ELEMENT[key]
    i = 0
    while True:
        i += 1
        try:
            element = next(elements)
        except StopIteration:
            return
        except DuplicateKey as e:
            raise GintallyError(
                f"{where.format(i=i)} of {source_name(path)}: the key {e.key!r} is given twice "
                f"in one object (which one is meant?)"
            ) from None
        except HugeNumber as e:
            raise GintallyError(f"{where.format(i=i)} of {source_name(path)}: {e}") from None
        if key == "match" and not isinstance(element, dict):
            continue  # a document's own description of its match: only an export's is read
        if not isinstance(element, dict):
            raise GintallyError(
                f"{where.format(i=i)} of {source_name(path)}: {what} must be an object"
            )
        budget.row()
        if key in ("payments", "payments_taken_back"):
            _one_fact(path, where.format(i=i), element, payments)
        yield i, element


_PAYMENT_FACT = ("date", "from", "to", "amount", "note")  # what a payment states


def _stated(key: str, value: Any) -> str:
    """A payment's value as compared: its text, an amount by its value (``5.00`` is ``5``)."""
    text = str(value or "").strip()
    if key == "amount":
        try:
            return str(Decimal(text).normalize()) if Decimal(text).is_finite() else text
        except ArithmeticError:
            return text
    return text


def _one_fact(path: Path, where: str, row: dict[str, Any], seen: dict[str, Any]) -> None:
    """A payment whose uid an earlier payment of the file has must state the same payment (a
    payment taken back is listed again, unchanged); one uid stating two is refused."""
    uid = str(row.get("uid") or "").strip().lower()
    if not uid:
        return  # the row's own check names a missing uid
    fact = tuple(_stated(k, row.get(k)) for k in _PAYMENT_FACT)
    before = seen.setdefault(uid, fact)
    if before != fact:
        differs = next(k for k, a, b in zip(_PAYMENT_FACT, before, fact, strict=True) if a != b)
        raise GintallyError(
            f"{where} of {source_name(path)}: its uid {uid} is an earlier payment's, with "
            f"another {differs} ({before[_PAYMENT_FACT.index(differs)]!r}, here "
            f"{fact[_PAYMENT_FACT.index(differs)]!r}): one uid is one payment"
        )


def _csv_rows(
    path: Path, f: TextIO, reader: Any, width: int, fill: list[str], budget: _Budget
) -> Iterator[tuple[int, list[str]]]:
    """The rows of a CSV source: at most `width` values (the header's), filled to the
    header's columns from `fill`; a row of empty cells (a spreadsheet's) is skipped."""
    with f:
        i = 0
        full = len(fill)
        try:
            for raw in reader:
                budget.row()  # a blank line counts: endless blank lines end at the limit
                if not any(raw):
                    continue  # a blank line (DictReader skipped them too), or empty cells
                i += 1
                if len(raw) > width:
                    raise GintallyError(
                        f"row {i} of {source_name(path)}: more fields than the header has"
                    )
                if len(raw) < full:
                    raw += fill[len(raw) :]
                yield i, raw
        except csv.Error as e:
            raise _csv_error(path, e) from None
        except OSError as e:
            raise GintallyError(f"cannot read {shown(path)}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise _not_utf8(path) from None


def _csv_error(path: Path, e: csv.Error) -> GintallyError:
    if "end of data" in str(e):
        why = "a quote is never closed (the rest of the file would be one field)"
    else:
        why = str(e)
    return GintallyError(f"{shown(path)} is not valid CSV: {why}")
