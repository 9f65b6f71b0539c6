"""The item's own fields, carried in `X-CONCIERGE-…` properties beside a readable event, so a
calendar the app wrote comes back in as the same items. Sensitive fields are never carried (a
calendar travels)."""

from __future__ import annotations

from collections.abc import Mapping

from concierge.store.validation import ITEM_RULES

from .item_kinds import DETAIL_FIELDS

PREFIX = "X-CONCIERGE-"

CARRIED = tuple(
    name
    for name in (
        "kind",
        "title",
        "place",
        *DETAIL_FIELDS,
        "start_time",
        "timezone",
        "end_day",
        "end_time",
        "end_timezone",
        "duration_minutes",
        "cost_amount",
        "cost_currency",
        "notes",
    )
    if not ITEM_RULES[name].sensitive
)
"""The item fields a calendar carries for the app, in the order written."""

CARRIED_TEXT = tuple(
    name
    for name in CARRIED
    if name not in ("kind", "title", "end_day", "duration_minutes") and "time" not in name
)
"""The carried fields that an event the app wrote leaves empty when it does not carry them
(its times and kind stay as the readable event has them)."""


def property_name(field: str) -> str:
    """`end_timezone` → `X-CONCIERGE-END-TIMEZONE`."""
    return PREFIX + field.upper().replace("_", "-")


def carried_fields(properties: Mapping[str, str]) -> dict[str, str]:
    """The item fields an event carries for the app (`properties` by upper-case name), as
    their text; empty for an event from elsewhere."""
    return {
        name: properties[key]
        for name in CARRIED
        if (key := property_name(name)) in properties and properties[key] != ""
    }
