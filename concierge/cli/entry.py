"""The `concierge` program: a subcommand runs without Qt, none opens the window.
`wants_command` reads the arguments by hand so the splash waits for no command imports.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from concierge.app_identity import version_line

if TYPE_CHECKING:
    from .command import Command

FAILURE = 1
DATA_DIR = "--data-dir"
LANGUAGE = "--language"
"""The window's option (`concierge.app`): its value is not a command either."""
VERSION = "--version"


def commands() -> tuple[Command, ...]:
    from .context import ContextCommand
    from .export import ExportCommand
    from .import_trip import ImportCommand
    from .self_check import SelfCheckCommand
    from .serve_mcp import McpCommand
    from .sync_server import SyncServerCommand
    from .trips import TripsCommand

    return (
        TripsCommand(),
        ExportCommand(),
        ImportCommand(),
        ContextCommand(),
        McpCommand(),
        SyncServerCommand(),
        SelfCheckCommand(),
    )


def wants_command(argv: Sequence[str]) -> bool:
    """Whether `argv` names a command (any word that is not an option or an option's value:
    the data folder, the window's language) or asks for help, which lists the commands."""
    after_option = False
    for token in argv:
        if after_option:
            after_option = False
        elif token in (DATA_DIR, LANGUAGE):
            after_option = True
        elif token in ("-h", "--help") or not token.startswith("-"):
            return True
    return False


def parser(known: Sequence[Command]) -> argparse.ArgumentParser:
    shared = argparse.ArgumentParser(add_help=False)
    shared.add_argument(
        DATA_DIR,
        type=Path,
        default=argparse.SUPPRESS,
        help="folder for the database and logs (default: the platform's data folder, "
        "or $CONCIERGE_DATA_DIR)",
    )
    top = argparse.ArgumentParser(
        prog="concierge",
        description="Plan a trip while an assistant works beside you. Without a command, "
        "the window opens.",
        parents=[shared],
    )
    top.add_argument(VERSION, action="version", version=version_line())
    subparsers = top.add_subparsers(dest="command", metavar="COMMAND")
    for command in known:
        sub = subparsers.add_parser(
            command.name, help=command.summary, description=command.summary, parents=[shared]
        )
        command.add_arguments(sub)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if VERSION in given:
        # Before Qt or the store are imported: the version needs neither, nor a display.
        print(version_line())
        return 0
    if not wants_command(given):
        from concierge.app import main as open_window

        return open_window(given)
    known = commands()
    chosen = parser(known)
    arguments = chosen.parse_args(given)
    if arguments.command is None:
        chosen.error("name a command, or give none to open the window")
    command = next(command for command in known if command.name == arguments.command)
    return run(command, arguments)


def run(command: Command, arguments: argparse.Namespace) -> int:
    from concierge.store import StoreError

    from .command import CommandError

    try:
        asyncio.run(_run(command, arguments))
    except (CommandError, StoreError, OSError) as error:
        print(f"concierge {command.name}: {' '.join(str(error).split())}", file=sys.stderr)
        return FAILURE
    return 0


async def _run(command: Command, arguments: argparse.Namespace) -> None:
    from .command import open_folder

    services = open_folder(
        getattr(arguments, "data_dir", None),
        create=command.creates_folder,
        program=f"concierge {command.name}",
    )
    try:
        if command.needs_places:
            await services.load_places()
        await command.run(arguments, services, sys.stdout)
    finally:
        await services.aclose()
        services.close()
