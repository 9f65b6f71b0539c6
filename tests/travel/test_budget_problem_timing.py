"""The budget problem depends only on the trip's data: while the exchange rates are still
loading, amounts already in the budget's currency show the overrun to the model, and the
yen waiting for the rates are counted once they are in."""

from __future__ import annotations

import threading

import pytest

from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant import problem_feature
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.money import exchange as exchange_module
from concierge.travel.services import TravelServices
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer

OVERRUN = "Planned and spent come to 1,100.00 EUR, 100.00 EUR over the budget of 1,000.00 EUR"


async def test_a_slow_rate_load_never_drops_the_budget_problem(
    services: TravelServices, fake_openai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = exchange_module.exchange()
    release = threading.Event()

    def slow() -> exchange_module.Exchange:
        release.wait(30)
        return loaded

    monkeypatch.setattr(exchange_module, "_shared", None)
    monkeypatch.setattr(exchange_module, "_loading", None)
    monkeypatch.setattr(exchange_module, "exchange", slow)
    monkeypatch.setattr(problem_feature, "RATES_WAIT", 0.05)
    trip = (
        await services.trips.create(
            {"title": "Porto", "budget_amount": "1000", "budget_currency": "EUR"}
        )
    ).record
    await services.ledger.add(
        trip.id, {"amount": "1100", "currency": "EUR", "spent_on": "2027-04-09"}
    )
    await services.ledger.add(
        trip.id, {"amount": "5000", "currency": "JPY", "spent_on": "2027-04-09"}
    )
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    assistant = build_trip_assistant(services, trip.id, model)
    try:
        for _ in range(3):
            parts = {p.name: p.text for p in (await assistant.get_runtime_context()).parts}
            problems = parts["problems"] or ""
            assert OVERRUN in problems, problems
    finally:
        release.set()
    load = exchange_module._loading
    assert load is not None
    await load
    parts = {p.name: p.text for p in (await assistant.get_runtime_context()).parts}
    problems = parts["problems"] or ""
    assert "Planned and spent come to 1,1" in problems and OVERRUN not in problems
