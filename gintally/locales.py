"""The reader's language, and money written as that language writes it. Pure but for `language`,
which reads the environment it is given (``os.environ`` by default).

Terminology
- language: a two-letter code gintally writes dates and money in: ``en`` (the default, also for
  ``C``, ``POSIX`` and any language not in `LANGUAGES`), ``de``, ``fr``, ``es``, ``it``, ``nl``:
  the languages whose month names `gintally.dates` reads. It comes from the environment as
  POSIX says a program finds its locale: ``LC_ALL``, then the category's own variable
  (``LC_MONETARY`` for money, ``LC_TIME`` for dates), then ``LANG``. gintally never calls
  `locale.setlocale`: only these names are read, so a locale the system has not generated still
  counts, and nothing else in the process changes.
- placement (`PLACES`): where a language writes the currency and which decimal mark it uses;
  a small table, not Babel (a 30 MB dependency for six rows). The rows are CLDR's standard
  currency patterns for each language's main country: English ``$4.50`` (and a code after:
  ``4.50 EUR``, as gintally has always written one); German, French, Spanish and Italian
  ``4,50 €`` (after, a space, a decimal comma); Dutch ``€ 4,50`` (before, a space, a decimal
  comma: CLDR's ``nl`` pattern ``¤ #,##0.00``). Regional variants (``de_CH``, ``fr_CA``) take their
  language's row. No thousands separator is added: gintally has never grouped digits, and a
  grouping dot beside a decimal comma is what `--stake 1.000,50` refuses.

Only text for people is placed (`placed`, `placed_in`); JSON documents keep plain digits and
ISO dates (and their ``text`` fields the English form).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import NamedTuple

LANGUAGES = ("en", "de", "fr", "es", "it", "nl")
DEFAULT = "en"


class Placement(NamedTuple):
    """How a language writes an amount: the currency `before` or after it, with a `space`
    between them or not, and its decimal `mark`."""

    before: bool
    space: bool
    mark: str


PLACES: dict[str, Placement] = {
    "en": Placement(before=True, space=False, mark="."),
    "de": Placement(before=False, space=True, mark=","),
    "fr": Placement(before=False, space=True, mark=","),
    "es": Placement(before=False, space=True, mark=","),
    "it": Placement(before=False, space=True, mark=","),
    "nl": Placement(before=True, space=True, mark=","),
}


def language_code(name: str | None) -> str:
    """The language of a locale name or language tag: ``de_DE.UTF-8``, ``de-AT``, ``fr``,
    ``nl_BE@euro`` -> ``de``, ``de``, ``fr``, ``nl``; ``en`` for None, ``C``, ``POSIX`` and any
    language gintally does not write."""
    if not name:
        return DEFAULT
    code = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def language(category: str = "LC_MONETARY", environ: Mapping[str, str] | None = None) -> str:
    """The reader's language for `category` (``LC_MONETARY``, ``LC_TIME``...), read from
    `environ` (default: the process's environment) in POSIX order: ``LC_ALL``, `category`,
    ``LANG``; the first one set and not empty decides."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", category, "LANG"):
        value = env.get(name)
        if value:
            return language_code(value)
    return DEFAULT


def placed(text: str, currency: str, lang: str | None = None) -> str:
    """An amount as gintally writes it in English (``$4.50``, ``-$0.40``, ``4.50 EUR``,
    ``0.05``: `gintally.engine.stakes.money` and `price`) written as `lang` writes it
    (``4,50 €`` in German, ``€ 4,50`` in Dutch); `lang` None: the reader's (`language`).
    English text comes back as it is; text in no known form comes back unchanged too."""
    where = PLACES[language_code(lang if lang is not None else language())]
    if where == PLACES[DEFAULT]:
        return text
    sign, rest = ("-", text[1:]) if text.startswith("-") else ("", text)
    if not currency:
        digits = rest
    elif rest.startswith(currency):
        digits = rest[len(currency) :]
    elif rest.endswith(" " + currency):
        digits = rest[: -len(currency) - 1]
    else:
        return text
    if not digits or not all(c.isdigit() or c == "." for c in digits):
        return text
    number = sign + digits.replace(".", where.mark)
    if not currency:
        return number
    gap = " " if where.space else ""
    return f"{currency}{gap}{number}" if where.before else f"{number}{gap}{currency}"


_NUMBER = r"\d+(?:\.\d+)?"


def placed_in(sentence: str, currency: str, lang: str | None = None) -> str:
    """A sentence about money written in English (``Ann owes Bob $32.20 since 2026-01-01.``),
    each amount in `currency` in it placed as `lang` writes it (`placed`): ``Ann owes Bob
    32,20 $ since 2026-01-01.``. Without a currency, the amounts are the numbers with
    decimals (a sentence about money writes its amounts at the currency's places; dates and
    points have none)."""
    lang = language_code(lang if lang is not None else language())
    if PLACES[lang] == PLACES[DEFAULT]:
        return sentence
    if not currency:
        pattern = r"(?<![\d.])-?\d+\.\d+(?!\.?\d)"
    else:
        c = re.escape(currency)
        pattern = rf"-?{c}{_NUMBER}(?!\.?\d)|(?<![\d.])-?{_NUMBER} {c}(?!\w)"
    return re.sub(pattern, lambda m: placed(m.group(), currency, lang), sentence)
