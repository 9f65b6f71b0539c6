"""A form's definition: ordered steps of typed fields, checked as a whole when it is built. A
field's condition may only read fields before it, so one pass in form order decides which fields
apply."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pydantic import JsonValue, TypeAdapter, ValidationError
from pydantic.errors import PydanticUserError

from concierge.text import QT_TRANSLATE_NOOP

from .conditions import Condition
from .errors import FormDefinitionError, FormValueError, UnknownFieldError
from .raw_values import RawValueError, coerce, got
from .raw_values import to_text as value_text
from .value_types import SUPPORTED, ValueKind, ValueSpec, inline_definitions, read_schema
from .value_types import expected as expected_text
from .widgets import WidgetKind, widget_for

_FIELD_NAME = re.compile(r"[a-z][a-z0-9_]*")
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True, slots=True, eq=False)
class FormField:
    """One question of a form; `condition` decides from earlier answers whether it applies."""

    name: str
    label: str
    value_type: Any
    required: bool = False
    help: str = ""
    condition: Condition | None = None
    multiline: bool = False
    spec: ValueSpec = dataclasses.field(init=False, repr=False)
    _adapter: TypeAdapter[Any] = dataclasses.field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _FIELD_NAME.fullmatch(self.name):
            raise FormDefinitionError(
                f"A field name is lowercase letters, digits and '_', starting with a letter, "
                f"like 'must_sees'; got {self.name!r}."
            )
        if not isinstance(self.label, str) or not self.label.strip():
            raise FormDefinitionError(f"The field {self.name!r} needs a label.")
        if self.condition is not None and not isinstance(self.condition, Condition):
            raise FormDefinitionError(
                f"The condition of field {self.name!r} must be a Condition (answered(), "
                f"equals(), …), not {self.condition!r}."
            )
        try:
            adapter: TypeAdapter[Any] = TypeAdapter(self.value_type)
            spec = read_schema(inline_definitions(adapter.json_schema()))
        except (PydanticUserError, ValueError) as error:
            reason = error.message if isinstance(error, PydanticUserError) else str(error)
            raise FormDefinitionError(
                f"The field {self.name!r} has the value type {self.value_type!r}, which forms "
                f"do not support ({reason}). Use {SUPPORTED}."
            ) from None
        if self.multiline and spec.kind is not ValueKind.TEXT:
            raise FormDefinitionError(
                f"The field {self.name!r} is multiline, but only text fields can be."
            )
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "_adapter", adapter)

    @property
    def expected(self) -> str:
        """What an answer must be, in words: "a list of whole numbers from 0 to 120"."""
        return expected_text(self.spec)

    @property
    def choices(self) -> tuple[str, ...]:
        """The choices of a choice or multi-choice field, in order; () for any other."""
        return (self.spec.item or self.spec).choices

    @property
    def widget(self) -> WidgetKind:
        return widget_for(self)

    @property
    def json_schema(self) -> dict[str, Any]:
        """The JSON schema of an answer (a fresh copy, keys sorted), titled with the label
        and described by the help text."""
        schema = dict(self.spec.schema)
        schema["title"] = self.label
        if self.help:
            schema["description"] = self.help
        return json.loads(json.dumps(schema, sort_keys=True))  # type: ignore[no-any-return]

    def parse(self, raw: object) -> JsonValue:
        """`raw` (a tool call's JSON value or a text box's text) as the answer's JSON value, or
        FormValueError."""
        try:
            checked = self._adapter.validate_python(coerce(self.spec, raw))
        except RawValueError as error:
            raise self._error(error.detail) from None
        except ValidationError as error:
            raise self._error(_detail(error)) from None
        value: JsonValue = self._adapter.dump_python(checked, mode="json")
        return value

    def to_text(self, value: object) -> str:
        """An answer as a person would type it; `parse` reads the text back to the value."""
        return value_text(self.spec, self.parse(value))

    def _error(self, detail: str) -> FormValueError:
        return FormValueError(
            self.name,
            QT_TRANSLATE_NOOP("Form", "{label} ({name}) must be {expected}; {detail}.").format(
                label=self.label, name=self.name, expected=self.expected, detail=detail
            ),
        )


def _detail(error: ValidationError) -> str:
    first = error.errors(include_url=False)[0]
    loc, value = first["loc"], first["input"]
    if not loc and isinstance(value, list):
        return f"got {len(value)} item{'s' if len(value) != 1 else ''}"
    position = loc[0] + 1 if loc and isinstance(loc[0], int) else None
    return got(value, position)


@dataclass(frozen=True, slots=True, eq=False)
class FormStep:
    """A page of the form: fields asked together, in order."""

    id: str
    title: str
    fields: Sequence[FormField]
    help: str = ""

    def __post_init__(self) -> None:
        _check_id("step", self.id)
        if not isinstance(self.title, str) or not self.title.strip():
            raise FormDefinitionError(f"The step {self.id!r} needs a title.")
        fields = tuple(self.fields)
        if not fields:
            raise FormDefinitionError(f"The step {self.id!r} has no fields.")
        for item in fields:
            if not isinstance(item, FormField):
                raise FormDefinitionError(f"The step {self.id!r} holds FormFields, not {item!r}.")
        object.__setattr__(self, "fields", fields)


@dataclass(frozen=True, slots=True, eq=False)
class FormDefinition:
    """A whole form: an id ("trip-brief"), a title, and its steps in order."""

    id: str
    title: str
    steps: Sequence[FormStep]
    fields: tuple[FormField, ...] = dataclasses.field(init=False, repr=False)
    labels: Mapping[str, str] = dataclasses.field(init=False, repr=False)
    _by_name: Mapping[str, FormField] = dataclasses.field(init=False, repr=False)
    _step_of: Mapping[str, FormStep] = dataclasses.field(init=False, repr=False)

    def __post_init__(self) -> None:
        _check_id("form", self.id)
        if not isinstance(self.title, str) or not self.title.strip():
            raise FormDefinitionError(f"The form {self.id!r} needs a title.")
        steps = tuple(self.steps)
        if not steps:
            raise FormDefinitionError(f"The form {self.id!r} has no steps.")
        by_name: dict[str, FormField] = {}
        step_of: dict[str, FormStep] = {}
        step_ids: set[str] = set()
        labels: dict[str, str] = {}
        for step in steps:
            if not isinstance(step, FormStep):
                raise FormDefinitionError(f"The form {self.id!r} holds FormSteps, not {step!r}.")
            if step.id in step_ids:
                raise FormDefinitionError(f"The form {self.id!r} has two steps {step.id!r}.")
            step_ids.add(step.id)
            for item in step.fields:
                if item.name in by_name:
                    raise FormDefinitionError(
                        f"The form {self.id!r} has two fields named {item.name!r} (in the "
                        f"steps {step_of[item.name].id!r} and {step.id!r})."
                    )
                twin = next(
                    (n for n, label in labels.items() if _same_label(label, item.label)), None
                )
                if twin is not None:
                    raise FormDefinitionError(
                        f"The fields {twin!r} and {item.name!r} of the form {self.id!r} have "
                        f"the same label {item.label!r}; the person could not tell them apart."
                    )
                by_name[item.name] = item
                step_of[item.name] = step
                labels[item.name] = item.label
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "fields", tuple(by_name.values()))
        object.__setattr__(self, "labels", MappingProxyType(labels))
        object.__setattr__(self, "_by_name", MappingProxyType(by_name))
        object.__setattr__(self, "_step_of", MappingProxyType(step_of))
        self._check_conditions()

    @property
    def names(self) -> tuple[str, ...]:
        """Every field's name, in form order."""
        return tuple(self._by_name)

    def field(self, name: str) -> FormField:
        """The field called `name`; UnknownFieldError lists the valid names."""
        found = self._by_name.get(name)
        if found is None:
            raise UnknownFieldError(self.title, str(name), self.names)
        return found

    def step_of(self, name: str) -> FormStep:
        self.field(name)
        return self._step_of[name]

    def parse(self, name: str, raw: object) -> JsonValue:
        """`raw` read as an answer to the field `name` (see `FormField.parse`)."""
        return self.field(name).parse(raw)

    def to_text(self, name: str, value: object) -> str:
        return self.field(name).to_text(value)

    def json_schema(self, name: str) -> dict[str, Any]:
        return self.field(name).json_schema

    def widget(self, name: str) -> WidgetKind:
        return self.field(name).widget

    def explain_condition(self, name: str) -> str | None:
        """When the field applies, in words ("Travelling as is family"); None if always."""
        condition = self.field(name).condition
        return condition.describe(self.labels) if condition is not None else None

    def describe_field(self, name: str) -> str:
        """One line for a tool description or a tooltip: "ages (Ages): a list of whole
        numbers from 0 to 120; required; only when Travelling as is answered."."""
        item = self.field(name)
        text = f"{name} ({item.label}): {item.expected}; "
        text += "required" if item.required else "optional"
        when = self.explain_condition(name)
        return f"{text}; only when {when}." if when else f"{text}."

    def _check_conditions(self) -> None:
        before: dict[str, ValueSpec] = {}
        for item in self.fields:
            if item.condition is not None:
                for ref in item.condition.fields:
                    if ref == item.name:
                        problem = "refers to the field itself"
                    elif ref in self._by_name and ref not in before:
                        problem = (
                            f"refers to {ref!r}, which comes after it; a condition may only "
                            f"read fields that come before it"
                        )
                    elif ref not in self._by_name:
                        problem = (
                            f"refers to {ref!r}, which is not a field of the form; its fields "
                            f"are {', '.join(self.names)}"
                        )
                    else:
                        continue
                    raise FormDefinitionError(
                        f"The condition of the field {item.name!r} in the form {self.id!r} "
                        f"{problem}."
                    )
                try:
                    item.condition.check(before)
                except ValueError as error:
                    raise FormDefinitionError(
                        f"The condition of the field {item.name!r} in the form {self.id!r} "
                        f"({item.condition.describe(self.labels)}) cannot hold: {error}."
                    ) from None
            before[item.name] = item.spec


def _check_id(kind: str, value: object) -> None:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise FormDefinitionError(
            f"A {kind} id is lowercase words joined by hyphens, like 'trip-brief'; got {value!r}."
        )


def _same_label(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())
