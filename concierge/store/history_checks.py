"""Load-time checks on a stored conversation: rows no framework could have written.

Runtime snapshots are never stored (R4), so a row with provenance `runtime` is forged or
corrupt: it is left out. A compaction summary hides the messages up to its `covers_through`
from the model, so it is trusted only when the framework wrote it: the store keeps, with it,
the digest of every message up to the one it names (`Digests`), and loading compares. Any
other row claiming to be a summary is loaded as ordinary content, hiding nothing; a trusted
one whose cut would separate tool calls from their results is left out. Every such row is
reported (logged, and kept in `HistoryProblem`s the caller can show), so the conversation
itself stays usable.
"""

from __future__ import annotations

import hashlib
import json
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


UNTRUSTED_SUMMARY = "claims to be a compaction summary the app did not write; shown as content"


@dataclass(frozen=True, slots=True)
class HistoryProblem:
    """A stored row that was not loaded, or not as what it claims, and why, in words for a
    log or the person."""

    row_id: str
    reason: str


class Digests:
    """The running digest of a conversation's message rows in order: after each row, the
    digest of it and every row before it, which a summary covering through it must carry."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self.through: dict[str, str] = {}

    def add(self, row_id: str, provenance: str | None, payload: str) -> None:
        self._hash.update(json.dumps([row_id, provenance, payload]).encode())
        self.through[row_id] = self._hash.hexdigest()

    def trusts(self, message: Message, digest: str | None) -> bool:
        """Whether `message`, if it claims to be a summary, is one the framework wrote over
        the rows added so far (call before adding its own row)."""
        if not _claims_summary(message):
            return True
        covers = message.covers_through if isinstance(message, UserMessage) else None
        return digest is not None and covers is not None and self.through.get(covers) == digest


def as_content(message: Message) -> Message:
    """An untrusted summary as the ordinary message it is."""
    return message.model_copy(update={"provenance": None, "covers_through": None})


def _claims_summary(message: Message) -> bool:
    return isinstance(message, UserMessage) and message.provenance is Provenance.COMPACTION


def screened(
    conversation_id: str, rows: Sequence[tuple[str, Message]], untrusted: Sequence[str] = ()
) -> tuple[list[Message], list[HistoryProblem]]:
    """The messages of `rows` (row id, message) that may be loaded, and the ones refused;
    `untrusted` names the rows already turned from claimed summaries into content."""
    problems = [HistoryProblem(row_id, UNTRUSTED_SUMMARY) for row_id in untrusted]
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
            "Conversation %s: stored message %s was not loaded as it is: it %s.",
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
