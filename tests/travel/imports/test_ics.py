"""Calendar import: events written by icalendar read back as flights, stays and events with
their zones; bad records are named, good ones kept."""

from __future__ import annotations

import tempfile
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from concierge.store import ItemKind
from concierge.travel.imports import parse_file

LISBON = ZoneInfo("Europe/Lisbon")
BERLIN = ZoneInfo("Europe/Berlin")


def _calendar(*events: icalendar.Event) -> icalendar.Calendar:
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Concierge tests//EN")
    calendar.add("version", "2.0")
    for event in events:
        calendar.add_component(event)
    return calendar


def _event(summary: str, start: object, end: object = None, **props: object) -> icalendar.Event:
    event = icalendar.Event()
    event.add("uid", f"{summary}@test")
    event.add("summary", summary)
    event.add("dtstart", start)
    if end is not None:
        event.add("dtend", end)
    for name, value in props.items():
        event.add(name, value)
    return event


def _write(tmp_path: Path, calendar: icalendar.Calendar, name: str = "trip.ics") -> Path:
    path = tmp_path / name
    path.write_bytes(calendar.to_ical())
    return path


def test_a_flight_between_zones_keeps_both_zones(tmp_path: Path) -> None:
    flight = _event(
        "Flight TP 576 LIS → FRA",
        datetime(2027, 3, 15, 6, 5, tzinfo=LISBON),
        datetime(2027, 3, 15, 9, 55, tzinfo=BERLIN),
        location="Lisbon Airport",
        description="Booking ABC123",
    )
    result = parse_file(_write(tmp_path, _calendar(flight)))
    assert result.errors == ()
    (candidate,) = result.candidates
    assert candidate.kind is ItemKind.FLIGHT
    assert (candidate.day, candidate.start_time, candidate.timezone) == (
        date(2027, 3, 15),
        time(6, 5),
        "Europe/Lisbon",
    )
    assert (candidate.end_time, candidate.end_timezone, candidate.end_day) == (
        time(9, 55),
        "Europe/Berlin",
        None,
    )
    assert (candidate.service_number, candidate.from_place, candidate.to_place) == (
        "TP576",
        "LIS",
        "FRA",
    )
    assert candidate.source_ref == "VEVENT 1"
    assert candidate.provenance == "imported from trip.ics"
    assert candidate.notes == "Booking ABC123"


def test_a_hotel_stay_spans_its_nights_to_the_check_out_day(tmp_path: Path) -> None:
    stay = _event(
        "Hotel Avenida",
        date(2027, 3, 15),
        date(2027, 3, 18),
        categories=["Hotel"],
        location="Av. da Liberdade 123, Lisbon",
    )
    (candidate,) = parse_file(_write(tmp_path, _calendar(stay))).candidates
    assert candidate.kind is ItemKind.LODGING
    assert candidate.all_day
    assert (candidate.day, candidate.end_day) == (date(2027, 3, 15), date(2027, 3, 18))
    assert candidate.address == "Av. da Liberdade 123, Lisbon"


def test_an_all_day_event_ends_the_day_before_its_exclusive_end(tmp_path: Path) -> None:
    fair = _event("Book fair", date(2027, 3, 15), date(2027, 3, 17))
    one_day = _event("Museum day", date(2027, 3, 20), date(2027, 3, 21))
    first, second = parse_file(_write(tmp_path, _calendar(fair, one_day))).candidates
    assert (first.kind, first.day, first.end_day) == (
        ItemKind.ACTIVITY,
        date(2027, 3, 15),
        date(2027, 3, 16),
    )
    assert (second.day, second.end_day, second.all_day) == (date(2027, 3, 20), None, True)


def test_utc_and_floating_times_are_kept_and_flagged(tmp_path: Path) -> None:
    utc = _event("Concert", datetime(2027, 3, 15, 19, 0, tzinfo=UTC))
    floating = _event("Dinner at Ramiro", datetime(2027, 3, 16, 20, 30), datetime(2027, 3, 16, 22))
    first, second = parse_file(_write(tmp_path, _calendar(utc, floating))).candidates
    assert (first.start_time, first.timezone) == (time(19, 0), "UTC")
    assert any("UTC" in warning for warning in first.warnings)
    assert (second.kind, second.start_time, second.timezone) == (ItemKind.MEAL, time(20, 30), None)
    assert any("floating" in warning for warning in second.warnings)


def test_a_duration_gives_the_end(tmp_path: Path) -> None:
    event = _event("Walking tour", datetime(2027, 3, 15, 23, 0, tzinfo=LISBON))
    event.add("duration", timedelta(hours=2))
    (candidate,) = parse_file(_write(tmp_path, _calendar(event))).candidates
    assert (candidate.end_day, candidate.end_time) == (date(2027, 3, 16), time(1, 0))


def test_bad_records_are_named_and_the_good_ones_kept(tmp_path: Path) -> None:
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Good\r\nDTSTART:20270315T100000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:2\r\nSUMMARY:Base visit\r\n"
        "DTSTART;TZID=Mars/Olympus_Mons:20270315T100000\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:3\r\nSUMMARY:Bad date\r\nDTSTART:20270231T100000\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:4\r\nSUMMARY:Backwards\r\nDTSTART:20270315T100000Z\r\n"
        "DTEND:20270315T090000Z\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:5\r\nSUMMARY:No start\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:6\r\nSUMMARY:Twice\r\nDTSTART:20270315T100000Z\r\n"
        "DTSTART:20270316T100000Z\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    path = tmp_path / "mixed.ics"
    path.write_text(text)
    result = parse_file(path)
    assert [c.title for c in result.candidates] == ["Good"]
    assert len(result.errors) == 5
    zone, bad_date, backwards, no_start, twice = result.errors
    assert zone.startswith("In mixed.ics, VEVENT 2 ('Base visit'):")
    assert "unknown time zone 'Mars/Olympus_Mons'" in zone
    assert "VEVENT 3" in bad_date and "not a date or time" in bad_date
    assert "VEVENT 4" in backwards and "before" in backwards
    assert "VEVENT 5" in no_start and "no start" in no_start
    assert "VEVENT 6" in twice and "2 DTSTART lines" in twice


@settings(max_examples=40, deadline=None)
@given(
    start=st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2090, 12, 31)),
    minutes=st.integers(0, 60 * 24 * 20),
    zone=st.sampled_from(["Europe/Lisbon", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"]),
)
def test_local_times_round_trip_in_any_zone(start: datetime, minutes: int, zone: str) -> None:
    begin = start.replace(second=0, microsecond=0, tzinfo=ZoneInfo(zone))
    finish = begin + timedelta(minutes=minutes)
    for moment in (begin, finish):  # a wall time skipped by a clock change is no instant
        assume(moment.astimezone(UTC).astimezone(moment.tzinfo).time() == moment.time())
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), _calendar(_event("Meeting", begin, finish)))
        (candidate,) = parse_file(path).candidates
    assert (candidate.day, candidate.start_time, candidate.timezone) == (
        begin.date(),
        begin.time(),
        zone,
    )
    end = finish.replace(tzinfo=None)
    assert candidate.end_time == end.time()
    assert (candidate.end_day or candidate.day) == end.date()


VTIMEZONES = (
    "BEGIN:VTIMEZONE\r\nTZID:{tzid}\r\nBEGIN:STANDARD\r\nDTSTART:16010101T030000\r\n"
    "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\n"
    "END:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:16010101T020000\r\nTZOFFSETFROM:+0100\r\n"
    "TZOFFSETTO:+0200\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\n"
    "END:VTIMEZONE\r\n"
)


def test_outlook_and_vendor_zones_become_iana_and_private_ones_are_named(tmp_path: Path) -> None:
    zones = ("W. Europe Standard Time", "/mozilla.org/20050126_1/Europe/Paris", "My Office")
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
    text += "".join(VTIMEZONES.format(tzid=tzid) for tzid in zones)
    for number, tzid in enumerate(zones, 1):
        text += (
            f"BEGIN:VEVENT\r\nUID:{number}\r\nSUMMARY:Meeting {number}\r\n"
            f"DTSTART;TZID={tzid}:20270514T101500\r\nEND:VEVENT\r\n"
        )
    path = tmp_path / "outlook.ics"
    path.write_text(text + "END:VCALENDAR\r\n")
    result = parse_file(path)
    assert [(c.start_time, c.timezone) for c in result.candidates] == [
        (time(10, 15), "Europe/Berlin"),
        (time(10, 15), "Europe/Paris"),
    ]
    assert result.errors == (
        "In outlook.ics, VEVENT 3 ('Meeting 3'): its DTSTART has the time zone 'My Office', "
        "not an IANA zone.",
    )


def test_a_repeating_event_says_only_its_first_occurrence_came(tmp_path: Path) -> None:
    skating = _event("Ice skating", datetime(2027, 1, 5, 18, 0, tzinfo=BERLIN))
    skating.add("rrule", {"freq": "weekly", "count": 4})
    (candidate,) = parse_file(_write(tmp_path, _calendar(skating))).candidates
    assert candidate.kind is ItemKind.ACTIVITY
    assert "It repeats; only its first occurrence is imported." in candidate.warnings


def test_a_flights_utc_times_are_put_in_its_airports_zones(tmp_path: Path) -> None:
    flight = _event(
        "Flight LH 1173 FRA → LIS",
        datetime(2027, 3, 18, 17, 40, tzinfo=UTC),
        datetime(2027, 3, 18, 20, 35, tzinfo=UTC),
    )
    (candidate,) = parse_file(_write(tmp_path, _calendar(flight))).candidates
    assert (candidate.start_time, candidate.timezone) == (time(18, 40), "Europe/Berlin")
    assert (candidate.end_time, candidate.end_timezone) == (time(20, 35), "Europe/Lisbon")
    assert candidate.warnings == ("Its UTC times were put in the zones of FRA and LIS.",)
