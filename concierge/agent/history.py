"""Where a conversation's messages live between model calls: the runtime rebuilds the input
from the store on every iteration, so it is the only copy. Runtime snapshots are refused
here, as transient by contract (R4).
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
