"""The plan's problems as a bounded "problems" block, so the model can fix them or tell the person;
the checks run in a worker thread."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from concierge.agent import AbortSignal, ContextProvider
from concierge.store import Database

from ..checks import Problem, TripPlan, check_env, plan_problems, read_plan, read_plan_parts
from ..checks.wording import model_text
from ..places.index import PlaceIndex
from ..safe_text.value_text import free_text
from .feature import AssistantFeature
from .ledger_view import RATES_WAIT
from .providers import TripReads
from .snapshot_budget import Section, fit_sections
from .trip_view import short_id

HEADING = "Found by the app's checks:"


@dataclass(eq=False)
class ProblemFeature(AssistantFeature):
    """The problems of one trip's plan, as the "problems" block."""

    name = "problems"
    disclosed = True

    database: Database
    trip_id: str
    reads: TripReads | None
    places: PlaceIndex | None
    room: Callable[[], Awaitable[int]] | None = None
    """What the block may take in each resolution (a `SharedRoom`'s growing allowance);
    without it, its cap."""

    async def current(self) -> tuple[Problem, ...]:
        """The plan's problems now, from this resolution's shared reads."""
        plan = await self._plan()
        if plan is None:
            return ()
        return await plan_problems(plan, await check_env(self.places, RATES_WAIT))

    async def _plan(self) -> TripPlan | None:
        if self.reads is None:
            trip_id = self.trip_id
            return await self.database.run(lambda session: read_plan(session, trip_id))
        trip = await self.reads.get()
        if trip is None:
            return None
        items = await self.reads.items()
        parts = await self.database.run(lambda session: read_plan_parts(session, trip.id))
        return TripPlan.of(trip, items, parts)

    def status_provider(self) -> ContextProvider:
        cap, room = self.allowance(), self.room

        async def problems(signal: AbortSignal) -> str | None:
            found = await self.current()
            return render_problems(found, cap if room is None else await room())

        return problems


def render_problem(problem: Problem, *, detail: bool = False) -> str:
    """One list line: severity, the short ids of its items, then the sentence (ids first,
    so a line cut to fit still says which items), and its detail if asked."""
    ids = "".join(f" [{short_id(item_id)}]" for item_id in problem.item_ids)
    text = problem.text if detail else problem.sentence
    return f"- {problem.severity}{ids}: {model_text(free_text(text))}"


def render_problems(problems: Sequence[Problem], allowance: int) -> str | None:
    """The problems, most serious first, within `allowance` tokens, counting those left
    out; None without any."""
    return fit_sections(
        [
            Section(
                HEADING,
                (render_problem(problem) for problem in problems),
                lambda count: f"- and {count:,} more",
                count=len(problems),
            )
        ],
        allowance,
    )
