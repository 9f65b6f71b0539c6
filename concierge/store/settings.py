"""The values of the declared settings (`concierge.model.settings`), as JSON in `app_setting`.

A stored value that no longer fits its declaration reads as the default, with a warning.
Secret settings live in the keyring (`concierge.model_server.secrets`), never here.
"""

from __future__ import annotations

import logging
from typing import TypeVar

from pydantic import ValidationError
from sqlmodel import Session

from concierge.model.settings import Editor, Setting

from .database import Database
from .errors import InvalidSettingError
from .tables import AppSetting

log = logging.getLogger(__name__)

T = TypeVar("T")


def _kept_here(setting: Setting[T]) -> Setting[T]:
    if setting.editor is Editor.SECRET:
        raise InvalidSettingError(f"The setting {setting.key} is a secret: the keyring keeps it.")
    return setting


def read_setting(session: Session, setting: Setting[T]) -> T:
    """`Settings.get` inside a transaction the caller already runs."""
    stored = session.get(AppSetting, _kept_here(setting).key)
    if stored is None:
        return setting.default
    try:
        return setting.adapter.validate_json(stored.value, strict=True)
    except ValidationError as error:
        log.warning(
            "Setting %s holds %r, which is not a valid %s (%s); using the default %r.",
            setting.key,
            stored.value,
            setting.type,
            error.errors()[0]["msg"],
            setting.default,
        )
        return setting.default


class Settings:
    """Typed access to the settings stored in the database."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def get(self, setting: Setting[T]) -> T:
        """The stored value, or the default if none is stored or the stored one is invalid."""
        return await self.database.run(lambda session: read_setting(session, setting))

    @staticmethod
    def check(setting: Setting[T], value: T) -> T:
        """`value` as stored; raises `InvalidSettingError` if it does not fit."""
        try:
            return _kept_here(setting).adapter.validate_python(value, strict=True)
        except ValidationError as error:
            raise InvalidSettingError(
                f"The setting {setting.key} cannot be {value!r}: {error.errors()[0]['msg']}."
            ) from None

    async def set(self, setting: Setting[T], value: T) -> None:
        """Store `value`; raises `InvalidSettingError` (storing nothing) if it does not fit."""
        text = setting.adapter.dump_json(self.check(setting, value)).decode()

        def write(session: Session) -> None:
            row = session.get(AppSetting, setting.key)
            if row is None:
                session.add(AppSetting(key=setting.key, value=text))
            else:
                row.value = text

        await self.database.run(write)

    async def reset(self, setting: Setting[T]) -> None:
        """Forget the stored value, so the default applies again."""

        def remove(session: Session) -> None:
            row = session.get(AppSetting, setting.key)
            if row is not None:
                session.delete(row)

        await self.database.run(remove)
