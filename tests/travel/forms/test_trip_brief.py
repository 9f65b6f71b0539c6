"""The shipped trip brief and the registry of shipped forms."""

from __future__ import annotations

import pytest

from concierge.travel.forms import (
    FORMS,
    TRIP_BRIEF,
    FormValueError,
    UnknownFormError,
    WidgetKind,
    form_by_id,
)


def test_registry_finds_the_trip_brief() -> None:
    assert form_by_id("trip-brief") is TRIP_BRIEF
    assert list(FORMS) == ["trip-brief"]
    with pytest.raises(UnknownFormError) as caught:
        form_by_id("trip-breif")
    assert str(caught.value) == "There is no form 'trip-breif'; the forms are trip-brief."
    assert caught.value.known == ("trip-brief",)


def test_steps_in_order() -> None:
    assert [(s.id, s.title, [f.name for f in s.fields]) for s in TRIP_BRIEF.steps] == [
        ("travellers", "Who is travelling", ["party", "ages"]),
        ("needs", "Needs", ["children", "accessibility", "diet", "diet_notes"]),
        ("stay", "Stay", ["accommodation"]),
        ("wishes", "Wishes", ["must_sees", "avoid"]),
    ]


def test_required_and_optional_fields() -> None:
    required = [f.name for f in TRIP_BRIEF.fields if f.required]
    optional = [f.name for f in TRIP_BRIEF.fields if not f.required]
    assert required == ["party", "ages", "accessibility", "diet", "accommodation"]
    assert optional == ["children", "diet_notes", "must_sees", "avoid"]
    conditional = {f.name: TRIP_BRIEF.explain_condition(f.name) for f in TRIP_BRIEF.fields}
    assert {name: text for name, text in conditional.items() if text} == {
        "children": "Travelling as is family or Ages has a value below 18",
    }


def test_every_field_has_a_label_help_and_widget() -> None:
    widgets = {f.name: f.widget for f in TRIP_BRIEF.fields}
    assert widgets == {
        "party": WidgetKind.CHOICE,
        "ages": WidgetKind.NUMBER_LIST,
        "children": WidgetKind.MULTILINE,
        "accessibility": WidgetKind.MULTILINE,
        "diet": WidgetKind.MULTI_CHOICE,
        "diet_notes": WidgetKind.MULTILINE,
        "accommodation": WidgetKind.CHOICE,
        "must_sees": WidgetKind.TEXT_LIST,
        "avoid": WidgetKind.TEXT_LIST,
    }
    assert all(f.help for f in TRIP_BRIEF.fields)
    assert TRIP_BRIEF.field("accommodation").choices == (
        "hotel",
        "apartment",
        "hostel",
        "guesthouse",
        "camping",
        "luxury",
        "no preference",
    )


def test_what_a_model_might_send_is_read() -> None:
    assert TRIP_BRIEF.parse("party", "Family") == "family"
    assert TRIP_BRIEF.parse("ages", "41, 39, 8 and 5".replace(" and", ",")) == [41, 39, 8, 5]
    assert TRIP_BRIEF.parse("diet", "Vegetarian, nut allergy") == ["vegetarian", "nut allergy"]
    assert TRIP_BRIEF.parse("accommodation", "No preference") == "no preference"
    assert TRIP_BRIEF.parse("must_sees", '["Louvre", "Orsay"]') == ["Louvre", "Orsay"]
    with pytest.raises(
        FormValueError,
        match=r"^Ages \(ages\) must be a list of whole numbers from 0 "
        r"to 120; got 'three' as item 2\.$",
    ):
        TRIP_BRIEF.parse("ages", "41, three")
    with pytest.raises(FormValueError, match=r"got -1 as item 1\.$"):
        TRIP_BRIEF.parse("ages", [-1])


def test_how_many_travel_is_the_trips_own_field_not_a_question() -> None:
    """The trip record holds the number of travellers; the brief must not ask it again."""
    assert "travellers" not in TRIP_BRIEF.names
