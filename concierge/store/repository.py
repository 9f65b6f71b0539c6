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
    """A repository of records kept in an order of their own (stops in their route, goals,
    pins in their scope): each says what a move is called and among what a row moves."""

    def move_label(self, row: Any) -> str:
        """The undo step's name for moving `row`."""
        raise NotImplementedError

    def siblings(self, session: Session, row: Any) -> Sequence[SQLModel]:
        """The rows `row` is ordered among, in their order."""
        raise NotImplementedError

    async def move(
        self, entity_id: str, position: int, *, context: ChangeContext | None = None
    ) -> Outcome[list[P]]:
        """Put the record at `position` among its siblings (0 = first; past the end =
        last) and return them in their new order."""
        check_position(position)
        spec = self.spec

        def write(session: Session, writer: ChangeWriter) -> list[P]:
            row = spec.row(session, entity_id)
            writer.describe(self.move_label(row))
            return ordering.move(writer, spec, self.siblings(session, row), row, position)

        return await self.logged(context, write)
