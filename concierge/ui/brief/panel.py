"""The trip brief panel: a form generated from its definition, saved to SQLite as the person
answers, following the store when the assistant (or an undo) changes an answer.

Text saves when editing finishes (Enter, leaving the field); multi-line boxes 800 ms after
the last keystroke; spin boxes, lists and check boxes 400 ms after the last change; any
pending change is saved at once when the person leaves the field, switches trips or the
window closes. Each answer goes through the form engine's `parse`: a refused value keeps
the text and shows the engine's message under the field. Emptying a field retracts its
answer.

The store is the truth for which fields apply: a field whose condition does not hold (on
the stored answers) is not shown, and its step says why; an answer kept for a field that no
longer applies stays visible with a flag. As in the trip form, a field with unsaved edits is
never overwritten by someone else's change (a note says what the store has now), and fields
the assistant answered carry a mark until the person focuses them or clicks "Mark as seen".
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping

from pydantic import JsonValue
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from concierge.store import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeHistory,
    EntityKind,
    FormAnswerRepository,
    RecordNotFoundError,
    StoreError,
    TripRepository,
)
from concierge.travel.forms import FormDefinition, FormState, FormValueError, evaluate
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.trips.form_marks import FormMarks
from concierge.ui.trips.person import person
from concierge.ui.trips.refresher import Refresher
from concierge.ui.trips.seen_bar import SeenBar
from concierge.ui.trips.undo_bar import UndoBar

from .editors import Shown
from .fields import REQUIRED_LEGEND, BriefBinding, BriefFields, muted
from .texts import INVALID_PREFIX, invalid_text, kept_text, skipped_text, status_text, unknown_text

NO_TRIP_TEXT = "Select a trip to see its brief."
DELETED_TEXT = "This trip was deleted."
COALESCE_MS = 80
"""Changes to the answers within this long are served by one reload."""
_WATCHED = frozenset({EntityKind.FORM, EntityKind.FORM_ANSWER})


class BriefPanel(QWidget):
    """Edits one form (`definition`) of one trip (`set_trip`); build it inside the running
    event loop and `await shutdown()` before it goes."""

    refreshed = Signal()
    """The fields now show the store's answers (or the empty state)."""
    saved = Signal(str)
    """A field's answer was written (or retracted): its name."""
    refused = Signal(str, str)
    """A field's value was refused: (name, the message shown under the field)."""
    task_failed = Signal(str, object)
    """A background task raised unexpectedly: (task name, exception)."""

    def __init__(
        self,
        definition: FormDefinition,
        forms: FormAnswerRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("briefPanel")
        self.setAccessibleName(definition.title)
        self.definition = definition
        self.forms = forms
        self.trips = trips
        self.history = history
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self.task_failed)
        self._trip_id: str | None = None
        self._state: FormState | None = None
        self._instance_id: str | None = None
        self._changes: list[Change] = []
        self._marks = FormMarks()
        self._writes: set[asyncio.Task[None]] = set()

        self.fields = BriefFields(definition, self)
        self._bindings = self.fields.bindings
        self.status_label = QLabel(self)
        self.status_label.setObjectName("briefStatus")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.status_label.font()
        font.setBold(True)
        self.status_label.setFont(font)
        self.legend = muted(QLabel(REQUIRED_LEGEND, self))
        self.legend.setWordWrap(False)
        header = QHBoxLayout()
        header.setContentsMargins(6, 4, 6, 0)
        header.addWidget(self.status_label, 1)
        header.addWidget(self.legend)
        self.seen_bar = SeenBar(self)
        self.notice = UndoBar(self)
        self.notice.setObjectName("briefNotice")
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.fields)
        self.form_page = scroll
        self.placeholder = QLabel(self)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addWidget(self.seen_bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.stack, 1)
        chain = [
            self.seen_bar.button,
            self.notice.undo_button,
            self.notice.dismiss_button,
            *self.fields.tab_chain(),
        ]
        for before, after in itertools.pairwise(chain):
            QWidget.setTabOrder(before, after)
        self.setFocusProxy(self.fields.tab_chain()[0])

        self.fields.edited.connect(lambda name: self._edited(self.binding(name)))
        self.fields.finished.connect(lambda name: self._commit(self.binding(name)))
        self.fields.clear_unknown_button.clicked.connect(self.clear_unknown)
        self.seen_bar.mark_seen_requested.connect(self.mark_all_seen)
        self._refresher = Refresher(self.tasks, self._load, name="load brief")
        self._coalesce = QTimer(self)
        self._coalesce.setSingleShot(True)
        self._coalesce.setInterval(COALESCE_MS)
        self._coalesce.timeout.connect(self._refresher.request)
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_change)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)  # Disconnected when the panel is deleted.
        self._show_empty(NO_TRIP_TEXT)

    # -- public ---------------------------------------------------------------------------

    @property
    def trip_id(self) -> str | None:
        return self._trip_id

    @property
    def state(self) -> FormState | None:
        """The form's state on the stored answers, as last loaded."""
        return self._state

    def binding(self, name: str) -> BriefBinding:
        return self.fields.by_key[name]

    def is_marked(self, name: str) -> bool:
        """Whether the field shows the assistant's mark."""
        return self.binding(name).row.marked

    def is_shown(self, name: str) -> bool:
        """Whether the field's row is part of the form now (its condition holds, or it
        keeps an answer)."""
        return self.fields.row_visible(name)

    def set_trip(self, trip_id: str | None) -> None:
        """Show the brief of `trip_id` (None: the empty state). Pending edits of the
        previous trip are saved to that trip first."""
        if trip_id == self._trip_id:
            return
        self._save_pending()
        self._trip_id = trip_id
        self._state = None
        self._instance_id = None
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

    def reload(self) -> None:
        """Read the answers and marks again (e.g. after everything was marked seen)."""
        if self._trip_id is not None:
            self._refresher.request()

    async def flush(self) -> None:
        """Save every pending edit now and wait until the store has answered."""
        self._save_pending()
        while self._writes:
            await asyncio.wait(tuple(self._writes))

    def mark_all_seen(self) -> None:
        """Clear every assistant mark of this form, here and in the change log."""
        if self._trip_id is None:
            return
        self._marks.all_seen()
        self._render_marks()
        self.tasks.start(self._mark_seen(self._trip_id), name="mark brief seen")

    def clear_unknown(self) -> None:
        """Withdraw the answers kept for questions the form no longer has."""
        state, trip_id = self._state, self._trip_id
        if state is None or trip_id is None or not state.unknown or self.tasks.closed:
            return
        retract: dict[str, JsonValue] = dict.fromkeys(state.unknown)
        self.tasks.start(self._apply(trip_id, retract), name="clear old answers")

    async def shutdown(self) -> None:
        """Save pending edits, stop following the store and end this panel's tasks."""
        if not self.tasks.closed:
            await self.flush()
        self.fields.active = False
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._coalesce.stop()
        await self.tasks.shutdown()

    def _show_empty(self, text: str) -> None:
        self.placeholder.setText(text)
        self.placeholder.setAccessibleName(text)
        self.stack.setCurrentWidget(self.placeholder)
        self.status_label.setText("")
        self.legend.hide()

    # -- editing --------------------------------------------------------------------------

    def _edited(self, binding: BriefBinding) -> None:
        """The person changed the field: an old error no longer applies."""
        binding.row.set_error("")

    def _commit(self, binding: BriefBinding) -> None:
        """Parse the field's content and hand the answer to the store, unless it is what
        the store has (or is about to have)."""
        if binding.timer is not None:
            binding.timer.stop()
        trip_id = self._trip_id
        if trip_id is None or not binding.loaded or self.tasks.closed:
            return
        value = binding.read()
        if value == binding.baseline():
            return
        try:
            answer = self.fields.editors[binding.key].answer(value)
        except FormValueError as error:
            self._show_refusal(binding, str(error))
            return
        flight = binding.in_flight
        flight.append(value)
        task = self.tasks.start(
            self._write(binding, trip_id, value, answer, flight), name=f"save {binding.key}"
        )
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    def _save_pending(self) -> None:
        for binding in self._bindings:
            if binding.waiting or binding.dirty():
                self._commit(binding)

    async def _write(
        self,
        binding: BriefBinding,
        trip_id: str,
        value: Shown,
        answer: JsonValue,
        flight: list[Shown],
    ) -> None:
        form_id = self.definition.id
        try:
            if answer is None:
                await self.forms.retract(trip_id, form_id, binding.key, context=person())
            else:
                await self.forms.set_answer(trip_id, form_id, binding.key, answer, context=person())
        except RecordNotFoundError:
            return  # The trip is gone; the change bus brings the empty state.
        except (StoreError, ValueError) as error:
            if trip_id != self._trip_id:
                self.notice.inform(f"An answer for the previous trip was not saved: {error}")
            else:
                self._show_refusal(binding, str(error))
            return
        finally:
            flight.remove(value)
        if trip_id != self._trip_id:
            return
        binding.row.set_error("")
        binding.stored = self.fields.editors[binding.key].display(answer)
        binding.shown = binding.stored
        binding.row.set_pending("")
        if binding.untouched_since(value):
            self.fields.put(binding, binding.stored)  # As stored: "41,39" reads "41, 39".
        self._look_at(binding)
        self.saved.emit(binding.key)

    def _show_refusal(self, binding: BriefBinding, message: str) -> None:
        """The message under the field; what the person typed stays as it is."""
        binding.row.set_error(message)
        self.refused.emit(binding.key, message)

    async def _apply(self, trip_id: str, changes: dict[str, JsonValue]) -> None:
        try:
            await self.forms.apply(trip_id, self.definition.id, changes, context=person())
        except StoreError as error:
            self.notice.inform(str(error))

    # -- following the store --------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        if change.trip_id != self._trip_id or self._trip_id is None:
            return
        came_or_went = change.entity is EntityKind.TRIP and change.action is not Action.UPDATE
        if change.entity in _WATCHED or came_or_went:
            self._changes.append(change)
            if not self._coalesce.isActive():  # A burst of writes: one reload.
                self._coalesce.start()

    async def _load(self) -> None:
        trip_id = self._trip_id
        if trip_id is None:
            return
        changes, self._changes = self._changes, []
        trip = await self.trips.get(trip_id)
        stored = await self.forms.state(trip_id, self.definition.id) if trip else None
        unseen = await self.history.unseen_assistant_changes(trip_id) if trip else {}
        if trip_id != self._trip_id:
            return
        if stored is None:
            self._state = None
            self._show_empty(DELETED_TEXT)
            self.refreshed.emit()
            return
        instance = stored.instance
        self._instance_id = instance.id if instance is not None else None
        self._marks.changed_again(
            name
            for change in changes
            if change.actor is Actor.ASSISTANT
            and not change.undo
            and change.entity is EntityKind.FORM_ANSWER
            for name in change.fields
        )
        state = evaluate(self.definition, stored.answers)
        first = self._state is None
        self._state = state
        self._accept(state, stored.answers, first=first)
        key = (EntityKind.FORM_ANSWER, self._instance_id or "")
        self._marks.update(set(unseen.get(key, frozenset())) & set(self.fields.by_key))
        self._render_marks()
        self.status_label.setText(status_text(state))
        self.status_label.setAccessibleName(f"{self.definition.title}: {status_text(state)}")
        self.legend.show()
        self.stack.setCurrentWidget(self.form_page)
        self.refreshed.emit()

    def _accept(self, state: FormState, answers: Mapping[str, JsonValue], *, first: bool) -> None:
        """Show the stored answers in every field without unsaved edits, and which fields
        apply."""
        definition = self.definition
        for binding in self._bindings:
            name = binding.key
            editor = self.fields.editors[name]
            binding.stored = editor.display(answers.get(name))
            if first or not binding.loaded or not binding.dirty():
                if first or not binding.loaded or binding.shown != binding.stored:
                    self.fields.put(binding, binding.stored)
                else:
                    binding.row.set_pending("")
                if name in state.invalid:
                    binding.row.set_error(invalid_text(state.invalid[name]))
                elif binding.row.error.startswith(INVALID_PREFIX):
                    binding.row.set_error("")
            elif binding.stored != binding.baseline():
                binding.row.set_pending(
                    f"Meanwhile changed to {binding.describe(binding.stored)}. "
                    "Leaving the field saves what you typed instead."
                )
            kept = name in state.not_applicable
            binding.row.set_hint(kept_text(definition, name) if kept else "")
            shown = state.applies(name) or kept or binding.dirty()
            self.fields.set_row_visible(name, shown)
        for step in definition.steps:
            hidden = [f.name for f in step.fields if not self.fields.row_visible(f.name)]
            self.fields.set_skipped(step.id, skipped_text(definition, hidden))
        self.fields.set_unknown(unknown_text(state.unknown))

    def _focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        if self.tasks.closed:
            return
        for binding in self._bindings:
            was_inside, is_inside = binding.contains(old), binding.contains(now)
            if was_inside and not is_inside:
                self._left(binding)
            elif is_inside and not was_inside:
                self._look_at(binding)

    def _left(self, binding: BriefBinding) -> None:
        """Leaving a field saves its pending edit, or shows what the store has now."""
        self._commit(binding)
        if binding.loaded and not binding.dirty() and binding.stored != binding.shown:
            self.fields.put(binding, binding.stored)

    # -- assistant marks ------------------------------------------------------------------

    def _look_at(self, binding: BriefBinding) -> None:
        trip_id = self._trip_id
        if trip_id is None or binding.key not in self._marks.marked:
            return
        last = self._marks.look_at(binding.key)
        self._render_marks()
        if last:
            self.tasks.start(self._mark_seen(trip_id), name="mark brief seen")

    async def _mark_seen(self, trip_id: str) -> None:
        instance_id = self._instance_id
        if instance_id is not None:
            for kind in (EntityKind.FORM_ANSWER, EntityKind.FORM):
                await self.history.mark_seen(trip_id, kind, instance_id)
        if trip_id == self._trip_id and not self._marks.marked:
            self._marks.all_seen()

    def _render_marks(self) -> None:
        for binding in self._bindings:
            binding.row.set_marked(binding.key in self._marks.marked)
        self.seen_bar.show_fields(
            [binding.label for binding in self._bindings if binding.key in self._marks.marked]
        )
