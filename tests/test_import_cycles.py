"""No import circle: the modules of gintally, each pointing at the modules it imports (at module
level, inside functions and for the type checker alike), form a graph without a cycle.

Left out: an import of the root package itself (``from gintally import __version__``). Python
imports the root package before any module under it, so every module depends on it anyway; the
root loads its public names on first use (PEP 562), so at run time it imports none of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gintally"

ALLOWED_CYCLES: list[set[str]] = []  # none: a circle found is a failure


def module_name(path: Path) -> str:
    parts = ("gintally", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def graph() -> dict[str, set[str]]:
    """Each module of gintally, and the modules of gintally it imports."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.rsplit(".", node.level - 1)[0]
                    base = f"{parent}.{base}" if base else parent
                for alias in node.names:  # a module of a package, or a name in a module
                    sub = f"{base}.{alias.name}"
                    targets.add(sub if sub in paths else base)
        edges[name] = {t for t in targets if t in paths and t not in (name, "gintally")}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path that comes back to its start) of each strongly connected group of
    modules, found by a depth-first search."""
    found: list[list[str]] = []
    state: dict[str, str] = {}  # "open" while on the search path, "done" after
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "open":
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


def test_the_graph_is_read_from_every_module() -> None:
    edges = graph()
    assert "gintally.ledger.store" in edges["gintally.ledger"]  # module level
    assert "gintally.ledger.payments" in edges["gintally.ledger.store"]  # inside a function
    assert len(edges) == len(list(PACKAGE.rglob("*.py")))


def test_the_search_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    found = [c for c in cycles(graph()) if set(c) not in ALLOWED_CYCLES]
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)
