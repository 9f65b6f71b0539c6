"""OpenAI's rule for tool messages, checked on every chat request the fake server receives.

An assistant message with `tool_calls` must be followed at once by one `tool` message per
call id, and a `tool` message must answer the assistant message before its run of tool
messages. OpenAI refuses anything else with 400 and these words (its spelling kept), so every
test that talks to the fake server also checks that the runtime sends valid pairs.
"""

from __future__ import annotations

from typing import Any

from tests.fakes.replies import JSONDict, error_body

MISSING = (
    "An assistant message with 'tool_calls' must be followed by tool messages responding to "
    "each 'tool_call_id'. The following tool_call_ids did not have response messages: {ids}"
)
ORPHAN = (
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message "
    "with 'tool_calls'."
)


def pairing_error(body: JSONDict) -> JSONDict | None:
    """OpenAI's 400 body for the first unpaired or misplaced tool message, or None."""
    messages = body.get("messages")
    if not isinstance(messages, list):
        return None
    waiting: list[str] = []
    waiting_at = 0
    answerable: set[str] = set()
    for index, message in enumerate(messages):
        role = message.get("role") if isinstance(message, dict) else None
        if role == "tool":
            call_id = message.get("tool_call_id")
            if call_id not in answerable:
                return _refusal(ORPHAN, index)
            answerable.discard(call_id)
            waiting = [w for w in waiting if w != call_id]
            continue
        if waiting:
            return _refusal(MISSING.format(ids=", ".join(waiting)), waiting_at)
        answerable = set()
        if role == "assistant" and isinstance(message, dict) and message.get("tool_calls"):
            waiting = [_call_id(call) for call in message["tool_calls"]]
            answerable = set(waiting)
            waiting_at = index
    if waiting:
        return _refusal(MISSING.format(ids=", ".join(waiting)), waiting_at)
    return None


def _call_id(call: Any) -> str:
    return str(call.get("id")) if isinstance(call, dict) else ""


def _refusal(message: str, index: int) -> JSONDict:
    body = error_body(message, "invalid_request_error")
    body["error"]["param"] = f"messages.[{index}].role"
    return body
