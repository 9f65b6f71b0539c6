"""Which model server the assistant talks to: presets and the effective profile.

A profile combines the stored settings, the API key from the `SecretStore` (its account is
the base URL, so each server keeps its own key) and environment overrides. The environment
wins, because a person who sets `OPENAI_BASE_URL` in a shell expects it to be used; the
profile names which fields it overrode so the UI can say so instead of silently ignoring
edits. Asking a server what it offers is networking, not storage: see
`concierge.travel.model_server`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from concierge.agent.model_input import SnapshotLayout
from concierge.text import QT_TRANSLATE_NOOP

from .secrets import ENVIRONMENT_VARIABLE, SecretSaved, SecretSource, SecretStore
from .settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_NAME,
    MODEL_PRESET,
    MODEL_SNAPSHOT_LAYOUT,
    Settings,
)

ENV_BASE_URL = "OPENAI_BASE_URL"
ENV_API_KEY = ENVIRONMENT_VARIABLE
ENV_MODEL = "CONCIERGE_MODEL"


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
    ),
    Preset(
        "ollama",
        "Ollama",
        "http://localhost:11434/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "No real key needed. Pull a tool-capable model first (ollama pull llama3.1).",
        ),
    ),
    Preset(
        "lmstudio",
        "LM Studio",
        "http://localhost:1234/v1",
        QT_TRANSLATE_NOOP(
            "ModelProfile",
            "No key by default. Start the server in LM Studio's Developer tab and load a model.",
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


def normalize_base_url(url: str) -> str:
    """Without surrounding spaces or a trailing slash, so `…/v1/` and `…/v1` share a key."""
    return url.strip().rstrip("/")


def base_url_problem(url: str) -> str | None:
    """Why `url` cannot be a base URL, or None when it can."""
    url = normalize_base_url(url)
    if not url:
        return QT_TRANSLATE_NOOP("ModelProfile", "Enter the model server's base URL.")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        example = PRESETS[1].base_url
        return QT_TRANSLATE_NOOP(
            "ModelProfile",
            "The base URL must start with http:// or https:// (for example {example}).",
        ).format(example=example)
    return None


def _env(environ: Mapping[str, str], name: str) -> str | None:
    value = environ.get(name, "").strip()
    return value or None


@dataclass(frozen=True, slots=True)
class ModelProfile:
    """The model connection in effect. `overridden` names the environment variables that
    replaced stored values; `key_source` is None when there is no key."""

    preset: str
    base_url: str
    model: str
    api_key: str | None
    key_source: SecretSource | None
    merge_user_turns: bool
    overridden: tuple[str, ...] = ()
    context_budget: int = ASSISTANT_CONTEXT_BUDGET.default
    """Tokens per model call before older messages are summarized for the assistant."""
    answer_cap: int = ASSISTANT_ANSWER_CAP.default
    """The longest answer per model call, in tokens (`ASSISTANT_ANSWER_CAP`)."""
    connect_timeout: float = MODEL_CONNECT_TIMEOUT.default
    idle_timeout: float = MODEL_IDLE_TIMEOUT.default
    """Seconds of silence from the server before a model call fails (`MODEL_IDLE_TIMEOUT`)."""
    context_updates: bool = MODEL_CONTEXT_UPDATES.default
    """Runtime context as changes kept in place (`MODEL_CONTEXT_UPDATES`), not whole."""
    snapshot_layout: SnapshotLayout = MODEL_SNAPSHOT_LAYOUT.default
    """Where the runtime context goes in each request (`MODEL_SNAPSHOT_LAYOUT`)."""

    @property
    def preset_info(self) -> Preset:
        return preset_for(self.preset)

    @property
    def client_api_key(self) -> str | None:
        """The key to send, or None: then no Authorization header is sent at all (see
        `concierge.agent.openai_client`), never a stand-in such as "none"."""
        return self.api_key or None

    @property
    def problem(self) -> str | None:
        """What keeps this profile from working, in words for the person; None if nothing."""
        url_problem = base_url_problem(self.base_url)
        if url_problem is not None:
            return QT_TRANSLATE_NOOP(
                "ModelProfile", "{problem} Open Settings to connect a model."
            ).format(problem=url_problem)
        if not self.model:
            return QT_TRANSLATE_NOOP("ModelProfile", "Choose a model in Settings.")
        if self.preset_info.key_required and not self.api_key:
            return QT_TRANSLATE_NOOP(
                "ModelProfile", "{server} needs an API key: enter it in Settings or set {variable}."
            ).format(server=self.preset_info.label, variable=ENV_API_KEY)
        return None

    @property
    def is_usable(self) -> bool:
        return self.problem is None


async def load_profile(
    settings: Settings, secrets: SecretStore, environ: Mapping[str, str] = os.environ
) -> ModelProfile:
    """The stored profile with `OPENAI_BASE_URL`, `OPENAI_API_KEY` and `CONCIERGE_MODEL`
    applied when they are set and not empty."""
    overridden: list[str] = []
    base_url = normalize_base_url(await settings.get(MODEL_BASE_URL))
    if (env_url := _env(environ, ENV_BASE_URL)) is not None:
        base_url = normalize_base_url(env_url)
        overridden.append(ENV_BASE_URL)
    api_key: str | None = None
    key_source: SecretSource | None = None
    if (env_key := _env(environ, ENV_API_KEY)) is not None:
        api_key, key_source = env_key, SecretSource.ENVIRONMENT
        overridden.append(ENV_API_KEY)
    elif base_url:
        secret = await secrets.get(base_url)
        # The store also looks at os.environ; `environ` alone decides about the environment.
        if secret is not None and secret.source is not SecretSource.ENVIRONMENT:
            api_key, key_source = secret.value, secret.source
    model = (await settings.get(MODEL_NAME)).strip()
    if (env_model := _env(environ, ENV_MODEL)) is not None:
        model = env_model
        overridden.append(ENV_MODEL)
    return ModelProfile(
        preset=preset_for(await settings.get(MODEL_PRESET)).key,
        base_url=base_url,
        model=model,
        api_key=api_key,
        key_source=key_source,
        merge_user_turns=await settings.get(MODEL_MERGE_USER_TURNS),
        overridden=tuple(overridden),
        context_budget=await settings.get(ASSISTANT_CONTEXT_BUDGET),
        answer_cap=await settings.get(ASSISTANT_ANSWER_CAP),
        connect_timeout=await settings.get(MODEL_CONNECT_TIMEOUT),
        idle_timeout=await settings.get(MODEL_IDLE_TIMEOUT),
        context_updates=await settings.get(MODEL_CONTEXT_UPDATES),
        snapshot_layout=await settings.get(MODEL_SNAPSHOT_LAYOUT),
    )


async def stored_key(secrets: SecretStore, base_url: str) -> str | None:
    """The key kept for `base_url` (keyring or this session), ignoring the environment."""
    base_url = normalize_base_url(base_url)
    if not base_url:
        return None
    secret = await secrets.get(base_url)
    if secret is None or secret.source is SecretSource.ENVIRONMENT:
        return None
    return secret.value


async def save_profile(
    settings: Settings,
    secrets: SecretStore,
    preset: str,
    base_url: str,
    model: str,
    api_key: str | None,
    merge_user_turns: bool,
    *,
    context_budget: int | None = None,
    answer_cap: int | None = None,
    connect_timeout: float | None = None,
    idle_timeout: float | None = None,
    context_updates: bool | None = None,
    snapshot_layout: SnapshotLayout | None = None,
    environ: Mapping[str, str] = os.environ,
) -> SecretSaved | None:
    """Store the profile; fields an environment variable overrides are left as stored.

    The key goes to the `SecretStore` under the base URL; an empty key forgets the stored
    one. Returns where the key went, or None when no key was stored.
    """
    base_url = normalize_base_url(base_url)
    # First: a value out of range stops before the other writes.
    if context_budget is not None:
        await settings.set(ASSISTANT_CONTEXT_BUDGET, context_budget)
    if answer_cap is not None:
        await settings.set(ASSISTANT_ANSWER_CAP, answer_cap)
    if connect_timeout is not None:
        await settings.set(MODEL_CONNECT_TIMEOUT, connect_timeout)
    if idle_timeout is not None:
        await settings.set(MODEL_IDLE_TIMEOUT, idle_timeout)
    await settings.set(MODEL_PRESET, preset_for(preset).key)
    if _env(environ, ENV_BASE_URL) is None:
        await settings.set(MODEL_BASE_URL, base_url)
    else:
        base_url = normalize_base_url(environ[ENV_BASE_URL])
    if _env(environ, ENV_MODEL) is None:
        await settings.set(MODEL_NAME, model.strip())
    await settings.set(MODEL_MERGE_USER_TURNS, merge_user_turns)
    if context_updates is not None:
        await settings.set(MODEL_CONTEXT_UPDATES, context_updates)
    if snapshot_layout is not None:
        await settings.set(MODEL_SNAPSHOT_LAYOUT, snapshot_layout)
    if _env(environ, ENV_API_KEY) is not None or not base_url:
        return None
    key = (api_key or "").strip()
    if not key:
        await secrets.delete(base_url)
        return None
    current = await secrets.get(base_url)
    if current is not None and current.value == key and current.source is SecretSource.KEYRING:
        # Unchanged: spare the keyring a write.
        return SecretSaved(persistent=True, message=secrets.where(SecretSource.KEYRING))
    return await secrets.set(base_url, key)
