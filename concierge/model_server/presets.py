"""The kinds of OpenAI-compatible server people use, and what each expects."""

from __future__ import annotations

from dataclasses import dataclass

from concierge.text import QT_TRANSLATE_NOOP


@dataclass(frozen=True, slots=True)
class Preset:
    """A kind of OpenAI-compatible server and what it expects."""

    key: str
    label: str
    base_url: str
    hint: str
    key_required: bool = False
    answer_cap_field: str = "max_tokens"
    """How the answer cap is sent: OpenAI's reasoning models refuse `max_tokens`; Ollama
    reads only `max_tokens`; llama.cpp, vLLM and LM Studio take it."""
    start: str = ""
    """How to start one, in a line: set for the servers people run on their own computer,
    which the app looks for on the loopback at their default port."""
    marker: str = ""
    """A path beside /v1 that only this kind of server answers (Ollama's /api/tags): it tells
    apart servers that share a default port."""
    suggested: tuple[str, ...] = ()
    """Models offered first, the first the server lists: a hosted server lists many, most of
    them not for chat (OpenAI's list starts with "babbage-002")."""


PRESETS: tuple[Preset, ...] = (
    Preset(
        "openai",
        "OpenAI",
        "https://api.openai.com/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "Needs an API key from platform.openai.com.",
        ),
        key_required=True,
        answer_cap_field="max_completion_tokens",
        suggested=("gpt-4.1-mini", "gpt-4o-mini", "gpt-4.1", "gpt-4o"),
    ),
    Preset(
        "ollama",
        "Ollama",
        "http://localhost:11434/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "No real key needed. Pull a tool-capable model first (ollama pull llama3.1).",
        ),
        start=QT_TRANSLATE_NOOP(
            "ModelProfile", "Install it from ollama.com, then: ollama pull llama3.1"
        ),
        marker="/api/tags",
    ),
    Preset(
        "lmstudio",
        "LM Studio",
        "http://localhost:1234/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "No key by default. Start the server in LM Studio's Developer tab and load a model.",
        ),
        start=QT_TRANSLATE_NOOP(
            "ModelProfile", "In LM Studio's Developer tab, load a model and start the server."
        ),
    ),
    Preset(
        "llamacpp",
        "llama.cpp server",
        "http://127.0.0.1:8080/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "Tools need a tool-capable chat template: start llama-server with --jinja.",
        ),
        start=QT_TRANSLATE_NOOP("ModelProfile", "llama-server --jinja -m your-model.gguf"),
        marker="/props",
    ),
    Preset(
        "vllm",
        "vLLM",
        "http://localhost:8000/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "Tools need --enable-auto-tool-choice --tool-call-parser …; "
            "without them vLLM answers 400.",
        ),
        start=QT_TRANSLATE_NOOP(
            "ModelProfile",
            "vllm serve your-model --enable-auto-tool-choice --tool-call-parser hermes",
        ),
    ),
    Preset(
        "jan",
        "Jan",
        "http://localhost:1337/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "Start the Local API Server in Jan's settings; enter the key it shows, if any.",
        ),
        start=QT_TRANSLATE_NOOP(
            "ModelProfile", "In Jan's settings, start the Local API Server (port 1337)."
        ),
    ),
    Preset(
        "localai",
        "LocalAI",
        "http://localhost:8080/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile", "No key by default. Install a model with tool support from its gallery."
        ),
        start=QT_TRANSLATE_NOOP("ModelProfile", "local-ai run your-model"),
    ),
    Preset(
        "custom",
        QT_TRANSLATE_NOOP("ModelProfile", "Custom"),
        "",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "Any server that speaks OpenAI Chat Completions; its base URL usually ends in /v1.",
        ),
    ),
)
CUSTOM = "custom"
_BY_KEY = {preset.key: preset for preset in PRESETS}


def preset_for(key: str) -> Preset:
    """The preset stored as `key`; an unknown key (another version's) reads as Custom."""
    return _BY_KEY.get(key, _BY_KEY[CUSTOM])
