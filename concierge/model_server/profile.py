"""Which model server the assistant talks to: the effective profile.

The settings of the Model section, the API key from the `SecretStore` (by base URL, so each
server keeps its own) and environment overrides, which win: a person who sets
`OPENAI_BASE_URL` in a shell expects it used, and the UI says which settings it overrode.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from concierge.model.settings import (
    MODEL_API_KEY,
    MODEL_BASE_URL,
    MODEL_NAME,
    MODEL_PRESET,
    MODEL_TOOL_USE,
    Editor,
    Section,
    Setting,
    ToolUse,
    section_settings,
)
from concierge.store.settings import Settings
from concierge.text import QT_TRANSLATE_NOOP

from .address import base_url_problem, normalize_base_url
from .presets import Preset, preset_for
from .secrets import ENVIRONMENT_VARIABLE, SecretSaved, SecretSource, SecretStore

T = TypeVar("T")

ENV_BASE_URL = "OPENAI_BASE_URL"
ENV_API_KEY = ENVIRONMENT_VARIABLE
ENV_MODEL = "CONCIERGE_MODEL"
OVERRIDES: tuple[tuple[Setting[str], str], ...] = (
    (MODEL_BASE_URL, ENV_BASE_URL),
    (MODEL_API_KEY, ENV_API_KEY),
    (MODEL_NAME, ENV_MODEL),
)
"""The settings an environment variable replaces, by that variable."""

PROFILE_SETTINGS: tuple[Setting[Any], ...] = (*section_settings(Section.MODEL), MODEL_TOOL_USE)
"""What a profile holds: the settings of the Model section, in declaration order, and what
the connection test found its model does with tools."""

_CLEAN: dict[Setting[Any], Callable[[str], str]] = {
    MODEL_PRESET: lambda key: preset_for(key).key,
    MODEL_BASE_URL: normalize_base_url,
    MODEL_NAME: str.strip,
    MODEL_API_KEY: lambda key: (key or "").strip(),
}
"""How a stored or typed value of these settings is written down."""


def _clean(setting: Setting[T], value: T) -> T:
    clean = _CLEAN.get(setting)
    return cast(T, clean(cast(str, value))) if clean is not None else value


def _env(environ: Mapping[str, str], name: str) -> str | None:
    value = environ.get(name, "").strip()
    return value or None


@dataclass(frozen=True, slots=True)
class ModelProfile:
    """The model connection in effect; `overridden` names the environment variables that
    replaced stored values."""

    values: Mapping[Setting[Any], Any]
    key_source: SecretSource | None = None
    overridden: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        values: Mapping[Setting[Any], Any] | None = None,
        *,
        key_source: SecretSource | None = None,
        overridden: tuple[str, ...] = (),
    ) -> ModelProfile:
        """A profile with `values`, every other setting of the section at its default."""
        given = values or {}
        return cls(
            {s: _clean(s, given.get(s, s.default)) for s in PROFILE_SETTINGS},
            key_source,
            overridden,
        )

    def __getitem__(self, setting: Setting[T]) -> T:
        return cast(T, self.values[setting])

    @property
    def preset_info(self) -> Preset:
        return preset_for(self[MODEL_PRESET])

    @property
    def preset(self) -> str:
        return self[MODEL_PRESET]

    @property
    def base_url(self) -> str:
        return self[MODEL_BASE_URL]

    @property
    def model(self) -> str:
        return self[MODEL_NAME]

    @property
    def tool_use(self) -> ToolUse:
        return self[MODEL_TOOL_USE]

    @property
    def api_key(self) -> str | None:
        """The key to send, or None: then no Authorization header is sent at all (see
        `concierge.agent.openai_client`), never a stand-in such as "none"."""
        return self[MODEL_API_KEY] or None

    client_api_key = api_key

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
    """The stored profile with the non-empty environment overrides applied."""
    values: dict[Setting[Any], Any] = {
        setting: await settings.get(setting)
        for setting in PROFILE_SETTINGS
        if setting.editor is not Editor.SECRET
    }
    overridden: list[str] = []
    for setting, variable in OVERRIDES:
        if (value := _env(environ, variable)) is not None:
            values[setting] = value
            overridden.append(variable)
    key_source: SecretSource | None = None
    if ENV_API_KEY in overridden:
        key_source = SecretSource.ENVIRONMENT
    elif base_url := _clean(MODEL_BASE_URL, values[MODEL_BASE_URL]):
        secret = await secrets.get(base_url)
        # The store also looks at os.environ; `environ` alone decides about the environment.
        if secret is not None and secret.source is not SecretSource.ENVIRONMENT:
            values[MODEL_API_KEY], key_source = secret.value, secret.source
    return ModelProfile.of(values, key_source=key_source, overridden=tuple(overridden))


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
    values: Mapping[Setting[Any], Any],
    *,
    environ: Mapping[str, str] = os.environ,
) -> SecretSaved | None:
    """Store the profile's `values`, but not those the environment overrides; the key goes to
    the `SecretStore` (empty forgets it). Returns where it went, or None."""
    kept = {variable for _, variable in OVERRIDES if _env(environ, variable) is not None}
    given = {
        setting: _clean(setting, value)
        for setting, value in values.items()
        if not any(setting is s and variable in kept for s, variable in OVERRIDES)
    }
    stored = [setting for setting in given if setting.editor is not Editor.SECRET]
    for setting in stored:  # First: a value out of range stops before any write.
        settings.check(setting, given[setting])
    for setting in stored:
        await settings.set(setting, given[setting])
    if MODEL_API_KEY not in given:
        return None
    base_url = (
        normalize_base_url(environ[ENV_BASE_URL])
        if ENV_BASE_URL in kept
        else await settings.get(MODEL_BASE_URL)
    )
    if not base_url:
        return None
    key = given[MODEL_API_KEY]
    if not key:
        await secrets.delete(base_url)
        return None
    current = await secrets.get(base_url)
    if current is not None and current.value == key and current.source is SecretSource.KEYRING:
        # Unchanged: spare the keyring a write.
        return SecretSaved(persistent=True, message=secrets.where(SecretSource.KEYRING))
    return await secrets.set(base_url, key)
