"""How the write tools answer from their write's `Outcome`: an applied change carries the problems
it brought into the plan and those it fixed (the checker's one run, `TripChecks.after`), so the
model can correct itself in the same turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from concierge.agent import ToolOutput
from concierge.store import Outcome

from ..checks import Problem, ProblemDiff, TripChecks
from .problem_feature import render_problem
from .snapshot_budget import clip

LISTED = 4
"""Problems of each list (new, fixed) shown; the rest are counted."""
RESULT_LIMIT = 300
"""Estimated tokens the problems add to one tool result, at most."""
PROPOSED = (
    "Proposed to the person, not applied yet: they accept or reject it after your turn; "
    "until then neither the trip nor your later calls show it. Would be: "
)


class WriteReport:
    """The answers of one trip's write tools: each calls `before` ahead of its write and
    returns `told(outcome, output)`."""

    def __init__(self, checks: TripChecks, trip_id: str) -> None:
        self.checks = checks
        self.trip_id = trip_id
        self._unfollow: Callable[[], None] | None = None

    async def before(self) -> None:
        """Have the checker follow the trip, checked once, so the run after the write has
        the problems before it to compare with."""
        if self._unfollow is None:
            if self.checks.last(self.trip_id) is None:
                await self.checks.problems(self.trip_id)
            self._unfollow = self.checks.follow(self.trip_id)

    async def told(self, outcome: Outcome[Any], output: ToolOutput) -> ToolOutput:
        if outcome.proposed:
            summary = None if output.summary is None else f"proposed: {output.summary}"
            return ToolOutput(PROPOSED + output.content, summary=summary)
        if not outcome.changes:
            return output
        run = await self.checks.after(outcome.changes[0].group_id)
        return output if run is None else with_diff(output, run.diff)


def with_diff(output: ToolOutput, diff: ProblemDiff) -> ToolOutput:
    """The tool's output with the diff after it; unchanged when nothing changed."""
    if diff.empty:
        return output
    text = diff_text(diff)
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
