"""The problems each proposed change would introduce or fix: the checks run on the trip as it is and
with that one change made (`ProposalRepository.preview`)."""

from __future__ import annotations

import asyncio

from sqlmodel import Session

from concierge.store import ProposalRepository

from ..checks import (
    CheckEnv,
    ProblemDiff,
    TripPlan,
    check_env,
    check_plan,
    diff_problems,
    read_plan,
)
from ..places.index import PlaceIndex

SHOWN_PER_SIDE = 3
"""Problems listed per change and side (new, fixed); the rest are counted."""


async def proposal_problems(
    proposals: ProposalRepository, trip_id: str, places: PlaceIndex | None
) -> dict[str, ProblemDiff]:
    """Call id → the problems its change alone would introduce (`new`) and fix (`fixed`)."""

    def read(session: Session) -> TripPlan | None:
        return read_plan(session, trip_id)

    base, plans = await proposals.preview(trip_id, read)
    if base is None or not plans:
        return {}
    env = await check_env(places)
    return await asyncio.to_thread(_diffs, base, plans, env)


def _diffs(
    base: TripPlan, plans: dict[str, TripPlan | None], env: CheckEnv
) -> dict[str, ProblemDiff]:
    before = check_plan(base, env)
    return {
        call: diff_problems(before, check_plan(plan, env))
        for call, plan in plans.items()
        if plan is not None
    }


def problem_lines(diff: ProblemDiff) -> list[str]:
    """ "New problem: …" and "Fixes: …" lines, a few of each, the rest counted."""
    lines: list[str] = []
    for prefix, problems in (("New problem", diff.new), ("Fixes", diff.fixed)):
        lines.extend(f"{prefix}: {problem.text}" for problem in problems[:SHOWN_PER_SIDE])
        if len(problems) > SHOWN_PER_SIDE:
            lines.append(f"{prefix}: … and {len(problems) - SHOWN_PER_SIDE} more")
    return lines


async def proposal_problem_lines(
    proposals: ProposalRepository, trip_id: str, places: PlaceIndex | None
) -> dict[str, list[str]]:
    """Call id → its problem lines, for the review panel."""
    diffs = await proposal_problems(proposals, trip_id, places)
    return {call: problem_lines(diff) for call, diff in diffs.items()}
