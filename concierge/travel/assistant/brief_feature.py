"""A form on the assistant's side: one tool for its answers, and the status provider, read from
SQLite at every resolution so an answer typed mid-turn is in the next call."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import KW_ONLY, dataclass
from typing import Any

from pydantic import ConfigDict, Field, JsonValue

from concierge.agent import AbortSignal, ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import ChangeContext, and_list
from concierge.store.label_text import listed
from concierge.text import QT_TRANSLATE_NOOP, Translatable

from ..edits.form_filler import FormFiller, FormFillError, FormWrite
from ..forms import TRIP_BRIEF, FormDefinition, render_status
from ..forms.state import FormState
from ..forms.status import LIMITS, answer_line, compact, status_parts
from ..forms.view import render_form
from ..safe_text.value_text import one_line
from .feature import AssistantFeature
from .snapshot_budget import estimate_tokens
from .tool_support import ToolArgs, assistant_context, store_errors
from .trip_view import short_id


class FormEdit(ToolArgs):
    """Answers to save, or questions whose answers to withdraw; neither: read the form."""

    answers: dict[str, JsonValue] | None = Field(None, min_length=1)
    retract: list[str] | None = Field(None, min_length=1)


@dataclass(eq=False)
class FormFeature(AssistantFeature):
    """One form of one trip; its provider is called `name` ("brief" for the trip brief)."""

    disclosed = True

    filler: FormFiller
    trip_id: str
    form: FormDefinition = TRIP_BRIEF
    _: KW_ONLY
    name: str = "brief"

    def tools(self) -> list[Tool[Any]]:
        title = self.form.title
        return [
            Tool(
                name=self.name,
                title=f"Fill in the {title}",
                description=f"Save or retract answers in the {title}; with neither, read it all.",
                input_model=_edit_model(self.form),
                handler=self.edit,
            )
        ]

    def status_provider(self) -> ContextProvider:
        filler, trip_id, form, allowance = self.filler, self.trip_id, self.form, self.allowance()

        async def form_status(signal: AbortSignal) -> str | None:
            return fit_status(await filler.state(trip_id, form), allowance)

        return form_status

    async def edit(self, args: FormEdit, ctx: ToolContext) -> ToolOutput:
        if args.answers is not None and args.retract is not None:
            raise ToolError("Send answers or retract in one call, not both.")
        if args.answers is not None:
            return await self.fill(args.answers, ctx)
        if args.retract is not None:
            return await self.retract(args.retract, ctx)
        state = await self.filler.state(self.trip_id, self.form)
        return ToolOutput(render_form(state), summary=f"({self.form.title} read)")

    async def fill(self, answers: dict[str, JsonValue], ctx: ToolContext) -> ToolOutput:
        names = ", ".join(answers)
        context = self._change(
            ctx, QT_TRANSLATE_NOOP("ChangeLabel", "answers to {fields} in the {form}"), answers
        )
        async with _fill_errors():
            written = await self.filler.fill(self.trip_id, self.form, answers, context=context)
        if written.events:
            saved = "; ".join(f"{e.field}={compact(e.value)}" for e in written.events)
            head = f"Saved in the {self.form.title}: {saved}."
        else:
            head = f"No change: the {self.form.title} already had these answers."
        idle = [name for name in answers if not written.state.applies(name)]
        if idle:
            head += " Kept, but does not apply now: " + "; ".join(
                f"{name} (only when {self.form.explain_condition(name)})" for name in idle
            )
            head += "."
        return ToolOutput(_with_outcome(head, written), summary=f"filled {names}")

    async def retract(self, fields: list[str], ctx: ToolContext) -> ToolOutput:
        context = self._change(
            ctx, QT_TRANSLATE_NOOP("ChangeLabel", "clearing of {fields} in the {form}"), fields
        )
        async with _fill_errors():
            written = await self.filler.retract(self.trip_id, self.form, fields, context=context)
        withdrawn = {event.field for event in written.events}
        named = [f"{name} ({self.form.labels[name]})" for name in fields]
        done = [label for name, label in zip(fields, named, strict=True) if name in withdrawn]
        kept = [label for name, label in zip(fields, named, strict=True) if name not in withdrawn]
        parts = []
        if done:
            parts.append(f"Withdrew the answer to {and_list(done)}.")
        if kept:
            parts.append(f"{and_list(kept)} had no answer; nothing changed.")
        return ToolOutput(
            _with_outcome(" ".join(parts), written), summary=f"retracted {', '.join(fields)}"
        )

    def _change(
        self, ctx: ToolContext, template: Translatable, fields: Iterable[str]
    ) -> ChangeContext:
        """The call's change, named by `template` with the fields' labels and the form."""
        labels = listed([self.form.labels.get(name, name) for name in fields])
        return assistant_context(ctx, template.format(fields=labels, form=self.form.title))


@asynccontextmanager
async def _fill_errors() -> AsyncIterator[None]:
    """The store's refusals and the filler's, as tool errors."""
    try:
        async with store_errors():
            yield
    except FormFillError as error:
        raise ToolError(str(error)) from None


def fit_status(state: FormState, allowance: int) -> str | None:
    """The status in `allowance` tokens: answers shortened a level at a time (`LIMITS`), the
    biggest saving first, until it fits; else the first answers that fit and a count."""
    definition, values = state.definition, state.values
    costs: dict[tuple[str, int], int] = {}

    def cost(name: str, level: int) -> int:
        if (name, level) not in costs:
            line = answer_line(definition, name, values[name], level)[0]
            costs[name, level] = estimate_tokens(line)
        return costs[name, level]

    def shorter(name: str, level: int) -> tuple[int, str, int] | None:
        """What shortening the answer to the next level that changes it saves."""
        for lower in range(level + 1, len(LIMITS)):
            if cost(name, lower) < cost(name, level):
                return cost(name, level) - cost(name, lower), name, lower
        return None

    text: str | None = None
    for shown in range(len(values), -1, -1):
        levels = dict.fromkeys(list(values)[:shown], 0)
        while True:
            text = status_parts(state, levels, shown).text()
            if text is None or estimate_tokens(text) <= allowance:
                return text
            steps = [step for name, level in levels.items() if (step := shorter(name, level))]
            if not steps:
                break
            _, name, lower = max(steps)
            levels[name] = lower
    return text


def _with_outcome(head: str, written: FormWrite) -> str:
    settled, title = written.settled, written.state.definition.title
    lines = [head]
    if settled.completed:
        lines.append(f"The {title} is now complete.")
    if settled.goals:
        lines.append(
            "Goals completed by this: "
            + ", ".join(f"[{short_id(goal.id)}] {one_line(goal.title)}" for goal in settled.goals)
            + "."
        )
    if settled.reopened:
        lines.append(f"The {title} is no longer complete.")
    status = render_status(written.state)
    if status is not None and not written.state.complete:  # Done: the head says so.
        lines.append(status)
    return "\n".join(lines)


def _edit_model(form: FormDefinition) -> type[FormEdit]:
    """`FormEdit` whose schema lists the form's questions with their types and choices; the
    engine reads the answers, and its errors say what each question takes."""

    def schema(json_schema: dict[str, Any]) -> None:
        json_schema.pop("$defs", None)
        json_schema["properties"] = {
            "answers": {
                "type": "object",
                "properties": {
                    item.name: _question_schema(item.json_schema) for item in form.fields
                },
            },
            "retract": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Question names.",
            },
        }

    class FormAnswers(FormEdit):
        model_config = ConfigDict(extra="forbid", json_schema_extra=schema)

    return FormAnswers


_QUESTION_KEYWORDS = frozenset({"type", "enum", "items"})
"""What a question's schema keeps: its type and choices. Its help and when it applies are in
the form panel and the status block; bounds are checked with a message."""


def _question_schema(schema: dict[str, Any]) -> dict[str, Any]:
    return {
        key: _question_schema(value) if key == "items" and isinstance(value, dict) else value
        for key, value in schema.items()
        if key in _QUESTION_KEYWORDS
    }
