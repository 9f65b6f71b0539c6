"""What hangs off a trip besides its itinerary: stops, forms with answers, goals, own pins,
expenses and documents.

The foreign keys' cascade would leave nothing for undo to restore, so deleting a trip deletes
them first through the change log, and duplicating copies them after the trip. Locks,
expenses and documents are not copied: they belong to that trip's rows and that one journey.
"""

from __future__ import annotations

import dataclasses
import uuid

from sqlmodel import Session

from .change_writer import ChangeWriter
from .documents import delete_trip_documents
from .entities import FORMS, GOALS, PINS, STOPS
from .form_answers import copy_answers, delete_answers
from .forms import create_instance, trip_forms
from .goals import open_goal, trip_goals
from .ledger import delete_expenses
from .locks import delete_trip_locks
from .pins import new_pin, scope_pins
from .stops import trip_stops
from .tables import utc_now


def delete_trip_parts(session: Session, writer: ChangeWriter, trip_id: str) -> None:
    """Delete, logged, the trip's expenses and documents (before the items they may be
    linked to), locks, stops, forms (answers first), goals and pins."""
    delete_expenses(session, writer, trip_id)
    delete_trip_locks(session, writer, trip_id)
    delete_trip_documents(session, writer, trip_id)
    for stop in trip_stops(session, trip_id):
        writer.delete(STOPS, stop, STOPS.to_record(stop))
    for form in session.exec(trip_forms(trip_id)).all():
        record = FORMS.to_record(form)
        delete_answers(session, writer, record)
        writer.delete(FORMS, form, record)
    for goal in trip_goals(session, trip_id):
        writer.delete(GOALS, goal, GOALS.to_record(goal))
    for pin in scope_pins(session, trip_id):
        writer.delete(PINS, pin, PINS.to_record(pin))


def copy_trip_parts(session: Session, writer: ChangeWriter, source_id: str, copy_id: str) -> None:
    """Give the new trip `copy_id`, logged, what planning `source_id` gathered: its stops, each
    form's current answers (not their history), its goals all open again and its own pins.
    A form's completion is not copied: only the form engine can judge it, so the travel layer
    settles the copied answers in this change's undo group."""
    now = utc_now()
    for stop in trip_stops(session, source_id):
        copy = dataclasses.replace(
            STOPS.to_record(stop),
            id=uuid.uuid4().hex,
            trip_id=copy_id,
            created_at=now,
            updated_at=now,
        )
        writer.create(STOPS, copy)
    for form in session.exec(trip_forms(source_id)).all():
        instance = create_instance(writer, copy_id, form.form_id)
        copy_answers(session, writer, form.id, instance)
    for position, goal in enumerate(trip_goals(session, source_id)):
        writer.create(
            GOALS, open_goal(writer, copy_id, goal.title, goal.completes_on, position=position)
        )
    for position, pin in enumerate(scope_pins(session, source_id)):
        pin_copy = new_pin(
            writer,
            copy_id,
            pin.text,
            position=position,
            rule=pin.rule,
            rule_confirmed=pin.rule_confirmed,
        )
        writer.create(PINS, pin_copy)
