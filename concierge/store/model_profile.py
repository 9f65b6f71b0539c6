"""Which model server the assistant talks to: presets, the effective profile, and checks.

A profile combines the stored settings, the API key from the `SecretStore` (its account is
the base URL, so each server keeps its own key) and environment overrides. The environment
wins, because a person who sets `OPENAI_BASE_URL` in a shell expects it to be used; the
profile names which fields it overrode so the UI can say so instead of silently ignoring
edits. `list_models` and `test_connection` turn every failure into one readable sentence.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from .secrets import ENVIRONMENT_VARIABLE, SecretSaved, SecretSource, SecretStore
from .settings import (
    ASSISTANT_CONTEXT_BUDGET,
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_NAME,
    MODEL_PRESET,
    Settings,
)

if TYPE_CHECKING:
    import openai

ENV_BASE_URL = "OPENAI_BASE_URL"
ENV_API_KEY = ENVIRONMENT_VARIABLE
ENV_MODEL = "CONCIERGE_MODEL"
NO_KEY = "none"
"""Sent when a server wants no key: the SDK insists on a non-empty one."""
CHECK_TIMEOUT = 5.0
"""Seconds a connection check waits for the server: a local server answers at once."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A kind of OpenAI-compatible server and what it expects."""

    key: str
    label: str
    base_url: str
    hint: str
    key_required: bool = False
    placeholder_key: str | None = None
    """Sent when no key is given, for servers that want any non-empty one."""


PRESETS: tuple[Preset, ...] = (
    Preset(
        "openai",
        "OpenAI",
        "https://api.openai.com/v1",
        "Needs an API key from platform.openai.com.",
        key_required=True,
    ),
    Preset(
        "ollama",
        "Ollama",
        "http://localhost:11434/v1",
        "No real key needed. Pull a tool-capable model first (ollama pull llama3.1).",
        placeholder_key="ollama",
    ),
    Preset(
        "lmstudio",
        "LM Studio",
        "http://localhost:1234/v1",
        "No key by default. Start the server in LM Studio's Developer tab and load a model.",
    ),
    Preset(
        "llamacpp",
        "llama.cpp server",
        "http://127.0.0.1:8080/v1",
        "Tools need a tool-capable chat template: start llama-server with --jinja.",
    ),
    Preset(
        "vllm",
        "vLLM",
        "http://localhost:8000/v1",
        "Tools need --enable-auto-tool-choice --tool-call-parser …; without them vLLM answers 400.",
    ),
    Preset(
        "custom",
        "Custom",
        "",
        "Any server that speaks OpenAI Chat Completions; its base URL usually ends in /v1.",
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
        return "Enter the model server's base URL."
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        example = PRESETS[1].base_url
        return f"The base URL must start with http:// or https:// (for example {example})."
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
    connect_timeout: float = MODEL_CONNECT_TIMEOUT.default
    idle_timeout: float = MODEL_IDLE_TIMEOUT.default
    """Seconds of silence from the server before a model call fails (`MODEL_IDLE_TIMEOUT`)."""

    @property
    def preset_info(self) -> Preset:
        return preset_for(self.preset)

    @property
    def client_api_key(self) -> str:
        """The key to hand `openai.AsyncOpenAI`: the real one, the preset's stand-in, or "none"."""
        return self.api_key or self.preset_info.placeholder_key or NO_KEY

    @property
    def problem(self) -> str | None:
        """What keeps this profile from working, in words for the person; None if nothing."""
        url_problem = base_url_problem(self.base_url)
        if url_problem is not None:
            return f"{url_problem} Open Settings to connect a model."
        if not self.model:
            return "Choose a model in Settings."
        if self.preset_info.key_required and not self.api_key:
            return (
                f"{self.preset_info.label} needs an API key: enter it in Settings or set "
                f"{ENV_API_KEY}."
            )
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
        connect_timeout=await settings.get(MODEL_CONNECT_TIMEOUT),
        idle_timeout=await settings.get(MODEL_IDLE_TIMEOUT),
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
    environ: Mapping[str, str] = os.environ,
) -> SecretSaved | None:
    """Store the profile; fields an environment variable overrides are left as stored.

    The key goes to the `SecretStore` under the base URL; an empty key forgets the stored
    one. Returns where the key went, or None when no key was stored.
    """
    base_url = normalize_base_url(base_url)
    if context_budget is not None:  # first: a value out of range stops before other writes
        await settings.set(ASSISTANT_CONTEXT_BUDGET, context_budget)
    await settings.set(MODEL_PRESET, preset_for(preset).key)
    if _env(environ, ENV_BASE_URL) is None:
        await settings.set(MODEL_BASE_URL, base_url)
    else:
        base_url = normalize_base_url(environ[ENV_BASE_URL])
    if _env(environ, ENV_MODEL) is None:
        await settings.set(MODEL_NAME, model.strip())
    await settings.set(MODEL_MERGE_USER_TURNS, merge_user_turns)
    if _env(environ, ENV_API_KEY) is not None or not base_url:
        return None
    key = (api_key or "").strip()
    if not key:
        await secrets.delete(base_url)
        return None
    current = await secrets.get(base_url)
    if current is not None and current.value == key and current.source is SecretSource.KEYRING:
        return SecretSaved(persistent=True)  # Unchanged: spare the keyring a write.
    return await secrets.set(base_url, key)


class ConnectionCheckError(Exception):
    """A model server could not be asked; `str(error)` is a sentence for the person."""

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code


async def list_models(
    base_url: str,
    api_key: str | None,
    # ASYNC109: the timeout bounds each request of the SDK client, not this coroutine.
    timeout: float = CHECK_TIMEOUT,  # noqa: ASYNC109
) -> list[str]:
    """The model ids the server lists at GET {base_url}/models, sorted.

    Raises `ConnectionCheckError` with a readable message for every failure.
    """
    base_url = normalize_base_url(base_url)
    if (problem := base_url_problem(base_url)) is not None:
        raise ConnectionCheckError(problem)
    import openai  # Only when asked: the SDK takes a noticeable part of a second to import.

    client = openai.AsyncOpenAI(
        base_url=base_url, api_key=api_key or NO_KEY, max_retries=0, timeout=timeout
    )
    try:
        ids = {str(model.id) async for model in client.models.list()}
    except openai.APIError as error:
        raise _readable(error, base_url, timeout) from error
    except (AttributeError, TypeError, ValueError) as error:  # A 200 that is not a list.
        raise ConnectionCheckError(
            f"{base_url} answered, but not with a list of models. {_v1_hint(base_url)}".strip()
        ) from error
    finally:
        await client.close()
    return sorted(ids)


def _v1_hint(base_url: str) -> str:
    if urlsplit(base_url).path.rstrip("/").endswith("/v1"):
        return ""
    return "Most servers' base URL ends in /v1."


def _readable(error: openai.APIError, base_url: str, timeout: float) -> ConnectionCheckError:
    import openai

    if isinstance(error, openai.APITimeoutError):
        return ConnectionCheckError(f"{base_url} did not answer within {timeout:g} seconds.")
    if isinstance(error, openai.APIConnectionError):
        if _caused_by(error, socket.gaierror):
            host = urlsplit(base_url).hostname
            return ConnectionCheckError(f"Cannot find the host {host!r}: check the base URL.")
        return ConnectionCheckError(f"Cannot reach {base_url}: is the server running?")
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        if status in (401, 403):
            message = "The server refused the API key."
        elif status == 404:
            message = "This server has no /models endpoint; type the model name. "
            message += _v1_hint(base_url)
        else:
            message = f"The server answered {status}: {error.message}"
        return ConnectionCheckError(message.strip(), status_code=status)
    return ConnectionCheckError(f"The server's answer could not be read: {error.message}")


def _caused_by(error: BaseException, kind: type[BaseException]) -> bool:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, kind):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


async def test_connection(profile: ModelProfile) -> str:
    """Ask the server for its models and say whether the chosen one is among them.

    Raises `ConnectionCheckError` when the server cannot be asked or refuses.
    """
    if profile.preset_info.key_required and not profile.api_key:
        raise ConnectionCheckError(f"{profile.preset_info.label} needs an API key.")
    models = await list_models(profile.base_url, profile.client_api_key)
    count = f"{len(models)} model{'s' if len(models) != 1 else ''}"
    if not models:
        return "Connected, but the server lists no models. Load or pull one, then try again."
    if not profile.model:
        return f"Connected. {count} available; choose one."
    if profile.model in models:
        return f"Connected. {count} available; {profile.model} is one of them."
    return (
        f"Connected, but {profile.model} is not among the {count} the server lists. "
        "Check the name, or use Refresh models to pick one."
    )
