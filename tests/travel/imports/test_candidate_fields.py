"""An import candidate is made from the item's one declaration (`ITEM_RULES` and the item
record), not a list of its own: every item field is a candidate field with the item's type and
default, is fitted and checked by the item's own rule, and reaches the review queue, the row it
shows and the accepted item. No item field is left out of a candidate: each can come from a
file (a CSV column can fill any, the app's own calendar carries all but the sensitive ones,
which wallet passes and e-mails give), so a field the item gains is imported without a word
here, and one a candidate could not carry fails these tests."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.model.field_kinds import Line, Link, Text
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES, required_fields
from concierge.travel.edits.import_files import queue_result
from concierge.travel.imports import Candidate, ParseResult, parse_file
from concierge.travel.imports.common import RecordError, finish
from concierge.travel.services import TravelServices, open_services

DAY = date(2027, 4, 10)
FILE = "samples.ics"
PROVENANCE = {"source_file": FILE, "source_ref": "record"}

SAMPLES: tuple[Mapping[str, object], ...] = (
    {
        "kind": ItemKind.FLIGHT,
        "title": "TP 1943 Lisbon → Porto",
        "day": DAY,
        "start_time": time(8, 5),
        "timezone": "Europe/Lisbon",
        "end_day": date(2027, 4, 11),
        "end_time": time(9, 10),
        "end_timezone": "Atlantic/Madeira",
        "place": "Lisbon Airport",
        "notes": "Window seat asked for",
        "carrier": "TAP",
        "service_number": "TP1943",
        "from_place": "LIS",
        "to_place": "OPO",
        "seat": "12A",
        "confirmation_code": "QX7PLM",
        "provider": "TAP Air Portugal",
        "address": "Alameda das Comunidades Portuguesas",
        "link": "https://example.com/booking/QX7PLM",
        "cost_amount": Decimal("89.50"),
        "cost_currency": "EUR",
        "hours": "Check-in desks 05:00–23:00",
    },
    {"kind": ItemKind.LODGING, "title": "Hotel Infante Sagres", "day": DAY, "all_day": True},
    {
        "kind": ItemKind.ACTIVITY,
        "title": "Walk along the Douro",
        "day": DAY,
        "start_time": time(17, 0),
        "duration_minutes": 90,
    },
)
"""Between them, a value other than the default for every item field (the item's rules across
fields keep one record from holding them all: an all-day item has no times, a duration is
instead of an end)."""


def test_every_item_field_is_a_candidate_field_with_the_items_type_and_default() -> None:
    fields = {field.name: field for field in dataclasses.fields(Candidate)}
    assert set(fields) == {*ITEM_RULES, "source_file", "source_ref", "warnings"}
    types = typing.get_type_hints(ItineraryItemRecord)
    for name, rule in ITEM_RULES.items():
        assert fields[name].type == types[name], name
        if name in required_fields(ITEM_RULES):
            assert fields[name].default is dataclasses.MISSING, name
        else:
            assert fields[name].default == rule.default, name


def test_a_candidate_needs_what_an_item_needs_and_nothing_else() -> None:
    assert required_fields(ITEM_RULES) == ("day", "title")
    bare = Candidate(day=DAY, title="Lunch", **PROVENANCE)
    assert bare.item_fields() == {
        "day": DAY,
        "title": "Lunch",
        "kind": ItemKind.ACTIVITY,
        "all_day": False,
    }
    with pytest.raises(TypeError, match="title"):
        Candidate(day=DAY, **PROVENANCE)
    with pytest.raises(TypeError, match="opening_hours"):
        Candidate(day=DAY, title="Lunch", opening_hours="9–5", **PROVENANCE)


def test_the_samples_give_every_item_field_a_value_of_its_own() -> None:
    covered = {
        name
        for sample in SAMPLES
        for name, value in sample.items()
        if name in required_fields(ITEM_RULES) or value != ITEM_RULES[name].default
    }
    assert covered == set(ITEM_RULES), "give a new item field a sample value above"


def test_every_one_line_field_is_fitted_to_its_own_limit() -> None:
    lines = {name: rule for name, rule in ITEM_RULES.items() if isinstance(rule.kind, Line)}
    assert {"title", "place", "hours"} <= set(lines)
    for name, rule in lines.items():
        assert isinstance(rule.kind, Line)
        limit = rule.kind.limit
        long = Candidate(day=DAY, **{"title": "Lunch", name: "x " * limit}, **PROVENANCE)
        fitted = finish(long)
        value = getattr(fitted, name)
        assert len(value) == limit and value.endswith("…"), name
        assert rule.parse(rule.label, value) == value, name
        assert f"The {name.replace('_', ' ')} was shortened." in fitted.warnings, name
        assert fitted.item_fields()[name] == value, name
    # Free text other than one line is fitted by hand: a new kind of it needs its own fitting.
    free = {name for name, rule in ITEM_RULES.items() if isinstance(rule.kind, Text | Link)}
    assert free == {"notes", "link"}


def test_a_value_the_items_rule_refuses_is_the_records_error() -> None:
    for name, bad in {"timezone": "Europe/Nowhere", "duration_minutes": 0}.items():
        with pytest.raises(RecordError, match=ITEM_RULES[name].label):
            finish(Candidate(day=DAY, title="Lunch", **{name: bad}, **PROVENANCE))


async def test_every_item_field_reaches_the_queue_its_row_and_the_accepted_item(
    tmp_path: Path, memory_keyring: object
) -> None:
    services = open_services(tmp_path / "data")
    try:
        await _import_the_samples(services)
    finally:
        await services.aclose()
        services.close()


async def _import_the_samples(services: TravelServices) -> None:
    trip = (await services.trips.create({"title": "Porto"})).record
    candidates = tuple(finish(Candidate(**sample, **PROVENANCE)) for sample in SAMPLES)
    assert all(candidate.warnings == () for candidate in candidates)

    queued = (await queue_result(services.imports, trip.id, ParseResult(FILE, candidates))).queued
    assert [c.title for c in queued] == [sample["title"] for sample in SAMPLES]
    for candidate, sample in zip(queued, SAMPLES, strict=True):
        shown = candidate.as_item()  # what the review queue shows and edits
        for name, value in sample.items():
            assert candidate.values[name] == value, name
            assert getattr(shown, name) == value, name

    accepted = await services.imports.accept(trip.id, [c.id for c in queued])
    assert len(accepted.items) == len(SAMPLES)
    items = {item.title: item for item in await services.itinerary.items(trip.id)}
    for sample in SAMPLES:
        item = items[str(sample["title"])]
        for name, value in sample.items():
            if name == "notes":
                value = f"{value}\nimported from {FILE}"
            assert getattr(item, name) == value, name


def test_opening_hours_come_in_from_the_apps_calendar_and_a_spreadsheet(tmp_path: Path) -> None:
    calendar = tmp_path / "museum.ics"
    calendar.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Concierge//EN\r\n"
        "BEGIN:VEVENT\r\nUID:museum@test\r\nSUMMARY:Serralves\r\nDTSTART;VALUE=DATE:20270410\r\n"
        "X-CONCIERGE-KIND:activity\r\nX-CONCIERGE-HOURS:10:00–19:00\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n",
        encoding="utf-8",
    )
    (from_calendar,) = parse_file(calendar).candidates
    assert from_calendar.item_fields()["hours"] == "10:00–19:00"

    sheet = tmp_path / "museums.csv"
    sheet.write_text("Date,Name,Opening hours\n2027-04-10,Serralves,10:00–19:00\n", "utf-8")
    result = parse_file(sheet)
    assert result.warnings == ()  # the column is imported, not left out
    (from_sheet,) = result.candidates
    assert from_sheet.item_fields()["hours"] == "10:00–19:00"
