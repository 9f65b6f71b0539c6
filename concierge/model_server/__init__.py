"""Everything about the model server, without Qt: presets and the effective profile, its
API key, and what it says of itself. The SDK is imported only when a check or probe runs.
"""

from .address import base_url_problem, is_local, normalize_base_url, server_root
from .connection import check_connection, list_models
from .context_window import ContextWindow, probe_context_window
from .discovery import LOCAL_SERVERS, FoundServer, connect_found, find_local_servers
from .errors import ConnectionCheckError
from .hosted import HOSTED, WrongKeyError, verify_key
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
from .tool_check import TOOL_USE_TEXT, check_tool_use

__all__ = [
    "CUSTOM",
    "ENV_API_KEY",
    "ENV_BASE_URL",
    "ENV_MODEL",
    "HOSTED",
    "LOCAL_SERVERS",
    "OVERRIDES",
    "PRESETS",
    "PROFILE_SETTINGS",
    "TOOL_USE_TEXT",
    "ConnectionCheckError",
    "ContextWindow",
    "FoundServer",
    "ModelProfile",
    "Preset",
    "Secret",
    "SecretSaved",
    "SecretSource",
    "SecretStore",
    "WrongKeyError",
    "base_url_problem",
    "check_connection",
    "check_tool_use",
    "connect_found",
    "find_local_servers",
    "is_local",
    "list_models",
    "load_profile",
    "normalize_base_url",
    "preset_for",
    "probe_context_window",
    "save_profile",
    "server_root",
    "stored_key",
    "verify_key",
]
