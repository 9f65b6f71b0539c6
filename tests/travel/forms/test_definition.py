"""Definitions are checked when built, and conditions are data that explain and serialize."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Field, JsonValue

from concierge.travel.forms import (
    Condition,
    FormDefinition,
    FormDefinitionError,
    FormField,
    FormStep,
    all_of,
    answered,
    any_of,
    below,
    condition_from_json,
    contains,
    equals,
    not_,
    one_of,
)

Party = Literal["solo", "family"]


def form(*fields: FormField, more: tuple[FormStep, ...] = ()) -> FormDefinition:
    return FormDefinition("test-form", "Test", [FormStep("one", "One", list(fields)), *more])


PARTY = FormField("party", "Travelling as", Party)
AGES = FormField("ages", "Ages", list[Annotated[int, Field(ge=0, le=120)]])
DIET = FormField("diet", "Diet", list[Literal["vegan", "none"]])


def refused(build: Callable[[], object], message: str) -> None:
    with pytest.raises(FormDefinitionError, match=re.escape(message)):
        build()


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: FormDefinition("Trip Brief", "T", [FormStep("s", "S", [PARTY])]),
            "A form id is lowercase words joined by hyphens, like 'trip-brief'; got 'Trip Brief'.",
        ),
        (
            lambda: FormDefinition("f", " ", [FormStep("s", "S", [PARTY])]),
            "The form 'f' needs a title.",
        ),
        (lambda: FormDefinition("f", "F", []), "The form 'f' has no steps."),
        (lambda: FormStep("s", "S", []), "The step 's' has no fields."),
        (lambda: FormStep("s", "", [PARTY]), "The step 's' needs a title."),
        (lambda: FormStep("s", "S", ["party"]), "The step 's' holds FormFields, not 'party'."),  # type: ignore[list-item]
        (
            lambda: form(PARTY, more=(FormStep("one", "Again", [AGES]),)),
            "The form 'test-form' has two steps 'one'.",
        ),
        (
            lambda: form(PARTY, more=(FormStep("two", "Two", [FormField("party", "Who", str)]),)),
            "The form 'test-form' has two fields named 'party' (in the steps 'one' and 'two').",
        ),
        (
            lambda: form(PARTY, FormField("who", " travelling  AS", str)),
            "The fields 'party' and 'who' of the form 'test-form' have the same label",
        ),
        (
            lambda: FormField("Must-sees", "Must-sees", list[str]),
            "A field name is lowercase letters, digits and '_', starting with a letter, like "
            "'must_sees'; got 'Must-sees'.",
        ),
        (lambda: FormField("x", "  ", str), "The field 'x' needs a label."),
        (
            lambda: FormField("x", "X", dict[str, int]),
            "The field 'x' has the value type dict[str, int], which forms do not support",
        ),
        (lambda: FormField("x", "X", int | None), "which forms do not support (its JSON schema is"),
        (lambda: FormField("x", "X", list[list[int]]), "(lists of lists are not supported)"),
        (lambda: FormField("x", "X", list[bool]), "(a list of yes/no answers has no sensible"),
        (lambda: FormField("x", "X", set[str]), "(uniqueItems cannot be described to the person)"),
        (
            lambda: FormField("x", "X", Annotated[str, Field(pattern="^a")]),
            "(pattern cannot be described to the person)",
        ),
        (lambda: FormField("x", "X", Literal[1, 2]), "(choices must be text (got [1, 2]))"),
        (lambda: FormField("x", "X", Literal["a, b"]), "contains a comma, semicolon or line break"),
        (lambda: FormField("x", "X", Literal["Gluten-free", "gluten free"]), "read the same"),
        (lambda: FormField("x", "X", object), "which forms do not support"),
        (lambda: FormField("x", "X", int, multiline=True), "only text fields can be"),
        (
            lambda: FormField("x", "X", str, condition=lambda a: True),  # type: ignore[arg-type]
            "The condition of field 'x' must be a Condition (answered(), equals(), …)",
        ),
        (
            lambda: form(
                PARTY, FormField("kids", "Kids", str, condition=equals("partey", "family"))
            ),
            "The condition of the field 'kids' in the form 'test-form' refers to 'partey', which "
            "is not a field of the form; its fields are party, kids.",
        ),
        (
            lambda: form(FormField("kids", "Kids", str, condition=answered("party")), PARTY),
            "The condition of the field 'kids' in the form 'test-form' refers to 'party', which "
            "comes after it; a condition may only read fields that come before it.",
        ),
        (
            lambda: form(FormField("kids", "Kids", str, condition=answered("kids"))),
            "The condition of the field 'kids' in the form 'test-form' refers to the field itself.",
        ),
        (
            lambda: form(
                PARTY, FormField("kids", "Kids", str, condition=equals("party", "Family"))
            ),
            "The condition of the field 'kids' in the form 'test-form' (Travelling as is Family) "
            "cannot hold: 'Family' is not a possible answer.",
        ),
        (
            lambda: form(
                PARTY, FormField("kids", "Kids", str, condition=contains("party", "family"))
            ),
            "cannot hold: 'party' holds a single value; use equals().",
        ),
        (
            lambda: form(DIET, FormField("kids", "Kids", str, condition=equals("diet", "vegan"))),
            "cannot hold: 'diet' holds a list; use contains() to test an item.",
        ),
        (
            lambda: form(DIET, FormField("kids", "Kids", str, condition=contains("diet", "paleo"))),
            "cannot hold: 'paleo' is not a possible answer.",
        ),
        (
            lambda: form(DIET, FormField("kids", "Kids", str, condition=below("diet", 3))),
            "cannot hold: 'diet' holds no numbers.",
        ),
        (
            lambda: form(
                PARTY, FormField("k", "K", str, condition=not_(one_of("party", "solo", 3)))
            ),
            "cannot hold: 3 is not a possible answer.",
        ),
        (lambda: all_of(), "all_of() needs at least one condition."),
        (lambda: any_of(answered("a"), "b"), "any_of() takes conditions, not 'b'."),  # type: ignore[arg-type]
        (lambda: one_of("party"), "one_of('party') needs at least one value."),
        (lambda: equals("party", ["a"]), "A condition compares with text, a number or yes/no"),  # type: ignore[arg-type]
        (lambda: below("ages", "18"), "below('ages') needs a number as its limit, not '18'."),  # type: ignore[arg-type]
        (lambda: answered(""), "A condition names a field by its name, not ''."),
    ],
)
def test_bad_definitions_are_refused_with_a_clear_message(
    build: Callable[[], object], message: str
) -> None:
    refused(build, message)


def test_a_valid_definition_exposes_its_fields_in_order() -> None:
    kids = FormField(
        "kids", "Kids", str, condition=any_of(equals("party", "family"), below("ages", 18))
    )
    definition = form(PARTY, AGES, more=(FormStep("two", "Two", [kids, DIET]),))
    assert definition.names == ("party", "ages", "kids", "diet")
    assert [f.name for f in definition.fields] == list(definition.names)
    assert dict(definition.labels) == {
        "party": "Travelling as",
        "ages": "Ages",
        "kids": "Kids",
        "diet": "Diet",
    }
    assert definition.field("kids") is kids
    assert definition.step_of("kids").id == "two"
    assert definition.explain_condition("party") is None
    assert (
        definition.explain_condition("kids")
        == "Travelling as is family or Ages has a value below 18"
    )
    assert definition.describe_field("kids") == (
        "kids (Kids): text; optional; only when Travelling as is family or Ages has a value "
        "below 18."
    )


CONDITIONS: list[Condition] = [
    answered("party"),
    equals("party", "family"),
    one_of("party", "solo", "family"),
    contains("diet", "vegan"),
    below("ages", 18),
    below("ages", 2.5),
    all_of(answered("party"), not_(equals("party", "solo"))),
    any_of(all_of(answered("ages"), below("ages", 18)), contains("diet", "none")),
    equals("car", True),
]


@pytest.mark.parametrize("condition", CONDITIONS)
def test_conditions_round_trip_through_json(condition: Condition) -> None:
    data = json.loads(json.dumps(condition.to_json()))
    assert condition_from_json(data) == condition


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("answered", "A condition must be an object with an 'op'; got 'answered'."),
        ({"op": "maybe"}, "Unknown condition op 'maybe'; the ops are answered, equals, one_of"),
        (
            {"op": "equals", "field": "party"},
            "The equals condition {'op': 'equals', 'field': 'party'} is malformed: "
            "KeyError('value').",
        ),
        (
            {"op": "not", "condition": {"op": "answered", "field": 3}},
            "A condition names a field by its name, not 3.",
        ),
    ],
)
def test_malformed_condition_json_is_refused(data: object, message: str) -> None:
    refused(lambda: condition_from_json(data), message)


@pytest.mark.parametrize(
    ("condition", "text"),
    [
        (answered("party"), "Travelling as is answered"),
        (one_of("party", "solo", "couple", "family"), "Travelling as is solo, couple or family"),
        (contains("diet", "vegan"), "Diet includes vegan"),
        (equals("car", False), "car is no"),
        (below("ages", 2.0), "Ages has a value below 2"),
        (
            all_of(any_of(answered("ages"), answered("diet")), not_(equals("party", "solo"))),
            "(Ages is answered or Diet is answered) and not (Travelling as is solo)",
        ),
    ],
)
def test_conditions_explain_themselves_with_labels(condition: Condition, text: str) -> None:
    labels = {"party": "Travelling as", "ages": "Ages", "diet": "Diet"}
    assert condition.describe(labels) == text


@pytest.mark.parametrize(
    ("condition", "answers", "holds"),
    [
        (answered("party"), {}, False),
        (answered("party"), {"party": "solo"}, True),
        (equals("party", "family"), {"party": "family"}, True),
        (equals("party", "family"), {"party": "solo"}, False),
        (equals("n", 1), {"n": True}, False),
        (equals("car", True), {"car": 1}, False),
        (contains("diet", "vegan"), {"diet": ["none", "vegan"]}, True),
        (contains("diet", "vegan"), {"diet": "vegan"}, False),
        (below("ages", 18), {"ages": [41, 17]}, True),
        (below("ages", 18), {"ages": [41, 18]}, False),
        (below("ages", 18), {"ages": []}, False),
        (below("n", 3), {"n": 2}, True),
        (below("n", 3), {"n": True}, False),
        (not_(answered("party")), {}, True),
        (any_of(equals("party", "family"), below("ages", 18)), {"ages": [9]}, True),
        (all_of(equals("party", "family"), below("ages", 18)), {"ages": [9]}, False),
    ],
)
def test_conditions_hold(condition: Condition, answers: dict[str, Any], holds: bool) -> None:
    assert condition.holds(answers) is holds


@given(st.lists(st.sampled_from(CONDITIONS), min_size=1, max_size=4))
def test_composites_follow_boolean_logic(parts: list[Condition]) -> None:
    answers: dict[str, JsonValue] = {"party": "family", "ages": [40, 7], "diet": ["none"]}
    assert all_of(*parts).holds(answers) == all(p.holds(answers) for p in parts)
    assert any_of(*parts).holds(answers) == any(p.holds(answers) for p in parts)
    assert not_(any_of(*parts)).holds(answers) != any(p.holds(answers) for p in parts)
