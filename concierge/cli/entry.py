"""The `concierge` program: a subcommand runs on the command line, none opens the window.

This module imports no Qt, so the command line starts fast and needs no display; the window's
module (`concierge.app`, which imports PySide6 first thing) is imported only to open it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from .command import Command, CommandError
from .context import ContextCommand
from .export import ExportCommand
from .import_trip import ImportCommand
from .trips import TripsCommand

COMMANDS: tuple[Command, ...] = (TripsCommand(), ExportCommand(), ImportCommand(), ContextCommand())

USAGE_ERROR = 2
FAILURE = 1


def parser() -> argparse.ArgumentParser:
    shared = argparse.ArgumentParser(add_help=False)
    shared.add_argument(
        "--data-dir",
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
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name, help=command.summary, description=command.summary, parents=[shared]
        )
        command.add_arguments(sub)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    arguments = parser().parse_args(given)
    if arguments.command is None:
        from concierge.app import main as open_window

        return open_window(given)
    command = next(command for command in COMMANDS if command.name == arguments.command)
    return run(command, arguments)


def run(command: Command, arguments: argparse.Namespace) -> int:
    from concierge.store import StoreError

    try:
        asyncio.run(_run(command, arguments))
    except (CommandError, StoreError, OSError) as error:
        print(f"concierge {command.name}: {' '.join(str(error).split())}", file=sys.stderr)
        return FAILURE
    return 0


async def _run(command: Command, arguments: argparse.Namespace) -> None:
    from .command import open_folder

    services = open_folder(getattr(arguments, "data_dir", None), create=command.creates_folder)
    try:
        await command.run(arguments, services, sys.stdout)
    finally:
        await services.aclose()
        services.close()
