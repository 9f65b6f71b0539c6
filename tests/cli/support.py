"""Running `concierge` as a person would, in a subprocess with no display, on a data folder
seeded through the repositories."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from concierge.store.trip_bundle import PARTS, BundlePart, trip_bundle
from concierge.travel.services import TravelServices, open_services

ROOT = Path(__file__).resolve().parents[2]


def run_cli(
    *arguments: str | Path, python_path: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m concierge ARGUMENTS` from this checkout, without a display; `python_path`
    goes first on the module path (a `sitecustomize.py` there shapes the machine)."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "CONCIERGE_DATA_DIR"}
    }
    if python_path is not None:
        environment["PYTHONPATH"] = os.pathsep.join(
            filter(None, (str(python_path), environment.get("PYTHONPATH")))
        )
    return subprocess.run(
        [sys.executable, "-m", "concierge", *map(str, arguments)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=ROOT,
        env=environment,
        check=False,
    )


@dataclass(frozen=True)
class Seeded:
    folder: Path
    porto: str
    kyoto: str
    undated: str


PASSPORT = "P1234567"
BOOKING_CODE = "X7K2PQ"
"""Sensitive values on the Kyoto trip, never shared: the model sees them as "on file"."""


async def seed(folder: Path) -> Seeded:
    """Three trips; Porto with an itinerary over two days, a brief answer, goals (one done)
    and its own pin beside an all-trip pin; Kyoto with its route (`seed_japan`)."""
    services = open_services(folder)
    try:
        porto = (
            await services.trips.create(
                {
                    "title": "Porto long weekend",
                    "origin": "Lisbon (LIS)",
                    "origin_code": "LIS",
                    "origin_tz": "Europe/Lisbon",
                    "start_date": "2027-04-09",
                    "end_date": "2027-04-12",
                    "travellers": 2,
                    "budget_amount": "1200.10",
                    "interests": "food, port wine",
                    "pace": "relaxed",
                    "notes": "Anniversary.\nNo early starts.",
                }
            )
        ).record
        for day, start, title in [
            ("2027-04-09", "10:05", "Train to Porto Campanhã"),
            ("2027-04-09", None, "Check in"),
            ("2027-04-10", "20:00", "Anniversary dinner"),
        ]:
            await services.itinerary.add(
                porto.id,
                {"day": day, "start_time": start, "timezone": "Europe/Lisbon", "title": title},
            )
        await services.forms.apply(porto.id, "trip-brief", {"diet": "vegetarian"})
        booked = (await services.goals.add(porto.id, "Train tickets booked")).record
        await services.goals.complete(booked.id)
        await services.goals.add(porto.id, "Dinner table reserved")
        await services.pins.add("Vegetarian options for one of us", trip_id=porto.id)
        await services.pins.add("No red-eye flights")
        kyoto = (
            await services.trips.create(
                {"title": "Kyoto in autumn", "start_date": "2027-11-14", "end_date": "2027-11-24"}
            )
        ).record
        await seed_japan(services, kyoto.id)
        undated = (await services.trips.create({"title": "Someday"})).record
        await services.aclose()
    finally:
        services.close()
    return Seeded(folder, porto.id, kyoto.id, undated.id)


async def seed_japan(services: TravelServices, trip_id: str) -> None:
    """Lisbon → Tokyo → Kyoto → Osaka → Lisbon: stops, flights across zones (the outward one
    with a booking code and a cost), a train of a given length, a hotel over four nights, a
    rail pass bought in yen for the train and split between two, a ticket attached."""
    await services.trips.update(
        trip_id,
        {
            "origin": "Lisbon (LIS)",
            "origin_tz": "Europe/Lisbon",
            "travellers": 2,
            "budget_amount": "4000",
            "notes": f"Passport {PASSPORT} for the rail pass.",
        },
    )
    for place, code, arrive, depart in [
        ("Tokyo", "HND", "2027-11-15", "2027-11-18"),
        ("Kyoto", None, "2027-11-18", "2027-11-22"),
        ("Osaka", "KIX", "2027-11-22", "2027-11-24"),
    ]:
        await services.stops.add(
            trip_id,
            {
                "place": place,
                "place_code": code,
                "timezone": "Asia/Tokyo",
                "arrive": arrive,
                "depart": depart,
            },
        )
    tokyo = "Asia/Tokyo"
    outward = (
        await services.itinerary.add(
            trip_id,
            {
                "kind": "flight",
                "day": "2027-11-14",
                "start_time": "10:30",
                "timezone": "Europe/Lisbon",
                "end_day": "2027-11-15",
                "end_time": "07:55",
                "end_timezone": tokyo,
                "title": "Lisbon to Tokyo",
                "carrier": "TAP",
                "service_number": "TP 1234",
                "from_place": "LIS",
                "to_place": "HND",
                "confirmation_code": BOOKING_CODE,
                "cost_amount": "850",
                "cost_currency": "EUR",
            },
        )
    ).record
    train = (
        await services.itinerary.add(
            trip_id,
            {
                "kind": "train",
                "day": "2027-11-18",
                "start_time": "09:00",
                "timezone": tokyo,
                "duration_minutes": 135,
                "title": "Shinkansen to Kyoto",
                "carrier": "JR",
                "from_place": "Tokyo",
                "to_place": "Kyoto",
            },
        )
    ).record
    await services.itinerary.add(
        trip_id,
        {
            "kind": "lodging",
            "day": "2027-11-18",
            "start_time": "15:00",
            "timezone": tokyo,
            "end_day": "2027-11-22",
            "end_time": "11:00",
            "title": "Ryokan in Gion",
        },
    )
    await services.itinerary.add(
        trip_id,
        {
            "kind": "flight",
            "day": "2027-11-24",
            "start_time": "11:00",
            "timezone": tokyo,
            "end_time": "19:10",
            "end_timezone": "Europe/Lisbon",
            "title": "Osaka to Lisbon",
        },
    )
    await services.ledger.add(
        trip_id,
        {
            "amount": "50000",
            "currency": "JPY",
            "spent_on": "2027-11-14",
            "category": "transport",
            "description": "Rail pass",
            "paid_by": "Me",
            "split": "Me, Ana",
            "item_id": train.id,
        },
    )
    await services.ledger.add(
        trip_id,
        {
            "amount": "84.50",
            "currency": "EUR",
            "spent_on": "2027-11-19",
            "category": "food",
            "description": "Dinner in Gion",
            "paid_by": "Ana",
        },
    )
    with tempfile.TemporaryDirectory() as scratch:
        ticket = Path(scratch) / f"ticket {BOOKING_CODE}.pdf"
        ticket.write_bytes(b"%PDF-1.4 boarding pass " + PASSPORT.encode())
        await services.documents.attach(ticket, trip_id=trip_id, item_id=outward.id)


async def exported(services: TravelServices, trip_id: str) -> dict[str, Any]:
    return await services.database.run(lambda session: trip_bundle(session, trip_id))


def without_ids(bundle: dict[str, Any], layout: Sequence[BundlePart] = PARTS) -> dict[str, Any]:
    """The document with every row's id (and every reference to it) replaced by the row's
    place in its list: what a round trip keeps, as ids are names inside one file."""
    copy: dict[str, Any] = json.loads(json.dumps(bundle))
    names = {
        (part.key, row["id"]): f"{part.key}-{index}"
        for part in layout
        for index, row in enumerate(copy[part.key])
    }
    for part in layout:
        for row in copy[part.key]:
            row["id"] = names[part.key, row["id"]]
            for field, target in part.references.items():
                if row.get(field) is not None:
                    row[field] = names[target, row[field]]
    return copy
