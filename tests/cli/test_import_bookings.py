"""`concierge import FILE` with booking files, on a real data folder: a calendar's events are
queued for review in the trip (printed one a line, duplicates marked), a file with one bad
event or a damaged wallet pass queues nothing and exits 1 naming the file and the record."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from concierge.store import QueuedCandidate
from concierge.travel.services import open_services
from tests.cli.support import run_cli

EVENTS = {
    "flight": """BEGIN:VEVENT
UID:flight-1@test
DTSTAMP:20270101T000000Z
SUMMARY:Flight TP 1943 Lisbon to Porto
DTSTART;TZID=Europe/Lisbon:20270410T080500
DTEND;TZID=Europe/Lisbon:20270410T090000
LOCATION:Lisbon Airport (LIS)
END:VEVENT
""",
    "hotel": """BEGIN:VEVENT
UID:hotel-1@test
DTSTAMP:20270101T000000Z
SUMMARY:Hotel Infante Sagres
CATEGORIES:LODGING
DTSTART;VALUE=DATE:20270410
DTEND;VALUE=DATE:20270412
END:VEVENT
""",
    "bad date": """BEGIN:VEVENT
UID:bad-1@test
DTSTAMP:20270101T000000Z
SUMMARY:Dinner at Ramiro
DTSTART:20270231T200000
END:VEVENT
""",
}


def calendar(path: Path, *events: str) -> Path:
    body = "".join(EVENTS[name] for name in events)
    text = f"BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Test//Concierge//EN\n{body}END:VCALENDAR\n"
    path.write_text(text.replace("\n", "\r\n"), encoding="utf-8")
    return path


@pytest.fixture
async def folder(tmp_path: Path) -> tuple[Path, str]:
    data = tmp_path / "data"
    services = open_services(data)
    try:
        await services.trips.create({"title": "Elsewhere"})
        trip = (await services.trips.create({"title": "Porto"})).record
        await services.itinerary.add(
            trip.id, {"kind": "lodging", "title": "Hotel Infante Sagres", "day": "2027-04-10"}
        )
    finally:
        await services.aclose()
        services.close()
    return data, trip.id


async def pending(data: Path, trip_id: str) -> list[QueuedCandidate]:
    services = open_services(data)
    try:
        return await services.imports.pending(trip_id)
    finally:
        await services.aclose()
        services.close()


async def pending_titles(data: Path, trip_id: str) -> list[str]:
    return [candidate.title for candidate in await pending(data, trip_id)]


async def test_a_calendar_is_queued_in_the_trip_and_listed(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    file = calendar(tmp_path / "trip.ics", "flight", "hotel")

    done = run_cli("import", file, "--trip", "Porto", "--data-dir", data)

    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split("\t") == [
        "queued",
        "flight",
        "2027-04-10 08:05 Lisbon → 09:00 Lisbon",
        "Flight TP 1943 Lisbon to Porto",
        "",
        "",
    ]
    assert lines[1].split("\t") == [
        "queued",
        "lodging",
        "2027-04-10 check-in → 2027-04-12 check-out",  # A stay shows its end day.
        "Hotel Infante Sagres",
        "",
        "duplicate",
    ]
    assert lines[2].startswith("Queued 2 records from trip.ics for review (1 seems a duplicate).")
    assert await pending_titles(data, trip_id) == [
        "Flight TP 1943 Lisbon to Porto",
        "Hotel Infante Sagres",
    ]


async def test_one_bad_event_queues_nothing_and_names_the_record(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    file = calendar(tmp_path / "bad.ics", "flight", "bad date")

    done = run_cli("import", file, "--trip", trip_id, "--data-dir", data)

    assert done.returncode == 1
    assert done.stdout == ""
    *problems, last = done.stderr.splitlines()
    assert len(problems) == 1 and "VEVENT 2" in problems[0] and "bad.ics" in problems[0]
    assert last == (
        f"concierge import: {file}: nothing was imported, as 1 record cannot be used "
        "(listed above)."
    )
    assert await pending_titles(data, trip_id) == []


async def test_a_truncated_wallet_pass_is_refused_naming_it(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    whole = tmp_path / "whole.pkpass"
    with zipfile.ZipFile(whole, "w") as archive:
        archive.writestr("pass.json", '{"formatVersion": 1, "description": "Boarding pass"}' * 50)
    broken = tmp_path / "boarding.pkpass"
    broken.write_bytes(whole.read_bytes()[:60])

    done = run_cli("import", broken, "--trip", trip_id, "--data-dir", data)

    assert done.returncode == 1 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("concierge import: Cannot import boarding.pkpass: ")
    assert line.endswith("Nothing was imported.")
    assert await pending_titles(data, trip_id) == []


def test_without_a_trip_named_and_several_trips_it_asks_for_one(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, _ = folder
    done = run_cli("import", calendar(tmp_path / "t.ics", "flight"), "--data-dir", data)
    assert done.returncode == 1
    assert "--trip" in done.stderr


def plan_csv(path: Path) -> Path:
    path.write_text(
        "Datum,Wann,Was,Ort,Memo\n"
        "2027-04-11,19:30,Fado at Clube,Alfama,bring cash\n"
        "2027-04-12,10:00,Tram 28,Martim Moniz,\n",
        encoding="utf-8",
    )
    return path


async def test_a_csv_is_queued_with_the_mapping_given_on_the_command_line(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    file = plan_csv(tmp_path / "plan.csv")

    unmapped = run_cli("import", file, "--trip", trip_id, "--data-dir", data)
    assert unmapped.returncode == 1 and "no column gives the date" in unmapped.stderr

    done = run_cli(
        "import",
        file,
        "--trip",
        trip_id,
        "--map",
        "Datum=day, Wann=start time,Was=title,Ort=place,Memo=ignore",
        "--data-dir",
        data,
    )

    assert done.returncode == 0, done.stderr
    first, second, summary = done.stdout.splitlines()
    assert first.split("\t")[2:4] == ["2027-04-11 19:30", "Fado at Clube"]
    assert second.split("\t")[2:4] == ["2027-04-12 10:00", "Tram 28"]
    assert summary.startswith("Queued 2 records from plan.csv for review.")
    assert "Columns not imported: Memo." in done.stderr
    services = open_services(data)
    try:
        fado, _tram = await services.imports.pending(trip_id)
        assert fado.values["place"] == "Alfama" and "notes" not in fado.values
    finally:
        await services.aclose()
        services.close()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("Datum=day,When=start_time", "plan.csv has no column “When” (its columns: Datum,"),
        ("Datum=day,Was=headline", "“headline” is not an item field (fields: day,"),
        ("Datum", "“Datum” is not Column=field"),
    ],
)
async def test_a_bad_mapping_is_refused_in_a_sentence_and_queues_nothing(
    folder: tuple[Path, str], tmp_path: Path, spec: str, message: str
) -> None:
    data, trip_id = folder
    file = plan_csv(tmp_path / "plan.csv")
    done = run_cli("import", file, "--trip", trip_id, "--map", spec, "--data-dir", data)
    assert done.returncode == 1 and done.stdout == ""
    assert message in done.stderr and "Nothing was imported." in done.stderr
    assert await pending_titles(data, trip_id) == []
