"""Undo of form answers, goals and pins: each change reverts exactly, one change context is one
step, deleting a trip takes its forms, goals and pins along and undoing it brings them back,
duplicating a trip copies them and one undo removes the copy with them."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from contextlib import closing
from pathlib import Path

import pytest

from concierge.store import (
    CREATED,
    Actor,
    AnswerAction,
    Change,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    EntityKind,
    FormAnswerRepository,
    FormState,
    GoalRecord,
    GoalRepository,
    GoalStatus,
    PinRecord,
    PinRepository,
    TripRecord,
    TripRepository,
    UndoError,
)
from tests.store.support import EPOCH, log_rows

BRIEF = "trip-brief"


def tool_call(name: str = "fill_brief") -> ChangeContext:
    return ChangeContext(Actor.ASSISTANT, f"Assistant: {name}")


def content(records: Sequence[GoalRecord | PinRecord]) -> list[GoalRecord | PinRecord]:
    """Records without what undo does not restore: `updated_at` (undo is a write of its own)
    and the goals' `seen_by_assistant` bookkeeping."""
    blanked: list[GoalRecord | PinRecord] = []
    for record in records:
        record = dataclasses.replace(record, updated_at=EPOCH)
        if isinstance(record, GoalRecord):
            record = dataclasses.replace(record, seen_by_assistant=True)
        blanked.append(record)
    return blanked


async def assert_each_undo_restores(
    history: ChangeHistory,
    read: Callable[[], Awaitable[Sequence[GoalRecord | PinRecord]]],
    writes: Sequence[Awaitable[object]],
) -> None:
    """Make the writes in turn, then undo them one by one: after each undo, `read` gives
    what it gave before that write."""
    snapshots = [await read()]
    for write in writes:
        await write
        snapshots.append(await read())
    while len(snapshots) > 1:
        snapshots.pop()
        assert await history.undo_last() is not None
        assert content(await read()) == content(snapshots[-1])


def form_content(state: FormState) -> tuple[object, ...]:
    instance = state.instance and dataclasses.replace(state.instance, updated_at=EPOCH)
    return state.trip_id, state.form_id, instance, dict(state.answers)


def table_counts(db_path: Path) -> dict[str, int]:
    with closing(sqlite3.connect(db_path)) as connection:
        return {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("form_instance", "form_answer", "goal", "pin")
        }


# -- form answers ---------------------------------------------------------------------------


async def test_undo_a_first_answer_leaves_the_form_untouched(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    result = await history.undo_last()
    assert result is not None
    assert result.label == "Answer “diet” in trip-brief"
    assert await forms.answers(trip.id, BRIEF) == {}
    assert await forms.history(trip.id, BRIEF) == []
    assert await forms.instance(trip.id, BRIEF) is None


async def test_undo_a_revise_and_a_retract_restores_the_answer_and_its_history(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await forms.set_answer(trip.id, BRIEF, "ages", [30])
    first = await forms.history(trip.id, BRIEF)

    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian")
    await forms.retract(trip.id, BRIEF, "ages")
    assert await forms.answers(trip.id, BRIEF) == {"diet": "vegetarian"}

    retract = await history.undo_last()
    assert retract is not None
    assert retract.label == "Clear “ages” in trip-brief"
    assert await forms.answers(trip.id, BRIEF) == {"diet": "vegetarian", "ages": [30]}
    revise = await history.undo_last()
    assert revise is not None
    assert revise.label == "Change “diet” in trip-brief"
    assert await forms.answers(trip.id, BRIEF) == {"diet": "vegan", "ages": [30]}
    assert await forms.history(trip.id, BRIEF) == first

    # The next answer continues the history where it stands: a revise of "vegan".
    event = (await forms.set_answer(trip.id, BRIEF, "diet", "pescatarian")).record
    assert event is not None
    assert event.action is AnswerAction.REVISE
    assert event.id > max(e.id for e in first)


async def test_one_tool_call_of_several_answers_undoes_in_one_step(
    trips: TripRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    history: ChangeHistory,
    bus: ChangeBus,
    database: Database,
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await forms.set_answer(trip.id, BRIEF, "diet", "none")
    goal = (await goals.add(trip.id, "Brief filled", completes_on="form:trip-brief")).record
    before = await forms.state(trip.id, BRIEF)
    events_before = await forms.history(trip.id, BRIEF)

    call = tool_call()
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian", context=call)
    await forms.set_answer(trip.id, BRIEF, "ages", [34, 36], context=call)
    await forms.apply(
        trip.id, BRIEF, {"accessibility": "step-free", "avoid": "crowds"}, context=call
    )
    await forms.retract(trip.id, BRIEF, "avoid", context=call)
    await forms.mark_completed(trip.id, BRIEF, context=call)
    await goals.complete_triggered(trip.id, "form:trip-brief", context=call)
    heard: list[Change] = []
    bus.subscribe(heard.append)

    assert await history.undo_label() == "Assistant: fill_brief"
    result = await history.undo_last()

    assert result is not None
    assert result.labels == ("Assistant: fill_brief",)
    assert form_content(await forms.state(trip.id, BRIEF)) == form_content(before)
    assert await forms.history(trip.id, BRIEF) == events_before
    assert not (await goals.get(goal.id)).done  # type: ignore[union-attr]
    assert heard == list(result.changes)
    assert all(change.undo and change.group_id == call.group_id for change in heard)
    assert [c.fields for c in heard if c.entity is EntityKind.FORM_ANSWER] == [
        {"avoid"},
        {"accessibility", "avoid"},
        {"ages"},
        {"diet"},
    ]
    assert all(row.undone for row in log_rows(database) if row.group_id == call.group_id)
    assert await history.undo_label() == "Add goal “Brief filled”"


async def test_undo_takes_along_a_later_answer_to_the_same_field_only(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory
) -> None:
    """A form-panel edit landed while a tool call was writing: one to a field the call had
    answered (undone with it), one to another field (kept)."""
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "travellers", 2, context=ChangeContext(label="Start"))
    call = tool_call()
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=call)
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian", context=ChangeContext(label="A"))
    await forms.set_answer(trip.id, BRIEF, "ages", [5], context=ChangeContext(label="B"))
    await forms.set_answer(trip.id, BRIEF, "avoid", "queues", context=call)

    result = await history.undo_last()

    assert result is not None
    assert result.labels == ("Assistant: fill_brief", "A")
    assert await forms.answers(trip.id, BRIEF) == {"ages": [5], "travellers": 2}
    assert [e.field for e in await forms.history(trip.id, BRIEF)] == ["travellers", "ages"]
    assert await history.undo_label() == "B"


async def test_undoing_the_first_answer_takes_along_every_later_answer_to_the_form(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory
) -> None:
    """The call's first answer created the form's instance; removing it again removes
    what was written into it since."""
    trip = (await trips.create()).record
    call = tool_call()
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=call)
    await forms.set_answer(trip.id, BRIEF, "ages", [5], context=ChangeContext(label="B"))
    await forms.set_answer(trip.id, BRIEF, "avoid", "queues", context=call)

    result = await history.undo_last()

    assert result is not None
    assert result.labels == ("Assistant: fill_brief", "B")
    assert await forms.instance(trip.id, BRIEF) is None
    assert await history.undo_label() == "Create trip “New trip”"


async def test_undo_completion(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    done = (await forms.mark_completed(trip.id, BRIEF)).record
    assert done is not None
    await forms.mark_completed(trip.id, BRIEF, False)
    await history.undo_last()
    restored = await forms.instance(trip.id, BRIEF)
    assert restored is not None
    assert restored.completed_at == done.completed_at
    await history.undo_last()
    assert not (await forms.instance(trip.id, BRIEF)).completed  # type: ignore[union-attr]


async def test_answers_written_behind_the_log_make_undo_refuse(
    trips: TripRepository,
    forms: FormAnswerRepository,
    history: ChangeHistory,
    db_path: Path,
    database: Database,
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian")
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute(
            "UPDATE form_answer SET value = '\"fish\"' WHERE id = (SELECT max(id) FROM form_answer)"
        )
    with pytest.raises(UndoError, match="the form answer it changed was changed without"):
        await history.undo_last()
    assert await forms.answers(trip.id, BRIEF) == {"diet": "fish"}
    assert not any(row.undone for row in log_rows(database))


# -- goals ----------------------------------------------------------------------------------


async def test_undo_each_goal_change_restores_it_exactly(
    trips: TripRepository, goals: GoalRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    for title in "ABC":
        await goals.add(trip.id, title, completes_on="lookup:holidays")
    a, b, c = await goals.list_for_trip(trip.id)
    await assert_each_undo_restores(
        history,
        lambda: goals.list_for_trip(trip.id),
        [
            goals.add(trip.id, "First", position=0),
            goals.complete(b.id, context=tool_call("complete_goal")),
            goals.rename(a.id, "A!"),
            goals.set_trigger(a.id, None),
            goals.move(c.id, 0),
            goals.remove(a.id),
            goals.reopen(b.id),
            goals.complete_triggered(trip.id, "lookup:holidays"),
        ],
    )


# -- pins -----------------------------------------------------------------------------------


async def test_undo_each_pin_change_restores_it_exactly(
    trips: TripRepository, pins: PinRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    await pins.add("Vegetarian")
    for text in "ABC":
        await pins.add(text, trip_id=trip.id)
    first = (await pins.list_for_trip(trip.id))[1]
    await assert_each_undo_restores(
        history,
        lambda: pins.list_for_trip(trip.id),
        [
            pins.add("No red-eye flights", position=0),
            pins.update_text(first.id, "A!"),
            pins.move(first.id, 2),
            pins.remove(first.id),
            pins.add("D", trip_id=trip.id, position=1),
        ],
    )


async def test_all_trip_pins_undo_with_ctrl_z_but_not_with_a_trips_undo(
    trips: TripRepository, pins: PinRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await pins.add("Vegetarian")
    assert await history.undo_label(trip.id) == "Create trip “Porto”"
    result = await history.undo_last()
    assert result is not None
    assert result.label == "Pin “Vegetarian”"
    assert result.trip_ids == frozenset()
    assert await pins.list_for_trip(None) == []


# -- trips ----------------------------------------------------------------------------------


async def test_deleting_a_trip_deletes_its_parts_and_undo_restores_them_exactly(
    trips: TripRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    pins: PinRepository,
    history: ChangeHistory,
    db_path: Path,
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    other = (await trips.create({"title": "Lisbon"})).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian", context=tool_call())
    await forms.set_answer(trip.id, BRIEF, "ages", [3, 5])
    await forms.retract(trip.id, BRIEF, "ages")
    await forms.mark_completed(trip.id, BRIEF)
    await forms.set_answer(trip.id, "packing", "bags", 2)
    await goals.add(trip.id, "Flights booked")
    await goals.complete((await goals.add(trip.id, "Hotel", completes_on="form:x")).record.id)
    await pins.add("Window seat", trip_id=trip.id)
    await pins.add("Vegetarian")
    await forms.set_answer(other.id, BRIEF, "diet", "fish")
    kept = table_counts(db_path)
    snapshot = (
        await forms.instances(trip.id),
        await forms.history(trip.id, BRIEF),
        await forms.history(trip.id, "packing"),
        await forms.state(trip.id, BRIEF),
        await goals.list_for_trip(trip.id),
        await pins.list_for_trip(trip.id),
    )

    assert (await trips.delete(trip.id)).record

    assert table_counts(db_path) == {"form_instance": 1, "form_answer": 1, "goal": 0, "pin": 1}
    assert await forms.instances(trip.id) == []
    assert await goals.list_for_trip(trip.id) == []
    assert [p.text for p in await pins.list_for_trip(trip.id)] == ["Vegetarian"]

    result = await history.undo_last()

    assert result is not None
    assert result.label == "Delete trip “Porto”"
    assert table_counts(db_path) == kept
    assert (
        await forms.instances(trip.id),
        await forms.history(trip.id, BRIEF),
        await forms.history(trip.id, "packing"),
        await forms.state(trip.id, BRIEF),
        await goals.list_for_trip(trip.id),
        await pins.list_for_trip(trip.id),
    ) == snapshot


async def test_the_database_cascades_a_trip_deletion_to_its_parts(
    trips: TripRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    pins: PinRepository,
    database: Database,
    db_path: Path,
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await goals.add(trip.id, "Flights")
    await pins.add("Window seat", trip_id=trip.id)
    await pins.add("Vegetarian")
    database.run_sync(
        lambda session: session.connection().exec_driver_sql(
            "DELETE FROM trip WHERE id = ?", (trip.id,)
        )
    )
    assert table_counts(db_path) == {"form_instance": 0, "form_answer": 0, "goal": 0, "pin": 1}


async def test_undoing_a_trips_creation_takes_along_goals_added_meanwhile(
    trips: TripRepository,
    goals: GoalRepository,
    forms: FormAnswerRepository,
    pins: PinRepository,
    history: ChangeHistory,
) -> None:
    call = tool_call("new_trip")
    trip = (await trips.create({"title": "Porto"}, context=call)).record
    await goals.add(trip.id, "Flights", context=ChangeContext(label="Goal"))
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=ChangeContext(label="Brief"))
    await pins.add("Window seat", trip_id=trip.id, context=ChangeContext(label="Pin"))
    await trips.update(trip.id, {"notes": "plan"}, context=call)

    result = await history.undo_last()

    assert result is not None
    assert set(result.labels) == {"Assistant: new_trip", "Goal", "Brief", "Pin"}
    assert await trips.all() == []
    assert await history.undo_last() is None


# -- duplicate ------------------------------------------------------------------------------


async def plan_porto(
    trips: TripRepository, forms: FormAnswerRepository, goals: GoalRepository, pins: PinRepository
) -> TripRecord:
    """A trip with a history behind its answers, goals open and done, its own pins in a moved
    order, and beside it an all-trip pin and another trip's answers."""
    trip = (await trips.create({"title": "Porto 2026"})).record
    other = (await trips.create({"title": "Lisbon"})).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian", context=tool_call())
    await forms.set_answer(trip.id, BRIEF, "ages", [3, 5])
    await forms.set_answer(trip.id, BRIEF, "budget", {"amount": 900, "currency": "EUR"})
    await forms.retract(trip.id, BRIEF, "ages")
    await forms.mark_completed(trip.id, BRIEF)
    await forms.set_answer(trip.id, "packing", "bags", 2)
    await forms.retract(trip.id, "packing", "bags")
    await goals.add(trip.id, "Flights booked")
    hotel = (await goals.add(trip.id, "Hotel", completes_on="form:trip-brief")).record
    await goals.complete(hotel.id, context=tool_call("complete_goal"))
    visa = (await goals.add(trip.id, "Visa")).record
    await goals.move(visa.id, 0)
    await pins.add("Window seat", trip_id=trip.id)
    aisle = (await pins.add("Aisle for the kids", trip_id=trip.id)).record
    await pins.move(aisle.id, 0)
    await pins.add("Vegetarian")
    await forms.set_answer(other.id, BRIEF, "diet", "fish")
    return trip


async def trip_parts(
    forms: FormAnswerRepository, goals: GoalRepository, pins: PinRepository, trip_id: str
) -> tuple[object, ...]:
    return (
        await forms.instances(trip_id),
        await forms.history(trip_id, BRIEF),
        await forms.history(trip_id, "packing"),
        await goals.list_for_trip(trip_id),
        await pins.list_for_trip(trip_id),
    )


async def test_duplicating_a_trip_copies_current_answers_open_goals_and_its_own_pins(
    trips: TripRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    pins: PinRepository,
    database: Database,
    bus: ChangeBus,
) -> None:
    trip = await plan_porto(trips, forms, goals, pins)
    original = await trip_parts(forms, goals, pins, trip.id)
    heard: list[Change] = []
    bus.subscribe(heard.append)
    app = ChangeContext(Actor.APP, "Plan a similar trip")

    copy = (await trips.duplicate(trip.id, context=app)).record

    assert await trip_parts(forms, goals, pins, trip.id) == original  # untouched
    sources = {f.form_id: f for f in await forms.instances(trip.id)}
    copies = {f.form_id: f for f in await forms.instances(copy.id)}
    assert set(copies) == {BRIEF, "packing"}
    assert not {f.id for f in copies.values()} & {f.id for f in sources.values()}
    assert sources[BRIEF].completed_at is not None
    assert all(f.completed_at is None for f in copies.values())  # for the form engine to judge
    brief = await forms.history(copy.id, BRIEF)
    assert [(e.field, e.value, e.action, e.actor) for e in brief] == [
        ("budget", {"amount": 900, "currency": "EUR"}, AnswerAction.SET, Actor.APP),
        ("diet", "vegetarian", AnswerAction.SET, Actor.APP),
    ]
    assert await forms.history(copy.id, "packing") == []  # only a retracted answer: none

    copied_goals = await goals.list_for_trip(copy.id)
    assert [(g.title, g.completes_on, g.position) for g in copied_goals] == [
        ("Visa", None, 0),
        ("Flights booked", None, 1),
        ("Hotel", "form:trip-brief", 2),
    ]
    assert {(g.status, g.completed_at, g.completed_by) for g in copied_goals} == {
        (GoalStatus.OPEN, None, None)
    }
    assert all(g.seen_by_assistant and g.created_by is Actor.APP for g in copied_goals)
    assert not {g.id for g in copied_goals} & {g.id for g in await goals.list_for_trip(trip.id)}

    copied_pins = await pins.list_for_trip(copy.id)
    assert [(p.text, p.trip_id, p.position) for p in copied_pins] == [
        ("Vegetarian", None, 0),  # the all-trip pin, shared, not copied
        ("Aisle for the kids", copy.id, 0),
        ("Window seat", copy.id, 1),
    ]
    own = [p for p in await pins.list_for_trip(trip.id) if p.trip_id == trip.id]
    assert not {p.id for p in copied_pins[1:]} & {p.id for p in own}

    rows = [row for row in log_rows(database) if row.group_id == app.group_id]
    assert {(row.label, row.actor) for row in rows} == {("Plan a similar trip", "app")}
    assert [(row.entity, row.action, row.trip_id) for row in rows] == [
        ("trip", "create", copy.id),
        ("form", "create", copy.id),  # packing, before trip-brief: by form id
        ("form", "create", copy.id),
        ("form_answer", "update", copy.id),
        ("goal", "create", copy.id),
        ("goal", "create", copy.id),
        ("goal", "create", copy.id),
        ("pin", "create", copy.id),
        ("pin", "create", copy.id),
    ]
    assert {
        (c.entity, c.entity_id, c.fields) for c in heard if c.entity is EntityKind.FORM_ANSWER
    } == {(EntityKind.FORM_ANSWER, copies[BRIEF].id, frozenset({"budget", "diet"}))}


async def test_one_undo_removes_a_duplicate_with_its_forms_goals_and_pins(
    trips: TripRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    pins: PinRepository,
    history: ChangeHistory,
    db_path: Path,
) -> None:
    trip = await plan_porto(trips, forms, goals, pins)
    original = await trip_parts(forms, goals, pins, trip.id)
    counts = table_counts(db_path)
    copy = (await trips.duplicate(trip.id)).record
    assert table_counts(db_path) == {
        "form_instance": counts["form_instance"] + 2,
        "form_answer": counts["form_answer"] + 2,
        "goal": counts["goal"] + 3,
        "pin": counts["pin"] + 2,
    }

    result = await history.undo_last()

    assert result is not None
    assert result.labels == ("Duplicate trip “Porto 2026”",)
    assert await trips.get(copy.id) is None
    assert table_counts(db_path) == counts
    assert await trip_parts(forms, goals, pins, trip.id) == original
    assert await history.undo_label() == "Answer “diet” in trip-brief"  # the step before


# -- seen -----------------------------------------------------------------------------------


async def test_the_assistants_answers_goals_and_pins_are_unseen_until_marked(
    trips: TripRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    pins: PinRepository,
    history: ChangeHistory,
) -> None:
    trip = (await trips.create()).record
    other = (await trips.create()).record
    call = tool_call()
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=call)
    await forms.set_answer(trip.id, BRIEF, "ages", [3], context=call)
    await forms.set_answer(trip.id, BRIEF, "avoid", "queues")  # the person's own
    goal = (await goals.add(trip.id, "Flights", context=call)).record
    everywhere = (await pins.add("Vegetarian", context=call)).record
    instance = await forms.instance(trip.id, BRIEF)
    assert instance is not None

    unseen = await history.unseen_assistant_changes(trip.id)

    assert unseen[EntityKind.FORM_ANSWER, instance.id] == {"diet", "ages"}
    assert CREATED in unseen[EntityKind.FORM, instance.id]
    assert CREATED in unseen[EntityKind.GOAL, goal.id]
    assert CREATED in unseen[EntityKind.PIN, everywhere.id]
    assert set(await history.unseen_assistant_changes(other.id)) == {
        (EntityKind.PIN, everywhere.id)
    }

    assert await history.mark_seen(trip.id, EntityKind.FORM_ANSWER, instance.id) == 2
    assert (EntityKind.FORM_ANSWER, instance.id) not in await history.unseen_assistant_changes(
        trip.id
    )
    await history.mark_seen(trip.id)
    assert await history.unseen_assistant_changes(trip.id) == {}
    assert await history.unseen_assistant_changes(other.id) == {}


async def test_unseen_changes_of_a_deleted_form_are_dropped(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan", context=tool_call())
    assert await history.unseen_assistant_changes(trip.id) != {}
    await trips.delete(trip.id)
    assert await history.unseen_assistant_changes(trip.id) == {}
