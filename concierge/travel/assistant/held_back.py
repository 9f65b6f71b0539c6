"""The sensitive values a trip holds, where each is written and whether the person shared it (what
"What the assistant sees" lists), and the one write that shares a value or takes it back."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from pydantic import JsonValue

from concierge.model.fields import ITEM, TRIP, FieldRule
from concierge.store import ChangeContext, Outcome, TripRecord

from ..safe_text.sensitive import Found, find_sensitive, normalised
from ..services import TravelServices


@dataclass(frozen=True, slots=True)
class OnFile:
    """One sensitive value: `what` it is ("passport number"), the `value`, `where` it is
    written ("trip notes"), and whether the person `shared` it with the assistant."""

    what: str
    value: str
    where: str
    shared: bool


def _texts(value: JsonValue | object) -> Iterator[str]:
    """Every string in a value (a tuple of interests, a JSON answer)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for part in value:
            yield from _texts(part)
    elif isinstance(value, dict):
        for part in value.values():
            yield from _texts(part)


@functools.lru_cache(maxsize=4096)
def _sensitive_in(text: str) -> tuple[Found, ...]:
    """`find_sensitive`, kept by text: the list is read again after every write to the trip,
    and most of its texts are the same as the last time."""
    return tuple(find_sensitive(text))


def _found(
    record: object, rules: Mapping[str, FieldRule], text_fields: Iterable[str], where: str
) -> Iterator[tuple[str, str, str]]:
    for name, rule in rules.items():
        value = getattr(record, name, None)
        if rule.sensitive and value not in (None, ""):
            yield rule.label.lower(), str(value), f"{where} {rule.label.lower()}"
    for name in text_fields:
        for text in _texts(getattr(record, name, "")):
            for found in _sensitive_in(text):
                yield found.what, found.value, f"{where} {rules[name].label.lower()}"


async def values_on_file(services: TravelServices, trip_id: str) -> list[OnFile]:
    """The trip's sensitive values in the order the snapshot shows them, each value once."""
    trip = await services.trips.get(trip_id)
    if trip is None:
        return []
    found: list[tuple[str, str, str]] = list(_found(trip, TRIP.fields, TRIP.prose, "Trip"))
    for item in await services.itinerary.items(trip_id):
        found.extend(_found(item, ITEM.fields, ITEM.prose, f"“{item.title}”"))
    for pin in await services.pins.list_for_trip(trip_id):
        found.extend((f.what, f.value, "Pin") for f in _sensitive_in(pin.text))
    for instance in await services.forms.instances(trip_id):
        answers = await services.forms.answers(trip_id, instance.form_id)
        for name, answer in answers.items():
            for text in _texts(answer):
                found.extend((f.what, f.value, f"Answer to {name}") for f in _sensitive_in(text))
    shared = {normalised(value) for value in trip.shared_values}
    seen: set[str] = set()
    listed: list[OnFile] = []
    for what, value, where in found:
        key = normalised(value)
        if key not in seen:
            seen.add(key)
            listed.append(OnFile(what, value, where, key in shared))
    return listed


async def set_shared(
    services: TravelServices, trip_id: str, value: str, shared: bool, context: ChangeContext
) -> Outcome[TripRecord]:
    """Share `value` with the assistant on this trip, or (`shared` false) hold it back again."""
    trip = await services.trips.get(trip_id)
    if trip is None:
        raise LookupError(f"No trip {trip_id}.")
    key = normalised(value)
    kept = [old for old in trip.shared_values if normalised(old) != key]
    values = [*kept, value] if shared else kept
    return await services.trips.update(trip_id, {"shared_values": values}, context=context)
