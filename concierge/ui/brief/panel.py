"""The trip brief panel: a form generated from its definition, saved as the person answers.
Fields apply by the stored answers; an answer to a field that no longer applies stays, flagged.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable, Mapping

from pydantic import JsonValue
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from concierge.store import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeHistory,
    EntityKind,
    FormAnswerRepository,
    StoreError,
    TripRepository,
)
from concierge.store.label_text import listed
from concierge.store.seen import made_by
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.forms import FormDefinition, FormState, FormValueError, evaluate
from concierge.ui.forms.form_panel import FormPanel
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.views.person import person
from concierge.ui.views.trip_view import DELETED_TEXT

from .editors import Shown
from .fields import BriefBinding, BriefFields, muted, required_legend
from .texts import invalid_prefix, invalid_text, kept_text, skipped_text, status_text, unknown_text

NO_TRIP_TEXT = QT_TRANSLATE_NOOP("BriefPanel", "Select a trip to see its brief.")
_WATCHED = frozenset({EntityKind.FORM, EntityKind.FORM_ANSWER})


class BriefPanel(FormPanel[BriefBinding]):
    """Edits one form of one trip; `saved` also means an answer was retracted."""

    fields: BriefFields

    def __init__(
        self,
        definition: FormDefinition,
        forms: FormAnswerRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        self.definition = definition
        self.forms = forms
        self.trips = trips
        self._state: FormState | None = None
        self._instance_id: str | None = None
        super().__init__(history, bus, parent, what="brief", no_trip_text=shown(NO_TRIP_TEXT))
        self.setObjectName("briefPanel")
        self.setAccessibleName(shown(definition.title))
        self.notice.setObjectName("briefNotice")
        self.setFocusProxy(self.fields.tab_chain()[0])
        self.fields.clear_unknown_button.clicked.connect(self.clear_unknown)

    def make_fields(self) -> BriefFields:
        return BriefFields(self.definition, self)

    def make_header(self) -> QHBoxLayout:
        self.status_label = QLabel(self)
        self.status_label.setObjectName("briefStatus")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.status_label.font()
        font.setBold(True)
        self.status_label.setFont(font)
        self.legend = muted(QLabel(required_legend(), self))
        self.legend.setWordWrap(False)
        header = QHBoxLayout()
        header.setContentsMargins(6, 4, 6, 0)
        header.addWidget(self.status_label, 1)
        header.addWidget(self.legend)
        return header

    @property
    def state(self) -> FormState | None:
        return self._state

    def is_shown(self, name: str) -> bool:
        """Whether the field's condition holds, or it keeps an answer."""
        return self.fields.row_visible(name)

    def clear_unknown(self) -> None:
        """Withdraw the answers kept for questions the form no longer has."""
        state, trip_id = self._state, self._trip_id
        if state is None or trip_id is None or not state.unknown or self.tasks.closed:
            return
        retract: dict[str, JsonValue] = dict.fromkeys(state.unknown)
        self.tasks.start(self._apply(trip_id, retract), name="clear old answers")

    def forget(self) -> None:
        self._state = None
        self._instance_id = None
        super().forget()

    def _show_empty(self, text: str) -> None:
        super()._show_empty(text)
        self.status_label.setText("")
        self.legend.hide()

    def write(
        self, binding: BriefBinding, trip_id: str, value: Shown
    ) -> Awaitable[JsonValue] | None:
        """Parse the field's content first: a refused value never reaches the store."""
        try:
            answer = self.fields.editors[binding.key].answer(value)
        except FormValueError as error:
            self._show_refusal(binding, shown_error(error))
            return None
        return self._save(trip_id, binding.key, answer)

    async def _save(self, trip_id: str, name: str, answer: JsonValue) -> JsonValue:
        """Write the answer (None retracts it); returns it."""
        context = person(self._label([name]))
        await self.forms.apply(trip_id, self.definition.id, {name: answer}, context=context)
        return answer

    def _label(self, names: Iterable[str]) -> str:
        """The undo step's name in the person's words: "Edit Dietary needs in the Trip brief"."""
        labels = listed([self.definition.labels.get(name, name) for name in names])
        return QT_TRANSLATE_NOOP("ChangeLabel", "Edit {fields} in the {form}").format(
            fields=labels, form=self.definition.title
        )

    def take_saved(self, binding: BriefBinding, outcome: JsonValue) -> None:
        binding.row.set_error("")
        binding.stored = self.fields.editors[binding.key].display(outcome)

    def refuse(self, binding: BriefBinding, trip_id: str, value: Shown, error: Exception) -> None:
        if trip_id != self._trip_id:
            self.notice.inform(
                translate(
                    "BriefPanel", "An answer for the previous trip was not saved: {error}"
                ).format(error=shown_error(error))
            )
        else:
            self._show_refusal(binding, shown_error(error))

    def _show_refusal(self, binding: BriefBinding, message: str) -> None:
        """The message under the field; what the person typed stays as it is."""
        binding.row.set_error(message)
        self.refused.emit(binding.key, message)

    async def _apply(self, trip_id: str, changes: dict[str, JsonValue]) -> None:
        try:
            context = person(self._label(changes))
            await self.forms.apply(trip_id, self.definition.id, changes, context=context)
        except StoreError as error:
            self.notice.inform(shown_error(error))

    def watches(self, change: Change) -> bool:
        came_or_went = change.entity is EntityKind.TRIP and change.action is not Action.UPDATE
        return change.entity in _WATCHED or came_or_went

    async def load(self, trip_id: str) -> None:
        changes, self._changes = self._changes, []
        trip = await self.trips.get(trip_id)
        stored = await self.forms.state(trip_id, self.definition.id) if trip else None
        unseen = await self.history.unseen_assistant_changes(trip_id) if trip else {}
        if trip_id != self._trip_id:
            return
        if stored is None:
            self._state = None
            self._show_empty(shown(DELETED_TEXT))
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
        fields = unseen.get(key, frozenset())
        self._marks.update(set(fields) & set(self.fields.by_key), made_by(fields))
        self._render_marks()
        self.status_label.setText(status_text(state))
        self.status_label.setAccessibleName(f"{shown(self.definition.title)}: {status_text(state)}")
        self.legend.show()
        self.stack.setCurrentWidget(self.form_page)
        self.refreshed.emit()

    def _accept(self, state: FormState, answers: Mapping[str, JsonValue], *, first: bool) -> None:
        """Show the stored answers in every field without unsaved edits, and which fields apply."""
        definition = self.definition
        for binding in self._bindings:
            name = binding.key
            stored = self.fields.editors[name].display(answers.get(name))
            if self._take_stored(binding, stored, first=first):
                if name in state.invalid:
                    binding.row.set_error(invalid_text(state.invalid[name]))
                elif binding.row.error.startswith(invalid_prefix()):
                    binding.row.set_error("")
            kept = name in state.not_applicable
            binding.row.set_hint(kept_text(definition, name) if kept else "")
            shown = state.applies(name) or kept or binding.dirty()
            self.fields.set_row_visible(name, shown)
        for step in definition.steps:
            hidden = [f.name for f in step.fields if not self.fields.row_visible(f.name)]
            self.fields.set_skipped(step.id, skipped_text(definition, hidden))
        self.fields.set_unknown(unknown_text(state.unknown))

    async def mark_seen_in_log(self, trip_id: str) -> None:
        instance_id = self._instance_id
        if instance_id is not None:
            for kind in (EntityKind.FORM_ANSWER, EntityKind.FORM):
                await self.history.mark_seen(trip_id, kind, instance_id)
