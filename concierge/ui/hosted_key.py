"""A hosted server's API key (OpenAI's), checked with the server as soon as it is pasted:
`verified(server)` brings the models the key can use, a wrong key is named as such, and an
accepted key is already in the keyring."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from concierge.model_server import (
    HOSTED,
    ConnectionCheckError,
    Preset,
    SecretStore,
    verify_key,
)
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.settings.key_field import KeyField
from concierge.ui.settings.status import Kind, StatusLabel
from concierge.ui.views.layouts import fill


class HostedKey(QWidget):
    verified = Signal(object)
    """The server (`FoundServer`) with the models the key can use."""

    def __init__(
        self,
        secrets: SecretStore,
        tasks: BackgroundTasks,
        parent: QWidget | None = None,
        *,
        preset: Preset = HOSTED[0],
    ) -> None:
        super().__init__(parent)
        self.setObjectName("hostedKey")
        self.secrets, self.tasks, self.preset = secrets, tasks, preset
        self._generation = 0
        label = QLabel(
            translate("HostedKey", "Or paste an &API key from {server}:").format(
                server=shown(preset.label)
            ),
            self,
        )
        self.field = KeyField(self)
        self.edit = self.field.edit
        label.setBuddy(self.edit)
        self.edit.setAccessibleName(
            translate("HostedKey", "{server} API key").format(server=shown(preset.label))
        )
        self.status = StatusLabel(translate("HostedKey", "API key check"), self)
        self.status.setObjectName("hostedKeyStatus")
        self.field.typed.connect(self.check)
        self.field.edited.connect(self._edited)
        fill(QVBoxLayout(self), label, self.field, self.status)

    @property
    def focus_chain(self) -> list[QWidget]:
        return [self.edit, self.field.toggle]

    def _edited(self) -> None:
        self._generation += 1
        self.status.clear_message()

    def check(self) -> asyncio.Task[None]:
        """Ask the server with the key as typed; a later edit makes this answer stale."""
        self.field.stop_waiting()
        self._generation += 1
        self.status.show_message(
            translate("HostedKey", "Checking the key with {server}…").format(
                server=shown(self.preset.label)
            )
        )
        return self.tasks.start(
            self._check(self._generation, self.edit.text()), name="check the API key"
        )

    async def _check(self, generation: int, key: str) -> None:
        try:
            server, saved = await verify_key(self.secrets, self.preset, key)
        except ConnectionCheckError as error:  # `WrongKeyError` names the key as wrong
            if generation == self._generation:
                self.status.show_message(shown_error(error), Kind.ERROR)
            return
        if generation != self._generation:
            return
        count = len(server.models)
        text = translate("HostedKey", "Key accepted: {count} models to choose from.").format(
            count=count
        )
        kind = Kind.SUCCESS if saved.persistent else Kind.WARNING
        self.status.show_message(f"{text} {shown(saved.message or '')}".strip(), kind)
        self.verified.emit(server)
