"""How another assistant starts `concierge mcp` for this installation and data folder: the
command line, and the configuration each common client takes (the README shows the same)."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from concierge.text import QT_TRANSLATE_NOOP, Translatable

SERVER_KEY = "concierge"
"""The server's name in a client's configuration."""


WINDOWS_CONSOLE_TWIN = "concierge-cli.exe"
"""On Windows the frozen app is a windowed program without standard streams; its console twin,
installed beside it (packaging/concierge.spec), has them."""


def launch(data_folder: Path) -> list[str]:
    """The command line that serves `data_folder` from this installation: the frozen app's own
    program (its console twin on Windows), else this Python running the `concierge` package."""
    if not getattr(sys, "frozen", False):
        return [sys.executable, "-m", "concierge", "mcp", "--data-dir", str(data_folder)]
    program = Path(sys.executable)
    if sys.platform == "win32":
        program = program.with_name(WINDOWS_CONSOLE_TWIN)
    return [str(program), "mcp", "--data-dir", str(data_folder)]


def _servers_json(key: str, **extra: str) -> Callable[[Sequence[str]], str]:
    """A JSON configuration with the server under `key` ("mcpServers")."""

    def render(command: Sequence[str]) -> str:
        server = {**extra, "command": command[0], "args": list(command[1:])}
        return json.dumps({key: {SERVER_KEY: server}}, indent=2, ensure_ascii=False)

    return render


def _claude_code(command: Sequence[str]) -> str:
    return f"claude mcp add {SERVER_KEY} -- {shlex.join(command)}"


@dataclass(frozen=True, slots=True)
class ClientSetup:
    name: str
    where: Translatable
    """Where the configuration goes, in a sentence."""
    render: Callable[[Sequence[str]], str]

    def text(self, data_folder: Path) -> str:
        return self.render(launch(data_folder))


CLIENT_SETUPS = (
    ClientSetup(
        "Claude Desktop",
        QT_TRANSLATE_NOOP(
            "ConnectAssistant",
            "In Claude Desktop, Settings ▸ Developer ▸ Edit Config opens "
            "claude_desktop_config.json: add this to it (beside any other servers), save, and "
            "restart Claude Desktop.",
        ),
        _servers_json("mcpServers"),
    ),
    ClientSetup(
        "Claude Code",
        QT_TRANSLATE_NOOP("ConnectAssistant", "Run this once in a terminal."),
        _claude_code,
    ),
    ClientSetup(
        "VS Code",
        QT_TRANSLATE_NOOP(
            "ConnectAssistant",
            "Put this in .vscode/mcp.json in a project, or in your user configuration "
            "(MCP: Open User Configuration), then start the server from that file.",
        ),
        _servers_json("servers", type="stdio"),
    ),
    ClientSetup(
        "Cursor",
        QT_TRANSLATE_NOOP(
            "ConnectAssistant",
            "Put this in ~/.cursor/mcp.json (or .cursor/mcp.json in a project), beside any "
            "other servers.",
        ),
        _servers_json("mcpServers"),
    ),
)
