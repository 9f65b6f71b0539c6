"""The field rules are the one declaration of an entity: the table's columns and the
record's fields must agree with them (names, nullability, defaults), so a field added or
changed in one place and not the other fails here instead of drifting silently."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any

import pytest
from sqlalchemy import Text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from concierge.model.field_kinds import Line
from concierge.model.fields import ITEM
from concierge.store.entities import EXPENSES, GOALS, ITEMS, PINS, STOPS, TRIPS, EntitySpec
from concierge.store.tables import DecimalText, Declared
from concierge.store.validation import (
    EXPENSE_RULES,
    GOAL_RULES,
    ITEM_RULES,
    PIN_RULES,
    STOP_RULES,
    TRIP_RULES,
    FieldRule,
    defaults,
)

DECLARED: list[tuple[EntitySpec[Any, Any], Mapping[str, FieldRule]]] = [
    (TRIPS, TRIP_RULES),
    (ITEMS, ITEM_RULES),
    (STOPS, STOP_RULES),
    (EXPENSES, EXPENSE_RULES),
    (GOALS, GOAL_RULES),
    (PINS, PIN_RULES),
]
IDS = ["trip", "itinerary_item", "trip_stop", "expense", "goal", "pin"]


def _allows_none(annotation: object) -> bool:
    return isinstance(annotation, types.UnionType) and type(None) in typing.get_args(annotation)


@pytest.mark.parametrize(("spec", "rules"), DECLARED, ids=IDS)
def test_every_rule_is_a_column_and_a_record_field(
    spec: EntitySpec[Any, Any], rules: Mapping[str, FieldRule]
) -> None:
    table: type[SQLModel] = spec.table
    columns = set(table.__table__.columns.keys())  # type: ignore[attr-defined]
    fields = {field.name for field in dataclasses.fields(spec.record_type)}
    assert set(rules) <= columns
    assert set(rules) <= fields
    assert columns == fields, "the record and the table hold the same names"


@pytest.mark.parametrize(("spec", "rules"), DECLARED, ids=IDS)
def test_nullability_follows_the_declared_kind(
    spec: EntitySpec[Any, Any], rules: Mapping[str, FieldRule]
) -> None:
    columns = spec.table.__table__.columns
    hints = typing.get_type_hints(spec.record_type)
    for name, rule in rules.items():
        assert rule.kind is not None, f"{name} is declared with a plain parse function"
        assert columns[name].nullable == _allows_none(hints[name]), name
        assert columns[name].nullable == rule.kind.nullable, name


@pytest.mark.parametrize(("spec", "rules"), DECLARED, ids=IDS)
def test_column_defaults_are_the_declared_defaults(
    spec: EntitySpec[Any, Any], rules: Mapping[str, FieldRule]
) -> None:
    columns = spec.table.__table__.columns
    for name, default in defaults(rules).items():
        column_default = columns[name].default
        stored = spec.stored.get(name)
        expected = (
            stored.to_column(default) if stored is not None and default is not None else default
        )
        if default is None:
            assert column_default is None or column_default.arg is None, name
        else:
            expected = stored.to_column(default) if stored is not None else default
            assert column_default is not None, f"{name}: the table has no default"
            assert column_default.arg == expected, name


@pytest.mark.parametrize(("spec", "rules"), DECLARED, ids=IDS)
def test_every_default_passes_its_own_rule(
    spec: EntitySpec[Any, Any], rules: Mapping[str, FieldRule]
) -> None:
    for name, rule in rules.items():
        if rule.default is not None:
            assert rule.parse(rule.label, rule.default) == rule.default, name


@pytest.mark.parametrize(("spec", "rules"), DECLARED, ids=IDS)
def test_every_field_is_declared_with_a_kind_and_a_label(
    spec: EntitySpec[Any, Any], rules: Mapping[str, FieldRule]
) -> None:
    for name, rule in rules.items():
        assert rule.kind is not None, name
        assert rule.label and rule.label[0].isupper(), name


def test_the_values_the_model_sees_as_on_file_are_declared_sensitive() -> None:
    sensitive = {name for name, rule in ITEM_RULES.items() if rule.sensitive}
    assert sensitive == {"seat", "confirmation_code"}


class _Elsewhere(SQLModel, registry=registry()):
    """Tables of this test's own, beside (not in) the store's metadata."""


def test_a_declared_field_the_table_does_not_write_out_becomes_a_column_by_its_kind() -> None:
    entity = ITEM.with_field("gate", FieldRule("Gate", Line(8)))

    class Gated(_Elsewhere, table=True, metaclass=Declared):
        __tablename__ = "gated_item"
        __entity__ = entity
        id: str = Field(primary_key=True)

    columns = Gated.__table__.columns  # type: ignore[attr-defined]
    assert not columns["gate"].nullable and columns["gate"].default.arg == ""
    assert columns["kind"].default.arg == "activity"
    assert columns["cost_amount"].nullable
    assert isinstance(columns["notes"].type, Text)
    assert isinstance(columns["cost_amount"].type, DecimalText)
    assert columns["day"].default is None and not columns["day"].nullable
