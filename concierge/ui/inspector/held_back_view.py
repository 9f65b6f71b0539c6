"""The sensitive values the assistant is not shown, each with a button to share it (one
undoable change to the trip). A burst of changes costs one read of the trip, and rows that
read the same are kept rather than built again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from concierge.store import Change
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.assistant.held_back import OnFile, set_shared, values_on_file
from concierge.travel.safe_text.sensitive import ON_FILE
from concierge.travel.services import TravelServices
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, translate
from concierge.ui.views.person import person
from concierge.ui.views.refresher import Refresher
from concierge.ui.wrapped_label import wrapped_label

NO_TRIP_TEXT = QT_TRANSLATE_NOOP("HeldBack", "No trip selected.")
NOTHING_HELD_TEXT = QT_TRANSLATE_NOOP(
    "HeldBack", "Nothing is held back: this trip holds no passport, booking or card numbers."
)
SHARE_TEXT = QT_TRANSLATE_NOOP("HeldBack", "Share with assistant")
STOP_TEXT = QT_TRANSLATE_NOOP("HeldBack", "Stop sharing")


def row_text(value: OnFile) -> str:
    """'Passport number P1234567 · Trip notes · held back'."""
    state = translate("HeldBack", "shared") if value.shared else translate("HeldBack", "held back")
    return f"{shown(value.what).capitalize()} {value.value} · {shown(value.where)} · {state}"


class HeldBackView(QWidget):
    """Follows one trip (`set_trip`); `refreshed` is emitted after each reload."""

    refreshed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = BackgroundTasks(self)
        self.summary = wrapped_label(
            self,
            shown(NO_TRIP_TEXT),
            accessible=translate("HeldBack", "Held back from the assistant"),
        )
        self.rows = QWidget(self)
        self.rows_layout = QVBoxLayout(self.rows)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.rows)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(scroll, 1)
        self.values: list[OnFile] = []
        self.buttons: list[QPushButton] = []
        self._rows: list[QWidget] = []
        self._services: TravelServices | None = None
        self._trip_id: str | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._refresher = Refresher(self.tasks, self._load, name="list held-back values")
        self._shown: tuple[str, list[tuple[str, str]]] | None = None

    def set_trip(self, services: TravelServices | None, trip_id: str | None) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._services, self._trip_id = services, trip_id
        if services is not None and trip_id is not None:
            self._unsubscribe = services.bus.subscribe(self._changed)
        self.refresh()

    def refresh(self) -> None:
        if self.tasks.closed:
            return
        services, trip_id = self._services, self._trip_id
        if services is None or trip_id is None:
            self._show([], NO_TRIP_TEXT)
            return
        self._refresher.request()

    async def shutdown(self) -> None:
        self.set_trip(None, None)
        await self.tasks.shutdown()

    def _changed(self, change: Change) -> None:
        if change.trip_id in (self._trip_id, None):  # None: a pin for all trips
            self.refresh()

    async def _load(self) -> None:
        services, trip_id = self._services, self._trip_id
        if services is None or trip_id is None:
            return
        values = await values_on_file(services, trip_id)
        if trip_id == self._trip_id:
            self._show(values, NOTHING_HELD_TEXT if not values else self._summary(values))

    @staticmethod
    def _summary(values: list[OnFile]) -> str:
        held = sum(not value.shared for value in values)
        return translate(
            "HeldBack",
            "{held} of {count} sensitive values held back: the assistant reads "
            "“{on_file}” instead. Share one only if the assistant needs it.",
        ).format(held=held, count=len(values), on_file=ON_FILE)

    def _show(self, values: list[OnFile], summary: str) -> None:
        text = shown(summary)
        texts = [(row_text(v), shown(STOP_TEXT if v.shared else SHARE_TEXT)) for v in values]
        if (text, texts) != self._shown:
            self._shown = (text, texts)
            self.summary.setText(text)
            self._build_rows(values, texts)
        self.values = values
        self.refreshed.emit()

    def _build_rows(self, values: list[OnFile], texts: list[tuple[str, str]]) -> None:
        focused = next(
            (held.value for held, b in zip(self.values, self.buttons, strict=True) if b.hasFocus()),
            None,
        )
        for old in self._rows:
            self.rows_layout.removeWidget(old)
            old.hide()
            old.deleteLater()
        self.buttons, self._rows = [], []
        focus: QPushButton | None = None
        for value, (label_text, verb) in zip(values, texts, strict=True):
            row = QWidget(self.rows)
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(label_text, row)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setToolTip(label.text())
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            button = QPushButton(verb, row)
            button.setAccessibleName(f"{verb}: {shown(value.what)} {value.value}")
            button.clicked.connect(lambda _=False, v=value: self._toggle(v))
            line.addWidget(label, 1)
            line.addWidget(button)
            self.rows_layout.insertWidget(self.rows_layout.count() - 1, row)
            row.show()
            self.buttons.append(button)
            self._rows.append(row)
            if value.value == focused:
                focus = button
        if focus is not None:  # The rebuilt row keeps the keyboard where the person left it.
            focus.setFocus(Qt.FocusReason.OtherFocusReason)

    def _toggle(self, value: OnFile) -> None:
        services, trip_id = self._services, self._trip_id
        if services is None or trip_id is None or self.tasks.closed:
            return
        if value.shared:
            label = QT_TRANSLATE_NOOP("ChangeLabel", "Stop sharing the {what} with the assistant")
        else:
            label = QT_TRANSLATE_NOOP("ChangeLabel", "Share the {what} with the assistant")
        context = person(label.format(what=value.what))
        self.tasks.start(
            set_shared(services, trip_id, value.value, not value.shared, context),
            name="share a held-back value",
        )
