"""Stored conversation and tools as realtime session items and settings: a session starts
empty, so the conversation so far goes to it through the same pairing and compaction view as
a text turn's input, and a voice session (or a reconnect) continues the chat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .messages import (
    AssistantMessage,
    ContentPart,
    ImagePart,
    Message,
    ToolResult,
    UserMessage,
    paired,
    part_text,
)
from .model_input import build_model_input
from .tools import Tool
from .voice_events import SAMPLE_RATE, TurnDetection

Item = dict[str, Any]


def conversation_items(history: Sequence[Message]) -> list[Item]:
    """The stored conversation as items in order: what a text turn's model input holds
    (latest summary, paired calls and results, no answer cut mid-stream), snapshot aside."""
    items: list[Item] = []
    for message in build_model_input(paired(history), None):
        items.extend(message_items(message))
    return items


def message_items(message: Message) -> list[Item]:
    if isinstance(message, UserMessage):
        content = [_user_part(part) for part in message.content]
        return [{"type": "message", "role": "user", "content": content}]
    if isinstance(message, AssistantMessage):
        items: list[Item] = []
        if message.text:
            items.append(
                {
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": message.text}],
                }
            )
        items.extend(
            {
                "type": "function_call",
                "call_id": call.id,
                "name": call.name,
                "arguments": call.arguments,
            }
            for call in message.tool_calls
        )
        return items
    assert isinstance(message, ToolResult)
    return [function_call_output(message)]


def function_call_output(result: ToolResult) -> Item:
    return {
        "type": "function_call_output",
        "call_id": result.tool_call_id,
        "output": result.content,
    }


def _user_part(part: ContentPart) -> Item:
    text = part_text(part)
    if text is not None:
        return {"type": "input_text", "text": text}
    if isinstance(part, ImagePart):
        image: Item = {"type": "input_image", "image_url": part.url}
        if part.detail is not None:
            image["detail"] = part.detail
        return image
    return {"type": "input_text", "text": "[The person attached a video; it is not shown here.]"}


def session_tools(tools: Sequence[Tool[Any]]) -> list[Item]:
    """The agent's tools in the realtime shape: the same names, descriptions and schemas
    as a text turn's `tools` (`Tool.spec`), flattened as the realtime API wants them."""
    out: list[Item] = []
    for tool in tools:
        function = tool.spec()["function"]
        out.append(
            {
                "type": "function",
                "name": function["name"],
                "description": function["description"],
                "parameters": function["parameters"],
            }
        )
    return out


def turn_detection_setting(mode: TurnDetection) -> Item | None:
    """Server VAD that answers and lets the person barge in, or none (manual commit)."""
    if mode is TurnDetection.PUSH_TO_TALK:
        return None
    return {"type": "server_vad", "create_response": True, "interrupt_response": True}


def session_settings(
    *,
    instructions: str,
    tools: Sequence[Tool[Any]],
    mode: TurnDetection,
    voice: str | None,
    transcription_model: str | None,
) -> Item:
    """The `session` of a `session.update`: the text turns' instructions and tools, PCM16
    at 24 kHz both ways, and the turn detection of `mode`."""
    audio_format = {"type": "audio/pcm", "rate": SAMPLE_RATE}
    audio_input: Item = {"format": audio_format, "turn_detection": turn_detection_setting(mode)}
    if transcription_model is not None:
        audio_input["transcription"] = {"model": transcription_model}
    audio_output: Item = {"format": audio_format}
    if voice is not None:
        audio_output["voice"] = voice
    session: Item = {
        "type": "realtime",
        "instructions": instructions,
        "output_modalities": ["audio"],
        "audio": {"input": audio_input, "output": audio_output},
        "tools": session_tools(tools),
        "tool_choice": "auto",
    }
    return session
