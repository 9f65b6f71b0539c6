"""The form's default status for the context provider: short, deterministic, silent when done.

    Form 'Trip brief' (trip-brief) — step 2 of 4 'Needs': still missing: Accessibility needs
    (accessibility). Later steps still need: Accommodation style (accommodation). Answered: 5
    of 9.
    Answers: party="family"; travellers=4; ages=[41, 39, 8, 5]; …

Missing fields are named by label and name (the name is what the tools take); answers are
shown as `name=JSON`, the form the store holds, with long text shortened. A complete form
renders nothing, so it costs no tokens once the brief is done.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from pydantic import JsonValue

from .definition import FormDefinition
from .state import FormState

TEXT_LIMIT = 80
ITEM_LIMIT = 40


def render_status(state: FormState) -> str | None:
    """The status text for `state`, or None when the form is complete."""
    step = state.open_step
    if step is None:
        return None
    definition = state.definition
    head = (
        f"Form '{definition.title}' ({definition.id}) — step {step.number} of "
        f"{len(state.steps)} '{step.step.title}': still missing: "
        f"{_fields(definition, step.missing)}."
    )
    later = [name for other in state.steps[step.number :] for name in other.missing]
    if later:
        head += f" Later steps still need: {_fields(definition, later)}."
    lines = [head + f" Answered: {len(state.values)} of {len(state.applicable)}."]
    if state.values:
        lines.append(
            "Answers: "
            + "; ".join(f"{name}={compact(value)}" for name, value in state.values.items())
        )
    if state.not_applicable:
        lines.append(
            "Kept but no longer applies (ignored): "
            + _fields(definition, state.not_applicable)
            + "."
        )
    if state.invalid:
        lines.append(
            "Stored answers that no longer fit (ask again): "
            + _fields(definition, state.invalid)
            + "."
        )
    return "\n".join(lines)


def compact(value: JsonValue) -> str:
    """A value as one line of JSON: text on one line, shortened past a limit."""
    if isinstance(value, list):
        value = [_shorten(item, ITEM_LIMIT) for item in value]
    return json.dumps(_shorten(value, TEXT_LIMIT), ensure_ascii=False)


def _shorten(value: JsonValue, limit: int) -> JsonValue:
    if not isinstance(value, str):
        return value
    text = " ".join(value.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fields(definition: FormDefinition, names: Iterable[str]) -> str:
    return ", ".join(f"{definition.labels[name]} ({name})" for name in names)
