"""The brief's answers in a shared trip's document: each form's answers by its form id and field
(`<form id>/<field>` → the answer's canonical JSON, "null" once retracted), each a register of
its own, so answers to different questions merge and to the same one converge.

Keyed by form, not by a form instance's id: two devices that each started the brief while apart
answer one brief. Whether a form is complete follows from its answers on each device (the
`FormFiller`), so instances are not shared."""

from __future__ import annotations

from collections import defaultdict

from sqlmodel import Session

from concierge.store.change_writer import ChangeWriter
from concierge.store.entities import FORMS
from concierge.store.form_answers import answer_changes, newest_events, write_answers
from concierge.store.forms import create_instance, instance_row, trip_forms

from .document import TripDocument

RETRACTED = "null"


def answers_to_document(session: Session, trip_id: str, document: TripDocument) -> None:
    """Put the trip's current answers (and retractions) into the document."""
    shared = document.answers()
    for instance in session.exec(trip_forms(trip_id)).all():
        for field, event in newest_events(session, instance.id).items():
            key = f"{instance.form_id}/{field}"
            text = RETRACTED if event.value is None else event.value
            if shared.get(key) != text:
                shared[key] = text


def answers_to_store(
    session: Session, writer: ChangeWriter, trip_id: str, document: TripDocument
) -> None:
    """Answer each form as the document does, one logged change per form."""
    wanted: dict[str, dict[str, str | None]] = defaultdict(dict)
    for key, text in document.answers().items():
        form_id, _, field = key.rpartition("/")
        wanted[form_id][field] = None if text == RETRACTED else text
    for form_id, answers in sorted(wanted.items()):
        row = instance_row(session, trip_id, form_id)
        pending = answer_changes(session, None if row is None else row.id, answers)
        if pending:
            instance = (
                FORMS.to_record(row)
                if row is not None
                else create_instance(writer, trip_id, form_id)
            )
            write_answers(session, writer, instance, pending)
