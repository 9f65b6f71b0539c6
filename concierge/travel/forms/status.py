"""The form's default status for the context provider: the answers, always, and while
the form is not complete its open step and what is still missing. Short and deterministic.

    Form 'Trip brief' (trip-brief) — step 2 of 4 'Needs': still missing: Accessibility needs
    (accessibility). Later steps still need: Accommodation style (accommodation). Answered: 5
    of 9.
    Answers:
    - Travelling as (party): "family"
    - Ages (ages): [41, 39, 8, 5]

Once the form is complete its first line says only that; the answers stay, because they are
what the assistant plans with (who travels, their ages, diet, needs, what to avoid). Fields
are named by label and name (the name is what the tools take); an answer is shown as JSON,
the form the store holds, on one line under a label of the form's own, so text typed by a
person or a model cannot make structure of its own (R7). Long text and long lists are
shortened, and a last line says so.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from pydantic import JsonValue

from ..sensitive import hold_back
from .definition import FormDefinition
from .state import FormState

TEXT_LIMIT = 80
ITEM_LIMIT = 40
"""Limits of `compact`, the one-line form of a value in tool results and notes."""
ANSWER_TEXT_LIMIT = 300
ANSWER_ITEM_LIMIT = 120
ANSWER_ITEMS = 20
"""Limits of an answer in the status: room for an accessibility need written in full."""
SHORTENED_NOTE = (
    "(Answers marked … are shortened; the form's tool called with no arguments shows them in full.)"
)


def render_status(state: FormState) -> str | None:
    """The status text for `state`; None only for a form with nothing to say (no open step
    and no answers)."""
    definition = state.definition
    step = state.open_step
    lines: list[str] = []
    if step is not None:
        head = (
            f"Form '{definition.title}' ({definition.id}) — step {step.number} of "
            f"{len(state.steps)} '{step.step.title}': still missing: "
            f"{_fields(definition, step.missing)}."
        )
        later = [name for other in state.steps[step.number :] for name in other.missing]
        if later:
            head += f" Later steps still need: {_fields(definition, later)}."
        lines.append(head + f" Answered: {len(state.values)} of {len(state.applicable)}.")
    elif state.values:
        lines.append(f"Form '{definition.title}' ({definition.id}) — complete.")
    shortened = False
    if state.values:
        lines.append("Answers:")
        for name, value in state.values.items():
            text, cut = _answer(value)
            shortened = shortened or cut
            lines.append(f"- {definition.labels[name]} ({name}): {text}")
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
    if shortened:
        lines.append(SHORTENED_NOTE)
    return "\n".join(lines) or None


def _answer(value: JsonValue) -> tuple[str, bool]:
    """An answer as one line of JSON, and whether it was shortened."""
    if isinstance(value, list):
        shown = [_shorten(item, ANSWER_ITEM_LIMIT) for item in value[:ANSWER_ITEMS]]
        text = json.dumps(shown, ensure_ascii=False)
        more = len(value) - ANSWER_ITEMS
        if more > 0:
            text += f" … and {more} more"
        return text, more > 0 or shown != [_shorten(item, None) for item in value]
    shown_value = _shorten(value, ANSWER_TEXT_LIMIT)
    return json.dumps(shown_value, ensure_ascii=False), shown_value != _shorten(value, None)


def compact(value: JsonValue) -> str:
    """A value as one line of JSON: text on one line, shortened past a limit."""
    if isinstance(value, list):
        value = [_shorten(item, ITEM_LIMIT) for item in value]
    return json.dumps(_shorten(value, TEXT_LIMIT), ensure_ascii=False)


def _shorten(value: JsonValue, limit: int | None) -> JsonValue:
    """Text on one line (any run of white space, line breaks too, is one space), sensitive
    values held back (`hold_back`), cut to `limit` characters with "…" (None: not cut)."""
    if not isinstance(value, str):
        return value
    text = hold_back(" ".join(value.split()))
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def _fields(definition: FormDefinition, names: Iterable[str]) -> str:
    return ", ".join(f"{definition.labels[name]} ({name})" for name in names)
