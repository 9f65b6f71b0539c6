"""The runtime context is bounded whatever the trip's size, names what is selected and the
days near the focus, and `read_trip` returns everything it leaves out.

Trips of 10, 100, 500 and 1,000 items are seeded once per session through the store's trip
import into a real SQLite file, and each test works on its own copy of that file.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from bench.harness import offline_client
from concierge.agent import AbortSignal, Agent, ToolContext
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model.settings import ASSISTANT_SNAPSHOT_BUDGET, SNAPSHOT_BUDGET_RANGE
from concierge.store import ItineraryItemRecord, TripRecord
from concierge.store.paths import database_path
from concierge.travel.assistant import snapshot_budget
from concierge.travel.assistant.snapshot_budget import (
    TRIP,
    TRIP_FLOOR,
    SnapshotBudget,
    estimate_tokens,
)
from concierge.travel.assistant.tool_support import by_reference
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.assistant.trip_reading import (
    ReadTrip,
    TripReader,
    item_fields,
    read_days,
    search_items,
)
from concierge.travel.assistant.trip_snapshot import trip_snapshot
from concierge.travel.assistant.trip_view import short_id
from concierge.travel.money.exchange import exchange_within
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.extra_block import FULL, fill_every_block
from tests.travel.sized_trips import START, seed_trip, trip_days

SIZES = (10, 100, 500, 1_000)
BUDGET = ASSISTANT_SNAPSHOT_BUDGET.default


@pytest.fixture(scope="session")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[Path, str]]:
    """A data folder per size, seeded once: (folder, trip id)."""

    async def seed(folder: Path, items: int) -> str:
        services = open_services(folder)
        try:
            return (await seed_trip(services.database, services.bus, items)).id
        finally:
            await services.lookups.aclose()
            services.close()

    folders: dict[int, tuple[Path, str]] = {}
    for items in SIZES:
        folder = tmp_path_factory.mktemp(f"trip-{items}")
        folders[items] = (folder, asyncio.run(seed(folder, items)))
    return folders


@dataclass
class Sized:
    services: TravelServices
    trip: TripRecord
    items: list[ItineraryItemRecord]

    def agent(self, server: FakeOpenAIServer | None = None, **options: Any) -> Agent:
        """The app's trip assistant; without `server`, one that is never called."""
        client = client_for(server) if server is not None else offline_client()
        model = OpenAIChatModel(client, model="fake-model")
        return build_trip_assistant(self.services, self.trip.id, model, **options)


async def open_copy(
    seeded: dict[int, tuple[Path, str]], items: int, folder: Path, places: PlaceIndex
) -> Sized:
    source, trip_id = seeded[items]
    for path in source.iterdir():
        if path.is_file():
            shutil.copy(path, folder / path.name)
    assert database_path(folder).exists()
    services = open_services(folder, places=places)
    trip = await services.trips.get(trip_id)
    assert trip is not None
    services.selection.select_trip(trip.id)
    assert await exchange_within(60.0) is not None  # the money block's rates, loaded once
    return Sized(services, trip, await services.itinerary.items(trip.id))


@pytest.fixture(params=SIZES, ids=[f"{n}-items" for n in SIZES])
async def sized(
    request: pytest.FixtureRequest,
    seeded: dict[int, tuple[Path, str]],
    tmp_path: Path,
    places: PlaceIndex,
) -> AsyncIterator[Sized]:
    world = await open_copy(seeded, request.param, tmp_path, places)
    try:
        yield world
    finally:
        await world.services.lookups.aclose()
        world.services.close()


@pytest.fixture
async def thousand(
    seeded: dict[int, tuple[Path, str]], tmp_path: Path, places: PlaceIndex
) -> AsyncIterator[Sized]:
    world = await open_copy(seeded, 1_000, tmp_path, places)
    try:
        yield world
    finally:
        await world.services.lookups.aclose()
        world.services.close()


async def crowd_the_other_blocks(world: Sized) -> None:
    """Forty goals, forty pins, thirty lookups, a filled brief: every block that can grow."""
    trip_id = world.trip.id
    for number in range(40):
        await world.services.goals.add(trip_id, f"Book the ryokan for night {number}")
        await world.services.pins.add(f"No early trains on day {number}", trip_id=trip_id)
    for number in range(30):
        await world.services.lookups.jobs.create(
            trip_id, "weather", {"stop": number}, running_line=f"Asking for stop {number}"
        )
    for field, value in {
        "party": "family",
        "ages": [44, 41, 9],
        "accessibility": "A wheelchair for the grandmother on long walks. " * 8,
        "must_sees": [f"Temple number {n} in the hills" for n in range(20)],
    }.items():
        await world.services.forms.set_answer(trip_id, "trip-brief", field, value)


def blocks(text: str) -> dict[str, str]:
    """The runtime context's blocks by heading."""
    parts = text.split("\n\n## ")[1:]
    return {part.split("\n", 1)[0]: part.split("\n", 1)[1] for part in parts}


@pytest.mark.parametrize("full", [False, True], ids=["as-they-are", "problems-and-proposals-full"])
async def test_every_block_stays_within_the_budget_and_names_the_selection_and_its_days(
    sized: Sized, full: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if full:
        fill_every_block(monkeypatch)
    await crowd_the_other_blocks(sized)
    middle = len(sized.items) // 2
    chosen = sized.items[middle : middle + 500]
    sized.services.selection.select_items(tuple(item.id for item in chosen))
    agent = sized.agent()

    context = await agent.get_runtime_context()
    text = context.text or ""

    assert estimate_tokens(text) <= BUDGET
    shown = blocks(text)
    first = chosen[0]
    assert f"- {first.day.isoformat()} (" in shown["trip"]  # the selected item's day
    assert f"[{short_id(first.id)}]" in shown["trip"]
    assert f"[{short_id(first.id)}]" in shown["selection"]
    assert f"Itinerary: {len(sized.items):,} items on" in shown["trip"]
    if len(chosen) > 1:
        assert "more selected items" in shown["selection"]
    if trip_days(len(sized.items)) > 1 and len(sized.items) > 25:
        assert "Other days:" in shown["trip"]
    assert "more open goals" in shown["goals"]
    assert "more pins for this trip" in shown["pinned"]
    assert "more lookups in progress" in shown["lookups"]
    for name in ("party", "ages", "accessibility", "must_sees"):  # every answer, shortened
        assert f"({name}): " in shown["brief"], shown["brief"]
    assert all((f"] {name} line 0," in shown.get(name, "")) == full for name in FULL)
    assert (await agent.get_runtime_context()).text == text  # same state, same bytes


@pytest.mark.parametrize("tokens", [*SNAPSHOT_BUDGET_RANGE, 800, 1_000, 1_300, BUDGET, 3_000])
def test_the_trip_keeps_its_floor_and_the_caps_their_proportions(tokens: int) -> None:
    budget = SnapshotBudget(tokens)
    caps = {name: budget.allowance(name) for name in budget.names if name != TRIP}
    assert budget.allowance(TRIP) + sum(caps.values()) == budget.room()
    assert budget.allowance(TRIP) >= min(TRIP_FLOOR, budget.room())
    assert budget.allowance(TRIP) >= budget.room() * (1 - sum(snapshot_budget.CAPS.values()))
    shares = [caps[name] / snapshot_budget.CAPS[name] for name in caps]
    assert max(shares) - min(shares) <= 1 / min(snapshot_budget.CAPS.values())  # rounding


async def test_with_nothing_selected_the_first_days_are_shown_before_the_trip(
    sized: Sized,
) -> None:
    text = (await sized.agent().get_runtime_context()).text or ""
    assert estimate_tokens(text) <= BUDGET
    assert f"- {START.isoformat()} (" in blocks(text)["trip"]
    assert "Days shown: the first days" in text


@pytest.mark.parametrize("day", [0, 5, 39])
async def test_while_the_trip_is_under_way_today_and_the_next_days_are_shown(
    thousand: Sized, day: int
) -> None:
    stops = await thousand.services.stops.stops(thousand.trip.id)
    today = START + timedelta(days=day)
    text = trip_snapshot(thousand.trip, thousand.items, stops, allowance=900, today=today)
    assert f"Days shown: today, {today.isoformat()}" in text
    assert f"- {today.isoformat()} (" in text
    later = today + timedelta(days=1)
    if day < 39:
        assert text.index(f"- {today.isoformat()} (") < text.index(f"- {later.isoformat()} (")
    assert estimate_tokens(text) <= 900


@pytest.mark.parametrize("full", [False, True], ids=["as-they-are", "problems-and-proposals-full"])
async def test_a_smaller_budget_is_kept_too(
    thousand: Sized, full: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every block full at 800 tokens: the trip keeps its floor (its header and first day),
    the brief its head."""
    if full:
        fill_every_block(monkeypatch)
    await crowd_the_other_blocks(thousand)
    agent = thousand.agent(snapshot_budget=800)
    text = (await agent.get_runtime_context()).text or ""
    assert estimate_tokens(text) <= 800
    assert f"- {START.isoformat()} (" in text, text
    shown = blocks(text)
    assert all(shown.get(name, "").startswith("- [") == full for name in FULL)
    assert shown["brief"].startswith("Form 'Trip brief' (trip-brief) — step 2 of 4"), shown


def test_every_item_is_reachable_by_day_id_and_search(thousand: Sized) -> None:
    trip, items = thousand.trip, thousand.items
    last = START + timedelta(days=trip_days(len(items)) - 1)
    by_day: set[str] = set()
    for offset in range((last - START).days + 1):
        day = START + timedelta(days=offset)
        page = 1
        while True:
            text = read_days(trip, items, (), day, day, (), page)
            assert estimate_tokens(text) <= 2_000
            by_day.update(item.id for item in items if f"[{short_id(item.id)}]" in text)
            if "page=" not in text:
                break
            page += 1
    assert by_day == {item.id for item in items}
    for item in items:
        assert by_reference(items, short_id(item.id), "item", "") is item
        assert f"- Title: {item.title}" in item_fields(item, ())
    for item in items[::37]:
        found, page = "", 1
        while f"[{short_id(item.id)}]" not in found:
            found = search_items(trip, items, (), item.title, page)
            assert "There is no page" not in found, item.title
            page += 1


async def test_read_trip_through_the_tool_reads_a_range_an_item_and_the_ledger(
    thousand: Sized,
) -> None:
    services, trip = thousand.services, thousand.trip
    reader = TripReader(trip.id, services.trips, services.itinerary, services.stops)
    ctx = ToolContext(signal=AbortSignal(), call_id="call-1", effect_id="")
    ranged = await reader.read(ReadTrip(day=date(2027, 5, 3), to=date(2027, 5, 4)), ctx)
    assert "Items on 2027-05-03 to 2027-05-04:" in ranged.content
    assert "read_trip day=2027-05-03 to=2027-05-04 page=2" in ranged.content
    item = thousand.items[123]
    one = await reader.read(ReadTrip(item=short_id(item.id)), ctx)
    assert f"- Title: {item.title}" in one.content
    overview = await reader.read(ReadTrip(), ctx)
    assert "Notes: JR Pass ordered. JR Pass ordered." in overview.content
    assert "- 2027-05-01 (Sat), day 1: 25 items" in overview.content
    assert estimate_tokens(overview.content) <= 2_000


async def test_the_model_reads_the_day_the_snapshot_only_counts(
    thousand: Sized, fake_openai: FakeOpenAIServer
) -> None:
    """Through the real openai SDK and the loopback server: the last message of the first
    request is the bounded snapshot, the model asks for a day it only counts, and the
    tool's result in the next request holds that day's items."""
    selected = thousand.items[600]
    thousand.services.selection.select_items((selected.id,))
    far = thousand.items[-1]
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("read_trip", {"day": far.day.isoformat()})),
        Reply.text("The last day is planned."),
    )
    await thousand.agent(fake_openai).process_request("What is on the last day?")

    first = fake_openai.chat_requests[0]
    snapshot = snapshot_of(first)
    assert snapshot is not None and first["messages"][-1]["content"] == snapshot
    assert estimate_tokens(snapshot) <= BUDGET
    assert f"[{short_id(selected.id)}]" in snapshot
    assert f"[{short_id(far.id)}]" not in snapshot
    assert "Other days:" in snapshot
    assert first["tools"][0]["function"]["name"] == "read_trip"
    (result,) = tool_results(fake_openai.chat_requests[1])
    assert f"Items on {far.day.isoformat()}" in result
    assert f"[{short_id(far.id)}]" in result


async def test_one_resolution_reads_the_trip_and_its_items_once(
    thousand: Sized, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trip view, the selection, the money and every block that shows shared values
    share one read of the trip and one of its items per resolution, and the next resolution
    reads again (an edit made between two calls is in the second)."""
    services = thousand.services
    services.selection.select_items((thousand.items[0].id,))
    agent = thousand.agent()
    reads = {"trip": 0, "items": 0}
    trip_get, items_get = services.trips.get, services.itinerary.items

    async def counted_trip(trip_id: str) -> TripRecord | None:
        reads["trip"] += 1
        return await trip_get(trip_id)

    async def counted_items(trip_id: str) -> list[ItineraryItemRecord]:
        reads["items"] += 1
        return await items_get(trip_id)

    monkeypatch.setattr(services.trips, "get", counted_trip)
    monkeypatch.setattr(services.itinerary, "items", counted_items)
    await agent.get_runtime_context()
    assert reads == {"trip": 1, "items": 1}
    await services.trips.update(thousand.trip.id, {"title": "Japan, renamed"})
    second = await agent.get_runtime_context()
    assert reads == {"trip": 2, "items": 2}
    assert "Trip: Japan, renamed" in (second.text or "")
