"""The write tools check before they answer: each returns, after its result, the problems
its change brought into the plan and those it fixed, so the model can correct itself in the
same turn (issue 13 item 5).

The plan is checked just before and just after the write (read on the database thread,
checked in a worker thread) and the two runs compared by `diff_problems`. The list is
bounded: the first few of each, then how many more."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from typing import Any

from concierge.agent import Tool, ToolContext, ToolOutput
from concierge.store import Database

from ..checks import Problem, ProblemDiff, diff_problems, trip_problems
from ..places import PlaceIndex
from .problem_feature import render_problem
from .snapshot_budget import clip

CHECKED_TOOLS = frozenset({"update_trip", "edit_stops", "edit_itinerary", "add_expense"})
"""The tools whose results say what their change did to the plan's problems."""
LISTED = 4
"""Problems of each list (new, fixed) shown; the rest are counted."""
RESULT_LIMIT = 300
"""Estimated tokens the problems add to one tool result, at most."""


class CheckedEdits:
    """Wraps the write tools of one trip (`CHECKED_TOOLS`) so their results carry the
    diff of the plan's problems."""

    def __init__(
        self,
        database: Database,
        trip_id: str,
        places: PlaceIndex | None,
        names: Collection[str] = CHECKED_TOOLS,
    ) -> None:
        self.database = database
        self.trip_id = trip_id
        self.places = places
        self.names = frozenset(names)

    async def problems(self) -> tuple[Problem, ...]:
        return await trip_problems(self.database, self.trip_id, self.places) or ()

    def wrap(self, tool: Tool[Any]) -> Tool[Any]:
        """`tool` itself, or for a write tool the same tool checking around its handler."""
        if tool.name not in self.names:
            return tool
        handler = tool.handler

        async def checked(args: Any, ctx: ToolContext) -> ToolOutput | str:
            before = await self.problems()
            output = await handler(args, ctx)
            diff = diff_problems(before, await self.problems())
            return with_diff(output, diff)

        return dataclasses.replace(tool, handler=checked)


def with_diff(output: ToolOutput | str, diff: ProblemDiff) -> ToolOutput | str:
    """The tool's output with the diff after it; unchanged when nothing changed."""
    if diff.empty:
        return output
    text = diff_text(diff)
    if isinstance(output, str):
        return f"{output}\n{text}"
    note = _counts(diff)
    summary = None if output.summary is None else f"{output.summary}; {note}"
    return ToolOutput(f"{output.content}\n{text}", summary=summary)


def diff_text(diff: ProblemDiff) -> str:
    """ "New problems (n):" and "Fixed (n):" with the first `LISTED` of each, bounded."""
    lines: list[str] = []
    for heading, problems in (("New problems", diff.new), ("Fixed", diff.fixed)):
        if problems:
            lines.append(f"{heading} ({len(problems)}):")
            lines.extend(_listed(problems))
    return clip("\n".join(lines), RESULT_LIMIT)


def _listed(problems: Sequence[Problem]) -> list[str]:
    shown = [render_problem(problem, detail=True) for problem in problems[:LISTED]]
    if len(problems) > LISTED:
        shown.append(f"- … {len(problems) - LISTED:,} more")
    return shown


def _counts(diff: ProblemDiff) -> str:
    parts = []
    if diff.new:
        parts.append(f"{len(diff.new)} new problems")
    if diff.fixed:
        parts.append(f"{len(diff.fixed)} fixed")
    return ", ".join(parts)
