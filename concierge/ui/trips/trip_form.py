"""The trip form: every field saved as the person edits it, following the store.

A field with unsaved edits keeps them when the trip changes elsewhere, and saving replaces
the other change: the later edit wins, and undo can bring the other back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from PySide6.QtWidgets import QWidget

from concierge.store import (
    CREATED,
    Action,
    Actor,
    Change,
    EntityKind,
    InvalidChangeError,
    LockKind,
    StoreError,
    TripRecord,
)
from concierge.store.seen import made_by
from concierge.store.validation import TRIP_RULES, defaults
from concierge.text import QT_TRANSLATE_NOOP, error_text
from concierge.travel.money.currencies import conversion_targets
from concierge.travel.services import TravelServices
from concierge.ui.forms.field_row import FieldRow
from concierge.ui.forms.form_binding import Binding
from concierge.ui.forms.form_panel import FormPanel
from concierge.ui.i18n import shown, translate
from concierge.ui.views.locks import FieldLockMenu
from concierge.ui.views.person import person
from concierge.ui.views.trip_view import DELETED_TEXT

from .date_field import UnreadableDate
from .place_field import place_changes
from .stops_editor import StopsEditor
from .trip_fields import TripFields

NO_TRIP_TEXT = QT_TRANSLATE_NOOP(
    "TripForm", "Select a trip in the list, or create one with New trip."
)

LookupStarter = Callable[[str, str, Mapping[str, Any] | None], None]
"""Starts a lookup: (trip id, kind, explicit parameters or None); returns at once."""


class TripForm(FormPanel[Binding[Any]]):
    """Edits one trip (`set_trip`); build it inside the running event loop. `saved` and
    `refused` name a field by its key ("title", "start_date", …)."""

    fields: TripFields

    def __init__(self, services: TravelServices, parent: QWidget | None = None) -> None:
        self.services = services
        self.editor = services.editor
        self.trips = services.trips
        self._record: TripRecord | None = None
        self._added: dict[str, str] = {}
        """Id → title of the itinerary items the assistant added, unseen, for the banner."""
        super().__init__(
            services.history, services.bus, parent, what="trip", no_trip_text=NO_TRIP_TEXT
        )
        self.setObjectName("tripForm")
        self.setAccessibleName(translate("TripForm", "Trip"))
        self.notice.setObjectName("tripFormNotice")
        self.placeholder.setObjectName("tripFormPlaceholder")
        self._lookup_starter: LookupStarter | None = None
        self.locks = services.locks
        self.lock_menu = FieldLockMenu(
            self,
            {widget: binding.key for binding in self._bindings for widget in binding.focus},
            lambda key: self.row(key).locked,
            self.toggle_field_lock,
        )
        self.fields.holidays_button.clicked.connect(lambda: self.start_lookup("holidays"))
        self.fields.convert_button.clicked.connect(self._show_convert_menu)

    def make_fields(self) -> TripFields:
        stops = StopsEditor(self.services)
        stops.task_failed.connect(self.task_failed)
        stops.marks_changed.connect(self._render_marks)
        return TripFields(self.editor.places, self.tasks, self._stored_currency, stops, self)

    def set_trip(self, trip_id: str | None) -> None:
        super().set_trip(trip_id)
        self.fields.stops_editor.set_trip(trip_id)

    async def flush(self) -> None:
        await super().flush()
        await self.fields.stops_editor.flush()

    async def before_shutdown(self) -> None:
        await super().before_shutdown()
        await self.fields.stops_editor.shutdown()

    @property
    def record(self) -> TripRecord | None:
        """The newest stored version of the trip this form knows."""
        return self._record

    def row(self, key: str) -> FieldRow:
        return self.binding(key).row

    def field_key_of(self, widget: QWidget) -> str | None:
        """The key of the trip field `widget` (or one of its parents) edits, if any."""
        return self.lock_menu.field_of(widget)

    def toggle_field_lock(self, key: str) -> None:
        """Lock the trip field `key` against the assistant's changes, or unlock it."""
        trip_id = self._trip_id
        if trip_id is not None:
            self.tasks.start(self._toggle_field_lock(trip_id, key), name="lock field")

    async def _toggle_field_lock(self, trip_id: str, key: str) -> None:
        try:
            await self.locks.toggle(
                LockKind.FIELD, trip_id, entity=EntityKind.TRIP, field=key, context=person()
            )
        except StoreError as error:
            self.row(key).set_error(error_text(error))

    def set_lookup_starter(self, starter: LookupStarter | None) -> None:
        """Give the form a way to start lookups, showing their buttons; None hides them."""
        self._lookup_starter = starter
        self.fields.set_lookup_buttons_visible(starter is not None)

    def start_lookup(self, kind: str, parameters: Mapping[str, Any] | None = None) -> None:
        """Save pending edits (so the lookup reads what the person sees), then start it."""
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
            action = menu.addAction(translate("TripForm", "To {currency}").format(currency=code))
            action.triggered.connect(
                lambda _=False, c=code: self.start_lookup("currency", {"to_currency": c})
            )
        button = self.fields.convert_button
        menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    def _stored_currency(self) -> str | None:
        return self._record.budget_currency if self._record is not None else None

    def forget(self) -> None:
        self._record = None
        self._added = {}
        super().forget()

    def _edited(self, binding: Binding[Any]) -> None:
        super()._edited(binding)
        if binding.hint is not None:
            binding.row.set_hint("")

    def write(
        self, binding: Binding[Any], trip_id: str, value: Any
    ) -> Awaitable[TripRecord] | None:
        if isinstance(value, UnreadableDate):  # Kept as typed, with what is wrong with it.
            binding.row.set_error(value.message)
            self.refused.emit(binding.key, value.message)
            return None
        return self._save(binding, trip_id, value)

    async def _save(self, binding: Binding[Any], trip_id: str, value: object) -> TripRecord:
        if binding.key == "origin":
            fields = await asyncio.to_thread(place_changes, self.editor, "origin", str(value))
            return (await self.trips.update(trip_id, fields, context=self.person())).record
        return (
            await self.editor.apply(
                trip_id, binding.changes(value), context=self.person(), strict_places=False
            )
        ).record

    def take_saved(self, binding: Binding[Any], outcome: TripRecord) -> None:
        for related in self._related(binding):
            related.row.set_error("")
        self._accept(outcome)

    def refuse(self, binding: Binding[Any], trip_id: str, value: Any, error: Exception) -> None:
        message = error_text(error)
        if trip_id != self._trip_id:
            self.notice.inform(
                translate(
                    "TripForm", "A change to the previous trip was not saved: {reason}"
                ).format(reason=shown(message))
            )
            return
        if isinstance(error, StoreError) and not isinstance(error, InvalidChangeError):
            self.notice.inform(message)
            return
        field = getattr(error, "field", None)
        target = next((b for b in self._bindings if field in b.store_fields), binding)
        target.row.set_error(message)
        if binding.untouched_since(value):
            self.fields.put(binding, binding.stored)
            self.update_hint(binding)
        self.refused.emit(target.key, message)

    def _related(self, binding: Binding[Any]) -> tuple[Binding[Any], ...]:
        """Fields whose error a successful save of `binding` settles (the date pair)."""
        if binding.key in ("start_date", "end_date"):
            return (self.fields.by_key["start_date"], self.fields.by_key["end_date"])
        return (binding,)

    def watches(self, change: Change) -> bool:
        """The trip, and items entering or leaving it (the banner names what the assistant adds)."""
        return change.entity in (EntityKind.TRIP, EntityKind.TRIP_LOCK) or (
            change.entity is EntityKind.ITINERARY_ITEM and change.action is not Action.UPDATE
        )

    async def load(self, trip_id: str) -> None:
        changes, self._changes = self._changes, []
        record = await self.trips.get(trip_id)
        locks = await self.locks.locks(trip_id) if record else []
        unseen = await self.history.unseen_assistant_changes(trip_id) if record else {}
        added = await self.history.unseen_item_titles(trip_id) if record else {}
        if trip_id != self._trip_id:
            return
        self._added = added
        if record is None:
            self._record = None
            self._show_empty(DELETED_TEXT)
            self.refreshed.emit()
            return
        self._marks.changed_again(
            binding.key
            for change in changes
            if change.entity is EntityKind.TRIP
            and change.actor is Actor.ASSISTANT
            and not change.undo
            for binding in self._bindings
            if binding.covers(change.fields)
        )
        self._accept(record)
        locked = {
            lock.field for lock in locks if lock.kind is LockKind.FIELD and lock.target == trip_id
        }
        for binding in self._bindings:
            binding.row.set_locked(binding.key in locked)
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
            self._take_stored(binding, binding.from_record(record), first=first)
            self.update_hint(binding)

    def update_hint(self, binding: Binding[Any]) -> None:
        if binding.hint is not None and self._record is not None:
            binding.row.set_hint("" if binding.dirty() else binding.hint(self._record))

    def _apply_marks(self, fields: frozenset[str], record: TripRecord) -> None:
        if CREATED in fields:
            keys = {b.key for b in self._bindings if self._filled(b, record)}
        else:
            keys = {b.key for b in self._bindings if b.covers(fields)}
        self._marks.update(keys, made_by(fields))
        self._render_marks()

    def _filled(self, binding: Binding[Any], record: TripRecord) -> bool:
        """Whether the field holds more than a new trip's default: the assistant creating
        a trip did not "change" the defaults."""
        start = defaults(TRIP_RULES)
        return any(
            getattr(record, name) != start[name] for name in binding.store_fields if name in start
        )

    def unseen_additions(self) -> list[str]:
        return list(self._added.values())

    def _render_marks(self) -> None:
        """The banner also names the stops the assistant added or changed."""
        super()._render_marks()
        stops = self.fields.stops_editor.marked_labels() if hasattr(self, "fields") else []
        if stops:
            labels = [b.label for b in self._bindings if b.key in self._marks.marked]
            self.seen_bar.show_fields(
                [*labels, *stops],
                self.unseen_additions(),
                self._marks.program or self.fields.stops_editor.marked_program(),
            )

    def mark_all_seen(self) -> None:
        """Also mark seen the items the banner names as added, and the stops."""
        added, self._added = self._added, {}
        self.fields.stops_editor.mark_all_seen()
        super().mark_all_seen()
        trip_id = self._trip_id
        if trip_id is not None and added:
            self.tasks.start(self._mark_items_seen(trip_id, added), name="mark added items seen")

    async def _mark_items_seen(self, trip_id: str, item_ids: Iterable[str]) -> None:
        for item_id in item_ids:
            await self.history.mark_seen(trip_id, EntityKind.ITINERARY_ITEM, item_id)

    async def mark_seen_in_log(self, trip_id: str) -> None:
        await self.history.mark_seen(trip_id, EntityKind.TRIP, trip_id)
