"""Writing a trip's form answers, and settling each form's completion and goals after any change of
answers, as the app in the answers' undo group, so one undo reverts all of it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import JsonValue

from concierge.store import (
    Actor,
    AnswerEvent,
    Change,
    ChangeBus,
    ChangeContext,
    DatabaseClosedError,
    EntityKind,
    FormAnswerRepository,
    GoalRecord,
    GoalRepository,
    RecordNotFoundError,
)

from ..forms import FORMS, FormDefinition, FormError, FormState, FormValueError, evaluate
from .goal_triggers import form_trigger

log = logging.getLogger(__name__)


class FormFillError(FormError):
    """Some answers cannot be read; nothing was written. `problems` maps each bad field to what
    is wrong with its answer, so a form panel can point at it."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        lines = "\n".join(f"- {problem}" for problem in problems.values())
        super().__init__(f"Nothing was saved:\n{lines}")
        self.problems = dict(problems)


@dataclass(frozen=True, slots=True)
class Settled:
    """A form after settling. `completed` / `reopened`: settling marked it complete /
    incomplete again; `goals`: those it completed."""

    state: FormState
    completed: bool = False
    reopened: bool = False
    goals: tuple[GoalRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class FormWrite:
    """What one write did: the answers that changed (none when every answer was already
    so) and how the form settled."""

    events: tuple[AnswerEvent, ...]
    settled: Settled

    @property
    def state(self) -> FormState:
        return self.settled.state


class FormFiller:
    """Validated, all-or-nothing writes of form answers, serialized with settling so a form's
    completion follows its newest answers (other writers' too, given the change bus)."""

    def __init__(
        self, forms: FormAnswerRepository, goals: GoalRepository, bus: ChangeBus | None = None
    ) -> None:
        self.forms = forms
        self.goals = goals
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._unsubscribe = bus.subscribe(self._on_change) if bus is not None else None

    async def state(self, trip_id: str, form: FormDefinition) -> FormState:
        """The form as the trip's stored answers leave it (read from SQLite every time)."""
        stored = await self.forms.state(trip_id, form.id)
        return evaluate(form, stored.answers)

    async def fill(
        self,
        trip_id: str,
        form: FormDefinition,
        raw: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
    ) -> FormWrite:
        """Answer the fields of `raw`, or write nothing and raise `FormFillError` naming every
        field that cannot be read (blank or None must be retracted instead)."""
        values: dict[str, JsonValue] = {}
        problems: dict[str, str] = {}
        for name, answer in raw.items():
            try:
                values[name] = form.parse(name, answer)
            except FormValueError as error:
                problems[name] = str(error)
        if problems:
            raise FormFillError(problems)
        return await self._write(trip_id, form, values, context)

    async def retract(
        self,
        trip_id: str,
        form: FormDefinition,
        names: Iterable[str],
        *,
        context: ChangeContext | None = None,
    ) -> FormWrite:
        """Withdraw the answers of `names`; unanswered ones are left as they are. Raises
        `FormFillError` for names the form does not have, writing nothing."""
        changes: dict[str, JsonValue] = {}
        problems: dict[str, str] = {}
        for name in names:
            try:
                form.field(name)
            except FormValueError as error:
                problems[name] = str(error)
            changes[name] = None
        if problems:
            raise FormFillError(problems)
        return await self._write(trip_id, form, changes, context)

    async def idle(self) -> None:
        """Wait until the settling of other writers' answers already started is written."""
        while self._tasks:
            await asyncio.wait(tuple(self._tasks))

    def close(self) -> None:
        """Stop following the change bus."""
        if self._unsubscribe is not None:
            self._unsubscribe()

    async def aclose(self) -> None:
        self.close()
        await self.idle()

    async def _write(
        self,
        trip_id: str,
        form: FormDefinition,
        changes: Mapping[str, JsonValue],
        context: ChangeContext | None,
    ) -> FormWrite:
        context = context if context is not None else ChangeContext()
        async with self._lock:
            events = (await self.forms.apply(trip_id, form.id, changes, context=context)).record
            settled = await self._settle(trip_id, form, context.group_id)
        return FormWrite(tuple(events), settled)

    async def _settle(self, trip_id: str, form: FormDefinition, group_id: str) -> Settled:
        """Mark the form complete or incomplete as its answers say, completing its goals
        when it becomes complete; the caller holds the lock."""
        stored = await self.forms.state(trip_id, form.id)
        state = evaluate(form, stored.answers)
        if stored.instance is None or state.complete == stored.completed:
            return Settled(state)
        app = ChangeContext(actor=Actor.APP, group_id=group_id)
        await self.forms.mark_completed(trip_id, form.id, state.complete, context=app)
        if not state.complete:
            return Settled(state, reopened=True)
        goals = (
            await self.goals.complete_triggered(trip_id, form_trigger(form.id), context=app)
        ).record
        return Settled(state, completed=True, goals=tuple(goals))

    def _on_change(self, change: Change) -> None:
        if (
            change.entity is not EntityKind.FORM_ANSWER
            or change.undo
            or change.redo
            or change.actor is Actor.APP
            or change.trip_id is None
        ):
            return
        task = asyncio.get_running_loop().create_task(
            self._settle_instance(change.trip_id, change.entity_id, change.group_id)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _settle_instance(self, trip_id: str, instance_id: str, group_id: str) -> None:
        try:
            async with self._lock:
                instances = await self.forms.instances(trip_id)
                form_id = next((i.form_id for i in instances if i.id == instance_id), None)
                form = FORMS.get(form_id) if form_id is not None else None
                if form is not None:
                    await self._settle(trip_id, form, group_id)
        except (DatabaseClosedError, RecordNotFoundError):
            log.info(
                "Form %s of trip %s was not settled: it or the app closed", instance_id, trip_id
            )
        except Exception:
            log.exception("Settling form %s of trip %s failed", instance_id, trip_id)
