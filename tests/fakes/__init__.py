"""Test doubles; see :mod:`tests.fakes.openai_server` for the fake OpenAI endpoint."""

from tests.fakes.ollama_server import FakeOllama
from tests.fakes.openai_server import NO_REPLY_MESSAGE, FakeOpenAIServer, RecordedRequest
from tests.fakes.prefix_cache import PrefixCache, PromptUsage, count_tokens, tokenize
from tests.fakes.replies import Reply, ToolCallSpec

__all__ = [
    "NO_REPLY_MESSAGE",
    "FakeOllama",
    "FakeOpenAIServer",
    "PrefixCache",
    "PromptUsage",
    "RecordedRequest",
    "Reply",
    "ToolCallSpec",
    "count_tokens",
    "tokenize",
]
