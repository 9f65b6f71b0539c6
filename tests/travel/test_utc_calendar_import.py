"""A calendar exported from Google Calendar stores every time in UTC ("…Z"). Imported into a
trip, each event's times are put in the zone of the stop it falls in, so an early-morning
breakfast in Tokyo lands on its own day, not the day before (UTC's); in a trip whose stops
know no zone they stay in UTC, and the listing says so."""

from __future__ import annotations

from datetime import date, time
from pathlib import Path

from concierge.travel.edits.import_files import import_file
from concierge.travel.imports import parse_file
from concierge.travel.services import TravelServices

GOOGLE_EXPORT = """BEGIN:VCALENDAR
PRODID:-//Google Inc//Google Calendar 70.9054//EN
VERSION:2.0
CALSCALE:GREGORIAN
METHOD:PUBLISH
X-WR-CALNAME:New York and Tokyo 2027
X-WR-TIMEZONE:Europe/Lisbon
BEGIN:VEVENT
DTSTART:20270312T223000Z
DTEND:20270313T003000Z
DTSTAMP:20270201T101500Z
UID:5k3l2j1h0g9f8e7d6c5b4a3210@google.com
CREATED:20270115T093000Z
DESCRIPTION:Meet the guide at the Namiyoke shrine gate.
LAST-MODIFIED:20270115T093000Z
LOCATION:Tsukiji Outer Market\\, Tokyo\\, Japan
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Tsukiji breakfast tour
TRANSP:OPAQUE
END:VEVENT
BEGIN:VEVENT
DTSTART:20270311T013000Z
DTEND:20270311T033000Z
DTSTAMP:20270201T101500Z
UID:0a9b8c7d6e5f4g3h2i1j0k9l8m@google.com
CREATED:20270115T094500Z
DESCRIPTION:
LAST-MODIFIED:20270115T094500Z
LOCATION:Village Vanguard\\, 178 7th Ave S\\, New York\\, NY 10014\\, USA
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Jazz at the Village Vanguard
TRANSP:OPAQUE
END:VEVENT
END:VCALENDAR
"""


def google_export(path: Path) -> Path:
    path.write_bytes(GOOGLE_EXPORT.replace("\n", "\r\n").encode())
    return path


async def test_utc_times_land_on_the_local_day_of_the_stop_they_fall_in(
    services: TravelServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "New York and Tokyo"})).record
    new_york = {"place": "New York", "timezone": "America/New_York"}
    await services.stops.add(trip.id, {**new_york, "arrive": "2027-03-08", "depart": "2027-03-11"})
    tokyo = {"place": "Tokyo", "timezone": "Asia/Tokyo"}
    await services.stops.add(trip.id, {**tokyo, "arrive": "2027-03-12", "depart": "2027-03-16"})
    file = google_export(tmp_path / "New York and Tokyo 2027.ics")
    (as_written, _) = parse_file(file).candidates
    assert (as_written.day, as_written.start_time, as_written.timezone) == (
        date(2027, 3, 12),
        time(22, 30),
        "UTC",
    )

    done = await import_file(services.imports, trip.id, file)

    breakfast, jazz = (candidate.values for candidate in done.queued)
    assert (breakfast["day"], breakfast["start_time"], breakfast["timezone"]) == (
        date(2027, 3, 13),
        time(7, 30),
        "Asia/Tokyo",
    )
    assert (breakfast["end_time"], breakfast.get("end_day")) == (time(9, 30), None)
    assert (jazz["day"], jazz["start_time"], jazz["end_time"], jazz["timezone"]) == (
        date(2027, 3, 10),
        time(20, 30),
        time(22, 30),
        "America/New_York",
    )
    assert "VEVENT 1: Its UTC times were put in Asia/Tokyo, the zone of the trip's stop then." in (
        done.warnings
    )
    assert not any("set the local time zone" in warning for warning in done.warnings)


async def test_without_a_stop_zone_the_times_stay_in_utc_and_the_listing_says_so(
    services: TravelServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Somewhere"})).record
    await services.stops.add(trip.id, {"place": "Somewhere", "arrive": "2027-03-08"})

    done = await import_file(services.imports, trip.id, google_export(tmp_path / "trip.ics"))

    breakfast = done.queued[0].values
    assert (breakfast["day"], breakfast["start_time"], breakfast["timezone"]) == (
        date(2027, 3, 12),
        time(22, 30),
        "UTC",
    )
    assert done.queued[0].warnings == (
        "Its times are in UTC and no stop of the trip has a time zone, so they stay in UTC; "
        "set the local time zone of the place.",
    )
    assert done.warnings[0].startswith("VEVENT 1: Its times are in UTC and no stop")
