"""Running `concierge` as a person would, in a subprocess with no display, on a data folder
seeded through the repositories."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from concierge.store.trip_bundle import PARTS, BundlePart, trip_bundle
from concierge.travel.services import TravelServices, open_services

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    """`python -m concierge ARGUMENTS` from this checkout, without a display."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "CONCIERGE_DATA_DIR"}
    }
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


async def seed(folder: Path) -> Seeded:
    """Three trips; Porto with an itinerary over two days, a brief answer, goals (one done)
    and its own pin beside an all-trip pin."""
    services = open_services(folder)
    try:
        porto = await services.trips.create(
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
        booked = await services.goals.add(porto.id, "Train tickets booked")
        await services.goals.complete(booked.id)
        await services.goals.add(porto.id, "Dinner table reserved")
        await services.pins.add("Vegetarian options for one of us", trip_id=porto.id)
        await services.pins.add("No red-eye flights")
        kyoto = await services.trips.create(
            {"title": "Kyoto in autumn", "start_date": "2027-11-14", "end_date": "2027-11-24"}
        )
        undated = await services.trips.create({"title": "Someday"})
        await services.aclose()
    finally:
        services.close()
    return Seeded(folder, porto.id, kyoto.id, undated.id)


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
