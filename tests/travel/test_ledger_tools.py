"""The ledger on the model's side: the money line in the snapshot, `add_expense` and
`read_trip`'s ledger, driven by the app's own assistant against the loopback model server."""

from __future__ import annotations

import threading

import pytest

from concierge.agent import Agent
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import TripRecord
from concierge.travel.assistant import ledger_view
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.assistant.trip_view import UNVERIFIED_LEGEND
from concierge.travel.money import exchange as exchange_module
from concierge.travel.services import TravelServices
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


@pytest.fixture
async def trip(services: TravelServices) -> TripRecord:
    return (
        await services.trips.create(
            {"title": "Tokyo", "budget_amount": "3000", "budget_currency": "EUR"}
        )
    ).record


def agent(services: TravelServices, trip: TripRecord, server: FakeOpenAIServer) -> Agent:
    model = OpenAIChatModel(client_for(server), model="fake-model")
    return build_trip_assistant(services, trip.id, model)


async def test_no_money_line_until_there_is_something_to_sum(
    services: TravelServices, trip: TripRecord, fake_openai: FakeOpenAIServer
) -> None:
    context = await agent(services, trip, fake_openai).get_runtime_context()
    parts = {part.name: part.text for part in context.parts}
    assert parts["money"] is None


async def test_add_expense_then_the_snapshot_and_the_ledger_read_show_it_converted(
    services: TravelServices, trip: TripRecord, fake_openai: FakeOpenAIServer
) -> None:
    await services.ledger.add(
        trip.id, {"amount": "40", "spent_on": "2024-05-03", "category": "food", "split": "Me, Ana"}
    )
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "add_expense",
                {
                    "amount": "10000",
                    "currency": "JPY",
                    "spent_on": "2024-05-04",
                    "category": "transport",
                    "description": "Suica top-up",
                    "paid_by": "Ana",
                },
            )
        ),
        Reply.tool_calls(ToolCallSpec("read_trip", {"ledger": True})),
        Reply.text("Done."),
    )
    await agent(services, trip, fake_openai).process_request("Ana topped up 10000 yen")

    (added,) = tool_results(fake_openai.chat_requests[1])
    assert "10,000 JPY transport, paid by Ana, split between Me, Ana" in added
    (expense,) = [e for e in await services.ledger.expenses(trip.id) if e.currency == "JPY"]
    # 10000 / 164.62 (3 May 2024, the Friday before) = 60.7459…
    snapshot = snapshot_of(fake_openai.chat_requests[2]) or ""
    money = next(line for line in snapshot.splitlines() if line.startswith("Money:"))
    assert money == (
        "Money: budget 3,000.00 EUR; planned nothing costed yet; spent 100.75 EUR in 2 expenses "
        "(at the ECB rate of 3 May 2024); top: transport 60.75 EUR, food 40.00 EUR."
    )
    ledger = tool_results(fake_openai.chat_requests[2])[-1]
    assert f"[{expense.id[:8]}] 2024-05-04 10,000 JPY = 60.75 EUR transport: Suica top-up" in (
        ledger
    )
    assert "Shares: Me 50.38 EUR, Ana 50.37 EUR" in ledger
    assert "To settle: Me pays Ana 10.38 EUR" in ledger
    # The amount the assistant wrote down is its own until the person confirms it.
    rows = [line for line in ledger.splitlines() if line.startswith("- [")]
    assert [row.endswith("(unverified: amount)") for row in rows] == [False, True]
    assert ledger.count(UNVERIFIED_LEGEND) == 1


async def test_a_bad_expense_comes_back_as_a_clear_error(
    services: TravelServices, trip: TripRecord, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("add_expense", {"amount": "12.345", "spent_on": "2024-05-04"})
        ),
        Reply.text("Sorry."),
    )
    await agent(services, trip, fake_openai).process_request("add it")
    (result,) = tool_results(fake_openai.chat_requests[1])
    assert "Amount 12.345 EUR has too many decimals" in result
    assert await services.ledger.expenses(trip.id) == []


async def test_while_the_rates_load_the_snapshot_says_so_instead_of_timing_out(
    services: TravelServices,
    trip: TripRecord,
    fake_openai: FakeOpenAIServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loaded = exchange_module.exchange()
    release = threading.Event()

    def slow() -> exchange_module.Exchange:
        release.wait(10)
        return loaded

    monkeypatch.setattr(exchange_module, "_shared", None)
    monkeypatch.setattr(exchange_module, "_loading", None)
    monkeypatch.setattr(exchange_module, "exchange", slow)
    monkeypatch.setattr(ledger_view, "RATES_WAIT", 0.05)
    await services.ledger.add(trip.id, {"amount": "40", "spent_on": "2024-05-03"})
    assistant = agent(services, trip, fake_openai)
    try:
        parts = {part.name: part.text for part in (await assistant.get_runtime_context()).parts}
        assert parts["money"] == ledger_view.RATES_LOADING
    finally:
        release.set()
    load = exchange_module._loading
    assert load is not None
    await load
    parts = {part.name: part.text for part in (await assistant.get_runtime_context()).parts}
    assert (parts["money"] or "").startswith("Money: budget 3,000.00 EUR")


async def test_the_itinerary_items_costs_are_what_the_snapshot_calls_planned(
    services: TravelServices, trip: TripRecord, fake_openai: FakeOpenAIServer
) -> None:
    await services.itinerary.add(
        trip.id,
        {
            "day": "2024-05-03",
            "title": "Hotel Gracery",
            "kind": "lodging",
            "cost_amount": "250",
            "cost_currency": "EUR",
        },
    )
    context = await agent(services, trip, fake_openai).get_runtime_context()
    parts = {part.name: part.text for part in context.parts}
    assert parts["money"] is not None
    assert "planned 250.00 EUR" in parts["money"]
