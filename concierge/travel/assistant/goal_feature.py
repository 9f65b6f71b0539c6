"""A trip's goals on the assistant's side. Goals completed by someone else are marked seen only once
a call that carried them succeeded."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from concierge.agent import (
    AbortSignal,
    ContextProvider,
    Notice,
    Tool,
    ToolContext,
    ToolError,
    ToolOutput,
)
from concierge.store import Actor, GoalRecord, GoalRepository, Outcome
from concierge.text import QT_TRANSLATE_NOOP, Translatable

from ..edits.goal_triggers import GoalTrigger, describe_trigger
from ..safe_text.value_text import one_line
from .feature import AssistantFeature
from .snapshot_budget import Section, fit_sections
from .tool_support import ToolArgs, assistant_context, by_reference, store_errors
from .trip_view import short_id


class GoalEdit(ToolArgs):
    action: Literal["add", "complete", "reopen", "list"]
    goal_id: str | None = None
    title: str | None = Field(None, description="add: short, checkable.")
    completes_on: GoalTrigger | None = Field(None, description="add: completes it by itself.")


_ACTION_FIELDS = {"add": {"title", "completes_on"}, "complete": {"goal_id"}, "reopen": {"goal_id"}}
"""The arguments each action takes (besides `action`); list takes none."""


@dataclass(eq=False)
class GoalFeature(AssistantFeature):
    """The goals of one trip, as the "goals" tool and block."""

    name = "goals"
    disclosed = True

    goals: GoalRepository
    trip_id: str

    def tools(self) -> list[Tool[Any]]:
        return [
            Tool(
                name=self.name,
                title="Change the goals",
                description="The trip's checklist: add a goal, complete or reopen one, or list "
                "all.",
                input_model=GoalEdit,
                handler=self.edit,
            )
        ]

    def status_provider(self) -> ContextProvider:
        goals, trip_id, allowance = self.goals, self.trip_id, self.allowance()

        async def goal_status(signal: AbortSignal) -> str | Notice | None:
            records = await goals.list_for_trip(trip_id)
            waiting = [goal for goal in records if not goal.done]
            fresh = [goal for goal in records if goal.done and not goal.seen_by_assistant]
            text = fit_sections(
                [
                    Section(
                        "Open goals:",
                        [render_goal(goal) for goal in waiting],
                        lambda count: f"- … {count:,} more open goals",
                    ),
                    Section(
                        "Goals completed since you last saw them:",
                        [render_goal(goal) for goal in fresh],
                        lambda count: f"- … {count:,} more completed goals",
                    ),
                ],
                allowance,
            )
            if not fresh:
                return text
            seen = [goal.id for goal in fresh]

            async def delivered() -> None:
                await goals.mark_seen(seen)

            return Notice(text, delivered)

        return goal_status

    async def edit(self, args: GoalEdit, ctx: ToolContext) -> ToolOutput:
        taken = _ACTION_FIELDS.get(args.action, set())
        stray = sorted(args.model_fields_set - taken - {"action"})
        if stray:
            raise ToolError(f"{args.action} does not take {', '.join(stray)}.")
        if args.action == "list":
            return await self.list_all()
        if args.action == "add":
            if args.title is None:
                raise ToolError("add needs a title.")
            return await self.add(args.title, args.completes_on, ctx)
        if args.goal_id is None:
            raise ToolError(f"{args.action} needs the goal_id shown in brackets.")
        goal = await self._goal(args.goal_id)
        if args.action == "complete":
            return await self.complete(goal, ctx)
        return await self.reopen(goal, ctx)

    async def add(
        self, title: str, completes_on: GoalTrigger | None, ctx: ToolContext
    ) -> ToolOutput:
        trigger = None if completes_on is None else completes_on.value
        async with store_errors():
            goal = (
                await self.goals.add(
                    self.trip_id,
                    title,
                    completes_on=trigger,
                    context=assistant_context(
                        ctx,
                        QT_TRANSLATE_NOOP("ChangeLabel", "new goal “{title}”").format(title=title),
                    ),
                )
            ).record
        return ToolOutput(
            f"Added the goal {render_goal(goal).removeprefix('- ')}.",
            summary=f"added goal [{short_id(goal.id)}]",
        )

    async def complete(self, goal: GoalRecord, ctx: ToolContext) -> ToolOutput:
        if goal.done:
            return ToolOutput(f"The goal {_named(goal)} was already done.")
        label = QT_TRANSLATE_NOOP("ChangeLabel", "check-off of goal “{title}”")
        await _write(self.goals.complete, goal, ctx, label)
        named = _named(goal)
        return ToolOutput(f"Completed the goal {named}.", summary=f"completed {named}")

    async def reopen(self, goal: GoalRecord, ctx: ToolContext) -> ToolOutput:
        if not goal.done:
            return ToolOutput(f"The goal {_named(goal)} is already open.")
        label = QT_TRANSLATE_NOOP("ChangeLabel", "reopening of goal “{title}”")
        await _write(self.goals.reopen, goal, ctx, label)
        named = _named(goal)
        return ToolOutput(f"Reopened the goal {named}.", summary=f"reopened {named}")

    async def list_all(self) -> ToolOutput:
        records = await self.goals.list_for_trip(self.trip_id)
        if not records:
            return ToolOutput("The trip has no goals yet.", summary="(no goals)")
        lines = ["The trip's goals, in order:"]
        lines.extend(render_goal(goal, status=True) for goal in records)
        return ToolOutput("\n".join(lines), summary="(goals listed)")

    async def _goal(self, reference: str) -> GoalRecord:
        records = await self.goals.list_for_trip(self.trip_id)
        return by_reference(records, reference, "goal", "in the runtime context or by action list")


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


async def _write(
    write: Callable[..., Awaitable[Outcome[GoalRecord]]],
    goal: GoalRecord,
    ctx: ToolContext,
    template: Translatable,
) -> None:
    """`write` (complete or reopen) on `goal` as the call's change, named by `template` with
    the goal's title."""
    async with store_errors():
        await write(goal.id, context=assistant_context(ctx, template.format(title=goal.title)))


def _named(goal: GoalRecord) -> str:
    return f"[{short_id(goal.id)}] “{one_line(goal.title)}”"
