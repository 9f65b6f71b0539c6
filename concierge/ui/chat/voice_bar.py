"""The voice mode's controls: the Voice button beside Send, and while voice is on a bar
with push-to-talk or hands-free, the Talk button, the level meter and what is happening.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QKeyCombination, QObject, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QKeyEvent, QKeySequence, QPainter, QPaintEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from concierge.agent.voice_events import TurnDetection
from concierge.model.settings import VOICE_TALK_KEY
from concierge.ui.i18n import shown_number, translate
from concierge.voice.levels import SILENCE_DBFS

from .voice_mode import VoiceMode, VoiceState

METER_FLOOR_DBFS = -60.0
"""The meter's empty end: quieter than a quiet room through a laptop microphone."""
VOICE_SHORTCUT = QKeyCombination(
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_V
)
MODIFIER_KEYS: dict[Qt.KeyboardModifier, tuple[Qt.Key, ...]] = {
    Qt.KeyboardModifier.ControlModifier: (Qt.Key.Key_Control,),
    Qt.KeyboardModifier.AltModifier: (Qt.Key.Key_Alt, Qt.Key.Key_AltGr),
    Qt.KeyboardModifier.ShiftModifier: (Qt.Key.Key_Shift,),
    Qt.KeyboardModifier.MetaModifier: (Qt.Key.Key_Meta,),
}
"""The keys behind each modifier: letting go of any of them ends push-to-talk."""


def talk_key(portable: str) -> QKeyCombination:
    """The push-to-talk key stored as `portable` text; the default if it names none."""
    for text in (portable, VOICE_TALK_KEY.default):
        sequence = QKeySequence.fromString(text, QKeySequence.SequenceFormat.PortableText)
        if sequence.count():
            key: QKeyCombination = sequence[0]  # type: ignore[index]  # missing from the stubs
            return key
    raise ValueError(f"The default push-to-talk key {VOICE_TALK_KEY.default!r} is not a key.")


def key_name(key: QKeyCombination) -> str:
    """`key` as the system writes it ("Ctrl+Alt+Space", "⌥Space")."""
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)


class LevelMeter(QWidget):
    """How loud the microphone is: a bar from -60 to 0 dBFS, the peak as a tick."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("voiceLevelMeter")
        self.setAccessibleName(translate("VoiceBar", "Microphone level"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.rms = self.peak = SILENCE_DBFS

    def sizeHint(self) -> QSize:
        return QSize(120, max(8, self.fontMetrics().height() // 2))

    def show_level(self, rms: float, peak: float) -> None:
        self.rms, self.peak = rms, peak
        self.setAccessibleDescription(
            translate("VoiceBar", "{level} dB").format(level=shown_number(max(rms, -96.0)))
        )
        self.update()

    @staticmethod
    def fraction(dbfs: float) -> float:
        """Where `dbfs` falls on the meter, 0..1."""
        return min(1.0, max(0.0, (dbfs - METER_FLOOR_DBFS) / -METER_FLOOR_DBFS))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(palette.mid().color())
        painter.setBrush(palette.base())
        painter.drawRect(rect)
        filled = rect.adjusted(1, 1, -1, -1)
        filled.setWidth(filled.width() * self.fraction(self.rms))
        loud = self.peak > -3.0
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#c0392b") if loud else palette.highlight().color())
        painter.drawRect(filled)
        x = rect.left() + 1 + (rect.width() - 2) * self.fraction(self.peak)
        painter.setPen(palette.text().color())
        painter.drawLine(int(x), int(rect.top()) + 1, int(x), int(rect.bottom()) - 1)


class VoiceBar(QWidget):
    """Mode, Talk, the meter and the status line; shown while voice is on."""

    def __init__(self, voice: VoiceMode, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("voiceBar")
        self.voice = voice
        self.mode_combo = QComboBox(self)
        self.mode_combo.setObjectName("voiceModeCombo")
        self.mode_combo.addItem(translate("VoiceBar", "Push to talk"), TurnDetection.PUSH_TO_TALK)
        self.mode_combo.addItem(translate("VoiceBar", "Hands-free"), TurnDetection.HANDS_FREE)
        self.mode_combo.setAccessibleName(translate("VoiceBar", "How to talk"))
        self.talk_button = QPushButton(translate("VoiceBar", "Talk"), self)
        self.talk_button.setObjectName("talkButton")
        self.talk_button.setAccessibleName(translate("VoiceBar", "Talk"))
        self.meter = LevelMeter(self)
        self.status_label = QLabel(self)
        self.status_label.setObjectName("voiceStatus")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setAccessibleName(translate("VoiceBar", "Voice status"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.mode_combo)
        layout.addWidget(self.talk_button)
        layout.addWidget(self.meter, 1)
        layout.addWidget(self.status_label, 2)
        self.hide()

        self.mode_combo.currentIndexChanged.connect(self._mode_chosen)
        self.talk_button.pressed.connect(voice.talk_pressed)
        self.talk_button.released.connect(voice.talk_released)
        voice.level.connect(self.meter.show_level)
        voice.status.connect(self.status_label.setText)
        voice.state_changed.connect(self._state_changed)
        voice.talking_changed.connect(self.talk_button.setDown)
        self.talk_keys = TalkKeys(voice, self)
        self.set_talk_key(VOICE_TALK_KEY.default)
        self._show_mode()

    def set_talk_key(self, portable: str) -> None:
        """Use the push-to-talk key stored as `portable` text, and name it where push to
        talk is explained."""
        key = self.talk_keys.key = talk_key(portable)
        name = self.voice.talk_key_name = key_name(key)
        self.mode_combo.setToolTip(
            translate(
                "VoiceBar",
                "Push to talk: hold Talk or {key} while you speak. Hands-free: just "
                "speak; the server hears when you stop.",
            ).format(key=name)
        )
        self.talk_button.setToolTip(
            translate("VoiceBar", "Hold while you speak ({key})").format(key=name)
        )

    def _mode_chosen(self) -> None:
        self.voice.set_detection(TurnDetection(self.mode_combo.currentData()))
        self._show_mode()

    def show_detection(self, detection: TurnDetection) -> None:
        self.mode_combo.setCurrentIndex(self.mode_combo.findData(detection))

    def _show_mode(self) -> None:
        push = self.voice.detection is TurnDetection.PUSH_TO_TALK
        self.talk_button.setVisible(push)
        self.talk_button.setEnabled(push and self.voice.state is VoiceState.LIVE)

    def _state_changed(self, state: str) -> None:
        self.setVisible(state != VoiceState.OFF.value)
        self._show_mode()
        if state == VoiceState.LIVE.value and self.talk_button.isVisible():
            self.talk_button.setFocus(Qt.FocusReason.OtherFocusReason)


class TalkKeys(QObject):
    """The push-to-talk key held anywhere in the window is push-to-talk while voice is live:
    the press starts talking and the release of its key or of any of its modifiers ends it
    (auto-repeats ignored)."""

    def __init__(self, voice: VoiceMode, bar: QWidget) -> None:
        super().__init__(bar)
        self.voice = voice
        self.bar = bar
        self.key = talk_key(VOICE_TALK_KEY.default)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        bar.destroyed.connect(self._remove)

    def _remove(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            return False
        if self.voice.state is not VoiceState.LIVE:
            return False
        if self.voice.detection is not TurnDetection.PUSH_TO_TALK:
            return False
        assert isinstance(event, QKeyEvent)
        if not isinstance(watched, QWidget) or watched.window() is not self.bar.window():
            return False
        if kind == QEvent.Type.KeyPress and event.keyCombination() == self.key:
            if not event.isAutoRepeat():
                self.voice.talk_pressed()
            return True
        released = kind == QEvent.Type.KeyRelease and self.voice.talking
        if released and event.key() in self._release_keys():
            if not event.isAutoRepeat():
                self.voice.talk_released()
            return True
        return False

    def _release_keys(self) -> set[Qt.Key]:
        held = self.key.keyboardModifiers()
        return {self.key.key()}.union(
            *(keys for modifier, keys in MODIFIER_KEYS.items() if held & modifier)
        )


def share_slot(row: QBoxLayout, busy: QWidget, button: QWidget) -> QWidget:
    """Put `button` in the cell of the composer's busy label (never both shown), so the row,
    which sets the chat's narrowest width, grows by neither."""
    slot = QWidget(busy.parentWidget())
    grid = QGridLayout(slot)
    grid.setContentsMargins(0, 0, 0, 0)
    row.replaceWidget(busy, slot)
    grid.addWidget(busy, 0, 0)
    grid.addWidget(button, 0, 0)
    return slot


def voice_button(voice: VoiceMode, parent: QWidget, scope: QWidget) -> QToolButton:
    """The Voice button beside Send: checked while a session is on; Ctrl+Shift+V anywhere
    in `scope` (the chat) toggles it too."""
    # A tool button, as tight as its text: the composer's row sets the chat's narrowest width.
    button = QToolButton(parent)
    button.setText(translate("VoiceBar", "Voice"))
    button.setObjectName("voiceButton")
    button.setCheckable(True)
    button.setAccessibleName(translate("VoiceBar", "Voice"))
    button.setToolTip(translate("VoiceBar", "Talk with the assistant (Ctrl+Shift+V)"))
    button.clicked.connect(lambda: voice.toggle())
    voice.state_changed.connect(lambda state: button.setChecked(state != VoiceState.OFF.value))
    shortcut = QShortcut(QKeySequence(VOICE_SHORTCUT), scope)
    shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    shortcut.setWhatsThis(translate("VoiceBar", "Voice on or off"))
    shortcut.activated.connect(voice.toggle)
    return button
