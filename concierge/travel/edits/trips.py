"""Edits to a trip and its stops that need travel knowledge, so a place typed by the person and one
chosen by the model resolve to the same airport code and time zone."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Literal

from concierge.model.values import read_amount
from concierge.store import (
    ChangeContext,
    Outcome,
    StopRecord,
    StopRepository,
    TripRecord,
    TripRepository,
)

from ..errors import CurrencyError, TripEditError
from ..money.currencies import CURRENCIES, quantize_money, validate_currency
from ..places.index import PlaceIndex
from ..places.place import PlaceError

PlaceRole = Literal["origin", "stop"]
_PLACE_FIELDS: Mapping[PlaceRole, tuple[str, str, str]] = {
    "origin": ("origin", "origin_code", "origin_tz"),
    "stop": ("place", "place_code", "timezone"),
}
"""The stored fields of a place (its text, airport code, IANA zone) in each role."""


def place_text_field(role: PlaceRole) -> str:
    """The field holding a place's text in `role` (a stop's is `place`)."""
    return _PLACE_FIELDS[role][0]


class TripEditor:
    """Applies patch-style trip and stop edits after resolving places and checking
    currencies. `stops` defaults to the stops of the trips' database."""

    def __init__(
        self, trips: TripRepository, places: PlaceIndex, stops: StopRepository | None = None
    ) -> None:
        self.trips = trips
        self.places = places
        self.stops = stops if stops is not None else StopRepository(trips.database, trips.bus)

    def place_fields(self, role: PlaceRole, text: str, *, strict: bool) -> dict[str, object]:
        """The stored fields for a place typed as `text`: strict (the assistant), an unknown place
        is an error with suggestions; else the text is kept as written, without a code."""
        name, code, tz = _PLACE_FIELDS[role]
        text = text.strip()
        if not text:
            return {name: "", code: None, tz: None}
        try:
            place = self.places.resolve(text)
        except PlaceError as error:
            if strict:
                raise TripEditError(name, str(error)) from None
            return {name: text, code: None, tz: None}
        # A town (Kyoto) has no code: its label names it, and lookups resolve that again.
        return {name: place.short, code: place.iata or None, tz: place.tz}

    async def apply(
        self,
        trip_id: str,
        changes: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
        strict_places: bool = True,
    ) -> Outcome[TripRecord]:
        """Write only the named fields; places are resolved, currencies validated, and a
        budget kept with its currency's decimals, as the form stores it, so every path shows
        it the same way."""
        try:
            resolved = await self._trip_values(trip_id, changes, strict_places)
        except TripEditError:
            if (refused := await self.trips.refusal(trip_id, changes, context)) is not None:
                return refused
            raise
        return await self.trips.update(trip_id, resolved, context=context)

    async def _trip_values(
        self, trip_id: str, changes: Mapping[str, object], strict_places: bool
    ) -> dict[str, object]:
        resolved: dict[str, object] = {}
        for field, value in changes.items():
            if field == "origin":
                resolved.update(self.place_fields("origin", str(value or ""), strict=strict_places))
            elif field == "budget_currency":
                try:
                    resolved[field] = validate_currency(str(value))
                except CurrencyError as error:
                    raise TripEditError(field, str(error)) from None
            elif field == "budget_amount" and isinstance(value, float):
                resolved[field] = read_amount(value).value
            else:
                resolved[field] = value
        amount = resolved.get("budget_amount")
        if isinstance(amount, int | Decimal) and not isinstance(amount, bool):
            resolved["budget_amount"] = await self._in_currency(trip_id, Decimal(amount), resolved)
        return resolved

    async def _in_currency(
        self, trip_id: str, amount: Decimal, resolved: Mapping[str, object]
    ) -> Decimal:
        """`amount` with the decimals of the budget's currency (the one being set, or the
        trip's); an amount with more decimals than the currency has is refused."""
        code = resolved.get("budget_currency")
        if not isinstance(code, str):
            trip = await self.trips.get(trip_id)
            code = trip.budget_currency if trip is not None else None
        if code is None or code not in CURRENCIES:
            return amount
        try:
            return quantize_money(amount, code, exact=True)
        except CurrencyError as error:
            raise TripEditError("budget_amount", str(error)) from None

    async def add_stop(
        self,
        trip_id: str,
        values: Mapping[str, object],
        position: int | None = None,
        *,
        context: ChangeContext | None = None,
        strict_places: bool = True,
    ) -> Outcome[StopRecord]:
        """A new stop, its place resolved to a code and zone (see `place_fields`)."""
        resolved = self._stop_values(values, strict_places)
        return await self.stops.add(trip_id, resolved, position=position, context=context)

    async def update_stop(
        self,
        stop_id: str,
        changes: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
        strict_places: bool = True,
    ) -> Outcome[StopRecord]:
        """Change only the named fields of a stop; a new place is resolved again."""
        try:
            resolved = self._stop_values(changes, strict_places)
        except TripEditError:
            if (refused := await self.stops.refusal(stop_id, changes, context)) is not None:
                return refused
            raise
        return await self.stops.update(stop_id, resolved, context=context)

    def _stop_values(self, values: Mapping[str, object], strict: bool) -> dict[str, object]:
        resolved = dict(values)
        if "place" in values:
            resolved.update(self.place_fields("stop", str(values["place"] or ""), strict=strict))
        return resolved
