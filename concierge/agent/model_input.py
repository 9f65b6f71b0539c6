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
    last_real_user_index,
)

_PROVENANCE = attrgetter("provenance")


def _incomplete(message: Message) -> bool:
    return isinstance(message, AssistantMessage) and message.incomplete


class SnapshotLayout(StrEnum):
    """Where the runtime-context snapshot goes in the input of a model call.

    TRAILING (the default) sends it as its own user message after everything stored (R3).
    LEADING puts it just before the person's latest message when the input ends with it,
    and the formatter sends the two as one user message, snapshot part first, so the
    person's words are read last: for small local models that answer the snapshot instead
    of the person (how much it helps is measured by `bench/snapshot_layouts.py`). After tool
    results, on a turn's later calls, the snapshot trails as in TRAILING, so it never sits
    between a tool call and its results and the tool results stay cached from call to call.
    The cost: the person's message is sent with the snapshot ahead of it on the turn's first
    call and without it afterwards, so its tokens are not cached on the next call, once a
    turn: the turn's second call, or the next turn's first when no tool was called (measured
    in tests/agent/test_snapshot_layout.py and `bench/snapshot_layouts.py`).
    """

    TRAILING = "trailing"
    LEADING = "leading"


def build_model_input(
    history: Sequence[Message],
    snapshot: UserMessage | None,
    layout: SnapshotLayout = SnapshotLayout.TRAILING,
) -> list[Message]:
    """The latest compaction summary, the messages it does not cover in stored order, and
    the snapshot: last (R3), or just before the person's latest message for LEADING.

    The store keeps every message; only the input is shortened by a summary. An answer cut
    off mid-stream is left out: it is kept for the person, and Retry asks again.
    """
    summary, messages = compacted_view(history)
    if any(map(_incomplete, messages)):
        messages = [m for m in messages if not _incomplete(m)]
    if summary is not None:
        messages.insert(0, summary)
    if snapshot is None:
        return messages
    if layout is SnapshotLayout.LEADING and messages and _is_persons(messages[-1]):
        messages.insert(len(messages) - 1, snapshot)
    else:
        messages.append(snapshot)
    return messages


def snapshot_in(messages: Sequence[Message]) -> UserMessage | None:
    """The runtime snapshot of a built input: last, or just before the person's message."""
    for message in messages[-1:-3:-1]:
        if isinstance(message, UserMessage) and message.provenance is Provenance.RUNTIME:
            return message
    return None


def leads_message(messages: Sequence[Message], index: int) -> bool:
    """Whether `messages[index]` is a snapshot to be sent as the leading part of the
    person's message right after it (LEADING). Provenance decides, never text (R7)."""
    return (
        messages[index].provenance is Provenance.RUNTIME
        and index + 1 < len(messages)
        and _is_persons(messages[index + 1])
    )


def _is_persons(message: Message) -> bool:
    return isinstance(message, UserMessage) and message.provenance is None


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
