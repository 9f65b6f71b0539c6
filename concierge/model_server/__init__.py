"""Everything about the model server, without Qt: presets and the effective profile, its
API key, and what it says of itself. The SDK is imported only when a check or probe runs.
"""

from .address import base_url_problem, is_local, normalize_base_url, server_root
from .connection import check_connection, list_models
from .context_window import ContextWindow, probe_context_window
from .errors import ConnectionCheckError
from .presets import CUSTOM, PRESETS, Preset, preset_for
from .profile import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    OVERRIDES,
    PROFILE_SETTINGS,
    ModelProfile,
    load_profile,
    save_profile,
    stored_key,
)
from .secrets import Secret, SecretSaved, SecretSource, SecretStore

__all__ = [
    "CUSTOM",
    "ENV_API_KEY",
    "ENV_BASE_URL",
    "ENV_MODEL",
    "OVERRIDES",
    "PRESETS",
    "PROFILE_SETTINGS",
    "ConnectionCheckError",
    "ContextWindow",
    "ModelProfile",
    "Preset",
    "Secret",
    "SecretSaved",
    "SecretSource",
    "SecretStore",
    "base_url_problem",
    "check_connection",
    "is_local",
    "list_models",
    "load_profile",
    "normalize_base_url",
    "preset_for",
    "probe_context_window",
    "save_profile",
    "server_root",
    "stored_key",
]
