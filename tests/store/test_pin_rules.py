"""Pins as constraints: the person's rules are confirmed as written, the assistant's are
proposals, and the store refuses the assistant confirming one or changing, dropping or
unpinning one the person confirmed, with a sentence it can act on. Everything undoes."""

from __future__ import annotations

import pytest

from concierge.store import (
    Actor,
    ChangeContext,
    ChangeHistory,
    InvalidChangeError,
    PinRepository,
    TripRepository,
)

ASSISTANT = ChangeContext(Actor.ASSISTANT, "Assistant: pin")


async def test_the_persons_rule_is_confirmed_and_the_assistants_only_proposed(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    mine = (
        await pins.add("No red-eyes", trip_id=trip.id, rule="no_departure_between(22:00,6:00)")
    ).record
    theirs = (
        await pins.add("Few flights", trip_id=trip.id, rule="max_flights(2)", context=ASSISTANT)
    ).record
    plain = (await pins.add("Window seat", trip_id=trip.id)).record
    assert (mine.rule, mine.rule_confirmed, mine.proposed) == (
        "no_departure_between(22:00,06:00)",
        True,
        False,
    )
    assert (theirs.rule, theirs.rule_confirmed, theirs.proposed) == ("max_flights(2)", False, True)
    assert (plain.rule, plain.rule_confirmed, plain.proposed) == (None, False, False)
    assert await pins.list_for_trip(trip.id) == [mine, theirs, plain]


async def test_the_person_confirms_a_proposal_and_undo_takes_it_back(
    trips: TripRepository, pins: PinRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    pin = (
        await pins.add("Few flights", trip_id=trip.id, rule="max_flights(2)", context=ASSISTANT)
    ).record
    confirmed = (await pins.confirm_rule(pin.id)).record
    assert confirmed.rule_confirmed
    step = await history.undo_last(trip.id)
    assert step is not None and step.label == "Confirm the constraint of “Few flights”"
    again = await pins.get(pin.id)
    assert again is not None and again.proposed


async def test_the_store_refuses_the_assistant_confirming_a_constraint(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    pin = (
        await pins.add("Few flights", trip_id=trip.id, rule="max_flights(2)", context=ASSISTANT)
    ).record
    with pytest.raises(InvalidChangeError, match="Only the person can confirm a constraint"):
        await pins.confirm_rule(pin.id, context=ASSISTANT)
    again = await pins.get(pin.id)
    assert again is not None and again.proposed


async def test_the_store_refuses_the_assistant_changing_a_confirmed_constraint(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    pin = (
        await pins.add("No red-eyes", trip_id=trip.id, rule="no_departure_between(22:00,06:00)")
    ).record
    for attempt in (
        pins.set_rule(pin.id, "no_departure_between(23:00,05:00)", context=ASSISTANT),
        pins.set_rule(pin.id, None, context=ASSISTANT),
        pins.update_text(pin.id, "Red-eyes are fine", context=ASSISTANT),
        pins.remove(pin.id, context=ASSISTANT),
    ):
        with pytest.raises(InvalidChangeError) as raised:
            await attempt
        assert str(raised.value).startswith(
            "The pin “No red-eyes” is a constraint the person confirmed "
            "(no_departure_between(22:00,06:00)); only they can"
        )
        assert raised.value.field == "rule"
    assert await pins.get(pin.id) == pin


async def test_the_assistant_may_revise_or_withdraw_its_own_proposal(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    pin = (await pins.add("Few flights", trip_id=trip.id)).record
    proposed = (await pins.set_rule(pin.id, "max_flights(3)", context=ASSISTANT)).record
    assert (proposed.rule, proposed.proposed) == ("max_flights(3)", True)
    revised = (await pins.set_rule(pin.id, "max_flights(2)", context=ASSISTANT)).record
    assert (revised.rule, revised.proposed) == ("max_flights(2)", True)
    withdrawn = (await pins.set_rule(pin.id, None, context=ASSISTANT)).record
    assert (withdrawn.rule, withdrawn.rule_confirmed) == (None, False)


async def test_the_person_sets_changes_and_removes_a_rule(
    trips: TripRepository, pins: PinRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    pin = (
        await pins.add("Few flights", trip_id=trip.id, rule="max_flights(2)", context=ASSISTANT)
    ).record
    mine = (await pins.set_rule(pin.id, "max_flights(1)")).record
    assert (mine.rule, mine.rule_confirmed) == ("max_flights(1)", True)
    cleared = (await pins.set_rule(pin.id, "  ")).record
    assert (cleared.rule, cleared.rule_confirmed) == (None, False)
    assert (await pins.set_rule(pin.id, None)).record == cleared
    step = await history.undo_last(trip.id)
    assert step is not None and step.label == "Remove the constraint of “Few flights”"
    again = await pins.get(pin.id)
    assert again is not None and (again.rule, again.rule_confirmed) == ("max_flights(1)", True)


async def test_a_rule_that_does_not_read_is_refused_and_nothing_is_written(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    with pytest.raises(
        InvalidChangeError, match="A constraint must be written as one of"
    ) as raised:
        await pins.add("No red-eyes", trip_id=trip.id, rule="no red-eyes please")
    assert raised.value.field == "rule"
    assert await pins.list_for_trip(trip.id) == []
    pin = (await pins.add("Few flights", trip_id=trip.id)).record
    with pytest.raises(InvalidChangeError, match="Flights must be a whole number from 0 to 50"):
        await pins.set_rule(pin.id, "max_flights(99)")
    assert await pins.get(pin.id) == pin


async def test_confirming_a_pin_without_a_rule_is_refused(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create()).record
    pin = (await pins.add("Window seat", trip_id=trip.id)).record
    with pytest.raises(InvalidChangeError, match="“Window seat” has no constraint to confirm"):
        await pins.confirm_rule(pin.id)


async def test_a_duplicated_trip_keeps_its_pins_rules_as_they_were(
    trips: TripRepository, pins: PinRepository
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await pins.add("No red-eyes", trip_id=trip.id, rule="no_departure_between(22:00,06:00)")
    await pins.add("Few flights", trip_id=trip.id, rule="max_flights(2)", context=ASSISTANT)
    copy = (await trips.duplicate(trip.id)).record
    assert [(pin.rule, pin.rule_confirmed) for pin in await pins.list_for_trip(copy.id)] == [
        ("no_departure_between(22:00,06:00)", True),
        ("max_flights(2)", False),
    ]
