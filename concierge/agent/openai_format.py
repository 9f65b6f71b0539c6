"""Messages to Chat Completions JSON, deterministically (R5), merging user turns safely (R8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .messages import (
    AssistantMessage,
    ContentPart,
    ImagePart,
    Message,
    TextPart,
    ToolResult,
    UserMessage,
    VideoPart,
    part_text,
)
from .model_input import leads_message


def format_part(part: ContentPart, *, images_as_text: bool = False) -> dict[str, Any]:
    """One content part; `images_as_text` says an image was attached instead of sending it
    (for a model that refused images)."""
    text = part_text(part)
    if text is not None:
        return {"type": "text", "text": text}
    if isinstance(part, ImagePart) and images_as_text:
        named = f" “{part.name}”" if part.name else ""
        return {
            "type": "text",
            "text": f"[The person attached an image{named}; this model cannot read images.]",
        }
    if isinstance(part, ImagePart):
        image: dict[str, Any] = {"url": part.url}
        if part.detail is not None:
            image["detail"] = part.detail
        return {"type": "image_url", "image_url": image}
    assert isinstance(part, VideoPart)
    return {"type": "video_url", "video_url": {"url": part.url}}


def format_message(
    message: Message, *, summarized: bool = False, images_as_text: bool = False
) -> dict[str, Any]:
    """One message as Chat Completions JSON; `summarized` sends a tool result's summary."""
    if isinstance(message, UserMessage):
        parts = message.content
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return {"role": "user", "content": parts[0].text}
        return {
            "role": "user",
            "content": [format_part(p, images_as_text=images_as_text) for p in parts],
        }
    if isinstance(message, AssistantMessage):
        if not message.tool_calls:
            return {"role": "assistant", "content": message.text}
        return {
            "role": "assistant",
            "content": message.text or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments},
                }
                for call in message.tool_calls
            ],
        }
    assert isinstance(message, ToolResult)
    content = message.summary if summarized and message.summary is not None else message.content
    return {"role": "tool", "tool_call_id": message.tool_call_id, "content": content}


def _as_parts(content: str | list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)


def _led_by(snapshot: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The person's message with the snapshot's parts first (`SnapshotLayout.LEADING`).

    Part lists, as in merging (R8): the person's images stay parts, their words a part of
    their own after the snapshot's."""
    return {
        "role": "user",
        "content": _as_parts(snapshot["content"]) + _as_parts(message["content"]),
    }


def merge_adjacent_user_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Join consecutive user messages for chat templates that insist roles alternate.

    Content is merged as part lists, so an image or video stays a part and a text snapshot
    after a media message becomes one more text part (R8).
    """
    merged: list[dict[str, Any]] = []
    for message in messages:
        previous = merged[-1] if merged else None
        if previous is not None and previous["role"] == "user" and message["role"] == "user":
            merged[-1] = {
                "role": "user",
                "content": _as_parts(previous["content"]) + _as_parts(message["content"]),
            }
        else:
            merged.append(message)
    return merged


class ChatFormatter:
    """Formats model input, reusing the JSON of every message object it formatted last time:
    stored messages are immutable and loaded as the same objects, so a long conversation costs
    only its new messages. Holding the message keeps an `id()` from being recycled.
    """

    def __init__(self) -> None:
        self._previous: dict[int, tuple[Message, bool, dict[str, Any]]] = {}
        self._images_as_text = False

    def format(
        self,
        system_prompt: str,
        messages: Sequence[Message],
        *,
        summarized: frozenset[str] = frozenset(),
        snapshot_leads: bool = False,
        merge_user_turns: bool = False,
        images_as_text: bool = False,
    ) -> list[dict[str, Any]]:
        """`snapshot_leads`: the next-to-last message is the snapshot, sent as the leading
        part of the person's message after it (`ModelRequest.snapshot_leads`)."""
        if images_as_text != self._images_as_text:
            self._previous, self._images_as_text = {}, images_as_text
        previous = self._previous
        current: dict[int, tuple[Message, bool, dict[str, Any]]] = {}
        formatted: list[dict[str, Any]] = [{"role": "system", "content": system_prompt}]
        leading: dict[str, Any] | None = None
        for index, message in enumerate(messages):
            as_summary = isinstance(message, ToolResult) and message.id in summarized
            hit = previous.get(id(message))
            if hit is not None and hit[0] is message and hit[1] == as_summary:
                entry = hit
            else:
                json = format_message(message, summarized=as_summary, images_as_text=images_as_text)
                entry = (message, as_summary, json)
            current[id(message)] = entry
            if snapshot_leads and index == len(messages) - 2 and leads_message(messages, index):
                leading = entry[2]
            elif leading is not None:
                formatted.append(_led_by(leading, entry[2]))
                leading = None
            else:
                formatted.append(entry[2])
        self._previous = current
        return merge_adjacent_user_messages(formatted) if merge_user_turns else formatted
