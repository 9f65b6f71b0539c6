"""A trip's stops: the places of its route in order, each with the days it is reached and left.

The trip's origin (home) is not a stop. Positions are dense and every add, remove or move
renumbers the route as one logged row (see `ordering`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session, col, select

from concierge.text import QT_TRANSLATE_NOOP

from . import ordering
from .change_writer import ChangeWriter
from .changes import ChangeContext
from .entities import STOPS, TRIPS
from .locks import delete_target_locks
from .new_record import new_record
from .outcome import Outcome
from .records import StopRecord, TripRecord
from .repository import AddedFromValues, OrderedRepository
from .tables import TripStop
from .validation import STOP_RULES, check_stop, parse_changes


class StopRepository(AddedFromValues[StopRecord], OrderedRepository[StopRecord]):
    """Stops, as immutable `StopRecord`s in route order."""

    spec = STOPS

    async def stops(self, trip_id: str) -> list[StopRecord]:
        """The trip's stops in route order; empty for an unknown trip."""

        return await self.in_scope(trip_id)

    async def routes(self) -> dict[str, tuple[str, ...]]:
        """Trip id → its stops' places in route order, in one read for a trip list."""

        def query(session: Session) -> dict[str, tuple[str, ...]]:
            rows = session.exec(
                select(TripStop.trip_id, TripStop.place).order_by(
                    col(TripStop.trip_id), col(TripStop.position), col(TripStop.created_at)
                )
            ).all()
            routes: dict[str, tuple[str, ...]] = {}
            for trip_id, place in rows:
                routes[trip_id] = (*routes.get(trip_id, ()), place)
            return routes

        return await self.database.run(query)

    def parse_new(self, values: Mapping[str, object]) -> dict[str, Any]:
        """A new stop must name its place."""
        return parse_changes("a stop", STOP_RULES, {"place": "", **values})

    def create(
        self, writer: ChangeWriter, trip: TripRecord, parsed: dict[str, Any], position: int | None
    ) -> StopRecord:
        """The stop goes last on the route, or at `position`."""
        stop = dataclasses.replace(new_stop(trip.id, ""), **parsed)
        check_stop(stop, trip)
        writer.describe(
            QT_TRANSLATE_NOOP("ChangeLabel", "Add stop “{place}”").format(place=stop.place)
        )
        return ordering.insert(writer, STOPS, trip_stops(writer.session, trip.id), stop, position)

    async def update(
        self, stop_id: str, changes: Mapping[str, object], *, context: ChangeContext | None = None
    ) -> Outcome[StopRecord]:
        """Change only the fields named in `changes`; equal values write and log nothing."""

        def edit(session: Session, writer: ChangeWriter, before: StopRecord) -> StopRecord:
            with writer.locks_first(STOPS, before, changes):
                after = dataclasses.replace(before, **parse_changes("a stop", STOP_RULES, changes))
                check_stop(after, TRIPS.to_record(TRIPS.row(session, before.trip_id)))
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Edit stop “{place}”").format(place=after.place)
            )
            return after

        return await self.edited(stop_id, edit, context)

    def remove_label(self, record: StopRecord) -> str:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Remove stop “{place}”").format(place=record.place)

    def removing(self, session: Session, writer: ChangeWriter, record: StopRecord) -> None:
        delete_target_locks(session, writer, record.id)

    def move_label(self, row: TripStop) -> str:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Move stop “{place}”").format(place=row.place)


def trip_stops(session: Session, trip_id: str) -> list[TripStop]:
    """The trip's stop rows in route order."""
    return ordering.scope_rows(session, TripStop, trip_id)


def new_stop(trip_id: str, place: str, *, position: int = 0) -> StopRecord:
    """A new stop with no code, zone or dates, not yet written."""
    return new_record(
        StopRecord,
        trip_id=trip_id,
        position=position,
        place=place,
        place_code=None,
        timezone=None,
        arrive=None,
        depart=None,
    )
