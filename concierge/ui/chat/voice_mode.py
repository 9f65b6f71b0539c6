"""The chat's voice mode: one realtime session, the microphone and the speaker.

`VoiceMode` holds no widgets, and its session, capture and output come from injectable
openers, so tests drive it with a recording and a recorder. The app's changes reach a live
session folded into one `refresh_context()` per burst, and one arriving during a send is sent
after it; push-to-talk's release waits for a pending refresh, so an edit made just before
speaking reaches the session before its answer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from concierge.agent import TextPart
from concierge.agent import voice_events as voice
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, translate
from concierge.voice.errors import AudioError, silent_microphone
from concierge.voice.levels import SILENCE_DBFS, level_of

from .markdown import assistant_block, tool_line, user_block

if TYPE_CHECKING:  # the audio stack loads when voice starts (`VoiceLink.open_audio`)
    from concierge.voice.capture import CaptureSource
    from concierge.voice.playback import AudioOutput

log = logging.getLogger(__name__)

REFRESH_FOLD_MS = 60
"""Changes within this long of the first are sent as one refresh."""


class VoiceSession(Protocol):
    """What the voice mode needs of the realtime bridge (`concierge.agent.voice_bridge`)."""

    async def start(self) -> None: ...
    def append_audio(self, pcm: bytes) -> None: ...
    async def commit_audio(self) -> None: ...
    async def interrupt(self, played_ms: int | None = None) -> None: ...
    async def refresh_context(self) -> None: ...
    async def set_turn_detection(self, mode: voice.TurnDetection) -> None: ...
    async def close(self) -> None: ...
    def subscribe(self, listener: Callable[[voice.VoiceEvent], None]) -> Callable[[], None]: ...


SessionOpener = Callable[[voice.TurnDetection], Awaitable[VoiceSession]]
"""Makes (does not start) a session for the bound trip; raises with a readable message."""
AudioOpener = Callable[[], Awaitable["tuple[CaptureSource, AudioOutput]"]]
"""Makes the capture source and the output the person chose in Settings."""


class VoiceState(StrEnum):
    OFF = "off"
    CONNECTING = "connecting"
    LIVE = "live"


@dataclass
class _Spoken:
    """An answer's voice as it plays, to tell the server how much was heard on barge-in."""

    item_id: str
    started: float
    received_ms: float = 0.0

    def played_ms(self) -> int:
        elapsed = (time.monotonic() - self.started) * 1000
        return int(min(self.received_ms, elapsed))

    @property
    def done(self) -> bool:
        """All of it has been heard (played in real time since it began)."""
        return (time.monotonic() - self.started) * 1000 >= self.received_ms


@dataclass
class _Live:
    """Partial transcripts and running tools, in the order they began."""

    user: dict[str, str] = field(default_factory=dict)
    assistant: dict[str, str] = field(default_factory=dict)
    tools: dict[str, str] = field(default_factory=dict)

    def empty(self) -> bool:
        return not (any(self.user.values()) or any(self.assistant.values()) or self.tools)


class VoiceMode(QObject):
    """Starts and stops the voice session and routes audio and events between the session,
    the microphone, the speaker and the chat."""

    state_changed = Signal(str)
    """The new `VoiceState`."""
    level = Signal(float, float)
    """RMS and peak of the last captured block, in dBFS."""
    live_changed = Signal()
    """The partial transcripts changed (`live_markdown`)."""
    stored = Signal()
    """A voice turn, or part of one, is now in the conversation's store."""
    problem = Signal(str)
    """What went wrong and what to do, in the window's language."""
    status = Signal(str)
    """A short line on what the session is doing (listening, speaking, reconnecting)."""
    talking_changed = Signal(bool)
    """Push-to-talk is held (True) or released."""

    def __init__(self, tasks: BackgroundTasks, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.session_opener: SessionOpener | None = None
        self.audio_opener: AudioOpener | None = None
        self.detection = voice.TurnDetection.PUSH_TO_TALK
        self.tool_titles: dict[str, str] = {}
        self.talk_key_name = ""
        """The push-to-talk key as the system writes it (set by the voice bar)."""
        self._state = VoiceState.OFF
        self._session: VoiceSession | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._source: CaptureSource | None = None
        self._output: AudioOutput | None = None
        self._ready = False
        self._talking = False
        self._responding: set[str] = set()
        self._spoken: _Spoken | None = None
        self._output_failed = False
        self._live = _Live()
        self._dirty = False
        self._refreshing = False
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_FOLD_MS)
        self._refresh_timer.timeout.connect(self._refresh_soon)
        self._refresh_done: list[Callable[[], None]] = []

    @property
    def state(self) -> VoiceState:
        return self._state

    @property
    def active(self) -> bool:
        """A session is connecting or live: typed turns wait."""
        return self._state is not VoiceState.OFF

    @property
    def talking(self) -> bool:
        return self._talking

    @property
    def speaking(self) -> bool:
        """The assistant is answering, or its voice is still playing."""
        return bool(self._responding) or (self._spoken is not None and not self._spoken.done)

    def _set_state(self, state: VoiceState) -> None:
        if state is not self._state:
            self._state = state
            self.state_changed.emit(state.value)

    def toggle(self) -> None:
        if self.active:
            self.end()
        else:
            self.begin()

    def begin(self) -> None:
        if self.active:
            return
        if self.session_opener is None or self.audio_opener is None:
            self.problem.emit(
                translate(
                    "VoiceMode",
                    "Voice needs a connected model. Choose a server and a model in "
                    "Settings, and a realtime model under Settings ▸ Voice.",
                )
            )
            return
        self._set_state(VoiceState.CONNECTING)
        self.status.emit(translate("VoiceMode", "Connecting…"))
        self.tasks.start(self._begin(), name="start voice")

    async def _begin(self) -> None:
        assert self.session_opener is not None and self.audio_opener is not None
        try:
            source, output = await self.audio_opener()
            source.start(self._captured)
        except AudioError as error:
            log.info("voice: audio could not start: %s (%s)", error, error.detail)
            self._fail(shown(error.message))
            return
        self._source, self._output = source, output
        try:
            session = await self.session_opener(self.detection)
        except Exception as error:
            self._fail(shown(str(error)) or _server_text())
            return
        self._session = session
        self._unsubscribe = session.subscribe(self._on_event)
        try:
            await session.start()
        except Exception as error:
            if self._session is session:
                self._fail(shown(str(error)) or _server_text())
            return
        if self._session is session and self._ready:
            self._set_state(VoiceState.LIVE)

    def end(self) -> None:
        session = self._teardown()
        self.status.emit("")
        if session is not None:
            self.tasks.start(session.close(), name="close voice")

    def _fail(self, text: str) -> None:
        self.end()
        self.problem.emit(text)

    def _teardown(self) -> VoiceSession | None:
        session, self._session = self._session, None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._source is not None:
            self._source.stop()
            self._source = None
        if self._output is not None:
            self._output.close()
            self._output = None
        self._ready = self._refreshing = self._dirty = False
        self._refresh_timer.stop()
        self._set_talking(False)
        self._responding.clear()
        self._spoken = None
        self._output_failed = False
        had_live = not self._live.empty()
        self._live = _Live()
        if had_live:
            self.live_changed.emit()
        self.level.emit(SILENCE_DBFS, SILENCE_DBFS)
        self._set_state(VoiceState.OFF)
        return session

    async def shutdown(self) -> None:
        session = self._teardown()
        if session is not None:
            await session.close()

    def set_detection(self, detection: voice.TurnDetection) -> None:
        """Push-to-talk or hands-free; a live session switches at once."""
        if detection is self.detection:
            return
        self.detection = detection
        self._set_talking(False)
        if self._session is not None and self._ready:
            self.tasks.start(
                self._session.set_turn_detection(detection), name="switch voice detection"
            )

    def _captured(self, pcm: bytes) -> None:
        """A block from the microphone, on the loop's thread."""
        level = level_of(pcm)
        self.level.emit(level.rms_dbfs, level.peak_dbfs)
        session = self._session
        if session is None or not self._ready:
            return
        if self.detection is voice.TurnDetection.HANDS_FREE or self._talking:
            session.append_audio(pcm)

    def microphone_silent(self) -> None:
        """The microphone has delivered only digital silence for a few seconds: say it may
        be blocked and where to allow it; the session goes on."""
        if self.active:
            self.problem.emit(shown(silent_microphone()))

    def talk_pressed(self) -> None:
        """Push-to-talk held: what is said from now on is sent; the assistant stops."""
        if self._session is None or not self._ready or self._talking:
            return
        if self.detection is not voice.TurnDetection.PUSH_TO_TALK:
            return
        if self.speaking:
            self.interrupt()
        self._set_talking(True)
        self.status.emit(translate("VoiceMode", "Listening…"))

    def talk_released(self) -> None:
        """Push-to-talk let go: the recording is committed and the assistant answers."""
        if not self._talking:
            return
        self._set_talking(False)
        session = self._session
        if session is not None:
            self.status.emit(translate("VoiceMode", "Thinking…"))
            self.tasks.start(self._commit(session), name="commit voice")

    async def _commit(self, session: VoiceSession) -> None:
        await self.settle_context()
        if session is self._session:
            await session.commit_audio()

    def _set_talking(self, talking: bool) -> None:
        if talking != self._talking:
            self._talking = talking
            self.talking_changed.emit(talking)

    def interrupt(self) -> None:
        """Stop (or Esc), or the person speaking over the answer: silence it at once and
        tell the session how much of it was heard."""
        session = self._session
        if session is None or not self._ready:
            return
        spoken, self._spoken = self._spoken, None
        if self._output is not None:
            self._output.stop()
        if spoken is not None and spoken.done:
            spoken = None  # heard to the end: nothing to cut
        if self._responding or spoken is not None:
            played = spoken.played_ms() if spoken is not None else None
            self._responding.clear()
            self.tasks.start(session.interrupt(played), name="interrupt voice")
        self.status.emit("")

    def _play(self, event: voice.AssistantAudio) -> None:
        if self._output is None or self._output_failed:
            return
        spoken = self._spoken
        if spoken is None or spoken.item_id != event.item_id:
            spoken = self._spoken = _Spoken(event.item_id, time.monotonic())
        spoken.received_ms += len(event.pcm) / voice.BYTES_PER_MS
        try:
            self._output.play(event.pcm)
        except AudioError as error:
            self._output_failed = True  # Transcripts still show what is said.
            self.problem.emit(shown(error.message))

    def context_changed(self) -> None:
        """Something the assistant sees changed (a form edit, a lookup, the selection)."""
        if self._session is None or not self._ready:
            return
        self._dirty = True
        if not self._refreshing and not self._refresh_timer.isActive():
            self._refresh_timer.start()

    def _refresh_soon(self) -> None:
        if self._session is not None and self._dirty and not self._refreshing:
            self._refreshing = True
            self.tasks.start(self._refresh(self._session), name="refresh voice context")

    async def _refresh(self, session: VoiceSession) -> None:
        try:
            while self._dirty and session is self._session:
                self._dirty = False
                await session.refresh_context()
        finally:
            if session is self._session:
                self._refreshing = False
            waiting, self._refresh_done = self._refresh_done, []
            for done in waiting:
                done()

    async def settle_context(self) -> None:
        """Return once every change so far has been sent to the session."""
        if self._refresh_timer.isActive():
            self._refresh_timer.stop()
            self._refresh_soon()
        if not self._refreshing:
            return
        done = asyncio.Event()
        self._refresh_done.append(done.set)
        await done.wait()

    def _on_event(self, event: voice.VoiceEvent) -> None:
        if isinstance(event, voice.AssistantAudio):
            self._play(event)
        elif isinstance(event, voice.SessionReady):
            self._ready = True
            if self._state is not VoiceState.OFF:
                self._set_state(VoiceState.LIVE)
            self.status.emit(self._idle_text())
            if event.reconnected:
                self.context_changed()
        elif isinstance(event, voice.SpeechStarted):
            if self.speaking:
                self.interrupt()
            self.status.emit(translate("VoiceMode", "Listening…"))
        elif isinstance(event, voice.SpeechStopped):
            self.status.emit(translate("VoiceMode", "Thinking…"))
        elif isinstance(event, voice.UserTranscriptDelta):
            self._live.user[event.item_id] = self._live.user.get(event.item_id, "") + event.text
            self.live_changed.emit()
        elif isinstance(event, voice.UserTranscriptFinal):
            self._live.user.pop(event.item_id, None)
            self.live_changed.emit()
        elif isinstance(event, voice.AssistantTranscriptDelta):
            text = self._live.assistant.get(event.item_id, "") + event.text
            self._live.assistant[event.item_id] = text
            self.status.emit(translate("VoiceMode", "Speaking…"))
            self.live_changed.emit()
        elif isinstance(event, voice.AssistantTranscriptFinal):
            self._live.assistant.pop(event.item_id, None)
            self.live_changed.emit()
        elif isinstance(event, voice.ResponseStarted):
            self._responding.add(event.response_id)
        elif isinstance(event, voice.ResponseFinished):
            self._responding.discard(event.response_id)
            if not self._responding:
                self.status.emit(self._idle_text())
        elif isinstance(event, voice.ToolStarted):
            self._live.tools[event.call_id] = event.title or event.name
            self.live_changed.emit()
        elif isinstance(event, voice.ToolFinished):
            self._live.tools.pop(event.call_id, None)
            self.live_changed.emit()
        elif isinstance(event, voice.Stored):
            self.stored.emit()
        elif isinstance(event, voice.Reconnecting):
            self._ready = False
            self.status.emit(
                translate("VoiceMode", "Reconnecting ({attempt} of {attempts})…").format(
                    attempt=event.attempt, attempts=event.attempts
                )
            )
        elif isinstance(event, voice.VoiceError):
            log.info("voice error %s: %s (%s)", event.kind, event.message, event.detail)
            if event.fatal:
                self._fail(shown(event.message))
            else:
                self.problem.emit(shown(event.message))
        elif isinstance(event, voice.Closed) and not event.by_host and self._session is not None:
            self._fail(
                translate("VoiceMode", "The voice session ended. Press Voice to talk again.")
            )

    def _idle_text(self) -> str:
        if self.detection is voice.TurnDetection.PUSH_TO_TALK:
            return translate("VoiceMode", "Hold Talk (or {key}) while you speak.").format(
                key=self.talk_key_name
            )
        return translate("VoiceMode", "Listening: just speak.")

    def live_markdown(self) -> str:
        blocks = [user_block([TextPart(text=text)]) for text in self._live.user.values() if text]
        blocks.extend(
            tool_line(title, translate("VoiceMode", "running…"), self.tool_titles)
            for title in self._live.tools.values()
        )
        blocks.extend(assistant_block(text) for text in self._live.assistant.values() if text)
        return "\n\n".join(blocks)

    @property
    def has_live(self) -> bool:
        return not self._live.empty()


def _server_text() -> str:
    return translate(
        "VoiceMode",
        "The voice session could not start. Check the server under Settings and the "
        "realtime model under Settings ▸ Voice.",
    )
