"""The app's real services on a temporary SQLite folder, one trip (Lisbon → New York at
Christmas, so real lookups have something to find), and the app's own trip assistant
talking to the loopback model server."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from concierge.agent import Agent, PermissionHandler
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import TripRecord
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import client_for, snapshot_of
from tests.fakes import FakeOpenAIServer
from tests.travel import conftest as travel_conftest

CHRISTMAS_IN_NEW_YORK = {**travel_conftest.CHRISTMAS_IN_NEW_YORK, "travellers": 3}


@dataclass
class World:
    services: TravelServices
    trip: TripRecord

    def agent(
        self,
        server: FakeOpenAIServer,
        *,
        trip_id: str | None = None,
        permission_handler: PermissionHandler | None = None,
        own_status: Collection[str] = (),
    ) -> Agent:
        return build_trip_assistant(
            self.services,
            trip_id or self.trip.id,
            OpenAIChatModel(client_for(server), model="fake-model"),
            permission_handler=permission_handler,
            own_status=own_status,
        )


@pytest.fixture
async def world(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[World]:
    services = open_services(tmp_path, places=places)
    try:
        trip = await travel_conftest.christmas_in_new_york(
            services.trips, services.stops, travellers=3
        )
        yield World(services, trip)
    finally:
        await services.aclose()
        services.close()


def blocks(body: dict[str, Any]) -> dict[str, str]:
    """The runtime-context blocks of a recorded request, by provider name ("## name")."""
    snapshot = snapshot_of(body)
    assert snapshot is not None, "the request does not end with a runtime context"
    pairs = (section.split("\n", 1) for section in snapshot.split("\n\n## ")[1:])
    return {name: text for name, text in pairs}
