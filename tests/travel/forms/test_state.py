"""Evaluating answers: which fields apply, what is missing, the open step, flagged answers."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.travel.forms import (
    TRIP_BRIEF,
    FormDefinition,
    FormField,
    FormStep,
    UnknownFieldError,
    answered,
    equals,
    evaluate,
    render_status,
)

COMPLETE: dict[str, Any] = {
    "party": "family",
    "ages": [41, 39, 8, 5],
    "children": "A cot",
    "accessibility": "none",
    "diet": ["vegetarian"],
    "accommodation": "apartment",
}


def test_nothing_answered() -> None:
    state = evaluate(TRIP_BRIEF, {})
    assert state.values == {}
    assert state.applicable == (
        "party",
        "ages",
        "accessibility",
        "diet",
        "diet_notes",
        "accommodation",
        "must_sees",
        "avoid",
    )
    assert state.missing == ("party", "ages", "accessibility", "diet", "accommodation")
    assert not state.complete
    assert state.open_step is state.steps[0]
    assert state.open_step.step.id == "travellers"
    assert state.open_step.missing == ("party", "ages")
    assert [s.number for s in state.steps] == [1, 2, 3, 4]


def test_open_step_moves_on_as_steps_fill() -> None:
    state = evaluate(TRIP_BRIEF, {"party": "solo", "ages": [30]})
    assert state.open_step is not None
    assert state.open_step.step.id == "needs"
    assert state.steps[0].complete
    assert state.steps[0].answered == ("party", "ages")
    state = evaluate(TRIP_BRIEF, {**COMPLETE, "accommodation": None})
    assert state.open_step is not None
    assert state.open_step.step.id == "stay"
    assert state.missing == ("accommodation",)


def test_complete_when_every_required_applicable_field_is_answered() -> None:
    state = evaluate(TRIP_BRIEF, COMPLETE)
    assert state.complete
    assert state.open_step is None
    assert state.missing == ()
    assert list(state.values) == list(COMPLETE)  # form order
    text = render_status(state)
    assert text is not None and text.startswith("Form 'Trip brief' (trip-brief) — complete.")


def test_a_field_appears_when_its_condition_holds() -> None:
    before = evaluate(TRIP_BRIEF, {"party": "couple", "ages": [30, 31]})
    assert not before.applies("children")
    after = evaluate(TRIP_BRIEF, {"party": "friends", "ages": [30, 31, 12]})
    assert after.applies("children")  # a child among the ages
    assert "children" not in after.missing  # optional


def test_an_answer_that_no_longer_applies_is_kept_and_flagged() -> None:
    answers = {**COMPLETE, "party": "couple", "ages": [41, 39]}
    state = evaluate(TRIP_BRIEF, answers)
    assert dict(state.not_applicable) == {"children": "A cot"}
    assert "children" not in state.values
    assert state.complete
    assert answers["children"] == "A cot"  # the caller's answers are untouched
    back = evaluate(TRIP_BRIEF, {**answers, "party": "family"})
    assert back.values["children"] == "A cot"
    assert back.not_applicable == {}


def test_conditions_read_only_answers_that_count() -> None:
    chain = FormDefinition(
        "chain",
        "Chain",
        [
            FormStep(
                "only",
                "Only",
                [
                    FormField("car", "Car", bool, required=True),
                    FormField("seats", "Seats", int, required=True, condition=equals("car", True)),
                    FormField("make", "Make", str, required=True, condition=answered("seats")),
                ],
            )
        ],
    )
    with_car = evaluate(chain, {"car": "yes", "seats": 5})
    assert with_car.applicable == ("car", "seats", "make")
    assert with_car.missing == ("make",)
    without = evaluate(chain, {"car": False, "seats": 5, "make": "Fiat"})
    assert without.applicable == ("car",)
    assert dict(without.not_applicable) == {"seats": 5, "make": "Fiat"}
    assert without.complete


def test_answers_that_no_longer_fit_are_flagged_and_missing() -> None:
    state = evaluate(TRIP_BRIEF, {**COMPLETE, "accommodation": "castle", "ages": [41, 39, 8, 5]})
    assert dict(state.invalid) == {
        "accommodation": "Accommodation style (accommodation) must be one of: hotel, apartment, "
        "hostel, guesthouse, camping, luxury, no preference; got 'castle'."
    }
    assert "accommodation" not in state.values
    assert state.missing == ("accommodation",)


def test_an_invalid_answer_does_not_satisfy_conditions() -> None:
    state = evaluate(TRIP_BRIEF, {"party": "family", "ages": ["baby"]})
    assert "ages" in state.invalid
    assert state.applies("children")  # through party = family
    state = evaluate(TRIP_BRIEF, {"party": "couple", "ages": ["baby", 3]})
    assert not state.applies("children")


def test_unknown_and_none_answers() -> None:
    state = evaluate(TRIP_BRIEF, {"zeta": 1, "pets": ["dog"], "party": None})
    assert dict(state.unknown) == {"pets": ["dog"], "zeta": 1}
    assert list(state.unknown) == ["pets", "zeta"]
    assert "party" in state.missing
    assert state.invalid == {}
    with pytest.raises(UnknownFieldError):
        state.applies("pets")


def test_stored_values_are_read_as_parse_reads_them() -> None:
    state = evaluate(TRIP_BRIEF, {"party": "Family", "ages": "41, 8"})
    assert state.values == {"party": "family", "ages": [41, 8]}


POOL: dict[str, list[object]] = {
    "party": ["solo", "couple", "family", "friends", "group", "pirates"],
    "ages": [[30], [41, 39, 8], [], ["x"]],
    "children": ["A cot"],
    "accessibility": ["none", "Step-free access"],
    "diet": [["none"], ["vegan", "nut allergy"], ["paleo"]],
    "diet_notes": ["No shellfish"],
    "accommodation": ["hotel", "no preference", "castle"],
    "must_sees": [["Louvre"], []],
    "avoid": [["crowds"]],
    "retired_field": ["kept"],
}
ANSWERS = st.fixed_dictionaries(
    {}, optional={name: st.sampled_from(values) for name, values in POOL.items()}
)


@given(ANSWERS, st.randoms(use_true_random=False))
def test_evaluation_is_deterministic_and_order_free(answers: dict[str, Any], rng: Any) -> None:
    items = list(answers.items())
    rng.shuffle(items)
    first, second = evaluate(TRIP_BRIEF, answers), evaluate(TRIP_BRIEF, dict(items))
    assert first == second
    assert render_status(first) == render_status(second)
    assert render_status(first) == render_status(evaluate(TRIP_BRIEF, answers))


@given(ANSWERS)
def test_state_invariants(answers: dict[str, Any]) -> None:
    state = evaluate(TRIP_BRIEF, answers)
    applicable = set(state.applicable)
    assert set(state.missing) <= applicable
    assert all(TRIP_BRIEF.field(name).required for name in state.missing)
    assert set(state.values) <= applicable
    assert set(state.missing).isdisjoint(state.values)
    assert set(state.invalid) <= applicable
    assert applicable.isdisjoint(state.not_applicable)
    kept = set(state.values) | set(state.invalid) | set(state.not_applicable) | set(state.unknown)
    assert kept == {name for name, value in answers.items() if value is not None}  # none lost
    assert (
        state.complete
        == (not state.missing)
        == ("still missing" not in (render_status(state) or ""))
    )
    if state.open_step is not None:
        assert state.open_step.missing
        assert all(step.complete for step in state.steps[: state.open_step.number - 1])


def test_step_states_partition_the_fields() -> None:
    state = evaluate(TRIP_BRIEF, {"party": "group", "ages": [20, 30]})
    assert [s.applicable for s in state.steps] == [
        ("party", "ages"),
        ("accessibility", "diet", "diet_notes"),
        ("accommodation",),
        ("must_sees", "avoid"),
    ]
    assert [s.missing for s in state.steps] == [
        (),
        ("accessibility", "diet"),
        ("accommodation",),
        (),
    ]


def test_a_one_value_literal_is_a_choice() -> None:
    definition = FormDefinition(
        "tiny", "Tiny", [FormStep("s", "S", [FormField("x", "X", Literal["a"], required=True)])]
    )
    assert evaluate(definition, {"x": "A"}).complete
