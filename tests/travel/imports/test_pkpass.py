"""Wallet passes built here with zipfile: boarding passes by transit type, event tickets, and
damaged or foreign zips refused with the file's name."""

from __future__ import annotations

import json
import zipfile
from datetime import date, time
from pathlib import Path
from typing import Any

import pytest

from concierge.store import ItemKind
from concierge.travel.imports import ImportFileError, parse_file


def _pass(tmp_path: Path, description: dict[str, Any] | str, name: str = "boarding.pkpass") -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        body = description if isinstance(description, str) else json.dumps(description)
        archive.writestr("pass.json", body)
        archive.writestr("manifest.json", json.dumps({"pass.json": "0" * 40}))
        archive.writestr("icon.png", b"\x89PNG\r\n\x1a\n" + bytes(2000))
    return path


def _boarding(transit: str = "PKTransitTypeAir", **extra: Any) -> dict[str, Any]:
    return {
        "formatVersion": 1,
        "passTypeIdentifier": "pass.com.example.boarding",
        "serialNumber": "0001",
        "organizationName": "TAP Air Portugal",
        "description": "Boarding pass",
        "relevantDate": "2027-03-15T06:05+00:00",
        "boardingPass": {
            "transitType": transit,
            "headerFields": [{"key": "gate", "label": "GATE", "value": "B12"}],
            "primaryFields": [
                {"key": "origin", "label": "Lisbon", "value": "LIS"},
                {"key": "destination", "label": "Frankfurt", "value": "FRA"},
            ],
            "secondaryFields": [{"key": "flightNumber", "label": "FLIGHT", "value": "TP576"}],
            "auxiliaryFields": [
                {"key": "seat", "label": "SEAT", "value": "14C"},
                {"key": "pnr", "label": "BOOKING", "value": "XK7Q2P"},
            ],
        },
        **extra,
    }


def test_a_boarding_pass_is_a_flight_in_the_departure_airports_zone(tmp_path: Path) -> None:
    result = parse_file(_pass(tmp_path, _boarding()))
    assert result.errors == ()
    (flight,) = result.candidates
    assert flight.kind is ItemKind.FLIGHT
    assert (flight.day, flight.start_time, flight.timezone) == (
        date(2027, 3, 15),
        time(6, 5),
        "Europe/Lisbon",
    )
    assert (flight.from_place, flight.to_place, flight.service_number) == ("LIS", "FRA", "TP576")
    assert (flight.seat, flight.confirmation_code) == ("14C", "XK7Q2P")
    assert flight.carrier == "TAP Air Portugal"
    assert "Gate B12" in flight.notes
    assert (flight.source_file, flight.source_ref) == ("boarding.pkpass", "pass.json")
    assert flight.title == "TP576 LIS → FRA"


def test_a_train_pass_keeps_the_offset_time_and_says_the_zone_is_assumed(tmp_path: Path) -> None:
    train = _boarding("PKTransitTypeTrain", relevantDate="2027-03-16T09:12:00+01:00")
    train["boardingPass"]["primaryFields"] = [
        {"key": "from", "label": "From", "value": "Frankfurt Hbf"},
        {"key": "to", "label": "To", "value": "Köln Hbf"},
    ]
    (candidate,) = parse_file(_pass(tmp_path, train, "ice.pkpass")).candidates
    assert candidate.kind is ItemKind.TRAIN
    assert (candidate.start_time, candidate.timezone) == (time(9, 12), None)
    assert any("+01:00" in warning for warning in candidate.warnings)
    assert (candidate.from_place, candidate.to_place) == ("Frankfurt Hbf", "Köln Hbf")


def test_a_bus_pass_is_a_bus(tmp_path: Path) -> None:
    (candidate,) = parse_file(_pass(tmp_path, _boarding("PKTransitTypeBus"))).candidates
    assert candidate.kind is ItemKind.BUS


def test_an_event_ticket_is_an_activity_at_its_venue(tmp_path: Path) -> None:
    ticket = {
        "formatVersion": 1,
        "organizationName": "Coliseu dos Recreios",
        "description": "Concert ticket",
        "relevantDate": "2027-03-17T21:00:00Z",
        "eventTicket": {
            "primaryFields": [{"key": "event", "label": "EVENT", "value": "Fado Night"}],
            "secondaryFields": [{"key": "venue", "label": "VENUE", "value": "Coliseu, Lisboa"}],
            "auxiliaryFields": [{"key": "seat", "label": "SEAT", "value": "Row F, 12"}],
        },
    }
    (candidate,) = parse_file(_pass(tmp_path, ticket, "fado.pkpass")).candidates
    assert candidate.kind is ItemKind.ACTIVITY
    assert (candidate.title, candidate.place, candidate.seat) == (
        "Fado Night",
        "Coliseu, Lisboa",
        "Row F, 12",
    )
    assert (candidate.start_time, candidate.timezone) == (time(21, 0), "UTC")


def test_a_truncated_pass_is_refused_naming_the_file(tmp_path: Path) -> None:
    whole = _pass(tmp_path, _boarding())
    cut = tmp_path / "cut.pkpass"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    with pytest.raises(ImportFileError) as caught:
        parse_file(cut)
    assert str(caught.value).startswith(
        "Cannot import cut.pkpass: it is a damaged or incomplete zip"
    )


def test_a_zip_without_pass_json_and_broken_json_are_refused(tmp_path: Path) -> None:
    other = tmp_path / "photos.pkpass"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("a.txt", "hello")
    with pytest.raises(ImportFileError, match=r"photos\.pkpass: .*without a pass\.json"):
        parse_file(other)
    with pytest.raises(ImportFileError, match=r"broken\.pkpass: its pass\.json is not valid JSON"):
        parse_file(_pass(tmp_path, '{"formatVersion": 1,', "broken.pkpass"))


def test_a_pass_with_a_bad_date_or_of_another_style_is_a_record_error(tmp_path: Path) -> None:
    bad = parse_file(_pass(tmp_path, _boarding(relevantDate="2027-02-30T10:00Z"), "bad.pkpass"))
    assert bad.candidates == ()
    assert bad.errors == (
        "In bad.pkpass, pass.json: its relevantDate '2027-02-30T10:00Z' is not a valid date "
        "and time.",
    )
    card = parse_file(_pass(tmp_path, {"storeCard": {}, "relevantDate": "x"}, "card.pkpass"))
    assert "storeCard pass, not a boarding pass" in card.errors[0]
