"""The command line is a front-end beside the window, not on top of it: no Qt, no widgets.

One exception, made on purpose: `concierge export --format pdf` draws the itinerary with
Qt's own PDF writer, so export.py imports `concierge.ui.exports.pdf` inside the function
that makes the PDF, and only there; every other format, and every other command, runs
without Qt loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "concierge" / "cli"
FORBIDDEN = ("PySide6", "qasync", "concierge.ui")
PDF_BRIDGE = ("export.py", "_pdf", "concierge.ui.exports.pdf")
"""(file, function, module): the one Qt-side import the command line makes."""


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    file, function, _module = PDF_BRIDGE
    if path.name == file:
        tree.body = [
            node
            for node in tree.body
            if not (isinstance(node, ast.FunctionDef) and node.name == function)
        ]
    for node in ast.walk(tree):
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


def test_only_the_pdf_function_reaches_the_qt_side() -> None:
    file, function, module = PDF_BRIDGE
    tree = ast.parse((CLI / file).read_text(encoding="utf-8"))
    [bridge] = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function]
    imported = {n.module for n in ast.walk(bridge) if isinstance(n, ast.ImportFrom)}
    assert imported == {module}


def test_the_commands_load_without_qt() -> None:
    code = (
        "import sys, concierge.cli.entry as e\n"
        "e.commands()\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'qasync') or m.startswith('concierge.ui'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == ""
