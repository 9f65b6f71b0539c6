"""A trip's goals on the assistant's side: tools to add, complete, reopen and list them, and
the default status provider.

The provider shows the open goals in checklist order, then the goals someone else (the
person, or the app on a trigger) completed since the assistant last saw them. Those are
marked seen only once a model call that carried them succeeded (a `Notice`, by the lookup
status provider's rule): a failed call or an on-demand resolution leaves them to be shown
again, and `list_goals` shows every goal whatever the marks.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from concierge.agent import (
    AbortSignal,
    ContextProvider,
    Notice,
    Tool,
    ToolContext,
    ToolOutput,
)
from concierge.store import Actor, GoalRecord, GoalRepository
from concierge.store.validation import LINE_LIMIT

from ..goal_triggers import GoalTrigger, describe_trigger
from ..value_text import one_line
from .feature import AssistantFeature
from .tool_support import NoArguments, ToolArgs, assistant_context, by_reference, store_errors
from .trip_view import headed_lists, short_id

TITLE_LIMIT = LINE_LIMIT


class NewGoal(ToolArgs):
    title: str = Field(
        min_length=1,
        max_length=TITLE_LIMIT,
        description="Short and checkable, e.g. 'Flights booked'.",
    )
    completes_on: GoalTrigger | None = Field(
        None,
        description="What completes the goal by itself, if anything: "
        + "; ".join(f"{trigger.value}: when {describe_trigger(trigger)}" for trigger in GoalTrigger)
        + ".",
    )


class GoalRef(ToolArgs):
    goal_id: str = Field(min_length=4, description="The goal's id as shown in brackets.")


class GoalFeature(AssistantFeature):
    """The goals of one trip; its provider is called "goals"."""

    disclosed = True

    def __init__(self, goals: GoalRepository, trip_id: str, *, name: str = "goals") -> None:
        self.goals = goals
        self.trip_id = trip_id
        self.name = name

    def tools(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="add_goal",
                title="Add a goal",
                description="Add a goal to the trip's checklist, e.g. when the person names "
                "something that must get done. It is added last.",
                input_model=NewGoal,
                handler=self.add,
            ),
            Tool(
                name="complete_goal",
                title="Check off a goal",
                description="Mark a goal done once it really is.",
                input_model=GoalRef,
                handler=self.complete,
            ),
            Tool(
                name="reopen_goal",
                title="Reopen a goal",
                description="Mark a done goal open again.",
                input_model=GoalRef,
                handler=self.reopen,
            ),
            Tool(
                name="list_goals",
                title="Read the goals",
                description="List all of the trip's goals, open and done.",
                input_model=NoArguments,
                handler=self.list_all,
            ),
        ]

    def status_provider(self) -> ContextProvider:
        goals, trip_id = self.goals, self.trip_id

        async def goal_status(signal: AbortSignal) -> str | Notice | None:
            records = await goals.list_for_trip(trip_id)
            waiting = [goal for goal in records if not goal.done]
            fresh = [goal for goal in records if goal.done and not goal.seen_by_assistant]
            text = headed_lists(
                ("Open goals:", [render_goal(goal) for goal in waiting]),
                ("Goals completed since you last saw them:", [render_goal(g) for g in fresh]),
            )
            if not fresh:
                return text
            seen = [goal.id for goal in fresh]

            async def delivered() -> None:
                await goals.mark_seen(seen)

            return Notice(text, delivered)

        return goal_status

    async def add(self, args: NewGoal, ctx: ToolContext) -> ToolOutput:
        trigger = None if args.completes_on is None else args.completes_on.value
        async with store_errors():
            goal = await self.goals.add(
                self.trip_id,
                args.title,
                completes_on=trigger,
                context=assistant_context(ctx, f"new goal “{args.title}”"),
            )
        return ToolOutput(
            f"Added the goal {render_goal(goal).removeprefix('- ')}.",
            summary=f"added goal [{short_id(goal.id)}]",
        )

    async def complete(self, args: GoalRef, ctx: ToolContext) -> ToolOutput:
        goal = await self._goal(args.goal_id)
        if goal.done:
            return ToolOutput(f"The goal {_named(goal)} was already done.")
        async with store_errors():
            await self.goals.complete(
                goal.id, context=assistant_context(ctx, f"check-off of goal “{goal.title}”")
            )
        return ToolOutput(
            f"Completed the goal {_named(goal)}.", summary=f"completed {_named(goal)}"
        )

    async def reopen(self, args: GoalRef, ctx: ToolContext) -> ToolOutput:
        goal = await self._goal(args.goal_id)
        if not goal.done:
            return ToolOutput(f"The goal {_named(goal)} is already open.")
        async with store_errors():
            await self.goals.reopen(
                goal.id, context=assistant_context(ctx, f"reopening of goal “{goal.title}”")
            )
        return ToolOutput(f"Reopened the goal {_named(goal)}.", summary=f"reopened {_named(goal)}")

    async def list_all(self, args: NoArguments, ctx: ToolContext) -> ToolOutput:
        records = await self.goals.list_for_trip(self.trip_id)
        if not records:
            return ToolOutput("The trip has no goals yet.", summary="(no goals)")
        lines = ["The trip's goals, in order:"]
        lines.extend(render_goal(goal, status=True) for goal in records)
        return ToolOutput("\n".join(lines), summary="(goals listed)")

    async def _goal(self, reference: str) -> GoalRecord:
        records = await self.goals.list_for_trip(self.trip_id)
        return by_reference(records, reference, "goal", "in the runtime context or list_goals")


def render_goal(goal: GoalRecord, *, status: bool = False) -> str:
    """One list line: the short id, the title, what completes an open goal by itself, or
    who did a done one. `status` puts "open:" or "done:" before the title."""
    state = f"{goal.status.value}: " if status else ""
    line = f"- [{short_id(goal.id)}] {state}{one_line(goal.title)}"
    if not goal.done:
        if goal.completes_on is None:
            return line
        return f"{line} (completes when {one_line(describe_trigger(goal.completes_on))})"
    if goal.completed_by is Actor.APP and goal.completes_on:
        return f"{line} — done by the app when {one_line(describe_trigger(goal.completes_on))}"
    who = {Actor.PERSON: "the person", Actor.ASSISTANT: "you", Actor.APP: "the app"}
    return f"{line} — done by {who[goal.completed_by or Actor.PERSON]}"


def _named(goal: GoalRecord) -> str:
    return f"[{short_id(goal.id)}] “{one_line(goal.title)}”"
