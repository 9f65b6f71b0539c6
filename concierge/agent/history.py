"""Where a conversation's messages live between model calls.

The runtime rebuilds the model input from the store on every iteration, so the store is the
only copy of history. Runtime snapshots are refused here: they are transient by contract (R4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .errors import TransientMessageError
from .messages import Message, Provenance


@runtime_checkable
class HistoryStore(Protocol):
    async def load(self) -> list[Message]:
        """All stored messages, oldest first."""
        ...

    async def append(self, messages: Sequence[Message]) -> None:
        """Store `messages` atomically: all of them or none (a tool-result bundle is one call)."""
        ...


def ensure_storable(messages: Sequence[Message]) -> None:
    for message in messages:
        if message.provenance is Provenance.RUNTIME:
            raise TransientMessageError(
                "Runtime-context snapshots are transient and are never stored in history."
            )


class InMemoryHistoryStore:
    """A history store for tests, scratch conversations and sub-agents."""

    def __init__(self, messages: Sequence[Message] = ()) -> None:
        ensure_storable(messages)
        self._messages: list[Message] = list(messages)

    async def load(self) -> list[Message]:
        return list(self._messages)

    async def append(self, messages: Sequence[Message]) -> None:
        ensure_storable(messages)
        self._messages.extend(messages)
