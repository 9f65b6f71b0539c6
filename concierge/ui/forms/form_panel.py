"""What the trip form and the brief panel share: fields of one trip's stored data, saved as
the person edits them, following the store when anyone else changes it.

Each write starts once the previous one has ended: a write can do slow work first (matching
a typed place), so writes side by side could land in either order.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Sequence
from typing import Any, Generic

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QApplication,
    QLayout,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from concierge.store import Change, ChangeBus, ChangeHistory, RecordNotFoundError, StoreError
from concierge.travel.errors import TravelError
from concierge.ui.i18n import shown, translate
from concierge.ui.vertical_scroll import VerticalScrollArea
from concierge.ui.views.layouts import note_label, tab_order
from concierge.ui.views.trip_view import TripView
from concierge.ui.views.undo_bar import UndoBar

from .form_fields import B, FormFields
from .form_marks import FormMarks
from .seen_bar import SeenBar


class FormPanel(TripView[Change], Generic[B]):
    """Edits the fields of one trip (`set_trip`). The editors are `fields`."""

    saved = Signal(str)
    """A field's edit was written: its key."""
    refused = Signal(str, str)
    """A field's edit was refused: (key, the message shown under the field)."""

    def __init__(
        self,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None,
        *,
        what: str,
        no_trip_text: str,
    ) -> None:
        """`what` names the form in task names ("trip", "brief")."""
        super().__init__(bus, parent, name=what)
        self.history = history
        self._what = what
        self._no_trip_text = no_trip_text
        self._changes: list[Change] = []
        self._marks = FormMarks()
        self._last_write: asyncio.Task[None] | None = None

        self.fields = self.make_fields()
        self._bindings = self.fields.bindings
        self.seen_bar = SeenBar(self)
        self.notice = UndoBar(self)
        scroll = VerticalScrollArea(self)
        scroll.setWidget(self.fields)
        self.form_page = scroll
        self.placeholder = note_label("", self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        header = self.make_header()
        if header is not None:
            layout.addLayout(header)
        layout.addWidget(self.seen_bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.stack, 1)
        chain = [self.seen_bar.button, self.notice.undo_button, self.notice.dismiss_button]
        tab_order([*chain, *self.fields.tab_chain()])

        self.fields.edited.connect(lambda key: self._edited(self.binding(key)))
        self.fields.finished.connect(lambda key: self._commit(self.binding(key)))
        self.seen_bar.mark_seen_requested.connect(self.mark_all_seen)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)  # Disconnected when the form is deleted.
        self._show_empty(no_trip_text)

    def make_fields(self) -> FormFields[B]:
        """The editors; called once, while the form is built."""
        raise NotImplementedError

    def make_header(self) -> QLayout | None:
        """What stands above the form (nothing by default); called once, after `fields`."""
        return None

    def watches(self, change: Change) -> bool:
        """Whether a change to the current trip concerns what the form shows."""
        raise NotImplementedError

    def write(self, binding: B, trip_id: str, value: Any) -> Awaitable[object] | None:
        """The store write for a field's new value; None when refused before the store."""
        raise NotImplementedError

    def take_saved(self, binding: B, outcome: Any) -> None:
        """A write of `binding` succeeded: set its `stored` value and settle its errors."""
        raise NotImplementedError

    def refuse(self, binding: B, trip_id: str, value: Any, error: Exception) -> None:
        """Show why the store refused `value` (`trip_id` may no longer be shown)."""
        raise NotImplementedError

    def update_hint(self, binding: B) -> None:
        """Show the field's hint for what it shows now (by default there is none)."""

    async def mark_seen_in_log(self, trip_id: str) -> None:
        """Mark the form's assistant changes seen in the change log."""
        raise NotImplementedError

    def binding(self, key: str) -> B:
        return self.fields.by_key[key]

    def is_marked(self, key: str) -> bool:
        """Whether the field shows the assistant's mark."""
        return self.binding(key).row.marked

    def leave_trip(self) -> None:
        """Pending edits of the trip shown are saved to that trip."""
        self._save_pending()

    def forget(self) -> None:
        """Subclasses drop what they loaded for the previous trip, then call this."""
        self._changes = []
        self._marks.reset()
        for binding in self._bindings:
            binding.loaded = False
            binding.in_flight = []
            binding.row.set_error("")
            binding.row.set_pending("")
            binding.row.set_hint("")
        self._render_marks()
        self.notice.dismiss()

    def show_no_trip(self) -> None:
        self._show_empty(self._no_trip_text)

    async def flush(self) -> None:
        """Save every pending edit now and wait until the store has answered."""
        self._save_pending()
        await self.settle_writes()

    def mark_all_seen(self) -> None:
        """Clear every assistant mark of this form, here and in the change log."""
        if self._trip_id is None:
            return
        self._marks.all_seen()
        self._render_marks()
        self.tasks.start(self._mark_seen(self._trip_id), name=f"mark {self._what} seen")

    async def before_shutdown(self) -> None:
        """Save pending edits; focus changes are ignored from now on."""
        await self.flush()
        self.fields.active = False

    def _show_empty(self, text: str) -> None:
        text = shown(text)
        self.placeholder.setText(text)
        self.placeholder.setAccessibleName(text)
        self.stack.setCurrentWidget(self.placeholder)

    def _edited(self, binding: B) -> None:
        """The person changed the field: an old error no longer applies."""
        binding.row.set_error("")

    def _commit(self, binding: B) -> None:
        """Hand the field's value to the store unless it has (or is about to have) it."""
        if binding.timer is not None:
            binding.timer.stop()
        trip_id = self._trip_id
        if trip_id is None or not binding.loaded or self.tasks.closed:
            return
        value = binding.read()
        if value == binding.baseline():
            return
        write = self.write(binding, trip_id, value)
        if write is None:
            return
        flight = binding.in_flight
        flight.append(value)
        task = self.tasks.start(
            self._write(binding, trip_id, value, flight, write, after=self._last_write),
            name=f"save {binding.key}",
        )
        self._last_write = task
        self.track_write(task)

    def _save_pending(self) -> None:
        for binding in self._bindings:
            if binding.waiting or binding.dirty():
                self._commit(binding)

    async def _write(
        self,
        binding: B,
        trip_id: str,
        value: Any,
        flight: list[Any],
        write: Awaitable[object],
        *,
        after: asyncio.Task[None] | None,
    ) -> None:
        """Run `write` once the form's previous write (`after`) has ended, however it ended."""
        outcome: object
        try:
            if after is not None:
                await asyncio.wait((after,))
            outcome = await write
        except (StoreError, TravelError) as error:
            outcome = error
        finally:
            flight.remove(value)
            if inspect.iscoroutine(write):
                write.close()  # Cancelled before it ran: no "never awaited" warning.
        if isinstance(outcome, RecordNotFoundError):
            return  # The trip is gone; the change bus brings the empty state.
        if isinstance(outcome, Exception):
            self.refuse(binding, trip_id, value, outcome)
            return
        if trip_id != self._trip_id:
            return
        self.take_saved(binding, outcome)
        binding.shown = binding.stored
        binding.row.set_pending("")
        if binding.untouched_since(value):
            self.fields.put(binding, binding.stored)  # As stored: "porto" reads "Porto (OPO)".
        self.update_hint(binding)
        self._look_at(binding)
        self.saved.emit(binding.key)

    def takes(self, news: Change, trip_id: str) -> bool:
        if not super().takes(news, trip_id) or not self.watches(news):
            return False
        self._changes.append(news)
        return True

    def _take_stored(self, binding: B, stored: object, *, first: bool) -> bool:
        """Note what the store has for the field and show it, unless the field has unsaved
        edits (then a note says what the store has now). True when it shows the store's."""
        binding.stored = stored
        if first or not binding.loaded or not binding.dirty():
            if first or not binding.loaded or binding.shown != binding.stored:
                self.fields.put(binding, binding.stored)
            else:  # Unchanged: re-setting the widget would only re-lay out the form.
                binding.row.set_pending("")
            return True
        if binding.stored != binding.baseline():
            binding.row.set_pending(
                translate(
                    "FormPanel",
                    "Meanwhile changed to {value}. Leaving the field saves what you typed instead.",
                ).format(value=binding.describe(binding.stored))
            )
        return False

    def _focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        if self.tasks.closed:
            return
        for binding in self._bindings:
            was_inside, is_inside = binding.contains(old), binding.contains(now)
            if was_inside and not is_inside:
                self._left(binding)
            elif is_inside and not was_inside:
                self._look_at(binding)

    def _left(self, binding: B) -> None:
        """Leaving a field saves its pending edit, or shows what the store has now."""
        self._commit(binding)
        if binding.loaded and not binding.dirty() and binding.stored != binding.shown:
            self.fields.put(binding, binding.stored)
            self.update_hint(binding)

    def _look_at(self, binding: B) -> None:
        trip_id = self._trip_id
        if trip_id is None or binding.key not in self._marks.marked:
            return
        last = self._marks.look_at(binding.key)
        self._render_marks()
        if last:
            self.tasks.start(self._mark_seen(trip_id), name=f"mark {self._what} seen")

    async def _mark_seen(self, trip_id: str) -> None:
        await self.mark_seen_in_log(trip_id)
        if trip_id == self._trip_id and not self._marks.marked:
            self._marks.all_seen()

    def _render_marks(self) -> None:
        for binding in self._bindings:
            binding.row.set_marked(binding.key in self._marks.marked, self._marks.words)
        self.seen_bar.show_fields(
            [binding.label for binding in self._bindings if binding.key in self._marks.marked],
            self.unseen_additions(),
            self._marks.program,
        )

    def unseen_additions(self) -> Sequence[str]:
        """Titles of what the assistant added beside this form's fields, for the banner."""
        return ()
