"""The rules every written value must pass, with the sentence to show when it does not.

Edits arrive as plain mappings from forms and tools, so each field is parsed leniently by its
declared rule ("eur" for EUR) and checked for the invariants the store owns; deeper checks
(is LIS a real airport) belong to the travel layer. Every writer passes through
`parse_changes`, and `out_of_range` tells a renderer which stored values a rule refuses (rows
written before a limit existed) so it can mark them instead of failing.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import ROUND_DOWN, Decimal
from typing import Any

from concierge.model.currency_codes import minor_units
from concierge.model.field_kinds import LINE_LIMIT as LINE_LIMIT
from concierge.model.field_kinds import MAX_YEAR as MAX_YEAR
from concierge.model.field_kinds import MIN_YEAR as MIN_YEAR
from concierge.model.field_kinds import stored_text as stored_text
from concierge.model.fields import DEFAULT_PAYER as DEFAULT_PAYER
from concierge.model.fields import EXPENSE_RULES as EXPENSE_RULES
from concierge.model.fields import FORM_KEY_RULES as FORM_KEY_RULES
from concierge.model.fields import GOAL_RULES as GOAL_RULES
from concierge.model.fields import ITEM_RULES as ITEM_RULES
from concierge.model.fields import LINK_LIMIT as LINK_LIMIT
from concierge.model.fields import MAX_DURATION_MINUTES as MAX_DURATION_MINUTES
from concierge.model.fields import MAX_ITEM_DAYS as MAX_ITEM_DAYS
from concierge.model.fields import MAX_TRIP_DAYS as MAX_TRIP_DAYS
from concierge.model.fields import PIN_RULES as PIN_RULES
from concierge.model.fields import STOP_RULES as STOP_RULES
from concierge.model.fields import TRIP_RULES as TRIP_RULES
from concierge.model.fields import FieldRule as FieldRule
from concierge.model.fields import defaults as defaults
from concierge.model.fields import required_fields as required_fields
from concierge.model.fields import text_limit as text_limit
from concierge.model.fields import whole_range as whole_range
from concierge.text import QT_TRANSLATE_NOOP, error_text

from .errors import InvalidChangeError
from .records import ItineraryItemRecord, StopRecord, TripRecord
from .wall_clock import end_of, instant, start_of


def check_amount(amount: Decimal, currency: str, changed: Mapping[str, object]) -> None:
    """An amount carries no more decimals than its currency has (12.345 EUR is a typo)."""
    units = minor_units(currency)
    if amount != amount.quantize(Decimal(1).scaleb(-units), rounding=ROUND_DOWN):
        field = "amount" if "amount" in changed or "currency" not in changed else "currency"
        decimals = (
            QT_TRANSLATE_NOOP("Validation", "no decimals")
            if units == 0
            else QT_TRANSLATE_NOOP("Validation", "at most {units} decimals").format(units=units)
        )
        raise InvalidChangeError(
            field,
            QT_TRANSLATE_NOOP(
                "Validation",
                "Amount {amount} {currency} has too many decimals; {currency} has {decimals}.",
            ).format(amount=amount, currency=currency, decimals=decimals),
        )


_MANAGED = {
    "id": "is assigned by Concierge",
    "trip_id": "is fixed when the item is added",
    "position": "changes only by moving",
    "created_at": "is kept by Concierge",
    "updated_at": "is kept by Concierge",
}


def parse_changes(
    entity: str, rules: Mapping[str, FieldRule], changes: Mapping[str, object]
) -> dict[str, Any]:
    """Every value of `changes` parsed by its rule; raises `InvalidChangeError`."""
    parsed: dict[str, Any] = {}
    for name, value in changes.items():
        rule = rules.get(name)
        if rule is None:
            if name in _MANAGED:
                raise InvalidChangeError(name, f"The {name} of {entity} {_MANAGED[name]}.")
            known = ", ".join(rules)
            raise InvalidChangeError(
                name, f"{entity.capitalize()} has no field {name!r}; its fields are {known}."
            )
        try:
            parsed[name] = rule.parse(rule.label, value)
        except ValueError as error:
            raise InvalidChangeError(name, error_text(error)) from None
    return parsed


def trip_problem(trip: TripRecord) -> str | None:
    """What breaks a rule that spans fields (the dates' order and span), or None."""
    start, end = trip.start_date, trip.end_date
    if start is None or end is None:
        return None
    if end < start:
        return QT_TRANSLATE_NOOP(
            "Validation", "The end date ({end}) is before the start date ({start})."
        ).format(end=end, start=start)
    days = (end - start).days + 1
    if days > MAX_TRIP_DAYS:
        return QT_TRANSLATE_NOOP(
            "Validation", "A trip can last at most {most} days; {start} to {end} is {days:,} days."
        ).format(most=MAX_TRIP_DAYS, start=start, end=end, days=days)
    return None


def check_trip(trip: TripRecord, changed: Mapping[str, object]) -> None:
    """The end date is not before the start, and the trip lasts ≤ MAX_TRIP_DAYS."""
    problem = trip_problem(trip)
    if problem is not None:
        field = "end_date" if "end_date" in changed else "start_date"
        raise InvalidChangeError(field, problem)


def _moment(moment: datetime, zone: str | None) -> str:
    values = {"day": moment.date(), "time": moment.strftime("%H:%M")}
    if zone:
        return QT_TRANSLATE_NOOP("Validation", "{day} {time} {zone}").format(**values, zone=zone)
    return QT_TRANSLATE_NOOP("Validation", "{day} {time}").format(**values)


def item_problem(item: ItineraryItemRecord) -> tuple[tuple[str, ...], str] | None:
    """What breaks a rule spanning an item's fields, the field to fix first, or None. Times
    compare as instants: a flight may land at an earlier local time elsewhere."""
    if item.all_day:
        timed = [
            name
            for name in ("start_time", "end_time", "duration_minutes")
            if getattr(item, name) is not None
        ]
        if timed:
            return (
                (*timed, "all_day"),
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "An all-day item has no start time, end time or duration; clear them or "
                    "turn off All day.",
                ),
            )
    if item.duration_minutes is not None and (
        item.end_time is not None or item.end_day is not None
    ):
        return (
            ("duration_minutes", "end_time", "end_day"),
            QT_TRANSLATE_NOOP("Validation", "Give an end or a duration, not both."),
        )
    start, end = start_of(item), end_of(item)
    if item.end_day is not None:
        # With both times the instants decide: landing westwards can be the day before.
        if item.end_day < item.day and (start is None or end is None):
            return (
                ("end_day", "day"),
                QT_TRANSLATE_NOOP(
                    "Validation", "The end day ({end_day}) is before the day ({day})."
                ).format(end_day=item.end_day, day=item.day),
            )
        if (item.end_day - item.day).days > MAX_ITEM_DAYS:
            return (
                ("end_day", "day"),
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "An item can end at most {most} days after its day; {day} to {end_day} is "
                    "{days:,} days.",
                ).format(
                    most=MAX_ITEM_DAYS,
                    day=item.day,
                    end_day=item.end_day,
                    days=(item.end_day - item.day).days,
                ),
            )
    if start is not None and end is not None and instant(end) < instant(start):
        start_zone = item.timezone
        end_zone = item.end_timezone or item.timezone
        return (
            ("end_time", "end_day", "end_timezone", "start_time", "timezone", "day"),
            (
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "The end ({end}) is before the start ({start}). If it ends on a later day, "
                    "set the end day.",
                )
                if item.end_day is None
                else QT_TRANSLATE_NOOP(
                    "Validation", "The end ({end}) is before the start ({start})."
                )
            ).format(end=_moment(end, end_zone), start=_moment(start, start_zone)),
        )
    if item.cost_amount is not None and item.cost_currency is None:
        return (
            ("cost_currency", "cost_amount"),
            QT_TRANSLATE_NOOP("Validation", "A cost needs its currency, such as EUR."),
        )
    return None


def check_item(item: ItineraryItemRecord, changed: Mapping[str, object]) -> None:
    """`item_problem` raised naming the changed field the problem involves."""
    found = item_problem(item)
    if found is not None:
        fields, message = found
        field = next((name for name in fields if name in changed), fields[0])
        raise InvalidChangeError(field, message)


def stop_problem(stop: StopRecord, trip: TripRecord) -> tuple[str, str] | None:
    """The date field of a stop that breaks a rule spanning fields (departure not before
    arrival; both within the trip's dates when those are set) and why, or None."""
    arrive, depart = stop.arrive, stop.depart
    if arrive is not None and depart is not None and depart < arrive:
        return "depart", QT_TRANSLATE_NOOP(
            "Validation", "The departure from {place} ({depart}) is before the arrival ({arrive})."
        ).format(place=stop.place, depart=depart, arrive=arrive)
    start, end = trip.start_date, trip.end_date
    for field, day, before, after in (
        (
            "arrive",
            arrive,
            QT_TRANSLATE_NOOP(
                "Validation", "The arrival at {place} ({day}) is before the trip starts ({start})."
            ),
            QT_TRANSLATE_NOOP(
                "Validation", "The arrival at {place} ({day}) is after the trip ends ({end})."
            ),
        ),
        (
            "depart",
            depart,
            QT_TRANSLATE_NOOP(
                "Validation",
                "The departure from {place} ({day}) is before the trip starts ({start}).",
            ),
            QT_TRANSLATE_NOOP(
                "Validation", "The departure from {place} ({day}) is after the trip ends ({end})."
            ),
        ),
    ):
        if day is not None and start is not None and day < start:
            return field, before.format(place=stop.place, day=day, start=start)
        if day is not None and end is not None and day > end:
            return field, after.format(place=stop.place, day=day, end=end)
    return None


def check_stop(stop: StopRecord, trip: TripRecord) -> None:
    """`stop_problem` as an `InvalidChangeError` naming the field."""
    problem = stop_problem(stop, trip)
    if problem is not None:
        raise InvalidChangeError(*problem)


def out_of_range(rules: Mapping[str, FieldRule], values: Mapping[str, object]) -> dict[str, str]:
    """Field → the rule's message, for each stored value its rule refuses now."""
    problems: dict[str, str] = {}
    for name, value in values.items():
        rule = rules.get(name)
        if rule is None:
            continue
        try:
            rule.parse(rule.label, value)
        except (ValueError, TypeError) as error:
            problems[name] = error_text(error)
    return problems


def check_position(position: int | None) -> None:
    """A list position: None (the end), or 0 and up; past the end means the end."""
    if position is not None and (
        isinstance(position, bool) or not isinstance(position, int) or position < 0
    ):
        raise InvalidChangeError(
            "position",
            QT_TRANSLATE_NOOP(
                "Validation", "Position must be a whole number of 0 or more (got {position})."
            ).format(position=repr(position)),
        )
