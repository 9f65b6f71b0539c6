"""Reading raw answers into values: every kind, the lenient raw forms, and the error messages."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Field

from concierge.travel.forms import (
    FormField,
    FormValueError,
    UnknownFieldError,
    WidgetKind,
    widget_for,
)
from concierge.travel.forms.trip_brief import TRIP_BRIEF

Age = Annotated[int, Field(ge=0, le=120)]


class Pace(StrEnum):
    SLOW = "slow"
    BUSY = "busy"


FIELDS: dict[str, FormField] = {
    f.name: f
    for f in [
        FormField("title", "Title", str),
        FormField("notes", "Notes", Annotated[str, Field(max_length=20)], multiline=True),
        FormField("count", "Count", Annotated[int, Field(ge=1, le=50)]),
        FormField("budget", "Budget", Annotated[float, Field(gt=0)]),
        FormField("car", "Has a car", bool),
        FormField("stay", "Stay", Literal["hotel", "no preference", "Gîte"]),
        FormField("pace", "Pace", Pace),
        FormField("sights", "Sights", list[str]),
        FormField("ages", "Ages", list[Age]),
        FormField("weights", "Weights", Annotated[list[float], Field(min_length=1)]),
        FormField("diet", "Diet", list[Literal["vegan", "gluten-free", "none"]]),
        FormField("paces", "Paces", Annotated[list[Pace], Field(max_length=2)]),
    ]
}


def parse(name: str, raw: object) -> Any:
    return FIELDS[name].parse(raw)


def error(name: str, raw: object) -> str:
    with pytest.raises(FormValueError) as caught:
        FIELDS[name].parse(raw)
    assert caught.value.field == name
    return str(caught.value)


@pytest.mark.parametrize(
    ("name", "raw", "value"),
    [
        ("title", "  Lisbon in May \n", "Lisbon in May"),
        ("notes", "line one\nline two", "line one\nline two"),
        ("count", 4, 4),
        ("count", 4.0, 4),
        ("count", " +4 ", 4),
        ("budget", 12, 12.0),
        ("budget", "1234.5", 1234.5),
        ("budget", "1e3", 1000.0),
        ("car", True, True),
        ("car", "Yes", True),
        ("car", " n ", False),
        ("car", "OFF", False),
        ("car", "1", True),
        ("car", 0, False),
        ("stay", "Hotel", "hotel"),
        ("stay", "No-Preference", "no preference"),
        ("stay", "gite", "Gîte"),
        ("pace", "SLOW", "slow"),
        (
            "sights",
            "Louvre, Musée d'Orsay;  Sainte  Chapelle ",
            ["Louvre", "Musée d'Orsay", "Sainte Chapelle"],
        ),
        ("sights", "Musée d'Orsay, Paris\nLouvre\n\n", ["Musée d'Orsay, Paris", "Louvre"]),
        ("sights", '["a, b", "c"]', ["a, b", "c"]),
        ("sights", "[Louvre, Orsay]", ["Louvre", "Orsay"]),
        ("sights", ["Louvre", " ", "louvre", "LOUVRE ", "Orsay"], ["Louvre", "Orsay"]),
        ("sights", "Louvre", ["Louvre"]),
        ("sights", [], []),
        ("sights", "[]", []),
        ("ages", "41, 39, 8, 8", [41, 39, 8, 8]),
        ("ages", "41 39\n8", [41, 39, 8]),
        ("ages", 34, [34]),
        ("ages", ["41", 39.0], [41, 39]),
        ("ages", "[41, 39]", [41, 39]),
        ("weights", "2.5; 3", [2.5, 3.0]),
        ("diet", "Vegan, gluten free, vegan", ["vegan", "gluten-free"]),
        ("diet", "none\nvegan", ["none", "vegan"]),
        ("diet", ("vegan",), ["vegan"]),
        ("paces", "Slow, BUSY", ["slow", "busy"]),
    ],
)
def test_raw_forms_are_read(name: str, raw: object, value: object) -> None:
    assert parse(name, raw) == value
    assert json.loads(json.dumps(value)) == value


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [
        (
            "ages",
            "34, three",
            "Ages (ages) must be a list of whole numbers from 0 to 120; got 'three' as item 2.",
        ),
        (
            "ages",
            [41, 300],
            "Ages (ages) must be a list of whole numbers from 0 to 120; got 300 as item 2.",
        ),
        (
            "ages",
            [41, True],
            "Ages (ages) must be a list of whole numbers from 0 to 120; got True as item 2.",
        ),
        (
            "ages",
            [41, 3.5],
            "Ages (ages) must be a list of whole numbers from 0 to 120; got 3.5 as item 2.",
        ),
        (
            "ages",
            {"a": 1},
            "Ages (ages) must be a list of whole numbers from 0 to 120; got {'a': 1}.",
        ),
        ("count", "many", "Count (count) must be a whole number from 1 to 50; got 'many'."),
        ("count", 0, "Count (count) must be a whole number from 1 to 50; got 0."),
        ("count", True, "Count (count) must be a whole number from 1 to 50; got True."),
        ("count", "1_000", "Count (count) must be a whole number from 1 to 50; got '1_000'."),
        (
            "count",
            "9" * 5000,
            f"Count (count) must be a whole number from 1 to 50; got '{'9' * 50}'… "
            "(5000 characters).",
        ),
        ("budget", 0, "Budget (budget) must be a number above 0; got 0.0."),
        ("budget", "nan", "Budget (budget) must be a number above 0; got 'nan'."),
        ("budget", float("inf"), "Budget (budget) must be a number above 0; got inf."),
        ("car", "maybe", "Has a car (car) must be yes or no; got 'maybe'."),
        ("car", 2, "Has a car (car) must be yes or no; got 2."),
        ("stay", "castle", "Stay (stay) must be one of: hotel, no preference, Gîte; got 'castle'."),
        ("pace", "fast", "Pace (pace) must be one of: slow, busy; got 'fast'."),
        ("title", 5, "Title (title) must be text; got 5."),
        (
            "title",
            "   ",
            "Title (title) must be text; got blank text — to clear an answer, retract it.",
        ),
        (
            "title",
            None,
            "Title (title) must be text; got nothing — to clear an answer, retract it.",
        ),
        (
            "sights",
            "",
            "Sights (sights) must be a list of text items; got blank text — to clear an answer, "
            "retract it.",
        ),
        (
            "sights",
            ["a", None],
            "Sights (sights) must be a list of text items; got nothing as item 2 — to clear an "
            "answer, retract it.",
        ),
        (
            "notes",
            "x" * 70,
            "Notes (notes) must be text of at most 20 characters; got "
            f"'{'x' * 50}'… (70 characters).",
        ),
        ("weights", [], "Weights (weights) must be a non-empty list of numbers; got 0 items."),
        (
            "diet",
            "vegan, paleo",
            "Diet (diet) must be a list of choices from: vegan, gluten-free, none; got 'paleo' "
            "as item 2.",
        ),
    ],
)
def test_bad_raw_values_say_what_is_expected(name: str, raw: object, message: str) -> None:
    assert error(name, raw) == message


def test_unknown_field_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownFieldError) as caught:
        TRIP_BRIEF.parse("dietary", ["vegan"])
    assert str(caught.value) == (
        "The form 'Trip brief' has no field 'dietary'; its fields are party, ages, "
        "children, accessibility, diet, diet_notes, accommodation, must_sees, avoid."
    )
    assert caught.value.field == "dietary"
    assert "diet" in caught.value.known


@pytest.mark.parametrize(
    ("name", "widget"),
    [
        ("title", WidgetKind.TEXT),
        ("notes", WidgetKind.MULTILINE),
        ("count", WidgetKind.NUMBER),
        ("budget", WidgetKind.NUMBER),
        ("car", WidgetKind.YES_NO),
        ("stay", WidgetKind.CHOICE),
        ("pace", WidgetKind.CHOICE),
        ("sights", WidgetKind.TEXT_LIST),
        ("ages", WidgetKind.NUMBER_LIST),
        ("weights", WidgetKind.NUMBER_LIST),
        ("diet", WidgetKind.MULTI_CHOICE),
        ("paces", WidgetKind.MULTI_CHOICE),
    ],
)
def test_widget_kind_fits_the_type(name: str, widget: WidgetKind) -> None:
    assert widget_for(FIELDS[name]) is widget
    assert FIELDS[name].widget is widget


def test_choices_and_json_schema() -> None:
    assert FIELDS["diet"].choices == ("vegan", "gluten-free", "none")
    assert FIELDS["stay"].choices == ("hotel", "no preference", "Gîte")
    assert FIELDS["ages"].choices == ()
    assert TRIP_BRIEF.json_schema("ages") == {
        "description": "One age per traveller, in years; 0 for a baby.",
        "items": {"maximum": 120, "minimum": 0, "type": "integer"},
        "title": "Ages",
        "type": "array",
    }
    assert FIELDS["diet"].json_schema == {
        "items": {"enum": ["vegan", "gluten-free", "none"], "type": "string"},
        "title": "Diet",
        "type": "array",
    }
    assert FIELDS["paces"].json_schema == {
        "items": {"enum": ["slow", "busy"], "title": "Pace", "type": "string"},
        "maxItems": 2,
        "title": "Paces",
        "type": "array",
    }
    assert FIELDS["paces"].expected == "a list of at most 2 choices from: slow, busy"
    schema = FIELDS["count"].json_schema
    schema["title"] = "changed"
    assert FIELDS["count"].json_schema["title"] == "Count"  # a fresh copy each time


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        ("car", True, "yes"),
        ("budget", 2.5, "2.5"),
        ("count", 4, "4"),
        ("ages", [41, 8], "41, 8"),
        ("diet", ["vegan", "none"], "vegan, none"),
        ("sights", ["Louvre", "Orsay"], "Louvre\nOrsay"),
        ("sights", ["Musée d'Orsay, Paris"], "Musée d'Orsay, Paris\n"),
        ("sights", ["[draft]"], "[draft]\n"),
        ("sights", [], "[]"),
    ],
)
def test_to_text_is_what_a_person_would_type(name: str, value: object, text: str) -> None:
    assert FIELDS[name].to_text(value) == text
    assert FIELDS[name].parse(text) == value


# Canonical values of each field: what `parse` returns.
_TEXT = st.text(min_size=1).map(str.strip).filter(bool)
_ITEM = st.text(min_size=1).map(lambda s: " ".join(s.split())).filter(bool)
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "title": _TEXT,
    "notes": _TEXT.filter(lambda s: len(s) <= 20),
    "count": st.integers(1, 50),
    "budget": st.floats(min_value=0, exclude_min=True, allow_infinity=False),
    "car": st.booleans(),
    "stay": st.sampled_from(FIELDS["stay"].choices),
    "pace": st.sampled_from(FIELDS["pace"].choices),
    "sights": st.lists(_ITEM, unique_by=str.casefold),
    "ages": st.lists(st.integers(0, 120)),
    "weights": st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1),
    "diet": st.lists(st.sampled_from(FIELDS["diet"].choices), unique=True),
    "paces": st.lists(st.sampled_from(FIELDS["paces"].choices), unique=True, max_size=2),
}


@given(st.sampled_from(sorted(VALUES)).flatmap(lambda n: st.tuples(st.just(n), VALUES[n])))
def test_canonical_values_survive_json_and_text(case: tuple[str, Any]) -> None:
    name, value = case
    field = FIELDS[name]
    assert field.parse(value) == value
    assert field.parse(json.loads(json.dumps(value))) == value
    assert field.parse(field.to_text(value)) == value


@given(st.sampled_from(sorted(FIELDS)), st.one_of(st.text(), st.lists(st.text(max_size=5))))
def test_parsing_is_idempotent_on_anything_accepted(name: str, raw: object) -> None:
    field = FIELDS[name]
    try:
        value = field.parse(raw)
    except FormValueError as problem:
        message = str(problem)
    else:
        assert field.parse(value) == value
        assert field.parse(field.to_text(value)) == value
        return
    assert message.startswith(f"{field.label} ({name}) must be {field.expected}; ")
