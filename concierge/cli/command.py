"""What every command shares: its arguments, the data folder it opens and how it names a
trip. A command runs on the services the window uses, so it writes through the same rules.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TextIO

from concierge.store import TripRecord, data_dir, database_path
from concierge.travel.services import TravelServices, open_services
from concierge.travel.trip_names import TripNameError, find_trip, one_line


class CommandError(Exception):
    """A command could not do what was asked; the message is one sentence for the person."""


class Command(ABC):
    """One subcommand. `needs_places` loads the place index first (2.4 s of CPU), for what
    reads places as the window does once ready (the checks of transfers, zones, holidays)."""

    name: str
    summary: str
    creates_folder: bool = False
    needs_places: bool = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:  # noqa: B027 - optional
        """Add the command's own arguments (the shared `--data-dir` is already there)."""

    @abstractmethod
    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        """Do the work, writing results to `out`."""


def open_folder(override: Path | None, *, create: bool, program: str) -> TravelServices:
    """The services of the data folder, writing as `program` ("concierge import"); unless
    `create`, a folder without a database is an error rather than a new, empty database in a
    mistyped place."""
    folder = data_dir(override)
    if not create and not database_path(folder).exists():
        raise CommandError(f"There is no Concierge database in {folder}.")
    return open_services(folder, program=program)


def trip_dates(trip: TripRecord) -> str:
    """The trip's dates as ISO dates, "?" for one not set."""
    if trip.start_date is None and trip.end_date is None:
        return "no dates"
    start = trip.start_date.isoformat() if trip.start_date is not None else "?"
    end = trip.end_date.isoformat() if trip.end_date is not None else "?"
    return f"{start} to {end}"


def trip_line(trip: TripRecord) -> str:
    """ "id<TAB>title<TAB>dates": one trip on one line, easy to cut."""
    return f"{trip.id}\t{one_line(trip.title)}\t{trip_dates(trip)}"


async def chosen_trip(services: TravelServices, wanted: str) -> TripRecord:
    """The trip `wanted` names: its id, a unique start of its id, or its exact title."""
    try:
        return find_trip(await services.trips.all(), wanted, listed_by="`concierge trips`")
    except TripNameError as error:
        raise CommandError(str(error)) from None
