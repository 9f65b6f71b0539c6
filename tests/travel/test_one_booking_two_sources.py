"""One flight from two sources: the airline's boarding pass writes it "TP 2501", its
confirmation e-mail "TP2501". Imported one after the other, the second is found as the first's
duplicate, whether the first still waits in the queue or is already an item, and also when the
pass carries the booking code only in its barcode."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from concierge.store.import_queue import same_booking
from concierge.travel.edits.import_files import import_file
from concierge.travel.services import TravelServices
from tests.travel.imports.test_mail_blocks import GRAPH, ORGANIZATION, confirmation, ld_json


def boarding_pass(path: Path, *, booking_field: bool = True) -> Path:
    """A pass as an airline's wallet service issues it: pass.json beside images and a
    manifest, the booking code in a field and in the Aztec barcode's message."""
    auxiliary: list[dict[str, Any]] = [
        {"key": "boardingTime", "label": "BOARDING", "value": "05:55"},
        {"key": "seat", "label": "SEAT", "value": "3A"},
    ]
    if booking_field:
        auxiliary.append({"key": "bookingRef", "label": "BOOKING REF", "value": "K9XW4T"})
    description = {
        "formatVersion": 1,
        "passTypeIdentifier": "pass.com.flytap.boardingpass",
        "serialNumber": "0472190011223-1",
        "teamIdentifier": "ABCDE12345",
        "organizationName": "TAP Air Portugal",
        "description": "TAP Air Portugal boarding pass",
        "logoText": "TAP",
        "foregroundColor": "rgb(255, 255, 255)",
        "backgroundColor": "rgb(0, 133, 94)",
        "relevantDate": "2027-03-12T06:30+00:00",
        "barcode": {
            "format": "PKBarcodeFormatAztec",
            "message": "M1SILVA/ANA           EK9XW4T LISOPOTP 2501 071Y003A0001 100",
            "messageEncoding": "iso-8859-1",
        },
        "boardingPass": {
            "transitType": "PKTransitTypeAir",
            "headerFields": [
                {"key": "flight", "label": "FLIGHT", "value": "TP 2501"},
                {"key": "gate", "label": "GATE", "value": "14"},
            ],
            "primaryFields": [
                {"key": "origin", "label": "LISBON", "value": "LIS"},
                {"key": "destination", "label": "PORTO", "value": "OPO"},
            ],
            "secondaryFields": [{"key": "passenger", "label": "PASSENGER", "value": "Ana Silva"}],
            "auxiliaryFields": auxiliary,
        },
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pass.json", json.dumps(description, indent=2))
        archive.writestr("manifest.json", json.dumps({"pass.json": "0" * 40, "icon.png": "1" * 40}))
        archive.writestr("icon.png", b"\x89PNG\r\n\x1a\n" + bytes(500))
    return path


def confirmation_mail(path: Path) -> Path:
    """The airline's confirmation e-mail for the same flight, written "TP2501"."""
    graph = json.loads(json.dumps(GRAPH))
    graph["@graph"][2]["reservationFor"]["flightNumber"] = "TP2501"
    return confirmation(path, ld_json(ORGANIZATION) + ld_json(graph), "")


async def test_the_pass_and_the_mail_for_one_flight_are_one_booking(
    services: TravelServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Porto"})).record
    mail = await import_file(services.imports, trip.id, confirmation_mail(tmp_path / "tap.eml"))
    (from_mail,) = mail.queued
    assert (from_mail.values["service_number"], from_mail.is_duplicate) == ("TP2501", False)

    card = await import_file(services.imports, trip.id, boarding_pass(tmp_path / "TP2501.pkpass"))

    (from_pass,) = card.queued
    assert from_pass.values["service_number"] == "TP2501"
    assert from_pass.duplicate_of_candidate == from_mail.id
    assert card.summary() == "Queued 1 record from TP2501.pkpass for review (1 seems a duplicate)."

    (flight,) = (await services.imports.accept(trip.id, [from_mail.id])).items
    again = await import_file(services.imports, trip.id, boarding_pass(tmp_path / "again.pkpass"))
    assert again.queued[0].duplicate_of == flight.id


async def test_a_pass_without_the_booking_code_is_matched_by_its_flight_and_time(
    services: TravelServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Porto"})).record
    path = boarding_pass(tmp_path / "boarding.pkpass", booking_field=False)
    (from_pass,) = (await import_file(services.imports, trip.id, path)).queued
    assert from_pass.values.get("confirmation_code") in (None, "")

    mail = await import_file(services.imports, trip.id, confirmation_mail(tmp_path / "tap.eml"))

    assert mail.queued[0].duplicate_of_candidate == from_pass.id
    titled_apart = {**from_pass.values, "title": "Boarding pass"}  # a pass titled by its kind
    assert same_booking(titled_apart, mail.queued[0].values)
