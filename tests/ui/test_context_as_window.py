"""`concierge context` prints what the window's model is sent: both front ends are composed
by `open_services` with the place index loaded, so the checks that need places (a tight
transfer, a public holiday, a time read in the wrong zone) show in both, line for line."""

from __future__ import annotations

import asyncio

from pytestqt.qtbot import QtBot

from concierge.model.settings import ASSISTANT_SNAPSHOT_BUDGET, UI_LAST_TRIP_ID
from concierge.travel.assistant.problem_feature import HEADING
from tests.cli.support import run_cli
from tests.ui import trips_support
from tests.ui.trips_support import Running
from tests.ui.waiting import until

running = trips_support.connected_running


async def seed_portugal_day(running: Running) -> str:
    """Porto on 10 June 2026, Portugal Day: a museum, lunch in Lisbon a quarter of an hour
    later, and a flight out whose departure is read in Tokyo's zone."""
    services = running.services
    trip = (
        await services.trips.create(
            {"title": "Portugal Day", "start_date": "2026-06-10", "end_date": "2026-06-10"}
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    add = services.itinerary.add
    day = "2026-06-10"
    await add(
        trip.id,
        {"day": day, "title": "Museum", "place": "Porto", "start_time": "10:00"}
        | {"end_time": "12:00"},
    )
    await add(
        trip.id,
        {"day": day, "title": "Lunch", "kind": "meal", "place": "Lisbon", "start_time": "12:15"},
    )
    await add(
        trip.id,
        {
            "day": day,
            "title": "Flight home",
            "kind": "flight",
            "from_place": "OPO",
            "to_place": "LIS",
            "start_time": "23:00",
            "timezone": "Asia/Tokyo",
        },
    )
    await services.settings.set(UI_LAST_TRIP_ID, trip.id)
    await services.settings.set(ASSISTANT_SNAPSHOT_BUDGET, 8_000)  # Room for every problem.
    return trip.id


def problem_lines(context: str) -> list[str]:
    """The lines of the checks' block of a runtime context."""
    lines = context.splitlines()
    start = lines.index(HEADING) + 1
    block: list[str] = []
    for line in lines[start:]:
        if not line.startswith("- "):
            break
        block.append(line)
    return block


async def test_context_shows_the_problems_the_windows_model_is_sent(
    running: Running, qtbot: QtBot
) -> None:
    trip_id = await seed_portugal_day(running)
    window = await running.start()
    await until(lambda: window.session.agent is not None and window.session.trip_id == trip_id)
    agent = window.session.agent
    assert agent is not None
    sent = await agent.get_runtime_context()
    assert sent.text is not None

    done = await asyncio.to_thread(
        run_cli, "context", "Portugal Day", "--data-dir", running.services.data_dir
    )

    assert done.returncode == 0, done.stderr
    in_window = problem_lines(sent.text)
    assert problem_lines(done.stdout) == in_window
    found = "\n".join(in_window)
    assert "more" not in in_window[-1]
    assert "(an estimate)" in found  # Porto to Lisbon in a quarter of an hour.
    assert "public holiday in Portugal" in found
    assert "is read in Asia/Tokyo" in found
