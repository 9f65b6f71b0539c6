"""What every command shares: its arguments, the data folder it opens and how it names a
trip. A command runs on the services the window uses, so it writes through the same rules.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from concierge.store import TripRecord, data_dir, database_path
from concierge.travel.services import TravelServices, open_services


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


def one_line(text: str) -> str:
    return " ".join(text.split())


def trip_line(trip: TripRecord) -> str:
    """ "id<TAB>title<TAB>dates": one trip on one line, easy to cut."""
    return f"{trip.id}\t{one_line(trip.title)}\t{trip_dates(trip)}"


def find_trip(trips: Sequence[TripRecord], wanted: str) -> TripRecord:
    """The trip `wanted` names: its id, a unique start of its id, or its exact title."""
    for trip in trips:
        if trip.id == wanted:
            return trip
    titled = [trip for trip in trips if trip.title == wanted]
    if not titled:
        titled = [trip for trip in trips if wanted and trip.id.startswith(wanted.lower())]
    if len(titled) == 1:
        return titled[0]
    if titled:
        candidates = "; ".join(f"{trip.id} “{one_line(trip.title)}”" for trip in titled)
        raise CommandError(f"{wanted!r} names {len(titled)} trips, give an id: {candidates}.")
    raise CommandError(f"No trip has the id or title {wanted!r}; `concierge trips` lists them.")


async def chosen_trip(services: TravelServices, wanted: str) -> TripRecord:
    return find_trip(await services.trips.all(), wanted)
