"""Text the store declares for the window is marked where it is declared: it reads as the
same English (the model and the tests read it), and carries its context and template so the
window can show it translated, even after `str(error)` and pickling."""

from __future__ import annotations

import pickle
from datetime import date

import pytest

from concierge.model.field_kinds import Day
from concierge.store.errors import InvalidChangeError, RecordNotFoundError, UndoError
from concierge.store.validation import ITEM_RULES, TRIP_RULES, parse_changes
from concierge.text import Message, Translatable, TranslatedValueError, error_text


def test_field_labels_are_english_and_marked_in_the_field_context() -> None:
    label = TRIP_RULES["start_date"].label
    assert label == "Start date"
    assert isinstance(label, Translatable)
    assert label.context == "Field"
    assert isinstance(ITEM_RULES["confirmation_code"].label, Translatable)


def test_a_refused_value_keeps_its_template_and_values_through_str() -> None:
    with pytest.raises(InvalidChangeError) as caught:
        parse_changes("trip", TRIP_RULES, {"start_date": "2026-13-01"})
    error = caught.value
    assert str(error) == "Start date must be a date such as 2026-05-01 (got '2026-13-01')."
    message = str(error)
    assert isinstance(message, Message)
    assert message.template.context == "Validation"
    assert message.template == "{label} must be a date such as 2026-05-01{got}."
    assert message.values["label"] is TRIP_RULES["start_date"].label
    assert error.field == "start_date"


def test_a_kinds_value_error_keeps_its_message_and_is_still_a_value_error() -> None:
    with pytest.raises(ValueError, match="must be a date") as caught:
        Day()("Day", 42)
    assert isinstance(caught.value, TranslatedValueError)
    assert isinstance(error_text(caught.value), Message)
    assert error_text(caught.value) == "Day must be a date such as 2026-05-01 (got 42)."
    plain = ValueError(error_text(caught.value))
    assert isinstance(error_text(plain), Message)
    assert not isinstance(str(plain), Message)


def test_store_errors_read_the_same_and_their_messages_survive_pickling() -> None:
    error = RecordNotFoundError("itinerary_item", "i-1")
    assert str(error) == "The itinerary item i-1 does not exist."
    assert isinstance(str(error), Message)
    assert str(error).template.context == "StoreError"
    copy = pickle.loads(pickle.dumps(UndoError(str(error))))
    assert str(copy) == "The itinerary item i-1 does not exist."
    assert isinstance(str(copy), Message)
    assert str(copy).values == {"entity": "itinerary item", "id": "i-1"}


def test_a_message_with_dates_writes_them_in_english_and_keeps_the_dates() -> None:
    from concierge.store.validation import stop_problem
    from tests.travel.checks.support import make_stop, make_trip

    stop = make_stop("Kyoto", date(2026, 5, 7), date(2026, 5, 4))
    field, message = stop_problem(stop, make_trip()) or ("", "")
    assert field == "depart"
    assert message == "The departure from Kyoto (4 May 2026) is before the arrival (7 May 2026)."
    assert isinstance(message, Message)
    assert message.values["depart"] == date(2026, 5, 4)


def test_a_joined_message_reads_as_the_plain_join_and_keeps_its_parts() -> None:
    from concierge.text import QT_TRANSLATE_NOOP, joined

    first = QT_TRANSLATE_NOOP("Validation", "no decimals")
    second = QT_TRANSLATE_NOOP("Validation", "at most {units} decimals").format(units=2)
    both = joined("; ", [first, second, "{braces} stay"])
    assert both == "no decimals; at most 2 decimals; {braces} stay"
    assert isinstance(both, Message)
    assert list(both.values.values()) == [first, second, "{braces} stay"]
    assert joined(", ", [first]) is first


def test_an_import_refusal_lists_its_records_translatably() -> None:
    from concierge.store.import_queue import ImportRefused, RecordError

    refused = ImportRefused("trip.ics", [RecordError("event 3", "it ends before it starts")])
    assert str(refused) == (
        "trip.ics was not imported: 1 record cannot be read — event 3: it ends before it starts."
    )
    assert isinstance(str(refused), Message)


def test_every_pace_and_category_has_its_marked_label() -> None:
    from concierge.store import ExpenseCategory, Pace
    from concierge.store.choice_labels import CATEGORY_LABELS, PACE_LABELS

    assert [PACE_LABELS[pace] for pace in Pace] == [pace.value.capitalize() for pace in Pace]
    assert [CATEGORY_LABELS[c] for c in ExpenseCategory] == [
        c.value.capitalize() for c in ExpenseCategory
    ]
    assert all(isinstance(label, Translatable) for label in CATEGORY_LABELS.values())
