"""Settings: what `gintally config` shows and changes, kept in the ledger.

Terminology
- setting (`Setting`): a ledger-wide choice by key, its allowed values and what each means, and
  what happens while it is not set (`SETTINGS` holds them all).
- date order (`date_order`): how the ledger reads a numeric date that reads two ways.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gintally.dates import ORDER_HELP
from gintally.errors import GintallyError, LedgerError, NotFoundError
from gintally.ledger import Ledger
from gintally.ledger.damage import CHECK_HINT


@dataclass(frozen=True)
class Setting:
    """A ledger setting `gintally config` shows and changes: its values and what each means."""

    key: str
    values: Mapping[str, str]  # value -> what it means
    unset: str  # what happens while it is not set


SETTINGS = {
    s.key: s
    for s in (
        Setting(
            "date_order",
            ORDER_HELP,
            "a date that reads two ways, like 03/04/1998, is refused",
        ),
    )
}


def setting_of(key: str) -> Setting:
    """A setting by name; an unknown name is refused with the settings listed."""
    found = SETTINGS.get(key.strip().lower())
    if found is None:
        raise NotFoundError(f"unknown setting {key!r}; the settings are: {', '.join(SETTINGS)}")
    return found


def settings(ledger: Ledger) -> dict[str, str | None]:
    """Every setting's value (None: not set)."""
    return {key: stored(ledger, key) for key in SETTINGS}


def stored(ledger: Ledger, key: str) -> str | None:
    """A setting's value as the ledger keeps it (None: not set); a value the setting does not
    take (written by another tool) is refused as damage, with the row named."""
    value = ledger.setting(key)
    if value is not None and value not in SETTINGS[key].values:
        raise damaged_setting(key, value)
    return value


def damaged_setting(key: str, value: object) -> LedgerError:
    """The one line a command prints when it meets a setting that holds what it cannot."""
    return LedgerError(
        f"the ledger is damaged: settings row {key} holds {value!r}, not "
        f"{_either(list(SETTINGS[key].values))}; {CHECK_HINT}"
    )


def configure(ledger: Ledger, key: str, value: str | None) -> str | None:
    """Set a setting (None: unset it); returns the value kept."""
    setting = setting_of(key)
    if value is not None:
        value = value.strip().lower()
        if value not in setting.values:
            raise GintallyError(
                f"{setting.key} takes {_either(list(setting.values))}, not {value!r}"
            )
    ledger.set_setting(setting.key, value)
    return value


def _either(values: list[str]) -> str:
    return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]


def date_order(ledger: Ledger) -> str | None:
    """How the ledger reads a numeric date that reads two ways (`dates.ORDERS`), if set."""
    return stored(ledger, "date_order")
