"""Packages that load their modules on first use (PEP 562): `report`, `service` and
`cli/render` name their public names in one table (name -> the module that defines it) and
import a module only when one of its names is first asked for. Each module a command loads
costs it a few hundred microseconds at every start, and a hand command needs few of them.
Standard library only, and nothing at import time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def loader(package: str, homes: Mapping[str, str], kept: dict[str, Any]) -> Callable[[str], Any]:
    """A package's ``__getattr__``: the name's module (`homes[name]`, under `package`)
    imported, and every name of `homes` that module defines kept in `kept` (the package's
    globals), so that each is looked up once."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        from importlib import import_module

        module = import_module(f"{package}.{home}")
        for other, where in homes.items():
            if where == home:
                kept.setdefault(other, getattr(module, other))
        return kept[name]

    return __getattr__


def homes(by_module: Mapping[str, str]) -> dict[str, str]:
    """Each name's module, from each module's names (space-separated): the table `loader`
    reads."""
    return {name: module for module, names in by_module.items() for name in names.split()}


def lister(kept: dict[str, Any], names: list[str]) -> Callable[[], list[str]]:
    """A package's ``__dir__``: what it holds now and every name it can load."""

    def __dir__() -> list[str]:
        return sorted({*kept, *names})

    return __dir__
