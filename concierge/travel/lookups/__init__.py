"""Background lookups on real travel data: the kinds (pure functions on installed data),
the asyncio service that runs them as persisted jobs, and the assistant's side of them.

The composition root wires them with the factories below (no Qt here):

    service = open_lookup_service(services.database, services.trips, services.places)
    await service.recover()                       # once at start-up
    builder.tool(...) for each in lookup_tools(service, trip_id)
    builder.context_provider(lookup_status_provider(service.jobs, trip_id), name="lookups")
    await service.aclose()                        # at shutdown, before the database closes
"""

from __future__ import annotations

from typing import Any

from concierge.agent import Tool
from concierge.store import Database, LookupJobBus, LookupJobRepository, TripRepository

from ..places import PlaceIndex
from .errors import LookupCancelled, LookupInputError, LookupRequestError, OnlineLookupError
from .kinds import KINDS, LookupKind
from .online import OnlineAccessSource, settings_online_access
from .service import LookupService
from .status_provider import lookup_status_provider
from .tools import LookupKindName, LookupTools


def open_lookup_service(
    database: Database,
    trips: TripRepository,
    places: PlaceIndex,
    *,
    bus: LookupJobBus | None = None,
    concurrency: int = 3,
    online: OnlineAccessSource | None = None,
) -> LookupService:
    """A lookup service on the app's database; `service.jobs.bus` announces job changes.

    Without `online`, online kinds (weather) fail at once without opening a connection.
    """
    return LookupService(
        LookupJobRepository(database, bus),
        trips,
        places,
        concurrency=concurrency,
        online=online,
    )


def lookup_tools(service: LookupService, trip_id: str) -> list[Tool[Any]]:
    """start_lookup, cancel_lookup and get_lookup_result for one trip."""
    return LookupTools(trip_id, service, service.jobs).all()


__all__ = [
    "KINDS",
    "LookupCancelled",
    "LookupInputError",
    "LookupKind",
    "LookupKindName",
    "LookupRequestError",
    "LookupService",
    "LookupTools",
    "OnlineAccessSource",
    "OnlineLookupError",
    "lookup_status_provider",
    "lookup_tools",
    "open_lookup_service",
    "settings_online_access",
]
