"""The sound devices of Settings ▸ Voice: the microphone and the speaker.
A device chosen but not connected now stays chosen, marked so, so opening Settings without
it does not lose the choice.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtWidgets import QComboBox, QWidget

from concierge.ui.i18n import shown, translate
from concierge.voice.devices import AudioDevice, Direction, list_devices
from concierge.voice.errors import AudioError, no_device

log = logging.getLogger(__name__)


async def sound_devices() -> tuple[list[AudioDevice], str]:
    """The devices connected now, and what to say when some are missing ("" when none)."""
    try:
        devices = await asyncio.to_thread(list_devices)
    except AudioError as error:
        log.info("no sound devices: %s (%s)", error, error.detail)
        return [], shown(error.message)
    missing = [
        direction
        for direction in ("input", "output")
        if not any(device.can(direction) for device in devices)
    ]
    return devices, " ".join(shown(no_device(d).message) for d in missing)


class DeviceCombo(QComboBox):
    """The system's default, then each connected device of one direction, by name."""

    def __init__(self, direction: Direction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.direction = direction
        self.wanted = ""
        self.addItem(translate("VoiceSettings", "System default"), "")

    def choose(self, wanted: str) -> None:
        self.wanted = wanted
        self._select()

    def offer(self, devices: list[AudioDevice]) -> None:
        for device in devices:
            if device.can(self.direction):
                self.addItem(device.label, device.label)
        self._select()

    def _select(self) -> None:
        if self.wanted and self.findData(self.wanted) < 0:
            self.addItem(
                translate("VoiceSettings", "{name} (not connected)").format(name=self.wanted),
                self.wanted,
            )
        self.setCurrentIndex(max(0, self.findData(self.wanted)))

    def chosen(self) -> str:
        return str(self.currentData() or "")
