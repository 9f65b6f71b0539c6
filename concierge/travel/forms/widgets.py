"""Which kind of input widget fits a field; the details are in the field's `json_schema` and
`choices`."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from .value_types import ValueKind, ValueSpec


class WidgetKind(StrEnum):
    TEXT = "text"
    MULTILINE = "multiline"
    NUMBER = "number"
    CHOICE = "choice"
    MULTI_CHOICE = "multi-choice"
    YES_NO = "yes-no"
    TEXT_LIST = "text-list"
    NUMBER_LIST = "number-list"


class WidgetQuestion(Protocol):
    """What the choice reads of a field: its value type and whether text spans lines.
    `FormField` has both; naming only these keeps this module below the definition."""

    @property
    def spec(self) -> ValueSpec: ...

    @property
    def multiline(self) -> bool: ...


_SINGLE = {
    ValueKind.INTEGER: WidgetKind.NUMBER,
    ValueKind.NUMBER: WidgetKind.NUMBER,
    ValueKind.CHOICE: WidgetKind.CHOICE,
    ValueKind.YES_NO: WidgetKind.YES_NO,
}
_LIST = {
    ValueKind.TEXT: WidgetKind.TEXT_LIST,
    ValueKind.INTEGER: WidgetKind.NUMBER_LIST,
    ValueKind.NUMBER: WidgetKind.NUMBER_LIST,
    ValueKind.CHOICE: WidgetKind.MULTI_CHOICE,
}


def widget_for(field: WidgetQuestion) -> WidgetKind:
    spec = field.spec
    if spec.item is not None:
        return _LIST[spec.item.kind]
    if spec.kind is ValueKind.TEXT:
        return WidgetKind.MULTILINE if field.multiline else WidgetKind.TEXT
    return _SINGLE[spec.kind]
