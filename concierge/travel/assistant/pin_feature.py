"""Pinned context on the assistant's side. Only the person confirms a proposed constraint (the store
refuses the assistant doing so)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from concierge.agent import AbortSignal, ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.model.constraints import parse_rule
from concierge.store import PinRecord, PinRepository
from concierge.text import QT_TRANSLATE_NOOP

from ..safe_text.value_text import free_text
from .feature import AssistantFeature
from .snapshot_budget import Section, fit_sections
from .tool_support import ToolArgs, assistant_context, by_reference, store_errors
from .trip_view import short_id


class PinEdit(ToolArgs):
    action: Literal["add", "remove", "propose"]
    text: str | None = Field(None, description="add: short, their words.")
    all_trips: bool = Field(False, description="add: holds for every trip.")
    pin_id: str | None = Field(None, description="remove, propose.")
    rule: str | None = Field(None, description="add, propose: e.g. max_flights(2)")


@dataclass(eq=False)
class PinFeature(AssistantFeature):
    """The pins that apply to one trip, as the "pins" tool and the "pinned" block."""

    name = "pinned"
    disclosed = True

    pins: PinRepository
    trip_id: str

    def tools(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="pins",
                title="Change the pins",
                description="Pin a preference or fact to keep in mind, or remove a pin.",
                input_model=PinEdit,
                handler=self.edit,
                requires_permission=lambda args: (
                    args.action == "remove"
                    and args.model_fields_set == {"action", "pin_id"}
                    and args.pin_id is not None
                ),
                describe_permission=self.describe_unpin,
            )
        ]

    def status_provider(self) -> ContextProvider:
        pins, trip_id, allowance = self.pins, self.trip_id, self.allowance()

        async def pinned(signal: AbortSignal) -> str | None:
            records = await pins.list_for_trip(trip_id)
            everywhere = [render_pin(pin) for pin in records if pin.all_trips]
            here = [render_pin(pin) for pin in records if not pin.all_trips]
            return fit_sections(
                [
                    Section(
                        "Pinned by the person, for all trips:",
                        everywhere,
                        lambda count: f"- … {count:,} more pins for all trips",
                    ),
                    Section(
                        "Pinned by the person, for this trip:",
                        here,
                        lambda count: f"- … {count:,} more pins for this trip",
                    ),
                ],
                allowance,
            )

        return pinned

    async def edit(self, args: PinEdit, ctx: ToolContext) -> ToolOutput:
        if args.action == "remove":
            if args.pin_id is None or args.model_fields_set - {"action", "pin_id"}:
                raise ToolError("remove takes only the pin_id shown in brackets.")
            return await self.unpin(args.pin_id, ctx)
        if args.action == "propose":
            if args.pin_id is None or args.rule is None or args.model_fields_set - PROPOSE:
                raise ToolError("propose takes only the pin_id shown in brackets and a rule.")
            return await self.propose(args.pin_id, args.rule, ctx)
        if args.text is None or args.pin_id is not None:
            raise ToolError("add takes the text (and all_trips, rule), not a pin_id.")
        return await self.pin(args.text, args.all_trips, args.rule, ctx)

    async def pin(
        self, text: str, all_trips: bool, rule: str | None, ctx: ToolContext
    ) -> ToolOutput:
        async with store_errors():
            pin = (
                await self.pins.add(
                    text,
                    trip_id=None if all_trips else self.trip_id,
                    rule=rule,
                    context=assistant_context(
                        ctx, QT_TRANSLATE_NOOP("ChangeLabel", "pin “{text}”").format(text=text)
                    ),
                )
            ).record
        return ToolOutput(
            f"Pinned {_named(pin)}{_proposal(pin)}.",
            summary=f"pinned [{short_id(pin.id)}] {_scope(pin)}",
        )

    async def propose(self, reference: str, rule: str, ctx: ToolContext) -> ToolOutput:
        pin = await self._pin(reference)
        async with store_errors():
            pin = (
                await self.pins.set_rule(
                    pin.id,
                    rule,
                    context=assistant_context(
                        ctx,
                        QT_TRANSLATE_NOOP("ChangeLabel", "constraint for “{text}”").format(
                            text=pin.text
                        ),
                    ),
                )
            ).record
        if pin.rule is None:
            return ToolOutput(
                f"Withdrew the proposed constraint of {_named(pin)}.",
                summary=f"withdrew the rule of [{short_id(pin.id)}]",
            )
        return ToolOutput(
            f"For {_named(pin)}{_proposal(pin)}.",
            summary=f"proposed {pin.rule} for [{short_id(pin.id)}]",
        )

    async def describe_unpin(self, args: PinEdit) -> str:
        try:
            pin = await self._pin(args.pin_id or "")
        except ToolError:
            return f"Unpin [{args.pin_id}]?"
        return f"Unpin “{pin.text}” ({_scope(pin)})?"

    async def unpin(self, reference: str, ctx: ToolContext) -> ToolOutput:
        pin = await self._pin(reference)
        async with store_errors():
            await self.pins.remove(
                pin.id,
                context=assistant_context(
                    ctx,
                    QT_TRANSLATE_NOOP("ChangeLabel", "unpinning of “{text}”").format(text=pin.text),
                ),
            )
        return ToolOutput(f"Unpinned {_named(pin)}.", summary=f"unpinned [{short_id(pin.id)}]")

    async def _pin(self, reference: str) -> PinRecord:
        records = await self.pins.list_for_trip(self.trip_id)
        return by_reference(records, reference, "pin", "under 'pinned' in the runtime context")


PROPOSE = frozenset({"action", "pin_id", "rule"})


def render_pin(pin: PinRecord) -> str:
    """One list line: the short id, the text, and the rule it states, if any (marked while
    the person has not confirmed it: the app checks only confirmed ones)."""
    line = f"- [{short_id(pin.id)}] {free_text(pin.text)}"
    if pin.rule is None:
        return line
    return f"{line}; rule {free_text(pin.rule)}" + (" (proposed)" if pin.proposed else "")


def _proposal(pin: PinRecord) -> str:
    if pin.rule is None:
        return ""
    description = parse_rule(pin.rule).description
    return (
        f", with the proposed constraint {pin.rule} (“{description}”): it is checked once the "
        "person confirms it in the Pinned panel"
    )


def _scope(pin: PinRecord) -> str:
    return "all trips" if pin.all_trips else "this trip"


def _named(pin: PinRecord) -> str:
    return f"[{short_id(pin.id)}] “{free_text(pin.text)}” for {_scope(pin)}"
