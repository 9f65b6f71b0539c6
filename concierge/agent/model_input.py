"""Turning stored history plus a fresh snapshot into the input of one model call."""

from __future__ import annotations

from collections.abc import Sequence

from .messages import Message, UserMessage, last_real_user_index


def build_model_input(history: Sequence[Message], snapshot: UserMessage | None) -> list[Message]:
    """History in stored order, then the snapshot last (R3)."""
    messages = list(history)
    if snapshot is not None:
        messages.append(snapshot)
    return messages


def summary_boundary(messages: Sequence[Message]) -> int:
    """Tool results before this index are sent as their summaries.

    The boundary is the last real user turn, found over the whole input (snapshot included)
    while skipping framework messages, so a snapshot or a compaction summary never turns the
    current turn's results into summaries (R6).
    """
    return last_real_user_index(messages) or 0
