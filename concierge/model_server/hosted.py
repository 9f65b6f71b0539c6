"""A hosted server's API key in one paste: the server is asked for its models with the key,
a key it refuses is named as wrong, and one it takes goes to the keyring (under the server's
base URL, where the profile reads it) with the models it can use, ready to connect as a
server found on this computer is."""

from __future__ import annotations

from concierge.text import QT_TRANSLATE_NOOP

from .address import normalize_base_url
from .connection import list_models
from .discovery import FoundServer
from .errors import ConnectionCheckError
from .presets import PRESETS, Preset
from .secrets import SecretSaved, SecretStore

HOSTED: tuple[Preset, ...] = tuple(preset for preset in PRESETS if preset.key_required)
"""The servers reached with a key of the person's own (OpenAI)."""
REFUSED_KEY_STATUSES = frozenset({401, 403})


class WrongKeyError(ConnectionCheckError):
    """The server refused the key itself (not the connection)."""


async def verify_key(
    secrets: SecretStore, preset: Preset, key: str
) -> tuple[FoundServer, SecretSaved]:
    """The server with the models `key` can use, and where the key was kept; raises
    `WrongKeyError` for a key the server refuses, `ConnectionCheckError` when it cannot be
    asked. Nothing is stored for a refused key."""
    key = key.strip()
    base_url = normalize_base_url(preset.base_url)
    if not key:
        raise WrongKeyError(
            QT_TRANSLATE_NOOP("ModelServer", "Paste the API key {server} gave you.").format(
                server=preset.label
            )
        )
    try:
        models = await list_models(base_url, key)
    except ConnectionCheckError as error:
        if error.status_code in REFUSED_KEY_STATUSES:
            raise WrongKeyError(
                QT_TRANSLATE_NOOP(
                    "ModelServer",
                    "{server} does not accept this API key: it is wrong, revoked, or belongs "
                    "to another server. Copy it again from {server}'s site.",
                ).format(server=preset.label),
                status_code=error.status_code,
            ) from error
        raise
    saved = await secrets.set(base_url, key)
    return FoundServer(preset, base_url, tuple(models)), saved
