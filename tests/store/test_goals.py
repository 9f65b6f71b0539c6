"""Goals: a per-trip checklist in a stable order, completed and reopened by the person, the
assistant or the app (through triggers), with a flag for what the assistant has not seen."""

from __future__ import annotations

import pytest

from concierge.store import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    Database,
    EntityKind,
    GoalRecord,
    GoalRepository,
    GoalStatus,
    InvalidChangeError,
    RecordNotFoundError,
    TripRepository,
)
from tests.store.support import log_rows

ASSISTANT = ChangeContext(Actor.ASSISTANT, "Assistant: goals")


def titles(goals: list[GoalRecord]) -> list[tuple[str, int]]:
    return [(goal.title, goal.position) for goal in goals]


async def test_goals_keep_their_order(trips: TripRepository, goals: GoalRepository) -> None:
    trip = (await trips.create()).record
    other = (await trips.create()).record
    for title in ("Flights booked", "Hotel chosen", "Trains"):
        await goals.add(trip.id, title)
    await goals.add(trip.id, "Insurance", position=1)
    await goals.add(other.id, "Elsewhere")
    assert titles(await goals.list_for_trip(trip.id)) == [
        ("Flights booked", 0),
        ("Insurance", 1),
        ("Hotel chosen", 2),
        ("Trains", 3),
    ]
    assert titles(await goals.list_for_trip(other.id)) == [("Elsewhere", 0)]
    assert await goals.list_for_trip("no-such-trip") == []


async def test_move_and_remove_renumber_densely(
    trips: TripRepository, goals: GoalRepository
) -> None:
    trip = (await trips.create()).record
    a, _, c, _ = [(await goals.add(trip.id, title)).record for title in "ABCD"]
    moved = (await goals.move(a.id, 2)).record
    assert titles(moved) == [("B", 0), ("C", 1), ("A", 2), ("D", 3)]
    assert moved == await goals.list_for_trip(trip.id)
    assert titles((await goals.move(a.id, 99)).record) == [("B", 0), ("C", 1), ("D", 2), ("A", 3)]
    assert (await goals.remove(c.id)).record
    assert titles(await goals.list_for_trip(trip.id)) == [("B", 0), ("D", 1), ("A", 2)]
    assert not (await goals.remove(c.id)).record


async def test_add_records_who_and_what(trips: TripRepository, goals: GoalRepository) -> None:
    trip = (await trips.create()).record
    goal = (
        await goals.add(
            trip.id, "  Holidays checked  ", completes_on="lookup:holidays", context=ASSISTANT
        )
    ).record
    assert goal == await goals.get(goal.id)
    assert goal.title == "Holidays checked"
    assert goal.status is GoalStatus.OPEN
    assert goal.completes_on == "lookup:holidays"
    assert goal.created_by is Actor.ASSISTANT
    assert (goal.completed_at, goal.completed_by) == (None, None)


async def test_complete_and_reopen(
    trips: TripRepository, goals: GoalRepository, bus: ChangeBus
) -> None:
    trip = (await trips.create()).record
    goal = (await goals.add(trip.id, "Flights booked")).record
    heard: list[Change] = []
    bus.subscribe(heard.append)

    done = (await goals.complete(goal.id, context=ASSISTANT)).record
    assert done.done
    assert done.completed_by is Actor.ASSISTANT
    assert done.completed_at is not None
    assert (await goals.complete(goal.id)).record == done  # already done: unchanged, by nobody else
    reopened = (await goals.reopen(goal.id)).record
    assert reopened.status is GoalStatus.OPEN
    assert (reopened.completed_at, reopened.completed_by) == (None, None)
    assert (await goals.reopen(goal.id)).record == reopened

    assert [(c.entity, c.action, c.actor, c.fields) for c in heard] == [
        (
            EntityKind.GOAL,
            Action.UPDATE,
            Actor.ASSISTANT,
            {"status", "completed_at", "completed_by"},
        ),
        (EntityKind.GOAL, Action.UPDATE, Actor.PERSON, {"status", "completed_at", "completed_by"}),
    ]


async def test_goals_completed_by_others_are_unseen_until_marked(
    trips: TripRepository, goals: GoalRepository
) -> None:
    trip = (await trips.create()).record
    by_person, by_assistant, _ = [(await goals.add(trip.id, title)).record for title in "ABC"]
    assert all(goal.seen_by_assistant for goal in await goals.list_for_trip(trip.id))

    await goals.complete(by_person.id)
    await goals.complete(by_assistant.id, context=ASSISTANT)
    unseen = [g.title for g in await goals.list_for_trip(trip.id) if not g.seen_by_assistant]
    assert unseen == ["A"]

    assert await goals.mark_seen([by_person.id, by_assistant.id]) == 1
    assert await goals.mark_seen([by_person.id]) == 0
    assert await goals.mark_seen([]) == 0
    assert all(goal.seen_by_assistant for goal in await goals.list_for_trip(trip.id))


async def test_mark_seen_is_bookkeeping_not_an_edit(
    trips: TripRepository, goals: GoalRepository, bus: ChangeBus, database: Database
) -> None:
    trip = (await trips.create()).record
    goal = (await goals.add(trip.id, "A")).record
    await goals.complete(goal.id)
    rows = len(log_rows(database))
    heard: list[Change] = []
    bus.subscribe(heard.append)
    await goals.mark_seen([goal.id])
    assert heard == []
    assert len(log_rows(database)) == rows


async def test_a_trigger_completes_every_open_goal_waiting_for_it(
    trips: TripRepository, goals: GoalRepository, database: Database
) -> None:
    trip = (await trips.create()).record
    other = (await trips.create()).record
    first = (await goals.add(trip.id, "Holidays checked", completes_on="lookup:holidays")).record
    await goals.add(trip.id, "Brief filled", completes_on="form:trip-brief")
    second = (await goals.add(trip.id, "Days off planned", completes_on="lookup:holidays")).record
    elsewhere = (await goals.add(other.id, "Other trip", completes_on="lookup:holidays")).record
    done_before = (await goals.add(trip.id, "Done already", completes_on="lookup:holidays")).record
    done_before = (await goals.complete(done_before.id)).record

    app = ChangeContext(Actor.APP, "Holidays lookup finished")
    completed = (await goals.complete_triggered(trip.id, "lookup:holidays", context=app)).record

    assert [g.id for g in completed] == [first.id, second.id]
    assert all(g.done and g.completed_by is Actor.APP for g in completed)
    assert all(not g.seen_by_assistant for g in completed)
    assert await goals.get(done_before.id) == done_before
    assert not (await goals.get(elsewhere.id)).done  # type: ignore[union-attr]
    assert {row.group_id for row in log_rows(database) if row.label == app.label} == {app.group_id}

    rows = len(log_rows(database))
    assert (await goals.complete_triggered(trip.id, "lookup:holidays")).record == []
    assert (await goals.complete_triggered("no-such-trip", "lookup:holidays")).record == []
    assert len(log_rows(database)) == rows


async def test_rename_and_change_the_trigger(trips: TripRepository, goals: GoalRepository) -> None:
    trip = (await trips.create()).record
    goal = (await goals.add(trip.id, "Flights")).record
    assert ((await goals.rename(goal.id, "Flights booked")).record).title == "Flights booked"
    changed = (await goals.set_trigger(goal.id, "lookup:flights")).record
    assert changed.completes_on == "lookup:flights"
    assert ((await goals.set_trigger(goal.id, " ")).record).completes_on is None


@pytest.mark.parametrize(
    ("title", "trigger", "field", "message"),
    [
        ("   ", None, "title", "Goal title must not be empty."),
        ("Hotel", "when the hotel is booked", "completes_on", "lookup:holidays or form:"),
        ("Hotel", "Lookup:", "completes_on", "must be a trigger"),
    ],
)
async def test_bad_goals_are_refused(
    trips: TripRepository,
    goals: GoalRepository,
    title: str,
    trigger: str | None,
    field: str,
    message: str,
) -> None:
    trip = (await trips.create()).record
    with pytest.raises(InvalidChangeError, match=message) as raised:
        await goals.add(trip.id, title, completes_on=trigger)
    assert raised.value.field == field
    assert await goals.list_for_trip(trip.id) == []


async def test_unknown_ids_are_clear_errors(trips: TripRepository, goals: GoalRepository) -> None:
    trip = (await trips.create()).record
    goal = (await goals.add(trip.id, "Kept")).record
    with pytest.raises(RecordNotFoundError, match="The trip nope does not exist"):
        await goals.add("nope", "Flights")
    for call in (goals.complete, goals.reopen):
        with pytest.raises(RecordNotFoundError, match="The goal nope does not exist"):
            await call("nope")
    with pytest.raises(RecordNotFoundError, match="The goal nope does not exist"):
        await goals.rename("nope", "x")
    with pytest.raises(RecordNotFoundError, match="The goal nope does not exist"):
        await goals.move("nope", 0)
    with pytest.raises(InvalidChangeError, match="Position must be a whole number"):
        await goals.move(goal.id, -1)
    with pytest.raises(InvalidChangeError, match="Goal title must not be empty"):
        await goals.rename(goal.id, "")
    assert await goals.list_for_trip(trip.id) == [goal]
