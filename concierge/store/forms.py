"""Forms filled in for a trip: answers with their history (set, revise, retract) and whether
the form is complete.

Definitions and validation live in `concierge.travel.forms`, which calls this with checked
values. A trip has at most one instance of each form, created by its first write. Answer
changes are `EntityKind.FORM_ANSWER` with the instance's id and the field names; the
completion is `EntityKind.FORM`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime

from pydantic import JsonValue
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import ChangeContext
from .entities import FORMS, TRIPS
from .form_answers import (
    AnswerChange,
    answer_changes,
    current_answers,
    empty_answer_error,
    encode,
    field_events,
    write_answers,
)
from .new_record import new_record
from .outcome import Outcome
from .records import AnswerAction, AnswerEvent, FormInstanceRecord, FormState
from .repository import Repository
from .tables import FormInstance, utc_now
from .validation import FORM_KEY_RULES, parse_changes


class FormAnswerRepository(Repository):
    """Form instances and their answers; a form never seen on a trip reads empty."""

    async def instance(self, trip_id: str, form_id: str) -> FormInstanceRecord | None:
        """The trip's instance of the form; None if nothing was ever written to it."""

        def query(session: Session) -> FormInstanceRecord | None:
            row = instance_row(session, trip_id, form_id)
            return None if row is None else FORMS.to_record(row)

        return await self.database.run(query)

    async def instances(self, trip_id: str) -> list[FormInstanceRecord]:

        def query(session: Session) -> list[FormInstanceRecord]:
            rows = session.exec(trip_forms(trip_id)).all()
            return [FORMS.to_record(row) for row in rows]

        return await self.database.run(query)

    async def answers(self, trip_id: str, form_id: str) -> dict[str, JsonValue]:
        """Each answered field's current value (the newest not retracted), by field name."""
        return dict((await self.state(trip_id, form_id)).answers)

    async def state(self, trip_id: str, form_id: str) -> FormState:
        """The instance and the current answers, read together in one transaction."""

        def query(session: Session) -> FormState:
            row = instance_row(session, trip_id, form_id)
            return FormState(
                trip_id=trip_id,
                form_id=form_id,
                instance=None if row is None else FORMS.to_record(row),
                answers={} if row is None else current_answers(session, row.id),
            )

        return await self.database.run(query)

    async def history(
        self, trip_id: str, form_id: str, field: str | None = None
    ) -> list[AnswerEvent]:
        """Every answer event of the form (or one field), oldest first; undo removes events."""

        def query(session: Session) -> list[AnswerEvent]:
            row = instance_row(session, trip_id, form_id)
            return [] if row is None else field_events(session, row.id, field)

        return await self.database.run(query)

    async def set_answer(
        self,
        trip_id: str,
        form_id: str,
        field: str,
        value: JsonValue,
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[AnswerEvent | None]:
        """Answer `field` with `value` (any JSON value but None) as a `set` or `revise` event; the
        same value again writes nothing and returns None."""
        if value is None:
            raise empty_answer_error(field)
        outcome = await self.apply(trip_id, form_id, {field: value}, context=context)
        return outcome.map(_first)

    async def retract(
        self, trip_id: str, form_id: str, field: str, *, context: ChangeContext | None = None
    ) -> Outcome[AnswerEvent | None]:
        """Withdraw the field's answer (a `retract` event); None if it was not answered."""
        outcome = await self.apply(trip_id, form_id, {field: None}, context=context)
        return outcome.map(_first)

    async def apply(
        self,
        trip_id: str,
        form_id: str,
        changes: Mapping[str, JsonValue],
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[list[AnswerEvent]]:
        """Several answers in one transaction and one change-log row (None retracts), every value
        checked first. Returns the events written; no-op changes are skipped."""
        form = _form_id(form_id)
        encoded: dict[str, str | None] = {}
        for name, value in changes.items():
            field = parse_changes("a form answer", FORM_KEY_RULES, {"field": name})["field"]
            encoded[field] = None if value is None else encode(field, value)

        def write(session: Session, writer: ChangeWriter) -> list[AnswerEvent]:
            TRIPS.row(session, trip_id)  # The trip must exist.
            row = instance_row(session, trip_id, form)
            pending = answer_changes(session, None if row is None else row.id, encoded)
            if not pending:
                return []
            writer.describe(_answers_label(form, pending))
            instance = (
                FORMS.to_record(row) if row is not None else create_instance(writer, trip_id, form)
            )
            return write_answers(session, writer, instance, pending)

        return await self.logged(context, write)

    async def mark_completed(
        self,
        trip_id: str,
        form_id: str,
        completed: bool = True,
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[FormInstanceRecord | None]:
        """Record that the form is (or no longer is) complete, keeping the first `completed_at`;
        None when marking an untouched form incomplete, which writes nothing."""
        form = _form_id(form_id)

        def write(session: Session, writer: ChangeWriter) -> FormInstanceRecord | None:
            TRIPS.row(session, trip_id)  # The trip must exist.
            row = instance_row(session, trip_id, form)
            if row is None and not completed:
                return None
            if completed:
                writer.describe(
                    QT_TRANSLATE_NOOP("ChangeLabel", "Mark {form} complete").format(form=form)
                )
            else:
                writer.describe(
                    QT_TRANSLATE_NOOP("ChangeLabel", "Mark {form} incomplete").format(form=form)
                )
            if row is None:
                return create_instance(writer, trip_id, form, completed_at=utc_now())
            before = FORMS.to_record(row)
            if before.completed == completed:
                return before
            after = dataclasses.replace(before, completed_at=utc_now() if completed else None)
            return writer.update(FORMS, row, before, after)

        return await self.logged(context, write)


def instance_row(session: Session, trip_id: str, form_id: str) -> FormInstance | None:
    return session.exec(
        select(FormInstance).where(FormInstance.trip_id == trip_id, FormInstance.form_id == form_id)
    ).first()


def trip_forms(trip_id: str) -> SelectOfScalar[FormInstance]:
    """The trip's form instances, by form id."""
    return (
        select(FormInstance)
        .where(FormInstance.trip_id == trip_id)
        .order_by(col(FormInstance.form_id))
    )


def create_instance(
    writer: ChangeWriter, trip_id: str, form_id: str, *, completed_at: datetime | None = None
) -> FormInstanceRecord:
    """A new instance of the form on the trip, logged so that undo removes it again."""
    record = new_record(
        FormInstanceRecord, trip_id=trip_id, form_id=form_id, completed_at=completed_at
    )
    return writer.create(FORMS, record)


def _form_id(form_id: str) -> str:
    parsed: str = parse_changes("a form", FORM_KEY_RULES, {"form_id": form_id})["form_id"]
    return parsed


def _answers_label(form_id: str, changes: Sequence[AnswerChange]) -> str:
    if len(changes) > 1:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Edit {form}: {fields}").format(
            form=form_id, fields=", ".join(change.field for change in changes)
        )
    template = {
        AnswerAction.SET: QT_TRANSLATE_NOOP("ChangeLabel", "Answer “{field}” in {form}"),
        AnswerAction.REVISE: QT_TRANSLATE_NOOP("ChangeLabel", "Change “{field}” in {form}"),
        AnswerAction.RETRACT: QT_TRANSLATE_NOOP("ChangeLabel", "Clear “{field}” in {form}"),
    }[changes[0].action]
    return template.format(field=changes[0].field, form=form_id)


def _first(events: list[AnswerEvent]) -> AnswerEvent | None:
    return events[0] if events else None
