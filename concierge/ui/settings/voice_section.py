"""Settings ▸ Voice: the microphone, the speaker and the realtime model voice mode uses.

Devices are listed off the event loop (PortAudio is loaded then, the first time). A device
that was chosen but is not connected now stays chosen, marked as not connected, so opening
Settings without it does not lose the choice. Without PortAudio or without devices the
section says so and what to do; the model names can still be edited.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QWidget

from concierge.store.settings import (
    VOICE_INPUT_DEVICE,
    VOICE_MODEL,
    VOICE_OUTPUT_DEVICE,
    VOICE_TRANSCRIPTION_MODEL,
    Settings,
)
from concierge.ui.i18n import shown, translate
from concierge.voice.devices import AudioDevice, Direction, list_devices
from concierge.voice.errors import AudioError, no_device

log = logging.getLogger(__name__)


class VoiceSection(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("VoiceSettings", "Voice"), parent)
        self.setObjectName("voiceGroup")
        self.setAccessibleName(translate("VoiceSettings", "Voice"))
        self.input_combo = self._device_combo("voiceInputCombo")
        self.input_combo.setAccessibleName(translate("VoiceSettings", "Microphone"))
        self.output_combo = self._device_combo("voiceOutputCombo")
        self.output_combo.setAccessibleName(translate("VoiceSettings", "Speaker"))
        self.model_edit = QLineEdit(self)
        self.model_edit.setObjectName("voiceModelEdit")
        self.model_edit.setAccessibleName(translate("VoiceSettings", "Realtime model"))
        self.model_edit.setPlaceholderText(VOICE_MODEL.default)
        self.model_edit.setToolTip(
            translate(
                "VoiceSettings",
                "The speech-to-speech model voice mode asks the server for, over WebSocket "
                "at the server's base URL.",
            )
        )
        self.transcription_edit = QLineEdit(self)
        self.transcription_edit.setObjectName("voiceTranscriptionEdit")
        self.transcription_edit.setAccessibleName(translate("VoiceSettings", "Transcription model"))
        self.transcription_edit.setPlaceholderText(
            translate("VoiceSettings", "The server's default")
        )
        self.transcription_edit.setToolTip(
            translate(
                "VoiceSettings",
                "The model that writes down what you say, so it shows in the chat and is "
                "kept in the conversation.",
            )
        )
        self.note = QLabel(self)
        self.note.setObjectName("voiceDevicesNote")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.hide()
        for widget in (self.input_combo, self.output_combo, self.model_edit):
            widget.setEnabled(False)  # until the stored values are read
        self.transcription_edit.setEnabled(False)
        form = QFormLayout(self)
        rows = (
            (translate("VoiceSettings", "Micro&phone"), self.input_combo),
            (translate("VoiceSettings", "Speake&r"), self.output_combo),
            (translate("VoiceSettings", "Realtime mo&del"), self.model_edit),
            (translate("VoiceSettings", "Tra&nscription model"), self.transcription_edit),
        )
        for text, field in rows:
            form.addRow(self._label(text, field), field)
        form.addRow(self.note)
        self.loaded = False

    def _device_combo(self, name: str) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        combo.addItem(translate("VoiceSettings", "System default"), "")
        return combo

    def _label(self, text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(buddy)
        return label

    @property
    def focus_chain(self) -> list[QWidget]:
        return [self.input_combo, self.output_combo, self.model_edit, self.transcription_edit]

    async def load(self, settings: Settings) -> None:
        """Show the stored choices and the devices connected now."""
        wanted_in = await settings.get(VOICE_INPUT_DEVICE)
        wanted_out = await settings.get(VOICE_OUTPUT_DEVICE)
        model: str = await settings.get(VOICE_MODEL)
        transcription: str = await settings.get(VOICE_TRANSCRIPTION_MODEL)
        self.model_edit.setText(model)
        self.transcription_edit.setText(transcription)
        try:
            devices = await asyncio.to_thread(list_devices)
        except AudioError as error:
            log.info("no sound devices: %s (%s)", error, error.detail)
            devices = []
            self._show_note(shown(error.message))
        else:
            missing = [
                direction
                for direction in ("input", "output")
                if not any(device.can(direction) for device in devices)
            ]
            if missing:
                self._show_note(" ".join(shown(no_device(d).message) for d in missing))
        self._fill(self.input_combo, devices, "input", wanted_in)
        self._fill(self.output_combo, devices, "output", wanted_out)
        for widget in self.focus_chain:
            widget.setEnabled(True)
        self.loaded = True

    def _show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.show()

    def _fill(
        self, combo: QComboBox, devices: list[AudioDevice], direction: Direction, wanted: str
    ) -> None:
        for device in devices:
            if device.can(direction):
                combo.addItem(device.label, device.label)
        if wanted and combo.findData(wanted) < 0:
            combo.addItem(
                translate("VoiceSettings", "{name} (not connected)").format(name=wanted), wanted
            )
        combo.setCurrentIndex(max(0, combo.findData(wanted)))

    async def save(self, settings: Settings) -> None:
        if not self.loaded:
            return  # The stored values stay as they are.
        await settings.set(VOICE_INPUT_DEVICE, str(self.input_combo.currentData() or ""))
        await settings.set(VOICE_OUTPUT_DEVICE, str(self.output_combo.currentData() or ""))
        await settings.set(VOICE_MODEL, self.model_edit.text().strip() or VOICE_MODEL.default)
        await settings.set(VOICE_TRANSCRIPTION_MODEL, self.transcription_edit.text().strip())
