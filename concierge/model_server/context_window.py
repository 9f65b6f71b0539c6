"""Asking a model server how long a context it has, where it says so (llama.cpp, vLLM,
Ollama and LM Studio each in their own place; OpenAI nowhere). Every probe is bounded in
time and any failure only means "not reported": the budget the person set then applies.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .address import base_url_problem, normalize_base_url, server_root

if TYPE_CHECKING:
    import openai

log = logging.getLogger(__name__)

PROBE_TIMEOUT = 3.0
"""Seconds the probes of one server may take together: local servers answer at once."""


@dataclass(frozen=True, slots=True)
class ContextWindow:
    """A context window as a server reported it; `source` says where, for the person."""

    tokens: int
    source: str


Probe = Callable[["openai.AsyncOpenAI", str, str], Awaitable[ContextWindow | None]]


async def probe_context_window(
    base_url: str,
    api_key: str | None,
    model: str,
    preset: str,
    # ASYNC109: the timeout bounds the probes' requests and is passed to the SDK as well.
    timeout: float = PROBE_TIMEOUT,  # noqa: ASYNC109
) -> ContextWindow | None:
    """The context window of `model` as the server at `base_url` reports it, or None when
    it reports none, cannot be asked, or takes longer than `timeout` seconds."""
    base_url = normalize_base_url(base_url)
    probes = PROBES.get(preset, PROBES["custom"])
    if not probes or not model or base_url_problem(base_url) is not None:
        return None
    from concierge.agent.openai_client import model_client

    client = model_client(base_url, api_key, max_retries=0, timeout=timeout)
    root = server_root(base_url)
    tasks = [asyncio.ensure_future(probe(client, root, model)) for probe in probes]
    try:
        await asyncio.wait(tasks, timeout=timeout)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await client.close()
    for task in tasks:  # In the order of the probes: the most exact report first.
        if task.cancelled():
            continue
        if (error := task.exception()) is not None:
            log.debug("context window probe of %s failed: %s", base_url, error)
        elif (window := task.result()) is not None:
            return window
    return None


async def _get(client: openai.AsyncOpenAI, url: str) -> Any:
    from concierge.agent.openai_client import auth_headers

    return await client.get(url, cast_to=object, options={"headers": auth_headers(client)})


async def from_models(client: openai.AsyncOpenAI, root: str, model: str) -> ContextWindow | None:
    """llama.cpp's `meta.n_ctx` or vLLM's `max_model_len` in GET {base URL}/models."""
    entry = _entry(await _get(client, "/models"), "data", ("id",), model, lone=True)
    if entry is None:
        return None
    meta = entry.get("meta")
    n_ctx = meta.get("n_ctx") if isinstance(meta, Mapping) else None
    return _window("the server's /v1/models (meta.n_ctx)", n_ctx) or _window(
        "the server's /v1/models (max_model_len)", entry.get("max_model_len")
    )


async def from_props(client: openai.AsyncOpenAI, root: str, model: str) -> ContextWindow | None:
    """llama.cpp's `default_generation_settings.n_ctx` at GET /props."""
    props = await _get(client, f"{root}/props")
    settings = props.get("default_generation_settings") if isinstance(props, Mapping) else None
    n_ctx = settings.get("n_ctx") if isinstance(settings, Mapping) else None
    return _window("the server's /props (n_ctx)", n_ctx)


async def from_ollama_ps(client: openai.AsyncOpenAI, root: str, model: str) -> ContextWindow | None:
    """The context a running Ollama model was loaded with: GET /api/ps."""
    entry = _entry(await _get(client, f"{root}/api/ps"), "models", ("name", "model"), model)
    length = entry.get("context_length") if entry is not None else None
    return _window("Ollama's /api/ps (the loaded model's context_length)", length)


_NUM_CTX = re.compile(r"^\s*num_ctx\s+(\d+)\s*$", re.MULTILINE)


async def from_ollama_show(
    client: openai.AsyncOpenAI, root: str, model: str
) -> ContextWindow | None:
    """Ollama's POST /api/show: `num_ctx` when the model sets it, else `<arch>.context_length`."""
    from concierge.agent.openai_client import auth_headers

    shown = await client.post(
        f"{root}/api/show",
        body={"model": model},
        cast_to=object,
        options={"headers": auth_headers(client)},
    )
    if not isinstance(shown, Mapping):
        return None
    parameters = shown.get("parameters")
    if isinstance(parameters, str) and (found := _NUM_CTX.search(parameters)) is not None:
        return ContextWindow(int(found.group(1)), "Ollama's /api/show (num_ctx)")
    info = shown.get("model_info")
    if not isinstance(info, Mapping):
        return None
    arch = info.get("general.architecture")
    length = info.get(f"{arch}.context_length") if isinstance(arch, str) else None
    return _window(f"Ollama's /api/show ({arch}.context_length)", length)


async def from_lmstudio(client: openai.AsyncOpenAI, root: str, model: str) -> ContextWindow | None:
    """LM Studio's GET /api/v0/models: the loaded context, else the model's maximum."""
    entry = _entry(await _get(client, f"{root}/api/v0/models"), "data", ("id",), model)
    if entry is None:
        return None
    return _window(
        "LM Studio's /api/v0/models (loaded_context_length)", entry.get("loaded_context_length")
    ) or _window("LM Studio's /api/v0/models (max_context_length)", entry.get("max_context_length"))


PROBES: dict[str, tuple[Probe, ...]] = {
    "openai": (),
    "llamacpp": (from_models, from_props),
    "vllm": (from_models,),
    "ollama": (from_ollama_ps, from_ollama_show),
    "lmstudio": (from_lmstudio,),
    "custom": (from_models, from_props, from_ollama_ps, from_ollama_show, from_lmstudio),
}
"""Which probes each preset's server answers, the most exact first."""


def _entry(
    listing: object, key: str, names: tuple[str, ...], model: str, *, lone: bool = False
) -> Mapping[str, Any] | None:
    """The listing's entry for `model` (Ollama's "name:latest" matches "name"); with `lone`,
    the only entry when there is one (llama.cpp serves one model under whatever alias)."""
    entries = listing.get(key) if isinstance(listing, Mapping) else None
    if not isinstance(entries, list):
        return None
    found = [entry for entry in entries if isinstance(entry, Mapping)]
    wanted = {model, f"{model}:latest"}
    for entry in found:
        if any(entry.get(name) in wanted for name in names):
            return entry
    return found[0] if lone and len(found) == 1 else None


def _window(source: str, value: object) -> ContextWindow | None:
    """`value` as a context window reported in `source`, if it is a token count."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return ContextWindow(value, source)
    return None
