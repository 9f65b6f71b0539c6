"""`concierge trips`: every trip, one line each, in the window's order."""

from __future__ import annotations

import argparse
from typing import TextIO

from concierge.travel.services import TravelServices

from .command import Command, trip_line


class TripsCommand(Command):
    name = "trips"
    summary = "list the trips: id, title and dates, tab-separated, one line each"

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        for trip in await services.trips.all():
            print(trip_line(trip), file=out)
