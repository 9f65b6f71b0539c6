"""The form engine: typed, conditional forms filled by the person and the assistant alike.

A `FormDefinition` (steps of `FormField`s, each with a type annotation, a label, a required
flag and an optional declarative `Condition`) reads raw answers into JSON values and
describes its fields to tools and to the form panel. `evaluate(definition, answers)` gives
the `FormState` for a trip's stored answers, and `render_status(state)` the provider's
default text (the answers, and what is still missing until the form is complete). No
storage, Qt or tools here:

    form = form_by_id("trip-brief")
    value = form.parse("ages", "41, 39, 8")           # [41, 39, 8], or FormValueError
    state = evaluate(form, answers)                   # answers: Mapping[str, JSON value]
    state.open_step, state.missing, state.not_applicable
    text = render_status(state)
    form.field("diet").widget                         # WidgetKind.MULTI_CHOICE
"""

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
