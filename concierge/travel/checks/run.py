"""Running the checks: the one list of checkers, a plan's problems in a stable order, what
changed between two runs, and the asynchronous entry points the app and the assistant use
(read on the database thread, check in a worker thread, so the GUI thread never waits)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from concierge.store import Change, ChangeBus, Database

from ..exchange import exchange_within, load_exchange
from ..places import PlaceIndex
from . import budget, constraints, dates, holidays, lodging, overlaps, pace, transfers, zones
from .checker import CheckEnv, Checker
from .plan import TripPlan, read_plan
from .problem import Problem

log = logging.getLogger(__name__)

NOTHING_BESIDE = CheckEnv()
"""No place index, no rates: the checks that need them find nothing."""

CHECKERS: tuple[Checker, ...] = (
    overlaps.CHECKER,
    transfers.CHECKER,
    dates.CHECKER,
    pace.CHECKER,
    lodging.CHECKER,
    zones.CHECKER,
    holidays.CHECKER,
    budget.CHECKER,
    *constraints.CHECKERS,
)
"""Every checker, run in this order; a new one joins by adding its module's `CHECKER`."""


def check_plan(
    plan: TripPlan, env: CheckEnv = NOTHING_BESIDE, checkers: Sequence[Checker] = CHECKERS
) -> tuple[Problem, ...]:
    """Every problem of `plan`, most serious first, then by day and time (`sort_key`); one
    problem per key. Pure and synchronous: call it in a worker thread for a big trip."""
    found: dict[str, Problem] = {}
    for checker in checkers:
        for problem in checker.run(plan, env):
            found.setdefault(problem.key, problem)
    return tuple(sorted(found.values(), key=Problem.sort_key))


@dataclass(frozen=True, slots=True)
class ProblemDiff:
    """Problems found after a change but not before (`new`), and the other way (`fixed`)."""

    new: tuple[Problem, ...] = ()
    fixed: tuple[Problem, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.new and not self.fixed


def diff_problems(before: Iterable[Problem], after: Iterable[Problem]) -> ProblemDiff:
    """Compared by `Problem.key`: a problem whose wording changed is neither new nor fixed."""
    old = {problem.key: problem for problem in before}
    now = {problem.key: problem for problem in after}
    return ProblemDiff(
        new=tuple(problem for key, problem in now.items() if key not in old),
        fixed=tuple(problem for key, problem in old.items() if key not in now),
    )


async def check_env(places: PlaceIndex | None, wait: float | None = None) -> CheckEnv:
    """What the checks use beside the plan: the place index when loaded, and the exchange
    rates (loaded in a worker thread the first time, waited for `wait` seconds if given;
    without them the budget check says nothing rather than guess)."""
    try:
        rates = await load_exchange() if wait is None else await exchange_within(wait)
    except Exception:  # the budget check does without; the next call tries again
        log.warning("Exchange rates could not be loaded for the plan checks", exc_info=True)
        rates = None
    return CheckEnv(places if places is not None and places.is_loaded else None, rates)


async def plan_problems(plan: TripPlan, env: CheckEnv) -> tuple[Problem, ...]:
    """`check_plan` in a worker thread."""
    return await asyncio.to_thread(check_plan, plan, env)


async def trip_problems(
    database: Database, trip_id: str, places: PlaceIndex | None = None
) -> tuple[Problem, ...] | None:
    """The problems of `trip_id` now: read on the database thread, checked in a worker
    thread. None for an unknown trip."""
    plan = await database.run(lambda session: read_plan(session, trip_id))
    if plan is None:
        return None
    return await plan_problems(plan, await check_env(places))


@dataclass(frozen=True, slots=True)
class TripProblems:
    """One run of the checks on one trip, and what it changed since the run before."""

    trip_id: str
    problems: tuple[Problem, ...]
    diff: ProblemDiff


ProblemListener = Callable[[TripProblems], None]


class TripChecks:
    """Keeps the problems of the trips someone watches current: every committed change to
    a watched trip (by the person, the assistant, an undo, an import) re-checks it once the
    burst of changes is over, and each listener hears the new problems and the diff.
    Listeners are called on the event loop's thread; reads and checks run off it."""

    def __init__(self, database: Database, bus: ChangeBus, places: PlaceIndex | None) -> None:
        self.database = database
        self.places = places
        self._listeners: dict[str, list[ProblemListener]] = {}
        self._last: dict[str, tuple[Problem, ...]] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._unsubscribe = bus.subscribe(self._changed)

    def last(self, trip_id: str) -> tuple[Problem, ...] | None:
        """The problems of the newest finished run, None before the first."""
        return self._last.get(trip_id)

    async def problems(self, trip_id: str) -> tuple[Problem, ...]:
        """Check `trip_id` now (and tell its listeners); empty for an unknown trip."""
        found = await trip_problems(self.database, trip_id, self.places) or ()
        before = self._last.get(trip_id, ())
        self._last[trip_id] = found
        result = TripProblems(trip_id, found, diff_problems(before, found))
        for listener in list(self._listeners.get(trip_id, ())):
            try:
                listener(result)
            except Exception:
                log.exception("A problems listener failed")
        return found

    def watch(self, trip_id: str, listener: ProblemListener) -> Callable[[], None]:
        """Call `listener` after each re-check of `trip_id` (starting with one now, when a
        loop runs); the returned function stops it."""
        self._listeners.setdefault(trip_id, []).append(listener)
        self._schedule(trip_id)

        def stop() -> None:
            listeners = self._listeners.get(trip_id, [])
            if listener in listeners:
                listeners.remove(listener)
            if not listeners:
                self._listeners.pop(trip_id, None)

        return stop

    def _changed(self, change: Change) -> None:
        if change.trip_id is None:
            for trip_id in list(self._listeners):
                self._schedule(trip_id)
        elif change.trip_id in self._listeners:
            self._schedule(change.trip_id)

    def _schedule(self, trip_id: str) -> None:
        if trip_id in self._pending:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._recheck(trip_id))
        self._pending[trip_id] = task

    async def _recheck(self, trip_id: str) -> None:
        try:
            await asyncio.sleep(0)  # the rest of a burst of changes joins this run
            del self._pending[trip_id]
            await self.problems(trip_id)
        except Exception:
            self._pending.pop(trip_id, None)
            log.exception("Checking the trip's plan failed")

    async def aclose(self) -> None:
        """Stop listening to changes and wait for the re-checks already started."""
        self._unsubscribe()
        pending = list(self._pending.values())
        self._pending.clear()
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
