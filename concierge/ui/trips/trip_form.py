"""The trip form: every field is saved to SQLite as the person edits it, and follows the
store when anyone else (the assistant, an undo, the trip list) changes the trip.

Line edits save when editing finishes (Enter or leaving the field); spin box, dates and
combos save 400 ms after the last change, notes 800 ms after the last keystroke, and any
pending change is saved at once when the person leaves the field, switches trips or the
window closes. A refused value shows the reason under its field and the field goes back
to the stored value; no other field is touched.

When someone else changes the trip, every field is updated except one with unsaved edits:
that one keeps what the person typed (a note says what the store has now), and saving it
replaces the other change — the later edit wins, and undo can bring the other back. Fields
the assistant changed carry a mark until the person focuses them or clicks "Mark as seen".
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from concierge.store import (
    CREATED,
    Actor,
    Change,
    ChangeBus,
    ChangeHistory,
    EntityKind,
    InvalidChangeError,
    Pace,
    RecordNotFoundError,
    StoreError,
    TripRecord,
)
from concierge.travel.trip_edits import PlaceRole, TripEditor
from concierge.ui.async_support import BackgroundTasks

from .field_row import FieldRow
from .form_binding import Binding
from .form_marks import FormMarks
from .person import person
from .place_field import place_changes
from .refresher import Refresher
from .seen_bar import SeenBar
from .trip_fields import TripFields, conversion_targets
from .undo_bar import UndoBar

NO_TRIP_TEXT = "Select a trip in the list, or create one with New trip."
DELETED_TEXT = "This trip was deleted."
COALESCE_MS = 80
"""Changes to the trip within this long are served by one reload."""
_DEFAULTS: Mapping[str, object] = {
    "travellers": 1,
    "pace": Pace.BALANCED,
    "budget_currency": "EUR",
}
"""Values a new trip starts with: the assistant creating a trip did not "change" them."""

LookupStarter = Callable[[str, str, Mapping[str, Any] | None], None]
"""Starts a lookup: (trip id, kind, explicit parameters or None); returns at once."""


class TripForm(QWidget):
    """Edits one trip (`set_trip`); build it inside the running event loop. The editors
    are `fields` (a `TripFields`), e.g. `form.fields.destination_edit`."""

    refreshed = Signal()
    """The fields now show the store's current trip (or the empty state)."""
    saved = Signal(str)
    """A field's edit was written: its key ("title", "destination", "start_date", …)."""
    refused = Signal(str, str)
    """A field's edit was refused: (key, the message shown under the field)."""
    task_failed = Signal(str, object)
    """A background task raised unexpectedly: (task name, exception)."""

    def __init__(
        self,
        editor: TripEditor,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("tripForm")
        self.setAccessibleName("Trip")
        self.editor = editor
        self.trips = editor.trips
        self.history = history
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self.task_failed)
        self._trip_id: str | None = None
        self._record: TripRecord | None = None
        self._changes: list[Change] = []
        self._marks = FormMarks()
        self._writes: set[asyncio.Task[None]] = set()

        self.fields = TripFields(editor.places, self.tasks, self._stored_currency, self)
        self._bindings = self.fields.bindings
        self.seen_bar = SeenBar(self)
        self.notice = UndoBar(self)
        self.notice.setObjectName("tripFormNotice")
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.fields)
        self.form_page = scroll
        self.placeholder = QLabel(self)
        self.placeholder.setObjectName("tripFormPlaceholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.seen_bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.stack, 1)
        chain = [self.seen_bar.button, self.notice.undo_button, self.notice.dismiss_button]
        for before, after in itertools.pairwise([*chain, *self.fields.tab_chain()]):
            QWidget.setTabOrder(before, after)

        self.fields.edited.connect(lambda key: self._edited(self.binding(key)))
        self.fields.finished.connect(lambda key: self._commit(self.binding(key)))
        self.seen_bar.mark_seen_requested.connect(self.mark_all_seen)
        self._lookup_starter: LookupStarter | None = None
        self.fields.holidays_button.clicked.connect(lambda: self.start_lookup("holidays"))
        self.fields.convert_button.clicked.connect(self._show_convert_menu)
        self._refresher = Refresher(self.tasks, self._load, name="load trip")
        self._coalesce = QTimer(self)
        self._coalesce.setSingleShot(True)
        self._coalesce.setInterval(COALESCE_MS)
        self._coalesce.timeout.connect(self._refresher.request)
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_change)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)  # Disconnected when the form is deleted.
        self._show_empty(NO_TRIP_TEXT)

    # -- public ---------------------------------------------------------------------------

    @property
    def trip_id(self) -> str | None:
        return self._trip_id

    @property
    def record(self) -> TripRecord | None:
        """The newest stored version of the trip this form knows."""
        return self._record

    def binding(self, key: str) -> Binding[Any]:
        return self.fields.by_key[key]

    def row(self, key: str) -> FieldRow:
        return self.binding(key).row

    def is_marked(self, key: str) -> bool:
        """Whether the field shows the assistant's mark."""
        return self.binding(key).row.marked

    def set_trip(self, trip_id: str | None) -> None:
        """Show `trip_id` (None: the empty state). Pending edits of the previous trip are
        saved to that trip first."""
        if trip_id == self._trip_id:
            return
        self._save_pending()
        self._trip_id = trip_id
        self._record = None
        self._changes = []
        self._coalesce.stop()
        self._marks.reset()
        for binding in self._bindings:
            binding.loaded = False
            binding.in_flight = []
            binding.row.set_error("")
            binding.row.set_pending("")
            binding.row.set_hint("")
        self._render_marks()
        self.notice.dismiss()
        if trip_id is None:
            self._show_empty(NO_TRIP_TEXT)
            self.refreshed.emit()
        else:
            self._refresher.request()

    def set_lookup_starter(self, starter: LookupStarter | None) -> None:
        """Give the form a way to start lookups (e.g. `LookupsPanel.start_lookup`): shows
        "Holidays during my trip" and "Convert budget". None hides them."""
        self._lookup_starter = starter
        self.fields.set_lookup_buttons_visible(starter is not None)

    def start_lookup(self, kind: str, parameters: Mapping[str, Any] | None = None) -> None:
        """Save pending edits, then start a `kind` lookup for this trip (so it reads what
        the person sees)."""
        if self._trip_id is None or self._lookup_starter is None or self.tasks.closed:
            return
        self.tasks.start(
            self._start_lookup(self._trip_id, self._lookup_starter, kind, parameters),
            name=f"start {kind} lookup",
        )

    async def _start_lookup(
        self,
        trip_id: str,
        starter: LookupStarter,
        kind: str,
        parameters: Mapping[str, Any] | None,
    ) -> None:
        await self.flush()
        starter(trip_id, kind, parameters)

    def _show_convert_menu(self) -> None:
        menu = self.fields.convert_menu
        menu.clear()
        source = self.fields.currency_combo.code() or self._stored_currency()
        for code in conversion_targets(source):
            action = menu.addAction(f"To {code}")
            action.triggered.connect(
                lambda _=False, c=code: self.start_lookup("currency", {"to_currency": c})
            )
        button = self.fields.convert_button
        menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    async def flush(self) -> None:
        """Save every pending edit now and wait until the store has answered."""
        self._save_pending()
        while self._writes:
            await asyncio.wait(tuple(self._writes))

    def mark_all_seen(self) -> None:
        """Clear every assistant mark of this trip, here and in the change log."""
        if self._trip_id is None:
            return
        self._marks.all_seen()
        self._render_marks()
        self.tasks.start(self._mark_seen(self._trip_id), name="mark trip seen")

    async def shutdown(self) -> None:
        """Save pending edits, stop following the store and end this form's tasks."""
        if not self.tasks.closed:
            await self.flush()
        self.fields.active = False
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._coalesce.stop()
        await self.tasks.shutdown()  # Focus changes are ignored from now on.

    def _stored_currency(self) -> str | None:
        return self._record.budget_currency if self._record is not None else None

    def _show_empty(self, text: str) -> None:
        self.placeholder.setText(text)
        self.placeholder.setAccessibleName(text)
        self.stack.setCurrentWidget(self.placeholder)

    # -- editing --------------------------------------------------------------------------

    def _edited(self, binding: Binding[Any]) -> None:
        """The person changed the field: an old error no longer applies."""
        binding.row.set_error("")
        if binding.hint is not None:
            binding.row.set_hint("")

    def _commit(self, binding: Binding[Any]) -> None:
        """Hand the field's value to the store unless it is what the store has (or is
        about to have)."""
        if binding.timer is not None:
            binding.timer.stop()
        trip_id = self._trip_id
        if trip_id is None or not binding.loaded or self.tasks.closed:
            return
        value = binding.read()
        if value == binding.baseline():
            return
        flight = binding.in_flight
        flight.append(value)
        task = self.tasks.start(
            self._write(binding, trip_id, value, flight), name=f"save {binding.key}"
        )
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    def _save_pending(self) -> None:
        for binding in self._bindings:
            if binding.waiting or binding.dirty():
                self._commit(binding)

    async def _write(
        self, binding: Binding[Any], trip_id: str, value: object, flight: list[Any]
    ) -> None:
        outcome: TripRecord | Exception
        try:
            outcome = await self._save(binding, trip_id, value)
        except (StoreError, ValueError) as error:
            outcome = error
        finally:
            flight.remove(value)
        if isinstance(outcome, RecordNotFoundError):
            return  # The trip is gone; the change bus brings the empty state.
        if isinstance(outcome, Exception):
            self._refuse(binding, trip_id, value, outcome)
            return
        if trip_id != self._trip_id:
            return
        for related in self._related(binding):
            related.row.set_error("")
        self._accept(outcome)
        binding.shown = binding.stored
        binding.row.set_pending("")
        if binding.untouched_since(value):
            self.fields.put(binding, binding.stored)  # As stored: "porto" reads "Porto (OPO)".
        self._update_hint(binding)
        self._look_at(binding)
        self.saved.emit(binding.key)

    async def _save(self, binding: Binding[Any], trip_id: str, value: object) -> TripRecord:
        if binding.key in ("origin", "destination"):
            role: PlaceRole = "origin" if binding.key == "origin" else "destination"
            fields = await asyncio.to_thread(place_changes, self.editor, role, str(value))
            return await self.trips.update(trip_id, fields, context=person())
        return await self.editor.apply(
            trip_id, binding.changes(value), context=person(), strict_places=False
        )

    def _refuse(self, binding: Binding[Any], trip_id: str, value: object, error: Exception) -> None:
        message = str(error)
        if trip_id != self._trip_id:
            self.notice.inform(f"A change to the previous trip was not saved: {message}")
            return
        if isinstance(error, StoreError) and not isinstance(error, InvalidChangeError):
            self.notice.inform(message)
            return
        field = getattr(error, "field", None)
        target = next((b for b in self._bindings if field in b.store_fields), binding)
        target.row.set_error(message)
        if binding.untouched_since(value):
            self.fields.put(binding, binding.stored)
            self._update_hint(binding)
        self.refused.emit(target.key, message)

    def _related(self, binding: Binding[Any]) -> tuple[Binding[Any], ...]:
        """Fields whose error a successful save of `binding` settles (the date pair)."""
        if binding.key in ("start_date", "end_date"):
            return (self.fields.by_key["start_date"], self.fields.by_key["end_date"])
        return (binding,)

    # -- following the store --------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        if change.entity is EntityKind.TRIP and change.trip_id == self._trip_id:
            self._changes.append(change)
            if not self._coalesce.isActive():  # A burst of writes: one reload.
                self._coalesce.start()

    async def _load(self) -> None:
        trip_id = self._trip_id
        if trip_id is None:
            return
        changes, self._changes = self._changes, []
        record = await self.trips.get(trip_id)
        unseen = await self.history.unseen_assistant_changes(trip_id) if record else {}
        if trip_id != self._trip_id:
            return
        if record is None:
            self._record = None
            self._show_empty(DELETED_TEXT)
            self.refreshed.emit()
            return
        self._marks.changed_again(
            binding.key
            for change in changes
            if change.actor is Actor.ASSISTANT and not change.undo
            for binding in self._bindings
            if binding.store_fields & change.fields
        )
        self._accept(record)
        self._apply_marks(unseen.get((EntityKind.TRIP, trip_id), frozenset()), record)
        self.stack.setCurrentWidget(self.form_page)
        self.refreshed.emit()

    def _accept(self, record: TripRecord) -> None:
        """Take `record` unless a newer version is already shown (reads and writes can
        finish out of order), and update every field that has no unsaved edits."""
        current = self._record
        first = current is None or current.id != record.id
        if current is not None and not first and record.updated_at < current.updated_at:
            return
        self._record = record
        for binding in self._bindings:
            binding.stored = binding.from_record(record)
            if first or not binding.loaded or not binding.dirty():
                if first or not binding.loaded or binding.shown != binding.stored:
                    self.fields.put(binding, binding.stored)
                else:  # Unchanged: re-setting the widget would only re-lay out the form.
                    binding.row.set_pending("")
            elif binding.stored != binding.baseline():
                binding.row.set_pending(
                    f"Meanwhile changed to {binding.describe(binding.stored)}. "
                    "Leaving the field saves what you typed instead."
                )
            self._update_hint(binding)

    def _update_hint(self, binding: Binding[Any]) -> None:
        if binding.hint is not None and self._record is not None:
            binding.row.set_hint("" if binding.dirty() else binding.hint(self._record))

    def _focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        if self.tasks.closed:
            return
        for binding in self._bindings:
            was_inside, is_inside = binding.contains(old), binding.contains(now)
            if was_inside and not is_inside:
                self._left(binding)
            elif is_inside and not was_inside:
                self._look_at(binding)

    def _left(self, binding: Binding[Any]) -> None:
        """Leaving a field saves its pending edit, or shows what the store has now."""
        self._commit(binding)
        if binding.loaded and not binding.dirty() and binding.stored != binding.shown:
            self.fields.put(binding, binding.stored)
            self._update_hint(binding)

    # -- assistant marks ------------------------------------------------------------------

    def _apply_marks(self, fields: frozenset[str], record: TripRecord) -> None:
        if CREATED in fields:
            keys = {b.key for b in self._bindings if self._filled(b, record)}
        else:
            keys = {b.key for b in self._bindings if b.store_fields & fields}
        self._marks.update(keys)
        self._render_marks()

    def _filled(self, binding: Binding[Any], record: TripRecord) -> bool:
        value = binding.from_record(record)
        return value != _DEFAULTS[binding.key] if binding.key in _DEFAULTS else bool(value)

    def _look_at(self, binding: Binding[Any]) -> None:
        trip_id = self._trip_id
        if trip_id is None or binding.key not in self._marks.marked:
            return
        last = self._marks.look_at(binding.key)
        self._render_marks()
        if last:
            self.tasks.start(self._mark_seen(trip_id), name="mark trip seen")

    async def _mark_seen(self, trip_id: str) -> None:
        await self.history.mark_seen(trip_id, EntityKind.TRIP, trip_id)
        if trip_id == self._trip_id and not self._marks.marked:
            self._marks.all_seen()

    def _render_marks(self) -> None:
        for binding in self._bindings:
            binding.row.set_marked(binding.key in self._marks.marked)
        self.seen_bar.show_fields(
            [binding.label for binding in self._bindings if binding.key in self._marks.marked]
        )
