"""The folder layout is the architecture: the core layers never import Qt or upward."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "concierge"


def test_core_layers_import_without_qt() -> None:
    code = (
        "import sys, concierge.agent, concierge.mcp.trip_server, concierge.model, "
        "concierge.model_server, concierge.store, concierge.travel, concierge.voice\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qasync'))\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == ""


def _imports(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
    return found


QT = ("PySide6", "qasync")


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        (
            "agent",
            (*QT, "sqlmodel", "sqlalchemy", "concierge.store", "concierge.travel", "concierge.ui"),
        ),
        (
            "model",
            (
                *QT,
                "sqlmodel",
                "sqlalchemy",
                "concierge.store",
                "concierge.travel",
                "concierge.ui",
                "concierge.app",
            ),
        ),
        (
            "store",
            (*QT, "concierge.model_server", "concierge.travel", "concierge.ui", "concierge.app"),
        ),
        ("model_server", (*QT, "concierge.travel", "concierge.ui", "concierge.app")),
        ("travel", (*QT, "concierge.ui", "concierge.app")),
        ("mcp", (*QT, "concierge.ui", "concierge.app", "concierge.cli")),
        ("voice", (*QT, "concierge.store", "concierge.travel", "concierge.ui", "concierge.app")),
    ],
)
def test_dependency_rule(package: str, forbidden: tuple[str, ...]) -> None:
    offending = {
        name
        for name in _imports(package)
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    }
    assert offending == set()
