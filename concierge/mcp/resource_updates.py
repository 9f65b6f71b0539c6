"""Update notifications of the per-trip context resources: whatever changes a trip (a tool
call here, the window, another program seen by `OutsideWrites`) tells the clients subscribed to
its resource, through `resources/subscribe` (handshake era) or `subscriptions/listen`. A trip
added, removed or renamed changes the list itself: the clients that listed it, or listen for
it, are told so."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from mcp.server.session import ServerSession
from mcp.server.subscriptions import (
    InMemorySubscriptionBus,
    ResourcesListChanged,
    ResourceUpdated,
    ServerEvent,
)

from concierge.store import ChangeBus
from concierge.store.changes import Action, Change, EntityKind, ProposalNews

log = logging.getLogger(__name__)

SCHEME = "concierge"
LISTED = frozenset({"title"})
"""The trip's fields its resource's listing shows."""


def context_uri(trip_id: str) -> str:
    return f"{SCHEME}://trips/{trip_id}/context"


def trip_of(uri: str) -> str | None:
    """The trip id a context resource's `uri` names, or None for another URI."""
    prefix, suffix = f"{SCHEME}://trips/", "/context"
    if uri.startswith(prefix) and uri.endswith(suffix):
        return uri[len(prefix) : -len(suffix)] or None
    return None


def lists_anew(change: Change) -> bool:
    """Whether `change` changes the list of context resources (a trip added, gone or renamed)."""
    if change.entity is not EntityKind.TRIP:
        return False
    return change.action is not Action.UPDATE or bool(change.fields & LISTED)


class ResourceUpdates:
    """Sends `notifications/resources/updated` for the trips changes touch, once per trip
    however many rows one commit changed, and `notifications/resources/list_changed` once
    per commit adding, removing or renaming trips. Start on the server's event loop."""

    def __init__(self, bus: ChangeBus, trip_ids: Callable[[], Awaitable[list[str]]]) -> None:
        """`trip_ids`: every trip's id, for a change to all trips (an all-trip pin)."""
        self.listen_bus = InMemorySubscriptionBus()
        self._trip_ids = trip_ids
        self._subscribers: dict[str, list[ServerSession]] = {}
        self._listed: list[ServerSession] = []
        self._dirty: set[str | None] = set()
        self._list_changed = False
        self._flush: asyncio.Task[None] | None = None
        self._unsubscribe = [
            bus.subscribe(self._changed),
            bus.proposals.subscribe(self._proposed),
        ]

    def subscribe(self, uri: str, session: ServerSession) -> None:
        sessions = self._subscribers.setdefault(uri, [])
        if session not in sessions:
            sessions.append(session)

    def listed(self, session: ServerSession) -> None:
        """`session` read the list: it hears when the list changes."""
        if session not in self._listed:
            self._listed.append(session)

    def unsubscribe(self, uri: str, session: ServerSession) -> None:
        sessions = self._subscribers.get(uri, [])
        if session in sessions:
            sessions.remove(session)

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        if self._flush is not None:
            self._flush.cancel()

    def _changed(self, change: Change) -> None:
        self._list_changed = self._list_changed or lists_anew(change)
        self._mark(change.trip_id)

    def _proposed(self, news: ProposalNews) -> None:
        self._mark(news.trip_id)

    def _mark(self, trip_id: str | None) -> None:
        """`trip_id` None: a change to every trip (an all-trip pin)."""
        self._dirty.add(trip_id)
        if self._flush is None or self._flush.done():
            self._flush = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while self._dirty:
            dirty, self._dirty = self._dirty, set()
            if self._list_changed:
                self._list_changed = False
                await self._tell_list_changed()
            trips = set(await self._trip_ids()) if None in dirty else set()
            trips.update(trip_id for trip_id in dirty if trip_id is not None)
            uris = {uri for uri in self._subscribers if trip_of(uri) in trips}
            for trip_id in sorted(trips):
                await self.listen_bus.publish(ResourceUpdated(context_uri(trip_id)))
            for uri in sorted(uris):
                for session in list(self._subscribers.get(uri, ())):
                    if not await _told(session, ResourceUpdated(uri)):
                        self.unsubscribe(uri, session)

    async def _tell_list_changed(self) -> None:
        await self.listen_bus.publish(ResourcesListChanged())
        for session in list(self._listed):
            if not await _told(session, ResourcesListChanged()):
                self._listed.remove(session)


async def _told(session: ServerSession, event: ServerEvent) -> bool:
    """Whether `session` was told of `event`; a client gone hears nothing more."""
    try:
        if isinstance(event, ResourceUpdated):
            await session.send_resource_updated(event.uri)
        else:
            await session.send_resource_list_changed()
    except Exception as error:
        log.info("cannot tell a client of %s: %r", event, error)
        return False
    return True
