"""`concierge export TRIP [--format json|ics|pdf] [-o FILE]`: a trip and all it owns as a
JSON file, its itinerary as a calendar, or its itinerary to print."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from concierge.store.trip_bundle import trip_bundle
from concierge.travel.exports import ExportError, TripPlan, read_plan, write_file
from concierge.travel.exports.ics import trip_calendar
from concierge.travel.services import TravelServices

from .command import Command, CommandError, chosen_trip

FORMATS = ("json", "ics", "pdf")


class ExportCommand(Command):
    name = "export"
    summary = (
        "write a trip with its stops, itinerary, forms, goals, pins and expenses as JSON "
        "(attached documents stay in the data folder), its itinerary as an iCalendar file "
        "(ics) or as a PDF to print"
    )

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("trip", metavar="TRIP", help="the trip's id (or its start) or title")
        parser.add_argument(
            "--format", choices=FORMATS, default="json", help="json (default), ics or pdf"
        )
        parser.add_argument(
            "-o", "--output", type=Path, metavar="FILE", help="write to FILE, not to stdout"
        )

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        trip = await chosen_trip(services, arguments.trip)
        if arguments.format == "pdf" and arguments.output is None:
            raise CommandError("A PDF is written to a file: give -o FILE.")
        if arguments.format == "json":
            bundle = await services.database.run(lambda session: trip_bundle(session, trip.id))
            data = (json.dumps(bundle, ensure_ascii=False, indent=2) + "\n").encode()
        elif arguments.format == "ics":
            data = trip_calendar(await read_plan(services, trip.id))
        else:
            data = _pdf(await read_plan(services, trip.id))
        if arguments.output is None:
            out.write(data.decode("utf-8"))
        else:
            write_whole(arguments.output, data)


MISSING_GRAPHICS = (
    "A PDF needs Qt's graphics libraries, which this system cannot load ({error}). Install "
    "them (on Debian or Ubuntu: libegl1 libgl1 libxkbcommon0 libfontconfig1), or export "
    "--format ics or json."
)


def _pdf(plan: TripPlan) -> bytes:
    # The one import of Qt on the command line, for this format alone: the itinerary is
    # drawn by Qt's own PDF writer (tests/cli/test_cli_layer.py allows exactly this).
    try:
        from concierge.ui.exports.pdf import headless_pdf
    except ImportError as error:
        raise CommandError(MISSING_GRAPHICS.format(error=error)) from None
    return headless_pdf(plan)


def write_whole(path: Path, data: bytes | str) -> None:
    """Write `data` to `path` so that it holds either its old content or all of `data`."""
    try:
        write_file(path, data.encode() if isinstance(data, str) else data)
    except ExportError as error:
        raise CommandError(str(error)) from None
