"""Reading a lookup's parameters into typed values, in the job, so a bad one fails it with a message
saying which field to set."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from concierge.model.values import (
    AmbiguousAmount,
    AmountError,
    DateTextError,
    read_amount,
    read_date,
)
from concierge.text import QT_TRANSLATE_NOOP

from ..locale.app_locale import app_locale
from ..locale.dates import validate_trip_dates
from ..places.index import PlaceIndex
from ..places.place import Place, PlaceError
from .errors import LookupInputError

Parameters = Mapping[str, Any]


def text(params: Parameters, name: str, missing: str) -> str:
    """The non-blank text under `name`, or `LookupInputError(missing)`."""
    value = params.get(name)
    if value is None or not str(value).strip():
        raise LookupInputError(missing)
    return str(value).strip()


def place(places: PlaceIndex, params: Parameters, name: str, role: str) -> Place:
    """The place under `name` ("origin" → the trip's origin), resolved by the index."""
    typed = text(
        params,
        name,
        f"The trip has no {role}. Set the {role} (a city or airport code, e.g. Lisbon or LIS).",
    )
    try:
        return places.resolve(typed)
    except PlaceError as error:
        raise LookupInputError(
            QT_TRANSLATE_NOOP("Lookup", "The {role} cannot be used: {error}").format(
                role=role, error=error
            )
        ) from None


def stop_place(places: PlaceIndex, params: Parameters) -> Place:
    """The place looked up ("destination": by default the trip's stop on its first day, or
    its first stop), resolved by the index."""
    typed = text(
        params,
        "destination",
        "The trip has no stops. Add a stop to its route (a city or airport code, e.g. Kyoto "
        "or KIX) and try again.",
    )
    try:
        return places.resolve(typed)
    except PlaceError as error:
        raise LookupInputError(
            QT_TRANSLATE_NOOP("Lookup", "The stop cannot be used: {error}").format(error=error)
        ) from None


def day(params: Parameters, name: str, label: str) -> date:
    value = params.get(name)
    if value is None or value == "":
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup", "The trip has no {label}. Set it (YYYY-MM-DD) and try again."
            ).format(label=label)
        )
    if isinstance(value, date):
        return value
    try:
        return read_date(str(value), app_locale())
    except DateTextError as error:
        raise LookupInputError(
            QT_TRANSLATE_NOOP("Lookup", "The {label} cannot be used: {error}").format(
                label=label, error=error
            )
        ) from None


def trip_dates(params: Parameters) -> tuple[date, date]:
    """Start and end date, checked together (in order, at most a year)."""
    start = day(params, "start_date", "start date")
    end = day(params, "end_date", "end date")
    try:
        validate_trip_dates(start, end)
    except DateTextError as error:
        raise LookupInputError(
            QT_TRANSLATE_NOOP("Lookup", "The trip dates cannot be used: {error}").format(
                error=error
            )
        ) from None
    return start, end


def amount(params: Parameters, name: str) -> Decimal:
    value = params.get(name)
    if value is None or value == "":
        raise LookupInputError(
            QT_TRANSLATE_NOOP("Lookup", "The trip has no budget. Set a budget amount, e.g. 1800.")
        )
    try:
        parsed = read_amount(value).value
    except AmbiguousAmount as error:
        raise LookupInputError(*error.args) from None
    except AmountError:
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup", "The amount {value!r} is not a number. Write it like 1800 or 1800.50."
            ).format(value=value)
        ) from None
    if parsed < 0:
        raise LookupInputError(
            QT_TRANSLATE_NOOP("Lookup", "The amount {value!r} must be zero or more.").format(
                value=value
            )
        )
    return parsed


def moment(params: Parameters, name: str) -> datetime:
    """An aware instant from an ISO date-time (UTC if it has no offset); now if absent."""
    value = params.get(name)
    if value is None or value == "":
        return datetime.now(UTC)
    try:
        parsed = datetime.fromisoformat(str(value))
    except ValueError:
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup",
                "{value!r} is not a date and time. Write it like 2026-05-14T09:30:00+01:00.",
            ).format(value=value)
        ) from None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
