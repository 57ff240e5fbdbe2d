"""The one exception family of gintally.

Every refusal, from a bad card to an unreadable ledger, is a `GintallyError`. It is a
`ValueError`, so library users can catch it the usual way, and its message is the one line the
command line prints. The command line translates the family once, at its edge: `exit_code` is 2
for bad input (usage, unknown names, invalid cards, impossible results) and 1 for every other
failure (an unreadable, foreign, newer or locked database).

Text a message quotes (a name, a path, a stored value) is shown `visible`: its control and
invisible characters escaped, so that no message can drive the terminal showing it. A refusal
made in the command line's words (``--vs``) is said in a caller's by `reworded`: a program's
parameter (``vs``), an import file's column (``defender_deadwood``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable


class GintallyError(ValueError):
    """Base of every error gintally raises on purpose. Bad input unless a subclass says so."""

    exit_code = 2


class CardError(GintallyError):
    """A card or a hand of cards that cannot be: unknown token, duplicate, wrong size."""


class RuleError(GintallyError):
    """An unknown preset, an unknown rule knob or a value a knob does not take."""


class HandError(GintallyError):
    """A result that the rules forbid: a knock over the limit, a gin with deadwood, ..."""


class ParameterError(GintallyError):
    """A library call's argument of the wrong type or out of range: the message names the
    parameter (``vs must be a whole number, not 'x'``)."""


class NotFoundError(GintallyError):
    """An unknown player, match or hand."""


class WriteError(GintallyError):
    """A file could not be written whole (a full disk, no permission): nothing was left at the
    target. Not bad input, so exit code 1."""

    exit_code = 1


class LedgerError(GintallyError):
    """The ledger file cannot be used: damaged, foreign, newer, read-only or locked."""

    exit_code = 1


INVISIBLE = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))  # what a name may not hold


def visible(text: str) -> str:
    """`text` with its control and invisible characters written as escapes (``Ann\\x1b[2J``):
    how stored or typed text reaches a terminal in a refusal or a table, never raw."""
    if text.isprintable():
        return text
    return "".join(
        (repr(ch)[1:-1] if ch.isascii() or len(repr(ch)) > 3 else f"\\u{ord(ch):04x}")
        if unicodedata.category(ch) in INVISIBLE
        else ch
        for ch in text
    )


def reworded(message: str, name: Callable[[str], str]) -> str:
    """`message` with each option that stands alone in it (``--vs``, ``(--from``; never inside
    a word or a path, ``/tmp/a--b``) named as `name` says it, given the option without its
    dashes (``vs-cards``); a quoted value (``'--x'``) and a command to run (``gintally --db
    ...``) stay as written."""
    import re

    parts = re.split(r"('[^']*'|gintally [^()]*)", message)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"(?<![\w./-])--([a-z][a-z-]*)", lambda m: name(m[1]), parts[i])
    return "".join(parts)
