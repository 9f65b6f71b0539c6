"""Turning stored history plus a fresh snapshot into the messages of one model call."""

from __future__ import annotations

from collections.abc import Sequence

from .messages import Message, ToolResult, UserMessage, last_real_user_index


def build_model_input(
    history: Sequence[Message], snapshot: UserMessage | None, *, summarize_old_results: bool
) -> list[Message]:
    """History in stored order, then the snapshot last (R3).

    With `summarize_old_results`, tool results from before the last real user turn are sent
    as their summaries. The boundary is found over the whole input, snapshot included, and
    skips framework messages, so a snapshot never turns current-turn results into summaries
    (R6).
    """
    messages: list[Message] = list(history)
    if snapshot is not None:
        messages.append(snapshot)
    if not summarize_old_results:
        return messages
    boundary = last_real_user_index(messages)
    if boundary is None:
        return messages
    for index in range(boundary):
        message = messages[index]
        if isinstance(message, ToolResult) and message.summary is not None:
            messages[index] = message.model_copy(update={"content": message.summary})
    return messages
