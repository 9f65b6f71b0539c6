"""The voice mode tells a live session about the app's changes: a burst becomes one
`refresh_context()`, a change during a refresh is sent after it (the last one is never
dropped), and push-to-talk's release waits for a pending refresh before committing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from concierge.agent.voice_events import SessionReady, TurnDetection, VoiceEvent
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.chat.voice_mode import VoiceMode, VoiceState
from concierge.voice.capture import Deliver
from tests.ui.waiting import until


class Session:
    """Records the calls the voice mode makes; a refresh takes as long as the test says."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.listeners: list[Callable[[VoiceEvent], None]] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def start(self) -> None:
        for listener in self.listeners:
            listener(SessionReady("sess_1"))

    def append_audio(self, pcm: bytes) -> None:
        self.calls.append("append")

    async def commit_audio(self) -> None:
        self.calls.append("commit")

    async def interrupt(self, played_ms: int | None = None) -> None:
        self.calls.append("interrupt")

    async def refresh_context(self) -> None:
        self.calls.append("refresh")
        await self.gate.wait()
        self.calls.append("refreshed")

    async def set_turn_detection(self, mode: TurnDetection) -> None:
        self.calls.append(f"detection {mode}")

    async def close(self) -> None:
        self.calls.append("close")

    def subscribe(self, listener: Callable[[VoiceEvent], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)


class Quiet:
    def start(self, deliver: Deliver) -> None:
        self.deliver = deliver

    def stop(self) -> None:
        pass

    def play(self, pcm: bytes) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def host(qtbot: QtBot) -> QWidget:
    """The voice mode's parent, alive until the test ends."""
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


async def live_voice(host: QWidget) -> tuple[VoiceMode, Session]:
    voice = VoiceMode(BackgroundTasks(host), host)
    session = Session()
    quiet = Quiet()

    async def open_session(detection: TurnDetection) -> Session:
        return session

    async def open_audio() -> tuple[Quiet, Quiet]:
        return quiet, quiet

    voice.session_opener = open_session
    voice.audio_opener = open_audio
    voice.begin()
    await until(lambda: voice.state is VoiceState.LIVE)
    return voice, session


async def test_a_burst_of_changes_is_one_refresh(host: QWidget) -> None:
    voice, session = await live_voice(host)
    for _ in range(5):
        voice.context_changed()
    await until(lambda: "refreshed" in session.calls)
    await voice.settle_context()  # would send anything still pending
    assert session.calls == ["refresh", "refreshed"]


async def test_a_change_during_a_refresh_is_sent_after_it(host: QWidget) -> None:
    voice, session = await live_voice(host)
    session.gate.clear()
    voice.context_changed()
    await until(lambda: session.calls == ["refresh"])
    voice.context_changed()  # arrives while the first is being sent
    voice.context_changed()
    session.gate.set()
    await until(lambda: session.calls.count("refreshed") == 2)
    assert session.calls == ["refresh", "refreshed", "refresh", "refreshed"]


async def test_releasing_push_to_talk_commits_after_the_pending_refresh(host: QWidget) -> None:
    voice, session = await live_voice(host)
    voice.talk_pressed()
    assert voice.talking
    session.gate.clear()
    voice.context_changed()  # an edit just before letting go
    voice.talk_released()
    await until(lambda: "refresh" in session.calls)
    assert "commit" not in session.calls
    session.gate.set()
    await until(lambda: "commit" in session.calls)
    assert session.calls == ["refresh", "refreshed", "commit"]


async def test_changes_while_no_session_is_live_are_not_sent(host: QWidget) -> None:
    voice, session = await live_voice(host)
    voice.end()
    voice.context_changed()
    await until(lambda: "close" in session.calls)
    assert "refresh" not in session.calls
