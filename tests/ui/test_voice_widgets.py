"""The voice mode's widgets and Settings ▸ Voice: every text translated (pseudo-language),
Portuguese shown, the meter's scale, and the device and model choices kept as chosen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QKeySequenceEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from concierge.agent.voice_events import TurnDetection
from concierge.model.settings import (
    VOICE_INPUT_DEVICE,
    VOICE_MODEL,
    VOICE_OUTPUT_DEVICE,
    VOICE_TALK_KEY,
    VOICE_TRANSCRIPTION_MODEL,
    Section,
    default_talk_key,
)
from concierge.store import Database, Settings
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.chat.voice_bar import LevelMeter, VoiceBar, talk_key, voice_button
from concierge.ui.chat.voice_mode import VoiceMode, VoiceState
from concierge.ui.settings.section import SettingsSection
from concierge.voice.devices import list_devices
from concierge.voice.errors import AudioError
from tests.ui.visible_text import pseudo_language, untranslated
from tests.ui.waiting import until


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[Settings]:
    with Database.open(tmp_path / "concierge.db") as database:
        yield Settings(database)


def voice_widgets(qtbot: QtBot) -> tuple[QWidget, VoiceMode, VoiceBar]:
    host = QWidget()
    qtbot.addWidget(host)
    voice = VoiceMode(BackgroundTasks(host), host)
    bar = VoiceBar(voice, host)
    layout = QVBoxLayout(host)
    layout.addWidget(bar)
    layout.addWidget(voice_button(voice, host, host))
    host.show()
    voice.state_changed.emit(VoiceState.LIVE.value)  # as a live session shows it
    return host, voice, bar


def device_labels() -> set[str]:
    try:
        return {device.label for device in list_devices()}
    except AudioError:
        return set()


def test_every_text_of_the_voice_bar_is_translated(qtbot: QtBot) -> None:
    with pseudo_language():
        host, voice, bar = voice_widgets(qtbot)
        bar.meter.show_level(-20.0, -12.0)
        voice.status.emit(voice._idle_text())
        assert bar.isVisible() and bar.talk_button.isVisible()
        assert untranslated(host) == []


async def test_every_text_of_the_voice_settings_is_translated(
    qtbot: QtBot, settings: Settings
) -> None:
    await settings.set(VOICE_INPUT_DEVICE, "Old USB microphone")
    with pseudo_language():
        section = SettingsSection(Section.VOICE)
        qtbot.addWidget(section)
        section.show()
        await section.load(settings)
        names = device_labels()  # the sound system's names for the devices
        model = VOICE_MODEL.default  # a model's name, the same in every language
        assert untranslated(section, lambda text: text in names or text == model) == []


def test_the_meter_spans_sixty_decibels() -> None:
    assert LevelMeter.fraction(-96.0) == 0.0
    assert LevelMeter.fraction(-30.0) == pytest.approx(0.5)
    assert LevelMeter.fraction(0.0) == 1.0
    assert LevelMeter.fraction(3.0) == 1.0


async def test_devices_and_models_are_kept_as_chosen_a_missing_device_included(
    qtbot: QtBot, settings: Settings
) -> None:
    await settings.set(VOICE_INPUT_DEVICE, "Old USB microphone")
    section = SettingsSection(Section.VOICE)
    qtbot.addWidget(section)
    section.show()
    await section.load(settings)
    assert section.control(VOICE_INPUT_DEVICE).currentText() == "Old USB microphone (not connected)"
    assert section.control(VOICE_OUTPUT_DEVICE).currentText() == "System default"
    assert section.control(VOICE_MODEL).text() == "gpt-realtime"
    if not device_labels():  # no sound card here (CI): the section says what to do
        assert section.note.isVisibleTo(section)
        assert "No microphone was found" in section.note.text() or "PortAudio" in (
            section.note.text()
        )
    section.control(VOICE_MODEL).setFocus(Qt.FocusReason.OtherFocusReason)
    await until(lambda: QApplication.focusWidget() is section.control(VOICE_MODEL))
    qtbot.keyClick(section.control(VOICE_MODEL), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(section.control(VOICE_MODEL), "my-realtime")
    qtbot.keyClick(section.control(VOICE_MODEL), Qt.Key.Key_Tab)
    qtbot.keyClick(
        section.control(VOICE_TRANSCRIPTION_MODEL),
        Qt.Key.Key_A,
        Qt.KeyboardModifier.ControlModifier,
    )
    qtbot.keyClick(section.control(VOICE_TRANSCRIPTION_MODEL), Qt.Key.Key_Delete)
    await section.save(settings)
    assert await settings.get(VOICE_MODEL) == "my-realtime"
    assert await settings.get(VOICE_TRANSCRIPTION_MODEL) == ""
    assert await settings.get(VOICE_INPUT_DEVICE) == "Old USB microphone"
    assert await settings.get(VOICE_OUTPUT_DEVICE) == ""


async def test_the_voice_bar_speaks_portuguese(qtbot: QtBot, portuguese: None) -> None:
    _host, voice, bar = voice_widgets(qtbot)
    assert bar.mode_combo.currentText() == "Apertar para falar"
    assert bar.talk_button.text() == "Falar"
    qtbot.keyClick(bar.mode_combo, Qt.Key.Key_Down)  # hands-free, chosen with a key
    await until(lambda: voice.detection is TurnDetection.HANDS_FREE)
    assert bar.mode_combo.currentText() == "Mãos livres"
    assert not bar.talk_button.isVisible()


@pytest.mark.parametrize(
    ("platform", "taken"),
    [
        # Qt's "Ctrl" is Cmd on macOS (Spotlight); its "Meta" is Control (input sources).
        ("darwin", ("Ctrl+Space", "Meta+Space")),
        # Ctrl+Space switches input methods; Alt+Space opens the window menu.
        ("linux", ("Ctrl+Space", "Alt+Space", "Meta+Space")),
        ("win32", ("Ctrl+Space", "Alt+Space", "Meta+Space")),
    ],
)
def test_the_default_push_to_talk_key_is_taken_by_nothing_of_the_system(
    platform: str, taken: tuple[str, ...]
) -> None:
    default = talk_key(default_talk_key(platform))
    assert default.key() == Qt.Key.Key_Space
    assert all(default != talk_key(keys) for keys in taken)


async def test_the_push_to_talk_key_is_pressed_in_esc_left_to_the_dialog_backspace_clears(
    qtbot: QtBot, settings: Settings
) -> None:
    section = SettingsSection(Section.VOICE)
    qtbot.addWidget(section)
    section.show()
    await section.load(settings)
    edit = section.control(VOICE_TALK_KEY)
    assert isinstance(edit, QKeySequenceEdit)
    assert edit.keySequence().toString() == VOICE_TALK_KEY.default
    edit.setFocus(Qt.FocusReason.OtherFocusReason)
    await until(lambda: QApplication.focusWidget() is edit)
    qtbot.keyClick(edit, Qt.Key.Key_Escape)  # closes the dialog; never the key
    assert edit.keySequence().toString() == VOICE_TALK_KEY.default
    qtbot.keyClick(edit, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert section.rows.values()[VOICE_TALK_KEY] == "Alt+T"
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    assert edit.keySequence().isEmpty()
    await section.save(settings)
    assert await settings.get(VOICE_TALK_KEY) == VOICE_TALK_KEY.default  # empty: the default
