"""A form with its answers as text for the model, in full: what the form's tool returns when called
without answers (the status provider shows only what is missing)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from pydantic import JsonValue

from .definition import FormDefinition
from .state import FormState


def render_form(state: FormState) -> str:
    form = state.definition
    lines = [f"Form '{form.title}' ({form.id}): {_progress(state)}"]
    for number, step in enumerate(form.steps, start=1):
        lines.append(f"Step {number} of {len(form.steps)} '{step.title}':")
        lines.extend(f"- {_field(state, item.name)}" for item in step.fields)
    if state.unknown:
        lines.append(
            "Answers to questions the form no longer asks (ignored): "
            + "; ".join(f"{name}={_json(value)}" for name, value in state.unknown.items())
        )
    return "\n".join(lines)


def _progress(state: FormState) -> str:
    answered = f"{len(state.values)} of {len(state.applicable)} questions that apply answered"
    if state.complete:
        return f"complete ({answered})."
    return f"{answered}; still missing: {_names(state.definition, state.missing)}."


def _field(state: FormState, name: str) -> str:
    form = state.definition
    item = form.field(name)
    text = form.describe_field(name)
    if item.help:
        text += f" {item.help}"
    if name in state.values:
        return f"{text} Answer: {_json(state.values[name])}."
    if name in state.invalid:
        return f"{text} The stored answer no longer fits: {state.invalid[name]}"
    if name in state.not_applicable:
        return f"{text} Does not apply now; kept answer: {_json(state.not_applicable[name])}."
    if name not in state.applicable:
        return f"{text} Does not apply now."
    return f"{text} Not answered."


def _names(form: FormDefinition, names: Iterable[str]) -> str:
    return ", ".join(f"{name} ({form.labels[name]})" for name in names)


def _json(value: JsonValue) -> str:
    return json.dumps(value, ensure_ascii=False)
