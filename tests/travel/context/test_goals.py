"""Goals on the assistant's side: the tools, the status block, and goals completed from
outside the turn by a real lookup finishing between two model calls of one request."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from concierge.agent import ModelError
from concierge.store import Actor, Change, ChangeContext, EntityKind, LookupStatus
from concierge.travel.edits.goal_triggers import GoalTrigger, form_trigger, lookup_trigger
from concierge.travel.forms import FORMS
from concierge.travel.lookups import KINDS
from concierge.travel.lookups.kinds import holidays as holidays_kind
from tests.agent.support import tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

from .conftest import World, blocks


def test_the_trigger_enum_offers_every_lookup_kind_and_form() -> None:
    assert [t.value for t in GoalTrigger] == [
        *(lookup_trigger(kind) for kind in KINDS),
        *(form_trigger(form) for form in FORMS),
    ]


async def test_a_goal_completed_by_a_finishing_lookup_shows_in_the_next_iteration(
    world: World, fake_openai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The promise: the model starts the holidays lookup; while its next call is held open
    the lookup succeeds and completes the goal waiting for it; the call after that, in the
    same request, sees the goal done. The lookup is held until that call has been sent (a
    warm holiday calendar answers in a millisecond, before the call's snapshot is read)."""
    asked = threading.Event()
    calendar = holidays_kind.public_holidays

    def held_calendar(*args: Any) -> Any:
        asked.wait(10)
        return calendar(*args)

    monkeypatch.setattr(holidays_kind, "public_holidays", held_calendar)
    services, trip_id = world.services, world.trip.id
    goal = (
        await services.goals.add(trip_id, "Holidays checked", completes_on="lookup:holidays")
    ).record
    completed = asyncio.Event()

    def on_change(change: Change) -> None:
        if change.entity is EntityKind.GOAL and change.entity_id == goal.id:
            completed.set()

    services.bus.subscribe(on_change)
    agent = world.agent(fake_openai)
    held = threading.Event()
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("lookup", {"action": "start", "kind": "holidays"})),
        Reply.tool_calls(ToolCallSpec("goals", {"action": "list"}), wait_for=held),
        Reply.text("Christmas Day is a public holiday in the US."),
    )
    request = asyncio.create_task(agent.process_request("Any holidays while we're there?"))
    await fake_openai.until_requests(2)
    asked.set()
    await asyncio.wait_for(completed.wait(), 10)
    held.set()
    await request

    short = goal.id[:8]
    first, third = blocks(fake_openai.chat_requests[0]), blocks(fake_openai.chat_requests[2])
    assert first["goals"] == (
        f"Open goals:\n- [{short}] Holidays checked (completes when a public holidays lookup "
        "succeeds)"
    )
    assert third["goals"] == (
        f"Goals completed since you last saw them:\n- [{short}] Holidays checked — done by "
        "the app when a public holidays lookup succeeds"
    )
    (job,) = await services.lookups.jobs.list_for_trip(trip_id)
    assert job.status is LookupStatus.SUCCEEDED
    done = await services.goals.get(goal.id)
    assert done is not None
    assert (done.done, done.completed_by, done.seen_by_assistant) == (True, Actor.APP, True)
    # Announced once: the next request has nothing to say about goals.
    fake_openai.script(Reply.text("ok"))
    await agent.process_request("Thanks")
    assert "goals" not in blocks(fake_openai.chat_requests[-1])


async def test_only_a_success_seen_happening_completes_goals(world: World) -> None:
    """Announcements of a lookup that had already finished (marking it seen) never complete
    a goal the person reopened since."""
    services, trip_id = world.services, world.trip.id
    goal = (
        await services.goals.add(trip_id, "Flight time known", completes_on="lookup:flights")
    ).record
    failing = (
        await services.goals.add(trip_id, "Rates known", completes_on="lookup:currency")
    ).record
    job = await services.lookups.wait(await services.lookups.start(trip_id, "flights"))
    assert job is not None
    assert job.status is LookupStatus.SUCCEEDED
    bad = await services.lookups.wait(
        await services.lookups.start(trip_id, "currency", {"to_currency": "XXX"})
    )
    assert bad is not None
    assert bad.status is LookupStatus.FAILED
    await services.goal_triggers.idle()
    done = await services.goals.get(goal.id)
    assert done is not None
    assert done.done
    still_open = await services.goals.get(failing.id)
    assert still_open is not None
    assert not still_open.done

    await services.goals.reopen(goal.id)
    assert await services.lookups.jobs.mark_seen([job.id]) == 1  # announced again, seen
    await services.goal_triggers.idle()
    reopened = await services.goals.get(goal.id)
    assert reopened is not None
    assert not reopened.done


async def test_a_success_no_goal_waits_for_touches_no_goal(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A success with no open goal of the trip waiting for it costs no goal transaction;
    a goal added, reopened or brought back by undo since is still completed."""
    services, trip_id = world.services, world.trip.id
    checked = (
        await services.goals.add(trip_id, "Holidays checked", completes_on="lookup:holidays")
    ).record
    await services.goals.complete(checked.id)
    await services.goals.add(trip_id, "Rates known", completes_on="lookup:currency")
    completions: list[str] = []
    complete_triggered = services.goals.complete_triggered

    async def spy(trip: str, trigger: str, *, context: ChangeContext | None = None) -> Any:
        completions.append(trigger)
        return await complete_triggered(trip, trigger, context=context)

    monkeypatch.setattr(services.goals, "complete_triggered", spy)
    goal_changes: list[Change] = []
    services.bus.subscribe(
        lambda c: goal_changes.append(c) if c.entity is EntityKind.GOAL else None
    )

    async def holidays_succeed() -> None:
        job = await services.lookups.wait(await services.lookups.start(trip_id, "holidays"))
        assert job is not None
        assert job.status is LookupStatus.SUCCEEDED
        await services.goal_triggers.idle()

    async def done_by_app(goal_id: str) -> bool:
        goal = await services.goals.get(goal_id)
        assert goal is not None
        return goal.done and goal.completed_by is Actor.APP

    await holidays_succeed()
    await holidays_succeed()
    assert (completions, goal_changes) == ([], [])

    await services.goals.reopen(checked.id)
    await holidays_succeed()
    assert completions == ["lookup:holidays"]
    assert await done_by_app(checked.id)

    undone = await services.history.undo_last(trip_id)
    assert undone is not None
    reopened = await services.goals.get(checked.id)
    assert reopened is not None
    assert not reopened.done
    await holidays_succeed()
    assert await done_by_app(checked.id)

    fresh = (
        await services.goals.add(trip_id, "Days off known", completes_on="lookup:holidays")
    ).record
    await holidays_succeed()
    assert await done_by_app(fresh.id)
    assert len(completions) == 3
    await holidays_succeed()
    assert len(completions) == 3


async def test_goal_tools_add_complete_reopen_and_list(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    first = (await services.goals.add(trip_id, "Flights booked")).record
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "goals",
                {"action": "add", "title": "Trip brief done", "completes_on": "form:trip-brief"},
            ),
            ToolCallSpec("goals", {"action": "complete", "goal_id": first.id[:8]}),
            ToolCallSpec("goals", {"action": "complete", "goal_id": f"[{first.id[:8]}]"}),
        ),
        Reply.tool_calls(
            ToolCallSpec("goals", {"action": "reopen", "goal_id": first.id[:6]}),
            ToolCallSpec("goals", {"action": "list"}),
        ),
        Reply.text("ok"),
    )
    await agent.process_request("Track the brief; flights are booked — no, not yet.")

    goals = await services.goals.list_for_trip(trip_id)
    assert [(g.title, g.done, g.completes_on) for g in goals] == [
        ("Flights booked", False, None),
        ("Trip brief done", False, "form:trip-brief"),
    ]
    new = goals[1]
    assert new.created_by is Actor.ASSISTANT
    results = tool_results(fake_openai.chat_requests[-1])
    assert results[0] == (
        f"Added the goal [{new.id[:8]}] Trip brief done (completes when the Trip brief form is "
        "complete)."
    )
    assert results[1] == f"Completed the goal [{first.id[:8]}] “Flights booked”."
    assert results[2] == f"The goal [{first.id[:8]}] “Flights booked” was already done."
    assert results[3] == f"Reopened the goal [{first.id[:8]}] “Flights booked”."
    assert results[4] == (
        "The trip's goals, in order:\n"
        f"- [{first.id[:8]}] open: Flights booked\n"
        f"- [{new.id[:8]}] open: Trip brief done (completes when the Trip brief form is "
        "complete)"
    )
    # The assistant's own completion is no news to it; the snapshot after it shows it done
    # nowhere, and open again after the reopen.
    after_complete = blocks(fake_openai.chat_requests[1])["goals"]
    assert after_complete == (
        "Open goals:\n"
        f"- [{new.id[:8]}] Trip brief done (completes when the Trip brief form is complete)"
    )
    undone = await services.history.undo_last(trip_id)
    assert undone is not None
    assert undone.labels == ("the assistant’s reopening of goal “Flights booked”",)


async def test_bad_goal_arguments_are_clear_tool_errors_and_change_nothing(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    await services.goals.add(trip_id, "Flights booked")
    await services.goals.add(trip_id, "Hotel booked")
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("goals", {"action": "complete", "goal_id": "ffffffff"}),
            ToolCallSpec(
                "goals", {"action": "add", "title": "Weather known", "completes_on": "lookup:tides"}
            ),
            ToolCallSpec("goals", {"action": "add", "title": ""}),
            ToolCallSpec("goals", {"action": "reopen", "goal_id": "abc"}),
        ),
        Reply.text("Sorry."),
    )
    await agent.process_request("Break the goals")

    results = tool_results(fake_openai.chat_requests[1])
    assert results[0] == (
        "This trip has no goal [ffffffff]. Use an id shown in brackets in the runtime context "
        "or by action list."
    )
    assert results[1].startswith("Invalid arguments for 'goals': completes_on: Input should be")
    assert "'lookup:holidays'" in results[1]
    assert "'form:trip-brief'" in results[1]
    assert results[2] == "Goal title must not be empty."
    assert results[3].startswith("This trip has no goal [abc].")
    assert [(g.title, g.done) for g in await services.goals.list_for_trip(trip_id)] == [
        ("Flights booked", False),
        ("Hotel booked", False),
    ]


async def test_a_goal_the_person_completes_is_announced_until_a_model_call_carried_it(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    """Providers only read: neither an on-demand resolution nor a failed model call uses
    the notice up; the first call that carried it and succeeded does."""
    services, trip_id = world.services, world.trip.id
    goal = (await services.goals.add(trip_id, "Travel insurance")).record
    await services.goals.complete(goal.id, context=ChangeContext(actor=Actor.PERSON))
    agent = world.agent(fake_openai)
    notice = (
        f"Goals completed since you last saw them:\n- [{goal.id[:8]}] Travel insurance — done "
        "by the person"
    )
    for _ in range(2):
        context = await agent.get_runtime_context()
        assert {part.name: part.text for part in context.parts}["goals"] == notice

    fake_openai.script(Reply.error(500, "overloaded"))
    with pytest.raises(ModelError):
        await agent.process_request("Anything new?")
    assert notice in blocks(fake_openai.chat_requests[0])["goals"]
    assert not (await services.goals.get(goal.id)).seen_by_assistant

    fake_openai.script(Reply.text("Insurance is done."), Reply.text("Nothing else."))
    await agent.retry()
    assert notice in blocks(fake_openai.chat_requests[1])["goals"]
    await agent.process_request("And now?")
    assert "goals" not in blocks(fake_openai.chat_requests[2])
    after = await agent.get_runtime_context()
    assert {part.name: part.text for part in after.parts}["goals"] is None
