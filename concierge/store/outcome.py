"""What a write did, handed back with its result: the record, the changes it committed, and
whether it was applied, only proposed, or changed nothing.

A caller (a form, an assistant tool) learns this from the write itself, not from a second
query and a second read of the `assistant.edits` setting. A write a lock refuses raises
`LockedError` instead, so no caller can miss a refusal by ignoring the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from .changes import Change

T = TypeVar("T")
U = TypeVar("U")


class Status(StrEnum):
    APPLIED = "applied"
    """Committed; `changes` were published on the bus."""
    PROPOSED = "proposed"
    """The assistant's write in propose mode: kept for the person's decision, nothing changed."""
    UNCHANGED = "unchanged"
    """Nothing differed from what was stored: nothing logged, nothing published."""


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """`record` is what the write returns (the record as stored, or as it would be for a
    proposal; a flag for a removal); `changes` what it committed, as published."""

    record: T
    changes: tuple[Change, ...] = ()
    status: Status = Status.APPLIED

    @property
    def applied(self) -> bool:
        return self.status is Status.APPLIED

    @property
    def proposed(self) -> bool:
        return self.status is Status.PROPOSED

    @property
    def trip_ids(self) -> frozenset[str]:
        """The trips the committed changes touched."""
        return frozenset(change.trip_id for change in self.changes if change.trip_id)

    def map(self, read: Callable[[T], U]) -> Outcome[U]:
        """The same outcome for a record made from this one (the first of several events)."""
        return Outcome(read(self.record), self.changes, self.status)

    def __bool__(self) -> bool:
        raise TypeError("An Outcome has no truth value: read its record or its status.")
