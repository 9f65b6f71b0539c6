"""Trips of any size for the snapshot tests and bench/snapshot.py, written through the store's
trip import (`import_bundle`): one transaction and one undo step, so a 1,000-item trip is
seeded in about a second instead of the half-minute of 1,000 separate additions.

Every item is different (its number is in its title) and the mix is a real trip's: flights
and trains with carriers, numbers and seats, hotels with addresses and confirmation codes,
meals, and activities with places and notes; a cost on every third item.
"""

from __future__ import annotations

import math
from datetime import date, timedelta
from typing import Any

from concierge.store import Database, TripRecord
from concierge.store.changes import ChangeBus
from concierge.store.trip_bundle import FORMAT, VERSION, import_bundle

START = date(2027, 5, 1)
ITEMS_PER_DAY = 25
STOPS = (
    ("Tokyo (TYO)", "TYO", "Asia/Tokyo"),
    ("Kyoto", None, "Asia/Tokyo"),
    ("Osaka (OSA)", "OSA", "Asia/Tokyo"),
    ("Hiroshima (HIJ)", "HIJ", "Asia/Tokyo"),
)
SIGHTS = (
    ("Senso-ji temple", "Asakusa"),
    ("Fushimi Inari shrine", "Fushimi"),
    ("Nishiki market", "Nakagyo"),
    ("Peace Memorial Museum", "Naka"),
    ("teamLab Planets", "Toyosu"),
    ("Arashiyama bamboo grove", "Ukyo"),
)


def trip_days(items: int) -> int:
    """Days a trip of `items` items spans: 25 items a day, at least three days."""
    return max(3, math.ceil(items / ITEMS_PER_DAY))


def item_values(number: int, days: int, items: int) -> dict[str, Any]:
    """The `number`th item of a trip of `items` items on `days` days, in day order."""
    day = START + timedelta(days=number * days // items)
    slot = number % 6
    values: dict[str, Any] = {"day": day.isoformat(), "timezone": "Asia/Tokyo"}
    hour = 7 + (number % ITEMS_PER_DAY) * 14 // ITEMS_PER_DAY
    if slot == 0:
        values |= {
            "kind": "train",
            "title": f"Shinkansen {number} to Kyoto",
            "start_time": f"{hour:02d}:10",
            "end_time": f"{hour + 2:02d}:25",
            "carrier": "JR",
            "service_number": f"Nozomi {number}",
            "from_place": "Tokyo",
            "to_place": "Kyoto",
            "seat": f"{number % 16 + 1}-{number % 20 + 1}D",
        }
    elif slot == 1:
        values |= {
            "kind": "lodging",
            "title": f"Hotel {number} Gion",
            "start_time": "15:00",
            "address": f"Gion {number}-1, Higashiyama",
            "confirmation_code": f"HG-{55_000 + number}",
        }
    elif slot == 2:
        values |= {
            "kind": "meal",
            "title": f"Dinner {number} at an izakaya",
            "start_time": f"{hour:02d}:30",
            "place": "Pontocho",
            "notes": "Ask for the counter seats; they take cash only.",
        }
    else:
        sight, place = SIGHTS[number % len(SIGHTS)]
        values |= {
            "title": f"{sight} visit {number}",
            "start_time": f"{hour:02d}:00",
            "duration_minutes": 90,
            "place": place,
            "notes": "Go early to miss the crowds." if slot == 3 else "",
        }
    if number % 3 == 0:
        values |= {"cost_amount": f"{1_000 + number * 7}", "cost_currency": "JPY"}
    return values


def trip_document(items: int, *, title: str | None = None) -> dict[str, Any]:
    """A trip file (the CLI's export format) with `items` items and four stops."""
    days = trip_days(items)
    end = START + timedelta(days=days - 1)
    legs = [
        (START + timedelta(days=index * days // len(STOPS)), stop)
        for index, stop in enumerate(STOPS)
    ]
    stops = [
        {
            "place": place,
            "place_code": code,
            "timezone": zone,
            "arrive": arrive.isoformat(),
            "depart": (legs[index + 1][0] if index + 1 < len(legs) else end).isoformat(),
            "position": index,
            "id": f"stop-{index}",
        }
        for index, (arrive, (place, code, zone)) in enumerate(legs)
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "trip": {
            "title": title or f"Japan, {items} items",
            "origin": "Lisbon (LIS)",
            "origin_code": "LIS",
            "origin_tz": "Europe/Lisbon",
            "start_date": START.isoformat(),
            "end_date": end.isoformat(),
            "travellers": 2,
            "budget_amount": "6000",
            "budget_currency": "EUR",
            "interests": ["temples", "food", "gardens"],
            "pace": "balanced",
            "notes": "JR Pass ordered. " * 40,
        },
        "stops": stops,
        "itinerary": _positioned([item_values(number, days, items) for number in range(items)]),
    }


def _positioned(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`rows` (in day order) each with its place in its day."""
    counts: dict[str, int] = {}
    for row in rows:
        row["id"] = f"item-{len(counts)}-{counts.get(row['day'], 0)}"
        row["position"] = counts.get(row["day"], 0)
        counts[row["day"]] = row["position"] + 1
    return rows


async def seed_trip(
    database: Database, bus: ChangeBus, items: int, *, title: str | None = None
) -> TripRecord:
    """A new trip of `items` items in `database`, through the store's import."""
    return (await import_bundle(database, bus, trip_document(items, title=title))).record
