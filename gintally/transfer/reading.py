"""Reading an import file: its rows as mappings (`read_rows`) or, for the import's inner loop, the
header and the raw rows (`raw_rows`: a CSV file read as it is consumed; JSON parsed whole).
Only a regular file is read: a device or a pipe may never end."""

from __future__ import annotations

import csv
import json
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from gintally.errors import GintallyError
from gintally.transfer.export import REQUIRED


def read_rows(path: Path) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """(row number, row) from a CSV or JSON file; row 1 is the first hand."""
    header, rows = raw_rows(path)
    if header is None:
        yield from rows  # JSON: the rows are mappings already
        return
    for i, values in rows:
        yield i, dict(zip(header, (v.strip() for v in values), strict=True))


def raw_rows(path: Path) -> tuple[list[str] | None, Iterator[tuple[int, Any]]]:
    """The header (None for JSON) and the rows of a file. For CSV: (row number, the values as
    written, in header order, a short row filled with empty values), read from the file as
    they are consumed (a file of a million hands is never held whole). For JSON: (row number,
    mapping)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a device or pipe may never end
        raise GintallyError(f"cannot read {path}: it is not a regular file (a device or a pipe)")
    try:
        f = path.open(encoding="utf-8-sig", newline="")
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        head = f.read(4096)
        f.seek(0)
    except OSError as e:
        f.close()
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        head = ""  # found again, and reported, where it is read
        f.seek(0)
    if path.suffix.lower() == ".json" or head.lstrip().startswith(("{", "[")):
        with f:
            text = _read(path, f.read)
        return None, _json_rows(path, text)
    # strict: a quote left open is an error at the end of the file, not a note that swallows
    # every row after it. A field over the csv module's limit (131,072 characters) is an error.
    reader = csv.reader(f, strict=True)
    try:
        first = _read(path, lambda: next(reader, []))
    except csv.Error as e:
        f.close()
        raise _csv_error(path, e) from None
    except BaseException:
        f.close()
        raise
    header = [h.strip().lower() for h in first]
    twice = sorted({h for h in header if header.count(h) > 1})
    problem = None
    if twice:
        problem = f"{path}: the header names column {twice[0]!r} twice"
    missing = [c for c in REQUIRED if c not in header]
    if missing and not problem:
        problem = (
            f"{path}: the header lacks column(s) {', '.join(missing)} "
            f"(required: {', '.join(REQUIRED)})"
        )
    if problem:
        f.close()
        raise GintallyError(problem)
    return header, _csv_rows(path, f, reader, len(header))


def _read(path: Path, read: Any) -> Any:
    try:
        return read()
    except OSError as e:
        raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise GintallyError(f"cannot read {path}: it is not UTF-8 text") from None


def _json_rows(path: Path, text: str) -> Iterator[tuple[int, Mapping[str, Any]]]:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise GintallyError(f"{path} is not valid JSON: {e}") from None
    except RecursionError:
        raise GintallyError(f"{path} is not a file of hands: it is nested too deeply") from None
    hands = data.get("hands") if isinstance(data, dict) else data
    if not isinstance(hands, list):
        raise GintallyError(f'{path}: expected a list of hands under "hands"')
    for i, row in enumerate(hands, 1):
        if not isinstance(row, dict):
            raise GintallyError(f"row {i} of {path.name}: a hand must be an object")
        yield i, row


def _csv_rows(path: Path, f: Any, reader: Any, width: int) -> Iterator[tuple[int, list[str]]]:
    with f:
        i = 0
        try:
            for raw in reader:
                if not raw:
                    continue  # a blank line (DictReader skipped them too)
                i += 1
                if len(raw) > width:
                    raise GintallyError(f"row {i} of {path.name}: more fields than the header has")
                if len(raw) < width:
                    raw += [""] * (width - len(raw))
                yield i, raw
        except csv.Error as e:
            raise _csv_error(path, e) from None
        except OSError as e:
            raise GintallyError(f"cannot read {path}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise GintallyError(f"cannot read {path}: it is not UTF-8 text") from None


def _csv_error(path: Path, e: csv.Error) -> GintallyError:
    if "end of data" in str(e):
        why = "a quote is never closed (the rest of the file would be one field)"
    else:
        why = str(e)
    return GintallyError(f"{path} is not valid CSV: {why}")
