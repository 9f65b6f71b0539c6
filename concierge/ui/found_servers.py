"""The model servers found on this computer, and one button to connect a model of theirs:
shown in the chat's "not connected" notice and at the top of Settings. None found: which
servers were looked for, and how to start each, a line each."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from urllib.parse import urlsplit

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from concierge.model_server import (
    LOCAL_SERVERS,
    FoundServer,
    Preset,
    find_local_servers,
)
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, translate
from concierge.ui.views.layouts import fill
from concierge.ui.wrapped_label import wrapped_label


def found_text(found: Sequence[FoundServer]) -> str:
    """ "Found on this computer: Ollama: llama3.1:8b, qwen2.5:7b." """
    servers = "; ".join(
        translate("FoundServers", "{server}: {models}").format(
            server=shown(server.preset.label),
            models=", ".join(server.models) or translate("FoundServers", "no models yet"),
        )
        for server in found
    )
    return translate("FoundServers", "Found on this computer: {servers}.").format(servers=servers)


def guidance_text(looked_for: Sequence[Preset]) -> str:
    """Which servers were looked for, and how to start each."""
    lines = [
        translate("FoundServers", "No model server answered on this computer. Looked for:"),
        *(
            translate("FoundServers", "{server} (port {port}): {start}").format(
                server=shown(preset.label),
                port=str(urlsplit(preset.base_url).port),
                start=shown(preset.start),
            )
            for preset in looked_for
        ),
    ]
    return "\n".join(lines)


class FoundServers(QWidget):
    """Looks for the servers (`search`) and offers their models; `connect_requested(server,
    model)` when Connect is pressed."""

    connect_requested = Signal(object, str)
    searched = Signal()
    """A search ended, whatever it found."""

    def __init__(
        self,
        tasks: BackgroundTasks,
        parent: QWidget | None = None,
        *,
        servers: Sequence[Preset] = LOCAL_SERVERS,
        action: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("foundServers")
        self.tasks = tasks
        self.servers = tuple(servers)
        self.found: list[FoundServer] = []
        self.offered: list[FoundServer] = []
        """Servers offered beside those found (`offer`)."""
        self._task: asyncio.Task[None] | None = None
        self.label = wrapped_label(
            self, name="foundServersText", accessible=translate("FoundServers", "Model servers")
        )
        self.models = QComboBox(self)
        self.models.setObjectName("foundModels")
        self.models.setAccessibleName(translate("FoundServers", "Model to connect"))
        connect = action or translate("FoundServers", "Connect")
        self.connect_button = QPushButton(connect, self)
        self.connect_button.setObjectName("connectFoundButton")
        self.connect_button.setAccessibleName(connect)
        self.connect_button.setAutoDefault(True)
        self.search_button = QPushButton(translate("FoundServers", "Look again"), self)
        self.search_button.setObjectName("searchServersButton")
        self.search_button.setAccessibleName(translate("FoundServers", "Look again"))
        self.search_button.setToolTip(
            translate("FoundServers", "Look for model servers on this computer again")
        )
        self.connect_button.clicked.connect(self._connect_chosen)
        self.search_button.clicked.connect(self.search)
        row = fill(
            QHBoxLayout(), self.models, self.connect_button, self.search_button, grow=self.models
        )
        fill(QVBoxLayout(self), self.label, row)
        for widget in (self.models, self.connect_button, self.search_button):
            widget.hide()  # Until a search ends.

    @property
    def focus_chain(self) -> list[QWidget]:
        return [self.models, self.connect_button, self.search_button]

    def search(self) -> asyncio.Task[None]:
        """Look for the servers in the background; a search under way is replaced."""
        if self._task is not None:
            self._task.cancel()
        self.search_button.setEnabled(False)
        self.label.setText(translate("FoundServers", "Looking for model servers on this computer…"))
        self._task = self.tasks.start(self._search(), name="look for model servers")
        return self._task

    async def _search(self) -> None:
        try:
            found = await find_local_servers(self.servers)
        finally:
            self._task = None
            self.search_button.setEnabled(True)
            self.search_button.show()
        self._show(found)
        self.searched.emit()

    def offer(self, server: FoundServer) -> None:
        """Offer `server`'s models after those found (a hosted server a key was given for),
        its suggested model chosen; a later search keeps it."""
        self.offered = [*(s for s in self.offered if s.base_url != server.base_url), server]
        self._show(self.found, searched=self._task is None)
        models = [m for m in server.preset.suggested if m in server.models] or list(server.models)
        for index in range(self.models.count()):
            if models and self.models.itemData(index) == (server, models[0]):
                self.models.setCurrentIndex(index)

    def _show(self, found: list[FoundServer], *, searched: bool = True) -> None:
        self.found = found
        self.models.clear()
        for server in (*found, *self.offered):
            for model in server.models:
                self.models.addItem(
                    translate("FoundServers", "{server}: {model}").format(
                        server=shown(server.preset.label), model=model
                    ),
                    (server, model),
                )
        offered = self.models.count() > 0
        self.models.setVisible(offered)
        self.connect_button.setVisible(offered)
        if searched:
            text = found_text(found) if found else guidance_text(self.servers)
            self.label.setText(text)
            self.label.setAccessibleDescription(text)

    def _connect_chosen(self) -> None:
        chosen = self.models.currentData()
        if chosen is not None:
            server, model = chosen
            self.connect_requested.emit(server, model)
