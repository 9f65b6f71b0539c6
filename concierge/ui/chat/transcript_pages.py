"""A stored conversation handed to the transcript a page at a time, newest first: five
thousand messages at once block the window for seconds, a page costs milliseconds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

from concierge.agent import AssistantMessage, Message, TextPart, UserMessage
from concierge.store.transcript_notes import TranscriptNote

from .markdown import history_blocks, step_effects, turn_goes_on

Entry: TypeAlias = Message | TranscriptNote

PAGE_ENTRIES = 20
PAGE_CHARS = 8_000
"""A page ends at whichever comes first: a few milliseconds of Markdown layout, so paging up
never holds the window for long even on a busy machine."""


def interleave(messages: Sequence[Message], notes: Sequence[TranscriptNote]) -> list[Entry]:
    """Messages in stored order with each note after the messages that came before it."""
    entries: list[Entry] = []
    pending = sorted(notes, key=lambda note: note.after)
    taken = 0
    for index, message in enumerate(messages):
        while taken < len(pending) and pending[taken].after <= index:
            entries.append(pending[taken])
            taken += 1
        entries.append(message)
    entries.extend(pending[taken:])
    return entries


class TranscriptPages:
    """Hands out blocks of `entries` from the end backwards, one page per `older()` call."""

    def __init__(self, entries: Sequence[Entry], titles: Mapping[str, str]) -> None:
        self._entries = entries
        self._titles = titles
        self._effects = step_effects(entries)
        """Found over all entries: a page may begin between a call and its result."""
        self._start = len(entries)

    @property
    def pages_at_least(self) -> int:
        """How many more pages `older()` gives at the fewest (a page may end early)."""
        return -(-self._start // PAGE_ENTRIES)

    def older(self) -> list[str] | None:
        """The blocks of the page before what was handed out (possibly none, when the page
        holds only framework messages); None once everything was handed out."""
        if not self._start:
            return None
        end = start = self._start
        chars = 0
        while start > 0 and end - start < PAGE_ENTRIES and chars < PAGE_CHARS:
            start -= 1
            chars += _size(self._entries[start])
        self._start = start
        return history_blocks(
            self._entries[start:end],
            self._titles,
            self._effects,
            speaking=turn_goes_on(self._entries, start),
        )


def _size(entry: Entry) -> int:
    if isinstance(entry, TranscriptNote | AssistantMessage):
        return len(entry.text)
    if isinstance(entry, UserMessage):
        return sum(len(p.text) if isinstance(p, TextPart) else 20 for p in entry.content)
    return 40  # A tool line.
