"""The form's default status for the context provider: the answers, always, and while the form is
not complete its open step and what is still missing.

The answers stay once it is complete, because they are what the assistant plans with. An answer is
shown as JSON on one line under a label of the form's own, so text typed by a person or a model
cannot make structure of its own (R7); where the status must fit its share of the snapshot, its
longest answers are shortened further (`LIMITS`)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import JsonValue

from ..safe_text.sensitive import hold_back
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

MORE_ANSWERS = "- … {count:,} more answers (the form's tool shows them)"


@dataclass(frozen=True, slots=True)
class AnswerLimits:
    """How much of each answer the status shows: characters of a text, characters of a
    list's item, and items of a list."""

    text: int
    item: int
    items: int


LIMITS = (
    AnswerLimits(ANSWER_TEXT_LIMIT, ANSWER_ITEM_LIMIT, ANSWER_ITEMS),
    AnswerLimits(160, 60, 8),
    AnswerLimits(90, 40, 5),
    AnswerLimits(48, 24, 3),
    AnswerLimits(24, 16, 2),
)
"""An answer's limits by level, from 0 (the status's own) to the shortest: the levels a
status that must fit a smaller room takes, answer by answer."""


@dataclass(frozen=True, slots=True)
class StatusParts:
    """The status in three parts: `head`, one line per counted answer, and `tail`."""

    head: list[str]
    answers: list[str]
    tail: list[str]

    def text(self) -> str | None:
        return "\n".join([*self.head, *self.answers, *self.tail]) or None


def render_status(state: FormState) -> str | None:
    """The status text for `state`; None only for a form with nothing to say (no open step
    and no answers)."""
    return status_parts(state).text()


def status_parts(
    state: FormState, levels: Mapping[str, int] | None = None, shown: int | None = None
) -> StatusParts:
    """The status for `state`, each answer within the `LIMITS` of its level in `levels`; with
    `shown`, only the first `shown` answers."""
    levels = levels or {}
    hidden = 0 if shown is None else max(0, len(state.values) - shown)
    definition = state.definition
    step = state.open_step
    head: list[str] = []
    if step is not None:
        line = (
            f"Form '{definition.title}' ({definition.id}) — step {step.number} of "
            f"{len(state.steps)} '{step.step.title}': still missing: "
            f"{_fields(definition, step.missing)}."
        )
        later = [name for other in state.steps[step.number :] for name in other.missing]
        if later:
            line += f" Later steps still need: {_fields(definition, later)}."
        head.append(line + f" Answered: {len(state.values)} of {len(state.applicable)}.")
    elif state.values:
        head.append(f"Form '{definition.title}' ({definition.id}) — complete.")
    shortened = False
    answers: list[str] = []
    if state.values:
        head.append("Answers:")
        for name, value in list(state.values.items())[: len(state.values) - hidden]:
            line, cut = answer_line(definition, name, value, levels.get(name, 0))
            shortened = shortened or cut
            answers.append(line)
        if hidden:
            answers.append(MORE_ANSWERS.format(count=hidden))
    tail: list[str] = []
    if state.not_applicable:
        tail.append(
            "Kept but no longer applies (ignored): "
            + _fields(definition, state.not_applicable)
            + "."
        )
    if state.invalid:
        tail.append(
            "Stored answers that no longer fit (ask again): "
            + _fields(definition, state.invalid)
            + "."
        )
    if shortened:
        tail.append(SHORTENED_NOTE)
    return StatusParts(head, answers, tail)


def answer_line(
    definition: FormDefinition, name: str, value: JsonValue, level: int = 0
) -> tuple[str, bool]:
    """The status's line for the answer to `name`, within the `LIMITS` of `level`, and
    whether it was shortened."""
    text, cut = _answer(value, LIMITS[level])
    return f"- {definition.labels[name]} ({name}): {text}", cut


def _answer(value: JsonValue, limits: AnswerLimits) -> tuple[str, bool]:
    """An answer as one line of JSON, and whether it was shortened."""
    if isinstance(value, list):
        shown = [_shorten(item, limits.item) for item in value[: limits.items]]
        text = json.dumps(shown, ensure_ascii=False)
        more = len(value) - limits.items
        if more > 0:
            text += f" … and {more} more"
        return text, more > 0 or shown != [_shorten(item, None) for item in value]
    shown_value = _shorten(value, limits.text)
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
