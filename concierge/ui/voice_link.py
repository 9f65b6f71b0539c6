"""Connects the chat's voice mode to the selected trip's assistant and to the app's changes.
The SDK's realtime client and PortAudio are loaded only when a session starts, off the loop.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from concierge.agent.voice_events import TurnDetection
from concierge.model.settings import (
    VOICE_INPUT_DEVICE,
    VOICE_MODEL,
    VOICE_OUTPUT_DEVICE,
    VOICE_TALK_KEY,
    VOICE_TRANSCRIPTION_MODEL,
    VOICE_TURN_DETECTION,
)
from concierge.store.changes import Change
from concierge.store.lookup_job_records import LookupJobRecord
from concierge.travel.selection import Selection
from concierge.travel.services import TravelServices
from concierge.ui.async_support import loop_running
from concierge.ui.chat import ChatPanel
from concierge.ui.i18n import translate

if TYPE_CHECKING:
    from concierge.ui.assistant_session import AssistantSession
    from concierge.ui.chat.voice_mode import VoiceSession
    from concierge.voice.capture import CaptureSource
    from concierge.voice.playback import AudioOutput


class VoiceUnavailableError(Exception):
    """Voice cannot start for this trip; `str()` says what to do."""


class VoiceLink(QObject):
    def __init__(
        self,
        services: TravelServices,
        session: AssistantSession,
        chat: ChatPanel,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.session = session
        self.chat = chat
        self.voice = chat.voice
        self.voice.session_opener = self.open_session
        self.voice.audio_opener = self.open_audio
        self._unsubscribe = [
            services.bus.subscribe(self._changed),
            services.lookups.jobs.bus.subscribe(self._lookup_changed),
            services.selection.subscribe(self._selected),
        ]
        chat.voice_bar.mode_combo.currentIndexChanged.connect(self._remember_detection)
        self._detection_read = False
        if loop_running():
            chat.tasks.start(self._read_detection(), name="read the voice mode")

    async def _read_detection(self) -> None:
        detection = await self.services.settings.get(VOICE_TURN_DETECTION)
        self.voice.set_detection(detection)
        self.chat.voice_bar.show_detection(detection)
        self._detection_read = True
        await self.read_talk_key()

    async def read_talk_key(self) -> None:
        """Use the push-to-talk key in Settings (at start, and after Settings saved)."""
        self.chat.voice_bar.set_talk_key(await self.services.settings.get(VOICE_TALK_KEY))

    def _remember_detection(self) -> None:
        if self._detection_read:
            detection = TurnDetection(self.chat.voice_bar.mode_combo.currentData())
            self.chat.tasks.start(
                self.services.settings.set(VOICE_TURN_DETECTION, detection),
                name="keep the voice mode",
            )

    async def open_session(self, detection: TurnDetection) -> VoiceSession:
        agent, client = self.session.agent, self.session.client
        if agent is None or client is None:
            raise VoiceUnavailableError(
                translate(
                    "VoiceMode",
                    "Voice needs a connected model. Choose a server and a model in Settings, "
                    "and a realtime model under Settings ▸ Voice.",
                )
            )
        settings = self.services.settings
        model = await settings.get(VOICE_MODEL)
        transcription = await settings.get(VOICE_TRANSCRIPTION_MODEL)
        bridge_module = await asyncio.to_thread(
            importlib.import_module, "concierge.agent.voice_bridge"
        )
        bridge: VoiceSession = bridge_module.RealtimeBridge(
            agent,
            client,
            model=model,
            turn_detection=detection,
            transcription_model=transcription or None,
        )
        return bridge

    async def open_audio(self) -> tuple[CaptureSource, AudioOutput]:
        settings = self.services.settings
        wanted_in = await settings.get(VOICE_INPUT_DEVICE)
        wanted_out = await settings.get(VOICE_OUTPUT_DEVICE)
        from concierge.voice.capture import Microphone
        from concierge.voice.devices import load_backend
        from concierge.voice.playback import Speaker

        backend = await asyncio.to_thread(load_backend)  # loads PortAudio: off the loop
        microphone = Microphone(wanted_in, backend, on_silence=self.voice.microphone_silent)
        return microphone, Speaker(wanted_out, backend)

    def _changed(self, change: Change) -> None:
        self.voice.context_changed()

    def _lookup_changed(self, job: LookupJobRecord) -> None:
        if job.status.finished:
            self.voice.context_changed()

    def _selected(self, selection: Selection) -> None:
        self.voice.context_changed()

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
