"""The reader's language (issue 36): dates written in full as each language writes them
(`format_date`), and money placed as the language places its currency (`placed`), the language
read from LC_ALL, then the category's variable, then LANG."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from conftest import as_json, ok
from gintally.dates import MONTH_NAMES, format_date, parse_date
from gintally.locales import LANGUAGES, PLACES, language, language_code, placed


@pytest.mark.parametrize(
    ("lang", "third_may", "first_march"),
    [
        (None, "3 May 2026", "1 March 2026"),
        ("en", "3 May 2026", "1 March 2026"),
        ("de", "3. Mai 2026", "1. März 2026"),
        ("de_AT.UTF-8", "3. Mai 2026", "1. März 2026"),
        ("fr", "3 mai 2026", "1er mars 2026"),
        ("es", "3 de mayo de 2026", "1 de marzo de 2026"),
        ("it", "3 maggio 2026", "1 marzo 2026"),
        ("nl_BE@euro", "3 mei 2026", "1 maart 2026"),
        ("pt_BR.UTF-8", "3 May 2026", "1 March 2026"),  # not a language gintally writes
        ("C", "3 May 2026", "1 March 2026"),
    ],
)
def test_a_date_is_written_as_its_reader_writes_it(
    lang: str | None, third_may: str, first_march: str
) -> None:
    assert format_date(date(2026, 5, 3), lang) == third_may
    assert format_date(date(2026, 3, 1), lang) == first_march


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_written_date_reads_back(lang: str) -> None:
    today = date(2026, 12, 31)
    for month in range(1, 13):
        for day in (1, 9, 28):
            d = date(2026, month, day)
            assert parse_date(format_date(d, lang), today) == d
    assert set(MONTH_NAMES) == set(LANGUAGES) == set(PLACES)


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_MONETARY": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8", "LC_MONETARY": "fr_FR", "LC_ALL": "nl_NL"}, "nl"),
        ({"LANG": "es_ES.UTF-8", "LC_ALL": ""}, "es"),  # an empty variable is not set
        ({"LANG": "en_GB.UTF-8", "LC_TIME": "it_IT.UTF-8"}, "en"),  # another category
    ],
)
def test_the_language_is_read_in_posix_order(env: dict[str, str], lang: str) -> None:
    assert language("LC_MONETARY", env) == lang


def test_language_codes() -> None:
    assert language_code("de-CH") == "de"
    assert language_code("FR_ca.ISO8859-1") == "fr"
    assert language_code("POSIX") == "en"
    assert language_code("") == "en"


@pytest.mark.parametrize(
    ("text", "currency", "lang", "out"),
    [
        ("$4.50", "$", "en", "$4.50"),
        ("€4.50", "€", "de", "4,50 €"),
        ("-€0.40", "€", "fr", "-0,40 €"),
        ("€0.05", "€", "es_ES.UTF-8", "0,05 €"),
        ("€12.35", "€", "it", "12,35 €"),
        ("€12.35", "€", "nl", "€ 12,35"),
        ("-€12.35", "€", "nl", "€ -12,35"),
        ("12.35 EUR", "EUR", "de", "12,35 EUR"),
        ("12.35 EUR", "EUR", "nl", "EUR 12,35"),
        ("12.35 EUR", "EUR", "en", "12.35 EUR"),
        ("12.35", "", "de", "12,35"),
        ("12", "", "de", "12"),
        ("¥500", "¥", "de", "500 ¥"),
        ("1.50 CHF", "CHF", "de", "1,50 CHF"),
        ("€4.50", "$", "de", "€4.50"),  # not in the form the currency says: unchanged
    ],
)
def test_money_is_placed_as_the_language_places_it(
    text: str, currency: str, lang: str, out: str
) -> None:
    assert placed(text, currency, lang) == out


def test_money_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MONETARY", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert placed("€4.50", "€") == "4,50 €"
    monkeypatch.setenv("LC_MONETARY", "en_US.UTF-8")
    assert placed("€4.50", "€") == "€4.50"


# --- the command line -----------------------------------------------------------------------------


def _staked(gintally: Any) -> None:
    ok(gintally("match", "new", "Euro", "--players", "Ann", "Bob"))  # one game to 100
    ok(gintally("match", "stake", "Euro", "0.05", "--currency", "€"))
    ok(gintally("score", "Ann", "120"))  # the game is won: Bob owes Ann


@pytest.mark.parametrize(
    ("lang", "stake"),
    [
        ("C.UTF-8", "€0.05 a point"),
        ("en_GB.UTF-8", "€0.05 a point"),
        ("de_DE.UTF-8", "0,05 € a point"),
        ("fr_FR.UTF-8", "0,05 € a point"),
        ("nl_NL.UTF-8", "€ 0,05 a point"),
    ],
)
def test_money_on_screen_is_placed_as_the_locale_places_it(
    lang: str, stake: str, gintally: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _staked(gintally)
    monkeypatch.setenv("LANG", lang)
    paid = ok(gintally("pay", "Bob", "Ann", "0.50")).stdout
    assert paid.startswith(f"Bob paid Ann {placed('€0.50', '€', lang)} on ")
    doc = as_json(gintally("settle", "--json"))  # JSON: plain digits, its text as always
    (owed,) = doc["balances"]
    assert owed["text"] == f"€{owed['amount']}" and doc["payments"][0]["text"] == "€0.50"
    amount = owed["amount"].replace(".", "," if lang[:2] in ("de", "fr", "nl") else ".")
    settle = ok(gintally("settle")).stdout
    owes = {"de": f"{amount} €", "fr": f"{amount} €", "nl": f"€ {amount}"}.get(
        lang[:2], f"€{amount}"
    )
    assert f"Bob owes Ann {owes}." in settle
    assert f"Euro: 1 game at {stake}." in settle
    assert f"At {stake}." in ok(gintally("show")).stdout


def test_lc_all_wins_over_lang_on_screen(gintally: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _staked(gintally)
    (owed,) = as_json(gintally("settle", "--json"))["balances"]
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert f"Bob owes Ann €{owed['amount']}." in ok(gintally("settle")).stdout
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    comma = owed["amount"].replace(".", ",")
    assert f"Bob owes Ann {comma} €." in ok(gintally("settle")).stdout
