"""Pinned context on the assistant's side: tools to pin and unpin preferences and facts, and
the provider that renders them, all-trip pins first, each scope in its stable order."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from concierge.agent import AbortSignal, ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import PinRecord, PinRepository
from concierge.store.validation import PIN_TEXT_LIMIT

from ..value_text import free_text
from .feature import AssistantFeature
from .tool_support import ToolArgs, assistant_context, by_reference, store_errors
from .trip_view import headed_lists, short_id

TEXT_LIMIT = PIN_TEXT_LIMIT


class NewPin(ToolArgs):
    text: str = Field(
        min_length=1,
        max_length=TEXT_LIMIT,
        description="The preference or fact, short, in the person's words, e.g. 'vegetarian'.",
    )
    all_trips: bool = Field(
        False,
        description="True for a standing preference that holds for every trip; "
        "default: this trip only.",
    )


class PinRef(ToolArgs):
    pin_id: str = Field(min_length=4, description="The pin's id as shown in brackets.")


class PinFeature(AssistantFeature):
    """The pins that apply to one trip; its provider is called "pinned"."""

    disclosed = True

    def __init__(self, pins: PinRepository, trip_id: str, *, name: str = "pinned") -> None:
        self.pins = pins
        self.trip_id = trip_id
        self.name = name

    def tools(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="pin",
                title="Pin a note",
                description="Pin a preference or fact the person wants you to keep in mind "
                "('no red-eye flights'); it appears under 'pinned' in every runtime context.",
                input_model=NewPin,
                handler=self.pin,
            ),
            Tool(
                name="unpin",
                title="Unpin a note",
                description="Remove a pin. The person is asked to confirm.",
                input_model=PinRef,
                handler=self.unpin,
                requires_permission=True,
                describe_permission=self.describe_unpin,
            ),
        ]

    def status_provider(self) -> ContextProvider:
        pins, trip_id = self.pins, self.trip_id

        async def pinned(signal: AbortSignal) -> str | None:
            records = await pins.list_for_trip(trip_id)
            everywhere = [render_pin(pin) for pin in records if pin.all_trips]
            here = [render_pin(pin) for pin in records if not pin.all_trips]
            return headed_lists(
                ("Pinned by the person, for all trips:", everywhere),
                ("Pinned by the person, for this trip:", here),
            )

        return pinned

    async def pin(self, args: NewPin, ctx: ToolContext) -> ToolOutput:
        async with store_errors():
            pin = await self.pins.add(
                args.text,
                trip_id=None if args.all_trips else self.trip_id,
                context=assistant_context(ctx, f"pin “{args.text}”"),
            )
        return ToolOutput(
            f"Pinned {_named(pin)}.", summary=f"pinned [{short_id(pin.id)}] {_scope(pin)}"
        )

    async def describe_unpin(self, args: PinRef) -> str:
        try:
            pin = await self._pin(args.pin_id)
        except ToolError:
            return f"Unpin [{args.pin_id}]?"
        return f"Unpin “{pin.text}” ({_scope(pin)})?"

    async def unpin(self, args: PinRef, ctx: ToolContext) -> ToolOutput:
        pin = await self._pin(args.pin_id)
        async with store_errors():
            await self.pins.remove(
                pin.id, context=assistant_context(ctx, f"unpinning of “{pin.text}”")
            )
        return ToolOutput(f"Unpinned {_named(pin)}.", summary=f"unpinned [{short_id(pin.id)}]")

    async def _pin(self, reference: str) -> PinRecord:
        records = await self.pins.list_for_trip(self.trip_id)
        return by_reference(records, reference, "pin", "under 'pinned' in the runtime context")


def render_pin(pin: PinRecord) -> str:
    """One list line: the short id and the text."""
    return f"- [{short_id(pin.id)}] {free_text(pin.text)}"


def _scope(pin: PinRecord) -> str:
    return "all trips" if pin.all_trips else "this trip"


def _named(pin: PinRecord) -> str:
    return f"[{short_id(pin.id)}] “{free_text(pin.text)}” for {_scope(pin)}"
