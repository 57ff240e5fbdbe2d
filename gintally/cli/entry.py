"""The entry line of ``gintally play``: a command typed without ``gintally``, read.

A line is a command's words as the command line takes them (``knock Ann 8 --vs 18``,
``gin Bob --vs 30``, ``undo``, ``edit 3 --vs 20``, ``void 2``, ``show``, ``pay Bob Ann 4``,
``settle``), or a short form a
player can type with one hand: ``k ann 8 18``, ``g bob 30``, ``u``. Command words and option
names are case-blind (and player names, as everywhere). The hand commands and their
parameters are the variants' declarations (`gintally.game.variants`), as for the command line
and the library; `complete` finishes a word for the screen's Tab key.

Terminology
- short form: a command's short word (`SHORT`), and a hand command's values given in their
  declared order without their option names (its arguments, then the options that take a
  count: ``--vs``, Mahjong's ``--table`` and ``--vs-table``): ``k ann 8 18`` is
  ``knock ann 8 --vs 18``, as the library's ``match.knock("ann", 8, 18)``. The values are
  then read as the command line reads its text (`record.values`).
- entry (`Entry`): a line read: the command, its positionals and its options by parameter name
  (a repeated option, ``--deadwood``, as a list).
"""

from __future__ import annotations

import shlex
from typing import Any

from gintally.errors import GintallyError
from gintally.facade.typed import EDITED
from gintally.game.variants import HAND_OPTIONS, Variant

SHORT = {
    "k": "knock",
    "g": "gin",
    "bg": "big-gin",
    "d": "draw",
    "m": "misdeal",
    "sc": "score",
    "u": "undo",
    "r": "redo",
    "v": "void",
    "e": "edit",
    "s": "show",
    "h": "hands",
    "st": "standings",
    "?": "help",
    "q": "quit",
    "exit": "quit",
}
# The hand options (but --match: the evening is one match's), as the variants declare them.
HAND_FLAGS = {s: o.name for o in HAND_OPTIONS if o.name != "match" for s in o.spellings}
READS = {
    "show": {"--all": "all"},
    "hands": {"--last": "last", "-n": "last", "--year": "year", "--all": "all"},
    "standings": {"--year": "year"},
    "settle": {"--since": "since"},
}
PAY_FLAGS = {"--date": "date", "-d": "date", "--note": "note"}
# options without a value (a hand option's: --back-date)
SWITCHES = frozenset({"all", *(o.name for o in HAND_OPTIONS if o.read == "switch")})
# What `edit` changes (`typed.EDITED`, each spelled as its option), why, and the hand options.
EDIT_FLAGS = {
    **{"--" + name.replace("_", "-"): name for name in EDITED},
    "--reason": "reason",
    **{s: name for s, name in HAND_FLAGS.items() if name not in SWITCHES},  # not --back-date
}
# The corrections, in the order `help` lists them: what each takes by position.
CORRECTIONS = {"undo": 0, "redo": 0, "void": 1, "restore": 1, "edit": 1}
REPEATED = frozenset({"deadwood"})  # a drawn hand's --deadwood PLAYER=N, given once a player


class Entry:
    """A line read (see the module's Terminology)."""

    __slots__ = ("options", "positionals", "word")

    def __init__(self, word: str, positionals: list[str], options: dict[str, Any]) -> None:
        self.word, self.positionals, self.options = word, positionals, options


def hand_commands() -> list[str]:
    """Every hand command's word: the core ones and each variant's own."""
    from gintally.game import variants

    return [c.name for c in variants.commands()]


def words() -> list[str]:
    """Every command word the entry line takes, in the order `help` lists them."""
    return [
        *hand_commands(),
        *CORRECTIONS,
        "pay",
        *READS,
        "help",
        "quit",
    ]


def flags_of(word: str) -> dict[str, str]:
    """A command's options (spelling -> parameter name)."""
    from gintally.game import variants

    if word in READS:
        return READS[word]
    if word in ("void", "restore"):
        return {"--reason": "reason"}
    if word == "pay":
        return PAY_FLAGS
    if word == "edit":
        own = {o.flag: o.name for o in variants.variant_options() if o.flag}
        return {**EDIT_FLAGS, **own}
    if word in hand_commands():
        return {**{o.flag: o.name for o in variants.options_of(word) if o.flag}, **HAND_FLAGS}
    return {}


def parse(line: str) -> Entry | None:
    """A line read, or None for a blank one; a line that cannot be read is refused naming what
    is wrong (an unknown command or option, an option without its value)."""
    try:
        tokens = shlex.split(line)
    except ValueError as e:
        raise GintallyError(f"cannot read the line: {e}") from None
    if not tokens:
        return None
    typed = tokens[0].casefold()
    word = SHORT.get(typed, typed)
    if word not in words():
        raise GintallyError(f"no command {tokens[0]!r}: type help for the commands")
    flags = flags_of(word)
    positionals: list[str] = []
    options: dict[str, Any] = {}
    rest = iter(tokens[1:])
    for token in rest:
        if not token.startswith("-") or _number(token):
            positionals.append(token)
            continue
        name, eq, value = token.partition("=")
        param = flags.get(name.casefold())
        if param is None:
            raise GintallyError(f"{word} has no option {name!r}")
        if param in SWITCHES:
            options[param] = True
            continue
        if not eq:
            given = next(rest, None)
            if given is None:
                raise GintallyError(f"{name} needs a value")
            value = given
        if param in REPEATED:
            options.setdefault(param, []).append(value)
        elif param in options:
            raise GintallyError(f"{name} is given twice")
        else:
            options[param] = value
    return Entry(word, positionals, options)


def _number(token: str) -> bool:
    """A negative number typed as a value (``-5``), not an option."""
    return token[1:].isdigit()


def hand_raw(entry: Entry, variant: Variant | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A hand command's parameters as typed (the positionals fill its arguments and counted
    options in their declared order; the options by name) and its hand options
    (`HAND_FLAGS`); `variant`: the match's, whose counts the positionals are."""
    from gintally.game import variants

    declared = variants.options_of(entry.word)
    reads = {o.name: o.read for o in declared}
    raw: dict[str, Any] = {}
    for name, value in variants.by_position(entry.word, entry.positionals, variant).items():
        raw[name] = [value] if reads[name] == "deadwoods" else value
    shared = set(HAND_FLAGS.values())
    for name, value in entry.options.items():
        if name in shared:
            continue
        if name in raw:
            raise GintallyError(f"{entry.word}: {name.replace('_', '-')} is given twice")
        raw[name] = value
    for option in declared:
        if option.required and raw.get(option.name) is None:
            raise GintallyError(f"{entry.word} needs {option.what or option.name.upper()}")
    return raw, {k: entry.options.get(k) for k in dict.fromkeys(HAND_FLAGS.values())}


def complete(text: str, names: list[str], variant: Variant | None = None) -> tuple[str, list[str]]:
    """The line `text` with its last word finished as far as it is one thing (a command word
    first, then a player's name or an option: of a hand command, one that applies in a match
    of `variant`), and every choice it could still be. A word finished is followed by a
    space, and so is an option that is whole and begins the others (``--v``: ``--vs `` of
    ``--vs`` and ``--vs-cards``, whose choices are said)."""
    head, _, last = text.rpartition(" ")
    if not head.strip():
        choices = [w for w in [*words(), *SHORT] if w.startswith(last.casefold())]
        choices = sorted({SHORT.get(w, w) for w in choices}, key=words().index)
    elif last.startswith("-"):
        word = SHORT.get(head.split()[0].casefold(), head.split()[0].casefold())
        flags = flags_of(word)
        if word in hand_commands():
            flags = {f: n for f, n in flags.items() if _applies(word, f, variant)}
        choices = sorted(f for f in flags if f.startswith(last) and f.startswith("--"))
    else:
        choices = [n for n in names if n.casefold().startswith(last.casefold())]
    if not choices:
        return text, []
    done = _common(choices) if len(choices) > 1 else choices[0] + " "
    if last.startswith("-") and done in choices:  # a whole option the others go on from
        done += " "
    if len(done.rstrip()) < len(last):
        done = last
    return (f"{head} " if head else "") + done, choices


def _applies(word: str, flag: str, variant: Variant | None) -> bool:
    """Whether hand command `word`'s option spelled `flag` applies (`variants.applies`)."""
    from gintally.game import variants

    declared = (*variants.options_of(word), *HAND_OPTIONS)
    return any(variants.applies(word, o, variant) for o in declared if flag in o.spellings)


def _common(choices: list[str]) -> str:
    """The longest beginning every choice shares (case-blind, spelled as the first)."""
    first = choices[0]
    size = len(first)
    for other in choices[1:]:
        size = min(size, len(other))
        for i in range(size):
            if first[i].casefold() != other[i].casefold():
                size = i
                break
    return first[:size]
