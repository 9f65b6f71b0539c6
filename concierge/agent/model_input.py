"""Turning stored history plus a fresh snapshot into the input of one model call."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from .messages import (
    AssistantMessage,
    Message,
    Provenance,
    UserMessage,
    is_compaction_summary,
    last_real_user_index,
)

_PROVENANCE = attrgetter("provenance")


def _incomplete(message: Message) -> bool:
    return isinstance(message, AssistantMessage) and message.incomplete


def build_model_input(history: Sequence[Message], snapshot: UserMessage | None) -> list[Message]:
    """The latest compaction summary, the messages it does not cover in stored order, then
    the snapshot last (R3).

    The store keeps every message; only the input is shortened by a summary. An answer cut
    off mid-stream is left out: it is kept for the person, and Retry asks again.
    """
    summary, messages = compacted_view(history)
    if any(map(_incomplete, messages)):
        messages = [m for m in messages if not _incomplete(m)]
    if summary is not None:
        messages.insert(0, summary)
    if snapshot is not None:
        messages.append(snapshot)
    return messages


def compacted_view(history: Sequence[Message]) -> tuple[UserMessage | None, list[Message]]:
    """The summary that stands in for older messages (if any) and the messages after them.

    Summaries are appended when they are made, so they sit after the messages they cover;
    each is taken out of its stored place. The latest one whose covered message is found
    before it wins; one that covers nothing found is ignored, so the model gets the full
    history rather than a summary with a gap behind it.
    """
    if Provenance.COMPACTION not in map(_PROVENANCE, reversed(history)):  # At C speed.
        return None, list(history)
    for position in range(len(history) - 1, -1, -1):  # The latest summary is near the end.
        summary = history[position]
        if summary.provenance is not Provenance.COMPACTION:
            continue
        if is_compaction_summary(summary):
            covered = _position_of(history, summary.covers_through, before=position)
            if covered is not None:
                return summary, _without_summaries(history[covered + 1 :])
    return None, _without_summaries(history)


def summary_boundary(messages: Sequence[Message]) -> int:
    """Tool results before this index are sent as their summaries.

    The boundary is the last real user turn, found over the whole input (snapshot included)
    while skipping framework messages, so a snapshot or a compaction summary never turns the
    current turn's results into summaries (R6).
    """
    return last_real_user_index(messages) or 0


def _position_of(history: Sequence[Message], message_id: str | None, *, before: int) -> int | None:
    for index in range(before - 1, -1, -1):
        if history[index].id == message_id:
            return index
    return None


def _without_summaries(messages: Sequence[Message]) -> list[Message]:
    return [m for m in messages if m.provenance is not Provenance.COMPACTION]
