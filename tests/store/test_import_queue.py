"""The import review queue in the store: a file is queued whole or not at all, duplicates are
found against items and earlier candidates, and what is accepted is one undo step."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date, time
from pathlib import Path

import pytest

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    FactSource,
    ImportNews,
    ImportQueue,
    ImportRefused,
    Incoming,
    InvalidChangeError,
    ItineraryRepository,
    TripRepository,
)
from concierge.store.import_queue import same_booking

DAY = date(2027, 4, 10)
FILE = "bookings.ics"
FLIGHT = {
    "kind": "flight",
    "title": "TP 1943 Lisbon → Porto",
    "day": "2027-04-10",
    "start_time": "08:05",
    "timezone": "Europe/Lisbon",
    "confirmation_code": "QX7PLM",
    "service_number": "TP1943",
}
HOTEL = {
    "kind": "lodging",
    "title": "Hotel Infante Sagres",
    "day": "2027-04-10",
    "end_day": "2027-04-12",
    "all_day": True,
}


@pytest.fixture
def queue(database: Database, bus: ChangeBus) -> ImportQueue:
    return ImportQueue(database, bus)


@pytest.fixture
async def trip_id(trips: TripRepository) -> str:
    return ((await trips.create({"title": "Porto"})).record).id


def rows(db_path: Path, table: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(db_path)) as connection:
        return connection.execute(f"SELECT * FROM {table}").fetchall()


async def test_a_file_with_one_bad_record_queues_nothing_and_names_every_problem(
    queue: ImportQueue, trip_id: str, db_path: Path
) -> None:
    bad_day = {**HOTEL, "day": "2027-02-30"}
    no_title = {"day": "2027-04-11"}
    with pytest.raises(ImportRefused) as refused:
        await queue.queue(
            trip_id,
            FILE,
            [Incoming(FLIGHT, "event 1"), Incoming(bad_day, "event 2"), Incoming(no_title)],
        )
    assert [e.where for e in refused.value.errors] == ["event 2", "record 3"]
    assert str(refused.value).startswith(f"{FILE} was not imported: 2 records cannot be read")
    assert "Title is missing" in str(refused.value)
    assert rows(db_path, "import_candidate") == []
    with pytest.raises(ImportRefused, match="holds no bookings"):
        await queue.queue(trip_id, "empty.ics", [])


async def test_duplicates_by_code_or_by_kind_instant_and_title(
    queue: ImportQueue, itinerary: ItineraryRepository, trip_id: str
) -> None:
    existing = (await itinerary.add(trip_id, {**FLIGHT, "title": "Flight to Porto"})).record
    museum = (
        await itinerary.add(
            trip_id,
            {"kind": "activity", "title": "Serralves museum", "day": DAY, "start_time": "15:00"},
        )
    ).record
    back = {**FLIGHT, "day": "2027-04-12", "title": "TP 1946 Porto → Lisbon", "service_number": ""}
    same_time_utc = {
        "kind": "activity",
        "title": "Serralves Museum visit",
        "day": "2027-04-10",
        "start_time": "15:00",
    }
    queued = await queue.queue(
        trip_id,
        FILE,
        [
            Incoming(FLIGHT, "a"),
            Incoming(back, "b"),
            Incoming(same_time_utc, "c"),
            Incoming(HOTEL, "d"),
            Incoming({**HOTEL, "title": "hotel infante sagres"}, "e"),
        ],
    )
    by_ref = {c.source_ref: c for c in queued}
    assert by_ref["a"].duplicate_of == existing.id  # same code, same day
    assert not by_ref["b"].is_duplicate  # the return leg shares the booking code
    assert by_ref["c"].duplicate_of == museum.id
    assert not by_ref["d"].is_duplicate
    assert by_ref["e"].duplicate_of_candidate == by_ref["d"].id
    again = await queue.queue(trip_id, "copy.ics", [Incoming(HOTEL, "x")])
    assert again[0].duplicate_of_candidate == by_ref["d"].id


async def test_one_flight_number_written_two_ways_is_one_booking(
    queue: ImportQueue, itinerary: ItineraryRepository, trip_id: str
) -> None:
    existing = (await itinerary.add(trip_id, {**FLIGHT, "service_number": "TP 1943"})).record
    (again,) = await queue.queue(
        trip_id, "mail.eml", [Incoming({**FLIGHT, "confirmation_code": "qx7 plm"}, "a")]
    )
    assert again.duplicate_of == existing.id
    spaced = {**FLIGHT, "day": "2027-04-11", "service_number": "TP 1943"}
    first, second = await queue.queue(
        trip_id,
        FILE,
        [Incoming(spaced, "b"), Incoming({**spaced, "service_number": "tp-1943"}, "c")],
    )
    assert second.duplicate_of_candidate == first.id
    assert not same_booking(FLIGHT, {**FLIGHT, "service_number": "TP 1944"})


def test_same_instant_in_two_zones_is_one_start() -> None:
    lisbon = {"kind": "flight", "title": "TP 1943", "day": DAY, "start_time": time(8, 5)}
    madrid = {**lisbon, "start_time": time(9, 5), "timezone": "Europe/Madrid"}
    assert same_booking({**lisbon, "timezone": "Europe/Lisbon"}, madrid)
    assert not same_booking({**lisbon, "timezone": "Europe/Madrid"}, madrid | {"title": "Bus"})


async def test_accepting_makes_items_in_one_undo_step_with_provenance(
    queue: ImportQueue,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    bus: ChangeBus,
    trip_id: str,
) -> None:
    news: list[ImportNews] = []
    bus.imports.subscribe(news.append)
    queued = await queue.queue(trip_id, FILE, [Incoming(FLIGHT), Incoming(HOTEL)])
    assert news == [ImportNews(trip_id)]
    flight, hotel = queued
    accepted = await queue.accept(
        trip_id, [flight.id, hotel.id], {hotel.id: {"title": "Sagres hotel", "notes": "late"}}
    )
    assert accepted.undo_label == f"Import 2 items from {FILE}"
    items = await itinerary.items(trip_id)
    assert [(i.title, i.notes) for i in items] == [
        ("TP 1943 Lisbon → Porto", f"imported from {FILE}"),
        ("Sagres hotel", f"late\nimported from {FILE}"),
    ]
    assert items[0].confirmation_code == "QX7PLM" and items[0].start_time == time(8, 5)
    sources = await itinerary.sources([items[0].id])
    start = sources[items[0].id]["start_time"]
    assert (start.source, start.file_name, start.unverified) == (FactSource.IMPORT, FILE, False)
    assert await queue.pending(trip_id) == []
    assert await history.undo_label(trip_id) == f"Import 2 items from {FILE}"
    await history.undo_last(trip_id)
    assert await itinerary.items(trip_id) == []


async def test_a_refused_edit_accepts_nothing(queue: ImportQueue, trip_id: str) -> None:
    flight, hotel = await queue.queue(trip_id, FILE, [Incoming(FLIGHT), Incoming(HOTEL)])
    with pytest.raises(InvalidChangeError, match="Hotel Infante Sagres") as refused:
        await queue.accept(trip_id, [flight.id, hotel.id], {hotel.id: {"end_day": "2027-04-01"}})
    assert refused.value.field == "end_day"
    assert [c.id for c in await queue.pending(trip_id)] == [flight.id, hotel.id]


async def test_reject_and_accept_all_new_leave_duplicates_waiting(
    queue: ImportQueue, itinerary: ItineraryRepository, trip_id: str
) -> None:
    await itinerary.add(trip_id, HOTEL)
    _flight, hotel, dinner = await queue.queue(
        trip_id,
        FILE,
        [Incoming(FLIGHT), Incoming(HOTEL), Incoming({"title": "Dinner", "day": "2027-04-11"})],
    )
    assert hotel.is_duplicate
    assert await queue.reject(trip_id, [dinner.id]) == 1
    made = await queue.accept_new(trip_id)
    assert [i.title for i in made.items] == [FLIGHT["title"]]
    assert [c.id for c in await queue.pending(trip_id)] == [hotel.id]
    assert len(await itinerary.items(trip_id)) == 2


async def test_undo_puts_accepted_candidates_back_in_the_queue_and_redo_accepts_them(
    queue: ImportQueue, itinerary: ItineraryRepository, history: ChangeHistory, trip_id: str
) -> None:
    flight, hotel = await queue.queue(trip_id, FILE, [Incoming(FLIGHT), Incoming(HOTEL)])
    await queue.accept(trip_id, [flight.id])
    assert [c.id for c in await queue.pending(trip_id)] == [hotel.id]
    await history.undo_last(trip_id)
    waiting = await queue.pending(trip_id)
    assert [(c.id, c.status) for c in waiting] == [(flight.id, "pending"), (hotel.id, "pending")]
    await history.redo_last(trip_id)
    assert [c.id for c in await queue.pending(trip_id)] == [hotel.id]
    assert [i.title for i in await itinerary.items(trip_id)] == [FLIGHT["title"]]
    await history.undo_last(trip_id)
    again = await queue.accept(trip_id, [flight.id])  # accepted anew after the undo
    assert [i.title for i in again.items] == [FLIGHT["title"]]
    assert [c.id for c in await queue.pending(trip_id)] == [hotel.id]


async def test_a_records_warnings_are_kept_with_its_candidate(
    queue: ImportQueue, trip_id: str
) -> None:
    warned = Incoming(FLIGHT, "VEVENT 1", ("Its time has no zone; the stop's is used.",))
    await queue.queue(trip_id, FILE, [warned, Incoming(HOTEL, "VEVENT 2")])
    flight, hotel = await queue.pending(trip_id)
    assert flight.warnings == ("Its time has no zone; the stop's is used.",)
    assert hotel.warnings == ()
