"""What every repository shares: the database it reads and writes, the bus its writes are
announced on, writing through the change log, and reading one record by id."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from sqlmodel import Session, SQLModel

from . import ordering
from .change_writer import ChangeWriter
from .changes import ChangeBus, ChangeContext
from .database import Database
from .entities import TRIPS, EntitySpec, R
from .errors import LockedError
from .ordering import P
from .outcome import Outcome
from .records import TripRecord
from .transaction import run_logged
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
        spec = self.spec
        return await self.database.run(lambda session: spec.find(session, entity_id))

    async def edited(
        self,
        entity_id: str,
        edit: Callable[[Session, ChangeWriter, R], R],
        context: ChangeContext | None,
    ) -> Outcome[R]:
        """The record as `edit` makes it (naming the step), written as one logged step."""
        spec = self.spec

        def write(session: Session, writer: ChangeWriter) -> R:
            row = spec.row(session, entity_id)
            before = spec.to_record(row)
            return writer.update(spec, row, before, edit(session, writer, before))

        return await self.logged(context, write)

    async def refusal(
        self, entity_id: str, changes: Mapping[str, object], context: ChangeContext | None
    ) -> Outcome[Any] | None:
        """The refused outcome of an edit whose values a layer above refused (a place not
        found), if a lock holds what it names: the lock is the more useful message."""
        spec = self.spec

        def read(session: Session) -> Outcome[Any] | None:
            record = spec.find(session, entity_id)
            try:
                if record is not None:
                    ChangeWriter(session, context or ChangeContext()).check_edit(
                        spec, record, changes
                    )
            except LockedError as refused:
                return Outcome.refused(refused)
            return None

        return await self.database.run(read)


class AddedFromValues(RecordRepository[R]):
    """Records added to a trip from field values (a form's, the assistant's), last of their
    list or at a position, each kind reading and placing its own."""

    def parse_new(self, values: Mapping[str, object]) -> dict[str, Any]:
        """`values` read for a new record; raises `InvalidChangeError` for a refused or
        missing one."""
        raise NotImplementedError

    def create(
        self, writer: ChangeWriter, trip: TripRecord, parsed: dict[str, Any], position: int | None
    ) -> R:
        """Write the trip's new record at `position` (None: last), naming the undo step."""
        raise NotImplementedError

    async def add(
        self,
        trip_id: str,
        values: Mapping[str, object],
        *,
        position: int | None = None,
        context: ChangeContext | None = None,
    ) -> Outcome[R]:
        """A new record of the trip from `values`, last or at `position` (0 = first)."""
        parsed = self.parse_new(values)
        check_position(position)

        def write(session: Session, writer: ChangeWriter) -> R:
            trip = TRIPS.to_record(TRIPS.row(session, trip_id))  # The trip must exist.
            return self.create(writer, trip, parsed, position)

        return await self.logged(context, write)


class OrderedRepository(RecordRepository[P]):
    """Records kept in an order of their own, moved among their siblings."""

    def move_label(self, row: Any) -> str:
        """The undo step's name for moving `row`."""
        raise NotImplementedError

    def siblings(self, session: Session, row: Any) -> Sequence[SQLModel]:
        """The rows `row` is ordered among, in their order: those of its trip."""
        return ordering.scope_rows(session, self.spec.table, row.trip_id)

    async def in_scope(self, trip_id: str | None) -> list[P]:
        """The records of one scope (a trip's; with None, those of no trip), in order."""
        spec = self.spec

        def query(session: Session) -> list[P]:
            return [
                spec.to_record(row) for row in ordering.scope_rows(session, spec.table, trip_id)
            ]

        return await self.database.run(query)

    def remove_label(self, record: P) -> str:
        """The undo step's name for removing `record`."""
        raise NotImplementedError

    def removing(self, session: Session, writer: ChangeWriter, record: P) -> None:
        """What goes with the record once deleted, or refuses its removal; nothing here."""

    async def remove(
        self, entity_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[bool]:
        """Remove the record and close the gap; False if there was none."""
        spec = self.spec

        def write(session: Session, writer: ChangeWriter) -> bool:
            row = session.get(spec.table, entity_id)
            if row is None:
                return False
            record = spec.to_record(row)
            writer.describe(self.remove_label(record))
            writer.delete(spec, row, record)
            self.removing(session, writer, record)
            ordering.renumber(writer, spec, self.siblings(session, row))
            return True

        return await self.logged(context, write)

    async def move(
        self, entity_id: str, position: int, *, context: ChangeContext | None = None
    ) -> Outcome[list[P]]:
        """Put the record at `position` among its siblings; them in their new order."""
        spec = self.spec

        def write(session: Session, writer: ChangeWriter) -> list[P]:
            row = spec.row(session, entity_id)
            writer.describe(self.move_label(row))
            with writer.locks_first(spec, spec.to_record(row), {"position": position}):
                check_position(position)
            return ordering.move(writer, spec, self.siblings(session, row), row, position)

        return await self.logged(context, write)
