"""Load-time checks on a stored conversation: rows no framework could have written.

Runtime snapshots are never stored (R4), so a row with provenance `runtime` is forged or
corrupt; a compaction summary that covers no earlier message, or whose cut would separate
tool calls from their results, would hide part of the conversation from the model. Such
rows are left out of what is loaded and reported (`HistoryProblem`), so the conversation
stays usable.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from concierge.agent.messages import (
    AssistantMessage,
    Message,
    Provenance,
    ToolResult,
    UserMessage,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class HistoryProblem:
    """A stored row that was not loaded, and why, in words for a log or the person."""

    row_id: str
    reason: str


def screened(
    conversation_id: str, rows: Sequence[tuple[str, Message]]
) -> tuple[list[Message], list[HistoryProblem]]:
    """The messages of `rows` (row id, message) that may be loaded, and the ones refused."""
    problems: list[HistoryProblem] = []
    kept: list[tuple[str, Message]] = []
    for row_id, message in rows:
        if message.provenance is Provenance.RUNTIME:
            problems.append(
                HistoryProblem(row_id, "claims to be a runtime snapshot, which is never stored")
            )
        else:
            kept.append((row_id, message))
    messages = [message for _, message in kept]
    loaded: list[Message] = []
    for index, (row_id, message) in enumerate(kept):
        reason = _compaction_problem(messages, index)
        if reason is None:
            loaded.append(message)
        else:
            problems.append(HistoryProblem(row_id, reason))
    for problem in problems:
        log.warning(
            "Conversation %s: stored message %s was not loaded: it %s.",
            conversation_id,
            problem.row_id,
            problem.reason,
        )
    return loaded, problems


def _compaction_problem(messages: Sequence[Message], index: int) -> str | None:
    summary = messages[index]
    if not isinstance(summary, UserMessage) or summary.provenance is not Provenance.COMPACTION:
        return None
    covers = summary.covers_through
    if covers is None:
        return "is a compaction summary that names no message it stands in for"
    position = next((i for i in range(index) if messages[i].id == covers), None)
    if position is None:
        return f"is a compaction summary of message {covers}, which is not before it"
    covered = messages[: position + 1]
    calls = {
        call.id
        for message in covered
        if isinstance(message, AssistantMessage)
        for call in message.tool_calls
    }
    answered = {message.tool_call_id for message in covered if isinstance(message, ToolResult)}
    later = {m.tool_call_id for m in messages[position + 1 :] if isinstance(m, ToolResult)}
    if (calls - answered) & later:
        return "is a compaction summary that would separate tool calls from their results"
    return None
