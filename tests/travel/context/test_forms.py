"""The trip brief on the assistant's side, through the app's own trip assistant against the
loopback model server: status in the very next iteration, the answers in every snapshot
(complete or not), validation, completion, undo."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import BaseModel

from concierge.agent import AgentBuilder, InMemoryHistoryStore, Tool, ToolContext
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import Actor, ChangeContext
from concierge.travel.assistant.brief_feature import FormFeature, fit_status
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.travel.assistant.trip_assistant import PROVIDER_TIMEOUT
from concierge.travel.forms import TRIP_BRIEF, evaluate, render_status
from concierge.travel.forms.status import SHORTENED_NOTE
from tests.agent.support import client_for, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.extra_block import FULL, fill_every_block

from .conftest import World, blocks

BRIEF = TRIP_BRIEF.id
EMPTY_STATUS = (
    "Form 'Trip brief' (trip-brief) — step 1 of 4 'Who is travelling': still missing: "
    "Travelling as (party), Ages (ages). Later steps still need: Accessibility needs "
    "(accessibility), Dietary needs (diet), Accommodation style (accommodation). "
    "Answered: 0 of 8."
)
COMPLETE: dict[str, Any] = {
    "party": "couple",
    "ages": "41, 39",
    "accessibility": "none",
    "diet": "vegetarian",
    "accommodation": "apartment",
}


async def test_a_field_filled_by_a_tool_changes_the_status_in_the_next_iteration(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("brief", {"answers": {"party": "Family", "ages": "41, 39, 8"}})
        ),
        Reply.text("Noted: a family of three."),
    )
    await agent.process_request("We're a family: 41, 39 and our son is 8.")

    first, second = (blocks(body) for body in fake_openai.chat_requests)
    assert first["brief"] == EMPTY_STATUS
    assert second["brief"] == (
        "Form 'Trip brief' (trip-brief) — step 2 of 4 'Needs': still missing: Accessibility "
        "needs (accessibility), Dietary needs (diet). Later steps still need: Accommodation "
        "style (accommodation). Answered: 2 of 9.\n"
        "Answers:\n"
        '- Travelling as (party): "family"\n'
        "- Ages (ages): [41, 39, 8]"
    )
    assert {name: text for name, text in second.items() if name != "brief"} == {
        name: text for name, text in first.items() if name != "brief"
    }
    (result,) = tool_results(fake_openai.chat_requests[1])
    assert result.startswith('Saved in the Trip brief: party="family"; ages=[41, 39, 8].\n')
    assert await world.services.forms.answers(world.trip.id, BRIEF) == {
        "party": "family",
        "ages": [41, 39, 8],
    }


class NoArgs(BaseModel):
    pass


async def test_the_persons_edit_during_a_slow_tool_shows_in_the_next_iteration(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    """The feature installed on a plain builder beside a tool that waits: the person answers
    in the form panel (a repository write, as the panel makes it) while the tool runs."""
    started, release = asyncio.Event(), asyncio.Event()

    async def slow(args: NoArgs, ctx: ToolContext) -> str:
        started.set()
        await release.wait()
        return "checked"

    builder = AgentBuilder(
        model=OpenAIChatModel(client_for(fake_openai), model="fake-model"),
        system_prompt="Plan trips.",
        history=InMemoryHistoryStore(),
    )
    FormFeature(world.services.form_filler, world.trip.id).install(
        builder, timeout=PROVIDER_TIMEOUT
    )
    builder.tool(Tool("check_prices", "Slow.", NoArgs, slow))
    agent = builder.build()
    fake_openai.script(Reply.tool_calls(ToolCallSpec("check_prices", {})), Reply.text("ok"))

    request = asyncio.create_task(agent.process_request("Check prices"))
    await asyncio.wait_for(started.wait(), 5)
    await world.services.forms.apply(
        world.trip.id,
        BRIEF,
        {"party": "solo", "ages": [34]},
        context=ChangeContext(actor=Actor.PERSON),
    )
    release.set()
    await request

    first, second = (blocks(body) for body in fake_openai.chat_requests)
    assert first == {"brief": EMPTY_STATUS}
    assert second == {
        "brief": "Form 'Trip brief' (trip-brief) — step 2 of 4 'Needs': still missing: "
        "Accessibility needs (accessibility), Dietary needs (diet). Later steps still need: "
        "Accommodation style (accommodation). Answered: 2 of 8.\n"
        "Answers:\n"
        '- Travelling as (party): "solo"\n'
        "- Ages (ages): [34]"
    }
    assert [t["function"]["name"] for t in fake_openai.chat_requests[0]["tools"]] == [
        "brief",
        "check_prices",
    ]


async def test_completing_the_form_completes_its_goal_and_one_undo_reverts_it_all(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    goal = (
        await world.services.goals.add(
            world.trip.id, "Trip brief filled in", completes_on="form:trip-brief"
        )
    ).record
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("brief", {"answers": COMPLETE})), Reply.text("Done.")
    )
    await agent.process_request("Two adults, 41 and 39, vegetarian, no needs, an apartment.")

    (result,) = tool_results(fake_openai.chat_requests[1])
    short = goal.id[:8]
    assert result.endswith(
        "\nThe Trip brief is now complete.\n"
        f"Goals completed by this: [{short}] Trip brief filled in."
    )
    before, after = (blocks(body) for body in fake_openai.chat_requests)
    assert before["goals"] == (
        f"Open goals:\n- [{short}] Trip brief filled in (completes when the Trip brief form "
        "is complete)"
    )
    assert after["brief"] == (  # complete: nothing missing to report, every answer kept
        "Form 'Trip brief' (trip-brief) — complete.\n"
        "Answers:\n"
        '- Travelling as (party): "couple"\n'
        "- Ages (ages): [41, 39]\n"
        '- Accessibility needs (accessibility): "none"\n'
        '- Dietary needs (diet): ["vegetarian"]\n'
        '- Accommodation style (accommodation): "apartment"'
    )
    assert after["goals"] == (
        f"Goals completed since you last saw them:\n- [{short}] Trip brief filled in — done "
        "by the app when the Trip brief form is complete"
    )
    state = await world.services.forms.state(world.trip.id, BRIEF)
    assert state.completed
    done = await world.services.goals.get(goal.id)
    assert done is not None
    assert (done.done, done.completed_by) == (True, Actor.APP)

    undone = await world.services.history.undo_last(world.trip.id)
    assert undone is not None
    assert undone.labels == (
        "the assistant’s answers to Travelling as, Ages, Accessibility needs, Dietary needs "
        "and Accommodation style in the Trip brief",
    )
    state = await world.services.forms.state(world.trip.id, BRIEF)
    assert (state.answers, state.completed) == ({}, False)
    reopened = await world.services.goals.get(goal.id)
    assert reopened is not None
    assert not reopened.done


async def test_the_panels_own_writes_settle_the_form_too(world: World) -> None:
    """The panel writes answers straight to the repository; the filler settles the form
    from the change bus, in the same undo step, and retracting reopens it."""
    services, trip_id = world.services, world.trip.id
    goal = (await services.goals.add(trip_id, "Brief done", completes_on="form:trip-brief")).record
    answers = {name: TRIP_BRIEF.parse(name, raw) for name, raw in COMPLETE.items()}
    await services.forms.apply(trip_id, BRIEF, answers)
    await services.form_filler.idle()
    assert (await services.forms.state(trip_id, BRIEF)).completed
    completed = await services.goals.get(goal.id)
    assert completed is not None
    assert (completed.done, completed.completed_by) == (True, Actor.APP)

    await services.forms.retract(trip_id, BRIEF, "diet")
    await services.form_filler.idle()
    assert not (await services.forms.state(trip_id, BRIEF)).completed
    still = await services.goals.get(goal.id)
    assert still is not None
    assert still.done  # goals are not reopened by themselves

    assert await services.history.undo_last(trip_id) is not None  # the retraction
    assert (await services.forms.state(trip_id, BRIEF)).completed
    assert await services.history.undo_last(trip_id) is not None  # the answers
    state = await services.forms.state(trip_id, BRIEF)
    assert (state.answers, state.instance) == ({}, None)  # created by that step
    reopened = await services.goals.get(goal.id)
    assert reopened is not None
    assert not reopened.done


async def test_a_duplicated_trip_with_a_complete_brief_has_its_brief_goal_done(
    world: World,
) -> None:
    """The copy's goals start open, but a goal waiting for the brief is done as soon as the
    copied answers are settled; one undo removes the copy with everything."""
    services, trip_id = world.services, world.trip.id
    await services.goals.add(trip_id, "Brief done", completes_on="form:trip-brief")
    await services.goals.add(trip_id, "Flights booked")
    answers = {name: TRIP_BRIEF.parse(name, raw) for name, raw in COMPLETE.items()}
    await services.forms.apply(trip_id, BRIEF, answers)
    await services.form_filler.idle()

    person = ChangeContext(Actor.PERSON, "Duplicate trip")
    copy = (await services.trips.duplicate(trip_id, context=person)).record
    await services.form_filler.idle()
    assert (await services.forms.state(copy.id, BRIEF)).completed
    goals = await services.goals.list_for_trip(copy.id)
    assert [(g.title, g.done) for g in goals] == [("Brief done", True), ("Flights booked", False)]

    assert await services.history.undo_last(copy.id) is not None
    assert await services.trips.get(copy.id) is None
    assert await services.goals.list_for_trip(copy.id) == []


async def test_bad_values_come_back_as_clear_errors_and_change_nothing(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "brief",
                {"answers": {"party": "pirates", "ages": "41, three", "dietary": ["vegan"]}},
            ),
            ToolCallSpec("brief", {"answers": {"party": None}}),
            ToolCallSpec("brief", {"answers": {}}),
            ToolCallSpec("brief", {"party": "solo"}),
            ToolCallSpec("brief", {"retract": ["budget"]}),
        ),
        Reply.text("Sorry."),
    )
    await agent.process_request("Break the brief")

    results = tool_results(fake_openai.chat_requests[1])
    assert results[0] == (
        "Nothing was saved:\n"
        "- Travelling as (party) must be one of: solo, couple, family, friends, group; "
        "got 'pirates'.\n"
        "- Ages (ages) must be a list of whole numbers from 0 to 120; got 'three' as item 2.\n"
        "- The form 'Trip brief' has no field 'dietary'; its fields are party, ages, children, "
        "accessibility, diet, diet_notes, accommodation, must_sees, avoid."
    )
    assert results[1] == (
        "Nothing was saved:\n- Travelling as (party) must be one of: solo, couple, family, "
        "friends, group; got nothing — to clear an answer, retract it."
    )
    assert results[2].startswith("Invalid arguments for 'brief': answers: ")
    assert results[3].startswith("Invalid arguments for 'brief': ")
    assert "party: Extra inputs are not permitted" in results[3]
    assert results[4] == (
        "Nothing was saved:\n- The form 'Trip brief' has no field 'budget'; its fields are "
        "party, ages, children, accessibility, diet, diet_notes, accommodation, must_sees, avoid."
    )
    assert await world.services.forms.instance(world.trip.id, BRIEF) is None
    assert await world.services.history.undo_label(world.trip.id) == (
        "Create trip “Christmas in New York”"
    )


async def test_one_fill_with_several_fields_undoes_as_one_step_and_retract_reopens(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    await services.forms.apply(trip_id, BRIEF, {"must_sees": ["Central Park"]})
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("brief", {"answers": COMPLETE})),
        Reply.tool_calls(ToolCallSpec("brief", {"retract": ["diet"]})),
        Reply.tool_calls(ToolCallSpec("brief", {"retract": ["diet"]})),
        Reply.text("ok"),
    )
    await agent.process_request("Fill it, then take the diet back")

    results = tool_results(fake_openai.chat_requests[-1])
    assert "The Trip brief is now complete." in results[0]
    assert results[1].startswith(
        "Withdrew the answer to diet (Dietary needs).\nThe Trip brief is no longer complete.\n"
        "Form 'Trip brief' (trip-brief) — step 2 of 4 'Needs': still missing: Dietary needs "
        "(diet)."
    )
    assert results[2].startswith("diet (Dietary needs) had no answer; nothing changed.\n")
    assert not (await services.forms.state(trip_id, BRIEF)).completed

    undone = await services.history.undo_last(trip_id)
    assert undone is not None
    assert undone.labels == ("the assistant’s clearing of Dietary needs in the Trip brief",)
    assert (await services.forms.state(trip_id, BRIEF)).completed
    undone = await services.history.undo_last(trip_id)
    assert undone is not None
    assert undone.labels == (
        "the assistant’s answers to Travelling as, Ages, Accessibility needs, Dietary needs "
        "and Accommodation style in the Trip brief",
    )
    state = await services.forms.state(trip_id, BRIEF)
    assert (dict(state.answers), state.completed) == ({"must_sees": ["Central Park"]}, False)


async def test_reading_the_brief_shows_every_question_and_where_its_answer_stands(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await world.services.forms.apply(
        world.trip.id,
        BRIEF,
        {"party": "couple", "ages": [41, 39], "children": "A cot", "accommodation": "castle"},
    )
    agent = world.agent(fake_openai)
    fake_openai.script(Reply.tool_calls(ToolCallSpec("brief", {})), Reply.text("ok"))
    await agent.process_request("What do you know?")

    (result,) = tool_results(fake_openai.chat_requests[1])
    lines = result.splitlines()
    assert lines[0] == (
        "Form 'Trip brief' (trip-brief): 2 of 8 questions that apply answered; still missing: "
        "accessibility (Accessibility needs), diet (Dietary needs), accommodation "
        "(Accommodation style)."
    )
    assert lines[1] == "Step 1 of 4 'Who is travelling':"
    assert lines[2] == (
        "- party (Travelling as): one of: solo, couple, family, friends, group; required. "
        'Alone, as a couple, a family, friends or a larger group. Answer: "couple".'
    )
    assert lines[5] == (
        "- children (Children's needs): text of at most 1000 characters; optional; only when "
        "Travelling as is family or Ages has a value below 18. Cots, car seats, a pushchair, "
        'children\'s menus, early nights… Does not apply now; kept answer: "A cot".'
    )
    assert lines[6].endswith("write 'none' if there are none. Not answered.")
    assert lines[10].startswith("- accommodation (Accommodation style): one of: hotel")
    assert lines[10].endswith(
        "The stored answer no longer fits: Accommodation style (accommodation) must be one of: "
        "hotel, apartment, hostel, guesthouse, camping, luxury, no preference; got 'castle'."
    )


async def test_an_answer_to_a_question_that_does_not_apply_is_kept_and_said_so(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("brief", {"answers": {"party": "couple", "children": "A cot"}}),
            ToolCallSpec("brief", {"answers": {"party": "couple"}}),
        ),
        Reply.text("ok"),
    )
    await agent.process_request("Two of us; bring a cot just in case")

    kept, same = tool_results(fake_openai.chat_requests[1])
    assert kept.startswith(
        'Saved in the Trip brief: party="couple"; children="A cot". Kept, but does not apply '
        "now: children (only when Travelling as is family or Ages has a value below 18).\n"
    )
    assert same.startswith("No change: the Trip brief already had these answers.\n")
    assert (await world.services.forms.answers(world.trip.id, BRIEF))["children"] == "A cot"


FULL_BRIEF: dict[str, Any] = {
    "party": "family",
    "ages": "44, 41, 9, 6",
    "children": "The six-year-old still naps after lunch; we bring a folding pushchair.",
    "accessibility": "The nine-year-old uses a wheelchair: step-free rooms and lifts only.",
    "diet": "vegetarian, nut allergy",
    "diet_notes": "The nine-year-old has a severe peanut allergy; we carry an EpiPen.",
    "accommodation": "apartment",
    "must_sees": "Sagrada Família, Park Güell, a beach afternoon",
    "avoid": "long queues, late dinners",
}
"""Every question of the brief answered as a family would, in a sentence where it asks."""


@pytest.mark.parametrize("full", [False, True], ids=["as-they-are", "problems-and-proposals-full"])
async def test_every_answer_of_a_complete_brief_is_in_the_runtime_context_at_the_default_budget(
    world: World, fake_openai: FakeOpenAIServer, full: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answers are what the assistant plans with: a brief answered in full is in the
    snapshot whole (nothing shortened away) at the default snapshot budget, also with every
    other block full."""
    if full:
        fill_every_block(monkeypatch)
    answers = {name: TRIP_BRIEF.parse(name, raw) for name, raw in FULL_BRIEF.items()}
    await world.services.forms.apply(world.trip.id, BRIEF, answers)
    agent = world.agent(fake_openai)

    context = await agent.get_runtime_context()

    brief = context.text.split("\n\n## brief\n", 1)[1].split("\n\n## ", 1)[0]
    assert brief.startswith("Form 'Trip brief' (trip-brief) — complete.\nAnswers:\n"), brief
    assert "shortened" not in brief, brief
    for name in FULL_BRIEF:
        assert f"({name}): " in brief, (name, brief)
    assert "step-free rooms and lifts only" in brief
    assert '["long queues", "late dinners"]' in brief
    assert all((f"] {name} line 0," in context.text) == full for name in FULL)


def test_a_brief_in_a_smaller_room_shortens_its_longest_answers_then_counts_the_rest() -> None:
    answers = {name: TRIP_BRIEF.parse(name, raw) for name, raw in FULL_BRIEF.items()}
    answers["accessibility"] = "Step-free rooms and lifts only, for a wheelchair. " * 12
    answers["must_sees"] = [f"Sight number {n}" for n in range(15)]
    state = evaluate(TRIP_BRIEF, answers)
    whole = render_status(state) or ""
    assert fit_status(state, estimate_tokens(whole)) == whole

    roomy = fit_status(state, 400) or ""
    assert estimate_tokens(roomy) <= 400
    assert all(f"({name}): " in roomy for name in FULL_BRIEF), roomy
    assert "- Ages (ages): [44, 41, 9, 6]\n- Children" in roomy  # short answers stay whole
    assert '"Step-free rooms and lifts only, for a wheelchair. Step-free' in roomy
    assert '"Sight number 0", "Sight number 1"' in roomy and "more\n" in roomy
    assert roomy.endswith(SHORTENED_NOTE)

    tight = fit_status(state, 120) or ""
    assert estimate_tokens(tight) <= 120
    assert tight.startswith("Form 'Trip brief' (trip-brief) — complete.\nAnswers:\n- ")
    assert "(party): " in tight
    assert tight.splitlines()[-1].startswith("- … ") and "more answers" in tight
