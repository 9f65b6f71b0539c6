"""The travel layer's text for the window (problem texts, item kinds, the brief's questions
and choices) is marked where it is declared and reads as the same English."""

from __future__ import annotations

from datetime import date, timedelta

from concierge.store import ItemKind
from concierge.text import Message, Translatable
from concierge.travel.checks import dates, lodging
from concierge.travel.forms.trip_brief import TRIP_BRIEF, choice_label
from concierge.travel.itinerary.item_kinds import field_label
from tests.travel.checks.support import found, item, make_trip, plan_of


def test_a_problem_text_is_english_with_its_template_and_short_days() -> None:
    early = item("Early", date(2026, 5, 1) - timedelta(1))
    (problem,) = found(dates.CHECKER, plan_of([early]))
    assert problem.message == "“Early” on 30 Apr is before the trip starts (1 May to 10 May)."
    assert isinstance(problem.message, Message)
    assert problem.message.template.context == "Problem"
    day = problem.message.values["day"]
    assert isinstance(day, Message) and day.values["month"].context == "Month"


def test_a_problem_with_a_detail_keeps_both_sentences_translatable() -> None:
    trip = make_trip(start_date=date(2026, 5, 1), end_date=date(2026, 5, 3))
    problems = found(lodging.CHECKER, plan_of([], trip))
    assert [p.text for p in problems] == ["No lodging for 2 nights, 1 May to 2 May."]
    assert isinstance(problems[0].text, Message)


def test_kind_labels_and_kind_specific_field_labels_are_marked() -> None:
    assert ItemKind.FERRY.label == "Ferry"
    assert isinstance(ItemKind.FERRY.label, Translatable)
    assert field_label(ItemKind.LODGING, "start_time") == "Check-in"
    assert isinstance(field_label(ItemKind.LODGING, "start_time"), Translatable)
    assert isinstance(field_label(ItemKind.FLIGHT, "start_time"), Translatable)


def test_the_brief_declares_its_questions_and_choice_labels_for_translation() -> None:
    field = TRIP_BRIEF.field("diet")
    assert field.label == "Dietary needs"
    assert isinstance(field.label, Translatable) and field.label.context == "TripBrief"
    assert isinstance(field.help, Translatable)
    assert choice_label("gluten-free") == "Gluten-free"
    assert isinstance(choice_label("gluten-free"), Translatable)
    assert choice_label("something new") == "Something new"
