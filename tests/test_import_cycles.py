"""No two modules of concierge/ import each other, directly or round a longer circle.

A circle makes the import order matter (a name missing half-way through loading) and ties two
modules into one that cannot be understood or moved alone. Read with `ast`, so the test needs
no import of the app: every import counts, at module level or inside a function, except those
under `if TYPE_CHECKING:`, which never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "concierge"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted((ROOT / PACKAGE).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for branch in child.orelse:
                yield from _import_nodes_of(branch)
            continue
        yield from _import_nodes_of(child)


def _import_nodes_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    else:
        yield from _import_nodes(node)


def _imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that `module` imports: `from a import b` names a.b when b is a
    module, else a itself."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        if node.level:
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            found.add(submodule if submodule in known else source)
    return {name for name in found if name in known and name != module}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {module: _imported(module, path, known) for module, path in known.items()}


def test_the_import_graph_is_read() -> None:
    graph = _graph()
    assert "concierge.agent.token_estimates" in graph["concierge.agent.compaction"]
    assert "concierge.ui.chat.pdf_text" in graph["concierge.ui.chat.images"]
    assert "concierge.agent" in graph["concierge.ui.chat.images"]


def test_relative_forms_count_and_type_checking_does_not(tmp_path: Path) -> None:
    source = tmp_path / "pkg" / "sub" / "mod.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "from ..top import name\n"
        "if TYPE_CHECKING:\n"
        "    from .hint import Hint\n"
        "def later() -> None:\n"
        "    from pkg import late\n",
        encoding="utf-8",
    )
    known = dict.fromkeys(
        ["pkg", "pkg.top", "pkg.late", "pkg.sub", "pkg.sub.sibling", "pkg.sub.hint"], source
    )
    assert _imported("pkg.sub.mod", source, known) == {"pkg.sub.sibling", "pkg.top", "pkg.late"}


def test_no_module_imports_itself_round_a_circle() -> None:
    assert _circles(_graph()) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
