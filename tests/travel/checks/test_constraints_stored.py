"""Constraints checked on a stored trip: a confirmed pin's rule and the brief's answers
find their problems through `trip_problems`, the assistant's proposal only once the person
confirms it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    FormAnswerRepository,
    ItineraryRepository,
    PinRepository,
    TripRepository,
)
from concierge.travel.checks import Problem, trip_problems


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = Database.open(tmp_path / "concierge.db")
    try:
        yield opened
    finally:
        opened.close()


async def test_a_stored_plan_is_checked_against_confirmed_rules_and_the_brief(
    database: Database,
) -> None:
    bus = ChangeBus()
    trip = (
        await TripRepository(database, bus).create(
            {"title": "Japan", "start_date": "2026-05-01", "end_date": "2026-05-05"}
        )
    ).record
    items = ItineraryRepository(database, bus)
    await items.add(
        trip.id,
        {
            "day": "2026-05-02",
            "title": "NH 9",
            "kind": "flight",
            "start_time": "23:30",
            "timezone": "Asia/Tokyo",
        },
    )
    await items.add(
        trip.id,
        {
            "day": "2026-05-02",
            "title": "Yakiniku dinner",
            "kind": "meal",
            "start_time": "19:00",
            "timezone": "Asia/Tokyo",
        },
    )
    pins = PinRepository(database, bus)
    pin = (
        await pins.add(
            "No red-eyes",
            trip_id=trip.id,
            rule="no_departure_between(22:00,06:00)",
            context=ChangeContext(Actor.ASSISTANT),
        )
    ).record

    def constraint_problems(found: object) -> list[tuple[str, str]]:
        assert isinstance(found, tuple)
        names = {"no_departure_between", "diet"}
        return [(p.check, p.severity) for p in found if p.check in names]

    assert constraint_problems(await trip_problems(database, trip.id)) == []
    await pins.confirm_rule(pin.id)
    await FormAnswerRepository(database, bus).apply(trip.id, "trip-brief", {"diet": ["vegetarian"]})
    assert constraint_problems(await trip_problems(database, trip.id)) == [
        ("no_departure_between", "error"),
        ("diet", "warning"),
    ]


async def test_the_assistants_unconfirmed_brief_answer_is_checked_as_proposed(
    database: Database,
) -> None:
    """The assistant answers the diet: its clash is a note saying the person has not
    confirmed it, until the person marks the answer seen; the person's own answer counts."""
    bus = ChangeBus()
    trip = (
        await TripRepository(database, bus).create(
            {"title": "Japan", "start_date": "2026-05-01", "end_date": "2026-05-05"}
        )
    ).record
    await ItineraryRepository(database, bus).add(
        trip.id,
        {
            "day": "2026-05-02",
            "title": "Yakiniku dinner",
            "kind": "meal",
            "start_time": "19:00",
            "timezone": "Asia/Tokyo",
        },
    )
    answers = FormAnswerRepository(database, bus)
    assistant = ChangeContext(Actor.ASSISTANT)
    await answers.apply(trip.id, "trip-brief", {"diet": ["vegetarian"]}, context=assistant)

    async def diet() -> list[Problem]:
        found = await trip_problems(database, trip.id)
        assert found is not None
        return [p for p in found if p.check == "diet"]

    (proposed,) = await diet()
    assert proposed.severity == "note"
    assert proposed.message == (
        "“Yakiniku dinner” mentions “yakiniku”, which may not suit vegetarian (the "
        "assistant’s unconfirmed answer to the brief’s dietary needs)."
    )
    assert "has not confirmed" in proposed.detail
    await ChangeHistory(database, bus).mark_seen(trip.id)
    (confirmed,) = await diet()
    assert (confirmed.severity, confirmed.detail) == ("warning", "")
    assert confirmed.key == proposed.key  # the same problem, now confirmed

    await answers.apply(trip.id, "trip-brief", {"diet": ["vegan"]}, context=assistant)
    assert [p.severity for p in await diet()] == ["note"]
    await answers.apply(trip.id, "trip-brief", {"diet": ["vegetarian"]})  # the person's
    assert [p.severity for p in await diet()] == ["warning"]
