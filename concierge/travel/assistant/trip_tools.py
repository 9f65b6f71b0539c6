"""The assistant's tools for one trip: patch-style, validated, one undo step per call.

No tool replaces a whole set: a model that skipped a read can change or remove only what it
names, never silently drop the rest.
"""

from __future__ import annotations

from datetime import date, time
from typing import Any, Literal

from pydantic import Field

from concierge.agent import ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import (
    DocumentRepository,
    ItineraryItemRecord,
    ItineraryRepository,
    StopRecord,
    StopRepository,
    TripRepository,
    and_list,
    field_labels,
)
from concierge.store.validation import ITEM_RULES, STOP_RULES, TRIP_RULES

from ..sensitive import sharing
from ..stops import render_route, stop_or_first
from ..trip_edits import TripEditor
from ..value_text import field_text
from .feature import AssistantFeature
from .providers import trip_provider
from .tool_args import rules_model
from .tool_support import NoArguments, ToolArgs, assistant_context, by_reference, store_errors
from .trip_view import render_item, render_trip, short_id

STOP_TOOL_EXCLUDES = frozenset({"place_code", "timezone"})
"""Stop fields the editor fills from the place."""
TRIP_TOOL_EXCLUDES = frozenset({"origin_code", "origin_tz", "shared_values"})
"""Trip fields the assistant does not write: the editor fills codes and zones from the
place, and only the person shares sensitive values."""


class StopRef(ToolArgs):
    action: Literal["add", "update", "move", "remove"]
    stop: int | None = Field(None, ge=1, description="Number in the route (1 = first stop).")
    position: int | None = Field(None, ge=1, description="Number to take; add: default last.")


StopEdit: type[StopRef] = rules_model(
    "StopEdit",
    STOP_RULES,
    exclude=STOP_TOOL_EXCLUDES,
    patch=True,
    terse=True,
    base=StopRef,
    doc="Name only what changes; a date set to null is cleared.",
)

NewItem: type[ToolArgs] = rules_model(
    "NewItem",
    ITEM_RULES,
    terse=True,
    extra={
        "position": (
            int | None,
            Field(None, ge=0, description="0-based place within the day; default: last."),
        )
    },
)

TripChanges: type[ToolArgs] = rules_model(
    "TripChanges",
    TRIP_RULES,
    exclude=TRIP_TOOL_EXCLUDES,
    patch=True,
    doc="Only the fields given are changed; a field set to null is cleared.",
)


class ItemRef(ToolArgs):
    item_id: str = Field(min_length=4, description="The item's id as shown in brackets.")


ItemChanges: type[ItemRef] = rules_model(
    "ItemChanges",
    ITEM_RULES,
    patch=True,
    terse=True,
    base=ItemRef,
    doc="Only the fields given are changed.",
)


class ItemMove(ItemRef):
    day: date | None = Field(None, description="New day; default: the item's own day.")
    position: int | None = Field(None, ge=0, description="0-based place; default: last.")


_STOP_NOUNS = {"update": "edit", "move": "move", "remove": "removal"}
"""How the undo menu names each `edit_stops` action ("the assistant’s removal of …")."""


class TripTools:
    """Builds the tools bound to one trip and the repositories behind the forms."""

    def __init__(
        self,
        trip_id: str,
        trips: TripRepository,
        itinerary: ItineraryRepository,
        editor: TripEditor,
        documents: DocumentRepository | None = None,
    ) -> None:
        self.trip_id = trip_id
        self.trips = trips
        self.itinerary = itinerary
        self.editor = editor
        self.documents = documents

    def all(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="get_trip",
                title="Read the trip",
                description="Read the whole trip with its itinerary.",
                input_model=NoArguments,
                handler=self.get_trip,
            ),
            Tool(
                name="update_trip",
                title="Change the trip",
                description="Change trip fields. Name only the fields to change; others stay "
                "as they are.",
                input_model=TripChanges,
                handler=self.update_trip,
            ),
            Tool(
                name="edit_stops",
                title="Change the route",
                description="Add, change, move or remove one stop of the route (home is the "
                "origin, not a stop).",
                input_model=StopEdit,
                handler=self.edit_stops,
            ),
            Tool(
                name="add_itinerary_item",
                title="Add to the itinerary",
                description="Add one item to a day of the itinerary.",
                input_model=NewItem,
                handler=self.add_item,
            ),
            Tool(
                name="update_itinerary_item",
                title="Change an itinerary item",
                description="Change fields of one itinerary item. Name only the fields to change.",
                input_model=ItemChanges,
                handler=self.update_item,
            ),
            Tool(
                name="move_itinerary_item",
                title="Move an itinerary item",
                description="Move one item to another day or position.",
                input_model=ItemMove,
                handler=self.move_item,
            ),
            Tool(
                name="remove_itinerary_item",
                title="Remove an itinerary item",
                description="Remove one itinerary item. The person is asked to confirm.",
                input_model=ItemRef,
                handler=self.remove_item,
                requires_permission=True,
                describe_permission=self.describe_removal,
            ),
        ]

    async def get_trip(self, args: NoArguments, ctx: ToolContext) -> ToolOutput:
        trip = await self.trips.get(self.trip_id)
        if trip is None:
            raise ToolError("The trip no longer exists.")
        items = await self.itinerary.items(self.trip_id)
        stops = await self.editor.stops.stops(self.trip_id)
        documents = [] if self.documents is None else await self.documents.for_trip(self.trip_id)
        return ToolOutput(
            render_trip(trip, items, stops, notes_limit=None, documents=documents),
            summary="(trip read)",
        )

    async def update_trip(self, args: ToolArgs, ctx: ToolContext) -> ToolOutput:
        changes = {name: getattr(args, name) for name in sorted(args.model_fields_set)}
        if not changes:
            raise ToolError("Name at least one field to change.")
        names = ", ".join(changes)
        async with store_errors():
            trip = await self.editor.apply(
                self.trip_id,
                changes,
                context=assistant_context(ctx, f"change to {and_list(field_labels(changes))}"),
            )
        with sharing(trip.shared_values):
            shown = "; ".join(f"{name} = {_shown(name, getattr(trip, name))}" for name in changes)
        return ToolOutput(f"Updated {shown}.", summary=f"updated {names}")

    async def edit_stops(self, args: StopRef, ctx: ToolContext) -> ToolOutput:
        trip = await self.trips.get(self.trip_id)
        if trip is None:
            raise ToolError("The trip no longer exists.")
        stops = await self.editor.stops.stops(self.trip_id)
        given = args.model_fields_set - {"action", "stop", "position"}
        changes = {name: getattr(args, name) for name in sorted(given)}
        position = None if args.position is None else args.position - 1
        async with store_errors():
            if args.action == "add":
                place = changes.get("place") or ""
                context = assistant_context(ctx, f"addition of stop “{place}”")
                await self.editor.add_stop(self.trip_id, changes, position, context=context)
                done = f"Added stop “{place}”"
            else:
                stop = _numbered(stops, args.stop)
                noun = _STOP_NOUNS[args.action]
                context = assistant_context(ctx, f"{noun} of stop “{stop.place}”")
                if args.action == "update":
                    if not changes:
                        raise ToolError("Name at least one of place, arrive, depart to change.")
                    await self.editor.update_stop(stop.id, changes, context=context)
                elif args.action == "move":
                    if position is None:
                        raise ToolError("Give the position (number) to move the stop to.")
                    await self.editor.stops.move(stop.id, position, context=context)
                else:
                    await self.editor.stops.remove(stop.id, context=context)
                done = f"{args.action.capitalize()}d stop {args.stop} “{stop.place}”"
        route = render_route(trip.origin, await self.editor.stops.stops(self.trip_id))
        return ToolOutput(f"{done}. Route: {route}", summary=f"{done.lower()}")

    async def add_item(self, args: ToolArgs, ctx: ToolContext) -> ToolOutput:
        trip = await self.trips.get(self.trip_id)
        if trip is None:
            raise ToolError("The trip no longer exists.")
        given = args.model_dump(include=args.model_fields_set)
        position, title = given.pop("position", None), given["title"]
        stop = stop_or_first(await self.editor.stops.stops(self.trip_id), given["day"])
        values = {"timezone": stop.timezone if stop is not None else None, **given}
        if values.get("cost_amount") is not None and not values.get("cost_currency"):
            values["cost_currency"] = trip.budget_currency
        async with store_errors():
            item = await self.itinerary.add(
                self.trip_id,
                values,
                position=position,
                context=assistant_context(ctx, f"addition of “{title}”"),
            )
        return ToolOutput(
            f"Added {item.day.isoformat()} {await self._render(item)}.",
            summary=f"added [{short_id(item.id)}] {item.title}",
        )

    async def update_item(self, args: ItemRef, ctx: ToolContext) -> ToolOutput:
        item = await self._item(args.item_id)
        changes = {
            name: getattr(args, name) for name in sorted(args.model_fields_set - {"item_id"})
        }
        if not changes:
            raise ToolError("Name at least one field of the item to change.")
        async with store_errors():
            updated = await self.itinerary.update(
                item.id, changes, context=assistant_context(ctx, f"edit of “{item.title}”")
            )
        return ToolOutput(
            f"Updated {updated.day.isoformat()} {await self._render(updated)}.",
            summary=f"updated [{short_id(item.id)}] {', '.join(changes)}",
        )

    async def move_item(self, args: ItemMove, ctx: ToolContext) -> ToolOutput:
        item = await self._item(args.item_id)
        async with store_errors():
            moved = await self.itinerary.move(
                item.id,
                day=args.day,
                position=args.position,
                context=assistant_context(ctx, f"move of “{item.title}”"),
            )
        return ToolOutput(
            f"Moved to {moved.day.isoformat()}, position {moved.position}: "
            f"{await self._render(moved)}.",
            summary=f"moved [{short_id(item.id)}]",
        )

    async def describe_removal(self, args: ItemRef) -> str:
        try:
            item = await self._item(args.item_id)
        except ToolError:
            return f"Remove itinerary item [{args.item_id}]?"
        return f"Remove “{item.title}” ({item.day.isoformat()}) from the itinerary?"

    async def remove_item(self, args: ItemRef, ctx: ToolContext) -> ToolOutput:
        item = await self._item(args.item_id)
        async with store_errors():
            await self.itinerary.remove(
                item.id, context=assistant_context(ctx, f"removal of “{item.title}”")
            )
        return ToolOutput(
            f"Removed “{item.title}” from {item.day.isoformat()}.",
            summary=f"removed [{short_id(item.id)}]",
        )

    async def _render(self, item: ItineraryItemRecord) -> str:
        """The item as the snapshot shows it, with the values shared on the trip."""
        trip = await self.trips.get(self.trip_id)
        with sharing(trip.shared_values if trip is not None else ()):
            return render_item(item)

    async def _item(self, reference: str) -> ItineraryItemRecord:
        """An item of this trip by full or shortened id."""
        items = await self.itinerary.items(self.trip_id)
        return by_reference(items, reference, "itinerary item", "in the trip state")


def _numbered(stops: list[StopRecord], number: int | None) -> StopRecord:
    """The stop numbered `number` (1 = first) in the route."""
    if number is None:
        raise ToolError("Give the stop's number in the route (1 = first stop).")
    if number > len(stops):
        raise ToolError(f"The route has {len(stops)} stops; there is no stop {number}.")
    return stops[number - 1]


def _shown(name: str, value: object) -> str:
    """A changed trip field's new value, as the model may read it."""
    if value is None or value == "" or value == ():
        return "(cleared)"
    if isinstance(value, date | time):
        return value.isoformat()
    return field_text(TRIP_RULES[name], value)


class TripFeature(AssistantFeature):
    """The trip itself: its fields, stops and itinerary, as tools and as the "trip" block."""

    name = "trip"

    def __init__(self, tools: TripTools, stops: StopRepository) -> None:
        self.trip_tools = tools
        self.stops = stops

    def tools(self) -> list[Tool[Any]]:
        return self.trip_tools.all()

    def status_provider(self) -> ContextProvider:
        tools = self.trip_tools
        return trip_provider(
            tools.trips, tools.itinerary, tools.trip_id, self.stops, tools.documents
        )
