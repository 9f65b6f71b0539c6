"""`concierge export TRIP --format json [-o FILE]`: a trip and all it owns as a file."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import TextIO

from concierge.store.trip_bundle import trip_bundle
from concierge.travel.services import TravelServices

from .command import Command, CommandError, chosen_trip


class ExportCommand(Command):
    name = "export"
    summary = (
        "write a trip with its stops, itinerary, forms, goals, pins and expenses as JSON "
        "(attached documents stay in the data folder)"
    )

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("trip", metavar="TRIP", help="the trip's id (or its start) or title")
        parser.add_argument("--format", choices=["json"], default="json", help="json (default)")
        parser.add_argument(
            "-o", "--output", type=Path, metavar="FILE", help="write to FILE, not to stdout"
        )

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        trip = await chosen_trip(services, arguments.trip)
        bundle = await services.database.run(lambda session: trip_bundle(session, trip.id))
        text = json.dumps(bundle, ensure_ascii=False, indent=2) + "\n"
        if arguments.output is None:
            out.write(text)
        else:
            write_whole(arguments.output, text)


def write_whole(path: Path, text: str) -> None:
    """Write `text` to `path` so that it holds either its old content or all of `text`."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise CommandError(f"Cannot write {path}: {error.strerror or error}.") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise CommandError(f"Cannot write {path}: {error.strerror or error}.") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
