"""The app's assistant runs each turn holding its conversation's lease: while another process
answers in the conversation, a request is refused before anything is stored or sent."""

from __future__ import annotations

from pathlib import Path

import pytest

from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import ConversationBusyError, database_path
from concierge.travel.assistant.trip_assistant import (
    OneTurnAtATime,
    build_trip_assistant,
    conversation_id,
    trip_history,
)
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import open_services
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer, Reply
from tests.store.turn_holder import start_holder


async def test_a_turn_waits_for_the_other_window_to_finish(
    tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    services = open_services(tmp_path, places=places)
    try:
        trip = (await services.trips.create({"title": "Porto"})).record
        model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
        history = trip_history(services, trip.id)
        agent = OneTurnAtATime(build_trip_assistant(services, trip.id, model), history)
        other = start_holder(database_path(tmp_path), conversation_id(trip.id))
        try:
            with pytest.raises(ConversationBusyError, match="another Concierge window"):
                await agent.process_request("Plan a quiet day")
            with pytest.raises(ConversationBusyError):
                await agent.retry()
            assert fake_openai.chat_requests == []
            other.communicate("finish\n", timeout=60)
        finally:
            if other.poll() is None:
                other.kill()
        fake_openai.script(Reply.text("Here is a quiet day."))
        await agent.process_request("Plan a quiet day")
        texts = [message.text for message in await history.load()]
        assert texts == [
            "first, from the other window",
            "second, from the other window",
            "Plan a quiet day",
            "Here is a quiet day.",
        ]
    finally:
        await services.lookups.aclose()
        services.close()
