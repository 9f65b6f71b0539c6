"""The assistant's tools for one trip: patch-style, validated, one undo step per call. No tool
replaces a whole set: a model that skipped a read can change or remove only what it names."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import KW_ONLY, dataclass
from datetime import date, time
from functools import cache
from typing import Any, Literal

from pydantic import Field

from concierge.agent import ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.model.kinds import ITEM_KINDS, ItemKindSpec
from concierge.store import (
    ChangeContext,
    DocumentRepository,
    ItineraryItemRecord,
    ItineraryRepository,
    Outcome,
    StopRecord,
    TripRepository,
    field_labels,
)
from concierge.store.label_text import listed
from concierge.store.validation import ITEM_RULES, STOP_RULES, TRIP_RULES
from concierge.text import QT_TRANSLATE_NOOP

from ..edits.trips import TripEditor
from ..itinerary.item_zones import TripZones
from ..itinerary.stops import render_route
from ..safe_text.sensitive import sharing
from ..safe_text.value_text import field_text
from ..selection import SelectionState
from .feature import AssistantFeature
from .providers import TripReads, trip_provider
from .tool_args import rules_model
from .tool_support import ToolArgs, assistant_context, by_reference, store_errors, written
from .trip_reading import TripReader
from .trip_view import render_item, short_id
from .write_report import WriteReport


class StopRef(ToolArgs):
    action: Literal["add", "update", "move", "remove"]
    stop: int | None = Field(None, ge=1, description="Its number, 1 = first.")
    position: int | None = Field(None, ge=1, description="New number; add: default last.")


StopEdit: type[StopRef] = rules_model(
    "StopEdit",
    STOP_RULES,
    patch=True,
    terse=True,
    base=StopRef,
    doc="Name only what changes; a date set to null is cleared.",
)

TripChanges: type[ToolArgs] = rules_model("TripChanges", TRIP_RULES, patch=True, terse=True)


class ItemAction(ToolArgs):
    action: Literal["add", "update", "move", "remove"]
    item_id: str | None = Field(None, description="Not for add.")
    position: int | None = Field(None, ge=0, description="0-based in the day; default last.")


@cache
def _item_edit(kinds: tuple[ItemKindSpec, ...]) -> type[ItemAction]:
    """One model per table of kinds (`kinds`, the key): the kind field's choices are read
    when the model is made."""
    return rules_model("ItemEdit", ITEM_RULES, patch=True, terse=True, base=ItemAction)


def item_edit() -> type[ItemAction]:
    """`edit_itinerary`'s arguments, made again when the table of kinds changes, so the
    schema's kinds are the table's."""
    return _item_edit(ITEM_KINDS.rows)


ItemEdit = item_edit()

_ITEM_NOUNS = {
    "add": QT_TRANSLATE_NOOP("ChangeLabel", "addition of “{title}”"),
    "update": QT_TRANSLATE_NOOP("ChangeLabel", "edit of “{title}”"),
    "move": QT_TRANSLATE_NOOP("ChangeLabel", "move of “{title}”"),
    "remove": QT_TRANSLATE_NOOP("ChangeLabel", "removal of “{title}”"),
}
"""How the undo menu names each `edit_itinerary` action ("the assistant’s move of …")."""
_MOVE_FIELDS = frozenset({"day", "position"})
_ACTION_FIELDS = frozenset({"action", "item_id", "position"})

_STOP_NOUNS = {
    "update": QT_TRANSLATE_NOOP("ChangeLabel", "edit of stop “{place}”"),
    "move": QT_TRANSLATE_NOOP("ChangeLabel", "move of stop “{place}”"),
    "remove": QT_TRANSLATE_NOOP("ChangeLabel", "removal of stop “{place}”"),
}
"""How the undo menu names each `edit_stops` action ("the assistant’s removal of …")."""


@dataclass(eq=False)
class TripTools:
    """Builds the tools bound to one trip and the repositories behind the forms."""

    trip_id: str
    trips: TripRepository
    itinerary: ItineraryRepository
    editor: TripEditor
    report: WriteReport
    documents: DocumentRepository | None = None

    def all(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="update_trip",
                title="Change the trip",
                description="Change fields of the trip.",
                input_model=TripChanges,
                handler=self.update_trip,
            ),
            Tool(
                name="edit_stops",
                title="Change the route",
                description="Add, update, move or remove a stop of the route (home is not a stop).",
                input_model=StopEdit,
                handler=self.edit_stops,
                requires_permission=_removes_stop,
                describe_permission=self.describe_stop_removal,
            ),
            Tool(
                name="edit_itinerary",
                title="Change the itinerary",
                description="Add, update, move or remove an itinerary item.",
                input_model=item_edit(),
                handler=self.edit_itinerary,
                requires_permission=_removes_item,
                describe_permission=self.describe_removal,
            ),
        ]

    async def update_trip(self, args: ToolArgs, ctx: ToolContext) -> ToolOutput:
        changes = {name: getattr(args, name) for name in sorted(args.model_fields_set)}
        if not changes:
            raise ToolError("Name at least one field to change.")
        names = ", ".join(changes)
        await self.report.before()
        async with store_errors():
            outcome = await self.editor.apply(
                self.trip_id,
                changes,
                context=assistant_context(
                    ctx,
                    QT_TRANSLATE_NOOP("ChangeLabel", "change to {fields}").format(
                        fields=listed(field_labels(changes))
                    ),
                ),
            )
        trip = written(outcome).record
        with sharing(trip.shared_values):
            shown = "; ".join(f"{name} = {_shown(name, getattr(trip, name))}" for name in changes)
        return await self.report.told(
            outcome, ToolOutput(f"Updated {shown}.", summary=f"updated {names}")
        )

    async def edit_stops(self, args: StopRef, ctx: ToolContext) -> ToolOutput:
        trip = await self.trips.get(self.trip_id)
        if trip is None:
            raise ToolError("The trip no longer exists.")
        stops = await self.editor.stops.stops(self.trip_id)
        given = args.model_fields_set - {"action", "stop", "position"}
        changes = {name: getattr(args, name) for name in sorted(given)}
        position = None if args.position is None else args.position - 1
        await self.report.before()
        outcome: Outcome[Any]
        async with store_errors():
            if args.action == "add":
                place = changes.get("place") or ""
                context = assistant_context(
                    ctx,
                    QT_TRANSLATE_NOOP("ChangeLabel", "addition of stop “{place}”").format(
                        place=place
                    ),
                )
                outcome = await self.editor.add_stop(
                    self.trip_id, changes, position, context=context
                )
                done = f"Added stop “{place}”"
            else:
                stop = _numbered(stops, args.stop)
                what = _STOP_NOUNS[args.action].format(place=stop.place)
                context = assistant_context(ctx, what)
                if args.action == "update":
                    if not changes:
                        raise ToolError("Name at least one of place, arrive, depart to change.")
                    outcome = await self.editor.update_stop(stop.id, changes, context=context)
                elif args.action == "move":
                    if position is None:
                        raise ToolError("Give the position (number) to move the stop to.")
                    outcome = await self.editor.stops.move(stop.id, position, context=context)
                else:
                    outcome = await self.editor.stops.remove(stop.id, context=context)
                done = f"{args.action.capitalize()}d stop {args.stop} “{stop.place}”"
        outcome = written(outcome)
        route = render_route(trip.origin, await self.editor.stops.stops(self.trip_id))
        output = ToolOutput(f"{done}. Route: {route}", summary=f"{done.lower()}")
        return await self.report.told(outcome, output)

    async def describe_stop_removal(self, args: StopRef) -> str:
        stops = await self.editor.stops.stops(self.trip_id)
        if args.stop is None or not 0 < args.stop <= len(stops):
            return f"Remove stop {args.stop} from the route?"
        return f"Remove stop {args.stop} “{stops[args.stop - 1].place}” from the route?"

    async def edit_itinerary(self, args: ItemAction, ctx: ToolContext) -> ToolOutput:
        fields = args.model_fields_set - _ACTION_FIELDS
        await self.report.before()
        if args.action == "add":
            if args.item_id is not None:
                raise ToolError("add makes a new item: leave out item_id.")
            return await self.add_item(args, ctx)
        if args.item_id is None:
            raise ToolError(f"{args.action} needs the item_id shown in brackets.")
        item = await self._item(args.item_id)
        context = assistant_context(ctx, _ITEM_NOUNS[args.action].format(title=item.title))
        if args.action == "update":
            if "position" in args.model_fields_set:
                raise ToolError("update does not take position; use move.")
            return await self.update_item(item, args, fields, context)
        if args.action == "move":
            if fields - _MOVE_FIELDS:
                raise ToolError(f"move takes only day and position, not {', '.join(fields)}.")
            return await self.move_item(item, args, context)
        if fields or args.position is not None:
            raise ToolError("remove takes only the item_id.")
        return await self.remove_item(item, context)

    async def add_item(self, args: ItemAction, ctx: ToolContext) -> ToolOutput:
        trip = await self.trips.get(self.trip_id)
        if trip is None:
            raise ToolError("The trip no longer exists.")
        given = args.model_dump(include=args.model_fields_set - {"action"})
        missing = [name for name in ("day", "title") if given.get(name) is None]
        if missing:
            raise ToolError(f"add needs {' and '.join(missing)}.")
        position, title = given.pop("position", None), given["title"]
        zones = TripZones.of(await self.editor.stops.stops(self.trip_id))
        values = {"timezone": zones.on(given["day"]), **given}
        if values.get("cost_amount") is not None and not values.get("cost_currency"):
            values["cost_currency"] = trip.budget_currency
        async with store_errors():
            outcome = await self.itinerary.add(
                self.trip_id,
                values,
                position=position,
                context=assistant_context(ctx, _ITEM_NOUNS["add"].format(title=title)),
            )
        item = written(outcome).record
        output = ToolOutput(
            f"Added {item.day.isoformat()} {await self._render(item)}.",
            summary=f"added [{short_id(item.id)}] {item.title}",
        )
        return await self.report.told(outcome, output)

    async def update_item(
        self,
        item: ItineraryItemRecord,
        args: ItemAction,
        fields: set[str],
        context: ChangeContext,
    ) -> ToolOutput:
        changes = {name: getattr(args, name) for name in sorted(fields)}
        if not changes:
            raise ToolError("Name at least one field of the item to change.")
        async with store_errors():
            outcome = await self.itinerary.update(item.id, changes, context=context)
        updated = written(outcome).record
        output = ToolOutput(
            f"Updated {updated.day.isoformat()} {await self._render(updated)}.",
            summary=f"updated [{short_id(item.id)}] {', '.join(changes)}",
        )
        return await self.report.told(outcome, output)

    async def move_item(
        self, item: ItineraryItemRecord, args: ItemAction, context: ChangeContext
    ) -> ToolOutput:
        day = getattr(args, "day", None)
        async with store_errors():
            outcome = await self.itinerary.move(
                item.id, day=day, position=args.position, context=context
            )
        moved = written(outcome).record
        output = ToolOutput(
            f"Moved to {moved.day.isoformat()}, position {moved.position}: "
            f"{await self._render(moved)}.",
            summary=f"moved [{short_id(item.id)}]",
        )
        return await self.report.told(outcome, output)

    async def describe_removal(self, args: ItemAction) -> str:
        try:
            item = await self._item(args.item_id or "")
        except ToolError:
            return f"Remove itinerary item [{args.item_id}]?"
        return f"Remove “{item.title}” ({item.day.isoformat()}) from the itinerary?"

    async def remove_item(self, item: ItineraryItemRecord, context: ChangeContext) -> ToolOutput:
        async with store_errors():
            outcome = written(await self.itinerary.remove(item.id, context=context))
        output = ToolOutput(
            f"Removed “{item.title}” from {item.day.isoformat()}.",
            summary=f"removed [{short_id(item.id)}]",
        )
        return await self.report.told(outcome, output)

    async def _render(self, item: ItineraryItemRecord) -> str:
        """The item as the snapshot shows it (its times in its effective zones), with the
        values shared on the trip."""
        trip = await self.trips.get(self.trip_id)
        zones = TripZones.of(await self.editor.stops.stops(self.trip_id))
        sources = (await self.itinerary.sources([item.id])).get(item.id, {})
        unverified = [name for name, source in sources.items() if source.unverified]
        order = list(ITEM_RULES)
        with sharing(trip.shared_values if trip is not None else ()):
            return render_item(item, unverified=sorted(unverified, key=order.index), zones=zones)

    async def _item(self, reference: str) -> ItineraryItemRecord:
        """An item of this trip by full or shortened id."""
        items = await self.itinerary.items(self.trip_id)
        return by_reference(items, reference, "itinerary item", "in the trip state")


def _removes_item(args: ItemAction) -> bool:
    """Whether the call is a removal the tool will try, so the person is asked; a malformed
    one is refused by the tool without asking."""
    given = args.model_fields_set == {"action", "item_id"} and args.item_id is not None
    return args.action == "remove" and given


def _removes_stop(args: StopRef) -> bool:
    given = args.model_fields_set == {"action", "stop"} and args.stop is not None
    return args.action == "remove" and given


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


@dataclass(eq=False)
class TripFeature(AssistantFeature):
    """The trip itself: its fields, stops and itinerary as tools (`read_trip` first) and as the
    "trip" block centred on what `selection` holds, within `room`."""

    name = "trip"

    trip_tools: TripTools
    reader: TripReader
    _: KW_ONLY
    selection: SelectionState | None = None
    reads: TripReads | None = None
    room: Callable[[], Awaitable[int]] | None = None

    def tools(self) -> list[Tool[Any]]:
        return [self.reader.tool(), *self.trip_tools.all()]

    def status_provider(self) -> ContextProvider:
        tools = self.trip_tools
        return trip_provider(
            tools.trips,
            tools.itinerary,
            tools.trip_id,
            self.reader.stops,
            tools.documents,
            allowance=self.room if self.room is not None else self.allowance(),
            selection=self.selection,
            reads=self.reads,
        )
