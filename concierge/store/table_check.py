"""A record and a table class held to their entity's declaration when the store is
imported: the same names, a column that takes None exactly where the declared kind does,
and the declared default. The table classes and records stay written out (the
repositories query columns by attribute, and read records' fields, typed), and a change to
one that the declaration does not make, or the other way round, stops the import instead
of drifting."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from sqlmodel import SQLModel

from concierge.model.fields import Entity


class Converts(Protocol):
    """How a column keeps a field (`entities.Stored`)."""

    @property
    def to_column(self) -> Any: ...


def check_record(record_type: type, entity: Entity) -> None:
    """Raise TypeError when the record's fields are not the ones `entity` declares."""
    names = {field.name for field in dataclasses.fields(record_type)}
    if names != entity.names:
        raise TypeError(
            f"{record_type.__name__} has the fields {sorted(names)}, but "
            f"{entity.name} declares {sorted(entity.names)}."
        )


def check_table(table: type[SQLModel], entity: Entity, stored: Mapping[str, Converts]) -> None:
    """Raise TypeError naming the first way `table` departs from `entity`."""
    columns = table.__table__.columns  # type: ignore[attr-defined]
    where = f"{table.__name__} ({entity.name})"
    if set(columns.keys()) != entity.names:
        raise TypeError(
            f"{where} has the columns {sorted(columns.keys())}, but the declaration names "
            f"{sorted(entity.names)}."
        )
    for name, rule in entity.fields.items():
        column = columns[name]
        kind = rule.kind
        if kind is not None and column.nullable != kind.nullable:
            raise TypeError(f"{where}.{name}: the column's nullability is not the kind's.")
        default = rule.default
        if default is not None and name in stored:
            default = stored[name].to_column(default)
        found = None if column.default is None else column.default.arg
        if found != default:
            raise TypeError(f"{where}.{name}: the column's default {found!r} is not {default!r}.")
