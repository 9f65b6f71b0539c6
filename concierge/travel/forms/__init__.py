"""The form engine: typed, conditional forms filled by the person and the assistant alike. No
storage, Qt or tools here."""

from __future__ import annotations

from .conditions import (
    AllOf,
    Answered,
    AnyOf,
    Below,
    Condition,
    Contains,
    Not,
    OneOf,
    all_of,
    answered,
    any_of,
    below,
    condition_from_json,
    contains,
    equals,
    not_,
    one_of,
)
from .definition import FormDefinition, FormField, FormStep
from .errors import (
    FormDefinitionError,
    FormError,
    FormValueError,
    UnknownFieldError,
    UnknownFormError,
)
from .registry import FORMS, form_by_id
from .state import FormState, StepState, evaluate
from .status import render_status
from .trip_brief import TRIP_BRIEF
from .value_types import ValueKind, ValueSpec
from .widgets import WidgetKind, widget_for

__all__ = [
    "FORMS",
    "TRIP_BRIEF",
    "AllOf",
    "Answered",
    "AnyOf",
    "Below",
    "Condition",
    "Contains",
    "FormDefinition",
    "FormDefinitionError",
    "FormError",
    "FormField",
    "FormState",
    "FormStep",
    "FormValueError",
    "Not",
    "OneOf",
    "StepState",
    "UnknownFieldError",
    "UnknownFormError",
    "ValueKind",
    "ValueSpec",
    "WidgetKind",
    "all_of",
    "answered",
    "any_of",
    "below",
    "condition_from_json",
    "contains",
    "equals",
    "evaluate",
    "form_by_id",
    "not_",
    "one_of",
    "render_status",
    "widget_for",
]
