"""What every repository shares: the database it reads and writes, the bus its writes are
announced on, writing through the change log, and reading one record by id."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from sqlmodel import Session, SQLModel

from . import ordering
from .change_writer import ChangeWriter, run_logged
from .changes import ChangeBus, ChangeContext
from .database import Database
from .entities import EntitySpec, R
from .ordering import P
from .outcome import Outcome
from .validation import check_position

T = TypeVar("T")


class Repository:
    def __init__(self, database: Database, bus: ChangeBus) -> None:
        self.database = database
        self.bus = bus

    async def logged(
        self, context: ChangeContext | None, write: Callable[[Session, ChangeWriter], T]
    ) -> Outcome[T]:
        """`write` as one logged transaction in `context` (`run_logged`), and its outcome."""
        return await run_logged(self.database, self.bus, context, write)


class RecordRepository(Repository, Generic[R]):
    """A repository of one kind of record, declared by its `spec`."""

    spec: EntitySpec[R, Any]

    async def get(self, entity_id: str) -> R | None:
        """The record with id `entity_id`, or None."""
        spec = self.spec
        return await self.database.run(lambda session: spec.find(session, entity_id))


class OrderedRepository(RecordRepository[P]):
    """A repository of records kept in an order of their own (stops, goals, pins)."""

    async def moved(
        self,
        entity_id: str,
        position: int,
        context: ChangeContext | None,
        label: Callable[[Any], str],
        siblings: Callable[[Session, Any], Sequence[SQLModel]],
    ) -> Outcome[list[P]]:
        """Put the record at `position` among its `siblings(session, row)` (0 = first; past
        the end = last), the step named `label(row)`; the siblings in their new order."""
        check_position(position)
        spec = self.spec

        def write(session: Session, writer: ChangeWriter) -> list[P]:
            row = spec.row(session, entity_id)
            writer.describe(label(row))
            return ordering.move(writer, spec, siblings(session, row), row, position)

        return await self.logged(context, write)
