"""Background lookups on real travel data: the kinds and the service that runs them as persisted
jobs. No Qt here."""

from __future__ import annotations

from concierge.store import Database, LookupJobBus, LookupJobRepository, TripRepository

from ..places.index import PlaceIndex
from .errors import LookupCancelled, LookupInputError, LookupRequestError, OnlineLookupError
from .kinds import KINDS, LookupKind
from .online import OnlineAccessSource, settings_online_access
from .service import LookupService


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
    Without `online`, online kinds (weather) fail at once without opening a connection."""
    return LookupService(
        LookupJobRepository(database, bus),
        trips,
        places,
        concurrency=concurrency,
        online=online,
    )


__all__ = [
    "KINDS",
    "LookupCancelled",
    "LookupInputError",
    "LookupKind",
    "LookupRequestError",
    "LookupService",
    "OnlineAccessSource",
    "OnlineLookupError",
    "open_lookup_service",
    "settings_online_access",
]
