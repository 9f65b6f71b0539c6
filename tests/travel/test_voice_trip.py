"""The app's own trip assistant spoken to: the realtime bridge over `build_trip_assistant`,
real services on SQLite, the loopback realtime server, then a typed turn afterwards."""

from __future__ import annotations

import asyncio
import json

import openai

from concierge.agent import ToolResult
from concierge.agent.openai_model import OpenAIChatModel
from concierge.agent.voice_bridge import RealtimeBridge
from concierge.agent.voice_events import Stored, VoiceEvent
from concierge.travel.assistant.instructions import INSTRUCTIONS
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer, Reply
from tests.fakes.realtime_server import Call, FakeRealtimeServer, Say


async def test_a_spoken_trip_change_a_form_edit_and_a_typed_turn_after_it(
    services: TravelServices, fake_openai: FakeOpenAIServer
) -> None:
    trip = (
        await services.trips.create(
            {
                "title": "Spring in Portugal",
                "origin": "Lisbon (LIS)",
                "origin_code": "LIS",
                "start_date": "2026-05-14",
                "end_date": "2026-05-17",
                "travellers": 2,
            }
        )
    ).record
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    agent = build_trip_assistant(services, trip.id, model)
    stored: list[Stored] = []
    changed = asyncio.Event()

    def on_event(event: VoiceEvent) -> None:
        if isinstance(event, Stored):
            stored.append(event)
            changed.set()

    async with FakeRealtimeServer() as realtime:
        realtime.script(Call("update_trip", json.dumps({"origin": "porto"}), call_id="call_1"))
        realtime.script(Say("You now leave from Porto."))
        client = openai.AsyncOpenAI(base_url=realtime.base_url, api_key="test-key", max_retries=0)
        bridge = RealtimeBridge(agent, client, model="gpt-realtime", reconnect_delay=0.01)
        bridge.subscribe(on_event)
        await bridge.start()
        try:
            session = realtime.of_type("session.update")[0]["session"]
            assert session["instructions"] == INSTRUCTIONS
            assert [t["name"] for t in session["tools"]] == [t.name for t in agent.tools]
            realtime.session.audio.extend(b"\x00\x00" * 4800)
            await realtime.session.vad_commit("Leave from Porto")
            async with asyncio.timeout(10):
                while sum(len(e.messages) for e in stored) < 4:
                    changed.clear()
                    await changed.wait()
            updated = await services.trips.get(trip.id)
            assert updated is not None and updated.origin == "Porto (OPO)"
            texts = [
                i["content"][0]["text"]
                for i in (e["item"] for e in realtime.of_type("conversation.item.create"))
                if i["type"] == "message"
            ]
            assert "Home: Porto (OPO)" in texts[-1] and texts[-1].split("\n")[1].startswith(
                "Snapshot 2 of this session"
            )
            await services.trips.update(trip.id, {"travellers": 3})  # the person edits the form
            await bridge.refresh_context()
            await realtime.wait_until(
                lambda: (
                    "Travellers: 3"
                    in realtime.of_type("conversation.item.create")[-1]["item"]["content"][0][
                        "text"
                    ]
                )
            )
        finally:
            await bridge.close()
    history = await agent.history.load()
    assert [m.role for m in history] == ["user", "assistant", "tool", "assistant"]
    assert isinstance(history[2], ToolResult) and history[2].tool_call_id == "call_1"
    fake_openai.script(Reply.text("Three travellers from Porto."))
    assert (await agent.process_request("How many of us?")).text == "Three travellers from Porto."
    sent = fake_openai.chat_requests[-1]["messages"]
    assert [m["role"] for m in sent][:5] == ["system", "user", "assistant", "tool", "assistant"]
    assert sent[1]["content"] == "Leave from Porto"
