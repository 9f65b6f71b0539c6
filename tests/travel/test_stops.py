"""A trip's route: which stop one is at on a day, the route as the model reads it, and the
assistant's one tool for stops (add, change, move, remove), each call one undo step."""

from __future__ import annotations

from datetime import UTC, date, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.agent import PermissionRequest
from concierge.store import StopRecord
from concierge.travel.itinerary.stops import render_route, stop_on, stop_or_first
from tests.agent.support import snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.test_assistant_tools import World, world

__all__ = ["world"]  # the fixture, found by pytest through this module

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def stop(
    place: str,
    arrive: date | None = None,
    depart: date | None = None,
    *,
    tz: str | None = "Asia/Tokyo",
    code: str | None = None,
    position: int = 0,
) -> StopRecord:
    return StopRecord(
        id=place.lower(),
        trip_id="t",
        position=position,
        place=place,
        place_code=code,
        timezone=tz,
        arrive=arrive,
        depart=depart,
        created_at=NOW,
        updated_at=NOW,
    )


JAPAN = [
    stop("Tokyo", date(2027, 4, 12), date(2027, 4, 15), code="HND"),
    stop("Kyoto", date(2027, 4, 15), date(2027, 4, 18), position=1),
    stop("Osaka", date(2027, 4, 18), date(2027, 4, 20), code="KIX", position=2),
]


def test_the_stop_of_a_day_is_where_one_sleeps_that_night() -> None:
    tokyo, kyoto, osaka = JAPAN
    assert stop_on(JAPAN, date(2027, 4, 12)) == tokyo
    assert stop_on(JAPAN, date(2027, 4, 14)) == tokyo
    assert stop_on(JAPAN, date(2027, 4, 15)) == kyoto  # travel day: the stop reached
    assert stop_on(JAPAN, date(2027, 4, 20)) == osaka
    assert stop_on(JAPAN, date(2027, 4, 11)) is None
    assert stop_on(JAPAN, date(2027, 4, 21)) is None
    assert stop_or_first(JAPAN, date(2027, 4, 21)) == tokyo
    assert stop_or_first(JAPAN, None) == tokyo
    assert stop_or_first([], date(2027, 4, 21)) is None


def test_open_ended_and_undated_stops() -> None:
    undated = stop("Nara")
    onwards = stop("Hakone", arrive=date(2027, 5, 1))
    assert stop_on([undated], date(2027, 5, 1)) is None
    assert stop_on([undated, onwards], date(2030, 1, 1)) == onwards
    assert stop_on([undated, onwards], date(2027, 4, 30)) is None


@settings(max_examples=50, deadline=None)
@given(st.dates(min_value=date(2027, 4, 1), max_value=date(2027, 4, 30)))
def test_a_day_inside_a_stop_s_dates_finds_a_stop_that_holds_it(day: date) -> None:
    found = stop_on(JAPAN, day)
    holding = [s for s in JAPAN if s.arrive and s.depart and s.arrive <= day <= s.depart]
    assert (found is None) == (not holding)
    if found is not None:
        assert found == holding[-1]


def test_the_route_goes_out_from_home_through_each_stop_and_back() -> None:
    assert render_route("Lisbon (LIS)", JAPAN) == (
        "Lisbon (LIS) → Tokyo (12–15 Apr, Asia/Tokyo) → Kyoto (15–18 Apr, Asia/Tokyo) → "
        "Osaka (18–20 Apr, Asia/Tokyo) → Lisbon (LIS)"
    )
    spanning = stop("Sapporo", date(2027, 4, 28), date(2027, 5, 2), tz=None)
    assert render_route("", [spanning]) == (
        "origin not set → Sapporo (28 Apr–2 May, not matched to an airport or city) → "
        "origin not set"
    )
    assert render_route("Lisbon", []) == "Lisbon → no stops yet"


async def test_the_assistant_edits_the_route_one_undo_step_per_call(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    asked: list[str] = []

    async def permission(request: PermissionRequest) -> bool:
        asked.append(request.description)
        return True

    agent = world.agent(fake_openai, permission_handler=permission)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("edit_stops", {"action": "add", "place": "tokyo"}),
            ToolCallSpec(
                "edit_stops",
                {"action": "add", "place": "Kyoto", "arrive": "2026-05-15", "position": 1},
            ),
        ),
        Reply.text("Tokyo, then Kyoto."),
    )
    await agent.process_request("Tokyo, and Kyoto first from the 15th")
    stops = world.services.stops
    assert [(s.place, s.timezone) for s in await stops.stops(world.trip.id)] == [
        ("Kyoto, Japan", "Asia/Tokyo"),
        ("Tokyo (TYO)", "Asia/Tokyo"),
    ]
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert (
        "Route: Lisbon (LIS) → Kyoto, Japan (from 15 May, Asia/Tokyo) → Tokyo (TYO) "
        "(Asia/Tokyo) → Lisbon (LIS)"
    ) in snapshot

    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("edit_stops", {"action": "update", "stop": 1, "depart": "2026-05-16"}),
            ToolCallSpec("edit_stops", {"action": "move", "stop": 2, "position": 1}),
            ToolCallSpec("edit_stops", {"action": "update", "stop": 1, "arrive": "2027-01-01"}),
            ToolCallSpec("edit_stops", {"action": "remove", "stop": 5}),
            ToolCallSpec("edit_stops", {"action": "add", "place": "Kyotoo"}),
            ToolCallSpec("edit_stops", {"action": "remove", "stop": 1}),
        ),
        Reply.text("Done."),
    )
    await agent.process_request("Rework the route")
    assert asked == [  # only removals ask the person
        "Remove stop 5 from the route?",
        "Remove stop 1 “Tokyo (TYO)” from the route?",
    ]
    results = tool_results(fake_openai.chat_requests[-1])[-6:]
    assert results[0].startswith("Updated stop 1 “Kyoto, Japan”. Route: Lisbon (LIS) → Kyoto")
    assert results[1].startswith("Moved stop 2 “Tokyo (TYO)”. Route: Lisbon (LIS) → Tokyo (TYO)")
    assert "is after the trip ends (17 May 2026)" in results[2]
    assert results[3] == "The route has 2 stops; there is no stop 5."
    assert "Did you mean" in results[4]
    assert results[5].startswith("Removed stop 1 “Tokyo (TYO)”. Route: Lisbon (LIS) → Kyoto")
    [kyoto] = await stops.stops(world.trip.id)
    assert (kyoto.arrive, kyoto.depart) == (date(2026, 5, 15), date(2026, 5, 16))

    undone = await world.history.undo_last(world.trip.id)
    assert undone is not None and undone.label == "the assistant’s removal of stop “Tokyo (TYO)”"
    assert [s.place for s in await stops.stops(world.trip.id)] == ["Tokyo (TYO)", "Kyoto, Japan"]
