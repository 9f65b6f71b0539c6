"""Pins: standing preferences for all trips and facts for one trip, in a stable order."""

from __future__ import annotations

import pytest

from concierge.store import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    Database,
    EntityKind,
    InvalidChangeError,
    PinRecord,
    PinRepository,
    RecordNotFoundError,
    TripRepository,
)
from tests.store.support import log_rows


def texts(pins: list[PinRecord]) -> list[tuple[str, int]]:
    return [(pin.text, pin.position) for pin in pins]


async def test_a_trip_sees_all_trip_pins_first_then_its_own(
    trips: TripRepository, pins: PinRepository
) -> None:
    porto = (await trips.create({"title": "Porto"})).record
    lisbon = (await trips.create({"title": "Lisbon"})).record
    await pins.add("Window seat", trip_id=porto.id)
    await pins.add("Vegetarian")
    await pins.add("Near the river", trip_id=porto.id)
    await pins.add("No red-eye flights", position=0)
    await pins.add("Tram 28", trip_id=lisbon.id)

    assert texts(await pins.list_for_trip(porto.id)) == [
        ("No red-eye flights", 0),
        ("Vegetarian", 1),
        ("Window seat", 0),
        ("Near the river", 1),
    ]
    assert texts(await pins.list_for_trip(lisbon.id)) == [
        ("No red-eye flights", 0),
        ("Vegetarian", 1),
        ("Tram 28", 0),
    ]
    assert texts(await pins.list_for_trip(None)) == [("No red-eye flights", 0), ("Vegetarian", 1)]


async def test_pins_record_their_scope_and_author(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    mine = (await pins.add("  Vegetarian \n")).record
    theirs = (
        await pins.add(
            "Likes tiles", trip_id=trip.id, context=ChangeContext(Actor.ASSISTANT, "Assistant: pin")
        )
    ).record
    assert (mine.text, mine.trip_id, mine.all_trips, mine.created_by) == (
        "Vegetarian",
        None,
        True,
        Actor.PERSON,
    )
    assert (theirs.trip_id, theirs.all_trips, theirs.created_by) == (
        trip.id,
        False,
        Actor.ASSISTANT,
    )
    assert await pins.get(theirs.id) == theirs


async def test_move_stays_within_the_scope_and_remove_closes_the_gap(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    everywhere = (await pins.add("Vegetarian")).record
    a, b, c = [(await pins.add(text, trip_id=trip.id)).record for text in "ABC"]
    moved = (await pins.move(c.id, 0)).record
    assert texts(moved) == [("C", 0), ("A", 1), ("B", 2)]
    assert (await pins.move(everywhere.id, 5)).record == [everywhere]
    assert (await pins.remove(a.id)).record
    assert not (await pins.remove(a.id)).record
    assert texts(await pins.list_for_trip(trip.id)) == [("Vegetarian", 0), ("C", 0), ("B", 1)]
    assert (await pins.get(b.id)).position == 1  # type: ignore[union-attr]


async def test_edit_text(trips: TripRepository, pins: PinRepository, bus: ChangeBus) -> None:
    pin = (await pins.add("Vegetarain")).record
    heard: list[Change] = []
    bus.subscribe(heard.append)
    edited = (await pins.update_text(pin.id, "Vegetarian ")).record
    assert edited.text == "Vegetarian"
    assert (await pins.update_text(pin.id, "Vegetarian")).record == edited  # unchanged: no write
    assert [(c.entity, c.entity_id, c.trip_id, c.action, c.fields) for c in heard] == [
        (EntityKind.PIN, pin.id, None, Action.UPDATE, {"text"})
    ]


async def test_all_trip_pins_are_logged_without_a_trip(
    pins: PinRepository, database: Database
) -> None:
    pin = (await pins.add("Vegetarian")).record
    await pins.update_text(pin.id, "Vegan")
    await pins.remove(pin.id)
    assert [(row.entity, row.action, row.trip_id) for row in log_rows(database)] == [
        ("pin", "create", None),
        ("pin", "update", None),
        ("pin", "delete", None),
    ]


async def test_long_pins_are_shortened_in_undo_labels(
    pins: PinRepository, database: Database
) -> None:
    await pins.add("Always ask before booking anything that cannot be refunded")
    (row,) = log_rows(database)
    assert row.label == "Pin “Always ask before booking anything that…”"


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
async def test_blank_pins_are_refused(pins: PinRepository, text: str) -> None:
    with pytest.raises(InvalidChangeError, match="Pin text must not be empty") as raised:
        await pins.add(text)
    assert raised.value.field == "text"
    assert await pins.list_for_trip(None) == []


async def test_unknown_ids_and_bad_edits_are_clear_errors(pins: PinRepository) -> None:
    pin = (await pins.add("Vegetarian")).record
    with pytest.raises(RecordNotFoundError, match="The trip nope does not exist"):
        await pins.add("Window seat", trip_id="nope")
    with pytest.raises(RecordNotFoundError, match="The pin nope does not exist"):
        await pins.update_text("nope", "x")
    with pytest.raises(RecordNotFoundError, match="The pin nope does not exist"):
        await pins.move("nope", 0)
    with pytest.raises(InvalidChangeError, match="Pin text must not be empty"):
        await pins.update_text(pin.id, " ")
    with pytest.raises(InvalidChangeError, match="Pin text must be text"):
        await pins.add(None)  # type: ignore[arg-type]
    assert await pins.list_for_trip(None) == [pin]
