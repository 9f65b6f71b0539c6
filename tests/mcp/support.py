"""A data folder as the window leaves it, and the SDK's own client reading what a server
sends, for the MCP server's tests."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp import StdioServerParameters
from mcp.client.session import IncomingMessage
from sqlmodel import select

from concierge.mcp.client_setup import launch
from concierge.store import LockKind
from concierge.store.tables import ChangeLogEntry
from concierge.travel.services import TravelServices, open_services

ROOT = Path(__file__).resolve().parents[2]
BROKEN_RUN_SECONDS = 60.0
"""How long a wait on a condition may take before the run is taken as broken."""
CLIENT = "test-assistant"
"""The client's name, as it introduces itself: its changes are marked with it."""


@dataclass(frozen=True)
class Folder:
    path: Path
    trip: str
    tram: str
    dinner: str
    """Locked by the person."""


async def seed(path: Path) -> Folder:
    """One trip with two items on its first day, the dinner locked, written as the window."""
    services = open_services(path)
    try:
        trip = (
            await services.trips.create(
                {"title": "Lisbon weekend", "start_date": "2027-05-01", "end_date": "2027-05-03"}
            )
        ).record
        tram = (
            await services.itinerary.add(trip.id, {"day": "2027-05-01", "title": "Tram 28"})
        ).record
        dinner = (
            await services.itinerary.add(trip.id, {"day": "2027-05-01", "title": "Dinner at Zé"})
        ).record
        await services.locks.toggle(LockKind.ITEM, dinner.id)
        await services.aclose()
    finally:
        services.close()
    return Folder(path, trip.id, tram.id, dinner.id)


async def window_adds(services: TravelServices, trip: str, title: str) -> str:
    """The person adds an item in the window's form (the window's repositories)."""
    item = (await services.itinerary.add(trip, {"day": "2027-05-02", "title": title})).record
    return item.id


@dataclass
class Heard:
    """The notifications a client received, and a way to wait for one."""

    updated: list[str] = field(default_factory=list)
    lists_changed: int = 0
    _news: asyncio.Event = field(default_factory=asyncio.Event)

    async def __call__(self, message: IncomingMessage) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            self.updated.append(str(message.params.uri))
        elif isinstance(message, types.ResourceListChangedNotification):
            self.lists_changed += 1
        self._news.set()

    async def update_of(self, uri: str) -> None:
        """Wait until `uri` was announced as updated (the timeout only ends a broken run)."""
        await self._until(lambda: uri in self.updated)

    async def list_change(self) -> None:
        """Wait until the resource list was announced as changed."""
        await self._until(lambda: self.lists_changed > 0)

    async def _until(self, heard: Callable[[], bool]) -> None:
        async with asyncio.timeout(BROKEN_RUN_SECONDS):
            while not heard():
                self._news.clear()
                await self._news.wait()


async def programs_of(services: TravelServices, entity_id: str) -> set[str | None]:
    """The programs the change log names as writing `entity_id`."""
    query = select(ChangeLogEntry.program).where(ChangeLogEntry.entity_id == entity_id)
    return set(await services.database.run(lambda session: session.exec(query).all()))


def server_command(folder: Path) -> StdioServerParameters:
    """What the window's Connect another assistant gives a client to start (`launch`)."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "CONCIERGE_DATA_DIR"}
    }
    command, *arguments = launch(folder)
    return StdioServerParameters(command=command, args=arguments, env=environment, cwd=ROOT)


def text_of(result: Any) -> str:
    return "\n".join(part.text for part in result.content if isinstance(part, types.TextContent))


def text_of_resource(result: Any) -> str:
    return "\n".join(getattr(part, "text", "") for part in result.contents)
