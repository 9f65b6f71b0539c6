"""A form instance's answers as an event log, and how the change log records and reverts them.

A field's answer is its newest event's value (set, revise or retract). The change log records
a change as an update of the instance's answers (null for unanswered), so undo overlaps
changes field by field; undo deletes the events a change appended.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import JsonValue, TypeAdapter
from sqlalchemy import func
from sqlmodel import Session, col, select

from concierge.model.fields import FORM_ANSWER
from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import Action, Actor, EntityKind
from .errors import InvalidChangeError
from .records import AnswerAction, AnswerEvent, FormInstanceRecord
from .table_check import check_record
from .tables import ChangeLogEntry, FormAnswer, FormInstance, utc_now
from .validation import stored_text

check_record(AnswerEvent, FORM_ANSWER)

_EVENT: TypeAdapter[AnswerEvent] = TypeAdapter(AnswerEvent)
_EVENTS: TypeAdapter[list[AnswerEvent]] = TypeAdapter(list[AnswerEvent])


def encode(field: str, value: JsonValue) -> str:
    """`value` as canonical JSON text (sorted keys), so equal values compare equal as text.
    Refuses None (retract instead), NaN, infinities, non-JSON and what `stored_text` refuses."""
    if value is None:
        raise empty_answer_error(field)
    try:
        text = _dumps(value, allow_nan=False)
    except RecursionError:
        raise InvalidChangeError(
            field,
            QT_TRANSLATE_NOOP("StoreError", "The answer to {field!r} is nested too deeply.").format(
                field=field
            ),
        ) from None
    except (TypeError, ValueError) as error:
        raise InvalidChangeError(
            field,
            QT_TRANSLATE_NOOP(
                "StoreError", "The answer to {field!r} must be a JSON value ({error})."
            ).format(field=field, error=error),
        ) from None
    try:
        return stored_text(f"The answer to {field!r}", text)
    except ValueError as error:
        raise InvalidChangeError(field, str(error)) from None


def empty_answer_error(field: str) -> InvalidChangeError:
    return InvalidChangeError(
        field, f"An answer to {field!r} cannot be empty (None); retract the answer instead."
    )


def decode(text: str | None) -> JsonValue:
    return None if text is None else json.loads(text)


def newest_events(
    session: Session, instance_id: str, fields: Collection[str] | None = None
) -> dict[str, FormAnswer]:
    """The newest event of each field of the instance (of `fields` only, if given)."""
    newest = select(func.max(FormAnswer.id)).where(FormAnswer.instance_id == instance_id)
    if fields is not None:
        newest = newest.where(col(FormAnswer.field).in_(list(fields)))
    rows = session.exec(
        select(FormAnswer).where(col(FormAnswer.id).in_(newest.group_by(col(FormAnswer.field))))
    ).all()
    return {row.field: row for row in rows}


def unconfirmed_fields(session: Session, instance_id: str) -> frozenset[str]:
    """The fields whose newest event is the assistant's while the change log still holds that
    change unseen (the person confirms by looking at it)."""
    logged = session.exec(
        select(ChangeLogEntry.after).where(
            ChangeLogEntry.entity == EntityKind.FORM_ANSWER.value,
            ChangeLogEntry.entity_id == instance_id,
            ChangeLogEntry.actor == Actor.ASSISTANT.value,
            col(ChangeLogEntry.seen).is_(False),
            col(ChangeLogEntry.undone).is_(False),
        )
    ).all()
    unseen = {field for after in logged for field in json.loads(after or "{}")}
    if not unseen:
        return frozenset()
    newest = newest_events(session, instance_id, unseen)
    return frozenset(
        field
        for field, row in newest.items()
        if row.value is not None and row.actor == Actor.ASSISTANT.value
    )


def current_answers(session: Session, instance_id: str) -> dict[str, JsonValue]:
    """Each answered field's value, in field-name order."""
    return {field: decode(text) for field, text in _answered(session, instance_id).items()}


def _answered(session: Session, instance_id: str) -> dict[str, str]:
    """Each answered field's value as its canonical JSON text, in field-name order."""
    events = newest_events(session, instance_id)
    return {field: text for field in sorted(events) if (text := events[field].value) is not None}


def field_events(session: Session, instance_id: str, field: str | None = None) -> list[AnswerEvent]:
    """The instance's events (one field's, if given), oldest first."""
    statement = select(FormAnswer).where(FormAnswer.instance_id == instance_id)
    if field is not None:
        statement = statement.where(FormAnswer.field == field)
    return [event_record(row) for row in session.exec(statement.order_by(col(FormAnswer.id)))]


@dataclass(frozen=True, slots=True)
class AnswerChange:
    """A change to one field's answer, as canonical JSON (None: unanswered)."""

    field: str
    stored: str | None
    encoded: str | None

    @property
    def action(self) -> AnswerAction:
        if self.encoded is None:
            return AnswerAction.RETRACT
        return AnswerAction.SET if self.stored is None else AnswerAction.REVISE


def answer_changes(
    session: Session, instance_id: str | None, changes: Mapping[str, str | None]
) -> list[AnswerChange]:
    """The entries of `changes` (None retracts) that change the field's answer, in order;
    `instance_id` None stands for an instance not created yet."""
    current = {} if instance_id is None else newest_events(session, instance_id, changes)
    found = [
        AnswerChange(field, current[field].value if field in current else None, encoded)
        for field, encoded in changes.items()
    ]
    return [change for change in found if change.encoded != change.stored]


def write_answers(
    session: Session,
    writer: ChangeWriter,
    instance: FormInstanceRecord,
    changes: Sequence[AnswerChange],
) -> list[AnswerEvent]:
    """Append an event for each change, logged as one update of the answers."""
    now = utc_now()
    rows = [
        FormAnswer(
            instance_id=instance.id,
            field=change.field,
            value=change.encoded,
            action=change.action.value,
            actor=writer.context.actor.value,
            at=now,
        )
        for change in changes
    ]
    session.add_all(rows)
    session.flush()
    writer.log(
        EntityKind.FORM_ANSWER,
        instance.id,
        instance.trip_id,
        Action.UPDATE,
        _dumps({change.field: decode(change.stored) for change in changes}),
        _dumps({change.field: decode(change.encoded) for change in changes}),
    )
    return [event_record(row) for row in rows]


def copy_answers(
    session: Session, writer: ChangeWriter, source_id: str, instance: FormInstanceRecord
) -> list[AnswerEvent]:
    """Answer the new `instance` as `source_id` answers now: one `set` event each, logged as one
    update; the source's history stays behind."""
    changes = answer_changes(session, None, _answered(session, source_id))
    return write_answers(session, writer, instance, changes) if changes else []


def delete_answers(session: Session, writer: ChangeWriter, instance: FormInstanceRecord) -> None:
    """Delete every event of the instance, logging the whole history for undo."""
    rows = list(
        session.exec(
            select(FormAnswer)
            .where(FormAnswer.instance_id == instance.id)
            .order_by(col(FormAnswer.id))
        ).all()
    )
    if not rows:
        return
    history: dict[str, list[Any]] = {}
    for row in rows:
        history.setdefault(row.field, []).append(_EVENT.dump_python(event_record(row), mode="json"))
        session.delete(row)
    session.flush()
    writer.log(
        EntityKind.FORM_ANSWER, instance.id, instance.trip_id, Action.DELETE, _dumps(history), None
    )


def revert_answers(session: Session, row: ChangeLogEntry) -> Sequence[str] | None:
    """Revert one logged change of an instance's answers; the fields it touched, or None if the
    events were written behind the change log's back."""
    if row.action == Action.DELETE:
        return _restore_history(session, row)
    before: dict[str, JsonValue] = json.loads(row.before or "{}")
    after: dict[str, JsonValue] = json.loads(row.after or "{}")
    for field, value in after.items():
        newest = newest_events(session, row.entity_id, [field]).get(field)
        if newest is None or newest.value != _canonical(value):
            return None
        session.delete(newest)
        session.flush()
        previous = newest_events(session, row.entity_id, [field]).get(field)
        if (None if previous is None else previous.value) != _canonical(before.get(field)):
            return None
    return list(after)


def reapply_answers(session: Session, row: ChangeLogEntry) -> Sequence[str] | None:
    """Redo one undone change of an instance's answers; the fields it touched, or None if they
    changed since. Events are appended anew by the actor who first made them."""
    if session.get(FormInstance, row.entity_id) is None:
        return None
    if row.action == Action.DELETE:
        history: dict[str, list[Any]] = json.loads(row.before or "{}")
        logged = sorted(event["id"] for events in history.values() for event in events)
        rows = list(session.exec(select(FormAnswer).where(FormAnswer.instance_id == row.entity_id)))
        if sorted(event_record(answer).id for answer in rows) != logged:
            return None
        for answer in rows:
            session.delete(answer)
        session.flush()
        return list(history)
    before: dict[str, JsonValue] = json.loads(row.before or "{}")
    after: dict[str, JsonValue] = json.loads(row.after or "{}")
    newest = newest_events(session, row.entity_id, list(after))
    changes = [
        AnswerChange(field, newest[field].value if field in newest else None, _canonical(value))
        for field, value in after.items()
    ]
    if any(change.stored != _canonical(before.get(change.field)) for change in changes):
        return None
    now = utc_now()
    session.add_all(
        FormAnswer(
            instance_id=row.entity_id,
            field=change.field,
            value=change.encoded,
            action=change.action.value,
            actor=row.actor,
            at=now,
        )
        for change in changes
    )
    session.flush()
    return list(after)


def _restore_history(session: Session, row: ChangeLogEntry) -> Sequence[str] | None:
    history: dict[str, list[Any]] = json.loads(row.before or "{}")
    if session.get(FormInstance, row.entity_id) is None or newest_events(session, row.entity_id):
        return None
    for field, events in history.items():
        for event in _EVENTS.validate_python(events):
            session.add(
                FormAnswer(
                    id=event.id,
                    instance_id=row.entity_id,
                    field=field,
                    value=None if event.value is None else encode(field, event.value),
                    action=event.action.value,
                    actor=event.actor.value,
                    at=event.at,
                )
            )
    session.flush()
    return list(history)


def event_record(row: FormAnswer) -> AnswerEvent:
    assert row.id is not None  # rows read back or flushed always have one
    return AnswerEvent(
        id=row.id,
        field=row.field,
        value=decode(row.value),
        action=AnswerAction(row.action),
        actor=Actor(row.actor),
        at=row.at,
    )


def _dumps(data: object, *, allow_nan: bool = True) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, allow_nan=allow_nan)


def _canonical(value: JsonValue) -> str | None:
    """A logged value as its event's `value` column holds it (None: unanswered)."""
    return None if value is None else _dumps(value)
