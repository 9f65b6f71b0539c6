"""Token estimates without a tokenizer, apart from compaction so the modules that only need a
size (result summaries, context updates) do not depend on the compactor, nor it on them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from .messages import (
    AssistantMessage,
    DocumentPart,
    ImagePart,
    Message,
    TextPart,
    UserMessage,
)


class TokenEstimator(Protocol):
    """Estimates model tokens without a tokenizer: deterministic and cheap."""

    def text(self, text: str) -> int: ...

    def message(self, message: Message, *, summarized: bool = False) -> int:
        """Tokens of `message` as sent; `summarized` counts a tool result's summary instead."""
        ...


@dataclass(frozen=True, slots=True)
class CharTokenEstimator:
    """About four characters a token, a fixed overhead a message, a fixed cost per media part."""

    chars_per_token: float = 4.0
    message_overhead: int = 4
    image_tokens: int = 800
    video_tokens: int = 2_000

    def text(self, text: str) -> int:
        return math.ceil(len(text) / self.chars_per_token)

    def message(self, message: Message, *, summarized: bool = False) -> int:
        media = 0
        if isinstance(message, UserMessage):
            chars = 0
            for part in message.content:
                if isinstance(part, TextPart):
                    chars += len(part.text)
                elif isinstance(part, DocumentPart):
                    chars += len(part.model_text)
                elif isinstance(part, ImagePart):
                    media += self.image_tokens
                else:
                    media += self.video_tokens
        elif isinstance(message, AssistantMessage):
            chars = len(message.text) + sum(
                len(c.id) + len(c.name) + len(c.arguments) + 24 for c in message.tool_calls
            )
        else:
            summary = message.summary if summarized else None
            sent = summary if summary is not None else message.content
            chars = len(sent) + len(message.tool_call_id)
        return self.message_overhead + media + math.ceil(chars / self.chars_per_token)
