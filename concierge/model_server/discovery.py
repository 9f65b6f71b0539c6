"""Finding the model servers people already run on this computer: each preset with a way to
start it is looked for at its default port on the loopback, briefly, and nowhere else.

Servers that share a port (llama.cpp and LocalAI on 8080) are told apart by a path only one
of them answers (`Preset.marker`)."""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from concierge.model.settings import (
    MODEL_BASE_URL,
    MODEL_NAME,
    MODEL_PRESET,
    MODEL_TOOL_USE,
    ToolUse,
)
from concierge.store.settings import Settings

from .address import is_local, server_root
from .presets import PRESETS, Preset
from .profile import ModelProfile, load_profile, save_profile
from .secrets import SecretStore

if TYPE_CHECKING:
    import httpx2

log = logging.getLogger(__name__)

LOCAL_SERVERS: tuple[Preset, ...] = tuple(p for p in PRESETS if p.start and is_local(p.base_url))
"""The servers looked for, in the order they are named."""

FIND_TIMEOUT = 1.0
"""Seconds each request of the search may take: a server on this computer answers at once."""


@dataclass(frozen=True, slots=True)
class FoundServer:
    """A server that answered, and the models it lists (sorted)."""

    preset: Preset
    base_url: str
    models: tuple[str, ...]


async def find_local_servers(
    servers: Sequence[Preset] = LOCAL_SERVERS,
    # ASYNC109: the timeout bounds each request, not this coroutine.
    timeout: float = FIND_TIMEOUT,  # noqa: ASYNC109
) -> list[FoundServer]:
    """The servers among `servers` that answer with a list of models, in their order. Only
    loopback addresses are asked; proxies from the environment are not used."""
    groups: dict[tuple[str, int | None], list[Preset]] = {}
    for preset in servers:
        if is_local(preset.base_url):
            parts = urlsplit(preset.base_url)
            groups.setdefault((parts.scheme, parts.port), []).append(preset)
    if not groups:
        return []
    # Importing httpx2 takes a moment: off the event loop, as the window's start does.
    http = await asyncio.to_thread(importlib.import_module, "httpx2")
    async with http.AsyncClient(timeout=timeout, trust_env=False, follow_redirects=False) as client:
        found = await asyncio.gather(*(_ask(client, group) for group in groups.values()))
    return [server for server in found if server is not None]


async def _ask(client: httpx2.AsyncClient, group: Sequence[Preset]) -> FoundServer | None:
    models = await _models(client, group[0].base_url)
    if models is None:
        return None
    for preset in group:
        if not preset.marker or await _answers(
            client, server_root(preset.base_url) + preset.marker
        ):
            return FoundServer(preset, preset.base_url, models)
    return None


async def _get(client: httpx2.AsyncClient, url: str) -> Any:
    """The JSON a GET of `url` answers with; None for any failure or other status than 200."""
    import httpx2

    try:
        response = await client.get(url)
        return response.json() if response.status_code == 200 else None
    except (httpx2.HTTPError, ValueError) as error:
        log.debug("%s did not answer: %s", url, error)
        return None


async def _answers(client: httpx2.AsyncClient, url: str) -> bool:
    return await _get(client, url) is not None


async def _models(client: httpx2.AsyncClient, base_url: str) -> tuple[str, ...] | None:
    listing = await _get(client, f"{base_url}/models")
    entries = listing.get("data") if isinstance(listing, Mapping) else None
    if not isinstance(entries, list):
        return None
    ids = {str(entry["id"]) for entry in entries if isinstance(entry, Mapping) and "id" in entry}
    return tuple(sorted(ids))


async def connect_found(
    settings: Settings, secrets: SecretStore, server: FoundServer, model: str
) -> ModelProfile:
    """Make `model` of `server` the profile in effect (untested until the tool check says
    otherwise); a key kept for the server stays."""
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: server.preset.key,
            MODEL_BASE_URL: server.base_url,
            MODEL_NAME: model,
            MODEL_TOOL_USE: ToolUse.UNTESTED,
        },
    )
    return await load_profile(settings, secrets)
