"""What a write did, handed back with its result: applied, only proposed, refused by a lock,
or changed nothing, so a caller needs no second query.

A refused outcome has no record: reading it raises the lock's `LockedError`, so a caller that
ignores the status still fails.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from .changes import Change
from .errors import LockedError

T = TypeVar("T")
U = TypeVar("U")


class Status(StrEnum):
    """APPLIED: committed and published. PROPOSED: kept for the person's decision. UNCHANGED:
    nothing differed. REFUSED: would change what the person locked. All but APPLIED wrote,
    logged and published nothing."""

    APPLIED = "applied"
    PROPOSED = "proposed"
    UNCHANGED = "unchanged"
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """`record` is what the write returns (as it would be, for a proposal; a flag for a
    removal); `refusal` the lock's refusal of a refused write."""

    _record: T
    changes: tuple[Change, ...] = ()
    status: Status = Status.APPLIED
    refusal: LockedError | None = None

    @classmethod
    def refused(cls, refusal: LockedError) -> Outcome[Any]:
        return Outcome(None, status=Status.REFUSED, refusal=refusal)

    @property
    def record(self) -> T:
        if self.refusal is not None:
            raise self.refusal
        return self._record

    @property
    def applied(self) -> bool:
        return self.status is Status.APPLIED

    @property
    def proposed(self) -> bool:
        return self.status is Status.PROPOSED

    @property
    def reason(self) -> str:
        """The lock's sentence for a refused write ("Item “Ryokan Kyoto” is locked …")."""
        return "" if self.refusal is None else str(self.refusal)

    @property
    def trip_ids(self) -> frozenset[str]:
        """The trips the committed changes touched."""
        return frozenset(change.trip_id for change in self.changes if change.trip_id)

    def map(self, read: Callable[[T], U]) -> Outcome[U]:
        """The same outcome for a record made from this one (the first of several events)."""
        if self.refusal is not None:
            return Outcome.refused(self.refusal)
        return Outcome(read(self._record), self.changes, self.status)

    def __bool__(self) -> bool:
        raise TypeError("An Outcome has no truth value: read its record or its status.")
