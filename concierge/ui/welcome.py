"""The welcome, once at first launch (Help ▸ Welcome opens it again): the language, home and
home currency (rows built from their declarations, as Settings builds them), the model
servers found on this computer or a hosted server's key, pasted, and whether to open the
sample trip. Start (the default button) keeps what is shown and connects the model chosen;
Skip (Escape) changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialogButtonBox,
    QFormLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concierge.model.settings import HOME_CURRENCY, HOME_PLACE, UI_LANGUAGE, Setting
from concierge.model_server import HOSTED, FoundServer, Preset, SecretStore
from concierge.store import Settings
from concierge.ui.async_support import loop_running
from concierge.ui.found_servers import FoundServers
from concierge.ui.hosted_key import HostedKey
from concierge.ui.i18n import shown_error, translate
from concierge.ui.settings.section import SettingRows
from concierge.ui.settings.status import Kind, StatusLabel
from concierge.ui.task_dialog import TaskDialog
from concierge.ui.views.layouts import fill, tab_order
from concierge.ui.wrapped_label import wrapped_label

ASKED: tuple[Setting[Any], ...] = (UI_LANGUAGE, HOME_PLACE, HOME_CURRENCY)
"""The settings the welcome asks for, in its order."""


class WelcomeDialog(TaskDialog):
    """Emits what Start chose for the window to do: `connect_requested(server, model)`,
    `sample_requested(home)`, `language_changed(code)`; the settings it saves itself."""

    connect_requested = Signal(object, str)
    sample_requested = Signal(str)
    language_changed = Signal(str)

    def __init__(
        self,
        settings: Settings,
        secrets: SecretStore,
        servers: Sequence[Preset],
        parent: QWidget | None = None,
        *,
        hosted: Preset = HOSTED[0],
    ) -> None:
        super().__init__(parent)
        self.setObjectName("welcomeDialog")
        self.setWindowTitle(translate("Welcome", "Welcome to Concierge"))
        self.setMinimumWidth(520)
        self._settings = settings
        self._language = ""
        intro = wrapped_label(
            self,
            translate(
                "Welcome",
                "Plan a trip in the forms while an assistant works beside you. A few choices "
                "first; every one can be changed later in Settings.",
            ),
            name="welcomeIntro",
        )
        form = QFormLayout()
        self.rows = SettingRows(ASKED, self, form)
        self.rows.enable(False)  # until the stored values show
        self.found = FoundServers(
            self.tasks, self, servers=servers, action=translate("Welcome", "Connect and start")
        )
        self.hosted = HostedKey(secrets, self.tasks, self, preset=hosted)
        self.hosted.verified.connect(self.found.offer)
        self.sample_box = QCheckBox(translate("Welcome", "Open a sample trip to look around"), self)
        self.sample_box.setObjectName("sampleTripBox")
        self.sample_box.setToolTip(
            translate(
                "Welcome", "A week in Portugal with bookings and two problems; delete it any time"
            )
        )
        self.problem = StatusLabel(translate("Welcome", "Problem"), self)
        self.buttons = QDialogButtonBox(self)
        self.start_button = self._button(translate("Welcome", "Start"), "welcomeStart")
        self.skip_button = self._button(translate("Welcome", "Skip"), "welcomeSkip")
        self.buttons.addButton(self.start_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.skip_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.skip_button.clicked.connect(self.reject)
        self.found.connect_requested.connect(self._connect_and_start)
        fill(
            QVBoxLayout(self),
            intro,
            form,
            self.found,
            self.hosted,
            self.sample_box,
            self.problem,
            self.buttons,
            margins=(12, 12, 12, 12),
        )
        tab_order(
            [
                *self.rows.focus_chain,
                *self.found.focus_chain,
                *self.hosted.focus_chain,
                self.sample_box,
                self.start_button,
                self.skip_button,
            ]
        )
        if loop_running():
            self.tasks.start(self._load(), name="read the welcome's settings")
            self.found.search()

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(text)
        return button

    async def _load(self) -> None:
        await self.rows.load(self._settings)
        self._language = self.rows[UI_LANGUAGE].read()
        self.rows[UI_LANGUAGE].control.setFocus(Qt.FocusReason.OtherFocusReason)

    def chosen_model(self) -> tuple[FoundServer, str] | None:
        """The found model Start connects, if any was found."""
        chosen = self.found.models.currentData() if self.found.models.isVisible() else None
        return chosen if isinstance(chosen, tuple) else None

    def start(self) -> asyncio.Task[None] | None:
        """Keep the choices, connect the model chosen, open the sample if asked, and close."""
        return self._finish(self.chosen_model())

    def _connect_and_start(self, server: FoundServer, model: str) -> None:
        self._finish((server, model))

    def _finish(self, model: tuple[FoundServer, str] | None) -> asyncio.Task[None] | None:
        if self.busy:
            return None
        for row, problem in self.rows.problems():
            self.problem.show_message(problem, Kind.ERROR)
            row.control.setFocus(Qt.FocusReason.OtherFocusReason)
            return None
        self.busy = True
        self.buttons.setEnabled(False)
        return self.tasks.start(self._save(model), name="keep the welcome's choices")

    async def _save(self, model: tuple[FoundServer, str] | None) -> None:
        try:
            await self.rows.save(self._settings)
        except Exception as error:  # a value that does not fit: say which, and stay open
            self.busy = False
            self.buttons.setEnabled(True)
            self.problem.show_message(shown_error(error), Kind.ERROR)
            return
        if model is not None:
            self.connect_requested.emit(*model)
        if self.sample_box.isChecked():
            self.sample_requested.emit(self.rows[HOME_PLACE].read())
        language = self.rows[UI_LANGUAGE].read() if self.rows.loaded else self._language
        if language != self._language:
            self.language_changed.emit(language)
        self.accept()
