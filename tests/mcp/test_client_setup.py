"""The command line a client's configuration starts: this Python from a checkout or a pip
install, the installed program when frozen, and on Windows its console twin, which has the
standard streams MCP speaks over."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from concierge.mcp.client_setup import launch


def test_from_python_it_runs_the_package_with_this_interpreter(tmp_path: Path) -> None:
    assert launch(tmp_path) == [
        sys.executable, "-m", "concierge", "mcp", "--data-dir", str(tmp_path),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("platform", "program"),
    [("linux", "concierge"), ("darwin", "concierge"), ("win32", "concierge-cli.exe")],
)
def test_frozen_it_runs_the_installed_program(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str, program: str
) -> None:
    installed = tmp_path / "app" / ("concierge.exe" if platform == "win32" else "concierge")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(installed))
    monkeypatch.setattr(sys, "platform", platform)
    assert launch(tmp_path / "data") == [
        str(installed.with_name(program)), "mcp", "--data-dir", str(tmp_path / "data"),
    ]  # fmt: skip
