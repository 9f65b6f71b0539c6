"""A fake Ollama on the loopback: its own `/api/tags` (and `/api/show`, `/api/ps`) beside its
OpenAI-compatible `/v1`, refusing what a real one refuses: tools for a model without tool
support (400, in Ollama's words), llama.cpp's `/props` (404)."""

from __future__ import annotations

import dataclasses
import functools
import socket
from collections.abc import Iterable
from typing import Any

from concierge.model_server import LOCAL_SERVERS, Preset, preset_for
from tests.fakes.openai_server import FakeOpenAIServer

CONTEXT_LENGTH = 131_072
"""What `/api/show` reports as the models' `llama.context_length`."""


class FakeOllama(FakeOpenAIServer):
    """`models` as `ollama list` would show them; those in `without_tools` are refused a
    request with tools, as Ollama refuses e.g. gemma:2b."""

    def __init__(
        self,
        *,
        models: Iterable[str] = ("llama3.1:8b", "qwen2.5:7b"),
        without_tools: Iterable[str] = (),
        wait_timeout: float = 30.0,
        port: int = 0,
    ) -> None:
        super().__init__(models=models, wait_timeout=wait_timeout, port=port)
        self.without_tools = set(without_tools)
        tags = [
            {
                "name": name,
                "model": name,
                "modified_at": "2026-11-30T09:12:44.123456789Z",
                "size": 4_920_753_328,
                "digest": f"{index:064x}",
                "details": {"format": "gguf", "family": "llama", "parameter_size": "8.0B"},
            }
            for index, name in enumerate(self.models, 1)
        ]
        self.serve_json("GET", "/api/tags", {"models": tags})
        self.serve_json("GET", "/api/ps", {"models": []})
        show = {
            "parameters": 'stop "<|eot_id|>"',
            "model_info": {"general.architecture": "llama", "llama.context_length": CONTEXT_LENGTH},
        }
        self.serve_json("POST", "/api/show", show)

    def refusal(self, body: dict[str, Any]) -> dict[str, Any] | None:
        model = body.get("model")
        if body.get("tools") and model in self.without_tools:
            message = f"registry.ollama.ai/library/{model} does not support tools"
            return {"error": {"message": message, "type": "api_error", "param": None, "code": None}}
        return super().refusal(body)


def preset_at(key: str, base_url: str) -> Preset:
    """The preset `key` as if its server listened at `base_url` (a fake's)."""
    return dataclasses.replace(preset_for(key), base_url=base_url)


_HELD: list[socket.socket] = []
"""Ports bound and never listened on, for the rest of the run: a connection to one is refused
at once, and no other program can start listening there meanwhile."""


def silent_preset(key: str) -> Preset:
    """The preset `key` at a loopback port held closed (nothing can answer there)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    _HELD.append(sock)
    return preset_at(key, f"http://127.0.0.1:{sock.getsockname()[1]}/v1")


@functools.cache
def silent_servers() -> tuple[Preset, ...]:
    """Every server the app looks for, each at a port held closed: what a window or Settings
    in a test probes, so a model server running on the machine cannot change a result."""
    return tuple(silent_preset(preset.key) for preset in LOCAL_SERVERS)
