"""The command line is a front-end beside the window, not on top of it: no Qt, no widgets."""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "concierge" / "cli"
FORBIDDEN = ("PySide6", "qasync", "concierge.ui")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_no_command_module_imports_qt_or_the_widgets() -> None:
    for path in CLI.glob("*.py"):
        imported = _imports(path)
        assert not {
            name
            for name in imported
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
        }, path.name
        if path.name != "entry.py":
            assert "concierge.app" not in imported, path.name
