"""The report package (`gintally/report/`): one module per document, whose public names the
package offers and loads on first use.

- Every name the package offers is the object its module defines; the type checker's imports
  in `__init__` name the same module for each name as `HOMES` (what run time loads); every
  public name a report module defines is offered.
- Inside report/, no module imports another's private (``_name``) name, and the imports
  (those for the type checker too) form no cycle.
- Start-up: importing the package loads no module under it, and each document loads only the
  modules it is made by (a hand's: hand, sheet, match; no standings, insights or page).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from gintally import report

PACKAGE = Path(report.__file__).parent
PREFIX = "gintally.report."
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def tree(name: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))


def defined(name: str) -> set[str]:
    """The public names a module defines at its top level (not those it imports)."""
    out: set[str] = set()
    for node in tree(name).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return {n for n in out if not n.startswith("_")}


def report_imports(name: str) -> list[tuple[str, str]]:
    """(module under report/, name) for every name a file imports from a report module."""
    out = []
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX):
            out += [(str(node.module)[len(PREFIX) :], a.name) for a in node.names]
    return out


def test_every_name_is_its_modules_object() -> None:
    homes = {n: m for m, names in report.HOMES.items() for n in names.split()}
    assert sorted(homes) == report.__all__
    for name, module in homes.items():
        assert getattr(report, name) is getattr(import_module(f"gintally.report.{module}"), name)
    for_the_type_checker = dict((n, m) for m, n in report_imports("__init__"))
    assert for_the_type_checker == homes
    offered = {m: {n for n, home in homes.items() if home == m} for m in MODULES}
    assert offered == {m: defined(m) for m in MODULES}


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_doc'"):
        report.nothing_doc  # type: ignore[attr-defined]  # noqa: B018


def test_no_module_reaches_for_a_private_name() -> None:
    """(Import cycles: tests/test_import_cycles.py, for every module of gintally.)"""
    private = [(m, dep, n) for m in MODULES for dep, n in report_imports(m) if n.startswith("_")]
    assert not private


@pytest.mark.parametrize(
    ("asked", "loaded", "not_loaded"),
    [
        ("", set(), set(MODULES)),  # the package alone loads no module under it
        ("report.hand_doc", {"hand"}, {"standings", "stats", "review", "money", "shapes"}),
        ("report.show_doc", {"sheet"}, {"standings", "stats", "review", "money", "shapes"}),
        ("report.ShowDoc", {"shapes"}, {"standings", "stats", "review", "money"}),
        ("report.standings_doc", {"standings"}, {"review", "money", "shapes"}),
        ("report.review_doc", {"review"}, {"money", "shapes"}),
    ],
)
def test_a_name_loads_its_module_not_the_others(
    asked: str, loaded: set[str], not_loaded: set[str]
) -> None:
    """A hand's document does not load the standings, the insights, the page or the money (nor
    the shapes, which only `render` needs)."""
    probe = (
        "import sys\n"
        "from gintally import report\n"
        f"{asked}\n"
        "print(' '.join(m for m in sys.modules if m.startswith('gintally.report.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    modules = {m.rsplit(".", 1)[1] for m in done.stdout.split()}
    assert loaded <= modules and not modules & not_loaded, modules
