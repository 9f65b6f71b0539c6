"""A model server's base URL: how it is written down, checked and where the server's own root
is (the API lives under /v1; llama.cpp, Ollama and LM Studio answer beside it)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit, urlunsplit

from concierge.model.settings import MODEL_BASE_URL
from concierge.text import QT_TRANSLATE_NOOP


def normalize_base_url(url: str) -> str:
    """Without surrounding spaces or a trailing slash, so `…/v1/` and `…/v1` share a key."""
    return url.strip().rstrip("/")


def base_url_problem(url: str) -> str | None:
    url = normalize_base_url(url)
    if not url:
        return QT_TRANSLATE_NOOP("ModelProfile", "Enter the model server's base URL.")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return QT_TRANSLATE_NOOP(
            "ModelProfile",
            "The base URL must start with http:// or https:// (for example {example}).",
        ).format(example=MODEL_BASE_URL.default)
    return None


def server_root(base_url: str) -> str:
    """The server's own root: the base URL without its trailing /v1 (llama.cpp's /props,
    Ollama's /api and LM Studio's /api/v0 live beside /v1, not under it)."""
    parts = urlsplit(normalize_base_url(base_url))
    path = parts.path[: -len("/v1")] if parts.path.endswith("/v1") else parts.path
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def is_local(base_url: str) -> bool:
    """Whether the server runs on this computer (a loopback address), where a silent server
    is most often still loading its model."""
    host = urlsplit(normalize_base_url(base_url)).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
