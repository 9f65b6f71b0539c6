"""With runtime context sent as changes, each trip's assistant keeps its own log of what it
sent, though the app shares one model adapter between trips: one conversation's entries
never reach another's requests, and a rebuilt assistant starts with a full snapshot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from concierge.agent.context_updates import ContextUpdates
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model.settings import ASSISTANT_CONTEXT_BUDGET
from concierge.travel.assistant.trip_assistant import KEPT_CONTEXT_SHARE, build_trip_assistant
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import open_services
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer, Reply


def runtime(body: dict[str, Any]) -> list[str]:
    return [
        m["content"]
        for m in body["messages"]
        if m["role"] == "user" and m["content"].startswith("[Runtime context")
    ]


async def test_two_trips_sharing_one_model_keep_their_runtime_context_apart(
    tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    services = open_services(tmp_path, places=places)
    try:
        porto = (await services.trips.create({"title": "Porto weekend"})).record
        kyoto = (await services.trips.create({"title": "Kyoto spring"})).record
        model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
        first = build_trip_assistant(services, porto.id, model, context_updates=True)
        second = build_trip_assistant(services, kyoto.id, model, context_updates=True)
        plain = build_trip_assistant(services, porto.id, model)
        assert isinstance(first._model, ContextUpdates) and first._model.inner is model
        assert first._model.max_tokens == int(ASSISTANT_CONTEXT_BUDGET.default * KEPT_CONTEXT_SHARE)
        assert second._model is not first._model
        assert plain._model is model

        fake_openai.script(*[Reply.text("Noted.")] * 4)
        await first.process_request("Hello Porto")
        await second.process_request("Hello Kyoto")
        await services.trips.update(porto.id, {"travellers": 3})
        await first.process_request("We are three now")
        again = build_trip_assistant(services, porto.id, model, context_updates=True)
        await again.process_request("Still there?")

        porto_1, kyoto_1, porto_2, porto_3 = fake_openai.chat_requests
        [kyoto_full] = runtime(kyoto_1)
        assert kyoto_full.startswith("[Runtime context #1:") and "Kyoto spring" in kyoto_full
        assert "Porto" not in kyoto_full
        kept, update = runtime(porto_2)
        assert kept == runtime(porto_1)[0] and "Porto weekend" in kept
        assert update.startswith("[Runtime context update #2, after #1:") and "3" in update
        assert "Kyoto" not in "".join(runtime(porto_2))
        [restart] = runtime(porto_3)  # a rebuilt assistant (Settings, restart) starts in full
        assert restart.startswith("[Runtime context #1:") and "Porto weekend" in restart
    finally:
        await services.lookups.aclose()
        services.close()
