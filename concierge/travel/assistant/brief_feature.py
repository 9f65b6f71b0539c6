"""A form on the assistant's side: tools to read, fill and retract its answers, and the
default status provider (the answers, complete or not, and while the form is not complete
its open step and what is still missing).

The provider renders the engine's `render_status` from SQLite at every resolution, so an
answer given by a tool, or typed by the person into the form panel mid-turn, is in the
very next model call's snapshot.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field, JsonValue

from concierge.agent import AbortSignal, ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import and_list

from ..form_filler import FormFiller, FormFillError, FormWrite
from ..form_view import render_form
from ..forms import TRIP_BRIEF, FormDefinition, render_status
from ..forms.status import compact
from ..value_text import one_line
from .feature import AssistantFeature
from .tool_support import NoArguments, ToolArgs, assistant_context, store_errors
from .trip_view import short_id


class FillAnswers(ToolArgs):
    values: dict[str, JsonValue] = Field(min_length=1)


class RetractAnswer(ToolArgs):
    field: str = Field(min_length=1)


class FormFeature(AssistantFeature):
    """One form of one trip; its provider is called `name` ("brief" for the trip brief)."""

    disclosed = True

    def __init__(
        self,
        filler: FormFiller,
        trip_id: str,
        form: FormDefinition = TRIP_BRIEF,
        *,
        name: str = "brief",
    ) -> None:
        self.filler = filler
        self.trip_id = trip_id
        self.form = form
        self.name = name

    def tools(self) -> list[Tool[Any]]:
        title = self.form.title
        return [
            Tool(
                name="get_form",
                title=f"Read the {title}",
                description=f"Read the {title} form: every question, what it takes, when it "
                "applies, and the current answers.",
                input_model=NoArguments,
                handler=self.get_form,
            ),
            Tool(
                name="fill_form",
                title=f"Fill in the {title}",
                description=f"Answer questions of the {title} form as the person tells you. "
                "Name only the questions you have answers for; the others stay as they are. "
                "All answers are checked first: if one cannot be read, nothing is saved and "
                "the error says what each question expects. An empty list means 'none'.",
                input_model=_fill_model(self.form),
                handler=self.fill_form,
            ),
            Tool(
                name="retract_form_answer",
                title=f"Clear an answer in the {title}",
                description=f"Withdraw the answer to one question of the {title} form when "
                "the person takes it back. To change an answer, use fill_form instead.",
                input_model=_retract_model(self.form),
                handler=self.retract_answer,
            ),
        ]

    def status_provider(self) -> ContextProvider:
        filler, trip_id, form = self.filler, self.trip_id, self.form

        async def form_status(signal: AbortSignal) -> str | None:
            return render_status(await filler.state(trip_id, form))

        return form_status

    async def get_form(self, args: NoArguments, ctx: ToolContext) -> ToolOutput:
        state = await self.filler.state(self.trip_id, self.form)
        return ToolOutput(render_form(state), summary=f"({self.form.title} read)")

    async def fill_form(self, args: FillAnswers, ctx: ToolContext) -> ToolOutput:
        names = ", ".join(args.values)
        labels = and_list([self.form.labels.get(name, name) for name in args.values])
        context = assistant_context(ctx, f"answers to {labels} in the {self.form.title}")
        try:
            async with store_errors():
                written = await self.filler.fill(
                    self.trip_id, self.form, args.values, context=context
                )
        except FormFillError as error:
            raise ToolError(str(error)) from None
        if written.events:
            saved = "; ".join(f"{e.field}={compact(e.value)}" for e in written.events)
            head = f"Saved in the {self.form.title}: {saved}."
        else:
            head = f"No change: the {self.form.title} already had these answers."
        idle = [name for name in args.values if not written.state.applies(name)]
        if idle:
            head += " Kept, but does not apply now: " + "; ".join(
                f"{name} (only when {self.form.explain_condition(name)})" for name in idle
            )
            head += "."
        return ToolOutput(_with_outcome(head, written), summary=f"filled {names}")

    async def retract_answer(self, args: RetractAnswer, ctx: ToolContext) -> ToolOutput:
        context = assistant_context(
            ctx,
            f"clearing of {self.form.labels.get(args.field, args.field)} in the {self.form.title}",
        )
        try:
            async with store_errors():
                written = await self.filler.retract(
                    self.trip_id, self.form, [args.field], context=context
                )
        except FormFillError as error:
            raise ToolError(str(error)) from None
        label = f"{args.field} ({self.form.labels[args.field]})"
        head = (
            f"Withdrew the answer to {label}."
            if written.events
            else f"{label} had no answer; nothing changed."
        )
        return ToolOutput(_with_outcome(head, written), summary=f"retracted {args.field}")


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


def _fill_model(form: FormDefinition) -> type[FillAnswers]:
    """`FillAnswers` whose schema lists the form's questions with their JSON types, so the
    model sees names, types and choices; reading the answers is the engine's job."""

    def schema(json_schema: dict[str, Any]) -> None:
        json_schema.pop("$defs", None)
        json_schema["properties"]["values"] = {
            "type": "object",
            "description": "Question name → answer.",
            "properties": {item.name: _question_schema(form, item.name) for item in form.fields},
            "additionalProperties": False,
            "minProperties": 1,
        }

    class FillFormAnswers(FillAnswers):
        model_config = ConfigDict(extra="forbid", json_schema_extra=schema)

    return FillFormAnswers


def _retract_model(form: FormDefinition) -> type[RetractAnswer]:
    def schema(json_schema: dict[str, Any]) -> None:
        json_schema["properties"]["field"] = {
            "type": "string",
            "enum": list(form.names),
            "description": "The question's name.",
        }

    class RetractFormAnswer(RetractAnswer):
        model_config = ConfigDict(extra="forbid", json_schema_extra=schema)

    return RetractFormAnswer


def _question_schema(form: FormDefinition, name: str) -> dict[str, Any]:
    item = form.field(name)
    schema = item.json_schema
    when = form.explain_condition(name)
    notes = [item.help, "Required." if item.required else "Optional."]
    if when:
        notes.append(f"Only when {when}.")
    schema["description"] = " ".join(note for note in notes if note)
    return schema
