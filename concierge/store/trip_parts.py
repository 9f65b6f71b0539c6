"""What hangs off a trip besides its itinerary: its forms with their answers, its goals and
its own pins.

The database deletes them with the trip (foreign keys cascade), but that would leave nothing
for undo to restore. Deleting a trip therefore deletes them first through the change log,
so undoing the deletion (newest first) puts the trip back, then everything that was on it.
"""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, select

from .change_writer import ChangeWriter
from .entities import FORMS, GOALS, PINS
from .form_answers import delete_answers
from .forms import trip_forms
from .goals import trip_goals
from .pins import scope_pins
from .tables import FormAnswer, FormInstance, Goal, ItineraryItem, Pin


def delete_trip_parts(session: Session, writer: ChangeWriter, trip_id: str) -> None:
    """Delete, logged, the trip's forms (answers first), goals and pins."""
    for form in session.exec(trip_forms(trip_id)).all():
        record = FORMS.to_record(form)
        delete_answers(session, writer, record)
        writer.delete(FORMS, form, record)
    for goal in trip_goals(session, trip_id):
        writer.delete(GOALS, goal, GOALS.to_record(goal))
    for pin in scope_pins(session, trip_id):
        writer.delete(PINS, pin, PINS.to_record(pin))


def has_parts(session: Session, trip_id: str) -> bool:
    """Whether anything (an itinerary item, a form, a goal, a pin) is on the trip."""
    return any(
        session.exec(select(func.count()).where(column == trip_id)).one() > 0
        for column in (ItineraryItem.trip_id, FormInstance.trip_id, Goal.trip_id, Pin.trip_id)
    )


def has_answers(session: Session, instance_id: str) -> bool:
    count = session.exec(select(func.count()).where(FormAnswer.instance_id == instance_id)).one()
    return count > 0
