"""The trip file at the store: export → import → export gives the same document but for the
ids, for any trip the repositories accept (stops, bookings across zones, costs, expenses
split and linked to items); a file that breaks a rule writes nothing."""

from __future__ import annotations

import asyncio
import json
import string
from collections.abc import Iterator
from datetime import date, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlmodel import SQLModel, func, select

from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeLogEntry,
    Database,
    ExpenseCategory,
    FactSource,
    FormAnswerRepository,
    GoalRepository,
    ItemKind,
    ItineraryRepository,
    LedgerRepository,
    Pace,
    PinRepository,
    StopRepository,
    TripRepository,
)
from concierge.store.entities import PINS
from concierge.store.trip_bundle import (
    LEFT_OUT,
    PARTS,
    BundleError,
    BundlePart,
    import_bundle,
    parse_bundle,
    trip_bundle,
)
from concierge.store.undo import SPECS
from concierge.store.validation import MAX_DURATION_MINUTES
from concierge.store.wall_clock import instant, local_datetime, zone_of
from tests.cli.support import without_ids

ZONES = ["Europe/Lisbon", "Asia/Tokyo", "America/New_York", None]
WORDS = st.text(string.ascii_letters + "çãéü漢 '-", min_size=1, max_size=20).filter(str.strip)
JSON_VALUES = st.recursive(
    st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


class Store:
    def __init__(self, database: Database) -> None:
        bus = ChangeBus()
        self.database = database
        self.bus = bus
        self.trips = TripRepository(database, bus)
        self.itinerary = ItineraryRepository(database, bus)
        self.forms = FormAnswerRepository(database, bus)
        self.goals = GoalRepository(database, bus)
        self.pins = PinRepository(database, bus)
        self.stops = StopRepository(database, bus)
        self.ledger = LedgerRepository(database, bus)

    async def export(self, trip_id: str) -> dict[str, Any]:
        bundle = await self.database.run(lambda session: trip_bundle(session, trip_id))
        return json.loads(json.dumps(bundle))  # through text, as a file goes

    def log_length(self) -> int:
        return self.database.run_sync(
            lambda session: session.exec(select(func.count()).select_from(ChangeLogEntry)).one()
        )


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = Database.open(tmp_path / "concierge.db")
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def store(database: Database) -> Store:
    return Store(database)


@pytest.fixture(scope="module")
def shared_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """One database for every example of a property: each writes a trip of its own."""
    opened = Database.open(tmp_path_factory.mktemp("bundles") / "concierge.db")
    try:
        yield opened
    finally:
        opened.close()


DETAILS = st.fixed_dictionaries(
    {},
    optional={
        "carrier": st.sampled_from(["TAP", "JR West", ""]),
        "service_number": st.sampled_from(["TP 1234", "Nozomi 7"]),
        "from_place": WORDS,
        "to_place": WORDS,
        "seat": st.sampled_from(["12A", "Car 7, seat 3D"]),
        "confirmation_code": st.sampled_from(["X7K2PQ", "JR-55-901"]),
        "provider": WORDS,
        "address": WORDS,
        "link": st.sampled_from(["", "https://example.com/booking?id=7"]),
    },
)
NAMES = ["Me", "Ana", "Kenji", "Zoë"]
MINOR_UNITS = {"EUR": 2, "JPY": 0, "USD": 2, "BHD": 3}


@st.composite
def timing(draw: st.DrawFn, day: date) -> dict[str, Any]:
    """When an item happens, by one of the ways the store accepts: a start only, an end
    (in another zone, on a later local day), a duration, all day (to a later day), or no
    time at all."""
    zone = draw(st.sampled_from(ZONES))
    way = draw(st.sampled_from(["start", "end", "duration", "all day", "untimed"]))
    if way == "all day":
        later = draw(st.none() | st.integers(0, 3))
        return {
            "all_day": True,
            "timezone": zone,
            "end_day": None if later is None else day + timedelta(days=later),
        }
    if way == "untimed":
        return {"timezone": zone}
    clock = draw(st.times(time(0), time(23, 59)))
    timed: dict[str, Any] = {"start_time": clock, "timezone": zone}
    if way == "duration":
        timed["duration_minutes"] = draw(st.integers(1, MAX_DURATION_MINUTES))
    elif way == "end":
        # 90 minutes and more: an end in an hour the clocks repeat still comes after the start.
        end_zone = draw(st.sampled_from(ZONES)) if zone is not None else None
        start = local_datetime(day, clock, zone)
        end = instant(start) + timedelta(minutes=draw(st.integers(90, 4 * 24 * 60)))
        local = end.astimezone(zone_of(end_zone or zone))
        timed |= {"end_day": local.date(), "end_time": local.time(), "end_timezone": end_zone}
    return timed


@st.composite
def items(draw: st.DrawFn, first: date, last: date) -> dict[str, Any]:
    day = draw(st.sampled_from([first, last]))
    cost = draw(st.none() | st.decimals(1, 10**5, places=2, allow_nan=False))
    return {
        "day": day,
        "kind": draw(st.sampled_from(list(ItemKind))),
        "title": draw(WORDS),
        "place": draw(st.sampled_from(["", "Ribeira", "Gion"])),
        "notes": draw(st.sampled_from(["", "Window seat please"])),
        **draw(timing(day)),
        **draw(DETAILS),
        "cost_amount": cost,
        "cost_currency": None if cost is None else draw(st.sampled_from(["EUR", "USD"])),
    }


@st.composite
def stops(draw: st.DrawFn, first: date, days: int) -> dict[str, Any]:
    """A stop reached and left within the trip's days (either date may be unknown)."""
    arrive, depart = sorted(draw(st.lists(st.integers(0, days), min_size=2, max_size=2)))
    return {
        "place": draw(WORDS),
        "place_code": draw(st.sampled_from([None, "HND", "KIX"])),
        "timezone": draw(st.sampled_from(ZONES)),
        "arrive": draw(st.none() | st.just(first + timedelta(days=arrive))),
        "depart": draw(st.none() | st.just(first + timedelta(days=depart))),
    }


@st.composite
def expenses(draw: st.DrawFn, first: date, days: int) -> dict[str, Any]:
    """An expense in a currency of 0, 2 or 3 decimals, split by weights or left to the
    ledger's equal parts; `item` is the index of the item it paid for, if any."""
    currency = draw(st.sampled_from(list(MINOR_UNITS)))
    places = MINOR_UNITS[currency]
    smallest = Decimal(1).scaleb(-places)
    sharers = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=3))
    return {
        "amount": draw(st.decimals(smallest, 10**6, places=places, allow_nan=False)),
        "currency": currency,
        "spent_on": first + timedelta(days=draw(st.integers(0, days))),
        "category": draw(st.sampled_from(list(ExpenseCategory))),
        "description": draw(st.sampled_from(["", "Rail pass", "Dinner at Gion"])),
        "paid_by": draw(st.sampled_from(NAMES)),
        "split": [
            {"name": name, "share": draw(st.decimals(Decimal("0.5"), 100, places=1))}
            for name in sharers
        ],
        "item": draw(st.none() | st.integers(0, 9)),
    }


PIN_RULE_SAMPLES = (None, "max_flights(2)", "avoid(crowds,long drives)", "step_free()")
"""Rules a pin may carry; the person's are confirmed, the `max…` one is the assistant's
proposal, so the file holds confirmed and proposed ones."""


@st.composite
def trips(draw: st.DrawFn) -> dict[str, Any]:
    start = draw(st.dates(date(2000, 1, 1), date(2100, 1, 1)))
    days = draw(st.integers(0, 20))
    dated = draw(st.booleans())
    last = start + timedelta(days=days)
    return {
        "trip": {
            "title": draw(WORDS),
            "origin": draw(st.sampled_from(["", "Lisbon (LIS)", "Porto"])),
            "origin_tz": draw(st.sampled_from(ZONES)),
            "start_date": start if dated else None,
            "end_date": last if dated else None,
            "travellers": draw(st.integers(1, 999)),
            "budget_amount": draw(
                st.none() | st.decimals(0, 10**9, places=2, allow_nan=False, allow_infinity=False)
            ),
            "budget_currency": draw(st.sampled_from(["EUR", "JPY", "USD"])),
            "interests": draw(st.lists(WORDS, max_size=4)),
            "pace": draw(st.sampled_from(list(Pace))),
            "notes": draw(st.text(max_size=40).filter(lambda text: "\0" not in text)),
            "shared_values": draw(st.lists(st.sampled_from(["X7K2PQ", "12A", "P1234567"]))),
        },
        "stops": draw(st.lists(stops(start, days), max_size=3)),
        "items": draw(st.lists(items(start, last), max_size=5)),
        "expenses": draw(st.lists(expenses(start, days), max_size=4)),
        "answers": draw(st.dictionaries(WORDS, JSON_VALUES, max_size=3)),
        "goals": draw(st.lists(st.tuples(WORDS, st.booleans()), max_size=3)),
        "pins": draw(st.lists(st.tuples(WORDS, st.sampled_from(PIN_RULE_SAMPLES)), max_size=3)),
    }


async def _write(store: Store, drawn: dict[str, Any]) -> str:
    trip = (await store.trips.create(drawn["trip"])).record
    for stop in drawn["stops"]:
        await store.stops.add(trip.id, stop)
    added = [
        (await store.itinerary.add(trip.id, item, position=0)).record for item in drawn["items"]
    ]
    for expense in drawn["expenses"]:
        values = {name: value for name, value in expense.items() if name != "item"}
        if added and expense["item"] is not None:
            values["item_id"] = added[expense["item"] % len(added)].id
        await store.ledger.add(trip.id, values)
    if drawn["answers"]:
        await store.forms.apply(trip.id, "trip-brief", drawn["answers"])
        await store.forms.mark_completed(trip.id, "trip-brief")
    for title, done in drawn["goals"]:
        goal = (await store.goals.add(trip.id, title)).record
        if done:
            await store.goals.complete(goal.id)
    for text, rule in drawn["pins"]:
        proposing = rule is not None and rule.startswith("max")
        context = ChangeContext(Actor.ASSISTANT) if proposing else None
        await store.pins.add(text, trip_id=trip.id, rule=rule, context=context)
    return trip.id


@settings(max_examples=20, deadline=None)
@given(drawn=trips())
def test_export_import_export_gives_the_same_document_but_for_the_ids(
    shared_database: Database, drawn: dict[str, Any]
) -> None:
    store = Store(shared_database)

    async def round_trip() -> None:
        trip_id = await _write(store, drawn)
        exported = await store.export(trip_id)
        copy = (await import_bundle(store.database, store.bus, exported)).record
        again = await store.export(copy.id)
        assert without_ids(again) == without_ids(exported)
        assert copy.id != trip_id
        assert copy.budget_amount == drawn["trip"]["budget_amount"]
        keys = [part.key for part in PARTS]
        rows = [row["id"] for key in keys for row in exported[key]]
        assert set(rows).isdisjoint(row["id"] for key in keys for row in again[key])
        new_items = {item["id"] for item in again["itinerary"]}
        linked = [e["item_id"] for e in again["expenses"] if e["item_id"] is not None]
        assert set(linked) <= new_items
        assert len(linked) == len([e for e in exported["expenses"] if e["item_id"] is not None])

    asyncio.run(round_trip())


async def test_importing_the_same_file_twice_gives_two_trips(store: Store) -> None:
    trip = (await store.trips.create({"title": "Twice"})).record
    await store.itinerary.add(trip.id, {"day": "2027-01-01", "title": "Walk"})
    document = await store.export(trip.id)

    first = (await import_bundle(store.database, store.bus, document)).record
    second = (await import_bundle(store.database, store.bus, document)).record

    assert len({trip.id, first.id, second.id}) == 3
    assert [t.title for t in await store.trips.all()] == ["Twice"] * 3
    assert len(await store.itinerary.items(second.id)) == 1


async def test_a_minimal_file_takes_the_stores_defaults(store: Store) -> None:
    """A file need not name every field: what it leaves out gets the default a new row gets
    (so files written before a field existed still import)."""
    document = {
        "format": "concierge-trip",
        "version": 1,
        "trip": {"title": "Bare"},
        "itinerary": [{"id": "a", "day": "2027-03-01", "title": "Museum", "position": 0}],
    }

    trip = (await import_bundle(store.database, store.bus, document)).record

    assert (trip.title, trip.travellers, trip.budget_currency, trip.pace) == (
        "Bare",
        1,
        "EUR",
        Pace.BALANCED,
    )
    [item] = await store.itinerary.items(trip.id)
    assert (item.title, item.start_time, item.place) == ("Museum", None, "")


async def test_hand_edited_positions_keep_their_order_and_are_numbered_densely(
    store: Store,
) -> None:
    day = "2027-03-01"
    document = {
        "format": "concierge-trip",
        "version": 1,
        "trip": {"title": "Edited"},
        "itinerary": [
            {"id": "c", "day": day, "title": "Third", "position": 9},
            {"id": "a", "day": day, "title": "First", "position": 0},
            {"id": "b", "day": day, "title": "Second", "position": 4},
            {"id": "d", "day": "2027-03-02", "title": "Next day", "position": 3},
        ],
    }

    trip = (await import_bundle(store.database, store.bus, document)).record

    items = await store.itinerary.items(trip.id)
    assert [(item.title, item.position) for item in items] == [
        ("First", 0),
        ("Second", 1),
        ("Third", 2),
        ("Next day", 0),
    ]


def _file(**parts: Any) -> dict[str, Any]:
    return {"format": "concierge-trip", "version": 1, "trip": {"title": "T"}, **parts}


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        (
            _file(trip={"title": "T", "start_date": "2027-05-02", "end_date": "2027-05-01"}),
            "trip.end_date: The end date (1 May 2027) is before the start date (2 May 2027).",
        ),
        (_file(trip={"title": "  "}), "trip.title: Title must not be empty."),
        (_file(itinerary={}), "itinerary: must be a list (got {})"),
        (_file(itinerary=["x"]), "itinerary[0]: must be an object (got 'x')"),
        (_file(goals=[{"id": "g", "title": "Book", "position": 0}]), "goals[0].status: missing"),
        (
            _file(pins=[{"id": 3, "text": "x", "position": 0, "created_by": "person"}]),
            "pins[0].id: must be the row's id, a text (got 3)",
        ),
        (
            _file(pins=[{"id": "p", "text": "x", "position": -1, "created_by": "person"}]),
            "pins[0].position: Position must be a whole number of 0 or more (got -1).",
        ),
        (
            _file(
                forms=[
                    {"id": "f", "form_id": "brief", "completed_at": None, "answers": {"diet": None}}
                ]
            ),
            "forms[0].answers.diet: An answer to 'diet' cannot be empty",
        ),
        (_file(notes=[]), "notes: not part of a trip file"),
        ({"format": "concierge-trip", "version": "1"}, "version: must be a whole number"),
        ({"format": "concierge-trip", "version": 0}, "version: there is no version 0"),
        ([1, 2], "not a Concierge trip file"),
    ],
)
async def test_a_file_that_breaks_a_rule_says_where_and_writes_nothing(
    store: Store, document: object, problem: str
) -> None:
    logged = store.log_length()

    with pytest.raises(BundleError) as raised:
        await import_bundle(store.database, store.bus, document)

    assert problem in str(raised.value)
    assert await store.trips.all() == []
    assert store.log_length() == logged


async def test_two_rows_with_one_id_are_refused(store: Store) -> None:
    pin = {"text": "x", "position": 0, "created_by": "person"}
    with pytest.raises(BundleError, match=r"pins\[1\].id: 'p' is the id of an earlier row too"):
        parse_bundle(_file(pins=[{"id": "p", **pin}, {"id": "p", **pin}]))


async def test_a_file_the_database_refuses_rolls_back_entirely(store: Store) -> None:
    """Two instances of one form pass each row's rules but not the table's: the error names
    the rule, and the trip written before it in the same transaction is gone too."""
    form = {"form_id": "trip-brief", "completed_at": None, "answers": {"diet": "vegan"}}
    document = _file(forms=[{"id": "a", **form}, {"id": "b", **form}])

    with pytest.raises(BundleError, match="breaks a rule of the database"):
        await import_bundle(store.database, store.bus, document)

    assert await store.trips.all() == []
    assert store.log_length() == 0


def test_every_table_that_hangs_off_a_trip_is_in_its_file_or_left_out_with_a_reason() -> None:
    """A new kind of trip-owned row (stops, expenses, documents) fails here until it is
    added to `PARTS` (or to `LEFT_OUT`, saying why)."""
    owned = {
        table.name
        for table in SQLModel.metadata.sorted_tables
        if any(key.target_fullname == "trip.id" for key in table.foreign_keys)
    }
    listed = {part.spec.table.__tablename__ for part in PARTS}
    assert owned == listed | set(LEFT_OUT)
    assert not listed & set(LEFT_OUT)


def test_each_part_can_be_undone_and_refers_only_to_earlier_parts() -> None:
    keys = [part.key for part in PARTS]
    assert len(set(keys)) == len(keys)
    for index, part in enumerate(PARTS):
        assert part.spec.kind.value in SPECS
        assert set(part.order) <= set(part.spec.names)
        assert part.owner in part.spec.names
        for name, target in part.references.items():
            assert name in part.spec.names
            assert target in keys[:index]


ITEMS_PART = next(part for part in PARTS if part.key == "itinerary")
PINS_NAMING_ITEMS = (
    ITEMS_PART,
    BundlePart("pins", PINS, ("position",), references={"text": "itinerary"}),
)
"""A layout in which a row refers to another (as an expense will to its item): here a pin's
text holds an itinerary item's id."""


def _referring(target: str) -> dict[str, Any]:
    return {
        "format": "concierge-trip",
        "version": 1,
        "trip": {"title": "Linked"},
        "itinerary": [
            {"id": "walk", "day": "2027-03-01", "title": "Walk", "position": 0},
            {"id": "tram", "day": "2027-03-01", "title": "Tram", "position": 1},
        ],
        "pins": [{"id": "p", "text": target, "position": 0, "created_by": "person"}],
    }


async def test_a_reference_to_another_row_follows_that_row_to_its_new_id(store: Store) -> None:
    trip = (
        await import_bundle(store.database, store.bus, _referring("tram"), layout=PINS_NAMING_ITEMS)
    ).record

    items = await store.itinerary.items(trip.id)
    [pin] = await store.pins.list_for_trip(trip.id)
    assert pin.text == next(item.id for item in items if item.title == "Tram")
    exported = await store.database.run(
        lambda session: trip_bundle(session, trip.id, PINS_NAMING_ITEMS)
    )
    assert without_ids(exported, PINS_NAMING_ITEMS)["pins"][0]["text"] == "itinerary-1"


async def test_a_reference_to_no_row_is_refused(store: Store) -> None:
    with pytest.raises(
        BundleError, match=r"pins\[0\].text: 'bus' is the id of no row in itinerary"
    ):
        await import_bundle(store.database, store.bus, _referring("bus"), layout=PINS_NAMING_ITEMS)
    assert await store.trips.all() == []


async def test_rows_the_order_ties_keep_their_place_in_the_file(store: Store) -> None:
    """Expenses are ordered by day only; three of one day come back in the file's order
    (the import stamps them in that order), linked to the items they paid for."""
    day = "2027-03-01"
    expense = {"currency": "EUR", "spent_on": day, "paid_by": "Me", "split": ["Me"]}
    document = _file(
        itinerary=[
            {"id": "walk", "day": day, "title": "Walk", "position": 0},
            {"id": "tram", "day": day, "title": "Tram", "position": 1},
        ],
        expenses=[
            {"id": "c", "amount": "3", "description": "Third", "item_id": "tram", **expense},
            {"id": "a", "amount": "1", "description": "First", "item_id": None, **expense},
            {"id": "b", "amount": "2", "description": "Second", "item_id": "walk", **expense},
        ],
    )

    trip = (await import_bundle(store.database, store.bus, document)).record

    items = {item.id: item.title for item in await store.itinerary.items(trip.id)}
    assert [
        (e.description, items.get(e.item_id or "")) for e in await store.ledger.expenses(trip.id)
    ] == [("Third", "Tram"), ("First", None), ("Second", "Walk")]
    again = without_ids(await store.export(trip.id))
    assert [(e["description"], e["item_id"]) for e in again["expenses"]] == [
        ("Third", "itinerary-1"),
        ("First", None),
        ("Second", "itinerary-0"),
    ]


async def test_a_file_keeps_the_assistants_guesses_unverified_and_backs_the_rest(
    store: Store,
) -> None:
    trip = (await store.trips.create({"title": "Porto"})).record
    item = (
        await store.itinerary.add(
            trip.id,
            {"day": "2027-01-01", "title": "Lello", "cost_amount": "8", "cost_currency": "EUR"},
        )
    ).record
    await store.itinerary.update(
        item.id, {"start_time": "10:30"}, context=ChangeContext(actor=Actor.ASSISTANT)
    )
    document = await store.export(trip.id)
    assert document["itinerary"][0]["unverified"] == ["start_time"]
    imported = (
        await import_bundle(
            store.database,
            store.bus,
            document,
            context=ChangeContext(source=FactSource.IMPORT, source_file="porto.json"),
        )
    ).record
    (copy,) = await store.itinerary.items(imported.id)
    assert await store.itinerary.unverified(imported.id) == {copy.id: ("start_time",)}
    cost = (await store.itinerary.sources([copy.id]))[copy.id]["cost_amount"]
    assert (cost.source, cost.file_name) == (FactSource.IMPORT, "porto.json")
    assert (await store.export(imported.id))["itinerary"][0]["unverified"] == ["start_time"]

    await store.itinerary.confirm([item.id])
    assert "unverified" not in (await store.export(trip.id))["itinerary"][0]


async def test_unverified_names_only_facts(store: Store) -> None:
    item = {"id": "i", "day": "2027-01-01", "title": "Walk", "position": 0}
    with pytest.raises(BundleError) as raised:
        await import_bundle(
            store.database, store.bus, _file(itinerary=[{**item, "unverified": ["title"]}])
        )
    assert "itinerary[0].unverified: must be a list of the row's facts" in str(raised.value)
