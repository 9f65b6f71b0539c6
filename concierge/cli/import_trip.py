"""`concierge import FILE.json`: a trip file as a new trip, all of it or nothing."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from concierge.store import ChangeContext, FactSource
from concierge.store.trip_bundle import BundleError, import_bundle
from concierge.travel.services import TravelServices

from .command import Command, CommandError


class ImportCommand(Command):
    name = "import"
    summary = "add the trip in a JSON file written by `concierge export` as a new trip"
    creates_folder = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("file", metavar="FILE", type=Path, help="a trip file (JSON)")

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        path: Path = arguments.file
        document = read_json(path)
        try:
            trip = await import_bundle(
                services.database,
                services.bus,
                document,
                context=ChangeContext(source=FactSource.IMPORT, source_file=path.name),
            )
        except BundleError as error:
            raise CommandError(f"{path}: {error} (nothing was imported)") from None
        print(trip.id, file=out)


def read_json(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not a trip file: it is not UTF-8 text.") from None
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror or error}.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{path} is not a trip file: it is not JSON ({error.msg} at line {error.lineno}, "
            f"column {error.colno})."
        ) from None
