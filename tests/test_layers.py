"""The layers hold: every import of every module (top level, in functions, for type checking)
points down the architecture, and each third-party library stays in the module that owns it.

    cli/  ->  facade/  ->  report, transfer  ->  service  ->  ledger/, model  ->  engine/  ->  game/

`errors` is shared by every layer; `commits` (what the process has committed) is written by
ledger/ and read by cli/; `lazy` (a package's names loaded from their modules on first use) serves
service/, report/ and cli/; `jsonout` (every JSON document written, by orjson) serves transfer/,
facade/ and cli/; `dates` is the text boundary for dates (pure: the service names its
date orders, the ledger setting `gintally config date_order` takes). game/ and engine/ use
the standard library only.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gintally"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}

# What each layer may import from gintally (a module always may import its own folder).
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "commits": set(),
    "lazy": set(),
    "early": set(),  # the command's early Ctrl-C, imported first by the package (stdlib only)
    "jsonout": set(),
    "game": {"errors"},
    "engine": {"errors", "game"},
    "model": {"errors", "game", "engine"},
    # and the package's version, a constant: a season fold records the gintally that made it
    "ledger": {"errors", "commits", "game", "engine", "model", "__version__"},
    "service": {"errors", "lazy", "game", "engine", "model", "ledger", "dates"},
    "dates": {"errors", "locales"},
    # the reader's language (from the environment) and money placed as it writes it
    "locales": {"errors"},
    "transfer": {"errors", "jsonout", "game", "engine", "model", "service", "dates"},
    "report": {"errors", "lazy", "game", "engine", "model", "service"},
    # the library facade: each command's work as its document, for the CLI and for programs
    "facade": {
        "errors",
        "jsonout",
        "lazy",
        "dates",
        "locales",
        "game",
        "engine",
        "model",
        "ledger",
        "service",
        "transfer",
        "report",
    },
    # (never ledger, service or transfer: `test_commands_are_clients_of_the_library`)
    "cli": {
        "errors",
        "jsonout",
        "commits",
        "lazy",
        "game",
        "engine",
        "model",
        "dates",
        "locales",
        "report",
        "facade",
        "data",
        "serve",
        "__version__",
    },
    # `gintally serve`, a client of the library as cli/ is (it says a hand as cli/render does,
    # and the sheet's money as the documents say it; its pad offers the hand commands and
    # options the variants declare, as the command line's are built from them)
    "serve": {"errors", "facade", "cli", "report", "game"},
    "__main__": {"cli"},
}
# Third-party libraries, and the only places that may import them.
OWNERS: dict[str, tuple[str, ...]] = {
    "typer": ("cli/",),
    "click": ("cli/",),
    "rich": ("cli/render/",),
    "sqlite3": ("ledger/",),
    "sqlite_utils": ("ledger/",),
    "orjson": ("jsonout.py",),  # every JSON document gintally writes
    "dateutil": ("dates.py",),
    "platformdirs": ("facade/where.py",),  # the default ledger's folder
    "plotext": ("cli/chart.py",),  # the terminal chart, imported only by the commands that draw
    "pygal": ("facade/page.py",),  # the page's SVG chart, likewise
    "weasyprint": ("facade/printing.py",),  # a printed page as PDF (the optional pdf extra)
    "textual": ("cli/screen.py",),  # the full screen of `gintally play`, imported by it alone
    # the web app of `gintally serve`, imported by that command alone
    "starlette": ("serve/",),
    "uvicorn": ("serve/",),
    "jinja2": ("serve/",),
    "segno": ("serve/",),
}


def modules() -> list[Path]:
    return sorted(
        p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py" or p.parent != PACKAGE
    )


def layer_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def imports(path: Path) -> list[str]:
    """Every module a file imports, fully qualified."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(("gintally", *path.relative_to(PACKAGE).parent.parts))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            if base == "gintally" or (node.level and not node.module):
                out += [f"{base}.{alias.name}" for alias in node.names]
            else:
                out.append(base)
    return out


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down_and_libraries_stay_home(path: Path) -> None:
    rel = str(path.relative_to(PACKAGE))
    layer = layer_of(path)
    wrong = []
    for name in imports(path):
        top = name.split(".")[0]
        if top == "gintally":
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else ""
            if target != layer and target not in ALLOWED[layer]:
                wrong.append(name)
        elif top in OWNERS:
            if not any(rel.startswith(owner) for owner in OWNERS[top]):
                wrong.append(name)
        elif top not in STDLIB:
            wrong.append(name)  # an unknown library: name its owner in OWNERS first
    assert not wrong, f"{rel} ({layer}) may not import {wrong}"


def test_every_module_is_in_a_known_layer() -> None:
    layers = {layer_of(p) for p in modules()}
    assert layers <= set(ALLOWED), layers - set(ALLOWED)
    # the folders the architecture names, each with its modules
    for folder, names in {
        "game": {
            "cards",
            "runs",
            "tables",
            "counting",
            "search",
            "layout",
            "layoffs",
            "rules",
            "scoring",
            "evaluation",
            "showdown",
        },
        "engine": {
            "games",
            "formats",
            "sets",
            "seasons",
            "replay",
            "standings",
            "figures",
            "lifetime",
            "race",
        },
        "ledger": {
            "schema",
            "store",
            "files",
            "marks",
            "lock",
            "core",
            "people",
            "matches",
            "hands",
            "imports",
            "damage",
        },
        "service": {
            "hands",
            "config",
            "matches",
            "teams",
            "replaying",
            "windows",
            "checking",
            "insights",
        },
        "report": {
            "shapes",
            "sheet",
            "hand",
            "match",
            "standings",
            "rules",
            "check",
            "stats",
            "review",
        },
        "facade": {"book", "work", "typed", "where"},
        "cli": {
            *("common", "hands", "read", "admin", "data", "render", "demo"),
            *("stats", "chart", "page"),
        },
    }.items():
        present = {p.stem for p in (PACKAGE / folder).glob("*.py")}
        present |= {p.parent.name for p in (PACKAGE / folder).glob("*/__init__.py")}  # packages
        assert names <= present, (folder, names - present)


# The command modules that still reach past the library (facade/) into ledger/, service/ or
# transfer/ (none: every command is a client of the library; a module listed here fails the test
# below once it no longer needs to be).
NOT_YET_THROUGH_BOOK: set[str] = set()
BELOW_THE_LIBRARY = (["gintally", "ledger"], ["gintally", "service"], ["gintally", "transfer"])


@pytest.mark.parametrize(
    "path",
    [p for p in modules() if layer_of(p) == "cli"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_commands_are_clients_of_the_library(path: Path) -> None:
    """A command parses text, calls the library (`Book`, `facade.work`) and draws: no module of
    cli/ imports ledger/, service/ or transfer/, at the top, in a function or for type checking
    (`imports` walks the whole tree)."""
    rel = str(path.relative_to(PACKAGE))
    below = [n for n in imports(path) if n.split(".")[:2] in BELOW_THE_LIBRARY]
    if rel in NOT_YET_THROUGH_BOOK:
        assert below, f"{rel} is a client of the library now: take it off NOT_YET_THROUGH_BOOK"
    else:
        assert not below, f"{rel} reaches below the library: {sorted(set(below))}"


def ledger_calls(path: Path) -> list[int]:
    """The lines of a module that call a method named ``ledger`` (``opened.ledger(...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "ledger"
    ]


@pytest.mark.parametrize(
    "path",
    [p for p in modules() if layer_of(p) == "cli"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_commands_never_hold_a_ledger(path: Path) -> None:
    """No command asks a `Book` for its `Ledger` (``opened.ledger()``): what it reads and writes
    goes through the Book's methods, which open the file as the call needs (for reading, for
    writing, made when missing) and hold the transactions."""
    rel = str(path.relative_to(PACKAGE))
    assert not ledger_calls(path), f"{rel} calls .ledger() on lines {ledger_calls(path)}"
