"""Notes the chat keeps between messages (an error, a stop, a turn cut short) for people only.

They live in the conversation's own rows, in its sequence, under a role no message has, so a
history store's `load()` never returns them and they can never reach the model's input.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable

NOTE_ROLE = "note"
"""The `role` of a note's row; messages are "user", "assistant" or "tool"."""


class NoteKind(StrEnum):
    ERROR = "error"
    """The turn failed (server error, server down, …); the text says why."""
    STOPPED = "stopped"
    """The person stopped the turn before anything of an answer was kept."""
    LIMIT = "limit"
    """The turn ended at the iteration limit without a final answer."""


@dataclass(frozen=True, slots=True)
class TranscriptNote:
    id: str
    kind: NoteKind
    text: str
    after: int
    """How many messages of the conversation came before the note: it is shown after them."""


@runtime_checkable
class NoteKeeper(Protocol):
    """A history store that also keeps transcript notes."""

    async def notes(self) -> list[TranscriptNote]:
        """Every note of the conversation, oldest first."""
        ...

    async def add_note(self, kind: NoteKind, text: str) -> TranscriptNote:
        """Keep a note after the messages stored so far."""
        ...
