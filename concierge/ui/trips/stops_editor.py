"""The trip form's route: one compact row per stop (place, arrival, departure), edited in
place and saved as each field is left, like the form's other fields. A row follows the
store (the assistant's edits, undo) unless it holds unsaved typing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from datetime import date
from typing import Any

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QLabel,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from concierge.store import (
    Change,
    EntityKind,
    InvalidChangeError,
    LockKind,
    StopRecord,
    StoreError,
)
from concierge.store.seen import made_by
from concierge.store.validation import LINE_LIMIT, STOP_RULES, text_limit
from concierge.text import QT_TRANSLATE_NOOP, error_text
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices
from concierge.ui.colours import Tone, tint
from concierge.ui.i18n import shown, translate
from concierge.ui.views.actions import action_button, make_action, move_actions
from concierge.ui.views.layouts import tab_order
from concierge.ui.views.locks import LOCKED_TEXT, LockKey, lock_action, lock_icon
from concierge.ui.views.marks import CHANGED_BY_ASSISTANT, changed_by_program
from concierge.ui.views.person import person
from concierge.ui.views.trip_view import TripView
from concierge.ui.wrapped_label import wrapped_label

from .date_field import DateField, UnreadableDate
from .place_field import PlaceEdit, place_changes
from .trip_text import place_hint

_DATES = ("arrive", "depart")
_MARK_WIDTH = 4


class StopRow(QWidget):
    """One stop: its number, place and remove button, then its arrival and departure.
    `stop` is None until the place has been saved; `shown` holds what was last put in the
    fields from the store, so a field whose text differs holds unsaved typing."""

    def __init__(self, places: PlaceIndex, editor: StopsEditor) -> None:
        super().__init__(editor)
        self.setObjectName("stopRow")
        self.stop: StopRecord | None = None
        self.adding = False
        self.marked = False
        self.mark_words: str = CHANGED_BY_ASSISTANT
        self.locked = False
        self.padlock = QLabel(self)
        self.padlock.setObjectName("stopLock")
        self.padlock.setPixmap(lock_icon(self).pixmap(16, 16))
        self.padlock.setToolTip(
            translate("StopsEditor", "Stop locked: the assistant cannot change it")
        )
        self.padlock.hide()
        self.marker = QFrame(self)
        self.marker.setObjectName("assistantMark")
        self.marker.setFixedWidth(_MARK_WIDTH)
        self.number = QLabel(self)
        self.number.setMinimumWidth(self.fontMetrics().horizontalAdvance("00."))
        self.place = PlaceEdit(places, editor.tasks, self)
        self.place.setPlaceholderText(
            translate("StopsEditor", "City or airport, e.g. Kyoto or KIX")
        )
        self.place.setMaxLength(text_limit(STOP_RULES["place"]) or LINE_LIMIT)
        self.arrive = DateField(translate("StopsEditor", "Arrival date"), self)
        self.depart = DateField(translate("StopsEditor", "Departure date"), self)
        self.remove_button = QToolButton(self)
        self.remove_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_TitleBarCloseButton)
        )
        self.remove_button.setAutoRaise(True)
        self.remove_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Ctrl+Delete from the row.
        for field in (self.arrive, self.depart):
            field.clear_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab stays on the row.
        self.shown: dict[str, object] = {"place": "", "arrive": None, "depart": None}
        to = QLabel("–", self)
        to.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.marker, 0, 0, 2, 1)
        grid.addWidget(self.number, 0, 1)
        grid.addWidget(self.place, 0, 2, 1, 3)
        grid.addWidget(self.padlock, 0, 5)
        grid.addWidget(self.remove_button, 0, 6)
        grid.addWidget(self.arrive, 1, 2)
        grid.addWidget(to, 1, 3)
        grid.addWidget(self.depart, 1, 4)
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(4, 1)

    def focusables(self) -> list[QWidget]:
        return [self.place, self.arrive.edit, self.depart.edit]

    def set_marked(self, marked: bool, words: str = CHANGED_BY_ASSISTANT) -> None:
        """Show (or clear) the mark of an unseen change: the strip beside the stop, and the
        words saying who made it (`changed_by`) that screen readers hear with its fields."""
        if marked == self.marked and (not marked or words == self.mark_words):
            return
        self.marked = marked
        self.mark_words = words
        tint(self.marker, Tone.MARK if marked else None, QPalette.ColorRole.Window)
        self.marker.setAutoFillBackground(marked)
        self.marker.setToolTip(shown(words) if marked else "")
        self.marker.update()
        self._describe()

    def set_locked(self, locked: bool) -> None:
        """Show (or clear) the padlock, and say "locked" with each of the stop's fields."""
        if locked == self.locked:
            return
        self.locked = locked
        self.padlock.setVisible(locked)
        self._describe()

    def _describe(self) -> None:
        words = [self.mark_words if self.marked else "", LOCKED_TEXT if self.locked else ""]
        for widget in self.focusables():
            widget.setAccessibleDescription("; ".join(shown(word) for word in words if word))

    def set_number(self, number: int) -> None:
        self.number.setText(f"{number}.")
        for widget, name in (
            (self.place, translate("StopsEditor", "Stop {number} place")),
            (self.arrive.edit, translate("StopsEditor", "Stop {number} arrival date")),
            (self.depart.edit, translate("StopsEditor", "Stop {number} departure date")),
        ):
            widget.setAccessibleName(name.format(number=number))
        self.remove_button.setToolTip(
            translate("StopsEditor", "Remove stop {number} (Ctrl+Delete)").format(number=number)
        )
        self.remove_button.setAccessibleName(
            translate("StopsEditor", "Remove stop {number}").format(number=number)
        )

    def widget_of(self, field: str) -> QWidget:
        if field == "place":
            return self.place
        return (self.arrive if field == "arrive" else self.depart).edit

    def read(self, field: str) -> object:
        """The field's value as typed: place text, or a date, None or `UnreadableDate`."""
        if field == "place":
            return self.place.text().strip()
        return (self.arrive if field == "arrive" else self.depart).read()

    def dirty(self, field: str) -> bool:
        return self.read(field) != self.shown[field]

    def put(self, field: str, value: object) -> None:
        """Show a stored value; it becomes the field's baseline."""
        if field == "place":
            self.place.setText(str(value))
        else:
            assert value is None or isinstance(value, date)
            (self.arrive if field == "arrive" else self.depart).set_value(value)
        self.shown[field] = value

    def take(self, stop: StopRecord) -> None:
        """Follow the stored stop, keeping every field that holds unsaved typing (saving it
        replaces the store's value: the later edit wins)."""
        self.stop = stop
        for field in ("place", *_DATES):
            stored = getattr(stop, field)
            if self.dirty(field):
                self.shown[field] = stored
            else:
                self.put(field, stored)
        self.place.setToolTip(place_hint(stop.place, stop.place_code, stop.timezone))

    def contains_focus(self) -> bool:
        focused = QApplication.focusWidget()
        return focused is not None and (focused is self or self.isAncestorOf(focused))


class StopsEditor(TripView[Change]):
    """The stops of one trip; `tab_before` and `tab_after` are the form's controls around
    it, so Tab runs through the rows between them."""

    saved = Signal(str)
    """A stop (its id) was added or changed by the person."""
    refused = Signal(str, str)
    """(field, message): a value was not saved."""
    marks_changed = Signal()
    """Stops gained or lost the assistant's mark (`marked_labels`)."""

    view_name = "stops"
    object_name = "stopsEditor"
    accessible_name = QT_TRANSLATE_NOOP("StopsEditor", "Stops")

    def __init__(self, services: TravelServices, parent: QWidget | None = None) -> None:
        super().__init__(services.bus, parent)
        self.editor = services.editor
        self.places = services.places
        self.history = services.history
        self.rows: list[StopRow] = []
        self._unseen: dict[str, str | None] = {}
        """Each stop the person has not seen changed → the other program that changed it
        (None: the assistant)."""
        self.tab_before: QWidget | None = None
        self.tab_after: QWidget | None = None
        self._last_write: asyncio.Task[None] | None = None
        self._trip_start: date | None = None
        self._written = 0
        """Stop writes that have come back from the store (a load read before one is stale)."""

        self.add_action = make_action(
            self, translate("StopsEditor", "Add stop"), None, self.add_stop
        )
        control_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        self.add_action.setShortcuts(
            [
                QKeySequence(QKeyCombination(control_shift, Qt.Key.Key_N)),
                QKeySequence(Qt.Key.Key_Insert),
            ]
        )
        self.add_action.setToolTip(translate("StopsEditor", "Add stop (Ctrl+Shift+N or Insert)"))
        self.remove_action = make_action(
            self,
            translate("StopsEditor", "Remove stop"),
            QKeyCombination(Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_Delete),
            self.remove_current,
        )
        self.up_action, self.down_action = move_actions(
            self,
            self.move_current,
            translate("StopsEditor", "Move stop up"),
            translate("StopsEditor", "Move stop down"),
        )
        for action in (self.add_action, self.remove_action, self.up_action, self.down_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        self.locks = services.locks
        self._locked: frozenset[str] = frozenset()
        """Stops (ids) the person locked."""
        self.lock_action = lock_action(self, self.toggle_lock)
        self._lock_key = LockKey(self.lock_action)
        self.add_button = action_button(self, self.add_action)
        self.add_button.setObjectName("addStopButton")
        self.add_button.setToolTip(self.add_action.toolTip())
        self.empty_label = wrapped_label(
            self,
            translate("StopsEditor", "No stops yet: add the places of the route with Add stop."),
        )
        self.empty_label.setEnabled(False)
        self.error_label = QLabel(self)
        self.error_label.setObjectName("stopsError")
        self.error_label.setWordWrap(True)
        tint(self.error_label, Tone.ERROR)
        self.error_label.hide()
        self._rows_layout = QVBoxLayout()
        self._rows_layout.setContentsMargins(0, 0, 0, 0)
        self._rows_layout.setSpacing(6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(self._rows_layout)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.error_label)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)

    @property
    def error_text(self) -> str:
        return self.error_label.text() if not self.error_label.isHidden() else ""

    def saved_rows(self) -> list[StopRow]:
        """The rows of stored stops, in route order (without new rows not yet saved)."""
        return [row for row in self.rows if row.stop is not None]

    def add_stop(self) -> None:
        """Open an empty row at the end of the route (or go to the one already open)."""
        if self.trip_id is None:
            return
        row = next((row for row in self.rows if row.stop is None and not row.read("place")), None)
        if row is None:
            row = self._new_row()
            self.rows.append(row)
            self._lay_out()
        row.place.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def remove_current(self) -> None:
        """Remove the stop with the focus (one undo step); an unsaved row just goes."""
        row = self._focused_row()
        trip_id = self.trip_id
        if row is None or trip_id is None:
            return
        index = self.rows.index(row)
        after = self.rows[index + 1] if index + 1 < len(self.rows) else None
        before = self.rows[index - 1] if index > 0 else None
        neighbour = after or before
        target = neighbour.place if neighbour is not None else self.add_button
        target.setFocus(Qt.FocusReason.OtherFocusReason)
        if row.stop is None:
            self._drop(row)
            return
        self._write(self._remove(row.stop), name="remove stop")

    def move_current(self, delta: int) -> None:
        """Move the stop with the focus one place along the route (one undo step)."""
        row = self._focused_row()
        if row is None or row.stop is None or self.trip_id is None:
            return
        saved = self.saved_rows()
        position = saved.index(row) + delta
        if not 0 <= position < len(saved):
            return
        index = self.rows.index(row)
        neighbour = index + delta
        if 0 <= neighbour < len(self.rows):  # Show the move at once; the store confirms it.
            self.rows[index], self.rows[neighbour] = self.rows[neighbour], self.rows[index]
            self._lay_out()
        self._write(self._move(row.stop, position), name="move stop")

    def toggle_lock(self) -> None:
        """Lock the stop with the focus against the assistant's changes, or unlock it."""
        row = self._focused_row()
        if row is None or row.stop is None or self.trip_id is None:
            return
        self._write(self._toggle_lock(row.stop), name="lock stop")

    async def _toggle_lock(self, stop: StopRecord) -> None:
        try:
            await self.locks.toggle(LockKind.STOP, stop.id, context=person())
        except StoreError as error:
            self._refused(error)

    def marked_labels(self) -> list[str]:
        """'stop 2 “Kyoto”' for each marked stop, for the form's banner."""
        return [
            translate("StopsEditor", "stop {number} “{place}”").format(
                number=number, place=row.read("place")
            )
            for number, row in enumerate(self.rows, start=1)
            if row.marked
        ]

    def marked_program(self) -> str | None:
        """The other program that changed the marked stops (None: the assistant)."""
        return next((program for program in self._unseen.values() if program is not None), None)

    def mark_all_seen(self) -> None:
        """Clear every stop's mark, here and in the change log."""
        trip_id = self.trip_id
        if trip_id is None or not self._unseen:
            return
        self._unseen = {}
        self._render_marks()
        self.tasks.start(self._mark_seen(trip_id, None), name="mark stops seen")

    async def flush(self) -> None:
        """Save every row's unsaved typing now and wait until the store has answered."""
        self._commit_all()
        await self.settle_writes()

    def takes(self, news: Change, trip_id: str) -> bool:
        """The trip's stops, and its start date (where a stop's dates start stepping)."""
        if news.trip_id != trip_id:
            return False
        return news.entity in (EntityKind.TRIP_STOP, EntityKind.TRIP_LOCK) or (
            news.entity is EntityKind.TRIP and "start_date" in news.fields
        )

    async def load(self, trip_id: str) -> None:
        written = self._written
        history = self.history
        unseen = await history.unseen_assistant_changes(trip_id) if history is not None else {}
        stops = await self.editor.stops.stops(trip_id)
        trip = await self.editor.trips.get(trip_id)
        locks = await self.locks.locks(trip_id)
        if trip_id != self.trip_id:
            return
        if written != self._written or self._writing():
            return  # What was read may predate a write shown already; it reloads when done.
        self._trip_start = trip.start_date if trip is not None else None
        if any(row.adding for row in self.rows):
            return  # Which stop is the row being added is known once it is; it reloads then.
        self._unseen = {
            entity_id: made_by(fields)
            for (kind, entity_id), fields in unseen.items()
            if kind is EntityKind.TRIP_STOP
        }
        self._locked = frozenset(lock.target for lock in locks if lock.kind is LockKind.STOP)
        self._sync(stops)
        self._render_marks()
        self.refreshed.emit()

    def leave_trip(self) -> None:
        self._commit_all()

    def forget(self) -> None:
        for row in self.rows:
            row.deleteLater()
        self.rows = []
        self._unseen = {}
        self._locked = frozenset()
        self._set_error("")
        self._lay_out()
        self.marks_changed.emit()

    def show_no_trip(self) -> None:
        self.forget()

    async def before_shutdown(self) -> None:
        await self.flush()

    def _new_row(self) -> StopRow:
        row = StopRow(self.places, self)
        row.place.textEdited.connect(lambda _text: self._set_error(""))
        row.place.editingFinished.connect(lambda: self._finished(row, "place"))
        row.place.picked.connect(lambda _label: self._finished(row, "place"))
        row.place.left.connect(lambda: self._finished(row, "place"))
        for field, day in (("arrive", row.arrive), ("depart", row.depart)):
            day.edit.editingFinished.connect(lambda f=field: self._finished(row, f))
            day.picked.connect(lambda f=field: self._finished(row, f))
            day.cleared.connect(lambda f=field: self._finished(row, f))
            day.edit.fallback = lambda: self._trip_start or date.today()
        row.remove_button.clicked.connect(lambda: self._remove_row(row))
        for widget in row.focusables():
            widget.installEventFilter(self)
            self._lock_key.watch(widget)
        return row

    def _remove_row(self, row: StopRow) -> None:
        row.place.setFocus(Qt.FocusReason.OtherFocusReason)
        self.remove_current()

    def _render_marks(self) -> None:
        before = [row.marked for row in self.rows]
        for row in self.rows:
            row.set_locked(row.stop is not None and row.stop.id in self._locked)
            unseen = row.stop is not None and row.stop.id in self._unseen
            program = self._unseen.get(row.stop.id) if row.stop is not None else None
            row.set_marked(unseen, changed_by_program(program))
        if [row.marked for row in self.rows] != before or not self.rows:
            self.marks_changed.emit()

    def _look_at(self, row: StopRow) -> None:
        """The person focused a marked stop: it is seen."""
        trip_id = self.trip_id
        if row.stop is None or row.stop.id not in self._unseen or trip_id is None:
            return
        self._unseen = {stop: words for stop, words in self._unseen.items() if stop != row.stop.id}
        self._render_marks()
        self.tasks.start(self._mark_seen(trip_id, row.stop.id), name="mark stop seen")

    async def _mark_seen(self, trip_id: str, stop_id: str | None) -> None:
        await self.history.mark_seen(trip_id, EntityKind.TRIP_STOP, stop_id)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Ctrl+Delete reaches the editor even from a line edit, which would take it as
        "delete the next word"; focusing a marked stop marks it seen."""
        if event.type() == QEvent.Type.FocusIn:
            row = next((r for r in self.rows if watched in r.focusables()), None)
            if row is not None:
                self._look_at(row)
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Delete
            and event.modifiers() == Qt.KeyboardModifier.ControlModifier
        ):
            self.remove_current()
            return True
        return super().eventFilter(watched, event)

    def _sync(self, stops: list[StopRecord]) -> None:
        """Rows for `stops` in route order, reusing each stop's row (and its unsaved typing)
        and keeping unsaved new rows where they are."""
        by_id = {row.stop.id: row for row in self.rows if row.stop is not None}
        rows: list[StopRow] = []
        for stop in stops:
            row = by_id.pop(stop.id, None) or self._new_row()
            row.take(stop)
            rows.append(row)
        for index, row in enumerate(self.rows):
            if row.stop is None:
                rows.insert(min(index, len(rows)), row)
        for gone in by_id.values():
            if gone.contains_focus():
                (rows[0].place if rows else self.add_button).setFocus()
            gone.deleteLater()
        self.rows = rows
        self._lay_out()

    def _drop(self, row: StopRow) -> None:
        self.rows.remove(row)
        row.deleteLater()
        self._lay_out()

    def _lay_out(self) -> None:
        while self._rows_layout.count():
            self._rows_layout.takeAt(0)
        for number, row in enumerate(self.rows, start=1):
            self._rows_layout.addWidget(row)
            row.set_number(number)
            row.show()
        self.empty_label.setVisible(not self.rows)
        self._chain()

    def _chain(self) -> None:
        chain = [w for row in self.rows for w in row.focusables()]
        ends = [w for w in (self.tab_before, *chain, self.add_button, self.tab_after) if w]
        tab_order(ends)

    def _focused_row(self) -> StopRow | None:
        return next((row for row in self.rows if row.contains_focus()), None)

    def _commit_all(self) -> None:
        for row in list(self.rows):
            for field in ("place", *_DATES):
                self._finished(row, field)

    def _finished(self, row: StopRow, field: str) -> None:
        trip_id = self.trip_id
        if trip_id is None or row not in self.rows or not row.dirty(field):
            return
        value = row.read(field)
        if isinstance(value, UnreadableDate):  # Kept as typed, with what is wrong.
            number = self.rows.index(row) + 1
            if field == "arrive":
                message = translate("StopsEditor", "Stop {number} arrival date: {reason}")
            else:
                message = translate("StopsEditor", "Stop {number} departure date: {reason}")
            self._refuse(field, message.format(number=number, reason=shown(value.message)))
            return
        if row.stop is not None:
            self._write(self._update(row, row.stop, field, value), name="save stop")
        elif field == "place" and value and not row.adding:
            row.adding = True
            position = [r for r in self.rows if r.stop is not None or r is row].index(row)
            self._write(self._add(trip_id, row, str(value), position), name="add stop")

    def _write(self, coro: Coroutine[Any, Any, None], *, name: str) -> None:
        """Run a write after the ones before it, so the store takes edits in their order
        (matching a place can take a while), then read the stops back."""
        if self.tasks.closed:
            coro.close()
            return
        task = self.tasks.start(self._then_reload(self._last_write, coro), name=name)
        self._last_write = task
        self.track_write(task)

    def _writing(self) -> bool:
        """A write is on its way (they run one after another, so the last one is enough)."""
        return self._last_write is not None and not self._last_write.done()

    async def _then_reload(
        self, previous: asyncio.Task[None] | None, coro: Coroutine[Any, Any, None]
    ) -> None:
        """A load that read while this write was on its way (or before it came back) was
        not shown: the rows may already show the write (a move, a new row), and the older
        read would undo that on screen until the next load, under the person's next keys."""
        try:
            await _after(previous, coro)
        finally:
            self._written += 1
            self.reload_now()

    async def _add(self, trip_id: str, row: StopRow, place: str, position: int) -> None:
        values = await asyncio.to_thread(place_changes, self.editor, "stop", place)
        sent = {field: row.read(field) for field in _DATES}
        values.update({field: day for field, day in sent.items() if isinstance(day, date)})
        try:
            stop = (
                await self.editor.stops.add(trip_id, values, position=position, context=person())
            ).record
        except StoreError as error:
            row.adding = False
            self._refused(error)
            return
        row.adding = False
        self._set_error("")
        self.saved.emit(stop.id)
        if row not in self.rows:
            return
        twin = next((r for r in self.rows if r.stop is not None and r.stop.id == stop.id), None)
        if twin is not None:  # A reload already showed the new stop: keep that row.
            if row.contains_focus():
                twin.place.setFocus(Qt.FocusReason.OtherFocusReason)
            self._drop(row)
            return
        if row.read("place") == place:
            row.shown["place"] = place
        for field, day in sent.items():
            if row.read(field) == day and isinstance(day, date):
                row.shown[field] = day
        row.take(stop)
        for field in ("place", *_DATES):  # Left while the place was being saved.
            if not row.widget_of(field).hasFocus():
                self._finished(row, field)

    async def _update(self, row: StopRow, stop: StopRecord, field: str, value: object) -> None:
        if field == "place":
            changes = await asyncio.to_thread(place_changes, self.editor, "stop", str(value))
        else:
            changes = {field: value}
        try:
            updated = (await self.editor.stops.update(stop.id, changes, context=person())).record
        except StoreError as error:
            if row in self.rows and row.read(field) == value:
                row.put(field, row.shown[field])  # Back to the stored value.
            self._refused(error)
            return
        if row in self.rows:
            if row.read(field) == value:
                row.shown[field] = value
            row.take(updated)
        self._set_error("")
        self.saved.emit(updated.id)

    async def _remove(self, stop: StopRecord) -> None:
        try:
            await self.editor.stops.remove(stop.id, context=person())
        except StoreError as error:
            self._refused(error)

    async def _move(self, stop: StopRecord, position: int) -> None:
        try:
            await self.editor.stops.move(stop.id, position, context=person())
        except StoreError as error:
            self._refused(error)

    def _refused(self, error: StoreError) -> None:
        field = error.field if isinstance(error, InvalidChangeError) else ""
        self._refuse(field, error_text(error))

    def _refuse(self, field: str, message: str) -> None:
        self._set_error(message)
        self.refused.emit(field, message)

    def _set_error(self, message: str) -> None:
        self.error_label.setText(shown(message))
        self.error_label.setVisible(bool(message))


async def _after(previous: asyncio.Task[None] | None, coro: Coroutine[Any, Any, None]) -> None:
    if previous is not None and not previous.done():
        await asyncio.wait((previous,))
    await coro
