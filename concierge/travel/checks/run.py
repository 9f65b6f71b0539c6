"""Running the checks: read on the database thread, check in a worker thread, so the GUI thread
never waits."""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from concierge.store import Change, ChangeBus, Database

from ..money.exchange import exchange_within, load_exchange
from ..places.index import PlaceIndex
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
    """What the checks use beside the plan; without rates (waited for `wait` seconds if given) the
    budget check says nothing rather than guess."""
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
    """One run of the checks on one trip, and what it changed since the run before: the
    news the plan checker publishes on the bus (`ChangeBus.news(TripProblems)`)."""

    trip_id: str
    problems: tuple[Problem, ...]
    diff: ProblemDiff


CHECK_GAP = 0.25
"""While changes keep coming (an assistant editing in a loop), re-checks of one trip start
at least this many seconds apart; each reads the whole plan."""
REMEMBERED_WRITES = 256
"""Writes (change groups) whose run a caller may still ask for (`after`)."""


class TripChecks:
    """The plan checker, the one producer of problems: every committed change to a followed trip
    re-checks it once the burst of changes is over and publishes `TripProblems` on the bus (on the
    event loop's thread; reads and checks run off it). An assistant tool reads the run of its own
    write (`after`)."""

    def __init__(self, database: Database, bus: ChangeBus, places: PlaceIndex | None) -> None:
        self.database = database
        self.places = places
        self._news = bus.news(TripProblems)
        self._followers: dict[str, int] = {}
        self._last: dict[str, tuple[Problem, ...]] = {}
        self._runs = itertools.count(1)
        self._published: dict[str, int] = {}
        self._started: dict[str, float] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._groups: dict[str, set[str]] = {}
        """Per trip, the writes (change groups) the next run is to cover."""
        self._writes: dict[str, asyncio.Future[TripProblems | None]] = {}
        self._closed = False
        self._unsubscribe = bus.subscribe(self._changed)

    def last(self, trip_id: str) -> tuple[Problem, ...] | None:
        """The problems of the newest finished run, None before the first."""
        return self._last.get(trip_id)

    def follow(self, trip_id: str) -> Callable[[], None]:
        """Check `trip_id` again after each change to it; the returned function stops
        (calling it twice is harmless). The first check is the caller's (`problems`)."""
        self._followers[trip_id] = self._followers.get(trip_id, 0) + 1
        following = True

        def stop() -> None:
            nonlocal following
            if following:
                following = False
                self._followers[trip_id] -= 1
                if not self._followers[trip_id]:
                    del self._followers[trip_id]

        return stop

    async def problems(self, trip_id: str) -> tuple[Problem, ...]:
        """Check `trip_id` now and publish the result; empty for an unknown trip."""
        return await self._check(trip_id, set())

    async def after(self, group_id: str) -> TripProblems | None:
        """The run that checked the write `group_id` (a followed trip's committed change),
        once it finished; None if no run covers it (nothing followed changed)."""
        write = self._writes.get(group_id)
        return None if write is None else await asyncio.shield(write)

    async def _check(self, trip_id: str, groups: set[str]) -> tuple[Problem, ...]:
        """A run that finishes after a later-started one has reported is stale: it is dropped and
        the newer problems returned instead."""
        run = next(self._runs)
        self._started[trip_id] = time.monotonic()
        try:
            found = await trip_problems(self.database, trip_id, self.places) or ()
        except BaseException:
            self._settle(groups, None)
            raise
        if run < self._published.get(trip_id, 0):
            newest = self._last.get(trip_id, found)
            self._settle(groups, TripProblems(trip_id, newest, ProblemDiff()))
            return newest
        self._published[trip_id] = run
        before = self._last.get(trip_id, ())
        self._last[trip_id] = found
        result = TripProblems(trip_id, found, diff_problems(before, found))
        self._settle(groups, result)
        self._news.publish(result)
        return found

    def _settle(self, groups: set[str], result: TripProblems | None) -> None:
        for group in groups:
            write = self._writes.get(group)
            if write is not None and not write.done():
                write.set_result(result)

    def _changed(self, change: Change) -> None:
        trips = list(self._followers) if change.trip_id is None else [change.trip_id]
        for trip_id in trips:
            if trip_id in self._followers:
                self._groups.setdefault(trip_id, set()).add(change.group_id)
                self._expect(change.group_id)
                self._schedule(trip_id)

    def _expect(self, group_id: str) -> None:
        if group_id in self._writes:
            return
        try:
            self._writes[group_id] = asyncio.get_running_loop().create_future()
        except RuntimeError:
            return
        while len(self._writes) > REMEMBERED_WRITES:
            self._writes.pop(next(iter(self._writes)))

    def _schedule(self, trip_id: str) -> None:
        if self._closed:
            return
        if trip_id in self._pending:  # waiting, or running and to re-check what came meanwhile
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        since = time.monotonic() - self._started.get(trip_id, -CHECK_GAP)
        self._pending[trip_id] = loop.create_task(self._recheck(trip_id, CHECK_GAP - since))

    async def _recheck(self, trip_id: str, wait: float) -> None:
        """One re-check of a trip at a time: changes committed while it runs join the next one
        rather than start runs of their own, which on a loaded machine would pile up and
        overlap."""
        try:
            await asyncio.sleep(max(0.0, wait))  # the rest of a burst of changes joins this run
            await self._check(trip_id, self._groups.pop(trip_id, set()))
        except Exception:
            log.exception("Checking the trip's plan failed")
        finally:
            if self._pending.get(trip_id) is asyncio.current_task():
                del self._pending[trip_id]
        if self._groups.get(trip_id):
            self._schedule(trip_id)

    async def aclose(self) -> None:
        """Stop listening to changes, cancel the re-checks scheduled and wait until they
        have stopped."""
        await asyncio.gather(*self.close(), return_exceptions=True)

    def close(self) -> list[asyncio.Task[None]]:
        """Stop listening to changes and cancel the re-checks scheduled or running, so none
        runs against the database once it is closed (`TravelServices.close`, with or without
        `aclose` before); returns them, to wait for."""
        self._closed = True
        self._unsubscribe()
        pending = list(self._pending.values())
        self._pending.clear()
        for task in pending:
            task.cancel()
        for write in self._writes.values():
            if not write.done() and not write.get_loop().is_closed():
                write.set_result(None)
        return pending
