"""A record and a table class held to their entity's declaration when the store is imported:
the same names, None allowed exactly where the kind allows it, the declared default. Records
stay written out (mypy reads field types only from a class body), so one that departs from
the declaration stops the import instead of drifting."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from sqlmodel import SQLModel

from concierge.model.fields import Entity

from .tables import Stored


def check_record(record_type: type, entity: Entity) -> None:
    """Raise TypeError when the record's fields are not the ones `entity` declares, or a
    default it gives (for older writers) is not the declared one."""
    fields = dataclasses.fields(record_type)
    names = {field.name for field in fields}
    if names != entity.names:
        raise TypeError(
            f"{record_type.__name__} has the fields {sorted(names)}, but "
            f"{entity.name} declares {sorted(entity.names)}."
        )
    for field in fields:
        rule = entity.fields.get(field.name)
        given = field.default is not dataclasses.MISSING
        if rule is not None and given and field.default != rule.default:
            raise TypeError(
                f"{record_type.__name__}.{field.name}: the default is not {rule.default!r}."
            )


def check_table(table: type[SQLModel], entity: Entity, stored: Mapping[str, Stored]) -> None:
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
