"""Goals that complete outside any assistant turn, when a lookup they wait for ("lookup:<kind>")
succeeds."""

from __future__ import annotations

import asyncio
import logging
from enum import StrEnum

from concierge.store import (
    Actor,
    Change,
    ChangeContext,
    DatabaseClosedError,
    EntityKind,
    GoalRepository,
    LookupJobBus,
    LookupJobRecord,
    LookupStatus,
)
from concierge.text import QT_TRANSLATE_NOOP

from ..forms import FORMS
from ..lookups import KINDS

log = logging.getLogger(__name__)

LOOKUP = "lookup"
FORM = "form"


def lookup_trigger(kind: str) -> str:
    return f"{LOOKUP}:{kind}"


def form_trigger(form_id: str) -> str:
    return f"{FORM}:{form_id}"


class GoalTrigger(StrEnum):
    """What can complete a goal by itself."""

    # A test keeps these equal to the lookup kinds and the shipped forms.

    LOOKUP_FLIGHTS = "lookup:flights"
    LOOKUP_HOLIDAYS = "lookup:holidays"
    LOOKUP_CURRENCY = "lookup:currency"
    LOOKUP_TIME_DIFFERENCE = "lookup:time_difference"
    LOOKUP_DAYLIGHT = "lookup:daylight"
    LOOKUP_WEATHER = "lookup:weather"
    FORM_TRIP_BRIEF = "form:trip-brief"


MANUALLY = QT_TRANSLATE_NOOP("GoalTrigger", "Manually")
"""The choice of no trigger: only someone ticks the goal."""

_EVENTS: dict[str, tuple[str, str]] = {
    GoalTrigger.FORM_TRIP_BRIEF: (
        QT_TRANSLATE_NOOP("GoalTrigger", "the Trip brief form is complete"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When the Trip brief form is complete"),
    ),
    GoalTrigger.LOOKUP_FLIGHTS: (
        QT_TRANSLATE_NOOP("GoalTrigger", "a flights lookup succeeds"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When a flights lookup succeeds"),
    ),
    GoalTrigger.LOOKUP_HOLIDAYS: (
        QT_TRANSLATE_NOOP("GoalTrigger", "a public holidays lookup succeeds"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When a public holidays lookup succeeds"),
    ),
    GoalTrigger.LOOKUP_CURRENCY: (
        QT_TRANSLATE_NOOP("GoalTrigger", "a budget conversion lookup succeeds"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When a budget conversion lookup succeeds"),
    ),
    GoalTrigger.LOOKUP_TIME_DIFFERENCE: (
        QT_TRANSLATE_NOOP("GoalTrigger", "a time difference lookup succeeds"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When a time difference lookup succeeds"),
    ),
    GoalTrigger.LOOKUP_DAYLIGHT: (
        QT_TRANSLATE_NOOP("GoalTrigger", "a sunrise and sunset lookup succeeds"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When a sunrise and sunset lookup succeeds"),
    ),
    GoalTrigger.LOOKUP_WEATHER: (
        QT_TRANSLATE_NOOP("GoalTrigger", "a weather forecast lookup succeeds"),
        QT_TRANSLATE_NOOP("GoalTrigger", "When a weather forecast lookup succeeds"),
    ),
}
"""Each trigger's event in words, alone and as a menu choice, declared whole so that each
translates as a sentence (a test keeps them equal to the words made from the kinds' titles)."""


def trigger_choices() -> list[tuple[str | None, str]]:
    """What a person may pick as a goal's "completes when", with its label: "Manually"
    first, then the form, then each lookup kind ("When a public holidays lookup succeeds")."""
    triggers = sorted(GoalTrigger, key=lambda t: not t.startswith(f"{FORM}:"))
    return [(None, MANUALLY), *((t.value, _choice(t)) for t in triggers)]


def _choice(trigger: str) -> str:
    declared = _EVENTS.get(trigger)
    return declared[1] if declared else f"When {describe_trigger(trigger)}"


def describe_trigger(trigger: str) -> str:
    """The event a trigger waits for, in words: "a public holidays lookup succeeds"."""
    declared = _EVENTS.get(trigger)
    return declared[0] if declared else event_words(trigger)


def event_words(trigger: str) -> str:
    """The event in words made from the lookup kind's or the form's title."""
    source, _, name = trigger.partition(":")
    if source == LOOKUP and name in KINDS:
        return f"a {KINDS[name].title.lower()} lookup succeeds"
    if source == FORM and name in FORMS:
        return f"the {FORMS[name].title} form is complete"
    return trigger


class GoalTriggers:
    """Completes goals waiting for a lookup when it succeeds, with the app as the actor.

    Only a success this process saw happen counts, so a re-announced finished job never completes a
    goal the person reopened. Each trip's open triggers are cached until a goal of that trip
    changes: a transaction per success would compete with the window for the database thread."""

    def __init__(self, goals: GoalRepository, lookups: LookupJobBus) -> None:
        self.goals = goals
        self._unfinished: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._waiting: dict[str, frozenset[str]] = {}
        """Trip id → the triggers its open goals wait for, while no goal of it changed."""
        self._goal_changes = 0
        self._unsubscribe_jobs = lookups.subscribe(self._on_job)
        self._unsubscribe_goals = goals.bus.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        if change.entity is EntityKind.GOAL:
            self._goal_changes += 1
            self._waiting.pop(change.trip_id or "", None)

    def _on_job(self, job: LookupJobRecord) -> None:
        if not job.status.finished:
            self._unfinished.add(job.id)
            return
        if job.id not in self._unfinished:
            return
        self._unfinished.discard(job.id)
        trigger = lookup_trigger(job.kind)
        waiting = self._waiting.get(job.trip_id)
        if job.status is LookupStatus.SUCCEEDED and (waiting is None or trigger in waiting):
            task = asyncio.get_running_loop().create_task(self._complete(job.trip_id, trigger))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _complete(self, trip_id: str, trigger: str) -> None:
        try:
            if trigger in await self._waiting_triggers(trip_id):
                await self.goals.complete_triggered(
                    trip_id, trigger, context=ChangeContext(actor=Actor.APP)
                )
        except DatabaseClosedError:
            log.info("The app closed before goals waiting for %s could be completed.", trigger)
        except Exception:
            log.exception("Completing the goals of trip %s waiting for %s failed", trip_id, trigger)

    async def _waiting_triggers(self, trip_id: str) -> frozenset[str]:
        """The triggers the trip's open goals wait for, read unless known; a read a goal change
        overtook is used once but not kept."""
        known = self._waiting.get(trip_id)
        if known is not None:
            return known
        changes = self._goal_changes
        goals = await self.goals.list_for_trip(trip_id)
        waiting = frozenset(g.completes_on for g in goals if g.completes_on and not g.done)
        if changes == self._goal_changes:
            self._waiting[trip_id] = waiting
        return waiting

    async def idle(self) -> None:
        """Wait until the completions already started are written."""
        while self._tasks:
            await asyncio.wait(tuple(self._tasks))

    def close(self) -> None:
        """Stop watching lookups (completions already started still finish)."""
        self._unsubscribe_jobs()
        self._unsubscribe_goals()

    async def aclose(self) -> None:
        self.close()
        await self.idle()
