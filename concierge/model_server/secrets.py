"""API keys in the system keyring, never in the database or the settings.

Without a working keyring (headless, locked, or the `null` backend, caught by reading the key
back) the key is kept for this session only and the result says so. Keyring calls can block
(D-Bus, an unlock prompt), so they run on a worker thread; so does the keyring library's
import (its backends and their entry points), at the first key read, not at start-up.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
from dataclasses import dataclass
from enum import StrEnum

log = logging.getLogger(__name__)

SERVICE = "Concierge"
ENVIRONMENT_VARIABLE = "OPENAI_API_KEY"


class SecretSource(StrEnum):
    KEYRING = "keyring"
    SESSION = "session"
    ENVIRONMENT = "environment"


@dataclass(frozen=True, slots=True)
class Secret:
    value: str
    source: SecretSource


@dataclass(frozen=True, slots=True)
class SecretSaved:
    """Where a saved secret went, for the UI; `persistent` if read back from the keyring."""

    persistent: bool
    message: str | None = None


NO_KEYRING_MESSAGE = (
    "No system keyring is available, so the API key is kept only until Concierge quits. "
    "To keep it, install and unlock a keyring service (such as GNOME Keyring or KWallet), "
    f"or set the {ENVIRONMENT_VARIABLE} environment variable."
)


async def load_keyring() -> None:
    """Import the keyring library on a worker thread (once; then at once)."""
    await asyncio.to_thread(importlib.import_module, "keyring")


def keyring_name() -> str:
    """The keyring backend in use, as keyring names it ("SecretService Keyring")."""
    import keyring

    backend = keyring.get_keyring()
    return str(getattr(backend, "name", type(backend).__name__))


def _session_only(reason: str) -> str:
    return (
        f"{reason}, so the API key is kept only until Concierge quits. To keep it, use a "
        f"working system keyring or set the {ENVIRONMENT_VARIABLE} environment variable."
    )


class SecretStore:
    """API keys by account, in the keyring under the service "Concierge", with a
    session-only fallback. A key set in `OPENAI_API_KEY` is used when none is stored."""

    def __init__(self, service: str = SERVICE) -> None:
        self.service = service
        self._session: dict[str, str] = {}

    async def get(self, account: str, *, environment: bool = True) -> Secret | None:
        """The key for `account`: this session's, then the keyring's, then (unless not
        `environment`: a secret not an API key) the environment's."""
        if account in self._session:
            return Secret(self._session[account], SecretSource.SESSION)
        await load_keyring()
        import keyring

        try:
            stored = await asyncio.to_thread(keyring.get_password, self.service, account)
        except Exception as error:
            log.warning("Cannot read the API key for %s from the keyring: %s", account, error)
            stored = None
        if stored:
            return Secret(stored, SecretSource.KEYRING)
        from_environment = os.environ.get(ENVIRONMENT_VARIABLE) if environment else None
        if from_environment:
            return Secret(from_environment, SecretSource.ENVIRONMENT)
        return None

    async def set(self, account: str, value: str) -> SecretSaved:
        """Save the key and read it back; if that fails, keep it for this session."""
        await load_keyring()
        import keyring
        from keyring.errors import NoKeyringError

        try:
            await asyncio.to_thread(keyring.set_password, self.service, account, value)
            kept = await asyncio.to_thread(keyring.get_password, self.service, account)
        except NoKeyringError:
            self._session[account] = value
            return SecretSaved(persistent=False, message=NO_KEYRING_MESSAGE)
        except Exception as error:
            log.warning("Cannot save the API key for %s in the keyring: %s", account, error)
            self._session[account] = value
            return SecretSaved(
                persistent=False,
                message=(
                    f"The system keyring did not accept the API key ({error}), so it is kept "
                    "only until Concierge quits."
                ),
            )
        name = keyring_name()
        if kept != value:
            log.warning("The keyring %s did not keep the API key for %s.", name, account)
            self._session[account] = value
            return SecretSaved(
                persistent=False,
                message=_session_only(f"The system keyring ({name}) did not keep the API key"),
            )
        self._session.pop(account, None)
        return SecretSaved(persistent=True, message=self.where(SecretSource.KEYRING))

    def where(self, source: SecretSource) -> str:
        """Where a key from `source` is kept, in words for the settings dialog."""
        if source is SecretSource.KEYRING:
            return f"The API key is saved in the keyring ({keyring_name()})."
        if source is SecretSource.ENVIRONMENT:
            return f"The API key comes from the {ENVIRONMENT_VARIABLE} environment variable."
        return "The API key is kept only until Concierge quits: the system keyring did not keep it."

    async def delete(self, account: str) -> None:
        self._session.pop(account, None)
        await load_keyring()
        import keyring
        from keyring.errors import PasswordDeleteError

        try:
            await asyncio.to_thread(keyring.delete_password, self.service, account)
        except PasswordDeleteError:
            pass  # nothing was stored
        except Exception as error:
            log.warning("Cannot delete the API key for %s from the keyring: %s", account, error)
