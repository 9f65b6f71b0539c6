"""The bounded snapshot counted by the real tokenizer: for a 1,000-item trip with every other
block crowded, what llama.cpp's tokenizer for SmolLM2 makes of the whole runtime context stays
within the budget and below the app's estimate (which is meant to over-count)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from concierge.model.settings import ASSISTANT_SNAPSHOT_BUDGET
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import open_services
from tests.real_model.llama_server import LlamaServer
from tests.travel.sized_trips import seed_trip
from tests.travel.test_bounded_snapshot import Sized, crowd_the_other_blocks


@pytest.fixture
async def thousand(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[Sized]:
    services = open_services(tmp_path, places=places)
    try:
        trip = await seed_trip(services.database, services.bus, 1_000)
        services.selection.select_trip(trip.id)
        yield Sized(services, trip, await services.itinerary.items(trip.id))
    finally:
        await services.lookups.aclose()
        services.close()


@pytest.mark.parametrize("budget", [ASSISTANT_SNAPSHOT_BUDGET.default, 800])
async def test_the_real_tokens_of_a_thousand_item_snapshot_stay_within_budget(
    llama_server: LlamaServer, thousand: Sized, budget: int
) -> None:
    await crowd_the_other_blocks(thousand)
    chosen = thousand.items[400:900]
    thousand.services.selection.select_items(tuple(item.id for item in chosen))
    text = (await thousand.agent(snapshot_budget=budget).get_runtime_context()).text or ""

    real = llama_server.tokenize(text)
    assert real <= estimate_tokens(text) <= budget
    assert real > budget // 2  # the budget is used, not left empty
