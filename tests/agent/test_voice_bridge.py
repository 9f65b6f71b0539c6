"""The realtime voice bridge against a loopback realtime server (R11, R12).

Every test asserts on the exact events the bridge sent: the session set-up, the numbered
snapshots and their replacement wording, tool calls each answered once, audio byte for byte,
and the history store holding voice turns as typed ones, valid for the next text turn.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import openai
import pytest
from pydantic import BaseModel

from concierge.agent import (
    RUNTIME_CONTEXT_LABEL,
    AbortSignal,
    Agent,
    AssistantMessage,
    InMemoryHistoryStore,
    PermissionRequest,
    Tool,
    ToolContext,
    ToolResult,
    ToolStatus,
    UserMessage,
)
from concierge.agent.messages import PairingCheck, TextPart
from concierge.agent.voice_bridge import RealtimeBridge
from concierge.agent.voice_context import snapshot_text
from concierge.agent.voice_errors import VoiceSessionError
from concierge.agent.voice_events import (
    AssistantAudio,
    AssistantTranscriptFinal,
    Closed,
    ContextSent,
    Reconnecting,
    SessionReady,
    SpeechStarted,
    ToolFinished,
    ToolStarted,
    TurnDetection,
    UserTranscriptFinal,
    VoiceError,
    VoiceErrorKind,
    VoiceEvent,
)
from tests.agent.support import SYSTEM_PROMPT, Trip, make_agent, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply
from tests.fakes.realtime_server import Call, FakeRealtimeServer, Hold, Say


class Events:
    """Every event the bridge emitted, with a way to wait for one."""

    def __init__(self) -> None:
        self.seen: list[VoiceEvent] = []
        self._changed = asyncio.Event()

    def __call__(self, event: VoiceEvent) -> None:
        self.seen.append(event)
        self._changed.set()

    def of(self, kind: type[Any]) -> list[Any]:
        return [e for e in self.seen if isinstance(e, kind)]

    async def until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:  # noqa: ASYNC109
        async with asyncio.timeout(timeout):
            while not condition():
                self._changed.clear()
                await self._changed.wait()


@pytest.fixture
async def realtime() -> AsyncIterator[FakeRealtimeServer]:
    async with FakeRealtimeServer() as server:
        yield server


@pytest.fixture
def chat() -> AsyncIterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as server:
        yield server  # type: ignore[misc]


def client(server: FakeRealtimeServer, api_key: str = "test-key") -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.base_url, api_key=api_key, max_retries=0)


def items_created(server: FakeRealtimeServer, session: int | None = None) -> list[dict[str, Any]]:
    return [e["item"] for e in server.of_type("conversation.item.create", session)]


def snapshots(server: FakeRealtimeServer, session: int | None = None) -> list[str]:
    return [
        item["content"][0]["text"]
        for item in items_created(server, session)
        if item["type"] == "message"
        and item["role"] == "user"
        and item["content"][0]["text"].startswith(RUNTIME_CONTEXT_LABEL)
    ]


def well_paired(history: list[Any]) -> bool:
    return PairingCheck().well_paired(history)


def agent_with_trip(chat: FakeOpenAIServer) -> tuple[Trip, Agent]:
    """An agent whose context is a trip the test changes."""
    trip = Trip()
    agent = make_agent(chat)
    agent.add_context_provider(trip.render, name="trip")
    return trip, agent


async def started(
    agent: Agent, server: FakeRealtimeServer, **options: Any
) -> tuple[RealtimeBridge, Events]:
    options.setdefault("reconnect_delay", 0.01)
    bridge = RealtimeBridge(agent, client(server), model="fake-realtime", **options)
    events = Events()
    bridge.subscribe(events)
    await bridge.start()
    return bridge, events


async def test_session_setup_sends_instructions_tools_history_and_first_snapshot(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip = Trip()
    history = InMemoryHistoryStore(
        [
            UserMessage(content=(TextPart(text="Plan a weekend"),)),
            AssistantMessage(text="Where to?"),
        ]
    )
    agent = make_agent(chat, tools=[set_destination_tool(trip)], history=history)
    agent.add_context_provider(trip.render, name="trip")
    bridge, events = await started(agent, realtime)
    try:
        assert realtime.models == ["fake-realtime"]
        await realtime.wait_until(lambda: len(realtime.received) == 4)
        assert realtime.types() == [
            "session.update",
            "conversation.item.create",
            "conversation.item.create",
            "conversation.item.create",
        ]
        session = realtime.of_type("session.update")[0]["session"]
        assert session["type"] == "realtime"
        assert session["instructions"] == SYSTEM_PROMPT
        spec = agent.tools[0].spec()["function"]
        assert session["tools"] == [
            {
                "type": "function",
                "name": "set_destination",
                "description": spec["description"],
                "parameters": spec["parameters"],
            }
        ]
        pcm = {"type": "audio/pcm", "rate": 24000}
        assert session["audio"]["input"]["format"] == pcm
        assert session["audio"]["output"]["format"] == pcm
        assert session["audio"]["input"]["turn_detection"] == {
            "type": "server_vad",
            "create_response": False,
            "interrupt_response": True,
        }
        assert items_created(realtime)[:2] == [
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "Plan a weekend"}],
            },
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "Where to?"}],
            },
        ]
        assert snapshots(realtime) == [
            f"{RUNTIME_CONTEXT_LABEL}\nSnapshot 1 of this session: the app state now.\n\n"
            "## trip\nDestination: Lisbon"
        ]
        assert isinstance(events.seen[-1], SessionReady)
        assert [e.sequence for e in events.of(ContextSent)] == [1]
    finally:
        await bridge.close()
    assert isinstance(events.seen[-1], Closed) and events.seen[-1].by_host


async def test_push_to_talk_sends_turn_detection_off(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    bridge, _ = await started(make_agent(chat), realtime, turn_detection=TurnDetection.PUSH_TO_TALK)
    try:
        session = realtime.of_type("session.update")[0]["session"]
        assert session["audio"]["input"]["turn_detection"] is None
        await bridge.set_turn_detection(TurnDetection.HANDS_FREE)
        await realtime.wait_until(lambda: len(realtime.of_type("session.update")) == 2)
        switched = realtime.of_type("session.update")[1]["session"]
        assert switched["audio"]["input"]["turn_detection"]["type"] == "server_vad"
        assert "instructions" not in switched
    finally:
        await bridge.close()


async def test_refresh_sends_a_numbered_replacement_only_when_state_changed(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip, agent = agent_with_trip(chat)
    bridge, events = await started(agent, realtime)
    try:
        await bridge.refresh_context()  # unchanged: nothing sent
        trip.destination = "Porto"
        await bridge.refresh_context()
        trip.destination = "Faro"
        await bridge.refresh_context()
        await realtime.wait_until(lambda: len(snapshots(realtime)) == 3)
        assert snapshots(realtime)[1:] == [
            f"{RUNTIME_CONTEXT_LABEL}\nSnapshot 2 of this session: it replaces snapshots 1 to 1, "
            "which are out of date; where they differ, only this one is true now.\n\n"
            "## trip\nDestination: Porto",
            f"{RUNTIME_CONTEXT_LABEL}\nSnapshot 3 of this session: it replaces snapshots 1 to 2, "
            "which are out of date; where they differ, only this one is true now.\n\n"
            "## trip\nDestination: Faro",
        ]
        assert [e.sequence for e in events.of(ContextSent)] == [1, 2, 3]
        assert realtime.types().count("conversation.item.create") == 3
    finally:
        await bridge.close()


def test_snapshot_wording_lives_in_one_place() -> None:
    assert snapshot_text(2, None) == (
        f"{RUNTIME_CONTEXT_LABEL}\nSnapshot 2 of this session: it replaces snapshots 1 to 1, "
        "which are out of date; where they differ, only this one is true now.\n\n"
        "The app has no state to report now."
    )
    with pytest.raises(ValueError, match="numbered from 1"):
        snapshot_text(0, "x")


def text_of(message: Any) -> str:
    return message.text if isinstance(message, UserMessage | AssistantMessage) else ""


async def spoken_turn(server: FakeRealtimeServer, transcript: str) -> None:
    """The person speaks 200 ms; server VAD commits it with `transcript`."""
    await server.wait_until(lambda: bool(server.sessions))
    session = server.session
    session.audio.extend(b"\x00\x00" * 4800)
    await session.vad_commit(transcript)


def after_setup(server: FakeRealtimeServer, session: int = 0) -> list[dict[str, Any]]:
    """The client events of `session` after its set-up (session.update, the conversation
    so far, snapshot 1): the set-up is all messages, the session's own events are not."""
    events = [r.event for r in server.received if r.session == session]
    firsts = [i for i, e in enumerate(events) if _is_snapshot(e) and shape(e) == "snapshot 1"]
    if firsts:
        return events[firsts[0] + 1 :]
    first = 0
    while first < len(events) and (
        events[first]["type"] == "session.update"
        or (
            events[first]["type"] == "conversation.item.create"
            and events[first]["item"]["type"] == "message"
        )
    ):
        first += 1
    return events[first:]


def _is_snapshot(event: dict[str, Any]) -> bool:
    item = event.get("item", {})
    return (
        event["type"] == "conversation.item.create"
        and item.get("type") == "message"
        and item["content"][0].get("text", "").startswith(RUNTIME_CONTEXT_LABEL)
    )


def shape(event: dict[str, Any]) -> str:
    """A client event in a word: its type, what an item create carries."""
    if event["type"] != "conversation.item.create":
        return event["type"]
    if _is_snapshot(event):
        return "snapshot " + event["item"]["content"][0]["text"].split("\n")[1].split(" ")[1]
    item = event["item"]
    return f"item {item['type']} {item.get('call_id', item.get('role', ''))}".strip()


async def test_a_voice_tool_turn_runs_the_tool_sends_one_output_then_state_then_response(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip = Trip()
    agent = make_agent(chat, tools=[set_destination_tool(trip)])
    agent.add_context_provider(trip.render, name="trip")
    realtime.script(Call("set_destination", '{"destination": "Porto"}', call_id="call_a"))
    realtime.script(Say("Done, the trip now goes to Porto."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Make it Porto instead")
        await events.until(lambda: len(events.of(AssistantTranscriptFinal)) == 1)
        await events.until(lambda: len(_history_now(agent)) == 4)
        assert [shape(e) for e in after_setup(realtime)] == [
            "response.create",
            "item function_call_output call_a",
            "snapshot 2",
            "response.create",
        ]
        output = after_setup(realtime)[1]["item"]
        assert json.loads(output["output"])["destination"] == "Porto"
        assert snapshots(realtime)[1].endswith("## trip\nDestination: Porto")
        assert [
            type(e).__name__ for e in events.seen if isinstance(e, ToolStarted | ToolFinished)
        ] == [
            "ToolStarted",
            "ToolFinished",
        ]
        assert events.of(ToolFinished)[0].status is ToolStatus.OK
        assert events.of(UserTranscriptFinal)[0].text == "Make it Porto instead"
        stored = await agent.history.load()
        assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
        assert text_of(stored[0]) == "Make it Porto instead"
        assert isinstance(stored[1], AssistantMessage)
        assert [(c.id, c.name, c.arguments) for c in stored[1].tool_calls] == [
            ("call_a", "set_destination", '{"destination": "Porto"}')
        ]
        assert isinstance(stored[2], ToolResult) and stored[2].tool_call_id == "call_a"
        assert text_of(stored[3]) == "Done, the trip now goes to Porto."
        assert well_paired(stored)
    finally:
        await bridge.close()
    # The typed chat goes on from the voice turns; the fake refuses unpaired calls with 400.
    chat.script(Reply.text("Hotels in Porto, then."))
    result = await agent.process_request("And hotels?")
    assert result.text == "Hotels in Porto, then."
    sent = chat.chat_requests[-1]["messages"]
    assert [m["role"] for m in sent] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
        "user",
    ]
    assert sent[2]["tool_calls"][0]["id"] == "call_a"


def _history_now(agent: Agent) -> list[Any]:
    store = agent.history
    assert isinstance(store, InMemoryHistoryStore)
    return store._messages


class Args(BaseModel):
    city: str


async def test_every_call_gets_exactly_one_output_whatever_goes_wrong(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip = Trip()

    async def explode(args: Args, ctx: ToolContext) -> str:
        raise RuntimeError("the map service is down")

    async def delete(args: Args, ctx: ToolContext) -> str:
        raise AssertionError("must not run without permission")

    asked: list[PermissionRequest] = []

    async def deny(request: PermissionRequest) -> bool:
        asked.append(request)
        return False

    tools: list[Tool[Any]] = [
        set_destination_tool(trip),
        Tool("find_map", "Find a map.", Args, explode),
        Tool("delete_trip", "Delete the trip.", Args, delete, requires_permission=True),
    ]
    agent = make_agent(chat, tools=tools, permission_handler=deny)
    agent.add_context_provider(trip.render, name="trip")
    realtime.script(
        Call("set_destination", '{"destination": "X"}', call_id="c1"),
        Call("no_such_tool", "{}", call_id="c2"),
        Call("find_map", '{"city": "Porto"}', call_id="c3"),
        Call("delete_trip", '{"city": "Porto"}', call_id="c4"),
        Call("set_destination", "{not json", call_id="c5"),
    )
    realtime.script(Say("Sorry, none of that worked."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Do everything")
        await events.until(lambda: len(events.of(AssistantTranscriptFinal)) == 1)
        assert [shape(e) for e in after_setup(realtime)] == [
            "response.create",
            "item function_call_output c1",
            "item function_call_output c2",
            "item function_call_output c3",
            "item function_call_output c4",
            "item function_call_output c5",
            "snapshot 2",
            "response.create",
        ]
        outputs = [e["item"]["output"] for e in after_setup(realtime)[1:6]]
        assert outputs[0].startswith("Invalid arguments for 'set_destination': destination:")
        assert outputs[1].startswith("There is no tool named 'no_such_tool'. Available tools:")
        assert outputs[2] == "The tool 'find_map' failed: the map service is down"
        assert outputs[3] == "The person declined this action; it was not carried out."
        assert outputs[4].startswith("The arguments for 'set_destination' are not valid JSON")
        assert [r.tool_name for r in asked] == ["delete_trip"]
        assert not [e for e in events.of(VoiceError)]  # the server accepted every output
        await events.until(lambda: len(_history_now(agent)) == 8)
        stored = await agent.history.load()
        assert [m.role for m in stored] == ["user", "assistant", *["tool"] * 5, "assistant"]
        assert all(r.status is ToolStatus.ERROR for r in stored[2:7] if isinstance(r, ToolResult))
        assert well_paired(stored)
    finally:
        await bridge.close()


async def test_closing_while_a_tool_runs_still_answers_the_call_once(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    running = asyncio.Event()

    async def slow(args: Args, ctx: ToolContext) -> str:
        running.set()
        await asyncio.Event().wait()
        return "never"

    agent = make_agent(chat, tools=[Tool("book_hotel", "Book a hotel.", Args, slow)])
    realtime.script(
        Call("book_hotel", '{"city": "Porto"}', call_id="c1"),
        Call("book_hotel", '{"city": "Faro"}', call_id="c2"),
    )
    bridge, events = await started(agent, realtime)
    await spoken_turn(realtime, "Book both")
    await asyncio.wait_for(running.wait(), 10)
    await bridge.close()
    await realtime.wait_until(lambda: realtime.session.closed.is_set())
    outputs = [e["item"] for e in after_setup(realtime) if shape(e).startswith("item")]
    assert [(o["call_id"], o["output"]) for o in outputs] == [
        ("c1", "The voice session ended before this call ran; it was not carried out."),
        ("c2", "The voice session ended before this call ran; it was not carried out."),
    ]
    assert after_setup(realtime)[-1]["type"] != "response.create"
    stored = await agent.history.load()
    assert [m.role for m in stored] == ["user", "assistant", "tool", "tool"]
    assert all(r.status is ToolStatus.ABORTED for r in stored[2:] if isinstance(r, ToolResult))
    assert well_paired(stored)
    assert isinstance(events.seen[-1], Closed)


def speech_pcm(tmp_path: Any, text: str) -> bytes:
    """`text` spoken by espeak-ng, converted by sox to 24 kHz mono PCM16 LE."""
    import shutil
    import subprocess

    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        pytest.skip("espeak-ng and sox make the test's speech (apt install espeak-ng sox)")
    wav, raw = tmp_path / "speech.wav", tmp_path / "speech.pcm"
    wav.write_bytes(
        subprocess.run(["espeak-ng", "--stdout", text], check=True, capture_output=True).stdout
    )
    subprocess.run(
        [
            "sox",
            str(wav),
            "-r",
            "24000",
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-t",
            "raw",
            str(raw),
        ],
        check=True,
        capture_output=True,
    )
    return raw.read_bytes()


async def test_speech_reaches_the_server_byte_exact_and_the_answer_audio_comes_back(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer, tmp_path: Any
) -> None:
    pcm = speech_pcm(tmp_path, "Find us three quiet days near Porto")
    assert len(pcm) > 24000  # more than half a second of speech
    answer_audio = bytes(range(256)) * 40
    realtime.script(Say("Here are three quiet days.", audio=answer_audio, chunk=1000))
    realtime.transcripts.append("Find us three quiet days near Porto")
    agent = make_agent(chat)
    bridge, events = await started(agent, realtime, turn_detection=TurnDetection.PUSH_TO_TALK)
    try:
        for start in range(0, len(pcm), 4800):  # 100 ms chunks, as a microphone gives them
            bridge.append_audio(pcm[start : start + 4800])
        await bridge.commit_audio()
        await events.until(lambda: len(events.of(AssistantTranscriptFinal)) == 1)
        appends = realtime.of_type("input_audio_buffer.append")
        assert b"".join(base64.b64decode(e["audio"]) for e in appends) == pcm
        assert realtime.session.audio_received == pcm
        assert [shape(e) for e in after_setup(realtime)][len(appends) :] == [
            "input_audio_buffer.commit",
            "response.create",
        ]
        assert b"".join(e.pcm for e in events.of(AssistantAudio)) == answer_audio
        await events.until(lambda: len(_history_now(agent)) == 2)
        stored = await agent.history.load()
        assert [text_of(m) for m in stored] == [
            "Find us three quiet days near Porto",
            "Here are three quiet days.",
        ]
        await bridge.commit_audio()  # nothing new to commit: nothing sent
        assert realtime.types().count("input_audio_buffer.commit") == 1
    finally:
        await bridge.close()


async def test_a_state_change_between_two_answers_reaches_the_server_before_the_next_one(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip, agent = agent_with_trip(chat)
    realtime.script(Say("Lisbon it is."))
    realtime.script(Say("Now Porto."))
    realtime.script(Say("And Faro."))
    realtime.transcripts.extend(["Lisbon?", "Porto?", "Faro?"])
    bridge, events = await started(agent, realtime, turn_detection=TurnDetection.PUSH_TO_TALK)
    try:
        for answers, destination, refresh in (
            (1, None, False),
            (2, "Porto", True),
            (3, "Faro", False),
        ):
            if destination is not None:
                trip.destination = destination  # a form edit
            if refresh:
                await bridge.refresh_context()
            bridge.append_audio(b"\x00\x00" * 4800)
            await bridge.commit_audio()
            # Between two answers: the last one is stored, nothing is asked for yet.
            await events.until(lambda n=answers: len(_history_now(agent)) == 2 * n)  # type: ignore[misc]
        kinds = [
            shape(e) for e in after_setup(realtime) if e["type"] != "input_audio_buffer.append"
        ]
        assert kinds == [
            "input_audio_buffer.commit",
            "response.create",
            "snapshot 2",  # refresh_context() after the edit
            "input_audio_buffer.commit",
            "conversation.item.delete",  # snapshot 1: the server has snapshot 2
            "response.create",
            "input_audio_buffer.commit",
            "snapshot 3",  # no refresh called: the bridge checks the state before answering
            "response.create",
        ]
        assert (
            realtime.of_type("conversation.item.delete")[0]["item_id"]
            == (items_created(realtime)[0]["id"])
        )
        assert snapshots(realtime)[1].endswith("Destination: Porto")
        assert snapshots(realtime)[2].endswith("Destination: Faro")
    finally:
        await bridge.close()


async def test_interrupting_cancels_the_answer_and_cuts_it_where_playback_stopped(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    agent = make_agent(chat)
    realtime.script(
        Say("Porto has many lovely quarters", audio=b"\x01\x00" * 24000), Hold(), Say("never")
    )
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Tell me about Porto")
        await events.until(lambda: sum(len(e.pcm) for e in events.of(AssistantAudio)) == 48000)
        await spoken_turn(realtime, "Stop, what about Faro?")  # barge-in
        assert events.of(SpeechStarted)
        await bridge.interrupt(played_ms=350)
        await events.until(lambda: len(events.of(AssistantTranscriptFinal)) >= 1)
        cancel = realtime.of_type("response.cancel")
        truncate = realtime.of_type("conversation.item.truncate")
        assert len(cancel) == 1
        assert [(t["content_index"], t["audio_end_ms"]) for t in truncate] == [(0, 350)]
        assert events.of(AssistantTranscriptFinal)[0].interrupted
        assert not events.of(VoiceError)  # the server accepted the truncate
        await events.until(lambda: len(_history_now(agent)) >= 3)
        stored = await agent.history.load()
        assert text_of(stored[0]) == "Tell me about Porto"
        assert isinstance(stored[1], AssistantMessage) and stored[1].stopped
        assert stored[1].text == "Porto has many lovely quarters"
        assert text_of(stored[2]) == "Stop, what about Faro?"
    finally:
        await bridge.close()


async def test_a_dropped_socket_is_replaced_by_a_session_with_the_whole_conversation(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip = Trip()
    agent = make_agent(chat, tools=[set_destination_tool(trip)])
    agent.add_context_provider(trip.render, name="trip")
    realtime.script(Call("set_destination", '{"destination": "Porto"}', call_id="call_a"))
    realtime.script(Say("Porto, done."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Porto please")
        await events.until(lambda: len(_history_now(agent)) == 4)
        first = realtime.session
        await first.drop()
        await events.until(
            lambda: any(isinstance(e, SessionReady) and e.reconnected for e in events.seen)
        )
        assert events.of(Reconnecting)[0].attempt == 1
        await realtime.wait_until(
            lambda: (
                len(realtime.received)
                and realtime.received[-1].session == 1
                and _is_snapshot(realtime.received[-1].event)
            )
        )
        second = [r.event for r in realtime.received if r.session == 1]
        assert second[0]["type"] == "session.update"
        assert second[0]["session"]["instructions"] == SYSTEM_PROMPT
        assert [shape(e) for e in second] == [
            "session.update",
            "item message user",
            "item function_call call_a",
            "item function_call_output call_a",
            "item message assistant",
            "snapshot 1",
        ]
        assert snapshots(realtime, session=1) == [
            f"{RUNTIME_CONTEXT_LABEL}\nSnapshot 1 of this session: the app state now.\n\n"
            "## trip\nDestination: Porto"
        ]
        assert not [e for e in events.of(VoiceError)]  # the new server accepted the output
        # Voice goes on in the new session.
        realtime.script(Say("Faro is lovely too."))
        await spoken_turn(realtime, "And Faro?")
        await events.until(lambda: len(_history_now(agent)) == 6)
    finally:
        await bridge.close()
    stored = await agent.history.load()
    assert well_paired(stored)
    chat.script(Reply.text("Both, then."))
    assert (await agent.process_request("Can we do both?")).text == "Both, then."


async def test_a_drop_in_the_middle_of_an_answer_keeps_what_was_said_as_stopped(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    agent = make_agent(chat)
    realtime.script(Say("Porto is"), Hold())
    realtime.script(Say("Porto is a city of bridges."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Tell me about Porto")
        await events.until(lambda: any(e.type == "assistant_transcript_delta" for e in events.seen))
        await realtime.session.drop()
        await events.until(lambda: len(_history_now(agent)) == 2)
        stored = await agent.history.load()
        assert [text_of(m) for m in stored] == ["Tell me about Porto", "Porto is"]
        assert isinstance(stored[1], AssistantMessage) and stored[1].stopped
        assert events.of(AssistantTranscriptFinal)[0].interrupted
        await events.until(
            lambda: any(isinstance(e, SessionReady) and e.reconnected for e in events.seen)
        )
        await realtime.wait_until(lambda: len(realtime.of_type("conversation.item.create", 1)) == 2)
        # The answer the drop cut short is not asked for again: the person speaks next.
        assert [shape(r.event) for r in realtime.received if r.session == 1] == [
            "session.update",
            "item message user",
            "item message assistant",
        ]
        await spoken_turn(realtime, "Go on")
        await events.until(lambda: len(_history_now(agent)) == 4)
        assert [text_of(m) for m in await agent.history.load()][2:] == [
            "Go on",
            "Porto is a city of bridges.",
        ]
    finally:
        await bridge.close()


async def test_a_server_without_realtime_says_so(chat: FakeOpenAIServer) -> None:
    async with FakeRealtimeServer(refuse=404) as server:
        bridge = RealtimeBridge(make_agent(chat), client(server), model="fake-realtime")
        events = Events()
        bridge.subscribe(events)
        with pytest.raises(VoiceSessionError) as raised:
            await bridge.start()
    assert raised.value.event.kind is VoiceErrorKind.UNSUPPORTED
    assert str(raised.value).startswith("This server does not offer realtime voice")
    assert "/v1/realtime" in str(raised.value)
    assert [type(e) for e in events.seen] == [VoiceError, Closed]


async def test_the_chat_only_fake_server_is_reported_as_without_realtime(
    chat: FakeOpenAIServer,
) -> None:
    agent = make_agent(chat)
    plain = openai.AsyncOpenAI(base_url=chat.base_url, api_key="test-key", max_retries=0)
    with pytest.raises(VoiceSessionError) as raised:
        await RealtimeBridge(agent, plain, model="fake-realtime").start()
    assert raised.value.event.kind is VoiceErrorKind.UNSUPPORTED


async def test_a_wrong_api_key_and_a_closed_port_say_what_to_check(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    agent = make_agent(chat)
    with pytest.raises(VoiceSessionError) as wrong_key:
        await RealtimeBridge(agent, client(realtime, "wrong"), model="m").start()
    assert wrong_key.value.event.kind is VoiceErrorKind.AUTH
    assert "Check the API key in Settings" in str(wrong_key.value)
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    closed = openai.AsyncOpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="k", max_retries=0)
    with pytest.raises(VoiceSessionError) as refused:
        await RealtimeBridge(agent, closed, model="m").start()
    assert refused.value.event.kind is VoiceErrorKind.CONNECTION
    assert f"ws://127.0.0.1:{port}/v1/realtime" in str(refused.value)


async def test_a_server_error_in_a_session_is_reported_and_the_session_goes_on(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    bridge, events = await started(make_agent(chat), realtime)
    try:
        await realtime.session.error("Rate limit reached.", "rate_limit_exceeded")
        await events.until(lambda: bool(events.of(VoiceError)))
        error = events.of(VoiceError)[0]
        assert (error.kind, error.fatal) == (VoiceErrorKind.SERVER, False)
        assert error.message == "The voice server reported a problem: Rate limit reached."
        assert bridge.ready
    finally:
        await bridge.close()


async def test_the_fake_refuses_what_a_real_server_refuses(realtime: FakeRealtimeServer) -> None:
    """The loopback server is only worth its assertions if it refuses bad sequences."""
    async with client(realtime).realtime.connect(model="m") as connection:
        out = {"type": "function_call_output", "call_id": "nope", "output": "x"}
        call = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
        for event in (
            {"type": "conversation.item.create", "item": out},
            {"type": "conversation.item.create", "item": call},
            {"type": "conversation.item.create", "item": {**out, "call_id": "c1"}},
            {"type": "conversation.item.create", "item": {**out, "call_id": "c1"}},
            {"type": "input_audio_buffer.append", "audio": "%%%"},
            {"type": "no.such.event"},
        ):
            await connection.send_raw(json.dumps(event))
        await connection.send_raw("{not json")
        codes = []
        while len(codes) < 5:
            event = json.loads(await connection.recv_bytes())
            if event["type"] == "error":
                codes.append(event["error"]["code"])
    assert codes == [
        "invalid_call_id",
        "duplicate_call_output",
        "invalid_value",
        "invalid_value",
        "invalid_json",
    ]


async def test_a_refresh_while_an_answer_is_made_waits_until_it_is_done(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip, agent = agent_with_trip(chat)
    realtime.script(Say("Lisbon is"), Hold(), Say("lovely."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Tell me about Lisbon")
        await events.until(lambda: any(e.type == "assistant_transcript_delta" for e in events.seen))
        trip.destination = "Porto"
        await bridge.refresh_context()
        assert len(snapshots(realtime)) == 1  # not while the answer is being made
        realtime.session.release.set()
        await events.until(lambda: len(events.of(ContextSent)) == 2)
        await realtime.wait_until(lambda: len(snapshots(realtime)) == 2)
        assert [shape(e) for e in after_setup(realtime)] == ["response.create", "snapshot 2"]
        assert _history_now(agent)[-1].text == "Lisbon is lovely."
    finally:
        await bridge.close()


async def test_a_notice_is_seen_once_an_answer_that_carried_it_completed(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    from concierge.agent import Notice

    seen: list[str] = []
    agent = make_agent(chat)
    agent.add_context_provider(
        lambda signal: (
            None if seen else Notice("The museum lookup finished.", lambda: seen.append("x"))
        ),
        name="lookups",
    )
    realtime.script(Say("The lookup is done."))
    bridge, events = await started(agent, realtime)
    try:
        assert seen == []  # sent, but no answer has carried it yet
        await spoken_turn(realtime, "Anything new?")
        await events.until(lambda: len(_history_now(agent)) == 2)
        assert seen == ["x"]
    finally:
        await bridge.close()


async def test_an_answer_before_its_question_s_transcript_is_stored_after_it(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    agent = make_agent(chat)
    realtime.script(Say("It is sunny."))
    bridge, events = await started(agent, realtime)
    try:
        session = realtime.session
        session.audio.extend(b"\x00\x00" * 4800)
        item_id = await session.vad_commit(transcript=None)  # the transcript comes late
        await events.until(lambda: len(events.of(AssistantTranscriptFinal)) == 1)
        assert _history_now(agent) == []
        await session.push(
            {
                "type": "conversation.item.input_audio_transcription.completed",
                "item_id": item_id,
                "content_index": 0,
                "transcript": "How is the weather?",
            }
        )
        await events.until(lambda: len(_history_now(agent)) == 2)
        assert [text_of(m) for m in _history_now(agent)] == ["How is the weather?", "It is sunny."]
    finally:
        await bridge.close()


async def test_reconnecting_gives_up_with_a_clear_message(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    bridge, events = await started(make_agent(chat), realtime, reconnect_attempts=2)
    realtime.refuse = 503
    await realtime.session.drop()
    await events.until(lambda: bool(events.of(Closed)))
    assert [(e.attempt, e.attempts) for e in events.of(Reconnecting)] == [(1, 2), (2, 2)]
    error = events.of(VoiceError)[-1]
    assert (error.kind, error.fatal) == (VoiceErrorKind.CONNECTION, True)
    assert error.message.startswith("The connection to the voice server was lost")
    assert events.seen[-1] == Closed(by_host=False)
    assert bridge.closed and not bridge.ready


async def test_a_failing_provider_stops_the_start_naming_it(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    def broken(signal: AbortSignal) -> str:
        raise RuntimeError("database is locked")

    agent = make_agent(chat)
    agent.add_context_provider(broken, name="trip")
    with pytest.raises(VoiceSessionError) as raised:
        await RealtimeBridge(agent, client(realtime), model="m").start()
    assert raised.value.event.kind is VoiceErrorKind.CONTEXT
    assert "trip" in str(raised.value) and "database is locked" in str(raised.value)
    await realtime.wait_until(lambda: realtime.session.closed.is_set())


async def test_events_can_be_iterated_until_the_session_closes(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    bridge = RealtimeBridge(make_agent(chat), client(realtime), model="m")
    kinds: list[str] = []

    async def collect() -> None:
        async for event in bridge.events():
            kinds.append(event.type)

    collecting = asyncio.create_task(collect())
    await asyncio.sleep(0)
    await bridge.start()
    await bridge.close()
    await asyncio.wait_for(collecting, 10)
    assert kinds == ["session_ready", "closed"]


def test_importing_the_bridge_does_not_load_the_sdk() -> None:
    import subprocess
    import sys

    code = "import sys, concierge.agent.voice_bridge\nprint('openai' in sys.modules)\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "False"


async def test_stopping_playback_of_a_finished_answer_only_cuts_it(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    agent = make_agent(chat)
    realtime.script(Say("A long answer about Porto.", audio=b"\x01\x00" * 48000))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Tell me about Porto")
        await events.until(lambda: len(_history_now(agent)) == 2)
        await bridge.interrupt(played_ms=1200)  # the person pressed Stop while it played
        await bridge.interrupt(played_ms=None)  # heard to the end: nothing more to cut
        await realtime.wait_until(lambda: bool(realtime.of_type("conversation.item.truncate")))
        assert realtime.of_type("response.cancel") == []
        assert [t["audio_end_ms"] for t in realtime.of_type("conversation.item.truncate")] == [1200]
        assert not events.of(VoiceError)
    finally:
        await bridge.close()


async def test_an_unknown_voice_model_is_named_in_the_message(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    realtime.known_models = {"gpt-realtime"}
    bridge = RealtimeBridge(make_agent(chat), client(realtime), model="gpt-4o")
    with pytest.raises(VoiceSessionError) as raised:
        await bridge.start()
    assert raised.value.event.kind is VoiceErrorKind.UNSUPPORTED
    assert str(raised.value) == (
        "The server refused the voice model “gpt-4o”: The model `gpt-4o` does not exist or you "
        "do not have access to it. Choose a realtime model in Settings."
    )
    assert bridge.closed


async def test_a_cancel_that_races_the_server_s_own_barge_in_is_not_an_error(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    agent = make_agent(chat)
    realtime.script(Say("Porto is"), Hold(), Say("lovely."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Tell me about Porto")
        await events.until(lambda: any(e.type == "assistant_transcript_delta" for e in events.seen))
        realtime.session.active = None  # the server's VAD already stopped it, done not yet sent
        await bridge.interrupt(played_ms=10)
        await realtime.wait_until(lambda: bool(realtime.of_type("conversation.item.truncate")))
        realtime.session.release.set()
        await events.until(lambda: len(_history_now(agent)) == 2)
        assert realtime.of_type("response.cancel")[0]["event_id"].startswith("quiet_")
        assert events.of(VoiceError) == []
    finally:
        await bridge.close()


async def test_voice_tool_calls_reach_the_agent_s_subscribers_like_typed_ones(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    from tests.agent.support import Recorder

    trip = Trip()
    agent = make_agent(chat, tools=[set_destination_tool(trip)])
    recorder = Recorder()
    agent.subscribe(recorder)
    realtime.script(Call("set_destination", '{"destination": "Porto"}', call_id="c1"))
    realtime.script(Say("Done."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Porto")
        await events.until(lambda: len(_history_now(agent)) == 4)
        assert [e.call.id for e in recorder.of("tool_call")] == ["c1"]
        assert [e.result.tool_call_id for e in recorder.of("tool_result")] == ["c1"]
        assert len(recorder.of("runtime_context")) >= 2  # at start and after the tool
    finally:
        await bridge.close()


async def test_a_drop_while_a_tool_runs_keeps_its_result_and_the_new_session_answers(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    running, finish = asyncio.Event(), asyncio.Event()

    async def book(args: Args, ctx: ToolContext) -> str:
        running.set()
        await finish.wait()
        return f"Booked a hotel in {args.city}."

    agent = make_agent(chat, tools=[Tool("book_hotel", "Book a hotel.", Args, book)])
    realtime.script(Call("book_hotel", '{"city": "Porto"}', call_id="c1"))
    realtime.script(Say("Your hotel in Porto is booked."))
    bridge, events = await started(agent, realtime)
    try:
        await spoken_turn(realtime, "Book a hotel in Porto")
        await asyncio.wait_for(running.wait(), 10)
        await realtime.session.drop()
        finish.set()  # the booking finishes while the socket is gone
        await events.until(lambda: len(events.of(AssistantTranscriptFinal)) == 1)
        second = [shape(r.event) for r in realtime.received if r.session == 1]
        assert second == [
            "session.update",
            "item message user",
            "item function_call c1",
            "item function_call_output c1",
            "response.create",  # the result was never answered: the new session answers it
        ]
        outputs = [i for i in items_created(realtime, 1) if i["type"] == "function_call_output"]
        assert outputs[0]["output"] == "Booked a hotel in Porto."
        await events.until(lambda: len(_history_now(agent)) == 4)
        assert well_paired(await agent.history.load())
        assert not events.of(VoiceError)
    finally:
        await bridge.close()


async def test_hands_free_checks_the_state_before_each_answer(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip, agent = agent_with_trip(chat)
    realtime.script(Say("Porto then."))
    bridge, events = await started(agent, realtime)
    try:
        trip.destination = "Porto"  # changed in a form; the host did not refresh
        await spoken_turn(realtime, "Where are we going?")
        await events.until(lambda: len(_history_now(agent)) == 2)
        assert [shape(e) for e in after_setup(realtime)] == ["snapshot 2", "response.create"]
        assert snapshots(realtime)[1].endswith("Destination: Porto")
    finally:
        await bridge.close()


def held_snapshots(server: FakeRealtimeServer) -> list[str]:
    """The ids of the snapshots the server's conversation holds now."""
    return [
        item["id"]
        for item in server.session.items
        if item.get("role") == "user"
        and str(item["content"][0].get("text", "")).startswith(RUNTIME_CONTEXT_LABEL)
    ]


async def test_superseded_snapshots_are_deleted_once_the_server_has_their_replacement(
    realtime: FakeRealtimeServer, chat: FakeOpenAIServer
) -> None:
    trip, agent = agent_with_trip(chat)
    cities = ["Porto", "Faro", "Braga", "Évora"]
    for city in ["Lisbon", *cities]:
        realtime.script(Say(f"{city} it is."))
        realtime.transcripts.append(f"And {city}?")
    bridge, events = await started(agent, realtime, turn_detection=TurnDetection.PUSH_TO_TALK)
    try:
        changes: list[str | None] = [None, *cities]
        for number, change in enumerate(changes, start=1):
            if change is not None:
                trip.destination = change  # a form edit, then the host's refresh
                await bridge.refresh_context()
            bridge.append_audio(b"\x00\x00" * 4800)
            await bridge.commit_audio()
            await events.until(lambda n=number: len(realtime.billed) == n)  # type: ignore[misc]
            # The answer was billed with the latest snapshot only.
            assert held_snapshots(realtime) == [f"snapshot_1_{number}"]
        deleted = [e["item_id"] for e in realtime.of_type("conversation.item.delete")]
        assert deleted == [f"snapshot_1_{n}" for n in range(1, len(cities) + 1)]
        assert [e.sequence for e in events.of(ContextSent)] == [1, 2, 3, 4, 5]
        assert not events.of(VoiceError)  # the server knew every id it was asked to delete
    finally:
        await bridge.close()


async def test_the_fake_deletes_items_as_a_real_server_does_and_bills_what_it_holds(
    realtime: FakeRealtimeServer,
) -> None:
    """Through the SDK's own realtime client: a delete of an unknown id is refused, a known
    one is gone from the next answer's input, and `usage` parses as the SDK's type."""
    notes = " ".join(f"note{n}" for n in range(400))
    async with client(realtime).realtime.connect(model="m") as connection:
        await connection.session.update(session={"type": "realtime", "instructions": "Be brief."})
        await connection.conversation.item.delete(item_id="no_such_item", event_id="del_1")
        await connection.conversation.item.create(
            item={
                "id": "notes_1",
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": notes}],
            }
        )
        await connection.response.create()
        seen: list[Any] = []
        while len([e for e in seen if e.type == "response.done"]) < 1:
            seen.append(await connection.recv())
        await connection.conversation.item.delete(item_id="notes_1")
        await connection.response.create()
        while len([e for e in seen if e.type == "response.done"]) < 2:
            seen.append(await connection.recv())
    errors = [e.error for e in seen if e.type == "error"]
    assert [(e.code, e.event_id) for e in errors] == [("item_delete_invalid_item_id", "del_1")]
    assert (
        errors[0].message == "Error deleting item: the item with id 'no_such_item' does not exist."
    )
    assert [e.item_id for e in seen if e.type == "conversation.item.deleted"] == ["notes_1"]
    first, second = (e.response.usage for e in seen if e.type == "response.done")
    assert (first.input_tokens, second.input_tokens) == tuple(
        u.input_tokens for u in realtime.billed
    )
    assert first.input_tokens - second.input_tokens > 400  # the notes' words are gone
    assert first.input_token_details.text_tokens == first.input_tokens
