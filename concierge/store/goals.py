"""A trip's goals: a checklist the person and the assistant add to, complete and reopen.

A goal may name a trigger (`completes_on`, e.g. "form:trip-brief") so the app can complete
it from outside any assistant turn (`complete_triggered`). `seen_by_assistant` is
bookkeeping for the goals context provider and is not undone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col

from concierge.text import QT_TRANSLATE_NOOP, joined

from . import ordering
from .change_writer import ChangeWriter
from .changes import Actor, ChangeContext
from .entities import GOALS, TRIPS
from .label_text import quoted
from .new_record import new_record
from .outcome import Outcome
from .records import GoalRecord, GoalStatus
from .repository import OrderedRepository
from .tables import Goal, utc_now
from .validation import GOAL_RULES, check_position, parse_changes


class GoalRepository(OrderedRepository[GoalRecord]):
    """Goals, as immutable `GoalRecord`s in checklist order."""

    spec = GOALS

    async def list_for_trip(self, trip_id: str) -> list[GoalRecord]:
        """The trip's goals in order, open and done alike; empty for an unknown trip."""

        return await self.in_scope(trip_id)

    async def add(
        self,
        trip_id: str,
        title: str,
        *,
        completes_on: str | None = None,
        position: int | None = None,
        context: ChangeContext | None = None,
    ) -> Outcome[GoalRecord]:
        """A new open goal, last (or at `position`); `completes_on` is a trigger such as
        "lookup:holidays"."""
        parsed = parse_changes("a goal", GOAL_RULES, {"title": title, "completes_on": completes_on})
        check_position(position)

        def write(session: Session, writer: ChangeWriter) -> GoalRecord:
            TRIPS.row(session, trip_id)  # The trip must exist.
            goal = open_goal(writer, trip_id, parsed["title"], parsed["completes_on"])
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Add goal “{title}”").format(title=goal.title)
            )
            return ordering.insert(writer, GOALS, trip_goals(session, trip_id), goal, position)

        return await self.logged(context, write)

    async def complete(
        self, goal_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[GoalRecord]:
        """Mark the goal done by the context's actor; a done goal is returned unchanged."""

        def write(session: Session, writer: ChangeWriter) -> GoalRecord:
            row = GOALS.row(session, goal_id)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Complete goal “{title}”").format(title=row.title)
            )
            return _complete(writer, row)

        return await self.logged(context, write)

    async def reopen(
        self, goal_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[GoalRecord]:
        """Mark the goal open again; an open goal is returned unchanged."""

        def edit(session: Session, writer: ChangeWriter, goal: GoalRecord) -> GoalRecord:
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Reopen goal “{title}”").format(title=goal.title)
            )
            return dataclasses.replace(
                goal, status=GoalStatus.OPEN, completed_at=None, completed_by=None
            )

        return await self.edited(goal_id, edit, context)

    async def rename(
        self, goal_id: str, title: str, *, context: ChangeContext | None = None
    ) -> Outcome[GoalRecord]:
        parsed = parse_changes("a goal", GOAL_RULES, {"title": title})
        return await self._edit(
            goal_id,
            parsed,
            QT_TRANSLATE_NOOP("ChangeLabel", "Rename goal to “{title}”").format(
                title=parsed["title"]
            ),
            context,
        )

    async def set_trigger(
        self, goal_id: str, completes_on: str | None, *, context: ChangeContext | None = None
    ) -> Outcome[GoalRecord]:
        """Change what completes the goal from outside a turn (None: nothing)."""
        parsed = parse_changes("a goal", GOAL_RULES, {"completes_on": completes_on})
        return await self._edit(
            goal_id, parsed, QT_TRANSLATE_NOOP("ChangeLabel", "Change what completes goal"), context
        )

    def remove_label(self, record: GoalRecord) -> str:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Remove goal “{title}”").format(title=record.title)

    def move_label(self, row: Goal) -> str:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Move goal “{title}”").format(title=row.title)

    async def complete_triggered(
        self, trip_id: str, trigger: str, *, context: ChangeContext | None = None
    ) -> Outcome[list[GoalRecord]]:
        """Complete every open goal of the trip whose `completes_on` is `trigger`, in one step;
        returns those it completed (none: nothing is written)."""
        parsed = parse_changes("a goal", GOAL_RULES, {"completes_on": trigger})

        def write(session: Session, writer: ChangeWriter) -> list[GoalRecord]:
            rows = [
                row
                for row in trip_goals(session, trip_id)
                if row.status == GoalStatus.OPEN and row.completes_on == parsed["completes_on"]
            ]
            titles = joined(", ", [quoted(row.title) for row in rows])
            if len(rows) > 1:
                writer.describe(
                    QT_TRANSLATE_NOOP("ChangeLabel", "Complete goals {titles}").format(
                        titles=titles
                    )
                )
            else:
                writer.describe(
                    QT_TRANSLATE_NOOP("ChangeLabel", "Complete goal {titles}").format(titles=titles)
                )
            return [_complete(writer, row) for row in rows]

        return await self.logged(context, write)

    async def mark_seen(self, goal_ids: Iterable[str]) -> int:
        """Note the assistant was shown these goals; how many changed. Not logged."""
        wanted = sorted(set(goal_ids))
        if not wanted:
            return 0

        def write(session: Session) -> int:
            statement = (
                update(Goal)
                .where(col(Goal.id).in_(wanted), col(Goal.seen_by_assistant).is_(False))
                .values(seen_by_assistant=True)
            )
            return session.exec(statement).rowcount

        return await self.database.run(write)

    async def _edit(
        self,
        goal_id: str,
        parsed: Mapping[str, Any],
        label: str,
        context: ChangeContext | None,
    ) -> Outcome[GoalRecord]:
        def edit(session: Session, writer: ChangeWriter, goal: GoalRecord) -> GoalRecord:
            writer.describe(label)
            return dataclasses.replace(goal, **parsed)

        return await self.edited(goal_id, edit, context)


def trip_goals(session: Session, trip_id: str) -> list[Goal]:
    """The trip's goal rows in checklist order."""
    return ordering.scope_rows(session, Goal, trip_id)


def open_goal(
    writer: ChangeWriter, trip_id: str, title: str, completes_on: str | None, *, position: int = 0
) -> GoalRecord:
    """A new open goal, not yet written, created by the writer's actor."""
    return new_record(
        GoalRecord,
        trip_id=trip_id,
        title=title,
        status=GoalStatus.OPEN,
        position=position,
        completes_on=completes_on,
        created_by=writer.context.actor,
        completed_at=None,
        completed_by=None,
        seen_by_assistant=True,
    )


def _complete(writer: ChangeWriter, row: Goal) -> GoalRecord:
    """Mark `row` done by the writer's actor. Unseen by the assistant unless it did it."""
    before = GOALS.to_record(row)
    if before.done:
        return before
    actor = writer.context.actor
    after = dataclasses.replace(
        before,
        status=GoalStatus.DONE,
        completed_at=utc_now(),
        completed_by=actor,
        seen_by_assistant=actor is Actor.ASSISTANT,
    )
    return writer.update(GOALS, row, before, after)
