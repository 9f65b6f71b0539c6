"""Where a trip's answers leave a form. Nothing is dropped: answers whose field no longer applies or
no longer fits its type, and answers for fields the form no longer has, are kept and reported, not
counted."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pydantic import JsonValue

from .definition import FormDefinition, FormStep
from .errors import FormValueError


@dataclass(frozen=True, slots=True)
class StepState:
    step: FormStep
    number: int
    """1-based position of the step in the form."""
    applicable: tuple[str, ...]
    answered: tuple[str, ...]
    missing: tuple[str, ...]
    """Required fields that apply and have no valid answer, in form order."""

    @property
    def complete(self) -> bool:
        return not self.missing


@dataclass(frozen=True, slots=True)
class FormState:
    definition: FormDefinition
    values: Mapping[str, JsonValue]
    """The answers that count — valid answers to fields that apply — in form order."""
    applicable: tuple[str, ...]
    missing: tuple[str, ...]
    not_applicable: Mapping[str, JsonValue]
    """Answers kept for fields whose condition no longer holds; they count again if it does."""
    invalid: Mapping[str, str]
    """Answers to applicable fields that no longer fit the field, with the reason."""
    unknown: Mapping[str, JsonValue]
    """Answers for names the form does not have, by name."""
    steps: tuple[StepState, ...]

    @property
    def complete(self) -> bool:
        """Every required field that applies has a valid answer."""
        return not self.missing

    @property
    def open_step(self) -> StepState | None:
        """The first step with something missing; None when the form is complete."""
        return next((step for step in self.steps if step.missing), None)

    def applies(self, name: str) -> bool:
        self.definition.field(name)
        return name in self.applicable


def evaluate(definition: FormDefinition, answers: Mapping[str, JsonValue]) -> FormState:
    """The form's state for these answers; a None answer counts as no answer."""
    values: dict[str, JsonValue] = {}
    not_applicable: dict[str, JsonValue] = {}
    invalid: dict[str, str] = {}
    applicable: list[str] = []
    for item in definition.fields:
        answer = answers.get(item.name)
        if item.condition is not None and not item.condition.holds(values):
            if answer is not None:
                not_applicable[item.name] = answer
            continue
        applicable.append(item.name)
        if answer is not None:
            try:
                values[item.name] = item.parse(answer)
            except FormValueError as error:
                invalid[item.name] = str(error)
    missing = tuple(
        name for name in applicable if definition.field(name).required and name not in values
    )
    steps = tuple(
        StepState(
            step,
            number,
            tuple(f.name for f in step.fields if f.name in applicable),
            tuple(f.name for f in step.fields if f.name in values),
            tuple(f.name for f in step.fields if f.name in missing),
        )
        for number, step in enumerate(definition.steps, start=1)
    )
    unknown = {name: answers[name] for name in sorted(answers) if name not in definition.labels}
    return FormState(
        definition,
        MappingProxyType(values),
        tuple(applicable),
        missing,
        MappingProxyType(not_applicable),
        MappingProxyType(invalid),
        MappingProxyType(unknown),
        steps,
    )
