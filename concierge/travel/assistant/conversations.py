"""A trip's conversation with its assistant: one per trip, in the store's history, and the
turn lease held through each request. Apart from `trip_assistant` so the window shows a
trip's conversation without importing the assistant's tools, which it binds later."""

from __future__ import annotations

from collections.abc import Sequence

from concierge.agent import AbortSignal, ContentPart, Runnable, RunnableWrapper, TurnResult
from concierge.store import SqliteHistoryStore

from ..services import TravelServices


def conversation_id(trip_id: str) -> str:
    """One conversation per trip."""
    return f"trip-{trip_id}"


def trip_history(services: TravelServices, trip_id: str) -> SqliteHistoryStore:
    return SqliteHistoryStore(services.database, conversation_id(trip_id), title=trip_id)


class OneTurnAtATime(RunnableWrapper):
    """Holds the conversation's turn lease through each request and retry, so another process
    answering in it is refused (`ConversationBusyError`) before anything is stored."""

    def __init__(self, inner: Runnable, history: SqliteHistoryStore) -> None:
        super().__init__(inner)
        self.history = history

    async def process_request(
        self, request: str | Sequence[ContentPart], signal: AbortSignal | None = None
    ) -> TurnResult:
        async with self.history.turn():
            return await self.inner.process_request(request, signal)

    async def retry(self, signal: AbortSignal | None = None) -> TurnResult:
        async with self.history.turn():
            return await self.inner.retry(signal)
