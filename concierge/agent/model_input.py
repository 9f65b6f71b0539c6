"""Turning stored history plus a fresh snapshot into the input of one model call."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from operator import attrgetter

from .messages import (
    AssistantMessage,
    Message,
    Provenance,
    UserMessage,
    is_compaction_summary,
    is_persons,
    is_snapshot,
    last_real_user_index,
)

_PROVENANCE = attrgetter("provenance")


def _incomplete(message: Message) -> bool:
    return isinstance(message, AssistantMessage) and message.incomplete


class SnapshotLayout(StrEnum):
    """Where the runtime-context snapshot goes in a model call's input.

    TRAILING (the default) sends it as its own user message after everything stored (R3).
    LEADING sends it as the first part of the person's latest message, so that small local
    models read the person's words last and answer them rather than the snapshot
    (`bench/snapshot_layouts.py` measures it). After tool results it trails, never between a
    call and its results. The cost: the person's message goes uncached once a turn.
    """

    TRAILING = "trailing"
    LEADING = "leading"


def build_model_input(
    history: Sequence[Message],
    snapshot: UserMessage | None,
    layout: SnapshotLayout = SnapshotLayout.TRAILING,
) -> list[Message]:
    """The latest compaction summary, the messages it does not cover in stored order, and
    the snapshot (`layout`). An answer cut off mid-stream is kept for the person but left out
    here: Retry asks again.
    """
    summary, messages = compacted_view(history)
    if any(map(_incomplete, messages)):
        messages = [m for m in messages if not _incomplete(m)]
    if summary is not None:
        messages.insert(0, summary)
    if snapshot is None:
        return messages
    if layout is SnapshotLayout.LEADING and messages and is_persons(messages[-1]):
        messages.insert(len(messages) - 1, snapshot)
    else:
        messages.append(snapshot)
    return messages


def snapshot_in(messages: Sequence[Message]) -> UserMessage | None:
    """The runtime snapshot of a built input: last, or just before the person's message."""
    for message in messages[-1:-3:-1]:
        if is_snapshot(message):
            return message
    return None


def leads_message(messages: Sequence[Message], index: int) -> bool:
    """Whether `messages[index]` is a snapshot to be sent as the leading part of the
    person's message right after it (LEADING)."""
    return (
        is_snapshot(messages[index])
        and index + 1 < len(messages)
        and is_persons(messages[index + 1])
    )


def compacted_view(history: Sequence[Message]) -> tuple[UserMessage | None, list[Message]]:
    """The summary that stands in for older messages (if any) and the messages after them.

    The latest summary whose covered message is found before it wins; one that covers nothing
    found is ignored, so the model gets the full history rather than one with a gap.
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
    """Tool results before this index are sent as their summaries: the last real user
    turn, skipping framework messages, so a snapshot or summary never summarizes the current
    turn's results (R6).
    """
    return last_real_user_index(messages) or 0


def _position_of(history: Sequence[Message], message_id: str | None, *, before: int) -> int | None:
    for index in range(before - 1, -1, -1):
        if history[index].id == message_id:
            return index
    return None


def _without_summaries(messages: Sequence[Message]) -> list[Message]:
    return [m for m in messages if m.provenance is not Provenance.COMPACTION]
