"""Form answers: an event history per field (set, revise, retract), current answers derived
from it, no-ops that write nothing, completion, and clear errors that write nothing."""

from __future__ import annotations

import math

import pytest

from concierge.store import (
    Action,
    Actor,
    AnswerAction,
    Change,
    ChangeBus,
    ChangeContext,
    Database,
    EntityKind,
    FormAnswerRepository,
    InvalidChangeError,
    RecordNotFoundError,
    TripRepository,
)
from tests.store.support import log_rows, logged

BRIEF = "trip-brief"


async def test_set_revise_and_retract_make_a_history_and_a_current_answer(
    trips: TripRepository, forms: FormAnswerRepository
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    assistant = ChangeContext(Actor.ASSISTANT, "Assistant: fill_brief")

    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=assistant)
    await forms.set_answer(trip.id, BRIEF, "ages", [34, 36])
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian")
    await forms.retract(trip.id, BRIEF, "ages")

    assert await forms.answers(trip.id, BRIEF) == {"diet": "vegetarian"}
    history = await forms.history(trip.id, BRIEF)
    assert [(e.field, e.action, e.value, e.actor) for e in history] == [
        ("diet", AnswerAction.SET, "vegan", Actor.ASSISTANT),
        ("ages", AnswerAction.SET, [34, 36], Actor.PERSON),
        ("diet", AnswerAction.REVISE, "vegetarian", Actor.PERSON),
        ("ages", AnswerAction.RETRACT, None, Actor.PERSON),
    ]
    assert [e.id for e in history] == sorted(e.id for e in history)
    diet = await forms.history(trip.id, BRIEF, "diet")
    assert [e.value for e in diet] == ["vegan", "vegetarian"]

    # Answering a retracted field again is a set, not a revise.
    again = (await forms.set_answer(trip.id, BRIEF, "ages", [34])).record
    assert again is not None
    assert again.action is AnswerAction.SET


async def test_answers_are_per_trip_and_per_form(
    trips: TripRepository, forms: FormAnswerRepository
) -> None:
    porto = (await trips.create({"title": "Porto"})).record
    lisbon = (await trips.create({"title": "Lisbon"})).record
    await forms.set_answer(porto.id, BRIEF, "diet", "vegan")
    await forms.set_answer(lisbon.id, BRIEF, "diet", "none")
    await forms.set_answer(porto.id, "packing", "diet", "snacks")
    assert await forms.answers(porto.id, BRIEF) == {"diet": "vegan"}
    assert await forms.answers(lisbon.id, BRIEF) == {"diet": "none"}
    assert await forms.answers(porto.id, "packing") == {"diet": "snacks"}
    assert [i.form_id for i in await forms.instances(porto.id)] == ["packing", BRIEF]
    assert await forms.answers(porto.id, "unknown-form") == {}
    assert await forms.instance(porto.id, "unknown-form") is None
    assert await forms.history(porto.id, "unknown-form") == []


async def test_json_values_come_back_as_they_went_in(
    trips: TripRepository, forms: FormAnswerRepository
) -> None:
    trip = (await trips.create()).record
    values = {
        "text": "Pastéis de nata, “please”",
        "count": 2,
        "ratio": 2.0,
        "yes": True,
        "list": ["a", 1, None],
        "object": {"b": [1, 2], "a": {"c": None}},
    }
    await forms.apply(trip.id, BRIEF, values)
    stored = await forms.answers(trip.id, BRIEF)
    assert stored == values
    assert isinstance(stored["ratio"], float)
    assert isinstance(stored["count"], int)
    assert stored["yes"] is True


async def test_the_same_value_again_writes_and_announces_nothing(
    trips: TripRepository, forms: FormAnswerRepository, bus: ChangeBus, database: Database
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "must_see", {"b": 2, "a": ["x"]})
    rows = len(log_rows(database))
    heard: list[Change] = []
    bus.subscribe(heard.append)

    assert (await forms.set_answer(trip.id, BRIEF, "must_see", {"a": ["x"], "b": 2})).record is None
    assert (await forms.retract(trip.id, BRIEF, "never_answered")).record is None
    assert (await forms.apply(trip.id, BRIEF, {"must_see": {"a": ["x"], "b": 2}})).record == []

    assert heard == []
    assert len(log_rows(database)) == rows
    assert len(await forms.history(trip.id, BRIEF)) == 1


async def test_retracting_on_an_untouched_form_creates_nothing(
    trips: TripRepository, forms: FormAnswerRepository, database: Database
) -> None:
    trip = (await trips.create()).record
    rows = len(log_rows(database))
    assert (await forms.retract(trip.id, BRIEF, "diet")).record is None
    assert await forms.instance(trip.id, BRIEF) is None
    assert len(log_rows(database)) == rows


async def test_a_change_is_logged_and_announced_with_the_forms_field_names(
    trips: TripRepository, forms: FormAnswerRepository, bus: ChangeBus, database: Database
) -> None:
    trip = (await trips.create()).record
    heard: list[Change] = []
    bus.subscribe(heard.append)
    context = ChangeContext(Actor.ASSISTANT, "Assistant: fill_brief")

    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=context)
    await forms.apply(trip.id, BRIEF, {"diet": "vegetarian", "ages": [7]}, context=context)
    await forms.retract(trip.id, BRIEF, "diet", context=context)

    instance = await forms.instance(trip.id, BRIEF)
    assert instance is not None
    answers = [c for c in heard if c.entity is EntityKind.FORM_ANSWER]
    assert [(c.entity_id, c.trip_id, c.action, c.fields) for c in answers] == [
        (instance.id, trip.id, Action.UPDATE, {"diet"}),
        (instance.id, trip.id, Action.UPDATE, {"diet", "ages"}),
        (instance.id, trip.id, Action.UPDATE, {"diet"}),
    ]
    assert [(c.entity, c.action) for c in heard if c.entity is EntityKind.FORM] == [
        (EntityKind.FORM, Action.CREATE)
    ]
    assert all(c.actor is Actor.ASSISTANT and c.group_id == context.group_id for c in heard)
    answer_rows = [logged(r) for r in log_rows(database) if r.entity == "form_answer"]
    assert [(before, after) for _, _, before, after in answer_rows] == [
        ({"diet": None}, {"diet": "vegan"}),
        ({"ages": None, "diet": "vegan"}, {"ages": [7], "diet": "vegetarian"}),
        ({"diet": "vegetarian"}, {"diet": None}),
    ]


async def test_default_labels_name_what_changed(
    trips: TripRepository, forms: FormAnswerRepository, database: Database
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian")
    await forms.retract(trip.id, BRIEF, "diet")
    await forms.apply(trip.id, BRIEF, {"diet": "fish", "ages": [3]})
    await forms.mark_completed(trip.id, BRIEF)
    labels = [row.label for row in log_rows(database) if row.entity.startswith("form")]
    assert labels == [
        "Answer “diet” in trip-brief",  # the instance, created by the first answer
        "Answer “diet” in trip-brief",
        "Change “diet” in trip-brief",
        "Clear “diet” in trip-brief",
        "Edit trip-brief: diet, ages",
        "Mark trip-brief complete",
    ]


async def test_mark_completed_keeps_the_first_completion(
    trips: TripRepository, forms: FormAnswerRepository, database: Database
) -> None:
    trip = (await trips.create()).record
    assert (await forms.mark_completed(trip.id, BRIEF, False)).record is None
    assert await forms.instance(trip.id, BRIEF) is None

    done = (await forms.mark_completed(trip.id, BRIEF)).record
    assert done is not None
    assert done.completed
    assert done.completed_at is not None
    rows = len(log_rows(database))
    assert (await forms.mark_completed(trip.id, BRIEF)).record == done
    assert len(log_rows(database)) == rows

    reopened = (await forms.mark_completed(trip.id, BRIEF, False)).record
    assert reopened is not None
    assert not reopened.completed
    state = await forms.state(trip.id, BRIEF)
    assert state.instance == reopened
    assert not state.completed


@pytest.mark.parametrize(
    ("form_id", "field", "value", "pointing_at", "message"),
    [
        ("", "diet", "x", "form_id", "Form id must not be empty."),
        (BRIEF, "  ", "x", "field", "Field name must not be empty."),
        (BRIEF, "diet", None, "diet", "retract the answer instead"),
        (BRIEF, "diet", math.nan, "diet", "must be a JSON value"),
        (BRIEF, "diet", {1, 2}, "diet", "must be a JSON value"),
    ],
)
async def test_bad_input_is_refused_and_writes_nothing(
    trips: TripRepository,
    forms: FormAnswerRepository,
    database: Database,
    form_id: str,
    field: str,
    value: object,
    pointing_at: str,
    message: str,
) -> None:
    trip = (await trips.create()).record
    rows = len(log_rows(database))
    with pytest.raises(InvalidChangeError, match=message) as raised:
        await forms.set_answer(trip.id, form_id, field, value)  # type: ignore[arg-type]
    assert raised.value.field == pointing_at
    assert len(log_rows(database)) == rows
    assert await forms.instances(trip.id) == []


async def test_one_bad_value_among_several_writes_none_of_them(
    trips: TripRepository, forms: FormAnswerRepository
) -> None:
    trip = (await trips.create()).record
    with pytest.raises(InvalidChangeError, match="must be a JSON value"):
        await forms.apply(trip.id, BRIEF, {"diet": "vegan", "ages": math.inf})
    assert await forms.answers(trip.id, BRIEF) == {}


async def test_an_unknown_trip_is_a_clear_error(forms: FormAnswerRepository) -> None:
    with pytest.raises(RecordNotFoundError, match="The trip nope does not exist"):
        await forms.set_answer("nope", BRIEF, "diet", "vegan")
    with pytest.raises(RecordNotFoundError, match="The trip nope does not exist"):
        await forms.mark_completed("nope", BRIEF)
